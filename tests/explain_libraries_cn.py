"""Held-out library cases (set N): scarlet2, ivy (JAX backend), iminuit used with JAX.

How they were built: each cell is my own minimal reduction of a pattern from a scarlet2 / ivy / iminuit
issue, discussion or API page (source field). Every cell was written to a file and run with
/tmp/heldout46/venv_cn/bin/python (CPython 3.11.7); every statement but the last runs and the last raises.
`line`/`use_line` were read off the traceback frames in the cell file. Fixes marked "checked" were applied by hand
to a copy of the cell and re-run without error.
Environment: venv_cn built with --system-site-packages on top of jax 0.10.2, jaxlib 0.10.2, flax 0.12.8,
equinox 0.13.8, optax 0.2.8, numpy 2.4.6 (all unchanged); installed scarlet2 0.5.1, ivy 1.0.0.5, iminuit 2.33.0
(pip added astropy 8.0.2, varname, h5py, dill, gast and a few others; numpyro 0.22.0 and scipy 1.17.1 came from the
system site-packages). CPU only; no GPU was used.
Notes on the libraries:
- ivy 1.0.0.5 is partly broken on JAX 0.10: ivy.to_numpy / to_scalar / printing an ivy.Array raise AttributeError
  (jax.interpreters.batching.BatchTracer no longer exists), and ops on tracers fail a device check unless
  ivy.set_soft_device_mode(True) is set (ivy's own error message tells users to do so), so every ivy cell sets it.
  Several ivy errors are JAX exceptions re-raised by ivy as IvyBackendException (noted per case).
  ivy's JAX backend `pow` (x ** 2 on an ivy.Array) itself raises TracerBoolConversionError under jit; the cells
  avoid `**` on ivy arrays (ivy.square) so that each raises only its intended error. No case was built on that bug
  because no fix in the vocabulary fits it.
- scarlet2 calls jnp on static Python values in places that need ints (GaussianMorphology box size, starlet scale
  count), so inside jit these fail even when the user's value is static; two cases rely on this.
Dropped: nothing failed to install or import. A drafted ivy.dropout(rate traced) case was dropped (its label was
ambiguous between bool-conversion and concretization). No library from the exclusion lists was used.

Doubts about labels:
- n-scarlet2-spectrum-if-slope: JAX's message names scarlet2's internal argument (dynamic_nodonate...) not the user's;
  argument 'self' follows the "method the library traces" rule; path could be written as just 'slope'.
- n-scarlet2-gaussian-size-jit: kind could be concretization (JAX raises it for int()); the first fix could be
  called 'static' (give the library a static shape) rather than 'numpy-for-static'.
- n-scarlet2-source-center-vmap: traced-shape is defensible (the value fixes the box origin, a slice bound);
  the fix 'static' means "keep the box-defining center out of the transform", which is a restructuring.
- n-scarlet2-scene-jax-jit: path could be another non-array leaf (frame.wcs, channel names); registry_key is the
  one JAX names. eqx.filter_jit as 'static' is my reading of the vocabulary.
- n-scarlet2-starlet-from-image-jit: argument None because the tracer comes from jnp on a constant shape, not from
  the image; someone could answer 'image'. Fix order numpy-for-static (root cause, library side) vs static
  (user side: move the call out of jit) is debatable.
- n-scarlet2-box-from-data-jit: exception is TracerBoolConversionError from the library's `if`, so bool-conversion is
  defensible; boolean-index too (jnp.where(sel) without size comes next).
- n-scarlet2-morph-leak: argument could be None (the stored image is an intermediate) or 'self' with path
  'self.size' (the fitted leaf it depends on), which I chose.
- n-ivy-bool-mask-mean-jit: exception is ConcretizationTypeError (nonzero size), so concretization is defensible;
  size-argument is not a fit because the user never calls nonzero.
- n-ivy-clip-vector-norm-step: argument could be read as 'g'/'x'; I used the first jitted parameter the gradient depends on.
- n-ivy-float-log-jit: the value also depends on x and y; 'w' is the first parameter.
- n-ivy-if-nan-checkpoint: the guarded value depends on params['w'] and x; argument is the first parameter, params.
- n-ivy-linspace-num: bool-conversion is defensible (the exception class; ivy's own `if num < 0`).
- n-ivy-module-leak: argument could be 'self' (the method) since the tracer is stored on self; x is the traced input.
- n-ivy-power-iteration-range: 'static' first is defensible since n_iter is a configuration value.
- n-iminuit-unbinnednll-grad: line 12 is the user's lambda that calls the iminuit cost; frames 13 and 14 are the
  grad wrapper and migrad().
- n-iminuit-window-mask: path 'par' because Minuit passes one array; par[0]/par[1] (mu, sigma) are the components.
- n-iminuit-poly-order-range: concretization is defensible because the tracer is a float (TypeError, not
  TracerIntegerConversionError); lax.fori_loop is not a fit because the terms are summed over a Python tuple.
- n-iminuit-history-leak: the exception is TracerArrayConversionError, so array-conversion is defensible; 'return-value'
  is the closest vocabulary item for "keep the side effect outside the trace".
- n-iminuit-scan-decay-clamp: argument could be 'k' (the jitted cost's parameter) instead of the scan body's carry.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='n-scarlet2-spectrum-if-slope',
        source='https://github.com/pmelchior/scarlet2/issues/98',
        code="""\
import jax.numpy as jnp
import scarlet2 as sc
sc.set_validation(False)

class PowerLawSpectrum(sc.Spectrum):
    amp: jnp.ndarray
    slope: jnp.ndarray

    def __call__(self):
        if self.slope < 0:
            return self.amp * jnp.ones(3)
        return self.amp * jnp.arange(1.0, 4.0) ** self.slope

    @property
    def shape(self):
        return (3,)

frame = sc.Frame(sc.Box((3, 25, 25)))
obs = sc.Observation(jnp.ones((3, 25, 25)), jnp.ones((3, 25, 25)))
with sc.Scene(frame) as scene:
    sc.Source(jnp.array([12.0, 12.0]), PowerLawSpectrum(jnp.array(1.0), jnp.array(0.5)), sc.GaussianMorphology(2.0))
with sc.Parameters(scene):
    sc.Parameter(scene.sources[0].spectrum.slope, name="slope", stepsize=0.01)
scene.fit(obs, max_iter=3, progress_bar=False)
""",
        kind='bool-conversion', argument='self', path='self.slope', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-defined Spectrum branches with a Python `if` on its fitted `slope` field; Scene.fit traces __call__ inside its eqx.filter_jit/filter_value_and_grad step and JAX raises TracerBoolConversionError. Both branches are cheap and finite, so jnp.where keeps the result (lax.cond works too); checked.',
    ),
    Case(
        id='n-scarlet2-gaussian-size-jit',
        source='https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/morphology.py',
        code="""\
import jax
import jax.numpy as jnp
import scarlet2 as sc

@jax.jit
def psf_image(sigma):
    morph = sc.GaussianMorphology(sigma)
    img = morph()
    return img / img.sum()

psf_image(1.5)
""",
        kind='traced-shape', argument='sigma', path='sigma', line=7,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="GaussianMorphology.__init__ sizes its box with int(jnp.ceil(15*size)); inside jax.jit that raises ConcretizationTypeError (int). Passing shape=(23, 23) as plain Python ints keeps sigma traced and runs; checked. static_argnums on sigma does NOT work: the library's jnp.ceil turns even a static sigma into a tracer under jit (checked).",
    ),
    Case(
        id='n-scarlet2-source-center-vmap',
        source='https://github.com/pmelchior/scarlet2/pull/47',
        code="""\
import jax
import jax.numpy as jnp
import scarlet2 as sc
sc.set_validation(False)

frame = sc.Frame(sc.Box((2, 31, 31)))
morph = sc.GaussianMorphology(2.0)

def render_at(center):
    with sc.Scene(frame) as scene:
        sc.Source(center, jnp.array([1.0, 0.5]), morph)
    return scene()

centers = jnp.array([[10.0, 12.0], [15.0, 15.0], [20.0, 18.0]])
jax.vmap(render_at)(centers)
""",
        kind='concretization', argument='center', path='center', line=11,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='Source/Component.__init__ snaps the bounding box to the center via Box.set_center, which calls .item() per coordinate; under jax.vmap the center is a BatchTracer and JAX raises ConcretizationTypeError (item()). Fix: build the source once with a concrete center and vary only the center leaf inside the transform (eqx.tree_at), i.e. keep the box-defining value out of the traced inputs; checked, but it restructures the cell.',
    ),
    Case(
        id='n-scarlet2-scene-jax-jit',
        source='https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/scene.py',
        code="""\
import jax
import jax.numpy as jnp
import scarlet2 as sc
sc.set_validation(False)

frame = sc.Frame(sc.Box((2, 25, 25)))
with sc.Scene(frame) as scene:
    sc.Source(jnp.array([12.0, 12.0]), jnp.array([1.0, 2.0]), sc.GaussianMorphology(2.0))
data = jnp.ones((2, 25, 25))

@jax.jit
def chi2(scene, data):
    return jnp.sum((scene() - data) ** 2)

chi2(scene, data)
""",
        kind='non-array-argument', argument='scene', path='scene.registry_key', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A Scene is an equinox module whose leaves include strings (registry_key), astropy WCS and channel names; plain jax.jit rejects the string leaf with TypeError. Swapping jax.jit for eqx.filter_jit (non-array leaves become static) runs; checked. JAX's suggested static_argnums fails here because a Scene holds lists and is unhashable (checked).",
    ),
    Case(
        id='n-scarlet2-bands-unhashable',
        source='https://github.com/pmelchior/scarlet2/blob/main/docs/howto/timedomain.ipynb',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import scarlet2 as sc
sc.set_validation(False)

channels = [("g", 0), ("r", 0), ("g", 1), ("r", 1)]
frame = sc.Frame(sc.Box((4, 15, 15)), channels=channels)

@partial(jax.jit, static_argnames="bands")
def static_spectrum(data, bands):
    with sc.Scene(frame):
        spec = sc.StaticArraySpectrum(data, bands)
    return spec()

static_spectrum(jnp.array([1.0, 2.0]), bands=["g", "r"])
""",
        kind='unhashable-static', argument='bands', path='bands', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="Band names for StaticArraySpectrum are strings, so the user marks `bands` static but passes a list; jax.jit raises ValueError (non-hashable static argument). A tuple works with the library's bands.index lookup; checked.",
    ),
    Case(
        id='n-scarlet2-measure-centroid-grad',
        source='https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/measure.py',
        code="""\
import jax
import jax.numpy as jnp
import scarlet2 as sc

def centering_penalty(e):
    morph = sc.GaussianMorphology(2.0, ellipticity=e, shape=(21, 21))
    img = morph(delta_center=jnp.array([0.3, -0.2]))
    cy, cx = sc.measure.centroid(img)
    return (cy - 10.0) ** 2 + (cx - 10.0) ** 2

jax.grad(centering_penalty)(jnp.array([0.1, 0.05]))
""",
        kind='array-conversion', argument='e', path='e', line=8,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note="scarlet2.measure is written with NumPy (imported as jnp), so measure.centroid on a rendered model inside jax.grad raises TracerArrayConversionError. The fix is to compute the centroid with jax.numpy in the loss, which replaces the library call rather than editing the user's line.",
    ),
    Case(
        id='n-scarlet2-starlet-from-image-jit',
        source='https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/wavelets.py',
        code="""\
import jax
import jax.numpy as jnp
import scarlet2 as sc

yy, xx = jnp.mgrid[:32, :32]
image = jnp.exp(-((yy - 16.0) ** 2 + (xx - 16.0) ** 2) / 20.0)

@jax.jit
def init_coeffs(image):
    morph = sc.StarletMorphology.from_image(image)
    return morph.coeffs

init_coeffs(image)
""",
        kind='traced-shape', argument=None, path=None, line=10,
        fixes=('numpy-for-static', 'static'), verifiable=False, jax_fitting_fix=False,
        note="StarletMorphology.from_image -> starlet_transform -> get_scales computes int(jnp.log2(min(shape))); under jax.jit the jnp op on a static shape yields a tracer and JAX raises ConcretizationTypeError (int), whatever the image values. The root fix is NumPy for the scale count (library code); the user's fix is to call from_image outside jit and trace only the coefficients; checked.",
    ),
    Case(
        id='n-scarlet2-box-from-data-jit',
        source='https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/bbox.py',
        code="""\
import jax
import jax.numpy as jnp
import scarlet2 as sc

yy, xx = jnp.mgrid[:40, :40]
detection = jnp.exp(-((yy - 20.0) ** 2 + (xx - 18.0) ** 2) / 30.0)

@jax.jit
def footprint(det):
    box = sc.Box.from_data(det, min_value=0.05)
    return jnp.array(box.shape)

footprint(detection)
""",
        kind='traced-shape', argument='det', path='det', line=10,
        fixes=('numpy-for-static', 'static'), verifiable=False, jax_fitting_fix=False,
        note='Box.from_data thresholds the detection image to get a bounding box (a shape), starting with `if sel.any()`; under jit JAX raises TracerBoolConversionError in the library. A data-dependent box cannot be traced: compute it from concrete (NumPy) data outside jit and use the result as a static shape; checked.',
    ),
    Case(
        id='n-scarlet2-morph-leak',
        source='https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/infer.py',
        code="""\
import jax.numpy as jnp
import scarlet2 as sc
sc.set_validation(False)
snapshots = []

class LoggedGaussian(sc.GaussianMorphology):
    def __call__(self, delta_center=jnp.zeros(2)):
        img = super().__call__(delta_center)
        snapshots.append(img)
        return img

frame = sc.Frame(sc.Box((1, 25, 25)))
obs = sc.Observation(jnp.ones((1, 25, 25)), jnp.ones((1, 25, 25)))
with sc.Scene(frame) as scene:
    sc.Source(jnp.array([12.0, 12.0]), jnp.array([1.0]), LoggedGaussian(jnp.array(2.0), shape=(25, 25)))
with sc.Parameters(scene):
    sc.Parameter(scene.sources[0].morphology.size, name="size", stepsize=0.01)
scene_ = scene.fit(obs, max_iter=2, progress_bar=False)
peak = jnp.max(snapshots[-1])
""",
        kind='leaked-tracer', argument='self', path='self.size', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=19,
        note='A subclassed GaussianMorphology appends each rendered image to a global list; Scene.fit traces __call__ in its jitted value_and_grad step, so the list holds a LinearizeTracer and using it later raises UnexpectedTracerError. Fix: do not store it, render from the returned scene_ (scene_.sources[0].morphology()); checked (two lines change).',
    ),
    Case(
        id='n-ivy-axes-list-static',
        source='https://github.com/unifyai/ivy/blob/main/ivy/functional/ivy/statistical.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

@partial(jax.jit, static_argnames="axes")
def standardize(x, axes):
    mu = ivy.mean(x, axis=axes, keepdims=True)
    sd = ivy.std(x, axis=axes, keepdims=True)
    return ((x - mu) / (sd + 1e-5)).data

images = jnp.arange(2 * 4 * 4, dtype=jnp.float32).reshape(2, 4, 4)
standardize(images, axes=[1, 2])
""",
        kind='unhashable-static', argument='axes', path='axes', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Reduction axes for ivy.mean/ivy.std are marked static (correct) but passed as a list, so jax.jit raises ValueError (non-hashable static argument). axes=(1, 2) runs; checked.',
    ),
    Case(
        id='n-ivy-bool-mask-mean-jit',
        source='https://github.com/unifyai/ivy/blob/main/ivy/data_classes/array/array.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

def positive_mean(x):
    x = ivy.array(x)
    pos = x[x > 0]
    return ivy.mean(pos).data

residuals = jnp.array([0.5, -1.0, 2.0, -0.3])
jax.jit(jax.grad(positive_mean))(residuals)
""",
        kind='boolean-index', argument='x', path='x', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Boolean-mask indexing of an ivy.Array under jit(grad); ivy lowers the mask to jnp.nonzero, so JAX raises ConcretizationTypeError about nonzero's size rather than NonConcreteBooleanIndexError. A masked sum/count with ivy.where gives the same mean and gradient; checked.",
    ),
    Case(
        id='n-ivy-clip-vector-norm-step',
        source='https://github.com/unifyai/ivy/blob/main/ivy/functional/ivy/general.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

def loss(w, x, y):
    return ivy.mean(ivy.square(ivy.matmul(x, w) - y)).data

@jax.jit
def sgd_step(w, x, y):
    g = jax.grad(loss)(w, x, y)
    g = ivy.clip_vector_norm(g, 1.0)
    return w - 0.1 * g.data

x = jnp.ones((8, 3))
sgd_step(jnp.zeros(3), x, jnp.ones(8))
""",
        kind='bool-conversion', argument='w', path='w', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=False, jax_fitting_fix=False,
        note='ivy.clip_vector_norm decides with a Python `if ratio < 1` on the gradient norm; inside a jitted SGD step JAX raises TracerBoolConversionError, re-raised by ivy as IvyBackendException. Clipping with array ops (g * minimum(1, max/norm) or where) works but replaces the library call; checked.',
    ),
    Case(
        id='n-ivy-float-log-jit',
        source='https://github.com/unifyai/ivy',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

def mse(w, x, y):
    return ivy.mean(ivy.square(ivy.matmul(x, w) - y))

@jax.jit
def train_step(w, x, y):
    l, g = jax.value_and_grad(lambda w: mse(w, x, y).data)(w)
    print(f"loss = {float(l):.4f}")
    return w - 0.05 * g

train_step(jnp.zeros(3), jnp.ones((6, 3)), jnp.ones(6))
""",
        kind='concretization', argument='w', path='w', line=13,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Logging the loss with float() inside a jitted train step built on ivy ops and value_and_grad raises ConcretizationTypeError (float). jax.debug.print prints at run time (or return the loss); checked.',
    ),
    Case(
        id='n-ivy-if-nan-checkpoint',
        source='https://github.com/unifyai/ivy/blob/main/ivy/data_classes/array/array.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

def loss(params, x):
    h = ivy.matmul(x, params["w"])
    if ivy.any(ivy.isnan(h)):
        return ivy.array(0.0).data
    return ivy.mean(ivy.square(ivy.tanh(h + params["b"]))).data

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
x = jnp.ones((5, 3))
jax.value_and_grad(jax.checkpoint(loss))(params, x)
""",
        kind='bool-conversion', argument='params', path="params['w']", line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A NaN guard `if ivy.any(ivy.isnan(h))` in a loss wrapped in jax.checkpoint and value_and_grad; ivy.Array.__bool__ delegates to the tracer and JAX raises TracerBoolConversionError (its hint about checkpoint static_argnums does not fit). ivy.where over both results keeps the value; checked.',
    ),
    Case(
        id='n-ivy-linspace-num',
        source='https://github.com/unifyai/ivy/blob/main/ivy/functional/backends/jax/creation.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

def trapezoid_integral(a, b, n):
    t = ivy.linspace(a, b, n)
    f = ivy.exp(-ivy.square(t))
    dt = (b - a) / (n - 1)
    return (dt * (ivy.sum(f) - 0.5 * (f[0] + f[-1]))).data

jax.jit(trapezoid_integral)(0.0, 1.0, 101)
""",
        kind='traced-shape', argument='n', path='n', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The number of grid points is a jit argument; ivy's JAX backend first checks `if num < 0` and JAX raises TracerBoolConversionError inside the library. A count must be static: jax.jit(..., static_argnames='n') runs; checked.",
    ),
    Case(
        id='n-ivy-module-leak',
        source='https://github.com/unifyai/ivy/blob/main/ivy/stateful/module.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

class MLP(ivy.Module):
    def __init__(self):
        self.l1 = ivy.Linear(3, 4)
        self.l2 = ivy.Linear(4, 1)
        super().__init__()

    def _forward(self, x):
        h = ivy.relu(self.l1(x))
        self.last_hidden = h
        return self.l2(h)

model = MLP()
out = jax.jit(lambda x: model(x).data)(jnp.ones((2, 3)))
act_norm = ivy.vector_norm(model.last_hidden)
""",
        kind='leaked-tracer', argument='x', path='x', line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=20,
        note='An ivy.Module stores its hidden activation on self inside _forward while the call is jitted; reading it afterwards raises UnexpectedTracerError (re-raised by ivy as IvyBackendException). Returning the activation from _forward and the jitted function fixes it; checked (three lines change).',
    ),
    Case(
        id='n-ivy-nonzero-active-jit',
        source='https://github.com/unifyai/ivy/blob/main/ivy/functional/ivy/searching.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

@jax.jit
def active_units(scores):
    idx = ivy.nonzero(scores > 0.5, as_tuple=False)
    return idx.data

active_units(jnp.array([0.2, 0.9, 0.7, 0.1]))
""",
        kind='boolean-index', argument='scores', path='scores', line=9,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='ivy.nonzero on a traced mask inside jit: jnp.nonzero needs a static size, JAX raises ConcretizationTypeError, re-raised by ivy as IvyBackendException. ivy.nonzero accepts size=, as the message suggests; size=4 runs; checked.',
    ),
    Case(
        id='n-ivy-numpy-percentile',
        source='https://github.com/unifyai/ivy/blob/main/ivy/data_classes/array/array.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

@jax.jit
def robust_scale(x):
    x = ivy.array(x)
    p90 = np.percentile(x, 90)
    return (x / p90).data

robust_scale(jnp.linspace(0.0, 10.0, 50))
""",
        kind='array-conversion', argument='x', path='x', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.percentile on an ivy.Array inside jit calls ivy.Array.__array__ on a tracer and JAX raises TracerArrayConversionError. jnp.percentile(x.data, 90) runs; checked.',
    ),
    Case(
        id='n-ivy-one-hot-depth',
        source='https://github.com/unifyai/ivy/blob/main/ivy/functional/ivy/creation.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

@jax.jit
def xent(logits, labels, num_classes):
    target = ivy.one_hot(labels, num_classes)
    logp = ivy.log_softmax(logits, axis=-1)
    return -ivy.mean(ivy.sum(target * logp, axis=-1)).data

xent(jnp.zeros((4, 3)), jnp.array([0, 2, 1, 0]), 3)
""",
        kind='traced-shape', argument='num_classes', path='num_classes', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The one-hot depth is passed as a jit argument; ivy's JAX backend builds jnp.eye(depth) and JAX raises TypeError (shapes must be concrete), suggesting static_argnums. static_argnums=2 runs; checked.",
    ),
    Case(
        id='n-ivy-power-iteration-range',
        source='https://github.com/unifyai/ivy',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

@jax.jit
def top_eigenvalue(A, n_iter):
    v = ivy.ones((A.shape[0],))
    for _ in range(n_iter):
        v = ivy.matmul(A, v)
        v = v / ivy.vector_norm(v)
    return ivy.vecdot(v, ivy.matmul(A, v)).data

top_eigenvalue(jnp.array([[2.0, 1.0], [1.0, 3.0]]), 50)
""",
        kind='integer-conversion', argument='n_iter', path='n_iter', line=10,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A power-iteration loop `for _ in range(n_iter)` with n_iter a jit argument raises TracerIntegerConversionError. lax.fori_loop over the loop body keeps n_iter traced (checked); static_argnames='n_iter' also runs (checked).",
    ),
    Case(
        id='n-ivy-shape-argument',
        source='https://github.com/unifyai/ivy/blob/main/ivy/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
import ivy
ivy.set_backend("jax")
ivy.set_soft_device_mode(True)

@jax.jit
def flatten_back(y, shape):
    return ivy.reshape(ivy.flatten(y), shape).data

x = ivy.random_normal(shape=(2, 3))
y = ivy.exp(x)
flatten_back(y.data, x.shape)
""",
        kind='non-array-argument', argument='shape', path='shape', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='x.shape of an ivy.Array is an ivy.Shape object; passing it to a jitted function raises TypeError (not a valid JAX type). ivy.Shape is hashable, so static_argnums=1 (as JAX suggests) runs; checked.',
    ),
    Case(
        id='n-iminuit-if-sigma-guard',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

data = jnp.asarray(np.random.default_rng(1).normal(1.0, 2.0, 1000))

def nll(mu, sigma):
    if sigma <= 0:
        return jnp.inf
    return -jnp.sum(jax.scipy.stats.norm.logpdf(data, mu, sigma))

m = Minuit(jax.jit(nll), mu=0.0, sigma=1.0)
m.errordef = Minuit.LIKELIHOOD
m.migrad()
""",
        kind='bool-conversion', argument='sigma', path='sigma', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A jitted NLL handed to Minuit guards sigma with `if sigma <= 0: return inf`; migrad's first call traces it and JAX raises TracerBoolConversionError. jnp.where(sigma <= 0, inf, nll) keeps the behaviour; checked (Minuit limits alone do not remove the `if`).",
    ),
    Case(
        id='n-iminuit-scipy-stats-jit',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from scipy import stats
from iminuit import Minuit

x = np.random.default_rng(2).exponential(3.0, 500)

@jax.jit
def nll(par):
    tau = par[0]
    return -jnp.sum(stats.expon.logpdf(x, scale=tau))

m = Minuit(nll, (1.0,), name=("tau",))
m.errordef = Minuit.LIKELIHOOD
m.migrad()
""",
        kind='array-conversion', argument='par', path='par', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A jitted array-call NLL for Minuit uses scipy.stats.expon.logpdf, which converts the traced scale to NumPy: TracerArrayConversionError. jax.scipy.stats.expon.logpdf runs; checked.',
    ),
    Case(
        id='n-iminuit-unbinnednll-grad',
        source='https://github.com/scikit-hep/iminuit/discussions/926',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit, cost

x = np.random.default_rng(3).normal(0.5, 1.5, 800)

def pdf(x, mu, sigma):
    return jax.scipy.stats.norm.pdf(x, mu, sigma)

nll = cost.UnbinnedNLL(x, pdf)
grad = jax.grad(lambda mu, sigma: nll(mu, sigma), argnums=(0, 1))
m = Minuit(nll, mu=0.0, sigma=1.0, grad=lambda mu, sigma: np.array(grad(mu, sigma)))
m.migrad()
""",
        kind='array-conversion', argument='mu', path='mu', line=12,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note="jax.grad through iminuit's built-in cost.UnbinnedNLL with a JAX pdf: the cost normalises the model output with NumPy, so JAX raises TracerArrayConversionError inside iminuit. The fix is to write the NLL in jax.numpy and differentiate that (iminuit's own costs do not support JAX gradients); checked, but it replaces the library object.",
    ),
    Case(
        id='n-iminuit-window-mask',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

x = jnp.asarray(np.random.default_rng(4).normal(2.0, 0.5, 2000))

def nll(par):
    mu, sigma = par
    window = x[jnp.abs(x - mu) < 3 * sigma]
    return -jnp.sum(jax.scipy.stats.norm.logpdf(window, mu, sigma))

m = Minuit(jax.jit(nll), (1.5, 1.0), grad=jax.jit(jax.grad(nll)))
m.errordef = Minuit.LIKELIHOOD
m.migrad()
""",
        kind='boolean-index', argument='par', path='par', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The NLL keeps only events within 3 sigma of mu by boolean indexing with a parameter-dependent mask; jit/grad give NonConcreteBooleanIndexError. Summing jnp.where(inside, logpdf, 0) gives the same value; checked.',
    ),
    Case(
        id='n-iminuit-poly-order-range',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

xs = jnp.linspace(-1.0, 1.0, 50)
ys = 1.0 + 0.5 * xs - 0.3 * xs ** 2

def chi2(c0, c1, c2, order):
    coeffs = (c0, c1, c2)
    model = sum(coeffs[k] * xs ** k for k in range(order + 1))
    return jnp.sum((ys - model) ** 2 / 0.01)

m = Minuit(jax.jit(chi2), c0=0.0, c1=0.0, c2=0.0, order=2)
m.fixed["order"] = True
m.errordef = Minuit.LEAST_SQUARES
m.migrad()
""",
        kind='integer-conversion', argument='order', path='order', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The polynomial order is a fixed Minuit parameter, so the jitted cost gets it as a float32 tracer and range(order + 1) fails; JAX raises plain TypeError ('Only integer scalar arrays can be converted to a scalar index') rather than TracerIntegerConversionError because the tracer is float. Making order a static keyword (static_argnames) and dropping it from Minuit's parameters runs; checked.",
    ),
    Case(
        id='n-iminuit-history-leak',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

data = jnp.asarray(np.random.default_rng(5).poisson(4.0, 300))
trajectory = []

def nll(lam):
    trajectory.append(lam)
    return -jnp.sum(jax.scipy.stats.poisson.logpmf(data, lam))

m = Minuit(jax.jit(nll), lam=1.0)
m.errordef = Minuit.LIKELIHOOD
m.limits["lam"] = (0.1, None)
m.migrad()
steps = np.asarray(trajectory)
""",
        kind='leaked-tracer', argument='lam', path='lam', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=17,
        note='Recording the fit trajectory by appending the parameter inside the jitted cost stores a tracer (jit traces once); np.asarray(trajectory) afterwards raises TracerArrayConversionError, not UnexpectedTracerError. Fix: keep the recording in an un-jitted wrapper around a jitted pure cost; checked.',
    ),
    Case(
        id='n-iminuit-static-data',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

xdata = np.linspace(0.0, 5.0, 40)
ydata = 3.0 * np.exp(-0.7 * xdata)

@partial(jax.jit, static_argnums=(1, 2))
def lsq(par, x, y):
    amp, rate = par
    return jnp.sum((y - amp * jnp.exp(-rate * x)) ** 2)

m = Minuit(lambda par: lsq(par, xdata, ydata), (1.0, 1.0))
m.errordef = Minuit.LEAST_SQUARES
m.migrad()
""",
        kind='unhashable-static', argument='x', path='x', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='Data arrays are marked static in a jitted least-squares cost; NumPy arrays are unhashable and jax.jit raises ValueError. Dropping static_argnums (pass data traced) runs; checked.',
    ),
    Case(
        id='n-iminuit-model-callable-arg',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

x = jnp.asarray(np.random.default_rng(6).normal(0.0, 1.0, 400))

def nll(par, logpdf):
    return -jnp.sum(logpdf(x, par[0], par[1]))

nll_jit = jax.jit(nll)
m = Minuit(lambda par: nll_jit(par, jax.scipy.stats.norm.logpdf), (0.5, 2.0))
m.errordef = Minuit.LIKELIHOOD
m.migrad()
""",
        kind='non-array-argument', argument='logpdf', path='logpdf', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A generic jitted NLL takes the log-pdf function as an argument; jax.jit rejects the function with TypeError, suggesting static_argnums. static_argnums=1 runs; checked.',
    ),
    Case(
        id='n-iminuit-float-print',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

t = jnp.linspace(0.0, 10.0, 60)
counts = jnp.asarray(np.random.default_rng(7).poisson(50.0 * np.exp(-t / 4.0)))

def nll(n0, tau):
    val = -jnp.sum(jax.scipy.stats.poisson.logpmf(counts, n0 * jnp.exp(-t / tau)))
    print(f"n0={float(n0):.2f} tau={float(tau):.3f} nll={float(val):.3f}")
    return val

m = Minuit(jax.jit(nll), n0=40.0, tau=3.0)
m.errordef = Minuit.LIKELIHOOD
m.migrad()
""",
        kind='concretization', argument='n0', path='n0', line=11,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Printing float(param) progress inside a jitted cost given to Minuit raises ConcretizationTypeError (float). jax.debug.print prints each evaluation; checked.',
    ),
    Case(
        id='n-iminuit-scan-decay-clamp',
        source='https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from iminuit import Minuit

tgrid = jnp.linspace(0.0, 5.0, 51)
obs = jnp.asarray(2.0 * np.exp(-0.8 * np.asarray(tgrid)) + 0.01)

def simulate(k, n0):
    def step(carry, _):
        n, dt = carry
        n = n - k * n * dt
        if n < 0:
            n = 0.0
        return (n, dt), n
    _, traj = jax.lax.scan(step, (n0, 0.1), None, length=51)
    return traj

def chi2(k, n0):
    return jnp.sum((simulate(k, n0) - obs) ** 2 / 0.01 ** 2)

m = Minuit(jax.jit(chi2), k=0.5, n0=1.5)
m.errordef = Minuit.LEAST_SQUARES
m.migrad()
""",
        kind='bool-conversion', argument='carry', path='carry[0]', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="The cost simulates a decay with lax.scan; the user's step function clamps the state with `if n < 0`, and JAX raises TracerBoolConversionError while scan traces it. jnp.where(n < 0, 0.0, n) keeps the result; checked.",
    ),
]
