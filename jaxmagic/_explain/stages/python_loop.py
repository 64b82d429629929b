"""A fix that runs the user's ``lax.fori_loop`` as a Python loop, tried: the loop traced abstractly.

The rewritten statement runs at the cell's top level, which no trace of the user's reaches: the loop itself is
traced under a jit of jaxmagic's, its carry's arrays by shape and dtype, the counter a Python int each step.
"""
from __future__ import annotations

from ..._common.errors import tracing_kind
from ..explanation import Fix
from ..retrace.replay import Refused, replay_of_call
from ..twins.python_loop import PythonLoop

__all__ = ["verify_python_loops"]


def verify_python_loops(fixes: list[Fix], exc: BaseException) -> None:
    """Try each untried fix whose recipe is a Python loop."""
    for fix in (f for f in fixes if f.verified is None and isinstance(f.recipe, PythonLoop)):
        replay = replay_of_call(exc, fix.recipe.loop, (fix.recipe.init,), {})
        if isinstance(replay, str):
            fix.outcome = replay
            continue
        outcome = replay.run()
        if outcome is None:
            fix.verified, fix.outcome = True, "traced (the Python loop, traced abstractly)"
        elif isinstance(outcome, Refused):
            fix.outcome = str(outcome)
        elif tracing_kind(outcome) is not None:  # under jit the library also needs the carry's values: the loop
            # runs eagerly, which jaxmagic does not do for you
            fix.outcome = "not tried: under jit the library needs the carry's values too; the Python loop runs " \
                          "without jit, which jaxmagic does not run for you"
        else:
            fix.verified = False
            first = str(outcome).splitlines()[0][:120] if str(outcome) else ""
            fix.outcome = f"still fails: {type(outcome).__name__}: {first}"
