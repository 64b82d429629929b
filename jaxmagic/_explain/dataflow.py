"""Where a stored value came from: a backward slice through the jitted function and what it runs.

The jitted function runs other functions — a ``scan`` body, a ``cond``
branch, a ``jax.checkpoint``ed helper, a method of an object it built —
whose parameters are fed by the call that runs them. :func:`depends_on`
follows those feeds and every assignment back to the jitted function's
own parameters.
"""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from .._common.errors import STATIC_ATTRIBUTES
from .._common.source import as_load, copied, enclosing_function, inside, names_in, own_nodes, parameter_names

__all__ = ["assigned_names", "call_handed", "depends_on", "handed_name", "handed_parts", "in_loop", "instances_of",
           "local_names", "outermost_function", "self_storing_closure", "stored_parts", "undeclare",
           "written_before_read"]


def depends_on(outer: ast.AST, store: ast.stmt, scope: ast.AST | None = None,
                tree: ast.AST | None = None, values_only: bool = False) -> list[str]:
    """Parameters of the jitted function the stored value is computed from (a backward slice).

    ``outer`` is the jitted function (:func:`jitted_definition`). A
    function it transforms or calls (a ``scan`` body, a ``cond`` branch, a
    ``jax.checkpoint``ed helper, a method of an object it built) gets its
    parameters from the call that runs it: ``lax.scan(body, init, xs)`` feeds
    ``body(carry, x)`` from ``init`` and ``xs``, ``obj.method(a)`` feeds
    ``self`` from ``obj``. The slice follows those and every assignment
    (``values_only``: not through what a tracer knows, ``x.shape[-1]``).
    """
    reads = _value_names if values_only else names_in
    params = parameter_names(outer)
    flows: dict[str, set[str]] = {}
    mutated: list[tuple[str, set[str]]] = []
    elsewhere = scope is not None and scope is not outer and not inside(scope, outer)  # a method it runs
    for node in (n for root in ([outer, scope] if elsewhere else [outer]) for n in ast.walk(root)):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            sources = set(reads(node.value))
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        flows.setdefault(name.id, set()).update(sources)
        elif isinstance(node, (ast.For, ast.comprehension)):
            for name in ast.walk(node.target):
                if isinstance(name, ast.Name):
                    flows.setdefault(name.id, set()).update(reads(node.iter))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Attribute) and isinstance(node.value.func.value, ast.Name):
            mutated.append((node.value.func.value.id, set(reads(node.value))))
        elif isinstance(node, ast.With):  # ``with pq.Program() as program:``: a context that records its body's work
            for item in node.items:
                if isinstance(item.optional_vars, ast.Name):
                    flows.setdefault(item.optional_vars.id, set()).update(
                        {*reads(item.context_expr), *(n for statement in node.body for n in reads(statement))})
    for name, sources in mutated:  # c.rzz(0, 1, theta=theta): a method may change its object with what it is given
        if name in flows or name in params:
            flows.setdefault(name, set()).update(sources - {name})
    inner = [n for n in ast.walk(outer) if isinstance(n, (ast.FunctionDef, ast.Lambda)) and n is not outer]
    if scope is not None and scope is not outer and scope not in inner:
        inner.append(scope)  # a helper or method defined elsewhere, run from the jitted function
    for function in inner:
        for param, names in _parameter_sources(outer, function, tree).items():
            flows.setdefault(param, set()).update(names)
        if isinstance(function, ast.FunctionDef) and inside(function, outer):
            # a closure made here carries what it reads of the function's names (a model ``proposal`` that
            # samples around ``params``, handed to a library with the key)
            own = set(parameter_names(function))
            flows.setdefault(function.name, set()).update(
                n for statement in function.body for n in reads(statement) if n not in own)
    value = store.value if isinstance(store, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)) else store
    if isinstance(store, ast.Expr) and isinstance(value, ast.Call):  # seen.append(v): what is stored is v
        value = ast.Tuple(list(value.args), ast.Load())
    pending = list(reads(value))
    seen: set[str] = set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        pending.extend(flows.get(name, ()))
    return [p for p in params if p in seen and p != "self"]


def _parameter_sources(outer: ast.AST, function: ast.AST, tree: ast.AST | None = None) -> dict[str, set[str]]:
    """Names of ``outer`` each parameter of ``function`` is fed from, read off the calls that run it."""
    params = parameter_names(function)
    method = bool(params) and params[0] == "self" and isinstance(function, ast.FunctionDef)
    name = getattr(function, "name", None)
    sources: dict[str, set[str]] = {}
    # an object whose class defines __call__ runs it when called: model(x), jax.vmap(model)(xs)
    instances = instances_of(tree, function) if method and name == "__call__" and tree is not None else set()
    if method and name == "__call__" and tree is not None and _one_callable_class(tree):
        # a model given to the jitted function and called there (``model(x)``, ``jax.vmap(model)(xs)``)
        instances |= {p for p in parameter_names(outer) if _called(outer, p)}

    def feed(args: list[ast.expr], keywords: list[ast.keyword], names: list[str], align_end: bool = False) -> None:
        if any(isinstance(a, ast.Starred) for a in args):
            for p in names:
                sources.setdefault(p, set()).update(n for a in args for n in names_in(a))
            return
        start = max(len(names) - len(args), 0) if align_end else 0
        for p, a in zip(names[start:], args):
            sources.setdefault(p, set()).update(names_in(a))
        for k in keywords:
            if k.arg in names:
                sources.setdefault(k.arg, set()).update(names_in(k.value))

    def runs(node: ast.expr) -> ast.expr | None:
        """The receiver (or a marker) when ``node`` names ``function``."""
        if isinstance(node, ast.Name) and node.id == name and not method:
            return node
        if isinstance(node, ast.Attribute) and node.attr == name and method:
            return node.value
        if isinstance(node, ast.Name) and node.id in instances:
            return node
        if isinstance(node, ast.Lambda) and node is function:
            return node
        return None

    for call in ast.walk(outer):
        if not isinstance(call, ast.Call):
            continue
        callee, args = call.func, list(call.args)
        wrapped = isinstance(callee, ast.Call) and callee.args and runs(callee.args[0]) is not None
        if runs(callee) is not None or wrapped:  # f(a, b), obj.method(a), T(f)(a, b)
            receiver = runs(callee.args[0] if wrapped else callee)
            if method:
                sources.setdefault("self", set()).update(names_in(receiver))
            feed(args, call.keywords, params[1:] if method else params)
            continue
        for index, arg in enumerate(args):  # lax.scan(body, init, xs), lax.cond(p, f, g, x): fed the operands
            held = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            if not any(runs(h) is not None for h in held):
                continue
            receiver = next(runs(h) for h in held if runs(h) is not None)
            if method:
                sources.setdefault("self", set()).update(names_in(receiver))
            operands = [a for a in args[index + 1:] if not _is_function(a)]
            feed(operands, [], params[1:] if method else params, align_end=True)
    return sources


def _one_callable_class(tree: ast.AST) -> bool:
    """True when one class of the file defines ``__call__``: a parameter called as a function is its instance."""
    return sum(1 for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and any(
        isinstance(f, ast.FunctionDef) and f.name == "__call__" for f in c.body)) == 1


def _called(outer: ast.AST, name: str) -> bool:
    """True when ``outer`` calls ``name`` (``name(x)``) or hands it to a transformation it calls (``T(name)(x)``)."""
    for call in ast.walk(outer):
        if isinstance(call, ast.Call):
            callee = call.func.args[0] if isinstance(call.func, ast.Call) and call.func.args else call.func
            if isinstance(callee, ast.Name) and callee.id == name:
                return True
    return False


def _is_function(node: ast.expr) -> bool:
    return isinstance(node, ast.Lambda) or (
        isinstance(node, (ast.List, ast.Tuple)) and any(isinstance(e, (ast.Lambda, ast.Name)) for e in node.elts)
        and all(isinstance(e, (ast.Lambda, ast.Name, ast.Attribute)) for e in node.elts) and bool(node.elts)
    )


def instances_of(tree: ast.AST, method: ast.AST) -> set[str]:
    """Names bound to ``Class(...)`` for the class that defines ``method``."""
    owner = next((c.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and method in c.body), None)
    if owner is None:
        return set()
    return {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == owner
            for t in node.targets if isinstance(t, ast.Name)}


def outermost_function(tree: ast.AST, scope: ast.AST) -> ast.AST:
    """The outermost ``def`` of ``tree`` that holds ``scope`` (``scope`` itself when top-level)."""
    found = scope
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not scope and inside(scope, node):
            if inside(found, node):
                found = node
    return found


def stored_parts(store: ast.stmt) -> tuple[ast.expr, ast.expr | None, bool] | None:
    """(where, what, appended) of a storing statement: ``self.h = v``, ``log.append(v)``, ``total += v``; for
    ``obs, self.state = f()`` the one storing target among local names, with no value of its own."""
    return _stored(store) or _unpacked(store)


def _stored(store: ast.stmt) -> tuple[ast.expr, ast.expr, bool] | None:
    """(where, what, appended) of a storing statement."""
    if isinstance(store, ast.Assign) and len(store.targets) == 1 and not isinstance(store.targets[0], ast.Tuple):
        return store.targets[0], store.value, False
    if isinstance(store, ast.AnnAssign) and store.value is not None:
        return store.target, store.value, False
    if isinstance(store, ast.AugAssign):
        target_read = as_load(store.target)
        return store.target, ast.BinOp(target_read, store.op, store.value), False
    if isinstance(store, ast.Expr) and isinstance(store.value, ast.Call) and isinstance(store.value.func, ast.Attribute):
        if store.value.func.attr == "append" and len(store.value.args) == 1:
            return store.value.func.value, store.value.args[0], True
    return None


def _unpacked(store: ast.stmt) -> tuple[ast.expr, ast.expr | None, bool] | None:
    """``obs, self.state = ...``: the one storing target among local names (it has no value of its own); for
    ``kf.mu0, kf.F = fit(...)``, every target storing, the whole tuple of places and the value."""
    if not (isinstance(store, ast.Assign) and len(store.targets) == 1 and isinstance(store.targets[0], ast.Tuple)):
        return None
    storing = [e for e in store.targets[0].elts if not isinstance(e, ast.Name)]
    if len(storing) > 1 and len(storing) == len(store.targets[0].elts) and all(
            isinstance(e, (ast.Attribute, ast.Subscript)) for e in storing):
        return store.targets[0], store.value, False
    return (storing[0], None, False) if len(storing) == 1 and isinstance(storing[0], (ast.Attribute,
                                                                                      ast.Subscript)) else None


def local_names(function: ast.AST | None) -> set[str]:
    """Every name ``function`` binds: its parameters (and those of functions inside it) and every name it
    assigns. A global read there under one of these names is not the global."""
    return {n.arg if isinstance(n, ast.arg) else n.id for n in ast.walk(function or ast.Module([], []))
            if isinstance(n, ast.arg) or (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))}


def assigned_names(body: list[ast.stmt]) -> list[str]:
    """Plain names a block assigns, in order."""
    found: list[str] = []
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id not in found:
                found.append(node.id)
    return found


def written_before_read(body: list[ast.stmt]) -> set[str]:
    """Names every step of a loop body assigns before it reads them (straight-line assignments only)."""
    read: set[str] = set()
    written: set[str] = set()
    for stmt in body:
        if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or stmt.value is None:
            read |= {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)} - written
            continue
        read |= {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)} - written
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        written |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return written - read


def handed_parts(store: ast.stmt) -> tuple[ast.expr, ast.expr, bool] | None:
    """``data.update_data(cleaned)``: a global object's method kept the value it was handed (a library's object
    that stores what it is given); as a store, (the object, the value, appended). One argument that is not a
    constant (``writer.write_scalars(0, {"loss": loss})``): what the method keeps is then that value."""
    if not (isinstance(store, ast.Expr) and isinstance(store.value, ast.Call)):
        return None
    call = store.value
    if not (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)):
        return None
    handed = _handed_argument(call)
    return (call.func.value, handed, True) if handed is not None else None


def _handed_argument(call: ast.Call) -> ast.expr | None:
    """The one argument of ``call`` that is not a constant, when there is one and no ``*``/``**`` unpacking."""
    given = [*call.args, *(k.value for k in call.keywords)]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    varying = [a for a in given if not isinstance(a, ast.Constant)]
    return varying[0] if len(varying) == 1 else None


def handed_name(store: ast.Expr) -> str:
    """The local name of a value a method was handed when it is no local of its own: the method's
    (``update_data_value``)."""
    return f"{store.value.func.attr}_value"


def call_handed(store: ast.Expr, name: str) -> str:
    """The storing method call, handed ``name`` instead: made by the caller, outside the jit."""
    call = copied(store.value)
    handed = _handed_argument(call)
    call.args = [ast.Name(name, ast.Load()) if a is handed else a for a in call.args]
    for keyword in call.keywords:
        keyword.value = ast.Name(name, ast.Load()) if keyword.value is handed else keyword.value
    return ast.unparse(call)


def in_loop(function: ast.AST, statement: ast.stmt) -> bool:
    """True when ``statement`` sits in a Python loop of ``function`` (its value would be one of many)."""
    return any(isinstance(node, (ast.For, ast.While)) and inside(statement, node) and node is not statement
               for node in own_nodes(function))


def undeclare(function: ast.AST, name: str) -> None:
    """Drop ``global name`` / ``nonlocal name``: the name is local now."""
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for index, statement in enumerate(block):
                if isinstance(statement, (ast.Global, ast.Nonlocal)) and name in statement.names:
                    statement.names = [n for n in statement.names if n != name]
                    if not statement.names:
                        block[index] = ast.copy_location(ast.Pass(), statement)
            if len(block) > 1:
                block[:] = [s for s in block if not isinstance(s, ast.Pass)] or block[:1]


def self_storing_closure(tree: ast.AST, store: ast.stmt) -> ast.AST | None:
    """The def holding ``store`` when it stores on a ``self`` it closes over (feax's tensor map, inside a method)."""
    inner = enclosing_function(tree, store.lineno, lambdas=False)
    targets = getattr(store, "targets", None) or [getattr(store, "target", None)]
    on_self = all(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                  for t in targets)
    return inner if on_self and inner is not None and "self" not in parameter_names(inner) else None


def shape_reads(node: ast.AST, whole: bool = False, keep: Callable[[ast.expr], bool] | None = None) -> set[int]:
    """The ids of the nodes ``node`` reads only for what a tracer knows (``x`` in ``x.shape``, ``x.dtype``).

    ``whole``: every node of the object read (``self`` and ``self.verts`` in ``self.verts.shape``), not only the
    object itself; ``keep``: only the objects it accepts.
    """
    objects = [n.value for n in ast.walk(node) if isinstance(n, ast.Attribute) and n.attr in STATIC_ATTRIBUTES
               and (keep is None or keep(n.value))]
    return {id(n) for o in objects for n in (ast.walk(o) if whole else [o])}


def shape_only_names(node: ast.AST) -> set[str]:
    """The names ``node`` uses only for what a tracer knows (``values.shape``, ``x.dtype``), never for values."""
    shaped, names = shape_reads(node), [n for n in ast.walk(node) if isinstance(n, ast.Name)]
    return {n.id for n in names if id(n) in shaped} - {n.id for n in names if id(n) not in shaped}


def _value_names(node: ast.AST) -> Iterator[str]:
    """The variable names ``node`` reads for their values: not those read only for a shape (``x.shape``)."""
    shaped = shape_reads(node)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and id(sub) not in shaped:
            yield sub.id
