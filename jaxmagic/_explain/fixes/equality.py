"""Static values JAX cannot compare: an ``__eq__`` that raises, arrays held as pytree metadata.

JAX keys its compile cache on static arguments and on pytree structure
(whose metadata is part of it). A second call compares the new key with the
cached one through ``__eq__``; an ``__eq__`` that returns an array, or
metadata that is an array, makes that comparison raise. Two fixes, each
written for the user's class and tried on a private copy:

* an ``__eq__`` that returns one bool, comparing array fields with
  ``np.array_equal`` (:func:`eq_fix`);
* the arrays moved from the metadata to the children of the pytree, where
  they are traced (:func:`children_fix`);
* better, where the user's class declares the field static itself
  (``register_dataclass(..., meta_fields=[...])``, ``equinox.field(static=True)``,
  ``flax.struct.field(pytree_node=False)``, ``dataclasses.field(metadata={"static": True})``),
  that declaration rewritten so the field is data (:func:`declared_static_fix`),
  tried with the class compiled again as declared there.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import linecache
import sys
from typing import Any

import jax
import numpy as np

from ..._common.errors import is_user_file
from ..._common.source import parse_file
from ..explanation import Fix

__all__ = ["compares", "eq_fix", "children_fix", "EqRecipe", "ChildrenRecipe", "comparable_copy",
           "declared_static_fix", "Declaration", "redeclared"]


def compares(value: Any) -> bool:
    """True when ``value == a copy of it`` gives one bool, as JAX's cache needs."""
    try:
        other = copy.deepcopy(value)
        return isinstance(value == other, bool)
    except Exception:  # noqa: BLE001 - an __eq__ that raises is the failure itself
        return False


def structure_compares(value: Any) -> bool:
    """True when the pytree structure of ``value`` can be compared with that of a copy."""
    try:
        return isinstance(jax.tree_util.tree_structure(value) == jax.tree_util.tree_structure(copy.deepcopy(value)),
                          bool)
    except Exception:  # noqa: BLE001
        return False


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
    made.__class__ = fixed
    return made


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


@dataclasses.dataclass
class Declaration:
    """Recipe: the class (and its registration call) compiled again as edited; the argument rebuilt with it."""

    argument: str
    field: str | None  # the argument's field holding the object of that class; None: the argument itself
    statements: list[ast.stmt]  # the edited ``class`` statement, then the edited registration call if any
    filename: str

_STATIC_KEYWORDS = {"static": True, "pytree_node": False}


def declared_static_fix(name: str, value: Any) -> Fix | None:
    """The class declaration of ``value`` (or of one of its fields' values) with its array fields made data."""
    for field, held in [(None, value), *_field_values(value)]:
        arrays = [k for k, v in _field_values_by_name(held).items() if _unhashable(v)]
        if not arrays:
            continue
        found = _class_node(type(held))
        if found is None:
            continue
        node, tree, filename = found
        if not is_user_file(filename):
            continue  # a library's class: the user cannot edit its declaration
        made = _register_edit(node, tree, type(held).__name__, arrays) or _field_edit(node, arrays)
        if made is None:
            continue
        code, moved, statements = made
        recipe = Declaration(name, field, statements, filename)
        shown = ", ".join(f"`{a}`" for a in moved)
        one = len(moved) == 1
        return Fix(
            "not-static", code,
            f"{shown} of `{type(held).__name__}` {'is' if one else 'are'} declared static (pytree metadata), which "
            f"JAX compares like a static argument, and an array cannot be compared so; declare "
            f"{'it a data field' if one else 'them data fields'}, which JAX traces",
            recipe=recipe,
        )
    return None


def _field_values_by_name(value: Any) -> dict[str, Any]:
    try:
        return dict(vars(value))
    except TypeError:
        return {}


def _field_values(value: Any) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in _field_values_by_name(value).items() if hasattr(v, "__dict__") and not _unhashable(v)
            and not isinstance(v, type)]


def _unhashable(value: Any) -> bool:
    return isinstance(value, (np.ndarray, jax.Array, list, dict, set))


def _class_node(cls: type) -> tuple[ast.ClassDef, ast.Module, str] | None:
    """The ``class`` statement of ``cls`` in its module's source (the last one of that name: a re-run cell)."""
    module = sys.modules.get(getattr(cls, "__module__", ""), None)
    filename = getattr(module, "__file__", None)
    # a class defined in a notebook cell: its module (``__main__``) has no file, the cell's file is in linecache
    candidates = [filename] if filename else [f for f in list(linecache.cache) if is_user_file(f)][::-1]
    line = getattr(cls, "__firstlineno__", None)
    for candidate in candidates:
        tree = parse_file(candidate)
        found = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__
                 and (line is None or n.lineno == line or any(d.lineno == line for d in n.decorator_list))
                 ] if tree is not None else []
        if found:
            return found[-1], tree, candidate
    return None


def _register_edit(node: ast.ClassDef, tree: ast.Module, name: str, arrays: list[str]
                   ) -> tuple[str, list[str], list[ast.stmt]] | None:
    """``register_dataclass(..., data_fields=[...], meta_fields=[...])``, as a decorator or a call, with the
    array fields moved from ``meta_fields`` to ``data_fields``."""
    for decorator in node.decorator_list:
        edited = _moved(decorator, arrays)
        if edited is not None:
            whole = copy.copy(node)
            whole.decorator_list = [edited[0] if d is decorator else d for d in node.decorator_list]
            shown = [f"@{_spread(d) if d is edited[0] else ast.unparse(d)}" for d in whole.decorator_list]
            bases = ", ".join(ast.unparse(b) for b in node.bases)
            return "\n".join([*shown, f"class {node.name}{f'({bases})' if bases else ''}:", "    ..."]), edited[1], [whole]
    for statement in tree.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if (isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Name)
                and call.args[0].id == name):
            edited = _moved(call, arrays)
            if edited is not None:
                return ast.unparse(edited[0]), edited[1], [node, ast.Expr(edited[0])]
    return None


def _spread(call: ast.Call) -> str:
    """A call written one argument a line when it would be long: the fields stay readable in a narrow page."""
    text = ast.unparse(call)
    if len(text) <= 72:
        return text
    parts = [*(ast.unparse(a) for a in call.args), *(ast.unparse(k) for k in call.keywords)]
    return f"{ast.unparse(call.func)}(\n" + "".join(f"    {p},\n" for p in parts) + ")"


def _moved(node: ast.expr, arrays: list[str]) -> tuple[ast.expr, list[str]] | None:
    if not isinstance(node, ast.Call) or "register_dataclass" not in ast.unparse(node):
        return None
    edited = copy.deepcopy(node)
    keywords = {k.arg: k for k in edited.keywords}
    meta, data = keywords.get("meta_fields"), keywords.get("data_fields")
    if meta is None or not isinstance(meta.value, (ast.List, ast.Tuple)):
        return None
    names = [e.value for e in meta.value.elts if isinstance(e, ast.Constant)]
    moved = [a for a in arrays if a in names]
    if not moved:
        return None
    meta.value.elts = [e for e in meta.value.elts if not (isinstance(e, ast.Constant) and e.value in moved)]
    if data is not None and isinstance(data.value, (ast.List, ast.Tuple)):
        data.value.elts += [ast.Constant(a) for a in moved]
    return edited, moved


def _field_edit(node: ast.ClassDef, arrays: list[str]) -> tuple[str, list[str], list[ast.stmt]] | None:
    """``w: jax.Array = eqx.field(static=True)`` → ``w: jax.Array`` (other options of the field kept)."""
    shown, moved, body = [], [], []
    whole = copy.copy(node)
    for statement in node.body:
        body.append(statement)
        if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and statement.target.id in arrays and isinstance(statement.value, ast.Call)):
            continue
        call = copy.deepcopy(statement.value)
        kept = [k for k in call.keywords if not _declares_static(k)]
        if len(kept) == len(call.keywords):
            continue
        call.keywords = kept
        edited = copy.copy(statement)
        edited.value = call if (call.args or call.keywords) else None
        edited.simple = 1
        body[-1] = edited
        shown.append("    " + ast.unparse(edited) + "   # a data field: traced")
        moved.append(statement.target.id)
    if not shown:
        return None
    whole.body = body
    bases = ", ".join(ast.unparse(b) for b in node.bases)
    return f"class {node.name}{f'({bases})' if bases else ''}:\n" + "\n".join(shown) + "\n    ...", moved, [whole]


def _declares_static(keyword: ast.keyword) -> bool:
    if keyword.arg in _STATIC_KEYWORDS:
        return isinstance(keyword.value, ast.Constant) and keyword.value.value == _STATIC_KEYWORDS[keyword.arg]
    if keyword.arg == "metadata":  # dataclasses.field(metadata={"static": True}) / dict(static=True)
        return ast.unparse(keyword.value).replace(" ", "") in ("{'static':True}", 'dict(static=True)')
    return False


def redeclared(recipe: Declaration, value: Any, globals_: dict) -> Any:
    """The argument's value rebuilt with its class compiled again as the fix declares it (a private copy)."""
    held = value if recipe.field is None else getattr(value, recipe.field)
    module = sys.modules.get(type(held).__module__)
    # the names the class statement reads are those of the module that defined it (a notebook's: the globals)
    namespace = dict(vars(module)) if getattr(module, "__file__", None) == recipe.filename else dict(globals_)
    for statement in recipe.statements:
        exec(compile(ast.fix_missing_locations(ast.Module([statement], [])), recipe.filename, "exec"), namespace)
    fixed = namespace[type(held).__name__]
    made = object.__new__(fixed)
    for key, item in vars(held).items():
        object.__setattr__(made, key, item)
    if recipe.field is None:
        return made
    outer = copy.copy(value)
    object.__setattr__(outer, recipe.field, made)
    return outer
