"""Static values JAX cannot hash or compare: a list written in the call, an ``__eq__`` that raises, arrays held
as pytree metadata.

JAX keys its compile cache on static arguments and on pytree structure
(whose metadata is part of it). A second call compares the new key with the
cached one through ``__eq__``; an ``__eq__`` that returns an array, or
metadata that is an array, makes that comparison raise. Two fixes, each
written for the user's class and tried on a private copy:

* an ``__eq__`` that returns one bool, comparing array fields with
  ``np.array_equal`` (:func:`eq_fix`);
* the arrays moved from the metadata to the children of the pytree, where
  they are traced (:func:`children_fix`);
* better, where the user's class declares the field static itself, that
  declaration rewritten (:mod:`..declare.fields`).

A list display written in the user's call of a library's jit that holds it
static is written as a tuple (:func:`tuple_literal_fix`), tried by tracing
that jitted call again with the tuple in its place.
"""
from __future__ import annotations

import ast
import contextlib
import copy
import dataclasses
import inspect
import sys
from collections.abc import Iterator
from typing import Any

import jax
import numpy as np

from ..._common.source import clone
from ..declare.frozen import HandedHashable, hashed_value_shown
from ..declare.wrapper import replaced_in
from ..explanation import Fix
from ..recover import Impure, evaluate_pure, frame_of
from .site import Site, is_hashable

__all__ = ["compares", "eq_fix", "children_fix", "EqRecipe", "ChildrenRecipe", "comparable_copy", "named_as_fixed",
           "tuple_literal_fix"]


def tuple_literal_fix(site: Site) -> Fix | None:
    """The one list display among the arguments of the failing line's calls, written as a tuple, when it is the
    value JAX's message shows it failed to hash (or the message shows none); its recipe hands the tuple to the
    jitted call traced again, where the list was."""
    literal = list_literal_passed(site)
    if literal is None:
        return None
    try:
        value = evaluate_pure(literal, frame_of(site.globals_, site.locals_))
    except Impure:  # ``list(specs.values())``: the list the call was handed, where it is known
        value = (site.facts.values.get(site.argument) if site.facts is not None and site.argument else None) \
            if isinstance(literal, ast.Call) else None
    shown = hashed_value_shown(site.message)
    if shown is not None and shown.strip() not in (ast.unparse(literal), repr(value) if value is not None else None):
        return None  # a list of the line, not the value JAX hashed (``[batch]`` beside a metric holding a list)
    if isinstance(literal, ast.Call) and not (isinstance(value, list) and all(is_hashable(v) for v in value)):
        return None  # ``list(x)`` of values a tuple would not hash either
    tupled = ast.Tuple(clone(literal.elts), ast.Load()) if isinstance(literal, ast.List) else ast.Call(
        ast.Name("tuple", ast.Load()), [clone(literal.args[0])], [])
    edit = HandedHashable(literal, tupled, made=[(value, tuple(value))] if isinstance(value, list) else [])
    line = next((n for n in site.ancestors(literal) if isinstance(n, ast.stmt)), None)  # the user's whole line
    code = ast.unparse(replaced_in(line, literal, edit.replacement)) if line is not None and "\n" not in \
        ast.unparse(line) else edit.code()
    return Fix("hashable-static", code, "static arguments are keys of JAX's compile cache, so they must be "
               "hashable: write the list as a tuple", recipe=edit)


def list_literal_passed(site: Site) -> ast.List | ast.Call | None:
    """The one list literal among the arguments of the calls on the user's failing line (or ``list(...)`` of
    something, ``list(specs.values())``), or the list a dict among them gives the argument by name
    (``input_params={"widths": [64, 16]}``)."""
    given = [a for c in ast.walk(site.node or ast.Pass()) if isinstance(c, ast.Call) for a in [*c.args, *(
        k.value for k in c.keywords)]]
    found = [v for d in given if isinstance(d, ast.Dict) for k, v in zip(d.keys, d.values) if isinstance(
        k, ast.Constant) and k.value == site.argument and isinstance(v, ast.List)] or [
        a for a in given if isinstance(a, ast.List) or _list_made(a, site.globals_ or {})]
    return found[0] if len(found) == 1 else None


def _list_made(node: ast.expr, globals_: dict) -> bool:
    """True for ``list(x)``, Python's own ``list`` called on one value."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "list"
            and "list" not in globals_ and len(node.args) == 1 and not node.keywords
            and not isinstance(node.args[0], ast.Starred))


def compares(value: Any) -> bool:
    """True when ``value == a copy of it`` gives one bool, as JAX's cache needs."""
    try:
        other = copy.deepcopy(value)
        return isinstance(value == other, bool)
    except Exception:  # noqa: BLE001 - an __eq__ that raises is the failure itself
        return False


def structure_compares(value: Any) -> bool:
    """True when the pytree structure of ``value`` can be compared with that of a copy, and holds no array in
    its metadata (a copy's metadata may be other objects, never compared: treeo's field records)."""
    try:
        structure = jax.tree_util.tree_structure(value)
        if _array_in_metadata(structure):
            return False
        # the leaves stay as they are: copying a ``jax.Array`` runs (and compiles) a copy on the backend
        kept = {id(leaf): leaf for leaf in jax.tree_util.tree_leaves(value)}
        return isinstance(structure == jax.tree_util.tree_structure(copy.deepcopy(value, kept)), bool)
    except Exception:  # noqa: BLE001
        return False


def _array_in_metadata(structure: Any, depth: int = 0) -> bool:
    """True when a node of ``structure`` keeps an array in its metadata (directly, or in a dict, list or tuple)."""
    def holds(data: Any) -> bool:
        if isinstance(data, (np.ndarray, jax.Array)):
            return True
        items = data.values() if isinstance(data, dict) else data if isinstance(data, (list, tuple)) else ()
        return any(holds(item) for item in items)

    data = structure.node_data()
    return depth < 8 and ((data is not None and holds(data[1]))
                          or any(_array_in_metadata(child, depth + 1) for child in structure.children()))


@dataclasses.dataclass
class EqRecipe:
    """Recipe: the argument's class given the written ``__eq__``; the copy must compare and trace."""

    argument: str
    method: str  # the source of the new __eq__


@dataclasses.dataclass
class ChildrenRecipe:
    """Recipe: the argument's class registered with its array fields as children."""

    argument: str
    children: tuple[str, ...]
    rest: tuple[str, ...]


def _fields(value: Any) -> dict[str, Any] | None:
    try:
        fields = dict(vars(value))
    except TypeError:
        return None
    return fields or None


def eq_fix(name: str, value: Any, np_name: str) -> Fix | None:
    """An ``__eq__`` for ``value``'s class that compares its fields and returns one bool."""
    fields = _fields(value)
    if fields is None:
        return None
    tests = ["type(other) is type(self)"]
    for field, held in fields.items():
        if isinstance(held, (np.ndarray, jax.Array)):
            tests.append(f"{np_name}.array_equal(self.{field}, other.{field})")
        else:
            tests.append(f"self.{field} == other.{field}")
    method = "def __eq__(self, other):\n    return " + " and ".join(tests)
    cls = type(value).__name__
    code = f"class {cls}:\n    ...\n" + "\n".join("    " + line for line in method.splitlines())
    return Fix(
        "hashable-static", code,
        f"JAX compares a static `{name}` with the one it compiled for by `==`, which must give one True/False; "
        f"`{cls}.__eq__` returns an array. Compare arrays with `np.array_equal` (keep `__hash__` consistent)",
        recipe=EqRecipe(name, method),
    )


def children_fix(name: str, value: Any, jax_name: str) -> Fix | None:
    """``register_pytree_node`` for ``value``'s class with its array fields as children."""
    fields = _fields(value)
    if fields is None:
        return None
    children = tuple(k for k, v in fields.items() if isinstance(v, (np.ndarray, jax.Array, float, int)))
    rest = tuple(k for k in fields if k not in children)
    cls = type(value)
    try:
        params = [p for p in inspect.signature(cls).parameters]
    except (TypeError, ValueError):
        return None
    if sorted(params) != sorted(fields) or not children:
        return None  # the constructor does not take the fields by name: no general unflatten
    made = ", ".join(f"{p}={'children' if p in children else 'aux'}[{(children if p in children else rest).index(p)}]"
                     for p in params)
    code = (
        f"# in place of your own register_pytree_node({cls.__name__}, ...): a class is registered once\n"
        f"{jax_name}.tree_util.register_pytree_node(\n"
        f"    {cls.__name__},\n"
        f"    lambda m: ({_tuple(children)}, {_tuple(rest)}),   # arrays are children: traced\n"
        f"    lambda aux, children: {cls.__name__}({made}),\n"
        ")"
    )
    return Fix(
        "not-static", code,
        f"pytree metadata is compared like a static argument, and an array cannot be; make the arrays of "
        f"`{name}` children of the pytree, which JAX traces",
        recipe=ChildrenRecipe(name, children, rest),
    )


def _tuple(fields: tuple[str, ...]) -> str:
    items = [f"m.{k}" for k in fields]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def comparable_copy(recipe: Any, value: Any, globals_: dict) -> Any:
    """A copy of ``value`` whose class carries the fix (a private subclass); raises when it cannot be made."""
    cls = type(value)
    if isinstance(recipe, EqRecipe):
        namespace: dict[str, Any] = {}
        exec(compile(recipe.method, "<jaxmagic fix>", "exec"), dict(globals_), namespace)
        fixed = type(cls.__name__, (cls,), {"__eq__": namespace["__eq__"], "__hash__": cls.__hash__})
    else:
        fixed = _registered(cls, recipe.children, recipe.rest)
    made = copy.copy(value)
    object.__setattr__(made, "__class__", fixed)  # (a frozen dataclass refuses ``made.__class__ = ...``)
    return made


@contextlib.contextmanager
def named_as_fixed(made: Any) -> Iterator[None]:
    """For the block, the private class of ``made`` under its class's name in the class's module: a method that
    builds a new object by that name (eformer's ``adjust`` returns ``DynamicLossScale(...)``) builds the fixed one."""
    cls = type(made).__mro__[1]
    module = sys.modules.get(cls.__module__)
    swapped = module is not None and getattr(module, cls.__name__, None) is cls
    if swapped:
        setattr(module, cls.__name__, type(made))
    try:
        yield
    finally:
        if swapped:
            setattr(module, cls.__name__, cls)


# one private subclass per user class and split of its fields: JAX's registry keeps what is registered,
# so a class explained again reuses its subclass instead of registering another
_REGISTERED: dict[tuple[type, tuple[str, ...], tuple[str, ...]], type] = {}


def _registered(cls: type, children: tuple[str, ...], rest: tuple[str, ...]) -> type:
    key = (cls, children, rest)
    if key not in _REGISTERED:
        fixed = type(cls.__name__, (cls,), {})
        jax.tree_util.register_pytree_node(
            fixed,
            lambda m: (tuple(getattr(m, k) for k in children), tuple(getattr(m, k) for k in rest)),
            lambda aux, kids: _built(fixed, dict(zip(children, kids)) | dict(zip(rest, aux))),
        )
        _REGISTERED[key] = fixed
    return _REGISTERED[key]


def _built(cls: type, fields: dict[str, Any]) -> Any:
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made


# --- the field's own declaration ----------------------------------------------------
