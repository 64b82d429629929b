"""Held-out library cases (set C): blackjax, dynamax, jax-md, jaxlie, einops, jaxtyping.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / doc page (or a JAX doc page where no library thread showed the exact pattern),
written against the installed library versions: blackjax 1.7.1, dynamax 1.0.3, jax-md 0.2.29,
jaxlie 1.5.0, einops 0.8.2, jaxtyping 0.3.11 (+ beartype 0.23.1). Every cell was executed
statement by statement (all statements but the last must run cleanly, the last must raise) under
both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
and raised the same exception class on both (recorded in each note); the user-code line in the
traceback was checked against `line` (and `use_line` for leaks). The non-obvious top fixes were
applied by hand and re-run on both interpreters (astype on the HMC step size, static num_warmup,
static blackjax kernel, astype on the vmapped sigma, static jaxlie batch size).
dynamax's model classes (HMMs, LGSSM) cannot be imported with either JAX version (their
tensorflow_probability substrate fails on jax.interpreters.xla.pytype_aval_mappings), so the
dynamax cases use dynamax.utils (optimize.run_sgd / cluster.kmeans / utils.random_rotation),
which are the same code paths the model classes' fit_sgd and initialisers use.

Doubts about labels:
- lib-c-blackjax-warmup-traced-num-steps: JAX raises a TypeError about an unhashable jaxpr
  parameter (random_split shape); labelled traced-shape (a loop length) but the message reads
  like an unhashable-static problem.
- lib-c-dynamax-random-rotation-traced-dim: JAX's exception is TracerBoolConversionError (from
  dynamax's `if n == 1`); labelled traced-shape because n is a matrix dimension.
  bool-conversion is defensible, and jnp.where would NOT fix it.
- lib-c-jaxlie-traced-batch-axes: exception is 'Non-hashable static arguments' on a tracer
  (jaxlie's internal jit); labelled traced-shape, not unhashable-static.
- lib-c-einops-unpack-traced-packed-shapes: raised as TracerBoolConversionError inside einops;
  labelled traced-shape. Best fix is static on ps, which also needs tuple(ps) (a list is
  unhashable) or a closure, so verifiable=False and hashable-static is listed second.
- lib-c-einops-jnp-sqrt-grid-side: line is the rearrange call (8) where it raises; the real
  culprit is jnp.sqrt on line 7. argument=None because the tracer comes from a constant
  (tokens.shape[1]), not from a parameter's value.
- lib-c-jaxtyping-int-hint-traced-length: the exception is jaxtyping's TypeCheckError, not a
  JAX error; kind chosen as traced-shape (length is a pad size) - concretization would also be
  reasonable.
- Leak argument/path choices: the leaked value depends on several parameters. blackjax leak:
  state (and key), path state.position chosen although the leaked leaf JAX reports is a scalar
  (likely state.logdensity); dynamax leak: loss depends on params and batch; jaxlie leak:
  T_next depends on T and twist (chose the carry T, path T.wxyz_xyz); jax-md leak: chose R,
  though self.nbrs also feeds it (self is static).
- float() conversions (lib-c-blackjax-hmc-float-step-size, lib-c-jaxmd-vmap-float-sigma): the
  vocabulary has no "just drop float()" fix; ranked astype first (what JAX's message suggests),
  jnp-not-builtin second.
- lib-c-dynamax-kmeans-array-k: hashable-static (int(...)) vs numpy-for-static (compute k with
  NumPy/Python); argument/path None because no user function is involved.
- lib-c-jaxlie-se3-static-arg: path given as "pose" (a static argument is not flattened), not
  the leaf pose.wxyz_xyz.
- lib-c-einops-mask-visible-patches: only size-argument listed; jnp.where (zeroing the masked
  patches) keeps shapes but changes the computation's meaning.
- lib-c-jaxtyping-config-static-array-field: the first call succeeds and only the second
  (distinct but equal array) raises; the exception is a ValueError about metadata equality.
- lib-c-blackjax-window-adapt-if-logdensity: the traced theta is a NUTS trajectory position
  derived from the initial position; JAX's message names only blackjax-internal loop_state
  paths, so jax_fitting_fix=False.
- Dropped: jax_md neighbor_fn.allocate inside jit (raises TracerBoolConversionError on a
  box-derived constant inside jax_md; the real fix, "allocate outside jit", is not in the fix
  vocabulary).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-c-blackjax-window-adapt-if-logdensity',
        source='https://github.com/mlysy/pfjax/issues/3',
        code="""\
import jax
import jax.numpy as jnp
import blackjax

def logdensity(theta):
    if theta[1] <= 0:
        return -jnp.inf
    return -0.5 * (theta[0] / theta[1]) ** 2 - jnp.log(theta[1])

warmup = blackjax.window_adaptation(blackjax.nuts, logdensity)
key = jax.random.key(0)
warmup.run(key, jnp.array([0.5, 1.0]), num_steps=20)
""",
        kind='bool-conversion', argument='theta', path='theta', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern 1: Python `if` on a traced value inside the user's log-density; no user jit -- "
            "blackjax's window adaptation traces it inside its own scan/while_loop (NUTS trajectory "
            "builder). JAX's message names only blackjax-internal loop_state paths, not theta. Fix: "
            'jnp.where(theta[1] <= 0, -jnp.inf, ...). Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-c-blackjax-hmc-float-step-size',
        source='https://github.com/blackjax-devs/blackjax/issues/1029',
        code="""\
import jax
import jax.numpy as jnp
import blackjax

def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)

@jax.jit
def one_step(key, state, log_step_size):
    step_size = float(jnp.exp(log_step_size))
    hmc = blackjax.hmc(logdensity, step_size, jnp.ones(2), 5)
    return hmc.step(key, state)

state = blackjax.hmc.init(jnp.zeros(2), logdensity)
one_step(jax.random.key(0), state, jnp.log(0.1))
""",
        kind='concretization', argument='log_step_size', path='log_step_size', line=10,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note=(
            'float() on a traced step size before building the HMC kernel (the same pattern blackjax '
            'itself shipped in chees_adaptation, issue 1029). blackjax.hmc accepts an array step '
            "size, so jnp.exp(log_step_size) (or .astype(float), which JAX's message suggests) works; "
            'checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-c-blackjax-warmup-traced-num-steps',
        source='https://github.com/jax-ml/jax/issues/648',
        code="""\
import jax
import jax.numpy as jnp
import blackjax

def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)

warmup = blackjax.window_adaptation(blackjax.nuts, logdensity)

@jax.jit
def tune(key, position, num_warmup):
    (state, params), _ = warmup.run(key, position, num_steps=num_warmup)
    return params["step_size"]

tune(jax.random.key(0), jnp.zeros(3), 50)
""",
        kind='traced-shape', argument='num_warmup', path='num_warmup', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "num_steps of window_adaptation.run is a loop length; under the user's jit it is traced "
            'and blackjax passes it to jax.random.split as a shape. The exception is an odd TypeError '
            "('parameters to jaxpr equations must have __hash__ ... random_split ... shape was not "
            "hashable'), no static_argnums hint, hence jax_fitting_fix=False. "
            "static_argnames='num_warmup' verified to work. Both interpreters (py3.11/jax 0.10.2 and "
            'py3.13/jax 0.12.0.1) raise TypeError.'
        ),
    ),
    Case(
        id='lib-c-blackjax-state-leak-global-dict',
        source='https://github.com/awslabs/fortuna/pull/57',
        code="""\
import jax
import jax.numpy as jnp
import blackjax

def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)

nuts = blackjax.nuts(logdensity, 0.5, jnp.ones(2))
last = {}

@jax.jit
def step(key, state):
    new_state, info = nuts.step(key, state)
    last["state"] = new_state
    return new_state.position

state = nuts.init(jnp.zeros(2))
step(jax.random.key(0), state)
nuts.step(jax.random.key(1), last["state"])
""",
        kind='leaked-tracer', argument='state', path='state.position', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=19,
        note=(
            'Pattern 3: a blackjax HMCState built inside a jitted step is stashed in a module-level '
            'dict and later fed to nuts.step eagerly. Leak stored on line 14, raised on line 19. Fix: '
            'return the state from step (return-value); not a one-line mechanical rewrite. Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-c-blackjax-algorithm-as-jit-arg',
        source='https://github.com/codestella/putting-nerf-on-a-diet/pull/11',
        code="""\
import jax
import jax.numpy as jnp
import blackjax

def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)

def run(kernel, state, key):
    keys = jax.random.split(key, 10)
    state, _ = jax.lax.scan(lambda s, k: (kernel.step(k, s)[0], None), state, keys)
    return state.position

mala = blackjax.mala(logdensity, 0.1)
state = mala.init(jnp.zeros(2))
jax.jit(run)(mala, state, jax.random.key(0))
""",
        kind='non-array-argument', argument='kernel', path='kernel.init', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'The blackjax SamplingAlgorithm (a NamedTuple of init/step functions) is passed as a jit '
            'argument; its leaves are functions. JAX names path kernel.init and suggests '
            'static_argnums/static_argnames, which works (NamedTuple of functions is hashable; '
            'verified). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError '
            "('Error interpreting argument ... as an abstract array')."
        ),
    ),
    Case(
        id='lib-c-dynamax-run-sgd-if-loss',
        source='https://github.com/probml/dynamax/pull/415',
        code="""\
import jax.numpy as jnp
from dynamax.utils.optimize import run_sgd

def loss_fn(params, batch):
    resid = batch - params["mean"]
    if params["scale"] < 1e-3:
        return jnp.inf
    return jnp.mean(resid ** 2) / params["scale"] + jnp.log(params["scale"])

params = {"mean": jnp.zeros(()), "scale": jnp.ones(())}
data = jnp.linspace(-1.0, 1.0, 8).reshape(8, 1)
run_sgd(loss_fn, params, data, batch_size=4, num_epochs=2)
""",
        kind='bool-conversion', argument='params', path="params['scale']", line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern 1: dynamax.utils.optimize.run_sgd wraps the user's loss in "
            "jit(value_and_grad(loss_fn)); a Python `if` on params['scale'] fails during that "
            "library-owned trace (no user jit). JAX's message names params['scale']. Fix: jnp.where. "
            'Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-c-dynamax-kmeans-array-k',
        source='https://github.com/jax-ml/jax/issues/6233',
        code="""\
import jax
import jax.numpy as jnp
from dynamax.utils.cluster import kmeans

X = jax.random.normal(jax.random.key(0), (40, 2))
labels = jnp.array([0, 2, 1, 2, 0])
num_states = labels.max() + 1
kmeans(X, num_states, jax.random.key(1))
""",
        kind='unhashable-static', argument=None, path=None, line=8,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'dynamax.utils.cluster.kmeans is jitted with static_argnames k; the user computes the '
            'number of clusters with jnp (labels.max() + 1), so a jax Array reaches a static '
            'argument. No user function, so argument/path None. Fix: int(labels.max()) + 1 (a '
            'hashable Python int). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            "raise ValueError ('Non-hashable static arguments are not supported')."
        ),
    ),
    Case(
        id='lib-c-dynamax-random-rotation-traced-dim',
        source='https://github.com/QuantEcon/lecture-jax/issues/95',
        code="""\
import jax
import jax.numpy as jnp
from dynamax.utils.utils import random_rotation

@jax.jit
def make_dynamics(key, state_dim):
    A = 0.99 * random_rotation(key, state_dim)
    return A

make_dynamics(jax.random.key(0), 3)
""",
        kind='traced-shape', argument='state_dim', path='state_dim', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern 5: dynamax.utils.utils.random_rotation(seed, n) needs n as a Python int (`if n '
            "== 1`, jnp.eye(n)); the user's jit traces state_dim. The bool conversion happens inside "
            'dynamax, so the user line is the call on line 7; kind traced-shape because n is a matrix '
            "dimension. Fix: static_argnames='state_dim'. Both interpreters (py3.11/jax 0.10.2 and "
            'py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-c-dynamax-run-sgd-loss-leak',
        source='https://github.com/probml/dynamax/pull/415',
        code="""\
import jax.numpy as jnp
from dynamax.utils.optimize import run_sgd

seen_losses = []

def loss_fn(params, batch):
    loss = jnp.mean((batch - params["mean"]) ** 2)
    seen_losses.append(loss)
    return loss

params = {"mean": jnp.zeros(())}
data = jnp.linspace(-1.0, 1.0, 8).reshape(8, 1)
run_sgd(loss_fn, params, data, batch_size=4, num_epochs=2)
jnp.stack(seen_losses)
""",
        kind='leaked-tracer', argument='params', path="params['mean']", line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        use_line=14,
        note=(
            "Pattern 3: the user's loss callback appends each loss to a global list while run_sgd "
            'traces it under jit(value_and_grad); jnp.stack on the list afterwards hits the leaked '
            '(Linearize) tracer. Stored on line 8, raised on line 14. Fix: use the losses run_sgd '
            'returns (return-value) or jax.debug.print/callback for logging. Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-c-jaxmd-nve-energy-if-cutoff',
        source='https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError',
        code="""\
import jax
import jax.numpy as jnp
from jax_md import space, simulate

displacement, shift = space.free()

def energy_fn(R):
    dr = space.distance(displacement(R[0], R[1]))
    if dr > 1.5:
        return 0.0
    return (1.5 - dr) ** 2

init_fn, apply_fn = simulate.nve(energy_fn, shift, dt=1e-3)
R = jnp.array([[0.0, 0.0], [1.0, 0.2]])
init_fn(jax.random.key(0), R, kT=0.1)
""",
        kind='bool-conversion', argument='R', path='R', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern 2: no jit at all -- simulate.nve's init_fn computes forces with quantity.force "
            "(jax.grad of the user's energy), so `if dr > 1.5` sees a JVP tracer derived from R. Fix: "
            'jnp.where(dr > 1.5, 0.0, (1.5 - dr) ** 2). Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-c-jaxmd-neighbors-leak-self-attr',
        source='https://github.com/jax-md/jax-md/issues/161',
        code="""\
import functools
import jax
import jax.numpy as jnp
from jax_md import space, energy

box = 6.0
displacement, shift = space.periodic(box)
neighbor_fn, energy_fn = energy.soft_sphere_neighbor_list(displacement, box)

class Sim:
    def __init__(self, R):
        self.nbrs = neighbor_fn.allocate(R)

    @functools.partial(jax.jit, static_argnums=0)
    def energy(self, R):
        self.nbrs = self.nbrs.update(R)
        return energy_fn(R, neighbor=self.nbrs)

R = jax.random.uniform(jax.random.key(0), (20, 2)) * box
sim = Sim(R)
sim.energy(R)
sim.nbrs.update(R + 0.01)
""",
        kind='leaked-tracer', argument='R', path='R', line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=22,
        note=(
            'Pattern 3: a jax_md NeighborList updated inside a jitted method (self static) is '
            'assigned to self.nbrs; the next eager nbrs.update uses the leaked tracer. Stored on line '
            '16, raised on line 22. Fix: return the new neighbor list from energy (return-value). '
            'Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-c-jaxmd-vmap-float-sigma',
        source='https://docs.jax.dev/en/latest/errors.html#jax.errors.ConcretizationTypeError',
        code="""\
import jax
import jax.numpy as jnp
from jax_md import space, energy

displacement, shift = space.free()
R = jnp.array([[0.0, 0.0], [0.9, 0.0], [0.0, 1.1]])

def energy_at(sigma):
    energy_fn = energy.soft_sphere_pair(displacement, sigma=float(sigma))
    return energy_fn(R)

jax.vmap(energy_at)(jnp.linspace(0.8, 1.2, 5))
""",
        kind='concretization', argument='sigma', path='sigma', line=9,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note=(
            'Pattern 2: the value arrives through jax.vmap (a BatchTracer on 3.11, VmapTracer on '
            "3.13); float(sigma) is the user's own conversion before handing it to "
            "energy.soft_sphere_pair, which accepts arrays. JAX's message suggests x.astype(float), "
            'which works (verified). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            'raise ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-c-jaxlie-if-tangent-norm',
        source='https://docs.jax.dev/en/latest/control-flow.html',
        code="""\
import jax
import jax.numpy as jnp
import jaxlie

@jax.jit
def clamp_update(T, delta):
    if jnp.linalg.norm(delta) > 0.5:
        delta = delta * 0.5 / jnp.linalg.norm(delta)
    return T @ jaxlie.SE3.exp(delta)

clamp_update(jaxlie.SE3.identity(), jnp.full(6, 0.4))
""",
        kind='bool-conversion', argument='delta', path='delta', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Python `if` on the norm of a traced se(3) tangent vector before SE3.exp inside the '
            "user's jit. Fix: delta = jnp.where(norm > 0.5, delta * 0.5 / norm, delta). Both "
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-c-jaxlie-traced-batch-axes',
        source='https://github.com/brentyi/egoallo/issues/17',
        code="""\
import jax
import jax.numpy as jnp
import jaxlie

@jax.jit
def init_poses(key, num_poses):
    poses = jaxlie.SE3.sample_uniform(key, batch_axes=(num_poses,))
    return poses.translation()

init_poses(jax.random.key(0), 4)
""",
        kind='traced-shape', argument='num_poses', path='num_poses', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "jaxlie's batch_axes is a jdc.Static tuple; passing a traced count makes jaxlie's "
            'internal jit hash a tracer. Kind traced-shape (a batch size), although the exception '
            'reads like an unhashable-static one; no static_argnums hint in the message. Fix: '
            "static_argnames='num_poses' (verified). Both interpreters (py3.11/jax 0.10.2 and "
            "py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported "
            "... DynamicJaxprTracer')."
        ),
    ),
    Case(
        id='lib-c-jaxlie-se3-static-arg',
        source='https://github.com/google/flax/issues/2410',
        code="""\
import jax
import jax.numpy as jnp
import jaxlie

def transform_points(pose, points):
    return jax.vmap(pose.apply)(points)

transform = jax.jit(transform_points, static_argnames="pose")
pose = jaxlie.SE3.from_translation(jnp.array([1.0, 0.0, 0.0]))
transform(pose, jnp.zeros((5, 3)))
""",
        kind='unhashable-static', argument='pose', path='pose', line=10,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A jaxlie SE3 (a pytree dataclass holding a jax Array) is marked static; its generated '
            '__hash__ hashes the array. SE3 is a pytree, so the fix is to drop it from '
            'static_argnames (not-static). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            "0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported ... SE3')."
        ),
    ),
    Case(
        id='lib-c-jaxlie-vmap-np-asarray',
        source='https://github.com/jax-ml/jax/issues/12083',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import jaxlie

def to_world(pose, p):
    t = np.asarray(pose.translation())
    return pose.rotation() @ p + t

poses = jaxlie.SE3.sample_uniform(jax.random.key(0), batch_axes=(4,))
jax.vmap(to_world, in_axes=(0, None))(poses, jnp.ones(3))
""",
        kind='array-conversion', argument='pose', path='pose.wxyz_xyz', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern 2: poses is a batched SE3 mapped by jax.vmap; np.asarray on the translation of '
            'the per-example pose (leaf pose.wxyz_xyz) calls __array__ on a batch tracer. Fix: '
            'jnp.asarray or use the array directly. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-c-jaxlie-scan-history-leak',
        source='https://github.com/world-modelz/dreamax/issues/14',
        code="""\
import jax
import jax.numpy as jnp
import jaxlie

history = []

def integrate(T, twist):
    T_next = T @ jaxlie.SE3.exp(twist)
    history.append(T_next)
    return T_next, None

twists = jnp.full((5, 6), 0.1)
jax.lax.scan(integrate, jaxlie.SE3.identity(), twists)
history[-1].inverse()
""",
        kind='leaked-tracer', argument='T', path='T.wxyz_xyz', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=14,
        note=(
            'Pattern 3: each SE3 built inside a lax.scan body is appended to a global list; calling '
            '.inverse() on the last one afterwards uses the leaked tracer. Stored on line 9, raised '
            "on line 14. Fix: return the poses as the scan's stacked output (return-value). Both "
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-c-einops-jnp-sqrt-grid-side',
        source='https://github.com/jax-ml/jax/issues/5208',
        code="""\
import jax
import jax.numpy as jnp
from einops import rearrange

@jax.jit
def tokens_to_grid(tokens):
    side = jnp.sqrt(tokens.shape[1]).astype(jnp.int32)
    return rearrange(tokens, "b (h w) c -> b h w c", h=side)

tokens_to_grid(jnp.ones((2, 16, 3)))
""",
        kind='traced-shape', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'ViT-style grid side computed with jnp.sqrt on a static shape: under jit the result is a '
            'tracer that depends on no argument, and einops builds a reshape from it. Raised at the '
            'rearrange line 8; the culprit is line 7. Fix: side = math.isqrt(tokens.shape[1]) (numpy- '
            'for-static). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            "TypeError ('Shapes must be 1D sequences of concrete values'; the static_argnums hint "
            'does not fit).'
        ),
    ),
    Case(
        id='lib-c-einops-reduce-numpy-callable',
        source='https://github.com/arogozhnikov/einops/issues/93',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from einops import reduce

def median(t, axes):
    return np.median(t, axis=axes)

@jax.jit
def pool_time(x):
    return reduce(x, "b (t k) c -> b t c", median, k=2)

pool_time(jnp.arange(24.0).reshape(2, 4, 3))
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern 1: einops.reduce accepts a callable reduction and calls the user's median(t, "
            'axes) with the traced tensor; np.median converts it. Fix: jnp.median. Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-c-einops-unpack-traced-packed-shapes',
        source='https://github.com/arogozhnikov/einops/blob/main/docs/4-pack-and-unpack.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from einops import pack, unpack

cls_tok = jnp.zeros((2, 8))
patches = jnp.ones((2, 16, 8))
tokens, ps = pack([cls_tok, patches], "b * d")

@jax.jit
def head(tokens, ps):
    cls_out, patch_out = unpack(tokens, ps, "b * d")
    return cls_out + patch_out.mean(axis=1)

head(tokens, ps)
""",
        kind='traced-shape', argument='ps', path='ps[1][0]', line=11,
        fixes=('static', 'hashable-static'), verifiable=False, jax_fitting_fix=False,
        note=(
            'Pattern 2/4: the packed-shapes list from einops.pack is passed as a jit argument, so its '
            'ints become tracers (flattened pytree leaves) and unpack cannot split. JAX names '
            'ps[1][0]. static needs a hashable value (tuple(ps)) or a closure, so not a one-token '
            'rewrite. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError (inside einops).'
        ),
    ),
    Case(
        id='lib-c-einops-mask-visible-patches',
        source='https://docs.jax.dev/en/latest/errors.html#jax.errors.NonConcreteBooleanIndexError',
        code="""\
import jax
import jax.numpy as jnp
from einops import rearrange

@jax.jit
def keep_visible(patches, mask):
    visible = patches[:, mask]
    return rearrange(visible, "b n (p c) -> b n p c", p=4)

keep_visible(jnp.ones((2, 16, 8)), jnp.arange(16) % 4 != 0)
""",
        kind='boolean-index', argument='mask', path='mask', line=7,
        fixes=('size-argument',), verifiable=False, jax_fitting_fix=False,
        note=(
            'MAE-style boolean mask selecting visible patches before an einops rearrange. The number '
            'of kept patches is data-dependent; fix: idx = jnp.nonzero(mask, size=K)[0] with a known '
            'K (size-argument), not mechanically derivable. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-c-jaxtyping-int-hint-traced-length',
        source='https://github.com/beartype/beartype/issues/183',
        code="""\
import jax
import jax.numpy as jnp
from beartype import beartype
from jaxtyping import Array, Float, jaxtyped

@jaxtyped(typechecker=beartype)
def pad_to(x: Float[Array, " n"], length: int) -> Float[Array, " m"]:
    return jnp.pad(x, (0, length - x.shape[0]))

@jax.jit
def batch_pad(x, length):
    return pad_to(x, length)

batch_pad(jnp.ones(3), 5)
""",
        kind='traced-shape', argument='length', path='length', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern 5: a @jaxtyped(typechecker=beartype) helper annotates length: int; under the '
            "caller's jit the value is a tracer, so jaxtyping's own check rejects it before JAX sees "
            "anything. length is a pad size, so kind traced-shape. Fix: static_argnames='length' on "
            'batch_pad. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'jaxtyping.TypeCheckError.'
        ),
    ),
    Case(
        id='lib-c-jaxtyping-range-over-traced-iters',
        source='https://github.com/waymo-research/waymax/issues/14',
        code="""\
import jax
import jax.numpy as jnp
from beartype import beartype
from jaxtyping import Array, Float, Int, jaxtyped

@jaxtyped(typechecker=beartype)
def power_iterate(
    A: Float[Array, "n n"], v: Float[Array, " n"], num_iters: Int[Array, ""]
) -> Float[Array, " n"]:
    for _ in range(num_iters):
        v = A @ v
        v = v / jnp.linalg.norm(v)
    return v

jax.jit(power_iterate)(jnp.eye(3), jnp.ones(3), jnp.array(10))
""",
        kind='integer-conversion', argument='num_iters', path='num_iters', line=10,
        fixes=('lax.fori_loop', 'static'), verifiable=False, jax_fitting_fix=False,
        note=(
            "Python for-loop over range(num_iters) where num_iters is annotated Int[Array, ''] and "
            'traced by jit. Fix: lax.fori_loop(0, num_iters, ...); static would contradict the array '
            'annotation (beartype would reject a Python int). Both interpreters (py3.11/jax 0.10.2 '
            'and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-c-jaxtyping-config-static-array-field',
        source='https://github.com/jax-ml/jax/issues/7826',
        code="""\
import dataclasses
import numpy as np
import jax
import jax.numpy as jnp
from jaxtyping import Array, Float, Int

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class MLPConfig:
    scale: Float[Array, ""]
    widths: Int[np.ndarray, " layers"] = dataclasses.field(metadata=dict(static=True))

@jax.jit
def init_bias(cfg, key):
    return [cfg.scale * jax.random.normal(key, (int(w),)) for w in cfg.widths]

init_bias(MLPConfig(jnp.array(0.1), np.array([4, 4, 1])), jax.random.key(0))
init_bias(MLPConfig(jnp.array(0.1), np.array([4, 4, 1])), jax.random.key(1))
""",
        kind='unhashable-static', argument='cfg', path='cfg.widths', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'Pattern 4: a jaxtyping-annotated config dataclass marks an np.ndarray field static. The '
            'first call succeeds; the second call with an equal but distinct array makes JAX compare '
            "metadata (array __eq__ is elementwise). Fix: widths=(4, 4, 1) (hashable-static); JAX's "
            'message says metadata must be hashable and arrays cannot be metadata, which fits. Both '
            "interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Exception "
            "raised while checking equality of metadata fields')."
        ),
    ),
]
