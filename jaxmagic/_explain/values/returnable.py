"""What a traced function can return in place of a stored object that is no JAX type.

A leak fix returns the stored value instead of storing it; but a value that is a function (diffusionjax's
``get_score(sde, model, params)``, a closure over traced parameters) or an object of no pytree class
(qiskit-dynamics' ``OdeResult``) cannot leave a jitted function. What can: the arrays the cell reads of it later
(``history[0].y``: return ``res.y``), or the traced inputs it was built from (``params``: the caller builds the
object again outside the jit, from the returned arrays).
"""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Any

import jax
import numpy as np

from ..._common.frames import quiet_leaves
from ..._common.source import copied, parameter_names, same_node, stored_names, text_of
from ..dataflow import stored_parts

__all__ = ["Returnable", "returnable_part", "returned_instead", "substituted"]


@dataclasses.dataclass
class Returnable:
    """In place of the stored object: ``value`` returned under ``name``; ``note`` says what the caller does."""

    value: ast.expr
    name: str
    note: str


def returnable_part(store: ast.stmt, target: ast.expr, value: ast.expr, appended: bool, scope: ast.AST,
                    tree: ast.AST, globals_: dict) -> Returnable | None:
    """The part to return when the object ``store`` kept (read back from the user's globals, where the store
    put it) is no JAX type; None when it is one, or when it cannot be read back."""
    try:
        held = eval(compile(text_of(target), "<stored>", "eval"), dict(globals_))  # noqa: S307
        kept = held[-1] if appended else held
    except Exception:  # noqa: BLE001 - a place not reachable from the globals (``self.x``): nothing to read
        return None
    if _returnable(kept):
        return None
    place = text_of(target)
    read = _read_later(tree, place, appended, kept, scope)
    if read is not None:
        name = _name(place, read)
        kept_as = f"{place}.append({name})" if appended else f"{place} = {name}"
        return Returnable(ast.Attribute(copied(value), read, ast.Load()), name,
                          f"and keeps it outside the jit: {kept_as}, read where you read `.{read}` of it (only "
                          "that array can leave the jit)")
    made = [n.value for n in ast.walk(scope) if isinstance(value, ast.Name) and isinstance(n, ast.Assign)
            and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and n.targets[0].id == value.id]
    value = made[0] if len(made) == 1 and isinstance(made[0], ast.Call) else value  # ``ivp = ivps.lorenz96(...)``
    if isinstance(value, ast.Call):
        local = set(parameter_names(scope)) | stored_names(scope).keys()
        inputs = list(dict.fromkeys(a.id for a in [*value.args, *(k.value for k in value.keywords)]
                                    if isinstance(a, ast.Name) and a.id in local))
        if inputs:
            name = f"{inputs[0]}_for_{_name(place, '')}" if len(inputs) == 1 else f"inputs_for_{_name(place, '')}"
            rebuilt = _rebuilt(value, inputs, name)
            stored = f"{place}.append({rebuilt})" if appended else f"{place} = {rebuilt}"
            returned = ast.Name(inputs[0], ast.Load()) if len(inputs) == 1 else ast.Tuple(
                [ast.Name(i, ast.Load()) for i in inputs], ast.Load())
            return Returnable(returned, name, f"and builds it again outside the jit, from the returned arrays: "
                                              f"{stored}")
    return None


def returned_instead(tree: ast.AST | None, store: ast.stmt, scope: ast.AST | None, globals_: dict | None
                     ) -> tuple[Returnable, ast.AST, ast.stmt] | None:
    """What to return in place of the object ``store`` keeps when no jit can return it, with a copy of the cell's
    tree that stores that instead (and its storing statement)."""
    parts = stored_parts(store) if scope is not None and tree is not None and globals_ else None
    if parts is None or parts[1] is None:
        return None
    part = returnable_part(store, parts[0], parts[1], parts[2], scope, tree, globals_ or {})
    made = substituted(tree, store, part.value) if part is not None else None
    return (part, *made) if made is not None else None


def substituted(tree: ast.AST, store: ast.stmt, new: ast.expr) -> tuple[ast.AST, ast.stmt] | None:
    """A copy of ``tree`` whose storing statement stores ``new`` (at the same position, so that nodes of the
    original find their copies there)."""
    made = copied(tree)
    found = same_node(made, store)
    if isinstance(found, ast.Assign) and len(found.targets) == 1:
        found.value = ast.copy_location(copied(new), found.value)
    elif isinstance(found, ast.Expr) and isinstance(found.value, ast.Call) and len(found.value.args) == 1:
        found.value.args[0] = ast.copy_location(copied(new), found.value.args[0])
    else:
        return None
    ast.fix_missing_locations(made)
    return made, found


def _returnable(value: Any) -> bool:
    """Whether a jitted function could return ``value``: a pytree of arrays and numbers."""
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - a class whose flattening fails: not returnable either
        return False
    return all(isinstance(leaf, (jax.Array, np.ndarray, np.generic, int, float, complex, bool)) for leaf in leaves)


def _read_later(tree: ast.AST, place: str, appended: bool, kept: Any, scope: ast.AST) -> str | None:
    """The attribute the cell reads of the stored object outside the storing function (``history[0].y``), when
    the object holds an array (or a tracer) there."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or getattr(node, "lineno", 0) <= (scope.end_lineno or scope.lineno):
            continue
        held = node.value
        if appended and isinstance(held, ast.Subscript):
            held = held.value
        if text_of(held) == place and _returnable(getattr(kept, node.attr, None)) and \
                getattr(kept, node.attr, None) is not None:
            return node.attr
    return None


def _name(place: str, attribute: str) -> str:
    base = re.sub(r"\W+", "_", place.split("[")[-1] if "[" in place else place).strip("_") or "stored"
    return f"{base}_{attribute}" if attribute else base


def _rebuilt(call: ast.Call, inputs: list[str], name: str) -> str:
    """The call that built the object, reading the returned arrays where it read the traced inputs."""
    made = copied(call)
    for node in ast.walk(made):
        if isinstance(node, ast.Name) and node.id in inputs:
            node.id = name if len(inputs) == 1 else f"{name}[{inputs.index(node.id)}]"
    return ast.unparse(made)
