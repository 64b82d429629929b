"""Held-out library cases (set N): pgmax, evojax, jaxmarl.

How they were built: each case is my own minimal reduction of an error pattern from the cited
library example / tutorial notebook / source file / issue, written against the installed library
versions: pgmax 0.6.1, evojax 0.2.17, jaxmarl 0.2.0 (installed with pip -c constraints so that
jax/jaxlib/flax/equinox/optax/numpy stayed at their versions). Every cell was written to a file and
run as `python3 file.py` under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly; the last raises, with the same exception class on both
interpreters (recorded in each note). `line` (and `use_line` for leaks) was checked against the
user-file frames of the traceback. Every case marked verifiable=True had its top fix applied by
hand and re-run on both interpreters, where it traced and ran.

pgmax 0.6.1 calls the removed `jax.lib.xla_bridge` when building an inferer, on both JAX
versions, so every pgmax cell starts with a one-line shim
(`jax.lib.xla_bridge = jax.extend.backend`). It does not affect the traced code.

Few library-specific GitHub threads about tracing errors exist for these three libraries, so most
sources are the libraries' own example notebooks / the source file that defines the API the user
code plugs into (jaxmarl's MultiAgentEnv.step, evojax's task/algorithm tutorials, pgmax examples).

Doubts about labels:
- lib-n-pgmax-traced-num-iters: the exception is TracerBoolConversionError (pgmax's own
  `if num_iters > 1`); labelled traced-shape because num_iters is the lax.scan length.
  bool-conversion is defensible by the exception, but jnp.where/lax.cond would not fix it.
- lib-n-pgmax-traced-temperature: labelled concretization (pgmax uses the temperature to pick a
  code path, max vs logsumexp, and needs it as a static jit argument); traced-shape ("other
  compile-time constant") or unhashable-static (the message is "unhashable type:
  DynamicJaxprTracer") are defensible.
- lib-n-pgmax-if-converged: lax.cond ranked before jnp.where because selecting between two whole
  BPArrays pytrees with jnp.where always pays the 100 extra iterations; a while_loop on the delta
  is the most idiomatic rewrite.
- lib-n-pgmax-static-evidence-dict: kind unhashable-static, but the fix is not-static (the dict
  holds an array, so hashable-static is impossible).
- lib-n-evojax-pgpe-ask-inside-jit-leak: argument None (the leaked values come from the solver's
  own state, not from `target`); the fix "move solver.ask() out of the jitted function" is only
  approximately 'return-value', so verifiable=False.
- lib-n-evojax-tell-float-best: the vocabulary has no "just drop float()"; astype ranked first
  (what JAX's message suggests), jnp-not-builtin second.
- lib-n-evojax-numpy-action-table: indexing a Python list raises TracerIntegerConversionError;
  indexing a NumPy array instead would raise TracerArrayConversionError (array-conversion).
  lax.switch is an alternative fix.
- lib-n-jaxmarl-dataclass-env-unhashable: argument/path given as 'self' (jaxmarl's jit has
  static_argnums=(0,) on the env method; the user has no jit of their own).
- lib-n-jaxmarl-step-env-if-timeout: the simplest fix is to drop the `if` and keep the boolean
  array (done = state.t + 1 >= max_steps); labelled jnp.where as that is the vocabulary item.
- lib-n-jaxmarl-rollout-traced-num-steps: JAX raises a TypeError about an unhashable jaxpr
  parameter (random_split shape); labelled traced-shape.
- lib-n-jaxmarl-step-env-range-active: range() on a traced count is labelled integer-conversion
  (the brief lists range() there); traced-shape (a loop length) is defensible.
- lib-n-evojax-elite-mask-mean: argument fitness (the mask is built from fitness only; params is
  what is indexed).
- Leak argument choices: pgmax leak depends on evidence (only parameter); jaxmarl scan leak
  depends on state and key (chose state, path state.p_pos).

Dropped / not used:
- jaxmarl: building an env with jaxmarl.make(...) inside jit with a traced num_agents was tried;
  even with num_agents static it fails (MPE's __init__ does Python `if` on jnp arrays created
  inside the trace), so no clean fix -- replaced by the traced rollout length case.
- kinetix, jax-fem, optimagic: not tried (time); three libraries were enough for the case count.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-n-pgmax-traced-num-iters',
        source='https://github.com/google-deepmind/PGMax/blob/main/examples/ising_model.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

@jax.jit
def marginals(evidence, num_iters):
    arrays = bp.init(evidence_updates={variables: evidence})
    arrays = bp.run(arrays, num_iters=num_iters, damping=0.5)
    return infer.get_marginals(bp.get_beliefs(arrays))[variables]

marginals(jnp.zeros((4, 2)), 50)
""",
        kind='traced-shape', argument='num_iters', path='num_iters', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Number of BP iterations passed as a jit argument; pgmax's run_with_diffs does `if num_iters > 1:` before using it as the lax.scan length, so the iteration count must be a Python int. Fix: static_argnames='num_iters' (checked on both). Both interpreters raise TracerBoolConversionError (from pgmax's `if`), which is why JAX's message (jnp.where/lax.cond) does not fit.",
    ),
    Case(
        id='lib-n-pgmax-traced-temperature',
        source='https://github.com/google-deepmind/PGMax/blob/main/examples/ising_model.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

@jax.jit
def map_decode(log_evidence, temperature):
    arrays = bp.init(evidence_updates={variables: log_evidence})
    arrays = bp.run(arrays, num_iters=20, damping=0.5, temperature=temperature)
    return infer.decode_map_states(bp.get_beliefs(arrays))[variables]

map_decode(jnp.zeros((4, 2)), 0.0)
""",
        kind='concretization', argument='temperature', path='temperature', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="BP temperature (0.0 = max-product) passed as a jit argument; pgmax's factor message updates are jitted with static_argnames=('temperature', ...) and choose max vs logsumexp from it, so a traced temperature cannot be hashed. Fix: static_argnames='temperature' (checked). Both interpreters raise TypeError: unhashable type: 'DynamicJaxprTracer'.",
    ),
    Case(
        id='lib-n-pgmax-if-converged',
        source='https://github.com/google-deepmind/PGMax/issues/2',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

@jax.jit
def run_until_converged(evidence):
    arrays = bp.init(evidence_updates={variables: evidence})
    arrays, deltas = bp.run_with_diffs(arrays, num_iters=10)
    if deltas[-1] > 1e-3:
        arrays, _ = bp.run_with_diffs(arrays, num_iters=100)
    return infer.get_marginals(bp.get_beliefs(arrays))[variables]

run_until_converged(jnp.zeros((4, 2)))
""",
        kind='bool-conversion', argument='evidence', path='evidence', line=19,
        fixes=('lax.cond', 'jnp.where', 'lax.while_loop'), verifiable=True, jax_fitting_fix=True,
        note='Python `if` on the last message delta returned by bp.run_with_diffs, to decide whether to keep iterating. Fix: lax.cond(deltas[-1] > 1e-3, run-more, identity, arrays) (checked); jnp.where over both BPArrays results also works but always runs the 100 extra iterations. Both interpreters raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-n-pgmax-self-warm-start-leak',
        source='https://github.com/google-deepmind/PGMax/issues/2',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

class Denoiser:
    def __init__(self):
        self.warm = None

    def __call__(self, evidence):
        arrays = bp.run(bp.init(evidence_updates={variables: evidence}), num_iters=10)
        self.warm = arrays
        return infer.decode_map_states(bp.get_beliefs(arrays))[variables]

den = Denoiser()
jax.jit(den.__call__)(jnp.zeros((4, 2)))
bp.run(den.warm, num_iters=5)
""",
        kind='leaked-tracer', argument='evidence', path='evidence', line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='User class caches the BPArrays on self inside a jitted __call__ to warm-start the next run; the later bp.run(den.warm, ...) outside jit touches the leaked tracer. Fix: return arrays from the jitted function and store the concrete result (checked). Both interpreters raise UnexpectedTracerError.',
        use_line=26,
    ),
    Case(
        id='lib-n-pgmax-vmap-np-exp',
        source='https://github.com/google-deepmind/PGMax/blob/main/examples/rbm.ipynb',
        code="""\
import jax
import numpy as np
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

def decode(evidence):
    arrays = bp.run(bp.init(evidence_updates={variables: evidence}), num_iters=10)
    beliefs = bp.get_beliefs(arrays)[variables]
    probs = np.exp(beliefs - beliefs.max(axis=-1, keepdims=True))
    return probs / probs.sum(axis=-1, keepdims=True)

batch = jnp.zeros((8, 4, 2))
jax.jit(jax.vmap(decode))(batch)
""",
        kind='array-conversion', argument='evidence', path='evidence', line=19,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="np.exp on the beliefs inside a user decoder run under jax.jit(jax.vmap(decode)) over a batch of evidence. Fix: jnp.exp (checked). Both interpreters raise TracerArrayConversionError. (np.argmax would NOT raise: it dispatches to the tracer's .argmax method.)",
    ),
    Case(
        id='lib-n-pgmax-mask-on-map-states',
        source='https://github.com/google-deepmind/PGMax/blob/main/examples/ising_model.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

@jax.jit
def on_confidence(evidence):
    arrays = bp.run(bp.init(evidence_updates={variables: evidence}), num_iters=10)
    beliefs = bp.get_beliefs(arrays)
    states = infer.decode_map_states(beliefs)[variables]
    marg = infer.get_marginals(beliefs)[variables]
    return marg[states == 1, 1].sum()

on_confidence(jnp.array([[0.0, 2.0], [0.0, 0.0], [1.0, 0.0], [0.0, 0.0]]))
""",
        kind='boolean-index', argument='evidence', path='evidence', line=21,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Boolean mask from decode_map_states used to select marginals (marg[states == 1, 1].sum()) under jit. Fix: jnp.where(states == 1, marg[:, 1], 0.0).sum() (checked; same result). Both interpreters raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-n-pgmax-static-evidence-dict',
        source='https://github.com/google-deepmind/PGMax',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

def marginals(updates):
    arrays = bp.run(bp.init(evidence_updates=updates), num_iters=10)
    return infer.get_marginals(bp.get_beliefs(arrays))[variables]

fast_marginals = jax.jit(marginals, static_argnames="updates")
fast_marginals(updates={variables: jnp.zeros((4, 2))})
""",
        kind='unhashable-static', argument='updates', path='updates', line=20,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The evidence_updates dict {variables: array} is marked static so the dict keys (variable groups) stay Python objects; a dict (holding an array) is unhashable. Fix: stop marking it static: dicts keyed by hashable VarGroups are valid pytrees and the array becomes traced (checked). hashable-static is not possible (the value holds an array). Both interpreters raise TypeError: unhashable type: 'dict' (ValueError 'Non-hashable static arguments' chained).",
    ),
    Case(
        id='lib-n-pgmax-inferer-as-argument',
        source='https://github.com/google-deepmind/PGMax/blob/main/examples/rbm.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax.extend
from pgmax import fgraph, fgroup, infer, vgroup

jax.lib.xla_bridge = jax.extend.backend  # pgmax 0.6.1 still calls jax.lib.xla_bridge

variables = vgroup.NDVarArray(num_states=2, shape=(4,))
fg = fgraph.FactorGraph(variable_groups=variables)
fg.add_factors(fgroup.PairwiseFactorGroup(
    variables_for_factors=[[variables[i], variables[i + 1]] for i in range(3)],
    log_potential_matrix=jnp.array([[1.0, -1.0], [-1.0, 1.0]])))
bp = infer.build_inferer(fg.bp_state, backend="bp")

@jax.jit
def marginals(inferer, evidence):
    arrays = inferer.run(inferer.init(evidence_updates={variables: evidence}), num_iters=10)
    return infer.get_marginals(inferer.get_beliefs(arrays))[variables]

marginals(bp, jnp.zeros((4, 2)))
""",
        kind='non-array-argument', argument='inferer', path='inferer', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The BeliefPropagation inferer object (a container of functions built by infer.build_inferer) passed as an ordinary jit argument. Fix: static_argnames='inferer' (hashable; checked) or close over it. Both interpreters raise TypeError 'Error interpreting argument ... as an abstract array' naming pgmax.infer.bp.BeliefPropagation.",
    ),
    Case(
        id='lib-n-evojax-pgpe-ask-inside-jit-leak',
        source='https://github.com/google/evojax/blob/main/examples/notebooks/TutorialCallEvoJAXAlgorithmDirectly.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from evojax.algo import PGPE

solver = PGPE(pop_size=8, param_size=3, seed=0)
target = jnp.array([1.0, -2.0, 0.5])

@jax.jit
def evaluate_generation(target):
    params = solver.ask()
    return -jnp.sum((params - target) ** 2, axis=1)

fitness = evaluate_generation(target)
solver.tell(fitness)
""",
        kind='leaked-tracer', argument=None, path=None, line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="evojax's PGPE is a stateful Python object: ask() stores the new key, noises and solutions on self. Calling it inside the user's jitted evaluation stores tracers on the solver; the next solver.tell(fitness) uses the leaked self._scaled_noises. Fix: call solver.ask() outside jit and pass params in (return/pass values instead of storing); not a mechanical edit of one line. The leaked values come from solver state, not from `target`, so argument None. Both interpreters raise UnexpectedTracerError.",
        use_line=14,
    ),
    Case(
        id='lib-n-evojax-task-step-if-done',
        source='https://github.com/google/evojax/blob/main/examples/notebooks/TutorialTaskImplementation.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from flax.struct import dataclass
from evojax.task.base import TaskState, VectorizedTask

@dataclass
class State(TaskState):
    obs: jnp.ndarray
    steps: jnp.ndarray

def step_fn(state, action):
    pos = state.obs + action
    if state.steps >= 100:
        reward = 0.0
    else:
        reward = -jnp.sum(pos ** 2)
    return State(obs=pos, steps=state.steps + 1), reward, state.steps >= 100

class Reach(VectorizedTask):
    def __init__(self):
        self.max_steps, self.obs_shape, self.act_shape = 100, (2,), (2,)
        self._step_fn = jax.jit(jax.vmap(step_fn))

    def reset(self, key):
        return State(obs=jnp.zeros((key.shape[0], 2)), steps=jnp.zeros(key.shape[0], jnp.int32))

    def step(self, state, action):
        return self._step_fn(state, action)

task = Reach()
state = task.reset(jax.random.split(jax.random.PRNGKey(0), 4))
task.step(state, jnp.ones((4, 2)))
""",
        kind='bool-conversion', argument='state', path='state.steps', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=True,
        note='Custom VectorizedTask whose step_fn is wrapped as jax.jit(jax.vmap(step_fn)) (the evojax task pattern); Python `if` on state.steps. Fix: reward = jnp.where(state.steps >= 100, 0.0, -jnp.sum(pos ** 2)) (checked). Both interpreters raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-n-evojax-state-horizon-field',
        source='https://github.com/google/evojax/blob/main/examples/notebooks/TutorialTaskImplementation.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from flax.struct import dataclass
from evojax.task.base import TaskState, VectorizedTask

@dataclass
class State(TaskState):
    obs: jnp.ndarray
    horizon: int

def reset_fn(key):
    return State(obs=jax.random.normal(key, (3,)), horizon=5)

def step_fn(state, action):
    discounts = 0.9 ** jnp.arange(state.horizon)
    reward = jnp.dot(discounts, jnp.full(state.horizon, -jnp.sum(action ** 2)))
    return State(obs=state.obs + action, horizon=state.horizon), reward, jnp.array(0)

keys = jax.random.split(jax.random.PRNGKey(0), 4)
states = jax.jit(jax.vmap(reset_fn))(keys)
jax.jit(jax.vmap(step_fn))(states, jnp.ones((4, 3)))
""",
        kind='traced-shape', argument='state', path='state.horizon', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Task-state flax dataclass carries a Python int `horizon`, but as an ordinary field it is a pytree leaf and becomes traced under jit(vmap(step_fn)); jnp.arange(state.horizon) then needs a concrete size. Fix: horizon: int = field(pytree_node=False) (checked). Both interpreters raise ConcretizationTypeError.',
    ),
    Case(
        id='lib-n-evojax-numpy-action-table',
        source='https://github.com/google/evojax/blob/main/examples/notebooks/TutorialTaskImplementation.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from flax.struct import dataclass
from evojax.task.base import TaskState, VectorizedTask

MOVES = [(0, 1), (0, -1), (1, 0), (-1, 0)]

@dataclass
class State(TaskState):
    obs: jnp.ndarray

def step_fn(state, action):
    move = MOVES[jnp.argmax(action)]
    new_obs = state.obs + jnp.array(move)
    return State(obs=new_obs), -jnp.abs(new_obs).sum(), jnp.array(0)

states = State(obs=jnp.zeros((4, 2)))
jax.jit(jax.vmap(step_fn))(states, jnp.eye(4))
""",
        kind='integer-conversion', argument='action', path='action', line=13,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='Discrete action chosen by argmax of the policy output indexes a Python list of moves inside a vmapped/jitted evojax task step. Fix: jnp.array(MOVES)[jnp.argmax(action)] (checked). Both interpreters raise TracerIntegerConversionError.',
    ),
    Case(
        id='lib-n-evojax-tell-float-best',
        source='https://github.com/google/evojax/blob/main/examples/notebooks/TutorialCallEvoJAXAlgorithmDirectly.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from evojax.algo import PGPE

solver = PGPE(pop_size=8, param_size=3, seed=0)

@jax.jit
def fitness_fn(params, target):
    scores = -jnp.sum((params - target) ** 2, axis=1)
    best = float(scores.max())
    return scores / abs(best)

params = solver.ask()
fitness_fn(params, jnp.ones(3))
""",
        kind='concretization', argument='params', path='params', line=10,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note='Jitted fitness function for the PGPE population normalises by float(scores.max()). Fix: scores.max().astype(float) / just keep the array (checked; abs() works on tracers). Both interpreters raise ConcretizationTypeError.',
    ),
    Case(
        id='lib-n-jaxmarl-step-env-if-timeout',
        source='https://github.com/FLAIROx/JaxMARL/blob/main/jaxmarl/environments/multi_agent_env.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import struct
from jaxmarl.environments.multi_agent_env import MultiAgentEnv

@struct.dataclass
class State:
    pos: jnp.ndarray
    t: jnp.ndarray

class Chase(MultiAgentEnv):
    def __init__(self, max_steps=10):
        super().__init__(num_agents=2)
        self.max_steps = max_steps

    def reset(self, key):
        state = State(pos=jax.random.normal(key, (2, 2)), t=jnp.array(0))
        return {a: state.pos[i] for i, a in enumerate(self.agents)}, state

    def step_env(self, key, state, actions):
        pos = state.pos + jnp.stack([actions[a] for a in self.agents])
        if state.t + 1 >= self.max_steps:
            done = True
        else:
            done = False
        state = State(pos=pos, t=state.t + 1)
        obs = {a: pos[i] for i, a in enumerate(self.agents)}
        rew = {a: -jnp.sum(pos[i] ** 2) for i, a in enumerate(self.agents)}
        dones = {a: done for a in self.agents} | {"__all__": done}
        return obs, state, rew, dones, {}

env = Chase()
key = jax.random.PRNGKey(0)
obs, state = env.reset(key)
env.step(key, state, {a: jnp.ones(2) for a in env.agents})
""",
        kind='bool-conversion', argument='state', path='state.t', line=22,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=True,
        note="Custom MultiAgentEnv: the user's step_env is traced by jaxmarl's own jitted MultiAgentEnv.step (static self); Python `if` on state.t. Fix: done = state.t + 1 >= self.max_steps (or jnp.where) (checked). Both interpreters raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-n-jaxmarl-dataclass-env-unhashable',
        source='https://github.com/FLAIROx/JaxMARL/blob/main/jaxmarl/environments/multi_agent_env.py',
        code="""\
import jax
import jax.numpy as jnp
from dataclasses import dataclass
from flax import struct
from jaxmarl.environments.multi_agent_env import MultiAgentEnv

@struct.dataclass
class State:
    pos: jnp.ndarray
    t: jnp.ndarray

@dataclass
class Chase(MultiAgentEnv):
    num_agents: int = 2
    max_steps: int = 10

    def __post_init__(self):
        super().__init__(num_agents=self.num_agents)

    def reset(self, key):
        state = State(pos=jax.random.normal(key, (self.num_agents, 2)), t=jnp.array(0))
        return {a: state.pos[i] for i, a in enumerate(self.agents)}, state

    def step_env(self, key, state, actions):
        pos = state.pos + jnp.stack([actions[a] for a in self.agents])
        done = state.t + 1 >= self.max_steps
        obs = {a: pos[i] for i, a in enumerate(self.agents)}
        dones = {a: done for a in self.agents} | {"__all__": done}
        return obs, State(pos=pos, t=state.t + 1), {a: 0.0 for a in self.agents}, dones, {}

env = Chase(num_agents=3)
key = jax.random.PRNGKey(0)
obs, state = env.reset(key)
env.step(key, state, {a: jnp.ones(2) for a in env.agents})
""",
        kind='unhashable-static', argument='self', path='self', line=34,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="Custom env declared as a plain @dataclass (eq=True, not frozen, so __hash__ is None); jaxmarl's step is jax.jit(static_argnums=(0,)), so the env instance is a static argument and must be hashable. Fix: @dataclass(unsafe_hash=True) or eq=False (checked; frozen=True fails because MultiAgentEnv.__init__ assigns attributes). Both interpreters raise TypeError: unhashable type: 'Chase' (ValueError 'Non-hashable static arguments' chained).",
    ),
    Case(
        id='lib-n-jaxmarl-scan-rollout-append-leak',
        source='https://github.com/bold-lab-ai/JaxMARL/pull/163',
        code="""\
import jax
import jax.numpy as jnp
import jaxmarl

env = jaxmarl.make("MPE_simple_spread_v3")
positions = []

@jax.jit
def rollout(key, state):
    def body(carry, step_key):
        state = carry
        actions = {a: 0 for a in env.agents}
        _, state, rew, _, _ = env.step(step_key, state, actions)
        positions.append(state.p_pos)
        return state, rew["agent_0"]
    return jax.lax.scan(body, state, jax.random.split(key, 5))

key = jax.random.PRNGKey(0)
_, state = env.reset(key)
rollout(key, state)
jnp.stack(positions).mean()
""",
        kind='leaked-tracer', argument='state', path='state.p_pos', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="Rollout of an MPE env under jit+lax.scan appends each step's positions to a global Python list; jnp.stack(positions) after the call touches the leaked tracers. Fix: return state.p_pos as the scan's per-step output (checked). Both interpreters raise UnexpectedTracerError.",
        use_line=21,
    ),
    Case(
        id='lib-n-jaxmarl-rollout-traced-num-steps',
        source='https://github.com/bold-lab-ai/JaxMARL/pull/163',
        code="""\
import jax
import jax.numpy as jnp
import jaxmarl

env = jaxmarl.make("MPE_simple_spread_v3")

@jax.jit
def episode_return(key, state, num_steps):
    def body(state, step_key):
        actions = {a: 1 for a in env.agents}
        _, state, rew, _, _ = env.step(step_key, state, actions)
        return state, rew["agent_0"]
    _, rewards = jax.lax.scan(body, state, jax.random.split(key, num_steps))
    return rewards.sum()

key = jax.random.PRNGKey(0)
_, state = env.reset(key)
episode_return(key, state, 25)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Episode length passed as a jit argument and used as jax.random.split(key, num_steps), i.e. the scan length of the env rollout. Fix: static_argnames='num_steps' (checked). Both interpreters raise TypeError ('parameters to jaxpr equations must have __hash__ ... random_split ... shape was not hashable'), so JAX's message does not point at static.",
    ),
    Case(
        id='lib-n-evojax-elite-mask-mean',
        source='https://github.com/google/evojax/blob/main/examples/notebooks/TutorialAlgorithmImplementation.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from evojax.algo import PGPE

solver = PGPE(pop_size=8, param_size=3, seed=0)

@jax.jit
def elite_center(params, fitness):
    threshold = jnp.median(fitness)
    elites = params[fitness > threshold]
    return elites.mean(axis=0)

params = solver.ask()
fitness = -jnp.sum(params ** 2, axis=1)
elite_center(params, fitness)
""",
        kind='boolean-index', argument='fitness', path='fitness', line=10,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Hand-written ES update on an evojax PGPE population: params[fitness > median] under jit to average the elites. Fix: mask = fitness > threshold; jnp.where(mask[:, None], params, 0.0).sum(0) / mask.sum() (checked; same mean). Both interpreters raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-n-jaxmarl-env-as-jit-argument',
        source='https://github.com/FLAIROx/JaxMARL/blob/main/jaxmarl/environments/mpe/simple_spread.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxmarl

@jax.jit
def first_obs(env, key):
    obs, state = env.reset(key)
    return jnp.stack([obs[a] for a in env.agents])

env = jaxmarl.make("MPE_simple_spread_v3")
first_obs(env, jax.random.PRNGKey(0))
""",
        kind='non-array-argument', argument='env', path='env', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jaxmarl env object passed as an ordinary argument of the user's jitted function. Fix: static_argnames='env' (the env hashes by identity; checked) or close over it. Both interpreters raise TypeError 'Error interpreting argument ... as an abstract array' naming SimpleSpreadMPE.",
    ),
    Case(
        id='lib-n-jaxmarl-step-env-range-active',
        source='https://github.com/FLAIROx/JaxMARL/blob/main/jaxmarl/environments/multi_agent_env.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import struct
from jaxmarl.environments.multi_agent_env import MultiAgentEnv

@struct.dataclass
class State:
    pos: jnp.ndarray
    n_active: jnp.ndarray

class Team(MultiAgentEnv):
    def __init__(self):
        super().__init__(num_agents=4)

    def get_obs(self, state):
        return {a: state.pos[i] for i, a in enumerate(self.agents)}

    def step_env(self, key, state, actions):
        pos = state.pos + jnp.stack([actions[a] for a in self.agents])
        team_cost = sum(jnp.sum(pos[i] ** 2) for i in range(state.n_active))
        new_state = State(pos, state.n_active)
        dones = {a: False for a in self.agents} | {"__all__": False}
        return self.get_obs(new_state), new_state, {a: -team_cost for a in self.agents}, dones, {}

env = Team()
state = State(pos=jnp.zeros((4, 2)), n_active=jnp.array(3))
env.step(jax.random.PRNGKey(0), state, {a: jnp.ones(2) for a in env.agents}, reset_state=state)
""",
        kind='integer-conversion', argument='state', path='state.n_active', line=20,
        fixes=('jnp.where', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note="Custom env's step_env (traced by jaxmarl's jitted step) sums the cost of the first state.n_active agents with range(state.n_active). Fix: jnp.where(jnp.arange(4) < state.n_active, per-agent cost, 0.0).sum() (checked). Both interpreters raise TracerIntegerConversionError.",
    ),
]
