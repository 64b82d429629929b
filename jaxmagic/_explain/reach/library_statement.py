"""A leak from a function the user's statement ran, made again through that statement.

``statement_replay``: the statement hands the function to a JAX transformation (``lax.scan(body, init, xs)``,
``jax.vmap(f)(xs)``), made again around the fixed copy. ``library_statement_replay``, for a function the user handed
to a library:

``method = somax.sgn_ce(predict_fn=predict_fn)`` and later ``method.step(params, batch, state, key)``;
``minimization_based(..., regularization=speed_penalty)``; ``surface_flux(state)`` of a function under a
library's decorator (veros's ``@veros_kernel``): library code ran the storing function inside its own trace, which
ended long before the stored value was used. No cached trace of the user's names it, and no JAX transformation is
applied in the statement. The statement's call is made again abstractly (its arrays traced under a jit of
jaxmagic's, everything else held as given), with the fixed code put in place of the storing function's for that
one trace, and a marker as the fixed code's first statement: a trace that never reaches it says nothing of the fix.
"""
from __future__ import annotations

import ast
import inspect
import sys
import types
from typing import Any

import jax

from ..._common.errors import is_installed_library, is_user_file
from ..._common.source import clone, text_of
from ..recover import Impure, evaluate_pure, frame_of, pure_or
from .cached_jit import reaches, swapped
from ..retrace.replay import Replay, replay_of_call
from .jitted_statement import read_call, statement_calls

__all__ = ["library_statement_replay", "statement_replay"]


def library_statement_replay(exc: BaseException, live: types.FunctionType, tree: ast.Module, globals_: dict,
                             before: int | None) -> Replay | None:
    """The call of the user's last top-level statement before line ``before`` (all, when None) that calls library
    code holding ``live`` (a library's function handed ``live``, a method of an object that holds it, ``live`` under
    a library's decorator), made again abstractly; None when no such call can be made again without running code."""
    frame = frame_of(globals_)
    for statement in reversed(tree.body):
        if before is not None and statement.lineno >= before:
            continue
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
            continue
        for call in _outer_calls(statement):
            made = _made_again(call, live, frame)
            if made is None:
                continue
            callee, args, kwargs = made
            replay = replay_of_call(exc, callee, args, kwargs)
            if isinstance(replay, str):
                return None
            replay.where = f"your line that ran it, `{text_of(call)}`, traced again abstractly"
            return replay
    return None


def _outer_calls(statement: ast.stmt) -> list[ast.Call]:
    """The calls of ``statement`` that no other call of it holds as its callee or argument."""
    inner = {id(n) for c in ast.walk(statement) if isinstance(c, ast.Call)
             for n in ast.walk(c) if isinstance(n, ast.Call) and n is not c}
    return [n for n in ast.walk(statement) if isinstance(n, ast.Call) and id(n) not in inner]


def _made_again(call: ast.Call, live: types.FunctionType, frame: Any) -> tuple[Any, tuple, dict] | None:
    """(the callee, its arguments), when the callee is library code that holds or is handed ``live`` and every part
    evaluates without running code of the user's; else None."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    try:
        callee = evaluate_pure(call.func, frame, library_values=True)
        args = tuple(evaluate_pure(a, frame, library_values=True) for a in call.args)
        kwargs = {k.arg: evaluate_pure(k.value, frame, library_values=True) for k in call.keywords}
    except Impure:
        return None
    if callee is live or not callable(callee) or not _library_code(callee):
        return None
    if not (reaches(callee, live) or any(reaches(v, live) for v in (*args, *kwargs.values()))):
        return None
    return callee, args, kwargs


def _library_code(callee: Any) -> bool:
    """True when calling ``callee`` runs an installed library's code first (a library's function or method, or the
    wrapper a library's decorator put around a function of the user's), not the user's own."""
    function = getattr(callee, "__func__", callee)
    code = getattr(function, "__code__", None) or getattr(getattr(type(callee), "__call__", None), "__code__", None)
    filename = getattr(code, "co_filename", "")
    return bool(filename) and is_installed_library(filename) and not is_user_file(filename)


# JAX's functions that run a function they are given, and where it is among their arguments
_RUNS = {"scan": 0, "map": 0, "associative_scan": 0, "fori_loop": 2, "while_loop": 1, "cond": 1, "switch": 1,
         "vmap": 0, "grad": 0, "value_and_grad": 0, "jacfwd": 0, "jacrev": 0, "checkpoint": 0, "remat": 0}


_AUX = {"grad", "value_and_grad", "jacfwd", "jacrev"}  # transformations whose has_aux takes the extra output


def statement_replay(exc: BaseException, live: Any, fixed: Any, tree: ast.Module,
                      globals_: dict, aux: bool = False, name: str | None = None, method: str | None = None,
                      called: bool = False) -> Replay | None:
    """The user's top-level statement that hands ``live`` to a JAX transformation (``lax.scan(body, init,
    xs)``, ``jax.vmap(f)(xs)``, ``jax.jit(jax.grad(f))(x)``), as a call traced abstractly; None unless exactly
    one such statement has arguments that evaluate without running code."""
    frame = frame_of(globals_)
    found, found_at = [], []
    for node, links in statement_calls(tree):
        short = (text_of(links[-1].func) or "").rsplit(".", 1)[-1]
        at = _RUNS.get(short)
        if at is None and (links[0] is not node or called) and not (
                called and isinstance(pure_or(links[-1].func, frame), type)):  # (``Partial(pot)`` only makes one)
            # a library's transformation, applied: handed the function by name (or a library's function handed an
            # object that it calls)
            at = next((i for i, a in enumerate(links[-1].args) if (isinstance(a, ast.Name)
                       and a.id == (name or live.__name__)) or _bound(a, live, method, frame)
                       or (called and _calls(a, live, frame))), None)
        given = links[-1].args[at] if at is not None and len(links[-1].args) > at else None
        if isinstance(given, ast.Attribute) and given.attr == method:  # jax.grad(fitter.loss)
            given = given.value
        elif _bound(given, live, method, frame) or (called and _calls(given, live, frame)):
            given = ast.Name(live.__name__)  # jax.jit(trainer.step): the object's method; or an object it calls
        if not (isinstance(given, ast.Name) and given.id == (name or live.__name__)) or (
                called and _kept_by(node, tree, live, frame)):  # (``prob = jaxcont.bif_problem(model, u0, p0)`` keeps
            continue  # the object: the call that runs it is a later one)
        if links[0] is node and short in _WRAPS and aux_variant(pure_or(links[-1].func, frame)) is None:
            continue  # jax.grad(f) made, not run, here: the call around it runs it (eagerpy's runs it)
        read = read_call(node, links, frame)
        if read is not None:
            found.append((read.transforms[-1], read.made, read.args, read.kwargs))
            found_at.append((node, links[-1]))
    if len(found) != 1:
        return None
    transform, made, args, kwargs = found[0]
    with_aux = aux and made is not None and (getattr(transform, "__name__", "") in _AUX or _takes_aux(transform))
    if with_aux:  # jax.grad(f) of a function that returns one more value: jax.grad(f, has_aux=True), as the fix says
        made[-1] = (made[-1][0], made[-1][1], {**made[-1][2], "has_aux": True})
    variant = aux_variant(transform) if aux and made is None else None
    if variant is not None:  # a library's gradient with no has_aux, run here: its own variant that takes the extra
        transform = variant  # output (eagerpy's ``value_aux_and_grad`` beside ``value_and_grad``)
    try:  # jax.vmap(f)(xs): the transformations made again around the copy, innermost first (they only wrap it)
        fn = transform
        for i, (wrap, given, options) in enumerate(reversed(made or [])):
            given = swapped(tuple(given), live, fixed) if i == 0 else (fn, *given)
            fn = wrap(*given, **(swapped(options, live, fixed) if i == 0 else options))
    except Exception:  # noqa: BLE001 - a transformation that will not take the copy
        return None
    replay = replay_of_call(exc, fn, swapped(args, live, fixed), swapped(kwargs, live, fixed))
    if isinstance(replay, str):
        return None
    replay.where = (f"your line that ran it, `{text_of(found_at[0][0])}`, traced again abstractly"
                    + (" with has_aux=True" if with_aux else ""))
    replay.unjitted = not any(wrap is jax.jit for wrap, _, _ in made or [])
    if with_aux:  # the fix's code says so: the transformation given has_aux=True
        given = clone(found_at[0][1])
        given.keywords = [*given.keywords, ast.keyword("has_aux", ast.Constant(True))]
        replay.changed = text_of(given)
    elif variant is not None:
        given = clone(found_at[0][1])
        given.func = ast.Attribute(given.func.value, variant.__name__, ast.Load()) if isinstance(
            given.func, ast.Attribute) else ast.Name(variant.__name__, ast.Load())
        replay.where += f" with `{variant.__name__}`"
        replay.changed = f"{text_of(given)}  (it returns the extra output too: see its signature)"
    return replay


def aux_variant(transform: Any) -> Any:
    """A library's own variant of a gradient function with no ``has_aux`` option that hands back the function's
    extra output (eagerpy's ``value_aux_and_grad`` for ``value_and_grad``), from the same module; else None."""
    name = getattr(transform, "__name__", "")
    if name not in _AUX or _takes_aux(transform) or (getattr(transform, "__module__", "") or "").startswith("jax"):
        return None
    module = sys.modules.get(getattr(transform, "__module__", "") or "")
    package = sys.modules.get(getattr(module, "__name__", "").split(".", 1)[0])
    for holder in [m for m in (module, package) if m is not None]:
        for other, value in vars(holder).items():
            if "aux" in other and other.replace("aux_", "").replace("_aux", "") == name and callable(value):
                return value
    return None


def _takes_aux(transform: Any) -> bool:
    """True for a library's transformation with a ``has_aux`` option (sparsejac's ``jacrev``, optimistix's solvers):
    it hands the function's extra output back beside its own result."""
    try:
        return "has_aux" in inspect.signature(transform).parameters
    except (TypeError, ValueError):
        return False


_WRAPS = {"vmap", "grad", "value_and_grad", "jacfwd", "jacrev", "checkpoint", "remat"}  # make a function, run nothing


def _calls(node: ast.expr | None, live: types.FunctionType, frame: Any) -> bool:
    """True when ``node`` is a name of an object whose class's ``__call__`` is ``live`` (an observer the user hands
    a library, which calls it)."""
    if not isinstance(node, ast.Name):
        return False
    try:
        return getattr(type(evaluate_pure(node, frame)), "__call__", None) is live
    except Impure:
        return False


def _kept_by(call: ast.Call, tree: ast.Module, live: types.FunctionType, frame: Any) -> bool:
    """True when the user's statement ``name = call`` made a value that holds the object whose ``__call__`` is
    ``live``: a library function that builds a problem around it, which a later call runs."""
    made = [frame.f_globals.get(t.id) for s in tree.body if isinstance(s, ast.Assign) and s.value is call
            for t in s.targets if isinstance(t, ast.Name)]
    held = [v for v in list(frame.f_globals.values()) if getattr(type(v), "__call__", None) is live] if made else []
    return any(reaches(value, one) for value in made for one in held if value is not one)


def _bound(node: ast.expr | None, live: types.FunctionType, method: str | None, frame: Any) -> bool:
    """True when ``node`` reads ``live`` as an object's method (``trainer.step``), without running code."""
    if not (isinstance(node, ast.Attribute) and method is None and node.attr == live.__name__):
        return False
    try:
        return getattr(evaluate_pure(node, frame), "__func__", None) is live
    except Impure:
        return False
