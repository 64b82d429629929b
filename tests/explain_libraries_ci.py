"""Held-out library cases (set CI): lsqfitgp, memorax, slsqp-jax.

How they were built: every cell was written for this set, run as a file with
/tmp/heldout44/venv_ci/bin/python (CPython 3.11.7; venv made with
--system-site-packages), checked that only its last statement raises (the
top-level traceback frame is the last statement) and that `line` / `use_line`
match the traceback frames in the file; each first fix was applied by hand to a
copy of the cell and the copy re-run without error (all 25 checked).
Installed versions: lsqfitgp 0.21.2 (with gvar 13.1.10), memorax 1.0.1 (its
__version__ string says 1.0.0), slsqp-jax 0.21.1 (with optimistix 0.1.0,
lineax 0.1.1); jax/jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8,
numpy 2.4.6 as on the machine. memorax pulled gymnax 1.0.1, whose step() returns
a different tuple than memorax 1.0.1 unpacks, so PPO.train failed before any
tracing question; gymnax was pinned to 0.0.9 (inside the venv only), with which
memorax's README PPO example trains. memorax also depends on distrax/flashbax
(excluded libraries) but no case is about them: every pattern is memorax's own
API (PPO/PPOConfig, FeatureExtractor, MLP, ConsoleLogger). slsqp-jax sits on
optimistix (excluded); the cases exercise the SLSQP solver and the user
functions it traces, and one (solver-through-jit) fails inside slsqp-jax's own
code.

Dropped candidates and why:
- jorbit 1.7.1 installs but fails to import: its __init__ downloads the ~800 MB
  JPL DE440 ephemeris at import time (no network here -> URLError).
- sofima 0.1 (alternate): the wheel built from the sdist contains no package
  (only dist-info), so `import sofima` fails.
- quantecon 0.11.4 (alternate): no JAX code in the package (numba-based).
- ramsey 0.3.0 (my next pick) fails with flax 0.12.8: ramsey.nn.MLP raises
  nnx's "data on static attribute" ValueError at construction, and
  train_neural_process calls nnx.Optimizer without the now-required `wrt`.
  Replaced by slsqp-jax 0.21.1 (lucianopaz/slsqp-jax), which is on neither list.
No GitHub issue threads of these three libraries showing these patterns turned
up in the search corpora, so `source` points at the docs/README page (or the
library source file) of the API each cell exercises.

Doubts about labels:
- i-lsqfitgp-maternp-traced-order: the library raises ValueError because the
  integer order p is traced; 'integer-conversion' or 'traced-shape' (p is a
  compile-time structural constant) are defensible.
- i-lsqfitgp-gpfactorykw-string / -range: argument is the factory's own
  parameter (kind / ncomp), though the user never jits it; empbayes_fit's jit
  reports it as kw['kind'] / kw['ncomp']. JAX's TypeError for the string says to
  mark the argument static via jit's static_argnums, which the user cannot do on
  lsqfitgp's internal jit, so jax_fitting_fix=False; True is arguable. For the
  range case jit=False on empbayes_fit is an equally good fix.
- i-lsqfitgp-jit-checkpos-option: raised inside lsqfitgp's `if checkpos`; the
  path could be options['checksym'] as well (both were passed; JAX names
  checkpos).
- i-lsqfitgp-empbayes-nan-mask: argument None because the mask depends on a
  global, not on hp; 'size-argument' is not a fix here (the kept count is
  data-dependent). 'static' (compute the filtered x outside the factory) is a
  defensible second fix.
- i-lsqfitgp-leak-factory-gp: 'return-value' stands for "use the fit's result
  (gpfactory(fit.pmean)) instead of the GP stored from inside the trace"; the
  exact vocabulary fit is loose.
- i-lsqfitgp-static-array-xplot: 'hashable-static' (tuple grid) also runs but
  recompiles per grid; listed second.
- i-memorax-mlp-features-list: argument/path None because the unhashable value
  is the user's global agent, hashed as the static `self` of memorax's jitted
  PPO.init; argument='self' (path self.actor_network...features) is defensible.
- i-memorax-train-traced-num-steps: JAX raises the non-hashable-static
  ValueError (a tracer reaching a static argument), so 'unhashable-static' is
  defensible; labelled traced-shape because the value is a scan length/count.
- i-memorax-console-logger-leak / -emit-in-jit / -eval-done-mask: the offending
  values depend on both parameters (key, state); 'key' is given as the first,
  'state' is equally defensible. For emit-in-jit, jax.debug.print only helps if
  the user merely wants to see the numbers.
- i-slsqp-solver-through-jit: the solver's non-static float fields all become
  tracers; the one the library branches on is config.proximal.tau.
- i-slsqp-args-numpy-int-range: 'static' here means "pass a Python int", which
  equinox's filter_jit inside optimistix keeps static; 'astype' is not a fix.
- i-slsqp-objective-float-print: JAX's message suggests astype(float), which
  does not fit a print, hence jax_fitting_fix=False.
- i-slsqp-objective-stash-leak: the tracer is stored at the dict assignment; the
  objective's parameter x is the culprit input.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='i-lsqfitgp-empbayes-builtin-max',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/fit.html',
        code="""\
import gvar
import jax.numpy as jnp
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)
hyperprior = {'scale': gvar.gvar(1, 0.3)}

def gpfactory(hp):
    scale = max(hp['scale'], 0.1)
    return lgp.GP(lgp.ExpQuad(scale=scale)).addx(x, 'data')

fit = lgp.empbayes_fit(hyperprior, gpfactory, {'data': y})
""",
        kind='bool-conversion', argument='hp', path="hp['scale']", line=11,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note="A GP factory handed to empbayes_fit clips the length scale with Python's max(); lsqfitgp jits and differentiates the factory, so max() asks for the truth of a traced comparison and JAX raises TracerBoolConversionError. jnp.maximum (or jnp.where) keeps the clip traceable; checked.",
    ),
    Case(
        id='i-lsqfitgp-jit-checkpos-option',
        source='https://gattocrucco.github.io/lsqfitgp/docs/userguide/optim.html',
        code="""\
import jax
import jax.numpy as jnp
import lsqfitgp as lgp

def doinference(data, **options):
    x = jnp.linspace(0, 10, len(data))
    xplot = jnp.linspace(0, 10, 50)
    gp = lgp.GP(lgp.ExpQuad(), **options).addx(x, 'data').addx(xplot, 'plot')
    mean, cov = gp.predfromdata({'data': data}, 'plot', raw=True)
    return mean, jnp.sqrt(jnp.diag(cov))

doinference_compiled = jax.jit(doinference)
doinference_compiled(jnp.zeros(10), checkpos=False, checksym=False)
""",
        kind='bool-conversion', argument='options', path="options['checkpos']", line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The manual's jitted doinference example called without its static_argnames: the checkpos/checksym flags become traced bools and lsqfitgp's own `if checkpos` inside GP() raises TracerBoolConversionError. Declaring the flags static_argnames fixes it; checked.",
    ),
    Case(
        id='i-lsqfitgp-maternp-traced-order',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/kernelsref.html',
        code="""\
import jax
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)

def neg_loglik(p, scale):
    gp = lgp.GP(lgp.Maternp(p=p, scale=scale)).addx(x, 'data')
    return -gp.marginal_likelihood({'data': y})

loss = jax.jit(neg_loglik)
loss(2, 1.5)
""",
        kind='concretization', argument='p', path='p', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Maternp needs its integer order p as a Python value (it sets the derivability degree); jitting a loss over p makes it a tracer and lsqfitgp itself raises ValueError('derivability degree ... not valid'). Marking p static (static_argnums=0) or looping over p in Python fixes it; checked.",
    ),
    Case(
        id='i-lsqfitgp-gpfactorykw-range',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/fit.html',
        code="""\
import gvar
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x) + 0.1 * np.cos(7 * x)
hyperprior = {'scale': gvar.gvar(1, 0.3)}

def gpfactory(hp, ncomp):
    kernel = lgp.ExpQuad(scale=hp['scale'])
    for i in range(1, ncomp):
        kernel = kernel + lgp.ExpQuad(scale=hp['scale'] / (i + 1))
    return lgp.GP(kernel).addx(x, 'data')

fit = lgp.empbayes_fit(hyperprior, gpfactory, {'data': y}, gpfactorykw={'ncomp': 2})
""",
        kind='integer-conversion', argument='ncomp', path='ncomp', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='An integer number of kernel components goes through gpfactorykw, which empbayes_fit passes across its jax.jit, so range(1, ncomp) gets a tracer and JAX raises TracerIntegerConversionError. Binding ncomp outside the traced arguments (functools.partial on the factory, or jit=False) fixes it; checked with partial.',
    ),
    Case(
        id='i-lsqfitgp-gpfactorykw-string',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/fit.html',
        code="""\
import gvar
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)
hyperprior = {'scale': gvar.gvar(1, 0.3)}

def gpfactory(hp, kind):
    kernel = lgp.ExpQuad if kind == 'expquad' else lgp.Expon
    return lgp.GP(kernel(scale=hp['scale'])).addx(x, 'data')

fit = lgp.empbayes_fit(hyperprior, gpfactory, {'data': y}, gpfactorykw={'kind': 'expquad'})
""",
        kind='non-array-argument', argument='kind', path='kind', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A string option for choosing the kernel is sent through gpfactorykw, which crosses empbayes_fit's jit boundary; jit cannot interpret a str leaf and raises TypeError (not a valid JAX type) at the empbayes_fit call. Binding the option outside the traced arguments (functools.partial) fixes it; checked.",
    ),
    Case(
        id='i-lsqfitgp-grad-numpy-exp',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/fit.html',
        code="""\
import jax
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)

def loss(log_scale):
    gp = lgp.GP(lgp.ExpQuad(scale=np.exp(log_scale))).addx(x, 'data')
    return -gp.marginal_likelihood({'data': y})

value, grad = jax.value_and_grad(loss)(0.0)
""",
        kind='array-conversion', argument='log_scale', path='log_scale', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A hand-written marginal-likelihood loss maps the log scale with np.exp before building the kernel; under jax.value_and_grad the value is a tracer and NumPy's conversion raises TracerArrayConversionError. Using jnp.exp fixes it; checked.",
    ),
    Case(
        id='i-lsqfitgp-empbayes-nan-mask',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/fit.html',
        code="""\
import gvar
import jax.numpy as jnp
import numpy as np
import lsqfitgp as lgp

x = jnp.linspace(0, 5, 12)
y = jnp.sin(x).at[4].set(jnp.nan)
hyperprior = {'scale': gvar.gvar(1, 0.3)}

def gpfactory(hp):
    ok = ~jnp.isnan(y)
    return lgp.GP(lgp.ExpQuad(scale=hp['scale'])).addx(x[ok], 'data')

fit = lgp.empbayes_fit(hyperprior, gpfactory, {'data': y[~jnp.isnan(y)]})
""",
        kind='boolean-index', argument=None, path=None, line=12,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="The factory drops NaN points with a mask built by jnp.isnan on a global data array; inside empbayes_fit's jit the jnp result is a tracer even though it depends on no hyperparameter, so x[ok] raises NonConcreteBooleanIndexError. Computing the mask with np.isnan keeps it concrete; checked.",
    ),
    Case(
        id='i-lsqfitgp-jit-linspace-count',
        source='https://gattocrucco.github.io/lsqfitgp/docs/userguide/optim.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)

@jax.jit
def posterior_mean(y, nplot):
    xplot = jnp.linspace(0, 5, nplot)
    gp = lgp.GP(lgp.ExpQuad()).addx(x, 'data').addx(xplot, 'plot')
    return gp.predfromdata({'data': y}, 'plot', raw=True)[0]

posterior_mean(y, 100)
""",
        kind='traced-shape', argument='nplot', path='nplot', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted posterior-mean helper takes the number of plot points as an argument and feeds it to jnp.linspace before addx; the count is traced and JAX raises ConcretizationTypeError for linspace's num. static_argnames='nplot' fixes it; checked.",
    ),
    Case(
        id='i-lsqfitgp-leak-factory-gp',
        source='https://gattocrucco.github.io/lsqfitgp/docs/reference/fit.html',
        code="""\
import gvar
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)
hyperprior = {'scale': gvar.gvar(1, 0.3)}
built = []

def gpfactory(hp):
    gp = lgp.GP(lgp.ExpQuad(scale=hp['scale'])).addx(x, 'data')
    built.append(gp)
    return gp

fit = lgp.empbayes_fit(hyperprior, gpfactory, {'data': y})
best_gp = built[-1]
best_gp.predfromdata({'data': y}, 'data')
""",
        kind='leaked-tracer', argument='hp', path="hp['scale']", line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="The GP factory appends each GP it builds to a global list to reuse the best one after empbayes_fit; those GP objects hold tracers from the jitted/differentiated factory, so predfromdata on the stored GP raises UnexpectedTracerError. Rebuilding the GP from the fit's result (gpfactory(fit.pmean)) instead of keeping the traced one fixes it; checked.",
        use_line=17,
    ),
    Case(
        id='i-lsqfitgp-static-array-xplot',
        source='https://gattocrucco.github.io/lsqfitgp/docs/userguide/optim.html',
        code="""\
import functools
import jax
import numpy as np
import lsqfitgp as lgp

x = np.linspace(0, 5, 10)
y = np.sin(x)

@functools.partial(jax.jit, static_argnames='xplot')
def posterior_mean(y, xplot):
    gp = lgp.GP(lgp.ExpQuad()).addx(x, 'data').addx(xplot, 'plot')
    return gp.predfromdata({'data': y}, 'plot', raw=True)[0]

posterior_mean(y, xplot=np.linspace(0, 5, 50))
""",
        kind='unhashable-static', argument='xplot', path='xplot', line=14,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='The plotting grid is declared static in jax.jit, perhaps thinking lsqfitgp needs concrete x; a NumPy array is unhashable, so the call raises ValueError (Non-hashable static arguments). addx accepts traced x, so dropping it from static_argnames fixes it (a tuple grid would also hash); checked without static.',
    ),
    Case(
        id='i-memorax-extractor-if-vmap-init',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/networks/feature_extractor.py',
        code="""\
import flax.linen as nn
import jax.numpy as jnp
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99,
                gae_lambda=0.95, num_minibatches=2, update_epochs=1, normalize_advantage=True,
                clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
class ScaledObs(nn.Module):
    @nn.compact
    def __call__(self, x):
        if jnp.abs(x).max() > 10.0:
            x = x / 10.0
        return nn.relu(nn.Dense(32)(x))

fe = FeatureExtractor(observation_extractor=ScaledObs())
torso = SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
keys, states = jax.vmap(agent.init)(jax.random.split(jax.random.key(0), 2))
""",
        kind='bool-conversion', argument='x', path='x', line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A custom observation extractor plugged into memorax's FeatureExtractor rescales observations with a Python if on their magnitude; PPO.init (jitted, here also vmapped over seeds) traces the module and JAX raises TracerBoolConversionError. jnp.where keeps the branch traceable; checked.",
    ),
    Case(
        id='i-memorax-reward-extractor-numpy',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/networks/feature_extractor.py',
        code="""\
import flax.linen as nn
import numpy as np
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99,
                gae_lambda=0.95, num_minibatches=2, update_epochs=1, normalize_advantage=True,
                clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)

class SymlogReward(nn.Module):
    @nn.compact
    def __call__(self, r):
        r = np.sign(r) * np.log1p(np.abs(r))
        return nn.Dense(8)(r)

fe = FeatureExtractor(observation_extractor=MLP(features=(32,)), reward_extractor=SymlogReward())
torso = SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
key, state = agent.init(jax.random.key(0))
""",
        kind='array-conversion', argument='r', path='r', line=17,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A symlog reward extractor written with np.sign/np.log1p is traced by memorax's jitted PPO.init, so NumPy calls __array__ on the traced reward and JAX raises TracerArrayConversionError. Using jnp functions fixes it; checked.",
    ),
    Case(
        id='i-memorax-mlp-features-list',
        source='https://github.com/memory-rl/memorax',
        code="""\
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99,
                gae_lambda=0.95, num_minibatches=2, update_epochs=1, normalize_advantage=True,
                clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
fe = FeatureExtractor(observation_extractor=MLP(features=[64, 64]))
torso = SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
key, state = agent.init(jax.random.key(0))
""",
        kind='unhashable-static', argument=None, path=None, line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='MLP(features=[64, 64]) puts a list in a flax module field; memorax jits PPO.init with the agent as a static self, hashing the agent fails on the list and JAX raises ValueError (Non-hashable static arguments). Using a tuple, as the README does, fixes it; checked.',
    ),
    Case(
        id='i-memorax-config-through-jit',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/algorithms/ppo.py',
        code="""\
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99,
                gae_lambda=0.95, num_minibatches=2, update_epochs=1, normalize_advantage=True,
                clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
fe = FeatureExtractor(observation_extractor=MLP(features=(32,)))
torso = SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())

def init_agent(cfg, key):
    agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
    return agent.init(key)

key, state = jax.jit(init_agent)(cfg, jax.random.key(0))
""",
        kind='non-array-argument', argument='cfg', path='cfg.name', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='PPOConfig is a flax struct dataclass whose fields are all pytree leaves, so passing it as a jax.jit argument exposes its name string and JAX raises TypeError (not a valid JAX type) at cfg.name. static_argnums=0 (the config is hashable) fixes it, as the message suggests; checked.',
    ),
    Case(
        id='i-memorax-train-traced-num-steps',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/algorithms/ppo.py',
        code="""\
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99,
                gae_lambda=0.95, num_minibatches=2, update_epochs=1, normalize_advantage=True,
                clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
fe = FeatureExtractor(observation_extractor=MLP(features=(32,)))
torso = SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
key, state = agent.init(jax.random.key(0))

def train_for(key, state, num_steps):
    return agent.train(key, state, num_steps)

key, state, transitions = jax.jit(train_for)(key, state, 32)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='PPO.train declares num_steps static because it sets the scan length; wrapping train in an outer jax.jit makes it a tracer, and the inner jit raises ValueError (Non-hashable static arguments, DynamicJaxprTracer). Making num_steps static in the outer jit too fixes it; checked.',
    ),
    Case(
        id='i-memorax-console-logger-leak',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/loggers/console.py',
        code="""\
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.loggers import ConsoleLogger
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99, gae_lambda=0.95, num_minibatches=2,
                update_epochs=1, normalize_advantage=True, clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
fe, torso = FeatureExtractor(observation_extractor=MLP(features=(32,))), SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
logger = ConsoleLogger()
log_state = logger.init(cfg=None)
key, state = agent.init(jax.random.key(0))

@jax.jit
def train_and_log(key, state):
    key, state, transitions = agent.train(key, state, 32)
    logger.log(log_state, transitions.info, step=0)
    return key, state
key, state = train_and_log(key, state)
logger.emit(log_state)
""",
        kind='leaked-tracer', argument='key', path='key', line=22,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='ConsoleLogger.log stores the metrics in a mutable buffer on the logger state; calling it inside a jitted training step on a state closed over from outside leaves tracers in that buffer, and the later emit raises UnexpectedTracerError. Returning transitions.info from the jitted step and logging outside fixes it; checked.',
        use_line=25,
    ),
    Case(
        id='i-memorax-console-emit-in-jit',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/loggers/console.py',
        code="""\
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.loggers import ConsoleLogger
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99, gae_lambda=0.95, num_minibatches=2,
                update_epochs=1, normalize_advantage=True, clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
fe, torso = FeatureExtractor(observation_extractor=MLP(features=(32,))), SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
logger = ConsoleLogger()
key, state = agent.init(jax.random.key(0))

@jax.jit
def train_and_report(key, state):
    key, state, transitions = agent.train(key, state, 32)
    log_state = logger.log(logger.init(cfg=None), transitions.info, step=0)
    logger.emit(log_state)
    return key, state

key, state = train_and_report(key, state)
""",
        kind='concretization', argument='key', path='key', line=22,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note='ConsoleLogger.emit turns each metric into a Python number with .item(); called inside a jitted train-and-report step it meets traced metrics and JAX raises ConcretizationTypeError. Returning the metrics and emitting outside jit fixes it (jax.debug.print for printing only); checked.',
    ),
    Case(
        id='i-memorax-eval-done-mask',
        source='https://github.com/memory-rl/memorax/blob/main/memorax/algorithms/ppo.py',
        code="""\
import jax
import optax
from memorax.algorithms import PPO, PPOConfig
from memorax.environments import environment
from memorax.networks import MLP, FeatureExtractor, Network, SequenceModelWrapper, heads

env, env_params = environment.make("gymnax::CartPole-v1")
cfg = PPOConfig(name="ppo", num_envs=2, num_eval_envs=2, num_steps=8, gamma=0.99,
                gae_lambda=0.95, num_minibatches=2, update_epochs=1, normalize_advantage=True,
                clip_coef=0.2, clip_vloss=True, ent_coef=0.01, vf_coef=0.5)
fe = FeatureExtractor(observation_extractor=MLP(features=(32,)))
torso = SequenceModelWrapper(MLP(features=(32,)))
actor = Network(fe, torso, heads.Categorical(env.action_space(env_params).n))
critic = Network(fe, torso, heads.VNetwork())
agent = PPO(cfg, env, env_params, actor, critic, optax.adam(3e-4), optax.adam(3e-4))
key, state = agent.init(jax.random.key(0))

@jax.jit
def mean_alive_reward(key, state):
    key, transitions = agent.evaluate(key, state, num_steps=20)
    alive = ~transitions.done
    return transitions.reward[alive].mean()

mean_alive_reward(key, state)
""",
        kind='boolean-index', argument='key', path='key', line=22,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Averaging evaluation rewards over non-terminal steps by indexing transitions.reward with the ~done mask inside jit raises NonConcreteBooleanIndexError. A masked sum (jnp.where(alive, reward, 0).sum() / alive.sum()) gives the same mean; checked.',
    ),
    Case(
        id='i-slsqp-objective-if',
        source='https://github.com/lucianopaz/slsqp-jax',
        code="""\
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])

def objective(x, args):
    cost = jnp.sum(x ** 2)
    if x[0] > 0.2:
        cost = cost + 10.0 * (x[0] - 0.2) ** 2
    return cost, None

sol = optx.minimise(objective, solver, x0, has_aux=True, max_steps=50)
""",
        kind='bool-conversion', argument='x', path='x', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise objective uses a Python if on x[0]; optimistix/slsqp-jax trace the objective (eqx jit, grad), so JAX raises TracerBoolConversionError. Adding the penalty through jnp.where fixes it; checked.',
    ),
    Case(
        id='i-slsqp-solver-through-jit',
        source='https://github.com/lucianopaz/slsqp-jax',
        code="""\
import jax
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])

def objective(x, args):
    return jnp.sum((x - 2.0) ** 2), None

@jax.jit
def solve(solver, x0):
    return optx.minimise(objective, solver, x0, has_aux=True, max_steps=50).value

solve(solver, x0)
""",
        kind='bool-conversion', argument='solver', path='solver.config.proximal.tau', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The SLSQP solver object is passed as an argument to a plain jax.jit, which traces its non-static float config fields; slsqp-jax's own `if use_proximal:` (tau > 0) then raises TracerBoolConversionError. Closing over the solver or using eqx.filter_jit (which keeps Python floats static) fixes it; checked with eqx.filter_jit.",
    ),
    Case(
        id='i-slsqp-objective-float-print',
        source='https://slsqp-jax.readthedocs.io/en/latest/',
        code="""\
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])

def objective(x, args):
    cost = jnp.sum((x - 2.0) ** 2)
    print(f"cost = {float(cost):.4f}")
    return cost, None

sol = optx.minimise(objective, solver, x0, has_aux=True, max_steps=50)
""",
        kind='concretization', argument='x', path='x', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Progress printing inside the objective converts the traced cost with float(), so JAX raises ConcretizationTypeError; its astype hint does not fit a print. jax.debug.print fixes it; checked.',
    ),
    Case(
        id='i-slsqp-args-numpy-int-range',
        source='https://github.com/lucianopaz/slsqp-jax',
        code="""\
import numpy as np
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])
weights = np.array([1.0, 2.0, 0.0])
n_terms = np.sum(weights > 0)

def objective(x, n):
    return sum(weights[i] * x[i] ** 2 for i in range(n)), None

sol = optx.minimise(objective, solver, x0, args=n_terms, has_aux=True, max_steps=50)
""",
        kind='integer-conversion', argument='n', path='n', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A term count computed with np.sum is a NumPy integer, which optimistix treats as an array and traces when passed as args, so range(n) in the objective raises TracerIntegerConversionError. Passing a Python int (int(...)), which equinox keeps static, fixes it; checked.',
    ),
    Case(
        id='i-slsqp-vmap-objective-numpy',
        source='https://github.com/lucianopaz/slsqp-jax',
        code="""\
import jax
import numpy as np
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])
target = np.array([2.0, -1.0])

def objective(x, args):
    return np.sum(np.square(x - target)), None

def solve(x0):
    return optx.minimise(objective, solver, x0, has_aux=True, max_steps=50).value

starts = jnp.array([[0.5, 0.5], [0.0, 1.0], [1.0, 0.0]])
best = jax.vmap(solve)(starts)
""",
        kind='array-conversion', argument='x', path='x', line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A multi-start solve vmaps optx.minimise with slsqp-jax over starting points, and the objective uses np.sum/np.square on the traced iterate, so JAX raises TracerArrayConversionError. jnp functions fix it; checked.',
    ),
    Case(
        id='i-slsqp-penalty-boolean-mask',
        source='https://github.com/lucianopaz/slsqp-jax',
        code="""\
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])

def objective(x, args):
    penalty = 10.0 * jnp.sum(x[x < 0] ** 2)
    return jnp.sum((x - jnp.array([1.5, -0.5])) ** 2) + penalty, None

sol = optx.minimise(objective, solver, x0, has_aux=True, max_steps=50)
""",
        kind='boolean-index', argument='x', path='x', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A soft penalty sums the squares of negative entries via x[x < 0] inside the traced objective, raising NonConcreteBooleanIndexError. jnp.where(x < 0, x, 0) keeps the same value with a fixed shape; checked.',
    ),
    Case(
        id='i-slsqp-objective-stash-leak',
        source='https://github.com/lucianopaz/slsqp-jax',
        code="""\
import jax.numpy as jnp
import optimistix as optx
from slsqp_jax import SLSQP

def eq_constraint(x, args):
    return jnp.array([x[0] + x[1] - 1.0])

solver = SLSQP(eq_constraint_fn=eq_constraint, n_eq_constraints=1)
x0 = jnp.array([0.5, 0.5])
last = {}

def objective(x, args):
    cost = jnp.sum((x - 2.0) ** 2)
    last['cost'] = cost
    return cost, None

sol = optx.minimise(objective, solver, x0, has_aux=True, max_steps=50)
jnp.log(last['cost'])
""",
        kind='leaked-tracer', argument='x', path='x', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="The objective stashes its cost in a global dict to read after the solve; the stored value is a tracer from the library's trace, so using it raises UnexpectedTracerError. Returning the cost as aux (has_aux=True) and reading sol.aux fixes it; checked.",
        use_line=18,
    ),
]
