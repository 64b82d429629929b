"""Attribute each ``jax.monitoring`` event to the function JAX was tracing or compiling.

JAX reports a trace or a backend compile by name only (``f``, ``jit(f)``):
two functions called ``f`` share it. But the event is reported while JAX's
own frames, which hold the function being jitted, are still on the stack.
Walking up from the listener finds it: jaxmagic's recorder for a tracked
function (so its compile is counted exactly, even a compile without a new
trace, e.g. for a committed array), or the user's function for any other jit
(so its row says where it was defined, and JAX's own helper jits can be
told apart from user code by the module they come from).

This runs only when JAX traces or compiles, never on a cached call.
"""
from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from . import monitor
from .compiling import pending, placements
from .changes import Change, fast_key, placement_changes
from .observed import functions
from .observed.adapters import is_internal, user_call
from .compiling.jax_frames import JaxCall, call_arguments, find_jax_call, functions_on_stack
from .redefinition import describe_location
from .history import reasons
from .stats import Recompile, Row, phases_of, registry, take_counted
from .tracked import TRACKED_ATTR, TrackedFunction, collectors, thread_state

__all__ = ["activate", "deactivate", "active", "after_compile", "before_compile"]

after_compile: list[Callable[[Row], None]] = []  # called with the row each compile counted in (budget.hold)
# called at each lowering with the row about to compile and why (budget.hold): a raise there saves the compile
before_compile: list[Callable[[Row, list[Change]], None]] = []
_DEPTH = 48  # frames to walk up from the listener
_here = threading.local()  # ``call_frame``: JAX's frame holding the concrete arguments of the call compiling now


def _frames_with_function(jax_name: str) -> tuple[TrackedFunction | None, Any]:
    """The tracked function, or else the plain function, JAX is working on under ``jax_name``."""
    plain = None
    for frame, value in functions_on_stack(sys._getframe(3), _DEPTH):
        tracked = getattr(value, TRACKED_ATTR, None)
        if isinstance(tracked, TrackedFunction) and tracked.jax_name == jax_name:
            _here.call_frame = frame  # where the concrete arguments are, for placements
            return tracked, value
        if plain is None and getattr(value, "__name__", None) == jax_name:
            plain = value
    return None, plain


def _bare(fun_name: str) -> str:
    return fun_name[4:-1] if fun_name.startswith("jit(") and fun_name.endswith(")") else fun_name


def _on_event(event: monitor.Event) -> None:
    if event.kind == "trace-start":
        if collectors and not getattr(thread_state, "building_report", False):
            _count_lines(event)
        return
    if event.kind not in ("trace", "compile", "lower"):
        return
    if event.kind == "compile":
        take_counted()  # the limit checks the row this event counts in, never an earlier one
    call = find_jax_call(sys._getframe(1))
    tracked, plain = _tracked_in(call, keep_frame=event.kind != "trace")
    if call is None:  # no jitted call on the stack (an AOT ``.compile()``): look through every frame
        tracked, plain = _frames_with_function(_bare(event.fun_name))
    upcoming = None  # a lowering: the row about to compile and why
    if tracked is not None:
        upcoming = _tracked_event(tracked, event, call)
    elif call is not None and not is_internal(call.fun):
        upcoming = _observed_event(call, event)
    elif call is None and event.kind != "trace" and (ahead := functions.traced_named(_bare(event.fun_name))):
        # ``.lower(...)`` and ``.compile()`` of a trace just seen: the module lowered says which trace compiles
        if event.kind == "lower":  # nothing may compile yet (looking at the HLO): the limit checks the compile
            functions.on_lower(ahead, None, event.seconds, event.module, fresh=event.trace_seconds is not None,
                               avals=event.avals)
        else:
            functions.on_compile(ahead, event, {}, lambda: None)
    else:  # JAX's own helper jits, or a compile JAX's frames do not place
        upcoming = _untracked_event(event, call.fun if call is not None else plain)
    if event.kind != "lower":
        registry.changed()
    if event.kind == "compile" and (row := take_counted()) is not None:
        for hook in list(after_compile):
            hook(row)  # the recompile limit's warning
    elif event.kind == "lower" and upcoming is not None:
        for hook in list(before_compile):
            hook(*upcoming)  # the recompile limit's --raise: may raise RecompileLimitError before JAX compiles


def _tracked_in(call: JaxCall | None, keep_frame: bool = False) -> tuple[TrackedFunction | None, Any]:
    """The tracked function whose recorder JAX is calling, if ``call`` is one of jaxmagic's jits."""
    if call is None:
        return None, None
    tracked = getattr(call.fun, TRACKED_ATTR, None)
    if isinstance(tracked, TrackedFunction):
        if keep_frame:  # a lowering or compile reads the arguments' placements there, then lets go of it
            _here.call_frame = call.frame
        return tracked, call.fun
    return None, call.fun


def _count_lines(event: monitor.Event) -> None:
    """A report is being collected and a jit jaxmagic did not make starts tracing: count its lines."""
    call = find_jax_call(sys._getframe(1))
    if call is not None and _tracked_in(call)[0] is None and not is_internal(call.fun):
        functions.start_lines(user_call(call))


def _observed_event(call: JaxCall, event: monitor.Event) -> tuple[Row, list[Change]] | None:
    """A jit jaxmagic did not make: the user's view of the call gives the reasons (see ``observed``)."""
    if event.kind == "trace":
        functions.on_trace(call, user_call(call), event.seconds)
        return
    # the lowering and the compile of a trace just seen in this thread: no second reading of the call
    observed = functions.traced_just_now(call.fun) or functions.observed_for(user_call(call))
    if event.kind == "lower":
        return observed.row, functions.on_lower(observed, call, event.seconds, event.module,
                                                fresh=event.trace_seconds is not None, user=lambda: user_call(call),
                                                avals=event.avals)
    functions.on_compile(observed, event, _flat_placements(observed, call), lambda: user_call(call))


def _tracked_event(tracked: TrackedFunction, event: monitor.Event,
                   call: JaxCall | None = None) -> tuple[Row, list[Change]] | None:
    last = getattr(thread_state, "last", None)
    if event.kind == "trace":
        tracked.row.add_trace()
        if last is not None and last.function is tracked and last.trace_seconds is None:
            last.trace_seconds = event.seconds
            last.avals = functions.avals_of(call.jaxpr) if call is not None else None
            waiting = pending.newest(tracked)
            if waiting is not None and waiting.record is last:
                waiting.avals = last.avals
            if last.error is not None:
                thread_state.last = None  # no compile follows; its traceback (and arguments) are not ours to keep
        return None
    frame = getattr(_here, "call_frame", None)
    placed = _placements(tracked, frame)
    _here.call_frame = None
    lowered = _lowered()
    if event.kind == "lower":
        tracked.placements_pending = placed
        fresh = event.trace_seconds is not None
        waiting = _trace_compiling(tracked, frame, fresh=fresh, avals=event.avals)
        record = waiting.record if waiting is not None else None
        if fresh and (record is None or record.trace_seconds is None):
            monitor.not_traced(event.module)  # the trace just before was another's
        lowered[id(tracked)] = waiting
        if waiting is not None:
            waiting.module = event.module
            if record is not None and record.lower_seconds is None:
                record.lower_seconds = event.seconds
            return tracked.row, list(waiting.changes)
        return tracked.row, _untraced_changes(tracked, frame, placed)
    # the trace lowered to this very module; else the one its lowering took (none: a kept trace, e.g. a new
    # placement); with no lowering seen (JAX kept that too), the newest trace awaiting its compile
    waiting = pending.lowered_to(tracked, event.module)
    took = lowered.pop(id(tracked), False)
    if waiting is None:
        waiting = took if took is not False else pending.newest(tracked)
    record = pending.take(waiting).record if waiting is not None else None
    if waiting is not None:
        if record is not None:
            record.compile_seconds = event.seconds
        changes, signature, compared, retraced = list(waiting.changes), waiting.signature, waiting.compared_to, True
        tracked.redefined = False
        if record is not None and getattr(thread_state, "last", None) is record:
            thread_state.last = None  # done with it: the thread keeps none of the call's static values
    else:  # compiled without a new trace: a new placement of a signature compiled before
        changes = placement_changes(tracked.placements, placed)
        signature, compared, retraced = "", None, False
        for collector in list(collectors):
            collector._add_recompile(tracked.name, changes)
    if placed:
        tracked.placements = placed
    counted = tracked.row.add_compile(
        Recompile(changes, event.seconds, time.time(), compared, signature, retraced, **phases_of(event))
    )
    if record is not None:
        record.compile_id, record.from_disk_cache = counted.id, counted.from_disk_cache
    return None


def _lowered() -> dict[int, Any]:
    """This thread's lowerings awaiting their compile: the trace each took (None: none), by function."""
    found = getattr(thread_state, "lowered", None)
    if found is None:
        found = thread_state.lowered = {}
    return found


def _trace_compiling(tracked: TrackedFunction, frame: Any, fresh: bool, avals: tuple = ()) -> pending.Pending | None:
    """The trace awaiting its compile that a lowering of ``tracked`` takes; None when none does.

    After a new trace, the newest one. Without one (JAX lowered a trace it kept: a retry after the
    limit refused a compile, a new placement), the one traced for this call's own signature, if any.
    """
    if fresh:
        newest = pending.newest(tracked)
        if newest is not None and monitor.same_avals(newest.avals, avals):
            return newest
        # none, or traced for other arguments (``eval_shape``): this lowering's trace was kept by JAX
        if frame is None:
            return None
    found = call_arguments(frame) if frame is not None else None
    signature = tracked.signature_for(*found) if found is not None else None
    return pending.with_key(tracked, fast_key(signature)) if signature is not None else None


def _untraced_changes(tracked: TrackedFunction, frame: Any, placements: dict[str, str]) -> list[Change]:
    """Why a lowering with no trace of its own is about to compile: a new signature, or a new placement."""
    found = call_arguments(frame) if frame is not None else None
    signature = tracked.signature_for(*found) if found is not None else None
    if signature is not None and not tracked.history.has(signature):
        return reasons(tracked.history, signature, tracked.redefined)[1]
    return placement_changes(tracked.placements, placements)


def _placements(tracked: TrackedFunction, frame: Any) -> dict[str, str]:
    """Each array argument's placement (``P('d',) on mesh d:8``, ``one device``), by the user's path."""
    found = call_arguments(frame) if frame is not None else None
    if found is None:
        return tracked.placements_pending
    return placements.of_call(tracked.names or [], *found)


def _flat_placements(observed: functions.ObservedFunction, call: JaxCall) -> dict[str, str]:
    """Each array argument's placement, from the flat arguments JAX's frame already holds.

    Named by the user's path when the newest signature lists its traced
    leaves in JAX's order (positional arguments only); else by position.
    """
    flat = list(call.args_flat or ())
    if not flat:
        return {}
    latest = observed.history.signatures[-1] if observed.history.signatures else None
    traced = [leaf.path for leaf in latest.leaves if not leaf.static] if latest is not None else []
    flat = flat[len(flat) - len(traced):] if traced and len(flat) >= len(traced) else flat
    positional = latest is not None and all(p.passed_as == "positional" for p in latest.parameters)
    return placements.of_flat(flat, traced if positional else None)


def _untracked_event(event: monitor.Event, plain: Any) -> tuple[Row, list[Change]] | None:
    """Counts only: JAX's own helper jits, and compiles no jitted call on the stack places."""
    key = event.fun_name if event.fun_name.startswith("jit(") else f"jit({event.fun_name})"
    if event.kind == "lower":  # neither a trace nor a compile: nothing to count; the row it may compile in
        row = registry.rows.get(key)
        return (row, []) if row is not None and not row.internal else None
    internal = plain is not None and is_internal(plain)
    row = registry.row(key, tracked=False, where=describe_location(plain) if plain is not None else "",
                       internal=internal)
    if event.kind == "trace":
        row.add_trace()
        for collector in list(collectors):
            collector._add_untracked(event)
    elif event.kind == "compile":
        row.add_compile(Recompile([], event.seconds, time.time(), tracked=False, **phases_of(event)))


_activations = 0
_activation_lock = threading.Lock()


def activate() -> None:
    """Start attributing JAX's events (reference-counted with :func:`deactivate`)."""
    global _activations
    with _activation_lock:
        _activations += 1
        first = _activations == 1
    monitor.install()
    if first:
        monitor.subscribe(_on_event)


def deactivate() -> None:
    global _activations
    with _activation_lock:
        _activations = max(0, _activations - 1)
        last = _activations == 0
    monitor.uninstall()
    if last:
        monitor.unsubscribe(_on_event)


def active() -> bool:
    """True while JAX's events are attributed (someone holds an activation)."""
    return _activations > 0
