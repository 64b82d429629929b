"""The calls JAX traced a function with, read back from ``jax.jit``'s trace cache as abstract arguments.

Once a jitted function has been traced, JAX keeps the key of that trace: the
function (weakly), the static arguments' values, each dynamic argument's
pytree structure and every leaf's abstract value. That is enough to call the
function again abstractly, with ``jax.ShapeDtypeStruct`` leaves, long after
the call itself is gone: a leaked tracer's function is re-traced this way to
try the fix that returns the value instead of storing it.
"""
from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import jax

try:
    from jax._src import pjit
except ImportError:  # another JAX: no cache to read
    pjit = None

__all__ = ["TracedCall", "traced_calls"]


@dataclass
class TracedCall:
    """One cached trace: the function JAX traced (plain, or a bound method) and its abstract call."""

    fn: Any
    args: tuple
    kwargs: dict
    static_argnums: tuple[int, ...]
    static_argnames: tuple[str, ...]
    avals: tuple  # every dynamic leaf's abstract value, in JAX's flattened order


def traced_calls(compiled_from: Callable[[types.CodeType], bool] | None) -> list[TracedCall]:
    """Every trace JAX cached for a jitted function whose code ``compiled_from`` accepts, oldest first.

    Parameters
    ----------
    compiled_from : True for the code object of the user's ``def`` (a bound method's function counts); None
        for every cached trace, of callable objects too (``flax.nnx.jit``'s ``JitFn``).

    Returns
    -------
    list of TracedCall
        Dynamic leaves as ``jax.ShapeDtypeStruct``, static arguments as the values JAX hashed;
        empty when JAX's cache cannot be read.
    """
    found = []
    for held, info, signature, avals in _entries():
        code = getattr(getattr(held, "__func__", held), "__code__", None)
        if compiled_from is not None and (not isinstance(code, types.CodeType) or not compiled_from(code)):
            continue
        nums = tuple(getattr(info, "static_argnums", ()) or ())
        try:
            args, kwargs = _call_from(signature, avals, nums)
        except Exception:  # noqa: BLE001 - an entry JAX laid out otherwise is skipped
            continue
        found.append(TracedCall(held, args, kwargs, nums, tuple(getattr(info, "static_argnames", ()) or ()), avals))
    return found


def _entries() -> Iterator[tuple[Any, Any, Any, tuple]]:
    """(function, jit settings, argument signature, abstract values) per cached trace."""
    try:
        keys = pjit._infer_params_cached.cache_keys()
    except Exception:  # noqa: BLE001 - another JAX: no cache to read
        return
    for key in keys:
        try:
            held = key[0]() if callable(key[0]) else None
            parts = next(p for p in key[1:] if isinstance(p, tuple) and any(hasattr(q, "dynamic_arg_treedefs")
                                                                           for q in p))
        except (StopIteration, TypeError, IndexError):
            continue
        index = next(i for i, p in enumerate(parts) if hasattr(p, "dynamic_arg_treedefs"))
        avals = parts[index + 1] if index + 1 < len(parts) else None
        if held is not None and isinstance(avals, tuple):
            yield held, parts[index - 1] if index else None, parts[index], avals


def _call_from(signature: Any, avals: tuple, static_argnums: tuple[int, ...]) -> tuple[tuple, dict]:
    leaves = iter([jax.ShapeDtypeStruct(a.shape, a.dtype, weak_type=getattr(a, "weak_type", False)) for a in avals])
    dynamic = [tree.unflatten([next(leaves) for _ in range(tree.num_leaves)])
               for tree in signature.dynamic_arg_treedefs]
    by_name = list(signature.dynamic_arg_names)
    positional_dynamic = dynamic[: len(dynamic) - len(by_name)]
    kwargs = dict(zip(by_name, dynamic[len(positional_dynamic):]))
    statics = list(signature.static_args)
    static_names = list(signature.static_arg_names)
    positional_static = statics[: len(statics) - len(static_names)]
    kwargs.update(zip(static_names, statics[len(positional_static):]))
    total = len(positional_dynamic) + len(positional_static)
    held_static = sorted(i for i in static_argnums if 0 <= i < total)
    dynamic_iter, static_iter = iter(positional_dynamic), iter(positional_static)
    # for jax.jit(obj.method) the arguments are the bound method's: the caller puts the object first
    return tuple(next(static_iter) if i in held_static else next(dynamic_iter) for i in range(total)), kwargs
