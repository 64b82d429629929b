"""Issue 26, forty-third round: patterns of the fifty-first held-out set (jaxbo, jaxellip, jaxcont; jaxray,
diffjeom, vmec-jax with solvax), each a reduction of its own.

- a method of the user's subclass that stores a value, run by a library's jitted method that holds ``self``
  static (jaxbo's ``acquisition`` calling ``self.predict``): the fix is tried through that method's cached call,
  not through another cached call of the same ``self`` that never runs it;
- an object whose ``__call__`` stores a value, handed to a library's function that only builds a problem around
  it (jaxcont's ``bif_problem``), then run by another (``continuation``): the try runs the later call, with only
  the stored attribute hidden (the problem still holds the object);
- SciPy's distribution imported by name (``from scipy.stats import norm``) on a value a library vmaps:
  ``jax.scipy.stats.norm.cdf``;
- a keyword that a library's decorator adds around the user's function (jaxray's ``@intercept`` and its
  ``cache``), given to the user's ``jax.jit`` of it: bound with ``functools.partial`` before the jit, since
  ``static_argnames`` cannot name it (JAX reads the wrapped function's signature); a set is no class to register;
- ``np.diag([1.0, np.sin(t) ** 2])`` in a function a library differentiates: ``jnp.diag`` of a ``jnp.array``, since
  ``jnp`` refuses a list where NumPy takes one;
- an operator a library packs into a pytree of its own whose rebuilt form is a new function made from the code
  object it packed (solvax's ``gmres``): the failing trace is run again with the packed operator as the library
  gave it, and since the rewrite cannot reach code the library holds, the user's function is tried on its own;
- a function that makes a Python object (vmec_jax's ``VmecInput``), mapped with ``jax.vmap`` over a value it
  needs as a Python float: a loop of plain calls kept as a list, since no jit returns such an object;
- a dict of options and arrays spread into a library's jitted method (``model.predict(x, **kwargs)``, jaxbo's
  tutorial ``kwargs``), whose strings none of the user's functions reads: left out of the dict, tried by the call
  made again without them.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

JAXBO = "https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/gp.py"  # acquisition: jit, self static, self.predict
JAXBO_ACQ = "https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/acquisitions.py"  # score_candidates vmaps acq_fn
JAXCONT = "https://github.com/Ziaeemehr/JaxCont/blob/main/README.md"  # bif_problem(model, u0, p0); continuation
JAXRAY = "https://pypi.org/project/jaxray/"  # @intercept: fn(*args, cache=..., patch=...) -> (output, cached)
DIFFJEOM = "https://github.com/adam-coogan/diffjeom"  # get_ricci_scalar(x, metric): jacfwd of the metric
SOLVAX = "https://github.com/uwplasma/SOLVAX/blob/main/docs/api/krylov.md"  # gmres(matvec, b): packed operator
JAXBO_TUTORIAL = "https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/gp.py"  # predict(self, X_star, **kwargs)
VMEC_JAX = "https://github.com/uwplasma/vmec_jax/blob/main/docs/howto/parameter-scans.md"  # VmecInput: float()

# a reduction of jaxbo's GP: jitted methods holding ``self`` static, one calling another through ``self``
GP_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


class GP:
    def __init__(self, scale):
        self.scale = scale

    def __hash__(self):
        return hash(self.scale)

    def __eq__(self, other):
        return type(other) is type(self) and other.scale == self.scale

    @partial(jax.jit, static_argnums=(0,))
    def cholesky(self, X):
        return jnp.linalg.cholesky(X @ X.T + self.scale * jnp.eye(X.shape[0]))

    @partial(jax.jit, static_argnums=(0,))
    def predict(self, x, X):
        L = self.cholesky(X)
        k = X @ x
        v = jax.scipy.linalg.solve_triangular(L, k, lower=True)
        return k.sum(), jnp.sqrt(jnp.abs(1.0 - v @ v))

    @partial(jax.jit, static_argnums=(0,))
    def acquisition(self, x, X):
        mean, std = self.predict(x, X)
        return mean - 2.0 * std
"""

SUBCLASS_KEEPS_A_VALUE = """\
import jax.numpy as jnp
from gpkit import GP


class CachingGP(GP):
    def predict(self, x, X):
        mean, std = super().predict(x, X)
        self.last_std = std
        return mean, std


model = CachingGP(0.1)
X = jnp.arange(8.0).reshape(4, 2) / 8
acq = model.acquisition(jnp.array([0.3, 0.7]), X)
print(model.last_std * 2.0)
"""

# a reduction of jaxcont: a problem object built around the user's model, marched by a jitted scan that calls it
CONTINUATION_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


class Problem:
    def __init__(self, f, u0, p0):
        self.f, self.u0, self.p0 = f, jnp.asarray(u0), p0


def problem(f, u0, p0):
    return Problem(f, u0, p0)


@partial(jax.jit, static_argnums=0)
def _march(rhs, u0, ps):
    def step(u, p):
        u = u - 0.1 * rhs(u, p)
        return u, u
    return jax.lax.scan(step, u0, ps)[1]


def continuation(prob, ps):
    rhs = lambda u, p: prob.f(u, p)
    return _march(rhs, prob.u0, jnp.asarray(ps))
"""

MODEL_KEEPS_ITS_RESIDUAL = """\
import jax.numpy as jnp
import contlib


class Decay:
    def __init__(self, rate):
        self.rate = rate
        self.last = None

    def __call__(self, u, p):
        r = self.rate * p * u
        self.last = r
        return r


model = Decay(0.5)
prob = contlib.problem(model, jnp.ones(2), 1.0)
branch = contlib.continuation(prob, [1.0, 1.5, 2.0])
print(jnp.linalg.norm(model.last))
"""

# a reduction of jaxbo's score_candidates: the user's acquisition vmapped over the candidates
SCORING_LIBRARY = """\
import jax


def score(acq_fn, means, stds, best):
    return jax.vmap(lambda m, s: acq_fn(m, s, best))(means, stds)
"""

SCIPY_NORM_BY_NAME = """\
import jax.numpy as jnp
from scipy.stats import norm
import scoring


def neg_prob_improvement(mean, std, best):
    z = (best - mean) / std
    return -norm.cdf(z)


scoring.score(neg_prob_improvement, jnp.linspace(0.0, 1.0, 5), jnp.ones(5), 0.2)
"""

# a reduction of jaxray: a decorator whose wrapper adds a keyword of its own around the user's function
INTERCEPT_LIBRARY = """\
from functools import wraps


def intercept(fn):
    @wraps(fn)
    def wrapper(*args, cache=frozenset(), **kwargs):
        kept = {}

        def _save(name, value):
            if name in cache:
                kept[name] = value
            return value
        return fn(*args, _save=_save, **kwargs), kept
    return wrapper
"""

DECORATORS_KEYWORD_JITTED = """\
import jax
import jax.numpy as jnp
from probes import intercept


@intercept
def mlp(w, x, _save):
    h = _save('hidden', jnp.tanh(x @ w))
    return h.sum()


fast = jax.jit(mlp)
out, acts = fast(jnp.ones((3, 2)), jnp.ones((4, 3)), cache={'hidden'})
"""

# a reduction of diffjeom: the user's metric differentiated with jax.jacfwd
GEOMETRY_LIBRARY = """\
import jax


def curvature(x, metric):
    return jax.jacfwd(metric)(x)
"""

NUMPY_DIAGONAL_OF_A_LIST = """\
import jax.numpy as jnp
import numpy as np
from geometry import curvature


def sphere(x):
    theta = x[0]
    return np.diag([1.0, np.sin(theta) ** 2])


curvature(jnp.array([0.7, 0.2]), sphere)
"""

# a reduction of solvax: the operator packed into a pytree of its code object (its closure's arrays would be the
# leaves), rebuilt inside the jit as a new function from that code
PACKING_LIBRARY = """\
import types

import jax
import jax.numpy as jnp


class _Packed:
    def __init__(self, fn):
        self.spec = (fn.__code__, fn.__globals__, fn.__name__)


jax.tree_util.register_pytree_node(_Packed, lambda p: ((), p.spec), lambda spec, _: types.FunctionType(*spec))


def _solve(matvec, b):
    def body(i, x):
        return x + 0.1 * (b - matvec(x))
    return jax.lax.fori_loop(0, 5, body, jnp.zeros_like(b))


_jitted = jax.jit(_solve)


def solve(matvec, b):
    return _jitted(_Packed(matvec), b)
"""

OPERATOR_WITH_A_PYTHON_IF = """\
import jax.numpy as jnp
import krylov


def matvec(v):
    if jnp.all(v == 0):
        return v
    return 2.0 * v - jnp.roll(v, 1)


krylov.solve(matvec, jnp.ones(8))
"""

# a reduction of vmec_jax's VmecInput: a dataclass whose __post_init__ makes its field a Python float
CONFIG_LIBRARY = """\
import dataclasses


@dataclasses.dataclass
class Input:
    flux: float = 1.0

    def __post_init__(self):
        self.flux = float(self.flux)
"""

CONFIGS_MAPPED = """\
import dataclasses
import jax
import jax.numpy as jnp
from config import Input

base = Input(flux=1.0)


def with_flux(flux):
    return dataclasses.replace(base, flux=flux)


inputs = jax.vmap(with_flux)(jnp.linspace(0.5, 1.5, 4))
"""

# a reduction of jaxbo's GP.predict: jitted with only ``self`` static, every keyword traced
OPTIONS_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


class GP:
    @partial(jax.jit, static_argnums=(0,))
    def predict(self, x, **kwargs):
        params, batch = kwargs["params"], kwargs["batch"]
        k = jnp.exp(-jnp.sum((batch["X"] - x) ** 2, -1) / jnp.exp(params[0]))
        return k @ batch["y"], jnp.sqrt(jnp.abs(1.0 - k @ k / 10))
"""

OPTIONS_SPREAD_WITH_ARRAYS = """\
import jax.numpy as jnp
from gplib import GP

options = {"kernel": "RBF", "criterion": "LCB"}
model = GP()
batch = {"X": jnp.ones((4, 2)), "y": jnp.arange(4.0)}
kwargs = dict(options, params=jnp.zeros(1), batch=batch)
mean, std = model.predict(jnp.array([0.3, 0.7]), **kwargs)
"""


def test_a_subclass_method_a_librarys_jitted_method_calls_is_tried_through_that_method(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "gpkit", GP_LIBRARY)
    found = explained_cell("subclass-keeps", JAXBO, SUBCLASS_KEEPS_A_VALUE, tmp_path)
    assert (found.kind, found.lineno) == ("leaked-tracer", 8), tried(found)
    kinds = {f.kind: f for f in found.fixes}
    assert kinds["jax.debug.print"].verified is True, tried(found)  # the trace ran the method
    # the library uses what predict returns: returning one more value breaks it, and the try shows it
    assert kinds["return-value"].verified is False and "runs it" in kinds["return-value"].outcome, tried(found)
    assert found.fixes[0].kind == "jax.debug.print", tried(found)


def test_an_object_a_librarys_problem_holds_is_tried_through_the_call_that_runs_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "contlib", CONTINUATION_LIBRARY)
    found = explained_cell("model-keeps", JAXCONT, MODEL_KEEPS_ITS_RESIDUAL, tmp_path)
    assert (found.kind, found.lineno) == ("leaked-tracer", 12), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jax.debug.print", True), tried(found)
    assert "problem" not in top.outcome, top.outcome  # not the line that only built the problem


def test_scipys_distribution_imported_by_name_becomes_jaxs(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "scoring", SCORING_LIBRARY)
    found = explained_cell("norm-by-name", JAXBO_ACQ, SCIPY_NORM_BY_NAME, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "mean", 8), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp-not-np", True), tried(found)
    assert "jax.scipy.stats.norm.cdf(z)" in top.code, top.code


def test_a_decorators_own_keyword_is_bound_before_the_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "probes", INTERCEPT_LIBRARY)
    found = explained_cell("decorator-keyword", JAXRAY, DECORATORS_KEYWORD_JITTED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "cache", 13), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "fast = jax.jit(functools.partial(mlp, cache={'hidden'}))" in top.code, top.code
    assert "out, acts = fast(jnp.ones((3, 2)), jnp.ones((4, 3)))" in top.code, top.code
    assert all(f.kind != "register-pytree" for f in found.fixes), tried(found)  # a set is no class to register


def test_a_list_given_to_numpy_is_made_an_array_for_jnp(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "geometry", GEOMETRY_LIBRARY)
    found = explained_cell("diag-of-a-list", DIFFJEOM, NUMPY_DIAGONAL_OF_A_LIST, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "x", 8), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp-not-np", True), tried(found)
    assert "jnp.diag(jnp.array([1.0, jnp.sin(theta) ** 2]))" in top.code, top.code


def test_a_librarys_packed_operator_is_given_again_as_the_library_gave_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "krylov", PACKING_LIBRARY)
    found = explained_cell("packed-operator", SOLVAX, OPERATOR_WITH_A_PYTHON_IF, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "v", 6), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), tried(found)
    assert "your `matvec` alone" in top.outcome, top.outcome


def test_a_vmapped_maker_of_python_objects_is_looped_plainly(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "config", CONFIG_LIBRARY)
    found = explained_cell("configs-mapped", VMEC_JAX, CONFIGS_MAPPED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("concretization", "flux", 10), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "inputs = [with_flux(flux) for flux in jnp.linspace(0.5, 1.5, 4).tolist()]" in top.code, top.code
    assert "jax.jit" not in top.code, top.code


def test_options_spread_with_arrays_into_a_librarys_jit_are_left_out(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "gplib", OPTIONS_LIBRARY)
    found = explained_cell("options-spread", JAXBO_TUTORIAL, OPTIONS_SPREAD_WITH_ARRAYS, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "kwargs", 8), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "kwargs = {k: v for k, v in kwargs.items() if k not in ('kernel', 'criterion')}" in top.code, top.code
