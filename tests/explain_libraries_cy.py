"""Held-out library cases (set cy): jaxbessel, jaxfolio, jaxflow.

How they were built: each cell is my own reduction of a way a user of the
library meets a JAX tracing error, written after reading the installed source
of the three libraries and their README / docs pages (none of the three has
public issue threads that show these patterns, so sources are README, docs or
source pages of the API exercised). Every cell was written to a file and run
with /tmp/heldout52/venv_cy/bin/python: all statements but the last run
cleanly and the last raises (exception class recorded in each note); line and
use_line were checked against the cell's frames in the traceback. Each first
fix (and second fixes where noted) was applied by hand and re-run.

Interpreter and versions: CPython 3.11.7; venv made with
--system-site-packages; jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, optax 0.2.8,
flax 0.12.8, equinox 0.13.8 (as on the machine); jaxbessel 0.2.0,
jaxfolio 0.1.1 (pulls pandas, scipy, matplotlib), jaxflow 0.1.5.dev0 (pulls
tqdm, scikit-learn). None of the three turns on 64-bit mode at import
(jax_enable_x64 stays False), so no case depends on it. jaxbessel documents
that it works with and without x64.

Dropped: nothing from the candidate list (all three installed and imported
with the pins). Patterns dropped after trying: jaxflow's gradient
accumulation / EMA paths (BaseOptimizer.init and update call jax.tree_map,
removed from JAX, so they fail with AttributeError before any tracing);
a vmap over OptimizerConfig weight caps through minimum_variance (it works as a
library-raised bool-conversion but its only fix is a Python loop, and it
duplicated other cases); a traced label_smoothing in BinaryCrossentropy
(same pattern as the Dropout training flag).

Doubts about labels:
- y-jaxbessel-traced-order-jit: JAX reports a hashing failure (ValueError,
  Non-hashable static arguments), so unhashable-static is defensible; I chose
  traced-shape because the value is a traced count/order that the library
  needs as a compile-time constant, and the fix is static, not hashable-static.
- y-jaxbessel-jnp-lmax, y-jaxfolio-config-jnp-learning-rate: no function of
  the user is traced (the failure is at the library jit's static-argument
  hashing), hence argument None; numpy-for-static is an equally good first fix.
- y-jaxbessel-tuple-order-index: jnp-not-np is the usual first fix for a
  traced index into a Python tuple, but here it only moves the error (nu must
  be a static float), so lax.switch is first; static is as good when the law is
  fixed per call.
- y-jaxbessel-float-order: traced-shape is arguable (nu is a compile-time
  constant of the library); I kept concretization because JAX raises
  ConcretizationTypeError from the user's own float() call.
- y-jaxbessel-numpy-hypot: the value depends on xx and yy; argument is xx as
  the first.
- y-jaxfolio-delta-under-jit: static makes the function recompile per spot;
  many users would instead differentiate black_scholes_price themselves with
  jax.grad or use chain_greeks, which is not in the fix vocabulary.
- y-jaxfolio-vmap-is-call, y-jaxflow-traced-training-flag: the bool
  conversion happens inside the library's own if; concretization would be
  defensible for a library-raised error, but JAX raises
  TracerBoolConversionError.
- y-jaxfolio-binomial-traced-steps: static on the whole spec dict is not
  possible (dicts are unhashable), so the fix moves steps out of the traced
  pytree; concretization is defensible since JAX raises
  ConcretizationTypeError, but the value is a size.
- y-jaxfolio-projection-nonzero: JAX raises ConcretizationTypeError; the
  message names the size argument, hence jax_fitting_fix=True although
  jnp.where is listed first.
- y-jaxfolio-objective-history-leak, y-jaxflow-probe-layer-leak: the library
  traces the user's function and owns its return value, so return-value is
  not directly applicable; jax.debug.print (callback) is first.
- y-jaxflow-functional-call-leak: the tracer is stored by the library
  (Model.functional_call), not by user code; line is the user's
  functional_call line. Every param leaf leaks; path names the first one the
  later call reads. The real fix (model.set_params with concrete params) is
  not in the vocabulary; return-value is the nearest, so verifiable=False.
- y-jaxflow-masked-loss-boolean-index: jnp.where changes the mean's divisor
  (all rows instead of labelled rows); a rescaled where keeps the result.
- y-jaxflow-subclass-if-training: the traced training flag comes from the
  library's jit in Model.predict, not from the user; static would be the
  natural fix if the user owned the jit.
- y-jaxflow-reshape-jnp-sqrt: argument None because the traced value comes
  from a static shape made into a tracer by jnp, not from any parameter.
- y-jaxflow-model-as-jit-arg: closing over the model instead of passing it is
  an equally good fix (also covered by static).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='y-jaxbessel-traced-order-jit',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/src/jaxbessel/bessel.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbessel import bessel_jn

@jax.jit
def ring_visibility(n, baseline):
    orders = bessel_jn(n, baseline)
    return orders[-1] ** 2

uv = jnp.linspace(0.1, 20.0, 64)
ring_visibility(4, uv)
""",
        kind='traced-shape', argument='n', path='n', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The order n of bessel_jn is a static argument of the library's own jit (it sets how many orders are stacked), but the user's jit traces n, so the inner jit fails to hash the tracer and JAX raises ValueError (Non-hashable static arguments). Marking n static in the user's jit (static_argnums=0) fixes it; checked.",
    ),
    Case(
        id='y-jaxbessel-jnp-lmax',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/src/jaxbessel/spherical.py',
        code="""\
import jax.numpy as jnp
from jaxbessel import spherical_bessel_jn

k = 2.0
r = jnp.linspace(0.0, 5.0, 100)
lmax = jnp.ceil(k * r.max()).astype(int) + 5
spherical_bessel_jn(lmax, k * r)
""",
        kind='unhashable-static', argument=None, path=None, line=7,
        fixes=('hashable-static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="The number of multipoles is computed eagerly with jnp, so a concrete jax Array (unhashable) reaches spherical_bessel_jn's static order argument; JAX raises ValueError (Non-hashable static arguments). Wrapping it in int(...) (or computing it with math/NumPy) fixes it; checked. No user function is traced, so argument is None.",
    ),
    Case(
        id='y-jaxbessel-static-list-orders',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/src/jaxbessel/fractional.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jaxbessel import bessel_jv_over_xv

@partial(jax.jit, static_argnames="orders")
def disk_visibility(x, coeffs, orders):
    terms = [bessel_jv_over_xv(nu, x) for nu in orders]
    return jnp.stack(terms).T @ coeffs

x = jnp.linspace(0.0, 25.0, 128)
disk_visibility(x, jnp.array([1.0, -0.3, -0.1]), orders=[1.0, 1.25, 1.5])
""",
        kind='unhashable-static', argument='orders', path='orders', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The real orders nu must be Python floats, so the user marks orders static but passes a list, which jit cannot hash; JAX raises ValueError (Non-hashable static arguments). Passing a tuple fixes it; checked.',
    ),
    Case(
        id='y-jaxbessel-airy-if-zero',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxbessel import j1

def airy_amplitude(r):
    if r == 0.0:
        return 1.0
    return 2.0 * j1(r) / r

radii = jnp.linspace(0.0, 10.0, 101)
jax.vmap(airy_amplitude)(radii)
""",
        kind='bool-conversion', argument='r', path='r', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The Airy amplitude 2 J1(r)/r special-cases r == 0 with a Python if; under vmap r is a BatchTracer and JAX raises TracerBoolConversionError. jnp.where(r == 0, 1, 2*j1(r)/r) keeps the values (lax.cond also runs under vmap); both checked.',
    ),
    Case(
        id='y-jaxbessel-numpy-hypot',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/README.md',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from jaxbessel import j1

@jax.jit
def airy_psf(xx, yy, scale):
    r = np.hypot(xx, yy) * scale + 1e-12
    return (2.0 * j1(r) / r) ** 2

grid = jnp.linspace(-3.0, 3.0, 65)
xx, yy = jnp.meshgrid(grid, grid)
airy_psf(xx, yy, 4.0)
""",
        kind='array-conversion', argument='xx', path='xx', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An Airy PSF built on a pixel grid uses np.hypot on the jitted grid coordinates before calling jaxbessel.j1, so NumPy calls __array__ on a tracer and JAX raises TracerArrayConversionError. Using jnp.hypot fixes it; checked.',
    ),
    Case(
        id='y-jaxbessel-tuple-order-index',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/src/jaxbessel/fractional.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbessel import bessel_jv_over_xv

LAW_ORDERS = (1.0, 1.25, 1.5)
x = jnp.linspace(0.0, 20.0, 100)

@jax.jit
def kernel_for_law(law):
    nu = LAW_ORDERS[law]
    return bessel_jv_over_xv(nu, x)

kernel_for_law(1)
""",
        kind='integer-conversion', argument='law', path='law', line=10,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A limb-darkening law is chosen by indexing a Python tuple of orders with the jitted argument law, so JAX raises TracerIntegerConversionError. A jnp array would not help because bessel_jv_over_xv needs nu as a Python float, so lax.switch over one branch per order (or making law static) is the fix; both checked.',
    ),
    Case(
        id='y-jaxbessel-global-cache-leak',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/src/jaxbessel/bessel.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbessel import bessel_jn

_table = {}

@jax.jit
def fringe_power(u):
    jn = bessel_jn(3, u)
    _table["last"] = jn
    return jnp.sum(jn ** 2, axis=0)

u = jnp.linspace(0.5, 12.0, 40)
fringe_power(u)
jnp.max(_table["last"])
""",
        kind='leaked-tracer', argument='u', path='u', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=15,
        note='The table of orders from bessel_jn is kept in a module-level dict inside a jitted function, and reading it after the call raises UnexpectedTracerError. Returning the table as a second output fixes it; checked.',
    ),
    Case(
        id='y-jaxbessel-float-order',
        source='https://github.com/benjaminpope/jaxbessel/blob/main/src/jaxbessel/fractional.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbessel import bessel_jv_over_xv

x = jnp.linspace(0.0, 30.0, 256)
theta = {"alpha": 0.5, "scale": 2.0}

@jax.jit
def sqrt_law_visibility(theta):
    nu = float(theta["alpha"]) / 2.0 + 1.0
    return theta["scale"] * bessel_jv_over_xv(nu, x)

sqrt_law_visibility(theta)
""",
        kind='concretization', argument='theta', path="theta['alpha']", line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='bessel_jv_over_xv documents nu as a static Python float, so the user calls float() on a fitted limb-darkening exponent held in a jitted params dict; JAX raises ConcretizationTypeError. Its astype hint does not fit (nu must stay a Python value); passing alpha as a static argument fixes it; checked.',
    ),
    Case(
        id='y-jaxfolio-vmap-is-call',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/options.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxfolio.options import black_scholes_price

chain = {
    "strike": jnp.array([90.0, 100.0, 110.0, 120.0]),
    "is_call": jnp.array([False, True, True, False]),
}

def leg_price(leg):
    return black_scholes_price(100.0, leg["strike"], 0.5, 0.25, 0.03, 0.0, is_call=leg["is_call"])

jax.vmap(leg_price)(chain)
""",
        kind='bool-conversion', argument='leg', path="leg['is_call']", line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Pricing a mixed call/put chain with vmap passes a traced is_call flag into black_scholes_price, whose own `if is_call:` raises TracerBoolConversionError inside the library. Pricing both sides and selecting with jnp.where (or lax.cond) fixes it; both checked.',
    ),
    Case(
        id='y-jaxfolio-delta-under-jit',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/options.md',
        code="""\
import jax
from jaxfolio.options import delta

@jax.jit
def hedge_shares(spot, contracts):
    return -contracts * 100 * delta(spot, 105.0, 0.25, 0.3)

hedge_shares(101.5, 10)
""",
        kind='concretization', argument='spot', path='spot', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="jaxfolio.options.delta calls float(spot) internally, so calling it from a jitted hedge function raises ConcretizationTypeError inside the library. Making spot static (static_argnames) runs; checked. JAX's astype hint does not apply to library code.",
    ),
    Case(
        id='y-jaxfolio-binomial-traced-steps',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/options.md',
        code="""\
import jax
from jaxfolio.options import binomial_american

spec = {"strike": 100.0, "ttm": 1.0, "rate": 0.05, "steps": 200}

@jax.jit
def american_put(spot, vol, spec):
    k, t, r = spec["strike"], spec["ttm"], spec["rate"]
    return binomial_american(spot, k, t, vol, r, is_call=False, steps=spec["steps"])

american_put(95.0, 0.3, spec)
""",
        kind='traced-shape', argument='spec', path="spec['steps']", line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The lattice size steps sits in a contract dict passed to a jitted pricer, so binomial_american builds jnp.arange(steps + 1) from a tracer and JAX raises ConcretizationTypeError. Passing steps as a separate static argument fixes it; checked.',
    ),
    Case(
        id='y-jaxfolio-objective-if-cap',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/custom-strategies.md',
        code="""\
import jax.numpy as jnp
import jaxfolio as jf
from jaxfolio.custom import CustomStrategy

returns = jf.generate_returns(n_assets=6, n_days=300, seed=1)

def capped_variance(w, ctx):
    risk = w @ ctx.cov @ w
    if jnp.max(w) > 0.3:
        risk = risk + 10.0 * (jnp.max(w) - 0.3) ** 2
    return risk

strategy = CustomStrategy.from_objective("Capped MinVar", capped_variance)
strategy(returns)
""",
        kind='bool-conversion', argument='w', path='w', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom objective for CustomStrategy.from_objective adds a position-cap penalty behind a Python if; the shared solver traces it under grad/fori_loop/while_loop, so JAX raises TracerBoolConversionError. jnp.where(cond, penalty, 0.0) gives the same objective; checked.',
    ),
    Case(
        id='y-jaxfolio-objective-numpy-entropy',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/custom-strategies.md',
        code="""\
import numpy as np
import jaxfolio as jf
from jaxfolio.custom import CustomStrategy

returns = jf.generate_returns(n_assets=5, n_days=400, seed=3)

def entropy_tilted_variance(w, ctx):
    entropy = -np.sum(w * np.log(w + 1e-12))
    return w @ ctx.cov @ w - 1e-4 * entropy

strat = CustomStrategy.from_objective("Entropy MinVar", entropy_tilted_variance)
strat(returns)
""",
        kind='array-conversion', argument='w', path='w', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An entropy-regularised objective written with np.sum/np.log is traced by the projected-gradient solver, so NumPy converts a tracer and JAX raises TracerArrayConversionError. Using jnp.sum/jnp.log fixes it; checked.',
    ),
    Case(
        id='y-jaxfolio-projection-nonzero',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/reference/toolkit.md',
        code="""\
import jax.numpy as jnp
import jaxfolio as jf
from jaxfolio import toolkit as tk

returns = jf.generate_returns(n_assets=8, n_days=300, seed=2)
mu, cov, names, _ = tk.moments(returns)

def sparse_simplex(w):
    w = tk.project_simplex(w)
    held = jnp.nonzero(w > 0.02)[0]
    kept = jnp.zeros_like(w).at[held].set(w[held])
    return kept / jnp.sum(kept)

objective = lambda w: w @ cov @ w - 0.5 * (w @ mu)
tk.solve_projected_gradient(objective, tk.equal_start(len(names)), sparse_simplex)
""",
        kind='boolean-index', argument='w', path='w', line=10,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=True,
        note="A user projection for tk.solve_projected_gradient keeps only weights above 2% via jnp.nonzero, which has no static size inside the solver's while_loop; JAX raises ConcretizationTypeError and names the size argument. jnp.where(w > 0.02, w, 0) gives the same projection; nonzero(..., size=n, fill_value=n) also works; both checked.",
    ),
    Case(
        id='y-jaxfolio-objective-history-leak',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/custom-strategies.md',
        code="""\
import jax.numpy as jnp
import jaxfolio as jf
from jaxfolio.custom import CustomStrategy

returns = jf.generate_returns(n_assets=6, n_days=300, seed=4)
seen = []

def logged_variance(w, ctx):
    seen.append(w)
    return w @ ctx.cov @ w

CustomStrategy.from_objective("Logged MinVar", logged_variance)(returns)
jnp.stack(seen[-3:])
""",
        kind='leaked-tracer', argument='w', path='w', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        use_line=13,
        note="The objective appends each iterate w to a Python list to inspect the solver path; the library traces it, so the list holds tracers and stacking them afterwards raises UnexpectedTracerError. The library owns the objective's return value, so recording through jax.debug.callback is the fix; checked.",
    ),
    Case(
        id='y-jaxfolio-config-jnp-learning-rate',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/reference/types.md',
        code="""\
import jax.numpy as jnp
import jaxfolio as jf
from jaxfolio import toolkit as tk

returns = jf.generate_returns(n_assets=10, n_days=500, seed=0)
mu, cov, names, _ = tk.moments(returns)
step = 0.5 / jnp.linalg.eigvalsh(cov)[-1]
config = jf.OptimizerConfig(solver="adam", learning_rate=step)
jf.minimum_variance(returns, config)
""",
        kind='unhashable-static', argument=None, path=None, line=9,
        fixes=('hashable-static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='A step size computed with jnp from the covariance is stored in OptimizerConfig.learning_rate, which the cached solver marks static, so a jax Array reaches a static argument and JAX raises ValueError (Non-hashable static arguments). float(step) fixes it; checked. No user function is traced.',
    ),
    Case(
        id='y-jaxfolio-config-as-jit-arg',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/reference/types.md',
        code="""\
import jax
import jaxfolio as jf
from jaxfolio import toolkit as tk

@jax.jit
def min_var_weights(cov, config):
    project = tk.make_projection(config.long_only, config.bounds())
    w0 = tk.equal_start(cov.shape[0])
    w, _ = tk.solve_projected_gradient(lambda w: w @ cov @ w, w0, project, max_iter=config.max_iter)
    return w

returns = jf.generate_returns(n_assets=6, n_days=250, seed=5)
_, cov, _, _ = tk.moments(returns)
min_var_weights(cov, jf.OptimizerConfig(weight_bounds=(0.0, 0.4)))
""",
        kind='non-array-argument', argument='config', path='config', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="An OptimizerConfig dataclass (not a pytree) is passed as a traced argument of a jitted solve, so JAX raises TypeError (cannot interpret it as an abstract array) and suggests static_argnums/static_argnames. The config is frozen and hashable, so static_argnames='config' works; checked.",
    ),
    Case(
        id='y-jaxfolio-fee-table-index',
        source='https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/custom-strategies.md',
        code="""\
import jax.numpy as jnp
import jaxfolio as jf
from jaxfolio.custom import CustomStrategy

returns = jf.generate_returns(n_assets=6, n_days=300, seed=7)
ticket_fee = [0.0, 0.0, 1e-4, 2e-4, 3e-4, 5e-4, 8e-4]

def fee_aware_variance(w, ctx):
    n_held = jnp.sum(w > 0.01)
    return w @ ctx.cov @ w + ticket_fee[n_held]

CustomStrategy.from_objective("Fee-aware", fee_aware_variance)(returns)
""",
        kind='integer-conversion', argument='w', path='w', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A fee schedule in a Python list is indexed by the traced number of holdings inside a custom objective, so JAX raises TracerIntegerConversionError. Making the schedule a jnp array lets the traced index read it; checked.',
    ),
    Case(
        id='y-jaxflow-masked-loss-boolean-index',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense
from jaxflow.losses import Loss
from jaxflow.optimizers import Adam

class MaskedMSE(Loss):
    def call(self, y_true, y_pred):
        labelled = y_true >= 0
        return (y_true[labelled] - y_pred[labelled]) ** 2

model = Model(name="reg")
model.add(Dense(1, name="out"))
model.build((None, 3))
model.compile(Adam(1e-2), MaskedMSE())
X = jnp.ones((32, 3))
y = jnp.where(jnp.arange(32)[:, None] % 4 == 0, -1.0, 1.0)
model.fit(X, y, epochs=1, batch_size=16, verbose=0)
""",
        kind='boolean-index', argument='y_true', path='y_true', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A custom Loss drops unlabelled rows with a boolean mask; model.fit traces Loss.call inside its jitted train_step, so JAX raises NonConcreteBooleanIndexError. jnp.where(mask, err, 0) runs (checked), but the default mean then divides by all rows, so the weighting changes unless rescaled.',
    ),
    Case(
        id='y-jaxflow-layer-numpy',
        source='https://github.com/mthd98/JAXFlow/blob/main/Exmaples/custom_layer_model.ipynb',
        code="""\
import numpy as np
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense, Layer

class LogScale(Layer):
    def build(self, input_shape):
        pass
    def call(self, inputs, training=False):
        return np.sign(inputs) * np.log1p(np.abs(inputs))

model = Model(name="logmlp")
model.add(LogScale(name="log"))
model.add(Dense(2, name="head"))
model.build((None, 4))
model.predict(jnp.ones((8, 4)))
""",
        kind='array-conversion', argument='inputs', path='inputs', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom Layer written with np works in the eager build pass but model.predict jits the forward pass, so NumPy converts a tracer and JAX raises TracerArrayConversionError. Using jnp in call fixes it; checked.',
    ),
    Case(
        id='y-jaxflow-probe-layer-leak',
        source='https://github.com/mthd98/JAXFlow/blob/main/Exmaples/custom_layer_model.ipynb',
        code="""\
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense, Layer

class Probe(Layer):
    def build(self, input_shape):
        pass
    def call(self, inputs, training=False):
        self.last_activation = inputs
        return inputs

model = Model(name="probed")
model.add(Dense(8, activation=jnp.tanh, name="hidden"))
model.add(Probe(name="probe"))
model.add(Dense(1, name="out"))
model.build((None, 4))
model.predict(jnp.ones((16, 4)))
jnp.mean(model.get_layer("probe").last_activation)
""",
        kind='leaked-tracer', argument='inputs', path='inputs', line=9,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        use_line=18,
        note="A probe Layer stores its input on self during model.predict's jitted forward pass, and reading that attribute later raises UnexpectedTracerError. A layer cannot add outputs to the model, so handing the value out through jax.debug.callback fixes it; checked.",
    ),
    Case(
        id='y-jaxflow-functional-call-leak',
        source='https://github.com/mthd98/JAXFlow/blob/main/jaxflow/models/model.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense

model = Model(name="mlp")
model.add(Dense(16, activation=jax.nn.relu, name="hidden"))
model.add(Dense(1, name="out"))
model.build((None, 2))
X, y = jnp.ones((64, 2)), jnp.zeros((64, 1))

def mse(params):
    pred = model.functional_call(X, params)
    return jnp.mean((pred - y) ** 2)

params = model.get_params()
loss, grads = jax.jit(jax.value_and_grad(mse))(params)
model(X)
""",
        kind='leaked-tracer', argument='params', path="params['hidden']['kernel']", line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=18,
        note="Model.functional_call writes the traced params into the model's Variables and never restores them, so after the jitted value_and_grad the model holds tracers and model(X) raises UnexpectedTracerError. The fix is to keep params as values and write concrete ones back (model.set_params(params)) before using the model; checked, but that is not one of the listed mechanical fixes.",
    ),
    Case(
        id='y-jaxflow-traced-training-flag',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense, Dropout

model = Model(name="drop_mlp")
model.add(Dense(32, activation=jax.nn.relu, name="hidden"))
model.add(Dropout(0.2, seed=0, name="drop"))
model.add(Dense(1, name="out"))
model.build((None, 8))

@jax.jit
def forward(params, x, training):
    return model.functional_call(x, params, training=training)

forward(model.get_params(), jnp.ones((4, 8)), False)
""",
        kind='bool-conversion', argument='training', path='training', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The training flag is a traced argument of the user's jitted forward, and jaxflow's Dropout checks `if not training` itself, so JAX raises TracerBoolConversionError inside the library. static_argnames='training' fixes it; checked.",
    ),
    Case(
        id='y-jaxflow-subclass-if-training',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense

class NoisyMLP(Model):
    def __init__(self):
        super().__init__(name="noisy")
        self.hidden = Dense(16, activation=jax.nn.relu, name="hidden")
        self.out = Dense(1, name="out")

    def call(self, inputs, training=False, mask=None):
        x = self.hidden(inputs)
        if training:
            x = x + 0.1 * jax.random.normal(jax.random.PRNGKey(0), x.shape)
        return self.out(x)

model = NoisyMLP()
model.build((None, 4))
model.predict(jnp.ones((10, 4)))
""",
        kind='bool-conversion', argument='training', path='training', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A subclassed Model's call branches on training with a Python if; model.predict passes training into its own jit as a traced value, so JAX raises TracerBoolConversionError in the user's method. The user cannot make the library's argument static, so jnp.where(training, noisy, x) (or lax.cond) is the fix; both checked.",
    ),
    Case(
        id='y-jaxflow-reshape-jnp-sqrt',
        source='https://github.com/mthd98/JAXFlow/blob/main/Exmaples/custom_layer_model.ipynb',
        code="""\
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense, Layer

class ToSquare(Layer):
    def build(self, input_shape):
        pass
    def call(self, inputs, training=False):
        side = jnp.sqrt(inputs.shape[-1]).astype(int)
        return inputs.reshape(inputs.shape[:-1] + (side, side))

model = Model(name="img")
model.add(Dense(16, name="proj"))
model.add(ToSquare(name="square"))
model.build((None, 3))
model.predict(jnp.ones((5, 3)))
""",
        kind='traced-shape', argument=None, path=None, line=10,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="A custom reshaping Layer computes the side length with jnp.sqrt, which is staged as a tracer under model.predict's jit, and reshape raises TypeError (shapes must be concrete). math.isqrt on the static shape fixes it; checked. JAX's static_argnums hint does not fit because the value comes from no argument.",
    ),
    Case(
        id='y-jaxflow-static-mask-array',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense

model = Model(name="masked")
model.add(Dense(4, name="enc"))
model.build((None, 6))

@partial(jax.jit, static_argnames=("training", "mask"))
def apply(params, x, training=False, mask=None):
    return model.functional_call(x, params, training=training, mask=mask)

apply(model.get_params(), jnp.ones((3, 6)), mask=jnp.ones((3,), bool))
""",
        kind='unhashable-static', argument='mask', path='mask', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The user marks mask static next to training in a jitted functional_call wrapper, but mask is a jax array, so JAX raises ValueError (Non-hashable static arguments). Leaving mask traced fixes it; checked.',
    ),
    Case(
        id='y-jaxflow-getitem-traced-index',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense

adapters = Model(name="adapters")
for k in range(3):
    adapters.add(Dense(5, name=f"task{k}"))
adapters.build((None, 5))

@jax.jit
def route(x, task):
    return adapters[task](x)

route(jnp.ones((4, 5)), 1)
""",
        kind='integer-conversion', argument='task', path='task', line=13,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A traced task id indexes a Model (Model.__getitem__ indexes its Python list of layers), so JAX raises TracerIntegerConversionError inside the library. lax.switch over the adapters, or making task static, fixes it; both checked.',
    ),
    Case(
        id='y-jaxflow-loss-float-logging',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense
from jaxflow.losses import Loss
from jaxflow.optimizers import SGD

class VerboseMSE(Loss):
    def call(self, y_true, y_pred):
        print("mean prediction:", float(jnp.mean(y_pred)))
        return (y_true - y_pred) ** 2

model = Model(name="lin")
model.add(Dense(1, name="out"))
model.build((None, 2))
model.compile(SGD(0.1), VerboseMSE())
model.fit(jnp.ones((8, 2)), jnp.zeros((8, 1)), epochs=1, batch_size=8, verbose=0)
""",
        kind='concretization', argument='y_pred', path='y_pred', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A custom Loss prints float(mean prediction) for logging, but model.fit traces the loss in its jitted train_step, so JAX raises ConcretizationTypeError. jax.debug.print logs the value at run time; checked. The astype hint in the message would only print a tracer.',
    ),
    Case(
        id='y-jaxflow-model-as-jit-arg',
        source='https://github.com/mthd98/JAXFlow/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxflow.models.model import Model
from jaxflow.layers import Dense

model = Model(name="clf")
model.add(Dense(3, activation=jax.nn.softmax, name="probs"))
model.build((None, 4))

@jax.jit
def predict_labels(net, x):
    return jnp.argmax(net(x), axis=-1)

predict_labels(model, jnp.ones((6, 4)))
""",
        kind='non-array-argument', argument='net', path='net', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jaxflow Model (a plain Python object, not a pytree) is passed as an argument to a jitted function, so JAX raises TypeError (cannot interpret it as an abstract array) and suggests static_argnums. Model objects hash by identity, so static_argnums=0 (or closing over the model) works; checked.',
    ),
]
