"""Held-out library cases (set aq): cuthbert, jinns, pdequinox.

How they were built: each case is my own minimal reduction of a usage pattern shown in
the library's docs/examples (or an issue thread where one exists), written fresh for this
set.  Every cell was written to a file and run with a private venv
(/tmp/heldout22/venv_aq, created with --system-site-packages) under CPython 3.11.7 on CPU:
every statement but the last runs, the last raises; `line`/`use_line` were checked against
the deepest traceback frame inside the cell file.  For every case marked verifiable the
first fix was applied by hand to the user's line(s) and the cell re-run without error.
Sources: searches of the issue corpus found almost no error threads for these three small
libraries (one cuthbert issue is cited), so most cases cite the docs/example page of the API
they exercise.  Values reach the failing line through lax.scan (cuthbert.filter), vmap over
particles / collocation points (cuthbert, jinns), jit + grad (jinns.solve, eqx.filter_jit
with filter_value_and_grad) and eqx.filter_vmap; jax.checkpoint is not covered.

Installed versions: jax 0.10.2, jaxlib 0.10.2, equinox 0.13.8, flax 0.12.8, optax 0.2.8,
numpy 2.4.6 (the machine's), plus cuthbert 0.1.1 (with cuthbertlib 0.1.1), jinns 1.10.2,
pdequinox 0.1.2 (installed with the jax/jaxlib pins).

Dropped: `optimism` (candidate).  `pip install optimism` resolves to an unrelated PyPI
package (a beginner testing framework, version 3.2, no JAX); Sandia's JAX `optimism`
is not published on PyPI, so it was uninstalled and replaced by the first alternate,
pdequinox.  Also dropped while building: a jinns case that jitted `jinns.solve` with a
traced `n_iter` (solve AOT-compiles internally, so no first fix works), and a jinns case
that built a DataGeneratorODE inside jit (equinox 0.13.8 + jax 0.10.2 crash on init=False
fields holding tracers, an environment bug rather than a user error).

Kinds: array-conversion 3, bool-conversion 3, boolean-index 2, concretization 2, integer-conversion 2, leaked-tracer 3, non-array-argument 3, traced-shape 2, unhashable-static 3.

Doubts about labels:
- aq-cuthbert-traced-particle-count: JAX raises a TypeError about an unhashable jaxpr
  parameter, not a concretization error; integer-conversion is arguable since the value is
  a count passed to random.split, but it is used as a size, so traced-shape.
- aq-cuthbert-math-exp-irregular-dt / aq-jinns-math-exp-eq-param: `jnp-not-np` is used for
  math.exp -> jnp.exp (the vocabulary has no separate "math module" fix).
- aq-cuthbert-log-potential-appends-weights: argument could be `model_inputs` (the weight
  depends on both `state` and `model_inputs['y']`); `state` is the first such parameter.
  return-value cannot be applied inside log_potential itself (cuthbert fixes its return
  signature); the values exist in the returned states.log_weights, hence verifiable=False.
- aq-jinns-residual-log-global-list: same caveat; jax.debug.print only helps if the user
  merely wants to see the values, so it is second.
- aq-jinns-jit-bound-evaluate: argument is None because the unhashable module is the bound
  `self` of the jitted callable, not a parameter; `self` is defensible.  Kind could be read
  as non-array-argument ("self of a jitted method"), but the raised error is hashing of the
  static callable.  `not-static` is realised with eqx.filter_jit (a closure over loss also works).
- aq-jinns-trainer-jit-method-self: register-pytree (or subclassing eqx.Module) is as good
  as static; static works because Trainer hashes by identity.
- aq-pdequinox-plain-jit-model-arg: `static` here means eqx.filter_jit (the transform's own
  static option for non-array leaves); static_argnums=0 would not work (see the next case).
- aq-pdequinox-model-in-static-argnums: `not-static` is realised with eqx.filter_jit; just
  dropping 0 from static_argnums with jax.jit brings back the non-array-argument error.
- aq-pdequinox-curriculum-unroll-range: `static` (a jnp scalar cannot be a static arg of
  filter_jit; the int must be made Python first) overlaps numpy-for-static; lax.fori_loop
  would run forward but a traced trip count blocks reverse-mode grad, so it is not listed.
- aq-pdequinox-vmap-over-widths: argument `width` is the vmapped parameter of the user's
  make_net; the fix (Python loop) changes the ensemble from stacked to a list, which is the
  only option because different widths cannot be stacked.
- aq-pdequinox-if-on-mse-in-loss / aq-pdequinox-store-pred-in-dict / aq-pdequinox-np-fft-spectral-loss:
  argument `model`; x and y also feed the value, but model is the first parameter.
- aq-cuthbert-drop-nan-sensors-mask: source is the cuthbert issue listing "handle missing
  observations" as a wanted example; the jnp.where pattern itself is in the stochastic
  volatility example.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='aq-cuthbert-regime-if-in-dynamics',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/kalman_tracking.md',
        code="""\
import jax.numpy as jnp
import cuthbert
from cuthbert.gaussian import kalman

T = 60
inputs = {"t": jnp.arange(T), "y": jnp.sin(jnp.arange(T) / 6.0)[:, None]}

def get_dynamics_params(model_inputs):
    # regime change halfway through the series
    if model_inputs["t"] < 30:
        F = jnp.eye(1) * 0.95
    else:
        F = jnp.eye(1) * 0.5
    return F, jnp.zeros(1), jnp.eye(1) * 0.2

def get_observation_params(model_inputs):
    return jnp.eye(1), jnp.zeros(1), jnp.eye(1) * 0.4, model_inputs["y"]

kf = kalman.build_filter(jnp.zeros(1), jnp.eye(1), get_dynamics_params, get_observation_params)
states = cuthbert.filter(kf, inputs, kf.init_prepare())
""",
        kind='bool-conversion', argument='model_inputs', path="model_inputs['t']", line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Kalman get_dynamics_params switches regime with a Python `if` on the time index carried in model_inputs; cuthbert.filter runs it inside lax.scan, so the index is a tracer and JAX raises TracerBoolConversionError. Selecting F with jnp.where (or lax.cond) keeps the result; checked.',
    ),
    Case(
        id='aq-cuthbert-math-exp-irregular-dt',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/online_stoch_vol.md',
        code="""\
import math
import jax.numpy as jnp
import cuthbert
from cuthbert.gaussian import kalman

T = 60
obs_times = jnp.cumsum(jnp.where(jnp.arange(T) % 5 == 4, 3.0, 1.0))
inputs = {"dt": jnp.diff(obs_times, prepend=0.0), "y": jnp.cos(obs_times / 8.0)[:, None]}

def get_dynamics_params(model_inputs):
    # Ornstein-Uhlenbeck transition over an irregular gap dt
    decay = math.exp(-0.1 * model_inputs["dt"])
    F = jnp.eye(1) * decay
    chol_Q = jnp.eye(1) * jnp.sqrt(1.0 - decay**2)
    return F, jnp.zeros(1), chol_Q

def get_observation_params(model_inputs):
    return jnp.eye(1), jnp.zeros(1), jnp.eye(1) * 0.3, model_inputs["y"]

kf = kalman.build_filter(jnp.zeros(1), jnp.eye(1), get_dynamics_params, get_observation_params)
states = cuthbert.filter(kf, inputs, kf.init_prepare())
""",
        kind='concretization', argument='model_inputs', path="model_inputs['dt']", line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Continuous-time OU transition over an irregular gap written with math.exp on the scanned model_inputs['dt']; math.exp calls float() on the tracer and JAX raises ConcretizationTypeError (its astype hint does not apply). Using jnp.exp fixes it; checked.",
    ),
    Case(
        id='aq-cuthbert-traced-particle-count',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/online_stoch_vol.md',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jax.scipy.stats import norm
import cuthbert
from cuthbert.smc import particle_filter
from cuthbertlib.resampling import systematic
T = 40
data = {"y": 0.1 * random.normal(random.key(1), (T,))}
def init_sample(key):
    return random.normal(key, ())
def propagate_sample(key, state, model_inputs):
    return 0.95 * state + 0.3 * random.normal(key, ())
def log_potential(state_prev, state, model_inputs):
    return norm.logpdf(model_inputs["y"], 0.0, jnp.exp(0.5 * state))
@jax.jit
def log_likelihood(n_particles, key):
    pf = particle_filter.build_filter(init_sample, propagate_sample, log_potential,
                                      n_filter_particles=n_particles, resampling_fn=systematic.resampling)
    states = cuthbert.filter(pf, data, pf.init_prepare(key=key), key=key)
    return states.log_normalizing_constant[-1]
log_likelihood(1000, random.key(0))
""",
        kind='traced-shape', argument='n_particles', path='n_particles', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The particle count is an argument of a jitted log-likelihood, so particle_filter's own init_prepare calls random.split(key, n_filter_particles) with a tracer; JAX raises TypeError (random_split shape parameter not hashable) inside cuthbert. Marking n_particles static (static_argnames) fixes it; checked.",
    ),
    Case(
        id='aq-cuthbert-dict-config-static',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/online_stoch_vol.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jax import random
from jax.scipy.stats import norm
import cuthbert
from cuthbert.smc import particle_filter
from cuthbertlib.resampling import systematic
T = 40
data = {"y": 0.1 * random.normal(random.key(1), (T,))}
def init_sample(key):
    return random.normal(key, ())
def propagate_sample(key, state, model_inputs):
    return 0.95 * state + 0.3 * random.normal(key, ())
def log_potential(state_prev, state, model_inputs):
    return norm.logpdf(model_inputs["y"], 0.0, jnp.exp(0.5 * state))
@partial(jax.jit, static_argnames="config")
def log_likelihood(key, config):
    pf = particle_filter.build_filter(init_sample, propagate_sample, log_potential,
                                      n_filter_particles=config["n_particles"],
                                      resampling_fn=systematic.resampling)
    states = cuthbert.filter(pf, data, pf.init_prepare(key=key), key=key)
    return states.log_normalizing_constant[-1]
config = {"n_particles": 1000, "label": "stoch-vol"}
log_likelihood(random.key(0), config)
""",
        kind='unhashable-static', argument='config', path='config', line=25,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Filter settings (particle count, label) are kept in a dict passed through static_argnames so that n_filter_particles stays a Python int; jit must hash static arguments and raises ValueError (Non-hashable static arguments). A NamedTuple config (hashable) fixes it; checked.',
    ),
    Case(
        id='aq-cuthbert-jit-filter-obj',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/kalman_tracking.md',
        code="""\
import jax
import jax.numpy as jnp
import cuthbert
from cuthbert.gaussian import kalman

T = 60
inputs = {"y": jnp.sin(jnp.arange(T) / 6.0)[:, None]}

def get_dynamics_params(model_inputs):
    return jnp.eye(1) * 0.9, jnp.zeros(1), jnp.eye(1) * 0.2

def get_observation_params(model_inputs):
    return jnp.eye(1), jnp.zeros(1), jnp.eye(1) * 0.4, model_inputs["y"]

kf = kalman.build_filter(jnp.zeros(1), jnp.eye(1), get_dynamics_params, get_observation_params)
fast_filter = jax.jit(cuthbert.filter)
states = fast_filter(kf, inputs, kf.init_prepare())
""",
        kind='non-array-argument', argument='filter_obj', path='filter_obj.init_prepare', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="cuthbert.filter is jitted without marking filter_obj static; the Filter NamedTuple holds functools.partial callables, so jit raises TypeError (not a valid JAX type) at path filter_obj.init_prepare. static_argnums=0 / static_argnames='filter_obj' (as the docs do) fixes it, and JAX's message says so; checked.",
    ),
    Case(
        id='aq-cuthbert-log-potential-appends-weights',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/online_stoch_vol.md',
        code="""\
import jax.numpy as jnp
from jax import random
from jax.scipy.stats import norm
import cuthbert
from cuthbert.smc import particle_filter
from cuthbertlib.resampling import systematic
T = 40
data = {"y": 0.1 * random.normal(random.key(1), (T,))}
weight_log = []
def init_sample(key):
    return random.normal(key, ())
def propagate_sample(key, state, model_inputs):
    return 0.95 * state + 0.3 * random.normal(key, ())
def log_potential(state_prev, state, model_inputs):
    log_w = norm.logpdf(model_inputs["y"], 0.0, jnp.exp(0.5 * state))
    weight_log.append(log_w)  # keep the weights to inspect afterwards
    return log_w
pf = particle_filter.build_filter(init_sample, propagate_sample, log_potential,
                                  n_filter_particles=500, resampling_fn=systematic.resampling)
key = random.key(0)
states = cuthbert.filter(pf, data, pf.init_prepare(key=key), key=key)
print(jnp.stack(weight_log).shape)
""",
        kind='leaked-tracer', argument='state', path='state', line=16,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        use_line=22,
        note='log_potential appends its per-particle log weight to a global list for later inspection; the value is a vmapped/scanned tracer and using the list after cuthbert.filter returns raises UnexpectedTracerError. The weights are already returned in states.log_weights (use the returned value); jax.debug.print only for a look.',
    ),
    Case(
        id='aq-cuthbert-np-tanh-in-propagate',
        source='https://github.com/state-space-models/cuthbert/blob/main/docs/examples/online_stoch_vol.md',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax import random
from jax.scipy.stats import norm
import cuthbert
from cuthbert.smc import particle_filter
from cuthbertlib.resampling import systematic
T = 40
data = {"y": 0.1 * random.normal(random.key(1), (T,))}
def init_sample(key):
    return random.normal(key, ())
def propagate_sample(key, state, model_inputs):
    # saturating mean keeps the log-volatility in a plausible band
    mean = 2.0 * np.tanh(state / 2.0)
    return mean + 0.3 * random.normal(key, ())
def log_potential(state_prev, state, model_inputs):
    return norm.logpdf(model_inputs["y"], 0.0, jnp.exp(0.5 * state))
pf = particle_filter.build_filter(init_sample, propagate_sample, log_potential,
                                  n_filter_particles=500, resampling_fn=systematic.resampling)
key = random.key(0)
states = cuthbert.filter(pf, data, pf.init_prepare(key=key), key=key)
""",
        kind='array-conversion', argument='state', path='state', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A particle filter propagate_sample uses np.tanh on the particle; cuthbert vmaps it over particles inside a scan, so NumPy calls __array__ on a tracer and JAX raises TracerArrayConversionError. jnp.tanh fixes it; checked.',
    ),
    Case(
        id='aq-cuthbert-drop-nan-sensors-mask',
        source='https://github.com/state-space-models/cuthbert/issues/38',
        code="""\
import jax.numpy as jnp
from jax import random
from jax.scipy.stats import norm
import cuthbert
from cuthbert.smc import particle_filter
from cuthbertlib.resampling import systematic
T = 40
ys = random.normal(random.key(1), (T, 3))
ys = ys.at[::7, 1].set(jnp.nan)  # sensor 1 drops out now and then
data = {"y": ys}
def init_sample(key):
    return random.normal(key, ())
def propagate_sample(key, state, model_inputs):
    return 0.9 * state + 0.5 * random.normal(key, ())
def log_potential(state_prev, state, model_inputs):
    y = model_inputs["y"]
    observed = y[~jnp.isnan(y)]  # drop the missing sensors
    return jnp.sum(norm.logpdf(observed, state, 1.0))
pf = particle_filter.build_filter(init_sample, propagate_sample, log_potential,
                                  n_filter_particles=500, resampling_fn=systematic.resampling)
key = random.key(0)
states = cuthbert.filter(pf, data, pf.init_prepare(key=key), key=key)
""",
        kind='boolean-index', argument='model_inputs', path="model_inputs['y']", line=17,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Missing sensor readings are dropped inside log_potential with a boolean mask y[~isnan(y)]; the observation is a scanned tracer so the result shape is unknown and JAX raises NonConcreteBooleanIndexError. Zeroing the missing terms with jnp.where (as the stochastic-volatility example does for NaNs) gives the same sum; checked.',
    ),
    Case(
        id='aq-jinns-piecewise-forcing-if',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/api/loss/dynamic_loss.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import jinns

key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"k": jnp.array(2.0)})

class SwitchedDecay(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        forcing = 1.0 if t < 0.5 else 0.0
        return du_dt + params.eq_params.k * u(t, params) - forcing

data = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0)
loss = jinns.loss.LossODE(u=u, dynamic_loss=SwitchedDecay(), initial_condition=(0.0, 1.0),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
data, batch = data.get_batch()
loss.evaluate(params, batch)
""",
        kind='bool-conversion', argument='t', path='t', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user ODE equation() uses a Python conditional on the collocation time t for a piecewise forcing; LossODE vmaps equation over the time batch, so t is a BatchTracer and JAX raises TracerBoolConversionError. jnp.where(t < 0.5, 1.0, 0.0) keeps the result; checked.',
    ),
    Case(
        id='aq-jinns-math-exp-eq-param',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/maths/pinn_inverse.md',
        code="""\
import math
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import jinns

key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"log_r": jnp.array(0.3)})

class Logistic(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        r = math.exp(params.eq_params.log_r)
        return du_dt - r * u(t, params) * (1.0 - u(t, params))

data = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0)
loss = jinns.loss.LossODE(u=u, dynamic_loss=Logistic(), initial_condition=(0.0, 0.1),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
jinns.solve(n_iter=10, init_params=params, data=data, optimizer=optax.adam(1e-3), loss=loss, verbose=False)
""",
        kind='concretization', argument='params', path='params.eq_params.log_r', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='In an inverse problem the growth rate is learned as eq_params.log_r and turned back with math.exp inside equation(); jinns.solve jits and differentiates the loss w.r.t. params, so math.exp calls float() on a tracer and JAX raises ConcretizationTypeError (its astype hint does not fit). jnp.exp fixes it; checked.',
    ),
    Case(
        id='aq-jinns-int-time-table-lookup',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/api/loss/dynamic_loss.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import jinns

key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"k": jnp.array(0.8)})
inflow = jnp.array([0.0, 0.2, 1.1, 0.4, 0.0, 0.0, 0.7, 0.3, 0.1, 0.0])  # one value per tenth of [0, 1]

class Reservoir(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        q_in = inflow[int(t[0] * 9)]
        return du_dt + params.eq_params.k * u(t, params) - q_in

data = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0)
loss = jinns.loss.LossODE(u=u, dynamic_loss=Reservoir(), initial_condition=(0.0, 0.0),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
data, batch = data.get_batch()
loss.evaluate(params, batch)
""",
        kind='integer-conversion', argument='t', path='t', line=15,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A tabulated inflow is looked up with int(t * 9) inside equation(); t is vmapped by LossODE so int() on the tracer raises ConcretizationTypeError (int function). Indexing the jnp table with (t[0] * 9).astype(int), which the JAX message suggests, fixes it; checked.',
    ),
    Case(
        id='aq-jinns-np-sin-forcing',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/api/loss/dynamic_loss.md',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
import jinns

key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"k": jnp.array(1.5)})

class ForcedDecay(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        forcing = np.sin(2 * np.pi * t)
        return du_dt + params.eq_params.k * u(t, params) - forcing

data = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0)
loss = jinns.loss.LossODE(u=u, dynamic_loss=ForcedDecay(), initial_condition=(0.0, 0.0),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
data, batch = data.get_batch()
loss.evaluate(params, batch)
""",
        kind='array-conversion', argument='t', path='t', line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A sinusoidal forcing written with np.sin(2*np.pi*t) inside equation(); t is a vmapped tracer so NumPy calls __array__ and JAX raises TracerArrayConversionError. jnp.sin/jnp.pi fixes it; checked.',
    ),
    Case(
        id='aq-jinns-residual-log-global-list',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/jinns_loss_computation_details.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import jinns

key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"k": jnp.array(1.0)})
residual_log = []

class Decay(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        residual = du_dt + params.eq_params.k * u(t, params)
        residual_log.append(residual)  # keep residuals for a plot later
        return residual

data = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0)
loss = jinns.loss.LossODE(u=u, dynamic_loss=Decay(), initial_condition=(0.0, 1.0),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
data, batch = data.get_batch()
total, terms = loss.evaluate(params, batch)
worst = jnp.max(jnp.abs(residual_log[0]))
""",
        kind='leaked-tracer', argument='t', path='t', line=16,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        use_line=24,
        note='equation() appends each residual to a global list for plotting; jinns vmaps the residual over collocation points, so the stored values are BatchTracers and using one after loss.evaluate raises UnexpectedTracerError. Compute the residuals as a returned value (e.g. vmap the dynamic loss yourself after training) or only print them with jax.debug.print.',
    ),
    Case(
        id='aq-jinns-trainer-jit-method-self',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/api/loss/loss_xde.md',
        code="""\
import jax
import equinox as eqx
import optax
import jinns
key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"k": jax.numpy.array(1.0)})
class Decay(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        return du_dt + params.eq_params.k * u(t, params)
class Trainer:
    def __init__(self, loss, optimizer):  # keep the jinns loss and the optax optimizer
        self.loss, self.optimizer = loss, optimizer
    @jax.jit
    def step(self, params, opt_state, batch):
        value, grads = jax.value_and_grad(lambda p: self.loss.evaluate(p, batch)[0])(params)
        updates, opt_state = self.optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value
loss = jinns.loss.LossODE(u=u, dynamic_loss=Decay(), initial_condition=(0.0, 1.0),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
_, batch = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0).get_batch()
trainer = Trainer(loss, optax.adam(1e-3))
params, opt_state, value = trainer.step(params, trainer.optimizer.init(params), batch)
""",
        kind='non-array-argument', argument='self', path='self', line=25,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='A custom training loop around a jinns LossODE puts @jax.jit on a method of a plain Python Trainer class, so self (holding the loss and optimizer) is passed as a traced argument and JAX raises TypeError (not a valid JAX type) at path self. static_argnums=0 (or making Trainer a pytree/eqx.Module) fixes it; the message suggests static; checked.',
    ),
    Case(
        id='aq-jinns-jit-bound-evaluate',
        source='https://github.com/mia-jinns/jinns/blob/main/docs/api/loss/loss_xde.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import jinns

key = jax.random.PRNGKey(0)
mlp = eqx.nn.MLP(1, 1, 16, 2, jax.nn.tanh, key=key)
u, nn_params = jinns.nn.PINN_MLP.create(eqx_network=mlp, eq_type="ODE")
params = jinns.parameters.Params(nn_params=nn_params, eq_params={"k": jnp.array(1.0)})

class Decay(jinns.loss.ODE):
    def equation(self, t, u, params):
        du_dt = jax.grad(lambda s: u(s, params).squeeze())(t)
        return du_dt + params.eq_params.k * u(t, params)

loss = jinns.loss.LossODE(u=u, dynamic_loss=Decay(), initial_condition=(0.0, 1.0),
                          params=params, loss_weights=jinns.loss.LossWeightsODE(dyn_loss=1.0, initial_condition=1.0))
_, batch = jinns.data.DataGeneratorODE(key=key, nt=64, tmin=0.0, tmax=1.0).get_batch()
fast_loss = jax.jit(loss.evaluate)
value, terms = fast_loss(params, batch)
""",
        kind='unhashable-static', argument=None, path=None, line=20,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='jax.jit is applied to the bound method loss.evaluate; jit hashes the callable, which hashes the LossODE module and its arrays, so the call raises TypeError (unhashable type ArrayImpl). Passing the module as a traced argument instead (eqx.filter_jit(loss.evaluate), or jit a function that takes loss as an argument) fixes it; checked.',
    ),
    Case(
        id='aq-pdequinox-plain-jit-model-arg',
        source='https://github.com/Ceyron/pdequinox/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import pdequinox as pdeqx

force, disp = pdeqx.sample_data.poisson_1d_dirichlet(key=jax.random.PRNGKey(0))
unet = pdeqx.arch.ClassicUNet(1, 1, 1, key=jax.random.PRNGKey(1))

def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)

jax.jit(loss_fn)(unet, force[:32], disp[:32])
""",
        kind='non-array-argument', argument='model', path='model.lifting.activation', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A pdequinox ClassicUNet is passed to a plain jax.jit loss instead of eqx.filter_jit as the README does; its activation functions are leaves, so JAX raises TypeError (not a valid JAX type) at model.lifting.activation. eqx.filter_jit (the transform that keeps non-array leaves static) fixes it; JAX's static_argnums hint fails because the module holds arrays; checked.",
    ),
    Case(
        id='aq-pdequinox-model-in-static-argnums',
        source='https://github.com/Ceyron/pdequinox/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import pdequinox as pdeqx

force, disp = pdeqx.sample_data.poisson_1d_dirichlet(key=jax.random.PRNGKey(0))
resnet = pdeqx.arch.ClassicResNet(1, 1, 1, key=jax.random.PRNGKey(1))

def rollout(model, u0, n_steps):
    traj = [u0]
    for _ in range(n_steps):
        traj.append(model(traj[-1]))
    return jnp.stack(traj)

fast_rollout = jax.jit(rollout, static_argnums=(0, 2))
fast_rollout(resnet, force[0], 5)
""",
        kind='unhashable-static', argument='model', path='model', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='To get past the non-array error, the ClassicResNet emulator is marked static in jax.jit(rollout, static_argnums=(0, 2)); static arguments are hashed and the module holds arrays, so JAX raises ValueError (Non-hashable static arguments). Letting the weights be traced (eqx.filter_jit(rollout), which still keeps n_steps and the activations static) fixes it; checked.',
    ),
    Case(
        id='aq-pdequinox-curriculum-unroll-range',
        source='https://github.com/Ceyron/pdequinox/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import pdequinox as pdeqx

resnet = pdeqx.arch.ClassicResNet(1, 1, 1, hidden_channels=8, num_blocks=2, key=jax.random.PRNGKey(1))
trajectory = jnp.sin(jnp.linspace(0, 6.0, 6)[:, None, None] + jnp.linspace(0, 6.28, 64)[None, None, :])

@eqx.filter_jit
def rollout_loss_and_grad(model, traj, n_unroll):
    def loss(model):
        u, err = traj[0], 0.0
        for k in range(n_unroll):
            u = model(u)
            err = err + jnp.mean((u - traj[k + 1]) ** 2)
        return err / n_unroll
    return eqx.filter_value_and_grad(loss)(model)

for epoch in (0, 10, 20):
    n_unroll = jnp.minimum(1 + epoch // 10, 5)  # curriculum on the unroll length
    value, grads = rollout_loss_and_grad(resnet, trajectory, n_unroll)
""",
        kind='integer-conversion', argument='n_unroll', path='n_unroll', line=13,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Autoregressive rollout training of a pdequinox emulator with a curriculum on the unroll length computed with jnp.minimum; eqx.filter_jit traces that array, so range(n_unroll) calls __index__ and JAX raises TracerIntegerConversionError. Computing it with Python min() keeps it a static int (lax.fori_loop would block reverse-mode grad); checked.',
    ),
    Case(
        id='aq-pdequinox-vmap-over-widths',
        source='https://github.com/Ceyron/pdequinox/blob/main/docs/examples/seed_parallel_training.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import pdequinox as pdeqx

keys = jax.random.split(jax.random.PRNGKey(0), 3)
widths = jnp.array([8, 16, 32])

def make_net(key, width):
    return pdeqx.arch.ConvNet(1, 1, 1, hidden_channels=width, depth=4, key=key)

ensemble = eqx.filter_vmap(make_net)(keys, widths)
""",
        kind='traced-shape', argument='width', path='width', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Extending the seed-parallel ensemble trick, the user eqx.filter_vmaps ConvNet construction over an array of hidden widths; the width becomes a BatchTracer used as a conv weight shape inside pdequinox and JAX raises TypeError (Shapes must be ... concrete). Widths must stay Python ints: build the nets in a Python loop (vmap only over keys); checked.',
    ),
    Case(
        id='aq-pdequinox-store-pred-in-dict',
        source='https://github.com/Ceyron/pdequinox/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
import pdequinox as pdeqx

force, disp = pdeqx.sample_data.poisson_1d_dirichlet(key=jax.random.PRNGKey(0))
unet = pdeqx.arch.ClassicUNet(1, 1, 1, key=jax.random.PRNGKey(1))
opt = optax.adam(3e-4)
opt_state = opt.init(eqx.filter(unet, eqx.is_array))
last_predictions = {}

@eqx.filter_jit
def update_fn(model, state, x, y):
    def loss_fn(model):
        pred = jax.vmap(model)(x)
        last_predictions["train"] = pred  # keep for plotting
        return jnp.mean((pred - y) ** 2)
    loss, grad = eqx.filter_value_and_grad(loss_fn)(model)
    updates, state = opt.update(grad, state, model)
    return eqx.apply_updates(model, updates), state, loss

unet, opt_state, loss = update_fn(unet, opt_state, force[:32], disp[:32])
residual = last_predictions["train"] - disp[:32]
""",
        kind='leaked-tracer', argument='model', path='model', line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=24,
        note="Inside the README-style filter_jit update, the loss stores the UNet prediction in a global dict for plotting; the stored value is a tracer, and subtracting it after the step raises UnexpectedTracerError. Returning pred via has_aux=True and from update_fn fixes it (JAX's message asks for explicit returns); checked.",
    ),
    Case(
        id='aq-pdequinox-np-fft-spectral-loss',
        source='https://github.com/Ceyron/pdequinox/blob/main/docs/api/arch/fno.md',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
import pdequinox as pdeqx

force, disp = pdeqx.sample_data.poisson_1d_dirichlet(key=jax.random.PRNGKey(0))
fno = pdeqx.arch.ClassicFNO(1, 1, 1, key=jax.random.PRNGKey(1))

def spectral_loss(model, x, y):
    pred = jax.vmap(model)(x)
    err_hat = np.fft.rfft(pred - y, axis=-1)  # weight low modes more
    weights = 1.0 / (1.0 + np.arange(err_hat.shape[-1]))
    return jnp.mean(weights * jnp.abs(err_hat) ** 2)

loss, grads = eqx.filter_value_and_grad(spectral_loss)(fno, force[:16], disp[:16])
""",
        kind='array-conversion', argument='model', path='model', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A spectral loss for a ClassicFNO computes np.fft.rfft of the prediction error under eqx.filter_value_and_grad; NumPy calls __array__ on the JVP tracer and JAX raises TracerArrayConversionError. jnp.fft.rfft fixes it (np.arange on the static shape may stay); checked.',
    ),
    Case(
        id='aq-pdequinox-relative-error-mask',
        source='https://github.com/Ceyron/pdequinox/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import pdequinox as pdeqx

force, disp = pdeqx.sample_data.poisson_1d_dirichlet(key=jax.random.PRNGKey(0))
unet = pdeqx.arch.ClassicUNet(1, 1, 1, key=jax.random.PRNGKey(1))

@eqx.filter_jit
def relative_loss(model, x, y):
    pred = jax.vmap(model)(x)
    significant = jnp.abs(y) > 1e-3  # skip near-zero targets
    rel_err = (pred[significant] - y[significant]) / y[significant]
    return jnp.mean(rel_err ** 2)

relative_loss(unet, force[:32], disp[:32])
""",
        kind='boolean-index', argument='y', path='y', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A relative-error loss drops near-zero targets with a boolean mask built from y inside eqx.filter_jit; the mask is traced so JAX raises NonConcreteBooleanIndexError. Masking with jnp.where and dividing by the mask count gives the same value; checked.',
    ),
    Case(
        id='aq-pdequinox-if-on-mse-in-loss',
        source='https://github.com/Ceyron/pdequinox/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import pdequinox as pdeqx

force, disp = pdeqx.sample_data.poisson_1d_dirichlet(key=jax.random.PRNGKey(0))
net = pdeqx.arch.DilatedResNet(1, 1, 1, key=jax.random.PRNGKey(1))

def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    mse = jnp.mean((pred - y) ** 2)
    if mse > 1.0:  # compress large errors early in training
        return jnp.log(mse)
    return mse

grad_fn = eqx.filter_jit(eqx.filter_value_and_grad(loss_fn))
loss, grads = grad_fn(net, force[:16], disp[:16])
""",
        kind='bool-conversion', argument='model', path='model', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The loss of a DilatedResNet switches to log(mse) with a Python `if` on the traced mse under eqx.filter_jit(filter_value_and_grad); JAX raises TracerBoolConversionError. jnp.where(mse > 1.0, jnp.log(mse), mse) keeps the value; checked.',
    ),
]
