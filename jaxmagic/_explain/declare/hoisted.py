"""A library's call that cannot run under jit at all, run before the jitted call instead.

``dst, src = e3x.ops.dense_to_sparse_indices(adj_idx)`` as a statement of a jitted function: the library indexes
with a mask of ``adj_idx``'s values (a shape that depends on them), or builds its objects with Python checks on
them. No option of the jit keeps the value a Python one inside that library's code; the call runs on the
concrete value before the jit, and the jitted function uses its results (passed in, or closed over). The fix is that statement,
moved: a pattern for the user's function and call, since their signature changes; not tried.

When the library's call reads the function's own arguments (cvxpylayers' ``layer(c_val)`` turning its problem data
into NumPy arrays, brainpy's runner counting steps with ``int()``), nothing can move before the jit: the function is
called without it, the library compiling or running its own parts. Not tried either: without jit the call runs.
"""
from __future__ import annotations

import ast
import inspect
from typing import Any

from ..._common.frames import installed_package, library_entry
from ..._common.source import enclosing_function, parameter_names
from ..explanation import Fix
from ..fixes.site import dotted_of

__all__ = ["hoisted_call_fix", "unjitted_fix"]


def hoisted_call_fix(exc: BaseException, tree: ast.Module | None, lineno: int | None, globals_: dict | None) -> Fix | None:
    """The failing statement moved before the jitted call, when it is a statement of its own in the function's
    body that calls an installed library's code (where the error was raised) on the function's parameters."""
    if tree is None or lineno is None or library_entry(exc) is None:
        return None
    function = enclosing_function(tree, lineno)
    statement = next((s for s in getattr(function, "body", []) if s.lineno <= lineno <= (s.end_lineno or s.lineno)),
                     None)
    if not isinstance(statement, (ast.Assign, ast.Expr)) or not isinstance(statement.value, ast.Call):
        return None
    params = set(parameter_names(function))
    read = {n.id for n in ast.walk(statement.value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    root = (dotted_of(statement.value.func) or "").split(".")[0]
    if not read & params or not _library_name(root, globals_ or {}):
        return None
    local = {n.id for s in function.body[: function.body.index(statement)] for n in ast.walk(s)
             if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    if read & local:
        return None  # it reads what the function computed first: not a statement of its inputs alone
    made = [n.id for t in getattr(statement, "targets", []) for n in ast.walk(t) if isinstance(n, ast.Name)]
    taken = ", ".join(sorted(read & params))
    given = ", ".join(made) if made else "its result"
    code = (f"{ast.unparse(statement)}   # before the jitted call, on the concrete {taken}\n"
            f"# then `{function.name}` uses {given} made there (passed in, or closed over) in place of {taken}")
    return Fix("static", code, f"`{root}`'s code here cannot run under jit on a traced {taken} (it needs the "
                               "values, not only their shapes): run the call before jitting, on the concrete "
                               "values, and pass its results in", template=True)


def _library_name(root: str, globals_: dict) -> bool:
    """True when the user's name ``root`` is an installed library's module, class or function (not JAX's)."""
    value: Any = globals_.get(root)
    module = getattr(value, "__name__", "") if isinstance(value, type(ast)) else getattr(value, "__module__", "") or ""
    top = module.split(".")[0]
    return bool(top) and top not in ("jax", "jaxlib", "numpy", "builtins", "__main__") and not top.startswith(
        "jaxmagic")


def unjitted_fix(exc: BaseException, tree: ast.Module | None, lineno: int | None, globals_: dict | None = None
                 ) -> Fix | None:
    """The user's function called without the jit its decorator gives it, when library code it calls (where the
    error was raised) refused a traced value; not when the failing line builds a library object (squishyplanet's
    ``OblateSystem(...)``): that is built before the jit, and the rest stays jitted."""
    entry = library_entry(exc)
    function = enclosing_function(tree, lineno) if tree is not None and lineno is not None else None
    if entry is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    statement = next((s for s in function.body if s.lineno <= lineno <= (s.end_lineno or s.lineno)), None)
    made = getattr(statement, "value", None)
    if isinstance(made, ast.Call) and isinstance(_resolved(dotted_of(made.func) or "", globals_ or {}), type):
        return None
    jits = [d for d in function.decorator_list if _is_jit(d)]
    if not jits:
        return None
    library = installed_package(entry.tb_frame.f_code.co_filename) or "the library"
    kept = [f"@{ast.unparse(d)}" for d in function.decorator_list if d not in jits]
    header = ast.unparse(function).splitlines()[len(function.decorator_list)]
    code = "\n".join([*kept, f"{header}   # no @{ast.unparse(jits[0])}", "    ...  # the body as it is"])
    fix = Fix("remove-inner-jit", code,
              f"`{library}`'s own code needs the values, not only their shapes, so `{function.name}` cannot be "
              f"traced as a whole: call it without jit ({library} compiles or runs its own parts), and jit the "
              "pieces of your own code around it where they need it")
    fix.outcome = "without jit the call runs your code, which jaxmagic does not do for you"
    return fix


def _is_jit(decorator: ast.expr) -> bool:
    """``@jax.jit``, ``@bm.jit``, ``@jit``, ``@jax.jit(...)`` or ``@partial(jax.jit, ...)``."""
    if isinstance(decorator, ast.Call):
        named = dotted_of(decorator.func) or ""
        if named.split(".")[-1] == "partial" and decorator.args:
            return _is_jit(decorator.args[0])
        decorator = decorator.func
    return (dotted_of(decorator) or "").split(".")[-1] in ("jit", "filter_jit")


def _resolved(dotted: str, globals_: dict) -> Any:
    """What ``dotted`` (``squishyplanet.OblateSystem``) names in the user's namespace, looked up without calls."""
    root, *rest = dotted.split(".")
    value: Any = globals_.get(root)
    for name in rest:
        value = inspect.getattr_static(value, name, None) if value is not None else None
    return value
