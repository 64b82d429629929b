"""Held-out library cases (set bq): tf2jax, waymax, hydrax.

How they were built: every cell was written from scratch as a small reduction of a
usage pattern of the library (a converted TF function driven from JAX for tf2jax; a
custom actor / episode loop / jitted step around a waymax environment; a custom
hydrax Task cost or a controller sweep). Each cell was saved to a file and run with
/tmp/heldout35/venv_bq/bin/python (CPython 3.11.7, JAX/jaxlib 0.10.2, flax 0.12.8,
equinox 0.13.8, optax 0.2.8, numpy 2.4.6); every statement but the last ran and the
last raised the exception named in the note. Line numbers were checked against the
traceback frames of the file. Each first fix was applied by hand to a copy of the
cell and the copy was re-run to completion.

Library versions: tf2jax 0.3.8 (PyPI, with tensorflow 2.21.0 / keras 3.15.1);
waymax 0.1.0 (the PyPI name "waymax" is an unrelated placeholder, so the
waymo-research/waymax GitHub snapshot at commit 48b33d7 was installed with
--no-deps plus chex 0.1.92, dm_env 1.6, immutabledict 4.3.1, mediapy 1.2.7; cells
build a scenario with waymax.utils.test_utils.make_zeros_state because no WOMD data
can be downloaded); hydrax 0.0.2 (the PyPI name "hydrax" is an unrelated data
loader, so the vincekurtz/hydrax GitHub snapshot at commit e06f144 was installed
with --no-deps and --ignore-requires-python (it declares >=3.12 but imports and runs
on 3.11) plus mujoco 4.0.1, mujoco-mjx 3.17.0, evosax, interpax; only the particle,
pendulum and cart_pole model XMLs were copied, warp is absent so impl="jax").

Dropped: the PyPI packages named hydrax and waymax (wrong projects; replaced by the
GitHub sources above). No alternate (jax-sklearn, mujoco_playground, id-mava) was
needed. Sources: no GitHub thread shows most of these exact patterns, so those cases
cite the README / source page of the API exercised; waymax issues #44 (jitting
rollout) and #73 (custom actors under rollout) are cited where they show the setting.

Doubts about labels:
- bq-tf2jax-reshape-vmap-heads: the fix is vmap in_axes=None with a Python int, which
  is "moving it out of the traced arguments" (static); JAX's message only mentions
  static_argnums for jit, so jax_fitting_fix is False.
- bq-tf2jax-boolean-mask-grad: the masked gather comes from tf.boolean_mask in the TF
  source; the fix (tf.where + explicit count) is written in TF, the analogue of
  jnp.where. JAX's message speaks of jnp.nonzero's size=, which cannot be given from
  TF, so jax_fitting_fix is False. argument could also be read as `pred` (the grad
  argument), but the mask depends on weights only.
- bq-tf2jax-range-length-jit / bq-tf2jax-reshape-vmap-heads: the failing op is inside
  tf2jax's lowering; `concretization` is defensible for range since the exception is
  a ConcretizationTypeError, but the value is an array length, hence traced-shape.
- bq-tf2jax-stateful-params-leak: path could be argued as new_params (an output), but
  the leaked value derives from params['Variable'].
- bq-tf2jax-tf-softmax-on-tracer: the vocabulary has no "use JAX instead of TF";
  jnp-not-np is the nearest (use the JAX op instead of a foreign array library's op).
- bq-waymax-env-config-static-unhashable: the best fix is closing over the env/config
  (listed as static, i.e. moving it out of the traced arguments); hashable-static
  (immutabledict rewards) also works; not-static does not (the config is not a pytree).
- bq-waymax-dynamic-slice-jnp-horizon: argument None because the slice length comes
  only from Python ints turned into a tracer by jnp.minimum; kind could be read as
  integer-conversion because the exception is TracerIntegerConversionError, but it is
  a slice size.
- bq-waymax-is-sdc-boolean-index: jnp.where first is defensible (array-level masking);
  size-argument is listed first because it keeps the xy[mask] result shape.
- bq-waymax-int-timestep-index: the simplest fix is to drop int() and index with the
  traced timestep; astype (suggested by JAX) and a dynamic slice both express that.
- bq-waymax-actor-appends-state / bq-waymax-actor-numpy-speed: path names the
  SimulatorState leaf the select_action reads (x / vel_x of sim_trajectory); JAX's
  own message reports carry.state.sim_trajectory.* at the scan body level.
- bq-hydrax-if-in-running-cost: JAX reports x.qpos / x.mocap_pos (the scan carry
  before mjx.step); in the user's running_cost the value comes from
  state.site_xpos and state.mocap_pos, so path is state.site_xpos; state.qpos is
  also defensible.
- bq-hydrax-vmap-plan-horizon: library-raised int() in hydrax's constructor; kind
  could be concretization (ConcretizationTypeError) or traced-shape (the horizon sets
  the number of control steps); fix is a Python loop (static).
- bq-hydrax-math-exp-cost: math.exp -> jnp.exp is neither exactly builtin min/max nor
  np; both jnp-not-builtin and jnp-not-np are listed.
- bq-hydrax-controller-jit-arg: closing over the controller (no jit argument) is an
  equally good first fix; both count as static.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bq-tf2jax-range-length-jit',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

@tf.function
def positional_features(x, length):
    pos = tf.cast(tf.range(length), tf.float32)
    return x[0] + tf.sin(pos / 10.0)

fn, params = tf2jax.convert(positional_features, np.zeros(16, np.float32), np.int32(8))

@jax.jit
def encode(x, length):
    out, _ = fn(params, x, length)
    return out

encode(jnp.ones(16), 8)
""",
        kind='traced-shape', argument='length', path='length', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A converted tf.function builds tf.range(length) from an input; tf2jax lowers it to jnp.arange, so when the user jits a wrapper with `length` traced JAX raises ConcretizationTypeError (jnp.arange stop). Marking length static (static_argnums=1) makes the range length a Python int; checked.',
    ),
    Case(
        id='bq-tf2jax-reshape-vmap-heads',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

@tf.function
def split_heads(x, num_heads):
    return tf.reshape(x, [num_heads, -1])

fn, params = tf2jax.convert(split_heads, np.zeros(8, np.float32), np.int32(2))

def apply(x, num_heads):
    out, _ = fn(params, x, num_heads)
    return out

xs = jnp.ones((4, 8))
heads = jnp.full((4,), 2, dtype=jnp.int32)
jax.vmap(apply)(xs, heads)
""",
        kind='traced-shape', argument='num_heads', path='num_heads', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The TF graph reshapes with a shape taken from the num_heads input; vmapping over a per-example heads array makes it a BatchTracer and tf2jax's reshape raises TypeError (shapes must be concrete). Keeping num_heads out of the mapped/traced inputs (in_axes=(0, None) with a Python int) fixes it; checked.",
    ),
    Case(
        id='bq-tf2jax-boolean-mask-grad',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

@tf.function
def positive_mean(pred, weights):
    kept = tf.boolean_mask(pred, weights > 0.0)
    return tf.reduce_mean(kept)

fn, params = tf2jax.convert(positive_mean, np.zeros(5, np.float32), np.zeros(5, np.float32))

def loss(pred, weights):
    out, _ = fn(params, pred, weights)
    return out

jax.jit(jax.grad(loss))(jnp.arange(5.0), jnp.array([1.0, 0.0, 2.0, 0.0, 1.0]))
""",
        kind='boolean-index', argument='weights', path='weights', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='tf.boolean_mask in the converted loss becomes a data-dependent-size gather (nonzero without size); under jax.jit(jax.grad(loss)) JAX raises ConcretizationTypeError from jnp.nonzero. The fix is the where-style masked reduction (tf.where(mask, pred, 0) / count in the TF source, the same as jnp.where); checked.',
    ),
    Case(
        id='bq-tf2jax-params-static-dict',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import functools
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

dense = tf.keras.layers.Dense(4)
dense.build((None, 3))
fn, params = tf2jax.convert(tf.function(dense), np.zeros((2, 3), np.float32))

@functools.partial(jax.jit, static_argnums=0)
def predict(params, x):
    out, _ = fn(params, x)
    return out

predict(params, jnp.ones((2, 3)))
""",
        kind='unhashable-static', argument='params', path='params', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The params dict returned by tf2jax.convert (Keras weights) is marked static as if it were a constant; jit raises ValueError (non-hashable static arguments, dict). Passing params as a normal traced argument is the fix; checked.',
    ),
    Case(
        id='bq-tf2jax-converted-fn-as-arg',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

@tf.function
def scorer(x):
    return tf.reduce_sum(tf.nn.relu(x), axis=-1)

fn, params = tf2jax.convert(scorer, np.zeros((2, 3), np.float32))

@jax.jit
def evaluate(model_fn, params, x):
    out, _ = model_fn(params, x)
    return out.mean()

evaluate(fn, params, jnp.ones((2, 3)))
""",
        kind='non-array-argument', argument='model_fn', path='model_fn', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The converted function object (tf2jax AnnotatedFunction) is passed as a positional argument to a jitted evaluator; jit raises TypeError (cannot interpret it as an abstract array). Marking it static (static_argnums=0), as the message suggests, works; checked.',
    ),
    Case(
        id='bq-tf2jax-tf-softmax-on-tracer',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

@tf.function
def logits_fn(x):
    return tf.matmul(x, tf.ones((3, 4)))

fn, params = tf2jax.convert(logits_fn, np.zeros((2, 3), np.float32))

@jax.jit
def predict_proba(x):
    logits, _ = fn(params, x)
    return tf.nn.softmax(logits, axis=-1)

predict_proba(jnp.ones((2, 3)))
""",
        kind='array-conversion', argument='x', path='x', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='After calling the converted model inside jax.jit the user post-processes with a TensorFlow op (tf.nn.softmax), which converts the tracer via __array__; JAX raises TracerArrayConversionError. Use the JAX equivalent (jax.nn.softmax) or convert the op with tf2jax too; checked.',
    ),
    Case(
        id='bq-tf2jax-stateful-params-leak',
        source='https://github.com/google-deepmind/tf2jax#readme',
        code="""\
import numpy as np
import tensorflow as tf
import jax
import jax.numpy as jnp
import tf2jax

counter = tf.Variable(0.0)

@tf.function
def counted_scale(x):
    counter.assign_add(1.0)
    return x * counter

fn, params = tf2jax.convert(counted_scale, np.zeros(3, np.float32))
latest = {}

@jax.jit
def step(params, x):
    out, new_params = fn(params, x)
    latest["params"] = new_params
    return out

step(params, jnp.ones(3))
step(latest["params"], jnp.ones(3))
""",
        kind='leaked-tracer', argument='params', path="params['Variable']", line=20,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A TF function with a tf.Variable converts to fn(params, x) -> (out, new_params); the user stashes new_params in a dict inside the jitted step and feeds it back on the next call, where JAX raises UnexpectedTracerError. Return the updated params from the jitted function instead; checked.',
        use_line=24,
    ),
    Case(
        id='bq-waymax-while-not-is-done',
        source='https://github.com/waymo-research/waymax/blob/main/waymax/datatypes/simulator_state.py',
        code="""\
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))
action = datatypes.Action(data=jnp.zeros((8, 3)), valid=jnp.ones((8, 1), bool))

@jax.jit
def run_episode(state):
    while not state.is_done:
        state = env.step(state, action)
    return state

run_episode(state)
""",
        kind='bool-conversion', argument='state', path='state.timestep', line=16,
        fixes=('lax.while_loop',), verifiable=True, jax_fitting_fix=False,
        note='A Python `while not state.is_done` episode loop inside jax.jit; is_done is a traced bool built from state.timestep, so JAX raises TracerBoolConversionError. jax.lax.while_loop with cond ~s.is_done is the fix; checked.',
    ),
    Case(
        id='bq-waymax-rollout-num-steps-traced',
        source='https://github.com/waymo-research/waymax/issues/44',
        code="""\
import functools
import jax
import jax.numpy as jnp
from waymax import agents, config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))
actor = agents.create_expert_actor(env.dynamics)
rollout_fn = jax.jit(functools.partial(_env.rollout, actor=actor, env=env))
rollout_fn(state, rng=jax.random.PRNGKey(0), rollout_num_steps=10)
""",
        kind='traced-shape', argument='rollout_num_steps', path='rollout_num_steps', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='jax.jit over waymax.env.rollout (actor and env bound with partial) leaves rollout_num_steps traced; rollout builds jnp.arange(rollout_num_steps) for its scan and JAX raises ConcretizationTypeError (library-raised). static_argnames="rollout_num_steps" fixes it; checked.',
    ),
    Case(
        id='bq-waymax-env-passed-to-jit',
        source='https://github.com/waymo-research/waymax/issues/44',
        code="""\
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))
action = datatypes.Action(data=jnp.zeros((8, 3)), valid=jnp.ones((8, 1), bool))

@jax.jit
def step_and_reward(env, state, action):
    next_state = env.step(state, action)
    return next_state, env.reward(next_state, action)

step_and_reward(env, state, action)
""",
        kind='non-array-argument', argument='env', path='env', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The MultiAgentEnvironment object is passed as an argument to a jitted step function; jit raises TypeError (not interpretable as an abstract array). static_argnums=0 (or closing over env) fixes it, as the message suggests; checked.',
    ),
    Case(
        id='bq-waymax-env-config-static-unhashable',
        source='https://github.com/waymo-research/waymax/blob/main/waymax/config.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env_cfg = _config.EnvironmentConfig(max_num_objects=8)
state = test_utils.make_zeros_state(data_cfg)
action = datatypes.Action(data=jnp.zeros((8, 3)), valid=jnp.ones((8, 1), bool))

@functools.partial(jax.jit, static_argnames="config")
def first_step(state, action, config):
    env = _env.MultiAgentEnvironment(dynamics_model=dynamics.DeltaLocal(), config=config)
    return env.step(env.reset(state), action)

first_step(state, action, config=env_cfg)
""",
        kind='unhashable-static', argument='config', path='config', line=17,
        fixes=('static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='EnvironmentConfig is marked static, but its rewards config holds a dict, so hashing fails and jit raises ValueError (non-hashable static argument). Building the env outside and closing over it (moving config out of the jitted arguments) fixes it; an immutabledict rewards config would also make it hashable; checked (closure).',
    ),
    Case(
        id='bq-waymax-dynamic-slice-jnp-horizon',
        source='https://github.com/waymo-research/waymax/blob/main/waymax/datatypes/operations.py',
        code="""\
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))

@jax.jit
def future_log(state):
    horizon = jnp.minimum(10, state.log_trajectory.num_timesteps - 1)
    return datatypes.dynamic_slice(state.log_trajectory, state.timestep + 1, horizon, axis=-1)

future_log(state)
""",
        kind='traced-shape', argument=None, path=None, line=16,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The slice length for waymax.datatypes.dynamic_slice is computed with jnp.minimum from two Python ints, which under jit is a tracer; lax.dynamic_slice_in_dim then raises TracerIntegerConversionError (__index__). Computing it with builtin min keeps it static; checked.',
    ),
    Case(
        id='bq-waymax-is-sdc-boolean-index',
        source='https://github.com/waymo-research/waymax/blob/main/waymax/datatypes/object_state.py',
        code="""\
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))

@jax.jit
def sdc_progress(state):
    traj = state.current_sim_trajectory
    sdc_xy = traj.xy[state.object_metadata.is_sdc]
    return jnp.linalg.norm(sdc_xy[..., -1, :], axis=-1)

sdc_progress(state)
""",
        kind='boolean-index', argument='state', path='state.object_metadata.is_sdc', line=16,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Selecting the SDC row with the boolean is_sdc mask (traj.xy[is_sdc]) inside jit raises NonConcreteBooleanIndexError. jnp.nonzero(is_sdc, size=1) (exactly one SDC) or a jnp.where-masked sum selects it with a static shape; both checked.',
    ),
    Case(
        id='bq-waymax-actor-appends-state',
        source='https://github.com/waymo-research/waymax/issues/73',
        code="""\
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))
from waymax import agents
seen_positions = []

def select_action(params, state, actor_state, rng):
    seen_positions.append(state.current_sim_trajectory.xy)
    act = datatypes.Action(data=jnp.zeros((8, 3)), valid=jnp.ones((8, 1), bool))
    return agents.WaymaxActorOutput(actor_state=None, action=act, is_controlled=state.object_metadata.is_sdc)

actor = agents.actor_core_factory(init=lambda rng, state: None, select_action=select_action)
out = _env.rollout(state, actor, env, rng=jax.random.PRNGKey(0), rollout_num_steps=5)
jnp.stack(seen_positions)
""",
        kind='leaked-tracer', argument='state', path='state.sim_trajectory.x', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A custom actor built with actor_core_factory appends state positions to a Python list from select_action; waymax.env.rollout runs it under lax.scan, so the list holds scan tracers and jnp.stack on it raises UnexpectedTracerError. Read the positions from the rollout output (out.state) instead of storing them; checked.',
        use_line=22,
    ),
    Case(
        id='bq-waymax-actor-numpy-speed',
        source='https://github.com/waymo-research/waymax/issues/73',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))
from waymax import agents

def brake_if_fast(params, state, actor_state, rng):
    traj = state.current_sim_trajectory
    speed = np.linalg.norm(traj.vel_xy[:, -1], axis=-1)
    dx = np.where(speed > 15.0, 0.5, 1.0)
    act = datatypes.Action(data=jnp.stack([dx, jnp.zeros(8), jnp.zeros(8)], -1), valid=jnp.ones((8, 1), bool))
    return agents.WaymaxActorOutput(actor_state=None, action=act, is_controlled=state.object_metadata.is_sdc)

actor = agents.actor_core_factory(init=lambda rng, state: None, select_action=brake_if_fast)
_env.rollout(state, actor, env, rng=jax.random.PRNGKey(0), rollout_num_steps=5)
""",
        kind='array-conversion', argument='state', path='state.sim_trajectory.vel_x', line=17,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom select_action uses np.linalg.norm / np.where on the traced trajectory velocities; rollout traces it under scan and JAX raises TracerArrayConversionError. Replacing np with jnp on those lines fixes it; checked.',
    ),
    Case(
        id='bq-waymax-int-timestep-index',
        source='https://github.com/waymo-research/waymax/blob/main/waymax/datatypes/simulator_state.py',
        code="""\
import jax
import jax.numpy as jnp
from waymax import config as _config, datatypes, dynamics, env as _env
from waymax.utils import test_utils

data_cfg = _config.DatasetConfig(path="", max_num_objects=8, max_num_rg_points=100)
env = _env.MultiAgentEnvironment(
    dynamics_model=dynamics.DeltaLocal(),
    config=_config.EnvironmentConfig(max_num_objects=8),
)
state = env.reset(test_utils.make_zeros_state(data_cfg))

@jax.jit
def log_error(state):
    t = int(state.timestep)
    sim_xy = state.sim_trajectory.xy[:, t]
    log_xy = state.log_trajectory.xy[:, t]
    return jnp.linalg.norm(sim_xy - log_xy, axis=-1)

log_error(state)
""",
        kind='integer-conversion', argument='state', path='state.timestep', line=15,
        fixes=('astype', 'lax.dynamic_slice'), verifiable=True, jax_fitting_fix=True,
        note='SimulatorState.timestep is annotated int, so the user calls int(state.timestep) to index the trajectories inside jit; JAX raises ConcretizationTypeError from int(). Keeping it an array (astype/plain traced index, or a dynamic slice/datatypes.dynamic_index) works; checked.',
    ),
    Case(
        id='bq-hydrax-if-in-running-cost',
        source='https://github.com/vincekurtz/hydrax#design-your-own-task',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import PredictiveSampling
from hydrax.tasks.particle import Particle

class ReachTask(Particle):
    def running_cost(self, state, control):
        dist = jnp.linalg.norm(state.site_xpos[self.pointmass_id] - state.mocap_pos[0])
        if dist < 0.05:
            return 0.1 * jnp.sum(jnp.square(control))
        return dist + 0.1 * jnp.sum(jnp.square(control))

task = ReachTask()
ctrl = PredictiveSampling(task, num_samples=8, noise_level=0.1, plan_horizon=0.25, num_knots=4)
state = task.make_data()
jax.jit(ctrl.optimize)(state, ctrl.init_params())
""",
        kind='bool-conversion', argument='state', path='state.site_xpos', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom Task.running_cost branches with Python `if dist < 0.05`; hydrax evaluates it inside vmap+scan of the jitted optimize, so JAX raises TracerBoolConversionError. jnp.where on the distance term (or lax.cond) fixes it; checked.',
    ),
    Case(
        id='bq-hydrax-float-print-terminal-cost',
        source='https://github.com/vincekurtz/hydrax#design-your-own-task',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import MPPI
from hydrax.tasks.particle import Particle

class LoggedParticle(Particle):
    def terminal_cost(self, state):
        cost = 5.0 * jnp.sum(jnp.square(state.qpos - state.mocap_pos[0, :2]))
        print(f"terminal cost: {float(cost):.4f}")
        return cost

task = LoggedParticle()
ctrl = MPPI(task, num_samples=8, noise_level=0.1, temperature=0.1, plan_horizon=0.25, num_knots=4)
state = task.make_data()
jax.jit(ctrl.optimize)(state, ctrl.init_params())
""",
        kind='concretization', argument='state', path='state.qpos', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A debug print with float(cost) in terminal_cost of an MPPI task; the cost is traced inside the controller rollouts and JAX raises ConcretizationTypeError from float(). jax.debug.print prints traced values; checked.',
    ),
    Case(
        id='bq-hydrax-cost-stored-on-self',
        source='https://github.com/vincekurtz/hydrax/blob/main/hydrax/task_base.py',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import PredictiveSampling
from hydrax.tasks.particle import Particle

class TrackedParticle(Particle):
    def terminal_cost(self, state):
        cost = 5.0 * jnp.sum(jnp.square(state.qpos - state.mocap_pos[0, :2]))
        self.last_terminal_cost = cost
        return cost

task = TrackedParticle()
ctrl = PredictiveSampling(task, num_samples=8, noise_level=0.1, plan_horizon=0.25, num_knots=4)
state = task.make_data()
params, rollouts = jax.jit(ctrl.optimize)(state, ctrl.init_params())
jnp.log(task.last_terminal_cost)
""",
        kind='leaked-tracer', argument='state', path='state.qpos', line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='terminal_cost saves the cost on self for later inspection; it is a vmap BatchTracer inside optimize, and using task.last_terminal_cost afterwards raises UnexpectedTracerError. The costs are already returned in rollouts.costs (last column); checked.',
        use_line=16,
    ),
    Case(
        id='bq-hydrax-controller-jit-arg',
        source='https://github.com/vincekurtz/hydrax/blob/main/hydrax/simulation/deterministic.py',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import CEM
from hydrax.tasks.pendulum import Pendulum

task = Pendulum()
ctrl = CEM(task, num_samples=16, num_elites=4, sigma_start=0.3, sigma_min=0.05, plan_horizon=0.5, num_knots=4)

@jax.jit
def mpc_step(controller, state, params):
    params, rollouts = controller.optimize(state, params)
    return params, controller.get_action(params, state.time)

state = task.make_data()
mpc_step(ctrl, state, ctrl.init_params())
""",
        kind='non-array-argument', argument='controller', path='controller', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A CEM controller object is passed as an argument of a jitted MPC step (hydrax itself jits the bound controller.optimize instead); jit raises TypeError for the non-array argument. static_argnums=0 (controllers hash by identity) or closing over it fixes it; checked.',
    ),
    Case(
        id='bq-hydrax-vmap-plan-horizon',
        source='https://github.com/vincekurtz/hydrax/blob/main/hydrax/alg_base.py',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import PredictiveSampling
from hydrax.tasks.pendulum import Pendulum

task = Pendulum()
state = task.make_data()

def best_cost(horizon):
    ctrl = PredictiveSampling(task, num_samples=16, noise_level=0.3, plan_horizon=horizon, num_knots=4)
    params, rollouts = ctrl.optimize(state, ctrl.init_params())
    return rollouts.costs.sum(axis=-1).min()

jax.vmap(best_cost)(jnp.array([0.25, 0.5, 1.0]))
""",
        kind='integer-conversion', argument='horizon', path='horizon', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping plan_horizon with jax.vmap makes it a tracer when the controller is constructed; SamplingBasedController.__init__ computes int(round(plan_horizon / dt)) and JAX raises ConcretizationTypeError from int() (library-raised). The horizon sets array sizes, so it must stay a Python float: loop over horizons in Python; checked.',
    ),
    Case(
        id='bq-hydrax-jit-num-samples',
        source='https://github.com/vincekurtz/hydrax/blob/main/hydrax/alg_base.py',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import PredictiveSampling
from hydrax.tasks.cart_pole import CartPole

task = CartPole()
state = task.make_data()

@jax.jit
def plan(state, num_samples):
    ctrl = PredictiveSampling(task, num_samples=num_samples, noise_level=0.3, plan_horizon=0.5, num_knots=4)
    params, rollouts = ctrl.optimize(state, ctrl.init_params())
    return params.mean

plan(state, 32)
""",
        kind='traced-shape', argument='num_samples', path='num_samples', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='num_samples is a jitted argument used to build the controller; sampling the knots uses it as an array dimension and JAX raises TypeError (shapes must be concrete) inside hydrax. static_argnames="num_samples" fixes it, as the message hints; checked.',
    ),
    Case(
        id='bq-hydrax-mask-index-cost',
        source='https://github.com/vincekurtz/hydrax#design-your-own-task',
        code="""\
import jax
import jax.numpy as jnp
from hydrax.algs import PredictiveSampling
from hydrax.tasks.particle import Particle

class BoxedParticle(Particle):
    def running_cost(self, state, control):
        base = super().running_cost(state, control)
        outside = state.qpos[jnp.abs(state.qpos) > 0.2]
        return base + 10.0 * jnp.sum(jnp.square(outside))

task = BoxedParticle()
ctrl = PredictiveSampling(task, num_samples=8, noise_level=0.1, plan_horizon=0.25, num_knots=4)
state = task.make_data()
jax.jit(ctrl.optimize)(state, ctrl.init_params())
""",
        kind='boolean-index', argument='state', path='state.qpos', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A box-constraint penalty selects out-of-bounds coordinates with a boolean mask (state.qpos[mask]) in running_cost; under the controller's vmap/scan JAX raises NonConcreteBooleanIndexError. jnp.where(mask, qpos, 0) gives the same penalty with static shape; checked.",
    ),
    Case(
        id='bq-hydrax-math-exp-cost',
        source='https://github.com/vincekurtz/hydrax#design-your-own-task',
        code="""\
import math
import jax
import jax.numpy as jnp
from hydrax.algs import PredictiveSampling
from hydrax.tasks.pendulum import Pendulum

class ShapedPendulum(Pendulum):
    def running_cost(self, state, control):
        upright = math.exp(-math.cos(state.qpos[0]))
        return upright + 0.01 * jnp.sum(jnp.square(control))

task = ShapedPendulum()
ctrl = PredictiveSampling(task, num_samples=8, noise_level=0.3, plan_horizon=0.5, num_knots=4)
state = task.make_data()
jax.jit(ctrl.optimize)(state, ctrl.init_params())
""",
        kind='concretization', argument='state', path='state.qpos', line=9,
        fixes=('jnp-not-builtin', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note='A shaped pendulum cost uses math.exp/math.cos on state.qpos; math calls float() on the tracer and JAX raises ConcretizationTypeError. Using jnp.exp/jnp.cos fixes it; checked.',
    ),
]
