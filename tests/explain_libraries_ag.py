"""Held-out library cases (set ag): phiml, orthax, nifty8 (nifty8.re).

How they were built: each cell is my own reduction of a pattern users of the
library meet, written against the installed sources (phiml/math/_functional.py,
_tensors.py; orthax/chebyshev.py, polyutils.py, _utils.py; nifty8/re/model.py,
conjugate_gradient.py, custom_map.py) and the libraries' docs/README pages
(ΦML JIT / Limitations / Autodiff notebooks, orthax README and docs, NIFTy
README). I found no library issue threads showing these exact patterns in the
search corpora, so sources are doc/README pages. Every cell was run as a file
with /tmp/heldout17/venv_ag/bin/python (CPython 3.11.7): all statements but the
last run, the last raises; `line`/`use_line` were read off the traceback. Each
first fix was applied by hand and the fixed cell re-run (all run cleanly).

Installed: phiml 1.16.1 (math.use('jax')), orthax 0.2.11, nifty8 8.5.7
(nifty8.re), jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8 (orthax
dependency), flax 0.12.8, optax 0.2.8 (pins kept).

Dropped: nothing at the library level (all three candidates installed and
imported). Cases dropped while building: a phiml Tensor passed to plain jax.jit
(non-array-argument; no fix in the vocabulary fits, the real fix is
math.jit_compile), an orthax np.tanh array-conversion (kind already covered),
a nifty "model.domain (ShapeWithDtype) passed to a jitted likelihood" case
(fix outside the vocabulary). orthax.recurrence.generate_recurrence was avoided
because it needs quadax (excluded list).

Vocabulary notes: for phiml, `jnp.where` means phiml's math.where and `static`
means jit_compile(auxiliary_args=...). Note that phiml's jit_compile traces plain
Python ints/floats too, so ag-phiml-range-steps / ag-phiml-traced-resolution fail
even though the user passes a Python int.

Doubts about labels:
- ag-phiml-if-normalize: the exception is phiml's own AssertionError from
  Tensor.__bool__, not a JAX error; math.clip / math.minimum would also do.
- ag-phiml-float-loss: 'return-value' (return the loss and print outside, which
  math.gradient(get_output=True) already does) is an equally good first fix.
- ag-phiml-range-steps: traced-shape is defensible (a loop count); the raise is
  TracerIntegerConversionError from range(). argument is the user's parameter
  although phiml names it natives[1] in the message.
- ag-phiml-traced-resolution: raised by int() inside phiml's shape code, so
  integer-conversion is defensible.
- ag-phiml-mask-index: the jnp.where fix rewrites two lines (mean of a masked
  sum), so verifiable could be argued False.
- ag-phiml-self-leak: argument could be None (flux depends on u, so I chose u).
- ag-orthax-traced-degree: JAX raises the unhashable-static ValueError (a tracer
  reaches a static argument), so unhashable-static is defensible; I chose
  traced-shape because the root cause is a traced degree that sizes the fit.
- ag-orthax-chebpts-traced: orthax calls int(npts) -> integer-conversion or
  concretization are defensible; the value is an output size.
- ag-orthax-trimcoef-jit: concretization is defensible (the raise is a
  ConcretizationTypeError from jnp.nonzero inside orthax); the user cannot pass
  size=, and 'static' (trim outside jit on concrete values) is also acceptable.
- ag-orthax-global-cache: argument could be 'y' as well; x is the first.
- ag-nifty-array-field: raised at the second call while comparing treedef
  metadata; argument could be None since nothing is traced. The message hints
  that arrays cannot be metadata, which some would count as jax_fitting_fix.
- ag-nifty-self-leak: fix is not a mechanical edit of one line, so verifiable
  False; argument could be None.
- ag-nifty-cg-in-jit: no vocabulary entry says "use the library's jittable
  variant"; I mapped jft.static_cg to 'lax.while_loop'. Kind could be
  bool-conversion for other inputs (nifty's `if` checks), here it is float().
- ag-nifty-band-index: stacking the bands into an array and indexing with the
  traced band (JAX-array indexing) keeps one compiled function and is arguably
  the best first fix, but it is not in the vocabulary.
- ag-nifty-smap-dict-axes: argument None (the value is a literal, not traced).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ag-phiml-if-normalize',
        source='https://tum-pbs.github.io/PhiML/JIT.html',
        code="""\
from phiml import math
from phiml.math import spatial

math.use('jax')


@math.jit_compile
def relax(u, dt):
    peak = math.max(abs(u))
    if peak > 1.0:
        u = u / peak
    return u + dt * math.laplace(u)


u0 = math.random_normal(spatial(x=32))
relax(u0, 0.1)
""",
        kind='bool-conversion', argument='u', path='u', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Python `if` on a reduced phiml Tensor inside math.jit_compile (jax backend); phiml's own Tensor.__bool__ raises AssertionError while tracing (its hint, Tensor.all, would still fail under the trace). Fix: phiml's math.where (the jnp.where equivalent) on the same line; checked.",
    ),
    Case(
        id='ag-phiml-float-loss',
        source='https://tum-pbs.github.io/PhiML/Autodiff.html',
        code="""\
from phiml import math
from phiml.math import spatial

math.use('jax')


def loss(w, data):
    value = math.l2_loss(w - data)
    print(f"loss = {float(value):.4f}")
    return value


data = math.random_normal(spatial(x=16))
grad_fn = math.gradient(loss, wrt='w', get_output=False)
grad_fn(math.zeros(spatial(x=16)), data)
""",
        kind='concretization', argument='w', path='w', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="float() on the loss value for logging inside a loss differentiated with math.gradient(wrt='w'); JAX raises ConcretizationTypeError. Fix: jax.debug.print on value.native(); checked.",
    ),
    Case(
        id='ag-phiml-range-steps',
        source='https://tum-pbs.github.io/PhiML/JIT.html',
        code="""\
from phiml import math
from phiml.math import spatial

math.use('jax')


@math.jit_compile
def simulate(u, n_steps):
    for _ in range(n_steps):
        u = u + 0.1 * math.laplace(u)
    return u


u0 = math.random_normal(spatial(x=32))
simulate(u0, 5)
""",
        kind='integer-conversion', argument='n_steps', path='n_steps', line=9,
        fixes=('static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note="Step count passed as a plain Python int to math.jit_compile is still turned into a traced tensor by phiml, so range(n_steps) raises TracerIntegerConversionError. Fix: declare it with jit_compile(auxiliary_args='n_steps') (phiml's static option); checked. A traced loop (lax.fori_loop / math.iterate) also works.",
    ),
    Case(
        id='ag-phiml-numpy-in-jit',
        source='https://tum-pbs.github.io/PhiML/JIT.html',
        code="""\
import numpy as np
from phiml import math
from phiml.math import spatial

math.use('jax')


@math.jit_compile
def smooth(u):
    values = u.numpy('x')
    kernel = np.array([0.25, 0.5, 0.25])
    smoothed = np.convolve(values, kernel, mode='same')
    return math.tensor(smoothed, spatial('x'))


smooth(math.random_normal(spatial(x=32)))
""",
        kind='array-conversion', argument='u', path='u', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Tensor.numpy() inside a jit-compiled phiml function asks for a NumPy array of a tracer; JAX raises TracerArrayConversionError. Fix: .native() plus jnp.convolve instead of np; checked.',
    ),
    Case(
        id='ag-phiml-mask-index',
        source='https://tum-pbs.github.io/PhiML/JIT.html',
        code="""\
from phiml import math
from phiml.math import spatial

math.use('jax')


@math.jit_compile
def positive_mean(u):
    kept = u[u > 0]
    return math.mean(kept)


positive_mean(math.random_normal(spatial(x=32)))
""",
        kind='boolean-index', argument='u', path='u', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Boolean-mask indexing u[u > 0] of a phiml Tensor under jit_compile reaches JAX boolean indexing; JAX raises NonConcreteBooleanIndexError. Fix: masked sum via math.where divided by the mask count (same result); checked.',
    ),
    Case(
        id='ag-phiml-traced-resolution',
        source='https://tum-pbs.github.io/PhiML/JIT.html',
        code="""\
from phiml import math
from phiml.math import spatial

math.use('jax')


@math.jit_compile
def upsample(u, factor):
    fine = math.zeros(spatial(x=u.shape.get_size('x') * factor))
    return fine + math.mean(u)


u0 = math.random_normal(spatial(x=16))
upsample(u0, 2)
""",
        kind='traced-shape', argument='factor', path='factor', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An upsampling factor (plain int, but traced by phiml's jit_compile) is used to size a new spatial dimension; int() inside phiml's shape code raises ConcretizationTypeError. Fix: jit_compile(auxiliary_args='factor'); checked.",
    ),
    Case(
        id='ag-phiml-self-leak',
        source='https://tum-pbs.github.io/PhiML/Limitations.html',
        code="""\
from phiml import math
from phiml.math import spatial

math.use('jax')


class Diffusion:
    def __init__(self):
        self.last_flux = None
        self.step = math.jit_compile(self._step)

    def _step(self, u):
        flux = math.spatial_gradient(u)
        self.last_flux = flux
        return u + 0.1 * math.laplace(u)


sim = Diffusion()
u = sim.step(math.random_normal(spatial(x=32)))
math.sum(sim.last_flux ** 2)
""",
        kind='leaked-tracer', argument='u', path='u', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="A jit-compiled method stores an intermediate (flux) on self; using it after the call raises UnexpectedTracerError. Fix: return the flux as a second output; checked. JAX's message says to return outputs explicitly.",
        use_line=20,
    ),
    Case(
        id='ag-orthax-list-degrees',
        source='https://orthax.readthedocs.io/',
        code="""\
import jax.numpy as jnp
from orthax import chebyshev as C

x = jnp.linspace(-1.0, 1.0, 50)
y = x ** 3 - 0.5 * x
C.chebfit(x, y, [1, 3])
""",
        kind='unhashable-static', argument=None, path=None, line=6,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="chebfit declares deg static; passing a list of selected degrees (as numpy.polynomial allows) gives ValueError 'Non-hashable static arguments'. Fix: a tuple (1, 3); checked.",
    ),
    Case(
        id='ag-orthax-traced-degree',
        source='https://orthax.readthedocs.io/',
        code="""\
import jax
import jax.numpy as jnp
from orthax import legendre as L


@jax.jit
def fit_and_eval(x, y, deg):
    coef = L.legfit(x, y, deg)
    return L.legval(x, coef)


x = jnp.linspace(-1.0, 1.0, 40)
fit_and_eval(x, jnp.sin(3 * x), 5)
""",
        kind='traced-shape', argument='deg', path='deg', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The fit degree is an argument of the user's jax.jit function and so a tracer; handing it to legfit's static deg raises ValueError (unhashable DynamicJaxprTracer). The degree fixes the coefficient count. Fix: static_argnames='deg' on the user's jit; checked.",
    ),
    Case(
        id='ag-orthax-chebpts-traced',
        source='https://orthax.readthedocs.io/',
        code="""\
import jax
import jax.numpy as jnp
from orthax import chebyshev as C


def interp_error(npts):
    nodes = C.chebpts2(npts)
    coef = C.chebfit(nodes, jnp.exp(nodes), 6)
    return jnp.max(jnp.abs(C.chebval(nodes, coef) - jnp.exp(nodes)))


jax.vmap(interp_error)(jnp.array([8, 16, 32]))
""",
        kind='traced-shape', argument='npts', path='npts', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='vmap over the number of Chebyshev nodes: chebpts2 calls int(npts) to size its output, raising ConcretizationTypeError inside orthax. Fix: keep npts a Python int (loop over the sizes instead of vmap); checked.',
    ),
    Case(
        id='ag-orthax-trimcoef-jit',
        source='https://github.com/f0uriest/orthax',
        code="""\
import jax
import jax.numpy as jnp
from orthax import polyutils as pu
from orthax import chebyshev as C


@jax.jit
def compress(c):
    return pu.trimcoef(c, tol=1e-8)


coef = C.chebinterpolate(jnp.cos, 20)
compress(coef)
""",
        kind='boolean-index', argument='c', path='c', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='trimcoef under jax.jit calls jnp.nonzero without size, so JAX raises ConcretizationTypeError (data-dependent output length; the README warns trailing zeros are not trimmed). Fix: zero the small coefficients with jnp.where, keeping the length; checked.',
    ),
    Case(
        id='ag-orthax-vmap-if',
        source='https://orthax.readthedocs.io/',
        code="""\
import jax
import jax.numpy as jnp
from orthax import chebyshev as C

inner = jnp.array([1.0, 0.5, 0.25])
outer = jnp.array([0.0, 1.0])


def piecewise(x):
    if jnp.abs(x) <= 1.0:
        return C.chebval(x, inner)
    return C.chebval(1.0 / x, outer)


jax.vmap(piecewise)(jnp.linspace(-3.0, 3.0, 7))
""",
        kind='bool-conversion', argument='x', path='x', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Piecewise Chebyshev surrogate with a Python `if` on |x| <= 1, mapped with jax.vmap; TracerBoolConversionError. Fix: jnp.where over both chebval branches; checked.',
    ),
    Case(
        id='ag-orthax-global-cache',
        source='https://orthax.readthedocs.io/',
        code="""\
import jax
import jax.numpy as jnp
from orthax import chebyshev as C

_fit_cache = {}


@jax.jit
def fitted_values(x, y):
    coef = C.chebfit(x, y, 4)
    _fit_cache['coef'] = coef
    return C.chebval(x, coef)


x = jnp.linspace(-1.0, 1.0, 30)
fitted_values(x, jnp.tanh(2 * x))
C.chebder(_fit_cache['coef'])
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Fitted Chebyshev coefficients are cached in a module-level dict from inside jax.jit; passing the cached value to chebder later raises UnexpectedTracerError. Fix: return coef from the jitted function; checked.',
        use_line=17,
    ),
    Case(
        id='ag-orthax-family-string',
        source='https://orthax.readthedocs.io/',
        code="""\
import jax
import jax.numpy as jnp
import orthax

FAMILIES = {'legendre': orthax.recurrence.Legendre(), 'chebyshev': orthax.recurrence.ChebyshevT()}


@jax.jit
def evaluate(x, c, family):
    rec = FAMILIES[family]
    return orthax.orthval(x, c, rec)


x = jnp.linspace(-1.0, 1.0, 9)
evaluate(x, jnp.array([1.0, 0.0, 2.0]), 'legendre')
""",
        kind='non-array-argument', argument='family', path='family', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A polynomial-family name (str) chosen at run time is passed to a jax.jit function that looks up an orthax recurrence; jit raises TypeError (not a valid JAX type). Fix: static_argnames='family', as the message suggests; checked.",
    ),
    Case(
        id='ag-nifty-model-if',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax.numpy as jnp
import nifty8.re as jft


def sky(p):
    if p['tilt'] > 0:
        return jnp.exp(p['log_amp']) * (1.0 + p['tilt'])
    return jnp.exp(p['log_amp'])


domain = {'log_amp': jft.ShapeWithDtype((64,)), 'tilt': jft.ShapeWithDtype(())}
jft.Model(sky, domain=domain)
""",
        kind='bool-conversion', argument='p', path="p['tilt']", line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="jft.Model traces the user's forward function with eval_shape at construction to infer the target; a Python `if` on a latent scalar raises TracerBoolConversionError there. Fix: jnp.where; checked.",
    ),
    Case(
        id='ag-nifty-array-field',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax
import jax.numpy as jnp
import nifty8.re as jft


class Exposure(jft.Model):
    def __init__(self, exposure):
        self.exposure = exposure
        super().__init__(domain=jft.ShapeWithDtype((32,)))

    def __call__(self, xi):
        return self.exposure * jnp.exp(xi)


@jax.jit
def expected_counts(model, xi):
    return model(xi).sum()


expected_counts(Exposure(jnp.linspace(0.5, 2.0, 32)), jnp.zeros(32))
expected_counts(Exposure(jnp.linspace(0.5, 3.0, 32)), jnp.zeros(32))
""",
        kind='unhashable-static', argument='model', path='model.exposure', line=21,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='Attributes of a jft.Model subclass are static pytree metadata unless declared field(metadata=dict(static=False)); an array attribute works for the first jit call, but a second model makes JAX compare the metadata and raise ValueError (arrays cannot be metadata). Fix: declare exposure non-static; checked.',
    ),
    Case(
        id='ag-nifty-self-leak',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax.numpy as jnp
import nifty8.re as jft


class Sky(jft.Model):
    def __init__(self):
        self.last_sky = None
        super().__init__(domain=jft.ShapeWithDtype((16,)))

    def __call__(self, xi):
        s = jnp.exp(xi)
        self.last_sky = s
        return s


model = Sky()
flux = jnp.sum(model.last_sky)
""",
        kind='leaked-tracer', argument='xi', path='xi', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note='A jft.Model subclass caches its output on self inside __call__; the eval_shape trace at construction stores a tracer, and using model.last_sky raises UnexpectedTracerError. Fix: do not store, evaluate/return the value (rewrite of the use line; checked, not mechanical).',
        use_line=17,
    ),
    Case(
        id='ag-nifty-cg-in-jit',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax
import jax.numpy as jnp
import nifty8.re as jft

signal_var = 2.0
noise_var = 0.5


@jax.jit
def wiener_mean(data):
    curvature = lambda x: x / signal_var + x / noise_var
    mean, _ = jft.cg(curvature, data / noise_var, maxiter=50)
    return mean


wiener_mean(jnp.ones(20))
""",
        kind='concretization', argument='data', path='data', line=12,
        fixes=('lax.while_loop',), verifiable=True, jax_fitting_fix=False,
        note="jft.cg is the Python-loop CG that calls float() on residual energies; inside jax.jit it raises ConcretizationTypeError in nifty's code. Fix: jft.static_cg, the lax.while_loop-based variant; checked.",
    ),
    Case(
        id='ag-nifty-numpy-model',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import numpy as np
import jax.numpy as jnp
import nifty8.re as jft


def log_normal_sky(xi):
    return np.exp(0.3 * xi + 1.0)


sky = jft.Model(log_normal_sky, domain=jft.ShapeWithDtype((64,)))
""",
        kind='array-conversion', argument='xi', path='xi', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.exp in a forward model handed to jft.Model; the construction-time eval_shape trace raises TracerArrayConversionError. Fix: jnp.exp; checked.',
    ),
    Case(
        id='ag-nifty-band-index',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax
import jax.numpy as jnp
import nifty8.re as jft

band_data = [jnp.full(16, 3.0), jnp.full(16, 5.0)]
model = jft.Model(lambda xi: jnp.exp(xi), domain=jft.ShapeWithDtype((16,)))


@jax.jit
def band_energy(xi, band):
    lik = jft.Gaussian(band_data[band], noise_cov_inv=lambda r: r / 0.1).amend(model)
    return lik(xi)


band_energy(jnp.zeros(16), 1)
""",
        kind='integer-conversion', argument='band', path='band', line=11,
        fixes=('static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note="A jitted energy picks per-band data from a Python list with a traced band index before building a jft.Gaussian likelihood; TracerIntegerConversionError. Fix: static_argnames='band' (or stack the data / lax.switch); checked.",
    ),
    Case(
        id='ag-nifty-smap-dict-axes',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax.numpy as jnp
import nifty8.re as jft


def forward(xi, cfg):
    return cfg['amp'] * jnp.exp(xi) + cfg['offset']


cfg = {'amp': 2.0, 'offset': 0.1}
batched = jft.smap(forward, in_axes=(0, {'amp': None, 'offset': None}))
batched(jnp.zeros((4, 8)), cfg)
""",
        kind='unhashable-static', argument=None, path=None, line=11,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="jft.smap (sequential vmap) jits with in_axes static; a vmap-style in_axes containing a dict for a config pytree is unhashable, ValueError 'Non-hashable static arguments'. Fix: a hashable in_axes (0, None); checked.",
    ),
    Case(
        id='ag-nifty-callable-noise',
        source='https://github.com/NIFTy-PPL/NIFTy',
        code="""\
import jax
import jax.numpy as jnp
import nifty8.re as jft

data = jnp.full(16, 2.0)
model = jft.Model(lambda xi: jnp.exp(xi), domain=jft.ShapeWithDtype((16,)))


@jax.jit
def energy(xi, noise_cov_inv):
    lik = jft.Gaussian(data, noise_cov_inv=noise_cov_inv).amend(model)
    return lik(xi)


energy(jnp.zeros(16), lambda r: r / 0.25)
""",
        kind='non-array-argument', argument='noise_cov_inv', path='noise_cov_inv', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The inverse noise covariance callable for jft.Gaussian is passed as an argument of a jax.jit energy; jit raises TypeError (function is not a valid JAX type). Fix: static_argnames='noise_cov_inv' as the message suggests; checked.",
    ),
]
