"""A value taken out of the dict a library's jit traces, tried by making the user's call again without it.

The user's call (``simulate_dscr(spring, g, x0, U, dt, theta)``) is made again abstractly, as a call no jit
started is (its arrays traced, the rest held as given), with a copy of the dict that lacks the key, the
functions that read the entry rewritten to read the global, and the global defined for the try.
"""
from __future__ import annotations

from typing import Any

from ..._common.errors import traceback_entries, tracing_kind
from ..._tracking.compiling.jax_frames import find_jax_call
from ..explanation import Fix
from ..retrace.replay import Refused, Replay, jax_call_again, replay_of_call
from ..retrace.swaps import rebuilt_code
from ..values.pulled_out import PulledOut

__all__ = ["verify_pulled_out"]


def verify_pulled_out(fixes: list[Fix], exc: BaseException, given: tuple[Any, tuple, dict] | None) -> None:
    """Try each untried fix that takes a value out of a dict the user's call hands a library."""
    for fix in [f for f in fixes if f.verified is None and isinstance(f.recipe, PulledOut)]:
        fix.outcome = _tried(fix, fix.recipe, exc, given) or fix.outcome


def _made_again(given: tuple[Any, tuple, dict], held: dict, without: dict, exc: BaseException) -> Replay | str | None:
    """The user's call made again with ``without`` where it handed ``held``; None when it did not hand it."""
    fn, args, kwargs = given
    args_without = tuple(without if a is held else a for a in args)
    kwargs_without = {k: without if v is held else v for k, v in kwargs.items()}
    if _spread(held, kwargs):  # ``f(x, **kwargs)``: the call's keywords are the dict's entries
        kwargs_without = {k: v for k, v in kwargs.items() if k not in held or k in without}
    if all(a is b for a, b in zip(args, args_without)) and all(kwargs[k] is kwargs_without.get(k) for k in kwargs):
        return None
    return replay_of_call(exc, fn, args_without, kwargs_without)


def _library_jit_again(exc: BaseException, held: dict, without: dict) -> Replay | str | None:
    """The library's jitted call that refused the dict (fedjax's jit of the user's ``client_init``, handed what the
    user's ``run(shared_input, clients)`` was given), traced again with ``without`` in its place."""
    frames = [tb.tb_frame for tb in traceback_entries(exc.__traceback__)]
    call = find_jax_call(frames[-1], frames) if frames else None
    spread = call is not None and _spread(held, call.kwargs)
    if call is None or not spread and not any(a is held for a in (*call.args, *call.kwargs.values())):
        return None
    again = jax_call_again(call, tuple(without if a is held else a for a in call.args),
                           {k: v for k, v in call.kwargs.items() if k not in held or k in without} if spread else
                           {k: without if v is held else v for k, v in call.kwargs.items()}, [],
                           "through the library's jit")
    return again if isinstance(again, Replay) else f"its arguments cannot be given again ({type(again).__name__})"


def _spread(held: dict, kwargs: dict) -> bool:
    """True when ``kwargs`` holds every entry of ``held`` as itself: the dict was spread into the call."""
    return bool(held) and all(isinstance(k, str) and k in kwargs and kwargs[k] is v for k, v in held.items())


def _tried(fix: Fix, recipe: PulledOut, exc: BaseException, given: tuple[Any, tuple, dict] | None) -> str | None:
    """The try's outcome for ``fix`` (set on it), or why it was not made."""
    without = {k: v for k, v in recipe.held.items() if k != recipe.key and k not in recipe.dropped}
    replay = _made_again(given, recipe.held, without, exc) if given is not None else None
    replay = replay or _library_jit_again(exc, recipe.held, without)
    if replay is None:
        return f"no call that hands `{recipe.holder}` over can be made again"
    if isinstance(replay, str):
        return replay
    swaps = []
    for live, edited in recipe.readers:
        code = rebuilt_code(live, edited, live.__code__.co_filename)
        if isinstance(code, str):
            return f"`{live.__name__}`: {code}"
        swaps.append((live, code))
    outcome = replay.run(swaps, {recipe.name: recipe.held[recipe.key]} if recipe.name else {})
    if outcome is None:
        fix.verified = True
        left = ", ".join(f"`{k}`" for k in recipe.dropped) if recipe.dropped else f"`{recipe.key}`"
        return f"traced ({replay.where}, with {left} out of `{recipe.holder}`)"
    if isinstance(outcome, Refused):
        return str(outcome)
    if tracing_kind(outcome) is not None:
        fix.verified, fix.failed_with = False, outcome
        return f"still fails: {type(outcome).__name__}: {str(outcome).splitlines()[0][:120]}"
    return None
