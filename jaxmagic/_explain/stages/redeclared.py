"""A fix made in a class statement, tried through the library's jit that was handed the user's object.

When the user's object reaches the failing trace through library code (trainax's trainer hands the stepper to
``equinox.filter_jit``), no copy of the user's function can be given the object as the fix declares its class.
The innermost jitted call on the stack is read in the user's terms (its wrapper, the arguments as passed), each
object of the class is rebuilt as the fix declares it, and the wrapper is traced again with them, abstractly:
under ``jax.eval_shape``, which stages the jitted call without compiling it.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

import jax

from ..._common.frames import quiet_leaves, traceback_entries, user_entries
from ..._tracking.compiling.jax_frames import find_jax_call, outward
from ..._tracking.observed.adapters import user_call
from ..declare.fields import Declaration
from ..declare.rebuilt import redeclared
from ..explanation import Fix
from ..retrace.budget import OutOfTime
from ..reach.sweep import quiet_probe
from ..verify import first_line

__all__ = ["verify_redeclared"]


def verify_redeclared(fixes: list[Fix], exc: BaseException, globals_: dict | None) -> None:
    """Try each untried fix that declares a class anew, on the objects of that class the jitted call was handed."""
    wanted = [f for f in fixes if f.verified is None and isinstance(f.recipe, Declaration) and f.recipe.field is None
              and f.recipe.as_counts]
    if not wanted:
        return
    user = user_entries(exc.__traceback__)
    held = [tb.tb_frame for tb in traceback_entries(exc.__traceback__)]
    cls = type(user[-1].tb_frame.f_locals.get(wanted[0].recipe.argument)) if user else None
    found = _handed_concrete(user[-1].tb_frame, held, cls, wanted[0].recipe.as_counts) if user else None
    if found is None:
        return
    if found.wrapper == "jax.jit" and (found.static_argnums or found.static_argnames):
        return  # a plain jit's static options would have to be given again: tried by the copy, where it can
    runner = found.jitted if found.wrapper != "jax.jit" else jax.jit(found.function)
    for fix in wanted:
        outcome = _traced(fix.recipe, cls, runner, tuple(found.args), dict(found.kwargs), globals_ or {},
                          found.function)
        if isinstance(outcome, str):
            fix.outcome = outcome
        elif outcome is None:
            fix.verified, fix.outcome = True, f"traced (the {found.wrapper} call that failed, run again abstractly)"
        else:
            fix.verified = False
            fix.outcome = f"still fails: {type(outcome).__name__}: {first_line(outcome)}"


def _handed_concrete(failing: Any, held: list, cls: type, counts: tuple[str, ...]) -> Any:
    """The innermost jitted call on the stack, in the user's terms, whose objects of ``cls`` hold their counts as
    values, not tracers of a jit further out (quantax's jit inside its own jit): up to ``_OUTER`` jits out."""
    call = find_jax_call(failing, held)
    for _ in range(_OUTER):
        if call is None:
            return None
        try:
            found = user_call(call)
        except Exception:  # noqa: BLE001 - a wrapper's internals changed: not tried
            return None
        objects = [v for v in quiet_leaves((found.function, found.args, found.kwargs),
                                                         is_leaf=lambda v: type(v) is cls) if type(v) is cls]
        if not any(isinstance(getattr(o, c, None), jax.core.Tracer) for o in objects for c in counts):
            return found
        inner = call
        while call is not None and call.fun is inner.fun:  # (JAX's frames of one jitted call hold it each)
            frames = outward(call.frame, held)
            next(frames, None)
            call = find_jax_call(next(frames, None), held)
    return None


_OUTER = 3  # jitted calls looked at, outward, for one handed the object with its counts as values


def _traced(recipe: Declaration, cls: type, runner: Any, args: tuple, kwargs: dict, globals_: dict,
            function: Any = None) -> BaseException | str | None:
    """The call traced again with every object of ``cls`` in its arguments rebuilt as ``recipe`` declares it: the
    exception, None when it traced, or why it was not tried. ``function``: what the wrapper jitted; an object of
    ``cls`` itself (``eqx.filter_jit(model)``) is rebuilt too, and called under the trace."""
    if type(function) is cls:
        args, kwargs = (function, *args), kwargs
        runner = lambda made, *rest, **named: made(*rest, **named)  # noqa: E731 - the object, called
    objects = [v for v in quiet_leaves((args, kwargs), is_leaf=lambda v: type(v) is cls)
               if type(v) is cls]
    if not objects:
        return "the jitted call was not handed an object of the class"
    # the one handed over as an argument (else the first met) holds the count
    handed = {id(v) for v in (*args, *kwargs.values()) if type(v) is cls} or {id(objects[0])}
    mirror, compiled = dataclasses.replace(recipe, as_counts=()), {}
    try:  # one mirrored in another argument (an optimizer's state, built from ``eqx.filter(model, eqx.is_array)``)
        # holds None where the object holds a Python value
        given = jax.tree_util.tree_map(
            lambda v: v if type(v) is not cls else redeclared(recipe, v, globals_, compiled) if id(v) in handed else
            redeclared(mirror, _emptied(v, recipe.as_counts), globals_, compiled), (args, kwargs),
            is_leaf=lambda v: type(v) is cls)
    except Exception as fault:  # noqa: BLE001 - the object could not be rebuilt as declared
        return f"your object could not be rebuilt as the fix declares its class ({type(fault).__name__})"
    try:
        with quiet_probe() as private:
            if not private:
                return "this JAX cannot keep the rebuilt class out of its caches"
            jax.eval_shape(lambda: runner(*given[0], **given[1]))
    except OutOfTime as spent:
        return str(spent)
    except Exception as failed:  # noqa: BLE001 - the trace's outcome, whatever it is
        return failed
    return None


def _emptied(value: Any, fields: tuple[str, ...]) -> Any:
    """A copy of ``value`` holding None in ``fields``."""
    made = copy.copy(value)
    for field in fields:
        object.__setattr__(made, field, None)
    return made
