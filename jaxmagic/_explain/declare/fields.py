"""Where a class declares which of its fields are static, and the fix made in that declaration.

A pytree class says which fields are data (traced) and which are metadata
(static, hashed and compared with ``==`` like a static argument):
``register_dataclass(..., meta_fields=[...])``, ``equinox.field(static=True)``,
``flax.struct.field(pytree_node=False)``, ``jax_dataclasses.Static[...]``,
``dataclasses.field(metadata={"static": True})``. When a field is on the wrong
side, the fix is made there, in the user's own class statement:

* an array declared static (JAX cannot compare it) becomes data
  (:func:`declared_static_fix`);
* a function or other non-array value held as data (JAX cannot trace it)
  becomes static (:func:`declared_data_fix`).

Each is tried with the class compiled again as the fix declares it, the user's
value rebuilt as an object of that class (``rebuilt.redeclared``).
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import linecache
import sys
from typing import Any

import jax
import numpy as np

from ..._common.errors import is_user_file
from ..._common.source import copied, every_node, parse_file, text_of
from ..explanation import Fix
from ..values.callee import decorator_static_field, library_data_field, library_static_field

__all__ = ["Declaration", "class_node", "declared_data_fix", "declared_static_fix", "field_values_by_name",
           "integer_scalar_array"]


@dataclasses.dataclass
class Declaration:
    """Recipe: the class (and its registration call) compiled again as edited; the argument rebuilt with it."""

    argument: str
    field: str | None  # the argument's field holding the object of that class; None: the argument itself
    statements: list[ast.stmt]  # the edited ``class`` statement, then the edited registration call if any
    filename: str
    as_tuples: tuple[str, ...] = ()  # fields whose lists (sets) are given as tuples (frozensets) in the fix
    as_counts: tuple[str, ...] = ()  # int fields a vmap made arrays of one value: built again as that int
    handed: Any = None  # the object itself, where the failing call holds it unnamed (a wrapper's ``*args``)

_STATIC_KEYWORDS = {"static": True, "pytree_node": False}


def declared_static_fix(name: str, value: Any) -> Fix | None:
    """The class declaration of ``value`` (or of one of its fields' values) with its array fields made data."""
    for field, held in [(None, value), *_field_values(value)]:
        arrays = [k for k, v in field_values_by_name(held).items() if _unhashable(v)]
        if not arrays:
            continue
        found = class_node(type(held))
        if found is None:
            continue
        node, tree, filename = found
        if not is_user_file(filename):
            continue  # a library's class: the user cannot edit its declaration
        made = _register_edit(node, tree, type(held).__name__, arrays) or _field_edit(node, arrays, type(held))
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


def field_values_by_name(value: Any) -> dict[str, Any]:
    try:
        return dict(vars(value))
    except TypeError:
        return {}


def _field_values(value: Any) -> list[tuple[str, Any]]:
    return [(k, v) for k, v in field_values_by_name(value).items() if hasattr(v, "__dict__") and not _unhashable(v)
            and not isinstance(v, type)]


def _unhashable(value: Any) -> bool:
    return isinstance(value, (np.ndarray, jax.Array, list, dict, set))


def class_node(cls: type) -> tuple[ast.ClassDef, ast.Module, str] | None:
    """The ``class`` statement of ``cls`` in its module's source (the last one of that name: a re-run cell)."""
    module = sys.modules.get(getattr(cls, "__module__", ""), None)
    filename = getattr(module, "__file__", None)
    # a class defined in a notebook cell: its module (``__main__``) has no file, the cell's file is in linecache
    candidates = [filename] if filename else [f for f in list(linecache.cache) if is_user_file(f)][::-1]
    line = getattr(cls, "__firstlineno__", None)
    for candidate in candidates:
        tree = parse_file(candidate)
        found = [n for n in every_node(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__
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
    edited = copied(node)
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


def _field_edit(node: ast.ClassDef, arrays: list[str], cls: type) -> tuple[str, list[str], list[ast.stmt]] | None:
    """``w: jax.Array = eqx.field(static=True)`` → ``w: jax.Array`` (other options of the field kept);
    ``K: jdc.Static[jax.Array]`` → ``K: jax.Array``; ``w: jax.Array`` in a class whose library keeps a field
    static unless told → ``w: jax.Array = to.field(node=True)``."""
    shown, moved, body, data = [], [], [], library_data_field(cls)
    whole = copy.copy(node)
    for statement in node.body:
        body.append(statement)
        if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and statement.target.id in arrays):
            continue
        edited = copy.copy(statement)
        if _static_annotation(statement.annotation):  # jax_dataclasses: Static[...] around the type
            edited.annotation = statement.annotation.slice
        elif isinstance(statement.value, ast.Call):
            call = copied(statement.value)
            kept = [k for k in call.keywords if not _declares_static(k)]
            if len(kept) == len(call.keywords):
                continue
            call.keywords = kept
            edited.value = call if (call.args or call.keywords) else None
        elif statement.value is None and data is not None:
            edited.value = ast.parse(data, mode="eval").body
        else:
            continue
        edited.simple = 1
        body[-1] = edited
        shown.append("    " + ast.unparse(edited) + "   # a data field: traced")
        moved.append(statement.target.id)
    if not shown:
        return None
    whole.body = body
    return _shown_class(node, shown), moved, [whole]


def _shown_class(node: ast.ClassDef, fields: list[str]) -> str:
    """The class as the fix shows it: its decorators and header, the edited fields, the rest elided."""
    bases = ", ".join(ast.unparse(b) for b in node.bases)
    decorators = [f"@{ast.unparse(d)}" for d in node.decorator_list]
    return "\n".join([*decorators, f"class {node.name}{f'({bases})' if bases else ''}:", *fields,
                      "    ...  # the other fields and methods as they are"])


def _static_annotation(annotation: ast.expr) -> bool:
    """``jdc.Static[...]`` (jax_dataclasses): the field is pytree metadata."""
    return isinstance(annotation, ast.Subscript) and (text_of(annotation.value) or "").rsplit(".", 1)[-1] == "Static"


def _declares_static(keyword: ast.keyword) -> bool:
    if keyword.arg in _STATIC_KEYWORDS:
        return isinstance(keyword.value, ast.Constant) and keyword.value.value == _STATIC_KEYWORDS[keyword.arg]
    if keyword.arg == "metadata":  # dataclasses.field(metadata={"static": True}) / dict(static=True)
        return ast.unparse(keyword.value).replace(" ", "") in ("{'static':True}", 'dict(static=True)')
    return False


# --- a non-array field held as data: declared static --------------------------------------


def declared_data_fix(name: str, path: str, value: Any, scalar: bool = False, also: tuple[str, ...] = ()
                      ) -> Fix | None:
    """``value``'s class statement with its non-array field (the leaf at ``path``, else the one field that
    holds no array) declared static, in the way the class declares fields; None for a library's class.
    ``scalar``: the field at ``path`` holds a Python number the code needs as a constant (a loop count);
    ``also``: the paths of other such fields of the same object, declared static with it (a config's two numbers)."""
    held, field, owner = _non_array_field(name, path, value, scalar)
    if field is None:
        return None
    others = tuple(f for h, f, o in (_non_array_field(name, p, value, scalar) for p in also)
                   if h is held and o == owner and f is not None and f != field)
    found = class_node(type(held))
    if found is None or not is_user_file(found[2]):
        return None
    node, tree, filename = found
    count = integer_scalar_array(getattr(held, field))  # declared an int, as it is built from now on
    made = _register_meta_edit(node, tree, type(held).__name__, field) if not others else None
    made = made or _field_static_edit(node, (field, *others), type(held), count)
    if made is None:
        return None
    code, statements = made
    kept = getattr(held, field)
    why = ("JAX traces it like the arrays beside it, so Python never sees its value" if scalar else
           "JAX cannot trace it as a leaf")
    held_as = "holds a count as an array of one integer" if count else f"holds a Python {type(kept).__name__}, not an array,"
    value = f"`{int(kept)}`, " if count and not isinstance(kept, jax.core.Tracer) else ""
    passed = f"and build it with a Python int ({value}not an array)" if count else f"and keep passing `{name}` as it is"
    return Fix(
        "static", code,
        f"`{field}` of `{type(held).__name__}` {held_as} and {why}; declare it a static field of the class (hashed "
        f"with the structure, like a static argument){', with ' + ', '.join(f'`{o}`' for o in others) if others else ''}"
        f" {passed}",
        recipe=Declaration(name, owner, statements, filename, as_counts=(field,) if scalar else ()),
    )


def _non_array_field(name: str, path: str, value: Any, scalar: bool = False) -> tuple[Any, str | None, str | None]:
    """(object holding the field, field name, the argument's field holding that object or None)."""
    for owner, held in [(None, value), *_field_values(value)]:
        fields = field_values_by_name(held)
        leaf = path.split(".")[-1] if "." in path and "[" not in path.rsplit(".", 1)[-1] else None
        if leaf in fields and (not _array_like(fields[leaf]) or (
                scalar and isinstance(fields[leaf], (int, float, bool)) and owner is None)):
            return held, leaf, owner
        if scalar and owner is None and leaf in fields and (_annotated_count(type(held), leaf) or
                                                            integer_scalar_array(fields[leaf])):
            # `horizon: int`, made an array by a vmap that built the object; or `window = jnp.array(6)`, a count
            # the user built as an array
            return held, leaf, owner
        others = [k for k, v in fields.items() if not _array_like(v) and not isinstance(v, type(None))]
        if owner is None and len(others) == 1 and callable(fields[others[0]]):
            return held, others[0], owner
    return value, None, None


def _annotated_count(cls: type, field: str) -> bool:
    """True when the class annotates ``field`` as a Python ``int`` or ``bool`` (a count, a flag)."""
    for klass in getattr(cls, "__mro__", ()):
        annotation = vars(klass).get("__annotations__", {}).get(field)
        if annotation is not None:
            return annotation in (int, bool, "int", "bool")
    return False


def integer_scalar_array(value: Any) -> bool:
    """True for an array of one integer (``jnp.array(6)``, or its tracer), as a count is built by mistake."""
    return isinstance(value, (np.ndarray, jax.Array)) and np.shape(value) == () and \
        np.issubdtype(value.dtype, np.integer)


def _array_like(value: Any) -> bool:
    return isinstance(value, (np.ndarray, jax.Array, int, float, complex, bool, np.generic)) or (
        hasattr(value, "shape") and hasattr(value, "dtype"))


def _register_meta_edit(node: ast.ClassDef, tree: ast.Module, name: str, field: str
                        ) -> tuple[str, list[ast.stmt]] | None:
    """``register_dataclass(..., data_fields=[...], meta_fields=[...])`` with ``field`` moved to the meta fields."""
    def moved(call: ast.expr) -> ast.expr | None:
        if not isinstance(call, ast.Call) or "register_dataclass" not in ast.unparse(call):
            return None
        edited = copied(call)
        keywords = {k.arg: k for k in edited.keywords}
        meta, data = keywords.get("meta_fields"), keywords.get("data_fields")
        if meta is None or data is None or not all(isinstance(k.value, (ast.List, ast.Tuple)) for k in (meta, data)):
            return None
        if field not in [e.value for e in data.value.elts if isinstance(e, ast.Constant)]:
            return None
        data.value.elts = [e for e in data.value.elts if not (isinstance(e, ast.Constant) and e.value == field)]
        meta.value.elts.append(ast.Constant(field))
        return edited

    for decorator in node.decorator_list:
        edited = moved(decorator)
        if edited is not None:
            whole = copy.copy(node)
            whole.decorator_list = [edited if d is decorator else d for d in node.decorator_list]
            return _shown_class(whole, []), [whole]
    for statement in tree.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Name) and call.args[0].id == name:
            edited = moved(call)
            if edited is not None:
                return ast.unparse(edited), [node, ast.Expr(edited)]
    return None


def _field_static_edit(node: ast.ClassDef, fields: tuple[str, ...], cls: type, count: bool = False
                       ) -> tuple[str, list[ast.stmt]] | None:
    """The field's line declared static the class's way: ``jdc.Static[...]`` around its type for a
    ``pytree_dataclass``, ``= eqx.field(static=True)`` in an ``equinox.Module``, ``= struct.field(pytree_node=False)``
    in a ``flax.struct.dataclass``."""
    option = _static_option(node, cls, len(fields) > 1)
    if option is None:
        return None
    body, shown = [], []
    for statement in node.body:
        body.append(statement)
        if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and statement.target.id in fields):
            continue
        edited = copied(statement)
        if count:
            edited.annotation = ast.Name("int", ast.Load())
        kind, spelled = option
        if kind == "annotation":
            edited.annotation = ast.Subscript(ast.parse(spelled, mode="eval").body, statement.annotation, ast.Load())
        elif spelled and isinstance(edited.value, ast.Call) and (text_of(edited.value.func) or "").endswith("field"):
            edited.value.keywords.append(ast.parse(f"f({spelled})", mode="eval").body.keywords[0])
        elif edited.value is None:
            keywords = ast.parse(f"f({spelled})", mode="eval").body.keywords if spelled else []
            edited.value = ast.Call(ast.parse(kind, mode="eval").body, [], keywords)
        else:
            return None
        body[-1] = ast.fix_missing_locations(ast.copy_location(edited, statement))
        shown.append("    " + ast.unparse(edited) + "   # static: hashed with the structure, not traced")
    if not shown:
        return None
    whole = copy.copy(node)
    whole.body = body
    return _shown_class(node, shown), [whole]


def _static_option(node: ast.ClassDef, cls: type, several: bool = False) -> tuple[str, str] | None:
    """How this class declares a static field: ``("annotation", "jdc.Static")``, or the field function
    and its keyword (``("eqx.field", "static=True")``; an ``equinox.Module`` found by the class's bases,
    as a library's kernel class derives from one, spelled as the class's module imports equinox)."""
    for decorator in node.decorator_list:
        spelled = text_of(decorator.func if isinstance(decorator, ast.Call) else decorator) or ""
        prefix, _, last = spelled.rpartition(".")
        if last == "pytree_dataclass" and prefix:
            return "annotation", f"{prefix}.Static"
        if last == "dataclass" and prefix.endswith("struct"):
            return f"{prefix}.field", "pytree_node=False"
        if last == "register_dataclass" and several:  # a dataclass whose fields JAX reads: static by the field's
            # metadata, where several numbers of it are needed (one is taken out as a parameter of its own instead)
            held = vars(sys.modules.get(cls.__module__) or sys)
            spelled = next((f"{n}.field" for n, v in held.items() if v is dataclasses), None)
            return spelled or next((n for n, v in held.items() if v is dataclasses.field), "dataclasses.field"), \
                "metadata=dict(static=True)"
        struct, held = sys.modules.get("flax.struct"), vars(sys.modules.get(cls.__module__) or sys)
        if last == "dataclass" and not prefix and struct is not None and held.get(spelled) is struct.dataclass:
            return next((n for n, v in held.items() if v is struct.field), "struct.field"), "pytree_node=False"
    equinox = sys.modules.get("equinox")
    if equinox is not None and isinstance(cls, type) and issubclass(cls, equinox.Module):
        held = vars(sys.modules.get(cls.__module__, equinox))
        alias = next((n for n, v in held.items() if v is equinox), None)
        field = next((n for n, v in held.items() if v is equinox.field), None)
        # the class's module may not import equinox itself (a library's base class): the fix imports it as eqx
        return (f"{alias}.field" if alias is not None else field or "eqx.field"), "static=True"
    return library_static_field(cls) or decorator_static_field(node, cls)
