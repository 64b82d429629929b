"""Fixes for shapes that do not fit, offered only where the shapes alone make one certain.

Each builder enumerates the small edits of its kind (transpose an operand of a
matrix product, add one axis to the lower-rank operand of a broadcast, join
along another axis, widen a loop's integer carry to the float its body
returns) and offers one only when *exactly one* candidate makes the shapes
fit. Two candidates that both fit (a square matrix, a broadcast that could
line up with either of two axes) mean the shapes cannot tell what was meant:
no fix, and the explanation says which dimensions must agree instead. The
edit is a syntax-tree :class:`~.rewrites.Edit`, so ``verify`` re-traces the
function with it, abstractly, before it is called verified.
"""
from __future__ import annotations

import ast
import itertools
from collections.abc import Sequence

import numpy as np

from ..._common.source import clone
from ..explanation import Fix, Operand
from ..fixes.site import Site, dotted_of, edit_fix

__all__ = ["mismatch_fixes", "contracted_axes"]


def mismatch_fixes(site: Site) -> list[Fix]:
    """The certain fix for ``site``'s shape mismatch, if there is one."""
    builder = _BUILDERS.get(site.family or "")
    fix = builder(site) if builder is not None and site.node is not None else None
    return [fix] if fix is not None else []


def _direct(site: Site, count: int) -> list[Operand] | None:
    """The first ``count`` operands that are parts of the failing expression, when all their sizes are known."""
    parts = [o for o in site.operands if o.node is not None and _inside(o.node, site.node)][:count]
    if len(parts) != count or any(not all(isinstance(d, int) for d in o.dims) for o in parts):
        return None
    return parts


def _inside(part: ast.AST, whole: ast.AST | None) -> bool:
    return whole is not None and any(sub is part for sub in ast.walk(whole))


def _replaced(whole: ast.AST, changes: dict[int, ast.expr]) -> ast.AST:
    """A copy of ``whole`` in which the sub-nodes whose ``id`` is a key of ``changes`` are replaced."""
    copy = clone(whole)
    twins = {id(old): new for old, new in zip(ast.walk(whole), ast.walk(copy))}
    targets = {id(twins[key]): value for key, value in changes.items() if key in twins}

    class _Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            return targets[id(node)] if id(node) in targets else super().visit(node)

    return _Swap().visit(copy)


def _reshown(operand: Operand, dims: tuple) -> str:
    """``f32[5,3]`` with other dimensions: ``f32[3,5]``."""
    return f"{operand.shape.split('[', 1)[0]}[{','.join(map(str, dims))}]"


# --- a matrix product: transpose one operand ---------------------------------------------


def contracted_axes(node: ast.AST | None, left_ndim: int, right_ndim: int) -> tuple[int, int] | None:
    """The axes a matrix product contracts (``x @ w``, ``jnp.dot``, ``jnp.matmul``, ``jnp.inner``), or None."""
    name = "matmul" if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult) else \
        (dotted_of(node.func) or "").rsplit(".", 1)[-1] if isinstance(node, ast.Call) else ""
    if left_ndim == 0 or right_ndim == 0:
        return None
    if name == "inner":
        return left_ndim - 1, right_ndim - 1
    if name == "matmul" or (name == "dot" and right_ndim <= 2):
        return left_ndim - 1, 0 if right_ndim == 1 else right_ndim - 2
    return None


def _transposed(node: ast.expr) -> ast.expr:
    """``w`` → ``w.T``; ``k.T`` → ``k``."""
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return clone(node.value)
    return ast.Attribute(clone(node), "T", ast.Load())


def _transpose(site: Site) -> Fix | None:
    pair = _direct(site, 2)
    if pair is None:
        return None
    a, b = pair
    fitting = []
    for flip_a, flip_b in ((True, False), (False, True), (True, True)):
        if (flip_a and len(a.dims) != 2) or (flip_b and len(b.dims) != 2):
            continue
        da = a.dims[::-1] if flip_a else a.dims
        db = b.dims[::-1] if flip_b else b.dims
        axes = contracted_axes(site.node, len(da), len(db))
        if axes is not None and da[axes[0]] == db[axes[1]]:
            fitting.append((flip_a, flip_b))
    if len(fitting) != 1:
        return None
    flip_a, flip_b = fitting[0]
    flipped = [o for o, flip in ((a, flip_a), (b, flip_b)) if flip]
    changes = {id(o.node): _transposed(o.node) for o in flipped}
    names = " and ".join(f"`{o.expression}`" for o in flipped)
    becomes = ", ".join(f"{o.shape} becomes {_reshown(o, o.dims[::-1])}" for o in flipped)
    return edit_fix(
        "transpose", site.node, _replaced(site.node, changes),
        f"{names} transposed ({becomes}): of the operands' transpositions, only this one makes the contracted "
        f"axes match",
    )


# --- a broadcast: one new axis on the lower-rank operand ----------------------------------------

_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_BINARY_FUNCS = {
    "add", "subtract", "multiply", "divide", "true_divide", "maximum", "minimum", "power", "mul", "sub", "div",
}


def _broadcast_shape(shapes: Sequence[tuple]) -> tuple | None:
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        return None


def _with_new_axes(dims: tuple, positions: tuple[int, ...]) -> tuple:
    out = list(dims)
    for p in positions:
        out.insert(p, 1)
    return tuple(out)


def _expand(site: Site) -> Fix | None:
    node = site.node
    binary = isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, _ARITHMETIC)
    called = isinstance(node, ast.Call) and (dotted_of(node.func) or "").rsplit(".", 1)[-1] in _BINARY_FUNCS
    arrays = [o for o in site.operands if o.node is not None and _inside(o.node, node)]
    pair = _direct(site, 2) if (binary or called) and len(arrays) == 2 else None
    if pair is None or len(pair[0].dims) == len(pair[1].dims):
        return None
    small, big = sorted(pair, key=lambda o: len(o.dims))
    if isinstance(node, ast.AugAssign) and small.node is not node.value:
        return None  # x += y keeps x's shape: only the value added can take a new axis
    gap = len(big.dims) - len(small.dims)
    fitting = []
    for count in range(1, gap + 1):
        for positions in itertools.combinations(range(len(small.dims) + count), count):
            shape = _with_new_axes(small.dims, positions)
            if _broadcast_shape([shape, big.dims]) == tuple(big.dims):
                fitting.append(positions)
    if len(fitting) != 1 or len(fitting[0]) != 1:
        return None
    position = fitting[0][0]
    index: ast.expr = ast.Constant(None)
    if position:
        index = ast.Tuple([*(ast.Slice() for _ in range(position)), ast.Constant(None)], ast.Load())
    expanded = ast.Subscript(clone(small.node), index, ast.Load())
    new_shape = _reshown(small, _with_new_axes(small.dims, (position,)))
    return edit_fix(
        "expand-dims", node, _replaced(node, {id(small.node): expanded}),
        f"`{small.expression}` ({small.shape}) gets a new axis, {new_shape}, that broadcasts to "
        f"`{big.expression}`'s {big.shape}; no other single new axis does",
    )


# --- a concatenation: the one axis along which the arrays fit -----------------------------------------


def _concatenate_axis(site: Site) -> Fix | None:
    node = site.node
    name = (dotted_of(node.func) or "").rsplit(".", 1)[-1] if isinstance(node, ast.Call) else ""
    if not isinstance(node, ast.Call) or name not in ("concatenate", "concat"):
        return None
    parts = [o for o in site.operands if o.node is not None and _inside(o.node, node)]
    ranks = {len(o.dims) for o in parts}
    if len(parts) < 2 or len(ranks) != 1 or any(not all(isinstance(d, int) for d in o.dims) for o in parts):
        return None
    rank = ranks.pop()
    keyword = next((k for k in node.keywords if k.arg == "axis"), None)
    given = keyword.value if keyword is not None else node.args[1] if len(node.args) > 1 else ast.Constant(0)
    if not isinstance(given, ast.Constant) or not isinstance(given.value, int):
        return None
    current = given.value % rank if rank else 0
    fitting = [axis for axis in range(rank) if axis != current
               and all(len({o.dims[i] for o in parts}) == 1 for i in range(rank) if i != axis)]
    if len(fitting) != 1:
        return None
    new = clone(node)
    new.keywords = [k for k in new.keywords if k.arg != "axis"] + [ast.keyword("axis", ast.Constant(fitting[0]))]
    new.args = new.args[:1]
    return edit_fix(
        "concatenate-axis", node, new,
        f"the arrays differ only along axis {fitting[0]} ({', '.join(o.shape for o in parts)}): it is the one axis "
        f"along which they can be joined",
    )


# --- a loop's carry: an integer start widened to the float its body returns ---------------------------------


def _carry_dtype(site: Site) -> Fix | None:
    if len(site.operands) != 2:
        return None
    start, returned = site.operands
    if start.node is None or start.dtype is None or returned.dtype is None or tuple(start.dims) != tuple(returned.dims):
        return None
    have, want = np.dtype(start.dtype), np.dtype(returned.dtype)
    if not (have.kind in "biu" and want.kind in "fc"):
        return None  # only a widening: narrowing what the body computes would lose data
    widened = ast.Call(ast.Attribute(clone(start.node), "astype", ast.Load()),
                       [ast.Attribute(ast.Name(site.names.jnp, ast.Load()), want.name, ast.Load())], [])
    return edit_fix(
        "astype", start.node, widened,
        f"the body returns the carry as {returned.shape}; start it as {want.name} too (it starts as {start.shape}): "
        f"widening the start loses nothing, while narrowing the body's result would",
    )


_BUILDERS = {
    "contraction": _transpose,
    "broadcast": _expand,
    "concatenate": _concatenate_axis,
    "carry": _carry_dtype,
}
