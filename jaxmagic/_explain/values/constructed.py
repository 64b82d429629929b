"""A count an object's class computes with ``jnp`` in its ``__init__``: an array field that the code reads as a
Python int (a spectral cutoff, a number of substeps), traced because it is an array.

``self.cutoff = jnp.floor(2 / 3 * n).astype(int)`` makes the field a JAX array, and every jit traces array
leaves (equinox's ``filter_jit`` among them), so a slice bound or a ``range`` that reads it meets a tracer.
Computed with NumPy and made an ``int`` where the class sets it, the field is a Python value, which JAX holds
static. The fix is that ``__init__`` line; it is tried with the class compiled again and the user's object
rebuilt, the field holding the int it held as an array.

A count the user wrote into a dict as an array of one integer (``{"n_terms": jnp.array(3)}``) and handed to
``equinox.filter_jit``, which traces every array leaf and holds every Python value static: written as the int
in that dict display, it is static, and the call is traced again with the dict holding the int.
"""
from __future__ import annotations

import ast
import copy
import linecache
import re
from typing import Any

import numpy as np

from ..._common.source import copied
from ..._common.errors import is_user_file
from ..declare.fields import Declaration, class_node, declared_data_fix, field_values_by_name, integer_scalar_array
from ..declare.leaf import Static
from ..explanation import Fix

__all__ = ["array_count_fix", "constructed_count_fix", "dict_count_fix"]

_ARRAY_ANNOTATIONS = ("Array", "ndarray", "ArrayLike")


def constructed_count_fix(kind: str, paths: list[str], values: dict[str, Any], names: Any) -> Fix | None:
    """The ``__init__`` line of the object's class that sets the one field the value is (``self.cutoff``) with
    ``jnp``, written with NumPy as a Python ``int``; None unless the field holds one integer and the class is the
    user's; only for a value needed as a size or an int (``kind``). ``values``: the objects by parameter name;
    ``names``: how the user spells ``jnp`` and ``np``."""
    if kind not in ("traced-shape", "integer-conversion") or len(paths) != 1 or paths[0].count(".") != 1 or \
            "[" in paths[0]:
        return None
    name, field = paths[0].split(".")
    value = values.get(name)
    jnp_name, np_name = names.jnp, names.np
    held = getattr(value, field, None) if value is not None else None
    if held is None or getattr(held, "shape", None) != () or not np.issubdtype(getattr(held, "dtype", np.float32),
                                                                               np.integer):
        return None
    found = class_node(type(value))
    if found is None or not is_user_file(found[2]):
        return None
    node, _, filename = found
    init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    assigned = _jnp_assignment(init, field, jnp_name) if init is not None else None
    if assigned is None:
        return None
    edited_init = copied(init)
    line = next(s for s in ast.walk(edited_init) if isinstance(s, ast.Assign) and s.lineno == assigned.lineno)
    line.value = ast.Call(ast.Name("int", ast.Load()), [_with_numpy(line.value, jnp_name, np_name)], [])
    whole = copy.copy(node)
    whole.body, shown = [], []
    for statement in node.body:
        if statement is init:
            statement = edited_init
        elif _annotates(statement, field) and statement.value is None and _array_annotation(statement.annotation):
            statement = ast.copy_location(ast.AnnAssign(ast.Name(field, ast.Store()), ast.Name("int", ast.Load()),
                                                        None, 1), statement)
            shown.append(f"    {field}: int")
        whole.body.append(statement)
    signature = f"def __init__({ast.unparse(init.args)}):"
    bases = ", ".join(ast.unparse(b) for b in node.bases)
    code = "\n".join([f"class {node.name}{f'({bases})' if bases else ''}:", *shown, f"    {signature}",
                      "        ...", f"        {ast.unparse(line)}   # a Python int: held static, never traced"])
    return Fix(
        "numpy-for-static", code,
        f"`{field}` is computed with `{jnp_name}` in `{node.name}.__init__`, so it is a JAX array, and JAX traces "
        f"every array it is handed; compute it with NumPy as a Python int where the class sets it, and JAX keeps "
        "it as a constant",
        recipe=Declaration(name, None, [ast.fix_missing_locations(whole)], filename, as_counts=(field,)),
    )


def _jnp_assignment(init: ast.FunctionDef, field: str, jnp_name: str) -> ast.Assign | None:
    """``self.<field> = <an expression calling jnp>`` in ``__init__``, the only assignment of that field."""
    own = init.args.args[0].arg if init.args.args else "self"
    found = [s for s in ast.walk(init) if isinstance(s, ast.Assign) and len(s.targets) == 1
             and isinstance(s.targets[0], ast.Attribute) and s.targets[0].attr == field
             and isinstance(s.targets[0].value, ast.Name) and s.targets[0].value.id == own]
    if len(found) != 1 or not any(isinstance(c, ast.Call) and _is_jnp(c.func, jnp_name) for c in ast.walk(
            found[0].value)):
        return None
    return found[0]


def _is_jnp(func: ast.expr, jnp_name: str) -> bool:
    spelled = ast.unparse(func)
    return spelled.rsplit(".", 1)[0] in (jnp_name, "jnp", "jax.numpy")


def _with_numpy(expression: ast.expr, jnp_name: str, np_name: str) -> ast.expr:
    """``expression`` with each ``jnp.f(...)`` called as ``np.f(...)``."""
    new = copied(expression)
    if isinstance(new, ast.Call) and isinstance(new.func, ast.Attribute) and new.func.attr == "astype":
        new = new.func.value  # ``.astype(int)`` said again by the ``int()`` around it
    for call in ast.walk(new):
        if isinstance(call, ast.Call) and _is_jnp(call.func, jnp_name):
            call.func = ast.Attribute(ast.Name(np_name, ast.Load()), ast.unparse(call.func).rsplit(".", 1)[-1],
                                      ast.Load())
    return new


def _annotates(statement: ast.stmt, field: str) -> bool:
    return isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) and \
        statement.target.id == field


def _array_annotation(annotation: ast.expr) -> bool:
    return ast.unparse(annotation).rsplit(".", 1)[-1] in _ARRAY_ANNOTATIONS


def array_count_fix(paths: list[str], values: dict) -> Fix | None:
    """A count the user built as an array of one integer in a field of their class (``window=jnp.array(6)``, read
    as a slice bound or a loop count under jit): the field declared static, built with a Python int."""
    for path in [p for p in paths if "." in p]:
        held = values.get(path.split(".", 1)[0])
        fields = field_values_by_name(held) if held is not None else {}
        if integer_scalar_array(fields.get(path.rsplit(".", 1)[-1])):
            return declared_data_fix(path.split(".", 1)[0], path, held, scalar=True)
    return None


def dict_count_fix(kind: str, paths: list[str], facts: Any, tree: ast.AST | None) -> Fix | None:
    """``{"n_terms": jnp.array(3)}`` in the user's code, the dict handed to ``equinox.filter_jit`` and its entry read
    as a count (``range``, ``reshape``): the entry written as the Python int, which filter_jit holds static."""
    found = re.fullmatch(r"(\w+)\[['\"](\w+)['\"]\]", paths[0]) if len(paths) == 1 else None
    held = facts.values.get(found[1]) if found and facts is not None and facts.wrapper == "equinox.filter_jit" \
        else None
    if kind not in ("traced-shape", "integer-conversion") or not isinstance(held, dict) or tree is None or \
            not integer_scalar_array(held.get(found[2])):
        return None
    built = [(d, v) for d in ast.walk(tree) if isinstance(d, ast.Dict)
             for k, v in zip(d.keys, d.values) if isinstance(k, ast.Constant) and k.value == found[2]
             and isinstance(v, ast.Call) and len(v.args) == 1 and not v.keywords
             and isinstance(v.args[0], ast.Constant) and type(v.args[0].value) is int]
    if len(built) != 1 or built[0][1].args[0].value != int(held[found[2]]):
        return None
    statement = next((s for s in getattr(tree, "body", []) if built[0][0] in list(ast.walk(s))), None)
    made = built[0][1]
    lines = linecache.getlines(facts.source[1]) if facts.source is not None else []
    if statement is None or made.lineno != made.end_lineno or len(lines) < (statement.end_lineno or 0):
        return None
    # the statement as the user wrote it, the one call replaced by its int (its other literals left as written)
    text = lines[made.lineno - 1]
    lines = [*lines[:made.lineno - 1], text[:made.col_offset] + str(made.args[0].value) + text[made.end_col_offset:],
             *lines[made.lineno:]]
    return Fix(
        "static", "".join(lines[statement.lineno - 1:statement.end_lineno]).rstrip()
        + "   # a Python int: equinox.filter_jit holds it static",
        f"`{paths[0]}` is built as a JAX array of one integer (`{ast.unparse(built[0][1])}`), and equinox.filter_jit "
        "traces every array; written as the Python int, it is held static and read as the number it is",
        recipe=Static(replace={found[1]: {**held, found[2]: int(held[found[2]])}}),
    )
