"""A function a library made for NumPy or ``math``, run under a transformation: made again for JAX.

``energy = sp.lambdify(r, expr)`` writes a function of NumPy's ``exp`` (SymPy's default), and
``sp.lambdify(t, expr, modules="math")`` one of ``math.exp``: under ``jax.grad`` or ``jax.vmap`` they meet a
tracer and ask for its values. The library can write the same function for JAX (``modules="jax"``): the fix is
that option on the user's line that made the function. It is tried by making the function again with the option
and tracing the failing line abstractly, every transformation the user built around the old function rebuilt
around the new one (``force = jax.grad(energy)``).

An object works the same way: ``S = Scattering1D(J=4, shape=512)`` from kymatio makes its NumPy flavour, which
converts what it is given to NumPy; the library ships the same class for JAX in its ``jax`` module
(``kymatio.jax.Scattering1D``). The fix makes the object with that class; it is tried by making it so and
tracing the user's function again with the new object in place of the old.
"""
from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import inspect
import io
import types
from typing import Any

import jax

from ..._common.errors import is_user_file
from ..._common.jax_config import private_trace_caches
from ..._common.source import innermost_function
from ..._common.through import rewrap
from ..._tracking import monitor
from ..explanation import Fix
from ..fixes.rewrites import Edit
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
    return next(filter(None, (_jax_flavour_fix(site, name, statement) for name in called)), None)


def _jax_flavour_fix(site: Site, name: str, statement: ast.stmt) -> Fix | None:
    """``S = Scattering1D(...)``, an object of a library's NumPy flavour the failing line calls: made by the class
    of the same name in the library's ``jax`` module, and the function traced again with it."""
    globals_ = site.globals_ or {}
    held = globals_.get(name)
    module = type(held).__module__ or ""
    package = module.split(".")[0]
    if held is None or isinstance(held, (type, types.ModuleType, types.FunctionType)) or "jax" in module.split(".") \
            or package in ("builtins", "numpy", "jax", "jaxlib", "__main__") or site.tree is None:
        return None
    maker = next((s for s in site.tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(
        s.targets[0], ast.Name) and s.targets[0].id == name and isinstance(s.value, ast.Call)), None)
    spelled = dotted_of(maker.value.func) if maker is not None else None
    if spelled is None or (getattr(resolved(spelled, globals_), "__module__", None) or "").split(".")[0] != package:
        return None
    twin_module = f"{package}.jax"
    try:
        twin = getattr(importlib.import_module(twin_module), spelled.rsplit(".", 1)[-1], None) if \
            importlib.util.find_spec(twin_module) is not None else None
    except Exception:  # noqa: BLE001 - a library's module that does not import here
        return None
    if not isinstance(twin, type) or isinstance(held, twin):
        return None
    remade = ast.parse(ast.unparse(maker)).body[0]
    remade.value.func = ast.parse(f"{twin_module}.{spelled.rsplit('.', 1)[-1]}", mode="eval").body
    fix = Fix("jnp-not-np", f"import {twin_module}\n{ast.unparse(remade)}",
              f"`{name}` was made by {package}'s `{spelled}`, whose objects compute with NumPy and need concrete "
              f"values; `{twin_module}` has the same class for JAX arrays, which traces")
    if not all(isinstance(a, (ast.Name, ast.Constant, ast.Tuple)) for a in
               [*maker.value.args, *(k.value for k in maker.value.keywords)]):
        fix.outcome = "the object's arguments run code: not made again here"
        return fix
    try:
        with monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            made = ast.Call(ast.Name("_jaxmagic_twin", ast.Load()), maker.value.args, maker.value.keywords)
            new = eval(compile(ast.fix_missing_locations(ast.Expression(made)), "<jaxmagic>", "eval"),  # noqa: S307
                       {**globals_, "_jaxmagic_twin": twin})  # the user's own arguments: names and constants
    except Exception as failed:  # noqa: BLE001 - the twin refuses the user's arguments
        fix.verified, fix.outcome = False, f"still fails: {type(failed).__name__} making `{name}` again"
        return fix
    fix.recipe = Edit(statement, ast.parse(ast.unparse(statement)).body[0])
    fix.recipe.defines = {name: new}  # the function traced again reads the new object where it read the old
    return fix


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
