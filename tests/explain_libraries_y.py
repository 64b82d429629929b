"""Held-out library cases (set Y): kfac-jax, clu, unxt.

How they were built: each cell is my own minimal reduction of a usage pattern
documented for the library (README/guide/API docstring or the library's sharp-bits
page; no GitHub issue thread showing these exact patterns turned up for these three
libraries, so the sources are docs pages or the documented module). Every cell was
written to a file and run with /tmp/heldout13/venv_y/bin/python (CPython 3.11.7,
JAX_PLATFORMS=cpu); every statement but the last runs, the last raises, and
`line`/`use_line` were read off the traceback frames in the file. Each first fix
was applied by hand to a copy of the cell and re-run.

Installed (venv with --system-site-packages): jax 0.10.2, jaxlib 0.10.2,
kfac-jax 0.0.8, clu 0.0.12, unxt 1.11.4 (with quax 0.4.6, quaxed 0.10.7,
astropy 8.0.2, plum); flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6 kept
at the machine's versions.

Dropped:
- neural-tangents 0.6.5: installs but fails to import with jax 0.10.2
  (ImportError: cannot import name 'Jaxpr' from 'jax.core').
- jaxfit 0.0.5: installs but fails to import (ModuleNotFoundError: jax.config).
- trajax (alternate): not on the package index (no distribution found).
  Replaced by the alternates clu and unxt.
- kfac-jax 0.0.8 imports, and Optimizer.init (which traces the user's loss for
  layer/loss-tag registration) works, but Optimizer.step fails with jax 0.10.2
  inside kfac's own jaxpr evaluator (ValueError: too many values to unpack in
  tag_graph_matcher.eval_jaxpr_eqn). So every kfac cell ends in optimizer.init;
  the fixed cells were checked to get through init, not through step.
- clu.metric_writers needs tensorboard (not installed); not used.

Doubts about labels:
- y-kfac-nan-guard-if, y-kfac-float-in-loss-log, y-kfac-np-clip-probabilities,
  y-kfac-loss-appends-to-global-list: the offending value depends on params['w']
  and on batch leaves; argument='params' follows the "first parameter" rule.
- y-kfac-rollout-horizon-in-batch: `static` here means taking the horizon out of
  the traced batch (kfac exposes no static_argnums); lax.fori_loop is not listed
  because a traced trip count cannot be reverse-differentiated.
- y-kfac-string-field-in-batch: JAX's message proposes static_argnums, which the
  user cannot set on kfac's internal jit, so jax_fitting_fix=False; the actual fix
  (drop the string or close over it) is what `static` stands for here. The error
  is raised while abstracting arguments, before the loss is traced.
- y-kfac-one-hot-num-classes-from-labels: a Python constant NUM_CLASSES
  (`static`) is as good as logits.shape[-1] (`numpy-for-static`).
- y-kfac-loss-appends-to-global-list: the fix also changes the jax.value_and_grad
  call (has_aux=True) and the Optimizer flag value_func_has_aux=True; I counted
  that as mechanical (like a jit-call change). jax_fitting_fix=True because JAX
  says transformed functions must return their outputs.
- y-clu-collecting-metric-merge-in-jit: the exception is clu's RuntimeError, not a
  JAX error; `array-conversion` is defensible (clu needs host NumPy arrays and
  would np.asarray them next). argument could also be read as the update built
  from `scores`.
- y-clu-collecting-metric-compute-in-jit, y-clu-parameter-overview-inside-jit,
  y-unxt-astropy-convert-inside-jit: the failing NumPy/float call is inside the
  library, so the only user-side fix is to move the call out of jit
  (`return-value`); the vocabulary has no exact "do it outside jit" entry.
  y-clu-parameter-overview-inside-jit could also be labelled array-conversion
  (device_get) but JAX raises ConcretizationTypeError from float().
- y-clu-custom-metric-compute-if-count-zero: argument is the jitted function's
  parameter `metric`; the `if` itself is in the user's compute() method (self.count).
- y-clu-confusion-matrix-int-num-classes: int() on a tracer; kind could be read as
  traced-shape since the value becomes a shape, but the failing call is int().
- y-clu-collection-merged-into-global fix (checked) closes over the global; passing
  `running` in as an argument is the cleaner variant.
- y-unxt-quantity-as-static-default: unxt's docs recommend StaticQuantity for
  constants, but in unxt 1.11.4 `0.5 * StaticQuantity(...)` raises TypeError
  inside the function, so only the StaticValue form of `hashable-static` works;
  not-static is listed first as the simplest working fix.
- y-unxt-arange-from-quantity-ratio: `hashable-static` (StaticQuantity) is the
  mechanism needed to make Quantities static, so the order static/hashable-static
  is arguable; verifiable=False because the working fix also needs int() and
  Q.from_(dt) edits. A Quantity(StaticValue) variant still traced (checked).
- y-unxt-scan-step-appends-snapshot: the tracer comes from jax.lax.scan around a
  unxt Quantity; the library object stored is the Quantity.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='y-kfac-nan-guard-if',
        source='https://github.com/google-deepmind/kfac-jax',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    pred = batch['x'] @ params['w']
    kfac_jax.register_squared_error_loss(pred, batch['y'])
    loss = jnp.mean(jnp.sum((pred - batch['y']) ** 2, axis=-1))
    if jnp.isnan(loss):
        loss = jnp.zeros_like(loss)
    return loss

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.ones((4, 2))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 2))}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='bool-conversion', argument='params', path="params['w']", line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A NaN guard written as a Python `if` inside the loss handed to kfac_jax.Optimizer; optimizer.init traces the loss under jit for the curvature estimator and JAX raises TracerBoolConversionError. `loss = jnp.where(jnp.isnan(loss), 0.0, loss)` keeps the behaviour; checked (init then runs).',
    ),
    Case(
        id='y-kfac-float-in-loss-log',
        source='https://github.com/google-deepmind/kfac-jax',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    pred = batch['x'] @ params['w']
    kfac_jax.register_squared_error_loss(pred, batch['y'])
    loss = jnp.mean(jnp.sum((pred - batch['y']) ** 2, axis=-1))
    print(f"train loss: {float(loss):.4f}")
    return loss

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.ones((4, 2))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 2))}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='concretization', argument='params', path="params['w']", line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Logging the loss with float() inside the loss function that kfac traces at init; JAX raises ConcretizationTypeError (its hint about astype does not fit). Replacing the print with jax.debug.print('train loss: {:.4f}', loss) was checked.",
    ),
    Case(
        id='y-kfac-one-hot-num-classes-from-labels',
        source='https://github.com/google-deepmind/kfac-jax',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    logits = batch['x'] @ params['w']
    kfac_jax.register_softmax_cross_entropy_loss(logits, batch['y'])
    labels = jax.nn.one_hot(batch['y'], batch['y'].max() + 1)
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.zeros((4, 3))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.arange(8) % 3}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='traced-shape', argument='batch', path="batch['y']", line=8,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note="num_classes for jax.nn.one_hot is computed as labels.max()+1 inside the traced loss; JAX raises ConcretizationTypeError (num_classes must be concrete). Using logits.shape[-1] (or a Python constant such as the README's NUM_CLASSES) fixes it; checked.",
    ),
    Case(
        id='y-kfac-rollout-horizon-in-batch',
        source='https://kfac-jax.readthedocs.io/en/latest/api.html',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    h = batch['x']
    for _ in range(batch['horizon']):
        h = jnp.tanh(h @ params['w'])
    kfac_jax.register_squared_error_loss(h, batch['y'])
    return jnp.mean(jnp.sum((h - batch['y']) ** 2, axis=-1))

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': 0.1 * jnp.ones((4, 4))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 4)), 'horizon': 3}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='integer-conversion', argument='batch', path="batch['horizon']", line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='An unrolled multi-step loss takes its horizon from the batch dict, which kfac traces as an array, so range() gets a tracer: TracerIntegerConversionError. The horizon must be a Python int outside the traced batch (closure constant); a traced-length fori_loop would not be reverse-differentiable. Checked with a module constant.',
    ),
    Case(
        id='y-kfac-np-clip-probabilities',
        source='https://kfac-jax.readthedocs.io/en/latest/overview.html#supported-losses',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    logits = batch['x'] @ params['w']
    kfac_jax.register_sigmoid_cross_entropy_loss(logits, batch['y'])
    p = np.clip(jax.nn.sigmoid(logits), 1e-6, 1 - 1e-6)
    y = batch['y']
    return -jnp.mean(jnp.sum(y * jnp.log(p) + (1 - y) * jnp.log(1 - p), axis=-1))

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.zeros((4, 2))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.ones((8, 2))}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='array-conversion', argument='params', path="params['w']", line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.clip on sigmoid outputs inside a sigmoid-cross-entropy loss registered with kfac; tracing at init hits __array__ and JAX raises TracerArrayConversionError. jnp.clip fixes it; checked.',
    ),
    Case(
        id='y-kfac-boolean-mask-padding',
        source='https://kfac-jax.readthedocs.io/en/latest/overview.html#supported-losses',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    logits = batch['x'] @ params['w']
    kfac_jax.register_softmax_cross_entropy_loss(logits, batch['y'])
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), batch['y'][:, None], -1)
    return -jnp.mean(logp[:, 0][batch['mask']])

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.zeros((4, 3))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.arange(8) % 3, 'mask': jnp.arange(8) < 6}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='boolean-index', argument='batch', path="batch['mask']", line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Dropping padded examples with a boolean mask index inside the kfac loss; JAX raises NonConcreteBooleanIndexError. Summing jnp.where(mask, logp, 0) and dividing by mask.sum() gives the same masked mean (kfac's registration functions also take mask=); checked.",
    ),
    Case(
        id='y-kfac-loss-appends-to-global-list',
        source='https://kfac-jax.readthedocs.io/en/latest/api.html',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

recorded = []

def loss_fn(params, batch):
    pred = batch['x'] @ params['w']
    recorded.append(pred)
    kfac_jax.register_squared_error_loss(pred, batch['y'])
    return jnp.mean(jnp.sum((pred - batch['y']) ** 2, axis=-1))

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.ones((4, 2))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 2))}
state = opt.init(params, jax.random.PRNGKey(0), batch)
print(jnp.std(recorded[-1]))
""",
        kind='leaked-tracer', argument='params', path="params['w']", line=9,
        use_line=20,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=True,
        note="The loss appends its predictions to a module-level list for inspection; kfac's init traces the loss (through value_and_grad), the list keeps a LinearizeTracer, and using it afterwards raises UnexpectedTracerError. Returning the statistic as aux (value_func_has_aux=True, has_aux=True) is the supported route; checked.",
    ),
    Case(
        id='y-kfac-string-field-in-batch',
        source='https://kfac-jax.readthedocs.io/en/latest/api.html',
        code="""\
import jax
import jax.numpy as jnp
import kfac_jax

def loss_fn(params, batch):
    pred = batch['x'] @ params['w']
    kfac_jax.register_squared_error_loss(pred, batch['y'])
    return jnp.mean(jnp.sum((pred - batch['y']) ** 2, axis=-1))

opt = kfac_jax.Optimizer(
    value_and_grad_func=jax.value_and_grad(loss_fn), l2_reg=1e-4,
    use_adaptive_learning_rate=True, use_adaptive_momentum=True,
    use_adaptive_damping=True, initial_damping=1.0, num_burnin_steps=0)
params = {'w': jnp.ones((4, 2))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 2)), 'split': 'train'}
state = opt.init(params, jax.random.PRNGKey(0), batch)
""",
        kind='non-array-argument', argument='batch', path="batch['split']", line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A string tag inside the batch dict passed to optimizer.init, whose staged (jitted) _init cannot abstract it: TypeError 'Error interpreting argument ... as an abstract array' at path batch['split']. JAX's static_argnums hint is not available to the user (the jit is kfac's); moving the tag out of the batch fixes it; checked.",
    ),
    Case(
        id='y-clu-collecting-metric-compute-in-jit',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from clu import metrics

Outputs = metrics.CollectingMetric.from_outputs(('logits', 'labels'))

@jax.jit
def eval_step(logits, labels):
    update = Outputs.from_model_output(logits=logits, labels=labels)
    values = update.compute()
    return jnp.mean(values['logits'].argmax(-1) == values['labels'])

eval_step(jnp.zeros((4, 3)), jnp.array([0, 1, 2, 0]))
""",
        kind='array-conversion', argument='logits', path='logits', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="CollectingMetric.compute() (np.concatenate on the collected outputs) is called inside a jitted eval step; clu's own code calls __array__ on the tracer and JAX raises TracerArrayConversionError. Return the metric update from the jitted step and compute on the host, as clu's docstring prescribes; checked.",
    ),
    Case(
        id='y-clu-collecting-metric-merge-in-jit',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from clu import metrics

Outputs = metrics.CollectingMetric.from_outputs(('scores',))

@jax.jit
def eval_step(collected, scores):
    update = Outputs.from_model_output(scores=scores)
    return collected.merge(update)

collected = Outputs.from_model_output(scores=jnp.zeros(4))
collected = eval_step(collected, jnp.ones(4))
""",
        kind='concretization', argument='collected', path="collected.values['scores'][0]", line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="Merging a CollectingMetric inside jit: clu checks for tracers itself and raises RuntimeError('Tracer detected! CollectingMetric cannot be JIT compiled.') because it needs host arrays. Return the per-batch update and merge in the Python loop; checked.",
    ),
    Case(
        id='y-clu-custom-metric-compute-if-count-zero',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import flax
import jax
import jax.numpy as jnp
from clu import metrics

@flax.struct.dataclass
class SafeAverage(metrics.Average):
    def compute(self):
        if self.count == 0:
            return jnp.zeros(())
        return self.total / self.count

@jax.jit
def summarize(metric):
    return metric.compute()

summarize(SafeAverage.from_model_output(jnp.array([1.0, 2.0, 3.0])))
""",
        kind='bool-conversion', argument='metric', path='metric.count', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user subclass of clu.metrics.Average guards division with `if self.count == 0` in compute(), then compute() runs inside jit; JAX raises TracerBoolConversionError. jnp.where(self.count == 0, 0.0, total / count) keeps the result; checked.',
    ),
    Case(
        id='y-clu-confusion-matrix-int-num-classes',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import flax
import jax
import jax.numpy as jnp
from clu import metrics

@flax.struct.dataclass
class Confusion(metrics.Metric):
    matrix: jnp.ndarray

    @classmethod
    def from_model_output(cls, *, logits, labels, **_):
        n = int(labels.max()) + 1
        preds = logits.argmax(-1)
        return cls(jnp.zeros((n, n), jnp.int32).at[labels, preds].add(1))

@jax.jit
def eval_step(logits, labels):
    return Confusion.from_model_output(logits=logits, labels=labels)

eval_step(jnp.eye(3), jnp.array([0, 1, 2]))
""",
        kind='integer-conversion', argument='labels', path='labels', line=12,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A custom clu Metric sizes its confusion matrix with int(labels.max()) + 1 in from_model_output, called from a jitted eval step; JAX raises ConcretizationTypeError from int() (its astype hint does not fit). Taking the size from logits.shape[-1] (or a fixed class count) works; checked.',
    ),
    Case(
        id='y-clu-collection-merged-into-global',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from clu import metrics

EvalMetrics = metrics.Collection.create(loss=metrics.Average.from_output('loss'))
running = EvalMetrics.empty()

@jax.jit
def eval_step(params, x, y):
    global running
    loss = jnp.mean((x @ params['w'] - y) ** 2, axis=-1)
    running = running.merge(EvalMetrics.single_from_model_output(loss=loss))
    return loss

eval_step({'w': jnp.ones((3, 1))}, jnp.ones((4, 3)), jnp.zeros((4, 1)))
print(running.compute())
""",
        kind='leaked-tracer', argument='params', path="params['w']", line=12,
        use_line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The jitted eval step merges the batch's clu Collection into a module-level `running` collection; the stored Collection holds tracers and running.compute() afterwards raises UnexpectedTracerError. Return the merged collection from the step instead (as in the clu/flax examples); checked.",
    ),
    Case(
        id='y-clu-parameter-overview-inside-jit',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/parameter_overview.py',
        code="""\
import jax
import jax.numpy as jnp
from clu import parameter_overview

@jax.jit
def train_step(params, x):
    grads = jax.grad(lambda p: jnp.sum(jnp.tanh(x @ p['dense']['kernel'])))(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    parameter_overview.log_parameter_overview(params)
    return params

params = {'dense': {'kernel': jnp.ones((3, 2)), 'bias': jnp.zeros(2)}}
train_step(params, jnp.ones((4, 3)))
""",
        kind='concretization', argument='params', path="params['dense']['bias']", line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='log_parameter_overview is called on the updated params inside a jitted train step; clu computes the mean/std table with float(jax.device_get(...)) and JAX raises ConcretizationTypeError. Return the params and log the overview outside jit; checked.',
    ),
    Case(
        id='y-clu-collection-class-as-jit-arg',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from clu import metrics

Metrics = metrics.Collection.create(
    loss=metrics.Average.from_output('loss'), accuracy=metrics.Accuracy)

@jax.jit
def eval_step(params, x, labels, metrics_cls):
    logits = x @ params['w']
    loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1))
    return metrics_cls.single_from_model_output(logits=logits, labels=labels, loss=loss)

params = {'w': jnp.zeros((3, 4))}
eval_step(params, jnp.ones((8, 3)), jnp.zeros(8, jnp.int32), Metrics)
""",
        kind='non-array-argument', argument='metrics_cls', path='metrics_cls', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The Collection class built by metrics.Collection.create is passed as an argument of a jitted eval step; JAX raises TypeError (a class is not a valid JAX type). Marking it static_argnames='metrics_cls' (or closing over it) fixes it, as JAX's message suggests; checked.",
    ),
    Case(
        id='y-clu-collection-marked-static',
        source='https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from clu import metrics

Metrics = metrics.Collection.create(loss=metrics.Average.from_output('loss'))

@functools.partial(jax.jit, static_argnames='state')
def eval_step(params, x, y, state):
    loss = jnp.mean((x @ params['w'] - y) ** 2, axis=-1)
    return state.merge(Metrics.single_from_model_output(loss=loss))

params = {'w': jnp.ones((3, 1))}
state = eval_step(params, jnp.ones((4, 3)), jnp.zeros((4, 1)), state=Metrics.empty())
""",
        kind='unhashable-static', argument='state', path='state', line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The running clu Collection is declared in static_argnames; it is a frozen flax struct holding arrays, so hashing fails and JAX raises ValueError('Non-hashable static arguments are not supported'). Passing it as a normal (traced) pytree argument works; checked.",
    ),
    Case(
        id='y-unxt-if-on-quantity-comparison',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/guides/sharp-bits.md',
        code="""\
import jax
import unxt as u

@jax.jit
def capped_speed(v):
    limit = u.Q(30.0, 'km/s')
    if v > limit:
        return limit
    return v

capped_speed(u.Q(42.0, 'km/s'))
""",
        kind='bool-conversion', argument='v', path='v.value', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A jitted function clamps a unxt Quantity with a Python `if v > limit`; the comparison yields a traced bool and JAX raises TracerBoolConversionError. quaxed.numpy.where(v > limit, limit, v) and jax.lax.cond both checked.',
    ),
    Case(
        id='y-unxt-quantity-as-static-default',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/how-to/use-a-quantity-as-a-static-argument.md',
        code="""\
import functools
import jax
import jax.numpy as jnp
import unxt as u

@functools.partial(jax.jit, static_argnames=('g',))
def fall_distance(t, *, g=u.Q(9.81, 'm / s2')):
    return 0.5 * g * t ** 2

fall_distance(u.Q(jnp.array([1.0, 2.0]), 's'), g=u.Q(1.62, 'm / s2'))
""",
        kind='unhashable-static', argument='g', path='g', line=10,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="A Quantity (JAX-array value) is used as a static_argnames keyword; hashing it fails and JAX raises ValueError('Non-hashable static arguments are not supported'). Dropping it from static_argnames works (checked); a Quantity with a StaticValue value also works (checked).",
    ),
    Case(
        id='y-unxt-unit-string-as-jit-arg',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/guides/sharp-bits.md',
        code="""\
import jax
import unxt as u

@jax.jit
def to_unit(q, unit):
    return u.uconvert(unit, q)

to_unit(u.Q(1500.0, 'm'), 'km')
""",
        kind='non-array-argument', argument='unit', path='unit', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A target unit string is passed positionally to a jitted u.uconvert wrapper; JAX raises TypeError (str is not a valid JAX type). static_argnames='unit', as the message suggests, fixes it; checked.",
    ),
    Case(
        id='y-unxt-boolean-mask-on-quantity',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/how-to/use-jax-functions.md',
        code="""\
import jax
import jax.numpy as jnp
import quaxed.numpy as qnp
import unxt as u

@jax.jit
def mean_inner_radius(r, r_cut):
    return qnp.mean(r[r < r_cut])

r = u.Q(jnp.array([0.5, 1.5, 2.5, 3.5]), 'kpc')
mean_inner_radius(r, u.Q(2.0, 'kpc'))
""",
        kind='boolean-index', argument='r', path='r.value', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Selecting radii below a cut with r[r < r_cut] on a Quantity inside jit; JAX raises NonConcreteBooleanIndexError. A masked sum with quaxed.numpy.where divided by the mask count gives the same mean; checked.',
    ),
    Case(
        id='y-unxt-arange-from-quantity-ratio',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/how-to/use-a-quantity-as-a-static-argument.md',
        code="""\
import jax
import jax.numpy as jnp
import unxt as u

@jax.jit
def time_grid(t_end, dt):
    n_steps = u.ustrip('', t_end / dt)
    return jnp.arange(n_steps) * dt

time_grid(u.Q(1.0, 'Myr'), u.Q(0.25, 'Myr'))
""",
        kind='traced-shape', argument='t_end', path='t_end.value', line=8,
        fixes=('static', 'hashable-static'), verifiable=False, jax_fitting_fix=False,
        note="The number of time steps is t_end/dt stripped of units and fed to jnp.arange inside jit; JAX raises ConcretizationTypeError for arange's stop. The count must be static: passing t_end and dt as StaticQuantity in static_argnames plus int() and Q.from_(dt) works (checked), but that is more than a one-line change.",
    ),
    Case(
        id='y-unxt-scan-step-appends-snapshot',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/guides/sharp-bits.md',
        code="""\
import jax
import jax.numpy as jnp
import unxt as u

snapshots = []

def step(x, _):
    v = u.Q(2.0, 'm / s')
    x = x + v * u.Q(0.1, 's')
    snapshots.append(x)
    return x, None

final, _ = jax.lax.scan(step, u.Q(0.0, 'm'), None, length=5)
print(snapshots[-1].uconvert('cm'))
""",
        kind='leaked-tracer', argument='x', path='x.value', line=10,
        use_line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A lax.scan step over a unxt Quantity position appends each Quantity to a Python list; the stored Quantities wrap scan tracers and calling uconvert on one afterwards raises UnexpectedTracerError. Returning x as the scan output (ys) fixes it; checked.',
    ),
    Case(
        id='y-unxt-astropy-convert-inside-jit',
        source='https://github.com/GalacticDynamics/unxt/blob/main/docs/interop/astropy.md',
        code="""\
import astropy.units as apyu
import jax
import jax.numpy as jnp
import unxt as u
from plum import convert

@jax.jit
def to_parsec(d):
    d_apy = convert(d, apyu.Quantity)
    return d_apy.to(apyu.pc).value

to_parsec(u.Q(jnp.array([1.0, 2.0]), 'kpc'))
""",
        kind='array-conversion', argument='d', path='d.value', line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="plum.convert(q, astropy.units.Quantity) inside jit; unxt's astropy interop builds an astropy Quantity, which calls __array__ on the tracer, and JAX raises TracerArrayConversionError. Return the unxt Quantity and convert to astropy outside jit (or stay in unxt with u.uconvert); checked.",
    ),
]
