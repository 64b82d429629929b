"""``jax.pmap``: since JAX 0.10 a ``jax.jit`` of a ``shard_map`` of JAX's own function around the user's.

JAX's frame holds that function (``_cached_shard_map.<locals>._fun``); its
closure holds the user's function (``fun.f``) and the pytree structure of
the call (``in_tree``), so the flat arguments JAX traced read back as the
user's. There is no object of its own to read for ``%jittrace``.
"""
from __future__ import annotations

from typing import Any

import jax

from ..._common.source import innermost_function
from ..compiling.jax_frames import JaxCall
from .usercall import UserCall

__all__ = ["WRAPPER", "PACKAGE", "TYPES", "read", "call_of_object", "of_object", "rejit", "user_path", "is_pmap_function"]

WRAPPER = "jax.pmap"
PACKAGE = None  # JAX itself: its other functions are not a library's own
TYPES: tuple[tuple[str, str], ...] = ()
_QUALNAME = "_cached_shard_map.<locals>._fun"


def is_pmap_function(fun: Any) -> bool:
    """True for the function ``jax.pmap`` hands ``jax.jit`` (JAX's own, wrapping the user's)."""
    return getattr(fun, "__qualname__", None) == _QUALNAME and getattr(fun, "__module__", "") == "jax._src.pmap"


def read(call: JaxCall) -> UserCall | None:
    """The user's call of a pmapped function, or None."""
    if not is_pmap_function(call.fun):
        return None
    inner = innermost_function(call.fun)  # shard_map's wrapper around JAX's ``_fun``, which holds the user's
    if inner is None:
        return None
    names = inner.__code__.co_freevars
    cells = dict(zip(names, (cell.cell_contents for cell in inner.__closure__ or ())))
    wrapped, in_tree = cells.get("fun"), cells.get("in_tree")
    function = getattr(wrapped, "f", None)
    if function is None or in_tree is None or call.kwargs:
        return None
    args, kwargs = jax.tree_util.tree_unflatten(in_tree, list(call.args))
    return UserCall(WRAPPER, function, function, tuple(args), dict(kwargs))


def call_of_object(obj: Any, args: tuple, kwargs: dict, bind: bool = True) -> UserCall | None:
    return None  # a pmapped function is JAX's own object: %jittrace calls it like any other


def of_object(obj: Any, args: tuple, kwargs: dict) -> tuple[UserCall, Any] | None:
    return None


def rejit(fn: Any, static_argnums: tuple, static_argnames: tuple) -> Any:
    return None


def user_path(path: str, params: list[str], arguments: dict | None = None) -> str | None:
    return None
