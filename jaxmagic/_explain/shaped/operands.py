"""The values that meet at a failing line, read from the user's frame: their shapes and their arguments.

When JAX rejects shapes, the user's frame is still in the traceback, stopped at
the expression that combined them (``x @ w``, ``jnp.concatenate([a, b])``).
Each operand of that expression is read back without running the user's code
again: a plain name, attribute or item chain is looked up; anything computed
(``x @ w`` inside ``x @ w + b``) is evaluated *abstractly* with
``jax.eval_shape`` over the tracers' shapes, and only when it calls nothing but
JAX functions and array methods. The tracers an operand reads name, through
the failing trace's own records (:mod:`..provenance`), the jitted function's
parameters it depends on.
"""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import io
import types
from typing import Any

import jax
import numpy as np

from ..._tracking import monitor
from ..explanation import Operand
from ..fixes.site import dotted_of
from ..provenance import Tracer

__all__ = ["Reading", "read", "operand_nodes", "short_type", "is_arrayish"]

_MAX_NODES = 200

# jnp functions whose first argument is a list of arrays that meet element by element
_SEQUENCE_FUNCS = {"concatenate", "stack", "hstack", "vstack", "dstack", "column_stack", "concat", "block"}


@dataclasses.dataclass
class Reading:
    """One operand as read from the frame: the operand, and the tracers it was computed from."""

    operand: Operand
    tracers: list[Tracer]
    function: str | None = None  # the traced function the tracers' provenance was read in


def short_type(dims: tuple, dtype: Any) -> str:
    """``f32[8,3]``: an abstract value as JAX prints it short."""
    try:
        return jax.core.ShapedArray(tuple(dims), dtype).str_short(short_dtypes=True)
    except Exception:  # noqa: BLE001 - an odd dtype: spell it plainly
        return f"{np.dtype(dtype).name if dtype is not None else '?'}[{','.join(map(str, dims))}]"


def is_arrayish(value: Any) -> bool:
    """True for what has a shape and dtype JAX reads: tracers, arrays, ``ShapeDtypeStruct``."""
    return isinstance(value, (Tracer, jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct))


def operand_nodes(node: ast.AST | None) -> list[ast.expr]:
    """The sub-expressions of the failing expression that are its operands, by its syntax."""
    if isinstance(node, (ast.Return, ast.Expr, ast.Assign, ast.AnnAssign)) and node.value is not None:
        node = node.value
    if isinstance(node, ast.AugAssign):
        return [node.target, node.value]
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.Compare) and len(node.comparators) == 1:
        return [node.left, node.comparators[0]]
    if isinstance(node, ast.Subscript):
        return [node.value]
    if not isinstance(node, ast.Call):
        return []
    args = [a for a in node.args if not isinstance(a, ast.Starred)]
    name = (dotted_of(node.func) or "").rsplit(".", 1)[-1]
    if name in _SEQUENCE_FUNCS and args and isinstance(args[0], (ast.List, ast.Tuple)):
        return list(args[0].elts)
    if name == "einsum":
        return [a for a in args if not (isinstance(a, ast.Constant) and isinstance(a.value, str))]
    if isinstance(node.func, ast.Attribute):
        return [node.func.value, *args]  # x.reshape(5, 5), x.dot(w); a module (jnp.dot) is no array, and is dropped
    return args


def read(node: ast.expr, frame: types.FrameType) -> Reading | None:
    """The operand at ``node`` in ``frame``: its expression, shape and tracers; None when it is no array.

    Never runs the user's code: a name, attribute or constant-index chain is looked up; anything else is
    evaluated abstractly (``jax.eval_shape``, JAX's events muted) when it calls only JAX's own functions.
    """
    if not any(isinstance(sub, ast.Name) for sub in ast.walk(node)):
        return None  # a literal (``-1``, ``2.0``): no array of the user's
    expression = ast.unparse(node)
    value = _looked_up(node, frame)
    if value is not _MISSING:
        if not is_arrayish(value):
            return None
        dims, dtype = _dims_of(value)
        tracers = [value] if isinstance(value, Tracer) else []
        return Reading(Operand(expression, short_type(dims, dtype), dims=dims, dtype=dtype, node=node), tracers)
    found = _abstract(node, frame)
    if found is None:
        return None
    (dims, dtype), tracers = found
    return Reading(Operand(expression, short_type(dims, dtype), dims=dims, dtype=dtype, node=node), tracers)


_MISSING = object()


def _looked_up(node: ast.expr, frame: types.FrameType) -> Any:
    """The value of a plain chain (``x``, ``self.w``, ``params['w']``, ``layers[0]``), else ``_MISSING``.

    A subscript of an array is computed, not looked up: it is left to the abstract evaluation.
    """
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in frame.f_locals:
            return frame.f_locals[node.id]
        if node.id in frame.f_globals:
            return frame.f_globals[node.id]
        builtins = frame.f_globals.get("__builtins__")
        held = builtins if isinstance(builtins, dict) else vars(builtins) if builtins is not None else {}
        return held.get(node.id, _MISSING)
    if isinstance(node, ast.Attribute):
        owner = _looked_up(node.value, frame)
        if owner is _MISSING or isinstance(owner, (Tracer, jax.Array)):
            return _MISSING  # x.T is computed: the abstract evaluation gives its shape
        try:
            return getattr(owner, node.attr)
        except Exception:  # noqa: BLE001
            return _MISSING
    if isinstance(node, ast.Subscript):
        owner = _looked_up(node.value, frame)
        if owner is _MISSING or is_arrayish(owner) or not isinstance(owner, (dict, list, tuple)):
            return _MISSING
        key = _looked_up(node.slice, frame)
        if key is _MISSING or isinstance(key, (Tracer, slice)):
            return _MISSING
        try:
            return owner[key]
        except Exception:  # noqa: BLE001
            return _MISSING
    return _MISSING


def _dims_of(value: Any) -> tuple[tuple, Any]:
    aval = getattr(value, "aval", None)
    if aval is not None and hasattr(aval, "shape"):
        return tuple(aval.shape), aval.dtype
    return tuple(np.shape(value)), getattr(value, "dtype", np.asarray(value).dtype)


# --- abstract evaluation of a computed operand -------------------------------------------


def _abstract(node: ast.expr, frame: types.FrameType) -> tuple[tuple[tuple, Any], list[Tracer]] | None:
    """Shape and dtype of ``node`` by ``jax.eval_shape``, with every tracer it reads replaced by its shape."""
    if sum(1 for _ in ast.walk(node)) > _MAX_NODES or not _safe(node, frame):
        return None
    names = list(dict.fromkeys(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)))
    values: dict[str, Any] = {}
    for name in names:
        value = _looked_up(ast.Name(name, ast.Load()), frame)
        if value is not _MISSING:
            values[name] = value
    leaves, tree = jax.tree_util.tree_flatten(values, is_leaf=lambda v: isinstance(v, Tracer))
    traced = [i for i, leaf in enumerate(leaves) if isinstance(leaf, Tracer)]
    specs = [jax.ShapeDtypeStruct(leaves[i].aval.shape, leaves[i].aval.dtype) for i in traced]
    code = compile(ast.Expression(node), "<jaxmagic-operand>", "eval")

    def evaluate(*abstract: Any) -> Any:
        filled = list(leaves)
        for i, spec in zip(traced, abstract):
            filled[i] = spec
        scope = jax.tree_util.tree_unflatten(tree, filled)
        return eval(code, dict(frame.f_globals), scope)  # noqa: S307 - checked: JAX functions and array methods only

    try:
        with monitor.muted(), contextlib.redirect_stdout(io.StringIO()):
            out = jax.eval_shape(evaluate, *specs)
    except Exception:  # noqa: BLE001 - the operand stays unread
        return None
    if not isinstance(out, jax.ShapeDtypeStruct):
        return None
    return (tuple(out.shape), out.dtype), [leaves[i] for i in traced]


def _safe(node: ast.AST, frame: types.FrameType) -> bool:
    """True when evaluating ``node`` calls only JAX functions, array methods and a few pure builtins."""
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom, ast.ListComp,
                            ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return False
        if isinstance(sub, ast.Call) and not _pure_callee(sub.func, frame):
            return False
        if isinstance(sub, ast.Call) and any(_foreign_function(a, frame) for a in
                                             [*sub.args, *(k.value for k in sub.keywords)]):
            return False  # jax.lax.map(f, xs): JAX would call the user's f
    return True


def _foreign_function(node: ast.expr, frame: types.FrameType) -> bool:
    """True for an argument that is a function of the user's (or a library's) that JAX would call."""
    value = _looked_up(node, frame) if not isinstance(node, ast.Starred) else _MISSING
    if value is _MISSING or not callable(value) or isinstance(value, type) or is_arrayish(value):
        return False
    return not _from_jax(value)


def _from_jax(value: Any) -> bool:
    module = getattr(value, "__module__", None) or ""
    return module == "jax" or module.startswith(("jax.", "jaxlib")) or isinstance(value, np.ufunc)


_PURE_BUILTINS = {len, abs, min, max, tuple, list, range, slice, float, int, bool}


def _pure_callee(func: ast.expr, frame: types.FrameType) -> bool:
    if isinstance(func, ast.Attribute):
        owner = _looked_up(func.value, frame)
        if isinstance(owner, (Tracer, jax.Array, np.ndarray)):
            return True  # x.reshape(...), x.sum(), x.astype(...)
        if owner is _MISSING:
            return _pure_callee(func.value, frame) if isinstance(func.value, ast.Call) else \
                isinstance(func.value, (ast.BinOp, ast.Subscript, ast.Attribute))  # (x @ w).sum(): checked below
    callee = _looked_up(func, frame)
    if callee is _MISSING:
        return False
    if any(callee is b for b in _PURE_BUILTINS):
        return True
    return _from_jax(callee)
