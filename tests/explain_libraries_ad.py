"""Held-out library cases (set ad): einx, deepxde, stheno.

How they were built: each cell is my own minimal reduction of a pattern a user of the
library meets (thread or docs page in `source`), written to a file and run with
/tmp/heldout15/venv_ad/bin/python (CPython 3.11.7; venv made with
--system-site-packages). Every statement but the last runs; the last raises. `line` and
`use_line` were read off the traceback frames of the file. Each first fix was applied by
hand to a copy of the cell and re-run (see `verifiable`). `argument` is None where the
offending value depends on no parameter of the traced user function.

Installed versions: einx 0.4.3, DeepXDE 1.15.0 (DDE_BACKEND=jax, set inside each cell),
stheno 1.4.2 (with backends/lab 1.9.0, mlkernels 0.4.0, plum-dispatch 2.10.1 from the
system site), jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8 (DeepXDE's jax nets),
equinox 0.13.8, optax 0.2.8 (pins kept on the install). Nothing was dropped: all three
candidate libraries installed and imported.

Library notes that shape the cases:
- einx 0.4 removed einx.vmap; custom ops go through einx.jax.adapt_with_vmap. Errors
  inside such an op (and inside compiled einx ops) are re-raised as
  einx.errors.CallOperationError *from* the JAX error; `line` is the user's line where the
  JAX error arose (the chained cause), the outer frame is the einx call.
- einx caches compiled graphs keyed on its keyword parameters, so a traced axis size fails
  while hashing (TypeError: unhashable type 'DynamicJaxprTracer'), not with a JAX error.
- stheno's logpdf/conditioning call lab's jit_to_numpy on a NaN mask of the observations,
  so any jax.jit over them fails unless observations are NumPy arrays (lab also switches
  JAX to float64).
- DeepXDE traces the user's pde(x, y[, unknowns]) inside its own jitted train step;
  `argument` names pde's parameter.

Doubts about labels:
- ad-einx-axis-size-arg: the exception is a plain TypeError raised by einx's cache
  hashing, so `unhashable-static`/`concretization` are arguable; kept traced-shape since
  the value is an axis size.
- ad-einx-sqrt-grid: int() raises ConcretizationTypeError, so `concretization` is
  defensible; kept integer-conversion (int() on a traced value). argument None because the
  value comes from a shape, not from tokens' values ('tokens' is arguable).
- ad-einx-vmap-if / -np-percentile / -mask: the final exception class is einx's
  CallOperationError; the JAX cause decides the kind. `line` could be read as 12/10/10
  (the outer frame of the einx call) instead of the op's line.
- ad-einx-attn-self-leak: argument 'q' is the first of q and k (both feed the weights).
- ad-einx-sizes-dict-static: 'static' via functools.partial/closure also works.
- ad-deepxde-math-exp-unknown: math.exp is not NumPy or a builtin; 'jnp-not-np' is the
  nearest label ('jnp-not-builtin' arguable).
- ad-deepxde-clamp-unknown: 'jnp-not-builtin' (jnp.maximum) is as good as jnp.where.
- ad-deepxde-residual-history-leak: argument could be 'y' (the residual depends on both;
  x is the first parameter).
- ad-deepxde-masked-residual: jnp.where changes the loss scale (mean over all points);
  argument 'x' since the mask depends only on x.
- ad-deepxde-net-as-jit-arg / ad-stheno-kernel-jit-arg: the 'static' fix here means
  closing over the object; the static_argnums form the message suggests fails with an
  unhashable-static error, so `verifiable` could be judged False.
- ad-deepxde-net-static-list: path could be just 'net'; the unhashable leaf is
  net.layer_sizes.
- ad-stheno-kernel-static: labelled 'static' (move the kernel out of the traced arguments
  via partial); stheno kernels cannot be made hashable, so 'hashable-static' does not apply.
- ad-stheno-jit-logpdf: raised inside stheno/lab, not user code; argument None because y
  is a closed-over constant that becomes a tracer only by staging. Using the library's
  own B.jit also works but is not in the fix vocabulary.
- ad-stheno-sample-count: the exception is plum's NotFoundLookupError (a dispatch
  failure), not a JAX error; `concretization` arguable. Calling f(x).sample(num) without
  a state sends the tracer into the state slot and yields a confusing PRNG-key error.
- ad-stheno-global-measure-leak: argument 'lengthscale' (the leaked kernel holds it).
- ad-stheno-float-noise: argument/path params['noise']; simply dropping float() is the
  obvious fix and is not in the vocabulary.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ad-einx-axis-size-arg',
        source='https://einx.readthedocs.io/en/latest/api/operations/misc/einx.id.html',
        code="""\
import jax
import jax.numpy as jnp
import einx

@jax.jit
def split_heads(x, heads):
    return einx.id("b t (h c) -> b h t c", x, h=heads)

x = jnp.ones((2, 5, 32))
out = split_heads(x, 4)
""",
        kind='traced-shape', argument='heads', path='heads', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The head count reaches einx as an axis-size keyword while it is a jit argument; einx hashes its parameters to look up a compiled graph and fails with TypeError (unhashable DynamicJaxprTracer) inside einx.id. Axis sizes must be Python ints, so mark heads static (static_argnums=1); checked.',
    ),
    Case(
        id='ad-einx-sqrt-grid',
        source='https://einx.readthedocs.io/en/latest/gettingstarted/commonnnops.html',
        code="""\
import jax
import jax.numpy as jnp
import einx

@jax.jit
def tokens_to_grid(tokens):
    side = int(jnp.sqrt(tokens.shape[1]))
    return einx.id("b (h w) c -> b h w c", tokens, h=side)

tokens = jnp.ones((2, 64, 8))
grid = tokens_to_grid(tokens)
""",
        kind='integer-conversion', argument=None, path=None, line=7,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="Computing the side of a square token grid with int(jnp.sqrt(n)) inside jit stages the sqrt, so int() of the result raises ConcretizationTypeError before einx.id gets its axis size; the value comes from a static shape, so use np.sqrt/math.isqrt; checked. JAX's astype hint does not fit.",
    ),
    Case(
        id='ad-einx-vmap-if',
        source='https://einx.readthedocs.io/en/latest/api/adapters/jax/einx.jax.adapt_with_vmap.html',
        code="""\
import jax
import jax.numpy as jnp
import einx

@einx.jax.adapt_with_vmap
def flip_if_negative(v):
    if v.sum() < 0:
        return -v
    return v

x = jax.random.normal(jax.random.PRNGKey(0), (2, 16, 3))
y = flip_if_negative("b [s] c -> b [s] c", x)
""",
        kind='bool-conversion', argument='v', path='v', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='An op adapted with einx.jax.adapt_with_vmap is run under jax.vmap, so a Python if on v.sum() raises TracerBoolConversionError, re-raised by einx as einx.errors.CallOperationError; jnp.where(v.sum() < 0, -v, v) keeps the result; checked.',
    ),
    Case(
        id='ad-einx-vmap-np-percentile',
        source='https://einx.readthedocs.io/en/latest/api/adapters/jax/einx.jax.adapt_with_vmap.html',
        code="""\
import jax
import numpy as np
import einx

@einx.jax.adapt_with_vmap
def robust_max(v):
    return np.percentile(v, 95)

x = jax.random.normal(jax.random.PRNGKey(0), (2, 16, 3))
pooled = robust_max("b [s] c -> b c", x)
""",
        kind='array-conversion', argument='v', path='v', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A NumPy reduction (np.percentile) inside an op adapted with einx.jax.adapt_with_vmap receives a BatchTracer, raising TracerArrayConversionError wrapped in einx.errors.CallOperationError; jnp.percentile is the drop-in fix; checked.',
    ),
    Case(
        id='ad-einx-vmap-mask',
        source='https://einx.readthedocs.io/en/latest/api/adapters/jax/einx.jax.adapt_with_vmap.html',
        code="""\
import jax
import jax.numpy as jnp
import einx

@einx.jax.adapt_with_vmap
def positive_mean(v):
    return v[v > 0].mean()

x = jax.random.normal(jax.random.PRNGKey(0), (2, 16, 3))
pooled = positive_mean("b [s] c -> b c", x)
""",
        kind='boolean-index', argument='v', path='v', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Selecting positive entries with v[v > 0] inside a vmapped einx op is data-dependent shape, so JAX raises NonConcreteBooleanIndexError (wrapped in einx.errors.CallOperationError); a masked sum jnp.where(v > 0, v, 0).sum() / (v > 0).sum() gives the same mean; checked.',
    ),
    Case(
        id='ad-einx-pattern-arg',
        source='https://einx.readthedocs.io/en/latest/gettingstarted/jit.html',
        code="""\
import jax
import jax.numpy as jnp
import einx

@jax.jit
def pool(pattern, x):
    return einx.mean(pattern, x)

x = jnp.ones((2, 8, 8, 3))
out = pool("b [h w] c", x)
""",
        kind='non-array-argument', argument='pattern', path='pattern', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A generic jitted helper takes the einx pattern string as an ordinary argument, and jit refuses it with TypeError (cannot interpret str as an abstract array); marking pattern static (static_argnums=0), as the message suggests, works; checked.',
    ),
    Case(
        id='ad-einx-sizes-dict-static',
        source='https://einx.readthedocs.io/en/latest/api/operations/misc/einx.id.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import einx

@partial(jax.jit, static_argnames="sizes")
def unpatch(x, sizes):
    return einx.id("b (h w) (p q c) -> b (h p) (w q) c", x, **sizes)

x = jnp.ones((2, 16, 48))
img = unpatch(x, sizes={"h": 4, "p": 4, "q": 4})
""",
        kind='unhashable-static', argument='sizes', path='sizes', line=11,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Axis sizes for einx are bundled in a dict and marked static; jit raises ValueError (non-hashable static argument, caused by TypeError unhashable dict). Passing a tuple of (name, size) pairs and rebuilding the dict inside keeps them static and hashable; checked.',
    ),
    Case(
        id='ad-einx-attn-self-leak',
        source='https://einx.readthedocs.io/en/latest/gettingstarted/commonnnops.html',
        code="""\
import jax
import jax.numpy as jnp
import einx

class Attention:
    def __init__(self, heads):
        self.heads = heads
        self.weights = None

    def __call__(self, q, k):
        attn = einx.dot("b q (h c), b k (h c) -> b q k h", q, k, h=self.heads)
        attn = einx.softmax("b q [k] h", attn / 4.0)
        self.weights = attn
        return attn

q = jnp.ones((2, 5, 16))
attention = Attention(heads=4)
out = jax.jit(attention)(q, q)
peak = einx.max("b q [k] h", attention.weights)
""",
        kind='leaked-tracer', argument='q', path='q', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=19,
        note='A small einx attention class keeps its softmax weights on self for inspection; under jax.jit the stored value is a tracer, and the later einx.max on attention.weights raises UnexpectedTracerError (wrapped in einx.errors.CallOperationError). Returning the weights instead of storing them fixes it; checked.',
    ),
    Case(
        id='ad-deepxde-np-source',
        source='https://github.com/lululxvi/deepxde/pull/1593',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
import deepxde as dde
import numpy as np

def pde(x, y):
    dy_xx, _ = dde.grad.hessian(y, x)
    return -dy_xx - np.pi**2 * np.sin(np.pi * x)

geom = dde.geometry.Interval(-1, 1)
bc = dde.icbc.DirichletBC(geom, lambda x: 0, lambda x, on_b: on_b)
data = dde.data.PDE(geom, pde, bc, 16, 2, num_test=20)
model = dde.Model(data, dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform"))
model.compile("adam", lr=1e-3)
model.train(iterations=10)
""",
        kind='array-conversion', argument='x', path='x', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="With DDE_BACKEND=jax the residual function is traced inside DeepXDE's jitted training step, so np.sin on the collocation points x raises TracerArrayConversionError; the JAX examples use jnp.sin instead; checked.",
    ),
    Case(
        id='ad-deepxde-math-exp-unknown',
        source='https://github.com/lululxvi/deepxde/pull/763',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
import math
import deepxde as dde
import jax.numpy as jnp

log_k = dde.Variable(0.0)

def pde(x, y, unknowns=[log_k]):
    k = math.exp(unknowns[0])
    dy_xx, _ = dde.grad.hessian(y, x)
    return -k * dy_xx - jnp.sin(jnp.pi * x)

geom = dde.geometry.Interval(-1, 1)
bc = dde.icbc.DirichletBC(geom, lambda x: 0, lambda x, on_b: on_b)
data = dde.data.PDE(geom, pde, bc, 16, 2, num_test=20)
model = dde.Model(data, dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform"))
model.compile("adam", lr=1e-3, external_trainable_variables=[log_k])
model.train(iterations=10)
""",
        kind='concretization', argument='unknowns', path='unknowns[0]', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="In a JAX inverse problem DeepXDE passes the trainable dde.Variable values to pde as unknowns, traced; math.exp needs a Python float and raises ConcretizationTypeError (float). jnp.exp keeps it differentiable; checked. JAX's astype hint does not fit.",
    ),
    Case(
        id='ad-deepxde-clamp-unknown',
        source='https://github.com/lululxvi/deepxde/pull/763',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
import deepxde as dde
import jax.numpy as jnp

k = dde.Variable(1.0)

def pde(x, y, unknowns=[k]):
    k_ = unknowns[0]
    if k_ < 0.01:
        k_ = 0.01
    dy_xx, _ = dde.grad.hessian(y, x)
    return -k_ * dy_xx - jnp.sin(jnp.pi * x)

geom = dde.geometry.Interval(-1, 1)
bc = dde.icbc.DirichletBC(geom, lambda x: 0, lambda x, on_b: on_b)
data = dde.data.PDE(geom, pde, bc, 16, 2, num_test=20)
model = dde.Model(data, dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform"))
model.compile("adam", lr=1e-3, external_trainable_variables=[k])
model.train(iterations=10)
""",
        kind='bool-conversion', argument='unknowns', path='unknowns[0]', line=10,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Clamping the traced unknown coefficient with a Python if inside the residual raises TracerBoolConversionError during DeepXDE's jitted training step; jnp.where(k_ < 0.01, 0.01, k_) (or jnp.maximum) keeps the clamp; checked.",
    ),
    Case(
        id='ad-deepxde-residual-history-leak',
        source='https://deepxde.readthedocs.io/en/latest/demos/pinn_forward/poisson.1d.dirichlet.html',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
import deepxde as dde
import jax.numpy as jnp

history = []

def pde(x, y):
    dy_xx, _ = dde.grad.hessian(y, x)
    residual = -dy_xx - jnp.sin(jnp.pi * x)
    history.append(residual)
    return residual

geom = dde.geometry.Interval(-1, 1)
bc = dde.icbc.DirichletBC(geom, lambda x: 0, lambda x, on_b: on_b)
data = dde.data.PDE(geom, pde, bc, 16, 2, num_test=20)
model = dde.Model(data, dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform"))
model.compile("adam", lr=1e-3)
model.train(iterations=10, display_every=10)
worst = jnp.max(jnp.abs(history[-1]))
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=20,
        note='The residual is appended to a global list from inside pde, which DeepXDE traces under jit; after training, jnp.abs on history[-1] raises UnexpectedTracerError. The residual should be obtained as a returned value, e.g. model.predict(points, operator=pde); checked that this runs, but it is not a one-line edit.',
    ),
    Case(
        id='ad-deepxde-masked-residual',
        source='https://deepxde.readthedocs.io/en/latest/demos/pinn_forward/poisson.1d.dirichlet.html',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
import deepxde as dde
import jax.numpy as jnp

def pde(x, y):
    dy_xx, _ = dde.grad.hessian(y, x)
    residual = -dy_xx - 1.0
    inside = jnp.abs(x[:, 0]) < 0.5
    return residual[inside]

geom = dde.geometry.Interval(-1, 1)
bc = dde.icbc.DirichletBC(geom, lambda x: 0, lambda x, on_b: on_b)
data = dde.data.PDE(geom, pde, bc, 16, 2, num_test=20)
model = dde.Model(data, dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform"))
model.compile("adam", lr=1e-3)
model.train(iterations=10)
""",
        kind='boolean-index', argument='x', path='x', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Restricting the PDE residual to a subregion with residual[mask] inside the traced pde raises NonConcreteBooleanIndexError; zeroing the outside points with jnp.where(inside[:, None], residual, 0.0) keeps a static shape (the mean loss is rescaled by the fraction of points kept); checked.',
    ),
    Case(
        id='ad-deepxde-net-as-jit-arg',
        source='https://deepxde.readthedocs.io/en/latest/modules/deepxde.nn.jax.html',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
import jax
import jax.numpy as jnp
import deepxde as dde

net = dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform")
params = net.init(jax.random.PRNGKey(0), jnp.zeros((1, 1)))

@jax.jit
def predict(net, params, x):
    return net.apply(params, x)

u = predict(net, params, jnp.linspace(-1, 1, 50)[:, None])
""",
        kind='non-array-argument', argument='net', path='net', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The DeepXDE FNN (a Flax module) is passed to a jitted prediction helper as a normal argument, and jit raises TypeError (not a valid abstract array). Closing over net (taking it out of the traced arguments) works; checked. The message's static_argnums hint fails here because the net with list layer sizes is unhashable.",
    ),
    Case(
        id='ad-deepxde-net-static-list',
        source='https://deepxde.readthedocs.io/en/latest/modules/deepxde.nn.jax.html',
        code="""\
import os
os.environ["DDE_BACKEND"] = "jax"
from functools import partial
import jax
import jax.numpy as jnp
import deepxde as dde

net = dde.nn.FNN([1, 20, 1], "tanh", "Glorot uniform")
params = net.init(jax.random.PRNGKey(0), jnp.zeros((1, 1)))

@partial(jax.jit, static_argnums=0)
def predict(net, params, x):
    return net.apply(params, x)

u = predict(net, params, jnp.linspace(-1, 1, 50)[:, None])
""",
        kind='unhashable-static', argument='net', path='net.layer_sizes', line=15,
        fixes=('hashable-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Marking the DeepXDE FNN static fails with ValueError (non-hashable static argument) because Flax hashes its fields and layer_sizes is a list; building the net with a tuple of layer sizes makes it hashable; checked. Closing over net also works.',
    ),
    Case(
        id='ad-stheno-jit-logpdf',
        source='https://github.com/wesselb/stheno/issues/21',
        code="""\
import jax
import jax.numpy as jnp
from stheno.jax import GP, EQ

x = jnp.linspace(0, 5, 10)
y = jnp.sin(x)

def loss(lengthscale):
    return GP(EQ().stretch(lengthscale))(x, 0.1).logpdf(y)

grad_fn = jax.jit(jax.grad(loss))
g = grad_fn(jnp.array(1.0))
""",
        kind='array-conversion', argument=None, path=None, line=9,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="Stheno's Normal.logpdf checks observations for NaNs through lab's jit_to_numpy; under jax.jit(jax.grad(loss)) the upranked y is staged, so the library's own conversion raises TracerArrayConversionError even though y is a closed-over constant. Keeping x and y as NumPy arrays makes the check concrete; checked.",
    ),
    Case(
        id='ad-stheno-global-measure-leak',
        source='https://github.com/wesselb/stheno#prior-and-posterior-measures',
        code="""\
import jax
import numpy as np
from stheno.jax import GP, EQ, Measure

x = np.linspace(0, 5, 20)
y = np.sin(x)
prior = Measure()

@jax.jit
def nlml(lengthscale):
    f = GP(EQ().stretch(lengthscale), measure=prior)
    return -f(x, 0.1).logpdf(y)

nlml(1.0)
f = prior.ps[0]
post = prior | (f(x, 0.1), y)
mean = post(f(x)).mean
""",
        kind='leaked-tracer', argument='lengthscale', path='lengthscale', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=17,
        note='A GP built inside a jitted objective is registered on a global stheno Measure, so the Measure keeps a GP whose kernel holds a tracer; conditioning and predicting with that measure afterwards raises UnexpectedTracerError. Build the model outside the trace from the returned/learned parameters instead; checked, but it needs restructuring.',
    ),
    Case(
        id='ad-stheno-kernel-jit-arg',
        source='https://github.com/wesselb/stheno#kernels-and-means',
        code="""\
import jax
import numpy as np
from stheno.jax import GP, Matern52

x = np.linspace(0, 5, 20)
y = np.sin(x)

@jax.jit
def nlml(kernel, noise):
    return -GP(kernel)(x, noise).logpdf(y)

value = nlml(Matern52().stretch(0.5), 0.1)
""",
        kind='non-array-argument', argument='kernel', path='kernel', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A stheno kernel object is passed to a jitted objective as an argument and jit raises TypeError (StretchedKernel is not a valid abstract array). Closing over the kernel (functools.partial) works; checked. The suggested static_argnums fails because kernels are unhashable.',
    ),
    Case(
        id='ad-stheno-kernel-static',
        source='https://github.com/wesselb/stheno#kernels-and-means',
        code="""\
from functools import partial
import jax
import numpy as np
from stheno.jax import GP, Matern52

x = np.linspace(0, 5, 20)
y = np.sin(x)

@partial(jax.jit, static_argnums=0)
def nlml(kernel, noise):
    return -GP(kernel)(x, noise).logpdf(y)

value = nlml(Matern52().stretch(0.5), 0.1)
""",
        kind='unhashable-static', argument='kernel', path='kernel', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Marking the stheno kernel static raises ValueError (non-hashable static argument; kernels define symbolic equality and are unhashable). Binding the kernel with functools.partial outside jit keeps it out of the traced arguments; checked.',
    ),
    Case(
        id='ad-stheno-sample-count',
        source='https://github.com/wesselb/stheno#finite-dimensional-distributions',
        code="""\
import jax
import numpy as np
import lab.jax as B
from stheno.jax import GP, EQ

x = np.linspace(0, 5, 20)
state = B.create_random_state(np.float64, 0)

@jax.jit
def draw(lengthscale, num):
    _, samples = GP(EQ().stretch(lengthscale))(x).sample(state, num)
    return samples

paths = draw(1.0, 5)
""",
        kind='traced-shape', argument='num', path='num', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The number of sample paths is a jit argument; stheno's Normal.sample dispatches on num being a Python int, so plum raises NotFoundLookupError for the tracer. The count sets an output shape, so mark num static (static_argnums=1); checked.",
    ),
    Case(
        id='ad-stheno-kernel-index-vmap',
        source='https://github.com/wesselb/stheno#kernels-and-means',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from stheno.jax import GP, EQ, Matern12, Matern52

x = np.linspace(0, 5, 20)
y = np.sin(x)
kernels = [EQ(), Matern12(), Matern52()]

def evidence(i):
    return GP(kernels[i])(x, 0.1).logpdf(y)

scores = jax.vmap(evidence)(jnp.arange(3))
""",
        kind='integer-conversion', argument='i', path='i', line=11,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Comparing kernels by vmapping over an index into a Python list of stheno kernels raises TracerIntegerConversionError at kernels[i]; jax.lax.switch over one branch per kernel works under vmap; checked. A Python loop over the kernels (static index) also works.',
    ),
    Case(
        id='ad-stheno-float-noise',
        source='https://github.com/wesselb/stheno#hyperparameter-optimisation-with-pytorch',
        code="""\
import jax
import numpy as np
from stheno.jax import GP, EQ

x = np.linspace(0, 5, 20)
y = np.sin(x)

def nlml(params):
    f = GP(params["var"] * EQ().stretch(params["ls"]))
    return -f(x, float(params["noise"])).logpdf(y)

params = {"var": 1.0, "ls": 0.5, "noise": 0.1}
grads = jax.grad(nlml)(params)
""",
        kind='concretization', argument='params', path="params['noise']", line=10,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="Passing float(params['noise']) as the observation noise inside a loss differentiated with jax.grad raises ConcretizationTypeError (float). Dropping the conversion or using .astype(float), as JAX's message suggests, works; checked.",
    ),
]
