"""Fixes for shapes that depend on traced values: masks, sizes, slices (``boolean-index``, ``traced-shape``)."""
from __future__ import annotations

import ast
from typing import Any

import jax
import numpy as np

from ..._common.source import clone, text_of
from ..declare.fields import declared_data_fix
from ..explanation import Fix
from ..shaped.constants import jnp_assignment, jnp_on_shapes, numpy_for_shapes
from ..shaped.masked import (at_target, masked_slice_update_fix, masked_update_fix, unselected, updated_window_fix,
                             zeros_last_when_handed)
from .rewrites import attr, call
from ..call import root_of
from ..declare.leaf import at_path
from .site import Site, dotted_of, edit_fix, is_jnp, leaf_static_fix, static_fix, with_static
from .sizes import (array_namespace, counts_data, broadcast_mask, inner_jit_fix, jit_call_fix, masked_slice_fix, masked_window_fix,
                    repeat_length_fix, same_mask_siblings, selection_fixes, size_fix, together)

__all__ = ["mask_fixes", "shape_fixes", "numpy_for_shapes", "jnp_assignment", "SHAPE_FUNCS"]

SHAPE_FUNCS = {
    "zeros", "ones", "empty", "full", "arange", "linspace", "eye", "identity", "tile", "repeat",
    "broadcast_to", "reshape", "tri", "tril", "triu", "split", "array_split", "resize", "pad",
    # jax.random samplers take a shape too
    "normal", "uniform", "randint", "bernoulli", "choice", "poisson", "permutation", "categorical",
    "truncated_normal", "gamma", "beta", "exponential", "gumbel", "laplace", "logistic", "cauchy",
}


# --- boolean masks ----------------------------------------------------------------


def mask_fixes(site: Site) -> list[Fix]:
    names = site.names
    subscript = next((n for n in site.ancestors() if isinstance(n, ast.Subscript) and not isinstance(
        n.slice, ast.Constant)), None)  # (``paths["path"]`` is no mask: the one met is inside the library)
    if subscript is None and site.node is not None:  # ``x.at[mask].multiply(p["a"])``: the update's, not a key's
        subscript = at_target(site.node) or next((n for n in ast.walk(site.node) if isinstance(
            n, ast.Subscript) and not isinstance(n.slice, ast.Constant)), None)
    if subscript is None:
        return []
    fixes: list[Fix] = []
    updated = masked_update_fix(site, subscript)
    if updated is not None:
        return [f for f in [updated] if f is not None]
    selected = _mask_beside_integers(subscript) or subscript
    array, mask = selected.value, selected.slice
    after = _mask_after_slices(subscript, site)  # u[:, fluid]: the mask over the axes after the full slices
    if after is not None:
        mask = after[0]
    reduced = _find_reduction(site, subscript)
    if reduced is not None:
        reduction, outer, inner = reduced
        wide = clone(mask) if after is not None else broadcast_mask(site, mask, array)  # a row mask: mask[:, None]
        kept = clone(array) if inner is subscript else unselected(inner, subscript, array)  # every element's
        own = array_namespace(site, dotted_of(outer.func) or "")  # qnp.mean(r[m]): quaxed's where for a quantity
        ident = _identity(reduction)  # a library's arrays (quantities) filled with its own zeros, units kept
        fill = call(f"{own}.{'zeros_like' if ident == 0 else 'ones_like'}", clone(kept)) if own and ident in (0, 1) \
            else ast.Constant(ident)
        masked = call(f"{own}.where" if own else names.where, wide, kept, fill)  # (eagerpy's ep.where)
        method = isinstance(outer.func, ast.Attribute) and outer.func.value is inner
        args = clone(outer.args) if method else clone(outer.args[1:])
        keywords = clone(outer.keywords)
        if after is not None:  # the selection's one axis is the mask's axes in the masked array
            args, keywords = _mask_axes(args, keywords, *after[1:])
        if reduction == "mean":
            # the mean of the selected elements: their sum over how many were selected (the namespace's own sum)
            total = ast.Call(attr(f"{own}.sum"), [masked, *args], keywords) if own else \
                ast.Call(ast.Attribute(masked, "sum", ast.Load()), args, keywords)
            new: ast.expr = ast.BinOp(total, ast.Div(), ast.Call(ast.Attribute(clone(mask), "sum", ast.Load()), [], []))
        elif method:
            new = ast.Call(ast.Attribute(masked, reduction, ast.Load()), args, keywords)
        else:
            new = clone(outer)
            new.args[0] = masked
        fixes.append(edit_fix(
            "jnp.where", outer, new,
            "selecting elements gives a result whose size depends on values; keep the shape and "
            f"neutralise the unselected elements with `jnp.where` before the {reduction}",
        ))
    else:
        fixes += selection_fixes(site, selected)
        siblings = same_mask_siblings(site, subscript)  # `t_in, y_in = t[inside], y[inside]`: together (zeroed weights beside)
        fixes = together(site, subscript, siblings, fixes) if siblings else zeros_last_when_handed(site, subscript, selected, fixes)
    return [f for f in fixes if f is not None]


def _mask_beside_integers(subscript: ast.Subscript) -> ast.Subscript | None:
    """``marg[states == 1, 1]`` as ``marg[:, 1][states == 1]``, ``x[m, :2]`` as ``x[:, :2][m]`` (at the same place):
    the mask alone selects from what the integers and slices after it leave, whose first axis is the mask's."""
    index = subscript.slice
    if not isinstance(index, ast.Tuple):
        return None
    whole = [isinstance(e, ast.Constant) and type(e.value) is int for e in index.elts]
    sliced = [isinstance(e, ast.Slice) for e in index.elts]
    masks = [i for i, (w, c) in enumerate(zip(whole, sliced)) if not (w or c)]
    if len(masks) != 1 or len(index.elts) < 2 or any(sliced[:masks[0]]):
        return None  # (a slice before the mask would move its axis)
    at = masks[0]
    rest = [ast.Slice() if i == at else clone(e) for i, e in enumerate(index.elts)]
    picked = ast.Subscript(clone(subscript.value), ast.Tuple(rest, ast.Load()), ast.Load())
    return ast.copy_location(ast.Subscript(picked, clone(index.elts[at]), ast.Load()), subscript)


def _mask_after_slices(subscript: ast.Subscript, site: Site) -> tuple[ast.expr, int, int] | None:
    """``u[:, fluid]`` (full slices, then one mask, last): the mask, the axes before it, its number of axes (1 unknown)."""
    index = subscript.slice
    if not isinstance(index, ast.Tuple) or len(index.elts) < 2:
        return None
    *before, last = index.elts
    if not all(isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None for e in before) \
            or isinstance(last, (ast.Slice, ast.Constant, ast.Starred)):
        return None
    held = (site.locals_ or {}).get(last.id) if isinstance(last, ast.Name) else None
    return last, len(before), int(getattr(held, "ndim", 1) or 1)


def _mask_axes(args: list, keywords: list, before: int, ndim: int) -> tuple[list, list]:
    """A reduction's ``axis`` over the selection's axis ``before``, as the mask's own axes of the whole array."""
    axes = ast.Tuple([ast.Constant(before + i) for i in range(ndim)], ast.Load()) if ndim > 1 else ast.Constant(before)
    for keyword in keywords:
        if keyword.arg == "axis" and isinstance(keyword.value, ast.Constant) and keyword.value.value == before:
            keyword.value = axes
    if args and isinstance(args[0], ast.Constant) and args[0].value == before:
        args[0] = axes
    return args, keywords


_REDUCTIONS = {"sum": 0, "mean": 0, "max": float("-inf"), "min": float("inf"), "prod": 1, "any": False, "all": True}


def _identity(reduction: str) -> Any:
    return _REDUCTIONS[reduction]


def _find_reduction(site: Site, subscript: ast.Subscript) -> tuple[str, ast.Call, ast.expr] | None:
    """The reduction over the selection (its name and call) and the expression it reduces: the selection itself, or
    an elementwise expression of it (``dist.log_prob(y[t < t0]).sum()``, ``jnp.exp(x[m]).sum()``)."""
    node = subscript
    for _ in range(4):
        parent = site.parent(node)
        if isinstance(parent, ast.Attribute) and parent.attr in _REDUCTIONS:
            outer = site.parent(parent)
            if isinstance(outer, ast.Call) and outer.func is parent:
                return parent.attr, outer, node
        if isinstance(parent, ast.Call) and parent.args and parent.args[0] is node:
            dotted = dotted_of(parent.func) or ""
            if dotted.rsplit(".", 1)[-1] in _REDUCTIONS and (is_jnp(dotted, site.names) or array_namespace(site, dotted)):
                return dotted.rsplit(".", 1)[-1], parent, node
        if not _elementwise(parent, node, site):
            return None
        node = parent
    return None


# per-element functions: a distribution's density of each value, JAX's elementwise math
_DENSITIES = {"log_prob", "prob", "logpdf", "pdf", "logpmf", "pmf", "cdf", "logcdf", "log_cdf", "sf", "logsf"}
_ELEMENTWISE = {"exp", "log", "log1p", "expm1", "sin", "cos", "tan", "tanh", "sinh", "cosh", "arctan", "sqrt",
                "square", "abs", "absolute", "sign", "negative", "reciprocal", "sigmoid", "softplus", "relu", "erf",
                "floor", "ceil", "round", "clip", "isnan", "isfinite", "log_sigmoid", "logit", "expit"}


def _elementwise(parent: ast.AST | None, node: ast.expr, site: Site) -> bool:
    """Whether ``parent`` computes one value per element of ``node`` (which it holds): arithmetic with another
    operand, a distribution's density, an elementwise function of JAX's."""
    if isinstance(parent, (ast.BinOp, ast.UnaryOp)):
        return not isinstance(parent.op, ast.MatMult)
    if not (isinstance(parent, ast.Call) and node in parent.args):
        return False
    dotted = dotted_of(parent.func) or ""
    name = parent.func.attr if isinstance(parent.func, ast.Attribute) else dotted  # Normal(mu, s).log_prob
    return name in _DENSITIES or (name in _ELEMENTWISE and dotted.split(".")[0] in (site.names.jnp, site.names.jax,
                                                                                  "jnp", "jax", "nn", "jsp"))


# --- traced shapes ------------------------------------------------------------------


def shape_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    chain = site.ancestors()
    counted = next((n for n in chain if isinstance(n, ast.Call) and counts_data(dotted_of(n.func) or "", names,
                                                                                 site.globals_)), None)
    sized = size_fix(site, counted, dotted_of(counted.func) or "") if counted is not None else None
    if sized is not None:  # jnp.nonzero(x): its output length is the data's count
        return with_static(site, [sized])
    repeated = next((n for n in chain if isinstance(n, ast.Call) and (dotted_of(n.func) or "").rsplit(".", 1)[-1]
                     == "repeat" and is_jnp(dotted_of(n.func) or "", names)), None)
    total = repeat_length_fix(site, repeated) if repeated is not None else None
    if total is not None:  # jnp.repeat(x, counts): its output length is the counts' sum
        return with_static(site, [total])
    subscript = next((n for n in chain if isinstance(n, ast.Subscript)), None) or at_target(site.node)
    if "Shapes must be 1D" in site.message and site.node is not None:  # a shape given to a constructor inside
        chain, subscript = [*chain, *(n for n in ast.walk(site.node) if isinstance(n, ast.Call))], None
    if subscript is not None and _has_slice(subscript.slice):
        bounds = [b for d in ast.walk(subscript.slice) if isinstance(d, ast.Slice) for b in (d.lower, d.upper, d.step)
                  if b is not None]  # ``keep = jnp.ceil(0.8 * x.shape[-1]).astype(int)`` earlier: made with NumPy
        assigned = jnp_assignment(site, ast.copy_location(ast.Call(ast.Name("_", ast.Load()), bounds, []), subscript),
                                  of_shapes=True) if bounds else None
        if assigned is not None:
            return [assigned]
        fix = _dynamic_slice_fix(site, subscript)
        if fix is not None:
            fixes.append(fix)
            return with_static(site, fixes)
        fixes = with_static(site, fixes)
        masked = masked_slice_update_fix(site, subscript) or masked_slice_fix(site, subscript)
        if masked is not None:
            fixes.append(_over_the_summand(site, subscript, masked) or masked)
        return fixes
    shape_call = next(
        (n for n in chain if isinstance(n, ast.Call) and (dotted_of(n.func) or "").rsplit(".", 1)[-1] in
         SHAPE_FUNCS | {"dynamic_slice", "dynamic_slice_in_dim", "nonzero"}),
        None,
    )
    if shape_call is not None and not site.paths:
        inner = jit_call_fix(site, shape_call) or inner_jit_fix(site)
        if inner is not None:
            return [inner]
        assigned = jnp_assignment(site, shape_call)
        if assigned is not None:
            return [assigned]
    elif shape_call is not None:  # read from an argument, but through `jnp.array(x.shape[-1]) // 2`: its shape
        assigned = jnp_assignment(site, shape_call, of_shapes=True)
        if assigned is not None:
            return [assigned]
    if shape_call is not None and jnp_on_shapes(shape_call, names):
        new = numpy_for_shapes(shape_call, names)
        fixes.append(edit_fix(
            "numpy-for-static", shape_call, new,
            "shapes are known while tracing (`x.shape` holds Python ints), but `jnp` turns them into "
            "tracers; compute sizes with NumPy or plain Python",
        ))
        return [f for f in fixes if f is not None]
    if shape_call is None and not site.paths:
        # an axis (or another compile-time argument) computed with jnp inside the function
        call = next((n for n in chain if isinstance(n, ast.Call)), None)
        assigned = jnp_assignment(site, call) if call is not None else None
        if assigned is not None:
            return [assigned]
        if call is not None and jnp_on_shapes(call, names):
            return [edit_fix(
                "numpy-for-static", call, numpy_for_shapes(call, names),
                "an axis or a size must be a Python value while tracing, but `jnp` makes a tracer of it; "
                "write it with NumPy or plain Python",
            )]
    if site.data_dependent and shape_call is not None:
        declared = _declared_count(site)
        if declared is not None:
            return [declared]
        window = masked_window_fix(site, shape_call)
        if window is not None:
            return [window]
        passed = _shape_passed_as_array(site, shape_call) or _count_taken_out(site)
        if passed is not None:
            return [passed]
        fixes.append(Fix(
            "jnp.where",
            f"{names.jnp}.arange(MAX_SIZE) < {_size_text(shape_call)}  "
            "# a mask of fixed length: use it with jnp.where",
            "this size is computed from array values, which a tracer does not know, and marking the arrays "
            "static cannot help; keep a fixed maximum size and mask the unused part",
            template=True,
        ))
        return fixes
    return with_static(site, fixes)


def _over_the_summand(site: Site, subscript: ast.Subscript, masked: Fix) -> Fix | None:
    """The slice's mask over the whole summand when a sum reduces it through elementwise arithmetic
    (``jnp.sum(counts[:k] * a - b)``): every term outside the bounds zeroed, not only the slice's."""
    reduced = _find_reduction(site, subscript)
    if reduced is None or reduced[0] != "sum" or reduced[2] is subscript:
        return None
    new = call(f"{site.names.jnp}.where", clone(masked.recipe.replacement.args[0]),
               unselected(reduced[2], subscript, subscript.value), ast.Constant(0))
    return edit_fix("jnp.where", reduced[2], new, "a slice whose length depends on traced values has no fixed shape; "
                    "keep the whole axis and zero every term of the sum outside the bounds (the sum is unchanged)")


def _declared_count(site: Site) -> Fix | None:
    """The size is a field its class declares a Python ``int`` (``horizon: int``), traced because a
    transformation built the object: the field declared static."""
    leaves = [p for p in site.paths if "." in p]
    held = site.facts.values.get(leaves[0].split(".", 1)[0]) if leaves and site.facts is not None else None
    return declared_data_fix(leaves[0].split(".", 1)[0], leaves[0], held, scalar=True) if held is not None else None


def _count_taken_out(site: Site) -> Fix | None:
    """The size read from one leaf of an argument that holds a single integer (``p.failures``, a library's
    distribution built with ``jnp.array(3)``, whose class keeps it a traced leaf): that leaf taken out into a static
    argument of its own, passed as a Python int."""
    leaves = list(dict.fromkeys(site.paths))  # (that leaf alone: a size that also reads another argument is not it)
    held = site.facts.values.get(root_of(leaves[0])) if len(leaves) == 1 and leaves[0] != root_of(leaves[0]) and \
        site.facts is not None else None
    value = at_path(held, leaves[0])[1] if held is not None else None
    if not (isinstance(value, (jax.Array, np.ndarray)) and value.ndim == 0 and value.dtype.kind in "iu"
            and not isinstance(value, jax.core.Tracer)):
        return None
    return leaf_static_fix(site, leaves[0])


def _shape_passed_as_array(site: Site, shape_call: ast.Call) -> Fix | None:
    """A shape handed over as an integer array (``shape=size``): pass a tuple, and make it static."""
    facts = site.facts
    if facts is None:
        return None
    for arg in [*shape_call.args, *[k.value for k in shape_call.keywords]]:
        if not (isinstance(arg, ast.Name) and arg.id in site.arguments_set() and arg.id in facts.values):
            continue
        value = facts.values[arg.id]
        if not isinstance(value, (jax.Array, np.ndarray, np.generic)) or getattr(value, "ndim", 2) > 1:
            continue  # abstract, or a library's object with a dtype of its own
        if not np.issubdtype(getattr(value, "dtype", np.float32), np.integer):
            continue
        as_tuple: Any = int(value) if value.ndim == 0 else tuple(int(v) for v in np.asarray(value))
        fix = static_fix(site, arg.id, replace={arg.id: as_tuple})
        if fix is not None:
            fix.code = f"{facts.name}(..., {arg.id}={as_tuple!r})   # a tuple of ints, not an array\n{fix.code}"
            fix.summary = (
                f"`{arg.id}` is a shape, passed as an array, so JAX traces it; pass it as Python ints and "
                "mark it static (each new shape compiles again, as shapes always do)"
            )
            return fix
    return None


def _size_text(node: ast.Call) -> str:
    """The size a mask compares with: the shape's one element that is not a number (``n`` of ``(n, 3)``)."""
    shape = node.args[0] if node.args else ast.Name("n", ast.Load())
    sized = [e for e in shape.elts if not isinstance(e, ast.Constant)] if isinstance(shape, (ast.Tuple, ast.List)) \
        else [shape]
    return text_of(sized[0]) if sized else "n"


def _has_slice(node: ast.AST) -> bool:
    return isinstance(node, ast.Slice) or isinstance(node, ast.Tuple) and any(isinstance(e, ast.Slice) for e in node.elts)


def _dynamic_slice_fix(site: Site, subscript: ast.Subscript) -> Fix | None:
    names = site.names
    dims = subscript.slice.elts if isinstance(subscript.slice, ast.Tuple) else [subscript.slice]
    moving = [(axis, d) for axis, d in enumerate(dims) if isinstance(d, ast.Slice) and (d.lower or d.upper)]
    if not moving or any(not isinstance(d, ast.Slice) for d in dims):
        return None
    new = clone(subscript.value)
    for axis, piece in moving:  # ``images[:, i:i + 32, j:j + 32]``: one slice in each axis, innermost first
        size = _constant_width(piece.lower, piece.upper) if piece.lower is not None and piece.upper is not None \
            else None
        if piece.step is not None or size is None:
            return None  # the length itself is traced: see masked_slice_fix
        if isinstance(subscript.value, ast.Attribute) and subscript.value.attr == "at":  # ``x.at[:, i:i + n].set(v)``
            return updated_window_fix(site, subscript, axis, piece.lower) if len(moving) == 1 else None
        keywords = {"axis": ast.Constant(axis)} if axis else {}
        new = call(f"{names.lax}.dynamic_slice_in_dim", new, clone(piece.lower), size, **keywords)
    return edit_fix("lax.dynamic_slice", subscript, new, "a slice with traced bounds has a traced length; "
                    "`lax.dynamic_slice_in_dim` takes a traced start and a fixed length")


def _constant_width(lower: ast.expr, upper: ast.expr) -> ast.expr | None:
    # x[i:i+k] → k when k does not depend on i
    if isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add):
        if ast.dump(upper.left) == ast.dump(lower):
            return clone(upper.right)
        if ast.dump(upper.right) == ast.dump(lower):
            return clone(upper.left)
    return None
