"""The list deep inside an object a library's jit holds static, found by hashing its parts, written as a tuple.

A library that jits a method with ``static_argnames=["self"]`` (memorax's ``PPO.init``) hashes the whole object:
its networks, their modules, their fields. One list among them (``MLP(features=[64, 64])``) makes the hash fail,
and the error names only the outer object (flax's own words: "Failed to hash Flax Module"). Hashing each part of
the object in turn finds the list; the one display of it in the user's cell is written as a tuple, and the
library's jit is traced again with the tuple in place.

A callable object that hashes the arrays it holds (an equinox Module) handed where a library's jit holds its
function static (ghq's integrand) is handed as a ``lambda`` that calls it: a function hashes by identity. A value
the user's call handed a library's jit as it is (a list, a JAX scalar: ``level=jnp.median(field)``) is written
hashable in that call (``tuple(...)``, ``float(...)``).
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import re
import types
from typing import Any

import jax

from ..._common.source import clone
from ..declare.frozen import UNHASHABLE_PART, HandedHashable, written_as_tuple
from ..fixes.site import is_hashable
from ..explanation import Fix
from ..recover import Impure, evaluate_pure, frame_of

__all__ = ["handed_callable_fix", "handed_hashable_fix", "held_unhashable_fix", "unhashable_inside"]

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


def handed_hashable_fix(site: Any) -> Fix | None:
    """The user's call that handed a library's jit the unhashable static value JAX names (a list read from a JSON
    config, jaxdecomp's ``halo_extents``; a JAX scalar kept in a parameter object, mbirjax's
    ``set_params(det_channel_offset=offset)``), each such argument of it written hashable (``tuple(...)``,
    ``float(...)``): the failing line's calls first, then the earlier statements of its function or cell."""
    found = UNHASHABLE_PART.search(site.message)
    if found is None or site.tree is None or site.node is None or not hasattr(site.node, "lineno"):
        return None
    frame = frame_of(site.globals_, site.locals_)
    scope = site.definition if isinstance(getattr(site.definition, "body", None), list) else site.tree  # (a lambda's
    statements = [s for s in scope.body if s.lineno <= site.node.lineno  # body is one expression: the cell's, then)
                  and not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    calls = [n for s in statements for n in ast.walk(s) if isinstance(n, ast.Call) and n.lineno <= site.node.lineno]
    scalar = found["type"] not in ("list", "set")  # (only a JAX scalar's spelling runs JAX's functions again)
    for call in sorted(calls, key=lambda n: -n.lineno):
        given = [*call.args, *(k.value for k in call.keywords)]
        spelled = {i: _hashable_spelling(node, frame, scalar) for i, node in enumerate(given)}
        shown = [i for i, s in spelled.items() if s is not None and type(s[1]).__name__ == found["type"]]
        named = [i for i in shown if repr(spelled[i][1]) in found["shown"] or  # a JAX scalar's shown as its value
                 str(spelled[i][1]) == found["shown"].strip() or _item_shown(spelled[i][1], found["shown"])
                 or ast.unparse(call.func).rsplit(".", 1)[-1] == found["outer"].rsplit(".", 1)[-1]]  # (its maker)
        if not named:
            continue
        fixed = clone(call)
        for i, node in enumerate([*fixed.args, *(k.value for k in fixed.keywords)]):
            if spelled[i] is not None:
                wrapped = ast.Tuple(node.elts, ast.Load()) if isinstance(node, ast.List) else ast.Call(
                    ast.Name(spelled[i][0], ast.Load()), [node], [])  # a list display written as a tuple one
                if i < len(fixed.args):
                    fixed.args[i] = wrapped
                else:
                    fixed.keywords[i - len(fixed.args)].value = wrapped
        made = [(value, _MAKERS[name](value)) for name, value in filter(None, spelled.values())]
        edit = HandedHashable(call, fixed, made=made)
        return Fix("hashable-static", edit.code(), "a library's jit holds this argument static, so it must be "
                   "hashable: a tuple for a list, a Python number for a JAX scalar (equal values share one compile)",
                   recipe=edit)
    return None


def _item_shown(value: Any, shown: str) -> bool:
    """A JAX scalar shown by the object holding it as its Python number (``Sigmoid(alpha=4.0)``)."""
    return getattr(value, "shape", None) == () and re.search(rf"=\s*{re.escape(repr(value.item()))}\b", shown) is not None


_MAKERS = {"tuple": tuple, "frozenset": frozenset, "float": float, "int": int, "bool": bool}


def _hashable_spelling(node: ast.expr, frame: Any, scalar: bool = True) -> tuple[str, Any] | None:
    """(``tuple``, the value) for a list of hashable items given as a name, attribute or item; ``frozenset`` for
    a set; ``float``/``int``/``bool`` for a concrete scalar array (``scalar``: one computed by a call again); else
    None."""
    try:
        if isinstance(node, (ast.List, ast.Set)):  # ``SubsetAccuracy(classes=[0, 1])``: a display of constants
            value = ast.literal_eval(node)
        elif isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
            value = evaluate_pure(node, frame)
        elif scalar and _array_call_of_names(node, frame):  # ``level=jnp.median(field)``: computed again (JAX's own function)
            value = eval(compile(ast.Expression(node), "<jaxmagic>", "eval"), dict(frame.f_globals),  # noqa: S307
                         dict(frame.f_locals))
        else:
            return None
    except (Impure, ValueError, TypeError, SyntaxError, MemoryError, RecursionError, ArithmeticError):
        return None
    if isinstance(value, (list, set)) and all(is_hashable(v) for v in value):
        return ("tuple" if isinstance(value, list) else "frozenset"), value
    kind = getattr(getattr(value, "dtype", None), "kind", None)
    if isinstance(value, jax.Array) and not isinstance(value, jax.core.Tracer) and value.ndim == 0 and kind:
        spelled = {"f": "float", "i": "int", "u": "int", "b": "bool"}.get(kind)
        return (spelled, value) if spelled else None
    return None


def _array_call_of_names(node: ast.expr, frame: Any) -> bool:
    """True for a call of JAX's or NumPy's own function on names and constants only (``jnp.median(field)``)."""
    if not isinstance(node, ast.Call) or not all(isinstance(a, (ast.Name, ast.Constant)) for a in [
            *node.args, *(k.value for k in node.keywords)]):
        return False
    try:
        function = evaluate_pure(node.func, frame)
    except Impure:
        return False
    return (getattr(function, "__module__", None) or "").split(".")[0] in ("jax", "numpy")
