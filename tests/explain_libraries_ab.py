"""Held-out library cases (set ab): ripplegw, pennylane, brainunit.

How they were built
-------------------
Every cell was written by hand as a small reduction of a pattern that users of
the library meet, guided by a GitHub issue/PR of the library or, where no thread
shows the pattern, by the library's own docs page for the API the cell uses.
Each cell was run as a file with /tmp/heldout14/venv_ab/bin/python: the cell
with its last statement removed runs cleanly, and the full cell raises on the
last statement. `line` (and `use_line`) were read off the traceback frames that
belong to the cell file; for errors raised deep inside the library (PennyLane
device preprocessing, ripple's TaylorF2.__call__, brainunit's linspace) `line`
is the user's line that called into the library and is the last cell frame.
Every first fix was applied by hand to the user's line(s) / jit call and the
patched cell was re-run without error; where the fix could change numbers
(jnp.where rewrites) the value was compared with an eager computation.
`jax_fitting_fix` is True only where JAX's message names a fix that works here
(static_argnums/static_argnames for non-array arguments and the traced shape,
`.astype(int)` where the count only feeds fori_loop, and the "functions must
return their outputs" sentence for leaks).

Environment: CPython 3.11.7 (linux), venv with --system-site-packages at
/tmp/heldout14/venv_ab; numpy 2.4.6, jax 0.10.2, jaxlib 0.10.2 (flax 0.12.8,
equinox 0.13.8, optax 0.2.8 kept pinned, unused).
- ripplegw 0.4.1 (the newest, 0.5.0, requires Python >= 3.12; pip resolved 0.4.1
  under the pins). Uses the registry API `ripplegw.waveform(name, **config)`.
- pennylane 0.45.1 (with pennylane-lightning 0.45.0, autoray 0.8.4); all cells
  use default.qubit without program capture.
- brainunit 0.5.2, a re-export of saiunit 0.5.2 (brainunit 0.6.0 needs
  Python >= 3.12).
No candidate was dropped: all three installed with the pins and imported.

Dropped while building (not in CASES): a PennyLane AllSinglesDoubles cell with
traced singles/doubles (same mechanism as ab-pennylane-traced-wire-index, a
traced wire label hitting `w in tape.wires`); a ripple cell marking the params
dict static (generic, and unhashable-static was already covered twice); the
older reports #6932 (qml.exp), #6778 (cancel_inverses), #6640 (qml.Hermitian),
#8239 (MottonenStatePreparation) and #5285 (QubitChannel) no longer reproduce in
pennylane 0.45.1; ApproxTimeEvolution/TrotterProduct with a traced `n` raises a
plain `list * tracer` TypeError and was left out as too close to the traced-shape
cells; ripple's continuous-wave models need ephemeris downloads and were not used.

Kinds: bool-conversion 4, concretization 2, integer-conversion 3,
array-conversion 3, boolean-index 2, traced-shape 3, leaked-tracer 3,
unhashable-static 2, non-array-argument 2 (24 cases: pennylane 9, ripplegw 6,
brainunit 9).

Doubts about labels:
- ab-pennylane-traced-wire-index: the library needs the wire label as a Python
  value, so `concretization` is defensible; JAX raises TracerBoolConversionError
  because PennyLane's Wires.__contains__ compares it, hence bool-conversion.
  `line` 14 is the jit call (the error surfaces in device preprocessing after the
  QNode body has run); line 10 (where the traced wire enters CRX) is arguable.
- ab-pennylane-allsinglesdoubles-traced-hf: `line` 18 is the last cell frame (the
  conversion happens during decomposition after the body ran); line 14, where
  hf_state enters AllSinglesDoubles, is defensible. The fix is "static" in the
  sense of moving hf_state out of the traced arguments; static_argnames itself
  fails because the NumPy array is unhashable; passing a tuple as a static
  argument also needs `np.array(hf_state)` inside the QNode (AllSinglesDoubles
  reads `hf_state[0].dtype`), so `hashable-static` is only a partial second
  fix (checked: a bare tuple raises AttributeError).
- ab-pennylane-embedding-wires-range: a wire count is a count, so traced-shape is
  arguable; JAX raises TracerIntegerConversionError from range(), hence
  integer-conversion.
- ab-pennylane-vmap-if-angle: jnp.where is only result-preserving because
  CRY(0) is the identity; a reader may prefer "not fixable by lax.cond inside a
  QNode, restructure". qml.cond (with capture/qjit) is outside the vocabulary.
- ab-pennylane-static-wires-list: `line` could be 13 (the jit with
  static_argnames) rather than 14 (the call that passes the list).
- ab-ripplegw-isco-cut-arange: the stop value depends on both p['M_c'] and
  p['eta']; path p['M_c'] is the first. The jnp.where fix pads the output to the
  full grid (zeros above f_isco) rather than returning a shorter array, so a
  strict reader may call it result-changing; `static` is impossible here because
  the params dict is unhashable and traced.
- ab-ripplegw-taylorf2-traced-config-flag: `line` 13 is the user's call into the
  model whose own `if` raises; line 12 (where the traced flag is stored in the
  model config) is defensible.
- ab-ripplegw-likelihood-caches-template: the leaked template depends on every
  leaf of p, so path is left as the whole argument.
- ab-brainunit-lif-reset-in-scan / -int-steps / -float-print: brainunit
  Quantities are pytrees whose leaf is the mantissa, and JAX names the argument
  as `state['V'][0]`, `duration[0]`; path is given as the user-visible name
  (state['V'], duration). In the LIF cell the voltage also depends on I (JAX
  lists both); state is the first parameter.
- ab-brainunit-int-steps-from-duration: `static` is listed second but cannot be
  applied mechanically: a Quantity is unhashable, so the call would have to pass
  a plain float (in ms) and attach the unit inside; `lax.while_loop` would also
  be accepted.
- ab-brainunit-charge-above-threshold-mask: the mask comes from V but the indexed
  array is I; argument V is the culprit of the mask.
- Leak cases (ab-pennylane-op-stored-in-list, ab-ripplegw-likelihood-caches-
  template, ab-brainunit-setitem-recording-buffer): jax_fitting_fix=True rests on
  the generic "functions must explicitly return their outputs" sentence; a
  stricter reading of "suggests a fix" would make these False.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ab-pennylane-allsinglesdoubles-traced-hf',
        source='https://github.com/PennyLaneAI/pennylane/issues/3226',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

jax.config.update("jax_enable_x64", True)

electrons, qubits = 2, 4
hf = qml.qchem.hf_state(electrons, qubits)
singles, doubles = qml.qchem.excitations(electrons, qubits)
dev = qml.device("default.qubit", wires=qubits)

@qml.qnode(dev)
def ansatz(weights, hf_state):
    qml.AllSinglesDoubles(weights, range(qubits), hf_state, singles, doubles)
    return qml.expval(qml.Z(0))

weights = jnp.zeros(len(singles) + len(doubles))
jax.jit(ansatz)(weights, hf)
""",
        kind='array-conversion', argument='hf_state', path='hf_state', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The Hartree-Fock occupation vector is passed as a traced argument of the jitted QNode; AllSinglesDoubles keeps it as a hyperparameter and its decomposition builds BasisState, which converts it with NumPy, so JAX raises TracerArrayConversionError from inside the library during device preprocessing. hf_state is structural (which basis state to prepare) and must stay a NumPy value: close over it (functools.partial) instead of passing it traced. Checked with partial.',
    ),
    Case(
        id='ab-pennylane-embedding-wires-range',
        source='https://docs.pennylane.ai/en/stable/code/api/pennylane.AngleEmbedding.html',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

dev = qml.device("default.qubit", wires=4)

@qml.qnode(dev)
def classifier(features, n_qubits):
    qml.AngleEmbedding(features, wires=range(n_qubits))
    qml.BasicEntanglerLayers(jnp.ones((1, 4)) * 0.3, wires=range(4))
    return qml.expval(qml.Z(0))

fast = jax.jit(classifier)
fast(jnp.array([0.1, 0.2, 0.3, 0.4]), 4)
""",
        kind='integer-conversion', argument='n_qubits', path='n_qubits', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The qubit count is passed as an argument of the jitted QNode and used in `range(n_qubits)` to build the wires of AngleEmbedding; range() calls __index__ on the tracer and JAX raises TracerIntegerConversionError. Wire labels must be Python values, so static_argnames='n_qubits' is the fix. Checked.",
    ),
    Case(
        id='ab-pennylane-float-log-in-cost',
        source='https://docs.pennylane.ai/en/stable/introduction/interfaces/jax.html',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

dev = qml.device("default.qubit", wires=2)
H = qml.Hamiltonian([0.5, -0.8], [qml.Z(0) @ qml.Z(1), qml.X(0)])

@qml.qnode(dev)
def energy(weights):
    qml.RY(weights[0], wires=0)
    qml.RY(weights[1], wires=1)
    qml.CNOT(wires=[0, 1])
    return qml.expval(H)

def cost(weights):
    e = energy(weights)
    print(f"current energy: {float(e):.6f}")
    return e

jax.value_and_grad(cost)(jnp.array([0.1, 0.2]))
""",
        kind='concretization', argument='weights', path='weights', line=17,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Logging the energy with float() inside a cost that the user differentiates with jax.value_and_grad; the QNode output is a JVP tracer and JAX raises ConcretizationTypeError. JAX's hint (x.astype(float)) does not help a format string; jax.debug.print does. Checked.",
    ),
    Case(
        id='ab-pennylane-op-stored-in-list',
        source='https://docs.pennylane.ai/en/stable/code/api/pennylane.matrix.html',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

recorded_ops = []

@jax.jit
def layer_unitary(theta):
    op = qml.prod(qml.RX(theta, wires=0), qml.RZ(2 * theta, wires=0))
    recorded_ops.append(op)
    return qml.matrix(op)

layer_unitary(0.3)
qml.matrix(recorded_ops[0])
""",
        kind='leaked-tracer', argument='theta', path='theta', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=14,
        note='A PennyLane operator built from the traced angle is appended to a global list inside jax.jit; the operator object keeps the tracer as its data, and qml.matrix on it after the trace raises UnexpectedTracerError. Operators are pytrees, so returning the operator from the jitted function is the fix (the JAX message says functions must return their outputs). Checked.',
    ),
    Case(
        id='ab-pennylane-postselect-samples-mask',
        source='https://docs.pennylane.ai/en/stable/introduction/interfaces/jax.html',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

dev = qml.device("default.qubit", wires=2, seed=1234)

@qml.qnode(dev, shots=200)
def sampler(theta):
    qml.RY(theta, wires=0)
    qml.CNOT(wires=[0, 1])
    qml.RX(theta / 2, wires=1)
    return qml.sample()

@jax.jit
def postselected_mean(theta):
    s = sampler(theta)
    kept = s[s[:, 0] == 0, 1]
    return jnp.mean(kept)

postselected_mean(0.7)
""",
        kind='boolean-index', argument='theta', path='theta', line=17,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Post-selecting shot samples of a finite-shot QNode with a boolean mask inside jax.jit; the mask depends on the samples, so JAX raises NonConcreteBooleanIndexError. A masked sum divided by the mask count (jnp.where) gives the same conditional mean with a fixed shape. Checked (identical value to the eager computation).',
    ),
    Case(
        id='ab-pennylane-sel-shape-traced-layers',
        source='https://docs.pennylane.ai/en/stable/code/api/pennylane.StronglyEntanglingLayers.html',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

n_wires = 3

@jax.jit
def init_weights(key, n_layers):
    shape = qml.StronglyEntanglingLayers.shape(n_layers=n_layers, n_wires=n_wires)
    return 0.1 * jax.random.normal(key, shape)

init_weights(jax.random.PRNGKey(0), 2)
""",
        kind='traced-shape', argument='n_layers', path='n_layers', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="StronglyEntanglingLayers.shape() is called with a jitted n_layers, so the weight shape tuple holds a tracer and jax.random.normal raises TypeError (shapes must be concrete). The JAX message itself suggests static_argnums, which fits. Checked with static_argnames='n_layers'.",
    ),
    Case(
        id='ab-pennylane-static-wires-list',
        source='https://github.com/PennyLaneAI/pennylane/pull/6405',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

dev = qml.device("default.qubit", wires=3)

@qml.qnode(dev)
def bell_expval(x, pair):
    qml.RY(x, wires=pair[0])
    qml.CNOT(wires=pair)
    return qml.expval(qml.Z(pair[0]) @ qml.Z(pair[1]))

fast = jax.jit(bell_expval, static_argnames="pair")
fast(0.4, pair=[0, 2])
""",
        kind='unhashable-static', argument='pair', path='pair', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Wires must be concrete under jax.jit, so the user marks the wire pair static but passes a list; jit raises ValueError (non-hashable static argument). Passing a tuple fixes it; passing the wires traced instead is not an option for PennyLane wires. Checked with pair=(0, 2).',
    ),
    Case(
        id='ab-pennylane-traced-wire-index',
        source='https://github.com/PennyLaneAI/pennylane/issues/6380',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

dev = qml.device("default.qubit", wires=3)

@qml.qnode(dev)
def circuit(theta, target):
    qml.Hadamard(wires=0)
    qml.CRX(theta, wires=[0, target])
    return qml.expval(qml.Z(0) @ qml.Z(target))

circuit_jit = jax.jit(circuit)
circuit_jit(0.4, 2)
""",
        kind='bool-conversion', argument='target', path='target', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A wire index is an argument of the jitted QNode; PennyLane's device preprocessing tests `w in tape.wires`, which needs the truth value of a traced comparison, so JAX raises TracerBoolConversionError from inside the library. Wire labels must be static: static_argnames='target'. Checked.",
    ),
    Case(
        id='ab-pennylane-vmap-if-angle',
        source='https://docs.pennylane.ai/en/stable/code/api/pennylane.cond.html',
        code="""\
import jax
import jax.numpy as jnp
import pennylane as qml

dev = qml.device("default.qubit", wires=2)

@qml.qnode(dev)
def circuit(params):
    qml.Hadamard(wires=0)
    if params["phi"] > 0.5:
        qml.CRY(params["phi"], wires=[0, 1])
    return qml.expval(qml.Z(1))

batch = {"phi": jnp.linspace(0.0, 1.0, 4)}
jax.vmap(circuit)(batch)
""",
        kind='bool-conversion', argument='params', path="params['phi']", line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A Python `if` on a gate angle inside a QNode that the user batches with jax.vmap; the comparison is a BatchTracer and JAX raises TracerBoolConversionError. Gates are queued as side effects, so lax.cond cannot hold them and qml.cond only branches on mid-circuit measurements outside qjit; feeding `jnp.where(phi > 0.5, phi, 0.0)` to CRY keeps the result because CRY(0) is the identity. Checked (matches the per-sample Python loop).',
    ),
    Case(
        id='ab-ripplegw-isco-cut-arange',
        source='https://github.com/GW-JAX-Team/ripple/blob/main/docs/guides/waveforms.md',
        code="""\
import jax
import jax.numpy as jnp
import ripplegw

wf = ripplegw.waveform("IMRPhenomD", f_ref=20.0)
params = {"M_c": 28.3, "eta": 0.247, "s1_z": 0.0, "s2_z": 0.0,
          "d_L": 440.0, "phase_c": 0.0, "iota": 0.0}

@jax.jit
def strain_to_isco(p):
    m_total = p["M_c"] / p["eta"] ** 0.6
    f_isco = 4400.0 / m_total
    f = jnp.arange(20.0, f_isco, 0.25)
    return wf(f, p)["p"]

strain_to_isco(params)
""",
        kind='traced-shape', argument='p', path="p['M_c']", line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The frequency grid is cut at an ISCO frequency computed from the traced source parameters and built with jnp.arange(20, f_isco, df) inside jax.jit; the stop value is traced and JAX raises ConcretizationTypeError. Evaluate ripple on a fixed grid and zero the strain above f_isco with jnp.where (output keeps the full grid length). Checked.',
    ),
    Case(
        id='ab-ripplegw-likelihood-caches-template',
        source='https://github.com/GW-JAX-Team/ripple/blob/main/docs/guides/jax.md',
        code="""\
import jax
import jax.numpy as jnp
import ripplegw

freqs = jnp.arange(20.0, 512.0, 0.5)
truth = {"M_c": 28.3, "eta": 0.247, "s1_z": 0.0, "s2_z": 0.0,
         "d_L": 440.0, "phase_c": 0.0, "iota": 0.0}

class Likelihood:
    def __init__(self):
        self.model = ripplegw.waveform("IMRPhenomD", f_ref=20.0)
        self.data = self.model(freqs, truth)["p"]
        self.best_template = None
    def __call__(self, p):
        h = self.model(freqs, p)["p"]
        self.best_template = h
        return -0.5 * jnp.sum(jnp.abs(h - self.data) ** 2)

like = Likelihood()
jax.jit(like)({**truth, "M_c": 28.0})
residual = jnp.abs(like.best_template - like.data)
""",
        kind='leaked-tracer', argument='p', path='p', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=21,
        note='A likelihood object stores the ripple template on self for later plotting while jax.jit traces it; reading self.best_template after the call uses a leaked tracer and JAX raises UnexpectedTracerError. Return the template as an auxiliary output instead (the JAX message states that functions must return their outputs). Checked.',
    ),
    Case(
        id='ab-ripplegw-numpy-snr-under-vmap',
        source='https://github.com/GW-JAX-Team/ripple/blob/main/docs/guides/jax.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import ripplegw

freqs = jnp.arange(20.0, 512.0, 0.5)
params = {"M_c": 28.3, "eta": 0.247, "s1_z": 0.0, "s2_z": 0.0,
          "d_L": 440.0, "phase_c": 0.0, "iota": 0.0}
wf = ripplegw.waveform("IMRPhenomD", f_ref=20.0)

def optimal_snr(M_c):
    h = wf(freqs, {**params, "M_c": M_c})["p"]
    return np.sqrt(4 * 0.5 * np.sum(np.abs(h) ** 2))

jax.vmap(optimal_snr)(jnp.linspace(20.0, 40.0, 8))
""",
        kind='array-conversion', argument='M_c', path='M_c', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An optimal-SNR helper written with NumPy is batched over chirp masses with jax.vmap; np.abs on the batched ripple strain calls __array__ and JAX raises TracerArrayConversionError. Use jnp for the reduction. Checked.',
    ),
    Case(
        id='ab-ripplegw-sinegaussian-int-duration',
        source='https://github.com/tedwards2412/ripple/pull/23',
        code="""\
import jax
import jax.numpy as jnp
import ripplegw

sg = ripplegw.waveform("SineGaussian")
burst = {"Q": 8.0, "f_0": 150.0, "hrss": 1e-22, "phase": 0.0, "e": 0.5}
sample_rate = 4096.0

@jax.jit
def burst_series(duration):
    n = int(duration * sample_rate)
    t = jnp.arange(n) / sample_rate - duration / 2
    return sg(t, burst)["p"]

burst_series(0.5)
""",
        kind='integer-conversion', argument='duration', path='duration', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The time grid for the SineGaussian burst is sized with int(duration * sample_rate) inside jax.jit; duration is traced and JAX raises ConcretizationTypeError from int(). The grid length is a shape, so duration must be static; JAX's astype hint would only move the failure to jnp.arange. Checked with static_argnames='duration'.",
    ),
    Case(
        id='ab-ripplegw-taylorf2-traced-config-flag',
        source='https://github.com/GW-JAX-Team/ripple/blob/main/docs/guides/parameters.md',
        code="""\
import jax
import jax.numpy as jnp
import ripplegw

freqs = jnp.arange(20.0, 512.0, 0.5)
source = {"M_c": 1.19, "eta": 0.2499, "s1_z": 0.0, "s2_z": 0.0,
          "lambda_tilde": 400.0, "delta_lambda_tilde": 0.0,
          "d_L": 40.0, "phase_c": 0.0, "iota": 0.3}

@jax.jit
def bns_strain(params, use_tildes):
    model = ripplegw.waveform("TaylorF2", f_ref=20.0, use_lambda_tildes=use_tildes)
    return model(freqs, params)["p"]

bns_strain(source, True)
""",
        kind='bool-conversion', argument='use_tildes', path='use_tildes', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The tidal parameterisation switch (a constructor option of the TaylorF2 model) is passed as an argument of the jitted function, so it is traced; ripple's own `if self.use_lambda_tildes:` in TaylorF2.__call__ raises TracerBoolConversionError. It is configuration and must be static. Checked with static_argnames='use_tildes'.",
    ),
    Case(
        id='ab-ripplegw-waveform-object-as-argument',
        source='https://github.com/GW-JAX-Team/ripple/blob/main/docs/guides/waveforms.md',
        code="""\
import jax
import jax.numpy as jnp
import ripplegw

freqs = jnp.arange(20.0, 512.0, 0.5)
params = {"M_c": 28.3, "eta": 0.247, "s1_z": 0.0, "s2_z": 0.0,
          "d_L": 440.0, "phase_c": 0.0, "iota": 0.0}

@jax.jit
def plus_power(model, p):
    hp = model(freqs, p)["p"]
    return jnp.sum(jnp.abs(hp) ** 2)

xas = ripplegw.waveform("IMRPhenomXAS", f_ref=20.0)
plus_power(xas, params)
""",
        kind='non-array-argument', argument='model', path='model', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="To switch models the user passes the ripple waveform object itself as an argument of a jitted function; it is not a pytree of arrays, so jit raises TypeError (cannot interpret as an abstract array). The object is hashable, so static_argnames='model' (as the JAX message suggests) works; closing over it also works. Checked.",
    ),
    Case(
        id='ab-brainunit-charge-above-threshold-mask',
        source='https://brainx.chaobrain.com/brainunit/physical_units/quantity.html',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

V_th = -50.0 * u.mV
dt = 0.1 * u.ms

@jax.jit
def depolarized_charge(V, I):
    above = V >= V_th
    return u.math.sum(I[above]) * dt

V = jnp.linspace(-70.0, -40.0, 100) * u.mV
I = jnp.ones(100) * 0.2 * u.nA
depolarized_charge(V, I)
""",
        kind='boolean-index', argument='V', path='V', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Current Quantities are indexed with a traced threshold mask (V >= V_th) inside jax.jit to sum the charge delivered while depolarized; JAX raises NonConcreteBooleanIndexError. Summing u.math.where(mask, I, 0 nA) gives the same charge. Checked.',
    ),
    Case(
        id='ab-brainunit-float-print-in-autograd',
        source='https://brainx.chaobrain.com/brainunit/unit_operations/autograd.html',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

target = -55.0 * u.mV
g_leak = 10.0 * u.nS

def mismatch(V_rest):
    current = g_leak * (V_rest - target)
    print(f"V_rest = {float(V_rest / u.mV):.2f} mV")
    return u.math.sum(current ** 2)

u.autograd.grad(mismatch)(-65.0 * u.mV)
""",
        kind='concretization', argument='V_rest', path='V_rest', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A loss differentiated with brainunit's u.autograd.grad prints the voltage via float(V_rest / u.mV); the dimensionless Quantity's __float__ converts the traced mantissa and JAX raises ConcretizationTypeError. jax.debug.print of the ratio works under the library's grad. Checked.",
    ),
    Case(
        id='ab-brainunit-int-steps-from-duration',
        source='https://brainx.chaobrain.com/brainunit/physical_units/quantity.html',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

tau, E_L, dt = 10.0 * u.ms, -65.0 * u.mV, 0.1 * u.ms

@jax.jit
def relax_for(V0, duration):
    n_steps = int(duration / dt)
    body = lambda i, V: V + dt / tau * (E_L - V)
    return jax.lax.fori_loop(0, n_steps, body, V0)

relax_for(-55.0 * u.mV, 20.0 * u.ms)
""",
        kind='integer-conversion', argument='duration', path='duration', line=9,
        fixes=('astype', 'static'), verifiable=True, jax_fitting_fix=True,
        note="The number of integration steps is computed with int(duration / dt) from a traced duration Quantity; the dimensionless Quantity's __int__ converts the traced mantissa and JAX raises ConcretizationTypeError. Because the count only feeds lax.fori_loop (which accepts a traced bound), JAX's own hint `.astype(int)` works and keeps the result. Checked.",
    ),
    Case(
        id='ab-brainunit-lif-reset-in-scan',
        source='https://github.com/chaobrain/brainunit/blob/master/docs/physical_units/math_operations_with_quantity.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

V_th, V_reset, E_L = -50.0 * u.mV, -70.0 * u.mV, -65.0 * u.mV
tau, R, dt = 10.0 * u.ms, 100.0 * u.Mohm, 0.1 * u.ms

@jax.checkpoint
def step(state, I):
    V = state["V"] + dt / tau * (E_L - state["V"] + R * I)
    if V > V_th:
        V = V_reset
    return {"V": V}, V

currents = jnp.full(200, 0.3) * u.nA
jax.lax.scan(step, {"V": E_L}, currents)
""",
        kind='bool-conversion', argument='state', path="state['V']", line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A leaky integrate-and-fire step on brainunit Quantities, wrapped in jax.checkpoint and run with lax.scan, resets the voltage with a Python `if V > V_th`; Quantity.__bool__ defers to the traced mantissa and JAX raises TracerBoolConversionError. The JAX hint about checkpoint static_argnums does not apply (V is the scan carry). u.math.where (jnp.where on quantities) keeps the result. Checked.',
    ),
    Case(
        id='ab-brainunit-linspace-traced-steps',
        source='https://saiunit.readthedocs.io/apis/generated/saiunit.math.linspace.html',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

tau = 20.0 * u.ms

@jax.jit
def decay_curve(T, n_steps):
    t = u.math.linspace(0.0 * u.ms, T, n_steps)
    return u.math.exp(-t / tau)

decay_curve(100.0 * u.ms, 101)
""",
        kind='traced-shape', argument='n_steps', path='n_steps', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The sample count of u.math.linspace is an argument of the jitted function; brainunit forwards it to jnp.linspace's num, which must be concrete, and JAX raises ConcretizationTypeError. static_argnames='n_steps' fixes it. Checked.",
    ),
    Case(
        id='ab-brainunit-np-interp-quantity',
        source='https://brainx.chaobrain.com/brainunit/unit_operations/assign_units.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import brainunit as u

table_t = np.array([0.0, 5.0, 10.0, 20.0])
table_g = np.array([0.0, 1.0, 0.4, 0.0])

@jax.jit
def conductance(t):
    g = np.interp(t / u.ms, table_t, table_g)
    return g * u.nS

conductance(jnp.linspace(0.0, 20.0, 50) * u.ms)
""",
        kind='array-conversion', argument='t', path='t', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A tabulated conductance is interpolated with np.interp on a unit-stripped time (t / u.ms) inside jax.jit; NumPy calls Quantity.__array__ on a traced mantissa and JAX raises TracerArrayConversionError. jnp.interp accepts the same arguments. Checked.',
    ),
    Case(
        id='ab-brainunit-quantity-static-arg',
        source='https://brainx.chaobrain.com/brainunit/apis/generated/saiunit.Quantity.html',
        code="""\
import functools
import jax
import jax.numpy as jnp
import brainunit as u

@functools.partial(jax.jit, static_argnames="tau")
def exp_filter(x, tau):
    dt = 0.1 * u.ms
    return x * u.math.exp(-dt / tau)

exp_filter(jnp.ones(4) * u.nA, tau=5.0 * u.ms)
""",
        kind='unhashable-static', argument='tau', path='tau', line=11,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A time constant Quantity is marked static; brainunit Quantities define __hash__ = None (elementwise __eq__), so jit raises ValueError (non-hashable static argument). Quantities are pytrees, so passing tau traced is the fix. Checked.',
    ),
    Case(
        id='ab-brainunit-setitem-recording-buffer',
        source='https://saiunit.readthedocs.io/apis/generated/saiunit.Quantity.html',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

tau, E_L, dt = 10.0 * u.ms, -65.0 * u.mV, 0.1 * u.ms
record = u.math.zeros(3) * u.mV

@jax.jit
def relax(V):
    V_next = V + dt / tau * (E_L - V)
    record[0] = V_next
    return V_next

relax(-60.0 * u.mV)
peak = u.math.max(record)
""",
        kind='leaked-tracer', argument='V', path='V', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=15,
        note="Inside jax.jit the user writes the new voltage into a global brainunit Quantity with item assignment; Quantity.__setitem__ replaces the buffer's mantissa with a traced scatter result, so the library object holds a tracer and reading it later raises UnexpectedTracerError. Return the value and store it outside the jitted function. Checked.",
    ),
    Case(
        id='ab-brainunit-unit-as-jit-argument',
        source='https://brainx.chaobrain.com/brainunit/apis/generated/saiunit.Quantity.html',
        code="""\
import jax
import jax.numpy as jnp
import brainunit as u

@jax.jit
def in_unit(q, unit):
    return q.to_decimal(unit)

v = jnp.array([-65.0, -50.0]) * u.mV
in_unit(v, u.volt)
""",
        kind='non-array-argument', argument='unit', path='unit', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A brainunit Unit object (target display unit) is passed as a jitted argument; a Quantity is a pytree but a bare Unit is an opaque leaf, so jit raises TypeError (cannot interpret as an abstract array). Units are hashable, so static_argnames='unit', as the message suggests, works. Checked.",
    ),
]
