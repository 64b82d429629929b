"""The user's function that library code called, traced again on its own, with the shapes and dtypes it was given.

A sampling controller rolls a physics step out under ``vmap`` and ``scan`` and
calls the user's cost inside: running that whole call again takes seconds
(hydrax's ``optimize``, about 2 s of tracing on a CPU), more than an explanation
may spend, and every try would pay it again. The user's function is all a fix
changes, and its frame still holds what it was given: the tracers become their
shapes and dtypes, everything else is held as it was (``self``, a Python
number), and the function alone is traced under a jit of jaxmagic's.

It is not done where the function alone would prove less than the library's
call: a parameter the function may have assigned before it failed (its frame
no longer holds what it was given; an assignment below the failing line, outside
any loop around it, has not run), or values traced under a transformation other than ``vmap``, a loop's
and jit's own. A loop fix is not tried this way either (``retrace.in_place``):
a library may differentiate what the function returns, and reverse mode refuses
a ``lax.while_loop`` that traces alone.
"""
from __future__ import annotations

import dis
import inspect
import types
from typing import Any

import jax

from ..._common.errors import installed_package, is_user_file, traceback_entries, user_entries
from ..._common.frames import code_parameters, quiet_leaves
from ..._tracking.compiling.jax_frames import outward
from ..rebuild import DIFFERENTIATION_TRACERS, abstract_tracers
from ..reach.entry import entry_of
from .replay import Replay
from .swaps import functions_with

__all__ = ["replay_alone"]

# jit's and scan's, vmap's: nothing else changes the function; a gradient's change it only where a value's rewrite
# leaves it undifferentiable (kept to rewrites of a value: ``jnp`` for NumPy, ``.astype`` for ``float()``)
_DIFFERENTIATED = ("DynamicJaxprTracer", "BatchTracer", *DIFFERENTIATION_TRACERS)


def replay_alone(exc: BaseException, differentiated_ok: bool = False) -> Replay | str:
    """The user's function that library code called, ready to trace again on its own; or why it cannot be
    (``differentiated_ok``: also where a gradient traced it, for fixes that only rewrite a value)."""
    entry = entry_of(exc)
    if entry is None:
        return "no function of yours that library code called"
    frame, code = entry.frame, entry.frame.f_code
    params = code_parameters(code)
    stopped = next((tb.tb_lasti for tb in traceback_entries(exc.__traceback__) if tb.tb_frame is frame), frame.f_lasti)
    if _assigns(code, params, stopped):  # (the traceback's own: a frame's ``f_lasti`` may be a ``finally``'s)
        return f"`{entry.name}` assigns to a parameter, so its frame no longer holds what it was given"
    functions = functions_with(code, frame)
    if not functions or any(p not in frame.f_locals for p in params):
        return f"`{entry.name}` was not found as it was called"
    values = {p: frame.f_locals[p] for p in params}
    tracers = [leaf for value in values.values() for leaf in quiet_leaves(value) if isinstance(leaf, jax.core.Tracer)]
    differentiated = not all(_plain(t) for t in tracers)  # a gradient's: only a value's rewrite is tried alone
    if differentiated and not (differentiated_ok and all(_plain(t, _DIFFERENTIATED) for t in tracers)):
        return f"`{entry.name}` was traced under a transformation that tracing it alone would leave out"
    traced = [p for p in params if any(isinstance(leaf, jax.core.Tracer) for leaf in quiet_leaves(values[p]))]
    try:
        given = [abstract_tracers(values[p]) for p in traced]
    except Exception as fault:  # noqa: BLE001 - values JAX cannot take again
        return f"its arguments cannot be given again ({type(fault).__name__})"
    function = functions[0]

    def alone(*arrays: Any) -> Any:
        filled = {**values, **dict(zip(traced, arrays))}
        args, kwargs = _call_of(code, filled)
        out = function(*args, **kwargs)  # whether it traces is the question: only its arrays go out
        return [leaf for leaf in quiet_leaves(out) if isinstance(leaf, (jax.Array, jax.core.Tracer))]

    library = installed_package(entry.caller)
    return Replay(jax.jit(alone), tuple(given), {}, _frames_from(exc, frame),
                  f"your `{entry.name}` alone, with the shapes and dtypes "
                  f"{library if library not in (None, 'jax', 'jaxlib') else 'JAX'} gave it"
                  + (", without the gradient around it" if differentiated else ""), alone=True)


def _assigns(code: types.CodeType, params: list[str], stopped: int) -> bool:
    """Whether the function's own code may have stored into one of its parameters before it stopped at the
    instruction ``stopped``: a store before it, or any store where a loop around it runs again (``thetas`` given
    to a loop below the failing line is still what the function was given)."""
    stores = ("STORE_FAST", "STORE_DEREF", "DELETE_FAST", "DELETE_DEREF")
    instructions = list(dis.get_instructions(code))
    stored = [i.offset for i in instructions if i.opname in stores and i.argval in params]
    looped = any(isinstance(i.argval, int) and i.opcode in (*dis.hasjrel, *dis.hasjabs) and i.argval <= stopped <= i.offset
                 for i in instructions)  # a jump back past the stop: the code below it ran before, in a turn before
    return bool(stored) and (looped or min(stored) < stopped)


def _plain(tracer: Any, kinds: tuple[str, ...] = ("DynamicJaxprTracer", "BatchTracer")) -> bool:
    """True for a tracer of jit's, a loop's or ``vmap``'s trace (of ``kinds``), over the same kinds."""
    for _ in range(16):
        if not isinstance(tracer, jax.core.Tracer):
            return True
        if type(tracer).__name__ not in kinds:
            return False
        tracer = getattr(tracer, "val", getattr(tracer, "primal", None))
    return False


def _call_of(code: types.CodeType, values: dict[str, Any]) -> tuple[list, dict]:
    """The positional and keyword arguments that give a function of ``code`` these parameter values."""
    positional = code.co_varnames[:code.co_argcount]
    keyword = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    args = [values[p] for p in positional]
    kwargs = {p: values[p] for p in keyword}
    rest = code.co_argcount + code.co_kwonlyargcount
    if code.co_flags & inspect.CO_VARARGS:
        args += list(values[code.co_varnames[rest]])
        rest += 1
    if code.co_flags & inspect.CO_VARKEYWORDS:
        kwargs.update(values[code.co_varnames[rest]])
    return args, kwargs


def _frames_from(exc: BaseException, entry: types.FrameType) -> list[types.FrameType]:
    """The user's frames from ``entry`` in to the failing one, outermost first."""
    user = user_entries(exc.__traceback__)
    held = [tb.tb_frame for tb in traceback_entries(exc.__traceback__)]
    frames = []
    for frame in outward(user[-1].tb_frame if user else None, held):
        if is_user_file(frame.f_code.co_filename):
            frames.append(frame)
        if frame is entry:
            break
    return frames[::-1]
