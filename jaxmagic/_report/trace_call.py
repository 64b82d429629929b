"""Trace one call of any function — plain, jitted by the user, or tracked — for ``%jittrace``.

Nothing is redefined: a tracked function or the user's own ``jax.jit`` object
is called as it is (so a signature JAX already compiled shows as cached), and
a plain function is jitted for this one call only.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from .._common.errors import tracing_kind
from .._explain.failures import explain_failure
from .._tracking import monitor
from .._tracking.signature import build_signature, normalize_static
from .._common.source import innermost_function
from .._tracking.observed.adapters import function_name, is_pmapped, is_wrapper, of_object
from .._tracking.observed.usercall import UserCall
from .._tracking.tracked import Collector, building_report, is_jit_object, tracked_jit, tracked_of
from .build import arguments_of, call_text, entry_from_traced, report_from_collector, share_explanation
from .entries import ReportFailed, TraceEntry, TraceReport, error_info

__all__ = ["trace_call"]


def trace_call(
    fn: Callable,
    args: tuple = (),
    kwargs: dict | None = None,
    *,
    static_argnums: Any = None,
    static_argnames: Any = None,
    hlo: bool = False,
    describe_file: Callable[[str, int], str] | None = None,
) -> TraceReport:
    """Call ``fn(*args, **kwargs)`` under jit and report its trace.

    Tracing errors are returned in ``report.error``; any other exception
    propagates unchanged. When the report of a tracing error cannot be built,
    :class:`~.entries.ReportFailed` carries the user's exception out.
    """
    kwargs = dict(kwargs or {})
    if tracked_of(fn) is None and _observed(fn):
        return _trace_observed(fn, args, kwargs, hlo, describe_file)  # its own jit's static options hold
    if tracked_of(fn) is None and not is_jit_object(fn):
        if static_argnums is None and static_argnames is None:
            static_argnums, static_argnames = _non_array_arguments(fn, args, kwargs)
        fn = tracked_jit(fn, static_argnums=static_argnums or None, static_argnames=static_argnames or None)
    if tracked_of(fn) is not None:
        return _trace_tracked(fn, args, kwargs, hlo, describe_file)
    return _trace_observed(fn, args, kwargs, hlo, describe_file)


def _call(fn: Any, args: tuple, kwargs: dict) -> tuple[Any, Exception | None]:
    """``fn(*args, **kwargs)`` and no error, or no value and the tracing error; other errors propagate."""
    try:
        return fn(*args, **kwargs), None
    except Exception as exc:
        if tracing_kind(exc) is None:
            raise  # not a tracing error: the user's own, unchanged
        return None, exc


def _trace_tracked(fn: Any, args: tuple, kwargs: dict, hlo: bool, describe_file: Any) -> TraceReport:
    tracked = tracked_of(fn)
    with Collector() as collector, monitor.capture() as events:
        value, failure = _call(fn, args, kwargs)
    if failure is not None:
        return _failed(failure, tracked.name, describe_file, collector, hlo, call=(fn, args, kwargs))
    report = report_from_collector(collector, hlo=hlo, describe_file=describe_file)
    if not any(e.function == tracked.name and e.inside is None for e in report.traces):
        signature = build_signature(
            args, kwargs, names=tracked.names, var_name=tracked.var_name,
            static_argnums=tracked.static_argnums, static_argnames=tracked.static_argnames,
            abstract=jax.typeof,
        )
        entry = entry_from_traced(
            fn.trace(*args, **kwargs), name=tracked.name, fn=tracked.fn, signature=signature, changes=[],
            trace_seconds=None, compile_seconds=events.seconds("compile", f"jit({tracked.jax_name})"),
            cached=True, hlo=hlo,
        )
        report.traces.insert(0, entry)
    report.value, report.has_value = value, True
    report.filename = _file_of(fn)  # report.lines: the lines of the cell (or file) defining it
    return report


def _observed(fn: Any) -> bool:
    """A jit jaxmagic did not make (the user's ``jax.jit``, NNX, equinox), or a method bound to one."""
    inner = getattr(fn, "func", None)  # functools.partial, equinox's Partial: a wrapper bound to an instance
    return is_jit_object(fn) or is_wrapper(fn) or (inner is not None and is_wrapper(inner)) or is_pmapped(fn)


def _trace_observed(fn: Any, args: tuple, kwargs: dict, hlo: bool, describe_file: Any) -> TraceReport:
    """Call it as it is: a new trace reaches the report (and the function's row) through JAX's events."""
    name = function_name(fn)
    with Collector() as collector:
        value, failure = _call(fn, args, kwargs)
    if failure is not None:
        return _failed(failure, name, describe_file, collector, hlo, call=(fn, args, kwargs))
    report = report_from_collector(collector, hlo=hlo, describe_file=describe_file)
    if not any(e.inside is None for e in report.traces):  # cached: JAX compiled this signature before
        with building_report():
            report.traces.insert(0, _cached_entry(fn, args, kwargs, name, hlo))
    report.value, report.has_value = value, True
    report.filename = _file_of(fn)  # report.lines: the lines of the cell (or file) defining it
    return report


def _cached_entry(fn: Any, args: tuple, kwargs: dict, name: str, hlo: bool) -> Any:
    """The entry of a call JAX answered from its cache: its stage read back, no new trace or compile."""
    found = of_object(fn, args, kwargs)
    if found is not None:
        user, stage = found
        signature = user.signature()
        inner = user.function
    else:  # the user's own jax.jit object (or a pmapped function)
        inner = getattr(fn, "__wrapped__", fn)
        info = getattr(fn, "_jit_info", None)
        nums, names = normalize_static(
            inner, getattr(info, "static_argnums", None), getattr(info, "static_argnames", None)
        )
        signature = UserCall("jax.jit", inner, inner, args, kwargs, nums, names).signature()
        if not hasattr(fn, "trace"):  # jax.pmap keeps no stage to read back without a trace of its own
            entry = TraceEntry(function=name, signature=call_text(inner, name), arguments=arguments_of(signature),
                               changes=[], trace_seconds=None, compile_seconds=None, cached=True)
            entry.notes.append("cached: JAX compiled this signature before; a pmapped function's jaxpr is not kept")
            return entry
        stage = fn.trace(*args, **kwargs)
    return entry_from_traced(
        stage, name=name, fn=inner, signature=signature, changes=[], trace_seconds=None, compile_seconds=None,
        cached=True, hlo=hlo,
    )


def _failed(
    failure: Exception,
    name: str,
    describe_file: Any,
    collector: Collector | None,
    hlo: bool,
    call: tuple[Any, tuple, dict] | None = None,
) -> TraceReport:
    """The report of a call whose tracing failed; if even that fails, :class:`ReportFailed` with the user's error."""
    try:
        report = TraceReport()
        if collector is not None:
            report = report_from_collector(collector, hlo=hlo, describe_file=describe_file)
        report.error = error_info(failure, function=name, describe_file=describe_file)
        share_explanation(report, explain_failure(failure, call=call, describe=describe_file))
        return report
    except Exception as exc:  # noqa: BLE001 - a fault of ours must never hide the user's error
        fault = f"{type(exc).__name__}: {exc}"
    raise ReportFailed(failure, fault)  # outside the except block: nothing of ours is chained to it


def _file_of(fn: Any) -> str | None:
    """The file of the user's function inside ``fn``: the one its line counts are of, when tracked."""
    tracked = tracked_of(fn)
    if tracked is not None:
        return tracked.source_file
    return getattr(getattr(innermost_function(fn), "__code__", None), "co_filename", None)


def _non_array_arguments(fn: Callable, args: tuple, kwargs: dict) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Positions and names of arguments JAX cannot trace (strings, objects): jit them as static."""
    nums = tuple(i for i, a in enumerate(args) if not _traceable(a))
    names = tuple(k for k, v in kwargs.items() if not _traceable(v))
    return nums, names


def _traceable(value: Any) -> bool:
    leaves = jax.tree_util.tree_leaves(value)
    return all(isinstance(x, (jax.Array, np.ndarray, np.generic, bool, int, float, complex)) for x in leaves)
