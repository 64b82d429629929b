"""Held-out library cases (set bt): mujoco_playground, hj_reachability, jax_control_algorithms.

How they were built: each cell is my own minimal reduction of a usage pattern of the library
(custom MjxEnv subclasses, domain-randomization functions, reward helpers and configs for
MuJoCo Playground; user-written Dynamics classes, value postprocessors and solve/step wrappers
for hj_reachability; transition/output functions and parameter pytrees passed to
simulate_dscr / get_n_steps for jax_control_algorithms). Every cell was written to a file and
run with /tmp/heldout36/venv_bt/bin/python (CPython 3.11.7, JAX_PLATFORMS=cpu); all statements
but the last run cleanly and the last raises; `line`/`use_line` were checked against the
traceback frames of the file. The first fix of every case was applied by hand and the cell
re-run (see "checked" in each note).

Installed (venv with --system-site-packages, pins jax==0.10.2, jaxlib==0.10.2, flax==0.12.8,
equinox==0.13.8, optax==0.2.8, numpy==2.4.6 kept on every install):
  playground 0.2.0 (import name mujoco_playground; pulls mujoco 4.0.1, mujoco-mjx 3.17.0,
  brax 0.14.2, warp-lang 1.19.0, ml_collections), hj-reachability 0.7.0,
  jax-control-algorithms 0.6.3. Playground envs are loaded with config_overrides
  {'impl': 'jax'} so the cells run on CPU without compiling Warp kernels.

Dropped:
  - jaxdsp 0.3.1: installs, but `import jaxdsp.processors` fails (imports jax.ops.index_update,
    removed from JAX), so it cannot be used.
  - jaxrenderer: cannot install with the pins (every release requires jax<0.5).
  - alternates: gigalens (pip tried to build scikit-image from source and timed out),
    equiadapt (installs, but it is a PyTorch library, not JAX), id-mava 0.1.0 (the PyPI release
    is the old TF/acme-based Mava and fails to import: needs pettingzoo), paltas (not a JAX
    library; skipped). Also tried and not used: nlsq and jax-mppi (need Python >= 3.12),
    skrl 2.1.1 (installs; its JAX models are flax.linen modules, so cases would be about
    flax). Replaced by hj-reachability and jax-control-algorithms (neither excluded).
  - Two written cases were left out to keep the set near 22 (a second math.exp concretization
    case for jax_control_algorithms and a second "jit a function taking the dynamics object"
    case for hj_reachability).
  - The venv also holds packages from these trials (equiadapt + torch, id-mava, skrl,
    fixedpointjax); no case imports them.

Doubts about labels:
- bt-playground-tolerance-traced-bounds: the failing `if` is in the library; another fix that
  keeps the result even when the target must stay traced (vmapped commands) is to re-centre,
  reward.tolerance(cart_x - target, bounds=(-0.05, 0.05), ...), which is not in the fix
  vocabulary; `static` only works because target is a constant here.
- bt-playground-step-traced-substeps: could also be read as `concretization` (JAX raises
  ConcretizationTypeError for scan's length); I count a scan length as a compile-time count.
- bt-playground-leak-obs-on-self / bt-hj-leak-optimal-control-on-self / bt-jca-leak-append-to-list:
  the path is the expression stored (state.obs) or the first traced parameter it depends on;
  for the hj case the control depends mostly on grad_value (third parameter), for the jca
  case on u and theta as well as x. jax_fitting_fix is True only where "return it" can be done
  by the user (pg: from step; jca: through g); in hj.step the user cannot return extra values.
- bt-playground-float-reward-print: the printed reward depends on all of state.data (JAX lists
  every data leaf); `state.data` is a judgment call, `state.reward` reads naturally but the
  input reward does not influence it.
- bt-playground-configdict-static-arg: `hashable-static` (FrozenConfigDict) is the fix a user
  would reach for first, but with playground it also needs ConfigDict(cfg) inside the function
  because MjxEnv locks the config; closing over cfg is the one-line fix, so `static` is first.
- bt-playground-range-over-info-repeat: `static` (keep the repeat count in the env config as
  a Python int) is arguably better for RL code; fori_loop with a traced bound is a while_loop
  and cannot be reverse-differentiated.
- bt-hj-dataclass-dynamics-unhashable / bt-jca-dataclass-model-unhashable: no user function is
  traced; `argument` names the library's static parameter that receives the user's object
  (dynamics / f). `None` is defensible.
- bt-hj-mode-index-python-list: the exception is TracerIntegerConversionError from list
  indexing; jnp.where over both modes is as good as lax.switch here.
- bt-hj-math-sin-in-dynamics: math.sin -> jnp.sin is neither exactly `jnp-not-np` nor
  `jnp-not-builtin`; both are listed.
- bt-hj-boolean-mask-unsafe-states: doing the masking outside jit (return values, index in
  NumPy) is as natural as size=; jnp.where changes the output (a masked full grid).
- bt-jca-string-in-theta: `static` here means moving the string out of the traced pytree; the
  JAX message's static_argnums advice cannot be applied because the jit is the library's.
- bt-jca-get-n-steps-traced: the library raises through int(); it is equally a `traced-shape`
  case (n_steps becomes an array length).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bt-playground-tolerance-traced-bounds',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/mujoco_playground/_src/reward.py',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground import registry
from mujoco_playground._src import reward

env = registry.load('CartpoleBalance', config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))

def cart_near_target(state, target):
    cart_x = state.data.qpos[0]
    return reward.tolerance(cart_x, bounds=(target - 0.05, target + 0.05), margin=0.5)

jax.jit(cart_near_target)(state, 0.2)
""",
        kind='bool-conversion', argument='target', path='target', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A reward helper jitted with the target position as an argument passes traced bounds to playground's reward.tolerance, whose own `if lower > upper` check then raises TracerBoolConversionError inside the library; making `target` static (a Python float) keeps the library's Python checks working. Checked.",
    ),
    Case(
        id='bt-playground-custom-step-if-done',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/learning/notebooks/dm_control_suite.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground._src.dm_control_suite import cartpole

class EarlyStopBalance(cartpole.Balance):
    def step(self, state, action):
        state = super().step(state, action)
        if jnp.abs(state.data.qpos[0]) > 0.2:
            state = state.replace(done=jnp.float32(1.0))
        return state

env = EarlyStopBalance(swing_up=False, sparse=False, config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))
jax.jit(env.step)(state, jnp.zeros(env.action_size))
""",
        kind='bool-conversion', argument='state', path='state.data.qpos', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A subclassed Cartpole env ends the episode with a Python `if` on the cart position inside step(), which jax.jit(env.step) traces: TracerBoolConversionError; selecting the done flag with jnp.where keeps the same result. Checked.',
    ),
    Case(
        id='bt-playground-step-traced-substeps',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/mujoco_playground/_src/mjx_env.py',
        code="""\
import jax
import jax.numpy as jnp
import mujoco_playground as mp
from mujoco_playground import registry

env = registry.load('CartpoleBalance', config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))

def advance(data, action, n_substeps):
    return mp.step(env.mjx_model, data, action, n_substeps)

jax.jit(advance)(state.data, jnp.zeros(env.action_size), 5)
""",
        kind='traced-shape', argument='n_substeps', path='n_substeps', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='mujoco_playground.step runs lax.scan with length=n_substeps; passing the substep count as a jitted argument makes the scan length traced and JAX raises ConcretizationTypeError (its message suggests fori_loop/while_loop, but the scan is inside the library). Marking n_substeps static fixes it. Checked.',
    ),
    Case(
        id='bt-playground-leak-obs-on-self',
        source='https://github.com/google-deepmind/mujoco_playground/issues/41',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground._src.dm_control_suite import cartpole

class LoggingBalance(cartpole.Balance):
    def step(self, state, action):
        state = super().step(state, action)
        self.last_obs = state.obs
        return state

env = LoggingBalance(swing_up=False, sparse=False, config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))
state = jax.jit(env.step)(state, jnp.zeros(env.action_size))
obs_delta = state.obs - env.last_obs
""",
        kind='leaked-tracer', argument='state', path='state.obs', line=8,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A custom env caches the new observation on `self` inside the jitted step; reading env.last_obs afterwards raises UnexpectedTracerError. Returning the value from step (or carrying it in state.info) fixes it; the JAX message says to return outputs explicitly. Checked.',
        use_line=14,
    ),
    Case(
        id='bt-playground-jit-env-object-argument',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/learning/notebooks/dm_control_suite.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground import registry

env = registry.load('CartpoleBalance', config_overrides={'impl': 'jax'})

def rollout(env, key):
    state = env.reset(key)
    def body(state, _):
        state = env.step(state, jnp.zeros(env.action_size))
        return state, state.reward
    return jax.lax.scan(body, state, length=20)[1]

jax.jit(rollout)(env, jax.random.PRNGKey(0))
""",
        kind='non-array-argument', argument='env', path='env', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A rollout function that takes the playground env object as a positional argument is jitted without marking it static: TypeError (cannot interpret the Balance env as an abstract array). static_argnums=0 (env hashes by identity) works, as the message suggests. Checked.',
    ),
    Case(
        id='bt-playground-configdict-static-arg',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/mujoco_playground/_src/registry.py',
        code="""\
import jax
from mujoco_playground import registry

cfg = registry.get_default_config('CartpoleBalance')
cfg.impl = 'jax'
cfg.episode_length = 200

def make_and_reset(cfg, key):
    env = registry.load('CartpoleBalance', config=cfg)
    return env.reset(key).obs

jax.jit(make_and_reset, static_argnums=0)(cfg, jax.random.PRNGKey(0))
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=12,
        fixes=('static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='The ml_collections ConfigDict returned by registry.get_default_config is passed as a static jit argument; it is unhashable, so jit raises ValueError (non-hashable static argument). Closing over cfg (functools.partial) works; a FrozenConfigDict is hashable but must be turned back into a ConfigDict before registry.load because MjxEnv calls config.lock(). Checked both.',
    ),
    Case(
        id='bt-playground-randomize-numpy-clip',
        source='https://github.com/google-deepmind/mujoco_playground/issues/183',
        code="""\
import functools
import jax
import jax.numpy as jnp
import numpy as np
from mujoco_playground import registry, wrapper

env = registry.load('CartpoleBalance', config_overrides={'impl': 'jax'})

def randomize(model, rng):
    @jax.vmap
    def rand(rng):
        scale = 1.0 + 0.1 * jax.random.normal(rng)
        return model.dof_damping * np.clip(scale, 0.8, 1.2)
    damping = rand(rng)
    in_axes = jax.tree.map(lambda x: None, model).tree_replace({'dof_damping': 0})
    return model.tree_replace({'dof_damping': damping}), in_axes

keys = jax.random.split(jax.random.PRNGKey(0), 8)
wrapper.wrap_for_brax_training(env, randomization_fn=functools.partial(randomize, rng=keys))
""",
        kind='array-conversion', argument='rng', path='rng', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A domain-randomization function in the playground style vmaps over PRNG keys and clips the sampled scale with np.clip, which calls __array__ on a BatchTracer: TracerArrayConversionError while wrap_for_brax_training builds the randomized models. jnp.clip fixes it. Checked.',
    ),
    Case(
        id='bt-playground-range-over-info-repeat',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/learning/notebooks/dm_control_suite.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground._src.dm_control_suite import cartpole

class RepeatBalance(cartpole.Balance):
    def step(self, state, action):
        for _ in range(state.info['repeat']):
            state = super().step(state, action)
        return state

env = RepeatBalance(swing_up=False, sparse=False, config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))
state.info['repeat'] = 2
jax.jit(env.step)(state, jnp.zeros(env.action_size))
""",
        kind='integer-conversion', argument='state', path="state.info['repeat']", line=7,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='An action-repeat count kept in state.info is traced by jax.jit(env.step), and range() on it raises TracerIntegerConversionError. lax.fori_loop with the traced bound keeps the behaviour; keeping the count as a Python value in the env config also works. Checked (fori_loop).',
    ),
    Case(
        id='bt-playground-float-reward-print',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/learning/notebooks/dm_control_suite.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground._src.dm_control_suite import cartpole

class VerboseBalance(cartpole.Balance):
    def step(self, state, action):
        state = super().step(state, action)
        print(f"reward={float(state.reward):.3f}")
        return state

env = VerboseBalance(swing_up=False, sparse=False, config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))
jax.jit(env.step)(state, jnp.zeros(env.action_size))
""",
        kind='concretization', argument='state', path='state.data', line=8,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Debug printing of the reward with float() inside a jitted custom step raises ConcretizationTypeError; the message suggests astype, which does not fit printing. jax.debug.print prints at run time. Checked.',
    ),
    Case(
        id='bt-playground-reward-boolean-mask',
        source='https://github.com/google-deepmind/mujoco_playground/blob/main/learning/notebooks/dm_control_suite.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from mujoco_playground._src.dm_control_suite import cartpole

class CalmBalance(cartpole.Balance):
    def _dense_reward(self, data, action, info, metrics):
        base = super()._dense_reward(data, action, info, metrics)
        fast = data.qvel[jnp.abs(data.qvel) > 0.5]
        return base - 0.01 * jnp.sum(fast ** 2)

env = CalmBalance(swing_up=False, sparse=False, config_overrides={'impl': 'jax'})
state = jax.jit(env.reset)(jax.random.PRNGKey(0))
jax.jit(env.step)(state, jnp.zeros(env.action_size))
""",
        kind='boolean-index', argument='data', path='data.qvel', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='An overridden _dense_reward (called from the jitted step) selects fast joint velocities with a traced boolean mask: NonConcreteBooleanIndexError. Zeroing the others with jnp.where gives the same penalty with a static shape. Checked.',
    ),
    Case(
        id='bt-hj-dynamics-if-on-velocity',
        source='https://github.com/StanfordASL/hj_reachability/issues/4',
        code="""\
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

class DragIntegrator(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self):
        u = hj.sets.Box(-jnp.ones(1), jnp.ones(1))
        super().__init__("min", "max", u, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        if state[1] > 0:
            return jnp.array([state[1], -0.2])
        return jnp.array([state[1], 0.2])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(hj.sets.Box(np.array([-2., -2.]), np.array([2., 2.])), (41, 41))
values = jnp.abs(grid.states[..., 0]) - 0.5
hj.step(hj.SolverSettings.with_accuracy("low"), DragIntegrator(), grid, 0., values, -0.5, progress_bar=False)
""",
        kind='bool-conversion', argument='state', path='state', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-written ControlAndDisturbanceAffineDynamics branches with a Python `if` on the velocity in open_loop_dynamics; hj.step jits and multivmaps it over the grid, so TracerBoolConversionError. jnp.where on the drag term keeps the result. Checked.',
    ),
    Case(
        id='bt-hj-dynamics-numpy-trig',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/examples/quickstart.ipynb',
        code="""\
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

class Unicycle(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self, speed=1.0):
        self.speed = speed
        u = hj.sets.Box(-jnp.ones(1), jnp.ones(1))
        super().__init__("max", "min", u, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        return np.array([self.speed * np.cos(state[2]), self.speed * np.sin(state[2]), 0.])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((3, 1))

box = hj.sets.Box(np.array([-3., -3., 0.]), np.array([3., 3., 2 * np.pi]))
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(box, (21, 21, 11), periodic_dims=2)
values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 1.0
hj.step(hj.SolverSettings.with_accuracy("low"), Unicycle(), grid, 0., values, -0.5, progress_bar=False)
""",
        kind='array-conversion', argument='state', path='state', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A unicycle model written with np.cos/np.array in open_loop_dynamics hits __array__ on the vmapped state inside hj.step: TracerArrayConversionError. Using jnp.cos/jnp.sin/jnp.array fixes it. Checked.',
    ),
    Case(
        id='bt-hj-dataclass-dynamics-unhashable',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/solver.py',
        code="""\
import dataclasses
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

@dataclasses.dataclass
class DoubleIntegrator(hj.ControlAndDisturbanceAffineDynamics):
    max_accel: float = 1.0
    def __post_init__(self):
        u = hj.sets.Box(-self.max_accel * jnp.ones(1), self.max_accel * jnp.ones(1))
        super().__init__("min", "max", u, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        return jnp.array([state[1], 0.])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(hj.sets.Box(np.array([-2., -2.]), np.array([2., 2.])), (41, 41))
values = jnp.abs(grid.states[..., 0]) - 0.5
hj.step(hj.SolverSettings.with_accuracy("low"), DoubleIntegrator(2.0), grid, 0., values, -0.5, progress_bar=False)
""",
        kind='unhashable-static', argument='dynamics', path='dynamics', line=21,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="hj.step/solve are jitted with static_argnames=('dynamics', ...); a dynamics class declared with @dataclasses.dataclass gets __hash__ = None, so the call raises ValueError (non-hashable static argument). @dataclass(eq=False) (identity hash) or unsafe_hash=True fixes it. Checked both.",
    ),
    Case(
        id='bt-hj-leak-optimal-control-on-self',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/dynamics.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

class DoubleIntegrator(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self):
        u = hj.sets.Box(-jnp.ones(1), jnp.ones(1))
        super().__init__("min", "max", u, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        return jnp.array([state[1], 0.])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))
    def optimal_control_and_disturbance(self, state, time, grad_value):
        self.last_control, d = super().optimal_control_and_disturbance(state, time, grad_value)
        return self.last_control, d

dyn = DoubleIntegrator()
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(hj.sets.Box(np.array([-2., -2.]), np.array([2., 2.])), (41, 41))
values = hj.step(hj.SolverSettings.with_accuracy("low"), dyn, grid, 0., jnp.abs(grid.states[..., 0]) - 0.5, -0.5, progress_bar=False)
policy = jnp.sign(dyn.last_control)
""",
        kind='leaked-tracer', argument='state', path='state', line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="Overriding optimal_control_and_disturbance to cache the control on self stores a BatchTracer from inside hj.step's jit/vmap; using dyn.last_control afterwards raises UnexpectedTracerError. The fix is to compute the controls outside the solver from the returned values (grid.grad_values + dyn.optimal_control); hj.step cannot return the extra value, so the fix is not a line edit. Checked.",
        use_line=22,
    ),
    Case(
        id='bt-hj-linspace-traced-num-times',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/examples/quickstart.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

dynamics = hj.systems.Air3d()
box = hj.sets.Box(np.array([-6., -10., 0.]), np.array([20., 10., 2 * np.pi]))
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(box, (21, 21, 11), periodic_dims=2)
values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
settings = hj.SolverSettings.with_accuracy("low")

@jax.jit
def reach_tube(horizon, num_times):
    times = jnp.linspace(0., -horizon, num_times)
    return hj.solve(settings, dynamics, grid, times, values, progress_bar=False)

reach_tube(1.0, 5)
""",
        kind='traced-shape', argument='num_times', path='num_times', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted wrapper around hj.solve builds its time grid with jnp.linspace(0, -horizon, num_times); the traced count raises ConcretizationTypeError ('num' argument of jnp.linspace). static_argnames='num_times' fixes it (horizon can stay traced). Checked.",
    ),
    Case(
        id='bt-hj-postprocessor-if-on-time',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/solver.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

dynamics = hj.systems.Air3d()
box = hj.sets.Box(np.array([-6., -10., 0.]), np.array([20., 10., 2 * np.pi]))
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(box, (21, 21, 11), periodic_dims=2)
values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
late_obstacle = 3.0 - jnp.abs(grid.states[..., 1])

def moving_obstacle(t, v):
    if t < -0.5:
        return jnp.maximum(v, late_obstacle)
    return v

settings = hj.SolverSettings.with_accuracy("low", value_postprocessor=moving_obstacle)
hj.solve(settings, dynamics, grid, np.linspace(0., -1., 3), values, progress_bar=False)
""",
        kind='bool-conversion', argument='t', path='t', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A time-varying obstacle passed as SolverSettings.value_postprocessor uses a Python `if` on the time, which is a loop-carried tracer inside hj.solve's while_loop: TracerBoolConversionError. jnp.where(t < -0.5, ...) keeps the result. Checked.",
    ),
    Case(
        id='bt-hj-mode-index-python-list',
        source='https://github.com/StanfordASL/hj_reachability/issues/4',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

class TwoModeCart(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self):
        u = hj.sets.Box(-jnp.ones(1), jnp.ones(1))
        super().__init__("min", "max", u, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
        self.drift = [lambda s: jnp.array([s[1], 0.]), lambda s: jnp.array([s[1], -0.5 * s[1]])]
    def open_loop_dynamics(self, state, time):
        mode = (state[0] > 0).astype(jnp.int32)
        return self.drift[mode](state)
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(hj.sets.Box(np.array([-2., -2.]), np.array([2., 2.])), (41, 41))
values = jnp.abs(grid.states[..., 0]) - 0.5
hj.step(hj.SolverSettings.with_accuracy("low"), TwoModeCart(), grid, 0., values, -0.5, progress_bar=False)
""",
        kind='integer-conversion', argument='state', path='state', line=13,
        fixes=('lax.switch', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='A hybrid model picks its drift function from a Python list with an index computed from the state; list indexing calls __index__ on the tracer: TracerIntegerConversionError. lax.switch(mode, self.drift, state) keeps the result (or evaluate both and select with jnp.where). Checked (lax.switch).',
    ),
    Case(
        id='bt-hj-math-sin-in-dynamics',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/examples/quickstart.ipynb',
        code="""\
import math
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

class Pendulum(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self):
        u = hj.sets.Box(-2 * jnp.ones(1), 2 * jnp.ones(1))
        super().__init__("max", "min", u, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        return jnp.array([state[1], -9.81 * math.sin(state[0])])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

box = hj.sets.Box(np.array([-np.pi, -4.]), np.array([np.pi, 4.]))
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(box, (41, 41), periodic_dims=0)
values = jnp.linalg.norm(grid.states, axis=-1) - 0.5
hj.step(hj.SolverSettings.with_accuracy("low"), Pendulum(), grid, 0., values, -0.5, progress_bar=False)
""",
        kind='concretization', argument='state', path='state', line=11,
        fixes=('jnp-not-np', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=False,
        note="A pendulum model uses math.sin on the state, which calls float() on a BatchTracer inside hj.step: ConcretizationTypeError (the message's astype hint does not fit). jnp.sin fixes it. Checked.",
    ),
    Case(
        id='bt-hj-boolean-mask-unsafe-states',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import hj_reachability as hj

dynamics = hj.systems.Air3d()
box = hj.sets.Box(np.array([-6., -10., 0.]), np.array([20., 10., 2 * np.pi]))
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(box, (21, 21, 11), periodic_dims=2)
initial_values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
settings = hj.SolverSettings.with_accuracy("low")

@jax.jit
def unsafe_states(horizon):
    values = hj.step(settings, dynamics, grid, 0., initial_values, -horizon, progress_bar=False)
    return grid.states[values < 0]

unsafe_states(0.5)
""",
        kind='boolean-index', argument='horizon', path='horizon', line=15,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='A jitted helper runs hj.step and then extracts the grid states inside the backward reachable set with a boolean mask: NonConcreteBooleanIndexError. jnp.nonzero(..., size=values.size, fill_value=-1) gives a padded static-shape result (or keep a masked array with jnp.where). Checked (size).',
    ),
    Case(
        id='bt-jca-transition-if-saturation',
        source='https://github.com/christianausb/controlAlgorithms/blob/main/jax_control_algorithms/common.py',
        code="""\
import jax.numpy as jnp
from jax_control_algorithms.common import euler, simulate_dscr

def cart(x, u, t, theta):
    force = u[0]
    if force > theta['u_max']:
        force = theta['u_max']
    return jnp.array([x[1], (force - theta['d'] * x[1]) / theta['m']])

f = euler(cart, 0.01)
g = lambda x, u, t, theta: x[0]
U = jnp.linspace(0., 3., 200).reshape(-1, 1)
theta = {'m': 1.0, 'd': 0.5, 'u_max': 2.0}
simulate_dscr(f, g, jnp.zeros(2), U, 0.01, theta)
""",
        kind='bool-conversion', argument='u', path='u', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A continuous-time model wrapped with euler() saturates the input with a Python `if`; simulate_dscr jits and lax.scans it, so TracerBoolConversionError. jnp.where keeps the saturation. Checked.',
    ),
    Case(
        id='bt-jca-transition-numpy-clip',
        source='https://github.com/christianausb/controlAlgorithms/blob/main/jax_control_algorithms/common.py',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax_control_algorithms.common import rk4, simulate_dscr

def pendulum(x, u, t, theta):
    torque = np.clip(u[0], -theta['tau_max'], theta['tau_max'])
    return jnp.array([x[1], -9.81 / theta['l'] * jnp.sin(x[0]) + torque])

f = rk4(pendulum, 0.02)
g = lambda x, u, t, theta: x[0]
U = jnp.ones((100, 1))
simulate_dscr(f, g, jnp.array([0.3, 0.]), U, 0.02, {'l': 1.0, 'tau_max': 0.5})
""",
        kind='array-conversion', argument='u', path='u', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A pendulum transition function (rk4-wrapped) clips the torque with np.clip inside the scan of simulate_dscr: TracerArrayConversionError. jnp.clip fixes it. Checked.',
    ),
    Case(
        id='bt-jca-dataclass-model-unhashable',
        source='https://github.com/christianausb/controlAlgorithms/blob/main/jax_control_algorithms/common.py',
        code="""\
import dataclasses
import jax.numpy as jnp
from jax_control_algorithms.common import simulate_dscr

@dataclasses.dataclass
class Tank:
    area: float = 2.0
    dt: float = 0.1
    def __call__(self, x, u, t, theta):
        outflow = theta['k'] * jnp.sqrt(jnp.maximum(x, 0.))
        return x + self.dt * (u - outflow) / self.area

g = lambda x, u, t, theta: x
U = jnp.ones((50, 1))
simulate_dscr(Tank(), g, jnp.array([1.0]), U, 0.1, {'k': 0.3})
""",
        kind='unhashable-static', argument='f', path='f', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='simulate_dscr is jitted with f and g static; a callable @dataclass model has __hash__ = None, so the call raises ValueError (non-hashable static argument). @dataclass(frozen=True) makes it hashable. Checked.',
    ),
    Case(
        id='bt-jca-string-in-theta',
        source='https://github.com/christianausb/controlAlgorithms/blob/main/README.md',
        code="""\
import jax.numpy as jnp
from jax_control_algorithms.common import simulate_dscr

def spring(x, u, t, theta):
    if theta['friction'] == 'linear':
        damping = theta['c'] * x[1]
    else:
        damping = theta['c'] * jnp.sign(x[1])
    return x + 0.01 * jnp.array([x[1], u[0] - theta['k'] * x[0] - damping])

g = lambda x, u, t, theta: x[0]
U = jnp.zeros((100, 1))
theta = {'k': 4.0, 'c': 0.2, 'friction': 'linear'}
simulate_dscr(spring, g, jnp.array([1.0, 0.]), U, 0.01, theta)
""",
        kind='non-array-argument', argument='theta', path="theta['friction']", line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The parameter pytree theta (traced by simulate_dscr) carries a string option, which JAX cannot interpret as an array: TypeError at path theta['friction']. Moving the option out of theta (a closure constant or a separate function) fixes it; the message's static_argnums advice cannot be applied to the library's own jit. Checked.",
    ),
    Case(
        id='bt-jca-leak-append-to-list',
        source='https://github.com/christianausb/controlAlgorithms/blob/main/jax_control_algorithms/common.py',
        code="""\
import jax.numpy as jnp
from jax_control_algorithms.common import euler, simulate_dscr

accelerations = []

def cart(x, u, t, theta):
    acc = (u[0] - theta['d'] * x[1]) / theta['m']
    accelerations.append(acc)
    return jnp.array([x[1], acc])

g = lambda x, u, t, theta: x[0]
U = jnp.ones((100, 1))
T, X, Y = simulate_dscr(euler(cart, 0.01), g, jnp.zeros(2), U, 0.01, {'m': 1.0, 'd': 0.3})
peak = jnp.max(jnp.stack(accelerations))
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note='The transition function logs accelerations by appending to a global list while simulate_dscr scans it; stacking the list afterwards raises UnexpectedTracerError. Returning the quantity through the output function g (Y) is the fix, as the message suggests, but it means rewriting g, not a line edit. Checked.',
        use_line=14,
    ),
    Case(
        id='bt-jca-get-n-steps-traced',
        source='https://github.com/christianausb/controlAlgorithms/blob/main/jax_control_algorithms/estimation.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_control_algorithms.common import euler, simulate_dscr
from jax_control_algorithms.estimation import get_n_steps

f = euler(lambda x, u, t, theta: -theta * x + u, 0.01)
g = lambda x, u, t, theta: x

@jax.jit
def step_response(max_time, theta):
    n_steps = get_n_steps(max_time, 0.01)
    U = jnp.ones((n_steps, 1))
    return simulate_dscr(f, g, jnp.zeros(1), U, 0.01, theta)[2]

step_response(2.0, 0.5)
""",
        kind='integer-conversion', argument='max_time', path='max_time', line=11,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="jax_control_algorithms.estimation.get_n_steps does int(round(max_time / dt)); called inside a jitted function with max_time as an argument, the library's int() raises ConcretizationTypeError (its astype hint does not fit). static_argnames='max_time' (or computing n_steps outside jit) fixes it. Checked.",
    ),
]
