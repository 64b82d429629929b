"""Issue 26, seventh round: patterns of the ninth held-out set (tensorcircuit, jax-fdm, evermore; herculens,
kernex, treescope), read after its held-out runs, each reduced to a small library of my own installed in a
temporary ``site-packages`` (so jaxmagic reads it as an installed package), with the source of each pattern:

- a kernel object that caches on its window size (kernex's ``lru_cache`` on ``kernel_size``): Python's
  "unhashable type" on the tracer is a traced shape, named by the size's parameter, not the data's;
- a library that takes ``isinstance(k, int)`` or else ``len(k)`` (herculens's profile index): JAX's
  "len() of unsized object" on a traced scalar is an integer conversion;
- a library's own ``ValueError`` about an index that holds an integer tracer (tensorcircuit's qubit): an
  integer conversion;
- an integer passed to the jitted function as a concrete 0-d array (``f(jnp.array(1))``): static is offered
  and tried with the Python int, and the fix says to pass one;
- a leak whose value comes from an object a method call changed (``c.rzz(0, 1, theta=theta)``): named by
  the parameter the method was given;
- a callable object whose ``__call__`` stores on ``self``, handed to ``jax.grad(det)``: the store's line, the
  method's parameter, and returning the value tried through ``jax.grad(det, has_aux=True)``;
- a leak under ``jax.jit(jax.grad(nll))(mu)``: the fix tried through both transformations;

and three of the tenth set's first half (qujax, matfree, rax, autoray), read after its held-out runs:

- a gate function of the user's that library code calls inside ``jax.jit(lambda p: ...)(x)``, storing its
  value: the statement made again, and the parameter of the jitted lambda the value came from (``p``) read
  while it is traced (the storing function's own ``theta`` is not the jitted function's);
- a count the library passes on as ``shape=(n_samples,)``: a traced shape, whatever else the line reads;
- a method handed to ``jax.grad`` as ``fitter.loss`` (diffmah's fitter, set T) that stores on ``self``: tried
  through ``jax.grad(fitter.loss, has_aux=True)``;
- lists of arrays that do not stack (dsps's filters of 50 and 60 points, set T) indexed by one vmapped value:
  ``lax.switch`` over the whole call, each list read at the branch's index;
- a count a function the library made checks with ``if`` (``lib.estimator(cfg.order)(matvec, x)``): a traced
  shape of the config's field, declared static where the dataclass is registered.
"""
from __future__ import annotations

import sys

import pytest
from corpus_harness import fix_case, install_library, leak_case, run_case
from explain_corpus import Case

KERNEX_SIZE = "https://github.com/ASEM000/kernex"
QUJAX_GATES = "https://github.com/CQCL/qujax"
QUJAX_SHOTS = "https://github.com/CQCL/qujax"
MATFREE_ORDER = "https://github.com/pnkraemer/matfree"
DIFFMAH_FITTER = "https://github.com/ArgonneCPAC/diffmah"
DSPS_FILTERS = "https://github.com/ArgonneCPAC/dsps"
HERCULENS_K = "https://github.com/Herculens/herculens"
TENSORCIRCUIT_INDEX = "https://github.com/tencent-quantum-lab/tensorcircuit/issues/171"
TENSORCIRCUIT_STATES = "https://github.com/tencent-quantum-lab/tensorcircuit/discussions/79"
KERNEX_MODULE = "https://github.com/ASEM000/kernex"
EVERMORE_FITS = "https://github.com/pfackeldey/evermore"

EIGHTHLIB = '''
import functools

import jax
import jax.numpy as jnp


@functools.lru_cache(maxsize=None)
def _offsets(window):
    return tuple(range(-(window[0] // 2), window[0] // 2 + 1))


class Windowed:
    """Applies ``fn`` to each window of a 1-d array; the window's offsets are cached on its size."""

    def __init__(self, size, fn):
        self.size, self.fn = size, fn

    def __call__(self, array):
        offsets = _offsets(self.size)
        padded = jnp.pad(array, len(offsets) // 2)
        return jnp.stack([self.fn(padded[i:i + len(offsets)]) for i in range(array.shape[0])])


def _chosen(k, count):
    if isinstance(k, int):
        return [i == k for i in range(count)]
    return [i in k for i in range(count) if len(k)]


class Profiles:
    def __init__(self, scales):
        self.scales = scales

    def total(self, x, k=None):
        chosen = _chosen(k, len(self.scales)) if k is not None else [True] * len(self.scales)
        return sum(s * x for s, keep in zip(self.scales, chosen) if keep)


class Register:
    def __init__(self, n):
        self.amplitudes = jnp.zeros(2 ** n).at[0].set(1.0)

    def flip(self, *index):
        if not all(isinstance(i, int) for i in index):
            raise ValueError(f"each index must be an int, got {type(index[0]).__name__}")
        self.amplitudes = jnp.roll(self.amplitudes, 2 ** index[0])

    def rotate(self, theta):
        self.amplitudes = self.amplitudes * jnp.cos(theta)

    def state(self):
        return self.amplitudes


def circuit_of(gate):
    """A circuit applying the user's gate to each parameter (qujax's ``get_params_to_statetensor_func``)."""
    def run(params):
        return sum(gate(params[i]) for i in range(params.shape[0]))
    return run


def sample(key, probs, n_samples):
    return jax.random.choice(key, probs.shape[0], shape=(n_samples,), p=jnp.abs(probs) / jnp.abs(probs).sum())


def estimator(order):
    """A stochastic estimator with a fixed number of matrix-vector products (matfree's ``tridiag_sym``)."""
    def run(matvec, x):
        if order < 1 or order > x.shape[0]:
            raise ValueError("order out of range")
        return sum(matvec(x) for _ in range(order))
    return run
'''


@pytest.fixture
def eighthlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "eighthlib_cases", EIGHTHLIB)
    yield
    sys.modules.pop("eighthlib_cases", None)


def _found(case: Case, tmp_path):
    found = run_case(case, tmp_path).explanation
    assert found is not None and found.analysis_failed is None
    return found


def test_a_window_size_a_library_object_hashes_is_a_traced_shape_of_that_parameter(eighthlib, tmp_path):
    case = fix_case("eight-window-size", KERNEX_SIZE, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

@jax.jit
def smooth(signal, width):
    average = lib.Windowed((width,), jnp.mean)
    return average(signal)

smooth(jnp.arange(8.0), 3)
""", "traced-shape", "width", 8, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "width", 8)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("static", True)
    assert "static_argnames='width'" in found.fixes[0].code


def test_len_of_a_traced_scalar_in_a_library_is_an_integer_conversion_made_static_as_a_python_int(
        eighthlib, tmp_path):
    case = fix_case("eight-profile-index", HERCULENS_K, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

profiles = lib.Profiles([1.0, 2.0, 3.0])

@jax.jit
def one_profile(k, x):
    return profiles.total(x, k=k)

one_profile(jnp.array(1), jnp.ones(3))
""", "integer-conversion", "k", 9, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "k", 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True)
    assert "static_argnames='k'" in top.code and "pass k as a Python int (1)" in top.code


def test_a_librarys_own_error_about_an_integer_tracer_index_is_an_integer_conversion(eighthlib, tmp_path):
    case = fix_case("eight-qubit-index", TENSORCIRCUIT_INDEX, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

@jax.jit
def flip_one(idx):
    register = lib.Register(3)
    register.flip(idx)
    return register.state()

flip_one(jnp.array(1))
""", "integer-conversion", "idx", 8, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "idx", 8)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("static", True)


def test_a_float_passed_as_an_array_is_not_offered_static(eighthlib, tmp_path):
    # the same library check given a float array: data, not an index a Python int could replace
    case = fix_case("eight-float-index", TENSORCIRCUIT_INDEX, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

@jax.jit
def flip_one(idx):
    register = lib.Register(3)
    register.flip(idx)
    return register.state()

flip_one(jnp.array(1.0))
""", "concretization", "idx", 8, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument) == ("concretization", "idx")
    assert "static" not in [f.kind for f in found.fixes]


def test_a_leak_from_an_object_a_method_call_changed_names_what_the_method_was_given(eighthlib, tmp_path):
    case = leak_case("eight-state-list", TENSORCIRCUIT_STATES, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

states = []

@jax.jit
def run(theta):
    register = lib.Register(2)
    register.rotate(theta)
    psi = register.state()
    states.append(psi)
    return psi.sum()

run(jnp.array(0.1))
jnp.vdot(states[0], states[0])
""", 12, "theta")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "theta", 12)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("return-value", True)


def test_a_store_on_self_in_a_callable_object_under_grad_is_found_and_tried_with_has_aux(tmp_path):
    case = leak_case("eight-grad-module", KERNEX_MODULE, """\
import jax
import jax.numpy as jnp

class EdgeDetector:
    def __init__(self):
        self.last_grad = None

    def __call__(self, img):
        grad = img[2:] - img[:-2]
        self.last_grad = grad
        return jnp.abs(grad).sum()

det = EdgeDetector()
jax.grad(det)(jnp.linspace(0.0, 1.0, 6))
det.last_grad + 1.0
""", 10, "img", jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "img", 10)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True) and "has_aux=True" in top.outcome


def test_a_leak_under_jit_of_grad_is_tried_through_both_transformations(tmp_path):
    case = leak_case("eight-jit-grad", EVERMORE_FITS, """\
import jax
import jax.numpy as jnp

observed = jnp.array([6.0, 9.0, 4.0])
fits = []

def nll(mu):
    expected = mu * jnp.array([5.0, 10.0, 3.0])
    fits.append(expected)
    return jnp.sum(expected - observed * jnp.log(expected))

jax.jit(jax.grad(nll))(1.0)
observed - fits[-1]
""", 9, "mu", jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "mu", 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True)
    assert "jax.jit(jax.grad(nll))(1.0)" in top.outcome and "has_aux=True" in top.outcome


def test_a_leak_from_a_function_library_code_calls_in_a_jitted_lambda_names_the_lambdas_parameter(
        eighthlib, tmp_path):
    case = leak_case("eight-gate-log", QUJAX_GATES, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

seen = []

def logged_gate(theta):
    u = jnp.cos(theta)
    seen.append(u)
    return u

circuit = lib.circuit_of(logged_gate)
probs = jax.jit(lambda p: circuit(p) ** 2)(jnp.array([0.3, 1.2]))
jnp.stack(seen)
""", 9, "p", jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "p", 9)
    tried = {f.kind: f for f in found.fixes}
    assert tried["jax.debug.print"].verified is True and "jax.jit(lambda p" in tried["jax.debug.print"].outcome


def test_a_count_a_library_passes_as_a_shape_keyword_is_a_traced_shape(eighthlib, tmp_path):
    case = fix_case("eight-shots", QUJAX_SHOTS, """\
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

@jax.jit
def shots(key, probs, n_shots):
    return lib.sample(key, probs, n_shots)

shots(jax.random.key(0), jnp.array([0.2, 0.8]), 16)
""", "traced-shape", "n_shots", 7, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "n_shots", 7)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("static", True)


def test_a_count_checked_by_a_function_the_library_made_is_a_traced_shape_of_the_field(eighthlib, tmp_path):
    case = Case(id="eight-order", source=MATFREE_ORDER, code="""\
import dataclasses
import jax
import jax.numpy as jnp
import eighthlib_cases as lib

@dataclasses.dataclass
class Config:
    order: int

jax.tree_util.register_dataclass(Config, data_fields=["order"], meta_fields=[])

@jax.jit
def estimate(x, cfg):
    return lib.estimator(cfg.order)(lambda v: 2 * v, x)

estimate(jnp.ones(4), Config(order=2))
""", kind="traced-shape", argument="cfg", path="cfg.order", line=14, fixes=("static",), verifiable=True,
                jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.path, found.lineno) == ("traced-shape", "cfg", "cfg.order", 14)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True) and "meta_fields=['order']" in top.code


def test_a_store_on_self_in_a_method_handed_to_grad_as_a_bound_method_is_tried_with_has_aux(tmp_path):
    # diffmah's fitter pattern (set T): ``jax.grad(fitter.loss)(params)``, the curve kept on ``self``
    case = leak_case("eight-bound-method", DIFFMAH_FITTER, """\
import jax
import jax.numpy as jnp

class Fitter:
    def __init__(self, target):
        self.target = target

    def loss(self, params):
        curve = jnp.cumsum(params)
        self.best_curve = curve
        return jnp.mean((curve - self.target) ** 2)

fitter = Fitter(jnp.arange(4.0))
jax.grad(fitter.loss)(jnp.ones(4))
jnp.max(fitter.best_curve)
""", 10, "params", jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "params", 10)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True) and "jax.grad(fitter.loss)" in top.outcome


def test_lists_of_arrays_that_do_not_stack_indexed_by_one_value_switch_over_the_whole_call(tmp_path):
    # dsps's filters (set T): curves of 50 and 60 points in two lists, picked by a vmapped band index
    case = fix_case("eight-filters", DSPS_FILTERS, """\
import jax
import jax.numpy as jnp

waves = [jnp.linspace(3.0, 4.0, 5), jnp.linspace(5.0, 6.5, 6)]
trans = [jnp.ones(5), jnp.ones(6)]

def band_flux(wave, transmission, sed):
    return jnp.trapezoid(jnp.interp(wave, jnp.linspace(1.0, 10.0, 20), sed) * transmission, wave)

def magnitude(band, sed):
    return band_flux(waves[band], trans[band], sed)

jax.vmap(magnitude, in_axes=(0, None))(jnp.arange(2), jnp.ones(20))
""", "integer-conversion", "band", 11, "lax.switch")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "band", 11)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.switch", True)
    assert "band_flux(waves[0], trans[0], sed)" in top.code and "band_flux(waves[1], trans[1], sed)" in top.code
