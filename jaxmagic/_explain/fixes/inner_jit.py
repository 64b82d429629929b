"""A static value passed through an inner ``jax.jit`` comes back traced: call the plain function there.

Inside a jitted function every call of another jitted function returns
tracers, even for static inputs; where Python then needs the value (a size,
``float()``), the fix is to call the inner function unjitted.
"""
from __future__ import annotations

import ast

from ..._common.source import clone
from ..._tracking.tracked import is_jit_object
from ..explanation import Fix
from .site import Site, edit_fix

__all__ = ["inner_jit_fix", "jit_call_fix"]


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
