"""Issue 26, twenty-fourth round: patterns the thirtieth held-out set left unfixed, each as a reduction of its own.

- A count an equinox Module's ``__init__`` computes with ``jnp`` (trainax's steppers: a spectral cutoff by the
  2/3 rule, a number of substeps ``jnp.ceil(dt / dt_max)``), then read as a slice bound or a ``range`` count in
  ``__call__``: ``filter_jit`` traces every array leaf, so the field is a tracer there. The fix is the
  ``__init__`` line, computed with NumPy as a Python int; it is tried with the class compiled again and the
  user's object rebuilt, also when a library's trainer hands the object to its own ``filter_jit`` (the
  optimizer's state, made from the model's arrays, holding nothing in the field).
- A library's step method jitted by the user with plain ``jax.jit`` (``jax.jit(trainer.step_fn)``, where trainax
  itself uses ``filter_jit``) and handed an ``eqx.nn.MLP``, whose activation is a function among its leaves: the
  statement made with ``eqx.filter_jit``, tried, rather than a pattern about binding the value.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

FILTER_JIT = "https://docs.kidger.site/equinox/api/transformations/#equinox.filter_jit"  # arrays traced, rest static
TRAINAX = "https://github.com/Ceyron/trainax"  # SupervisedTrainer(data, optimizer, ...)(stepper, key)

# a trainer that takes the user's model and steps it under its own filter_jit (trainax's shape)
TRAINER = """\
import equinox as eqx
import jax.numpy as jnp
import optax


class Trainer:
    def __init__(self, data, optimizer):
        self.data, self.optimizer = data, optimizer

    def step(self, model, opt_state, batch):
        loss, grad = eqx.filter_value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
        updates, opt_state = self.optimizer.update(grad, opt_state, model)
        return eqx.apply_updates(model, updates), opt_state, loss

    def __call__(self, model):
        opt_state = self.optimizer.init(eqx.filter(model, eqx.is_array))
        step = eqx.filter_jit(self.step)
        for batch in self.data:
            model, opt_state, loss = step(model, opt_state, batch)
        return model
"""

SUBSTEPS = """\
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from trainer_cases import Trainer

class Substepper(eqx.Module):
    weight: jax.Array
    num_substeps: jax.Array

    def __init__(self, dt, dt_max):
        self.weight = jnp.ones(4) * 0.1
        self.num_substeps = jnp.ceil(dt / dt_max).astype(int)

    def __call__(self, u):
        for _ in range(self.num_substeps):
            u = u + self.weight * u / self.num_substeps
        return u

data = [(jnp.ones(4), jnp.zeros(4))] * 2
Trainer(data, optax.adam(1e-3))(Substepper(1.0, 0.3))
"""


def test_a_count_computed_with_jnp_in_init_is_computed_there_as_an_int_through_a_trainer(
        tmp_path, monkeypatch, explain_events):
    install_library(tmp_path, monkeypatch, "trainer_cases", TRAINER)
    found = explained_cell("init-substeps", TRAINAX, SUBSTEPS, tmp_path)
    assert explain_events["compiles"] == 0  # the trainer's jit staged again, never compiled
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("integer-conversion", 16, "numpy-for-static",
                                                                   True), tried(found)
    assert "self.num_substeps = int(np.ceil(dt / dt_max))" in top.code and "num_substeps: int" in top.code, top.code
    assert "import numpy as np" in top.code  # the cell never imported NumPy
    assert "filter_jit" in top.outcome, top.outcome


CUTOFF = """\
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

class Dealiased(eqx.Module):
    cutoff: jax.Array

    def __init__(self, num_points):
        self.cutoff = jnp.floor(2 / 3 * (num_points // 2 + 1)).astype(jnp.int32)

    def __call__(self, u):
        u_hat = jnp.fft.rfft(u)
        u_hat = u_hat.at[self.cutoff:].set(0.0)
        return jnp.fft.irfft(u_hat, n=u.shape[-1])

@eqx.filter_jit
def step(model, u):
    return model(u) * 0.5

step(Dealiased(16), jnp.ones(16))
"""


def test_a_slice_bound_computed_with_jnp_in_init_is_a_python_int_there(tmp_path, explain_events):
    found = explained_cell("init-cutoff", FILTER_JIT, CUTOFF, tmp_path)
    assert explain_events["compiles"] == 0
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("traced-shape", 14, "numpy-for-static", True), \
        tried(found)
    assert "self.cutoff = int(np.floor(2 / 3 * (num_points // 2 + 1)))" in top.code, top.code
    assert "import numpy" not in top.code  # the cell has it


JITTED_STEP = """\
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from trainer_cases import Trainer

model = eqx.nn.MLP(4, 4, 8, 1, key=jax.random.PRNGKey(0))
trainer = Trainer([], optax.sgd(0.1))
opt_state = trainer.optimizer.init(eqx.filter(model, eqx.is_array))
step = jax.jit(trainer.step)
step(model, opt_state, (jnp.ones(4), jnp.zeros(4)))
"""


def test_a_library_method_jitted_with_plain_jit_on_a_module_holding_a_function_gets_filter_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "trainer_cases", TRAINER)
    found = explained_cell("jit-step-mlp", FILTER_JIT, JITTED_STEP, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("non-array-argument", "model", "static", True), \
        tried(found)
    assert top.code == "step = eqx.filter_jit(trainer.step)", top.code
