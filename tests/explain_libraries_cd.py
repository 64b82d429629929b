"""Held-out library cases (set CD): kernax, cosmologix, bilby.

How they were built: each cell was written from scratch as a small reduction of
how the library is used (README/docs examples, the library source read in the
installed package, and the bilby array-backend / JIT threads), written to a file
and run with /tmp/heldout41/venv_cd/bin/python (CPython 3.11.7, a venv made with
--system-site-packages on the machine interpreter). Every earlier statement runs
and only the last statement raises; the exception class is in each note, and
`line` / `use_line` were read off the traceback frames of the cell file. Each
fix marked verifiable was applied by hand to a copy of the cell and re-run
("checked").

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8,
flax 0.12.8, optax 0.2.8 (all unchanged), kernax 0.3.0 (pulls in blackjax 1.7.1,
which no case uses), cosmologix 1.0.1 (enables float64), bilby 2.8.2 (+ scipy
1.17.1).

Dropped: smcjax (every release pins jax<0.7, cannot install with jax 0.10.2);
dynax (the PyPI name "dynax" 0.0.1 is an unrelated empty placeholder, nothing to
import); treex (did not resolve with the pins). cosmologix replaces them.
Note on bilby: the released bilby (2.8.2) has no JAX backend yet (the array-API
work of bilby PR #886 is not in a release), so the bilby cases are what a user
meets when tracing bilby's NumPy likelihoods/priors with JAX, or when writing a
JAX-based bilby.Likelihood subclass.
Sources: kernax has no public issue tracker in the index, so its cases cite the
docs; cosmologix cases cite its repository README (API usage), bilby cases cite
the array-backend PR #886 / JIT-documentation issue #1144.

Doubts about labels:
- cd-kernax-stein-thinning-under-jit: argument None because the traced value is
  jnp.clip(50, 1, 300) built from constants; `concretization` is defensible
  (ConcretizationTypeError from int()); the fix list is weak - the practical user
  fix is "do not jit SteinThinning", which is not in the vocabulary.
- cd-kernax-ksd-vmap-median-heuristic: the fix (pass an explicit kernel_fn with a
  lengthscale computed outside the trace) fits `numpy-for-static` / `static` only
  loosely; argument could be read as the scores too (only x is converted).
- cd-kernax-kernel-leak-list: the leaked value depends on both kernel inputs x and y.
- cd-kernax-burnin-mask-in-jit: argument could be `chain` (the indexed array) rather
  than `logp` (the mask's source); `static` (filter before jit) keeps semantics too.
- cd-cosmologix-config-nstep-static: JAX raises the non-hashable-static ValueError,
  so `unhashable-static` is defensible; I labelled it traced-shape because the
  culprit is a traced count that must be a Python int.
- cd-cosmologix-math-in-chi2-model: math.log10 -> jnp.log10 is labelled
  jnp-not-np; jnp-not-builtin is also defensible.
- cd-cosmologix-chi2-caches-prediction / cd-cosmologix-np-interp-under-grad: the
  offending value depends on many leaves of params (H0, Omega_bc, ...), so path is
  the whole `params`.
- cd-cosmologix-redshift-cut-mask: `static` zmin (cut outside jit) also works.
- cd-bilby-gaussian-sigma-traced / cd-bilby-studentt-nu-check /
  cd-bilby-exponential-negative-mean-check / cd-bilby-lognormal-prior-grad-vmap:
  raised inside bilby's NumPy code; the only real fix is reimplementing the
  likelihood/prior in jnp, so verifiable is False; `jnp-not-np` vs `jnp.where`
  ordering is a judgment call.
- cd-bilby-parameters-as-state-leak: use_line is 12 (the line inside the user's
  log_likelihood where JAX raises, last cell frame); the triggering call is on
  line 24. `return-value` is the closest vocabulary item for "pass parameters
  explicitly instead of storing them on the likelihood".
- cd-bilby-likelihood-float-print: argument is `parameters` because jax.grad is
  applied to the user's log_likelihood method directly.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='cd-kernax-stein-thinning-under-jit',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from kernax import SteinThinning

x = jax.random.normal(jax.random.PRNGKey(0), (300, 2))
score = -x  # standard normal target

@partial(jax.jit, static_argnames="m")
def thin(x, score, m):
    return SteinThinning(x, score, lengthscale=1.0)(m)

idx = thin(x, score, 50)
""",
        kind='integer-conversion', argument=None, path=None, line=11,
        fixes=('numpy-for-static',), verifiable=False, jax_fitting_fix=False,
        note='SteinThinning.__call__ clamps m with int(jnp.clip(m, 1, n)); inside jit jnp.clip returns a tracer even though m is static, so int() raises ConcretizationTypeError and the value depends on no argument. The working fix is on the library side (plain-Python min/max) or keeping the thinning call outside jit; marking m static was tried and does not help (checked).',
    ),
    Case(
        id='cd-kernax-herding-traced-size',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from kernax import KernelHerding
from kernax.kernels import Gaussian

samples = jax.random.normal(jax.random.PRNGKey(1), (400, 3))
kernel = jax.tree_util.Partial(Gaussian, lengthscale=1.0)

@jax.jit
def compress(samples, n_points):
    herding = KernelHerding(samples, kernel)
    return samples[herding(n_points)]

coreset = compress(samples, 20)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="KernelHerding.__call__ scans over jnp.arange(1, m), so a traced m is used as an array length; JAX raises ConcretizationTypeError (jnp.arange 'stop'). static_argnames='n_points' makes it run (checked).",
    ),
    Case(
        id='cd-kernax-ksd-vmap-median-heuristic',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from kernax.discrepancies import KSD

def score_fn(x):
    return -x

chains = jax.random.normal(jax.random.PRNGKey(2), (4, 500, 2))

def chain_ksd(chain):
    return KSD(chain, jax.vmap(score_fn)(chain))

ksd_per_chain = jax.vmap(chain_ksd)(chains)
""",
        kind='array-conversion', argument='chain', path='chain', line=11,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='kernax.discrepancies.KSD (documented as not jittable) picks its lengthscale with np.asarray(x) + scipy pdist when kernel_fn is None; under vmap this raises TracerArrayConversionError. Passing kernel_fn=jax.tree_util.Partial(IMQ, lengthscale=<value computed outside the trace>) on the same line removes the NumPy path (checked).',
    ),
    Case(
        id='cd-kernax-herding-kernel-if',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from kernax import KernelHerding

def truncated_kernel(x, y):
    r = jnp.sqrt(jnp.sum((x - y) ** 2))
    if r < 2.0:
        return (1.0 - r / 2.0) ** 2
    return 0.0

samples = jax.random.normal(jax.random.PRNGKey(3), (300, 2))
herding = KernelHerding(samples, truncated_kernel)
idx = herding(25)
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-written compactly supported kernel branches with Python `if` on the distance; KernelHerding vmaps the kernel, so TracerBoolConversionError. Rewriting the branch as jnp.where(r < 2.0, ..., 0.0) runs and keeps the result (checked).',
    ),
    Case(
        id='cd-kernax-laplacian-numpy-logprob',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from kernax.utils import laplace_log_p_softplus

def logprob_fn(x):
    # heavy-tailed target written with NumPy habits
    return -1.5 * np.log1p(x @ x / 3.0)

x = jax.random.normal(jax.random.PRNGKey(4), (200, 2))
lap = laplace_log_p_softplus(x, logprob_fn)
""",
        kind='array-conversion', argument='x', path='x', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The log-density passed to kernax.utils.laplace_log_p_softplus uses np.log1p; the helper differentiates it with jacfwd(jacrev), so NumPy sees a tracer and JAX raises TracerArrayConversionError. jnp.log1p fixes it (checked).',
    ),
    Case(
        id='cd-kernax-kernel-leak-list',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from kernax import KernelHerding

seen_distances = []

def logged_kernel(x, y):
    d2 = jnp.sum((x - y) ** 2)
    seen_distances.append(d2)
    return jnp.exp(-0.5 * d2)

samples = jax.random.normal(jax.random.PRNGKey(5), (300, 2))
idx = KernelHerding(samples, logged_kernel)(10)
print(len(seen_distances))
typical_scale = jnp.median(jnp.stack(seen_distances))
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='A debugging kernel appends its squared distance to a global list while KernelHerding vmaps/scans it; the stored BatchTracers are stacked later and JAX raises UnexpectedTracerError at that use. Return/compute the quantity outside the kernel, or print it with jax.debug.print.',
        use_line=15,
    ),
    Case(
        id='cd-kernax-kernel-fn-as-jit-arg',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from kernax import KernelHerding
from kernax.kernels import IMQ

def rbf(x, y):
    return jnp.exp(-0.5 * jnp.sum((x - y) ** 2))

@jax.jit
def herd(samples, kernel_fn):
    return KernelHerding(samples, kernel_fn)(15)

samples = jax.random.normal(jax.random.PRNGKey(8), (250, 2))
idx_imq = herd(samples, jax.tree_util.Partial(IMQ, lengthscale=1.0))
idx_rbf = herd(samples, rbf)
""",
        kind='non-array-argument', argument='kernel_fn', path='kernel_fn', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jitted helper takes the kernel as an argument; a jax.tree_util.Partial (a pytree) passes, but a plain Python function is not a valid JAX type and jit raises TypeError (message suggests static_argnums/static_argnames). static_argnames='kernel_fn' runs (checked).",
    ),
    Case(
        id='cd-kernax-array-lengthscale-static',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from kernax import KernelHerding
from kernax.kernels import IMQ

@partial(jax.jit, static_argnames=("lengthscale", "m"))
def herd(samples, lengthscale, m):
    kernel = jax.tree_util.Partial(IMQ, lengthscale=lengthscale)
    return KernelHerding(samples, kernel)(m)

samples = jax.random.normal(jax.random.PRNGKey(6), (300, 2))
ell = jnp.sqrt(jnp.median(jnp.sum(samples ** 2, axis=1)))
idx = herd(samples, ell, 30)
""",
        kind='unhashable-static', argument='lengthscale', path='lengthscale', line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The lengthscale computed with jnp (an Array) is declared static; jit raises ValueError 'Non-hashable static arguments are not supported' (TypeError unhashable ArrayImpl). Dropping it from static_argnames and tracing it runs (checked).",
    ),
    Case(
        id='cd-kernax-burnin-mask-in-jit',
        source='https://kernax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from kernax import KernelHerding
from kernax.kernels import Gaussian

kernel = jax.tree_util.Partial(Gaussian, lengthscale=1.0)

@jax.jit
def herd_after_burnin(chain, logp):
    kept = chain[logp > jnp.percentile(logp, 10.0)]
    return KernelHerding(kept, kernel)(20)

chain = jax.random.normal(jax.random.PRNGKey(7), (500, 2))
logp = -0.5 * jnp.sum(chain ** 2, axis=1)
idx = herd_after_burnin(chain, logp)
""",
        kind='boolean-index', argument='logp', path='logp', line=10,
        fixes=('size-argument', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Burn-in filtering chain[logp > percentile] inside a jitted thinning function gives a data-dependent shape; NonConcreteBooleanIndexError. chain[jnp.nonzero(mask, size=450)[0]] (the known 90% count) runs (checked); filtering before jit also works.',
    ),
    Case(
        id='cd-cosmologix-linspace-traced-bins',
        source='https://github.com/betoule/cosmologix',
        code="""\
import jax
import jax.numpy as jnp
from cosmologix import distances, parameters

params = parameters.get_cosmo_params("Planck18")

@jax.jit
def hubble_diagram(params, zmax, n_bins):
    z = jnp.linspace(0.01, zmax, n_bins)
    return z, distances.mu(params, z)

z, mu = hubble_diagram(params, 2.0, 64)
""",
        kind='traced-shape', argument='n_bins', path='n_bins', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Redshift grid built with jnp.linspace(0.01, zmax, n_bins) inside a jitted Hubble-diagram function; num is traced, ConcretizationTypeError. static_argnames='n_bins' runs (checked).",
    ),
    Case(
        id='cd-cosmologix-config-nstep-static',
        source='https://github.com/betoule/cosmologix',
        code="""\
import jax
import jax.numpy as jnp
from cosmologix import distances, parameters

params = parameters.get_cosmo_params("Planck18")
z_sn = jnp.linspace(0.02, 1.2, 40)

@jax.jit
def mu_model(params, z, cfg):
    return distances.mu(params, z, nstep=cfg["nstep"])

cfg = {"nstep": 2000}
mu = mu_model(params, z_sn, cfg)
""",
        kind='traced-shape', argument='cfg', path="cfg['nstep']", line=10,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="cosmologix.distances.mu is jitted with static_argnames=('nstep',); the integration step count comes from a config dict that the user passed through jit, so a tracer reaches a static argument and JAX raises ValueError (non-hashable static, DynamicJaxprTracer). The value must stay a Python int: keep cfg out of the traced arguments (closure/partial) or pass nstep as a static argument.",
    ),
    Case(
        id='cd-cosmologix-if-on-curvature',
        source='https://github.com/betoule/cosmologix',
        code="""\
import jax
import jax.numpy as jnp
from cosmologix import distances, parameters

params = parameters.get_cosmo_params("Planck18", Omega_k=0.02)

@jax.jit
def transverse_distance(params, z):
    if params["Omega_k"] == 0.0:
        return distances.dC(params, z)
    return distances.dM(params, z)

z = jnp.array([0.5, 1.0, 2.0])
dm = transverse_distance(params, z)
""",
        kind='bool-conversion', argument='params', path="params['Omega_k']", line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="User branches on params['Omega_k'] == 0 to choose dC or dM inside jit; TracerBoolConversionError (cosmologix itself avoids this with lax.switch). jnp.where over both results runs and gives the same distances (checked).",
    ),
    Case(
        id='cd-cosmologix-math-in-chi2-model',
        source='https://github.com/betoule/cosmologix',
        code="""\
import math
import jax
import jax.numpy as jnp
from cosmologix import likelihoods, parameters
from cosmologix.fitter import LikelihoodSum

class LogH0Prior(likelihoods.Chi2):
    def model(self, params):
        return jnp.array([math.log10(params["H0"])])

params = parameters.get_cosmo_params("Planck18")
probe = LikelihoodSum([LogH0Prior("H0", math.log10(70.0), 0.01)])
grad = jax.grad(probe.negative_log_likelihood)(params)
""",
        kind='concretization', argument='params', path="params['H0']", line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom likelihoods.Chi2 subclass computes its model with math.log10; LikelihoodSum.negative_log_likelihood is differentiated with jax.grad, and math.log10 calls float() on the tracer: ConcretizationTypeError (its astype hint does not fit). jnp.log10 runs (checked).',
    ),
    Case(
        id='cd-cosmologix-chi2-caches-prediction',
        source='https://github.com/betoule/cosmologix',
        code="""\
import jax
import jax.numpy as jnp
from cosmologix import likelihoods, parameters, distances
from cosmologix.fitter import LikelihoodSum

class DistanceLadder(likelihoods.Chi2):
    def model(self, params):
        self.last_prediction = distances.mu(params, jnp.array([0.05]))
        return self.last_prediction

params = parameters.get_cosmo_params("Planck18")
probe = DistanceLadder("mu", 36.7, 0.1)
loss = jax.jit(LikelihoodSum([probe]).negative_log_likelihood)
print(loss(params))
residual = probe.data - probe.last_prediction
""",
        kind='leaked-tracer', argument='params', path='params', line=8,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A Chi2 subclass stores its model prediction on self inside model(); the user jits LikelihoodSum.negative_log_likelihood, so the stored value is a tracer and reading it afterwards raises UnexpectedTracerError. Return the prediction (or recompute it outside jit) instead of caching it on the probe.',
        use_line=15,
    ),
    Case(
        id='cd-cosmologix-params-dict-static',
        source='https://github.com/betoule/cosmologix',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from cosmologix import distances, parameters

@partial(jax.jit, static_argnames=("params",))
def luminosity_distances(params, z):
    return distances.dL(params, z)

params = parameters.get_cosmo_params("DESI2024YR1_Fiducial")
dl = luminosity_distances(params, jnp.array([0.1, 0.5, 1.0]))
""",
        kind='unhashable-static', argument='params', path='params', line=11,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="The cosmology parameter dict is marked static because it 'is configuration'; dicts are unhashable, jit raises ValueError (non-hashable static, TypeError unhashable dict). Tracing params (plain jax.jit) runs (checked).",
    ),
    Case(
        id='cd-cosmologix-likelihood-object-jit-arg',
        source='https://github.com/betoule/cosmologix',
        code="""\
import jax
import jax.numpy as jnp
from cosmologix import likelihoods, parameters

@jax.jit
def chi2(likelihood, params):
    return likelihood.negative_log_likelihood(params)

h0_prior = likelihoods.Chi2("H0", 73.0, 1.0)
params = parameters.get_cosmo_params("Planck18")
value = chi2(h0_prior, params)
""",
        kind='non-array-argument', argument='likelihood', path='likelihood', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A cosmologix likelihoods.Chi2 object is passed as an argument of a jitted chi2 function; it is not a pytree, so jit raises TypeError (message suggests static_argnums/static_argnames). static_argnames='likelihood' runs (checked).",
    ),
    Case(
        id='cd-cosmologix-np-interp-under-grad',
        source='https://github.com/betoule/cosmologix',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from cosmologix import distances, parameters

z_grid = jnp.linspace(0.01, 2.5, 200)
z_sn = np.array([0.03, 0.11, 0.42, 0.87, 1.3])
mu_obs = np.array([35.4, 38.4, 41.6, 43.5, 44.6])

def chi2(params):
    mu_grid = distances.mu(params, z_grid)
    mu_sn = np.interp(z_sn, z_grid, mu_grid)
    return jnp.sum((mu_obs - mu_sn) ** 2)

params = parameters.get_cosmo_params("Planck18")
g = jax.grad(chi2)(params)
""",
        kind='array-conversion', argument='params', path='params', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='distances.mu on a redshift grid is interpolated to SN redshifts with np.interp inside a chi2 differentiated with jax.grad; TracerArrayConversionError. jnp.interp runs (checked).',
    ),
    Case(
        id='cd-cosmologix-redshift-cut-mask',
        source='https://github.com/betoule/cosmologix',
        code="""\
import jax
import jax.numpy as jnp
from cosmologix import distances, parameters

z_sn = jnp.array([0.01, 0.03, 0.11, 0.42, 0.87, 1.3])
mu_obs = jnp.array([33.1, 35.4, 38.4, 41.6, 43.5, 44.6])

@jax.jit
def chi2_hubble_flow(params, zmin):
    keep = z_sn > zmin
    res = mu_obs[keep] - distances.mu(params, z_sn[keep])
    return jnp.sum(res ** 2)

params = parameters.get_cosmo_params("Planck18")
value = chi2_hubble_flow(params, 0.02)
""",
        kind='boolean-index', argument='zmin', path='zmin', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Hubble-flow cut z_sn > zmin applied by boolean indexing inside a jitted chi2; NonConcreteBooleanIndexError. Zeroing the excluded residuals with jnp.where(keep, ..., 0.0) runs and gives the same chi2 (checked).',
    ),
    Case(
        id='cd-bilby-gaussian-sigma-traced',
        source='https://github.com/bilby-dev/bilby/pull/886',
        code="""\
import jax
import numpy as np
import bilby

def line(x, m, c):
    return m * x + c

x = np.linspace(0, 10, 50)
y = 2.0 * x + 1.0 + np.random.default_rng(0).normal(0, 0.5, 50)
likelihood = bilby.likelihood.GaussianLikelihood(x, y, line)

def log_like(theta):
    return likelihood.log_likelihood(theta)

score = jax.grad(log_like)({"m": 2.0, "c": 1.0, "sigma": 0.5})
""",
        kind='array-conversion', argument='theta', path="theta['sigma']", line=13,
        fixes=('jnp-not-np', 'static'), verifiable=False, jax_fitting_fix=False,
        note='bilby 2.8.2 GaussianLikelihood with sigma sampled: log_likelihood calls np.log(2*pi*sigma**2) on the traced sigma under jax.grad, TracerArrayConversionError (the NumPy-only core that the array-backend PR addresses). A jnp Gaussian log-likelihood keeps sigma inferred; fixing sigma in the constructor also runs but changes the model.',
    ),
    Case(
        id='cd-bilby-studentt-nu-check',
        source='https://github.com/bilby-dev/bilby/pull/886',
        code="""\
import jax
import numpy as np
import bilby

def line(x, m, c):
    return m * x + c

x = np.linspace(0, 10, 50)
y = 2.0 * x + 1.0 + np.random.default_rng(1).standard_t(3, 50)
likelihood = bilby.likelihood.StudentTLikelihood(x, y, line, sigma=1.0)

@jax.jit
def log_like(theta):
    return likelihood.log_likelihood(theta)

logl = log_like({"m": 2.0, "c": 1.0, "nu": 3.0})
""",
        kind='bool-conversion', argument='theta', path="theta['nu']", line=14,
        fixes=('jnp.where', 'jnp-not-np'), verifiable=False, jax_fitting_fix=False,
        note='bilby StudentTLikelihood validates `if nu <= 0.` on the sampled degrees of freedom; under jax.jit that is TracerBoolConversionError raised inside bilby. Only a user-written jnp likelihood (guard via jnp.where) works; fixing nu still fails later on np.log1p.',
    ),
    Case(
        id='cd-bilby-exponential-negative-mean-check',
        source='https://github.com/bilby-dev/bilby/pull/886',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import bilby

def decay_mean(t, tau):
    return tau * jnp.exp(t / 50.0)

t = np.arange(20.0)
waits = np.random.default_rng(2).exponential(3.0 * np.exp(t / 50.0))
likelihood = bilby.likelihood.ExponentialLikelihood(t, waits, decay_mean)
taus = jnp.linspace(1.0, 5.0, 9)
logls = jax.vmap(lambda tau: likelihood.log_likelihood({"tau": tau}))(taus)
""",
        kind='bool-conversion', argument='tau', path='tau', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=False, jax_fitting_fix=False,
        note='bilby ExponentialLikelihood does `if np.any(mu < 0.): return -np.inf`; vmapping log_likelihood over a grid of tau turns that into TracerBoolConversionError inside bilby. The guard must become jnp.where(...) in a jnp reimplementation.',
    ),
    Case(
        id='cd-bilby-parameters-as-state-leak',
        source='https://github.com/bilby-dev/bilby/issues/1144',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import bilby

class SineLikelihood(bilby.Likelihood):
    def __init__(self, t, y):
        super().__init__(parameters={"amp": None, "freq": None})
        self.t, self.y = jnp.asarray(t), jnp.asarray(y)

    def log_likelihood(self, parameters=None):
        model = self.parameters["amp"] * jnp.sin(self.parameters["freq"] * self.t)
        return -0.5 * jnp.sum((self.y - model) ** 2)

t = np.linspace(0, 6, 100)
lk = SineLikelihood(t, 1.5 * np.sin(2.0 * t))

@jax.jit
def log_like(theta):
    lk.parameters.update(theta)
    return lk.log_likelihood()

print(log_like({"amp": 1.5, "freq": 2.0}))
print(lk.log_likelihood())
""",
        kind='leaked-tracer', argument='theta', path="theta['amp']", line=20,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='Old-style bilby usage: likelihood.parameters.update(theta) inside a jitted function stores tracers on the bilby Likelihood object; a later plain log_likelihood() call reads them and JAX raises UnexpectedTracerError. Pass parameters explicitly (log_likelihood(parameters)) instead of storing them on the object.',
        use_line=12,
    ),
    Case(
        id='cd-bilby-jit-decorated-method-self',
        source='https://github.com/bilby-dev/bilby/issues/1144',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import bilby

class DampedLikelihood(bilby.Likelihood):
    def __init__(self, t, y):
        super().__init__()
        self.t, self.y = jnp.asarray(t), jnp.asarray(y)

    @jax.jit
    def log_likelihood(self, parameters=None):
        model = jnp.exp(-self.t / parameters["tau"])
        return -0.5 * jnp.sum((self.y - model) ** 2)

t = np.linspace(0, 5, 80)
lk = DampedLikelihood(t, np.exp(-t / 1.3))
logl = lk.log_likelihood({"tau": 1.3})
""",
        kind='non-array-argument', argument='self', path='self', line=18,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='@jax.jit on the log_likelihood method of a bilby.Likelihood subclass makes self a traced argument; jit raises TypeError (not a valid JAX type, message suggests static_argnums). partial(jax.jit, static_argnums=0) runs (checked); registering the class as a pytree also works.',
    ),
    Case(
        id='cd-bilby-static-data-arrays',
        source='https://github.com/bilby-dev/bilby/pull/886',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
import bilby

def quadratic(x, a, b):
    return a * x ** 2 + b

@partial(jax.jit, static_argnames=("x", "y"))
def log_like(theta, x, y):
    lk = bilby.likelihood.GaussianLikelihood(x, y, quadratic, sigma=0.3)
    return lk.log_likelihood(theta)

x = np.linspace(-2, 2, 40)
y = 0.7 * x ** 2 - 0.2
logl = log_like({"a": 0.7, "b": -0.2}, x, y)
""",
        kind='unhashable-static', argument='x', path='x', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='Data arrays for a bilby GaussianLikelihood built inside a jitted function are marked static; NumPy arrays are unhashable, ValueError (non-hashable static). Tracing x and y (plain jax.jit) runs (checked).',
    ),
    Case(
        id='cd-bilby-model-order-range',
        source='https://github.com/bilby-dev/bilby/pull/886',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import bilby

def polynomial(x, a0, a1, a2, n_terms):
    coeffs = [a0, a1, a2]
    return sum(coeffs[k] * x ** k for k in range(n_terms))

x = np.linspace(0, 1, 30)
y = 1.0 + 0.5 * x - 0.3 * x ** 2
likelihood = bilby.likelihood.GaussianLikelihood(x, y, polynomial, sigma=0.1)

@jax.jit
def log_like(theta, n_terms):
    return likelihood.log_likelihood({**theta, "n_terms": n_terms})

logl = log_like({"a0": 1.0, "a1": 0.5, "a2": -0.3}, 3)
""",
        kind='integer-conversion', argument='n_terms', path='n_terms', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The polynomial order is routed through bilby's parameter dict into the model, which loops over range(n_terms); under jit that is TracerIntegerConversionError. static_argnames='n_terms' runs (checked).",
    ),
    Case(
        id='cd-bilby-lognormal-prior-grad-vmap',
        source='https://github.com/bilby-dev/bilby/pull/886',
        code="""\
import jax
import jax.numpy as jnp
import bilby

priors = bilby.core.prior.PriorDict({
    "mass": bilby.core.prior.LogNormal(mu=1.0, sigma=0.5, name="mass"),
    "spin": bilby.core.prior.Uniform(0.0, 1.0, name="spin"),
})

def log_prior(mass):
    return priors["mass"].ln_prob(mass)

masses = jnp.linspace(0.5, 10.0, 64)
grads = jax.vmap(jax.grad(log_prior))(masses)
""",
        kind='boolean-index', argument='mass', path='mass', line=11,
        fixes=('jnp.where',), verifiable=False, jax_fitting_fix=False,
        note="bilby LogNormal.ln_prob fills an array with `_ln_prob[idx] = ...` where idx = val > minimum; under vmap(grad) the mask is traced and bilby's indexing raises NonConcreteBooleanIndexError. Needs a jnp log-normal density masked with jnp.where.",
    ),
    Case(
        id='cd-bilby-likelihood-float-print',
        source='https://github.com/bilby-dev/bilby/issues/1144',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import bilby

class ExpDecayLikelihood(bilby.Likelihood):
    def __init__(self, t, y):
        super().__init__()
        self.t, self.y = jnp.asarray(t), jnp.asarray(y)

    def log_likelihood(self, parameters=None):
        model = parameters["amp"] * jnp.exp(-self.t / parameters["tau"])
        logl = -0.5 * jnp.sum((self.y - model) ** 2)
        print(f"tau={float(parameters['tau']):.3f} logL={float(logl):.2f}")
        return logl

t = np.linspace(0, 5, 60)
lk = ExpDecayLikelihood(t, 2.0 * np.exp(-t / 1.5))
grad = jax.grad(lk.log_likelihood)({"amp": 2.0, "tau": 1.5})
""",
        kind='concretization', argument='parameters', path="parameters['tau']", line=14,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A bilby.Likelihood subclass prints progress with float(parameters['tau']); taking jax.grad of log_likelihood makes float() raise ConcretizationTypeError (astype hint does not fit). jax.debug.print runs (checked).",
    ),
]
