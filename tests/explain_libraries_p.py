"""Held-out library cases (set P): gymnasium functional JAX envs, spyx, jax2d.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub PR / doc page of the library (gymnasium's FuncEnv / phys2d docs and PRs, spyx's docs,
jax2d's example), written against the installed versions: gymnasium 1.3.0 (py3.11) / 1.4.0
(py3.13) -- gymnasium.envs.phys2d CartPoleFunctional / PendulumFunctional, CartPoleParams and
FuncEnv.transform(jax.jit) --, spyx 1.0.0 (flax-nnx based: spyx.nn.LIF/IF, spyx.nn.run, spyx.axn,
spyx.fn), jax2d 1.0.2. Every cell was written to a .py file and run as a file under both
interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly and the last raises, with the same exception class on
both interpreters (recorded in each note); the user-code line in the traceback was checked
against `line` (and `use_line` for leaks). Every case marked verifiable=True had its top fix
applied by hand and the fixed file re-run on both interpreters without error.

Libraries tried and dropped:
- pennylane 0.45.1 (first choice; installs and imports on both): its JAX interface is broken on
  jax 0.12 -- any qml.qnode under jax.jit raises AttributeError: module 'jax.core' has no
  attribute 'is_concrete' (pennylane/math/utils.py is_abstract), even for a valid circuit, so no
  case could raise the intended error on both interpreters.
- metrax: not available from the package index here.
- jax2d: installs and imports on both, but its engine (create_empty_sim / PhysicsEngine.step /
  add_*_to_scene) fails on jax 0.12 with "ValueError: Dimension must be 3 for cross product"
  (jnp.cross on 2-D vectors). Only one case (lib-p-jax2d-static-sim-params-as-jit-arg) raises
  the intended error on both, because it fails before reaching that code; its fix can only be
  verified on py3.11 (verifiable=False). Other jax2d cases written (leaked engine state on a
  user Sim object, Python `if` on circle height in a scanned rollout, n_vertices given as a jax
  array to add_polygon_to_scene's static argument, float() on a vmapped radius) were dropped
  because on py3.13 they raise the unrelated cross-product ValueError first.
- jax-dataloader, bayesnewton, kinetix: not tried (time).

Doubts about labels:
- lib-p-spyx-metric-traced-time-axis: the exception is TracerBoolConversionError raised by
  spyx's own argument check on time_axis; labelled traced-shape because time_axis is an axis
  (compile-time constant). bool-conversion is what the exception says.
- lib-p-gym-params-subclass-n-substeps-range: raised as TracerIntegerConversionError by range();
  labelled traced-shape (loop length). First fix lax.fori_loop per the project's order (it
  traces with a dynamic trip count); an expert might prefer marking the config field static
  (struct.field(pytree_node=False)), listed second.
- lib-p-gym-transition-list-index-action / lib-p-spyx-list-of-neurons-traced-index: the
  canonical fix for the gym case is jnp.asarray(FORCES)[action], which has no Fix.kind;
  jnp.where / lax.switch chosen.
- lib-p-gym-params-sutton-barto-flag-if: static (pytree_node=False on the flag) is also a
  reasonable first fix for a config flag; listed third after jnp.where and lax.cond.
- lib-p-gym-static-params-with-array-field: path given as params.gravity (the unhashable leaf)
  though a static argument is not flattened by JAX; "params" is defensible.
- lib-p-gym-scan-rollout-traced-length: JAX's message suggests while_loop/fori_loop; they would
  trace but do not stack per-step outputs, so jax_fitting_fix=False.
- Leaks: argument chosen as the first parameter the leaked value depends on (g3: state, though
  action also feeds it; g12: key, though torque also feeds it; s2: V; s9: gain). All leaks are
  verifiable=False (the fix needs the later use rewritten to use the returned value).
- lib-p-spyx-custom-activation-python-if / lib-p-spyx-neuron-subclass-global-spike-log /
  lib-p-spyx-reset-neuron-at-mask-set: no user jit -- spyx.nn.run's lax.scan traces the user's
  function, so argument is the user function's parameter (x, V, x). In the reset neuron the
  mask depends on both x and V; x (first) chosen.
- lib-p-spyx-custom-activation-python-if: uses one neuron and batch 1; with more elements the
  same code fails even eagerly (ambiguous truth value), which would not be a tracing error.
- float()/math.cos cases: lib-p-gym-pendulum-vmap-math-cos labelled concretization with
  jnp-not-np (math -> jnp) as fix; lib-p-spyx-grad-float-print-rate labelled concretization with
  jax.debug.print (the float() only serves a print).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-p-gym-subclass-reward-if-theta',
        source='https://github.com/Farama-Foundation/Gymnasium/pull/962',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional

class ShapedCartPole(CartPoleFunctional):
    def reward(self, state, action, next_state, rng, params=None):
        x, _, theta, _ = next_state
        if jnp.abs(theta) > 0.2:
            return -1.0
        return 1.0 - 0.1 * jnp.abs(x)

env = ShapedCartPole()
env.transform(jax.jit)
s0 = env.initial(jax.random.key(0))
s1 = env.transition(s0, 1)
env.reward(s0, 1, s1, None)
""",
        kind='bool-conversion', argument='next_state', path='next_state', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="User subclass of gymnasium's CartPoleFunctional overrides reward() with a Python `if` on the pole angle; env.transform(jax.jit) jits the bound method, so next_state is traced. Fix: return jnp.where(|theta|>0.2, -1.0, 1 - 0.1|x|) (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='lib-p-gym-transition-list-index-action',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional, CartPoleParams

FORCES = [-10.0, 10.0]

class ListForceCartPole(CartPoleFunctional):
    def transition(self, state, action, rng=None, params=CartPoleParams):
        x, x_dot, theta, theta_dot = state
        force = FORCES[action]
        x_dot = x_dot + params.tau * force / params.total_mass
        x = x + params.tau * x_dot
        return jnp.stack([x, x_dot, theta, theta_dot])

env = ListForceCartPole()
env.transform(jax.jit)
s0 = env.initial(jax.random.key(0))
env.transition(s0, jnp.array(1))
""",
        kind='integer-conversion', argument='action', path='action', line=10,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='Custom FuncEnv transition looks the force up in a Python list with the traced discrete action (FORCES[action]) after env.transform(jax.jit). Fix: jnp.where(action == 1, FORCES[1], FORCES[0]) (checked on both); lax.switch also works. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-p-gym-transition-self-last-state-leak',
        source='https://github.com/Farama-Foundation/Gymnasium/pull/25',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional, CartPoleParams

class LoggingCartPole(CartPoleFunctional):
    def transition(self, state, action, rng=None, params=CartPoleParams):
        next_state = super().transition(state, action, rng, params)
        self.last_state = next_state
        return next_state

env = LoggingCartPole()
env.transform(jax.jit)
s0 = env.initial(jax.random.key(0))
s1 = env.transition(s0, 1)
env.terminal(env.last_state, None)
""",
        kind='leaked-tracer', argument='state', path='state', line=8,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='Functional env made stateful: transition() stores next_state on self (self.last_state) while env.transform(jax.jit) traces it; the later env.terminal(env.last_state, None) passes the leaked tracer into another jitted method. FuncEnv docs: state must be passed around explicitly -> use the returned s1. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (at the use, line 15).',
        use_line=15,
    ),
    Case(
        id='lib-p-gym-params-subclass-n-substeps-range',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import jax
import jax.numpy as jnp
from flax import struct
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional, CartPoleParams

@struct.dataclass
class SubstepParams(CartPoleParams):
    n_substeps: int = 4

env = CartPoleFunctional()

@jax.jit
def step(state, action, params):
    for _ in range(params.n_substeps):
        state = env.transition(state, action, None, params)
    return state

step(jnp.zeros(4), 1, SubstepParams())
""",
        kind='traced-shape', argument='params', path='params.n_substeps', line=14,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='User extends the flax struct CartPoleParams with an int field n_substeps (a pytree leaf, not struct.field(pytree_node=False)) and uses it as a Python range() length inside jit. lax.fori_loop(0, params.n_substeps, ...) traces with the dynamic count (checked on both); making the field static (pytree_node=False) is the config-style alternative. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-p-gym-params-sutton-barto-flag-if',
        source='https://github.com/Farama-Foundation/Gymnasium/pull/962',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleParams

@jax.jit
def shaped_reward(state, params):
    x, _, theta, _ = state
    if params.sutton_barto_reward:
        return -jnp.abs(theta)
    return 1.0 - jnp.abs(x) / params.x_threshold

shaped_reward(jnp.zeros(4), CartPoleParams(sutton_barto_reward=True))
""",
        kind='bool-conversion', argument='params', path='params.sutton_barto_reward', line=8,
        fixes=('jnp.where', 'lax.cond', 'static'), verifiable=True, jax_fitting_fix=False,
        note="Python `if params.sutton_barto_reward:` in a user's jitted shaping reward; the bool flag is a pytree leaf of CartPoleParams (gymnasium itself uses lax.cond on it). Fix: jnp.where(params.sutton_barto_reward, a, b) (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='lib-p-gym-env-object-as-jit-arg',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional

@jax.jit
def rollout(env, key):
    state = env.initial(key)
    for _ in range(5):
        state = env.transition(state, 1)
    return env.terminal(state, None)

cartpole = CartPoleFunctional()
rollout(cartpole, jax.random.key(0))
""",
        kind='non-array-argument', argument='env', path='env', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The CartPoleFunctional env object passed as an ordinary argument of a jitted rollout. static_argnames='env' works (object hashes by identity; checked on both) and JAX's message suggests static_argnums/static_argnames. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (cannot interpret value as an abstract array).",
        use_line=None,
    ),
    Case(
        id='lib-p-gym-vmap-initial-np-tanh',
        source='https://gymnasium.farama.org/_modules/gymnasium/envs/functional_jax_env',
        code="""\
import jax
import numpy as np
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional

env = CartPoleFunctional()

def squashed_obs(key):
    state = env.initial(key)
    obs = env.observation(state, key)
    return np.tanh(obs / 0.05)

keys = jax.random.split(jax.random.key(0), 8)
jax.jit(jax.vmap(squashed_obs))(keys)
""",
        kind='array-conversion', argument='key', path='key', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='jax.jit(jax.vmap(f)) over PRNG keys; f builds observations with env.initial/observation and squashes them with np.tanh -> __array__ on a BatchTracer. Fix: jnp.tanh (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-p-gym-scan-rollout-traced-length',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional

env = CartPoleFunctional()

@jax.jit
def rollout(key, num_steps):
    def body(state, _):
        state = env.transition(state, 1)
        return state, env.terminal(state, None)
    _, dones = jax.lax.scan(body, env.initial(key), length=num_steps)
    return dones

rollout(jax.random.key(0), 50)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Rollout of the functional cartpole with lax.scan(length=num_steps) where num_steps is a normal jit argument. static_argnames='num_steps' (checked on both). JAX's message suggests while_loop/fori_loop, which do not collect the per-step outputs (dones), so it does not fit. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
        use_line=None,
    ),
    Case(
        id='lib-p-gym-static-params-with-array-field',
        source='https://github.com/Farama-Foundation/Gymnasium/pull/962',
        code="""\
import functools
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional, CartPoleParams

env = CartPoleFunctional()

@functools.partial(jax.jit, static_argnames="params")
def step(state, params):
    return env.transition(state, 1, None, params)

moon = CartPoleParams(gravity=jnp.array(1.62))
step(jnp.zeros(4), params=moon)
""",
        kind='unhashable-static', argument='params', path='params.gravity', line=13,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="CartPoleParams (a flax struct pytree) marked static_argnames='params' while one field is a jnp array, so the frozen dataclass's __hash__ fails. CartPoleParams is a pytree, so the right fix is to stop marking it static (checked on both); a Python float for gravity (hashable-static) also works. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments).",
        use_line=None,
    ),
    Case(
        id='lib-p-gym-pendulum-vmap-math-cos',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import math
import jax
from gymnasium.envs.phys2d.pendulum import PendulumFunctional

env = PendulumFunctional()

def upright_bonus(key):
    th, thdot = env.initial(key)
    return math.cos(th) - 0.1 * thdot ** 2

keys = jax.random.split(jax.random.key(1), 4)
jax.vmap(upright_bonus)(keys)
""",
        kind='concretization', argument='key', path='key', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="jax.vmap over keys of a user bonus built from PendulumFunctional.initial with math.cos on the traced angle (float() on a BatchTracer). Fix: jnp.cos (checked on both). JAX's message suggests astype, which does not fit. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
        use_line=None,
    ),
    Case(
        id='lib-p-gym-scan-rewards-mask-not-done',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.cartpole import CartPoleFunctional

env = CartPoleFunctional()

@jax.jit
def alive_reward(key, actions):
    def body(state, a):
        nxt = env.transition(state, a)
        return nxt, (env.reward(state, a, nxt, None), env.terminal(nxt, None))
    _, (rewards, dones) = jax.lax.scan(body, env.initial(key), actions)
    return rewards[~dones].mean()

alive_reward(jax.random.key(0), jnp.ones(20, dtype=jnp.int32))
""",
        kind='boolean-index', argument='key', path='key', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Jitted scan rollout of the functional cartpole; mean reward over non-terminal steps as rewards[~dones]. Fix: jnp.where(~dones, rewards, 0).sum() / (~dones).sum() (checked on both). dones depends on key and actions; key is the first. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
        use_line=None,
    ),
    Case(
        id='lib-p-gym-vmap-episode-global-list-leak',
        source='https://gymnasium.farama.org/api/functional',
        code="""\
import jax
import jax.numpy as jnp
from gymnasium.envs.phys2d.pendulum import PendulumFunctional

env = PendulumFunctional()
final_states = []

def episode_return(key, torque):
    torque = torque.reshape(1)
    state = env.initial(key)
    total = 0.0
    for _ in range(10):
        nxt = env.transition(state, torque)
        total = total + env.reward(state, torque, nxt, None)
        state = nxt
    final_states.append(state)
    return total

keys = jax.random.split(jax.random.key(0), 4)
returns = jax.vmap(episode_return)(keys, jnp.linspace(-1.0, 1.0, 4))
jnp.stack(final_states).mean()
""",
        kind='leaked-tracer', argument='key', path='key', line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='jax.vmap over (key, torque) of a Pendulum episode; the final state is appended to a global list and stacked after vmap returns. Fix: return it with the total ((total, state)). state depends on key and torque; key is first. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (at the use, line 21).',
        use_line=21,
    ),
    Case(
        id='lib-p-jax2d-static-sim-params-as-jit-arg',
        source='https://github.com/keraJLi/Jax2D/blob/main/docs/example.md',
        code="""\
import jax
from jax2d.engine import create_empty_sim
from jax2d.sim_state import StaticSimParams

@jax.jit
def make_scene(static_params):
    return create_empty_sim(static_params, add_floor=True, add_walls_and_ceiling=False)

make_scene(StaticSimParams(num_polygons=6, num_circles=2))
""",
        kind='traced-shape', argument='static_params', path='static_params.num_polygons', line=7,
        fixes=('static',), verifiable=False, jax_fitting_fix=True,
        note="jax2d's StaticSimParams is a flax struct whose size fields (num_polygons...) are ordinary pytree leaves; passed as a normal jit argument, create_empty_sim builds jnp.zeros((num_polygons, 2)) with a tracer. Fix: static_argnames='static_params' (jax2d's own scene functions mark it static) -- traces on py3.11/jax 0.10.2; NOT verifiable on jax 0.12 because jax2d's create_empty_sim itself fails there (jnp.cross on 2-D vectors). JAX's message suggests static_argnums. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (Shapes must be 1D sequences of concrete values).",
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-custom-activation-python-if',
        source='https://spyx.readthedocs.io/en/latest/reference/axn/',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

def hard_spike(x):
    if x > 0:
        return jnp.ones_like(x)
    return jnp.zeros_like(x)

layer = snn.LIF((1,), beta=0.9, activation=hard_spike, rngs=nnx.Rngs(0))
x = jnp.ones((10, 1, 1))
snn.run(layer, x)
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User spike function passed as activation= to spyx.nn.LIF uses a Python `if x > 0`; spyx.nn.run traces it inside lax.scan (no user jit). Fix: jnp.where(x > 0, 1.0, 0.0) (checked on both). One neuron/one batch item so the array has one element. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-neuron-subclass-global-spike-log',
        source='https://github.com/kmheckel/spyx/blob/main/docs/how-to/recurrent-layers.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

spike_log = []

class LoggedLIF(snn.LIF):
    def __call__(self, x, V):
        spikes, V = super().__call__(x, V)
        spike_log.append(spikes)
        return spikes, V

layer = LoggedLIF((4,), beta=0.9, rngs=nnx.Rngs(0))
out, V = snn.run(layer, jnp.ones((10, 2, 4)))
jnp.stack(spike_log).sum()
""",
        kind='leaked-tracer', argument='V', path='V', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='LIF subclass appends its spikes to a global list while spyx.nn.run scans it; jnp.stack of the list afterwards uses scan tracers. spikes come from the incoming membrane state V. Fix: use the outputs run() already returns. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (at the use, line 16).',
        use_line=16,
    ),
    Case(
        id='lib-p-spyx-metric-traced-time-axis',
        source='https://github.com/kmheckel/spyx/blob/main/docs/reference/fn.md',
        code="""\
import jax
import jax.numpy as jnp
import spyx.fn

@jax.jit
def evaluate(traces, targets, time_axis):
    acc_fn = spyx.fn.integral_accuracy(time_axis=time_axis)
    acc, _ = acc_fn(traces, targets)
    return acc

traces = jnp.ones((8, 20, 3))
evaluate(traces, jnp.zeros(8, dtype=jnp.int32), 1)
""",
        kind='traced-shape', argument='time_axis', path='time_axis', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="spyx.fn.integral_accuracy(time_axis=...) built inside a jitted evaluate with time_axis a normal argument; spyx's own shape check (comparisons on time_axis) trips on the tracer, and the axis would be needed as a constant by jnp.sum anyway. Fix: static_argnames='time_axis' (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (raised in spyx's check).",
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-static-hidden-shape-list',
        source='https://github.com/kmheckel/spyx/blob/main/docs/reference/nn.md',
        code="""\
import functools
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

@functools.partial(jax.jit, static_argnames="hidden_shape")
def spike_counts(x, hidden_shape):
    layer = snn.LIF(hidden_shape, beta=0.8, rngs=nnx.Rngs(0))
    out, _ = snn.run(layer, x)
    return out.sum(0)

spike_counts(jnp.ones((10, 2, 16)), hidden_shape=[16])
""",
        kind='unhashable-static', argument='hidden_shape', path='hidden_shape', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='hidden_shape for spyx.nn.LIF passed as static_argnames but as a list [16]; jit cannot hash it. Fix: tuple (16,) (which LIF.initial_state also needs). Checked on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments).',
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-surrogate-fn-as-jit-arg',
        source='https://spyx.readthedocs.io/en/latest/reference/axn/',
        code="""\
import jax
import jax.numpy as jnp
import spyx.axn

@jax.jit
def fire(v, surrogate):
    return surrogate(v - 1.0)

fire(jnp.linspace(0.0, 2.0, 5), spyx.axn.superspike(k=10))
""",
        kind='non-array-argument', argument='surrogate', path='surrogate', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A spyx.axn.superspike() activation (a jitted function) passed as an ordinary jit argument. static_argnames='surrogate' works (checked on both) and JAX's message suggests it. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (cannot interpret value as an abstract array).",
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-grad-float-print-rate',
        source='https://github.com/kmheckel/spyx/blob/main/docs/how-to/train.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

layer = snn.LIF((4,), beta=0.9, rngs=nnx.Rngs(0))
x = jax.random.uniform(jax.random.key(0), (20, 2, 4))

def loss(scale):
    out, _ = snn.run(layer, x * scale)
    rate = out.mean()
    print(f"firing rate {float(rate):.3f}")
    return (rate - 0.1) ** 2

jax.grad(loss)(2.0)
""",
        kind='concretization', argument='scale', path='scale', line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="jax.grad of a loss over a spyx.nn.run forward; the loss logs the firing rate with float(rate) in an f-string. Fix: jax.debug.print('{r:.3f}', r=rate) (checked on both). JAX's message suggests astype, which does not fit a print. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-list-of-neurons-traced-index',
        source='https://github.com/kmheckel/spyx/blob/main/docs/reference/nn.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

neurons = [
    snn.LIF((4,), beta=0.9, rngs=nnx.Rngs(0)),
    snn.IF((4,), rngs=nnx.Rngs(0)),
]

@jax.jit
def step(x, V, kind):
    return neurons[kind](x, V)

step(jnp.ones((2, 4)), jnp.zeros((2, 4)), 1)
""",
        kind='integer-conversion', argument='kind', path='kind', line=13,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='Jitted step picks a spyx neuron from a Python list with a traced integer (neurons[kind]). Fix: lax.switch(kind, [branches]) (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-nonzero-spike-times',
        source='https://spyx.readthedocs.io/en/latest/explanation/snn-primer/',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

layer = snn.LIF((1,), beta=0.95, rngs=nnx.Rngs(0))

@jax.jit
def spike_times(current):
    out, _ = snn.run(layer, current)
    (t,) = jnp.nonzero(out[:, 0, 0])
    return t

spike_times(jnp.full((50, 1, 1), 0.3))
""",
        kind='traced-shape', argument='current', path='current', line=11,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note="Spike times of a single LIF neuron via jnp.nonzero on the run() output inside jit, without size=. Fix: size=T, fill_value=-1 (checked on both); JAX's message asks for a static size. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-grad-loss-global-traces-leak',
        source='https://github.com/kmheckel/spyx/blob/main/docs/reference/fn.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.fn
import spyx.nn as snn

layer = snn.LIF((3,), beta=0.9, rngs=nnx.Rngs(0))
loss_fn = spyx.fn.integral_crossentropy(time_axis=0)
x = jax.random.uniform(jax.random.key(0), (20, 2, 3))
targets = jnp.array([0, 2])
last_traces = None

def loss(gain):
    global last_traces
    traces, _ = snn.run(layer, x * gain)
    last_traces = traces
    return loss_fn(traces, targets)

g = jax.grad(loss)(1.5)
jnp.sum(last_traces, axis=0)
""",
        kind='leaked-tracer', argument='gain', path='gain', line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='Inside jax.grad of an integral_crossentropy loss the user keeps the voltage traces in a global for later analysis; using them after grad returns touches a LinearizeTracer. Fix: return them as aux (has_aux=True). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (at the use, line 20).',
        use_line=20,
    ),
    Case(
        id='lib-p-spyx-jit-np-asarray-rates',
        source='https://spyx.readthedocs.io/en/latest/explanation/snn-primer/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
import spyx.nn as snn

layer = snn.LIF((5,), beta=0.9, rngs=nnx.Rngs(0))

@jax.jit
def firing_rates(x):
    out, _ = snn.run(layer, x)
    return np.asarray(out).mean(axis=0)

firing_rates(jnp.ones((30, 2, 5)))
""",
        kind='array-conversion', argument='x', path='x', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Jitted firing-rate readout converts the spyx.nn.run output with np.asarray. Fix: jnp.asarray / plain jnp mean (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-p-spyx-reset-neuron-at-mask-set',
        source='https://github.com/kmheckel/spyx/blob/main/docs/how-to/recurrent-layers.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx.nn as snn

class ResetToZeroLIF(snn.LIF):
    def __call__(self, x, V):
        V = jnp.clip(self.beta[...], 0, 1) * V + x
        fired = V > self.threshold
        spikes = fired.astype(V.dtype)
        V = V.at[fired].set(0.0)
        return spikes, V

layer = ResetToZeroLIF((4,), beta=0.9, rngs=nnx.Rngs(0))
snn.run(layer, jnp.full((10, 2, 4), 0.4))
""",
        kind='boolean-index', argument='x', path='x', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Custom reset-to-zero LIF subclass zeros fired neurons with V.at[fired].set(0.0); fired is a traced boolean mask inside spyx.nn.run's scan. Fix: jnp.where(fired, 0.0, V) (checked on both). fired depends on both x and V (first parameter x chosen). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.",
        use_line=None,
    ),
]
