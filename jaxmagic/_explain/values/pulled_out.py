"""A value JAX cannot trace, inside a dict the user hands a library's jit: taken out of the dict, read as a global.

``simulate_dscr(spring, g, x0, U, dt, theta)`` with ``theta = {'k': 4.0, 'c': 0.2, 'friction': 'linear'}``:
the library jits its whole call, so every value of ``theta`` must be an array, and a string is not; the
library's static options are not the user's to set. The string is taken out of the dict into a global of its
own, and the user's functions that read ``theta['friction']`` read the global instead: a global read while JAX
traces is a constant of the trace. Tried (:mod:`..stages.pulled_out`) by making the user's call again with the
dict without the key and the functions rewritten.
"""
from __future__ import annotations

import ast
import dataclasses
import keyword
import types
from typing import Any

from ..._common.frames import quiet_leaves
from ..._common.source import copied, text_of
from ..dataflow import local_names
from ..explanation import Fix

__all__ = ["PulledOut", "pulled_out_fix"]


@dataclasses.dataclass
class PulledOut:
    """Recipe: ``key`` taken out of the dict ``held`` (the global ``holder``) into the global ``name``, and each of
    ``readers`` (a live function of the user's, with its definition rewritten to read ``name``)."""

    name: str
    holder: str
    key: str
    held: dict
    readers: list[tuple[types.FunctionType, ast.FunctionDef]]
    dropped: tuple[str, ...] = ()  # read by none of the user's functions: left out of the dict, no global made


def pulled_out_fix(site: Any) -> Fix | None:
    """The value at ``site.paths[0]`` (``theta['friction']``), a dict entry JAX cannot trace that the failing line
    hands a library, out of the dict into a global the user's functions read; None when the dict is no global of
    the user's handed on that line, or no function of the cell reads the entry."""
    if site.kind != "non-array-argument" or not site.paths or site.node is None or site.tree is None \
            or not site.globals_:
        return None
    key = _dict_key(site.paths[0])
    if key is None:
        return None
    handed = {n.id for n in ast.walk(site.node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    holders = [n for n in sorted(handed) if isinstance(site.globals_.get(n), dict) and key in site.globals_[n]
               and not _traceable(site.globals_[n][key])]
    if len(holders) != 1:
        return None
    holder = holders[0]
    readers = _readers(site, key)
    if not readers:
        return _dropped_fix(site, holder, key)
    taken = set(site.globals_) | {n for _, node in readers for n in local_names(node)}
    name = next((n for n in (key, f"{key}_value") if n.isidentifier() and not keyword.iskeyword(n) and n not in taken),
                None)
    if name is None:
        return None
    edited = [(fn, _reading(node, key, name)) for fn, node in readers]
    lines = [f"{name} = {holder}.pop({key!r})   # out of `{holder}`, before the call: a Python value, read as a "
             "global", "...", *(ast.unparse(e) for _, e in edited)]
    return Fix(
        "static", "\n".join(lines),
        f"the library traces every value of `{holder}`, and `{holder}[{key!r}]` is no array, so it cannot be traced; "
        "its static options are not yours to set. Keep the value out of the dict: your functions read it as a "
        "global, a constant of the trace",
        recipe=PulledOut(name, holder, key, site.globals_[holder], edited))


def _dropped_fix(site: Any, holder: str, key: str) -> Fix | None:
    """The dict's entries that are no arrays, left out of it where none of the user's functions reads them
    (jaxbo's ``GP.predict(x, **kwargs)`` handed the options ``criterion`` and ``kernel`` beside the arrays); tried
    by the call made again without them: it traces only where the library needs none of them either."""
    held = site.globals_[holder]
    dropped = tuple(k for k, v in held.items() if not _traceable(v))
    if key not in dropped or any(_readers(site, k) for k in dropped if isinstance(k, str)):
        return None
    shown = ", ".join(f"`{holder}[{k!r}]`" for k in dropped)
    verb = "is no array" if len(dropped) == 1 else "are no arrays"
    return Fix(
        "static", f"{holder} = {{k: v for k, v in {holder}.items() if k not in {dropped!r}}}   # before the call: "
                  "the library traces every entry, and these are no arrays",
        f"the library traces every value of `{holder}`, and {shown} {verb}: not traceable, and its static options "
        "are not yours to set; none of your functions reads them, so leave them out of what you hand it",
        recipe=PulledOut("", holder, key, held, [], dropped))


def _dict_key(path: str) -> str | None:
    """``friction`` of ``theta['friction']``: the string key of the parameter itself (``client_optimizer`` of
    ``shared_input['client_optimizer'][0]``, the first function of an optimizer held there)."""
    try:
        node = ast.parse(path, mode="eval").body
    except SyntaxError:
        return None
    while isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.value, (ast.Subscript, ast.Attribute)):
        node = node.value
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and isinstance(node.slice, ast.Constant) \
            and isinstance(node.slice.value, str):
        return node.slice.value
    return None


def _traceable(value: Any) -> bool:
    """True for an array or a Python number, or a pytree (a dict of arrays) of only those."""
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten is none it traces
        return False
    return all(hasattr(v, "shape") and hasattr(v, "dtype") or isinstance(v, (int, float, complex, bool))
               for v in leaves)


def _readers(site: Any, key: str) -> list[tuple[types.FunctionType, ast.FunctionDef]]:
    """The cell's top-level functions that read ``<parameter>[key]``, with the live function each defines."""
    found = []
    for node in getattr(site.tree, "body", []):
        live = site.globals_.get(getattr(node, "name", ""))
        if not isinstance(node, ast.FunctionDef) or not isinstance(live, types.FunctionType):
            continue
        params = {a.arg for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]}
        if any(_reads(n, key, params) for n in ast.walk(node)):
            found.append((live, node))
    return found


def _reads(node: ast.AST, key: str, params: set[str]) -> bool:
    return isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name) \
        and node.value.id in params and isinstance(node.slice, ast.Constant) and node.slice.value == key


def _reading(definition: ast.FunctionDef, key: str, name: str) -> ast.FunctionDef:
    """``definition`` with each read of ``<parameter>[key]`` reading the global ``name``."""
    params = {a.arg for a in [*definition.args.posonlyargs, *definition.args.args, *definition.args.kwonlyargs]}

    class _Read(ast.NodeTransformer):
        def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
            if _reads(node, key, params):
                return ast.copy_location(ast.Name(name, ast.Load()), node)
            return self.generic_visit(node)

    edited = _Read().visit(copied(definition))
    return edited if text_of(edited) != text_of(definition) else definition
