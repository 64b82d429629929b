"""Held-out library cases (set J): awkward (JAX backend), google-vizier (JAX GP code), array-api-extra.

How they were built: each cell is my own minimal reduction of a pattern documented
in the library's issues, docs or API docstrings (source URL per case). Every cell
was written to a file and run with /tmp/heldout44/venv_cj/bin/python (CPython
3.11.7; venv with --system-site-packages over the machine's jax 0.10.2, jaxlib
0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6). Installed into
the venv: awkward 2.14.0 (awkward-cpp 57), google-vizier[jax] 0.1.16 (pulls
tfp-nightly 0.26.0.dev20261027, jaxopt, dm-tree), array-api-extra 0.11.5
(array-api-compat 1.16.0). For each case the traceback frames in the cell were
checked against `line` / `use_line`, only the last statement raises, and the
first fix was applied by hand and re-run (`verifiable`).

Dropped:
- jaxite: every release pins jaxlib~=0.4.13, so pip cannot resolve it with
  jax/jaxlib 0.10.2; replaced by array-api-extra (not on either list; it has
  explicit jax.jit code paths and JAX-specific issues).
- vizier's optimizer wrappers (OptaxTrain, JaxoptLbfgsB) call jax.tree_map, which
  JAX 0.10 removed, so no cell driving them can run to completion after a fix;
  the vizier cases use StochasticProcessModel / CoroutineWithData /
  gp_bandit_utils / PaddedArray with a user-written jit/grad instead.
- awkward: jit over a jagged array with a reducer (ConcretizationTypeError in
  ak.from_buffers) was dropped because no fix from the vocabulary makes it run
  (awkward's guide says reducers cannot be jitted; even closing over the array
  fails); ak.pad_none with a traced target raised a plain
  "len() of unsized object" TypeError (not a tracing error); vmap over awkward
  arrays fails with an awkward form-size TypeError.
- array-api-extra: apply_where under jax.vmap did not raise; atleast_nd /
  partition with a traced ndim/kth duplicated the static-count pattern.

Doubts about labels:
- j-awkward-jit-slice-int: awkward converts the slice stop with int(), so
  integer-conversion; a slice bound is also listed under traced-shape.
- j-xpx-setdiff1d-jit: labelled boolean-index (data-dependent output size, the
  size= family like jnp.nonzero); traced-shape is defensible. The size fix means
  calling jnp.setdiff1d(size=...) because xpx.setdiff1d has no size option.
- j-xpx-create-diagonal-offset: the offset is used as an index/shift, so
  traced-shape is also defensible; JAX raised TracerIntegerConversionError.
- j-awkward-jit-unflatten-counts and j-vizier-dim-config-traced: the library's
  own code trips on the traced value (a bool check in awkward, np.ones in
  vizier, which raises a NumPy TypeError, not a JAX class); bool-conversion /
  integer-conversion are defensible by exception, traced-shape by intent.
- j-xpx-lazy-apply-bins: xpx raises its own misleading ValueError ("multiple
  shapes but only one dtype") because the traced bins is not an int; some
  would not count this as a JAX tracing error at all.
- j-xpx-apply-where-if-branch: lax.cond keeps the eager whole-subset test;
  jnp.where per element is arguably what the user meant (a Huber loss), so
  either order is defensible. argument could also be read as robust_loss's `r`
  (same name).
- j-vizier-coroutine-if-clamp / j-vizier-leak-gp-dist / j-vizier-item-logging:
  the traced value reaches the coroutine through yield from the params dict,
  so argument is the jitted loss's `params` with path params['amplitude'];
  the coroutine's own `inputs` parameter is not the culprit.
- j-vizier-unpad-in-jit: `static` (unpad before jit) is equally acceptable;
  jnp.where put first because it keeps the jitted function.
- j-vizier-regularizer-np-log: argument is the regularizer lambda's `ls`
  (the function vizier traces); `params` of the loss is also defensible.
- j-xpx-one-hot-traced-classes: the class count comes from the data
  (labels.max()), so the fix (static count or compute outside jit) is not a
  one-line change; verifiable False.
- Leaks (j-awkward-leak-debug-dict, j-vizier-leak-gp-dist): jax_fitting_fix
  True because the UnexpectedTracerError text says functions must return their
  outputs instead of saving them to global state.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='j-awkward-grad-to-numpy',
        source='https://awkward-array.org/doc/main/user-guide/how-to-specialize-differentiate-jax.html',
        code="""\
import jax
import jax.numpy as jnp
import awkward as ak

ak.jax.register_and_check()
jet_pt = ak.Array([[52.0, 31.5, 12.2], [], [44.1, 20.3]], backend="jax")

def log_pt_sum(pt):
    flat = ak.to_numpy(ak.flatten(pt))
    return jnp.sum(jnp.log(flat))

jax.grad(log_pt_sum)(jet_pt)
""",
        kind='array-conversion', argument='pt', path='pt', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Loss differentiated with jax.grad converts the flattened awkward array with ak.to_numpy, which calls __array__ on the JVP tracer: TracerArrayConversionError. Use ak.to_jax (the JAX-side conversion) instead; checked.',
    ),
    Case(
        id='j-awkward-grad-print-float',
        source='https://awkward-array.org/doc/main/user-guide/how-to-specialize-differentiate-jax.html',
        code="""\
import jax
import awkward as ak

ak.jax.register_and_check()
jet_e = ak.Array([[52.0, 31.5, 12.2], [], [44.1, 20.3]], backend="jax")

def calibrated_total(energies):
    total = ak.sum(energies * 1.02)
    print(f"calibrated total: {float(total):.2f}")
    return total

jax.value_and_grad(calibrated_total)(jet_e)
""",
        kind='concretization', argument='energies', path='energies', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A value_and_grad-ed awkward loss prints float(ak.sum(...)) for logging; float() on the tracer raises ConcretizationTypeError. jax.debug.print keeps the logging; checked.',
    ),
    Case(
        id='j-awkward-jit-if-normalize',
        source='https://awkward-array.org/doc/main/user-guide/how-to-specialize-differentiate-jax.html',
        code="""\
import jax
import jax.numpy as jnp
import awkward as ak

ak.jax.register_and_check()
weights = ak.Array([0.2, 1.4, 0.9, 2.1], backend="jax")

@jax.jit
def normalized(w):
    total = ak.sum(w)
    if total > 1.0:
        return w / total
    return w

normalized(weights)
""",
        kind='bool-conversion', argument='w', path='w', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Python if on ak.sum of a jitted flat awkward array: TracerBoolConversionError. Dividing by jnp.where(total > 1, total, 1) gives the same result; checked. lax.cond also works.',
    ),
    Case(
        id='j-awkward-jit-mask-sum',
        source='https://github.com/scikit-hep/awkward/issues/2591',
        code="""\
import jax
import jax.numpy as jnp
import awkward as ak

ak.jax.register_and_check()
hits = ak.Array([0.2, 5.4, 0.9, 7.1, 3.3], backend="jax")

@jax.jit
def energy_above(e, threshold):
    return ak.sum(e[e > threshold])

energy_above(hits, 1.0)
""",
        kind='boolean-index', argument='e', path='e', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Boolean-mask selection e[e > threshold] on an awkward array inside jit: awkward calls nonzero without a size, JAX raises ConcretizationTypeError (size of jnp.nonzero must be static). Masking with jnp.where on ak.to_jax(e) gives the same total (ak.where itself fails under jit here); checked.',
    ),
    Case(
        id='j-awkward-jit-unflatten-counts',
        source='https://awkward-array.org/doc/main/reference/generated/ak.unflatten.html',
        code="""\
import jax
import jax.numpy as jnp
import awkward as ak

ak.jax.register_and_check()
flat_pt = ak.Array([52.0, 31.5, 12.2, 44.1, 20.3], backend="jax")

@jax.jit
def per_event_sum(pt, counts):
    events = ak.unflatten(pt, counts)
    return ak.sum(events, axis=1)

per_event_sum(flat_pt, jnp.array([3, 0, 2]))
""",
        kind='traced-shape', argument='counts', path='counts', line=10,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='ak.unflatten inside jit with traced counts: awkward checks the counts against the length itself and the comparison raises TracerBoolConversionError; the counts define the jagged structure and must be static. Making counts static (as a hashable tuple) does not make the cell run: awkward then rejects the tuple as a different (NumPy) backend, and axis=1 reducers on jagged arrays are not jittable anyway, so not verifiable.',
    ),
    Case(
        id='j-awkward-leak-debug-dict',
        source='https://github.com/scikit-hep/awkward/issues/3362',
        code="""\
import jax
import awkward as ak

ak.jax.register_and_check()
jet_e = ak.Array([[52.0, 31.5, 12.2], [], [44.1, 20.3]], backend="jax")
debug = {}

def scaled_sum(scale):
    calibrated = jet_e * scale
    debug["calibrated"] = calibrated
    return ak.sum(calibrated)

jax.grad(scaled_sum)(1.05)
ak.max(debug["calibrated"], axis=1)
""",
        kind='leaked-tracer', argument='scale', path='scale', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Inside jax.grad the user stashes the scaled awkward array (holding linearize tracers) in a dict; using it afterwards in ak.max raises UnexpectedTracerError. Return it as aux output (has_aux=True) instead; checked.',
        use_line=14,
    ),
    Case(
        id='j-awkward-field-name-arg',
        source='https://awkward-array.org/doc/main/user-guide/how-to-specialize-differentiate-jax.html',
        code="""\
import jax
import awkward as ak

ak.jax.register_and_check()
muons = ak.Array({"pt": [31.0, 45.2, 12.7], "eta": [0.4, -1.1, 2.0]}, backend="jax")

@jax.jit
def field_total(events, field):
    return ak.sum(events[field])

field_total(muons, "pt")
""",
        kind='non-array-argument', argument='field', path='field', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A field name string passed to a jitted function over an awkward record array: TypeError (not a valid abstract array). Marking field static works; JAX message suggests static_argnames; checked.',
    ),
    Case(
        id='j-awkward-jit-slice-int',
        source='https://awkward-array.org/doc/main/user-guide/how-to-specialize-differentiate-jax.html',
        code="""\
import jax
import awkward as ak

ak.jax.register_and_check()
hits = ak.Array([0.2, 5.4, 0.9, 7.1, 3.3], backend="jax")

@jax.jit
def first_n_energy(e, n):
    return ak.sum(e[:n])

first_n_energy(hits, 3)
""",
        kind='integer-conversion', argument='n', path='n', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Slicing an awkward array with a traced stop e[:n] inside jit: awkward converts the bound with int(), raising ConcretizationTypeError (the int function). Making n static works; checked.',
    ),
    Case(
        id='j-vizier-unpad-in-jit',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/types.py',
        code="""\
import jax
import jax.numpy as jnp
from vizier._src.jax import types

labels = types.PaddedArray.from_array(
    jnp.array([[0.31], [0.92], [0.47]]), (8, 1), fill_value=jnp.nan
)

@jax.jit
def mean_label(y):
    return jnp.mean(y.unpad())

mean_label(labels)
""",
        kind='traced-shape', argument='y', path='y._original_shape', line=11,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note='PaddedArray.unpad() inside jit on a padded array: vizier slices with _original_shape.tolist(), which is a traced leaf, so ConcretizationTypeError (tolist). Masking with is_missing (jnp.where / where=) keeps the result; unpadding outside jit also works; checked.',
    ),
    Case(
        id='j-vizier-coroutine-if-clamp',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/stochastic_process_model.py',
        code="""\
import jax
import jax.numpy as jnp
from tensorflow_probability.substrates import jax as tfp
from vizier._src.jax import stochastic_process_model as sp, types

def gp_coroutine(inputs=None):
    amplitude = yield sp.ModelParameter(init_fn=lambda k: jax.random.uniform(k, minval=0.5, maxval=2.0), name="amplitude")
    if amplitude < 1e-3:
        amplitude = 1e-3
    kernel = tfp.math.psd_kernels.ExponentiatedQuadratic(amplitude=amplitude)
    x = None if inputs is None else inputs.continuous.padded_array
    return tfp.distributions.GaussianProcess(kernel, index_points=x, observation_noise_variance=0.1)

x = jnp.linspace(0.0, 1.0, 6)[:, None]
features = types.ModelInput(types.PaddedArray.as_padded(x), types.PaddedArray.as_padded(jnp.zeros((6, 0))))
data = types.ModelData(features, types.PaddedArray.as_padded(jnp.sin(3.0 * x)))
trainer = sp.CoroutineWithData(gp_coroutine, data)
params = trainer.setup(jax.random.PRNGKey(0))

def nll(params):
    return trainer.loss_with_aux(params)[0]

jax.jit(jax.value_and_grad(nll))(params)
""",
        kind='bool-conversion', argument='params', path="params['amplitude']", line=8,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User model coroutine run by vizier CoroutineWithData.loss_with_aux under jit(value_and_grad): a Python if clamps the yielded amplitude parameter, TracerBoolConversionError. jnp.where (or jnp.maximum) keeps the clamp; checked.',
    ),
    Case(
        id='j-vizier-leak-gp-dist',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/stochastic_process_model.py',
        code="""\
import jax
import jax.numpy as jnp
from tensorflow_probability.substrates import jax as tfp
from vizier._src.jax import stochastic_process_model as sp

def gp_coroutine(inputs=None):
    amplitude = yield sp.ModelParameter(init_fn=lambda k: jax.random.uniform(k, minval=0.5, maxval=2.0), name="amplitude")
    kernel = tfp.math.psd_kernels.ExponentiatedQuadratic(amplitude=amplitude)
    return tfp.distributions.GaussianProcess(kernel, index_points=inputs, observation_noise_variance=0.1)

x, y = jnp.linspace(0.0, 1.0, 6)[:, None], jnp.sin(jnp.linspace(0.0, 3.0, 6))
model = sp.StochasticProcessModel(gp_coroutine)
params = model.init(jax.random.PRNGKey(0), x)["params"]
fitted = {}

@jax.jit
def nll(params):
    gp = model.apply({"params": params}, x)
    fitted["gp"] = gp
    return -gp.log_prob(y)

jax.grad(nll)(params)
fitted["gp"].stddev()
""",
        kind='leaked-tracer', argument='params', path="params['amplitude']", line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The GP distribution built by StochasticProcessModel.apply inside a jitted loss is stored in a dict; calling .stddev() on it later touches leaked tracers: UnexpectedTracerError. Return what is needed (aux output) instead; checked.',
        use_line=23,
    ),
    Case(
        id='j-vizier-item-logging',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/stochastic_process_model.py',
        code="""\
import jax
import jax.numpy as jnp
from tensorflow_probability.substrates import jax as tfp
from vizier._src.jax import stochastic_process_model as sp

def gp_coroutine(inputs=None):
    amplitude = yield sp.ModelParameter(init_fn=lambda k: jax.random.uniform(k, minval=0.5, maxval=2.0), name="amplitude")
    kernel = tfp.math.psd_kernels.ExponentiatedQuadratic(amplitude=amplitude)
    return tfp.distributions.GaussianProcess(kernel, index_points=inputs, observation_noise_variance=0.1)

x, y = jnp.linspace(0.0, 1.0, 6)[:, None], jnp.sin(jnp.linspace(0.0, 3.0, 6))
model = sp.StochasticProcessModel(gp_coroutine)
params = model.init(jax.random.PRNGKey(0), x)["params"]

def nll(params):
    loss = -model.apply({"params": params}, x).log_prob(y)
    print("nll:", loss.item())
    return loss

step = jax.jit(jax.value_and_grad(nll))
step(params)
""",
        kind='concretization', argument='params', path="params['amplitude']", line=17,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging the GP negative log likelihood with .item() inside a jitted value_and_grad step: ConcretizationTypeError. jax.debug.print logs at run time; checked.',
    ),
    Case(
        id='j-vizier-regularizer-np-log',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/stochastic_process_model.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from tensorflow_probability.substrates import jax as tfp
from vizier._src.jax import stochastic_process_model as sp

def gp_coroutine(inputs=None):
    length_scale = yield sp.ModelParameter(
        init_fn=lambda k: jax.random.uniform(k, minval=0.1, maxval=1.0),
        regularizer=lambda ls: 0.01 * np.log(ls / 0.5) ** 2, name="length_scale")
    kernel = tfp.math.psd_kernels.MaternFiveHalves(length_scale=length_scale)
    return tfp.distributions.GaussianProcess(kernel, index_points=inputs, observation_noise_variance=0.1)

x, y = jnp.linspace(0.0, 1.0, 6)[:, None], jnp.sin(jnp.linspace(0.0, 3.0, 6))
model = sp.StochasticProcessModel(gp_coroutine)
params = model.init(jax.random.PRNGKey(0), x)["params"]

def loss(params):
    gp, aux = model.apply({"params": params}, x, mutable=["losses"])
    return -gp.log_prob(y) + sum(jax.tree_util.tree_leaves(aux["losses"]))

jax.grad(loss)(params)
""",
        kind='array-conversion', argument='ls', path='ls', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='ModelParameter regularizer written with np.log; vizier applies it to the parameter while jax.grad traces the loss: TracerArrayConversionError. Use jnp.log; checked.',
    ),
    Case(
        id='j-vizier-dim-config-traced',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/models/tuned_gp_models.py',
        code="""\
import jax
import jax.numpy as jnp
from vizier._src.jax import stochastic_process_model as sp, types
from vizier._src.jax.models import tuned_gp_models

@jax.jit
def init_gp_params(key, n_continuous):
    coroutine = tuned_gp_models.VizierGaussianProcess(
        types.ContinuousAndCategorical(n_continuous, 0))
    return sp.StochasticProcessModel(coroutine).init(key, None)["params"]

init_gp_params(jax.random.PRNGKey(0), 3)
""",
        kind='traced-shape', argument='n_continuous', path='n_continuous', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The feature dimension, a static config field (_dim) of VizierGaussianProcess, comes from a traced jit argument; the coroutine calls np.ones(dim) and NumPy raises TypeError (expected integers, got a JitTracer). Make n_continuous static; checked.',
    ),
    Case(
        id='j-vizier-bucket-pad-jnp',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/types.py',
        code="""\
import jax
import jax.numpy as jnp
from vizier._src.jax import types

@jax.jit
def bucket_features(x):
    n_padded = (jnp.ceil(x.shape[0] / 10) * 10).astype(int)
    padded = types.PaddedArray.from_array(x, (n_padded, x.shape[1]), fill_value=0.0)
    return padded.padded_array

bucket_features(jnp.ones((13, 2)))
""",
        kind='traced-shape', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='Bucketed padding size computed with jnp.ceil from x.shape becomes a tracer under jit; PaddedArray.from_array passes it to jnp.pad: ConcretizationTypeError. Compute it with NumPy/Python from the static shape; checked.',
    ),
    Case(
        id='j-vizier-jit-loss-model-arg',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/gp_bandit_utils.py',
        code="""\
import jax
import jax.numpy as jnp
from vizier._src.jax import gp_bandit_utils, types
from vizier._src.jax.models import tuned_gp_models

x = types.PaddedArray.as_padded(jnp.linspace(0.0, 1.0, 6)[:, None])
cat = types.PaddedArray.as_padded(jnp.zeros((6, 0), dtype=types.INT_DTYPE))
data = types.ModelData(types.ModelInput(x, cat), types.PaddedArray.as_padded(jnp.sin(3.0 * x.padded_array)))
model = tuned_gp_models.VizierGaussianProcess.build_model(data.features)
params = gp_bandit_utils.stochastic_process_model_setup(jax.random.PRNGKey(0), model, data)

loss_jit = jax.jit(gp_bandit_utils.stochastic_process_model_loss_fn)
loss_jit(params, model, data)
""",
        kind='non-array-argument', argument='model', path='model', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Jitting vizier stochastic_process_model_loss_fn directly and passing the flax StochasticProcessModel as an argument: TypeError (not a valid abstract array). Marking the (hashable) model static works, as the JAX message says; checked.',
    ),
    Case(
        id='j-vizier-static-modeldata',
        source='https://github.com/google/vizier/blob/main/vizier/_src/jax/gp_bandit_utils.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from vizier._src.jax import gp_bandit_utils, types
from vizier._src.jax.models import tuned_gp_models

x = types.PaddedArray.as_padded(jnp.linspace(0.0, 1.0, 6)[:, None])
cat = types.PaddedArray.as_padded(jnp.zeros((6, 0), dtype=types.INT_DTYPE))
data = types.ModelData(types.ModelInput(x, cat), types.PaddedArray.as_padded(jnp.sin(3.0 * x.padded_array)))
model = tuned_gp_models.VizierGaussianProcess.build_model(data.features)
params = gp_bandit_utils.stochastic_process_model_setup(jax.random.PRNGKey(0), model, data)

loss_jit = jax.jit(gp_bandit_utils.stochastic_process_model_loss_fn, static_argnames=("model", "data"))
loss_jit(params, model=model, data=data)
""",
        kind='unhashable-static', argument='data', path='data', line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='ModelData (an equinox module holding arrays) marked static: hashing it hashes jax arrays, so JAX raises ValueError (non-hashable static arguments). Pass data traced and keep only the model static; checked.',
    ),
    Case(
        id='j-xpx-setdiff1d-jit',
        source='https://github.com/data-apis/array-api-extra/issues/116',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

seen_ids = jnp.array([3, 7, 9, 12])

@jax.jit
def unseen(candidate_ids):
    new_ids = xpx.setdiff1d(candidate_ids, seen_ids)
    return new_ids

unseen(jnp.array([1, 3, 5, 7, 11, 12]))
""",
        kind='boolean-index', argument='candidate_ids', path='candidate_ids', line=9,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=False,
        note='xpx.setdiff1d under jax.jit forwards to jnp.setdiff1d without size=, whose output length depends on the data: ConcretizationTypeError. Give a static size (jnp.setdiff1d size=/fill_value=; xpx has no size option); checked.',
    ),
    Case(
        id='j-xpx-at-mask-set',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.at.html',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

@jax.jit
def clip_outliers(x, limit):
    too_big = jnp.abs(x) > limit
    return xpx.at(x, too_big).set(jnp.sign(x) * limit)

clip_outliers(jnp.array([0.5, -4.0, 2.0, 9.0]), 3.0)
""",
        kind='boolean-index', argument='x', path='x', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='xpx.at(x, mask).set(array) under jit: xpx only rewrites to where() for scalar values, so JAX sees x.at[mask] with a traced mask and raises NonConcreteBooleanIndexError. jnp.where gives the same result; checked.',
    ),
    Case(
        id='j-xpx-apply-where-if-branch',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.apply_where.html',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

def huber_branch(r, delta):
    if jnp.all(jnp.abs(r) <= delta):
        return 0.5 * r**2
    return delta * (jnp.abs(r) - 0.5 * delta)

@jax.jit
def robust_loss(r, delta):
    return jnp.sum(xpx.apply_where(jnp.isfinite(r), (r, delta), huber_branch, fill_value=0.0))

robust_loss(jnp.array([0.2, -3.0, 1.5]), 1.0)
""",
        kind='bool-conversion', argument='r', path='r', line=6,
        fixes=('lax.cond', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Branch function given to xpx.apply_where uses a Python if on its array argument; eagerly xpx feeds it concrete subsets, under jit it gets tracers: TracerBoolConversionError. lax.cond keeps the whole-array test; jnp.where per element is what a Huber loss usually means; checked lax.cond.',
    ),
    Case(
        id='j-xpx-one-hot-traced-classes',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.one_hot.html',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

@jax.jit
def encode(labels):
    n_classes = labels.max() + 1
    return xpx.one_hot(labels, n_classes)

encode(jnp.array([0, 2, 1, 2]))
""",
        kind='traced-shape', argument='labels', path='labels', line=8,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='Number of classes computed as labels.max() + 1 inside jit and given to xpx.one_hot; JAX needs num_classes concrete: ConcretizationTypeError (jax.nn.one_hot argument num_classes). Pass the class count as a static argument or compute it outside jit; not a one-line fix.',
    ),
    Case(
        id='j-xpx-pad-block-traced',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.pad.html',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

@jax.jit
def pad_to_block(signal, block):
    extra = (-signal.shape[0]) % block
    return xpx.pad(signal, (0, extra))

pad_to_block(jnp.arange(10.0), 4)
""",
        kind='traced-shape', argument='block', path='block', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Pad width derived from a traced block size reaches xpx.pad -> jnp.pad: ConcretizationTypeError (pad_width argument). Make block static; checked.',
    ),
    Case(
        id='j-xpx-xp-namespace-arg',
        source='https://github.com/data-apis/array-api-compat/issues/229',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

def standardize(x, xp):
    mu = xpx.nanmean(x, axis=0, xp=xp)
    return (x - mu) / xp.std(x, axis=0)

fast_standardize = jax.jit(standardize)
fast_standardize(jnp.ones((5, 3)), jnp)
""",
        kind='non-array-argument', argument='xp', path='xp', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Array-API style function taking the namespace xp as an argument is jitted and called with jnp: TypeError (module is not a valid abstract array). Mark xp static (modules are hashable), as the message suggests; checked.',
    ),
    Case(
        id='j-xpx-lazy-apply-bins',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.lazy_apply.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import array_api_extra as xpx

def host_histogram(x, bins):
    return np.histogram(np.asarray(x), bins=bins)[0].astype(np.float32)

@jax.jit
def normalized_hist(x, bins):
    counts = xpx.lazy_apply(host_histogram, x, bins=bins, shape=(bins,), dtype=jnp.float32)
    return counts / counts.sum()

normalized_hist(jnp.linspace(0.0, 1.0, 50), 8)
""",
        kind='traced-shape', argument='bins', path='bins', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='lazy_apply output shape=(bins,) built from a traced jit argument: xpx does not see an int in the shape tuple and raises its own ValueError (multiple shapes but one dtype). The shape must be static; make bins static; checked.',
    ),
    Case(
        id='j-xpx-create-diagonal-offset',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.create_diagonal.html',
        code="""\
import jax
import jax.numpy as jnp
import array_api_extra as xpx

@jax.jit
def banded(weights, offset):
    return xpx.create_diagonal(weights, offset=offset)

banded(jnp.array([1.0, 2.0, 3.0]), 1)
""",
        kind='integer-conversion', argument='offset', path='offset', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Band offset for xpx.create_diagonal passed as a traced jit argument; the library uses it as a Python int index: TracerIntegerConversionError. Make offset static; checked.',
    ),
    Case(
        id='j-xpx-static-list-pad-width',
        source='https://data-apis.org/array-api-extra/generated/array_api_extra.pad.html',
        code="""\
import functools
import jax
import jax.numpy as jnp
import array_api_extra as xpx

@functools.partial(jax.jit, static_argnames="pad_width")
def pad_image(img, pad_width):
    return xpx.pad(img, pad_width, constant_values=0.0)

pad_image(jnp.ones((4, 4)), pad_width=[(1, 1), (2, 2)])
""",
        kind='unhashable-static', argument='pad_width', path='pad_width', line=10,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='pad_width for xpx.pad is rightly static but given as a list: ValueError (non-hashable static arguments). Use a tuple of tuples; checked.',
    ),
]
