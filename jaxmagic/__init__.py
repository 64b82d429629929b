"""jaxmagic: see what ``jax.jit`` does with your functions, from a notebook.

Load it in IPython or Jupyter with ``%load_ext jaxmagic``, then use
``%%jittrace`` on a cell or ``%jittrace f(x)`` on one call.

Everything is implemented in private subpackages (see ARCHITECTURE.md); what
is public is re-exported here. No module path is part of the contract.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._explain.explanation import Explanation as Explanation, Fix as Fix, Operand as Operand
from ._report.entries import (
    Argument as Argument,
    ErrorInfo as ErrorInfo,
    Output as Output,
    TraceEntry as TraceEntry,
    TraceReport as TraceReport,
)
from ._common.settings import Thresholds as Thresholds, thresholds as thresholds
from ._tracking.api import (
    reset as reset,
    stats as stats,
    track as track,
    unwatch as unwatch,
    watch as watch,
    watching as watching,
)
from ._report.compile_log import compile_log as compile_log, compile_log_schema as compile_log_schema
from ._tracking.budget import expect_compiles as expect_compiles
from ._tracking.budget import RecompileLimitError as RecompileLimitError, RecompileLimitWarning as RecompileLimitWarning
from ._tracking.changes import Change as Change
from ._tracking.stats import Advice as Advice, FunctionStats as FunctionStats, Recompile as Recompile
from ._render import display as _display

# The views give every result object its text and HTML; they load when the first one is shown.
for _view in ("report", "explanation", "compile_table"):
    _display.layouts_in(f"jaxmagic._views.{_view}")
del _view

__all__ = [
    "Advice",
    "Argument",
    "Change",
    "ErrorInfo",
    "Explanation",
    "Fix",
    "FunctionStats",
    "LineOp",
    "Operand",
    "Output",
    "Recompile",
    "RecompileLimitError",
    "RecompileLimitWarning",
    "SourceLine",
    "Thresholds",
    "TraceEntry",
    "TraceReport",
    "compile_log",
    "compile_log_schema",
    "explain",
    "expect_compiles",
    "reset",
    "save_log",
    "stats",
    "thresholds",
    "track",
    "unwatch",
    "watch",
    "watching",
    "last_report",
    "load_ipython_extension",
    "unload_ipython_extension",
]

if TYPE_CHECKING:
    from ._explain.explain import explain as explain
    from ._ipython.log_file import save_log as save_log
    from ._report.lines import LineOp as LineOp, SourceLine as SourceLine

__version__ = "0.1.0"  # equal to pyproject.toml's (a test checks it); reading the metadata costs start-up time


def __getattr__(name: str) -> Any:
    if name == "save_log":
        # lazy: the log's page (its layout and the renderers) loads with the first save, keeping start-up fast
        from ._ipython.log_file import save_log

        return save_log
    if name == "explain":
        # lazy: the explanation engine (fix builders, verification) loads on first use, keeping start-up fast
        from ._explain.explain import explain

        return explain
    if name in ("SourceLine", "LineOp"):
        # lazy: report.lines and its jaxpr walker load with the first report shown or read line by line
        from ._report import lines

        return getattr(lines, name)
    raise AttributeError(f"module 'jaxmagic' has no attribute {name!r}")


def last_report() -> TraceReport | None:
    """The report of the most recent ``%%jittrace`` / ``%jittrace`` (also with ``--quiet``)."""
    # lazy: the IPython front (and IPython itself) is imported only by the extension
    from ._ipython import state

    return state.last_report


def load_ipython_extension(ipython: Any) -> None:
    """Called by ``%load_ext jaxmagic``: registers the magics."""
    # lazy: plain-Python users of track() and explain() never import IPython
    from ._ipython.extension import load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    """Called by ``%unload_ext jaxmagic``: removes everything ``load`` registered."""
    # lazy: as for load_ipython_extension
    from ._ipython.extension import unload

    unload(ipython)
