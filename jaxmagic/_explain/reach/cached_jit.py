"""A library's cached jitted call that reaches the user's function through what it holds, traced again.

A system-identification model's ``fit`` jits a loss defined inside ``fit``
that calls the user's state function through ``self``; a solver jits a step
that closes over the user's vector field. The user's function is then no
argument of any jitted call, but the jitted function reaches it: through its
closure cells, a partial's arguments, a bound object's attributes. JAX's trace
cache still holds that call with its abstract arguments, so it can be traced
again with the user's function's code swapped for the fixed code.

A reach by reference does not prove the trace runs the function, so the fixed
code is compiled with a marker first: a try whose trace never ran the marker
says so and is not counted as traced.
"""
from __future__ import annotations

import ast
import collections
import functools
import inspect
import sys
import types
from typing import Any

import jax

from ..._common.source import copied
from ..._common.frames import is_user_file
from ..rebuild import rebuild
from ..retrace.replay import Replay, package_of

__all__ = ["MARKER", "given_replay", "jitted_again", "marked", "reaches", "reaching_replay", "swapped"]

MARKER = "__jaxmagic_reached__"  # called first by the marked copy of the fixed function
_DEPTH = 4  # closures, partials and attributes walked from the jitted function
_WIDTH = 64  # the items of one container or object looked at
_GIVEN_DEPTH = 4  # containers, partials and wrappers walked through to find the user's function among arguments


def given_replay(live: types.FunctionType, fixed: types.FunctionType, cached: list) -> Replay | None:
    """The newest cached jitted call given ``live`` among its static arguments, with ``fixed`` there instead."""
    for call in reversed(cached):
        static = set(call.static_argnums)
        names = set(call.static_argnames)
        args = tuple(swapped(a, live, fixed, _GIVEN_DEPTH) if i in static else a for i, a in enumerate(call.args))
        kwargs = {k: swapped(v, live, fixed, _GIVEN_DEPTH) if k in names else v for k, v in call.kwargs.items()}
        if all(a is b for a, b in zip(args, call.args)) and all(kwargs[k] is call.kwargs[k] for k in kwargs):
            continue  # not given the user's function
        return _again(call, args, kwargs, "ran")
    return None


def reaching_replay(live: types.FunctionType, cached: list) -> Replay | None:
    """The newest cached jitted call of a library whose function, or one of whose static arguments, reaches
    ``live`` (a method of an object ``diffrax.ODETerm`` holds), ready to trace again; first one whose function names
    ``live``'s (jaxbo's ``acquisition`` calling ``self.predict``, not its ``compute_cholesky`` of the same ``self``)."""
    first = None
    for call in reversed(cached):
        static = [a for i, a in enumerate(call.args) if i in set(call.static_argnums)]
        static += [v for k, v in call.kwargs.items() if k in set(call.static_argnames)]
        if not (reaches(call.fn, live) or any(reaches(a, live) for a in static)):
            continue
        if _names(call.fn, live.__name__):  # (the rest of the cache is not walked once one calls it)
            return _again(call, call.args, call.kwargs, "runs")
        first = first or call
    return _again(first, first.args, first.kwargs, "runs") if first is not None else None


def _names(fn: Any, name: str) -> bool:
    """True when ``fn``'s code (or a function defined in it) reads an attribute or global called ``name``."""
    try:
        todo = [getattr(inspect.unwrap(fn) if callable(fn) else fn, "__code__", None)]
    except ValueError:  # a chain of ``__wrapped__`` that loops
        return False
    while todo:
        code = todo.pop()
        if isinstance(code, types.CodeType):
            if name in code.co_names:
                return True
            todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return False


def _again(call: Any, args: tuple, kwargs: dict, verb: str) -> Replay | None:
    """``call``'s function jitted anew with its static options, to trace with ``args``; None if JAX refuses."""
    jitted = jitted_again(call)
    if jitted is None:
        return None
    inner = inspect.unwrap(call.fn) if callable(call.fn) else call.fn  # ``jax.grad(loss)``: the loss's module
    library = package_of(getattr(inner, "__module__", None) or "")
    if library == "equinox":  # filter_jit's own function: the jitted one is the first of its static part
        first = next((a for i, a in enumerate(call.args) if i in set(call.static_argnums)), None)
        while isinstance(first, tuple) and first:  # (((fn,), treedef), ...)
            first = first[0]
        library = package_of(getattr(first, "__module__", None) or "") or library
    where = f"{library}'s jitted call that {verb} it" if library else f"the jitted call that {verb} it"
    return Replay(jitted, args, kwargs, [], where + ", traced again")


def jitted_again(call: Any) -> Any:
    """A cached call's function jitted anew with its static options, its traces run in the context its wrapper
    opens around it (``flax.nnx.jit``'s); None if JAX refuses it."""
    try:
        jitted = jax.jit(call.fn, static_argnums=call.static_argnums or None,
                         static_argnames=call.static_argnames or None)
    except Exception:  # noqa: BLE001 - a function JAX will not jit again
        return None
    context = _wrapper_context(call.fn)
    return _InContext(jitted, context) if context is not None else jitted


def _wrapper_context(fn: Any) -> Any:
    """The context the jitted function of ``flax.nnx.jit`` runs in, made again (``nnx.jit``'s inner function reads
    its module graph through the update context its wrapper opens around the call); None for any other."""
    graph = sys.modules.get("flax.nnx.graph")  # nnx.jit is in use only where flax is imported already
    tag = getattr(fn, "ctxtag", None)
    if graph is None or tag is None or not hasattr(graph, "update_context"):
        return None
    return functools.partial(graph.update_context, tag)


class _InContext:
    """A jitted function whose traces run inside a context its wrapper would have opened."""

    def __init__(self, jitted: Any, context: Any):
        self.jitted, self.context = jitted, context

    def trace(self, *args: Any, **kwargs: Any) -> Any:
        with self.context():
            return self.jitted.trace(*args, **kwargs)


def marked(live: types.FunctionType, edited: ast.AST, filename: str, globals_: dict) -> list:
    """The swap that puts ``edited``, compiled for ``live`` with a call of :data:`MARKER` as its first statement,
    in place of ``live``'s code."""
    node = copied(edited)
    first = node.body[0]
    node.body.insert(0, ast.Expr(ast.Call(ast.Name(MARKER, ast.Load()), [], []), lineno=first.lineno,
                                 col_offset=first.col_offset))
    return [(live, rebuild(live, node, filename, globals_).__code__)]


def reaches(value: Any, target: types.FunctionType) -> bool:
    """True when ``value`` holds ``target`` within :data:`_DEPTH` steps of what it references."""
    todo, seen = collections.deque([(value, 0)]), set()
    while todo:  # breadth first: an object met first deep down is still walked from where it is nearest
        item, depth = todo.popleft()
        if item is target:
            return True
        if depth >= _DEPTH or id(item) in seen or isinstance(item, (type, types.ModuleType, str, bytes, int, float)):
            continue
        seen.add(id(item))
        todo.extend((kid, depth + 1) for kid in _held(item))
    return False


def _held(item: Any) -> list:
    """What ``item`` references: closure cells (and the user's functions a function of theirs calls by name), a bound
    method's function and object, a partial's parts, a
    wrapper's ``__wrapped__``, a container's items and an object's attributes."""
    if isinstance(item, types.FunctionType):
        cells = []
        for cell in item.__closure__ or ():
            try:
                cells.append(cell.cell_contents)
            except ValueError:  # an empty cell
                continue
        named = [item.__globals__.get(n) for n in item.__code__.co_names] if is_user_file(
            item.__code__.co_filename) else []  # a function of the user's a lambda of theirs calls by its name
        return [*cells, *(item.__defaults__ or ()), getattr(item, "__wrapped__", None),
                *(f for f in named if isinstance(f, types.FunctionType))]
    if isinstance(item, types.MethodType):
        return [item.__func__, item.__self__]
    if isinstance(item, functools.partial):
        return [item.func, *item.args, *item.keywords.values()]
    if isinstance(item, jax.tree_util.PyTreeDef):  # a static part equinox's filter_jit keeps: its nodes' data
        return _node_data(item)
    if isinstance(item, (list, tuple)):
        return list(item[:_WIDTH])
    if isinstance(item, dict):
        return list(item.values())[:_WIDTH]
    try:  # an object's own ``__getattr__`` may run code of any kind
        attributes, wrapped = getattr(item, "__dict__", None), getattr(item, "__wrapped__", None)
    except Exception:  # noqa: BLE001 - an object that will not say: nothing reached through it
        return []
    methods = [v for v in vars(type(item)).values()  # a user's class's methods (a loss term's ``equation``)
               if isinstance(v, types.FunctionType) and is_user_file(v.__code__.co_filename)]
    return [*(list(attributes.values())[:_WIDTH] if isinstance(attributes, dict) else []), wrapped, *methods]


def _node_data(treedef: Any) -> list:
    """The data of every node of ``treedef`` (a bound method's function, a Module's static fields), flat."""
    found, todo = [], [treedef]
    while todo and len(found) < _WIDTH:
        node = todo.pop()
        try:
            data, kids = node.node_data(), node.children()
        except Exception:  # noqa: BLE001 - a leaf, or a treedef of an older jaxlib
            continue
        found += [data[1]] if data is not None and data[1] is not None else []
        todo += kids
    return found


def swapped(value: Any, live: types.FunctionType, fixed: types.FunctionType, depth: int = _GIVEN_DEPTH) -> Any:
    """``value`` with ``live`` replaced by ``fixed`` inside tuples, lists, dicts and partials; the very same
    object where ``live`` is not in it."""
    if value is live:
        return fixed
    if isinstance(value, types.MethodType) and value.__func__ is live:  # the object's method, bound again
        return types.MethodType(fixed, value.__self__)
    if depth == 0:
        return value
    if isinstance(value, (tuple, list)) and len(value) <= 64:
        items = [swapped(v, live, fixed, depth - 1) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(items) if not hasattr(value, "_fields") else type(value)(*items)
    if isinstance(value, dict) and len(value) <= 64:
        items = {k: swapped(v, live, fixed, depth - 1) for k, v in value.items()}
        return value if all(items[k] is value[k] for k in value) else items
    if isinstance(value, functools.partial):
        inner = swapped((value.func, value.args, value.keywords), live, fixed, depth - 1)
        return value if inner[0] is value.func and inner[1] is value.args and inner[2] is value.keywords \
            else functools.partial(inner[0], *inner[1], **inner[2])
    return value
