"""Held-out library cases (set Q): tensorcircuit (jax backend), jax-fdm, evermore.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / discussion / README or docs page (where no library thread showed the exact
pattern, the library's README/quickstart usage that the cell extends is cited), written against
the installed versions: tensorcircuit-ng 1.10.0 (imported as `tensorcircuit`, with
tensornetwork-ng 0.5.3; tc.set_backend("jax") in every cell), jax_fdm 0.14.1 (+ compas 2.15.1;
note that importing jax_fdm enables jax_enable_x64), evermore 0.4.1 (py3.11) / 0.4.2 (py3.13).
Every cell was executed as a file under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note); `line` is the user-code frame in the traceback (for leaks: the line that
stores the tracer; `use_line` is the frame where JAX raised). For every case marked
verifiable=True the top fix was applied by hand (string replacement in the cell) and the fixed cell
re-run on both interpreters: it traced and returned.

Libraries: the brief's list was trajax, tensorcircuit, sbx-rl, bayesnewton, stheno, jax-fdm.
Dropped: trajax (the google-research trajax is not on the package index; the PyPI `trajax` is an
unrelated MPPI project with no installable version here); sbx-rl (pulls stable_baselines3 + torch
+ CUDA wheels); bayesnewton (fails to import on both: `from jax.lib import xla_bridge`);
stheno (imports on 3.11, but on 3.13 `lab` fails with the plum ModuleType `allow_fail` clash).
As the list was exhausted with only two usable libraries, evermore (binned likelihoods, built on
flax.nnx Variables) was added as a third, not on the already-used list. tensorcircuit was
installed as tensorcircuit-ng (the maintained fork; the old `tensorcircuit` 0.12 is from 2024).

Doubts about labels:
- lib-q-tc-gate-traced-qubit-index: tensorcircuit raises its own ValueError (isinstance check on
  the index), not a JAX error. Labelled integer-conversion (qubit index used as a Python int / list
  index); traced-shape is defensible (the index selects tensor-network edges, a compile-time
  structure). static needs a Python int at the call site, so verifiable=False.
- lib-q-tc-range-traced-nlayers-grad: range(traced) is listed under integer-conversion, but it is
  also a loop length (traced-shape). Kept integer-conversion per the vocabulary's explicit range().
- lib-q-tc-traced-nqubits and lib-q-tc-eqx-config-nqubits: the exception is
  TracerIntegerConversionError (Circuit(n) calls range/int on n), labelled traced-shape because
  the number of qubits fixes the state's shape; integer-conversion is defensible.
- lib-q-fdm-traced-tmax-model-config: the exception is TracerBoolConversionError from jax_fdm's own
  `if tmax > 1` in EquilibriumModel.__call__; labelled traced-shape (tmax is the iteration bound of
  the solver, a compile-time constant). bool-conversion is defensible, but jnp.where cannot fix it.
  `line` is the user line calling model(...) (17), not the library line.
- lib-q-tc-vmap-if-on-expectation: jnp.where first; jnp.abs (jnp-not-builtin spirit) is the
  most natural rewrite of this particular `if`, listed second.
- lib-q-tc-float-print-in-grad: JAX's message suggests astype; the fitting fix is
  jax.debug.print, so jax_fitting_fix=False.
- lib-q-fdm-float-target-objective: the best fix is simply dropping float(); the vocabulary has no
  such kind, astype (JAX's suggestion) ranked first.
- lib-q-tc-bool-mask-probs: jnp.where zeroes the small probabilities instead of dropping them (the
  shape stays 8); a caller wanting the compacted list would need size-argument (via nonzero).
- lib-q-tc-circuit-as-jit-argument / lib-q-fdm-model-as-jit-argument: static works because both
  classes hash by identity (every new object recompiles); a restructure (pass c.state(), build the
  model outside) is arguably better but has no fix kind.
- Leaks: return-value is the fix for all; verifiable=False since the caller must change too
  (has_aux / unpacking). evermore paths given as `mu.value` (the Parameter's array leaf).
- lib-q-evm-parameter-static / lib-q-fdm-structure-static: unhashable because the static value is
  a pytree of arrays; not-static chosen over hashable-static.
- Sources: several cases cite the library's README/quickstart/repo (jax_fdm and evermore have no
  public issue threads showing these user errors); the tensorcircuit leak/non-array cases cite
  discussion 79 (reusing Circuit objects across calls), a loose match.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-q-tc-gate-traced-qubit-index',
        source='https://github.com/tencent-quantum-lab/tensorcircuit/issues/171',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

tc.set_backend("jax")

@jax.jit
def flip_one(idx):
    c = tc.Circuit(3)
    c.x(idx)
    return c.expectation_ps(z=[0, 1, 2])

flip_one(jnp.array(1))
""",
        kind='integer-conversion',
        argument='idx',
        path='idx',
        line=10,
        fixes=('static', 'lax.switch'),
        verifiable=False,
        jax_fitting_fix=False,
        note="Issue 171: the qubit a gate acts on is chosen by a jnp integer so the function can be jitted. tensorcircuit's apply_list needs a Python int (it indexes its list of nodes) and raises its own ValueError('Illegal index specification ... got DynamicJaxprTracer'). Fix: make idx static (static_argnums=0 and pass a Python int -- the cell passes an array, so not mechanical), or a lax.switch over the possible qubits. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (tensorcircuit's own).",
    ),
    Case(
        id='lib-q-tc-np-asarray-state',
        source='https://github.com/tencent-quantum-lab/tensorcircuit/issues/143',
        code="""\
import numpy as np
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def probabilities(theta):
    c = tc.Circuit(2)
    c.rx(0, theta=theta)
    c.cnot(0, 1)
    psi = np.asarray(c.state())
    return np.abs(psi) ** 2

probs = K.jit(probabilities)
probs(jnp.array(0.3))
""",
        kind='array-conversion',
        argument='theta',
        path='theta',
        line=11,
        fixes=('jnp-not-np',),
        verifiable=True,
        jax_fitting_fix=False,
        note='Issue 143 (numpy conversion of the state inside tc.backend.jit; reported with the TF backend, here the jax backend): np.asarray(c.state()) on a traced state. Fix: jnp.asarray / jnp.abs; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='lib-q-tc-traced-nqubits',
        source='https://www.Github.com/tencent-quantum-lab/tensorcircuit/blob/master/docs/source/quickstart.rst',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def energy(params, n):
    c = tc.Circuit(n)
    for i in range(n):
        c.ry(i, theta=params[i])
    return K.real(sum(c.expectation_ps(z=[i]) for i in range(n)))

energy_jit = K.jit(energy)
energy_jit(jnp.ones(4), 4)
""",
        kind='traced-shape',
        argument='n',
        path='n',
        line=8,
        fixes=('static', 'numpy-for-static'),
        verifiable=True,
        jax_fitting_fix=False,
        note="tc.Circuit(n) inside K.jit with n a normal (traced) argument: the number of qubits fixes the state's shape. Fix: K.jit(energy, static_argnums=1); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError (raised from range(n)/Circuit(n) on the Circuit line).",
    ),
    Case(
        id='lib-q-tc-range-traced-nlayers-grad',
        source='https://github.com/ZhengtongYan/tensorcircuit',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def ansatz(params, nlayers):
    c = tc.Circuit(2)
    for j in range(nlayers):
        c.rx(0, theta=params[j])
        c.cnot(0, 1)
    return K.real(c.expectation_ps(z=[1]))

vg = K.jit(K.value_and_grad(ansatz))
vg(jnp.ones(3), 3)
""",
        kind='integer-conversion',
        argument='nlayers',
        path='nlayers',
        line=9,
        fixes=('static', 'lax.fori_loop'),
        verifiable=True,
        jax_fitting_fix=False,
        note="Layered ansatz: `for j in range(nlayers)` with nlayers a jitted argument, reached through K.value_and_grad inside K.jit (the README's jit(grad(forward)) pattern). Fix: static_argnums=1 on the jit (call passes a Python int); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.",
    ),
    Case(
        id='lib-q-tc-vmap-if-on-expectation',
        source='https://github.com/ZhengtongYan/tensorcircuit',
        code="""\
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def cost(params):
    c = tc.Circuit(2)
    c.ry(0, theta=params[0])
    c.cnot(0, 1)
    e = K.real(c.expectation_ps(z=[0, 1]))
    if e < 0:
        e = -e
    return e

batched = K.jit(K.vmap(cost, vectorized_argnums=0))
batched(jnp.ones((4, 1)))
""",
        kind='bool-conversion',
        argument='params',
        path='params',
        line=11,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'),
        verifiable=True,
        jax_fitting_fix=False,
        note="Python `if e < 0` on an expectation value inside a cost that is K.vmap'ed (vectorized_argnums=0) and K.jit'ed. Fix: e = jnp.where(e < 0, -e, e) (or jnp.abs); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (BatchTracer).",
    ),
    Case(
        id='lib-q-tc-leak-state-global-list',
        source='https://www.Github.com/tencent-quantum-lab/tensorcircuit/discussions/79',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")
states = []

@K.jit
def run(theta):
    c = tc.Circuit(2)
    c.h(0)
    c.rzz(0, 1, theta=theta)
    psi = c.state()
    states.append(psi)
    return K.real(c.expectation_ps(x=[0]))

run(jnp.array(0.1))
fidelity = jnp.abs(jnp.vdot(states[0], states[0]))
""",
        kind='leaked-tracer',
        argument='theta',
        path='theta',
        line=14,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=False,
        note='Discussion 79 (keeping circuit objects/states around across calls): the jitted function appends its intermediate state to a module-level list; the later jnp.vdot on the stored tracer raises. Fix: return psi from the jitted function. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 18.',
        use_line=18,
    ),
    Case(
        id='lib-q-tc-static-edge-list',
        source='https://www.Github.com/tencent-quantum-lab/tensorcircuit/blob/master/docs/source/quickstart.rst',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def layer_energy(params, edges):
    c = tc.Circuit(3)
    for k, (i, j) in enumerate(edges):
        c.rzz(i, j, theta=params[k])
    return K.real(c.expectation_ps(z=[0]))

f = K.jit(layer_energy, static_argnums=1)
f(jnp.ones(2), [(0, 1), (1, 2)])
""",
        kind='unhashable-static',
        argument='edges',
        path='edges',
        line=14,
        fixes=('hashable-static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="The graph (list of qubit pairs) of a QAOA-like layer is marked static with K.jit(..., static_argnums=1) but passed as a list. Fix: pass a tuple of tuples; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError('Non-hashable static arguments are not supported').",
    ),
    Case(
        id='lib-q-tc-circuit-as-jit-argument',
        source='https://www.Github.com/tencent-quantum-lab/tensorcircuit/discussions/79',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def measure_z0(c):
    return K.real(c.expectation_ps(z=[0]))

c = tc.Circuit(2)
c.h(0)
jax.jit(measure_z0)(c)
""",
        kind='non-array-argument',
        argument='c',
        path='c',
        line=12,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=True,
        note="A tc.Circuit object (not a pytree) passed as a normal jax.jit argument. Fix: static_argnums=0 (Circuit hashes by identity), as JAX's message suggests; checked. register-pytree is not realistic for Circuit. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='lib-q-tc-float-print-in-grad',
        source='https://github.com/ZhengtongYan/tensorcircuit',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

def vqe_energy(params):
    c = tc.Circuit(2)
    c.rx(0, theta=params[0])
    c.ry(1, theta=params[1])
    e = K.real(c.expectation_ps(z=[0, 1]))
    print(f"energy = {float(e):.4f}")
    return e

step = K.jit(K.value_and_grad(vqe_energy))
step(jnp.array([0.1, 0.2]))
""",
        kind='concretization',
        argument='params',
        path='params',
        line=12,
        fixes=('jax.debug.print',),
        verifiable=True,
        jax_fitting_fix=False,
        note="Logging the VQE energy with print(f'{float(e)}') inside a cost under K.jit(K.value_and_grad). Fix: jax.debug.print('energy = {e}', e=e); checked. JAX's message suggests astype, which does not fit a print. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-q-tc-bool-mask-probs',
        source='https://github.com/google/TensorNetwork/issues/953',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

@K.jit
def significant_probs(theta):
    c = tc.Circuit(3)
    for i in range(3):
        c.ry(i, theta=theta[i])
    probs = K.abs(c.state()) ** 2
    return probs[probs > 1e-2]

significant_probs(jnp.array([0.1, 1.2, 0.4]))
""",
        kind='boolean-index',
        argument='theta',
        path='theta',
        line=13,
        fixes=('jnp.where', 'size-argument'),
        verifiable=True,
        jax_fitting_fix=False,
        note='Keeping only significant basis-state probabilities, probs[probs > 1e-2], under K.jit (the data-dependent-shape problem of TensorNetwork issue 953). Fix: jnp.where(probs > 1e-2, probs, 0.0) (fixed shape); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-q-tc-nonzero-support',
        source='https://github.com/google/TensorNetwork/issues/953',
        code="""\
import jax
import jax.numpy as jnp
import tensorcircuit as tc

K = tc.set_backend("jax")

@K.jit
def support(theta):
    c = tc.Circuit(2)
    c.ry(0, theta=theta)
    c.cnot(0, 1)
    probs = jnp.abs(c.state()) ** 2
    return jnp.nonzero(probs > 1e-6)[0]

support(jnp.array(0.7))
""",
        kind='traced-shape',
        argument='theta',
        path='theta',
        line=13,
        fixes=('size-argument',),
        verifiable=True,
        jax_fitting_fix=True,
        note='Support of the output state via jnp.nonzero(probs > eps) under K.jit: data-dependent output length (TensorNetwork issue 953: truncated SVD of varying size cannot be jitted). Fix: size=4, fill_value=-1; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (nonzero size).',
    ),
    Case(
        id='lib-q-tc-eqx-config-nqubits',
        source='https://www.Github.com/tencent-quantum-lab/tensorcircuit/blob/master/docs/source/quickstart.rst',
        code="""\
import jax.numpy as jnp
import equinox as eqx
import tensorcircuit as tc

K = tc.set_backend("jax")

class Config(eqx.Module):
    nqubits: int

@K.jit
def energy(params, cfg):
    c = tc.Circuit(cfg.nqubits)
    for d in range(2):
        c.rx(0, theta=params[d])
    return K.real(c.expectation_ps(z=[0]))

energy(jnp.ones(2), Config(nqubits=3))
""",
        kind='traced-shape',
        argument='cfg',
        path='cfg.nqubits',
        line=12,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note='The number of qubits lives in an equinox Module config passed to K.jit; as a non-static field it is traced, and tc.Circuit(cfg.nqubits) needs it as an int. Fix: nqubits: int = eqx.field(static=True); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='lib-q-fdm-traced-tmax-model-config',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)

@jax.jit
def form_find(q, tmax):
    model = EquilibriumModel(tmax=tmax)
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    return model(p, structure).xyz

form_find(jnp.ones(2), 10)
""",
        kind='traced-shape',
        argument='tmax',
        path='tmax',
        line=17,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="EquilibriumModel(tmax=...) built inside a jitted function from a traced tmax; jax_fdm's EquilibriumModel.__call__ branches on `if tmax > 1` (tmax is the iteration bound of the iterative solve). Fix: static_argnames='tmax'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (inside jax_fdm, reached from line 17).",
    ),
    Case(
        id='lib-q-fdm-grad-if-on-sag',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)
model = EquilibriumModel(tmax=1)

def loss(q):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    eq = model(p, structure)
    sag = -eq.xyz[1, 2]
    if sag > 0.3:
        return (sag - 0.3) ** 2
    return 0.0 * sag

jax.jit(jax.grad(loss))(jnp.ones(2))
""",
        kind='bool-conversion',
        argument='q',
        path='q',
        line=18,
        fixes=('jnp.where', 'lax.cond'),
        verifiable=True,
        jax_fitting_fix=False,
        note='Hand-written inverse form-finding loss (jit(grad(loss))) with a Python `if` on the mid-node sag computed by the equilibrium model. Fix: jnp.where(sag > 0.3, (sag - 0.3) ** 2, 0.0 * sag); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-q-fdm-leak-history-list',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)
model = EquilibriumModel(tmax=1)
history = []

@jax.jit
def loss(q):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    eq = model(p, structure)
    history.append(eq.xyz)
    return jnp.sum(eq.forces ** 2)

jax.grad(loss)(jnp.ones(2))
shapes = jnp.stack(history)
""",
        kind='leaked-tracer',
        argument='q',
        path='q',
        line=19,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=False,
        note='Recording the equilibrium geometry of each evaluation in a global list from inside a jitted loss (instead of a recorder outside jit); jax.grad of the jitted loss, then jnp.stack(history) on the stored tracer. Fix: return eq.xyz (has_aux). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 23.',
        use_line=23,
    ),
    Case(
        id='lib-q-fdm-structure-static',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)
model = EquilibriumModel(tmax=1)

def solve(q, structure):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    return model(p, structure).xyz

solve_jit = jax.jit(solve, static_argnums=1)
solve_jit(jnp.ones(2), structure)
""",
        kind='unhashable-static',
        argument='structure',
        path='structure',
        line=19,
        fixes=('not-static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="The EquilibriumStructure (an equinox Module holding connectivity arrays) marked static with static_argnums=1; equinox's __hash__ fails on its numpy arrays. Fix: pass it as a normal pytree argument; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError('Non-hashable static arguments') from TypeError unhashable numpy.ndarray.",
    ),
    Case(
        id='lib-q-fdm-model-as-jit-argument',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)

def solve(model, q):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    return model(p, structure).xyz

jax.jit(solve)(EquilibriumModel(tmax=1), jnp.ones(2))
""",
        kind='non-array-argument',
        argument='model',
        path='model',
        line=17,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=True,
        note="EquilibriumModel (a plain Python class, not a pytree) passed as a normal jax.jit argument. Fix: static_argnums=0 (hashable by identity), as JAX suggests; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='lib-q-fdm-numpy-edge-lengths',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)
import numpy as np
model = EquilibriumModel(tmax=1)

@jax.jit
def total_length(q):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    xyz = model(p, structure).xyz
    return np.linalg.norm(np.diff(xyz, axis=0), axis=1).sum()

total_length(jnp.ones(2))
""",
        kind='array-conversion',
        argument='q',
        path='q',
        line=19,
        fixes=('jnp-not-np',),
        verifiable=True,
        jax_fitting_fix=False,
        note='Edge lengths of the form-found network computed with np.linalg.norm/np.diff on the traced node coordinates inside a jitted objective. Fix: jnp.linalg.norm/jnp.diff; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='lib-q-fdm-mask-compression-forces',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)
model = EquilibriumModel(tmax=1)

@jax.jit
def compression_load(q):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    forces = model(p, structure).forces
    return jnp.sum(jnp.abs(forces[forces < 0]))

compression_load(jnp.array([1.0, -0.5]))
""",
        kind='boolean-index',
        argument='q',
        path='q',
        line=18,
        fixes=('jnp.where',),
        verifiable=True,
        jax_fitting_fix=False,
        note='Summing compression forces with forces[forces < 0] inside a jitted objective. Fix: jnp.sum(jnp.where(forces < 0, jnp.abs(forces), 0.0)) -- same result; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-q-fdm-leak-self-attribute',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)

class Shape:
    def __init__(self):
        self.model = EquilibriumModel(tmax=1)
        self.last_xyz = None

    def loss(self, q):
        p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
        self.last_xyz = self.model(p, structure).xyz
        return jnp.sum(self.last_xyz[:, 2] ** 2)

shape = Shape()
jax.jit(jax.value_and_grad(shape.loss))(jnp.ones(2))
jnp.max(shape.last_xyz)
""",
        kind='leaked-tracer',
        argument='q',
        path='q',
        line=20,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=False,
        note="A user wrapper class stores the equilibrium coordinates on self inside its loss, which is jit(value_and_grad)'ed through a bound method; reading shape.last_xyz afterwards raises. Fix: return the coordinates as aux output. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (LinearizeTracer) at line 25.",
        use_line=25,
    ),
    Case(
        id='lib-q-fdm-float-target-objective',
        source='https://www.github.com/arpastrana/jax_fdm',
        code="""\
import jax
import jax.numpy as jnp
from jax_fdm.datastructures import FDNetwork
from jax_fdm.equilibrium import EquilibriumModel, EquilibriumStructure
from jax_fdm.equilibrium.states import EquilibriumParametersState

net = FDNetwork.from_nodes_and_edges([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [(0, 1), (1, 2)])
net.nodes_supports([0, 2])
net.nodes_loads([0.0, 0.0, -1.0], keys=[1])
structure = EquilibriumStructure.from_network(net)
params = EquilibriumParametersState.from_datastructure(net)
model = EquilibriumModel(tmax=1)

def objective(q, target):
    p = EquilibriumParametersState(q, params.xyz_fixed, params.loads)
    z_mid = model(p, structure).xyz[1, 2]
    return (float(z_mid) - target) ** 2

jax.jit(jax.value_and_grad(objective))(jnp.ones(2), -0.4)
""",
        kind='concretization',
        argument='q',
        path='q',
        line=17,
        fixes=('astype', 'jnp-not-builtin'),
        verifiable=True,
        jax_fitting_fix=True,
        note="float() on the traced mid-node height inside an objective under jit(value_and_grad). Fix: drop float / use z_mid.astype(float) as JAX's message suggests; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-q-evm-if-on-parameter-value',
        source='https://github.com/pfackeldey/evermore',
        code="""\
import jax
import jax.numpy as jnp
import evermore as evm

signal = jnp.array([5.0, 10.0, 3.0])
mu = evm.Parameter(value=1.0, name="mu", lower=0.0, upper=5.0)

@jax.jit
def expected(mu):
    if mu.value < 0.0:
        return jnp.zeros_like(signal)
    return mu.scale()(signal)

expected(mu)
""",
        kind='bool-conversion',
        argument='mu',
        path='mu.value',
        line=10,
        fixes=('jnp.where', 'lax.cond'),
        verifiable=True,
        jax_fitting_fix=False,
        note='Python `if mu.value < 0` on an evermore Parameter (an nnx Variable pytree) passed to a jitted expectation function. Fix: jnp.where(mu.value < 0, zeros, mu.scale()(signal)); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-q-evm-leak-expectation-list',
        source='https://github.com/pfackeldey/evermore',
        code="""\
import jax
import jax.numpy as jnp
import evermore as evm

signal = jnp.array([5.0, 10.0, 3.0])
observed = jnp.array([6.0, 9.0, 4.0])
fits = []

def nll(mu):
    exp = mu.scale()(signal)
    fits.append(exp)
    return jnp.sum(exp - observed * jnp.log(exp))

mu = evm.Parameter(value=1.0, name="mu")
jax.jit(jax.grad(nll))(mu)
residual = observed - fits[-1]
""",
        kind='leaked-tracer',
        argument='mu',
        path='mu.value',
        line=11,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=False,
        note='The Poisson NLL appends the expected histogram to a global list; jit(grad(nll)) then using fits[-1] raises. Fix: return it via has_aux. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (LinearizeTracer) at line 16.',
        use_line=16,
    ),
    Case(
        id='lib-q-evm-parameter-static',
        source='https://github.com/pfackeldey/evermore',
        code="""\
import jax
import jax.numpy as jnp
import evermore as evm

signal = jnp.array([5.0, 10.0, 3.0])

def expected(mu, hist):
    return mu.scale()(hist)

fast = jax.jit(expected, static_argnums=0)
fast(evm.Parameter(value=1.0, name="mu"), signal)
""",
        kind='unhashable-static',
        argument='mu',
        path='mu',
        line=11,
        fixes=('not-static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="An evermore Parameter marked static (static_argnums=0): Parameter is unhashable (it is a pytree of arrays, meant to be traced). Fix: do not mark it static; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError('Non-hashable static arguments') from TypeError unhashable 'Parameter'.",
    ),
    Case(
        id='lib-q-evm-traced-rebin-factor',
        source='https://github.com/pfackeldey/evermore',
        code="""\
import jax
import jax.numpy as jnp
import evermore as evm

signal = jnp.array([5.0, 10.0, 3.0, 1.0])

def rebinned(mu, nmerge):
    exp = mu.scale()(signal)
    return exp.reshape(-1, nmerge).sum(axis=1)

jax.jit(rebinned)(evm.Parameter(value=1.0, name="mu"), 2)
""",
        kind='traced-shape',
        argument='nmerge',
        path='nmerge',
        line=9,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=True,
        note="Rebinning the expected histogram with reshape(-1, nmerge) where nmerge is a normal jit argument. Fix: static_argnums=1, as JAX's message suggests; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError('Shapes must be 1D sequences of concrete values of integer type').",
    ),
]
