"""``equinox.filter_jit``: the user's function and arguments, and which leaves equinox holds static.

equinox wraps every function in one ``jax.jit`` of its own (defined in
``equinox/_jit.py``), splitting the arguments into arrays, which are traced,
and everything else, which is static: a Python float is part of the cache
key, so a new value compiles again. Its ``_call(jit_wrapper, ..., args,
kwargs)`` frame, above JAX's, holds the wrapper and the user's arguments.
"""
from __future__ import annotations

import inspect
import os
import re
import sys
from typing import Any

import jax
import numpy as np

from ..compiling.jax_frames import JaxCall, frames_above, library_root
from .usercall import UserCall

__all__ = ["WRAPPER", "PACKAGE", "TYPES", "read", "call_of_object", "of_object", "rejit", "user_path", "is_array", "is_static"]

WRAPPER = "equinox.filter_jit"
PACKAGE = "equinox"  # the functions it gives jax.jit are its own, not the user's
TYPES = (("equinox._jit", "_JitWrapper"),)


def read(call: JaxCall) -> UserCall | None:
    """The user's call, if equinox's ``_call`` frame made this jitted call; else None."""
    root = library_root("equinox")
    if root is None:  # the user has not imported equinox: nothing here is its
        return None
    target = os.path.join(root, "_jit.py")
    for frame in frames_above(call, 8):
        if frame.f_code.co_filename != target or frame.f_code.co_name != "_call":
            continue
        local = frame.f_locals
        wrapper, args, kwargs = local.get("jit_wrapper"), local.get("args"), local.get("kwargs")
        if wrapper is None or not isinstance(args, tuple) or not isinstance(kwargs, dict):
            return None
        function = wrapper.__wrapped__
        signature = getattr(wrapper, "_signature", None)
        if isinstance(signature, inspect.Signature):
            try:  # equinox binds the call to the signature: f(x, s=1) and f(x, 1) are one call to it
                bound = signature.bind(*args, **kwargs)
                args, kwargs = tuple(bound.args), dict(bound.kwargs)
            except TypeError:
                pass
        # the wrapper is the identity: ``__wrapped__`` is rebuilt on every call for a jitted Module
        return UserCall(WRAPPER, function, wrapper, args, kwargs, static_leaf=is_static, jitted=wrapper)
    return None


def is_array(leaf: Any) -> bool:
    """equinox's rule: JAX and NumPy arrays (and NumPy scalars) are traced."""
    return isinstance(leaf, (jax.Array, np.ndarray, np.generic))


def is_static(leaf: Any) -> bool:
    """Every leaf that is not an array is static under ``filter_jit``."""
    return not is_array(leaf)


def call_of_object(obj: Any, args: tuple, kwargs: dict, bind: bool = True) -> UserCall | None:
    """The user's call of ``obj(*args, **kwargs)``: ``obj`` is what ``filter_jit`` returned, or its bound method."""
    bound: tuple = ()
    if _is_wrapper(getattr(obj, "func", None)) and type(obj).__name__ == "Partial":
        bound, obj = tuple(getattr(obj, "args", ())), obj.func  # a method: Partial(wrapper, instance)
    if not _is_wrapper(obj):
        return None
    if bind:
        bound_args = obj._signature.bind(*bound, *args, **kwargs)
        args, kwargs = tuple(bound_args.args), dict(bound_args.kwargs)
    return UserCall(WRAPPER, obj.__wrapped__, obj, tuple(args), dict(kwargs), static_leaf=is_static, jitted=obj)


def _is_wrapper(obj: Any) -> bool:
    kind = type(obj)
    return (kind.__module__, kind.__name__) in TYPES


def of_object(obj: Any, args: tuple, kwargs: dict) -> tuple[UserCall, Any] | None:
    """The user's call and JAX's traced stage of it, for ``%jittrace``: no new trace for a call made before."""
    user = call_of_object(obj, args, kwargs)
    if user is None:
        return None
    wrapper = user.jitted
    info = (wrapper._signature, wrapper._dynamic_fun, wrapper._static_fun, wrapper.donate_first, wrapper.donate_rest)
    module = sys.modules["equinox._jit"]
    dynamic_donate, dynamic_nodonate, static = module._preprocess(info, user.args, user.kwargs, return_static=True)
    return user, wrapper._cached.trace(dynamic_donate, dynamic_nodonate, static)


def rejit(fn: Any, static_argnums: tuple, static_argnames: tuple) -> Any:
    """``filter_jit(fn)``: static by kind of value, as the user's call was; None without equinox."""
    module = sys.modules.get("equinox")
    return module.filter_jit(fn) if module is not None else None


_PATH = re.compile(r"^dynamic_(?:no)?donate\['(first|rest)'\]\[(\d+)\]")


def user_path(path: str, params: list[str], arguments: dict | None = None) -> str | None:
    """A path in JAX's message about equinox's internals, as the user's parameter and leaf.

    equinox hands ``jax.jit`` the leaves of the first argument (``dynamic_nodonate['first'][i]``: its
    i-th leaf) and of the other arguments together (``['rest'][i]``: the i-th leaf of ``(rest, kwargs)``).
    With the values passed (``arguments``, taken as passed in order) the leaf is named (``model.layers[0]
    .weight``); without them, the i-th parameter when each holds one array. None for any other path.
    """
    found = _PATH.match(path)
    if found is None or not params:
        return None
    first, index = found.group(1) == "first", int(found.group(2))
    if arguments and all(p in arguments for p in params):
        tree = arguments[params[0]] if first else (tuple(arguments[p] for p in params[1:]), {})
        leaves = jax.tree_util.tree_flatten_with_path(tree)[0]
        if index < len(leaves):
            keys = leaves[index][0] if first else leaves[index][0][2:]
            owner = params[0] if first else params[1 + leaves[index][0][1].idx]
            return owner + jax.tree_util.keystr(tuple(keys))
    index = 0 if first else 1 + index
    return params[index] if index < len(params) else None
