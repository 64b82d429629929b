"""One :class:`ObservedFunction` per jitted function jaxmagic did not make, and the reasons of its compiles.

JAX's trace event gives the call (:mod:`.frames`), an adapter gives the
user's view of it (:mod:`.adapters`), and the function's history gives the
reasons, exactly as for a tracked function: every difference from the
closest earlier signature, ``function-redefined`` for a new function object
standing for an earlier one. The compile that follows takes them over.
"""
from __future__ import annotations

import dataclasses
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from ..._common.source import innermost_function
from ..changes import Change, fast_key, placement_changes
from ..history import History, reasons
from ..linehits import LineCounter
from ..redefinition import register
from ..signature import Signature
from .. import monitor
from ..compiling import pending
from ..stats import Recompile, phases_of
from ..tracked import TraceRecord, collectors, jax_name_of, thread_state
from .adapters import function_name
from ..compiling.jax_frames import JaxCall, inside_another_trace, stage_of
from .usercall import UserCall

__all__ = [
    "ObservedFunction", "observed_for", "forget", "start_lines", "on_trace", "traced_just_now", "traced_named",
    "on_lower", "on_compile", "avals_of",
]


class ObservedFunction:
    """Bookkeeping for one jitted function jaxmagic did not make (plain ``jax.jit``, NNX, equinox).

    Duck-types what reports and rows read of a :class:`~..tracked.TrackedFunction`:
    ``name``, ``fn``, ``jitted``, ``source_file``, ``row``, ``history``. The
    user's function and jit object are held weakly: jaxmagic never keeps a
    function (or what its closure holds) alive.
    """

    def __init__(self, call: UserCall) -> None:
        self._fn = pending.weak(call.function)
        self._jitted = pending.weak(call.jitted)
        self.name = function_name(call.function)
        self.wrapper = call.wrapper
        self.variant = call.variant  # the jit's options: the same function jitted another way is another
        plain = innermost_function(call.function)
        self.source_file: str | None = getattr(getattr(plain, "__code__", None), "co_filename", None)
        self.placements: dict[str, str] = {}
        self.compiled: set = set()  # the signatures it compiled for (their keys): a compile without a trace
        # its row, the row's name and whether the next compile says "function-redefined", as for a tracked one
        self.row, self.key, self.redefined = register(self)
        self.history: History = self.row.analysis

    @property
    def fn(self) -> Any:
        """The user's function, while it lives."""
        return self._fn()

    @property
    def jitted(self) -> Any:
        """The object the user calls (``fwd``), while it lives and when known."""
        return self._jitted()

    @jitted.setter
    def jitted(self, value: Any) -> None:
        self._jitted = pending.weak(value)

    def __repr__(self) -> str:
        return f"<ObservedFunction {self.name} ({self.wrapper}): {self.row.compiles} compiles>"


# (id of the identity, variant) -> (weak reference to it, its function); an entry leaves when its identity dies.
# Looked up by ``is``, never ``==``: a user's object may define equality any way it likes.
_by_identity: dict[tuple, tuple[Callable[[], Any], ObservedFunction]] = {}
_STRONG = 256  # identities that take no weak reference are kept strongly: at most this many
_lock = threading.RLock()  # making a function registers its row: one at a time, so two threads agree


def observed_for(call: UserCall) -> ObservedFunction:
    """The function ``call`` belongs to, made (and given its row) on its first trace."""
    identity = call.identity
    key = (id(identity), call.variant)
    with _lock:
        held = _by_identity.get(key)
        if held is not None and held[0]() is identity:
            found = held[1]
            if call.jitted is not None and found.jitted is None:
                found.jitted = call.jitted
            return found
        observed = ObservedFunction(call)
        try:
            ref = weakref.ref(identity, lambda _, key=key: _by_identity.pop(key, None))
        except TypeError:
            strong = [k for k, (r, _) in _by_identity.items() if not isinstance(r, weakref.ref)]
            if len(strong) >= _STRONG:
                _by_identity.pop(strong[0], None)
            ref = lambda: identity  # noqa: E731
        _by_identity[key] = (ref, observed)
        return observed


def forget() -> None:
    """Drop every observed function (``jaxmagic.reset()``): each starts a new row at its next trace, and no
    trace made before is waited on."""
    with _lock:
        _by_identity.clear()
    pending.forget()


def _waiting(observed: ObservedFunction, module: int = 0) -> pending.Pending | None:
    """The trace of ``observed`` awaiting its compile: the one lowered to ``module`` (two ``.lower()`` of one
    function before either compiles keep their own reasons); with no module known, the newest not lowered."""
    if module:
        return pending.lowered_to(observed, module)
    return pending.newest(observed, unlowered=True)


def start_lines(user: UserCall) -> None:
    """Count the lines Python runs in the user's file while this trace runs (a report is being collected).

    Nested traces (JAX 0.8 reports them too) keep the outer counter running: one per thread at a time.
    """
    stack = _line_stack()
    if any(counter is not None for counter in stack) or len(stack) > 32:
        stack.append(None)
        return
    plain = innermost_function(user.function)
    filename = getattr(getattr(plain, "__code__", None), "co_filename", None)
    counter = LineCounter(filename, plain) if filename is not None else None
    stack.append(counter if counter is not None and counter.start() else None)


def _line_stack() -> list[LineCounter | None]:
    found = getattr(thread_state, "observed_lines", None)
    if found is None:
        found = thread_state.observed_lines = []
    return found


def _stop_lines() -> dict[int, int] | None:
    stack = _line_stack()
    counter = stack.pop() if stack else None
    return counter.stop() if counter is not None else None


def on_trace(call: JaxCall, user: UserCall, seconds: float) -> ObservedFunction:
    """JAX traced ``call``: count it, say why, and keep the reasons for its compile."""
    line_hits = _stop_lines()
    observed = observed_for(user)
    try:
        signature: Signature | None = user.signature()
    except Exception:  # noqa: BLE001 - an odd argument must not break the user's jit
        signature = None
    compared_to, changes = reasons(observed.history, signature, observed.redefined)
    nested = inside_another_trace()  # JAX 0.8 reports a jit traced inside another: not compiled itself
    if signature is not None and call.failure is None and not nested:
        observed.history.add(signature)
    observed.row.add_trace()
    record = None
    if collectors and not getattr(thread_state, "building_report", False):
        record = TraceRecord(function=observed, signature=signature, changes=changes, started=time.time() - seconds,
                             thread=threading.get_ident(), compared_to=compared_to, jaxpr=call.jaxpr,
                             error=call.failure, line_hits=line_hits)
        record.finished, record.trace_seconds = time.time(), seconds
        for collector in list(collectors):
            collector._add(record)
    if call.failure is not None or nested:
        return observed  # nothing compiles after a failed trace, nor for a jit traced inside another one
    waiting = pending.Pending(
        observed, fast_key(signature) if signature is not None else None, changes,
        signature.text() if signature is not None else "", compared_to.text() if compared_to is not None else None,
        record, avals_of(call.jaxpr), pending.weak(call.fun),
    )
    pending.add(waiting)  # the newest last: traced_just_now reads from the end
    return observed


def avals_of(jaxpr: Any) -> tuple | None:
    """The argument avals a traced jaxpr is for (None when it does not say)."""
    try:
        return tuple(jaxpr.in_avals) if jaxpr is not None else None
    except Exception:  # noqa: BLE001 - a jaxpr of another form: the lowering is taken as this trace's
        return None


def traced_just_now(fun: Any) -> ObservedFunction | None:
    """The function this thread traced last for JAX's function ``fun``, awaiting its lowering or compile."""
    return next((w.function for w in pending.entries() if w.fun() is fun), None)


def traced_named(jax_name: str) -> ObservedFunction | None:
    """The newest trace of this thread awaiting its compile whose function JAX names ``jax_name``.

    An ahead-of-time ``jitted.lower(...).compile()`` compiles where no jitted call is on the stack:
    its trace came just before, in this thread.
    """
    found = {
        id(waiting.function): waiting.function for waiting in pending.entries()
        if isinstance(waiting.function, ObservedFunction) and (fun := waiting.fun()) is not None
        and jax_name_of(fun) == jax_name
    }
    return next(iter(found.values())) if len(found) == 1 else None  # two of that name: which cannot be told


def _compiled(observed: ObservedFunction, key: Any) -> None:
    if key is None:
        return
    if len(observed.compiled) >= 1024:  # bounded: a function compiled for very many signatures forgets old ones
        observed.compiled.clear()
    observed.compiled.add(key)


def on_lower(observed: ObservedFunction, call: JaxCall | None, seconds: float, module: int = 0,
             fresh: bool = True, user: Callable[[], UserCall] | None = None, avals: tuple = ()) -> list[Change]:
    """JAX lowered ``call`` (to the module of id ``module``): note how long, and keep JAX's parameters
    for the report's cost. Returns why it is about to compile.

    After a new trace (``fresh``) the lowering takes the newest trace awaiting its compile. Without
    one, JAX lowered a trace it kept (a retry after the limit refused a compile, a new placement):
    it takes the trace made for this call's own signature, read from ``user``, if one awaits.
    """
    signature = None
    waiting = _waiting(observed) if fresh else None
    if waiting is not None and not monitor.same_avals(waiting.avals, avals):
        waiting, fresh = None, False  # the newest trace was for other arguments (``eval_shape``): not this one
        monitor.not_traced(module)
    if not fresh:
        signature = _signature(user)
        waiting = pending.with_key(observed, fast_key(signature)) if signature is not None else None
    if waiting is None:
        return _untraced_changes(observed, signature if not fresh else _signature(user))
    waiting.module = module
    if waiting.record is not None:
        waiting.record.lower_seconds = seconds
        if call is not None and call.params is not None:
            waiting.record.stage = stage_of(call.params, call.args_flat)
    return list(waiting.changes)


def _signature(user: Callable[[], UserCall] | None) -> Signature | None:
    try:
        return user().signature() if user is not None else None
    except Exception:  # noqa: BLE001 - an odd argument must not break the user's jit
        return None


def _untraced_changes(observed: ObservedFunction, signature: Signature | None) -> list[Change]:
    """Why a lowering that took no trace is about to compile: a new signature, or a new placement."""
    if signature is None:
        return []
    if fast_key(signature) in observed.compiled:
        return placement_changes(observed.placements, {})
    return reasons(observed.history, signature, observed.redefined)[1]


def on_compile(observed: ObservedFunction, compiled: monitor.Event, placements: dict[str, str],
               user: Callable[[], UserCall]) -> None:
    """JAX compiled for ``observed``: the compile takes its trace's reasons (or says it had no trace).

    ``user`` reads the call again, for a first compile whose trace JAX reported no event for (the
    function was traced inside another jit first, and JAX kept that trace).
    """
    seconds = compiled.seconds
    waiting = pending.take(_waiting(observed, module=compiled.module))
    signature: Signature | None = None
    if waiting is None:  # no trace event before it: traced inside another jit first, or a new placement
        try:
            signature = user().signature()
        except Exception:  # noqa: BLE001
            signature = None
    if waiting is not None:
        if waiting.record is not None:
            waiting.record.compile_seconds = seconds
        observed.redefined = False
        _compiled(observed, waiting.key)
        event = Recompile(list(waiting.changes), seconds, time.time(), waiting.compared_to, waiting.signature)
    elif signature is not None and fast_key(signature) not in observed.compiled:  # a signature not compiled yet
        compared_to, changes = reasons(observed.history, signature, observed.redefined)
        if observed.row.compiles == 0 and not any(c.what == "first-call" for c in changes):
            # traced inside another jit before (JAX 0.8 reports that trace too): still its first compile
            compared_to, changes = None, [*[c for c in changes if c.what == "function-redefined"],
                                          Change("", "first-call")]
        observed.history.add(signature)
        _compiled(observed, fast_key(signature))
        observed.redefined = False
        event = Recompile(changes, seconds, time.time(), compared_to.text() if compared_to is not None else None,
                          signature.text(), retraced=False)
    else:  # compiled again without a new trace: the same abstract signature on a new placement
        changes = placement_changes(observed.placements, placements)
        event = Recompile(changes, seconds, time.time(), None, "", retraced=False)
        for collector in list(collectors):
            collector._add_recompile(observed.name, changes)
    if placements:
        observed.placements = placements
    counted = observed.row.add_compile(dataclasses.replace(event, **phases_of(compiled)))
    if waiting is not None and waiting.record is not None:
        waiting.record.compile_id, waiting.record.from_disk_cache = counted.id, counted.from_disk_cache
