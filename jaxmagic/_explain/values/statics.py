"""The static argument a library's jit hashed, found traced in the library's frames; the user's jitted function
a library handed an unhashable static argument.

A value given to a library earlier (``limb_dark_light_curve(..., order=order)``) that its own ``jax.jit`` takes
as static, or a leaf of an object there (a Module's field the user's jit traced): JAX's message says only the
hashed tracer's type, and the frames hold the value.
"""
from __future__ import annotations

import ast
import functools
import types
from typing import Any

from ..._common.errors import is_jax_file, is_user_file, leaves_of, traceback_entries
from ..._common.source import innermost_function, node_at, parse_file, position_of, unwrap_function
from ..provenance import Tracer
from ..recover import Impure, evaluate_pure

__all__ = ["hashed_in_library", "users_jit_handed"]


def hashed_in_library(entries: list[types.TracebackType], aval: str) -> list:
    """The tracers of type ``aval`` held by the library frames of the failure, innermost frame first: the
    static argument a library's jit hashed, given to it earlier (``limb_dark_light_curve(..., order=order)``), or
    a leaf of an object there (signax's ``self.depth``, a Module's field the user's jit traced)."""
    for tb in reversed(entries):
        filename = tb.tb_frame.f_code.co_filename
        if is_user_file(filename) or is_jax_file(filename):
            continue
        values = list(tb.tb_frame.f_locals.values())[:64]
        found = [v for v in values if isinstance(v, Tracer) and str(v.aval) == aval] or list({
            id(leaf): leaf for v in values if not isinstance(v, Tracer) for leaf in leaves_of(v)
            if isinstance(leaf, Tracer) and str(leaf.aval) == aval}.values())
        if found:
            return found
    return []


def users_jit_handed(exc: BaseException) -> tuple[Any, tuple, dict] | None:
    """(the user's jitted function, its arguments) when the innermost frame is a library's that called it and JAX
    refused a static argument it could not hash: JAX refuses before tracing, in no frame of its own, so the call
    is read at the library's line (jaxonnxruntime's ``jit_func(*node_inputs, **node.attrs_dict)``, calling the
    ``onnx_mvn`` a user's handler returned with ``axes=[0, 2, 3]``)."""
    entries = [tb for tb in traceback_entries(exc.__traceback__) if not is_jax_file(tb.tb_frame.f_code.co_filename)]
    if not entries or is_user_file(entries[-1].tb_frame.f_code.co_filename):
        return None
    frame = entries[-1].tb_frame
    position = position_of(entries[-1])
    tree = parse_file(position.filename)
    at = node_at(tree, position) if tree is not None else None
    for node in [n for n in ast.walk(at) if isinstance(n, ast.Call)] if at is not None else []:
        try:
            callee = evaluate_pure(node.func, frame)
        except Impure:
            continue
        code = getattr(unwrap_function(callee), "__code__", None)
        if code is not None and not is_user_file(code.co_filename):  # jax.jit(jax.grad(loss)): the user's loss
            code = getattr(innermost_function(callee), "__code__", None)
        jitted = callee.func if isinstance(callee, functools.partial) else callee  # its options bound by the library
        if not hasattr(jitted, "_jit_info") or code is None or not is_user_file(code.co_filename):
            continue
        try:
            return (callee, *_given(node, frame))
        except (Impure, TypeError):  # (a ``**`` of something not a mapping)
            return None
    return None


def _given(node: ast.Call, frame: types.FrameType) -> tuple[tuple, dict]:
    """The arguments ``node`` passes, read in ``frame`` (``*inputs`` and ``**attrs`` unpacked)."""
    args: list[Any] = []
    for arg in node.args:
        args += list(evaluate_pure(arg.value, frame)) if isinstance(arg, ast.Starred) else [evaluate_pure(arg, frame)]
    kwargs: dict[str, Any] = {}
    for keyword in node.keywords:
        kwargs.update(dict(evaluate_pure(keyword.value, frame)) if keyword.arg is None else {
            keyword.arg: evaluate_pure(keyword.value, frame)})
    return tuple(args), kwargs
