"""A ``lax.fori_loop`` whose body hands its counter to library code that needs a Python int: the loop made Python's.

diffusers' schedulers compute ``min(timestep + 1, order)`` in Python inside ``scheduler.step(state, out, i, x)``;
under ``lax.fori_loop(0, 10, denoise_step, carry)`` the counter ``i`` is traced, and the library's own ``min`` asks
for its truth. No rewrite of the user's line helps, the library's code is not theirs: a Python loop over the same
bounds hands the body a Python int each step, and the body is traced once per step where it is jitted::

    carry = (latents, state)
    for i in range(0, 10):
        carry = denoise_step(i, carry)
    latents, state = carry

It is tried by tracing that loop abstractly, the carry's arrays traced (``PythonLoop``).
"""
from __future__ import annotations

import ast
import dataclasses
from typing import Any

import jax
import numpy as np

from ..._common.source import parameter_names, text_of
from ..explanation import Fix
from ..fixes.rewrites import Edit
from ..fixes.site import Site, dotted_of
from ..recover import Impure, evaluate_pure, frame_of
from ..values.callee import library_file

__all__ = ["PythonLoop", "python_loop_fix"]

_MOST_STEPS = 1000  # a longer loop traced step by step would be slower than the user would accept
_KINDS = ("bool-conversion", "concretization", "integer-conversion", "traced-shape")


@dataclasses.dataclass
class PythonLoop:
    """Recipe: the body run by a Python loop from ``lower`` to ``upper`` on ``init``, traced abstractly."""

    body: Any
    lower: int
    upper: int
    init: Any

    def loop(self, carry: Any) -> Any:
        """The loop, as the fix writes it."""
        for i in range(self.lower, self.upper):
            carry = self.body(i, carry)
        return carry


def python_loop_fix(site: Site) -> Fix | None:
    """The user's ``lax.fori_loop`` of the failing function made a Python loop, when the failing value is the
    function's counter and the failing line calls library code or picks an object out of a Python list with it (a
    list of operators, which no ``jnp`` array can hold); else None. A loop at the cell's top level is tried as a
    ``PythonLoop``; one in the function that defines the body (``return lax.fori_loop(0, len(ops), body, x)`` in a
    jitted function) is an edit of that statement, tried by running the failing trace again."""
    definition, tree = site.definition, site.tree
    if site.kind not in _KINDS or not isinstance(definition, ast.FunctionDef) or tree is None or \
            site.globals_ is None:
        return None
    params = parameter_names(definition)
    if len(params) != 2 or site.argument != params[0] or not (
            _calls_library(site) or _picks_from_list(site, params[0])):
        return None
    frame = frame_of(site.globals_)
    parent = site.parent(definition)
    inner = parent.body if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
    for statement in [*getattr(tree, "body", []), *inner]:
        call = statement.value if isinstance(statement, (ast.Assign, ast.Expr, ast.Return)) else None
        if not (isinstance(call, ast.Call) and (dotted_of(call.func) or "").rsplit(".", 1)[-1] == "fori_loop"
                and len(call.args) == 4 and not call.keywords and isinstance(call.args[2], ast.Name)
                and call.args[2].id == definition.name) or (isinstance(statement, ast.Return) and not inner):
            continue
        try:
            lower, upper = (evaluate_pure(a, frame) for a in call.args[:2])
            body, init = (evaluate_pure(a, frame) for a in call.args[2:]) if statement not in inner else (None, None)
        except Impure:
            continue
        if type(lower) is not int or type(upper) is not int or not 0 <= upper - lower <= _MOST_STEPS:
            continue
        code = _code(statement, call, params[0])
        recipe = Edit(statement, ast.parse(code).body) if statement in inner else PythonLoop(body, lower, upper, init)
        why = "library code that needs it as a Python int" if _calls_library(site) else \
            "a Python list, which only a Python int can index"
        return Fix(
            "static", code,
            f"`{site.argument}` reaches {why}, and a `lax.fori_loop` counter never is one: a Python loop over the "
            "same bounds gives the body one each step (the body is traced once per step under jit; keep the loop "
            "short)",
            recipe=recipe)
    return None


def _picks_from_list(site: Site, counter: str) -> bool:
    """True when the failing line indexes a Python list or tuple of objects that are not all arrays of one shape
    (JAX cannot stack them into one array to index with a tracer) with the counter."""
    scope = frame_of(site.globals_, site.locals_)
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    for node in ast.walk(statement) if statement is not None else ():
        if not (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == counter):
            continue
        try:
            held = evaluate_pure(node.value, scope)
        except Impure:
            continue
        if isinstance(held, (list, tuple)) and held and len({getattr(v, "shape", None) if isinstance(
                v, (np.ndarray, jax.Array)) else id(v) for v in held}) > 1:
            return True
    return False


def _code(statement: ast.stmt, call: ast.Call, counter: str) -> str:
    """The Python loop in the user's names: the carry under the statement's own name where it has one."""
    lower, upper, body, init = (text_of(a) for a in call.args)
    target = statement.targets[0] if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None
    carry = target.id if isinstance(target, ast.Name) else "carry"
    lines = [f"{carry} = {init}", f"for {counter} in range({lower}, {upper}):  # a Python int each step",
             f"    {carry} = {body}({counter}, {carry})"]
    if target is not None and not isinstance(target, ast.Name):
        lines.append(f"{text_of(target)} = {carry}")
    if isinstance(statement, ast.Return):
        lines.append(f"return {carry}")
    return "\n".join(lines)


def _calls_library(site: Site) -> bool:
    """True when the failing line calls a function (or an object's method) an installed library defined."""
    scope = frame_of(site.globals_, site.locals_)
    for node in (n for n in ast.walk(site.node) if isinstance(n, ast.Call)) if site.node is not None else ():
        try:
            callee = evaluate_pure(node.func, scope)
        except Impure:
            continue
        if library_file(callee) is not None:
            return True
    return False
