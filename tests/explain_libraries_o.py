"""Held-out library cases (set O): scico, fiddle, spyx, qutip-jax.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / source file / doc page of the library (where no library thread showed the
exact pattern, the cited page is the library's own source or docs for the API involved),
written against the installed library versions: scico 0.0.7, fiddle 0.3.1, spyx 1.0.0 (Flax NNX
based; pulls flax/optax/grain/nir/jax-tqdm), qutip 5.3.1 + qutip-jax 0.1.1. scico 0.0.7 pins
jax/jaxlib<=0.8.1 and flax<=0.12.0, so it was installed with --no-deps in both environments
(jax, jaxlib, flax, numpy untouched); everything used here imports and runs with both JAX
versions. Every cell was run as a file under both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
all statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note); the first user frame in the traceback is the last statement, `line` is
among the user frames of the traceback (for leaks: the line where the tracer is stored, and
`use_line` is the last statement, where JAX raises). Every fix described as "checked" in a note
was applied by hand and re-run on both interpreters (it traces and runs).

Doubts about labels:
- lib-o-scico-pgm-dataclass-functional-unhashable: the jitted function is scico's internal
  PGM._x_step(f, g, v, L) with f, g static; argument 'g' is that static parameter (also the
  PGM(g=...) keyword). argument=None is defensible since no user function is traced.
- lib-o-scico-pgm-custom-prox-if: the compared value depends on v and lam (=1/L); v chosen as the
  first parameter of the user's prox. lax.cond listed second (both branches are cheap).
- lib-o-scico-setdistance-prox-vmap / lib-o-qutip-jax-tr-isherm: the Python branch is inside
  the library (scico's SetDistance.prox; qutip's Qobj.tr() on isherm). Kind bool-conversion by
  root cause, but there is no mechanical fix on the user's line (verifiable=False). For the
  qutip case the fix vocabulary has nothing exact; jnp-not-np (compute the trace with jnp on
  the JAX array) is the nearest; for scico, jnp.where means re-implementing the prox.
- lib-o-scico-finite-difference-traced-axes / lib-o-qutip-jax-destroy-traced-dim: the library
  raises its own ValueError, not a JAX error; labelled traced-shape (an axis / a Hilbert-space
  dimension). concretization is defensible.
- lib-o-spyx-custom-surrogate-fwd-if: Python's `if` on a NON-scalar tracer raises a plain
  ValueError ("truth value of an array with more than one element is ambiguous"), not
  TracerBoolConversionError; labelled bool-conversion by root cause.
- lib-o-spyx-run-global-voltage-list: the leaked V depends on both x and V of the user's layer
  __call__; x chosen as first parameter (V is just as defensible).
- lib-o-spyx-grad-boolean-mask-traces / lib-o-spyx-item-logging-in-loss: the offending value
  depends on the model parameters and the data; argument 'model' (first parameter of the
  nnx.jit function) with path 'model' (no single leaf). x is defensible.
- lib-o-spyx-population-code-traced-classes: `line` is 9 (the decoder call where the reshape
  fails, inside spyx's jitted decoder); the traced num_classes is computed on line 7.
  numpy-for-static listed second (compute num_classes from static data).
- lib-o-fiddle-dict-arch-vmap-shape: the best fix is static, but the built dict is unhashable,
  so static_argnums alone fails (verifiable=False, jax_fitting_fix=False although JAX's message
  suggests static_argnums); hashable-static (a tuple/NamedTuple) or closing over arch works.
- lib-o-fiddle-config-static-unhashable: fix labelled hashable-static (pass the built, hashable
  functools.partial instead of the mutable fdl.Partial). not-static does not apply (not an
  array); removing static makes it a non-array-argument instead.
- lib-o-fiddle-built-spec-list-field-static: path given as 'spec' (a static argument is not
  flattened), although the unhashable part is spec.features.
- lib-o-fiddle-jit-mutates-global-config: use_line is the statement (17) that calls the built
  partial; JAX raises in the user's sgd_update body (line 6) reached from it.
- lib-o-fiddle-partial-huber-float-grad: jnp-not-builtin is the only fix listed; JAX's own
  suggestion (astype) would move the failure to Python's min().
- Leak fixes: return-value is the only vocabulary fix; for the scico and qutip leaks it is not
  mechanical (the store sits inside a callback the library calls, or the leaked object is a
  Qobj), so verifiable=False there.
- jax_fitting_fix: True only where JAX's message names a fix that works here (static_argnums/
  static_argnames for the two non-array-argument cases and the PopulationCode shape case).

Dropped / replaced: snnax (import fails on both interpreters: circular import of snnax.snn.init),
replaced by spyx; jax-fdm and xlb not tried (four libraries were enough). In qutip-jax,
qutip.displace/coherent with a traced amplitude (TypeError: tracer * Qobj unsupported) and
qutip.ptrace / Qobj.full() on traced data (TracerArrayConversionError inside qutip, no user-side
fix in the vocabulary) were tried and not used.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-o-scico-pgm-custom-prox-if',
        source='https://github.com/lanl/scico/blob/main/scico/optimize/_pgm.py',
        code="""\
import jax.numpy as jnp
import scico.numpy as snp
from scico import functional, loss, linop
from scico.optimize import PGM

class GroupShrink(functional.Functional):
    has_eval = True
    has_prox = True
    def __call__(self, x):
        return snp.linalg.norm(x)
    def prox(self, v, lam=1.0, **kwargs):
        nrm = snp.linalg.norm(v)
        if nrm <= lam:
            return snp.zeros_like(v)
        return (1.0 - lam / nrm) * v

y = jnp.linspace(-1.0, 1.0, 16)
f = loss.SquaredL2Loss(y=y, A=linop.Identity(y.shape))
solver = PGM(f=f, g=GroupShrink(), L0=2.0, x0=jnp.zeros_like(y), maxiter=5)
solver.solve()
""",
        kind='bool-conversion', argument='v', path='v', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "User-defined scico Functional whose prox branches with a Python `if` on norm(v) <= lam (group soft-threshold). No user jit: PGM.x_step calls the static-method _x_step under jax.jit(static_argnums=(0, 1)), so v and lam=1/L are tracers inside the user's prox. The comparison depends on v and lam; v (first parameter) chosen. Fix: jnp.where(nrm <= lam, 0.0, 1.0 - lam / nrm) * v (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError."
        ),
    ),
    Case(
        id='lib-o-scico-pgm-dataclass-functional-unhashable',
        source='https://github.com/lanl/scico/pull/467',
        code="""\
import dataclasses
import jax.numpy as jnp
import scico.numpy as snp
from scico import functional, loss, linop
from scico.optimize import PGM

@dataclasses.dataclass
class ScaledL1(functional.Functional):
    alpha: float = 0.1
    has_eval = True
    has_prox = True
    def __call__(self, x):
        return self.alpha * snp.sum(snp.abs(x))
    def prox(self, v, lam=1.0, **kwargs):
        return snp.sign(v) * snp.maximum(snp.abs(v) - lam * self.alpha, 0.0)

y = jnp.linspace(-1.0, 1.0, 16)
f = loss.SquaredL2Loss(y=y, A=linop.Identity(y.shape))
solver = PGM(f=f, g=ScaledL1(alpha=0.2), L0=2.0, x0=jnp.zeros_like(y), maxiter=5)
solver.solve()
""",
        kind='unhashable-static', argument='g', path='g', line=20,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "User wrote a scico Functional as a plain @dataclasses.dataclass (eq=True sets __hash__ = None). PGM passes f and g to its jitted _x_step as static arguments (static_argnums=(0, 1)), so solve() fails hashing the functional. Fix: @dataclasses.dataclass(frozen=True) (or eq=False), checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'ScaledL1' (from jit's static-argument hashing)."
        ),
    ),
    Case(
        id='lib-o-scico-linop-numpy-eval-fn',
        source='https://github.com/lanl/scico/blob/main/scico/linop/_linop.py',
        code="""\
import numpy as np
import jax.numpy as jnp
from scico import linop

def blur(x):
    k = np.array([0.25, 0.5, 0.25])
    return np.convolve(x, k, mode="same")

A = linop.LinearOperator(input_shape=(32,), eval_fn=blur, jit=True)
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            "scico.linop.LinearOperator(eval_fn=..., jit=True) traces the user's forward function (output shape inference with jax.eval_shape, automatic adjoint via linear_transpose, jit) at construction; the user's eval_fn uses np.convolve on the traced input. Fix: jnp.convolve (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError."
        ),
    ),
    Case(
        id='lib-o-scico-prox-loop-traced-n-iter',
        source='https://github.com/lanl/scico/blob/main/docs/source/functional.rst',
        code="""\
import jax
import jax.numpy as jnp
from scico import functional

l1 = functional.L1Norm()

@jax.jit
def iterate_shrink(x, lam, n_iter):
    for _ in range(n_iter):
        x = l1.prox(x, lam)
    return x

iterate_shrink(jnp.linspace(-1.0, 1.0, 8), 0.1, 3)
""",
        kind='integer-conversion', argument='n_iter', path='n_iter', line=9,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Repeated application of scico's L1Norm.prox inside a user-jitted function with a Python for over range(n_iter), where n_iter is a traced jit argument. Fix: jax.lax.fori_loop(0, n_iter, lambda i, x: l1.prox(x, lam), x) (checked); static_argnames='n_iter' also checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError."
        ),
    ),
    Case(
        id='lib-o-scico-finite-difference-traced-axes',
        source='https://github.com/lanl/scico/blob/main/scico/linop/_diff.py',
        code="""\
import jax
import jax.numpy as jnp
from scico import linop, functional

@jax.jit
def tv_value(img, axis):
    D = linop.FiniteDifference(input_shape=img.shape, axes=axis)
    return functional.L1Norm()(D @ img)

tv_value(jnp.ones((8, 8)), 1)
""",
        kind='traced-shape', argument='axis', path='axis', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "scico.linop.FiniteDifference built inside a user-jitted function with axes= a traced jit argument; the axis choice is a compile-time constant. scico raises its own exception. Fix: static_argnames='axis' (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError: Could not understand argument 'axes' JitTracer(~int32[]) as a list of axes."
        ),
    ),
    Case(
        id='lib-o-scico-prox-stores-input-on-self',
        source='https://github.com/lanl/scico/blob/main/scico/optimize/_pgm.py',
        code="""\
import jax.numpy as jnp
import scico.numpy as snp
from scico import functional, loss, linop
from scico.optimize import PGM

class LoggedL1(functional.Functional):
    has_eval = True
    has_prox = True
    def __call__(self, x):
        return snp.sum(snp.abs(x))
    def prox(self, v, lam=1.0, **kwargs):
        self.last_input = v
        return snp.sign(v) * snp.maximum(snp.abs(v) - lam, 0.0)

y = jnp.linspace(-1.0, 1.0, 16)
g = LoggedL1()
f = loss.SquaredL2Loss(y=y, A=linop.Identity(y.shape))
solver = PGM(f=f, g=g, L0=2.0, x0=jnp.zeros_like(y), maxiter=3)
x = solver.solve()
residual = jnp.linalg.norm(g.last_input - x)
""",
        kind='leaked-tracer', argument='v', path='v', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=20,
        note=(
            "A user Functional records its last prox input on self for debugging; PGM calls prox inside its jitted _x_step, so self.last_input is a tracer that escapes; the later use after solve() raises. The value cannot be returned through PGM's API, so the fix is not mechanical (with the attribute store removed, solve() traces and runs - checked - but the user then has no record of the input). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError."
        ),
    ),
    Case(
        id='lib-o-scico-setdistance-prox-vmap',
        source='https://github.com/lanl/scico/pull/467',
        code="""\
import jax
import jax.numpy as jnp
from scico import functional

def project_ball(x):
    return x / jnp.maximum(1.0, jnp.linalg.norm(x))

dist = functional.SetDistance(project_ball)

@jax.jit
def prox_batch(vs, lam):
    return jax.vmap(lambda v: dist.prox(v, lam))(vs)

prox_batch(jnp.ones((4, 3)) * 2.0, 0.5)
""",
        kind='bool-conversion', argument='vs', path='vs', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=False, jax_fitting_fix=False,
        note=(
            "scico.functional.SetDistance.prox has a Python conditional expression `lam / d if d >= lam else 1.0` (scico 0.0.7); calling it under the user's jit+vmap makes d a tracer. The branch is in the library, so the user's fix is to re-implement the prox with jnp.where (not mechanical on the user's line). d depends on vs and lam; vs (first parameter of the jitted function, vmapped) chosen. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError."
        ),
    ),
    Case(
        id='lib-o-spyx-custom-surrogate-fwd-if',
        source='https://github.com/kmheckel/spyx/issues/29',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx

def step_fwd(x):
    if x > 0:
        return 1.0
    return 0.0

act = spyx.axn.custom(bwd=lambda x: 1.0 / (1.0 + jnp.abs(x)) ** 2, fwd=step_fwd)
rngs = nnx.Rngs(0)
model = spyx.nn.Sequential(nnx.Linear(4, 8, rngs=rngs), spyx.nn.LIF((8,), beta=0.9, activation=act, rngs=rngs))
x = jnp.ones((10, 2, 4))
spyx.nn.run(model, x)
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note=(
            "User-supplied forward spike function for spyx.axn.custom uses a Python `if x > 0`; spyx wraps the activation with jax.custom_gradient and jax.jit and calls it inside spyx.nn.run's lax.scan, so x is a traced (2, 8) membrane potential. Fix: jnp.where(x > 0, 1.0, 0.0) (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError 'The truth value of an array with more than one element is ambiguous' (not TracerBoolConversionError, because the tracer is non-scalar)."
        ),
    ),
    Case(
        id='lib-o-spyx-run-global-voltage-list',
        source='https://github.com/kmheckel/spyx/blob/main/spyx/nn.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx

voltages = []

class RecordingLIF(spyx.nn.LIF):
    def __call__(self, x, V):
        spikes, V = super().__call__(x, V)
        voltages.append(V)
        return spikes, V

rngs = nnx.Rngs(0)
model = spyx.nn.Sequential(nnx.Linear(4, 8, rngs=rngs), RecordingLIF((8,), beta=0.9, rngs=rngs))
out, state = spyx.nn.run(model, jnp.ones((10, 2, 4)))
mean_v = jnp.stack(voltages).mean()
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=17,
        note=(
            "A user subclass of spyx.nn.LIF appends its membrane potential to a module-level list to record traces; spyx.nn.run runs the model inside jax.lax.scan, so the list holds scan tracers and jnp.stack on them after the run raises. Fix: return the voltages as an output (e.g. a layer whose output/state carries V, as spyx's ActivityRegularization does for spike counts). V depends on the layer's x and V parameters; x (first) chosen. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError."
        ),
    ),
    Case(
        id='lib-o-spyx-population-code-traced-classes',
        source='https://github.com/kmheckel/spyx/blob/main/spyx/nn.py',
        code="""\
import jax
import jax.numpy as jnp
import spyx

@jax.jit
def class_scores(spike_counts, neurons_per_class):
    num_classes = spike_counts.shape[-1] // neurons_per_class
    decode = spyx.nn.PopulationCode(num_classes)
    return decode(spike_counts)

class_scores(jnp.ones((2, 30)), 10)
""",
        kind='traced-shape', argument='neurons_per_class', path='neurons_per_class', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=True,
        note=(
            "num_classes is computed from a traced jit argument and passed to spyx.nn.PopulationCode, whose jitted decoder reshapes to (-1, num_classes). The error surfaces when the decoder is called (line 9); the traced value is made on line 7. Fix: static_argnames='neurons_per_class' (checked), which JAX's message suggests (static_argnums). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: Shapes must be 1D sequences of concrete values of integer type."
        ),
    ),
    Case(
        id='lib-o-spyx-grad-boolean-mask-traces',
        source='https://github.com/kmheckel/spyx/blob/main/spyx/fn.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx

rngs = nnx.Rngs(0)
model = spyx.nn.Sequential(nnx.Linear(4, 8, rngs=rngs), spyx.nn.LIF((8,), beta=0.9, rngs=rngs))

def active_voltage_loss(model, x):
    traces, _ = spyx.nn.run(model, x)
    active = traces[traces > 0.5]
    return jnp.mean(active ** 2)

@nnx.jit
def grad_step(model, x):
    return nnx.grad(active_voltage_loss)(model, x)

grad_step(model, jnp.ones((10, 2, 4)))
""",
        kind='boolean-index', argument='model', path='model', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Loss on spyx.nn.run outputs keeps only the voltages above a threshold with traces[traces > 0.5], differentiated with nnx.grad inside nnx.jit. Fix: mask = traces > 0.5; jnp.sum(jnp.where(mask, traces ** 2, 0.0)) / jnp.sum(mask) (same mean; checked). The mask depends on model (parameters) and x; model chosen as first parameter of the jitted grad_step. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-o-spyx-custom-surrogate-numpy-bwd',
        source='https://github.com/kmheckel/spyx/blob/main/spyx/axn.py',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import spyx

def fast_sigmoid_grad(x):
    return 1.0 / (1.0 + 10.0 * np.abs(x)) ** 2

act = spyx.axn.custom(bwd=fast_sigmoid_grad)

def loss(v, threshold):
    return jnp.sum(act(v - threshold))

jax.grad(loss)(jnp.linspace(0.0, 2.0, 5), 1.0)
""",
        kind='array-conversion', argument='v', path='v', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            "User surrogate-gradient function for spyx.axn.custom uses np.abs; spyx builds the activation with jax.custom_gradient under jax.jit, and jax.grad of the user's loss evaluates the surrogate on a tracer. Fix: jnp.abs (checked). x = v - threshold; v (first parameter of the differentiated loss) chosen. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError."
        ),
    ),
    Case(
        id='lib-o-spyx-activation-as-jit-argument',
        source='https://github.com/Intelligent-Microsystems-Lab/slax/issues/2',
        code="""\
import jax
import jax.numpy as jnp
import spyx

@jax.jit
def spike_layer(v, threshold, activation):
    return activation(v - threshold)

spike_layer(jnp.linspace(0.0, 2.0, 5), 1.0, spyx.axn.arctan())
""",
        kind='non-array-argument', argument='activation', path='activation', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "A spyx surrogate activation (a jitted function returned by spyx.axn.arctan()) is passed as an ordinary argument to a user-jitted layer function. Fix: static_argnames='activation' (the PjitFunction is hashable; checked), as JAX's message suggests. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError 'Error interpreting argument ... as an abstract array' (PjitFunction)."
        ),
    ),
    Case(
        id='lib-o-spyx-item-logging-in-loss',
        source='https://github.com/kmheckel/spyx/blob/main/spyx/fn.py',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
import spyx

rngs = nnx.Rngs(0)
model = spyx.nn.Sequential(nnx.Linear(4, 3, rngs=rngs), spyx.nn.LI((3,), rngs=rngs))
loss_fn = spyx.fn.integral_crossentropy(time_axis=0)

@nnx.jit
def train_step(model, x, y):
    def loss(model):
        traces, _ = spyx.nn.run(model, x)
        value = loss_fn(traces, y)
        print("loss", value.item())
        return value
    return nnx.value_and_grad(loss)(model)

train_step(model, jnp.ones((10, 2, 4)), jnp.array([0, 2]))
""",
        kind='concretization', argument='model', path='model', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Logging the spyx integral_crossentropy loss with value.item() inside a loss differentiated by nnx.value_and_grad inside nnx.jit. Fix: jax.debug.print('loss {}', value) (checked). The loss depends on model, x and y; model (first parameter of the jitted train_step) chosen. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (item() method)."
        ),
    ),
    Case(
        id='lib-o-fiddle-built-partial-as-jit-arg',
        source='https://github.com/google/fiddle/blob/main/docs/api_reference/core.rst',
        code="""\
import jax
import jax.numpy as jnp
import fiddle as fdl

def hinge_loss(pred, target, margin=1.0):
    return jnp.mean(jnp.maximum(0.0, margin - pred * target))

loss_cfg = fdl.Partial(hinge_loss, margin=0.5)
loss_fn = fdl.build(loss_cfg)

@jax.jit
def evaluate(pred, target, loss_fn):
    return loss_fn(pred, target)

evaluate(jnp.ones(4), -jnp.ones(4), loss_fn)
""",
        kind='non-array-argument', argument='loss_fn', path='loss_fn', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "fdl.build(fdl.Partial(hinge_loss, margin=0.5)) yields a functools.partial, which the user passes as a normal argument to a jitted evaluation function. Fix: static_argnames='loss_fn' (functools.partial is hashable by identity; checked), as JAX's message suggests. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError 'Error interpreting argument ... as an abstract array' (functools.partial)."
        ),
    ),
    Case(
        id='lib-o-fiddle-config-static-unhashable',
        source='https://github.com/google/fiddle/blob/main/docs/api_reference/core.rst',
        code="""\
import functools
import jax
import jax.numpy as jnp
import fiddle as fdl

def mlp_apply(x, widths=(8, 8)):
    for w in widths:
        x = jnp.tanh(x.sum(-1, keepdims=True) * jnp.ones(w))
    return x

model_cfg = fdl.Partial(mlp_apply, widths=(4, 2))

@functools.partial(jax.jit, static_argnames="cfg")
def forward(x, cfg):
    return fdl.build(cfg)(x)

forward(jnp.ones((3, 1)), model_cfg)
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "A fiddle Buildable (fdl.Partial) is marked static and built inside the jitted function; fiddle Buildables are mutable and unhashable. Fix: pass a hashable object instead, e.g. fdl.build(model_cfg) (a functools.partial) outside jit (checked; fdl.build of a non-Buildable inside only logs a warning). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'Partial'."
        ),
    ),
    Case(
        id='lib-o-fiddle-namedtuple-hparams-loop',
        source='https://github.com/google/fiddle/blob/main/docs/flags_code_lab.md',
        code="""\
import typing
import jax
import jax.numpy as jnp
import fiddle as fdl

class TrainHParams(typing.NamedTuple):
    num_inner_steps: int
    learning_rate: float

hp = fdl.build(fdl.Config(TrainHParams, num_inner_steps=3, learning_rate=0.1))

@jax.jit
def inner_loop(w, x, hp):
    for _ in range(hp.num_inner_steps):
        w = w - hp.learning_rate * jax.grad(lambda w: jnp.sum((x @ w) ** 2))(w)
    return w

inner_loop(jnp.ones(3), jnp.ones((4, 3)), hp)
""",
        kind='integer-conversion', argument='hp', path='hp.num_inner_steps', line=14,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Hyper-parameters built by fiddle into a NamedTuple (a pytree) are passed as a normal jit argument, so hp.num_inner_steps is traced and range() fails. Fix: jax.lax.fori_loop(0, hp.num_inner_steps, body, w) (checked); static_argnames='hp' also works (NamedTuple of Python scalars is hashable). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError."
        ),
    ),
    Case(
        id='lib-o-fiddle-dict-arch-vmap-shape',
        source='https://github.com/google/fiddle/blob/main/docs/api_reference/core.rst',
        code="""\
import jax
import jax.numpy as jnp
import fiddle as fdl

arch_cfg = fdl.Config(dict, width=16, depth=2)
arch = fdl.build(arch_cfg)

def init_layer(key, arch):
    return jax.random.normal(key, (arch["width"], arch["width"])) / arch["width"]

keys = jax.random.split(jax.random.key(0), 4)
init_all = jax.jit(jax.vmap(init_layer, in_axes=(0, None)))
init_all(keys, arch)
""",
        kind='traced-shape', argument='arch', path="arch['width']", line=9,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note=(
            "fdl.Config(dict, width=16, ...) builds a dict of architecture sizes that is passed (in_axes=None) through jax.jit(jax.vmap(init_layer)); under jit the width is traced and used as a jax.random.normal shape. Fix: make arch static, but a dict is unhashable, so it must be closed over / made hashable first (not a one-token change; JAX's static_argnums hint does not work as-is). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: Shapes must be 1D sequences of concrete values of integer type."
        ),
    ),
    Case(
        id='lib-o-fiddle-jit-mutates-global-config',
        source='https://github.com/google/fiddle/blob/main/docs/api_reference/core.rst',
        code="""\
import jax
import jax.numpy as jnp
import fiddle as fdl

def sgd_update(w, g, lr=0.1):
    return w - lr * g

opt_cfg = fdl.Partial(sgd_update, lr=0.1)

@jax.jit
def adapt_lr(grad_norms):
    opt_cfg.lr = 0.1 / (1.0 + jnp.mean(grad_norms))
    return jnp.mean(grad_norms)

adapt_lr(jnp.array([0.5, 1.5]))
update = fdl.build(opt_cfg)
update(jnp.ones(3), jnp.ones(3))
""",
        kind='leaked-tracer', argument='grad_norms', path='grad_norms', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=17,
        note=(
            'A jitted function mutates a module-level fiddle Partial (opt_cfg.lr = traced value); the later fdl.build(opt_cfg) bakes the tracer into the built partial and calling it raises (inside sgd_update, line 6, reached from line 17). Fix: return the new lr and assign opt_cfg.lr outside jit (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-o-fiddle-built-schedule-lax-map',
        source='https://github.com/google/fiddle/blob/main/docs/api_reference/core.rst',
        code="""\
import jax
import jax.numpy as jnp
import fiddle as fdl

def warmup_schedule(step, peak=1e-3, warmup_steps=100):
    if step < warmup_steps:
        return peak * step / warmup_steps
    return peak

sched_cfg = fdl.Partial(warmup_schedule, peak=3e-4, warmup_steps=10)
schedule = fdl.build(sched_cfg)

def lr_at(steps):
    return jax.lax.map(schedule, steps)

lr_at(jnp.arange(20))
""",
        kind='bool-conversion', argument='step', path='step', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "A warmup learning-rate schedule built with fdl.Partial uses a Python `if step < warmup_steps`; the user maps it over steps with jax.lax.map, which traces the user's function. Fix: jnp.where(step < warmup_steps, peak * step / warmup_steps, peak) (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError."
        ),
    ),
    Case(
        id='lib-o-fiddle-built-spec-list-field-static',
        source='https://github.com/nissymori/JAX-CORL/pull/59',
        code="""\
import dataclasses
import functools
import jax
import jax.numpy as jnp
import fiddle as fdl

@dataclasses.dataclass(frozen=True)
class ConvSpec:
    features: list
    kernel: int = 3

spec = fdl.build(fdl.Config(ConvSpec, features=[8, 16]))

@functools.partial(jax.jit, static_argnames="spec")
def num_params(x, spec):
    return x.sum() * sum(f * spec.kernel for f in spec.features)

num_params(jnp.ones(2), spec)
""",
        kind='unhashable-static', argument='spec', path='spec', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "A frozen dataclass built by fiddle has a list field (features=[8, 16]); passing it as a static argument fails because hashing the frozen dataclass hashes the list. Fix: tuple field / features=(8, 16) (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'list'."
        ),
    ),
    Case(
        id='lib-o-fiddle-partial-huber-float-grad',
        source='https://github.com/google/fiddle/blob/main/docs/api_reference/core.rst',
        code="""\
import jax
import jax.numpy as jnp
import fiddle as fdl

def huber(residual, delta=1.0):
    delta = min(delta, float(jnp.max(jnp.abs(residual))))
    a = jnp.abs(residual)
    return jnp.sum(jnp.where(a < delta, 0.5 * a ** 2, delta * (a - 0.5 * delta)))

loss = fdl.build(fdl.Partial(huber, delta=2.0))

def objective(w, x, y):
    return loss(x @ w - y)

jax.grad(objective)(jnp.ones(3), jnp.ones((5, 3)), jnp.zeros(5))
""",
        kind='concretization', argument='w', path='w', line=6,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note=(
            "A Huber loss built with fdl.Partial clips delta with min(delta, float(jnp.max(...))); under jax.grad of the user's objective the residual is traced and float() fails. Fix: delta = jnp.minimum(delta, jnp.max(jnp.abs(residual))) (checked). JAX suggests astype, which would then fail in Python min(), so jax_fitting_fix=False. The residual depends on w, x, y; w (the differentiated parameter) chosen. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (float function)."
        ),
    ),
    Case(
        id='lib-o-qutip-jax-destroy-traced-dim',
        source='https://github.com/qutip/qutip-jax/issues/6',
        code="""\
import jax
import jax.numpy as jnp
import qutip
import qutip_jax

@jax.jit
def number_op_diag(n_levels, omega):
    a = qutip.destroy(n_levels, dtype="jax")
    H = omega * a.dag() * a
    return jnp.diag(H.data_as("JaxArray")).real

number_op_diag(5, 1.0)
""",
        kind='traced-shape', argument='n_levels', path='n_levels', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "qutip.destroy(n_levels, dtype='jax') inside a user-jitted function with n_levels a traced argument; the Hilbert-space dimension is a shape. qutip raises its own exception. Fix: static_argnames='n_levels' (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError: Hilbert space dimension must be integer value."
        ),
    ),
    Case(
        id='lib-o-qutip-jax-coefficient-if-time',
        source='https://github.com/qutip/qutip-jax/issues/35',
        code="""\
import jax
import jax.numpy as jnp
import qutip
import qutip_jax

@jax.jit
def square_pulse(t, amp):
    if t < 0.5:
        return amp
    return 0.0

with qutip.CoreOptions(default_dtype="jax"):
    H = qutip.QobjEvo([qutip.sigmax(), square_pulse], args={"amp": 1.0})
solver = qutip.SESolver(H, options={"method": "diffrax", "normalize_output": False})
psi0 = qutip.basis(2, 0, dtype="jax")
solver.run(psi0, [0.0, 1.0], args={"amp": 2.0}, e_ops=[qutip.sigmaz(dtype="jax")])
""",
        kind='bool-conversion', argument='t', path='t', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "A jitted time-dependent coefficient (the pattern of the qutip-jax tutorial) for a QobjEvo uses a Python `if t < 0.5` square pulse; SESolver with method='diffrax' calls it with traced t. Fix: jnp.where(t < 0.5, amp, 0.0) (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError."
        ),
    ),
    Case(
        id='lib-o-qutip-jax-global-state-list',
        source='https://github.com/qutip/qutip-jax/issues/49',
        code="""\
import jax
import jax.numpy as jnp
import qutip
import qutip_jax

final_states = []
sz = qutip.sigmaz(dtype="jax")

@jax.jit
def evolve(theta):
    H = theta * qutip.sigmax(dtype="jax")
    psi = (-1j * H).expm() @ qutip.basis(2, 0, dtype="jax")
    final_states.append(psi)
    return qutip.expect(sz, psi)

evolve(0.3)
qutip.expect(sz, final_states[0])
""",
        kind='leaked-tracer', argument='theta', path='theta', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=17,
        note=(
            'A jitted qutip-jax evolution appends its final Qobj state to a module-level list; qutip.expect on it after the call raises. Fix: return the state data from the jitted function (returning the Qobj itself needs it to be a pytree, so not marked verifiable). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-o-qutip-jax-tr-isherm',
        source='https://github.com/qutip/qutip-jax/issues/30',
        code="""\
import jax
import jax.numpy as jnp
import qutip
import qutip_jax

@jax.jit
def purity_after_kick(theta):
    H = theta * qutip.sigmax(dtype="jax") - qutip.destroy(2, dtype="jax")
    return (H * H).tr()

purity_after_kick(0.3)
""",
        kind='bool-conversion', argument='theta', path='theta', line=9,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note=(
            "Qobj.tr() branches in Python on self.isherm (qutip-jax issue 30); for a Qobj built from a traced theta under jit, isherm is computed from traced data. The user-side fix is to take the trace with jax.numpy on the JAX array (jnp.trace(H.data_as('JaxArray')), checked) instead of the qutip method; the vocabulary's nearest kind is jnp-not-np (note .full() would fail with TracerArrayConversionError). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError."
        ),
    ),
]
