"""The one record of a trace awaiting its compile, for every kind of jit.

JAX traces, lowers and compiles in three steps, and reports each as its own
event. A trace's reasons (why JAX traced) belong to the compile that follows
it, which may come at once (a call), later (``f.lower(x)`` … ``.compile()``),
or never (``eval_shape``, ``.trace()``, a compile the recompile limit
refused). Each finished trace is kept here, in the thread that traced it,
until a compile takes it: the lowering marks the entry with the module it
made, so that the compile of that very module takes that very trace.

Tracked functions (jaxmagic's own jit) and observed ones (every other jit)
keep their traces here alike; a :class:`~.tracked.TraceRecord` is the
report's record of a trace and is attached when a report is being collected.
"""
from __future__ import annotations

import dataclasses
import itertools
import threading
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from ..changes import Change

__all__ = ["Pending", "add", "entries", "newest", "with_key", "lowered_to", "take", "forget"]

KEPT = 64  # traces never compiled (``.trace()``, ``.lower()`` alone, a refused compile): only recent ones stay


@dataclasses.dataclass(eq=False)
class Pending:
    """A finished trace whose compile has not come yet.

    Attributes
    ----------
    function :
        The :class:`~.tracked.TrackedFunction` or :class:`~.observed.functions.ObservedFunction` traced.
    key :
        The signature's key (``changes.fast_key``); None when the signature could not be read.
    changes : list of Change
        Why JAX traced: what the compile will say.
    signature, compared_to : str
        The signature and the closest earlier one, as text (kept as text: no static value is held).
    record :
        The report's ``TraceRecord`` of this trace, when one is being collected (always, for a tracked one).
    avals :
        The arguments' abstract values JAX traced for, when its frames showed them.
    fun :
        A weak reference to the function JAX was given (an observed jit: ``traced_just_now`` looks it up).
    module : int
        Once lowered, the id of the module JAX made of it: the compile of that module takes this trace.
    """

    function: Any
    key: Any
    changes: list[Change]
    signature: str = ""
    compared_to: str | None = None
    record: Any = None
    avals: tuple | None = None
    fun: Callable[[], Any] = lambda: None
    module: int = 0
    generation: int = 0


_tls = threading.local()
_numbers = itertools.count()
_generation = 0  # bumped by forget(): traces seen before are no longer waited on


def _store() -> dict[int, Pending]:
    found = getattr(_tls, "entries", None)
    if found is None:
        found = _tls.entries = {}
    return found


def weak(value: Any) -> Callable[[], Any]:
    """A weak reference to ``value``, or a strong one where it takes none (a builtin)."""
    if value is None:
        return lambda: None
    try:
        return weakref.ref(value)
    except TypeError:
        return lambda: value


def add(entry: Pending, replace_same_key: bool = False) -> Pending:
    """Keep ``entry`` (the newest last); with ``replace_same_key``, it replaces an earlier trace of the same
    function and signature (a tracked function's retry)."""
    store = _store()
    if replace_same_key:
        for number, old in list(store.items()):
            if old.function is entry.function and old.key == entry.key:
                del store[number]
    if len(store) >= KEPT:
        store.pop(next(iter(store)))
    entry.generation = _generation
    store[next(_numbers)] = entry
    return entry


def entries() -> Iterator[Pending]:
    """This thread's traces awaiting their compile, newest first (a reset's older ones left out)."""
    for entry in reversed(list(_store().values())):
        if entry.generation == _generation:
            yield entry


def newest(function: Any, unlowered: bool = False) -> Pending | None:
    """The newest trace of ``function`` awaiting its compile (with ``unlowered``, one not lowered yet)."""
    return next((e for e in entries() if e.function is function and not (unlowered and e.module)), None)


def with_key(function: Any, key: Any) -> Pending | None:
    """The newest trace of ``function`` for the signature ``key``."""
    return next((e for e in entries() if e.function is function and e.key == key), None)


def lowered_to(function: Any, module: int) -> Pending | None:
    """The trace of ``function`` that JAX lowered to the module of id ``module``."""
    if not module:
        return None
    return next((e for e in entries() if e.function is function and e.module == module), None)


def take(entry: Pending | None) -> Pending | None:
    """Remove ``entry``: its compile came."""
    if entry is not None:
        store = _store()
        for number, found in list(store.items()):
            if found is entry:
                del store[number]
                break
    return entry


def forget() -> None:
    """A reset: traces awaiting their compile, in every thread, are no longer waited on."""
    global _generation
    _generation += 1
