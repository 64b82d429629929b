"""Held-out library cases (set F): dynamiqs, jax_dataclasses, jmp, xminigrid, jumanji.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / README / doc page, written against the installed library versions:
dynamiqs 0.3.7, jax_dataclasses 1.6.3, jmp 0.0.4, xminigrid (xland-minigrid) 0.9.3,
jumanji 1.1.2. Every cell was written to a .py file and run with both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
All statements but the last run cleanly and the last raises, with the same exception class on
both interpreters (recorded in each note); the first <module> frame of the traceback is the last
statement, and the user-code frame at `line` (and `use_line` for leaks) was checked in the
traceback. Every case marked verifiable=True had its top fix applied by hand and re-run on both
interpreters without error.
Counts: 5 dynamiqs, 5 jax_dataclasses, 4 jmp, 5 xminigrid, 5 jumanji. Kinds: bool-conversion 4,
traced-shape 4, array-conversion 3, leaked-tracer 3, unhashable-static 3, non-array-argument 3,
concretization 2, integer-conversion 1, boolean-index 1.

Doubts about labels:
- lib-f-dynamiqs-dsmesolve-traced-eta: the exception is TracerArrayConversionError (dynamiqs calls
  np.asarray(etas)); labelled concretization because dynamiqs needs eta as a compile-time value to
  choose which jump operators are measured (documented: "the values of etas must also be known at
  compile time"). array-conversion is defensible; jnp-not-np is not a possible fix (library code).
- lib-f-xminigrid-render-inside-jit: TracerArrayConversionError inside xminigrid's NumPy renderer.
  The real fix is "render outside jit" (return the timestep, render afterwards); 'return-value' is
  the closest fix kind but its vocabulary meaning is about leaks, so verifiable=False. The argument
  could also be `action` (the grid depends on both).
- lib-f-jumanji-rollout-traced-num-steps: JAX raises a TypeError about an unhashable jaxpr parameter
  (random_split shape), which reads like an unhashable-static problem; labelled traced-shape.
- lib-f-dynamiqs-jit-traced-fock-cutoff / lib-f-xminigrid-traced-grid-size: the traced value is
  used as a size inside the library (jnp.arange in dq.destroy; jnp.zeros in xminigrid's room()),
  so the line is the user's call into the library.
- Argument choices where the value depends on several inputs:
  * lib-f-jmp-if-all-finite-update: `finite` depends on w, loss_scale, x and y (JAX lists all four);
    chose w (the gradients are taken w.r.t. w).
  * lib-f-jmp-loss-scale-global-leak: the leaked loss scale depends on loss_scale and, through the
    finiteness of the gradients, on w, x, y; chose loss_scale.loss_scale.
  * lib-f-jdc-post-init-builtin-min: min(lo, hi) evaluates hi < lo, so both iv.lo and iv.hi are
    involved (JAX lists iv[0] and iv[1]); chose iv.lo, the field being clamped.
  * lib-f-jumanji-knapsack-reward-if-valid: argument is the user RewardFn's parameter is_valid;
    JAX's message instead names env.step's arguments (state.packed_items, state.remaining_budget,
    state.weights, action), since jax.jit(env.step) is the transformed function.
  * lib-f-jumanji-wrapper-records-states: the leaked board depends on state and action; chose
    state.board.
  * lib-f-dynamiqs-modulated-if-square-pulse / -timecallable-np-cos / -envelope-appends-to-global:
    the transformed function is dynamiqs' internal lambda around the user's envelope, traced by
    jax.eval_shape (no user jit); the argument is the user function's parameter t.
  * lib-f-jumanji-numpy-greedy-policy-in-scan: the failing line is in the helper greedy(observation);
    argument/path given for the scanned function play, as JAX reports them
    (carry[1].observation.action_mask). `observation.action_mask` of greedy is equally defensible.
- Static-argument paths: lib-f-xminigrid-xland-params-marked-static uses path "params" (a static
  argument is not flattened); the unhashable leaves are params.ruleset.{goal,rules,init_tiles}.
- lib-f-jdc-static-array-field: the first call succeeds, only the second (equal but distinct
  array) raises; JAX's message ("arrays cannot be passed as metadata fields") was counted as a
  fitting suggestion (jax_fitting_fix=True).
- Leak fixes: for lib-f-dynamiqs-envelope-appends-to-global the envelope is called by dynamiqs,
  so "return the value" means evaluating the envelope outside the solver; jax.debug.print listed
  second (logging). JAX's leak message ("functions explicitly return their outputs") was not
  counted as a fitting fix suggestion, as in the earlier sets.
- lib-f-jmp-float-loss-scale-print / lib-f-jdc-jit-static-list-arg / lib-f-jdc-callable-field-not-
  static: JAX's message suggests astype / nothing / static_argnums respectively; none of these is
  the fitting fix (marking the whole jdc layer static fails on its unhashable arrays; checked).

Libraries dropped (installed with the jax/jaxlib/flax/equinox/optax/numpy pins held, then
removed again): haliax 1.3 (fails to import with jax 0.10.2: `from jax._src.tree_util import
BuiltInKeyEntry`); navix 0.7.4, kfac-jax 0.0.8 and oryx (all import tensorflow_probability's JAX
substrate, which fails on `jax.interpreters.xla.pytype_aval_mappings` under both JAX versions).
Candidates dropped: jax_dataclasses __post_init__ deriving a static int with int(self.counts.sum())
(issue #3; ConcretizationTypeError on unflatten, but no fix kind in the vocabulary fits cleanly);
constructing a jumanji Knapsack inside jit from a traced num_items (with num_items static it
still fails: jumanji's BoundedArray spec check runs `if jnp.any(min > max)` on in-trace constants,
so the only fix is "build the env outside jit"); jmp.StaticLossScale holding a scalar array as a
jit argument (no error: scalar array metadata compares cleanly); xminigrid EnvParams with an
array max_steps (same reason); dynamiqs Rouchon1 with a traced static dt (no error); a vmapped
dq.fock_dm with a traced level (no error); a jmp policy picked with a Python ternary on a traced
flag and a vmapped list index into Pauli operators (both worked as cases but were cut to keep 24;
lax.switch could not replace the list index because dynamiqs' Pauli QArrays differ in pytree
structure); an xminigrid custom _generate_problem with a Python `if` on a random draw and an
xminigrid wrapper leaking its last timestep (cut to keep 24).
"""

from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-f-dynamiqs-modulated-if-square-pulse',
        source='https://github.com/dynamiqs/dynamiqs/pull/592',
        code="""\
import jax.numpy as jnp
import dynamiqs as dq

def drive(t):
    if t < 0.5:
        return 2.0
    return 0.0

H = dq.modulated(drive, dq.sigmax())
""",
        kind='bool-conversion', argument='t', path='t', line=5,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'A square drive envelope written with a Python `if` on the time t, passed to dq.modulated. No'
            ' user jit: dq.modulated immediately traces the envelope with jax.eval_shape(f, 0.0) '
            '(BatchedCallable) to learn its output shape, so the last statement (line 9) raises and the '
            "user line is 5. JAX's message names only a dynamiqs-internal <lambda> and the argument t. "
            'Fix: return jnp.where(t < 0.5, 2.0, 0.0) (verified: modulated + sesolve run). Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-f-dynamiqs-jit-traced-fock-cutoff',
        source='https://github.com/dynamiqs/dynamiqs/pull/429',
        code="""\
import jax
import jax.numpy as jnp
import dynamiqs as dq

@jax.jit
def photon_number(n_cut, alpha):
    a = dq.destroy(n_cut)
    psi = dq.coherent(n_cut, alpha)
    return dq.expect(a.dag() @ a, psi).real

photon_number(16, 1.5)
""",
        kind='traced-shape', argument='n_cut', path='n_cut', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'The Hilbert-space cutoff n_cut is a jit argument and is passed to dq.destroy, which builds '
            "jnp.arange(1, n) for the operator's diagonal: a size. Fix: static_argnames='n_cut' "
            "(verified). JAX only says 'It arose in the jnp.arange argument stop'. Both interpreters "
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-f-dynamiqs-timecallable-np-cos',
        source='https://github.com/dynamiqs/dynamiqs/pull/477',
        code="""\
import numpy as np
import jax.numpy as jnp
import dynamiqs as dq

omega = 2.0 * np.pi
def hamiltonian(t):
    return np.cos(omega * t) * dq.sigmax() + 0.5 * dq.sigmaz()

H = dq.timecallable(hamiltonian)
""",
        kind='array-conversion', argument='t', path='t', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A time-dependent Hamiltonian written with np.cos(omega * t) and wrapped with '
            'dq.timecallable; dynamiqs traces it at construction (jax.eval_shape in BatchedCallable), so '
            'the last statement (line 9) raises, user line 7. Fix: jnp.cos (verified: timecallable + '
            'sesolve run). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-f-dynamiqs-envelope-appends-to-global',
        source='https://github.com/dynamiqs/dynamiqs/pull/665',
        code="""\
import jax.numpy as jnp
import dynamiqs as dq

amplitudes = []

def envelope(t):
    amp = jnp.exp(-((t - 0.5) ** 2) / 0.02)
    amplitudes.append(amp)
    return amp

H = dq.modulated(envelope, dq.sigmax())
res = dq.sesolve(H, dq.ground(), jnp.linspace(0.0, 1.0, 11))
peak = jnp.max(jnp.stack(amplitudes))
""",
        kind='leaked-tracer', argument='t', path='t', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        use_line=13,
        note=(
            'The user wants to inspect the pulse amplitudes and appends each value inside the envelope '
            'passed to dq.modulated. dq.modulated traces it with eval_shape and sesolve traces it again '
            'under jit, so the list holds tracers; jnp.stack on line 13 raises. Stored on line 8 (created'
            ' on line 7). No mechanical fix: evaluate the envelope eagerly on a time grid / return the '
            'values, or use jax.debug.print / a callback for logging. Both interpreters (py3.11/jax '
            '0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-f-dynamiqs-dsmesolve-traced-eta',
        source='https://github.com/dynamiqs/dynamiqs/issues/1162',
        code="""\
import jax
import jax.numpy as jnp
import dynamiqs as dq

H = dq.zeros(2)
rho0 = dq.excited_dm()
tsave = (0.0, 0.25, 0.5, 0.75, 1.0)
keys = jax.random.split(jax.random.key(0), 4)
method = dq.method.Rouchon1(dt=0.05)

@jax.jit
def mean_sz(eta):
    res = dq.dsmesolve(H, [dq.sigmam()], [eta], rho0, tsave, keys, exp_ops=[dq.sigmaz()], method=method)
    return res.expects.real.mean()

mean_sz(0.8)
""",
        kind='concretization', argument='eta', path='eta', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'dq.dsmesolve documents that tsave must be a tuple and the etas must be known at compile time'
            ' (they decide which loss channels are measured: `if eta == 0` splits the jump operators). '
            "Here tsave is a tuple but the detection efficiency eta is a jit argument; dsmesolve's "
            'np.asarray(etas) hits the tracer. Root cause is a value needed concretely to pick a code '
            'path, so labelled concretization although the exception is an array conversion. Fix: '
            "static_argnames='eta' (verified). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax "
            '0.12.0.1) raise TracerArrayConversionError (raised inside dynamiqs).'
        ),
    ),
    Case(
        id='lib-f-jdc-config-field-not-static',
        source='https://github.com/brentyi/jax_dataclasses',
        code="""\
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc

@jdc.pytree_dataclass
class NoiseConfig:
    num_samples: int
    scale: float

@jax.jit
def sample_noise(cfg, key):
    eps = jax.random.normal(key, (cfg.num_samples, 2))
    return cfg.scale * eps

sample_noise(NoiseConfig(num_samples=16, scale=0.1), jax.random.key(0))
""",
        kind='traced-shape', argument='cfg', path='cfg.num_samples', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'A jdc.pytree_dataclass config whose integer num_samples is not wrapped in jdc.Static[], so '
            'it is a traced leaf inside jit and cannot be a shape for jax.random.normal. Fix: '
            "`num_samples: jdc.Static[int]` (verified). JAX's message suggests static_argnums, which also"
            ' works here (the frozen dataclass of an int and a float is hashable; verified). Both '
            "interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Shapes must be 1D"
            " sequences of concrete values of integer type')."
        ),
    ),
    Case(
        id='lib-f-jdc-static-array-field',
        source='https://github.com/brentyi/jax_dataclasses',
        code="""\
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc

@jdc.pytree_dataclass
class Camera:
    pose: jax.Array
    intrinsics: jdc.Static[jax.Array]

@jax.jit
def project(cam, points):
    p = points @ cam.pose[:3, :3].T + cam.pose[:3, 3]
    return (p @ cam.intrinsics.T)[:, :2] / p[:, 2:]

K = jnp.diag(jnp.array([500.0, 500.0, 1.0]))
project(Camera(pose=jnp.eye(4), intrinsics=K), jnp.ones((5, 3)))
project(Camera(pose=jnp.eye(4), intrinsics=K * 1.0), jnp.ones((5, 3)))
""",
        kind='unhashable-static', argument='cam', path='cam.intrinsics', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'A camera-intrinsics matrix (a jax.Array) is annotated jdc.Static[jax.Array], so it becomes '
            'treedef metadata. The first call (line 16) works; the second call with an equal but distinct'
            ' array makes JAX compare the metadata with ==, which is ambiguous for arrays. Fix: make it a'
            " normal field (not-static; verified). JAX's message says arrays cannot be metadata fields. "
            "Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Exception "
            "raised while checking equality of metadata fields')."
        ),
    ),
    Case(
        id='lib-f-jdc-jit-static-list-arg',
        source='https://github.com/brentyi/jax_dataclasses',
        code="""\
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc

@jdc.jit
def tile_image(img: jax.Array, reps: jdc.Static[list[int]]) -> jax.Array:
    return jnp.tile(img, reps)

tile_image(jnp.ones((4, 4)), [2, 3])
""",
        kind='unhashable-static', argument='reps', path='reps', line=9,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'jdc.jit turns parameters annotated jdc.Static[...] into static_argnames; the user annotates '
            'reps as jdc.Static[list[int]] and passes a list. Fix: pass a tuple (hashable-static; '
            'verified with tuple[int, ...] / (2, 3)). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax'
            " 0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported')."
        ),
    ),
    Case(
        id='lib-f-jdc-post-init-builtin-min',
        source='https://github.com/brentyi/jax_dataclasses/issues/3',
        code="""\
import jax
import jax.numpy as jnp
import jax_dataclasses as jdc

@jdc.pytree_dataclass
class Interval:
    lo: jax.Array
    hi: jax.Array

    def __post_init__(self):
        object.__setattr__(self, "lo", min(self.lo, self.hi))

@jax.jit
def width(iv):
    return iv.hi - iv.lo

width(Interval(lo=jnp.array(0.5), hi=jnp.array(2.0)))
""",
        kind='bool-conversion', argument='iv', path='iv.lo', line=11,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note=(
            "jax_dataclasses' unflatten calls the class constructor, so a user __post_init__ runs on "
            'tracers whenever the pytree is rebuilt inside jit (the library pattern of issue #3). The '
            '__post_init__ clamps lo with builtin min(), which needs bool(hi < lo). Eager construction on'
            ' line 17 is fine; the jit unflatten raises on line 11. Fix: jnp.minimum (verified). Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-f-jdc-callable-field-not-static',
        source='https://github.com/brentyi/jax_dataclasses',
        code="""\
import jax
import jax.numpy as jnp
from typing import Callable
import jax_dataclasses as jdc

@jdc.pytree_dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    activation: Callable[[jax.Array], jax.Array]

@jax.jit
def forward(layer, x):
    return layer.activation(x @ layer.w + layer.b)

layer = Dense(w=jnp.ones((3, 2)), b=jnp.zeros(2), activation=jax.nn.relu)
forward(layer, jnp.ones((4, 3)))
""",
        kind='non-array-argument', argument='layer', path='layer.activation', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A pytree_dataclass layer stores its activation function as an ordinary (child) field, so jit'
            ' tries to abstract jax.nn.relu (a custom_jvp) as an array. Fix: annotate '
            "jdc.Static[Callable[...]] (verified). JAX's message suggests static_argnums, but marking the"
            ' whole layer static fails (its arrays are unhashable; checked), so jax_fitting_fix=False. '
            "Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error "
            "interpreting argument ... as an abstract array', path layer[2])."
        ),
    ),
    Case(
        id='lib-f-jmp-if-all-finite-update',
        source='https://github.com/google-deepmind/jmp',
        code="""\
import jax
import jax.numpy as jnp
import jmp

def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)

@jax.jit
def train_step(w, loss_scale, x, y):
    grads = jax.grad(lambda w: loss_scale.scale(loss_fn(w, x, y)))(w)
    grads = loss_scale.unscale(grads)
    finite = jmp.all_finite(grads)
    loss_scale = loss_scale.adjust(finite)
    if finite:
        w = w - 0.01 * grads
    return w, loss_scale

loss_scale = jmp.DynamicLossScale(jnp.float32(2 ** 15))
train_step(jnp.zeros(3), loss_scale, jnp.ones((8, 3)), jnp.ones(8))
""",
        kind='bool-conversion', argument='w', path='w', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Dynamic loss scaling: the step skips the update with a Python `if` on jmp.all_finite(grads) '
            'instead of jmp.select_tree. The predicate depends on the gradients, i.e. on w, loss_scale, x'
            ' and y (JAX lists all four). Fix: w = jnp.where(finite, w - 0.01 * grads, w) (what '
            'jmp.select_tree does; verified). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-f-jmp-loss-scale-global-leak',
        source='https://github.com/google-deepmind/jmp',
        code="""\
import jax
import jax.numpy as jnp
import jmp

latest_scale = None

@jax.jit
def train_step(w, loss_scale, x, y):
    global latest_scale
    grads = jax.grad(lambda w: loss_scale.scale(jnp.mean((x @ w - y) ** 2)))(w)
    grads = loss_scale.unscale(grads)
    latest_scale = loss_scale.adjust(jmp.all_finite(grads))
    return w - 0.01 * grads

w = train_step(jnp.zeros(3), jmp.DynamicLossScale(jnp.float32(2 ** 15)), jnp.ones((8, 3)), jnp.ones(8))
jnp.log2(latest_scale.loss_scale)
""",
        kind='leaked-tracer', argument='loss_scale', path='loss_scale.loss_scale', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=16,
        note=(
            'The adjusted jmp.DynamicLossScale is stored in a module-level variable inside the jitted '
            'train step instead of being returned; jnp.log2 on its loss_scale afterwards hits the leaked '
            'tracer. Stored on line 12, raised on line 16. Fix: return the new loss scale from '
            'train_step. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-f-jmp-policy-as-jit-arg',
        source='https://github.com/google-deepmind/jmp/issues/28',
        code="""\
import jax
import jax.numpy as jnp
import jmp

def mlp(params, x):
    return jnp.tanh(x @ params["w"]) @ params["v"]

@jax.jit
def forward(params, x, policy):
    params, x = policy.cast_to_compute((params, x))
    return policy.cast_to_output(mlp(params, x))

policy = jmp.get_policy("params=float32,compute=bfloat16,output=float32")
params = {"w": jnp.ones((3, 8)), "v": jnp.ones((8, 1))}
forward(params, jnp.ones((2, 3)), policy)
""",
        kind='non-array-argument', argument='policy', path='policy', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'A jmp.Policy (frozen dataclass of dtypes, not a pytree) is passed as an ordinary jit '
            "argument. Fix: static_argnames='policy' (hashable; verified), or close over it. Both "
            "interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error "
            "interpreting argument ... as an abstract array', path policy)."
        ),
    ),
    Case(
        id='lib-f-jmp-float-loss-scale-print',
        source='https://github.com/google-deepmind/jmp',
        code="""\
import jax
import jax.numpy as jnp
import jmp

@jax.jit
def train_step(w, loss_scale, x, y):
    print(f"loss scale: {float(loss_scale.loss_scale):.0f}")
    grads = jax.grad(lambda w: loss_scale.scale(jnp.mean((x @ w - y) ** 2)))(w)
    grads = loss_scale.unscale(grads)
    finite = jmp.all_finite(grads)
    return jmp.select_tree(finite, w - 0.01 * grads, w), loss_scale.adjust(finite)

train_step(jnp.zeros(3), jmp.DynamicLossScale(jnp.float32(2 ** 15)), jnp.ones((8, 3)), jnp.ones(8))
""",
        kind='concretization', argument='loss_scale', path='loss_scale.loss_scale', line=7,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Logging the current dynamic loss scale with print(f'{float(...)}') inside the jitted step. "
            "Fix: jax.debug.print('loss scale: {s:.0f}', s=loss_scale.loss_scale) (verified). JAX's "
            'message suggests astype, which does not fit a print. JAX reports the argument as '
            'loss_scale[0]. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-f-xminigrid-render-inside-jit',
        source='https://github.com/dunnolab/xland-minigrid/issues/8',
        code="""\
import jax
import jax.numpy as jnp
import xminigrid

env, params = xminigrid.make("MiniGrid-Empty-6x6")

@jax.jit
def step_and_render(timestep, action):
    timestep = env.step(params, timestep, action)
    frame = env.render(params, timestep)
    return timestep, frame

timestep = jax.jit(env.reset)(params, jax.random.key(0))
step_and_render(timestep, 2)
""",
        kind='array-conversion', argument='timestep', path='timestep.state.grid', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note=(
            'env.render is NumPy code (rgb_render(np.asarray(timestep.state.grid), ...)); the user calls '
            'it inside a jitted step. The grid depends on the timestep argument and the action. Fix: '
            'return the timestep from the jitted function and render outside it; no fix in the vocabulary'
            ' matches exactly. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerArrayConversionError (raised inside xminigrid).'
        ),
    ),
    Case(
        id='lib-f-xminigrid-xland-params-marked-static',
        source='https://github.com/dunnolab/xland-minigrid/blob/main/src/xminigrid/environment.py',
        code="""\
import jax
import jax.numpy as jnp
import xminigrid
from functools import partial

env, params = xminigrid.make("XLand-MiniGrid-R1-9x9")

@partial(jax.jit, static_argnames="params")
def first_observation(params, key):
    return env.reset(params, key).observation

first_observation(params, jax.random.key(0))
""",
        kind='unhashable-static', argument='params', path='params', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "EnvParams' height/width/max_steps are pytree_node=False ('you CAN NOT vmap on them'), which "
            'leads the user to mark the whole XLandEnvParams static; but its ruleset field holds jax '
            "arrays, so the flax struct's __hash__ fails. Fix: pass params as a normal argument (its "
            'static fields stay static through the treedef; verified). Both interpreters (py3.11/jax '
            "0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable static arguments are not "
            "supported', caused by TypeError unhashable ArrayImpl)."
        ),
    ),
    Case(
        id='lib-f-xminigrid-traced-grid-size',
        source='https://github.com/dunnolab/xland-minigrid/blob/main/src/xminigrid/environment.py',
        code="""\
import jax
import jax.numpy as jnp
import xminigrid

env, params = xminigrid.make("MiniGrid-Empty-8x8")

@jax.jit
def reset_sized(size, key):
    p = params.replace(height=size, width=size)
    return env.reset(p, key).observation

reset_sized(6, jax.random.key(0))
""",
        kind='traced-shape', argument='size', path='size', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "The grid size is a jit argument written into EnvParams' static height/width with "
            "params.replace; the environment's room() then calls jnp.zeros((height, width, 2)). Raised "
            "inside env.reset (line 10). Fix: static_argnames='size' (verified); JAX's message suggests "
            'static_argnums. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            "TypeError ('Shapes must be 1D sequences of concrete values of integer type')."
        ),
    ),
    Case(
        id='lib-f-xminigrid-task-list-traced-index',
        source='https://github.com/dunnolab/xland-minigrid',
        code="""\
import jax
import jax.numpy as jnp
import xminigrid

tasks = [xminigrid.make(name) for name in ("MiniGrid-Empty-5x5", "MiniGrid-FourRooms", "MiniGrid-DoorKey-8x8")]

@jax.jit
def task_reset(task_id, key):
    env, params = tasks[task_id]
    return env.reset(params, key).observation

task_reset(1, jax.random.key(0))
""",
        kind='integer-conversion', argument='task_id', path='task_id', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Multi-task setup: a Python list of (env, params) pairs from xminigrid.make indexed with a '
            'jitted task id. The environments differ in Python structure and grid shape, so the index '
            "must be static: static_argnames='task_id' (verified). Both interpreters (py3.11/jax 0.10.2 "
            'and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-f-xminigrid-masked-episode-return',
        source='https://github.com/dunnolab/xland-minigrid/issues/17',
        code="""\
import jax
import jax.numpy as jnp
import xminigrid
from xminigrid.types import StepType

env, params = xminigrid.make("MiniGrid-Empty-5x5")

def episode_return(key):
    ts = env.reset(params, key)
    def body(ts, k):
        ts = env.step(params, ts, jax.random.randint(k, (), 0, 3))
        return ts, (ts.reward, ts.step_type == StepType.LAST)
    _, (rewards, done) = jax.lax.scan(body, ts, jax.random.split(key, 40))
    return rewards[done].sum()

jax.vmap(episode_return)(jax.random.split(jax.random.key(0), 8))
""",
        kind='boolean-index', argument='key', path='key', line=14,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note=(
            'A vmapped random rollout (lax.scan over env.step) sums the rewards of the LAST steps with a '
            'boolean mask rewards[done]. Fix: jnp.where(done, rewards, 0.0).sum() (same value; verified).'
            ' Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-f-jumanji-knapsack-reward-if-valid',
        source='https://instadeepai.github.io/jumanji/api/environments/knapsack/',
        code="""\
import jax
import jax.numpy as jnp
from jumanji.environments import Knapsack
from jumanji.environments.packing.knapsack.reward import RewardFn

class ValueAtEnd(RewardFn):
    def __call__(self, state, action, next_state, is_valid, is_done):
        if is_valid and is_done:
            return jnp.dot(next_state.packed_items, next_state.values)
        return jnp.array(0.0)

env = Knapsack(reward_fn=ValueAtEnd())
state, ts = jax.jit(env.reset)(jax.random.key(0))
jax.jit(env.step)(state, jnp.array(3))
""",
        kind='bool-conversion', argument='is_valid', path='is_valid', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'A user Knapsack RewardFn (the pluggable reward_fn) uses `if is_valid and is_done:`; '
            "Knapsack.step calls it under jax.jit(env.step), where is_valid/is_done are traced. JAX's "
            'message names the arguments of env.step (state.packed_items, ..., action), not the reward '
            "function's parameters. Fix: jnp.where(is_valid & is_done, value, 0.0) (verified). Both "
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-f-jumanji-env-as-jit-arg',
        source='https://github.com/instadeepai/jumanji',
        code="""\
import jax
import jax.numpy as jnp
import jumanji

def random_rollout(env, key, num_steps):
    state, ts = env.reset(key)
    def body(state, k):
        action = jax.random.randint(k, (), 0, 4)
        state, ts = env.step(state, action)
        return state, ts.reward
    _, rewards = jax.lax.scan(body, state, jax.random.split(key, num_steps))
    return rewards.sum()

env = jumanji.make("Snake-v1")
jax.jit(random_rollout, static_argnums=2)(env, jax.random.key(0), 50)
""",
        kind='non-array-argument', argument='env', path='env', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'A rollout helper takes the jumanji environment as its first argument and is jitted with only'
            ' num_steps static; a Snake environment is not a pytree. Fix: static_argnums=(0, 2) '
            '(environments hash by identity; verified), or close over env. Both interpreters (py3.11/jax '
            "0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an "
            "abstract array', path env)."
        ),
    ),
    Case(
        id='lib-f-jumanji-wrapper-records-states',
        source='https://instadeepai.github.io/jumanji/guides/wrappers/',
        code="""\
import jax
import jax.numpy as jnp
import jumanji
from jumanji.wrappers import Wrapper

class RecordStates(Wrapper):
    def __init__(self, env):
        super().__init__(env)
        self.history = []

    def step(self, state, action):
        state, timestep = self._env.step(state, action)
        self.history.append(state)
        return state, timestep

env = RecordStates(jumanji.make("Game2048-v1"))
state, ts = jax.jit(env.reset)(jax.random.key(0))
step = jax.jit(env.step)
for a in [0, 1, 2, 3]:
    state, ts = step(state, jnp.array(a))
best_tile = jnp.stack([s.board.max() for s in env.history]).max()
""",
        kind='leaked-tracer', argument='state', path='state.board', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=21,
        note=(
            'A user jumanji Wrapper appends every state to self.history inside step; env.step is jitted, '
            'so the history holds the tracer from the single trace. jnp.stack over the boards on line 21 '
            'raises. Stored on line 13. Fix: return the states (e.g. collect them from a lax.scan '
            'rollout). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-f-jumanji-rollout-traced-num-steps',
        source='https://instadeepai.github.io/jumanji/guides/advanced_usage/',
        code="""\
import jax
import jax.numpy as jnp
import jumanji

env = jumanji.make("Snake-v1")

@jax.jit
def random_rollout(key, num_steps):
    state, timestep = env.reset(key)
    def body(state, k):
        state, timestep = env.step(state, jax.random.randint(k, (), 0, 4))
        return state, timestep.reward
    _, rewards = jax.lax.scan(body, state, jax.random.split(key, num_steps))
    return rewards.sum()

random_rollout(jax.random.key(0), 100)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "The docs' run_n_steps rollout, jitted with the rollout length as an ordinary argument; "
            'jax.random.split(key, num_steps) needs it as a static shape (the docs vmap it with '
            "in_axes=None instead). Fix: static_argnames='num_steps' (verified). Both interpreters "
            "(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('parameters to jaxpr equations "
            "must have __hash__ ... random_split ... shape')."
        ),
    ),
    Case(
        id='lib-f-jumanji-numpy-greedy-policy-in-scan',
        source='https://instadeepai.github.io/jumanji/guides/advanced_usage/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jumanji

env = jumanji.make("Game2048-v1")
preference = np.array([4.0, 3.0, 2.0, 1.0])

def greedy(observation):
    return np.argmax(np.where(observation.action_mask, preference, -np.inf))

def play(carry, _):
    state, timestep = carry
    state, timestep = env.step(state, greedy(timestep.observation))
    return (state, timestep), timestep.reward

state, timestep = env.reset(jax.random.key(0))
jax.lax.scan(play, (state, timestep), None, length=20)
""",
        kind='array-conversion', argument='carry', path='carry[1].observation.action_mask', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A greedy Game2048 policy written with np.argmax/np.where over the action mask, called from a'
            " lax.scan rollout body (no jit): the scan traces play, and the observation's action_mask is "
            'a tracer. JAX reports the argument carry[1].observation.action_mask. Fix: '
            'jnp.argmax/jnp.where (verified). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
]
