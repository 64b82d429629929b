"""Held-out library cases (set A): optimistix, lineax, jaxopt, interpax, ott-jax.

Own minimal reductions of tracing-error patterns that users of these JAX-based
libraries reported (GitHub issues/PRs, docs, user code).  Written without reading
the tool's code; labels are my own judgement.  Every cell was run under Python 3.11 /
jax 0.10.2 and Python 3.13 / jax 0.12.0.1: all statements but the last run, and the
last raises on both (exception class recorded in each note).

Doubts about labels:
- lib-a-optx-max-steps-traced: optimistix raises its own ValueError for a traced
  max_steps; labelled traced-shape (compile-time loop bound) but concretization is
  arguable.  Source (optimistix#75) is about tuning Newton, a loose match.
- lib-a-jaxopt-bisection-bracket / lib-a-ott-tau-a-balanced / lib-a-lx-gmres-restart-traced:
  the error comes from a Python check inside the library; "static" works, but the
  library-level fix (check_bracket=False, etc.) is outside the Fix vocabulary.
- lib-a-optx-vmap-slice-order: traced slice bound under vmap; static is impossible under
  vmap, so jnp.where masking is listed first but needs more than a one-line rewrite.
- lib-a-optx-eqx-partition-swapped: non-array-argument via the solver's y0; "static"
  (put the non-array half in args/closure) is the nearest kind; argument is the user's
  loss_fn parameter `params` that receives the function-valued pytree.
- lib-a-jaxopt-scipy-in-scan / lib-a-jaxopt-scipy-jit-noarg: SciPy-backed solvers cannot be
  traced at all; jnp-not-np / numpy-for-static are approximations of "use a JAX-native
  solver or build inputs with numpy outside jit".
- lib-a-lx-module-mv-int: int() on a tracer raises ConcretizationTypeError here (not
  TracerIntegerConversionError); labelled integer-conversion for the int() call.
- lib-a-lx-fnop-numpy-roll / lib-a-lx-module-mv-int: lineax traces the matvec when the
  FunctionLinearOperator is constructed, so the failing call is the constructor.
- Leak cases: argument is the jitted function's first parameter the leaked object depends
  on; jax_fitting_fix=True because UnexpectedTracerError says to return values explicitly.
"""
from __future__ import annotations

from explain_corpus import Case


CASES: list[Case] = [
    Case(
        id='lib-a-optx-rootfind-piecewise-if',
        source='https://github.com/patrick-kidger/optimistix/issues/74',
        code="""\
import jax.numpy as jnp
import optimistix as optx

def fn(y, args):
    if y < args["knee"]:
        return y**3 - args["target"]
    return 3.0 * y - args["target"] - 2.0

solver = optx.Bisection(rtol=1e-6, atol=1e-6)
args = {"knee": 1.0, "target": 2.0}
optx.root_find(fn, solver, jnp.array(0.5), args=args, options={"lower": 0.0, "upper": 3.0})
""",
        kind='bool-conversion',
        argument='y',
        path='y',
        line=5,
        fixes=('jnp.where', 'lax.cond'),
        verifiable=True,
        jax_fitting_fix=False,
        note='Python if on the iterate inside a residual that optimistix traces in its own jit; piecewise residual -> jnp.where(y < knee, ...). TracerBoolConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-optx-result-if',
        source='https://github.com/patrick-kidger/optimistix/issues/206',
        code="""\
import jax
import jax.numpy as jnp
import optimistix as optx

@jax.jit
def invert(target):
    fn = lambda y, args: jnp.tanh(y) - args
    solver = optx.Newton(rtol=1e-6, atol=1e-6)
    sol = optx.root_find(fn, solver, jnp.array(0.0), args=target, throw=False)
    if sol.result != optx.RESULTS.successful:
        return jnp.nan
    return sol.value

invert(jnp.array(0.5))
""",
        kind='bool-conversion',
        argument='target',
        path='target',
        line=10,
        fixes=('jnp.where', 'lax.cond'),
        verifiable=True,
        jax_fitting_fix=False,
        note='throw=False then a Python if on sol.result (a traced enum array) inside jit; return jnp.where(sol.result == successful, sol.value, nan). TracerBoolConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-optx-vmap-slice-order',
        source='https://github.com/patrick-kidger/optimistix/issues/144',
        code="""\
import jax
import jax.numpy as jnp
import optimistix as optx

ts = jnp.linspace(0.0, 1.0, 30)
data = jnp.sin(3.0 * ts)

def residuals(coef, order):
    c = coef[:order]
    return jnp.polyval(c, ts) - data

def fit(y0, order):
    solver = optx.LevenbergMarquardt(rtol=1e-6, atol=1e-6)
    return optx.least_squares(residuals, solver, y0, args=order).value

jax.vmap(fit, in_axes=(0, 0))(jnp.ones((3, 6)), jnp.array([2, 4, 6]))
""",
        kind='traced-shape',
        argument='order',
        path='order',
        line=9,
        fixes=('jnp.where', 'static'),
        verifiable=False,
        jax_fitting_fix=False,
        note="per-problem polynomial order reaches the residual through vmap in_axes and the solver's args, then is a slice bound; mask the unused coefficients with jnp.where(jnp.arange(6) < order, coef, 0) (leading zeros keep polyval) or loop over orders statically. IndexError.",
        use_line=None,
    ),
    Case(
        id='lib-a-optx-scan-float-obs',
        source='https://github.com/patrick-kidger/optimistix/issues/204',
        code="""\
import jax
import jax.numpy as jnp
import optimistix as optx

solver = optx.Newton(rtol=1e-8, atol=1e-8)

def step(y_prev, obs):
    level = float(obs)
    fn = lambda y, args: y**3 + y - args
    sol = optx.root_find(fn, solver, y_prev, args=level)
    return sol.value, sol.value

jax.lax.scan(step, jnp.array(0.0), jnp.array([1.0, 2.0, 3.0]))
""",
        kind='concretization',
        argument='obs',
        path='obs',
        line=8,
        fixes=('astype',),
        verifiable=True,
        jax_fitting_fix=False,
        note='float() on the scan slice before handing it to root_find as args; keep it an array (obs.astype(jnp.float32) or just obs). ConcretizationTypeError.',
        use_line=None,
    ),
    Case(
        id='lib-a-optx-max-steps-traced',
        source='https://github.com/patrick-kidger/optimistix/issues/75',
        code="""\
import jax
import jax.numpy as jnp
import optimistix as optx

def loss(y, args):
    return jnp.sum((y - args) ** 2) + 0.1 * jnp.sum(y**4)

@jax.jit
def fit(target, n_steps):
    solver = optx.BFGS(rtol=1e-6, atol=1e-6)
    return optx.minimise(loss, solver, jnp.zeros(3), args=target, max_steps=n_steps).value

fit(jnp.ones(3), 64)
""",
        kind='traced-shape',
        argument='n_steps',
        path='n_steps',
        line=11,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="an iteration budget passed as a jit argument reaches optimistix, whose own check requires max_steps to be a Python int (loop structure is compile-time); static_argnames='n_steps'. ValueError raised by optimistix.",
        use_line=None,
    ),
    Case(
        id='lib-a-optx-eqx-partition-swapped',
        source='https://github.com/patrick-kidger/optimistix/issues/56',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import optimistix as optx

X = jax.random.normal(jax.random.PRNGKey(0), (50, 3))
y = jnp.sum(X, axis=1, keepdims=True)
model = eqx.nn.MLP(3, 1, 4, 1, activation=jax.nn.tanh, key=jax.random.PRNGKey(1))
params, static = eqx.partition(model, eqx.is_inexact_array)

def loss_fn(params, static):
    net = eqx.combine(params, static)
    return jnp.mean((jax.vmap(net)(X) - y) ** 2)

solver = optx.BFGS(rtol=1e-5, atol=1e-5)
optx.minimise(loss_fn, solver, static, args=params)
""",
        kind='non-array-argument',
        argument='params',
        path='params',
        line=16,
        fixes=('static',),
        verifiable=False,
        jax_fitting_fix=False,
        note='the non-array half of an eqx.partition (activation functions) is handed to the solver as y0, and the arrays as args; swap them so only arrays are optimised and the static part rides in args. TypeError (cannot determine dtype).',
        use_line=None,
    ),
    Case(
        id='lib-a-lx-fnop-numpy-roll',
        source='https://docs.kidger.site/lineax/api/operators',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import lineax as lx

def laplacian(u):
    return 2.0 * u - np.roll(u, 1) - np.roll(u, -1)

struct = jax.ShapeDtypeStruct((16,), jnp.float32)
lx.FunctionLinearOperator(laplacian, struct, lx.positive_semidefinite_tag)
""",
        kind='array-conversion',
        argument='u',
        path='u',
        line=7,
        fixes=('jnp-not-np',),
        verifiable=True,
        jax_fitting_fix=False,
        note='matvec written with NumPy (np.roll); lineax traces it abstractly when the FunctionLinearOperator is built (closure conversion); use jnp.roll. TracerArrayConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-lx-state-leak',
        source='https://github.com/patrick-kidger/lineax/issues/115',
        code="""\
import jax
import jax.numpy as jnp
import lineax as lx

solver = lx.LU()
cache = {}

@jax.jit
def solve(A, b):
    op = lx.MatrixLinearOperator(A)
    cache["state"] = solver.init(op, options={})
    return lx.linear_solve(op, b, solver=solver, state=cache["state"]).value

A = 2.0 * jnp.eye(3) + 0.1
b = jnp.ones(3)
solve(A, b)
lx.linear_solve(lx.MatrixLinearOperator(A), 2.0 * b, solver=solver, state=cache["state"])
""",
        kind='leaked-tracer',
        argument='A',
        path='A',
        line=11,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=True,
        note='the LU factorisation state built inside jit is cached in a global dict to reuse across right-hand sides; return the state from solve (or init it outside jit). UnexpectedTracerError at the later solve.',
        use_line=17,
    ),
    Case(
        id='lib-a-lx-gmres-restart-traced',
        source='https://github.com/patrick-kidger/lineax/issues/187',
        code="""\
import jax
import jax.numpy as jnp
import lineax as lx

@jax.jit
def solve(A, b, restart):
    solver = lx.GMRES(rtol=1e-6, atol=1e-6, restart=restart)
    return lx.linear_solve(lx.MatrixLinearOperator(A), b, solver=solver).value

solve(3.0 * jnp.eye(4) + 0.2, jnp.ones(4), 4)
""",
        kind='bool-conversion',
        argument='restart',
        path='restart',
        line=8,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note='a solver option that lineax branches on in Python is passed as a traced jit argument; make restart static (static_argnames). TracerBoolConversionError inside lineax.',
        use_line=None,
    ),
    Case(
        id='lib-a-lx-jitgrad-choose-solver',
        source='https://github.com/patrick-kidger/lineax/issues/101',
        code="""\
import jax
import jax.numpy as jnp
import lineax as lx

B = jnp.ones((4, 3))

@jax.jit
@jax.grad
def objective(A):
    op = lx.MatrixLinearOperator(A)
    if jnp.linalg.cond(A) > 1e6:
        solver = lx.SVD()
    else:
        solver = lx.QR()
    return jnp.sum(lx.linear_solve(op, B[:, 0], solver=solver).value)

objective(jnp.eye(4) + 0.1)
""",
        kind='bool-conversion',
        argument='A',
        path='A',
        line=11,
        fixes=('lax.cond',),
        verifiable=False,
        jax_fitting_fix=False,
        note='choosing the lineax solver with a Python if on a traced condition number under jax.jit(jax.grad(...)); use lax.cond over the two solves, or AutoLinearSolver(well_posed=False). TracerBoolConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-lx-module-mv-int',
        source='https://github.com/patrick-kidger/lineax/issues/53',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import lineax as lx

class Banded(eqx.Module):
    diag: jax.Array
    def __call__(self, v):
        k = int(jnp.argmax(jnp.abs(v)))
        return self.diag * v + 0.1 * jnp.roll(v, k)

mv = Banded(jnp.full(8, 4.0))
lx.FunctionLinearOperator(mv, jax.ShapeDtypeStruct((8,), jnp.float32))
""",
        kind='integer-conversion',
        argument='v',
        path='v',
        line=9,
        fixes=('jnp-not-builtin', 'static'),
        verifiable=False,
        jax_fitting_fix=False,
        note='int() on a traced value inside an equinox Module __call__ used as a lineax matvec (traced when the FunctionLinearOperator is built); jnp.roll accepts a traced shift, so drop int() (k = jnp.argmax(...)). ConcretizationTypeError (raised by int()).',
        use_line=None,
    ),
    Case(
        id='lib-a-jaxopt-bisection-bracket',
        source='https://github.com/google/jaxopt/issues/191',
        code="""\
import jax
import jax.numpy as jnp
import jaxopt

@jax.jit
def quantile(c):
    bis = jaxopt.Bisection(optimality_fun=lambda x: jnp.tanh(x) - c, lower=-3.0, upper=3.0)
    return bis.run().params

quantile(0.3)
""",
        kind='bool-conversion',
        argument='c',
        path='c',
        line=8,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="jaxopt's own bracket check (check_bracket=True) converts the sign test of the user's traced function to bool; static_argnums for c works (library flag check_bracket=False is the real fix). TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='lib-a-jaxopt-warmstart-leak',
        source='https://github.com/google/jaxopt/issues/606',
        code="""\
import jax
import jax.numpy as jnp
import jaxopt

def loss(w, X, y):
    return jnp.mean((X @ w - y) ** 2)

solver = jaxopt.LBFGS(fun=loss, maxiter=20)
warm = {}

@jax.jit
def fit(X, y):
    res = solver.run(jnp.zeros(X.shape[1]), X=X, y=y)
    warm["params"] = res.params
    return res.state.value

X, y = jnp.ones((8, 2)), jnp.ones(8)
fit(X, y)
solver.run(warm["params"], X=X, y=2.0 * y)
""",
        kind='leaked-tracer',
        argument='X',
        path='X',
        line=14,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=True,
        note="solver result kept in a global dict for warm-starting; the stored params are tracers of fit's trace; return them from fit instead. UnexpectedTracerError at the warm-started run.",
        use_line=19,
    ),
    Case(
        id='lib-a-jaxopt-hparams-dict-static',
        source='https://github.com/google/jaxopt/issues/303',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jaxopt

def f(w, data):
    return jnp.sum((w - data) ** 2)

@partial(jax.jit, static_argnums=(2,))
def run(w0, data, hparams):
    solver = jaxopt.GradientDescent(f, **hparams)
    return solver.run(w0, data).params

run(jnp.zeros(2), jnp.ones(2), {"stepsize": 0.1, "maxiter": 100})
""",
        kind='unhashable-static',
        argument='hparams',
        path='hparams',
        line=14,
        fixes=('hashable-static',),
        verifiable=True,
        jax_fitting_fix=False,
        note='solver hyper-parameters marked static but passed as a dict; use a frozen dataclass / tuple of items. ValueError (non-hashable static argument).',
        use_line=None,
    ),
    Case(
        id='lib-a-jaxopt-scipy-in-scan',
        source='https://github.com/google/jaxopt/issues/403',
        code="""\
import jax
import jax.numpy as jnp
import jaxopt

def neg_value(c, y):
    return (c - 0.5 * y) ** 2 - jnp.log(c)

solver = jaxopt.ScipyBoundedMinimize(fun=neg_value, method="l-bfgs-b")

def update(carry, y):
    res = solver.run(0.5 * y, bounds=(1e-5, y), y=y)
    return carry + 1, res.params

jax.lax.scan(update, 0, jnp.linspace(1.0, 2.0, 4))
""",
        kind='array-conversion',
        argument='y',
        path='y',
        line=11,
        fixes=('jnp-not-np',),
        verifiable=False,
        jax_fitting_fix=False,
        note='a SciPy-backed jaxopt solver called on a scan slice: the wrapper converts the traced init/bounds with numpy; use a JAX-native solver (jaxopt.LBFGSB) or a Python loop. TracerArrayConversionError inside jaxopt.',
        use_line=None,
    ),
    Case(
        id='lib-a-jaxopt-scipy-jit-noarg',
        source='https://github.com/google/jaxopt/issues/214',
        code="""\
import jax
import jax.numpy as jnp
import jaxopt

def lik(p):
    return 0.5 * jnp.sum((p - jnp.array([1.0, 2.0])) ** 2)

@jax.jit
def fit():
    solver = jaxopt.ScipyBoundedMinimize(fun=lik, method="L-BFGS-B")
    init = jnp.array([18.0, 2.0])
    return solver.run(init, bounds=(jnp.zeros(2), jnp.full(2, 20.0))).params

fit()
""",
        kind='array-conversion',
        argument=None,
        path=None,
        line=12,
        fixes=('numpy-for-static', 'jnp-not-np'),
        verifiable=False,
        jax_fitting_fix=False,
        note='jit around a SciPy-wrapped solver: even constants built with jnp inside jit are tracers that the wrapper converts with numpy; build init/bounds with numpy or drop the outer jit. TracerArrayConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-jaxopt-objective-numpy',
        source='https://github.com/CMSL-HKUST/jax-am/issues/12',
        code="""\
import jax.numpy as jnp
import numpy as np
import jaxopt

def compliance(rho):
    k = np.asarray(rho) ** 3
    return jnp.sum(1.0 / (k + 1e-3))

solver = jaxopt.LBFGS(fun=compliance, maxiter=10)
solver.run(jnp.full(4, 0.5))
""",
        kind='array-conversion',
        argument='rho',
        path='rho',
        line=6,
        fixes=('jnp-not-np',),
        verifiable=True,
        jax_fitting_fix=False,
        note='objective with a NumPy conversion that jaxopt.LBFGS traces (value_and_grad in its jitted loop); use jnp.asarray. TracerArrayConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-interpax-vmap-if-extrap',
        source='https://github.com/f0uriest/interpax/issues/87',
        code="""\
import jax
import jax.numpy as jnp
from interpax import interp1d

tp = jnp.linspace(0.0, 1.0, 11)

def sample(tq, fp):
    if tq > tp[-1]:
        return fp[-1]
    return interp1d(tq, tp, fp, method="cubic")

jax.vmap(sample, in_axes=(0, None))(jnp.array([0.2, 0.7, 1.3]), jnp.sin(tp))
""",
        kind='bool-conversion',
        argument='tq',
        path='tq',
        line=8,
        fixes=('jnp.where',),
        verifiable=True,
        jax_fitting_fix=False,
        note='query point arrives through vmap in_axes and hits a Python if for clamping; jnp.where(tq > tp[-1], fp[-1], interp1d(...)) (or extrap=...). TracerBoolConversionError.',
        use_line=None,
    ),
    Case(
        id='lib-a-interpax-method-str-jit',
        source='https://github.com/f0uriest/interpax/issues/16',
        code="""\
import jax
import jax.numpy as jnp
from interpax import interp2d

x = jnp.linspace(0.0, 10.0, 10)
y = jnp.linspace(0.0, 8.0, 8)
z = jnp.ones((10, 8))

@jax.jit
def evaluate(xq, yq, method):
    return interp2d(xq, yq, x, y, z, method=method, extrap=0.0)

evaluate(4.5, 5.3, "cubic")
""",
        kind='non-array-argument',
        argument='method',
        path='method',
        line=13,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=True,
        note="interpolation configuration (a string) passed as a jit argument; static_argnames='method'. TypeError from jit argument checking, whose message names static_argnums.",
        use_line=None,
    ),
    Case(
        id='lib-a-interpax-jitvmap-float',
        source='https://github.com/f0uriest/interpax/issues/142',
        code="""\
import jax
import jax.numpy as jnp
from interpax import interp2d

x = jnp.arange(10.0)
y = jnp.arange(10.0)
f = jnp.ones((10, 10))

def lookup(q):
    xq = float(q[0])
    return interp2d(xq, q[1], x, y, f, method="linear")

jax.jit(jax.vmap(lookup))(jnp.array([[2.5, 1.5], [3.5, 4.0]]))
""",
        kind='concretization',
        argument='q',
        path='q',
        line=10,
        fixes=('astype',),
        verifiable=True,
        jax_fitting_fix=False,
        note='float() used to fix a dtype mismatch for interpax on a value that is traced under jax.jit(jax.vmap(...)); use q[0].astype(x.dtype). ConcretizationTypeError.',
        use_line=None,
    ),
    Case(
        id='lib-a-ott-tau-a-balanced',
        source='https://github.com/ott-jax/ott/issues/388',
        code="""\
import jax
import jax.numpy as jnp
from ott.geometry import pointcloud
from ott.problems.linear import linear_problem
from ott.solvers.linear import sinkhorn

def unbalanced_cost(x, y, tau_a):
    geom = pointcloud.PointCloud(x, y)
    prob = linear_problem.LinearProblem(geom, tau_a=tau_a)
    return sinkhorn.Sinkhorn()(prob).reg_ot_cost

x = jax.random.uniform(jax.random.PRNGKey(0), (12, 3))
y = jax.random.uniform(jax.random.PRNGKey(1), (16, 3))
jax.jit(unbalanced_cost)(x, y, 0.9)
""",
        kind='bool-conversion',
        argument='tau_a',
        path='tau_a',
        line=10,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note='ott checks `tau_a == 1.0 and tau_b == 1.0` in Python (is_balanced) on the traced marginal relaxation; static_argnums=(2,) (recompiles per value). TracerBoolConversionError inside ott.',
        use_line=None,
    ),
    Case(
        id='lib-a-ott-converged-if',
        source='https://github.com/ott-jax/ott/issues/3',
        code="""\
import jax
import jax.numpy as jnp
from ott.geometry import pointcloud
from ott.problems.linear import linear_problem
from ott.solvers.linear import sinkhorn

@jax.jit
def safe_cost(x, y):
    prob = linear_problem.LinearProblem(pointcloud.PointCloud(x, y, epsilon=1e-2))
    out = sinkhorn.Sinkhorn(max_iterations=50)(prob)
    if out.converged:
        return out.reg_ot_cost
    return jnp.nan

safe_cost(jnp.ones((5, 2)), jnp.zeros((6, 2)))
""",
        kind='bool-conversion',
        argument='x',
        path='x',
        line=11,
        fixes=('jnp.where',),
        verifiable=True,
        jax_fitting_fix=False,
        note="Python if on SinkhornOutput.converged (traced) inside jit; maintainers' answer: jnp.where(out.converged, out.reg_ot_cost, jnp.nan). TracerBoolConversionError.",
        use_line=None,
    ),
    Case(
        id='lib-a-ott-segment-num-traced',
        source='https://github.com/ott-jax/ott/pull/114',
        code="""\
import jax
import jax.numpy as jnp
from ott.tools import segment_sinkhorn

x = jax.random.normal(jax.random.PRNGKey(0), (20, 3))
y = jax.random.normal(jax.random.PRNGKey(1), (20, 3))
seg = jnp.repeat(jnp.arange(2), 10)

@jax.jit
def per_segment_cost(x, y, num_segments):
    return segment_sinkhorn.segment_sinkhorn(x, y, num_segments=num_segments, max_measure_size=10, segment_ids_x=seg, segment_ids_y=seg)

per_segment_cost(x, y, 2)
""",
        kind='traced-shape',
        argument='num_segments',
        path='num_segments',
        line=11,
        fixes=('static',),
        verifiable=True,
        jax_fitting_fix=False,
        note="num_segments sets output sizes inside ott's segmentation; passed as a traced jit argument; static_argnames='num_segments'. Error raised inside ott/jax segment ops.",
        use_line=None,
    ),
    Case(
        id='lib-a-ott-geom-cache-leak',
        source='https://github.com/ott-jax/ott/pull/52',
        code="""\
import jax
import jax.numpy as jnp
from ott.geometry import pointcloud
from ott.problems.linear import linear_problem
from ott.solvers.linear import sinkhorn

_geoms = {}

@jax.jit
def ot_cost(x, y):
    geom = pointcloud.PointCloud(x, y, epsilon=0.1)
    _geoms["last"] = geom
    return sinkhorn.Sinkhorn()(linear_problem.LinearProblem(geom)).reg_ot_cost

x, y = jnp.ones((4, 2)), jnp.zeros((5, 2))
ot_cost(x, y)
sinkhorn.Sinkhorn()(linear_problem.LinearProblem(_geoms["last"]))
""",
        kind='leaked-tracer',
        argument='x',
        path='x',
        line=12,
        fixes=('return-value',),
        verifiable=False,
        jax_fitting_fix=True,
        note="an ott Geometry built inside jit is cached globally for reuse; its arrays are tracers of ot_cost's trace; build the geometry outside jit or return it. UnexpectedTracerError.",
        use_line=17,
    ),
    Case(
        id='lib-a-ott-costfn-method-if',
        source='https://github.com/ott-jax/ott/pull/51',
        code="""\
import jax
import jax.numpy as jnp
from ott.geometry import costs, pointcloud
from ott.problems.linear import linear_problem
from ott.solvers.linear import sinkhorn

@jax.tree_util.register_pytree_node_class
class Huber(costs.CostFn):
    def __call__(self, x, y):
        d = jnp.linalg.norm(x - y)
        if d < 1.0:
            return 0.5 * d**2
        return d - 0.5

geom = pointcloud.PointCloud(jnp.ones((4, 2)), jnp.zeros((5, 2)), cost_fn=Huber())
sinkhorn.Sinkhorn()(linear_problem.LinearProblem(geom))
""",
        kind='bool-conversion',
        argument='x',
        path='x',
        line=11,
        fixes=('jnp.where', 'lax.cond'),
        verifiable=True,
        jax_fitting_fix=False,
        note="Python if in a user CostFn subclass's __call__, which ott vmaps over point pairs inside its jitted solver; jnp.where(d < 1, 0.5*d**2, d - 0.5). TracerBoolConversionError.",
        use_line=None,
    ),
]
