"""jaxmagic: see what ``jax.jit`` does with your functions, from a notebook.

Load it in IPython or Jupyter with ``%load_ext jaxmagic``, then use
``%%jittrace`` on a cell or ``%jittrace f(x)`` on one call.
"""
from __future__ import annotations

from typing import Any

from ._tracking.advice import Thresholds, thresholds
from ._tracking.api import reset, stats, track
from ._common.errors import ErrorInfo
from ._explain.explanation import Explanation, Fix
from ._report.entries import Argument, Output, TraceEntry, TraceReport
from ._tracking.signature import Change
from ._tracking.stats import Advice, FunctionStats, Recompile

__all__ = [
    "Advice",
    "Argument",
    "Change",
    "ErrorInfo",
    "Explanation",
    "Fix",
    "FunctionStats",
    "Output",
    "Recompile",
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

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # the explanation engine is imported on first use, so that loading jaxmagic stays fast
    if name == "explain":
        from ._explain.explain import explain

        return explain
    raise AttributeError(f"module 'jaxmagic' has no attribute {name!r}")


def last_report() -> TraceReport | None:
    """The report of the most recent ``%%jittrace`` / ``%jittrace`` (also with ``--quiet``)."""
    from ._ipython import state as _state
    return _state.last_report


def load_ipython_extension(ipython: Any) -> None:
    """Called by ``%load_ext jaxmagic``: registers the magics."""
    from ._ipython.trace_magics import load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    """Called by ``%unload_ext jaxmagic``: removes everything ``load`` registered."""
    from ._ipython.trace_magics import unload

    unload(ipython)
