"""Held-out library cases (set bj): jax-moseq, apebench, optimagic.

How they were built: each cell is a minimal reduction, written for this set, of a
pattern a user of the library meets (jitting a jax-moseq helper or Gibbs step with
hyperparameter dicts, mapping with jax_moseq.utils.mixed_map; vmapping/jitting
apebench scenarios and passing custom metrics/steppers to perform_test_rollout;
giving optimagic a JAX derivative via jac=jax.grad / jax.jit(jax.grad) with
fun_kwargs/jac_kwargs). Every cell was saved to a file and run with
/tmp/heldout31/venv_bj/bin/python (Python 3.11.7, venv with system site-packages):
all statements but the last run cleanly, the last raises; `line`/`use_line` were
checked against the traceback frames in the file. Each first fix was applied by hand
and re-run where verifiable=True. No GPU was used (CPU only).

Versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8, equinox 0.13.8,
optax 0.2.8 (machine versions kept); jax-moseq 0.3.7, apebench 0.1.1 (pulls in
exponax 0.1.0, trainax 0.0.2, pdequinox 0.1.2), optimagic 0.5.3.

Dropped: pennylane-catalyst (every release pins its own jax/jaxlib; pip reports
ResolutionImpossible together with jax==0.10.2), s2scat 0.0.1 (installs, but
`import s2scat` fails: it imports s2wav, which imports torch, not installed).
Replaced by the first two alternates, apebench and optimagic.

optimagic note: optimagic calls the user's jac at the start parameters and re-raises
any error as optimagic.exceptions.InvalidFunctionError "from" the JAX error; the
JAX exception named in each note is the cause in that chain, and `line` is the
cell's line in the cause's traceback (or the om.minimize line when JAX raises at
the jit boundary).

Doubts about labels:
- bj-jaxmoseq-init-ar-params-num-states, bj-optimagic-vander-degree-jit: JAX raises
  a TypeError/ValueError about an unhashable tracer in a static parameter; that reads
  like unhashable-static, but the cause is a traced value used as a count/size, so
  traced-shape.
- bj-apebench-jit-temporal-horizon: ConcretizationTypeError from scan's length;
  concretization is defensible, traced-shape chosen since it is a loop length.
- bj-jaxmoseq-resample-ar-params-ndarray-static: no user function is traced (the
  library's own jit with static_argnames rejects a 0-d ndarray), so argument=None is
  defensible; 'nlags' is the library parameter whose value failed to hash first.
- bj-jaxmoseq-get-lags-traced-nlags, bj-jaxmoseq-preprocess-fix-heading-config,
  bj-jaxmoseq-init-ar-params-num-states: 'static' here means keeping the hyperparameter
  dict out of the traced arguments (closure/partial); static_argnums on the dict
  itself would fail because dicts are unhashable (hashable-static would then also be
  needed).
- bj-apebench-vmap-warmup-steps: the only working fix is to stop vmapping over a
  configuration field (Python loop); labelled 'static'; the `if` is in apebench, so
  jnp.where/lax.cond are not applicable to the user's lines.
- bj-jaxmoseq-concatenate-stateseqs-mask-jit: the fix replaces the library call with
  masked counting (bincount weights); 'size-argument' (nonzero with size= and a
  fill value) would also work; calling the NumPy-oriented helper outside jit is what
  the library intends.
- bj-jaxmoseq-mixed-map-if-in-mapped-fn, bj-optimagic-if-domain-guard-jit: lax.cond
  is equally acceptable; jnp.where listed first per the preference order.
- bj-apebench-metric-float: the most natural fix is to drop float() and return the
  array; 'astype' (JAX's own hint) is the closest vocabulary item and works.
- bj-optimagic-math-exp-pytree: math.exp -> jnp.exp is labelled jnp-not-builtin
  (a builtin-module scalar function on a tracer); jnp-not-np is also defensible.
- bj-optimagic-history-list-leak: leaked under jax.grad (LinearizeTracer) not jit;
  verifiable=False because optimagic's jac contract is to return only the gradient,
  so 'return-value' means restructuring (fun_and_jac / res.history).
- bj-apebench-metric-numpy-sqrt, bj-apebench-metric-float, bj-apebench-metric-leaks-to-list:
  argument 'pred' is the first parameter of the metric; the value also depends on 'ref'.
- bj-jaxmoseq-concatenate-stateseqs-mask-jit: the library builds the mask from the
  'mask' parameter, so argument='mask' rather than the first parameter 'z'.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bj-jaxmoseq-get-lags-traced-nlags',
        source='https://github.com/dattalab/jax-moseq/blob/main/jax_moseq/utils/autoregression.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_moseq.utils.autoregression import get_lags

ar_hypparams = {"nlags": 3, "latent_dim": 4}

@jax.jit
def lagged_design(x, ar_hypparams):
    return get_lags(x, ar_hypparams["nlags"])

x = jnp.ones((2, 50, 4))
lagged_design(x, ar_hypparams)
""",
        kind='integer-conversion', argument='ar_hypparams', path="ar_hypparams['nlags']", line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The AR hyperparameter dict is passed as a jit argument, so its int nlags becomes a tracer and jax_moseq.utils.autoregression.get_lags feeds it to range(); JAX raises TracerIntegerConversionError inside the library. Keeping the dict out of the traced arguments (closing over it) keeps nlags a Python int; checked.',
    ),

    Case(
        id='bj-jaxmoseq-init-ar-params-num-states',
        source='https://github.com/dattalab/keypoint-moseq/issues/139',
        code="""\
import jax
import jax.numpy as jnp
import jax.random as jr
from jax_moseq.models import arhmm

hyp = arhmm.init_hyperparams(
    trans_hypparams={"num_states": 5, "alpha": 5.7, "kappa": 1e6, "gamma": 1e3},
    ar_hypparams={"latent_dim": 2, "nlags": 2, "S_0_scale": 0.01, "K_0_scale": 10.0},
)

@jax.jit
def init_restart(seed, ar_hypparams):
    return arhmm.init_ar_params(seed, **ar_hypparams)

init_restart(jr.PRNGKey(0), hyp["ar_hypparams"])
""",
        kind='traced-shape', argument='ar_hypparams', path="ar_hypparams['num_states']", line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted restart initializer forwards the ar_hypparams dict into arhmm.init_ar_params, whose jr.split(seed, num_states) needs a static count; with num_states traced JAX raises TypeError (unhashable tracer in random_split's shape parameter). Binding the hyperparameters with functools.partial outside the traced arguments fixes it; checked.",
    ),

    Case(
        id='bj-jaxmoseq-resample-ar-params-ndarray-static',
        source='https://github.com/dattalab/keypoint-moseq/issues/95',
        code="""\
import numpy as np
import jax.numpy as jnp
import jax.random as jr
from jax_moseq.models import arhmm

hyp = arhmm.init_hyperparams(
    trans_hypparams={"num_states": 3, "alpha": 5.7, "kappa": 1e6, "gamma": 1e3},
    ar_hypparams={"latent_dim": 2, "nlags": 2, "S_0_scale": 0.01, "K_0_scale": 10.0},
)
ar_hyp = {k: np.asarray(v) for k, v in hyp["ar_hypparams"].items()}  # as reloaded from a saved checkpoint
x = jr.normal(jr.PRNGKey(0), (1, 40, 2))
mask = jnp.ones((1, 40))
z = jnp.zeros((1, 38), dtype=int)
arhmm.resample_ar_params(jr.PRNGKey(1), x=x, mask=mask, z=z, **ar_hyp)
""",
        kind='unhashable-static', argument='nlags', path='nlags', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Hyperparameters reloaded from a saved checkpoint come back as 0-d NumPy arrays; resample_ar_params declares nlags/num_states as static_argnames, so jit raises ValueError (non-hashable static arguments, TypeError unhashable numpy.ndarray). Converting scalar entries to Python ints (.item()) makes them hashable; checked.',
    ),

    Case(
        id='bj-jaxmoseq-preprocess-fix-heading-config',
        source='https://github.com/dattalab/keypoint-moseq/issues/139',
        code="""\
import jax
import jax.numpy as jnp
from jax_moseq.models.keypoint_slds.alignment import preprocess_for_pca

config = {"anterior_idxs": jnp.array([0]), "posterior_idxs": jnp.array([3]), "fix_heading": False}

@jax.jit
def embed_keypoints(Y, config):
    Y_flat, v, h = preprocess_for_pca(Y, **config)
    return Y_flat

Y = jax.random.normal(jax.random.PRNGKey(0), (2, 30, 4, 2))
embed_keypoints(Y, config)
""",
        kind='bool-conversion', argument='config', path="config['fix_heading']", line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A keypoint-MoSeq style config dict (with the bool fix_heading) is passed through jax.jit into preprocess_for_pca, whose own `if fix_heading:` then sees a tracer; JAX raises TracerBoolConversionError in the library. Keeping the config out of the traced arguments (closure/partial) fixes it; checked.',
    ),

    Case(
        id='bj-jaxmoseq-mixed-map-if-in-mapped-fn',
        source='https://github.com/dattalab/keypoint-moseq/issues/257',
        code="""\
import jax
import jax.numpy as jnp
from jax_moseq.utils import mixed_map

def safe_log_norm(x):
    n = jnp.linalg.norm(x)
    if n > 0:
        return jnp.log(n)
    return -jnp.inf

x = jax.random.normal(jax.random.PRNGKey(0), (8, 3))
mixed_map(safe_log_norm)(x)
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A per-item function mapped with jax_moseq.utils.mixed_map (lax.map + pmap + vmap) branches on a norm with Python `if`; under the batching trace JAX raises TracerBoolConversionError. jnp.where selects per item and keeps the result; checked.',
    ),

    Case(
        id='bj-jaxmoseq-mixed-map-leak-list',
        source='https://github.com/dattalab/keypoint-moseq/issues/257',
        code="""\
import jax
import jax.numpy as jnp
from jax_moseq.utils import mixed_map

norms_seen = []

def normalize(x):
    n = jnp.linalg.norm(x)
    norms_seen.append(n)
    return x / n

x = jax.random.normal(jax.random.PRNGKey(0), (8, 3))
out = mixed_map(normalize)(x)
print(jnp.max(norms_seen[0]))
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The function given to mixed_map appends an intermediate norm to a module-level list; the stored BatchTracer is used after mapping ends and JAX raises UnexpectedTracerError. Returning the norm as a second output of the mapped function fixes it; checked.',
        use_line=14,
    ),

    Case(
        id='bj-jaxmoseq-concatenate-stateseqs-mask-jit',
        source='https://github.com/dattalab/jax-moseq/blob/main/jax_moseq/utils/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_moseq.utils import concatenate_stateseqs

@jax.jit
def syllable_counts(z, mask):
    z_flat = concatenate_stateseqs(z, mask=mask)
    return jnp.bincount(z_flat, length=10)

z = jax.random.randint(jax.random.PRNGKey(0), (3, 48), 0, 10)
mask = jnp.ones((3, 50)).at[2, 30:].set(0)
syllable_counts(z, mask)
""",
        kind='boolean-index', argument='mask', path='mask', line=7,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='concatenate_stateseqs indexes the state sequences with `mask > 0`; called inside a jitted syllable-count function the mask is traced and JAX raises NonConcreteBooleanIndexError. Counting with the mask as bincount weights (masking instead of boolean selection) gives the same counts; checked.',
    ),

    Case(
        id='bj-apebench-jit-scenario-string-field',
        source='https://tum-pbs.github.io/apebench/using_cli',
        code="""\
import jax
import jax.numpy as jnp
import apebench

scenario = apebench.scenarios.difficulty.Advection(num_points=32, num_train_samples=4, train_temporal_horizon=5)

@jax.jit
def make_data(sc):
    return sc.get_train_data()

make_data(scenario)
""",
        kind='non-array-argument', argument='sc', path='sc.ic_config', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="An apebench scenario is an equinox Module whose fields include config strings (ic_config, optim_config); passing it as a plain jax.jit argument makes JAX flatten it and reject the str leaf with TypeError. Marking the scenario static (static_argnums=0; it is hashable) fixes it, as JAX's message suggests; checked.",
    ),

    Case(
        id='bj-apebench-vmap-warmup-steps',
        source='https://tum-pbs.github.io/apebench/using_cli',
        code="""\
import jax
import jax.numpy as jnp
import apebench

def ic_set_for(warmup):
    sc = apebench.scenarios.difficulty.Advection(num_points=32, num_train_samples=4, num_warmup_steps=warmup)
    return sc.get_train_ic_set()

jax.vmap(ic_set_for)(jnp.array([0, 5, 10]))
""",
        kind='bool-conversion', argument='warmup', path='warmup', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Sweeping num_warmup_steps with jax.vmap makes the scenario field a BatchTracer and BaseScenario._produce_ic_set's own `if self.num_warmup_steps > 0` raises TracerBoolConversionError. The warmup count is configuration: loop over Python ints instead of vmapping; checked.",
    ),

    Case(
        id='bj-apebench-jit-temporal-horizon',
        source='https://github.com/tum-pbs/apebench',
        code="""\
import jax
import jax.numpy as jnp
import apebench

@jax.jit
def train_data(horizon):
    sc = apebench.scenarios.difficulty.Diffusion(num_points=32, num_train_samples=4, train_temporal_horizon=horizon)
    return sc.get_train_data()

train_data(10)
""",
        kind='traced-shape', argument='horizon', path='horizon', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted data generator passes its horizon argument into the scenario's train_temporal_horizon; exponax's rollout uses it as lax.scan length, so JAX raises ConcretizationTypeError (scan length must be a concrete int). Declaring horizon static fixes it; JAX's while_loop/fori_loop hint does not fit because the library owns the scan and the output shape depends on the horizon; checked.",
    ),

    Case(
        id='bj-apebench-metric-numpy-sqrt',
        source='https://tum-pbs.github.io/apebench/examples/benchmark_flax_models_with_nnx',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import apebench

scenario = apebench.scenarios.difficulty.Advection(num_points=32, num_test_samples=4, test_temporal_horizon=5)

def rmse(pred, ref):
    return np.sqrt(np.mean((pred - ref) ** 2))

scenario.perform_test_rollout(scenario.get_coarse_stepper(), mean_error_fn=rmse)
""",
        kind='array-conversion', argument='pred', path='pred', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom mean_error_fn given to scenario.perform_test_rollout is vmapped over time by apebench; np.sqrt on the traced value raises TracerArrayConversionError. Using jnp.sqrt/jnp.mean fixes it; checked.',
    ),

    Case(
        id='bj-apebench-metric-leaks-to-list',
        source='https://tum-pbs.github.io/apebench/examples/benchmark_flax_models_with_nnx',
        code="""\
import jax
import jax.numpy as jnp
import apebench

scenario = apebench.scenarios.difficulty.Advection(num_points=32, num_test_samples=4, test_temporal_horizon=5)
worst = []

def rel_error(pred, ref):
    err = jnp.linalg.norm(pred - ref, axis=-1) / jnp.linalg.norm(ref, axis=-1)
    worst.append(err.max())
    return err.mean()

scenario.perform_test_rollout(scenario.get_coarse_stepper(), mean_error_fn=rel_error)
print(jnp.stack(worst).max())
""",
        kind='leaked-tracer', argument='pred', path='pred', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A custom error function passed to perform_test_rollout stores a per-step maximum into an outer list while apebench vmaps it; the stored BatchTracer is used after the call and JAX raises UnexpectedTracerError. Returning (mean, max) from the metric (vmap passes the tuple through) fixes it; checked.',
        use_line=14,
    ),

    Case(
        id='bj-apebench-clipped-stepper-if',
        source='https://tum-pbs.github.io/apebench/examples/benchmark_flax_models_with_nnx',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import apebench

scenario = apebench.scenarios.difficulty.Advection(num_points=32, num_test_samples=4, test_temporal_horizon=5)

class ClippedStepper(eqx.Module):
    inner: eqx.Module
    limit: float = 3.0

    def __call__(self, u):
        u_next = self.inner(u)
        if jnp.max(jnp.abs(u_next)) > self.limit:
            u_next = u_next * self.limit / jnp.max(jnp.abs(u_next))
        return u_next

scenario.perform_test_rollout(ClippedStepper(scenario.get_coarse_stepper()))
""",
        kind='bool-conversion', argument='u', path='u', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-written stepper module clips its state with a Python `if` on the traced field; apebench/exponax rolls it out inside lax.scan under vmap and JAX raises TracerBoolConversionError. jnp.where applies the clip element-wise with the same result; checked.',
    ),

    Case(
        id='bj-apebench-list-gammas-static',
        source='https://github.com/tum-pbs/apebench',
        code="""\
import jax
import jax.numpy as jnp
import apebench

scenario = apebench.scenarios.difficulty.Linear(gammas=[0.0, -4.0, 2.0], num_points=32, num_train_samples=4, train_temporal_horizon=5)

def first_snapshot_energy(sc):
    return jnp.mean(sc.get_train_data()[:, 0] ** 2)

jax.jit(first_snapshot_energy, static_argnums=0)(scenario)
""",
        kind='unhashable-static', argument='sc', path='sc.gammas', line=10,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The Linear scenario's gammas field is meant to be a tuple; given a list, the scenario passed as a static jit argument cannot be hashed and JAX raises ValueError (non-hashable static arguments; TypeError unhashable list). Passing a tuple fixes it; checked.",
    ),

    Case(
        id='bj-apebench-metric-float',
        source='https://tum-pbs.github.io/apebench/examples/benchmark_flax_models_with_nnx',
        code="""\
import jax
import jax.numpy as jnp
import apebench

scenario = apebench.scenarios.difficulty.Diffusion(num_points=32, num_test_samples=4, test_temporal_horizon=5)

def nrmse(pred, ref):
    value = jnp.linalg.norm(pred - ref) / jnp.linalg.norm(ref)
    return float(value)

scenario.perform_test_rollout(scenario.get_coarse_stepper(), mean_error_fn=nrmse)
""",
        kind='concretization', argument='pred', path='pred', line=9,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A custom metric returns float(...) so results look like plain numbers, but perform_test_rollout vmaps it and JAX raises ConcretizationTypeError from float(). Returning an array (value.astype(float), as JAX suggests, or the value itself) fixes it; checked.',
    ),

    Case(
        id='bj-optimagic-numpy-norm-in-criterion',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optimagic as om

def criterion(x):
    return np.linalg.norm(x - 2.0) ** 2

om.minimize(fun=criterion, params=jnp.zeros(3), algorithm="scipy_lbfgsb", jac=jax.grad(criterion))
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A criterion written with np.linalg.norm is differentiated with jac=jax.grad(criterion); optimagic calls the gradient at the start params and np.asarray on the tracer raises TracerArrayConversionError (re-raised as optimagic InvalidFunctionError). jnp.linalg.norm fixes it; checked.',
    ),

    Case(
        id='bj-optimagic-range-jac-kwargs',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import optimagic as om

def criterion(coef, n_terms):
    total = 0.0
    for k in range(n_terms):
        total = total + (coef[k] - k) ** 2
    return total

kw = {"n_terms": 3}
om.minimize(fun=criterion, params=jnp.zeros(4), algorithm="scipy_lbfgsb",
            jac=jax.jit(jax.grad(criterion)), fun_kwargs=kw, jac_kwargs=kw)
""",
        kind='integer-conversion', argument='n_terms', path='n_terms', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An int option passed through fun_kwargs/jac_kwargs reaches a jax.jit(jax.grad(...)) derivative as a traced argument and range() raises TracerIntegerConversionError (wrapped by optimagic InvalidFunctionError). static_argnames='n_terms' fixes it; checked.",
    ),

    Case(
        id='bj-optimagic-history-list-leak',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import optimagic as om

history = []

def criterion(x):
    value = jnp.sum((x - 1.0) ** 2)
    history.append(value)
    return value

res = om.minimize(fun=criterion, params=jnp.zeros(2), algorithm="scipy_lbfgsb", jac=jax.grad(criterion))
print(jnp.stack(history).min())
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="The criterion logs each value into a global list; when optimagic evaluates jac=jax.grad(criterion) the list receives tracers, and stacking the history afterwards raises UnexpectedTracerError. The value should leave the function only as a return (e.g. use optimagic's own res.history or fun_and_jac=jax.value_and_grad) or be logged with a debug callback; not applied mechanically.",
        use_line=13,
    ),

    Case(
        id='bj-optimagic-vander-degree-jit',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import optimagic as om

def loss(beta, degree, y):
    t = jnp.linspace(0.0, 1.0, y.shape[0])
    basis = jnp.vander(t, degree + 1)
    return jnp.sum((basis @ beta[: degree + 1] - y) ** 2)

kw = {"degree": 3, "y": jnp.sin(jnp.linspace(0.0, 3.0, 20))}
om.minimize(fun=loss, params=jnp.zeros(5), algorithm="scipy_lbfgsb",
            jac=jax.jit(jax.grad(loss)), fun_kwargs=kw, jac_kwargs=kw)
""",
        kind='traced-shape', argument='degree', path='degree', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The polynomial degree travels in fun_kwargs/jac_kwargs into a jitted gradient; jnp.vander needs N static and JAX raises ValueError (non-hashable static argument: the tracer). static_argnames='degree' on the user's jit fixes it; checked.",
    ),

    Case(
        id='bj-optimagic-string-kwarg-jit',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import optimagic as om

def loss(x, penalty):
    if penalty == "l1":
        return jnp.sum((x - 1.0) ** 2) + jnp.sum(jnp.abs(x))
    return jnp.sum((x - 1.0) ** 2) + jnp.sum(x ** 2)

kw = {"penalty": "l2"}
om.minimize(fun=loss, params=jnp.zeros(3), algorithm="scipy_lbfgsb",
            jac=jax.jit(jax.grad(loss)), fun_kwargs=kw, jac_kwargs=kw)
""",
        kind='non-array-argument', argument='penalty', path='penalty', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A string option in fun_kwargs/jac_kwargs is passed to jax.jit(jax.grad(loss)) as a regular argument; JAX raises TypeError (str is not a valid abstract array) and optimagic wraps it. static_argnames='penalty' fixes it, as JAX's message suggests; checked.",
    ),

    Case(
        id='bj-optimagic-static-data-array',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optimagic as om

def loss(x, data):
    return jnp.mean((data @ x - 1.0) ** 2)

kw = {"data": np.random.default_rng(0).normal(size=(30, 3))}
om.minimize(fun=loss, params=jnp.zeros(3), algorithm="scipy_lbfgsb",
            jac=jax.jit(jax.grad(loss), static_argnames="data"), fun_kwargs=kw, jac_kwargs=kw)
""",
        kind='unhashable-static', argument='data', path='data', line=10,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The data matrix passed via jac_kwargs was marked static on the jitted gradient; NumPy arrays are unhashable so JAX raises ValueError (non-hashable static arguments). Passing data as a traced argument fixes it; checked.',
    ),

    Case(
        id='bj-optimagic-if-domain-guard-jit',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import optimagic as om

def criterion(x):
    if x[0] < 0:
        return jnp.inf
    return jnp.sum((x - 1.0) ** 2) - jnp.log(x[0])

om.minimize(fun=criterion, params=jnp.ones(2), algorithm="scipy_lbfgsb", jac=jax.jit(jax.grad(criterion)))
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A domain guard `if x[0] < 0: return inf` in the criterion is traced when the user jits the gradient; JAX raises TracerBoolConversionError (wrapped by optimagic). jnp.where keeps the guard; checked.',
    ),

    Case(
        id='bj-optimagic-math-exp-pytree',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import math
import jax
import jax.numpy as jnp
import optimagic as om

def criterion(p):
    scale = math.exp(p["log_scale"])
    return (scale - 2.0) ** 2 + jnp.sum(p["w"] ** 2)

start = {"log_scale": 0.0, "w": jnp.ones(2)}
om.minimize(fun=criterion, params=start, algorithm="scipy_lbfgsb", jac=jax.grad(criterion))
""",
        kind='concretization', argument='p', path="p['log_scale']", line=7,
        fixes=('jnp-not-builtin', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note="The criterion of a dict-params problem calls math.exp on a leaf; under jax.grad float() is needed and JAX raises ConcretizationTypeError (wrapped as optimagic InvalidFunctionError). jnp.exp fixes it; JAX's astype hint does not fit; checked.",
    ),

    Case(
        id='bj-optimagic-boolean-mask-penalty',
        source='https://estimagic.org/en/latest/how_to/how_to_derivatives.html',
        code="""\
import jax
import jax.numpy as jnp
import optimagic as om

def criterion(x):
    fit = jnp.sum((x - jnp.array([1.0, -0.5, 2.0])) ** 2)
    negative_penalty = jnp.sum(x[x < 0] ** 2)
    return fit + 10.0 * negative_penalty

om.minimize(fun=criterion, params=jnp.ones(3), algorithm="scipy_lbfgsb", jac=jax.jit(jax.grad(criterion)))
""",
        kind='boolean-index', argument='x', path='x', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A penalty on negative parameters selects them with x[x < 0]; under the user's jax.jit(jax.grad(...)) the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(x < 0, x, 0) gives the same penalty; checked.",
    ),
]
