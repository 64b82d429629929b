"""Issue 26, thirteenth round: a leak's fix tried through a library's jitted call that reaches the user's function.

A system-identification library's ``fit`` jits a loss it defines inside ``fit``; the loss scans the user's
state function, which it reaches through ``self`` (jax-sysid's ``Model.fit`` and its ``state_fcn``). The user's
function is no argument of any jitted call, so no call can hand it a fixed copy, but JAX's trace cache still
holds the loss with its abstract arguments: traced again with the user's function's code swapped for the fix,
the callback that keeps the collected states is tried, and shown first since the library uses what the state
function returns. A cached jit that only holds the function, without running it, proves nothing: the fix is
then not counted as traced.
"""
from __future__ import annotations

import sys

import pytest
from corpus_harness import as_in_a_kernel, as_in_a_script, install_library, run_case
from explain_corpus import Case

SYSID_FIT = "https://github.com/bemporad/jax-sysid"  # README: Model(nx, ny, nu, state_fcn=..., output_fcn=...).fit

SYSIDLIB = '''
import jax
import jax.numpy as jnp


class Model:
    """A state-space model the user gives a state function; ``fit`` jits a loss that runs it over the inputs."""

    def __init__(self, state_fcn, nx):
        self.state_fcn = state_fcn
        self.nx = nx

    def fit(self, U, params):
        def loss(params):
            def step(x, u):
                x = self.state_fcn(x, u, params)
                return x, x.sum()
            _, outputs = jax.lax.scan(step, jnp.zeros(self.nx), U)
            return jnp.mean(outputs ** 2)
        self.gradient = jax.jit(jax.grad(loss))  # kept for later fits, as a library keeps its compiled step
        for _ in range(2):
            params = params - 0.1 * self.gradient(params)
        return params

    def holds_only(self, U):
        """A jit that holds the model, and so the state function, but never runs it."""
        self.scale = jax.jit(lambda u: u * self.nx)
        return self.scale(U), jax.lax.scan(lambda x, u: (self.state_fcn(x, u, 1.0), None), jnp.zeros(self.nx), U)
'''

COLLECTED = """\
import jax.numpy as jnp
import numpy as np
from sysidlib_cases import Model

states_seen = []

def state_fcn(x, u, w):
    states_seen.append(x)
    return jnp.tanh(w * x + u)

model = Model(state_fcn, nx=2)
model.fit(np.ones((5, 2), np.float32), 0.5)
jnp.stack(states_seen).max()
"""

HELD_ONLY = """\
import jax.numpy as jnp
import numpy as np
from sysidlib_cases import Model

states_seen = []

def state_fcn(x, u, w):
    states_seen.append(x)
    return jnp.tanh(w * x + u)

model = Model(state_fcn, nx=2)
model.holds_only(np.ones((5, 2), np.float32))
jnp.stack(states_seen).max()
"""


def _case(case_id: str, code: str) -> Case:
    return Case(id=case_id, source=SYSID_FIT, code=code, kind="leaked-tracer", argument="x", path="x", line=8,
                fixes=("jax.debug.print", "return-value"), verifiable=True, jax_fitting_fix=False, use_line=13)


@pytest.fixture
def sysidlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "sysidlib_cases", SYSIDLIB)


@pytest.mark.parametrize("kernel", [True, False])
def test_a_leak_fix_is_tried_through_the_librarys_cached_jit_that_reaches_the_function(sysidlib, tmp_path, kernel):
    case = _case("sysid-collect-states", COLLECTED)
    with as_in_a_kernel() if kernel else as_in_a_script():
        found = run_case(case, tmp_path).explanation
    assert found is not None and found.kind == "leaked-tracer" and found.lineno == 8
    top = found.fixes[0]
    assert top.kind == "jax.debug.print" and top.verified is True, [(f.kind, f.verified, f.outcome)
                                                                    for f in found.fixes]
    assert "jax.debug.callback(states_seen.append, x)" in top.code
    assert "sysidlib_cases's jitted call that runs it" in top.outcome
    returned = next(f for f in found.fixes if f.kind == "return-value")
    assert returned.verified is None  # what the library does with more returned, no trace can tell
    # the try put the user's own code back: no marker, no callback in the function the model holds
    held = sys.modules["jaxmagic_corpus_sysid_collect_states"].model.state_fcn.__code__
    assert "append" in held.co_names and not {"__jaxmagic_reached__", "debug"} & set(held.co_names)


def test_a_cached_jit_that_holds_the_function_without_running_it_proves_nothing(sysidlib, tmp_path):
    case = _case("sysid-held-only", HELD_ONLY)
    with as_in_a_kernel():
        found = run_case(case, tmp_path).explanation
    assert found is not None and found.kind == "leaked-tracer"
    collected = next(f for f in found.fixes if f.kind == "jax.debug.print")
    assert collected.verified is None, collected.outcome
    assert "does not run `state_fcn`" in collected.outcome
