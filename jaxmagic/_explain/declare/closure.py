"""An argument JAX can neither trace nor hash, held by a global name of the user's: read there, not passed.

A model object (econpizza's model, a dict of strings, functions and caches), an environment or a solver
passed to a jitted function is flattened into leaves JAX cannot trace; marked static, it must be hashable,
and a dict or a mutable object is not (or is hashed by identity, which hides later changes). When the
object passed is the one a global name of the user's holds, the function reads it from there: a global
read while tracing is a constant of the trace, as a static argument would be, without being hashed. The
parameter goes, the call stops passing it; tried by tracing the rewritten function with the other
arguments.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
from typing import Any

import jax
import numpy as np

from ..._common.frames import quiet_leaves
from ..._common.errors import is_user_file
from ..._common.source import copied, text_of
from ..dataflow import local_names
from ..explanation import Fix
from ..fixes.site import edit_fix, is_hashable

__all__ = ["ClosedOver", "closed_over_fix", "host_globals_fix"]


@dataclasses.dataclass
class ClosedOver:
    """Recipe: the jitted function without the parameter ``param``, which reads the global ``held`` instead; or,
    ``held`` None, the function as it is, jitted with ``param`` bound by ``functools.partial``."""

    param: str
    held: str | None
    edited: ast.FunctionDef


def closed_over_fix(argument: str | None, facts: Any, globals_: dict | None, host: bool = False,
                    tree: ast.Module | None = None, marked_static: bool = False, by_jax_code: bool = False,
                    options: bool = False) -> Fix | None:
    """The jitted function reading ``argument``'s object from the user's global that holds it, when the object
    can be neither traced nor hashed (``host``: a NumPy array that library code converts with NumPy, which must
    stay one, and cannot be hashed as a static argument); bound with ``functools.partial`` when no global holds
    it (made in the call: ``nlml(Matern52().stretch(0.5), 0.1)``), the call read from ``tree``. ``marked_static``:
    the user marked it static already, and it could not be hashed. ``by_jax_code``: the library function that
    converts it is JAX code itself (pybamm's ``jax_bdf_integrate`` building its mass matrix with NumPy), so a JAX
    array handed to it is a constant that function needs, bound too. ``options``: a dict of arrays and the Python
    values a library holds static (jaxfmm's hierarchy), traced as a pytree, so its counts came to the library as
    tracers. Without the value (a cell's call read back,
    its arguments not run again), bound for an argument JAX said it cannot trace. None otherwise."""
    if argument is None or facts is None or facts.source is None or (argument in facts.static) != marked_static:
        return None
    value = facts.values.get(argument)
    if value is None and not host and not marked_static and isinstance(facts.source[0], ast.FunctionDef) and \
            is_user_file(facts.source[1]):
        return _bound_fix(argument, facts, facts.source[0], tree, known=False)
    if value is None or is_hashable(value) or isinstance(value, (str, bytes, int, float, bool, type(None))) or (
            host and not (type(value) is np.ndarray or by_jax_code and isinstance(value, jax.Array))) or (
            marked_static and _traceable(value)):
        return None
    held = _holder(argument, value, globals_ or {})
    node, filename = facts.source
    if not isinstance(node, ast.FunctionDef) or not is_user_file(filename):
        return None
    if held is None or marked_static:
        return _bound_fix(argument, facts, node, tree, host=host)
    edited = copied(node)
    params = edited.args
    if params.posonlyargs or params.defaults or params.kw_defaults and any(params.kw_defaults):
        return None  # where a default would shift, or a position-only parameter: not rewritten here
    kept = [a for a in params.args if a.arg != argument]
    only = [a for a in params.kwonlyargs if a.arg != argument]
    if len(kept) + len(only) == len(params.args) + len(params.kwonlyargs):
        return None
    params.args, params.kwonlyargs, params.kw_defaults = kept, only, [None] * len(only)
    if held != argument:  # the body keeps its own name for it
        edited.body.insert(0, ast.copy_location(ast.Assign([ast.Name(argument, ast.Store())],
                                                           ast.Name(held, ast.Load())), edited.body[0]))
    shown = copy.copy(edited)
    shown.body = [ast.Pass()]
    header = ast.unparse(shown).rsplit("\n", 1)[0]
    reads = f"    {argument} = {held}  # " if held != argument else "    ...  # the body as it is; "
    code = (f"{header}\n{reads}`{held}` is read from your module: a constant of the trace\n\n"
            f"{facts.name}(...)   # without `{argument}`")
    return Fix(
        "static", code,
        (f"library code converts `{argument}` with NumPy, so it needs it as a constant, and an array cannot be "
         "hashed as a static argument" if host else f"library code holds static the Python values `{argument}` "
         "carries beside its arrays, and passed to the jit they are traced; a dict holding arrays cannot be hashed "
         "as a static argument" if options else f"`{argument}` can be neither traced (it is not made of arrays) "
         "nor hashed as a static argument") + f"; the function can read it from "
        f"{'your global ' if held == argument else ''}`{held}` instead of being given it: a global read while JAX "
        "traces is a constant of the trace (re-run the jitted function's definition after changing it)",
        recipe=ClosedOver(argument, held, edited),
    )


def _bound_fix(argument: str, facts: Any, node: ast.FunctionDef, tree: ast.Module | None,
               known: bool = True, host: bool = False) -> Fix | None:
    """The jitted function as it is, jitted with the object bound by ``functools.partial`` (once per object: it is
    a constant of that trace), called with the other arguments of the user's one call of it."""
    others = [p for p in facts.static if p != argument]
    call = _the_call(facts.name, tree)
    if facts.wrapper != "jax.jit" or others or call is None or argument not in facts.params or any(
            isinstance(a, ast.Starred) for a in call.value.args):
        return None
    index = facts.params.index(argument)
    given = dict(zip(facts.params, call.value.args)) | {k.arg: k.value for k in call.value.keywords if k.arg}
    if argument not in given:
        return None
    shown = copy.copy(node)
    shown.decorator_list, shown.body = [], [ast.Pass()]
    header = ast.unparse(shown).rsplit("\n", 1)[0]
    jitted = f"{facts.name}_of_{argument}"
    # the first parameter bound by position; another by name, and then the rest are passed by name
    rest = [ast.unparse(a) if index == 0 else f"{facts.params[i]}={ast.unparse(a)}"
            for i, a in enumerate(call.value.args) if i != index] + [
        f"{k.arg}={ast.unparse(k.value)}" for k in call.value.keywords if k.arg != argument]
    binding = ast.unparse(given[argument]) if index == 0 else f"{argument}={ast.unparse(given[argument])}"
    bound = ast.unparse(call.targets[0]) + " = " if isinstance(call, ast.Assign) else ""
    code = (f"{header}   # no jit here: it goes on the function with `{argument}` bound\n    ...  # the body as it "
            f"is\n\n{jitted} = jax.jit(partial({facts.name}, {binding}))   # once per "
            f"{argument}\n{bound}{jitted}({', '.join(rest)})")
    return Fix(
        "static", code,
        (f"library code converts `{argument}` with NumPy, so it needs it as a constant, and an array cannot be "
         "hashed as a static argument" if host else
         f"`{argument}` can be neither traced (it is not made of arrays) nor hashed as a static argument" if known
         else f"`{argument}` cannot be traced (it is not made of arrays), and a static argument must be hashable")
        + "; bound with `functools.partial` before `jax.jit`, it is a constant of the trace, neither traced nor "
        "hashed (make the jitted function once per object: each new one traces and compiles again)",
        recipe=ClosedOver(argument, None, node),
    )


def _the_call(name: str, tree: ast.Module | None) -> ast.stmt | None:
    """The user's one top-level statement that calls ``name`` (assigned or alone), or jits and calls it
    (``jax.jit(name, static_argnums=0)(cfg, key)``); None unless there is one."""
    found = [s for s in getattr(tree, "body", []) if isinstance(s, (ast.Assign, ast.Expr))
             and (not isinstance(s, ast.Assign) or len(s.targets) == 1) and isinstance(s.value, ast.Call)
             and _names(s.value.func, name)]
    return found[0] if len(found) == 1 else None


def _names(callee: ast.expr, name: str) -> bool:
    """Whether ``callee`` is ``name``, or a jit of it made where it is called."""
    if isinstance(callee, ast.Call) and (text_of(callee.func) or "").rsplit(".", 1)[-1] == "jit" and callee.args:
        callee = callee.args[0]
    return isinstance(callee, ast.Name) and callee.id == name


def _traceable(value: Any) -> bool:
    """True when ``value`` is made of arrays JAX can trace (an array marked static is passed traced instead)."""
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - an object JAX cannot flatten
        return False
    return bool(leaves) and all(isinstance(v, (jax.Array, np.ndarray, np.generic, int, float, complex, bool))
                                for v in leaves)


def _holder(argument: str, value: Any, globals_: dict) -> str | None:
    """The global name that holds ``value`` itself: the parameter's own name first."""
    if globals_.get(argument) is value:
        return argument
    return next((name for name, held in globals_.items() if held is value and not name.startswith("_")), None)


def host_globals_fix(site: Any) -> Fix | None:
    """Global JAX arrays that the failing line hands to library code which converts them with NumPy (stheno
    checks observations for NaNs): given as NumPy arrays instead. A global read while JAX traces is a concrete
    array, so ``np.asarray`` of it is a NumPy array there, and the library's NumPy stays concrete. None when the
    line reads no such global."""
    if site.kind != "array-conversion" or site.paths or site.node is None or site.definition is None:
        return None
    statement = next((a for a in site.ancestors() if isinstance(a, ast.stmt)), None)
    target = getattr(statement, "value", None)
    local = local_names(site.definition)
    held = site.globals_ or {}
    found = sorted({n.id for n in ast.walk(target) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                    and n.id not in local and isinstance(held.get(n.id), jax.Array)}) if target is not None else []
    if not found:
        return None

    class _AsNumpy(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.AST:
            return ast.Call(ast.parse(f"{site.names.np}.asarray", mode="eval").body, [name], []) \
                if name.id in found and isinstance(name.ctx, ast.Load) else name

    shown = ", ".join(f"`{n}`" for n in found)
    return edit_fix("numpy-for-static", target, _AsNumpy().visit(copied(target)),
                    f"{shown}: JAX array{'s' if len(found) > 1 else ''} made outside the function, which library "
                    "code converts with NumPy; under jit what it computes from them is traced, so hand it NumPy "
                    "arrays (made once outside, or `np.asarray` of the global, concrete while JAX traces)")
