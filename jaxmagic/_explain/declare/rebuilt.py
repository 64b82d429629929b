"""The user's value rebuilt with its class compiled again as a fix declares it, for the try.

A fix in a class statement (a field declared static, or data) is tried on the
user's own value: the class is compiled again from the edited statement in a
private namespace, and the value remade as an object of the new class. A list
field a frozen dataclass would hash is declared a tuple (``as_tuple_field``).
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import sys
from typing import Any

import numpy as np

from .fields import Declaration

__all__ = ["as_tuple_field", "redeclared"]


def redeclared(recipe: Declaration, value: Any, globals_: dict, compiled: dict | None = None) -> Any:
    """The argument's value rebuilt with its class compiled again as the fix declares it (a private copy).
    ``compiled``: the classes compiled already, by name, for several objects rebuilt as objects of one class."""
    held = value if recipe.field is None else getattr(value, recipe.field)
    fixed = (compiled or {}).get(type(held).__name__) or _compiled(recipe, held, globals_)
    if compiled is not None:
        compiled[type(held).__name__] = fixed
    items = {}
    for key, item in vars(held).items():
        if key in recipe.as_tuples:
            item = frozenset(item) if isinstance(item, set) else tuple(item)
        if key in recipe.as_counts and _one_value(item):  # the count a transformation had broadcast, as built
            item = np.asarray(item).reshape(-1)[0].item()
        items[key] = item
    made = _built(fixed, items)
    if recipe.field is None:
        return made
    outer = copy.copy(value)
    object.__setattr__(outer, recipe.field, made)
    return outer


def _compiled(recipe: Declaration, held: Any, globals_: dict) -> type:
    """The class of ``held`` compiled again from the statements of ``recipe``."""
    module = sys.modules.get(type(held).__module__)
    # the names the class statement reads are those of the module that defined it (a notebook's: the globals)
    namespace = dict(vars(module)) if getattr(module, "__file__", None) == recipe.filename else dict(globals_)
    if "equinox" in sys.modules:  # a fix that declares an equinox field where the user did not import equinox
        namespace.setdefault("eqx", sys.modules["equinox"])
    if "flax.struct" in sys.modules:  # or flax's, where the user imported only its dataclass
        namespace.setdefault("struct", sys.modules["flax.struct"])
    for klass in type(held).__mro__[1:]:  # a library's own static_field(), spelled by the library's name
        package = klass.__module__.split(".", 1)[0]
        if package in sys.modules and package != "builtins":
            namespace.setdefault(package, sys.modules[package])
    for name in {n.id for s in recipe.statements for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(
            n.ctx, ast.Load)} - namespace.keys():
        if name in sys.modules:  # a library's field function spelled by its module (``tjax.dataclasses.field``)
            namespace[name] = sys.modules[name]
    for statement in recipe.statements:
        exec(compile(ast.fix_missing_locations(ast.Module([statement], [])), recipe.filename, "exec"), namespace)
    return namespace[type(held).__name__]


def _built(cls: type, items: dict[str, Any]) -> Any:
    """An object of ``cls`` holding ``items``: a dataclass made by its own ``__init__`` (a library's base class
    may keep its own record of which fields are static, as ``simple_pytree`` does), else filled in directly."""
    if dataclasses.is_dataclass(cls):
        fields = [f for f in dataclasses.fields(cls) if f.init]
        if all(f.name in items for f in fields):
            try:
                return cls(**{f.name: items[f.name] for f in fields})
            except Exception:  # noqa: BLE001 - an __init__ that checks or converts: filled in as below
                pass
    made = object.__new__(cls)
    for key, item in items.items():
        object.__setattr__(made, key, item)
    return made


def _one_value(item: Any) -> bool:
    """True for an array whose elements all hold one integer value."""
    try:
        flat = np.asarray(item).reshape(-1)
    except Exception:  # noqa: BLE001 - not an array
        return False
    return flat.size > 0 and np.issubdtype(flat.dtype, np.integer) and bool((flat == flat[0]).all())


def as_tuple_field(statement: ast.stmt, held: list[str]) -> ast.stmt:
    """``widths: list`` → ``widths: tuple`` (``list[int]`` → ``tuple[int, ...]``, ``set`` → ``frozenset``)."""
    if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
            and statement.target.id in held):
        return statement
    note = statement.annotation
    base = note.value if isinstance(note, ast.Subscript) else note
    name = {"list": "tuple", "List": "tuple", "set": "frozenset", "Set": "frozenset"}.get(getattr(base, "id", ""))
    if name is None:
        return statement
    if isinstance(note, ast.Subscript) and name == "tuple":
        statement.annotation = ast.Subscript(ast.Name(name, ast.Load()),
                                             ast.Tuple([note.slice, ast.Constant(Ellipsis)], ast.Load()), ast.Load())
    elif isinstance(note, ast.Subscript):
        statement.annotation = ast.Subscript(ast.Name(name, ast.Load()), note.slice, ast.Load())
    else:
        statement.annotation = ast.Name(name, ast.Load())
    return statement
