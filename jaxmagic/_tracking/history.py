"""The distinct signatures a tracked function compiled for, and the running tallies advice reads.

The history keeps abstract values and small static values only: a static
value other than numbers, short strings and small tuples of those is replaced
by a token that compares by type, hash and a short ``repr``, so no user object
(a config holding arrays, say) is kept alive.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from .changes import Change, closest, fast_key
from .signature import Leaf, Signature, short_repr

if TYPE_CHECKING:
    from .._common.loops import UnrolledLoop

__all__ = ["History", "reasons", "SIGNATURES", "DISTINCT"]

SIGNATURES = 256  # distinct signatures remembered per function, for "why it compiled"
DISTINCT = 256  # distinct values tallied per static argument or array axis, for advice ("256+ values")
_SMALL = 200  # static values with a longer repr are kept as a token


class _StaticToken:
    """Stands for a large static value: equal when type, hash and short repr are."""

    __slots__ = ("kind", "hash", "text")

    def __init__(self, value: Any) -> None:
        self.kind = type(value).__qualname__
        try:
            self.hash = hash(value)
        except Exception:  # noqa: BLE001 - unhashable statics fail in JAX before reaching here
            self.hash = id(value)
        self.text = short_repr(value, 60)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _StaticToken) and (self.kind, self.hash, self.text) == (
            other.kind, other.hash, other.text,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.hash, self.text))

    def __repr__(self) -> str:
        return self.text


def _small(value: Any, depth: int = 0) -> bool:
    """Plain immutable data that costs nothing to keep: numbers, short strings, tuples of those."""
    if value is None or isinstance(value, (bool, int, float, complex)):
        return True
    if isinstance(value, (str, bytes)):
        return len(value) <= _SMALL
    if isinstance(value, (tuple, frozenset)) and depth < 3 and len(value) <= 32:
        return all(_small(item, depth + 1) for item in value)
    return False


def _slim(signature: Signature) -> Signature:
    leaves = []
    changed = False
    for leaf in signature.leaves:
        if leaf.static and not _small(leaf.value):  # any other object (it may hold arrays): a token
            leaves.append(Leaf(leaf.path, True, value=_StaticToken(leaf.value)))
            changed = True
        else:
            leaves.append(leaf)
    return Signature(signature.parameters, tuple(leaves), signature.context) if changed else signature


class History:
    """The distinct signatures a function (and its redefinitions) compiled for, oldest first.

    Besides the newest :data:`SIGNATURES` signatures it keeps running tallies
    for advice, updated once per new signature so that advice never re-reads
    the history: each static argument's distinct values, each array axis's
    distinct sizes (first seen first, at most :data:`DISTINCT` each) and each
    array's latest dtype.
    """

    def __init__(self) -> None:
        self.signatures: list[Signature] = []
        self._keys: set = set()
        self._lock = threading.Lock()
        self.version = 0  # counts additions: advice computed for one version stays valid
        self._numbers: dict[tuple, int] = {}  # fast key -> running number of the signature kept
        self._first = 0  # running number of signatures[0]
        self._next = 0
        self.static_values: dict[str, dict[str, None]] = {}
        self.axis_sizes: dict[tuple[str, int], dict[int, None]] = {}
        self.axis_largest: dict[tuple[str, int], int] = {}
        self.dtypes: dict[str, Any] = {}
        # the unrolled-loop analysis of the newest signature (advice.analyse_loops), read outside JAX
        self.analysed: Signature | None = None
        self.unrolled: list[tuple[str, UnrolledLoop]] = []  # (where the loop is, as a reader names it; the loop)

    def add(self, signature: Signature) -> None:
        slim = _slim(signature)
        key = slim.key()
        with self._lock:
            if key in self._keys:
                return
            self._keys.add(key)
            self.signatures.append(slim)
            self._numbers[fast_key(slim)] = self._next
            self._next += 1
            if len(self.signatures) > SIGNATURES:
                dropped = self.signatures.pop(0)
                self._keys.discard(dropped.key())
                if self._numbers.get(fast_key(dropped)) == self._first:
                    del self._numbers[fast_key(dropped)]
                self._first += 1
            self._tally(slim)
            self.version += 1

    def _tally(self, signature: Signature) -> None:
        for leaf in signature.leaves:
            if leaf.static:
                seen = _slot(self.static_values, leaf.path)
                if seen is not None:
                    _note(seen, leaf.short)
            elif leaf.aval is not None:
                if leaf.path in self.dtypes or len(self.dtypes) < DISTINCT:
                    self.dtypes[leaf.path] = getattr(leaf.aval, "dtype", None)
                for axis, size in enumerate(getattr(leaf.aval, "shape", ())):
                    seen = _slot(self.axis_sizes, (leaf.path, axis)) if isinstance(size, int) else None
                    if seen is not None:
                        _note(seen, size)
                        key = (leaf.path, axis)  # past DISTINCT sizes, the largest still counts: buckets cover it
                        self.axis_largest[key] = max(size, self.axis_largest.get(key, 0))

    def has(self, signature: Signature) -> bool:
        """Whether ``signature`` (in the form kept) is among the signatures remembered."""
        key = _slim(signature).key()
        with self._lock:
            return key in self._keys

    def largest(self, path: str, axis: int) -> int:
        """The largest size axis ``axis`` of ``path`` took, beyond the sizes kept one by one."""
        with self._lock:
            return self.axis_largest.get((path, axis), 0)

    def tallies(self) -> tuple[dict[str, list[str]], dict[tuple[str, int], list[int]], dict[str, Any]]:
        """Copies of the static values, axis sizes and dtypes seen, for advice."""
        with self._lock:
            return (
                {path: list(seen) for path, seen in self.static_values.items()},
                {where: list(seen) for where, seen in self.axis_sizes.items()},
                dict(self.dtypes),
            )

    def snapshot(self) -> list[Signature]:
        with self._lock:
            return list(self.signatures)

    def closest(self, current: Signature) -> tuple[Signature, list[Change]] | None:
        """The kept signature closest to ``current`` and the differences (see :func:`closest`).

        ``current`` is compared in the form kept (large static values as tokens), so an unchanged
        large static value is never reported as changed.
        """
        current = _slim(current)
        with self._lock:
            signatures = list(self.signatures)
            number = self._numbers.get(fast_key(current))
            exact = None if number is None else number - self._first
        found = closest(signatures, current, exact=exact, exact_known=True)
        return None if found is None else (signatures[found[0]], found[1])

    def reset(self) -> None:
        with self._lock:
            self.signatures.clear()
            self._keys.clear()
            self._numbers.clear()
            self._first = self._next
            self.static_values.clear()
            self.axis_sizes.clear()
            self.axis_largest.clear()
            self.dtypes.clear()
            self.version += 1
            self.analysed, self.unrolled = None, []  # the loops of the forgotten compiles


def _slot(table: dict, key: Any) -> dict | None:
    """``table[key]``, made if there is room: pytrees whose keys keep changing do not grow it without end."""
    found = table.get(key)
    if found is None and len(table) < DISTINCT:
        found = table[key] = {}
    return found


def _note(seen: dict, value: Any) -> None:
    if value not in seen and len(seen) < DISTINCT:
        seen[value] = None


def reasons(history: History, signature: Signature | None, redefined: bool) -> tuple[Signature | None, list[Change]]:
    """Why a function traced for ``signature``: the closest earlier signature and every difference.

    ``first-call`` when nothing came before; ``function-redefined`` first when
    the function is a new object standing for an earlier one. Never raises.
    """
    compared_to = None
    try:
        found = history.closest(signature) if signature is not None else None
        if signature is None:
            changes: list[Change] = []
        elif found is None:
            changes = [Change("", "first-call")]
        else:
            compared_to, changes = found
    except Exception:  # noqa: BLE001 - never break the user's trace over a reason
        changes = []
    if redefined:
        changes = [Change("", "function-redefined"), *[c for c in changes if c.what != "first-call"]]
    return compared_to, changes
