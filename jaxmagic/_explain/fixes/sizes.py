"""Fixes for outputs whose length is data: ``size=`` and ``total_repeat_length=``.

``jnp.nonzero``, ``jnp.extract``, ``jnp.unique`` return as many elements as
the data selects, and ``jnp.repeat`` as many as its counts sum to; under jit
every length must be known when tracing, so these functions take the
length as an argument (the output padded up to it).
"""
from __future__ import annotations

import ast

import jax

from ..._common.source import clone
from ..explanation import Fix
from .site import Site, edit_fix

__all__ = ["NONZERO_FUNCS", "size_fix", "repeat_length_fix"]

# functions whose output length is the count of nonzero (or unique) elements; ``size=`` fixes it
NONZERO_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique", "where", "extract"}


def size_fix(site: Site, node: ast.Call, dotted: str) -> Fix | None:
    """``size=`` for a function whose output length is data (``jnp.nonzero``, ``jnp.extract``)."""
    fn = dotted.rsplit(".", 1)[-1]
    if fn == "where" and len(node.args) != 1:
        return None
    if any(k.arg == "size" for k in node.keywords) or not node.args:
        return None
    bound = _size_bound(node.args[-1] if fn == "extract" else node.args[0])
    new = clone(node)
    new.keywords.append(ast.keyword("size", bound))
    return edit_fix(
        "size-argument", node, new,
        f"`{fn}` returns as many elements as the data holds, so its output shape depends on values; "
        f"`size=` fixes the output length (padding with `fill_value`)",
    )


def _size_bound(array: ast.expr) -> ast.expr:
    # the largest possible result: every element of the input
    return ast.Attribute(clone(array), "size", ast.Load())


def repeat_length_fix(site: Site, node: ast.Call) -> Fix | None:
    """``jnp.repeat(x, counts)`` with traced counts: fix the output length."""
    if any(k.arg == "total_repeat_length" for k in node.keywords) or len(node.args) < 2:
        return None
    counts = node.args[1]
    total: ast.expr = ast.Name("MAX_TOTAL", ast.Load())
    facts = site.facts
    if isinstance(counts, ast.Name) and facts is not None and counts.id in facts.values:
        value = facts.values[counts.id]
        if hasattr(value, "sum") and not isinstance(value, jax.ShapeDtypeStruct):
            total = ast.Constant(int(value.sum()))
    new = clone(node)
    new.keywords.append(ast.keyword("total_repeat_length", total))
    fix = edit_fix(
        "size-argument", node, new,
        "the output length of `repeat` is the sum of the counts, a traced value; `total_repeat_length=` "
        "fixes it (the largest total you expect; this call's total shown)",
    )
    if fix is not None and isinstance(total, ast.Name):
        fix.recipe, fix.template = None, True
    return fix
