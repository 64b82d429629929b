"""Issue 26, twenty-second round: what the twenty-eighth held-out set (cuequivariance-jax, opt_einsum's jax
backend, coordax; and its other half) found, each as a reduction of its own.

- Values a library keeps as NumPy metadata made with ``jnp`` from constants inside a jitted function (coordax's
  ``LabeledAxis("x", jnp.linspace(0.0, 1.0, n))``): made with NumPy, which keeps them concrete; never a static
  argument, which they do not come from.
- A NumPy constant handed to a library that picks its backend from its operands (opt_einsum's ``contract`` with
  ``backend="auto"``), beside traced ones: handed over as a JAX array, so the library picks JAX.
- A ``lax.fori_loop`` whose body hands its counter to library code that needs a Python int (diffusers' LMS
  scheduler computing ``min(timestep + 1, order)``): the loop made a Python loop, tried by tracing it abstractly.
- A function of the user's that their own lambda calls, which library code calls with values it makes
  (qiskit-dynamics evaluating ``Signal(lambda t: amp * ramp(t))`` at the solver's times): the argument is the
  function's own parameter ``t``, not "none". (This reduction names ``t`` before the change too, through the
  lambda's own parameter; in qiskit-dynamics the trace related ``t`` to no input of the lambda, and only the
  failing function's own parameter, read at its line, names it: the test guards the answer, not that path.)
- A Python sum over a traced number of leading atoms (apax's padded systems: ``sum(positions[i] for i in
  range(n_real))``): one masked ``jnp.sum``, array-level, first, before a ``lax.fori_loop``.
- A branch returning a tuple (apax's bias function: ``return energy, results`` on both sides of an ``if``): each
  element picked by ``jnp.where``, what both return kept as it is, never ``jnp.where`` of two tuples.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

COORDAX_FIELDS = "https://coordax.readthedocs.io/en/latest/"  # coordinates hold their ticks as NumPy arrays
OPT_EINSUM_BACKENDS = "https://dgasmith.github.io/opt_einsum/getting_started/backends/"  # backend="auto"
DIFFUSERS_LMS = ("https://github.com/huggingface/diffusers/blob/v0.35.2/src/diffusers/schedulers/"
                 "scheduling_lms_discrete_flax.py")  # step() computes min(timestep + 1, order) in Python

# coordinates that keep their ticks as static NumPy metadata (coordax's LabeledAxis)
AXES = """\
import numpy as np


class LabeledAxis:
    def __init__(self, name, ticks):
        self.name = name
        self.ticks = np.asarray(ticks)


def field(values, axis):
    return {"values": values, "ticks": axis.ticks}
"""

TICKS = """\
import jax
import jax.numpy as jnp
from axes_cases import LabeledAxis, field

@jax.jit
def to_field(values):
    grid = LabeledAxis("x", jnp.linspace(0.0, 1.0, values.shape[0]))
    return field(values, grid)["values"]

to_field(jnp.arange(8.0))
"""


def test_constants_made_with_jnp_that_a_library_keeps_as_numpy_are_made_with_numpy(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "axes_cases", AXES)
    found = explained_cell("numpy-ticks", COORDAX_FIELDS, TICKS, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("array-conversion", None, "numpy-for-static",
                                                                     True), tried(found)
    assert "np.linspace(0.0, 1.0, values.shape[0])" in top.code and "jnp.linspace" not in top.code, top.code


# a contraction that picks its backend from its first operand (opt_einsum's backend="auto")
CONTRACT = """\
import numpy as np
import jax.numpy as jnp


def contract(subscripts, *operands):
    backend = np if isinstance(operands[0], np.ndarray) else jnp
    return backend.einsum(subscripts, *operands)
"""

TORQUE = """\
import jax
import jax.numpy as jnp
import numpy as np
from contract_cases import contract

levi = np.zeros((3, 3, 3))
levi[0, 1, 2] = levi[1, 2, 0] = levi[2, 0, 1] = 1.0

def torque_loss(r, F):
    tau = contract("ijk,bj,bk->bi", levi, r, F)
    return jnp.sum(tau ** 2)

jax.grad(torque_loss)(jnp.ones((8, 3)), jnp.ones((8, 3)))
"""


def test_a_numpy_operand_of_a_library_that_picks_its_backend_is_handed_over_as_a_jax_array(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "contract_cases", CONTRACT)
    found = explained_cell("numpy-operand", OPT_EINSUM_BACKENDS, TORQUE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("array-conversion", "jnp-not-np", True), tried(found)
    assert "contract('ijk,bj,bk->bi', jnp.asarray(levi), r, F)" in top.code.replace('"', "'"), top.code


# a scheduler whose step reads the step index as a Python int (diffusers' LMS scheduler)
SCHEDULER = """\
def step(sample, timestep, order=4):
    order = min(timestep + 1, order)
    return sample * (1.0 - 0.01 * order)
"""

DENOISE = """\
import jax
import jax.numpy as jnp
from scheduler_cases import step

def denoise_step(i, latents):
    noise_pred = 0.1 * latents
    return step(latents - noise_pred, i)

latents = jax.lax.fori_loop(0, 10, denoise_step, jnp.ones((2, 4)))
"""


def test_a_fori_loop_whose_counter_a_library_needs_as_an_int_becomes_a_python_loop(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "scheduler_cases", SCHEDULER)
    found = explained_cell("python-loop", DIFFUSERS_LMS, DENOISE, tmp_path)
    looped = next(f for f in found.fixes if "for i in range(0, 10)" in f.code)
    assert (found.argument, found.lineno, looped.kind, looped.verified) == ("i", 7, "static", True), tried(found)
    assert looped.code.splitlines() == ["latents = jnp.ones((2, 4))", "for i in range(0, 10):  # a Python int each step",
                                        "    latents = denoise_step(i, latents)"], looped.code


APAX_BIAS = "https://apax.readthedocs.io/en/latest/"  # a bias function returning (energy, the model's results)

TUPLE_RETURN = """\
import jax
import jax.numpy as jnp

def model(positions):
    return {"energy": jnp.sum(positions ** 2), "forces": -2.0 * positions}

@jax.jit
def wall_bias(positions):
    results = model(positions)
    r = jnp.linalg.norm(positions[1] - positions[0])
    if r > 1.2:
        return 10.0 * (r - 1.2) ** 2, results
    return 0.0, results

wall_bias(jnp.ones((3, 3)))
"""


def test_a_branch_returning_a_tuple_picks_each_element_and_keeps_what_both_return(tmp_path):
    found = explained_cell("tuple-return", APAX_BIAS, TUPLE_RETURN, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("bool-conversion", "positions", "jnp.where",
                                                                     True), tried(found)
    assert top.code == "return (jnp.where(r > 1.2, 10.0 * (r - 1.2) ** 2, 0.0), results)", top.code


QISKIT_SIGNALS = "https://qiskit-community.github.io/qiskit-dynamics/tutorials/qiskit_pulse.html"  # envelopes of t

# a solver that evaluates a signal's envelope at times it makes itself, under a scan (qiskit-dynamics' jax_RK4)
SOLVER = """\
import jax
import jax.numpy as jnp


class Signal:
    def __init__(self, envelope):
        self.envelope = envelope


def solve(signal, t_end, steps=10):
    @jax.jit
    def run(y0, t_span):  # the solver's own jit: its inputs are the library's names
        dt = (t_span[1] - t_span[0]) / steps

        def step(carry, _):
            y, t = carry
            k = signal.envelope(t + 0.5 * dt) * y  # the midpoint: a time the solver computes
            return (y + dt * k, t + dt), None
        (y, _), _ = jax.lax.scan(step, (y0, t_span[0]), None, length=steps)
        return y
    return run(jnp.ones(()), jnp.array([0.0, t_end]))
"""

ENVELOPE = """\
import jax
from solver_cases import Signal, solve

def ramp(t):
    if t < 2.0:
        return t / 2.0
    return 1.0

def population(amp):
    drive = Signal(lambda t: amp * ramp(t))
    return solve(drive, 10.0)

jax.grad(population)(1.0)
"""


def test_a_function_the_users_lambda_calls_for_a_library_names_its_own_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "solver_cases", SOLVER)
    found = explained_cell("envelope", QISKIT_SIGNALS, ENVELOPE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, found.lineno, top.kind, top.verified) == (
        "bool-conversion", "t", 5, "jnp.where", True), tried(found)


APAX_PADDING = "https://apax.readthedocs.io/en/latest/"  # padded systems: Z == 0 marks an atom that is not there

PREFIX_SUM = """\
import jax
import jax.numpy as jnp

@jax.jit
def centre_of_mass(positions, Z):
    n_real = jnp.sum(Z > 0)
    com = sum(positions[i] for i in range(n_real)) / n_real
    return jnp.sum(com ** 2)

centre_of_mass(jnp.ones((4, 3)), jnp.array([8, 1, 1, 0]))
"""


def test_a_sum_over_a_traced_count_of_leading_elements_becomes_one_masked_sum(tmp_path):
    found = explained_cell("prefix-sum", APAX_PADDING, PREFIX_SUM, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("integer-conversion", "Z", "jnp.where", True), \
        tried(found)
    assert top.code == "jnp.sum(jnp.where(jnp.arange(positions.shape[0])[:, None] < n_real, positions, 0), axis=0)", \
        top.code
