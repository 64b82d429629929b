"""Held-out library cases (set X): dLux, jaxns, netket.

How they were built: every cell is my own minimal reduction of a usage pattern shown in the cited
issue/PR thread or documentation page (dLux tutorials and source docstrings, the jaxns README, NetKet
tutorials/PRs). Each cell was written to a file and run with /tmp/heldout12/venv_x/bin/python
(Python 3.11.7); every statement before the last runs and the last raises. `line`/`use_line` were
checked against the traceback frames in the cell file. For every case marked verifiable the first fix
was applied by hand and the cell re-run to completion.

Installed (venv with --system-site-packages, pins kept): jax 0.10.2, jaxlib 0.10.2, dLux 0.15.1
(zodiax 0.5.0), jaxns 3.0.0 (jaxctx 1.2.0, tfp-nightly 0.26.0.dev20261027), netket 3.23.0;
flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6 unchanged.

Notes / dropped:
- All three libraries installed and imported; none was replaced.
- zodiax 0.5.0 no longer exports filter_jit / filter_value_and_grad (used in older dLux tutorials), so the
  dLux cells use eqx.filter_jit / eqx.filter_value_and_grad / eqx.filter_grad directly on dLux objects.
- jaxns 3.0 is a new API (Model(prior_model=...), Prior(...).realise(), runtime data in `args`, which jaxns
  traces). Cells use model.sanity_check(), which jits/vmaps the prior model, instead of a full run to keep
  them fast; the same tracing happens in NestedSampler.run.
- NetKet 3.23 builds JAX operators by default, so the Numba-operator case names IsingNumba explicitly.
- Dropped drafts: a dLux case building CircularAperture inside jit (fails on a constant in dLux even when
  the argument is static, so no fix in the vocabulary fits); a dLux int(oversample) case (duplicate of
  d4's kind); a jaxns Dirichlet prior (jaxctx rejects it before any tracing); a jaxns max() case
  (duplicate bool-conversion); a netket case passing a Numba operator as a jit argument (JAX turned it
  into an array via __array__ and failed with AttributeError).

Doubts about labels:
- x-dlux-jit-int-npixels: the fix is a different transform (eqx.filter_jit) rather than static_argnums,
  which JAX suggests but which fails here (the model holds arrays); labelled `static` as "the transform's
  own static option".
- x-dlux-static-optics: `not-static` with plain jax.jit alone just leads to the traced-shape error of the
  case above; the working change is eqx.filter_jit (arrays traced, ints static), so `static` is also listed.
- x-dlux-numpy-log-loss, x-dlux-history-leak, x-dlux-float-print-loss: the offending value depends on
  many leaves of `model` (and on `data`), so path is the whole `model`, not a leaf.
- x-dlux-custom-layer-if: argument is the layer method's `self` (the failing line is in the layer dLux
  calls); `model` (the parameter of the jitted loss, leaf model.layers['defocus'].strength) is equally
  defensible.
- x-dlux-vmap-zernike-index: could be read as `concretization` (ConcretizationTypeError raised for int()
  in library code); `static` here means "keep Noll indices as Python ints (Python loop)".
- x-jaxns-flag-in-args, x-jaxns-degree-range: the array-level fixes (where over both log-probs / a masked
  polynomial sum) also keep the result; I put `static` first because these are structural configuration
  values, against the general "array-level first" order.
- x-jaxns-global-predictions, x-jaxns-changepoint-mask: the offending value also depends on realised priors
  (not parameters); argument is the data parameter it depends on. argument=None is defensible for both.
- x-jaxns-string-arg: argument is the user's prior_model parameter; JAX itself reports args[2] of jaxns's
  internal jitted function. `non-array-argument` vs `static` fix: JAX's static_argnums hint does not fit,
  so jax_fitting_fix=False.
- x-netket-rule-field-shape: argument `self` of the user's transition method; the jitted function is
  NetKet's (JAX names self.rule.n_flips).
- x-netket-eloc-on-self: the leaked value depends on both params (traced by grad) and x (not traced by
  grad); argument `params` chosen.
- x-netket-ndarray-module-attr: no user function is traced; argument/path None. `mask` (the module field)
  is a defensible path.
- x-netket-numba-op-in-jit: the exception is NetKet's NumbaOperatorGetConnDuringTracingError chained from
  JAX's ConcretizationTypeError; neither fix-vocabulary entry is exact (the fix is "use the JAX
  implementation of the operator"). JAX's own message gives no fix, NetKet's does (to_jax_operator).
- x-netket-slater-nonzero: argument `occ` is the parameter of the vmapped helper holding the failing line;
  `n` (the model input) is defensible.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='x-dlux-jit-int-npixels',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/tutorials/examples/phase_retrieval_demo.md',
        code="""\
import jax
import jax.numpy as jnp
import dLux as dl
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
aperture = dlu.circle(coords, 0.5)
layers = [("aperture", dl.layers.TransmissiveLayer(aperture, normalise=True))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)

@jax.jit
def loss_fn(model, data):
    psf = model.model(source)
    return jnp.sum((psf - data) ** 2)

loss_fn(optics, data)
""",
        kind='traced-shape', argument='model', path='model.wf_npixels', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Plain jax.jit over a dLux AngularOpticalSystem traces its integer wf_npixels field, which dLux then uses as an array shape when it builds the Wavefront; JAX raises TypeError (shapes must be concrete). Switching to eqx.filter_jit keeps non-array leaves such as the pixel counts static; checked.',
    ),
    Case(
        id='x-dlux-static-optics',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/tutorials/examples/phase_retrieval_demo.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import dLux as dl
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
layers = [("aperture", dl.layers.TransmissiveLayer(dlu.circle(coords, 0.5)))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)

@partial(jax.jit, static_argnames="model")
def loss_fn(model, data):
    return jnp.sum((model.model(source) - data) ** 2)

loss_fn(optics, data)
""",
        kind='unhashable-static', argument='model', path='model', line=17,
        fixes=('not-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='To dodge the traced pixel-count problem the user marks the whole optical system static, but it holds JAX arrays (transmission, diameter, pixel scale) so hashing fails: ValueError "Non-hashable static arguments". The fix is to pass it traced with eqx.filter_jit (arrays traced, ints static); checked.',
    ),
    Case(
        id='x-dlux-numpy-log-loss',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/tutorials/examples/phase_retrieval_demo.md',
        code="""\
import numpy as onp
import jax
import jax.numpy as jnp
import equinox as eqx
import dLux as dl
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
layers = [("aperture", dl.layers.TransmissiveLayer(dlu.circle(coords, 0.5)))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)

@eqx.filter_jit
@eqx.filter_value_and_grad
def loss_fn(model, data):
    psf = model.model(source)
    return jnp.sum((onp.log10(psf + 1.0) - onp.log10(data + 1.0)) ** 2)

loss_fn(optics, data)
""",
        kind='array-conversion', argument='model', path='model', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A log-scaled image loss written with plain NumPy (np.log10) on the PSF produced by model.model() inside eqx.filter_value_and_grad/filter_jit; JAX raises TracerArrayConversionError. Replacing onp.log10 with jnp.log10 fixes it; checked.',
    ),
    Case(
        id='x-dlux-vmap-zernike-index',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/dLux/utils/zernikes.py',
        code="""\
import jax
import jax.numpy as jnp
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
noll = jnp.arange(2, 8)
basis = jax.vmap(lambda j: dlu.zernike(j, coords, 1.0))(noll)
""",
        kind='integer-conversion', argument='j', path='j', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='vmap over Noll indices into dlu.zernike: dLux computes (n, m) with int() inside noll_indices, so the batched index cannot become a Python int and JAX raises ConcretizationTypeError (int function) from library code. The indices are structural, so loop over them in Python (or use dlu.zernike_basis with a list); checked.',
    ),
    Case(
        id='x-dlux-history-leak',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/tutorials/examples/phase_retrieval_demo.md',
        code="""\
import jax.numpy as jnp
import equinox as eqx
import dLux as dl
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
layers = [("aperture", dl.layers.TransmissiveLayer(dlu.circle(coords, 0.5)))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)
history = []

@eqx.filter_jit
def loss_fn(model, data):
    history.append(model)
    return jnp.sum((model.model(source) - data) ** 2)

loss = loss_fn(optics.multiply("diameter", 1.01), data)
best_psf = history[-1].model(source)
""",
        kind='leaked-tracer', argument='model', path='model', line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=19,
        note='The filter_jit loss appends the traced dLux model (a library object whose leaves are tracers) to a global history list; rendering the stored model later raises UnexpectedTracerError. Return the model from the loss and store it outside; checked.',
    ),
    Case(
        id='x-dlux-path-string-jit',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/tutorials/howtos/dLux_objects.md',
        code="""\
import jax
import jax.numpy as jnp
import dLux as dl
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
basis = dlu.zernike_basis([4, 5, 6], coords, 1.0)
layers = [("aperture", dl.layers.BasisOptic(basis, dlu.circle(coords, 0.5), jnp.zeros(3)))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)

def loss_fn(values, path, data):
    model = optics.set(path, values)
    return jnp.sum((model.model(source) - data) ** 2)

jax.jit(jax.grad(loss_fn))(jnp.full(3, 1e-8), "aperture.coefficients", data)
""",
        kind='non-array-argument', argument='path', path='path', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A zodiax path string ("aperture.coefficients") is passed as a positional argument to a jitted grad of the loss; JAX raises TypeError (str is not a valid abstract array). static_argnums=1 on jax.jit fixes it, as the message says; checked.',
    ),
    Case(
        id='x-dlux-custom-layer-if',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/API/layers/optical_layers.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import dLux as dl
import dLux.utils as dlu

class OneSidedDefocus(dl.layers.OpticalLayer):
    strength: jax.Array
    def __init__(self, strength):
        self.strength = jnp.asarray(strength, float)
    def __call__(self, wf):
        coords = wf.coordinates()
        r2 = (coords ** 2).sum(0)
        strength = self.strength if self.strength > 0 else 0.0
        return wf.add_opd(strength * r2)

coords = dlu.pixel_coords(64, 1.0)
layers = [("aperture", dl.layers.TransmissiveLayer(dlu.circle(coords, 0.5))),
          ("defocus", OneSidedDefocus(1e-7))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)

@eqx.filter_jit
@eqx.filter_grad
def loss_fn(model, data):
    return jnp.sum((model.model(source) - data) ** 2)

loss_fn(optics.set("defocus.strength", jnp.asarray(2e-7)), data)
""",
        kind='bool-conversion', argument='self', path='self.strength', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A user-written OpticalLayer clamps its strength with a Python conditional expression; under eqx.filter_grad/filter_jit the field is traced and JAX raises TracerBoolConversionError inside the layer's __call__ that dLux calls. jnp.where(strength > 0, strength, 0.0) (or jnp.maximum) keeps the result; checked.",
    ),
    Case(
        id='x-dlux-float-print-loss',
        source='https://github.com/LouisDesdoigts/dLux/blob/main/docs/tutorials/examples/phase_retrieval_demo.md',
        code="""\
import jax.numpy as jnp
import equinox as eqx
import dLux as dl
import dLux.utils as dlu

coords = dlu.pixel_coords(64, 1.0)
layers = [("aperture", dl.layers.TransmissiveLayer(dlu.circle(coords, 0.5)))]
optics = dl.AngularOpticalSystem(64, 1.0, layers, 32, 0.05)
source = dl.PointSource(wavelengths=jnp.array([1e-6]), flux=1e4)
data = optics.model(source)

@eqx.filter_jit
def loss_fn(model, data):
    loss = jnp.sum((model.model(source) - data) ** 2)
    print(f"current loss: {float(loss):.4e}")
    return loss

loss_fn(optics.multiply("diameter", 1.02), data)
""",
        kind='concretization', argument='model', path='model', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Progress print with float(loss) inside an eqx.filter_jit loss over a dLux model; JAX raises ConcretizationTypeError (float function). jax.debug.print prints the runtime value; checked.',
    ),
    Case(
        id='x-jaxns-flag-in-args',
        source='https://github.com/Joshuaalbert/jaxns',
        code="""\
import jax
import jax.numpy as jnp
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

def prior_model(x, y, robust):
    a = Prior(tfpd.Normal(0.0, 1.0), name="a").realise()
    b = Prior(tfpd.Normal(0.0, 2.0), name="b").realise()
    noise = tfpd.StudentT(3.0, a + b * x, 0.2) if robust else tfpd.Normal(a + b * x, 0.2)
    return jnp.sum(noise.log_prob(y))

x = jnp.linspace(0.0, 1.0, 8)
y = 0.3 + 1.5 * x
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(x, y, True))
""",
        kind='bool-conversion', argument='robust', path='robust', line=11,
        fixes=('static', 'jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Python bool selecting the noise model is passed through Model args, which jaxns jits, so the if/else in prior_model raises TracerBoolConversionError. Binding it with functools.partial (static) fixes it; checked. A where over the two log-probs would also work.',
    ),
    Case(
        id='x-jaxns-ncomponents-shape',
        source='https://github.com/Joshuaalbert/jaxns',
        code="""\
import jax
import jax.numpy as jnp
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

def prior_model(y, n_components):
    logits = Prior(tfpd.Normal(jnp.zeros(n_components), 1.0), name="logits").realise()
    mu = Prior(tfpd.Normal(jnp.zeros(n_components), 3.0), name="mu").realise()
    comp = tfpd.Normal(mu[:, None], 1.0).log_prob(y)
    log_w = jax.nn.log_softmax(logits)[:, None]
    return jnp.sum(jax.scipy.special.logsumexp(log_w + comp, axis=0))

y = jnp.array([-2.1, -1.9, 2.0, 2.2, 1.8])
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(y, 2))
""",
        kind='traced-shape', argument='n_components', path='n_components', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of mixture components is passed as a runtime arg and used in jnp.zeros(n_components) to size a Prior; args are traced, so JAX raises TypeError (shapes must be concrete). Bind it with functools.partial so it stays a Python int; checked.',
    ),
    Case(
        id='x-jaxns-degree-range',
        source='https://github.com/Joshuaalbert/jaxns',
        code="""\
import jax
import jax.numpy as jnp
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

def prior_model(x, y, degree):
    coeffs = Prior(tfpd.Normal(jnp.zeros(4), 1.0), name="coeffs").realise()
    pred = 0.0
    for k in range(degree + 1):
        pred = pred + coeffs[k] * x ** k
    return jnp.sum(tfpd.Normal(pred, 0.1).log_prob(y))

x = jnp.linspace(-1.0, 1.0, 10)
y = 1.0 - 0.5 * x + 0.2 * x ** 2
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(x, y, 2))
""",
        kind='integer-conversion', argument='degree', path='degree', line=11,
        fixes=('static', 'jnp.where', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note='Polynomial degree passed in Model args and used in range(degree + 1); JAX raises TracerIntegerConversionError while jaxns traces the prior model. functools.partial(prior_model, degree=2) keeps it static; checked.',
    ),
    Case(
        id='x-jaxns-scipy-logpdf',
        source='https://github.com/Joshuaalbert/jaxns/issues/82',
        code="""\
import jax
import jax.numpy as jnp
import scipy.stats
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

def prior_model(observations):
    mu = Prior(tfpd.Normal(0.0, 5.0), name="mu").realise()
    sigma = Prior(tfpd.HalfNormal(2.0), name="sigma").realise()
    return scipy.stats.norm.logpdf(observations, loc=mu, scale=sigma).sum()

obs = jnp.array([1.2, 0.8, 1.5, 0.9])
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(obs,))
""",
        kind='array-conversion', argument='observations', path='observations', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The likelihood uses scipy.stats.norm.logpdf on the observations (a traced arg) and realised priors; SciPy calls np.asarray and JAX raises TracerArrayConversionError. jax.scipy.stats.norm.logpdf fixes it; checked.',
    ),
    Case(
        id='x-jaxns-global-predictions',
        source='https://github.com/Joshuaalbert/jaxns',
        code="""\
import jax
import jax.numpy as jnp
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

predictions = []

def prior_model(x, y):
    amp = Prior(tfpd.Uniform(0.0, 2.0), name="amp").realise()
    pred = amp * jnp.sin(x)
    predictions.append(pred)
    return jnp.sum(tfpd.Normal(pred, 0.1).log_prob(y))

x = jnp.linspace(0.0, 3.0, 12)
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(x, 0.8 * jnp.sin(x)))
mean_prediction = jnp.mean(jnp.stack(predictions), axis=0)
""",
        kind='leaked-tracer', argument='x', path='x', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=19,
        note='prior_model appends its prediction to a global list to inspect later; sanity_check vmaps/jits the model, so the list holds BatchTracers and stacking them afterwards raises UnexpectedTracerError. The fix is to recompute predictions from returned posterior samples, not a one-line change; not verifiable.',
    ),
    Case(
        id='x-jaxns-string-arg',
        source='https://github.com/Joshuaalbert/jaxns',
        code="""\
import jax
import jax.numpy as jnp
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

def prior_model(x, y, noise):
    a = Prior(tfpd.Normal(0.0, 1.0), name="a").realise()
    b = Prior(tfpd.Normal(0.0, 2.0), name="b").realise()
    dist = tfpd.Laplace if noise == "laplace" else tfpd.Normal
    return jnp.sum(dist(a + b * x, 0.2).log_prob(y))

x = jnp.linspace(0.0, 1.0, 8)
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(x, 0.3 + 1.5 * x, "laplace"))
""",
        kind='non-array-argument', argument='noise', path='noise', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A string option ("laplace") is passed in Model args; jaxns jits over args and JAX raises TypeError (str is not a valid abstract array) before the user function runs. Binding it with functools.partial fixes it; the static_argnums hint does not apply to jaxns internals; checked.',
    ),
    Case(
        id='x-jaxns-changepoint-mask',
        source='https://github.com/Joshuaalbert/jaxns',
        code="""\
import jax
import jax.numpy as jnp
from jaxns.model import Model
from jaxns.priors import Prior
from tensorflow_probability.substrates import jax as tfp
tfpd = tfp.distributions

def prior_model(t, y):
    t0 = Prior(tfpd.Uniform(0.0, 10.0), name="t0").realise()
    level = Prior(tfpd.Normal(jnp.zeros(2), 2.0), name="level").realise()
    before = tfpd.Normal(level[0], 0.3).log_prob(y[t < t0]).sum()
    after = tfpd.Normal(level[1], 0.3).log_prob(y[t >= t0]).sum()
    return before + after

t = jnp.linspace(0.0, 10.0, 20)
y = jnp.where(t < 4.0, 1.0, -1.0)
model = Model(prior_model=prior_model)
model.sanity_check(key=jax.random.PRNGKey(0), args=(t, y))
""",
        kind='boolean-index', argument='t', path='t', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Change-point likelihood selects y[t < t0] where t0 is a realised Prior; JAX raises NonConcreteBooleanIndexError. Summing log-probs with a mask (sum(where=...) / jnp.where) keeps the result; checked.',
    ),
    Case(
        id='x-netket-rule-field-shape',
        source='https://github.com/netket/netket/issues/754',
        code="""\
import jax
import jax.numpy as jnp
import netket as nk

class MultiFlipRule(nk.sampler.rules.MetropolisRule):
    n_flips: int
    def __init__(self, n_flips):
        self.n_flips = n_flips
    def transition(self, sampler, machine, params, state, key, sigma):
        n_chains, n_sites = sigma.shape
        idx = jax.random.randint(key, (n_chains, self.n_flips), 0, n_sites)
        flips = jnp.zeros_like(sigma).at[jnp.arange(n_chains)[:, None], idx].set(1)
        return jnp.where(flips == 1, -sigma, sigma), None

hi = nk.hilbert.Spin(s=0.5, N=8)
sampler = nk.sampler.MetropolisSampler(hi, MultiFlipRule(2), n_chains=4)
vs = nk.vqs.MCState(sampler, nk.models.RBM(alpha=1), n_samples=64)
vs.sample()
""",
        kind='traced-shape', argument='self', path='self.n_flips', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Custom MetropolisRule with an int field n_flips not declared static; the sampler jits with the rule as a pytree so n_flips is traced and jax.random.randint(shape=(n_chains, n_flips)) raises TypeError (shapes must be concrete). Declaring it with nk.utils.struct.field(pytree_node=False) fixes it; checked.',
    ),
    Case(
        id='x-netket-model-if-parity',
        source='https://netket.readthedocs.io/en/latest/tutorials/gs-ising.html',
        code="""\
import jax.numpy as jnp
import flax.linen as nn
import netket as nk

class ParityRBM(nn.Module):
    alpha: int = 1
    @nn.compact
    def __call__(self, x):
        if jnp.sum(x) < 0:
            x = -x
        h = nn.Dense(self.alpha * x.shape[-1])(x)
        return jnp.sum(nk.nn.activation.log_cosh(h), axis=-1)

hi = nk.hilbert.Spin(s=0.5, N=6)
sampler = nk.sampler.MetropolisLocal(hi, n_chains=4)
vs = nk.vqs.MCState(sampler, ParityRBM(), n_samples=64)
""",
        kind='bool-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Custom flax model used by MCState branches on jnp.sum(x) to impose a parity; MCState traces the model during init and JAX raises TracerBoolConversionError. x = jnp.where(sum < 0, -x, x) (per sample) fixes it; checked.',
    ),
    Case(
        id='x-netket-jastrow-numpy',
        source='https://netket.readthedocs.io/en/latest/tutorials/gs-ising.html',
        code="""\
import numpy as np
import jax.numpy as jnp
import flax.linen as nn
import netket as nk

class Jastrow(nn.Module):
    @nn.compact
    def __call__(self, x):
        n = x.shape[-1]
        J = self.param("J", nn.initializers.normal(0.01), (n, n))
        phase = np.cos(np.pi * x)
        return jnp.einsum("bi,ij,bj->b", phase, J, phase)

hi = nk.hilbert.Spin(s=0.5, N=6)
vs = nk.vqs.MCState(nk.sampler.MetropolisLocal(hi, n_chains=4), Jastrow(), n_samples=64)
""",
        kind='array-conversion', argument='x', path='x', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Jastrow-like model computes np.cos(np.pi * x) with NumPy on the traced configurations; JAX raises TracerArrayConversionError when MCState initialises the model. Use jnp.cos / jnp.pi; checked.',
    ),
    Case(
        id='x-netket-eloc-on-self',
        source='https://netket.readthedocs.io/en/latest/tutorials/vmc-from-scratch.html',
        code="""\
import jax
import jax.numpy as jnp
import netket as nk

class EnergyTracker:
    def __init__(self, model, op):
        self.model, self.op, self.last_eloc = model, op, None
    def energy(self, params, x):
        xp, mels = self.op.get_conn_padded(x)
        ratio = jnp.exp(self.model.apply(params, xp) - self.model.apply(params, x)[:, None])
        self.last_eloc = jnp.sum(mels * ratio, axis=-1)
        return jnp.mean(self.last_eloc).real

hi = nk.hilbert.Spin(s=0.5, N=6)
tracker = EnergyTracker(nk.models.RBM(alpha=1), nk.operator.Ising(hi, nk.graph.Chain(6), h=1.0))
params = tracker.model.init(jax.random.PRNGKey(0), hi.all_states()[:1])
grads = jax.grad(tracker.energy)(params, hi.all_states()[:16])
eloc_std = jnp.std(tracker.last_eloc)
""",
        kind='leaked-tracer', argument='params', path='params', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=18,
        note='A helper object stores the local energies on self inside the function differentiated by jax.grad; using tracker.last_eloc afterwards raises UnexpectedTracerError. Return them as aux (has_aux=True); checked.',
    ),
    Case(
        id='x-netket-ndarray-module-attr',
        source='https://github.com/netket/netket/pull/989',
        code="""\
import numpy as np
import jax.numpy as jnp
import flax.linen as nn
import netket as nk

class MaskedJastrow(nn.Module):
    mask: np.ndarray
    @nn.compact
    def __call__(self, x):
        n = x.shape[-1]
        J = self.param("J", nn.initializers.normal(0.01), (n, n))
        return jnp.einsum("bi,ij,bj->b", x, J * self.mask, x)

hi = nk.hilbert.Spin(s=0.5, N=6)
nn_mask = np.eye(6, k=1) + np.eye(6, k=-1)
sampler = nk.sampler.MetropolisLocal(hi, n_chains=4)
vs = nk.vqs.MCState(sampler, MaskedJastrow(mask=nn_mask), n_samples=64)
""",
        kind='unhashable-static', argument=None, path=None, line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A flax model with a NumPy-array attribute is given to MCState, which jits with the model as a static argument; hashing fails and JAX raises ValueError (non-hashable static arguments). Wrap the array in nk.utils.HashableArray; checked.',
    ),
    Case(
        id='x-netket-model-jit-arg',
        source='https://github.com/netket/netket/issues/2136',
        code="""\
import jax
import jax.numpy as jnp
import netket as nk

hi = nk.hilbert.Spin(s=0.5, N=6)
ha = nk.operator.Ising(hi, nk.graph.Chain(6), h=1.0)
model = nk.models.RBM(alpha=1)
params = model.init(jax.random.PRNGKey(0), hi.all_states()[:1])

@jax.jit
def local_energy(model, params, x):
    xp, mels = ha.get_conn_padded(x)
    log_ratio = model.apply(params, xp) - model.apply(params, x)[:, None]
    return jnp.sum(mels * jnp.exp(log_ratio), axis=-1)

local_energy(model, params, hi.all_states()[:8])
""",
        kind='non-array-argument', argument='model', path='model', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A hand-written local-energy function is jitted with the flax RBM module as an ordinary argument; JAX raises TypeError (module is not a valid abstract array). static_argnums=0 (as the NetKet tutorial does) fixes it; checked.',
    ),
    Case(
        id='x-netket-numba-op-in-jit',
        source='https://github.com/netket/netket/pull/1509',
        code="""\
import jax
import jax.numpy as jnp
import netket as nk

hi = nk.hilbert.Spin(s=0.5, N=6)
ha = nk.operator.IsingNumba(hi, nk.graph.Chain(6), h=1.0)
model = nk.models.RBM(alpha=1)
params = model.init(jax.random.PRNGKey(0), hi.all_states()[:1])

@jax.jit
def local_energy(params, x):
    xp, mels = ha.get_conn_padded(x)
    logpsi_xp = model.apply(params, xp)
    return jnp.sum(mels * jnp.exp(logpsi_xp - model.apply(params, x)[:, None]), axis=-1)

local_energy(params, hi.all_states()[:8])
""",
        kind='concretization', argument='x', path='x', line=12,
        fixes=('jnp-not-np', 'register-pytree'), verifiable=True, jax_fitting_fix=False,
        note='Calling get_conn_padded of a Numba operator (IsingNumba) inside jax.jit: NetKet asks for concrete configurations and raises NumbaOperatorGetConnDuringTracingError (from ConcretizationTypeError). The fix is the JAX implementation, ha.to_jax_operator() (a pytree operator); checked.',
    ),
    Case(
        id='x-netket-slater-nonzero',
        source='https://github.com/netket/netket/pull/1581',
        code="""\
import jax
import jax.numpy as jnp
import flax.linen as nn
import netket as nk

class Slater(nn.Module):
    n_orbitals: int
    @nn.compact
    def __call__(self, n):
        M = self.param("M", nn.initializers.orthogonal(), (self.n_orbitals, 3))
        def log_det(occ):
            rows = jnp.nonzero(occ)[0]
            return nk.jax.logdet_cmplx(M[rows])
        return jax.vmap(log_det)(n)

hi = nk.hilbert.SpinOrbitalFermions(6, n_fermions=3)
sampler = nk.sampler.MetropolisFermionHop(hi, graph=nk.graph.Chain(6), n_chains=4)
vs = nk.vqs.MCState(sampler, Slater(n_orbitals=6), n_samples=64)
""",
        kind='boolean-index', argument='occ', path='occ', line=12,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='Hand-written Slater determinant picks occupied orbitals with jnp.nonzero(occ) inside a vmap in the model; JAX raises ConcretizationTypeError asking for a static size. The fermion number is fixed, so jnp.nonzero(occ, size=3) fixes it; checked.',
    ),
]
