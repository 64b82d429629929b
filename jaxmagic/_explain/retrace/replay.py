"""The trace that failed, ready to run again: the innermost jitted call on the stack, or the user's own call.

JAX's frames name the innermost jitted call on the stack: the function JAX was
given (the library's own, often) and the call's arguments. The arguments that
were tracers of an enclosing trace are replaced by their shapes and dtypes, and
the function is jitted anew. :meth:`Replay.run` traces it abstractly (``.trace``:
no lowering, no backend compile) with the code of some of the user's functions
swapped for rewritten code for the duration, under JAX caches of its own, new on
every try, so nothing traced with rewritten code can ever serve the user's own
calls, nor another try.
"""
from __future__ import annotations

import contextlib
import dataclasses
import io
import sys
import types
from collections.abc import Iterator
from typing import Any

import jax
import numpy as np

from ..._common.errors import installed_package, is_user_file, traceback_entries, user_entries
from ..._common.frames import cut_from_handled, holds_tracer, quiet_leaves
from ..._common.jax_config import private_trace_caches
from ..._tracking import monitor
from ..._tracking.compiling.jax_frames import find_jax_call, outward
from ..._tracking.observed.adapters import user_call
from ..reach.entry import entry_of
from ..rebuild import abstract_tracers
from .budget import OutOfTime, within_budget
from .reverse import trace_probe

__all__ = ["Refused", "Replay", "jits_directly", "jax_call_again", "leaks_hidden", "library_called", "package_of", "replay_of", "replay_of_call"]


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
    alone: bool = False  # the user's function that library code called, traced on its own (``where`` says so)
    loops: bool = False  # alone, yet the user's own jit of it, no library code between: a loop fix may be tried

    def run(self, swaps: list[tuple[types.FunctionType, types.CodeType]] = (), names: dict | None = None
            ) -> BaseException | None:
        """Trace again with each function's code swapped for the given code; the exception, or None."""
        swapped: list[tuple[types.FunctionType, types.CodeType]] = []
        added: list[tuple[dict, str]] = []
        replaced: list[tuple[dict, str, Any]] = []  # an object the fix made again, read in place of the user's
        handled = sys.exc_info()[1]  # the user's error, when explained while it is handled
        try:
            for fn, code in swaps:
                swapped.append((fn, fn.__code__))
                fn.__code__ = code
                for name, value in (names or {}).items():  # modules the fix names and the file lacks
                    if name not in fn.__globals__:
                        fn.__globals__[name] = value
                        added.append((fn.__globals__, name))
                    elif fn.__globals__[name] is not value and not isinstance(value, types.ModuleType):
                        replaced.append((fn.__globals__, name, fn.__globals__[name]))
                        fn.__globals__[name] = value
            # nothing rewritten (the first run, to see it fail as the user's did): JAX's own caches serve it,
            # as they served the user's run; with rewritten code, caches of its own
            isolated = private_trace_caches() if swaps else contextlib.nullcontext(True)
            with (monitor.muted(), contextlib.redirect_stdout(io.StringIO()),
                  contextlib.redirect_stderr(io.StringIO()), isolated as private):
                if not private:
                    return Refused("this JAX cannot keep the rewritten code out of its caches")
                with within_budget():
                    trace_probe(self.jitted, self.args, self.kwargs)
        except OutOfTime as spent:  # the explanation's time for re-tracing ran out: this try is not made
            return Refused(str(spent), timed=True)
        except Exception as exc:  # noqa: BLE001 - the trace's outcome, whatever it is
            return cut_from_handled(exc, handled)
        finally:
            for fn, code in reversed(swapped):
                fn.__code__ = code
            for held, name in added:
                held.pop(name, None)
            for held, name, value in reversed(replaced):
                held[name] = value
        return None


class Refused(Exception):
    """A try that jaxmagic would not run, with the reason; ``timed`` when the time for tries ran out."""

    def __init__(self, reason: str, timed: bool = False) -> None:
        super().__init__(reason)
        self.timed = timed


def replay_of(exc: BaseException, kind: str, outer: int = 0) -> Replay | str:
    """The trace that raised ``exc``, ready to run again; or why it cannot be. ``outer``: that many jitted calls
    further out than the innermost (the library's jit around the user's own, which sets up what the user's
    function reads: its own context)."""
    user = user_entries(exc.__traceback__)
    if not user:
        return "no line of the user's in the traceback"
    failing = user[-1].tb_frame
    held = [tb.tb_frame for tb in traceback_entries(exc.__traceback__)]  # past a stopped generator's frame
    call = find_jax_call(failing, held)
    for _ in range(outer):
        inner = call
        while call is not None and call.fun is inner.fun:  # (JAX's frames of one jitted call hold it each)
            call = find_jax_call(_caller(call.frame, held), held)
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
    again = jax_call_again(call, call.args, call.kwargs, frames[::-1], f"through {_runner(exc)}")
    return again if isinstance(again, Replay) else f"its arguments cannot be given again ({type(again).__name__})"


def _caller(frame: types.FrameType, held: list[types.FrameType]) -> types.FrameType | None:
    """The frame that called ``frame`` (read through the traceback's frames where the stack is gone)."""
    callers = outward(frame, held)
    next(callers, None)
    return next(callers, None)


def jax_call_again(call: Any, args: tuple, kwargs: dict, frames: list[types.FrameType], where: str
                   ) -> Replay | Exception:
    """JAX's jitted ``call`` (its function and static options) ready to trace again with ``args`` and ``kwargs``,
    abstract where not static; the error when JAX cannot take them again."""
    static = set(call.static_argnums)
    try:
        given = tuple(a if i in static else abstract_tracers(a) for i, a in enumerate(args))
        named = {k: v if k in call.static_argnames else abstract_tracers(v) for k, v in kwargs.items()}
        jitted = jax.jit(call.fun, static_argnums=call.static_argnums or None,
                         static_argnames=call.static_argnames or None)
    except Exception as fault:  # noqa: BLE001 - arguments JAX cannot take again
        return fault
    return Replay(jitted, given, named, frames, where)


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
    # (shapes and dtypes alone, a library's ``init`` evaluated abstractly, are traced as the arrays would be)
    dynamic = [i for i, leaf in enumerate(leaves) if isinstance(leaf, (jax.Array, np.ndarray, jax.ShapeDtypeStruct))]

    def call(*arrays: Any) -> Any:
        filled = list(leaves)
        for i, array in zip(dynamic, arrays):
            filled[i] = array
        given_args, given_kwargs = jax.tree_util.tree_unflatten(tree, filled)
        out = fn(*given_args, **given_kwargs)  # whether it traces is the question: only its arrays go out
        return [leaf for leaf in quiet_leaves(out) if isinstance(leaf, (jax.Array, jax.core.Tracer))]

    frames = [tb.tb_frame for tb in user_entries(exc.__traceback__)]
    # (``lax.fori_loop(0, n, body, x)`` made again eagerly: it runs ``body``, not the function that called it)
    codes = {getattr(_unwrapped(f), "__code__", None) for f in (fn, *args, *kwargs.values()) if callable(f)}
    entered = next((i for i, frame in enumerate(frames) if frame.f_code in codes), 0)
    # the frames this call runs again: from the function it calls (a closure a frame outside made stays as made)
    return Replay(jax.jit(call), tuple(leaves[i] for i in dynamic), {}, frames[entered:],
                  "as your call, traced abstractly")


def jits_directly(replay: Replay, code: types.CodeType) -> bool:
    """True when the jitted call ``replay`` runs again is a jit of the function whose code is ``code`` itself (the
    user's own ``jax.jit(solve)``), with no library code between the jit and it."""
    return getattr(_unwrapped(getattr(replay.jitted, "__wrapped__", None)), "__code__", None) is code


def _unwrapped(fn: Any) -> Any:
    """The plain function inside ``fn``'s wrappers (``jax.vmap``'s, a ``functools.partial``, a bound method)."""
    for _ in range(8):
        inner = getattr(fn, "__wrapped__", None) or getattr(fn, "func", None) or getattr(fn, "__func__", None)
        if inner is None or inner is fn:
            break
        fn = inner
    return fn


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


def library_called(given: tuple[Any, tuple, dict] | None) -> str | None:
    """The package of what the user called (``lx.FunctionLinearOperator``: lineax), when a library's."""
    module = getattr(given[0], "__module__", None) if given is not None else None
    return package_of(module) if isinstance(module, str) else None


def package_of(module: str) -> str | None:
    """The installed package a module name belongs to (``dynamax.utils.optimize``: dynamax), when a
    library's: not JAX's, jaxmagic's or the user's."""
    package = module.split(".", 1)[0]
    return None if not package or package in ("jax", "jaxlib", "jaxmagic", "builtins", "__main__") or \
        package.startswith("jaxmagic_corpus") or package not in sys.modules else package


@contextlib.contextmanager
def leaks_hidden(globals_: dict) -> Iterator[None]:
    """Inside, the attributes of the user's global objects that hold a tracer (what a leak left, ``model.state_``)
    are gone, and put back after: a try of a leak fix must not read the value the failed run stored, which a
    fresh run of the fixed code would not have. An object JAX does not flatten is looked into, so that only the
    attribute holding the tracer goes (``prob.f`` stays, the model jaxcont's problem holds, its ``last_residual``
    goes)."""
    hidden: list[tuple[Any, str, Any]] = []
    todo, seen = [(v, 0) for k, v in list(globals_.items())[:512] if not k.startswith("_")], set()
    while todo:
        value, depth = todo.pop()
        if id(value) in seen or isinstance(value, (type, types.ModuleType, types.FunctionType)) or not hasattr(
                value, "__dict__") or not isinstance(vars(value), dict):
            continue
        seen.add(id(value))
        for key, held in vars(value).items():
            if not holds_tracer(held):
                continue
            if depth < 2 and not isinstance(held, jax.core.Tracer) and _a_leaf(held) and isinstance(
                    getattr(held, "__dict__", None), dict) and any(holds_tracer(v) for v in vars(held).values()):
                todo.append((held, depth + 1))  # a plain object holding it: the attribute inside it goes
            else:
                hidden.append((value, key, held))
    try:
        for owner, key, _ in hidden:
            del vars(owner)[key]
        yield
    finally:
        for owner, key, held in hidden:
            vars(owner)[key] = held


def _a_leaf(value: Any) -> bool:
    """True when JAX flattens ``value`` into itself alone: an object no pytree, whose attributes JAX does not see."""
    leaves = quiet_leaves(value)
    return len(leaves) == 1 and leaves[0] is value
