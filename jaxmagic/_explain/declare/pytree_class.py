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

A jitted method whose ``self`` holds arrays has a third way, JAX's FAQ's first: the method without ``@jax.jit``
(static ``self`` would bake those arrays in, and an update of them would go unseen by the compiled code).

An object of the user's dataclass that a library's jit holds static (relax's ``pred_fn`` given a model) has its
class declared hashable, by identity where its fields hold arrays.
"""
from __future__ import annotations

import ast
import dataclasses
import re
import types
from typing import Any

import jax
import numpy as np

from ..._common.frames import quiet_leaves, traceback_entries
from ..explanation import Fix
from ..fixes.equality import ChildrenRecipe
from .frozen import frozen_declaration_fix
from .leaf import Static

__all__ = ["class_registration_fix", "function_partial_fix", "fields_holding_arrays", "handed_dataclass_fix",
           "inline_dataclass_fix", "built_once", "unjitted_method_fix", "user_class_in"]


def class_registration_fix(name: str, value: Any, jax_name: str) -> Fix | None:
    """``value``'s class registered as a pytree with its array attributes as leaves; None when its attributes
    cannot be read (``__slots__``, a C type) or it holds no array."""
    try:
        fields = dict(vars(value))
    except TypeError:
        return None
    children = fields_holding_arrays(value)
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


def fields_holding_arrays(value: Any) -> tuple[str, ...]:
    """The attributes of ``value`` that hold arrays, directly or in a list, tuple or dict (``self.params``)."""
    try:
        return tuple(k for k, v in vars(value).items() if _holds_arrays(v))
    except TypeError:  # no ``__dict__`` (``__slots__``, a C type)
        return ()


def built_once(value: Any, tree: ast.Module | None) -> bool:
    """True when the cell's ``class`` statement for ``value``'s class has its own ``__init__`` and assigns
    attributes of ``self`` there alone, and the attributes holding arrays hold Python numbers beside them: a
    structure built once (a solver holding jaxfmm's hierarchy and its static counts), not weights a training step
    updates."""
    cls = type(value)
    node = next((n for n in getattr(tree, "body", []) if isinstance(n, ast.ClassDef) and n.name == cls.__name__),
                None)
    if node is None or not any(isinstance(m, ast.FunctionDef) and m.name == "__init__" for m in node.body):
        return False
    for method in node.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name == "__init__":
            continue
        for n in ast.walk(method):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(
                n, (ast.AugAssign, ast.AnnAssign)) else []
            if any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                   for target in targets for t in ast.walk(target)):
                return False
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr":
                return False
    try:
        held = [quiet_leaves(vars(value)[k]) for k in fields_holding_arrays(value)]
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten: no structure read
        return False
    return any(isinstance(leaf, (int, tuple)) and not isinstance(leaf, bool) for leaves in held for leaf in leaves)


def unjitted_method_fix(def_line: str, held: tuple[str, ...]) -> Fix:
    """A jitted method whose object holds arrays (``held``): the method without ``@jax.jit``."""
    return Fix(
        "remove-inner-jit",
        f"{def_line}   # without @jax.jit\n    ...  # the body as it is",
        f"`self` holds arrays ({', '.join(f'`{k}`' for k in held)}): jit can neither trace it nor safely keep it "
        "as a constant, so drop the method's `@jax.jit`; to compile, jit a function that takes those arrays as "
        "arguments",
        outcome="nothing is traced once the jit is gone",
    )


def _holds_arrays(value: Any) -> bool:
    """True for an array, or a list, tuple or dict whose leaves include one."""
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten
        return False
    return any(isinstance(leaf, (jax.Array, np.ndarray)) for leaf in leaves)


def _tuple(obj: str, fields: tuple[str, ...]) -> str:
    items = [f"{obj}.{k}" for k in fields]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _targets(obj: str, fields: tuple[str, ...]) -> str:
    return ", ".join(f"{obj}.{k}" for k in fields) + ("," if len(fields) == 1 else "")


_UNHASHABLE_TYPE = re.compile(r"unhashable type: '(?:[\w.]+\.)?(\w+)'")  # the class JAX's message names


def inline_dataclass_fix(exc: BaseException, node: ast.AST | None, message: str) -> tuple[str, Fix] | None:
    """``model.forward(X, embedding=Scaled(...))``: an object of the user's dataclass made on the failing line and
    handed by keyword to a library whose own jit holds it static (tn4ml's ``forward``), where no call is read back
    (the kernel's hook does not run a constructor): found in the library's frames, named by the keyword, and its class
    declared hashable, tried through that jit."""
    found = _UNHASHABLE_TYPE.search(message)
    if found is None or node is None:
        return None
    keyword = next((k.arg for c in ast.walk(node) if isinstance(c, ast.Call) for k in c.keywords if isinstance(
        k.value, ast.Call) and ast.unparse(k.value.func).rsplit(".", 1)[-1] == found[1]), None)
    value = next((v for tb in traceback_entries(exc.__traceback__) for v in list(tb.tb_frame.f_locals.values())[:64]
                  if type(v).__name__ == found[1] and dataclasses.is_dataclass(v) and not isinstance(v, type)), None)
    fix = frozen_declaration_fix(keyword, value, by_identity=bool(fields_holding_arrays(value))) \
        if keyword is not None and value is not None else None
    if fix is None:
        return None
    fix.recipe.handed = value
    return keyword, fix


def handed_dataclass_fix(site: Any) -> Fix | None:
    """An object of the user's dataclass, named on the failing line, that a library's jit holds static (relax's
    ``pred_fn`` given a model): its class declared hashable (by identity where its fields hold arrays)."""
    found = _UNHASHABLE_TYPE.search(site.message)
    names = {**(site.globals_ or {}), **(site.locals_ or {})}
    for node in ast.walk(site.node) if found is not None and isinstance(site.node, ast.AST) else ():
        value = names.get(node.id) if isinstance(node, ast.Name) else None
        if value is not None and type(value).__name__ == found[1]:  # (tried where the failing call holds it)
            fix = frozen_declaration_fix(node.id, value, by_identity=bool(fields_holding_arrays(value)))
            if fix is not None:
                fix.recipe.handed = value
            return fix
    return None


def function_partial_fix(name: str, value: Any, node: ast.AST | None, frame_values: dict, jax_name: str) -> Fix | None:
    """A plain function handed to a library's jit that traces its argument (jax_zero_contour's ``f``): given as
    ``jax.tree_util.Partial(f)``, a pytree whose function is held static and whose bound arguments are traced, as
    such libraries ask; tried by tracing the library's jitted call again with the Partial in its place."""
    if not isinstance(value, types.FunctionType) or node is None:
        return None
    spelled = [n for n in ast.walk(node) if isinstance(n, ast.Name) and frame_values.get(n.id) is value]
    call = next((c for c in ast.walk(node) if isinstance(c, ast.Call) and any(a in spelled for a in c.args)), None)
    if call is None:
        return None
    fixed = ast.parse(ast.unparse(call), mode="eval").body
    fixed.args = [ast.parse(f"{jax_name}.tree_util.Partial({a.id})", mode="eval").body if a in spelled else b
                  for a, b in zip(call.args, fixed.args)]
    return Fix("register-pytree", ast.unparse(fixed),
               f"a function is not an array, and this jit traces `{name}`; `jax.tree_util.Partial` makes a function a "
               "pytree (the function static, what it binds traced), as libraries that trace the function ask",
               recipe=Static(replace={name: jax.tree_util.Partial(value)}))


def user_class_in(message: str) -> bool:
    """JAX's message names the argument's type; a class of the user's own may hold arrays."""
    match = re.search(r"of type <class '([\w.]+)'>", message)
    if match is None:
        return False
    qualified = match.group(1)
    return not qualified.startswith(("builtins.", "jax", "jaxlib.", "numpy.", "functools.")) and "." in qualified or (
        "." not in qualified and qualified not in _BUILTIN)


_BUILTIN = ("str", "bytes", "function", "NoneType", "type", "tuple", "list", "dict", "set", "frozenset")
