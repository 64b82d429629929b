"""Held-out library cases (set ai): coix, bijx, jaxquantum.

How they were built: each cell is my own minimal reduction of a usage pattern of
the library (its README / tutorials / example scripts, or an issue thread where
one exists), written to a file and run with /tmp/heldout18/venv_ai/bin/python
(a venv made with --system-site-packages).  For every cell only the last
statement raises; `line` / `use_line` were read off the traceback frames that
lie in the cell file (module frame = last statement, deepest cell frame = the
reported line).  For every case the first fix was applied by hand to a copy of
the cell and re-run until it completed.

Installed (pip, pins numpy==2.4.6 jax==0.10.2 jaxlib==0.10.2 flax==0.12.8
equinox==0.13.8 optax==0.2.8 on every install): coix 0.1.0 (numpyro 0.22.0
backend), bijx 1.3.2 (pulls diffrax 0.7.2, jax-autovmap), jaxquantum 0.3.0
(pulls qutip 5.3.1, diffrax).  Interpreter: CPython 3.11.7, CPU only.

Dropped: no library was dropped (all three candidates installed and imported
with the pins, so no alternate was needed).  Discarded ideas: indexing a
bijx.Chain's nnx.List with a traced fori_loop index (flax raises its own
TypeError 'Invalid index type', not a JAX tracing error); mutating a bijx
module captured by a plain jax.jit closure (flax raises TraceContextError
first); coix.memoize under jit (the library's own np.unique always fails, no
fix in the vocabulary); a jaxquantum drive written as np.cos(...) * Qarray
(sesolve first calls H(0) eagerly and NumPy fails before any tracing).

Doubts about labels:
- ai-jaxquantum-propagator-scalar-time: the library's `if ts == 0` raises; a
  fix outside the vocabulary (pass ts=jnp.array([0.0, t]) so the scalar branch
  is skipped, no recompilation) is arguably better than `static`.
- ai-jaxquantum-vmap-charge-cutoff: JAX raises TracerBoolConversionError (the
  library's assert), so `bool-conversion` is defensible; labelled traced-shape
  because the value is a Hilbert-space size.
- ai-jaxquantum-device-static-unhashable: `hashable-static` is not reachable
  without changing the library (the dataclass hashes a dict), hence not-static.
- ai-jaxquantum-trajectory-leak / ai-coix-loss-caches-trace /
  ai-bijx-store-draws-on-flow: use_line is the later use in the last statement.
- ai-coix-train-kwarg-plate-size: numpyro.plate raises TracerBoolConversionError
  (bool-conversion defensible); the reported line is the proposal's plate,
  which coix evaluates first; line 23 (the train call) is also defensible.
- ai-coix-train-string-kwarg / ai-jaxquantum-jit-sesolve-callable:
  jax_fitting_fix=True; for coix the static_argnames route only works through
  train's jit_compile= option.
- ai-coix-float-log-in-loss: path could be `params` (whole dict).
- ai-coix-aft-numpy-schedule: argument could be named `i` (the library's loop
  index); passing lists of programs so the loop unrolls (`static`) also fixes it.
- ai-coix-loss-caches-trace: the samples depend on both params leaves and the
  key, so path is the whole `params`.
- ai-coix-adaptive-loss-if / ai-coix-loss-drop-nonfinite: in_log_weight is a
  concrete zero here, so the culprit is incremental_log_weight.
- ai-bijx-rk4-vf-kwargs-order: range(order) is a loop count, so traced-shape is
  defensible; labelled integer-conversion (range/__index__).
- ai-bijx-cnf-math-exp: math.exp -> jnp.exp sits between `jnp-not-builtin` and
  `jnp-not-np` in the vocabulary.
- ai-bijx-reverse-kl-mask-nonfinite: the mask depends on the module's params
  and its internal RNG state, so path is the whole `model`.
- ai-bijx-random-reflection-axis: integer-conversion is defensible (axis is an
  int), JAX raises ConcretizationTypeError for the non-static axis.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ai-jaxquantum-pulse-if-in-hamiltonian',
        source='https://github.com/EQuS/jaxquantum/issues/10',
        code="""\
import jax
import jax.numpy as jnp
import jaxquantum as jqt

omega_d, T_pulse = 5.0, 2.0
H0 = 0.5 * omega_d * jqt.sigmaz()
drive = jqt.sigmax()

def Ht(t):
    if t < T_pulse:
        return H0 + 0.2 * jnp.cos(omega_d * t) * drive
    return H0

psi0 = jqt.basis(2, 0)
ts = jnp.linspace(0.0, 4.0, 41)
states = jqt.sesolve(Ht, psi0, ts)
""",
        kind='bool-conversion', argument='t', path='t', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise drive envelope written with a Python `if` inside the time-dependent Hamiltonian that jqt.sesolve hands to diffrax; t is traced, so JAX raises TracerBoolConversionError. Masking the envelope with jnp.where keeps the dynamics (lax.cond also works); checked.',
    ),
    Case(
        id='ai-jaxquantum-np-cos-drive',
        source='https://github.com/EQuS/jaxquantum/issues/10',
        code="""\
import numpy as np
import jax.numpy as jnp
import jaxquantum as jqt

N = 10
a = jqt.destroy(N)
H0 = 2.0 * a.dag() @ a
drive = 0.3 * (a + a.dag())
omega_d = 2.0

def Ht(t):
    return H0 + drive * np.cos(omega_d * t)

psi0 = jqt.coherent(N, 1.0)
ts = jnp.linspace(0.0, 5.0, 51)
states = jqt.sesolve(Ht, psi0, ts)
""",
        kind='array-conversion', argument='t', path='t', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The drive factor of the Hamiltonian callback uses np.cos on the traced time, so NumPy calls __array__ and JAX raises TracerArrayConversionError; jnp.cos is the fix; checked.',
    ),
    Case(
        id='ai-jaxquantum-propagator-scalar-time',
        source='https://github.com/EQuS/jaxquantum/issues/23',
        code="""\
import jax
import jax.numpy as jnp
import jaxquantum as jqt

H0 = 0.5 * jqt.sigmaz()

def Ht(t):
    return H0 + 0.1 * jnp.sin(t) * jqt.sigmax()

@jax.jit
def gate_at(t_gate):
    U = jqt.propagator(Ht, t_gate)
    return jnp.abs(U.data[0, 0]) ** 2

gate_at(1.5)
""",
        kind='bool-conversion', argument='t_gate', path='t_gate', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="jqt.propagator with a callable H and a scalar time runs its own `if ts == 0` check; under jax.jit the gate time is traced and the library's if raises TracerBoolConversionError. Marking t_gate static (static_argnames) runs; checked.",
    ),
    Case(
        id='ai-jaxquantum-vmap-charge-cutoff',
        source='https://github.com/EQuS/jaxquantum/blob/main/docs/documentation/tutorials/devices.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jaxquantum as jqt
from jaxquantum.devices import Transmon

params = {"Ec": 0.2, "Ej": 15.0}

def qubit_freq(n_charge):
    qubit = Transmon.create(4, params, N_pre_diag=n_charge)
    evals = qubit.eig_systems["vals"]
    return evals[1] - evals[0]

cutoffs = jnp.array([21, 31, 41])
freqs = jax.vmap(qubit_freq)(cutoffs)
""",
        kind='traced-shape', argument='n_charge', path='n_charge', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A truncation-convergence sweep vmaps over the Hilbert-space size N_pre_diag of Transmon.create; the device needs it as a Python int (it is a static field and a matrix size), and its own `assert N_pre_diag >= N` raises TracerBoolConversionError. Looping over Python ints instead of vmapping runs; checked.',
    ),
    Case(
        id='ai-jaxquantum-device-static-unhashable',
        source='https://github.com/EQuS/jaxquantum/blob/main/docs/documentation/tutorials/devices.ipynb',
        code="""\
from functools import partial
import jax
from jaxquantum.devices import Transmon

qubit = Transmon.create(5, {"Ec": 0.25, "Ej": 12.0}, N_pre_diag=31)

@partial(jax.jit, static_argnames="device")
def anharmonicity(device):
    evals = device.eig_systems["vals"]
    return (evals[2] - evals[1]) - (evals[1] - evals[0])

anharmonicity(device=qubit)
""",
        kind='unhashable-static', argument='device', path='device', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A Transmon device is marked static in jax.jit, but the flax struct dataclass hashes its params dict, so jit raises ValueError (Non-hashable static arguments, from TypeError unhashable dict). The device is already a pytree whose sizes are static fields, so passing it traced works; checked.',
    ),
    Case(
        id='ai-jaxquantum-gate-list-scan-index',
        source='https://github.com/EQuS/jaxquantum/blob/main/docs/documentation/tutorials/circuits.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jaxquantum as jqt

gates = [jqt.hadamard(), jqt.sigmax(), jqt.sigmaz()]
sequence = jnp.array([0, 2, 1, 0])

def apply_gate(psi, idx):
    psi = gates[idx] @ psi
    return psi, jnp.abs(psi.data[0, 0]) ** 2

psi0 = jqt.basis(2, 0)
final, pops = jax.lax.scan(apply_gate, psi0, sequence)
""",
        kind='integer-conversion', argument='idx', path='idx', line=9,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='A gate sequence is applied with lax.scan and each step picks a Qarray from a Python list with the traced scan element, so list indexing calls __index__ and JAX raises TracerIntegerConversionError. lax.switch over the gate list runs; checked.',
    ),
    Case(
        id='ai-jaxquantum-trajectory-leak',
        source='https://github.com/EQuS/jaxquantum/blob/main/docs/documentation/getting_started/sharp_bits.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxquantum as jqt

N = 8
a = jqt.destroy(N)
psi0 = jqt.coherent(N, 1.0)
ts = jnp.linspace(0.0, 3.0, 31)
trajectory = {}

@jax.jit
def final_photons(kerr):
    H = kerr * a.dag() @ a.dag() @ a @ a
    states = jqt.sesolve(H, psi0, ts)
    trajectory["states"] = states
    return jnp.real(jqt.overlap(states[-1], a.dag() @ a @ states[-1]))

n_final = final_photons(0.3)
wigner_input = trajectory["states"][10].to_dm()
""",
        kind='leaked-tracer', argument='kerr', path='kerr', line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The jitted function keeps the whole sesolve trajectory (a Qarray holding tracers) in a global dict and returns only a scalar; using the stored Qarray afterwards raises UnexpectedTracerError. Returning the states from the jitted function runs; checked.',
        use_line=19,
    ),
    Case(
        id='ai-jaxquantum-jit-sesolve-callable',
        source='https://github.com/EQuS/jaxquantum/issues/30',
        code="""\
import jax
import jax.numpy as jnp
import jaxquantum as jqt

H0 = 0.5 * jqt.sigmaz()

def Ht(t):
    return H0 + 0.3 * jnp.exp(-((t - 2.0) ** 2)) * jqt.sigmax()

psi0 = jqt.basis(2, 0)
ts = jnp.linspace(0.0, 4.0, 41)
fast_sesolve = jax.jit(jqt.sesolve)
states = fast_sesolve(Ht, psi0, ts)
""",
        kind='non-array-argument', argument='H', path='H', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='jqt.sesolve is wrapped in jax.jit directly and given a Python function as the Hamiltonian, which jit cannot treat as an array: TypeError (Error interpreting argument ... as an abstract array). static_argnums=0 (as the message suggests) runs; checked.',
    ),
    Case(
        id='ai-coix-train-kwarg-plate-size',
        source='https://github.com/jax-ml/coix/blob/main/examples/anneal.py',
        code="""\
import coix
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import optax

def loss_fn(params, key, num_particles):
    def target():
        with numpyro.plate("particle", num_particles):
            x = numpyro.sample("x", dist.Normal(0.0, 1.0))
            numpyro.sample("y", dist.Normal(x, 0.5), obs=1.2)

    def proposal():
        with numpyro.plate("particle", num_particles):
            numpyro.sample("x", dist.Normal(params["mu"], jnp.exp(params["log_s"])))

    program = coix.algo.svi_iwae(target, proposal)
    _, _, metrics = coix.traced_evaluate(program, seed=key)()
    return metrics["loss"], metrics

init = {"mu": jnp.array(0.0), "log_s": jnp.array(0.0)}
params, _ = coix.util.train(loss_fn, init, optax.adam(1e-2), 100, num_particles=16)
""",
        kind='traced-shape', argument='num_particles', path='num_particles', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="coix.util.train forwards extra keyword arguments into its jitted step, so num_particles reaches numpyro.plate as a tracer and numpyro's size check raises TracerBoolConversionError. Binding it with functools.partial (as coix's examples do) keeps it a Python int; checked.",
    ),
    Case(
        id='ai-coix-train-string-kwarg',
        source='https://github.com/jax-ml/coix/blob/main/coix/util.py',
        code="""\
import coix
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import optax

def target():
    with numpyro.plate("particle", 16):
        x = numpyro.sample("x", dist.Normal(0.0, 1.0))
        numpyro.sample("y", dist.Normal(x, 0.5), obs=1.2)

def loss_fn(params, key, objective):
    def proposal():
        with numpyro.plate("particle", 16):
            numpyro.sample("x", dist.Normal(params["mu"], jnp.exp(params["log_s"])))
    algo = {"iwae": coix.algo.svi_iwae, "rws": coix.algo.rws}[objective]
    _, _, metrics = coix.traced_evaluate(algo(target, proposal), seed=key)()
    return metrics["loss"], metrics

init = {"mu": jnp.array(0.0), "log_s": jnp.array(0.0)}
params, _ = coix.util.train(loss_fn, init, optax.adam(1e-2), 100, objective="rws")
""",
        kind='non-array-argument', argument='objective', path='objective', line=21,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A string option for the loss is passed through coix.util.train's **kwargs, which go into the library's jax.jit step as arguments, so jit raises TypeError (not a valid abstract array). functools.partial on the loss, or jit_compile=partial(jax.jit, static_argnames='objective') as the message suggests, runs; checked.",
    ),
    Case(
        id='ai-coix-float-log-in-loss',
        source='https://github.com/jax-ml/coix/blob/main/coix/util.py',
        code="""\
import coix
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import optax

def target():
    with numpyro.plate("particle", 16):
        x = numpyro.sample("x", dist.Normal(0.0, 1.0))
        numpyro.sample("y", dist.Normal(x, 0.5), obs=1.2)

def loss_fn(params, key):
    scale = jnp.exp(params["log_s"])
    print(f"proposal scale = {float(scale):.4f}")
    def proposal():
        with numpyro.plate("particle", 16):
            numpyro.sample("x", dist.Normal(params["mu"], scale))
    _, _, metrics = coix.traced_evaluate(coix.algo.svi(target, proposal), seed=key)()
    return metrics["loss"], metrics

init = {"mu": jnp.array(0.0), "log_s": jnp.array(0.0)}
params, _ = coix.util.train(loss_fn, init, optax.adam(1e-2), 100)
""",
        kind='concretization', argument='params', path="params['log_s']", line=14,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='The loss passed to coix.util.train prints float() of a parameter-derived scale; train traces the loss under jit and value_and_grad, so float() raises ConcretizationTypeError. jax.debug.print runs; checked.',
    ),
    Case(
        id='ai-coix-aft-numpy-schedule',
        source='https://github.com/jax-ml/coix/blob/main/coix/algo.py',
        code="""\
import coix
import jax
import numpy as np
import numpyro
import numpyro.distributions as dist

betas = np.linspace(0.0, 1.0, 6)

def target(k):
    def program():
        with numpyro.plate("particle", 32):
            x = numpyro.sample("x", dist.Normal(0.0, 3.0))
            numpyro.factor("tempered", betas[k] * dist.Normal(2.0, 0.5).log_prob(x))
        return (x,)
    return program

def flow(k):
    def program(x):
        with numpyro.plate("particle", 32):
            return (numpyro.sample("x", dist.Normal(x, 0.5)),)
    return program

smc = coix.algo.aft(target, flow, num_targets=len(betas))
out, trace, metrics = coix.traced_evaluate(smc, seed=jax.random.PRNGKey(0))()
""",
        kind='array-conversion', argument='k', path='k', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='With callable targets and num_targets, coix.algo.aft builds each target inside its own fori_loop, so k is traced and indexing the NumPy annealing schedule calls __array__: TracerArrayConversionError. Building the schedule with jnp.linspace runs; checked.',
    ),
    Case(
        id='ai-coix-loss-caches-trace',
        source='https://github.com/jax-ml/coix/blob/main/coix/util.py',
        code="""\
import coix
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import optax

def target():
    with numpyro.plate("particle", 16):
        x = numpyro.sample("x", dist.Normal(0.0, 1.0))
        numpyro.sample("y", dist.Normal(x, 0.5), obs=1.2)

latest = {}

def loss_fn(params, key):
    def proposal():
        with numpyro.plate("particle", 16):
            numpyro.sample("x", dist.Normal(params["mu"], jnp.exp(params["log_s"])))
    _, trace, metrics = coix.traced_evaluate(coix.algo.rws(target, proposal), seed=key)()
    latest["x"] = trace["x"]["value"]
    return metrics["loss"], metrics

init = {"mu": jnp.array(0.0), "log_s": jnp.array(0.0)}
params, metrics = coix.util.train(loss_fn, init, optax.adam(1e-2), 50)
posterior_mean = jnp.mean(latest["x"])
""",
        kind='leaked-tracer', argument='params', path='params', line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The loss stores the proposal samples from the coix trace in a global dict for later plotting; after coix.util.train the stored value is a tracer from the jitted step and using it raises UnexpectedTracerError. Returning the samples in the metrics dict (train hands back the last metrics) runs; checked.',
        use_line=24,
    ),
    Case(
        id='ai-coix-adaptive-loss-if',
        source='https://github.com/jax-ml/coix/blob/main/coix/loss.py',
        code="""\
import coix
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist

def target():
    with numpyro.plate("particle", 16):
        x = numpyro.sample("x", dist.Normal(0.0, 1.0))
        numpyro.sample("y", dist.Normal(x, 0.5), obs=1.2)

def proposal():
    with numpyro.plate("particle", 16):
        numpyro.sample("x", dist.Normal(0.0, 2.0))

def adaptive_loss(q_trace, p_trace, in_log_weight, incremental_log_weight):
    ess = 1.0 / jnp.sum(jax.nn.softmax(incremental_log_weight) ** 2)
    if ess < 4.0:
        return coix.loss.rws_loss(q_trace, p_trace, in_log_weight, incremental_log_weight)
    return coix.loss.iwae_loss(q_trace, p_trace, in_log_weight, incremental_log_weight)

program = coix.propose(target, proposal, loss_fn=adaptive_loss)
keys = jax.random.split(jax.random.PRNGKey(0), 10)
_, _, metrics = jax.vmap(lambda k: coix.traced_evaluate(program, seed=k)())(keys)
""",
        kind='bool-conversion', argument='incremental_log_weight', path='incremental_log_weight', line=18,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom loss_fn given to coix.propose switches between RWS and IWAE losses with a Python `if` on the effective sample size; the program is evaluated under jax.vmap, so the weights are traced and JAX raises TracerBoolConversionError. Computing both and selecting with jnp.where runs (lax.cond also fits); checked.',
    ),
    Case(
        id='ai-coix-loss-drop-nonfinite',
        source='https://github.com/jax-ml/coix/blob/main/coix/loss.py',
        code="""\
import coix
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import optax

def target():
    with numpyro.plate("particle", 32):
        x = numpyro.sample("x", dist.HalfNormal(1.0))
        numpyro.sample("y", dist.Normal(x, 0.5), obs=1.2)

def finite_iwae(q_trace, p_trace, in_log_weight, incremental_log_weight):
    log_w = incremental_log_weight[jnp.isfinite(incremental_log_weight)]
    return -(jax.nn.logsumexp(log_w) - jnp.log(log_w.shape[0]))

def loss_fn(params, key):
    def proposal():
        with numpyro.plate("particle", 32):
            numpyro.sample("x", dist.Normal(params["mu"], jnp.exp(params["log_s"])))
    program = coix.propose(target, proposal, loss_fn=finite_iwae)
    _, _, metrics = coix.traced_evaluate(program, seed=key)()
    return metrics["loss"], metrics

init = {"mu": jnp.array(1.0), "log_s": jnp.array(0.0)}
params, _ = coix.util.train(loss_fn, init, optax.adam(1e-2), 50)
""",
        kind='boolean-index', argument='incremental_log_weight', path='incremental_log_weight', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A custom IWAE-style loss drops non-finite log weights with a boolean mask; coix.util.train traces it under jit, so JAX raises NonConcreteBooleanIndexError. Replacing them by -inf with jnp.where and dividing by the count of finite weights keeps the value; checked.',
    ),
    Case(
        id='ai-bijx-rk4-vf-kwargs-order',
        source='https://github.com/mathisgerdes/bijx/blob/master/src/bijx/bijections/continuous.py',
        code="""\
import jax.numpy as jnp
import bijx
from flax import nnx

def damped_vf(t, x, cfg):
    v, div = jnp.zeros_like(x), jnp.zeros(x.shape[:-1])
    for k in range(1, cfg["order"] + 1):
        v = v - cfg["rate"] * x**k / k
        div = div - cfg["rate"] * jnp.sum(x ** (k - 1), axis=-1)
    return v, -div

flow = bijx.ContFlowRK4(damped_vf, steps=10)
prior = bijx.IndependentNormal(event_shape=(2,), rngs=nnx.Rngs(0))
x, log_p = prior.sample(batch_shape=(64,))
y, log_q = flow.forward(x, log_p, cfg={"order": 3, "rate": 0.5})
""",
        kind='integer-conversion', argument='cfg', path="cfg['order']", line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Keyword arguments given to ContFlowRK4.forward are passed to the vector field as traced ODE arguments, so the series order in a config dict reaches range() as a tracer: TracerIntegerConversionError. Binding the config into the vector field with functools.partial keeps it a Python int; checked.',
    ),
    Case(
        id='ai-bijx-imh-truncated-target-if',
        source='https://github.com/mathisgerdes/bijx/blob/master/src/bijx/mcmc.py',
        code="""\
import jax
import jax.numpy as jnp
import bijx
from flax import nnx

def target_log_prob(x):
    r2 = jnp.sum(x**2)
    if r2 > 9.0:
        return -jnp.inf
    return -0.5 * r2 - 0.1 * jnp.sum(x**4)

proposal = bijx.IndependentNormal(event_shape=(2,), rngs=nnx.Rngs(0))
sampler = bijx.IMH(proposal, target_log_prob)
state = sampler.init(jax.random.PRNGKey(0))

def mcmc_step(state, key):
    state, info = sampler.step(key, state)
    return state, info.is_accepted

keys = jax.random.split(jax.random.PRNGKey(1), 500)
final_state, accepted = jax.lax.scan(mcmc_step, state, keys)
""",
        kind='bool-conversion', argument='x', path='x', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A truncated target log-density with a Python `if` is fine in bijx.IMH.init (eager) but IMH.step runs inside lax.scan, so the proposal is traced and JAX raises TracerBoolConversionError. jnp.where over the two branches runs; checked.',
    ),
    Case(
        id='ai-bijx-cnf-math-exp',
        source='https://github.com/mathisgerdes/bijx',
        code="""\
import math
import jax.numpy as jnp
import bijx
from flax import nnx

def contracting_field(t, x):
    return -x * math.exp(-2.0 * t)

cnf = bijx.ContFlowDiffrax(vf=bijx.AutoJacVF(contracting_field))
prior = bijx.IndependentNormal(event_shape=(3,), rngs=nnx.Rngs(0))
x, log_p = prior.sample(batch_shape=(32,))
y, log_q = cnf.forward(x, log_p)
""",
        kind='concretization', argument='t', path='t', line=7,
        fixes=('jnp-not-builtin', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note='The vector field wrapped by AutoJacVF in a ContFlowDiffrax flow uses math.exp on the time, which diffrax traces; math.exp calls float() and JAX raises ConcretizationTypeError. jnp.exp runs; checked.',
    ),
    Case(
        id='ai-bijx-store-draws-on-flow',
        source='https://github.com/mathisgerdes/bijx',
        code="""\
import jax
import jax.numpy as jnp
import bijx
from flax import nnx

flow = bijx.Chain(bijx.Scaling(jnp.array([2.0, 0.5])), bijx.Tanh())
prior = bijx.IndependentNormal(event_shape=(2,), rngs=nnx.Rngs(0))

@nnx.jit
def sample_model(flow, key):
    x, log_p = prior.sample(batch_shape=(256,), rng=key)
    flow.base_draws = x
    return flow.forward(x, log_p)

y, log_q = sample_model(flow, jax.random.PRNGKey(1))
base_mean = jnp.mean(flow.base_draws, axis=0)
""",
        kind='leaked-tracer', argument='key', path='key', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='Inside an nnx.jit sampling function the base draws are stored as a plain attribute on the bijx Chain passed in; nnx does not carry that attribute out, and reading it afterwards raises UnexpectedTracerError. Returning the draws from the jitted function runs; checked.',
        use_line=16,
    ),
    Case(
        id='ai-bijx-reverse-kl-mask-nonfinite',
        source='https://github.com/mathisgerdes/bijx/blob/master/src/bijx/utils.py',
        code="""\
import jax.numpy as jnp
import bijx
from flax import nnx

def target_log_prob(x):
    inside = jnp.all(x > -3.0, axis=-1)
    return jnp.where(inside, -0.5 * jnp.sum((x - 1.0) ** 2, axis=-1), -jnp.inf)

prior = bijx.IndependentNormal(event_shape=(2,), rngs=nnx.Rngs(0))
flow = bijx.Chain(bijx.Shift(jnp.zeros(2)), bijx.Scaling(jnp.ones(2)))
model = bijx.Transformed(prior, flow)

def loss_fn(model):
    x, log_q = model.sample(batch_shape=(256,))
    log_p = target_log_prob(x)
    finite = jnp.isfinite(log_p)
    return bijx.reverse_dkl(log_p[finite], log_q[finite])

loss, grads = nnx.jit(nnx.value_and_grad(loss_fn))(model)
""",
        kind='boolean-index', argument='model', path='model', line=17,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A reverse-KL loss for a bijx.Transformed model drops samples where a truncated target is -inf by boolean indexing before bijx.reverse_dkl; under nnx.jit/nnx.value_and_grad JAX raises NonConcreteBooleanIndexError. A jnp.where-masked mean divided by the finite count keeps the value; checked.',
    ),
    Case(
        id='ai-bijx-lattice-shape-list-static',
        source='https://github.com/mathisgerdes/bijx/blob/master/docs/source/tutorials/scalar-theory.ipynb',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import bijx

@partial(jax.jit, static_argnames="lattice_shape")
def mean_prior_action(key, lattice_shape):
    prior = bijx.IndependentNormal(event_shape=lattice_shape)
    phi, _ = prior.sample(batch_shape=(64,), rng=key)
    return jnp.mean(jax.vmap(lambda p: bijx.lattice.scalar.phi4_term(p, m2=-4.0, lam=8.0).sum())(phi))

mean_prior_action(jax.random.PRNGKey(0), lattice_shape=[8, 8])
""",
        kind='unhashable-static', argument='lattice_shape', path='lattice_shape', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The lattice shape used as a bijx IndependentNormal event_shape is rightly declared static, but passed as a list, so jit raises ValueError (Non-hashable static arguments, from TypeError unhashable list). Passing a tuple runs; checked.',
    ),
    Case(
        id='ai-bijx-random-reflection-axis',
        source='https://github.com/mathisgerdes/bijx/blob/master/src/bijx/lattice/gauge.py',
        code="""\
import jax
import jax.numpy as jnp
import bijx

def random_reflection(key, lat):
    axis = jax.random.randint(key, (), 0, 2)
    return bijx.lattice.gauge.flip_axis(lat, axis)

lat = jnp.tile(jnp.eye(2, dtype=jnp.complex64), (4, 4, 2, 1, 1))
keys = jax.random.split(jax.random.PRNGKey(0), 8)
augmented = jax.vmap(random_reflection, in_axes=(0, None))(keys, lat)
""",
        kind='traced-shape', argument='key', path='key', line=7,
        fixes=('lax.switch', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Random lattice-reflection augmentation draws the axis with jax.random and passes it to bijx.lattice.gauge.flip_axis under vmap; the library's jnp.flip needs a static axis and JAX raises ConcretizationTypeError ('axis argument must be known statically'). lax.switch over the two concrete flips runs; checked.",
    ),
]
