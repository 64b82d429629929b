"""A library's jit traced again with the hashable values a fix hands it, for a fix on a line no trace runs.

An unhashable value a library's jit holds static is often handed over on an
earlier line of the cell (mbirjax's ``ct.set_params(det_channel_offset=offset)``
keeps a JAX scalar in the parameter object its projector's jit hashes). The fix
rewrites that line, which jaxmagic does not run again; the jitted call that
failed is traced again instead, abstractly, with the hashable value in place of
the one the user's code handed over, found by identity in its static arguments.
An object of the user's dataclass declared hashable (relax's ``pred_fn`` given a
model) is tried the same way: a copy of it, its class compiled as declared.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import sys
import types
from typing import Any

import jax

from ..._common.errors import is_user_file, traceback_entries, tracing_kind
from ..._common.source import every_node, parse_file
from ..._tracking.compiling.jax_frames import find_jax_call
from ..declare.fields import Declaration
from ..declare.frozen import HandedHashable
from ..declare.rebuilt import redeclared
from ..explanation import Fix
from ..retrace.replay import Refused, Replay, jax_call_again
from ..recover import Impure, evaluate_pure

__all__ = ["verify_hashed"]


def verify_hashed(fixes: list[Fix], exc: BaseException, known: Any = None) -> None:
    """Try each untried fix that hands a library's jit hashable values: that jit's failing call, traced again with
    them in its static arguments (its other arguments by shape and dtype). ``known``: the failing call as the
    record knows it (a library's jitted function the user called), for a traceback JAX filtered."""
    wanted = [f for f in fixes if f.verified is None and (isinstance(f.recipe, HandedHashable) or isinstance(
        f.recipe, Declaration) and f.recipe.handed is not None)]  # (the user's class declared anew: its object)
    held = [tb.tb_frame for tb in traceback_entries(exc.__traceback__)]
    call = find_jax_call(held[-1], held) if wanted and held else None
    if call is None and wanted and held:  # JAX's C++ dispatch hashed it: no frame of JAX's on the stack
        call = _jitted_call_at(held[-1])
    if call is None and wanted and known is not None and known.fn is not None:
        call = types.SimpleNamespace(fun=known.fn, args=known.args, kwargs=known.kwargs,
                                     static_argnums=known.static_argnums, static_argnames=known.static_argnames)
    if call is None:
        return
    for fix in wanted:
        # by identity; a list or set the fix writes as a display of constants (``classes=[0, 1]``) was made anew
        # by the user's call, inside the static value: found there by value
        made = fix.recipe.made if isinstance(fix.recipe, HandedHashable) else _rebuilt(fix.recipe)
        swap = {id(old): new for old, new in made}
        displays = [(old, new) for old, new in made if type(old) in (list, set) or _made_by_user(old) or _scalar(old)]
        static = set(call.static_argnums)
        args = tuple(_swapped(a, swap, displays) if i in static else a for i, a in enumerate(call.args))
        kwargs = {k: _swapped(v, swap, displays) if k in call.static_argnames else v for k, v in call.kwargs.items()}
        if all(a is b for a, b in zip(args, call.args)) and all(kwargs[k] is call.kwargs[k] for k in kwargs):
            continue  # the values handed over are not what the jit holds: nothing to try
        outcome = _traced(call, args, kwargs)
        if outcome is None:
            fix.verified, fix.outcome = True, "traced (the library's jitted call, traced again with these values)"
        elif isinstance(outcome, Refused):  # the explanation's time for tries was spent
            fix.outcome = str(outcome)
        elif tracing_kind(outcome) == "unhashable-static":
            fix.verified, fix.outcome = False, f"still fails: {type(outcome).__name__}: {str(outcome)[:120]}"


def _rebuilt(recipe: Declaration) -> list[tuple[Any, Any]]:
    """The object a class declaration fix is about, with a copy of it whose class is compiled as the fix declares."""
    module = sys.modules.get(type(recipe.handed).__module__)
    try:
        return [(recipe.handed, redeclared(recipe, recipe.handed, dict(vars(module)) if module else {}))]
    except Exception:  # noqa: BLE001 - a class that cannot be compiled again here: nothing to try
        return []


def _jitted_call_at(frame: types.FrameType) -> Any:
    """The call of a jitted function on ``frame``'s line (``evaluate_batch(metric, b)`` in a library's loop), its
    function and arguments read in the frame without running code; None when there is not exactly one."""
    tree = parse_file(frame.f_code.co_filename)
    found = []
    for node in every_node(tree) if tree is not None else ():
        if not (isinstance(node, ast.Call) and node.lineno == frame.f_lineno):
            continue
        try:
            jitted = evaluate_pure(node.func, frame, library_values=True)
            info = getattr(jitted, "_jit_info", None)
            if info is None or not callable(getattr(jitted, "__wrapped__", None)):
                continue
            # (SciPy's ``self.f(np.copy(x), *self.args)``: the arguments a library spread, read as it holds them)
            args = tuple(v for a in node.args for v in (
                tuple(evaluate_pure(a.value, frame, library_values=True)) if isinstance(a, ast.Starred) else
                (evaluate_pure(a, frame, library_values=True),)))
            if isinstance(jitted, types.MethodType):  # ``agent.init(key)``: a jitted method takes its object first
                args = (jitted.__self__, *args)
            kwargs = {}
            for k in node.keywords:
                value = evaluate_pure(k.value, frame, library_values=True)
                kwargs.update(dict(value) if k.arg is None else {k.arg: value})
        except (Impure, TypeError, ValueError):  # (what a library spread, not a sequence or mapping: not read)
            continue
        found.append(types.SimpleNamespace(fun=jitted.__wrapped__, args=args, kwargs=kwargs,
                                           static_argnums=tuple(info.static_argnums or ()),
                                           static_argnames=tuple(info.static_argnames or ())))
    return found[0] if len(found) == 1 else None


def _traced(call: Any, args: tuple, kwargs: dict) -> BaseException | None:
    """The outcome of tracing the jitted call again with ``args`` (abstract where not static), as a failing trace
    is run again (no code rewritten: JAX's own caches serve it)."""
    again = jax_call_again(call, args, kwargs, [], "through the library's jit")
    return again.run() if isinstance(again, Replay) else again


def _swapped(value: Any, swap: dict[int, Any], displays: list[tuple[Any, Any]] | tuple = (), depth: int = 0
             ) -> Any:
    """``value`` with each object ``swap`` names (by identity) replaced, and each list or set equal to one of
    ``displays``, inside tuples, named tuples and dataclasses; the same object where nothing inside it changed."""
    if id(value) in swap:
        return swap[id(value)]
    if type(value) in (list, set) or _made_by_user(value) or _scalar(value):  # (an object of the user's dataclass,
        # made again by the call the user's line wrote, equal to the one the fix was made from; a JAX scalar the fix
        # computed again, ``float(jnp.median(field))``)
        found = next((new for old, new in displays if type(old) is type(value) and _equal(old, value)), None)
        if found is not None or type(value) in (list, set):
            return value if found is None else found
    if depth > 4:
        return value
    if isinstance(value, tuple):
        items = [_swapped(v, swap, displays, depth + 1) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {}
        for field in (f for f in dataclasses.fields(value) if f.init):
            held = getattr(value, field.name)
            if (new := _swapped(held, swap, displays, depth + 1)) is not held:
                changed[field.name] = new
        return dataclasses.replace(value, **changed) if changed else value
    fields = getattr(value, "__dict__", None)  # a plain object holding it (braintools' ``Sigmoid(alpha=...)``)
    changed = {k: new for k, held in list(fields.items())[:64] if (new := _swapped(held, swap, displays, depth + 1))
               is not held} if isinstance(fields, dict) and not isinstance(value, type) else {}
    if not changed:
        return value
    made = copy.copy(value)
    made.__dict__.update(changed)
    return made


def _made_by_user(value: Any) -> bool:
    """An object of a dataclass of the user's cell (compared by value where the fix's object is a copy)."""
    module = type(value).__module__
    return dataclasses.is_dataclass(value) and not isinstance(value, type) and (module == "__main__" or is_user_file(
        getattr(sys.modules.get(module), "__file__", None) or ""))


def _scalar(value: Any) -> bool:
    """A concrete JAX scalar (compared by value and dtype where the fix computed it again)."""
    return isinstance(value, jax.Array) and not isinstance(value, jax.core.Tracer) and value.ndim == 0


def _equal(old: Any, value: Any) -> bool:
    if _scalar(old) or _scalar(value):
        return _scalar(old) and _scalar(value) and old.dtype == value.dtype and bool(old == value)
    try:
        return bool(old == value)
    except Exception:  # noqa: BLE001 - fields that compare as arrays: not the same object
        return False
