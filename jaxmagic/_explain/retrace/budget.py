"""The time one explanation may spend tracing again: re-traces share a budget of CPU time, capped by the clock.

No re-trace starts once the budget is spent, and one that runs past it is
stopped at the next operation JAX records; what is left untried says so.
"""
from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from ..._common.jaxpr import jaxpr_recorder, quick_array_attributes

__all__ = ["OutOfTime", "RETRACE_SECONDS", "capped", "retrace_budget", "retrace_seconds", "settle_when",
           "within_budget"]

RETRACE_SECONDS = 0.75  # re-traces of one explanation: none starts after this; what is left is untried, and says so
# (an explanation, its tries included, stays within about 1 s of CPU time)
SETTLED_SHARE = 0.3  # once the preferred fix traced, the lesser fixes' tries run only in this share of the budget
WALL_FACTOR = 2  # the budget is this thread's CPU time (a busy machine does not shrink it); the wall clock's cap
_clock = threading.local()


def _now() -> tuple[float, float]:
    """This thread's CPU time and the wall clock: the budget counts the first, and caps the second."""
    return time.thread_time(), time.perf_counter()


def retrace_seconds() -> float:
    """The budget: ``RETRACE_SECONDS``, or the environment's ``JAXMAGIC_RETRACE_SECONDS`` (a test suite's or a
    patient user's)."""
    try:
        return float(os.environ.get("JAXMAGIC_RETRACE_SECONDS", RETRACE_SECONDS))
    except ValueError:
        return RETRACE_SECONDS


class OutOfTime(BaseException):
    """A re-trace not started, or stopped: the explanation's time for re-tracing was spent (or, ``settled``, its
    share for the fixes after a preferred one that already traced; ``cut``, while this trace ran)."""

    def __init__(self, settled: bool = False, cut: bool = False) -> None:
        super().__init__()
        self.settled, self.cut = settled, cut

    def __str__(self) -> str:
        if self.settled:
            return f"the first fix traced, and the tries took {retrace_seconds() * SETTLED_SHARE:g} s already"
        if self.cut:
            return f"its trace ran past the explanation's {retrace_seconds():g} s for tries, and was stopped"
        return f"the explanation's tries took its {retrace_seconds():g} s already"


@contextlib.contextmanager
def retrace_budget(seconds: float | None = None):
    """From now, the re-traces inside share ``seconds``: none starts after (the outermost budget holds when
    nested)."""
    outer, started = getattr(_clock, "deadline", None), getattr(_clock, "started", None)
    if outer is None:
        budget, (cpu, wall) = retrace_seconds() if seconds is None else seconds, _now()
        _clock.started, _clock.deadline = (cpu, wall), (cpu + budget, wall + WALL_FACTOR * budget)
    try:
        yield
    finally:
        _clock.deadline, _clock.started = outer, started


@contextlib.contextmanager
def settle_when(settled: Callable[[], bool]):
    """Once ``settled()`` holds (the preferred fix traced), no re-trace starts after ``SETTLED_SHARE`` of the budget,
    and one that runs past it is stopped: lesser fixes (a static span unrolling a loop) are left untried."""
    outer = getattr(_clock, "settled", None)
    _clock.settled = settled
    try:
        yield
    finally:
        _clock.settled = outer


@contextlib.contextmanager
def within_budget():
    """A re-trace, unless the explanation's budget is spent: then :class:`OutOfTime` is raised before it starts,
    or, once it runs past the budget, at the next operation JAX records (never from a timer: an exception thrown
    into JAX's tracing from another thread can leave the interpreter's recursion count wrong for the session)."""
    deadline, now = getattr(_clock, "deadline", None), _now()
    if deadline is not None and (now[0] >= deadline[0] or now[1] >= deadline[1]):
        raise OutOfTime()
    started, settled = getattr(_clock, "started", None), getattr(_clock, "settled", None)
    share, lesser = retrace_seconds() * SETTLED_SHARE, started is not None and settled is not None and settled()
    if lesser and now[0] - started[0] > share:
        raise OutOfTime(settled=True)
    if lesser and deadline is not None:  # a lesser fix's try, once the preferred one traced: stopped at the share too
        deadline = (min(deadline[0], started[0] + share), min(deadline[1], started[1] + WALL_FACTOR * share))
    with _stopped_at(deadline, settled=lesser), quick_array_attributes():
        yield


@contextlib.contextmanager
def _stopped_at(deadline: tuple[float, float] | None, settled: bool = False):
    """Inside, JAX's recording of each operation into a jaxpr first checks the clock, in this thread only: past
    ``deadline`` it raises :class:`OutOfTime` where the operation would be recorded, as any error of the traced
    code is raised (a library whose tracing is slow in itself: adam's 1,887 ``asarray`` calls, each asking a tracer
    for its sharding, take a minute to trace once)."""
    recorder = jaxpr_recorder()  # None for a JAX that moved it: a started re-trace runs to its end
    original = getattr(recorder, "process_primitive", None)
    if deadline is None or original is None:
        yield
        return
    owner = threading.get_ident()

    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() == owner and (time.thread_time() > deadline[0] or time.perf_counter() > deadline[1]):
            raise OutOfTime(settled=settled, cut=True)
        return original(self, *args, **kwargs)

    recorder.process_primitive = checked
    try:
        yield
    finally:
        recorder.process_primitive = original


@contextlib.contextmanager
def capped(seconds: float, leave: float = 0.0):
    """Inside, re-traces stop ``seconds`` of CPU time from now at the latest, and ``leave`` seconds before the
    budget's end: a run again that would take longer is better made another way, in the time left."""
    outer, (cpu, wall) = getattr(_clock, "deadline", None), _now()
    mine = (cpu + seconds, wall + WALL_FACTOR * seconds)
    _clock.deadline = mine if outer is None else (min(outer[0] - leave, mine[0]),
                                                  min(outer[1] - WALL_FACTOR * leave, mine[1]))
    try:
        yield
    finally:
        _clock.deadline = outer
