"""A NumPy array the user's own jit of a library's function marks static, bound into the function instead.

``energy_fn = jax.jit(calculator.energy, static_argnames="pbc")`` called with ``pbc=pbc``, a NumPy mask: JAX hashes
a static argument, and an array has no hash. Traced, the library's Python ``if`` on it fails. Bound with
``functools.partial`` before the jit, the array is part of the function: a constant of the trace, read by the
library as the NumPy array it is, and never hashed. Tried by tracing the jit so made on the call's other values
(``.trace``: abstract, nothing compiles).
"""
from __future__ import annotations

import ast
import functools
from typing import Any

from ..._common.source import clone, text_of
from ..declare.jit_option import traced_abstractly
from ..explanation import Fix
from ..fixes.site import is_hashable
from ..recover import Impure, evaluate_pure, frame_of, pure_or

__all__ = ["bound_keyword_fix"]


def bound_keyword_fix(site: Any) -> Fix | None:
    """``jax.jit(functools.partial(f, kw=value))`` for the failing call's keyword ``kw``, a static argument of the
    user's jit statement whose value cannot be hashed; None unless the cell's statement and the call tell."""
    call, tree = site.node, site.tree
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or tree is None:
        return None
    frame = frame_of(site.globals_, site.locals_)
    jitted = frame.f_locals.get(call.func.id, frame.f_globals.get(call.func.id))
    static = set(getattr(getattr(jitted, "_jit_info", None), "static_argnames", ()))
    named = [k for k in call.keywords if k.arg in static and not is_hashable(pure_or(k.value, frame))]
    statement = _jitting_statement(tree, call.func.id, call.lineno)
    if len(named) != 1 or statement is None or getattr(jitted, "__wrapped__", None) is None:
        return None
    keyword, made = named[0], clone(statement.value)
    kept = [s for s in static if s != keyword.arg]
    made.args[0] = ast.Call(ast.Attribute(ast.Name("functools", ast.Load()), "partial", ast.Load()),
                            [made.args[0]], [ast.keyword(keyword.arg, clone(keyword.value))])
    made.keywords = [k for k in made.keywords if k.arg != "static_argnames"] + (
        [ast.keyword("static_argnames", ast.Constant(tuple(kept) if len(kept) > 1 else kept[0]))] if kept else [])
    again = clone(call)
    again.keywords = [k for k in again.keywords if k.arg != keyword.arg]
    code = (f"{call.func.id} = {ast.unparse(made)}   # `{keyword.arg}` bound: a constant of the trace, never hashed\n"
            f"{ast.unparse(again)}")
    fix = Fix("static", code, f"`{keyword.arg}` is an array, which has no hash, so it cannot be a static argument; "
              "bound into the function with `functools.partial` before the jit, it is a constant of the trace, which "
              "the library reads as the NumPy array it is")
    _try(fix, jitted, keyword.arg, pure_or(keyword.value, frame), again, frame, kept)
    return fix


def _jitting_statement(tree: ast.AST, name: str, before: int) -> ast.Assign | None:
    """The last ``name = ...jit(f, ...)`` statement of the cell above line ``before``."""
    found = [s for s in ast.walk(tree) if isinstance(s, ast.Assign) and s.lineno < before and len(s.targets) == 1
             and isinstance(s.targets[0], ast.Name) and s.targets[0].id == name and isinstance(s.value, ast.Call)
             and (text_of(s.value.func) or "").endswith("jit") and s.value.args]
    return max(found, key=lambda s: s.lineno) if found else None


def _try(fix: Fix, jitted: Any, keyword: str, value: Any, again: ast.Call, frame: Any, kept: list[str]) -> None:
    """Trace the jit with the keyword bound, on the call's other values: ``verified`` and ``outcome`` set."""
    try:
        args = tuple(v for a in again.args for v in (evaluate_pure(a.value, frame) if isinstance(a, ast.Starred) else [
            evaluate_pure(a, frame)]))
        kwargs = {k.arg: evaluate_pure(k.value, frame) for k in again.keywords if k.arg}
    except Impure:
        fix.outcome = "the call's other values could not be read without running your code"
        return
    fix.verified, fix.outcome = traced_abstractly(functools.partial(jitted.__wrapped__, **{keyword: value}), args,
                                                  kwargs, "the jit made with it bound",
                                                  static_argnames=tuple(kept) or None)


