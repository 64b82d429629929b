"""Tries traced as the failing call was differentiated: under reverse mode when ``jax.grad`` called its jit.

A jitted function that ``jax.grad`` (or ``value_and_grad``, ``vjp``,
``jacrev``) calls is traced first and transposed after. A fix can trace and
still fail there: a ``lax.fori_loop`` whose trip count is traced becomes a
``while_loop``, which reverse mode refuses. While an explanation of such a
failure tries its fixes, every probe (a copy of the user's function, or the
failing trace run again) is traced inside ``jax.grad`` with respect to the
call's floating-point arrays, so that a fix is verified as the user runs it.
"""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ..._common.frames import quiet_leaves
from ..._tracking.compiling.jax_frames import differentiated_by

__all__ = ["differentiated", "passes_arguments", "reverse_mode_of", "trace_probe"]

_state = threading.local()  # ``by``: the transformation this thread's probes are differentiated by


def reverse_mode_of(call: Any, held: list) -> str | None:
    """The reverse-mode transformation (``jax.grad``) that called the jitted ``call`` (the innermost on the failing
    stack; ``held``: the traceback's frames); None when none did, or there is no such call."""
    return differentiated_by(call, held) if call is not None else None


@contextlib.contextmanager
def differentiated(by: str | None) -> Iterator[None]:
    """Inside, this thread's probes are traced under reverse mode (``by``: what the user's call was
    differentiated by); with None, as they are."""
    before = getattr(_state, "by", None)
    _state.by = by
    try:
        yield
    finally:
        _state.by = before


def passes_arguments(rebuilt_stack: bool = False) -> bool:
    """True when :func:`trace_probe` hands its arguments to the jit as they are (no reverse mode, whose probe closes
    over what is not an array)."""
    return getattr(_state, "by", None) is None or rebuilt_stack


def trace_probe(jitted: Any, args: tuple, kwargs: dict, rebuilt_stack: bool = False) -> Any:
    """Trace ``jitted`` abstractly with ``args`` and ``kwargs`` (no backend compile), under ``jax.grad`` with
    respect to their floating-point arrays while :func:`differentiated` says so; ``rebuilt_stack``: the probe is
    the user's own stack of transformations, which differentiates already."""
    if getattr(_state, "by", None) is None or rebuilt_stack:
        return (jitted.trace if hasattr(jitted, "trace") else jitted.lower)(*args, **kwargs)
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
    arrays = [i for i, leaf in enumerate(leaves) if _array(leaf)]
    wrt = [i for i in arrays if jnp.issubdtype(leaves[i].dtype, jnp.inexact)]
    rest = [i for i in arrays if i not in wrt]
    if not wrt:  # nothing reverse mode would differentiate
        return (jitted.trace if hasattr(jitted, "trace") else jitted.lower)(*args, **kwargs)

    def summed(differentiable: list, others: list) -> Any:
        filled = list(leaves)
        for i, value in [*zip(wrt, differentiable), *zip(rest, others)]:
            filled[i] = value
        given_args, given_kwargs = jax.tree_util.tree_unflatten(tree, filled)
        out = jitted(*given_args, **given_kwargs)
        inexact = [jnp.real(o).astype(jnp.float32).sum() for o in quiet_leaves(out)
                   if _array(o) and jnp.issubdtype(o.dtype, jnp.inexact)]
        return sum(inexact, jnp.zeros((), jnp.float32))

    return jax.jit(jax.grad(summed)).trace([leaves[i] for i in wrt], [leaves[i] for i in rest])


def _array(value: Any) -> bool:
    return isinstance(value, (jax.Array, np.ndarray, jax.ShapeDtypeStruct, jax.core.Tracer))
