"""A library's option left for it to work out from the data, given by the user as a Python value instead.

Some functions take an option that defaults to ``None`` and, when it is left so, work it out from the arrays
they are given, then branch on it in Python: jaxparrow's ``gradient_wind(..., is_grid_rectilinear=None)``
computes ``jnp.all(jnp.abs(grid_angle) < 1e-3)`` and tests it with ``if not is_grid_rectilinear``. Eagerly that
works; under ``vmap`` or ``jit`` the result is a tracer, and the ``if`` fails inside the library. The decision is
the user's to make once, as a Python value, in their own call, where the library then never computes it::

    res = gradient_wind(lat_t=lat, lon_t=lon, ssh_t=ssh, is_grid_rectilinear=False)

The fix is tried by running the failing trace again with the user's line given the option.
"""
from __future__ import annotations

import ast
import linecache
import types

from ..._common.errors import installed_package, is_installed_library, is_jax_file, traceback_entries
from ..._common.source import clone, definition_of, parse_file
from ..explanation import Fix
from ..fixes.site import dotted_of, edit_fix

__all__ = ["library_option_fix"]


def library_option_fix(kind: str, exc: BaseException, node: ast.AST | None,
                       user: list[types.TracebackType]) -> Fix | None:
    """The user's call of a library function given, as ``False``, the option of that function that defaults to
    ``None`` and that the library's failing ``if`` tests; None unless the ``if`` reads exactly one such option."""
    if kind != "bool-conversion" or node is None or not user:
        return None
    entries = [tb for tb in traceback_entries(exc.__traceback__) if not is_jax_file(tb.tb_frame.f_code.co_filename)]
    if not entries or not is_installed_library(entries[-1].tb_frame.f_code.co_filename) or user[-1] not in entries:
        return None
    failing = entries[-1]
    called = entries[entries.index(user[-1]) + 1] if entries.index(user[-1]) + 1 < len(entries) else None
    if called is None:
        return None
    # what the ``if`` tests, by name or as a record's field (``setup.is_grid_rectilinear``), among the options of the
    # function the user called
    tested = _tested_names(failing)
    options = [n for n in tested if n in _none_defaults(called.tb_frame.f_code)]
    if len(options) != 1 or tested != options:  # the test reads that option alone (not ``i > maxiter``)
        return None
    option, name = options[0], called.tb_frame.f_code.co_name
    calls = [c for c in ast.walk(node) if isinstance(c, ast.Call) and (dotted_of(c.func) or "").rsplit(".", 1)[-1]
             == name and all(k.arg != option for k in c.keywords) and all(k.arg for k in c.keywords)]
    if len(calls) != 1:
        return None
    given = clone(calls[0])
    given.keywords.append(ast.keyword(option, ast.Constant(False)))
    library = installed_package(failing.tb_frame.f_code.co_filename) or "the library"
    fix = edit_fix(
        "static", calls[0], given,
        f"`{name}` works out `{option}` from your arrays when it is left None, then tests it with a Python `if`: "
        f"under a transformation that value is a tracer. Give `{option}` yourself, as the Python value your data "
        f"calls for, and {library} no longer computes it",
    )
    if fix is not None:
        fix.code += f"   # or True: what `{option}` is for your data"
    return fix


def _tested_names(entry: types.TracebackType) -> list[str]:
    """The values the ``if``/``while`` test on the failing line reads: names, and a record's fields by their
    attribute (``is_grid_rectilinear`` of ``setup.is_grid_rectilinear``)."""
    line = linecache.getline(entry.tb_frame.f_code.co_filename, entry.tb_lineno).strip()
    if not line.startswith(("if ", "elif ", "while ")):
        return []
    test = line.split(" ", 1)[1].rstrip(":")
    try:
        parsed = ast.parse(test, mode="eval")
    except SyntaxError:
        return []
    owners = {id(n.value) for n in ast.walk(parsed) if isinstance(n, ast.Attribute)}  # ``setup`` of ``setup.x``
    return list(dict.fromkeys(n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(parsed)
                              if isinstance(n, (ast.Name, ast.Attribute)) and id(n) not in owners))


def _none_defaults(code: types.CodeType) -> set[str]:
    """The parameters of ``code``'s function that default to ``None`` in its source."""
    tree = parse_file(code.co_filename)
    definition = definition_of(tree, code) if tree is not None else None
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return set()
    args = definition.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults)) + [
        (a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return {a.arg for a, d in pairs if isinstance(d, ast.Constant) and d.value is None}
