"""Lambdas named as the user knows them: by the variable a jit of one was bound to, where it was written.

``rep = jax.jit(lambda x: x * 2)`` makes a function whose ``__qualname__`` is
``<lambda>``; a reader knows it as ``rep``. The statement that wrote it also
says what to run once instead of in a loop (``rep = jax.jit(lambda x: x * 2)``).
"""
from __future__ import annotations

import ast
import re
from typing import Any

from .source import parents, parse_file, statement_at, text_of, unwrap_function

__all__ = ["bound_name", "jit_call_of", "user_qualname"]


_sites: dict[tuple, Any] = {}  # (file, line) -> (the file's syntax tree, what _lambda_site found there)

# calls that make a jitted function of a lambda: a name bound to their result holds the lambda, jitted
_WRAPPERS = re.compile(r"(?:^|\.)(?:\w*jit|partial|vmap|pmap|grad|value_and_grad|checkpoint|remat|\w*_jit)$")


def _lambda_site(fn: Any) -> tuple[ast.Lambda, ast.stmt, dict] | None:
    """A lambda's node, the statement that holds it, and that statement's parent map.

    None for a named function, a lambda inside another function, or a line
    with more than one lambda (which one is meant cannot be told from it).
    Looked up once per line of a file's current text: a loop that jits a
    new lambda each pass pays it once.
    """
    plain = unwrap_function(fn)
    if plain is None or plain.__code__.co_name != "<lambda>" or "<lambda>.<locals>" in plain.__qualname__:
        return None
    code = plain.__code__
    tree = parse_file(code.co_filename)
    if tree is None:
        return None
    key = (code.co_filename, code.co_firstlineno)
    kept = _sites.get(key)
    if kept is None or kept[0] is not tree:  # (the tree is kept with the answer: the file's text changed)
        if len(_sites) > 256:
            _sites.clear()
        kept = _sites[key] = (tree, _find_lambda_site(tree, code.co_firstlineno))
    return kept[1]


def _find_lambda_site(tree: ast.Module, lineno: int) -> tuple[ast.Lambda, ast.stmt, dict] | None:
    statement = statement_at(tree, lineno)
    if statement is None:
        return None
    lambdas = [n for n in ast.walk(statement) if isinstance(n, ast.Lambda) and n.lineno == lineno]
    if len(lambdas) != 1:
        return None
    up = parents(statement)  # one statement's nodes: cheap even in a long module
    node: ast.AST = lambdas[0]
    while node in up:
        node = up[node]
        if isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)) and node is not statement:
            return None  # inside another function: that one is what the name holds
    return (lambdas[0], statement, up) if node is statement else None


def bound_name(fn: Any) -> str | None:
    """The name a lambda was bound to where it was written: ``rep`` for ``rep = jax.jit(lambda x: ...)``.

    None for a named function, or a lambda written where no single plain name
    receives it (an argument, a list, ``a, b = ...``).
    """
    site = _lambda_site(fn)
    if site is None:
        return None
    node, statement, up = site
    # the name holds the lambda, or what a jit (or partial, vmap, grad) made of it, never another call's result
    while up[node] is not statement:
        parent = up[node]
        if isinstance(parent, ast.keyword):
            node = parent
            continue
        callee = parent.func.func if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Call) else \
            getattr(parent, "func", None)  # partial(jax.jit, ...)(lambda ...): the partial's callee
        if not (isinstance(parent, ast.Call) and node is not parent.func and _WRAPPERS.search(text_of(callee))):
            return None
        node = parent
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return statement.target.id
    return None


def jit_call_of(fn: Any) -> str | None:
    """The code of the call that jits a lambda where it was written (``jax.jit(lambda x: x + 1)``), or None."""
    site = _lambda_site(fn)
    if site is None:
        return None
    node, statement, up = site
    while node is not statement:
        node = up[node]
        if isinstance(node, ast.Call) and text_of(node.func).rsplit(".", 1)[-1].endswith("jit"):
            return text_of(node)
    return None


def user_qualname(fn: Any) -> str | None:
    """``fn.__qualname__``, a lambda named by what it was bound to (``rep``, ``make.<locals>.rep``)."""
    name = getattr(fn, "__qualname__", None)
    if not isinstance(name, str):
        return None
    if name.endswith("<lambda>") and (bound := bound_name(fn)) is not None:
        return name[: -len("<lambda>")] + bound
    return name


