"""The user's own ``jax.jit`` given what it needs for a Python value: an option, or the value bound beforehand.

``jax.jit(model.apply)(params, x, 2)``: flax's ``Module.apply(variables, *args)`` passes ``2`` on to the user's
``__call__``, whose ``range(num_iterations)`` fails, and JAX names the input ``args[1]``. The jit is the user's
own, written in their statement; the value is a Python number there, so the fix is that jit's own option at the
position JAX's input name comes to (``args[1]`` after ``variables``: 2), tried by tracing the same call again
abstractly under caches of its own (no backend compile).

A static argument that cannot be hashed (a nested dict of settings that a library turns into its config,
torax's ``ToraxConfig.from_dict``) and that the function needs as Python data, so that passing it traced fails
too: bound with ``functools.partial`` before the jit, it is closed over, never hashed; tried the same way.

A jit a library's function builds for the user's function, passing its keywords on to ``jax.jit`` (ninjax's
``nj.init(fn, **jit_kwargs)``): the option is given to that builder call, tried by building the jit again.
"""
from __future__ import annotations

import ast
import functools
import inspect
import re
import types
from typing import Any

import jax

from ..._common.frames import quiet_leaves
from ..._common.errors import is_installed_library, message_of
from ..._common.jax_config import private_trace_caches
from ..._common.source import copied, parse_file, position_of, statement_at
from ..._tracking import monitor
from ..explanation import Fix
from ..fixes.site import dotted_of, is_hashable
from ..recover import Impure, evaluate_pure
from ..retrace.reverse import trace_probe

__all__ = ["library_builder_static_fix", "library_jit_static_fix", "library_own_jit_fix", "partial_bound_fix",
           "traced_abstractly", "wrapper_option_fix"]

_INPUT = re.compile(r"depends on the value of the argument (?P<name>[^\W\d]\w*)(?:\[(?P<index>\d+)\])?")


def library_jit_static_fix(given: tuple[Any, tuple, dict] | None, exc: BaseException, user: list,
                           argument: str | None = None) -> Fix | None:
    """The user's statement with ``static_argnums`` given to its ``jax.jit`` of a library's callable, tried;
    None unless JAX's message names one input of it that the call gave as a hashable Python value."""
    jitted = given[0] if given is not None else None
    fn = getattr(jitted, "_fun", None) if hasattr(jitted, "_jit_info") else None
    code = getattr(getattr(fn, "__func__", fn), "__code__", None)
    named = _INPUT.search(message_of(exc))
    if code is None or named is None or not is_installed_library(code.co_filename) or given[2] or not user:
        return None
    position = _position(fn, named["name"], named["index"])
    if position is None or position >= len(given[1]) or not _python_value(given[1][position]):
        return None
    found = next(filter(None, (_jit_in_statement(entry) for entry in reversed(user))), None)
    if found is None:
        return None
    statement, calls = found
    calls[0].keywords.append(ast.keyword("static_argnums", ast.Constant(position)))
    try:
        shown = ast.unparse(statement)
    finally:
        calls[0].keywords.pop()  # the file's own tree stays as it was
    what = f"`{argument}`" if argument else f"`{named[0].rsplit(' ', 1)[-1]}`"
    fix = Fix("static", shown, f"{what} reaches the jitted `{getattr(fn, '__name__', 'function')}` as its input "
                               f"{position}, the Python value {given[1][position]!r}: `static_argnums={position}` "
                               "keeps it one (one compile per value)")
    fix.verified, fix.outcome = traced_abstractly(fn, given[1], {}, "your jit given the option", static_argnums=position)
    return fix


def library_own_jit_fix(given: tuple[Any, tuple, dict] | None, argument: str | None, tree: ast.Module | None,
                        globals_: dict, jax_name: str) -> Fix | None:
    """A library's function jitted by the library with no static option (flash-attention-jax's ``@jit`` on
    ``rabe_attention``), called with a Python size it needs as one (``q_chunk_size=512``): the library's own
    function jitted again by the user with the Python values it was given static, tried; None otherwise."""
    jitted = given[0] if given is not None else None
    plain = getattr(jitted, "__wrapped__", None)
    code = getattr(plain, "__code__", None)
    info = getattr(jitted, "_jit_info", None)
    if code is None or info is None or not is_installed_library(code.co_filename) or argument is None or \
            info.static_argnums or info.static_argnames:
        return None
    try:
        passed = inspect.signature(plain).bind(*given[1], **given[2]).arguments
    except (TypeError, ValueError):
        return None
    if argument not in passed or not _python_value(passed[argument]) or isinstance(passed[argument], bool):
        return None
    static = tuple(n for n, v in passed.items() if isinstance(v, (int, str)) and _python_value(v))
    name = next((k for k, v in globals_.items() if v is jitted and not k.startswith("_")), None)
    if name is None:
        return None
    made = f"{name}_static"
    spelled = repr(static[0]) if len(static) == 1 else repr(static)
    calls = [s for s in getattr(tree, "body", []) if any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                                                          and c.func.id == name for c in ast.walk(s))]
    again = copied(calls[0]) if len(calls) == 1 else None
    for node in ast.walk(again) if again is not None else ():
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            node.func = ast.Name(made, ast.Load())
    fix = Fix("static", f"{made} = {jax_name}.jit({name}.__wrapped__, static_argnames={spelled})\n" + (
        ast.unparse(again) if again is not None else f"# then call {made} as you called {name}"),
              f"`{name}` is jitted by its library with every argument traced, so the Python "
              f"{'value' if len(static) == 1 else 'values'} you pass for {', '.join(f'`{n}`' for n in static)} "
              "become tracers; jit the library's own function again with them static (one compile per value)")
    fix.verified, fix.outcome = traced_abstractly(plain, given[1], given[2], "its function jitted with them static",
                                        static_argnames=static)
    return fix


def library_builder_static_fix(given: tuple[Any, tuple, dict] | None, exc: BaseException, user: list,
                               argument: str | None = None) -> Fix | None:
    """The jit a library's function built for the user's function (ninjax's ``nj.init(fn, **jit_kwargs)``, passed
    on to ``jax.jit``), called with a Python value the function needs as one: the builder's call in the user's
    source given ``static_argnums``, tried by building it again and tracing the same call abstractly; None unless
    the call gave one Python value there (JAX's message names its input, or it is the call's only one)."""
    jitted = given[0] if given is not None else None
    info, fn = getattr(jitted, "_jit_info", None), getattr(jitted, "__wrapped__", None)
    code = getattr(getattr(fn, "__func__", fn), "__code__", None)
    if info is None or code is None or not is_installed_library(code.co_filename) or info.static_argnums or \
            info.static_argnames or given[2] or not user:
        return None
    named = _INPUT.search(message_of(exc))
    position = _position(fn, named["name"], named["index"]) if named else None
    if position is None:  # the message names no input (a library's own TypeError): the call's one Python value
        plain = [i for i, v in enumerate(given[1]) if _python_value(v) and not isinstance(v, tuple)]
        position = plain[0] if len(plain) == 1 else None
    if position is None or position >= len(given[1]) or not _python_value(given[1][position]):
        return None
    found = next(filter(None, (_builder_call(entry.tb_frame, jitted) for entry in user)), None)
    if found is None:
        return None
    statement, call, builder, args, kwargs = found
    call.keywords.append(ast.keyword("static_argnums", ast.Constant(position)))
    try:
        shown = ast.unparse(statement)
    finally:
        call.keywords.pop()  # the file's own tree stays as it was
    what = f"`{argument}`" if argument else f"input {position}"
    fix = Fix("static", shown, f"{what} reaches the jit that `{getattr(builder, '__name__', 'the library')}` builds "
                               f"as the Python value {given[1][position]!r}; it passes its keywords on to "
                               f"`jax.jit`, so `static_argnums={position}` keeps it one (one compile per value)")
    with monitor.muted():
        try:
            rebuilt = builder(*args, **kwargs, static_argnums=position)
        except Exception as fault:  # noqa: BLE001 - the builder refuses the option: say so
            fix.verified, fix.outcome = False, f"still fails: {type(fault).__name__}: {str(fault)[:100]}"
            return fix
    if not hasattr(rebuilt, "_jit_info"):
        fix.outcome = f"`{getattr(builder, '__name__', 'the builder')}` did not give back a jitted function"
        return fix
    fix.verified, fix.outcome = traced_abstractly(getattr(rebuilt, "__wrapped__", None), given[1], {},
                                        "the jit built again with the option", static_argnums=position)
    return fix


def _builder_call(frame: Any, jitted: Any) -> tuple[ast.stmt, ast.Call, Any, tuple, dict] | None:
    """The call of an installed library's function taking ``**kwargs`` that built ``jitted``, in the statement
    the user's outermost frame runs (``nj.init(fn)(state, x, 15)``) or in the one assignment of the name it calls
    (``init = nj.init(fn)``), known by the function it jitted being its own local one: the statement, that call,
    the builder, and its arguments read without running code."""
    tree = parse_file(frame.f_code.co_filename)
    statement = statement_at(tree, frame.f_lineno) if tree is not None else None
    if statement is None:
        return None
    called = [n.func for n in ast.walk(statement) if isinstance(n, ast.Call)]
    places = [(statement, f) for f in called if isinstance(f, ast.Call)]
    for name in {f.id for f in called if isinstance(f, ast.Name)}:
        assigned = [s for s in tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(
            s.targets[0], ast.Name) and s.targets[0].id == name]
        places += [(assigned[0], assigned[0].value)] if len(assigned) == 1 and isinstance(
            assigned[0].value, ast.Call) else []
    for where, call in places:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg in (None, "static_argnums",
                                                                               "static_argnames")
                                                                     for k in call.keywords):
            continue
        try:
            builder = evaluate_pure(call.func, frame, library_values=True)
        except Impure:
            continue
        code = getattr(builder, "__code__", None)
        inner = getattr(jitted, "__wrapped__", None)  # the function the builder defined and jitted
        if code is None or not is_installed_library(code.co_filename) or not code.co_flags & inspect.CO_VARKEYWORDS \
                or getattr(inner, "__module__", None) != builder.__module__ or not getattr(
                    inner, "__qualname__", "").startswith(f"{builder.__qualname__}.<locals>."):
            continue
        try:  # its arguments, read once it is known to be the builder
            args = tuple(evaluate_pure(a, frame, library_values=True) for a in call.args)
            kwargs = {k.arg: evaluate_pure(k.value, frame, library_values=True) for k in call.keywords}
        except Impure:
            continue
        return where, call, builder, args, kwargs
    return None


def _jit_in_statement(entry: Any) -> tuple[ast.stmt, list[ast.Call]] | None:
    """The statement of a user's frame that holds one ``jax.jit(...)`` with no options, and that call."""
    place = position_of(entry)
    tree = parse_file(place.filename)
    statement = statement_at(tree, place.lineno) if tree is not None else None
    calls = [n for n in ast.walk(statement) if isinstance(n, ast.Call) and n.args and (
        dotted_of(n.func) or "").rsplit(".", 1)[-1] == "jit" and not n.keywords] if statement is not None else []
    return (statement, calls) if len(calls) == 1 else None


def _position(fn: Any, name: str, index: str | None) -> int | None:
    """The position in the jitted call of JAX's input ``name`` (``args[1]``: the second of ``*args``)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    names = [p.name for p in params]
    if name not in names:
        return None
    at = names.index(name)
    if params[at].kind is inspect.Parameter.VAR_POSITIONAL:
        return at + int(index) if index is not None else None
    return at if index is None and params[at].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD else None


def _python_value(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str, tuple)) and is_hashable(value)


def partial_bound_fix(name: str, value: Any, jitted_name: str, params: list[str], values: dict, static: set[str],
                      globals_: dict, tree: ast.Module | None, names: Any) -> Fix | None:
    """``functools.partial`` binding the unhashable static ``value`` of ``name`` to the user's jitted function's
    own function, jitted again with its other static options, in the user's own call statement, tried; None unless
    the value holds no array and every other argument's value is known."""
    jitted = globals_.get(jitted_name)
    plain = getattr(jitted, "__wrapped__", None)
    try:  # the parameters the call binds (a library's classmethod: not ``cls``; not those with defaults left out)
        given_params = [p for p in inspect.signature(plain).parameters.values()
                        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    except (TypeError, ValueError):
        return None
    params = [p.name for p in given_params]
    others = [p.name for p in given_params if p.name != name and (p.name in values or p.default is p.empty)]
    if not hasattr(jitted, "_jit_info") or name not in params or any(p not in values for p in others) or any(
            isinstance(leaf, (jax.Array, jax.ShapeDtypeStruct)) for leaf in quiet_leaves(value)):
        return None
    kept = tuple(sorted((static & set(params)) - {name}))
    option = f", static_argnames={kept!r}" if kept else ""
    bound = f"{jitted_name}_with_{name}"
    called = _call_without(tree, jitted_name, name, params.index(name), bound)
    given = ast.unparse(called[1]) if called is not None else repr(value)
    given = given if called is not None and called[2] else f"{name}={given}"  # (the first argument: by position)
    code = (f"{bound} = {names.jax}.jit({names.functools}.partial({jitted_name}.__wrapped__, {given}){option})"
            "   # closed over, never hashed\n" + (ast.unparse(called[0]) if called is not None else
                                                 f"# then call `{bound}` as you called `{jitted_name}`, without `{name}`"))
    fix = Fix("static", code, f"`{name}` cannot be hashed, and the function needs it as Python data: bind it with "
                              "`functools.partial` before jitting, so that it is part of the function (a new "
                              "binding traces again)", template=called is None)
    fix.verified, fix.outcome = traced_abstractly(functools.partial(plain, **{name: value}), (), {p: values[p] for p in others},
                                        "the bound function jitted", static_argnames=kept or None)
    return fix


def wrapper_option_fix(name: str, jitted_name: str, globals_: dict, tree: ast.Module | None, names: Any
                       ) -> Fix | None:
    """``fast = jax.jit(functools.partial(mlp, cache={...}))``, where ``name`` is an option of a library decorator's
    own wrapper (jaxray's ``@intercept`` adds ``cache`` and ``patch`` around the user's ``mlp``). ``jax.jit`` reads
    the signature of the function the wrapper wraps, which has no such parameter, so it cannot make it static; bound
    before the jit, it is closed over. Tried by tracing the user's call so, abstractly; None unless it is so."""
    jitted = globals_.get(jitted_name)
    plain = getattr(jitted, "__wrapped__", None)
    try:
        own = inspect.signature(plain, follow_wrapped=False).parameters if plain is not None else {}
        inner = inspect.signature(plain).parameters if own else {}
    except (TypeError, ValueError):
        return None
    held = next((k for k, v in list(globals_.items()) if v is plain and not k.startswith("_")), None)
    if not hasattr(jitted, "_jit_info") or name not in own or name in inner or held is None or \
            own[name].kind not in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
        return None
    called = _call_without(tree, jitted_name, name, -1, jitted_name)
    if called is None or called[2]:
        return None
    statement, given, _ = called
    code = (f"{jitted_name} = {names.jax}.jit({names.functools}.partial({held}, {name}={ast.unparse(given)}))"
            f"   # `{name}` is the option of {held}'s decorator: bound before the jit\n{ast.unparse(statement)}")
    fix = Fix("static", code, f"`{name}` is an option of the wrapper a library's decorator puts around `{held}`, not "
                              f"a parameter of `{held}` itself, so `jax.jit` cannot hold it static (it reads "
                              "the wrapped function's signature): bind it with `functools.partial` before jitting")
    call = next((c for c in ast.walk(statement) if isinstance(c, ast.Call) and getattr(c.func, "id", None) ==
                 jitted_name), None)
    frame = types.SimpleNamespace(f_globals=globals_, f_locals={})
    try:
        if call is None:
            raise Impure
        value = evaluate_pure(given, frame)
        args = tuple(evaluate_pure(a, frame) for a in call.args)
        kwargs = {k.arg: evaluate_pure(k.value, frame) for k in call.keywords if k.arg}
    except Impure:
        fix.outcome = "the call's arguments run code"
        return fix
    fix.verified, fix.outcome = traced_abstractly(functools.partial(plain, **{name: value}), args, kwargs,
                                                  "the bound function jitted")
    return fix


def _call_without(tree: ast.Module | None, callee: str, name: str, position: int, bound: str
                  ) -> tuple[ast.stmt, ast.expr, bool] | None:
    """(the user's one top-level statement calling ``callee``, with that call made to ``bound`` without ``name``;
    the expression the call gave ``name``; whether it is bound by position, as the first of several); None when
    there is not exactly one, or ``name`` was given by a position other than the first or the last (the
    positions after it would move)."""
    found = [(s, c) for s in getattr(tree, "body", []) for c in ast.walk(s) if isinstance(c, ast.Call)
             and isinstance(c.func, ast.Name) and c.func.id == callee]
    if len(found) != 1:
        return None
    statement, call = found[0]
    given = next((k.value for k in call.keywords if k.arg == name), None)
    first = given is None and position == 0 < len(call.args) - 1  # ``run_jit(model, inputs)``: partial(f, model)
    if given is None and position != len(call.args) - 1 and not first:
        return None
    given = given if given is not None else call.args[position]
    again = ast.Call(ast.Name(bound, ast.Load()), [a for a in call.args if a is not given],
                     [k for k in call.keywords if k.arg != name])
    swapped = copied(statement)
    for node in ast.walk(swapped):  # the copy's own call, found where the original stood
        for field, child in ast.iter_fields(node):
            if isinstance(child, ast.Call) and ast.dump(child) == ast.dump(call):
                setattr(node, field, again)
    if isinstance(swapped, ast.Expr) and ast.dump(swapped.value) == ast.dump(call):
        swapped.value = again
    return swapped, given, first


def traced_abstractly(fn: Any, args: tuple, kwargs: dict, what: str, **options: Any) -> tuple[bool | None, str]:
    """Trace ``fn`` jitted with ``options``, abstractly, with JAX's events muted and caches private."""
    with monitor.muted(), private_trace_caches() as private:
        if not private:
            return None, "this JAX cannot keep the try out of its caches"
        try:
            trace_probe(jax.jit(fn, **options), args, kwargs)
        except Exception as fault:  # noqa: BLE001 - the fix does not trace: say how
            return False, f"still fails: {type(fault).__name__}: {str(fault).splitlines()[0] if str(fault) else ''}"
    return True, f"traced ({what}, the same call traced again abstractly)"
