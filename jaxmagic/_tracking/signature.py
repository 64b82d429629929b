"""Abstract call signatures and the differences between them.

A signature is what JAX keys its trace cache on, written in the user's names:
one entry per pytree leaf of every traced argument (its abstract value) and
one per static argument (its value), plus each argument's pytree structure
and whether it was passed by position or by keyword.  Nothing here holds an
array: traced leaves keep only shape, dtype, weak type and sharding.
"""
from __future__ import annotations

import dataclasses
import operator
import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import jax

__all__ = ["Change", "Leaf", "Signature", "diff", "closest", "normalize_static"]


@dataclasses.dataclass(frozen=True)
class Leaf:
    """One traced pytree leaf, or one static argument.

    Attributes
    ----------
    path : str
        The leaf in the user's names, e.g. ``x``, ``params['w']``, ``n``.
    static : bool
        True for a static argument, whose ``value`` is part of the cache key.
    aval : Any
        The abstract value JAX traced with (a ``ShapedArray``); None if static.
    value : Any
        The static value; None for traced leaves.
    """

    path: str
    static: bool
    aval: Any = None
    value: Any = None

    @property
    def short(self) -> str:
        """The leaf as JAX prints it in a jaxpr (``f32[3]``) or the static value's repr."""
        if self.static:
            return short_repr(self.value)
        return self.aval.str_short(short_dtypes=True)

    def key(self) -> tuple:
        if self.static:
            return ("static", _hashable(self.value))
        a = self.aval
        return ("traced", a.shape, str(a.dtype), bool(getattr(a, "weak_type", False)), sharding_text(a))


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One argument of a call: how it was passed and its pytree structure."""

    name: str
    passed_as: str  # "positional" or "keyword"
    static: bool
    treedef: Any  # jax PyTreeDef for traced arguments, None for static ones


@dataclasses.dataclass(frozen=True)
class Signature:
    """The abstract signature of one trace of a function."""

    parameters: tuple[Parameter, ...]
    leaves: tuple[Leaf, ...]

    def key(self) -> tuple:
        return (
            tuple((p.name, p.passed_as, p.static, p.treedef) for p in self.parameters),
            tuple((leaf.path, leaf.key()) for leaf in self.leaves),
        )

    def leaf_map(self) -> dict[str, Leaf]:
        return {leaf.path: leaf for leaf in self.leaves}


@dataclasses.dataclass(frozen=True, slots=True)
class Change:
    """One reason a trace happened.

    ``what`` is one of ``first-call``, ``shape``, ``dtype``, ``weak-type``,
    ``static-value``, ``pytree-structure``, ``sharding``, ``function-redefined``;
    ``before`` and ``after`` are strings as JAX prints them (``f32[3]``, ``2``).
    """

    path: str
    what: str
    before: str = ""
    after: str = ""

    def __str__(self) -> str:
        if self.what == "first-call":
            return "first call"
        if self.what == "function-redefined":
            return "the function was redefined"
        if not self.path:  # about the call as a whole (a new placement without a new trace)
            return f"{self.what.replace('-', ' ')}: {self.after}"
        label = self.what.replace("-", " ")
        return f"{self.path}: {label} {self.before} \u2192 {self.after}"


# --- building a signature at trace time -------------------------------------


def normalize_static(
    fn: Callable, static_argnums: Any, static_argnames: Any
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Complete static argnums/argnames from each other, the way ``jax.jit`` does.

    Returns non-negative positions and names.  When the signature cannot be
    read, the given values are returned as they are.
    """
    nums = _as_tuple(static_argnums, int)
    names = _as_tuple(static_argnames, str)
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return tuple(n for n in nums if n >= 0), names
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    nums = tuple(n + len(positional) if n < 0 else n for n in nums)
    if static_argnums is None and names:
        nums = tuple(i for i, p in enumerate(positional) if p.name in names and p.kind != p.POSITIONAL_ONLY)
    if static_argnames is None and nums:
        names = tuple(
            p.name for i, p in enumerate(positional) if i in nums and p.kind == p.POSITIONAL_OR_KEYWORD
        )
    return nums, names


def positional_names(fn: Callable) -> tuple[list[str], str | None]:
    """Names of ``fn``'s positional parameters and of its ``*args`` (or None)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return [], "args"
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    var = next((p.name for p in params if p.kind == p.VAR_POSITIONAL), None)
    return names, var


def build_signature(
    args: Sequence[Any],
    kwargs: dict[str, Any],
    *,
    names: Sequence[str],
    var_name: str | None,
    static_argnums: Iterable[int],
    static_argnames: Iterable[str],
    abstract: Callable[[Any], Any],
) -> Signature:
    """The signature of one call, from its arguments as JAX passes them.

    ``abstract`` maps a leaf to its abstract value (``lambda t: t.aval`` at trace
    time, ``jax.typeof`` for concrete arrays).
    """
    nums = set(static_argnums)
    static_names = set(static_argnames)
    parameters: list[Parameter] = []
    leaves: list[Leaf] = []

    def add(name: str, value: Any, passed_as: str, static: bool) -> None:
        if static:
            parameters.append(Parameter(name, passed_as, True, None))
            leaves.append(Leaf(name, True, value=value))
            return
        flat, treedef = jax.tree_util.tree_flatten_with_path(value)
        parameters.append(Parameter(name, passed_as, False, treedef))
        for path, leaf in flat:
            leaves.append(Leaf(name + jax.tree_util.keystr(path), False, aval=abstract(leaf)))

    for i, value in enumerate(args):
        if i < len(names):
            name = names[i]
        else:
            name = f"{var_name or 'args'}[{i - len(names)}]"
        add(name, value, "positional", i in nums)
    for name, value in kwargs.items():
        add(name, value, "keyword", name in static_names)
    return Signature(tuple(parameters), tuple(leaves))


# --- comparing signatures ---------------------------------------------------


def diff(before: Signature, after: Signature) -> list[Change]:
    """Every difference between two signatures, one ``Change`` per changed property."""
    changes: list[Change] = []
    old_params = {p.name: p for p in before.parameters}
    new_params = {p.name: p for p in after.parameters}
    restructured: set[str] = set()
    for name, new in new_params.items():
        old = old_params.get(name)
        if old is None:
            changes.append(Change(name, "pytree-structure", "absent", _param_shape(new, after)))
            restructured.add(name)
        elif old.passed_as != new.passed_as:
            changes.append(Change(name, "pytree-structure", old.passed_as, new.passed_as))
        elif old.static != new.static:
            changes.append(Change(name, "pytree-structure", _static_word(old), _static_word(new)))
            restructured.add(name)
    for name, old in old_params.items():
        if name not in new_params:
            changes.append(Change(name, "pytree-structure", _param_shape(old, before), "absent"))
            restructured.add(name)

    old_leaves, new_leaves = before.leaf_map(), after.leaf_map()
    for name, new in new_params.items():
        old = old_params.get(name)
        if name in restructured or old is None:
            continue
        if old.static != new.static:  # the function changed which arguments are static
            changes.append(Change(name, "static-value", "static" if old.static else "traced",
                                  "static" if new.static else "traced"))
            continue
        if new.static:
            continue
        if old.treedef != new.treedef:
            ours = {p for p in new_leaves if _belongs(p, name)}
            theirs = {p for p in old_leaves if _belongs(p, name)}
            if ours == theirs:  # same paths, different containers (tuple vs list, ...)
                changes.append(Change(name, "pytree-structure", _treedef_str(old.treedef), _treedef_str(new.treedef)))
            for path in sorted(theirs - ours):
                changes.append(Change(path, "pytree-structure", old_leaves[path].short, "absent"))
            for path in sorted(ours - theirs):
                changes.append(Change(path, "pytree-structure", "absent", new_leaves[path].short))
    for path, new_leaf in new_leaves.items():
        old_leaf = old_leaves.get(path)
        if old_leaf is None or old_leaf.static != new_leaf.static:
            continue
        changes.extend(_leaf_changes(old_leaf, new_leaf))
    return changes


def closest(
    history: Sequence[Signature], current: Signature, *, exact: int | None = None, exact_known: bool = False
) -> tuple[int, list[Change]] | None:
    """The earlier signature with the fewest differences, the most recent among equals.

    Returns its index in ``history`` and the differences, or None when
    ``history`` is empty. A caller that indexes its history may pass the
    index of an identical signature (``exact``), or say there is none
    (``exact_known``): then the first signature one difference away ends
    the search.
    """
    if not history:
        return None
    if exact is not None:
        return exact, diff(history[exact], current)
    structure, keys = _fast(current)
    floor = 1 if exact_known else 0  # the fewest differences any earlier signature can have
    best_index, best_count = -1, None
    for index in range(len(history) - 1, -1, -1):
        other_structure, other_keys = _fast(history[index])
        if other_structure is structure or other_structure == structure:
            # differing leaves (compared in C) bound the differences from below: each differs at least once
            bound = sum(map(operator.ne, other_keys, keys))
            if best_count is not None and bound >= best_count:
                continue  # at best a tie with a more recent signature, which stands
            count = sum(_differences(a, b) for a, b in zip(other_keys, keys) if a != b) if bound else 0
        else:
            count = len(diff(history[index], current))
        if best_count is None or count < best_count:
            best_index, best_count = index, count
            if count <= floor:
                break
    return best_index, diff(history[best_index], current)


def fast_key(signature: Signature) -> tuple:
    """A hashable key equal for two signatures exactly when :func:`closest` counts no difference."""
    return _fast(signature)


def _fast(signature: Signature) -> tuple[tuple, tuple]:
    """The signature's structure and leaf keys, computed once per signature.

    Parameters and leaves are put in name order, as :func:`diff` compares them, so two
    signatures that list keyword arguments in another order still compare equal.
    """
    cached = signature.__dict__.get("_fast")
    if cached is None:
        leaves = sorted(signature.leaves, key=lambda leaf: leaf.path)
        structure = (
            tuple(sorted(((p.name, p.passed_as, p.static, p.treedef) for p in signature.parameters),
                         key=lambda part: part[0])),
            tuple(leaf.path for leaf in leaves),
        )
        structure = _STRUCTURES.setdefault(structure, structure)  # one object per structure: ``is`` compares
        if len(_STRUCTURES) > 4096:
            _STRUCTURES.clear()
        cached = (structure, tuple(leaf.key() for leaf in leaves))
        object.__setattr__(signature, "_fast", cached)
    return cached


_STRUCTURES: dict[tuple, tuple] = {}


def _differences(a: tuple, b: tuple) -> int:
    if a[0] == "static" or b[0] == "static":
        return 1
    return sum(x != y for x, y in zip(a[1:], b[1:]))


def _leaf_changes(old: Leaf, new: Leaf) -> list[Change]:
    if old.static:
        if _hashable(old.value) != _hashable(new.value):
            return [Change(new.path, "static-value", short_repr(old.value), short_repr(new.value))]
        return []
    a, b = old.aval, new.aval
    out = []
    if a.shape != b.shape:
        out.append(Change(new.path, "shape", _shape_str(a), _shape_str(b)))
    if a.dtype != b.dtype:
        out.append(Change(new.path, "dtype", str(a.dtype), str(b.dtype)))
    wa, wb = bool(getattr(a, "weak_type", False)), bool(getattr(b, "weak_type", False))
    if wa != wb:
        out.append(Change(new.path, "weak-type", _weak_word(wa), _weak_word(wb)))
    sa, sb = sharding_text(a), sharding_text(b)
    if sa != sb:
        out.append(Change(new.path, "sharding", sa, sb))
    return out


def sharding_text(aval: Any) -> str:
    """An abstract value's sharding as JAX prints it: ``P('d',) on mesh d:8``, or "" without one.

    Compared as text of the sharding itself, not of the type: a replicated array
    on a mesh and an unsharded one both print ``float32[16]`` but compile apart.
    """
    sharding = getattr(aval, "sharding", None)
    if sharding is None:
        return ""
    spec = getattr(sharding, "spec", None)
    mesh = getattr(sharding, "mesh", None)
    shape = getattr(mesh, "shape_tuple", None) or ()
    try:
        on = " on mesh " + ",".join(f"{name}:{size}" for name, size in shape) if shape else " (no mesh)"
    except (TypeError, ValueError):
        on = ""
    return f"{spec}{on}" if spec is not None else repr(sharding)


def _belongs(path: str, name: str) -> bool:
    return path == name or (path.startswith(name) and path[len(name)] in "[.")


def _param_shape(param: Parameter, sig: Signature) -> str:
    if param.static:
        return sig.leaf_map()[param.name].short
    return _treedef_str(param.treedef)


def _treedef_str(treedef: Any) -> str:
    text = str(treedef)
    return text[len("PyTreeDef(") : -1] if text.startswith("PyTreeDef(") else text


def _shape_str(aval: Any) -> str:
    return aval.str_short(short_dtypes=True)


def _static_word(param: Parameter) -> str:
    return "static" if param.static else "traced"


def _weak_word(weak: bool) -> str:
    return "weak (Python scalar)" if weak else "strong (array)"


def _hashable(value: Any) -> Any:
    try:
        hash(value)
        return ("value", value)
    except TypeError:
        return ("id", id(value))


def _as_tuple(value: Any, kind: type) -> tuple:
    if value is None:
        return ()
    if isinstance(value, kind):
        return (value,)
    return tuple(value)


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters; never raises."""
    try:
        text = repr(value)
    except Exception as exc:  # a user's __repr__ may fail; say so instead of failing
        text = f"<{type(value).__name__} (repr failed: {type(exc).__name__})>"
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
