"""A traced leaf whose Python value the user's module holds: read there, a constant of the trace.

``client_step(state, batch)`` under fedjax's own jit reads ``state['num_classes']``, which came from
``shared_input = {'w': ..., 'num_classes': 3}`` handed to the library: the library traces every leaf of what it is
given, and its static options are not the user's to set. The same Python number is still in the user's module,
in the dict (or object) the cell handed over, and a global read while JAX traces is a constant of the trace. The
failing line reads it there; tried by running the failing trace again with the line rewritten.
"""
from __future__ import annotations

import ast
from typing import Any

from ..._common.source import copied, text_of
from ..dataflow import local_names
from ..explanation import Fix
from ..fixes.site import edit_fix

__all__ = ["global_read_fix"]

_NEEDS_VALUE = ("traced-shape", "integer-conversion", "concretization", "bool-conversion")
_PYTHON_VALUES = (bool, int, float, str)


def global_read_fix(site: Any) -> Fix | None:
    """The failing line reading the leaf ``site.paths[0]`` (``state['num_classes']``) from the one global of the
    user's, handed to a call at the cell's top level, that holds a Python value under the same key or attribute;
    None when there is not exactly one, or the function's own names hide it."""
    if site.kind not in _NEEDS_VALUE or not site.paths or site.node is None or site.definition is None \
            or site.tree is None or not site.globals_:
        return None
    path = site.paths[0]
    key = _last_key(path)
    reads = [n for n in ast.walk(site.node) if isinstance(n, (ast.Subscript, ast.Attribute)) and text_of(n) == path]
    if key is None or not reads:
        return None
    hidden = local_names(site.definition)
    found = {spelled for name in _handed_at_top(site.tree) if name not in hidden
             for spelled in [_held(name, site.globals_.get(name), key)] if spelled is not None}
    if len(found) != 1:
        return None
    held = found.pop()
    read = ast.parse(held, mode="eval").body

    class _Read(ast.NodeTransformer):
        def generic_visit(self, node: ast.AST) -> ast.AST:
            if isinstance(node, (ast.Subscript, ast.Attribute)) and text_of(node) == path:
                return copied(read)
            return super().generic_visit(node)

    replacement = _Read().visit(copied(site.node))
    if text_of(replacement) == text_of(site.node):
        return None
    return edit_fix("static", site.node, replacement,
                    f"`{path}` reaches this line traced: library code traces every leaf of what it is given, and "
                    f"its static options are not yours to set. `{held}` in your module holds the same Python "
                    "value: read it there, where it is a constant of the trace (re-run the definition after "
                    "changing it)")


def _last_key(path: str) -> str | None:
    """The last key or attribute of a leaf's path (``num_classes`` of ``state['num_classes']``)."""
    try:
        node = ast.parse(path, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return node.slice.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _handed_at_top(tree: ast.AST) -> set[str]:
    """The names the cell's top-level statements hand to a call as an argument (``run(shared_input, clients)``)."""
    top = [s for s in getattr(tree, "body", []) if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                      ast.ClassDef))]
    return {a.id for s in top for call in ast.walk(s) if isinstance(call, ast.Call)
            for a in [*call.args, *(k.value for k in call.keywords)] if isinstance(a, ast.Name)}


def _held(name: str, value: Any, key: str) -> str | None:
    """``name['key']`` or ``name.key`` when the global ``value`` holds a Python value (not an array) there."""
    if isinstance(value, dict) and isinstance(value.get(key), _PYTHON_VALUES):
        return f"{name}[{key!r}]"
    held = getattr(value, "__dict__", None)  # an instance's own attribute (no property's code is run to read it)
    if isinstance(held, dict) and not isinstance(value, type) and isinstance(held.get(key), _PYTHON_VALUES):
        return f"{name}.{key}"
    return None
