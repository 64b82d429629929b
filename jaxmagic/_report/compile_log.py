"""The compile log: every function's compiles and the tracing errors explained, as versioned data.

:func:`compile_log` is what ``%jittrace_save FILE.json`` writes, and what
the saved HTML page is laid out from (``jaxmagic._views.compile_log``). Its
form is fixed by the JSON Schema shipped beside the package
(``jaxmagic/compile_log.schema.json``, :func:`compile_log_schema`); a change
to it is a new :data:`SCHEMA_VERSION`.
"""
from __future__ import annotations

import dataclasses
import datetime
import json
import pathlib
import platform
import sys
from typing import Any

import jax

from .._common.journal import ExplainedError, entries
from .._tracking.api import snapshot_rows
from .._tracking.stats import FunctionStats, Recompile

__all__ = ["SCHEMA", "SCHEMA_VERSION", "compile_log", "compile_log_schema", "function_data", "compile_data",
           "error_data"]

SCHEMA = "jaxmagic-compile-log"
SCHEMA_VERSION = 1
_SCHEMA_FILE = pathlib.Path(__file__).resolve().parent.parent / "compile_log.schema.json"


def compile_log() -> dict[str, Any]:
    """Everything jaxmagic saw in this process, as plain data that ``json.dumps`` takes as it is.

    Returns
    -------
    dict
        ``schema`` and ``version`` (this form), ``created`` (ISO 8601),
        ``python``, ``jax``, ``jaxmagic`` and ``backend``; ``functions``:
        every jitted function that traced since the last ``reset()``, with
        its counts, phase times, advice and compiles, each compile with its
        id, reasons and phases; ``errors``: the tracing errors explained
        since then (the newest 200), oldest first.
        :func:`compile_log_schema` describes every field.

    Examples
    --------
    >>> log = jaxmagic.compile_log()
    >>> [e["id"] for f in log["functions"] for e in f["events"]]
    ['train_step#1', 'train_step#2']
    """
    return {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "created": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "jax": jax.__version__,
        # read, not imported: the package imports this module
        "jaxmagic": str(getattr(sys.modules.get("jaxmagic"), "__version__", "")),
        "backend": jax.default_backend(),
        # a function that has not traced since a reset has nothing to say
        "functions": [function_data(row) for row in snapshot_rows() if row.traces or row.compiles or row.events],
        "errors": [error_data(entry) for entry in entries()],
    }


def compile_log_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`compile_log`'s data, as shipped with the package."""
    return json.loads(_SCHEMA_FILE.read_text(encoding="utf-8"))


def function_data(row: FunctionStats) -> dict[str, Any]:
    """One function's row: its counts and totals, advice, and compiles (oldest first)."""
    return {
        "name": row.name,
        "where": row.where or "",
        "wrapper": row.wrapper or "",
        "tracked": row.tracked,
        "traces": row.traces,
        "compiles": row.compiles,
        "compile_seconds": row.compile_seconds,
        "trace_seconds": row.trace_seconds,
        "lower_seconds": row.lower_seconds,
        "from_disk_cache": row.from_disk_cache,
        "time_summary": row.time_summary,
        "dropped": dict(row.dropped),
        "advice": [{"kind": a.kind, "message": a.message, "path": a.path, "code": a.code} for a in row.advice],
        "events": [compile_data(event) for event in row.events],
    }


def compile_data(event: Recompile) -> dict[str, Any]:
    """One compile: every field of :class:`~jaxmagic.Recompile`, its reason spelt out, memory by figure."""
    return {
        "id": event.id,
        "reason": event.reason,
        "changes": [{"path": c.path, "what": c.what, "before": c.before, "after": c.after} for c in event.changes],
        "when": event.when,
        "compile_seconds": event.compile_seconds,
        "trace_seconds": event.trace_seconds,
        "lower_seconds": event.lower_seconds,
        "from_disk_cache": event.from_disk_cache,
        "compared_to": event.compared_to,
        "signature": event.signature,
        "retraced": event.retraced,
        "tracked": event.tracked,
        "memory": {figure: int(nbytes) for figure, nbytes in event.memory},  # absent figures stay absent
    }


def error_data(entry: ExplainedError) -> dict[str, Any]:
    """One explained error: the journal's record as it is, its fixes as objects."""
    return _lists(dataclasses.asdict(entry))


def _lists(value: Any) -> Any:
    """Tuples as lists, all the way down (what JSON, and the schema, call arrays)."""
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_lists(item) for item in value]
    return value
