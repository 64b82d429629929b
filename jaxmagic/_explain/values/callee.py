"""Which library's function the user's failing line calls: an installed library's (not JAX's), and whether it
raised in its own code on the tracer (``mjx.get_data(model, data)``: a library that needs concrete values); and
what a dotted name of the user's names, looked up without running anything.
"""
from __future__ import annotations

import ast
import inspect
import re
import sys
import types
from typing import Any

from ..._common.errors import is_installed_library, is_jax_file
from ..._common.source import unwrap_function
from ..recover import Impure, evaluate_pure

__all__ = ["calls_library", "host_library", "library_file", "numpy_or_scipy", "resolved"]

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
