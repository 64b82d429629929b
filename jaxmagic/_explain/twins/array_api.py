"""A library's array-API helper that hands JAX a form it cannot trace, written as JAX's own twin.

Libraries written for every array namespace (array-api-extra, which SciPy and
scikit-learn use) forward their helpers to ``jax.numpy`` as they would to NumPy:
``xpx.setdiff1d(a, b)`` calls ``jnp.setdiff1d`` without ``size=``, whose output
length is then the data's, and ``xpx.at(x, mask).set(v)`` indexes with a traced
boolean mask. JAX's own function takes ``size=`` (the output padded to it), and
a masked update keeps its shape as ``jnp.where(mask, v, x)``.
"""
from __future__ import annotations

import ast
import re

from ..._common.source import clone
from ..explanation import Fix
from ..fixes.site import Site, dotted_of, edit_fix, is_jnp

__all__ = ["forwarded_size_fix", "masked_at_fix"]

# JAX's set operations whose output length is data, as JAX's message names them when ``size=`` is missing
_ARISEN = re.compile(r"error arose in (?:jnp\.)?(setdiff1d|union1d|intersect1d|unique)\(\)")
_TWO_OPERANDS = {"setdiff1d", "union1d", "intersect1d"}
# a masked update, as ``x.at[mask].<method>(v)`` computes it with the mask kept
_UPDATES = {"set": "{v}", "add": "{x} + {v}", "subtract": "{x} - {v}", "multiply": "{x} * {v}",
            "divide": "{x} / {v}", "power": "{x} ** {v}", "min": "{jnp}.minimum({x}, {v})",
            "max": "{jnp}.maximum({x}, {v})"}


def forwarded_size_fix(site: Site) -> Fix | None:
    """``jnp.setdiff1d(a, b, size=a.size)`` for a library's ``setdiff1d(a, b)`` on the user's line that called
    JAX's without ``size=``; None when the line calls no such helper of a library's."""
    arisen = _ARISEN.search(site.message)
    if arisen is None or site.node is None:
        return None
    name = arisen[1]
    call = next((n for n in site.ancestors() if isinstance(n, ast.Call) and (dotted_of(n.func) or "").rsplit(
        ".", 1)[-1] == name), None)
    dotted = dotted_of(call.func) if call is not None else None
    operands = 2 if name in _TWO_OPERANDS else 1
    if dotted is None or is_jnp(dotted, site.names) or len(call.args) < operands or any(
            isinstance(a, ast.Starred) for a in call.args[:operands]):
        return None
    given = [clone(a) for a in call.args[:operands]]
    sizes = [ast.Attribute(clone(a), "size", ast.Load()) for a in given]
    bound = sizes[0] if name != "union1d" else ast.BinOp(sizes[0], ast.Add(), sizes[1])  # every element may stay
    twin = ast.Call(ast.Attribute(ast.Name(site.names.jnp or "jnp", ast.Load()), name, ast.Load()), given,
                    [ast.keyword("size", bound)])
    return edit_fix(
        "size-argument", call, twin,
        f"`{dotted}` hands the work to `jnp.{name}` without `size=`, and its output has as many elements as "
        f"the data keeps, a length not known while tracing; call `jnp.{name}` with `size=` (the output padded "
        f"with `fill_value` up to it)",
    )


def masked_at_fix(site: Site) -> Fix | None:
    """``jnp.where(mask, v, x)`` for a library's functional update ``at(x, mask).set(v)`` on the user's line, which
    indexes ``x`` with a traced boolean mask; None otherwise."""
    for node in site.ancestors():
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _UPDATES
                and len(node.args) == 1 and not node.keywords):
            continue
        inner = node.func.value
        dotted = dotted_of(inner.func) if isinstance(inner, ast.Call) else None
        if dotted is None or dotted.rsplit(".", 1)[-1] != "at" or len(inner.args) != 2 or inner.keywords or \
                is_jnp(dotted, site.names):
            continue
        x, mask = (ast.unparse(a) for a in inner.args)
        value = ast.unparse(node.args[0])
        jnp = site.names.jnp or "jnp"
        kept = _UPDATES[node.func.attr].format(x=f"({x})" if " " in x else x, v=f"({value})" if " " in value
                                               else value, jnp=jnp)
        twin = ast.parse(f"{jnp}.where({mask}, {kept}, {x})", mode="eval").body
        return edit_fix(
            "jnp.where", node, twin,
            f"`{dotted}(...).{node.func.attr}` updates the elements a boolean mask selects, and JAX cannot index "
            f"with a traced mask (the selection's length is the data's); `jnp.where` computes the update "
            f"everywhere and keeps it where the mask holds, so the shape never changes",
        )
    return None
