"""One :class:`ObservedFunction` per jitted function jaxmagic did not make, and the reasons of its compiles.

JAX's trace event gives the call (:mod:`.frames`), an adapter gives the
user's view of it (:mod:`.adapters`), and the function's history gives the
reasons, exactly as for a tracked function: every difference from the
closest earlier signature, ``function-redefined`` for a new function object
standing for an earlier one. The compile that follows takes them over.
"""
from __future__ import annotations

import threading
import time
import weakref
from typing import Any

from ..._common.source import unwrap_function
from ..changes import Change
from ..history import History, reasons
from ..linehits import LineCounter
from ..redefinition import register
from ..signature import Signature
from ..stats import Recompile, Row
from ..tracked import TraceRecord, collectors, thread_state
from .adapters import function_name
from .frames import JaxCall, stage_of
from .usercall import UserCall

__all__ = ["ObservedFunction", "observed_for", "forget", "start_lines", "on_trace", "on_lower", "on_compile"]


class ObservedFunction:
    """Bookkeeping for one jitted function jaxmagic did not make (plain ``jax.jit``, NNX, equinox).

    Duck-types what reports and rows read of a :class:`~..tracked.TrackedFunction`:
    ``name``, ``fn``, ``jitted``, ``source_file``, ``row``, ``history``.
    """

    def __init__(self, call: UserCall) -> None:
        self.fn = call.function
        self.name = function_name(call.function)
        self.wrapper = call.wrapper
        self.jitted = call.jitted
        plain = unwrap_function(call.function)
        self.source_file: str | None = getattr(getattr(plain, "__code__", None), "co_filename", None)
        self.placements: dict[str, str] = {}
        self.row: Row
        self.key: str
        self.redefined: bool
        self.row, self.key, self.redefined = register(self)
        self.row.wrapper = call.wrapper
        self.history: History = self.row.analysis

    def __repr__(self) -> str:
        return f"<ObservedFunction {self.name} ({self.wrapper}): {self.row.compiles} compiles>"


_by_identity: weakref.WeakKeyDictionary[Any, ObservedFunction] = weakref.WeakKeyDictionary()
_strong: dict[int, tuple[Any, ObservedFunction]] = {}  # identities that take no weak reference
_STRONG = 256
_lock = threading.Lock()


def observed_for(call: UserCall) -> ObservedFunction:
    """The function ``call`` belongs to, made (and given its row) on its first trace."""
    with _lock:
        try:
            found = _by_identity.get(call.identity)
        except TypeError:
            held = _strong.get(id(call.identity))
            found = held[1] if held is not None and held[0] is call.identity else None
        if found is not None:
            if call.jitted is not None:
                found.jitted = call.jitted
            return found
    observed = ObservedFunction(call)
    with _lock:
        try:
            _by_identity[call.identity] = observed
        except TypeError:
            if len(_strong) >= _STRONG:
                _strong.pop(next(iter(_strong)))
            _strong[id(call.identity)] = (call.identity, observed)
    return observed


def forget() -> None:
    """Drop every observed function (``jaxmagic.reset()``): each starts a new row at its next trace."""
    with _lock:
        _by_identity.clear()
        _strong.clear()


class _Pending:
    """A trace whose compile has not come yet."""

    __slots__ = ("function", "signature", "changes", "compared_to", "record", "fun")

    def __init__(self, function: ObservedFunction, signature: Signature | None, changes: list[Change],
                 compared_to: Signature | None, record: TraceRecord | None, fun: Any) -> None:
        self.function, self.signature, self.changes = function, signature, changes
        self.compared_to, self.record, self.fun = compared_to, record, fun


def _pending() -> dict[int, _Pending]:
    found = getattr(thread_state, "observed", None)
    if found is None:
        found = thread_state.observed = {}
    return found


def start_lines(user: UserCall) -> None:
    """Count the lines Python runs in the user's file while this trace runs (a report is being collected)."""
    plain = unwrap_function(user.function)
    filename = getattr(getattr(plain, "__code__", None), "co_filename", None)
    if filename is None:
        return
    counter = LineCounter(filename)
    if counter.start():
        thread_state.observed_lines = counter


def _stop_lines() -> dict[int, int] | None:
    counter = getattr(thread_state, "observed_lines", None)
    if counter is None:
        return None
    thread_state.observed_lines = None
    return counter.stop()


def on_trace(call: JaxCall, user: UserCall, seconds: float) -> ObservedFunction:
    """JAX traced ``call``: count it, say why, and keep the reasons for its compile."""
    line_hits = _stop_lines()
    observed = observed_for(user)
    try:
        signature: Signature | None = user.signature()
    except Exception:  # noqa: BLE001 - an odd argument must not break the user's jit
        signature = None
    compared_to, changes = reasons(observed.history, signature, observed.redefined)
    if signature is not None and call.failure is None:
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
    if call.failure is not None:
        return observed  # nothing compiles after a failed trace
    pending = _pending()
    if len(pending) > 64:  # traces never compiled (``.trace()``, ``.lower()`` alone): keep only recent ones
        pending.pop(next(iter(pending)))
    pending.pop(id(observed), None)  # the newest trace last: traced_just_now reads from the end
    pending[id(observed)] = _Pending(observed, signature, changes, compared_to, record, call.fun)
    return observed


def traced_just_now(fun: Any) -> ObservedFunction | None:
    """The function this thread traced last for JAX's function ``fun``, awaiting its lowering or compile."""
    for waiting in reversed(list(_pending().values())):
        if waiting.fun is fun:
            return waiting.function
    return None


def on_lower(observed: ObservedFunction, call: JaxCall, seconds: float) -> None:
    """JAX lowered ``call``: note how long, and keep JAX's parameters for the report's cost."""
    waiting = _pending().get(id(observed))
    if waiting is not None and waiting.record is not None:
        waiting.record.lower_seconds = seconds
        if call.params is not None:
            waiting.record.stage = stage_of(call.params, call.args_flat)


def on_compile(observed: ObservedFunction, seconds: float, placements: dict[str, str]) -> None:
    """JAX compiled for ``observed``: the compile takes its trace's reasons (or says it had no trace)."""
    waiting = _pending().pop(id(observed), None)
    if waiting is not None:
        if waiting.record is not None:
            waiting.record.compile_seconds = seconds
        observed.redefined = False
        event = Recompile(
            list(waiting.changes), seconds, time.time(),
            waiting.compared_to.text() if waiting.compared_to is not None else None,
            waiting.signature.text() if waiting.signature is not None else "",
        )
    else:  # compiled again without a new trace: the same abstract signature on a new placement
        before = observed.placements
        changes = [
            Change(path, "sharding", before[path], after)
            for path, after in placements.items()
            if path in before and before[path] != after
        ] or [Change("", "sharding", "earlier placement", "a new placement or sharding of an argument")]
        event = Recompile(changes, seconds, time.time(), None, "", retraced=False)
        for collector in list(collectors):
            collector._add_recompile(observed.name, changes)
    if placements:
        observed.placements = placements
    observed.row.add_compile(event)

