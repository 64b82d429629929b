"""Held-out library cases (set q): gwpopulation, pylops, tn4ml.

How they were built: each cell is my own minimal reduction of a pattern users of these
libraries hit (cited issue/PR or the API documentation page of the call it exercises).
Every cell was written to a file and run with /tmp/heldout48/venv_cq/bin/python (a
--system-site-packages venv over the machine's Python 3.11.7); all statements but the last
run cleanly and the last one raises (exception class recorded in each note). `line` and
`use_line` were checked against the traceback frames that fall in the cell file, and every
fix marked verifiable was applied by hand and re-run without error.

Installed versions: jax 0.10.2, jaxlib 0.10.2, gwpopulation 1.4.0 (pulls in bilby 2.8.2 and
wcosmo 0.7.1 as dependencies; the patterns here are gwpopulation's), pylops 2.8.0,
tn4ml 1.1.0 (on quimb 1.16.0, autoray 0.11.0, cotengra 0.8.3), numpy 2.4.6, scipy 1.17.1,
flax 0.12.8, equinox 0.13.8, optax 0.2.8 (unchanged from the machine).

64-bit mode: gwpopulation.set_backend("jax") enables jax_enable_x64 the first time it is
called (importing gwpopulation alone does not). All gwpopulation cells except
q-gwpop-numpy-backend-smoothed call it, so their tracers are float64/int64; it does not change
which error is raised. pylops and tn4ml leave 64-bit mode off (float32 tracers).

Dropped / replaced: nothing failed to install or import. While building, a pylops cell using
Smoothing1D with a traced nsmooth was dropped because Smoothing1D (through Convolve1D with a
NumPy filter) fails under JaxOperator even once nsmooth is static, so no clean fix existed; a
Pad-width cell replaced it. A tn4ml cell passing an Embedding object as a jit argument was
dropped: JAX turns it into a scalar tracer (it has a dtype attribute), and tn4ml then raises
only "TypeError: Invalid embedding type", with nothing in the message about tracing; the
MPS-as-argument cell covers the same trap.

Doubts about labels:
- q-gwpop-model-cache-leak: the tracer is stored by the library (Model's cache), not by a user
  line, so `line` is the user's first jitted call that triggers the store. The real fix is the
  library option cache=False; "return-value" is the closest item in the fix list. The argument
  could also be read as the gwpopulation Model itself (argument None).
- q-gwpop-conversion-if-vmap: the comparison involves parameters['mmax'] and parameters['mmin'];
  I chose the first operand. jnp.maximum (array-level) is just as good as jnp.where.
- q-gwpop-float-cast-grad, q-tn4ml-loss-float-evaluate: the simplest fix is to delete float();
  "astype" is the closest item in the list, and JAX's message suggests it.
- q-gwpop-numpy-backend-smoothed, q-pylops-cgls-under-jit, q-pylops-lsqr-vmap,
  q-tn4ml-patches-traced-k: the library raises the error from its own if, float() or
  assertion, so the real fixes are in how the library is used (set the backend, do not jit
  or vmap a Python-loop solver, make k static). q-gwpop-numpy-backend-smoothed's fix
  (set_backend("jax")) has no item in the list; "jnp-not-np" is the closest, and
  "array-conversion" is not the kind because what raises is the library's if.
  q-tn4ml-patches-traced-k could be labelled bool-conversion (that is the exception), but
  the value is a patch size, hence traced-shape.
- q-pylops-pad-traced-width: raised as TracerArrayConversionError by NumPy inside the
  constructor, so array-conversion is defensible; labelled traced-shape because the value
  is a pad width.
- q-gwpop-n-peaks-range: where a user jits a library method around a function they wrote,
  I named the user-written function's parameter (n_peaks, sigma_chi, lamb, mmin, mmax in
  the model cells). JAX's own message names the jitted method's parameters['n_peaks'],
  which is also defensible. "static" (fix n_peaks outside the sampled parameters) is as
  natural as masking with jnp.where.
- q-gwpop-arange-normalisation: the arange depends on both mmin and mmax; JAX reports 'start'
  (mmin). A user could also pick "static" (fixed grid bounds) first; "jnp.where" means a fixed
  grid masked to [mmin, mmax].
- q-pylops-restriction-nonzero: "boolean-index" because of nonzero without size; the raise is a
  ConcretizationTypeError, so "traced-shape" is defensible too (the mask sets the operator
  size). Whether JAX's size hint "fits" depends on the live count being known up front.
- q-pylops-operator-list-fori: the culprit is the fori_loop counter `i`, which depends on no
  parameter of the jitted function (argument None is defensible).
- q-pylops-irls-weights-on-self: the exception is raised when the stored operator re-enters its
  own internal jax.jit; `line` is the store on self.
- q-tn4ml-loss-if-clip / q-tn4ml-loss-float-evaluate: the overlap depends on both loss
  parameters (model tensors are differentiated, data is vmapped); I named the first, model.
- q-tn4ml-embedding-list-index: the fix (index a jnp array instead of a Python list) has no exact
  item in the list; "jnp-not-np" is the closest, lax.switch/lax.cond also work.
- q-tn4ml-dataclass-embedding-static: the function being traced is tn4ml's Model.predict, not
  one the user wrote; `embedding` is its parameter.
- q-tn4ml-model-as-jit-arg: the exception is an AttributeError raised inside quimb/tn4ml once
  JAX has turned the model into a tracer; kind non-array-argument by cause, not by message.
- q-tn4ml-update-tensors-leak: params is the tuple model.arrays; every leaf leaks, I named
  params[0].
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='q-gwpop-model-cache-leak',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.hyperpe.html',
        code="""\
import jax
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model
from gwpopulation.models.mass import power_law_primary_mass_ratio

gwpopulation.set_backend("jax")
rng = np.random.default_rng(0)
posteriors = [pd.DataFrame(dict(mass_1=rng.uniform(10, 50, 200),
                                mass_ratio=rng.uniform(0.3, 1, 200))) for _ in range(3)]
likelihood = HyperparameterLikelihood(posteriors, Model([power_law_primary_mass_ratio]))
params = dict(alpha=2.0, beta=1.0, mmin=5.0, mmax=80.0)
print(jax.jit(likelihood.log_likelihood_ratio)(params))
jax.grad(likelihood.log_likelihood_ratio)(params)
""",
        kind='leaked-tracer', argument='parameters', path="parameters['alpha']", line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="gwpopulation's Model caches hyperparameters and log-probabilities on itself by default (cache=True); jitting log_likelihood_ratio stores tracers in that cache, and the next trace (jax.grad) compares against them, so JAX raises UnexpectedTracerError at the grad line. The fix is to stop the object keeping traced values (Model(..., cache=False)); checked. The jax backend enables 64-bit mode, which does not matter here.",
        use_line=15,
    ),
    Case(
        id='q-gwpop-conversion-if-vmap',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.hyperpe.HyperparameterLikelihood.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model
from gwpopulation.models.mass import power_law_primary_mass_ratio

gwpopulation.set_backend("jax")
rng = np.random.default_rng(1)
posteriors = [pd.DataFrame(dict(mass_1=rng.uniform(10, 50, 200),
                                mass_ratio=rng.uniform(0.3, 1, 200))) for _ in range(3)]

def enforce_gap(parameters):
    parameters = dict(parameters)
    if parameters["mmax"] < parameters["mmin"] + 10:
        parameters["mmax"] = parameters["mmin"] + 10
    return parameters, ["mmax"]

likelihood = HyperparameterLikelihood(posteriors, Model([power_law_primary_mass_ratio], cache=False),
                                      conversion_function=enforce_gap)
draws = dict(alpha=jnp.array([1.0, 2.0]), beta=jnp.array([0.5, 1.0]),
             mmin=jnp.array([5.0, 6.0]), mmax=jnp.array([60.0, 12.0]))
jax.vmap(likelihood.log_likelihood_ratio)(draws)
""",
        kind='bool-conversion', argument='parameters', path="parameters['mmax']", line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user conversion_function, traced by HyperparameterLikelihood under jax.vmap over hyperparameter draws, uses a Python if on a hyperparameter; JAX raises TracerBoolConversionError. Replacing the if/assignment with jnp.where keeps the result; checked.',
    ),
    Case(
        id='q-gwpop-float-cast-grad',
        source='https://github.com/ColmTalbot/gwpopulation/pull/83',
        code="""\
import jax
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model
from gwpopulation.utils import truncnorm

gwpopulation.set_backend("jax")
rng = np.random.default_rng(2)
posteriors = [pd.DataFrame(dict(chi_eff=rng.uniform(-0.5, 0.5, 300))) for _ in range(4)]

def chi_eff_model(dataset, mu_chi, sigma_chi):
    width = float(sigma_chi)
    return truncnorm(dataset["chi_eff"], mu=mu_chi, sigma=width, high=1, low=-1)

likelihood = HyperparameterLikelihood(posteriors, Model([chi_eff_model], cache=False))
jax.grad(likelihood.log_likelihood_ratio)(dict(mu_chi=0.05, sigma_chi=0.1))
""",
        kind='concretization', argument='sigma_chi', path='sigma_chi', line=13,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="A custom population model casts a hyperparameter with float(), as the numpy-backend habit goes; under jax.grad of the likelihood JAX raises ConcretizationTypeError, and its message suggests x.astype(float), which works (dropping the cast also works); checked. 64-bit mode is on from set_backend('jax'), so astype(float) keeps float64.",
    ),
    Case(
        id='q-gwpop-numpy-in-model',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.backend.html',
        code="""\
import jax
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model

gwpopulation.set_backend("jax")
rng = np.random.default_rng(3)
posteriors = [pd.DataFrame(dict(redshift=rng.uniform(0.01, 1.5, 300))) for _ in range(4)]

def redshift_model(dataset, lamb):
    return np.exp((lamb - 1) * np.log1p(dataset["redshift"]))

likelihood = HyperparameterLikelihood(posteriors, Model([redshift_model], cache=False))
jax.jit(likelihood.log_likelihood_ratio)(dict(lamb=2.7))
""",
        kind='array-conversion', argument='lamb', path='lamb', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A custom redshift model written with NumPy ufuncs is evaluated inside the jitted likelihood; np.exp on a traced value raises TracerArrayConversionError. Using jax.numpy (or gwpopulation's backend-tracking xp) fixes it; checked.",
    ),
    Case(
        id='q-gwpop-numpy-backend-smoothed',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.backend.set_backend.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from gwpopulation.models.mass import SinglePeakSmoothedMassDistribution

mass_model = SinglePeakSmoothedMassDistribution()
rng = np.random.default_rng(4)
data = dict(mass_1=rng.uniform(10, 60, 500), mass_ratio=rng.uniform(0.2, 1, 500))
params = dict(alpha=3.0, beta=1.0, mmin=5.0, mmax=85.0, lam=0.04, mpp=34.0, sigpp=3.0, delta_m=4.0)

@jax.jit
def ln_population(params):
    return jnp.log(mass_model(data, **params)).sum()

ln_population(params)
""",
        kind='bool-conversion', argument='params', path="params['mmin']", line=13,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note="The jax backend was never selected, so SinglePeakSmoothedMassDistribution runs its numpy-only mass-limit check (if mmin < self.mmin) on a jit tracer: the library raises TracerBoolConversionError from its own if. The fix is to call gwpopulation.set_backend('jax') (which also turns on 64-bit mode) before building the model; checked by hand, but that is an added line rather than an edit of the failing line.",
    ),
    Case(
        id='q-gwpop-model-object-arg',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.models.mass.SinglePeakSmoothedMassDistribution.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import gwpopulation
from gwpopulation.models.mass import SinglePeakSmoothedMassDistribution

gwpopulation.set_backend("jax")
mass_model = SinglePeakSmoothedMassDistribution()
rng = np.random.default_rng(5)
data = dict(mass_1=jnp.asarray(rng.uniform(10, 60, 500)), mass_ratio=jnp.asarray(rng.uniform(0.2, 1, 500)))
params = dict(alpha=3.0, beta=1.0, mmin=5.0, mmax=85.0, lam=0.04, mpp=34.0, sigpp=3.0, delta_m=4.0)

def ln_population(model, data, params):
    return jnp.log(model(data, **params)).sum()

jax.jit(ln_population)(mass_model, data, params)
""",
        kind='non-array-argument', argument='model', path='model', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A gwpopulation mass-model instance is passed as a positional argument of a jitted function; JAX raises TypeError (cannot interpret the object as an abstract array) and suggests static_argnums, which works since the instance hashes by identity (closing over it also works); checked.',
    ),
    Case(
        id='q-gwpop-static-dataset-dict',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.models.mass.power_law_primary_mass_ratio.html',
        code="""\
import jax
import numpy as np
import gwpopulation
from gwpopulation.models.mass import power_law_primary_mass_ratio

gwpopulation.set_backend("jax")
rng = np.random.default_rng(6)
data = dict(mass_1=rng.uniform(10, 60, 500), mass_ratio=rng.uniform(0.2, 1, 500))
population = jax.jit(power_law_primary_mass_ratio, static_argnames="dataset")
population(dataset=data, alpha=2.0, beta=1.0, mmin=5.0, mmax=80.0)
""",
        kind='unhashable-static', argument='dataset', path='dataset', line=10,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The data dict is marked static when jitting a gwpopulation model function, on the idea that the data never change; jit raises ValueError (non-hashable static argument, dict). Passing the dataset as an ordinary traced argument works; checked.',
    ),
    Case(
        id='q-gwpop-n-peaks-range',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.hyperpe.html',
        code="""\
import jax
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model
from gwpopulation.utils import truncnorm

gwpopulation.set_backend("jax")
rng = np.random.default_rng(7)
posteriors = [pd.DataFrame(dict(chi_eff=rng.uniform(-0.5, 0.5, 300))) for _ in range(4)]

def multi_peak_chi_eff(dataset, n_peaks, mu_1, mu_2, mu_3, sigma_chi):
    mus = [mu_1, mu_2, mu_3]
    prob = 0.0
    for ii in range(n_peaks):
        prob = prob + truncnorm(dataset["chi_eff"], mu=mus[ii], sigma=sigma_chi, high=1, low=-1) / n_peaks
    return prob

likelihood = HyperparameterLikelihood(posteriors, Model([multi_peak_chi_eff], cache=False))
params = dict(n_peaks=2, mu_1=-0.1, mu_2=0.2, mu_3=0.4, sigma_chi=0.1)
jax.jit(likelihood.log_likelihood_ratio)(params)
""",
        kind='integer-conversion', argument='n_peaks', path='n_peaks', line=15,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A custom mixture model takes the number of peaks as a sampled hyperparameter and loops with range(n_peaks) inside the jitted likelihood; JAX raises TracerIntegerConversionError. Looping over all peaks and masking the unused ones with jnp.where keeps the result (checked); fixing n_peaks outside the sampled parameters is the other accepted fix.',
    ),
    Case(
        id='q-gwpop-arange-normalisation',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.models.mass.BaseSmoothedMassDistribution.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model

gwpopulation.set_backend("jax")
rng = np.random.default_rng(8)
posteriors = [pd.DataFrame(dict(mass_1=rng.uniform(10, 50, 200))) for _ in range(3)]

def numerically_normalised_powerlaw(dataset, alpha, mmin, mmax):
    grid = jnp.arange(mmin, mmax, 0.5)
    norm = jnp.trapezoid(grid ** -alpha, grid)
    inside = (dataset["mass_1"] >= mmin) & (dataset["mass_1"] <= mmax)
    return jnp.where(inside, dataset["mass_1"] ** -alpha / norm, 0.0)

likelihood = HyperparameterLikelihood(posteriors, Model([numerically_normalised_powerlaw], cache=False))
jax.jit(likelihood.log_likelihood_ratio)(dict(alpha=2.3, mmin=5.0, mmax=80.0))
""",
        kind='traced-shape', argument='mmin', path='mmin', line=13,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A custom mass model normalises numerically on jnp.arange(mmin, mmax, 0.5), whose length depends on traced hyperparameters; JAX raises ConcretizationTypeError (jnp.arange argument 'start'). A fixed grid masked with jnp.where between mmin and mmax, as gwpopulation's own smoothed models do, works; checked.",
    ),
    Case(
        id='q-gwpop-boolean-mask-truncation',
        source='https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.utils.powerlaw.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pandas as pd
import gwpopulation
from gwpopulation.hyperpe import HyperparameterLikelihood, Model

gwpopulation.set_backend("jax")
rng = np.random.default_rng(9)
posteriors = [pd.DataFrame(dict(mass_1=rng.uniform(10, 50, 200))) for _ in range(3)]

def truncated_powerlaw(dataset, alpha, mmax):
    m1 = dataset["mass_1"]
    inside = m1 < mmax
    prob = jnp.zeros_like(m1).at[inside].set(m1[inside] ** -alpha)
    return prob * (alpha - 1) / (2.0 ** (1 - alpha) - mmax ** (1 - alpha))

likelihood = HyperparameterLikelihood(posteriors, Model([truncated_powerlaw], cache=False))
jax.jit(likelihood.log_likelihood_ratio)(dict(alpha=2.3, mmax=45.0))
""",
        kind='boolean-index', argument='mmax', path='mmax', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A custom truncated power law selects samples below a traced mmax by boolean indexing; inside the jitted likelihood JAX raises NonConcreteBooleanIndexError. jnp.where(inside, m1 ** -alpha, 0.0) gives the same values; checked.',
    ),
    Case(
        id='q-pylops-numpy-matrix-grad',
        source='https://pylops.readthedocs.io/en/stable/gpu.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pylops

rng = np.random.default_rng(0)
G = rng.normal(size=(20, 10))
Gop = pylops.JaxOperator(pylops.MatrixMult(G))
d_obs = jnp.asarray(G @ np.ones(10))

def misfit(m):
    r = Gop @ m - d_obs
    return 0.5 * jnp.sum(r ** 2)

jax.grad(misfit)(jnp.zeros(10))
""",
        kind='array-conversion', argument='m', path='m', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='MatrixMult is built from a NumPy matrix and wrapped in JaxOperator, whose jitted _matvec then calls ndarray.dot on a tracer when the misfit is differentiated with jax.grad; JAX raises TracerArrayConversionError. Building the operator from jnp.asarray(G), as the GPU/JAX docs require, fixes it; checked.',
    ),
    Case(
        id='q-pylops-cgls-under-jit',
        source='https://pylops.readthedocs.io/en/stable/api/generated/pylops.optimization.basic.cgls.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pylops
from pylops.optimization.basic import cgls

rng = np.random.default_rng(1)
Gop = pylops.JaxOperator(pylops.MatrixMult(jnp.asarray(rng.normal(size=(20, 10)))))
d_obs = Gop @ jnp.ones(10)

@jax.jit
def invert(d):
    m_est, *_ = cgls(Gop, d, x0=jnp.zeros(10), niter=20, tol=1e-8)
    return m_est

invert(d_obs)
""",
        kind='concretization', argument='d', path='d', line=13,
        fixes=('lax.while_loop', 'lax.fori_loop'), verifiable=False, jax_fitting_fix=False,
        note="pylops' cgls is a Python-loop solver that records its cost with float(norm); called inside jax.jit the library itself raises ConcretizationTypeError (JAX's astype hint does not apply). The working fix is an iterative solver written with lax loops (e.g. jax.scipy.sparse.linalg.cg on Gop.matvec) or not jitting the pylops solver.",
    ),
    Case(
        id='q-pylops-lsqr-vmap',
        source='https://pylops.readthedocs.io/en/stable/api/generated/pylops.optimization.basic.lsqr.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pylops
from pylops.optimization.basic import lsqr

rng = np.random.default_rng(2)
Gop = pylops.JaxOperator(pylops.MatrixMult(jnp.asarray(rng.normal(size=(20, 10)))))
d_batch = jnp.stack([Gop @ jnp.full(10, k) for k in (1.0, 2.0, 3.0)])

def invert_one(d):
    return lsqr(Gop, d, x0=jnp.zeros(10), niter=20)[0]

jax.vmap(invert_one)(d_batch)
""",
        kind='bool-conversion', argument='d', path='d', line=12,
        fixes=('lax.while_loop', 'lax.fori_loop'), verifiable=False, jax_fitting_fix=False,
        note="Batching pylops' lsqr over several data vectors with jax.vmap makes the solver's own Python convergence test operate on BatchTracers; the library raises TracerBoolConversionError. A lax-loop solver (or a Python loop over the batch) is needed.",
    ),
    Case(
        id='q-pylops-operator-as-jit-arg',
        source='https://pylops.readthedocs.io/en/stable/api/generated/pylops.JaxOperator.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pylops

rng = np.random.default_rng(3)
Gop = pylops.JaxOperator(pylops.MatrixMult(jnp.asarray(rng.normal(size=(20, 10)))))
d_obs = Gop @ jnp.ones(10)

def data_misfit(op, m, d):
    return 0.5 * jnp.sum((op @ m - d) ** 2)

jax.jit(data_misfit)(Gop, jnp.zeros(10), d_obs)
""",
        kind='non-array-argument', argument='op', path='op', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A JaxOperator is passed as an argument of a jitted misfit; JAX raises TypeError (not a valid JAX type). Marking it static (static_argnums=0; operators hash by identity) or closing over it works; checked.',
    ),
    Case(
        id='q-pylops-dims-list-static',
        source='https://pylops.readthedocs.io/en/stable/api/generated/pylops.FirstDerivative.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import pylops

model = jnp.outer(jnp.linspace(0, 1, 20), jnp.ones(30))

@partial(jax.jit, static_argnames="dims")
def roughness(m, dims):
    Dop = pylops.JaxOperator(pylops.FirstDerivative(dims, axis=0))
    return jnp.sum((Dop @ m.ravel()) ** 2)

roughness(model, dims=[20, 30])
""",
        kind='unhashable-static', argument='dims', path='dims', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The model dims for FirstDerivative are correctly marked static but passed as a list; jit raises ValueError (non-hashable static argument). Passing a tuple works; checked.',
    ),
    Case(
        id='q-pylops-irls-weights-on-self',
        source='https://pylops.readthedocs.io/en/stable/tutorials/jaxop.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import pylops

class IRLS:
    def __init__(self, eps=1e-3):
        self.eps = eps

    @partial(jax.jit, static_argnums=0)
    def reweight(self, r):
        self.Wop = pylops.JaxOperator(pylops.Diagonal(1.0 / jnp.maximum(jnp.abs(r), self.eps)))
        return self.Wop @ r

solver = IRLS()
residual = jnp.linspace(-1.0, 1.0, 16)
solver.reweight(residual)
solver.Wop @ residual
""",
        kind='leaked-tracer', argument='r', path='r', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='An IRLS helper builds the JaxOperator(Diagonal(weights)) inside a jitted method and keeps it on self; using the stored operator later re-traces its jitted matvec over the escaped weights and JAX raises UnexpectedTracerError. Returning the weights and building the operator outside works; checked.',
        use_line=18,
    ),
    Case(
        id='q-pylops-restriction-nonzero',
        source='https://pylops.readthedocs.io/en/stable/api/generated/pylops.Restriction.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pylops

rng = np.random.default_rng(4)
full = jnp.asarray(rng.normal(size=50))
live = jnp.asarray(rng.uniform(size=50) > 0.3)

@jax.jit
def subsample(x, live):
    iava = jnp.nonzero(live)[0]
    Rop = pylops.JaxOperator(pylops.Restriction(x.size, iava))
    return Rop @ x

subsample(full, live)
""",
        kind='boolean-index', argument='live', path='live', line=12,
        fixes=('size-argument', 'numpy-for-static'), verifiable=False, jax_fitting_fix=True,
        note='The Restriction indices are computed with jnp.nonzero from a traced boolean mask of live samples; JAX raises ConcretizationTypeError asking for a static size. A size= equal to the (known) number of live samples, or computing iava with NumPy outside jit, works; not a one-line edit.',
    ),
    Case(
        id='q-pylops-operator-list-fori',
        source='https://github.com/PyLops/pylops/pull/590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pylops

rng = np.random.default_rng(5)
ops = [pylops.JaxOperator(pylops.MatrixMult(jnp.asarray(rng.normal(size=(8, 8))))) for _ in range(4)]

@jax.jit
def stack_predictions(m):
    def body(i, acc):
        return acc + ops[i] @ m
    return jax.lax.fori_loop(0, len(ops), body, jnp.zeros(8))

stack_predictions(jnp.ones(8))
""",
        kind='integer-conversion', argument='i', path='i', line=12,
        fixes=('static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='A Python list of JaxOperators is indexed by the fori_loop counter; JAX raises TracerIntegerConversionError. A Python loop over the list (static index) works; checked. lax.switch over the operators is the traced alternative.',
    ),
    Case(
        id='q-pylops-pad-traced-width',
        source='https://pylops.readthedocs.io/en/stable/api/generated/pylops.Pad.html',
        code="""\
import jax
import jax.numpy as jnp
import pylops

trace = jnp.sin(jnp.linspace(0.0, 6.0, 64))

@jax.jit
def taper_and_pad(x, npad):
    Pop = pylops.JaxOperator(pylops.Pad(x.shape[0], (npad, npad)))
    return Pop @ (x * jnp.hanning(x.shape[0]))

taper_and_pad(trace, 16)
""",
        kind='traced-shape', argument='npad', path='npad', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="The padding width of pylops.Pad is a jit argument; the operator's constructor needs it as a Python int to size its output and raises TracerArrayConversionError from NumPy. Making npad static (static_argnames) works; checked.",
    ),
    Case(
        id='q-tn4ml-loss-if-clip',
        source='https://tn4ml.readthedocs.io/en/latest/loss.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType

def clipped_nll(model, data):
    overlap = (model.H & data) ^ all
    if jnp.abs(overlap) < 1e-6:
        overlap = 1e-6
    return -2.0 * jnp.log(jnp.abs(overlap))

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(0), bond_dim=3)
model.configure(optimizer=optax.adam, strategy="global", loss=clipped_nll,
                train_type=TrainingType.UNSUPERVISED, learning_rate=1e-2)
X = np.random.default_rng(0).uniform(size=(32, 6))
model.train(X, batch_size=16, epochs=1, embedding=tn4ml.TrigonometricEmbedding())
""",
        kind='bool-conversion', argument='model', path='model', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom unsupervised loss given to model.configure clips the overlap with a Python if; tn4ml traces it under jit(value_and_grad(vmap(...))) in Model.train and JAX raises TracerBoolConversionError. jnp.where keeps the result; checked.',
    ),
    Case(
        id='q-tn4ml-loss-float-evaluate',
        source='https://tn4ml.readthedocs.io/en/latest/loss.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType

def nll(model, data):
    overlap = (model.H & data) ^ all
    return -2.0 * jnp.log(float(jnp.abs(overlap)) + 1e-12)

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(1), bond_dim=3)
model.configure(optimizer=optax.adam, strategy="global", loss=nll,
                train_type=TrainingType.UNSUPERVISED, learning_rate=1e-2)
X = np.random.default_rng(1).uniform(size=(32, 6))
model.evaluate(X, batch_size=16, embedding=tn4ml.TrigonometricEmbedding())
""",
        kind='concretization', argument='model', path='model', line=11,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A custom loss converts the contracted overlap with float(); Model.evaluate traces it under jit and vmap and JAX raises ConcretizationTypeError, whose message suggests astype, which works (dropping float() also works); checked.',
    ),
    Case(
        id='q-tn4ml-embedding-numpy-trig',
        source='https://tn4ml.readthedocs.io/en/latest/embeddings.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType

class HalfAngleEmbedding(tn4ml.Embedding):
    dim = property(lambda self: 2)
    input_dim = property(lambda self: 1)

    def __call__(self, x):
        return jnp.array([np.cos(np.pi * x / 2), np.sin(np.pi * x / 2)])

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(2), bond_dim=3)
X = np.random.default_rng(2).uniform(size=(8, 6))
model.forward(X, embedding=HalfAngleEmbedding(), batch_size=4)
""",
        kind='array-conversion', argument='x', path='x', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A user Embedding subclass computes its feature map with np.cos/np.sin; Model.forward traces it under jit(vmap(predict)) and JAX raises TracerArrayConversionError. Using jnp functions fixes it; checked.',
    ),
    Case(
        id='q-tn4ml-embedding-list-index',
        source='https://tn4ml.readthedocs.io/en/latest/embeddings.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType

class BinaryPixelEmbedding(tn4ml.Embedding):
    dim = property(lambda self: 2)
    input_dim = property(lambda self: 1)
    states = [jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0])]

    def __call__(self, x):
        return self.states[x]

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(3), bond_dim=3)
model.configure(optimizer=optax.adam, strategy="global", loss=tn4ml.metrics.NegLogLikelihood,
                train_type=TrainingType.UNSUPERVISED, learning_rate=1e-2)
X = np.random.default_rng(3).integers(0, 2, size=(32, 6))
model.train(X, batch_size=16, epochs=1, embedding=BinaryPixelEmbedding(), dtype=jnp.int32)
""",
        kind='integer-conversion', argument='x', path='x', line=15,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note="A user basis embedding for binary pixels indexes a Python list of state vectors with the traced pixel value during Model.train; JAX raises TracerIntegerConversionError. Indexing a jnp array (jnp.asarray(self.states)[x]) works; checked. tn4ml's own QuantumBasisEmbedding uses lax.cond for the same reason.",
    ),
    Case(
        id='q-tn4ml-dataclass-embedding-static',
        source='https://tn4ml.readthedocs.io/en/latest/tn4ml.models.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType
from dataclasses import dataclass

@dataclass
class ScaledTrigEmbedding(tn4ml.Embedding):
    scale: float = 1.0
    dtype: object = np.float32
    dim = property(lambda self: 2)
    input_dim = property(lambda self: 1)

    def __call__(self, x):
        return jnp.array([jnp.cos(self.scale * x), jnp.sin(self.scale * x)])

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(4), bond_dim=3)
X = np.random.default_rng(4).uniform(size=(8, 6))
model.forward(X, embedding=ScaledTrigEmbedding(scale=np.pi / 2), batch_size=4)
""",
        kind='unhashable-static', argument='embedding', path='embedding', line=22,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Model.forward jits vmap(self.predict) with the embedding as a static argument; a user embedding declared as a plain @dataclass has __hash__ = None, so jit raises ValueError (non-hashable static argument). @dataclass(frozen=True) makes it hashable; checked.',
    ),
    Case(
        id='q-tn4ml-update-tensors-leak',
        source='https://tn4ml.readthedocs.io/en/latest/tn4ml.models.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType
from tn4ml.embeddings import embed
from tn4ml.metrics import NegLogLikelihood

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(5), bond_dim=3)
emb = tn4ml.TrigonometricEmbedding()
X = np.random.default_rng(5).uniform(size=(8, 6))

def sample_loss(params, x):
    model.update_tensors(params)
    return NegLogLikelihood(model, embed(x, emb))

value, grads = jax.jit(jax.value_and_grad(sample_loss))(model.arrays, X[0])
model.norm()
""",
        kind='leaked-tracer', argument='params', path='params[0]', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="A hand-written loss calls model.update_tensors(params) on the global model inside jax.jit(jax.value_and_grad(...)), so the model's tensors keep tracers; the later model.norm() raises UnexpectedTracerError. Updating a copy of the model (model.copy()) inside the loss keeps the tracers local; checked.",
        use_line=20,
    ),
    Case(
        id='q-tn4ml-model-as-jit-arg',
        source='https://tn4ml.readthedocs.io/en/latest/tn4ml.models.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tn4ml
from tn4ml.models import MPS_initialize
from tn4ml.util import TrainingType
from tn4ml.embeddings import embed
from tn4ml.metrics import NegLogLikelihood

model = MPS_initialize(L=6, initializer=jax.nn.initializers.normal(0.1), key=jax.random.key(6), bond_dim=3)
emb = tn4ml.TrigonometricEmbedding()
x0 = jnp.asarray(np.random.default_rng(6).uniform(size=6))

def anomaly_score(model, x):
    return NegLogLikelihood(model, embed(x, emb))

jax.jit(anomaly_score)(model, x0)
""",
        kind='non-array-argument', argument='model', path='model', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The MPS model (a quimb tensor network) is passed as a jit argument; because it has a dtype attribute JAX abstracts it as a scalar tracer, and the loss then fails with AttributeError ('DynamicJaxprTracer has no attribute tensors'). Marking it static (static_argnums=0) or closing over it works; checked.",
    ),
    Case(
        id='q-tn4ml-patches-traced-k',
        source='https://tn4ml.readthedocs.io/en/latest/api.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from tn4ml.util import divide_into_patches

images = jnp.asarray(np.random.default_rng(7).uniform(size=(4, 14, 14)))

@jax.jit
def to_patch_sequence(image, k):
    patches = divide_into_patches(image, k)
    return patches.reshape(patches.shape[0], -1)

to_patch_sequence(images[0], 4)
""",
        kind='traced-shape', argument='k', path='k', line=10,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="The patch size k for tn4ml.util.divide_into_patches is a jit argument; the library's own check (image.shape[0] % k != 0) and reshape need a Python int, and it raises TracerBoolConversionError. static_argnames='k' works; checked.",
    ),
]
