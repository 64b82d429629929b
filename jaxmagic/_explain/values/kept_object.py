"""A leak a library object kept: the user's call, inside a traced function, that handed the object its values.

``solver = SinkhornSolver()`` at the top of a cell, ``out = solver(xy=(src, tgt), ...)`` inside the function the
user differentiates, then ``solver.xy.cost_matrix`` after: moscot's solver keeps the problem it was handed on
itself, traced values and all, and the later read meets a tracer. JAX's message names only its gradient's
wrapper; no statement of the user's stores anything. The read names the object; the one statement of the user's
functions that calls it (or a method of it) is where the value left the trace.
"""
from __future__ import annotations

import ast
import types

from ..._common.source import every_node, names_in, node_at, parse_file, position_of
from .callee import library_file

__all__ = ["object_call", "root_name"]

_SIMPLE = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return)


def object_call(use: types.TracebackType, within: ast.AST | None = None
                ) -> tuple[str, str, int, ast.stmt, ast.expr] | None:
    """(function name, file, its ``def`` line, the statement, the object's call or read in it: what the value was
    made from) of the one statement of the user's functions in the use's file that calls the library object the
    failing line reads (``solver(...)``), or, of ``within`` (the function JAX named), that calls it or reads a
    property of it (``info.attention_mask``, which caches what it computes); None unless exactly one."""
    filename = use.tb_frame.f_code.co_filename
    tree = parse_file(filename)
    node = node_at(tree, position_of(use)) if tree is not None else None
    if node is None:
        return None
    held = [n for n in dict.fromkeys(names_in(node)) if _library_object(use.tb_frame.f_globals.get(n))]
    found = []
    for definition in [within] if within is not None else (
            d for d in every_node(tree) if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for statement in (s for s in ast.walk(definition) if isinstance(s, _SIMPLE)):
            called = {id(c.func) for c in ast.walk(statement) if isinstance(c, ast.Call)}
            # in the function JAX named, only the object called or a property of it read (``info.attention_mask``): a
            # method's call or the object handed on are the kept object's own patterns (a key it splits, a registry)
            reads = [n for n in ast.walk(statement) if root_name(n.func if isinstance(n, ast.Call) else n) in held and (
                isinstance(n, ast.Attribute) and id(n) not in called or isinstance(n, ast.Call) and isinstance(
                    n.func, ast.Name) if within is not None else isinstance(n, ast.Call))]
            if reads:  # (the outermost: ``solver(xy=(src, tgt))``, ``info.attention_mask``)
                found.append((getattr(definition, "name", "<lambda>"), filename, definition.lineno, statement, reads[0]))
    return found[0] if len(found) == 1 else None


def root_name(node: ast.AST | None) -> str | None:
    """The name an expression starts from: ``solver`` of ``solver.solve``, ``cache`` of ``cache["k"]``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _library_object(value: object) -> bool:
    """True for an instance of an installed library's class (not a module, a function or a class)."""
    return value is not None and not isinstance(value, (types.ModuleType, types.FunctionType, type)) and \
        library_file(value) is not None
