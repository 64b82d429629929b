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

import numpy as np

from ..._common.errors import is_user_file
from ..explanation import Fix
from ..fixes.site import is_hashable

__all__ = ["ClosedOver", "closed_over_fix"]


@dataclasses.dataclass
class ClosedOver:
    """Recipe: the jitted function without the parameter ``param``, which reads the global ``held`` instead."""

    param: str
    held: str
    edited: ast.FunctionDef


def closed_over_fix(argument: str | None, facts: Any, globals_: dict | None, host: bool = False) -> Fix | None:
    """The jitted function reading ``argument``'s object from the user's global that holds it, when the object
    can be neither traced nor hashed (``host``: a NumPy array that library code converts with NumPy, which must
    stay one, and cannot be hashed as a static argument); None otherwise."""
    if argument is None or facts is None or facts.source is None or argument in facts.static:
        return None
    value = facts.values.get(argument)
    if value is None or is_hashable(value) or isinstance(value, (str, bytes, int, float, bool, type(None))) or (
            host and type(value) is not np.ndarray):
        return None
    held = _holder(argument, value, globals_ or {})
    node, filename = facts.source
    if held is None or not isinstance(node, ast.FunctionDef) or not is_user_file(filename):
        return None
    edited = copy.deepcopy(node)
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
        (f"library code converts `{argument}` with NumPy, so it must stay a NumPy array, and an array cannot be "
         "hashed as a static argument" if host else f"`{argument}` can be neither traced (it is not made of arrays) "
         "nor hashed as a static argument") + f"; the function can read it from `{held}` instead of being given it: "
        "a global read while JAX traces is a constant of the trace (re-run the jitted function's definition after "
        "changing it)",
        recipe=ClosedOver(argument, held, edited),
    )


def _holder(argument: str, value: Any, globals_: dict) -> str | None:
    """The global name that holds ``value`` itself: the parameter's own name first."""
    if globals_.get(argument) is value:
        return argument
    return next((name for name, held in globals_.items() if held is value and not name.startswith("_")), None)

