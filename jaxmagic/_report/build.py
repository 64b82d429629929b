"""Turn trace records into report entries, without tracing or compiling again; attach explanations.

The jaxpr comes from ``jitted.trace(...)`` called with the recorded abstract
signature (``ShapeDtypeStruct`` leaves, static values as they were): JAX
finds it in its trace cache.  Cost analysis comes from ``.lower()``, which
needs no backend compile; it is asked for only when the call itself was
lowered, so it finds JAX's lowering cache too.
"""
from __future__ import annotations

import collections
import inspect
from collections.abc import Callable, Iterable
from typing import Any

import jax

from .._common.source import function_node
from .._explain.explanation import Explanation
from .._explain.failures import explain_failure
from .._common.xla_memory import memory_figures
from .._tracking.compiling.placements import aval_sharding_text
from .._tracking.signature import Signature, abstract_call, short_repr
from .._tracking.stats import registry
from .._tracking.tracked import Collector, TraceRecord, building_report
from .entries import Argument, Output, TraceEntry, TraceReport, error_info

__all__ = [
    "arguments_of",
    "call_text",
    "entry_from_record",
    "entry_from_traced",
    "report_from_collector",
    "share_explanation",
    "explain_caught",
]


def arguments_of(signature: Signature | None) -> list[Argument]:
    """One report argument per leaf of ``signature``, by the user's path."""
    if signature is None:
        return []
    passed = {p.name: p.passed_as for p in signature.parameters}
    out = []
    for leaf in signature.leaves:
        name = leaf.path.split("[", 1)[0].split(".", 1)[0]
        out.append(
            Argument(
                path=leaf.path,
                static=leaf.static,
                type=short_repr(leaf.value) if leaf.static else repr(leaf.aval),
                short=leaf.short,
                weak_type=bool(getattr(leaf.aval, "weak_type", False)),
                passed_as=passed.get(name, "positional"),
                sharding="" if leaf.static else _mesh_sharding(leaf.aval),
            )
        )
    return out


def _explicit(mesh: Any) -> bool:
    """Explicit mesh axes put the sharding in the type; Auto ones leave it to the compiler."""
    types_ = getattr(mesh, "axis_types", None) or ()
    return bool(types_) and all("Explicit" in str(t) for t in types_)


def _mesh_sharding(aval: Any) -> str:
    """The sharding of a value on a device mesh, as text; "" for a value on one device."""
    text = aval_sharding_text(aval) if aval is not None else ""
    if "on mesh" not in text or not _explicit(getattr(getattr(aval, "sharding", None), "mesh", None)):
        return ""  # on an Auto mesh the abstract value does not say how the array is laid out
    return text


def call_text(fn: Callable, name: str) -> str:
    """``f(x, n)``: how a function is called, for an entry's title."""
    try:
        return f"{name}{inspect.signature(fn)}"
    except (TypeError, ValueError):
        return f"{name}(...)"


def fill_from_traced(entry: TraceEntry, traced: Any, *, lower: bool, hlo: bool, compiled: bool = False) -> None:
    """Jaxpr and outputs from a ``Traced``; cost (and HLO) from its lowering, cost and memory from the
    executable when the call already compiled it.

    JAX caches the lowering and the executable of a call: reading them again costs no trace and no
    compile (``lower`` and ``compiled`` say the call made them). The executable's own cost analysis is
    preferred: some backends (JAX on a GPU) give none for the lowering.
    """
    entry.jaxpr = traced.jaxpr
    flat, _ = jax.tree_util.tree_flatten_with_path(traced.out_info)
    out_avals = [getattr(v, "aval", None) for v in traced.jaxpr.jaxpr.outvars]
    entry.outputs = [
        Output(
            "out" + jax.tree_util.keystr(path),
            _out_type(info),
            _mesh_sharding(out_avals[i]) if i < len(out_avals) else "",
        )
        for i, (path, info) in enumerate(flat)
    ]
    if not (lower or hlo):
        return
    try:
        lowered = traced.lower()
    except Exception as exc:  # noqa: BLE001 - e.g. an Auto-axis mesh: lowering needs the concrete mesh
        entry.notes.append(f"cost analysis unavailable: {type(exc).__name__}")
        return
    executable = _executable_of(lowered) if compiled else None
    entry.cost = _cost_of(executable) or _cost_of(lowered)
    if not entry.cost:
        entry.notes.append("cost analysis unavailable on this backend")
    entry.memory = _memory_of(executable)
    if hlo:
        entry.hlo = lowered.as_text()


_COST_KEYS = ("flops", "bytes accessed", "transcendentals")

def _executable_of(lowered: Any) -> Any:
    """The executable the call already compiled for this lowering; None rather than compiling again.

    JAX keeps a lowering's executable on it (``_executable``) once compiled: where that is empty, this
    lowering differs from the call's (an argument committed to a device, read back without its placement),
    and asking for it would compile. A JAX without the attribute is trusted to have cached the call's.
    """
    computation = getattr(lowered, "_lowering", None)
    if computation is not None and hasattr(computation, "_executable") and computation._executable is None:
        return None
    try:
        return lowered.compile()
    except Exception:  # noqa: BLE001 - the lowering's own analysis still says something
        return None


def _cost_of(stage: Any) -> dict[str, float]:
    """``flops``, ``bytes accessed``, ``transcendentals`` of a lowering or an executable; {} when none."""
    if stage is None:
        return {}
    try:
        cost = stage.cost_analysis()
    except Exception:  # noqa: BLE001 - a backend that cannot estimate
        return {}
    if isinstance(cost, (list, tuple)):
        cost = cost[0] if cost else {}
    return {k: float(v) for k, v in (cost or {}).items() if k in _COST_KEYS and v is not None and float(v) >= 0}


def _memory_of(executable: Any) -> dict[str, int]:
    """XLA's memory analysis of an executable, leaving out what the backend reports as 0 or not at all."""
    if executable is None:
        return {}
    try:
        return memory_figures(executable.memory_analysis())
    except Exception:  # noqa: BLE001 - not every backend analyses memory
        return {}


def _out_type(info: Any) -> str:
    aval = jax.core.ShapedArray(info.shape, info.dtype, weak_type=bool(getattr(info, "weak_type", False)))
    return repr(aval)


def entry_from_record(
    record: TraceRecord,
    *,
    hlo: bool = False,
    cell_filename: str | None = None,
    describe_file: Callable[[str, int], str] | None = None,
) -> TraceEntry:
    tracked = record.function
    entry = TraceEntry(
        function=tracked.name,
        row=getattr(tracked, "key", None),
        signature=call_text(tracked.fn, tracked.name),
        arguments=arguments_of(record.signature),
        changes=list(record.changes),
        trace_seconds=record.trace_seconds,
        compile_seconds=record.compile_seconds,
        lower_seconds=record.lower_seconds,
        compile_id=record.compile_id,
        from_disk_cache=record.from_disk_cache,
        started=record.started,
        inside=record.parent.function.name if record.parent is not None else None,
        line_hits=record.line_hits,
        body_lines=_body_lines(tracked.fn),
        lines_file=tracked.source_file,
    )
    if record.error is not None:
        entry.error = error_info(
            record.error, function=tracked.name, cell_filename=cell_filename, describe_file=describe_file
        )
        return entry
    if record.jaxpr is not None:  # a jit jaxmagic observed: the jaxpr JAX traced, read at its trace event
        _fill_observed(entry, record, hlo)
        return entry
    if record.signature is None or tracked.jitted is None:
        entry.notes.append("the jaxpr is unavailable: the arguments could not be read")
        return entry
    lowered_already = record.parent is None and (
        record.lower_seconds is not None or record.compile_seconds is not None
    )
    try:
        with building_report():
            args, kwargs = abstract_call(record.signature)
            traced = tracked.jitted.trace(*args, **kwargs)
            fill_from_traced(entry, traced, lower=lowered_already, hlo=hlo,
                             compiled=lowered_already and record.compile_seconds is not None)
    except Exception as exc:  # noqa: BLE001 - the report must survive; say what failed
        entry.notes.append(f"the jaxpr is unavailable: {type(exc).__name__}: {short_repr(str(exc), 200)}")
    if record.parent is not None:
        entry.notes.append(f"traced inside {record.parent.function.name}; compiled as part of it")
    return entry


def _fill_observed(entry: TraceEntry, record: TraceRecord, hlo: bool) -> None:
    """Jaxpr, outputs and cost of a jit jaxmagic did not make, from what JAX's frames held."""
    if record.stage is not None:  # JAX's own stage of the call: outputs by path, cost from its lowering
        try:
            with building_report():
                fill_from_traced(entry, record.stage, lower=record.compile_seconds is not None, hlo=hlo,
                                 compiled=record.compile_seconds is not None)
            return
        except Exception:  # noqa: BLE001 - fall back to the jaxpr alone
            pass
    entry.jaxpr = record.jaxpr
    entry.outputs = [Output(f"out[{i}]", repr(aval), "") for i, aval in enumerate(record.jaxpr.out_avals)]
    entry.notes.append("cost analysis unavailable: JAX lowered this call where jaxmagic could not read it")


def _body_lines(fn: Callable) -> tuple[int, ...]:
    """The line numbers of a function's body in its file (for report.lines)."""
    found = function_node(fn)
    if found is None or not getattr(found[0], "body", None) or not isinstance(found[0].body, list):
        return ()
    node = found[0]
    return tuple(range(node.body[0].lineno, (node.end_lineno or node.body[0].lineno) + 1))


def entry_from_traced(
    traced: Any,
    *,
    name: str,
    fn: Callable,
    signature: Signature | None,
    changes: list,
    trace_seconds: float | None,
    compile_seconds: float | None,
    cached: bool,
    hlo: bool = False,
) -> TraceEntry:
    """An entry for a jit that jaxmagic did not create (``%jittrace`` of the user's ``jax.jit``)."""
    entry = TraceEntry(
        function=name,
        signature=call_text(fn, name),
        arguments=arguments_of(signature),
        changes=list(changes),
        trace_seconds=trace_seconds,
        compile_seconds=compile_seconds,
        cached=cached,
    )
    try:
        fill_from_traced(entry, traced, lower=True, hlo=hlo, compiled=cached or compile_seconds is not None)
    except Exception as exc:  # noqa: BLE001
        entry.notes.append(f"cost analysis unavailable: {type(exc).__name__}")
    return entry


def report_from_collector(
    collector: Collector,
    *,
    hlo: bool = False,
    cell_filename: str | None = None,
    describe_file: Callable[[str, int], str] | None = None,
    show_helpers: bool = False,
) -> TraceReport:
    """A report with one entry per trace the collector saw, in the order they started."""
    records = sorted((r for r in collector.records if not r.during_report), key=lambda r: r.started)
    extra = [r for r in collector.records if r.during_report]
    report = TraceReport()
    for record in records:
        report.traces.append(
            entry_from_record(record, hlo=hlo, cell_filename=cell_filename, describe_file=describe_file)
        )
    if extra:  # should never happen; if it does, the report says so rather than hiding it
        names = ", ".join(sorted({r.function.name for r in extra}))
        report.notes.append(f"jaxmagic traced again to build this report: {names}")
    report.untracked = _untracked_counts(collector.untracked, show_helpers)
    for name, changes in getattr(collector, "recompiles", []):
        reason = "; ".join(str(c) for c in changes)
        report.notes.append(f"{name} compiled again without a new trace (same shapes and dtypes): {reason}")
    return report


def _untracked_counts(events: Iterable[Any], show_helpers: bool) -> dict[str, int]:
    counts: collections.Counter[str] = collections.Counter()
    for event in events:
        # JAX's own helper jits (eager ops building arrays) are told apart by where their function
        # lives, when its event arrived (see _tracking/attribution.py); they are hidden unless asked for
        row = registry.rows.get(f"jit({event.fun_name})")
        if show_helpers or row is None or not row.internal:
            counts[event.fun_name] += 1
    return dict(counts)


# --- explanations attached to a report ---------------------------------------------


def share_explanation(report: TraceReport, found: Explanation | None) -> None:
    """Attach ``found`` to the report's error and to the failed trace entries it belongs to."""
    if found is None or report.error is None:
        return
    report.error.explanation = found
    for entry in report.traces:
        if entry.error is not None and entry.error.exception is found.exception:
            entry.error.explanation = found


def explain_caught(report: TraceReport, records: list[TraceRecord], describe: Callable[[str, int], str]) -> None:
    """Explain the failed traces whose error the cell's own code caught (``try: f(x) except ...``)."""
    for entry in report.traces:
        error = entry.error
        if error is None or error.explanation is not None or error.kind is None:
            continue
        record = next((r for r in records if r.error is error.exception), None)
        error.explanation = explain_failure(error.exception, record=record, describe=describe)
