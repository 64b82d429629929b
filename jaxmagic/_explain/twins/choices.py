"""JAX's twin of a Python list indexed by a traced value: ``lax.switch`` over its elements.

A list of functions (activations, policies) or of library objects (a PSF per
band) cannot be indexed by a tracer. ``lax.switch`` picks one branch per
element inside the compiled program: over the functions themselves where the
chosen one is simply called, over the whole call where it is handed to a
library that inspects it.
"""
from __future__ import annotations

import ast

import jax
import numpy as np

from ..._common.source import clone
from ..explanation import Fix
from ..fixes.rewrites import call
from ..fixes.site import Site, edit_fix

__all__ = ["functions_in", "objects_in", "switch_over_call", "is_function"]


def switch_over_call(site: Site, node: ast.Subscript) -> Fix | None:
    """``gate(h, act=acts[i])`` → ``lax.switch(i, [lambda: gate(h, act=acts[0]), ...])``: one branch per
    function, each the whole call, for a library that inspects the function it is given (calls it on sample
    values, reads its name) and so cannot take ``partial(lax.switch, i, acts)`` in its place."""
    parent = site.parent(node)
    parent = site.parent(parent) if isinstance(parent, ast.keyword) else parent
    if not isinstance(parent, ast.Call) or not any(a is node for a in [*parent.args, *(k.value for k in parent.keywords)]):
        return None
    held = (site.globals_ or {}).get(node.value.id) if isinstance(node.value, ast.Name) else None
    count = len(node.value.elts) if isinstance(node.value, (ast.List, ast.Tuple)) else len(held or ())
    if not 1 < count <= 8:
        return None
    branches = []
    for k in range(count):
        one = clone(parent)
        chosen = ast.Subscript(clone(node.value), ast.Constant(k), ast.Load())
        one.args = [chosen if ast.dump(a) == ast.dump(node) else a for a in one.args]
        for keyword in one.keywords:
            if ast.dump(keyword.value) == ast.dump(node):
                keyword.value = chosen
        branches.append(ast.Lambda(ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                                   one))
    return edit_fix(
        "lax.switch", parent,
        call(f"{site.names.lax}.switch", clone(node.slice), ast.List(branches, ast.Load())),
        "a Python list of functions cannot be indexed by a traced value, and this call inspects the function "
        "it is given; `lax.switch` runs the whole call once per function and picks one in the compiled program",
    )


def functions_in(node: ast.expr, site: Site) -> bool:
    """True when ``node`` is a list or tuple of functions: written so, or a global holding one."""
    globals_ = site.globals_ or {}
    if isinstance(node, (ast.List, ast.Tuple)):  # lambdas, or names of functions (not of arrays)
        return bool(node.elts) and all(isinstance(e, ast.Lambda) or (isinstance(e, ast.Name) and is_function(
            globals_.get(e.id))) for e in node.elts)
    held = globals_.get(node.id) if isinstance(node, ast.Name) else None
    return isinstance(held, (list, tuple)) and bool(held) and all(is_function(f) for f in held)


def objects_in(node: ast.expr, site: Site) -> bool:
    """True when ``node`` names a global list or tuple of objects that are neither numbers nor arrays."""
    held = (site.globals_ or {}).get(node.id) if isinstance(node, ast.Name) else None
    return isinstance(held, (list, tuple)) and bool(held) and not any(
        isinstance(v, (bool, int, float, complex, np.ndarray, jax.Array, list, tuple)) for v in held)


def is_function(value: object) -> bool:
    return callable(value) and not hasattr(value, "shape")
