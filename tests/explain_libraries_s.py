"""Held-out library cases (set S): qujax, matfree, rax, autoray (jax backend).

How they were built: each case is my own minimal reduction of a usage/error pattern of the
library, written against the installed versions qujax 1.1.0, matfree 0.6.3, rax 0.4.0 and
autoray 0.8.4 (same versions in both environments). I found no GitHub issue thread of these
libraries that shows one of these exact tracing errors (the search corpora had almost nothing for
them), so `source` is the library's repository / documentation page whose documented API the
case exercises (qujax: callable custom gates, sample_bitstrings, partial_trace; matfree:
estimator_monte_carlo(integrand, sampler)(matvec, key, *params), tridiag_sym(num_matvecs);
rax: gain_fn / discount_fn / where= / weights=; autoray: do(..., like=...), autojit), or the JAX
PR that introduced the fix (jnp.nonzero size=). Every cell was written to a file and run with
both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note); `line` is the deepest user-code frame of the traceback (for leaks the
line where the tracer is stored, `use_line` the line where JAX raises). For every case marked
verifiable=True the top fix was applied by hand and the fixed file ran without error on both
interpreters.

Doubts about labels:
- s-qujax-sample-traced-nshots: raised as TracerBoolConversionError inside jax.random.choice
  (a shape check on n_samps); labelled traced-shape because n_shots is a sample count/shape.
- s-matfree-config-data-field-order: also a TracerBoolConversionError from matfree's own
  `if num_matvecs < 0 or ...` check; labelled traced-shape (num_matvecs is a loop length /
  Krylov basis size). line=18 (where the estimator is called), the culprit is cfg.order on line 15.
- s-matfree-traced-num-samples: line=10 (the estimator call, deepest user frame); the culprit
  is num=num_samples on line 7 (the sampler draws lazily).
- s-qujax-build-circuit-inside-jit: kind concretization with argument None -- the tracer comes
  from qujax evaluating constant gates inside the trace (int(jnp.sqrt(size)) in check_unitary),
  not from any parameter. The real fix "build the circuit outside jit" is not in the fix
  vocabulary; numpy-for-static is the nearest (compute static structure with concrete values),
  so verifiable=False. Note that this qujax behaviour means ANY qujax circuit/observable
  constructor called inside jit fails (I first hit it while writing the static-qubit-list case).
- s-qujax-vmap-pauli-list-index: integer-conversion (a Python list indexed by a batched
  tracer); lax.switch is the fix I applied; static is impossible under vmap.
- s-rax-namedtuple-config-loss-id: static (whole cfg) first; lax.switch also fits because all
  three rax losses return scalars; path cfg.loss_id.
- s-rax-boolean-mask-padded-items: the idiomatic fix is rax's own where= mask, labelled as
  the array-level `jnp.where` kind; size-argument is not offered (it would change the loss).
- s-rax-pad-to-traced-list-size: traced-shape (pad width); numpy-for-static listed second
  (list_size could be derived from a NumPy-side constant).
- Leak argument choices: s-qujax-gate-log-global-list -> p (the jitted lambda's parameter the
  angles come from); s-matfree-operator-self-last-vec -> v0 (the Lanczos vectors derive from
  v0 and J; chose v0); s-rax-discount-fn-leak-dict -> scores (ranks are computed from scores);
  s-autoray-module-cache-leak -> None (the basis depends only on the static shape).
- s-autoray-module-cache-leak: top fix numpy-for-static (build the constant with NumPy);
  return-value is listed second. jax_fitting_fix=True because JAX's message ("functions
  explicitly return their outputs") also leads to a working fix (cache the returned value).
- s-autoray-like-numpy-norm / s-autoray-grad-math-log: labelled jnp-not-np although the
  literal edit is "dispatch with autoray on the array (like=x) / use ar.do('log')" rather than
  "use jnp"; math.log on a tracer raises ConcretizationTypeError (float()), so kind
  concretization, while like='numpy' raises TracerArrayConversionError -> array-conversion.
- s-matfree-grad-float-max-alpha: jnp-not-builtin first (max(float(a), eps) -> jnp.maximum);
  astype (JAX's suggestion) second, although it alone would not fix it.
- s-autoray-nonzero-no-size: size-argument makes it trace, but with fill index 0 the sum is
  only correct when x[0] == 0; jnp.where(x != 0, x, 0) is the exact array-level alternative.
- Cases with no user jit: s-qujax-grad-custom-gate-np-exp, s-matfree-grad-float-max-alpha,
  s-autoray-grad-math-log (jax.grad only) and s-autoray-autojit-if-max (autoray's own jit).

Dropped candidates / libraries:
- rax.approx_t12n / bound_t12n / gumbel_t12n: rax 0.4.0's t12n module uses jax.util, which no
  longer exists in jax 0.10.2 or 0.12.0.1 (AttributeError on construction) -- two planned cases
  (traced topn in approx_cutoff, leak under grad of an approximated NDCG) were replaced.
- folx and tensorly were not tried (four libraries already installed and imported cleanly on
  both interpreters; time limit).
- A first version of the qujax static-qubit-list case built the circuit inside jit: after the
  hashable-static fix it still failed (qujax's constructor check), so it was rewritten around
  qujax.partial_trace and the constructor problem became its own case.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='s-qujax-custom-gate-if-angle',
        source='https://github.com/CQCL/qujax',
        code="""\
import jax
import jax.numpy as jnp
import qujax

def wrapped_rx(theta):
    if theta > jnp.pi:
        theta = theta - 2 * jnp.pi
    return qujax.gates.Rx(theta)

circuit = qujax.get_params_to_statetensor_func(
    [wrapped_rx, "CZ"], [[0], [0, 1]], [[0], []])
expval = qujax.get_statetensor_to_expectation_func([["Z"]], [[1]], jnp.array([1.0]))

@jax.jit
def energy(params):
    return expval(circuit(params))

energy(jnp.array([3.5]))
""",
        kind='bool-conversion', argument='params', path='params', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="User-defined gate function (qujax accepts a callable gate) wraps its angle with a Python `if theta > pi`; qujax calls it with a slice of the jitted energy's params. Fix: theta = jnp.where(theta > jnp.pi, theta - 2*jnp.pi, theta) (applied, traces on both). Both interpreters raise TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='s-qujax-gate-log-global-list',
        source='https://github.com/CQCL/qujax',
        code="""\
import jax
import jax.numpy as jnp
import qujax

seen_unitaries = []

def logged_ry(theta):
    u = qujax.gates.Ry(theta)
    seen_unitaries.append(u)
    return u

circuit = qujax.get_params_to_statetensor_func(
    [logged_ry, "CX", logged_ry], [[0], [0, 1], [1]], [[0], [], [1]])
probs = jax.jit(lambda p: jnp.abs(circuit(p)) ** 2)(jnp.array([0.3, 1.2]))
dets = jnp.linalg.det(jnp.stack(seen_unitaries))
""",
        kind='leaked-tracer', argument='p', path='p', line=9,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="A debugging custom Ry gate appends each unitary to a module-level list while qujax builds the state under the user's jit; the list is stacked after the call. Leak at the append (line 9), JAX raises at the later use (line 15). The unitaries are built inside qujax's circuit function, so returning them needs a restructure (compute them eagerly or return them from a jitted wrapper) -- verifiable=False. Both interpreters raise UnexpectedTracerError.",
        use_line=15,
    ),
    Case(
        id='s-qujax-sample-traced-nshots',
        source='https://github.com/CQCL/qujax',
        code="""\
import jax
import jax.numpy as jnp
import qujax

circuit = qujax.get_params_to_statetensor_func(
    ["H", "CX", "Rz"], [[0], [0, 1], [1]], [[], [], [0]])

@jax.jit
def shots(params, key, n_shots):
    st = circuit(params)
    return qujax.sample_bitstrings(key, st, n_shots)

shots(jnp.array([0.4]), jax.random.key(0), 128)
""",
        kind='traced-shape', argument='n_shots', path='n_shots', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="n_shots is a normal jit argument passed to qujax.sample_bitstrings, whose jax.random.choice needs shape=(n_samps,) as a Python int; the traced value trips a shape check inside jax.random. Fix: static_argnames='n_shots' (applied, traces on both). Both interpreters raise TracerBoolConversionError (from inside jax.random.choice), line 11 is the user's call.",
        use_line=None,
    ),
    Case(
        id='s-qujax-static-list-traced-out',
        source='https://github.com/CQCL/qujax',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import qujax

circuit = qujax.get_params_to_statetensor_func(
    ["Rx", "Rx", "CX"], [[0], [1], [0, 1]], [[0], [1], []])

@partial(jax.jit, static_argnames=("traced_out",))
def reduced_state(params, traced_out):
    dt = qujax.statetensor_to_densitytensor(circuit(params))
    return qujax.partial_trace(dt, traced_out)

reduced_state(jnp.array([0.1, 0.2]), traced_out=[1])
""",
        kind='unhashable-static', argument='traced_out', path='traced_out', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The qubit list for qujax.partial_trace is correctly marked static but passed as a list, which jit cannot hash. Fix: traced_out=(1,) (applied, traces on both). Both interpreters raise ValueError 'Non-hashable static arguments are not supported' (raised at the call, line 14).",
        use_line=None,
    ),
    Case(
        id='s-qujax-vmap-pauli-list-index',
        source='https://github.com/CQCL/qujax',
        code="""\
import jax
import jax.numpy as jnp
import qujax

circuit = qujax.get_params_to_statetensor_func(
    ["Ry", "Ry", "CX"], [[0], [1], [0, 1]], [[0], [1], []])
paulis = ["X", "Y", "Z"]

def expectation(params, pauli_id):
    obs = qujax.get_statetensor_to_expectation_func(
        [[paulis[pauli_id]]], [[0]], jnp.array([1.0]))
    return obs(circuit(params))

batched = jax.vmap(expectation, in_axes=(None, 0))
batched(jnp.array([0.7, 0.1]), jnp.array([0, 1, 2]))
""",
        kind='integer-conversion', argument='pauli_id', path='pauli_id', line=11,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='The user vmaps an expectation function over Pauli ids and indexes a Python list of Pauli strings with the batched id to build a qujax observable. Fix: build the three observables up front and select with jax.lax.switch(pauli_id, obs_fns, state) (applied, traces on both). Both interpreters raise TracerIntegerConversionError.',
        use_line=None,
    ),
    Case(
        id='s-qujax-grad-custom-gate-np-exp',
        source='https://github.com/CQCL/qujax',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import qujax

def my_phase(theta):
    return jnp.array([[1.0, 0.0], [0.0, np.exp(1j * theta)]])

circuit = qujax.get_params_to_statetensor_func(
    ["H", my_phase, "H"], [[0], [0], [0]], [[], [0], []])
expval = qujax.get_statetensor_to_expectation_func([["Z"]], [[0]], jnp.array([1.0]))
loss = lambda params: expval(circuit(params))
jax.grad(loss)(jnp.array([0.25]))
""",
        kind='array-conversion', argument='params', path='params', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A custom phase gate written with numpy's np.exp on its angle; qujax feeds it the parameter under jax.grad of the user's loss (no jit). Fix: jnp.exp (applied, traces on both). Both interpreters raise TracerArrayConversionError.",
        use_line=None,
    ),
    Case(
        id='s-qujax-build-circuit-inside-jit',
        source='https://github.com/CQCL/qujax',
        code="""\
import jax
import jax.numpy as jnp
import qujax

@jax.jit
def ansatz_state(params):
    circuit = qujax.get_params_to_statetensor_func(
        ["H", "Rz", "CX"], [[0], [0], [0, 1]], [[], [0], []])
    return circuit(params)

ansatz_state(jnp.array([0.3]))
""",
        kind='concretization', argument=None, path=None, line=7,
        fixes=('numpy-for-static',), verifiable=False, jax_fitting_fix=False,
        note="The circuit function is built inside the jitted function; qujax's check_circuit/check_unitary evaluates each gate and calls int(jnp.sqrt(gate.size)) -- under jit even constant jnp ops are staged, so the library's own check gets a tracer that depends on no parameter. Fix: build the circuit (a static, compile-time object) outside jit / with concrete values; the vocabulary's nearest kind is numpy-for-static, so verifiable=False. JAX suggests astype, which cannot be applied inside qujax. Both interpreters raise ConcretizationTypeError (the `int` function).",
        use_line=None,
    ),
    Case(
        id='s-matfree-jit-matvec-argument',
        source='https://github.com/pnkraemer/matfree',
        code="""\
import jax
import jax.numpy as jnp
from matfree import stochtrace

A = jnp.diag(jnp.arange(1.0, 7.0))
x_like = jnp.zeros(6)
sampler = stochtrace.sampler_signs(x_like, num=500)
estimate = stochtrace.estimator_monte_carlo(stochtrace.monte_carlo_trace(), sampler)

@jax.jit
def trace_of(matvec, key):
    return estimate(matvec, key)

trace_of(lambda v: A @ v, jax.random.key(0))
""",
        kind='non-array-argument', argument='matvec', path='matvec', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="matfree's estimators take the matvec function as their first argument; the user jits a wrapper that receives the matvec as a normal argument. Fix: static_argnums=0 (functions are hashable; applied, traces on both) -- JAX's message suggests static_argnums. Both interpreters raise TypeError 'Error interpreting argument ... as an abstract array ... path matvec'.",
        use_line=None,
    ),
    Case(
        id='s-matfree-traced-num-samples',
        source='https://pnkraemer.github.io/matfree/',
        code="""\
import jax
import jax.numpy as jnp
from matfree import stochtrace

@jax.jit
def diag_estimate(A, key, num_samples):
    sampler = stochtrace.sampler_normal(jnp.zeros(A.shape[0]), num=num_samples)
    integrand = stochtrace.monte_carlo_diagonal()
    estimate = stochtrace.estimator_monte_carlo(integrand, sampler)
    return estimate(lambda v, M: M @ v, key, A)

diag_estimate(jnp.eye(5) * 2.0, jax.random.key(1), 1000)
""",
        kind='traced-shape', argument='num_samples', path='num_samples', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="stochtrace.sampler_normal(x_like, num=num_samples) is built inside jit with a traced sample count; the sampler only draws (and needs the shape) when the estimator is called, so the error surfaces at line 10 although the culprit is num= on line 7. Fix: static_argnames='num_samples' (applied, traces on both). Both interpreters raise TypeError 'Shapes must be 1D sequences of concrete values of integer type'.",
        use_line=None,
    ),
    Case(
        id='s-matfree-config-data-field-order',
        source='https://pnkraemer.github.io/matfree/',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
from matfree import decomp, funm, stochtrace

@dataclasses.dataclass
class SLQConfig:
    order: int
    num_samples: int

jax.tree_util.register_dataclass(SLQConfig, data_fields=["order", "num_samples"], meta_fields=[])

@jax.jit
def logdet(A, key, cfg):
    tridiag = decomp.tridiag_sym(cfg.order)
    integrand = funm.monte_carlo_funm_sym_logdet(tridiag)
    sampler = stochtrace.sampler_signs(jnp.zeros(A.shape[0]), num=20)
    return stochtrace.estimator_monte_carlo(integrand, sampler)(lambda v, M: M @ v, key, A)

logdet(jnp.eye(8) * 3.0, jax.random.key(0), SLQConfig(order=4, num_samples=20))
""",
        kind='traced-shape', argument='cfg', path='cfg.order', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An SLQ config dataclass is registered with jax.tree_util.register_dataclass but its Lanczos order is declared a data field, so decomp.tridiag_sym(cfg.order) gets a tracer; matfree's own bounds check (`if num_matvecs < 0 or num_matvecs > len(vec)`) runs when the estimator is called (line 18). Fix: make order/num_samples meta_fields (static; applied, traces on both). Both interpreters raise TracerBoolConversionError from inside matfree.",
        use_line=None,
    ),
    Case(
        id='s-matfree-matvec-if-damping',
        source='https://github.com/pnkraemer/matfree',
        code="""\
import jax
import jax.numpy as jnp
from matfree import stochtrace

A = jax.random.normal(jax.random.key(0), (6, 6))
A = A @ A.T

def damped_matvec(v, damping):
    if damping > 0:
        return A @ v + damping * v
    return A @ v

sampler = stochtrace.sampler_signs(jnp.zeros(6), num=100)
estimate = stochtrace.estimator_monte_carlo(stochtrace.monte_carlo_trace(), sampler)
trace_fn = jax.jit(lambda key, damping: estimate(damped_matvec, key, damping))
trace_fn(jax.random.key(1), 0.1)
""",
        kind='bool-conversion', argument='damping', path='damping', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="The user's matvec branches with Python `if damping > 0`; damping is passed through matfree's *parameters into the vmapped integrand under the user's jit. Fix: A @ v + jnp.where(damping > 0, damping, 0.) * v (applied, traces on both). Both interpreters raise TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='s-matfree-operator-self-last-vec',
        source='https://github.com/pnkraemer/matfree',
        code="""\
import jax
import jax.numpy as jnp
from matfree import decomp

class GramOperator:
    def __init__(self, J):
        self.J = J
        self.last_vec = None

    def __call__(self, v, J):
        self.last_vec = v
        return J.T @ (J @ v)

op = GramOperator(jnp.ones((4, 6)))
tridiag = decomp.tridiag_sym(3)
result = jax.jit(lambda J, v0: tridiag(op, v0, J))(op.J, jnp.ones(6) / jnp.sqrt(6.0))
residual = op.last_vec - jnp.ones(6)
""",
        kind='leaked-tracer', argument='v0', path='v0', line=11,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="A callable operator object passed as matfree's matvec stores each Lanczos vector on self for inspection; after the jitted tridiagonalisation the attribute holds a tracer and is used (line 17). Fix: don't store on self -- the Krylov basis is already returned by tridiag_sym, so read it from the result (return-value); not a mechanical edit, verifiable=False. Both interpreters raise UnexpectedTracerError.",
        use_line=17,
    ),
    Case(
        id='s-matfree-grad-float-max-alpha',
        source='https://github.com/pnkraemer/matfree',
        code="""\
import jax
import jax.numpy as jnp
from matfree import stochtrace

K = jnp.array([[2.0, 0.5, 0.0], [0.5, 1.5, 0.2], [0.0, 0.2, 1.0]])

def regularised(v, alpha):
    alpha = max(float(alpha), 1e-6)
    return K @ v + alpha * v

sampler = stochtrace.sampler_sphere(jnp.zeros(3), num=64)
estimate = stochtrace.estimator_monte_carlo(stochtrace.monte_carlo_trace(), sampler)
objective = lambda alpha: estimate(regularised, jax.random.key(0), alpha)
jax.grad(objective)(0.5)
""",
        kind='concretization', argument='alpha', path='alpha', line=8,
        fixes=('jnp-not-builtin', 'astype'), verifiable=True, jax_fitting_fix=False,
        note="The user's matvec clamps its regulariser with max(float(alpha), 1e-6); matfree passes alpha through *parameters and the user differentiates the trace estimate with jax.grad (no jit). Fix: jnp.maximum(alpha, 1e-6) (applied, traces on both). JAX suggests astype, which would still leave builtin max on a tracer -> jax_fitting_fix=False. Both interpreters raise ConcretizationTypeError (the `float` function).",
        use_line=None,
    ),
    Case(
        id='s-rax-pad-to-traced-list-size',
        source='https://github.com/google/rax',
        code="""\
import jax
import jax.numpy as jnp
import rax

@jax.jit
def padded_loss(scores, labels, list_size):
    pad = list_size - scores.shape[0]
    scores = jnp.pad(scores, (0, pad))
    labels = jnp.pad(labels, (0, pad))
    mask = jnp.arange(list_size) < list_size - pad
    return rax.softmax_loss(scores, labels, where=mask)

padded_loss(jnp.array([0.3, 1.2, -0.5]), jnp.array([0.0, 1.0, 0.0]), 8)
""",
        kind='traced-shape', argument='list_size', path='list_size', line=8,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="Rax expects fixed-size lists with a where= mask; the user pads each list to a list_size passed as a normal jit argument, so jnp.pad gets a traced pad width. Fix: static_argnames='list_size' (applied, traces on both). Both interpreters raise ConcretizationTypeError ('pad_width argument of jnp.pad').",
        use_line=None,
    ),
    Case(
        id='s-rax-vmap-gain-fn-if',
        source='https://rax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
import rax

def graded_gain(labels):
    if labels.max() > 1:
        return 2.0 ** labels - 1.0
    return labels

def per_query_ndcg(scores, labels):
    return rax.ndcg_metric(scores, labels, gain_fn=graded_gain)

scores = jnp.array([[0.1, 0.9, 0.4], [1.0, 0.2, 0.3]])
labels = jnp.array([[0.0, 3.0, 1.0], [1.0, 0.0, 0.0]])
jax.jit(jax.vmap(per_query_ndcg))(scores, labels)
""",
        kind='bool-conversion', argument='labels', path='labels', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom gain_fn passed to rax.ndcg_metric picks exponential vs linear gain with a Python `if labels.max() > 1`; the metric is jit(vmap)-ed over queries. Fix: jnp.where(labels.max() > 1, 2.0**labels - 1, labels) (applied, traces on both). Both interpreters raise TracerBoolConversionError.',
        use_line=None,
    ),
    Case(
        id='s-rax-boolean-mask-padded-items',
        source='https://github.com/google/rax',
        code="""\
import jax
import jax.numpy as jnp
import rax

@jax.jit
def listwise_loss(scores, labels, valid):
    return rax.softmax_loss(scores[valid], labels[valid])

scores = jnp.array([0.5, 2.0, -1.0, 0.0, 0.0])
labels = jnp.array([0.0, 1.0, 0.0, 0.0, 0.0])
valid = jnp.array([True, True, True, False, False])
listwise_loss(scores, labels, valid)
""",
        kind='boolean-index', argument='valid', path='valid', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The user drops padded items with scores[valid] before rax.softmax_loss under jit. Fix: keep the shape and mask instead -- rax.softmax_loss(scores, labels, where=valid), the array-level mask fix (applied, traces on both). Both interpreters raise NonConcreteBooleanIndexError.',
        use_line=None,
    ),
    Case(
        id='s-rax-discount-fn-leak-dict',
        source='https://rax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
import rax

debug = {}

def logged_discount(rank):
    debug["rank"] = rank
    return 1.0 / jnp.log2(rank + 1)

def query_ndcg(scores, labels):
    return rax.ndcg_metric(scores, labels, discount_fn=logged_discount)

scores = jnp.array([[0.2, 1.5, 0.7], [0.9, 0.1, 0.4]])
labels = jnp.array([[0.0, 2.0, 1.0], [1.0, 0.0, 0.0]])
ndcg = jax.jit(jax.vmap(query_ndcg))(scores, labels)
print(jnp.max(debug["rank"]))
""",
        kind='leaked-tracer', argument='scores', path='scores', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="A custom discount_fn stores the ranks rax computes into a module-level dict for debugging; rax.ndcg_metric runs under the user's jit(vmap), and the dict is read afterwards (line 17). The ranks are computed from scores. Fix: return the ranks (e.g. compute rax.utils.ranks(scores) in the jitted function and return it) or jax.debug.print inside; verifiable=False. Both interpreters raise UnexpectedTracerError (BatchTracer).",
        use_line=17,
    ),
    Case(
        id='s-rax-static-weights-array',
        source='https://github.com/google/rax',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import rax

@partial(jax.jit, static_argnames=("weights",))
def weighted_loss(scores, labels, weights):
    return rax.pairwise_logistic_loss(scores, labels, weights=weights)

scores = jnp.array([1.0, 0.2, 0.5])
labels = jnp.array([1.0, 0.0, 0.0])
weighted_loss(scores, labels, weights=jnp.array([2.0, 1.0, 1.0]))
""",
        kind='unhashable-static', argument='weights', path='weights', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="Per-item weights for rax.pairwise_logistic_loss are marked static and passed as a jax Array, which is unhashable. Fix: stop marking weights static (applied, traces on both). Both interpreters raise ValueError 'Non-hashable static arguments are not supported' (ArrayImpl).",
        use_line=None,
    ),
    Case(
        id='s-rax-namedtuple-config-loss-id',
        source='https://github.com/google/rax',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
import rax

LOSSES = [rax.softmax_loss, rax.pairwise_hinge_loss, rax.listmle_loss]

class LossConfig(NamedTuple):
    loss_id: int
    scale: float

@jax.jit
def compute_loss(scores, labels, cfg):
    loss_fn = LOSSES[cfg.loss_id]
    return cfg.scale * loss_fn(scores, labels)

compute_loss(jnp.array([0.1, 0.8]), jnp.array([0.0, 1.0]), LossConfig(loss_id=1, scale=0.5))
""",
        kind='integer-conversion', argument='cfg', path='cfg.loss_id', line=14,
        fixes=('static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note="A NamedTuple loss config (a pytree, so its fields are traced) selects the rax loss function from a Python list by cfg.loss_id. Fix: static_argnames='cfg' (the NamedTuple of int/float is hashable; applied, traces on both); lax.switch over the three losses also works. Both interpreters raise TracerIntegerConversionError.",
        use_line=None,
    ),
    Case(
        id='s-autoray-like-numpy-norm',
        source='https://github.com/jcmgray/autoray',
        code="""\
import jax
import jax.numpy as jnp
import autoray as ar

def normalize(x):
    nrm = ar.do("linalg.norm", x, like="numpy")
    return x / nrm

@jax.jit
def step(psi, h):
    return normalize(h @ psi)

step(jnp.ones(4), jnp.eye(4) * 2.0)
""",
        kind='array-conversion', argument='psi', path='psi', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Backend-agnostic helper forces the numpy backend with ar.do('linalg.norm', x, like='numpy') while the caller is jitted with jax arrays. Fix: dispatch on the array (like=x / no like=), i.e. use the jax implementation (applied, traces on both). Both interpreters raise TracerArrayConversionError.",
        use_line=None,
    ),
    Case(
        id='s-autoray-autojit-if-max',
        source='https://github.com/jcmgray/autoray',
        code="""\
import jax.numpy as jnp
import autoray as ar

@ar.autojit
def truncate(x, tol):
    if ar.do("max", ar.do("abs", x)) > tol:
        return x / ar.do("max", ar.do("abs", x))
    return x

truncate(jnp.array([0.5, -3.0, 1.0]), jnp.array(1.0))
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="autoray.autojit compiles the user's backend-agnostic function with jax.jit (chosen from the jax input arrays); the function has a Python `if` on max|x| > tol. Fix: m = max|x|; return ar.do('where', m > tol, x / m, x) (applied, traces on both). Both interpreters raise TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='s-autoray-nonzero-no-size',
        source='https://github.com/jax-ml/jax/pull/6501',
        code="""\
import jax
import jax.numpy as jnp
import autoray as ar

def nonzero_entries(x):
    (idx,) = ar.do("nonzero", x)
    return ar.do("take", x, idx)

@jax.jit
def sparse_norm(x):
    return ar.do("sum", nonzero_entries(x) ** 2)

sparse_norm(jnp.array([0.0, 1.5, 0.0, -2.0]))
""",
        kind='traced-shape', argument='x', path='x', line=6,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=True,
        note="ar.do('nonzero', x) dispatches to jnp.nonzero without size= inside the user's jit. Fix: ar.do('nonzero', x, size=x.shape[0]) (kwargs pass through autoray; applied, traces on both -- the fill index needs care for correctness, jnp.where(x != 0, x, 0) is the alternative). JAX's message says the size argument must be static. Both interpreters raise ConcretizationTypeError.",
        use_line=None,
    ),
    Case(
        id='s-autoray-eye-traced-dim',
        source='https://github.com/jcmgray/autoray',
        code="""\
import jax
import jax.numpy as jnp
import autoray as ar

def mps_identity(d, like):
    return ar.do("eye", d, like=like)

@jax.jit
def overlap(psi, d):
    ident = mps_identity(d, like=psi)
    return ar.do("einsum", "i,ij,j->", psi, ident, psi)

overlap(jnp.ones(3), 3)
""",
        kind='traced-shape', argument='d', path='d', line=6,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="ar.do('eye', d, like=psi) with the physical dimension d passed as a jit argument. Fix: static_argnames='d' (applied, traces on both) or use psi.shape[0]. Both interpreters raise TypeError 'Shapes must be 1D sequences of concrete values of integer type ... jnp.eye()'.",
        use_line=None,
    ),
    Case(
        id='s-autoray-module-cache-leak',
        source='https://github.com/jcmgray/autoray',
        code="""\
import jax
import jax.numpy as jnp
import autoray as ar

_basis_cache = {}

def dft_basis(x):
    n = ar.shape(x)[0]
    if n not in _basis_cache:
        k = ar.do("arange", n, like=x)
        _basis_cache[n] = ar.do("cos", 2 * jnp.pi * ar.do("outer", k, k) / n)
    return _basis_cache[n]

y1 = jax.jit(lambda x: dft_basis(x) @ x)(jnp.ones(4))
x2 = jnp.arange(4.0)
y2 = dft_basis(x2) @ x2
""",
        kind='leaked-tracer', argument=None, path=None, line=11,
        fixes=('numpy-for-static', 'return-value'), verifiable=True, jax_fitting_fix=True,
        note="A module-level cache keyed by size stores a DFT basis built with ar.do(..., like=x) inside the first jitted call; a later eager call gets the cached tracer (use at line 16). The basis depends on no argument's value (only its shape). Fix: build the constant with like='numpy' (applied, both interpreters run) or cache only values returned out of jit (JAX's message: return outputs explicitly). Both interpreters raise UnexpectedTracerError.",
        use_line=16,
    ),
    Case(
        id='s-autoray-backend-string-arg',
        source='https://github.com/jcmgray/autoray',
        code="""\
import jax
import jax.numpy as jnp
import autoray as ar

def contract(a, b, backend):
    a = ar.do("asarray", a, like=backend)
    return ar.do("tensordot", a, b, axes=1, like=backend)

fast_contract = jax.jit(contract)
fast_contract(jnp.ones((2, 3)), jnp.ones((3,)), "jax")
""",
        kind='non-array-argument', argument='backend', path='backend', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A backend-agnostic contraction takes the autoray backend name as a parameter and is wrapped with jax.jit, so the string 'jax' is passed as a traced argument. Fix: static_argnames='backend' (applied, traces on both) -- JAX's message suggests it. Both interpreters raise TypeError 'Error interpreting argument ... path backend'.",
        use_line=None,
    ),
    Case(
        id='s-autoray-grad-math-log',
        source='https://github.com/jcmgray/autoray',
        code="""\
import math
import jax
import jax.numpy as jnp
import autoray as ar

def log_norm(x):
    nrm = ar.do("linalg.norm", x)
    return math.log(nrm)

def entropy_like(params):
    return log_norm(params) * ar.do("sum", params)

jax.grad(entropy_like)(jnp.array([0.3, 0.4]))
""",
        kind='concretization', argument='params', path='params', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Backend-agnostic code mixes math.log with ar.do; under jax.grad the norm is a JVP tracer and math.log calls float() on it. Fix: ar.do('log', nrm) (the array library's log instead of math; applied, traces on both). JAX suggests astype, which does not help math.log. Both interpreters raise ConcretizationTypeError (the `float` function).",
        use_line=None,
    ),
]
