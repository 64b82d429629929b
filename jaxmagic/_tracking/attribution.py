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
import types
from collections.abc import Callable
from typing import Any

import jax

from . import monitor
from .changes import Change, fast_key, placement_changes
from .observed import functions
from .observed.adapters import is_internal, user_call
from .observed.frames import JAX_ROOT, JaxCall, find_jax_call
from .redefinition import describe_location
from .history import reasons
from .stats import Recompile, Row, phases_of, registry, take_counted
from .tracked import TRACKED_ATTR, TrackedFunction, collectors, pending_compiles, thread_state

__all__ = ["activate", "deactivate", "active", "after_compile", "before_compile"]

after_compile: list[Callable[[Row], None]] = []  # called with the row each compile counted in (budget.hold)
# called at each lowering with the row about to compile and why (budget.hold): a raise there saves the compile
before_compile: list[Callable[[Row, list[Change]], None]] = []
_DEPTH = 48  # frames to walk up from the listener
_here = threading.local()  # ``call_frame``: JAX's frame holding the concrete arguments of the call compiling now


def _call_arguments(frame: Any) -> tuple | None:
    """The concrete arguments of the jitted call, from JAX's ``cache_miss(*args, **kwargs)`` frame."""
    for _ in range(4):
        if frame is None:
            return None
        if frame.f_code.co_filename.startswith(JAX_ROOT):
            local = frame.f_locals
            if isinstance(local.get("args"), tuple) and isinstance(local.get("kwargs"), dict):
                return local["args"], local["kwargs"]
        frame = frame.f_back
    return None


def _frames_with_function(jax_name: str) -> tuple[TrackedFunction | None, Any]:
    """The tracked function, or else the plain function, JAX is working on under ``jax_name``."""
    frame = sys._getframe(3)
    plain = None
    depth = 0
    while frame is not None and depth < _DEPTH:
        # Only JAX's own frames: reading ``f_locals`` of a user's function frame would leave a
        # snapshot of its locals (its arrays) alive on that frame after they are deleted.
        if not frame.f_code.co_filename.startswith(JAX_ROOT):
            frame = frame.f_back
            depth += 1
            continue
        try:
            values = list(frame.f_locals.values())
        except Exception:  # noqa: BLE001
            values = []
        for value in values:
            if not isinstance(value, types.FunctionType):
                continue
            tracked = getattr(value, TRACKED_ATTR, None)
            if isinstance(tracked, TrackedFunction) and tracked.jax_name == jax_name:
                _here.call_frame = frame  # where the concrete arguments are, for placements
                return tracked, value
            if plain is None and getattr(value, "__name__", None) == jax_name:
                plain = value
        frame = frame.f_back
        depth += 1
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
            if last.error is not None:
                thread_state.last = None  # no compile follows; its traceback (and arguments) are not ours to keep
        return None
    frame = getattr(_here, "call_frame", None)
    placements = _placements(tracked, frame)
    _here.call_frame = None
    lowered = _lowered()
    if event.kind == "lower":
        tracked.placements_pending = placements
        fresh = event.trace_seconds is not None
        key, record = _trace_compiling(tracked, frame, fresh=fresh, avals=event.avals)
        if fresh and (record is None or record.trace_seconds is None):
            monitor.not_traced(event.module)  # the trace just before was another's
        lowered[id(tracked)] = key
        if record is not None:
            if record.lower_seconds is None:
                record.lower_seconds = event.seconds
            return tracked.row, list(record.changes)
        return tracked.row, _untraced_changes(tracked, frame, placements)
    if id(tracked) in lowered:  # the trace its lowering took (none: a kept trace, e.g. a new placement)
        key = lowered.pop(id(tracked))
    else:  # no lowering seen (JAX kept that too): the newest trace awaiting its compile
        key = _trace_compiling(tracked, None, fresh=True)[0]
    record = pending_compiles().pop(key, None) if key is not None else None
    if record is not None:
        record.compile_seconds = event.seconds
        changes = list(record.changes)
        signature = record.signature.text() if record.signature is not None else ""
        compared = record.compared_to.text() if record.compared_to is not None else None
        retraced = True
        tracked.redefined = False
        if getattr(thread_state, "last", None) is record:
            thread_state.last = None  # done with it: the thread keeps none of the call's static values
    else:  # compiled without a new trace: a new placement of a signature compiled before
        changes = placement_changes(tracked.placements, placements)
        signature, compared, retraced = "", None, False
        for collector in list(collectors):
            collector._add_recompile(tracked.name, changes)
    if placements:
        tracked.placements = placements
    counted = tracked.row.add_compile(
        Recompile(changes, event.seconds, time.time(), compared, signature, retraced, **phases_of(event))
    )
    if record is not None:
        record.compile_id, record.from_disk_cache = counted.id, counted.from_disk_cache
    return None


def _lowered() -> dict[int, Any]:
    """This thread's lowerings awaiting their compile: the key of the trace each took, by function."""
    found = getattr(thread_state, "lowered", None)
    if found is None:
        found = thread_state.lowered = {}
    return found


def _trace_compiling(tracked: TrackedFunction, frame: Any, fresh: bool, avals: tuple = ()) -> tuple[Any, Any]:
    """The pending trace a lowering of ``tracked`` takes, as (key, record); (None, None) when none.

    After a new trace, the newest one. Without one (JAX lowered a trace it kept: a retry after the
    limit refused a compile, a new placement), the one traced for this call's own signature, if any.
    """
    pending = pending_compiles()
    if fresh:
        for key in reversed(pending):
            if key[0] == id(tracked):
                if monitor.same_avals(pending[key].avals, avals):
                    return key, pending[key]
                break  # traced for other arguments (``eval_shape``): this lowering's trace was kept by JAX
        if frame is None:
            return None, None
    found = _call_arguments(frame) if frame is not None else None
    signature = tracked.signature_for(*found) if found is not None else None
    key = (id(tracked), fast_key(signature)) if signature is not None else None
    return (key, pending[key]) if key in pending else (None, None)


def _untraced_changes(tracked: TrackedFunction, frame: Any, placements: dict[str, str]) -> list[Change]:
    """Why a lowering with no trace of its own is about to compile: a new signature, or a new placement."""
    found = _call_arguments(frame) if frame is not None else None
    signature = tracked.signature_for(*found) if found is not None else None
    if signature is not None and not tracked.history.has(signature):
        return reasons(tracked.history, signature, tracked.redefined)[1]
    return placement_changes(tracked.placements, placements)


def _placements(tracked: TrackedFunction, frame: Any) -> dict[str, str]:
    """Each array argument's placement (``P('d',) on mesh d:8``, ``one device``), by the user's path."""
    found = _call_arguments(frame) if frame is not None else None
    if found is None:
        return tracked.placements_pending
    return _placements_of(tracked.names or [], *found)


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
    names = traced if positional and len(traced) == len(flat) else [f"argument {i}" for i in range(len(flat))]
    out = {}
    for name, leaf in zip(names, flat):
        sharding = getattr(leaf, "sharding", None)
        if sharding is not None and hasattr(leaf, "shape"):
            out[name] = _placement_text(sharding)
    return out


def _placements_of(names: list[str], args: tuple, kwargs: dict) -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        leaves = jax.tree_util.tree_flatten_with_path((args, kwargs))[0]
    except Exception:  # noqa: BLE001
        return out
    for path, leaf in leaves:
        sharding = getattr(leaf, "sharding", None)
        if sharding is None or not hasattr(leaf, "shape"):
            continue
        out[_user_path(names, path)] = _placement_text(sharding)
    return out


def _user_path(names: list[str], path: tuple) -> str:
    head, rest = path[0], path[1:]
    index = getattr(head, "idx", None)
    if index == 0 and rest:  # positional: (args)[i]...
        position = getattr(rest[0], "idx", None)
        name = names[position] if position is not None and position < len(names) else f"args[{position}]"
        return name + jax.tree_util.keystr(rest[1:])
    if index == 1 and rest:  # keyword: (kwargs)['n']...
        key = getattr(rest[0], "key", None)
        return str(key) + jax.tree_util.keystr(rest[1:])
    return jax.tree_util.keystr(path)


def _placement_text(sharding: Any) -> str:
    spec = getattr(sharding, "spec", None)
    mesh = getattr(sharding, "mesh", None)
    if spec is not None and mesh is not None:
        try:
            axes = ",".join(f"{name}:{size}" for name, size in mesh.shape.items())
        except Exception:  # noqa: BLE001
            axes = ""
        return f"{spec} on mesh {axes}"
    if getattr(sharding, "num_devices", 2) == 1 or type(sharding).__name__ == "SingleDeviceSharding":
        return "one device"
    return type(sharding).__name__


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
