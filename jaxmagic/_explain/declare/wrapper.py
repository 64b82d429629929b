"""The jit that decides what is static: ``equinox.filter_jit`` for a Module holding Python values, and for a
Module (or its bound method) jitted itself, which plain ``jax.jit`` hashes with the arrays it holds.

Plain ``jax.jit`` traces every leaf of a pytree argument. An equinox Module
keeps Python values among its leaves (a dropout's ``inference`` flag, an
activation function, a count), and library code branches on them in Python.
``equinox.filter_jit`` traces only the arrays and holds every other leaf
static, which is where equinox means that decision to be made.
"""
from __future__ import annotations

import ast
import dataclasses
import sys
from typing import Any

import jax

from ..._common.frames import quiet_leaves
from ..._common.source import copied
from ..explanation import Fix

__all__ = ["Rejit", "bound_method_fix", "filter_jit_fix", "filter_jit_for_static", "jit_statement", "replaced_in",
           "differentiated_inline"]


@dataclasses.dataclass
class Rejit:
    """Recipe: the user's function jitted by another wrapper (its static options dropped: it decides). ``held``:
    the callable to jit instead of a copy of the user's function (a method bound to its object, left as it is),
    and ``first``: an argument given before the call's own (the object, for its class's plain function)."""

    wrapper: str
    held: Any = None
    first: tuple = ()


def filter_jit_fix(facts: Any, leaf: str, held: Any, leaf_value: Any, globals_: dict) -> Fix | None:
    """``@eqx.filter_jit`` for ``facts``' function, when ``leaf`` is a Python value inside an equinox Module
    (``held``, the argument) passed to plain ``jax.jit``; None otherwise."""
    equinox = sys.modules.get("equinox")
    if (equinox is None or facts.wrapper != "jax.jit" or not isinstance(held, equinox.Module)
            or facts.transformed is not None or not _python_value(leaf_value)):
        return None
    alias = next((n for n, v in globals_.items() if v is equinox), None)
    spelled = f"{alias or 'eqx'}.filter_jit"
    importing = [] if alias else ["import equinox as eqx"]
    if facts.decorated:
        code = "\n".join([*importing, f"@{spelled}", facts.def_line, "    ...  # the body as it is"])
    else:
        code = "\n".join([*importing, jit_statement(facts, spelled)])
    shown = type(leaf_value).__name__ if not callable(leaf_value) else "function"
    return Fix(
        "static", code,
        f"`{leaf}` is a Python {shown} inside the equinox Module `{leaf.split('.', 1)[0].split('[', 1)[0]}`; "
        f"plain jax.jit traces every leaf, so library code that branches on it sees a tracer. "
        f"equinox.filter_jit traces only the arrays and holds the other leaves static",
        recipe=Rejit("equinox.filter_jit"),
    )


def filter_jit_for_static(facts: Any, name: str, value: Any, globals_: dict) -> Fix | None:
    """``@eqx.filter_jit`` for an equinox Module marked static in ``jax.jit``: its arrays make it unhashable,
    and traced whole its Python values (a pixel count) become tracers; filter_jit holds each leaf as it should."""
    equinox = sys.modules.get("equinox")
    if equinox is None or not isinstance(value, equinox.Module):
        return None
    try:
        leaves = jax.tree_util.tree_flatten_with_path(value)[0]
    except Exception:  # noqa: BLE001 - a Module JAX cannot flatten: no such fix
        return None
    held = next(((path, leaf) for path, leaf in leaves if _python_value(leaf)), None)
    if held is None or not any(hasattr(leaf, "shape") for _, leaf in leaves):
        return None
    return filter_jit_fix(facts, name + jax.tree_util.keystr(held[0]), value, held[1], globals_)


def _python_value(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str)) or (callable(value) and not hasattr(value, "shape"))


def bound_method_fix(method: Any, name: str, tree: ast.Module | None, globals_: dict) -> Fix | None:
    """The jit of a method bound to an object that cannot be hashed (``jax.jit(loss.evaluate)``, an equinox
    Module holding arrays), rewritten where the user wrote it: ``eqx.filter_jit(loss.evaluate)`` for a Module,
    whose arrays it traces; for another pytree, the class's function jitted and the object passed first. None
    for an object JAX cannot trace (a pattern is all there is)."""
    owner, function = getattr(method, "__self__", method), getattr(method, "__func__", None)
    equinox = sys.modules.get("equinox")
    written = _jit_written(name, tree)
    if written is None:
        return None
    jit_call, receiver, inline = written
    if equinox is not None and isinstance(owner, equinox.Module):
        alias = next((n for n, v in globals_.items() if v is equinox), None)
        new = ast.Call(ast.parse(f"{alias or 'eqx'}.filter_jit", mode="eval").body, [receiver], [])
        recipe = Rejit("equinox.filter_jit", held=method)
        held = receiver.value if isinstance(receiver, ast.Attribute) else receiver
        how = (f"equinox.filter_jit traces the arrays the Module `{ast.unparse(held)}` holds and keeps "
               "its other fields static" + (", the method included" if held is not receiver else ""))
    elif function is not None and any(hasattr(leaf, "shape") for leaf in quiet_leaves(owner)) and \
            isinstance(receiver, ast.Attribute) and globals_.get(type(owner).__name__) is type(owner):
        new = ast.Call(jit_call.func, [ast.Attribute(ast.Name(type(owner).__name__, ast.Load()), receiver.attr,
                                                     ast.Load())], [])
        recipe = Rejit("jax.jit", held=function, first=(owner,))
        how = (f"jit `{type(owner).__name__}.{receiver.attr}` and pass `{ast.unparse(receiver.value)}` as its first "
               "argument: a pytree, traced")
    else:
        return None
    bound = name if inline is None else None  # fast_loss = jax.jit(loss.evaluate); else written inline
    code = f"{bound} = {ast.unparse(new)}" if bound is not None else ast.unparse(
        replaced_in(inline, jit_call, new)) if inline is not None else ast.unparse(new)
    if recipe.first:
        code += f"\n# and call it with `{ast.unparse(receiver.value)}` first: {bound or '...'}({ast.unparse(receiver.value)}, ...)"
    what = "a method bound to its object" if isinstance(receiver, ast.Attribute) else "the object itself"
    summary = (f"`{ast.unparse(jit_call)}` jits {what}; JAX hashes the function it caches the compiled code on, and "
               f"so the object, which holds arrays. Pass the object traced instead: {how}")
    importing = "" if equinox is None or recipe.wrapper != "equinox.filter_jit" or any(
        v is equinox for v in globals_.values()) else "import equinox as eqx\n"
    return Fix("not-static", importing + code, summary, recipe=recipe)


def _jit_written(name: str, tree: ast.Module | None) -> tuple[ast.Call, ast.expr, ast.stmt | None] | None:
    """The user's ``jax.jit(obj.method)`` (or ``jax.jit(model)``) that made ``name``, with what it jits and, where it
    is written inline (``jax.jit(model)(x)``: ``name`` is what it jits), the statement holding it."""
    if tree is None:
        return None
    for statement in (s for s in ast.walk(tree) if isinstance(s, ast.stmt) and not hasattr(s, "body")):
        for node in ast.walk(statement):
            if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords
                    and isinstance(node.args[0], (ast.Attribute, ast.Name))
                    and ast.unparse(node.func).rsplit(".", 1)[-1] == "jit"):
                continue
            if isinstance(statement, ast.Assign) and statement.value is node and len(statement.targets) == 1 and \
                    isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == name:
                return node, node.args[0], None
            if ast.unparse(node.args[0]) == name:
                return node, node.args[0], statement
    return None


def replaced_in(statement: ast.stmt, old: ast.AST, new: ast.AST) -> ast.stmt:
    """A copy of ``statement`` with the node ``old`` put as ``new``."""
    class Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            return new if node is old else super().visit(node)

    return Swap().visit(copied(statement, {id(old): old}))


def jit_statement(facts: Any, jit: str, options: str = "") -> str:
    """``fast = eqx.filter_jit(scale)``: the function jitted by ``jit`` (with ``options``), bound to the name the
    user's own statement jitted it under (``fast = jax.jit(scale)``), else to its own name."""
    bound = inner = facts.name
    if facts.transformed is not None:  # ``train_step = jax.jit(jax.value_and_grad(loss))``: the transforms kept
        called = ast.parse(facts.transformed[1], mode="eval").body
        jitted = isinstance(called, ast.Call) and called.args and ast.unparse(called.func).endswith("jit")
        bound, inner = facts.transformed[0] or facts.name, ast.unparse(called.args[0] if jitted else called)
        if not jitted and options.startswith("static_argnames") and _differentiates(called):
            # no jit at all: grad traces only the arguments it differentiates, so a keyword stays a Python value
            said = (f"# grad differentiates (and traces) only its argnums: pass {options.split('=', 1)[1]} by "
                    "keyword, a Python value")
            return f"{bound} = {inner}  {said}" if facts.transformed[0] else said  # ``jax.grad(f)(x)``: as written
    elif facts.jitted_as is not None:
        called = ast.parse(facts.jitted_as[1], mode="eval").body
        bound, inner = facts.jitted_as[0] or facts.name, ast.unparse(called.args[0])
    return f"{bound} = {jit}({inner}{', ' + options if options else ''})"


_DIFFERENTIATING = ("grad", "value_and_grad")


def _differentiates(called: ast.expr) -> bool:
    """True for ``jax.grad(f)`` or ``jax.value_and_grad(f, ...)`` written with no jit around it."""
    return isinstance(called, ast.Call) and ast.unparse(called.func).rsplit(".", 1)[-1] in _DIFFERENTIATING


def differentiated_inline(facts: Any) -> str | None:
    """``jax.grad(f)`` as the user wrote it in the failing call itself (no jit, no name bound), else None."""
    held = facts.transformed
    return held[1] if held is not None and not held[0] and _differentiates(ast.parse(held[1], mode="eval").body) \
        else None
