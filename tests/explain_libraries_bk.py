"""Held-out library cases (set bk): relaxed, treeo, sympy (lambdify to JAX).

How they were built: each cell was written for this set (own wording and code), run as a file with
/tmp/heldout32/venv_bk/bin/python (Python 3.11.7; venv made with --system-site-packages), and its last
statement checked to be the only one that raises; `line`/`use_line` were compared with the traceback
frames that lie in the cell file. For every case marked verifiable the first fix was applied by hand and
the cell re-run without error (the leak case marked not verifiable was also run with its fix, after
dropping the final use). Installed in the venv: relaxed 0.4.0 (pulls jaxopt 0.8.5), treeo 0.2.2 on pip
(reports __version__ 0.2.1); sympy 1.14.0 comes from the system site-packages. Pins kept: jax 0.10.2,
jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6. Sympy is used through
sympy.lambdify (modules="jax" unless the case is about another module). Nothing was dropped: all three
first-choice libraries installed and imported, so the alternates (diffsky, mace-jax, jaxinterp2d) were
not needed. Note: treeo's to.copy / to.filter / to.map call jax.tree_map, which JAX 0.10 removed, so the
treeo cells avoid them (they mutate the unflattened copy inside the traced function instead).
Cells whose error is inside sympy's generated code (<lambdifygenerated-N>) have `line` at the user's call,
the last frame of the cell. Counts: 8 relaxed, 7 treeo, 7 sympy.

Doubts about labels:
- bk-relaxed-hist-density-traced: JAX raises ValueError "Non-hashable static arguments" because a tracer
  reached relaxed.hist's static `density`; one could call it a concretization/static-needed case rather
  than unhashable-static. `line` is the wrapper's call into relaxed (6), not the jit call (11).
- bk-relaxed-fisher-plain-class-model: the traced function is relaxed's own jitted fisher_info; argument
  'model' names its parameter (the user's object). None is defensible, since no user function is traced.
- bk-relaxed-fit-path-leak: the idiomatic fix is jax.debug.callback (not in the vocabulary);
  jax.debug.print only shows the values, and 'return-value' is hard because jaxopt owns the outputs.
- bk-relaxed-hard-cut-boolean-mask: jnp.where keeps the value but its gradient wrt the cut is zero; a
  relaxed user would switch to relaxed.cut (sigmoid weights), which changes the result. Without the outer
  jax.jit the mask is concrete under plain jax.grad and nothing is raised.
- bk-relaxed-float-print-in-logpdf: deleting the print is an equally valid first fix.
- bk-treeo-array-field-left-static: raised when jit compares pytree metadata on the second call (cache
  lookup), not while tracing; the first call silently bakes the weights in. 'register-pytree' (declare the
  fields as nodes) is a defensible name for the fix; non-array-argument is a defensible kind.
- bk-treeo-activation-declared-node / bk-treeo-num-samples-node-shape: JAX's hint (static_argnums) would
  work only by making the whole Tree static and baking in the weights, so jax_fitting_fix=False; one could
  argue True.
- bk-treeo-depth-node-range: 'numpy-for-static' (range(len(self.weights))) is as good as 'static'.
- bk-treeo-running-mean-first-step: lax.cond may be preferred by some; both keep the result.
- bk-treeo-closure-state-leak: the stored value also depends on the closed-over self.total (not an
  argument); argument could be None. Fix could be named to.mutable style rather than return-value.
- bk-treeo-metric-ignore-label-mask: the mask depends on labels, the indexed array is preds; 'preds' is
  defensible as the first traced parameter touched.
- bk-sympy-kronecker-delta-jit: the condition depends on both m and n (JAX names both); m is first.
- bk-sympy-factorial-vmap-counts: no vocabulary entry fits exactly (the fix is a lambdify modules mapping
  or rewriting factorial via gammaln); 'jnp-not-builtin' chosen, verifiable=False. Note modules="jax" also
  maps gamma to math.gamma, so sp.gamma(k + 1) is not a fix.
- bk-sympy-math-module-vmap: 'jnp-not-builtin' is a defensible name for switching math -> jax.numpy;
  kind could be argued array-conversion by analogy with the numpy case, but JAX raises
  ConcretizationTypeError (float()).
- bk-sympy-default-numpy-module-grad / bk-sympy-math-module-vmap: `argument` is the generated function's
  parameter, which sympy names after the Symbol.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    # ------------------------------------------------------------------ relaxed
    Case(
        id='bk-relaxed-logpdf-if-negative-mu',
        source='https://github.com/gradhep/relaxed/pull/61',
        code="""\
import jax
import jax.numpy as jnp
import jax.scipy.stats as jss
import equinox as eqx
import relaxed

class CountingModel(eqx.Module):
    sig: jax.Array
    bkg: jax.Array

    def logpdf(self, pars, data):
        if pars["mu"] < 0:
            return -jnp.inf
        rate = pars["mu"] * self.sig + self.bkg
        return jss.poisson.logpmf(data, rate).sum()

model = CountingModel(jnp.array([5.0, 8.0]), jnp.array([50.0, 40.0]))
observed = jnp.array([55.0, 50.0])
relaxed.mle.fit(observed, model, init_pars={"mu": jnp.array(1.0)})
""",
        kind='bool-conversion', argument='pars', path="pars['mu']", line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A model logpdf (the PyTree-model interface relaxed asks for) guards the physical region with a Python '
             'if; relaxed.mle.fit hands it to jaxopt, which traces it, so TracerBoolConversionError is raised on the '
             'if. Computing the log-likelihood and selecting -inf with jnp.where keeps the result; checked.',
    ),
    Case(
        id='bk-relaxed-float-print-in-logpdf',
        source='https://github.com/gradhep/relaxed/pull/61',
        code="""\
import jax
import jax.numpy as jnp
import jax.scipy.stats as jss
import equinox as eqx
import relaxed

class CountingModel(eqx.Module):
    sig: jax.Array
    bkg: jax.Array

    def logpdf(self, pars, data):
        print(f"evaluating at mu={float(pars['mu']):.3f}")
        rate = pars["mu"] * self.sig + self.bkg
        return jss.poisson.logpmf(data, rate).sum()

model = CountingModel(jnp.array([5.0, 8.0]), jnp.array([50.0, 40.0]))
observed = jnp.array([55.0, 50.0])
relaxed.cramer_rao_uncert(model, {"mu": jnp.array(0.74)}, observed)
""",
        kind='concretization', argument='pars', path="pars['mu']", line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Debug printing float(pars["mu"]) inside logpdf; relaxed.cramer_rao_uncert traces logpdf under jit + '
             'jax.hessian, so float() on the tracer raises ConcretizationTypeError. jax.debug.print prints the '
             'runtime value instead; checked.',
    ),
    Case(
        id='bk-relaxed-hist-density-traced',
        source='https://github.com/gradhep/relaxed#currently-implemented',
        code="""\
import jax
import jax.numpy as jnp
import relaxed

def binned_yields(events, edges, bandwidth, density):
    return relaxed.hist(events, edges, bandwidth, density=density)

events = jax.random.normal(jax.random.PRNGKey(0), (500,))
edges = jnp.linspace(-3.0, 3.0, 7)
yields_fn = jax.jit(binned_yields)
yields_fn(events, edges, 0.2, True)
""",
        kind='unhashable-static', argument='density', path='density', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='relaxed.hist is jitted with density static; the user jits a wrapper without marking density static, so '
             'a tracer reaches the static argument and JAX raises ValueError (non-hashable static argument, '
             'DynamicJaxprTracer). static_argnames="density" on the wrapper fixes it; checked.',
    ),
    Case(
        id='bk-relaxed-gaussianity-n-samples',
        source='https://github.com/gradhep/relaxed#currently-implemented',
        code="""\
import jax
import jax.numpy as jnp
import jax.scipy.stats as jss
import equinox as eqx
import relaxed

class CountingModel(eqx.Module):
    sig: jax.Array
    bkg: jax.Array

    def logpdf(self, pars, data):
        rate = pars["mu"] * self.sig + self.bkg
        return jss.poisson.logpmf(data, rate).sum()

model = CountingModel(jnp.array([5.0, 8.0]), jnp.array([50.0, 40.0]))
observed = jnp.array([55.0, 50.0])

@jax.jit
def gaussianity_check(pars, key, n_samples):
    return relaxed.metrics.gaussianity(model, pars, observed, key, n_samples=n_samples)

gaussianity_check({"mu": jnp.array(0.74)}, jax.random.PRNGKey(0), 200)
""",
        kind='traced-shape', argument='n_samples', path='n_samples', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='relaxed.metrics.gaussianity draws shape=(n_samples,) samples; n_samples arrives traced through the '
             "user's jit, so JAX raises TypeError (shapes must be concrete). Marking n_samples static, as the "
             'message suggests, fixes it; checked.',
    ),
    Case(
        id='bk-relaxed-fit-path-leak',
        source='https://github.com/gradhep/relaxed/pull/61',
        code="""\
import jax
import jax.numpy as jnp
import jax.scipy.stats as jss
import equinox as eqx
import relaxed

visited_mu = []

class CountingModel(eqx.Module):
    sig: jax.Array
    bkg: jax.Array

    def logpdf(self, pars, data):
        visited_mu.append(pars["mu"])
        rate = pars["mu"] * self.sig + self.bkg
        return jss.poisson.logpmf(data, rate).sum()

model = CountingModel(jnp.array([5.0, 8.0]), jnp.array([50.0, 40.0]))
observed = jnp.array([55.0, 50.0])
relaxed.mle.fit(observed, model, init_pars={"mu": jnp.array(1.0)})
jnp.stack(visited_mu)
""",
        kind='leaked-tracer', argument='pars', path="pars['mu']", line=14, use_line=21,
        fixes=('jax.debug.print', 'return-value'), verifiable=False, jax_fitting_fix=False,
        note='To watch the fit converge the logpdf appends pars["mu"] to a global list; relaxed.mle.fit traces '
             'logpdf (jit + jaxopt + autodiff), so the list holds tracers and the later jnp.stack raises '
             'UnexpectedTracerError. Print inside with jax.debug.print (or get values out as outputs); the last '
             'line cannot be kept as is, so not mechanically verifiable.',
    ),
    Case(
        id='bk-relaxed-fisher-plain-class-model',
        source='https://github.com/gradhep/relaxed/pull/58',
        code="""\
import jax.numpy as jnp
import jax.scipy.stats as jss
import relaxed

class CountingModel:
    def __init__(self, sig, bkg):
        self.sig = sig
        self.bkg = bkg

    def logpdf(self, pars, data):
        rate = pars["mu"] * self.sig + self.bkg
        return jss.poisson.logpmf(data, rate).sum()

model = CountingModel(jnp.array([5.0, 8.0]), jnp.array([50.0, 40.0]))
observed = jnp.array([55.0, 50.0])
relaxed.fisher_info(model, {"mu": jnp.array(0.74)}, observed)
""",
        kind='non-array-argument', argument='model', path='model', line=16,
        fixes=('register-pytree',), verifiable=True, jax_fitting_fix=False,
        note='relaxed.fisher_info is jax.jit-ed over (model, pars, data) and needs the model to be a PyTree; a plain '
             'class raises TypeError (cannot interpret argument as an abstract array). Making the model an '
             'eqx.Module (a registered pytree) fixes it; the static_argnums hint cannot be applied to the library '
             'jit; checked.',
    ),
    Case(
        id='bk-relaxed-numpy-quantile-bins',
        source='https://github.com/gradhep/relaxed/blob/main/examples/binning.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import relaxed

sig = jax.random.normal(jax.random.PRNGKey(0), (300,)) + 1.0
bkg = jax.random.normal(jax.random.PRNGKey(1), (300,))

def loss(params):
    s_obs = jnp.tanh(params["w"] * sig)
    b_obs = jnp.tanh(params["w"] * bkg)
    edges = np.quantile(b_obs, np.linspace(0.0, 1.0, 5))
    s = relaxed.hist(s_obs, edges, params["bw"])
    b = relaxed.hist(b_obs, edges, params["bw"])
    return -relaxed.metrics.asimov_sig(s, b)

jax.grad(loss)({"w": jnp.array(1.5), "bw": jnp.array(0.1)})
""",
        kind='array-conversion', argument='params', path="params['w']", line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Equal-population bin edges for relaxed.hist computed with np.quantile on an observable that depends '
             'on the parameters being differentiated; under jax.grad NumPy calls __array__ on the tracer and '
             'TracerArrayConversionError is raised. jnp.quantile keeps it traceable; checked.',
    ),
    Case(
        id='bk-relaxed-hard-cut-boolean-mask',
        source='https://github.com/gradhep/relaxed/blob/main/examples/cuts.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import relaxed

sig = jax.random.normal(jax.random.PRNGKey(0), (400,)) + 1.0
bkg = jax.random.normal(jax.random.PRNGKey(1), (4000,))
sig_w = jnp.full(400, 0.1)
bkg_w = jnp.full(4000, 0.5)

def significance(cut):
    s = sig_w[sig > cut].sum()
    b = bkg_w[bkg > cut].sum()
    return relaxed.metrics.asimov_sig(s, b)

jax.jit(jax.grad(significance))(0.5)
""",
        kind='boolean-index', argument='cut', path='cut', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A hard selection written as boolean indexing with a mask that depends on the cut being optimised; '
             'under the jitted gradient the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(sig > cut, sig_w, 0.0).sum() keeps the value '
             '(relaxed.cut is the library\'s smooth replacement when a useful gradient is wanted); checked.',
    ),
    # -------------------------------------------------------------------- treeo
    Case(
        id='bk-treeo-array-field-left-static',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to

class Linear(to.Tree):
    w: jnp.ndarray
    b: jnp.ndarray

    def __init__(self, key, din, dout):
        self.w = jax.random.normal(key, (din, dout))
        self.b = jnp.zeros(dout)

    def __call__(self, x):
        return x @ self.w + self.b

apply = jax.jit(lambda model, x: model(x))
x = jnp.ones((4, 3))
apply(Linear(jax.random.PRNGKey(0), 3, 2), x)
apply(Linear(jax.random.PRNGKey(1), 3, 2), x)
""",
        kind='unhashable-static', argument='model', path='model.w', line=19,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='In treeo an annotated field is static unless declared with to.field(node=True); the weight arrays '
             'end up in the pytree metadata. The first jit call bakes them in, the second has to compare metadata '
             'and JAX raises ValueError (arrays cannot be metadata fields). Declaring w and b as nodes fixes it; '
             'checked.',
    ),
    Case(
        id='bk-treeo-activation-declared-node',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to
from typing import Callable

class Dense(to.Tree):
    w: jnp.ndarray = to.field(node=True)
    activation: Callable = to.field(node=True)

    def __init__(self, key, din, dout, activation=jax.nn.relu):
        self.w = jax.random.normal(key, (din, dout))
        self.activation = activation

    def __call__(self, x):
        return self.activation(x @ self.w)

@jax.jit
def forward(layer, x):
    return layer(x)

forward(Dense(jax.random.PRNGKey(0), 3, 2), jnp.ones((4, 3)))
""",
        kind='non-array-argument', argument='layer', path='layer.activation', line=21,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The activation function is declared as a treeo node, so it becomes a pytree leaf and jax.jit cannot '
             'turn it into an abstract array: TypeError. Declaring it to.field(node=False) / to.static() fixes it '
             '(making the whole layer static, as the message hints, would bake in the weights); checked.',
    ),
    Case(
        id='bk-treeo-depth-node-range',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to

class MLP(to.Tree):
    weights: list = to.field(node=True)
    depth: int = to.field(node=True)

    def __init__(self, key, width, depth):
        keys = jax.random.split(key, depth)
        self.weights = [jax.random.normal(k, (width, width)) for k in keys]
        self.depth = depth

    def __call__(self, x):
        for i in range(self.depth):
            x = jnp.tanh(x @ self.weights[i])
        return x

mlp = MLP(jax.random.PRNGKey(0), 4, 3)
jax.jit(lambda m, x: m(x))(mlp, jnp.ones((2, 4)))
""",
        kind='integer-conversion', argument='m', path='m.depth', line=15,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='A hyperparameter (depth) declared as a treeo node becomes a traced leaf under jax.jit, and '
             'range(self.depth) raises TracerIntegerConversionError. Declare it static (to.field(node=False)) or '
             'loop over len(self.weights); checked.',
    ),
    Case(
        id='bk-treeo-running-mean-first-step',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to

class RunningMean(to.Tree):
    mean: jnp.ndarray = to.field(node=True)
    count: jnp.ndarray = to.field(node=True)

    def __init__(self, dim):
        self.mean = jnp.zeros(dim)
        self.count = jnp.array(0)

@jax.jit
def update(stats, batch):
    if stats.count == 0:
        new_mean = batch.mean(axis=0)
    else:
        new_mean = 0.9 * stats.mean + 0.1 * batch.mean(axis=0)
    stats.mean = new_mean
    stats.count = stats.count + 1
    return stats

update(RunningMean(3), jnp.ones((8, 3)))
""",
        kind='bool-conversion', argument='stats', path='stats.count', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A stateful treeo Tree whose step counter is a node; the jitted update branches on stats.count == 0 '
             'with Python if, giving TracerBoolConversionError. jnp.where on the two candidate means (or lax.cond) '
             'keeps the result; checked.',
    ),
    Case(
        id='bk-treeo-closure-state-leak',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to

class ActivationMonitor(to.Tree):
    total: jnp.ndarray = to.field(node=True)
    w: jnp.ndarray = to.field(node=True)

    def __init__(self):
        self.total = jnp.array(0.0)
        self.w = jnp.ones(3)

    def __call__(self, x):
        y = jnp.tanh(x * self.w)
        self.total = self.total + y.sum()
        return y

monitor = ActivationMonitor()
predict = jax.jit(lambda x: monitor(x))
predict(jnp.ones(3))
monitor.total + 1.0
""",
        kind='leaked-tracer', argument='x', path='x', line=15, use_line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='treeo Trees are mutable Python objects; the jitted lambda closes over the module, so the in-place '
             'state update stores a tracer on the original object and the later use raises UnexpectedTracerError. '
             'Pass the Tree in and return it (the functional/to.mutable style); checked.',
    ),
    Case(
        id='bk-treeo-num-samples-node-shape',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to

class MCDropoutHead(to.Tree):
    w: jnp.ndarray = to.field(node=True)
    num_samples: int = to.field(node=True)

    def __init__(self, key, din, num_samples):
        self.w = jax.random.normal(key, (din,))
        self.num_samples = num_samples

    def __call__(self, key, x):
        keep = jax.random.bernoulli(key, 0.9, (self.num_samples, x.shape[0]))
        return (keep * x * self.w).sum(axis=1).mean()

head = MCDropoutHead(jax.random.PRNGKey(0), 5, 16)
jax.jit(lambda h, k, x: h(k, x))(head, jax.random.PRNGKey(1), jnp.ones(5))
""",
        kind='traced-shape', argument='h', path='h.num_samples', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The Monte-Carlo sample count is declared as a treeo node, so under jax.jit it is traced and used in '
             'a shape: TypeError (shapes must be concrete). Declaring the field static fixes it; the message\'s '
             'static_argnums hint would need the whole Tree static; checked.',
    ),
    Case(
        id='bk-treeo-metric-ignore-label-mask',
        source='https://github.com/cgarciae/treeo#fields',
        code="""\
import jax
import jax.numpy as jnp
import treeo as to

class Accuracy(to.Tree):
    correct: jnp.ndarray = to.field(node=True)
    total: jnp.ndarray = to.field(node=True)

    def __init__(self):
        self.correct = jnp.array(0)
        self.total = jnp.array(0)

    def update(self, preds, labels):
        valid = labels >= 0
        hits = preds[valid] == labels[valid]
        self.correct = self.correct + hits.sum()
        self.total = self.total + valid.sum()
        return self

step = jax.jit(lambda metric, preds, labels: metric.update(preds, labels))
step(Accuracy(), jnp.array([1, 0, 2, 2]), jnp.array([1, -1, 2, 0]))
""",
        kind='boolean-index', argument='labels', path='labels', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A metric Tree skips ignored labels (-1) by boolean-mask indexing inside its jitted update; the mask is '
             'traced so JAX raises NonConcreteBooleanIndexError. jnp.where(valid, preds == labels, False) keeps the '
             'count; checked.',
    ),
    # -------------------------------------------------------------------- sympy
    Case(
        id='bk-sympy-sum-symbolic-upper-limit',
        source='https://github.com/sympy/sympy/pull/9991',
        code="""\
import jax
import jax.numpy as jnp
import sympy as sp

x = sp.Symbol("x")
k = sp.Symbol("k", integer=True, nonnegative=True)
N = sp.Symbol("N", integer=True, positive=True)
taylor = sp.Sum(x**k / sp.factorial(k), (k, 0, N))
approx_exp = sp.lambdify((x, N), taylor, modules="jax")
jax.jit(approx_exp)(jnp.array(0.5), 8)
""",
        kind='integer-conversion', argument='N', path='N', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='lambdify prints a Sum with a symbolic upper limit as builtins.sum over range(0, N+1); jitting the '
             'generated function traces N and range() raises TracerIntegerConversionError inside the generated '
             'code. static_argnums=1 (N) fixes it; checked.',
    ),
    Case(
        id='bk-sympy-factorial-vmap-counts',
        source='https://github.com/sympy/sympy/pull/23627',
        code="""\
import jax
import jax.numpy as jnp
import sympy as sp

lam = sp.Symbol("lam", positive=True)
k = sp.Symbol("k", integer=True, nonnegative=True)
pmf = lam**k * sp.exp(-lam) / sp.factorial(k)
poisson_pmf = sp.lambdify((lam, k), pmf, modules="jax")
counts = jnp.arange(10)
jax.vmap(poisson_pmf, in_axes=(None, 0))(3.0, counts)
""",
        kind='integer-conversion', argument='k', path='k', line=10,
        fixes=('jnp-not-builtin',), verifiable=False, jax_fitting_fix=False,
        note='With modules="jax" sympy still maps factorial to math.factorial, which calls __index__ on the '
             'vmapped count: TracerIntegerConversionError. Map factorial to a JAX function (e.g. via a modules '
             'dict using jax.scipy.special.gammaln) - a change to the lambdify call, not to the failing line; '
             'static is impossible under vmap. The gammaln mapping was run and works.',
    ),
    Case(
        id='bk-sympy-kronecker-delta-jit',
        source='https://github.com/sympy/sympy/pull/18185',
        code="""\
import jax
import sympy as sp

n, m = sp.symbols("n m", integer=True, nonnegative=True)
x_elem = (sp.sqrt(n) * sp.KroneckerDelta(m, n - 1)
          + sp.sqrt(n + 1) * sp.KroneckerDelta(m, n + 1)) / sp.sqrt(2)
element = sp.lambdify((m, n), x_elem, modules="jax")
jax.jit(element)(2, 3)
""",
        kind='bool-conversion', argument='m', path='m', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Harmonic-oscillator position matrix element; lambdify prints KroneckerDelta as a Python conditional '
             'expression (1 if m == n - 1 else 0), so jitting it raises TracerBoolConversionError in the generated '
             'code. Marking the quantum numbers static (static_argnums=(0, 1)) fixes it; checked.',
    ),
    Case(
        id='bk-sympy-default-numpy-module-grad',
        source='https://github.com/sympy/sympy/issues/21232',
        code="""\
import jax
import sympy as sp

r = sp.Symbol("r", positive=True)
depth, width, r0 = 1.0, 1.5, 1.0
morse = depth * (1 - sp.exp(-width * (r - r0)))**2
energy = sp.lambdify(r, morse)
force = jax.grad(energy)
force(1.3)
""",
        kind='array-conversion', argument='r', path='r', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='lambdify without modules uses NumPy, so the generated exp is numpy.exp; under jax.grad it calls '
             '__array__ on the tracer and TracerArrayConversionError is raised. Passing modules="jax" makes it '
             'jax.numpy; checked.',
    ),
    Case(
        id='bk-sympy-math-module-vmap',
        source='https://github.com/sympy/sympy/issues/9217',
        code="""\
import jax
import jax.numpy as jnp
import sympy as sp

t = sp.Symbol("t")
signal = sp.exp(-0.3 * t) * sp.cos(2.0 * t)
damped = sp.lambdify(t, signal, modules="math")
times = jnp.linspace(0.0, 5.0, 50)
jax.vmap(damped)(times)
""",
        kind='concretization', argument='t', path='t', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='lambdify with modules="math" gives math.exp/math.cos, which need a Python float; under jax.vmap the '
             'batched tracer is converted with float() and JAX raises ConcretizationTypeError. Lambdify with '
             'modules="jax" instead; checked.',
    ),
    Case(
        id='bk-sympy-expr-passed-to-jit',
        source='https://docs.sympy.org/latest/modules/numeric-computation.html',
        code="""\
import jax
import jax.numpy as jnp
import sympy as sp

x = sp.Symbol("x")

@jax.jit
def evaluate(expr, grid):
    f = sp.lambdify(x, expr, modules="jax")
    return f(grid)

evaluate(sp.sin(x) * sp.exp(-x**2), jnp.linspace(-2.0, 2.0, 9))
""",
        kind='non-array-argument', argument='expr', path='expr', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The sympy expression itself is passed as an argument of a jitted helper; jax.jit cannot interpret a '
             'sympy Mul as an array and raises TypeError. Sympy expressions are hashable, so static_argnums=0 '
             '(as the message suggests) fixes it; checked.',
    ),
    Case(
        id='bk-sympy-mutable-matrix-static',
        source='https://github.com/sympy/sympy/issues/14863',
        code="""\
import jax
import jax.numpy as jnp
import sympy as sp
from functools import partial

q = sp.Symbol("q")

@partial(jax.jit, static_argnums=0)
def evaluate(expr, grid):
    f = sp.lambdify(q, expr, modules="jax")
    return jax.vmap(f)(grid)

rotation = sp.Matrix([[sp.cos(q), -sp.sin(q)], [sp.sin(q), sp.cos(q)]])
evaluate(rotation, jnp.linspace(0.0, 1.0, 4))
""",
        kind='unhashable-static', argument='expr', path='expr', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The expression is correctly marked static, but sp.Matrix is the mutable (unhashable) matrix class, so '
             'jax.jit raises ValueError (non-hashable static argument). sp.ImmutableMatrix is hashable and works; '
             'checked.',
    ),
]
