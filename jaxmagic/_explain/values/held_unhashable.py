"""The list deep inside an object a library's jit holds static, found by hashing its parts, written as a tuple.

A library that jits a method with ``static_argnames=["self"]`` (memorax's ``PPO.init``) hashes the whole object:
its networks, their modules, their fields. One list among them (``MLP(features=[64, 64])``) makes the hash fail,
and the error names only the outer object (flax's own words: "Failed to hash Flax Module"). Hashing each part of
the object in turn finds the list; the one display of it in the user's cell is written as a tuple, and the
library's jit is traced again with the tuple in place.

A callable object that hashes the arrays it holds (an equinox Module) handed where a library's jit holds its
function static (ghq's integrand) is handed as a ``lambda`` that calls it: a function hashes by identity.
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import re
import types
from typing import Any

from ..declare.frozen import HandedHashable, written_as_tuple
from ..explanation import Fix
from ..recover import Impure, evaluate_pure, frame_of

__all__ = ["handed_callable_fix", "held_unhashable_fix", "unhashable_inside"]

_HASHED = re.compile(r"Non-hashable static arguments.*?hash an object of type <class '(?P<outer>[^']+)'>", re.S)
_DEPTH = 6  # an agent, its network, a module, its extractor, a layer, the layer's field


def unhashable_inside(value: Any, depth: int = 0) -> list | set | dict | None:
    """The first list, set or dict inside ``value`` (its dataclass fields, attributes, tuple items) that makes
    hashing it fail; None when none is found."""
    if type(value) in (list, set, dict):
        return value
    if depth >= _DEPTH or isinstance(value, (str, bytes, int, float, type)) or value is None:
        return None
    if isinstance(value, tuple):
        parts = list(value)
    elif dataclasses.is_dataclass(value):
        parts = [getattr(value, f.name, None) for f in dataclasses.fields(value)]
    else:
        held = getattr(value, "__dict__", None)
        parts = list(held.values())[:64] if isinstance(held, dict) else []
    for part in parts:
        try:
            hash(part)
        except Exception:  # noqa: BLE001 - this part is what the hash met
            found = unhashable_inside(part, depth + 1)
            if found is not None:
                return found
    return None


def held_unhashable_fix(site: Any) -> Fix | None:
    """The user's statement that wrote, as a list display, the list inside the static object JAX could not hash
    (an object its failing line names), with a tuple there; None when there is no single such display."""
    hashed = _HASHED.search(site.message)
    if hashed is None or site.tree is None or site.node is None:
        return None
    frame = frame_of(site.globals_, site.locals_)
    held = None
    for node in (n for n in ast.walk(site.node) if isinstance(n, (ast.Name, ast.Attribute))):
        try:
            value = evaluate_pure(node, frame)
        except Impure:
            continue
        if f"{type(value).__module__}.{type(value).__qualname__}" == hashed["outer"]:
            held = value
            break
    part = unhashable_inside(held) if held is not None else None
    if not isinstance(part, list):
        return None
    written = written_as_tuple(site.tree, part, site.node.lineno)
    if written is None:
        return None
    edit = HandedHashable(written.target, written.replacement, made=[(part, tuple(part))])
    return Fix("hashable-static", edit.code(), f"the library's jit holds `{type(held).__name__}` static, so all of it "
               f"must be hashable, and a list inside it is not (`{part}`): write it as a tuple",
               recipe=edit)


def handed_callable_fix(site: Any) -> Fix | None:
    """``ghq.univariate(model, mu, sd, 20)``, ``model`` a callable object whose hash fails on its arrays, written
    ``ghq.univariate(lambda *args, **kwargs: model(*args, **kwargs), mu, sd, 20)``; the library's jit is traced
    again with such a function in its place (the object inside stays traced)."""
    found = _HASHED.search(site.message)
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None) if site.node is not None \
        else None
    if found is None or statement is None:
        return None
    frame = frame_of(site.globals_, site.locals_)
    for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
        for index, given in enumerate(call.args):
            value = frame.f_locals.get(given.id, frame.f_globals.get(given.id)) if isinstance(given, ast.Name) \
                else None
            kind = type(value)
            if value is None or not callable(value) or isinstance(value, _PLAIN_CALLABLES) or \
                    f"{kind.__module__}.{kind.__qualname__}" != found["outer"]:
                continue
            fixed = ast.parse(ast.unparse(call), mode="eval").body
            fixed.args[index] = ast.parse(f"lambda *args, **kwargs: {given.id}(*args, **kwargs)", mode="eval").body
            edit = HandedHashable(call, fixed, made=[(value, lambda *args, **kwargs: value(*args, **kwargs))])
            return Fix("hashable-static", edit.code(),
                       f"the library's jit holds `{given.id}` static, and `{given.id}` (of `{kind.__name__}`) hashes "
                       "the arrays it holds, which cannot be hashed; a function that calls it is hashed by identity, "
                       "and the object inside stays traced", recipe=edit)
    return None


_PLAIN_CALLABLES = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, type, functools.partial)
