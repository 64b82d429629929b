"""Held-out library cases (set bs): hj-reachability, fedjax, deepqmc.

How they were built: every case is a small cell written for this set, reducing an
error pattern that users of the library meet when the library traces their code
(custom Dynamics / value postprocessors for hj_reachability; Metric.evaluate_example,
train_loss, for_each_client client_init/client_step for fedjax; user wave functions,
MetropolisSampler, MolecularHamiltonian for deepqmc). No GitHub issue threads for
these patterns were found in the searchable corpora (issues corpus returned nothing
relevant for the three repositories), so each `source` points at the library source
file that documents (in its docstrings) the API the case exercises.
Each cell was run as a file with /tmp/heldout36/venv_bs/bin/python (CPython 3.11.7):
all statements but the last run cleanly and the last raises; `line`/`use_line` were
read off the traceback frames in the file; each first fix was applied by hand and
re-run where `verifiable=True`.

Installed versions (venv with --system-site-packages): jax 0.10.2, jaxlib 0.10.2,
hj-reachability 0.7.0, fedjax 0.0.17, deepqmc 1.2.0 (with dm-haiku 0.0.17,
kfac-jax 0.0.8, jax_dataclasses 1.6.3), flax 0.12.8, equinox 0.13.8, optax 0.2.8,
numpy 2.4.6, chex 0.1.92.

Dropped: jax-verify 1.0 (installs, but import fails: jax.lax.standard_naryop no
longer exists in JAX 0.10.2); jaxued 0.0.1 (imports, but LevelSampler, wrappers and
environments call jax.tree_map, removed in JAX 0.10.2, so it cannot trace anything);
jaxcapse (requires flax<0.11, conflicts with the pinned flax 0.12.8). Replaced by
fedjax and deepqmc (alternates). Cases written and then left out to keep the set
near 22: math.cos in hj dynamics (concretization), np.linalg.norm in a deepqmc wave
function (array-conversion), an `if` in a deepqmc wave function (bool-conversion).

Doubts about labels:
- bs-hjr-dataclass-dynamics-unhashable: the offending object is passed by the user to
  the library-jitted hj.solve, not to a function of the user's; argument could be None.
- bs-hjr-control-stored-on-self: the control depends on both state and grad_value
  (state chosen as the first parameter); jax.debug.print only helps if the goal was
  inspection.
- bs-hjr-range-over-traced-steps: `static` is equally acceptable (and keeps the
  unrolled loop); fori_loop put first as lax control flow.
- bs-fedjax-metric-if-on-prediction: the `and` also involves example['y']; the first
  traced truth test is on the prediction margin only, so argument=prediction.
- bs-fedjax-metric-list-field-static: argument None because the metric is a static
  argument of fedjax's internal evaluate_batch, not of any user function; 'metric' or
  'eval_metrics' would also be defensible.
- bs-fedjax-optimizer-in-shared-input / bs-fedjax-num-classes-in-client-state: the fix is
  to close over the value, which is `static` in the sense "move it out of the traced
  arguments"; jit's static_argnums is not reachable because fedjax owns the jit.
  num_classes case could also be read as concretization (one_hot's num_classes).
- bs-fedjax-train-loss-drops-padding: jnp.where zeroes padded losses but the mean then
  divides by the padded batch size; the exact fix is fedjax's mask key; lax.cond would
  not help.
- bs-fedjax-float-print-in-client-step / bs-deepqmc-float-print-in-wavefunction: the
  loss depends on both parameters; first one chosen.
- bs-deepqmc-jit-sampler-init-walkers: JAX raises a TypeError about unhashable jaxpr
  parameters (jnp.tile reps) rather than a ConcretizationTypeError; still traced-shape.
- bs-deepqmc-wavefunction-writes-global-dict: the leak is first stored during the
  un-jitted sampler.init (vmap) and again during jitted sample; line is the store.
- bs-deepqmc-molecule-as-static-arg: closing over `mol` (static in the closure sense)
  is as good as passing its arrays traced (not-static).
- bs-deepqmc-list-indexed-by-mol-idx: the fix converts a Python list to a jnp array
  before indexing; `jnp-not-np` is the nearest vocabulary item, lax.switch also works.
- bs-deepqmc-molecule-built-inside-jit: JAX raises ConcretizationTypeError from
  jnp.unique (size-dependent output), so `concretization` is equally defensible;
  size-argument cannot be applied by the user because the call is inside deepqmc.
- bs-deepqmc-hamiltonian-built-inside-jit and bs-deepqmc-molecule-built-inside-jit: the fix
  (build the object outside jit) is labelled `static`; `numpy-for-static` describes
  the library-side fix.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bs-hjr-dataclass-dynamics-unhashable',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/solver.py',
        code="""\
import dataclasses
import jax.numpy as jnp
import hj_reachability as hj

@dataclasses.dataclass
class DoubleIntegrator(hj.ControlAndDisturbanceAffineDynamics):
    max_accel: float = 1.0
    def __post_init__(self):
        box = hj.sets.Box(jnp.array([-self.max_accel]), jnp.array([self.max_accel]))
        super().__init__("min", "max", box, hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        return jnp.array([state[1], 0.])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-2., -2.]), jnp.array([2., 2.])), (21, 21))
values = jnp.linalg.norm(grid.states, axis=-1) - 0.5
settings = hj.SolverSettings.with_accuracy("low")
hj.solve(settings, DoubleIntegrator(), grid, jnp.array([0., -0.2]), values, progress_bar=False)
""",
        kind='unhashable-static', argument='dynamics', path='dynamics', line=22,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='hj.solve marks `dynamics` static; a Dynamics subclass written as a plain @dataclass gets __hash__=None, so jit raises ValueError (non-hashable static argument, TypeError underneath). Declaring it @dataclasses.dataclass(eq=False) restores identity hashing; checked.',
    ),
    Case(
        id='bs-hjr-jit-wrapper-dynamics-arg',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/solver.py',
        code="""\
import jax
import jax.numpy as jnp
import hj_reachability as hj

dynamics = hj.systems.Air3d()
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-6., -10., 0.]), jnp.array([20., 10., 2 * jnp.pi])), (21, 21, 16), periodic_dims=2)
values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
settings = hj.SolverSettings.with_accuracy("low")

@jax.jit
def brt_at(dynamics, values, horizon):
    return hj.step(settings, dynamics, grid, 0., values, -horizon, progress_bar=False)

brt_at(dynamics, values, 0.1)
""",
        kind='non-array-argument', argument='dynamics', path='dynamics', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="User jits a wrapper around hj.step and passes the Air3d dynamics object as an ordinary argument; jit raises TypeError (cannot interpret as abstract array). Marking it static_argnames='dynamics' (as hj.solve itself does) fixes it and the message suggests exactly that; checked.",
    ),
    Case(
        id='bs-hjr-if-in-open-loop-dynamics',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/dynamics.py',
        code="""\
import jax.numpy as jnp
import hj_reachability as hj

class SaturatedCar(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self):
        super().__init__("max", "min", hj.sets.Box(jnp.array([-1.]), jnp.array([1.])),
                         hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        if state[1] > 1.0:
            return jnp.array([1.0, 0.])
        return jnp.array([state[1], 0.])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-2., -2.]), jnp.array([2., 2.])), (21, 21))
values = jnp.linalg.norm(grid.states, axis=-1) - 0.5
hj.solve(hj.SolverSettings.with_accuracy("low"), SaturatedCar(), grid, jnp.array([0., -0.2]), values, progress_bar=False)
""",
        kind='bool-conversion', argument='state', path='state', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A saturation written with Python `if` in a user open_loop_dynamics; hj.solve evaluates it under multivmap inside jit, so JAX raises TracerBoolConversionError. jnp.where selects the branch elementwise; checked.',
    ),
    Case(
        id='bs-hjr-control-stored-on-self',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/dynamics.py',
        code="""\
import jax.numpy as jnp
import hj_reachability as hj

class LoggingAir3d(hj.systems.Air3d):
    def optimal_control_and_disturbance(self, state, time, grad_value):
        u, d = super().optimal_control_and_disturbance(state, time, grad_value)
        self.last_control = u
        return u, d

dynamics = LoggingAir3d()
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-6., -10., 0.]), jnp.array([20., 10., 2 * jnp.pi])), (21, 21, 16), periodic_dims=2)
values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
settings = hj.SolverSettings.with_accuracy("low")
target = hj.solve(settings, dynamics, grid, jnp.array([0., -0.1]), values, progress_bar=False)
print(jnp.abs(dynamics.last_control).max())
""",
        kind='leaked-tracer', argument='state', path='state', line=7,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False, use_line=16,
        note="An overridden optimal_control_and_disturbance caches the optimal control on self for later inspection; the value is a BatchTracer from the solver's vmap, and reading it after hj.solve raises UnexpectedTracerError. The fix is to get the control as a returned value (e.g. call dynamics.optimal_control on grid.states and grid.grad_values(target) after solving) or just print it with jax.debug.print; not mechanical, so not verifiable.",
    ),
    Case(
        id='bs-hjr-grid-resolution-traced',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/grid.py',
        code="""\
import jax
import jax.numpy as jnp
import hj_reachability as hj

domain = hj.sets.Box(jnp.array([-6., -10., 0.]), jnp.array([20., 10., 2 * jnp.pi]))
settings = hj.SolverSettings.with_accuracy("low")

@jax.jit
def brt_volume(n):
    grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(domain, (n, n, n), periodic_dims=2)
    values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
    brt = hj.step(settings, hj.systems.Air3d(), grid, 0., values, -0.1, progress_bar=False)
    return (brt < 0).mean()

brt_volume(21)
""",
        kind='traced-shape', argument='n', path='n', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A resolution sweep jits a function of the grid size n and builds the Grid inside it; Grid.from_lattice_parameters_and_boundary_conditions calls jnp.linspace(num=n), which raises ConcretizationTypeError for the num argument. n sets array shapes, so it must be static (static_argnums=0); checked.',
    ),
    Case(
        id='bs-hjr-range-over-traced-steps',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/solver.py',
        code="""\
import jax
import jax.numpy as jnp
import hj_reachability as hj

dynamics = hj.systems.Air3d()
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-6., -10., 0.]), jnp.array([20., 10., 2 * jnp.pi])), (21, 21, 16), periodic_dims=2)
settings = hj.SolverSettings.with_accuracy("low")

@jax.jit
def march(values, num_steps, dt):
    t = 0.
    for _ in range(num_steps):
        values = hj.step(settings, dynamics, grid, t, values, t - dt, progress_bar=False)
        t = t - dt
    return values

march(jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5, 3, 0.05)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=13,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A jitted marching loop calls hj.step num_steps times with Python range(num_steps); num_steps is traced, so range raises TracerIntegerConversionError. lax.fori_loop over (t, values) keeps it traced; static_argnames='num_steps' also works; both checked.",
    ),
    Case(
        id='bs-hjr-numpy-sin-in-dynamics',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/dynamics.py',
        code="""\
import numpy as np
import jax.numpy as jnp
import hj_reachability as hj

class Pendulum(hj.ControlAndDisturbanceAffineDynamics):
    def __init__(self):
        super().__init__("max", "min", hj.sets.Box(jnp.array([-2.]), jnp.array([2.])),
                         hj.sets.Box(jnp.zeros(1), jnp.zeros(1)))
    def open_loop_dynamics(self, state, time):
        theta, omega = state
        return jnp.array([omega, -9.81 * np.sin(theta)])
    def control_jacobian(self, state, time):
        return jnp.array([[0.], [1.]])
    def disturbance_jacobian(self, state, time):
        return jnp.zeros((2, 1))

grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-np.pi, -4.]), jnp.array([np.pi, 4.])), (31, 31), periodic_dims=0)
values = jnp.linalg.norm(grid.states, axis=-1) - 0.5
hj.solve(hj.SolverSettings.with_accuracy("low"), Pendulum(), grid, jnp.array([0., -0.2]), values, progress_bar=False)
""",
        kind='array-conversion', argument='state', path='state', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A pendulum's open_loop_dynamics uses np.sin on the state; under hj.solve's vmap/jit this calls __array__ on a tracer and raises TracerArrayConversionError. Using jnp.sin fixes it; checked.",
    ),
    Case(
        id='bs-hjr-postprocessor-boolean-mask',
        source='https://github.com/StanfordASL/hj_reachability/blob/main/hj_reachability/solver.py',
        code="""\
import jax.numpy as jnp
import hj_reachability as hj

def cap_values(t, v):
    return v.at[v > 2.0].set(2.0)

dynamics = hj.systems.Air3d()
grid = hj.Grid.from_lattice_parameters_and_boundary_conditions(
    hj.sets.Box(jnp.array([-6., -10., 0.]), jnp.array([20., 10., 2 * jnp.pi])), (21, 21, 16), periodic_dims=2)
values = jnp.linalg.norm(grid.states[..., :2], axis=-1) - 5
settings = hj.SolverSettings.with_accuracy("low", value_postprocessor=cap_values)
hj.solve(settings, dynamics, grid, jnp.array([0., -0.1]), values, progress_bar=False)
""",
        kind='boolean-index', argument='v', path='v', line=5,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A value_postprocessor in SolverSettings clips the value function with v.at[v > 2].set(2); the solver traces it, and the traced boolean mask raises NonConcreteBooleanIndexError. jnp.where(v > 2, 2, v) gives the same result; checked.',
    ),
    Case(
        id='bs-fedjax-metric-if-on-prediction',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
import haiku as hk
import fedjax

@fedjax.dataclass
class ConfidentAccuracy(fedjax.metrics.Metric):
    margin: float = 0.5
    def zero(self):
        return fedjax.metrics.MeanStat.new(0., 0.)
    def evaluate_example(self, example, prediction):
        top2 = jnp.sort(prediction)[-2:]
        if top2[1] - top2[0] > self.margin and jnp.argmax(prediction) == example['y']:
            return fedjax.metrics.MeanStat.new(1., 1.)
        return fedjax.metrics.MeanStat.new(0., 1.)

sample = {'x': jnp.zeros((1, 4)), 'y': jnp.zeros((1,), jnp.int32)}
model = fedjax.create_model_from_haiku(
    hk.transform(lambda b: hk.Linear(3)(b['x'])), sample,
    train_loss=lambda b, p: fedjax.metrics.unreduced_cross_entropy_loss(b['y'], p),
    eval_metrics={'confident_acc': ConfidentAccuracy()})
params = model.init(jax.random.PRNGKey(0))
batch = {'x': jax.random.normal(jax.random.PRNGKey(1), (8, 4)), 'y': jnp.arange(8) % 3}
fedjax.evaluate_model(model, params, [batch])
""",
        kind='bool-conversion', argument='prediction', path='prediction', line=13,
        fixes=('jnp.where', 'logical-op', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom fedjax Metric decides with `if ... and ...` inside evaluate_example; fedjax.evaluate_model runs it through jax.vmap inside jit, raising TracerBoolConversionError. Combining the tests with & and returning jnp.where(ok, 1., 0.) keeps the result; checked.',
    ),
    Case(
        id='bs-fedjax-metric-list-field-static',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
import haiku as hk
import fedjax

@fedjax.dataclass
class SubsetAccuracy(fedjax.metrics.Metric):
    classes: list
    def zero(self):
        return fedjax.metrics.MeanStat.new(0., 0.)
    def evaluate_example(self, example, prediction):
        in_subset = jnp.isin(example['y'], jnp.array(self.classes)).astype(jnp.float32)
        correct = (jnp.argmax(prediction) == example['y']).astype(jnp.float32)
        return fedjax.metrics.MeanStat.new(correct * in_subset, in_subset)

sample = {'x': jnp.zeros((1, 4)), 'y': jnp.zeros((1,), jnp.int32)}
model = fedjax.create_model_from_haiku(
    hk.transform(lambda b: hk.Linear(3)(b['x'])), sample,
    train_loss=lambda b, p: fedjax.metrics.unreduced_cross_entropy_loss(b['y'], p),
    eval_metrics={'acc_01': SubsetAccuracy(classes=[0, 1])})
params = model.init(jax.random.PRNGKey(0))
batch = {'x': jax.random.normal(jax.random.PRNGKey(1), (8, 4)), 'y': jnp.arange(8) % 3}
fedjax.evaluate_model(model, params, [batch])
""",
        kind='unhashable-static', argument=None, path=None, line=23,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='fedjax.metrics.evaluate_batch takes the Metric as a static argument; a user metric (fedjax.dataclass, frozen) with a list field cannot be hashed, so evaluate_model raises ValueError (non-hashable static argument). Storing the classes as a tuple fixes it; checked.',
    ),
    Case(
        id='bs-fedjax-client-step-appends-global',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/for_each_client.py',
        code="""\
import jax
import jax.numpy as jnp
import fedjax

mse = lambda w, batch: jnp.mean((batch['x'] @ w - batch['y']) ** 2)
grad_norms = []

def client_init(server_params, client_rng):
    return server_params

def client_step(w, batch):
    g = jax.grad(mse)(w, batch)
    grad_norms.append(jnp.linalg.norm(g))
    return w - 0.1 * g

run = fedjax.for_each_client(client_init, client_step)
batches = [{'x': jnp.ones((4, 2)) * i, 'y': jnp.ones(4)} for i in range(3)]
clients = [(b'c0', batches, jax.random.PRNGKey(0))]
updates = list(run(jnp.zeros(2), clients))
print(jnp.stack(grad_norms).mean())
""",
        kind='leaked-tracer', argument='w', path='w', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=20,
        note="client_step (jitted by for_each_client) appends the gradient norm to a module-level list; stacking that list afterwards raises UnexpectedTracerError. Returning it as a per-step result (with_step_result=True) fixes it, as JAX's hint about returning outputs suggests; checked.",
    ),
    Case(
        id='bs-fedjax-optimizer-in-shared-input',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/for_each_client.py',
        code="""\
import jax
import jax.numpy as jnp
import fedjax

mse = lambda w, batch: jnp.mean((batch['x'] @ w - batch['y']) ** 2)

def client_init(shared_input, client_rng):
    opt = shared_input['client_optimizer']
    return {'w': shared_input['w'], 'opt_state': opt.init(shared_input['w'])}

def client_step(state, batch):
    return state

run = fedjax.for_each_client(client_init, client_step)
shared_input = {'w': jnp.zeros(2), 'client_optimizer': fedjax.optimizers.sgd(0.1)}
clients = [(b'c0', [{'x': jnp.ones((4, 2)), 'y': jnp.ones(4)}], jax.random.PRNGKey(0))]
list(run(shared_input, clients))
""",
        kind='non-array-argument', argument='shared_input', path="shared_input['client_optimizer']", line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The client Optimizer (a pytree of functions) is put into shared_input, which for_each_client passes to its jitted client_init; jit raises TypeError for the function leaf. Closing over the optimizer instead of passing it fixes it; JAX's static_argnums advice cannot be applied to fedjax's own jit; checked.",
    ),
    Case(
        id='bs-fedjax-num-classes-in-client-state',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/for_each_client.py',
        code="""\
import jax
import jax.numpy as jnp
import fedjax

def client_init(shared_input, client_rng):
    return {'w': shared_input['w'], 'num_classes': shared_input['num_classes']}

def client_step(state, batch):
    labels = jax.nn.one_hot(batch['y'], state['num_classes'])
    loss = lambda w: -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(batch['x'] @ w), -1))
    return {**state, 'w': state['w'] - 0.1 * jax.grad(loss)(state['w'])}

run = fedjax.for_each_client(client_init, client_step)
shared_input = {'w': jnp.zeros((4, 3)), 'num_classes': 3}
clients = [(b'c0', [{'x': jnp.ones((8, 4)), 'y': jnp.arange(8) % 3}], jax.random.PRNGKey(0))]
list(run(shared_input, clients))
""",
        kind='traced-shape', argument='state', path="state['num_classes']", line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='num_classes travels from shared_input into the client state and reaches jax.nn.one_hot inside the jitted client_step, which raises ConcretizationTypeError for num_classes. Keep it a Python constant outside the traced state; checked.',
    ),
    Case(
        id='bs-fedjax-train-loss-numpy-log',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/models.py',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import haiku as hk
import fedjax

def train_loss(batch, preds):
    log_probs = np.log(jax.nn.softmax(preds))
    return -jnp.take_along_axis(log_probs, batch['y'][:, None], axis=-1)[:, 0]

sample = {'x': jnp.zeros((1, 4)), 'y': jnp.zeros((1,), jnp.int32)}
model = fedjax.create_model_from_haiku(hk.transform(lambda b: hk.Linear(3)(b['x'])), sample, train_loss)
params = model.init(jax.random.PRNGKey(0))
batch = {'x': jax.random.normal(jax.random.PRNGKey(1), (8, 4)), 'y': jnp.arange(8) % 3}
grad_fn = fedjax.model_grad(model)
grad_fn(params, batch, jax.random.PRNGKey(2))
""",
        kind='array-conversion', argument='preds', path='preds', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A train_loss given to create_model_from_haiku uses np.log on the predictions; fedjax.model_grad differentiates it under jit(grad), so TracerArrayConversionError. Use jnp.log; checked.',
    ),
    Case(
        id='bs-fedjax-train-loss-drops-padding',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/models.py',
        code="""\
import jax
import jax.numpy as jnp
import haiku as hk
import fedjax

def train_loss(batch, preds):
    loss = fedjax.metrics.unreduced_cross_entropy_loss(batch['y'], preds)
    return loss[batch['y'] >= 0]

sample = {'x': jnp.zeros((1, 4)), 'y': jnp.zeros((1,), jnp.int32)}
model = fedjax.create_model_from_haiku(hk.transform(lambda b: hk.Linear(3)(b['x'])), sample, train_loss)
params = model.init(jax.random.PRNGKey(0))
batch = {'x': jax.random.normal(jax.random.PRNGKey(1), (8, 4)), 'y': jnp.array([0, 1, 2, -1, 0, 1, -1, 2])}
grad_fn = fedjax.model_grad(model)
grad_fn(params, batch, jax.random.PRNGKey(2))
""",
        kind='boolean-index', argument='batch', path="batch['y']", line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A per-example train_loss filters padded rows with loss[batch['y'] >= 0]; under model_grad's jit the mask is traced and NonConcreteBooleanIndexError is raised. jnp.where(mask, loss, 0.) keeps a fixed shape (fedjax's mask key then normalises); checked.",
    ),
    Case(
        id='bs-fedjax-float-print-in-client-step',
        source='https://github.com/google/fedjax/blob/main/fedjax/core/for_each_client.py',
        code="""\
import jax
import jax.numpy as jnp
import fedjax

mse = lambda w, batch: jnp.mean((batch['x'] @ w - batch['y']) ** 2)

def client_init(server_params, client_rng):
    return server_params

def client_step(w, batch):
    loss, g = jax.value_and_grad(mse)(w, batch)
    print(f"client loss: {float(loss):.4f}")
    return w - 0.1 * g

run = fedjax.for_each_client(client_init, client_step)
clients = [(b'c0', [{'x': jnp.ones((4, 2)), 'y': jnp.ones(4)}], jax.random.PRNGKey(0))]
list(run(jnp.zeros(2), clients))
""",
        kind='concretization', argument='w', path='w', line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="client_step prints the local loss with float(loss); for_each_client jits client_step, so ConcretizationTypeError. jax.debug.print prints at run time; JAX's astype hint does not fit; checked.",
    ),
    Case(
        id='bs-deepqmc-float-print-in-wavefunction',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/hamil.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
from deepqmc.types import Psi
import jax
import jax.numpy as jnp

mol = Molecule(coords=[[0., 0., 0.], [0., 0., 1.4]], charges=[1, 1], charge=0, spin=0)
hamil = MolecularHamiltonian(mol=mol)

def slater_wf(params, phys_conf):
    print(f"evaluating psi with alpha={float(params['alpha']):.3f}")
    d = jnp.linalg.norm(phys_conf.r[:, None] - phys_conf.R[None], axis=-1)
    return Psi(jnp.ones(()), -params['alpha'] * d.sum())

def mean_energy(params, confs):
    E, _ = jax.vmap(hamil.local_energy(slater_wf), (None, None, 0))(None, params, confs)
    return E.mean()

confs = hamil.init_sample(jax.random.PRNGKey(0), mol.coords, 16)
jax.grad(mean_energy)({'alpha': jnp.array(1.0)}, confs)
""",
        kind='concretization', argument='params', path="params['alpha']", line=11,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A user wave function prints float(params['alpha']); the energy is differentiated with jax.grad through MolecularHamiltonian.local_energy (grad/linearize/vmap), so ConcretizationTypeError. Use jax.debug.print; checked.",
    ),
    Case(
        id='bs-deepqmc-jit-sampler-init-walkers',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/sampling/electron_samplers.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
from deepqmc.sampling import MetropolisSampler
from deepqmc.types import Psi
import jax
import jax.numpy as jnp

mol = Molecule(coords=[[0., 0., 0.], [0., 0., 1.4]], charges=[1, 1], charge=0, spin=0)
hamil = MolecularHamiltonian(mol=mol)

def slater_wf(params, phys_conf):
    d = jnp.linalg.norm(phys_conf.r[:, None] - phys_conf.R[None], axis=-1)
    return Psi(jnp.ones(()), -params['alpha'] * d.sum())

sampler = MetropolisSampler(hamil, slater_wf, tau=0.5)
init_walkers = jax.jit(sampler.init)
init_walkers(jax.random.PRNGKey(0), {'alpha': jnp.array(1.0)}, 256, mol.coords)
""",
        kind='traced-shape', argument='n', path='n', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='jax.jit(sampler.init) traces the walker count n; MetropolisSampler.init -> init_sample uses it in jnp.tile reps, and JAX raises TypeError (unhashable tracer as tile parameter). n must be static: jax.jit(sampler.init, static_argnums=2); checked.',
    ),
    Case(
        id='bs-deepqmc-wavefunction-writes-global-dict',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/sampling/electron_samplers.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
from deepqmc.sampling import MetropolisSampler
from deepqmc.types import Psi
import jax
import jax.numpy as jnp

mol = Molecule(coords=[[0., 0., 0.], [0., 0., 1.4]], charges=[1, 1], charge=0, spin=0)
hamil = MolecularHamiltonian(mol=mol)
monitor = {}

def slater_wf(params, phys_conf):
    d = jnp.linalg.norm(phys_conf.r[:, None] - phys_conf.R[None], axis=-1)
    monitor['min_dist'] = d.min()
    return Psi(jnp.ones(()), -params['alpha'] * d.sum())

params = {'alpha': jnp.array(1.0)}
sampler = MetropolisSampler(hamil, slater_wf, tau=0.5)
state = sampler.init(jax.random.PRNGKey(0), params, 64, mol.coords)
state, confs, stats = jax.jit(sampler.sample)(jax.random.PRNGKey(1), state, params, mol.coords)
print(monitor['min_dist'] < 0.1)
""",
        kind='leaked-tracer', argument='phys_conf', path='phys_conf.r', line=13,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False, use_line=21,
        note='The wave function stores the minimum electron-nucleus distance in a module-level dict for monitoring; MetropolisSampler vmaps/jits it, and using the stored value afterwards raises UnexpectedTracerError. Compute the diagnostic from the returned configurations (or jax.debug.print it); the wave-function signature is fixed by deepqmc, so not mechanical.',
    ),
    Case(
        id='bs-deepqmc-molecule-as-static-arg',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/molecule.py',
        code="""\
from functools import partial
from deepqmc.molecule import Molecule
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=('mol',))
def nuclear_attraction(mol, r):
    d = jnp.linalg.norm(r[:, None] - mol.coords[None], axis=-1)
    return -(mol.charges / d).sum()

mol = Molecule.from_name('LiH')
r = jax.random.normal(jax.random.PRNGKey(0), (4, 3))
nuclear_attraction(mol, r)
""",
        kind='unhashable-static', argument='mol', path='mol', line=13,
        fixes=('not-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note="deepqmc's Molecule is a frozen dataclass holding jax arrays, so using it as a static argument fails when jit hashes it: ValueError (non-hashable static argument, TypeError unhashable ArrayImpl underneath). Pass mol.coords and mol.charges as traced arrays instead; checked.",
    ),
    Case(
        id='bs-deepqmc-hamiltonian-as-jit-arg',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/hamil.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
from deepqmc.types import Psi
import jax
import jax.numpy as jnp

def slater_wf(params, phys_conf):
    d = jnp.linalg.norm(phys_conf.r[:, None] - phys_conf.R[None], axis=-1)
    return Psi(jnp.ones(()), -params['alpha'] * d.sum())

@jax.jit
def mean_energy(hamil, params, confs):
    E, _ = jax.vmap(hamil.local_energy(slater_wf), (None, None, 0))(None, params, confs)
    return E.mean()

mol = Molecule(coords=[[0., 0., 0.], [0., 0., 1.4]], charges=[1, 1], charge=0, spin=0)
hamil = MolecularHamiltonian(mol=mol)
confs = hamil.init_sample(jax.random.PRNGKey(0), mol.coords, 16)
mean_energy(hamil, {'alpha': jnp.array(1.0)}, confs)
""",
        kind='non-array-argument', argument='hamil', path='hamil', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jitted mean-energy function takes the MolecularHamiltonian as an ordinary argument; jit raises TypeError (not a valid abstract array). MolecularHamiltonian hashes by identity, so static_argnums=0 works, as the message suggests; checked.',
    ),
    Case(
        id='bs-deepqmc-list-indexed-by-mol-idx',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/types.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
from deepqmc.types import Psi
import jax
import jax.numpy as jnp

mol = Molecule(coords=[[0., 0., 0.], [0., 0., 1.4]], charges=[1, 1], charge=0, spin=0)
hamil = MolecularHamiltonian(mol=mol)
bond_scales = [1.0, 0.8, 1.2]

def slater_wf(params, phys_conf):
    d = jnp.linalg.norm(phys_conf.r[:, None] - phys_conf.R[None], axis=-1)
    scale = bond_scales[phys_conf.mol_idx]
    return Psi(jnp.ones(()), -params['alpha'] * scale * d.sum())

confs = hamil.init_sample(jax.random.PRNGKey(0), mol.coords, 16)
local_energy = hamil.local_energy(slater_wf)
jax.vmap(local_energy, (None, None, 0))(None, {'alpha': jnp.array(1.0)}, confs)
""",
        kind='integer-conversion', argument='phys_conf', path='phys_conf.mol_idx', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Per-geometry scales kept in a Python list are indexed by PhysicalConfiguration.mol_idx inside the wave function; under local_energy's vmap the index is traced and list indexing raises TracerIntegerConversionError. Make the table a jnp array and index it; checked.",
    ),
    Case(
        id='bs-deepqmc-molecule-built-inside-jit',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/molecule.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
import jax
import jax.numpy as jnp

@jax.jit
def walkers_for_bond(rng, bond_length):
    mol = Molecule(coords=jnp.array([[0., 0., 0.], [0., 0., 1.]]) * bond_length,
                   charges=[3, 1], charge=0, spin=0)
    hamil = MolecularHamiltonian(mol=mol)
    return hamil.init_sample(rng, mol.coords, 64)

walkers_for_bond(jax.random.PRNGKey(0), 3.0)
""",
        kind='boolean-index', argument=None, path=None, line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Building a Molecule inside a jitted function: Molecule.__init__ counts atom types with len(jnp.unique(...)), which is traced under jit even for literal charges, so jnp.unique without size raises ConcretizationTypeError. Build the Molecule (and Hamiltonian) outside the jit and scale only the coordinates inside; JAX's size= hint is inside deepqmc, so it does not fit; checked.",
    ),
    Case(
        id='bs-deepqmc-hamiltonian-built-inside-jit',
        source='https://github.com/deepqmc/deepqmc/blob/master/src/deepqmc/hamil.py',
        code="""\
from deepqmc.molecule import Molecule
from deepqmc.hamil import MolecularHamiltonian
import jax
import jax.numpy as jnp

mol = Molecule.from_name('LiH')

@jax.jit
def initial_walkers(rng):
    hamil = MolecularHamiltonian(mol=mol, elec_std=0.8)
    return hamil.init_sample(rng, mol.coords, 64)

initial_walkers(jax.random.PRNGKey(0))
""",
        kind='bool-conversion', argument=None, path=None, line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Constructing MolecularHamiltonian inside a jitted function: its __init__ does `if self.ecp_mask.any()` on a jnp array created under jit, so TracerBoolConversionError is raised by deepqmc itself with no user argument involved. Construct the Hamiltonian once outside the jit and close over it; checked.',
    ),
]
