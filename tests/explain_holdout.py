"""Held-out real cases: own minimal reductions, written independently of jaxmagic.

Same format and rules as ``explain_corpus.py`` (see the ``Case`` field comments
there), but every case reduces a source that the corpus does not cite: other
GitHub issue / pull-request numbers in jax-ml/jax, and threads of JAX-using
projects (flax, optax-style code, equinox, diffrax, gymnax, brax, blackjax,
netket, ...).  Each cell's last statement is the failing call (JAX 0.10.2,
CPU); nothing before it raises.  Data only.
"""
from __future__ import annotations

from explain_corpus import Case

ISSUE = "https://github.com/jax-ml/jax/issues/"
PULL = "https://github.com/jax-ml/jax/pull/"


CASES: list[Case] = [
    # --- bool-conversion ---------------------------------------------------
    Case(
        id="ho-gh-pr-22098-config-and-traced-flag",
        source=PULL + "22098",
        code="""\
import jax
import jax.numpy as jnp

CLIP_OUTPUTS = True

@jax.jit
def postprocess(logits, clip_enabled):
    if CLIP_OUTPUTS and clip_enabled:
        return jnp.clip(logits, -5.0, 5.0)
    return logits

postprocess(jnp.array([7.0, -1.0]), True)
""",
        kind="bool-conversion", argument="clip_enabled", path="clip_enabled", line=8,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="`CONST and traced_flag` evaluates to the traced flag, then `if` calls bool() on it",
    ),
    Case(
        id="ho-gh-flax-pr-1903-triangular-schedule-step",
        source="https://github.com/google/flax/pull/1903",
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple

class TrainState(NamedTuple):
    params: dict
    step: jnp.ndarray

def triangular_lr(step, lr_min=1e-4, lr_max=1e-2, half_cycle=100):
    cycle_step = step % (2 * half_cycle)
    if cycle_step < half_cycle:
        return lr_min + cycle_step / half_cycle * (lr_max - lr_min)
    return lr_max - (cycle_step - half_cycle) / half_cycle * (lr_max - lr_min)

def loss_fn(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)

@jax.jit
def train_step(state, x, y):
    grads = jax.grad(loss_fn)(state.params, x, y)
    lr = triangular_lr(state.step)
    new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, state.params, grads)
    return TrainState(new_params, state.step + 1)

state = TrainState({"w": jnp.zeros((3, 1)), "b": jnp.zeros(1)}, jnp.array(0))
train_step(state, jnp.ones((4, 3)), jnp.ones((4, 1)))
""",
        kind="bool-conversion", argument="state", path="state.step", line=11,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="if/else learning-rate schedule on the step counter of a NamedTuple train state",
    ),
    Case(
        id="ho-gh-diffrax-379-max-steps-traced",
        source="https://github.com/patrick-kidger/diffrax/issues/379",
        code="""\
import jax
import jax.numpy as jnp

def euler_solve(y0, rate, max_steps):
    if max_steps == 1:
        return y0 * (1.0 + rate), y0[None]
    dt = 1.0 / max_steps
    ys = jnp.zeros((max_steps, y0.shape[0]))
    def body(i, carry):
        y, ys = carry
        y = y + dt * rate * y
        return y, ys.at[i].set(y)
    return jax.lax.fori_loop(0, max_steps, body, (y0, ys))

solve = jax.jit(euler_solve)
solve(jnp.ones(2), 0.5, 16)
""",
        kind="bool-conversion", argument="max_steps", path="max_steps", line=5,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="a solver's max_steps passed as a traced argument; it also sizes a buffer, so only static works",
    ),
    Case(
        id="ho-gh-23637-if-in-scan-body",
        source=ISSUE + "23637",
        code="""\
import jax
import jax.numpy as jnp

def fill_tank(level, inflow):
    if inflow > 8.0:
        inflow = 8.0
    level = level + inflow
    return level, level

@jax.jit
def simulate(start, inflows):
    final, history = jax.lax.scan(fill_tank, start, inflows)
    return history

simulate(0.0, jnp.array([4.0, 9.0, 6.0]))
""",
        kind="bool-conversion", argument="inflows", path="inflows", line=5,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="`if` in a lax.scan step function on the scanned-over element; jnp.where (or jnp.minimum)",
    ),
    Case(
        id="ho-gh-gymnax-83-bool-done-in-env-step",
        source="https://github.com/RobertTLange/gymnax/issues/83",
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple

class EnvState(NamedTuple):
    pos: jnp.ndarray
    time: jnp.ndarray

MAX_STEPS = 50

def step_env(state, action):
    time = state.time + 1
    done = time >= MAX_STEPS
    pos = state.pos + action
    if bool(done):
        pos = jnp.zeros_like(pos)
        time = jnp.zeros_like(time)
    return EnvState(pos, time), done

step = jax.jit(step_env)
step(EnvState(jnp.zeros(2), jnp.array(0)), jnp.array([0.5, -0.5]))
""",
        kind="bool-conversion", argument="state", path="state.time", line=15,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="explicit bool() on an episode-done flag to auto-reset inside a jitted env step",
    ),

    # --- concretization ----------------------------------------------------
    Case(
        id="ho-gh-pr-23228-scan-length-traced",
        source=PULL + "23228",
        code="""\
import jax
import jax.numpy as jnp

def decay(carry, _):
    return carry * 0.9, carry

@jax.jit
def rollout(x0, horizon):
    _, trajectory = jax.lax.scan(decay, x0, None, length=horizon)
    return trajectory

rollout(jnp.ones(3), 5)
""",
        kind="concretization", argument="horizon", path="horizon", line=9,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="lax.scan(length=...) needs a Python int; the horizon must be static",
    ),
    Case(
        id="ho-gh-5208-linspace-num-from-jnp-constants",
        source=ISSUE + "5208",
        code="""\
import jax
import jax.numpy as jnp

T0, T1, DT = 0.0, 1.0, 0.1

@jax.jit
def time_grid(offset):
    num_steps = jnp.maximum(jnp.abs((T1 - T0) / DT), 1).astype(int)
    ts = jnp.linspace(T0, T1, num_steps + 1)
    return ts + offset

time_grid(0.5)
""",
        kind="traced-shape", argument=None, path=None, line=9,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="grid size computed from module constants with jnp is traced; compute it with NumPy / Python",
    ),
    Case(
        id="ho-gh-phentax-pr-28-int-of-jnp-ceil",
        source="https://github.com/asantini29/phentax/pull/28",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

class Waveform:
    def __init__(self, duration, delta_t):
        self.duration = duration
        self.delta_t = delta_t

    @partial(jax.jit, static_argnums=0)
    def strain(self, amplitude):
        n_samples = int(jnp.ceil(self.duration / self.delta_t))
        t = jnp.arange(n_samples) * self.delta_t
        return amplitude * jnp.sin(2 * jnp.pi * t)

wf = Waveform(duration=2.0, delta_t=0.25)
wf.strain(1.5)
""",
        kind="concretization", argument=None, path=None, line=12,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="int(jnp.ceil(...)) of static attributes; math.ceil keeps it a Python int (astype would break arange)",
    ),
    Case(
        id="ho-gh-blackjax-1029-float-of-traced-step-size",
        source="https://github.com/blackjax-devs/blackjax/issues/1029",
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple

class AdaptationState(NamedTuple):
    log_step_size: jnp.ndarray
    trajectory_length: jnp.ndarray

def length_floor(trajectory_length, step_size, max_leapfrog=100):
    return jnp.clip(trajectory_length, step_size, step_size * max_leapfrog)

@jax.jit
def finalize(state):
    step_size = jnp.exp(state.log_step_size)
    length = length_floor(state.trajectory_length, float(step_size))
    return step_size, length

finalize(AdaptationState(jnp.array(-2.0), jnp.array(0.5)))
""",
        kind="concretization", argument="state", path="state.log_step_size", line=15,
        fixes=("astype",), verifiable=True, jax_fitting_fix=True,
        note="float() on a step size derived from the adaptation state; keep it traced",
    ),
    Case(
        id="ho-gh-pr-3670-repeat-without-total-length",
        source=PULL + "3670",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def segment_ids(lengths):
    return jnp.repeat(jnp.arange(lengths.shape[0]), lengths)

segment_ids(jnp.array([2, 3, 1]))
""",
        kind="traced-shape", argument="lengths", path="lengths", line=6,
        fixes=("size-argument",), verifiable=True, jax_fitting_fix=True,
        note="data-dependent repeats need total_repeat_length= under jit",
    ),
    Case(
        id="ho-gh-4418-where-indices-then-at-set",
        source=ISSUE + "4418",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def empty_slot_mask(dataset):
    rows, cols = jnp.where(~dataset.any(axis=2))
    mask = jnp.ones(dataset.shape[:2])
    return mask.at[rows, cols].set(0.0)

empty_slot_mask(jnp.array([[[1, 2], [0, 0]], [[0, 0], [3, 0]]]))
""",
        kind="traced-shape", argument="dataset", path="dataset", line=6,
        fixes=("jnp.where", "size-argument"), verifiable=False, jax_fitting_fix=False,
        note="one-argument where to get indices, then scatter; the three-argument where builds the mask directly",
    ),

    # --- integer-conversion ------------------------------------------------
    Case(
        id="ho-gh-2323-dynamic-slice-in-dim-traced-size",
        source=ISSUE + "2323",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def packed_batch_sums(packed, batch_sizes):
    def body(i, carry):
        offset, sums = carry
        size = batch_sizes[i]
        batch = lax.dynamic_slice_in_dim(packed, offset, size)
        return offset + size, sums.at[i].set(batch.sum())
    init = (0, jnp.zeros(batch_sizes.shape[0]))
    _, sums = lax.fori_loop(0, batch_sizes.shape[0], body, init)
    return sums

packed_batch_sums(jnp.arange(6.0), jnp.array([3, 2, 1]))
""",
        kind="traced-shape", argument="batch_sizes", path="batch_sizes", line=10,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="slice size read from data inside fori_loop; mask positions offset <= j < offset+size instead",
    ),
    Case(
        id="ho-gh-4309-list-index-under-vmap",
        source=ISSUE + "4309",
        code="""\
import jax
import jax.numpy as jnp

NEIGHBOURS = [(0, 1), (1, 2), (2, 0), (2, 1)]

@jax.jit
def edge_weights(grid, edge_ids):
    def one(n):
        i, j = NEIGHBOURS[n]
        return grid[i, j]
    return jax.vmap(one)(edge_ids)

edge_weights(jnp.arange(9.0).reshape(3, 3), jnp.arange(4))
""",
        kind="integer-conversion", argument="edge_ids", path="edge_ids", line=9,
        fixes=("jnp-not-builtin", "jnp-not-np"), verifiable=True, jax_fitting_fix=False,
        note="Python list of index pairs indexed by a vmapped index; make it a jnp array",
    ),
    Case(
        id="ho-gh-catalyst-pr-312-list-in-fori-body",
        source="https://github.com/PennyLaneAI/catalyst/pull/312",
        code="""\
import jax
import jax.numpy as jnp

ANGLES = [0.0, 0.25 * jnp.pi, 0.5 * jnp.pi]

def rotate(state, theta):
    c, s = jnp.cos(theta), jnp.sin(theta)
    return jnp.array([c * state[0] - s * state[1], s * state[0] + c * state[1]])

@jax.jit
def apply_rotations(state):
    def body(i, st):
        return rotate(st, ANGLES[i])
    return jax.lax.fori_loop(0, len(ANGLES), body, state)

apply_rotations(jnp.array([1.0, 0.0]))
""",
        kind="integer-conversion", argument="i", path="i", line=13,
        fixes=("jnp-not-builtin", "jnp-not-np"), verifiable=True, jax_fitting_fix=False,
        note="fori_loop's index is traced even with constant bounds; index a jnp array, not a list. The argument "
             "was None (no parameter of apply_rotations); relabelled `i`, the parameter of the body fori_loop "
             "traces, as eleven later helpers who had not read jaxmagic's code labelled the same pattern (issue 26, "
             "fortieth round)",
    ),

    # --- array-conversion --------------------------------------------------
    Case(
        id="ho-gh-netket-908-np-cos-schedule",
        source="https://github.com/netket/netket/issues/908",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from typing import NamedTuple

class SGDState(NamedTuple):
    count: jnp.ndarray

def restart_schedule(n, base_lr=0.1, restart=100):
    return (1 + np.cos(np.pi * (n % restart) / restart)) * base_lr / 2

@jax.jit
def sgd_update(grads, opt_state, params):
    lr = restart_schedule(opt_state.count)
    new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return new_params, SGDState(opt_state.count + 1)

params = {"w": jnp.ones(3)}
sgd_update({"w": jnp.full(3, 0.1)}, SGDState(jnp.array(0)), params)
""",
        kind="array-conversion", argument="opt_state", path="opt_state.count", line=10,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="optax-style schedule written with np.cos, evaluated on the traced step count",
    ),
    Case(
        id="ho-gh-brax-227-np-stack-in-scan-step",
        source="https://github.com/google/brax/issues/227",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

def physics_step(qp, action):
    control = np.stack([action, -action])
    vel = qp[1] + 0.1 * control[0]
    pos = qp[0] + 0.1 * vel
    return jnp.stack([pos, vel]), pos

@jax.jit
def rollout(qp0, actions):
    _, positions = jax.lax.scan(physics_step, qp0, actions)
    return positions

rollout(jnp.zeros((2, 3)), jnp.ones((4, 3)))
""",
        kind="array-conversion", argument="actions", path="actions", line=6,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="np.stack inside a lax.scan step function under jit",
    ),

    # --- boolean-index -----------------------------------------------------
    Case(
        id="ho-gh-probml-pr-70-sequence-mask-set",
        source="https://github.com/probml/probml-notebooks/pull/70",
        code="""\
import jax
import jax.numpy as jnp

def sequence_mask(scores, valid_lens, value=-1e6):
    maxlen = scores.shape[1]
    mask = jnp.arange(maxlen)[None, :] < valid_lens[:, None]
    return scores.at[~mask].set(value)

@jax.jit
def masked_softmax(scores, valid_lens):
    masked = sequence_mask(scores, valid_lens)
    return jax.nn.softmax(masked, axis=-1)

masked_softmax(jnp.ones((2, 4)), jnp.array([2, 3]))
""",
        kind="boolean-index", argument="valid_lens", path="valid_lens", line=7,
        fixes=("jnp.where",), verifiable=True, jax_fitting_fix=False,
        note="d2l-style attention masking with .at[~mask].set(); jnp.where(mask, scores, value)",
    ),
    Case(
        id="ho-gh-stheno-21-drop-nan-observations",
        source="https://github.com/wesselb/stheno/issues/21",
        code="""\
import jax
import jax.numpy as jnp

def gaussian_logpdf(y, mean, var):
    available = ~jnp.isnan(y)
    y_obs = y[available]
    m_obs = mean[available]
    return -0.5 * jnp.sum((y_obs - m_obs) ** 2 / var + jnp.log(2 * jnp.pi * var))

def neg_log_lik(lengthscale, y):
    mean = jnp.zeros_like(y)
    return -gaussian_logpdf(y, mean, lengthscale ** 2)

grad_fn = jax.jit(jax.grad(neg_log_lik))
grad_fn(1.0, jnp.array([0.3, jnp.nan, -0.2]))
""",
        kind="boolean-index", argument="y", path="y", line=6,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="dropping missing observations by mask inside jit(grad(...)); mask the summand with jnp.where instead",
    ),
    Case(
        id="ho-gh-2765-positive-hits-per-track",
        source=ISSUE + "2765",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def count_live_tracks(tracks):
    live = 0
    for trk in tracks:
        hits = trk[0]
        live = live + jnp.any(hits[hits > 0] > 1.0)
    return live

count_live_tracks(jnp.array([[[0.0, 2.0]], [[-1.0, 0.5]]]))
""",
        kind="boolean-index", argument="tracks", path="tracks", line=9,
        fixes=("jnp.where", "logical-op"), verifiable=True, jax_fitting_fix=False,
        note="filter-then-test per row; combine the two conditions instead of indexing",
    ),

    # --- traced-shape ------------------------------------------------------
    Case(
        id="ho-gh-5100-sampled-count-as-shape",
        source=ISSUE + "5100",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def subsample(data, key):
    n = data.shape[0]
    count_key, idx_key = jax.random.split(key)
    counts = jax.random.poisson(count_key, 1.0, (2,))
    idx = jax.random.randint(idx_key, (counts.sum(), 3), 0, n)
    return data[idx]

subsample(jnp.arange(50.0).reshape(10, 5), jax.random.key(0))
""",
        kind="traced-shape", argument="key", path="key", line=9,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="a random count used as a shape: static cannot help; draw a maximum-size sample and mask",
    ),
    Case(
        id="ho-gh-mistral-jax-1-kv-cache-prefix",
        source="https://github.com/AakashKumarNain/mistral_jax/issues/1",
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple

class DecodeState(NamedTuple):
    cache_k: jnp.ndarray
    pos: jnp.ndarray

@jax.jit
def attend(query, state):
    keys = state.cache_k[:state.pos]
    scores = keys @ query
    return jax.nn.softmax(scores)

attend(jnp.ones(4), DecodeState(jnp.ones((8, 4)), jnp.array(3)))
""",
        kind="traced-shape", argument="state", path="state.pos", line=11,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="KV-cache prefix slice up to the decode position; attend over the full cache with a position mask",
    ),
    Case(
        id="ho-gh-aesara-702-shape-passed-as-array",
        source="https://github.com/aesara-devs/aesara/issues/702",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def draw_noise(key, size, scale):
    return scale * jax.random.normal(key, shape=size)

draw_noise(jax.random.key(0), jnp.array([4, 2]), 0.1)
""",
        kind="traced-shape", argument="size", path="size", line=6,
        fixes=("static",), verifiable=False, jax_fitting_fix=False,
        note="the shape handed over as a JAX array; pass a tuple and mark it static",
    ),
    Case(
        id="ho-gh-pr-689-random-features-width",
        source=PULL + "689",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def random_features(x, n_features, sigma):
    key = jax.random.key(123)
    w_key, b_key = jax.random.split(key)
    W = jax.random.normal(w_key, (n_features, x.shape[-1])) / sigma
    b = 2 * jnp.pi * jax.random.uniform(b_key, (n_features,))
    return jnp.sqrt(2.0 / n_features) * jnp.cos(x @ W.T + b)

random_features(jnp.ones((4, 5)), 3, 1.0)
""",
        kind="traced-shape", argument="n_features", path="n_features", line=8,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="feature-map width passed as a traced argument and used in a random shape",
    ),
    Case(
        id="ho-gh-spu-pr-266-knn-neighbours-slice",
        source="https://github.com/secretflow/spu/pull/266",
        code="""\
import jax
import jax.numpy as jnp

def predict_one(x, X_train, y_train, n_neighbors):
    dists = jnp.sum((X_train - x) ** 2, axis=1)
    nearest = jnp.argsort(dists)[:n_neighbors]
    return jnp.bincount(y_train[nearest], length=3).argmax()

@jax.jit
def knn_predict(X_test, X_train, y_train, n_neighbors):
    return jax.vmap(predict_one, in_axes=(0, None, None, None))(X_test, X_train, y_train, n_neighbors)

knn_predict(jnp.ones((2, 2)), jnp.eye(4, 2), jnp.array([0, 1, 2, 1]), 3)
""",
        kind="traced-shape", argument="n_neighbors", path="n_neighbors", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="IndexError 'Slice entries must be static integers': k of a k-NN classifier is a hyperparameter",
    ),

    # --- leaked-tracer -----------------------------------------------------
    Case(
        id="ho-gh-pr-4312-global-key-split-in-jit",
        source=PULL + "4312",
        code="""\
import jax
import jax.numpy as jnp

key = jax.random.key(0)

@jax.jit
def init_bias(like):
    global key
    key, subkey = jax.random.split(key)
    return jnp.zeros_like(like) + jax.random.normal(subkey, ())

def init_weight():
    global key
    key, subkey = jax.random.split(key)
    return jax.random.normal(subkey, (3,))

init_bias(jnp.ones(3))
init_weight()
""",
        kind="leaked-tracer", argument=None, path=None, line=9,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="a global PRNG key reassigned inside a jitted initializer; the next eager split meets the tracer",
        use_line=14,
    ),
    Case(
        id="ho-gh-pr-13022-closure-leak-under-vmap",
        source=PULL + "13022",
        code="""\
import jax
import jax.numpy as jnp

class Recorder:
    def __init__(self):
        self.callbacks = {}

rec = Recorder()

def per_example(x):
    rec.callbacks["last"] = [lambda: x]
    return jnp.sin(x)

@jax.jit
def batched(xs):
    return jax.vmap(per_example)(xs)

def replay():
    return jnp.cos(rec.callbacks["last"][0]())

batched(jnp.arange(3.0))
replay()
""",
        kind="leaked-tracer", argument="xs", path="xs", line=11,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="a lambda closing over the per-example tracer is stored in an object's dict",
        use_line=19,
    ),

    # --- unhashable-static -------------------------------------------------
    Case(
        id="ho-gh-ctd-15-optimizer-state-static",
        source="https://github.com/google-research/computation-thru-dynamics/issues/15",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from typing import NamedTuple

class OptimizerState(NamedTuple):
    packed_state: list
    step: int

def sgd_init(params):
    return OptimizerState([params, jnp.zeros_like(params)], 0)

@partial(jax.jit, static_argnums=(1,))
def optimize_core(batch, opt_state):
    params, momentum = opt_state.packed_state
    momentum = 0.9 * momentum + batch.mean(0)
    return OptimizerState([params - 0.1 * momentum, momentum], opt_state.step + 1)

opt_state = sgd_init(jnp.zeros(3))
optimize_core(jnp.ones((4, 3)), opt_state)
""",
        kind="unhashable-static", argument="opt_state", path="opt_state", line=20,
        fixes=("not-static",), verifiable=True, jax_fitting_fix=False,
        note="optimizer state (a NamedTuple holding a list of arrays) marked static; it is data, so trace it",
    ),
    Case(
        id="ho-gh-6871-make-jaxpr-of-static-jit",
        source=ISSUE + "6871",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames="n_terms")
def taylor_exp(x, n_terms):
    term, total = jnp.ones_like(x), jnp.ones_like(x)
    for k in range(1, n_terms):
        term = term * x / k
        total = total + term
    return total

inspect = jax.make_jaxpr(taylor_exp)
inspect(jnp.array(0.5), 4)
""",
        kind="unhashable-static", argument="n_terms", path="n_terms", line=14,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="make_jaxpr traces every argument, so the static one reaches jit as a tracer; make_jaxpr(static_argnums=1)",
    ),

    # --- non-array-argument ------------------------------------------------
    Case(
        id="ho-gh-putting-nerf-pr-11-model-object-argument",
        source="https://github.com/codestella/putting-nerf-on-a-diet/pull/11",
        code="""\
import jax
import jax.numpy as jnp

class TinyMLP:
    def __init__(self, width):
        self.width = width

    def apply(self, params, x):
        h = jnp.tanh(x @ params["w1"])
        return h @ params["w2"]

def loss_fn(params, rays, target, model):
    return jnp.mean((model.apply(params, rays) - target) ** 2)

@jax.jit
def single_step(params, rays, target, model):
    grads = jax.grad(loss_fn)(params, rays, target, model)
    return jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)

model = TinyMLP(8)
params = {"w1": jnp.ones((3, 8)), "w2": jnp.ones((8, 3))}
single_step(params, jnp.ones((5, 3)), jnp.zeros((5, 3)), model)
""",
        kind="non-array-argument", argument="model", path="model", line=22,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="a model object passed positionally to a jitted train step",
    ),
    Case(
        id="ho-gh-equinox-pr-239-activation-in-params",
        source="https://github.com/patrick-kidger/equinox/pull/239",
        code="""\
import jax
import jax.numpy as jnp

def mlp(model, x):
    h = model["activation"](x @ model["w_in"])
    return h @ model["w_out"]

@jax.jit
def mse(model, x, y):
    return jnp.mean((mlp(model, x) - y) ** 2)

model = {"w_in": jnp.ones((2, 4)), "w_out": jnp.ones((4, 1)), "activation": jax.nn.relu}
mse(model, jnp.ones((3, 2)), jnp.zeros((3, 1)))
""",
        kind="non-array-argument", argument="model", path="model['activation']", line=13,
        fixes=("static",), verifiable=False, jax_fitting_fix=False,
        note="an activation function stored as a leaf of the parameter dict; split it out as its own static argument",
    ),
]
