"""Held-out library cases (set t): cached_interpolate, ghq, jax_zero_contour.

How they were built: every cell was written from scratch after reading the installed
library source (cached_interpolate/interpolate.py, ghq/univariate.py, jax_zero_contour/
zero_contour_finder.py) and the READMEs/docs; each was run as a file with
/tmp/heldout49/venv_ct/bin/python, the last statement raising and every earlier one
running; line/use_line were checked against the traceback frames, and each first fix was
applied by hand and re-run where `verifiable=True` ("checked" in the note).

Interpreter: CPython 3.11.7, venv /tmp/heldout49/venv_ct (--system-site-packages), CPU.
Versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8 (only as the model in
t-ghq-equinox-module-integrand), cached_interpolate 0.4.0 (JAX path via backend=jax.numpy;
pulls array-api-compat 1.16.0 and array-api-extra 0.11.5), ghq 0.0.5, jax_zero_contour 2.0.0.
64-bit mode: none of these three libraries turns on jax_enable_x64 on import or when a
backend is chosen (checked jax.config.jax_enable_x64 is False after import and use); all
cases run in float32.

Dropped:
- qiskit-dynamics: listed as a candidate but it is on the exclusion list (an earlier set
  used it), so it was not used.
- SGMCMCJax (sgmcmcjax 0.2.13): installs, but sgmcmcjax.samplers/kernels/util fail to
  import with JAX 0.10.2 (`from jax.experimental import host_callback`: ImportError).
- oryx 0.2.9 (alternate): fails to import (AttributeError: jax.interpreters.xla has no
  pytype_aval_mappings). Its dependencies tensorflow-probability/dm-tree remain in the
  venv but are unused.
- fxp-jax was considered but skipped because its solver class is a simple_pytree dataclass
  (an excluded library). Replacements chosen instead: ghq and jax_zero_contour (neither on
  any list). None of these three small libraries has GitHub issue threads showing these
  patterns, so the sources are their README/docs pages, except t-cachedinterp-traced-eval-points,
  which reduces gwpopulation issue #107 (TracerArrayConversionError from the
  interpolant cache when evaluation points depend on a jitted parameter).

Doubts about labels:
- t-cachedinterp-traced-eval-points: the fix "static" here means moving the points out of
  the traced arguments (closing over a NumPy constant); static_argnums itself fails because
  an array is unhashable. Switching to RegularCachingInterpolant, which accepts traced
  points, is another valid fix outside the vocabulary.
- t-cachedinterp-leak-node-update, t-cachedinterp-vmap-cache-leak: the tracer is stored by
  the library, not by a user assignment; `line` is the user's call that made the library
  store it. "return-value" is the closest vocabulary fix; for the vmap case the practical
  fixes (no vmap, or use_cache=False on the later call) are outside the vocabulary, hence
  verifiable=False. JAX's leak message says functions must return their outputs, which one
  could count as a fitting hint (jax_fitting_fix=True is defensible).
- t-cachedinterp-traced-use-cache-flag: the value fails inside the library's own `if`;
  concretization could be argued, but JAX raises TracerBoolConversionError.
- t-cachedinterp-float-print-in-loss: simply deleting the print/float is an equally good
  fix; argument could also be read as the leaf of `curve`, but curve depends on params.
- t-ghq-traced-degree, t-zerocontour-traced-step-count: JAX's exception is the
  "Non-hashable static arguments" ValueError, so unhashable-static is defensible; labelled
  traced-shape because the value is a traced count (nodes / steps) that must be static,
  and the fix is to make the outer argument static, not to make it hashable.
- t-ghq-degree-computed-with-jnp: JAX raises ConcretizationTypeError from int(), so
  concretization is defensible; labelled traced-shape because the value is a count needed
  as a compile-time constant, and numpy-for-static is the fix. argument=None because it
  depends on no parameter (a module constant pushed through jnp inside jit).
- t-ghq-equinox-module-integrand: path could be given as the first unhashable leaf
  (model.layers[0].weight); the whole module is what is passed static, so path='model'.
- t-ghq-if-in-integrand / t-ghq-boolean-mask-integrand / t-ghq-scipy-special-integrand:
  argument is the integrand's own parameter (ghq traces it); the outer function's params
  would be the answer if one follows the outer transformation instead.
- t-ghq-if-in-integrand: lax.cond is left out because ghq hands the integrand a shape-(1,)
  node, so the predicate is not a scalar; `if (x > 1.0)[0]` style rewrites are not a fix.
- t-ghq-integrand-records-evaluations: "return-value" could be ranked first; the point of the
  list was inspection, so jax.debug.print first.
- t-zerocontour-plain-function: argument=None because no function of the user's is being
  traced; 'f' (the library's jitted parameter, named in the message) is defensible. The
  fix (wrap in jax.tree_util.Partial) is labelled register-pytree; "static" is defensible
  only if one edits the library.
- t-zerocontour-step-count-from-jnp: raised when jit hashes the static arguments at the call,
  before tracing of the library function starts.
- t-zerocontour-math-hypot: math.hypot is stdlib rather than a builtin; jnp-not-np is an
  equally good label for "use the jnp version".
- t-zerocontour-path-reduce-in-jit: the jnp.where fix rewrites the user's reduction lines
  (not a one-token change); calling path_reduce outside jit is the library-recommended
  alternative but is not in the vocabulary.
- t-zerocontour-partial-bound-order: "static" means taking `order` out of the Partial's
  (traced) arguments; integer-conversion could also be read as traced-shape (a loop count).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='t-cachedinterp-numpy-backend-grad',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import CachingInterpolant

knots = np.linspace(0.0, 1.0, 12)
obs_x = np.linspace(0.05, 0.95, 40)
obs_y = np.sin(3.0 * obs_x)
interp = CachingInterpolant(knots, np.zeros_like(knots), kind="cubic")

def loss(heights):
    pred = interp(obs_x, y=heights)
    return jnp.mean((pred - obs_y) ** 2)

jax.grad(loss)(jnp.zeros(12))
""",
        kind='array-conversion', argument='heights', path='heights', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A CachingInterpolant left on its default NumPy backend is refitted with new node heights inside jax.grad; the library's to_numpy() calls np.asarray on the JVP tracer and JAX raises TracerArrayConversionError. Passing backend=jnp keeps the data in JAX (checked).",
    ),
    Case(
        id='t-cachedinterp-traced-eval-points',
        source='https://github.com/ColmTalbot/gwpopulation/issues/107',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import CachingInterpolant

masses = np.linspace(5.0, 100.0, 30)
log_density = -2.3 * np.log(masses)
spline = CachingInterpolant(masses, log_density, kind="linear", backend=jnp)

@jax.jit
def population_weight(samples):
    return jnp.exp(spline(samples)).sum()

population_weight(jnp.array([10.0, 20.0, 35.0]))
""",
        kind='array-conversion', argument='samples', path='samples', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='CachingInterpolant always builds its evaluation-point cache with NumPy, so calling it on points that are a jit argument makes np.asarray see a tracer: TracerArrayConversionError raised inside the library. The evaluation points are meant to be fixed: keep them a NumPy constant closed over by the jitted function instead of a traced argument (checked).',
    ),
    Case(
        id='t-cachedinterp-leak-node-update',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import CachingInterpolant

knots = np.linspace(0.0, 1.0, 10)
grid = np.linspace(0.0, 1.0, 200)
interp = CachingInterpolant(knots, np.zeros(10), kind="cubic", backend=jnp)
interp(grid)

@jax.jit
def curve_norm(params):
    values = interp(grid, y=params["heights"])
    return jnp.sum(values ** 2)

curve_norm({"heights": jnp.ones(10)})
smooth_curve = interp(grid)
""",
        kind='leaked-tracer', argument='params', path="params['heights']", line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='Calling the interpolant with y= inside jit makes the library store the traced heights and spline coefficients on the shared CachingInterpolant; the later eager call reuses them and JAX raises UnexpectedTracerError. Keep the traced state local to the function (build a fresh interpolant there and return only the result) (checked).',
        use_line=17,
    ),
    Case(
        id='t-cachedinterp-traced-use-cache-flag',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import RegularCachingInterpolant

nodes = np.linspace(0.0, 2.0, 16)
interp = RegularCachingInterpolant(nodes, np.cos(nodes), kind="cubic", backend=jnp)
interp(np.linspace(0.1, 1.9, 50))

@jax.jit
def evaluate(points, reuse):
    return interp(points, use_cache=reuse)

evaluate(jnp.linspace(0.2, 1.8, 50), True)
""",
        kind='bool-conversion', argument='reuse', path='reuse', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The use_cache option is a Python flag the library tests with `if not (self._cached and use_cache)`; passed through as a jit argument it is a tracer and JAX raises TracerBoolConversionError inside the library. Mark the flag static with static_argnames (checked).',
    ),
    Case(
        id='t-cachedinterp-vmap-cache-leak',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import RegularCachingInterpolant

nodes = np.linspace(0.0, 10.0, 21)
interp = RegularCachingInterpolant(nodes, np.exp(-nodes), kind="linear", backend=jnp)

def decay_at(times):
    return interp(times)

batched = jax.vmap(decay_at)(jnp.linspace(0.5, 9.5, 8).reshape(4, 2))
interp(jnp.array([1.0, 2.0]))
""",
        kind='leaked-tracer', argument='times', path='times', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='Under jax.vmap the RegularCachingInterpolant caches the batched knot indices (BatchTracers) on itself; the next plain call reuses that cache and JAX raises UnexpectedTracerError. The function should not leave traced state on the shared object; in practice one calls the interpolant on the whole array without vmap or passes use_cache=False afterwards, neither of which is a one-line vocabulary fix.',
        use_line=13,
    ),
    Case(
        id='t-cachedinterp-pick-table-by-traced-index',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import CachingInterpolant

redshifts = np.linspace(0.0, 2.0, 25)
grid = np.linspace(0.1, 1.9, 64)
tables = [CachingInterpolant(redshifts, (1 + redshifts) ** p, kind="cubic", backend=jnp) for p in (1.0, 2.0, 3.0)]

@jax.jit
def rate_on_grid(model_index, amplitude):
    return amplitude * tables[model_index](grid)

rate_on_grid(jnp.array(1), 2.0)
""",
        kind='integer-conversion', argument='model_index', path='model_index', line=12,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A Python list of interpolants is indexed with a jit argument, so list.__getitem__ calls __index__ on a tracer: TracerIntegerConversionError. lax.switch over the tables keeps the index traced (checked); marking it static also works at the cost of one compile per model.',
    ),
    Case(
        id='t-cachedinterp-interpolant-as-jit-arg',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import CachingInterpolant

temps = np.linspace(200.0, 400.0, 21)
grid = np.linspace(210.0, 390.0, 32)
opacity = CachingInterpolant(temps, np.log(temps), kind="linear", backend=jnp)

@jax.jit
def optical_depth(table, column):
    return column * table(grid).sum()

optical_depth(opacity, 3.0)
""",
        kind='non-array-argument', argument='table', path='table', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The CachingInterpolant object itself is passed as an argument of a jitted function; it is not a pytree of arrays, so jit raises TypeError (non-array argument). Mark it static (it hashes by identity) or close over it (checked with static_argnums=0).',
    ),
    Case(
        id='t-cachedinterp-mask-phase-window',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import RegularCachingInterpolant

phase_nodes = np.linspace(0.0, 1.0, 33)
template = RegularCachingInterpolant(phase_nodes, np.sin(2 * np.pi * phase_nodes), kind="cubic", backend=jnp)
times = jnp.linspace(-0.2, 1.2, 80)
fluxes = jnp.sin(2 * jnp.pi * (times - 0.1))

def chi2(params):
    phase = times - params["t0"]
    valid = (phase >= 0.0) & (phase <= 1.0)
    model = template(phase[valid], use_cache=False)
    return jnp.sum((fluxes[valid] - model) ** 2)

jax.jit(jax.value_and_grad(chi2))({"t0": jnp.array(0.05)})
""",
        kind='boolean-index', argument='params', path="params['t0']", line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Inside jit(value_and_grad(chi2)) the phases that fall in the template's range are selected with a boolean mask that depends on params['t0']; JAX raises NonConcreteBooleanIndexError. Evaluate the template on all phases and zero the out-of-range residuals with jnp.where (checked).",
    ),
    Case(
        id='t-cachedinterp-float-print-in-loss',
        source='https://github.com/ColmTalbot/cached_interpolation#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from cached_interpolate import RegularCachingInterpolant

knots = np.linspace(0.0, 1.0, 9)
grid = np.linspace(0.0, 1.0, 100)
target = np.tanh(4 * (grid - 0.5))
spline = RegularCachingInterpolant(knots, np.zeros(9), kind="cubic", backend=jnp)

def loss(params):
    curve = spline(grid, y=params["heights"])
    print("peak value:", float(curve.max()))
    return jnp.mean((curve - target) ** 2)

jax.jit(jax.value_and_grad(loss))({"heights": jnp.zeros(9)})
""",
        kind='concretization', argument='params', path="params['heights']", line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A spline-fitting loss prints float(curve.max()) for monitoring; under jit(value_and_grad) the curve is traced and JAX raises ConcretizationTypeError from float(). Use jax.debug.print instead (checked); the message's astype hint does not apply.",
    ),
    Case(
        id='t-ghq-if-in-integrand',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq

def hinge(x):
    if x > 1.0:
        return x - 1.0
    return jnp.zeros_like(x)

expected = ghq.univariate(hinge, 0.5, 2.0, degree=40)
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A piecewise (hinge) integrand written with Python `if`; ghq evaluates it under its own jit and vmap over the quadrature nodes, so JAX raises TracerBoolConversionError. jnp.where gives the same piecewise function elementwise (checked).',
    ),
    Case(
        id='t-ghq-scipy-special-integrand',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq
from scipy.special import expit

labels = jnp.array([1.0, 0.0, 1.0, 1.0])

def expected_loglik(params):
    def integrand(logit):
        return labels * jnp.log(expit(logit)) + (1 - labels) * jnp.log(expit(-logit))
    mean = params["mu"] * jnp.ones(4)
    sd = jnp.exp(params["log_sd"]) * jnp.ones(4)
    return ghq.univariate(integrand, mean, sd).sum()

jax.grad(expected_loglik)({"mu": 0.3, "log_sd": -1.0})
""",
        kind='array-conversion', argument='logit', path='logit', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An expected Bernoulli log-likelihood integrand calls scipy.special.expit, which converts the traced quadrature nodes to NumPy: TracerArrayConversionError while ghq traces the integrand (under jax.grad). Import expit from jax.scipy.special instead (checked).',
    ),
    Case(
        id='t-ghq-traced-degree',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq

@jax.jit
def softplus_moment(mu, sd, degree):
    return ghq.univariate(jax.nn.softplus, mu, sd, degree)

softplus_moment(jnp.linspace(-1.0, 1.0, 5), jnp.ones(5), 24)
""",
        kind='traced-shape', argument='degree', path='degree', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='ghq.univariate takes `degree` (number of Gauss-Hermite nodes) as a static jit argument; forwarding it from an outer jitted function hands it a tracer, and JAX raises ValueError (non-hashable static argument, the tracer is unhashable). Mark degree static on the outer jit too (checked).',
    ),
    Case(
        id='t-ghq-equinox-module-integrand',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import ghq

net = eqx.nn.MLP(1, 1, width_size=16, depth=2, key=jax.random.PRNGKey(0))

@eqx.filter_jit
def smoothed_output(model, mu, sd):
    return ghq.univariate(model, mu, sd, 20)

smoothed_output(net, jnp.array([0.3]), jnp.array([0.5]))
""",
        kind='unhashable-static', argument='model', path='model', line=10,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="An equinox MLP is passed directly as ghq's integrand, which ghq marks static; the module hashes its array fields and JAX raises ValueError: Non-hashable static arguments are not supported. Wrapping it in a lambda gives ghq a hashable callable (checked).",
    ),
    Case(
        id='t-ghq-integrand-records-evaluations',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq

seen = []

def payoff(s):
    value = jnp.maximum(jnp.exp(s) - 1.0, 0.0)
    seen.append(value)
    return value

price = ghq.univariate(payoff, 0.0, 0.2, degree=16)
jnp.concatenate(seen).max()
""",
        kind='leaked-tracer', argument='s', path='s', line=9,
        fixes=('jax.debug.print', 'return-value'), verifiable=False, jax_fitting_fix=False,
        note="The integrand appends each batch of payoffs to a global list to inspect them later; those are BatchTracers from ghq's vmap, and using them afterwards raises UnexpectedTracerError. Inspect them with jax.debug.print/callback or compute the needed quantity from returned values; the later use line has to change too, so not mechanical.",
        use_line=13,
    ),
    Case(
        id='t-ghq-degree-computed-with-jnp',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq

TOL = 1e-4

@jax.jit
def second_moment(mu, sd):
    degree = int(8 * jnp.ceil(-jnp.log10(TOL)))
    return ghq.univariate(jnp.square, mu, sd, degree)

second_moment(jnp.zeros(3), jnp.array([0.5, 1.5, 3.0]))
""",
        kind='traced-shape', argument=None, path=None, line=9,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The node count is derived from a module-level tolerance with jnp.ceil/jnp.log10 inside a jitted function, so it is a tracer and int() raises ConcretizationTypeError before ghq gets its static degree. Compute it with NumPy/math (checked); the astype hint in the message does not fit.',
    ),
    Case(
        id='t-ghq-boolean-mask-integrand',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq

def total_exposure(losses):
    return jnp.sum(losses[losses > 0.0])

means = jnp.array([-0.5, 0.2, 1.0])
scales = jnp.array([1.0, 0.5, 2.0])
ghq.univariate(total_exposure, means, scales, degree=24)
""",
        kind='boolean-index', argument='losses', path='losses', line=6,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A vector-input integrand sums only the positive entries with boolean indexing; under ghq's jit/vmap the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(losses > 0, losses, 0) gives the same sum (checked).",
    ),
    Case(
        id='t-ghq-integrand-as-jit-arg',
        source='https://github.com/SamDuffield/ghq#readme',
        code="""\
import jax
import jax.numpy as jnp
import ghq

@jax.jit
def gaussian_expectation(fn, params):
    return ghq.univariate(fn, params["loc"], jnp.exp(params["log_scale"]))

def cubic(x):
    return x ** 3 - x

gaussian_expectation(cubic, {"loc": 0.4, "log_scale": -0.7})
""",
        kind='non-array-argument', argument='fn', path='fn', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jitted helper takes the integrand function as an ordinary argument; a Python function is not an array, so jit raises TypeError. Mark it static (static_argnums=0), which also matches ghq's own static integrand (checked).",
    ),
    Case(
        id='t-zerocontour-plain-function',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax_zero_contour import ZeroSolver

def ellipse(pos):
    return (pos[0] / 2.0) ** 2 + pos[1] ** 2 - 1.0

solver = ZeroSolver(tol=1e-6)
paths, stops = solver.zero_contour_finder(ellipse, jnp.array([[1.9, 0.1]]), delta=0.05, N=200)
""",
        kind='non-array-argument', argument=None, path=None, line=9,
        fixes=('register-pytree',), verifiable=True, jax_fitting_fix=False,
        note="zero_contour_finder is jitted with the function f as a traced argument, so a plain Python function is rejected with TypeError (non-array argument). The library expects f wrapped in jax.tree_util.Partial, which makes it a pytree (checked); the message's static_argnums hint would require editing the library.",
    ),
    Case(
        id='t-zerocontour-if-in-level-function',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

@Partial
def boundary(pos):
    r = jnp.sqrt(jnp.sum(pos ** 2))
    if r < 1.0:
        return r ** 2 - 0.5
    return r - 0.5

solver = ZeroSolver()
paths, stops = solver.zero_contour_finder(boundary, jnp.array([0.6, 0.2]), delta=0.02, N=100)
""",
        kind='bool-conversion', argument='pos', path='pos', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise level function uses Python `if` on the radius; the solver traces it (custom_root, value_and_grad, vmap) and JAX raises TracerBoolConversionError. jnp.where selects the branch elementwise (checked).',
    ),
    Case(
        id='t-zerocontour-traced-step-count',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

@Partial
def level_set(pos):
    return jnp.sin(pos[0]) * jnp.cos(pos[1]) - 0.3

solver = ZeroSolver(tol=1e-6)

@jax.jit
def trace(guess, n_steps):
    paths, _ = solver.zero_contour_finder(level_set, guess, 0.05, n_steps)
    return paths["path"]

trace(jnp.array([[0.4, 0.1]]), 150)
""",
        kind='traced-shape', argument='n_steps', path='n_steps', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='N (number of steps, which sets the output length) is a static argument of zero_contour_finder; forwarding it from an outer jitted function gives a tracer and JAX raises ValueError (non-hashable static argument). Mark n_steps static on the outer jit (checked).',
    ),
    Case(
        id='t-zerocontour-step-count-from-jnp',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

@Partial
def circle(pos):
    return jnp.sum(pos ** 2) - 4.0

step = 0.05
n_steps = jnp.ceil(2 * jnp.pi * 2.0 / step).astype(int)
solver = ZeroSolver()
paths, stops = solver.zero_contour_finder(circle, jnp.array([2.1, 0.0]), step, n_steps)
""",
        kind='unhashable-static', argument=None, path=None, line=13,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='The step count is computed with jnp, so a jax Array reaches the static N argument and JAX raises ValueError: Non-hashable static arguments are not supported. Compute it with math/NumPy as a Python int (checked); int(n_steps) also works.',
    ),
    Case(
        id='t-zerocontour-leak-on-self',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

class Potential:
    def __init__(self, depth):
        self.depth = depth
        self.last_value = None

    def __call__(self, pos):
        value = jnp.sum(pos ** 2) - self.depth
        self.last_value = value
        return value

pot = Potential(1.0)
paths, stops = ZeroSolver().zero_contour_finder(Partial(pot), jnp.array([1.2, 0.0]), 0.05, 100)
jnp.abs(pot.last_value)
""",
        kind='leaked-tracer', argument='pos', path='pos', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="A callable potential class stores its last evaluation on self while the solver traces it; reading pot.last_value afterwards raises UnexpectedTracerError. Use the values the solver returns (paths['value']) instead of state on self (checked).",
        use_line=18,
    ),
    Case(
        id='t-zerocontour-math-hypot',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import math
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

@Partial
def cardioid(pos):
    r = math.hypot(pos[0], pos[1])
    theta = jnp.arctan2(pos[1], pos[0])
    return r - (1.0 - jnp.cos(theta))

solver = ZeroSolver(tol=1e-5)
paths, stops = solver.zero_contour_finder(cardioid, jnp.array([-1.9, 0.1]), 0.02, 300)
""",
        kind='concretization', argument='pos', path='pos', line=9,
        fixes=('jnp-not-builtin', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note='The level function uses math.hypot, which calls float() on the traced coordinates; JAX raises ConcretizationTypeError while the solver traces f. Use jnp.hypot (checked).',
    ),
    Case(
        id='t-zerocontour-partial-bound-order',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

def fourier_blob(params, pos):
    theta = jnp.arctan2(pos[1], pos[0])
    radius = params["r0"]
    for k in range(1, params["order"] + 1):
        radius = radius + params["amp"] * jnp.cos(k * theta) / k
    return jnp.linalg.norm(pos) - radius

params = {"r0": 1.0, "amp": 0.1, "order": 3}
solver = ZeroSolver()
paths, stops = solver.zero_contour_finder(Partial(fourier_blob, params), jnp.array([1.2, 0.0]), 0.05, 200)
""",
        kind='integer-conversion', argument='params', path="params['order']", line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Parameters bound with jax.tree_util.Partial become traced leaves of f inside the library's jit, so the integer harmonic order used in range() is a tracer: TracerIntegerConversionError. Keep the order out of the Partial's arguments (a Python constant/closure) (checked); fori_loop is not a fit because the solver differentiates f in reverse mode.",
    ),
    Case(
        id='t-zerocontour-path-reduce-in-jit',
        source='https://ckrawczyk.github.io/Jax-Zero-Contour/',
        code="""\
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
from jax_zero_contour import ZeroSolver

@Partial
def ring(pos):
    return jnp.sum(pos ** 2) - 2.25

solver = ZeroSolver()

@jax.jit
def mean_radius(guess):
    paths, _ = solver.zero_contour_finder(ring, guess, 0.05, 300)
    points = ZeroSolver.path_reduce(paths)["path"][0]
    return jnp.linalg.norm(points, axis=1).mean()

mean_radius(jnp.array([1.4, 0.3]))
""",
        kind='boolean-index', argument='guess', path='guess', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='ZeroSolver.path_reduce drops the NaN padding with boolean indexing, which the docs say cannot be jitted; called inside a jitted function it raises NonConcreteBooleanIndexError in the library. Keep the padded path and mask it with jnp.where/isfinite (checked).',
    ),
]
