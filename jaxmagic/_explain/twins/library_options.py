"""A library's option left for it to work out from the data, given by the user as a Python value instead.

Some functions take an option that defaults to ``None`` and, when it is left so, work it out from the arrays
they are given, then branch on it in Python: jaxparrow's ``gradient_wind(..., is_grid_rectilinear=None)``
computes ``jnp.all(jnp.abs(grid_angle) < 1e-3)`` and tests it with ``if not is_grid_rectilinear``. Eagerly that
works; under ``vmap`` or ``jit`` the result is a tracer, and the ``if`` fails inside the library. The decision is
the user's to make once, as a Python value, in their own call, where the library then never computes it::

    res = gradient_wind(lat_t=lat, lon_t=lon, ssh_t=ssh, is_grid_rectilinear=False)

Others check the arrays on the host unless an option says the answer: linox's ``kernel_operator`` computes
``assume_uniform or _is_uniform_1d_host(x0)``, and the host check calls ``np.asarray`` on a tracer under ``jit``.
The option that short-circuits the failing check (``True`` after ``or``, ``False`` before ``and``) is given in
the user's call. A function that computes with NumPy unless a flag says JAX (colabdesign's
``predicted_tm_score(..., use_jnp=False)``) is given that flag.

The fix is tried by running the failing trace again with the user's line given the option.
"""
from __future__ import annotations

import ast
import linecache
import re
import types

import jax

from ..._common.errors import installed_package, is_installed_library, is_jax_file, traceback_entries
from ..._common.source import clone, definition_of, parse_file
from ..explanation import Fix
from ..fixes.site import dotted_of, edit_fix

__all__ = ["library_option_fix"]


def library_option_fix(kind: str, exc: BaseException, node: ast.AST | None,
                       user: list[types.TracebackType]) -> Fix | None:
    """The user's call of a library function given, as ``False``, the option of that function that defaults to
    ``None`` and that the library's failing ``if`` tests (None unless the ``if`` reads exactly one such option);
    or given the value of its option that skips the check that failed (linox's ``assume_uniform=True``)."""
    if node is None or not user:
        return None
    entries = [tb for tb in traceback_entries(exc.__traceback__) if not is_jax_file(tb.tb_frame.f_code.co_filename)]
    if not entries or not is_installed_library(entries[-1].tb_frame.f_code.co_filename) or user[-1] not in entries:
        return None
    failing = entries[-1]
    at = entries.index(user[-1]) + 1
    called = entries[at] if at < len(entries) else None
    if called is None:
        return None
    skipped = _skipping_option(called, entries[at + 1] if at + 1 < len(entries) else None)
    library = installed_package(failing.tb_frame.f_code.co_filename) or "the library"
    name = called.tb_frame.f_code.co_name
    if skipped is not None:
        option, value = skipped
        return _given(node, name, option, value, (
            f"`{name}` checks your arrays on the host unless `{option}={value}` tells it the answer; under a "
            f"transformation they are tracers, with no values to check. Give `{option}={value}` where it holds for "
            f"your data, and {library} skips the check"))
    switch = next((o for o, d in _bool_defaults(called.tb_frame.f_code).items() if not d and _JAX_SWITCH.match(o)),
                  None) if kind in ("array-conversion", "concretization") else None
    if switch is not None:  # colabdesign's ``predicted_tm_score(logits, breaks, use_jnp=False)``: NumPy by default
        return _given(node, name, switch, True, (
            f"`{name}` computes with NumPy unless `{switch}=True` tells it to use JAX, and NumPy needs the values a "
            f"tracer does not have; give `{switch}=True` and {library} computes on the traced arrays"),
            kind="jnp-not-np")
    space = next((o for o in _NAMESPACES if o in _none_defaults(called.tb_frame.f_code)), None) \
        if kind in ("array-conversion", "concretization") else None
    if space is not None:  # glass's ``fixed_zbins(zmin, zmax, nbins=5)``: NumPy unless given an array namespace
        spelled = next((k for k, v in user[-1].tb_frame.f_globals.items() if v is jax.numpy), "jax.numpy")
        return _given(node, name, space, ast.parse(spelled, mode="eval").body, (
            f"`{name}` computes with the array library `{space}` names, NumPy when it is left None, and NumPy needs "
            f"the values a tracer does not have; give `{space}={spelled}` and "
            f"{installed_package(called.tb_frame.f_code.co_filename) or 'it'} computes on the traced arrays"),
            kind="jnp-not-np")
    if kind != "bool-conversion":
        return None
    # what the ``if`` tests, by name or as a record's field (``setup.is_grid_rectilinear``), among the options of the
    # function the user called
    tested = _tested_names(failing)
    options = [n for n in tested if n in _none_defaults(called.tb_frame.f_code)]
    if len(options) != 1 or tested != options:  # the test reads that option alone (not ``i > maxiter``)
        return None
    option = options[0]
    fix = _given(node, name, option, False, (
        f"`{name}` works out `{option}` from your arrays when it is left None, then tests it with a Python `if`: "
        f"under a transformation that value is a tracer. Give `{option}` yourself, as the Python value your data "
        f"calls for, and {library} no longer computes it"))
    if fix is not None:
        fix.code += f"   # or True: what `{option}` is for your data"
    return fix


_JAX_SWITCH = re.compile(r"^(use_)?(jnp|jax)$")  # a library function's flag that makes it compute with JAX
_NAMESPACES = ("xp", "array_namespace", "namespace")  # an array-API function's array library, None for NumPy


def _given(node: ast.AST, name: str, option: str, value: bool | ast.expr, summary: str, kind: str = "static"
           ) -> Fix | None:
    """The user's one call of the library function ``name`` on the failing line, given ``option=value``."""
    calls = [c for c in ast.walk(node) if isinstance(c, ast.Call) and (dotted_of(c.func) or "").rsplit(".", 1)[-1]
             == name and all(k.arg != option for k in c.keywords) and all(k.arg for k in c.keywords)]
    if len(calls) != 1:
        return None
    given = clone(calls[0])
    given.keywords.append(ast.keyword(option, value if isinstance(value, ast.expr) else ast.Constant(value)))
    return edit_fix(kind, calls[0], given, summary)


def _skipping_option(called: types.TracebackType, inner: types.TracebackType | None) -> tuple[str, bool] | None:
    """The option of the called library function that its line short-circuits the failing check with
    (``assume_uniform or _is_uniform_1d_host(x0)``, ``validate and check(x)``), and the value that skips it."""
    if inner is None:
        return None
    code = called.tb_frame.f_code
    line = linecache.getline(code.co_filename, called.tb_lineno).strip()
    text = line.split(" ", 1)[1].rstrip(":") if line.startswith(("if ", "elif ", "while ")) else line
    try:
        parsed = ast.parse(text)
    except SyntaxError:
        return None
    defaults = _bool_defaults(code)
    checking = inner.tb_frame.f_code.co_name
    for test in (n for n in ast.walk(parsed) if isinstance(n, ast.BoolOp)):
        first, rest = test.values[0], test.values[1:]
        if not any(isinstance(c, ast.Call) and (dotted_of(c.func) or "").rsplit(".", 1)[-1] == checking
                   for r in rest for c in ast.walk(r)):
            continue  # the failing check is not what this option skips
        negated = isinstance(first, ast.UnaryOp) and isinstance(first.op, ast.Not)
        option = first.operand if negated else first
        if not isinstance(option, ast.Name) or option.id not in defaults:
            continue
        # ``opt or check``: True skips it; ``opt and check``: False; ``not opt and check``: True
        value = (not negated) if isinstance(test.op, ast.Or) else negated
        if defaults[option.id] != value:
            return option.id, value
    return None


def _bool_defaults(code: types.CodeType) -> dict[str, bool]:
    """The parameters of ``code``'s function that default to ``True`` or ``False`` in its source."""
    return {name: d.value for name, d in _defaults(code).items() if isinstance(d.value, bool)}


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
    return {name for name, d in _defaults(code).items() if d.value is None}


def _defaults(code: types.CodeType) -> dict[str, ast.Constant]:
    """The parameters of ``code``'s function whose defaults are constants in its source, with them."""
    tree = parse_file(code.co_filename)
    definition = definition_of(tree, code) if tree is not None else None
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    args = definition.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults)) + [
        (a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return {a.arg: d for a, d in pairs if isinstance(d, ast.Constant)}
