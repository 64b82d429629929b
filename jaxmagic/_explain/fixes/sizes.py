"""Fixes for sizes: outputs whose length is data, and sizes that came back traced from an inner jit.

``jnp.nonzero``, ``jnp.extract``, ``jnp.unique`` return as many elements as
the data selects, and ``jnp.repeat`` as many as its counts sum to; under jit
every length must be known when tracing, so these functions take the
length as an argument (``size=``, ``total_repeat_length=``; the output padded
up to it). And inside a jitted function every call of another jitted
function returns tracers, even for static inputs: where Python then needs
the value (a size, ``float()``), the fix calls the inner function unjitted.
Where no length can be given, the length is kept: a slice or selection of
traced length becomes the whole axis with the rest masked to zero.
"""
from __future__ import annotations

import ast
import re
import dataclasses

import jax

from ..._common.source import clone, names_in, parameter_names, text_of
from ..._tracking.tracked import is_jit_object
from ..explanation import Fix
from ..recover import Impure, evaluate_pure, frame_of
from .rewrites import Edit, apply_edit, call
from ..shaped.bins import NONZERO_FUNCS, bincount_length_fix, counts_data
from ..shaped.masked import within_bounds
from .site import Site, dotted_of, edit_fix

__all__ = ["array_namespace", "NONZERO_FUNCS", "counts_data", "size_fix", "repeat_length_fix", "inner_jit_fix", "jit_call_fix", "helper_static_fix",
           "HelperStatic", "one_axis", "axis_mask_fixes", "masked_window_fix", "masked_slice_fix", "KEEPS_LENGTH",
           "selection_fixes", "same_mask_siblings", "together", "broadcast_mask", "ndim_of"]

def size_fix(site: Site, node: ast.Call, dotted: str) -> Fix | None:
    """``size=`` for a function whose output length is data (``jnp.nonzero``, ``jnp.extract``)."""
    fn = dotted.rsplit(".", 1)[-1]
    if fn == "where" and len(node.args) != 1 or fn == "bincount":
        return bincount_length_fix(site, node) if fn == "bincount" else None
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
    try:  # ``charges.astype(int)`` read on the call's own arguments, without running any code of the user's
        value = evaluate_pure(counts, frame_of(site.globals_, facts.values)) if facts is not None else None
    except Impure:
        value = None
    if hasattr(value, "sum") and not isinstance(value, (jax.ShapeDtypeStruct, jax.core.Tracer)):
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


def inner_jit_fix(site: Site) -> Fix | None:
    """The failing value, or a local it reads, came back traced from an inner ``jax.jit`` call."""
    if site.node is None or site.paths:
        return None
    found = jit_call_fix(site, site.node)
    if found is not None or site.definition is None:
        return found
    read = {n.id for n in ast.walk(site.node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    line = getattr(site.node, "lineno", 0)
    for statement in ast.walk(site.definition):  # m = jit_doubled(n) above float(m)
        if (isinstance(statement, ast.Assign) and statement.lineno < line
                and any(isinstance(t, ast.Name) and t.id in read for t in statement.targets)):
            found = jit_call_fix(site, statement.value)
            if found is not None:
                return found
    return None


def jit_call_fix(site: Site, node: ast.AST) -> Fix | None:
    """A static value went through an inner ``jax.jit`` call and came back traced."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and site.globals_:
            callee = site.globals_.get(sub.func.id)
            if callee is not None and is_jit_object(callee):
                new = clone(sub)
                new.func = ast.Attribute(ast.Name(sub.func.id, ast.Load()), "__wrapped__", ast.Load())
                fix = edit_fix(
                    "remove-inner-jit", sub, new,
                    f"`{sub.func.id}` is itself jitted, so whatever it returns is a tracer, even for a static "
                    f"input; call the plain function here (or drop its `@jax.jit`: inside a jitted function "
                    "an inner jit adds nothing)",
                )
                return fix
    return None


@dataclasses.dataclass
class HelperStatic:
    """Recipe: the jitted helper ``name`` jitted again with ``params`` static, inside the user's call."""

    name: str
    params: tuple[str, ...]


def helper_static_fix(site: Site) -> Fix | None:
    """The error is inside a jitted helper the jitted function calls: its own parameters made static.

    A Python value passed to a jitted helper is traced there like any argument; the helper's own
    ``static_argnames`` keep it a Python value, in the helper's names.
    """
    helper, facts = site.definition, site.facts
    name = getattr(helper, "name", None)
    if helper is None or name is None or facts is None or name == facts.name or not site.globals_:
        return None
    jitted = site.globals_.get(name)
    if jitted is None or not is_jit_object(jitted):
        return None
    params = [p for p in dict.fromkeys(names_in(site.node)) if p in parameter_names(helper)] if site.node else []
    if not params:
        return None
    info = getattr(jitted, "_jit_info", None)
    already = tuple(getattr(info, "static_argnames", ()) or ())
    names = tuple(dict.fromkeys([*already, *params]))
    spelled = repr(names[0]) if len(names) == 1 else repr(names)
    shown = ", ".join(f"`{p}`" for p in params)
    return Fix(
        "static",
        f"{name} = jax.jit({name}.__wrapped__, static_argnames={spelled})   # or @partial(jax.jit, "
        f"static_argnames={spelled}) on def {name}",
        f"`{name}` is jitted itself, so it traces {shown} even when the caller passes a Python value; "
        f"make {shown} static for `{name}`",
        recipe=HelperStatic(name, tuple(params)),
    )


# --- lengths kept by masking: a selection or a slice of traced length -----------------


def one_axis(index: ast.expr) -> tuple[int, ast.expr] | None:
    """(axis, mask) of ``x[:, mask]``: one mask among whole-axis slices."""
    if not isinstance(index, ast.Tuple):
        return None
    full = [isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None for e in index.elts]
    if full.count(False) != 1:
        return None
    axis = full.index(False)
    return axis, index.elts[axis]


def axis_mask_fixes(site: Site, subscript: ast.Subscript, axis: int, mask: ast.expr) -> list[Fix | None]:
    jnp, array = site.names.jnp, text_of(subscript.value)
    shown = text_of(mask) if isinstance(mask, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)) else f"({text_of(mask)})"
    trailing = f" + (1,) * ({array}.ndim - {axis + 1})"
    wide = f"{shown}.reshape({'(1,) * ' + str(axis) + ' + ' if axis else ''}(-1,){trailing})"
    where = ast.parse(f"{jnp}.where({wide}, {array}, 0)").body[0].value
    picked = ast.parse(f"{jnp}.nonzero({shown}, size={shown}.size, fill_value=0)[0]").body[0].value
    gathered = clone(subscript)
    gathered.slice.elts[axis] = picked
    return [
        edit_fix("jnp.where", subscript, where,
                 f"a boolean mask selects a data-dependent number of entries along axis {axis}; `jnp.where` keeps "
                 "the shape and puts 0 where the mask is False", warning=KEEPS_LENGTH.format(array)),
        edit_fix("size-argument", subscript, gathered,
                 "or gather along that axis with a fixed-length index list: `jnp.nonzero(..., size=...)` pads "
                 "the indices (with index 0)", warning=_PADDED.format(array)),
    ]


def masked_window_fix(site: Site, node: ast.Call) -> Fix | None:
    """``lax.dynamic_slice_in_dim(x, start, size)`` with a traced size: keep the axis, mask the window."""
    if ((dotted_of(node.func) or "").rsplit(".", 1)[-1] != "dynamic_slice_in_dim" or len(node.args) != 3
            or node.keywords):
        return None  # another axis than the first: not this rewrite
    names = site.names
    array, start, size = (text_of(a) for a in node.args[:3])
    index = f"{names.jnp}.arange({array}.shape[0])"
    inside = _down_axis_0(f"({index} >= {start}) & ({index} < {start} + {size})", node.args[0], array, site)
    masked = ast.parse(f"{names.jnp}.where({inside}, {array}, 0)")
    return edit_fix("jnp.where", node, masked.body[0].value, "a window of traced length has no fixed shape; keep the "
                    "whole axis and zero what lies outside the window (sums and other reductions come out the same)",
                    warning=KEEPS_LENGTH.format(array))


def masked_slice_fix(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x[lo:hi]`` with a traced length → keep the whole axis and mask outside ``[lo, hi)``."""
    piece = subscript.slice
    if not isinstance(piece, ast.Slice) or piece.step is not None or any(
            _negative(b) for b in (piece.lower, piece.upper) if b is not None):
        return None  # x[-k:] counts from the end: not a bound on arange's positions
    names = site.names
    array = text_of(subscript.value)
    inside = _down_axis_0(within_bounds(f"{names.jnp}.arange({array}.shape[0])", piece), subscript.value, array, site)
    masked = ast.parse(f"{names.jnp}.where({inside}, {array}, 0)").body[0].value
    return edit_fix("jnp.where", subscript, masked, "a slice whose length depends on traced values has no fixed "
                    "shape; keep the whole axis and zero what lies outside the bounds (reductions such as `.sum()` "
                    "then give the same result)", warning=KEEPS_LENGTH.format(array))


# what a masked fix changes, which tracing it cannot show: the code after it sees the whole axis
KEEPS_LENGTH = ("the result keeps `{}`'s whole length, zeros outside the bounds: a sum is unchanged, but code "
                 "that reads positions or the length (a mean, a polynomial) must allow for them")


def _down_axis_0(mask: str, node: ast.expr, array: str, site: Site) -> str:
    """``mask`` (over the first axis) laid along axis 0 of ``array``: as it is for a vector (the argument's value
    says so), else reshaped to broadcast down the first axis of an array of any rank."""
    value = site.facts.values.get(node.id) if site.facts is not None and isinstance(node, ast.Name) else None
    if getattr(value, "ndim", None) == 1:
        return mask
    return f"({mask}).reshape(-1, *[1] * ({array}.ndim - 1))"


def _negative(bound: ast.expr) -> bool:
    return isinstance(bound, ast.UnaryOp) and isinstance(bound.op, ast.USub) or (
        isinstance(bound, ast.Constant) and isinstance(bound.value, (int, float)) and bound.value < 0)


# --- selections by a boolean mask, each kept whole; several on one line rewritten together ---------------


def selection_fixes(site: Site, subscript: ast.Subscript) -> list[Fix | None]:
    """``x[mask]`` (or ``x[:, mask]``) kept whole: zeros where the mask is False, or padded indices."""
    names = site.names
    array, mask = subscript.value, subscript.slice
    if one_axis(mask) is not None:  # x[:, mask]: the mask selects along one axis of several
        return list(axis_mask_fixes(site, subscript, *one_axis(mask)))
    # ``obj.at[mask].set(...)``: an update, whose padded indices must point past the end (updates there are dropped)
    updated, size = isinstance(array, ast.Attribute) and array.attr == "at", ast.Attribute(clone(mask), "size", ast.Load())
    sized = ast.Subscript(clone(array), call(f"{names.jnp}.nonzero", clone(mask), size=size, fill_value=clone(
        size) if updated else ast.Constant(0)), ast.Load())
    top, kept = _elementwise_above(site, subscript)  # jnp.exp(ll[keep]): zero what is passed on, exp(ll) itself
    return [
        None if updated else edit_fix(  # (``obj.at`` is no array to pick from)
            "jnp.where", top,
            call(names.where, broadcast_mask(site, mask, array), kept, ast.Constant(0)),
            "a boolean mask selects a data-dependent number of elements; `jnp.where` keeps the shape "
            "and puts 0 where the mask is False",
        ),
        edit_fix(
            "size-argument", subscript, sized,
            "or gather with a fixed-length index list: `jnp.nonzero(..., size=...)` pads the indices"
            if not updated else "update at a fixed-length index list: `jnp.nonzero(..., size=...)` pads the "
            "indices with one past the end, where an update is dropped",
            warning=None if updated else _PADDED.format(text_of(array)),
        ),
    ]


_PADDED = ("the padded places repeat `{}`'s entry 0, once for every False in the mask: a sum, mean or fit over "
           "the result counts it again unless they are masked out")  # the gather's padding is index 0

# element-wise functions of one array: a selection passed through them is zeroed after them, so that what goes on
# (a weight, a term of a sum) is 0 where the mask is False; ``jnp.exp(where(keep, ll, 0))`` would be 1 there
_ELEMENTWISE = frozenset({"exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "square", "abs", "absolute",
                          "sin", "cos", "tan", "tanh", "sinh", "cosh", "arctan", "negative", "reciprocal", "real",
                          "imag", "conj", "sign", "sigmoid", "relu", "softplus"})


def _elementwise_above(site: Site, subscript: ast.Subscript) -> tuple[ast.expr, ast.expr]:
    """The outermost expression that applies element-wise functions (``jnp.exp``, ``-``, ``** 2``) to ``x[mask]``
    alone, and that expression with ``x`` in place of the selection."""
    top: ast.expr = subscript
    while True:
        parent = site.parent(top)
        one_array = (
            isinstance(parent, ast.Call) and len(parent.args) == 1 and parent.args[0] is top and not parent.keywords
            and (dotted_of(parent.func) or "").rsplit(".", 1)[-1] in _ELEMENTWISE
            and (dotted_of(parent.func) or "").split(".", 1)[0] in {site.names.jnp.split(".")[0], site.names.np, "jax"}
        ) or isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub) or (
            isinstance(parent, ast.BinOp) and isinstance(parent.right if parent.left is top else parent.left,
                                                         ast.Constant))
        if not one_array:
            break
        top = parent
    if top is subscript:
        return subscript, clone(subscript.value)
    selection = ast.dump(subscript)

    class Whole(ast.NodeTransformer):  # the selection becomes the whole array
        def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
            return clone(subscript.value) if ast.dump(node) == selection else self.generic_visit(node)

    return top, Whole().visit(clone(top))


def _mask_of(subscript: ast.Subscript) -> str:
    """The mask a selection uses, whatever axis: ``keep`` for ``V[:, keep]`` and ``vals[keep]``."""
    axis = one_axis(subscript.slice)
    return ast.dump(axis[1] if axis is not None else subscript.slice)


def same_mask_siblings(site: Site, subscript: ast.Subscript) -> list[ast.Subscript]:
    """The other selections by the same mask in the statement that holds ``subscript``."""
    statement = next((n for n in site.ancestors(subscript) if isinstance(n, ast.stmt)), None)
    if statement is None or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    wanted = _mask_of(subscript)
    return [n for n in ast.walk(statement) if isinstance(n, ast.Subscript) and n is not subscript
            and isinstance(n.ctx, ast.Load) and _mask_of(n) == wanted]


def together(site: Site, subscript: ast.Subscript, siblings: list[ast.Subscript], fixes: list[Fix | None]
              ) -> list[Fix | None]:
    """Each fix of ``subscript`` made for the whole statement, every sibling selection rewritten its own way
    with the same kind of fix; a kind a sibling has no rewrite for is dropped."""
    statement = next(n for n in site.ancestors(subscript) if isinstance(n, ast.stmt))
    by_kind = [{f.kind: f for f in selection_fixes(site, other) if f is not None} for other in siblings]
    together: list[Fix | None] = []
    for fix in fixes:
        if fix is None or not isinstance(fix.recipe, Edit):
            continue
        edits = [fix.recipe] + [kinds[fix.kind].recipe for kinds in by_kind if fix.kind in kinds]
        if len(edits) != len(siblings) + 1:
            continue
        new: ast.AST | None = statement
        for edit in edits:
            new = apply_edit(new, edit) if new is not None else None
        if new is None:
            continue
        made = edit_fix(fix.kind, statement, new, fix.summary + " (every selection by this mask on the line)",
                        warning=fix.warning)
        if made is not None and fix.kind == "jnp.where":
            made.warning = made.warning or (
                "the unselected entries are still there, now 0: what the next lines do with them (a division, a "
                "mean, a count, a fit to data) sees them too; give them a value that does no harm there")
        together.append(made)
    return together


def broadcast_mask(site: Site, mask: ast.expr, array: ast.expr) -> ast.expr:
    """The mask, with trailing axes added when it has fewer dimensions than the array (the mask's own rank as
    JAX's message gives it, ``got bool[50]``, else as its names tell)."""
    said = _MASK_AVAL.search(site.message or "")
    rank = len([d for d in said.group(1).split(",") if d.strip()]) if said else ndim_of(site, mask)
    extra = ndim_of(site, array) - rank
    if extra <= 0 or extra > 3:
        return clone(mask)
    lead = ast.Slice() if rank == 1 else ast.Constant(Ellipsis)
    index = ast.Tuple([lead, *[ast.Constant(None) for _ in range(extra)]], ast.Load())
    return ast.Subscript(clone(mask), index, ast.Load())


_MASK_AVAL = re.compile(r"boolean indices must be concrete; got bool\[([^\]]*)\]")


def ndim_of(site: Site, expr: ast.expr) -> int:
    """The rank of an expression built from the call's arguments and module-level arrays, as far as their
    values tell (else 0)."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Tuple):  # marg[:, 1]: an integer drops an axis
        items = expr.slice.elts
        if all(isinstance(e, ast.Slice) or isinstance(e, ast.Constant) and (e.value is None or type(e.value) is int)
               for e in items):
            dropped = sum(isinstance(e, ast.Constant) and type(e.value) is int for e in items)
            added = sum(isinstance(e, ast.Constant) and e.value is None for e in items)
            return max(ndim_of(site, expr.value) - dropped + added, 0)
    # the failing frame's own values first: under vmap a parameter is one example, not the batch the call passed
    known = {**(site.globals_ or {}), **(site.facts.values if site.facts is not None else {}), **(site.locals_ or {})}
    ranks = [
        len(known[n.id].shape)
        for n in ast.walk(expr)
        if isinstance(n, ast.Name) and n.id in known and isinstance(getattr(known[n.id], "shape", None), tuple)
    ]
    return max(ranks, default=0)


def array_namespace(site: Site, dotted: str) -> str | None:
    """The user's own NumPy-like namespace ``dotted`` is a function of (``qnp`` for ``qnp.mean``: quaxed's, whose
    functions take unxt's quantities), when it is a module other than JAX's with a ``where`` of its own."""
    root = dotted.rsplit(".", 1)[0] if "." in dotted else ""
    module = (site.globals_ or {}).get(root.split(".")[0]) if root else None
    for part in root.split(".")[1:]:
        module = getattr(module, part, None)
    if module is None or not hasattr(module, "where") or not type(module).__name__ == "module":
        return None
    return root if not (module.__name__ or "").startswith(("jax", "numpy")) else None
