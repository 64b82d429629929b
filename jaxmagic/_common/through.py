"""The user's stack of transformations, rebuilt around an edited copy of the function at its bottom.

A failing call is often not the plain function: ``jax.jit(jax.jacrev(f))``,
``jax.vmap(f)``, ``jax.checkpoint(f)``, ``jax.custom_jvp(f)``. A fix is made
to ``f``; to verify it the copy must run through the same stack, with the
same options (``argnums``, ``in_axes``, ``static_argnums``). JAX's
transformations are closures over the function they wrap, so the stack is
rebuilt by copying each closure with the one cell that holds ``f`` replaced;
jit objects are jitted again with their own static settings, partials and
bound methods rebuilt around their copy, custom derivative objects copied.
"""
from __future__ import annotations

import copy
import functools
import inspect
import types
from typing import Any

import jax

from .files import installed_package

__all__ = ["rewrap", "has_transformations", "outer_jit", "checking_transform", "checking_wrapper", "unchecked", "dispatching"]

_DEPTH = 12


def rewrap(outer: Any, old: Any, new: Any, _depth: int = 0, statics: tuple[tuple, tuple] | None = None) -> Any | None:
    """``outer`` with every path to ``old`` rebuilt around ``new``; None when ``old`` is not inside.

    ``statics`` (static_argnums, static_argnames) are added to the jit that holds ``old`` itself
    (``chex.chexify(jax.jit(f))``: a static argument being tried goes on the user's own jit).
    """
    if outer is old:
        return new
    if _depth > _DEPTH:
        return None
    depth = _depth + 1
    if isinstance(outer, functools.partial):
        inner = rewrap(outer.func, old, new, depth, statics)
        return None if inner is None else functools.partial(inner, *outer.args, **outer.keywords)
    if isinstance(outer, types.MethodType):
        inner = rewrap(outer.__func__, old, new, depth, statics)
        return None if inner is None else types.MethodType(inner, outer.__self__)
    info = getattr(outer, "_jit_info", None)
    if info is not None and hasattr(outer, "_fun"):
        inner = rewrap(outer._fun, old, new, depth, statics)
        if inner is None:
            return None
        nums, names = tuple(info.static_argnums or ()), tuple(info.static_argnames or ())
        if statics is not None and outer._fun is old:
            nums = tuple(sorted({*nums, *statics[0]}))
            names = tuple(dict.fromkeys([*names, *statics[1]]))
        return jax.jit(inner, static_argnums=nums or None, static_argnames=names or None)
    if isinstance(outer, types.FunctionType):
        return _rewrap_closure(outer, old, new, depth, statics)
    fun = getattr(outer, "fun", None)  # jax.custom_jvp / jax.custom_vjp objects hold the primal function
    if fun is not None and callable(fun):
        inner = rewrap(fun, old, new, depth, statics)
        if inner is None:
            return None
        made = copy.copy(outer)
        made.fun = inner
        if "__wrapped__" in vars(made):
            made.__wrapped__ = inner
        return made
    return None


def _rewrap_closure(outer: types.FunctionType, old: Any, new: Any, depth: int,
                    statics: tuple[tuple, tuple] | None = None) -> types.FunctionType | None:
    if not outer.__closure__:
        return None
    cells = list(outer.__closure__)
    changed = False
    for index, cell in enumerate(cells):
        try:
            held = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if not callable(held):
            continue
        inner = rewrap(held, old, new, depth, statics)
        if inner is not None:
            cells[index] = types.CellType(inner)
            changed = True
    if not changed:
        return None
    made = types.FunctionType(outer.__code__, outer.__globals__, outer.__name__, outer.__defaults__, tuple(cells))
    made.__kwdefaults__ = copy.copy(outer.__kwdefaults__)
    made.__dict__.update(outer.__dict__)
    if "__wrapped__" in outer.__dict__:
        wrapped = rewrap(outer.__wrapped__, old, new, depth, statics)
        made.__wrapped__ = wrapped if wrapped is not None else outer.__wrapped__
    return made


def has_transformations(outer: Any, plain: Any) -> bool:
    """True when a JAX transformation (or another closure) stands between ``outer`` and ``plain``."""
    probe = object()
    seen = outer
    for _ in range(_DEPTH):
        if isinstance(seen, functools.partial):
            seen = seen.func
        elif isinstance(seen, types.MethodType):
            seen = seen.__func__
        elif hasattr(seen, "_jit_info") and hasattr(seen, "_fun"):
            seen = seen._fun
        else:
            break
    if seen is plain:
        return False
    return rewrap(outer, plain, probe) is not None


def outer_jit(outer: Any) -> Any | None:
    """The jit object the user called, when the outermost layer is one (through partials, and through a library's
    wrapper that only checks: ``chex.chexify(jax.jit(f))``)."""
    while isinstance(outer, functools.partial):
        outer = outer.func
    outer = unchecked(outer)
    return outer if getattr(outer, "_jit_info", None) is not None and hasattr(outer, "_fun") else None


def unchecked(fn: Any) -> Any:
    """``fn`` without the checking wrappers around it (``chex.chexify(jax.jit(f))``: the jit)."""
    for _ in range(4):
        if not checking_wrapper(fn):
            break
        fn = fn.__wrapped__
    return fn


# library wrappers that only check what the function they wrap computes, and run it as it is: a trace of the
# function inside is the trace the wrapper makes (its checks run there, given the wrapper's context:
# ``_explain/retrace/contexts.py``)
_CHECKING_WRAPPERS = {("chex", "_chexified_fn")}
_CHECKING_TRANSFORMS = {("chex", "chexify")}  # what makes them


def checking_transform(fn: Any) -> bool:
    """True for the library function that makes such a wrapper (``chex.chexify`` itself)."""
    code = getattr(fn, "__code__", None)
    return code is not None and (installed_package(code.co_filename), code.co_name) in _CHECKING_TRANSFORMS


def checking_wrapper(fn: Any) -> bool:
    """True for a library's wrapper that only checks the function it wraps (``chex.chexify``'s)."""
    code = getattr(fn, "__code__", None)  # (``functools.wraps`` gives the wrapper the wrapped one's module)
    return code is not None and hasattr(fn, "__wrapped__") and \
        (installed_package(code.co_filename), code.co_name) in _CHECKING_WRAPPERS


def dispatching(dispatcher: Any) -> types.FunctionType:
    """A plain function that calls the multiple-dispatch function ``dispatcher`` (plum's, coordinax's
    ``vconvert``), with the signature of the stub it was declared by: jitted or copied, it still dispatches."""
    def dispatched(*args: Any, **kwargs: Any) -> Any:
        return dispatcher(*args, **kwargs)

    stub = getattr(dispatcher, "__wrapped__", None)
    dispatched.__name__ = dispatched.__qualname__ = getattr(stub, "__name__", "dispatched")
    try:  # its parameters by position only: a copy of it takes ``*args``, which JAX makes static by position
        declared = inspect.signature(stub)
        dispatched.__signature__ = declared.replace(parameters=[  # type: ignore[attr-defined]
            p.replace(kind=p.POSITIONAL_ONLY) if p.kind is p.POSITIONAL_OR_KEYWORD else p
            for p in declared.parameters.values()])
    except (TypeError, ValueError):
        pass
    return dispatched
