"""Held-out library cases (set CL): piquasso, discopy, eagerpy.

How they were built: each cell is my own minimal reduction of a pattern a user of the
library meets when combining it with jax.jit / grad / value_and_grad / vmap / scan /
checkpoint or the library's own transform (eagerpy's ep.value_and_grad). Every cell was
written to a file and run with /tmp/heldout45/venv_cl/bin/python (CPython 3.11.7,
venv created with --system-site-packages). All statements but the last run cleanly; the
last raises. `line` / `use_line` were checked against the traceback frames in the file,
and each first fix was applied by hand and the cell re-run (see "checked" in the notes).

Installed versions in venv_cl: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (the machine's versions, kept pinned), piquasso 8.0.2
(with numba 0.68.1, scipy 1.17.1), discopy 1.2.2 (sympy 1.14.0), eagerpy 0.30.0.
piquasso's JaxConnector switches on jax_enable_x64 when it is created, so every
piquasso cell creates the connector at top level before anything is jitted (creating
it inside the jitted function makes the first call fail at run time with a dtype
mismatch, which is not a tracing error).

Dropped / replaced:
- mrmustard: on Python 3.11 pip only resolves mrmustard 0.3.0 (TensorFlow-based, not
  JAX); 0.5-0.7 need Python < 3.11 and 1.0.0a1 backtracks without resolving under the
  jax/numpy pins. Not used.
- wax-ml 0.6.4 installs but fails to import with JAX 0.10.2
  (`from jax import tree_map` no longer exists). Not used.
- eagerpy's JAX tensors were taken as the third library instead.
- Candidate patterns left out: piquasso sampling with a traced `shots` (the library
  raises InvalidParameter, but even with `shots` static, sampling is not jittable, so
  no first fix makes the cell run); piquasso GaussianSimulator.fock_probabilities
  under jit (fails inside the library even with nothing wrong in user code);
  eagerpy's ep.uniform under jit (it leaks a tracer into eagerpy's class-level PRNG
  key, but the fix — an explicit jax.random key — is outside the fix vocabulary);
  discopy Ket(bit) with a traced bit (library-side bool check; label too ambiguous);
  eagerpy index_update (uses the removed jax.ops.index_update: AttributeError, not a
  tracing error).

Doubts about labels:
- l-piquasso-cutoff-jit-arg: JAX itself raises nothing; Python raises TypeError
  (unhashable tracer) inside piquasso's lru_cache. traced-shape is by cause (a size
  parameter); a tool keyed on exception classes might see it as unhashable-static or as
  concretization. `line` is the execute() call (last user frame), not the Config line 9.
- l-piquasso-mode-count-d: raised as TracerBoolConversionError inside piquasso, so
  bool-conversion is defensible; the only working fix is static.
- l-piquasso-traced-mode-index: the mode is an index, so integer-conversion is
  defensible, and JAX raises TracerBoolConversionError (bool-conversion by exception).
  I chose traced-shape because the mode is circuit structure that must be compile-time.
- l-piquasso-statevector-traced-photons: the library needs Python integers, so
  concretization is defensible; JAX raises TracerArrayConversionError (np.isclose).
- l-piquasso-float-print-in-loss: JAX's message suggests x.astype(float), which does not
  help f-string formatting, so jax_fitting_fix=False; someone could argue True.
- l-piquasso-state-leak-from-grad, l-discopy-prediction-stored-on-self,
  l-eagerpy-loss-history-leak: jax_fitting_fix=True because the UnexpectedTracerError
  text says functions must return their outputs explicitly; it does not name has_aux,
  so False is defensible. argument is the differentiated parameter.
- l-piquasso-fock-prob-mask, l-eagerpy-boolean-mask-mean: jnp.where changes the result's
  shape in the piquasso case (zeros instead of dropped entries); size-argument also pads.
  No fix keeps a data-dependent shape under jit.
- l-discopy-rx-numpy-backend: 'jnp-not-np' here means switching discopy's backend to JAX
  (set_backend / backend('jax')) rather than editing a np. call in user code. `line` is
  the circuit.eval() line; the gate whose array fails is built on line 7.
- l-discopy-functor-dim-from-model-dict: `line` 15 is where Python places the frame
  inside the multi-line Functor(...) call (14 or 17 are defensible). verifiable=False
  because the dimension has to move out of the dict.
- l-discopy-bubble-builtin-max-checkpoint: `line` is the user's lambda (line 6, last
  cell frame); the call into discopy is line 14.
- l-discopy-diagram-as-jit-arg: the exception is a ValueError raised by NumPy while jit
  abstractifies the argument, not JAX's TypeError; non-array-argument by cause.
- l-discopy-float-of-eval-vmap: float() goes through discopy's Matrix.__float__; the fix
  needs `.array` as well as astype, so jax_fitting_fix=True is generous.
- l-eagerpy-any-or-branch: low and high are traced too; `x` is the first parameter.
  logical-op alone does not fix it (the `if` remains).
- l-eagerpy-lp-traced-order: bool-conversion by exception; traced-shape ("other
  compile-time constant") is defensible since only static fixes it.
- l-eagerpy-attack-steps-range: static is an equally good first fix (a PGD step count
  is configuration); I put lax.fori_loop first per the general order.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='l-piquasso-cutoff-jit-arg',
        source='https://docs.piquasso.com/api/config.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()


def vacuum_overlap(r, cutoff):
    simulator = pq.PureFockSimulator(
        d=1, config=pq.Config(cutoff=cutoff), connector=connector
    )
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(0) | pq.Displacement(r=r)
    return simulator.execute(program).state.fock_probabilities[0]


jax.jit(vacuum_overlap)(0.4, 8)
""",
        kind='traced-shape', argument='cutoff', path='cutoff', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The Fock-space cutoff is a jit argument, so pq.Config(cutoff=...) holds a tracer; when the simulator builds its basis it looks the cutoff up in an lru_cache and Python raises TypeError (unhashable type: 'DynamicJaxprTracer'). The cutoff fixes array sizes, so it must be static: static_argnames='cutoff' (checked).",
    ),
    Case(
        id='l-piquasso-mode-count-d',
        source='https://docs.piquasso.com/api/simulator.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()


def mode_zero_probs(theta, d):
    simulator = pq.PureFockSimulator(
        d=d, config=pq.Config(cutoff=4), connector=connector
    )
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(0) | pq.Displacement(r=0.3)
        pq.Q(0, 1) | pq.Beamsplitter(theta=theta)
    return simulator.execute(program).state.fock_probabilities


jax.jit(mode_zero_probs)(0.7, 3)
""",
        kind='traced-shape', argument='d', path='d', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The number of modes d is passed through jit into PureFockSimulator(d=...); piquasso's own `self.d or ...` in execute() needs its truth value and JAX raises TracerBoolConversionError inside the library. d sets the state's size, so mark it static (static_argnames='d'; checked).",
    ),
    Case(
        id='l-piquasso-traced-mode-index',
        source='https://docs.piquasso.com/api/mode.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=3, config=pq.Config(cutoff=4), connector=connector)


def displaced_probs(r, mode):
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(mode) | pq.Displacement(r=r)
    return simulator.execute(program).state.fock_probabilities


jax.jit(displaced_probs)(0.5, 1)
""",
        kind='traced-shape', argument='mode', path='mode', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A traced mode index is given to pq.Q(mode); the library's validation `mode < 0` needs a Python bool and JAX raises TracerBoolConversionError from piquasso/api/mode.py. Which mode a gate acts on is circuit structure, so it must be static (static_argnames='mode'; checked).",
    ),
    Case(
        id='l-piquasso-statevector-traced-photons',
        source='https://docs.piquasso.com/instructions/preparations.html',
        code="""\
import jax
import jax.numpy as jnp
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=2, config=pq.Config(cutoff=5), connector=connector)


def hom_probs(theta, photons):
    with pq.Program() as program:
        pq.Q() | pq.StateVector(photons)
        pq.Q(0, 1) | pq.Beamsplitter(theta=theta)
    return simulator.execute(program).state.fock_probabilities


jax.jit(hom_probs)(jnp.pi / 4, (1, 1))
""",
        kind='array-conversion', argument='photons', path='photons', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Occupation numbers passed as a jit argument reach pq.StateVector, whose validator calls np.isclose on each number, so JAX raises TracerArrayConversionError inside piquasso. The photon pattern is structural; a static tuple fixes it (static_argnames='photons'; checked).",
    ),
    Case(
        id='l-piquasso-static-photons-list',
        source='https://docs.piquasso.com/instructions/preparations.html',
        code="""\
from functools import partial

import jax
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=2, config=pq.Config(cutoff=5), connector=connector)


@partial(jax.jit, static_argnames="photons")
def bunching_prob(theta, photons):
    with pq.Program() as program:
        pq.Q() | pq.StateVector(photons)
        pq.Q(0, 1) | pq.Beamsplitter(theta=theta)
    return simulator.execute(program).state.fock_probabilities[3]


bunching_prob(0.785, photons=[1, 1])
""",
        kind='unhashable-static', argument='photons', path='photons', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The occupation numbers are correctly marked static but passed as a list, so jit raises ValueError (Non-hashable static arguments are not supported). Passing the tuple (1, 1) keeps them static and hashable (checked).',
    ),
    Case(
        id='l-piquasso-simulator-as-jit-arg',
        source='https://docs.piquasso.com/tutorials/jax-example.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()


@jax.jit
def vacuum_prob(simulator, r):
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(0) | pq.Squeezing(r=r)
    return simulator.execute(program).state.fock_probabilities[0]


simulator = pq.PureFockSimulator(d=1, config=pq.Config(cutoff=6), connector=connector)
vacuum_prob(simulator, 0.2)
""",
        kind='non-array-argument', argument='simulator', path='simulator', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A PureFockSimulator object is passed as an ordinary argument of a jitted function; jit cannot abstractify it and raises TypeError (Error interpreting argument ... as an abstract array). The simulator is hashable by identity, so static_argnames='simulator' works (checked), as does building it inside or closing over it; JAX's message names static_argnums/static_argnames.",
    ),
    Case(
        id='l-piquasso-vmap-angle-branch',
        source='https://docs.piquasso.com/instructions/gates.html',
        code="""\
import jax
import jax.numpy as jnp
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=2, config=pq.Config(cutoff=5), connector=connector)


def transmission(theta):
    if theta > jnp.pi / 2:
        theta = jnp.pi - theta
    with pq.Program() as program:
        pq.Q() | pq.StateVector((1, 0))
        pq.Q(0, 1) | pq.Beamsplitter(theta=theta)
    return simulator.execute(program).state.fock_probabilities[2]


jax.vmap(transmission)(jnp.linspace(0.0, jnp.pi, 5))
""",
        kind='bool-conversion', argument='theta', path='theta', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The user folds the beamsplitter angle with a Python `if theta > pi/2` inside a function mapped with jax.vmap, raising TracerBoolConversionError. jnp.where(theta > pi/2, pi - theta, theta) keeps the result per element (checked); lax.cond also works.',
    ),
    Case(
        id='l-piquasso-float-print-in-loss',
        source='https://docs.piquasso.com/tutorials/jax-example.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=1, config=pq.Config(cutoff=6), connector=connector)


def loss(r):
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(0) | pq.Displacement(r=r)
    p_one = simulator.execute(program).state.fock_probabilities[1]
    print(f"P(1 photon) = {float(p_one):.4f}")
    return -p_one


jax.value_and_grad(loss)(0.5)
""",
        kind='concretization', argument='r', path='r', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Inside a loss passed to jax.value_and_grad the user formats float(p) of a Fock probability for logging; the linearized value is abstract, so JAX raises ConcretizationTypeError. jax.debug.print prints it without concretizing (checked); JAX's hint about x.astype(float) does not help an f-string.",
    ),
    Case(
        id='l-piquasso-state-leak-from-grad',
        source='https://docs.piquasso.com/advanced/connectors.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=1, config=pq.Config(cutoff=6), connector=connector)
best = {}


def loss(r):
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(0) | pq.Displacement(r=r)
    state = simulator.execute(program).state
    best["state"] = state
    return -state.fock_probabilities[1]


jax.grad(loss)(0.9)
best["state"].mean_photon_number()
""",
        kind='leaked-tracer', argument='r', path='r', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The loss given to jax.grad stores the piquasso PureFockState (which holds traced arrays) in a global dict; calling mean_photon_number() on it afterwards raises UnexpectedTracerError. Returning the needed quantity as an auxiliary output (has_aux=True) fixes it (checked); JAX's message says to return outputs explicitly.",
        use_line=19,
    ),
    Case(
        id='l-piquasso-fock-prob-mask',
        source='https://docs.piquasso.com/states/fock.html',
        code="""\
import jax
import piquasso as pq

connector = pq.JaxConnector()
simulator = pq.PureFockSimulator(d=2, config=pq.Config(cutoff=4), connector=connector)


def significant_outcomes(r):
    with pq.Program() as program:
        pq.Q() | pq.Vacuum()
        pq.Q(0) | pq.Squeezing(r=r)
        pq.Q(0, 1) | pq.Beamsplitter(theta=0.6)
    probs = simulator.execute(program).state.fock_probabilities
    return probs[probs > 0.01]


jax.jit(significant_outcomes)(0.4)
""",
        kind='boolean-index', argument='r', path='r', line=14,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='The jitted function keeps only Fock probabilities above a threshold with probs[probs > 0.01], a data-dependent shape, so JAX raises NonConcreteBooleanIndexError. jnp.where(mask, probs, 0.0) keeps a fixed shape (checked); jnp.nonzero(..., size=k) is the alternative when indices are wanted.',
    ),
    Case(
        id='l-discopy-rx-numpy-backend',
        source='https://github.com/Quantinuum/qnlp_lorenz_etal_2021_resources/issues/2',
        code="""\
import jax
import jax.numpy as jnp
from discopy.quantum import Bra, Ket, Rx, Rz


def overlap_prob(params):
    circuit = Ket(0) >> Rx(params[0]) >> Rz(params[1]) >> Rx(params[2]) >> Bra(0)
    amplitude = circuit.eval().array
    return jnp.abs(amplitude) ** 2


jax.jit(overlap_prob)(jnp.array([0.1, 0.25, 0.4]))
""",
        kind='array-conversion', argument='params', path='params', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A discopy quantum circuit with Rx/Rz gates parametrised by jit arguments is evaluated while discopy's matrix backend is still NumPy, so Rx.array calls numpy on the tracer and JAX raises TracerArrayConversionError inside discopy/quantum/gates.py. Switching discopy to JAX arrays (set_backend('jax') or `with backend('jax')`) fixes it (checked).",
    ),
    Case(
        id='l-discopy-functor-dim-from-model-dict',
        source='https://docs.discopy.org/en/main/_api/discopy.tensor.Functor.html',
        code="""\
import jax
import jax.numpy as jnp
from discopy import rigid, tensor
from discopy.matrix import backend

n, s = rigid.Ty("n"), rigid.Ty("s")
alice, bob = rigid.Box("Alice", rigid.Ty(), n), rigid.Box("Bob", rigid.Ty(), n)
loves = rigid.Box("loves", rigid.Ty(), n.r @ s @ n.l)
sentence = alice @ loves @ bob >> rigid.Cup(n, n.r) @ s @ rigid.Cup(n.l, n)


def sentence_score(model):
    with backend("jax"):
        F = tensor.Functor(
            ob={n: tensor.Dim(model["noun_dim"]), s: tensor.Dim(1)},
            ar={alice: model["alice"], loves: model["loves"], bob: model["bob"]},
            dom=rigid.Category(), dtype=float)
        return F(sentence).array


model = {"noun_dim": 2, "alice": jnp.array([1.0, 0.0]),
         "loves": jnp.array([0.0, 1.0, 1.0, 0.0]), "bob": jnp.array([0.0, 1.0])}
jax.jit(sentence_score)(model)
""",
        kind='traced-shape', argument='model', path="model['noun_dim']", line=15,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="A DisCoCat tensor functor takes the noun dimension from the same dict as the word vectors, so under jit tensor.Dim receives a tracer and discopy's own type check raises TypeError (Expected int, got DynamicJaxprTracer). The dimension must be static: move it out of the traced dict and mark it static (checked by hand; needs a signature change, so not mechanical).",
    ),
    Case(
        id='l-discopy-bubble-builtin-max-checkpoint',
        source='https://docs.discopy.org/en/main/_api/discopy.tensor.Bubble.html',
        code="""\
import jax
import jax.numpy as jnp
from discopy.matrix import backend
from discopy.tensor import Box, Dim

relu = lambda x: max(x, 0.0)


def layer_output(w):
    with backend("jax"):
        x = Box("x", Dim(1), Dim(2), jnp.array([1.0, -2.0]))
        layer = Box("W", Dim(2), Dim(2), w)
        hidden = (x >> layer).bubble(func=relu, drawing_name="relu")
        return hidden.eval().array.sum()


jax.grad(jax.checkpoint(layer_output))(jnp.array([[0.5, -1.0], [0.3, 0.8]]))
""",
        kind='bool-conversion', argument='w', path='w', line=6,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note="A ReLU bubble uses Python's max on each entry; discopy's Matrix.map calls it on traced entries under jax.grad(jax.checkpoint(...)), so JAX raises TracerBoolConversionError at the user's lambda. jnp.maximum(x, 0.0) fixes it (checked).",
    ),
    Case(
        id='l-discopy-prediction-stored-on-self',
        source='https://docs.discopy.org/en/main/_api/discopy.tensor.Functor.html',
        code="""\
import jax
import jax.numpy as jnp
from discopy.matrix import set_backend
from discopy.tensor import Box, Dim, Functor

set_backend("jax")
f = Box("f", Dim(2), Dim(2))


class TensorModel:
    def loss(self, weights):
        F = Functor(ob=lambda x: x, ar={f: weights}, dtype=float)
        self.prediction = F(f >> f)
        return jnp.sum((self.prediction.array - jnp.eye(2)) ** 2)


model = TensorModel()
jax.grad(model.loss)(jnp.eye(2) * 0.9)
(model.prediction >> model.prediction).array.sum()
""",
        kind='leaked-tracer', argument='weights', path='weights', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A model method differentiated with jax.grad saves the discopy Tensor produced by its Functor on self; composing that Tensor later runs np.tensordot on the escaped tracer and JAX raises UnexpectedTracerError. Returning the prediction array as an auxiliary output (has_aux=True) instead of storing it fixes it (checked).',
        use_line=19,
    ),
    Case(
        id='l-discopy-static-dims-list',
        source='https://docs.discopy.org/en/main/_api/discopy.tensor.Tensor.html',
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
from discopy.matrix import backend
from discopy.tensor import Box, Dim


@partial(jax.jit, static_argnames="dims")
def contract(w, dims):
    with backend("jax"):
        box = Box("w", Dim(1), Dim(*dims), w)
        return (box >> box.dagger()).eval().array


contract(jnp.ones(6), dims=[2, 3])
""",
        kind='unhashable-static', argument='dims', path='dims', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The wire dimensions for discopy's Dim are rightly static but given as a list, so jit raises ValueError (Non-hashable static arguments are not supported). dims=(2, 3) fixes it (checked).",
    ),
    Case(
        id='l-discopy-diagram-as-jit-arg',
        source='https://docs.discopy.org/en/main/_api/discopy.tensor.Diagram.html',
        code="""\
import jax
import jax.numpy as jnp
from discopy.matrix import backend
from discopy.tensor import Box, Dim

vec = Box("v", Dim(1), Dim(2), [1.0, 0.0])
mat = Box("M", Dim(2), Dim(2), [0.0, 1.0, 1.0, 0.0])


@jax.jit
def evaluate(diagram, scale):
    with backend("jax"):
        return scale * diagram.eval().array


evaluate(vec >> mat, 2.0)
""",
        kind='non-array-argument', argument='diagram', path='diagram', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A discopy tensor Diagram is passed as a traced jit argument; jit tries to turn it into an array (np.shape on the iterable diagram) and fails with ValueError (inhomogeneous shape). Diagrams are hashable, so static_argnames='diagram' fixes it (checked); the message does not point there.",
    ),
    Case(
        id='l-discopy-float-of-eval-vmap',
        source='https://docs.discopy.org/en/main/_api/discopy.matrix.Matrix.html',
        code="""\
import jax
import jax.numpy as jnp
from discopy.matrix import backend
from discopy.tensor import Box, Dim

effect = Box("e", Dim(2), Dim(1), [1.0, 1.0])


def score(state):
    with backend("jax"):
        ket = Box("psi", Dim(1), Dim(2), state)
        return float((ket >> effect).eval())


jax.vmap(score)(jnp.array([[0.6, 0.8], [1.0, 0.0]]))
""",
        kind='concretization', argument='state', path='state', line=12,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="Inside a function mapped with jax.vmap the user turns a scalar discopy Tensor into a Python float; Matrix.__float__ calls float() on the batched tracer and JAX raises ConcretizationTypeError. Keep it an array: (ket >> effect).eval().array.astype(float) (checked), as JAX's message suggests.",
    ),
    Case(
        id='l-eagerpy-any-or-branch',
        source='https://eagerpy.jonasrauber.de/guide/generic-functions.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


def project_to_box(x, low, high):
    t = ep.astensor(x)
    if (t < low).any() or (t > high).any():
        t = t.clip(low, high)
    return t.raw


jax.jit(project_to_box)(jnp.array([-0.5, 0.2, 1.7]), 0.0, 1.0)
""",
        kind='bool-conversion', argument='x', path='x', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A framework-agnostic eagerpy function branches with `if (t < low).any() or (t > high).any()`; eagerpy's __bool__ calls bool() on the traced raw array and JAX raises TracerBoolConversionError. Select with ep.where (the jnp.where fix, combining the tests with ep.logical_or) (checked) or use lax.cond.",
    ),
    Case(
        id='l-eagerpy-lp-traced-order',
        source='https://eagerpy.jonasrauber.de/api/norms.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


def perturbation_size(delta, p):
    d = ep.astensor(delta)
    return ep.norms.lp(d.flatten(start=1), p, axis=-1).raw


jax.jit(perturbation_size)(jnp.ones((4, 3, 3)), 2)
""",
        kind='bool-conversion', argument='p', path='p', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The norm order p is a jit argument; eagerpy's norms.lp dispatches with `if p == 0:` and JAX raises TracerBoolConversionError inside eagerpy. p picks the algorithm, so it must be static (static_argnames='p'; checked).",
    ),
    Case(
        id='l-eagerpy-numpy-percentile',
        source='https://eagerpy.jonasrauber.de/guide/converting.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import eagerpy as ep


def robust_scale(x):
    t = ep.astensor(x)
    q90 = np.percentile(t.abs().numpy(), 90)
    return (t / q90).raw


jax.jit(robust_scale)(jnp.linspace(-2.0, 3.0, 11))
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The user leaves eagerpy through .numpy() to call np.percentile inside a jitted function; JAXTensor.numpy calls onp.asarray on the tracer and JAX raises TracerArrayConversionError. jnp.percentile(t.abs().raw, 90) keeps it traced (checked).',
    ),
    Case(
        id='l-eagerpy-item-in-scan-step',
        source='https://eagerpy.jonasrauber.de/api/tensor.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


def sgd_step(x, _):
    t = ep.astensor(x)
    loss, grad = ep.value_and_grad(lambda v: (v - 1.0).square().sum(), t)
    print("loss:", loss.item())
    return (t - 0.1 * grad).raw, loss.raw


jax.lax.scan(sgd_step, jnp.zeros(3), None, length=5)
""",
        kind='concretization', argument='x', path='x', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A lax.scan step (using ep.value_and_grad inside) logs loss.item(); the loss is abstract inside scan, so JAX raises ConcretizationTypeError from eagerpy's item(). jax.debug.print('loss: {}', loss.raw) logs without concretizing (checked).",
    ),
    Case(
        id='l-eagerpy-attack-steps-range',
        source='https://eagerpy.jonasrauber.de/guide/autodiff.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


def pgd_attack(x, target, steps):
    x = ep.astensor(x)
    loss_fn = lambda v: (v - target).square().sum()
    for _ in range(steps):
        _, g = ep.value_and_grad(loss_fn, x)
        x = (x - 0.05 * g.sign()).clip(0.0, 1.0)
    return x.raw


jax.jit(pgd_attack)(jnp.full(4, 0.5), jnp.ones(4), 10)
""",
        kind='integer-conversion', argument='steps', path='steps', line=9,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A PGD-style loop built on ep.value_and_grad uses `for _ in range(steps)` with steps passed through jit, so range() calls __index__ and JAX raises TracerIntegerConversionError. lax.fori_loop(0, steps, ...) keeps steps traced (checked); static_argnames='steps' also works (checked).",
    ),
    Case(
        id='l-eagerpy-shape-traced-axis',
        source='https://eagerpy.jonasrauber.de/api/tensor.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


def standardize(x, axis):
    t = ep.astensor(x)
    n = t.shape[axis]
    mean = t.sum(axis=axis, keepdims=True) / n
    return (t - mean).raw


jax.jit(standardize)(jnp.arange(12.0).reshape(3, 4), 1)
""",
        kind='integer-conversion', argument='axis', path='axis', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The axis is a jit argument and is used to index the eagerpy tensor's shape tuple (t.shape[axis]), so JAX raises TracerIntegerConversionError. Axes must be static: static_argnames='axis' (checked).",
    ),
    Case(
        id='l-eagerpy-boolean-mask-mean',
        source='https://eagerpy.jonasrauber.de/api/tensor.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


def mean_positive_margin(logits):
    t = ep.astensor(logits)
    margins = t.max(axis=-1) - t.min(axis=-1)
    return margins[margins > 0.5].mean().raw


jax.jit(mean_positive_margin)(jnp.array([[0.1, 0.9], [0.4, 0.5], [2.0, -1.0]]))
""",
        kind='boolean-index', argument='logits', path='logits', line=9,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Indexing an eagerpy tensor with a traced mask (margins[margins > 0.5]) under jit gives a data-dependent shape; eagerpy forwards it to the raw array and JAX raises NonConcreteBooleanIndexError. A masked mean with ep.where(mask, margins, 0).sum() / mask.sum() gives the same value (checked).',
    ),
    Case(
        id='l-eagerpy-loss-history-leak',
        source='https://eagerpy.jonasrauber.de/guide/autodiff.html',
        code="""\
import jax.numpy as jnp
import eagerpy as ep

history = []


def loss_fn(w):
    residual = w.square().sum() - 1.0
    history.append(residual)
    return residual.square()


w = ep.astensor(jnp.array([0.3, 0.4, 0.5]))
for _ in range(3):
    loss, grad = ep.value_and_grad(loss_fn, w)
    w = w - 0.1 * grad
ep.stack(history).mean()
""",
        kind='leaked-tracer', argument='w', path='w', line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The loss passed to eagerpy's own ep.value_and_grad appends an intermediate tensor to a global list; stacking the list afterwards touches escaped JAX tracers and raises UnexpectedTracerError. Return it as auxiliary output with ep.value_aux_and_grad and append outside (checked); JAX's message asks to return outputs explicitly.",
        use_line=17,
    ),
    Case(
        id='l-eagerpy-norm-name-string-arg',
        source='https://eagerpy.jonasrauber.de/guide/generic-functions.html',
        code="""\
import jax
import jax.numpy as jnp
import eagerpy as ep


@jax.jit
def clip_perturbation(delta, eps, norm):
    d = ep.astensor(delta)
    if norm == "linf":
        return d.clip(-eps, eps).raw
    scale = ep.minimum(1.0, eps / ep.norms.l2(d))
    return (d * scale).raw


clip_perturbation(jnp.array([0.3, -0.8, 0.1]), 0.5, "linf")
""",
        kind='non-array-argument', argument='norm', path='norm', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jitted eagerpy clipping helper receives the norm name as a string argument; jit cannot trace a str and raises TypeError (Error interpreting argument ... as an abstract array). static_argnames='norm' fixes it (checked), as JAX's message suggests.",
    ),
]
