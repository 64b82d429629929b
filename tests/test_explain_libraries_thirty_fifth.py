"""Issue 26, thirty-first round: patterns the thirty-ninth held-out set found, each as a reduction of its own.

Found by the thirty-ninth held-out set (thrml, quantax, jaxhps; gmmx, brainevent, reax), measured before:

- A jitted function that ``jax.grad`` (``value_and_grad``) calls is transposed after its trace: a ``lax.fori_loop``
  with a traced trip count traced, so it was marked verified, and reverse mode then refuses it. Every try is now
  traced inside ``jax.grad`` where reverse mode called the jit that failed (a wrong fix marked verified before);
  in a kernel, ``jax.grad(f)(x, 3)`` is read back from the cell as the call (``jax.grad`` only wraps ``f``).
- A library's method called for its effect on a value the jitted function computes (``state.update(lr * step)``):
  the argument computed under jit and returned, the call made outside.
- A count built as an array of one integer in a field of the user's Module (``window=jnp.array(6)``) and read as a
  slice bound: the field declared a static ``int``, tried through the library's jit that was handed the object.
- An observer object handed to a library's sampler, whose ``__call__`` stores into a global: the sampler's call
  made again with the method rewritten to output the value.
- ``self.log("loss", float(loss))`` in a method the user jits inside a library's loop: the jitted part returns
  the loss, the logger is called outside jit.
- ``self.log("loss", loss)`` there instead: the library keeps the tracer, and JAX's message lists only the
  library's frames; the line is the user's call of the library's ``log``.
- ``np.sum(gmm.weights_numpy ** 2)`` under ``jax.grad``: ``jnp.sum`` alone still met the library's property, which
  copies the weights to NumPy; the property is written as it computes it, in ``jnp``, on the object's array.
"""
from __future__ import annotations

import contextlib
import io

import pytest

from corpus_harness import explained_cell, install_library, tried

FORI_LOOP = "https://docs.jax.dev/en/latest/_autosummary/jax.lax.fori_loop.html"  # reverse mode needs static bounds
REAX = "https://reax.readthedocs.io/en/latest/user_guide/logging.html"  # self.log in a step, a meta-learning loss
QUANTAX = "https://chenao-phys.github.io/quantax/"  # Variational.update, models with array fields
THRML = "https://github.com/extropic-ai/thrml/blob/main/thrml/observers.py"  # observers called inside the scan
GMMX = "https://pypi.org/project/gmmx/"  # GaussianMixtureModelJax's *_numpy properties

# the user's jit that jax.grad calls, with a Python loop over a traced count (reax's meta-learning step, reduced)
GRAD_OF_JIT = """\
import jax
import jax.numpy as jnp


@jax.jit
def adapted(x, steps):
    for _ in range(steps):
        x = x - 0.1 * jnp.sin(x)
    return jnp.sum(x ** 2)


jax.grad(adapted)(jnp.ones(3), 3)
"""

JVP_OF_JIT = GRAD_OF_JIT.replace("jax.grad(adapted)(jnp.ones(3), 3)",
                                 "jax.jvp(lambda x: adapted(x, 3), (jnp.ones(3),), (jnp.ones(3),))")


def test_a_loop_fix_for_a_jit_that_grad_calls_is_traced_under_reverse_mode(tmp_path, explain_events):
    found = explained_cell("grad-of-jit", FORI_LOOP, GRAD_OF_JIT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "steps", 7), found.message
    by_kind = {f.kind: f for f in found.fixes}
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("static", True), tried(found)
    assert by_kind["lax.fori_loop"].verified is False, tried(found)
    assert "Reverse-mode differentiation" in by_kind["lax.fori_loop"].outcome
    assert explain_events["compiles"] == 0


def test_in_a_cell_the_jit_that_grad_calls_is_read_back_as_the_cells_call(shell):
    # the kernel's hook has the exception alone: `jax.grad(adapted)(...)` is read back from the cell (jax.grad only
    # wraps the function), so the static option is offered and tried under reverse mode too
    shell.run("%jittrace_explain on")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        result = shell.ip.run_cell(GRAD_OF_JIT.split("\n", 2)[2])  # jax and jnp are the shell's own
    shell.run("%jittrace_explain off")
    assert result.error_in_exec is not None
    fixes = printed.getvalue().split("Fixes, preferred first:", 1)[1]
    first, second = fixes.split("\n  2. ", 1)
    assert "1. static" in first and "verified: traces" in first, fixes
    assert second.startswith("lax.fori_loop") and "Reverse-mode differentiation" in second, fixes


def test_forward_mode_keeps_the_loop_fix_verified(tmp_path):
    found = explained_cell("jvp-of-jit", FORI_LOOP, JVP_OF_JIT, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.fori_loop", True), tried(found)


STATE_LIBRARY = """\
import jax.numpy as jnp


class State:
    def __init__(self):
        self.params = jnp.zeros(4)

    def update(self, step):
        if not jnp.all(jnp.isfinite(step)):
            raise ValueError("the step is not finite")
        self.params = self.params + step
"""

UPDATE_IN_JIT = """\
import jax
import jax.numpy as jnp
import state_cases

state = state_cases.State()


@jax.jit
def apply_step(step, lr):
    state.update(lr * step)


apply_step(jnp.ones(4), 0.1)
"""


def test_a_librarys_method_called_for_its_effect_is_called_outside_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "state_cases", STATE_LIBRARY)
    found = explained_cell("update-in-jit", QUANTAX, UPDATE_IN_JIT, tmp_path)
    assert (found.kind, found.lineno) == ("bool-conversion", 10), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)
    assert "update_arg = lr * step" in top.code and "state.update(update_arg)  # outside jit" in top.code, top.code


WINDOW_LIBRARY = """\
import equinox as eqx
import jax


def evaluate(model, x):
    # the library's own jit around a filter_jit of the model: the object it hands on holds tracers
    return jax.jit(lambda m, v: eqx.filter_jit(lambda mm, vv: mm(vv))(m, v))(model, x)
"""

WINDOW_MODEL = """\
import equinox as eqx
import jax
import jax.numpy as jnp
{imports}

class Window(eqx.Module):
    weight: jax.Array
    window: jax.Array

    def __call__(self, x):
        return jnp.sum(self.weight[:, : self.window] @ x[: self.window])


model = Window(jnp.ones((4, 8)), jnp.array(6))
{call}
"""


@pytest.mark.parametrize("imports, call", [("", "eqx.filter_jit(model)(jnp.ones(8))"),
                                           ("import window_cases", "window_cases.evaluate(model, jnp.ones(8))")])
def test_a_count_built_as_an_array_in_a_modules_field_is_declared_a_static_int(tmp_path, monkeypatch, imports, call):
    pytest.importorskip("equinox")
    install_library(tmp_path, monkeypatch, "window_cases", WINDOW_LIBRARY)
    found = explained_cell("window-field", QUANTAX, WINDOW_MODEL.format(imports=imports, call=call), tmp_path)
    assert (found.kind, found.path) == ("traced-shape", "self.window"), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "window: int = eqx.field(static=True)" in top.code, top.code


SAMPLER_LIBRARY = """\
import jax
import jax.numpy as jnp


def sample(key, n_steps, observer):
    def step(carry, i):
        return observer(carry + jax.random.normal(jax.random.fold_in(key, i)), i)

    return jax.lax.scan(step, jnp.zeros(()), jnp.arange(n_steps))
"""

OBSERVER_LEAK = """\
import jax
import jax.numpy as jnp
import observer_sampler_cases

history = []


class Record:
    def __call__(self, carry, i):
        history.append(carry)
        return carry, None


observer = Record()
observer_sampler_cases.sample(jax.random.key(0), 5, observer)
jnp.stack(history)
"""


def test_an_observer_handed_to_a_librarys_sampler_is_tried_through_that_call(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "observer_sampler_cases", SAMPLER_LIBRARY)
    found = explained_cell("observer-leak", THRML, OBSERVER_LEAK, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "carry", 10), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)


TRAINER_LIBRARY = """\
import jax.numpy as jnp


class Module:
    def __init__(self):
        self.logged = {}

    def log(self, name, value):
        self.logged[name] = jnp.asarray(value) * 1.0  # kept for the epoch's mean


def test(module, batches):
    totals = []
    for batch in batches:
        module.logged = {}
        module.test_step(batch)
        totals.append(jnp.stack(list(module.logged.values())).mean())
    return totals
"""

LOGGED = """\
import jax
import jax.numpy as jnp
import logging_trainer_cases


class Regressor(logging_trainer_cases.Module):
    def test_step(self, batch):
        return jax.jit(self.evaluate)({{"w": jnp.ones(3)}}, batch)

    def evaluate(self, params, batch):
        x, y = batch
        loss = jnp.mean((x @ params["w"] - y) ** 2)
        self.log("loss", {logged})
        return loss


logging_trainer_cases.test(Regressor(), [(jnp.ones((2, 3)), jnp.zeros(2))])
"""


@pytest.mark.parametrize("logged, kind, verified", [("float(loss)", "concretization", True),
                                                    ("loss", "leaked-tracer", None)])
def test_a_logger_call_in_a_method_jitted_in_a_librarys_loop_is_made_outside_jit(tmp_path, monkeypatch, logged,
                                                                                  kind, verified):
    install_library(tmp_path, monkeypatch, "logging_trainer_cases", TRAINER_LIBRARY)
    found = explained_cell("logged", REAX, LOGGED.format(logged=logged), tmp_path)
    assert (found.kind, found.argument, found.lineno) == (kind, "params", 13), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", verified), tried(found)
    assert "loss = self.evaluate_traced(params, batch)" in top.code, top.code
    assert f'self.log("loss", {logged})  # outside jit' in top.code, top.code
    assert not any(f.kind == "astype" for f in found.fixes), tried(found)  # it would hand the logger a tracer


MIXTURE_LIBRARY = """\
import dataclasses
import enum

import jax
import numpy as np


class Axis(enum.IntEnum):
    batch = 0


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Mixture:
    weights: jax.Array

    @property
    def weights_numpy(self):
        \"\"\"The weights as a NumPy array.\"\"\"
        return np.squeeze(np.asarray(self.weights), axis=Axis.batch)
"""

NUMPY_VIEW = """\
import jax
import jax.numpy as jnp
import numpy as np
import mixture_cases

mixture = mixture_cases.Mixture(jnp.ones((1, 3)) / 3)


def nll(gmm, x):
    penalty = np.sum(gmm.weights_numpy ** 2)
    return jnp.sum(x) + penalty


jax.grad(nll)(mixture, jnp.ones(2))
"""


def test_a_librarys_numpy_view_of_an_array_is_written_as_it_computes_it_in_jnp(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "mixture_cases", MIXTURE_LIBRARY)
    found = explained_cell("numpy-view", GMMX, NUMPY_VIEW, tmp_path)
    assert (found.kind, found.path, found.lineno) == ("array-conversion", "gmm.weights", 10), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp-not-np", True), tried(found)
    assert top.code == "jnp.sum(jnp.squeeze(gmm.weights, axis=0) ** 2)", top.code
