"""Whether the user hands a function to a library that calls it, and never calls it themselves.

A leak's first fix is to return the stored value (JAX's rule: only outputs leave a trace). That needs the
caller to take the extra output; when the caller is a library (``rax.ndcg_metric(..., discount_fn=f)``,
a gate list given to ``qujax``, a cost under ``@jaxls.Cost.create_factory``), returning more breaks what the
library does with the result, and the fix that keeps the user's intent is a callback. The user's own file
tells which: every place that names the function is read, without running anything.
"""
from __future__ import annotations

import ast
import sys
import types
from collections.abc import Iterator

from ..._common.errors import is_installed_library
from ..._common.source import every_node
from ..recover import Impure, evaluate_pure, frame_of
from ..retrace.replay import package_of

__all__ = ["handed_to_a_scan", "handed_at", "library_caller"]


def library_caller(name: str, tree: ast.Module, globals_: dict) -> str | None:
    """The library that calls the user's top-level function ``name``, when the file hands it to library code
    (as an argument, inside a list or dict given as one, or through a library's decorator) and never calls
    it directly or hands it to JAX; else None."""
    frame = frame_of(globals_)
    definition = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None)
    if definition is None:
        return None
    decorator = definition.decorator_list[0] if definition.decorator_list else None
    spelled = decorator.func if isinstance(decorator, ast.Call) else decorator
    if decorator is not None and not _transform(spelled):  # a library's decorator: its wrapper is what the name
        return _package(spelled, frame)                     # holds, and the library calls it
    found: set[str] = set()
    called = {id(n.func) for n in every_node(tree) if isinstance(n, ast.Call)}
    handing = {id(a): n for n in every_node(tree) if isinstance(n, ast.Call) for a in [*n.args, *(
        k.value for k in n.keywords)]}
    for holder, _ in _uses(name, tree):
        if holder is not None and id(holder) in called:
            return None  # ``mixed_map(f)(x)``: the library made a wrapper the user calls, and gets f's outputs back
        if holder is not None and _transform(holder.func) and id(holder) in handing:
            holder = handing[id(holder)]  # ``jac=jax.grad(f)`` handed to the library, which calls it too
        library = _package(holder.func, frame) if holder is not None else None
        if library is None:
            return None  # called, kept under a name, or handed to JAX or to the user's own code
        found.add(library)
    return sorted(found)[0] if len(found) == 1 else None


# a library's transformation (``nnx.jit``, ``eqx.filter_jit``, ``jax.grad``) makes a wrapper the user calls
_TRANSFORMS = {"jit", "filter_jit", "pmap", "vmap", "filter_vmap", "grad", "filter_grad", "value_and_grad",
               "filter_value_and_grad", "checkpoint", "remat", "filter_checkpoint", "scan"}


def _transform(node: ast.expr | None) -> bool:
    parts = []
    while isinstance(node, ast.Attribute):
        parts, node = [node.attr, *parts], node.value
    if isinstance(node, ast.Name):
        parts = [node.id, *parts]
    return bool(parts) and parts[-1] in _TRANSFORMS


def handed_to_a_scan(name: str, tree: ast.Module) -> bool:
    """True when the file's one use of the top-level function ``name`` is as the body of a scan (the first argument
    of a call whose callee ends in ``scan``: ``lax.scan``, powerpax's ``sliced_scan``) and every ``return`` of it
    gives ``(carry, y)``: the scan stacks ``y``, whatever jit the library traces the body under."""
    definition = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None)
    used = handed_at(name, tree)
    if definition is None or used is None or not used[0].args or used[0].args[0] is not used[1]:
        return False
    callee = used[0].func
    short = callee.attr if isinstance(callee, ast.Attribute) else callee.id if isinstance(callee, ast.Name) else ""
    returns = [n for n in ast.walk(definition) if isinstance(n, ast.Return)]
    return short.endswith("scan") and bool(returns) and all(
        isinstance(r.value, ast.Tuple) and len(r.value.elts) == 2 for r in returns)


def handed_at(name: str, tree: ast.Module) -> tuple[ast.Call, ast.Name] | None:
    """The one call that hands ``name`` over, and the name's node among its arguments; None unless the file
    names the function in exactly one such place."""
    uses = list(_uses(name, tree))
    return uses[0] if len(uses) == 1 and uses[0][0] is not None else None  # type: ignore[return-value]


def _uses(name: str, tree: ast.Module) -> Iterator[tuple[ast.Call | None, ast.Name]]:
    """Each place the file reads ``name``: the call it is handed to (through a list, tuple or dict given as an
    argument, or a list joined to others), or None when it is called or kept otherwise."""
    parents = {id(child): node for node in every_node(tree) for child in ast.iter_child_nodes(node)}
    for node in every_node(tree):
        if not (isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)):
            continue
        holder = parents.get(id(node))
        while isinstance(holder, (ast.List, ast.Tuple, ast.Dict, ast.keyword, ast.Starred)) or (
                isinstance(holder, ast.BinOp) and isinstance(holder.op, ast.Add)):  # ``layers[:3] + [tap] + ...``
            holder = parents.get(id(holder))
        yield (holder if isinstance(holder, ast.Call) and holder.func is not node else None), node


def _package(node: ast.expr, frame: types.SimpleNamespace) -> str | None:
    try:
        value = evaluate_pure(node, frame, library_values=True)
    except Impure:
        return None
    module = getattr(value, "__module__", None) or getattr(type(value), "__module__", None)
    package = package_of(module) if isinstance(module, str) else None
    # an installed library's, never Python's own (functools) nor a module of the user's (utils.py)
    return package if package and is_installed_library(getattr(sys.modules[package], "__file__", "") or "") else None
