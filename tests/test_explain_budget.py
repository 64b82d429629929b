"""An explanation's re-traces share a time budget: once it is spent, no further try starts, and each says why.

Trying a fix traces the user's program again, and on a large model one trace
can take seconds (the fourteenth held-out set's ripplegw waveform: 3 s for the
one fix of an error JAX raised before tracing anything). The tries of one
explanation share ``JAXMAGIC_RETRACE_SECONDS`` (0.75 s unless the environment
says otherwise; this suite sets it high, so that no other test depends on the
machine's speed): once it is spent no further try starts, and each fix left
says why. The budget counts the explaining thread's CPU time, so that a machine busy
with other work (CI's three suites on two cores) does not shrink it; the wall
clock is capped at twice the budget. A try that runs past the budget is stopped at the next operation JAX
records, where it raises as the traced code's own errors do (never from a
timer: an exception thrown into JAX's tracing by a timer left Python's
recursion count wrong for the rest of the session, and hypothesis could no
longer set its recursion limit). adam-robotics' mass matrix takes JAX a minute
to trace once (the twenty-fourth held-out set): its explanation took 185 s
before, 2.7 s after. Most of that minute is JAX's: each ask of a tracer's
``sharding`` builds an account of where the tracer came from by scanning the
trace so far (JAX 0.12 no longer does); in jaxmagic's re-traces a tracer
refuses at once, and the mass matrix's fix is tried and traces (1.6 s).

Once the preferred fix has traced, no later try can put another fix before
it: the lesser fixes' tries start only within ``SETTLED_SHARE`` of the budget
(0.3 of it), so a slow library's explanation is not held up by them (the
second held-out set's mctx search, traced three times for one leak: 1.16 s
before, 1.04 s after).
"""
from __future__ import annotations

import pytest

from corpus_harness import fix_case, run_case

SLOW_CELL = """\
import jax
import jax.numpy as jnp

@jax.jit
def settle(x):
    for _ in range(3000):
        x = x * 0.5 + 1.0
    if x.sum() > 0:
        return x
    return -x

settle(jnp.ones(3))
"""


def test_no_try_starts_once_the_budget_is_spent_and_each_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXMAGIC_RETRACE_SECONDS", "0")  # spent before the first try
    case = fix_case("budget-slow-trace", "https://docs.jax.dev/en/latest/control-flow.html", SLOW_CELL,
                    "bool-conversion", "x", 8, "jnp.where")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 8)
    top = found.fixes[0]
    assert top.kind == "jnp.where" and top.verified is None
    assert top.outcome == "the explanation's tries took its 0 s already"
    assert all(f.verified is None for f in found.fixes)  # nothing after it ran either


def test_within_the_budget_the_same_fix_is_tried(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXMAGIC_RETRACE_SECONDS", "120")
    cell = SLOW_CELL.replace("range(3000)", "range(3)")
    case = fix_case("budget-quick-trace", "https://docs.jax.dev/en/latest/control-flow.html", cell,
                    "bool-conversion", "x", 8, "jnp.where")
    top = run_case(case, tmp_path).explanation.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome


def test_once_the_preferred_fix_traced_the_lesser_ones_wait_only_for_their_share(tmp_path, monkeypatch):
    from jaxmagic._explain.retrace import budget

    cell = SLOW_CELL.replace("range(3000)", "range(3)")
    case = fix_case("budget-settled", "https://docs.jax.dev/en/latest/control-flow.html", cell,
                    "bool-conversion", "x", 8, "jnp.where")
    monkeypatch.setenv("JAXMAGIC_RETRACE_SECONDS", "120")
    tried = run_case(case, tmp_path).explanation.fixes
    assert tried[0].kind == "jnp.where" and tried[0].verified is True
    assert sum(f.verified is not None for f in tried) > 1  # with time to spare, the lesser fixes are tried too
    monkeypatch.setattr(budget, "SETTLED_SHARE", 0.0)  # their share spent at once
    fixes = run_case(case, tmp_path).explanation.fixes
    assert fixes[0].kind == "jnp.where" and fixes[0].verified is True
    rest = [f for f in fixes[1:] if f.recipe is not None and not f.template]
    assert rest and all(f.verified is None for f in rest)
    assert all(f.outcome.startswith("the first fix traced, and the tries took") for f in rest), \
        [f.outcome for f in rest]


def test_a_trace_that_runs_past_the_budget_is_stopped_and_jax_is_left_as_it_was():
    import sys

    import jax
    import jax.numpy as jnp
    from jax._src import core

    from jaxmagic._explain.rebuild import probe_trace
    from jaxmagic._explain.retrace.budget import OutOfTime, retrace_budget

    steps = [0]

    def settle(x):
        for _ in range(20000):
            steps[0] += 1
            x = x * 0.5 + 1.0
        return x

    with retrace_budget(0.2):
        outcome = probe_trace(settle, (jnp.ones(3),), {}, (), ())
    assert isinstance(outcome, OutOfTime) and outcome.cut, outcome
    assert str(outcome).endswith("and was stopped")
    assert steps[0] < 20000, steps  # stopped inside the loop, not after it (a count, not a time: CI's load varies)
    # nothing of the stopped trace is left behind: JAX traces and runs, Python sets its recursion limit
    assert core.trace_state_clean()
    assert float(jax.jit(lambda v: jnp.sin(v) + 1)(0.0)) == 1.0
    sys.setrecursionlimit(sys.getrecursionlimit())


def test_an_explanation_of_a_slow_trace_keeps_to_its_budget(tmp_path, monkeypatch):
    import time

    from jaxmagic._explain import explain as explaining

    cell = SLOW_CELL.replace("range(3000)", "range(12000)")
    case = fix_case("budget-cut-trace", "https://docs.jax.dev/en/latest/control-flow.html", cell,
                    "bool-conversion", "x", 8, "jnp.where")
    monkeypatch.setenv("JAXMAGIC_RETRACE_SECONDS", "0.3")
    seconds: list[float] = []
    original = explaining.explained

    def timed(*args, **kwargs):  # the explaining thread's CPU time: what the budget bounds, whatever else runs
        start = time.thread_time()  # beside it (CI's lowest-versions suite shares the machine's two cores)
        try:
            return original(*args, **kwargs)
        finally:
            seconds.append(time.thread_time() - start)

    monkeypatch.setattr(explaining, "explained", timed)
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.fixes[0].kind, found.fixes[0].verified) == ("bool-conversion", "jnp.where", None)
    assert seconds and max(seconds) < 2.0, seconds  # one trace of it takes about 2.5 s here


# a library that asks every value for its sharding, as adam-robotics' casadi-to-JAX arrays do (set AV of the
# twenty-fourth held-out set, av-adam-np-solve-forward-dynamics: 1,887 asks in one mass matrix)
ASKING_CELL = """\
import jax
import jax.numpy as jnp

def placed(v):
    return v if getattr(v, "sharding", None) is not None else v + 0.0

@jax.jit
def dynamics(q):
    for _ in range(200):
        q = placed(q) * 0.5
    if q.sum() > 0:
        return q
    return -q

dynamics(jnp.ones(3))
"""


def test_a_re_trace_answers_a_tracers_sharding_without_scanning_the_trace(monkeypatch):
    import threading

    import jax
    import jax.numpy as jnp
    from jax._src import core
    from jax._src.interpreters import partial_eval

    from jaxmagic._explain.retrace.budget import retrace_budget, within_budget

    calls: list[str] = []
    original = partial_eval.DynamicJaxprTracer._origin_msg

    def counted(self):
        calls.append(threading.current_thread().name)
        return original(self)

    monkeypatch.setattr(partial_eval.DynamicJaxprTracer, "_origin_msg", counted)
    asked, fallback = core.Tracer.__dict__["sharding"], core.Tracer.__dict__.get("__getattr__")

    def asks(x):
        assert getattr(x, "sharding", None) is None and getattr(x, "device", None) is None
        return x * 2

    jax.jit(asks).trace(jnp.ones(3))
    jax_own = len(calls)  # JAX's own accounts of where the tracer came from: 2 (3 in JAX 0.8), none from 0.12 on
    calls.clear()
    with retrace_budget(30.0), within_budget():
        jax.jit(lambda x: asks(x) + 1).trace(jnp.ones(3))
        other = threading.Thread(target=lambda: jax.jit(lambda x: asks(x) - 1).trace(jnp.ones(3)), name="other")
        other.start()
        other.join()
    assert calls == ["other"] * jax_own  # another thread, tracing meanwhile, is given JAX's own
    assert core.Tracer.__dict__["sharding"] is asked and core.Tracer.__dict__.get("__getattr__") is fallback


def test_an_explanation_re_traces_a_library_that_asks_every_value_for_its_sharding(tmp_path, monkeypatch):
    import sys

    from jax._src.interpreters import partial_eval

    from jaxmagic._explain import explain as explaining

    explaining_now: list[bool] = []
    asks: dict[bool, int] = {False: 0, True: 0}
    original_msg = partial_eval.DynamicJaxprTracer._origin_msg

    def counted(self):
        if sys._getframe(1).f_code.co_name == "sharding":  # not the failing `if`'s own message
            asks[bool(explaining_now)] += 1
        return original_msg(self)

    original = explaining.explained

    def marked(*args, **kwargs):
        explaining_now.append(True)
        try:
            return original(*args, **kwargs)
        finally:
            explaining_now.clear()

    monkeypatch.setattr(partial_eval.DynamicJaxprTracer, "_origin_msg", counted)
    monkeypatch.setattr(explaining, "explained", marked)
    case = fix_case("budget-sharding-asks", "https://docs.jax.dev/en/latest/_autosummary/jax.Array.sharding.html",
                    ASKING_CELL, "bool-conversion", "q", 11, "jnp.where")
    found = run_case(case, tmp_path).explanation
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("jnp.where", True)
    assert asks[False] in (0, 200)  # the user's own trace: JAX's account, once per ask (none from JAX 0.12 on)
    assert asks[True] == 0  # the explanation's re-traces: none


def test_the_budget_counts_this_threads_cpu_time_and_caps_the_wall_clock():
    # CI runs three suites on two cores: a try that waits for a core must not look slow (stop 50's failure)
    import time

    from jaxmagic._explain.retrace.budget import WALL_FACTOR, OutOfTime, retrace_budget, within_budget

    with retrace_budget(0.2):
        time.sleep(0.3)  # the wall clock passes the budget, this thread's CPU time does not
        with within_budget():
            pass
        time.sleep(0.2 * WALL_FACTOR)  # past the wall clock's cap: nothing starts any more
        with pytest.raises(OutOfTime):
            with within_budget():
                pass

