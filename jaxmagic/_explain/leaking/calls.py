"""A leak from a jitted function of the user's: the call that traced it, made again for the copy-based try.

The storing function is the function JAX traced (the user's ``@jax.jit``, a jitted method): its call is the one
that failed, else the trace the leaked tracer came from in JAX's trace cache, else the user's jitted function
called with the abstract arguments the leaked tracer's own trace had. That trace must be the storing function's
own, or a function of the user's file that hands its parameters on (``jax.jit(lambda x: net(x))``): a tracer made in
a library's method of the same name and parameters (jaxbo's ``GP.predict``, called through ``super()`` by the
user's override) says nothing of the user's method.
"""
from __future__ import annotations

import ast
import re
import types
from typing import Any

import jax

from ..._common.source import defines, function_node, parameter_names
from ..call import call_of
from ..declare.leaf import Static
from .thread_out import ThreadOut
from ..provenance import jaxpr_tracer
from ..retrace.trace_cache import traced_calls

__all__ = ["leaking_call"]


def _abstract_arguments(tracer: Any, definition: ast.AST, owner: type | None = None,
                        globals_: dict | None = None, filename: str | None = None) -> dict | None:
    """Parameter → ``jax.ShapeDtypeStruct`` from the leaked tracer's own trace, when its inputs are plain.

    A jitted method's static ``self`` is the one object of its class among the user's globals.
    """
    inner = jaxpr_tracer(tracer) if tracer is not None else None
    frame = getattr(getattr(inner, "_trace", None), "frame", None)
    info = getattr(frame, "debug_info", None)
    if not _traced_here(info, filename):
        return None
    names = tuple(getattr(info, "arg_names", None) or ())
    invars = list(getattr(frame, "invars", None) or ())
    params = parameter_names(definition)
    if not invars or len(names) != len(invars) or any(n not in params for n in names):
        return None
    defaults = len(getattr(definition.args, "defaults", []))
    required = params[: len(params) - defaults]
    found: dict[str, Any] = {}
    if owner is not None and params[:1] == ["self"] and "self" not in names:
        found["self"] = _only_instance(owner, globals_ or {})
        if found["self"] is None:
            return None
    if any(p not in names and p not in found for p in required):
        return None  # a static argument, whose value the trace did not keep
    found.update({n: jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype, weak_type=getattr(v.aval, "weak_type", False))
                  for n, v in zip(names, invars)})
    return found


def leaking_call(call: Any, fixes: list, tracer: Any, globals_: dict | None, filename: str | None = None) -> Any:
    """The jitted function a leak fix rewrites, with arguments to re-trace it; None when unknown.

    The failing call is that function when the leak was caught inside it; when the
    leaked value was used later (``jnp.sin(last)`` after ``f(x)``), the function is
    found in JAX's trace cache (its abstract arguments and static values, pytrees
    included), else by name, traced with the abstract arguments its leaked trace had.
    """
    recipe = next((f.recipe for f in fixes if isinstance(f.recipe, ThreadOut)), None) or next((
        types.SimpleNamespace(original=f.recipe.edited[0], owner=None, method=None) for f in fixes
        if isinstance(f.recipe, Static) and f.recipe.edited is not None), None)  # (the function given a parameter)
    if recipe is None:
        return None
    if call is not None and call.fn is not None:
        found = function_node(call.fn)
        if found is not None and found[0].lineno == recipe.original.lineno:
            if parameter_names(recipe.original)[:1] == ["self"] and call.args and "self" not in call.static_argnames:
                # the method called eagerly where the leak was met (``env.step(a)``): as the jit of the bound method
                return call_of(jax.jit(types.MethodType(call.fn, call.args[0])), call.args[1:], call.kwargs, None, None)
            return call
    cached = _cached_call(recipe.original, filename, tracer)
    if cached is not None:
        return cached
    globals_ = globals_ or {}
    jitted = globals_.get(recipe.original.name)
    owner = globals_.get(recipe.owner) if recipe.owner and recipe.method is None else None  # a jitted method
    if owner is not None:  # a jitted method: found on its class
        jitted = vars(owner).get(recipe.original.name)
        if isinstance(jitted, types.FunctionType) and parameter_names(recipe.original)[:1] == ["self"]:
            jitted = _jitted_bound(jitted, owner, globals_)  # jax.jit(env.step): the object's method was jitted
    if jitted is None or getattr(jitted, "_jit_info", None) is None:
        return None
    args = _abstract_arguments(tracer, recipe.original, owner, globals_, filename)
    if args is None:
        return None
    if isinstance(getattr(jitted, "_fun", None), types.MethodType):
        args.pop("self", None)
    made = call_of(jitted, (), args, None, None)
    found = function_node(made.fn) if made is not None and made.fn is not None else None
    return made if found is not None and found[0].lineno == recipe.original.lineno else None


def _jitted_bound(method: types.FunctionType, owner: type, globals_: dict) -> Any:
    """``jax.jit(obj.method)`` again, for the one object of ``owner``'s class the user holds."""
    held = _only_instance(owner, globals_)
    if held is None:
        return None
    try:
        hash(held)
    except TypeError:  # a pytree dataclass with ``eq`` (sepes' TreeClass): JAX would hash it with the bound method;
        return jax.jit(method)  # the method jitted as a function, the object passed traced as its ``self``
    return jax.jit(types.MethodType(method, held))


def _only_instance(owner: type, globals_: dict) -> Any:
    """The one object of ``owner``'s class among the user's globals; None when there are none or several."""
    instances = [v for v in globals_.values() if type(v) is owner]
    return instances[0] if len(instances) == 1 else None


def _cached_call(definition: ast.AST, filename: str | None, tracer: Any) -> Any:
    """The leaking function's call rebuilt from JAX's trace cache: the trace the tracer came from, else the last."""
    if filename is None:
        return None
    traced = traced_calls(lambda code: code.co_filename == filename and defines(definition, code))
    if not traced:
        return None
    inner = jaxpr_tracer(tracer) if tracer is not None else None
    invars = list(getattr(getattr(getattr(inner, "_trace", None), "frame", None), "invars", None) or ())
    own = [t for t in traced if [v.aval for v in invars] == list(t.avals)] if invars else []
    chosen = (own or traced)[-1]
    return call_of(chosen.fn, chosen.args, chosen.kwargs, chosen.static_argnums, chosen.static_argnames)


_SOURCE = re.compile(r" at (?P<file>.+):(?P<line>\d+)$")


def _traced_here(info: Any, filename: str | None) -> bool:
    """False when the trace ``info`` describes is a function of another file than the user's ``filename`` (JAX
    names it by file and first line): a library's, whose inputs are no parameters of the user's function; True
    where it says nothing."""
    found = _SOURCE.search(getattr(info, "func_src_info", None) or "")
    return found is None or filename is None or found["file"] == filename
