"""A masked update, ``x.at[mask].set(v)``, as the element-wise ``jnp.where`` that keeps the shape.

A boolean mask as an index has a data-dependent number of targets; ``jnp.where``
computes the new value for every element and keeps it where the mask holds. So does a slice whose bound is
traced (``tokens.at[:, :prompt_len].set(0)``): the positions along its axis compared with the bounds are the mask.
"""
from __future__ import annotations

import ast
import inspect

from ..._common.source import clone, text_of
from ..explanation import Fix
from ..fixes.rewrites import attr
from ..fixes.site import Site, dotted_of, edit_fix
from ..recover import Impure, evaluate_pure, frame_of
from .operands import read

__all__ = ["at_target", "masked_slice_update_fix", "masked_update_fix", "unselected", "within_bounds",
           "zeros_last_when_handed"]


def masked_update_fix(site: Site, subscript: ast.Subscript) -> Fix | None:
    """The update by ``subscript``'s mask as one ``jnp.where``, when the failing selection is that update's target,
    the value copied through it, or a selection inside the value; else None."""
    return _at_update(site, subscript) or _at_set_selected(site, subscript) or _inside_at_update(site, subscript) \
        or _item_assigned(site, subscript)


def masked_slice_update_fix(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x.at[:, lo:hi].set(v)`` (``add``, ``multiply``) with a traced bound, on one axis beside full slices, as one
    ``jnp.where`` over the whole array; else None."""
    method, holder = site.parent(subscript), subscript.value
    update = site.parent(method) if method is not None else None
    if not (isinstance(holder, ast.Attribute) and holder.attr == "at" and isinstance(method, ast.Attribute)
            and method.attr in _KEEP and isinstance(update, ast.Call) and update.func is method
            and len(update.args) == 1 and not update.keywords):
        return None
    items = subscript.slice.elts if isinstance(subscript.slice, ast.Tuple) else [subscript.slice]
    bounded = [i for i, e in enumerate(items) if isinstance(e, ast.Slice) and (e.lower or e.upper)]
    if len(bounded) != 1 or any(not isinstance(e, ast.Slice) or e.step is not None or any(
            isinstance(b, ast.UnaryOp) for b in (e.lower, e.upper)) for e in items):
        return None  # an integer index, a step, or a bound counted from the end
    axis, piece, array, jnp = bounded[0], items[bounded[0]], text_of(holder.value), site.names.jnp
    inside = within_bounds(f"{jnp}.arange({array}.shape[{axis}])", piece)
    mask, value = f"({inside}).reshape(-1, *[1] * ({array}.ndim - {axis + 1}))", text_of(update.args[0])
    new = f"{jnp}.where({mask}, {value}, {array})" if method.attr == "set" else \
        f"{array} {_KEEP[method.attr][0]} {jnp}.where({mask}, {value}, {_KEEP[method.attr][1]})"
    return edit_fix("jnp.where", update, ast.parse(new, mode="eval").body,
                    "a slice whose bound is traced has no fixed length; compare the positions along its axis "
                    "with the bound and update every element where that holds, keeping the array's shape")


def updated_window_fix(site: Site, subscript: ast.Subscript, axis: int, start: ast.expr) -> Fix | None:
    """``x.at[:, i:i + n].set(v)`` with a traced start ``i`` and a fixed length: ``lax.dynamic_update_slice_in_dim``
    writes ``v`` there (a window that moves, of a length known when tracing); None for another update."""
    method = site.parent(subscript)
    update = site.parent(method) if isinstance(method, ast.Attribute) and method.attr == "set" else None
    if not isinstance(update, ast.Call) or update.func is not method or len(update.args) != 1 or update.keywords:
        return None
    keywords = {"axis": ast.Constant(axis)} if axis else {}
    new = ast.Call(attr(f"{site.names.lax}.dynamic_update_slice_in_dim"), [clone(subscript.value.value), clone(
        update.args[0]), clone(start)], [ast.keyword(k, v) for k, v in keywords.items()])
    return edit_fix("lax.dynamic_slice", update, new, "a slice with a traced start has a traced position but a fixed "
                    "length; `lax.dynamic_update_slice_in_dim` writes the update at a traced start")


def within_bounds(positions: str, piece: ast.Slice) -> str:
    """``(positions >= lo) & (positions < hi)`` for the slice ``lo:hi`` (either bound may be missing)."""
    return " & ".join([*([f"({positions} >= {text_of(piece.lower)})"] if piece.lower is not None else []),
                       *([f"({positions} < {text_of(piece.upper)})"] if piece.upper is not None else [])])


def at_target(node: ast.AST | None) -> ast.Subscript | None:
    """``x.at[idx]`` of a failing ``x.at[idx].set(v)`` call (``add``, ``multiply``), where JAX points at the call."""
    func = node.func if isinstance(node, ast.Call) else None
    held = func.value if isinstance(func, ast.Attribute) and func.attr in _KEEP else None
    return held if isinstance(held, ast.Subscript) and isinstance(held.value, ast.Attribute) and \
        held.value.attr == "at" else None


_KEEP = {"set": ("", ""), "add": ("+", "0"), "multiply": ("*", "1")}  # the operation and what leaves x unchanged


def _where(site: Site, *args: ast.expr) -> ast.Call:
    return ast.Call(ast.parse(site.names.where, mode="eval").body, list(args), [])


def unselected(expression: ast.expr, subscript: ast.Subscript, array: ast.expr) -> ast.expr:
    """A copy of ``expression`` computed on whole arrays where it held selections by ``subscript``'s mask
    (``y[m] * w[m]`` → ``y * w``)."""
    mask, whole = ast.dump(subscript.slice), ast.dump(subscript)

    class _Whole(ast.NodeTransformer):
        def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
            if ast.dump(node.slice) == mask:
                return clone(array) if ast.dump(node) == whole else clone(node.value)
            return self.generic_visit(node)

    return _Whole().visit(clone(expression))


_AT_UPDATES = {"set": None, "add": ast.Add(), "multiply": ast.Mult(), "subtract": ast.Sub(), "divide": ast.Div()}


def _at_update(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x.at[mask].set(v)`` → ``jnp.where(mask, v, x)``."""
    at = subscript.value
    if not (isinstance(at, ast.Attribute) and at.attr == "at"):
        return None
    method = site.parent(subscript)
    outer = site.parent(method)
    if not (isinstance(method, ast.Attribute) and method.attr in _AT_UPDATES and isinstance(outer, ast.Call)
            and len(outer.args) == 1):
        return None
    array, mask, value = at.value, subscript.slice, outer.args[0]
    op = _AT_UPDATES[method.attr]
    new_value = clone(value) if op is None else ast.BinOp(clone(array), op, clone(value))
    return edit_fix(
        "jnp.where", outer,
        _where(site, _broadcast(site, clone(mask), array), new_value, clone(array)),
        "an update through a boolean mask has a data-dependent number of targets; `jnp.where` updates "
        "element-wise and keeps the shape",
    )


def _item_assigned(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``self.V[spike] = 0.`` (or ``+=``) on an array that takes item assignment (a state variable: JAX's own
    arrays refuse it before any mask is read) → ``self.V[...] = jnp.where(spike, 0., self.V)``, in place."""
    statement = site.parent(subscript)
    if isinstance(statement, ast.Assign) and statement.targets == [subscript]:
        new_value = clone(statement.value)
    elif isinstance(statement, ast.AugAssign) and statement.target is subscript:
        new_value = ast.BinOp(clone(subscript.value), statement.op, clone(statement.value))
    else:
        return None
    array = subscript.value
    whole = ast.Subscript(clone(array), ast.Constant(Ellipsis), ast.Store())
    picked = _where(site, _broadcast(site, clone(subscript.slice), array), new_value, clone(array))
    return edit_fix("jnp.where", statement, ast.Assign([whole], picked),
                    "assigning through a boolean mask has a data-dependent number of targets; `jnp.where` computes "
                    "every element, the new value where the mask holds, and the whole array is assigned in place")


def _broadcast(site: Site, mask: ast.expr, array: ast.expr) -> ast.expr:
    """``mask`` with a new axis for each of ``array``'s trailing dimensions it lacks: a mask of an image's rows and
    columns selects whole pixels (``image.at[mask].set(0)``), which ``jnp.where`` needs as ``mask[..., None]``."""
    if site.locals_ is None:
        return mask
    frame = frame_of(site.globals_, site.locals_)
    masked, whole = read(mask, frame), read(array, frame)
    if masked is None or whole is None or masked.operand.dims is None or whole.operand.dims is None:
        return mask
    missing = len(whole.operand.dims) - len(masked.operand.dims)
    if missing <= 0:
        return mask
    axes = [ast.Constant(Ellipsis), *(ast.Constant(None) for _ in range(missing))]
    return ast.Subscript(mask, ast.Tuple(axes, ast.Load()), ast.Load())


def _at_set_selected(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x.at[mask].set(y[mask])`` (``y``'s elements where ``mask`` holds) → ``jnp.where(mask, y, x)``."""
    outer = site.parent(subscript)
    target = outer.func.value if isinstance(outer, ast.Call) and isinstance(outer.func, ast.Attribute) else None
    same = isinstance(target, ast.Subscript) and ast.dump(target.slice) == ast.dump(subscript.slice)
    if not (same and outer.args[:1] == [subscript] and outer.func.attr == "set"
            and isinstance(target.value, ast.Attribute) and target.value.attr == "at"):
        return None
    where = _where(site, clone(subscript.slice), clone(subscript.value), clone(target.value.value))
    return edit_fix("jnp.where", outer, where, "copying the selected elements through a boolean mask moves a "
                    "data-dependent number of them; `jnp.where` takes each element from one array or the other")


def _inside_at_update(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x.at[mask].set(2 * y[mask] ** 2)``, failing at ``y[mask]``: the update made element-wise, every selection by
    that mask in the value taken whole (``jnp.where(mask, 2 * y ** 2, x)``)."""
    mask = ast.dump(subscript.slice)
    for node in site.ancestors(subscript)[1:]:
        func = node.func if isinstance(node, ast.Call) else None
        target = func.value if isinstance(func, ast.Attribute) and func.attr in _AT_UPDATES else None
        if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute)
                and target.value.attr == "at" and ast.dump(target.slice) == mask and len(node.args) == 1):
            continue
        array, op = target.value.value, _AT_UPDATES[func.attr]
        whole = unselected(node.args[0], subscript, subscript.value)
        new_value = whole if op is None else ast.BinOp(clone(array), op, whole)
        return edit_fix(
            "jnp.where", node, _where(site, clone(target.slice), new_value, clone(array)),
            "an update through a boolean mask has a data-dependent number of targets; `jnp.where` computes the "
            "new value for every element and keeps it where the mask holds, the shape fixed",
        )
    return None


def zeros_last_when_handed(site: Site, subscript: ast.Subscript, selected: ast.Subscript, fixes: list) -> list:
    """``fixes`` for a selection handed whole to a function or class of the user's or a library's (the unselected
    rows would be points, samples, terms to it): the mask passed as its ``weights`` first where it takes them (the
    whole array with them), else ``jnp.where``'s zeros last, with a warning (with no weight beside them, zeroed)."""
    handed = _handed_whole(site, subscript)
    if handed is None:
        return fixes
    weighted = _as_weights(site, handed[1], subscript, selected)
    for fix in fixes:
        if fix is not None and fix.kind == "jnp.where":
            fix.warning = f"the unselected elements stay, as zeros, and `{handed[0]}` takes them as data"
    return [weighted] + fixes if weighted is not None else sorted(fixes, key=lambda f: f is not None and
                                                                    f.kind == "jnp.where")


_WEIGHTS = ("weights", "weight", "sample_weight")  # what a library's function calls the weight of each element


def _as_weights(site: Site, handed: ast.Call, subscript: ast.Subscript, selected: ast.Subscript) -> Fix | None:
    """``counts(x[keep])`` as ``counts(x, weights=jnp.where(keep, 1.0, 0.0))`` when ``counts`` takes weights."""
    if not any(a is subscript for a in handed.args):
        return None
    frame = frame_of(site.globals_, site.locals_)
    try:  # (read without running the user's code)
        value = evaluate_pure(handed.func, frame)
        parameters = inspect.signature(value).parameters if callable(value) else {}
    except (Impure, TypeError, ValueError):
        return None
    weight = next((w for w in _WEIGHTS if w in parameters), None)
    if weight is None or any(k.arg == weight for k in handed.keywords):
        return None
    made = clone(handed)
    made.args = [clone(selected.value) if a is subscript else clone(a) for a in handed.args]
    made.keywords.append(ast.keyword(weight, ast.Call(
        attr(site.names.where), [clone(selected.slice), ast.Constant(1.0), ast.Constant(0.0)], [])))
    return edit_fix("jnp.where", handed, made, f"`{dotted_of(handed.func)}` weighs the elements it is given: hand "
                    f"it every element, the mask as its `{weight}` (1 where selected, 0 elsewhere), the shape fixed")


def _handed_whole(site: Site, subscript: ast.Subscript) -> tuple[str, ast.Call] | None:
    """The function or class (not JAX's or NumPy's) the selection is handed to whole, directly or by the name it
    is assigned to in the failing function (``kept = chain[m]; KernelHerding(kept, k)``), and that call."""
    held = site.parent(subscript)
    name = held.targets[0].id if isinstance(held, ast.Assign) and len(held.targets) == 1 and isinstance(
        held.targets[0], ast.Name) else None
    scope = site.definition if site.definition is not None else site.tree
    for node in ast.walk(scope) if scope is not None else ():
        root = (dotted_of(node.func) or "").split(".")[0] if isinstance(node, ast.Call) else ""
        if root and root not in {site.names.jnp.split(".")[0], site.names.np, "jax", "lax", "len"} and any(
                a is subscript or name is not None and isinstance(a, ast.Name) and a.id == name for a in node.args):
            return dotted_of(node.func), node
    return None
