"""``jaxmagic.expect_compiles``: a compile budget for a block of code, for test suites.

Counts come from the statistics rows (JAX's own events), so the budget holds
for any jit — tracked, plain ``jax.jit``, ``flax.nnx.jit``,
``equinox.filter_jit`` — by the name the user knows it by. A function that
compiles more often than allowed fails the block with every one of its
compiles in the block and why each happened.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType

from . import attribution
from .stats import Recompile, Row, answers_to, registry

__all__ = ["expect_compiles"]


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
            found += [(row.name, event) for event in kept]
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
            lines.append(f"  {number}. {event.reason}{where}{signature}")
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
