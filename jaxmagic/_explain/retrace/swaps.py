"""Which of the user's live functions a try swaps the code of, and the rewritten code each gets.

The fix is applied to the syntax of the user's definition and compiled in the
function's own file; its code object takes the place of the code of the outermost
of the user's definitions that the run again runs, so a nested ``def`` is rebuilt
by its parent (and a closure made anew each call, by the global function that
makes it).
"""
from __future__ import annotations

import ast
import gc
import types
from typing import Any

from ..._common.source import defines, enclosing_function
from ..fixes.rewrites import Edit, apply_edit
from ..rebuild import rebuild
from .replay import Replay

__all__ = ["functions_with", "rebuilt_code", "swaps"]


def swaps(edit: Edit, replay: Replay, tree: ast.Module | None, filename: str
           ) -> list[tuple[types.FunctionType, types.CodeType]] | str:
    """The live functions whose code to swap for ``edit``, each with its rewritten code."""
    if tree is None:
        return "the source is not readable"
    line = edit.target.lineno
    chain = _definitions_holding(tree, line)
    ran = {f.f_code: f for f in replay.frames if f.f_code.co_filename == filename}
    chosen = None
    for node in chain:  # innermost first: the outermost definition that the trace runs again wins
        code = next((c for c in ran if defines(node, c)), None)
        if code is not None:
            chosen = (node, code, ran[code])
    if chosen is None:
        return "the line is not in a function this trace runs"
    node, code, frame = chosen
    held = _rewritten(node, code, functions_with(code, frame), edit, filename)
    maker = _global_maker(chain, node, tree, frame)
    if maker is None:
        return held
    # a closure made anew each call (``program`` that ``target(k)`` returns): its maker's code; and the closures
    # already made, which a library may hold and call again (jaxsnn's ``step_fn`` in its ``Population``)
    made = _rewritten(maker[0], maker[1].__code__, [maker[1]], edit, filename)
    return made if isinstance(held, str) else held if isinstance(made, str) else made + held


def _rewritten(node: ast.AST, code: types.CodeType, functions: list[types.FunctionType], edit: Edit, filename: str
               ) -> list[tuple[types.FunctionType, types.CodeType]] | str:
    """Each of ``functions`` (whose code is ``code``, defined by ``node``) with the code ``edit`` makes of it."""
    if not functions:
        return "the function object was not found"
    edited = apply_edit(node, edit)
    if edited is None:
        return "the fix does not apply to this definition"
    new = rebuilt_code(functions[0], edited, filename)
    return new if isinstance(new, str) else [(fn, new) for fn in functions]


def rebuilt_code(fn: types.FunctionType, edited: ast.AST, filename: str) -> types.CodeType | str:
    """The code of ``edited``, ``fn``'s definition rewritten, compiled in ``fn``'s file and namespace, to put in
    place of ``fn``'s for a try; why not, when it does not compile or needs names ``fn``'s closure lacks."""
    try:
        new = rebuild(fn, edited, filename, dict(fn.__globals__)).__code__
    except Exception as fault:  # noqa: BLE001 - the rewritten definition does not compile here
        return f"the rewritten function does not compile ({type(fault).__name__})"
    if new.co_freevars != fn.__code__.co_freevars:
        return "the rewritten function needs names its closure does not hold"
    return new


def _global_maker(chain: list[ast.AST], node: ast.AST, tree: ast.Module, frame: types.FrameType
                  ) -> tuple[ast.AST, types.FunctionType] | None:
    """The top-level ``def`` around ``node``, with the user's global function it made, when ``node`` is a function
    made inside it and held by no global (a new closure each call, whose code only its maker's code holds)."""
    held = frame.f_globals.get(getattr(node, "name", ""))
    if node in tree.body or (isinstance(held, types.FunctionType) and defines(node, held.__code__)):
        return None
    for outer in chain[chain.index(node) + 1:]:
        live = frame.f_globals.get(getattr(outer, "name", ""))
        if outer in tree.body and isinstance(live, types.FunctionType) and defines(outer, live.__code__):
            return outer, live
    return None


def _definitions_holding(tree: ast.AST, line: int) -> list[ast.AST]:
    """Every ``def`` (and lambda) whose lines hold ``line``, innermost first."""
    found = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
             and n.lineno <= line <= (n.end_lineno or n.lineno)]
    innermost = enclosing_function(tree, line)
    found.sort(key=lambda n: (n.end_lineno or n.lineno) - n.lineno)
    if innermost is not None and innermost in found:
        found.remove(innermost)
        found.insert(0, innermost)
    return found


def functions_with(code: types.CodeType, frame: types.FrameType) -> list[types.FunctionType]:
    """The live functions whose code is ``code``: by name in the frame's module or class, else any."""
    candidates: list[Any] = [frame.f_globals.get(code.co_name)]
    if code.co_argcount:
        first = frame.f_locals.get(code.co_varnames[0])  # self or cls: the method on its class
        owner = first if isinstance(first, type) else type(first)
        for klass in getattr(owner, "__mro__", ()):
            candidates.append(vars(klass).get(code.co_name))
    for candidate in candidates:
        found = _unwrapped(candidate, code)
        if found is not None:
            return [found]
    # a closure a library holds (feax's tensor map): its callers' frames hold it; only else the whole heap, whose
    # search costs tens of milliseconds with a large library loaded
    return _held_by_callers(code, frame) or [
        f for f in gc.get_referrers(code) if isinstance(f, types.FunctionType) and f.__code__ is code]


def _held_by_callers(code: types.CodeType, frame: types.FrameType, depth: int = 48) -> list[types.FunctionType]:
    """The functions whose code is ``code`` that the frames calling ``frame`` hold in a local, as they are or
    wrapped (``functools.partial``, a decorator's ``__wrapped__``)."""
    found: list[types.FunctionType] = []
    caller = frame.f_back
    for _ in range(depth):
        if caller is None:
            break
        for value in list(caller.f_locals.values()):
            if callable(value) and not isinstance(value, type):
                function = _unwrapped(value, code)
                if function is not None and all(function is not f for f in found):
                    found.append(function)
        caller = caller.f_back
    return found


def _unwrapped(value: Any, code: types.CodeType) -> types.FunctionType | None:
    for _ in range(8):
        if value is None:
            return None
        if isinstance(value, types.FunctionType) and value.__code__ is code:
            return value
        inner = None
        for attr in ("__func__", "__wrapped__", "_fun", "method", "fn", "func", "fun"):
            try:
                inner = getattr(value, attr, None)
            except Exception:  # noqa: BLE001 - an object answering attributes its own way
                inner = None
            if inner is not None and inner is not value:
                break
        value = inner
    return None
