"""A leak from a function that library code called inside the user's own jitted call, made in a statement
(``jax.jit(lambda p: circuit(p))(params)``, ``jax.jit(jax.vmap(score))(xs, ys)``): that call made again, and
the parameters of the jitted function the stored value depends on, read while it is traced again.

JAX keeps no trace cache entry for a jit of a lambda that has gone, and the leaked tracer's own trace has
dropped its equations, so neither tells which of the jitted function's parameters fed the store. The
statement's jitted expression is compiled again from its text (a new function object, in a copy of the
user's namespace: nothing of the user's is cached or changed), its arguments are given abstractly, and the
storing function's code is swapped, for the one trace, for a copy whose store hands the value to a probe: the
probe reads the value's inputs while that trace is still open.
"""
from __future__ import annotations

import ast
import dataclasses
import sys
import types
from collections.abc import Iterator
from typing import Any

import jax

from ..._common.frames import quiet_leaves
from ..._common.source import copied
from ..._common.errors import is_installed_library
from ..._common.through import checking_transform, unchecked
from ..leaking.stores import stores_outside
from ..provenance import Origin, origin_of
from ..rebuild import probe_name, rebuild
from ..recover import Impure, evaluate_pure, frame_of
from ..retrace.replay import Replay, replay_of_call
from .stored_attributes import holds

__all__ = ["ReadCall", "jitted_statement_replay", "probe_stored", "read_call", "statement_calls", "transform_links"]

_PROBE = "__jaxmagic_probe__"


def transform_links(func: ast.Call) -> list[ast.Call]:
    """``jax.jit(jax.grad(f))``'s transformations, outermost first, down to the one given the function."""
    links = [func]
    while links[-1].args and isinstance(links[-1].args[0], ast.Call):
        links.append(links[-1].args[0])
    return links


def statement_calls(tree: ast.Module) -> Iterator[tuple[ast.Call, list[ast.Call]]]:
    """Every call in the user's top-level statements with its transformations, outermost first: ``[jax.jit(..),
    jax.vmap(f)]`` for ``jax.jit(jax.vmap(f))(xs)``, ``[node]`` itself for ``lax.scan(body, init, xs)``. A chain
    applied is read with its call, never on its own."""
    made = _made_once(tree)
    for statement in tree.body:
        wrapped = {id(n.func) for n in ast.walk(statement) if isinstance(n, ast.Call) and isinstance(n.func, ast.Call)}
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and id(node) not in wrapped:
                func = made.get(node.func.id, node.func) if isinstance(node.func, ast.Name) else node.func
                yield node, transform_links(func) if isinstance(func, ast.Call) else [node]


def _made_once(tree: ast.Module) -> dict[str, ast.Call]:
    """Names the cell binds once, at its top level, to a chain of transformations (``jac = jax.jit(jax.jacrev(f))``):
    a later ``jac(x)`` runs that chain."""
    bound: dict[str, list] = {}
    for statement in tree.body:
        for target in (statement.targets if isinstance(statement, ast.Assign) else []):
            if isinstance(target, ast.Name):
                bound.setdefault(target.id, []).append(statement.value)
    return {name: values[0] for name, values in bound.items()
            if len(values) == 1 and isinstance(values[0], ast.Call) and isinstance(values[0].func, (ast.Attribute, ast.Name))
            and values[0].args}


@dataclasses.dataclass
class ReadCall:
    """A call of a chain of JAX transformations, its parts evaluated without running code."""

    transforms: list  # each link's transformation, outermost first
    made: list | None  # each link's (transformation, arguments, keywords), innermost last; None for ``[node]``
    args: tuple
    kwargs: dict


def read_call(node: ast.Call, links: list[ast.Call], frame: Any, given_at: int | None = None) -> ReadCall | None:
    """``node``'s transformations, their options and the call's arguments as values, when all are JAX's and none
    needs code to run; the innermost link's argument ``given_at`` (a lambda) is left unread."""
    if any(k.arg is None for link in {id(n): n for n in (*links, node)}.values() for k in link.keywords):
        return None  # ``**options``: what they hold is not read without running code
    try:
        transforms = [evaluate_pure(link.func, frame) for link in links]
        if not all(_transformation(t) for t in transforms):
            return None
        made = None if links[0] is node else [
            (t, [None if link is links[-1] and i == given_at else evaluate_pure(a, frame)
                 for i, a in enumerate(link.args) if link is links[-1] or i > 0],
             {k.arg: evaluate_pure(k.value, frame) for k in link.keywords if k.arg})
            for t, link in zip(transforms, links)]
        args = tuple(evaluate_pure(a, frame, library_values=True) for a in node.args)
        kwargs = {k.arg: evaluate_pure(k.value, frame, library_values=True) for k in node.keywords if k.arg}
    except Impure:
        return None
    return ReadCall(transforms, made, args, kwargs) if len(kwargs) == len(node.keywords) else None


def _transformation(function: Any) -> bool:
    """JAX's own transformation, or an installed library's (``hax.scan``, ``eqx.filter_vmap``): each only wraps the
    function it is given, and runs nothing until the wrapper is called."""
    module = getattr(function, "__module__", "") or ""
    return module.startswith("jax") or is_installed_library(getattr(sys.modules.get(module), "__file__", None) or "")


def jitted_statement_replay(exc: BaseException, traced: str | None, tree: ast.Module, globals_: dict,
                            filename: str | None, holding: Any = None, naming: str | None = None) -> Replay | None:
    """The user's one top-level call ``jax.jit(...)(args)`` whose innermost function is ``traced`` (a name, or
    ``<lambda>``: with ``naming``, one that names that function), or with ``holding``, a method of an object that
    holds that function (``jax.jit(algo.train)``, ``algo`` given the user's callback), made again to be traced
    abstractly; None unless exactly one such call evaluates without running code."""
    if not (traced or holding is not None) or not filename:
        return None
    frame = frame_of(globals_)
    found = []
    for node, links in statement_calls(tree):
        given = links[-1].args[0] if links[-1].args and links[0] is not node else None
        if not ((isinstance(given, ast.Lambda) and traced == "<lambda>" and (naming is None or any(
                isinstance(n, ast.Name) and n.id == naming for n in ast.walk(given))))
                or (isinstance(given, ast.Name) and traced and given.id == traced)
                or (holding is not None and isinstance(given, ast.Attribute) and _holds(given.value, frame,
                                                                                       holding))):
            continue
        read = read_call(node, links, frame, given_at=0)
        transforms = read.transforms if read is not None else []
        while len(transforms) > 1 and checking_transform(transforms[0]):  # chex.chexify(jax.jit(...)): the jit
            transforms = transforms[1:]
        if transforms and transforms[0] is jax.jit:
            found.append((node, read.args, read.kwargs))
    if len({ast.dump(n.func) for n, _, _ in found}) != 1:
        return None  # none, or jitted expressions that differ: which one traced the store is not known
    node, args, kwargs = found[-1]  # the same jitted expression called again: its last call
    expression = ast.fix_missing_locations(ast.Expression(copied(node.func)))
    try:
        fn = eval(compile(expression, filename, "eval"), dict(globals_))  # noqa: S307 - the user's jit, made anew
    except Exception:  # noqa: BLE001 - an expression that will not make the jitted function again
        return None
    fn = unchecked(fn)  # its checks run in the jit inside, given the wrapper's context (retrace.contexts)
    replay = replay_of_call(exc, fn, args, kwargs)
    if isinstance(replay, str):
        return None
    replay.where = f"your line that ran it, `{ast.unparse(node)}`, traced again abstractly"
    return replay


def _holds(node: ast.expr, frame: Any, function: Any) -> bool:
    """True when the object ``node`` names holds ``function`` among its attributes, or theirs (a config the
    callback was given to: ``algo.replace(eval_callback=record)``)."""
    try:
        value = evaluate_pure(node, frame, library_values=True)
    except Impure:
        return False
    return holds(value, lambda v: v is function or getattr(v, "__wrapped__", None) is function, depth=2)


def probe_stored(replay: Replay, live: types.FunctionType, definition: ast.AST, store: ast.stmt | None,
                 filename: str, globals_: dict, traced: str | None) -> Origin | None:
    """The parameters of the jitted function ``traced`` that the value ``store`` keeps depends on, read in the
    trace ``replay`` runs with the store handing the value to a probe instead; None when the trace did not
    reach the store or its value was read in another trace (a library's own jit)."""
    value = _stored_value(store)
    if value is None or not isinstance(definition, (ast.FunctionDef, ast.Lambda)):
        return None
    edited = copied(definition)
    target = ast.dump(store)
    for holder in ast.walk(edited):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(holder, field, None)
            if isinstance(block, list):
                block[:] = [ast.copy_location(ast.Expr(ast.Call(ast.Name(_PROBE, ast.Load()), [value], [])), s)
                            if ast.dump(s) == target else s for s in block]
    if stores_outside(edited):  # another store left: tracing it again would write a tracer into the user's objects
        return None
    seen: list[Origin] = []

    def probe(held: Any) -> None:
        tracers = [leaf for leaf in quiet_leaves(held) if isinstance(leaf, jax.core.Tracer)]
        seen.append(origin_of(BaseException(), tracers))

    try:
        probed = rebuild(live, edited, filename, {**globals_, _PROBE: probe})
    except Exception:  # noqa: BLE001 - the probing copy does not compile here
        return None
    replay.run([(live, probed.__code__)], {_PROBE: probe})
    origins = [o for o in seen if o.how == "trace" and probe_name(o.function or "") == traced]
    if not origins:
        return None
    return Origin(list(dict.fromkeys(p for o in origins for p in o.paths)), traced, "trace")


def _stored_value(store: ast.stmt | None) -> ast.expr | None:
    """The value a store keeps: ``v`` of ``seen.append(v)``, ``cache[k] = v`` or ``self.last = v``."""
    if isinstance(store, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return copied(store.value) if store.value is not None else None
    if isinstance(store, ast.Expr) and isinstance(store.value, ast.Call) and store.value.args:
        return copied(store.value.args[-1])
    return None
