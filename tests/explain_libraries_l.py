"""Held-out library cases (set L): flowMC, coreax, pzflow, jaxkan.

How they were built: each case is my own minimal reduction of an error pattern suggested by the cited
GitHub issue / PR / doc page of the library (or of its users), written against the installed versions:
    python3                    Python 3.11.7, jax 0.10.2:   flowMC 0.6.4, coreax 1.0.0, pzflow 4.0.0, jaxkan 0.3.7
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1: flowMC 0.6.5, coreax 1.0.0, pzflow 4.0.0, jaxkan 0.2.13
(jaxkan 0.3.x requires Python < 3.13, so pip picked 0.2.13 there; the cases only use
jaxkan.layers -- ChebyshevLayer / SplineLayer / get_layer / update_grid -- whose signatures are the same
in both versions.) Every cell was written to a .py file and run with both interpreters: all statements
but the last run cleanly, the last raises, with the same exception class on both (recorded in each
note); the deepest user-code line of the traceback was checked against `line` (and the raising
statement against `use_line` for leaks). Every fix marked verifiable=True was applied by hand and the
fixed file re-run on both interpreters (it traces and runs). flowMC Sampler cases pass
checkpoint_interval=0 so that no ./outdir checkpoint or compilation cache is written.

Doubts about labels:
- lib-l-coreax-power-kernel-traced-degree: the exception is coreax's own ValueError from an
  isinstance(power, int) check, not a JAX error; labelled integer-conversion (the degree is needed as
  a Python int). concretization would also be defensible.
- lib-l-coreax-traced-coreset-size: JAX raises ConcretizationTypeError from coreax's `int` converter;
  labelled traced-shape because coreset_size is an array length. JAX's suggestion (astype) does not fit.
- lib-l-coreax-inlier-mask-before-reduce: the best fix (zero weights via jnp.where, Data(x, weights=w))
  changes how the line is written rather than the indexing expression itself, so verifiable=False;
  size-argument (padded nonzero) listed second.
- lib-l-pzflow-grad-through-dataframe: the fix vocabulary has nothing for "call the array-level API
  instead of the DataFrame one"; jnp-not-np is the nearest. verifiable=False.
- lib-l-pzflow-train-loss-float: "just drop float()" is not in the vocabulary; astype (what JAX
  suggests) first, jnp-not-builtin second, as earlier sets did.
- lib-l-jaxkan-train-step-float-print: loss depends on model, x and y; argument='model' (first
  parameter of the nnx.jit function), path 'model' (no single leaf). x would also be defensible.
- Leak argument choices: flowmc leak -- the lambda's x (the stored positions come from it, the
  first one directly, later ones through MALA); coreax leak -- indices depend only on x; pzflow leak
  -- inputs of the user's forward function (pzflow's jit passes params, inputs); jaxkan leak -- the
  jitted lambda's x.
- lib-l-flowmc-data-model-index: no `static` alternative exists because flowMC owns the jit;
  lax.switch is the only listed fix.
- lib-l-coreax-kernel-if-radius / lib-l-pzflow-bijector-if-clip / lib-l-flowmc-sampler-if-positive-scale:
  no user jit at all -- the library's own vmap/jit traces the user's function; argument is the user
  function's parameter (x / inputs / x).

Dropped candidates:
- unxt (and coordinax, which needs it): on Python 3.13 / jax 0.12 its dependency quax 0.4.6 fails to
  import (plum dispatch error in quax._dispatch, AttributeError "'function' object has no attribute
  'dispatch'"); installing unxt on 3.11 downgraded optype to 0.13.4 (quax_blocks pins optype<0.14 on
  Python < 3.12).
- sbijax: pulls in tensorflow / tensorflow-datasets.
- pzflow patterns dropped: building pzflow bijectors (Scale, ShiftBounds) inside jit fails even with
  static arguments (their constructors call float()/`if` on jnp results, which are always staged under
  jit), so no vocabulary fix applies.
- coreax string kernel-name argument (non-array-argument) dropped for balance (same pattern as the
  jaxkan layer_type case).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-l-flowmc-sampler-if-positive-scale',
        source='https://flowmc.readthedocs.io/en/main/quickstart/',
        code="""\
import jax
import jax.numpy as jnp
from flowMC.Sampler import Sampler
from flowMC.resource_strategy_bundle.RQSpline_MALA import RQSpline_MALA_Bundle

def log_posterior(x, data):
    if x[1] <= 0:
        return -jnp.inf
    return -0.5 * jnp.sum((data["y"] - x[0]) ** 2) / x[1] ** 2 - data["y"].size * jnp.log(x[1])

bundle = RQSpline_MALA_Bundle(jax.random.key(0), n_chains=4, n_dims=2, logpdf=log_posterior,
    n_local_steps=3, n_global_steps=3, n_training_loops=1, n_production_loops=1, n_epochs=1,
    rq_spline_hidden_units=(8,), rq_spline_n_layers=1, batch_size=8, n_max_examples=16)
sampler = Sampler(n_dim=2, n_chains=4, rng_key=jax.random.key(1), resource_strategy_bundles=bundle,
                  checkpoint_interval=0)
sampler.sample(jnp.ones((4, 2)), {"y": jnp.array([0.3, -0.1, 0.5])})
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Python `if x[1] <= 0: return -jnp.inf` (support check on the scale parameter) in the user's log-posterior; no user jit: flowMC's Sampler.sample traces it under its own eqx.filter_jit/filter_vmap over chains (MALA value_and_grad inside lax.scan). Fix: ll = ...; return jnp.where(x[1] <= 0, -jnp.inf, ll) -- checked, the sampler then runs. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-l-flowmc-data-model-index',
        source='https://github.com/kazewong/flowMC/issues/149',
        code="""\
import jax
import jax.numpy as jnp
from flowMC.Sampler import Sampler
from flowMC.resource_strategy_bundle.RQSpline_MALA import RQSpline_MALA_Bundle

def gaussian(x, y):
    return -0.5 * jnp.sum((y - x[0]) ** 2)

def laplace(x, y):
    return -jnp.sum(jnp.abs(y - x[0]))

LIKELIHOODS = [gaussian, laplace]

def log_posterior(x, data):
    return LIKELIHOODS[data["model"]](x, data["y"]) - 0.5 * jnp.sum(x ** 2)

bundle = RQSpline_MALA_Bundle(jax.random.key(0), n_chains=4, n_dims=2, logpdf=log_posterior,
    n_local_steps=3, n_global_steps=3, n_training_loops=1, n_production_loops=1, n_epochs=1,
    rq_spline_hidden_units=(8,), rq_spline_n_layers=1, batch_size=8, n_max_examples=16)
sampler = Sampler(n_dim=2, n_chains=4, rng_key=jax.random.key(1), resource_strategy_bundles=bundle,
                  checkpoint_interval=0)
sampler.sample(jnp.ones((4, 2)), {"y": jnp.array([0.3, -0.1, 0.5]), "model": jnp.array(1)})
""",
        kind='integer-conversion', argument='data', path="data['model']", line=15,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note="The data pytree passed to sampler.sample is traced by flowMC's jitted/vmapped step, so a model selector stored in it (data['model']) is a tracer; indexing a Python list of likelihood functions with it calls __index__. Fix: jax.lax.switch(data['model'], LIKELIHOODS, x, data['y']) -- checked. (static is not available: the library owns the jit.) Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.",
    ),
    Case(
        id='lib-l-flowmc-global-visited-list',
        source='https://github.com/kazewong/flowMC/issues/231',
        code="""\
import jax
import jax.numpy as jnp
from flowMC.resource.kernel.MALA import MALA

visited = []

def log_posterior(x, data):
    visited.append(x)
    return -0.5 * jnp.sum((x - data["mu"]) ** 2)

mala = MALA(jnp.full(2, 0.1))
data = {"mu": jnp.array([1.0, -1.0])}
step = jax.jit(lambda key, x: mala.kernel(key, x, log_posterior(x, data), log_posterior, data))
x, logp, accepted = step(jax.random.key(0), jnp.zeros(2))
trace = jnp.stack(visited)
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="The user's log-posterior appends every evaluated position to a module-level list to monitor the chain (the wish in flowMC issue 231); the positions are tracers of the user's jitted step (and of MALA's value_and_grad/scan). jnp.stack(visited) after the call uses them. Fix: return the positions (flowMC keeps them in its buffers) instead of storing them. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError (py3.11 reports a DynamicJaxprTracer, py3.13 a LinearizeTracer).",
        use_line=15,
    ),
    Case(
        id='lib-l-flowmc-logpdf-as-jit-arg',
        source='https://github.com/sachaguer/jaxili/issues/17',
        code="""\
import jax
import jax.numpy as jnp
from flowMC.resource.kernel.MALA import MALA

def log_posterior(x, data):
    return -0.5 * jnp.sum((x - data["mu"]) ** 2)

@jax.jit
def mala_step(key, x, logpdf, data):
    return MALA(jnp.full(2, 0.1)).kernel(key, x, logpdf(x, data), logpdf, data)

mala_step(jax.random.key(0), jnp.zeros(2), log_posterior, {"mu": jnp.ones(2)})
""",
        kind='non-array-argument', argument='logpdf', path='logpdf', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The user's jitted MALA step takes the log-density function itself as an ordinary argument; jax.jit cannot abstract a Python function. Fix: static_argnames='logpdf' (functions are hashable) -- checked; closing over it also works. JAX's message says to mark it static. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='lib-l-flowmc-mala-kernel-static',
        source='https://flowmc.readthedocs.io/en/main/quickstart/#resource-and-strategy',
        code="""\
import jax
import jax.numpy as jnp
from flowMC.resource.kernel.MALA import MALA

def log_posterior(x, data):
    return -0.5 * jnp.sum((x - data["mu"]) ** 2)

def run(kernel, key, x, data):
    return kernel.kernel(key, x, log_posterior(x, data), log_posterior, data)

run_jit = jax.jit(run, static_argnums=0)
run_jit(MALA(jnp.full(2, 0.1)), jax.random.key(0), jnp.zeros(2), {"mu": jnp.ones(2)})
""",
        kind='unhashable-static', argument='kernel', path='kernel', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="flowMC's MALA resource is an equinox Module holding arrays (step_size, periodic mask/bounds); passing it through static_argnums=0 makes jit hash it, and hashing the array fields fails. It is a pytree, so the fix is to stop marking it static (static_argnums=()) -- checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported', caused by TypeError unhashable type ArrayImpl).",
    ),
    Case(
        id='lib-l-flowmc-numpy-exp-vmapped-chains',
        source='https://github.com/kazewong/flowMC/issues/17',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from flowMC.resource.kernel.MALA import MALA

def log_posterior(x, data):
    sigma = np.exp(x[1])
    return -0.5 * jnp.sum((data["y"] - x[0]) ** 2) / sigma ** 2 - data["y"].size * x[1]

mala = MALA(jnp.full(2, 0.05))
data = {"y": jnp.array([0.3, -0.1, 0.5])}

def chain_step(key, x):
    return mala.kernel(key, x, log_posterior(x, data), log_posterior, data)

keys = jax.random.split(jax.random.key(0), 8)
jax.jit(jax.vmap(chain_step))(keys, jnp.zeros((8, 2)))
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=True,
        note="np.exp on a traced parameter inside the log-posterior (a non-JAX likelihood, flowMC issue 17); the value reaches it through the user's jax.jit(jax.vmap(chain_step)) over chains and MALA's value_and_grad. Fix: jnp.exp -- checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='lib-l-coreax-kernel-if-radius',
        source='https://github.com/gchq/coreax/issues/141',
        code="""\
import jax
import jax.numpy as jnp
from coreax import Data
from coreax.kernels import ScalarValuedKernel
from coreax.solvers import KernelHerding

class TruncatedKernel(ScalarValuedKernel):
    radius: float = 1.0

    def compute_elementwise(self, x, y):
        r = jnp.linalg.norm(x - y)
        if r > self.radius:
            return 0.0
        return 1.0 - r / self.radius

x = jax.random.normal(jax.random.key(0), (50, 2))
solver = KernelHerding(coreset_size=5, kernel=TruncatedKernel())
solver.reduce(Data(x))
""",
        kind='bool-conversion', argument='x', path='x', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User-defined coreax ScalarValuedKernel whose compute_elementwise truncates with a Python `if r > self.radius`; coreax evaluates it through its pairwise vmap inside KernelHerding.reduce, so r is a batched tracer (no user jit at all). Fix: jnp.where(r > self.radius, 0.0, 1.0 - r / self.radius) -- checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-l-coreax-traced-coreset-size',
        source='https://github.com/gchq/coreax/pull/583',
        code="""\
import jax
import jax.numpy as jnp
from coreax import Data
from coreax.kernels import SquaredExponentialKernel
from coreax.solvers import KernelHerding

@jax.jit
def compress(x, size):
    solver = KernelHerding(coreset_size=size, kernel=SquaredExponentialKernel())
    coresubset, _ = solver.reduce(Data(x))
    return coresubset.points.data

x = jax.random.normal(jax.random.key(0), (50, 2))
compress(x, 5)
""",
        kind='traced-shape', argument='size', path='size', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="coreset_size is the length of the index array KernelHerding builds; coreax's ExplicitSizeSolver field has converter=int, so a traced size fails when the solver is constructed inside the user's jit. Fix: static_argnames='size' -- checked. JAX's message blames `int` and suggests x.astype(int), which does not fit (coreax needs a Python int). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-l-coreax-inlier-mask-before-reduce',
        source='https://github.com/gchq/coreax/pull/607',
        code="""\
import jax
import jax.numpy as jnp
from coreax import Data
from coreax.kernels import SquaredExponentialKernel
from coreax.solvers import KernelHerding

solver = KernelHerding(coreset_size=5, kernel=SquaredExponentialKernel())

@jax.jit
def compress_inliers(x):
    inliers = x[jnp.linalg.norm(x, axis=1) < 2.0]
    coresubset, _ = solver.reduce(Data(inliers))
    return coresubset.points.data

x = jax.random.normal(jax.random.key(0), (50, 2))
compress_inliers(x)
""",
        kind='boolean-index', argument='x', path='x', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=False, jax_fitting_fix=False,
        note="Dropping outliers with a boolean mask before herding, inside the user's jit: x[mask] has a data-dependent length. The coreax way is array-level: keep all points and zero the outliers' weights, Data(x, weights=jnp.where(mask, 1.0, 0.0)) (checked, traces and runs); a padded jnp.nonzero(mask, size=...) also works. Not a mechanical rewrite of the indexing line, so verifiable=False. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.",
    ),
    Case(
        id='lib-l-coreax-power-kernel-traced-degree',
        source='https://github.com/gchq/coreax/blob/main/coreax/kernels/base.py',
        code="""\
import jax
import jax.numpy as jnp
from coreax import Data
from coreax.kernels import LinearKernel
from coreax.solvers import KernelHerding

@jax.jit
def polynomial_coreset(x, degree):
    kernel = (LinearKernel() + 1.0) ** degree
    coresubset, _ = KernelHerding(coreset_size=5, kernel=kernel).reduce(Data(x))
    return coresubset.points.data

x = jax.random.normal(jax.random.key(0), (50, 2))
polynomial_coreset(x, 3)
""",
        kind='integer-conversion', argument='degree', path='degree', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='`kernel ** degree` builds a coreax PowerKernel whose __check_init__ requires isinstance(power, int); a traced degree (jit argument) fails that check and coreax raises its own ValueError. The degree is needed as a Python int. Fix: static_argnames=\'degree\' -- checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ("\'power\' must be a positive integer...").',
    ),
    Case(
        id='lib-l-coreax-indices-on-self',
        source='https://github.com/gchq/coreax/issues/581',
        code="""\
import jax
import jax.numpy as jnp
from coreax import Data
from coreax.kernels import SquaredExponentialKernel
from coreax.solvers import KernelHerding

class CoresetCache:
    def __init__(self, size):
        self.solver = KernelHerding(coreset_size=size, kernel=SquaredExponentialKernel())
        self.indices = None

    def compress(self, x):
        coresubset, _ = self.solver.reduce(Data(x))
        self.indices = coresubset.unweighted_indices
        return coresubset.points.data

x = jax.random.normal(jax.random.key(0), (50, 2))
cache = CoresetCache(5)
points = jax.jit(cache.compress)(x)
x[cache.indices]
""",
        kind='leaked-tracer', argument='x', path='x', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="A user wrapper class jits its bound method compress and stores the coresubset's indices on self as a side effect (the side-effect style coreax issue 581 removed from the library); using cache.indices after the call indexes with a dead tracer. Fix: return the indices from the jitted method. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.",
        use_line=20,
    ),
    Case(
        id='lib-l-coreax-unique-coreset-indices',
        source='https://github.com/gchq/coreax/pull/576',
        code="""\
import jax
import jax.numpy as jnp
from coreax import Data
from coreax.kernels import SquaredExponentialKernel
from coreax.solvers import KernelHerding

solver = KernelHerding(coreset_size=8, kernel=SquaredExponentialKernel(), unique=False)

@jax.jit
def distinct_coreset(x):
    coresubset, _ = solver.reduce(Data(x))
    idx = jnp.unique(coresubset.unweighted_indices)
    return x[idx]

x = jax.random.normal(jax.random.key(0), (50, 2))
distinct_coreset(x)
""",
        kind='traced-shape', argument='x', path='x', line=12,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note="With unique=False herding may pick a point twice; de-duplicating with jnp.unique inside the user's jit has a data-dependent output length. Fix: jnp.unique(..., size=8, fill_value=-1) -- checked; JAX's message suggests exactly the size argument. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-l-pzflow-bijector-if-clip',
        source='https://github.com/jfcrenshaw/pzflow/pull/4',
        code="""\
import jax.numpy as jnp
import pandas as pd
from pzflow import Flow
from pzflow.bijectors import Bijector, ForwardFunction, InitFunction, InverseFunction

@Bijector
def SafeScale(scale=2.0, bound=3.0):
    @InitFunction
    def init_fun(rng, input_dim, **kwargs):
        @ForwardFunction
        def forward_fun(params, inputs, **kwargs):
            if jnp.abs(inputs).max() > bound:
                inputs = jnp.clip(inputs, -bound, bound)
            return scale * inputs, jnp.full(inputs.shape[0], input_dim * jnp.log(scale))
        @InverseFunction
        def inverse_fun(params, inputs, **kwargs):
            return inputs / scale, jnp.full(inputs.shape[0], -input_dim * jnp.log(scale))
        return (), forward_fun, inverse_fun
    return init_fun, ("SafeScale", (scale, bound))

flow = Flow(["a", "b"], bijector=SafeScale())
df = pd.DataFrame({"a": [0.3, -0.2, 1.1], "b": [-0.5, 0.4, 0.0]})
flow.log_prob(df)
""",
        kind='bool-conversion', argument='inputs', path='inputs', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="User-defined pzflow bijector (Bijector/InitFunction/ForwardFunction wrappers) clips its inputs only `if jnp.abs(inputs).max() > bound`; Flow.log_prob calls the forward function under pzflow's own jit (_log_prob_jitted), so inputs is traced. Fix: inputs = jnp.where(cond, jnp.clip(...), inputs) -- checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-l-pzflow-bijector-debug-dict',
        source='https://github.com/jfcrenshaw/pzflow/blob/main/docs/tutorials/customizing_example.ipynb',
        code="""\
import jax.numpy as jnp
import pandas as pd
from pzflow import Flow
from pzflow.bijectors import Bijector, ForwardFunction, InitFunction, InverseFunction

debug = {}

@Bijector
def Shift(shift=1.0):
    @InitFunction
    def init_fun(rng, input_dim, **kwargs):
        @ForwardFunction
        def forward_fun(params, inputs, **kwargs):
            debug["last_inputs"] = inputs
            return inputs - shift, jnp.zeros(inputs.shape[0])
        @InverseFunction
        def inverse_fun(params, inputs, **kwargs):
            return inputs + shift, jnp.zeros(inputs.shape[0])
        return (), forward_fun, inverse_fun
    return init_fun, ("Shift", (shift,))

flow = Flow(["a", "b"], bijector=Shift(0.5))
flow.log_prob(pd.DataFrame({"a": [0.3, -0.2], "b": [-0.5, 0.4]}))
jnp.mean(debug["last_inputs"], axis=0)
""",
        kind='leaked-tracer', argument='inputs', path='inputs', line=14,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note="A custom bijector's forward function stashes its inputs in a global dict for debugging; it runs under pzflow's jitted _log_prob, so the stored value is a tracer and jnp.mean on it afterwards fails. Fix: do not store it (return/inspect outside, or jax.debug.print inside). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.",
        use_line=24,
    ),
    Case(
        id='lib-l-pzflow-latent-sample-traced-n',
        source='https://github.com/jfcrenshaw/pzflow/blob/main/docs/tutorials/intro.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from pzflow import Flow
from pzflow.bijectors import Reverse

flow = Flow(["a", "b"], bijector=Reverse())

@jax.jit
def draw_latent(params, n):
    u = flow.latent.sample(params[0], n, seed=0)
    return jnp.mean(u, axis=0)

draw_latent(flow._params, 100)
""",
        kind='traced-shape', argument='n', path='n', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The number of latent samples is a jit argument, so flow.latent.sample(params, n) asks jax.random for a shape (n, 2) with a traced n. Fix: static_argnames='n' -- checked; JAX's message suggests static_argnums. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Shapes must be 1D sequences of concrete values of integer type').",
    ),
    Case(
        id='lib-l-pzflow-flow-object-jit-arg',
        source='https://github.com/LSSTDESC/rail_pzflow',
        code="""\
import jax
import jax.numpy as jnp
from pzflow import Flow
from pzflow.bijectors import Reverse

def latent_log_density(flow, u):
    return flow.latent.log_prob(flow._params[0], u).sum()

flow = Flow(["a", "b"], bijector=Reverse())
jax.jit(latent_log_density)(flow, jnp.zeros((3, 2)))
""",
        kind='non-array-argument', argument='flow', path='flow', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A pzflow Flow is a plain Python object (not a pytree); passing it as an ordinary argument of jax.jit fails when JAX abstracts the arguments. Fix: static_argnums=0 (Flow hashes by identity) -- checked; closing over the flow also works. JAX's message mentions static_argnums. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='lib-l-pzflow-grad-through-dataframe',
        source='https://github.com/jfcrenshaw/pzflow/blob/main/docs/tutorials/intro.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import pandas as pd
from pzflow import Flow
from pzflow.bijectors import Reverse

flow = Flow(["a", "b"], bijector=Reverse())

def neg_log_density(x):
    df = pd.DataFrame(x, columns=["a", "b"])
    return -flow.log_prob(df).sum()

jax.grad(neg_log_density)(jnp.array([[0.1, 0.2]]))
""",
        kind='array-conversion', argument='x', path='x', line=10,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note='Differentiating the flow density w.r.t. the data: the user wraps the traced x (under jax.grad) in a pandas DataFrame because Flow.log_prob takes DataFrames; pandas converts it with np.asarray. The fix is to stay in JAX arrays (e.g. the array-level flow._log_prob(flow._params, x, None)), which is not a one-token rewrite, so verifiable=False. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='lib-l-pzflow-train-loss-float',
        source='https://github.com/jfcrenshaw/pzflow/blob/main/docs/tutorials/weighted.ipynb',
        code="""\
import jax.numpy as jnp
import numpy as np
import pandas as pd
from pzflow import Flow
from pzflow.bijectors import Chain, Reverse, StandardScaler

df = pd.DataFrame(np.random.default_rng(0).normal(size=(64, 2)), columns=["a", "b"])
flow = Flow(["a", "b"], bijector=Chain(StandardScaler(jnp.zeros(2), jnp.ones(2)), Reverse()))

def weighted_nll(params, x, c, w):
    total = float(w.sum())
    return -jnp.sum(w * flow._log_prob(params, x, c)) / total

flow.train(df, epochs=1, batch_size=32, loss_fn=weighted_nll)
""",
        kind='concretization', argument='w', path='w', line=11,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="Custom loss_fn(params, x, c, w) passed to Flow.train normalises by float(w.sum()); pzflow traces it under its jitted step with grad. Dropping float() (or w.sum().astype(float), as JAX's message suggests) fixes it -- checked, training runs. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-l-jaxkan-update-grid-traced-G',
        source='https://github.com/srigas/jaxKAN/blob/main/docs/tutorials/Tutorial%204%20-%20Adaptive%20State%20Transition.ipynb',
        code="""\
import jax.numpy as jnp
from flax import nnx
from jaxkan.layers import SplineLayer

layer = SplineLayer(n_in=2, n_out=1, k=3, G=3, seed=0)

@nnx.jit
def extend_grid(layer, x, G_new):
    layer.update_grid(x, G_new)
    return layer(x)

x = jnp.linspace(-1.0, 1.0, 40).reshape(20, 2)
extend_grid(layer, x, 6)
""",
        kind='traced-shape', argument='G_new', path='G_new', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Grid extension of a jaxkan SplineLayer inside nnx.jit with the new grid size as an ordinary argument: update_grid builds grids/bases whose size is G_new. Fix: nnx.jit(static_argnames='G_new') -- checked on both jaxkan versions. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-l-jaxkan-module-activations-list',
        source='https://github.com/srigas/jaxKAN/blob/main/docs/tutorials/Tutorial%206%20-%20DIY%20KANs.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from flax import nnx
from jaxkan.layers import ChebyshevLayer

class KANRegressor(nnx.Module):
    def __init__(self):
        self.hidden = ChebyshevLayer(n_in=1, n_out=8, D=4, seed=0)
        self.out = ChebyshevLayer(n_in=8, n_out=1, D=4, seed=1)
        self.activations = []

    def __call__(self, x):
        h = self.hidden(x)
        self.activations.append(h)
        return self.out(jnp.tanh(h))

model = KANRegressor()
predict = jax.jit(lambda x: model(x))
y = predict(jnp.linspace(-1.0, 1.0, 16)[:, None])
jnp.abs(model.activations[-1]).mean()
""",
        kind='leaked-tracer', argument='x', path='x', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A DIY KAN (nnx.Module of two jaxkan ChebyshevLayers) records hidden activations in a plain Python list attribute during a jax.jit-ed forward pass; reading model.activations[-1] afterwards uses a tracer. Fix: return the activations (or use nnx.sow / an nnx.Variable under nnx.jit). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.',
        use_line=20,
    ),
    Case(
        id='lib-l-jaxkan-train-step-float-print',
        source='https://github.com/srigas/jaxKAN/blob/main/docs/tutorials/Tutorial%208%20-%20Adaptive%20PIKANs.ipynb',
        code="""\
import jax.numpy as jnp
import optax
from flax import nnx
from jaxkan.layers import ChebyshevLayer

model = ChebyshevLayer(n_in=1, n_out=1, D=5, seed=0)
optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)

@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    print(f"loss = {float(loss):.4f}")
    return loss

x = jnp.linspace(-1.0, 1.0, 32)[:, None]
train_step(model, optimizer, x, jnp.sin(3 * x))
""",
        kind='concretization', argument='model', path='model', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Logging the loss with float() inside an nnx.jit train step of a jaxkan layer. The loss depends on model (params), x and y; model is the first. Fix: jax.debug.print('loss = {l:.4f}', l=loss) -- checked (or return the loss and print outside). JAX's message suggests astype, which does not fit string formatting. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-l-jaxkan-layer-type-string-arg',
        source='https://github.com/srigas/jaxKAN/blob/main/docs/tutorials/Tutorial%202%20-%20Layer%20Types.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from jaxkan.layers import get_layer

@jax.jit
def kan_features(x, layer_type):
    layer = get_layer(layer_type)(n_in=2, n_out=4, seed=0)
    return layer(x)

kan_features(jnp.ones((8, 2)), "chebyshev")
""",
        kind='non-array-argument', argument='layer_type', path='layer_type', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="jaxkan selects layer classes by name (get_layer('chebyshev')); passing that string through jax.jit as an ordinary argument fails. Fix: static_argnames='layer_type' -- checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='lib-l-jaxkan-config-list-static',
        source='https://github.com/srigas/jaxKAN/blob/main/docs/tutorials/Tutorial%208%20-%20Adaptive%20PIKANs.ipynb',
        code="""\
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp
from jaxkan.layers import ChebyshevLayer

@dataclasses.dataclass
class KANConfig:
    widths: list
    degree: int = 4

@partial(jax.jit, static_argnames="cfg")
def forward(x, cfg):
    for n_in, n_out in zip(cfg.widths[:-1], cfg.widths[1:]):
        x = ChebyshevLayer(n_in=n_in, n_out=n_out, D=cfg.degree, seed=0)(x)
    return x

forward(jnp.ones((4, 2)), KANConfig(widths=[2, 8, 1]))
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="Architecture config (layer widths list + degree, as jaxkan tutorials pass layer_dims lists) is a plain mutable dataclass marked static; jit cannot hash it. Fix: @dataclass(frozen=True) with widths as a tuple -- checked (frozen alone is not enough because of the list field). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable static arguments are not supported', cause TypeError unhashable type 'KANConfig').",
    ),
]
