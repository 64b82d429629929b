"""Issue 26, twenty-sixth round: patterns the thirty-fourth held-out set found, each as a reduction of its own.

Found by the thirty-fourth held-out set (pytensor, flaxdiff, glass; audax, contrax, copulax), measured before:

- A library's decorator that wraps the user's JAX function for symbolic values (pytensor's ``wrap_jax``): called on
  its own symbolic variables, it traces the function with arrays of its own making (``jax.eval_shape``). The user's
  statement hands the wrapper values JAX cannot trace, so it is not the trace that failed: the fixes are tried by
  running the failing trace again, where before a copy of the function was jitted on the symbols and "failed".
- Code a library wrote to a temporary file and ran (pytensor's JAX graph, ``/tmp/tmpy1mt5hl5``) is the library's,
  not the user's: the line is the user's call; an input of that graph needed as a constant (a slice bound) is
  declared one where the graph is built, with this call's value (guidance: trying it would rerun the cell).
- ``steps = int(steps)`` in a library, read next only as ``table[steps]`` (flaxdiff's posterior variance): a Python
  index, not a size; an integer conversion, whose static argument comes before splitting the function around the
  call.
- ``jax.vmap`` over a setting that a library's constructor turns into NumPy (flaxdiff's ``LinearNoiseSchedule(1000,
  beta_end=...)``, ``np.linspace``): an array conversion of a setting, swept as a Python loop, tried.
- An array-API function whose array library is a parameter left None for NumPy (glass's ``fixed_zbins(..., xp=None)``):
  the user's call given ``xp=jnp``, tried.
- ``float(sample_rate // 2)`` in a library (audax's mel filter bank) on an integer tracer: a number it computes with,
  not a count; no traced shape.
- A library call of constants only, which under jit masks its own traced constants (audax's Slaney mel scale):
  the statement moved before the jit, tried.
- A random key stored on a global object at the cell's top level (audax's ``spec_aug.next_rng``): the key comes of the
  key argument the storing line reads, and a key a library object made of its own key (glass's ``Generator``)
  comes of no argument.
"""
from __future__ import annotations

import tempfile

from corpus_harness import explained_cell, install_library, tried
from jaxmagic._common.frames import is_installed_library, is_user_file

PYTENSOR = "https://github.com/pymc-devs/pytensor"  # pytensor.wrap_jax: a JAX function as a graph op

# a decorator that wraps a JAX function for symbols (pytensor's wrap_jax): it traces the function with arrays of
# the symbols' shapes to learn what it returns
SYMBOLIC = """\
import functools

import jax
import jax.numpy as jnp


class Symbol:
    def __init__(self, name, shape):
        self.name, self.shape = name, shape


def wrap(fn):
    @functools.wraps(fn)
    def wrapper(*symbols):
        def flat(arrays):
            return fn(*arrays)
        out = jax.eval_shape(flat, [jax.ShapeDtypeStruct(s.shape, jnp.float32) for s in symbols])
        return Symbol(fn.__name__, out.shape)
    return wrapper
"""

GUARD_ON_SYMBOLS = """\
import jax
import jax.numpy as jnp
from symwrap import Symbol, wrap

@wrap
def loglike(theta, data):
    if theta[1] <= 0:
        return -jnp.inf
    return jax.scipy.stats.norm.logpdf(data, theta[0], theta[1]).sum()

theta = Symbol("theta", (2,))
data = Symbol("data", (50,))
ll = loglike(theta, data)
"""


def test_a_library_wrapper_handed_symbols_has_its_fix_tried_in_the_failing_trace(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "symwrap", SYMBOLIC)
    found = explained_cell("wrapped-for-symbols", PYTENSOR, GUARD_ON_SYMBOLS, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.lineno, found.argument) == ("bool-conversion", 7, "theta"), tried(found)
    assert (top and top.kind, top and top.verified) == ("jnp.where", True), tried(found)


# a library that writes the graph it builds out as a function, to a temporary file, and jits it (pytensor's JAX
# linker: ``pytensor.function(inputs, output, mode="JAX")``)
WRITES_ITS_CODE = """\
import tempfile

import jax


class Var:
    def __init__(self, name):
        self.name = name


def function(inputs, stop):
    names = [v.name for v in inputs]
    source = f"def graph({', '.join(names)}):\\n    return {names[0]}[:{stop.name}].sum()\\n"
    with tempfile.NamedTemporaryFile("w", delete=False, prefix="tmp") as file:
        file.write(source)
    namespace = {}
    exec(compile(source, file.name, "exec"), namespace)
    return Function(jax.jit(namespace["graph"]))


class Function:
    def __init__(self, jitted):
        self.jitted = jitted

    def __call__(self, *inputs):
        return self.jitted(*inputs)
"""

GRAPH_CALLED = """\
import numpy as np
import graphgen as pg

x = pg.Var("x")
k = pg.Var("k")
f = pg.function([x, k], k)
f(np.arange(5.0), 3)
"""


def test_code_a_library_wrote_out_is_the_librarys_and_its_input_is_declared_a_constant(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "graphgen", WRITES_ITS_CODE)
    found = explained_cell("written-graph", PYTENSOR, GRAPH_CALLED, tmp_path)
    assert (found.kind, found.lineno, found.argument) == ("traced-shape", 7, "k"), tried(found)
    top = found.fixes[0] if found.fixes else None
    assert (top and top.kind, top and top.template) == ("static", True), tried(found)
    assert top.code.splitlines() == [
        "k = 3   # in place of line 5: a constant of the graph, the value this call gave it",
        "f = pg.function([x], k)   # `k` no longer an input", "f(np.arange(5.0))"], top.code
    written = f"{tempfile.gettempdir()}/tmpy1mt5hl5"
    assert is_installed_library(written) and not is_user_file(written)
    assert not is_installed_library(f"{tempfile.gettempdir()}/tmpy1mt5hl5/ipykernel_1/2.py")


FLAXDIFF = "https://github.com/AshishKumar4/FlaxDiff"  # schedulers/discrete.py: get_posterior_variance(steps)

TABLE_INDEX = """\
import jax.numpy as jnp


class Schedule:
    def __init__(self, steps):
        self.log_variance = jnp.linspace(-5.0, 0.0, steps)

    def variance(self, steps):
        steps = int(steps)
        return jnp.exp(0.5 * self.log_variance[steps])
"""

STEP_INDEXED = """\
import jax
import jax.numpy as jnp
from tables import Schedule

schedule = Schedule(1000)

@jax.jit
def ddpm_step(x_t, t):
    std = schedule.variance(t)
    return x_t * std

ddpm_step(jnp.zeros(3), jnp.array(500))
"""


def test_a_librarys_int_read_only_as_an_index_is_an_integer_conversion_made_static(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tables", TABLE_INDEX)
    found = explained_cell("int-as-index", FLAXDIFF, STEP_INDEXED, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "integer-conversion", "t", "static", True), tried(found)


# a schedule built with NumPy from its settings (flaxdiff's LinearNoiseSchedule)
NUMPY_SCHEDULE = """\
import jax.numpy as jnp
import numpy as np


class LinearSchedule:
    def __init__(self, steps, beta_end=0.02):
        self.betas = jnp.asarray(np.linspace(1e-4, beta_end, steps))

    def snr(self, t):
        alpha = jnp.cumprod(1.0 - self.betas)[t]
        return alpha / (1.0 - alpha)
"""

SWEPT_SETTING = """\
import jax
import jax.numpy as jnp
from schedules import LinearSchedule

def terminal_snr(beta_end):
    schedule = LinearSchedule(1000, beta_end=beta_end)
    return schedule.snr(999)

jax.vmap(terminal_snr)(jnp.array([0.01, 0.02, 0.04]))
"""


def test_a_vmapped_setting_a_library_turns_into_numpy_is_swept_in_a_python_loop(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "schedules", NUMPY_SCHEDULE)
    found = explained_cell("setting-swept", FLAXDIFF, SWEPT_SETTING, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "array-conversion", "beta_end", "static", True), tried(found)
    assert "for beta_end in" in top.code, top.code


GLASS = "https://github.com/glass-dev/glass"  # observations.fixed_zbins(zmin, zmax, *, nbins, dz, xp=None)

NAMESPACE_OPTION = """\
import numpy as np


def edges(lo, hi, *, count, xp=None):
    xp = np if xp is None else xp
    return xp.linspace(lo, hi, count + 1)
"""

NUMPY_BY_DEFAULT = """\
import jax
import jax.numpy as jnp
import arrayapi

@jax.jit
def bin_edges(zmin, zmax):
    return arrayapi.edges(zmin, zmax, count=5)

bin_edges(0.0, 2.0)
"""


def test_an_array_api_function_left_on_numpy_is_given_the_jax_namespace(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "arrayapi", NAMESPACE_OPTION)
    found = explained_cell("xp-left-none", GLASS, NUMPY_BY_DEFAULT, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, top and top.kind, top and top.verified) == ("array-conversion", "jnp-not-np", True), \
        tried(found)
    assert top.code == "arrayapi.edges(zmin, zmax, count=5, xp=jnp)", top.code


AUDAX = "https://github.com/SarthakYadav/audax"  # core/functional.py: melscale_fbanks, _mel_to_hz

MEL_FILTERS = """\
import jax.numpy as jnp


def filters(n_freqs, sample_rate, f_min=0.0):
    f_max = float(sample_rate // 2)
    return jnp.linspace(f_min, f_max, n_freqs)


def slaney(n_mels):
    mels = jnp.linspace(0.0, 40.0, n_mels)
    freqs = 200.0 * mels / 3.0
    log_region = mels >= 15.0
    freqs = freqs.at[log_region].set(1000.0 * jnp.exp(0.07 * (mels[log_region] - 15.0)))
    return freqs
"""

RATE_PASSED = """\
import jax
import jax.numpy as jnp
from melfb import filters

def logmel(spec, sample_rate):
    fb = filters(257, sample_rate)
    return jnp.log(spec * fb.sum() + 1e-6)

jax.jit(logmel)(jnp.ones(4), 16000)
"""


def test_a_float_a_library_makes_of_an_integer_tracer_is_no_traced_shape(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "melfb", MEL_FILTERS)
    found = explained_cell("rate-as-float", AUDAX, RATE_PASSED, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "concretization", "sample_rate", "static", True), tried(found)


CONSTANT_FILTERS = """\
import jax
import jax.numpy as jnp
from melfb import slaney

def logmel(spec):
    fb = slaney(64)
    return jnp.log(spec @ fb + 1e-6)

jax.jit(logmel)(jnp.ones((2, 64)))
"""


def test_a_library_call_of_constants_failing_under_jit_is_made_before_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "melfb", MEL_FILTERS)
    found = explained_cell("constant-filters", AUDAX, CONSTANT_FILTERS, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.lineno, found.argument) == ("boolean-index", 6, None), tried(found)
    assert (top and top.kind, top and top.verified) == ("static", True), tried(found)
    assert top.code.startswith("fb = slaney(64)   # moved before `logmel`"), top.code


# an augmenter that returns a new key with its output (audax's SpecAugment), and a generator that keeps its own key
KEYED = """\
import jax


class Augment:
    def __call__(self, x, rng):
        rng, use = jax.random.split(rng)
        return x + jax.random.normal(use, x.shape), rng


class Generator:
    def __init__(self, seed):
        self.key = jax.random.key(seed)

    def normal(self, shape):
        self.key, use = jax.random.split(self.key)
        return jax.random.normal(use, shape)
"""

KEY_ON_AN_OBJECT = """\
import jax
import jax.numpy as jnp
from keyed import Augment

spec_aug = Augment()

@jax.jit
def train_step(batch, rng):
    augmented, spec_aug.next_rng = spec_aug(batch, rng)
    return jnp.mean(augmented)

loss = train_step(jnp.ones(4), jax.random.PRNGKey(0))
spec_aug(jnp.ones(4), spec_aug.next_rng)
"""

KEY_OF_ITS_OWN = """\
import jax
import jax.numpy as jnp
from keyed import Generator

rng = Generator(42)

@jax.jit
def add_noise(shear, sigma):
    return shear + sigma * rng.normal(shear.shape)

add_noise(jnp.zeros(5), 0.3)
rng.normal((2,))
"""


def test_a_kept_key_comes_of_the_key_argument_or_of_none(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "keyed", KEYED)
    handed = explained_cell("key-on-object", AUDAX, KEY_ON_AN_OBJECT, tmp_path)
    assert (handed.kind, handed.lineno, handed.argument) == ("leaked-tracer", 9, "rng"), tried(handed)
    own = explained_cell("key-of-its-own", GLASS, KEY_OF_ITS_OWN, tmp_path)
    assert (own.kind, own.lineno, own.argument) == ("leaked-tracer", 9, None), tried(own)

