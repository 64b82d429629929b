"""From JAX's view of a jitted call to the user's: which function, which arguments, which are static.

Each wrapper library gets one small module (:data:`LIBRARIES`) with the same
names: ``WRAPPER`` (what the user wrote, ``equinox.filter_jit``), ``TYPES``
(the classes its jit returns, by module and name), ``read(call)`` (the user's
call, from the library's own frame above JAX's, or None), ``call_of_object``
and ``of_object`` (the same from the wrapper object, for ``%jittrace``), and
``rejit`` (jit a function again its way, to verify a fix). Adding a wrapper
is adding one module and one entry to :data:`LIBRARIES`. A plain ``jax.jit``
needs no frame: JAX's own frame says everything (:func:`plain_call`).
"""
from __future__ import annotations

import types
from typing import Any

import jax

from ..._common.errors import is_installed_library
from ..._common.lambdas import user_qualname
from ..._common.source import innermost_function, layers, without_partial
from ..signature import normalize_static, positional_names
from . import equinox, flax_nnx, pmap
from ..compiling.jax_frames import JAX_ROOT, JaxCall
from .usercall import UserCall

__all__ = [
    "LIBRARIES",
    "user_call",
    "plain_call",
    "function_name",
    "is_internal",
    "is_wrapper",
    "is_library_jit",
    "is_pmapped",
    "transformations",
    "of_object",
    "plain_view",
    "rejit",
    "user_path",
]

LIBRARIES = (equinox, flax_nnx, pmap)


def user_call(call: JaxCall) -> UserCall:
    """The user's view of ``call``: a wrapper's, when one recognises its frame, else the plain jit's."""
    for library in LIBRARIES:
        try:
            found = library.read(call)
        except Exception:  # noqa: BLE001 - a library's internals changed: fall back to JAX's own view
            found = None
        if found is not None:
            return found
    return plain_call(call)


def plain_call(call: JaxCall) -> UserCall:
    """A plain ``jax.jit``: the function JAX was given, its static options as JAX completed them."""
    nums, names = normalize_static(call.fun, call.static_argnums, call.static_argnames)
    found = UserCall("jax.jit", call.fun, call.fun, call.args, call.kwargs, nums, names, variant=call.variant)
    if _library_function(call.fun):  # a wrapper's own function no adapter reads (nnx.jit_partial):
        found.names = ()  # its parameters are not the user's, so JAX's positions name the arguments
    return found


def is_wrapper(obj: Any) -> bool:
    """True for what a wrapper library's jit returned (``equinox.filter_jit``, ``flax.nnx.jit``)."""
    kind = type(obj)
    found = (getattr(kind, "__module__", ""), kind.__name__)
    return any(found in library.TYPES for library in LIBRARIES)


def is_library_jit(obj: Any) -> bool:
    """A ``jax.jit`` object a wrapper library made for itself (equinox's, NNX's): not the user's to name."""
    fun = getattr(obj, "_fun", None)
    return fun is not None and _library_function(fun)


def _library_function(fun: Any) -> bool:
    """A function a wrapper library gave ``jax.jit`` (its own class, or a function defined in it)."""
    module = getattr(fun, "__module__", "") if isinstance(fun, types.FunctionType) else type(fun).__module__
    return any(library.PACKAGE and (module or "").startswith(library.PACKAGE + ".") for library in LIBRARIES)


def is_pmapped(fn: Any) -> bool:
    """What ``jax.pmap`` returned: JAX's own function, with ``lower``, wrapping the user's."""
    code = getattr(fn, "__code__", None)
    return (callable(getattr(fn, "lower", None)) and code is not None and code.co_filename.startswith(JAX_ROOT)
            and getattr(fn, "__wrapped__", None) is not None)


def _of_object_call(fn: Any, args: tuple, kwargs: dict, bind: bool = True) -> UserCall | None:
    for library in LIBRARIES:
        found = library.call_of_object(fn, args, kwargs, bind)
        if found is not None:
            return found
    return None


def of_object(obj: Any, args: tuple, kwargs: dict) -> tuple[UserCall, Any] | None:
    """For ``%jittrace obj(...)`` on a library wrapper: the user's call and JAX's traced stage (cached)."""
    for library in LIBRARIES:
        found = library.of_object(obj, args, kwargs)
        if found is not None:
            return found
    return None


def plain_view(fn: Any, args: tuple, kwargs: dict) -> tuple[Any, tuple, dict, tuple, tuple, str] | None:
    """A library wrapper's call as the equivalent plain ``jax.jit`` call, for explanations.

    ``(function, args, kwargs, static_argnums, static_argnames, wrapper)``: the
    user's own function, the arguments bound as the wrapper binds them, and
    static every parameter the wrapper holds static (for equinox: every
    argument that holds no array). None when ``fn`` is no wrapper.
    """
    try:
        user = _of_object_call(fn, args, kwargs)
    except TypeError:  # arguments that do not fit (or none: ``explain(exc, fn)``): the function alone
        user = _of_object_call(fn, (), {}, bind=False)
    if user is None:
        return None
    names, _ = positional_names(user.function)
    static_names: list[str] = []
    if user.static_leaf is not None:
        whole = lambda value: all(map(user.static_leaf, jax.tree_util.tree_leaves(value)))  # noqa: E731
        static_names += [names[i] for i, value in enumerate(user.args) if i < len(names) and whole(value)]
        static_names += [key for key, value in user.kwargs.items() if whole(value)]
    nums = tuple(i for i, name in enumerate(names) if name in static_names) + tuple(user.static_argnums)
    static = tuple(static_names) + tuple(user.static_argnames)
    return user.function, user.args, user.kwargs, tuple(sorted(set(nums))), static, user.wrapper


def rejit(wrapper: str, fn: Any, static_argnums: tuple, static_argnames: tuple) -> Any:
    """``fn`` jitted again the way ``wrapper`` jits, to verify a fix through the same wrapper."""
    for library in LIBRARIES:
        if library.WRAPPER == wrapper:
            found = library.rejit(fn, static_argnums, static_argnames)
            if found is not None:
                return found
    return jax.jit(fn, static_argnums=static_argnums or None, static_argnames=static_argnames or None)


def user_path(wrapper: str, path: str, params: list[str], arguments: dict | None = None) -> str:
    """A path JAX named in a message about a wrapper's call, as the user's parameter where it can be told.

    ``arguments`` (parameter name → the value passed) lets a wrapper read its own layout of an argument
    (NNX's ``model.states[0][3]`` is ``model.l1.kernel``).
    """
    for library in LIBRARIES:
        if library.WRAPPER == wrapper:
            try:
                found = library.user_path(path, params, arguments or {})
            except Exception:  # noqa: BLE001 - a library's internals changed: JAX's own name then
                found = None
            return found or path
    return path


def function_name(fn: Any) -> str:
    """The name a user knows a function by: its ``__qualname__`` through partials and wrappers, with JAX's
    transformations around it (``grad(loss)``, ``vmap(loss)``), so two jits of one function under
    different transformations are told apart."""
    inner = innermost_function(fn) or without_partial(fn)
    name = user_qualname(inner) or getattr(inner, "__name__", None) or type(inner).__name__
    for label in reversed(transformations(fn)):
        name = f"{label}({name})"
    return name


def transformations(fn: Any) -> list[str]:
    """JAX's transformations wrapped around a function, outermost first (``jax.grad`` → ``grad``)."""
    labels = []
    for layer in layers(fn):
        code = layer.__code__
        if not code.co_filename.startswith(JAX_ROOT):
            continue
        if code.co_name.endswith("_f"):
            labels.append(code.co_name[: -len("_f")])  # grad_f, vmap_f, value_and_grad_f ...
        elif code.co_name == "fun_remat":
            labels.append("checkpoint")
    return labels


def is_internal(fn: Any) -> bool:
    """A helper jit, not the user's function: JAX's own (eager ops building arrays), told apart by the
    module of their function, or a lambda written inside an installed library (flax's own helpers)."""
    if pmap.is_pmap_function(fn):
        return False  # ``jax.pmap`` wraps the user's function in JAX's own: read by ``pmap.read``
    inner = innermost_function(fn) or without_partial(fn)
    module = getattr(inner, "__module__", None) or ""
    if module.startswith(("jax.", "jaxlib")) or module == "jax":
        return True
    code = getattr(inner, "__code__", None)
    return code is not None and code.co_name == "<lambda>" and is_installed_library(code.co_filename)
