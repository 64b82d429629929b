"""Issue 26, fourth round: fixes made where the decision lives, and tried where the failing trace ran.

- a plain ``@dataclass`` passed static is declared ``frozen=True`` in the user's
  class (``eq=False`` where its ``__init__`` chain sets attributes), tried with
  the class compiled again;
- an equinox Module holding a Python flag, passed to plain ``jax.jit``, gets
  ``equinox.filter_jit``, tried through it;
- a gradient a library takes eagerly (SciPy's ``jac=jax.grad(cost)``) is run
  again as that transformation, not as the whole optimizer call;
- a list of functions or library objects indexed by a traced value becomes a
  ``lax.switch`` over the whole call when the callee inspects the function;
- a traced value written into a NumPy buffer makes the buffer ``jnp`` and every
  write ``.at[...]``;
- a count that library code reads in Python (a grid size behind a property, an
  attribute chain compared, a tracer given to a library's static parameter) is a
  traced shape, whatever the exception says;
- a leak stored by a function under a decorator (held in the wrapper's closure or
  attributes) is placed on its store and its fix tried through the user's statement.

Each cell is my own minimal reduction of the pattern its ``source`` documents.
"""
from __future__ import annotations

import sys

import pytest
from corpus_harness import fix_case as _case, install_library, run_case
from explain_corpus import Case

TQDM_CONFIG = "https://github.com/jeremiecoullon/jax-tqdm/pull/25"
CRAFTAX_SUBCLASS = "https://github.com/MichaelTMatthews/Craftax/pull/22"
EQUIMO_DROPOUT = "https://github.com/clementpoiret/Equimo/issues/2"
PYMANOPT_GRAD = "https://github.com/pymanopt/pymanopt/issues/250"
E3NN_GATE = "https://github.com/atomicarchitects/phonax/issues/1"
GALSIM_PSFS = "https://github.com/GalSim-developers/JAX-GalSim/issues/31"
E3NN_BUFFER = "https://github.com/e3nn/e3nn-jax/pull/18"
TQDM_SCAN = "https://github.com/rlouf/mcx/pull/70"
PYMANOPT_HISTORY = "https://pymanopt.org/docs/latest/quickstart.html"
CFD_COMPONENT = "https://github.com/google/jax-cfd/blob/main/jax_cfd/base/grids.py"
CFD_POST_PROCESS = "https://github.com/google/jax-cfd/blob/main/jax_cfd/base/funcutils.py"
JAXLEY_ASSERT = "https://github.com/jaxleyverse/jaxley/issues/644"
QDAX_SCORE = "https://github.com/adaptive-intelligent-robotics/QDax"
S2FFT_METHOD = "https://astro-informatics.github.io/s2fft/"


def _top(case: Case, tmp_path) -> tuple:
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == (case.kind, case.argument, case.line)
    return found.fixes[0], found


def test_a_plain_dataclass_passed_static_is_declared_frozen_in_the_users_class(tmp_path):
    top, _ = _top(_case("frozen-config", TQDM_CONFIG, """\
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp

@dataclasses.dataclass
class Schedule:
    steps: int
    warmup: int

@partial(jax.jit, static_argnames="schedule")
def run(x, schedule):
    for _ in range(schedule.steps):
        x = jnp.tanh(x)
    return x

run(jnp.ones(2), Schedule(steps=3, warmup=1))
""", "unhashable-static", "schedule", 17, "hashable-static"), tmp_path)
    assert (top.kind, top.verified) == ("hashable-static", True), (top.code, top.outcome)
    assert top.code.splitlines()[:3] == ["@dataclasses.dataclass(frozen=True)", "class Schedule:", "    steps: int"]
    assert "compared by value" in top.summary


def test_a_dataclass_whose_init_chain_sets_attributes_keeps_identity_hashing(tmp_path):
    top, _ = _top(_case("eq-false-env", CRAFTAX_SUBCLASS, """\
import dataclasses
from functools import partial
import jax

class Env:
    def __init__(self):
        self.size = 4

    @partial(jax.jit, static_argnums=0)
    def reset(self, key):
        return jax.random.normal(key, (self.size,)) * self.scale

@dataclasses.dataclass
class ScaledEnv(Env):
    scale: float = 2.0

    def __post_init__(self):
        super().__init__()

ScaledEnv().reset(jax.random.key(0))
""", "unhashable-static", "self", 20, "hashable-static"), tmp_path)
    assert (top.kind, top.verified) == ("hashable-static", True), (top.code, top.outcome)
    assert top.code.startswith("@dataclasses.dataclass(eq=False)\nclass ScaledEnv(Env):")
    assert "`frozen=True` would fail here, since `Env.__init__` sets attributes" in top.summary


def test_an_equinox_module_holding_a_flag_under_plain_jit_gets_filter_jit(tmp_path):
    pytest.importorskip("equinox")
    top, _ = _top(_case("eqx-inference-flag", EQUIMO_DROPOUT, """\
import equinox as eqx
import jax
import jax.numpy as jnp

class Block(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout

    def __init__(self, key):
        self.linear = eqx.nn.Linear(4, 4, key=key)
        self.dropout = eqx.nn.Dropout(0.1)

    def __call__(self, x):
        return self.dropout(self.linear(x))

model = eqx.nn.inference_mode(Block(jax.random.key(0)))

@jax.jit
def predict(model, x):
    return model(x)

predict(model, jnp.ones(4))
""", "bool-conversion", "model", 14, "static"), tmp_path)
    assert (top.kind, top.verified) == ("static", True), (top.code, top.outcome)
    assert top.code.splitlines()[:2] == ["@eqx.filter_jit", "def predict(model, x):"]
    assert "`model.dropout.inference` is a Python bool" in top.summary


def test_a_gradient_a_library_takes_eagerly_is_run_again_as_that_gradient(tmp_path, explain_events):
    top, _ = _top(_case("scipy-jac-grad", PYMANOPT_GRAD, """\
import numpy as np
import jax
import jax.numpy as jnp
from scipy.optimize import minimize

target = np.array([1.0, 2.0])

def cost(s):
    fitted = np.diag(s) @ target
    return jnp.sum((fitted - 3.0) ** 2)

minimize(cost, np.ones(2), jac=jax.grad(cost))
""", "array-conversion", "s", 9, "jnp-not-np"), tmp_path)
    # traced as the optimizer's whole call, SciPy's own NumPy code failed on tracers: "still fails" before
    assert (top.kind, top.code, top.verified) == ("jnp-not-np", "jnp.diag(s)", True), top.outcome
    assert "through scipy" in top.outcome
    assert explain_events["traces"] > 0 and explain_events["compiles"] == 0  # traced again, never compiled


def test_a_function_picked_from_a_list_for_a_call_that_inspects_it_is_switched_whole(tmp_path):
    top, found = _top(_case("switch-over-call", E3NN_GATE, """\
import math
import jax
import jax.numpy as jnp

def relu(x):
    return jnp.maximum(x, 0.0)

def swish(x):
    return x * jax.nn.sigmoid(x)

activations = [relu, swish]
SECOND_MOMENT = {"relu": 0.5, "swish": 0.35}

def normalized(act, x):
    return act(x) / math.sqrt(SECOND_MOMENT[act.__name__])

def layer(x, inputs):
    w, i = inputs
    return normalized(activations[i % 2], x * w), None

out, _ = jax.lax.scan(layer, jnp.ones(4), (jnp.ones((3, 4)), jnp.arange(3)))
""", "integer-conversion", "inputs", 19, "lax.switch"), tmp_path)
    assert (top.kind, top.verified) == ("lax.switch", True), (top.code, top.outcome)
    assert top.code == ("jax.lax.switch(i % 2, [\n    lambda: normalized(activations[0], x * w),\n"
                        "    lambda: normalized(activations[1], x * w),\n])")  # a branch a line, when long
    # the function alone (``partial``) fails, since normalized reads its name: one lax.switch stands for both
    assert [f.kind for f in found.fixes].count("lax.switch") == 1 and "partial" not in top.code


def test_a_library_object_picked_from_a_list_under_vmap_is_switched_whole(tmp_path):
    top, found = _top(_case("switch-over-objects", GALSIM_PSFS, """\
import dataclasses
import jax
import jax.numpy as jnp

@dataclasses.dataclass(frozen=True)
class Gaussian:
    sigma: float

    def profile(self, r):
        return jnp.exp(-0.5 * (r / self.sigma) ** 2)

PSFS = [Gaussian(0.5), Gaussian(0.8), Gaussian(1.2)]

def render(flux, psf):
    return flux * psf.profile(jnp.linspace(0.0, 3.0, 16))

def observe(flux, band):
    return render(flux, PSFS[band])

jax.vmap(observe, in_axes=(None, 0))(2.0, jnp.array([0, 1, 2]))
""", "integer-conversion", "band", 18, "lax.switch"), tmp_path)
    assert (top.kind, top.verified) == ("lax.switch", True), (top.code, top.outcome)
    assert top.code.startswith("jax.lax.switch(band, [\n    lambda: render(flux, PSFS[0]),\n")
    assert "jnp.asarray(PSFS)" not in [f.code for f in found.fixes]  # no array holds Gaussian objects


def test_a_traced_value_written_into_a_numpy_buffer_makes_every_write_at(tmp_path):
    top, _ = _top(_case("numpy-buffer", E3NN_BUFFER, """\
import numpy as np
import jax
import jax.numpy as jnp

def expand(coeffs, lmax):
    full = np.zeros((coeffs.shape[0], (lmax + 1) ** 2))
    for l in range(lmax + 1):
        full[:, l * l + l] = coeffs[:, l]
    full[:, 0] += 1.0
    return full

@jax.jit
def energy(coeffs):
    return jnp.sum(expand(coeffs, 2) ** 2)

energy(jnp.ones((5, 3)))
""", "array-conversion", "coeffs", 8, "jnp-not-np"), tmp_path)
    assert (top.kind, top.verified) == ("jnp-not-np", True), (top.code, top.outcome)
    assert top.code.split("\n...\n") == [
        "full = jnp.zeros((coeffs.shape[0], (lmax + 1) ** 2))",
        "full = full.at[:, l * l + l].set(coeffs[:, l])",
        "full = full.at[:, 0].add(1.0)",
    ]


def test_a_scan_body_under_a_decorator_that_stores_is_fixed_through_the_users_scan(tmp_path):
    found = run_case(Case(
        id="decorated-scan-leak", source=TQDM_SCAN, code="""\
import jax
import jax.numpy as jnp

def with_progress(body):
    def wrapped(carry, x):
        return body(carry, x)
    return wrapped

history = []

@with_progress
def step(params, i):
    params = params - 0.1 * (params - 3.0)
    history.append(params)
    return params, None

final, _ = jax.lax.scan(step, jnp.zeros(2), jnp.arange(5))
jnp.stack(history)
""", kind="leaked-tracer", argument="params", path="params", line=14, fixes=("return-value",),
        verifiable=True, jax_fitting_fix=True, use_line=18), tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "params", 14)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert "jax.lax.scan(step, jnp.zeros(2), jnp.arange(5))" in top.outcome  # the decorated step, run as written


def test_a_leak_from_a_gradient_a_library_took_is_placed_on_the_store_in_the_wrapped_def(tmp_path):
    found = run_case(Case(
        id="wrapped-cost-leak", source=PYMANOPT_HISTORY, code="""\
import numpy as np
import jax
import jax.numpy as jnp
from scipy.optimize import minimize

class Objective:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, x):
        return self.fn(x)

history = []

@Objective
def cost(x):
    value = jnp.sum((x - 3.0) ** 2)
    history.append(value)
    return value

minimize(cost, np.ones(2), jac=jax.grad(cost))
jnp.stack(history).min()
""", kind="leaked-tracer", argument="x", path="x", line=18, fixes=("return-value",),
        verifiable=False, jax_fitting_fix=True, use_line=22), tmp_path).explanation
    # JAX names its own gradient wrapper as the traced function: the store is found in the def that the
    # decorator object holds, never placed in JAX's file
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "x", 18)
    assert "jax" not in (found.filename or "").split("/")


GRIDLIB = '''
import operator
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Grid:
    """A grid whose sizes the library reads in Python (jaxdf's Domain does so)."""

    def __init__(self, sizes, spacing):
        self.sizes, self.spacing = sizes, spacing

    @property
    def axes(self):
        out = []
        for n, dx in zip(self.sizes, self.spacing):
            if n % 2 == 0:
                out.append(jnp.arange(-n // 2, n // 2) * dx)
            else:
                out.append(jnp.arange(-(n - 1) // 2, (n + 1) // 2) * dx)
        return out


jax.tree_util.register_pytree_node(Grid, lambda g: ((g.sizes, g.spacing), None), lambda _, c: Grid(*c))


class Settings:
    """Transform sizes a renderer picks from in Python (JAX-GalSim's GSParams)."""

    def __init__(self, smallest, largest):
        self.smallest, self.largest = smallest, largest


def render(profile, settings):
    if settings.largest == settings.smallest:
        size = settings.largest
    else:
        size = 2 * settings.smallest
    return jnp.fft.fft(profile, n=size)


@partial(jax.jit, static_argnames="skip")
def pool(tokens, skip):
    return tokens[skip:].mean(0)


def check(cond, message):
    if cond:
        raise ValueError(message)


def _integrate(interval, limit):
    check(limit < len(interval) - 1, "too few intervals")
    xs = jnp.linspace(interval[0], interval[-1], 64)
    return jnp.trapezoid(jnp.sin(xs), xs)


def integrate(interval, limit=10):
    # a Python count static, an array traced, as equinox.filter_jit (quadax's jit) decides
    static = (1,) if isinstance(limit, int) else ()
    return jax.jit(_integrate, static_argnums=static)(jnp.asarray(interval), limit)


def steps(t_max, dt):
    return int(t_max // dt + 1)


_transform = jax.jit(lambda f, L: jnp.fft.fft(f, n=L), static_argnums=1)


def forward(f, L):
    return _transform(f, L)


class Mesh:
    def __init__(self, shape):
        self.shape = tuple(operator.index(s) for s in shape)


def spectrum(f, method="numpy"):
    """The power spectrum of f; method: "numpy" or "jax", the implementation that runs."""
    if method == "numpy":
        return np.abs(np.fft.fft(np.asarray(f))) ** 2
    return jnp.abs(jnp.fft.fft(f)) ** 2


def blur(image, sigma):
    assert isinstance(sigma, float), "sigma must be a float"
    return image * sigma
'''

JAXDF_DOMAIN = "https://github.com/ucl-bug/jaxdf/blob/main/jaxdf/geometry.py"
GALSIM_FFT = "https://github.com/GalSim-developers/JAX-GalSim/issues/193"
EQUIMO_POOL = "https://github.com/clementpoiret/Equimo/blob/main/equimo/utils.py"
QUADAX_CHECK = "https://github.com/f0uriest/quadax"
JAXLEY_STEPS = "https://github.com/jaxleyverse/jaxley/blob/main/jaxley/integrate.py"
S2FFT_STATIC = "https://github.com/astro-informatics/s2fft"
CFD_GRID = "https://github.com/google/jax-cfd/blob/main/jax_cfd/base/grids.py"


@pytest.fixture
def gridlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "gridlib_twins", GRIDLIB)
    yield
    sys.modules.pop("gridlib_twins", None)


@pytest.mark.parametrize("code, argument, line, source", [
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import Grid

@jax.jit
def source(grid, width):
    x, y = jnp.meshgrid(*grid.axes, indexing="ij")
    return jnp.exp(-(x**2 + y**2) / width**2)

source(Grid((8, 8), (0.1, 0.1)), 0.5)
""", "grid", 7, JAXDF_DOMAIN),
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import Settings, render

@jax.jit
def image(profile, fft_size):
    settings = Settings(fft_size, fft_size)
    return jnp.abs(render(profile, settings))

image(jnp.ones(8), 16)
""", "fft_size", 8, GALSIM_FFT),
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import pool

@jax.jit
def embed(tokens, n_prefix):
    return pool(tokens * 2.0, skip=n_prefix)

embed(jnp.ones((5, 3)), 1)
""", "n_prefix", 7, EQUIMO_POOL),
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import integrate

@jax.jit
def area(upper, limit):
    return integrate(jnp.array([0.0, upper]), limit=limit)

area(3.0, 20)
""", "limit", 7, QUADAX_CHECK),
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import steps

@jax.jit
def simulate(v0, t_max):
    return jnp.full(steps(t_max, 0.025), v0)

simulate(1.0, 5.0)
""", "t_max", 7, JAXLEY_STEPS),
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import forward

@jax.jit
def power(f, L):
    return jnp.abs(forward(f, L)) ** 2

power(jnp.ones(8), 16)
""", "L", 7, S2FFT_STATIC),
    ("""\
import jax
import jax.numpy as jnp
from gridlib_twins import Mesh

@jax.jit
def cells(key, n):
    mesh = Mesh((n, n))
    return jax.random.normal(key, mesh.shape)

cells(jax.random.key(0), 4)
""", "n", 7, CFD_GRID),
], ids=["property-reads-a-size", "attribute-chain-compares-sizes", "tracer-given-to-a-static-parameter",
        "a-check-two-library-jits-down", "a-float-made-a-step-count", "a-tracer-hashed-two-calls-down",
        "a-library-class-indexes-a-size"])
def test_a_count_a_library_needs_as_a_python_value_is_a_traced_shape(code, argument, line, source, gridlib,
                                                                      tmp_path):
    # the exception says bool conversion (or an unhashable static argument), the cause is a size that the
    # library reads in Python when tracing, as JAX reads a shape
    top, found = _top(_case(f"library-size-{argument}", source, code, "traced-shape", argument, line, "static"),
                      tmp_path)
    assert (top.kind, top.verified) == ("static", True), (top.code, top.outcome)
    assert f"static_argnames='{argument}'" in top.code


def test_a_tuple_of_objects_indexed_under_vmap_switches_over_the_attribute_read(tmp_path):
    top, _ = _top(_case("switch-over-attribute", CFD_COMPONENT, """\
import dataclasses
import jax
import jax.numpy as jnp

@dataclasses.dataclass(frozen=True)
class Field:
    data: jax.Array

FIELDS = (Field(jnp.ones(4)), Field(jnp.zeros(4)))

def energy(component):
    u = FIELDS[component].data
    return 0.5 * jnp.mean(u ** 2)

jax.vmap(energy)(jnp.arange(2))
""", "integer-conversion", "component", 12, "lax.switch"), tmp_path)
    assert (top.kind, top.verified) == ("lax.switch", True), (top.code, top.outcome)
    assert top.code == "jax.lax.switch(component, [\n    lambda: FIELDS[0].data,\n    lambda: FIELDS[1].data,\n])"


def test_every_numpy_call_a_function_makes_on_traced_values_becomes_jnp_together(tmp_path):
    top, _ = _top(_case("numpy-siblings", CFD_POST_PROCESS, """\
import numpy as np
import jax
import jax.numpy as jnp

def energy(v):
    u = np.asarray(v[0])
    w = np.asarray(v[1])
    return 0.5 * np.mean(u ** 2 + w ** 2) / np.prod(v.shape)

def step(v, _):
    return v * 0.99, energy(v)

_, energies = jax.lax.scan(step, jnp.ones((2, 8)), None, length=4)
""", "array-conversion", "v", 6, "jnp-not-np"), tmp_path)
    assert (top.kind, top.verified) == ("jnp-not-np", True), (top.code, top.outcome)
    # np.prod(v.shape) reads a shape only: it stays NumPy (a static value)
    assert top.code.split("\n...\n") == [
        "u = jnp.asarray(v[0])", "w = jnp.asarray(v[1])", "return 0.5 * jnp.mean(u ** 2 + w ** 2) / np.prod(v.shape)"]


def test_a_librarys_assertion_on_the_type_of_a_traced_value_is_explained(gridlib, tmp_path):
    # jaxley's ``assert isinstance(idx, np.ndarray), "Invalid type"`` met under vmap: not JAX's error, but the
    # library wanted a concrete value where a tracer came
    found = run_case(_case("library-isinstance-assert", JAXLEY_ASSERT, """\
import jax
import jax.numpy as jnp
from gridlib_twins import blur

def smooth(sigma):
    return blur(jnp.ones(4), sigma)

jax.vmap(smooth)(jnp.array([0.5, 1.0]))
""", "concretization", "sigma", 6, "static"), tmp_path).explanation
    assert found is not None and (found.kind, found.argument, found.lineno) == ("concretization", "sigma", 6)


def test_an_early_return_on_a_traced_condition_becomes_one_where_per_result(tmp_path):
    top, _ = _top(_case("early-return-where", QDAX_SCORE, """\
import jax
import jax.numpy as jnp

def score(x):
    if jnp.any(jnp.abs(x) > 5.0):
        return -1e3, jnp.zeros(2)
    fit = -jnp.sum(x ** 2)
    return fit, x[:2]

jax.vmap(score)(jnp.ones((3, 4)))
""", "bool-conversion", "x", 5, "jnp.where"), tmp_path)
    assert (top.kind, top.verified) == ("jnp.where", True), (top.code, top.outcome)
    assert top.code.split("\n...\n") == [
        "early = jnp.any(jnp.abs(x) > 5.0)", "return (jnp.where(early, -1000.0, fit), jnp.where(early, jnp.zeros(2), x[:2]))"]


def test_a_librarys_numpy_implementation_under_grad_is_switched_to_its_jax_one(gridlib, tmp_path):
    # s2fft.forward(f, L) runs its NumPy implementation unless told ``method="jax"``
    top, _ = _top(_case("library-jax-backend", S2FFT_METHOD, """\
import jax
import jax.numpy as jnp
from gridlib_twins import spectrum

def loss(f):
    return jnp.sum(spectrum(f)[:2])

jax.grad(loss)(jnp.ones(4))
""", "array-conversion", "f", 6, "jnp-not-np"), tmp_path)
    assert (top.kind, top.code, top.verified) == ("jnp-not-np", "spectrum(f, method='jax')", True), top.outcome


def test_in_a_notebook_the_dataclass_jax_shows_is_declared_frozen_without_running_its_code(tmp_path):
    # the plain cell's call is not read back (its arguments would run the user's constructors again): the
    # object is rebuilt from the repr JAX's message shows, field by field, to show the class fixed
    from notebook_support import run_notebook

    cells = run_notebook([
        "%load_ext jaxmagic\nimport dataclasses\nfrom functools import partial\nimport jax, jax.numpy as jnp\n"
        "%jittrace_explain on",
        "@dataclasses.dataclass\nclass Schedule:\n    steps: int\n    warmup: int\n\n"
        '@partial(jax.jit, static_argnames="schedule")\ndef run(x, schedule):\n'
        "    for _ in range(schedule.steps):\n        x = jnp.tanh(x)\n    return x\n\n"
        "run(jnp.ones(2), Schedule(steps=3, warmup=1))",
    ], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[1].outputs)
    lines = [line.strip() for line in shown.splitlines()]
    at = lines.index("@dataclasses.dataclass(frozen=True)")
    assert lines[at + 1: at + 4] == ["class Schedule:", "steps: int", "warmup: int"], shown
