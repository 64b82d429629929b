"""A value's rewrite tried on the rest of the function: the failing line on, from the values it had there.

A loss that runs a large model and then computes a norm with NumPy (``np.linalg.norm(out["force"])`` after
deepmd-kit's model) fails near its end, and a rewrite of that value (``jnp.linalg.norm``) changes nothing before
it. Tracing the whole function again traces the model again (seconds); the statements from the failing one on,
traced with the shapes and dtypes the function's variables had when it failed, show whether the rewritten line
and every line after it trace. Kept to rewrites of a value (``jnp`` for NumPy, ``.astype`` for ``float()``), whose
line makes what it made before, and to a failing line that is one of the function's own statements (not inside a
loop or a branch, which a part of the body cannot stand for). Nothing compiles: the rest is traced abstractly.
"""
from __future__ import annotations

import ast
import contextlib
import io
import types
from typing import Any

import jax

from ..._common.frames import holds_tracer, quiet_leaves, user_entries
from ..._common.source import enclosing_function, parse_file
from ..._tracking import monitor
from ..fixes.rewrites import Edit, apply_edit
from ..rebuild import Names, abstract_tracers
from .budget import OutOfTime, within_budget

__all__ = ["tail_outcome"]

_BLOCKS = (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try)


def tail_outcome(fix: Any, exc: BaseException, filename: str | None, names: Names) -> BaseException | str | None:
    """The outcome of tracing the failing function from its failing statement on, ``fix`` applied: None when it
    traced, the exception when it failed, or why it cannot be tried this way."""
    user = user_entries(exc.__traceback__)
    if not user or not isinstance(fix.recipe, Edit) or filename is None:
        return "no statement of yours to trace from"
    frame, lineno = user[-1].tb_frame, user[-1].tb_lineno
    tree = parse_file(filename) if frame.f_code.co_filename == filename else None
    function = enclosing_function(tree, lineno, lambdas=False) if tree is not None else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name != frame.f_code.co_name:
        return "the failing line is not in a function of yours"
    index = next((i for i, s in enumerate(function.body) if s.lineno <= lineno <= (s.end_lineno or s.lineno)), None)
    if index is None or isinstance(function.body[index], _BLOCKS):
        return "the failing line is inside a loop or a branch"
    edited = apply_edit(function, fix.recipe)
    if edited is None or len(edited.body) < index + 1:
        return "the fix does not apply to the function's own statements"
    rest = edited.body[index:]
    loaded = dict.fromkeys(n.id for s in rest for n in ast.walk(s) if isinstance(n, ast.Name)
                           and isinstance(n.ctx, ast.Load))
    values = {n: frame.f_locals[n] for n in loaded if n in frame.f_locals}  # (a closure's cells among them)
    definition = ast.FunctionDef(
        name=function.name, args=ast.arguments(posonlyargs=[], args=[ast.arg(n) for n in values], kwonlyargs=[],
                                               kw_defaults=[], defaults=[]),
        body=rest, decorator_list=[], returns=None, type_params=[])
    scope = {**names.globals_for(frame.f_globals), **getattr(fix.recipe, "defines", {})}  # (an object made again)
    namespace: dict[str, Any] = {}
    try:
        exec(compile(ast.fix_missing_locations(ast.Module([definition], [])), filename, "exec"), scope, namespace)
    except SyntaxError as failed:  # (a ``return`` the rest holds is fine; a ``nonlocal`` is not)
        return f"the rest of the function cannot stand alone ({failed.msg})"
    rest_of: types.FunctionType = namespace[function.name]
    flat = {n: jax.tree_util.tree_flatten(v) for n, v in values.items() if holds_tracer(v)}
    traced = [(n, i) for n, (leaves, _) in flat.items() for i, leaf in enumerate(leaves)
              if isinstance(leaf, jax.core.Tracer)]

    def run(*arrays: Any) -> Any:
        given = dict(values)
        filled = {n: list(leaves) for n, (leaves, _) in flat.items()}
        for (n, i), array in zip(traced, arrays):
            filled[n][i] = array
        given.update({n: jax.tree_util.tree_unflatten(flat[n][1], filled[n]) for n in flat})
        out = rest_of(**given)
        return [leaf for leaf in quiet_leaves(out) if isinstance(leaf, (jax.Array, jax.core.Tracer))]

    try:
        with monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
                within_budget():
            jax.jit(run).trace(*(abstract_tracers(flat[n][0][i]) for n, i in traced))
    except (Exception, OutOfTime) as outcome:  # noqa: BLE001 - the try's outcome, whatever it is
        return outcome
    return None
