"""A traced flag handed to a call that needs a Python bool: ``lax.cond`` on the flag, the call made for each value.

``forward = i % 2 == 0`` in a scan's body, then ``c2c(row, forward=forward)`` (jaxbind): the library makes the
flag a parameter of its primitive, a compile-time constant, which a tracer cannot be. The flag has two values;
``lax.cond`` picks between the call made with ``True`` and the call made with ``False``, both traced, each with a
Python bool. Tried like any edit of the user's line.
"""
from __future__ import annotations

import ast
import types

import jax
import numpy as np

from ..._common.source import clone, parameter_names
from ..explanation import Fix
from ..fixes.rewrites import call, lambda_of
from ..fixes.site import Site, dotted_of, edit_fix
from ..declare.leaf import at_path
from ..recover import Impure, evaluate_pure

__all__ = ["flag_branches_fix", "given_as_python_bool"]


def flag_branches_fix(site: Site) -> Fix | None:
    """``lax.cond(flag, lambda: f(..., k=True), lambda: f(..., k=False))`` in place of the call on the failing line
    that hands a traced scalar bool (a local the failing frame computed, or a leaf of an argument, ``leg["is_call"]``;
    not a parameter, which static fits) as its keyword ``k``; where the library's own ``if`` refused it
    (bool-conversion: jaxfolio's ``black_scholes_price(..., is_call=...)`` under ``vmap``), ``jnp.where`` between the
    two calls, array-level logic first. None elsewhere."""
    handed = _flag_handed(site)
    if handed is None:
        return None
    node, keyword, given = handed
    branches = []
    for value in (True, False):
        made = clone(node)
        next(k for k in made.keywords if k.arg == keyword.arg).value = ast.Constant(value)
        branches.append(made)
    spelled = ast.unparse(given)
    if site.kind == "bool-conversion":  # both made, one picked elementwise: what vmap would do anyway
        chosen = call(f"{site.names.jnp}.where", clone(given), *branches)
        return edit_fix("jnp.where", node, chosen,
                        f"`{dotted_of(node.func)}` branches on `{keyword.arg}` in Python, and `{spelled}` "
                        "is traced: make the call with True and with False, and let `jnp.where` pick",
                        extra=("lax.cond",))
    chosen = call(f"{site.names.lax}.cond", clone(given), *(lambda_of(b) for b in branches))
    return edit_fix("lax.cond", node, chosen,
                    f"`{dotted_of(node.func)}` needs `{keyword.arg}` as a Python bool (a constant of the "
                    f"program it builds), and `{spelled}` is traced: let `lax.cond` choose between "
                    "the call made with True and the call made with False")


def given_as_python_bool(site: Site) -> bool:
    """True when the flag handed on the failing line is a leaf of the jitted function's argument that the user's call
    gave as a Python bool (``FilterConfig(leaky_average=True)``, a dataclass field left dynamic): a setting, the same
    for every call with that config, which static fits before both calls made (a flag ``vmap`` batches, or one the
    function computes, is data)."""
    handed, facts = _flag_handed(site), site.facts
    root = handed[2] if handed is not None else None
    while isinstance(root, (ast.Attribute, ast.Subscript)):
        root = root.value
    if facts is None or not isinstance(root, ast.Name) or root.id not in facts.values:
        return False
    found, value = at_path(facts.values[root.id], ast.unparse(handed[2]).replace('"', "'"))
    return found and isinstance(value, bool)


def _flag_handed(site: Site) -> tuple[ast.Call, ast.keyword, ast.expr] | None:
    """The call on the failing line, its keyword and the expression it hands there that holds a traced scalar bool
    (not a parameter of the failing function's: static fits that)."""
    params = set(parameter_names(site.definition)) if site.definition is not None else set()
    frame = types.SimpleNamespace(f_locals=site.locals_ or {}, f_globals=site.globals_ or {})
    for node in ast.walk(site.node) if site.node is not None else ():
        for keyword in node.keywords if isinstance(node, ast.Call) else ():
            given = keyword.value
            if isinstance(given, ast.Name) and given.id in params or not isinstance(
                    given, (ast.Name, ast.Subscript, ast.Attribute)):
                continue  # (a parameter: static fits)
            try:
                held = evaluate_pure(given, frame)
            except Impure:
                continue
            if isinstance(held, jax.core.Tracer) and held.shape == () and held.dtype == np.bool_:
                return node, keyword, given
    return None
