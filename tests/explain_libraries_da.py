"""Held-out library cases (set da): ramsey, jaxampler, jaxstar.

How they were built: every case is my own minimal reduction of a usage pattern of
the library's public API (NP / families / kernels / data samplers in ramsey;
random variables, samplers and Monte Carlo integration in jaxampler; the
MistGridIso isochrone interpolator and the gyrochrone likelihood in jaxstar),
written after reading the installed library source.  Real issue threads about
tracing errors are almost absent for these three small libraries, so most
`source` fields point at the GitHub docs/README/source page of the API the case
exercises (jaxampler issue #17 for the Monte Carlo integration API).  Each cell
was written to a file and run with the venv's python; every statement but the
last runs, the last raises (exception class recorded in each note), and `line` /
`use_line` were checked against the traceback frames in the file.  Each listed
first fix was applied by hand and re-run (see "checked" in the notes).

Environment: Python 3.11.7, venv /tmp/heldout53/venv_da made with
--system-site-packages; jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8,
optax 0.2.8, numpy 2.4.6, numpyro 0.22.0 (system) plus ramsey 0.3.0,
jaxampler 0.0.7 (pulled tfp-nightly 0.26.0.dev20261027) and jaxstar 0.1.1.
None of the three libraries turns on jax_enable_x64 on import (checked: stays
False), so no case depends on 64-bit mode.

Library notes / what was dropped:
- ramsey 0.3.0 targets an older flax.nnx: with flax 0.12.8 its own MLP, NP with a
  latent encoder, ANP/DANP (tuples of modules stored as static attributes) and
  train_neural_process (nnx.Optimizer without `wrt`) fail at construction with
  flax errors that have nothing to do with tracing.  Those APIs were avoided: the
  ramsey cases use a deterministic-encoder NP built from nnx.Linear/Sequential,
  ramsey.family, ramsey.experimental kernels and ramsey.data samplers, and the
  user-written train/eval steps mirror the library's own `step` function.  (The
  brief called ramsey "flax linen"; 0.3.0 is built on flax.nnx.)
- jaxstar normally downloads the MIST grid on first use; every jaxstar cell
  instead writes a tiny synthetic grid in the same npz layout (logagrid, fgrid,
  eepgrid + output columns) to a temp dir and passes its path to MistGridIso,
  which the README documents.  No network access is needed.
- jaxampler: constructing any random variable inside jax.jit fails in its
  eager check_params assert (even with Python-float parameters, since jnp ops
  inside jit are traced), so jaxampler RVs in the jit cases are built outside the
  jitted function; under vmap/grad construction works.
- Dropped drafts: a ramsey "skip optimizer update when loss is NaN" case (its
  nnx.cond fix hit nnx branch-structure errors, not a clean check), a custom
  Family using builtin max() (on non-scalar arrays it fails even without
  tracing), a jaxstar np.log10 variant (duplicate of the array-conversion kind).
  No candidate library was dropped; the alternates were not needed.

Doubts about labels:
- da-ramsey-nan-guard-in-loss, da-ramsey-float-loss-history, da-ramsey-leak-on-np-module:
  the offending value depends on the whole nnx module (all Params) and on the
  data arguments; argument='model' follows the "first parameter" rule, and
  path='model' because no single leaf is the culprit.  'x'/'xc' would also be
  defensible.  For the NaN guard, jnp.where and lax.cond give the same forward
  value; neither stops NaN gradients from a NaN loss.
- da-ramsey-float-loss-history: 'jax.debug.print' (debug.callback) is as good a
  first fix as 'return-value' for pure logging.
- da-ramsey-kernel-active-dims-list: the natural first reflex is
  'hashable-static' (tuple), but ramsey treats any non-list as slice(active_dims),
  so a tuple alone fails; 'not-static' is the one-edit fix that runs.
- da-ramsey-jit-sine-sampler: ConcretizationTypeError is raised, so
  'concretization' is arguable; it is labelled traced-shape because the value is
  a point count for jnp.linspace.
- da-ramsey-gp-sampler-batch-range: the user jitted a library function, so the
  argument is the library's parameter name (batch_size).
- da-jaxampler-normal-check-params-jit: the kind could be argued as
  'concretization' (a library assert needing a Python bool); argument could be
  'loc' (first param) but the assert only reads scale, and JAX's message names
  scale.  The fix is not mechanical (static_argnames alone still fails), hence
  verifiable=False; "don't jit" is the other realistic answer but is not in the
  vocabulary.
- da-jaxampler-accept-reject-mask: the mask depends on key and scale; key is the
  first parameter.
- da-jaxampler-dataclass-rv-unhashable: the static value is `self` of the
  library's jitted method; argument=None is also defensible since the user wrote
  no traced function.
- da-jaxampler-mixture-list-index: 'lax.switch' vs 'jnp-not-np' (stacking the
  component parameters) are equally acceptable first fixes.
- da-jaxampler-mc-integrand-math-exp: math.exp -> jnp.exp is filed under
  'jnp-not-np' (the vocabulary names np, not math).
- da-jaxampler-leak-rv-list, da-jaxstar-leak-on-grid-object,
  da-ramsey-leak-on-np-module: jax_fitting_fix=True because JAX's message says
  transformed functions must return their outputs; a stricter reader could say
  the message only describes the rule.
- da-jaxstar-values-list-index: 'lax.switch' is an equally good first fix.
- da-jaxstar-numpy-grid-index: indexing a NumPy array with a tracer looks like an
  integer-conversion error, but NumPy calls __array__ first, so JAX raises
  TracerArrayConversionError; labelled array-conversion accordingly.
- da-jaxstar-offgrid-finite-mask: the mask depends on logage and feh (and the
  arange grid); logage is the first parameter.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='da-ramsey-nan-guard-in-loss',
        source='https://github.com/ramsey-devs/ramsey/blob/main/ramsey/_src/neural_process/train_neural_process.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
from ramsey import NP
from ramsey.data import sample_from_sine_function

data = sample_from_sine_function(jax.random.PRNGKey(0), batch_size=4, num_observations=20)
r = nnx.Rngs(0)
enc = nnx.Sequential(nnx.Linear(2, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 16, rngs=r))
dec = nnx.Sequential(nnx.Linear(17, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 2, rngs=r))
model = NP(decoder=dec, deterministic_encoder=enc)

def loss_fn(model, x, y):
    loss = model.loss(x[:, :5], y[:, :5], x, y)
    if jnp.isnan(loss):
        return jnp.zeros(())
    return loss

@nnx.jit
def train_step(model, x, y):
    return nnx.value_and_grad(loss_fn)(model, x, y)

loss, grads = train_step(model, data.x, data.y)
""",
        kind='bool-conversion', argument='model', path='model', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A loss wrapped around ramsey's NP.loss skips NaN batches with a Python `if`; nnx.value_and_grad inside nnx.jit traces the loss, so the scalar check raises TracerBoolConversionError. Returning jnp.where(jnp.isnan(loss), 0.0, loss) keeps the forward value (lax.cond also works; neither keeps NaN out of the gradient); checked.",
    ),
    Case(
        id='da-ramsey-float-loss-history',
        source='https://github.com/ramsey-devs/ramsey/blob/main/ramsey/_src/neural_process/train_neural_process.py',
        code="""\
import optax
import jax
import jax.numpy as jnp
from flax import nnx
from ramsey import NP
from ramsey.data import sample_from_sine_function

data = sample_from_sine_function(jax.random.PRNGKey(0), batch_size=4, num_observations=20)
r = nnx.Rngs(0)
enc = nnx.Sequential(nnx.Linear(2, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 16, rngs=r))
dec = nnx.Sequential(nnx.Linear(17, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 2, rngs=r))
model = NP(decoder=dec, deterministic_encoder=enc)

optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
history = []

@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: m.loss(x[:, :5], y[:, :5], x, y))(model)
    optimizer.update(model, grads)
    history.append(float(loss))

train_step(model, optimizer, data.x, data.y)
""",
        kind='concretization', argument='model', path='model', line=21,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note="A hand-written nnx.jit train step for a ramsey NP logs float(loss) into a Python list; float() of the traced loss raises ConcretizationTypeError. Returning the loss and logging it outside (or jax.debug.callback) fixes it; JAX's hint to use astype does not fit a Python log; checked both.",
    ),
    Case(
        id='da-ramsey-nan-mask-logprob',
        source='https://github.com/ramsey-devs/ramsey/blob/main/docs/ramsey.data.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
from ramsey import NP
from ramsey.data import sample_from_sine_function

data = sample_from_sine_function(jax.random.PRNGKey(0), batch_size=4, num_observations=20)
r = nnx.Rngs(0)
enc = nnx.Sequential(nnx.Linear(2, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 16, rngs=r))
dec = nnx.Sequential(nnx.Linear(17, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 2, rngs=r))
model = NP(decoder=dec, deterministic_encoder=enc)

y = data.y.at[0, 3:6].set(jnp.nan)  # M4-style series with missing values
batch = {"x": data.x, "y": y}

@nnx.jit
def masked_nll(model, batch):
    x, y = batch["x"], batch["y"]
    pred = model(x[:, :8], jnp.nan_to_num(y[:, :8]), x)
    observed = ~jnp.isnan(batch["y"])
    return -pred.log_prob(jnp.nan_to_num(y))[observed].mean()

masked_nll(model, batch)
""",
        kind='boolean-index', argument='batch', path="batch['y']", line=21,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note="With M4-style series that contain NaNs, a jitted masked NLL indexes the NP predictive log_prob with ~jnp.isnan(batch['y']); a traced boolean mask raises NonConcreteBooleanIndexError. A jnp.where-weighted mean gives the same value; checked.",
    ),
    Case(
        id='da-ramsey-leak-on-np-module',
        source='https://github.com/ramsey-devs/ramsey/blob/main/ramsey/_src/neural_process/neural_process.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
from ramsey import NP
from ramsey.data import sample_from_sine_function

data = sample_from_sine_function(jax.random.PRNGKey(0), batch_size=4, num_observations=20)
r = nnx.Rngs(0)
enc = nnx.Sequential(nnx.Linear(2, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 16, rngs=r))
dec = nnx.Sequential(nnx.Linear(17, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 2, rngs=r))
model = NP(decoder=dec, deterministic_encoder=enc)

@nnx.jit
def predict(model, xc, yc, xt):
    pred = model(xc, yc, xt)
    model.last_mean = pred.mean
    return pred.log_prob(jnp.zeros_like(pred.mean)).sum()

predict(model, data.x[:, :5], data.y[:, :5], data.x)
band = model.last_mean + 2.0 * 0.1
""",
        kind='leaked-tracer', argument='model', path='model', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="Inside nnx.jit the user stores the predictive mean of ramsey's NP on the module itself (model.last_mean); nnx lets the attribute through and the later arithmetic on it raises UnexpectedTracerError. Returning the mean from the jitted function fixes it, as JAX's message says; checked.", use_line=20,
    ),
    Case(
        id='da-ramsey-np-quantile-band',
        source='https://github.com/ramsey-devs/ramsey/blob/main/docs/notebooks/neural_processes.ipynb',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from ramsey import NP
from ramsey.data import sample_from_sine_function

data = sample_from_sine_function(jax.random.PRNGKey(0), batch_size=4, num_observations=20)
r = nnx.Rngs(0)
enc = nnx.Sequential(nnx.Linear(2, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 16, rngs=r))
dec = nnx.Sequential(nnx.Linear(17, 16, rngs=r), jax.nn.relu, nnx.Linear(16, 2, rngs=r))
model = NP(decoder=dec, deterministic_encoder=enc)

levels = np.array([0.05, 0.95])

@jax.jit
def predictive_band(x_context, y_context, x_target, key):
    pred = model(x_context, y_context, x_target)
    draws = pred.sample(key, (200,))
    return np.quantile(draws, levels, axis=0)

predictive_band(data.x[:, :5], data.y[:, :5], data.x, jax.random.PRNGKey(1))
""",
        kind='array-conversion', argument='x_context', path='x_context', line=20,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A jitted helper draws samples from the NP predictive distribution and calls np.quantile for a credible band; NumPy converts the tracer and JAX raises TracerArrayConversionError. jnp.quantile with the same levels works; checked.',
    ),
    Case(
        id='da-ramsey-family-as-jit-arg',
        source='https://github.com/ramsey-devs/ramsey/blob/main/docs/ramsey.family.md',
        code="""\
import jax
import jax.numpy as jnp
from ramsey.family import Gaussian, NegativeBinomial

@jax.jit
def nll(family, decoder_out, y):
    return -family(decoder_out).log_prob(y).sum()

out = jnp.zeros((4, 20, 2))
y = jnp.ones((4, 20, 1))
nll(Gaussian(), out, y)
""",
        kind='non-array-argument', argument='family', path='family', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A ramsey Family object (Gaussian) is passed as a positional argument of a jitted NLL; it is not a pytree of arrays, so jit raises TypeError when interpreting the argument. Marking it static (static_argnums=0; the object hashes by identity) works, as JAX suggests; checked.',
    ),
    Case(
        id='da-ramsey-kernel-active-dims-list',
        source='https://github.com/ramsey-devs/ramsey/blob/main/docs/ramsey.experimental.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from flax import nnx
from ramsey.experimental import ExponentiatedQuadratic

x = jax.random.normal(jax.random.PRNGKey(0), (50, 3))

@partial(jax.jit, static_argnames="active_dims")
def gram(x, active_dims):
    kernel = ExponentiatedQuadratic(active_dims=active_dims, rngs=nnx.Rngs(0))
    return kernel(x, x)

gram(x, active_dims=[0, 2])
""",
        kind='unhashable-static', argument='active_dims', path='active_dims', line=14,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="active_dims of ramsey's ExponentiatedQuadratic is passed as a static jit argument but as a list, so jit raises ValueError (non-hashable static argument). Dropping static works because ramsey only gathers with the list; a tuple alone fails later since ramsey turns non-lists into slice(...), so the tuple fix also needs list(active_dims) inside; checked both.",
    ),
    Case(
        id='da-ramsey-jit-sine-sampler',
        source='https://github.com/ramsey-devs/ramsey/blob/main/docs/ramsey.data.md',
        code="""\
import jax
from ramsey.data import sample_from_sine_function

make_tasks = jax.jit(sample_from_sine_function)
key = jax.random.PRNGKey(0)
data = make_tasks(key, 16, 50)
""",
        kind='traced-shape', argument='num_observations', path='num_observations', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Jitting ramsey.data.sample_from_sine_function traces num_observations, which the library passes to jnp.linspace as the point count; JAX raises ConcretizationTypeError inside the library. static_argnums=(1, 2) (batch_size and num_observations) fixes it; checked.',
    ),
    Case(
        id='da-ramsey-gp-sampler-batch-range',
        source='https://github.com/ramsey-devs/ramsey/blob/main/docs/ramsey.data.md',
        code="""\
import jax
from ramsey.data import sample_from_gaussian_process

make_tasks = jax.jit(sample_from_gaussian_process, static_argnames="num_observations")
key = jax.random.PRNGKey(0)
data = make_tasks(key, batch_size=8, num_observations=30)
""",
        kind='integer-conversion', argument='batch_size', path='batch_size', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='sample_from_gaussian_process is jitted with only num_observations static; the library loops with range(batch_size) on the traced value and JAX raises TracerIntegerConversionError. Adding batch_size to static_argnames fixes it; checked.',
    ),
    Case(
        id='da-jaxampler-normal-check-params-jit',
        source='https://github.com/Qazalbash/jaxampler/blob/main/jaxampler/_src/rvs/normal.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxampler.rvs import Normal

thresholds = jnp.linspace(0.0, 4.0, 9)

@jax.jit
def exceedance(x, loc, scale):
    noise = Normal(loc=loc, scale=scale)
    return 1.0 - noise.cdf(x)

p = exceedance(thresholds, 0.0, 1.5)
""",
        kind='bool-conversion', argument='scale', path='scale', line=9,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='Building a jaxampler Normal inside a jitted function runs its check_params assert (jnp.all(scale > 0)) on a tracer, so the library raises TracerBoolConversionError. static_argnames on loc/scale is NOT enough (jnp ops inside jit are still traced); the working fix builds the RV outside and passes it as a static argument (checked), so not mechanical.',
    ),
    Case(
        id='da-jaxampler-importance-payoff-if',
        source='https://github.com/Qazalbash/jaxampler',
        code="""\
import jax
from jaxampler.rvs import Normal, Cauchy
from jaxampler.sampler import ImportanceSampler

def call_payoff(x):
    if x > 1.0:
        return x - 1.0
    return 0.0

sampler = ImportanceSampler()
price = sampler.sample(h=call_payoff, p=Normal(loc=0.0, scale=1.0), q=Cauchy(loc=0.0, scale=2.0), N=5000, key=jax.random.PRNGKey(0))
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="ImportanceSampler.sample vmaps the user's integrand h, which branches with a Python if on x; under vmap JAX raises TracerBoolConversionError in the user's function. jnp.where(x > 1.0, x - 1.0, 0.0) fixes it; checked.",
    ),
    Case(
        id='da-jaxampler-accept-reject-mask',
        source='https://github.com/Qazalbash/jaxampler/blob/main/example/accept_reject_sampler.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxampler.rvs import Beta, Uniform

target = Beta(alpha=2.0, beta=5.0)
proposal = Uniform(low=0.0, high=1.0)

@jax.jit
def accept_reject(key, scale):
    k1, k2 = jax.random.split(key)
    v = proposal.rvs((4000,), k1)
    u = jax.random.uniform(k2, (4000,)) * scale * proposal.pdf(v)
    return v[u <= target.pdf(v)]

samples = accept_reject(jax.random.PRNGKey(0), 2.5)
""",
        kind='boolean-index', argument='key', path='key', line=13,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='A jitted accept-reject step using jaxampler Beta/Uniform pdfs keeps accepted proposals with v[u <= target.pdf(v)]; the traced mask raises NonConcreteBooleanIndexError. Returning a fixed-size array (jnp.where with NaN fill, or jnp.nonzero(..., size=N)) fixes it; checked both.',
    ),
    Case(
        id='da-jaxampler-its-traced-n',
        source='https://github.com/Qazalbash/jaxampler/blob/main/example/inverse_transform_sampler.py',
        code="""\
import jax
from jaxampler.rvs import Exponential
from jaxampler.sampler import InverseTransformSampler

its = InverseTransformSampler()
rv = Exponential(scale=2.0)

@jax.jit
def draw(key, n):
    return its.sample(rv=rv, N=n, key=key)

samples = draw(jax.random.PRNGKey(0), 1000)
""",
        kind='traced-shape', argument='n', path='n', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="InverseTransformSampler.sample is called in a jitted function with the sample count n as an argument; the library builds jax.random.uniform(key, shape=(N,)) and JAX raises TypeError (shapes must be concrete). static_argnames='n' fixes it, as the message suggests; checked.",
    ),
    Case(
        id='da-jaxampler-leak-rv-list',
        source='https://github.com/Qazalbash/jaxampler/blob/main/jaxampler/_src/rvs/rvs.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxampler.rvs import Normal

groups = jnp.array([[1.9, 2.4, 2.2, 1.7], [0.1, -0.3, 0.4, 0.2], [5.0, 4.6, 5.3, 4.9]])
fitted = []

def fit_group(y):
    rv = Normal(loc=y.mean(), scale=1.0)
    fitted.append(rv)
    return rv.logpdf(y).sum()

log_liks = jax.vmap(fit_group)(groups)
density = fitted[0].pdf(jnp.array([1.5, 2.0, 2.5]))
""",
        kind='leaked-tracer', argument='y', path='y', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Under jax.vmap the user appends the per-group jaxampler Normal (whose loc is a BatchTracer) to a global list; the later rv.pdf call raises UnexpectedTracerError. Returning the fitted loc and rebuilding the Normal outside fixes it; checked.', use_line=14,
    ),
    Case(
        id='da-jaxampler-rv-as-jit-arg',
        source='https://github.com/Qazalbash/jaxampler/blob/main/jaxampler/_src/rvs/rvs.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxampler.rvs import Gamma

waiting_times = jnp.array([0.8, 1.7, 2.9, 0.4, 1.1])

@jax.jit
def log_likelihood(rv, x):
    return rv.logpdf(x).sum()

ll = log_likelihood(Gamma(a=2.0, scale=1.0), waiting_times)
""",
        kind='non-array-argument', argument='rv', path='rv', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jaxampler Gamma random variable is passed as an ordinary jit argument; it is not a pytree, so jit raises TypeError. static_argnums=0 works since jaxampler RVs hash by identity (the library itself uses static self); checked.',
    ),
    Case(
        id='da-jaxampler-dataclass-rv-unhashable',
        source='https://github.com/Qazalbash/jaxampler/blob/main/jaxampler/_src/rvs/rvs.py',
        code="""\
from dataclasses import dataclass
import jax.numpy as jnp
from jaxampler.rvs import RandomVariable

@dataclass
class Laplace(RandomVariable):
    loc: float = 0.0
    scale: float = 1.0

    def __post_init__(self):
        super().__init__(name="Laplace")

    def _logpdf_x(self, x):
        return -jnp.abs(x - self.loc) / self.scale - jnp.log(2.0 * self.scale)

rv = Laplace(loc=1.0, scale=0.5)
lp = rv.logpdf(jnp.array([0.2, 1.0, 1.7]))
""",
        kind='unhashable-static', argument='self', path='self', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A user RandomVariable subclass declared as a @dataclass loses __hash__; jaxampler's logpdf is jitted with static_argnums=(0,) (self), so jit raises ValueError (non-hashable static argument). @dataclass(eq=False) (or unsafe_hash=True) fixes it; checked.",
    ),
    Case(
        id='da-jaxampler-mixture-list-index',
        source='https://github.com/Qazalbash/jaxampler/blob/main/jaxampler/_src/rvs/normal.py',
        code="""\
import jax
from jaxampler.rvs import Normal

components = [Normal(loc=-2.0, scale=0.5), Normal(loc=1.0, scale=1.0), Normal(loc=4.0, scale=0.7)]
weights = jax.numpy.array([0.2, 0.5, 0.3])

def draw_one(key):
    k_comp, k_val = jax.random.split(key)
    idx = jax.random.choice(k_comp, 3, p=weights)
    return components[idx].rvs((), k_val)

keys = jax.random.split(jax.random.PRNGKey(0), 1000)
samples = jax.vmap(draw_one)(keys)
""",
        kind='integer-conversion', argument='key', path='key', line=10,
        fixes=('lax.switch', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note="A vmapped mixture sampler picks a jaxampler component from a Python list with a traced index; list indexing calls __index__ and JAX raises TracerIntegerConversionError. lax.switch over the components' rvs fixes it (stacking locs/scales into jnp arrays also works); checked lax.switch.",
    ),
    Case(
        id='da-jaxampler-mc-integrand-math-exp',
        source='https://github.com/Qazalbash/jaxampler/issues/17',
        code="""\
import math
import jax
from jaxampler.rvs import Normal
from jaxampler.montecarlo import MonteCarloGenericIntegration

def integrand(x):
    return math.exp(-0.5 * x) * x**2

mc = MonteCarloGenericIntegration()
value = mc.compute_integral(h=integrand, p=Normal(loc=0.0, scale=1.0), low=-3.0, high=3.0, N=20000, key=jax.random.PRNGKey(0))
""",
        kind='concretization', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="MonteCarloGenericIntegration vmaps the user's integrand, which uses math.exp; math calls float() on the BatchTracer and JAX raises ConcretizationTypeError. jnp.exp fixes it; JAX's astype hint does not help here; checked.",
    ),
    Case(
        id='da-jaxstar-grid-as-jit-arg',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])

@jax.jit
def predict_teff(grid, logage, feh, eep):
    mass, teff, logg = grid.values(logage, feh, eep)
    return teff

teff = predict_teff(mg, 9.6, 0.1, 350.0)
""",
        kind='non-array-argument', argument='grid', path='grid', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The MistGridIso interpolator is passed as a regular argument of a jitted predictor; jit raises TypeError because it is not an array pytree. static_argnums=0 works (jaxstar itself jits MistGridIso methods with static self); checked.',
    ),
    Case(
        id='da-jaxstar-leak-on-grid-object',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])

def isochrone_logg(eep):
    mass, teff, logg = mg.values(9.6, 0.0, eep)
    mg.last_teff = teff
    return logg

loggs = jax.vmap(isochrone_logg)(jnp.linspace(50.0, 550.0, 40))
hottest = mg.last_teff.max()
""",
        kind='leaked-tracer', argument='eep', path='eep', line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='While vmapping over EEP to build an isochrone, the user caches the interpolated teff on the jaxstar MistGridIso object; the later .max() on it raises UnexpectedTracerError. Returning teff alongside logg fixes it; checked.', use_line=21,
    ),
    Case(
        id='da-jaxstar-gyro-color-if',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/gyrochrone_likelihood.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])
from jaxstar.mistfit.gyrochrone_likelihood import loglike_gyro

def star_loglike(prot, bprp, eep):
    mass, teff, logg = mg.values(9.4, 0.0, eep)
    if bprp > 2.7:  # gyrochrone not calibrated for very red stars
        return 0.0
    return loglike_gyro(prot, bprp, mass, eep, 9.4, 0.0)

lls = jax.vmap(star_loglike)(jnp.array([12.1, 25.3, 8.4]), jnp.array([0.9, 3.1, 0.7]), jnp.array([320.0, 250.0, 340.0]))
""",
        kind='bool-conversion', argument='bprp', path='bprp', line=18,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="jaxstar's gyrochrone likelihood is not calibrated for BP-RP > 2.7, so a per-star wrapper skips red stars with a Python if; under jax.vmap JAX raises TracerBoolConversionError. jnp.where(bprp > 2.7, 0.0, loglike_gyro(...)) fixes it; checked.",
    ),
    Case(
        id='da-jaxstar-numpy-grid-index',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])

@jax.jit
def snap_to_grid(logage, feh, eep):
    i = jnp.argmin(jnp.abs(mg.dgrid["logagrid"] - logage))
    node_age = mg.dgrid["logagrid"][i]
    return mg.values(node_age, feh, eep)

snap_to_grid(9.63, 0.0, 300.0)
""",
        kind='array-conversion', argument='logage', path='logage', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Snapping a traced age to the nearest node indexes the NumPy array mg.dgrid['logagrid'] with a traced jnp.argmin result; NumPy calls __array__ and JAX raises TracerArrayConversionError. Wrapping the grid in jnp.asarray before indexing fixes it; checked.",
    ),
    Case(
        id='da-jaxstar-offgrid-finite-mask',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])

@jax.jit
def mean_isochrone_teff(logage, feh):
    mass, teff, logg = mg.values(logage, feh, jnp.arange(0.0, 800.0, 5.0))
    return teff[jnp.isfinite(teff)].mean()

mean_isochrone_teff(9.6, 0.0)
""",
        kind='boolean-index', argument='logage', path='logage', line=18,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='MistGridIso.values returns NaN off the grid, so a jitted isochrone summary drops them with teff[jnp.isfinite(teff)]; the traced mask raises NonConcreteBooleanIndexError. A jnp.where-weighted mean gives the same number; checked.',
    ),
    Case(
        id='da-jaxstar-isochrone-arange',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])

@jax.jit
def isochrone(logage, feh, eep_max):
    eep = jnp.arange(0.0, eep_max, 5.0)
    return mg.values(logage, feh, eep)

iso = isochrone(9.6, 0.0, 450.0)
""",
        kind='traced-shape', argument='eep_max', path='eep_max', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted isochrone builder makes its EEP grid with jnp.arange(0, eep_max, 5) from a traced argument; JAX raises ConcretizationTypeError for the arange stop. static_argnames='eep_max' fixes it; checked.",
    ),
    Case(
        id='da-jaxstar-set-keys-list-static',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])
from functools import partial

@partial(jax.jit, static_argnames="keys")
def predict(logage, feh, eep, keys):
    mg.set_keys(keys)
    return mg.values(logage, feh, eep)

teff, logg = predict(9.6, 0.0, 300.0, keys=["teff", "logg"])
""",
        kind='unhashable-static', argument='keys', path='keys', line=21,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The output keys for MistGridIso.set_keys are made a static jit argument but passed as a list (set_keys documents a list of strings), so jit raises ValueError (non-hashable static argument). Passing a tuple fixes it; checked.',
    ),
    Case(
        id='da-jaxstar-values-list-index',
        source='https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py',
        code="""\
import os, tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jaxstar.mistfit import MistGridIso

ages, fehs, eeps = np.linspace(8.0, 10.2, 12), np.linspace(-1.0, 0.5, 7), np.arange(0.0, 610.0, 10.0)
A, F, E = np.meshgrid(ages, fehs, eeps, indexing="ij")
path = os.path.join(tempfile.mkdtemp(), "mistgrid_iso.npz")
np.savez(path, logagrid=ages, fgrid=fehs, eepgrid=eeps, mass=0.2 + E / 350 + 0.05 * F,
         teff=3500 + 4 * E - 1e-3 * E**2 + 150 * F, logg=5.0 - E / 300 + 0.02 * (A - 9))
mg = MistGridIso(path)
mg.set_keys(["mass", "teff", "logg"])

def predicted_observable(eep, kind):
    outputs = mg.values(9.6, 0.0, eep)  # [mass, teff, logg]
    return outputs[kind]

eep = jnp.array([300.0, 320.0, 280.0])
kind = jnp.array([1, 2, 1])  # teff for stars 0 and 2, logg for star 1
model = jax.vmap(predicted_observable)(eep, kind)
""",
        kind='integer-conversion', argument='kind', path='kind', line=17,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='MistGridIso.values returns a Python list; a vmapped per-star predictor picks the observed quantity with a traced index and JAX raises TracerIntegerConversionError. jnp.stack(outputs)[kind] fixes it (lax.switch also works); checked both.',
    ),
]
