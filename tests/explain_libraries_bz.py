"""Held-out library cases (set bz): gmmx, brainevent, reax.

How they were built: every cell was written from scratch for this set, after reading
each library's README/docs and its installed source to find where user code is traced
(gmmx: jitted EMFitter/GaussianMixtureModelJax methods and user jit/grad wrappers around
them; brainevent: CSR / JITC / FixedNumPerPre connectivity built or used under jax.jit;
reax: Module hooks called by reax.Trainer, self.log, reax.metrics objects). No GitHub
issue threads for these three libraries turned up in the searchable corpora, so each
case cites the docs/README page of the API it exercises. Each cell was run as a file
with /tmp/heldout39/venv_bz/bin/python: all statements but the last run cleanly, the last
raises; `line`/`use_line` were checked against the traceback frames in the file, and the
first fix was applied by hand and re-run (all 22 run cleanly once fixed).

Interpreter and versions: CPython 3.11.7; venv /tmp/heldout39/venv_bz made with
--system-site-packages, so it uses the machine's jax 0.10.2, jaxlib 0.10.2, flax 0.12.8,
equinox 0.13.8, optax 0.2.8, numpy 2.4.6. Installed into the venv: reax 0.6.14,
brainevent 0.2.1 (with saiunit 0.5.2, brainunit 0.5.2, and numba 0.68.1 / llvmlite 0.50.0,
which brainevent needs for its CPU kernels), gmmx 0.7. Runs on CPU.

Dropped: ptyrodactyl 2026.3.24 (installs, but `import ptyrodactyl` fails: its jaxtyping
decorator hits AttributeError "'PjitFunction' object has no attribute '__globals__'");
probjax 0.1.0 (the top level imports, but probjax.core, probjax.nn and probjax.utils.odeint
import JAX internals that no longer exist: shaped_abstractify, partial_eval_jaxpr_nounits).
They were replaced by brainevent (the listed alternate) and gmmx (a JAX library on
neither list). Drafts left out: a brainevent `if spikes.any()` branch and a brainevent
backend-string argument (they repeated kinds already covered); a reax macro-averaged
Accuracy.compute() under jit, which fails with NonConcreteBooleanIndexError inside reax
but has no vocabulary fix that makes the cell run (the metric cannot be returned from a
plain jit because of its enum fields). gmmx's covariance_type="diag" path is broken in
gmmx 0.7 (DiagCovariances has no create), so the string-argument case passes "full".

Doubts about labels:
- bz-gmmx-sample-traced-n-samples: the tracer lands in a static slot of gmmx's own jit, so
  JAX reports a non-hashable static argument; `traced-shape` (a count that must be static)
  is equally defensible.
- bz-gmmx-int-n-iter-print: int() on a tracer raises ConcretizationTypeError, not
  TracerIntegerConversionError, so `concretization` is defensible; labelled
  integer-conversion because the brief files int() there.
- bz-gmmx-if-not-converged / bz-gmmx-cluster-mask-index: the offending value depends on both
  x and the gmm leaves (JAX lists x, gmm.weights, gmm.means, gmm.covariances.values); x is
  given as the first parameter. For the mask case `size-argument` (nonzero with size= plus a
  fill) also works but is clumsier than the masked mean.
- bz-gmmx-weights-numpy-under-grad: the np.asarray happens inside the gmmx property, so one
  could argue for `concretization`; the user-visible cause is a NumPy conversion of a tracer.
- bz-brainevent-csr-from-traced-indptr: the np.asarray is deep in brainevent's workspace
  set-up; `concretization` is defensible. JAX names indptr as the culprit; indices is also
  traced and would fail next if indptr were fixed alone, so the fix moves both out.
- bz-brainevent-csr-fromdense-in-jit: a data-dependent nonzero count (the jnp.nonzero-without-
  size situation), so labelled boolean-index; `traced-shape` or `concretization` are
  defensible. Passing nse= (the size-argument analogue) removes this error but the
  following BinaryArray @ CSR then needs a concrete indptr, so `size-argument` is not
  listed as a working first fix.
- bz-brainevent-jitc-tocsr-in-jit: JAX says the traced counts depend on w because w is an
  operand of the counting primitive; numerically they only depend on prob/seed/shape, so
  argument=None is defensible. "static" here means running the eager-only conversion
  outside the jitted function (removing the jit around it).
- bz-brainevent-fixed-conn-built-in-jit: brainevent raises a RuntimeError itself (no JAX
  exception); `concretization` is the closest kind. jax_fitting_fix is False because the
  hint comes from the library, not JAX.
- bz-brainevent-plastic-csr-stored-in-net: the stored tracer depends on lr, spikes and the
  closed-over CSR data; lr is the first parameter.
- bz-reax-accuracy-metric-as-jit-arg: `static` here means closing over the metric (moving
  it out of the traced arguments); static_argnums itself fails (unhashable). eqx.filter_jit
  would also be a natural fix but is outside the vocabulary; `register-pytree` is wrong
  since the metric already is a pytree.
- bz-reax-jit-on-training-step: static_argnums=0 makes the cell run but freezes the
  parameters read through self at the first trace (the module hashes by identity), so
  `static` is not listed; `remove-inner-jit` is the nearest vocabulary item for dropping the
  decorator from the hook.
- bz-reax-self-log-inside-jit / bz-reax-float-loss-for-log: the loss depends on params and
  batch; path given as the first leaf params['w'] (r3's params also has 'b').
- bz-reax-batch-idx-warmup-branch: `static` (static_argnums=2) also runs but recompiles for
  every batch index; `lax.cond` works too.
- bz-reax-inner-steps-range: lax.fori_loop with a traced trip count lowers to a while loop,
  which reverse-mode value_and_grad cannot differentiate, so only `static` is listed.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bz-gmmx-create-traced-n-components',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax

@jax.jit
def init_model(n_components):
    return GaussianMixtureModelJax.create(n_components=n_components, n_features=2)

gmm = init_model(3)
""",
        kind='traced-shape', argument='n_components', path='n_components', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='GaussianMixtureModelJax.create builds its weight/mean arrays with n_components in the shape, so a jitted init that takes the component count as an argument fails: JAX raises TypeError (shapes must be concrete integers), and its own hint (static_argnums) is the fix; checked with static_argnums=0.',
    ),
    Case(
        id='bz-gmmx-sample-traced-n-samples',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax

gmm = GaussianMixtureModelJax.create(n_components=3, n_features=2)

@jax.jit
def draw(gmm, key, n):
    return gmm.sample(key, n_samples=n)

x = draw(gmm, jax.random.key(0), 100)
""",
        kind='unhashable-static', argument='n', path='n', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='gmmx declares n_samples of GaussianMixtureModelJax.sample static; calling it from a jitted wrapper that takes the count as a traced argument hands a tracer to that static slot and JAX raises ValueError (non-hashable static argument: DynamicJaxprTracer). Making n static in the wrapper fixes it; checked.',
    ),
    Case(
        id='bz-gmmx-if-not-converged',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax, EMFitter

gmm0 = GaussianMixtureModelJax.create(n_components=2, n_features=2)
x = jax.random.normal(jax.random.key(0), (200, 2))
fitter = EMFitter(max_iter=50, tol=1e-3)

@jax.jit
def fit_and_check(x, gmm):
    result = fitter.fit(x, gmm)
    if not result.converged:
        return result.gmm.means * jnp.nan
    return result.gmm.means

means = fit_and_check(x, gmm0)
""",
        kind='bool-conversion', argument='x', path='x', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="The EMFitterResult.converged flag returned by EMFitter.fit is a traced bool inside the user's jitted function, so branching on it with Python `if` raises TracerBoolConversionError; selecting the output with jnp.where keeps the result; checked.",
    ),
    Case(
        id='bz-gmmx-cluster-mask-index',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax, EMFitter

x = jax.random.normal(jax.random.key(0), (300, 2))
gmm = GaussianMixtureModelJax.create(n_components=3, n_features=2)
gmm = EMFitter(max_iter=20).fit(x, gmm).gmm

@jax.jit
def cluster_mean(x, gmm):
    labels = gmm.predict(x).squeeze()
    members = x[labels == 0]
    return members.mean(axis=0)

center = cluster_mean(x, gmm)
""",
        kind='boolean-index', argument='x', path='x', line=12,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Selecting the points assigned to one component with x[labels == 0] after gmm.predict inside jit has a data-dependent size, so JAX raises NonConcreteBooleanIndexError; a masked mean via jnp.where gives the same centre (nonzero with size= and a fill also works); checked.',
    ),
    Case(
        id='bz-gmmx-weights-numpy-under-grad',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from gmmx import GaussianMixtureModelJax

x = jax.random.normal(jax.random.key(0), (100, 2))
gmm = GaussianMixtureModelJax.create(n_components=2, n_features=2)

def nll(gmm, x):
    penalty = np.sum(gmm.weights_numpy ** 2)
    return -gmm.score(x) + 0.1 * penalty

grads = jax.grad(nll)(gmm, x)
""",
        kind='array-conversion', argument='gmm', path='gmm.weights', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The gmmx convenience property weights_numpy calls np.asarray on the weights; used in a loss differentiated with jax.grad it meets a tracer and JAX raises TracerArrayConversionError; computing the penalty with jnp on gmm.weights fixes it; checked.',
    ),
    Case(
        id='bz-gmmx-covariance-type-string-arg',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax, EMFitter

x = jax.random.normal(jax.random.key(0), (200, 2))

@jax.jit
def fit(x, covariance_type):
    gmm = GaussianMixtureModelJax.create(3, 2, covariance_type=covariance_type)
    return EMFitter(max_iter=20).fit(x, gmm).log_likelihood

ll = fit(x, "full")
""",
        kind='non-array-argument', argument='covariance_type', path='covariance_type', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The covariance_type option of GaussianMixtureModelJax.create is a string; passing it through a jitted function's arguments makes jit reject it with TypeError (not a valid JAX type), and the message's static_argnames hint fixes it; checked.",
    ),
    Case(
        id='bz-gmmx-fitted-model-cached-globally',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax, EMFitter

x = jax.random.normal(jax.random.key(0), (200, 2))
fitted = {}

@jax.jit
def fit(x):
    gmm = GaussianMixtureModelJax.create(n_components=2, n_features=2)
    result = EMFitter(max_iter=20).fit(x, gmm)
    fitted["gmm"] = result.gmm
    return result.log_likelihood

ll = fit(x)
scores = fitted["gmm"].score_samples(x)
""",
        kind='leaked-tracer', argument='x', path='x', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=16,
        note='The fitted GaussianMixtureModelJax from EMFitter.fit is stored in a module-level dict inside the jitted function; using it afterwards (score_samples) raises UnexpectedTracerError. Returning the model from the jitted function fixes it; checked.',
    ),
    Case(
        id='bz-gmmx-int-n-iter-print',
        source='https://pypi.org/project/gmmx/',
        code="""\
import jax
import jax.numpy as jnp
from gmmx import GaussianMixtureModelJax, EMFitter

x = jax.random.normal(jax.random.key(0), (200, 2))
gmm = GaussianMixtureModelJax.create(n_components=2, n_features=2)

@jax.jit
def fit(x, gmm):
    result = EMFitter(max_iter=50).fit(x, gmm)
    print(f"EM stopped after {int(result.n_iter)} iterations")
    return result.gmm

gmm_fit = fit(x, gmm)
""",
        kind='integer-conversion', argument='x', path='x', line=11,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Reporting EMFitterResult.n_iter with int() inside a jitted fit wrapper needs a concrete value; JAX raises ConcretizationTypeError (from int) and its astype hint does not help. jax.debug.print prints the traced count; checked.',
    ),
    Case(
        id='bz-brainevent-csr-from-traced-indptr',
        source='https://github.com/chaobrain/brainevent/blob/main/docs/tutorials/data-structures/02_sparse_matrices.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import brainevent

indices = jnp.array([0, 2, 1, 0])
indptr = jnp.array([0, 2, 3, 4])

@jax.jit
def propagate(weights, indices, indptr, spikes):
    conn = brainevent.CSR((weights, indices, indptr), shape=(3, 3))
    return brainevent.BinaryArray(spikes) @ conn

out = propagate(jnp.ones(4), indices, indptr, jnp.array([True, False, True]))
""",
        kind='array-conversion', argument='indptr', path='indptr', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The CSR index arrays are passed into jit and the CSR is assembled inside; the event-driven BinaryArray @ CSR product builds a host-side task workspace from indptr and hits np.asarray on a tracer, so JAX raises TracerArrayConversionError inside brainevent. Keeping indices/indptr out of the traced arguments (closed over, as brainevent keeps structure static) fixes it; checked.',
    ),
    Case(
        id='bz-brainevent-csr-fromdense-in-jit',
        source='https://github.com/chaobrain/brainevent/blob/main/docs/tutorials/data-structures/02_sparse_matrices.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import brainevent

@jax.jit
def step(w_dense, spikes):
    conn = brainevent.CSR.fromdense(w_dense)
    return brainevent.BinaryArray(spikes) @ conn

w = jnp.where(jax.random.uniform(jax.random.key(0), (4, 4)) < 0.5, 0.1, 0.0)
out = step(w, jnp.array([True, False, True, False]))
""",
        kind='boolean-index', argument='w_dense', path='w_dense', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="CSR.fromdense on a traced dense matrix must count its non-zeros to size the sparse arrays; brainevent's helper needs that count (nse) as a Python int and JAX raises ConcretizationTypeError. Converting once outside jit and passing the CSR in fixes it; checked.",
    ),
    Case(
        id='bz-brainevent-jitc-traced-shape',
        source='https://github.com/chaobrain/brainevent/blob/main/docs/explanation/jit-connectivity.rst',
        code="""\
import jax
import jax.numpy as jnp
import brainevent

@jax.jit
def run(n_post, spikes):
    conn = brainevent.JITCScalarR((0.5, 0.1, 42), shape=(spikes.shape[0], n_post))
    return brainevent.BinaryArray(spikes) @ conn

out = run(50, jnp.ones(100, dtype=bool))
""",
        kind='traced-shape', argument='n_post', path='n_post', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A just-in-time connectivity matrix (JITCScalarR) needs its shape as Python ints; a post-population size passed as a jit argument reaches int() in the constructor and JAX raises ConcretizationTypeError (its astype hint does not apply). static_argnums for the size fixes it; checked.',
    ),
    Case(
        id='bz-brainevent-csr-as-static-arg',
        source='https://pypi.org/project/brainevent/0.2.1/',
        code="""\
import jax
import jax.numpy as jnp
import brainevent
from functools import partial

conn = brainevent.CSR.fromdense(jnp.eye(4) * 0.5)

@partial(jax.jit, static_argnums=0)
def step(conn, spikes):
    return brainevent.BinaryArray(spikes) @ conn

out = step(conn, jnp.array([True, False, True, False]))
""",
        kind='unhashable-static', argument='conn', path='conn', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The CSR connectivity is marked static in the jitted step, but a brainevent CSR is an unhashable pytree holding arrays, so jit raises ValueError (non-hashable static argument). Passing it as a normal traced argument works because brainevent keeps the index structure static in its pytree; checked.',
    ),
    Case(
        id='bz-brainevent-plastic-csr-stored-in-net',
        source='https://github.com/chaobrain/brainevent/blob/main/docs/how-to/data-structures/synaptic-plasticity.rst',
        code="""\
import jax
import jax.numpy as jnp
import brainevent

net = {"conn": brainevent.CSR.fromdense(jnp.eye(4) * 0.5)}

@jax.jit
def plasticity_step(lr, spikes):
    conn = net["conn"]
    new_w = conn.data + lr * spikes.astype(jnp.float32)
    net["conn"] = conn.with_data(new_w)
    return new_w.sum()

total = plasticity_step(0.01, jnp.array([1, 0, 1, 0]))
out = brainevent.BinaryArray(jnp.array([True, True, False, False])) @ net["conn"]
""",
        kind='leaked-tracer', argument='lr', path='lr', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=15,
        note='A jitted plasticity step writes conn.with_data(new_w) back into a network dict, so the brainevent CSR now holds a tracer; the later BinaryArray @ CSR outside jit raises UnexpectedTracerError. Returning the updated CSR and storing it outside fixes it; checked.',
    ),
    Case(
        id='bz-brainevent-fixed-conn-built-in-jit',
        source='https://github.com/chaobrain/brainevent/blob/main/docs/tutorial/04_fixed_connections.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import brainevent

@jax.jit
def simulate(w, indices, spikes):
    conn = brainevent.FixedNumPerPre((w, indices), shape=(4, 6))
    return brainevent.BinaryArray(spikes) @ conn

indices = jax.random.randint(jax.random.key(0), (4, 2), 0, 6)
out = simulate(0.5, indices, jnp.array([True, False, True, True]))
""",
        kind='concretization', argument='indices', path='indices', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="brainevent refuses to build FixedNumPerPre from traced indices (it validates connectivity on the host) and raises its own RuntimeError asking for construction outside jit. Building the connection outside and passing it in fixes it; checked. The hint is the library's, not JAX's.",
    ),
    Case(
        id='bz-brainevent-jitc-tocsr-in-jit',
        source='https://github.com/chaobrain/brainevent/blob/main/docs/explanation/jit-connectivity.rst',
        code="""\
import jax
import jax.numpy as jnp
import brainevent

@jax.jit
def to_sparse(w):
    jitc = brainevent.JITCScalarR((w, 0.2, 7), shape=(20, 30))
    return jitc.tocsr()

csr = to_sparse(0.5)
""",
        kind='array-conversion', argument='w', path='w', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='JITCScalarR.tocsr is eager-only: it reads the per-row counts back to the host between two passes, so under jit brainevent calls np.asarray on a traced count array and JAX raises TracerArrayConversionError. Doing the conversion outside the jitted function fixes it; checked.',
    ),
    Case(
        id='bz-reax-accuracy-metric-as-jit-arg',
        source='https://reax.readthedocs.io/en/latest/api/metrics.html',
        code="""\
import jax
import jax.numpy as jnp
import reax

accuracy = reax.metrics.Accuracy()
logits = jax.random.normal(jax.random.key(0), (16, 3))
labels = jnp.arange(16) % 3

@jax.jit
def batch_accuracy(metric, logits, labels):
    return metric.create(logits, labels).compute()

score = batch_accuracy(accuracy, logits, labels)
""",
        kind='non-array-argument', argument='metric', path='metric.mode', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="reax.metrics.Accuracy is an equinox module whose configuration fields (mode, average enums) are ordinary pytree leaves, so passing the metric into jax.jit makes jit reject the enum leaf with TypeError. JAX's static_argnums hint fails (the metric holds arrays, so it is unhashable); closing over the metric instead of passing it works; checked.",
    ),
    Case(
        id='bz-reax-self-log-inside-jit',
        source='https://reax.readthedocs.io/en/latest/user_guide/logging.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import reax

class Regressor(reax.Module):
    def configure_model(self, stage, batch):
        self.set_parameters(self.parameters() or {"w": jnp.ones(3), "b": jnp.zeros(())})

    def test_step(self, batch, batch_idx):
        return jax.jit(self.evaluate)(self.parameters(), batch)

    def evaluate(self, params, batch):
        x, y = batch
        loss = jnp.mean((x @ params["w"] + params["b"] - y) ** 2)
        self.log("test_loss", loss)
        return loss

x = np.random.rand(32, 3).astype(np.float32)
data = [(x[i:i + 8], x[i:i + 8].sum(1)) for i in range(0, 32, 8)]
trainer = reax.Trainer(enable_progress_bar=False, logger=False, enable_checkpointing=False)
trainer.test(Regressor(), data)
""",
        kind='leaked-tracer', argument='params', path="params['w']", line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=22,
        note="self.log is called inside a jitted evaluation method; reax stores the traced loss in the trainer's result collection and reduces it after the step, so trainer.test raises UnexpectedTracerError. Returning the loss from the jitted function and logging it in test_step fixes it; checked.",
    ),
    Case(
        id='bz-reax-batch-idx-warmup-branch',
        source='https://reax.readthedocs.io/en/latest/user_guide/module.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import reax

@jax.jit
def train_step(params, batch, batch_idx):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((batch[0] @ p["w"] - batch[1]) ** 2))(params)
    if batch_idx < 2:
        grads = jax.tree.map(lambda g: 0.1 * g, grads)
    return loss, grads

class Regressor(reax.Module):
    def configure_model(self, stage, batch):
        self.set_parameters(self.parameters() or {"w": jnp.zeros(3)})
    def configure_optimizers(self):
        return optax.sgd(1e-2), optax.sgd(1e-2).init(self.parameters())

    def training_step(self, batch, batch_idx):
        return train_step(self.parameters(), batch, batch_idx)

x = np.random.rand(32, 3).astype(np.float32)
data = [(x[i:i + 8], x[i:i + 8].sum(1)) for i in range(0, 32, 8)]
reax.Trainer(enable_progress_bar=False, logger=False, enable_checkpointing=False).fit(Regressor(), data, max_epochs=1)
""",
        kind='bool-conversion', argument='batch_idx', path='batch_idx', line=10,
        fixes=('jnp.where', 'lax.cond', 'static'), verifiable=True, jax_fitting_fix=False,
        note='reax hands training_step a Python batch_idx, which the user forwards into a jitted step where it is traced; the warm-up `if batch_idx < 2` raises TracerBoolConversionError. Scaling with jnp.where keeps the result without recompiling per batch; checked.',
    ),
    Case(
        id='bz-reax-jit-on-training-step',
        source='https://reax.readthedocs.io/en/latest/user_guide/module.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import reax

class Regressor(reax.Module):
    def configure_model(self, stage, batch):
        self.set_parameters(self.parameters() or {"w": jnp.zeros(3)})

    def configure_optimizers(self):
        return optax.sgd(1e-2), optax.sgd(1e-2).init(self.parameters())

    @jax.jit
    def training_step(self, batch, batch_idx):
        x, y = batch
        return jax.value_and_grad(lambda p: jnp.mean((x @ p["w"] - y) ** 2))(self.parameters())

x = np.random.rand(32, 3).astype(np.float32)
data = [(x[i:i + 8], x[i:i + 8].sum(1)) for i in range(0, 32, 8)]
trainer = reax.Trainer(enable_progress_bar=False, logger=False, enable_checkpointing=False)
trainer.fit(Regressor(), data, max_epochs=1)
""",
        kind='non-array-argument', argument='self', path='self', line=22,
        fixes=('remove-inner-jit',), verifiable=True, jax_fitting_fix=False,
        note="Decorating the reax Module's training_step with @jax.jit makes the trainer's call pass the module itself as a traced argument, and jit raises TypeError (Regressor is not a valid JAX type). Dropping the decorator (and jitting only a pure params/batch function) fixes it; checked.",
    ),
    Case(
        id='bz-reax-average-metric-static',
        source='https://reax.readthedocs.io/en/latest/api/metrics.html',
        code="""\
import jax
import jax.numpy as jnp
import reax
from functools import partial

logits = jax.random.normal(jax.random.key(0), (16, 3))
labels = jnp.arange(16) % 3
running = reax.metrics.Average.create(jnp.array([0.5]))

@partial(jax.jit, static_argnums=0)
def eval_step(metric, logits, labels):
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return metric.update(acc)

running = eval_step(running, logits, labels)
""",
        kind='unhashable-static', argument='metric', path='metric', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A running reax.metrics.Average is marked static in a jitted eval step, but the metric is an equinox module holding arrays, so hashing it fails and jit raises ValueError (non-hashable static argument). Passing the metric as a traced pytree works and returns the updated metric; checked.',
    ),
    Case(
        id='bz-reax-float-loss-for-log',
        source='https://reax.readthedocs.io/en/latest/user_guide/logging.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import reax

class Regressor(reax.Module):
    def configure_model(self, stage, batch):
        self.set_parameters(self.parameters() or {"w": jnp.ones(3)})

    def test_step(self, batch, batch_idx):
        return jax.jit(self.evaluate)(self.parameters(), batch)

    def evaluate(self, params, batch):
        x, y = batch
        loss = jnp.mean((x @ params["w"] - y) ** 2)
        self.log("test_loss", float(loss))
        return loss

x = np.random.rand(32, 3).astype(np.float32)
data = [(x[i:i + 8], x[i:i + 8].sum(1)) for i in range(0, 32, 8)]
trainer = reax.Trainer(enable_progress_bar=False, logger=False, enable_checkpointing=False)
trainer.test(Regressor(), data)
""",
        kind='concretization', argument='params', path="params['w']", line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='To avoid logging a tracer the user logs float(loss) inside the jitted evaluation method called from test_step; float() needs a concrete value and JAX raises ConcretizationTypeError (its astype hint does not help). Returning the loss and calling self.log outside the jitted function fixes it; checked.',
    ),
    Case(
        id='bz-reax-inner-steps-range',
        source='https://github.com/muhrin/reax',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import optax
import reax

@jax.jit
def adapted_loss(params, x, y, inner_steps):
    loss = lambda p: jnp.mean((x @ p["w"] - y) ** 2)
    for _ in range(inner_steps):
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, jax.grad(loss)(params))
    return loss(params)

class MetaRegressor(reax.Module):
    def configure_model(self, stage, batch):
        self.set_parameters(self.parameters() or {"w": jnp.zeros(3)})
    def configure_optimizers(self):
        return optax.sgd(1e-2), optax.sgd(1e-2).init(self.parameters())

    def training_step(self, batch, batch_idx):
        return jax.value_and_grad(adapted_loss)(self.parameters(), *batch, 3)

x = np.random.rand(32, 3).astype(np.float32)
data = [(x[i:i + 8], x[i:i + 8].sum(1)) for i in range(0, 32, 8)]
reax.Trainer(enable_progress_bar=False, logger=False, enable_checkpointing=False).fit(MetaRegressor(), data, max_epochs=1)
""",
        kind='integer-conversion', argument='inner_steps', path='inner_steps', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A meta-learning training_step differentiates a jitted inner-adaptation loss whose number of inner steps is passed positionally and so traced; range(inner_steps) raises TracerIntegerConversionError. static_argnums=3 fixes it; checked.',
    ),
]
