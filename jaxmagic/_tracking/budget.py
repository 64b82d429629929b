"""Compile budgets: ``jaxmagic.expect_compiles`` for a block of code, and the recompile limit for a session.

Counts come from the statistics rows (JAX's own events), so the budget holds
for any jit — tracked, plain ``jax.jit``, ``flax.nnx.jit``,
``equinox.filter_jit`` — by the name the user knows it by. A function that
compiles more often than allowed fails the block with every one of its
compiles in the block and why each happened.

The recompile limit: past ``thresholds.limit`` compiles of one function, one
warning names the function, how often it compiled, its reasons so far grouped
by kind (``shape of x ×7``) and the advice; it is given once per function
until the limit changes or the function's statistics are reset. With
``thresholds.limit_raises`` every compile past the limit raises
:class:`RecompileLimitError` out of the call, as JAX lowers it (before the
compile, which is neither made nor cached), listing every compile with its id (PyTorch's ``fail_on_recompile`` raises without history).
The check runs after JAX compiled, never on a cached call, and is on while
something holds it (the IPython extension does, from load to unload).
"""
from __future__ import annotations

import collections
import os
import site
import sys
import sysconfig
import threading
import warnings
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any

from .._common import settings
from .._common.settings import thresholds
from . import attribution, monitor
from .advice import advise
from .changes import Change
from .stats import Recompile, Row, answers_to, read_memory, reason_kind, registry

__all__ = ["expect_compiles", "RecompileLimitWarning", "RecompileLimitError", "hold", "release", "check_limit",
           "check_raise", "forget_warnings", "limit_message"]


class expect_compiles:
    """Fail when a function compiles more often than allowed inside the ``with`` block.

    Parameters
    ----------
    budget : mapping, optional
        ``{name: most compiles}``, for names that are not Python identifiers (``"Model.__call__"``).
    **budgets : int
        ``train_step=1``: at most one compile of ``train_step`` in the block.

    Notes
    -----
    A name matches a row by its key (``train_step``), its last dotted part
    (``__call__`` of ``Model.__call__``) or, for a second live function of one
    name, the part before ``@``: every function the user knows by that name
    counts. Counting is on for the block (reference-counted: a ``watch()``
    made inside or around it stays). The block's own exception passes
    through unchecked.

    Examples
    --------
    >>> with jaxmagic.expect_compiles(train_step=1):  # doctest: +SKIP
    ...     for batch in batches:
    ...         state = train_step(state, batch)
    """

    def __init__(self, budget: Mapping[str, int] | None = None, /, **budgets: int) -> None:
        merged = dict(budget or {})
        merged.update(budgets)
        for name, allowed in merged.items():
            if not isinstance(name, str) or not name:
                raise TypeError(f"expect_compiles: function names must be non-empty strings, got {name!r}")
            if isinstance(allowed, bool) or not isinstance(allowed, int) or allowed < 0:
                raise TypeError(f"expect_compiles: {name}={allowed!r}: the budget is a number of compiles, 0 or more")
        self.budgets = merged
        self._start: dict[int, tuple[Row, int]] = {}

    def __enter__(self) -> expect_compiles:
        attribution.activate()  # counting for this block, reference-counted: never undoes the user's watch()
        with registry.lock:
            self._start = {id(row): (row, row.compiles) for row in registry.rows.values()}
        return self

    def __exit__(self, kind: type | None, error: BaseException | None, trace: TracebackType | None) -> None:
        attribution.deactivate()
        if kind is not None:
            return  # the block's own error is the user's: never hidden behind ours
        problems = [text for name, allowed in self.budgets.items() if (text := self._check(name, allowed))]
        if problems:
            raise AssertionError("\n\n".join(problems))

    def compiles(self, name: str) -> list[tuple[str, Recompile]]:
        """The compiles of ``name`` inside the block so far, as ``(row name, compile)``, oldest first."""
        found = []
        for row in _rows_named(name):
            _, before = self._start.get(id(row), (row, 0))
            new = row.compiles - before
            if new <= 0:
                continue
            with row.lock:
                kept = list(row.events)[-new:]
            found += [(row.name, read_memory(event)) for event in kept]
        return sorted(found, key=lambda pair: pair[1].when)

    def _check(self, name: str, allowed: int) -> str:
        seen = self.compiles(name)
        total = sum(row.compiles - self._start.get(id(row), (row, 0))[1] for row in _rows_named(name))
        if total <= allowed:
            return ""
        lines = [f"{name} compiled {total} time{'s' if total != 1 else ''} in this block; "
                 f"{allowed} {'was' if allowed == 1 else 'were'} allowed:"]
        for number, (row_name, event) in enumerate(seen, 1):
            where = f" [{row_name}]" if row_name.split("@", 1)[0] != name else ""
            signature = f"  ({event.signature})" if event.signature else ""
            lines.append(f"  {number}. {event.id}: {event.reason}{where}{signature}")
        if len(seen) < total:
            lines.append(f"  ({total - len(seen)} earlier compiles of the block are no longer kept)")
        return "\n".join(lines)


def _rows_named(name: str) -> list[Row]:
    with registry.lock:
        rows = list(registry.rows.items())
    found = []
    for key, row in rows:
        if name in answers_to(key) or key == f"jit({name})":
            found.append(row)
    return found


# --- the recompile limit ------------------------------------------------------------------------


class RecompileLimitWarning(monitor.ReachesUser, UserWarning):
    """A function compiled more often than ``jaxmagic.thresholds.limit`` allows.

    With warnings turned into errors (``-W error``) it is raised out of the call that compiled.
    """


class RecompileLimitError(monitor.ReachesUser, AssertionError):
    """A compile past ``jaxmagic.thresholds.limit`` while ``limit_raises`` is on (``%jittrace_limit N --raise``).

    Raised as JAX lowers the function, before it compiles: nothing is compiled or cached, so the
    same call raises again with the same reason until the limit changes.
    """


_holders = 0
_lock = threading.Lock()
_warned: set[str] = set()  # rows warned about since the limit last changed
_here = threading.local()


def hold() -> None:
    """Turn the limit on: checked at each lowering and compile (reference-counted with :func:`release`)."""
    global _holders
    with _lock:
        _holders += 1
        if _holders == 1:
            attribution.after_compile.append(check_limit)
            attribution.before_compile.append(check_raise)


def release() -> None:
    global _holders
    with _lock:
        _holders = max(0, _holders - 1)
        if not _holders:
            for hooks, hook in ((attribution.after_compile, check_limit), (attribution.before_compile, check_raise)):
                if hook in hooks:
                    hooks.remove(hook)


def forget_warnings(name: str | None = None) -> None:
    """Warn again: about ``name`` (its statistics were reset), or about every function."""
    with _lock:
        if name is None:
            _warned.clear()
        else:
            _warned.discard(name)


def _limit_changed(name: str, value: Any) -> None:
    if name in ("limit", "limit_raises"):
        forget_warnings()  # a new limit warns afresh, however it was set


settings.on_change(_limit_changed)


def check_raise(row: Row, changes: list[Change]) -> None:
    """As JAX lowers for ``row``, before it compiles: past the limit, raise (``--raise``) or warn once.

    Here a raise costs nothing: nothing is compiled or cached, and the same call raises again. A
    warning turned into an error (``-W error``) is raised here too, for the same reason.
    """
    limit = thresholds.limit
    if limit is None or row.internal or row.compiles < limit:
        return
    _checked()[id(row)] = row.compiles  # the compile that follows was checked here
    if thresholds.limit_raises:
        raise RecompileLimitError(limit_message(row, limit, upcoming=changes))
    _warn_once(row, lambda: limit_message(row, limit, upcoming=changes, refused=False))


def check_limit(row: Row) -> None:
    """After ``row`` counted a compile no lowering was checked for (JAX kept the lowering): the same check."""
    if _checked().pop(id(row), None) == row.compiles - 1:
        return
    limit = thresholds.limit
    if limit is None or row.internal or row.compiles <= limit:
        return
    if thresholds.limit_raises:
        raise RecompileLimitError(limit_message(row, limit))
    _warn_once(row, lambda: limit_message(row, limit))


def _checked() -> dict[int, int]:
    """This thread's rows checked at a lowering: the compile count they had then."""
    found = getattr(_here, "checked", None)
    if found is None:
        found = _here.checked = {}
    return found


def _warn_once(row: Row, text: Callable[[], str]) -> None:
    """Warn about ``row`` unless it was warned about already (the text, with its advice, is built only then)."""
    with _lock:
        if row.name in _warned:
            return
        _warned.add(row.name)
    warnings.warn(RecompileLimitWarning(text()), stacklevel=_user_level())


def limit_message(row: Row, limit: int, upcoming: list[Change] | None = None, refused: bool = True) -> str:
    """What the limit says of ``row``: count, reasons grouped, advice, and how to change the limit.

    ``upcoming``: the reasons of the compile about to happen, which is refused (``--raise``) or, with
    ``refused`` false, goes ahead after the warning.
    """
    with row.lock:
        events = list(row.events)
        dropped = collections.Counter(row.dropped)
        compiles = row.compiles
    grouped = dropped + collections.Counter(reason_kind(event) for event in events)
    reasons = ", ".join(f"{kind} \u00d7{count}" for kind, count in grouped.most_common(6))
    if len(grouped) > 6:
        reasons += f" and {len(grouped) - 6} more kinds"
    if upcoming is not None:
        why = "; ".join(str(change) for change in upcoming) or "reason unknown"
        head = (f"would compile a {_ordinal(compiles + 1)} time, past the limit of {limit}; nothing was compiled."
                if refused else f"is compiling a {_ordinal(compiles + 1)} time, past the limit of {limit}.")
        lines = [f"jaxmagic: {row.name} {head}", f"This compile's reason: {why}."]
    else:
        lines = [f"jaxmagic: {row.name} compiled {compiles} times, past the limit of {limit}."]
    if row.tracked and grouped:
        lines.append(f"Reasons so far: {reasons}.")
    for advice in _advice(row):
        lines.append(f"Advice ({advice.kind}): {advice.message}")
    if thresholds.limit_raises:
        lines.append("Every compile kept, oldest first:")
        lines += [f"  {event.id}: {event.reason}" for event in events]
        lines.append("(%jittrace_limit N --raise is on: each compile past the limit raises.)")
    else:
        lines.append(f"This is said once for {row.name}. Change the limit with %jittrace_limit N "
                     "(or jaxmagic.thresholds.limit), or turn it off with %jittrace_limit off.")
    return "\n".join(lines)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _advice(row: Row) -> list[Any]:
    if not row.tracked:
        return []
    try:
        return advise(row)
    except Exception:  # noqa: BLE001 - the warning is worth giving without advice
        return []


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # jaxmagic's own files
# installed code (JAX, wrappers, optax, the standard library): never the line a warning points at
_LIBRARIES = tuple(sorted({
    os.path.abspath(path) + os.sep
    for key in ("stdlib", "platstdlib", "purelib", "platlib") if (path := sysconfig.get_paths().get(key))
} | {os.path.abspath(path) + os.sep for path in site.getsitepackages() + [site.getusersitepackages()]}))


def _user_level() -> int:
    """``stacklevel`` pointing the warning at the user's line: past jaxmagic's frames and installed code."""
    frame = sys._getframe(1)
    level = 1
    while frame is not None:
        filename = frame.f_code.co_filename
        if not (filename.startswith(_PACKAGE) or filename.startswith(_LIBRARIES) or filename.startswith("<frozen")):
            return level
        frame = frame.f_back
        level += 1
    return 1
