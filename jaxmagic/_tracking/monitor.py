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
from collections.abc import Callable

from jax import monitoring
from jax._src import monitoring as _jax_monitoring  # where the registered listeners are kept

__all__ = [
    "Event", "install", "uninstall", "installed", "subscribe", "unsubscribe", "counts", "muted", "is_muted",
    "memory_figures", "ReachesUser",
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
    # a compile: XLA's memory analysis of the executable just made, (figure, bytes) pairs
    memory: tuple[tuple[str, int], ...] = ()
    # a compile: the trace and lowering that led to it in this thread (None: it had none, e.g. a
    # new placement of a signature traced before), and whether JAX's persistent cache supplied it
    trace_seconds: float | None = None
    lower_seconds: float | None = None
    from_disk_cache: bool = False


_lock = threading.Lock()
_refcount = 0
_subscribers: list[Callable[[Event], None]] = []
_counts: collections.Counter[tuple[str, str]] = collections.Counter()
_tls = threading.local()


def _listener(name: str, seconds: float, **kwargs: object) -> None:
    kind = _KINDS.get(name)
    if kind is None or getattr(_tls, "muted", False):
        return
    fun_name = str(kwargs.get("fun_name", ""))
    if kind == "compile":
        phases = _take_phases(fun_name)
        event = Event(kind, fun_name, float(seconds), threading.get_ident(), _compiled_memory(sys._getframe(1)),
                      *phases)
    else:
        _note_phase(kind, fun_name, float(seconds))
        event = Event(kind, fun_name, float(seconds), threading.get_ident())
    with _lock:
        _counts[(kind, event.fun_name)] += 1
    _deliver(event)


_PHASES_KEPT = 32  # traces awaiting their compile per thread (jits traced inside another one never compile)


def _phases() -> dict[tuple[str, str], float]:
    found = getattr(_tls, "phases", None)
    if found is None:
        found = _tls.phases = {}
    return found


def _note_phase(kind: str, fun_name: str, seconds: float) -> None:
    """Keep a trace's or lowering's duration until the compile it leads to (by JAX's name for it)."""
    phases = _phases()
    if len(phases) >= _PHASES_KEPT:
        phases.pop(next(iter(phases)))
    phases[(kind, _bare(fun_name))] = seconds


def _take_phases(fun_name: str) -> tuple[float | None, float | None, bool]:
    """The trace and lowering seconds of the compile of ``fun_name`` and whether it came from disk.

    Everything noted in this thread is dropped at each compile: a phase belongs to the compile that
    follows it, so a jit traced inside another one (which compiles as part of it) never lends its
    trace time to a later compile of its own.
    """
    phases = _phases()
    name = _bare(fun_name)
    trace, lower = phases.get(("trace", name)), phases.get(("lower", name))
    phases.clear()
    from_disk = getattr(_tls, "cache", None) == "hit"
    _tls.cache = None
    return trace, lower, from_disk


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


# XLA's memory analysis, by the name a reader knows each figure by
_MEMORY_FIELDS = (
    ("arguments", "argument_size_in_bytes"),
    ("outputs", "output_size_in_bytes"),
    ("temporaries", "temp_size_in_bytes"),
    ("generated code", "generated_code_size_in_bytes"),
    ("peak", "peak_memory_in_bytes"),
)


def memory_figures(stats: object) -> dict[str, int]:
    """XLA's memory statistics as {figure: bytes}, leaving out what a backend reports as 0 or not at all."""
    found = {}
    for label, field in _MEMORY_FIELDS:
        value = getattr(stats, field, None)
        if isinstance(value, (int, float)) and value > 0:  # 0 is how a backend says "not measured"
            found[label] = int(value)
    return found


def _compiled_memory(frame: object) -> tuple[tuple[str, int], ...]:
    """The memory analysis of the executable JAX just compiled, read from its compiling frame.

    The compile event fires as JAX's ``_cached_compilation`` finishes, its new executable in a local:
    asking it for its statistics costs tens of microseconds and no compile. Nothing when the frame
    is not there (another JAX).
    """
    for _ in range(8):
        if frame is None:
            return ()
        code = getattr(frame, "f_code", None)
        if code is not None and code.co_name == "_cached_compilation":
            executable = frame.f_locals.get("xla_executable")  # type: ignore[attr-defined]
            try:
                return tuple(memory_figures(executable.get_compiled_memory_stats()).items())
            except Exception:  # noqa: BLE001 - a backend without memory analysis
                return ()
        frame = getattr(frame, "f_back", None)
    return ()


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
            register_scalar = getattr(monitoring, "register_scalar_listener", None)
            if register_scalar is not None:
                register_scalar(_start_listener)
            monitoring.register_event_listener(_cache_listener)


def uninstall() -> None:
    """Undo one :func:`install`; the listener leaves JAX with the last one."""
    global _refcount
    with _lock:
        if _refcount == 0:
            return
        _refcount -= 1
        if _refcount == 0:
            _unregister(_listener)
            _unregister_event(_cache_listener)
            scalars = getattr(_jax_monitoring, "_scalar_listeners", [])
            if _start_listener in scalars:
                scalars.remove(_start_listener)


def installed() -> int:
    """How many times our listener is registered with JAX right now (0 or 1)."""
    getter = getattr(_jax_monitoring, "get_event_duration_listeners", None)
    listeners = getter() if getter else getattr(_jax_monitoring, "_event_duration_secs_listeners", [])
    return sum(1 for cb in listeners if cb is _listener)


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


def _unregister(callback: Callable[..., None]) -> None:
    remove = getattr(_jax_monitoring, "unregister_event_duration_listener", None)
    if remove is not None:
        remove(callback)
        return
    listeners = getattr(_jax_monitoring, "_event_duration_secs_listeners", [])
    if callback in listeners:
        listeners.remove(callback)


def _unregister_event(callback: Callable[..., None]) -> None:
    remove = getattr(_jax_monitoring, "unregister_event_listener", None)
    if remove is not None:
        try:
            remove(callback)
        except (AssertionError, ValueError):  # already gone
            pass
        return
    listeners = getattr(_jax_monitoring, "_event_listeners", [])
    if callback in listeners:
        listeners.remove(callback)


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
