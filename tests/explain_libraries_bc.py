"""Held-out library cases (set BC): qiskit-dynamics (JAX backend), einshape, apax.

How they were built: each cell is my own minimal reduction of a usage pattern from the
library's docs/tutorials or a GitHub issue (cited in `source`), written to a file and run
with /tmp/heldout28/venv_bc/bin/python (python3.11.7, venv with --system-site-packages,
no changes to the system interpreter). Every statement but the last runs; the last raises
during JAX tracing; `line`/`use_line` were checked against the traceback frames of the
file, and each first fix was applied by hand to a copy of the cell and re-run (all run,
including the one marked verifiable=False, which needs a restructuring).

Installed versions: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8,
numpy 2.4.6 (the machine's pins, kept), qiskit-dynamics 0.6.0 (with qiskit 1.3.0 and
arraylias 0.1.1), einshape 1.0, apax 0.14.0 (pulls in e3x 1.0.2 and tensorflow 2.21.0;
arraylias also imports tensorflow when present, so every cell prints TF start-up logs on
stderr; apax enables jax_enable_x64 when imported).

Dropped:
- horqrux 0.9.2: installs and imports, but cannot be traced at all with JAX 0.10.2. Its
  apply_gate/apply_operator use functools.singledispatch on the state type, and JAX
  tracers are no longer subclasses of jax.Array, so any jit/grad of a circuit fails with
  NotImplementedError("apply_operator is not implemented") before a tracing error could
  show up. Replaced by the next alternate.
- sigkerax (first alternate): pip cannot resolve it with jax 0.10.2 (every release pins
  jax<0.5). Dropped at once.
- einshape (second alternate) installed and imported cleanly and is used.
Not used: jax_odeint under jit aborts XLA in this jaxlib with a complex-valued state
(internal RET_CHECK crash), so the qiskit-dynamics cells use method="jax_RK4".

Doubts about labels:
- bc-qiskit-dynamics-fixed-step-duration: the library calls np.array(t_span) to count
  fixed steps, so the value is really a traced step count: traced-shape is defensible
  (JAX raises TracerArrayConversionError). Switching to method="jax_odeint" (which accepts
  a traced t_span) is another real fix outside the vocabulary.
- bc-qiskit-dynamics-from-signal-n-samples: the exception is TracerArrayConversionError
  (np.arange on the tracer), so array-conversion or integer-conversion are defensible;
  I chose traced-shape because n_samples sets the output length.
- bc-qiskit-dynamics-signal-as-jit-arg: static works only because Signal hashes by id;
  the tutorials' way (pass the amplitude array, build the Signal inside the function) is
  arguably the better first fix, and recompiles are needed per Signal object with static.
- bc-qiskit-dynamics-static-carrier-list: not-static is as good a first fix as
  hashable-static (carriers may be traced here).
- bc-qiskit-dynamics-result-leak: argument could also be read as None (the leaked value
  is the solver output), but it depends on amp.
- bc-einshape-int-jnp-sqrt: JAX raises ConcretizationTypeError (not
  TracerIntegerConversionError) for int(); concretization is defensible. argument None:
  the value comes from a shape constant, not from an input.
- bc-einshape-mae-boolean-mask: jnp.where (zeroing masked patches) would keep the shape
  but changes what the function returns, so I did not list it; argsort-based gathering
  is the idiomatic MAE fix and is closest to size-argument.
- bc-einshape-numpy-variant-in-grad: the fix is swapping numpy_einshape for
  jax_einshape, which I mapped to jnp-not-np; path could be argued as params['wk'] too
  (first failing line uses params['wq']).
- bc-einshape-traced-group-count: the error is TypeError from jnp.reshape inside
  einshape; the "user line that called into the library" is the first einshape call.
- bc-apax-traced-init-box: the failure is inside apax's setup (np.all(...) then `if`), so
  array-conversion is defensible; the user line is the model.apply call because flax runs
  setup lazily. verifiable=False because the fix moves the model construction out of the
  jitted function.
- bc-apax-losscollection-jit-arg: "static" here means closing over the object; the
  literal static_argnums fix fails (unhashable dataclass), so unhashable-static is what a
  user hits next; register-pytree is not applicable to a library class without editing it.
- bc-apax-padded-atom-mask: argument could be argued as params (F depends on it), but the
  non-concrete boolean index depends only on `numbers`. size-argument is also workable.
- bc-apax-range-over-real-atoms: lax.fori_loop with a traced bound also works; jnp.where
  listed first because it keeps the result and is vectorised.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bc-qiskit-dynamics-envelope-if',
        source='https://qiskit-community.github.io/qiskit-dynamics/stubs/qiskit_dynamics.signals.Signal.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)

def ramp(t):
    if t < 2.0:
        return t / 2.0
    return 1.0

def excited_population(amp):
    drive = Signal(lambda t: amp * ramp(t), carrier_freq=5.0)
    res = solver.solve(t_span=[0.0, 10.0], y0=y0, signals=[drive], method="jax_RK4", max_dt=0.1)
    return jnp.abs(res.y[-1][1]) ** 2

jax.grad(excited_population)(1.0)
""",
        kind='bool-conversion', argument='t', path='t', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Signal envelope written with a Python `if` on the time; the jax_RK4 solver evaluates the envelope on a traced t inside its scan/cond, so JAX raises TracerBoolConversionError at the `if`. Replacing the branch with jnp.where(t < 2.0, t / 2.0, 1.0) keeps the ramp; checked.',
    ),
    Case(
        id='bc-qiskit-dynamics-envelope-numpy',
        source='https://qiskit-community.github.io/qiskit-dynamics/stubs/qiskit_dynamics.signals.Signal.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)

def sine_envelope(t):
    return np.sin(np.pi * t / 10.0) ** 2

def excited_population(amp):
    drive = Signal(lambda t: amp * sine_envelope(t), carrier_freq=5.0)
    res = solver.solve(t_span=[0.0, 10.0], y0=y0, signals=[drive], method="jax_RK4", max_dt=0.1)
    return jnp.abs(res.y[-1][1]) ** 2

jax.jit(excited_population)(1.0)
""",
        kind='array-conversion', argument='t', path='t', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The envelope uses np.sin/np.pi, but the solver feeds it a traced time, so NumPy calls __array__ and JAX raises TracerArrayConversionError. Using jnp.sin/jnp.pi makes the envelope traceable; checked.',
    ),
    Case(
        id='bc-qiskit-dynamics-fixed-step-duration',
        source='https://github.com/qiskit-community/qiskit-dynamics/issues/126',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)

drive = Signal(1.0, carrier_freq=5.0)

@jax.jit
def excited_population(duration):
    res = solver.solve(t_span=[0.0, duration], y0=y0, signals=[drive], method="jax_RK4", max_dt=0.1)
    return jnp.abs(res.y[-1][1]) ** 2

excited_population(10.0)
""",
        kind='array-conversion', argument='duration', path='duration', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Jitting over the gate duration with a fixed-step JAX method: the library turns t_span into a NumPy array to count steps (get_fixed_step_sizes), raising TracerArrayConversionError from inside solve. Marking duration static (static_argnames) recompiles per duration and runs; checked.',
    ),
    Case(
        id='bc-qiskit-dynamics-from-signal-n-samples',
        source='https://qiskit-community.github.io/qiskit-dynamics/stubs/qiskit_dynamics.signals.DiscreteSignal.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)
from qiskit_dynamics.signals import DiscreteSignal

gaussian = Signal(lambda t: jnp.exp(-((t - 5.0) ** 2) / 4.0), carrier_freq=5.0)

@jax.jit
def sampled_pulse(dt, n_samples):
    pwc = DiscreteSignal.from_Signal(gaussian, dt=dt, n_samples=n_samples)
    return pwc.samples

sampled_pulse(0.1, 100)
""",
        kind='traced-shape', argument='n_samples', path='n_samples', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="DiscreteSignal.from_Signal builds its sample times with np.arange(n_samples); with n_samples a jit argument this is a traced count and JAX raises TracerArrayConversionError inside the library. n_samples fixes the output length, so it must be static; static_argnames='n_samples' runs; checked.",
    ),
    Case(
        id='bc-qiskit-dynamics-result-leak',
        source='https://github.com/qiskit-community/qiskit-dynamics/blob/main/docs/userguide/how_to_use_jax.rst',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)

history = []

@jax.jit
def excited_population(amp):
    drive = Signal(amp, carrier_freq=5.0)
    res = solver.solve(t_span=[0.0, 10.0], y0=y0, signals=[drive], method="jax_RK4", max_dt=0.1)
    history.append(res)
    return jnp.abs(res.y[-1][1]) ** 2

excited_population(0.5)
jnp.abs(history[0].y) ** 2
""",
        kind='leaked-tracer', argument='amp', path='amp', line=18, use_line=22,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The OdeResult returned by Solver.solve inside a jitted function is appended to a global list for later inspection; its .y is a jit tracer, and using it afterwards raises UnexpectedTracerError. Returning res.y alongside the population fixes it; checked.',
    ),
    Case(
        id='bc-qiskit-dynamics-signal-as-jit-arg',
        source='https://github.com/qiskit-community/qiskit-dynamics/blob/main/docs/tutorials/optimizing_pulse_sequence.rst',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)

@jax.jit
def final_state(drive):
    res = solver.solve(t_span=[0.0, 10.0], y0=y0, signals=[drive], method="jax_RK4", max_dt=0.1)
    return res.y[-1]

final_state(Signal(0.5, carrier_freq=5.0))
""",
        kind='non-array-argument', argument='drive', path='drive', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A qiskit_dynamics Signal object is passed straight into a jitted function; it is not a pytree of arrays, so jit raises TypeError when abstracting the argument. Signal hashes by identity, so static_argnums=0 runs (the tutorials instead build the Signal from array parameters inside the function); checked.',
    ),
    Case(
        id='bc-qiskit-dynamics-static-carrier-list',
        source='https://github.com/qiskit-community/qiskit-dynamics/blob/main/docs/tutorials/optimizing_pulse_sequence.rst',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)
from functools import partial

@partial(jax.jit, static_argnames="carriers")
def final_state(amps, carriers):
    drives = [Signal(a, carrier_freq=f) for a, f in zip(amps, carriers)]
    res = solver.solve(t_span=[0.0, 10.0], y0=y0, signals=drives[:1], method="jax_RK4", max_dt=0.1)
    return res.y[-1]

final_state(jnp.array([0.5]), carriers=[5.0])
""",
        kind='unhashable-static', argument='carriers', path='carriers', line=19,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='Carrier frequencies are marked static but passed as a Python list, so jit raises ValueError (non-hashable static argument). A tuple works; passing them traced (plain jit, jnp array) also works since Signal accepts traced carriers; both checked.',
    ),
    Case(
        id='bc-qiskit-dynamics-float-logging',
        source='https://github.com/qiskit-community/qiskit-dynamics/blob/main/docs/tutorials/optimizing_pulse_sequence.rst',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from qiskit_dynamics import Solver, Signal

X = np.array([[0.0, 1.0], [1.0, 0.0]])
Z = np.array([[1.0, 0.0], [0.0, -1.0]])
solver = Solver(static_hamiltonian=np.pi * 5.0 * Z, hamiltonian_operators=[np.pi * 0.1 * X],
                rotating_frame=np.pi * 5.0 * Z)
y0 = np.array([1.0, 0.0], dtype=complex)

def infidelity(amp):
    drive = Signal(amp, carrier_freq=5.0)
    res = solver.solve(t_span=[0.0, 10.0], y0=y0, signals=[drive], method="jax_RK4", max_dt=0.1)
    p1 = jnp.abs(res.y[-1][1]) ** 2
    print(f"amp={float(amp):.4f}  P1={float(p1):.4f}")
    return 1.0 - p1

jax.value_and_grad(infidelity)(0.5)
""",
        kind='concretization', argument='amp', path='amp', line=16,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Progress logging with float(amp) inside an objective differentiated by jax.value_and_grad (as in the pulse-optimisation tutorial); float() on the tracer raises ConcretizationTypeError. jax.debug.print prints the runtime values; checked.',
    ),
    Case(
        id='bc-einshape-traced-group-count',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from einshape import jax_einshape as einshape

def group_norm(x, num_groups, eps=1e-5):
    g = einshape("b(gc)->bgc", x, g=num_groups)
    mean = g.mean(axis=-1, keepdims=True)
    var = g.var(axis=-1, keepdims=True)
    g = (g - mean) / jnp.sqrt(var + eps)
    return einshape("bgc->b(gc)", g)

x = jax.random.normal(jax.random.PRNGKey(0), (4, 32))
jax.jit(group_norm)(x, 8)
""",
        kind='traced-shape', argument='num_groups', path='num_groups', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Group norm with einshape where the group count is a jit argument: einshape infers the other index size as a traced value and jnp.reshape raises TypeError (shapes must be concrete) inside the library. static_argnames='num_groups' runs, as JAX's message suggests; checked.",
    ),
    Case(
        id='bc-einshape-equation-as-jit-arg',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from einshape import jax_einshape as einshape

@jax.jit
def to_channels_first(images, equation):
    return einshape(equation, images)

images = jnp.ones((2, 8, 8, 3))
to_channels_first(images, "nhwc->nchw")
""",
        kind='non-array-argument', argument='equation', path='equation', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The einshape equation string is passed as an ordinary argument of a jitted function; jit cannot abstract a str and raises TypeError. static_argnums=1 (as the message suggests) runs; checked.',
    ),
    Case(
        id='bc-einshape-static-patch-list',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from einshape import jax_einshape as einshape

@partial(jax.jit, static_argnames="patch")
def patchify(images, patch):
    p, q = patch
    return einshape("n(hp)(wq)c->n(hw)(pqc)", images, p=p, q=q)

images = jnp.ones((2, 32, 32, 3))
patchify(images, patch=[4, 4])
""",
        kind='unhashable-static', argument='patch', path='patch', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Patch sizes for an einshape patchify are declared static but given as a list, so jit raises ValueError (non-hashable static argument). Passing a tuple (4, 4) runs; checked.',
    ),
    Case(
        id='bc-einshape-int-jnp-sqrt',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from einshape import jax_einshape as einshape

@jax.jit
def unpatchify(tokens, p=4):
    n_patches = tokens.shape[1]
    h = int(jnp.sqrt(n_patches))
    return einshape("n(hw)(pqc)->n(hp)(wq)c", tokens, h=h, p=p, q=p)

tokens = jnp.ones((2, 64, 48))
unpatchify(tokens)
""",
        kind='integer-conversion', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="Un-patchify computes the grid side as int(jnp.sqrt(n_patches)) for einshape's h=; under jit jnp.sqrt of a shape constant is a tracer, so int() raises ConcretizationTypeError even though no argument is involved. Computing it with np.sqrt (or math.isqrt) keeps it a Python int; checked.",
    ),
    Case(
        id='bc-einshape-mae-boolean-mask',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from einshape import jax_einshape as einshape

@jax.jit
def visible_patches(key, images, mask_ratio=0.75):
    patches = einshape("(hp)(wq)c->(hw)(pqc)", images, p=4, q=4)
    keep = jax.random.uniform(key, (patches.shape[0],)) > mask_ratio
    return patches[keep]

images = jnp.ones((32, 32, 3))
visible_patches(jax.random.PRNGKey(0), images)
""",
        kind='boolean-index', argument='key', path='key', line=9,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=False,
        note='MAE-style masking: patches from einshape are selected with a random boolean mask inside jit, which raises NonConcreteBooleanIndexError because the result size depends on the mask. Gathering with jnp.nonzero(keep, size=16)[0] gives a fixed-size result; checked.',
    ),
    Case(
        id='bc-einshape-numpy-variant-in-grad',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from einshape import numpy_einshape as einshape

def attention_score(params, x, num_heads=4):
    q = einshape("t(hd)->htd", x @ params["wq"], h=num_heads)
    k = einshape("t(hd)->htd", x @ params["wk"], h=num_heads)
    return jnp.einsum("htd,hsd->hts", q, k).sum()

params = {"wq": jnp.ones((16, 16)), "wk": jnp.ones((16, 16))}
x = jnp.ones((5, 16))
jax.grad(attention_score)(params, x)
""",
        kind='array-conversion', argument='params', path="params['wq']", line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The NumPy flavour numpy_einshape is imported by mistake and used in a function under jax.grad; it calls np.asarray on the traced projection, raising TracerArrayConversionError. Importing jax_einshape instead (the jnp-for-np swap) runs; checked.',
    ),
    Case(
        id='bc-einshape-attention-map-leak',
        source='https://github.com/google-deepmind/einshape',
        code="""\
import jax
import jax.numpy as jnp
from einshape import jax_einshape as einshape

attention_maps = []

@jax.jit
def attend(q, k):
    probs = jax.nn.softmax(jnp.einsum("thd,shd->hts", q, k), axis=-1)
    attention_maps.append(einshape("hts->t(hs)", probs))
    return jnp.einsum("hts,shd->thd", probs, k)

q = k = jnp.ones((5, 2, 4))
attend(q, k)
jnp.mean(attention_maps[0])
""",
        kind='leaked-tracer', argument='q', path='q', line=10, use_line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Attention maps rearranged with einshape are appended to a global list inside a jitted function for later plotting; using the stored tracer afterwards raises UnexpectedTracerError. Returning the map as a second output runs; checked.',
    ),
    Case(
        id='bc-apax-traced-init-box',
        source='https://apax.readthedocs.io/en/latest/modules/model.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)

@jax.jit
def predict(params, positions, cell):
    periodic = GMNNBuilder(config).build_energy_derivative_model(init_box=cell)
    return periodic.apply(params, positions, Z, idx, cell, offsets)

predict(params, R, jnp.array([10.0, 10.0, 10.0]))
""",
        kind='bool-conversion', argument='cell', path='cell', line=16,
        fixes=('static', 'numpy-for-static'), verifiable=False, jax_fitting_fix=False,
        note='An apax model is built inside a jitted function with init_box set from the traced cell; in setup, make_distance_fn evaluates `if np.all(init_box < 1e-6)` on it, so apply raises TracerBoolConversionError from inside apax. Building the model once outside jit with a NumPy init_box (the cell itself is still passed at call time) runs; checked, but it is a restructuring rather than a one-line edit.',
    ),
    Case(
        id='bc-apax-bias-python-if',
        source='https://apax.readthedocs.io/en/latest/modules/md.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)
from apax.md.function_transformations import make_biased_energy_force_fn

def wall_bias(positions, Z, idx, box, offsets):
    results = model.apply(params, positions, Z, idx, box, offsets)
    r = jnp.linalg.norm(positions[1] - positions[0])
    if r > 1.2:
        return 10.0 * (r - 1.2) ** 2, results
    return 0.0, results

biased_fn = jax.jit(make_biased_energy_force_fn(wall_bias))
biased_fn(R, Z, idx, box, offsets)
""",
        kind='bool-conversion', argument='positions', path='positions', line=17,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A user bias for apax's make_biased_energy_force_fn uses a Python `if` on an interatomic distance; the wrapper is jitted and value_and_grad traces the bias, so JAX raises TracerBoolConversionError. A jnp.where on the two branches keeps the wall potential; checked.",
    ),
    Case(
        id='bc-apax-bias-state-on-self',
        source='https://apax.readthedocs.io/en/latest/modules/md.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)
from apax.md.function_transformations import make_biased_energy_force_fn

class Restraint:
    def __init__(self, k):
        self.k, self.last_bias = k, None

    def __call__(self, positions, Z, idx, box, offsets):
        results = model.apply(params, positions, Z, idx, box, offsets)
        self.last_bias = self.k * jnp.sum((positions - R) ** 2)
        return self.last_bias, results

restraint = Restraint(1.0)
out = jax.jit(make_biased_energy_force_fn(restraint))(R + 0.05, Z, idx, box, offsets)
out["energy"] - restraint.last_bias
""",
        kind='leaked-tracer', argument='positions', path='positions', line=20, use_line=25,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A restraint object passed to make_biased_energy_force_fn stores the bias energy on self while it is traced by jit/value_and_grad; reading restraint.last_bias afterwards raises UnexpectedTracerError. Returning it in the results dict instead runs; checked.',
    ),
    Case(
        id='bc-apax-losscollection-jit-arg',
        source='https://apax.readthedocs.io/en/latest/modules/train.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)
from apax.train.loss import Loss, LossCollection

@jax.jit
def batch_loss(params, inputs, labels, loss_fn):
    predict = lambda r: model.apply(params, r, Z, idx, box, offsets)
    return loss_fn(inputs, jax.vmap(predict)(inputs["positions"]), labels)

loss_fn = LossCollection([Loss("energy", "mse"), Loss("forces", "mse", weight=4.0)])
inputs = {"positions": R[None], "n_atoms": jnp.array([3])}
labels = {"energy": jnp.zeros(1), "forces": jnp.zeros((1, 3, 3))}
batch_loss(params, inputs, labels, loss_fn)
""",
        kind='non-array-argument', argument='loss_fn', path='loss_fn', line=22,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An apax LossCollection is passed as an argument of a jitted loss; it is a plain dataclass, not an array pytree, so jit raises TypeError. It is also unhashable (dataclass eq), so the message's static_argnums advice fails with ValueError; closing over it (jit of a lambda that captures loss_fn) runs; checked.",
    ),
    Case(
        id='bc-apax-static-widths-list',
        source='https://apax.readthedocs.io/en/latest/modules/config.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)
from functools import partial

@partial(jax.jit, static_argnames="widths")
def fresh_energy(key, positions, widths):
    cfg = GMNNConfig(nn=widths, n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
    net = GMNNBuilder(cfg).build_energy_derivative_model()
    p = net.init(key, positions, Z, idx, box, offsets)
    return net.apply(p, positions, Z, idx, box, offsets)["energy"]

fresh_energy(jax.random.PRNGKey(1), R, widths=[32, 32])
""",
        kind='unhashable-static', argument='widths', path='widths', line=21,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Hidden-layer widths for GMNNConfig(nn=...) are marked static in a jitted init+energy function but given as a list, so jit raises ValueError (non-hashable static argument). A tuple (32, 32) is accepted by the config and runs; checked.',
    ),
    Case(
        id='bc-apax-float-energy-print',
        source='https://apax.readthedocs.io/en/latest/modules/model.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)

@jax.jit
def md_forces(positions):
    out = model.apply(params, positions, Z, idx, box, offsets)
    print(f"E = {float(out['energy']):.4f} eV")
    return out["forces"]

md_forces(R)
""",
        kind='concretization', argument='positions', path='positions', line=16,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Printing float(out['energy']) from an apax model inside a jitted force function raises ConcretizationTypeError (the suggested astype does not help for logging). jax.debug.print runs; checked.",
    ),
    Case(
        id='bc-apax-padded-atom-mask',
        source='https://apax.readthedocs.io/en/latest/modules/train.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)

@jax.jit
def force_mae(params, positions, numbers, F_ref):
    F = model.apply(params, positions, numbers, idx, box, offsets)["forces"]
    real = numbers > 0
    return jnp.abs(F[real] - F_ref[real]).mean()

padded_Z = jnp.array([8, 1, 1, 0])
padded_R = jnp.concatenate([R, jnp.zeros((1, 3))])
force_mae(params, padded_R, padded_Z, jnp.zeros((4, 3)))
""",
        kind='boolean-index', argument='numbers', path='numbers', line=17,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Force MAE over real atoms of a zero-padded structure (apax pads with Z=0) uses F[numbers > 0] under jit, which raises NonConcreteBooleanIndexError. A masked sum with jnp.where divided by the real-atom count gives the same value; checked.',
    ),
    Case(
        id='bc-apax-range-over-real-atoms',
        source='https://apax.readthedocs.io/en/latest/modules/md.html',
        code="""\
import jax
import jax.numpy as jnp
from apax.config.model_config import GMNNConfig
from apax.nn.builder import GMNNBuilder

config = GMNNConfig(nn=[16, 16], n_radial=3, basis={"name": "gaussian", "n_basis": 4}).model_dump()
model = GMNNBuilder(config).build_energy_derivative_model()
R = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
Z, idx = jnp.array([8, 1, 1]), jnp.array([[0, 0, 1, 1, 2, 2], [1, 2, 0, 2, 0, 1]])
box, offsets = jnp.zeros(3), jnp.zeros((6, 3))
params = model.init(jax.random.PRNGKey(0), R, Z, idx, box, offsets)
from apax.md.function_transformations import make_biased_energy_force_fn

def com_restraint(positions, Z, idx, box, offsets):
    results = model.apply(params, positions, Z, idx, box, offsets)
    n_real = jnp.sum(Z > 0)
    com = sum(positions[i] for i in range(n_real)) / n_real
    return 5.0 * jnp.sum(com ** 2), results

padded_Z = jnp.array([8, 1, 1, 0])
padded_R = jnp.concatenate([R, jnp.zeros((1, 3))])
jax.jit(make_biased_energy_force_fn(com_restraint))(padded_R, padded_Z, idx, box, offsets)
""",
        kind='integer-conversion', argument='Z', path='Z', line=17,
        fixes=('jnp.where', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note="A centre-of-mass restraint for apax's biased MD loops with range(n_real) where n_real counts Z > 0; the biased wrapper is jitted, so Z is traced and range() raises TracerIntegerConversionError. A jnp.where mask over positions gives the same centre of mass; checked.",
    ),
]
