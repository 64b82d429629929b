"""jaxmagic: see what ``jax.jit`` does with your functions, from a notebook.

Load it in IPython or Jupyter with ``%load_ext jaxmagic``, then use
``%%jittrace`` on a cell or ``%jittrace f(x)`` on one call.

Everything is implemented in private subpackages (see ARCHITECTURE.md); what
is public is re-exported here. No module path is part of the contract.
"""
from __future__ import annotations

from importlib import metadata as _metadata
from typing import Any

from . import _views  # registers the layouts that give every result object its text and HTML
from ._explain.explanation import Explanation as Explanation, Fix as Fix
from ._report.entries import (
    Argument as Argument,
    ErrorInfo as ErrorInfo,
    Output as Output,
    TraceEntry as TraceEntry,
    TraceReport as TraceReport,
)
from ._report.lines import LineOp as LineOp, SourceLine as SourceLine
from ._tracking.advice import Thresholds as Thresholds, thresholds as thresholds
from ._tracking.api import reset as reset, stats as stats, track as track
from ._tracking.changes import Change as Change
from ._tracking.stats import Advice as Advice, FunctionStats as FunctionStats, Recompile as Recompile

__all__ = [
    "Advice",
    "Argument",
    "Change",
    "ErrorInfo",
    "Explanation",
    "Fix",
    "FunctionStats",
    "LineOp",
    "Output",
    "Recompile",
    "SourceLine",
    "Thresholds",
    "TraceEntry",
    "TraceReport",
    "explain",
    "reset",
    "stats",
    "thresholds",
    "track",
    "last_report",
    "load_ipython_extension",
    "unload_ipython_extension",
]

try:
    __version__ = _metadata.version("jaxmagic")
except _metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "explain":
        # lazy: the explanation engine (fix builders, verification) loads on first use, keeping start-up fast
        from ._explain.explain import explain

        return explain
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
