"""Which library's function the user's failing line calls: an installed library's (not JAX's), and whether it
raised in its own code on the tracer (``mjx.get_data(model, data)``: a library that needs concrete values); and
what a dotted name of the user's names, looked up without running anything.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import re
import sys
import types
from typing import Any

from ..._common.errors import is_installed_library, is_jax_file, is_user_file
from ..._common.source import innermost_function, unwrap_function
from ..recover import Impure, evaluate_pure

__all__ = ["calls_library", "decorator_static_field", "host_library", "library_data_field", "library_file", "library_static_field", "numpy_or_scipy",
           "resolved", "user_functions_in"]

_NUMPY_OR_SCIPY = re.compile(r"[/\\](numpy|scipy)[/\\]")  # their functions have twins in jax.numpy, jax.scipy


def numpy_or_scipy(filename: str) -> bool:
    """True when ``filename`` is NumPy's or SciPy's own: a function with a twin in ``jax.numpy`` or ``jax.scipy``."""
    return bool(_NUMPY_OR_SCIPY.search(filename))


def calls_library(node: Any, user: list[types.TracebackType]) -> bool:
    """True when the user's failing line is a call of an installed library's function (not JAX's)."""
    return _library_file(node, user) is not None


def host_library(node: Any, user: list[types.TracebackType]) -> str | None:
    """The user's own name for the failing call (``mjx.get_data``) when it is a library's that raised in its
    own code on the tracer: neither JAX's nor NumPy's or SciPy's (they have twins in ``jax.numpy``)."""
    filename = _library_file(node, user)
    if filename is None or numpy_or_scipy(filename):
        return None
    deeper = user[-1].tb_next
    if deeper is None or deeper.tb_frame.f_code.co_filename != filename and not is_installed_library(
            deeper.tb_frame.f_code.co_filename):
        return None
    return ast.unparse(node.func)


def _library_file(node: Any, user: list[types.TracebackType]) -> str | None:
    """The file of the function the failing call calls, when an installed library's (not JAX's)."""
    if not isinstance(node, ast.Call) or not user:
        return None
    if isinstance(node.func, ast.Call):  # ``lib.estimator(f, g)(x)``: a function the library made
        return _library_file(node.func, user)
    try:
        callee = evaluate_pure(node.func, user[-1].tb_frame)
    except Impure:
        return None
    return library_file(callee)


def library_file(callee: Any) -> str | None:
    """The file that defines ``callee`` (a function, a class, an object of one), when an installed library's (not
    JAX's); else None."""
    if isinstance(callee, type) or not hasattr(unwrap_function(callee), "__code__"):
        # a library's class (``cfd.grids.Grid((n, n), ...)``) or an object of one (a kernel): its module's file
        owner = callee if isinstance(callee, type) else type(callee)
        filename = getattr(sys.modules.get(owner.__module__), "__file__", None) or ""
    else:
        filename = getattr(getattr(unwrap_function(callee), "__code__", None), "co_filename", "")
    return filename if is_installed_library(filename) and not is_jax_file(filename) else None


def resolved(dotted: str | None, globals_: dict) -> Any:
    """What ``dotted`` (``squishyplanet.OblateSystem``, ``solver.solve``) names among ``globals_``, read without
    running code of the user's or a library's (no property, no ``__getattr__``); None where a part is missing."""
    root, *rest = (dotted or "").split(".")
    value: Any = globals_.get(root) if root else None
    for name in rest:
        value = inspect.getattr_static(value, name, None) if value is not None else None
    return value


def library_data_field(cls: type) -> str | None:
    """``to.field(node=True)``: the field function of a base class's library taking an option that makes a field
    a node (treeo keeps every field static unless so declared), spelled as the class's module holds it."""
    def option(maker: Any) -> str | None:
        try:
            return next((p for p in ("node", "pytree_node") if p in inspect.signature(maker).parameters), None)
        except (TypeError, ValueError):
            return None

    found = _base_library_maker(cls, "field", lambda maker: option(maker) is not None)
    return f"{found[0]}({option(found[1])}=True)" if found is not None else None


def library_static_field(cls: type) -> tuple[str, str] | None:
    """The ``static_field()`` of the library a base class comes from (``simple_pytree``), spelled as the
    class's module holds it, else by the library's name: ``("simple_pytree.static_field", "")``."""
    return (found[0], "") if (found := _base_library_maker(cls, "static_field", callable)) is not None else None


def decorator_static_field(node: ast.ClassDef, cls: type) -> tuple[str, str] | None:
    """``("tjax.dataclasses.field", "static=True")``: the ``field`` function taking ``static`` of the library whose
    decorator made the user's class a pytree (tjax's ``@dataclass``, the class no library's subclass), spelled as the
    class's module holds it, else by the library's shortest public module that exports it."""
    held = vars(sys.modules.get(cls.__module__) or sys)
    for decorator in node.decorator_list:
        made = resolved(ast.unparse(decorator.func if isinstance(decorator, ast.Call) else decorator), held)
        top = (getattr(made, "__module__", None) or "").split(".", 1)[0]
        if top in ("", "dataclasses", "jax", "builtins", "functools"):
            continue
        modules = sorted((n for n in list(sys.modules) if (n == top or n.startswith(top + ".")) and not any(
            part.startswith("_") for part in n.split("."))), key=len)
        for name in modules:
            try:  # (a module that loads lazily may run code, or refuse, when asked for a name)
                maker = inspect.getattr_static(sys.modules[name], "field", None)
                takes = callable(maker) and "static" in inspect.signature(maker).parameters
            except Exception:  # noqa: BLE001 - no field function to read
                takes = False
            if takes:
                return next((n for n, v in held.items() if v is maker), f"{name}.field"), "static=True"
    return None


def _base_library_maker(cls: type, name: str, fits: Any) -> tuple[str, Any] | None:
    """(its spelling in the class's module, else by the library's name; the function) for the first function ``name``
    of a base class's library for which ``fits`` holds."""
    held = vars(sys.modules.get(cls.__module__) or sys)
    for klass in getattr(cls, "__mro__", ())[1:]:
        package = sys.modules.get(klass.__module__.split(".", 1)[0])
        maker = getattr(package, name, None)
        if package is None or package is builtins or not fits(maker):
            continue
        spelled = next((n for n, v in held.items() if v is maker), None)
        alias = next((n for n, v in held.items() if v is package), package.__name__)
        return spelled or f"{alias}.{name}", maker
    return None


def user_functions_in(value: Any, limit: int = 24) -> list[types.FunctionType]:
    """The user's own functions inside ``value``: itself, under a library's wrapper (``functools.wraps``, a closure
    cell, an attribute of a wrapper object such as pymanopt's ``Function``), or an instance's methods."""
    queue, seen, found = [value], set(), []
    while queue and len(seen) < limit:
        item = queue.pop(0)
        if isinstance(item, type) and id(item) not in seen:  # a class of the user's (a loss term a library calls)
            seen.add(id(item))
            queue.extend(v for v in vars(item).values() if isinstance(v, types.FunctionType)
                         and is_user_file(v.__code__.co_filename))
        if id(item) in seen or isinstance(item, type):
            continue
        if not callable(item):  # an instance (``learner``): its class's methods, when the class is the user's
            seen.add(id(item))
            queue.extend(v for v in vars(type(item)).values() if is_user_file(getattr(v, "__code__", _NO).co_filename))
            continue
        seen.add(id(item))
        fn = item if isinstance(item, types.FunctionType) else innermost_function(item)
        if isinstance(fn, types.FunctionType) and is_user_file(fn.__code__.co_filename):
            found.append(fn)  # and on: a decorator of the user's own holds the def in its closure
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                queue.append(cell.cell_contents)
            except ValueError:  # an empty cell
                continue
        if not isinstance(item, (types.FunctionType, types.MethodType)):  # a callable instance (a loss term):
            queue.extend(v for v in vars(type(item)).values()  # its class's own methods, the class the user's
                         if is_user_file(getattr(v, "__code__", _NO).co_filename))
            try:
                queue.extend(vars(item).values())
            except TypeError:  # no __dict__
                pass
    return found


_NO = types.SimpleNamespace(co_filename="")  # a class attribute's code, where it has none
