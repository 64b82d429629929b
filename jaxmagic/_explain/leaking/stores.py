"""Where a leaked tracer escaped its trace: the function that leaked it and the storing line.

JAX reports a leak where the escaped tracer is *used* (``UnexpectedTracerError``) or at the end of the trace
(``jax.checking_leaks``), naming the function being traced and the line that created the value, but not the
line that stored it. That line is found in the leaking function's source: a statement that puts a value where
it outlives the call (a global or enclosing list, an attribute of ``self`` or of a global object, a ``global``
or ``nonlocal`` name, or ``yield``).
"""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Any

from ..._common.errors import is_user_file
from ..._common.jaxpr import traceback_place
from ..._common.source import enclosing_function, every_node, names_in, node_at, own_nodes, parameter_names, parse_file, position_of
from ..dataflow import depends_on, self_storing_closure
from ..provenance import SRC_INFO, jaxpr_tracer
from ..values.callee import user_functions_in
from ..values.kept_object import object_call, root_name

__all__ = ["Leak", "definition_at", "find_leak", "stores_outside"]

_TRACED_AT = re.compile(r"tracing the function (?P<name>\S+) at (?P<file>.+?):(?P<line>\d+) for (?P<for>\w+)")
_LEAKED_AT = re.compile(r"value leaked was (?P<name>\S+) at (?P<file>.+?):(?P<line>\d+) traced for (?P<for>\w+)")
_UNKNOWN_AT = re.compile(r"value leaked was <unknown> traced for (?P<for>\w+)")  # a callable object, jitted
_CREATED = re.compile(r"created on line:?\s+(?P<file>.+?):(?P<line>\d+)(?::(?P<col>\d+))? \((?P<name>[^)]*)\)")
# a container's storing methods, with the most positional arguments each takes: ``optimizer.update(model, grads)``
# (two) is an optimizer's step, never ``dict.update``
_STORING_METHODS = {"append": 1, "extend": 1, "insert": 2, "add": 1, "update": 1, "setdefault": 2, "put": 2,
                    "appendleft": 1, "__setitem__": 2}


@dataclasses.dataclass
class Leak:
    """What the message and the source say about a leak."""

    function: str | None
    filename: str | None
    def_line: int | None
    created_line: int | None
    store: ast.stmt | None
    arguments: list[str]
    outer: ast.AST | None = None  # the jitted definition the leaking one runs in (itself, or one holding it)
    jitted: bool = False  # JAX's message says the leaking function itself was traced for jit
    traced_for: str | None = None  # what JAX traced the leaking function for: jit, scan, vmap...
    handed_in: bool = False  # stored by a function library code called, of a value the library handed it
    kept_by: str | None = None  # the global object the storing line handed to library code, which kept the value
    made_in: str | None = None  # the library function JAX lists as making the value, called by the storing line


def find_leak(message: str, tracer: Any = None, called: tuple[str, str, int] | None = None,
              use: Any = None) -> Leak:
    """Read the leaking function and storing line out of JAX's message, the tracer and the source.

    ``called`` is (name, file, def line) of the jitted function the user called: where to look when neither the
    message nor the tracer says (a ``jax.grad`` tracer carries no source). ``use``: the traceback entry of the line
    that met the tracer (a ``vmap`` run eagerly: the one function of the user's storing into what it reads).
    """
    match = _LEAKED_AT.search(message) or _TRACED_AT.search(message)
    created = _CREATED.search(message)
    name = match["name"] if match else None
    traced_for = match["for"] if match else None
    filename = match["file"] if match else None
    def_line = int(match["line"]) if match else None
    created_file = created["file"] if created else None
    created_line = int(created["line"]) if created else None
    kept_in = None  # the library function JAX lists outermost where the value was made, when it lists no user line
    if created_file is not None and not is_user_file(created_file):  # made in a library (a sampler's ask):
        frames = list(_STACK_FRAME.finditer(message.partition("stack frames")[2]))
        users = [i for i, f in enumerate(frames) if is_user_file(f["file"])]  # the user's line that called it,
        # innermost of those JAX lists; and the library's function it called (reax's ``Module.log``)
        created_file, created_line = (frames[users[-1]]["file"], int(frames[users[-1]]["line"])) if users else (
            created_file, created_line)
        after = users[-1] + 1 if users else 0
        kept_in = frames[after]["name"].rsplit(".", 1)[-1] if after < len(frames) else None
    unknown = _UNKNOWN_AT.search(message) if match is None else None
    if unknown and created is not None and is_user_file(created_file or ""):  # jax.jit(like): its __call__
        made_in = enclosing_function(parse_file(created_file) or ast.Module([], []), created_line or 0)
        if made_in is not None:
            name, filename, def_line, traced_for = made_in.name, created_file, made_in.lineno, unknown["for"]
    if tracer is not None and (match is None or created is None):
        from_tracer = _from_tracer(tracer)
        if from_tracer is not None:
            name = name or from_tracer[0]
            traced_for = traced_for or from_tracer[4]
            filename, def_line = filename or from_tracer[1], def_line or from_tracer[2]
            if from_tracer[3] is not None and created_line is None:
                created_file, created_line = from_tracer[3]
    if (filename is None or def_line is None) and called is not None:
        name, filename, def_line = called
    if filename is not None and not is_user_file(filename):
        # the traced function is a library's wrapper (equinox.filter_jit's): the user's function is the
        # outermost of the user's frames JAX lists where the value was created
        users = _user_frame_of(message, created_file)
        if users is not None:
            name, filename, def_line = users
    if (filename is None or def_line is None or not is_user_file(filename)) and use is not None:
        name, filename, def_line = _storer_of_what_is_read(use) or (name, filename, def_line)
    if filename is not None and not is_user_file(filename):
        filename = def_line = None  # JAX's own wrapper (a gradient's ``f_wrapped``): never the leak's place
    kept = object_call(use) if filename is None and use is not None else None  # moscot's solver kept its problem
    name, filename, def_line = kept[:3] if kept is not None else (name, filename, def_line)
    leak = Leak(name, filename, def_line, created_line if created_file == filename else None, None, [])
    if filename is None or def_line is None:
        return leak
    tree = parse_file(filename)
    if tree is None:
        return leak
    definition = definition_at(tree, def_line)
    if definition is None:
        return leak
    leak.outer = jitted_definition(tree, definition, traced_for)
    leak.jitted = traced_for in ("jit", "pjit") and leak.outer is definition
    leak.traced_for = traced_for
    # the value may have been stored by a function nested in the traced one (vmap, scan bodies)
    inner = enclosing_function(tree, created_line) if created_file == filename and created_line else None
    scopes = [s for s in (inner, definition, *_called_from(tree, definition)) if s is not None]
    # (else, where no scope stores, reax's ``self.log(...)``: the library's call kept what it was handed)
    for scope, called in [*((s, None) for s in scopes), *((s, kept_in) for s in scopes if kept_in is not None)]:
        store = _library_call(scope, called, leak.created_line) if called else _storing_statement(
            scope, leak.created_line)
        leak.made_in = called if store is not None else None
        if store is not None and scope is not leak.outer and leak.outer is not None and \
                _stored_into(store) <= set(parameter_names(scope)):  # onto a traced argument's copy (sepes' trees):
            kept = _storing_statement(leak.outer, None)  # what the jitted function stores in a global escapes
            store = kept if kept is not None and not _stored_into(kept) & set(parameter_names(leak.outer)) else store
        if store is not None:
            leak.store = store
            leak.arguments = depends_on(leak.outer, store, scope, tree)
            holder = scope if scope is not leak.outer else self_storing_closure(tree, store)
            if not leak.arguments and holder not in (None, leak.outer):  # a decorator's wrapper traced, or a def
                leak.arguments = depends_on(holder, store, holder, tree)  # inside stores on its method's ``self``
            made = _created_expression(tree, created) if created_file == filename else None
            narrowed = depends_on(leak.outer, made, inner or scope, tree) if made is not None else []  # its maker's
            if narrowed and set(narrowed) < set(leak.arguments):
                # the store holds several values; the leaked one is what JAX's message says was created
                # there (``reward=jnp.sum(action)`` in a stored dataclass): its arguments alone
                leak.arguments = narrowed
            leak.arguments = _receiver_first(store, leak.arguments)
            break
    handed = _handed_on(definition, tree, leak.created_line) if leak.store is None and leak.created_line else None
    if handed is not None:  # ``self.log("loss", loss)``: a method of a library's class kept what it was handed
        leak.store, leak.made_in = handed, handed.value.func.attr
        leak.arguments = _receiver_first(handed, depends_on(leak.outer, handed, definition, tree))
    stored_by = _storer_of_what_is_read(use) if leak.store is None and use is not None else None
    if stored_by is not None:  # stored by a function library code called (sympy2jax's extra_funcs), not by f
        held = parse_file(stored_by[1])
        storer = definition_at(held, stored_by[2]) if held is not None else None
        store = _storing_statement(storer, None) if storer is not None else None
        if store is not None:
            leak.store, leak.filename = store, stored_by[1]
            stored = set(names_in(getattr(store, "value", None) or store))
            leak.handed_in = bool(stored & set(parameter_names(storer)))
            return leak
    kept = kept or (object_call(use, definition) if leak.store is None and use is not None else None)
    if leak.store is None and kept is not None:  # the user's line that handed the library object its values, or
        leak.store, leak.arguments = kept[3], depends_on(leak.outer, kept[4], definition, tree)  # read what it caches
    if leak.store is None:  # no store: a function closing over a traced parameter left in the output
        for holder in (_enclosing_def(tree, definition), definition):
            escaped = _escaping_closure(holder) if holder is not None else None
            if escaped is not None:
                leak.store, leak.arguments = escaped
                leak.outer = holder
                break
    return leak


def _receiver_first(store: ast.stmt, arguments: list[str]) -> list[str]:
    """The argument whose method made the stored value first (``latest = scale.adjust(...)``: a loss scale)."""
    value = getattr(store, "value", None)
    held = _stored_into(ast.Expr(value)) if isinstance(value, ast.Call) else set()  # the receiver of its method
    first = [a for a in arguments if a in held]
    return [*first, *(a for a in arguments if a not in first)]


def _stored_into(store: ast.stmt) -> set[str]:
    """The names a store writes into: ``seen`` of ``seen.append(z)``, ``cache`` of ``cache["k"] = v``."""
    value = getattr(store, "value", None)
    targets = [value.func.value] if isinstance(store, ast.Expr) and isinstance(value, ast.Call) and isinstance(
        value.func, ast.Attribute) else getattr(store, "targets", None) or [getattr(store, "target", None)]
    return {n for n in map(root_name, targets) if n is not None}


def _storer_of_what_is_read(use: Any) -> tuple[str, str, int] | None:
    """(name, file, def line) of the one function among the user's names whose store targets a name the failing
    line reads (``cache["last"] + 1`` read what ``per_example`` stored in ``cache``)."""
    tree = parse_file(use.tb_frame.f_code.co_filename)
    node = node_at(tree, position_of(use)) if tree is not None else None
    read = set(names_in(node)) if node is not None else set()
    attrs = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)} if node is not None else set()
    found = []
    # each function with the name of the object it is a method of (``det`` of ``jax.grad(det)``, its __call__)
    functions = {fn: name for name, value in list(use.tb_frame.f_globals.items()) for fn in user_functions_in(value)}
    for value, holder in functions.items():  # under a decorator (pymanopt's), the def itself
        code = value.__code__
        source = parse_file(code.co_filename)
        definition = definition_at(source, code.co_firstlineno) if source is not None else None
        store = _storing_statement(definition, None) if definition is not None else None
        into = _stored_into(store) if store is not None else set()
        kept = {t.attr for t in getattr(store, "targets", [getattr(store, "target", None)]) if isinstance(
            t, ast.Attribute)}  # (``layer.last_activation`` read, a layer class's method stored ``self.last_...``)
        if read & into or ("self" in into and (holder in read or kept & attrs)):
            found.append((value.__name__, code.co_filename, definition.lineno))
    return found[0] if len(set(found)) == 1 else None


_STACK_FRAME = re.compile(r"^(?P<file>\S.*?):(?P<line>\d+)(?::\d+)? \((?P<name>[^)]*)\)$", re.M)


def _user_frame_of(message: str, created_file: str | None = None) -> tuple[str, str, int] | None:
    """(name, file, def line) of the outermost user frame in the stack JAX's message lists for the leaked value,
    in the file the value was made in when that is the user's (a test harness above a cell is not its code)."""
    _, _, listed = message.partition("stack frames")
    for frame in _STACK_FRAME.finditer(listed):
        if not is_user_file(frame["file"]) or (created_file and is_user_file(created_file)
                                               and frame["file"] != created_file):
            continue
        tree = parse_file(frame["file"])
        # a closure (``Trainer.step.<locals>.<lambda>``) runs inside the function that defines it
        line, short = int(frame["line"]), frame["name"].split(".<locals>", 1)[0].rsplit(".", 1)[-1]
        definition = next((n for n in every_node(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                           and n.name == short and n.lineno <= line <= (n.end_lineno or n.lineno)),
                          None) if tree is not None else None
        if definition is not None:
            return definition.name, frame["file"], definition.lineno
    return None


def _created_expression(tree: ast.AST, created: re.Match | None) -> ast.expr | None:
    """The widest expression starting at the line and column JAX's message says the leaked value was created."""
    if created is None or created["col"] is None:
        return None
    line, col = int(created["line"]), int(created["col"])
    starting = [n for n in every_node(tree) if isinstance(n, ast.expr) and n.lineno == line and n.col_offset == col]
    return max(starting, key=lambda n: (n.end_lineno or 0, n.end_col_offset or 0), default=None)


def _escaping_closure(holder: ast.AST) -> tuple[ast.stmt, list[str]] | None:
    """``return State(schedule)``, ``schedule`` a nested def reading ``holder``'s parameters: the closure leaves the
    trace inside the output (as pytree metadata, which JAX does not trace)."""
    params = parameter_names(holder)
    for nested in own_nodes(holder):
        if not isinstance(nested, (ast.FunctionDef, ast.Lambda)):
            continue
        read = [p for p in params if p in set(names_in(nested)) - set(parameter_names(nested))]
        if not read or not isinstance(nested, ast.FunctionDef):
            continue
        for statement in own_nodes(holder):
            if isinstance(statement, ast.Return) and statement.value is not None and nested.name in set(
                    names_in(statement.value)):
                return statement, read
    return None


def _from_tracer(tracer: Any) -> tuple[str, str, int, tuple[str, int] | None, str | None] | None:
    inner = jaxpr_tracer(tracer)
    if inner is None:
        inner = tracer
    info = getattr(inner, "_debug_info", None)
    where = SRC_INFO.match(getattr(info, "func_src_info", "") or "")
    if where is None:
        return None
    created = None
    line_info = getattr(inner, "_line_info", None)
    if line_info is not None:
        created = traceback_place(line_info.traceback)
    return where["name"], where["file"], int(where["line"]), created, getattr(info, "traced_for", None)


def jitted_definition(tree: ast.AST, definition: ast.AST, traced_for: str | None) -> ast.AST:
    """The jitted function a traced one runs in: itself when traced for jit, else the enclosing ``def``
    (a ``scan`` body, a ``cond`` branch) up to one with a jit decorator."""
    node = definition
    if traced_for in ("jit", "pjit"):
        return node
    while not any("jit" in ast.unparse(d) for d in getattr(node, "decorator_list", [])):
        holder = _enclosing_def(tree, node)
        if holder is None:
            return node
        node = holder
    return node


def _enclosing_def(tree: ast.AST, node: ast.AST) -> ast.AST | None:
    best = None
    for candidate in every_node(tree):
        if (isinstance(candidate, (ast.FunctionDef, ast.AsyncFunctionDef)) and candidate is not node
                and candidate.lineno <= node.lineno and (node.end_lineno or 0) <= (candidate.end_lineno or 0)):
            if best is None or candidate.lineno >= best.lineno:
                best = candidate
    return best


def _called_from(tree: ast.AST, definition: ast.AST) -> list[ast.FunctionDef]:
    """Functions of its file the leaking function uses: by name (a ``vmap``ped helper), or as a method of an object
    (``jax.grad(model.loss)``)."""
    used = set(names_in(definition))
    attributes = {n.attr for n in ast.walk(definition) if isinstance(n, ast.Attribute)}
    found = [
        node for node in getattr(tree, "body", [])
        if isinstance(node, ast.FunctionDef) and node.name in used and node is not definition
    ]
    for holder in getattr(tree, "body", []):
        if isinstance(holder, ast.ClassDef):
            found.extend(m for m in holder.body if isinstance(m, ast.FunctionDef) and m.name in attributes
                         and m.name != "__init__")
    return found


def definition_at(tree: ast.AST, line: int) -> ast.FunctionDef | ast.Lambda | None:
    """The definition at ``line``: its `def` line or one of its decorators', else the function holding the line."""
    for node in every_node(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            lines = [node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]
            if line in lines:
                return node
    return enclosing_function(tree, line)


def stores_outside(definition: ast.AST) -> bool:
    """True when ``definition`` (or a function inside it) still puts a value where it outlives the call."""
    return _storing_statement(definition, None) is not None


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


def _library_call(definition: ast.AST, name: str, line: int | None) -> ast.stmt | None:
    """The one statement of ``definition`` (at ``line``, when known) calling a method or function ``name`` (reax's
    ``self.log(...)``): where library code, which JAX lists as making the value, kept it; None unless exactly one."""
    found = [s for s in ast.walk(definition) if isinstance(s, ast.Expr) and any(
        isinstance(c, ast.Call) and getattr(c.func, "attr", getattr(c.func, "id", None)) == name
        for c in ast.walk(s)) and (line is None or s.lineno <= line <= (s.end_lineno or s.lineno))]
    return found[0] if len(found) == 1 else None


def _handed_on(definition: ast.AST, tree: ast.AST, line: int) -> ast.stmt | None:
    """The one later statement of ``definition`` handing the name assigned on ``line`` to a method no function of
    the file defines (an inherited library method, braintools' ``self.log``), on an object no import names."""
    made = next((s for s in ast.walk(definition) if isinstance(s, ast.Assign) and s.lineno == line), None)
    held = {t.id for t in getattr(made, "targets", ()) if isinstance(t, ast.Name)}
    ours = {d.name for d in every_node(tree) if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))} | {
        (a.asname or a.name).split(".")[0] for i in every_node(tree) if isinstance(i, (ast.Import, ast.ImportFrom))
        for a in i.names}
    found = [s for s in ast.walk(definition) if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
             and s.lineno > line and isinstance(s.value.func, ast.Attribute) and s.value.func.attr not in ours
             and isinstance(s.value.func.value, ast.Name) and s.value.func.value.id not in ours
             and held & set(names_in(s.value))]
    return found[0] if len(found) == 1 else None


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
            if isinstance(func, ast.Attribute) and func.attr in _STORING_METHODS and outlives(ast.Attribute(
                    func.value, "_", ast.Load())) and len(node.value.args) <= _STORING_METHODS[func.attr]:
                candidates.append(node)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(outlives(t) for t in targets) and not isinstance(node.value, ast.Constant):  # None: no tracer
                candidates.append(node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, (ast.Yield, ast.YieldFrom)):
            candidates.append(node)
    if not candidates:
        return None
    candidates.sort(key=lambda n: n.lineno)
    later = [c for c in candidates if c.lineno >= created_line] if created_line is not None else []
    return later[0] if later else candidates[0]
