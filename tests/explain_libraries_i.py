"""Held-out library cases (set I): quadax, gpjax, jaxley, bayex.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / doc page of the library (for quadax and bayex, whose trackers hold few tracing
threads, the README usage pattern of the repository is cited), written against the installed
versions: quadax 0.3.1, gpjax 0.13.6 (flax-NNX backend; pinned to 0.13.6 in both environments
because gpjax 1.0.0 requires jax<0.11 and so could only be installed on Python 3.11), Jaxley
0.14.0, bayex 0.3.0. Every cell was run as a file under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
all statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note); the user-code line in the traceback was checked against `line` (and
`use_line` for leaks). Every case claimed verifiable=True had its top fix applied by hand and
re-run on both interpreters (it traces and returns a value).

Libraries dropped: haliax 1.3 (imports jax._src.tree_util.BuiltInKeyEntry, which neither jax
version has: ImportError on import); rlax 0.1.9 (imports distrax -> tensorflow_probability's JAX
substrate, which fails on jax.interpreters.xla.pytype_aval_mappings on both jax versions);
jax-sph (all releases declare Requires-Python <=3.11, which excludes 3.11.7 and 3.13: pip
finds no installable version);
jaxkan installed (0.3.7 on 3.11 but only 0.2.13 on 3.13, different APIs) and was not used for lack
of time and because the versions differ. So the set covers four libraries, not five.

Doubts about labels:
- lib-i-quadax-traced-max-ninter: raised as TracerBoolConversionError by quadax's own errorif
  (`if cond:`) validation of max_ninter; labelled traced-shape because max_ninter sizes quadgk's
  interval buffers. bool-conversion is defensible, but jnp.where cannot fix it.
- lib-i-gpjax-fit-traced-num-iters: gpjax's own TypeError ("Expected num_iters to be of type
  int"), labelled traced-shape (num_iters is the scan length of fit).
- lib-i-jaxley-config-traced-t-max: ConcretizationTypeError from int(t_max // delta_t + 1) in
  jx.integrate; labelled traced-shape (number of time steps). JAX's message suggests astype,
  which does not fit, so jax_fitting_fix=False. concretization is defensible.
- lib-i-jaxley-vmap-stimulus-location: jaxley raises a plain AssertionError ("Invalid type") from
  its index validation; labelled integer-conversion (a traced value used as a Python index into
  the node table). traced-shape / concretization are defensible. No vocabulary fix is a
  mechanical rewrite (the maintainers suggest a one-hot amplitude over all locations, closest to
  jnp.where), so verifiable=False.
- lib-i-bayex-integer-domain-linspace-num: traced-shape; the value is sampled, so static is
  impossible; jnp.where (fixed maximal grid with a mask) is the only vocabulary fix and it needs
  a rewrite, so verifiable=False.
- lib-i-bayex-numpy-table-indexed-by-sample: JAX raises TracerArrayConversionError (NumPy
  converts the index); integer-conversion is defensible because the tracer is an index.
- argument choice for functions reached through a library (integrands, kernels, channels,
  objectives): the parameter of the user's function (x, v, n...), as in set C, not the outer
  jit's arguments; JAX's own message names the outer arguments (key, state.*) in the bayex cases.
- lib-i-gpjax-custom-kernel-if-cutoff: r depends on both kernel inputs x and y; x chosen.
- Leak argument/path choices: quadax leak - temperature; gpjax leak - model (path
  model.likelihood.obs_stddev, the stored leaf); jaxley leak - params[0]['HH_gNa'] (the only
  trainable leaf); bayex leak - the candidate depends on key and on every leaf of state; state
  chosen, path 'state'.
- Leaks: return-value is the top fix, but in lib-i-gpjax-objective-appends-noise and
  lib-i-jaxley-grad-loss-logs-voltage the value comes from inside gpx.fit / jax.grad, so returning
  it needs has_aux or using fit's returned model/history; verifiable=False there.
- lib-i-quadax-trapezoid-positive-mask: jnp.where changes the integral slightly compared with the
  masked (gap-bridging) version, but gives the positive-part area that was meant; size-argument
  listed second.
- lib-i-quadax-static-config-array-interval: hashable-static (interval as a tuple) first;
  not-static would need the config registered as a pytree.
- Dropped candidates: jaxley cell.set("radius", r) inside jit (PR 294; TracerArrayConversionError
  from pandas) - the fix is jaxley's data_set API, not in the fix vocabulary; bayex opt.fit inside
  the user's jit (TracerBoolConversionError on state.mask in bayex's buffer expansion) - the fix is
  calling fit outside jit, not in the vocabulary; gpjax kernel construction inside jit with a
  tuple active_dims (gpjax requires a list and its parameter checks use checkify, which cannot be
  staged); jnp.concatenate over a one-element list of leaked tracers did not raise on jax 0.10.2,
  so the bayex leak uses an arithmetic use instead.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-i-quadax-if-in-integrand',
        source='https://github.com/f0uriest/quadax',
        code="""\
import jax.numpy as jnp
import quadax

def integrand(x, c):
    if x < c:
        return jnp.exp(-x)
    return jnp.zeros_like(x)

quadax.quadgk(integrand, jnp.array([0.0, 2.0]), args=(1.0,))
""",
        kind='bool-conversion', argument='x', path='x', line=5,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Piecewise integrand written with a Python `if` on the abscissa; quadgk evaluates the integrand on traced nodes (vmapped inside its while_loop), no user jit. jnp.where(x < c, jnp.exp(-x), 0) keeps it elementwise; checked on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-i-quadax-jit-method-stores-flux',
        source='https://github.com/f0uriest/quadax/issues/18',
        code="""\
import jax
import jax.numpy as jnp
import quadax

class Spectrum:
    def __init__(self):
        self.last_flux = None

    def flux(self, temperature):
        f = lambda nu, t: nu**3 / (jnp.exp(nu / t) - 1.0)
        y, _ = quadax.quadgk(f, jnp.array([1e-3, 20.0]), args=(temperature,))
        self.last_flux = y
        return y

spec = Spectrum()
jax.jit(spec.flux)(2.0)
spec.last_flux / 2.0 + jnp.ones(())
""",
        kind='leaked-tracer', argument='temperature', path='temperature', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A jitted bound method caches the quadgk result on self (self.last_flux = y); the cached tracer is used after the trace ended. Fix: return the value (it already is returned: use the jitted call result instead of the attribute). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at the later use (line 17).',
        use_line=17,
    ),
    Case(
        id='lib-i-quadax-traced-max-ninter',
        source='https://github.com/f0uriest/quadax',
        code="""\
import jax
import jax.numpy as jnp
import quadax

@jax.jit
def integrate_sin(upper, max_ninter):
    y, _ = quadax.quadgk(jnp.sin, jnp.array([0.0, upper]), max_ninter=max_ninter)
    return y

integrate_sin(3.0, 20)
""",
        kind='traced-shape', argument='max_ninter', path='max_ninter', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='max_ninter sizes quadgk\'s interval buffers and is validated by quadax\'s errorif (`if cond:` in quadax/_utils.py); passed as a traced jit argument. Fix: static_argnames="max_ninter"; checked on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (raised inside quadax).',
    ),
    Case(
        id='lib-i-quadax-vmap-basis-index',
        source='https://github.com/f0uriest/quadax',
        code="""\
import jax
import jax.numpy as jnp
import quadax

basis = [jnp.sin, jnp.cos, lambda x: x**2]

def moment(k):
    y, _ = quadax.quadgk(lambda x: basis[k](x), jnp.array([0.0, 1.0]))
    return y

jax.vmap(moment)(jnp.arange(3))
""",
        kind='integer-conversion', argument='k', path='k', line=8,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='Moments of a list of basis functions, vmapped over the basis index: basis[k] indexes a Python list with a batched tracer inside the integrand lambda. Fix: jax.lax.switch(k, basis, x); checked on both. static is impossible under vmap. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='lib-i-quadax-np-interp-integrand',
        source='https://github.com/f0uriest/quadax',
        code="""\
import numpy as np
import jax.numpy as jnp
import quadax

wav = np.linspace(0.0, 10.0, 50)
resp = np.exp(-0.5 * (wav - 5.0) ** 2)

def band_flux(x):
    return np.interp(x, wav, resp) * x

quadax.quadts(band_flux, jnp.array([0.0, 10.0]))
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Integrand interpolates a tabulated response with np.interp on the traced abscissa (quadts traces the integrand). Fix: jnp.interp; checked on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='lib-i-gpjax-custom-kernel-if-cutoff',
        source='https://docs.jaxgaussianprocesses.com/examples/pytrees/',
        code="""\
import jax.numpy as jnp
import gpjax as gpx

class TruncatedRBF(gpx.kernels.AbstractKernel):
    def __init__(self, cutoff=1.0):
        super().__init__()
        self.cutoff = cutoff

    def __call__(self, x, y):
        r = jnp.sqrt(jnp.sum((x - y) ** 2))
        if r > self.cutoff:
            return jnp.array(0.0)
        return jnp.exp(-0.5 * r**2)

kernel = TruncatedRBF(cutoff=0.5)
x = jnp.linspace(0.0, 2.0, 8)[:, None]
kernel.gram(x)
""",
        kind='bool-conversion', argument='x', path='x', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User-defined compactly supported kernel (AbstractKernel subclass) returns 0 beyond a cutoff with a Python `if` on the distance; kernel.gram vmaps __call__ over both inputs, so r is a batched tracer. Fix: jnp.where(r > cutoff, 0.0, ...); checked. r depends on both x and y (x chosen). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-i-gpjax-fit-traced-num-iters',
        source='https://docs.jaxgaussianprocesses.com/migration/',
        code="""\
import jax
import jax.numpy as jnp
import optax
import gpjax as gpx

x = jnp.linspace(0.0, 1.0, 20)[:, None]
data = gpx.Dataset(X=x, y=jnp.sin(6 * x))
prior = gpx.gps.Prior(mean_function=gpx.mean_functions.Zero(), kernel=gpx.kernels.RBF())
posterior = prior * gpx.likelihoods.Gaussian(num_datapoints=data.n)

@jax.jit
def train(posterior, num_iters):
    model, history = gpx.fit(model=posterior, objective=lambda p, d: -gpx.objectives.conjugate_mll(p, d),
                             train_data=data, optim=optax.adam(0.05), num_iters=num_iters, verbose=False)
    return history[-1]

train(posterior, 50)
""",
        kind='traced-shape', argument='num_iters', path='num_iters', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='gpx.fit called inside the user\'s jit with the iteration count as a traced argument; num_iters is fit\'s scan length and gpjax\'s own check raises "Expected num_iters to be of type int. Got JitTracer". Fix: static_argnames="num_iters"; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (gpjax\'s own).',
    ),
    Case(
        id='lib-i-gpjax-objective-appends-noise',
        source='https://docs.jaxgaussianprocesses.com/migration/',
        code="""\
import jax.numpy as jnp
import optax
import gpjax as gpx

x = jnp.linspace(0.0, 1.0, 20)[:, None]
data = gpx.Dataset(X=x, y=jnp.sin(6 * x))
prior = gpx.gps.Prior(mean_function=gpx.mean_functions.Zero(), kernel=gpx.kernels.RBF())
posterior = prior * gpx.likelihoods.Gaussian(num_datapoints=data.n)

seen_noise = []

def objective(model, batch):
    seen_noise.append(model.likelihood.obs_stddev[...])
    return -gpx.objectives.conjugate_mll(model, batch)

opt_post, history = gpx.fit(model=posterior, objective=objective, train_data=data,
                            optim=optax.adam(0.05), num_iters=20, verbose=False)
jnp.stack(seen_noise)
""",
        kind='leaked-tracer', argument='model', path='model.likelihood.obs_stddev', line=13,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='User objective records the noise parameter into a global list while gpx.fit differentiates it inside its scan; the stored values are tracers (JAX names a LinearizeTracer) and jnp.stack on them after fit raises. Fix: read the returned model/history (or jax.debug.print for monitoring). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 18.',
        use_line=18,
    ),
    Case(
        id='lib-i-gpjax-objective-as-jit-arg',
        source='https://docs.jaxgaussianprocesses.com/examples/pytrees/',
        code="""\
import jax
import jax.numpy as jnp
import gpjax as gpx

x = jnp.linspace(0.0, 1.0, 20)[:, None]
data = gpx.Dataset(X=x, y=jnp.cos(3 * x))
prior = gpx.gps.Prior(mean_function=gpx.mean_functions.Zero(), kernel=gpx.kernels.Matern52())
posterior = prior * gpx.likelihoods.Gaussian(num_datapoints=data.n)

@jax.jit
def evaluate(model, objective, data):
    return objective(model, data)

evaluate(posterior, gpx.objectives.conjugate_mll, data)
""",
        kind='non-array-argument', argument='objective', path='objective', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The objective function (gpx.objectives.conjugate_mll) is passed as an ordinary argument of a jitted function; the posterior is a valid pytree but a function is not an array. Fix: static_argnames="objective" (or close over it); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ("Error interpreting argument ... as an abstract array ... path objective").',
    ),
    Case(
        id='lib-i-gpjax-dataset-marked-static',
        source='https://github.com/thomaspinder/GPJax/issues/463',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import gpjax as gpx

x = jnp.linspace(0.0, 1.0, 15)[:, None]
train = gpx.Dataset(X=x, y=jnp.sin(4 * x))
prior = gpx.gps.Prior(mean_function=gpx.mean_functions.Zero(), kernel=gpx.kernels.RBF())
posterior = prior * gpx.likelihoods.Gaussian(num_datapoints=train.n)

@partial(jax.jit, static_argnames=("data",))
def predictive_mean(model, xtest, data):
    return model.predict(xtest, train_data=data).mean

predictive_mean(posterior, jnp.array([[0.25], [0.75]]), data=train)
""",
        kind='unhashable-static', argument='data', path='data', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='gpx.Dataset (array container, unhashable dataclass) declared in static_argnames of a jitted prediction function. Fix: stop marking it static (Dataset is a pytree); checked. hashable-static is wrong here (arrays should be traced). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError "Non-hashable static arguments are not supported".',
    ),
    Case(
        id='lib-i-jaxley-config-traced-t-max',
        source='https://github.com/jaxleyverse/jaxley/pull/109',
        code="""\
from typing import NamedTuple
import jax
import jaxley as jx
from jaxley.channels import HH

class SimConfig(NamedTuple):
    t_max: float
    amp: float

cell = jx.Cell(jx.Branch(jx.Compartment(), ncomp=2), parents=[-1, 0])
cell.insert(HH())
cell.branch(0).comp(0).record("v")

@jax.jit
def run(cfg):
    stim = cell.branch(0).comp(0).data_stimulate(jx.step_current(1.0, 2.0, cfg.amp, 0.025, 10.0))
    return jx.integrate(cell, data_stimuli=stim, t_max=cfg.t_max)

run(SimConfig(t_max=5.0, amp=0.2))
""",
        kind='traced-shape', argument='cfg', path='cfg.t_max', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A NamedTuple simulation config passed to the user\'s jit; jx.integrate computes the number of time steps as int(t_max // delta_t + 1), so the traced cfg.t_max is a loop length. Fix: static_argnames="cfg" (NamedTuple of floats is hashable); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (raised inside jaxley.integrate).',
    ),
    Case(
        id='lib-i-jaxley-channel-if-voltage',
        source='https://github.com/jaxleyverse/jaxley/issues/640',
        code="""\
import jax.numpy as jnp
import jaxley as jx
from jaxley.channels import Channel

class Leak(Channel):
    def __init__(self, name=None):
        self.current_is_in_mA_per_cm2 = True
        super().__init__(name)
        self.channel_params = {"gLeak": 1e-4, "eLeak": -70.0}
        self.channel_states = {}
        self.current_name = "i_leak"

    def update_states(self, states, dt, v, params):
        return {}

    def compute_current(self, states, v, params):
        g = params["gLeak"]
        if v > -50.0:
            g = 2 * g
        return g * (v - params["eLeak"]) / 1000.0

    def init_state(self, states, v, params, delta_t):
        return {}

cell = jx.Cell(jx.Branch(jx.Compartment(), ncomp=1), parents=[-1])
cell.insert(Leak())
cell.branch(0).comp(0).record("v")
jx.integrate(cell, t_max=2.0)
""",
        kind='bool-conversion', argument='v', path='v', line=18,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User-defined Channel doubles its conductance above a voltage threshold with a Python `if` in compute_current; jx.integrate traces it inside its scan (no user jit); v is a traced shape-(1,) voltage. Fix: g = jnp.where(v > -50, 2 * g, g); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-i-jaxley-vmap-stimulus-location',
        source='https://github.com/jaxleyverse/jaxley/issues/644',
        code="""\
import jax
import jax.numpy as jnp
import jaxley as jx
from jaxley.channels import HH

cell = jx.Cell(jx.Branch(jx.Compartment(), ncomp=2), parents=[-1, 0, 0])
cell.insert(HH())
cell.branch(0).comp(0).record("v")
current = jx.step_current(1.0, 2.0, 0.1, 0.025, 5.0)

def response_at(branch_idx):
    stim = cell.branch(branch_idx).comp(0).data_stimulate(current)
    return jx.integrate(cell, data_stimuli=stim, t_max=5.0)

jax.vmap(response_at)(jnp.arange(3))
""",
        kind='integer-conversion', argument='branch_idx', path='branch_idx', line=12,
        fixes=('jnp.where', 'lax.switch'), verifiable=False, jax_fitting_fix=False,
        note='Sweeping the stimulus location with vmap: cell.branch(idx) selects rows of jaxley\'s pandas node table and needs a concrete Python int; jaxley\'s own index check fails. Maintainers\' workaround: stimulate every candidate location with an amplitude masked by (location == idx) (jnp.where-style one-hot), or switch between per-location simulations; neither is a one-line rewrite. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise AssertionError "Invalid type" (jaxley\'s own).',
    ),
    Case(
        id='lib-i-jaxley-grad-loss-logs-voltage',
        source='https://github.com/jaxleyverse/jaxley/pull/294',
        code="""\
import jax
import jax.numpy as jnp
import jaxley as jx
from jaxley.channels import HH

cell = jx.Cell(jx.Branch(jx.Compartment(), ncomp=2), parents=[-1, 0])
cell.insert(HH())
cell.branch(0).comp(0).record("v")
cell.branch(0).comp(0).stimulate(jx.step_current(1.0, 2.0, 0.1, 0.025, 5.0))
cell.make_trainable("HH_gNa")
params = cell.get_parameters()

voltage_log = []

def loss(params):
    v = jx.integrate(cell, params=params, t_max=5.0)
    voltage_log.append(v)
    return jnp.mean((v - (-60.0)) ** 2)

grads = jax.grad(loss)(params)
jnp.max(voltage_log[-1])
""",
        kind='leaked-tracer', argument='params', path="params[0]['HH_gNa']", line=17,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='Loss over a jaxley simulation appends the simulated voltage trace to a global list while jax.grad traces it; the stored LinearizeTracer is used after grad returns. Fix: return the trace as an auxiliary output (jax.value_and_grad(..., has_aux=True)). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 21.',
        use_line=21,
    ),
    Case(
        id='lib-i-jaxley-solver-string-jit-arg',
        source='https://github.com/jaxleyverse/jaxley/issues/640',
        code="""\
import jax
import jaxley as jx
from jaxley.channels import HH

cell = jx.Cell(jx.Branch(jx.Compartment(), ncomp=4), parents=[-1, 0])
cell.insert(HH())
cell.branch(1).comp(3).record("v")
cell.branch(0).comp(0).stimulate(jx.step_current(0.5, 1.0, 0.2, 0.025, 3.0))
cell.make_trainable("radius")
params = cell.get_parameters()

@jax.jit
def simulate(params, solver):
    return jx.integrate(cell, params=params, t_max=3.0, voltage_solver=solver)

simulate(params, "jax.sparse")
""",
        kind='non-array-argument', argument='solver', path='solver', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The voltage_solver name (a str) is passed as a regular argument of the user\'s jitted simulate. Fix: static_argnames="solver"; checked on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ("Error interpreting argument ... as an abstract array ... path solver").',
    ),
    Case(
        id='lib-i-quadax-trapezoid-positive-mask',
        source='https://github.com/f0uriest/quadax',
        code="""\
import jax
import jax.numpy as jnp
import quadax

@jax.jit
def positive_area(x, y):
    keep = y > 0
    return quadax.trapezoid(y[keep], x=x[keep])

x = jnp.linspace(0.0, 6.0, 200)
positive_area(x, jnp.sin(x))
""",
        kind='boolean-index', argument='y', path='y', line=8,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Area of the positive part of sampled data: the user masks samples with y[y > 0] before quadax.trapezoid inside jit (dynamic shape). Fix: quadax.trapezoid(jnp.where(keep, y, 0.0), x=x) - integrates the positive part, which is what was meant (the masked version would bridge the gaps); checked: 1.99992 on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-i-quadax-static-config-array-interval',
        source='https://github.com/f0uriest/quadax',
        code="""\
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp
import quadax

@dataclasses.dataclass(frozen=True)
class QuadConfig:
    interval: jax.Array
    order: int = 21

@partial(jax.jit, static_argnames="cfg")
def laplace(s, cfg):
    y, _ = quadax.quadgk(lambda t: jnp.exp(-s * t) * jnp.cos(t), cfg.interval, order=cfg.order)
    return y

laplace(2.0, QuadConfig(interval=jnp.array([0.0, 30.0])))
""",
        kind='unhashable-static', argument='cfg', path='cfg.interval', line=17,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='A frozen-dataclass quadrature config marked static holds the interval as a jax Array, so hashing the config fails. Fix: keep the config static but store the interval as a tuple (quadgk accepts it); checked (0.4 on both). Passing cfg as a pytree (not-static) would need registering it, hence second. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError "Non-hashable static arguments are not supported".',
    ),
    Case(
        id='lib-i-bayex-objective-if-on-sample',
        source='https://github.com/alonfnt/bayex',
        code="""\
import jax
import jax.numpy as jnp
import bayex

domain = {"x": bayex.domain.Real(-3.0, 3.0), "n": bayex.domain.Integer(1, 8)}
opt = bayex.Optimizer(domain=domain, maximize=True)
state = opt.init([-1.0, -2.0, -4.0], {"x": [0.0, 1.0, -1.0], "n": [1, 3, 5]})

def score(x, n):
    if x > 0:
        return -x**2 - n
    return -(x + 1.0) ** 2 - n

@jax.jit
def propose(key, state):
    p = opt.sample(key, state)
    return p, score(**p)

propose(jax.random.key(0), state)
""",
        kind='bool-conversion', argument='x', path='x', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Black-box objective with a Python `if` evaluated on the proposal of opt.sample inside the user's jitted propose step (x is a traced float32[1]). Fix: jnp.where(x > 0, ..., ...); checked. JAX's message names only the propose arguments (key, state.*), not x. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-i-bayex-integer-domain-linspace-num',
        source='https://github.com/alonfnt/bayex',
        code="""\
import jax
import jax.numpy as jnp
import bayex

domain = {"x": bayex.domain.Real(-3.0, 3.0), "n": bayex.domain.Integer(1, 8)}
opt = bayex.Optimizer(domain=domain, maximize=True)
state = opt.init([-1.0, -2.0, -4.0], {"x": [0.0, 1.0, -1.0], "n": [1, 3, 5]})

def score(x, n):
    weights = jnp.linspace(0.0, 1.0, n)
    return -jnp.sum((weights - x) ** 2)

@jax.jit
def propose(key, state):
    p = opt.sample(key, state)
    return p, score(**p)

propose(jax.random.key(0), state)
""",
        kind='traced-shape', argument='n', path='n', line=10,
        fixes=('jnp.where',), verifiable=False, jax_fitting_fix=False,
        note="An Integer-domain hyperparameter sampled by bayex (traced float32[1]) is used as the num of jnp.linspace inside the objective under the user's jit. It cannot be static (it is sampled); the array-level fix is a fixed maximal grid (upper bound 8) masked with jnp.where(jnp.arange(8) < n, ...), which needs the weights rewritten, or evaluating the objective outside jit. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-i-bayex-numpy-table-indexed-by-sample',
        source='https://github.com/alonfnt/bayex',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import bayex

domain = {"x": bayex.domain.Real(-3.0, 3.0), "n": bayex.domain.Integer(1, 8)}
opt = bayex.Optimizer(domain=domain, maximize=True)
state = opt.init([-1.0, -2.0, -4.0], {"x": [0.0, 1.0, -1.0], "n": [1, 3, 5]})

penalties = np.array([0.0, 0.1, 0.3, 0.6, 1.0, 1.5, 2.1, 2.8, 3.6])

def score(x, n):
    return -(x - 1.0) ** 2 - penalties[n.astype(int)[0]]

@jax.jit
def propose(key, state):
    p = opt.sample(key, state)
    return p, score(**p)

propose(jax.random.key(0), state)
""",
        kind='array-conversion', argument='n', path='n', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A NumPy lookup table is indexed with the sampled integer hyperparameter inside the jitted propose step; NumPy calls __array__ on the tracer. Fix: jnp.asarray(penalties)[...]; checked. integer-conversion is defensible (it is an index) but JAX raises the __array__ conversion. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='lib-i-bayex-propose-appends-global',
        source='https://github.com/alonfnt/bayex',
        code="""\
import jax
import jax.numpy as jnp
import bayex

domain = {"x": bayex.domain.Real(-3.0, 3.0), "n": bayex.domain.Integer(1, 8)}
opt = bayex.Optimizer(domain=domain, maximize=True)
state = opt.init([-1.0, -2.0, -4.0], {"x": [0.0, 1.0, -1.0], "n": [1, 3, 5]})

proposals = []

def score(x, n):
    return -(x - 1.0) ** 2 - 0.1 * n

@jax.jit
def propose(key, state):
    p = opt.sample(key, state)
    proposals.append(p["x"])
    return score(**p)

y = propose(jax.random.key(0), state)
proposals[0] + 1.0
""",
        kind='leaked-tracer', argument='state', path='state', line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="The jitted propose step appends the sampled candidate to a global list for later logging; the list holds a tracer, used after the jit returned. Fix: return p from propose (as bayex's README loop does) and log outside. The candidate depends on key and on every leaf of state (GP fit); state chosen. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 21.",
        use_line=21,
    ),
    Case(
        id='lib-i-bayex-float-log-lr',
        source='https://github.com/alonfnt/bayex',
        code="""\
import jax
import jax.numpy as jnp
import bayex

domain = {"x": bayex.domain.Real(-3.0, 3.0), "n": bayex.domain.Integer(1, 8)}
opt = bayex.Optimizer(domain=domain, maximize=True)
state = opt.init([-1.0, -2.0, -4.0], {"x": [0.0, 1.0, -1.0], "n": [1, 3, 5]})

def score(x, n):
    lr = 10.0 ** float(x[0])
    return -(lr - 0.1) ** 2 - 0.01 * n

@jax.jit
def propose(key, state):
    p = opt.sample(key, state)
    return p, score(**p)

propose(jax.random.key(0), state)
""",
        kind='concretization', argument='x', path='x', line=10,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="float() on the sampled log-learning-rate inside the objective evaluated in the user's jitted propose step. Fix: x[0].astype(float) (JAX's message suggests astype) or simply drop float(); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
]
