"""Held-out library cases (set W): jaxbo, jaxellip, jaxcont.

How they were built
-------------------
Interpreter: CPython 3.11.7. Virtual environment /tmp/heldout51/venv_cw made with
``python3 -m venv --system-site-packages``; installs were done with the venv's pip, always
pinning jax==0.10.2, jaxlib==0.10.2, flax==0.12.8, equinox==0.13.8, optax==0.2.8, numpy==2.4.6
(the versions already on the machine; scipy 1.17.1 comes from the system site-packages).

Libraries used (installed versions):
- jaxbo 0.3.0 (github.com/ricardogr07/JAX-BO, the maintained fork of PredictiveIntelligenceLab/JAX-BO):
  GP models whose methods are jitted with ``self`` static, ``score_candidates`` (vmaps a user
  acquisition), priors, ``normalize``, and the on-device ``minimize_bfgs_jax`` (lax.while_loop).
- jaxellip 0.0.1 (github.com/sinaatalay/jaxellip): jitted ellipk / ellipe / ellipkm1. PyPI's newer
  0.1.0 requires Python >= 3.12, so pip resolved 0.0.1 on this interpreter.
- jaxcont 0.4.0 (github.com/Ziaeemehr/JaxCont; pulls equinox, matplotlib): bif_problem /
  continuation (compiled whole-loop engine), ContinuationPar, fold_parameter (implicit diff).

64-bit mode: none of the three libraries turns jax_enable_x64 on when imported (checked
``jax.config.jax_enable_x64`` after each import: False). The JAX-BO tutorial notebook and the
JaxCont examples switch it on themselves in their first cell; these cells do not, so the dtypes in
the error messages are float32/int32. No case depends on the mode. (jax-sparse, dropped below,
does set x64 at import.)

Each case was written by hand from the library's source and docs (no library issue tracker in the
search index shows these patterns, so the sources are the library README / example / module pages
of the API each cell exercises). Each cell was saved to a file and run with the venv's python; all
statements but the last run cleanly and the last raises. ``line``/``use_line`` were read off the
cell's frames in the traceback (default JAX traceback filtering). Each listed first fix was applied
to a copy of the cell and re-run: every first fix was checked, and the cell then runs; the leak
cases whose fix is a restructuring are marked verifiable=False even though the rewrite was run.

Count by kind: array-conversion 3, bool-conversion 4, boolean-index 3, concretization 2, integer-conversion 3, leaked-tracer 4, non-array-argument 4, traced-shape 3, unhashable-static 3.
Per library: jaxbo 11, jaxellip 9, jaxcont 9 (29 cases).

Dropped
-------
- diffqc 0.0.2 (candidate): installs, but ``import diffqc`` fails with AttributeError
  (module 'jax.random' has no attribute 'PRNGKeyArray', removed from JAX).
- jax-sparse 0.0.2 (alternate): installs, but ``import jax_sparse`` fails with
  ModuleNotFoundError: No module named 'jax.config' (it does ``from jax.config import config`` and
  turns x64 on at import).
- Replaced by jaxcont (a JAX library on neither list). Other candidates checked with pip's resolver
  and rejected: softjax, jaxknn, jaxgsa, jaxpolylog (all need Python >= 3.12), trajax (no
  installable distribution). FixedPointJAX 0.0.25 was installed in the venv while choosing but is
  not used by any case.

Doubts about labels:
- w-jaxcont-max-steps-traced: JAX raises ConcretizationTypeError from jaxcont's own
  int(settings.max_steps); labelled traced-shape because the value is a buffer length/step count,
  but concretization is defensible.
- w-jaxbo-prior-sample-n: the tracer ends up in a shape tuple inside jaxbo.priors; traced-shape,
  though the raw exception is a plain TypeError.
- w-jaxellip-pendulum-math-sin-grad: math.sin needs a Python float, so concretization; one could
  argue array-conversion-like "use jnp instead of a non-JAX math library". The fix label
  jnp-not-np is used for math -> jnp.
- w-jaxbo-float-best-jit: 'astype' follows JAX's own hint; simply dropping float() (pass the
  array as best) is the more natural edit and is equivalent.
- w-jaxbo-kappa-schedule-index: the fix is "make the schedule a jnp array and index it with the
  traced counter"; the vocabulary has no exact item, jnp-not-np is the closest; static (one
  compilation per iteration) is also acceptable, and some may put it first.
- w-jaxbo-options-in-kwargs: the traced function is the library's jitted GP.predict, not a user
  function; argument 'kwargs' / path kwargs['criterion'] name the library parameter through which
  the user's options leaked (kwargs['kernel'] is equally offending; JAX reports 'criterion' first).
  argument=None is defensible. 'static' here means "move the strings out of the traced kwargs".
- w-jaxbo-subclass-cache-self: std depends on X_star and on the traced kwargs (params, batch);
  X_star is the first parameter of the user's override. The first fix (return instead of store)
  needs a restructuring, so verifiable=False.
- w-jaxbo-acq-log-list: jax.debug.print is enough if the user only wanted to look at the values;
  for a plot the values must be returned, so return-value first. Not a one-line fix.
- w-jaxcont-args-n-range-jit: the user jitted ``lambda a: fold_parameter(...)``; the failing line is
  in the vector field, whose parameter is args, so argument 'args' / path args['n'] ('a' would also
  be defensible). numpy-for-static (range(u.shape[0])) first; keeping n out of args (static) also works.
- w-jaxcont-fold-grad-builtin-max: the user's vmapped/differentiated function takes k; the failing
  line is in the vector field, hence args / args['k'].
- w-jaxcont-model-self-leak: the residual depends on u and p; u is the first parameter.
- w-jaxcont-valid-mask-vmap: size-argument with a fill index keeps the max only because the fill
  points at a valid entry; jnp.where is the clean fix.
- w-jaxellip-dataclass-loop-arg: static works only after making the dataclass frozen
  (hashable); register-pytree first.
- w-jaxellip-force-log-leak: marked verifiable because the fix is local (drop the store, switch
  grad -> value_and_grad, use the returned value), though it touches three lines.
- w-jaxcont-settings-dict-static: passing ContinuationPar itself as the static argument is an
  alternative to the tuple-of-items edit; both are 'hashable-static'.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='w-jaxbo-acq-if-std',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/acquisitions.py',
        code="""\
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior
from jaxbo.acquisitions import score_candidates

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = GP({"kernel": "RBF", "criterion": "LCB", "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])

def my_lcb(mean, std, kappa):
    if std[0] < 1e-3:  # point already well explored: pure exploitation
        return mean[0, 0]
    return mean[0, 0] - kappa * std[0]

Xc = random.uniform(random.PRNGKey(2), (64, 2))
scores = score_candidates(model, Xc, params=params, batch=batch, bounds=bounds, acq_fn=my_lcb, kappa=2.0)
""",
        kind='bool-conversion', argument='std', path='std', line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom acquisition handed to score_candidates branches with a Python if on the predictive std; score_candidates vmaps the acquisition over candidates, so std is a BatchTracer and JAX raises TracerBoolConversionError. Selecting both values with jnp.where keeps the result (lax.cond also works); checked.',
    ),
    Case(
        id='w-jaxbo-acq-scipy-cdf',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/acquisitions.py',
        code="""\
import jax.numpy as jnp
from jax import random
from scipy.stats import norm
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior
from jaxbo.acquisitions import score_candidates

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = GP({"kernel": "RBF", "criterion": "EI", "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])

def neg_prob_improvement(mean, std, best):
    z = (best - mean[0, 0]) / std[0]
    return -norm.cdf(z)

Xc = random.uniform(random.PRNGKey(2), (64, 2))
scores = score_candidates(model, Xc, params=params, batch=batch, bounds=bounds,
                          acq_fn=neg_prob_improvement, best=jnp.min(batch["y"]))
""",
        kind='array-conversion', argument='mean', path='mean', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A probability-of-improvement acquisition written with scipy.stats.norm is vmapped by score_candidates; SciPy calls __array__ on the traced z and JAX raises TracerArrayConversionError. Importing norm from jax.scipy.stats fixes it; checked.',
    ),
    Case(
        id='w-jaxbo-float-best-jit',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/acquisitions.py',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior
from jaxbo.acquisitions import score_candidates, EI

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
model = GP({"kernel": "RBF", "criterion": "EI", "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])
Xc = random.uniform(random.PRNGKey(2), (64, 2))

@jax.jit
def propose(y):
    batch, norm_const = normalize(X, y, bounds)
    scores = score_candidates(model, Xc, params=params, batch=batch, bounds=bounds,
                              acq_fn=EI, best=float(jnp.min(batch["y"])))
    return Xc[jnp.argmin(scores)]

x_next = propose(jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2)
""",
        kind='concretization', argument='y', path='y', line=20,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='Following the score_candidates docstring (best=float(np.min(batch["y"]))) inside a jitted proposal step: batch comes from normalize(X, y) with y traced, so float() raises ConcretizationTypeError. Keeping best as an array (.astype(float), as the JAX message suggests, or just dropping float()) works; checked.',
    ),
    Case(
        id='w-jaxbo-acq-log-list',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/acquisitions.py',
        code="""\
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior
from jaxbo.acquisitions import score_candidates

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = GP({"kernel": "RBF", "criterion": "LCB", "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])
std_log = []

def logged_lcb(mean, std, kappa):
    std_log.append(std)  # keep the predictive std for a diagnostics plot
    return mean[0, 0] - kappa * std[0]

Xc = random.uniform(random.PRNGKey(2), (64, 2))
scores = score_candidates(model, Xc, params=params, batch=batch, bounds=bounds, acq_fn=logged_lcb, kappa=2.0)
max_std = jnp.max(jnp.stack(std_log))
""",
        kind='leaked-tracer', argument='std', path='std', line=17,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='The custom acquisition appends the predictive std to a global list while score_candidates vmaps it; the stored BatchTracer is used after the vmap ends and JAX raises UnexpectedTracerError at the later use. Compute/return the stds instead (e.g. vmap model.predict separately) or print them with jax.debug.print; checked the return-value rewrite (not a one-line edit).',
        use_line=22,
    ),
    Case(
        id='w-jaxbo-subclass-cache-self',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/gp.py',
        code="""\
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior

class CachingGP(GP):
    def predict(self, X_star, **kwargs):
        mean, std = super().predict(X_star, **kwargs)
        self.last_std = std  # remember the latest predictive spread
        return mean, std

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = CachingGP({"kernel": "RBF", "criterion": "LCB", "input_prior": uniform_prior(lb, ub)})
kwargs = {"params": jnp.array([0.0, -1.0, -1.0, -4.0]), "batch": batch, "bounds": bounds,
          "norm_const": norm_const, "kappa": 2.0}
acq = model.acquisition(jnp.array([0.3, 0.7]), **kwargs)
print("exploration level:", model.last_std * 2.0)
""",
        kind='leaked-tracer', argument='X_star', path='X_star', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A GP subclass caches the predictive std on self inside predict; GP.acquisition is jitted with self static and calls self.predict while tracing, so self.last_std holds a DynamicJaxprTracer and reading it later raises UnexpectedTracerError. Return the value (call model.predict again outside the trace) instead of storing it; checked.',
        use_line=21,
    ),
    Case(
        id='w-jaxbo-model-as-jit-arg',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/gp.py',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = GP({"kernel": "Matern52", "criterion": "EI", "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])

@jax.jit
def upper_band(gp, X_star, params):
    mean, std = gp.predict(X_star, params=params, batch=batch, bounds=bounds)
    return mean[:, 0] + 2.0 * std

band = upper_band(model, random.uniform(random.PRNGKey(3), (50, 2)), params)
""",
        kind='non-array-argument', argument='gp', path='gp', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The user jits a helper that takes the jaxbo GP model as an ordinary argument; JAX raises TypeError ("Error interpreting argument ... as an abstract array", path gp). GP defines __hash__/__eq__ so static_argnums=0 works, as the JAX message suggests; checked.',
    ),
    Case(
        id='w-jaxbo-options-in-kwargs',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/examples/bo_tutorial.ipynb',
        code="""\
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
options = {"kernel": "RBF", "criterion": "LCB", "kappa": 2.0}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = GP({**options, "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])

kwargs = dict(options, params=params, batch=batch, bounds=bounds, norm_const=norm_const)
mean, std = model.predict(random.uniform(random.PRNGKey(3), (50, 2)), **kwargs)
""",
        kind='non-array-argument', argument='kwargs', path="kwargs['criterion']", line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The tutorial-style kwargs dict is built from the options dict, so strings (criterion, kernel) reach GP.predict, which jaxbo jits with only self static; JAX raises TypeError at path kwargs['criterion']. The fix is to keep non-array options out of the traced kwargs (pass only params/batch/bounds/... and kappa); the JAX hint about static_argnums cannot be applied to the library method; checked.",
    ),
    Case(
        id='w-jaxbo-prior-sample-n',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/priors.py',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxbo.priors import uniform_prior

lb, ub = jnp.array([-5.0, 0.0]), jnp.array([10.0, 15.0])
p_x = uniform_prior(lb, ub)

@jax.jit
def initial_design(key, n_init):
    X0 = p_x.sample(key, n_init)
    return X0, jnp.sum(X0 ** 2, axis=1)

X0, y0 = initial_design(random.PRNGKey(0), 10)
""",
        kind='traced-shape', argument='n_init', path='n_init', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='uniform_prior.sample(key, N) builds the shape (N, dim) for random.uniform; with N a jit argument jaxbo passes a tracer as a shape and JAX raises TypeError ("Shapes must be 1D sequences of concrete values"). static_argnums for n_init (as the message suggests) fixes it; checked.',
    ),
    Case(
        id='w-jaxbo-bounds-static',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/utils.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jax import random
from jaxbo.utils import normalize

lb, ub = jnp.array([-5.0, 0.0]), jnp.array([10.0, 15.0])
bounds = {"lb": lb, "ub": ub}

@partial(jax.jit, static_argnames="bounds")
def prepare(X, y, bounds):
    batch, norm_const = normalize(X, y, bounds)
    return batch, norm_const

X = lb + (ub - lb) * random.uniform(random.PRNGKey(0), (12, 2))
batch, norm_const = prepare(X, jnp.sum(X ** 2, axis=1, keepdims=True), bounds)
""",
        kind='unhashable-static', argument='bounds', path='bounds', line=16,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The bounds dict that jaxbo.utils.normalize expects is marked static in the user\'s jit; dicts (and the arrays inside) are unhashable, so JAX raises ValueError ("Non-hashable static arguments are not supported"). Passing bounds traced works because normalize only does arithmetic with it; checked.',
    ),
    Case(
        id='w-jaxbo-kappa-schedule-index',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/acquisitions.py',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxbo.gp import GP
from jaxbo.utils import normalize
from jaxbo.priors import uniform_prior
from jaxbo.acquisitions import score_candidates, LCB

lb, ub = jnp.zeros(2), jnp.ones(2)
bounds = {"lb": lb, "ub": ub}
X = random.uniform(random.PRNGKey(0), (8, 2))
batch, norm_const = normalize(X, jnp.sin(3 * X[:, :1]) + X[:, 1:] ** 2, bounds)
model = GP({"kernel": "RBF", "criterion": "LCB", "input_prior": uniform_prior(lb, ub)})
params = jnp.array([0.0, -1.0, -1.0, -4.0])
KAPPAS = [3.0, 2.0, 1.0, 0.5]  # explore early, exploit late

@jax.jit
def propose(key, it):
    Xc = random.uniform(key, (64, 2))
    scores = score_candidates(model, Xc, params=params, batch=batch, bounds=bounds,
                              acq_fn=LCB, kappa=KAPPAS[it])
    return Xc[jnp.argmin(scores)]

x_next = propose(random.PRNGKey(1), 2)
""",
        kind='integer-conversion', argument='it', path='it', line=21,
        fixes=('jnp-not-np', 'static'), verifiable=True, jax_fitting_fix=False,
        note='An LCB kappa schedule kept in a Python list is indexed by the iteration counter inside a jitted proposal step; list indexing calls __index__ on the tracer and JAX raises TracerIntegerConversionError. Storing the schedule as a jnp array (or making it static) fixes it; both checked.',
    ),
    Case(
        id='w-jaxbo-bfgs-mask-residual',
        source='https://github.com/ricardogr07/JAX-BO/blob/main/jaxbo/optimizers.py',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxbo.optimizers import minimize_bfgs_jax

A = random.normal(random.PRNGKey(0), (40, 3))
b = A @ jnp.array([1.0, -2.0, 0.5]) + 0.1 * random.normal(random.PRNGKey(1), (40,))

def overshoot_loss(w):
    resid = A @ w - b
    over = resid[resid > 0]  # only penalise over-predictions twice
    return jnp.sum(resid ** 2) + jnp.sum(over ** 2)

w_opt, f_opt = minimize_bfgs_jax(jax.value_and_grad(overshoot_loss), jnp.zeros(3))
""",
        kind='boolean-index', argument='w', path='w', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The loss handed (via jax.value_and_grad) to jaxbo.optimizers.minimize_bfgs_jax selects residuals with a boolean mask; the library runs it inside lax.while_loop, so JAX raises NonConcreteBooleanIndexError. Zeroing the unwanted residuals with jnp.where gives the same loss; checked.',
    ),
    Case(
        id='w-jaxellip-loop-field-axis-if',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxellip import ellipk, ellipe

MU0 = 4e-7 * jnp.pi

def loop_Br(r, z, a=0.05, current=1.0):
    '''Radial field of a circular current loop of radius a at (r, z).'''
    if r == 0.0:  # on the axis the radial component vanishes
        return 0.0
    m = 4 * a * r / ((a + r) ** 2 + z ** 2)
    pre = MU0 * current * z / (2 * jnp.pi * r * jnp.sqrt((a + r) ** 2 + z ** 2))
    return pre * (-ellipk(m) + (a**2 + r**2 + z**2) / ((a - r) ** 2 + z**2) * ellipe(m))

r = jnp.linspace(0.0, 0.1, 101)
Br = jax.vmap(loop_Br, in_axes=(0, None))(r, 0.02)
""",
        kind='bool-conversion', argument='r', path='r', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Off-axis field of a current loop from ellipk/ellipe, with an if r == 0 guard for the axis, vmapped over r; JAX raises TracerBoolConversionError. Returning jnp.where(r == 0, 0, expr) gives the same values (forward); checked.',
    ),
    Case(
        id='w-jaxellip-pendulum-math-sin-grad',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import math
import jax
from jaxellip import ellipk

def pendulum_period(theta0, length=1.0, g=9.81):
    '''Exact period of a pendulum released from amplitude theta0 (radians).'''
    m = math.sin(theta0 / 2) ** 2
    return 4.0 * math.sqrt(length / g) * ellipk(m)

dT_dtheta = jax.grad(pendulum_period)(1.2)
""",
        kind='concretization', argument='theta0', path='theta0', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Exact pendulum period 4 sqrt(L/g) K(sin^2(theta0/2)) written with math.sin and differentiated with jax.grad; math.sin calls float() on the tracer and JAX raises ConcretizationTypeError. jnp.sin fixes it; the JAX hint (x.astype(float)) does not fit; checked.',
    ),
    Case(
        id='w-jaxellip-coil-turns-range',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxellip import ellipk, ellipe

MU0 = 4e-7 * jnp.pi

def mutual(a, b, d):
    m = 4 * a * b / ((a + b) ** 2 + d ** 2)
    k = jnp.sqrt(m)
    return MU0 * jnp.sqrt(a * b) * ((2 / k - k) * ellipk(m) - 2 / k * ellipe(m))

@jax.jit
def coil_to_loop(a, b, gap, pitch, n_turns):
    total = 0.0
    for i in range(n_turns):
        total += mutual(a, b, gap + i * pitch)
    return total

M = coil_to_loop(0.05, 0.03, 0.01, 0.002, 20)
""",
        kind='integer-conversion', argument='n_turns', path='n_turns', line=15,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Mutual inductance of a multi-turn coil (ellipk/ellipe per turn) summed with for i in range(n_turns) inside jax.jit; range() calls __index__ on the traced count and JAX raises TracerIntegerConversionError. lax.fori_loop with the traced bound, or static_argnames="n_turns", both fix it; checked.',
    ),
    Case(
        id='w-jaxellip-perimeter-numpy-sqrt',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from jaxellip import ellipe

@jax.jit
def ellipse_perimeter(a, b):
    '''Perimeter of an ellipse with semi-axes a >= b.'''
    e = np.sqrt(1.0 - (b / a) ** 2)  # eccentricity
    return 4.0 * a * ellipe(e ** 2)

P = ellipse_perimeter(jnp.float32(3.0), jnp.float32(2.0))
""",
        kind='array-conversion', argument='a', path='a', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Ellipse perimeter 4 a E(e^2) ported from a SciPy version keeps np.sqrt for the eccentricity inside jax.jit; NumPy calls __array__ on the tracer and JAX raises TracerArrayConversionError. jnp.sqrt fixes it; checked.',
    ),
    Case(
        id='w-jaxellip-drop-invalid-moduli',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxellip import ellipk

@jax.jit
def mean_K(m):
    '''Average K(m) over the moduli that are inside the domain m < 1.'''
    valid = m[m < 1.0]
    return jnp.mean(ellipk(valid))

m = jnp.array([0.1, 0.5, 0.9, 1.2, 0.99])
print(mean_K(m))
""",
        kind='boolean-index', argument='m', path='m', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='jaxellip returns NaN for m > 1, so the user filters the moduli with m[m < 1] before ellipk inside jax.jit; JAX raises NonConcreteBooleanIndexError. A jnp.where mask over the values (and a masked count) gives the same mean; checked.',
    ),
    Case(
        id='w-jaxellip-linspace-n-points',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxellip import ellipk, ellipe

@jax.jit
def elliptic_table(m_max, n_points):
    m = jnp.linspace(0.0, m_max, n_points)
    return m, ellipk(m), ellipe(m)

m, K, E = elliptic_table(0.99, 200)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A jitted K/E table builder takes the number of grid points as an argument and calls jnp.linspace(0, m_max, n_points); JAX raises ConcretizationTypeError for the num argument. static_argnames="n_points" fixes it; checked.',
    ),
    Case(
        id='w-jaxellip-force-log-leak',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxellip import ellipk, ellipe

MU0 = 4e-7 * jnp.pi
log = {}

def mutual(d, a=0.05, b=0.03):
    m = 4 * a * b / ((a + b) ** 2 + d ** 2)
    k = jnp.sqrt(m)
    M = MU0 * jnp.sqrt(a * b) * ((2 / k - k) * ellipk(m) - 2 / k * ellipe(m))
    log["M"] = M  # keep the inductance for the report
    return M

force = jax.jit(jax.grad(mutual))(0.01)  # axial force per unit current^2
print(f"M = {log['M'] * 1e9:.3f} nH, dM/dd = {force:.3e}")
""",
        kind='leaked-tracer', argument='d', path='d', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='Mutual inductance (ellipk/ellipe) is differentiated with jax.jit(jax.grad(...)) to get the axial force, and the inductance is stashed in a global dict for the report; formatting it afterwards raises UnexpectedTracerError. Returning it instead (jax.value_and_grad) fixes it; checked.',
        use_line=16,
    ),
    Case(
        id='w-jaxellip-static-radii-list',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jaxellip import ellipk, ellipe

MU0 = 4e-7 * jnp.pi

@partial(jax.jit, static_argnames="radii")
def on_axis_like_sum(z, radii):
    total = 0.0
    for a in radii:
        m = 4 * a * 0.01 / ((a + 0.01) ** 2 + z ** 2)
        total += MU0 / (2 * jnp.pi * jnp.sqrt((a + 0.01) ** 2 + z ** 2)) * (ellipk(m) + ellipe(m))
    return total

B = on_axis_like_sum(0.02, radii=[0.03, 0.04, 0.05])
""",
        kind='unhashable-static', argument='radii', path='radii', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Coil radii are passed as a static argument to unroll a Python loop over ellipk/ellipe terms, but as a list; JAX raises ValueError ("Non-hashable static arguments are not supported"). Passing a tuple fixes it; checked.',
    ),
    Case(
        id='w-jaxellip-dataclass-loop-arg',
        source='https://github.com/sinaatalay/jaxellip/blob/main/README.md',
        code="""\
from dataclasses import dataclass
import jax
import jax.numpy as jnp
from jaxellip import ellipk, ellipe

@dataclass
class Loop:
    radius: float
    current: float

@jax.jit
def Bz(loop, r, z):
    a, I = loop.radius, loop.current
    m = 4 * a * r / ((a + r) ** 2 + z ** 2)
    pre = 4e-7 * I / (2 * jnp.sqrt((a + r) ** 2 + z ** 2))
    return pre * (ellipk(m) + (a**2 - r**2 - z**2) / ((a - r) ** 2 + z**2) * ellipe(m))

print(Bz(Loop(radius=0.05, current=2.0), 0.01, 0.02))
""",
        kind='non-array-argument', argument='loop', path='loop', line=18,
        fixes=('register-pytree', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A plain @dataclass Loop(radius, current) is passed to a jitted field function built on ellipk/ellipe; JAX raises TypeError (not a valid JAX type, path loop). Registering the dataclass as a pytree fixes it; the suggested static_argnums fails as is because the non-frozen dataclass is unhashable (works once frozen); checked.',
    ),
    Case(
        id='w-jaxcont-field-if-p',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/README.md',
        code="""\
import jax.numpy as jnp
import jaxcont

def switch_model(u, p, args):
    '''Gene switch whose basal production only switches on for positive drive p.'''
    x = u[0]
    if p > 0:
        basal = p
    else:
        basal = 0.0
    return jnp.array([basal + x**2 / (1 + x**2) - 0.4 * x])

prob = jaxcont.bif_problem(switch_model, jnp.array([0.1]), 0.0)
res = jaxcont.continuation(prob, p_span=(0.0, 0.2), settings=jaxcont.ContinuationPar(max_steps=100))
""",
        kind='bool-conversion', argument='p', path='p', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A vector field f(u, p, args) with a Python if on the continuation parameter; jaxcont.continuation traces f inside its compiled whole-loop engine, so JAX raises TracerBoolConversionError. basal = jnp.where(p > 0, p, 0) fixes it; checked.',
    ),
    Case(
        id='w-jaxcont-field-numpy-exp',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/README.md',
        code="""\
import numpy as np
import jax.numpy as jnp
import jaxcont

def bratu(u, p, args):
    '''Two-point Bratu problem discretised on 8 interior nodes.'''
    h = 1.0 / (u.shape[0] + 1)
    lap = (jnp.roll(u, 1).at[0].set(0.0) - 2 * u + jnp.roll(u, -1).at[-1].set(0.0)) / h**2
    return lap + p * np.exp(u)

prob = jaxcont.bif_problem(bratu, jnp.zeros(8), 0.0, param_name="lambda")
res = jaxcont.continuation(prob, p_span=(0.0, 3.0), settings=jaxcont.ContinuationPar(max_steps=100))
""",
        kind='array-conversion', argument='u', path='u', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Discretised Bratu problem whose vector field uses np.exp(u); jaxcont traces the field in its jitted pseudo-arclength engine and JAX raises TracerArrayConversionError. jnp.exp fixes it; checked.',
    ),
    Case(
        id='w-jaxcont-args-n-range-jit',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/examples/example_07_differentiable.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxcont import fold_parameter

def ring(u, p, args):
    '''Ring of diffusively coupled saddle-node units.'''
    out = []
    for i in range(args["n"]):
        out.append(p - u[i] ** 2 + args["k"] * (u[i - 1] - u[i]))
    return jnp.stack(out)

args = {"n": 3, "k": 0.3}
fold_p = jax.jit(lambda a: fold_parameter(ring, jnp.full(3, 0.1), 0.0, a))(args)
""",
        kind='integer-conversion', argument='args', path="args['n']", line=8,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='The ring size n is kept in the args pytree (which jaxcont treats as a dynamic leaf); once fold_parameter is jitted over args, range(args["n"]) in the vector field raises TracerIntegerConversionError. Take the size from u.shape[0] (or keep n out of the traced args); checked.',
    ),
    Case(
        id='w-jaxcont-max-steps-traced',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/jaxcont/api.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcont

def fold_normal_form(u, p, args):
    return jnp.array([p + u[0] ** 2])

prob = jaxcont.bif_problem(fold_normal_form, jnp.array([1.0]), -1.0)

@jax.jit
def branch_end(p_end, max_steps):
    settings = jaxcont.ContinuationPar(ds=0.02, max_steps=max_steps, compute_stability=False)
    res = jaxcont.continuation(prob, p_span=(-1.0, p_end), settings=settings)
    return res.branch.states[-1]

u_end = branch_end(0.5, 200)
""",
        kind='traced-shape', argument='max_steps', path='max_steps', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='ContinuationPar(max_steps=...) is built from a jit argument; jaxcont calls int(settings.max_steps) to size its step buffer, so the library raises ConcretizationTypeError at the user\'s continuation() call. static_argnames="max_steps" fixes it; the JAX hint (astype(int)) does not fit; checked.',
    ),
    Case(
        id='w-jaxcont-valid-mask-vmap',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/examples/example_06_vmap_sweep.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcont

def cubic(u, p, args):
    return jnp.array([p + args * u[0] - u[0] ** 3])

prob = jaxcont.bif_problem(cubic, jnp.array([-1.5]), -1.0, args=1.0)
settings = jaxcont.ContinuationPar(ds=0.05, max_steps=150, compute_stability=False)

def largest_state(a):
    res = jaxcont.continuation(prob.at(args=a), p_span=(-1.0, 1.0), settings=settings)
    br = res.branch
    return jnp.max(br.states[br.valid, 0])

peaks = jax.vmap(largest_state)(jnp.linspace(0.5, 1.5, 4))
""",
        kind='boolean-index', argument='a', path='a', line=14,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Under jax.vmap, continuation() returns fixed-size buffers plus a Branch.valid mask; indexing states with that mask inside the vmapped function raises NonConcreteBooleanIndexError. A jnp.where-masked max (or jnp.nonzero with size=) gives the same peak; checked both.',
    ),
    Case(
        id='w-jaxcont-settings-jit-arg',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/jaxcont/api.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcont

def logistic_harvest(u, p, args):
    return jnp.array([u[0] * (1 - u[0]) - p * u[0] ** 2 / (0.1 + u[0] ** 2)])

prob = jaxcont.bif_problem(logistic_harvest, jnp.array([0.9]), 0.0)

@jax.jit
def branch(p_end, settings):
    res = jaxcont.continuation(prob, p_span=(0.0, p_end), settings=settings)
    return res.branch.params, res.branch.states

params, states = branch(0.3, jaxcont.ContinuationPar(ds=0.01, max_steps=120, compute_stability=False))
""",
        kind='non-array-argument', argument='settings', path='settings', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A ContinuationPar settings object (a frozen dataclass, not a pytree) is passed as an ordinary argument to a jitted wrapper; JAX raises TypeError (path settings). It is hashable, so static_argnames="settings" works as the message suggests; checked.',
    ),
    Case(
        id='w-jaxcont-settings-dict-static',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/jaxcont/api.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jaxcont

def logistic_harvest(u, p, args):
    return jnp.array([u[0] * (1 - u[0]) - p * u[0] ** 2 / (0.1 + u[0] ** 2)])

prob = jaxcont.bif_problem(logistic_harvest, jnp.array([0.9]), 0.0)

@partial(jax.jit, static_argnames="opts")
def branch(p_end, opts):
    settings = jaxcont.ContinuationPar(**opts)
    res = jaxcont.continuation(prob, p_span=(0.0, p_end), settings=settings)
    return res.branch.params, res.branch.states

params, states = branch(0.3, opts={"ds": 0.01, "max_steps": 120, "compute_stability": False})
""",
        kind='unhashable-static', argument='opts', path='opts', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Continuation settings are passed as a static dict of ContinuationPar keyword arguments (they must stay Python values: max_steps is int()-ed by jaxcont); JAX raises ValueError for the unhashable dict. A tuple of items (or the frozen ContinuationPar itself) is hashable; checked. Making it non-static fails on max_steps.',
    ),
    Case(
        id='w-jaxcont-model-self-leak',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/README.md',
        code="""\
import jax.numpy as jnp
import jaxcont

class Brusselator:
    '''Brusselator with b as the continuation parameter; records its last residual.'''
    def __init__(self, a=1.0):
        self.a = a
        self.last_residual = None

    def __call__(self, u, p, args):
        x, y = u
        r = jnp.array([self.a - (p + 1) * x + x**2 * y, p * x - x**2 * y])
        self.last_residual = r
        return r

model = Brusselator()
prob = jaxcont.bif_problem(model, jnp.array([1.0, 1.0]), 1.0)
res = jaxcont.continuation(prob, p_span=(1.0, 2.5), settings=jaxcont.ContinuationPar(max_steps=80))
print("final residual norm:", jnp.linalg.norm(model.last_residual))
""",
        kind='leaked-tracer', argument='u', path='u', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A callable model object records its last residual on self while jaxcont traces it (scan engine, then the jacobian/eigenvalue post-pass); the stored JVPTracer is used after continuation() returns and JAX raises UnexpectedTracerError. Evaluate/return the residual outside the trace instead of storing it; checked.',
        use_line=19,
    ),
    Case(
        id='w-jaxcont-fold-grad-builtin-max',
        source='https://github.com/Ziaeemehr/JaxCont/blob/main/examples/example_07_differentiable.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxcont import fold_parameter

def autocatalysis(u, p, args):
    gain = max(args["k"], 0.0)  # negative feedback gains are clipped to zero
    return jnp.array([p - u[0] ** 2 + gain * u[0]])

def fold_location(k):
    return fold_parameter(autocatalysis, jnp.array([0.1]), 0.0, {"k": k})

sensitivity = jax.vmap(jax.grad(fold_location))(jnp.linspace(0.1, 1.0, 5))
""",
        kind='bool-conversion', argument='args', path="args['k']", line=6,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='The vector field clips a gain with builtin max(args["k"], 0.0); jax.vmap(jax.grad(fold_parameter ...)) makes args["k"] a BatchTracer inside jaxcont\'s implicit-differentiation solve and the comparison raises TracerBoolConversionError. jnp.maximum fixes it; checked.',
    ),
]
