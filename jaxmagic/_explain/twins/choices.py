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

from ..._common.frames import quiet_leaves
from ..._common.source import clone
from ..explanation import Fix
from ..fixes.conditions import rest_of_function, rest_replaced
from ..fixes.rewrites import call
from ..fixes.site import Site, edit_fix, is_hashable

__all__ = ["switch_call", "functions_in", "names_in_list", "objects_in", "switch_branches", "switch_over_call", "switch_over_rest", "is_function"]


def switch_over_call(site: Site, node: ast.Subscript) -> Fix | None:
    """``gate(h, act=acts[i])`` → ``lax.switch(i, [lambda: gate(h, act=acts[0]), ...])``: one branch per
    element, each the whole call (or attribute read, ``v0[i].data``) around it, for a library that inspects
    the function it is given (calls it on sample values, reads its name) or objects no array can hold."""
    target = _whole(site, node)
    if target is node:
        return None
    held = (site.globals_ or {}).get(node.value.id) if isinstance(node.value, ast.Name) else None
    count = len(node.value.elts) if isinstance(node.value, (ast.List, ast.Tuple)) else len(held or ())
    if not 1 < count <= 8:
        return None
    index = ast.dump(node.slice)

    def chosen_too(sub: ast.Subscript) -> bool:  # ``trans[band]`` beside ``waves[band]``: a list as long, same index
        other = (site.globals_ or {}).get(sub.value.id) if isinstance(sub.value, ast.Name) else None
        return ast.dump(sub.slice) == index and isinstance(other, (list, tuple)) and len(other) == count

    class _Chosen(ast.NodeTransformer):
        def __init__(self, k: int) -> None:
            self.k = k

        def visit_Subscript(self, sub: ast.Subscript) -> ast.AST:
            if sub is node or ast.dump(sub) == ast.dump(node) or chosen_too(sub):
                return ast.Subscript(clone(sub.value), ast.Constant(self.k), ast.Load())
            return self.generic_visit(sub)

    no_params = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])
    branches = [ast.Lambda(no_params, _Chosen(k).visit(clone(target))) for k in range(count)]
    what = "call" if isinstance(target, ast.Call) else "expression"
    fix = edit_fix(
        "lax.switch", target,
        call(f"{site.names.lax}.switch", clone(node.slice), ast.List(branches, ast.Load())),
        f"a Python list cannot be indexed by a traced value, and what it holds cannot be an array; `lax.switch` "
        f"runs the whole {what} once per element and picks one in the compiled program",
    )
    if fix is not None and len(fix.code) > 72:  # one branch a line: readable in a narrow notebook
        fix.code = (f"{site.names.lax}.switch({ast.unparse(node.slice)}, [\n"
                    + "".join(f"    {ast.unparse(b)},\n" for b in branches) + "])")
    return fix


def switch_over_rest(site: Site, node: ast.Subscript) -> Fix | None:
    """``k = KERNELS[i](rho)`` then the rest up to ``return``: one function of the chosen element that runs the
    rest too, and ``lax.switch`` over it per element, so that each branch returns arrays where the element
    builds an object a branch cannot return (a kernel, a distribution)."""
    statements = getattr(site.definition, "body", None)
    statement = next((s for s in statements if any(n is node for n in ast.walk(s))), None) \
        if isinstance(statements, list) else None  # a lambda's body is one expression
    found = rest_of_function(site, statement) if statement is not None else None
    if found is None:
        return None
    rest, carried, taken = found
    chosen, runs = ("choice" if "choice" not in taken else "choice_"), ("with_choice" if "with_choice" not in taken
                                                                        else "with_choice_")
    wanted = ast.dump(node)

    class _Chosen(ast.NodeTransformer):
        def visit_Subscript(self, sub: ast.Subscript) -> ast.AST:
            return ast.Name(chosen, ast.Load()) if ast.dump(sub) == wanted else self.generic_visit(sub)

    made = ast.parse(f"def {runs}({', '.join([chosen, *carried])}):\n    pass").body[0]
    made.body = [_Chosen().visit(clone(statement)), *clone(rest)]
    branches = ast.parse(f"[{site.names.functools}.partial({runs}, element) for element in "
                         f"{ast.unparse(node.value)}]", mode="eval").body
    picked = ast.Return(call(f"{site.names.lax}.switch", clone(node.slice), branches,
                             *[ast.Name(n, ast.Load()) for n in carried]))
    edit, code = rest_replaced(statement, [made, picked], rest)
    return Fix("lax.switch", code + "\n# in place of the lines from the choice to the `return`",
               "a Python list cannot be indexed by a traced value, and what its elements build is no array; "
               "`lax.switch` runs the rest of the function once per element and picks one result in the compiled "
               "program", recipe=edit)


def _whole(site: Site, node: ast.expr) -> ast.expr:
    """The expression around ``node`` that makes an array of the chosen element: attribute reads on it
    (``v0[i].data``), then the call it is handed to or is the function of (``gate(h, act=acts[i])``)."""
    target = node
    for _ in range(8):
        parent = site.parent(target)
        parent = site.parent(parent) if isinstance(parent, ast.keyword) else parent
        if isinstance(parent, ast.Attribute) and parent.value is target:
            target = parent
            continue
        if isinstance(parent, ast.Call) and (parent.func is target or any(
                a is target for a in [*parent.args, *(k.value for k in parent.keywords)])):
            target = parent
        break
    return target


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


def _all_hashable(node: ast.expr, site: Site) -> bool:
    """True unless a value the list holds (a global list, or the globals a written list names) cannot be hashed."""
    globals_ = site.globals_ or {}
    held = globals_.get(node.id, ()) if isinstance(node, ast.Name) else [
        globals_.get(e.id) for e in getattr(node, "elts", []) if isinstance(e, ast.Name)]
    return all(is_hashable(value) for value in held) if isinstance(held, (list, tuple)) else True


def is_function(value: object) -> bool:
    return callable(value) and not hasattr(value, "shape")


def switch_branches(held: ast.expr, site: Site) -> ast.expr:
    """The list as ``lax.switch``'s branches: itself when it holds plain functions; else each item called from a
    lambda (a layer, a Module holding arrays: lax.switch hashes its branches, and neither a tracer nor an array can
    be hashed; coordinax's operators are callable Modules of arrays)."""
    if functions_in(held, site) and _all_hashable(held, site):
        return clone(held)
    made = ast.parse("[lambda *args, branch=branch: branch(*args) for branch in held]", mode="eval").body
    made.generators[0].iter = clone(held)
    return made


def switch_call(site: Site, node: ast.Subscript, called: ast.Call) -> ast.expr:
    """``lax.switch(i, branches, *operands)`` for ``held[i](args)``: the arguments that are arrays (or pytrees of
    them) go to ``lax.switch`` as operands; one that is not (a library's context object, ``cx``) cannot, and each
    branch takes it from where the user's call did."""
    values = {**(site.globals_ or {}), **(site.locals_ or {})}
    kept = [not isinstance(a, ast.Name) or a.id not in values or _operand(values[a.id]) for a in called.args]
    if all(kept) or called.keywords or any(isinstance(a, ast.Starred) for a in called.args):
        return call(f"{site.names.lax}.switch", clone(node.slice), switch_branches(node.value, site),
                    *clone(called.args))
    params = [f"operand{i}" for i, k in enumerate(kept) if k]
    given = iter(params)
    inner = ", ".join(next(given) if k else ast.unparse(a) for a, k in zip(called.args, kept))
    branches = ast.parse(f"[lambda {', '.join([*params, 'branch=branch'])}: branch({inner}) for branch in held]",
                         mode="eval").body
    branches.generators[0].iter = clone(node.value)
    return call(f"{site.names.lax}.switch", clone(node.slice), branches,
                *[clone(a) for a, k in zip(called.args, kept) if k])


def _operand(value: object) -> bool:
    """True for what ``lax.switch`` takes as an operand: an array, a number, or a pytree of them."""
    leaves = quiet_leaves(value)
    return all(isinstance(leaf, (jax.Array, np.ndarray, np.generic, bool, int, float, complex)) for leaf in leaves)


def names_in_list(container: ast.expr, site: Site) -> bool:
    """True when ``container`` (a name the failing frame reads) holds a list or tuple of strings (``coatings``, the
    materials to choose from): each choice builds a program of its own, so the index is better static."""
    held = {**(site.globals_ or {}), **(site.locals_ or {})}.get(container.id) if isinstance(container, ast.Name) \
        else None
    return isinstance(held, (list, tuple)) and bool(held) and all(isinstance(v, str) for v in held)
