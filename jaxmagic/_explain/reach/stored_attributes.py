"""A leak stored on an object by one of its methods that library code called (a Keras layer's ``call``).

JAX's message then names no function of the user's, and the line that met the
tracer reads ``attn.last_scores``: the store is the assignment ``self.last_scores
= ...`` in a method of ``attn``'s class (or of a class it inherits from) that
the user wrote. Or the store is the library's own: the jitted function hands a
global object to library code that keeps the value in it (tensornetwork's
``mps.apply_one_site_gate(gate, 1)``, a stheno ``GP(..., measure=prior)``), and
the line is the user's that handed the object over (:func:`handed_global_store`).
"""
from __future__ import annotations

import ast
import types
from typing import Any

import jax

from ..._common.errors import is_user_file
from ..._common.frames import kept_as_it_was
from ..._common.source import definition_of, node_at, parameter_names, parse_file, position_of
from ..dataflow import depends_on, local_names
from ..recover import Impure, evaluate_pure

__all__ = ["AttributeStore", "attribute_store", "handed_global_store", "holds", "kept_jitted_call", "tried_keeping"]


class AttributeStore:
    """The method that stored the attribute, and its storing statement."""

    def __init__(self, method: ast.FunctionDef, filename: str, store: ast.stmt) -> None:
        self.method, self.filename, self.store = method, filename, store

    @property
    def arguments(self) -> list[str]:
        """The method's parameters the stored value is computed from (``self`` aside)."""
        return depends_on(self.method, self.store)


def attribute_store(use: types.TracebackType) -> AttributeStore | None:
    """The one store of the attribute the failing line reads on an object of the user's class; else None."""
    frame = use.tb_frame
    tree = parse_file(frame.f_code.co_filename)
    node = node_at(tree, position_of(use)) if tree is not None else None
    if node is None:
        return None
    found = []
    for read in ast.walk(node):
        if not (isinstance(read, ast.Attribute) and isinstance(read.value, ast.Name)):
            continue
        held = frame.f_locals.get(read.value.id, frame.f_globals.get(read.value.id))
        if held is None or isinstance(held, (type, types.ModuleType)):
            continue
        found += [s for s in _stores_of(type(held), read.attr) if s not in found]
    later = [s for s in found if s.method.name != "__init__"]  # the object built holds a value made before any trace
    return found[0] if len(found) == 1 else later[0] if len(later) == 1 else None


def _stores_of(cls: type, attr: str) -> list[AttributeStore]:
    found = []
    for klass in cls.__mro__:
        for value in vars(klass).values():
            code = getattr(value, "__code__", None)
            if not isinstance(value, types.FunctionType) or not is_user_file(code.co_filename):
                continue
            tree = parse_file(code.co_filename)
            method = definition_of(tree, code) if tree is not None else None
            params = parameter_names(method) if isinstance(method, ast.FunctionDef) else []
            if not params:
                continue
            for stmt in ast.walk(method):
                if _stores_attribute(stmt, params[0], attr):
                    found.append(AttributeStore(method, code.co_filename, stmt))
    return found


def _stores_attribute(stmt: Any, receiver: str, attr: str) -> bool:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(
        stmt, (ast.AugAssign, ast.AnnAssign)) else []
    # ``self.last_control, d = ...``: each name an unpacking assigns
    unpacked = [n for t in targets for n in ast.walk(t) if not isinstance(n, (ast.Tuple, ast.List, ast.Starred))
                and (n is t or isinstance(n, ast.Attribute))]
    return any(isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name)
               and t.value.id == receiver for t in unpacked)


def handed_global_store(outer: ast.AST | None, globals_: dict) -> tuple[ast.stmt, str] | None:
    """The one statement of the jitted function ``outer`` that hands a global object to a call (as an argument,
    or as the receiver of its method) when that object now holds a tracer, and the object's name; else None."""
    if not isinstance(outer, ast.FunctionDef):
        return None
    local = local_names(outer)
    # ``for raw in (cfg.fwd, cfg.dlhs): raw.quantizer.set_context(ctx)`` (AQT): the loop's name stands for the
    # globals it runs over
    aliases = {loop.target.id: sorted({n.id for n in ast.walk(loop.iter) if isinstance(n, ast.Name)} - local)
               for loop in ast.walk(outer) if isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)}
    found = []
    simple = [s for s in ast.walk(outer) if isinstance(s, ast.stmt) and s is not outer and not isinstance(
        s, (ast.For, ast.While, ast.If, ast.With, ast.Try, ast.FunctionDef, ast.ClassDef))]
    for statement in simple if len(simple) < 64 else []:  # the innermost statement that hands the object over
        for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
            handed = [*call.args, *(k.value for k in call.keywords)] + (
                [_root(call.func.value)] if isinstance(call.func, ast.Attribute) else [])
            names = sorted({g for a in handed if isinstance(a, ast.Name)
                            for g in aliases.get(a.id, [a.id]) if g not in local})
            holding = [n for n in names if _holds_tracer(globals_.get(n))]
            if holding and all(statement is not f for f, _ in found):
                found.append((statement, holding[0]))
    if len(found) > 1:  # the object is used on several lines: the one calling its method that sets what holds a tracer
        setting = [(s, held) for s, held in found if _sets_traced_attribute(s, held, globals_[held])]
        found = setting if len(setting) == 1 else found
    return found[0] if len(found) == 1 else None


def _root(node: ast.expr) -> ast.expr:
    """The name an attribute chain starts from: ``raw`` of ``raw.dg_quantizer``."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node


def _sets_traced_attribute(statement: ast.stmt, held: str, value: Any) -> bool:
    """True when ``statement`` calls a method of ``value`` (named ``held``) whose source assigns one of the
    object's attributes that now hold a tracer (exojax's ``art.change_temperature_range(Tmin, ...)``, which sets
    ``self.Tlow``), in the user's code or a library's."""
    traced = {name for name, v in getattr(value, "__dict__", {}).items() if _holds_tracer(v)}
    for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
        func = call.func
        if not (traced and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                and func.value.id == held):
            continue
        code = getattr(getattr(type(value), func.attr, None), "__code__", None)
        tree = parse_file(code.co_filename) if code is not None else None
        method = definition_of(tree, code) if tree is not None else None
        params = parameter_names(method) if isinstance(method, ast.FunctionDef) else []
        if params and any(_stores_attribute(s, params[0], a) for s in ast.walk(method) for a in traced):
            return True
    return False


def kept_jitted_call(name: str | None, use: types.TracebackType | None) -> tuple[Any, tuple, dict] | None:
    """The jitted function ``name`` with the arguments of the cell's last top-level call of it before the line that
    met the leaked tracer (``flux = emission(1300.0, 0.1, 500.0)``), when they evaluate without running code: the
    values the static fix of a kept value is worded and tried with. None when there is no such call."""
    frame = use.tb_frame if use is not None else None
    jitted = frame.f_globals.get(name) if frame is not None and name else None
    tree = parse_file(frame.f_code.co_filename) if jitted is not None else None
    if tree is None or getattr(jitted, "_jit_info", getattr(jitted, "lower", None)) is None:
        return None
    calls = [n for statement in tree.body if statement.lineno < use.tb_lineno for n in ast.walk(statement)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name]
    if not calls or any(k.arg is None for k in calls[-1].keywords):
        return None
    try:
        args = tuple(evaluate_pure(a, frame) for a in calls[-1].args)
        return jitted, args, {k.arg: evaluate_pure(k.value, frame) for k in calls[-1].keywords}
    except Impure:
        return None


def tried_keeping(held: Any, name: str, fixes: list, attempt: Any) -> None:
    """Run ``attempt`` (the tries of ``fixes``, which leave the store of library code in place) with ``held``'s
    attributes as they are, then check that ``held`` keeps no tracer and put its attributes back: a fix that traced
    but left a tracer in it failed. A kept value with no attributes to put back (a list) is not tried."""
    if not hasattr(held, "__dict__"):
        for fix in fixes:
            fix.outcome = f"a try would write into `{name}`, which jaxmagic could not put back"
        return
    with kept_as_it_was(held):
        attempt()
        for fix in fixes:
            if fix.verified and _holds_tracer(held):
                fix.verified, fix.outcome = False, f"still fails: `{name}` still keeps a tracer"


def holds(value: Any, found: Any, depth: int = 6, seen: set | None = None) -> bool:
    """True when ``value``, or what its attributes, lists and dicts hold (``depth`` levels down), satisfies
    ``found`` (a tracer; the user's callback given to a library's config)."""
    seen = set() if seen is None else seen
    if value is None or id(value) in seen or len(seen) > 2000 or isinstance(value, (type, types.ModuleType, str)):
        return False
    if found(value):
        return True
    if isinstance(value, types.FunctionType):
        return False
    seen.add(id(value))
    held = list(value.values()) if isinstance(value, dict) else list(value) if isinstance(value, (list, tuple)) \
        else _attributes(value)
    return depth > 0 and any(holds(v, found, depth - 1, seen) for v in held[:256])


def _attributes(value: Any) -> list[Any]:
    """The values of ``value``'s attributes: its ``__dict__``, else its slots (AQT's slotted dataclasses)."""
    if hasattr(value, "__dict__"):
        return list(vars(value).values())
    slots = [n for cls in type(value).__mro__ for n in ([getattr(cls, "__slots__", ())] if isinstance(
        getattr(cls, "__slots__", ()), str) else getattr(cls, "__slots__", ()))]
    return [getattr(value, n) for n in slots[:64] if not n.startswith("__") and hasattr(value, n)]


def _holds_tracer(value: Any) -> bool:
    return holds(value, lambda v: isinstance(v, jax.core.Tracer))
