"""Held-out library cases (set bw): hyperiax, jaxdp, pinnx.

How they were built: each cell is my own minimal reduction of a usage pattern shown in the
library's documentation (hyperiax docs notebooks, jaxdp's package README / planning examples,
pinnx's docs examples); no library-specific GitHub issue threads about these tracing errors
were found in the search corpus, so every `source` is the doc/example page of the API the
cell exercises. Each cell was written to a file and run with
/tmp/heldout38/venv_bw/bin/python (CPython 3.11.7; a --system-site-packages venv) through a
checker that executes every statement but the last (must run cleanly) and then the last (must
raise); `line`/`use_line` were read from the traceback frames that lie in the cell file. The
first fix of every case marked verifiable=True was applied by hand to a copy of the cell and
the copy was re-run to completion.

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8, equinox 0.13.8,
optax 0.2.8 (machine versions kept), hyperiax 3.0.0, jaxdp 0.4.0 (with chex 0.1.92),
pinnx 0.0.3 (with brainstate 0.5.4, brainunit 0.5.2, braintools 0.3.0).

Notes on the libraries:
- jaxdp validates values with chex, so every jitted jaxdp call must be wrapped in
  chex.chexify (its README says so); the cells do that, and the errors are the user's own.
  Calling a jaxdp planner/operator under a bare jax.jit raises chex's RuntimeError ("Value
  assertions can only be called from functions wrapped with @chex.chexify"); that pattern was
  left out because no fix in the vocabulary matches it.
- pinnx cells pass train_distribution="uniform" because the default Hammersley sampler needs
  scikit-optimize, which is not installed; the error patterns do not depend on it.
- pinnx traces the PDE function under brainstate's jit; conditions on the raw point arrays
  (e.g. `if x["x"] > 0`) give a plain "truth value of an array ... is ambiguous" ValueError
  (shape check before the tracer check), so those were dropped in favour of scalar conditions.

Dropped: jimm (the PyPI package jimm 0.0.1 is an empty placeholder with no importable module);
jaxnet 0.2.7 (first alternate; import fails: `from jax import partial` no longer exists).
pinnx (second alternate) replaced jimm. Also dropped during drafting: np.argmax on a tracer
(does not raise: NumPy dispatches to the array's own argmax method), and a few near-duplicate
hyperiax cells (float() in a print, if in a down-sweep, a Tree marked static) to keep the set
at 24.

Doubts about labels:
- bw-hyperiax-params-flag-if: the value is a configuration flag, so `static` (close over it
  instead of passing it in params) is arguably the more natural first fix; hyperiax gives no
  static option for params, which is why jnp.where is listed first.
- bw-hyperiax-np-log-under-grad / bw-hyperiax-children-view-leak: `children` is a hyperiax view
  built from the jitted `tree` argument; JAX's message names `tree[0]`. One could argue for
  argument='tree' from the dispatcher's point of view; I used the user function's parameter.
- bw-hyperiax-sde-dts-traced-steps: raised inside hyperiax.utils.sde.dts (jnp.full), so a
  labeller might call it concretization; it is a shape so traced-shape fits better. JAX's
  message suggests static_argnums, which does not fit (the jit is hyperiax's), hence
  jax_fitting_fix=False.
- bw-hyperiax-children-view-leak, bw-pinnx-residual-on-model: JAX's message states that
  functions must return their outputs, which describes return-value; I set jax_fitting_fix=False
  because returning the value is not directly possible from a sweep/PDE callback here.
- bw-jaxdp-vi-while-converged / bw-jaxdp-np-exp-boltzmann: the value depends on every MDP leaf
  (JAX lists mdp.reward, mdp.terminal, mdp.transition) and on tol/temperature; path 'mdp.reward'
  is one defensible leaf among several.
- bw-jaxdp-scan-length-traced: `static` (static_argnames='n_iter') is at least as common a first
  fix as fori_loop for an iteration count; both run. Kind could be read as concretization
  (JAX raises ConcretizationTypeError) but a scan length is a compile-time count.
- bw-jaxdp-occupancy-step-traced: the failure is chex's AssertionError inside jaxdp, not a JAX
  error; kind could be traced-shape (a loop count) or even non-array-argument-like
  (config object traced because chex dataclasses are pytrees). `static` here means making the
  Occupancy argument static or closing over it.
- bw-jaxdp-nonzero-terminal: ConcretizationTypeError from jnp.nonzero without size; labelled
  boolean-index per the kind definition, though concretization is what JAX names.
- bw-pinnx-float-trainable-coeff: argument None because the value comes from a closed-over
  brainstate.ParamState, not from the PDE function's parameters; simply deleting float() is the
  real fix, astype is the closest vocabulary item.
- bw-pinnx-pde-item-logging: argument 'x' because the residual depends on the collocation points
  (and on network weights that are not a parameter of pde).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bw-hyperiax-params-flag-if',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/02_writing_sweeps.ipynb',
        code="""\
import jax.numpy as jnp
import hyperiax as hx

topo = hx.symmetric_topology(depth=2, degree=2)
tree = hx.Tree.empty(topo, {"value": ()})
tree = tree.at[topo.is_leaf].set(value=jnp.array([1.0, 2.0, 3.0, 4.0]))

@hx.up(reads_children=("value",), writes=("value",))
def pool(node, children, params):
    m = children.value.mean(0)
    if params["log_scale"]:
        m = jnp.log(m)
    return {"value": m}

pool(tree, params={"log_scale": True})
""",
        kind='bool-conversion', argument='params', path="params['log_scale']", line=11,
        fixes=('jnp.where', 'lax.cond', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A Python bool option passed through the sweep's params dict is traced by hyperiax's jitted up-sweep dispatcher (only the SweepFn is static), so `if params['log_scale']:` raises TracerBoolConversionError; jnp.where(flag, log(m), m) keeps the result (checked); lax.cond or closing over the flag also work.",
    ),
    Case(
        id='bw-hyperiax-down-builtin-max',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/02_writing_sweeps.ipynb',
        code="""\
import jax.numpy as jnp
import hyperiax as hx

topo = hx.symmetric_topology(depth=3, degree=2)
tree = hx.Tree.empty(topo, {"radius": (), "edge_length": ()})
tree = tree.set(edge_length=jnp.linspace(0.0, 1.5, topo.size)).at[0].set(radius=1.0)

@hx.down(reads=("edge_length",), reads_parent=("radius",), writes=("radius",))
def decay(node, parent, params):
    return {"radius": max(parent.radius, 0.1) * jnp.exp(-node.edge_length)}

decay(tree)
""",
        kind='bool-conversion', argument='parent', path='parent.radius', line=10,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Builtin max() on the per-node parent field inside a down-sweep, which hyperiax vmaps per node under its own jit, needs the truth value of a BatchTracer comparison and raises TracerBoolConversionError; jnp.maximum(parent.radius, 0.1) fixes it (checked).',
    ),
    Case(
        id='bw-hyperiax-np-log-under-grad',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/03_phylo_mean.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import hyperiax as hx

topo = hx.symmetric_topology(depth=2, degree=3)
tree = hx.Tree.empty(topo, {"lik": ()})
tree = tree.at[topo.is_leaf].set(lik=jnp.linspace(0.1, 0.9, 9))

@hx.up(reads_children=("lik",), writes=("lik",))
def combine(node, children, params):
    return {"lik": np.log(children.lik.sum(0)) * params["scale"]}

def loss(scale):
    return combine(tree, params={"scale": scale}).lik[0]

jax.value_and_grad(loss)(1.0)
""",
        kind='array-conversion', argument='children', path='children.lik', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.log on the segment-summed children field inside an up-sweep that the user differentiates with jax.value_and_grad; NumPy calls __array__ on the tracer and JAX raises TracerArrayConversionError; switching to jnp.log runs and differentiates (checked).',
    ),
    Case(
        id='bw-hyperiax-range-params-steps',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/02_writing_sweeps.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import hyperiax as hx

topo = hx.symmetric_topology(depth=2, degree=2)
tree = hx.Tree.empty(topo, {"x": (2,), "edge_length": ()})
tree = tree.set(edge_length=jnp.ones(topo.size))

@hx.down(reads=("edge_length",), reads_parent=("x",), writes=("x",))
def flow(node, parent, params):
    x = parent.x
    dt = node.edge_length / params["n_steps"]
    for _ in range(params["n_steps"]):
        x = x - dt * x
    return {"x": x}

flow(tree, params={"n_steps": 10})
""",
        kind='integer-conversion', argument='params', path="params['n_steps']", line=13,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A sub-step count stored in the sweep params is a tracer inside the jitted/vmapped down-sweep, so range(params['n_steps']) raises TracerIntegerConversionError; lax.fori_loop with the traced bound runs (checked), or the count can be closed over as a Python int.",
    ),
    Case(
        id='bw-hyperiax-sde-dts-traced-steps',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/07_sde_mcmc.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import hyperiax as hx
from hyperiax.utils.sde import dts

topo = hx.symmetric_topology(depth=2, degree=2)
tree = hx.Tree.empty(topo, {"x": (), "edge_length": ()})
tree = tree.set(edge_length=jnp.ones(topo.size))

@hx.down(reads=("edge_length",), reads_parent=("x",), writes=("x",))
def integrate(node, parent, params):
    steps = dts(T=node.edge_length, n_steps=params["n_steps"])
    return {"x": parent.x + jnp.sum(steps)}

integrate(tree, params={"n_steps": 20})
""",
        kind='traced-shape', argument='params', path="params['n_steps']", line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='hyperiax.utils.sde.dts builds jnp.full((n_steps,), ...), so an n_steps taken from the traced params dict becomes a shape and JAX raises TypeError (shapes must be concrete); the suggested static_argnums is not reachable because the jit belongs to hyperiax, so the fix is to keep n_steps a Python constant outside params (checked).',
    ),
    Case(
        id='bw-hyperiax-children-view-leak',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/02_writing_sweeps.ipynb',
        code="""\
import jax.numpy as jnp
import hyperiax as hx

topo = hx.symmetric_topology(depth=2, degree=2)
tree = hx.Tree.empty(topo, {"value": ()})
tree = tree.at[topo.is_leaf].set(value=jnp.arange(4.0))
seen = []

@hx.up(reads_children=("value",), writes=("value",))
def total(node, children, params):
    seen.append(children)
    return {"value": children.value.sum(0)}

out = total(tree)
seen[0].value.max(0)
""",
        kind='leaked-tracer', argument='children', path='children.value', line=11,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='The user keeps the Children view (a hyperiax object wrapping traced segment arrays) in a global list for inspection; reducing it after the sweep returns raises UnexpectedTracerError. Return what is needed as a declared sweep field (or print it with jax.debug.print) instead; not a one-line change, so not verified.',
        use_line=15,
    ),
    Case(
        id='bw-hyperiax-tree-at-traced-mask',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/01_quickstart.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import hyperiax as hx

tree = hx.from_newick("((A:0.1,B:2.5)C:0.7,(D:3.0,E:0.2)F:1.1);")

@jax.jit
def cap_edges(tree):
    return tree.at[tree.edge_length > 1.0].set(edge_length=1.0)

cap_edges(tree)
""",
        kind='boolean-index', argument='tree', path='tree.edge_length', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Tree.at[...] mirrors jnp .at, so a boolean mask computed from a traced field inside a jitted function hits NonConcreteBooleanIndexError; tree.set(edge_length=jnp.where(mask, 1.0, tree.edge_length)) gives the same result (checked).',
    ),
    Case(
        id='bw-hyperiax-schema-dict-static',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/01_quickstart.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import hyperiax as hx

topo = hx.symmetric_topology(depth=2, degree=2)

def init_tree(leaf_values, schema):
    tree = hx.Tree.empty(topo, schema)
    return tree.at[topo.is_leaf].set(value=leaf_values)

init = jax.jit(init_tree, static_argnums=1)
init(jnp.ones((4, 2)), {"value": (2,), "edge_length": ()})
""",
        kind='unhashable-static', argument='schema', path='schema', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The schema must be static because Tree.empty turns its shapes into array shapes, but a plain dict passed through static_argnums is unhashable: jit raises ValueError (Non-hashable static arguments). Passing hx.Schema.from_dict(...), which is hashable, runs (checked).',
    ),
    Case(
        id='bw-hyperiax-sweepfn-as-jit-arg',
        source='https://github.com/ComputationalEvolutionaryMorphometry/hyperiax/blob/main/docs/source/notebooks/02_writing_sweeps.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import hyperiax as hx

topo = hx.symmetric_topology(depth=2, degree=2)
tree = hx.Tree.empty(topo, {"value": ()})
tree = tree.at[topo.is_leaf].set(value=jnp.arange(4.0))

@hx.up(reads_children=("value",), writes=("value",))
def total(node, children, params):
    return {"value": children.value.sum(0)}

@jax.jit
def run(sweep, tree):
    return sweep(tree)["value"][0]

run(total, tree)
""",
        kind='non-array-argument', argument='sweep', path='sweep', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A SweepFn (the object made by @hx.up) passed as a positional argument to a jitted driver is not a pytree of arrays, so jit raises TypeError (Error interpreting argument ... as an abstract array); SweepFn is hashable, so static_argnums=0 works as the message says (checked).',
    ),
    Case(
        id='bw-jaxdp-vi-while-converged',
        source='https://github.com/TolgaOk/jaxdp/blob/main/examples/planning/README.md',
        code="""\
import chex
import jax
import jax.numpy as jnp
import jaxdp

mdp = jaxdp.make("garnet")
vi = jaxdp.ValueIteration(gamma=0.9)

@chex.chexify
@jax.jit
def solve(mdp, tol):
    state = vi.init(mdp)
    new = vi.update(mdp, state)
    while jnp.max(jnp.abs(new.v_val - state.v_val)) > tol:
        state, new = new, vi.update(mdp, new)
    return new.v_val

solve(mdp, 1e-4)
""",
        kind='bool-conversion', argument='mdp', path='mdp.reward', line=14,
        fixes=('lax.while_loop',), verifiable=True, jax_fitting_fix=False,
        note='A convergence test on the value-iteration residual written as a Python while inside a chexified jit raises TracerBoolConversionError; carrying (old, new) states through lax.while_loop gives the same fixed point (checked).',
    ),
    Case(
        id='bw-jaxdp-scan-length-traced',
        source='https://github.com/TolgaOk/jaxdp/blob/main/examples/planning/README.md',
        code="""\
import chex
import jax
import jaxdp

mdp = jaxdp.make("forest")
qvi = jaxdp.QValueIteration(gamma=0.95)

def run(mdp, n_iter):
    def body(state, _):
        return qvi.update(mdp, state), None
    final, _ = jax.lax.scan(body, qvi.init(mdp), None, length=n_iter)
    return final.q_val

chex.chexify(jax.jit(run))(mdp, 50)
""",
        kind='traced-shape', argument='n_iter', path='n_iter', line=11,
        fixes=('lax.fori_loop', 'static', 'lax.while_loop'), verifiable=True, jax_fitting_fix=True,
        note="Running QValueIteration.update for a jitted iteration count via lax.scan(length=n_iter) raises ConcretizationTypeError because scan's length must be a Python int; the message points to fori_loop/while_loop and a fori_loop with the traced bound runs (checked); static_argnames='n_iter' also works.",
    ),
    Case(
        id='bw-jaxdp-occupancy-step-traced',
        source='https://github.com/TolgaOk/jaxdp/blob/main/jaxdp/README.md',
        code="""\
import chex
import jax
import jax.numpy as jnp
import jaxdp

mdp = jaxdp.make("grid-world")
policy = jnp.full((mdp.action_size, mdp.state_size), 1.0 / mdp.action_size)

@chex.chexify
@jax.jit
def visit_freq(occupancy, mdp, policy):
    return occupancy.v(mdp, policy, gamma=0.9)

visit_freq(jaxdp.Occupancy(step=25), mdp, policy)
""",
        kind='concretization', argument='occupancy', path='occupancy.step', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="jaxdp mappings/planners are chex dataclasses, i.e. pytrees, so passing Occupancy(step=25) into a jitted function traces the integer step; Occupancy.v's own chex check (assert_scalar_non_negative) then fails with AssertionError. Making the Occupancy argument static (it is hashable) runs (checked).",
    ),
    Case(
        id='bw-jaxdp-scan-history-append',
        source='https://github.com/TolgaOk/jaxdp/blob/main/examples/planning/README.md',
        code="""\
import chex
import jax
import jax.numpy as jnp
import jaxdp

mdp = jaxdp.make("sequential")
vi = jaxdp.ValueIteration(gamma=0.9)
history = []

def body(state, _):
    state = vi.update(mdp, state)
    history.append(state.v_val)
    return state, None

final, _ = chex.chexify(jax.jit(lambda s: jax.lax.scan(body, s, None, length=20)))(vi.init(mdp))
jnp.stack(history).max(axis=1)
""",
        kind='leaked-tracer', argument='state', path='state.v_val', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="Logging each ValueIteration iterate by appending state.v_val to a Python list inside a lax.scan body leaks scan tracers; stacking them afterwards raises UnexpectedTracerError. Returning v_val as the scan's per-step output fixes it (checked).",
        use_line=16,
    ),
    Case(
        id='bw-jaxdp-nonzero-terminal',
        source='https://github.com/TolgaOk/jaxdp/blob/main/jaxdp/README.md',
        code="""\
import chex
import jax
import jax.numpy as jnp
import jaxdp

mdp = jaxdp.make("cliff-walking")
vi = jaxdp.ValueIteration(gamma=0.9)

@chex.chexify
@jax.jit
def terminal_values(mdp):
    state = vi.update(mdp, vi.init(mdp))
    goal_ids = jnp.nonzero(mdp.terminal)[0]
    return state.v_val[goal_ids]

terminal_values(mdp)
""",
        kind='boolean-index', argument='mdp', path='mdp.terminal', line=13,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='Finding terminal states with jnp.nonzero(mdp.terminal) inside a chexified jit raises ConcretizationTypeError because the output size is data dependent; the message asks for size=, and size=1 (cliff-walking has one terminal state) runs (checked).',
    ),
    Case(
        id='bw-jaxdp-mdp-marked-static',
        source='https://github.com/TolgaOk/jaxdp/blob/main/jaxdp/README.md',
        code="""\
from functools import partial
import chex
import jax
import jaxdp

mdp = jaxdp.make("frozen-lake")

@chex.chexify
@partial(jax.jit, static_argnames="mdp")
def greedy(mdp, gamma):
    v = jaxdp.policy_eval.v(mdp, jaxdp.greedy_map.v(mdp, mdp.initial, gamma), gamma)
    return v

greedy(mdp=mdp, gamma=0.9)
""",
        kind='unhashable-static', argument='mdp', path='mdp', line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='Marking the MDP (a chex dataclass of arrays) as static_argnames makes jit hash it; the array fields are unhashable and jit raises ValueError (Non-hashable static arguments). Passing the MDP traced, as a pytree, runs (checked).',
    ),
    Case(
        id='bw-jaxdp-planner-class-arg',
        source='https://github.com/TolgaOk/jaxdp/blob/main/jaxdp/README.md',
        code="""\
import chex
import jax
import jaxdp

mdp = jaxdp.make("forest")

@chex.chexify
@jax.jit
def run(planner_cls, mdp):
    planner = planner_cls(gamma=0.9)
    state = planner.init(mdp)
    return planner.update(mdp, state)

results = {}
for cls in [jaxdp.ValueIteration, jaxdp.QValueIteration]:
    results[cls.__name__] = run(cls, mdp)
""",
        kind='non-array-argument', argument='planner_cls', path='planner_cls', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Comparing planners by passing the planner class (jaxdp.ValueIteration, ...) into a jitted function: a class is not a JAX type, so jit raises TypeError; static_argnums=0 as the message suggests runs (checked).',
    ),
    Case(
        id='bw-jaxdp-np-exp-boltzmann',
        source='https://github.com/TolgaOk/jaxdp/blob/main/jaxdp/README.md',
        code="""\
import chex
import jax
import numpy as np
import jaxdp

mdp = jaxdp.make("four-rooms")
qvi = jaxdp.QValueIteration(gamma=0.99)

@chex.chexify
@jax.jit
def boltzmann_policy(mdp, temperature):
    state = qvi.update(mdp, qvi.init(mdp))
    weights = np.exp(state.q_val / temperature)
    return weights / weights.sum(axis=0)

boltzmann_policy(mdp, 0.5)
""",
        kind='array-conversion', argument='mdp', path='mdp.reward', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A Boltzmann policy built with np.exp over QValueIteration's q_val inside a chexified jit calls __array__ on a tracer and raises TracerArrayConversionError; jnp.exp fixes it (checked).",
    ),
    Case(
        id='bw-jaxdp-policy-iteration-range',
        source='https://github.com/TolgaOk/jaxdp/blob/main/examples/planning/README.md',
        code="""\
import chex
import jax
import jaxdp

mdp = jaxdp.make("tree")
pi = jaxdp.PolicyIteration(gamma=0.9)

@chex.chexify
@jax.jit
def improve(mdp, policy, n_rounds):
    state = pi.init(mdp, policy)
    for _ in range(n_rounds):
        state = pi.update(mdp, state)
    return state.policy

start = jaxdp.greedy_map.q(jax.numpy.zeros((mdp.action_size, mdp.state_size)))
improve(mdp, start, 5)
""",
        kind='integer-conversion', argument='n_rounds', path='n_rounds', line=12,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="The number of PolicyIteration rounds is a jitted argument, so range(n_rounds) raises TracerIntegerConversionError; lax.fori_loop(0, n_rounds, ...) runs (checked), as would static_argnames='n_rounds'.",
    ),
    Case(
        id='bw-pinnx-pde-np-sin',
        source='https://github.com/chaobrain/pinnx/blob/main/docs/examples-pinn-forward/Poisson_Dirichlet_1d.py',
        code="""\
import braintools
import numpy as np
import pinnx

def pde(x, y):
    dy_xx = net.hessian(x)["y"]["x"]["x"]
    return -dy_xx - np.pi ** 2 * np.sin(np.pi * x["x"])

net = pinnx.nn.Model(pinnx.nn.DictToArray(x=None), pinnx.nn.FNN([1, 16, 16, 1], "tanh"), pinnx.nn.ArrayToDict(y=None))
geom = pinnx.geometry.Interval(-1, 1).to_dict_point("x")
bc = pinnx.icbc.DirichletBC(lambda x: {"y": 0.0 * x["x"]})
data = pinnx.problem.PDE(geom, pde, bc, net, num_domain=16, num_boundary=2, train_distribution="uniform")
trainer = pinnx.Trainer(data)
trainer.compile(braintools.optim.Adam(1e-3))
trainer.train(iterations=10)
""",
        kind='array-conversion', argument='x', path="x['x']", line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The PDE residual passed to pinnx.problem.PDE uses np.sin/np.pi on the collocation points; pinnx traces it under brainstate's jit during Trainer.train and NumPy raises TracerArrayConversionError; jnp.sin fixes it (checked).",
    ),
    Case(
        id='bw-pinnx-pde-item-logging',
        source='https://github.com/chaobrain/pinnx/blob/main/docs/examples-pinn-forward/Poisson_Dirichlet_1d.py',
        code="""\
import braintools
import jax.numpy as jnp
import pinnx

def pde(x, y):
    dy_xx = net.hessian(x)["y"]["x"]["x"]
    residual = -dy_xx - jnp.pi ** 2 * jnp.sin(jnp.pi * x["x"])
    print("mean |r| =", jnp.abs(residual).mean().item())
    return residual

net = pinnx.nn.Model(pinnx.nn.DictToArray(x=None), pinnx.nn.FNN([1, 16, 16, 1], "tanh"), pinnx.nn.ArrayToDict(y=None))
geom = pinnx.geometry.Interval(-1, 1).to_dict_point("x")
bc = pinnx.icbc.DirichletBC(lambda x: {"y": jnp.zeros_like(x["x"])})
data = pinnx.problem.PDE(geom, pde, bc, net, num_domain=16, num_boundary=2, train_distribution="uniform")
trainer = pinnx.Trainer(data)
trainer.compile(braintools.optim.Adam(1e-3))
trainer.train(iterations=10)
""",
        kind='concretization', argument='x', path="x['x']", line=8,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Printing the mean residual with .item() inside the traced PDE function raises ConcretizationTypeError (item() of a tracer); jax.debug.print prints during training instead (checked).',
    ),
    Case(
        id='bw-pinnx-residual-on-model',
        source='https://github.com/chaobrain/pinnx/blob/main/docs/examples-pinn-forward/Poisson_Dirichlet_1d.py',
        code="""\
import braintools
import jax.numpy as jnp
import pinnx

def pde(x, y):
    dy_xx = net.hessian(x)["y"]["x"]["x"]
    residual = -dy_xx - jnp.pi ** 2 * jnp.sin(jnp.pi * x["x"])
    net.last_residual = residual
    return residual

net = pinnx.nn.Model(pinnx.nn.DictToArray(x=None), pinnx.nn.FNN([1, 16, 16, 1], "tanh"), pinnx.nn.ArrayToDict(y=None))
geom = pinnx.geometry.Interval(-1, 1).to_dict_point("x")
bc = pinnx.icbc.DirichletBC(lambda x: {"y": jnp.zeros_like(x["x"])})
data = pinnx.problem.PDE(geom, pde, bc, net, num_domain=16, num_boundary=2, train_distribution="uniform")
trainer = pinnx.Trainer(data)
trainer.compile(braintools.optim.Adam(1e-3))
trainer.train(iterations=10)
jnp.abs(net.last_residual).max()
""",
        kind='leaked-tracer', argument='x', path="x['x']", line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="The PDE function stashes its residual as an attribute of the pinnx Model for later plotting; after training the attribute holds a jit tracer and using it raises UnexpectedTracerError. Get the residual as an output instead (trainer.predict(x, operator=pde) as in pinnx's examples); not a mechanical edit, so not verified.",
        use_line=18,
    ),
    Case(
        id='bw-pinnx-source-at-mask',
        source='https://github.com/chaobrain/pinnx/blob/main/docs/examples-pinn-forward/Poisson_Dirichlet_1d.py',
        code="""\
import braintools
import jax.numpy as jnp
import pinnx

def pde(x, y):
    dy_xx = net.hessian(x)["y"]["x"]["x"]
    source = jnp.zeros_like(x["x"])
    source = source.at[x["x"] > 0].set(1.0)
    return -dy_xx - source

net = pinnx.nn.Model(pinnx.nn.DictToArray(x=None), pinnx.nn.FNN([1, 16, 16, 1], "tanh"), pinnx.nn.ArrayToDict(y=None))
geom = pinnx.geometry.Interval(-1, 1).to_dict_point("x")
bc = pinnx.icbc.DirichletBC(lambda x: {"y": jnp.zeros_like(x["x"])})
data = pinnx.problem.PDE(geom, pde, bc, net, num_domain=16, num_boundary=2, train_distribution="uniform")
trainer = pinnx.Trainer(data)
trainer.compile(braintools.optim.Adam(1e-3))
trainer.train(iterations=10)
""",
        kind='boolean-index', argument='x', path="x['x']", line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A piecewise source term written as source.at[x['x'] > 0].set(1.0) inside the traced PDE raises NonConcreteBooleanIndexError; jnp.where(x['x'] > 0, 1.0, source) is equivalent (checked).",
    ),
    Case(
        id='bw-pinnx-float-trainable-coeff',
        source='https://github.com/chaobrain/pinnx/blob/main/docs/examples-pinn-inverse/diffusion_1d_inverse.py',
        code="""\
import brainstate
import braintools
import jax.numpy as jnp
import pinnx

C = brainstate.ParamState(jnp.array(2.0))

def pde(x, y):
    dy_xx = net.hessian(x)["y"]["x"]["x"]
    return -float(C.value) * dy_xx - jnp.sin(jnp.pi * x["x"])

net = pinnx.nn.Model(pinnx.nn.DictToArray(x=None), pinnx.nn.FNN([1, 16, 16, 1], "tanh"), pinnx.nn.ArrayToDict(y=None))
geom = pinnx.geometry.Interval(-1, 1).to_dict_point("x")
bc = pinnx.icbc.DirichletBC(lambda x: {"y": jnp.zeros_like(x["x"])})
data = pinnx.problem.PDE(geom, pde, bc, net, num_domain=16, num_boundary=2, train_distribution="uniform")
trainer = pinnx.Trainer(data, external_trainable_variables=C)
trainer.compile(braintools.optim.Adam(1e-3))
trainer.train(iterations=10)
""",
        kind='concretization', argument=None, path=None, line=10,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="In an inverse problem the coefficient C is a brainstate.ParamState trained via external_trainable_variables; pinnx traces its value, so float(C.value) in the PDE raises ConcretizationTypeError. The culprit is a closed-over state, not a PDE parameter. The message's x.astype(float) suggestion works (checked).",
    ),
    Case(
        id='bw-pinnx-residual-rescale-if',
        source='https://github.com/chaobrain/pinnx/blob/main/docs/examples-pinn-forward/Poisson_Dirichlet_1d.py',
        code="""\
import braintools
import jax.numpy as jnp
import pinnx

def pde(x, y):
    dy_xx = net.hessian(x)["y"]["x"]["x"]
    residual = -dy_xx - jnp.pi ** 2 * jnp.sin(jnp.pi * x["x"])
    if jnp.abs(residual).max() > 100.0:
        residual = residual / 100.0
    return residual

net = pinnx.nn.Model(pinnx.nn.DictToArray(x=None), pinnx.nn.FNN([1, 16, 16, 1], "tanh"), pinnx.nn.ArrayToDict(y=None))
geom = pinnx.geometry.Interval(-1, 1).to_dict_point("x")
bc = pinnx.icbc.DirichletBC(lambda x: {"y": jnp.zeros_like(x["x"])})
data = pinnx.problem.PDE(geom, pde, bc, net, num_domain=16, num_boundary=2, train_distribution="uniform")
trainer = pinnx.Trainer(data)
trainer.compile(braintools.optim.Adam(1e-3))
trainer.train(iterations=10)
""",
        kind='bool-conversion', argument='x', path="x['x']", line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A Python if on the traced residual's maximum (to rescale large residuals) inside the PDE raises TracerBoolConversionError when pinnx jits the loss; jnp.where(cond, r / 100, r) keeps the result (checked).",
    ),
]
