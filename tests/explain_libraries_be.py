"""Held-out library cases (set be): mici, sepes, klujax.

How they were built: every cell was written from scratch as a small reduction of
a pattern shown in the library's own docs, docstrings or issue tracker (mici
issue #35 for the JAX backend; klujax docs pages for the Newton-Raphson recipe,
coalesce, analyze, batching and JIT integration; sepes API docs for masking,
`at`, `value_and_tree`, `field(on_setattr=...)` and the intermediates recipe).
Each cell was saved to a file and run with /tmp/heldout29/venv_be/bin/python:
all statements but the last were executed first, then the last one alone, which
raised; `line`/`use_line` were read from the traceback frames that belong to the
cell file. Every fix marked "checked" was applied by hand to a copy of the cell
and re-run to completion.

Installed versions (venv /tmp/heldout29/venv_be, created with
--system-site-packages): mici 0.4.1 (JAX autodiff backend, `backend="jax"`),
sepes 0.12.1, klujax 0.5.2 (its module reports __version__ 0.5.1), with
jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, scipy 1.17.1, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (system versions kept). Interpreter: CPython
3.11.7, CPU only. klujax cells turn on jax_enable_x64 because its kernels work in
float64/complex128.

Dropped: nothing. All three first-choice candidates installed and imported
with the pins, so no alternate (trainax, stamox, simphony) was needed.
klujax pulls in jaxtyping as a dependency; no case is about jaxtyping.

Doubts about labels:
- be-mici-if-halfspace, be-mici-chained-support, be-mici-int-changepoint,
  be-mici-bool-mask-penalty: mici's own `backend="jax_nojit"` option (grad without
  jit, so values stay concrete) also makes these cells run, checked for three
  of them; it could be counted as a first fix of the 'static' family, but it
  gives up compilation.
- be-mici-math-exp: math.exp -> jnp.exp is labelled 'jnp-not-np'; 'jnp-not-builtin'
  is also defensible (a host-side scalar math function rather than NumPy).
- be-mici-int-changepoint: int() raises ConcretizationTypeError, not
  TracerIntegerConversionError, so 'concretization' is a defensible kind.
- be-mici-leak-visited-list: the real fix is a host callback
  (jax.debug.callback), closest in the vocabulary to 'jax.debug.print';
  'return-value' is arguable but mici requires neg_log_dens to return a scalar.
- be-sepes-str-field-jit, be-sepes-int-depth-range,
  be-sepes-checkpoint-sample-count: 'static' here means sepes' sp.tree_mask before
  the transform (masked leaves become static aux data); a JAX-level
  static_argnums on the module does not work because the module holds arrays.
- be-sepes-int-depth-range: lax.fori_loop with a traced trip count also runs
  under jit (general order would put it first), but it is not reverse-mode
  differentiable and depth is a structural hyper-parameter, so 'static' first.
- be-sepes-at-scan-builtin-max: JAX names grads['b'] only because dict leaves are
  visited in sorted order; the running max depends on every leaf. One could
  also name the callback's parameter `leaf` as the argument.
- be-sepes-on-setattr-vmap: the exception the user finally sees is
  AttributeError (sepes re-raises type(e)(message), which TracerBoolConversionError
  cannot be built from); its own traceback ends at line 16 (the constructor call),
  while the bool conversion itself is at line 5, which is the labelled line.
- be-sepes-value-and-tree-leak: the leaked object is the whole updated tree; path
  names its first leaf (stat.total); `x` also feeds it.
- be-klujax-newton-break: JAX reports dependence on both T and source; the first
  is labelled.
- be-klujax-coalesce-in-jit: the failing jnp.where(mask) without size is inside
  klujax, so 'traced-shape' or 'concretization' are also defensible kinds; the
  user cannot add size=, hence 'static' (coalesce before the jit, as the docs say).
- be-klujax-node-count-traced: the traceback ends in the helper at line 8
  (jnp.arange(n)); jnp.zeros(n_nodes) at line 15 would fail next.
- be-klujax-analyze-cache-leak: 'static' stands for moving the analyze call out of
  the traced function; returning the handle ('return-value') is a second option.
- be-klujax-static-indices: 'hashable-static' (tuples, turned back into arrays
  inside) also works; dropping static is simpler.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='be-mici-if-halfspace',
        source='https://github.com/matt-graham/mici/issues/35',
        code="""\
import jax.numpy as jnp
import numpy as np
import mici

def neg_log_dens(q):
    # Gaussian on the right half-space, Laplace-like on the left
    if q[0] > 0:
        return 0.5 * jnp.sum(q**2)
    return jnp.sum(jnp.abs(q))

mici.sample_hmc_chains(
    n_warm_up_iter=20, n_main_iter=20, init_states=[np.full(2, 0.5)],
    neg_log_dens=neg_log_dens, backend="jax", seed=1, n_process=1,
    display_progress=False,
)
""",
        kind='bool-conversion', argument='q', path='q', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A Python `if` on the position inside a neg_log_dens that mici's JAX backend wraps in jax.jit (and jit(value_and_grad)); TracerBoolConversionError. Both branches are cheap and finite, so jnp.where keeps the result; checked (fixed cell samples).",
    ),
    Case(
        id='be-mici-chained-support',
        source='https://github.com/matt-graham/mici/blob/main/src/mici/systems.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mici

def neg_log_dens(q):
    p, z = q[0], q[1]
    if not 0.0 < p < 1.0:
        return jnp.inf
    return -(7 * jnp.log(p) + 3 * jnp.log1p(-p)) + 0.5 * z**2

system = mici.systems.EuclideanMetricSystem(neg_log_dens, backend="jax")
integrator = mici.integrators.LeapfrogIntegrator(system, step_size=0.05)
sampler = mici.samplers.StaticMetropolisHMC(system, integrator, np.random.default_rng(0), n_step=10)
sampler.sample_chains(
    n_warm_up_iter=0, n_main_iter=20, init_states=[np.array([0.5, 0.0])],
    n_process=1, display_progress=False,
)
""",
        kind='bool-conversion', argument='q', path='q', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Support check `not 0 < p < 1` (chained comparison) in a neg_log_dens given to EuclideanMetricSystem(backend='jax'); the jitted density is traced on the first sampler step and raises TracerBoolConversionError. jnp.where((0<p)&(p<1), nld, inf) keeps the result; checked.",
    ),
    Case(
        id='be-mici-math-exp',
        source='https://github.com/matt-graham/mici/blob/main/src/mici/autodiff/__init__.py',
        code="""\
import math
import jax.numpy as jnp
import numpy as np
import mici

y = jnp.array([1.2, 0.7, 2.3, 1.9, 0.4, 1.1])

def neg_log_dens(q):
    mu, log_sigma = q[0], q[1]
    sigma = math.exp(log_sigma)
    return jnp.sum((y - mu) ** 2) / (2 * sigma**2) + y.size * log_sigma

mici.sample_hmc_chains(
    n_warm_up_iter=20, n_main_iter=20, init_states=[np.zeros(2)],
    neg_log_dens=neg_log_dens, backend="jax", seed=3, n_process=1,
    display_progress=False,
)
""",
        kind='concretization', argument='q', path='q', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="math.exp on a traced scale parameter inside the density that mici jits; float() on the tracer gives ConcretizationTypeError. Use jnp.exp (JAX-primitive functions, as the autodiff docs require); JAX's astype(float) hint does not help; checked.",
    ),
    Case(
        id='be-mici-int-changepoint',
        source='https://github.com/matt-graham/mici/blob/main/src/mici/interface.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mici

counts = jnp.array([4, 5, 4, 1, 0, 4, 3, 4, 0, 6, 3, 3, 4, 0, 2, 6,
                    1, 1, 0, 1, 0, 2, 1, 0, 0, 1, 2, 1, 0, 0, 1, 0])

def neg_log_dens(q):
    log_r1, log_r2, tau = q[0], q[1], q[2]
    k = int(tau)
    ll1 = jnp.sum(counts[:k] * log_r1 - jnp.exp(log_r1))
    ll2 = jnp.sum(counts[k:] * log_r2 - jnp.exp(log_r2))
    return -(ll1 + ll2)

mici.sample_hmc_chains(
    n_warm_up_iter=20, n_main_iter=20, init_states=[np.array([1.0, 0.0, 16.0])],
    neg_log_dens=neg_log_dens, backend="jax", seed=4, n_process=1,
    display_progress=False,
)
""",
        kind='integer-conversion', argument='q', path='q', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Change-point Poisson model: int(tau) of a sampled coordinate to split the counts; ConcretizationTypeError raised by int(). A mask arange(n) < floor(tau) with jnp.where gives the same density; JAX's astype(int) hint would only move the error to a traced slice bound; checked.",
    ),
    Case(
        id='be-mici-np-logaddexp',
        source='https://github.com/matt-graham/mici/blob/main/src/mici/autodiff/__init__.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mici

def neg_log_dens(q):
    # equal-weight mixture of two unit Gaussians at -2 and +2
    a = -0.5 * jnp.sum((q - 2.0) ** 2)
    b = -0.5 * jnp.sum((q + 2.0) ** 2)
    return -np.logaddexp(a, b)

mici.sample_hmc_chains(
    n_warm_up_iter=20, n_main_iter=20, init_states=[np.zeros(2)],
    neg_log_dens=neg_log_dens, backend="jax", seed=5, n_process=1,
    display_progress=False,
)
""",
        kind='array-conversion', argument='q', path='q', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A NumPy ufunc (np.logaddexp) left in a mixture density when switching mici to backend='jax'; __array__ on the tracer raises TracerArrayConversionError. jnp.logaddexp fixes it; checked.",
    ),
    Case(
        id='be-mici-bool-mask-penalty',
        source='https://github.com/matt-graham/mici/blob/main/src/mici/autodiff/jax_wrapper.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mici

def neg_log_dens(q):
    # Gaussian plus an extra linear penalty on the positive coordinates
    return 0.5 * jnp.sum(q**2) + jnp.sum(q[q > 0])

mici.sample_hmc_chains(
    n_warm_up_iter=20, n_main_iter=20, init_states=[np.full(3, 0.1)],
    neg_log_dens=neg_log_dens, backend="jax", seed=6, n_process=1,
    display_progress=False,
)
""",
        kind='boolean-index', argument='q', path='q', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="q[q > 0] inside the density that mici's jax wrapper jit-compiles; NonConcreteBooleanIndexError. jnp.sum(jnp.where(q > 0, q, 0)) is the same value with a fixed shape; checked.",
    ),
    Case(
        id='be-mici-leak-visited-list',
        source='https://github.com/matt-graham/mici/blob/main/src/mici/autodiff/jax_wrapper.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mici

visited = []

def neg_log_dens(q):
    visited.append(q)  # keep every evaluated position for later plotting
    return 0.5 * jnp.sum(q**2)

mici.sample_hmc_chains(
    n_warm_up_iter=10, n_main_iter=10, init_states=[np.zeros(2)],
    neg_log_dens=neg_log_dens, backend="jax", seed=7, n_process=1,
    display_progress=False,
)
positions = jnp.stack(visited)
""",
        kind='leaked-tracer', argument='q', path='q', line=8,
        fixes=('jax.debug.print',), verifiable=False, jax_fitting_fix=False, use_line=16,
        note="The density appends its (jit-traced) position to a global list for plotting; sampling runs, but jnp.stack on the list afterwards raises UnexpectedTracerError. mici needs a scalar return, so the values must leave through a host callback (jax.debug.callback/print) or be taken from the sampler's traces; not checked mechanically.",
    ),
    Case(
        id='be-sepes-str-field-jit',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/masking.rst',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

@sp.autoinit
class Dense(sp.TreeClass):
    weight: jax.Array
    bias: jax.Array
    act: str = "gelu"

    def __call__(self, x):
        return getattr(jax.nn, self.act)(x @ self.weight + self.bias)

@jax.jit
def predict(layer, x):
    return layer(x)

layer = Dense(jnp.ones((3, 2)), jnp.zeros(2))
predict(layer, jnp.ones((4, 3)))
""",
        kind='non-array-argument', argument='layer', path='layer.act', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A sepes TreeClass with a string activation field passed straight to a jitted function; TypeError (not a valid JAX type) at path layer.act. sepes' answer is sp.tree_mask before the jit boundary (the leaf becomes static) and sp.tree_unmask inside; JAX's static_argnums hint fails because the layer holds arrays (unhashable); checked.",
    ),
    Case(
        id='be-sepes-int-depth-range',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/masking.rst',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

@sp.autoinit
class ResNet(sp.TreeClass):
    w: jax.Array
    depth: int = 3

    def __call__(self, x):
        for _ in range(self.depth):
            x = x + jnp.tanh(x @ self.w)
        return x

@jax.jit
def evaluate(model, x, y):
    return jnp.mean((model(x) - y) ** 2)

model = ResNet(w=jnp.eye(2) * 0.1)
evaluate(model, jnp.ones((8, 2)), jnp.zeros((8, 2)))
""",
        kind='integer-conversion', argument='model', path='model.depth', line=11,
        fixes=('static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note='An int hyper-parameter field (depth) of a TreeClass becomes a traced leaf when the model is passed to jax.jit; range(self.depth) raises TracerIntegerConversionError. Masking the model (sp.tree_mask outside, tree_unmask inside) keeps depth static; checked.',
    ),
    Case(
        id='be-sepes-checkpoint-sample-count',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/masking.rst',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

@sp.autoinit
class NoisyEncoder(sp.TreeClass):
    w: jax.Array
    n_samples: int = 8

    def __call__(self, key, x):
        eps = jax.random.normal(key, (self.n_samples, x.shape[-1]))
        return jnp.mean(jnp.tanh((x + 0.1 * eps) @ self.w), axis=0)

@jax.checkpoint
def encode(enc, key, x):
    return enc(key, x)

enc = NoisyEncoder(w=jnp.eye(3))
encode(enc, jax.random.key(0), jnp.ones(3))
""",
        kind='traced-shape', argument='enc', path='enc.n_samples', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An int field used as a shape in jax.random.normal inside a method of a TreeClass passed through jax.checkpoint; TypeError 'Shapes must be 1D sequences of concrete values'. sp.tree_mask on the module before the transform makes n_samples static; checkpoint's static_argnums (JAX's hint) fails on the unhashable arrays; checked.",
    ),
    Case(
        id='be-sepes-config-array-static',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/module.rst',
        code="""\
import functools as ft
import jax
import jax.numpy as jnp
import sepes as sp

@sp.autoinit
class AdamConfig(sp.TreeClass):
    lr: float = 1e-3
    betas: jax.Array = jnp.array([0.9, 0.999])
    eps: float = 1e-8

@ft.partial(jax.jit, static_argnames="cfg")
def adam_step(p, g, m, v, t, cfg):
    b1, b2 = cfg.betas[0], cfg.betas[1]
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g**2
    m_hat, v_hat = m / (1 - b1**t), v / (1 - b2**t)
    return p - cfg.lr * m_hat / (jnp.sqrt(v_hat) + cfg.eps), m, v

z = jnp.zeros(3)
adam_step(jnp.ones(3), jnp.ones(3), z, z, 1, cfg=AdamConfig())
""",
        kind='unhashable-static', argument='cfg', path='cfg.betas', line=21,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='An optimizer config TreeClass marked static via static_argnames but holding a jnp.array field; TreeClass.__hash__ hashes leaves and jit raises ValueError (non-hashable static argument). Storing betas as a tuple makes the config hashable; checked.',
    ),
    Case(
        id='be-sepes-at-scan-builtin-max',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/tree.rst',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

def largest_entry(leaf, running):
    return leaf, max(running, jnp.max(jnp.abs(leaf)))

@jax.jit
def clip_by_max(grads):
    _, peak = sp.at(grads)[...].scan(largest_entry, state=0.0)
    scale = jnp.minimum(1.0, 1.0 / peak)
    return jax.tree.map(lambda g: g * scale, grads)

grads = {"w": jnp.full((2, 2), 3.0), "b": jnp.array([0.5, -4.0])}
clip_by_max(grads)
""",
        kind='bool-conversion', argument='grads', path="grads['b']", line=6,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note='Running max over leaves with sp.at(...)[...].scan and builtin max (as in the at.scan docstring), inside a jitted clipping step; max() compares tracers and raises TracerBoolConversionError. jnp.maximum keeps the result; checked.',
    ),
    Case(
        id='be-sepes-on-setattr-vmap',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/constructor.rst',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

floor_at_tiny = lambda s: s if s > 0 else 1e-6

@sp.autoinit
class Normal(sp.TreeClass):
    mu: jax.Array
    sigma: jax.Array = sp.field(on_setattr=[floor_at_tiny])

    def log_prob(self, x):
        return -0.5 * ((x - self.mu) / self.sigma) ** 2 - jnp.log(self.sigma)

def log_prob_at(sigma):
    return Normal(mu=0.0, sigma=sigma).log_prob(1.0)

jax.vmap(log_prob_at)(jnp.array([0.5, 1.0, 2.0]))
""",
        kind='bool-conversion', argument='sigma', path='sigma', line=5,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A field on_setattr callback with a Python conditional runs on a BatchTracer when the TreeClass is built inside jax.vmap; the TracerBoolConversionError is re-raised by sepes as type(e)(msg), which itself fails, so the final exception is AttributeError ('str' object has no attribute '_error_repr') chained on the bool error. jnp.where in the callback; checked.",
    ),
    Case(
        id='be-sepes-value-and-tree-leak',
        source='https://github.com/ASEM000/sepes/blob/main/docs/API/tree.rst',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

@sp.autoinit
class RunningMean(sp.TreeClass):
    total: jax.Array
    count: jax.Array

    def update(self, x):
        self.total = self.total + x.sum()
        self.count = self.count + x.size
        return self.total / self.count

latest = {}

@jax.jit
def observe(stat, x):
    mean, new_stat = sp.value_and_tree(lambda s: s.update(x))(stat)
    latest["stat"] = new_stat
    return mean

observe(RunningMean(jnp.array(0.0), jnp.array(0.0)), jnp.ones(4))
observe(latest["stat"], jnp.ones(4))
""",
        kind='leaked-tracer', argument='stat', path='stat.total', line=20,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=24,
        note='The updated tree from sp.value_and_tree is stashed in a global dict inside a jitted step and fed back into the next call; UnexpectedTracerError. Return the new tree from the jitted function; checked.',
    ),
    Case(
        id='be-sepes-intermediates-dict',
        source='https://github.com/ASEM000/sepes/blob/main/docs/notebooks/%5Brecipes%5Dintermediates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import sepes as sp

@sp.autoinit
class Probe(sp.TreeClass):
    w: jax.Array
    seen: dict

    def __call__(self, x):
        h = jnp.tanh(x @ self.w)
        self.seen["hidden"] = h  # keep activations around for inspection
        return jnp.sum(h**2)

net = Probe(w=jnp.eye(3), seen={})
score = jax.jit(lambda x: net(x))
score(jnp.ones(3))
jnp.linalg.norm(net.seen["hidden"])
""",
        kind='leaked-tracer', argument='x', path='x', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=18,
        note='A TreeClass keeps activations in a dict field during a call jitted by closure; reading them afterwards gives UnexpectedTracerError. The sepes recipe returns intermediates with the output; checked.',
    ),
    Case(
        id='be-klujax-newton-break',
        source='https://github.com/flaport/klujax/blob/main/docs/examples/newton-raphson.md',
        code="""\
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

n = 20
idx = jnp.arange(n)
Ai = jnp.concatenate([idx, idx[1:], idx[:-1]])
Aj = jnp.concatenate([idx, idx[:-1], idx[1:]])

@jax.jit
def solve_steady_state(T, source):
    for _ in range(50):
        k = 1.0 + T**2
        res = (2 + k) * T - jnp.roll(T, 1) - jnp.roll(T, -1) - source
        if jnp.linalg.norm(res) < 1e-10:
            break
        Jx = jnp.concatenate([2 + 1.0 + 3 * T**2, -jnp.ones(n - 1), -jnp.ones(n - 1)])
        T = T - klujax.solve(Ai, Aj, Jx, res)
    return T

solve_steady_state(jnp.zeros(n), jnp.ones(n))
""",
        kind='bool-conversion', argument='T', path='T', line=16,
        fixes=('lax.while_loop',), verifiable=True, jax_fitting_fix=False,
        note="The Newton-Raphson recipe's `if norm(residual) < tol: break` put under jax.jit around klujax.solve; TracerBoolConversionError. Rewriting the loop as lax.while_loop with the tolerance in cond; checked.",
    ),
    Case(
        id='be-klujax-grad-float-log',
        source='https://github.com/flaport/klujax/blob/main/docs/examples/differentiation.md',
        code="""\
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

Ai = jnp.array([0, 0, 1, 1, 1, 2, 2])
Aj = jnp.array([0, 1, 0, 1, 2, 1, 2])
b = jnp.array([1e-3, 0.0, 0.0])
target = jnp.array([0.5, 0.3, 0.1])

def loss(g):
    Ax = jnp.stack([g[0] + g[1], -g[1], -g[1], g[1] + g[2], -g[2], -g[2], g[2] + g[3]])
    v = klujax.solve(Ai, Aj, Ax, b)
    print(f"node voltages: {float(v[0]):.4f} {float(v[1]):.4f} {float(v[2]):.4f}")
    return jnp.sum((v - target) ** 2)

jax.grad(loss)(jnp.array([1e-3, 2e-3, 3e-3, 4e-3]))
""",
        kind='concretization', argument='g', path='g', line=14,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="float() on klujax.solve's output for logging inside a loss under jax.grad; ConcretizationTypeError (float). jax.debug.print; checked.",
    ),
    Case(
        id='be-klujax-coalesce-in-jit',
        source='https://github.com/flaport/klujax/blob/main/docs/api/coalesce.md',
        code="""\
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

# 1D linear finite elements: each element adds a 2x2 block, so shared nodes repeat
el = jnp.arange(4)
Ai = jnp.concatenate([el, el, el + 1, el + 1])
Aj = jnp.concatenate([el, el + 1, el, el + 1])
k = jnp.array([1.0, 2.0, 3.0, 4.0])
Ax = jnp.concatenate([k, -k, -k, k]) + 1e-9

@jax.jit
def fem_solve(Ai, Aj, Ax, f):
    Ai, Aj, Ax = klujax.coalesce(Ai, Aj, Ax)
    return klujax.solve(Ai, Aj, Ax, f)

fem_solve(Ai, Aj, Ax, jnp.ones(5))
""",
        kind='boolean-index', argument='Ai', path='Ai', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="klujax.coalesce called inside jit on traced Ai/Aj; its jnp.where(mask) under ensure_compile_time_eval has no size, raising ConcretizationTypeError ('size argument of jnp.nonzero'). The docs say coalesce before jit: move it out of the traced function; checked.",
    ),
    Case(
        id='be-klujax-numpy-stamp-vmap',
        source='https://github.com/flaport/klujax/blob/main/docs/examples/batched.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import klujax
jax.config.update("jax_enable_x64", True)

Ai = jnp.array([0, 0, 1, 1])
Aj = jnp.array([0, 1, 0, 1])
b = jnp.array([1.0, 0.0])

def node_voltages(g_load):
    g_series = 0.01
    Ax = np.array([g_series, -g_series, -g_series, g_series + g_load])
    return klujax.solve(Ai, Aj, Ax, b)

jax.vmap(node_voltages)(jnp.linspace(0.001, 0.1, 5))
""",
        kind='array-conversion', argument='g_load', path='g_load', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Matrix values stamped with np.array from a vmapped conductance before klujax.solve; TracerArrayConversionError on the BatchTracer. jnp.array; checked.',
    ),
    Case(
        id='be-klujax-node-count-traced',
        source='https://github.com/flaport/klujax/blob/main/docs/api/solve.md',
        code="""\
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

# resistor ladder: node i connected to ground and to node i+1
def ladder_pattern(n):
    idx = jnp.arange(n)
    return jnp.concatenate([idx, idx[:-1], idx[1:]]), jnp.concatenate([idx, idx[1:], idx[:-1]])

@jax.jit
def dc_solve(g, n_nodes):
    Ai, Aj = ladder_pattern(n_nodes)
    Ax = jnp.concatenate([jnp.full(n_nodes, 2 * g), jnp.full(n_nodes - 1, -g), jnp.full(n_nodes - 1, -g)])
    b = jnp.zeros(n_nodes).at[0].set(1e-3)
    return klujax.solve(Ai, Aj, Ax, b)

dc_solve(0.01, 6)
""",
        kind='traced-shape', argument='n_nodes', path='n_nodes', line=8,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="The node count is a traced jit argument and is used in jnp.arange to build the COO pattern; ConcretizationTypeError ('jnp.arange argument stop'). static_argnames='n_nodes'; checked.",
    ),
    Case(
        id='be-klujax-analyze-cache-leak',
        source='https://github.com/flaport/klujax/blob/main/docs/api/analyze.md',
        code="""\
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

Ai = jnp.array([0, 0, 1, 1])
Aj = jnp.array([0, 1, 0, 1])
_symbolic = {}

@jax.jit
def fast_solve(Ax, b):
    if "sym" not in _symbolic:  # analyze the pattern only once
        _symbolic["sym"] = klujax.analyze(Ai, Aj, 2)
    return klujax.solve_with_symbol(Ai, Aj, Ax, b, _symbolic["sym"])

fast_solve(jnp.array([4.0, -1.0, -1.0, 3.0]), jnp.array([1.0, 2.0]))
klujax.solve_with_symbol(Ai, Aj, jnp.array([5.0, -1.0, -1.0, 3.0]), jnp.array([1.0, 2.0]), _symbolic["sym"])
""",
        kind='leaked-tracer', argument=None, path=None, line=13,
        fixes=('static', 'return-value'), verifiable=True, jax_fitting_fix=False, use_line=17,
        note='klujax.analyze called inside jit returns a traced handle that is cached in a module dict; reusing it outside gives UnexpectedTracerError. It depends on no argument (Ai, Aj are globals). Analyze once outside the jitted function as the docs advise; checked.',
    ),
    Case(
        id='be-klujax-static-indices',
        source='https://github.com/flaport/klujax/blob/main/docs/advanced/jax-integration.md',
        code="""\
import functools as ft
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

@ft.partial(jax.jit, static_argnums=(0, 1))
def sparse_solve(Ai, Aj, Ax, b):
    # the sparsity pattern never changes, so keep it out of the trace
    return klujax.solve(Ai, Aj, Ax, b)

Ai = jnp.array([0, 0, 1, 1])
Aj = jnp.array([0, 1, 0, 1])
sparse_solve(Ai, Aj, jnp.array([4.0, -1.0, -1.0, 3.0]), jnp.array([1.0, 2.0]))
""",
        kind='unhashable-static', argument='Ai', path='Ai', line=14,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='Sparsity indices Ai/Aj (jax arrays) marked static_argnums because the pattern is fixed; ValueError (non-hashable static arguments). klujax takes traced indices, so just drop the static marking; checked.',
    ),
    Case(
        id='be-klujax-method-string',
        source='https://github.com/flaport/klujax/blob/main/docs/api/solve.md',
        code="""\
import jax
import jax.numpy as jnp
import klujax
jax.config.update("jax_enable_x64", True)

Ai = jnp.array([0, 0, 1, 1, 2, 2])
Aj = jnp.array([0, 1, 0, 1, 1, 2])

@jax.jit
def solve(Ax, b, method):
    if method == "klu":
        return klujax.solve(Ai, Aj, Ax, b)
    A = jnp.zeros((3, 3)).at[Ai, Aj].set(Ax)
    return jnp.linalg.solve(A, b)

solve(jnp.array([4.0, -1.0, -1.0, 4.0, -1.0, 4.0]), jnp.ones(3), "klu")
""",
        kind='non-array-argument', argument='method', path='method', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A string switch between klujax.solve and a dense solve passed to a jitted function; TypeError (str is not a valid JAX type) at path method. static_argnames='method', as JAX suggests; checked.",
    ),
]
