"""Fixes tried where the error happened: the failing trace run again, with the user's code rewritten in place.

A function that library code calls (an objective under a solver's own jit, a
``recurrent_fn`` under a search's loop, a method of a Module, a body the user
handed to ``vmap`` inside a library) cannot be copied and jitted again by
jaxmagic: the library holds it, and rebuilds the call its own way. The trace
that failed can be run again all the same:

1. JAX's frames name the innermost jitted call on the stack: the function
   JAX was given (the library's own, often) and the call's arguments. The
   arguments that were tracers of an enclosing trace are replaced by their
   shapes and dtypes.
2. The fix is applied to the syntax of the user's definition, compiled in the
   function's own file, and its code object put in place of the function's
   code — of the outermost of the user's definitions that the re-run runs
   again, so a nested ``def`` is rebuilt by its parent — for the duration of
   an abstract trace (``.trace``: no lowering, no backend compile), then put
   back, whatever happens.
3. Every such trace keys JAX's caches on a tracing context of its own, new on
   every try, so nothing traced with rewritten code can ever serve the user's
   own calls, nor another try.

The trace is first run with nothing rewritten: unless it fails as the user's
did, nothing is tried (a fix that "traces" there would prove nothing).
"""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import gc
import io
import sys
import types
from typing import Any

import jax
import numpy as np

from ..._common.errors import (installed_package, is_user_file, traceback_entries, tracing_error_in, tracing_kind,
                               user_entries)
from ..._common.frames import quiet_leaves
from ..._common.jax_config import private_trace_caches
from ..._common.source import defines, enclosing_function, parse_file
from ..._tracking import monitor
from ..._tracking.compiling.jax_frames import find_jax_call, outward, transform_entry
from ..._tracking.observed.adapters import user_call
from .entry import entry_of
from ..explanation import Fix
from ..fixes.rewrites import Checkified, Edit, apply_edit
from ..rebuild import Names, OutOfTime, abstract_tracers, rebuild, within_budget
from ..verify import first_line

__all__ = ["Refused", "Replay", "package_of", "replay_of", "verify_in_place"]

_MAX_TRIES = 6  # fixes tried per explanation this way (each is one abstract trace)


@dataclasses.dataclass(eq=False)
class Replay:
    """The failing trace, ready to run again.

    Attributes
    ----------
    jitted : a new ``jax.jit`` of the function JAX was tracing, with the call's static options.
    args, kwargs : the call's arguments, tracers of an enclosing trace as ``jax.ShapeDtypeStruct``.
    frames : the user's frames the trace ran, outermost first (the failing one last).
    where : how it runs again, for the outcome's words (``through optimistix``).
    changed : the user's transformation as the try made it, when the fix needs it changed too.
    """

    jitted: Any
    args: tuple
    kwargs: dict
    frames: list[types.FrameType]
    where: str
    changed: str | None = None  # the user's code the try changed besides the fix (``jax.grad(f, has_aux=True)``)
    foreign: bool = False  # library code runs around the fix: only an error in the fixed code says it failed
    unjitted: bool = False  # the user's statement had no jit (``jax.grad(loss)(c)``): jaxmagic's trace is abstract

    def run(self, swaps: list[tuple[types.FunctionType, types.CodeType]] = (), names: dict | None = None
            ) -> BaseException | None:
        """Trace again with each function's code swapped for the given code; the exception, or None."""
        swapped: list[tuple[types.FunctionType, types.CodeType]] = []
        added: list[tuple[dict, str]] = []
        try:
            for fn, code in swaps:
                swapped.append((fn, fn.__code__))
                fn.__code__ = code
                for name, value in (names or {}).items():  # modules the fix names and the file lacks
                    if name not in fn.__globals__:
                        fn.__globals__[name] = value
                        added.append((fn.__globals__, name))
            # nothing rewritten (the first run, to see it fail as the user's did): JAX's own caches serve it,
            # as they served the user's run; with rewritten code, caches of its own
            isolated = private_trace_caches() if swaps else contextlib.nullcontext(True)
            with (monitor.muted(), contextlib.redirect_stdout(io.StringIO()),
                  contextlib.redirect_stderr(io.StringIO()), isolated as private):
                if not private:
                    return Refused("this JAX cannot keep the rewritten code out of its caches")
                with within_budget():
                    self.jitted.trace(*self.args, **self.kwargs)
        except OutOfTime as spent:  # the explanation's time for re-tracing ran out: this try is not made
            return Refused(str(spent))
        except Exception as exc:  # noqa: BLE001 - the trace's outcome, whatever it is
            return exc
        finally:
            for fn, code in reversed(swapped):
                fn.__code__ = code
            for held, name in added:
                held.pop(name, None)
        return None


class Refused(Exception):
    """A try that jaxmagic would not run, with the reason."""


def replay_of(exc: BaseException, kind: str) -> Replay | str:
    """The trace that raised ``exc``, ready to run again; or why it cannot be."""
    user = user_entries(exc.__traceback__)
    if not user:
        return "no line of the user's in the traceback"
    failing = user[-1].tb_frame
    held = [tb.tb_frame for tb in traceback_entries(exc.__traceback__)]  # past a stopped generator's frame
    call = find_jax_call(failing, held)
    if call is None:
        return "no jitted call on the stack to run again"
    frames = []
    for frame in outward(failing, held):
        if frame is call.frame:
            break
        if is_user_file(frame.f_code.co_filename):
            frames.append(frame)
    wrapped = _nnx_jit_call(call)
    if wrapped is not None:  # nnx.jit's inner jit runs only inside its update context: trace the user's call
        return Replay(*wrapped, frames[::-1], "through nnx.jit")
    static = set(call.static_argnums)
    try:
        args = tuple(a if i in static else abstract_tracers(a) for i, a in enumerate(call.args))
        kwargs = {k: v if k in call.static_argnames else abstract_tracers(v) for k, v in call.kwargs.items()}
        jitted = jax.jit(call.fun, static_argnums=call.static_argnums or None,
                         static_argnames=call.static_argnames or None)
    except Exception as fault:  # noqa: BLE001 - arguments JAX cannot take again
        return f"its arguments cannot be given again ({type(fault).__name__})"
    return Replay(jitted, args, kwargs, frames[::-1], f"through {_runner(exc)}")


def _nnx_jit_call(call: Any) -> tuple[Any, tuple, dict] | None:
    """(nnx.jit's wrapper, the user's arguments) when JAX's jitted ``call`` is the one flax.nnx's ``JitWrapped``
    made (read by the NNX adapter): its ``.trace`` splits the user's objects in an update context of its own,
    traces abstractly and writes nothing back to them. None when the arguments hold tracers of an enclosing
    trace."""
    try:
        found = user_call(call)
    except Exception:  # noqa: BLE001 - a wrapper's internals changed: JAX's own view then
        return None
    if found.wrapper != "flax.nnx.jit" or not hasattr(found.jitted, "trace"):
        return None
    try:
        leaves = quiet_leaves((found.args, found.kwargs))
    except Exception:  # noqa: BLE001 - objects JAX cannot flatten: nnx splits them itself
        leaves = []
    if any(isinstance(leaf, jax.core.Tracer) for leaf in leaves):
        return None
    return found.jitted, tuple(found.args), dict(found.kwargs)


def replay_of_call(exc: BaseException, fn: Any, args: tuple, kwargs: dict) -> Replay | str:
    """The user's own call, traced under a jit of jaxmagic's: for a trace that no jit started (a library's
    ``lax`` loop or ``vmap`` run eagerly). Its arrays are traced, everything else is held as given."""
    if fn is None or not callable(fn):
        return "no jitted call on the stack to run again"
    try:
        leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
    except Exception:  # noqa: BLE001 - arguments JAX cannot flatten
        return "its arguments cannot be given again"
    dynamic = [i for i, leaf in enumerate(leaves) if isinstance(leaf, (jax.Array, np.ndarray))]

    def call(*arrays: Any) -> Any:
        filled = list(leaves)
        for i, array in zip(dynamic, arrays):
            filled[i] = array
        given_args, given_kwargs = jax.tree_util.tree_unflatten(tree, filled)
        out = fn(*given_args, **given_kwargs)  # whether it traces is the question: only its arrays go out
        return [leaf for leaf in jax.tree_util.tree_leaves(out) if isinstance(leaf, (jax.Array, jax.core.Tracer))]

    user = user_entries(exc.__traceback__)
    frames = [tb.tb_frame for tb in user]
    return Replay(jax.jit(call), tuple(leaves[i] for i in dynamic), {}, frames, "as your call, traced abstractly")


def _runner(exc: BaseException) -> str:
    """The library the user called that ran their function: the outermost package (neither JAX nor
    jaxmagic) between the user's failing function and the user's code that called it; else ``jax.jit``."""
    entry = entry_of(exc)
    caller = entry.frame.f_back if entry is not None else None
    found = "jax.jit"
    for _ in range(256):
        if caller is None or is_user_file(caller.f_code.co_filename):
            break
        package = installed_package(caller.f_code.co_filename)
        if package and package not in ("jax", "jaxlib", "jaxmagic"):
            found = package
        caller = caller.f_back
    return found


def _library_called(given: tuple[Any, tuple, dict] | None) -> str | None:
    """The package of what the user called (``lx.FunctionLinearOperator``: lineax), when a library's."""
    module = getattr(given[0], "__module__", None) if given is not None else None
    return package_of(module) if isinstance(module, str) else None


def package_of(module: str) -> str | None:
    """The installed package a module name belongs to (``dynamax.utils.optimize``: dynamax), when a
    library's: not JAX's, jaxmagic's or the user's."""
    package = module.split(".", 1)[0]
    return None if not package or package in ("jax", "jaxlib", "jaxmagic", "builtins", "__main__") or \
        package.startswith("jaxmagic_corpus") or package not in sys.modules else package



def verify_in_place(fixes: list[Fix], exc: BaseException, kind: str, filename: str | None, names: Names,
                    given: tuple[Any, tuple, dict] | None = None) -> None:
    """Try, by running the failing trace again, every code fix that is still untried.

    ``given`` is the user's call (function, arguments, keywords): traced under a jit of jaxmagic's when
    no jit is on the stack.
    """
    wanted = [f for f in fixes if f.verified is None and isinstance(f.recipe, Edit)
              and not isinstance(f.recipe, Checkified) and not (f.outcome or "").startswith("an earlier fix traced")]
    if not wanted or filename is None:
        return
    replay = replay_of(exc, kind)
    if isinstance(replay, str):  # no jit on the stack: the transformation run eagerly (a library's jax.grad)
        entry = _eager_entry(exc)
        if entry is not None:
            replay = replay_of_call(exc, *entry)
    if isinstance(replay, str) and given is not None:
        replay = replay_of_call(exc, *given)
    if isinstance(replay, str):
        _untried(wanted, replay)
        return
    tree = parse_file(filename)
    planned = {id(fix): _swaps(fix.recipe, replay, tree, filename) for fix in wanted[:_MAX_TRIES]}
    if all(isinstance(p, str) for p in planned.values()):  # nothing to swap in: no trace is run at all
        for fix in wanted[:_MAX_TRIES]:
            fix.outcome = planned[id(fix)]
        return
    baseline = replay.run()
    if baseline is not None and not isinstance(baseline, Refused):  # a library's own error raised around JAX's
        baseline = tracing_error_in(baseline) or baseline
    if baseline is None or tracing_kind(baseline) != kind or not _same_line(baseline, exc):
        reason = (str(baseline) if isinstance(baseline, Refused)
                  else "running the failing trace again did not fail the same way")
        _untried(wanted, reason)
        return
    for fix in wanted[_MAX_TRIES:]:
        fix.outcome = fix.outcome or f"only the first {_MAX_TRIES} fixes are tried by running the call again"
    for tried, fix in enumerate(wanted[:_MAX_TRIES]):
        if any(f.verified is True for f in wanted[:tried]):
            # each try traces the library's whole call again: once the preferred fix traced, the rest wait
            fix.outcome = "an earlier fix traced"
            continue
        swaps = planned[id(fix)]
        if isinstance(swaps, str):
            fix.outcome = swaps
            continue
        outcome = replay.run(swaps, {**names.missing, **getattr(fix.recipe, "defines", {})})
        if isinstance(outcome, Refused):
            fix.outcome = str(outcome)
        elif outcome is None:
            library = _library_called(given)
            where = f"through {library}" if library else replay.where
            fix.verified, fix.outcome = True, f"traced (the failing trace run again {where})"
        else:
            fix.verified, fix.failed_with = False, outcome
            fix.outcome = f"still fails: {type(outcome).__name__}: {first_line(outcome)}"


def _eager_entry(exc: BaseException) -> tuple[Any, tuple, dict] | None:
    user = user_entries(exc.__traceback__)
    return transform_entry(user[-1].tb_frame) if user else None


def _same_line(again: BaseException, exc: BaseException) -> bool:
    """Whether the run again failed on the user's line that failed (not in the library code around it)."""
    first, second = user_entries(exc.__traceback__), user_entries(again.__traceback__)
    if not first or not second:
        return True  # nothing of the user's to compare: the kind alone decides
    return (first[-1].tb_frame.f_code.co_filename, first[-1].tb_lineno) == \
        (second[-1].tb_frame.f_code.co_filename, second[-1].tb_lineno)


def _untried(fixes: list[Fix], reason: str) -> None:
    for fix in fixes:
        fix.outcome = fix.outcome or reason


def _swaps(edit: Edit, replay: Replay, tree: ast.Module | None, filename: str
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
    held = _rewritten(node, code, _functions_with(code, frame), edit, filename)
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
    try:
        new = rebuild(functions[0], edited, filename, dict(functions[0].__globals__)).__code__
    except Exception as fault:  # noqa: BLE001 - the rewritten definition does not compile here
        return f"the rewritten function does not compile ({type(fault).__name__})"
    if new.co_freevars != code.co_freevars:
        return "the rewritten function needs names its closure does not hold"
    return [(fn, new) for fn in functions]


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


def _functions_with(code: types.CodeType, frame: types.FrameType) -> list[types.FunctionType]:
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
    return [f for f in gc.get_referrers(code) if isinstance(f, types.FunctionType) and f.__code__ is code]


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
