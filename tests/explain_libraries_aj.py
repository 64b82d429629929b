"""Held-out library cases (set aj): jaxkd, jax-metrics, jax2onnx.

How they were built: each cell is my own minimal reduction of a pattern that users of
the library hit (sources: the library's README/docs page for the API exercised, or a
GitHub thread of the library where one shows the pattern).  Every cell was written to a
file and run with /tmp/heldout18/venv_aj/bin/python; every statement but the last runs
and the last raises while JAX traces.  `line`/`use_line` were read off the traceback
frames that lie in the cell file.  Each first fix was applied by hand to the cell and
re-run (the cell then runs to the end, for jax2onnx the export completes).

Interpreter: CPython 3.11.7, venv /tmp/heldout18/venv_aj (--system-site-packages), CPU.
Versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8, equinox 0.13.8,
optax 0.2.8 (pins kept on every install); jaxkd 0.1.2; jax-metrics 0.2.5 (pulls
simple_pytree 0.2.2); jax2onnx 0.17.1 (with onnx 1.23.2, onnx-ir 1.1.0,
onnxruntime 1.32.0).

Dropped and why:
- kinetix-env (first candidate): every release pins numpy==1.26.4 and jax<0.6 (and
  depends on jax2d, which is on the exclusion list); pip cannot resolve it with the
  pins, so it was dropped.
- jaxatari (alternate 1, now an alias of jaxtari 0.2.0): installs, but every game
  except the three casino games loads sprite assets that must be downloaded at run time
  (`python -m jaxtari.install_sprites`); no network here, so cells would not be
  self-contained.  Dropped.
- torchax (alternate 2): torchax 0.0.13 fails to import with the only installable CPU
  torch wheel (2.13.0+cpu): AttributeError in torchax/amp.py
  ('aten.prod' has no overload 'dim_Dimname').  Dropped.
- jax-fem (alternate 3): jax_fem.solver imports petsc4py at module level, and petsc4py
  has no wheel here (sdist build of PETSc not feasible).  Dropped.
- Replacement of my choosing: jax2onnx (not on the exclusion list), which traces the
  user's function with jax.make_jaxpr during to_onnx.
- jax-metrics note: on jax 0.10.2 SumMetric.merge / Metric.__call__ / Losses.reset use
  the removed jax.tree_map, so the cases only use reset/update/compute.
- Candidate cells not kept: np.median on query_neighbors distances (jaxkd,
  array-conversion: covered twice already), jnp.nonzero without size in a CTC-style
  decoder and math.sqrt on a traced variance (jax2onnx: kinds already covered),
  a boolean-masked token accuracy (jax-metrics, boolean-index: covered), and
  Accuracy(multiclass=False) inside jit (the library's `target.max() > 1` check fails,
  but no fix from the vocabulary fits).

Doubts about labels:
- aj-jaxkd-traced-k: JAX's message is the non-hashable-static one (the tracer is not
  hashable), so `unhashable-static` is defensible; I chose traced-shape because the value
  is a traced count that must be a compile-time constant.
- aj-jaxkd-array-k: no user function is traced; argument/path could be None.  I used the
  name of the jitted library parameter that receives the array (`k`).
- aj-jaxkd-outlier-mask, aj-jax2onnx-score-mask: neither jnp.where nor size= reproduces
  the variable-length result; both give a fixed-shape result, so their order is a matter
  of taste.
- aj-jaxkd-jit-method: `register-pytree` is arguably the cleaner first fix; static works
  (objects hash by identity) and is what JAX's message suggests.
- aj-jaxkd-tree-list-index: stacking the equally sized trees into one pytree and indexing
  it with the traced label is another valid fix not in the vocabulary.
- aj-jaxkd-kmeans-float: `return-value` (drop float/print, the inertia is already a scan
  output) is as acceptable as jax.debug.print.
- aj-jaxmetrics-global-metric: the leaked value depends on logits and labels; argument
  `labels` is equally defensible (I used the first parameter).
- aj-jaxmetrics-num-classes: the exception is TracerBoolConversionError raised by the
  library's own `if`, so `bool-conversion` is defensible; the value is a class count that
  sizes the metric state (a static field), hence traced-shape.
- aj-jaxmetrics-macro-compute: the mask depends on all of acc.tp/acc.fp/acc.fn (and on
  logits, labels); path `acc.fn` or `acc.fp` would be as right as `acc.tp`.  The fix
  (compute() outside jit) is only loosely `return-value`; using average='micro' also works.
- aj-jaxmetrics-scan-guard: running.compute() is total/count, so path `running.count`
  (which JAX lists first) is as defensible as `running.total`.
- aj-jaxmetrics-float-log: the printed value depends on w, running, x and y; I used the
  first parameter `w`; `running` (the metric) is a defensible culprit too.
- aj-jaxmetrics-metric-list-index: `static` (label is a small class id) or lax.switch may
  be preferred first; the mask fix applies sample_weight rather than jnp.where directly.
- aj-jax2onnx-range-symbolic: the value is a symbolic dimension (not a tracer); the
  exception is a plain TypeError, and `traced-shape` is a defensible kind.
- aj-jax2onnx-if-peak / np-softmax / score-mask / repeat-durations: JAX's message names
  the argument `xs[0]` of jax2onnx's internal wrapper; the user's parameter is given.
- aj-jax2onnx-jit-string-kwarg, aj-jax2onnx-list-static: the error is raised by the
  user's jax.jit when jax2onnx calls it, so `line` is the user's to_onnx call.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='aj-jaxkd-traced-k',
        source='https://github.com/dodgebc/jaxkd',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

points = jax.random.normal(jax.random.key(0), (200, 3))

@jax.jit
def knn_features(points, k):
    tree = jk.build_tree(points)
    neighbors, distances = jk.query_neighbors(tree, points, k=k)
    return distances.mean(axis=-1)

knn_features(points, 8)
""",
        kind='traced-shape', argument='k', path='k', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The neighbour count k is an argument of the user's jitted function, so it reaches jaxkd.query_neighbors (whose k is a static argname) as a tracer; JAX raises ValueError (non-hashable static argument: DynamicJaxprTracer). Marking k static in the user's jit fixes it; checked.",
    ),
    Case(
        id='aj-jaxkd-array-k',
        source='https://github.com/dodgebc/jaxkd',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

kp, kq = jax.random.split(jax.random.key(1))
points = jax.random.normal(kp, (500, 2))
queries = jax.random.normal(kq, (20, 2))
tree = jk.build_tree(points)

k = jnp.minimum(16, len(points) // 10)
neighbors, distances = jk.query_neighbors(tree, queries, k=k)
""",
        kind='unhashable-static', argument='k', path='k', line=11,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="k is computed with jnp.minimum, so a jax Array is passed to query_neighbors' static k; JAX raises ValueError (Non-hashable static arguments, unhashable ArrayImpl). Computing k with Python min() gives a hashable int; checked.",
    ),
    Case(
        id='aj-jaxkd-outlier-mask',
        source='https://github.com/dodgebc/jaxkd/issues/6',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

points = jax.random.normal(jax.random.key(2), (300, 3))

@jax.jit
def remove_outliers(points):
    tree = jk.build_tree(points)
    counts = jk.count_neighbors(tree, points, r=0.5)
    return points[counts > 5]

remove_outliers(points)
""",
        kind='boolean-index', argument='points', path='points', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Outlier removal keeps points with enough neighbours from count_neighbors by boolean indexing inside jit, whose output size is data dependent (the radius-graph thread explains jaxkd cannot return variable-size results); JAX raises NonConcreteBooleanIndexError. Masking with jnp.where (or nonzero with size=) keeps a fixed shape; jnp.where checked.',
    ),
    Case(
        id='aj-jaxkd-chamfer-if',
        source='https://github.com/dodgebc/jaxkd',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

kp, kt = jax.random.split(jax.random.key(3))
points = jax.random.normal(kp, (100, 3))
target = jax.random.normal(kt, (120, 3)) + 0.5
target_tree = jk.build_tree(target)

def chamfer_loss(shift, points):
    _, dist = jk.query_neighbors(target_tree, points + shift, k=1)
    loss = jnp.mean(dist ** 2)
    if loss > 1.0:
        loss = jnp.sqrt(loss)
    return loss

jax.jit(jax.value_and_grad(chamfer_loss))(jnp.zeros(3), points)
""",
        kind='bool-conversion', argument='shift', path='shift', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Chamfer-style loss on query_neighbors distances, differentiated with jit(value_and_grad), branches with Python if on the traced loss; JAX raises TracerBoolConversionError. jnp.where selects the branch elementwise; checked.',
    ),
    Case(
        id='aj-jaxkd-cached-tree',
        source='https://github.com/dodgebc/jaxkd',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

kp, kq = jax.random.split(jax.random.key(4))
points = jax.random.normal(kp, (256, 3))
queries = jax.random.normal(kq, (10, 3))
_cache = {}

@jax.jit
def index_points(points):
    tree = jk.build_tree(points)
    _cache["tree"] = tree
    return tree.indices

order = index_points(points)
neighbors, _ = jk.query_neighbors(_cache["tree"], queries, k=4)
""",
        kind='leaked-tracer', argument='points', path='points', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=17,
        note='To build the tree once and query it many times the user caches the jaxkd tree in a module dict from inside a jitted function, then queries it later; JAX raises UnexpectedTracerError when the cached tracer reaches query_neighbors. Returning the tree from the jitted function fixes it; checked.',
    ),
    Case(
        id='aj-jaxkd-jit-method',
        source='https://github.com/dodgebc/jaxkd',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

kp, kq = jax.random.split(jax.random.key(5))
points = jax.random.uniform(kp, (400, 2))
values = jnp.sin(6 * points[:, 0]) + points[:, 1]
queries = jax.random.uniform(kq, (16, 2))

class KNNRegressor:
    def __init__(self, points, values, k=5):
        self.tree = jk.build_tree(points)
        self.values = values
        self.k = k

    @jax.jit
    def predict(self, queries):
        idx, _ = jk.query_neighbors(self.tree, queries, k=self.k)
        return self.values[idx].mean(axis=-1)

model = KNNRegressor(points, values)
model.predict(queries)
""",
        kind='non-array-argument', argument='self', path='self', line=22,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='A kNN regressor class holding a jaxkd tree decorates its predict method with jax.jit, so self (a plain object) becomes a traced argument; JAX raises TypeError (Error interpreting argument ... as an abstract array). static_argnums=0 works because the object is hashable by identity (registering it as a pytree with k as aux data also works); static checked.',
    ),
    Case(
        id='aj-jaxkd-tree-list-index',
        source='https://github.com/dodgebc/jaxkd',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

keys = jax.random.split(jax.random.key(6), 4)
class_points = [jax.random.normal(keys[i], (60, 2)) + 3.0 * i for i in range(3)]
trees = [jk.build_tree(p) for p in class_points]
queries = jax.random.normal(keys[3], (8, 2)) * 3.0
labels = jnp.array([0, 1, 2, 0, 1, 2, 0, 1])

def dist_to_class(q, c):
    _, d = jk.query_neighbors(trees[c], q, k=3)
    return d.mean()

jax.vmap(dist_to_class)(queries, labels)
""",
        kind='integer-conversion', argument='c', path='c', line=12,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='One jaxkd tree per class is kept in a Python list and picked with a traced class label under vmap; JAX raises TracerIntegerConversionError from list __index__. lax.switch over per-tree branches selects the tree with a traced index; checked.',
    ),
    Case(
        id='aj-jaxkd-kmeans-float',
        source='https://github.com/dodgebc/jaxkd/issues/1',
        code="""\
import jax
import jax.numpy as jnp
import jaxkd as jk

points = jax.random.normal(jax.random.key(7), (500, 2))
init_means = points[:4]

def kmeans_step(means, _):
    labels, dist = jk.query_neighbors(jk.build_tree(means), points, k=1)
    labels = labels[:, 0]
    inertia = float(jnp.sum(dist ** 2))
    print("inertia:", inertia)
    total = jax.ops.segment_sum(points, labels, num_segments=4)
    count = jax.ops.segment_sum(jnp.ones(len(points)), labels, num_segments=4)
    return total / count[:, None], inertia

jax.lax.scan(kmeans_step, init_means, length=10)
""",
        kind='concretization', argument='means', path='means', line=11,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note="A k-means step built on build_tree/query_neighbors and run with lax.scan (as in the k-means thread) logs the inertia with float(); JAX raises ConcretizationTypeError (float function). jax.debug.print (or just returning the traced inertia as the scan output) fixes it; JAX's astype hint does not fit; checked.",
    ),
    Case(
        id='aj-jaxmetrics-global-metric',
        source='https://github.com/cgarciae/jax_metrics',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

logits = jax.random.normal(jax.random.key(0), (32, 4))
labels = jax.random.randint(jax.random.key(1), (32,), 0, 4)
METRICS = {"acc": jm.metrics.Accuracy()}

@jax.jit
def eval_step(logits, labels):
    METRICS["acc"] = METRICS["acc"].update(preds=logits, target=labels)
    return logits.argmax(-1)

eval_step(logits, labels)
METRICS["acc"].compute()
""",
        kind='leaked-tracer', argument='logits', path='logits', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=15,
        note='Treating jax_metrics metrics as mutable, the user writes the updated Accuracy back into a global dict inside a jitted eval step and calls compute() afterwards; JAX raises UnexpectedTracerError at compute(). The README pattern is to return the new metric state from the jitted function; checked.',
    ),
    Case(
        id='aj-jaxmetrics-loss-arg',
        source='https://github.com/cgarciae/jax_metrics',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

x = jax.random.normal(jax.random.key(0), (64, 5))
y = jax.random.randint(jax.random.key(1), (64,), 0, 3)
w = jnp.zeros((5, 3))
loss_fn = jm.losses.Crossentropy()

@jax.jit
def train_loss(w, x, y, loss_fn):
    logits = x @ w
    return loss_fn(target=y, preds=logits)

train_loss(w, x, y, loss_fn)
""",
        kind='non-array-argument', argument='loss_fn', path='loss_fn', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jax_metrics Loss (not a pytree, as the README warns) is passed as an ordinary argument of a jitted function; JAX raises TypeError (Error interpreting argument ... as an abstract array). static_argnames='loss_fn' works since losses hash by identity; checked.",
    ),
    Case(
        id='aj-jaxmetrics-static-metrics',
        source='https://github.com/cgarciae/jax_metrics',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jax_metrics as jm

logits = jax.random.normal(jax.random.key(0), (16, 3))
labels = jax.random.randint(jax.random.key(1), (16,), 0, 3)
metrics = jm.Metrics({"acc": jm.metrics.Accuracy(), "loss": jm.metrics.Mean()})

@partial(jax.jit, static_argnums=0)
def update_metrics(metrics, logits, labels):
    loss = -jax.nn.log_softmax(logits)[jnp.arange(16), labels].mean()
    return metrics.update(preds=logits, target=labels, values=loss)

update_metrics(metrics, logits, labels)
""",
        kind='unhashable-static', argument='metrics', path='metrics', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The jm.Metrics combinator is marked static with static_argnums=0, but it is an eq-dataclass (unhashable) and also a pytree of arrays; JAX raises ValueError (Non-hashable static arguments). Passing it as a normal traced argument works; checked.',
    ),
    Case(
        id='aj-jaxmetrics-num-classes',
        source='https://cgarciae.github.io/jax_metrics/api/metrics/Accuracy/',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

logits = jax.random.normal(jax.random.key(0), (40, 4))
labels = jax.random.randint(jax.random.key(1), (40,), 0, 4)

@jax.jit
def eval_batch(logits, labels, num_classes):
    acc = jm.metrics.Accuracy(average="macro", num_classes=num_classes)
    return acc.update(preds=logits, target=labels)

acc = eval_batch(logits, labels, 4)
""",
        kind='traced-shape', argument='num_classes', path='num_classes', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Accuracy(average='macro', num_classes=...) is built inside a jitted function with num_classes as a traced argument; the library's own check `not num_classes or num_classes < 1` in Accuracy.__init__ raises TracerBoolConversionError (num_classes is a static field that sizes the state). static_argnames='num_classes' fixes it; checked.",
    ),
    Case(
        id='aj-jaxmetrics-macro-compute',
        source='https://cgarciae.github.io/jax_metrics/api/metrics/Accuracy/',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

logits = jax.random.normal(jax.random.key(0), (40, 3))
labels = jax.random.randint(jax.random.key(1), (40,), 0, 3)
acc = jm.metrics.Accuracy(average="macro", num_classes=3)

@jax.jit
def eval_step(acc, logits, labels):
    acc = acc.update(preds=logits, target=labels)
    return acc.compute()

eval_step(acc, logits, labels)
""",
        kind='boolean-index', argument='acc', path='acc.tp', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="Calling compute() of a macro-averaged Accuracy inside jit fails because the library drops absent classes with numerator[~cond]; JAX raises NonConcreteBooleanIndexError from jax_metrics' accuracy_compute. The user cannot mask inside the library; returning the updated metric and calling compute() outside jit works; checked.",
    ),
    Case(
        id='aj-jaxmetrics-float-log',
        source='https://github.com/cgarciae/jax_metrics',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

x = jax.random.normal(jax.random.key(0), (64, 3))
y = x @ jnp.array([1.0, -2.0, 0.5])
w = jnp.zeros(3)

@jax.jit
def train_step(w, running, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    running = running.update(values=loss)
    print(f"running loss {float(running.compute()):.4f}")
    return w - 0.1 * g, running

train_step(w, jm.metrics.Mean(), x, y)
""",
        kind='concretization', argument='w', path='w', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A jitted train step updates a jm.metrics.Mean and prints float(running.compute()) for logging; JAX raises ConcretizationTypeError (float function). jax.debug.print prints the traced value; JAX's astype hint does not fit; checked.",
    ),
    Case(
        id='aj-jaxmetrics-scan-guard',
        source='https://github.com/cgarciae/jax_metrics',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

xs = jax.random.normal(jax.random.key(0), (10, 32, 3))
ys = xs @ jnp.array([1.0, -2.0, 0.5])
w = jnp.array([0.9, -1.8, 0.4])

def eval_batch(running, batch):
    x, y = batch
    loss = jnp.mean((x @ w - y) ** 2)
    if running.compute() > 100.0:
        loss = jnp.nan
    return running.update(values=loss), loss

jax.lax.scan(eval_batch, jm.metrics.Mean(), (xs, ys))
""",
        kind='bool-conversion', argument='running', path='running.total', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='An evaluation loop over batches with lax.scan carries a jm.metrics.Mean and branches with Python if on running.compute(); JAX raises TracerBoolConversionError. jnp.where on the loss keeps it traceable; checked.',
    ),
    Case(
        id='aj-jaxmetrics-np-softmax',
        source='https://cgarciae.github.io/jax_metrics/api/metrics/Accuracy/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jax_metrics as jm

logits = jax.random.normal(jax.random.key(0), (32, 4))
labels = jax.random.randint(jax.random.key(1), (32,), 0, 4)

@jax.jit
def eval_step(acc, logits, labels):
    probs = np.exp(logits) / np.exp(logits).sum(axis=-1, keepdims=True)
    return acc.update(preds=probs, target=labels)

eval_step(jm.metrics.Accuracy(), logits, labels)
""",
        kind='array-conversion', argument='logits', path='logits', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Probabilities for Accuracy.update are computed with np.exp on traced logits inside jit; JAX raises TracerArrayConversionError. Using jnp.exp fixes it; checked.',
    ),
    Case(
        id='aj-jaxmetrics-metric-list-index',
        source='https://github.com/cgarciae/jax_metrics',
        code="""\
import jax
import jax.numpy as jnp
import jax_metrics as jm

logits = jnp.array([0.2, 1.5, -0.3])
class_loss = [jm.metrics.Mean() for _ in range(3)]

@jax.jit
def track(class_loss, logits, label):
    loss = -jax.nn.log_softmax(logits)[label]
    class_loss[label] = class_loss[label].update(values=loss)
    return class_loss

class_loss = track(class_loss, logits, 1)
""",
        kind='integer-conversion', argument='label', path='label', line=11,
        fixes=('jnp.where', 'static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='Per-class running losses are kept as a Python list of jm.metrics.Mean and indexed with a traced label in a jitted step; JAX raises TracerIntegerConversionError (list __index__). Updating every metric with a sample_weight mask jnp.where(label == i, 1, 0) stays traceable (making label static or lax.switch also work); mask fix checked.',
    ),
    Case(
        id='aj-jax2onnx-if-peak',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

def preprocess(x):
    peak = jnp.max(jnp.abs(x))
    if peak > 1.0:
        x = x / peak
    return jnp.tanh(x)

to_onnx(preprocess, [("B", 16)])
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A preprocessing function exported with to_onnx (traced via make_jaxpr with a symbolic batch) rescales with Python if on a traced peak value; JAX raises TracerBoolConversionError. jnp.where keeps it in the graph; checked (export succeeds).',
    ),
    Case(
        id='aj-jax2onnx-range-symbolic',
        source='https://github.com/enpasos/jax2onnx/issues/17',
        code="""\
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

w = jax.random.normal(jax.random.key(0), (8, 8)) * 0.1

def rnn(xs):
    h = jnp.zeros(8)
    for t in range(xs.shape[0]):
        h = jnp.tanh(xs[t] + h @ w)
    return h

to_onnx(rnn, [("T", 8)])
""",
        kind='integer-conversion', argument='xs', path='xs', line=9,
        fixes=('lax.scan',), verifiable=True, jax_fitting_fix=False,
        note="An RNN exported with a dynamic time axis 'T' loops with range(xs.shape[0]), but the dimension is symbolic; Python raises TypeError ('_DimExpr' object cannot be interpreted as an integer). Rewriting the loop as lax.scan over xs exports; checked (lax.fori_loop with the symbolic bound fails with InconclusiveDimensionOperation).",
    ),
    Case(
        id='aj-jax2onnx-np-softmax',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax2onnx import to_onnx

w = jax.random.normal(jax.random.key(0), (32, 10))

def classifier(x):
    logits = x @ w
    probs = np.exp(logits) / np.exp(logits).sum(axis=-1, keepdims=True)
    return probs

to_onnx(classifier, [("B", 32)])
""",
        kind='array-conversion', argument='x', path='x', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A classifier head exported with to_onnx computes softmax with np.exp on traced logits; JAX raises TracerArrayConversionError. Using jnp.exp fixes it; checked.',
    ),
    Case(
        id='aj-jax2onnx-score-mask',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

def postprocess(boxes, scores):
    keep = scores > 0.5
    return boxes[keep], scores[keep]

to_onnx(postprocess, [(100, 4), (100,)])
""",
        kind='boolean-index', argument='scores', path='scores', line=7,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Detection post-processing exported to ONNX keeps boxes with score > 0.5 by boolean indexing, a data-dependent output size; JAX raises NonConcreteBooleanIndexError. Zeroing rejected entries with jnp.where (or nonzero with size=) gives a fixed shape; jnp.where checked.',
    ),
    Case(
        id='aj-jax2onnx-repeat-durations',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

def length_regulator(hidden, durations):
    return jnp.repeat(hidden, durations, axis=0)

to_onnx(length_regulator, [(12, 64), jax.ShapeDtypeStruct((12,), jnp.int32)])
""",
        kind='traced-shape', argument='durations', path='durations', line=6,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='A TTS length regulator exported with to_onnx repeats frames by traced durations with jnp.repeat, whose output length must be static; JAX raises ConcretizationTypeError and suggests total_repeat_length. Passing total_repeat_length=max frames exports; checked.',
    ),
    Case(
        id='aj-jax2onnx-capture-activations',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

w1 = jax.random.normal(jax.random.key(0), (4, 16))
w2 = jax.random.normal(jax.random.key(1), (16, 2))
activations = []

def policy(obs):
    h = jnp.tanh(obs @ w1)
    activations.append(h)
    return h @ w2

model = to_onnx(policy, [(1, 4)])
print(jnp.abs(activations[0]).mean())
""",
        kind='leaked-tracer', argument='obs', path='obs', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=15,
        note='While exporting a policy the user appends a hidden activation to a global list for inspection, then uses it after to_onnx returns; JAX raises UnexpectedTracerError at the later use. Returning the activation as an output (and running the function eagerly to inspect it) fixes it; checked.',
    ),
    Case(
        id='aj-jax2onnx-jit-string-kwarg',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

params = {"w0": jnp.ones((4, 64)), "w1": jnp.ones((64, 64)), "w2": jnp.ones((64, 2))}

@jax.jit
def policy(obs, activation="tanh"):
    act = jnp.tanh if activation == "tanh" else jax.nn.relu
    h = act(obs @ params["w0"])
    h = act(h @ params["w1"])
    return h @ params["w2"]

to_onnx(policy, [("B", 4)], input_params={"activation": "relu"})
""",
        kind='non-array-argument', argument='activation', path='activation', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jax.jit-wrapped policy is exported with input_params={'activation': 'relu'}; jax2onnx forwards the string as a keyword to the jitted function, which cannot trace a str; JAX raises TypeError (Error interpreting argument ... as an abstract array) and suggests static_argnames. static_argnames='activation' exports; checked.",
    ),
    Case(
        id='aj-jax2onnx-list-static',
        source='https://github.com/enpasos/jax2onnx',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jax2onnx import to_onnx

W = jax.random.normal(jax.random.key(0), (3, 64, 64)) * 0.1

@partial(jax.jit, static_argnames=("widths",))
def mlp(x, widths=(32, 32)):
    for i, n in enumerate(widths):
        x = jax.nn.relu(x @ W[i, : x.shape[-1], :n])
    return x

to_onnx(mlp, [("B", 8)], input_params={"widths": [64, 16]})
""",
        kind='unhashable-static', argument='widths', path='widths', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted MLP with static_argnames=('widths',) is exported with input_params={'widths': [64, 16]}; the list is unhashable; JAX raises ValueError (Non-hashable static arguments). Passing a tuple exports; checked.",
    ),
]
