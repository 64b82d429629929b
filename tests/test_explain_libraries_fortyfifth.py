"""Issue 26, forty-first round: patterns of the forty-ninth held-out set (tinydiffeq, stljax, powerpax;
cached_interpolate, ghq, jax_zero_contour), each a reduction of its own.

- a body handed to a library's scan that stores its state in a list, the library running the body's first step
  under a jit of its own (powerpax's ``sliced_scan``): the value output from each step, and the user's call of the
  library's scan taking the stacked values, tried through that call;
- a SciPy function called twice on the failing line (``expit(z)`` and ``expit(-z)``): both calls given
  ``jax.scipy``'s twin;
- an object whose class takes its array library as a module, ``backend=numpy`` by default, and names JAX among the
  choices (cached_interpolate's ``CachingInterpolant``): made with ``backend=jnp`` from arguments NumPy computes,
  and tried with the new object in place of the old;
- ``int(...)`` of ``jnp`` calls on constants inside the jit: NumPy for them, not the line moved out;
- an equinox Module handed where a library's jit holds the function static (ghq's integrand): handed as a lambda
  that calls it, tried through that jit;
- a dict bound with ``jax.tree_util.Partial`` to the function a library's jit traces (jax_zero_contour's ``f``),
  whose integer entry the function needs as a Python int: that parameter named, read from the line;
- a plain function handed where such a jit traces it: wrapped in ``jax.tree_util.Partial``, in a kernel too;
- a constant key of a library function's result (``path_reduce(paths)["path"]``) is no mask: no ``jnp.where``
  with a string in it.
"""
from __future__ import annotations

import pytest
from corpus_harness import explained_cell, install_library, tried

POWERPAX = "https://powerpax.readthedocs.io/en/latest/reference.html"  # sliced_scan: lax.scan, its output sliced
GHQ = "https://github.com/dwiddo/ghq"  # univariate(f, mu, sd, degree): Gauss-Hermite quadrature, f static
CACHED_INTERPOLATE = "https://github.com/ColmTalbot/cached_interpolate"  # README: backend=torch, jax, cupy
ZERO_CONTOUR = "https://github.com/CKrawczyk/jax_zero_contour"  # README: f wrapped in jax.tree_util.Partial

# a reduction of powerpax's sliced_scan: the first step run alone under a jit, the rest in nested scans
SLICED_SCAN_LIBRARY = """\
import jax


def sliced_scan(f, init, xs, length, step):
    carry, _ = jax.jit(f)(init, None)

    def chunk(carry, _):
        carry, ys = jax.lax.scan(f, carry, None, length=step)
        return carry, jax.tree_util.tree_map(lambda y: y[-1], ys)

    return jax.lax.scan(chunk, carry, None, length=(length - 1) // step)
"""

SNAPSHOTS_IN_A_LIST = """\
import jax
import jax.numpy as jnp
import slicedscan

snapshots = []


def diffuse(u, _):
    u = u + 0.1 * (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1))
    snapshots.append(u)
    return u, None


u0 = jnp.zeros(16).at[8].set(1.0)
u_final, _ = slicedscan.sliced_scan(diffuse, u0, None, length=41, step=10)
movie = jnp.stack(snapshots)
"""

# a reduction of ghq.univariate: Gauss-Hermite nodes for a static degree, the integrand static too, vmapped
QUADRATURE_LIBRARY = """\
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=(0, 3))
def univariate(f, mu, sd, degree):
    nodes, weights = np.polynomial.hermite_e.hermegauss(degree)
    xs = mu + sd * jnp.asarray(nodes)[:, None]
    return jnp.tensordot(jnp.asarray(weights) / np.sqrt(2 * np.pi), jax.vmap(f)(xs), axes=1)
"""

SCIPY_TWICE_ON_THE_LINE = """\
import jax
import jax.numpy as jnp
import quadrature
from scipy.special import expit

labels = jnp.array([1.0, 0.0, 1.0, 1.0])


@jax.jit
def expected_loglik(mu, sd):
    def integrand(logit):
        return labels * jnp.log(expit(logit)) + (1 - labels) * jnp.log(expit(-logit))
    return quadrature.univariate(integrand, mu * jnp.ones(4), sd * jnp.ones(4), 12).sum()


expected_loglik(0.2, 0.7)
"""

DEGREE_FROM_JNP = """\
import jax
import jax.numpy as jnp
import quadrature

TOL = 1e-4


@jax.jit
def second_moment(mu, sd):
    degree = int(8 * jnp.ceil(-jnp.log10(TOL)))
    return quadrature.univariate(jnp.square, mu, sd, degree)


second_moment(jnp.array([0.3]), jnp.array([0.5]))
"""

MODULE_AS_STATIC_INTEGRAND = """\
import equinox as eqx
import jax
import jax.numpy as jnp
import quadrature

net = eqx.nn.MLP(1, 1, width_size=8, depth=1, key=jax.random.PRNGKey(0))


@eqx.filter_jit
def smoothed_output(model, mu, sd):
    return quadrature.univariate(model, mu, sd, 10)


smoothed_output(net, jnp.array([0.3]), jnp.array([0.5]))
"""

# a reduction of cached_interpolate's CachingInterpolant: its array library a module, NumPy unless told otherwise
INTERPOLANT_LIBRARY = """\
import numpy


class CachingInterpolant:
    \"\"\"A linear interpolant evaluated at fixed points.

    Any array library can evaluate it (`numpy`, `cupy`, `jax`): pass its module as ``backend``.
    \"\"\"

    def __init__(self, x, y, backend=numpy):
        self.backend = backend
        self.x = numpy.asarray(x)
        self.y = numpy.asarray(y)

    def __call__(self, x, y=None):
        y = self.y if y is None else numpy.asarray(y) if self.backend is numpy else y
        return self.backend.interp(x, self.x, y)
"""

NUMPY_BACKEND_UNDER_GRAD = """\
import jax
import jax.numpy as jnp
import numpy as np
from interpolants import CachingInterpolant

knots = np.linspace(0.0, 1.0, 12)
obs_x = np.linspace(0.05, 0.95, 40)
obs_y = np.sin(3.0 * obs_x)
interp = CachingInterpolant(knots, np.zeros_like(knots))


def loss(heights):
    pred = interp(obs_x, y=heights)
    return jnp.mean((pred - obs_y) ** 2)


jax.grad(loss)(jnp.zeros(12))
"""

# a reduction of jax_zero_contour: a jitted walk along a level set of ``f``, which it traces (a Partial's pytree)
CONTOUR_LIBRARY = """\
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n",))
def follow(f, start, n=20):
    def step(pos, _):
        g = jax.grad(f)(pos)
        pos = pos + 0.05 * jnp.array([-g[1], g[0]])
        return pos, f(pos)
    return jax.lax.scan(step, start, None, length=n)


def path_reduce(paths):
    keep = jnp.isfinite(paths["value"])
    return {"path": paths["path"][keep], "value": paths["value"][keep]}
"""

PARTIAL_BOUND_ORDER = """\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
import contours


def petal_level(params, pos):
    angle = jnp.arctan2(pos[1], pos[0])
    edge = params["size"]
    for j in range(1, params["harmonics"] + 1):
        edge = edge + 0.2 * jnp.sin(j * params["petals"] * angle)
    return pos @ pos - edge


params = {"size": 2.0, "petals": 5.0, "harmonics": 2}
path, values = contours.follow(Partial(petal_level, params), jnp.array([1.3, 0.1]))
"""

PLAIN_FUNCTION_TRACED = """\
import jax
import jax.numpy as jnp
import contours


def ellipse(pos):
    return (pos[0] / 2.0) ** 2 + pos[1] ** 2 - 1.0


path, values = contours.follow(ellipse, jnp.array([1.9, 0.1]), n=30)
"""

KEY_OF_A_RESULT = """\
import jax
import jax.numpy as jnp
import contours


@jax.jit
def mean_radius(guess):
    values = jnp.where(jnp.arange(8) < 6, guess[0], jnp.nan)
    points = contours.path_reduce({"path": jnp.ones((8, 2)), "value": values})["path"][0]
    return jnp.linalg.norm(points)


mean_radius(jnp.array([1.4, 0.3]))
"""


def test_a_list_a_librarys_scan_body_appends_to_becomes_the_scans_output(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "slicedscan", SLICED_SCAN_LIBRARY)
    found = explained_cell("sliced-scan-append", POWERPAX, SNAPSHOTS_IN_A_LIST, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("leaked-tracer", "u", "return-value", True), \
        tried(found)
    assert "return (u, snapshots_item)" in top.code, top.code
    assert "u_final, snapshots_items = slicedscan.sliced_scan(diffuse, u0, None, length=41, step=10)" in top.code
    assert "the jitted function returns it too" not in top.summary, top.summary


def test_every_call_of_a_scipy_function_on_the_line_gets_its_twin(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "quadrature", QUADRATURE_LIBRARY)
    found = explained_cell("scipy-twice", GHQ, SCIPY_TWICE_ON_THE_LINE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("array-conversion", "logit", "jnp-not-np", True), \
        tried(found)
    assert top.code.count("jax.scipy.special.expit(") == 2, top.code


def test_an_object_made_with_numpy_as_its_backend_module_is_made_with_jnp(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "interpolants", INTERPOLANT_LIBRARY)
    found = explained_cell("backend-module", CACHED_INTERPOLATE, NUMPY_BACKEND_UNDER_GRAD, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("array-conversion", "heights", "jnp-not-np",
                                                                    True), tried(found)
    assert top.code == "interp = CachingInterpolant(knots, np.zeros_like(knots), backend=jnp)", top.code


def test_an_int_of_jnp_calls_on_constants_is_computed_with_numpy_where_it_stands(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "quadrature", QUADRATURE_LIBRARY)
    found = explained_cell("degree-from-jnp", GHQ, DEGREE_FROM_JNP, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == (None, "numpy-for-static", True), tried(found)
    assert "int(8 * np.ceil(-np.log10(TOL)))" in top.code, top.code
    assert not any("moved before" in f.code for f in found.fixes), tried(found)


def test_a_module_handed_as_a_librarys_static_function_is_handed_in_a_lambda(tmp_path, monkeypatch):
    pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
    install_library(tmp_path, monkeypatch, "quadrature", QUADRATURE_LIBRARY)
    found = explained_cell("module-static-integrand", GHQ, MODULE_AS_STATIC_INTEGRAND, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "model", "hashable-static",
                                                                    True), tried(found)
    assert top.code == "quadrature.univariate(lambda *args, **kwargs: model(*args, **kwargs), mu, sd, 10)", top.code


def test_a_dict_bound_by_partial_is_named_where_the_line_reads_its_count(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "contours", CONTOUR_LIBRARY)
    found = explained_cell("partial-bound-count", ZERO_CONTOUR, PARTIAL_BOUND_ORDER, tmp_path)
    assert (found.kind, found.argument, found.path) == ("integer-conversion", "params", "params['harmonics']"), \
        tried(found)
    assert found.fixes[0].kind == "static" and found.fixes[0].verified is True, tried(found)


def test_a_plain_function_a_librarys_jit_traces_is_wrapped_in_partial(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "contours", CONTOUR_LIBRARY)
    found = explained_cell("plain-function-traced", ZERO_CONTOUR, PLAIN_FUNCTION_TRACED, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("non-array-argument", "register-pytree", True), tried(found)
    assert top.code == "contours.follow(jax.tree_util.Partial(ellipse), jnp.array([1.9, 0.1]), n=30)", top.code


def test_a_constant_key_of_a_librarys_result_is_no_mask(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "contours", CONTOUR_LIBRARY)
    found = explained_cell("key-of-a-result", ZERO_CONTOUR, KEY_OF_A_RESULT, tmp_path)
    assert found.kind == "boolean-index", tried(found)
    assert not any("'path'" in f.code for f in found.fixes), tried(found)


def test_in_a_kernel_a_plain_function_a_librarys_jit_traces_is_wrapped_in_partial(tmp_path, monkeypatch):
    from notebook_support import run_notebook

    install_library(tmp_path, monkeypatch, "contours", CONTOUR_LIBRARY)
    site = tmp_path / "lib" / "python3" / "site-packages"
    cells = run_notebook([f"import sys\nsys.path.insert(0, {str(site)!r})\n%load_ext jaxmagic\n%jittrace_explain on",
                          PLAIN_FUNCTION_TRACED], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[1].outputs)
    assert "contours.follow(jax.tree_util.Partial(ellipse), jnp.array([1.9, 0.1]), n=30)" in shown, shown
    assert "✓ verified" in shown, shown
