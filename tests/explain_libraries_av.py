"""Held-out library cases (set av): cvxpylayers (JAX interface), adam-robotics (JAX backend), brainpy.

How they were built: each cell is my own minimal reduction of a pattern from the cited
thread or doc page, written from scratch against the installed libraries, and run as a
file with /tmp/heldout24/venv_av/bin/python (CPython 3.11.7; venv made with
--system-site-packages on top of the machine's jax 0.10.2 / jaxlib 0.10.2, flax 0.12.8,
equinox 0.13.8, optax 0.2.8, numpy 2.4.6; those pins were kept on every install).
Installed into the venv: cvxpylayers 1.2.0 (with cvxpy 1.9.3, diffcp 1.1.9, default
DIFFCP/SCS path, no Moreau solver), adam-robotics 0.5.0 (with casadi 3.8.2, urdfdom-py) plus
icub-models 3.2.0 for the iCub URDF that adam's README uses, and brainpy 2.8.2 (pip chose
2.8.2; it runs on brainstate 0.5.4 / brainevent 0.2.1 / braintools 0.3.0). Every
statement but the last runs cleanly and the last one raises; I checked every `line` /
`use_line` against the traceback frames of the cell file, and applied the first fix by hand
and re-ran it wherever `verifiable=True`. Fixed versions were run from separate scratch files
(cases_av/fix_av.py) and are not part of this module.

Nothing was dropped: all three primary candidates installed and imported with the pins. Within
the libraries, some ideas were dropped: cvxpylayers under plain `jax.grad` runs eagerly, so
Python `if`/`int()`/boolean masks on the solution do NOT fail there (no case); setting a
cvxpy `Parameter.value` to a traced array fails with a cvxpy TypeError, not a JAX error (no
case); `LifRef` needs a shared time `t`, so the brainpy cells use `bp.dyn.Lif` or
hand-written systems.

Notes on the libraries that shape labels:
- cvxpylayers' default (diffcp) path turns the parameters into NumPy inside the layer, so any
  jit / vmap / scan / checkpoint around the layer raises TracerArrayConversionError inside
  cvxpylayers/interfaces/diffcp_if.py. The README says the layer cannot be traced by jit or vmap.
  The fix vocabulary has no "drop the jit" entry, so I used `remove-inner-jit` for "take the
  jax.jit off the function that calls the layer".
- brainpy's `bm.jit` (brainstate underneath) accepts `static_argnums` but its `static_argnames`
  does not cover an argument passed positionally; the fixes below use `static_argnums`.
- In brainpy's DSRunner cells the traced values reached through `self` are bm.Variable states
  that the runner threads through its jitted for_loop. I set argument='self' with the Variable
  as path (e.g. 'self.V') when the offending value is state, and the update's own input
  parameter when it is the input.

Doubts about labels:
- av-brainpy-if-any-spike: the spike mask depends on both self.V and the input `inp`
  (V is integrated from inp on the line before); argument='inp' is defensible. `lax.cond`
  (bm.cond) is a fine alternative, and the `if` can simply be dropped because the where
  already masks.
- av-brainpy-mask-assign-reset: same self-vs-inp question as above (path 'self.V').
- av-brainpy-runner-duration-in-jit: DSRunner calls int() on duration/dt, so JAX reports a
  ConcretizationTypeError from `int`; integer-conversion is a defensible kind. I chose
  traced-shape because the value is the number of simulation steps (a loop count). Fix order:
  making duration static (static_argnums=0) gets past this error, but DSRunner then converts
  its monitors to NumPy inside the trace (TracerArrayConversionError) unless the runner is
  built with numpy_mon_after_run=False; so the fix that runs as-is is dropping the outer
  bm.jit (DSRunner jits internally), listed first as `remove-inner-jit`. `static` could be
  argued first.
- av-brainpy-plain-attr-leak: the brainpy-idiomatic fix is to declare a bm.Variable in
  __init__ and assign `.value`; that is not in the vocabulary, so `return-value` is listed
  (returning the input from update, which DSRunner stacks).
- av-brainpy-list-index-for-loop: the best fix is to stack the stimuli and loop over them as
  the for_loop operand (a scan over data); I labelled it `lax.scan`. A Python loop (`static`)
  also works for three entries.
- av-brainpy-model-as-jit-arg: the message is a TypeError about an abstract array; the fix is
  static_argnums=0 or closing over the model (both map to `static`).
- av-brainpy-float-print-in-update: argument 'self' (path 'self.r'), although r also depends on
  `inp`.
- av-adam-fori-frame-list: `static` here means replacing the fori_loop by a Python loop over the
  frame names; `lax.switch` over per-frame functions would also work.
- av-adam-boolean-mask-limits: I first wrote this under vmap over IK seeds, but adam's FK
  itself fails under jax.vmap here (AttributeError inside jnp.array / sharding), so the cell
  uses jit(value_and_grad) instead.
- av-adam-tile-traced-count: JAX raises a TypeError about an unhashable jaxpr parameter
  (reps of tile), not a ConcretizationTypeError; kind is traced-shape by the brief's
  "whatever exception JAX raises". numpy-for-static is not applicable; `static` is.
- av-cvx-jit-around-layer: the only working fix is not jitting the layer call (or switching to
  the Moreau solver / a pure_callback wrapper, neither in the vocabulary); `remove-inner-jit`
  is used loosely for "remove the jax.jit".
- av-cvx-static-solver-args: making solver_args hashable (tuple of pairs) gets past the static
  check, but the layer then fails under jit like av-cvx-jit-around-layer, so verifiable=False;
  `remove-inner-jit` is the fix that actually makes the cell run, and one could argue it should
  be first.
- av-cvx-vmap-if-normalize: the `if` is the first error, but even with jnp.where the layer
  cannot be vmapped (README), so verifiable=False; calling the layer on the whole batch is the
  real fix and is not in the vocabulary.
- av-cvx-leak-history-list: argument c_val; the leaked value is the layer's solution w.
- leaks (all three): jax_fitting_fix=True because JAX's UnexpectedTracerError text says
  transformed functions must return their outputs rather than save them to outside state,
  which is the `return-value` fix; one could say the message only diagnoses and does not
  prescribe.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    # ------------------------------------------------------------------ brainpy
    Case(
        id='av-brainpy-if-any-spike',
        source='https://github.com/brainpy/BrainPy/issues/465',
        code="""\
import brainpy as bp
import brainpy.math as bm


class LIF(bp.DynamicalSystem):
    def __init__(self, n, tau=10., v_th=1.):
        super().__init__()
        self.tau, self.v_th = tau, v_th
        self.V = bm.Variable(bm.zeros(n))
        self.spike = bm.Variable(bm.zeros(n, dtype=bool))

    def update(self, inp):
        self.V.value = self.V + (-self.V + inp) / self.tau * bm.dt
        self.spike.value = self.V > self.v_th
        if bm.any(self.spike):
            self.V.value = bm.where(self.spike, 0., self.V)
        return self.spike.value


runner = bp.DSRunner(LIF(5), monitors=['V'], progress_bar=False)
runner.run(inputs=bm.ones((200, 5)) * 2.)
""",
        kind='bool-conversion', argument='self', path='self.spike', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom DynamicalSystem.update uses a Python `if` on a spike Variable; DSRunner traces update '
             'inside its jitted for_loop, so JAX raises TracerBoolConversionError. Dropping the `if` and '
             'keeping the bm.where reset (or bm.cond) fixes it; checked.',
    ),
    Case(
        id='av-brainpy-mask-assign-reset',
        source='https://github.com/brainpy/BrainPy/blob/master/docs_version2/tutorial_math/control_flows.ipynb',
        code="""\
import brainpy as bp
import brainpy.math as bm


class LIF(bp.DynamicalSystem):
    def __init__(self, n, tau=10., v_th=1.):
        super().__init__()
        self.tau, self.v_th = tau, v_th
        self.V = bm.Variable(bm.zeros(n))

    def update(self, inp):
        self.V.value = self.V + (-self.V + inp) / self.tau * bm.dt
        spike = self.V > self.v_th
        self.V[spike] = 0.
        return spike


runner = bp.DSRunner(LIF(5), monitors=['V'], progress_bar=False)
runner.run(inputs=bm.ones((200, 5)) * 2.)
""",
        kind='boolean-index', argument='self', path='self.V', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='NumPy-style spike reset `V[mask] = 0` on a bm.Variable inside update run by DSRunner; the mask '
             'is traced, so JAX raises NonConcreteBooleanIndexError. `self.V.value = bm.where(spike, 0., self.V)` '
             'keeps the result; checked.',
    ),
    Case(
        id='av-brainpy-arange-traced-steps',
        source='https://github.com/brainpy/BrainPy/pull/321',
        code="""\
import brainpy as bp
import brainpy.math as bm

neu = bp.dyn.Lif(10, tau=10., V_th=-50., V_reset=-65., V_rest=-65.)


@bm.jit
def simulate(n_steps, current):
    def step(i):
        return neu.update(current)
    return bm.for_loop(step, bm.arange(n_steps))


spikes = simulate(100, 20.)
""",
        kind='traced-shape', argument='n_steps', path='n_steps', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of steps is a bm.jit argument, so bm.arange(n_steps) gets a tracer as its stop and JAX '
             'raises ConcretizationTypeError ("jnp.arange argument stop"). Marking it static with '
             'bm.jit(static_argnums=0) fixes it; checked.',
    ),
    Case(
        id='av-brainpy-runner-duration-in-jit',
        source='https://github.com/brainpy/BrainPy/blob/master/docs_version2/tutorial_simulation/simulation_dsrunner.ipynb',
        code="""\
import brainpy as bp
import brainpy.math as bm

neu = bp.dyn.Lif(10, V_th=-50., V_reset=-65., V_rest=-65.,
                 V_initializer=bp.init.Constant(-40.))
runner = bp.DSRunner(neu, monitors=['spike'], progress_bar=False)


@bm.jit
def firing_rate(duration):
    runner.run(duration)
    return runner.mon.spike.mean()


firing_rate(50.)
""",
        kind='traced-shape', argument='duration', path='duration', line=11,
        fixes=('remove-inner-jit', 'static'), verifiable=True, jax_fitting_fix=False,
        note='DSRunner.run is called inside a bm.jit function with the duration as a traced argument; brainpy '
             'itself calls int() on duration/dt to get the step count and JAX raises ConcretizationTypeError '
             '(from `int`). DSRunner already compiles its loop, so dropping the outer bm.jit fixes it; '
             'static_argnums=0 also works but only with numpy_mon_after_run=False; checked.',
    ),
    Case(
        id='av-brainpy-plain-attr-leak',
        source='https://github.com/brainpy/BrainPy/issues/120',
        code="""\
import brainpy as bp
import brainpy.math as bm


class Rate(bp.DynamicalSystem):
    def __init__(self, n, tau=5.):
        super().__init__()
        self.tau = tau
        self.r = bm.Variable(bm.zeros(n))
        self.last_input = None

    def update(self, inp):
        self.last_input = inp
        self.r.value = self.r + (-self.r + bm.tanh(inp)) / self.tau * bm.dt
        return self.r.value


net = Rate(3)
runner = bp.DSRunner(net, monitors=['r'], progress_bar=False)
runner.run(inputs=bm.ones((50, 3)))
print(net.last_input + 1.)
""",
        kind='leaked-tracer', argument='inp', path='inp', line=13, use_line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='update stores its traced input on a plain attribute (not a bm.Variable) while DSRunner traces it; '
             'using the attribute after the run raises UnexpectedTracerError. Returning the input from update '
             '(DSRunner stacks the outputs) fixes it; checked. A bm.Variable is the brainpy-idiomatic alternative.',
    ),
    Case(
        id='av-brainpy-static-list-phases',
        source='https://github.com/brainpy/BrainPy/pull/360',
        code="""\
from functools import partial

import brainpy as bp
import brainpy.math as bm

neu = bp.dyn.Lif(4, V_th=-50., V_reset=-65., V_rest=-65.)


@partial(bm.jit, static_argnums=1)
def run_protocol(base, phases):
    outs = []
    for amp, steps in phases:
        outs.append(bm.for_loop(lambda i: neu.update(base * amp), bm.arange(steps)))
    return bm.concatenate(outs)


run_protocol(20., [(1.0, 50), (1.5, 30)])
""",
        kind='unhashable-static', argument='phases', path='phases', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A stimulation protocol (list of (amplitude, steps)) is passed as a static argument of bm.jit; '
             'brainstate hashes static args and raises ValueError (non-hashable static arguments, list). '
             'Passing a tuple of tuples fixes it; checked.',
    ),
    Case(
        id='av-brainpy-model-as-jit-arg',
        source='https://github.com/brainpy/BrainPy/blob/master/docs_version2/tutorial_FAQs/gotchas_of_brainpy_transforms.ipynb',
        code="""\
import brainpy as bp
import brainpy.math as bm

neu = bp.dyn.Lif(4, V_th=-50., V_reset=-65., V_rest=-65.)


@bm.jit
def step(model, current):
    return model.update(current)


step(neu, bm.ones(4) * 20.)
""",
        kind='non-array-argument', argument='model', path='model', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A brainpy model object is passed as an ordinary argument of bm.jit; it is not an array or '
             'pytree, so JAX raises TypeError (cannot interpret Lif as an abstract array). '
             'static_argnums=0 (or closing over the model) fixes it and bm.jit still tracks its Variables; checked.',
    ),
    Case(
        id='av-brainpy-np-clip-in-update',
        source='https://github.com/brainpy/BrainPy/blob/master/docs_version2/tutorial_FAQs/uniqueness_of-brainpy-math.ipynb',
        code="""\
import numpy as np
import brainpy as bp
import brainpy.math as bm


class Rate(bp.DynamicalSystem):
    def __init__(self, n, tau=5.):
        super().__init__()
        self.tau = tau
        self.r = bm.Variable(bm.zeros(n))

    def update(self, inp):
        drive = np.clip(inp, 0., 1.)
        self.r.value = self.r + (-self.r + drive) / self.tau * bm.dt
        return self.r.value


runner = bp.DSRunner(Rate(3), monitors=['r'], progress_bar=False)
runner.run(inputs=bm.ones((50, 3)) * 2.)
""",
        kind='array-conversion', argument='inp', path='inp', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='update calls NumPy (np.clip) on its input while DSRunner traces it; JAX raises '
             'TracerArrayConversionError. bm.clip / jnp.clip fixes it; checked.',
    ),
    Case(
        id='av-brainpy-list-index-for-loop',
        source='https://github.com/brainpy/BrainPy/blob/master/docs_version2/tutorial_math/control_flows.ipynb',
        code="""\
import brainpy as bp
import brainpy.math as bm

stimuli = [bm.ones(4) * a for a in (5., 15., 25.)]
neu = bp.dyn.Lif(4, V_th=-50., V_reset=-65., V_rest=-65.)


def step(i):
    return neu.update(stimuli[i])


spikes = bm.for_loop(step, bm.arange(3))
""",
        kind='integer-conversion', argument='i', path='i', line=9,
        fixes=('lax.scan', 'static'), verifiable=True, jax_fitting_fix=False,
        note='bm.for_loop traces the body with a traced loop index and the body uses it to index a Python '
             'list of stimuli; JAX raises TracerIntegerConversionError (__index__). Stacking the stimuli and '
             'looping over them as the for_loop operand (a scan over data) fixes it; checked.',
    ),
    Case(
        id='av-brainpy-float-print-in-update',
        source='https://github.com/brainpy/BrainPy/blob/master/docs_version2/tutorial_FAQs/how_to_debug.ipynb',
        code="""\
import brainpy as bp
import brainpy.math as bm


class Rate(bp.DynamicalSystem):
    def __init__(self, n, tau=5.):
        super().__init__()
        self.tau = tau
        self.r = bm.Variable(bm.zeros(n))

    def update(self, inp):
        self.r.value = self.r + (-self.r + bm.tanh(inp)) / self.tau * bm.dt
        print(f"mean rate: {float(self.r.mean()):.4f}")
        return self.r.value


runner = bp.DSRunner(Rate(3), monitors=['r'], progress_bar=False)
runner.run(inputs=bm.ones((5, 3)))
""",
        kind='concretization', argument='self', path='self.r', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Debug printing with float() of a state Variable inside update traced by DSRunner; JAX raises '
             'ConcretizationTypeError (from `float`). jax.debug.print prints at run time; checked.',
    ),
    # ------------------------------------------------------------------ adam (JAX backend)
    Case(
        id='av-adam-jit-frame-string',
        source='https://github.com/gbionics/adam',
        code="""\
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)
w_H_b = jnp.eye(4)
q = jnp.zeros(len(joints))
fk = jax.jit(kd.forward_kinematics)
fk("l_hand", w_H_b, q)
""",
        kind='non-array-argument', argument='frame', path='frame', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='jax.jit applied straight to KinDynComputations.forward_kinematics, whose first argument is the '
             'frame name string; JAX raises TypeError (non-array argument not marked static). '
             'static_argnums=0 (or closing over the string, as the README does) fixes it; checked.',
    ),
    Case(
        id='av-adam-if-hand-height',
        source='https://github.com/gbionics/adam/issues/90',
        code="""\
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)


@jax.jit
def hand_height_cost(q):
    z = kd.forward_kinematics("l_hand", jnp.eye(4), q)[2, 3]
    if z < 0.2:
        return (0.2 - z) ** 2
    return 0.0


jax.grad(hand_height_cost)(jnp.zeros(len(joints)))
""",
        kind='bool-conversion', argument='q', path='q', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A jitted IK-style cost branches with Python `if` on the hand height computed by adam forward '
             'kinematics; JAX raises TracerBoolConversionError. jnp.where(z < 0.2, (0.2 - z) ** 2, 0.) keeps '
             'the value and gradient; checked.',
    ),
    Case(
        id='av-adam-controller-self-leak',
        source='https://github.com/gbionics/adam',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)


class Controller:
    def __init__(self):
        self.M = None

    @partial(jax.jit, static_argnums=0)
    def torque(self, q, ddq):
        self.M = kd.mass_matrix(jnp.eye(4), q)
        return self.M[6:, 6:] @ ddq


ctrl = Controller()
tau = ctrl.torque(jnp.zeros(len(joints)), jnp.ones(len(joints)))
print(jnp.linalg.cond(ctrl.M))
""",
        kind='leaked-tracer', argument='q', path='q', line=19, use_line=25,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A controller caches the adam mass matrix on self inside a jitted method; reading ctrl.M afterwards '
             'raises UnexpectedTracerError. Returning M together with the torque fixes it; checked.',
    ),
    Case(
        id='av-adam-np-solve-forward-dynamics',
        source='https://github.com/gbionics/adam',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)


@jax.jit
def forward_dynamics(q, tau):
    M = kd.mass_matrix(jnp.eye(4), q)[6:, 6:]
    h = kd.gravity_term(jnp.eye(4), q)[6:]
    return np.linalg.solve(M, tau - h)


forward_dynamics(jnp.zeros(len(joints)), jnp.ones(len(joints)))
""",
        kind='array-conversion', argument='q', path='q', line=17,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Fixed-base forward dynamics solves with np.linalg.solve on the traced adam mass matrix inside jit; '
             'JAX raises TracerArrayConversionError. jnp.linalg.solve fixes it; checked.',
    ),
    Case(
        id='av-adam-fori-frame-list',
        source='https://github.com/gbionics/adam',
        code="""\
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)
frames = ["l_hand", "l_elbow_1", "chest"]


@jax.jit
def sum_heights(q):
    def body(i, acc):
        return acc + kd.forward_kinematics(frames[i], jnp.eye(4), q)[2, 3]
    return jax.lax.fori_loop(0, len(frames), body, 0.0)


sum_heights(jnp.zeros(len(joints)))
""",
        kind='integer-conversion', argument='i', path='i', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A fori_loop over frame indices picks the adam frame name from a Python list with the traced loop '
             'index; JAX raises TracerIntegerConversionError. Frame names must be Python strings, so a plain '
             'Python loop over the frames (static unrolling) fixes it; checked.',
    ),
    Case(
        id='av-adam-boolean-mask-limits',
        source='https://github.com/gbionics/adam',
        code="""\
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)
upper = jnp.array([0.7, 0.5, 1.0, 0.1, 2.8, 1.4, 1.9])
target = jnp.array([0.25, 0.15, 0.35])


def ik_cost(q):
    err = kd.forward_kinematics("l_hand", jnp.eye(4), q)[:3, 3] - target
    over = q[q > upper] - upper[q > upper]
    return jnp.sum(err ** 2) + 10. * jnp.sum(over ** 2)


jax.jit(jax.value_and_grad(ik_cost))(jnp.full(len(joints), 1.2))
""",
        kind='boolean-index', argument='q', path='q', line=16,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='An IK cost with an adam FK term adds a joint-limit penalty by boolean-masking the violated joints, '
             'evaluated under jit(value_and_grad); JAX raises NonConcreteBooleanIndexError. '
             'jnp.where(q > upper, q - upper, 0.) keeps the value; checked.',
    ),
    Case(
        id='av-adam-tile-traced-count',
        source='https://github.com/gbionics/adam',
        code="""\
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)


@jax.jit
def batched_hand_pose(n, q):
    w_H_b = jnp.tile(jnp.eye(4), (n, 1, 1))
    return kd.forward_kinematics("l_hand", w_H_b, jnp.tile(q, (n, 1)))


batched_hand_pose(8, jnp.zeros(len(joints)))
""",
        kind='traced-shape', argument='n', path='n', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='adam accepts batched base transforms; the user builds the batch with jnp.tile using a batch size '
             'passed as a jit argument, so the repetition count is traced and JAX raises TypeError (tile reps '
             'not hashable). static_argnums=0 fixes it; checked.',
    ),
    Case(
        id='av-adam-item-in-ik-cost',
        source='https://github.com/gbionics/adam/issues/90',
        code="""\
import jax
import jax.numpy as jnp
import icub_models
from adam.jax import KinDynComputations

urdf = icub_models.get_model_file("iCubGazeboV2_5")
joints = ["torso_pitch", "torso_roll", "torso_yaw", "l_shoulder_pitch",
          "l_shoulder_roll", "l_shoulder_yaw", "l_elbow"]
kd = KinDynComputations(urdf, joints)


@jax.jit
def ik_cost(q, target):
    err = kd.forward_kinematics("l_hand", jnp.eye(4), q)[:3, 3] - target
    print(f"error norm: {jnp.linalg.norm(err).item():.4f}")
    return jnp.sum(err ** 2)


jax.grad(ik_cost)(jnp.zeros(len(joints)), jnp.array([0.3, 0.2, 0.4]))
""",
        kind='concretization', argument='q', path='q', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging the FK error with .item() inside a jitted IK cost that is differentiated; JAX raises '
             'ConcretizationTypeError. jax.debug.print fixes it; checked.',
    ),
    # ------------------------------------------------------------------ cvxpylayers (JAX)
    Case(
        id='av-cvx-np-entropy-after-layer',
        source='https://github.com/cvxpy/cvxpylayers/blob/master/README.md',
        code="""\
import numpy as np
import cvxpy as cp
import jax
import jax.numpy as jnp
from cvxpylayers.jax import CvxpyLayer

x = cp.Variable(3)
c = cp.Parameter(3)
problem = cp.Problem(cp.Minimize(cp.sum_squares(x - c)), [x >= 0, cp.sum(x) == 1])
layer = CvxpyLayer(problem, parameters=[c], variables=[x])
feats = jnp.array([[0.5, -1.0], [1.5, 0.2], [-0.3, 0.8]])


def loss(params):
    (w,) = layer(feats @ params['W'])
    return np.sum(w * np.log(w + 1e-9))


jax.grad(loss)({'W': jnp.array([0.4, -0.2])})
""",
        kind='array-conversion', argument='params', path="params['W']", line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A loss differentiated with jax.grad computes an entropy of the CvxpyLayer solution with NumPy; '
             'the solution is a grad tracer, so JAX raises TracerArrayConversionError. jnp.sum/jnp.log fix it; checked.',
    ),
    Case(
        id='av-cvx-leak-history-list',
        source='https://github.com/cvxpy/cvxpylayers/blob/master/README.md',
        code="""\
import cvxpy as cp
import jax
import jax.numpy as jnp
from cvxpylayers.jax import CvxpyLayer

x = cp.Variable(3)
c = cp.Parameter(3)
problem = cp.Problem(cp.Minimize(cp.sum_squares(x - c)), [x >= 0, cp.sum(x) == 1])
layer = CvxpyLayer(problem, parameters=[c], variables=[x])
history = []


def loss(c_val):
    (w,) = layer(c_val)
    history.append(w)
    return jnp.sum(w ** 2)


g = jax.grad(loss)(jnp.array([0.2, 0.5, 0.3]))
print(history[-1] * 2.)
""",
        kind='leaked-tracer', argument='c_val', path='c_val', line=15, use_line=20,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The layer solution is appended to a global list inside a loss under jax.grad and used after grad '
             'returns; JAX raises UnexpectedTracerError. Returning w as aux (grad(..., has_aux=True)) fixes it; checked.',
    ),
    Case(
        id='av-cvx-grad-layer-first-arg',
        source='https://github.com/cvxpy/cvxpylayers/blob/master/README.md',
        code="""\
import cvxpy as cp
import jax
import jax.numpy as jnp
from cvxpylayers.jax import CvxpyLayer

x = cp.Variable(3)
c = cp.Parameter(3)
problem = cp.Problem(cp.Minimize(cp.sum_squares(x - c)), [x >= 0, cp.sum(x) == 1])
layer = CvxpyLayer(problem, parameters=[c], variables=[x])


def loss(layer, c_val):
    (w,) = layer(c_val)
    return jnp.sum(w ** 2)


jax.grad(loss)(layer, jnp.array([0.2, 0.5, 0.3]))
""",
        kind='non-array-argument', argument='layer', path='layer', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The loss takes the CvxpyLayer as its first argument and jax.grad differentiates argument 0 by '
             'default; JAX raises TypeError (CvxpyLayer is not a valid JAX type). argnums=1 (keeping the layer '
             'out of the traced arguments) fixes it; checked.',
    ),
    Case(
        id='av-cvx-jit-around-layer',
        source='https://github.com/cvxpy/cvxpylayers/issues/103',
        code="""\
import cvxpy as cp
import jax
import jax.numpy as jnp
from cvxpylayers.jax import CvxpyLayer

x = cp.Variable(3)
c = cp.Parameter(3)
problem = cp.Problem(cp.Minimize(cp.sum_squares(x - c)), [x >= 0, cp.sum(x) == 1])
layer = CvxpyLayer(problem, parameters=[c], variables=[x])


@jax.jit
def predict(c_val):
    (w,) = layer(c_val)
    return w @ jnp.array([1., 2., 3.])


predict(jnp.array([0.2, 0.5, 0.3]))
""",
        kind='array-conversion', argument='c_val', path='c_val', line=14,
        fixes=('remove-inner-jit',), verifiable=True, jax_fitting_fix=False,
        note='A jitted function calls the CvxpyLayer; cvxpylayers (diffcp path) converts the canonicalized '
             'problem data to NumPy and JAX raises TracerArrayConversionError inside the library. The layer '
             'cannot be jitted, so removing jax.jit fixes it; checked.',
    ),
    Case(
        id='av-cvx-static-solver-args',
        source='https://github.com/cvxpy/cvxpylayers/blob/master/README.md',
        code="""\
from functools import partial
import cvxpy as cp
import jax
import jax.numpy as jnp
from cvxpylayers.jax import CvxpyLayer

x = cp.Variable(3)
c = cp.Parameter(3)
problem = cp.Problem(cp.Minimize(cp.sum_squares(x - c)), [x >= 0, cp.sum(x) == 1])
layer = CvxpyLayer(problem, parameters=[c], variables=[x])


@partial(jax.jit, static_argnames='solver_args')
def solve(c_val, solver_args):
    (w,) = layer(c_val, solver_args=solver_args)
    return w


solve(jnp.array([0.2, 0.5, 0.3]), solver_args={'eps': 1e-8})
""",
        kind='unhashable-static', argument='solver_args', path='solver_args', line=19,
        fixes=('hashable-static', 'remove-inner-jit'), verifiable=False, jax_fitting_fix=False,
        note='The solver options dict documented for CvxpyLayer is marked static in jax.jit; JAX raises '
             'ValueError (non-hashable static argument, dict). A hashable form gets past that check, but the '
             'layer then fails under jit (see av-cvx-jit-around-layer), so the first fix alone does not make the '
             'cell run; checked.',
    ),
    Case(
        id='av-cvx-vmap-if-normalize',
        source='https://github.com/cvxpy/cvxpylayers/issues/103',
        code="""\
import cvxpy as cp
import jax
import jax.numpy as jnp
from cvxpylayers.jax import CvxpyLayer

x = cp.Variable(3)
c = cp.Parameter(3)
problem = cp.Problem(cp.Minimize(cp.sum_squares(x - c)), [x >= 0, cp.sum(x) == 1])
layer = CvxpyLayer(problem, parameters=[c], variables=[x])


def per_example_loss(c_val):
    if jnp.linalg.norm(c_val) > 1.0:
        c_val = c_val / jnp.linalg.norm(c_val)
    (w,) = layer(c_val)
    return jnp.sum(w ** 2)


batch = jnp.array([[0.2, 0.5, 0.3], [2.0, -1.0, 0.5]])
jax.vmap(jax.grad(per_example_loss))(batch)
""",
        kind='bool-conversion', argument='c_val', path='c_val', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=False, jax_fitting_fix=False,
        note='Per-example gradients of a loss around a CvxpyLayer via vmap(grad); the Python `if` that '
             'normalizes the parameter hits a batched tracer and JAX raises TracerBoolConversionError. jnp.where '
             'removes that error, but the layer itself then fails under vmap (TracerArrayConversionError), so '
             'not verifiable; checked.',
    ),
]
