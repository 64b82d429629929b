"""Each tracked function's signature history and statistics row, and how redefinitions continue them.

A function jitted again under the same name — a cell run again, a lambda or
``functools.partial`` jitted inside a loop, ``jax.jit`` of the same source —
continues the row (and history) of the one it replaces, and its next compile
says ``function-redefined``. A *different* live function that merely shares
the name gets a row of its own, ``name@<where it is defined>``.

The history keeps abstract values and small static values only: a static
value other than numbers, short strings and small tuples of those is replaced
by a token that compares by type, hash and a short ``repr``, so no user object
(a config holding arrays, say) is kept alive.
"""
from __future__ import annotations

import os
import re
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .signature import Change, Leaf, Signature, closest, fast_key, short_repr
from .stats import Row, registry

if TYPE_CHECKING:
    from .tracked import TrackedFunction

__all__ = ["History", "register", "describe_location", "set_location_namer"]

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
    return Signature(signature.parameters, tuple(leaves)) if changed else signature


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
        self.dtypes: dict[str, Any] = {}

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
            self.dtypes.clear()
            self.version += 1
        for attribute in ("unrolled", "analysed"):  # the unrolled-loop analysis of the forgotten compiles
            if hasattr(self, attribute):
                delattr(self, attribute)


def _slot(table: dict, key: Any) -> dict | None:
    """``table[key]``, made if there is room: pytrees whose keys keep changing do not grow it without end."""
    found = table.get(key)
    if found is None and len(table) < DISTINCT:
        found = table[key] = {}
    return found


def _note(seen: dict, value: Any) -> None:
    if value not in seen and len(seen) < DISTINCT:
        seen[value] = None


# --- naming and redefinition ----------------------------------------------------

_live: dict[str, weakref.ref] = {}  # row name -> the TrackedFunction last registered under it
_lock = threading.Lock()
_namer: Callable[[str, int], str] | None = None


def set_location_namer(namer: Callable[[str, int], str] | None) -> None:
    """How to name a place in the user's code (the IPython front names cells ``Cell In[3], line 2``)."""
    global _namer
    _namer = namer


def describe_location(fn: Any) -> str:
    code = getattr(_plain(fn), "__code__", None)
    if code is None:
        return ""
    if _namer is not None:
        try:
            return _namer(code.co_filename, code.co_firstlineno)
        except Exception:  # noqa: BLE001
            pass
    return f"{os.path.basename(code.co_filename)}:{code.co_firstlineno}"


def _plain(fn: Any) -> Any:
    while hasattr(fn, "func") and hasattr(fn, "args"):  # functools.partial
        fn = fn.func
    return fn


def register(tracked: TrackedFunction, explicit: bool = False) -> Row:
    """The statistics row ``tracked`` counts into; sets ``tracked.redefined`` when it continues one."""
    where = describe_location(tracked.fn)
    with _lock:
        previous_ref = _live.get(tracked.name)
        previous = previous_ref() if previous_ref is not None else None
        name = tracked.name
        if name in registry.rows and (
            previous is None or _replaces(tracked, previous) or _rebinds(tracked, previous)
        ):
            tracked.redefined = True  # the same function defined again: continue its row
        elif name in registry.rows:
            # another live function of that name: name@<cell or file>:<line>
            name = registry.unique_name(name, re.sub(r"^Cell (In\[\d+\]), line (\d+)$", r"\1:\2", where))
        row = registry.row(name, tracked=True, where=where)
        if row.analysis is None:
            row.analysis = History()
        row.where = where or row.where
        tracked.key = name
        _live[name] = row.owner = weakref.ref(tracked)
    return row


def _replaces(new: TrackedFunction, old: TrackedFunction) -> bool:
    """True when ``new`` is ``old`` defined again rather than another live function of that name.

    The same code (a lambda or ``partial`` jitted again in a loop) or the same
    source compiled again (a cell run again) is a redefinition; a different
    definition while the old one is still alive is another function.
    """
    new_code = getattr(_plain(new.fn), "__code__", None)
    old_code = getattr(_plain(old.fn), "__code__", None)
    if new_code is None or old_code is None:
        return False
    return new_code is old_code or _same_code(new_code, old_code)


def _rebinds(new: TrackedFunction, old: TrackedFunction) -> bool:
    """True when ``new`` is about to take the name ``old`` is bound to, and nothing else keeps ``old``.

    A cell edited and run again: the same name in the same namespace, where
    no other name refers to the old function. Kept under another name
    (``first = f``), the old one is another live function.
    """
    new_fn, old_fn = _plain(new.fn), _plain(old.fn)
    globals_ = getattr(new_fn, "__globals__", None)
    if globals_ is None or globals_ is not getattr(old_fn, "__globals__", None):
        return False
    name = getattr(new_fn, "__name__", "")
    old_objects = (old.jitted, old_fn)
    if not any(globals_.get(name) is o for o in old_objects):
        return False
    return not any(
        key != name and any(value is o for o in old_objects) for key, value in list(globals_.items())
    )


def _same_code(a: Any, b: Any) -> bool:
    """Equal bytecode, names and constants: the same source, wherever it was compiled."""
    if (a.co_code, a.co_names, a.co_varnames, a.co_freevars, a.co_name) != (
        b.co_code, b.co_names, b.co_varnames, b.co_freevars, b.co_name,
    ):
        return False
    if len(a.co_consts) != len(b.co_consts):
        return False
    for x, y in zip(a.co_consts, b.co_consts):
        if hasattr(x, "co_code") and hasattr(y, "co_code"):
            if not _same_code(x, y):
                return False
        elif type(x) is not type(y) or x != y:
            return False
    return True
