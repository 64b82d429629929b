"""Held-out library cases (set E): tinygp, flowjax, ml_collections, sympy2jax, probdiffeq, cola-ml.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / doc page of the library (its tutorials, FAQ, README, docstrings or example
scripts where no thread showed the exact pattern; one ml_collections case cites the JAX issue whose
dict-config pattern it reproduces), written against the installed versions: tinygp 0.3.1,
flowjax 19.1.2 (+ paramax 0.0.5), ml_collections 1.1.0, sympy2jax 0.0.8 (+ sympy 1.14.0),
probdiffeq 0.9.2 (+ matfree 0.6.3), cola-ml 0.0.7 (+ cola-plum-dispatch 0.1.4); equinox 0.13.8 is
plumbing only. Every cell was run as a file under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
Every statement but the last runs cleanly and the last raises, with the same exception class on
both (recorded in each note). `line` was checked against the user-code frame of the traceback, or,
for leaks, against the store that leaks (and `use_line` against the module-level frame that
raises; for non-array / unhashable-static arguments the raising frame is the call itself). Every
verifiable=True top fix was applied by hand and the fixed cell run to completion on both
interpreters. For the non-verifiable ones I also checked that the obvious mechanical fix fails
(static dist for the flowjax case: equinox hashes the array fields and raises) or that only a
restructuring works (eqx.filter_jit for the flowjax/sympy2jax modules traces on both).
In both JAX versions the messages of TracerBool/Integer/ArrayConversionError, ConcretizationTypeError
and NonConcreteBooleanIndexError carry no fix suggestion, so jax_fitting_fix is True only where the
non-array-argument message ("mark it static with static_argnums/static_argnames") fits and works.

Doubts about labels:
- Argument of user callbacks reached through a library. Where the library itself transforms the
  user's function (tinygp vmaps Kernel.evaluate; probdiffeq's solver calls the vector field;
  flowjax vmaps the bijection) I named that function's own parameter (X1, t, y). X2 is as
  defensible as X1 for the tinygp kernel; for the probdiffeq vector field, t is derived from the
  jitted solve's save_at/prior. Where the user wrote their own transformed wrapper around the
  library call (sympy2jax: jax.vmap(curve), jitted log_lik, jitted predict) I named the wrapper's
  parameter (ti, counts, xs) rather than the callback's (z, k).
- lib-e-probdiffeq-jetexpand-traced-num: raised as TracerBoolConversionError from probdiffeq's
  `if num ...` check; labelled traced-shape (num is a count of Taylor coefficients). bool-conversion
  is defensible, but jnp.where would not fix it.
- lib-e-cola-eig-traced-k: the exception is cola's plum NotFoundLookupError (dispatch on an int
  slot), not a JAX error; labelled traced-shape (k is the number of eigenpairs, a shape).
- lib-e-flowjax-sample-traced-shape: JAX's message is about an unhashable jaxpr parameter
  (random_split shape), which reads like an unhashable-static problem; the root cause is a traced
  sample count, so traced-shape.
- lib-e-flowjax-jax-jit-paramax-fn and lib-e-sympy2jax-jax-jit-module: the idiomatic fix is
  eqx.filter_jit (treat non-array leaves as static), which the vocabulary has no entry for; I used
  'static'. For sympy2jax, static_argnames='mod' does trace (its nodes hash by identity), so
  verifiable=True and jax_fitting_fix=True, but it bakes the coefficients in as compile-time
  constants (no gradients w.r.t. mod); for flowjax it fails (unhashable arrays), so False/False.
  register-pytree is not a fix here (both objects already are pytrees).
- lib-e-mlcollections-to-dict-slice: a slice bound on a Python list -> integer-conversion; the
  value is also a loop length, so traced-shape is defensible. The fix needs static AND a hashable
  config (FrozenConfigDict), so verifiable=False and hashable-static is listed second.
- lib-e-mlcollections-frozen-config-as-arg: FrozenConfigDict is not a registered pytree, so jit
  treats the whole config as one leaf; path is therefore 'config', not 'config.activation'.
- lib-e-tinygp-kernel-int-field-harmonics: 'static' means a static equinox field
  (eqx.field(static=True)), not static_argnames (the kernel holds arrays, so marking it static
  would be unhashable).
- lib-e-tinygp-window-boolean-mask: the window size depends on the parameters, so size= needs an
  upper bound plus masking, and the jnp.where route (inflate the noise outside the window) shifts
  the log-likelihood by a window-dependent constant; both listed, neither mechanical, so
  verifiable=False. The maintainer's answer in the issue was that this likelihood cannot be jitted
  as written.
- lib-e-cola-eig-keep-mask: jnp.where (zero the inverted small eigenvalues) gives the same
  pseudo-inverse, so it is ranked first; size-argument second.
- Concretization fixes: lib-e-sympy2jax-sympy-inside-jit uses 'return-value' (return the module
  and call .sympy() outside the jitted step) - the vocabulary has no "move it out of jit" entry;
  jax.debug.print cannot print a SymPy expression.
- lib-e-sympy2jax-leak-extra-func-log: the user's intent is inspection, so jax.debug.print (really
  jax.debug.callback) is as good a first fix as return-value; neither is mechanical because the
  store happens inside sympy2jax's call of the extra function.
- Leak argument/path choices: tinygp leak - the stored GaussianProcess depends on all params; JAX
  names jnp.exp(params['log_amp']) (line 11) as the leaked value, so that leaf. ml_collections leak
  - the loss depends on w, x and y; w chosen. flowjax loss-item - the loss depends on every leaf of
  params (loc and the paramax-wrapped scale) and on key; params.loc chosen. sympy2jax .sympy() -
  the coefficient depends on mod's single float leaf and on lr.
- lib-e-tinygp-sample-list-shape and lib-e-mlcollections-configdict-static: the raised class is
  ValueError ('Non-hashable static arguments are not supported') whose text embeds
  "TypeError: unhashable type". The tinygp one has no user transform (tinygp's own jit), hence
  argument/path None.

Libraries tried and dropped:
- jax-cosmo 0.1.0: sdist build needs setuptools_scm/vcs_versioning, and once built it imports
  pkg_resources, which the installed setuptools no longer ships; uninstalled.
- gpjax: 1.0.0 pins jax<0.11, so the Python 3.13 env (jax 0.12) would only resolve gpjax 0.13.6 -
  a different API on each interpreter; not installed.
- jaxns 3.0.0: installed and importable, but its top-level namespace is empty and the 3.x API is
  undocumented in what I could read; uninstalled.
- Candidate cases dropped: tinygp Subspace with a jnp array as its static `axis` field (equinox only
  warns and the jit call succeeds); flowjax `jax.jit(flow.sample)` on a bound method (fails on
  hashing the bound module, a different pattern); tinygp custom kernel with np.exp under grad and a
  traced tinygp sample count (kept the flowjax variant instead, to avoid two near-identical cases).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-e-tinygp-kernel-if-cutoff',
        source='https://tinygp.readthedocs.io/en/stable/tutorials/kernels.html',
        code="""\
import jax
import jax.numpy as jnp
import tinygp

class Truncated(tinygp.kernels.Kernel):
    scale: jax.Array
    cutoff: jax.Array

    def evaluate(self, X1, X2):
        tau = jnp.abs(X1 - X2) / self.scale
        if tau > self.cutoff:
            return jnp.zeros(())
        return (1.0 - tau / self.cutoff) ** 2

X = jnp.linspace(0.0, 5.0, 20)
y = jnp.sin(X)
kernel = Truncated(scale=jnp.array(1.0), cutoff=jnp.array(2.0))
gp = tinygp.GaussianProcess(kernel, X, diag=1e-3)
""",
        kind='bool-conversion', argument='X1', path='X1', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Custom tinygp kernel (subclass of tinygp.kernels.Kernel) whose evaluate() uses a Python `if` on '
            'the scaled distance. There is no user jit: tinygp always calls evaluate through vmap (the '
            'tutorial says so), so X1/X2 are BatchTracers when GaussianProcess builds the covariance. Fix: '
            'return jnp.where(tau > cutoff, 0.0, (1 - tau/cutoff)**2). Both interpreters (py3.11/jax 0.10.2 '
            'and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-e-tinygp-window-boolean-mask',
        source='https://github.com/dfm/tinygp/issues/147',
        code="""\
import jax
import jax.numpy as jnp
import tinygp

t = jnp.linspace(0.0, 10.0, 200)
y = jnp.sin(t)
yerr = 0.1 * jnp.ones_like(t)

@jax.jit
def windowed_log_like(params):
    inside = (t >= params[0]) & (t <= params[1])
    t_in, y_in, err_in = t[inside], y[inside], yerr[inside]
    kernel = tinygp.kernels.Matern52(scale=jnp.exp(params[2]))
    gp = tinygp.GaussianProcess(kernel, t_in, diag=err_in**2)
    return gp.log_probability(y_in)

windowed_log_like(jnp.array([2.0, 6.0, 0.0]))
""",
        kind='boolean-index', argument='params', path='params', line=12,
        fixes=('jnp.where', 'size-argument'), verifiable=False, jax_fitting_fix=False,
        note=(
            "Issue #147's 'modified likelihood': the GP is fitted only to the data inside a window whose "
            'bounds are parameters, selected with a boolean mask inside the jitted log-likelihood. The number'
            ' of selected points depends on params[0]/params[1], so the mask cannot be concrete. Array-level '
            'fix: keep all points and give the out-of-window points a huge noise (diag=jnp.where(inside, '
            'yerr**2, big)) - this changes the log-likelihood by a window-dependent constant, so it is not a '
            'mechanical rewrite; size= padding needs the same masking. Both interpreters (py3.11/jax 0.10.2 '
            'and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-e-tinygp-leak-cached-gp',
        source='https://github.com/dfm/tinygp/issues/139',
        code="""\
import jax
import jax.numpy as jnp
import tinygp

X = jnp.linspace(0.0, 10.0, 40)
y = jnp.sin(X)
cache = {}

@jax.jit
def neg_log_like(params):
    kernel = jnp.exp(params["log_amp"]) * tinygp.kernels.ExpSquared(jnp.exp(params["log_scale"]))
    gp = tinygp.GaussianProcess(kernel, X, diag=jnp.exp(params["log_diag"]))
    cache["gp"] = gp
    return -gp.log_probability(y)

params = {"log_amp": jnp.array(0.0), "log_scale": jnp.array(0.0), "log_diag": jnp.array(-4.0)}
neg_log_like(params)
X_test = jnp.linspace(0.0, 10.0, 100)
cache["gp"].predict(y, X_test)
""",
        kind='leaked-tracer', argument='params', path="params['log_amp']", line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note=(
            'The jitted negative log-likelihood stores the tinygp.GaussianProcess it built in a global dict '
            'so that it can be reused for prediction; the GP holds tracers (JAX names the '
            "jnp.exp(params['log_amp']) on line 11 as the leaked value). The later gp.predict() outside the "
            'trace raises. Fix: return (loss, gp) from the jitted function (checked: a GaussianProcess can be'
            ' returned from jax.jit). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'UnexpectedTracerError at line 19.'
        ),
        use_line=19,
    ),
    Case(
        id='lib-e-tinygp-sample-list-shape',
        source='https://tinygp.readthedocs.io/en/stable/tutorials/intro.html',
        code="""\
import jax
import jax.numpy as jnp
import tinygp

X = jnp.linspace(0.0, 10.0, 50)
kernel = 1.5 * tinygp.kernels.Matern32(scale=2.0)
gp = tinygp.GaussianProcess(kernel, X, diag=1e-4)
num_draws = 16
gp.sample(jax.random.key(0), shape=[num_draws])
""",
        kind='unhashable-static', argument=None, path=None, line=9,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "GaussianProcess.sample(key, shape) forwards `shape` to tinygp's own jax.jit(static_argnums=(2,))"
            ' helper; the user passes a list [num_draws] (the tutorial passes a tuple). No user function is '
            'transformed, so argument/path are None. Fix: shape=(num_draws,). Both interpreters (py3.11/jax '
            "0.10.2 and py3.13/jax 0.12.0.1) raise ValueError 'Non-hashable static arguments are not "
            "supported' (from TypeError: unhashable type: 'list')."
        ),
    ),
    Case(
        id='lib-e-tinygp-kernel-int-field-harmonics',
        source='https://github.com/dfm/tinygp/issues/140',
        code="""\
import jax
import jax.numpy as jnp
import tinygp

class CosineSeries(tinygp.kernels.Kernel):
    period: jax.Array
    num_harmonics: int

    def evaluate(self, X1, X2):
        k = jnp.arange(1, self.num_harmonics + 1)
        tau = X1 - X2
        return jnp.sum(jnp.cos(2 * jnp.pi * k * tau / self.period) / k**2)

X = jnp.linspace(0.0, 10.0, 40)
y = jnp.sin(X)

@jax.jit
def loss(kernel):
    return -tinygp.GaussianProcess(kernel, X, diag=1e-2).log_probability(y)

loss(CosineSeries(period=jnp.array(3.0), num_harmonics=4))
""",
        kind='traced-shape', argument='kernel', path='kernel.num_harmonics', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Custom kernel (an equinox Module) with an int field num_harmonics used as a jnp.arange bound. '
            'The kernel is passed to a plain jax.jit, which flattens every field - the int becomes a traced '
            'int32[]. Fix: declare the field static (num_harmonics: int = eqx.field(static=True)); marking '
            'the whole kernel static would fail (it holds arrays). Both interpreters (py3.11/jax 0.10.2 and '
            "py3.13/jax 0.12.0.1) raise ConcretizationTypeError ('It arose in the jnp.arange argument stop')."
        ),
    ),
    Case(
        id='lib-e-flowjax-jax-jit-paramax-fn',
        source='https://github.com/danielward27/flowjax/blob/main/docs/faq.rst',
        code="""\
import jax
import jax.numpy as jnp
from flowjax.distributions import Normal

dist = Normal(loc=jnp.zeros(2), scale=jnp.ones(2))
x = jnp.ones((5, 2))

@jax.jit
def mean_log_prob(dist, x):
    return dist.log_prob(x).mean()

mean_log_prob(dist, x)
""",
        kind='non-array-argument', argument='dist', path='dist.bijection.scale.fn', line=12,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note=(
            'A flowjax distribution passed to a plain jax.jit: its scale is a paramax Parameterize whose `fn`'
            ' (a jitted softplus-like function) is a pytree leaf, which jit cannot abstract. The FAQ jits '
            'flowjax objects with eqx.filter_jit, which treats non-array leaves as static - that is the fix. '
            'Marking `dist` static in jax.jit does not work (equinox hashes the array fields: unhashable '
            "ArrayImpl), so the suggestion in JAX's message does not fit. Both interpreters (py3.11/jax "
            "0.10.2 and py3.13/jax 0.12.0.1) raise TypeError 'Error interpreting argument ... as an abstract "
            "array ... PjitFunction ... at path dist.bijection.scale.fn'."
        ),
    ),
    Case(
        id='lib-e-flowjax-sample-traced-shape',
        source='https://github.com/danielward27/flowjax/blob/main/docs/faq.rst',
        code="""\
import jax
import jax.numpy as jnp
from flowjax.distributions import Normal

flow = Normal(jnp.zeros(3))

@jax.jit
def draw(key, sample_shape):
    return flow.sample(key, sample_shape)

keys = jax.random.split(jax.random.key(0), 4)
batches = [draw(k, (256,)) for k in keys]
""",
        kind='traced-shape', argument='sample_shape', path='sample_shape[0]', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "FAQ 'When to JIT' samples batches with eqx.filter_jit(flow.sample)(key, (batch_size,)), which "
            'keeps the tuple static; with a plain jax.jit the sample_shape tuple is flattened and its int '
            "becomes a tracer, which reaches jax.random.split inside flowjax's sample. Fix: "
            "static_argnames='sample_shape'. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) "
            "raise TypeError 'parameters to jaxpr equations must have __hash__ ... In a call to primitive "
            "random_split, the value of parameter shape was not hashable'."
        ),
    ),
    Case(
        id='lib-e-flowjax-bijection-if-fit',
        source='https://github.com/danielward27/flowjax/blob/main/flowjax/bijections/bijection.py',
        code="""\
from typing import ClassVar
import jax
import jax.numpy as jnp
from flowjax.bijections import AbstractBijection
from flowjax.distributions import Normal, Transformed
from flowjax.train import fit_to_data

class SoftClip(AbstractBijection):
    shape: tuple = ()
    cond_shape: ClassVar[None] = None

    def transform_and_log_det(self, x, condition=None):
        return jnp.arcsinh(x), -0.5 * jnp.log1p(x**2)

    def inverse_and_log_det(self, y, condition=None):
        if jnp.abs(y) > 10.0:
            y = jnp.sign(y) * 10.0
        return jnp.sinh(y), jnp.log(jnp.cosh(y))

flow = Transformed(Normal(), SoftClip())
data = jax.random.normal(jax.random.key(1), (256,))
fit_to_data(jax.random.key(0), flow, data, max_epochs=2, show_progress=False)
""",
        kind='bool-conversion', argument='y', path='y', line=16,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'User-defined AbstractBijection (as the docstring explains how to implement one) clips its input '
            'with a Python `if` in inverse_and_log_det. fit_to_data evaluates log_prob under eqx.filter_jit +'
            ' vmap over the batch, so y is traced. Fix: y = jnp.where(jnp.abs(y) > 10, jnp.sign(y) * 10, y). '
            'Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-e-flowjax-loss-item-print',
        source='https://github.com/danielward27/flowjax/blob/main/docs/examples/variational_inference.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import paramax
from flowjax.distributions import Normal
from flowjax.train import fit_to_key_based_loss

def target_log_prob(x):
    return -0.5 * jnp.sum((x - 2.0) ** 2, axis=-1)

def elbo_loss(params, static, key):
    q = paramax.unwrap(eqx.combine(params, static))
    x, log_q = q.sample_and_log_prob(key, (64,))
    loss = jnp.mean(log_q - target_log_prob(x))
    print(f"elbo step loss: {loss.item():.4f}")
    return loss

q0 = Normal(jnp.zeros(2))
fit_to_key_based_loss(jax.random.key(0), q0, loss_fn=elbo_loss, steps=5, show_progress=False)
""",
        kind='concretization', argument='params', path='params.loc', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Custom ELBO loss for fit_to_key_based_loss (loss_fn(params, static, key)) that logs the loss '
            'with loss.item(); flowjax runs the loss under eqx.filter_jit + value_and_grad, so .item() needs '
            "a concrete value. Fix: jax.debug.print('... {l:.4f}', l=loss). Both interpreters (py3.11/jax "
            "0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError ('This occurred in the item() "
            "method')."
        ),
    ),
    Case(
        id='lib-e-mlcollections-configdict-static',
        source='https://github.com/google/ml_collections#frozenconfigdict',
        code="""\
import functools
import jax
import jax.numpy as jnp
import ml_collections

config = ml_collections.ConfigDict()
config.num_steps = 5
config.learning_rate = 0.1

@functools.partial(jax.jit, static_argnames="config")
def fit(w, x, y, config):
    for _ in range(config.num_steps):
        g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        w = w - config.learning_rate * g
    return w

x = jnp.ones((8, 3))
fit(jnp.zeros(3), x, x.sum(axis=1), config)
""",
        kind='unhashable-static', argument='config', path='config', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A mutable ml_collections.ConfigDict (number of steps, learning rate) is passed as a static '
            'argument of a jitted fit function; ConfigDict is unhashable. Fix: pass '
            'ml_collections.FrozenConfigDict(config), documented as immutable and hashable. Both interpreters'
            " (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError 'Non-hashable static arguments are"
            " not supported' (from TypeError: unhashable type: 'ConfigDict')."
        ),
    ),
    Case(
        id='lib-e-mlcollections-frozen-config-as-arg',
        source='https://github.com/google/ml_collections/pull/50',
        code="""\
import jax
import jax.numpy as jnp
import ml_collections

def get_config():
    config = ml_collections.ConfigDict()
    config.activation = "gelu"
    config.dropout_rate = 0.1
    return ml_collections.FrozenConfigDict(config)

@jax.jit
def apply_mlp(w, x, config):
    h = getattr(jax.nn, config.activation)(x @ w)
    return h * (1.0 - config.dropout_rate)

apply_mlp(jnp.ones((4, 4)), jnp.ones((2, 4)), get_config())
""",
        kind='non-array-argument', argument='config', path='config', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'A FrozenConfigDict (activation name string + dropout rate) passed as an ordinary argument of a '
            'jitted function. ConfigDict/FrozenConfigDict are not registered pytrees (nor Mappings, see the '
            "PR), so jit sees one opaque leaf. Fix: static_argnames='config' - works because FrozenConfigDict"
            " is hashable, exactly what JAX's message suggests. Both interpreters (py3.11/jax 0.10.2 and "
            "py3.13/jax 0.12.0.1) raise TypeError 'Error interpreting argument ... FrozenConfigDict ... at "
            "path config'."
        ),
    ),
    Case(
        id='lib-e-mlcollections-to-dict-slice',
        source='https://github.com/jax-ml/jax/issues/6853',
        code="""\
import jax
import jax.numpy as jnp
import ml_collections

config = ml_collections.ConfigDict({"num_layers": 2, "scale": 0.5})
keys = jax.random.split(jax.random.key(0), 4)
layers = [jax.random.normal(k, (8, 8)) for k in keys]

@jax.jit
def forward(layers, x, cfg):
    for w in layers[: cfg["num_layers"]]:
        x = jnp.tanh(cfg["scale"] * x @ w)
    return x

forward(layers, jnp.ones((3, 8)), config.to_dict())
""",
        kind='integer-conversion', argument='cfg', path="cfg['num_layers']", line=11,
        fixes=('static', 'hashable-static'), verifiable=False, jax_fitting_fix=False,
        note=(
            'Workaround for the non-pytree ConfigDict: pass config.to_dict() to the jitted forward pass. The '
            'dict is a pytree, so num_layers becomes a traced int32[] and slicing the Python list of layers '
            'calls __index__ on it. Fix: keep the config static (pass FrozenConfigDict(config) with '
            "static_argnames='cfg'); marking the plain dict static fails (unhashable), so not mechanical. "
            'Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError'
            " (message names argument cfg['num_layers'])."
        ),
    ),
    Case(
        id='lib-e-mlcollections-leak-into-config',
        source='https://github.com/google/ml_collections#configdict',
        code="""\
import jax
import jax.numpy as jnp
import ml_collections

config = ml_collections.ConfigDict({"lr": 0.05, "metrics": {"last_loss": None}})

def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)

@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    config.metrics.last_loss = loss
    return w - config.lr * g

x = jnp.ones((16, 4))
w = train_step(jnp.zeros(4), x, jnp.ones(16))
best = jnp.minimum(jnp.inf, config.metrics.last_loss)
""",
        kind='leaked-tracer', argument='w', path='w', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note=(
            'The jitted train step writes its loss into a global, mutable ConfigDict '
            '(config.metrics.last_loss) for logging. The stored value is a tracer; using it after the call '
            '(jnp.minimum) raises. Fix: return the loss from train_step. The loss depends on w, x and y (JAX '
            'names the loss_fn line 8 as its origin); w chosen. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 18 (a float() there would instead raise'
            ' ConcretizationTypeError).'
        ),
        use_line=18,
    ),
    Case(
        id='lib-e-sympy2jax-jax-jit-module',
        source='https://github.com/patrick-kidger/sympy2jax',
        code="""\
import jax
import jax.numpy as jnp
import sympy
import sympy2jax

x = sympy.symbols("x")
mod = sympy2jax.SymbolicModule(1.5 * sympy.cos(x) + 0.3 * x**2)
xs = jnp.linspace(-2.0, 2.0, 50)
ys = jnp.cos(xs) + 0.25 * xs**2

@jax.jit
def loss(mod, xs, ys):
    return jnp.mean((mod(x=xs) - ys) ** 2)

loss(mod, xs, ys)
""",
        kind='non-array-argument', argument='mod', path='mod.nodes._func', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'A sympy2jax.SymbolicModule (an equinox Module) passed to a plain jax.jit loss: its nodes hold '
            'Python callables (the jnp function of each node) and symbol-name strings as pytree leaves. '
            "static_argnames='mod' does trace (nodes hash by identity) but bakes the coefficients in as "
            'constants; the idiomatic fix for training is eqx.filter_jit (also checked). Both interpreters '
            "(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError 'Error interpreting argument ... "
            "<class function> ... at path mod.nodes._func'."
        ),
    ),
    Case(
        id='lib-e-sympy2jax-extra-func-heaviside-if',
        source='https://github.com/patrick-kidger/sympy2jax/pull/2',
        code="""\
import jax
import jax.numpy as jnp
import sympy
import sympy2jax

def step(z, h0=0.5):
    if z > 0:
        return jnp.ones_like(z)
    return jnp.zeros_like(z)

t = sympy.symbols("t")
expr = 2.0 * sympy.Heaviside(t - 1.0) * sympy.exp(-t)
mod = sympy2jax.SymbolicModule(expr, extra_funcs={sympy.Heaviside: step})
ts = jnp.linspace(0.0, 3.0, 7)

def curve(ti):
    return mod(t=ti)

jax.vmap(curve)(ts)
""",
        kind='bool-conversion', argument='ti', path='ti', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'User translation rule passed through extra_funcs (sympy.Heaviside -> step) written with a Python'
            ' `if`; the module is evaluated under jax.vmap(curve), so the Heaviside argument (t - 1 for the '
            'vmapped ti) is a BatchTracer. Fix: jnp.where(z > 0, 1, 0) (or jnp.heaviside). Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-e-sympy2jax-extra-func-math-factorial',
        source='https://github.com/patrick-kidger/sympy2jax/pull/2',
        code="""\
import math
import jax
import jax.numpy as jnp
import sympy
import sympy2jax

n, lam = sympy.symbols("n lam")
pmf = lam**n * sympy.exp(-lam) / sympy.factorial(n)
mod = sympy2jax.SymbolicModule(pmf, extra_funcs={sympy.factorial: lambda k: 1.0 * math.factorial(k)})
print(mod(n=3, lam=2.0))

@jax.jit
def log_lik(counts, lam):
    probs = jax.vmap(lambda k: mod(n=k, lam=lam))(counts)
    return jnp.sum(jnp.log(probs))

log_lik(jnp.array([1, 0, 3, 2]), 1.5)
""",
        kind='integer-conversion', argument='counts', path='counts', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            "extra_funcs maps sympy.factorial to Python's math.factorial. Eager evaluation with n=3 works; "
            'inside the jitted log-likelihood the module is vmapped over the counts array, and math.factorial'
            ' calls __index__ on the BatchTracer. Fix: use jax.scipy.special.factorial (a JAX function '
            'instead of math). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-e-sympy2jax-leak-extra-func-log',
        source='https://github.com/patrick-kidger/sympy2jax/pull/2',
        code="""\
import jax
import jax.numpy as jnp
import sympy
import sympy2jax

seen = []

def logged_softplus(z):
    seen.append(z)
    return jnp.logaddexp(z, 0.0)

x = sympy.symbols("x")
softplus = sympy.Function("softplus")
mod = sympy2jax.SymbolicModule(softplus(0.7 * x - 0.2), extra_funcs={softplus: logged_softplus})

@jax.jit
def predict(xs):
    return mod(x=xs)

predict(jnp.linspace(-1.0, 1.0, 5))
jnp.max(jnp.abs(seen[-1]))
""",
        kind='leaked-tracer', argument='xs', path='xs', line=9,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note=(
            'A custom extra_funcs implementation (softplus) records its inputs in a global list for '
            'inspection; under the jitted predict(xs) the recorded value is a tracer, and using it afterwards'
            ' raises. Fix: get the value out of the trace - return it, or inspect it with '
            'jax.debug.print/jax.debug.callback; returning needs restructuring because the append happens '
            "inside sympy2jax's call, so not mechanical. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax "
            '0.12.0.1) raise UnexpectedTracerError at line 21.'
        ),
        use_line=21,
    ),
    Case(
        id='lib-e-sympy2jax-sympy-inside-jit',
        source='https://github.com/patrick-kidger/sympy2jax',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
import sympy
import sympy2jax

x = sympy.symbols("x")
mod = sympy2jax.SymbolicModule(1.3 * sympy.sin(x))
xs = jnp.linspace(-3.0, 3.0, 64)
ys = 2.0 * jnp.sin(xs)

@eqx.filter_jit
def train_step(mod, lr):
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((m(x=xs) - ys) ** 2))(mod)
    mod = eqx.apply_updates(mod, jax.tree.map(lambda g: -lr * g, grads))
    print("current expression:", mod.sympy())
    return mod, loss

train_step(mod, 0.1)
""",
        kind='concretization', argument='mod', path='mod.nodes._args[0]._value', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Training step under eqx.filter_jit prints the updated expression with mod.sympy(); '
            'SymbolicModule.sympy() converts each float leaf back with .item(), which needs a concrete value '
            '(the updated coefficient depends on mod and lr). Fix: return the updated module and call '
            '.sympy() after the jitted step. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            "raise ConcretizationTypeError ('This occurred in the item() method')."
        ),
    ),
    Case(
        id='lib-e-probdiffeq-vf-if-forcing',
        source='https://github.com/pnkraemer/probdiffeq/blob/main/examples/A0_quickstart.py',
        code="""\
import jax
import jax.numpy as jnp
from probdiffeq import ivpsolve, probdiffeq

@probdiffeq.ode
def vf(y, /, *, t):
    if t < 2.0:
        return -0.5 * y + 1.0
    return -0.5 * y

u0 = jnp.asarray([0.0])
ssm = probdiffeq.state_space_model_dense()
tcoeffs, _ = probdiffeq.jetexpand_ode_padded_scan(num=2)(vf, (u0,), t=3.0)
prior = ssm.prior_wiener_integrated(tcoeffs)
constraint = ssm.constraint_ode_ts0(vf)
solver = probdiffeq.solver_mle(strategy=probdiffeq.strategy_filter(), constraint=constraint)
solve = ivpsolve.solve_adaptive_save_at(solver=solver, error=probdiffeq.error_residual_std(constraint=constraint))
save_at = jnp.linspace(0.0, 5.0, 20)
jax.jit(solve)(prior, save_at, atol=1e-3, rtol=1e-3)
""",
        kind='bool-conversion', argument='t', path='t', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Quickstart pipeline with a piecewise forcing term written as Python `if t < 2.0` in the vector '
            'field. The Taylor expansion at a concrete t=3.0 works eagerly; the jitted adaptive solver then '
            'calls vf with a traced time inside its while loop. Fix: jnp.where(t < 2.0, ..., ...). Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-e-probdiffeq-jetexpand-traced-num',
        source='https://github.com/pnkraemer/probdiffeq/pull/84',
        code="""\
import jax
import jax.numpy as jnp
from probdiffeq import ivpsolve, probdiffeq

@probdiffeq.ode
def vf(y, /, *, t):
    return 2.0 * y * (1.0 - y)

@jax.jit
def solve_logistic(u0, num_derivatives):
    jetexpand = probdiffeq.jetexpand_ode_padded_scan(num=num_derivatives)
    tcoeffs, _ = jetexpand(vf, (u0,), t=0.0)
    ssm = probdiffeq.state_space_model_dense()
    constraint = ssm.constraint_ode_ts1(vf)
    solver = probdiffeq.solver_mle(strategy=probdiffeq.strategy_filter(), constraint=constraint)
    solve = ivpsolve.solve_adaptive_save_at(solver=solver, error=probdiffeq.error_residual_std(constraint=constraint))
    return solve(ssm.prior_wiener_integrated(tcoeffs), jnp.linspace(0.0, 5.0, 10), atol=1e-3, rtol=1e-3)

solve_logistic(jnp.asarray(0.1), 3)
""",
        kind='traced-shape', argument='num_derivatives', path='num_derivatives', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "The number of Taylor coefficients is a jitted function's argument and is passed to "
            'jetexpand_ode_padded_scan(num=...); probdiffeq uses it as a Python count (the PR made such '
            "'num_derivatives' static). It raises when the expansion is called on line 12, from probdiffeq's "
            "`if num ...` check. Fix: static_argnames='num_derivatives'. Both interpreters (py3.11/jax 0.10.2"
            ' and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (message names argument '
            'num_derivatives).'
        ),
    ),
    Case(
        id='lib-e-probdiffeq-vf-np-array-grad',
        source='https://github.com/pnkraemer/probdiffeq/blob/main/examples/E2_parameter_estimation_optax.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from probdiffeq import ivpsolve, probdiffeq

u0 = jnp.asarray([20.0, 20.0])
grid = jnp.linspace(0.0, 2.0, 8)
data = jnp.ones((8, 2)) * 20.0

def loss(p):
    @probdiffeq.ode
    def vf(y, /, *, t):
        return np.array([p[0] * y[0] - p[1] * y[0] * y[1], -p[2] * y[1] + p[3] * y[0] * y[1]])

    ssm = probdiffeq.state_space_model_isotropic()
    tcoeffs, _ = probdiffeq.jetexpand_ode_padded_scan(num=1)(vf, (u0,), t=0.0)
    constraint = ssm.constraint_ode_ts0(vf)
    solver = probdiffeq.solver(strategy=probdiffeq.strategy_filter(), constraint=constraint)
    sol = ivpsolve.solve_fixed_grid(solver=solver)(ssm.prior_wiener_integrated(tcoeffs), grid=grid)
    return jnp.mean((sol.u.mean[0] - data) ** 2)

jax.jit(jax.grad(loss))(jnp.asarray([0.5, 0.05, 0.5, 0.05]))
""",
        kind='array-conversion', argument='p', path='p', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Parameter-estimation loss (as in the optax example) whose Lotka-Volterra vector field builds its'
            ' output with np.array; under jax.jit(jax.grad(loss)) the entries are tracers depending on p. '
            'Fix: jnp.array. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-e-cola-eig-traced-k',
        source='https://github.com/wilson-labs/cola/issues/120',
        code="""\
import jax
import jax.numpy as jnp
import cola

A = jax.random.normal(jax.random.key(0), (50, 50))
A = A @ A.T / 50.0

@jax.jit
def top_eigenvalues(A, k):
    op = cola.PSD(cola.lazify(A))
    vals, _ = cola.linalg.eig(op, k, which="LM", alg=cola.linalg.Lanczos(max_iters=60))
    return vals

top_eigenvalues(A, 5)
""",
        kind='traced-shape', argument='k', path='k', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'cola.linalg.eig(op, k, alg=Lanczos()) inside a jitted function with the number of eigenpairs k '
            "as a traced argument. cola's plum multiple dispatch has no method for a tracer in the int slot, "
            "so cola raises its own lookup error instead of a JAX one. Fix: static_argnames='k'. Both "
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'plum.resolver.NotFoundLookupError.'
        ),
    ),
    Case(
        id='lib-e-cola-custom-op-np-fft',
        source='https://cola.readthedocs.io/en/latest/notebooks/Adding_Linear_Operators.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import cola

class Circulant(cola.ops.LinearOperator):
    def __init__(self, c):
        super().__init__(dtype=c.dtype, shape=(c.shape[0], c.shape[0]))
        self.c = c

    def _matmat(self, X):
        fc = np.fft.fft(self.c)
        return jnp.real(jnp.fft.ifft(fc[:, None] * jnp.fft.fft(X, axis=0), axis=0))

@jax.jit
def apply(c, x):
    return Circulant(c) @ x

apply(jnp.array([2.0, -1.0, 0.0, -1.0]), jnp.ones(4))
""",
        kind='array-conversion', argument='c', path='c', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'User-defined cola LinearOperator (circulant) whose _matmat diagonalises with np.fft.fft on the '
            'stored column; applied inside a jitted function where c is traced. Fix: jnp.fft.fft. Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-e-cola-eig-keep-mask',
        source='https://cola.readthedocs.io/en/latest/notebooks/10_vmap_jit_grad.html',
        code="""\
import jax
import jax.numpy as jnp
import cola

B = jax.random.normal(jax.random.key(0), (6, 3))

@jax.jit
def pinv_solve(A, b):
    op = cola.SelfAdjoint(cola.lazify(A))
    vals, vecs = cola.linalg.eig(op, A.shape[0], alg=cola.linalg.Eig())
    V = vecs.to_dense()
    keep = jnp.abs(vals) > 1e-5
    Vk, lk = V[:, keep], vals[keep]
    return Vk @ ((Vk.T @ b) / lk)

pinv_solve(B @ B.T, jnp.ones(6))
""",
        kind='boolean-index', argument='A', path='A', line=13,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pseudo-inverse solve from cola.linalg.eig under jit: eigenpairs below a tolerance are dropped '
            'with a boolean mask, whose count depends on A. Fix: keep all eigenvectors and zero the inverted '
            'small eigenvalues, jnp.where(keep, 1/vals, 0) - same result. Both interpreters (py3.11/jax '
            '0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
]
