"""Why a trace happened: the differences between two signatures, against the closest earlier one.

:func:`diff` lists every difference between two signatures, one
:class:`Change` per changed property of a leaf; :func:`closest` finds the
earlier signature with the fewest differences (the most recent among
equals), comparing precomputed leaf keys in C before it builds any change.
"""
from __future__ import annotations

import dataclasses
import enum
import operator
from collections.abc import Sequence
from typing import Any

import jax

from .compiling.placements import aval_sharding_text
from .signature import Leaf, Parameter, Signature, context_names, hash_key, short_repr

__all__ = ["Change", "diff", "closest", "fast_key", "placement_changes"]


@dataclasses.dataclass(frozen=True, slots=True)
class Change:
    """One reason a trace happened.

    ``what`` is one of ``first-call``, ``shape``, ``dtype``, ``weak-type``,
    ``static-value``, ``pytree-structure``, ``sharding``, ``function-redefined``,
    ``tracing-context`` (a JAX config option or context manager, named in ``path``);
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
        if self.what == "tracing-context":
            return f"tracing context: {self.path} {self.before} \u2192 {self.after}"
        if not self.path:  # about the call as a whole (a new placement without a new trace)
            return f"{self.what.replace('-', ' ')}: {self.after}"
        label = self.what.replace("-", " ")
        return f"{self.path}: {label} {self.before} \u2192 {self.after}"


def diff(before: Signature, after: Signature) -> list[Change]:
    """Every difference between two signatures, one ``Change`` per changed property."""
    changes: list[Change] = []
    old_params = {p.name: p for p in before.parameters}
    new_params = {p.name: p for p in after.parameters}
    restructured: set[str] = set()
    for name, new in new_params.items():
        old = old_params.get(name)
        if old is None:  # passed now, not before (its default was used, or *args grew)
            changes.append(Change(name, "pytree-structure", "not passed", _param_shape(new, after)))
            restructured.add(name)
        elif old.passed_as != new.passed_as:  # JAX keys positional and keyword arguments apart
            changes.append(Change(name, "pytree-structure", f"passed by {_by(old)}", f"passed by {_by(new)}"))
        elif old.static != new.static:
            changes.append(Change(name, "pytree-structure", _static_word(old), _static_word(new)))
            restructured.add(name)
    for name, old in old_params.items():
        if name not in new_params:
            changes.append(Change(name, "pytree-structure", _param_shape(old, before), "not passed"))
            restructured.add(name)

    changes.extend(_context_changes(before.context, after.context))
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
            if ours == theirs:  # same paths, different containers (tuple vs list, a module's graph, ...)
                changes.append(Change(name, "pytree-structure", *_structure_texts(old.treedef, new.treedef)))
            now_none, was_none = _none_paths(name, new.treedef), _none_paths(name, old.treedef)
            for path in sorted(theirs - ours):
                changes.append(Change(path, "pytree-structure", old_leaves[path].short,
                                      "None" if path in now_none else "absent"))
            for path in sorted(ours - theirs):
                changes.append(Change(path, "pytree-structure", "None" if path in was_none else "absent",
                                      new_leaves[path].short))
    for path, new_leaf in new_leaves.items():
        old_leaf = old_leaves.get(path)
        if old_leaf is None or old_leaf.static != new_leaf.static:
            continue
        changes.extend(_leaf_changes(old_leaf, new_leaf))
    return changes


def placement_changes(before: dict[str, str], after: dict[str, str]) -> list[Change]:
    """Why a function compiled again without a new trace: the arguments whose placement changed."""
    return [
        Change(path, "sharding", before[path], now)
        for path, now in after.items()
        if path in before and before[path] != now
    ] or [Change("", "sharding", "earlier placement", "a new placement or sharding of an argument")]


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
            signature.context,
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
        if hash_key(old.value) != hash_key(new.value):
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
    sa, sb = aval_sharding_text(a), aval_sharding_text(b)
    if sa != sb and not (sa.endswith("(no mesh)") and sb.endswith("(no mesh)")):  # off a mesh: only the rank
        out.append(Change(new.path, "sharding", sa, sb))
    return out


def _belongs(path: str, name: str) -> bool:
    return path == name or (path.startswith(name) and path[len(name)] in "[.")


def _param_shape(param: Parameter, sig: Signature) -> str:
    if param.static or param.name in sig.leaf_map():  # one value: as it prints (``f32[3]``, ``2.0``)
        return sig.leaf_map()[param.name].short
    return _treedef_str(param.treedef)


def _by(param: Parameter) -> str:
    return "keyword" if param.passed_as == "keyword" else "position"


def _context_changes(before: tuple, after: tuple) -> list[Change]:
    """One change per JAX config option or context manager that differs (``jax_default_matmul_precision``)."""
    if before == after or not before or not after:
        return []
    names = context_names()
    if len(before) != len(after) or len(names) != len(after):
        return [Change("(a JAX config option or context manager)", "tracing-context", "earlier", "another")]
    return [
        Change(name, "tracing-context", _setting_text(old), _setting_text(new))
        for name, old, new in zip(names, before, after)
        if old != new
    ]


def _setting_text(value: Any) -> str:
    """A config value as a user sets it: ``float32``, ``strict`` (an enum's value), ``None``."""
    if isinstance(value, enum.Enum):
        value = value.value
    return value if isinstance(value, str) else short_repr(value, 40)


def _none_paths(name: str, treedef: Any) -> set[str]:
    """The paths where a pytree holds ``None`` (a node without leaves, so no leaf path names it)."""
    if not isinstance(treedef, jax.tree_util.PyTreeDef):
        return set()
    try:
        rebuilt = jax.tree_util.tree_unflatten(treedef, [0] * treedef.num_leaves)
        flat = jax.tree_util.tree_flatten_with_path(rebuilt, is_leaf=lambda x: x is None)[0]
    except Exception:  # noqa: BLE001 - a custom node that cannot be rebuilt from placeholders
        return set()
    return {name + jax.tree_util.keystr(path) for path, leaf in flat if leaf is None}


def _structure_texts(before: Any, after: Any) -> tuple[str, str]:
    """Two structures worded for a change; a wrapper's own structure (NNX's graph) says what differs."""
    difference = getattr(after, "difference", None)
    if difference is not None and type(before) is type(after):
        return difference(before)
    return _where_they_differ(_treedef_str(before), _treedef_str(after))


def _where_they_differ(before: str, after: str, width: int = 90) -> tuple[str, str]:
    """Two long structure texts cut to the part where they differ, so the change shows (never two equal texts)."""
    if len(before) <= width and len(after) <= width:
        return before, after
    start = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
    begin = max(0, start - width // 3)

    def cut(text: str) -> str:
        piece = text[begin:begin + width]
        return ("\u2026" if begin else "") + piece + ("\u2026" if begin + width < len(text) else "")

    return cut(before), cut(after)


def _treedef_str(treedef: Any) -> str:
    text = str(treedef)
    return text[len("PyTreeDef(") : -1] if text.startswith("PyTreeDef(") else text


def _shape_str(aval: Any) -> str:
    return aval.str_short(short_dtypes=True)


def _static_word(param: Parameter) -> str:
    return "static" if param.static else "traced"


def _weak_word(weak: bool) -> str:
    return "weak (Python scalar)" if weak else "strong (array)"
