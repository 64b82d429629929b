"""Issue 26, eighteenth round: leaks stored by a method of the user's class that library code runs, the
instance made inside the call that hands it over (``dynamic_loss=Decay()``, ``ODETerm(Decay(0.5).field)``).

- The method is found through the user's class, and the call that ran it through the library object that holds
  the instance (a loss object's tuple of terms, reached breadth first), or through the static part of a library's
  ``equinox.filter_jit`` call, whose pytree structure holds the bound method (diffrax's ``diffeqsolve``).
- Where the library uses what the method returns, the returned value cannot be threaded out without breaking it:
  the fix that traced, ``jax.debug.callback`` into the user's own list, comes first.
- The kind names what the value was needed as: a value a library refuses while it makes a shape of it
  (cryojax's ``_set_padded_shape``, its check that ``padded_shape`` holds Python ints) is a traced shape. The
  fixes stay the conversion's.
- A function the user hands to ``jax.value_and_grad`` or ``jax.vmap`` inside their jitted step (invrs-opt's
  ``step(state)`` differentiating ``loss(params)``): JAX made new tracers for its parameters, and the argument is
  that function's parameter, not the step's ``state``.
- The user's ``jax.jit(model.apply)`` given ``static_argnums`` at the input JAX names (``args[1]``: 2), where a
  loop makes a layer each iteration and so is no ``lax.fori_loop``; a vmap sweep over a setting library code
  checks in its own ``if``, looped in Python; nested settings marked static, which cannot be hashed and which the
  library reads with NumPy, bound with ``functools.partial``.
"""
from __future__ import annotations

import contextlib
import io

import pytest
from corpus_harness import explained_cell, install_library, tried

JINNS_LOSS = "https://github.com/mia-jinns/jinns/blob/main/jinns/loss/_LossODE.py"  # a loss holding the user's term
DIFFRAX_TERMS = "https://docs.kidger.site/diffrax/api/terms/"  # ODETerm(vector_field): any callable, a Module's too

PINNLIB = '''
import jax
import jax.numpy as jnp


class Loss:
    """A loss over the user's residual terms, each vmapped over collocation points (no jit of its own)."""

    def __init__(self, terms, weight=1.0):
        self.weight = weight
        self.history = []
        self.terms = tuple(terms)

    def evaluate(self, params, points):
        total = 0.0
        for term in self.terms:
            residual = jax.vmap(lambda t: term.residual(t, params))(points)
            total = total + self.weight * jnp.mean(residual ** 2)
        return total
'''


@pytest.fixture
def pinnlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "pinnlib_cases", PINNLIB)


TERM_KEPT = """\
import jax
import jax.numpy as jnp
from pinnlib_cases import Loss

residual_log = []

class Decay:
    def residual(self, t, params):
        r = params["k"] * jnp.exp(-t)
        residual_log.append(r)  # kept for a plot
        return r

loss = Loss([Decay()])
total = loss.evaluate({"k": jnp.array(1.0)}, jnp.linspace(0.0, 1.0, 8))
worst = jnp.max(residual_log[0])
"""


def test_a_method_of_an_instance_a_library_object_holds_is_tried_through_the_users_line(tmp_path, pinnlib):
    found = explained_cell("term-kept", JINNS_LOSS, TERM_KEPT, tmp_path)
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 10, 15), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jax.debug.print", True), tried(found)
    assert top.code.endswith("jax.debug.callback(residual_log.append, r)")
    assert "loss.evaluate(" in top.outcome
    import sys
    assert len(sys.modules["jaxmagic_corpus_term_kept"].residual_log) == 1  # the try stored nothing more


@pytest.fixture
def diffrax():
    return pytest.importorskip("diffrax")


FIELD_KEPT = """\
import jax.numpy as jnp
import equinox as eqx
import diffrax

seen = []

class Decay(eqx.Module):
    rate: float

    def field(self, t, y, args):
        dy = -self.rate * y
        seen.append(dy)  # kept to plot later
        return dy

sol = diffrax.diffeqsolve(diffrax.ODETerm(Decay(0.5).field), diffrax.Tsit5(), 0.0, 1.0, 0.1, jnp.ones(3))
total = jnp.stack(seen).sum()
"""


def test_a_method_in_the_static_part_of_a_filter_jit_call_is_tried_through_that_call(tmp_path, diffrax):
    found = explained_cell("field-kept", DIFFRAX_TERMS, FIELD_KEPT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "y", 12), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jax.debug.print", True), tried(found)
    assert "diffrax's jitted call" in top.outcome
    returned = next(f for f in found.fixes if f.kind == "return-value")
    # diffrax checks what the vector field returns: a second output breaks it, and the try says so
    assert returned.verified is False and "same structure" in returned.outcome


CRYOJAX_CONFIG = "https://github.com/michael-0brien/cryojax/blob/main/src/cryojax/simulator/_image_config.py"
IMAGELIB = '''
import jax.numpy as jnp


def _set_padded_shape(shape, pad_scale):
    if pad_scale == 1.0:
        return shape
    return tuple(int(pad_scale * s) for s in shape)


class ImageConfig:
    """An image's shape, padded by a scale, checked to hold Python ints."""

    def __init__(self, shape, pad_scale=1.0):
        self.shape = shape
        self.padded_shape = _set_padded_shape(shape, pad_scale)
        if not all(isinstance(s, int) for s in self.padded_shape):
            raise AttributeError("Found that `ImageConfig.padded_shape` was not a tuple of Python integers.")

    def blank(self):
        return jnp.zeros(self.padded_shape)
'''


@pytest.fixture
def imagelib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "imagelib_cases", IMAGELIB)


PAD_SCALE = """\
import jax
from imagelib_cases import ImageConfig

@jax.jit
def blank_padded(pad_scale):
    return ImageConfig((16, 16), pad_scale=pad_scale).blank()

blank_padded(1.5)
"""

IMAGE_SIZE = """\
import jax
from imagelib_cases import ImageConfig

@jax.jit
def blank_of_size(n):
    return ImageConfig((n, n)).blank()

blank_of_size(32)
"""


@pytest.mark.parametrize("code, argument", [(PAD_SCALE, "pad_scale"), (IMAGE_SIZE, "n")])
def test_a_value_a_library_refuses_while_it_makes_a_shape_is_a_traced_shape(tmp_path, imagelib, code, argument):
    found = explained_cell(f"shape-{argument}", CRYOJAX_CONFIG, code, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", argument, 6), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)


INVRS_README = "https://github.com/invrs-io/opt/blob/main/README.md"  # a jitted step that differentiates a loss
GRAD_IN_STEP = """\
import jax
import jax.numpy as jnp

def loss(params):
    thickness = params["thickness"]
    err = jnp.sum((thickness - 1.3) ** 2)
    if thickness.max() > 2.0:
        err = err + 10.0 * jnp.sum((thickness - 2.0) ** 2)
    return err

@jax.jit
def step(state):
    params = state["params"]
    value, grad = jax.value_and_grad(loss)(params)
    return {"params": jax.tree.map(lambda p, g: p - 0.1 * g, params, grad), "value": value}

step({"params": {"thickness": jnp.ones(3)}, "value": jnp.zeros(())})
"""

VMAP_IN_STEP = """\
import jax
import jax.numpy as jnp

def score(x):
    if x.sum() > 1.0:
        return x.sum()
    return -x.sum()

@jax.jit
def propose(state):
    candidates = state["mean"] + jnp.linspace(-1.0, 1.0, 8)[:, None]
    return candidates[jnp.argmax(jax.vmap(score)(candidates))]

propose({"mean": jnp.zeros(2)})
"""


@pytest.mark.parametrize("code, argument", [(GRAD_IN_STEP, "params"), (VMAP_IN_STEP, "x")])
def test_a_function_a_transformation_of_jax_made_new_tracers_for_names_its_own_parameter(tmp_path, code, argument):
    # the value reaches the failing line as the parameter of the function given to jax.value_and_grad / jax.vmap,
    # not as the jitted step's state
    found = explained_cell(f"transformed-{argument}", INVRS_README, code, tmp_path)
    assert (found.kind, found.argument) == ("bool-conversion", argument), (found.argument, found.path)
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True, tried(found)


E3X_DENSE = "https://e3x.readthedocs.io/en/stable/overview.html"  # a flax model of e3x layers, jitted by apply
LOOP_OF_LAYERS = """\
import jax
import jax.numpy as jnp
import flax.linen as nn

class Refine(nn.Module):
    @nn.compact
    def __call__(self, x, num_iterations):
        for _ in range(num_iterations):
            x = nn.tanh(nn.Dense(4)(x))
        return jnp.sum(x)

x = jnp.ones((2, 4))
model = Refine()
params = model.init(jax.random.PRNGKey(0), x, 2)
jax.jit(model.apply)(params, x, 2)
"""


def test_a_loop_that_makes_a_layer_each_time_is_not_a_fori_loop_and_the_users_jit_takes_the_option(tmp_path):
    pytest.importorskip("flax")
    found = explained_cell("loop-of-layers", E3X_DENSE, LOOP_OF_LAYERS, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "num_iterations", 8), tried(found)
    # each Python iteration makes its own Dense layer; a fori_loop body, traced once, would share one
    assert all(f.kind != "lax.fori_loop" for f in found.fixes), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert top.code == "jax.jit(model.apply, static_argnums=2)(params, x, 2)"
    import sys
    exec(top.code, dict(vars(sys.modules["jaxmagic_corpus_loop_of_layers"])))  # pasted in place of the line, it runs


SHELLLIB = '''
import jax.numpy as jnp


def smooth_cutoff(r, cutoff):
    if cutoff <= 0.0:
        raise ValueError("cutoff must be positive")
    return jnp.where(r < cutoff, jnp.cos(jnp.pi * r / (2 * cutoff)), 0.0)
'''


@pytest.fixture
def shelllib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "shelllib_cases", SHELLLIB)


CUTOFF_SWEEP = """\
import jax
import jax.numpy as jnp
from shelllib_cases import smooth_cutoff

r = jnp.linspace(0.0, 6.0, 16)

def energy(cutoff):
    return jnp.sum(smooth_cutoff(r, cutoff))

jax.vmap(energy)(jnp.array([4.0, 5.0, 6.0]))
"""


def test_a_float_setting_a_library_checks_in_an_if_is_swept_in_a_python_loop(tmp_path, shelllib):
    found = explained_cell("cutoff-sweep", E3X_DENSE, CUTOFF_SWEEP, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "cutoff", 8), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "for cutoff in jnp.array([4.0, 5.0, 6.0]).tolist()" in top.code


TORAX_CONFIG = "https://torax.readthedocs.io/en/latest/configuration.html"  # a config built from nested dicts
RAMPLIB = '''
import numpy as np
import jax.numpy as jnp


def ramp(schedule, t):
    """A value given at a few times ({time: value}), interpolated; the knots read as NumPy arrays."""
    knots = sorted(schedule)
    return jnp.interp(t, np.array(knots), np.array([schedule[k] for k in knots]))
'''


@pytest.fixture
def ramplib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "ramplib_cases", RAMPLIB)


NESTED_SETTINGS = """\
from functools import partial
import jax
import jax.numpy as jnp
from ramplib_cases import ramp

@partial(jax.jit, static_argnames=("overrides",))
def current(times, overrides):
    return ramp(overrides["Ip"], times)

current(jnp.linspace(0.0, 5.0, 11), overrides={"Ip": {0.0: 3e6, 5.0: 15e6}})
"""


def test_nested_settings_marked_static_are_bound_with_partial_when_they_cannot_be_traced(tmp_path, ramplib):
    found = explained_cell("nested-settings", TORAX_CONFIG, NESTED_SETTINGS, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "overrides"), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "functools.partial(current.__wrapped__, overrides={'Ip': {0.0: 3000000.0, 5.0: 15000000.0}})" in top.code
    # pasted in the cell's place, the fix runs: the user's own call, made to the bound function
    import sys
    namespace = dict(vars(sys.modules["jaxmagic_corpus_nested_settings"]))
    exec(top.code, namespace)
    assert "current_with_overrides(jnp.linspace(0.0, 5.0, 11))" in top.code
    # passing the settings traced was tried too, and fails where the library reads them with NumPy
    assert any(f.kind == "not-static" and f.verified is False for f in found.fixes), tried(found)


E3X_SPARSE = "https://github.com/google-research/e3x/blob/main/e3x/ops/indices.py"  # not jit-compatible, it says
GRAPHLIB = '''
import jax.numpy as jnp


def dense_to_sparse(adjacency):
    """Sender and receiver lists of a padded adjacency table (padding marked by the node count): a boolean mask
    of the table's values picks the real edges, so the lists' length depends on them."""
    n = adjacency.shape[0]
    receivers = jnp.repeat(jnp.arange(n)[:, None], adjacency.shape[1], axis=1)
    real = adjacency < n
    return receivers[real], adjacency[real]
'''


@pytest.fixture
def graphlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "graphlib_cases", GRAPHLIB)


SPARSE_IN_JIT = """\
import jax
import jax.numpy as jnp
from graphlib_cases import dense_to_sparse

@jax.jit
def message_lists(adjacency):
    receivers, senders = dense_to_sparse(adjacency)
    return receivers, senders

message_lists(jnp.array([[1, 2], [0, 3], [0, 3]]))
"""


def test_a_library_call_that_cannot_run_under_jit_is_moved_before_it(tmp_path, graphlib):
    found = explained_cell("sparse-in-jit", E3X_SPARSE, SPARSE_IN_JIT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("boolean-index", "adjacency", 7), tried(found)
    top = found.fixes[0]  # (run before the jit on the array the cell's call passes, and tried so)
    assert (top.kind, top.template, top.verified) == ("static", False, True), tried(found)
    assert top.code.startswith("receivers, senders = dense_to_sparse(jnp.array([[1, 2], [0, 3], [0, 3]]))   # before "
                               "`message_lists`"), top.code


def test_in_a_cell_the_users_inline_jit_of_a_library_callable_is_read_back_and_given_the_option(shell):
    # the kernel's hook reads the call back from the traceback: `jax.jit(model.apply)` written in the cell is the
    # user's own jit, though its function is flax's
    pytest.importorskip("flax")
    shell.run("%jittrace_explain on")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        result = shell.ip.run_cell(LOOP_OF_LAYERS)
    shell.run("%jittrace_explain off")
    assert result.error_in_exec is not None
    shown = printed.getvalue()
    assert "jax.jit(model.apply, static_argnums=2)(params, x, 2)" in shown and "verified: traces" in shown
    assert "fori_loop" not in shown
