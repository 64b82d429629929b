"""An explanation's re-traces share a time budget: a try that would run past it is stopped and says why.

Trying a fix traces the user's program again, and on a large model one trace
can take seconds (the fourteenth held-out set's ripplegw waveform: 3 s for the
one fix of an error JAX raised before tracing anything). The tries of one
explanation share ``JAXMAGIC_RETRACE_SECONDS`` (2.5 s unless the environment
says otherwise; this suite sets it high, so that no other test depends on the
machine's speed); a trace still running then is stopped by a timer in the
main thread, and its fix is shown untried with the reason.
"""
from __future__ import annotations

import signal

from corpus_harness import fix_case, run_case

SLOW_CELL = """\
import jax
import jax.numpy as jnp

@jax.jit
def settle(x):
    for _ in range(10000):
        x = x * 0.5 + 1.0
    if x.sum() > 0:
        return x
    return -x

settle(jnp.ones(3))
"""


def test_a_try_past_the_budget_is_stopped_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXMAGIC_RETRACE_SECONDS", "0.2")  # far less than one trace of 10,000 steps
    handler = signal.getsignal(signal.SIGALRM)
    case = fix_case("budget-slow-trace", "https://docs.jax.dev/en/latest/control-flow.html", SLOW_CELL,
                    "bool-conversion", "x", 8, "jnp.where")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 8)
    top = found.fixes[0]
    assert top.kind == "jnp.where" and top.verified is None
    assert top.outcome == "tracing it again would take the explanation past 0.2 s"
    assert all(f.verified is None for f in found.fixes)  # nothing after it ran either
    # the timer and the signal handler are as they were: nothing of the try is left running
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is handler


def test_within_the_budget_the_same_fix_is_tried(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXMAGIC_RETRACE_SECONDS", "120")
    cell = SLOW_CELL.replace("range(10000)", "range(3)")
    case = fix_case("budget-quick-trace", "https://docs.jax.dev/en/latest/control-flow.html", cell,
                    "bool-conversion", "x", 8, "jnp.where")
    top = run_case(case, tmp_path).explanation.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
