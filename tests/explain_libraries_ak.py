"""Held-out library cases (set ak): zodiax, sparsejac, kozax.

How they were built: each cell below is my own reduction of a usage pattern taken
from the library's documentation/README/examples (no GitHub issue threads showing
these patterns were found for these three small libraries, so sources are the
doc/README/example pages of the API each case exercises). Every cell was written
to a file and run with /tmp/heldout19/venv_ak/bin/python (CPython 3.11.7, venv
with --system-site-packages); all statements but the last ran cleanly and the
last raised the exception named in `note`. `line`/`use_line` were read off the
traceback frames in the file. Each listed first fix was applied by hand and the
cell re-run (it then ran) unless verifiable=False.

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8,
flax 0.12.8, optax 0.2.8 (pins kept), zodiax 0.5.0, sparsejac 0.2.0,
kozax 0.1.5 (CPU only). kozax prints the detected devices on import; harmless.

Dropped: gpax 0.1.9 installed but fails to import (ImportError: numpyro 0.22
no longer has numpyro.contrib.module.random_haiku_module); replaced by the first
alternate, kozax. Two extra cells I wrote were left out to keep 22 cases:
a zodiax model with a str field under plain jax.jit (non-array-argument) and a
kozax fitness slicing predictions with a traced count (traced-shape); both
kinds are still covered at least twice.

Doubts about labels:
- ak-zodiax-build-wrapper-inside-jit: int() on a tracer is a ConcretizationTypeError, so
  `concretization` is defensible; argument is None because the traced offsets come from
  jnp.cumsum of constants, not from a parameter. The real bug is in zodiax (it should use
  NumPy for the offsets), so `numpy-for-static` is a defensible library-side fix; the
  user-side fix is to construct the holder outside jit, which I filed under `static`.
- ak-sparsejac-fromdense-inside-jit: the error is a ConcretizationTypeError about BCOO's
  nse count; `concretization` is defensible. The fix README uses is
  jax.ensure_compile_time_eval (not in the vocabulary); `numpy-for-static` is defensible
  only if the whole construction leaves the trace, hence `static`. The error is raised by
  jax.experimental.sparse, which sparsejac requires for its pattern.
- ak-sparsejac-sparsity-as-jit-arg: path could be `sparsity.data`; JAX's message names
  sparsity[1] (indices), which is what scipy received first. Fix is closing over the pattern,
  which I filed under `static` (moving it out of the traced arguments).
- ak-sparsejac-bcoo-static-arg: `not-static` is the literal reading (a BCOO was marked
  static) but passing it traced fails in sparsejac (see the case above); `hashable-static`
  (pass index tuples, rebuild inside) is possible but heavier. I chose `static` in the sense
  of closing over the concrete pattern outside the jitted signature.
- ak-sparsejac-residual-stores-rate / ak-zodiax-updated-model-leaks-to-list:
  jax_fitting_fix=True because the UnexpectedTracerError text says transformed functions must
  return their outputs, which is exactly the fix; a stricter reading (no concrete fix named)
  would give False.
- ak-sparsejac-traced-slice-bound: argument is the residual's n_cells; the jitted function is
  sparsejac's wrapper (args[1]), so the same name applies either way.
- ak-zodiax-numpy-interp-under-hessian: argument is `m`, the parameter of the function zodiax
  traces; the failing line reads `self.knots` inside the model method, so `self` (path
  self.knots) is also defensible, and knots vs values are both traced (both shape 3).
- ak-zodiax-param-path-list-static: `static` is irrelevant (it is already static); some would
  instead drop static and close over the paths, but a tuple is the minimal fix.
- ak-kozax-numpy-corrcoef-fitness / ak-kozax-finite-mask-fitness: predictions depend on both
  `candidate` and `data`; I took the first parameter, `candidate`.
- ak-kozax-protected-division-if: the operator has two parameters; the condition depends
  only on `y`, so argument is `y`, not the first parameter `x`.
- ak-kozax-int-horizon-from-data: `numpy-for-static` (use ts.shape) and `lax.fori_loop`
  (dynamic trip count; not reverse-differentiable if constant optimisation is on) also work.
  Kind could be `concretization` (int() raises ConcretizationTypeError).
- ak-kozax-math-log-operator: math.log is not NumPy, but `jnp-not-np` is the closest fix
  (swap the module); kind could be argued as `array-conversion`-like, but JAX raises a
  ConcretizationTypeError via float().
- ak-kozax-fitness-stores-predictions: no first fix applies mechanically; `jax.debug.print`
  only helps if the goal is inspection. verifiable=False.
- ak-kozax-string-in-data-tuple: the TypeError is raised by kozax's device_put of `data`
  before tracing; it is still JAX refusing a non-array argument.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ak-zodiax-int-field-linspace',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/docs/usage.md',
        code="""\
import jax
import jax.numpy as jnp
import zodiax as zdx

class Aperture(zdx.Base):
    radius: jax.Array
    npix: int

    def __init__(self, radius, npix):
        self.radius = jnp.asarray(radius, float)
        self.npix = npix

    def transmission(self):
        c = jnp.linspace(-1.0, 1.0, self.npix)
        xx, yy = jnp.meshgrid(c, c)
        return (jnp.hypot(xx, yy) < self.radius).astype(float)

@jax.jit
def throughput(aperture):
    return aperture.transmission().sum()

aperture = Aperture(0.8, 64)
throughput(aperture)
""",
        kind='traced-shape', argument='aperture', path='aperture.npix', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A zodiax model keeps its pixel count as a plain int field; plain jax.jit turns that leaf into a tracer, so jnp.linspace gets a traced num and raises ConcretizationTypeError. Declaring npix with eqx.field(static=True) (or jitting with eqx.filter_jit) keeps it a Python int; checked.',
    ),
    Case(
        id='ak-zodiax-if-on-flux-in-loss',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/docs/usage.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import zodiax as zdx

class Star(zdx.Base):
    position: jax.Array
    flux: jax.Array

    def __init__(self, position, flux):
        self.position = jnp.asarray(position, float)
        self.flux = jnp.asarray(flux, float)

    def image(self, grid):
        r2 = ((grid - self.position[:, None, None]) ** 2).sum(0)
        return self.flux * jnp.exp(-r2 / 2.0)

grid = jnp.stack(jnp.meshgrid(jnp.arange(16.0), jnp.arange(16.0)))
data = Star([7.5, 8.0], 100.0).image(grid)

@eqx.filter_jit
@eqx.filter_value_and_grad
def loss_fn(model, data):
    if model.get("flux") < 0:
        return jnp.inf
    return ((model.image(grid) - data) ** 2).sum()

loss, grads = loss_fn(Star([7.0, 7.0], 80.0), data)
""",
        kind='bool-conversion', argument='model', path='model.flux', line=24,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A loss under eqx.filter_jit + filter_value_and_grad branches with a Python if on model.get("flux"), which is traced: TracerBoolConversionError. Computing the loss and selecting with jnp.where keeps it traceable; checked.',
    ),
    Case(
        id='ak-zodiax-updated-model-leaks-to-list',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/docs/faq.md',
        code="""\
import jax
import jax.numpy as jnp
import zodiax as zdx

class Line(zdx.Base):
    slope: jax.Array
    offset: jax.Array

    def __init__(self, slope, offset):
        self.slope = jnp.asarray(slope, float)
        self.offset = jnp.asarray(offset, float)

    def model(self, x):
        return self.slope * x + self.offset

x = jnp.linspace(0, 1, 20)
y = 2.0 * x + 1.0
history = []

@jax.jit
def step(model):
    loss, grads = jax.value_and_grad(lambda m: ((m.model(x) - y) ** 2).mean())(model)
    new_model = model.add(["slope", "offset"], [-0.1 * grads.slope, -0.1 * grads.offset])
    history.append(new_model)
    return loss

step(Line(0.0, 0.0))
best = history[-1]
print(best.get("slope"))
""",
        kind='leaked-tracer', argument='model', path='model.slope', line=24,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=29,
        note='The jitted step builds an updated zodiax model with .add() and appends it to a global list; reading it later with .get() hits UnexpectedTracerError. Returning the new model from the step instead of storing it fixes it; checked.',
    ),
    Case(
        id='ak-zodiax-param-path-list-static',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/docs/usage.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import zodiax as zdx

class Gaussian(zdx.Base):
    mean: jax.Array
    sigma: jax.Array

    def __init__(self, mean, sigma):
        self.mean = jnp.asarray(mean, float)
        self.sigma = jnp.asarray(sigma, float)

    def model(self, x):
        return jnp.exp(-0.5 * ((x - self.mean) / self.sigma) ** 2)

x = jnp.linspace(-3, 3, 50)
data = Gaussian(0.5, 1.2).model(x)

@partial(jax.jit, static_argnames="params")
def fisher_diag(model, params):
    values = model.get(params)
    f = lambda v: jnp.sum((model.set(params, list(v)).model(x) - data) ** 2)
    return jnp.diag(jax.hessian(f)(jnp.stack(values)))

fisher_diag(Gaussian(0.0, 1.0), params=["mean", "sigma"])
""",
        kind='unhashable-static', argument='params', path='params', line=26,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The list of zodiax parameter paths is passed as a static_argnames argument; jax.jit must hash it and raises ValueError (non-hashable static argument, list). Passing the paths as a tuple, which zodiax also accepts, fixes it; checked.',
    ),
    Case(
        id='ak-zodiax-build-wrapper-inside-jit',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/docs/API/base.md',
        code="""\
import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
import zodiax as zdx

class NNHolder(zdx.WrapperHolder):
    def __init__(self, nn):
        values, structure = zdx.build_wrapper(nn)
        self.values = values
        self.structure = structure

    def __call__(self, x):
        return self.build(x)

mlp = eqx.nn.MLP(in_size=4, out_size=4, width_size=8, depth=1, key=jr.PRNGKey(0))

@eqx.filter_jit
def predict(nn, x):
    holder = NNHolder(nn)
    return holder.multiply("values", 0.5)(x)

predict(mlp, jnp.ones(4))
""",
        kind='integer-conversion', argument=None, path=None, line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A WrapperHolder is constructed inside an eqx.filter_jit function; zdx.build_wrapper computes leaf offsets with jnp.cumsum and calls int() on them, which are tracers under jit: ConcretizationTypeError raised inside the library. Building the holder once outside the jitted function and passing it in fixes it; checked.',
    ),
    Case(
        id='ak-zodiax-jacobian-traced-nbatches',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/src/zodiax/derivatives/overview.md',
        code="""\
import jax
import jax.numpy as jnp
import zodiax as zdx

class Ramp(zdx.Base):
    gain: jax.Array
    bias: jax.Array

    def __init__(self, gain, bias):
        self.gain = jnp.asarray(gain, float)
        self.bias = jnp.asarray(bias, float)

    def model(self, t):
        return self.gain * t + self.bias

t = jnp.linspace(0, 1, 100)

@jax.jit
def sensitivity(model, nbatches):
    J, unflatten = zdx.jacobian(lambda m: m.model(t), model, nbatches=nbatches)
    return J

sensitivity(Ramp(2.0, 0.5), 2)
""",
        kind='bool-conversion', argument='nbatches', path='nbatches', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='nbatches is an argument of a jax.jit function and reaches zdx.jacobian, whose own `if nbatches == 1` then needs a Python bool: TracerBoolConversionError raised in the library. Marking nbatches with static_argnames makes it a Python int again; checked.',
    ),
    Case(
        id='ak-zodiax-numpy-interp-under-hessian',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/src/zodiax/derivatives/overview.md',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import zodiax as zdx

class Throughput(zdx.Base):
    knots: jax.Array
    values: jax.Array

    def __init__(self, knots, values):
        self.knots = jnp.asarray(knots, float)
        self.values = jnp.asarray(values, float)

    def model(self, wavels):
        return np.interp(wavels, self.knots, self.values)

wavels = jnp.linspace(400.0, 700.0, 64)
data = jnp.ones(64)
loglike = lambda m: -0.5 * jnp.sum((m.model(wavels) - data) ** 2)

model = Throughput([400.0, 550.0, 700.0], [0.8, 1.0, 0.9])
H, unflatten = zdx.hessian(loglike, model)
""",
        kind='array-conversion', argument='m', path='m.knots', line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The model method calls numpy.interp on its own leaves; zdx.hessian traces the user's log-likelihood, so NumPy receives tracers: TracerArrayConversionError. Using jnp.interp keeps the computation in JAX; checked.",
    ),
    Case(
        id='ak-zodiax-percent-format-in-loss',
        source='https://github.com/LouisDesdoigts/zodiax/blob/main/docs/usage.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import zodiax as zdx

class Blackbody(zdx.Base):
    temperature: jax.Array
    scale: jax.Array

    def __init__(self, temperature, scale):
        self.temperature = jnp.asarray(temperature, float)
        self.scale = jnp.asarray(scale, float)

    def spectrum(self, wavels):
        x = 1.4388e-2 / (wavels * self.temperature)
        return self.scale / (wavels**5 * jnp.expm1(x))

wavels = jnp.linspace(0.5e-6, 2.0e-6, 40)
data = Blackbody(5800.0, 1e-20).spectrum(wavels)

@eqx.filter_jit
def loss_fn(model, data):
    print("T = %.1f K" % model.get("temperature"))
    return jnp.sum((model.spectrum(wavels) / data - 1.0) ** 2)

loss_fn(Blackbody(5000.0, 1e-20), data)
""",
        kind='concretization', argument='model', path='model.temperature', line=23,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A debugging print with %-formatting inside an eqx.filter_jit loss calls float() on model.get("temperature"), a tracer: ConcretizationTypeError. jax.debug.print prints the runtime value without concretizing; checked.',
    ),
    Case(
        id='ak-sparsejac-sparsity-as-jit-arg',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

def residual(u):
    lap = jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1)
    return lap - u**3

n = 50
pattern = sparse.BCOO.fromdense(jnp.eye(n) + jnp.eye(n, k=1) + jnp.eye(n, k=-1) + jnp.eye(n, k=n - 1) + jnp.eye(n, k=1 - n))

@jax.jit
def newton_jacobian(u, sparsity):
    return sparsejac.jacrev(residual, sparsity=sparsity)(u)

newton_jacobian(jnp.linspace(0.0, 1.0, n), pattern)
""",
        kind='array-conversion', argument='sparsity', path='sparsity.indices', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The BCOO sparsity pattern is a jax.jit argument, so its data/indices are tracers; sparsejac.jacrev converts them to a scipy matrix for graph colouring: TracerArrayConversionError raised in the library. Building the sparse-Jacobian function once outside jit, closing over the concrete pattern, fixes it; checked.',
    ),
    Case(
        id='ak-sparsejac-fromdense-inside-jit',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

def residual(u):
    return jnp.sin(u) * u - 1.0

@jax.jit
def diag_jacobian(u):
    sparsity = sparse.BCOO.fromdense(jnp.eye(u.shape[0]))
    return sparsejac.jacfwd(residual, sparsity=sparsity)(u)

diag_jacobian(jnp.ones(100))
""",
        kind='traced-shape', argument=None, path=None, line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Inside jax.jit the sparsity pattern is built with BCOO.fromdense, whose stored-element count comes from a traced sum: ConcretizationTypeError about the nse argument. Following JAX's hint (nse=...) only moves the failure to sparsejac's NumPy conversion (checked), so the working fix is to build the pattern and the jacfwd function outside the jitted code; checked.",
    ),
    Case(
        id='ak-sparsejac-mask-index-in-residual',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

n = 40
with jax.ensure_compile_time_eval():
    sparsity = sparse.BCOO.fromdense(jnp.eye(n))

def contact_force(gap):
    active = gap < 0.0
    force = jnp.zeros_like(gap)
    return force.at[active].set(1e3 * gap[active] ** 2)

jac_fn = jax.jit(sparsejac.jacfwd(contact_force, sparsity=sparsity))
jac_fn(jnp.linspace(-1.0, 1.0, n))
""",
        kind='boolean-index', argument='gap', path='gap', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The residual differentiated by sparsejac.jacfwd (then jitted) selects the active contacts with a boolean mask; the mask is traced: NonConcreteBooleanIndexError. Writing the force as jnp.where(active, ..., 0.0) gives the same values with a fixed shape; checked.',
    ),
    Case(
        id='ak-sparsejac-residual-stores-rate',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

n = 30
sparsity = sparse.BCOO.fromdense(jnp.eye(n))
diagnostics = {}

def reaction(c, k):
    rate = k * c**2
    diagnostics["rate"] = rate
    return -rate

jac_fn = jax.jit(sparsejac.jacrev(reaction, sparsity=sparsity))
J = jac_fn(jnp.ones(n), 0.5)
total_rate = jnp.sum(diagnostics["rate"])
""",
        kind='leaked-tracer', argument='c', path='c', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=17,
        note='The residual passed to sparsejac.jacrev saves an intermediate into a module-level dict; using it after the jitted call raises UnexpectedTracerError. Returning it as auxiliary output (has_aux=True) fixes it; checked.',
    ),
    Case(
        id='ak-sparsejac-traced-slice-bound',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

n = 20
sparsity = sparse.BCOO.fromdense(jnp.eye(n) + jnp.eye(n, k=1))

def upwind(u, n_cells):
    flux = u**2 / 2.0
    interior = flux[1:n_cells] - flux[: n_cells - 1]
    return jnp.concatenate([interior, flux[-1:]])

flux_jacobian = jax.jit(sparsejac.jacrev(upwind, sparsity=sparsity))
flux_jacobian(jnp.ones(n), n)
""",
        kind='traced-shape', argument='n_cells', path='n_cells', line=11,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='An extra integer argument of the residual is traced by jax.jit around the sparsejac.jacrev function and used as a slice bound: IndexError (slice entries must be static). static_argnums=1 on the jit keeps it a Python int (checked); deriving it from u.shape also works.',
    ),
    Case(
        id='ak-sparsejac-bcoo-static-arg',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

def residual(u):
    return jnp.exp(u) - 2.0 * u

@partial(jax.jit, static_argnames="sparsity")
def jac(u, sparsity):
    return sparsejac.jacfwd(residual, sparsity=sparsity)(u)

pattern = sparse.BCOO.fromdense(jnp.eye(64))
jac(jnp.zeros(64), sparsity=pattern)
""",
        kind='unhashable-static', argument='sparsity', path='sparsity', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Knowing the pattern must be concrete, the user marks the BCOO as a static argument; it is unhashable, so jax.jit raises ValueError (non-hashable static argument). The working fix is to take it out of the jitted arguments: build the jacfwd function with the concrete pattern and jit that; checked.',
    ),
    Case(
        id='ak-sparsejac-string-option-arg',
        source='https://github.com/mfschubert/sparsejac/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import sparse
import sparsejac

n = 32
sparsity = sparse.BCOO.fromdense(jnp.eye(n) + jnp.eye(n, k=1) + jnp.eye(n, k=-1))

def heat_residual(u, boundary):
    lap = jnp.convolve(u, jnp.array([1.0, -2.0, 1.0]), mode="same")
    if boundary == "dirichlet":
        lap = lap.at[0].set(u[0]).at[-1].set(u[-1])
    return lap

jac_fn = jax.jit(sparsejac.jacfwd(heat_residual, sparsity=sparsity))
jac_fn(jnp.ones(n), "dirichlet")
""",
        kind='non-array-argument', argument='boundary', path='boundary', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A string boundary-condition option is passed through the jitted sparsejac.jacfwd function; jax.jit cannot turn a str into an abstract array and raises TypeError. Adding static_argnums=1 to the jit, as the message suggests, fixes it; checked.',
    ),
    Case(
        id='ak-kozax-protected-division-if',
        source='https://github.com/sdevries0/Kozax/blob/main/README.md',
        code="""\
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.SR_fitness_function import SymbolicRegressionFitnessFunction

def protected_div(x, y):
    if jnp.abs(y) < 1e-6:
        return jnp.ones_like(x)
    return x / y

operators = [{"string": "+", "fn": jnp.add, "arity": 2, "prob": 0.3},
             {"string": "*", "fn": jnp.multiply, "arity": 2, "prob": 0.3},
             {"string": "/", "fn": protected_div, "arity": 2, "prob": 0.3}]
x = jnp.linspace(0.5, 3.0, 30)[:, None]
y = 1.0 / x[:, 0] + x[:, 0]
strategy = GeneticProgramming(5, 10, SymbolicRegressionFitnessFunction(), operator_list=operators)
strategy.fit(jr.PRNGKey(0), (x, y))
""",
        kind='bool-conversion', argument='y', path='y', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A custom 'protected division' operator branches with a Python if on its operand; kozax traces operators inside lax.switch (first during constant simplification in fit), so TracerBoolConversionError. jnp.where selects the safe value elementwise; checked.",
    ),
    Case(
        id='ak-kozax-numpy-corrcoef-fitness',
        source='https://github.com/sdevries0/Kozax/blob/main/README.md',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.base_fitness_function import BaseFitnessFunction

class CorrelationFitness(BaseFitnessFunction):
    def __call__(self, candidate, data, tree_evaluator):
        x, y = data
        pred = jax.vmap(tree_evaluator, in_axes=[None, 0])(candidate, x)[:, 0]
        return 1.0 - np.corrcoef(pred, y)[0, 1] ** 2

x = jnp.linspace(-2.0, 2.0, 40)[:, None]
y = 3.0 * x[:, 0] ** 2 - 1.0
strategy = GeneticProgramming(5, 10, CorrelationFitness())
population = strategy.initialize_population(jr.PRNGKey(0))
strategy.evaluate_population(population, (x, y), jr.PRNGKey(1))
""",
        kind='array-conversion', argument='candidate', path='candidate', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A fitness function scores candidates with numpy.corrcoef on the vmapped predictions; kozax jit/vmaps the fitness, so NumPy gets tracers: TracerArrayConversionError. jnp.corrcoef keeps it traceable; checked.',
    ),
    Case(
        id='ak-kozax-finite-mask-fitness',
        source='https://github.com/sdevries0/Kozax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.base_fitness_function import BaseFitnessFunction

class RobustMSE(BaseFitnessFunction):
    def __call__(self, candidate, data, tree_evaluator):
        x, y = data
        pred = jax.vmap(tree_evaluator, in_axes=[None, 0])(candidate, x)[:, 0]
        valid = jnp.isfinite(pred)
        return jnp.mean((pred[valid] - y[valid]) ** 2)

x = jnp.linspace(-2.0, 2.0, 40)[:, None]
y = x[:, 0] ** 3
strategy = GeneticProgramming(5, 10, RobustMSE())
population = strategy.initialize_population(jr.PRNGKey(0))
strategy.evaluate_population(population, (x, y), jr.PRNGKey(1))
""",
        kind='boolean-index', argument='candidate', path='candidate', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The fitness function drops non-finite predictions by boolean indexing; the mask depends on the traced candidate: NonConcreteBooleanIndexError. A jnp.where-masked sum divided by the mask count gives the same mean; checked.',
    ),
    Case(
        id='ak-kozax-int-horizon-from-data',
        source='https://github.com/sdevries0/Kozax/blob/main/examples/example_scripts/objective_function_optimization.py',
        code="""\
import jax
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.base_fitness_function import BaseFitnessFunction

class RolloutFitness(BaseFitnessFunction):
    def __init__(self, dt):
        self.dt = dt

    def __call__(self, candidate, data, tree_evaluator):
        x0, ts = data
        x, cost = x0, 0.0
        for _ in range(int(ts[-1] / self.dt)):
            x = x + self.dt * (-x + tree_evaluator(candidate, x))
            cost = cost + jnp.sum(x**2)
        return cost

data = (jnp.array([1.0]), jnp.linspace(0.0, 2.0, 21))
strategy = GeneticProgramming(5, 10, RolloutFitness(dt=0.1))
population = strategy.initialize_population(jr.PRNGKey(0))
strategy.evaluate_population(population, data, jr.PRNGKey(1))
""",
        kind='integer-conversion', argument='data', path='data[1]', line=14,
        fixes=('static', 'numpy-for-static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note="A rollout fitness derives its number of Euler steps with int() from the time grid carried in `data`, which kozax passes traced into its jitted evaluation: ConcretizationTypeError. Keeping the step count on the fitness object as a Python int (as kozax's own fitness classes do) fixes it; checked.",
    ),
    Case(
        id='ak-kozax-fitness-stores-predictions',
        source='https://github.com/sdevries0/Kozax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.base_fitness_function import BaseFitnessFunction

class LoggingMSE(BaseFitnessFunction):
    def __call__(self, candidate, data, tree_evaluator):
        x, y = data
        pred = jax.vmap(tree_evaluator, in_axes=[None, 0])(candidate, x)[:, 0]
        self.last_pred = pred
        return jnp.mean((pred - y) ** 2)

x = jnp.linspace(-2.0, 2.0, 40)[:, None]
y = jnp.sin(x[:, 0])
fitness_fn = LoggingMSE()
strategy = GeneticProgramming(5, 10, fitness_fn)
population = strategy.initialize_population(jr.PRNGKey(0))
fitness, population = strategy.evaluate_population(population, (x, y), jr.PRNGKey(1))
worst_residual = jnp.max(jnp.abs(fitness_fn.last_pred - y))
""",
        kind='leaked-tracer', argument='candidate', path='candidate', line=11,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        use_line=20,
        note="The fitness object keeps the last batch of predictions on self for later inspection; after evaluate_population the attribute holds a BatchTracer and using it raises UnexpectedTracerError. The value has to leave through outputs (or be recomputed outside from the best candidate); kozax's single-objective fitness returns only a scalar, so no mechanical one-line fix.",
    ),
    Case(
        id='ak-kozax-math-log-operator',
        source='https://github.com/sdevries0/Kozax/blob/main/README.md',
        code="""\
import math
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.SR_fitness_function import SymbolicRegressionFitnessFunction

def safe_log(x):
    return math.log(abs(x) + 1e-6)

operators = [{"string": "+", "fn": jnp.add, "arity": 2, "prob": 0.4},
             {"string": "*", "fn": jnp.multiply, "arity": 2, "prob": 0.4},
             {"string": "log", "fn": safe_log, "arity": 1, "prob": 0.2}]
x = jnp.linspace(0.1, 4.0, 30)[:, None]
y = jnp.log(x[:, 0]) + x[:, 0]
strategy = GeneticProgramming(5, 10, SymbolicRegressionFitnessFunction(), operator_list=operators)
strategy.fit(jr.PRNGKey(0), (x, y))
""",
        kind='concretization', argument='x', path='x', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom unary operator uses math.log/abs, which call float() on the traced operand when kozax traces the operator table: ConcretizationTypeError. jnp.log/jnp.abs fix it; checked.',
    ),
    Case(
        id='ak-kozax-string-in-data-tuple',
        source='https://github.com/sdevries0/Kozax/blob/main/examples/example_scripts/objective_function_optimization.py',
        code="""\
import jax
import jax.numpy as jnp
import jax.random as jr
from kozax.genetic_programming import GeneticProgramming
from kozax.fitness_functions.base_fitness_function import BaseFitnessFunction

class ConfigurableLoss(BaseFitnessFunction):
    def __call__(self, candidate, data, tree_evaluator):
        x, y, metric = data
        pred = jax.vmap(tree_evaluator, in_axes=[None, 0])(candidate, x)[:, 0]
        err = pred - y
        return jnp.mean(jnp.abs(err)) if metric == "mae" else jnp.mean(err**2)

x = jnp.linspace(-1.0, 1.0, 30)[:, None]
y = 2.0 * x[:, 0] + 0.5
strategy = GeneticProgramming(5, 10, ConfigurableLoss())
population = strategy.initialize_population(jr.PRNGKey(0))
strategy.evaluate_population(population, (x, y, "mae"), jr.PRNGKey(1))
""",
        kind='non-array-argument', argument='data', path='data[2]', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A metric name is shipped inside the `data` tuple; kozax device_puts and jits the data, and a str is not a JAX type: TypeError. Storing the option on the fitness object instead of in data fixes it; checked.',
    ),
]
