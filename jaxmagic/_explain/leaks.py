"""Where a leaked tracer escaped its trace: the function that leaked it and the storing line.

JAX reports a leak where the escaped tracer is *used* (``UnexpectedTracerError``)
or at the end of the trace (``jax.checking_leaks``), naming the function
being traced and the line that created the value, but not the line that
stored it. That line is found in the leaking function's source: a statement
that puts a value somewhere that outlives the call (a global or enclosing
list, an attribute of ``self`` or of a global object, a ``global`` or
``nonlocal`` name, or ``yield``).
"""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Any

from jax._src import source_info_util

from .._common.source import enclosing_function, names_in, parameter_names, parse_file
from .provenance import jaxpr_tracer

__all__ = ["Leak", "find_leak"]

_TRACED_AT = re.compile(r"tracing the function (?P<name>\S+) at (?P<file>.+?):(?P<line>\d+) for")
_LEAKED_AT = re.compile(r"value leaked was (?P<name>\S+) at (?P<file>.+?):(?P<line>\d+) traced for")
_CREATED = re.compile(r"created on line (?P<file>.+?):(?P<line>\d+)(?::\d+)? \((?P<name>[^)]*)\)")
_SRC_INFO = re.compile(r"(?P<name>\S+) at (?P<file>.+?):(?P<line>\d+)$")
_STORING_METHODS = {"append", "extend", "insert", "add", "update", "setdefault", "put", "appendleft", "__setitem__"}


@dataclasses.dataclass
class Leak:
    """What the message and the source say about a leak."""

    function: str | None
    filename: str | None
    def_line: int | None
    created_line: int | None
    store: ast.stmt | None
    arguments: list[str]


def find_leak(message: str, tracer: Any = None) -> Leak:
    """Read the leaking function and storing line out of JAX's message, the tracer and the source."""
    match = _LEAKED_AT.search(message) or _TRACED_AT.search(message)
    created = _CREATED.search(message)
    name = match["name"] if match else None
    filename = match["file"] if match else None
    def_line = int(match["line"]) if match else None
    created_file = created["file"] if created else None
    created_line = int(created["line"]) if created else None
    if tracer is not None and (match is None or created is None):
        from_tracer = _from_tracer(tracer)
        if from_tracer is not None:
            name = name or from_tracer[0]
            filename, def_line = filename or from_tracer[1], def_line or from_tracer[2]
            if from_tracer[3] is not None and created_line is None:
                created_file, created_line = from_tracer[3]
    leak = Leak(name, filename, def_line, created_line if created_file == filename else None, None, [])
    if filename is None or def_line is None:
        return leak
    tree = parse_file(filename)
    if tree is None:
        return leak
    definition = _definition_at(tree, def_line)
    if definition is None:
        return leak
    # the value may have been stored by a function nested in the traced one (vmap, scan bodies)
    inner = enclosing_function(tree, created_line) if created_file == filename and created_line else None
    for scope in (inner, definition, *_called_from(tree, definition)):
        if scope is None:
            continue
        store = _storing_statement(scope, leak.created_line)
        if store is not None:
            leak.store = store
            leak.arguments = _depends_on(definition, store, scope)
            break
    return leak


def _from_tracer(tracer: Any) -> tuple[str, str, int, tuple[str, int] | None] | None:
    inner = jaxpr_tracer(tracer)
    if inner is None:
        inner = tracer
    info = getattr(inner, "_debug_info", None)
    where = _SRC_INFO.match(getattr(info, "func_src_info", "") or "")
    if where is None:
        return None
    created = None
    line_info = getattr(inner, "_line_info", None)
    if line_info is not None:
        try:
            frame = source_info_util.user_frame(line_info.traceback)
        except Exception:  # noqa: BLE001 - JAX internals differ between versions
            frame = None
        if frame is not None:
            created = (frame.file_name, frame.start_line)
    return where["name"], where["file"], int(where["line"]), created


def _called_from(tree: ast.AST, definition: ast.AST) -> list[ast.FunctionDef]:
    """Functions of the same file the leaking function uses by name (a ``vmap``ped helper)."""
    used = set(names_in(definition))
    return [
        node for node in getattr(tree, "body", [])
        if isinstance(node, ast.FunctionDef) and node.name in used and node is not definition
    ]


def _definition_at(tree: ast.AST, line: int) -> ast.FunctionDef | ast.Lambda | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            lines = [node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]
            if line in lines:
                return node
    found = enclosing_function(tree, line)
    return found


def _local_names(definition: ast.AST) -> set[str]:
    params = set(parameter_names(definition))
    declared: set[str] = set()
    assigned: set[str] = set()
    for node in ast.walk(definition):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            assigned.add(node.id)
    return (params | assigned) - declared


def _storing_statement(definition: ast.AST, created_line: int | None) -> ast.stmt | None:
    local = _local_names(definition)
    params = set(parameter_names(definition))
    declared = {n for node in ast.walk(definition) if isinstance(node, (ast.Global, ast.Nonlocal)) for n in node.names}

    def outlives(target: ast.expr) -> bool:
        if isinstance(target, (ast.Tuple, ast.List)):  # key, sub = split(key) with a global key
            return any(outlives(element) for element in target.elts)
        root = target
        while isinstance(root, (ast.Attribute, ast.Subscript)):
            root = root.value
        if not isinstance(root, ast.Name):
            return False
        if target is root:
            return root.id in declared
        return root.id not in local or root.id in params  # self.x = ..., a global list, an argument's field

    candidates: list[ast.stmt] = []
    for node in ast.walk(definition):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and func.attr in _STORING_METHODS and outlives(
                ast.Attribute(func.value, "_", ast.Load())
            ):
                candidates.append(node)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(outlives(t) for t in targets):
                candidates.append(node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, (ast.Yield, ast.YieldFrom)):
            candidates.append(node)
    if not candidates:
        return None
    candidates.sort(key=lambda n: n.lineno)
    if created_line is not None:
        later = [c for c in candidates if c.lineno >= created_line]
        if later:
            return later[0]
    return candidates[0]


def _depends_on(definition: ast.AST, store: ast.stmt, scope: ast.AST | None = None) -> list[str]:
    """Parameters of ``definition`` the stored value is computed from (a backward slice).

    A nested function's parameters (a ``vmap``ped body) stand for the outer
    function's values passed to it; the slice follows every assignment in
    the outer definition, which holds the nested one.
    """
    params = parameter_names(definition)
    flows: dict[str, set[str]] = {}
    for node in ast.walk(definition):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            sources = set(names_in(node.value))
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        flows.setdefault(name.id, set()).update(sources)
    if scope is not None and scope is not definition:
        # the nested function's parameters come from whatever the outer function passes around it
        outer_names = {n for n in names_in(definition)} - set(parameter_names(scope))
        for param in parameter_names(scope):
            flows.setdefault(param, set()).update(outer_names & set(params))
    value = store.value if isinstance(store, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)) else store
    if isinstance(value, ast.Call):
        value = ast.Tuple(list(value.args), ast.Load())
    pending = list(names_in(value))
    seen: set[str] = set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        pending.extend(flows.get(name, ()))
    return [p for p in params if p in seen and p != "self"]
