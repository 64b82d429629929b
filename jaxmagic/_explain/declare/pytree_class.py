"""Registering the user's own class as a pytree, written for its fields and tried on a private copy.

An object of a plain class is no JAX type: ``jax.jit`` refuses it as an argument, and a method under
``@jax.jit`` refuses its ``self``. Registered as a pytree node, its arrays become leaves that JAX traces and
the rest (sizes, names, options) the node's metadata, compared like static arguments. The fix is code for
the user's class and its attributes as they are at the failing call, not a template: a dataclass through
``jax.tree_util.register_dataclass``, any other class through a flatten/unflatten pair that rebuilds the
object without calling its constructor (which may take other arguments than the attributes it keeps).

It is tried as :class:`~.equality.ChildrenRecipe` tries a registration: the argument copied, its class
swapped for a private subclass registered the same way, the failing call traced again with it. The user's
class itself is never registered by jaxmagic.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

import jax
import numpy as np

from ..explanation import Fix
from ..fixes.equality import ChildrenRecipe

__all__ = ["class_registration_fix"]


def class_registration_fix(name: str, value: Any, jax_name: str) -> Fix | None:
    """``value``'s class registered as a pytree with its array attributes as leaves; None when its attributes
    cannot be read (``__slots__``, a C type) or it holds no array."""
    try:
        fields = dict(vars(value))
    except TypeError:
        return None
    children = tuple(k for k, v in fields.items() if _holds_arrays(v))
    rest = tuple(k for k in fields if k not in children)
    if not children or not all(k.isidentifier() for k in fields):
        return None
    cls = type(value).__name__
    if dataclasses.is_dataclass(value) and {f.name for f in dataclasses.fields(value) if f.init} == set(fields):
        code = (f"{jax_name}.tree_util.register_dataclass(\n"
                f"    {cls}, data_fields={list(children)!r}, meta_fields={list(rest)!r})")
    else:
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", cls).lower().strip("_") or "obj"
        lines = [
            f"def _flatten_{snake}(obj):  # arrays are leaves, traced; the rest is compared like a static argument",
            f"    return {_tuple('obj', children)}, {_tuple('obj', rest)}",
            "",
            f"def _unflatten_{snake}(aux, leaves):",
            f"    obj = object.__new__({cls})",
            f"    {_targets('obj', children)} = leaves",
            *([f"    {_targets('obj', rest)} = aux"] if rest else []),
            "    return obj",
            "",
            f"{jax_name}.tree_util.register_pytree_node({cls}, _flatten_{snake}, _unflatten_{snake})",
        ]
        code = "\n".join(lines)
    return Fix(
        "register-pytree", code + f"\n# once, after `class {cls}` is defined",
        f"register `{cls}` as a pytree: its arrays ({', '.join(f'`{k}`' for k in children)}) are then traced "
        f"like any argument, and the rest{' (' + ', '.join(f'`{k}`' for k in rest) + ')' if rest else ''} is "
        "static metadata",
        recipe=ChildrenRecipe(name, children, rest),
    )


def _holds_arrays(value: Any) -> bool:
    """True for an array, or a list, tuple or dict whose leaves include one."""
    try:
        leaves = jax.tree_util.tree_leaves(value)
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten
        return False
    return any(isinstance(leaf, (jax.Array, np.ndarray)) for leaf in leaves)


def _tuple(obj: str, fields: tuple[str, ...]) -> str:
    items = [f"{obj}.{k}" for k in fields]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _targets(obj: str, fields: tuple[str, ...]) -> str:
    return ", ".join(f"{obj}.{k}" for k in fields) + ("," if len(fields) == 1 else "")
