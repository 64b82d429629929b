"""Lift provenance out of an inner trace (a ``scan`` body, a loop body, a nested jit) to the jitted function.

A value that fails inside ``lax.scan(step, init, xs)`` belongs to the trace of
``step``: its provenance names ``step``'s parameters (``carry``, ``x``). The
user asked about the jitted function, whose argument reached ``step``
through the call that created the inner trace. That call is in the
traceback, one user frame out; its arguments map to the inner parameters
by the transformation's calling convention, and their tracers belong to
the outer trace, whose provenance names the jitted function's arguments.
"""
from __future__ import annotations

import ast
import types
from typing import Any

from .._common.frames import attribute_tracers, quiet_leaves
from .._common.errors import is_installed_library, is_jax_file, traceback_entries, user_entries
from .._common.frames import leaves_of
from .._common.source import enclosing_function, names_in, node_at, parameter_names, parse_file, position_of
from .dataflow import depends_on
from .call import root_of
from .provenance import Origin, Tracer, failing_tracers, jaxpr_tracer, origin_of, progenitors, var_of

__all__ = ["lift", "by_parameters", "read_by_the_line"]


def _operands(callee: str, call: ast.Call, index: int) -> list[ast.expr]:
    """The call's expressions that feed the inner function's parameter ``index``."""
    args = call.args

    def arg(i: int, keyword: str | None = None) -> list[ast.expr]:
        if keyword is not None:
            found = [k.value for k in call.keywords if k.arg == keyword]
            if found:
                return found
        return [args[i]] if i < len(args) else []

    if callee == "scan":  # scan(f, init, xs): f(carry, x)
        return arg(1, "init") if index == 0 else arg(2, "xs")
    if callee == "fori_loop":  # fori_loop(lower, upper, body, init): body(i, val)
        return arg(0, "lower") + arg(1, "upper") if index == 0 else arg(3, "init_val")
    if callee == "while_loop":  # while_loop(cond, body, init): body(val)
        return arg(2, "init_val")
    if callee in ("cond", "switch"):  # cond(pred, t, f, *ops) / switch(i, branches, *ops)
        return arg(index + (3 if callee == "cond" else 2))
    if callee == "map":  # map(f, xs)
        return arg(1, "xs")
    return arg(index)  # a nested jitted helper, or jax.vmap(f)(...) / jax.grad(f)(...)


def _callee_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Call):  # vmap(f)(x): the outer call's arguments go to f
        return "<transformed>"
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def lift(origin: Origin, exc: BaseException, outer: str | None, depth: int = 0) -> Origin:
    """``origin`` in terms of the function named ``outer``, when it was read in an inner trace."""
    if outer is None or origin.function in (None, outer) or not origin.paths or depth > 4:
        return origin
    entries = user_entries(exc.__traceback__)
    inner = [i for i, tb in enumerate(entries) if tb.tb_frame.f_code.co_name == origin.function]
    if not inner or inner[-1] == 0:
        return origin
    inner_frame = entries[inner[-1]].tb_frame
    params = _parameters(inner_frame.f_code)
    caller = entries[inner[-1] - 1]
    if _library_between(exc, caller, entries[inner[-1]]):
        return origin  # a library called it (a solver, a trainer): the parameters are those of the user's function
    call = _call_at(caller)
    if call is None:
        return origin
    callee = _callee_name(call)
    expressions: list[ast.expr] = []
    renamed: list[str] = []  # each path with its root named as the caller passed it (a plain name)
    for path in origin.paths:
        root = root_of(path)
        if root in params:
            given = _operands(callee, call, params.index(root))
            expressions += given
            renamed += [e.id + path[len(root):] for e in given if isinstance(e, ast.Name)
                        and e.id in _parameters(caller.tb_frame.f_code)]
    names = list(dict.fromkeys(n for e in expressions for n in names_in(e)))
    f_locals = caller.tb_frame.f_locals
    tracers = [v for n in names if n in f_locals for v in _tracer_leaves(f_locals[n])]
    if names and not tracers and renamed:
        # the caller ran untraced (a method that calls its jitted attribute): the inner trace began at this
        # call, whose operands are the caller's own names
        return lift(Origin(renamed, caller.tb_frame.f_code.co_name, "trace"), exc, outer, depth + 1)
    lifted = origin_of(exc, tracers)
    if not lifted.paths and callee == "fori_loop" and params and {root_of(p) for p in origin.paths} == {params[0]}:
        # the loop's counter, over constant bounds: the parameter of the user's body it traced is the one to name
        # (``body``'s ``i``), as without a call to hand
        return origin
    if not lifted.paths:
        # the value comes from the transformation itself (a loop index over constant bounds)
        return Origin([], outer, "trace" if lifted.how == "trace" else origin.how)
    return lift(lifted, exc, outer, depth + 1)


def _library_between(exc: BaseException, caller: types.TracebackType, inner: types.TracebackType) -> bool:
    """True when an installed library's frame (not JAX's) runs between the two user frames."""
    entries = traceback_entries(exc.__traceback__)
    at = [i for i, tb in enumerate(entries) if tb is caller or tb is inner]
    return len(at) == 2 and any(is_installed_library(tb.tb_frame.f_code.co_filename) and not is_jax_file(
        tb.tb_frame.f_code.co_filename) for tb in entries[at[0] + 1:at[1]])


def _parameters(code: types.CodeType) -> list[str]:
    count = code.co_argcount + code.co_kwonlyargcount
    return list(code.co_varnames[:count])


def _call_at(tb: types.TracebackType) -> ast.Call | None:
    position = position_of(tb)
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    return node if isinstance(node, ast.Call) else None


def _tracer_leaves(value: Any) -> list[Any]:
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - an odd object: no tracers from it
        return []
    return [leaf for leaf in leaves if isinstance(leaf, Tracer)]


def by_parameters(origin: Origin, exc: BaseException) -> Origin:
    """``origin`` named by the user's parameters when the trace's inputs are the arrays a library's jit took out
    of its own objects (phiml's ``jit_compile`` traces ``natives[0]``, ``natives[1]``): the inputs the failing
    value depends on, found by identity inside the objects the outermost user frame in that trace was given."""
    entries = user_entries(exc.__traceback__)
    parameters = {p for tb in entries for p in _parameters(tb.tb_frame.f_code)}
    if origin.how != "trace" or not origin.paths or any(root_of(p) in parameters for p in origin.paths):
        return origin
    wanted: dict[int, frozenset[int]] = {}  # id of a trace: the positions of its inputs the value depends on
    frames = {}
    for tracer in failing_tracers(exc):
        inner = jaxpr_tracer(tracer)
        found = progenitors(inner) if inner is not None else None
        if found is not None:
            frames[id(found[0])] = found[0]
            wanted[id(found[0])] = wanted.get(id(found[0]), frozenset()) | found[1]
    for tb in entries:
        code = tb.tb_frame.f_code
        hit, holding = [], False
        for name in _parameters(code):
            held = _inputs_held(tb.tb_frame.f_locals.get(name), frames)
            holding = holding or bool(held)
            if any(i in wanted.get(key, ()) for key, i in held):
                hit.append(name)
        if holding:  # the outermost of the user's frames that the trace's inputs reached
            return Origin(hit, code.co_name, "trace") if hit else origin
    return origin


def _inputs_held(value: Any, frames: dict[int, Any]) -> set[tuple[int, int]]:
    """(trace, input position) of each trace input ``value`` holds as an attribute of a library's own array
    type whose flattening hides it (phiml's ``Tensor`` keeps its tracer in ``_native``). A value whose leaves
    show their tracers is read by path elsewhere (``reach/library``), leaf by leaf."""
    if _tracer_leaves(value):
        return set()
    held = set()
    for tracer in attribute_tracers(value):
        inner = jaxpr_tracer(tracer)
        frame = getattr(getattr(inner, "_trace", None), "frame", None)
        var = var_of(inner) if inner is not None else None
        if frame is None or id(frame) not in frames or var is None:
            continue
        held.update((id(frame), i) for i, v in enumerate(getattr(frame, "invars", ()) or ()) if v is var)
    return held


def read_by_the_line(exc: BaseException, fn: Any, named: str | None = None) -> list[str]:
    """The parameters of ``fn`` that the traced names of its failing expression are computed from, read off its
    own source (a backward slice); empty unless ``fn``'s own frame failed. With ``named`` (no ``fn``): the
    parameters of the function of that name whose frame failed, which the failing expression reads itself."""
    user = user_entries(exc.__traceback__)
    if not user or (user[-1].tb_frame.f_code is not getattr(fn, "__code__", None) if named is None else
                    user[-1].tb_frame.f_code.co_name != named):
        return []
    frame = user[-1].tb_frame
    tree = parse_file(frame.f_code.co_filename)
    node = node_at(tree, position_of(user[-1])) if tree is not None else None
    node = node.iter if isinstance(node, ast.For) else node.test if isinstance(node, (ast.If, ast.While)) else \
        node.slice if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice) else node  # (its bounds)
    definition = enclosing_function(tree, user[-1].tb_lineno, lambdas=False) if node is not None else None
    traced = [n for n in dict.fromkeys(names_in(node)) if any(isinstance(leaf, Tracer) for leaf in leaves_of(
        frame.f_locals.get(n)))] if definition is not None else []
    if named is not None:  # read directly, each a parameter (its key, ``params["order"]``, where one leaf is read)
        params = set(parameter_names(definition))
        if not traced or not set(traced) <= params:
            return []
        return [_leaf_read(node, n, frame.f_locals[n]) for n in traced]
    read = ast.Expr(ast.Tuple([ast.Name(n, ast.Load()) for n in traced], ast.Load()))
    return depends_on(definition, read, None, tree) if traced else []


def _leaf_read(node: ast.AST, name: str, value: Any) -> str:
    """``params['order']`` where ``node`` reads the one traced entry of the dict ``name`` by a constant key."""
    keys = {n.slice.value for n in ast.walk(node) if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name)
            and n.value.id == name and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str)}
    held = [k for k in keys if isinstance(value, dict) and isinstance(value.get(k), Tracer)]
    return f"{name}[{held[0]!r}]" if len(held) == 1 else name
