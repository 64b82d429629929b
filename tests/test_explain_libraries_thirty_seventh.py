"""Issue 26, thirty-third round: patterns found by the forty-first held-out set, and a value that holds itself.

Found by the forty-first held-out set (jaxbind, tmmax, tesseract-jax; kernax, cosmologix, bilby), measured before:

- A list handed to a library as a primitive's parameter (jaxbind's ``axes=[1]``): JAX says the parameter is not
  hashable; it is an unhashable static value, written as a tuple on the user's line (it was read as a traced shape).
- A flag computed from a traced value inside a scan's body and handed to a primitive (``forward=i % 2 == 0``):
  ``lax.cond`` between the call made with True and the call made with False. A flag that is the jitted function's
  own parameter stays static.
- A library's NumPy check (``if np.any(mu < 0)``) under ``vmap`` of a lambda: jaxmagic's analysis failed (a lambda's
  body is no list of statements); the argument and line are the lambda's.
- ``vmap`` over rows that a library reads as Python values (``coherency.tolist()``): a Python loop over the rows,
  tried with each row a concrete array closed over (it failed, as ``.item()`` of a row).
- A real number computed as a JAX scalar and marked static (a lengthscale from a median): passed traced first.
- A selection handed whole to a library's function or class (``KernelHerding(chain[keep], ...)``): zeros in place of
  the unselected rows would be data to it; a function that weighs its elements gets the mask as its weights, another
  gets padded indices first.
- ``jnp.zeros(n)`` with ``n`` computed with ``jnp`` from shapes, beside a slice on the same line: the size computed
  with NumPy (the slice was taken for the failing part).
- A traced index into a list of names (``coatings[i]``): static first (each name builds a program of its own).
- An operator built from a traced input, stored in a dict and called from there in the same function
  (``operators["R"] = partial(grid, uvw, freq)``): kept in a local; returning the traced input in its place broke
  the call (the tracer is no function).
- A library's NumPy code met under ``jax.grad`` with no jit (bilby's ``GaussianLikelihood``), or a primitive's
  parameter in a scan's body: the words said "Under jit"; the innermost transformation on the stack traced it.
- A config dict's entry handed to a library's jit that holds it static (``nstep=cfg["nstep"]``): the entry, not the
  whole dict (a guess from the source), is the argument, taken out into a static argument of its own.

And a crash of the interpreter's own:

- A dict that holds itself, read on the failing line of a leak: jaxlib 0.10's flatten recurses into it, raises
  ``SystemError``, and leaves Python's recursion count about a thousand calls too high for the rest of the session (the
  next deep call in the user's kernel fails). jaxmagic never hands JAX such a container.
"""
from __future__ import annotations

import sys

from corpus_harness import explained_cell, install_library, tried

LEAK_DOCS = "https://docs.jax.dev/en/latest/errors.html#jax.errors.UnexpectedTracerError"
JAXBIND = "https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/contrib/jaxducc0.py"
TMMAX = "https://github.com/bahremsd/tmmax/blob/master/README.md"
BILBY = "https://github.com/bilby-dev/bilby/pull/886"
KERNAX = "https://kernax.readthedocs.io/en/latest/"
COSMOLOGIX = "https://github.com/betoule/cosmologix"
TESSERACT = "https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/api.md"


def _recursion_depth() -> int:
    """The interpreter's own count of nested calls: the lowest recursion limit it accepts, less one."""
    old = sys.getrecursionlimit()
    low, high = 1, old
    while low < high:
        middle = (low + high) // 2
        try:
            sys.setrecursionlimit(middle)
            high = middle
        except RecursionError:
            low = middle + 1
    sys.setrecursionlimit(old)
    return low - 1


SELF_HOLDING_RUN = """\
import jax
import jax.numpy as jnp

run = {"name": "sweep", "outputs": []}
run["parent"] = run  # a run record that links to itself (a top-level run is its own parent)


def step(x):
    run["outputs"].append(x)
    return x + 1


jax.jit(step)(jnp.ones(3))
run["outputs"][-1] * 2
"""


def test_a_leak_read_through_a_dict_holding_itself_leaves_the_recursion_count_as_it_was(tmp_path):
    before = _recursion_depth()
    found = explained_cell("self-holding-run", LEAK_DOCS, SELF_HOLDING_RUN, tmp_path)
    assert _recursion_depth() == before
    assert (found.kind, found.lineno, found.path) == ("leaked-tracer", 9, "x"), found.message


# a library binding a primitive whose keywords become its parameters (jaxbind's operators, reduced)
FFT_LIBRARY = """\
from jax.extend.core import Primitive

_fft = Primitive("toy_fft")
_fft.def_abstract_eval(lambda x, **params: x)


def c2c(x, axes=(0,), forward=True):
    return (_fft.bind(x, axes=axes, forward=forward),)
"""

AXES_LIST = """\
import jax
import jax.numpy as jnp
import toy_ffts


@jax.jit
def row_fft(img):
    (out,) = toy_ffts.c2c(img, axes=[1], forward=True)
    return out


row_fft(jnp.ones((4, 8)))
"""


def test_a_list_given_as_a_primitives_parameter_is_an_unhashable_static_written_as_a_tuple(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_ffts", FFT_LIBRARY)
    found = explained_cell("axes-list", JAXBIND, AXES_LIST, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("unhashable-static", None, 8), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), tried(found)
    assert "axes=(1,)" in top.code, top.code


FLAG_IN_SCAN = """\
import jax
import jax.numpy as jnp
import toy_ffts


def step(i, row):
    forward = i % 2 == 0
    (out,) = toy_ffts.c2c(row, axes=(0,), forward=forward)
    return i + 1, out


jax.lax.scan(step, 0, jnp.ones((4, 8)))
"""

FLAG_PARAMETER = """\
import jax
import jax.numpy as jnp
import toy_ffts


@jax.jit
def spectrum(signal, forward):
    (out,) = toy_ffts.c2c(signal, axes=(0,), forward=forward)
    return jnp.abs(out) ** 2


spectrum(jnp.ones(8), True)
"""


def test_a_flag_computed_from_a_traced_value_picks_between_two_calls_with_lax_cond(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_ffts", FFT_LIBRARY)
    found = explained_cell("flag-in-scan", JAXBIND, FLAG_IN_SCAN, tmp_path)
    assert (found.argument, found.lineno) == ("i", 8), found.message
    assert found.why.startswith("Under `lax.scan`"), found.why  # (JAX's message names no transformation here)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.cond", True), tried(found)
    assert top.code == ("jax.lax.cond(forward, lambda: toy_ffts.c2c(row, axes=(0,), forward=True), "
                        "lambda: toy_ffts.c2c(row, axes=(0,), forward=False))"), top.code
    # the jitted function's own parameter: static, as the caller gives a Python bool
    found = explained_cell("flag-parameter", JAXBIND, FLAG_PARAMETER, tmp_path)
    assert [f.kind for f in found.fixes] == ["static"] and found.fixes[0].verified, tried(found)


# a likelihood written for NumPy, with its own guard (bilby's ExponentialLikelihood, reduced)
LIKELIHOOD_LIBRARY = """\
import numpy as np


class ExponentialLikelihood:
    def __init__(self, x, y, mean):
        self.x, self.y, self.mean = x, y, mean

    def log_likelihood(self, parameters):
        mu = self.mean(self.x, **parameters)
        if np.any(mu < 0.0):
            return -np.inf
        return -np.sum(np.log(mu) + self.y / mu)
"""

LAMBDA_OVER_A_GRID = """\
import jax
import jax.numpy as jnp
import numpy as np
import toy_likelihoods


def decay_mean(t, tau):
    return tau * jnp.exp(t / 50.0)


t = np.arange(20.0)
likelihood = toy_likelihoods.ExponentialLikelihood(t, np.ones(20), decay_mean)
logls = jax.vmap(lambda tau: likelihood.log_likelihood({"tau": tau}))(jnp.linspace(1.0, 5.0, 9))
"""


def test_a_library_guard_under_vmap_of_a_lambda_names_the_lambdas_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_likelihoods", LIKELIHOOD_LIBRARY)
    found = explained_cell("lambda-over-a-grid", BILBY, LAMBDA_OVER_A_GRID, tmp_path)
    assert found.analysis_failed is None, found.analysis_failed
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "tau", 13), found.message


# a solver that checks its layout flags as Python values (tmmax's coherency list, reduced)
LAYOUT_LIBRARY = """\
import jax.numpy as jnp
import numpy as np


def check(thicknesses):
    if np.any(thicknesses <= 0):
        raise ValueError("thicknesses must be positive")


def reflectance(thicknesses, coherency):
    flags = coherency.tolist()
    if len(flags) != thicknesses.shape[0]:
        raise ValueError("one flag per layer")
    return jnp.sum(thicknesses * jnp.asarray(flags, dtype=thicknesses.dtype))
"""

ROWS_SWEPT = """\
import jax
import jax.numpy as jnp
import toy_layouts

thicknesses = jnp.array([2.0, 0.1, 2.0])


def reflectance_for(coherency):
    return toy_layouts.reflectance(thicknesses, coherency)


layouts = jnp.array([[0, 0, 0], [1, 0, 1]])
jax.vmap(reflectance_for)(layouts)
"""


def test_rows_a_library_reads_as_python_values_are_looped_over_each_row_concrete(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_layouts", LAYOUT_LIBRARY)
    found = explained_cell("rows-swept", TMMAX, ROWS_SWEPT, tmp_path)
    assert found.analysis_failed is None, found.analysis_failed
    assert (found.argument, found.lineno) == ("coherency", 9), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "reflectance_for(coherency) for coherency in layouts" in top.code and ".tolist()" not in top.code, top.code
    namespace = {"__name__": "pasted"}
    exec(compile(ROWS_SWEPT.rsplit("jax.vmap", 1)[0] + top.code, "<pasted>", "exec"), namespace)  # noqa: S102
    # rows of floats (candidate designs) a library checks in its own code: data, looped over all the same; the
    # check computes on the row (staged by a trace, concrete only in the eager loop): not known either way
    found = explained_cell("float-rows-swept", TMMAX, FLOAT_ROWS_SWEPT, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("thicknesses", "static", None), tried(found)
    assert "mean_check(thicknesses) for thicknesses in candidates" in top.code, top.code


FLOAT_ROWS_SWEPT = """\
import jax
import jax.numpy as jnp
import toy_layouts


def mean_check(thicknesses):
    toy_layouts.check(thicknesses)
    return thicknesses.mean()


candidates = jnp.array([[80.0, 150.0], [100.0, 200.0], [120.0, 250.0]])
jax.vmap(mean_check)(candidates)
"""


LENGTHSCALE_STATIC = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("lengthscale",))
def gram(x, lengthscale):
    return jnp.exp(-((x[:, None] - x[None]) ** 2) / lengthscale)


x = jnp.linspace(0.0, 1.0, 5)
gram(x, jnp.median(jnp.abs(x)))
"""


def test_a_real_number_computed_as_an_array_and_marked_static_is_passed_traced_first(tmp_path):
    found = explained_cell("lengthscale-static", KERNAX, LENGTHSCALE_STATIC, tmp_path)
    assert found.kind == "unhashable-static", found.message
    assert [(f.kind, f.verified) for f in found.fixes] == [("not-static", True), ("hashable-static", True)], \
        tried(found)


HERDING_LIBRARY = """\
class Herding:
    def __init__(self, points):
        self.points = points

    def __call__(self, m):
        return self.points[:m].mean(axis=0)
"""

SELECTION_HANDED = """\
import jax
import jax.numpy as jnp
import toy_herding


@jax.jit
def after_burn_in(chain, logp):
    kept = chain[logp > jnp.percentile(logp, 10.0)]
    return toy_herding.Herding(kept)(20)


chain = jnp.ones((50, 2))
after_burn_in(chain, -jnp.sum(chain ** 2, axis=1))
"""


def test_a_selection_handed_whole_to_a_library_class_gets_padded_indices_before_zeros(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_herding", HERDING_LIBRARY)
    found = explained_cell("selection-handed", KERNAX, SELECTION_HANDED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("boolean-index", "logp", 8), found.message
    assert [f.kind for f in found.fixes[:2]] == ["size-argument", "jnp.where"], tried(found)
    assert "toy_herding.Herding" in found.fixes[1].warning, found.fixes[1].warning


JNP_SIZE_BESIDE_A_SLICE = """\
import jax
import jax.numpy as jnp


@jax.jit
def padded(x):
    n = jnp.array(x.shape).prod() * 2
    return jnp.zeros(n).at[: x.shape[0]].set(x)


padded(jnp.arange(3.0))
"""


def test_a_size_computed_with_jnp_beside_a_static_slice_is_computed_with_numpy(tmp_path):
    found = explained_cell("jnp-size-beside-a-slice", TESSERACT, JNP_SIZE_BESIDE_A_SLICE, tmp_path)
    assert (found.kind, found.lineno) == ("traced-shape", 8), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("numpy-for-static", True), tried(found)
    assert "n = np.array(x.shape).prod() * 2" in top.code, top.code


NAMES_INDEXED = """\
import jax
import jax.numpy as jnp

coatings = ["TiO2", "Y2O3", "Al2O3"]
refractive = {"TiO2": 2.4, "Y2O3": 1.9, "Al2O3": 1.7}


@jax.jit
def reflect(coating_idx, thickness):
    material = coatings[coating_idx]
    return refractive[material] * thickness


reflect(1, jnp.ones(2))
"""


def test_a_traced_index_into_a_list_of_names_is_made_static_first(tmp_path):
    found = explained_cell("names-indexed", TMMAX, NAMES_INDEXED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "coating_idx", 10), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)


# a library's integrator jitted with its step count static (cosmologix's distances.mu, reduced)
INTEGRATOR_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("nstep",))
def mu(params, z, nstep=1000):
    return params["h"] * z * jnp.linspace(0.0, 1.0, nstep).sum()
"""

CONFIG_ENTRY_STATIC = """\
import jax
import jax.numpy as jnp
import toy_cosmo


@jax.jit
def mu_model(params, z, cfg):
    return toy_cosmo.mu(params, z, nstep=cfg["nstep"])


cfg = {"nstep": 2000}
mu_model({"h": jnp.array(0.7)}, jnp.linspace(0.1, 1.0, 4), cfg)
"""


def test_a_config_entry_a_library_holds_static_is_the_argument_taken_out_static(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_cosmo", INTEGRATOR_LIBRARY)
    found = explained_cell("config-entry-static", COSMOLOGIX, CONFIG_ENTRY_STATIC, tmp_path)
    assert (found.argument, found.path, found.lineno) == ("cfg", "cfg['nstep']", 8), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "static_argnames='nstep'" in top.code and "nstep=nstep" in top.code, top.code


OPERATOR_STORED = """\
from functools import partial

import jax
import jax.numpy as jnp


def grid(uvw, freq, sky):
    return (uvw.sum() * freq * sky).sum()


operators = {}


@jax.jit
def observe(uvw, sky):
    operators["R"] = partial(grid, uvw, 2.0)
    return operators["R"](sky)


observe(jnp.ones((4, 3)), jnp.ones((8, 8)))
operators["R"](jnp.ones((8, 8)))
"""


def test_an_operator_stored_and_called_back_in_the_same_function_is_kept_in_a_local(tmp_path):
    found = explained_cell("operator-stored", JAXBIND, OPERATOR_STORED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "uvw", 16), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)
    assert "R = partial(grid, uvw, 2.0)" in top.code and "return R(sky)" in top.code, top.code


NUMPY_LIKELIHOOD = """\
import numpy as np


def gaussian_log_likelihood(residual, sigma):
    return -0.5 * np.sum(residual ** 2 / sigma ** 2 + np.log(2 * np.pi * sigma ** 2))
"""

GRADIENT_OF_NUMPY = """\
import jax
import jax.numpy as jnp
import toy_numpy_likelihood


def log_like(theta):
    return toy_numpy_likelihood.gaussian_log_likelihood(jnp.ones(3) - theta["m"], theta["sigma"])


jax.grad(log_like)({"m": 2.0, "sigma": 0.5})
"""


def test_library_numpy_code_under_grad_alone_is_said_to_be_traced_by_differentiation(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_numpy_likelihood", NUMPY_LIKELIHOOD)
    found = explained_cell("gradient-of-numpy", BILBY, GRADIENT_OF_NUMPY, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "theta", 7), found.message
    assert found.why.startswith("Under differentiation (`grad`)"), found.why
