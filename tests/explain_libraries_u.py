"""Held-out library cases (set U): folx, tensorly (jax backend), jaxls.

How they were built: each case is my own minimal reduction of an error pattern that users of these
libraries hit, written against the installed versions: folx 0.2.30, tensorly 0.10.0 (with
tl.set_backend('jax')), jaxls 0.1.0 (PyPI name `almond-jaxls`, a published fork of brentyi/jaxls; the
PyPI package literally named `jaxls` is an unrelated "JAX Language Server" project that fails to import).
The search index held no folx / jaxls / tensorly-jax issue threads showing these exact patterns, so
`source` cites the library's own documentation / README page for the API the case exercises (folx
README: forward_laplacian and sparsity_threshold; tensorly API pages for parafac (tol, callback,
return_errors), mode_dot, multi_mode_dot, CPTensor and the backend guide; jaxls docs / repository
for Cost.create_factory, Var, TerminationConfig). Every cell was written to a .py file and run as a
file under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly and the last raises, with the same exception class on both
(recorded in each note); `line` (and `use_line` for leaks) was checked against the user-code frames
of the traceback. Every case marked verifiable=True had its top fix applied by hand and re-run on
both interpreters (it traces and returns).

Doubts about labels:
- u-folx-traced-sparsity-threshold: JAX raises TracerBoolConversionError inside folx (a Python
  comparison with the threshold). Labelled concretization (a value used to pick a Python code path:
  sparse vs dense); traced-shape (a trace-time constant) or bool-conversion are defensible. The only
  sensible fix is static either way.
- u-tensorly-parafac-traced-rank: raised as TracerBoolConversionError from tensorly's own
  `if rank > min(shape)` check; labelled traced-shape because rank is a factor-matrix dimension.
  The cell passes tol=0 so that parafac's convergence test (`if stop_flag:` on the traced
  reconstruction error) is not what trips; with the default tol a jitted parafac fails there
  even with a static rank (dropped as a case: the real fix, tol=0, is not in the fix vocabulary).
- u-tensorly-mode-dot-traced-mode: raised as TracerIntegerConversionError; labelled traced-shape
  (an axis), integer-conversion is defensible.
- u-jaxls-cost-degree-range: labelled integer-conversion (range() on a tracer, as the vocabulary
  lists); traced-shape (loop length) is defensible. The tracer comes from jaxls batching every
  cost-factory argument, so "static" means taking degree out of the cost arguments (closure), not a
  jit option; lax.fori_loop put first because it works as-is (checked).
- u-jaxls-huber-if-in-cost / u-jaxls-numpy-tanh-cost / u-jaxls-cost-logs-residual: argument is
  `vals` (the VarValues the residual is read from; `target` also feeds the residual but comes
  second); path given as `vals` because VarValues' leaf naming is internal to jaxls.
- u-tensorly-grad-if-on-rec-error: err depends on every leaf of `factors` and on `x`; argument
  `factors` (first parameter), path `factors[0]` chosen arbitrarily among the factor leaves.
- u-folx-ansatz-stores-hidden: the leaked activations depend on x and on self.w (a closed-over
  constant, so not a parameter); argument x. The fix (return the value) is not mechanical because
  forward_laplacian wraps a single-output function.
- u-jaxls-cost-logs-residual: return-value first; jax.debug.print also fits if the user only wanted
  to look at residuals. The leaked object is a BatchTracer (jaxls vmaps costs).
- u-folx-vmap-boolean-mask / u-folx-nonzero-occupied: jnp.where keeps the exact result here (only a
  masked sum is used), so it is ranked before size-argument.
- u-tensorly-cptensor-jit-arg: register-pytree is the only vocabulary fix; passing the plain
  (weights, factors) tuple instead of the CPTensor is equally good in practice.
- u-jaxls-termination-traced-max-iters: JAX's exception is a TypeError about shapes (jaxls sizes an
  iteration-history buffer by max_iterations); the message does not suggest static, so
  jax_fitting_fix=False.

Dropped libraries: popjym (not on the package index), jwave (pip ResolutionImpossible against the
pinned jax), jax-lorax (pip ResolutionImpossible with jax/jaxlib pinned), `jaxls` from PyPI
(unrelated package, import fails on jax.core.JaxprEqn) -- replaced by almond-jaxls.
Dropped candidate cases: jaxls with traced variable ids (PointVar(ids) with ids a jit argument)
and an analyzed problem passed as a jit argument both trace fine (no error); tensorly tucker under
jit fails on math.sqrt of a traced error inside tensorly even with tol=0 (no user-side fix in the
vocabulary); jax.vmap over tl.unfold's mode (fix -- a Python loop over modes -- has no vocabulary
kind).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='u-folx-if-on-distance',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import jax.numpy as jnp
import folx

def psi(r):
    dist = jnp.linalg.norm(r)
    if dist < 1e-3:
        return jnp.zeros(())
    return jnp.exp(-dist) / dist

laplacian = folx.forward_laplacian(psi)
laplacian(jnp.array([0.3, 0.4, 0.0]))
""",
        kind='bool-conversion', argument='r', path='r', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Python `if` on a traced distance inside the user's wavefunction; no user jit -- folx.forward_laplacian traces psi to a jaxpr (its own interpreter) before evaluating it. Fix: jnp.where(dist < 1e-3, 0.0, ...); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='u-folx-numpy-envelope',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import numpy as np
import jax.numpy as jnp
import folx

def log_psi(x):
    envelope = np.exp(-np.sum(x ** 2))
    return jnp.log(envelope) + jnp.sum(jnp.cos(x))

folx.forward_laplacian(log_psi)(jnp.ones(4))
""",
        kind='array-conversion', argument='x', path='x', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.exp/np.sum on the traced electron coordinates inside a log-psi passed to folx.forward_laplacian (which traces it). Fix: jnp.exp/jnp.sum; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='u-folx-vmap-boolean-mask',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import folx

def log_psi(x):
    occupied = x[x > 0.0]
    return jnp.sum(occupied ** 2)

batched = jax.vmap(folx.forward_laplacian(log_psi))
batched(jnp.ones((8, 3)))
""",
        kind='boolean-index', argument='x', path='x', line=6,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note="Boolean-mask indexing x[x > 0] inside a log-psi, evaluated by jax.vmap(folx.forward_laplacian(log_psi)) (value reaches the line through vmap and folx's tracing). Only the sum of the masked squares is used, so jnp.sum(jnp.where(x > 0, x**2, 0)) gives the same result; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.",
    ),
    Case(
        id='u-folx-traced-sparsity-threshold',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import folx

def log_psi(x):
    return jnp.sum(jnp.sin(x) * x)

@jax.jit
def local_energy(x, threshold):
    lap = folx.forward_laplacian(log_psi, sparsity_threshold=threshold)(x)
    return -0.5 * (lap.laplacian + jnp.sum(lap.jacobian.dense_array ** 2))

local_energy(jnp.ones(6), 0.6)
""",
        kind='concretization', argument='threshold', path='threshold', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="folx's sparsity_threshold option passed through the user's jitted local_energy as a normal (traced) argument; folx uses it in a Python comparison to choose the sparse vs dense code path, so it raises inside folx. Fix: static_argnames='threshold' (it is a trace-time configuration); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (raised inside folx).",
    ),
    Case(
        id='u-folx-ansatz-stores-hidden',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import folx

class Ansatz:
    def __init__(self, w):
        self.w = w
        self.last_hidden = None

    def __call__(self, x):
        h = jnp.tanh(self.w @ x)
        self.last_hidden = h
        return jnp.sum(h)

model = Ansatz(jnp.eye(3))
lap = jax.jit(lambda x: folx.forward_laplacian(model)(x).laplacian)(jnp.ones(3))
jnp.mean(model.last_hidden)
""",
        kind='leaked-tracer', argument='x', path='x', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="The user's ansatz object stores its hidden activations on self while folx.forward_laplacian traces it under the user's jit; reading model.last_hidden afterwards uses the leaked tracer. Fix: return the hidden values out of the traced function instead of storing them (needs a restructure around folx's single-output API, so not verifiable mechanically). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.",
        use_line=17,
    ),
    Case(
        id='u-folx-operator-as-jit-arg',
        source='https://github.com/microsoft/folx',
        code="""\
import jax
import jax.numpy as jnp
import folx

def log_psi(x):
    return jnp.sum(jnp.tanh(x) ** 2)

@jax.jit
def kinetic(op, x):
    lap, grad = op(log_psi)(x)
    return -0.5 * (lap + jnp.sum(grad ** 2))

kinetic(folx.ForwardLaplacianOperator(0), jnp.ones(3))
""",
        kind='non-array-argument', argument='op', path='op', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A folx.ForwardLaplacianOperator (a plain frozen dataclass, not a pytree) passed as a normal argument of the user's jitted kinetic(); it is hashable, so static_argnames='op' fixes it; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='u-folx-nonzero-occupied',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import folx

def log_psi(x):
    idx = jnp.nonzero(x > 0.5)[0]
    return jnp.sum(x[idx] ** 2)

def energy(x):
    return folx.forward_laplacian(log_psi)(x).laplacian

jax.jit(energy)(jnp.linspace(0.0, 1.0, 5))
""",
        kind='traced-shape', argument='x', path='x', line=6,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=True,
        note="jnp.nonzero without size= inside a log-psi that folx traces, under the user's jax.jit(energy); the helper log_psi is reached from energy's parameter x. Since only a masked sum is needed, jnp.sum(jnp.where(x > 0.5, x**2, 0)) is exact; size=/fill_value= also works but needs care with the fill index. Checked the jnp.where fix. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (JAX's message mentions the size argument).",
    ),
    Case(
        id='u-folx-list-of-envelopes-traced-kind',
        source='https://github.com/microsoft/folx/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import folx

envelopes = [lambda x: jnp.exp(-jnp.sum(x ** 2)), lambda x: jnp.exp(-jnp.sum(jnp.abs(x)))]

def log_psi(x, kind):
    return jnp.log(envelopes[kind](x))

@jax.jit
def laplacian(x, kind):
    return folx.forward_laplacian(log_psi)(x, kind).laplacian

laplacian(jnp.ones(3), 1)
""",
        kind='integer-conversion', argument='kind', path='kind', line=8,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A Python list of envelope functions indexed by a traced `kind` inside a log-psi that folx traces under the user's jitted laplacian(x, kind) (log_psi's kind comes from laplacian's kind). Fix: jax.lax.switch(kind, envelopes, x); checked. Marking kind static on the jit is a second option. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.",
    ),
    Case(
        id='u-tensorly-grad-if-on-rec-error',
        source='https://tensorly.org/stable/user_guide/backend.html',
        code="""\
import jax
import jax.numpy as jnp
import tensorly as tl

tl.set_backend("jax")

def loss(factors, x):
    err = tl.norm(tl.cp_to_tensor((jnp.ones(2), factors)) - x)
    if err > 1.0:
        return jnp.log(err)
    return err ** 2

x = jnp.ones((4, 5, 6))
factors = [jnp.ones((4, 2)), jnp.ones((5, 2)), jnp.ones((6, 2))]
jax.jit(jax.grad(loss))(factors, x)
""",
        kind='bool-conversion', argument='factors', path='factors[0]', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Python `if` on a reconstruction error computed with tl.cp_to_tensor/tl.norm (jax backend) inside a user loss, differentiated and jitted as jax.jit(jax.grad(loss)). Fix: jnp.where(err > 1, jnp.log(err), err**2); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='u-tensorly-parafac-traced-rank',
        source='https://tensorly.org/stable/modules/generated/tensorly.decomposition.parafac.html',
        code="""\
import jax
import jax.numpy as jnp
import tensorly as tl
from tensorly.decomposition import parafac

tl.set_backend("jax")

@jax.jit
def compress(x, rank):
    cp = parafac(x, rank=rank, n_iter_max=10, tol=0, init="random", random_state=0)
    return tl.cp_to_tensor(cp)

compress(jnp.ones((4, 5, 6)), 3)
""",
        kind='traced-shape', argument='rank', path='rank', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="CP rank passed as a traced argument of the user's jitted compress(); the rank is a factor-matrix dimension, and tensorly's random_cp checks `if rank > min(shape)` so it raises inside tensorly. tol=0 keeps parafac's own convergence test out of the trace. Fix: static_argnames='rank'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='u-tensorly-mode-dot-traced-mode',
        source='https://tensorly.org/stable/modules/generated/tensorly.tenalg.mode_dot.html',
        code="""\
import jax
import jax.numpy as jnp
import tensorly as tl

tl.set_backend("jax")

@jax.jit
def project(x, factor, mode):
    return tl.tenalg.mode_dot(x, factor, mode)

project(jnp.ones((4, 5, 6)), jnp.ones((2, 5)), 1)
""",
        kind='traced-shape', argument='mode', path='mode', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The contraction mode (an axis) of tl.tenalg.mode_dot passed as a traced jit argument; tensorly uses it to index shapes/unfold. Fix: static_argnames='mode'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.",
    ),
    Case(
        id='u-tensorly-static-modes-list',
        source='https://tensorly.org/stable/modules/generated/tensorly.tenalg.multi_mode_dot.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import tensorly as tl

tl.set_backend("jax")

@partial(jax.jit, static_argnames="modes")
def project(x, factors, modes):
    return tl.tenalg.multi_mode_dot(x, factors, modes=modes, transpose=True)

x = jnp.ones((4, 5, 6))
factors = [jnp.ones((4, 2)), jnp.ones((6, 3))]
project(x, factors, modes=[0, 2])
""",
        kind='unhashable-static', argument='modes', path='modes', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="modes for tl.tenalg.multi_mode_dot correctly marked static, but passed as a list; fix: pass a tuple (0, 2); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported').",
    ),
    Case(
        id='u-tensorly-cptensor-jit-arg',
        source='https://tensorly.org/stable/modules/generated/tensorly.cp_tensor.CPTensor.html',
        code="""\
import jax
import jax.numpy as jnp
import tensorly as tl
from tensorly.cp_tensor import CPTensor

tl.set_backend("jax")

@jax.jit
def reconstruct(cp):
    return tl.cp_to_tensor(cp)

weights = jnp.ones(2)
factors = [jnp.ones((4, 2)), jnp.ones((5, 2)), jnp.ones((6, 2))]
reconstruct(CPTensor((weights, factors)))
""",
        kind='non-array-argument', argument='cp', path='cp', line=14,
        fixes=('register-pytree',), verifiable=True, jax_fitting_fix=False,
        note="A tensorly CPTensor (a FactorizedTensor object, not registered as a pytree) passed to the user's jitted reconstruct(). Fix: register CPTensor as a pytree (children (weights, factors)) -- checked -- or pass the (weights, factors) tuple. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='u-tensorly-parafac-callback-history',
        source='https://tensorly.org/stable/modules/generated/tensorly.decomposition.parafac.html',
        code="""\
import jax
import jax.numpy as jnp
import tensorly as tl
from tensorly.decomposition import parafac

tl.set_backend("jax")
history = []

def log_error(cp, rec_error):
    history.append(rec_error)

@jax.jit
def compress(x):
    cp, errors = parafac(x, rank=2, n_iter_max=5, tol=0, init="random", random_state=0,
                         return_errors=True, callback=log_error)
    return tl.cp_to_tensor(cp)

compress(jnp.arange(120.0).reshape(4, 5, 6))
jnp.stack(history)
""",
        kind='leaked-tracer', argument='x', path='x', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="A user callback passed to parafac appends each reconstruction error to a global list while parafac runs inside the user's jit; stacking the list afterwards uses leaked tracers. Fix: return the errors (parafac's return_errors output) from the jitted function; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.",
        use_line=19,
    ),
    Case(
        id='u-tensorly-parafac-callback-float',
        source='https://tensorly.org/stable/modules/generated/tensorly.decomposition.parafac.html',
        code="""\
import jax
import jax.numpy as jnp
import tensorly as tl
from tensorly.decomposition import parafac

tl.set_backend("jax")

def report(cp, rec_error):
    print(f"reconstruction error: {float(rec_error):.4f}")

@jax.jit
def compress(x):
    cp, errors = parafac(x, rank=2, n_iter_max=5, tol=0, init="random", random_state=0,
                         return_errors=True, callback=report)
    return tl.cp_to_tensor(cp)

compress(jnp.arange(120.0).reshape(4, 5, 6))
""",
        kind='concretization', argument='x', path='x', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A user callback passed to parafac formats float(rec_error) for printing while parafac is traced by the user's jit; rec_error depends on x. Fix: jax.debug.print('... {e:.4f}', e=rec_error); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='u-jaxls-huber-if-in-cost',
        source='https://brentyi.github.io/jaxls',
        code="""\
import jax
import jax.numpy as jnp
import jaxls

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def huber_prior(vals: jaxls.VarValues, var: PointVar, target: jax.Array) -> jax.Array:
    r = vals[var] - target
    if jnp.linalg.norm(r) > 1.0:
        return r / jnp.sqrt(jnp.linalg.norm(r))
    return r

var = PointVar(jnp.arange(3))
problem = jaxls.LeastSquaresProblem([huber_prior(var, jnp.ones((3, 2)))], [var])
problem.analyze().solve(verbose=False)
""",
        kind='bool-conversion', argument='vals', path='vals', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Hand-written robust (Huber-like) residual with a Python `if` on the residual norm inside a jaxls.Cost.create_factory cost; no user jit -- jaxls's analyze() vmaps the cost over the cost group and runs it under jax.eval_shape to size the residual (it raises there, in the last statement). Fix: n = norm(r); jnp.where(n > 1, r / sqrt(n), r); checked (traces and solves). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='u-jaxls-traced-num-points',
        source='https://brentyi.github.io/jaxls',
        code="""\
import jax
import jax.numpy as jnp
import jaxls

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def prior_cost(vals: jaxls.VarValues, var: PointVar, target: jax.Array) -> jax.Array:
    return vals[var] - target

@jax.jit
def fit(targets, num_points):
    var = PointVar(jnp.arange(num_points))
    prob = jaxls.LeastSquaresProblem([prior_cost(var, targets)], [var]).analyze()
    return prob.solve(verbose=False)[var]

fit(jnp.ones((3, 2)), 3)
""",
        kind='traced-shape', argument='num_points', path='num_points', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Number of variables passed as a traced argument of the user's jitted fit() and used in jnp.arange(num_points) to build the jaxls Var ids (a length). Fix: static_argnames='num_points'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='u-jaxls-cost-logs-residual',
        source='https://brentyi.github.io/jaxls',
        code="""\
import jax
import jax.numpy as jnp
import jaxls

residual_log = []

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def prior_cost(vals: jaxls.VarValues, var: PointVar, target: jax.Array) -> jax.Array:
    r = vals[var] - target
    residual_log.append(r)
    return r

var = PointVar(jnp.arange(3))
prob = jaxls.LeastSquaresProblem([prior_cost(var, jnp.ones((3, 2)))], [var]).analyze()
solution = prob.solve(verbose=False)
jnp.abs(residual_log[-1]).max()
""",
        kind='leaked-tracer', argument='vals', path='vals', line=13,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="The user's cost function appends its residual to a global list for logging; jaxls traces the cost (vmap + eval_shape in analyze(), vmap under jit in solve), so the list holds a BatchTracer, used after solve. Fix: compute residuals from the returned solution (or solve(return_summary=True)) instead of storing them from inside the cost; not mechanical. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.",
        use_line=19,
    ),
    Case(
        id='u-jaxls-cost-degree-range',
        source='https://brentyi.github.io/jaxls',
        code="""\
import jax
import jax.numpy as jnp
import jaxls

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def poly_cost(vals: jaxls.VarValues, var: PointVar, target: jax.Array, degree: int) -> jax.Array:
    x = vals[var]
    basis = [x ** k for k in range(1, degree + 1)]
    return sum(basis) - target

var = PointVar(jnp.arange(3))
problem = jaxls.LeastSquaresProblem([poly_cost(var, jnp.ones((3, 2)), 3)], [var])
problem.analyze().solve(verbose=False)
""",
        kind='integer-conversion', argument='degree', path='degree', line=11,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='An int polynomial degree passed as an argument of a jaxls cost factory; jaxls turns cost arguments into batched arrays (analyze() vmaps the cost over the group and traces it with jax.eval_shape), so range(1, degree + 1) gets a tracer. Fix: lax.fori_loop(1, degree + 1, ...) accumulating x**k (checked: traces and solves); alternatively keep degree out of the cost arguments (a Python constant / closure). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='u-jaxls-termination-traced-max-iters',
        source='https://brentyi.github.io/jaxls',
        code="""\
import jax
import jax.numpy as jnp
import jaxls

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def prior_cost(vals: jaxls.VarValues, var: PointVar, target: jax.Array) -> jax.Array:
    return vals[var] - target

@jax.jit
def fit(targets, max_iters):
    var = PointVar(jnp.arange(3))
    prob = jaxls.LeastSquaresProblem([prior_cost(var, targets)], [var]).analyze()
    term = jaxls.TerminationConfig(max_iterations=max_iters)
    return prob.solve(verbose=False, termination=term)[var]

fit(jnp.ones((3, 2)), 20)
""",
        kind='traced-shape', argument='max_iters', path='max_iters', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="TerminationConfig(max_iterations=...) built from a traced argument of the user's jitted fit(); jaxls uses max_iterations as a buffer size for its iteration history, so solve() raises. Fix: static_argnames='max_iters'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Shapes must be 1D sequences of concrete values of integer type').",
    ),
    Case(
        id='u-jaxls-numpy-tanh-cost',
        source='https://github.com/brentyi/jaxls',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import jaxls

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def robust_prior(vals: jaxls.VarValues, var: PointVar, target: jax.Array) -> jax.Array:
    return np.tanh(vals[var] - target)

var = PointVar(jnp.arange(3))
problem = jaxls.LeastSquaresProblem([robust_prior(var, jnp.ones((3, 2)))], [var])
problem.analyze().solve(verbose=False)
""",
        kind='array-conversion', argument='vals', path='vals', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="np.tanh on the residual inside a jaxls cost (traced by jaxls's vmap + jax.eval_shape in analyze(), called in the last statement). Fix: jnp.tanh; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='u-jaxls-static-weights-array',
        source='https://brentyi.github.io/jaxls',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jaxls

class PointVar(jaxls.Var[jax.Array], default_factory=lambda: jnp.zeros(2)):
    pass

@jaxls.Cost.create_factory
def weighted_prior(vals: jaxls.VarValues, var: PointVar, target: jax.Array, w: jax.Array) -> jax.Array:
    return w * (vals[var] - target)

@partial(jax.jit, static_argnames="weights")
def fit(targets, weights):
    var = PointVar(jnp.arange(3))
    prob = jaxls.LeastSquaresProblem([weighted_prior(var, targets, weights)], [var]).analyze()
    return prob.solve(verbose=False)[var]

fit(jnp.ones((3, 2)), weights=jnp.array([1.0, 2.0, 0.5]))
""",
        kind='unhashable-static', argument='weights', path='weights', line=19,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="Per-cost weights (a jax array) marked static in the user's jitted fit(); arrays are unhashable. They are ordinary data fed to the cost factory, so stop marking them static; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported').",
    ),
]
