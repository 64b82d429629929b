"""A Python sum over a traced number of leading elements, made one masked array sum.

``sum(positions[i] for i in range(n_real))`` with ``n_real = jnp.sum(Z > 0)`` (the real atoms of a padded
system, apax's) needs the count as a Python int. Summing every element with the ones past the count masked to
zero computes the same with the count traced and every shape fixed::

    jnp.sum(jnp.where(jnp.arange(positions.shape[0])[:, None] < n_real, positions, 0), axis=0)

The mask gets one axis per trailing axis of the array, read from the failing frame's value.

An index array of traced length, summed (``hours = jnp.arange(span.days * 24)``, then
``jnp.sum(f(hours))``, under ``jax.vmap`` over spans of different lengths) takes a fixed length, the largest the
call's batch gives, and its sum is masked past the length: the same sums, every shape fixed.

The same sum written as a loop that accumulates (``for i in range(n_real): total = total + (pred[i] - y[i]) ** 2``,
a loss over the real rows of a padded batch) is made one statement: the summand computed on the whole arrays,
masked past the count, summed once (``lax.fori_loop`` with a traced count cannot be differentiated in reverse).
"""
from __future__ import annotations

import ast


import numpy as np

from ..._common.source import text_of
from ..explanation import Fix
from ..fixes.rewrites import Edit
from ..fixes.site import Site, dotted_of, edit_fix, is_jnp
from ..recover import Impure, evaluate_pure, frame_of
from ..shaped.masked import unselected

__all__ = ["masked_arange_fix", "masked_sum_fix"]


def masked_sum_fix(site: Site) -> Fix | None:
    """``sum(x[i] for i in range(n))`` on the failing line as a masked ``jnp.sum``; else None."""
    if site.kind != "integer-conversion" or site.node is None:
        return None
    for node in site.ancestors():
        looped = _loop_sum(node, site.locals_ or {})
        if looped is not None:
            total, summand, count, array = looped
            jnp = site.names.jnp
            masked = ast.parse(f"{total} = {total} + {jnp}.sum({jnp}.where({jnp}.arange({array}.shape[0]) < "
                               f"{text_of(count)}, {ast.unparse(summand)}, 0), axis=0)").body[0]
            return edit_fix("jnp.where", node, masked,
                            f"`range()` needs a Python int; the summand computed on the whole arrays, the rows past "
                            f"the first `{text_of(count)}` masked to zero, and summed once gives the same total with "
                            "the count traced and the shapes fixed")
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


def masked_arange_fix(site: Site) -> Fix | None:
    """``name = jnp.arange(n)`` on the failing line, ``n`` traced and ``name`` read only inside ``jnp.sum`` calls:
    the index array made as long as the largest ``n`` of the call's batch, each sum masked past ``n``; else None."""
    made = next((n for n in site.ancestors() if isinstance(n, ast.Call) and len(n.args) == 1 and not n.keywords
                 and (dotted_of(n.func) or "").endswith(".arange") and is_jnp(dotted_of(n.func) or "", site.names)),
                None)
    assigned = site.parent(made) if made is not None else None
    if site.kind != "traced-shape" or not (isinstance(assigned, ast.Assign) and len(assigned.targets) == 1 and
                                           isinstance(assigned.targets[0], ast.Name)) or site.definition is None:
        return None
    name, jnp = assigned.targets[0].id, site.names.jnp
    sums = [n for n in ast.walk(site.definition) if isinstance(n, ast.Call) and len(n.args) == 1 and not n.keywords
            and dotted_of(n.func) == f"{jnp}.sum" and n.lineno > assigned.lineno]
    reads = [n for n in ast.walk(site.definition) if isinstance(n, ast.Name) and n.id == name
             and isinstance(n.ctx, ast.Load)]
    if not sums or sum(1 for s in sums for n in ast.walk(s) if isinstance(n, ast.Name) and n.id == name) != len(reads):
        return None  # read outside a sum (a mean, a shape): the masked positions would show
    longest = _largest(made.args[0], site)
    if longest is None:
        return None
    size = text_of(made.args[0])
    also = [(s, ast.parse(f"{jnp}.sum({jnp}.where({name} < {size}, {text_of(s.args[0])}, 0.0))", mode="eval").body)
            for s in sums]
    recipe = Edit(assigned, ast.parse(f"{name} = {jnp}.arange({longest})").body[0], also=also)
    return Fix("jnp.where", recipe.code(),
               f"`{name}` would have a traced length, `{text_of(made.args[0])}`; make it as long as the largest the "
               f"call's batch gives ({longest}) and mask its sum past the length: the same sums, every shape fixed",
               recipe=recipe, warning=f"{longest} is the largest length in this batch: a longer one needs a larger "
                                      "fixed length")


def _largest(size: ast.expr, site: Site) -> int | None:
    """The largest value of ``size`` over the arrays the user's call was given (a vmapped function's batch)."""
    given = site.facts.values if site.facts is not None else {}
    try:
        value = evaluate_pure(size, frame_of(site.globals_, given))
        largest = np.max(np.asarray(value))
    except (Impure, TypeError, ValueError):
        return None
    return int(largest) if np.issubdtype(np.asarray(largest).dtype, np.integer) and largest > 0 else None


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


def _loop_sum(node: ast.AST, held: dict) -> tuple[str, ast.expr, ast.expr, str] | None:
    """(the accumulator, the summand read on whole arrays, the count, an array it indexes) of ``for i in
    range(count): total = total + f(x[i], y[i])`` (or ``+=``), where every use of ``i`` indexes a one-dimensional
    array of the frame by it; else None."""
    if not (isinstance(node, ast.For) and not node.orelse and isinstance(node.target, ast.Name)
            and len(node.body) == 1 and isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name)
            and node.iter.func.id == "range" and len(node.iter.args) == 1 and not node.iter.keywords):
        return None
    statement, index = node.body[0], node.target.id
    if isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add) and \
            isinstance(statement.target, ast.Name):
        total, summand = statement.target.id, statement.value
    elif isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0],
            ast.Name) and isinstance(statement.value, ast.BinOp) and isinstance(statement.value.op, ast.Add) and \
            isinstance(statement.value.left, ast.Name) and statement.value.left.id == statement.targets[0].id:
        total, summand = statement.targets[0].id, statement.value.right
    else:
        return None
    picked = [n for n in ast.walk(summand) if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name)
              and isinstance(n.slice, ast.Name) and n.slice.id == index]
    uses = [n for n in ast.walk(summand) if isinstance(n, ast.Name) and n.id in (index, total)]
    if not picked or len(uses) != len(picked) or any(getattr(held.get(p.value.id), "ndim", None) != 1
                                                     for p in picked):
        return None  # ``i`` used otherwise (``i * dt``), the total read in the summand, or arrays of other ranks
    return total, unselected(summand, picked[0], picked[0].value), node.iter.args[0], picked[0].value.id
