"""A function a library made for NumPy or ``math``, run under a transformation: made again for JAX.

``energy = sp.lambdify(r, expr)`` writes a function of NumPy's ``exp`` (SymPy's default), and
``sp.lambdify(t, expr, modules="math")`` one of ``math.exp``: under ``jax.grad`` or ``jax.vmap`` they meet a
tracer and ask for its values. The library can write the same function for JAX (``modules="jax"``): the fix is
that option on the user's line that made the function. It is tried by making the function again with the option
and tracing the failing line abstractly, every transformation the user built around the old function rebuilt
around the new one (``force = jax.grad(energy)``).
"""
from __future__ import annotations

import ast
import contextlib
import inspect
import io
from typing import Any

import jax

from ..._common.errors import is_user_file
from ..._common.jax_config import private_trace_caches
from ..._common.source import innermost_function
from ..._common.through import rewrap
from ..._tracking import monitor
from ..explanation import Fix
from ..fixes.site import Site, dotted_of
from ..retrace.budget import OutOfTime, within_budget
from ..values.callee import resolved
from .numpy_calls import mentions_jax

__all__ = ["made_backend_fix"]

_MODULE_OPTIONS = ("modules", "backend", "module")  # how a maker names the array library its function calls
_HOST = (None, "numpy", "np", "math", "scipy", "mpmath")


def made_backend_fix(site: Site) -> Fix | None:
    """The user's statement that made the failing function, given the maker's JAX option, tried; else None."""
    globals_ = site.globals_ or {}
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    if statement is None or site.tree is None:
        return None
    called = dict.fromkeys(n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
    for name in called:
        made = innermost_function(globals_.get(name))
        code = getattr(made, "__code__", None)
        if code is None or is_user_file(code.co_filename) or not code.co_filename.startswith("<"):
            continue  # a function some library wrote out as source of its own (``<lambdifygenerated-1>``)
        maker = _maker_statement(site.tree, globals_, made)
        if maker is None:
            continue
        option = _jax_option(maker.value, globals_)
        if option is None:
            continue
        edited = ast.parse(ast.unparse(maker)).body[0]
        edited.value.keywords = [k for k in edited.value.keywords if k.arg != option]
        edited.value.keywords.append(ast.keyword(option, ast.Constant("jax")))
        ast.fix_missing_locations(edited)
        fix = Fix("jnp-not-np", ast.unparse(edited),
                  f"`{maker.targets[0].id}` was written by `{dotted_of(maker.value.func)}` to call NumPy or `math`, "
                  f"which need concrete values; made with `{option}=\"jax\"`, it calls `jax.numpy`, which traces")
        fix.verified, fix.outcome = _tried(edited, statement, made, globals_)
        return fix
    return None


def _maker_statement(tree: ast.Module, globals_: dict, made: Any) -> ast.Assign | None:
    """The cell's top-level ``name = maker(...)`` whose name holds ``made``."""
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                statement.targets[0], ast.Name) and isinstance(statement.value, ast.Call) and \
                innermost_function(globals_.get(statement.targets[0].id)) is made:
            return statement
    return None


def _jax_option(call: ast.Call, globals_: dict) -> str | None:
    """The maker's option naming its function's array library, when it defaults to (or was given) a host one and
    its documentation names JAX."""
    maker = resolved(dotted_of(call.func), globals_)
    try:
        params = inspect.signature(maker).parameters
    except (TypeError, ValueError):
        return None
    for name in _MODULE_OPTIONS:
        given = next((k.value for k in call.keywords if k.arg == name), None)
        value = given.value if isinstance(given, ast.Constant) else params[name].default if name in params and \
            given is None else "other"
        if name in params and value in _HOST and mentions_jax(inspect.getdoc(maker) or ""):
            return name
    return None


def _tried(edited: ast.Assign, failing: ast.stmt, old: Any, globals_: dict) -> tuple[bool | None, str]:
    """The function made again with the option, and the failing line traced abstractly with it in place of the
    old one (inside every transformation built around it)."""
    if not all(isinstance(a, (ast.Name, ast.Constant, ast.Tuple)) for a in edited.value.args):
        return None, "the maker's arguments run code: not made again here"
    try:
        new = innermost_function(eval(compile(ast.Expression(edited.value), "<jaxmagic>", "eval"), dict(globals_)))
        scope = {k: (rewrap(v, old, new) or v) if innermost_function(v) is old else v for k, v in globals_.items()
                 if not k.startswith("__") or k == "__builtins__"}
        expression = failing.value if isinstance(failing, (ast.Expr, ast.Assign)) else None
        if expression is None:
            return None, "the failing line is no expression to trace again"
        with (monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()),
              private_trace_caches() as private, within_budget()):
            if not private:
                return None, "this JAX cannot keep the try out of its caches"
            jax.eval_shape(lambda: eval(compile(ast.Expression(expression), "<jaxmagic>", "eval"), scope))
    except OutOfTime as spent:
        return None, str(spent)
    except Exception as failed:  # noqa: BLE001 - the fix's outcome, whatever it is
        return False, f"still fails: {type(failed).__name__}: {str(failed).splitlines()[0] if str(failed) else ''}"
    return True, "traced (the function made again with the option, your line traced again abstractly)"
