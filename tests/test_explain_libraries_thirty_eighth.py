"""Issue 26, thirty-fourth round: patterns found by the forty-second held-out set, and mends noted last round.

Found by the forty-second held-out set (jax-bandflux, halox, feax; nuance, jax-pme, spectrax-lib), measured before:

- A validity check that raises (``if M < model.m_min or M > model.m_max: raise ValueError(...)``) in a function the
  user vmaps: only a ``lax.cond`` pattern was offered. The check is kept as data: NaN returned where it fails
  (``jnp.where``), or recorded by ``checkify``.
- A NumPy mask given to the user's ``jax.jit(calculator.energy, static_argnames="pbc")``: a pattern only, and no
  argument. It is bound into the function with ``functools.partial`` before the jit (tried), and named.
- A NumPy array of integers (a grid's shape) given to a library's jit that holds it static: the tuple of its ints is
  tried, and comes first.
- ``cache.at[:, pos:pos + n].set(k)`` with a traced ``pos``: ``lax.dynamic_slice_in_dim`` was written on
  ``cache.at`` (it failed); it is ``lax.dynamic_update_slice_in_dim(cache, k, pos, axis=1)``.
- A leak stored by a lambda a library calls (a forward hook appending to a list): jaxmagic's own analysis failed
  (a lambda's body is one expression).
- ``float()`` of a traced value became ``.astype(jnp.float32)``, which breaks a library's loop carry where the
  library turned 64-bit floats on (nuance); it is ``.astype(float)``, JAX's default float, as JAX's message says.
- A traced index into a list of band names under ``vmap``: the loop over the values (static) comes first, as it
  does under jit.
- A value a nested function stores on ``self`` (feax's tensor map, returned by a method and vmapped by the library):
  no argument was named (the method holding it has none); it is the nested function's parameter it is computed from.

Noted last round:

- A leaf of a pytree argument read as a Python number by a library under ``jax.grad`` with no jit (bilby's NumPy
  likelihoods): the static fix wrapped the gradient in a ``jax.jit`` only to make the leaf static. ``grad`` traces
  only the arguments it differentiates, so the leaf passed by keyword stays a Python value: no jit is needed.
- A function stored on the way out of a trace (``operators["R"] = partial(grid, uvw, 2.0)``): printing it with
  ``jax.debug.callback`` was offered, but a ``functools.partial`` is no array and no pytree; nothing to print.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried
from test_explain_libraries_thirty_seventh import BILBY, GRADIENT_OF_NUMPY, JAXBIND, NUMPY_LIKELIHOOD, OPERATOR_STORED


def test_a_leaf_under_grad_alone_is_passed_by_keyword_with_no_jit_added(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_numpy_likelihood", NUMPY_LIKELIHOOD)
    found = explained_cell("gradient-of-numpy", BILBY, GRADIENT_OF_NUMPY, tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    assert "jax.jit" not in static.code, tried(found)
    assert "jax.grad(log_like)(theta, sigma=theta['sigma'])" in static.code, static.code
    assert "pass 'sigma' by keyword" in static.code, static.code


def test_a_stored_function_is_not_offered_to_a_printing_callback(tmp_path):
    found = explained_cell("operator-stored", JAXBIND, OPERATOR_STORED, tmp_path)
    assert [f.kind for f in found.fixes] == ["return-value"], tried(found)
    assert found.fixes[0].verified, tried(found)


HALOX = "https://github.com/fkeruzore/halox/blob/main/README.md"
JAXPME = "https://github.com/lab-cosmo/jax-pme/blob/main/README.md"
SPECTRAX = "https://github.com/erfanzar/spectrax/blob/main/README.md"
NUANCE = "https://github.com/lgrcia/nuance/blob/main/docs/notebooks/templates.ipynb"
BANDFLUX = "https://github.com/samleeney/JAX-bandflux/blob/master/README.md"

# a concentration-mass relation fit over a range of masses (halox's ``cm.duffy08``, reduced)
RELATION_LIBRARY = """\
import jax.numpy as jnp


class Duffy08:
    m_min, m_max = 1e11, 1e15

    def __call__(self, m, z):
        return 5.7 * (m / 2e12) ** -0.084 * (1 + z) ** -0.47
"""

RAISING_GUARD = """\
import jax
import jax.numpy as jnp
import toy_relations

model = toy_relations.Duffy08()


def concentration(M, z):
    if M < model.m_min or M > model.m_max:
        raise ValueError("mass outside the calibration range")
    return model(M, z)


jax.vmap(concentration, in_axes=(0, None))(jnp.logspace(11.0, 15.0, 8), 0.5)
"""


def test_a_raising_check_under_vmap_is_kept_as_data_or_recorded_by_checkify(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_relations", RELATION_LIBRARY)
    found = explained_cell("raising-guard", HALOX, RAISING_GUARD, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "M", 9), found.message
    assert [(f.kind, f.verified) for f in found.fixes[:2]] == [("jnp.where", True), ("checkify", True)], tried(found)
    where, check = found.fixes[0].code, found.fixes[1].code
    assert "invalid = (M < model.m_min) | (M > model.m_max)" in where, where
    assert "return jnp.where(invalid, jnp.nan, model(M, z))" in where, where
    assert "'mass outside the calibration range'" in check, check
    namespace = {"__name__": "pasted"}  # the fix pasted in place of the check: NaN for the masses out of range
    exec(RAISING_GUARD.replace("    if M < model.m_min or M > model.m_max:\n        raise ValueError(\"mass outside "
                               "the calibration range\")\n    return model(M, z)\n",
                               "    invalid = (M < model.m_min) | (M > model.m_max)\n"
                               "    return jnp.where(invalid, jnp.nan, model(M, z))\n"), namespace)


PME_LIBRARY = """\
import numpy as np
import jax.numpy as jnp


def energy(charges, positions, *args, **kwargs):
    pbc = kwargs.get("pbc")
    if pbc is not None and not np.any(pbc):
        raise ValueError("at least one periodic direction is needed")
    return jnp.sum(charges[:, None] * positions)
"""

STATIC_MASK = """\
import jax
import numpy as np
import toy_pme

charges, positions = np.array([1.0, -1.0]), np.ones((2, 3))
pbc = np.array([True, True, True])
energy_fn = jax.jit(toy_pme.energy, static_argnames="pbc")
energy_fn(charges, positions, pbc=pbc)
"""


def test_a_numpy_mask_marked_static_on_a_library_function_is_bound_with_partial(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_pme", PME_LIBRARY)
    found = explained_cell("static-mask", JAXPME, STATIC_MASK, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("unhashable-static", "pbc", 8), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "energy_fn = jax.jit(functools.partial(toy_pme.energy, pbc=pbc))" in top.code, top.code
    assert "energy_fn(charges, positions)" in top.code, top.code


KSPACE_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="shape")
def kvectors(reciprocal, shape):
    grid = jnp.stack(jnp.meshgrid(*[jnp.fft.fftfreq(n) * n for n in shape], indexing="ij"), axis=-1)
    return grid @ reciprocal
"""

SHAPE_ARRAY = """\
import jax.numpy as jnp
import numpy as np
import toy_kspace

shape = 2 * np.array([3, 3, 3])
toy_kspace.kvectors(jnp.eye(3), shape=shape)
"""


def test_an_integer_array_held_static_by_a_librarys_jit_is_passed_as_a_tuple_tried_first(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_kspace", KSPACE_LIBRARY)
    found = explained_cell("shape-array", JAXPME, SHAPE_ARRAY, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("unhashable-static", "shape", 6), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), tried(found)
    assert "shape=tuple(shape.tolist())" in top.code, top.code


KEY_CACHE = """\
import jax
import jax.numpy as jnp


@jax.jit
def write(cache, k, pos):
    return cache.at[:, pos:pos + k.shape[1]].set(k)


write(jnp.zeros((1, 64, 16)), jnp.ones((1, 1, 16)), 5)
"""


def test_a_window_written_at_a_traced_start_is_a_dynamic_update_slice(tmp_path):
    found = explained_cell("key-cache", SPECTRAX, KEY_CACHE, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "pos", 7), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.dynamic_slice", True), tried(found)
    assert top.code == "jax.lax.dynamic_update_slice_in_dim(cache, k, pos, axis=1)", top.code


HOOK_LIBRARY = """\
import jax.numpy as jnp


class Module:
    def __init__(self):
        self.hooks = []
        self.w = jnp.ones((8, 16))

    def register_forward_hook(self, hook):
        self.hooks.append(hook)

    def __call__(self, x):
        out = jnp.maximum(x @ self.w, 0)
        for hook in self.hooks:
            hook(self, out)
        return out
"""

HOOK_LEAK = """\
import jax
import jax.numpy as jnp
import toy_modules

encoder = toy_modules.Module()
features = []
encoder.register_forward_hook(lambda module, out: features.append(out))

summary = jax.jit(lambda x: encoder(x).mean(axis=0))(jnp.ones((4, 8)))
dead = jnp.mean(features[0] <= 0)
"""


def test_a_leak_stored_by_a_lambda_a_library_calls_is_explained(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_modules", HOOK_LIBRARY)
    found = explained_cell("hook-leak", SPECTRAX, HOOK_LEAK, tmp_path)
    assert found.kind == "leaked-tracer" and "analysis failed" not in found.message, found.message
    assert found.use_lineno == 10 and found.fixes, found.message


FLOAT_OF_TRACED = """\
import jax
import jax.numpy as jnp


@jax.jit
def scale_of(params):
    sigma = float(jnp.exp(params["log_sigma"]))
    return sigma * 2


scale_of({"log_sigma": jnp.log(0.3)})
"""


def test_float_of_a_traced_value_becomes_jaxs_default_float(tmp_path):
    found = explained_cell("float-of-traced", NUANCE, FLOAT_OF_TRACED, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("astype", True), tried(found)
    assert top.code.startswith("jnp.exp(params['log_sigma']).astype(float)"), top.code


BAND_LIBRARY = """\
import jax.numpy as jnp

_CENTRES = {"bessellb": 4400.0, "bessellv": 5500.0, "bessellr": 6400.0}


def bandflux(params, band, phase):
    return params["x0"] * jnp.exp(-phase ** 2) * _CENTRES[band]
"""

BAND_NAMES = """\
import jax
import jax.numpy as jnp
import toy_bands

band_names = ["bessellb", "bessellv", "bessellr"]
params = {"x0": 1e-5}


def peak_flux(params, band_idx):
    return toy_bands.bandflux(params, band_names[band_idx], 0.0)


jax.vmap(peak_flux, in_axes=(None, 0))(params, jnp.arange(3))
"""


def test_an_index_into_names_under_vmap_loops_over_the_values_first(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_bands", BAND_LIBRARY)
    found = explained_cell("band-names", BANDFLUX, BAND_NAMES, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "band_idx", 10), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "for band_idx in jnp.arange(3).tolist()" in top.code, top.code


FEAX = "https://github.com/Naruki-Ichihara/feax/blob/main/README.md"

TENSOR_MAP_STORE = """\
import jax
import jax.numpy as jnp


class Problem:
    def get_tensor_map(self):
        def stress(u_grad):
            sigma = 2.0 * (u_grad + u_grad.T)
            self.last_stress = sigma
            return sigma
        return stress


problem = Problem()
out = jax.vmap(problem.get_tensor_map())(jnp.ones((3, 2, 2)))
jnp.linalg.norm(problem.last_stress)
"""


def test_a_store_on_self_in_a_nested_function_names_that_functions_parameter(tmp_path):
    found = explained_cell("tensor-map-store", FEAX, TENSOR_MAP_STORE, tmp_path)
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "u_grad", 9, 16), \
        found.message
