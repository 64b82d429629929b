"""What does not fit, for the shape checks made on the operands of one expression.

A matrix product, a broadcast, a reshape, a concatenation, a stack, an
``einsum``: JAX checked the shapes of the operands the failing expression
combines. :func:`analyse` reads those operands from the user's frame
(:mod:`.operands`) and says, in one sentence each, what does not fit
(``detail``) and which dimensions must agree (``must_agree``). The checks
whose operands the line does not spell out (a loop's carry, ``cond``'s
branches, ``vmap``'s axes, symbolic dimensions, a jaxpr's types) are read in
:mod:`.structured`.
"""
from __future__ import annotations

import ast
import dataclasses
import re
import types

from ..._common.errors import message_of
from .fixes import contracted_axes
from .operands import Reading, operand_nodes, read
from .structured import STRUCTURED, first_sentence, short_from_message

__all__ = ["Analysis", "analyse", "conflict_axis", "contracted_axes"]


@dataclasses.dataclass
class Analysis:
    """The operands of a shape error with what does not fit (``detail``) and what must agree."""

    readings: list[Reading]
    detail: str = ""
    must_agree: str = ""


def analyse(family: str, exc: BaseException, node: ast.AST | None, frame: types.FrameType | None,
            readings: list[Reading] | None = None) -> Analysis:
    """The operands and the words for JAX's shape check ``family`` failing at ``node`` in ``frame``.

    ``readings`` are operands already read elsewhere (where a library called into JAX); else the
    operands of ``node`` are read from ``frame``.
    """
    message = message_of(exc)
    if family in STRUCTURED:
        return Analysis(*STRUCTURED[family](message, node, frame))
    if readings is None:
        readings = [r for r in (read(n, frame) for n in operand_nodes(node)) if r is not None] if frame else []
    reader = _FAMILIES.get(family)
    detail, must_agree = reader(readings, message, node) if reader else _generic(readings, message, node, family)
    if node is not None and isinstance(node, ast.expr) and detail and readings:
        detail = f"`{ast.unparse(node)}`: {detail}"
    return Analysis(readings, detail, must_agree)


def _listed(readings: list[Reading]) -> str:
    return ", ".join(f"`{r.operand.expression}` is {r.operand.shape}" for r in readings)


def _sizes(text: str) -> str:
    """``3,`` → ``3``; ``2, 4`` → ``(2, 4)``."""
    parts = [p.strip() for p in text.strip("()[] ").split(",") if p.strip()]
    return parts[0] if len(parts) == 1 else f"({', '.join(parts)})"


# --- matrix products ----------------------------------------------------------------

_GOT = re.compile(r"got [(\[]([^)\]]*)[)\]] and [(\[]([^)\]]*)[)\]]")


def _ordinal(axis: int, ndim: int) -> str:
    if axis == ndim - 1:
        return "last axis" if ndim > 1 else "axis"
    if axis == ndim - 2:
        return "second-to-last axis"
    return "first axis" if axis == 0 else f"axis {axis}"


def _contraction(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    got = _GOT.search(message)
    batch = "batch dimensions" in message or "matmul arguments" in message
    what = "batch axes" if batch else "contracting axes"
    sizes = f" {_sizes(got.group(1))} and {_sizes(got.group(2))}" if got else ""
    arrays = readings[:2]
    if len(arrays) < 2:
        return first_sentence(message), "the contracted axes of the two operands must have one size"
    detail = f"{_listed(arrays)}; the {what}{sizes} {'do not broadcast' if 'matmul' in message else 'differ'}"
    a, b = (r.operand for r in arrays)
    axes = contracted_axes(node, len(a.dims), len(b.dims))
    if axes is None or batch:
        return detail, f"the {what} of `{a.expression}` and `{b.expression}` must have one size"
    i, j = axes
    return detail, (f"the {_ordinal(i, len(a.dims))} of `{a.expression}` ({a.dims[i]}) must equal the "
                    f"{_ordinal(j, len(b.dims))} of `{b.expression}` ({b.dims[j]})")


# --- broadcasting ---------------------------------------------------------------------


def conflict_axis(shapes: list[tuple]) -> tuple[int, list] | None:
    """Counting from the last axis (1 = last), the first axis whose sizes do not broadcast, and those sizes."""
    for k in range(1, max((len(s) for s in shapes), default=0) + 1):
        sizes = [s[-k] for s in shapes if len(s) >= k]
        wide = {d for d in sizes if not (isinstance(d, int) and d == 1)}
        if len(wide) > 1:
            return k, sizes
    return None


_SHAPES_IN_MESSAGE = re.compile(r"\(([^()]*)\)")


def _broadcast(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    rule = "aligned from their last axes, each pair of sizes must be equal or one of them 1"
    arrays = [r for r in readings if r.operand.dims is not None]
    conflict = conflict_axis([r.operand.dims for r in arrays]) if len(arrays) >= 2 else None
    if conflict is None:
        shapes = [m.group(0) for m in _SHAPES_IN_MESSAGE.finditer(message.split("\n", 1)[0])]
        if arrays and len(arrays) >= 2:
            return f"{_listed(arrays)}; their shapes do not broadcast together", rule
        return (f"the shapes {' and '.join(shapes)} do not broadcast together" if shapes else first_sentence(message),
                rule)
    k, sizes = conflict
    where = "last axis" if k == 1 else f"axis -{k}"
    distinct = list(dict.fromkeys(str(s) for s in sizes if not (isinstance(s, int) and s == 1)))
    return f"{_listed(arrays)}; at the {where} the sizes {' and '.join(distinct)} differ (neither is 1)", rule


def _broadcast_to(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    found = re.search(r"input type=(\S+) and requested type=(\S+)", message)
    if found is None:
        return first_sentence(message), "the value must broadcast to the shape it is written into"
    have, want = (short_from_message(t) for t in found.groups())
    return (f"a value of type {have} cannot be broadcast to {want}",
            f"aligned from their last axes, the sizes of {have} must equal those of {want}, or be 1")


# --- reshapes, joins, einsum -----------------------------------------------------------


def _reshape(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    found = re.search(r"shape (\(.*?\)) \(size (\d+)\) into shape (\(.*?\))(?: \(size (\d+)\))?", message)
    lax_found = re.search(r"new_sizes (\(.*?\)) \(of total size (\d+)\) for shape (\(.*?\)) \(of total size (\d+)\)",
                          message)
    if found is not None:
        old, size, new, new_size = found.groups()
    elif lax_found is not None:
        new, new_size, old, size = lax_found.groups()
    else:
        return first_sentence(message), "the new shape must hold as many elements as the array"
    subject = f"an array of shape {old}"
    if readings:
        subject = f"`{readings[0].operand.expression}` is {readings[0].operand.shape}"
    if new_size is None:  # a -1 axis: the given sizes must divide the element count
        product = re.search(r"axis sizes \((\d+)\)", message)
        given = product[1] if product else "their product"
        return (f"{subject}, {size} elements; the sizes given beside -1 in {new} make {given}, which does not "
                f"divide {size}", f"the sizes given beside -1 must multiply to a divisor of {size}")
    return (f"{subject}, {size} elements, but the new shape {new} holds {new_size}",
            f"the new shape must hold {size} elements (one axis given as -1 is worked out from the others)")


def _axis_of(node: ast.AST | None) -> int:
    if isinstance(node, ast.Call):
        for keyword in node.keywords:
            value = keyword.value
            if keyword.arg == "axis" and isinstance(value, ast.Constant) and isinstance(value.value, int):
                return value.value
        if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, int):
            return node.args[1].value
    return 0


def _concatenate(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    axis = _axis_of(node)
    if "different numbers of dimensions" in message:
        return (f"{_listed(readings) or first_sentence(message)}; they have different numbers of axes",
                "the arrays must have the same number of axes")
    return (f"{_listed(readings) or first_sentence(message)}; joined along axis {axis}, their other axes differ",
            f"every axis but axis {axis} must have the same size in all the arrays")


def _stack(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    return (f"{_listed(readings) or first_sentence(message)}; stacked arrays must have one shape",
            "every array must have the same shape")


def _einsum(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    found = re.search(r"label '(.+?)' for operand (\d+) \((\d+)\) does not match previous terms \((\d+)\)", message)
    if found is None:
        return first_sentence(message), "each label must have one size in every operand"
    label, index, size, before = found.groups()
    where = f"`{readings[int(index)].operand.expression}`" if int(index) < len(readings) else f"operand {index}"
    return (f"{_listed(readings)}; the label `{label}` has size {size} in {where} but {before} in an earlier operand",
            f"the label `{label}` must have one size in every operand")


def _index_rank(readings: list[Reading], message: str, node: ast.AST | None) -> tuple[str, str]:
    found = re.search(r"(\d+)-dimensional, but (\d+) were indexed", message)
    if found is None or not readings:
        return first_sentence(message), "an index can have at most one entry per axis"
    rank, count = found.groups()
    return (f"{_listed(readings[:1])}: {rank} axes, indexed with {count} entries",
            f"an index of `{readings[0].operand.expression}` can have at most {rank} entries")


# which dimensions must agree, for the checks said in JAX's words alone
_RULES = {
    "slice": "the slice must fit inside the operand: each size at most the operand's size on that axis",
    "update": "the update must fit inside the operand: same number of axes, each at most the operand's size",
    "squeeze": "only an axis of size 1 can be squeezed out",
    "axis": "an axis must be less than the number of axes of the array (or count from -1 backwards)",
    "split": "the axis must divide evenly into the number of sections asked for",
    "core-dimension": "the core dimensions of the operands must have one size",
    "convolution": "the input's feature axis must equal the kernel's input-feature axis times feature_group_count",
}


def _generic(readings: list[Reading], message: str, node: ast.AST | None, family: str = "") -> tuple[str, str]:
    said = first_sentence(message)
    return (f"{_listed(readings)}; {said}" if readings else said), _RULES.get(family, "")


_FAMILIES = {
    "contraction": _contraction,
    "broadcast": _broadcast,
    "broadcast-to": _broadcast_to,
    "reshape": _reshape,
    "concatenate": _concatenate,
    "stack": _stack,
    "einsum": _einsum,
    "index-rank": _index_rank,
}
