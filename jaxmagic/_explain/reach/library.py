"""What library code did: the call the user made was a library's, and whose function failed inside it.

A researcher calls ``optimistix.minimise(loss, ...)``: the function called is
the library's, its parameters are not the user's, and the line that failed is
in ``loss``. (What a library needed as a Python value, a count or a static
argument, is read in ``_explain.values``.)
"""
from __future__ import annotations

import ast
import re
import sys
import types
from typing import Any

import jax

from ..._common.errors import (is_installed_library, is_jax_file, is_user_file, leaves_of, rejected_tracers,
                              traceback_entries, user_entries)
from ..._common.source import innermost_function, node_at, parse_file, position_of
from ..call import plain_function, traceable
from ..provenance import Origin, origin_of
from ..._tracking.compiling.jax_frames import find_jax_call
from .entry import entry_of, entry_origin, handed_by_name, message_origin

__all__ = ["library_call", "library_names", "library_wrapper_of_other_values", "library_state_handed", "users_jit_called",
           "users_origin"]


def library_call(exc: BaseException, kind: str, fn: Any, own_arguments: set[str]) -> bool:
    """True when ``fn`` is a library's function and the failing line is in a function of the user's
    that library code called (a solver's objective): the library's parameters are not the user's."""
    if kind in own_arguments:  # JAX's message names the jitted function's own argument
        return False
    plain = plain_function(fn)
    filename = getattr(getattr(plain, "__code__", None), "co_filename", "")
    if not is_installed_library(filename):
        return False
    entry = entry_of(exc)
    return entry is not None and entry.frame.f_code is not getattr(plain, "__code__", None)


def library_wrapper_of_other_values(fn: Any, args: tuple, kwargs: dict) -> bool:
    """True when ``fn`` is a library's wrapper of the user's function (not a jit: pytensor's ``wrap_jax``) and
    it was handed values JAX cannot trace (pytensor's symbolic variables): the library traces the function with
    values of its own making, so the call the user wrote is not the trace that failed."""
    if not isinstance(fn, types.FunctionType) or hasattr(fn, "_jit_info") or \
            not is_installed_library(fn.__code__.co_filename) or is_jax_file(fn.__code__.co_filename):
        return False
    if getattr(plain_function(fn), "__code__", fn.__code__) is fn.__code__:
        return False  # the library's own function, not a wrapper of the user's
    return not all(traceable(v) or isinstance(v, str) for v in [*args, *kwargs.values()])  # (a name: static)


def users_origin(exc: BaseException, where_from: Origin, called: str | None = None, inner: bool = True) -> Origin:
    """``where_from`` in the user's terms, when it names the inputs of a library's trace (or none).

    The parameter of the user's function that library code called: ``y`` of the objective, not the
    solver's ``_dynamic_flat[0]``; no argument at all, rather than a library's, when the value was
    computed inside the user's function (a sampled site). ``called``: the name of the function the user
    jitted, whose own inputs are the user's terms already, unless (``inner``) a function of the user's own that a
    transformation of JAX's made new tracers for read the value.
    """
    rejected = origin_of(exc, rejected_tracers(exc))
    if rejected.paths:  # a type checker's message names the value it refused (``length: int``)
        return rejected
    entry = entry_of(exc)
    if entry is not None and where_from.function == "<lambda>" and entry.name != "<lambda>" and \
            not is_jax_file(entry.caller) and (called != "<lambda>" or _lambda_inline(exc)):
        # a lambda handed to a transformation is glue (``lax.scan(lambda ts, a: env.step(ts, a), ...)``): the
        # arguments are those of the user's own function that library code called
        remapped = entry_origin(exc, entry)
        if remapped is not None and remapped.paths:
            return remapped
    if called is not None and where_from.function == called and where_from.paths:
        handed = inner and entry is not None and entry.name != called and (
            is_jax_file(entry.caller) and _transformed(entry) or handed_by_name(entry))
        if handed or inner and entry is not None and entry.name != called and (
                _library_hook(entry) or _jax_called(entry) and _transformed(entry)):
            # the user's function a transformation of JAX's made new tracers for (``jax.value_and_grad(loss)``
            # inside the jitted ``step``; or inside a library, jax_autovmap's ``@autovmap``, not for ``self``), or
            # that library code handed values it computed (laplax's metric ``coverage(pred_mean, pred_std, ...)``),
            # or whose method overrides a library's hook that library code calls with a value it computed
            # (braintools' ``surrogate_grad(self, x)``; not the object's own field, ``self.count``, which the jitted
            # function's argument holds): its parameter is what the line reads
            remapped = entry_origin(exc, entry)
            if remapped is not None and remapped.paths and (handed or not any(
                    p == "self" or p.startswith(("self.", "self[")) for p in remapped.paths)):
                return remapped
        return where_from  # the inputs of the function the user jitted (a class's __post_init__ ran on them)
    if entry is None:
        return where_from
    if where_from.how == "trace" and where_from.paths and where_from.function not in (None, entry.name) \
            and not library_names(where_from, exc):
        # the value reached a function of the user's that library code called (a target density a sampler
        # calls inside the user's scan step): its parameter is what the failing line reads
        remapped = entry_origin(exc, entry)
        if remapped is not None and remapped.paths:
            return remapped
    named = message_origin(exc)  # the input JAX's message names, read back through the library's jit
    if named is not None and not library_names(named, exc):
        return named
    if not (where_from.how == "none" or library_names(where_from, exc)):
        return where_from
    remapped = entry_origin(exc, entry)
    if remapped is not None:
        return remapped
    return Origin([], entry.name, "trace") if where_from.paths else where_from


def library_state_handed(exc: BaseException, where_from: Origin, values: dict) -> Origin | None:
    """The parameter of the user's function that library code called (``cosine_lr(step)``, a schedule optax calls
    with its count) where every path read off the jitted function's trace goes deep into a library's object the
    user never wrote out (``state.data[1].count``, an optimizer's state): the user's own name for that value."""
    entry = entry_of(exc)
    if entry is None or not where_from.paths or entry.name == where_from.function or is_jax_file(entry.caller) or \
            is_user_file(entry.caller) or not is_installed_library(entry.caller):
        return None
    for path in where_from.paths:
        root = re.match(r"[^\W\d]\w*", path)
        held = values.get(root.group(0)) if root else None
        owner = getattr(sys.modules.get(type(held).__module__), "__file__", None) or ""
        if held is None or len(re.findall(r"\.\w+|\[", path)) < 2 or not is_installed_library(owner) or \
                is_jax_file(owner):
            return None
    remapped = entry_origin(exc, entry)
    return remapped if remapped is not None and remapped.paths else None


_TRANSFORM_TRACERS = ("JVPTracer", "LinearizeTracer", "BatchTracer", "VmapTracer")  # grad's and vmap's tracers


def _jax_called(entry: Any) -> bool:
    """True when a transformation of JAX's that library code applied called the entry (jax_autovmap's decorator
    vmaps the user's function): JAX's code runs between it and the user's code further out, and its parameters
    hold tracers of a trace that code holds none of (not the user's own ``jax.vmap(curve)``, whose tracers a
    library handed on as they were, or a sampler calling ``log_prob(x)`` as it is)."""
    frame, through = entry.frame.f_back, False
    while frame is not None and not is_user_file(frame.f_code.co_filename):
        through = through or is_jax_file(frame.f_code.co_filename)
        frame = frame.f_back
    if not through or frame is None:
        return False
    outside = {id(getattr(leaf, "_trace", None)) for v in frame.f_locals.values() for leaf in leaves_of(v)[:64]
               if type(leaf).__name__ in _TRANSFORM_TRACERS}
    return any(id(getattr(leaf, "_trace", None)) not in outside for p in entry.params
               for leaf in leaves_of(entry.frame.f_locals.get(p))[:64] if type(leaf).__name__ in _TRANSFORM_TRACERS)


def _transformed(entry: Any) -> bool:
    """True when the entry is a function of its own (a loss, a score; not a closure defined inside the jitted
    function, which is part of it) and a parameter of its frame holds a tracer a transformation made (grad's,
    vmap's)."""
    if "<locals>" in entry.frame.f_code.co_qualname:
        return False
    values = [entry.frame.f_locals.get(p) for p in entry.params]
    return any(type(leaf).__name__ in _TRANSFORM_TRACERS for v in values for leaf in leaves_of(v)[:64])


def users_jit_called(exc: BaseException, fn: Any, kind: str | None = None) -> tuple[Any, tuple, dict] | None:
    """(the user's jitted function, its arguments) when the jitted call that failed is one the user made but not
    ``fn``, read from JAX's frames (kept in a kernel); else None.

    ``fn`` a library's function that called it (``to_onnx(policy, ...)`` with ``policy`` under ``@jax.jit``), or,
    for an argument JAX could not trace, any function that reached it (a method under ``@jax.jit`` handed to a
    sampler's constructor or a helper that vmaps it): that jit's boundary is where the argument was refused.
    """
    plain = plain_function(fn)
    library = is_installed_library(getattr(getattr(plain, "__code__", None), "co_filename", ""))
    if not library and kind != "non-array-argument":
        return None
    entries = traceback_entries(exc.__traceback__)
    call = find_jax_call(entries[-1].tb_frame) if entries else None
    code = getattr(call.fun, "__code__", None) if call is not None else None
    user = user_entries(exc.__traceback__)
    if code is not None and is_jax_file(code.co_filename) and innermost_function(call.fun) is call.fun and user:
        call = find_jax_call(user[-1].tb_frame)  # jnp.vander's own jit refused the user's tracer: the jit around it
        code = getattr(call.fun, "__code__", None) if call is not None else None
    if code is not None and is_jax_file(code.co_filename) and call.fun is not plain and is_user_file(getattr(
            getattr(innermost_function(call.fun), "__code__", None), "co_filename", "")):
        # jax.jit(jax.grad(loss)) written inline and handed to a library (optimagic's ``jac=``): that jit again
        return jax.jit(call.fun, static_argnums=call.static_argnums or None,
                       static_argnames=call.static_argnames or None), call.args, call.kwargs
    if code is None or not is_user_file(code.co_filename) or call.fun is plain:
        return None
    jitted = _users_jit_of(call.fun)
    return (jitted, call.args, call.kwargs) if jitted is not None else None


def _users_jit_of(fun: Any) -> Any:
    """The user's own jit object around ``fun`` (whose static settings are the user's to change; not a jit a
    library made): a module-level name, or a method's class attribute (``@jax.jit`` above ``def``)."""
    wraps = lambda v: getattr(v, "__wrapped__", None) is fun and hasattr(v, "_jit_info")  # noqa: E731
    names = list(fun.__globals__.values())
    jitted = [v for v in names if wraps(v)]
    owner, _, method = getattr(fun, "__qualname__", "").rpartition(".")
    if not jitted and owner and "<" not in owner:
        cls = fun.__globals__.get(owner.split(".")[0])
        for part in owner.split(".")[1:]:
            cls = getattr(cls, part, None)
        held = vars(cls).get(method) if isinstance(cls, type) else None
        jitted = [held] if wraps(held) else []
    return jitted[0] if len(jitted) == 1 else None


def _lambda_inline(exc: BaseException) -> bool:
    """True when the user's statement that started it all writes a lambda inline (``jax.vmap(lambda k: ...)(keys)``):
    glue around a call, where a lambda the user named (``loss = lambda params: ...``) is their function."""
    entries = [tb for tb in user_entries(exc.__traceback__) if tb.tb_frame.f_code.co_name == "<module>"]
    if not entries:
        return False
    position = position_of(entries[-1])  # the cell's own top level
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    return node is not None and any(isinstance(n, ast.Lambda) for n in ast.walk(node))


def library_names(where_from: Origin, exc: BaseException) -> bool:
    """True when the origin names inputs of a trace of library code, not of any function of the user's."""
    users = {tb.tb_frame.f_code.co_name for tb in user_entries(exc.__traceback__)}
    return where_from.function is not None and where_from.function not in users


def _library_hook(entry: Any) -> bool:
    """True for a method of the user's class overriding a method of a library's base class, called by library
    code: the library's hook, handed values the library computed (braintools' ``Surrogate.surrogate_grad``)."""
    owner = entry.frame.f_locals.get("self")
    if owner is None or is_jax_file(entry.caller) or is_user_file(entry.caller):
        return False
    return any(entry.name in vars(base) and is_installed_library(getattr(sys.modules.get(base.__module__), "__file__",
                                                                         None) or "")
               for base in type(owner).__mro__[1:-1])
