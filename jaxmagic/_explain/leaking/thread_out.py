"""The leak fix as code for the user's function: the stored value is returned, not stored.

A tracer leaks when a statement in traced code puts it somewhere that
outlives the trace. The fix keeps the value local and hands it out the way
JAX expects, as an output:

* stored by the jitted function itself: it returns ``result, value`` and the caller keeps the (concrete) value;
* stored inside a function the jitted one transforms: that function returns the value as an extra output and
  the call threads it out (``T(f)(...)`` gets a second result, ``lax.scan`` stacks it per step), and later reads
  of the storage read the threaded value instead.

:func:`thread_out` writes the edited outer definition: the code shown and, compiled, the probe (:mod:`..verify`).
"""
from __future__ import annotations

import ast
import dataclasses
import re

from ..._common.source import as_store, copied, inside, own_nodes, replace_statement, same_node, text_of
from ..dataflow import (call_handed, handed_name, handed_parts, in_loop, instances_of, outermost_function,
                        stored_parts, undeclare)

__all__ = ["ThreadOut", "thread_out"]

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclasses.dataclass
class ThreadOut:
    """Recipe: the outer definition rewritten so the stored value is an output, not a store."""

    original: ast.FunctionDef  # the jitted function's definition, as the user wrote it
    edited: ast.FunctionDef
    name: str  # the local name the value now has
    returns_extra: bool  # the jitted function itself returns one more value (its caller keeps it)
    method: ast.FunctionDef | None = None  # the storing method, rewritten (its class is the user's)
    receiver: str | None = None  # the global object whose method it is (``model`` in ``model.loss``)
    owner: str | None = None  # the class whose method is rewritten (the storing one, or the jitted one)
    how: str = ""  # how the jitted function runs the storing one: direct, wrapped, vmap, grad, scan, cond
    carried: str | None = None  # a global it reads and replaces (``running = running.merge(m)``): now a parameter
    handed: str | None = None  # the method call that stored it, made outside the jit with the value it returns
    alone: bool = False  # the function returned nothing: the value is now its one output
    stored: str | None = None  # it returned what it stored (``return self.params``): where its caller keeps it

    def code(self) -> str:
        """The rewritten definitions as the user would type them (a method inside its class)."""
        parts = [self.method, self.edited] if self.method is not None else [self.edited]
        shown = []
        for part in parts:
            text = ast.unparse(part)
            if self.owner and (part is self.method or self.method is None):
                text = f"class {self.owner}:\n" + "\n".join("    " + line if line else line
                                                            for line in text.splitlines())
            shown.append(text)
        return "\n\n".join(shown)


def thread_out(tree: ast.AST, store: ast.stmt, scope: ast.AST, outer: ast.AST | None = None,
               jnp: str = "jax.numpy", scanned: bool = False, named: str | None = None) -> ThreadOut | None:
    """The rewrite of ``outer`` (default: the outermost def holding ``scope``) that returns the stored value.

    ``scope`` (the function holding the store) is ``outer`` itself, a function inside it, or a method
    of an object ``outer`` reads as a global (``jax.grad(model.loss)``). None when the store or the way
    ``scope`` is called has a shape this does not rewrite (a store in a loop, a ``switch`` of several
    storing branches). ``scanned``: ``outer`` is itself a scan's body, whose ``(carry, y)`` gains the value
    in ``y``, stacked by the scan. ``named``: the local name the value gets (else one made from the place).
    """
    if not isinstance(scope, _FUNCTIONS):
        return None
    outer = outer if outer is not None else outermost_function(tree, scope)
    if not isinstance(outer, _FUNCTIONS):
        return None
    parts = stored_parts(store)
    handed = handed_parts(store) if parts is None else None
    parts = parts or handed
    if parts is None:
        return None
    target, value, appended = parts
    # a local handed to the method is returned as it is; anything else under a new name
    kept = value.id if handed is not None and isinstance(value, ast.Name) and not any(
        isinstance(n, ast.Name) and n.id == value.id and isinstance(n.ctx, ast.Store) and n.lineno > store.lineno
        for n in ast.walk(scope)) else None  # (one the function assigns again further down keeps its own name)
    name = kept or _fresh(named or (_local_name(target, appended) if handed is None else handed_name(store)), outer,
                          scope)
    edited = copied(outer)
    method = None
    if inside(scope, outer):
        inner = same_node(edited, scope)
    else:  # a method of an object the jitted function uses
        params = [a.arg for a in scope.args.args]
        if not params or params[0] != "self":
            return None
        inner = method = copied(scope)
    stored = same_node(inner, store) if inner is not None else None
    if inner is None or stored is None or in_loop(inner, stored):
        return None
    places = target.elts if isinstance(target, ast.Tuple) else None  # ``kf.mu0, kf.F = fit(...)``: several places
    if places is not None and inner is not edited:
        return None
    if value is None and inner is not edited:
        return None  # threading a value out of a called function needs the stored value on its own
    local = _localised(stored, target, name) if value is None else ast.Assign(
        targets=[ast.Name(name, ast.Store())], value=copied(value))
    if not replace_statement(inner, stored, [] if kept else [local]):
        return None
    if isinstance(target, ast.Name):
        undeclare(inner, target.id)
    if places is not None:  # each place's later reads read its item of the local value
        for i, place in enumerate(places):
            _read_threaded(inner, stored, text_of(place), ast.Subscript(ast.Name(name, ast.Load()), ast.Constant(i),
                                                                        ast.Load()))
    elif not appended:  # the function's own later reads of the storage read the local value
        _read_threaded(inner, stored, text_of(target), ast.Name(name, ast.Load()))
    if inner is edited:
        # a function that returns nothing of its own (``return ()``, ``return None``: a callback a library
        # collects the outputs of) returns the value in their place; with no ``return`` at all (``global pool;
        # pool = pool.update(...)`` in a jitted step), the value is its one output
        returns = [n for n in own_nodes(inner) if isinstance(n, ast.Return)]
        if not scanned and returns and all(isinstance(r.value, ast.Name) and r.value.id == name for r in returns):
            # it returned what it stored (``return self.params``): that is its output already, for the caller
            ast.fix_missing_locations(edited)
            return ThreadOut(outer, edited, name, returns_extra=False, owner=_owner(tree, outer),
                             stored=text_of(target))
        alone = not scanned and not returns
        inner.body += [ast.Return(ast.Constant(None))] if alone else []
        placeholder = not alone and _placeholders_only(inner)  # never a scan body: that returns (carry, y)
        if not _extra_returns(inner, (lambda result: ast.Name(name, ast.Load())) if placeholder or alone else
                              _per_step(name) if scanned else
                              lambda result: ast.Tuple([result, ast.Name(name, ast.Load())], ast.Load())):
            return None
        ast.fix_missing_locations(edited)
        return ThreadOut(outer, edited, name, returns_extra=True, owner=_owner(tree, outer), alone=alone,
                         how="placeholder" if placeholder else "scan" if scanned else "",
                         handed=call_handed(store, name) if handed is not None else
                         f"{ast.unparse(ast.Tuple(places, ast.Store())).strip('()')} = {name}" if places else None)
    instances = instances_of(tree, scope) if method is not None and scope.name == "__call__" else set()
    returned = _split_returned_call(edited, inner.name, method is not None, instances)
    threaded = _thread_call(edited, inner, name, text_of(target), appended, value, method is not None, jnp,
                            instances)
    if threaded is None:
        return None
    receiver, how, reads, kept = threaded
    if returned is not None:  # `return T(f)(x)`: the jitted function returns the value too; its caller keeps it
        returned.value = ast.Tuple([returned.value, ast.Name(kept, ast.Load())], ast.Load())
    elif not reads:  # read nowhere in the jitted function: it must leave it, the caller keeps it
        if not _extra_returns(edited, lambda result: ast.Tuple([result, ast.Name(kept, ast.Load())], ast.Load())):
            return None
        returned = edited
    ast.fix_missing_locations(edited)
    if method is not None:
        ast.fix_missing_locations(method)
    return ThreadOut(outer, edited, kept, returns_extra=returned is not None, method=method, how=how,
                     receiver=receiver if method else None, owner=_owner(tree, scope) if method else None)


def _owner(tree: ast.AST, function: ast.AST) -> str | None:
    """The name of the class whose body defines ``function``."""
    return next((c.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and function in c.body), None)


# --- the store -------------------------------------------------------------------


def _localised(store: ast.Assign, target: ast.expr, name: str) -> ast.Assign:
    """``obs, self.state = f()`` → ``obs, state = f()``."""
    local = copied(store)
    local.targets = [ast.Tuple([ast.Name(name, ast.Store()) if ast.dump(e) == ast.dump(target) else e
                                for e in local.targets[0].elts], ast.Store())]
    return local


def _local_name(target: ast.expr, appended: bool) -> str:
    if isinstance(target, ast.Tuple):  # ``kf.mu0, kf.F = ...``: named after the object they belong to
        owners = {text_of(e.value) for e in target.elts if isinstance(e, (ast.Attribute, ast.Subscript))}
        owner = re.sub(r"\W+", "_", owners.pop()).strip("_") if len(owners) == 1 else "stored"
        return f"{owner.lstrip('_') or 'stored'}_values"
    if isinstance(target, ast.Name):
        base = target.id
    elif isinstance(target, ast.Attribute):
        base = target.attr
    else:
        base = re.sub(r"\W+", "_", text_of(target)).strip("_")
    base = base.lstrip("_") or "value"
    return f"{base}_item" if appended else base


def _fresh(name: str, *trees: ast.AST) -> str:
    """``name``, or ``name_2``..., so that it clashes with no name of ``trees`` (a declared global or
    nonlocal of that name is kept: it becomes the local)."""
    taken = {n.id for t in trees for n in ast.walk(t) if isinstance(n, ast.Name)} | {
        a.arg for t in trees for a in ast.walk(t) if isinstance(a, ast.arg)}
    declared = {n for t in trees for d in ast.walk(t) if isinstance(d, (ast.Global, ast.Nonlocal)) for n in d.names}
    if name not in taken or name in declared:
        return name
    for suffix in range(2, 100):
        if f"{name}_{suffix}" not in taken:
            return f"{name}_{suffix}"
    return name + "_jm"


# --- the traced function's outputs ----------------------------------------------------


def _per_step(name: str, alone: bool = True):
    """A scan body's ``return carry, y`` as ``return carry, (y, name)`` (``carry, name`` if ``alone``, no y)."""
    def wrap(result: ast.expr) -> ast.expr | None:
        if not (isinstance(result, ast.Tuple) and len(result.elts) == 2):
            return None
        carry, out = result.elts
        if alone and isinstance(out, ast.Constant) and out.value is None:
            return ast.Tuple([carry, ast.Name(name, ast.Load())], ast.Load())
        return ast.Tuple([carry, ast.Tuple([out, ast.Name(name, ast.Load())], ast.Load())], ast.Load())

    return wrap


def _placeholders_only(function: ast.AST) -> bool:
    """True when every ``return`` of ``function`` returns an empty placeholder (``()``, ``None``, ``[]``,
    ``{}``) and there is at least one: what it returns carries nothing."""
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        r.value is None or (isinstance(r.value, ast.Constant) and r.value.value is None)
        or (isinstance(r.value, (ast.Tuple, ast.List)) and not r.value.elts)
        or (isinstance(r.value, ast.Dict) and not r.value.keys) for r in returns)


def _extra_returns(function: ast.AST, wrap) -> bool:
    """Rewrite every ``return`` of ``function`` (not of functions inside it) with ``wrap``."""
    found = False
    for node in own_nodes(function):
        if isinstance(node, ast.Return):
            result = node.value if node.value is not None else ast.Constant(None)
            wrapped = wrap(result)
            if wrapped is None:
                return False
            node.value = wrapped
            found = True
    return found


def _thread_call(outer: ast.AST, inner: ast.AST, name: str, target_text: str, appended: bool, value: ast.expr,
                 method: bool, jnp: str, instances: set[str]) -> tuple[str, str, int, str] | None:
    """Make the call of ``inner`` in ``outer`` hand the value out, and later reads read it: the text the call
    reaches ``inner`` through (``""`` for a plain name, ``model`` for ``model.loss``), how it runs it, how many
    later reads now read the value, and the name holding it in ``outer``; None when the call has no shape
    rewritten here (or ``inner`` runs more than once)."""
    runs = [c for c in ast.walk(outer) if isinstance(c, ast.Call) and _how_called(c, inner.name, method, instances)]
    if len(runs) != 1:
        return None  # called twice, each call would need its own value
    for statement in own_nodes(outer):
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        call = statement.value
        if not isinstance(call, ast.Call):
            continue
        found = _how_called(call, inner.name, method, instances)
        if found is None:
            continue
        how, reached = found
        receiver = text_of(reached.value) if isinstance(reached, ast.Attribute) else (
            reached.id if method and isinstance(reached, ast.Name) else "")
        if method and not receiver.isidentifier():
            return None
        pair = lambda result: ast.Tuple([result, ast.Name(name, ast.Load())], ast.Load())  # noqa: E731
        if how == "scan":
            per_step = _per_step(name, alone=False)
            target = statement.targets[0]
            steps = _fresh(name + "s", outer, inner)
            if isinstance(target, ast.Name):  # `result = lax.scan(...)`: carry and outputs apart, then together
                parts = f"{_fresh('final_carry', outer, inner)}, {_fresh('ys', outer, inner)}"
                if not replace_statement(outer, statement, [statement, ast.parse(f"{target.id} = ({parts})").body[0]]):
                    return None
                statement.targets[0] = target = ast.parse(f"{parts} = 0").body[0].targets[0]
            if not (isinstance(target, ast.Tuple) and len(target.elts) == 2) or not _extra_returns(inner, per_step):
                return None
            target.elts[1] = ast.Tuple([target.elts[1], ast.Name(steps, ast.Store())], ast.Store())
            read: ast.expr = ast.Subscript(ast.Name(steps, ast.Load()), ast.UnaryOp(ast.USub(), ast.Constant(1)),
                                           ast.Load())
            kept = steps
        else:
            if how == "cond" and not _other_branches(call, inner, value, jnp):
                return None
            if how == "grad" and any(k.arg == "has_aux" for k in call.func.keywords):
                return None  # its aux is taken: the value would have to join it
            if not _extra_returns(inner, pair):
                return None
            if how == "grad":
                call.func.keywords.append(ast.keyword("has_aux", ast.Constant(True)))
            statement.targets[0] = ast.Tuple([as_store(statement.targets[0]), ast.Name(name, ast.Store())],
                                             ast.Store())
            read = ast.Name(name, ast.Load())
            kept = name
        reads = 0
        if not appended:  # an appended value is appended outside, from the returned one
            seen_as = target_text.replace("self.", receiver + ".", 1) if method else target_text
            reads = _read_threaded(outer, statement, seen_as, read)
        transform = text_of(call.func.func).rsplit(".", 1)[-1] if isinstance(call.func, ast.Call) else ""
        return receiver, ("vmap" if transform == "vmap" else how), reads, kept
    return None


def _other_branches(call: ast.Call, branch: ast.AST, value: ast.expr, jnp: str) -> bool:
    """Give the other branch of ``lax.cond`` a placeholder for the value (zeros of its shape)."""
    params = [a.arg for a in branch.args.args]
    for arg in call.args[1:3]:
        if _names(arg, branch.name):
            continue
        if not isinstance(arg, ast.Lambda):
            return False  # a def of its own: rewriting it too is not done here
        theirs = [a.arg for a in arg.args.args]
        if len(theirs) != len(params):
            return False
        renamed = _renamed(copied(value), dict(zip(params, theirs)))
        placeholder = ast.Call(ast.parse(f"{jnp}.zeros_like", mode="eval").body, [renamed], [])
        arg.body = ast.Tuple([arg.body, placeholder], ast.Load())
    return True


def _renamed(node: ast.expr, names: dict[str, str]) -> ast.expr:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id in names:
            sub.id = names[sub.id]
    return node


def _how_called(call: ast.Call, name: str, method: bool = False,
                instances: set[str] | frozenset = frozenset()) -> tuple[str, ast.expr] | None:
    """How ``call`` runs the function ``name`` — ``direct``, ``wrapped`` (``T(f)(...)``), ``grad``, ``scan``,
    ``cond`` — and the expression that names it there."""
    if _names(call.func, name, method, instances):
        return "direct", call.func
    if isinstance(call.func, ast.Call) and call.func.args and _names(call.func.args[0], name, method, instances):
        transform = text_of(call.func.func).rsplit(".", 1)[-1]
        if transform == "grad":
            return "grad", call.func.args[0]
        if transform in ("vmap", "checkpoint", "remat", "jit", "named_call"):
            return "wrapped", call.func.args[0]
        return None
    callee = text_of(call.func).rsplit(".", 1)[-1]
    if callee == "scan" and call.args and _names(call.args[0], name, method, instances):
        return "scan", call.args[0]
    if callee == "cond" and len(call.args) >= 3:
        for branch in call.args[1:3]:
            if _names(branch, name, method, instances):
                return "cond", branch
    return None


def _names(node: ast.expr, name: str, method: bool = False, instances: set[str] | frozenset = frozenset()) -> bool:
    """True when ``node`` names the function ``name``: by name, as ``obj.method``, or an object whose
    ``__call__`` it is."""
    if method:
        if isinstance(node, ast.Name) and name == "__call__":
            return node.id in instances
        return isinstance(node, ast.Attribute) and node.attr == name
    return isinstance(node, ast.Name) and node.id == name


def _split_returned_call(outer: ast.AST, name: str, method: bool, instances: set[str]) -> ast.Return | None:
    """``return T(f)(x)`` → ``result = T(f)(x); return result``, so the call can hand out one more value."""
    for node in ast.walk(outer):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for index, statement in enumerate(block):
                if (isinstance(statement, ast.Return) and isinstance(statement.value, ast.Call)
                        and _how_called(statement.value, name, method, instances) is not None):
                    result = _fresh("result", outer)
                    kept = ast.Assign(targets=[ast.Name(result, ast.Store())], value=statement.value)
                    returned = ast.Return(ast.Name(result, ast.Load()))
                    for made in (kept, returned):
                        ast.copy_location(made, statement)
                    block[index:index + 1] = [kept, returned]
                    return returned
    return None


def _read_threaded(outer: ast.AST, after: ast.stmt, target_text: str, read: ast.expr) -> int:
    """Replace reads of the storage (``rec.last``, ``log[0]``) after ``after`` with the threaded value;
    how many were replaced."""
    replaced = []

    class _Reads(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            if (isinstance(node, (ast.Attribute, ast.Subscript, ast.Name)) and isinstance(node.ctx, ast.Load)
                    and getattr(node, "lineno", 0) > (after.end_lineno or after.lineno)
                    and text_of(node) == target_text):
                replaced.append(node)
                return ast.copy_location(copied(read), node)
            return self.generic_visit(node)

    _Reads().visit(outer)
    return len(replaced)
