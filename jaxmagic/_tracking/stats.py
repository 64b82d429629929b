"""Recompile statistics: one row per jitted function, its compiles and why each happened.

Every row carries each compile with its reasons (the changes against the
closest earlier signature): for the functions jaxmagic jits itself, and for
every other jit whose call JAX's frames show (the user's own ``jax.jit``,
``flax.nnx.jit``, ``equinox.filter_jit``, library code; see ``observed/``).
A compile no jitted call places gets a row of counts only, by JAX's name
``jit(f)``.

History is bounded: a row keeps its last :data:`HISTORY` compiles and
summarises older ones by reason, so a function that recompiled 100,000 times
costs the same memory as one that recompiled 1,000 times. Only strings and
small numbers are kept, never the user's arrays or static values.
"""
from __future__ import annotations

import collections
import dataclasses
import re
import threading
from collections.abc import Callable
from typing import Any

from .._common.xla_memory import MemoryReading
from .._render.display import Displayed
from .._render.numbers import duration
from .changes import Change

__all__ = ["Recompile", "Advice", "FunctionStats", "Row", "registry", "answers_to", "phases_of", "reason_kind",
           "read_memory", "take_counted", "time_summary", "HISTORY"]

HISTORY = 1000  # compiles kept per function; older ones are counted by reason


@dataclasses.dataclass(frozen=True, slots=True)  # one per compile: kept small
class Recompile:
    """One compile of a function and why it happened.

    Attributes
    ----------
    changes : list of Change
        Every difference from ``compared_to`` (``first-call`` for the first).
    compile_seconds : float or None
        The backend compile time JAX reported.
    when : float
        When it finished (``time.time()``).
    compared_to : str or None
        The earlier signature it is compared with: the one with the fewest
        differing leaves, the most recent among equals.
    signature : str
        This compile's signature, as the report prints it.
    retraced : bool
        False for a compile without a new trace (a new placement of the
        same abstract signature).
    memory : tuple of (str, int)
        XLA's memory analysis of the executable, by figure; figures a
        backend does not report are absent.
    trace_seconds, lower_seconds : float or None
        The trace and the lowering that led to this compile, as JAX
        reported them; None when it had none (no new trace).
    from_disk_cache : bool
        JAX's persistent compilation cache supplied the executable
        (``compile_seconds`` is then the time to read it).
    id : str
        ``train_step#3``: the row's name and the compile's number in it,
        counted from 1 and never reused in this process (a reset keeps
        counting).
    """

    changes: list[Change]
    compile_seconds: float | None
    when: float
    compared_to: str | None = None
    signature: str = ""
    retraced: bool = True
    tracked: bool = True  # False: a jit jaxmagic only counts; its reasons are unknown
    # XLA's memory analysis of this compile's executable: (figure, bytes) pairs, figures a backend gives
    # as 0 left out (a tuple, shared when empty: a function keeps up to 1,000 of these); in the row, a
    # MemoryReading until a snapshot reads it
    memory: tuple[tuple[str, int], ...] | MemoryReading = ()
    trace_seconds: float | None = None
    lower_seconds: float | None = None
    from_disk_cache: bool = False
    id: str = ""

    @property
    def reason(self) -> str:
        if not self.tracked:
            return "reason unknown (JAX's frames did not show the call: counts only)"
        return "; ".join(str(c) for c in self.changes) or (
            "compiled again for a signature seen before (JAX's caches were cleared, or the history was reset)"
        )


@dataclasses.dataclass(frozen=True)
class Advice:
    """What to do about a pattern of recompiles.

    ``kind`` is one of ``static-churn``, ``shape-churn``, ``weak-type-flip``,
    ``redefined-function``, ``unrolled-loop``; ``message`` says what to do, in
    the user's names; ``path`` is the argument it is about, if any.
    """

    kind: str
    message: str
    path: str = ""
    code: str = ""


@dataclasses.dataclass
class FunctionStats(Displayed):
    """The statistics of one function (a snapshot; see :func:`jaxmagic.stats`).

    Attributes
    ----------
    name : str
        The row's key, the name the user knows the function by: its
        ``__qualname__`` (through ``functools.wraps``, ``jax.grad``, a
        library's wrapper), ``track(name=...)``, ``name@cell:line`` for a
        second live function of that name, or ``jit(f)`` for a compile no
        jitted call on JAX's stack places (counts only).
    traces, compiles : int
        Exactly what JAX did (its ``jax.monitoring`` events).
    compile_seconds : float
        Total backend compile time (for a compile from JAX's persistent
        cache, the time to read it).
    trace_seconds, lower_seconds : float
        Total time tracing and lowering for these compiles.
    from_disk_cache : int
        Compiles whose executable came from JAX's persistent compilation
        cache.
    events : list of Recompile
        The compiles, oldest first (the last :data:`HISTORY`).
    advice : list of Advice
    where : str
        Where the function was defined (``cell 3, line 2``, ``file.py:10``).
    tracked : bool
        True when the reason of each compile is known: a function jaxmagic
        jitted, or any other jit whose call JAX's frames showed.
    wrapper : str
        What jitted it: ``jaxmagic`` (``%%jittrace``, ``track``), ``jax.jit``,
        ``equinox.filter_jit``, ``flax.nnx.jit``; "" for a row of counts only.
    dropped : dict
        Older compiles no longer in ``events``, counted by the kind of their
        reason (``shape of x``, values left out).
    """

    name: str
    traces: int = 0
    compiles: int = 0
    compile_seconds: float = 0.0
    events: list[Recompile] = dataclasses.field(default_factory=list)
    advice: list[Advice] = dataclasses.field(default_factory=list)
    where: str = ""
    tracked: bool = False
    internal: bool = False
    dropped: dict[str, int] = dataclasses.field(default_factory=dict)
    wrapper: str = ""
    trace_seconds: float = 0.0
    lower_seconds: float = 0.0
    from_disk_cache: int = 0

    @property
    def last_reason(self) -> str:
        return self.events[-1].reason if self.events else ""

    @property
    def time_summary(self) -> str:
        """Where the compile time went: ``4 compiles: 3 compiled, 1 from disk cache; 2.1 s compiling, 0.3 s tracing``."""
        return time_summary(self.compiles, self.from_disk_cache, self.compile_seconds, self.trace_seconds,
                            self.lower_seconds)


def phases_of(event: Any) -> dict[str, Any]:
    """What a compile event of :mod:`.monitor` says beyond its seconds, as :class:`Recompile`'s fields."""
    return {"memory": event.memory, "trace_seconds": event.trace_seconds, "lower_seconds": event.lower_seconds,
            "from_disk_cache": event.from_disk_cache}


def time_summary(compiles: int, from_disk: int, compiling: float, tracing: float, lowering: float) -> str:
    """One line saying how many compiles were real and how long each phase took in all."""
    if not compiles:
        return "no compiles"
    head = f"{compiles} compile{'s' if compiles != 1 else ''}"
    if from_disk:
        head += f": {compiles - from_disk} compiled, {from_disk} from disk cache"
    parts = [f"{duration(compiling)} compiling"]
    if tracing:
        parts.append(f"{duration(tracing)} tracing")
    if lowering:
        parts.append(f"{duration(lowering)} lowering")
    return f"{head}; {', '.join(parts)}"



class Row:
    """The live, mutable record behind one :class:`FunctionStats`."""

    def __init__(self, name: str, *, tracked: bool, where: str = "", internal: bool = False) -> None:
        self.name = name
        self.tracked = tracked
        self.where = where
        self.internal = internal
        self.wrapper = "jaxmagic" if tracked else ""  # an observed jit's row says which wrapper
        self.traces = 0
        self.compiles = 0
        self.compile_seconds = 0.0
        self.trace_seconds = 0.0
        self.lower_seconds = 0.0
        self.from_disk_cache = 0
        self.numbered = 0  # compiles ever numbered here: ids stay unique across resets
        self.unread = 0  # compiles whose memory analysis no snapshot has read yet
        self.events: collections.deque[Recompile] = collections.deque(maxlen=HISTORY)
        self.dropped: collections.Counter[str] = collections.Counter()
        # what advice counts, over every compile (not only the kept ones), never crowded out by other changes
        self.redefinitions = 0
        self.weak_type_flips: collections.Counter[str] = collections.Counter()  # by path, at most _FLIP_PATHS
        self.analysis: Any = None  # advice inputs kept by the tracker (signatures, loop lines)
        self.jit_statement = ""  # for a lambda jitted where it is written: that statement, to run once
        self.owner: Any = None  # weak reference to the TrackedFunction last counted here
        self.advice_cache: tuple | None = None  # (what the advice was computed from, the advice)
        self.lock = threading.Lock()

    def add_compile(self, event: Recompile) -> Recompile:
        """Count ``event``; returns it with its id (``name#n``)."""
        with self.lock:
            self.numbered += 1
            event = dataclasses.replace(event, id=f"{self.name}#{self.numbered}")
            self.compiles += 1
            self.compile_seconds += event.compile_seconds or 0.0
            self.trace_seconds += event.trace_seconds or 0.0
            self.lower_seconds += event.lower_seconds or 0.0
            self.from_disk_cache += event.from_disk_cache
            self.unread += isinstance(event.memory, MemoryReading)
            if len(self.events) == self.events.maxlen:
                _count_capped(self.dropped, reason_kind(self.events[0]), "other reasons")
            self.events.append(event)
            # a weak-type flip is advice only when it alone caused the compile: with a shape change too,
            # passing the value one way would not have saved it
            alone = all(c.what in ("weak-type", "function-redefined") for c in event.changes)
            for change in event.changes:
                if change.what == "function-redefined":
                    self.redefinitions += 1
                elif change.what == "weak-type" and alone and (change.path in self.weak_type_flips
                                                               or len(self.weak_type_flips) < _FLIP_PATHS):
                    self.weak_type_flips[change.path] += 1
        _counted.row = self  # the recompile limit reads it once JAX's event is handled
        return event

    def add_trace(self) -> None:
        with self.lock:
            self.traces += 1

    def snapshot(self, advise: Callable[[Row], list[Advice]] | None = None) -> FunctionStats:
        with self.lock:
            if self.unread:  # XLA's memory analyses, read now rather than inside each compile
                self.events = collections.deque(map(read_memory, self.events), maxlen=HISTORY)
                self.unread = 0
            stats = FunctionStats(
                name=self.name,
                traces=self.traces,
                compiles=self.compiles,
                compile_seconds=self.compile_seconds,
                events=list(self.events),
                where=self.where,
                tracked=self.tracked,
                internal=self.internal,
                dropped=dict(self.dropped),
                wrapper=self.wrapper,
                trace_seconds=self.trace_seconds,
                lower_seconds=self.lower_seconds,
                from_disk_cache=self.from_disk_cache,
            )
        if advise is not None:
            stats.advice = advise(self)
        return stats

    def reset(self) -> None:
        with self.lock:
            self.traces = self.compiles = self.from_disk_cache = self.unread = 0
            self.compile_seconds = self.trace_seconds = self.lower_seconds = 0.0
            self.events.clear()
            self.dropped.clear()
            self.redefinitions = 0
            self.weak_type_flips.clear()
            if self.analysis is not None:
                self.analysis.reset()


def read_memory(event: Recompile) -> Recompile:
    """``event`` with XLA's memory analysis read (a row keeps it unread until a snapshot asks)."""
    if isinstance(event.memory, MemoryReading):
        return dataclasses.replace(event, memory=event.memory.figures())
    return event


_counted = threading.local()


def take_counted() -> Row | None:
    """The row the current thread's latest compile counted in, once (None when already taken)."""
    row = getattr(_counted, "row", None)
    _counted.row = None
    return row


_DISTINCT_KEYS = 64  # distinct kinds of reason counted for older compiles: memory stays bounded in a storm
_FLIP_PATHS = 256  # arguments whose weak-type flips are counted


def _count_capped(counter: collections.Counter, key: Any, overflow: Any) -> None:
    counter[key if key in counter or len(counter) < _DISTINCT_KEYS - 1 else overflow] += 1


def reason_kind(event: Recompile) -> str:
    """A compile's reason without its values (``shape of x``), so older compiles group by kind."""
    if not event.tracked:
        return "reason unknown (not tracked)"
    kinds = sorted({
        str(c) if c.what in ("first-call", "function-redefined") else
        f"{c.what.replace('-', ' ')} of {c.path}" if c.path else c.what.replace("-", " ")
        for c in event.changes
    })
    if not kinds:
        return "a signature seen before"
    return ", ".join(kinds[:3]) + (f" and {len(kinds) - 3} more" if len(kinds) > 3 else "")


def answers_to(key: str) -> set[str]:
    """Every name a row can be asked for by: ``Model.__call__``, ``__call__``; ``grad(ns.loss)``,
    ``grad(loss)``, ``loss``; a second live function's ``name@place`` also by ``name``."""
    label = key.split("@", 1)[0]
    names = {key, label, label.rsplit(".", 1)[-1]}
    match = re.fullmatch(r"((?:\w+\()*)([^()]+?)(\)*)", label)  # transformations around the qualified name
    if match and match.group(1):
        inner = match.group(2)
        short = inner.rsplit(".", 1)[-1]
        names |= {inner, short, f"{match.group(1)}{short}{match.group(3)}"}
    return names


class Registry:
    """Every row, by name; tells listeners (the panel) when something changed."""

    def __init__(self) -> None:
        self.rows: dict[str, Row] = {}
        self.lock = threading.Lock()
        self.listeners: list[Callable[[], None]] = []
        self.numbered: dict[str, int] = {}  # a dropped row's last compile number: a new row of its name goes on

    def row(self, name: str, *, tracked: bool, where: str = "", internal: bool = False) -> Row:
        with self.lock:
            found = self.rows.get(name)
            if found is None:
                found = self.rows[name] = Row(name, tracked=tracked, where=where, internal=internal)
                found.numbered = self.numbered.pop(name, 0)
            elif where and not found.where:
                found.where = where
            return found

    def unique_name(self, name: str, where: str) -> str:
        """``name``, or ``name@where`` when another function already holds ``name``."""
        with self.lock:
            if name not in self.rows:
                return name
            candidate = f"{name}@{where}" if where else f"{name}@{len(self.rows)}"
            number = 2
            unique = candidate
            while unique in self.rows:
                unique = f"{candidate}#{number}"
                number += 1
            return unique

    def drop(self, name: str) -> None:
        """Forget the row ``name`` (call with the lock held); its compile ids are never given again."""
        row = self.rows.pop(name, None)
        if row is not None and row.numbered:
            self.numbered[name] = row.numbered

    def changed(self) -> None:
        for listener in list(self.listeners):
            try:
                listener()
            except Exception:  # noqa: BLE001 - a display fault must never reach the user's jit
                pass

    def names(self, include_internal: bool = False) -> list[str]:
        with self.lock:
            return [n for n, r in self.rows.items() if include_internal or not r.internal]


registry = Registry()
