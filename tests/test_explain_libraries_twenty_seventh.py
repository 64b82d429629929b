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

Found by the thirty-first held-out set (jax-datetime, dejax, flash-attention-jax; ...), measured before:

- A function jitted through ``checkify.checkify`` (dejax's sampler checks its buffer with ``checkify.check``, so
  the user writes ``jax.jit(checkify.checkify(sample))``): the user's function is found inside checkify's wrapper,
  and since that wrapper takes ``*args``, a size passed by position is made static by position
  (``static_argnums=2``), tried through the same stack; a static size passed as a JAX scalar by keyword is given
  as a Python int, tried with the keyword kept a keyword.
- ``print(f"fill: {float(size) / 1000:.1%}")`` inside jit: arithmetic between the conversion and the f-string's
  field; the whole print made ``jax.debug.print``, the conversion dropped.
- ``stamp = time.to_pydatetime().strftime(...)`` then ``print("advancing from", stamp)`` inside jit (jax-datetime's
  conversion asks for Python ints): the value is only looked at, so it is made and printed in one
  ``jax.debug.callback`` handed the traced time, and the assignment goes.
- A library function decorated with plain ``@jit`` (flash-attention-jax's ``rabe_attention``), called with chunk
  sizes it uses as a scan length: the library's own function jitted again by the user, the Python sizes given
  static, the user's call made to it, tried.
- ``hours = jnp.arange(span.days * 24)`` summed, under ``jax.vmap`` over spans of different lengths (jax-datetime's
  ``Timedelta``): the index array made as long as the largest length in the call's batch, the sum masked past
  each span's own length (the same sums), tried; never a static leaf, which a vmap cannot have.
- ``jac=jax.jit(jax.grad(loss))`` written inline and handed to a library that calls it with the user's keyword
  options bound by ``functools.partial`` (optimagic's ``jac_kwargs``), re-raising JAX's error as its own: the jit is
  found around the user's function, the fix is that inline expression given (or relieved of) static names, tried;
  a tracer handed on to ``jnp.vander``'s own static ``N`` (kind unhashable-static, as the corpus's gh-5609 case
  labels a tracer given to an inner jit's static parameter) gets the static name on the user's jit, first.
- A dict of settings handed on whole to a library with ``**`` (jax-moseq's ``init_ar_params(seed, **ar_hypparams)``,
  whose ``jr.split(seed, num_states)`` needs a count; ``preprocess_for_pca(Y, **config)`` branching on
  ``fix_heading``): the leaf made a static parameter of its own, handed on as ``**{**cfg, 'key': key}``, tried.
- A leak from a function handed to a library's mapping wrapper that the user calls at once (jax-moseq's
  ``mixed_map(normalize)(x)``): the user gets the function's outputs back, so returning the stored value fits,
  first, tried; a library that calls the function itself and uses the result still gets the callback.
- An equinox Module passed static whose field holds a list (apebench's ``Linear(gammas=[...])`` scenario): the
  user's line that built it, the list written as a tuple, tried with the object rebuilt so.
- A leak from a function handed to a library both as itself and through ``jax.grad`` (optimagic's
  ``minimize(fun=criterion, ..., jac=jax.grad(criterion))``): the library calls it either way and uses what it
  returns, so the callback goes first and the return is said not to fit, even where nothing could be tried.
- A ``jax.vmap`` over a library's settings (simphony's ``y_branch(wl=wl, thickness=t)`` checks ``thickness`` in
  Python, and its wavelength grid too): the loop's try with the setting static fails on the library's own check of
  the other, concrete values, which eager calls give it; the loop is written without jit and said not known
  either way, not marked failed.

Found by the thirty-second set (relaxed, treeo, SymPy's lambdify; ...), measured before:

- A function a library writes out as source for NumPy or ``math`` (SymPy's ``lambdify``, NumPy by default, or
  ``modules="math"``), run under ``jax.grad`` or ``jax.vmap``: it was a leak ("no trace running"), since the failing
  code is neither the user's nor JAX's; the user's line that made it is given the maker's JAX option
  (``modules="jax"``), tried by making the function again and tracing the failing line abstractly with every
  transformation rebuilt around the new function.
- A library's mutable object passed static whose library ships an immutable twin beside it (SymPy's
  ``MutableDenseMatrix`` and ``ImmutableDenseMatrix``): passed as the twin, first, tried.
- A random crop with traced offsets in two axes before a flaxmodels ResNet (``images[:, i:i + 32, j:j + 32]``): one
  ``lax.dynamic_slice_in_dim`` per moving axis, nested, tried.
- ``jnp.repeat(atoms, charges.astype(int), axis=0)`` in jit (ferminet's electrons placed by nuclear charge): the
  total read from the counts the call was given (``charges.astype(int)`` evaluated on them, running no code of the
  user's), ``total_repeat_length=2``, tried; no ``MAX_TOTAL`` placeholder.
"""
from __future__ import annotations

import pytest

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
from stepping_cases import Trainer

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
    pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
    pytest.importorskip("optax", reason="optax is a test extra (absent in the lowest-versions run)")
    install_library(tmp_path, monkeypatch, "stepping_cases", TRAINER)
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
    pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
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
from stepping_cases import Trainer

model = eqx.nn.MLP(4, 4, 8, 1, key=jax.random.PRNGKey(0))
trainer = Trainer([], optax.sgd(0.1))
opt_state = trainer.optimizer.init(eqx.filter(model, eqx.is_array))
step = jax.jit(trainer.step)
step(model, opt_state, (jnp.ones(4), jnp.zeros(4)))
"""


def test_a_library_method_jitted_with_plain_jit_on_a_module_holding_a_function_gets_filter_jit(tmp_path, monkeypatch):
    pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
    pytest.importorskip("optax", reason="optax is a test extra (absent in the lowest-versions run)")
    install_library(tmp_path, monkeypatch, "stepping_cases", TRAINER)
    found = explained_cell("jit-step-mlp", FILTER_JIT, JITTED_STEP, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("non-array-argument", "model", "static", True), \
        tried(found)
    assert top.code == "step = eqx.filter_jit(trainer.step)", top.code


CHECKIFY = "https://docs.jax.dev/en/latest/debugging/checkify_guide.html"  # jax.jit(checkify.checkify(f))
DEJAX = "https://github.com/hr0nix/dejax"  # buffer.sample_fn(state, key, batch_size) checks with checkify

# a replay buffer whose sampler checks its state with checkify and makes the batch's shape from the size
BUFFER = """\
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def sample(storage, key, batch_size):
    checkify.check(storage.shape[0] > 0, "the buffer is empty")
    picked = jax.random.randint(key, (batch_size,), 0, storage.shape[0])
    return storage[picked]
"""

CHECKED_SAMPLE = """\
import jax
import jax.numpy as jnp
from jax.experimental import checkify
from buffer_cases import sample

def sample_batch(storage, key, batch_size):
    return sample(storage, key, batch_size) * 2.0

sampler = jax.jit(checkify.checkify(sample_batch))
err, batch = sampler(jnp.ones((10, 3)), jax.random.PRNGKey(0), 4)
"""


def test_a_size_through_checkify_is_made_static_by_position(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "buffer_cases", BUFFER)
    found = explained_cell("checkify-size", CHECKIFY, CHECKED_SAMPLE, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("batch_size", "static", True), tried(found)
    assert top.code == "sampler = jax.jit(checkify.checkify(sample_batch), static_argnums=2)", top.code


CHECKED_STATIC = """\
from functools import partial
import jax
import jax.numpy as jnp
from jax.experimental import checkify
from buffer_cases import sample

config = {"batch_size": jnp.asarray(4)}

@partial(jax.jit, static_argnames="batch_size")
@checkify.checkify
def sample_batch(storage, key, batch_size):
    return sample(storage, key, batch_size)

err, batch = sample_batch(jnp.ones((10, 3)), jax.random.PRNGKey(0), batch_size=config["batch_size"])
"""


def test_a_jax_scalar_static_through_checkify_is_given_as_an_int_by_keyword(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "buffer_cases", BUFFER)
    found = explained_cell("checkify-static-scalar", DEJAX, CHECKED_STATIC, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "batch_size",
                                                                     "hashable-static", True), tried(found)
    assert "batch_size=4" in top.code, top.code


FILL_LOG = """\
import jax
import jax.numpy as jnp

@jax.jit
def collect(count, obs):
    print(f"buffer fill: {float(count) / 1000:.1%}")
    return count + obs.shape[0]

collect(jnp.int32(10), jnp.ones((4, 2)))
"""


def test_a_conversion_under_arithmetic_in_a_printed_f_string_becomes_debug_print(tmp_path):
    found = explained_cell("fill-log", DEJAX, FILL_LOG, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("concretization", "jax.debug.print", True), tried(found)
    assert top.code == "jax.debug.print('buffer fill: {v0:.1%}', v0=count.astype(jnp.float32) / 1000)", top.code


JAX_DATETIME = "https://github.com/google/jax-datetime"  # Datetime.to_pydatetime() for display, outside jit

CLOCK = """\
import dataclasses
import datetime

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Stamp:
    seconds: jax.Array

    def to_python(self):
        return datetime.datetime.fromtimestamp(int(self.seconds), datetime.timezone.utc)
"""

PRINTED_STAMP = """\
import jax
import jax.numpy as jnp
from clock_cases import Stamp

@jax.jit
def advance(stamp, x):
    text = stamp.to_python().strftime("%H:%M")
    print("advancing from", text)
    return Stamp(stamp.seconds + 3600), x * 0.9

advance(Stamp(jnp.int32(0)), jnp.ones(2))
"""


def test_a_value_host_code_makes_only_to_print_is_made_and_printed_in_a_callback(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "clock_cases", CLOCK)
    found = explained_cell("printed-stamp", JAX_DATETIME, PRINTED_STAMP, tmp_path)
    top = found.fixes[0]
    assert (found.lineno, top.kind, top.verified) == (7, "jax.debug.print", True), tried(found)
    assert top.code.splitlines()[0] == ("jax.debug.callback(lambda stamp: print('advancing from', "
                                        "stamp.to_python().strftime('%H:%M')), stamp)"), top.code


FLASH_ATTENTION = "https://github.com/lucidrains/flash-attention-jax"  # rabe_attention(q, k, v, q_chunk_size=...)

CHUNKED = """\
import math

import jax
import jax.numpy as jnp


@jax.jit
def chunked_scores(q, k, chunk_size=128):
    chunks = math.ceil(q.shape[0] / chunk_size)
    return jnp.concatenate([q[i * chunk_size:(i + 1) * chunk_size] @ k.T for i in range(chunks)])
"""

CHUNKED_CALL = """\
import jax
import jax.numpy as jnp
from attention_cases import chunked_scores

q, k = jnp.ones((256, 8)), jnp.ones((64, 8))
scores = chunked_scores(q, k, chunk_size=64)
"""


def test_a_size_given_to_a_library_function_its_library_jitted_without_options_is_static_in_a_jit_of_ones_own(
        tmp_path, monkeypatch, explain_events):
    install_library(tmp_path, monkeypatch, "attention_cases", CHUNKED)
    found = explained_cell("library-own-jit", FLASH_ATTENTION, CHUNKED_CALL, tmp_path)
    assert explain_events["compiles"] == 0
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("chunk_size", "static", True), tried(found)
    assert top.code == ("chunked_scores_static = jax.jit(chunked_scores.__wrapped__, static_argnames='chunk_size')\n"
                        "scores = chunked_scores_static(q, k, chunk_size=64)"), top.code


SPANS = """\
import dataclasses

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Span:
    days: jax.Array
"""

DIURNAL = """\
import jax
import jax.numpy as jnp
from span_cases import Span

@jax.vmap
def daily_load(span):
    hours = jnp.arange(span.days * 24)
    return jnp.sum(1.0 + jnp.sin(2 * jnp.pi * hours / 24))

daily_load(Span(jnp.array([1, 3, 2])))
"""


def test_an_index_array_of_traced_length_under_vmap_is_as_long_as_the_batch_needs_and_its_sum_masked(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "span_cases", SPANS)
    found = explained_cell("vmap-arange", JAX_DATETIME, DIURNAL, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("traced-shape", "span", "jnp.where", True), \
        tried(found)
    assert top.code.splitlines()[0] == "hours = jnp.arange(72)", top.code
    assert "jnp.sum(jnp.where(hours < span.days * 24, 1.0 + jnp.sin(2 * jnp.pi * hours / 24), 0.0))" in top.code


OPTIMAGIC = "https://optimagic.readthedocs.io/en/latest/how_to/how_to_derivatives.html"  # jac=, jac_kwargs=

# a minimizer that binds the user's keyword options to their derivative and re-raises its error as its own
MINIMIZER = """\
import functools


class InvalidFunctionError(ValueError):
    pass


def minimize(fun, params, jac, fun_kwargs=None, jac_kwargs=None):
    derivative = functools.partial(jac, **(jac_kwargs or {}))
    try:
        step = derivative(params)
    except Exception as error:
        raise InvalidFunctionError("Error while evaluating derivative at start params.") from error
    return params - 0.1 * step
"""

TERMS = """\
import jax
import jax.numpy as jnp
from minimizer_cases import minimize

def moment_mismatch(weights, order):
    loss = 0.0
    for p in range(order):
        loss = loss + (jnp.mean(weights ** (p + 1)) - 1.0 / (p + 2)) ** 2
    return loss

opts = {"order": 3}
minimize(moment_mismatch, jnp.full(5, 0.5), jac=jax.jit(jax.grad(moment_mismatch)), fun_kwargs=opts,
         jac_kwargs=opts)
"""


def test_an_inline_jit_of_a_gradient_handed_to_a_library_gets_its_static_names(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "minimizer_cases", MINIMIZER)
    found = explained_cell("handed-jit-range", OPTIMAGIC, TERMS, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("order", "static", True), tried(found)
    assert top.code == "jax.jit(jax.grad(moment_mismatch), static_argnames='order')", top.code


DEGREE = """\
import jax
import jax.numpy as jnp
from minimizer_cases import minimize

def trend_error(coef, deg, series):
    design = jnp.vander(jnp.arange(series.shape[0]) / series.shape[0], deg + 1)
    return jnp.mean((design @ coef[: deg + 1] - series) ** 2)

opts = {"deg": 2, "series": jnp.linspace(0.0, 1.0, 12) ** 2}
minimize(trend_error, jnp.zeros(4), jac=jax.jit(jax.grad(trend_error)), fun_kwargs=opts, jac_kwargs=opts)
"""


def test_a_tracer_handed_to_a_static_argument_of_a_jitted_jax_function_is_made_static_above(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "minimizer_cases", MINIMIZER)
    found = explained_cell("handed-jit-vander", OPTIMAGIC, DEGREE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "deg", "static", True), \
        tried(found)
    assert top.code == "jax.jit(jax.grad(trend_error), static_argnames='deg')", top.code


DATA = """\
import jax
import jax.numpy as jnp
import numpy as np
from minimizer_cases import minimize

def misfit(theta, design):
    return jnp.sum(jnp.abs(design @ theta - 2.0))

opts = {"design": np.eye(3)}
minimize(misfit, jnp.ones(3), jac=jax.jit(jax.grad(misfit), static_argnames="design"), fun_kwargs=opts,
         jac_kwargs=opts)
"""


def test_an_array_marked_static_on_a_handed_jit_is_passed_traced(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "minimizer_cases", MINIMIZER)
    found = explained_cell("handed-jit-static-data", OPTIMAGIC, DATA, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "design", "not-static",
                                                                     True), tried(found)
    assert top.code == "jax.jit(jax.grad(misfit))", top.code


JAX_MOSEQ = "https://github.com/dattalab/jax-moseq"  # arhmm.init_ar_params(seed, **ar_hypparams)

SETTINGS = """\
import jax


def init_params(seed, num_states, scale=1.0):
    keys = jax.random.split(seed, num_states)
    return jax.vmap(lambda k: scale * jax.random.normal(k, (2,)))(keys)
"""

UNPACKED = """\
import jax
from settings_cases import init_params

hyp = {"num_states": 4, "scale": 0.5}

@jax.jit
def restart(seed, hyp):
    return init_params(seed, **hyp)

restart(jax.random.PRNGKey(0), hyp)
"""


def test_a_leaf_of_a_dict_handed_on_with_double_star_is_made_static_and_handed_on_again(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "settings_cases", SETTINGS)
    found = explained_cell("unpacked-settings", JAX_MOSEQ, UNPACKED, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("hyp", "static", True), tried(found)
    assert "return init_params(seed, **{**hyp, 'num_states': num_states})" in top.code, top.code
    assert "def restart(seed, hyp, *, num_states):" in top.code, top.code


MAPPER = """\
import jax


def mixed_map(fun):
    return jax.vmap(fun)
"""

MAPPED_LEAK = """\
import jax
import jax.numpy as jnp
from mapper_cases import mixed_map

peaks = []

def scaled(frame):
    peak = jnp.abs(frame).max()
    peaks.append(peak)
    return frame / peak

out = mixed_map(scaled)(jnp.arange(12.0).reshape(3, 4) + 1.0)
jnp.stack(peaks)
"""


def test_a_leak_from_a_function_a_library_wraps_for_the_user_to_call_returns_the_value(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "mapper_cases", MAPPER)
    found = explained_cell("mapped-leak", JAX_MOSEQ, MAPPED_LEAK, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("leaked-tracer", 9, "return-value", True), \
        tried(found)


APEBENCH = "https://github.com/tum-pbs/apebench"  # Linear(gammas=...) scenarios, an equinox Module

SCENARIO = """\
import equinox as eqx
import jax
import jax.numpy as jnp

class Scenario(eqx.Module):
    gammas: list
    num_points: int = 16

    def initial(self):
        return jnp.ones(self.num_points) * sum(self.gammas)

scenario = Scenario(gammas=[0.0, -4.0, 2.0])

def energy(sc):
    return jnp.mean(sc.initial() ** 2)

jax.jit(energy, static_argnums=0)(scenario)
"""


def test_an_equinox_module_passed_static_with_a_list_field_is_built_with_a_tuple(tmp_path):
    pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
    found = explained_cell("module-list-static", APEBENCH, SCENARIO, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("unhashable-static", "hashable-static", True), tried(found)
    assert top.code.startswith("scenario = Scenario(gammas=(0.0, -4.0, 2.0))"), top.code


HISTORY = """\
import jax
import jax.numpy as jnp
from minimizer_cases import minimize

trace_of_costs = []

def cost(w):
    c = jnp.mean(jnp.cosh(w - 0.5))
    trace_of_costs.append(c)
    return c

res = minimize(cost, jnp.ones(3), jac=jax.grad(cost))
jnp.min(jnp.stack(trace_of_costs))
"""


def test_a_leak_from_a_function_handed_to_a_library_through_grad_keeps_the_callback_first(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "minimizer_cases", MINIMIZER)
    found = explained_cell("handed-grad-leak", OPTIMAGIC, HISTORY, tmp_path)
    kinds = [f.kind for f in found.fixes]
    assert (found.kind, found.lineno, kinds[0]) == ("leaked-tracer", 9, "jax.debug.print"), tried(found)
    returned = next(f for f in found.fixes if f.kind == "return-value")
    assert "minimizer_cases calls `cost`" in (returned.unfit or ""), tried(found)


SIMPHONY = "https://simphonyphotonics.readthedocs.io/en/stable/"  # siepic.y_branch(wl=..., thickness=...)

PHOTONICS = """\
import jax.numpy as jnp


def y_branch(wl, thickness):
    if thickness not in (210.0, 220.0, 230.0):
        raise ValueError("thickness must be one of the tabulated values")
    if float(wl.min()) < 1.0:
        raise ValueError("wavelengths are in microns")
    return jnp.cos(wl * thickness / 100.0)
"""

SWEEP = """\
import jax
import jax.numpy as jnp
from photonics_cases import y_branch

wl = jnp.linspace(1.5, 1.6, 20)

def imbalance(thickness):
    return jnp.sum(y_branch(wl, thickness) ** 2)

jax.vmap(imbalance)(jnp.array([210.0, 220.0, 230.0]))
"""


def test_a_vmapped_sweep_whose_library_checks_other_values_is_an_eager_loop_not_known_either_way(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "photonics_cases", PHOTONICS)
    found = explained_cell("sweep-eager", SIMPHONY, SWEEP, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("thickness", "static", None), tried(found)
    assert top.code == ("[imbalance(thickness) for thickness in jnp.array([210.0, 220.0, 230.0])]   "
                        "# one result per example"), top.code
    assert "not known either way" in top.outcome, top.outcome


LAMBDIFY = "https://docs.sympy.org/latest/modules/utilities/lambdify.html"  # modules="jax"

# a library that writes a function out as source for the array library it is told (SymPy's lambdify)
CODEGEN = """\
import itertools
import linecache

_made = itertools.count(1)


def lambdify(arg, expression, modules=None):
    \"\"\"A function of ``arg`` computing ``expression``; ``modules``: "numpy" (the default), "math" or "jax".\"\"\"
    library = {None: "numpy", "numpy": "numpy", "math": "math", "jax": "jax.numpy"}[modules]
    source = f"import {library} as xp\\ndef generated({arg}):\\n    return {expression}\\n"
    filename = f"<codegenerated-{next(_made)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["generated"]
"""

GENERATED = """\
import jax
from codegen_cases import lambdify

energy = lambdify("r", "(1 - xp.exp(-1.5 * (r - 1.0))) ** 2")
force = jax.grad(energy)
force(1.3)
"""


def test_a_function_a_library_wrote_for_numpy_is_made_again_with_its_jax_option(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "codegen_cases", CODEGEN)
    found = explained_cell("generated-numpy", LAMBDIFY, GENERATED, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("array-conversion", 6, "jnp-not-np", True), \
        tried(found)
    assert top.code == "energy = lambdify('r', '(1 - xp.exp(-1.5 * (r - 1.0))) ** 2', modules='jax')", top.code


SYMPY_MATRICES = "https://docs.sympy.org/latest/modules/matrices/immutablematrices.html"  # hashable matrices

MATRICES = """\
class MutableDenseMatrix:
    __hash__ = None

    def __init__(self, rows):
        self.rows = [list(r) for r in rows]


class ImmutableDenseMatrix:
    def __init__(self, other):
        self.rows = tuple(tuple(r) for r in other.rows)

    def __hash__(self):
        return hash(self.rows)

    def __eq__(self, other):
        return isinstance(other, ImmutableDenseMatrix) and self.rows == other.rows
"""

MUTABLE_STATIC = """\
from functools import partial
import jax
import jax.numpy as jnp
import matrices_cases as sm

@partial(jax.jit, static_argnums=0)
def apply(m, x):
    return jnp.asarray(m.rows, dtype=jnp.float32) @ x

rotation = sm.MutableDenseMatrix([[0.0, -1.0], [1.0, 0.0]])
apply(rotation, jnp.ones(2))
"""


def test_a_mutable_library_object_passed_static_is_passed_as_its_immutable_twin(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "matrices_cases", MATRICES)
    found = explained_cell("immutable-twin", SYMPY_MATRICES, MUTABLE_STATIC, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "m", "hashable-static",
                                                                     True), tried(found)
    assert top.code == "apply(..., m=sm.ImmutableDenseMatrix(m))", top.code


FLAXMODELS = "https://github.com/matthias-wright/flaxmodels"  # ResNet18(...).apply(variables, images, train=False)

CROP = """\
import jax
import jax.numpy as jnp

@jax.jit
def random_crop(images, key):
    i, j = jax.random.randint(key, (2,), 0, 9)
    crop = images[:, i:i + 32, j:j + 32, :]
    return crop.mean()

random_crop(jnp.ones((4, 40, 40, 3)), jax.random.PRNGKey(0))
"""


def test_a_crop_with_traced_offsets_in_two_axes_is_two_dynamic_slices(tmp_path):
    found = explained_cell("crop-two-axes", FLAXMODELS, CROP, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("traced-shape", "lax.dynamic_slice", True), tried(found)
    assert top.code == ("jax.lax.dynamic_slice_in_dim(jax.lax.dynamic_slice_in_dim(images, i, 32, axis=1), j, 32, "
                        "axis=2)"), top.code


FERMINET = "https://github.com/google-deepmind/ferminet"  # init_electrons: electrons per atom by charge

REPEATED = """\
import jax
import jax.numpy as jnp

@jax.jit
def initial_positions(key, atoms, charges):
    centres = jnp.repeat(atoms, charges.astype(int), axis=0)
    return centres + 0.5 * jax.random.normal(key, centres.shape)

initial_positions(jax.random.PRNGKey(0), jnp.zeros((2, 3)), jnp.array([1.0, 2.0]))
"""


def test_a_repeat_by_traced_counts_gets_the_total_the_call_gives(tmp_path):
    found = explained_cell("repeat-total", FERMINET, REPEATED, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("traced-shape", "size-argument", True), tried(found)
    assert top.code == "jnp.repeat(atoms, charges.astype(int), axis=0, total_repeat_length=3)", top.code
