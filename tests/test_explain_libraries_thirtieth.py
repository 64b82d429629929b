"""Issue 26, twenty-seventh round: patterns the thirty-fifth held-out set found, each as a reduction of its own.

Found by the thirty-fifth held-out set (tf2jax, waymax, hydrax; torch2jax, librosax, jaxloudnorm), measured before:

- A sampling controller (hydrax's ``optimize``) rolls a physics step out under ``vmap`` and ``scan`` and calls the
  user's cost inside: running the library's whole call again takes about 2 s of tracing, each try again, past the
  explanation's budget. The user's function that library code called is traced again on its own, with the shapes
  and dtypes it was given (not for a loop fix, which the library's ``grad`` could refuse).
- hydrax has no release: it is installed from a clone in development mode (``pip install -e``), outside
  ``site-packages``, and its code read as the user's: the line was the library's. A package installed so is a
  library's unless the working folder is inside its clone (the user's own project).
- A state of many leaves all computed from one input (a physics step's ``Data``): every leaf shares that input
  with the failing value, and the argument named forty paths; the one the failing line reads is named. JAX's
  ``find_progenitors`` walked the trace once per leaf (1.5 s for 89 leaves); one pass serves them all.
- ``math.exp(-math.cos(q))``: the ``math`` call around the failing one takes its traced result next; both are
  rewritten (the inner one alone still failed).
"""
from __future__ import annotations

import pytest

from corpus_harness import explained_cell, install_library_from_clone, tried
from jaxmagic._common.files import installed_package, is_installed_library, is_user_file

HYDRAX = "https://github.com/vincekurtz/hydrax"  # README: a custom Task's running_cost; install from a clone

# a cost that branches on a traced distance, called inside a library's solve (hydrax's running_cost in a rollout)
COST_IN_A_SOLVE = """\
import diffrax
import jax.numpy as jnp


def pull(t, y, args):
    if y[0] > 1.0:
        return -2.0 * y
    return -y


term = diffrax.ODETerm(pull)
diffrax.diffeqsolve(term, diffrax.Tsit5(), t0=0.0, t1=1.0, dt0=0.1, y0=jnp.array([2.0, 1.0]))
"""


def test_a_slow_library_call_gives_way_to_the_users_function_traced_alone(tmp_path, monkeypatch):
    pytest.importorskip("diffrax")  # a test extra (absent in the lowest-versions run)
    found = explained_cell("cost-in-a-solve", HYDRAX, COST_IN_A_SOLVE, tmp_path)
    assert found.kind == "bool-conversion" and found.lineno == 6
    first = found.fixes[0]
    assert first.kind == "jnp.where" and first.verified is True, tried(found)
    assert "failing trace run again" in first.outcome  # the library's whole call, when it is quick enough
    from jaxmagic._explain.retrace import in_place
    monkeypatch.setattr(in_place, "ALONE_AFTER", 0.0)  # the library's call is always too slow to run again
    monkeypatch.setattr(in_place, "QUICK_SHARE", 0.0)
    found = explained_cell("cost-in-a-solve", HYDRAX, COST_IN_A_SOLVE, tmp_path)
    first = found.fixes[0]
    assert first.kind == "jnp.where" and first.verified is True, tried(found)
    assert first.outcome == "traced (your `pull` alone, with the shapes and dtypes diffrax gave it)", tried(found)


# the same cost, with a Python loop whose bound is traced: its lax fix is a loop the library might differentiate
LOOP_IN_A_SOLVE = """\
import diffrax
import jax.numpy as jnp


def pull(t, y, args):
    total = 0.0
    for i in range(y[0].astype(int)):
        total = total + i
    return -total * y


term = diffrax.ODETerm(pull)
diffrax.diffeqsolve(term, diffrax.Tsit5(), t0=0.0, t1=1.0, dt0=0.1, y0=jnp.array([2.0, 1.0]))
"""


def test_a_loop_fix_is_not_tried_on_the_function_alone(tmp_path, monkeypatch):
    pytest.importorskip("diffrax")
    from jaxmagic._explain.retrace import in_place
    monkeypatch.setattr(in_place, "QUICK_SHARE", 0.0)
    monkeypatch.setattr(in_place, "ALONE_AFTER", 0.0)
    found = explained_cell("loop-in-a-solve", HYDRAX, LOOP_IN_A_SOLVE, tmp_path)
    loops = [f for f in found.fixes if f.kind in ("lax.fori_loop", "lax.while_loop")]
    assert loops, tried(found)
    assert all(f.verified is None and "alone would not show" in f.outcome for f in loops), tried(found)


# a planner installed from its clone, whose constructor turns a horizon into a step count (hydrax's
# SamplingBasedController: int(round(plan_horizon / dt)))
PLANNER = """\
import jax.numpy as jnp


def knots(n, horizon):
    steps = int(round(horizon / 0.1))
    return jnp.zeros((n, steps))
"""

HORIZON_TRACED = """\
import jax
import jax.numpy as jnp
import planners


@jax.jit
def plan(x, horizon):
    return planners.knots(4, horizon) + x


plan(jnp.ones(()), 0.5)
"""


def test_a_library_installed_from_its_clone_is_a_library_unless_the_notebook_is_in_that_clone(tmp_path,
                                                                                               monkeypatch):
    clone = install_library_from_clone(tmp_path, monkeypatch, "planners", PLANNER)
    code = str(clone / "planners" / "__init__.py")
    assert not is_user_file(code) and is_installed_library(code) and installed_package(code) == "planners"
    found = explained_cell("horizon-traced", HYDRAX, HORIZON_TRACED, tmp_path)
    assert (found.lineno, found.argument) == (8, "horizon"), (found.lineno, found.argument)
    assert any(f.kind == "static" and f.verified for f in found.fixes), tried(found)
    monkeypatch.chdir(clone)  # the user's own project, installed so that its notebooks import it: their code
    assert is_user_file(code) and not is_installed_library(code)


# a library that builds a state of several fields from one input and hands it to the user's cost (hydrax: a
# physics step's Data, every field computed from the same controls)
SIMULATOR = """\
from typing import NamedTuple

import jax


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array
    acc: jax.Array
    force: jax.Array


def rollout(cost, x):
    state = State(pos=x * 1.0, vel=x * 2.0, acc=x * 3.0, force=x * 4.0)
    return cost(state)
"""

COST_OF_ONE_FIELD = """\
import jax
import jax.numpy as jnp
import simulator


def cost(state):
    if state.pos[0] > 0.5:
        return jnp.sum(state.vel)
    return jnp.sum(state.acc)


jax.jit(lambda x: simulator.rollout(cost, x))(jnp.ones(3))
"""


def test_of_a_state_whose_fields_share_one_input_the_field_the_line_reads_is_named(tmp_path, monkeypatch):
    install_library_from_clone(tmp_path, monkeypatch, "simulator", SIMULATOR)
    found = explained_cell("cost-of-one-field", HYDRAX, COST_OF_ONE_FIELD, tmp_path)
    assert found.kind == "bool-conversion" and found.lineno == 7
    assert found.argument == "state" and found.paths == ["state.pos"], found.paths
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True, tried(found)


# hydrax's pendulum example shapes its cost with the angle: math's functions, one inside the other
NESTED_MATH = """\
import math

import jax
import jax.numpy as jnp


@jax.jit
def upright_cost(q):
    return math.exp(-math.cos(q[0]))


upright_cost(jnp.array([0.1, 0.2]))
"""


def test_math_calls_around_the_failing_one_are_rewritten_with_it(tmp_path):
    found = explained_cell("nested-math", HYDRAX, NESTED_MATH, tmp_path)
    first = found.fixes[0]
    assert first.kind == "jnp-not-np" and first.code.strip() == "jnp.exp(-jnp.cos(q[0]))", tried(found)
    assert first.verified is True, tried(found)


WAYMAX_44 = "https://github.com/waymo-research/waymax/issues/44"  # jitting waymax's rollout
# a library's rollout, jitted by the user through a partial that binds its environment (an object JAX does not
# trace); the step count traced
ROLLOUTS = """\
import jax


class Environment:
    def __init__(self, gain):
        self.gain = gain


@jax.named_scope("rollout")  # (waymax's own rollout is decorated so: a wrapper of JAX's around it)
def rollout(state, num_steps, env=None):
    def step(carry, _):
        carry = carry * env.gain
        return carry, carry
    return jax.lax.scan(step, state, None, length=num_steps)[1]
"""

STEPS_TRACED = """\
import functools

import jax
import jax.numpy as jnp
import rollouts

rollout_fn = jax.jit(functools.partial(rollouts.rollout, env=rollouts.Environment(0.5)))
rollout_fn(jnp.ones(3), num_steps=10)
"""


def test_the_users_jit_of_a_library_function_is_tried_with_the_static_argument(tmp_path, monkeypatch):
    from corpus_harness import install_library
    install_library(tmp_path, monkeypatch, "rollouts", ROLLOUTS)
    found = explained_cell("steps-traced", WAYMAX_44, STEPS_TRACED, tmp_path)
    assert (found.argument, found.lineno) == ("num_steps", 8)
    static = found.fixes[0]
    assert static.kind == "static" and "static_argnames='num_steps'" in static.code, tried(found)
    assert static.verified is True and static.outcome == "traced", tried(found)


# the user's own step, jitted through a partial that binds an environment object: each try keeps the binding
STEP_WITH_A_BOUND_ENVIRONMENT = """\
import functools

import jax
import jax.numpy as jnp


class Environment:
    gain = 0.5


def step(x, n, env=None):
    if x[0] > 0:
        return x * env.gain * n
    return x


step_fn = jax.jit(functools.partial(step, env=Environment()))
step_fn(jnp.ones(3), 2)
"""


def test_a_jitted_partial_keeps_what_it_binds_in_every_try(tmp_path):
    found = explained_cell("step-with-a-bound-environment", WAYMAX_44, STEP_WITH_A_BOUND_ENVIRONMENT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 12)
    first = found.fixes[0]
    assert first.kind == "jnp.where" and first.verified is True, tried(found)
