"""Stage two: where the failure is, read once — the user's frames, the failing line and expression.

For a leaked tracer the line is the store that let it out of its trace (the
line of its later use is kept as ``use_lineno``).
"""
from __future__ import annotations

import ast
import inspect
import os
import re
import types
from typing import Any

import jax
import numpy as np

from ..._common.source import copied
from ..._common.errors import is_installed_library, is_jax_file, tracing_kind, user_entries
from ..._common.jax_config import traceback_filtering_off
from ..._common.source import (Position, closed_over, every_node, function_node, innermost_function, layers, node_at,
                               parse_file, position_of)
from ..call import Call, plain_function
from ..._common.frames import called_from, calls_a_jit, traceback_entries
from ..dataflow import depends_on
from ..leaking.stores import find_leak
from ..provenance import leaked_tracer
from ..reach.stored_attributes import attribute_store, handed_global_store
from ..rebuild import copy_function, probe_trace
from .record import CONVERSIONS, Failure

__all__ = ["locate", "traced_as_an_array", "transformed_expression"]


def locate(failure: Failure) -> None:
    """Fill in the record's user frames, position, syntax tree and failing node (and a leak's store)."""
    exc, found, call, facts = failure.exc, failure.found, failure.call, failure.facts
    user = failure.user = _user_entries(exc, failure.kind, call)

    if call is not None and call.through is not None and facts is not None:
        facts.transformed = transformed_expression(call.through[0], user)
    elif facts is not None and failure.fn is not None and (not facts.decorated or (
            facts.source is not None and is_installed_library(facts.source[1]))):  # (the user's jit of a library's)
        facts.jitted_as = _jitted_as(failure.fn, facts.name, user)
    position = position_of(user[-1]) if user else None
    if position is not None:
        found.filename, found.lineno = position.filename, position.lineno
    if failure.kind in CONVERSIONS and outlived_its_trace(exc):
        # np.array(obj.cache) after the jitted call: the tracer was stored during a trace that has ended
        failure.becomes("leaked-tracer")
    if failure.kind == "leaked-tracer":
        failure.escaped = leaked_tracer(exc, failure.message)
        leak = failure.leak = find_leak(failure.message, failure.escaped, called(call), user[-1] if user else None)
        unsure = leak.store is None or leak.made_in is not None  # (a library's call that made it: kept there?)
        stored = attribute_store(user[-1]) if unsure and user else None
        if stored is not None:  # self.last_scores = scores in a Keras layer's call, read as attn.last_scores
            leak.store, leak.filename, leak.function = stored.store, stored.filename, stored.method.name
            leak.def_line, leak.arguments, leak.made_in = stored.method.lineno, stored.arguments, None
        handed = handed_global_store(leak.outer, user[-1].tb_frame.f_globals) \
            if unsure and stored is None and user else None
        if handed is None and leak.store is None and stored is None and user and leak.outer is None:
            # met outside any trace (``np.asarray`` of a metric a logger kept), by a function a library traced: the
            # one function of the cell that hands a global object holding a tracer a value (``logger.log(m)``)
            handed = _handed_in_the_cell(user[-1], leak)
        if handed is not None:  # a global object handed to library code that kept the value (GP(..., measure=prior))
            (leak.store, leak.kept_by), leak.made_in = handed, None
            leak.arguments = depends_on(leak.outer, _values_handed(leak.store, leak.kept_by), leak.outer,
                                        parse_file(leak.filename))
        # the line that stored it, else (a library object kept it: PGPE's ask) the user's line that made it
        made = leak.store.lineno if leak.store is not None else leak.created_line
        ran = _call_that_traced(failure.message, user[-1], found.lineno) if made is None and user else None
        if ran is not None:  # made and kept by library code (eformer's handler keeps its loss scaler): the user's
            # call that ran the library's traced function, the last before the use; the user's function it wraps
            made, leak.filename, leak.arguments = ran[0], found.filename, ran[1]
        if made is not None and leak.filename is not None:
            found.use_lineno = found.lineno if found.filename == leak.filename else None
            found.filename, found.lineno = leak.filename, made
            position = Position(leak.filename, made)
        found.function = leak.function
    failure.position = position
    failure.tree = parse_file(found.filename) if found.filename else None
    failure.node = node_at(failure.tree, position) if failure.tree is not None and position is not None else None
    if failure.kind == "traced-shape" and isinstance(failure.node, ast.Subscript) and _NONZERO_SIZE.search(
            failure.message):  # a library's array type indexed by a mask, which it lowers to jnp.nonzero (ivy's)
        failure.becomes("boolean-index")


_NONZERO_SIZE = re.compile(r"size argument of jnp\.nonzero")


def called(call: Call | None) -> tuple[str, str, int] | None:
    """(name, file, def line) of the function the user called, for a leak JAX's message does not place."""
    found = function_node(call.fn) if call is not None and call.fn is not None else None
    if found is None:
        return None
    node, filename = found
    return getattr(node, "name", "<lambda>"), filename, node.lineno


def _user_entries(exc: BaseException, kind: str, call: Call | None) -> list[types.TracebackType]:
    """The user's traceback entries of ``exc``; for an exception without them, those of a probe trace."""
    user = user_entries(exc.__traceback__)
    if not user and call is not None and call.fn is not None and kind != "leaked-tracer":
        # an exception without its traceback (built, pickled, re-raised bare): trace a copy to find the line
        with traceback_filtering_off():
            probe = probe_trace(copy_function(call.fn), call.args, call.kwargs, call.static_argnums,
                                call.static_argnames, through=call.through)
        if probe is not None and tracing_kind(probe) == kind:
            user = user_entries(probe.__traceback__)
    return user


def _handed_in_the_cell(use: types.TracebackType, leak: Any) -> tuple[ast.stmt, str] | None:
    """The store of the one function defined in the file of ``use`` that hands a global object now holding a tracer
    a value; the leak's function set to it."""
    filename = use.tb_frame.f_code.co_filename
    tree = parse_file(filename)
    found = [(d, h) for d in (tree.body if tree is not None else []) if isinstance(d, ast.FunctionDef)
             for h in [handed_global_store(d, use.tb_frame.f_globals)] if h is not None]
    if len(found) != 1:
        return None
    definition, handed = found[0]
    leak.outer, leak.function, leak.filename, leak.def_line = definition, definition.name, filename, definition.lineno
    return handed


def _values_handed(statement: ast.stmt, held: str) -> ast.AST:
    """``statement`` with the functions it hands over (``lambda x: jnp.cos(k * x)``, an integrand) left out: what
    library code keeps in an object is made from the values it was given, not from what a function returns; where
    the statement calls the object's own method (``rng.get()``, a key split and kept), what that call is given."""
    own = [n for n in ast.walk(statement) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
           and isinstance(n.func.value, ast.Name) and n.func.value.id == held]
    if own:
        return ast.Tuple([copied(a) for c in own for a in [*c.args, *(k.value for k in c.keywords)]], ast.Load())

    class _NoLambdas(ast.NodeTransformer):
        def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
            return ast.copy_location(ast.Constant(None), node)

    return _NoLambdas().visit(copied(statement))


_TRACED_WHEN_LEAKED = re.compile(r"traced when the value leaked was \S+ at (?P<file>\S+):(?P<line>\d+) traced for")


def _call_that_traced(message: str, entry: types.TracebackType, before: int | None) -> tuple[int, list[str]] | None:
    """(the line, the parameters of the user's function it wraps) of the user's last call, before line ``before``,
    of the jitted function whose trace leaked, when JAX names an installed library's function as the one traced."""
    named = _TRACED_WHEN_LEAKED.search(message)
    tree = parse_file(entry.tb_frame.f_code.co_filename)
    if named is None or tree is None or before is None or not is_installed_library(named["file"]):
        return None
    traced = (named["file"], int(named["line"]))
    named_calls = [(n.lineno, n.func.id) for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(
        n.func, ast.Name) and n.lineno < before]
    found = entry.tb_frame.f_globals  # only the globals the file calls by name: not every callable of a notebook
    chains = {k: layers(found[k]) for k in {k for _, k in named_calls} if callable(found.get(k))}
    held = {k: c for k, c in chains.items() if c and (c[0].__code__.co_filename, c[0].__code__.co_firstlineno) == traced}
    calls = [(line, name) for line, name in named_calls if name in held]
    if not calls:
        return None
    line, name = max(calls)
    outer, *wrapped = held[name]
    closed = [closed_over(outer, n) for n in outer.__code__.co_freevars]
    own = next((f for f in [*wrapped, *closed] if hasattr(f, "__code__") and not is_installed_library(
        f.__code__.co_filename)), None)  # (wrapped by name, or held by the library's wrapper: eformer's ``func``)
    return line, list(inspect.signature(own).parameters) if own is not None else []


def _jitted_as(jitted: Any, name: str, user: list[types.TracebackType]) -> tuple[str, str] | None:
    """``("fast", "jax.jit(scale)")`` when the user's jit of their function is bound to a name of its own
    (``fast = jax.jit(scale)``, ``to_rep = jax.jit(cx.vconvert)``), or written inline where it is called
    (``(None, "jax.jit(logdet)")``: the options go there); None when it is rebound to the function's."""
    written = transformed_expression(jitted, user)
    if written is None:
        return None
    expression = ast.parse(written[1], mode="eval").body
    jit = ast.unparse(expression.func) if isinstance(expression, ast.Call) and expression.args else ""
    if jit.rsplit(".", 1)[-1] != "jit" or written == (name, f"{jit}({name})"):
        return None
    return written


_NO_ATTRIBUTE = re.compile(r"Tracer'?(?: object)? has no attribute '?(?P<attr>\w+)")


def traced_as_an_array(exc: BaseException, fn: Any, args: tuple, kwargs: dict) -> bool:
    """True when an argument that is no array, but has ``shape`` and ``dtype`` (tensornetwork's ``Node``), was
    traced as one: inside the jitted function its other attributes are gone (``node.tensor`` on a tracer), and
    the value passed has that attribute."""
    found = _NO_ATTRIBUTE.search(str(exc)) if isinstance(exc, AttributeError) else None
    user = user_entries(exc.__traceback__) if found else []
    if not user or not called_from(user[-1].tb_frame, is_jax_file):
        return False
    tree = parse_file(user[-1].tb_frame.f_code.co_filename)
    node = node_at(tree, position_of(user[-1])) if tree is not None else None
    held = user[-1].tb_frame.f_locals
    # the attribute read on the user's line, or (read in library code, tn4ml's ``model.tensors``) a tracer the line
    # hands over
    names = [node.value.id] if isinstance(node, ast.Attribute) and node.attr == found["attr"] and isinstance(
        node.value, ast.Name) else [n.id for n in ast.walk(node) if isinstance(n, ast.Name)] if isinstance(
        node, ast.Call) else []
    names = [n for n in names if isinstance(held.get(n), jax.core.Tracer)]
    try:
        passed = inspect.signature(plain_function(fn)).bind_partial(*args, **kwargs).arguments if names else {}
    except (TypeError, ValueError):
        return False
    return any(passed.get(n) is not None and not isinstance(passed[n], (jax.Array, np.ndarray)) and hasattr(
        passed[n], found["attr"]) for n in names)


def transformed_expression(outer: Any, user: list[types.TracebackType]) -> tuple[str | None, str] | None:
    """The user's source for ``outer`` (``jax.jit(jax.vmap(f))``): bound to a name in their code, or
    written inline where they call it; None when it is not found."""
    for entry in user:  # the outermost first: where the user called it
        held = entry.tb_frame.f_globals
        bound = next((k for k, v in held.items() if v is outer and not k.startswith("_")), None)
        position = position_of(entry)
        tree = parse_file(position.filename)
        if tree is None:
            continue
        for node in every_node(tree):
            if (bound and isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id == bound
                    and isinstance(node.value, ast.Call)):
                return bound, ast.unparse(node.value)
        for node in every_node(tree):  # inline: jax.jit(jax.jacrev(f))(x) on the call's line
            if (isinstance(node, ast.Call) and getattr(node, "lineno", None) == position.lineno
                    and isinstance(node.func, ast.Call)):
                return None, ast.unparse(node.func)
        handed = _handed_jit(tree, position.lineno, innermost_function(outer))
        if handed is not None:  # om.minimize(..., jac=jax.jit(jax.grad(loss))): handed to a library, inline
            return None, handed
    return None


def _handed_jit(tree: ast.AST, lineno: int, function: Any) -> str | None:
    """The one ``jax.jit(...)`` of the user's statement at ``lineno`` that wraps ``function`` by its name."""
    statement = next((s for s in every_node(tree) if isinstance(s, ast.stmt) and not isinstance(
        s, (ast.FunctionDef, ast.ClassDef)) and s.lineno <= lineno <= (s.end_lineno or s.lineno)), None)
    name = getattr(function, "__name__", None)
    found = [n for n in ast.walk(statement) if isinstance(n, ast.Call) and n.args and ast.unparse(n.func).endswith(
        "jit") and any(isinstance(a, ast.Name) and a.id == name for a in ast.walk(n.args[0]))] if statement else []
    return ast.unparse(found[0]) if len(found) == 1 and name else None


def outlived_its_trace(exc: BaseException) -> bool:
    """True when a tracer error was raised by plain Python code that no JAX transformation is running.

    Inside a trace (``jax.jit``, ``vmap``, a ``custom_vjp`` rule, a library's jit) the user's failing
    frame is called, at some depth, from JAX's own code, or it calls a jitted function (library code
    raised below it). Else the tracer it met belongs to a trace that has ended: it leaked out.
    """
    user = user_entries(exc.__traceback__)
    if not user or called_from(user[-1].tb_frame, is_jax_file) or calls_a_jit(user[-1]):
        return False
    entries = traceback_entries(exc.__traceback__)
    if any(_runs_a_transformation(tb.tb_frame.f_code.co_filename) for tb in entries[entries.index(user[-1]):]):
        return False  # ``jax.grad(energy)(1.3)``: the user's line started a transformation that ran the failing code
    outer = entries[:next((i for i, tb in enumerate(entries) if tb is user[-1]), 0)]
    if any(called_from(tb.tb_frame, is_jax_file) for tb in outer):
        # a generator's frame on the way (a library calling the user's function from one): its caller is forgotten
        # once it ran, but the traceback still holds the frames that ran it, a trace among them
        return False
    # a library interpreting the function with tracers of its own class (quax's): live tracers, not leaked
    held = [v for v in user[-1].tb_frame.f_locals.values() if isinstance(v, jax.core.Tracer)]
    return not any(not type(v).__module__.startswith("jax") for v in held)


def _runs_a_transformation(filename: str) -> bool:
    """True for JAX's code that runs a function under a transformation (not an array's own method)."""
    return is_jax_file(filename) and (os.path.basename(filename) in ("api.py", "api_util.py", "linear_util.py",
                                                                     "pjit.py") or "interpreters" in filename)
