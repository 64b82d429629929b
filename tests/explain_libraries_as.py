"""Held-out library cases (set as): pyhgf, torax, boax.

How they were built: each cell was written by hand as a reduction of a usage pattern documented
in the library's README / docs (GitHub issue search found no library-specific tracing threads
for these three small libraries, so sources are the docs/README pages of the API exercised).
Every cell was run as a file with /tmp/heldout23/venv_as/bin/python (CPython 3.11.7,
venv with --system-site-packages): all statements but the last run cleanly, the last raises; the
exception class is recorded in each note; line/use_line were read off the traceback frames.
Every first fix marked verifiable=True was applied by hand and the fixed cell re-run cleanly.

Installed versions: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8,
numpy 2.4.6; pyhgf 0.1.7, torax 1.4.3, boax 0.1.3 (torax enables x64 at import).
pyhgf: newer releases (0.2.x) either pin jax<0.4.32 (0.2.8) or ship only an sdist needing a
Rust build (no network for crates), so pip resolved to 0.1.7, the newest wheel compatible
with jax 0.10.2; it imports and runs. boax resolved to 0.1.3 (0.2.0 did not resolve with the
pins). No candidate was dropped; no alternates used.
Dropped while building: a boax halton_uniform sampler case (boax's halton_sequence computes
jnp.prod of the sample shape, so it cannot run under jit even with static sizes; switched to
the iid uniform sampler); a torax ramp variant that evaluated the provider at a Python float
time (torax then uses np.interp on traced knots, a second error after the first fix).

Doubts about labels:
- as-boax-float-log: value depends on both params leaves (JAX names params['length_scale'] and
  params['noise']); path given as 'params'.
- as-boax-leak-model: the leaked float32[] scalar may be either hyperparameter captured in the
  model closure; path params['length_scale'] is a guess. 'return-value' here means returning the
  params and rebuilding the model outside jit.
- as-boax-filter-candidates: the mask depends on candidates and on best; both fixes change the
  result's shape (padding vs masking), so jnp.where first is equally defensible.
- as-boax-sample-n: kind could be integer-conversion (a size); JAX raises a shape TypeError.
- as-boax-static-bounds / as-pyhgf-static-dict: 'hashable-static' (tuple) is an equally valid
  first fix; not-static put first because the values need not be static.
- as-pyhgf-relu/np/math-coupling: the traced function is the user's coupling_fn called by
  pyhgf's scan; argument is its parameter x.
- as-pyhgf-levels-traced: raised inside HGF.__init__ (library if); could be seen as
  concretization of a configuration value.
- as-pyhgf-leak-attributes: the fix vocabulary has nothing for 'do not mutate a shared
  library object'; return-value is the closest. Could also be read as a library design issue.
- as-pyhgf-mask-trials: argument is keep (the mask), not data (the first parameter).
- as-torax-config-in-jit: the idiomatic torax fix (RuntimeParamsProvider.update_provider) is not
  in the vocabulary; static works only with a Python float. Kind could be concretization.
- as-torax-config-jit-arg: 'static' means closing over the config; static_argnums fails because
  ToraxConfig is unhashable, so JAX's suggestion does not fit (jax_fitting_fix False).
- as-torax-static-dict: fixes order static (move config building out) vs hashable-static is
  arguable.
- as-torax-ramp-linspace: kind could be concretization (JAX raises ConcretizationTypeError
  naming jnp.linspace's num); numpy-for-static alone does not fix it.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='as-boax-noise-floor-if',
        source='https://pypi.org/project/boax/0.1.2',
        code="""\
import jax
import jax.numpy as jnp
from boax.core import distributions
from boax.prediction import models, objectives

x = jnp.linspace(-1.0, 1.0, 12)[:, None]
y = jnp.sin(3.0 * x[:, 0])
nll = objectives.negative_log_likelihood(distributions.multivariate_normal.logpdf)

def loss(params):
    noise = params['noise']
    if noise < 1e-4:
        noise = 1e-4
    model = models.gaussian_process.exact(
        models.means.zero(), models.kernels.rbf(params['length_scale']),
        models.likelihoods.gaussian(noise))
    return nll(model(x), y)

step = jax.jit(jax.value_and_grad(loss))
step({'length_scale': 0.5, 'noise': 1e-2})
""",
        kind='bool-conversion', argument='params', path="params['noise']", line=12,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A GP hyperparameter loss (the README's fitting loop, jitted value_and_grad) clamps the noise with a Python if; JAX raises TracerBoolConversionError. jnp.where/jnp.maximum keep the clamp and stay differentiable; checked.",
    ),
    Case(
        id='as-boax-np-softplus',
        source='https://pypi.org/project/boax/0.1.2',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from boax.core import distributions
from boax.prediction import models, objectives

x = jnp.linspace(-1.0, 1.0, 12)[:, None]
y = jnp.sin(3.0 * x[:, 0])
nll = objectives.negative_log_likelihood(distributions.multivariate_normal.logpdf)

def loss(raw):
    length_scale = np.log1p(np.exp(raw['length_scale']))
    model = models.gaussian_process.exact(
        models.means.zero(), models.kernels.rbf(length_scale),
        models.likelihoods.gaussian(1e-3))
    return nll(model(x), y)

grads = jax.grad(loss)({'length_scale': jnp.array(0.0)})
""",
        kind='array-conversion', argument='raw', path="raw['length_scale']", line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Softplus reparametrisation of the RBF length scale written with NumPy inside a loss differentiated by jax.grad; TracerArrayConversionError. Switching np.log1p/np.exp to jnp fixes it; checked.',
    ),
    Case(
        id='as-boax-float-log',
        source='https://pypi.org/project/boax/0.1.2',
        code="""\
import jax
import jax.numpy as jnp
import optax
from boax.core import distributions
from boax.prediction import models, objectives

x = jnp.linspace(-1.0, 1.0, 12)[:, None]
y = jnp.sin(3.0 * x[:, 0])
nll = objectives.negative_log_likelihood(distributions.multivariate_normal.logpdf)
opt = optax.adam(1e-2)

def loss(params):
    model = models.gaussian_process.exact(
        models.means.zero(), models.kernels.rbf(params['length_scale']),
        models.likelihoods.gaussian(params['noise']))
    return nll(model(x), y)

@jax.jit
def train_step(params, state):
    value, grads = jax.value_and_grad(loss)(params)
    print(f"nll = {float(value):.3f}")
    updates, state = opt.update(grads, state)
    return optax.apply_updates(params, updates), state

params = {'length_scale': jnp.array(0.5), 'noise': jnp.array(1e-2)}
train_step(params, opt.init(params))
""",
        kind='concretization', argument='params', path='params', line=21,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging the negative log likelihood with float() inside the jitted optax train step of a boax GP; ConcretizationTypeError (JAX suggests astype, which does not fit). jax.debug.print logs at run time; checked.',
    ),
    Case(
        id='as-boax-leak-model',
        source='https://pypi.org/project/boax/0.1.2',
        code="""\
import jax
import jax.numpy as jnp
from boax.core import distributions
from boax.prediction import models, objectives

x = jnp.linspace(-1.0, 1.0, 12)[:, None]
y = jnp.sin(3.0 * x[:, 0])
nll = objectives.negative_log_likelihood(distributions.multivariate_normal.logpdf)
fitted = {}

@jax.jit
def loss(params):
    model = models.gaussian_process.exact(
        models.means.zero(), models.kernels.rbf(params['length_scale']),
        models.likelihoods.gaussian(params['noise']), x, y)
    fitted['model'] = model
    return nll(model(x), y)

loss({'length_scale': jnp.array(0.5), 'noise': jnp.array(1e-2)})
fitted['model'](jnp.array([[0.3]]))
""",
        kind='leaked-tracer', argument='params', path="params['length_scale']", line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note='The posterior model built by gaussian_process.exact inside a jitted loss closes over traced hyperparameters and is stashed in a dict; calling it afterwards raises UnexpectedTracerError. Return the fitted params and rebuild the model outside jit (not a one-line change).',
        use_line=20,
    ),
    Case(
        id='as-boax-kernel-arg',
        source='https://pypi.org/project/boax/0.1.2',
        code="""\
import jax
import jax.numpy as jnp
from boax.core import distributions
from boax.prediction import models, objectives

x = jnp.linspace(-1.0, 1.0, 12)[:, None]
y = jnp.sin(3.0 * x[:, 0])
nll = objectives.negative_log_likelihood(distributions.multivariate_normal.logpdf)

@jax.jit
def evaluate(kernel, noise):
    model = models.gaussian_process.exact(
        models.means.zero(), kernel, models.likelihoods.gaussian(noise))
    return nll(model(x), y)

evaluate(models.kernels.matern_five_halves(0.5), 1e-2)
""",
        kind='non-array-argument', argument='kernel', path='kernel', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A boax kernel (a jitted Python callable) is passed as a positional argument of a jitted evaluation function; jit raises TypeError (not a valid abstract array). static_argnums=0 (the kernel is hashable) or closing over it fixes it; checked.',
    ),
    Case(
        id='as-boax-sample-n',
        source='https://pypi.org/project/boax/0.1.0/',
        code="""\
import jax
import jax.numpy as jnp
from boax.core import distributions, samplers

bounds = distributions.uniform.uniform(jnp.array([-2.0, 0.0]), jnp.array([2.0, 1.0]))
sampler = samplers.uniform(bounds)

@jax.jit
def initial_design(key, n):
    return sampler(key, (n,))

initial_design(jax.random.key(0), 16)
""",
        kind='traced-shape', argument='n', path='n', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The number of initial-design points given to a boax sampler is a jit argument, so sample_shape holds a tracer; jax.random raises TypeError (shapes must be concrete). Marking n static fixes it, as JAX's message says; checked.",
    ),
    Case(
        id='as-boax-filter-candidates',
        source='https://github.com/Lando-L/boax',
        code="""\
import jax
import jax.numpy as jnp
from boax.core import distributions
from boax.prediction import models

x = jnp.linspace(-1.0, 1.0, 12)[:, None]
y = jnp.sin(3.0 * x[:, 0])
model = models.gaussian_process.exact(
    models.means.zero(), models.kernels.rbf(0.3),
    models.likelihoods.gaussian(1e-3), x, y)

@jax.jit
def promising(candidates, best):
    mvn = jax.vmap(model)(candidates[:, None, :])
    ucb = mvn.mean[:, 0] + 2.0 * jnp.sqrt(mvn.cov[:, 0, 0])
    return candidates[ucb > best]

promising(jnp.linspace(-1.0, 1.0, 50)[:, None], y.max())
""",
        kind='boolean-index', argument='candidates', path='candidates', line=16,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Keeping only candidates whose UCB under the boax posterior beats the incumbent with a boolean mask inside jit; NonConcreteBooleanIndexError. jnp.nonzero(..., size=) gives a fixed-size result (jnp.where masking is the alternative); checked size-argument.',
    ),
    Case(
        id='as-boax-static-bounds',
        source='https://pypi.org/project/boax/0.1.2',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from boax.core import distributions, samplers

@partial(jax.jit, static_argnames=('bounds', 'n'))
def initial_design(key, bounds, n):
    dist = distributions.uniform.uniform(bounds[:, 0], bounds[:, 1])
    return samplers.uniform(dist)(key, (n,))

bounds = jnp.array([[-2.0, 2.0], [0.0, 1.0]])
initial_design(jax.random.key(0), bounds, 16)
""",
        kind='unhashable-static', argument='bounds', path='bounds', line=12,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='Search-space bounds (a jnp array) are declared static for a jitted initial-design function that feeds a boax uniform sampler; jit raises ValueError (non-hashable static argument). Only their shape matters, so passing them traced works; checked.',
    ),
    Case(
        id='as-boax-bo-loop-range',
        source='https://github.com/Lando-L/boax',
        code="""\
import jax
import jax.numpy as jnp
from boax.prediction import models

def objective(x):
    return -(x - 0.3) ** 2

@jax.jit
def run_bo(x0, n_iter):
    xs, ys = x0, objective(x0[:, 0])
    grid = jnp.linspace(-1.0, 1.0, 64)[:, None, None]
    for _ in range(n_iter):
        model = models.gaussian_process.exact(
            models.means.zero(), models.kernels.rbf(0.3),
            models.likelihoods.gaussian(1e-3), xs, ys)
        mvn = jax.vmap(model)(grid)
        x_next = grid[jnp.argmax(mvn.mean[:, 0] + 2.0 * jnp.sqrt(mvn.cov[:, 0, 0]))]
        xs, ys = jnp.concatenate([xs, x_next]), jnp.concatenate([ys, objective(x_next[:, 0])])
    return xs, ys

run_bo(jnp.array([[-0.5], [0.8]]), 5)
""",
        kind='integer-conversion', argument='n_iter', path='n_iter', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A whole Bayesian-optimisation loop (refit boax GP, maximise UCB on a grid, append) is jitted with the iteration count as a traced argument; range() raises TracerIntegerConversionError. The data grow each step, so fori_loop does not fit; static_argnums=1 does; checked.',
    ),
    Case(
        id='as-pyhgf-relu-coupling',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import numpy as np
import jax.numpy as jnp
from pyhgf.model import Network

def relu(x):
    return x if x > 0 else 0.0

u = np.random.default_rng(0).normal(size=100)
net = Network()
net.add_nodes(kind="continuous-input")
net.add_nodes(value_children=0)
net.add_nodes(value_children=1, coupling_fn=(relu,))
net.input_data(input_data=u)
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A rectified coupling function given to Network.add_nodes(coupling_fn=...) uses a Python conditional; the library traces it inside scan/jit when input_data runs; TracerBoolConversionError. jnp.where (or jnp.maximum) fixes it; checked.',
    ),
    Case(
        id='as-pyhgf-np-coupling',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import numpy as np
import jax.numpy as jnp
from pyhgf.model import Network

def squash(x):
    return np.tanh(x)

u = np.random.default_rng(0).normal(size=100)
net = Network()
net.add_nodes(kind="continuous-input")
net.add_nodes(value_children=0)
net.add_nodes(value_children=1, coupling_fn=(squash,))
net.input_data(input_data=u)
""",
        kind='array-conversion', argument='x', path='x', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A tanh coupling function for a value parent written with np.tanh; pyhgf traces it in the belief-propagation scan; TracerArrayConversionError. jnp.tanh fixes it; checked.',
    ),
    Case(
        id='as-pyhgf-math-coupling',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import math
import jax.numpy as jnp
import numpy as np
from pyhgf.model import Network

def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))

u = np.random.default_rng(0).normal(size=100)
net = Network()
net.add_nodes(kind="continuous-input")
net.add_nodes(value_children=0)
net.add_nodes(value_children=1, coupling_fn=(sigmoid,))
net.input_data(input_data=u)
""",
        kind='concretization', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A sigmoid coupling function written with math.exp; inside pyhgf's traced update math.exp calls float() on the tracer; ConcretizationTypeError (JAX's astype hint does not fit). jnp.exp fixes it; checked.",
    ),
    Case(
        id='as-pyhgf-levels-traced',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from pyhgf.model import HGF

u = np.random.default_rng(0).normal(size=100)

@jax.jit
def total_surprise(n_levels):
    hgf = HGF(n_levels=n_levels, model_type="continuous")
    return hgf.input_data(input_data=u).surprise().sum()

total_surprise(3)
""",
        kind='bool-conversion', argument='n_levels', path='n_levels', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of HGF levels is passed through jax.jit, and HGF.__init__ itself branches on n_levels == 3; TracerBoolConversionError raised from library code. It is structure, so static_argnums=0; checked.',
    ),
    Case(
        id='as-pyhgf-hgf-jit-arg',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from pyhgf.model import HGF

u = np.random.default_rng(0).normal(size=100)
hgf = HGF(n_levels=2, model_type="continuous")

@jax.jit
def total_surprise(model, data):
    return model.input_data(input_data=data).surprise().sum()

total_surprise(hgf, u)
""",
        kind='non-array-argument', argument='model', path='model', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='An HGF instance is passed as an argument of a jitted function that feeds it data; jit raises TypeError (HGF is not a valid JAX type). static_argnums=0 (hashable by identity), as the message suggests; checked.',
    ),
    Case(
        id='as-pyhgf-leak-attributes',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from pyhgf.model import HGF

u = np.random.default_rng(0).normal(size=100)
hgf = HGF(n_levels=2, model_type="continuous")

@jax.jit
def surprise_at(omega):
    hgf.attributes[2]["tonic_volatility"] = omega
    return hgf.input_data(input_data=u).surprise().sum()

surprise_at(-4.0)
hgf.input_data(input_data=u)
""",
        kind='leaked-tracer', argument='omega', path='omega', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A jitted objective writes the traced tonic volatility into hgf.attributes (a library-held dict) before input_data; the next plain input_data call finds the tracer and raises UnexpectedTracerError. Keep traced values out of the shared network (return them / build the HGF inside); not a mechanical edit.',
        use_line=15,
    ),
    Case(
        id='as-pyhgf-mask-trials',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from pyhgf.model import HGF

rng = np.random.default_rng(0)
u = rng.normal(size=100)
valid = rng.random(100) > 0.1
hgf = HGF(n_levels=2, model_type="continuous")

@jax.jit
def fit_surprise(data, keep):
    trial_surprise = hgf.input_data(input_data=data).surprise()
    return trial_surprise[keep].sum()

fit_surprise(u, valid)
""",
        kind='boolean-index', argument='keep', path='keep', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Summing pyhgf's per-trial surprise only over valid trials with a boolean mask inside jit; NonConcreteBooleanIndexError. jnp.where(keep, s, 0).sum() gives the same total; checked.",
    ),
    Case(
        id='as-pyhgf-static-dict',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
from functools import partial
import jax
import numpy as np
from pyhgf.model import HGF

u = np.random.default_rng(0).normal(size=100)

@partial(jax.jit, static_argnames=("tonic_volatility",))
def total_surprise(data, tonic_volatility):
    hgf = HGF(n_levels=2, tonic_volatility=tonic_volatility)
    return hgf.input_data(input_data=data).surprise().sum()

total_surprise(u, tonic_volatility={"1": -3.0, "2": -2.0, "3": -3.0})
""",
        kind='unhashable-static', argument='tonic_volatility', path='tonic_volatility', line=13,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="HGF's per-level tonic_volatility dict is declared static for jit; jit raises ValueError (non-hashable static argument). The values are floats that HGF stores as node parameters, so passing the dict traced works; checked.",
    ),
    Case(
        id='as-pyhgf-edges-index',
        source='https://pypi.org/project/pyhgf/0.1.7',
        code="""\
import jax
import numpy as np
from pyhgf.model import HGF

u = np.random.default_rng(0).normal(size=100)
hgf = HGF(n_levels=3, model_type="continuous")

@jax.jit
def parent_mean(node):
    trajectories = hgf.input_data(input_data=u).node_trajectories
    parent = hgf.edges[node].volatility_parents[0]
    return trajectories[parent]["mean"]

parent_mean(1)
""",
        kind='integer-conversion', argument='node', path='node', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A node index is a jit argument and is used to index the network's edges tuple (hgf.edges[node]); TracerIntegerConversionError. Node indices are structure: static_argnums=0; checked.",
    ),
    Case(
        id='as-torax-config-in-jit',
        source='https://torax.readthedocs.io/en/v1.2.0/developer_guides.html',
        code="""\
import copy
import jax
import jax.numpy as jnp
import torax
from torax.examples import basic_config

@jax.jit
def ip_at_start(ip):
    cfg = copy.deepcopy(basic_config.CONFIG)
    cfg['profile_conditions'] = {'Ip': ip}
    config = torax.ToraxConfig.from_dict(cfg)
    return config.profile_conditions.Ip.get_value(0.0)

ip_at_start(12e6)
""",
        kind='array-conversion', argument='ip', path='ip', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Building a ToraxConfig with from_dict inside jit from a traced plasma current; torax's pydantic validation calls np.array on it and JAX raises TracerArrayConversionError from library code. Static ip (or building the config outside jit and updating via RuntimeParamsProvider) fixes it; checked static.",
    ),
    Case(
        id='as-torax-config-jit-arg',
        source='https://torax.readthedocs.io/en/v1.2.0/developer_guides.html',
        code="""\
import jax
import jax.numpy as jnp
import torax
from torax.examples import basic_config

config = torax.ToraxConfig.from_dict(basic_config.CONFIG)

@jax.jit
def ip_trace(cfg, times):
    return cfg.profile_conditions.Ip.get_value(times)

ip_trace(config, jnp.linspace(0.0, 5.0, 11))
""",
        kind='non-array-argument', argument='cfg', path='cfg', line=12,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='A ToraxConfig is passed as a jit argument; it is a pytree but carries string leaves, so jit raises TypeError. The suggested static_argnums fails (config holds numpy arrays, unhashable); closing over the config works; checked.',
    ),
    Case(
        id='as-torax-static-dict',
        source='https://torax.readthedocs.io/en/latest/configuration.html#time-varying-scalars',
        code="""\
import copy
from functools import partial
import jax
import jax.numpy as jnp
import torax
from torax.examples import basic_config

@partial(jax.jit, static_argnames=('overrides',))
def ip_trace(times, overrides):
    cfg = copy.deepcopy(basic_config.CONFIG)
    cfg['profile_conditions'] = overrides
    config = torax.ToraxConfig.from_dict(cfg)
    return config.profile_conditions.Ip.get_value(times)

ip_trace(jnp.linspace(0.0, 5.0, 11), overrides={'Ip': {0.0: 3e6, 5.0: 15e6}})
""",
        kind='unhashable-static', argument='overrides', path='overrides', line=15,
        fixes=('static', 'hashable-static'), verifiable=False, jax_fitting_fix=False,
        note='A nested config-override dict for ToraxConfig.from_dict is declared static; jit raises ValueError (non-hashable static argument). Build the config outside jit and close over it, or pass a hashable nested tuple; not a mechanical edit.',
    ),
    Case(
        id='as-torax-leak-provider',
        source='https://github.com/google-deepmind/torax/releases/tag/v1.2.0',
        code="""\
import jax
import jax.numpy as jnp
import torax
from torax.examples import basic_config

config = torax.ToraxConfig.from_dict(basic_config.CONFIG)
step_fn = torax.experimental.make_step_fn(config)
provider = step_fn.runtime_params_provider
saved = []

@jax.jit
def ip_at(ip_value, t):
    new = provider.update_provider_from_mapping({'profile_conditions.Ip': torax.experimental.TimeVaryingScalarUpdate(value=ip_value)})
    saved.append(new)
    return new(t).profile_conditions.Ip

ip_at(jnp.array([12e6]), 1.0)
saved[0](2.0)
""",
        kind='leaked-tracer', argument='ip_value', path='ip_value', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note='A RuntimeParamsProvider updated under jit with a traced TimeVaryingScalarUpdate is appended to a Python list; calling it later raises UnexpectedTracerError. Return the provider (a pytree) from the jitted function instead.',
        use_line=18,
    ),
    Case(
        id='as-torax-ramp-linspace',
        source='https://torax.readthedocs.io/en/v1.2.0/developer_guides.html',
        code="""\
import jax
import jax.numpy as jnp
import torax
from torax.examples import basic_config

config = torax.ToraxConfig.from_dict(basic_config.CONFIG)
provider = torax.experimental.make_step_fn(config).runtime_params_provider

@jax.jit
def ip_with_ramp(ip_flat, n_knots, t):
    times = jnp.linspace(0.0, 5.0, n_knots)
    update = torax.experimental.TimeVaryingScalarUpdate(value=ip_flat * times / 5.0, time=times)
    new = provider.update_provider_from_mapping({'profile_conditions.Ip': update})
    return new(t).profile_conditions.Ip

ip_with_ramp(15e6, 6, 2.5)
""",
        kind='traced-shape', argument='n_knots', path='n_knots', line=11,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="The number of knots of a traced Ip ramp for RuntimeParamsProvider.update_provider_from_mapping is a jit argument; jnp.linspace's num is traced and JAX raises ConcretizationTypeError. static_argnums=1 fixes it; checked.",
    ),
    Case(
        id='as-torax-np-update',
        source='https://torax.readthedocs.io/en/v1.2.0/developer_guides.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import torax
from torax.examples import basic_config

config = torax.ToraxConfig.from_dict(basic_config.CONFIG)
provider = torax.experimental.make_step_fn(config).runtime_params_provider

@jax.jit
def ip_scan_point(ip_flat):
    update = torax.experimental.TimeVaryingScalarUpdate(value=np.array([ip_flat]))
    new = provider.update_provider_from_mapping({'profile_conditions.Ip': update})
    return new(1.0).profile_conditions.Ip

ip_scan_point(12e6)
""",
        kind='array-conversion', argument='ip_flat', path='ip_flat', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The value of a TimeVaryingScalarUpdate is built with np.array around a traced scalar inside jit; TracerArrayConversionError. jnp.array keeps it traced and the provider update works; checked.',
    ),
]
