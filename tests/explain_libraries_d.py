"""Held-out library cases (set D): flashbax, gymnax, evosax, pgx, quax, penzai, distreqx.

How these were built: each case is my own minimal reduction of an error pattern that users of
these libraries hit, found through GitHub issues/PRs and the libraries' READMEs/docs (the URL in
`source`; for several cases the cited page shows the API usage pattern rather than the exact bug).
Every cell was run as-is under both interpreters by executing all statements but the last, then the
last one alone, and recording the exception class and the user lines in the traceback:
  python3                   Python 3.11.7, jax 0.10.2  (flashbax 0.1.3, gymnax 1.0.1, evosax 0.3.2,
                            pgx 2.6.0, quax 0.4.6, penzai 0.2.5, distreqx 0.0.3)
  /tmp/venv313/bin/python   Python 3.13.0, jax 0.12.0.1 (same versions except gymnax 0.0.9)
All 24 raise the same exception class on both. For the cases marked verifiable the first fix was
applied to a copy of the cell and re-run under both interpreters without error. The gymnax cells avoid
unpacking env.step's output because gymnax 1.0.1 returns 6 values and 0.0.9 returns 5.
No library here raised its own exception class for a traced input; pattern 5 (a library's own check)
shows up as library-side Python checks that raise a JAX error (flashbax's sample_batch_size
validation). A similar evosax case (Open_ES's `assert population_size % 2 == 0`) and others were
dropped to keep the kinds balanced.

Doubts about labels:
- lib-d-flashbax-traced-sample-batch-size: the exception is TracerBoolConversionError from the
  library's validation `if`, but the cause is a traced size, so I labelled traced-shape (per the
  rule "use the kind JAX would use for the same cause"). bool-conversion is a defensible alternative.
- lib-d-gymnax-rollout-num-steps-traced: the exception is an odd TypeError about unhashable jaxpr
  params (random.split with a traced count), not a ConcretizationTypeError; I labelled traced-shape
  because the count is effectively the scan length.
- lib-d-flashbax-buffer-object-as-jit-arg: path given as "buffer.add" (the first leaf JAX names);
  "buffer" alone is also reasonable.
- lib-d-evosax-early-stop-break-on-best-fitness: the condition depends on key and on every field of
  state after tell (JAX lists them all); I chose argument "state", path "state.best_fitness".
- lib-d-gymnax-env-state-leak-self-attr: the first leaked leaf JAX reports is the int32 `time` field,
  a constant in reset; the state as a whole depends on `key`, so argument/path "key". None would also
  be arguable.
- lib-d-evosax-es-state-leak-global-list: the state depends on both key and mean; the leaked leaf
  reported is float32[2] (the mean), so argument "mean".
- Leaks (4 cases): line = the line that stores the tracer, use_line = the user line where JAX
  raises (for gymnax the method line 14, reached from the last statement). verifiable=False for all
  leaks because the return-value fix also changes the call site.
- lib-d-pgx-if-terminated-under-vmap: lax.cond listed before jnp.where since the branches return a
  whole State pytree; a tree-mapped jnp.where is the array-level alternative and under vmap both
  lower to select.
- lib-d-pgx-legal-action-mask-boolean-index: the real fix (masked logits + categorical) is only
  loosely "jnp.where"; size-argument is listed second but needs fill-value handling.
- lib-d-quax-custom-rule-float-on-operand: the failing line is in a dispatch rule called by quax;
  the jitted function's parameter and the rule's parameter are both named y, so argument "y" is
  unambiguous, but the best fix (jnp.where folded into Scaled, or deleting the special case) is a
  judgement call; kind concretization because float() raises ConcretizationTypeError.
- lib-d-penzai-layer-call-if-on-norm: path "x.data_array" (the NamedArray leaf JAX names); verifiable
  False because a plain jnp.where on a NamedArray with named axes fails.
- lib-d-penzai-vmapped-window-slice-start: jax_fitting_fix False: jax 0.10.2 gives no hint;
  jax 0.12 suggests jax.ds / lax.dynamic_slice, which fits in spirit but needs nmap/untag for a
  NamedArray.
- lib-d-penzai-named-shape-dict-static: verifiable True assumes a tool can rewrite both the call
  (tuple of pairs) and the use (dict(...)); if only one line may change, it is False.
- lib-d-distreqx-censored-boolean-mask: verifiable False because the jnp.where rewrite spans the
  selection and the following log_prob/sum line.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-d-flashbax-traced-sample-batch-size',
        source='https://github.com/instadeepai/flashbax/pull/4',
        code="""\
import jax
import jax.numpy as jnp
import flashbax as fbx


@jax.jit
def sample_batch(key, batch_size):
    buffer = fbx.make_item_buffer(max_length=64, min_length=1, sample_batch_size=batch_size)
    state = buffer.init({"obs": jnp.zeros(3)})
    state = buffer.add(state, {"obs": jnp.ones(3)})
    return buffer.sample(state, key).experience


sample_batch(jax.random.PRNGKey(0), 8)
""",
        kind='traced-shape', argument='batch_size', path='batch_size', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Buffer factory called inside jit with the sample batch size passed as a jit argument. flashbax's own validation (`if sample_batch_size > max_length: raise ValueError`, added in PR #4) compares the tracer, so JAX raises TracerBoolConversionError inside the library; the root cause is a traced size, hence traced-shape. Fix: static_argnames='batch_size' (or build the buffer outside jit). Seen: TracerBoolConversionError on both.",
    ),
    Case(
        id='lib-d-flashbax-buffer-state-leak-global-dict',
        source='https://github.com/instadeepai/flashbax/issues/17',
        code="""\
import jax
import jax.numpy as jnp
import flashbax as fbx

buffer = fbx.make_flat_buffer(max_length=32, min_length=2, sample_batch_size=2)
cache = {}


@jax.jit
def init_buffer(obs):
    state = buffer.init({"obs": obs})
    cache["state"] = state
    return obs.sum()


init_buffer(jnp.zeros(4))
add = jax.jit(buffer.add)
add(cache["state"], {"obs": jnp.ones(4)})
""",
        kind='leaked-tracer', argument='obs', path='obs', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=18,
        note='Buffer state initialised inside a jitted function (as suggested in flashbax#17) but kept by writing it into a module-level dict instead of returning it; the later jitted buffer.add receives the stale tracer. Fix: return the state from the jitted function. Seen: UnexpectedTracerError on both.',
    ),
    Case(
        id='lib-d-flashbax-buffer-object-as-jit-arg',
        source='https://github.com/instadeepai/flashbax/issues/17',
        code="""\
import jax
import jax.numpy as jnp
import flashbax as fbx


def train_step(buffer, state, transition):
    state = buffer.add(state, transition)
    return state


buffer = fbx.make_item_buffer(max_length=16, min_length=1, sample_batch_size=2)
state = buffer.init({"obs": jnp.zeros(2)})
step = jax.jit(train_step)
step(buffer, state, {"obs": jnp.ones(2)})
""",
        kind='non-array-argument', argument='buffer', path='buffer.add', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The TrajectoryBuffer (a dataclass pytree whose leaves are the add/sample/init functions) is passed as an ordinary jit argument. Maintainers in flashbax#17 say to pass it as a static argument; it is hashable, so static_argnums=0 works, and JAX's message says exactly that. Seen: TypeError 'Error interpreting argument ... as an abstract array ... at path buffer.add' on both.",
    ),
    Case(
        id='lib-d-gymnax-custom-env-step-env-if-action',
        source='https://github.com/RobertTLange/gymnax/issues/83',
        code="""\
import jax
import jax.numpy as jnp
from flax import struct
from gymnax.environments import environment


@struct.dataclass
class State(environment.EnvState):
    pos: jax.Array


class Walk(environment.Environment):
    def step_env(self, key, state, action, params):
        if action == 1:
            pos = state.pos + 1.0
        else:
            pos = state.pos - 1.0
        new = State(pos=pos, time=state.time + 1)
        done = jnp.abs(pos) > 5
        return pos[None], new, -jnp.abs(pos), done, {}

    def reset_env(self, key, params):
        return jnp.zeros(1), State(pos=jnp.float32(0.0), time=0)


env = Walk()
_, state = env.reset(jax.random.PRNGKey(0), env.default_params)
env.step(jax.random.PRNGKey(1), state, 1, env.default_params)
""",
        kind='bool-conversion', argument='action', path='action', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User subclass of gymnax Environment branches on the action in step_env with a Python if. No user jit: Environment.step is wrapped in jax.jit by gymnax itself (same mechanism as the bool(done > 0) in asterix.py, gymnax#83). Fix: pos = jnp.where(action == 1, ...). Seen: TracerBoolConversionError on both (gymnax 1.0.1 on 3.11, gymnax 0.0.9 on 3.13).',
    ),
    Case(
        id='lib-d-gymnax-env-state-leak-self-attr',
        source='https://github.com/RobertTLange/gymnax/issues/83',
        code="""\
import jax
import gymnax


class Runner:
    def __init__(self):
        self.env, self.params = gymnax.make("Pendulum-v1")

    def reset(self, key):
        obs, self.state = self.env.reset(key, self.params)
        return obs

    def step(self, key, action):
        return self.env.step(key, self.state, action, self.params)


runner = Runner()
jax.jit(runner.reset)(jax.random.PRNGKey(0))
runner.step(jax.random.PRNGKey(1), 0.5)
""",
        kind='leaked-tracer', argument='key', path='key', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=14,
        note="Gym-style stateful wrapper (like gymnax/wrappers/gym.py in gymnax#83, which stores self.env_state) whose reset is jitted and assigns the env state to self.state; the later step passes the stale tracer into gymnax's jitted step. Fix: return the state from the jitted reset (functional state). Seen: UnexpectedTracerError on both.",
    ),
    Case(
        id='lib-d-gymnax-rollout-num-steps-traced',
        source='https://github.com/RobertTLange/gymnax',
        code="""\
import jax
import gymnax

env, params = gymnax.make("CartPole-v1")


def rollout(key, num_steps):
    obs, state = env.reset(key, params)

    def body(carry, k):
        out = env.step(k, carry, 0, params)
        return out[1], out[2]

    keys = jax.random.split(key, num_steps)
    _, rewards = jax.lax.scan(body, state, keys)
    return rewards.sum()


jax.jit(rollout)(jax.random.PRNGKey(0), 100)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="README-style scan rollout jitted whole, with the episode length passed as a traced argument; it is used as the count for jax.random.split (the scan length). Fix: static_argnames='num_steps'. Seen: TypeError 'parameters to jaxpr equations must have __hash__ ... random_split ... shape' on both.",
    ),
    Case(
        id='lib-d-evosax-early-stop-break-on-best-fitness',
        source='https://github.com/RobertTLange/evosax',
        code="""\
import jax
import jax.numpy as jnp
from evosax.algorithms import CMA_ES

es = CMA_ES(population_size=8, solution=jnp.zeros(3))
params = es.default_params


@jax.jit
def run(key, state):
    for _ in range(50):
        key, k_ask, k_tell = jax.random.split(key, 3)
        x, state = es.ask(k_ask, state, params)
        fitness = jnp.sum(x**2, axis=1)
        state, _ = es.tell(k_tell, x, fitness, state, params)
        if state.best_fitness < 1e-3:
            break
    return state.best_solution


state = es.init(jax.random.PRNGKey(0), jnp.ones(3), params)
run(jax.random.PRNGKey(1), state)
""",
        kind='bool-conversion', argument='state', path='state.best_fitness', line=16,
        fixes=('lax.while_loop',), verifiable=False, jax_fitting_fix=False,
        note='Whole ask-eval-tell loop jitted, with a Python early-stop `if state.best_fitness < tol: break`. A data-dependent loop exit needs lax.while_loop (cond on best_fitness and a generation counter); not a one-line rewrite. Seen: TracerBoolConversionError on both.',
    ),
    Case(
        id='lib-d-evosax-es-state-leak-global-list',
        source='https://github.com/RobertTLange/evosax',
        code="""\
import jax
import jax.numpy as jnp
from evosax.algorithms import SNES

es = SNES(population_size=6, solution=jnp.zeros(2))
params = es.default_params
saved = []


@jax.jit
def init(key, mean):
    state = es.init(key, mean, params)
    saved.append(state)
    return state.mean


init(jax.random.PRNGKey(0), jnp.ones(2))
es.ask(jax.random.PRNGKey(1), saved[0], params)
""",
        kind='leaked-tracer', argument='mean', path='mean', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=18,
        note='SNES state created inside a jitted init and appended to a module-level list; the later (library-jitted) es.ask gets the stale tracer. Fix: return the state. Seen: UnexpectedTracerError on both.',
    ),
    Case(
        id='lib-d-evosax-numpy-fitness-under-vmap',
        source='https://github.com/RobertTLange/evosax',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from evosax.algorithms import SimpleES

es = SimpleES(population_size=4, solution=jnp.zeros(3))
params = es.default_params
state = es.init(jax.random.PRNGKey(0), jnp.zeros(3), params)
population, state = es.ask(jax.random.PRNGKey(1), state, params)


def fitness(x):
    return np.linalg.norm(x - 1.0)


jax.vmap(fitness)(population)
""",
        kind='array-conversion', argument='x', path='x', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Population from es.ask is evaluated by vmapping a user fitness function that uses np.linalg.norm; under vmap the row is a batch tracer and NumPy calls __array__. Fix: jnp.linalg.norm. No jit involved. Seen: TracerArrayConversionError on both.',
    ),
    Case(
        id='lib-d-evosax-solution-template-static-array',
        source='https://github.com/RobertTLange/evosax/issues/92',
        code="""\
import functools
import jax
import jax.numpy as jnp
from evosax.algorithms import Sep_CMA_ES


@functools.partial(jax.jit, static_argnames="solution")
def init_strategy(key, solution):
    es = Sep_CMA_ES(population_size=8, solution=solution)
    return es.init(key, solution, es.default_params)


init_strategy(jax.random.PRNGKey(0), solution=jnp.zeros(5))
""",
        kind='unhashable-static', argument='solution', path='solution', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="User marks the solution template array static (believing the strategy constructor needs it concretely); a jax Array is unhashable. evosax only needs its shape, so simply dropping it from static_argnames works (checked). Seen: ValueError 'Non-hashable static arguments are not supported' on both.",
    ),
    Case(
        id='lib-d-pgx-if-terminated-under-vmap',
        source='https://github.com/sotetsuk/pgx',
        code="""\
import jax
import jax.numpy as jnp
import pgx

env = pgx.make("tic_tac_toe")


def play(state, action):
    if state.terminated:
        return state
    return env.step(state, action)


keys = jax.random.split(jax.random.PRNGKey(0), 4)
states = jax.vmap(env.init)(keys)
jax.vmap(play)(states, jnp.array([0, 1, 2, 3]))
""",
        kind='bool-conversion', argument='state', path='state.terminated', line=9,
        fixes=('lax.cond', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='User step wrapper guarding env.step with `if state.terminated` and vmapped over a batch of pgx states (the pgx README pattern jax.vmap(env.step)). Fix: lax.cond(state.terminated, lambda: state, lambda: env.step(...)), which becomes a select under vmap (checked). Seen: TracerBoolConversionError on both.',
    ),
    Case(
        id='lib-d-pgx-legal-action-mask-boolean-index',
        source='https://github.com/sotetsuk/pgx',
        code="""\
import jax
import jax.numpy as jnp
import pgx

env = pgx.make("connect_four")


@jax.jit
def random_move(state, key):
    legal_ids = jnp.arange(env.num_actions)[state.legal_action_mask]
    action = jax.random.choice(key, legal_ids)
    return env.step(state, action)


state = env.init(jax.random.PRNGKey(0))
random_move(state, jax.random.PRNGKey(1))
""",
        kind='boolean-index', argument='state', path='state.legal_action_mask', line=10,
        fixes=('jnp.where', 'size-argument'), verifiable=False, jax_fitting_fix=False,
        note='Random legal move picked by boolean-indexing arange(num_actions) with state.legal_action_mask inside jit. Best fix masks logits: jax.random.categorical(key, jnp.where(mask, 0., -jnp.inf)); a size= nonzero would need fill handling. Seen: NonConcreteBooleanIndexError on both.',
    ),
    Case(
        id='lib-d-pgx-policy-list-index-current-player',
        source='https://github.com/sotetsuk/pgx',
        code="""\
import jax
import jax.numpy as jnp
import pgx

env = pgx.make("tic_tac_toe")
policies = [lambda obs: jnp.argmax(obs[..., 0].ravel()), lambda obs: jnp.argmin(obs[..., 1].ravel())]


@jax.jit
def turn(state):
    policy = policies[state.current_player]
    action = policy(state.observation)
    return env.step(state, action)


state = env.init(jax.random.PRNGKey(0))
turn(state)
""",
        kind='integer-conversion', argument='state', path='state.current_player', line=11,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='Two-player self-play selecting a Python policy from a list with the traced state.current_player inside jit (__index__ on a tracer). Fix: jax.lax.switch(state.current_player, policies, state.observation) (checked). Seen: TracerIntegerConversionError on both.',
    ),
    Case(
        id='lib-d-pgx-env-object-as-jit-arg',
        source='https://github.com/sotetsuk/pgx',
        code="""\
import jax
import jax.numpy as jnp
import pgx


def self_play_step(env, state, action):
    return env.step(state, action)


env = pgx.make("tic_tac_toe")
state = env.init(jax.random.PRNGKey(0))
step = jax.jit(self_play_step)
step(env, state, jnp.int32(4))
""",
        kind='non-array-argument', argument='env', path='env', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="pgx Env instance (a plain Python object, not a pytree) passed as a regular argument to a jitted step helper. Fix: static_argnums=0 (env is hashable) or close over it; JAX's message suggests static_argnums. Seen: TypeError 'Error interpreting argument ... TicTacToe ... at path env' on both.",
    ),
    Case(
        id='lib-d-quax-lora-rank-traced',
        source='https://docs.kidger.site/quax',
        code="""\
import jax
import jax.numpy as jnp
import quax
from quax.examples.lora import LoraArray


@jax.jit
def adapted_forward(w, x, rank):
    lora_w = LoraArray(w, rank=rank, key=jax.random.PRNGKey(0))
    return quax.quaxify(lambda a, b: a @ b)(lora_w, x)


adapted_forward(jnp.ones((8, 8)), jnp.ones(8), 2)
""",
        kind='traced-shape', argument='rank', path='rank', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="LoraArray built inside jit with the LoRA rank passed as a traced argument; rank is the shape of the A/B factors. Fix: static_argnames='rank' (JAX's message suggests static_argnums; checked). Seen: TypeError 'Shapes must be 1D sequences of concrete values of integer type' on both.",
    ),
    Case(
        id='lib-d-quax-quaxify-python-if-on-input',
        source='https://docs.kidger.site/quax',
        code="""\
import jax
import jax.numpy as jnp
import quax
from quax.examples.lora import LoraArray


def layer(w, x):
    if jnp.linalg.norm(x) > 10.0:
        x = x / jnp.linalg.norm(x)
    return w @ x


lora_w = LoraArray(jnp.ones((4, 4)), rank=1, key=jax.random.PRNGKey(0))
quax.quaxify(layer)(lora_w, jnp.ones(4))
""",
        kind='bool-conversion', argument='x', path='x', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Existing JAX function wrapped by quax.quaxify (no user jit) with a Python if on the norm of a plain-array input; quaxify traces every array input, so the comparison is on a tracer. Fix: x = jnp.where(norm > 10, x / norm, x) (checked under quaxify). Seen: TracerBoolConversionError on both.',
    ),
    Case(
        id='lib-d-quax-custom-rule-float-on-operand',
        source='https://docs.kidger.site/quax',
        code="""\
import jax
import jax.numpy as jnp
import quax


class Scaled(quax.ArrayValue):
    value: jax.Array
    scale: jax.Array

    def aval(self):
        return jax.core.ShapedArray(self.value.shape, self.value.dtype)

    def materialise(self):
        return self.value * self.scale


@quax.register(jax.lax.mul_p)
def _(x: Scaled, y: jax.Array, **params):
    if float(y) == 0.0:
        return jnp.zeros_like(x.value)
    return Scaled(x.value, x.scale * y)


def rescale(s, y):
    return s * y


jax.jit(quax.quaxify(rescale))(Scaled(jnp.ones(3), jnp.float32(2.0)), jnp.float32(3.0))
""",
        kind='concretization', argument='y', path='y', line=19,
        fixes=('jnp.where',), verifiable=False, jax_fitting_fix=False,
        note="User-registered quax dispatch rule for mul_p special-cases a zero multiplier with float(y) == 0.0; under jit(quaxify(...)) y is a tracer (the jitted function's parameter is also named y). The branches return different types (plain array vs Scaled), so lax.cond does not apply; fold into Scaled(..., jnp.where(...)) or drop the special case. JAX's astype hint does not fit. Seen: ConcretizationTypeError on both.",
    ),
    Case(
        id='lib-d-penzai-layer-call-if-on-norm',
        source='https://github.com/google-deepmind/penzai/issues/35',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
from penzai import pz


@pz.pytree_dataclass
class ClipNorm(pz.nn.Layer):
    max_norm: float = dataclasses.field(metadata={"pytree_node": False})

    def __call__(self, x, **side_inputs):
        norm = pz.nx.nmap(jnp.linalg.norm)(x.untag("features"))
        if norm.unwrap() > self.max_norm:
            x = x * (self.max_norm / norm)
        return x


layer = ClipNorm(max_norm=1.0)
jax.jit(layer)(pz.nx.ones({"features": 4}))
""",
        kind='bool-conversion', argument='x', path='x.data_array', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=False, jax_fitting_fix=False,
        note='Custom penzai Layer whose __call__ clips by norm with a Python if on norm.unwrap(); the layer (a pytree) is jitted and x is a NamedArray whose leaf is data_array. Fix needs nmap(jnp.where) or unwrap/rewrap because jnp.where rejects NamedArrays with named axes (penzai#35), so not a plain one-line rewrite. Seen: TracerBoolConversionError on both.',
    ),
    Case(
        id='lib-d-penzai-vmapped-window-slice-start',
        source='https://penzai.readthedocs.io/en/stable/_autosummary/leaf/penzai.core.syntactic_sugar.SliceLike.html',
        code="""\
import jax
import jax.numpy as jnp
from penzai import pz


def window(tokens, start):
    return tokens[{"seq": pz.slice[start : start + 4]}]


tokens = pz.nx.wrap(jnp.arange(32.0).reshape(16, 2)).tag("seq", "embed")
starts = jnp.array([0, 3, 7])
jax.vmap(window, in_axes=(None, 0))(tokens, starts)
""",
        kind='traced-shape', argument='start', path='start', line=7,
        fixes=('lax.dynamic_slice',), verifiable=False, jax_fitting_fix=False,
        note="Fixed-width window taken from a NamedArray with pz.slice[start:start + 4], vmapped over start positions; the slice bound is a batch tracer. Fix: lax.dynamic_slice_in_dim via nmap on the untagged 'seq' axis (static size 4). Seen: IndexError on both ('Slice entries must be static integers' on jax 0.10.2; 'Array slice indices must have static start/stop/step ... use x[jax.ds(start, size)] or lax.dynamic_slice' on jax 0.12).",
    ),
    Case(
        id='lib-d-penzai-named-shape-dict-static',
        source='https://github.com/google-deepmind/penzai/issues/117',
        code="""\
import functools
import jax
from penzai import pz


@functools.partial(jax.jit, static_argnames="named_shape")
def init_cache(named_shape):
    return pz.nx.zeros(named_shape)


init_cache(named_shape={"batch": 2, "seq": 8, "embed": 4})
""",
        kind='unhashable-static', argument='named_shape', path='named_shape', line=11,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A penzai named shape dict (axis name -> size) passed through static_argnames; dicts are unhashable. Fix: pass a tuple of (name, size) pairs and rebuild the dict inside (checked). Seen: ValueError 'Non-hashable static arguments are not supported' on both.",
    ),
    Case(
        id='lib-d-distreqx-fitted-distribution-leak',
        source='https://github.com/lockwo/distreqx',
        code="""\
import jax
import jax.numpy as jnp
from distreqx.distributions import Normal

fitted = {}


@jax.jit
def fit(data):
    mu, sigma = data.mean(), data.std()
    fitted["posterior"] = Normal(mu, sigma)
    return mu


fit(jnp.array([0.1, 0.5, 0.9]))
fitted["posterior"].log_prob(jnp.float32(0.3))
""",
        kind='leaked-tracer', argument='data', path='data', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=16,
        note='A distreqx Normal (an equinox Module) fitted inside jit is stored in a global dict rather than returned; log_prob outside jit touches the stale tracer. Fix: return the distribution (it is a pytree). Seen: UnexpectedTracerError on both.',
    ),
    Case(
        id='lib-d-distreqx-float-print-under-grad',
        source='https://github.com/lockwo/distreqx',
        code="""\
import jax
import jax.numpy as jnp
from distreqx.distributions import Normal

data = jnp.array([0.2, -0.4, 1.3, 0.8])


def neg_log_lik(mu):
    lp = Normal(mu * jnp.ones(4), jnp.ones(4)).log_prob(data).sum()
    print(f"log-lik at mu: {float(lp):.3f}")
    return -lp


jax.grad(neg_log_lik)(0.5)
""",
        kind='concretization', argument='mu', path='mu', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Negative log-likelihood built from distreqx Normal.log_prob and differentiated with jax.grad; float(lp) in a debug print sees a JVP tracer. Fix: jax.debug.print (checked); JAX's astype hint does not fit. Seen: ConcretizationTypeError on both.",
    ),
    Case(
        id='lib-d-distreqx-censored-boolean-mask',
        source='https://github.com/lockwo/distreqx',
        code="""\
import jax
import jax.numpy as jnp
from distreqx.distributions import Normal


@jax.jit
def censored_log_lik(loc, x):
    dist = Normal(loc * jnp.ones_like(x), jnp.ones_like(x))
    observed = x[x > 0.0]
    return dist.log_prob(observed).sum()


censored_log_lik(0.3, jnp.array([0.5, -1.0, 2.0]))
""",
        kind='boolean-index', argument='x', path='x', line=9,
        fixes=('jnp.where',), verifiable=False, jax_fitting_fix=False,
        note='Censored log-likelihood selects observed values with x[x > 0] inside jit before Normal.log_prob. Fix: jnp.where(x > 0, dist.log_prob(x), 0.).sum() (checked), which rewrites the selection and the reduction together. Seen: NonConcreteBooleanIndexError on both.',
    ),
    Case(
        id='lib-d-distreqx-builtin-max-scale-vmap',
        source='https://github.com/lockwo/distreqx',
        code="""\
import jax
import jax.numpy as jnp
from distreqx.distributions import Normal


def score(sigma):
    dist = Normal(jnp.float32(0.0), max(sigma, 1e-3))
    return dist.log_prob(jnp.float32(1.0))


sigmas = jnp.array([0.0, 0.5, 2.0])
jax.vmap(score)(sigmas)
""",
        kind='bool-conversion', argument='sigma', path='sigma', line=7,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note='Scale floor written with Python max(sigma, 1e-3) when building a distreqx Normal, vmapped over a grid of sigmas (no jit). Fix: jnp.maximum (checked). Seen: TracerBoolConversionError on both.',
    ),
]
