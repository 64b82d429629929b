"""The user's source code as syntax trees: files, functions, and the failing expression.

Cells and modules are parsed from :mod:`linecache` (IPython registers every
cell there), so line and column numbers are the user's own. The exact
expression that raised comes from the code object's position table
(Python 3.11+), which names a column range, not only a line.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import linecache
import re
import types
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from .through import dispatching

__all__ = [
    "as_load", "as_store", "copied", "definition_of", "defines", "own_nodes", "same_node", "inside", "replace_statement",
    "Position", "parse_file", "position_of", "every_node", "node_at", "enclosing_function", "function_node", "unwrap_function",
    "innermost_function", "layers", "names_in", "parameter_names", "text_of", "without_partial", "statement_at", "body_statement", "parents", "clone", "closed_over",
]

_MAGIC_LINE = re.compile(r"^(\s*)([%!].*)$")
_MAGIC_VALUE = re.compile(r"^(\s*[^\W\d][\w.]*\s*=\s*)([%!].*)$")  # x = !ls, files = %sx ls


@dataclasses.dataclass(frozen=True)
class Position:
    """Where an instruction of the user's code sits: lines and columns."""

    filename: str
    lineno: int
    end_lineno: int | None = None
    col: int | None = None
    end_col: int | None = None


_parsed: dict[tuple[str, int], ast.Module | None] = {}
_answers: dict[int, dict] = {}  # per parsed tree (shared by every explanation, so never changed): lookups answered


def parse_file(filename: str) -> ast.Module | None:
    """The syntax tree of a cell or module, None when its source is unknown (IPython magics and shell escapes,
    ``%%jittrace``, ``!ls``, blanked out: the rest of a cell parses with its own line numbers)."""
    lines = linecache.getlines(filename)
    if not lines:
        return None
    text = "".join(lines)
    key = (filename, hash(text))
    if key not in _parsed:
        if len(_parsed) > 64:
            _parsed.clear()
            _answers.clear()
        _parsed[key] = _parse(text)
        _answers[id(_parsed[key])] = {}
    return _parsed[key]


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except SyntaxError:
        pass
    blanked = "\n".join(
        _MAGIC_LINE.sub(lambda m: m.group(1) + "pass", _MAGIC_VALUE.sub(lambda m: m.group(1) + "None", line))
        for line in text.splitlines()
    )
    try:
        return ast.parse(blanked)
    except SyntaxError:
        return None


def position_of(tb: types.TracebackType) -> Position:
    """The position of the instruction a traceback entry stopped at."""
    code = tb.tb_frame.f_code
    try:
        positions = list(code.co_positions())
        lineno, end_lineno, col, end_col = positions[tb.tb_lasti // 2]
    except (IndexError, AttributeError, ValueError):
        lineno = end_lineno = col = end_col = None
    if lineno is None or lineno != tb.tb_lineno:
        return Position(code.co_filename, tb.tb_lineno)
    return Position(code.co_filename, lineno, end_lineno, col, end_col)


def _remembered(find: Callable) -> Callable:
    """``find(tree, *key)`` answered once per parsed tree and key (a walk of a whole cell costs, asked again and
    again by the stages)."""
    @functools.wraps(find)
    def remembered(tree: ast.AST, *args: Any, **options: Any) -> Any:
        answers = _answers.get(id(tree))
        if answers is None:
            return find(tree, *args, **options)
        key = (find, args, tuple(sorted(options.items())))
        if key not in answers:
            answers[key] = find(tree, *args, **options)
        return answers[key]
    return remembered


@_remembered
def every_node(tree: ast.AST) -> tuple[ast.AST, ...]:
    """All of ``tree``'s nodes in ``ast.walk``'s order, walked once per parsed tree (the stages ask many times)."""
    return tuple(ast.walk(tree))


def _walked_already(tree: ast.AST) -> tuple[ast.AST, ...] | None:
    """:func:`every_node`'s answer for ``tree`` when it was asked already, else None (no walk is made)."""
    return _answers.get(id(tree), {}).get((every_node.__wrapped__, (), ()))


@_remembered
def node_at(tree: ast.AST, position: Position) -> ast.AST | None:
    """The smallest expression exactly at ``position`` (or the statement on its line)."""
    if position.col is not None:
        walked = _walked_already(tree)  # (a first ask stops where found)
        for node in walked if walked is not None else ast.walk(tree):
            if isinstance(node, ast.expr) and (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset) == (
                    position.lineno, position.col, position.end_lineno, position.end_col):
                return node
    return statement_at(tree, position.lineno)


@_remembered
def statement_at(tree: ast.AST, lineno: int) -> ast.stmt | None:
    """The innermost statement that starts on, or spans, ``lineno``."""
    best: ast.stmt | None = None
    for node in every_node(tree):
        if isinstance(node, ast.stmt) and node.lineno <= lineno <= (node.end_lineno or node.lineno):
            if best is None or node.lineno >= best.lineno and _size(node) <= _size(best):
                best = node
    return best


def body_statement(function: ast.AST | None, lineno: int) -> ast.stmt | None:
    """The statement of ``function``'s own body (not one nested in it) that spans ``lineno``; None for a lambda."""
    body = getattr(function, "body", None)
    spans = [s for s in body if s.lineno <= lineno <= (s.end_lineno or s.lineno)] if isinstance(body, list) else []
    return spans[0] if spans else None


def _size(node: ast.AST) -> int:
    return (node.end_lineno or node.lineno) - node.lineno


def parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's parent, for walking outwards from a node."""
    found: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            found[child] = node
    return found


FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@_remembered
def enclosing_function(tree: ast.AST, lineno: int, lambdas: bool = True) -> FunctionNode | None:
    """The innermost function definition whose body holds ``lineno``; with ``lambdas`` False, the innermost
    ``def`` (a statement's: a lambda on its line, ``jax.tree.map(lambda p: ..., params)``, holds no statement)."""
    best = None
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda) if lambdas else (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in every_node(tree):
        if isinstance(node, kinds):
            if node.lineno <= lineno <= (node.end_lineno or node.lineno):
                if best is None or node.lineno >= best.lineno:
                    best = node
    return best


def without_partial(fn: Any) -> Any:
    """The callable a ``functools.partial`` (or a chain of them) wraps; ``fn`` itself otherwise."""
    for _ in range(32):  # partials nest finitely; the bound guards against odd objects all the same
        if not isinstance(fn, functools.partial):
            break
        fn = fn.func
    return fn


def unwrap_function(fn: Any) -> Callable | None:
    """The plain Python function behind a jit, a bound method or a partial."""
    for _ in range(8):
        fn = without_partial(fn)
        if isinstance(fn, types.FunctionType):
            return fn
        if hasattr(fn, "resolve_method") and hasattr(fn, "methods"):
            return dispatching(fn)  # a multiple-dispatch function (plum's): what it wraps is only a signature
        inner = getattr(fn, "_fun", None) or getattr(fn, "__func__", None) or getattr(fn, "__wrapped__", None)
        if inner is None:
            return None
        fn = inner
    return None


def innermost_function(fn: Any) -> types.FunctionType | None:
    """The user's own ``def`` at the bottom of a stack of wrappers, for naming and placing it.

    Follows partials, bound methods, jit objects and every ``functools.wraps``
    (``jax.grad``, ``jax.pmap``, a library's wrapper) down to the last plain
    function; :func:`unwrap_function` stops at the first, the one to call.
    """
    found = None
    for _ in range(16):
        fn = without_partial(fn)
        if isinstance(fn, types.FunctionType):
            found = fn
        try:
            inner = getattr(fn, "__wrapped__", None) or getattr(fn, "__func__", None) or getattr(fn, "_fun", None)
        except Exception:  # noqa: BLE001 - an object answering attributes its own way
            inner = None
        if inner is None and getattr(fn, "__qualname__", "") == "checkify.<locals>.checked_fun":
            inner = closed_over(fn, "f")  # checkify's wrapper names the function it checks only in its closure
        if inner is None or inner is fn:
            break
        fn = inner
    if found is None and callable(fn) and not isinstance(fn, type):
        call = getattr(type(fn), "__call__", None)  # an instance of the user's class: its ``__call__``
        found = call if isinstance(call, types.FunctionType) else None
    return found


def closed_over(fn: types.FunctionType, name: str) -> Any:
    """The value of the variable ``name`` that ``fn`` closes over, or None."""
    names = fn.__code__.co_freevars
    try:
        return fn.__closure__[names.index(name)].cell_contents if name in names and fn.__closure__ else None
    except ValueError:  # an empty cell
        return None


def layers(fn: Any) -> list[types.FunctionType]:
    """Every plain function in a stack of wrappers, outermost first, down to the user's own ``def``.

    Besides ``__wrapped__``, a JAX transformation's wrapper (``jax.grad``'s) hides its own
    function (``grad_f``) in its closure as ``fun``: it is listed too, so ``grad(loss)`` and
    ``vmap(loss)`` differ although both wrap ``loss`` under the same outer wrapper.
    """
    found: list[types.FunctionType] = []
    for _ in range(16):
        fn = without_partial(fn)
        if isinstance(fn, types.FunctionType):
            found.append(fn)
            hidden = closed_over(fn, "fun")
            if isinstance(hidden, types.FunctionType) and hidden is not getattr(fn, "__wrapped__", None):
                found.append(hidden)
        try:
            inner = getattr(fn, "__wrapped__", None)
        except Exception:  # noqa: BLE001
            inner = None
        if inner is None or inner is fn:
            break
        fn = inner
    return found


def function_node(fn: Any) -> tuple[FunctionNode, str] | None:
    """The definition of ``fn`` in its file's syntax tree, with the file name."""
    plain = unwrap_function(fn)
    if plain is None:
        return None
    code = plain.__code__
    tree = parse_file(code.co_filename)
    if tree is None:
        return None
    node = definition_of(tree, code)
    return (node, code.co_filename) if node is not None else None


def definition_of(tree: ast.AST, code: types.CodeType) -> FunctionNode | None:
    """The ``def`` (or lambda) of ``tree`` that compiled to ``code``."""
    return next((n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                 and defines(n, code)), None)


def defines(node: ast.AST, code: types.CodeType) -> bool:
    """True when ``code`` is compiled from ``node``: its name, and its first line (a decorator's, if any)."""
    if isinstance(node, ast.Lambda):
        return code.co_name == "<lambda>" and code.co_firstlineno == node.lineno
    lines = (node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ())))
    return code.co_name == getattr(node, "name", None) and code.co_firstlineno in lines


def parameter_names(node: FunctionNode) -> list[str]:
    """The parameter names of a definition, in order (``*args`` and ``**kw`` included)."""
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args)]
    if a.vararg:
        names.append(a.vararg.arg)
    names += [p.arg for p in a.kwonlyargs]
    if a.kwarg:
        names.append(a.kwarg.arg)
    return names


def clone(node: Any) -> Any:
    """A deep copy of a syntax tree, by its fields only (see :func:`copied`)."""
    if isinstance(node, list):
        return [clone(item) for item in node]
    if not isinstance(node, ast.AST):
        return node
    # fields given to the constructor (Python 3.13 warns, and 3.15 will refuse, a node made without them)
    fields = {field: clone(getattr(node, field)) for field in node._fields if hasattr(node, field)}
    attributes = {attr: getattr(node, attr) for attr in node._attributes if hasattr(node, attr)}
    return type(node)(**fields, **attributes)


def names_in(node: ast.AST) -> Iterator[str]:
    """Every variable name an expression or statement reads, in source order."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
            yield sub.id


def stored_names(node: ast.AST) -> Counter[str]:
    """How many times each variable name is assigned within ``node`` (nested functions included)."""
    return Counter(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))


def text_of(node: ast.AST) -> str:
    """The expression as code (normalised by :func:`ast.unparse`)."""
    return ast.unparse(node)


# --- editing syntax trees (fix code written for the user's function) ---------------


def own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``function``'s body (a lambda's one expression), not descending into functions or lambdas
    inside it."""
    body = getattr(function, "body", [])
    pending = list(body) if isinstance(body, list) else [body]
    while pending:
        node = pending.pop(0)
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            pending.extend(ast.iter_child_nodes(node))


def same_node(tree: ast.AST, node: ast.AST) -> ast.AST | None:
    """The node of ``tree`` (a copy of the tree ``node`` came from) at ``node``'s position."""
    key = (type(node), node.lineno, node.col_offset, getattr(node, "end_lineno", None))
    return next((c for c in ast.walk(tree) if (type(c), getattr(c, "lineno", None), getattr(c, "col_offset", None),
                                               getattr(c, "end_lineno", None)) == key), None)


def inside(node: ast.AST, outer: ast.AST) -> bool:
    """True when ``node``'s lines lie within ``outer``'s."""
    return outer.lineno <= node.lineno and (node.end_lineno or node.lineno) <= (outer.end_lineno or outer.lineno)


def replace_statement(function: ast.AST, old: ast.stmt, new: list[ast.stmt]) -> bool:
    """Put ``new`` (at ``old``'s position) where ``old`` stands in ``function``; False when it is not there."""
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and old in block:
                index = block.index(old)
                for made in new:
                    ast.copy_location(made, old)
                block[index:index + 1] = new
                return True
    return False


def copied(node: Any, memo: dict | None = None) -> Any:
    """``copy.deepcopy`` of a syntax tree (or a list of them) that keeps the parser's shared contexts and operators
    (one ``ast.Load()``, one ``ast.Add()`` for every tree) as they are: IPython's traceback formatter sets ``parent``
    even on those, and a deep copy followed it into whole foreign trees (seconds in a kernel)."""
    memo = {} if memo is None else memo
    for sub in (n for root in (node if isinstance(node, list) else [node]) if isinstance(root, ast.AST)
                for n in ast.walk(root)):
        if isinstance(sub, (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)):
            memo[id(sub)] = sub
    return copy.deepcopy(node, memo)


def as_load(node: ast.expr) -> ast.expr:
    """A copy of ``node`` that reads (every ``ctx`` Load)."""
    made = clone(node)
    for sub in (s for s in ast.walk(made) if hasattr(s, "ctx")):
        sub.ctx = ast.Load()
    return made


def as_store(node: ast.expr) -> ast.expr:
    """A copy of ``node`` assigned to (its own ``ctx`` Store)."""
    made = clone(node)
    if hasattr(made, "ctx"):
        made.ctx = ast.Store()
    return made

