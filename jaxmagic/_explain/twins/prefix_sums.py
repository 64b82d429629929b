"""A Python sum over a traced number of leading elements, made one masked array sum.

``sum(positions[i] for i in range(n_real))`` with ``n_real = jnp.sum(Z > 0)`` (the real atoms of a padded
system, apax's) needs the count as a Python int. Summing every element with the ones past the count masked to
zero computes the same with the count traced and every shape fixed::

    jnp.sum(jnp.where(jnp.arange(positions.shape[0])[:, None] < n_real, positions, 0), axis=0)

The mask gets one axis per trailing axis of the array, read from the failing frame's value.
"""
from __future__ import annotations

import ast

from ..._common.source import text_of
from ..explanation import Fix
from ..fixes.site import Site, edit_fix

__all__ = ["masked_sum_fix"]


def masked_sum_fix(site: Site) -> Fix | None:
    """``sum(x[i] for i in range(n))`` on the failing line as a masked ``jnp.sum``; else None."""
    if site.kind != "integer-conversion" or site.node is None:
        return None
    for node in site.ancestors():
        found = _prefix_sum(node)
        if found is None:
            continue
        array, count = found
        value = (site.locals_ or {}).get(array)
        ndim = getattr(value, "ndim", None)
        if not isinstance(ndim, int) or ndim < 1:
            return None
        jnp = site.names.jnp
        mask = f"{jnp}.arange({array}.shape[0])" + ("" if ndim == 1 else "[:, " + ", ".join(["None"] * (ndim - 1)) + "]")
        masked = ast.parse(f"{jnp}.sum({jnp}.where({mask} < {text_of(count)}, {array}, 0), axis=0)",
                           mode="eval").body
        return edit_fix("jnp.where", node, masked,
                        f"`range()` needs a Python int; every element of `{array}` summed, those past the first "
                        f"`{text_of(count)}` masked to zero, gives the same sum with the count traced and the "
                        "shapes fixed")
    return None


def _prefix_sum(node: ast.AST) -> tuple[str, ast.expr] | None:
    """(the array, the count) of ``sum(x[i] for i in range(count))``; else None."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum"
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)):
        return None
    generated = node.args[0]
    loop = generated.generators[0] if len(generated.generators) == 1 else None
    if loop is None or loop.ifs or loop.is_async or not isinstance(loop.target, ast.Name):
        return None
    ranged, element = loop.iter, generated.elt
    if not (isinstance(ranged, ast.Call) and isinstance(ranged.func, ast.Name) and ranged.func.id == "range"
            and len(ranged.args) == 1 and not ranged.keywords):
        return None
    if not (isinstance(element, ast.Subscript) and isinstance(element.value, ast.Name)
            and isinstance(element.slice, ast.Name) and element.slice.id == loop.target.id):
        return None
    return element.value.id, ranged.args[0]
