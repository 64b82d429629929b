"""Held-out library cases (set BA): jax-smfsb (jsmfsb), diffusionjax, sbmltoodejax.

How they were built: each case is my own reduction of a usage pattern shown in the library's
README, tutorial or API source (cited in `source`); none of these three small projects has public
issue threads showing these errors, so the doc/source page of the API that the cell exercises is
cited. Every cell was written to a file and run with /tmp/heldout27/venv_ba/bin/python (CPython
3.11.7, venv created with --system-site-packages, JAX_PLATFORMS=cpu): all statements but the last
run cleanly (checked by running the cell minus its last statement) and the last raises; `line`
(and `use_line`) were checked against the deepest traceback frame in the cell file, and the
exception class named in each note is the one that was raised. Each first fix (and most of the
alternatives listed) was applied by hand to a copy of the cell and the cell then ran cleanly.

Installed versions (venv): jsmfsb 1.1.7 (the PyPI name of jax-smfsb; the old "jax-smfsb" 0.0.1
dist is superseded), diffusionjax 0.1.8, sbmltoodejax 0.4.3 (with sbmltoodepy 1.0.4,
python-libsbml 5.21.2); jax/jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8 and
numpy 2.4.6 kept at the machine's versions.

Dropped: autobound (the only release installable on Python 3.11, 0.1.4, fails at import with
AttributeError: jax.core.Jaxpr was removed; 0.1.5-0.1.7 require Python >= 3.12); recurrentgemma
(1.0.0 fails at import: it imports jax._src.lax.control_flow.for_loop, which JAX removed; 1.0.1
pins a numpy that conflicts with 2.4.6); jpu, the first alternate (0.0.5 fails at import with
AttributeError because jnp.fix was removed in JAX 0.10). They were replaced by the next
alternates, diffusionjax and sbmltoodejax.

Notes on the cells: diffusionjax 0.1.8 ships an empty `diffusionjax/models/` package that shadows
`models.py`, so its README's MLP cannot be imported; the cells that train define a two-layer flax
MLP of their own. BioModels downloads need the network, so the sbmltoodejax cells generate their
model from an SBML file bundled with sbmltoodepy (Smallbone2013 colon crypt) with ParseSBMLFile +
GenerateModel, writing crypt.py into the working directory (the generated file emits equinox
static_field deprecation warnings, which are harmless).

Doubts about labels:
- ba-jsmfsb-sim-time-series-traced-tt: kind could be traced-shape (the int() result is a step
  count fed to random.split) or concretization (the class raised is ConcretizationTypeError).
- ba-jsmfsb-abc-leak-model: the stored Spn's hazard closes over th, but the first leaked tracer
  JAX meets is the model's stoichiometry matrix, a constant staged inside the trace that depends
  on no parameter, so argument=None is defensible.
- ba-jsmfsb-pf-obsll-nan-mask: y is observed data, traced only because pf_marginal_ll indexes it
  with its scan counter; argument=None could be argued. size-argument is not a real alternative
  (the number of missing values is data-dependent).
- ba-jsmfsb-hazard-builtin-max: jnp.where is as good a first fix as jnp.maximum.
- ba-jsmfsb-cle1d-array-deltat: numpy-for-static (build the time grid with NumPy) is as good as
  float(); 'not-static' does not apply since static_argnums is the library's choice.
- ba-diffusionjax-solver-list-schedule: the vocabulary has no exact entry for "store the Python
  list as a jnp array and index it"; jnp-not-np is the closest, lax.dynamic_slice is arguable.
- ba-diffusionjax-print-float-loss and ba-sbmltoodejax-float-loss-log: return-value (return the
  loss and print outside) is as acceptable as jax.debug.print.
- ba-diffusionjax-traced-num-samples: the shape tuple is built on line 12 (get_sampler) but JAX
  raises when the sampler is called on line 13; line 12 is defensible.
- ba-diffusionjax-vmap-churn-option: the failing comparison is the library's builtin min(), so
  concretization ("the library needs a Python value") is a defensible kind; 'static' here means
  looping over the option in Python instead of vmapping it.
- ba-diffusionjax-score-if-time, ba-jsmfsb-mh-prior-if, ba-sbmltoodejax-scan-transition-if:
  lax.cond is as valid as jnp.where (both branches are cheap).
- ba-sbmltoodejax-scan-transition-if: JAX's message blames all of carry[0..3] because the
  generated ModelStep is jitted; the real data dependency is the time carry[3]. The local name t
  could also be given as the argument.
- ba-sbmltoodejax-nsteps-jnp-array: hashable-static (int(n_steps)) is as good as computing the
  count with Python.
- ba-sbmltoodejax-loss-boolean-mask: a competent user might also reach for size-argument, but it
  changes the result unless the fill value is chosen carefully, so only jnp.where is listed.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    # ------------------------------------------------------------------ jax-smfsb
    Case(
        id='ba-jsmfsb-hazard-numpy-array',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/src/jsmfsb/spn.py',
        code="""\
import numpy as np
import jax
import jsmfsb

def hazard(x, t):
    return np.array([0.3 * x[0] * x[1] / 200, 0.1 * x[1]])

sir = jsmfsb.Spn(["S", "I", "R"], ["S->I", "I->R"],
                 [[1, 1, 0], [0, 1, 0]], [[0, 2, 0], [0, 0, 1]],
                 hazard, [197, 3, 0])
step = sir.step_gillespie()
jsmfsb.sim_time_series(jax.random.key(1), sir.m, 0.0, 20.0, 0.5, step)
""",
        kind='array-conversion', argument='x', path='x', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The Spn docstring asks for a hazard that returns "a numpy array of rates", so the user '
             'builds it with np.array; step_gillespie traces the hazard inside a jitted while_loop and '
             'NumPy calls __array__ on the tracer: TracerArrayConversionError. Using jnp.array fixes it; checked.',
    ),
    Case(
        id='ba-jsmfsb-hazard-builtin-max',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/docs/source/tutorial.rst',
        code="""\
import jax
import jsmfsb

def hazard(x, t):
    # guard against negative propensities when the CLE state dips below zero
    bind = max(0.00166 * x[0] * (x[0] - 1) / 2, 0.0)
    return jax.numpy.array([bind, 0.2 * x[1]])

dimer = jsmfsb.Spn(["P", "P2"], ["Dim", "Diss"], [[2, 0], [0, 1]], [[0, 1], [2, 0]],
                   hazard, [301, 0])
step = dimer.step_cle(0.01)
jsmfsb.sim_time_series(jax.random.key(0), dimer.m, 0.0, 10.0, 0.1, step)
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Builtin max() compares the traced propensity with 0.0 inside the hazard that step_cle '
             'traces in its jitted while_loop, so Python asks for the truth of a tracer: '
             'TracerBoolConversionError. jnp.maximum (or jnp.where) keeps the same result; checked.',
    ),
    Case(
        id='ba-jsmfsb-mh-prior-if',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/src/jsmfsb/inference.py',
        code="""\
import jax
import jax.numpy as jnp
import jax.scipy as jsp
import jsmfsb

k1, k2 = jax.random.split(jax.random.key(42))
data = jax.random.normal(k1, 250) * 2 + 5

def llik(k, th):
    return jnp.sum(jsp.stats.norm.logpdf(data, th[0], th[1]))

def rprop(k, th):
    return th + jax.random.normal(k, 2) * 0.1

def lprior(th):
    if th[1] <= 0:          # the scale must be positive
        return -jnp.inf
    return 0.0

jsmfsb.metropolis_hastings(k2, jnp.array([1.0, 1.0]), llik, rprop,
                           ldprior=lprior, iters=100, thin=2, verb=False)
""",
        kind='bool-conversion', argument='th', path='th', line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='metropolis_hastings runs the user prior inside lax.scan, so th is a tracer and the '
             'Python if on th[1] <= 0 raises TracerBoolConversionError. jnp.where(th[1] <= 0, -jnp.inf, 0.0) '
             'gives the same log-density; checked.',
    ),
    Case(
        id='ba-jsmfsb-sim-time-series-traced-tt',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/src/jsmfsb/sim.py',
        code="""\
import jax
import jsmfsb

lv = jsmfsb.models.lv()
step = lv.step_cle(0.01)

@jax.jit
def final_state(key, tt):
    out = jsmfsb.sim_time_series(key, lv.m, 0.0, tt, 0.1, step)
    return out[-1]

final_state(jax.random.key(0), 10.0)
""",
        kind='integer-conversion', argument='tt', path='tt', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='sim_time_series computes the number of output steps with int((tt - t0) // dt); with tt '
             'a jit argument the library int() hits a tracer and JAX raises ConcretizationTypeError '
             '(its hint about astype does not apply). Marking tt static (static_argnames) works; checked.',
    ),
    Case(
        id='ba-jsmfsb-pf-obsll-nan-mask',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/docs/source/tutorial.rst',
        code="""\
import jax
import jax.numpy as jnp
import jax.scipy as jsp
import jsmfsb

data = jsmfsb.data.lv_noise_10.at[3, 2].set(jnp.nan)   # one missing observation

def obsll(x, t, y, th):
    seen = ~jnp.isnan(y)
    return jnp.sum(jsp.stats.norm.logpdf(y[seen] - x[seen], scale=10))

def sim_x(k, t0, th):
    return jnp.array([50.0, 100.0])

def step(k, x, t, dt, th):
    return jsmfsb.models.lv(th).step_cle(0.1)(k, x, t, dt)

mll = jsmfsb.pf_marginal_ll(50, sim_x, 0, step, obsll, data)
mll(jax.random.key(42), jnp.array([1.0, 0.005, 0.6]))
""",
        kind='boolean-index', argument='y', path='y', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Skipping missing observations with a NaN mask inside the observation log-likelihood: '
             'pf_marginal_ll evaluates it under jit/scan/vmap, so y[seen] is a data-dependent shape and '
             'JAX raises NonConcreteBooleanIndexError. Summing jnp.where(seen, logpdf, 0.0) gives the '
             'same value; checked.',
    ),
    Case(
        id='ba-jsmfsb-abc-leak-model',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/docs/source/tutorial.rst',
        code="""\
import jax
import jax.numpy as jnp
import jsmfsb

data = jsmfsb.data.lv_perfect[:, 1:3]
last = {}

def rpr(k):
    return jnp.exp(jax.random.uniform(k, 3, minval=-3, maxval=1))

def rdis(k, th):
    model = jsmfsb.models.lv(th)
    last["model"] = model                   # keep the last model to plot it later
    out = jsmfsb.sim_time_series(k, jnp.array([50.0, 100.0]), 0, 30, 2, model.step_cle(0.1))
    return jnp.sqrt(jnp.sum((out - data) ** 2))

p, d = jsmfsb.abc_run(jax.random.key(0), 100, rpr, rdis)
jsmfsb.sim_time_series(jax.random.key(1), jnp.array([50.0, 100.0]), 0, 30, 2, last["model"].step_cle(0.1))
""",
        kind='leaked-tracer', argument='th', path='th', line=13, use_line=18,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='abc_run jits and lax.maps the user distance function, so the Spn built from the traced '
             'th (its hazard closes over th) is stored in a dict and escapes; simulating from it '
             'afterwards raises UnexpectedTracerError. Return what is needed (p already holds the '
             'parameters; rebuild the model from a returned th); checked.',
    ),
    Case(
        id='ba-jsmfsb-cle1d-array-deltat',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/src/jsmfsb/spn.py',
        code="""\
import jax
import jax.numpy as jnp
import jsmfsb

lv = jsmfsb.models.lv()
N = 20
x0 = jnp.zeros((2, N)).at[:, N // 2].set(lv.m)
step = lv.step_cle_1d(jnp.array([0.6, 0.6]), 0.1)
times = jnp.linspace(0.0, 5.0, 6)
step(jax.random.key(0), x0, 0.0, times[1] - times[0])
""",
        kind='unhashable-static', argument=None, path=None, line=10,
        fixes=('hashable-static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The 1d/2d CLE and Euler steppers are jitted with static_argnums=(3,) for deltat; passing '
             'a jax Array (a difference of jnp.linspace times) makes jit hash it and raise ValueError '
             '(non-hashable static arguments). Passing float(...) or building times with NumPy works; checked.',
    ),
    Case(
        id='ba-jsmfsb-jit-spn-argument',
        source='https://github.com/darrenjw/jax-smfsb/blob/main/README.md',
        code="""\
import jax
import jsmfsb

@jax.jit
def simulate(model, key):
    step = model.step_gillespie()
    return jsmfsb.sim_time_series(key, model.m, 0, 20, 0.5, step)

simulate(jsmfsb.models.sir(), jax.random.key(3))
""",
        kind='non-array-argument', argument='model', path='model', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='An Spn model object is passed as an argument of a jitted function; it is not a pytree '
             'or array, so jit raises TypeError (not a valid JAX type). JAX suggests static_argnums, '
             'which works because Spn hashes by identity; checked.',
    ),
    # --------------------------------------------------------------- diffusionjax
    Case(
        id='ba-diffusionjax-score-if-time',
        source='https://github.com/bb515/diffusionjax/blob/master/README.md',
        code="""\
import jax
from diffusionjax.sde import VP
from diffusionjax.solvers import EulerMaruyama
from diffusionjax.utils import get_sampler, get_times

sde = VP()

def score(x, t):
    if t[0] > 0.5:                       # far from the data: plain Gaussian score
        return -x
    return -x / sde.variance(t)[:, None]

ts, _ = get_times(num_steps=100)
sampler = get_sampler((64, 2), EulerMaruyama(sde.reverse(score), ts=ts))
samples, nfe = sampler(jax.random.key(0))
""",
        kind='bool-conversion', argument='t', path='t', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The sampler runs the reverse-SDE solver inside lax.scan over the time grid, so the '
             'user score receives a traced t and the Python if raises TracerBoolConversionError. '
             'jnp.where(t[0] > 0.5, -x, ...) keeps the result; checked.',
    ),
    Case(
        id='ba-diffusionjax-print-float-loss',
        source='https://github.com/bb515/diffusionjax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
import flax.linen as nn
from diffusionjax.sde import VP
from diffusionjax.solvers import EulerMaruyama
from diffusionjax.utils import get_loss

class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        return nn.Dense(2)(nn.relu(nn.Dense(64)(jnp.concatenate([x, t.reshape(-1, 1)], -1))))

sde, model = VP(), MLP()
data = jax.random.normal(jax.random.key(0), (16, 2))
params = model.init(jax.random.key(1), data, jnp.ones((16,)))
loss_fn = get_loss(sde, EulerMaruyama(sde), model, score_scaling=True, likelihood_weighting=False)

@jax.jit
def update(params, rng):
    loss, grads = jax.value_and_grad(loss_fn)(params, rng, data)
    print(f"loss = {float(loss):.4f}")
    return jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)

update(params, jax.random.key(2))
""",
        kind='concretization', argument='params', path='params', line=21,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Logging the score-matching loss with float() inside the jitted update step: the loss is '
             'a tracer, so float raises ConcretizationTypeError. jax.debug.print (or returning the loss '
             'and printing outside) works; checked.',
    ),
    Case(
        id='ba-diffusionjax-solver-list-schedule',
        source='https://github.com/bb515/diffusionjax/blob/master/diffusionjax/solvers.py',
        code="""\
import jax
import jax.numpy as jnp
from diffusionjax.sde import VE
from diffusionjax.solvers import Solver
from diffusionjax.utils import get_sampler, get_times, get_timestep

sde = VE()
ts, _ = get_times(num_steps=50)
step_sizes = [0.01 * (1 + i / 50) for i in range(50)]     # hand-tuned schedule

class MyLangevin(Solver):
    def prior(self, rng, shape):
        return sde.prior(rng, shape)

    def update(self, rng, x, t):
        i = get_timestep(t, self.t0, self.t1, self.num_steps)[0]
        eps = step_sizes[i]
        x_mean = x - eps * x
        return x_mean + jnp.sqrt(2 * eps) * jax.random.normal(rng, x.shape), x_mean

sampler = get_sampler((32, 2), MyLangevin(ts))
sampler(jax.random.key(0))
""",
        kind='integer-conversion', argument='t', path='t', line=17,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom Solver subclass looks up a Python list with the time-step index; the sampler '
             'scans update over time so the index is a tracer and list indexing calls __index__: '
             'TracerIntegerConversionError. Storing the schedule as a jnp array and indexing it works; checked.',
    ),
    Case(
        id='ba-diffusionjax-observation-map-numpy',
        source='https://github.com/bb515/diffusionjax/blob/master/diffusionjax/inverse_problems.py',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from diffusionjax.sde import VP
from diffusionjax.solvers import EulerMaruyama
from diffusionjax.inverse_problems import get_diffusion_posterior_sampling
from diffusionjax.utils import get_sampler, get_times

H = np.array([[1.0, 0.0]])             # observe the first coordinate only

def observation_map(x):
    return np.dot(H, x)

sde = VP()
y = jnp.full((16, 1), 0.5)
guided = sde.reverse(lambda x, t: -x).guide(get_diffusion_posterior_sampling, observation_map, y, 0.1)
ts, _ = get_times(num_steps=20)
sampler = get_sampler((16, 2), EulerMaruyama(guided, ts=ts))
sampler(jax.random.key(0))
""",
        kind='array-conversion', argument='x', path='x', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The guidance score vmaps and vjps the user observation map, which is written with np.dot; '
             'NumPy tries to convert the tracer and JAX raises TracerArrayConversionError. jnp.dot fixes it; checked.',
    ),
    Case(
        id='ba-diffusionjax-traced-num-samples',
        source='https://github.com/bb515/diffusionjax/blob/master/diffusionjax/utils.py',
        code="""\
import jax
from diffusionjax.sde import VP
from diffusionjax.solvers import EulerMaruyama
from diffusionjax.utils import get_sampler, get_times

sde = VP()
ts, _ = get_times(num_steps=50)
solver = EulerMaruyama(sde.reverse(lambda x, t: -x), ts=ts)

@jax.jit
def draw(rng, num_samples):
    sampler = get_sampler((num_samples, 2), solver)
    samples, _ = sampler(rng)
    return samples

draw(jax.random.key(0), 128)
""",
        kind='traced-shape', argument='num_samples', path='num_samples', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='get_sampler takes the batch shape as a Python tuple; with num_samples a jit argument the '
             'prior draw random.normal(rng, shape) gets a traced dimension and JAX raises TypeError '
             '(shapes must be concrete), suggesting static_argnums, which works; checked.',
    ),
    Case(
        id='ba-diffusionjax-leak-score-closure',
        source='https://github.com/bb515/diffusionjax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
import flax.linen as nn
from diffusionjax.sde import VP
from diffusionjax.solvers import EulerMaruyama
from diffusionjax.utils import get_loss, get_score, get_sampler

class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        return nn.Dense(2)(nn.relu(nn.Dense(64)(jnp.concatenate([x, t.reshape(-1, 1)], -1))))

sde, model, latest = VP(), MLP(), {}
data = jax.random.normal(jax.random.key(0), (16, 2))
params = model.init(jax.random.key(1), data, jnp.ones((16,)))
loss_fn = get_loss(sde, EulerMaruyama(sde), model, score_scaling=True, likelihood_weighting=False)

@jax.jit
def train_step(params, rng):
    loss, grads = jax.value_and_grad(loss_fn)(params, rng, data)
    latest["score"] = get_score(sde, model, params, score_scaling=True)   # reuse for sampling
    return jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads), loss

params, loss = train_step(params, jax.random.key(2))
get_sampler((8, 2), EulerMaruyama(sde.reverse(latest["score"])))(jax.random.key(3))
""",
        kind='leaked-tracer', argument='params', path='params', line=21, use_line=25,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='get_score returns a closure over the traced params; keeping it in a dict from inside the '
             'jitted train step leaks the tracer, and sampling with it later raises UnexpectedTracerError. '
             'Build the score from the returned params instead; checked.',
    ),
    Case(
        id='ba-diffusionjax-solver-jit-argument',
        source='https://github.com/bb515/diffusionjax/blob/master/README.md',
        code="""\
import jax
from diffusionjax.sde import VP
from diffusionjax.solvers import EulerMaruyama
from diffusionjax.utils import get_sampler, get_times

sde = VP()
ts, _ = get_times(num_steps=50)

@jax.jit
def sample(solver, rng):
    samples, _ = get_sampler((64, 2), solver)(rng)
    return samples

sample(EulerMaruyama(sde.reverse(lambda x, t: -x), ts=ts), jax.random.key(0))
""",
        kind='non-array-argument', argument='solver', path='solver', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A diffusionjax Solver instance is passed as a traced argument of jax.jit; it is a plain '
             'object, so jit raises TypeError (not a valid JAX type) and suggests static_argnums, '
             'which works since the solver hashes by identity; checked.',
    ),
    # --------------------------------------------------------------- sbmltoodejax
    Case(
        id='ba-sbmltoodejax-float-loss-log',
        source='https://developmentalsystems.org/sbmltoodejax/tutorials/gradient_descent.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)

@jax.jit
def make_step(c):
    def loss(c):
        ys, ws, ts = model(50, c=c)
        return jnp.mean((ys[2] - 40.0) ** 2)
    value, grad = jax.value_and_grad(loss)(c)
    print("loss %.3f" % float(value))
    return c - 1e-4 * grad

make_step(crypt.c)
""",
        kind='concretization', argument='c', path='c', line=17,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Printing the loss with float() inside a jitted optimisation step over the kinetic '
             'constants c: the value is a tracer and float raises ConcretizationTypeError. '
             'jax.debug.print (or returning the loss) works; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-nsteps-jnp-array',
        source='https://developmentalsystems.org/sbmltoodejax/api/modulegeneration.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)

t_end = 60.0
n_steps = jnp.round(t_end / model.deltaT).astype(int)
ys, ws, ts = model(n_steps)
""",
        kind='unhashable-static', argument=None, path=None, line=13,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='The generated ModelRollout.__call__ is jitted with static_argnames=("n_steps",); computing '
             'n_steps with jnp gives a jax Array, and jit raises ValueError (non-hashable static '
             'arguments). Computing it with Python/NumPy (round(...)) or wrapping in int() works; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-species-name-arg',
        source='https://developmentalsystems.org/sbmltoodejax/api/modulegeneration.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)
ys, ws, ts = model(100)

@jax.jit
def final_amount(ys, species):
    return ys[crypt.y_indexes[species], -1]

final_amount(ys, "N1")
""",
        kind='non-array-argument', argument='species', path='species', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Looking up a species by its SBML id through the generated y_indexes dict inside a jitted '
             'helper: the string id is a jit argument, and jit raises TypeError (str is not a valid JAX '
             'type), suggesting static_argnames, which works; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-loss-boolean-mask',
        source='https://developmentalsystems.org/sbmltoodejax/tutorials/gradient_descent.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)

@jax.jit
def overshoot_loss(c):
    ys, ws, ts = model(60, c=c)
    total = ws[crypt.w_indexes["T"]]
    over = total[total > 70.0]            # only penalise time points above the cap
    return jnp.sum((over - 70.0) ** 2)

jax.grad(overshoot_loss)(crypt.c)
""",
        kind='boolean-index', argument='c', path='c', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Selecting the time points where the total cell count exceeds a cap with a boolean mask '
             'inside a jitted/differentiated loss over c: the mask is traced, so JAX raises '
             'NonConcreteBooleanIndexError. jnp.sum(jnp.where(total > 70, (total - 70) ** 2, 0.0)) '
             'gives the same loss; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-vmap-window-slice',
        source='https://developmentalsystems.org/sbmltoodejax/tutorials/parallel_execution.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)
ys, ws, ts = model(200)

def window_mean(ys, start):
    return ys[:, start:start + 20].mean(axis=1)

starts = jnp.arange(0, 180, 20)
jax.vmap(window_mean, in_axes=(None, 0))(ys, starts)
""",
        kind='traced-shape', argument='start', path='start', line=13,
        fixes=('lax.dynamic_slice',), verifiable=True, jax_fitting_fix=False,
        note='Averaging the rollout over sliding windows by vmapping over the window start: the start '
             'is a batch tracer used as a slice bound, and JAX raises IndexError ("Slice entries must '
             'be static integers", with no hint). lax.dynamic_slice_in_dim(ys, start, 20, axis=1) works; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-leak-trajectory-history',
        source='https://developmentalsystems.org/sbmltoodejax/tutorials/gradient_descent.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)
history = []

@jax.jit
def loss(c):
    ys, ws, ts = model(50, c=c)
    history.append(ys)                   # keep trajectories to plot after training
    return jnp.mean((ys[2] - 40.0) ** 2)

g = jax.grad(loss)(crypt.c)
jnp.stack(history).mean(axis=0)
""",
        kind='leaked-tracer', argument='c', path='c', line=15, use_line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The jitted loss appends the rollout (a tracer) to a Python list; using the list after '
             'jax.grad returns raises UnexpectedTracerError. Returning the trajectory as auxiliary '
             'output (value_and_grad/grad with has_aux=True) works; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-loss-np-interp',
        source='https://developmentalsystems.org/sbmltoodejax/tutorials/gradient_descent.html',
        code="""\
import os, importlib.util, sbmltoodepy
import numpy as np
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
model = crypt.ModelRollout(deltaT=0.5)
t_grid = np.arange(40) * 0.5
t_obs, n_obs = np.array([2.0, 5.0, 11.0, 17.0]), np.array([30.0, 42.0, 55.0, 61.0])

def loss(c):
    ys, ws, ts = model(40, c=c)
    pred = np.interp(t_obs, t_grid, ys[2])
    return np.sum((pred - n_obs) ** 2)

jax.jit(jax.value_and_grad(loss))(crypt.c)
""",
        kind='array-conversion', argument='c', path='c', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Fitting the kinetic constants to sparse measurements by interpolating the rollout with '
             'np.interp inside a jitted value_and_grad: NumPy converts the traced trajectory and JAX '
             'raises TracerArrayConversionError. jnp.interp/jnp.sum work; checked.',
    ),
    Case(
        id='ba-sbmltoodejax-scan-transition-if',
        source='https://developmentalsystems.org/sbmltoodejax/tutorials/gradient_descent.html',
        code="""\
import os, importlib.util, sbmltoodepy
import jax, jax.numpy as jnp
from sbmltoodejax.parse import ParseSBMLFile
from sbmltoodejax.modulegeneration import GenerateModel
xml = os.path.join(os.path.dirname(sbmltoodepy.__file__), "sbml_files", "Smallbone2013_Colon_Crypt_cycle.xml")
GenerateModel(ParseSBMLFile(xml), "crypt.py")
spec = importlib.util.spec_from_file_location("crypt", "crypt.py")
crypt = importlib.util.module_from_spec(spec); spec.loader.exec_module(crypt)
step = crypt.ModelStep()

def transition(carry, _):
    y, w, c, t = step(*carry, 0.5)
    if t > 5.0:                          # drug switches off stem-cell division after t = 5
        c = c.at[crypt.c_indexes["r0"]].set(0.0)
    return (y, w, c, t), y

init = (crypt.y0, crypt.w0, crypt.c, 0.0)
_, ys = jax.lax.scan(jax.checkpoint(transition), init, None, length=40)
""",
        kind='bool-conversion', argument='carry', path='carry[3]', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user transition function around the generated ModelStep, run by lax.scan under '
             'jax.checkpoint, switches on an intervention with a Python if on the traced time: '
             'TracerBoolConversionError (the message proposes static_argnums for checkpoint, which does '
             'not apply to a scan carry). c = jnp.where(t > 5.0, c.at[...].set(0.0), c) works; checked.',
    ),
    Case(
        id='ba-diffusionjax-vmap-churn-option',
        source='https://github.com/bb515/diffusionjax/blob/master/diffusionjax/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from diffusionjax.solvers import EDMHeun
from diffusionjax.utils import get_karras_gamma_function, get_sampler, get_times

ts, _ = get_times(num_steps=40)
denoise = lambda x, sigma: x / (1.0 + sigma[:, None] ** 2)   # toy denoiser for N(0, I) data

def sample_with_churn(s_churn, rng):
    gamma = get_karras_gamma_function(num_steps=40, s_churn=s_churn, s_min=0.05, s_max=50.0)
    solver = EDMHeun(denoise, gamma=gamma, ts=ts)
    samples, _ = get_sampler((16, 2), solver, denoise=False)(rng)
    return samples

jax.vmap(sample_with_churn, in_axes=(0, None))(jnp.array([0.0, 10.0, 40.0]), jax.random.key(0))
""",
        kind='bool-conversion', argument='s_churn', path='s_churn', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping the EDM churn option with vmap: the Karras gamma schedule that the solver '
             'constructor evaluates uses the builtin min() on s_churn / num_steps, so the library asks '
             'for the truth of a batch tracer: TracerBoolConversionError. The option must stay a Python '
             'value; looping over the churn values in Python works; checked.',
    ),
]
