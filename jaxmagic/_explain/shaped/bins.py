"""``jnp.bincount`` under jit: its number of bins given with ``length=``.

Without ``length`` the output has one bin per value up to the largest one, so its length is the data's: JAX refuses
it while tracing and asks for ``length``. The number is the user's to know (the experts, the classes); this call's
own values give one that fits them, the largest plus one, read from the call's arguments without running code.
"""
from __future__ import annotations

import ast
import inspect
from typing import Any

import jax
import numpy as np

from ..._common.source import clone
from ..explanation import Fix
from ..fixes.site import Site, edit_fix, is_jnp
from ..recover import Impure, evaluate_pure, frame_of
from ..values.callee import resolved

__all__ = ["NONZERO_FUNCS", "bincount_length_fix", "counts_data"]

# functions whose output length is the count of nonzero (or unique) elements; ``size=`` fixes it
NONZERO_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique", "where", "extract", "bincount", "setdiff1d", "intersect1d"}


def counts_data(dotted: str, names: Any, globals_: dict | None) -> bool:
    """True for a function whose output length is a count of the data: ``jax.numpy``'s, or a library's of the same
    name that takes ``size=`` too (ivy's ``nonzero``, which calls JAX's)."""
    if dotted.rsplit(".", 1)[-1] not in NONZERO_FUNCS:
        return False
    if is_jnp(dotted, names):
        return True
    try:
        return "size" in inspect.signature(resolved(dotted, globals_ or {})).parameters
    except (TypeError, ValueError):  # no such function, or no signature to read
        return False


def bincount_length_fix(site: Site, node: ast.Call) -> Fix | None:
    """``jnp.bincount(x, length=N)``: N the largest of this call's values plus one (or ``minlength``, when larger),
    ``NUM_BINS`` where the values are not known here."""
    if not node.args or any(k.arg == "length" for k in node.keywords):
        return None
    try:  # the counted values, read on the call's own arguments
        value = evaluate_pure(node.args[0], frame_of(site.globals_, site.facts.values)) if site.facts else None
    except Impure:
        value = None
    known = value is not None and not isinstance(value, (jax.ShapeDtypeStruct, jax.core.Tracer)) and np.size(value)
    # read on the host: ``np.max`` of a ``jax.Array`` would compile a reduction for the backend
    length: ast.expr = ast.Constant(int(np.max(np.asarray(value))) + 1) if known else ast.Name("NUM_BINS", ast.Load())
    least = next((k.value for k in node.keywords if k.arg == "minlength"), None)
    if known and isinstance(least, ast.Constant) and isinstance(least.value, int):
        length = ast.Constant(max(least.value, length.value))
    new = clone(node)
    new.keywords = [k for k in new.keywords if k.arg != "minlength"] + [ast.keyword("length", length)]
    fix = edit_fix(
        "size-argument", node, new,
        "`bincount` makes one bin per value up to the largest, so its length is the data's; `length=` fixes the "
        "number of bins (values past it are dropped)" + (" — this call's largest value plus one shown; use the "
                                                          "count you know, such as the number of experts" if known else ""),
    )
    if fix is not None and not known:  # a placeholder, untried: a try would only meet its NameError
        fix.recipe, fix.template = None, True
    return fix
