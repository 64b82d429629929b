"""A fix to a transformation's option in the cell's own failing statement, tried: the statement's call made again.

``jax.checkpoint(block, static_argnums=(2,))(x, w, 1e-5)`` rewrites the cell's top-level statement, which no
trace of the user's function reaches (the function is unchanged). The statement's callee is made again with the
fix (a JAX transformation of the user's function: it wraps, it runs nothing) and called on the statement's own
values, read without running code, under a jit of jaxmagic's: arrays traced by shape and dtype, Python values
held as given. Nothing compiles.
"""
from __future__ import annotations

import ast
import types
from typing import Any

from ..._common.errors import tracing_kind, user_entries
from ..._common.source import enclosing_function, parse_file
from ..explanation import Fix
from ..fixes.rewrites import Edit, apply_edit
from ..rebuild import refused_only_abstractly
from ..recover import Impure, evaluate_pure
from .replay import Refused, replay_of_call

__all__ = ["verify_statement_edits"]

_UNREACHED = "the line is not in a function this trace runs"


def verify_statement_edits(fixes: list[Fix], exc: BaseException, filename: str | None) -> None:
    """Try each code fix left untried because it edits the failing top-level statement of the cell ``filename``."""
    wanted = [f for f in fixes if f.verified is None and isinstance(f.recipe, Edit) and f.outcome == _UNREACHED]
    outer = next((tb for tb in user_entries(exc.__traceback__) if tb.tb_frame.f_code.co_filename == filename
                  and tb.tb_frame.f_code.co_name == "<module>"), None)
    if not wanted or outer is None:
        return
    tree = parse_file(filename)
    statement = next((s for s in getattr(tree, "body", []) if s.lineno <= outer.tb_lineno <= (s.end_lineno or
                                                                                             s.lineno)), None)
    if not isinstance(statement, (ast.Expr, ast.Assign)):
        return
    for fix in wanted:
        target = fix.recipe.target
        if enclosing_function(tree, target.lineno) is not None or not (
                statement.lineno <= target.lineno <= (statement.end_lineno or statement.lineno)):
            continue
        edited = apply_edit(statement, fix.recipe)
        call = getattr(edited, "value", None)
        if not isinstance(call, ast.Call):
            continue
        try:
            fn = _transformed(call.func, outer.tb_frame)
            args = tuple(evaluate_pure(a, outer.tb_frame) for a in call.args)
            kwargs = {k.arg: evaluate_pure(k.value, outer.tb_frame) for k in call.keywords if k.arg}
        except Impure:
            fix.outcome = "the statement's values could not be read without running your code"
            continue
        replay = replay_of_call(exc, fn, args, kwargs)
        outcome = replay if isinstance(replay, str) else replay.run()
        if outcome is None:
            fix.verified, fix.outcome = True, "traced (your statement with the fix, abstractly)"
        elif isinstance(outcome, (str, Refused)):
            fix.outcome = str(outcome)
        elif tracing_kind(outcome) != tracing_kind(exc) and (refused := refused_only_abstractly(outcome)):
            # the call runs without jit: a library that computes on the values with NumPy cannot be traced so
            fix.outcome = f"traced abstractly, {refused}'s own code needed concrete values: not known either way"
        else:
            fix.verified, fix.failed_with = False, outcome
            first = str(outcome).splitlines()[0][:120] if str(outcome) else ""
            fix.outcome = f"still fails: {type(outcome).__name__}: {first}"


def _transformed(node: ast.expr, frame: types.FrameType) -> Any:
    """The callee ``node`` makes: read as it is, or a JAX transformation (``jax.checkpoint(f, ...)``) called on
    values read so; anything else is not made (:class:`Impure`)."""
    if not isinstance(node, ast.Call):
        return evaluate_pure(node, frame)
    transform = evaluate_pure(node.func, frame)
    if not (getattr(transform, "__module__", "") or "").startswith("jax") or any(
            isinstance(a, ast.Starred) for a in node.args):
        raise Impure
    args = [_transformed(a, frame) for a in node.args]
    kwargs = {k.arg: evaluate_pure(k.value, frame) for k in node.keywords if k.arg}
    try:
        return transform(*args, **kwargs)
    except Exception as refused:  # noqa: BLE001 - ``jax.checkpoint(f, static_argnums=(9,))`` refused: not made here
        raise Impure from refused
