"""Tracked ``jax.jit``: see every trace of a function without touching its hot path.

``tracked_jit(f, **jit_kwargs)`` returns a real ``jax.jit`` object.  The only
difference is the Python function inside it: a *recorder* that runs only
while JAX traces, notes the abstract signature and why this trace happened,
then calls ``f``.  Cached calls go straight through JAX's C++ dispatch and
never reach Python, so tracking costs nothing once a signature is compiled.

Traces and compiles are counted from ``jax.monitoring`` events
(:mod:`.attribution`), so the counts are exactly JAX's.
"""
from __future__ import annotations

import dataclasses
import functools
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import jax

from .._common import jax_config
from .._common.lambdas import user_qualname
from .._common.source import unwrap_function, without_partial
from . import monitor
from .compiling import pending
from .changes import Change, fast_key
from .history import History, reasons
from .linehits import LineCounter
from .redefinition import register
from .signature import Signature, build_signature, normalize_static, positional_names
from .stats import Row

__all__ = [
    "TraceRecord",
    "TrackedFunction",
    "tracked_jit",
    "tracked_of",
    "Collector",
    "collectors",
    "building_report",
    "is_jax_jit",
    "is_jit_object",
    "jax_name_of",
    "thread_state",
    "TRACKED_ATTR",
]

TRACKED_ATTR = "_jaxmagic_tracked"  # on the recorder and the jitted object: the TrackedFunction behind them

# per thread: ``stack`` of traces running, ``last`` finished trace (JAX reports its duration right after),
# ``building_report``; the traces awaiting their compile are in :mod:`.pending`
thread_state = threading.local()


# the recorder sits between JAX and the user's function: hide this package's frames from JAX's tracebacks
jax_config.hide_frames_of(os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep)


@dataclasses.dataclass(eq=False)
class TraceRecord:
    """One trace of a tracked function, as it happened.

    Attributes
    ----------
    function : TrackedFunction or ObservedFunction
        The function that was traced: one jaxmagic jitted, or any other jit it observed.
    signature : Signature or None
        Its abstract signature; None only if it could not be read.
    changes : list of Change
        Why JAX traced: ``first-call``, or every difference from the closest
        earlier signature; empty when the signature was seen before.
    error : BaseException or None
        The exception that ended the trace, if it failed.
    parent : TraceRecord or None
        The tracked trace this one ran inside (a jitted helper called from
        another jitted function), else None.
    """

    function: TrackedFunction
    signature: Signature | None
    changes: list[Change]
    started: float
    parent: TraceRecord | None = None
    thread: int = 0
    error: BaseException | None = None
    finished: float | None = None
    trace_seconds: float | None = None
    lower_seconds: float | None = None
    compile_seconds: float | None = None
    compile_id: str | None = None  # the compile's id in its row (``f#2``), once it compiled
    avals: tuple | None = None  # the arguments' abstract values JAX traced for, when its frames showed them
    from_disk_cache: bool = False  # JAX's persistent compilation cache supplied the executable
    during_report: bool = False
    compared_to: Signature | None = None
    line_hits: dict[int, int] | None = None  # lines of the function's file Python ran while tracing
    counter: Any = dataclasses.field(default=None, repr=False)
    # a jit jaxmagic did not make (an ObservedFunction): the jaxpr JAX traced and JAX's parameters of the
    # call, read from its frames while a report was being collected; the report needs no trace of its own
    jaxpr: Any = dataclasses.field(default=None, repr=False)
    stage: Any = dataclasses.field(default=None, repr=False)


class TrackedFunction:
    """Bookkeeping for one function jitted through :func:`tracked_jit`.

    Counts live in the function's statistics row (:mod:`.stats`), which a
    redefinition of the same function (a cell run again, a lambda jitted in a
    loop) continues; ``traces`` and ``compiles`` read it.
    """

    def __init__(
        self, fn: Callable, static_argnums: Any = None, static_argnames: Any = None, name: str | None = None
    ) -> None:
        self.fn = fn
        self.name: str = name or user_qualname(fn) or jax_name_of(fn)
        self.jax_name: str = jax_name_of(fn)
        self.static_argnums, self.static_argnames = normalize_static(fn, static_argnums, static_argnames)
        self.names, self.var_name = positional_names(fn)
        self.jitted: Any = None
        # the file of the user's own function (through partials): the lines a %%jittrace report counts
        self.source_file: str | None = getattr(getattr(unwrap_function(fn), "__code__", None), "co_filename", None)
        self.by_cell = False  # jitted by a %%jittrace cell itself: its static options are the magic's
        # each array argument's placement at the last compile, and at the last lowering (for a compile
        # without a new trace: which placement changed), by the user's path
        self.placements: dict[str, str] = {}
        self.placements_pending: dict[str, str] = {}
        # the statistics row, its name (``name@where`` when shared) and whether the next compile
        # says "function-redefined" (this function continues an earlier one's row)
        self.row: Row
        self.key: str
        self.redefined: bool
        self.row, self.key, self.redefined = register(self)
        self.history: History = self.row.analysis

    @property
    def signatures(self) -> list[Signature]:
        return self.history.signatures

    @property
    def traces(self) -> int:
        return self.row.traces

    @property
    def compiles(self) -> int:
        return self.row.compiles

    def __repr__(self) -> str:
        return f"<TrackedFunction {self.name}: {self.traces} traces, {self.compiles} compiles>"

    # --- called by the recorder, inside JAX's trace --------------------------

    def signature_for(self, args: tuple, kwargs: dict) -> Signature | None:
        """The signature of a call with these arguments (None when one cannot be read)."""
        try:
            return build_signature(
                args,
                kwargs,
                names=self.names,
                var_name=self.var_name,
                static_argnums=self.static_argnums,
                static_argnames=self.static_argnames,
                abstract=_abstract,
            )
        except Exception:  # noqa: BLE001 - an odd argument must not break the user's trace
            return None

    def _begin(self, args: tuple, kwargs: dict) -> TraceRecord:
        signature = self.signature_for(args, kwargs)
        compared_to, changes = reasons(self.history, signature, self.redefined)
        stack = _stack()
        record = TraceRecord(
            function=self,
            signature=signature,
            changes=changes,
            started=time.time(),
            parent=stack[-1] if stack else None,
            thread=threading.get_ident(),
            during_report=getattr(thread_state, "building_report", False),
            compared_to=compared_to,
        )
        stack.append(record)
        if collectors and not record.during_report and not monitor.is_muted():
            if self.source_file:
                counter = LineCounter(self.source_file, self.fn)
                if counter.start():
                    record.counter = counter
        return record

    def _end(self, record: TraceRecord, error: BaseException | None) -> None:
        stack = _stack()
        if stack and stack[-1] is record:
            stack.pop()
        record.finished = time.time()
        record.error = error
        if record.counter is not None:
            record.line_hits = record.counter.stop()
            record.counter = None
        if error is None and record.signature is not None:
            self.history.add(record.signature)
        thread_state.last = record  # JAX reports the trace's duration right after, failed or not
        if error is None and record.parent is None:  # its compile comes later, maybe
            signature = record.signature
            pending.add(pending.Pending(
                self, fast_key(signature) if signature is not None else None, record.changes,
                signature.text() if signature is not None else "",
                record.compared_to.text() if record.compared_to is not None else None, record,
            ), replace_same_key=True)
        for collector in list(collectors):
            collector._add(record)


def _stack() -> list[TraceRecord]:
    stack = getattr(thread_state, "stack", None)
    if stack is None:
        stack = thread_state.stack = []
    return stack


def _abstract(leaf: Any) -> Any:
    aval = getattr(leaf, "aval", None)
    return aval if aval is not None else jax.typeof(leaf)


def jax_name_of(fn: Callable) -> str:
    """The name JAX gives ``fn`` in its events (``f`` for ``jit(f)``)."""
    fn = without_partial(fn)
    return getattr(fn, "__name__", None) or type(fn).__name__


def _make_recorder(tracked: TrackedFunction) -> Callable:
    fn = tracked.fn

    def recorder(*args: Any, **kwargs: Any) -> Any:
        if jax.config.jax_disable_jit or monitor.is_muted():
            return fn(*args, **kwargs)  # eager, or one of jaxmagic's own probe traces
        try:
            record = tracked._begin(args, kwargs)
        except Exception:  # noqa: BLE001 - bookkeeping must never break the user's trace
            return fn(*args, **kwargs)
        try:
            out = fn(*args, **kwargs)
        except BaseException as exc:
            tracked._end(record, exc)
            raise
        tracked._end(record, None)
        return out

    try:
        functools.update_wrapper(recorder, fn)
    except (AttributeError, TypeError):  # pragma: no cover - exotic callables
        pass
    recorder.__name__ = tracked.jax_name
    recorder.__wrapped__ = fn
    setattr(recorder, TRACKED_ATTR, tracked)  # JAX holds this function in its frames: events find it there
    return recorder


def tracked_jit(fun: Any = None, /, *, name: str | None = None, **jit_kwargs: Any) -> Any:
    """``jax.jit`` with tracking: same arguments, same result type, same speed.

    Called without ``fun`` it returns a decorator, like ``jax.jit(static_argnames=...)``.
    ``name`` keys its statistics (default: the function's ``__qualname__``).
    """
    if fun is None:
        return functools.partial(tracked_jit, name=name, **jit_kwargs)
    tracked = TrackedFunction(fun, jit_kwargs.get("static_argnums"), jit_kwargs.get("static_argnames"), name=name)
    jitted = jax.jit(_make_recorder(tracked), **jit_kwargs)
    tracked.jitted = jitted
    setattr(jitted, TRACKED_ATTR, tracked)
    return jitted


def tracked_of(obj: Any) -> TrackedFunction | None:
    """The :class:`TrackedFunction` behind a jitted object, or None if it is not ours."""
    try:
        tracked = getattr(obj, TRACKED_ATTR, None)
    except Exception:  # noqa: BLE001 - a user object's __getattr__ may raise anything
        return None
    return tracked if isinstance(tracked, TrackedFunction) else None


def is_jax_jit(obj: Any) -> bool:
    """True for ``jax.jit`` itself."""
    return obj is jax.jit


def is_jit_object(obj: Any) -> bool:
    """True for the result of ``jax.jit(f)`` (ours or the user's): it can be traced and lowered."""
    return callable(obj) and all(hasattr(obj, a) for a in ("lower", "trace", "eval_shape"))


# --- collecting the traces of one cell ---------------------------------------


class Collector:
    """Collects every trace record, and every other jit's trace event, while active.

    Use as a context manager around the code whose traces a report shows.
    """

    def __init__(self) -> None:
        self.records: list[TraceRecord] = []
        self.untracked: list[monitor.Event] = []
        self.recompiles: list[tuple[str, list[Change]]] = []
        self._lock = threading.Lock()

    def __enter__(self) -> Collector:
        collectors.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        if self in collectors:
            collectors.remove(self)

    def _add(self, record: TraceRecord) -> None:
        with self._lock:
            self.records.append(record)

    def _add_untracked(self, event: monitor.Event) -> None:
        with self._lock:
            self.untracked.append(event)

    def _add_recompile(self, name: str, changes: list[Change]) -> None:
        """A compile without a new trace (a new placement): no record, but the report says so."""
        with self._lock:
            self.recompiles.append((name, list(changes)))


collectors: list[Collector] = []


class building_report:
    """Marks the current thread as building a report (to catch traces we cause)."""

    def __enter__(self) -> None:
        self._previous = getattr(thread_state, "building_report", False)
        thread_state.building_report = True

    def __exit__(self, *exc: object) -> None:
        thread_state.building_report = self._previous
