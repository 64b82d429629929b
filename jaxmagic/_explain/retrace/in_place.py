"""Fixes tried where the error happened: the failing trace run again, with the user's code rewritten in place.

A function that library code calls (an objective under a solver's own jit, a
``recurrent_fn`` under a search's loop, a method of a Module, a body the user
handed to ``vmap`` inside a library) cannot be copied and jitted again by
jaxmagic: the library holds it, and rebuilds the call its own way. The trace
that failed can be run again all the same (:mod:`.replay`), with the user's
code rewritten in place for the duration (:mod:`.swaps`).

The trace is first run with nothing rewritten: unless it fails as the user's
did, nothing is tried (a fix that "traces" there would prove nothing). Where
the innermost jitted call ran again does not (the user's own jit of a function
that reads a context only the library's call sets up, as haiku's
``get_parameter`` does), a jitted call further out on the stack is run instead.

Where the user's function that library code called can be traced on its own
(:mod:`.alone`), the library's whole call runs again only while it takes under
``QUICK_SHARE`` of the budget (15 ms of CPU time); past that, the function alone
stands in, so that explaining stays quick (a median of 50 ms is the target;
tracing hj-reachability's solver step again takes 60-170 ms, a MuJoCo Playground
step 450-740 ms). Where it cannot, the library's call has ``ALONE_AFTER``.
"""
from __future__ import annotations

import contextlib
from typing import Any

from ..._common.errors import tracing_error_in, tracing_kind, user_entries
from ..._common.frames import differentiated_eagerly
from ..._common.source import parse_file
from ..._tracking.compiling.jax_frames import transform_entry
from ..explanation import Fix
from ..fixes.rewrites import Checkified, Edit
from ..rebuild import Names, refused_only_abstractly
from ..verify import first_line
from .alone import replay_alone
from .budget import capped, retrace_seconds
from .outcomes import kept_eagerly, ran_as_it_was
from .replay import Refused, Replay, jits_directly, library_called, replay_of, replay_of_call
from .swaps import swaps

__all__ = ["verify_in_place"]

_MAX_TRIES = 6  # fixes tried per explanation this way (each is one abstract trace)
ALONE_AFTER = 0.2  # a run again of the library's whole call past this share of the budget: the function alone
_NOT_ALONE = ("lax.while_loop", "lax.fori_loop")  # fixes that trace alone yet may fail under the library's grad
VALUE_REWRITES = ("jnp-not-np", "astype", "jnp-not-builtin")  # differentiable as the code they replace
ALONE_RESERVE = 0.1  # the share of the budget a run again of the library's whole call leaves for the function alone
_OUTER = 2  # jitted calls further out tried, where the innermost one ran again does not fail as the user's did
_TIMED = "running the failing trace again took over"  # how a try stopped at its cap says so
QUICK_SHARE = 0.02  # where the function alone can stand in, the library's whole call runs again only within this share


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
    # the user's function library code called, on its own (under a gradient: for rewrites of a value only, else the
    # library's whole call gets the longer cap)
    alone = replay if replay.alone else replay_alone(exc, all(f.kind in VALUE_REWRITES for f in wanted))
    if isinstance(alone, Replay) and alone is not replay and jits_directly(replay, alone.frames[0].f_code):
        alone.loops = True  # the failing trace is the user's own jit of it (inside chexify's wrapper): the same
    again = _failing_again(replay, exc, kind, wanted, tree, filename, alone)
    if again is None:
        return
    replay, planned, alone, whole = again
    for fix in wanted[_MAX_TRIES:]:
        fix.outcome = fix.outcome or f"only the first {_MAX_TRIES} fixes are tried by running the call again"
    for tried, fix in enumerate(wanted[:_MAX_TRIES]):
        if any(f.verified is True for f in wanted[:tried]):
            # each try traces the library's whole call again: once the preferred fix traced, the rest wait
            fix.outcome = "an earlier fix traced"
            continue
        defines = {**names.missing, **getattr(fix.recipe, "defines", {})}
        used = replay
        if replay.alone and fix.kind in _NOT_ALONE and not replay.loops and whole is not None:
            # a loop fix, which the function alone cannot show: the library's whole call after all, given longer
            used, outcome = whole.replay, whole.tried(exc, kind, fix, defines)
        elif not replay.alone and fix.kind in _NOT_ALONE and isinstance(alone, Replay) and not alone.loops and \
                not isinstance(planned[id(fix)], str):  # the same, where the library's call is the run again already
            with capped(ALONE_AFTER * retrace_seconds(), ALONE_RESERVE * retrace_seconds()):
                outcome = replay.run(planned[id(fix)], defines)
        else:
            outcome = _tried(replay, planned[id(fix)], defines, fix.kind, alone)
        if isinstance(outcome, Refused) and outcome.timed and not replay.alone:
            # under JAX caches of its own, the library's whole call traces from scratch: too slow to try there
            instead = _alone_instead(exc, kind, wanted, tree, filename, alone)
            if isinstance(instead, str) and isinstance(alone, Replay):
                alone = instead  # nothing stands in after all: the library's call gets its longer cap, as a baseline
                outcome = _tried(replay, planned[id(fix)], defines, fix.kind, alone)  # past the quick one does
            if isinstance(instead, str) and isinstance(outcome, Refused) and outcome.timed:
                outcome = Refused(f"{_TIMED} {_cap(alone):g} s, and {instead}")
            elif not isinstance(instead, str):
                replay, planned = instead
                outcome = _tried(replay, planned[id(fix)], defines, fix.kind, alone)
        if isinstance(outcome, BaseException) and not isinstance(outcome, Refused) and not used.alone and \
                ran_as_it_was(outcome, exc, fix.recipe):  # the library rebuilt the function from what it had packed
            instead = _alone_instead(exc, kind, wanted, tree, filename, alone)  # (solvax keeps the operator's code
            if not isinstance(instead, str):  # object): the user's function alone, which the rewrite reaches
                used, outcome = instead[0], _tried(instead[0], instead[1][id(fix)], defines, fix.kind, alone)
        if isinstance(outcome, str):
            fix.outcome = outcome
        elif isinstance(outcome, Refused):
            fix.outcome = str(outcome)
        elif outcome is None:
            library = library_called(given)
            where = f"through {library}" if library else used.where
            fix.verified, fix.outcome = True, (f"traced ({used.where})" if used.alone
                                               else f"traced (the failing trace run again {where})")
        elif ran_as_it_was(outcome, exc, fix.recipe):
            fix.outcome = "the run again ran your function as it was, not the rewritten one"
        elif (refused := refused_only_abstractly(outcome)) is not None and differentiated_eagerly(exc):
            # ``jax.value_and_grad(f)(x)`` with no jit: the library had concrete values there, the run again has not
            fix.outcome = (f"traced abstractly, {refused}'s own code needed concrete values, which your call "
                           "without jit may give it: not known either way")
        elif (eagerly := kept_eagerly(outcome, kind, exc)) is not None:  # ``max(g, 0.0)`` past a fixed ``float(g)``
            fix.outcome = eagerly
        elif _refused_again(used, outcome, alone):  # (bartz's loop refuses to be traced a second time)
            fix.outcome = (f"not known: the library's code refuses a second run of its trace "
                           f"({type(outcome).__name__}: {first_line(outcome)})")
        else:
            fix.verified, fix.failed_with = False, outcome
            fix.outcome = f"still fails: {type(outcome).__name__}: {first_line(outcome)}"
    _again_warm(wanted[:_MAX_TRIES], replay, planned, names, alone)


def _again_warm(tried: list[Fix], replay: Replay, planned: dict[int, Any], names: Names, alone: Replay | str) -> None:
    """Each fix ahead of the first that traced, stopped at its cap, tried once more: that first try was the first
    to trace the library's code past the failing line (gwpopulation's likelihood after the user's conversion), and
    JAX's caches hold what it traced now."""
    first = next((i for i, f in enumerate(tried) if f.verified is True), 0)
    for fix in tried[:first]:
        if fix.verified is None and (fix.outcome or "").startswith(_TIMED) and not isinstance(planned[id(fix)], str):
            if _tried(replay, planned[id(fix)], {**names.missing, **getattr(fix.recipe, "defines", {})}, fix.kind,
                      alone) is None:
                fix.verified, fix.outcome = True, f"traced (the failing trace run again {replay.where})"



def _refused_again(replay: Replay, outcome: BaseException, alone: Replay | str) -> bool:
    """True when a try failed with an error of library code (not JAX's), and the run again with nothing rewritten
    now fails with it too: library code that counts its traces (or keeps state across them), not the fix, refused."""
    if isinstance(outcome, Refused) or type(outcome).__module__.startswith("jax"):
        return False
    with contextlib.nullcontext() if replay.alone else capped(_cap(alone), ALONE_RESERVE * retrace_seconds()):
        again = replay.run()
    return isinstance(again, BaseException) and not isinstance(again, Refused) and type(again) is type(outcome) \
        and first_line(again) == first_line(outcome)


def _cap(alone: Replay | str) -> float:
    """How long the library's whole call may take to run again: briefly where the function alone can stand in."""
    return (QUICK_SHARE if isinstance(alone, Replay) else ALONE_AFTER) * retrace_seconds()


def _tried(replay: Replay, swapped: Any, defines: dict, kind: str, alone: Replay | str
           ) -> BaseException | str | None:
    """One try: the run again with ``swapped`` in place (stopped at the cap unless the function runs alone); the
    reason when there is nothing to swap."""
    if isinstance(swapped, str):
        return swapped
    if replay.alone and kind in _NOT_ALONE and not replay.loops:  # a library may differentiate the body: reverse
        # mode refuses loops
        return f"tracing `{replay.frames[0].f_code.co_name}` alone would not show whether a `{kind}` works where " \
               "the library transforms it"
    with contextlib.nullcontext() if replay.alone else capped(_cap(alone), ALONE_RESERVE * retrace_seconds()):
        return replay.run(swapped, defines)


def _failing_again(replay: Replay, exc: BaseException, kind: str, wanted: list[Fix], tree: Any, filename: str,
                   alone: Replay | str) -> tuple[Replay, dict[int, Any], Replay | str, _Whole | None] | None:
    """The run again the tries take, each fix's swaps for it, what may stand in for it later and, where the
    function alone stands in after the quick run, the library's whole call for a loop fix (``_Whole``), once it
    failed as the user's run did; None (each fix saying why) when there is none. One that runs past its cap (``_cap``:
    ``QUICK_SHARE`` of the budget where ``alone`` can stand in, else ``ALONE_AFTER``) gives way to the user's
    function that library code called, traced on its own; where that fails some other way (it reads a context
    only the library's call sets up), the library's call runs again with the longer cap."""
    planned = _planned(replay, wanted, tree, filename)
    if planned is None:
        return None
    with capped(_cap(alone), ALONE_RESERVE * retrace_seconds()):
        baseline = _baseline(replay)
    if isinstance(baseline, Refused) and baseline.timed:
        instead = _alone_instead(exc, kind, wanted, tree, filename, alone)
        if not isinstance(instead, str):
            return (*instead, alone, _Whole(replay, planned))
        if isinstance(alone, Replay):  # nothing stands in after all: the library's call gets its longer cap
            alone = instead
            with capped(_cap(alone), ALONE_RESERVE * retrace_seconds()):
                baseline = _baseline(replay)
        if isinstance(baseline, Refused) and baseline.timed:
            baseline = Refused(f"{_TIMED} {_cap(alone):g} s, and {instead}")
    if not _fails_as(baseline, exc, kind) and not isinstance(baseline, Refused) and not replay.alone:
        further = _further_out(exc, kind, wanted, tree, filename)  # the library's jit around the user's own
        if further is not None:
            return (*further, alone, None)
    if not _fails_as(baseline, exc, kind):
        _untried(wanted, str(baseline) if isinstance(baseline, Refused)
                 else "running the failing trace again did not fail the same way")
        return None
    return replay, planned, alone, None


class _Whole:
    """The library's whole call, run again with the longer cap for a loop fix where the function alone stood in
    after its quick run ran out: confirmed first, once, to fail as the user's run did."""

    def __init__(self, replay: Replay, planned: dict[int, Any]) -> None:
        self.replay, self.planned, self.fails = replay, planned, None

    def tried(self, exc: BaseException, kind: str, fix: Fix, defines: dict) -> BaseException | str | None:
        swapped = self.planned.get(id(fix))
        if isinstance(swapped, str):
            return swapped
        with capped(ALONE_AFTER * retrace_seconds(), ALONE_RESERVE * retrace_seconds()):
            if self.fails is None:
                baseline = _baseline(self.replay)
                self.fails = baseline if isinstance(baseline, Refused) else _fails_as(baseline, exc, kind)
            outcome = self.replay.run(swapped, defines) if self.fails is True else self.fails
        if isinstance(outcome, Refused) and outcome.timed:
            return f"tracing `{self.replay.frames[0].f_code.co_name if self.replay.frames else 'it'}` alone would " \
                f"not show whether a `{fix.kind}` works where the library transforms it, and running the library's " \
                f"call again took over {ALONE_AFTER * retrace_seconds():g} s"
        return "running the failing trace again did not fail the same way" if outcome is False else outcome


def _further_out(exc: BaseException, kind: str, wanted: list[Fix], tree: Any, filename: str
                 ) -> tuple[Replay, dict[int, Any]] | None:
    """A jitted call further out on the stack than the one that ran again without failing as the user's did (a
    library's jit around the user's, which sets up a context the user's function reads), with each fix's swaps,
    once it fails as the user's run did; else None."""
    for outer in range(1, _OUTER + 1):
        replay = replay_of(exc, kind, outer)
        if isinstance(replay, str):
            return None
        planned = _planned(replay, wanted, tree, filename, quiet=True)
        if planned is None:
            return None
        with capped(ALONE_AFTER * retrace_seconds(), ALONE_RESERVE * retrace_seconds()):
            if _fails_as(_baseline(replay), exc, kind):
                return replay, planned
    return None


def _alone_instead(exc: BaseException, kind: str, wanted: list[Fix], tree: Any, filename: str,
                   alone: Replay | str) -> tuple[Replay, dict[int, Any]] | str:
    """The user's function that library code called, on its own, with each fix's swaps, once it fails alone as
    it did in the library's call; else why not."""
    if isinstance(alone, str):
        return alone
    planned = _planned(alone, wanted, tree, filename, quiet=True)
    if planned is None:
        return f"no fix applies to `{alone.frames[0].f_code.co_name}` alone"
    if not _fails_as(_baseline(alone), exc, kind):
        return f"`{alone.frames[0].f_code.co_name}` alone does not fail the same way"
    return alone, planned


def _planned(replay: Replay, wanted: list[Fix], tree: Any, filename: str, quiet: bool = False
             ) -> dict[int, Any] | None:
    """Each fix's swaps for ``replay``; None when no fix has any (each saying why, unless ``quiet``)."""
    planned = {id(fix): swaps(fix.recipe, replay, tree, filename) for fix in wanted[:_MAX_TRIES]}
    if all(isinstance(p, str) for p in planned.values()):  # nothing to swap in: no trace is run at all
        if not quiet:
            for fix in wanted[:_MAX_TRIES]:
                fix.outcome = planned[id(fix)]
        return None
    return planned


def _baseline(replay: Replay) -> BaseException | None:
    """The run again with nothing rewritten: JAX's error (out of a library's own, raised around it)."""
    baseline = replay.run()
    if baseline is not None and not isinstance(baseline, Refused):
        baseline = tracing_error_in(baseline) or baseline
    return baseline


def _fails_as(baseline: BaseException | None, exc: BaseException, kind: str) -> bool:
    return baseline is not None and not isinstance(baseline, Refused) and tracing_kind(baseline) == kind and \
        _same_line(baseline, exc)


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
