"""Held-out library cases (set ax): jaxadi, sbx-rl (stable-baselines-jax), jax-privacy.

How they were built: each cell is my own minimal reduction of a usage pattern shown in
the cited thread, README, example or API source of the library, written without
looking at the tool under test. Every cell was written to a file and run as a file
with /tmp/heldout25/venv_ax/bin/python (CPython 3.11.7, venv with
--system-site-packages). All statements before the last run cleanly; the last raises.
`line`/`use_line` were checked against the traceback frames in the file. For every
case marked verifiable the first fix was applied by hand and the cell re-run cleanly.

Installed versions: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8,
optax 0.2.8, numpy 2.4.6 (the machine's versions, kept); jaxadi 0.4.0 with
casadi 3.8.2; sbx-rl 0.28.0 with stable_baselines3 2.9.2, gymnasium 1.3.0 and
tfp-nightly 0.26.0.dev20261027; jax-privacy 2.0.0 with dp_accounting 0.6.0.

Dropped:
- dmff: not on PyPI (pip: "No matching distribution found"), so it cannot be installed
  with the pins.
- neuralgcm 1.2.2 (first alternate): installs and imports, but its only offline model,
  the bundled demo checkpoint (demo.load_checkpoint_tl63_stochastic), fails to unpickle
  with JAX 0.10.2 (TypeError: ShapedArray got unexpected keyword 'named_shape'), and
  real checkpoints need network access; replaced by jax-privacy (second alternate).
- A jaxadi cell calling the raw casadi.Function on tracers inside jit: CasADi raises
  its own NotImplementedError (SWIG overload), which is not a JAX error; left out.

Kinds: bool-conversion 5, concretization 2, integer-conversion 2, array-conversion 3,
boolean-index 2, traced-shape 4, leaked-tracer 4, unhashable-static 2,
non-array-argument 2 (26 cases: jaxadi 9, sbx 7, jax-privacy 10).

Doubts about labels:
- ax-jaxadi-np-norm-in-grad-cost: the state depends on both controls and s0; only
  controls is traced by jax.grad, so argument=controls.
- ax-jaxadi-scan-angle-wrap-if, ax-jaxadi-scan-append-trajectory, ax-jaxadi-item-in-print:
  the value depends on both state and control; the first parameter (state) was chosen.
- ax-jaxadi-range-traced-horizon: static is just as acceptable as lax.fori_loop
  (fori_loop with a traced bound becomes a while_loop, not reverse-differentiable).
- ax-jaxadi-static-ndarray-params: hashable-static (a tuple) also works; not-static put
  first because the converted function takes params as ordinary array data. argument
  names a static (not traced) parameter.
- ax-jaxadi-scan-append-trajectory, ax-jaxprivacy-logits-into-metrics-dict:
  jax_fitting_fix=True because the message says transformed functions must explicitly
  return their outputs; one could argue this states a rule rather than a fix.
  verifiable=True, though the fix also rewrites the later use line.
- ax-jaxadi-random-shooting-sample-count, ax-jaxprivacy-traced-microbatch-size: could be
  read as integer-conversion; JAX raises a shape TypeError, so traced-shape.
- ax-sbx-critic-class-builtin-min-max: argument=x (the __call__ input); the value also
  depends on the critic params that sbx traces (vf_state.params), which JAX's message
  names instead. Same for the other sbx activation cases (JAX names qf_state.params and
  observations of select_action, not the activation's x).
- ax-sbx-activation-float-print: could be labelled with astype (the message's hint),
  but float() only feeds a print, so jax.debug.print is the fitting fix.
- ax-sbx-activation-records-to-list: jax.debug.print (or jax.debug.callback) is the
  closest vocabulary entry; return-value is not possible through sbx's activation hook.
- ax-sbx-maxout-jnp-group-count: kind could be argued as integer-conversion; fix could
  also be read as jnp-not-np in spirit.
- ax-sbx-policy-as-jit-argument: passing policy.qf_state instead of the policy is an
  equally good fix (also "moving it out of the traced arguments" = static).
- ax-jaxprivacy-per-example-label-if: argument=example with path example['y']; the
  score also depends on params, but the branch condition depends only on the label.
- ax-jaxprivacy-numpy-hinge-loss: margins depend on w, features and labels; first (w)
  chosen.
- ax-jaxprivacy-traced-normalize-by: raised by jax_privacy's own validation
  (`normalize_by <= 0.0`); line is the user's clipped_grad call.
- ax-jaxprivacy-privatizer-on-self-traced-key: "static" here means building the
  privatizer outside the traced function; dropping jax.jit from init is another fix
  outside the vocabulary.
- ax-jaxprivacy-int-label-index: int() on a tracer raises ConcretizationTypeError, so
  concretization is also defensible; dropping int() entirely is an equally good fix.
- ax-jaxprivacy-toeplitz-coefs-traced-n: JAX raises ConcretizationTypeError (jnp.arange
  stop); could be labelled concretization; traced-shape chosen since n is a size.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ax-jaxadi-np-norm-in-grad-cost',
        source='https://github.com/based-robotics/jaxadi',
        code="""\
import casadi as cs
import jax
import jax.numpy as jnp
import numpy as np
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

def tracking_cost(controls, s0):
    state, cost = s0, 0.0
    for k in range(controls.shape[0]):
        state = pendulum(state, controls[k])[0][:, 0]
        cost = cost + np.linalg.norm(state - np.array([np.pi, 0.0])) ** 2
    return cost

jax.grad(tracking_cost)(jnp.zeros((10, 1)), jnp.array([0.1, 0.0]))
""",
        kind='array-conversion', argument='controls', path='controls', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A shooting cost differentiated with jax.grad feeds the state returned by the jaxadi-converted pendulum into np.linalg.norm; NumPy calls __array__ on the JVP tracer and JAX raises TracerArrayConversionError. Swapping in jnp.linalg.norm keeps the value; checked.',
    ),
    Case(
        id='ax-jaxadi-scan-angle-wrap-if',
        source='https://github.com/based-robotics/jaxadi/blob/master/examples/03_pendulum_rollout.py',
        code="""\
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

def step(state, control):
    nxt = pendulum(state, control)[0][:, 0]
    if nxt[0] > jnp.pi:
        nxt = nxt.at[0].add(-2 * jnp.pi)
    return nxt, nxt

jax.lax.scan(step, jnp.array([3.0, 2.0]), jnp.ones((40, 1)))
""",
        kind='bool-conversion', argument='state', path='state', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The scan body of a pendulum rollout built on a converted CasADi function wraps the angle with a Python if on the traced next state; lax.scan traces the body, so JAX raises TracerBoolConversionError. An elementwise jnp.where wrap (or lax.cond) keeps the result; checked.',
    ),
    Case(
        id='ax-jaxadi-range-traced-horizon',
        source='https://github.com/based-robotics/jaxadi/blob/master/examples/03_pendulum_rollout.py',
        code="""\
import functools
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

@jax.jit
def simulate(s0, n_steps):
    state = s0
    for _ in range(n_steps):
        state = pendulum(state, jnp.zeros(1))[0][:, 0]
    return state

simulate(jnp.array([0.3, 0.0]), 50)
""",
        kind='integer-conversion', argument='n_steps', path='n_steps', line=15,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A jitted simulation loops `for _ in range(n_steps)` around the converted dynamics while n_steps is a traced jit argument; range() calls __index__ and JAX raises TracerIntegerConversionError. lax.fori_loop with a traced bound works, as does static_argnames; both checked.',
    ),
    Case(
        id='ax-jaxadi-random-shooting-sample-count',
        source='https://github.com/based-robotics/jaxadi',
        code="""\
import functools
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

@jax.jit
def random_shooting(s0, key, n_samples):
    controls = jax.random.uniform(key, (n_samples, 1), minval=-2.0, maxval=2.0)
    nexts = jax.vmap(lambda c: pendulum(s0, c)[0][:, 0])(controls)
    return controls[jnp.argmin(jnp.sum(nexts**2, axis=1))]

random_shooting(jnp.array([0.3, 0.0]), jax.random.key(0), 64)
""",
        kind='traced-shape', argument='n_samples', path='n_samples', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Random-shooting MPC draws (n_samples, 1) controls and vmaps the converted dynamics over them, but n_samples is a traced jit argument used as a shape, so jax.random.uniform raises TypeError (shapes must be concrete). static_argnames fixes it and the message suggests static_argnums; checked.',
    ),
    Case(
        id='ax-jaxadi-bool-mask-velocity-penalty',
        source='https://github.com/based-robotics/jaxadi/blob/master/examples/03_pendulum_rollout.py',
        code="""\
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

@jax.jit
def velocity_penalty(controls, s0):
    step = lambda st, c: (pendulum(st, c)[0][:, 0],) * 2
    _, states = jax.lax.scan(step, s0, controls)
    omega = states[:, 1]
    excess = omega[jnp.abs(omega) > 2.0]
    return jnp.sum((jnp.abs(excess) - 2.0) ** 2)

velocity_penalty(jnp.ones((30, 1)), jnp.array([0.1, 0.0]))
""",
        kind='boolean-index', argument='controls', path='controls', line=16,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A jitted constraint penalty selects the velocities of a scanned jaxadi rollout with a boolean mask; the mask is traced, so JAX raises NonConcreteBooleanIndexError. Summing jnp.where(mask, penalty, 0) gives the same value with a fixed shape; checked.',
    ),
    Case(
        id='ax-jaxadi-scan-append-trajectory',
        source='https://github.com/based-robotics/jaxadi/blob/master/examples/03_pendulum_rollout.py',
        code="""\
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

visited = []

def step(state, control):
    nxt = pendulum(state, control)[0][:, 0]
    visited.append(nxt)
    return nxt, None

final, _ = jax.lax.scan(step, jnp.array([0.5, 0.0]), jnp.zeros((25, 1)))
jnp.stack(visited)
""",
        kind='leaked-tracer', argument='state', path='state', line=15,
        use_line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The scan body appends each converted-dynamics state to a global list to plot the trajectory later; the list holds scan tracers and jnp.stack on them raises UnexpectedTracerError. Returning the state as the scan output (stacked ys) is the fix; checked.',
    ),
    Case(
        id='ax-jaxadi-casadi-function-jit-arg',
        source='https://github.com/based-robotics/jaxadi/issues/15',
        code="""\
import functools
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
model = cs.Function("pendulum", [s, u], [s_next])

@jax.jit
def rollout(casadi_model, s0, controls):
    dyn = convert(casadi_model)
    step = lambda st, c: (dyn(st, c)[0][:, 0],) * 2
    return jax.lax.scan(step, s0, controls)[1]

rollout(model, jnp.array([0.5, 0.0]), jnp.zeros((20, 1)))
""",
        kind='non-array-argument', argument='casadi_model', path='casadi_model', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A generic jitted rollout takes the casadi.Function and converts it inside; the Function object is passed as a traced jit argument and JAX raises TypeError (not a valid JAX type). Marking it static (CasADi Functions hash) works and the message says so; checked.',
    ),
    Case(
        id='ax-jaxadi-static-ndarray-params',
        source='https://github.com/based-robotics/jaxadi',
        code="""\
import functools
import casadi as cs
import jax
import jax.numpy as jnp
import numpy as np
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
p = cs.SX.sym("p", 2)  # gravity / length, damping
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-p[0] * cs.sin(s[0]) - p[1] * s[1] + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u, p], [s_next]))

@functools.partial(jax.jit, static_argnames="params")
def step(state, control, params):
    return pendulum(state, control, params)[0][:, 0]

step(jnp.array([0.1, 0.0]), jnp.zeros(1), params=np.array([9.81, 0.1]))
""",
        kind='unhashable-static', argument='params', path='params', line=18,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='Physical parameters of a parametrised CasADi model are declared static in jax.jit but passed as a NumPy array, so jit raises ValueError (non-hashable static argument). The converted function accepts them as data, so tracing them is best; a tuple also works; both checked.',
    ),
    Case(
        id='ax-jaxadi-item-in-print',
        source='https://github.com/based-robotics/jaxadi',
        code="""\
import casadi as cs
import jax
import jax.numpy as jnp
from jaxadi import convert

s = cs.SX.sym("s", 2)
u = cs.SX.sym("u", 1)
s_next = cs.vertcat(s[0] + 0.05 * s[1], s[1] + 0.05 * (-9.81 * cs.sin(s[0]) + u[0]))
pendulum = convert(cs.Function("pendulum", [s, u], [s_next]))

@jax.jit
def control_step(state, control):
    nxt = pendulum(state, control)[0][:, 0]
    print(f"angle after step: {nxt[0].item():.3f}")
    return nxt

control_step(jnp.array([0.2, 0.0]), jnp.array([0.5]))
""",
        kind='concretization', argument='state', path='state', line=14,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A jitted control step logs the next angle from the converted dynamics with .item() inside an f-string print; .item() needs a concrete value and JAX raises ConcretizationTypeError. jax.debug.print prints at run time; checked.',
    ),
    Case(
        id='ax-sbx-activation-if-std',
        source='https://github.com/araffin/sbx/issues/37',
        code="""\
import jax
import jax.numpy as jnp
from sbx import DQN

def standardized_relu(x):
    std = x.std()
    if std > 1e-6:
        x = (x - x.mean()) / std
    return jax.nn.relu(x)

model = DQN("MlpPolicy", "CartPole-v1", policy_kwargs=dict(activation_fn=standardized_relu))
obs = model.env.reset()
model.predict(obs, deterministic=True)
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom activation_fn passed through policy_kwargs guards a standardisation with `if std > 1e-6`; network init runs eagerly, but model.predict goes through the jitted DQNPolicy.select_action and JAX raises TracerBoolConversionError. jnp.where on the guard keeps the behaviour; checked.',
    ),
    Case(
        id='ax-sbx-critic-class-builtin-min-max',
        source='https://github.com/araffin/sbx/blob/master/sbx/ppo/policies.py',
        code="""\
from typing import Any, Callable, Sequence
import flax.linen as nn
import jax.numpy as jnp
from sbx import PPO

class ClippedCritic(nn.Module):
    net_arch: Sequence[int]
    activation_fn: Callable = nn.tanh
    features_extractor: Any = None

    @nn.compact
    def __call__(self, x):
        for n_units in self.net_arch:
            x = self.activation_fn(nn.Dense(n_units)(x))
        value = nn.Dense(1)(x)
        return max(min(value, 500.0), 0.0)

model = PPO("MlpPolicy", "CartPole-v1", n_steps=64, batch_size=32,
            policy_kwargs=dict(critic_class=ClippedCritic))
model.learn(total_timesteps=64)
""",
        kind='bool-conversion', argument='x', path='x', line=16,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='A custom PPO critic_class clips the value head with Python min/max; init runs eagerly on a (1,1) value, but learn() traces the critic in the jitted _predict_all and the builtin comparison raises TracerBoolConversionError. jnp.minimum/jnp.maximum (or nested jnp.where) fix it; checked.',
    ),
    Case(
        id='ax-sbx-activation-float-print',
        source='https://github.com/araffin/sbx/issues/37',
        code="""\
import jax
import jax.numpy as jnp
from sbx import DQN

def logged_tanh(x):
    print(f"mean pre-activation: {float(x.mean()):.3f}")
    return jnp.tanh(x)

model = DQN("MlpPolicy", "CartPole-v1", policy_kwargs=dict(activation_fn=logged_tanh))
obs = model.env.reset()
model.predict(obs, deterministic=True)
""",
        kind='concretization', argument='x', path='x', line=6,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A debugging activation_fn prints float(x.mean()); it works during eager init but under the jitted select_action behind model.predict float() raises ConcretizationTypeError. jax.debug.print is the fix (the message suggests astype, which does not fit a print); checked.',
    ),
    Case(
        id='ax-sbx-activation-np-clip',
        source='https://github.com/araffin/sbx/pull/41',
        code="""\
import jax.numpy as jnp
import numpy as np
from sbx import DQN

def hard_tanh(x):
    return np.clip(x, -1.0, 1.0)

model = DQN("MlpPolicy", "CartPole-v1", policy_kwargs=dict(activation_fn=hard_tanh))
obs = model.env.reset()
model.predict(obs, deterministic=True)
""",
        kind='array-conversion', argument='x', path='x', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A hard-tanh activation_fn written with np.clip passes eager init but inside the jitted select_action NumPy converts the tracer and JAX raises TracerArrayConversionError. jnp.clip fixes it; checked.',
    ),
    Case(
        id='ax-sbx-policy-as-jit-argument',
        source='https://github.com/araffin/sbx/blob/master/sbx/dqn/policies.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from sbx import DQN
from sbx.dqn.policies import DQNPolicy

model = DQN("MlpPolicy", "CartPole-v1")

@jax.jit
def greedy_actions(policy, observations):
    return DQNPolicy.select_action(policy.qf_state, observations)

greedy_actions(model.policy, jnp.zeros((8, 4)))
""",
        kind='non-array-argument', argument='policy', path='policy', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A user-jitted batched evaluation takes the SBX DQNPolicy object as an argument to reach its qf_state; the policy is not a pytree and jit raises TypeError. static_argnums=0 (or passing policy.qf_state instead) works and the message names static_argnums; checked.',
    ),
    Case(
        id='ax-sbx-activation-records-to-list',
        source='https://github.com/araffin/sbx/issues/37',
        code="""\
import jax
import jax.numpy as jnp
from sbx import DQN

hidden_activations = []

def recording_relu(x):
    hidden_activations.append(x)
    return jax.nn.relu(x)

model = DQN("MlpPolicy", "CartPole-v1", policy_kwargs=dict(activation_fn=recording_relu))
obs = model.env.reset()
model.predict(obs, deterministic=True)
jnp.mean(hidden_activations[-1])
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        use_line=14,
        fixes=('jax.debug.print',), verifiable=False, jax_fitting_fix=False,
        note='An activation_fn appends its input to a global list to inspect hidden activations; the entries appended while sbx jits select_action are tracers, and using the last one after predict raises UnexpectedTracerError. The activation cannot return extra values through sbx, so inspecting with jax.debug.print/callback is the fix; the later use line must go too, so not mechanical.',
    ),
    Case(
        id='ax-sbx-maxout-jnp-group-count',
        source='https://github.com/araffin/sbx/pull/41',
        code="""\
import jax.numpy as jnp
from sbx import DQN

def maxout(x):
    n_groups = jnp.array(x.shape[-1]) // 2
    return x.reshape(x.shape[0], n_groups, 2).max(axis=-1)

model = DQN("MlpPolicy", "CartPole-v1", policy_kwargs=dict(activation_fn=maxout))
obs = model.env.reset()
model.predict(obs, deterministic=True)
""",
        kind='traced-shape', argument='x', path='x', line=6,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='A maxout activation_fn computes its group count with jnp.array(x.shape[-1]) // 2 and reshapes with it; eager init is fine, but under the jitted select_action the count is a tracer and reshape raises TypeError (shapes must be concrete). Plain-Python x.shape[-1] // 2 fixes it; the message suggests static_argnums, which does not apply; checked.',
    ),
    Case(
        id='ax-jaxprivacy-per-example-label-if',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/examples/dp_logistic_regression.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_privacy

def example_loss(params, example):
    score = example["x"] @ params["w"] + params["b"]
    if example["y"] > 0:
        return jax.nn.softplus(-score)
    return jax.nn.softplus(score)

grad_fn = jax_privacy.clipped_grad(example_loss, l2_clip_norm=1.0, keep_batch_dim=False)
params = {"w": jnp.zeros(3), "b": jnp.array(0.0)}
batch = {"x": jnp.ones((8, 3)), "y": jnp.array([1, 0] * 4)}
grad_fn(params, batch)
""",
        kind='bool-conversion', argument='example', path="example['y']", line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A per-example logistic loss for clipped_grad(keep_batch_dim=False) branches on the label with a Python if; clipped_grad vmaps and differentiates the loss, so the label is a BatchTracer and JAX raises TracerBoolConversionError. jnp.where (or lax.cond) on the label fixes it; both checked.',
    ),
    Case(
        id='ax-jaxprivacy-masked-token-loss',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/examples/dp_sgd_transformer.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_privacy

def sequence_loss(params, tokens, mask):
    logits = params["embed"][tokens] @ params["unembed"]
    logp = jax.nn.log_softmax(logits)
    token_logp = jnp.take_along_axis(logp, tokens[..., None], axis=-1)[..., 0]
    return -token_logp[mask].mean()

params = {"embed": jnp.ones((50, 16)) * 0.1, "unembed": jnp.ones((16, 50)) * 0.1}
tokens = jnp.arange(4 * 12).reshape(4, 12) % 50
mask = jnp.arange(12)[None, :] < jnp.array([[12], [9], [5], [7]])
grad_fn = jax_privacy.clipped_grad(sequence_loss, l2_clip_norm=1.0, batch_argnums=(1, 2))
grad_fn(params, tokens, mask)
""",
        kind='boolean-index', argument='mask', path='mask', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A sequence loss passed to clipped_grad averages token log-probs selected with the padding mask; the mask is a per-example vmapped tracer, so JAX raises NonConcreteBooleanIndexError. A jnp.where-masked sum divided by mask.sum() gives the same mean; checked.',
    ),
    Case(
        id='ax-jaxprivacy-numpy-hinge-loss',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/jax_privacy/clipping.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import jax_privacy

def hinge_loss(w, features, labels):
    margins = labels * (features @ w)
    return np.maximum(0.0, 1.0 - margins).mean()

features = jnp.ones((16, 5))
labels = jnp.where(jnp.arange(16) % 2 == 0, 1.0, -1.0)
grad_fn = jax_privacy.clipped_grad(hinge_loss, l2_clip_norm=0.5, batch_argnums=(1, 2))
grad_fn(jnp.zeros(5), features, labels)
""",
        kind='array-conversion', argument='w', path='w', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A hinge loss written with np.maximum is handed to clipped_grad, which traces it under vmap and value_and_grad; NumPy converts the tracer and JAX raises TracerArrayConversionError. jnp.maximum fixes it; checked.',
    ),
    Case(
        id='ax-jaxprivacy-logits-into-metrics-dict',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/jax_privacy/clipping.py',
        code="""\
import jax.numpy as jnp
import optax
import jax_privacy

metrics = {}

def loss_fn(params, images, labels):
    logits = images @ params["w"]
    metrics["logits"] = logits
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

params = {"w": jnp.zeros((784, 10))}
images, labels = jnp.ones((32, 784)), jnp.arange(32) % 10
grad_fn = jax_privacy.clipped_grad(loss_fn, l2_clip_norm=1.0, batch_argnums=(1, 2))
grads = grad_fn(params, images, labels)
accuracy = jnp.mean(jnp.argmax(metrics["logits"], axis=-1) == labels)
""",
        kind='leaked-tracer', argument='params', path="params['w']", line=9,
        use_line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The loss stashes its logits in a global metrics dict to compute accuracy after clipped_grad; the stored value is a tracer of the grad/vmap trace and using it raises UnexpectedTracerError. Returning the logits as aux with has_aux=True (read back from aux.aux) is the fix; checked.',
    ),
    Case(
        id='ax-jaxprivacy-traced-normalize-by',
        source='https://github.com/google-deepmind/jax_privacy/issues/383',
        code="""\
import functools
import jax
import jax.numpy as jnp
import optax
import jax_privacy

def loss_fn(params, x, y):
    return optax.sigmoid_binary_cross_entropy(x @ params, y).mean()

@jax.jit
def dp_sgd_step(params, x, y, expected_batch_size):
    grad_fn = jax_privacy.clipped_grad(loss_fn, l2_clip_norm=1.0, batch_argnums=(1, 2), normalize_by=expected_batch_size)
    return params - 0.1 * grad_fn(params, x, y)

dp_sgd_step(jnp.zeros(4), jnp.ones((64, 4)), jnp.ones(64), 64)
""",
        kind='bool-conversion', argument='expected_batch_size', path='expected_batch_size', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Inside a jitted DP-SGD step the expected batch size (a jit argument) is given as clipped_grad(normalize_by=...); jax_privacy validates it with `normalize_by <= 0.0` in Python, so the library raises TracerBoolConversionError. Making it static fixes it; checked.',
    ),
    Case(
        id='ax-jaxprivacy-traced-microbatch-size',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/jax_privacy/clipping.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import optax
import jax_privacy

def loss_fn(params, x, y):
    return optax.sigmoid_binary_cross_entropy(x @ params, y).mean()

@jax.jit
def clipped_grads(params, x, y, microbatch_size):
    grad_fn = jax_privacy.clipped_grad(loss_fn, l2_clip_norm=1.0, batch_argnums=(1, 2), microbatch_size=microbatch_size)
    return grad_fn(params, x, y)

clipped_grads(jnp.zeros(4), jnp.ones((64, 4)), jnp.ones(64), 16)
""",
        kind='traced-shape', argument='microbatch_size', path='microbatch_size', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='microbatch_size for clipped_grad arrives as a traced jit argument; the microbatching reshape inside the library needs it as a shape and JAX raises TypeError (shapes must be concrete). static_argnames fixes it, as the message suggests; checked.',
    ),
    Case(
        id='ax-jaxprivacy-static-dict-config',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/examples/jax_api_example.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import optax
import jax_privacy

def loss_fn(params, x, y):
    return optax.sigmoid_binary_cross_entropy(x @ params, y).mean()

@functools.partial(jax.jit, static_argnames="dp_config")
def private_grads(params, x, y, dp_config):
    grad_fn = jax_privacy.clipped_grad(loss_fn, batch_argnums=(1, 2), **dp_config)
    return grad_fn(params, x, y)

dp_config = {"l2_clip_norm": 1.0, "normalize_by": 64.0}
private_grads(jnp.zeros(4), jnp.ones((64, 4)), jnp.ones(64), dp_config=dp_config)
""",
        kind='unhashable-static', argument='dp_config', path='dp_config', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The clipped_grad options are bundled in a dict and marked static on the jitted step (normalize_by must stay a Python number); dicts are unhashable and jit raises ValueError. Passing a tuple of pairs (dict() inside) works; checked.',
    ),
    Case(
        id='ax-jaxprivacy-privatizer-on-self-traced-key',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/jax_privacy/noise_addition.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from jax_privacy import noise_addition

class DPNoiser:
    def __init__(self, stddev, num_steps):
        self.stddev, self.noising_matrix = stddev, jnp.eye(num_steps)

    @functools.partial(jax.jit, static_argnums=0)
    def init(self, params, key):
        self.privatizer = noise_addition.matrix_factorization_privatizer(self.noising_matrix, stddev=self.stddev, prng_key=key)
        return self.privatizer.init(params)

noiser = DPNoiser(stddev=0.5, num_steps=100)
params = {"w": jnp.zeros(3)}
noise_state = noiser.init(params, jax.random.key(0))
noiser.privatizer.update({"w": jnp.ones(3)}, noise_state)
""",
        kind='leaked-tracer', argument='key', path='key', line=12,
        use_line=18,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='A jitted init method builds a matrix_factorization_privatizer from the traced PRNG key and stores it on self; the privatizer closes over that key, so calling its update later raises UnexpectedTracerError. Build the privatizer outside the trace (concrete key, e.g. in __init__); needs moving code, so not mechanical.',
    ),
    Case(
        id='ax-jaxprivacy-int-label-index',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/examples/dp_sgd_flax_linen_mnist.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_privacy

def example_nll(params, image, label):
    logits = image @ params["w"] + params["b"]
    log_probs = jax.nn.log_softmax(logits)
    return -log_probs[int(label)]

params = {"w": jnp.zeros((784, 10)), "b": jnp.zeros(10)}
images, labels = jnp.ones((32, 784)), jnp.arange(32) % 10
grad_fn = jax_privacy.clipped_grad(
    example_nll, l2_clip_norm=1.0, batch_argnums=(1, 2), keep_batch_dim=False)
grad_fn(params, images, labels)
""",
        kind='integer-conversion', argument='label', path='label', line=8,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A per-example NLL for clipped_grad(keep_batch_dim=False) indexes log-probs with int(label); the label is a vmapped tracer and int() raises ConcretizationTypeError. Indexing with label.astype(jnp.int32) (or the label itself) works, as the message suggests; checked.',
    ),
    Case(
        id='ax-jaxprivacy-toeplitz-coefs-traced-n',
        source='https://github.com/google-deepmind/jax_privacy/blob/main/jax_privacy/matrix_factorization/toeplitz.py',
        code="""\
import functools
import jax
from jax_privacy.matrix_factorization import toeplitz

@jax.jit
def noising_coefs(num_steps):
    return toeplitz.optimal_max_error_noising_coefs(num_steps)

coefs = noising_coefs(1000)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of training steps is passed traced into toeplitz.optimal_max_error_noising_coefs inside jit; the library builds jnp.arange(n), which needs a concrete stop, so JAX raises ConcretizationTypeError. Making num_steps static fixes it; checked.',
    ),
]
