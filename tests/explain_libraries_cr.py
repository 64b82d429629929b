"""Held-out library cases (set r): numpyro-ext, mcfit, SciPy array-API (JAX arrays).

How they were built: every cell is my own reduction of a usage pattern from the
library's docs, source docstrings or a GitHub thread (see each `source`), run as a
file with /tmp/heldout48/venv_cr/bin/python (CPython 3.11.7, venv made with
--system-site-packages). Every statement but the last runs cleanly; the last raises
while JAX traces. `line`/`use_line` were read off the traceback frames in the cell.
Each first fix was applied by hand to a copy of the cell and re-run (noted "checked").

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, scipy 1.17.1,
numpyro-ext 0.0.4 (with numpyro 0.22.0 and jaxopt 0.8.5 from the system site
packages; jaxopt is only numpyro-ext's internal engine for JAXOptMinimize),
mcfit 0.0.22. flax 0.12.8, equinox 0.13.8, optax 0.2.8 left as installed (unused).

64-bit mode: mcfit 0.0.22 calls jax.config.update("jax_enable_x64", True) when it is
imported (newer mcfit on GitHub removed this), so all mcfit cells run with x64 on
(tracers are float64/int64 in the messages; no label depends on it). numpyro-ext and
SciPy do not change it.

SciPy cells set os.environ["SCIPY_ARRAY_API"] = "1" in their first lines, before
scipy is imported; they must run in a fresh interpreter (with the flag off, SciPy
converts JAX arrays to NumPy and several cases would turn into array-conversion).

Dropped: hmfast 0.2.0 installed but downloads cosmopower emulator files from GitHub
at import time (download_emulators in hmfast/__init__.py), which fails without
network, so it was removed from the venv and replaced by the first alternate,
SciPy's array-API support with JAX arrays. cached_interpolate was not needed.
One mcfit cell (extrap='const' passed as a jit argument) was dropped as a near
duplicate of r-mcfit-transform-object-as-jit-arg.

Doubts about labels:
- r-numpyroext-unitdisk-if-in-model, r-numpyroext-optimize-float-print,
  r-numpyroext-optimize-sigma-clip-mask: the traced values come from numpyro.sample
  sites, not from a parameter of the model function, so argument is None; JAX's
  message names the optimiser's parameter (p['hk_auto_loc'], ...) and a reader could
  take the site name as the culprit.
- r-numpyroext-information-traced-order: JAX raises ValueError about a non-hashable
  static argument (jnp.vander's size is a static argument of an inner jit), so
  unhashable-static is arguable; the user's mistake is a traced size, hence traced-shape.
- r-numpyroext-prior-sample-traced-count: JAX raises TracerArrayConversionError
  (numpy.prod in numpyro's Predictive), so array-conversion is defensible; labelled
  traced-shape because the value is a sample count.
- r-numpyroext-optimize-num-steps-traced: a loop count fed to range(); traced-shape
  is also defensible.
- r-mcfit-axis-traced: the axis is used as a Python list index (integer-conversion
  per JAX) but is semantically an axis (traced-shape).
- r-scipy-trim-mean-vmap-cut: SciPy calls int() (ConcretizationTypeError), so
  concretization is defensible; labelled traced-shape because the int is a slice bound.
- r-scipy-welch-nperseg-traced, r-scipy-zscore-axis-traced: JAX raises
  ConcretizationTypeError; concretization is defensible.
- r-mcfit-inv-inside-jit-leak: both H.inv() calls (lines 12 and 14) store tracers; the
  ones that survive are from line 14. No vocabulary fix fits exactly: "static"
  stands for moving the stateful inversion out of the traced function.
- r-mcfit-construct-in-jit-traced-grid, r-mcfit-construct-in-jit-closed-grid: "static"
  means hoisting the transform's construction out of jax.jit; numpy-for-static does
  not help (a NumPy grid is still sliced under jit).
- r-mcfit-numpy-backend-under-grad, r-scipy-norm-logpdf-value-and-grad: "jnp-not-np"
  here means switching the library call to its JAX implementation (backend='jax',
  jax.scipy.stats).
- r-mcfit-bao-peak-boolean-mask: argument None because the mask depends only on the
  output grid r (a constant staged under jit), even though xi depends on amp.
- r-mcfit-prefac-set-in-jit-leak: "return-value" means using the window on the input
  instead of storing it on the transform; a reader might prefer "static".
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='r-numpyroext-unitdisk-if-in-model',
        source='https://github.com/dfm/numpyro-ext/blob/main/README.md',
        code="""\
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro_ext import distributions as distx
from numpyro_ext import optim
import jax

t = jnp.linspace(0.0, 20.0, 80)
rv = 3.0 * jnp.sin(2 * jnp.pi * t / 7.0 + 0.4)

def model(t, rv=None):
    hk = numpyro.sample("hk", distx.UnitDisk())
    amp = numpyro.sample("amp", dist.HalfNormal(10.0))
    ecc = hk[0] ** 2 + hk[1] ** 2
    omega = jnp.arctan2(hk[1], hk[0])
    if ecc < 1e-3:
        omega = 0.0
    mu = amp * (jnp.sin(2 * jnp.pi * t / 7.0 + omega) + ecc * jnp.cos(omega))
    numpyro.sample("obs", dist.Normal(mu, 0.5), obs=rv)

run = optim.optimize(model)
params = run(jax.random.PRNGKey(0), t, rv=rv)
""",
        kind='bool-conversion', argument=None, path=None, line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A radial-velocity model with numpyro-ext's UnitDisk prior uses a Python `if` on the eccentricity built from the sampled point; numpyro_ext.optim.optimize (JAXOptMinimize) jit-traces the model's loss, so JAX raises TracerBoolConversionError on the `if`. Replacing it with `omega = jnp.where(ecc < 1e-3, 0.0, omega)` keeps the result; checked.",
    ),
    Case(
        id='r-numpyroext-marginalized-linear-leak',
        source='https://github.com/dfm/numpyro-ext/issues/41',
        code="""\
import jax
import jax.numpy as jnp
import numpyro.distributions as dist
from numpyro_ext import distributions as distx

x = jnp.linspace(-1.0, 1.0, 40)
y = 0.3 + 1.2 * x - 0.5 * x**2
A = jnp.vander(x, 3)
fitted = {}

@jax.jit
def log_like(log_jitter):
    marg = distx.MarginalizedLinear(
        A, dist.Normal(0.0, 10.0), dist.Normal(0.0, jnp.exp(log_jitter))
    )
    fitted["marg"] = marg
    return marg.log_prob(y)

log_like(jnp.log(0.1))
weights = fitted["marg"].conditional(y).mean
""",
        kind='leaked-tracer', argument='log_jitter', path='log_jitter', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A MarginalizedLinear distribution built inside a jitted log-likelihood (its data scale traced from log_jitter) is stashed in a dict to call `.conditional(y)` afterwards; the later use raises UnexpectedTracerError. Returning the distribution (a pytree) from the jitted function instead of storing it works; checked.',
        use_line=20,
    ),
    Case(
        id='r-numpyroext-information-traced-order',
        source='https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/info.py',
        code="""\
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import numpyro_ext

x = jnp.linspace(-1.0, 1.0, 25)
yerr = 0.1 * jnp.ones_like(x)
y = 0.5 * x**2 - 0.2 * x + 1.0

def model(x, yerr, order, y=None):
    w = numpyro.sample("w", dist.Normal(0.0, 1.0).expand([order + 1]))
    numpyro.sample("y", dist.Normal(jnp.vander(x, order + 1) @ w, yerr), obs=y)

info = numpyro_ext.information(model)

@jax.jit
def fisher(params, order):
    return info(params, x, yerr, order, y=y)

F = fisher({"w": jnp.array([0.5, -0.2, 1.0])}, 2)
""",
        kind='traced-shape', argument='order', path='order', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='numpyro_ext.information documents the extra arguments as static model arguments, but the user jits a wrapper that passes the polynomial order traced; inside the model `jnp.vander(x, order + 1)` needs a concrete size and JAX raises ValueError (non-hashable static argument, a DynamicJaxprTracer). Marking `order` static in jax.jit fixes it; checked.',
    ),
    Case(
        id='r-numpyroext-optimize-num-steps-traced',
        source='https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/optim.py',
        code="""\
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro_ext import optim

x = jnp.linspace(0.0, 5.0, 30)
y = 1.5 * x - 0.7

def model(x, y=None):
    m = numpyro.sample("m", dist.Normal(0.0, 5.0))
    b = numpyro.sample("b", dist.Normal(0.0, 5.0))
    numpyro.sample("y", dist.Normal(m * x + b, 0.3), obs=y)

@jax.jit
def fit(key, num_steps):
    run = optim.optimize(model, optimizer=numpyro.optim.Adam(0.05), num_steps=num_steps)
    return run(key, x, y=y)

params = fit(jax.random.PRNGKey(0), 20)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="numpyro_ext.optim.optimize loops `for _ in range(num_steps)` in Python; building it inside a jitted function with num_steps passed as a jit argument makes the library's own range() raise TracerIntegerConversionError. static_argnames='num_steps' fixes it; checked (20 steps; unrolled Adam steps compile slowly for large counts).",
    ),
    Case(
        id='r-numpyroext-optimize-sites-list-static',
        source='https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/optim.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro_ext import optim

x = jnp.linspace(0.0, 5.0, 30)
y = 1.5 * x - 0.7

def model(x, y=None):
    m = numpyro.sample("m", dist.Normal(0.0, 5.0))
    b = numpyro.sample("b", dist.Normal(0.0, 5.0))
    numpyro.sample("y", dist.Normal(m * x + b, 0.3), obs=y)

@partial(jax.jit, static_argnames="sites")
def fit_subset(key, start, sites):
    run = optim.optimize(model, sites=sites, start=start,
                         optimizer=numpyro.optim.Adam(0.05), num_steps=10)
    return run(key, x, y=y)

params = fit_subset(jax.random.PRNGKey(0), {"m": 1.0, "b": 0.0}, sites=["m"])
""",
        kind='unhashable-static', argument='sites', path='sites', line=22,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The subset of sites to optimise (optimize's/AutoDelta's `sites`) is rightly marked static, but is passed as a list, so jax.jit raises ValueError (non-hashable static argument). Passing the tuple ('m',) works with numpyro-ext's `name in self._sites`; checked.",
    ),
    Case(
        id='r-numpyroext-information-model-as-jit-arg',
        source='https://github.com/dfm/numpyro-ext/pull/13',
        code="""\
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import numpyro_ext

x = jnp.linspace(0.0, 5.0, 30)
y = 1.5 * x - 0.7

def line_model(x, y=None):
    m = numpyro.sample("m", dist.Normal(0.0, 5.0))
    b = numpyro.sample("b", dist.Normal(0.0, 5.0))
    numpyro.sample("y", dist.Normal(m * x + b, 0.3), obs=y)

@jax.jit
def fisher(model, params):
    return numpyro_ext.information(model, include_prior=True)(params, x, y=y)

F = fisher(line_model, {"m": 1.5, "b": -0.7})
""",
        kind='non-array-argument', argument='model', path='model', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The NumPyro model function is passed as a positional argument to a jitted wrapper around numpyro_ext.information(include_prior=True); JAX raises TypeError because a function is not a valid JAX type. static_argnums=0 (functions are hashable) fixes it and JAX's message says so; checked.",
    ),
    Case(
        id='r-numpyroext-prior-sample-traced-count',
        source='https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/infer.py',
        code="""\
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro_ext.infer import prior_sample

x = jnp.linspace(0.0, 5.0, 30)
y = 1.5 * x - 0.7

def model(x, y=None):
    m = numpyro.sample("m", dist.Normal(0.0, 5.0))
    b = numpyro.sample("b", dist.Normal(0.0, 5.0))
    numpyro.sample("y", dist.Normal(m * x + b, 0.3), obs=y)

@jax.jit
def prior_check(key, num_samples):
    samples, log_like = prior_sample(model, num_samples)(key, x, y=y)
    return jnp.mean(log_like)

prior_check(jax.random.PRNGKey(1), 500)
""",
        kind='traced-shape', argument='num_samples', path='num_samples', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='numpyro_ext.infer.prior_sample(model, num_samples) is built inside a jitted prior-check with num_samples passed traced; the Predictive it wraps needs the count as a Python int (numpy.prod over the batch shape) and JAX raises TracerArrayConversionError. Making num_samples static fixes it; checked.',
    ),
    Case(
        id='r-numpyroext-optimize-float-print',
        source='https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/optim.py',
        code="""\
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro_ext import distributions as distx
from numpyro_ext import optim

t = jnp.linspace(0.0, 12.0, 120)
rv = 2.0 * jnp.sin(2 * jnp.pi * t / 3.2 + 0.7)

def model(t, rv=None):
    log_period = numpyro.sample("log_period", dist.Normal(jnp.log(3.0), 0.2))
    phase = numpyro.sample("phase", distx.Angle())
    amp = numpyro.sample("amp", dist.HalfNormal(5.0))
    period = jnp.exp(log_period)
    print("trying period", float(period), "amp", float(amp))
    mu = amp * jnp.sin(2 * jnp.pi * t / period + phase)
    numpyro.sample("rv", dist.Normal(mu, 0.2), obs=rv)

run = optim.optimize(model, start={"log_period": jnp.log(3.2), "amp": 1.0})
params = run(jax.random.PRNGKey(0), t, rv=rv)
""",
        kind='concretization', argument=None, path=None, line=16,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A periodic model with numpyro-ext's Angle prior logs `float(period)` while numpyro_ext.optim.optimize fits it; the first call (init, concrete) prints, but the jaxopt-jitted loss raises ConcretizationTypeError. jax.debug.print prints traced values; checked. JAX's hint (x.astype(float)) does not fit a print.",
    ),
    Case(
        id='r-numpyroext-optimize-sigma-clip-mask',
        source='https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/optim.py',
        code="""\
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro_ext import optim

x = jnp.linspace(0.0, 10.0, 60)
y = 2.0 * x + 1.0 + jnp.where(jnp.arange(60) % 17 == 0, 15.0, 0.0)

def model(x, y=None):
    m = numpyro.sample("m", dist.Normal(0.0, 10.0))
    b = numpyro.sample("b", dist.Normal(0.0, 10.0))
    resid = y - (m * x + b)
    keep = jnp.abs(resid) < 5.0
    logp = dist.Normal(0.0, 1.0).log_prob(resid[keep])
    numpyro.factor("clipped_like", jnp.sum(logp))

run = optim.optimize(model, start={"m": 2.0, "b": 1.0})
params = run(jax.random.PRNGKey(0), x, y=y)
""",
        kind='boolean-index', argument=None, path=None, line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A sigma-clipped line model indexes the residuals with a mask that depends on the sampled slope/intercept; under optimize's jitted loss JAX raises NonConcreteBooleanIndexError. Zeroing the clipped terms with jnp.where keeps the same sum; checked.",
    ),
    Case(
        id='r-mcfit-construct-in-jit-traced-grid',
        source='https://github.com/eelregit/mcfit/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 1, 256)

@jax.jit
def xi_of(k, pk):
    r, xi = mcfit.P2xi(k, lowring=True, backend="jax")(pk, extrap=True)
    return r, xi

pk = k / (1 + (k / 0.02) ** 3)
r, xi = xi_of(k, pk)
""",
        kind='concretization', argument='k', path='k', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The P2xi transform is constructed inside a jitted function from the traced k grid; mcfit's constructor computes log(x[-1]/x[0]) with Python's math.log, so JAX raises ConcretizationTypeError (mcfit's import turns on x64, hence float64). The README says not to jit the constructor: build it once outside and jit only the call; checked.",
    ),
    Case(
        id='r-mcfit-numpy-backend-under-grad',
        source='https://github.com/eelregit/mcfit/blob/master/mcfit/mcfit.py',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 300)
pk_shape = k / (1 + (k / 0.02) ** 2) ** 2
var_of_R = mcfit.TophatVar(k, lowring=True)

def sigma8(amp):
    R, var = var_of_R(amp * pk_shape, extrap=True)
    return jnp.sqrt(jnp.interp(8.0, R, var))

dsigma8 = jax.grad(sigma8)(1.0)
""",
        kind='array-conversion', argument='amp', path='amp', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="TophatVar is built with the default backend='numpy' and then differentiated with jax.grad for sigma8(amp); mcfit calls numpy.asarray on the input and JAX raises TracerArrayConversionError. Passing backend='jax' (mcfit's switch from numpy to jax.numpy) fixes it; checked.",
    ),
    Case(
        id='r-mcfit-prefac-set-in-jit-leak',
        source='https://github.com/eelregit/mcfit/blob/master/mcfit/mcfit.py',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 256)
pk = k / (1 + (k / 0.02) ** 2) ** 2
H = mcfit.P2xi(k, lowring=True, backend="jax")
base_prefac = H.prefac

@jax.jit
def smoothed_xi(pk, R):
    H.prefac = base_prefac * jnp.exp(-(k * R) ** 2)
    return H(pk, extrap=True)[1]

xi_s = smoothed_xi(pk, 2.0)
r, xi = H(pk, extrap=True)
""",
        kind='leaked-tracer', argument='R', path='R', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="Setting the transform's prefac inside a jitted function stores traced arrays (xfac/_xfac_, depending on R) on the mcfit object; the later eager call H(pk) raises UnexpectedTracerError. Applying the window to the input and returning the result, instead of storing it on H, fixes it; checked.",
        use_line=16,
    ),
    Case(
        id='r-mcfit-inv-inside-jit-leak',
        source='https://github.com/eelregit/mcfit/blob/master/mcfit/mcfit.py',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 256)
pk = k / (1 + (k / 0.02) ** 2) ** 2
H = mcfit.P2xi(k, lowring=True, backend="jax")

@jax.jit
def round_trip(pk):
    r, xi = H(pk, extrap=True)
    H.inv()
    k_back, pk_back = H(xi, extrap=True)
    H.inv()
    return pk_back

pk_rt = round_trip(pk)
r, xi = H(pk, extrap=True)
""",
        kind='leaked-tracer', argument=None, path=None, line=14,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='Calling H.inv() inside a jitted round trip makes mcfit recompute and store 1/yfac, 1/_u etc. on the object as tracers (jnp ops on constants are staged under jit); the next eager call raises UnexpectedTracerError. Fix: do the stateful inversion once outside the trace (a copied, inverted transform used inside); checked by hand, not a one-line edit.',
        use_line=18,
    ),
    Case(
        id='r-mcfit-transform-object-as-jit-arg',
        source='https://github.com/eelregit/mcfit/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 256)
pk = k / (1 + (k / 0.02) ** 2) ** 2
P0 = mcfit.P2xi(k, l=0, lowring=True, backend="jax")
P2 = mcfit.P2xi(k, l=2, lowring=True, backend="jax")

@jax.jit
def multipole(transform, pk_l):
    r, xi_l = transform(pk_l, extrap=True)
    return xi_l

xi0 = multipole(P0, pk)
""",
        kind='non-array-argument', argument='transform', path='transform', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The mcfit P2xi instance is passed as an ordinary argument to a jitted helper so that l=0 and l=2 can share it; JAX raises TypeError (P2xi is not a valid JAX type). static_argnums=0 works because mcfit objects hash by identity, as JAX's message suggests; checked.",
    ),
    Case(
        id='r-mcfit-extrap-list-static',
        source='https://github.com/eelregit/mcfit/blob/master/mcfit/mcfit.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 256)
pk = k / (1 + (k / 0.02) ** 2) ** 2
H = mcfit.P2xi(k, lowring=True, backend="jax")

@partial(jax.jit, static_argnames="extrap")
def correlation(pk, extrap):
    r, xi = H(pk, extrap=extrap)
    return xi

xi = correlation(pk, extrap=[True, "const"])
""",
        kind='unhashable-static', argument='extrap', path='extrap', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="mcfit's `extrap` takes a 2-tuple for left/right padding; the user makes it static in jax.jit but passes a list, so JAX raises ValueError (non-hashable static argument). Passing (True, 'const') works; checked.",
    ),
    Case(
        id='r-mcfit-axis-traced',
        source='https://github.com/eelregit/mcfit/blob/master/mcfit/mcfit.py',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 256)
z = jnp.array([0.0, 0.5, 1.0])
growth = 1.0 / (1.0 + z)
pk_kz = (k / (1 + (k / 0.02) ** 2) ** 2)[:, None] * growth**2
H = mcfit.P2xi(k, lowring=True, backend="jax")

@jax.jit
def xi_table(pk_table, k_axis):
    r, xi = H(pk_table, axis=k_axis, extrap=True)
    return xi

xi_rz = xi_table(pk_kz, 0)
""",
        kind='integer-conversion', argument='k_axis', path='k_axis', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The axis to transform along is passed as a jit argument; mcfit's __call__ does `to_axis[axis] = -1` on a Python list and JAX raises TracerIntegerConversionError (int64: x64 is on after importing mcfit). static_argnames='k_axis' fixes it; checked.",
    ),
    Case(
        id='r-mcfit-keeppads-flag-traced',
        source='https://github.com/eelregit/mcfit/blob/master/mcfit/mcfit.py',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 256)
pk = k / (1 + (k / 0.02) ** 2) ** 2
H = mcfit.P2xi(k, lowring=True, backend="jax")

def xi_at(r_eval, pk, keep_padding):
    r, xi = H(pk, extrap=True, keeppads=keep_padding)
    return jnp.interp(r_eval, r, xi)

r_eval = jnp.array([20.0, 50.0, 100.0])
xi_vals = jax.jit(xi_at)(r_eval, pk, True)
""",
        kind='bool-conversion', argument='keep_padding', path='keep_padding', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The keeppads option reaches mcfit's `if not keeppads:` as a traced bool because the whole helper is jitted; JAX raises TracerBoolConversionError inside the library. static_argnums=2 on the jit call fixes it; checked.",
    ),
    Case(
        id='r-mcfit-construct-in-jit-closed-grid',
        source='https://github.com/eelregit/mcfit/commit/be3a5cf9c474e16875126adcd35ba785fb781ebb',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 2, 128)

@jax.jit
def sigma_R(ns, amp):
    pk = amp * k**ns / (1 + (k / 0.02) ** 2) ** 2
    R, var = mcfit.TophatVar(k, lowring=True, backend="jax")(pk, extrap=True)
    return R, jnp.sqrt(var)

R, sig = sigma_R(0.96, 2e4)
""",
        kind='concretization', argument=None, path=None, line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="TophatVar is constructed inside a jitted sigma(R) function from a global, concrete k; the constructor's slicing of k is staged under jit, so mcfit's math.log still meets a tracer and JAX raises ConcretizationTypeError though no argument is involved. Hoisting the construction out of the jitted function fixes it (a NumPy k does not); checked.",
    ),
    Case(
        id='r-mcfit-bao-peak-boolean-mask',
        source='https://github.com/eelregit/mcfit/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
import mcfit

k = jnp.logspace(-4, 1, 512)
wiggles = 1.0 + 0.05 * jnp.sin(105.0 * k) * jnp.exp(-((k / 0.2) ** 2))
H = mcfit.P2xi(k, lowring=True, backend="jax")

@jax.jit
def bao_peak(amp):
    pk = amp * k / (1 + (k / 0.02) ** 2) ** 2 * wiggles
    r, xi = H(pk, extrap=True)
    window = (r > 80.0) & (r < 130.0)
    return r[window][jnp.argmax((r**2 * xi)[window])]

r_peak = bao_peak(1.0e4)
""",
        kind='boolean-index', argument=None, path=None, line=14,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note="To locate the BAO peak the user masks the transform's output grid r with a boolean window inside jit; the comparison on r is staged, so JAX raises NonConcreteBooleanIndexError. `jnp.argmax(jnp.where(window, r**2*xi, -jnp.inf))` gives the same peak; checked.",
    ),
    Case(
        id='r-scipy-welch-nperseg-traced',
        source='https://docs.scipy.org/doc/scipy/reference/generated/scipy.signal.welch.html',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
import jax
import jax.numpy as jnp
from scipy import signal

t = jnp.arange(4096) / 256.0
x = jnp.sin(2 * jnp.pi * 12.0 * t) + 0.3 * jnp.sin(2 * jnp.pi * 40.0 * t)

@jax.jit
def band_power(x, nperseg):
    f, pxx = signal.welch(x, fs=256.0, nperseg=nperseg)
    return jnp.sum(jnp.where((f > 8.0) & (f < 16.0), pxx, 0.0))

p = band_power(x, 512)
""",
        kind='traced-shape', argument='nperseg', path='nperseg', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="With SCIPY_ARRAY_API=1, scipy.signal.welch on JAX arrays delegates to jax.scipy.signal.welch, which needs nperseg (a segment length) as a Python int; passing it as a jit argument raises ConcretizationTypeError. static_argnames='nperseg' fixes it; checked.",
    ),
    Case(
        id='r-scipy-skew-bias-flag-traced',
        source='https://github.com/data-apis/array-api-compat/issues/225',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
import jax
import jax.numpy as jnp
from scipy import stats

samples = jax.random.gamma(jax.random.PRNGKey(0), 2.0, (500,))

@jax.jit
def shape_stats(x, bias):
    return stats.skew(x, bias=bias), stats.kurtosis(x, bias=bias)

sk, ku = shape_stats(samples, False)
""",
        kind='bool-conversion', argument='bias', path='bias', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="scipy.stats.skew/kurtosis accept JAX arrays under jit, but the `bias` option is read with SciPy's own `if not bias:`; passed through jax.jit it is traced and JAX raises TracerBoolConversionError inside SciPy. static_argnames='bias' fixes it; checked.",
    ),
    Case(
        id='r-scipy-trim-mean-vmap-cut',
        source='https://docs.scipy.org/doc/scipy/reference/generated/scipy.stats.trim_mean.html',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
import jax
import jax.numpy as jnp
from scipy import stats

key = jax.random.PRNGKey(0)
data = jnp.concatenate([jax.random.normal(key, (200,)), jnp.array([25.0, 40.0, -30.0])])
cuts = jnp.array([0.0, 0.05, 0.1, 0.2])

def robust_center(cut):
    return stats.trim_mean(data, cut)

centers = jax.vmap(robust_center)(cuts)
""",
        kind='traced-shape', argument='cut', path='cut', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Sweeping scipy.stats.trim_mean's proportiontocut with jax.vmap makes SciPy's `int(proportiontocut * nobs)` (a slice bound) meet a batched tracer and JAX raises ConcretizationTypeError. Keeping the cut a Python float (loop over a tuple of cuts) fixes it; checked.",
    ),
    Case(
        id='r-scipy-logsumexp-axis-list-static',
        source='https://docs.scipy.org/doc/scipy/reference/generated/scipy.special.logsumexp.html',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
from functools import partial
import jax
import jax.numpy as jnp
from scipy import special

log_w = jax.random.normal(jax.random.PRNGKey(0), (8, 16, 32))

@partial(jax.jit, static_argnames="axis")
def log_evidence(log_w, axis):
    n = 1
    for a in axis:
        n *= log_w.shape[a]
    return special.logsumexp(log_w, axis=axis) - jnp.log(n)

z = log_evidence(log_w, axis=[1, 2])
""",
        kind='unhashable-static', argument='axis', path='axis', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The reduction axes for scipy.special.logsumexp are marked static but passed as a list [1, 2]; jax.jit raises ValueError (non-hashable static argument). A tuple (1, 2) works for both the jit cache and SciPy; checked.',
    ),
    Case(
        id='r-scipy-norm-logpdf-value-and-grad',
        source='https://github.com/jax-ml/jax/issues/27361',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
import jax
import jax.numpy as jnp
from scipy import stats

data = 1.3 + jax.random.normal(jax.random.PRNGKey(0), (100,))

def nll(params):
    mu, log_sigma = params
    return -jnp.sum(stats.norm.logpdf(data, loc=mu, scale=jnp.exp(log_sigma)))

loss, grads = jax.value_and_grad(nll)(jnp.array([0.0, 0.0]))
""",
        kind='array-conversion', argument='params', path='params', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Even with SCIPY_ARRAY_API=1, the legacy scipy.stats.norm distribution object converts its inputs with numpy.asarray, so jax.value_and_grad of the negative log-likelihood raises TracerArrayConversionError. Using jax.scipy.stats.norm (the JAX counterpart of the NumPy-based call) fixes it; checked.',
    ),
    Case(
        id='r-scipy-combine-pvalues-method-string',
        source='https://docs.scipy.org/doc/scipy/reference/generated/scipy.stats.combine_pvalues.html',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
import jax
import jax.numpy as jnp
from scipy import stats

pvals = jnp.array([0.04, 0.20, 0.013, 0.31, 0.08])

@jax.jit
def meta_pvalue(pvals, method):
    return stats.combine_pvalues(pvals, method=method).pvalue

p_comb = meta_pvalue(pvals, "stouffer")
""",
        kind='non-array-argument', argument='method', path='method', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="scipy.stats.combine_pvalues works on JAX arrays under jit, but the method name 'stouffer' is passed as a jit argument and JAX raises TypeError (str is not a valid JAX type); static_argnames='method' fixes it, as JAX's message suggests; checked.",
    ),
    Case(
        id='r-scipy-zscore-axis-traced',
        source='https://docs.scipy.org/doc/scipy/reference/generated/scipy.stats.zscore.html',
        code="""\
import os
os.environ["SCIPY_ARRAY_API"] = "1"
import jax
import jax.numpy as jnp
from scipy import stats

panel = jax.random.normal(jax.random.PRNGKey(0), (50, 6)) * jnp.arange(1.0, 7.0)

@jax.jit
def standardize(x, axis):
    return stats.zscore(x, axis=axis, ddof=1)

z = standardize(panel, 0)
""",
        kind='traced-shape', argument='axis', path='axis', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The axis for scipy.stats.zscore is a jit argument, so SciPy's reductions receive a traced axis and JAX raises ConcretizationTypeError. static_argnames='axis' fixes it; checked.",
    ),
]
