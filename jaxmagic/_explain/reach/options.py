"""The static decision where it is made: a transformation's own option, not a ``jax.jit`` around it.

``jax.pmap`` traces every argument, ``None`` in ``in_axes`` included; what it
must see as a Python value goes in ``static_broadcasted_argnums``. ``jax.vmap``
traces only what it maps: an argument given ``None`` in ``in_axes`` stays the
Python value it was. A fix for a traced size under either is that option, in
the user's own expression (``jax.pmap(crop, in_axes=(0, 0, None))``), tried by
evaluating the rewritten expression and tracing it abstractly (``pmap``'s
``.lower``, ``jax.make_jaxpr`` for ``vmap``): no backend compile, and JAX's
caches keyed privately.
"""
from __future__ import annotations

import ast
import inspect
from typing import Any

import jax
import numpy as np

from ..._common.frames import quiet_leaves
from ..._common.errors import is_jax_file
from ..explanation import Fix
from ..retrace.budget import OutOfTime
from ..fixes.site import dotted_of
from ..verify import first_line
from .sweep import python_loop_fix, quiet_probe

__all__ = ["transform_option_fix"]

# kinds a value known when tracing would avoid
_STATIC_KINDS = {"traced-shape", "bool-conversion", "concretization", "integer-conversion"}


def transform_option_fix(kind: str, argument: str | None, transformed: tuple[str | None, str] | None,
                         given: tuple[Any, tuple, dict] | None, globals_: dict | None, user: list | None = None,
                         names: Any = None, setting: bool = False) -> Fix | None:
    """The option of the user's ``pmap``/``vmap`` that keeps ``argument`` a Python value, tried; or, for a
    ``vmap`` over values that differ, the sweep as a Python loop (:mod:`.sweep`); or None. ``setting``: library
    code refused the value (its own ``if`` on it), so it is a setting, swept even when it is a float."""
    if kind not in _STATIC_KINDS and not (kind == "array-conversion" and setting) or argument is None or \
            transformed is None or given is None:
        return None  # (NumPy in a library's own code on the value, flaxdiff's schedule: a setting it needs)
    called = getattr(getattr(given[0], "__code__", None), "co_filename", "")
    if hasattr(given[0], "_jit_info") or not is_jax_file(called):
        return None  # the user called their own jit (or function), not the transformation itself
    bound, text = transformed
    try:
        expression = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(expression, ast.Call) or not expression.args or not isinstance(expression.args[0], ast.Name):
        return None
    which = (dotted_of(expression.func) or "").rsplit(".", 1)[-1]
    if which not in ("pmap", "vmap"):
        return None
    fn = (globals_ or {}).get(expression.args[0].id)
    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return None
    if argument not in params:
        return None
    index = params.index(argument)
    passed = given[1][index] if index < len(given[1]) else None
    if not isinstance(passed, (jax.Array, np.ndarray)) and any(
            isinstance(leaf, (jax.Array, np.ndarray)) for leaf in quiet_leaves(passed)):
        return None  # a pytree holding arrays (a GraphsTuple) cannot be one Python value
    fixed = _with_option(expression, which, index, len(params))
    code = ast.unparse(fixed)
    code = f"{bound} = {code}" if bound else code
    if which == "pmap":
        summary = (f"`jax.pmap` traces every argument, even one broadcast with `None` in `in_axes`; "
                   f"`static_broadcasted_argnums` gives it `{argument}` as a Python value (one compile per value)")
    else:
        summary = (f"`jax.vmap` traces only what it maps: with `None` for `{argument}` in `in_axes`, pass one Python "
                   f"value for every example and it stays a Python value")
    fix = Fix("static", code, summary)
    fix.verified, fix.outcome = _try(fixed, which, index, given, globals_ or {})
    if which == "vmap" and fix.outcome in (_KEYS, _VALUES) and user:  # no one value: a loop over them
        looped = python_loop_fix(argument, given, user, globals_ or {}, getattr(names, "jax", "jax"),
                                 getattr(names, "jnp", "jnp"),
                                 setting=setting or kind in ("traced-shape", "concretization"))
        if looped is not None:
            return looped
    return None if fix.outcome == _KEYS else fix  # a key per example is what vmap is for: no static option


_KEYS = "the value given is an array of random keys, one per example"
_VALUES = "the value given is an array; the fix needs one Python value"


def _with_option(expression: ast.Call, which: str, index: int, count: int) -> ast.Call:
    fixed = ast.Call(expression.func, list(expression.args), [k for k in expression.keywords])
    if which == "pmap":
        held = [k for k in fixed.keywords if k.arg == "static_broadcasted_argnums"]
        existing: list[int] = []
        if held:
            try:
                value = ast.literal_eval(held[0].value)
                existing = list(value) if isinstance(value, (tuple, list)) else [int(value)]
            except (ValueError, TypeError):
                existing = []
        positions = tuple(sorted({*existing, index}))
        fixed.keywords = [k for k in fixed.keywords if k.arg != "static_broadcasted_argnums"]
        fixed.keywords.append(ast.keyword("static_broadcasted_argnums", ast.parse(repr(positions), mode="eval").body))
        return fixed
    axes = [k for k in fixed.keywords if k.arg == "in_axes"]
    node = axes[0].value if axes else (fixed.args[1] if len(fixed.args) > 1 else None)
    try:
        current = ast.literal_eval(node) if node is not None else 0
    except ValueError:
        current = 0
    values = list(current) if isinstance(current, (tuple, list)) else [current] * count
    values += [0] * (count - len(values))
    values[index] = None
    new = ast.parse(repr(tuple(values)), mode="eval").body
    if axes:
        axes[0].value = new
    elif len(fixed.args) > 1:
        fixed.args[1] = new
    else:
        fixed.keywords.append(ast.keyword("in_axes", new))
    return fixed


def _try(fixed: ast.Call, which: str, index: int, given: tuple[Any, tuple, dict], globals_: dict
         ) -> tuple[bool | None, str | None]:
    _, args, kwargs = given
    if index >= len(args):
        return None, "the value was passed by keyword"
    value = args[index]
    if isinstance(value, (jax.Array, np.ndarray)):
        if jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key):
            return None, _KEYS
        if which == "pmap" or np.unique(np.asarray(value)).size != 1:
            return None, _VALUES
        value = np.asarray(value).ravel()[0].item()  # vmap: the same value for every example
    args = (*args[:index], value, *args[index + 1:])
    try:
        with quiet_probe() as private:
            if not private:
                return None, "this JAX cannot keep the probe out of its caches"
            transformed = eval(compile(ast.Expression(ast.fix_missing_locations(fixed)), "<jaxmagic>", "eval"),
                               dict(globals_))
            if which == "pmap":
                transformed.lower(*args, **kwargs)
            else:
                jax.make_jaxpr(transformed, static_argnums=(index,))(*args, **kwargs)
    except OutOfTime as spent:
        return None, str(spent)
    except Exception as exc:  # noqa: BLE001 - the fix's outcome, whatever it is
        return False, f"still fails: {type(exc).__name__}: {first_line(exc)}"
    return True, f"traced (the rewritten `{which}` traced again)"
