"""One ``jax.monitoring`` listener shared by all of jaxmagic.

JAX reports every trace, lowering and backend compile as a duration event
carrying ``fun_name``.  This module installs a single listener (refcounted,
so loading the extension twice never installs two), keeps exact per-name
counts, and forwards each event to subscribers.  A subscriber's exception is
swallowed here: it must never reach JAX or the user's code.
"""
from __future__ import annotations

import collections
import dataclasses
import sys
import threading
import weakref
from collections.abc import Callable
from typing import Any

from jax import monitoring

from .._common.xla_memory import MemoryReading
from .compiling.jax_frames import JAX_ROOT, compiling, lowering

__all__ = [
    "Event", "install", "uninstall", "installed", "subscribe", "unsubscribe", "counts", "muted", "is_muted",
    "ReachesUser", "JAX_ROOT", "same_avals", "not_traced",
]

TRACE = "/jax/core/compile/jaxpr_trace_duration"
LOWER = "/jax/core/compile/jaxpr_to_mlir_module_duration"
COMPILE = "/jax/core/compile/backend_compile_duration"
_KINDS = {TRACE: "trace", LOWER: "lower", COMPILE: "compile"}


@dataclasses.dataclass(frozen=True)
class Event:
    """One trace, lowering or backend compile, as JAX reported it."""

    kind: str  # "trace", "lower" or "compile"; "trace-start" when a trace begins (``seconds`` 0)
    fun_name: str  # JAX's name: "f" for traces, "jit(f)" for lowering and compiles
    seconds: float
    thread: int
    # a compile: XLA's memory analysis of the executable just made, read when first asked for
    memory: MemoryReading | tuple[tuple[str, int], ...] = ()
    # a compile: the trace and lowering that led to it in this thread (None: it had none, e.g. a
    # new placement of a signature traced before), and whether JAX's persistent cache supplied it
    # (a lowering: the trace just before it, None when JAX lowered a trace it kept, e.g. a retry)
    trace_seconds: float | None = None
    lower_seconds: float | None = None
    from_disk_cache: bool = False
    module: int = 0  # a lowering or compile: the id of JAX's module (0 when JAX's frames did not show it)
    avals: tuple = ()  # a lowering: the abstract values of the arguments lowered for (empty when not shown)


_lock = threading.Lock()
_refcount = 0
_subscribers: list[Callable[[Event], None]] = []
_counts: collections.Counter[tuple[str, str]] = collections.Counter()
_tls = threading.local()


def _listener(name: str, seconds: float, **kwargs: object) -> None:
    kind = _KINDS.get(name)
    if kind is None:
        return
    if getattr(_tls, "muted", False):
        if kind == "compile":
            _tls.cache = None  # a muted compile's cache outcome is never lent to the next one
        return
    fun_name = str(kwargs.get("fun_name", ""))
    if kind == "compile":
        module, executable = compiling(sys._getframe(1))
        trace, lower = _take_phases(fun_name, module)
        from_disk = getattr(_tls, "cache", None) == "hit"
        _tls.cache = None
        event = Event(kind, fun_name, float(seconds), threading.get_ident(),
                      MemoryReading(executable) if executable is not None else (), trace, lower, from_disk,
                      id(module) if module is not None else 0)
    else:
        module = trace = None
        avals: tuple = ()
        if kind == "trace":
            _pending_traces()[_bare(fun_name)] = float(seconds)
        else:
            module, avals = lowering(sys._getframe(1))
            trace = _note_lowering(fun_name, float(seconds), module)
        event = Event(kind, fun_name, float(seconds), threading.get_ident(), trace_seconds=trace,
                      module=id(module) if module is not None else 0, avals=avals)
    with _lock:
        _counts[(kind, event.fun_name)] += 1
    _deliver(event)


# Each compile's trace and lowering. A lowering takes the trace just made of its function in its thread
# (and drops the others: traces of jits inside it, which compile as part of it); a compile takes the
# phases of the very module it compiles, by identity, so ``f.lower(a)``, ``f.lower(b)``, then
# ``.compile()`` of the first gets the first's. Where JAX's frames do not show the module (another
# JAX), the newest lowering of the name in the thread stands in.
_LOWERINGS_KEPT = 64  # lowerings awaiting their compile (an AOT ``.lower()`` may never compile)
_lowerings: dict[int, tuple[Any, float | None, float]] = {}  # id(module) -> (weak ref, trace, lower)


def _pending_traces() -> dict[str, float]:
    found = getattr(_tls, "traces", None)
    if found is None:
        found = _tls.traces = {}
    return found


def _note_lowering(fun_name: str, seconds: float, module: Any) -> float | None:
    """Keep the lowering's phases for its compile; returns the trace it took (None: no new trace came first)."""
    traces = _pending_traces()
    trace = traces.pop(_bare(fun_name), None)
    traces.clear()
    try:
        ref = weakref.ref(module) if module is not None else None
    except TypeError:  # a module without weak references: named instead
        ref = None
    if ref is None:
        _tls.by_name = (_bare(fun_name), trace, seconds)
        return trace
    with _lock:
        if len(_lowerings) >= _LOWERINGS_KEPT:
            _lowerings.pop(next(iter(_lowerings)))
        _lowerings[id(module)] = (ref, trace, seconds)
    return trace


def not_traced(module: int) -> None:
    """The lowering of module ``module`` took a trace JAX kept: the trace just before it was another's."""
    with _lock:
        found = _lowerings.get(module)
        if found is not None:
            _lowerings[module] = (found[0], None, found[2])


def _take_phases(fun_name: str, module: Any) -> tuple[float | None, float | None]:
    """The trace and lowering seconds of the compile of ``module`` (None for a phase it did not have)."""
    _pending_traces().clear()  # a trace not lowered before this compile belongs to no compile
    if module is not None:
        with _lock:
            found = _lowerings.pop(id(module), None)
        if found is not None and found[0]() is module:
            return found[1], found[2]
        return None, None  # compiled from a lowering JAX made earlier (kept by JAX): no phases of its own
    named = getattr(_tls, "by_name", None)
    _tls.by_name = None
    if named is not None and named[0] == _bare(fun_name):
        return named[1], named[2]
    return None, None


def same_avals(traced: tuple | None, lowered: tuple) -> bool:
    """Whether a trace's argument avals are the ones a lowering is for (True when either is not known).

    A trace not lowered at once (``eval_shape``, ``.trace()``) is no lowering's trace: a later
    lowering of another signature, from a trace JAX kept, must not take it.
    """
    if not traced or not lowered or len(traced) != len(lowered):
        return True  # not shown, or arguments JAX pruned: taken as this trace's
    for before, now in zip(traced, lowered):
        shape, lowered_shape = getattr(before, "shape", None), getattr(now, "shape", None)
        if shape is None or lowered_shape is None or len(shape) != len(lowered_shape):
            continue  # a mapped axis (pmap lowers the global shape): not a sign either way
        if tuple(shape) != tuple(lowered_shape) or getattr(before, "dtype", None) != getattr(now, "dtype", None):
            return False
    return True


def _bare(fun_name: str) -> str:
    return fun_name[4:-1] if fun_name.startswith("jit(") and fun_name.endswith(")") else fun_name


# JAX's persistent compilation cache reports, just before the compile event, where the executable came from
_CACHE_REQUEST = "/jax/compilation_cache/compile_requests_use_cache"
_CACHE_HIT = "/jax/compilation_cache/cache_hits"


def _cache_listener(name: str, **kwargs: object) -> None:
    if name == _CACHE_REQUEST:
        _tls.cache = None
    elif name == _CACHE_HIT:
        _tls.cache = "hit"


def _start_listener(name: str, value: float, **kwargs: object) -> None:
    """JAX marks the start of a trace with a scalar event (JAX 0.10 and later): subscribers may count lines."""
    if name != TRACE or getattr(_tls, "muted", False):
        return
    _deliver(Event("trace-start", str(kwargs.get("fun_name", "")), 0.0, threading.get_ident()))


class ReachesUser(Exception):
    """Base of the exceptions a subscriber raises on purpose for the user's call (``%jittrace_limit --raise``).

    Every other exception of a subscriber is swallowed: a bookkeeping fault never reaches the user's jit.
    """


def _deliver(event: Event) -> None:
    with _lock:
        subscribers = list(_subscribers)
    deliberate = None
    for callback in subscribers:
        try:
            callback(event)
        except ReachesUser as exc:  # raised once every subscriber has had the event
            deliberate = deliberate or exc
        except Exception:  # noqa: BLE001 - a bookkeeping failure must not break the user's jit
            pass
    if deliberate is not None:
        raise deliberate


def install() -> None:
    """Register the listener with JAX (once, however often this is called)."""
    global _refcount
    with _lock:
        _refcount += 1
        if _refcount == 1:
            monitoring.register_event_duration_secs_listener(_listener)
            monitoring.register_scalar_listener(_start_listener)
            monitoring.register_event_listener(_cache_listener)


def uninstall() -> None:
    """Undo one :func:`install`; the listeners leave JAX with the last one (JAX's public unregister functions)."""
    global _refcount
    with _lock:
        if _refcount == 0:
            return
        _refcount -= 1
        if _refcount == 0:
            for remove, callback in ((monitoring.unregister_event_duration_listener, _listener),
                                     (monitoring.unregister_scalar_listener, _start_listener),
                                     (monitoring.unregister_event_listener, _cache_listener)):
                try:
                    remove(callback)
                except (AssertionError, ValueError):  # already gone: removed by someone else
                    pass


def installed() -> int:
    """How many times our listener is registered with JAX right now (0 or 1)."""
    with _lock:
        return 1 if _refcount else 0


def subscribe(callback: Callable[[Event], None]) -> None:
    with _lock:
        if callback not in _subscribers:
            _subscribers.append(callback)


def unsubscribe(callback: Callable[[Event], None]) -> None:
    with _lock:
        if callback in _subscribers:
            _subscribers.remove(callback)


def counts() -> dict[tuple[str, str], int]:
    """Events seen so far while installed, keyed by ``(kind, fun_name)``."""
    with _lock:
        return dict(_counts)


class capture:
    """Collect the events JAX reports in the current thread while active."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._thread = threading.get_ident()

    def _take(self, event: Event) -> None:
        if event.thread == self._thread:
            self.events.append(event)

    def __enter__(self) -> capture:
        install()
        subscribe(self._take)
        return self

    def __exit__(self, *exc: object) -> None:
        unsubscribe(self._take)
        uninstall()

    def seconds(self, kind: str, fun_name: str) -> float | None:
        found = [e.seconds for e in self.events if e.kind == kind and e.fun_name == fun_name]
        return sum(found) if found else None


class muted:
    """Drop the events of the current thread while active: jaxmagic's own probes.

    The explainer re-traces copies of the user's function to find the argument
    and verify fixes; those traces are jaxmagic's, not the user's, and must not
    be counted anywhere.
    """

    def __enter__(self) -> muted:
        self._previous = getattr(_tls, "muted", False)
        _tls.muted = True
        return self

    def __exit__(self, *exc: object) -> None:
        _tls.muted = self._previous


def is_muted() -> bool:
    """True inside :class:`muted` in this thread."""
    return getattr(_tls, "muted", False)
