"""Held-out library cases (set bu): lqrax, ninjax, inox.

How they were built: each case is my own small reduction of a pattern a user of the
library meets (user-written iLQR dynamics for lqrax, stateful modules and nj.init /
nj.pure / nj.grad / nj.scan for ninjax, PyTree modules with plain vs lifted JAX
transforms for inox). Every cell was written to a file and run with
/tmp/heldout37/venv_bu/bin/python (CPython 3.11.7, JAX_PLATFORMS=cpu): all statements
but the last run cleanly and the last one raises; the exception class is recorded in
each note, and `line` / `use_line` were checked against the traceback frames in the
file. Each fix listed first was applied by hand and the edited cell re-run without
error (for the three leaks, which are not marked verifiable, an equivalent rewrite
that returns the value was run instead).

Installed versions (venv with --system-site-packages): jax 0.10.2, jaxlib 0.10.2,
lqrax 0.0.6, ninjax 3.6.3, inox 0.8.0 (pulls einops 0.8.2); flax 0.12.8,
equinox 0.13.8, optax 0.2.8, numpy 2.4.6 unchanged from the machine.

Dropped: qax (every release pins jax<0.5, so it cannot install with jax 0.10.2);
jax-scalify 0.1.1 (installs but fails to import: jax.core.Primitive no longer exists);
elegy (only the empty 0.1.0 stub resolves on Python 3.11; real releases need
Python <3.10); jax-flows (sdist fails to build). pymbar 4.0.3 installed but was not
used because users do not write functions that it traces. ninjax and inox replace
the dropped candidates; neither is on the exclusion lists. Also tried and left out:
a vmap over lqrax's Q (no error, jnp's `!= None` does not concretise) and an inox
module holding a non-frozen dataclass (inox only warns; JAX does not hash the aux
data, so nothing raises).

Doubts about labels:
- bu-lqrax-math-sin-grad: math.sin calls float(), so the kind is concretization; the
  fix is jnp-not-np in spirit (use jnp.sin), though the code uses `math`, not `np`.
- bu-lqrax-mode-list-index: lax.switch is the more literal fix for a mode index;
  jnp.where is listed first because it is array-level and keeps the result.
- bu-lqrax-store-on-self / bu-ninjax-hidden-on-self: lqrax's dyn() must return only
  the derivative, so "return-value" means recomputing outside; jax.debug.print is an
  acceptable alternative when the value was only for inspection.
- bu-lqrax-static-weight-matrix / bu-inox-static-opts-dict: the fix is removing the
  static marker; 'not-static' is defined for arrays, which fits the lqrax case, but for
  the inox dict the value stays static through inox's masking rather than traced, so
  'hashable-static' is also defensible there.
- bu-ninjax-init-std-if, bu-ninjax-grad-loss-float, bu-ninjax-range-steps: JAX's
  message names args[1] / args[2] of ninjax's wrapper, not the module method's
  parameter; the labels use the method's parameter names (x, x, steps). In the
  grad case the value also depends on y and on the state entry w.
- bu-ninjax-scan-traced-length: ninjax raises TypeError (list * tracer) while making
  per-step seeds from the length; integer-conversion is defensible since the value is
  used as a Python int, but it is a scan length, hence traced-shape.
- bu-ninjax-field-type-traced: ninjax rejects the tracer in its field type check
  (TypeError); labelled concretization (a library asking for a Python value), but
  traced-shape is defensible because the field is a layer width.
- bu-inox-dropout-training-flag: the failing `if` is inside inox's TrainingDropout, so
  `line` is the user's call into the dropout layer; `static` here means switching to
  inox.jit (the library's own static handling), not static_argnums.
- bu-inox-heads-reshape: JAX's message suggests static_argnums, and static_argnums=0
  on the model does run (the module hashes by identity) but bakes the weights in as
  constants and recompiles per model object, so jax_fitting_fix is False.
- bu-inox-running-mean-attr: use_line (10) precedes line (11) in the source because
  the tracer is stored at the end of the first traced call and read at the start of
  the next (eager) call.
- bu-inox-missing-label-mask: the mask depends only on y, so argument is y although
  model is the first (differentiated) parameter.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bu-lqrax-friction-if',
        source='https://github.com/MaxMSun/lqrax/issues/1',
        code="""\
import jax.numpy as jnp
from lqrax import iLQR

class BlockWithFriction(iLQR):
    def dyn(self, xt, ut):
        if xt[1] > 0:
            friction = -0.3
        else:
            friction = 0.3
        return jnp.array([xt[1], ut[0] + friction])

solver = BlockWithFriction(dt=0.05, x_dim=2, u_dim=1, Q=jnp.eye(2), R=0.1 * jnp.eye(1))
x0 = jnp.array([1.0, 0.0])
u_init = jnp.zeros((50, 1))
x_traj = solver.traj_sim(x0, u_init)
""",
        kind='bool-conversion', argument='xt', path='xt', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Coulomb friction written as a Python if on the velocity inside the user's dyn(); lqrax runs dyn under lax.scan inside its jitted traj_sim, so JAX raises TracerBoolConversionError. jnp.where keeps the piecewise force (lax.cond also works); checked.",
    ),
    Case(
        id='bu-lqrax-math-sin-grad',
        source='https://github.com/MaxMSun/lqrax',
        code="""\
import math
import jax
import jax.numpy as jnp
from lqrax import iLQR

class Pendulum(iLQR):
    def dyn(self, xt, ut):
        accel = -9.81 * math.sin(xt[0]) - 0.1 * xt[1] + ut[0]
        return jnp.array([xt[1], accel])

solver = Pendulum(dt=0.05, x_dim=2, u_dim=1, Q=jnp.eye(2), R=jnp.eye(1))
x0 = jnp.array([0.5, 0.0])

def rollout_cost(u_traj):
    x_traj = solver.traj_sim(x0, u_traj)
    return jnp.sum(x_traj ** 2) + 0.1 * jnp.sum(u_traj ** 2)

jax.grad(rollout_cost)(jnp.zeros((40, 1)))
""",
        kind='concretization', argument='xt', path='xt', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Pendulum dyn() uses math.sin on a state entry; under jax.grad of a rollout cost through lqrax's scan, math.sin calls float() on the tracer and JAX raises ConcretizationTypeError (its hint about astype does not fit). Swapping to jnp.sin fixes it; checked.",
    ),
    Case(
        id='bu-lqrax-store-on-self',
        source='https://github.com/MaxMSun/lqrax',
        code="""\
import jax.numpy as jnp
from lqrax import iLQR

class DoubleIntegrator(iLQR):
    def dyn(self, xt, ut):
        self.last_accel = ut[0]
        return jnp.array([xt[1], ut[0]])

solver = DoubleIntegrator(dt=0.1, x_dim=2, u_dim=1, Q=jnp.eye(2), R=jnp.eye(1))
x_traj = solver.traj_sim(jnp.zeros(2), jnp.ones((20, 1)))
print(solver.last_accel * 2.0)
""",
        kind='leaked-tracer', argument='ut', path='ut', line=6,
        use_line=11, fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="dyn() stashes the control on self for later plotting; the value is a scan tracer inside lqrax's jitted traj_sim, and using it afterwards raises UnexpectedTracerError. Return/recompute the value outside (or print with jax.debug.print) instead of storing it; an equivalent rewrite was run, but it is not a one-line mechanical edit.",
    ),
    Case(
        id='bu-lqrax-solver-as-jit-arg',
        source='https://github.com/MaxMSun/lqrax',
        code="""\
import jax
import jax.numpy as jnp
from lqrax import iLQR

class PointMass(iLQR):
    def dyn(self, xt, ut):
        return jnp.array([xt[1], ut[0]])

solver = PointMass(dt=0.1, x_dim=2, u_dim=1, Q=jnp.eye(2), R=jnp.eye(1))

@jax.jit
def plan_cost(solver, x0, u_traj):
    x_traj = solver.traj_sim(x0, u_traj)
    return jnp.sum(x_traj ** 2)

plan_cost(solver, jnp.array([1.0, 0.0]), jnp.zeros((25, 1)))
""",
        kind='non-array-argument', argument='solver', path='solver', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The iLQR solver object is passed as an argument of a user jax.jit function; JAX raises TypeError because the object is not an array. Marking it static (static_argnums=0, the solver hashes by identity, as lqrax itself does with self) fixes it and is what JAX's message suggests; checked.",
    ),
    Case(
        id='bu-lqrax-horizon-shape',
        source='https://github.com/MaxMSun/lqrax',
        code="""\
import jax
import jax.numpy as jnp
from lqrax import iLQR

class PointMass(iLQR):
    def dyn(self, xt, ut):
        return jnp.array([xt[1], ut[0]])

solver = PointMass(dt=0.1, x_dim=2, u_dim=1, Q=jnp.eye(2), R=jnp.eye(1))

@jax.jit
def coast(x0, horizon):
    u_init = jnp.zeros((horizon, 1))
    return solver.traj_sim(x0, u_init)

coast(jnp.array([0.0, 1.0]), 40)
""",
        kind='traced-shape', argument='horizon', path='horizon', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The planning horizon is a traced argument of a jitted function and is used as the length of the initial control trajectory passed to lqrax; jnp.zeros raises TypeError (shapes must be concrete). static_argnames='horizon' fixes it, as JAX's message hints; checked.",
    ),
    Case(
        id='bu-lqrax-mode-list-index',
        source='https://github.com/MaxMSun/lqrax/issues/1',
        code="""\
import jax.numpy as jnp
from lqrax import iLQR

A_modes = [jnp.array([[0.0, 1.0], [0.0, 0.0]]),
           jnp.array([[0.0, 1.0], [-50.0, -0.5]])]

class Hopper(iLQR):
    def dyn(self, xt, ut):
        mode = (xt[0] < 0.0).astype(jnp.int32)
        return A_modes[mode] @ xt + jnp.array([0.0, ut[0] - 9.81])

solver = Hopper(dt=0.01, x_dim=2, u_dim=1, Q=jnp.eye(2), R=jnp.eye(1))
x_traj = solver.traj_sim(jnp.array([0.3, 0.0]), jnp.zeros((80, 1)))
""",
        kind='integer-conversion', argument='xt', path='xt', line=10,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='Hybrid (contact / flight) dynamics pick a matrix from a Python list with a traced mode index inside dyn(); list indexing calls __index__ and JAX raises TracerIntegerConversionError. Selecting with jnp.where (or lax.switch between the two modes) keeps the result; checked with jnp.where.',
    ),
    Case(
        id='bu-lqrax-wall-penalty-mask',
        source='https://github.com/MaxMSun/lqrax',
        code="""\
import jax
import jax.numpy as jnp
from lqrax import iLQR

class PointMass(iLQR):
    def dyn(self, xt, ut):
        return jnp.array([xt[1], ut[0]])

solver = PointMass(dt=0.1, x_dim=2, u_dim=1, Q=jnp.eye(2), R=jnp.eye(1))
x0 = jnp.array([0.0, 1.0])

def cost(u_traj):
    x_traj = solver.traj_sim(x0, u_traj)
    beyond = x_traj[x_traj[:, 0] > 1.0, 0]
    return jnp.sum(u_traj ** 2) + 100.0 * jnp.sum((beyond - 1.0) ** 2)

jax.jit(jax.grad(cost))(jnp.zeros((30, 1)))
""",
        kind='boolean-index', argument='u_traj', path='u_traj', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A jitted gradient of a rollout cost penalises only the positions past a wall with a boolean mask on lqrax's simulated trajectory; JAX raises NonConcreteBooleanIndexError. jnp.where(mask, x, 1.0) gives the same penalty with a static shape; checked.",
    ),
    Case(
        id='bu-lqrax-static-weight-matrix',
        source='https://github.com/MaxMSun/lqrax',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from lqrax import iLQR

class PointMass(iLQR):
    def dyn(self, xt, ut):
        return jnp.array([xt[1], ut[0]])

@partial(jax.jit, static_argnums=1)
def one_ilqr_step(x0, Q):
    solver = PointMass(dt=0.1, x_dim=2, u_dim=1, Q=Q, R=jnp.eye(1))
    u_traj = jnp.zeros((20, 1))
    x_traj, A_traj, B_traj = solver.linearize_dyn(x0, u_traj)
    v_traj, z_traj = solver.solve(A_traj, B_traj, x_traj @ Q, u_traj)
    return u_traj + v_traj

one_ilqr_step(jnp.array([1.0, 0.0]), jnp.diag(jnp.array([10.0, 1.0])))
""",
        kind='unhashable-static', argument='Q', path='Q', line=18,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The state weight matrix Q is marked static in a jitted function that builds the iLQR solver, on the belief that solver construction needs a Python value; a jax Array is unhashable so JAX raises ValueError. Q can simply be traced (drop static_argnums): lqrax only inverts and multiplies it; checked.',
    ),
    Case(
        id='bu-ninjax-init-std-if',
        source='https://github.com/danijar/ninjax',
        code="""\
import jax.numpy as jnp
import ninjax as nj

class Normalizer(nj.Module):
    eps: float = 1e-6

    def __call__(self, x):
        scale = self.value('scale', jnp.ones, x.shape[-1])
        if x.std() > 1.0:
            x = x / (x.std() + self.eps)
        return x * scale

norm = Normalizer(name='norm')
state = nj.init(norm)({}, jnp.linspace(-3.0, 3.0, 8))
""",
        kind='bool-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A module __call__ normalises only when the input's std exceeds 1 with a Python if; nj.init jits the call, so JAX raises TracerBoolConversionError (the message names args[1], which is x). jnp.where keeps the behaviour; checked.",
    ),
    Case(
        id='bu-ninjax-hidden-on-self',
        source='https://github.com/danijar/ninjax',
        code="""\
import jax
import jax.numpy as jnp
import ninjax as nj

class Encoder(nj.Module):
    def __call__(self, x):
        w = self.value('w', jnp.ones, (x.shape[-1], 4))
        h = jnp.tanh(x @ w)
        self.last_hidden = h
        return h

enc = Encoder(name='enc')
x = jnp.ones((2, 3))
state = nj.init(enc)({}, x)
state, h = jax.jit(nj.pure(enc))(state, x)
print(enc.last_hidden.mean())
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        use_line=16, fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A ninjax module keeps its hidden activation as a plain Python attribute instead of returning it; nj.init and the jitted nj.pure call store tracers there, and reading it afterwards raises UnexpectedTracerError. Return the activation from the pure function (ninjax state entries are the other supported route); an equivalent rewrite was run.',
    ),
    Case(
        id='bu-ninjax-init-static-list',
        source='https://github.com/danijar/ninjax/blob/e6023598a3463508c4e165ee03c671005459d801/ninjax/ninjax.py',
        code="""\
import jax
import jax.numpy as jnp
import ninjax as nj

class MLP(nj.Module):
    def __call__(self, x, sizes):
        for i, size in enumerate(sizes):
            w = self.value(f'w{i}', jnp.zeros, (x.shape[-1], size))
            x = jax.nn.relu(x @ w)
        return x

mlp = MLP(name='mlp')
init = nj.init(mlp, static_argnames=['sizes'])
state = init({}, jnp.ones((2, 3)), sizes=[16, 16])
""",
        kind='unhashable-static', argument='sizes', path='sizes', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="Layer sizes are passed through nj.init's jit options as a static keyword argument, but as a list; JAX raises ValueError (non-hashable static argument). Passing a tuple fixes it; checked.",
    ),
    Case(
        id='bu-ninjax-grad-loss-float',
        source='https://github.com/danijar/ninjax',
        code="""\
import jax.numpy as jnp
import ninjax as nj

class Regressor(nj.Module):
    def loss(self, x, y):
        w = self.value('w', jnp.zeros, (x.shape[-1],))
        mse = jnp.mean((x @ w - y) ** 2)
        print(f'mse {float(mse):.4f}')
        return mse

    def train(self, x, y):
        mse, params, grads = nj.grad(self.loss, [self])(x, y)
        for key, g in grads.items():
            self.write(key.split('/')[-1], params[key] - 0.1 * g)
        return mse

model = Regressor(name='reg')
state = nj.init(model.train)({}, jnp.ones((4, 3)), jnp.zeros(4))
""",
        kind='concretization', argument='x', path='x', line=8,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='The loss method logs float(mse) while nj.grad differentiates it inside the jitted nj.init; JAX raises ConcretizationTypeError. jax.debug.print (or returning the value) is the fix; checked with jax.debug.print.',
    ),
    Case(
        id='bu-ninjax-scan-traced-length',
        source='https://github.com/danijar/ninjax/blob/e6023598a3463508c4e165ee03c671005459d801/ninjax/ninjax.py',
        code="""\
import jax.numpy as jnp
import ninjax as nj

class WorldModel(nj.Module):
    def step(self, h, _):
        w = self.value('w', jnp.eye, h.shape[-1])
        h = jnp.tanh(h @ w)
        return h, h

    def imagine(self, h0, horizon):
        _, traj = nj.scan(self.step, h0, None, length=horizon)
        return traj

wm = WorldModel(name='wm')
state = nj.init(wm.imagine)({}, jnp.ones(4), 15)
""",
        kind='traced-shape', argument='horizon', path='horizon', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The imagination horizon reaches nj.scan(length=...) as a traced argument of nj.init; ninjax itself multiplies a list by the length to make per-step seeds and raises a plain TypeError (list * tracer) before lax.scan is reached. Making the horizon static (nj.init(..., static_argnums=2)) fixes it; checked.',
    ),
    Case(
        id='bu-ninjax-range-steps',
        source='https://github.com/danijar/dreamerv3/issues/100',
        code="""\
import jax
import jax.numpy as jnp
import ninjax as nj

class Cell(nj.Module):
    def __call__(self, x, steps):
        w = self.value('w', jnp.eye, x.shape[-1])
        for _ in range(steps):
            x = jnp.tanh(x @ w)
        return x

cell = Cell(name='cell')
state = {'cell/w': jnp.eye(3)}
run = jax.jit(nj.pure(cell))
state, out = run(state, jnp.ones(3), 5)
""",
        kind='integer-conversion', argument='steps', path='steps', line=8,
        fixes=('static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note='A recurrent cell unrolls a Python for loop over a step count that is a traced argument of jax.jit(nj.pure(cell)); range() raises TracerIntegerConversionError. static_argnums=2 keeps the unrolled loop; lax.fori_loop is an alternative for this read-only body; checked with static.',
    ),
    Case(
        id='bu-ninjax-vmap-np-clip',
        source='https://github.com/danijar/ninjax',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import ninjax as nj

class Preprocess(nj.Module):
    def __call__(self, img):
        mean = self.value('mean', jnp.zeros, img.shape[-1])
        img = np.clip(img, 0.0, 1.0)
        return img - mean

prep = Preprocess(name='prep')
state = {'prep/mean': jnp.full(3, 0.5)}
imgs = jnp.linspace(-1.0, 2.0, 12).reshape(4, 3)
state, out = jax.vmap(nj.pure(prep), in_axes=(None, 0))(state, imgs)
""",
        kind='array-conversion', argument='img', path='img', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Preprocessing in a module clips pixels with np.clip while the pure function is vmapped over a batch; NumPy calls __array__ on the batch tracer and JAX raises TracerArrayConversionError. jnp.clip fixes it; checked.',
    ),
    Case(
        id='bu-ninjax-field-type-traced',
        source='https://github.com/danijar/ninjax',
        code="""\
import jax.numpy as jnp
import ninjax as nj

class Dense(nj.Module):
    units: int = 8

    def __call__(self, x):
        w = self.value('w', jnp.zeros, (x.shape[-1], self.units))
        return x @ w

def forward(x, width):
    layer = Dense(units=width, name='dense')
    return layer(x)

state = nj.init(forward)({}, jnp.ones((2, 3)), 16)
""",
        kind='concretization', argument='width', path='width', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A typed hyperparameter field (units: int) receives a traced width because the width is an argument of the function given to nj.init; ninjax's own field type check raises TypeError ('not of type int'). Making the width static in nj.init fixes it; checked.",
    ),
    Case(
        id='bu-inox-dropout-training-flag',
        source='https://github.com/francois-rozet/inox/blob/6d00ea62b734a995eebb9eef35c8f0a760854a90/inox/nn/dropout.py',
        code="""\
import jax
import jax.numpy as jnp
import inox.nn as nn

class Net(nn.Module):
    def __init__(self, key):
        self.lin = nn.Linear(4, 4, key=key)
        self.drop = nn.TrainingDropout(0.2)

    def __call__(self, x):
        return self.drop(self.lin(x))

model = Net(jax.random.key(0))
model.train(False)
predict = jax.jit(lambda model, x: model(x))
predict(model, jnp.ones((2, 4)))
""",
        kind='bool-conversion', argument='model', path='model.drop.training', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="After model.train(False), the TrainingDropout flag is a Python bool leaf; with plain jax.jit it becomes a traced bool and inox's own `if self.training` raises TracerBoolConversionError. Using inox.jit, which treats non-array leaves as static, fixes it; checked.",
    ),
    Case(
        id='bu-inox-heads-reshape',
        source='https://github.com/francois-rozet/inox/blob/43793adb390dd772fcd362b44208c5e577a9261c/inox/lift.py',
        code="""\
import jax
import jax.numpy as jnp
import inox.nn as nn

class SelfAttentionScores(nn.Module):
    def __init__(self, dim, heads, key):
        self.heads = heads
        self.proj = nn.Linear(dim, dim, key=key)

    def __call__(self, x):
        q = self.proj(x).reshape(x.shape[0], self.heads, -1)
        return jnp.einsum('nhd,mhd->hnm', q, q)

@jax.jit
def forward(model, x):
    return model(x)

forward(SelfAttentionScores(8, 2, jax.random.key(0)), jnp.ones((3, 8)))
""",
        kind='traced-shape', argument='model', path='model.heads', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='An attention module stores its head count as an int attribute; plain jax.jit traces that leaf and reshape raises TypeError (shapes must be concrete). inox.jit keeps non-array leaves static; checked.',
    ),
    Case(
        id='bu-inox-activation-string',
        source='https://github.com/francois-rozet/inox/blob/43793adb390dd772fcd362b44208c5e577a9261c/inox/lift.py',
        code="""\
import jax
import jax.numpy as jnp
import inox.nn as nn

class Block(nn.Module):
    def __init__(self, key, activation='gelu'):
        self.lin = nn.Linear(4, 4, key=key)
        self.activation = activation

    def __call__(self, x):
        return getattr(jax.nn, self.activation)(self.lin(x))

def loss(block, x):
    return jnp.sum(block(x) ** 2)

block = Block(jax.random.key(0))
jax.value_and_grad(loss)(block, jnp.ones((2, 4)))
""",
        kind='non-array-argument', argument='block', path='block.activation', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A block stores its activation name as a string attribute and the user differentiates with jax.value_and_grad; JAX raises TypeError because a str leaf is not a valid JAX type. inox.value_and_grad masks non-array leaves as static; checked.',
    ),
    Case(
        id='bu-inox-numpy-freqs',
        source='https://github.com/francois-rozet/inox/blob/43793adb390dd772fcd362b44208c5e577a9261c/inox/lift.py',
        code="""\
import numpy as np
import inox
import inox.nn as nn

class TimeEmbedding(nn.Module):
    def __init__(self, dim):
        self.freqs = np.exp(-np.arange(dim) / dim)

    def __call__(self, t):
        return np.concatenate([np.sin(t * self.freqs), np.cos(t * self.freqs)])

embed = TimeEmbedding(8)
inox.jit(lambda model, t: model(t))(embed, 0.5)
""",
        kind='array-conversion', argument='model', path='model.freqs', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A NumPy frequency table stored on a module is an array leaf, so inox.jit traces it; NumPy sin/concatenate in __call__ then raise TracerArrayConversionError (the message names model.freqs). Using jnp functions fixes it; checked.',
    ),
    Case(
        id='bu-inox-running-mean-attr',
        source='https://github.com/francois-rozet/inox/blob/f1cbf69e98e99a7e2c8e22816d135d198e1c3b98/inox/nn/state.py',
        code="""\
import jax
import jax.numpy as jnp
import inox.nn as nn

class RunningNorm(nn.Module):
    def __init__(self, dim):
        self.mean = jnp.zeros(dim)

    def __call__(self, x):
        centered = x - self.mean
        self.mean = 0.9 * self.mean + 0.1 * x.mean(0)
        return centered

norm = RunningNorm(3)
step = jax.jit(lambda x: norm(x))
step(jnp.ones((4, 3)))
norm(jnp.ones((5, 3)))
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        use_line=10, fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="A module updates a running mean by assigning to self inside a jitted closure (the in-place mutation inox's state docs warn about); the next call reads the stored tracer and JAX raises UnexpectedTracerError. Return the new statistic (or use inox.nn.state) instead of storing it; an equivalent rewrite was run.",
    ),
    Case(
        id='bu-inox-missing-label-mask',
        source='https://github.com/francois-rozet/inox',
        code="""\
import jax
import jax.numpy as jnp
import inox
import inox.nn as nn

def masked_loss(model, x, y):
    pred = model(x)[:, 0]
    observed = y >= 0.0
    return jnp.mean((pred[observed] - y[observed]) ** 2)

model = nn.Linear(3, 1, key=jax.random.key(0))
x = jnp.ones((5, 3))
y = jnp.array([0.5, -1.0, 1.5, -1.0, 2.0])
inox.jit(inox.value_and_grad(masked_loss))(model, x, y)
""",
        kind='boolean-index', argument='y', path='y', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A loss drops missing labels (marked -1) by boolean indexing under inox.jit(inox.value_and_grad(...)); JAX raises NonConcreteBooleanIndexError. A jnp.where-masked sum divided by the count gives the same loss and gradient; checked.',
    ),
    Case(
        id='bu-inox-task-head-list',
        source='https://github.com/francois-rozet/inox',
        code="""\
import jax
import jax.numpy as jnp
import inox
import inox.nn as nn

class MultiTask(nn.Module):
    def __init__(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.trunk = nn.Linear(4, 8, key=k1)
        self.heads = [nn.Linear(8, 1, key=k2), nn.Linear(8, 1, key=k3)]

    def __call__(self, x, task):
        return self.heads[task](jax.nn.relu(self.trunk(x)))

model = MultiTask(jax.random.key(0))
inox.vmap(lambda x, task: model(x, task))(jnp.ones((3, 4)), jnp.array([0, 1, 1]))
""",
        kind='integer-conversion', argument='task', path='task', line=13,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='A multi-task model selects a head from a Python list with a task id that inox.vmap batches; list indexing calls __index__ and JAX raises TracerIntegerConversionError. Computing both heads and selecting with jnp.where (or lax.switch) fixes it; checked with jnp.where.',
    ),
    Case(
        id='bu-inox-static-opts-dict',
        source='https://github.com/francois-rozet/inox/blob/43793adb390dd772fcd362b44208c5e577a9261c/inox/lift.py',
        code="""\
import jax
import jax.numpy as jnp
import inox
import inox.nn as nn

def loss(model, x, opts):
    pred = model(x)
    if opts['squash']:
        pred = jnp.tanh(pred)
    return jnp.mean(pred ** 2)

model = nn.Linear(3, 2, key=jax.random.key(0))
step = inox.jit(inox.value_and_grad(loss), static_argnames=['opts'])
step(model, jnp.ones((4, 3)), opts={'squash': True})
""",
        kind='unhashable-static', argument='opts', path='opts', line=14,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='An options dict is marked static_argnames on inox.jit out of jax.jit habit; inox first wraps its leaves in Mask, the dict stays a dict, and JAX raises ValueError (non-hashable static argument). Dropping static_argnames lets inox treat the bool as static automatically; a hashable container also works; checked.',
    ),
]
