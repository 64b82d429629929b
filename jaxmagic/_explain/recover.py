"""Recover the failing call — the jitted function and its arguments — from a traceback.

A tracing error raised by ``f(x, n)`` in a cell leaves the cell's frame in
the traceback, stopped at that call expression. Its callee and arguments can
be evaluated again without running user code twice, as long as they are
side-effect free: names, attributes, constants, containers of those, and
calls of array constructors from ``jax.numpy``, ``numpy`` and ``jax.random``.
Anything else means the call is not recovered (and fixes stay unverified),
except a dataclass the line makes (``f(Config(...), x)``) that JAX refused to
hash as a static argument: its message shows the object, which is rebuilt from
that repr without running its code (JAX refuses before any trace, so none of its
frames holds the arguments).
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import sys
import types
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._common.errors import is_installed_library, is_jax_file, is_user_file, user_entries
from .._common.source import node_at, parse_file, position_of

__all__ = ["recover_call", "evaluate_pure", "frame_of", "Impure", "pure_or", "value_from_message"]

_PURE_MODULES = (jnp, np, jax.random, jax.numpy.linalg)
_MAX_NODES = 200


def recover_call(
    exc: BaseException, is_target: Callable[[Any], bool]
) -> tuple[Any, tuple | None, dict | None] | None:
    """The innermost call in the traceback whose callee satisfies ``is_target``.

    Returns ``(callee, args, kwargs)`` evaluated in that frame (``args`` and
    ``kwargs`` None when they cannot be evaluated safely), or None.
    """
    for tb in reversed(user_entries(exc.__traceback__)):  # JAX's frames and jaxmagic's are not the call
        found = _call_in_frame(tb, is_target, str(exc))
        if found is not None:
            return found
    return None


def _call_in_frame(
    tb: types.TracebackType, is_target: Callable[[Any], bool], message: str = ""
) -> tuple[Any, tuple | None, dict | None] | None:
    position = position_of(tb)
    tree = parse_file(position.filename)
    if tree is None:
        return None
    node = node_at(tree, position)
    if not isinstance(node, ast.Call):
        return None
    frame = tb.tb_frame
    try:
        callee = evaluate_pure(node.func, frame)
    except Impure:
        return None
    if not is_target(callee):
        return None
    made = [a for a in [*node.args, *(k.value for k in node.keywords)] if isinstance(a, ast.Call) and _impure(a, frame)]
    message = message if len(made) == 1 else ""  # (the object JAX shows is one: the line must make only one)
    try:
        args: list[Any] = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                args.extend(evaluate_pure(arg.value, frame))
            else:
                args.append(_pure_or_shown(arg, frame, message))
        kwargs: dict[str, Any] = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                kwargs.update(evaluate_pure(keyword.value, frame))
            else:
                kwargs[keyword.arg] = _pure_or_shown(keyword.value, frame, message)
    except Impure:  # the function is known; its arguments as JAX's dispatch got them, where its frames are kept
        handed = _handed_to_jit(tb)
        return (callee, *handed) if handed is not None else (callee, None, None)
    return callee, tuple(args), kwargs


def _impure(node: ast.expr, frame: types.FrameType) -> bool:
    try:
        _check(node, frame)
    except Exception:  # noqa: BLE001 - Impure, or a name the frame does not hold: not evaluated either
        return True
    return False


def _pure_or_shown(node: ast.expr, frame: types.FrameType, message: str) -> Any:
    """An argument's value without running code: evaluated, or a dataclass the line makes (``Const([2, 3])``,
    ``Hippo(state_size=16)``) that JAX's message shows as the value it could not hash, rebuilt from that repr.
    JAX raises that before any trace, so no frame of its holds the arguments."""
    try:
        return evaluate_pure(node, frame)
    except Impure:
        if not isinstance(node, ast.Call) or not message or not isinstance(node.func, (ast.Name, ast.Attribute)):
            raise
        made = evaluate_pure(node.func, frame, library_values=True)
        shown = value_from_message(message, {**frame.f_globals, **frame.f_locals}) if isinstance(made, type) else None
        if shown is None or type(shown) is not made:
            raise
        return shown


# "... hash an object of type <class '__main__.Schedule'>, Schedule(steps=3, warmup=1). The error was ..."
_SHOWN = re.compile(r"of type <class '(?P<type>[\w.]+)'>, (?P<repr>.+?)\. The error was", re.S)


def value_from_message(message: str, globals_: dict) -> Any:
    """The dataclass object JAX's message shows, rebuilt from its repr without running any of its code
    (``object.__new__`` and the fields' literal values); None unless every field shown is a literal."""
    found = _SHOWN.search(message)
    if found is None:
        return None
    cls = globals_.get(found["type"].rsplit(".", 1)[-1])
    if not isinstance(cls, type) or not dataclasses.is_dataclass(cls) or \
            f"{cls.__module__}.{cls.__qualname__}" != found["type"]:
        return None
    try:
        shown = ast.parse(found["repr"], mode="eval").body
        if not (isinstance(shown, ast.Call) and isinstance(shown.func, ast.Name) and shown.func.id == cls.__name__
                and not shown.args):
            return None
        values = {k.arg: ast.literal_eval(k.value) for k in shown.keywords}
    except (SyntaxError, ValueError):
        return None
    if set(values) != {f.name for f in dataclasses.fields(cls) if f.repr}:
        return None
    made = object.__new__(cls)
    for key, item in values.items():
        object.__setattr__(made, key, item)
    return made


def _handed_to_jit(tb: types.TracebackType) -> tuple[tuple, dict] | None:
    """``(args, kwargs)`` of the jitted call the user's line made, read off JAX's ``cache_miss`` frame just under it
    where the traceback keeps JAX's frames (a kernel marks them hidden rather than removing them): arguments the
    line computes with calls (``evaluate(vec >> mat, 2.0)``), which jaxmagic does not run again; else None."""
    entry = tb.tb_next
    for _ in range(3):
        if entry is None:
            return None
        frame = entry.tb_frame
        if frame.f_code.co_name == "cache_miss" and is_jax_file(frame.f_code.co_filename):
            args, kwargs = frame.f_locals.get("args"), frame.f_locals.get("kwargs")
            return (args, dict(kwargs)) if isinstance(args, tuple) and isinstance(kwargs, dict) else None
        entry = entry.tb_next
    return None


class Impure(Exception):
    """The expression might have side effects (or failed): do not evaluate it."""


def frame_of(globals_: dict | None, locals_: dict | None = None) -> types.SimpleNamespace:
    """A frame's names for :func:`evaluate_pure` to read: a module's globals and a copy of a function's locals."""
    return types.SimpleNamespace(f_globals=globals_ or {}, f_locals=dict(locals_ or {}))


def pure_or(node: ast.expr, frame: Any, otherwise: Any = None) -> Any:
    """:func:`evaluate_pure`, with ``otherwise`` where ``node`` cannot be read without running code."""
    try:
        return evaluate_pure(node, frame)
    except Impure:
        return otherwise


def evaluate_pure(node: ast.expr, frame: types.FrameType, library_values: bool = False) -> Any:
    """``node``'s value in ``frame``, when evaluating it runs no code of the user's and changes nothing.

    ``library_values`` also admits an installed library's classes and their class methods as callees
    (``jaxlie.SE3.identity()``, ``ODETerm(f)``): values made again to trace a call abstractly, never to run it;
    and a library's ``init`` (``vi.init(mdp)``, ``optimizer.init(params)``: a state built from its arguments, by
    the convention of JAX's libraries), whose value is then only its shapes and dtypes (``jax.eval_shape``:
    nothing runs or compiles).
    """
    if sum(1 for _ in ast.walk(node)) > _MAX_NODES:
        raise Impure
    inits: list[ast.AST] = []
    _check(node, frame, library_values, inits)
    try:
        code = compile(ast.Expression(node), "<jaxmagic>", "eval")
        if inits:
            return jax.eval_shape(lambda: eval(code, frame.f_globals, dict(frame.f_locals)))
        return eval(code, frame.f_globals, dict(frame.f_locals))
    except Exception as exc:  # noqa: BLE001
        raise Impure from exc


def _check(node: ast.AST, frame: types.FrameType, library_values: bool = False, inits: list | None = None) -> None:
    """Raise :class:`Impure` unless evaluating ``node`` runs no code of the user's and changes nothing; a library's
    ``init`` met is listed in ``inits``."""
    inits = [] if inits is None else inits
    if isinstance(node, (ast.Name, ast.Constant, ast.Load)):
        return
    if isinstance(node, ast.Attribute):
        _check(node.value, frame, library_values, inits)
        if _plain_chain(node.value) and _users_code_behind(_value(node.value, frame), node.attr):
            raise Impure  # (a property of the user's class runs the user's code, which may change things)
        return
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            _check(element, frame, library_values, inits)
        return
    if isinstance(node, ast.Dict):
        for part in [*node.keys, *node.values]:
            if part is not None:
                _check(part, frame, library_values, inits)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        _check(node.operand, frame, library_values, inits)
        return
    if isinstance(node, ast.BinOp) and all(isinstance(s, ast.Constant) for s in (node.left, node.right)):
        return
    if isinstance(node, (ast.BinOp, ast.Compare)):  # ``0.8 * jnp.sin(x)``, ``hits > 0``: arithmetic and
        # comparisons on numbers and arrays run no user code
        for side in (node.left, node.right) if isinstance(node, ast.BinOp) else (node.left, *node.comparators):
            before = len(inits)
            _check(side, frame, library_values, inits)
            if len(inits) > before or not _plain_operand(_value(side, frame)):
                raise Impure  # (a library's init is never run to see what it makes)
        return
    if isinstance(node, ast.Subscript):
        _check(node.value, frame, library_values, inits)
        _check(node.slice, frame, library_values, inits)
        if _plain_chain(node.value) and _users_code_behind(_value(node.value, frame), "__getitem__", item=True):
            raise Impure
        return
    if isinstance(node, ast.Slice):
        for part in (node.lower, node.upper, node.step):
            if part is not None:
                _check(part, frame, library_values, inits)
        return
    if isinstance(node, ast.Call):
        _check(node.func, frame, library_values, inits)
        func = _value(node.func, frame)
        if func is len and len(node.args) == 1 and not node.keywords:  # ``len(ops)`` of a list: no code of the user's
            _check(node.args[0], frame, library_values, inits)
            sized = _value(node.args[0], frame)
            if type(sized) in (list, tuple, dict, str, range) or isinstance(sized, (np.ndarray, jax.Array)):
                return
            raise Impure
        if library_values and _library_init(node.func, func):
            inits.append(node)
        elif not (_pure_constructor(func) or (library_values and (_library_value_maker(func) or _replaced(func)))):
            raise Impure
        for arg in node.args:
            _check(arg, frame, library_values, inits)
        for keyword in node.keywords:
            _check(keyword.value, frame, library_values, inits)
        return
    if isinstance(node, ast.Starred):
        _check(node.value, frame, library_values, inits)
        return
    raise Impure


def _plain_chain(node: ast.expr) -> bool:
    """True for a name read through attributes and subscripts alone (no call, which was checked and runs again)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name)


def _users_code_behind(value: Any, attr: str, item: bool = False) -> bool:
    """True when reading ``value.attr`` (``item``: ``value[...]``) runs code from the user's files: a property or
    another descriptor, a ``__getattr__``, ``__getattribute__`` or ``__getitem__`` the user's class defines."""
    if isinstance(value, (type, types.ModuleType)):
        return False
    cls = type(value)

    def users(found: Any) -> bool:
        code = getattr(getattr(found, "fget", None) or getattr(found, "func", None) or found, "__code__", None)
        return code is not None and is_user_file(code.co_filename)

    try:
        if item:
            return users(inspect.getattr_static(cls, "__getitem__", None))
        found = inspect.getattr_static(cls, attr, None)
        if users(inspect.getattr_static(cls, "__getattribute__", None)):
            return True
        if found is not None:
            return hasattr(type(found), "__get__") and not isinstance(found, (
                types.FunctionType, staticmethod, classmethod)) and users(found)
        own = object.__getattribute__(value, "__dict__") if hasattr(cls, "__dict__") else {}
        return attr not in own and users(inspect.getattr_static(cls, "__getattr__", None))
    except Exception:  # noqa: BLE001 - an object whose class cannot be read statically: not read
        return True


def _value(node: ast.expr, frame: Any) -> Any:
    try:
        return eval(compile(ast.Expression(node), "<jaxmagic>", "eval"), frame.f_globals, dict(frame.f_locals))
    except Exception as exc:  # noqa: BLE001
        raise Impure from exc


def _plain_operand(value: Any) -> bool:
    """A number or an array of NumPy's or JAX's: its operators are theirs, never the user's."""
    module = (type(value).__module__ or "").split(".")[0]
    return module in ("builtins", "numpy", "jax", "jaxlib") and not isinstance(value, (list, dict, set, str, bytes))


def _replaced(func: Any) -> bool:
    """A named tuple's ``_replace``: a new tuple, the old one unchanged (``PARAMS._replace(logm0=11.5)``)."""
    owner = getattr(func, "__self__", None)
    return getattr(func, "__name__", "") == "_replace" and isinstance(owner, tuple) and hasattr(owner, "_fields")


def _library_init(spelled: ast.expr, func: Any) -> bool:
    """``something.init`` of an installed library's (not JAX's): a state made from its arguments."""
    code = getattr(getattr(func, "__func__", func), "__code__", None)
    filename = getattr(code, "co_filename", "")
    return isinstance(spelled, ast.Attribute) and spelled.attr == "init" and is_installed_library(filename) and \
        not is_jax_file(filename)


def _library_value_maker(func: Any) -> bool:
    """A class of an installed library's, or one of its class methods (``SE3.identity``), jitted or not (a jitted
    function is pure by JAX's contract: ``jaxlie`` jits its constructors)."""
    jitted = hasattr(func, "lower") and hasattr(func, "__wrapped__")
    func = func.__wrapped__ if jitted else func  # jax.jit's wrapper
    owner = func.__self__ if isinstance(func, types.MethodType) and isinstance(func.__self__, type) else func
    if not isinstance(owner, type) and not (jitted or getattr(func, "__name__", None) in _ARRAY_MAKERS):
        return False  # a library's plain function: pure only when jitted, or an array constructor (``hax.ones``)
    module = sys.modules.get(getattr(owner, "__module__", None) or "")
    return is_installed_library(getattr(module, "__file__", None) or "")


# array libraries' constructors (haliax's ``hax.ones(Axis)``): they make a value and change nothing
_ARRAY_MAKERS = {"ones", "zeros", "full", "empty", "arange", "linspace", "eye", "identity", "ones_like",
                 "zeros_like", "full_like"}


_DICT_READS = ("keys", "values", "items", "get", "copy")  # a dict's methods that read it and change nothing


def _pure_constructor(func: Any) -> bool:
    module = getattr(func, "__module__", "") or ""
    if isinstance(func, type) and func.__module__ in ("builtins",) and func in (int, float, bool, tuple, list, dict):
        return True
    if type(getattr(func, "__self__", None)) is dict and getattr(func, "__name__", "") in _DICT_READS:
        return True  # ``list(specs.values())``: a plain dict read, nothing changed
    if func in (jax.vmap, jax.jit, jax.grad, jax.value_and_grad, jax.jacrev, jax.jacfwd, jax.hessian):  # wraps the
        return True  # function it is given, runs nothing until the wrapper is called
    return module.startswith(("jax.numpy", "jax._src.numpy", "numpy", "jax.random", "jax._src.random")) or any(
        getattr(m, getattr(func, "__name__", ""), None) is func for m in _PURE_MODULES
    )
