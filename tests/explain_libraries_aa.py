"""Held-out library cases (set aa): navix, rejax, pymdp (inferactively-pymdp).

How they were built
-------------------
Each cell was written by hand as a small reduction of a pattern shown in the
library's docs/README/examples (or a GitHub thread where one exists), written to a
file and run with /tmp/heldout14/venv_aa/bin/python (CPython 3.11.7, a venv made with
--system-site-packages). A helper executed every statement but the last (all ran
cleanly), then the last statement, recorded the exception class and compared
`line` / `use_line` with the deepest traceback frame inside the cell. Every first
fix was applied by hand to a copy of the cell and re-run; all fixed copies ran to
completion (including the two leaks marked verifiable=False, whose fix needs a
small redesign). The tool under test was never read, imported or run.

Installed versions (venv_aa): jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (all pinned on every install), navix 0.7.4,
rejax 0.1.3, inferactively-pymdp 1.0.4, plus gymnax 0.0.9 installed in the venv for
rejax (see below); chex 0.1.92, distrax 0.1.9, rlax 0.1.9 came in as dependencies.

Libraries dropped and replaced
------------------------------
- metrax: not installable here - every release on the index needs Python >= 3.12
  and the interpreter is 3.11.7.
- jaxpruner: not installable - the package index offers no distribution at all.
- pot (first alternate): installs and imports, but its JAX backend cannot be traced
  under jax 0.10.2: JaxBackend._get_device calls `.devices()` on its inputs, which
  raises ConcretizationTypeError for tracers, so nearly every solver (sinkhorn, emd,
  sliced, wasserstein_1d, unif(type_as=...)) fails under jit, vmap and even grad, and
  ot.emd also converts to NumPy (TracerArrayConversionError, cf. PythonOT/POT#625).
  That leaves one library defect and no user-fixable patterns, so it was not used.
- rejax (second alternate): used. Note: rejax 0.1.3 breaks with the machine's
  gymnax 1.0.1 (env.step returns a different tuple: ValueError "too many values to
  unpack"), so gymnax 0.0.9 (allowed by rejax's `gymnax>=0.0.9`) was installed into
  the venv only; the rejax cells need it.
- snnax (third alternate): the 0.0.1 wheel fails to import (ImportError, circular /
  missing `snnax.snn.init`), so it was dropped.
- inferactively-pymdp was chosen as the replacement (not on the exclusion list):
  its 1.0 JAX Agent is an equinox Module and its docs centre on jit/vmap/scan use.

Coverage: navix 8, rejax 8, pymdp 8 = 24 cases. Kinds: bool-conversion 4,
concretization 2, integer-conversion 2, array-conversion 2, boolean-index 2,
traced-shape 3, leaked-tracer 4, unhashable-static 3, non-array-argument 2.
Library-traced user functions: navix reward_fn / observation_fn / transitions_fn,
rejax eval_callback, pymdp Env.step under rollout. Library-raised errors:
navix Room size, rejax num_epochs scan length, pymdp rollout num_timesteps,
pymdp generate_agent_spec int().

Doubts about labels
-------------------
- aa-navix-reward-fn-python-if: the distance also depends on the goal position
  (state.entities['goal'].position); JAX's message lists every state leaf.
- aa-navix-observation-fn-numpy / aa-navix-argwhere-observation: `argument` is the
  observation_fn's own parameter `state`, though the values come from the user's
  scan/jit over env.step/env.reset (parameters `a`/`key` of those functions).
- aa-navix-room-size-traced: the failing line is inside navix's reset, so the
  user line is the call `env.reset(key)`; Room.create already stored the tracer on
  line 7. `traced-shape` vs `concretization` (TypeError) is a judgement call.
- aa-navix-gym-wrapper-self-leak: line 15 both re-uses the leaked tracer and
  created it in the jitted call; line 16 is where it is stored on self.
- aa-navix-env-marked-static: the env has no pytree leaves (all fields static),
  so path is the whole `env`; the unhashable parts are the space bounds arrays.
- aa-navix-while-not-done-under-jit: lax.scan over max_steps with masking is
  another valid rewrite but navix auto-resets, so it was not listed.
- rejax callback cases: the callback's returns depend on both `ts` (policy params,
  obs stats) and `rng`; `ts` is listed as the first parameter, and JAX's own message
  names `rng` of rejax's train. path ts.actor_ts.params is a subtree, not one leaf.
- aa-rejax-callback-if-solved: returning the comparison itself (no jnp.where) is
  equally good; lax.cond is listed second.
- aa-rejax-vmap-num-epochs: raised inside rejax; `static` here means a Python loop
  or jit(static_argnums) instead of vmap over that field.
- aa-rejax-static-algo-array-hyperparam: `hashable-static` (float(lr)) also works,
  but not-static is what rejax intends (algos are pytrees).
- aa-rejax-vmap-static-num-envs: could be read as traced-shape (num_envs is a
  count), but what JAX raises is UnexpectedTracerError, because the tracer sits in
  the PPO object's static aux data after vmap returns; line 6 is where it is stored,
  line 10 where it escapes the vmap.
- aa-pymdp-custom-env-self-leak: `argument` could also be `state`; the room index
  comes from `action`.
- aa-pymdp-jit-rollout-env-not-static: the correct fix also needs num_timesteps
  static (next case); marking only env static does not make the cell run.
- aa-pymdp-jit-rollout-agent-static: path could equally be `agent` (every array
  field is unhashable); agent.A is the first.
- aa-pymdp-manual-loop-range: fix order is arguable - lax.fori_loop/scan come
  before `static` under the general preference, but a fixed loop count taken
  from the data shape (static / numpy-for-static) is the natural first fix.
- aa-pymdp-custom-env-numpy-lookup: depends on both `state` and `action`.
- aa-pymdp-vmap-generate-agent-spec: could be labelled traced-shape (the ints are
  dimensions); the raised error is int() -> ConcretizationTypeError inside pymdp.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='aa-navix-reward-fn-python-if',
        source='https://github.com/epignatelli/navix/blob/main/navix/rewards.py',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx

def distance_reward(prev_state, action, state):
    player = state.get_player()
    goal = state.get_goals()
    dist = jnp.abs(player.position - goal.position[0]).sum()
    if dist == 0:
        return jnp.asarray(1.0)
    return -0.01 * dist

env = nx.make("Navix-Empty-5x5-v0", reward_fn=distance_reward)
timestep = env.reset(jax.random.PRNGKey(0))
timestep = jax.jit(env.step)(timestep, jnp.asarray(2))
""",
        kind='bool-conversion', argument='state', path="state.entities['player'].position", line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A custom reward_fn handed to nx.make branches with a Python `if` on the player-goal distance; navix calls it inside env.step (under the user's jit and navix's own lax.cond), so JAX raises TracerBoolConversionError. Returning jnp.where(dist == 0, 1.0, -0.01 * dist) keeps the same reward; checked.",
    ),
    Case(
        id='aa-navix-observation-fn-numpy',
        source='https://github.com/epignatelli/navix/blob/main/navix/observations.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import navix as nx

def cell_index_observation(state):
    row, col = np.asarray(state.get_player().position)
    return row * 5 + col

obs_space = nx.spaces.Discrete.create(25, shape=())
env = nx.make("Navix-Empty-5x5-v0", observation_fn=cell_index_observation,
              observation_space=obs_space)
timestep = env.reset(jax.random.PRNGKey(0))
actions = jnp.array([2, 2, 1, 2])
final, _ = jax.lax.scan(lambda ts, a: (env.step(ts, a), None), timestep, actions)
""",
        kind='array-conversion', argument='state', path="state.entities['player'].position", line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A tabular-style observation_fn converts the player position with np.asarray; during lax.scan over env.step the position is a tracer, so JAX raises TracerArrayConversionError. Using jnp.asarray keeps the function traceable; checked.',
    ),
    Case(
        id='aa-navix-transition-fn-index-action-set',
        source='https://github.com/epignatelli/navix/blob/main/navix/transitions.py',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx

def my_transition(state, action, action_set):
    state = action_set[action](state)
    return state

env = nx.make("Navix-Empty-5x5-v0", transitions_fn=my_transition)
timestep = env.reset(jax.random.PRNGKey(0))
actions = jnp.array([2, 2, 1, 2])
final, _ = jax.lax.scan(lambda ts, a: (env.step(ts, a), None), timestep, actions)
""",
        kind='integer-conversion', argument='action', path='action', line=6,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note="A user transitions_fn picks the action callable by indexing the action_set tuple with the traced action, so JAX raises TracerIntegerConversionError (__index__ on a tracer). jax.lax.switch(action, action_set, state) selects the branch on device, as navix's own transitions do; checked.",
    ),
    Case(
        id='aa-navix-room-size-traced',
        source='https://github.com/epignatelli/navix/blob/main/navix/environments/empty.py',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx

@jax.jit
def make_and_reset(size, key):
    env = nx.environments.Room.create(height=size, width=size)
    return env.reset(key)

timestep = make_and_reset(6, jax.random.PRNGKey(0))
""",
        kind='traced-shape', argument='size', path='size', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jitted helper builds Room.create(height=size, width=size) from a traced size; navix stores it in static fields without complaint, then reset builds the grid with that shape and JAX raises TypeError (shapes must be concrete). Marking size static (static_argnums=0) fixes it; checked.',
    ),
    Case(
        id='aa-navix-gym-wrapper-self-leak',
        source='https://github.com/epignatelli/navix/blob/main/docs/examples/getting_started.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx

class GymStyle:
    def __init__(self, env):
        self.env = env
        self.timestep = None

    def reset(self, key):
        self.timestep = self.env.reset(key)
        return self.timestep.observation

    def step(self, action):
        timestep = self.env.step(self.timestep, action)
        self.timestep = timestep
        return timestep.observation, timestep.reward

gym_env = GymStyle(nx.make("Navix-Empty-5x5-v0"))
obs = gym_env.reset(jax.random.PRNGKey(0))
obs, reward = jax.jit(gym_env.step)(jnp.asarray(2))
obs, reward = gym_env.step(jnp.asarray(2))
""",
        kind='leaked-tracer', argument='action', path='action', line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note='A Gym-style wrapper keeps the navix timestep on self; jitting wrapper.step stores the traced timestep on the object, and the next eager step feeds it back to env.step, where JAX raises UnexpectedTracerError. Returning the timestep (functional interface) instead of storing it fixes it; checked by hand, but it needs a redesign of the wrapper, so not mechanical.',
        use_line=15,
    ),
    Case(
        id='aa-navix-argwhere-observation',
        source='https://github.com/epignatelli/navix/blob/main/navix/observations.py',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx

def wall_coordinates(state):
    return jnp.argwhere(state.grid == -1)

obs_space = nx.spaces.Discrete.create(5, shape=(16, 2))
env = nx.make("Navix-Empty-5x5-v0", observation_fn=wall_coordinates,
              observation_space=obs_space)
reset = jax.jit(env.reset)
timestep = reset(jax.random.PRNGKey(0))
""",
        kind='boolean-index', argument='state', path='state.grid', line=6,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='An observation_fn lists wall coordinates with jnp.argwhere, whose output size depends on the grid values; under jax.jit(env.reset) JAX raises ConcretizationTypeError asking for a static size. Passing size=16, fill_value=-1 (the 5x5 border) gives a fixed-shape observation; checked.',
    ),
    Case(
        id='aa-navix-env-marked-static',
        source='https://github.com/epignatelli/navix/blob/main/docs/index.md',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx
from functools import partial

@partial(jax.jit, static_argnums=0)
def rollout(env, key, actions):
    timestep = env.reset(key)
    timestep, _ = jax.lax.scan(lambda ts, a: (env.step(ts, a), None), timestep, actions)
    return timestep.info["return"]

env = nx.make("Navix-Empty-5x5-v0")
ret = rollout(env, jax.random.PRNGKey(0), jnp.array([2, 2, 1, 2]))
""",
        kind='unhashable-static', argument='env', path='env', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The environment is passed to jit through static_argnums, but a navix Environment holds jax arrays (space bounds) and is not hashable, so JAX raises ValueError (non-hashable static argument). A navix Environment is a PyTreeNode, so passing it as an ordinary argument works; checked.',
    ),
    Case(
        id='aa-navix-while-not-done-under-jit',
        source='https://github.com/epignatelli/navix/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import navix as nx

env = nx.make("Navix-Empty-5x5-v0")

@jax.jit
def random_episode_return(key):
    timestep = env.reset(key)
    total = 0.0
    while not timestep.is_done():
        key, subkey = jax.random.split(key)
        action = jax.random.randint(subkey, (), 0, 3)
        timestep = env.step(timestep, action)
        total += timestep.reward
    return total

ret = random_episode_return(jax.random.PRNGKey(0))
""",
        kind='bool-conversion', argument='key', path='key', line=11,
        fixes=('lax.while_loop',), verifiable=True, jax_fitting_fix=False,
        note="An episode loop written as `while not timestep.is_done()` (as in the README's training example) is jitted; the done flag is traced, so JAX raises TracerBoolConversionError. Rewriting the loop with jax.lax.while_loop carrying (key, timestep, total) works; checked.",
    ),
    Case(
        id='aa-rejax-callback-float-print',
        source='https://github.com/keraJLi/rejax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from rejax import PPO
from rejax.evaluate import evaluate

def log_callback(algo, ts, rng):
    act = algo.make_act(ts)
    lengths, returns = evaluate(act, rng, algo.env, algo.env_params, 8, 200)
    print(f"mean return: {float(returns.mean()):.1f}")
    return returns.mean()

algo = PPO.create(env="CartPole-v1", num_envs=4, num_steps=16, num_minibatches=2,
                  total_timesteps=256, eval_freq=128)
algo = algo.replace(eval_callback=log_callback)
ts, curve = jax.jit(algo.train)(jax.random.PRNGKey(0))
""",
        kind='concretization', argument='ts', path='ts.actor_ts.params', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='An eval_callback prints float(returns.mean()); rejax compiles the callback together with train, so JAX raises ConcretizationTypeError (its hint about astype does not help). jax.debug.print, which the rejax README recommends, prints at run time; checked.',
    ),
    Case(
        id='aa-rejax-callback-if-solved',
        source='https://github.com/keraJLi/rejax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from rejax import PPO
from rejax.evaluate import evaluate

def solved_callback(algo, ts, rng):
    act = algo.make_act(ts)
    lengths, returns = evaluate(act, rng, algo.env, algo.env_params, 8, 500)
    if returns.mean() >= 475:
        return jnp.asarray(True)
    return jnp.asarray(False)

algo = PPO.create(env="CartPole-v1", num_envs=4, num_steps=16, num_minibatches=2,
                  total_timesteps=256, eval_freq=128)
algo = algo.replace(eval_callback=solved_callback)
ts, solved = jax.jit(algo.train)(jax.random.PRNGKey(0))
""",
        kind='bool-conversion', argument='ts', path='ts.actor_ts.params', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="An eval_callback decides 'solved' with a Python if on the evaluated mean return, which is traced inside the jitted train, so JAX raises TracerBoolConversionError. Returning jnp.where(returns.mean() >= 475, True, False) (or the comparison itself) works; checked.",
    ),
    Case(
        id='aa-rejax-callback-global-list-leak',
        source='https://github.com/keraJLi/rejax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from rejax import PPO
from rejax.evaluate import evaluate

history = []

def record_callback(algo, ts, rng):
    act = algo.make_act(ts)
    lengths, returns = evaluate(act, rng, algo.env, algo.env_params, 8, 200)
    history.append(returns.mean())
    return ()

algo = PPO.create(env="CartPole-v1", num_envs=4, num_steps=16, num_minibatches=2,
                  total_timesteps=256, eval_freq=128)
algo = algo.replace(eval_callback=record_callback)
ts, _ = jax.jit(algo.train)(jax.random.PRNGKey(0))
curve = jnp.stack(history)
""",
        kind='leaked-tracer', argument='ts', path='ts.actor_ts.params', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='An eval_callback appends the traced mean return to a global list; after the jitted train the list holds dead tracers and jnp.stack raises UnexpectedTracerError. Returning the value from the callback (rejax stacks callback outputs into the train result) fixes it; checked.',
        use_line=18,
    ),
    Case(
        id='aa-rejax-callback-boolean-mask',
        source='https://github.com/keraJLi/rejax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from rejax import PPO
from rejax.evaluate import evaluate

def success_callback(algo, ts, rng):
    act = algo.make_act(ts)
    lengths, returns = evaluate(act, rng, algo.env, algo.env_params, 16, 500)
    finished = returns[lengths < 500]
    return finished.mean()

algo = PPO.create(env="CartPole-v1", num_envs=4, num_steps=16, num_minibatches=2,
                  total_timesteps=256, eval_freq=128)
algo = algo.replace(eval_callback=success_callback)
ts, curve = jax.jit(algo.train)(jax.random.PRNGKey(0))
""",
        kind='boolean-index', argument='ts', path='ts.actor_ts.params', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='An eval_callback averages the returns of episodes that ended early via a boolean mask; inside the jitted train the mask is traced, so JAX raises NonConcreteBooleanIndexError. A masked sum with jnp.where divided by the mask count gives the same mean; checked.',
    ),
    Case(
        id='aa-rejax-vmap-num-epochs',
        source='https://github.com/keraJLi/rejax/blob/main/examples/random_search_hyperopt.py',
        code="""\
import jax
import jax.numpy as jnp
from rejax import PPO

def final_return(num_epochs, key):
    algo = PPO.create(env="CartPole-v1", num_envs=4, num_steps=16, num_minibatches=2,
                      num_epochs=num_epochs, total_timesteps=256, eval_freq=128)
    ts, (lengths, returns) = algo.train(key)
    return returns[-1].mean()

epochs = jnp.array([1, 2, 4])
keys = jax.random.split(jax.random.PRNGKey(0), 3)
scores = jax.vmap(final_return)(epochs, keys)
""",
        kind='traced-shape', argument='num_epochs', path='num_epochs', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='num_epochs is a static PPO field used as a lax.scan length; vmapping the sweep over it makes it a BatchTracer and JAX raises ConcretizationTypeError inside PPO.train_iteration (its while_loop/fori_loop hint concerns library code). Keeping num_epochs a Python int (loop over settings, jit with static_argnums=0) works; checked.',
    ),
    Case(
        id='aa-rejax-jit-gymnax-env-object',
        source='https://github.com/keraJLi/rejax/blob/main/src/rejax/algos/algorithm.py',
        code="""\
import jax
import jax.numpy as jnp
import gymnax
from rejax import PPO

@jax.jit
def train_on(env, env_params, key):
    algo = PPO.create(env=env, env_params=env_params, num_envs=4, num_steps=16,
                      num_minibatches=2, total_timesteps=256, eval_freq=128)
    return algo.train(key)

env, env_params = gymnax.make("CartPole-v1")
ts, curve = train_on(env, env_params, jax.random.PRNGKey(0))
""",
        kind='non-array-argument', argument='env', path='env', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jitted helper receives the gymnax environment object that PPO.create accepts; the object is not an array or pytree, so JAX raises TypeError when interpreting the argument. Marking env static (static_argnums=0) works; checked.',
    ),
    Case(
        id='aa-rejax-static-algo-array-hyperparam',
        source='https://github.com/keraJLi/rejax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from rejax import PPO

@partial(jax.jit, static_argnums=0)
def train(algo, key):
    return algo.train(key)

lr = 10 ** jax.random.uniform(jax.random.PRNGKey(1), minval=-4.0, maxval=-2.0)
algo = PPO.create(env="CartPole-v1", learning_rate=lr, num_envs=4, num_steps=16,
                  num_minibatches=2, total_timesteps=256, eval_freq=128)
ts, curve = train(algo, jax.random.PRNGKey(0))
""",
        kind='unhashable-static', argument='algo', path='algo.learning_rate', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The PPO config is passed to jit as a static argument while its learning_rate is a sampled jax array, so hashing the config fails and JAX raises ValueError (non-hashable static argument). rejax algorithms are pytrees, so passing algo traced works; checked.',
    ),
    Case(
        id='aa-rejax-vmap-static-num-envs',
        source='https://github.com/keraJLi/rejax/blob/main/examples/rejax_tour.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from rejax import PPO

def make(config):
    return PPO.create(env="CartPole-v1", num_steps=16, num_minibatches=2,
                      total_timesteps=256, eval_freq=128, **config)

configs = {"learning_rate": jnp.array([1e-3, 3e-4]), "num_envs": jnp.array([4, 8])}
algos = jax.vmap(make)(configs)
keys = jax.random.split(jax.random.PRNGKey(0), 2)
ts, curves = jax.jit(jax.vmap(PPO.train))(algos, keys)
""",
        kind='leaked-tracer', argument='config', path="config['num_envs']", line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Creating a population with jax.vmap(PPO.create) over a config that includes num_envs puts a BatchTracer into a static (aux-data) field of the PPO object; it escapes the vmap and JAX raises UnexpectedTracerError when the batched algos are trained. Keeping num_envs a Python value outside the vmapped config (rejax lists it as not vmappable) fixes it; checked.',
        use_line=12,
    ),
    Case(
        id='aa-pymdp-custom-env-self-leak',
        source='https://github.com/infer-actively/pymdp/blob/main/docs-mkdocs/guides/pymdp-env.md',
        code="""\
import jax
import jax.numpy as jnp
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent
from pymdp.envs.env import Env
from pymdp.envs.rollout import rollout

class VisitCountingEnv(Env):
    def __init__(self):
        self.visits = jnp.zeros(3)

    def reset(self, key, state=None, env_params=None):
        return [jnp.array([0])], [jnp.array(0)]

    def step(self, key, state, action, env_params=None):
        room = action[0]
        self.visits = self.visits.at[room].add(1)
        return [jnp.array([room])], [room]

kA, kB = jr.split(jr.PRNGKey(0))
agent = Agent(A=utils.random_A_array(kA, [3], [3]), B=utils.random_B_array(kB, [3], [3]))
env = VisitCountingEnv()
last, info = rollout(agent, env, 10, jr.PRNGKey(1))
occupancy = env.visits / env.visits.sum()
""",
        kind='leaked-tracer', argument='action', path='action', line=18,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note="A custom pymdp Env counts room visits on self inside step; rollout traces step under vmap and lax.scan, so a BatchTracer is stored on the env and using env.visits afterwards raises UnexpectedTracerError. Carrying the counts in the returned env state fixes it; checked by hand, but it changes the env's state layout, so not mechanical.",
        use_line=25,
    ),
    Case(
        id='aa-pymdp-jit-rollout-env-not-static',
        source='https://github.com/infer-actively/pymdp/blob/main/docs-mkdocs/guides/rollout-active-inference-loop.md',
        code="""\
import jax
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent
from pymdp.envs.env import make
from pymdp.envs.rollout import rollout

kA, kB = jr.split(jr.PRNGKey(0))
A = utils.random_A_array(kA, [3, 5], [3, 2])
B = utils.random_B_array(kB, [3, 2], [3, 1])
D = utils.list_array_uniform([[3], [2]])
agent = Agent(A=A, B=B, D=D, batch_size=1)
env, _ = make(A=A, B=B, D=D)
rollout_jit = jax.jit(rollout)
last, info = rollout_jit(agent, env, 20, jr.PRNGKey(1))
""",
        kind='non-array-argument', argument='env', path='env', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='rollout is jitted without static_argnums, so the PymdpEnv object is treated as an array argument and JAX raises TypeError. Marking env and num_timesteps static (static_argnums=[1, 2], as the pymdp guide does) works; checked (making only env static surfaces the num_timesteps error of the next case).',
    ),
    Case(
        id='aa-pymdp-jit-rollout-num-timesteps',
        source='https://github.com/infer-actively/pymdp/blob/main/docs-mkdocs/guides/rollout-active-inference-loop.md',
        code="""\
import jax
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent
from pymdp.envs.env import make
from pymdp.envs.rollout import rollout

kA, kB = jr.split(jr.PRNGKey(0))
A = utils.random_A_array(kA, [3, 5], [3, 2])
B = utils.random_B_array(kB, [3, 2], [3, 1])
D = utils.list_array_uniform([[3], [2]])
agent = Agent(A=A, B=B, D=D, batch_size=1)
env, _ = make(A=A, B=B, D=D)
rollout_jit = jax.jit(rollout, static_argnums=[1])
last, info = rollout_jit(agent, env, 20, jr.PRNGKey(1))
""",
        kind='traced-shape', argument='num_timesteps', path='num_timesteps', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Only env is marked static, so num_timesteps is traced and pymdp's rollout builds jnp.arange(num_timesteps + 1) for its scan, where JAX raises ConcretizationTypeError. Adding num_timesteps to static_argnums works; checked.",
    ),
    Case(
        id='aa-pymdp-jit-rollout-agent-static',
        source='https://github.com/infer-actively/pymdp/blob/main/docs-mkdocs/guides/rollout-active-inference-loop.md',
        code="""\
import jax
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent
from pymdp.envs.env import make
from pymdp.envs.rollout import rollout

kA, kB = jr.split(jr.PRNGKey(0))
A = utils.random_A_array(kA, [3, 5], [3, 2])
B = utils.random_B_array(kB, [3, 2], [3, 1])
D = utils.list_array_uniform([[3], [2]])
agent = Agent(A=A, B=B, D=D, batch_size=1)
env, _ = make(A=A, B=B, D=D)
rollout_jit = jax.jit(rollout, static_argnums=[0, 1, 2])
last, info = rollout_jit(agent, env, 20, jr.PRNGKey(1))
""",
        kind='unhashable-static', argument='agent', path='agent.A', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The agent is added to static_argnums alongside env and num_timesteps, but a pymdp Agent is an equinox Module full of arrays and cannot be hashed, so JAX raises ValueError (non-hashable static argument). Leaving the agent traced (static_argnums=[1, 2]) works; checked.',
    ),
    Case(
        id='aa-pymdp-manual-loop-range',
        source='https://github.com/infer-actively/pymdp/blob/main/docs-mkdocs/getting-started/quickstart-jax.md',
        code="""\
import jax
import jax.numpy as jnp
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent

kA, kB = jr.split(jr.PRNGKey(0))
agent = Agent(A=utils.random_A_array(kA, [4], [4]), B=utils.random_B_array(kB, [4], [2]))

@jax.jit
def filter_beliefs(agent, observations, actions, num_steps):
    prior = agent.D
    for t in range(num_steps):
        qs = agent.infer_states([observations[t]], prior)
        prior = agent.update_empirical_prior(actions[t], qs)
    return qs

obs = jnp.array([[0], [1], [1], [3]])
acts = jnp.array([[[0]], [[1]], [[1]], [[0]]])
qs = filter_beliefs(agent, obs, acts, 4)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=13,
        fixes=('static', 'numpy-for-static', 'lax.fori_loop', 'lax.scan'), verifiable=True, jax_fitting_fix=False,
        note='A jitted manual filtering loop over agent.infer_states / update_empirical_prior uses range(num_steps) with a traced count, so JAX raises TracerIntegerConversionError. Marking num_steps static (or taking the count from observations.shape[0]) works; lax.fori_loop/scan also keep the result; checked with static_argnums=3.',
    ),
    Case(
        id='aa-pymdp-custom-env-numpy-lookup',
        source='https://github.com/infer-actively/pymdp/blob/main/docs-mkdocs/guides/pymdp-env.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent
from pymdp.envs.env import Env
from pymdp.envs.rollout import rollout

ROOM_COLOUR = np.array([0, 1, 1, 2])

class ColourRoomsEnv(Env):
    def reset(self, key, state=None, env_params=None):
        return [jnp.array([0])], [jnp.array(0)]

    def step(self, key, state, action, env_params=None):
        room = (state[0] + action[0]) % 4
        colour = ROOM_COLOUR[room]
        return [jnp.array([colour])], [room]

kA, kB = jr.split(jr.PRNGKey(0))
agent = Agent(A=utils.random_A_array(kA, [3], [4]), B=utils.random_B_array(kB, [4], [2]))
last, info = rollout(agent, ColourRoomsEnv(), 10, jr.PRNGKey(1))
""",
        kind='array-conversion', argument='state', path='state[0]', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom Env maps rooms to colours with a NumPy lookup table; rollout traces step, so indexing the NumPy array with the traced room calls __array__ and JAX raises TracerArrayConversionError. Making the table a jnp.array keeps the lookup on device; checked.',
    ),
    Case(
        id='aa-pymdp-vmap-generate-agent-spec',
        source='https://github.com/infer-actively/pymdp/blob/main/pymdp/utils.py',
        code="""\
import jax
from jax import random as jr
from pymdp import utils

def sample_spec(key):
    return utils.generate_agent_spec(
        num_factors=2, num_modalities=2, state_dim_limits=(2, 5), obs_dim_limits=(2, 5),
        A_dep_len_limits=(1, 2), dim_sampling_type="uniform", key=key)

keys = jr.split(jr.PRNGKey(0), 8)
specs = jax.vmap(sample_spec)(keys)
""",
        kind='concretization', argument='key', path='key', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="pymdp's generate_agent_spec draws random dimensions and turns them into Python ints; vmapping it over keys makes the draws tracers and the library's int() raises ConcretizationTypeError. The result is a set of shapes, so it must be computed outside the trace (a Python loop over keys); checked.",
    ),
    Case(
        id='aa-pymdp-grad-gamma-builtin-min',
        source='https://github.com/infer-actively/pymdp/pull/379',
        code="""\
import jax
import jax.numpy as jnp
from jax import random as jr
from pymdp import utils
from pymdp.agent import Agent

kA, kB = jr.split(jr.PRNGKey(0))
A = utils.random_A_array(kA, [3], [3])
B = utils.random_B_array(kB, [3], [3])
C = [jnp.array([[0.0, 1.0, 2.0]])]

def neg_log_lik(log_gamma, obs, chosen):
    gamma = min(jnp.exp(log_gamma), 16.0)
    agent = Agent(A=A, B=B, C=C, gamma=gamma, batch_size=1)
    qs = agent.infer_states([obs], agent.D)
    q_pi, _ = agent.infer_policies(qs)
    return -jnp.log(q_pi[0, chosen])

loss, g = jax.jit(jax.value_and_grad(neg_log_lik))(0.0, jnp.array([1]), 2)
""",
        kind='bool-conversion', argument='log_gamma', path='log_gamma', line=13,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note="While fitting the policy precision gamma by jax.jit(jax.value_and_grad(...)) through an Agent, the user clips it with Python's min, which compares a tracer and raises TracerBoolConversionError. jnp.minimum (or jnp.where) keeps the clip differentiable; checked.",
    ),
]
