"""A library wrapper's paths in the user's terms: ``args[1]`` of a wrapper named by the user's parameter,
``kwargs['objective']`` by the keyword the user gave, NNX's and equinox's flat inputs recognised, keys a user
never wrote (``<class 'PointVar'>``, ``<flat index 2>``) read as they would write them; the parameter a call of the
user's gave an unhashable value a jit holds static.
"""
from __future__ import annotations

import ast
import inspect
import re
import types
from typing import Any

import jax
import numpy as np

from ..._common.errors import is_user_file, traceback_entries
from ..._common.frames import holds_tracer
from ..._common.source import every_node, parameter_names, parse_file, unwrap_function
from ..._tracking.compiling.jax_frames import find_jax_call
from ..._tracking.observed.adapters import user_call
from ..argument import keys_last
from ..call import CallFacts, named_varargs, root_of
from ..explanation import Explanation
from ..fixes.site import is_hashable
from ..provenance import Origin
from ..reach.annotated import given_by_parameter
from ..recover import Impure, evaluate_pure

__all__ = ["equinox_input", "forwarded", "handed_expression", "held_parameters", "keyword_given", "name_arguments",
           "nnx_call_arguments", "nnx_state", "tracers_first", "unhashable_given",
           "unhashable_passed", "users_jitted"]


_EQUINOX_INPUT = re.compile(r"^dynamic_(?:no)?donate\[")


def equinox_input(path: str) -> bool:
    """True when ``path`` is a leaf of equinox's ``filter_jit`` inputs (``dynamic_nodonate[...]``), not the user's."""
    return bool(_EQUINOX_INPUT.match(path))


_KEYWORD_ENTRY = re.compile(r"^(?P<root>\w+)\[['\"](?P<key>\w+)['\"]\](?P<rest>.*)$")


_FORWARDED = re.compile(r"^args\[(\d+)\](.*)$")


def held_parameters(wrapper: Any) -> list[str] | None:
    """The positional parameters of the one user function a library wrapper's closure holds, else None."""
    held = []
    for cell in getattr(wrapper, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if isinstance(value, types.FunctionType) and is_user_file(value.__code__.co_filename):
            held.append(value)
    if len(held) != 1:
        return None
    code = held[0].__code__
    return list(code.co_varnames[:code.co_argcount])


def users_jitted(fn: Any, user: list) -> Any:
    """The jitted object the user's frames (the outermost first) hold among their globals for ``fn``, else None."""
    return next((v for entry in user for k, v in entry.tb_frame.f_globals.items() if not k.startswith("_")
                 and v is not fn and callable(v) and unwrap_function(v) is fn), None)


def forwarded(paths: list[str], wrapper: Any) -> list[str]:
    """``args[i]`` of a library wrapper named by the i-th parameter of the one user function its closure holds."""
    params = held_parameters(wrapper)
    if params is None:
        return paths
    named = []
    for path in paths:
        found = _FORWARDED.match(path)
        named.append(params[int(found[1])] + found[2] if found and int(found[1]) < len(params) else path)
    return named


def handed_expression(node: ast.AST, name: str, frame: types.FrameType | None) -> ast.expr | None:
    """The expression the user's call ``node`` gave the callee's parameter ``name`` (``spec["steps"]`` of
    ``binomial_american(spot, ..., steps=spec["steps"])``, whose ``steps`` the library's trace named); None when the
    callee is not known without running code, or the call does not give ``name``."""
    if not isinstance(node, ast.Call) or frame is None:
        return None
    try:
        given = given_by_parameter(node, evaluate_pure(node.func, frame, library_values=True))
    except (Impure, TypeError, ValueError):
        return None
    return next((expr for parameter, expr in given if parameter.name == name), None)


def keyword_given(path: str, node: ast.Call, facts: CallFacts | None) -> str:
    """``kwargs['objective']`` as ``objective`` when the failing call gives that keyword and the callee has no
    parameter of that name: it went into the callee's ``**kwargs`` (``coix.util.train(loss_fn, ...,
    objective="rws")``, forwarded into a library's jit and on to the user's loss)."""
    found = _KEYWORD_ENTRY.match(path)
    if found is None or (facts is not None and found["key"] in facts.params):
        return path
    return found["key"] + found["rest"] if any(k.arg == found["key"] for k in node.keywords) else path


# JAX's words for keys a user never wrote: a dict keyed by a class (jaxls's values, keyed by variable type), the
# children of a node registered without keys
_CLASS_KEY = re.compile(r"<class '(?:[\w.]*\.)?(\w+)'>")


_FLAT_INDEX = re.compile(r"<flat index (\d+)>")


def _readable(path: str) -> str:
    """A leaf's path as the user reads it: ``vals[0][PointVar]``."""
    return _FLAT_INDEX.sub(r"\1", _CLASS_KEY.sub(r"\1", path))


def name_arguments(found: Explanation, where_from: Origin, facts: CallFacts | None) -> None:
    """The arguments the failing value depends on, in the user's parameter names."""
    found.paths = [_readable(p) for p in keys_last(named_varargs(where_from.paths, facts), facts)]
    found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
    found.argument = found.arguments[0] if found.arguments else None
    found.path = found.paths[0] if found.paths else None
    found.function = found.function or where_from.function
    found.certain = where_from.how in ("trace", "message", "call")


_NNX_STATE = re.compile(r"^[^\W\d]\w*\.states\[0\]\[\d+\]")  # NNX's flat state of a module argument


def nnx_state(path: str) -> bool:
    """True when ``path`` is a leaf of NNX's flat state of a module argument (``model.states[0][3]``)."""
    return bool(_NNX_STATE.match(path))


def nnx_call_arguments(exc: BaseException) -> dict[str, Any]:
    """The user's arguments by name, when the innermost jitted call is flax.nnx.jit's (its adapter reads it)."""
    entries = traceback_entries(exc.__traceback__)
    call = find_jax_call(entries[-1].tb_frame) if entries else None
    try:
        found = user_call(call) if call is not None else None
        bound = inspect.signature(found.function).bind(*found.args, **found.kwargs) \
            if found is not None and found.wrapper == "flax.nnx.jit" else None
    except Exception:  # noqa: BLE001 - a wrapper's internals changed, or arguments that do not bind
        return {}
    return dict(bound.arguments) if bound is not None else {}


def unhashable_passed(node: Any, user: list[types.TracebackType]) -> str | None:
    """The parameter given an unhashable value in the user's failing call (``delays=[1, 3, 5]``), named by
    its keyword or, positionally, by the callee's signature; None when the call does not tell."""
    if not isinstance(node, ast.Call) or not user:
        return None
    frame = user[-1].tb_frame
    if frame.f_code.co_name == "<lambda>":  # ``Minuit(lambda par: lsq(par, xdata, ydata), ...)``: the lambda's call
        node = next((n.body for n in ast.walk(node) if isinstance(n, ast.Lambda) and isinstance(n.body, ast.Call)
                     and n.lineno == frame.f_code.co_firstlineno), node)

    def unhashable(expr: ast.expr) -> bool:
        try:
            return not is_hashable(evaluate_pure(expr, frame))
        except Impure:
            return False

    try:
        callee = evaluate_pure(node.func, frame)
        params = list(inspect.signature(callee).parameters)
        code = getattr(inspect.unwrap(callee), "__code__", None)
    except (Impure, TypeError, ValueError):
        return None
    named = [k.arg for k in node.keywords if k.arg and unhashable(k.value)]
    if code is None or not is_user_file(code.co_filename):  # a library's own jitted function (tinygp's ``sample``):
        # its parameters are not the user's, unless it passes its keywords on (ninjax's ``init(..., sizes=[16])``)
        # and the user's file defines a function with that parameter
        forwards = code is not None and code.co_flags & inspect.CO_VARKEYWORDS and named
        if forwards and named[0] in getattr(getattr(callee, "_jit_info", None), "static_argnames", ()):  # the user's
            return named[0] if named[0] in params else f"{params[-1]}[{named[0]!r}]"  # jax.jit(calc.energy, ...)
        return named[0] if forwards and named[0] in _parameters_defined(frame.f_code.co_filename) else None
    if named:
        return named[0]
    info = getattr(callee, "_jit_info", None)  # a jitted function's own static positions: only those are hashed
    static = set(getattr(info, "static_argnums", ()) or ()) | {i for i, p in enumerate(params) if p in set(
        getattr(info, "static_argnames", ()) or ())} if info is not None else None
    return next((params[i] for i, arg in enumerate(node.args) if i < len(params) and (static is None or i in static)
                 and unhashable(arg)), None)


def _parameters_defined(filename: str) -> set[str]:
    """The parameter names of every function the file defines."""
    tree = parse_file(filename)
    return {name for node in every_node(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            for name in parameter_names(node)} if tree is not None else set()


def unhashable_given(call: Any) -> str | None:
    """The static parameter of the failing call's function, when the user's own, given an unhashable value (the
    user's jitted function a library called: ``users_jit_called`` made it the failing call)."""
    code = getattr(getattr(call, "fn", None), "__code__", None)
    if code is None or not is_user_file(code.co_filename):
        return None
    return next((n for n, v in call.by_name().items() if n in call.static_argnames and not is_hashable(v)), None)


def tracers_first(found: Explanation, frame: types.FrameType) -> None:
    """The arguments whose parameter the failing frame holds traced first: ``jax.grad(loss)(params, x, y)`` traces
    ``params`` alone, though the failing value is computed from ``y`` too."""
    held = frame.f_locals
    if not all(root_of(p) in held for p in found.paths):  # another function's parameters (a module's method run by
        return  # the user's jitted step): the frame says nothing of them
    first = held[root_of(found.paths[0])]
    if not isinstance(first, (jax.Array, np.ndarray, np.generic, int, float)) or holds_tracer(first):
        return  # the first is traced, or an object whose state JAX may not see (a state library's module): it stays
    traced = [p for p in found.paths if holds_tracer(held[root_of(p)])]
    if traced:
        found.paths = [*traced, *(p for p in found.paths if p not in traced)]
        found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
        found.argument, found.path = found.arguments[0], found.paths[0]
