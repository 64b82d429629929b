"""Held-out library cases (set bx): diffopt, jaxtorch, finitediffx.

How they were built: each cell was written by hand as a small reduction of a
usage pattern shown in the library's own docs, tutorial notebooks, README or
GitHub threads (kdescent/multigrad tutorials of diffopt, the jaxtorch README
and Context/transform_with_cx API, finitediffX's README, PR #2 and issue #8),
after reading the installed library source to see where traced values reach
Python-level code. Every cell was saved to a file and run with
/tmp/heldout38/venv_bx/bin/python (CPython 3.11.7, venv with
--system-site-packages): all statements but the last run cleanly and the last
raises; `line`/`use_line` were read off the traceback frames in the file. For
every case the first listed fix (and for D5, J6 also the second) was applied by
hand and the fixed cell re-run to completion.

Installed versions: diffopt 2.0.0 (pulls jaxopt as a dependency; no mpi4py, so
multigrad runs single-process with comm=None), jaxtorch 0.6.0, finitediffx 0.1.0;
jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, scipy 1.17.1, flax 0.12.8, equinox 0.13.8,
optax 0.2.8 (machine versions kept).

Dropped: jaxrk 0.1.1 (candidate) installs but fails to import with JAX 0.10.2
(`from jax.experimental.vectorize import vectorize` no longer exists). The next
alternate, trax, was not installed: its only release (1.4.1, 2021) would pull
tensorflow 2.21 / tensorflow-text / tfds into the venv and predates current JAX
APIs, so it was skipped in favour of finitediffx (a JAX finite-difference
library on neither list), which installed and imported at once. diffopt's
multiswarm subpackage needs an MPI communicator, so no case uses it.

Doubts about labels:
- bx-diffopt-kdescent-hard-bin-mask: the mask also depends on randkey (the
  model draws use it); params was chosen as the first parameter involved.
- bx-diffopt-adam-kwarg-sample-size, bx-diffopt-adam-kwarg-kcalc-object: JAX's
  hint (static_argnums) is about the jit inside kdescent.adam, which the user
  cannot configure, so jax_fitting_fix is False; one could call it fitting in
  spirit since the fix is indeed to make the value static.
- bx-diffopt-multigrad-jit-method-static-self: `argument` could be None (self
  is not a traced input); 'remove-inner-jit' (drop the method-level jit) is as
  good a first fix as adding an identity __hash__.
- bx-diffopt-multigrad-sumstats-on-self: the return-value fix needs a second
  call (calc_sumstats_from_params) or sumstats_func_has_aux=True.
- bx-diffopt-kpretrainer-vmap-seed: JAX raises ConcretizationTypeError, so
  'concretization' is defensible; labelled integer-conversion because the
  library calls int() on the traced seed.
- bx-diffopt-bfgs-math-exp, bx-finitediffx-fgrad-math-exp-jit: the fix is
  math.exp -> jnp.exp, filed under 'jnp-not-np' (no math-specific entry).
- bx-jaxtorch-closed-context-rng-leak: argument None because the leaked key is
  derived from the closed-over Context, not from x; `line` is the user's call
  into the model that made Dropout split and store the key.
- bx-jaxtorch-jit-init-traced-width: line 6 (where the tracer enters the Param
  shape) is defensible; 7 is where initialize() makes JAX raise.
- bx-jaxtorch-modulelist-fori-index: jaxtorch raises a plain TypeError, not a
  JAX error; an unrolled Python loop ('static') could be listed first.
- bx-jaxtorch-glorot-traced-fan-in: the root cause is a traced layer size, so
  'traced-shape' is defensible; labelled by the exception JAX raises.
- bx-finitediffx-difference-traced-order: 'traced-shape' is defensible (a
  traced derivative order where a compile-time constant is needed); labelled
  unhashable-static because JAX reports a non-hashable static argument.
- bx-finitediffx-fgrad-numpy-under-jit: argument could equally be the jitted
  descent_step's x (same name); the library's own recipe for NumPy code is
  jax.pure_callback + define_fdjvp, which is outside the fix vocabulary.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bx-diffopt-kdescent-hard-bin-mask',
        source='https://diffopt.readthedocs.io/en/latest/kdescent/intro.html',
        code="""\
import jax
import jax.numpy as jnp
from diffopt import kdescent

train_x = jax.random.normal(jax.random.key(0), (2000, 2))
kcalc = kdescent.KCalc(kdescent.KPretrainer.from_training_data(
    train_x, num_eval_kernels=10, num_pretrain_kernels=200,
    num_pretrain_fourier_positions=200))

def lossfunc(params, randkey):
    key1, key2 = jax.random.split(randkey)
    model_x = params + jax.random.normal(key1, (1000, 3))
    in_bin = (model_x[:, 2] > -0.5) & (model_x[:, 2] < 0.5)
    model_k, truth_k = kcalc.compare_kde_counts(key2, model_x[in_bin, :2])
    return jnp.mean((model_k / 1000 - truth_k / 2000) ** 2)

kdescent.adam(lossfunc, jnp.zeros(3), nsteps=5, randkey=1, progress=False)
""",
        kind='boolean-index', argument='params', path='params', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Loss passed to kdescent.adam (which jits value_and_grad of it) selects a hard mass bin with a boolean mask derived from the model draws; JAX raises NonConcreteBooleanIndexError. Turning the mask into weights (jnp.where(in_bin, 1., 0.) passed as compare_kde_counts' weights), as the kdescent tutorial does with soft bins, runs; checked.",
    ),
    Case(
        id='bx-diffopt-adam-kwarg-sample-size',
        source='https://diffopt.readthedocs.io/en/latest/kdescent/intro.html',
        code="""\
import jax
import jax.numpy as jnp
from diffopt import kdescent

train_x = 1.5 + 0.7 * jax.random.normal(jax.random.key(0), (1000, 2))
kcalc = kdescent.KCalc(kdescent.KPretrainer.from_training_data(
    train_x, num_eval_kernels=10, num_pretrain_kernels=200,
    num_pretrain_fourier_positions=200))

def lossfunc(params, randkey, nsample):
    key1, key2 = jax.random.split(randkey)
    model_x = params[:2] + params[2:] * jax.random.normal(key1, (nsample, 2))
    model_k, truth_k = kcalc.compare_kde_counts(key2, model_x)
    return jnp.mean((model_k / nsample - truth_k / 1000) ** 2)

guess = jnp.array([0.0, 0.0, 1.0, 1.0])
kdescent.adam(lossfunc, guess, nsteps=5, randkey=1, progress=False, nsample=500)
""",
        kind='traced-shape', argument='nsample', path='nsample', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="kdescent.adam forwards extra keyword arguments to its internally jitted loss, so an integer sample size given as adam(..., nsample=500) arrives traced and is used as a shape in jax.random.normal; JAX raises TypeError (shapes must be concrete). Binding it with functools.partial (keeping it out of the traced kwargs) runs; the message's static_argnums hint cannot be applied to diffopt's own jit; checked.",
    ),
    Case(
        id='bx-diffopt-multigrad-scatter-floor-if',
        source='https://diffopt.readthedocs.io/en/latest/multigrad/intro.html',
        code="""\
from dataclasses import dataclass
import jax
import jax.numpy as jnp
from diffopt import multigrad

@jax.jit
def calc_smf(params, log_mhalo, bin_edges):
    shmrat, scatter = params
    scatter = scatter if scatter > 0.05 else 0.05
    cdf = jax.scipy.stats.norm.cdf(bin_edges[:, None], log_mhalo + shmrat, scatter)
    return jnp.sum(cdf[1:] - cdf[:-1], axis=1)

@dataclass
class SMFModel(multigrad.OnePointModel):
    def calc_partial_sumstats_from_params(self, params):
        return calc_smf(params, self.aux_data["log_mhalo"], self.aux_data["edges"])

    def calc_loss_from_sumstats(self, sumstats):
        return jnp.sum((sumstats - 100.0) ** 2)

model = SMFModel(aux_data={"log_mhalo": jnp.linspace(10.0, 14.0, 500),
                           "edges": jnp.linspace(8.0, 12.0, 6)})
model.calc_loss_and_grad_from_params(jnp.array([-2.0, 0.3]))
""",
        kind='bool-conversion', argument='params', path='params', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Jitted SMF helper called from a OnePointModel's calc_partial_sumstats_from_params floors the scatter with a Python conditional expression on a traced parameter; JAX raises TracerBoolConversionError. jnp.where(scatter > 0.05, scatter, 0.05) runs through calc_loss_and_grad_from_params; checked.",
    ),
    Case(
        id='bx-diffopt-multigrad-numpy-log-loss',
        source='https://diffopt.readthedocs.io/en/latest/multigrad/intro.html',
        code="""\
from dataclasses import dataclass
import numpy as np
import jax
import jax.numpy as jnp
from diffopt import multigrad

log_mhalo = jnp.linspace(10.0, 14.0, 500)
bin_edges = jnp.linspace(8.0, 12.0, 6)
target_log_smf = jnp.array([1.5, 1.8, 2.0, 1.9, 1.2])

@dataclass
class SMFModel(multigrad.OnePointModel):
    def calc_partial_sumstats_from_params(self, params):
        cdf = jax.scipy.stats.norm.cdf(bin_edges[:, None], log_mhalo + params[0], params[1])
        return jnp.sum(cdf[1:] - cdf[:-1], axis=1)

    def calc_loss_from_sumstats(self, sumstats):
        log_smf = np.log10(sumstats + 1e-10)
        return jnp.sum((log_smf - target_log_smf) ** 2)

model = SMFModel()
model.calc_loss_and_grad_from_params(jnp.array([-2.0, 0.3]))
""",
        kind='array-conversion', argument='sumstats', path='sumstats', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='calc_loss_from_sumstats uses np.log10 on the summary statistics, which multigrad differentiates with jax.grad inside calc_loss_and_grad_from_params; JAX raises TracerArrayConversionError. Using jnp.log10 runs; checked.',
    ),
    Case(
        id='bx-diffopt-multigrad-jit-method-static-self',
        source='https://diffopt.readthedocs.io/en/latest/multigrad/intro.html',
        code="""\
from dataclasses import dataclass
import functools
import jax
import jax.numpy as jnp
from diffopt import multigrad

@dataclass
class SMFModel(multigrad.OnePointModel):
    aux_data: dict = None

    @functools.partial(jax.jit, static_argnums=0)
    def calc_partial_sumstats_from_params(self, params):
        edges, log_mhalo = self.aux_data["bin_edges"], self.aux_data["log_mhalo"]
        cdf = jax.scipy.stats.norm.cdf(edges[:, None], log_mhalo + params[0], params[1])
        return jnp.sum(cdf[1:] - cdf[:-1], axis=1)

    def calc_loss_from_sumstats(self, sumstats):
        return jnp.sum((sumstats - 100.0) ** 2)

model = SMFModel(aux_data={"bin_edges": jnp.linspace(8.0, 12.0, 6),
                           "log_mhalo": jnp.linspace(10.0, 14.0, 500)})
model.calc_loss_and_grad_from_params(jnp.array([-2.0, 0.3]))
""",
        kind='unhashable-static', argument='self', path='self', line=22,
        fixes=('hashable-static', 'remove-inner-jit'), verifiable=True, jax_fitting_fix=False,
        note='The user jits the OnePointModel method with static_argnums=0, but the @dataclass subclass gets __hash__ = None (eq=True), so when multigrad calls the method JAX raises ValueError (non-hashable static argument). Giving the class an explicit __hash__ (identity) runs, and so does dropping the method-level jit (multigrad differentiates it anyway); both checked.',
    ),
    Case(
        id='bx-diffopt-multigrad-sumstats-on-self',
        source='https://diffopt.readthedocs.io/en/latest/multigrad/intro.html',
        code="""\
from dataclasses import dataclass
import jax
import jax.numpy as jnp
from diffopt import multigrad

log_mhalo = jnp.linspace(10.0, 14.0, 500)
bin_edges = jnp.linspace(8.0, 12.0, 6)

@dataclass
class SMFModel(multigrad.OnePointModel):
    def calc_partial_sumstats_from_params(self, params):
        cdf = jax.scipy.stats.norm.cdf(bin_edges[:, None], log_mhalo + params[0], params[1])
        smf = jnp.sum(cdf[1:] - cdf[:-1], axis=1)
        self.last_smf = smf
        return smf

    def calc_loss_from_sumstats(self, sumstats):
        return jnp.sum((sumstats - 100.0) ** 2)

model = SMFModel()
loss, grad = model.calc_loss_and_grad_from_params(jnp.array([-2.0, 0.3]))
jnp.log10(model.last_smf)
""",
        kind='leaked-tracer', argument='params', path='params', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='calc_partial_sumstats_from_params caches the SMF on self while multigrad runs jax.vjp over it; reading model.last_smf afterwards raises UnexpectedTracerError (LinearizeTracer). Not storing it and getting the value returned by model.calc_sumstats_from_params(params) runs; checked.',
        use_line=22,
    ),
    Case(
        id='bx-diffopt-bfgs-math-exp',
        source='https://diffopt.readthedocs.io/en/latest/reference.html',
        code="""\
import math
import jax.numpy as jnp
from diffopt import kdescent

waiting_times = jnp.array([1.2, 0.7, 2.3, 1.9, 0.4, 0.8])

def lossfunc(params):
    rate = math.exp(params[0])
    return jnp.sum(rate * waiting_times) - waiting_times.size * jnp.log(rate)

kdescent.bfgs(lossfunc, jnp.array([0.0]), maxsteps=10, progress=False)
""",
        kind='concretization', argument='params', path='params', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Loss given to kdescent.bfgs (differentiated with jax.value_and_grad for scipy) calls math.exp on a parameter; float() on the tracer raises ConcretizationTypeError. jnp.exp runs; the message's astype hint does not fit; checked.",
    ),
    Case(
        id='bx-diffopt-kpretrainer-vmap-seed',
        source='https://diffopt.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
from diffopt import kdescent

train_x = jax.random.normal(jax.random.key(0), (500, 2))

def pretrained_counts(seed):
    ktrain = kdescent.KPretrainer.from_training_data(
        train_x, num_eval_kernels=10, num_pretrain_kernels=100,
        num_pretrain_fourier_positions=100, seed=seed)
    return ktrain.kde_counts

jax.vmap(pretrained_counts)(jnp.arange(4))
""",
        kind='integer-conversion', argument='seed', path='seed', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Vmapping a helper over seeds passes a batched seed to KPretrainer.from_training_data, which does int(seed) itself; JAX raises ConcretizationTypeError from int(). Looping over Python int seeds runs; the astype hint does not fit; checked.',
    ),
    Case(
        id='bx-diffopt-adam-kwarg-kcalc-object',
        source='https://diffopt.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
from diffopt import kdescent

train_x = 1.5 + 0.7 * jax.random.normal(jax.random.key(0), (1000, 2))
kcalc = kdescent.KCalc(kdescent.KPretrainer.from_training_data(
    train_x, num_eval_kernels=10, num_pretrain_kernels=200,
    num_pretrain_fourier_positions=200))

def lossfunc(params, randkey, kcalc):
    key1, key2 = jax.random.split(randkey)
    model_x = params[:2] + params[2:] * jax.random.normal(key1, (500, 2))
    model_k, truth_k = kcalc.compare_kde_counts(key2, model_x)
    return jnp.mean((model_k / 500 - truth_k / 1000) ** 2)

guess = jnp.array([0.0, 0.0, 1.0, 1.0])
kdescent.adam(lossfunc, guess, nsteps=5, randkey=1, progress=False, kcalc=kcalc)
""",
        kind='non-array-argument', argument='kcalc', path='kcalc', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A KCalc object is handed to the loss through kdescent.adam's extra keyword arguments, which adam feeds to its jax.jit(value_and_grad(loss)); JAX raises TypeError (non-array argument). Closing over kcalc instead of passing it runs; the static_argnums hint refers to a jit the user does not own; checked.",
    ),
    Case(
        id='bx-jaxtorch-jit-module-argument',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch
from jaxtorch import nn

model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
params = model.initialize(jax.random.key(0))

@jax.jit
def predict(model, params, x):
    cx = jaxtorch.Context(params, None)
    return model(cx, x)

predict(model, params, jnp.ones((8, 4)))
""",
        kind='non-array-argument', argument='model', path='model', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jaxtorch Module (plain Python object, not a pytree) is passed as an argument of a jitted predict function; JAX raises TypeError (non-array argument). static_argnums=0 (Modules hash by identity) runs; checked.',
    ),
    Case(
        id='bx-jaxtorch-context-mode-string',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch
from jaxtorch import nn

model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.2), nn.Linear(16, 1))
params = model.initialize(jax.random.key(0))

@jax.jit
def forward(params, key, x, mode):
    cx = jaxtorch.Context(params, key, mode=mode)
    return model(cx, x)

forward(params, jax.random.key(1), jnp.ones((8, 4)), "eval")
""",
        kind='non-array-argument', argument='mode', path='mode', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The Context mode ('train'/'eval', which Dropout reads as a Python string) is passed as an argument of the jitted forward; JAX raises TypeError for the str argument. static_argnames='mode' runs; checked.",
    ),
    Case(
        id='bx-jaxtorch-closed-context-rng-leak',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch
from jaxtorch import nn

model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.5), nn.Linear(16, 1))
params = model.initialize(jax.random.key(0))
cx = jaxtorch.Context(params, jax.random.key(1))

@jax.jit
def forward(x):
    return model(cx, x)

y = forward(jnp.ones((8, 4)))
noise = cx.random.normal(shape=(8, 1))
""",
        kind='leaked-tracer', argument=None, path=None, line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="A jitted function closes over a stateful jaxtorch Context; Dropout splits cx's PRNG inside the trace and stores the traced key on cx.rng, so the next cx.random call outside raises UnexpectedTracerError. Threading the context through jaxtorch.transform_with_cx(jax.jit), which returns the new state, runs; checked.",
        use_line=15,
    ),
    Case(
        id='bx-jaxtorch-jit-init-traced-width',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
from jaxtorch import nn

@jax.jit
def init_mlp(key, width):
    model = nn.Sequential(nn.Linear(4, width), nn.ReLU(), nn.Linear(width, 1))
    return model.initialize(key)

init_mlp(jax.random.key(0), 32)
""",
        kind='traced-shape', argument='width', path='width', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Building nn.Linear layers inside a jitted init function with a traced hidden width puts a tracer into the Param shape, and model.initialize calls jax.random.uniform with it; JAX raises TypeError (shapes must be concrete). static_argnames='width' runs; checked.",
    ),
    Case(
        id='bx-jaxtorch-forward-if-normalise',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch
from jaxtorch import nn

class ImageHead(jaxtorch.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 10)

    def forward(self, cx, x):
        if x.max() > 1.0:
            x = x / 255.0
        return self.fc(cx, x)

model = ImageHead()
params = model.initialize(jax.random.key(0))

@jax.jit
def logits_fn(params, x):
    return model(jaxtorch.Context(params, None), x)

logits_fn(params, jnp.full((2, 16), 128.0))
""",
        kind='bool-conversion', argument='x', path='x', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Module.forward rescales pixel input only when x.max() > 1 using a Python if; under the jitted apply JAX raises TracerBoolConversionError. x = jnp.where(x.max() > 1.0, x / 255.0, x) runs; checked.',
    ),
    Case(
        id='bx-jaxtorch-modulelist-fori-index',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch
from jaxtorch import nn

class ResStack(jaxtorch.Module):
    def __init__(self, depth):
        super().__init__()
        self.depth = depth
        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(depth)])

    def forward(self, cx, x):
        def body(i, h):
            return h + jax.nn.relu(self.blocks[i](cx, h))
        return jax.lax.fori_loop(0, self.depth, body, x)

model = ResStack(4)
params = model.initialize(jax.random.key(0))
model(jaxtorch.Context(params, None), jnp.ones((2, 8)))
""",
        kind='integer-conversion', argument='i', path='i', line=14,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A residual stack indexes nn.ModuleList with the traced loop counter of lax.fori_loop; jaxtorch's ModuleList.__getitem__ only accepts Python ints and raises TypeError('Invalid argument type.'). Dispatching with lax.switch over the blocks runs, as does an unrolled Python loop; both checked.",
    ),
    Case(
        id='bx-jaxtorch-glorot-traced-fan-in',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch

class Dense(jaxtorch.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = jaxtorch.init.glorot_normal(n_out, n_in)

    def forward(self, cx, x):
        return x @ cx[self.weight].T

@jax.jit
def init_dense(key, n_in):
    layer = Dense(n_in, 8)
    return layer.initialize(key)

init_dense(jax.random.key(0), 4)
""",
        kind='array-conversion', argument='n_in', path='n_in', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A custom Module built inside a jitted init function with a traced fan-in calls jaxtorch.init.glorot_normal, which computes np.sqrt of the fan sizes; JAX raises TracerArrayConversionError. static_argnames='n_in' runs; checked.",
    ),
    Case(
        id='bx-jaxtorch-masked-nll-padding',
        source='https://github.com/nshepperd/jaxtorch',
        code="""\
import jax
import jax.numpy as jnp
import jaxtorch
from jaxtorch import nn

model = nn.Sequential(nn.Embedding(100, 16), nn.Linear(16, 100))
params = model.initialize(jax.random.key(0))

def loss_fn(params, tokens, targets):
    logits = model(jaxtorch.Context(params, None), tokens)
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    return nll[targets != 0].mean()

@jax.jit
def train_step(params, tokens, targets):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens, targets)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), loss

tokens = jnp.array([[5, 7, 9, 0], [3, 4, 0, 0]])
train_step(params, tokens, jnp.roll(tokens, -1, axis=1))
""",
        kind='boolean-index', argument='targets', path='targets', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Torch-style padding mask nll[targets != 0].mean() inside a loss differentiated in a jitted train step; JAX raises NonConcreteBooleanIndexError. jnp.where(mask, nll, 0).sum() / mask.sum() runs and keeps the value; checked.',
    ),
    Case(
        id='bx-finitediffx-fgrad-python-if',
        source='https://github.com/ASEM000/finitediffX',
        code="""\
import jax.numpy as jnp
import finitediffx as fdx

def huber_energy(x):
    r = jnp.linalg.norm(x)
    if r < 1.0:
        return 0.5 * r ** 2
    return r - 0.5

fdx.fgrad(huber_energy)(jnp.array([0.3, 0.4]))
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='fdx.fgrad evaluates the perturbed array argument with jax.vmap, so a piecewise energy written with a Python if raises TracerBoolConversionError even without any user jit. A jnp.where over both branches runs; checked.',
    ),
    Case(
        id='bx-finitediffx-fgrad-numpy-under-jit',
        source='https://github.com/ASEM000/finitediffX/pull/2',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import finitediffx as fdx

def blackbox_energy(x):
    return np.sum(np.cos(x) ** 2 + 0.1 * x ** 2)

@jax.jit
def descent_step(x):
    return x - 0.05 * fdx.fgrad(blackbox_energy)(x)

descent_step(jnp.array([0.5, -1.0, 2.0]))
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A NumPy black-box energy differentiated with fdx.fgrad inside a jitted descent step (fgrad's loop fallback cannot help under jit); np.cos on the tracer raises TracerArrayConversionError. Rewriting with jnp runs; checked.",
    ),
    Case(
        id='bx-finitediffx-laplacian-accuracy-list',
        source='https://github.com/ASEM000/finitediffX',
        code="""\
import jax.numpy as jnp
import finitediffx as fdx

n = 32
dx = 1.0 / (n - 1)
x, y = jnp.meshgrid(jnp.linspace(0, 1, n), jnp.linspace(0, 1, n), indexing="ij")
u = jnp.sin(jnp.pi * x) * jnp.sin(jnp.pi * y)
fdx.laplacian(u, accuracy=[2, 4], step_size=(dx, dx))
""",
        kind='unhashable-static', argument=None, path=None, line=8,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='fdx.laplacian is jitted with accuracy as a static argument; per-axis accuracy given as a list raises ValueError (non-hashable static argument). A tuple (2, 4) runs; checked.',
    ),
    Case(
        id='bx-finitediffx-difference-traced-order',
        source='https://github.com/ASEM000/finitediffX',
        code="""\
import jax
import jax.numpy as jnp
import finitediffx as fdx

@jax.jit
def spatial_derivative(u, order):
    return fdx.difference(u, axis=0, derivative=order, accuracy=2, step_size=0.1)

u = jnp.sin(jnp.linspace(0.0, 6.3, 64))
spatial_derivative(u, 2)
""",
        kind='unhashable-static', argument='order', path='order', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The derivative order is an argument of the user's jitted function and is forwarded to fdx.difference, whose derivative is a static argname; the tracer cannot be hashed and JAX raises ValueError (non-hashable static argument). static_argnames='order' on the user's jit runs; checked.",
    ),
    Case(
        id='bx-finitediffx-solver-caches-rate',
        source='https://github.com/ASEM000/finitediffX',
        code="""\
import jax
import jax.numpy as jnp
import finitediffx as fdx

class HeatSolver:
    def __init__(self, dx, kappa):
        self.dx, self.kappa = dx, kappa
        self.last_rate = None

    def rate(self, u):
        rate = self.kappa * fdx.laplacian(u, step_size=self.dx)
        self.last_rate = rate
        return rate

solver = HeatSolver(dx=0.1, kappa=0.5)
step = jax.jit(lambda u: u + 1e-3 * solver.rate(u))
u1 = step(jnp.sin(jnp.linspace(0.0, 3.1, 32)))
jnp.abs(solver.last_rate).max()
""",
        kind='leaked-tracer', argument='u', path='u', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A heat-equation solver object stores the fdx.laplacian-based rate on self inside a jitted step; using solver.last_rate afterwards raises UnexpectedTracerError. Returning the rate from the jitted step runs; checked.',
        use_line=18,
    ),
    Case(
        id='bx-finitediffx-fgrad-math-exp-jit',
        source='https://github.com/ASEM000/finitediffX',
        code="""\
import math
import jax
import finitediffx as fdx

def arrhenius_rate(T):
    return 1.0e3 * math.exp(-5000.0 / T)

sensitivity = jax.jit(fdx.fgrad(arrhenius_rate, step_size=1e-2))
sensitivity(300.0)
""",
        kind='concretization', argument='T', path='T', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A scalar model using math.exp is wrapped in fdx.fgrad and then jitted; float() on the traced temperature raises ConcretizationTypeError. jnp.exp runs; the astype hint does not fit; checked.',
    ),
    Case(
        id='bx-finitediffx-offset-config-argument',
        source='https://github.com/ASEM000/finitediffX/issues/8',
        code="""\
import jax
import jax.numpy as jnp
import finitediffx as fdx

def loss(w):
    return jnp.sum((jnp.tanh(w) - 0.5) ** 2)

@jax.jit
def fd_step(w, offsets):
    return w - 0.1 * fdx.fgrad(loss, offsets=offsets)(w)

fd_step(jnp.ones(3), fdx.Offset(accuracy=4))
""",
        kind='non-array-argument', argument='offsets', path='offsets', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="An fdx.Offset configuration object (frozen dataclass, not a pytree) is passed as an argument to a jitted fgrad training step; JAX raises TypeError (non-array argument). static_argnames='offsets' runs since Offset is hashable; checked.",
    ),
]
