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
tracing the user's function again with the new object in place of the old. So too an object whose class takes a
``backend`` option that defaults to NumPy (mcfit's ``TophatVar(k)``, made with ``backend="jax"``), and one that keeps
a NumPy array it was made from and computes with its methods (pylops' ``MatrixMult(G)``, made from
``jnp.asarray(G)``).
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
import numpy as np

from ..._common.errors import is_user_file
from ..._common.jax_config import private_trace_caches
from ..._common.source import innermost_function
from ..._common.through import rewrap
from ..._tracking import monitor
from ..explanation import Fix
from ..fixes.rewrites import Edit
from ..fixes.site import Site, dotted_of
from ..recover import Impure, evaluate_pure, frame_of
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
    return next(filter(None, (_backend_option_fix(site, name, statement) or _jax_flavour_fix(site, name, statement)
                              or _held_numpy_fix(site, name, statement) for name in called)), None)


def _backend_option_fix(site: Site, name: str, statement: ast.stmt) -> Fix | None:
    """``var_of_R = mcfit.TophatVar(k, lowring=True)``: an object whose class (or a base its ``**kwargs`` reach)
    takes a ``backend`` option that defaults to NumPy, and whose documentation names JAX: made with
    ``backend="jax"``, and the function traced again with it."""
    globals_ = site.globals_ or {}
    held = globals_.get(name)
    maker = _made_by(site.tree, name) if site.tree is not None and held is not None else None
    cls = resolved(dotted_of(maker.value.func), globals_) if maker is not None else None
    if not isinstance(cls, type) or not isinstance(held, cls) or (cls.__module__ or "").split(".")[0] in _NOT_LIBRARIES:
        return None
    option = next(filter(None, (_jax_option(maker.value, globals_, k) for k in cls.__mro__[:-1]
                                if "__init__" in vars(k))), None)
    if option is None:
        return None
    remade = ast.parse(ast.unparse(maker)).body[0]
    given = _jax_value(next(k.__init__ for k in cls.__mro__[:-1] if "__init__" in vars(k)), option, site.names.jnp)
    remade.value.keywords = [*(k for k in remade.value.keywords if k.arg != option), ast.keyword(option, given)]
    shown = ast.unparse(given)
    fix = Fix("jnp-not-np", ast.unparse(ast.fix_missing_locations(remade)),
              f"`{name}` was made by `{dotted_of(maker.value.func)}` with its default `{option}`, which computes with "
              f"NumPy and needs concrete values; made with `{option}={shown}`, it computes with `jax.numpy`, which traces")
    scope = {**globals_, **({site.names.jnp.split(".")[0]: jax.numpy} if isinstance(given, ast.Name) and
                            given.id not in globals_ else {})}
    return _made_again(fix, name, statement, remade.value, scope, maker.value)


def _jax_flavour_fix(site: Site, name: str, statement: ast.stmt) -> Fix | None:
    """``S = Scattering1D(...)``, an object of a library's NumPy flavour the failing line calls: made by the class
    of the same name in the library's ``jax`` module, and the function traced again with it."""
    globals_ = site.globals_ or {}
    held = globals_.get(name)
    module = type(held).__module__ or ""
    package = module.split(".")[0]
    if held is None or isinstance(held, (type, types.ModuleType, types.FunctionType)) or "jax" in module.split(".") \
            or package in _NOT_LIBRARIES or site.tree is None:
        return None
    maker = _made_by(site.tree, name)
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
    made = ast.Call(ast.Name("_jaxmagic_twin", ast.Load()), maker.value.args, maker.value.keywords)
    return _made_again(fix, name, statement, made, {**globals_, "_jaxmagic_twin": twin}, maker.value)


def _held_numpy_fix(site: Site, name: str, statement: ast.stmt) -> Fix | None:
    """``Gop = pylops.JaxOperator(pylops.MatrixMult(G))`` with ``G`` a NumPy array: an object that keeps the array
    and computes with NumPy's own methods (``G.dot(x)``), which turn a traced operand into NumPy. Made from
    ``jnp.asarray(G)``, it computes with JAX; tried by making it so (the library's own calls, on the user's names)
    and tracing the user's function again with the new object in place of the old."""
    globals_ = site.globals_ or {}
    held = globals_.get(name)
    package = (type(held).__module__ or "").split(".")[0]
    if site.kind != "array-conversion" or held is None or site.tree is None or isinstance(
            held, (type, types.ModuleType, types.FunctionType, np.ndarray)) or package in _NOT_LIBRARIES:
        return None
    maker = _made_by(site.tree, name)
    if maker is None or not all(isinstance(n, (ast.Name, ast.Attribute, ast.Constant, ast.Tuple, ast.Call, ast.keyword,
                                               ast.Load))
                                for n in ast.walk(maker.value)):
        return None
    calls = [n for n in ast.walk(maker.value) if isinstance(n, ast.Call)]
    if any((getattr(resolved(dotted_of(c.func), globals_), "__module__", None) or "").split(".")[0] != package
           for c in calls):  # only the library's own makers run again, never code of the user's
        return None
    arrays = sorted({n.id for n in ast.walk(maker.value) if isinstance(n, ast.Name) and isinstance(
        globals_.get(n.id), np.ndarray)})
    if not arrays:
        return None
    jnp_name = site.names.jnp

    class _AsJax(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            return ast.parse(f"{jnp_name}.asarray({node.id})", mode="eval").body if node.id in arrays else node

    remade = _AsJax().visit(ast.parse(ast.unparse(maker)).body[0])
    listed = ", ".join(f"`{a}`" for a in arrays)
    fix = Fix("jnp-not-np", ast.unparse(ast.fix_missing_locations(remade)),
              f"`{name}` keeps the NumPy array{'s' if len(arrays) > 1 else ''} {listed} and computes with NumPy's own "
              f"methods, which turn a traced operand into NumPy; made from `{jnp_name}.asarray(...)`, it computes "
              "with JAX, which traces")
    return _made_again(fix, name, statement, remade.value, {**globals_, jnp_name: jax.numpy}, None)


def _made_again(fix: Fix, name: str, statement: ast.stmt, made: ast.expr, scope: dict, plain: ast.Call | None) -> Fix:
    """``fix``, tried by making ``name`` again with ``made`` in ``scope`` (the library's own makers, on the user's
    names and constants; ``plain``: the user's call, whose arguments must run no code) and putting the new object in
    place of the old while the user's function is traced again."""
    if plain is not None and not all(_pure(a, scope) for a in [*plain.args, *(k.value for k in plain.keywords)]):
        fix.outcome = "the object's arguments run code: not made again here"
        return fix
    try:
        with monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            new = eval(compile(ast.fix_missing_locations(ast.Expression(made)), "<jaxmagic>", "eval"), scope)  # noqa: S307
    except Exception as failed:  # noqa: BLE001 - the library refuses the new arguments
        fix.verified, fix.outcome = False, f"still fails: {type(failed).__name__} making `{name}` again"
        return fix
    fix.recipe = Edit(statement, ast.parse(ast.unparse(statement)).body[0])
    fix.recipe.defines = {name: new}  # the function traced again reads the new object where it read the old
    return fix


_NOT_LIBRARIES = ("builtins", "numpy", "jax", "jaxlib", "__main__")


def _pure(node: ast.expr, scope: dict) -> bool:
    """True when ``node`` evaluates in ``scope`` running no code of the user's (names, constants, NumPy's
    ``np.zeros_like(knots)``)."""
    if isinstance(node, (ast.Name, ast.Constant, ast.Tuple)):
        return True
    try:
        evaluate_pure(node, frame_of(scope))
    except Impure:
        return False
    return True


def _made_by(tree: ast.Module, name: str) -> ast.Assign | None:
    """The cell's top-level ``name = maker(...)``."""
    return next((s for s in tree.body if _made_name(s) == name), None)


def _maker_statement(tree: ast.Module, globals_: dict, made: Any) -> ast.Assign | None:
    """The cell's top-level ``name = maker(...)`` whose name holds ``made``."""
    return next((s for s in tree.body if _made_name(s) and innermost_function(globals_.get(_made_name(s))) is made),
                None)


def _made_name(statement: ast.stmt) -> str | None:
    """``name`` for a statement ``name = maker(...)``; else None."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
            statement.targets[0], ast.Name) and isinstance(statement.value, ast.Call):
        return statement.targets[0].id
    return None


def _jax_option(call: ast.Call, globals_: dict, owner: type | None = None) -> str | None:
    """The maker's option naming its function's array library, when it defaults to (or was given) a host one and
    its documentation names JAX (``owner``: a class of the object's, read through its ``__init__``)."""
    maker = resolved(dotted_of(call.func), globals_) if owner is None else owner
    try:
        params = inspect.signature(maker.__init__ if owner is not None else maker).parameters
    except (TypeError, ValueError):
        return None
    for name in _MODULE_OPTIONS:
        given = next((k.value for k in call.keywords if k.arg == name), None)
        value = given.value if isinstance(given, ast.Constant) else params[name].default if name in params and \
            given is None else resolved(dotted_of(given), globals_) if dotted_of(given) else "other"
        if name in params and _host(value) and mentions_jax(inspect.getdoc(maker) or ""):
            return name
    return None


def _host(value: Any) -> bool:
    """True for a host array library, named (``"numpy"``) or given as its module (``backend=np``)."""
    if isinstance(value, types.ModuleType):
        return value.__name__.split(".")[0] in ("numpy", "math", "scipy", "mpmath")
    return isinstance(value, (str, type(None))) and value in _HOST


def _jax_value(maker: Any, option: str, jnp: str) -> ast.expr:
    """What to give the option for JAX: ``"jax"``, or JAX's NumPy module where it takes a module (its default
    is NumPy's)."""
    try:
        default = inspect.signature(maker).parameters[option].default
    except (TypeError, ValueError, KeyError):
        default = None
    return ast.parse(jnp, mode="eval").body if isinstance(default, types.ModuleType) else ast.Constant("jax")


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
