"""Held-out library cases (set M): celerite2 (celerite2.jax), jaxoplanet, exponax.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue or the library's documentation / example notebook (where no library thread showed
the exact pattern, the library doc page whose usage the cell follows is cited), written against
the installed versions: celerite2 0.3.3 (its celerite2.jax module), jaxoplanet 0.2.0,
exponax 0.2.0 (all installed with -c constraint files, so jax/jaxlib/equinox/numpy kept their
versions). Every cell was written to a .py file and run with `python FILE` under both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
All statements but the last run cleanly; the last raises, with the same exception class on both
interpreters (recorded in each note). The outermost user frame in the traceback is the last
statement; `line` (and `use_line` for leaks) was checked to appear among the cell's frames.
Every top fix was applied by hand and re-run on both interpreters and traced, except for
lib-m-celerite2-leak-gp-cache (verifiable=False: its fix is a restructuring, see below);
lib-m-exponax-dict-config-static's fix was checked but needed a second edit (verifiable=False).
The user's function is reached in varied ways: user jit, jit(grad), jit(value_and_grad),
jit(vmap), plain vmap, exponax.rollout's lax.scan (no user jit), a user equinox config Module,
a user trainer class, a dict marked static, library objects passed as jit arguments.

Dropped candidates:
- trajax: no release installable on Python 3.11 (PyPI's `trajax` releases require Python >= 3.13).
- jaxls: the PyPI `jaxls` (2024.0.1) fails to import with either JAX (jax.core.JaxprEqn removed);
  uninstalled again.
- scico: the current release (0.0.7) pins jaxlib <= 0.8.1, i.e. needs a different JAX.
- celerite2.jax has no batching rule for its XLA ops, so no celerite2 case uses vmap (grad works).

Doubts about labels:
- lib-m-exponax-config-module-num-points: JAX raises TracerBoolConversionError (inside
  jnp.fft.rfftfreq's `n % 2`) -- labelled traced-shape, since num_points is a grid size; jnp.where
  would not fix it. static_argnums on cfg (the Module is hashable) would also work.
- lib-m-jaxoplanet-traced-quadrature-order: exception is "unhashable type: 'DynamicJaxprTracer'"
  (a tracer reaching jaxoplanet's static_argnames=('order',)); labelled traced-shape (a compile-time
  quadrature order), not unhashable-static. The raising line is the lc(t) call (11), not the
  limb_dark_light_curve(...) construction (10), because the order is only used when evaluating.
- lib-m-celerite2-predict-traced-horizon: traced-shape (linspace num) -- concretization is
  defensible since JAX raises ConcretizationTypeError.
- lib-m-exponax-rollout-traced-steps: JAX's message suggests while_loop/fori_loop for a dynamic
  scan length, which does not fit a call to exponax.rollout, so jax_fitting_fix=False although
  static_argnames (the fix) is what the linked errors page also describes.
- lib-m-celerite2-sho-if-q: lax.cond first because the two branches build different kernel
  classes; jnp.where over both log-likelihoods is equally valid (and evaluates both; not run). The
  idiomatic fix, celerite2.jax.terms.SHOTerm (which selects with np.where internally), is not in
  the fix vocabulary.
- lib-m-celerite2-index-kernel-list: integer-conversion (list index); static on `which` would
  trace too, but the value comes from jnp.argmax so lax.switch is listed alone.
- lib-m-celerite2-leak-gp-cache: verifiable=False because GaussianProcess is not a pytree and
  cannot be returned as is; the fix is to return the needed values (or the fitted parameter).
- lib-m-celerite2-leak-gp-cache: the cited thread (mind_the_gaps 78) only records "a JAX tracer
  error" in a celerite2 light-curve pipeline, fixed by a commit; the cache-the-GP leak is my
  reduction of a plausible form of it, not a transcription.
- lib-m-exponax-dict-config-static: hashable-static; verifiable=False because tuple(cfg.items())
  also needs `cfg = dict(cfg)` inside the function (a frozen dataclass would need cfg.x access).
- lib-m-exponax-rollout-if-limiter: no user jit; argument is `u`, the parameter of the user's
  step function that exponax.rollout scans (JAX's message names exponax's scan_fn but argument u).
- lib-m-exponax-nonzero-shock-vmap: plain vmap, no jit; argument u0 of the vmapped function.
- jax_fitting_fix: taken as True where the message, or the errors-page section it links,
  suggests the top fix (jnp.where/lax.cond for bool conversion, jax.numpy for array conversion,
  jnp.where for boolean indices, size= for nonzero, static_argnums for a non-array argument);
  False for leaks, for unhashable static arguments (bare "unhashable type" TypeErrors) and for
  float() (the message suggests astype, not jax.debug.print).
- Leak argument choices: lib-m-jaxoplanet-leak-system-list's System depends on period and
  radius (first chosen); lib-m-exponax-leak-self-prediction's pred depends on scale only.
"""

from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-m-celerite2-sho-if-q',
        source='https://github.com/exoplanet-dev/celerite2/issues/78',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from celerite2.jax import terms, GaussianProcess

t = np.linspace(0, 10, 60)
y = np.sin(2 * t)

def log_like(params):
    Q = jnp.exp(params["log_Q"])
    if Q < 0.5:
        k = terms.OverdampedSHOTerm(S0=1.0, w0=2.0, Q=Q)
    else:
        k = terms.UnderdampedSHOTerm(S0=1.0, w0=2.0, Q=Q)
    gp = GaussianProcess(k, t, yerr=0.1)
    return gp.log_likelihood(y)

grad_fn = jax.jit(jax.grad(log_like))
grad_fn({"log_Q": 0.3})
""",
        kind='bool-conversion', argument='params', path="params['log_Q']", line=11,
        fixes=('lax.cond', 'jnp.where'), verifiable=True, jax_fitting_fix=True,
        note="User's log-likelihood picks OverdampedSHOTerm vs UnderdampedSHOTerm with a Python `if Q < 0.5` (the branch celerite2's own SHOTerm factory had, issue 78); traced through jit(grad(...)). Fix: lax.cond(Q < 0.5, over_loglike, under_loglike, Q) (checked on both); jnp.where over both log-likelihoods should also work (not run; celerite2.jax.terms.SHOTerm selects this way internally). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-m-celerite2-leak-gp-cache',
        source='https://github.com/andresgur/mind_the_gaps/issues/78',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from celerite2.jax import terms, GaussianProcess

t = np.linspace(0, 10, 60)
y = np.sin(2 * t)
cache = {}

@jax.jit
def neg_log_like(log_rho):
    k = terms.Matern32Term(sigma=1.0, rho=jnp.exp(log_rho))
    gp = GaussianProcess(k, t, yerr=0.1)
    cache["gp"] = gp
    return -gp.log_likelihood(y)

neg_log_like(0.5)
mu = cache["gp"].predict(y, t=np.linspace(0, 10, 5))
""",
        kind='leaked-tracer', argument='log_rho', path='log_rho', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='The GaussianProcess built inside the jitted objective (its factorisation holds tracers) is stored in a module-level dict and later used for predict outside the trace. Fix: return what is needed from the jitted function (or rebuild the GP from the fitted parameter outside). Not mechanically verifiable: GaussianProcess is not a pytree, so it cannot itself be returned. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at the predict call.',
        use_line=18,
    ),
    Case(
        id='lib-m-celerite2-term-object-arg',
        source='https://github.com/exoplanet-dev/celerite2/issues/46',
        code="""\
import jax
import numpy as np
from celerite2.jax import terms, GaussianProcess

t = np.linspace(0, 10, 60)
y = np.sin(2 * t)

def log_like(kernel, yerr):
    gp = GaussianProcess(kernel, t, yerr=yerr)
    return gp.log_likelihood(y)

kernel = terms.SHOTerm(S0=1.0, w0=2.0, Q=1.0)
jax.jit(log_like)(kernel, 0.1)
""",
        kind='non-array-argument', argument='kernel', path='kernel', line=13,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note="A celerite2.jax term object (a plain Python class, not a pytree) passed as a normal argument of jax.jit. Fix: static_argnums=0 (terms hash by identity; checked on both), or build the term inside from array parameters. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array').",
    ),
    Case(
        id='lib-m-celerite2-np-exp-under-grad',
        source='https://celerite2.readthedocs.io/en/latest/api/jax/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from celerite2.jax import terms, GaussianProcess

t = np.linspace(0, 10, 60)
y = np.sin(2 * t)

def log_like(log_sigma, log_rho):
    rho = np.exp(log_rho)
    k = terms.Matern32Term(sigma=jnp.exp(log_sigma), rho=rho)
    return GaussianProcess(k, t, yerr=0.1).log_likelihood(y)

grad_rho = jax.jit(jax.grad(log_like, argnums=1))
grad_rho(0.0, 0.5)
""",
        kind='array-conversion', argument='log_rho', path='log_rho', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=True,
        note="np.exp on the traced log length-scale inside the user's log-likelihood, reached through jit(grad(..., argnums=1)). Fix: jnp.exp (checked on both). (vmap is not usable here: celerite2's XLA op has no batching rule.) Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='lib-m-celerite2-index-kernel-list',
        source='https://celerite2.readthedocs.io/en/latest/api/jax/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from celerite2.jax import terms, GaussianProcess

t = np.linspace(0, 10, 60)
y = np.sin(2 * t)
KERNELS = [
    lambda r: terms.Matern32Term(sigma=1.0, rho=r),
    lambda r: terms.RealTerm(a=1.0, c=1.0 / r),
]

@jax.jit
def log_like(rho, which):
    k = KERNELS[which](rho)
    return GaussianProcess(k, t, yerr=0.1).log_likelihood(y)

log_like(1.5, jnp.argmax(jnp.array([0.2, 0.8])))
""",
        kind='integer-conversion', argument='which', path='which', line=15,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='A traced integer (argmax of model weights) indexes a Python list of kernel builders. Fix: lax.switch(which, [loglike_0, loglike_1], rho) (checked on both); static would also trace but the index is computed by jnp.argmax. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='lib-m-celerite2-predict-traced-horizon',
        source='https://celerite2.readthedocs.io/en/latest/api/jax/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from celerite2.jax import terms, GaussianProcess

t = np.linspace(0, 10, 60)
y = np.sin(2 * t)

@jax.jit
def forecast(rho, horizon):
    gp = GaussianProcess(terms.Matern32Term(sigma=1.0, rho=rho), t, yerr=0.1)
    t_new = jnp.linspace(10.0, 10.0 + horizon, horizon * 4)
    return gp.predict(y, t=t_new)

forecast(1.0, 3)
""",
        kind='traced-shape', argument='horizon', path='horizon', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The number of prediction points for gp.predict is horizon * 4 with horizon a jit argument: jnp.linspace's num must be concrete. Fix: static_argnames='horizon' (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (from linspace's num).",
    ),
    Case(
        id='lib-m-jaxoplanet-if-no-transit',
        source='https://github.com/exoplanet-dev/jaxoplanet/issues/234',
        code="""\
import jax
import jax.numpy as jnp
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 200)

@jax.jit
def model(params):
    if params["b"] > 1.0 + params["r"]:
        return jnp.zeros_like(t)
    sys = System(Central()).add_body(
        period=3.0, radius=params["r"], impact_param=params["b"])
    return limb_dark_light_curve(sys, jnp.array([0.3, 0.2]))(t)[:, 0]

model({"b": 0.4, "r": 0.1})
""",
        kind='bool-conversion', argument='params', path="params['b']", line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=True,
        note="User's transit model returns early with a Python `if b > 1 + r` (no transit). Fix: compute the light curve and jnp.where(b > 1 + r, 0, lc) (checked on both; the light curve is already 0 there). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-m-jaxoplanet-traced-quadrature-order',
        source='https://jax.exoplanet.codes/en/latest/tutorials/transit/',
        code="""\
import jax
import jax.numpy as jnp
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 200)

def flux(radius, order):
    sys = System(Central()).add_body(period=3.0, radius=radius, impact_param=0.2)
    lc = limb_dark_light_curve(sys, jnp.array([0.3, 0.2]), order=order)
    return lc(t)[:, 0]

fast_flux = jax.jit(flux)
fast_flux(0.1, 20)
""",
        kind='traced-shape', argument='order', path='order', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The quadrature order of limb_dark_light_curve is a jit argument of the user's flux function; jaxoplanet's core light_curve has it in static_argnames, so a tracer is hashed. Fix: jax.jit(flux, static_argnames='order') (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'DynamicJaxprTracer' (raised at the lc(t) call, line 11).",
    ),
    Case(
        id='lib-m-jaxoplanet-static-limb-darkening-array',
        source='https://jax.exoplanet.codes/en/latest/tutorials/transit/',
        code="""\
import jax
import jax.numpy as jnp
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 200)

def flux(radius, u):
    sys = System(Central()).add_body(period=3.0, radius=radius, impact_param=0.2)
    return limb_dark_light_curve(sys, u)(t)[:, 0]

fast_flux = jax.jit(flux, static_argnames="u")
u = jnp.array([0.3, 0.2])
fast_flux(0.1, u=u)
""",
        kind='unhashable-static', argument='u', path='u', line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="Limb-darkening coefficients (a jnp array) marked static in the user's jit of a jaxoplanet flux model. Fix: stop marking u static (checked on both); a tuple would also hash but recompiles for every value. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'jaxlib._jax.ArrayImpl'.",
    ),
    Case(
        id='lib-m-jaxoplanet-leak-system-list',
        source='https://jax.exoplanet.codes/en/latest/tutorials/core-from-scratch/',
        code="""\
import jax
import jax.numpy as jnp
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 200)
y = jnp.ones(200)
best = []

@jax.jit
def loss(period, radius):
    sys = System(Central()).add_body(period=period, radius=radius, impact_param=0.2)
    best.append(sys)
    model = 1.0 + limb_dark_light_curve(sys, jnp.array([0.3, 0.2]))(t)[:, 0]
    return jnp.sum((y - model) ** 2)

loss(3.0, 0.1)
pred = limb_dark_light_curve(best[-1], jnp.array([0.3, 0.2]))(t)
""",
        kind='leaked-tracer', argument='period', path='period', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The keplerian System built inside the jitted loss is appended to a global list and later used to compute the light curve outside the trace. Fix: return the System (an equinox Module, so a pytree) as a second output (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 18.',
        use_line=18,
    ),
    Case(
        id='lib-m-jaxoplanet-np-arccos-vmap',
        source='https://jax.exoplanet.codes/en/latest/tutorials/core-from-scratch/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 100)

def flux(cos_inc):
    inc = np.arccos(cos_inc)
    sys = System(Central()).add_body(period=3.0, radius=0.1, inclination=inc)
    return limb_dark_light_curve(sys, jnp.array([0.3, 0.2]))(t)[:, 0]

cos_grid = jnp.linspace(0.0, 0.05, 8)
jax.jit(jax.vmap(flux))(cos_grid)
""",
        kind='array-conversion', argument='cos_inc', path='cos_inc', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=True,
        note="np.arccos on the vmapped cos(inclination) inside the user's flux function (jit(vmap(flux))). Fix: jnp.arccos (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='lib-m-jaxoplanet-float-print-period',
        source='https://jax.exoplanet.codes/en/latest/tutorials/core-from-scratch/',
        code="""\
import jax
import jax.numpy as jnp
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 200)
y = jnp.ones(200)

def loss(log_period):
    period = jnp.exp(log_period)
    print(f"trying P = {float(period):.3f} d")
    sys = System(Central()).add_body(period=period, radius=0.1, impact_param=0.2)
    model = 1.0 + limb_dark_light_curve(sys, jnp.array([0.3, 0.2]))(t)[:, 0]
    return jnp.sum((y - model) ** 2)

jax.jit(jax.value_and_grad(loss))(jnp.log(3.0))
""",
        kind='concretization', argument='log_period', path='log_period', line=11,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='float() on the traced period to print progress inside a loss reached through jit(value_and_grad(loss)). Fix: jax.debug.print (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.',
    ),
    Case(
        id='lib-m-jaxoplanet-light-curve-fn-arg',
        source='https://jax.exoplanet.codes/en/latest/tutorials/transit/',
        code="""\
import jax
import jax.numpy as jnp
from jaxoplanet.orbits.keplerian import Central, System
from jaxoplanet.light_curves import limb_dark_light_curve

t = jnp.linspace(-0.3, 0.3, 200)
sys = System(Central()).add_body(period=3.0, radius=0.1, impact_param=0.2)
lc_fn = limb_dark_light_curve(sys, jnp.array([0.3, 0.2]))

@jax.jit
def chi2(lc, time, y):
    return jnp.sum((y - 1.0 - lc(time)[:, 0]) ** 2)

chi2(lc_fn, t, jnp.ones(200))
""",
        kind='non-array-argument', argument='lc', path='lc', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The callable returned by limb_dark_light_curve(system, u) passed as a normal argument of the user's jitted chi2. Fix: static_argnums=0 (checked on both) or close over it. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array', type jaxlib PjitFunction).",
    ),
    Case(
        id='lib-m-exponax-rollout-traced-steps',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/performance_hints.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

stepper = ex.stepper.Burgers(1, 1.0, 64, 0.01)
grid = ex.make_grid(1, 1.0, 64)
u0 = jnp.sin(2 * jnp.pi * grid)

@jax.jit
def simulate(u0, n_steps):
    traj = ex.rollout(stepper, n_steps, include_init=True)(u0)
    return traj[-1]

simulate(u0, 50)
""",
        kind='traced-shape', argument='n_steps', path='n_steps', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The number of rollout steps is a jit argument; exponax.rollout uses it as lax.scan's length (and to size the trajectory). Fix: static_argnames='n_steps' (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (scan length).",
    ),
    Case(
        id='lib-m-exponax-config-module-num-points',
        source='https://github.com/Ceyron/exponax/blob/main/docs/background/design_decisions.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import exponax as ex

class SimConfig(eqx.Module):
    num_points: int
    dt: float

@jax.jit
def initial_and_step(cfg):
    stepper = ex.stepper.Diffusion(1, 1.0, cfg.num_points, cfg.dt)
    grid = ex.make_grid(1, 1.0, cfg.num_points)
    return stepper(jnp.sin(2 * jnp.pi * grid))

initial_and_step(SimConfig(num_points=64, dt=0.01))
""",
        kind='traced-shape', argument='cfg', path='cfg.num_points', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A user equinox config Module whose num_points field is an ordinary (non-static) field, passed through jax.jit: the grid size reaches exponax's stepper constructor as a tracer (jnp.fft.rfftfreq inside build_wavenumbers branches on n % 2). Fix: num_points: int = eqx.field(static=True) (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (raised inside jax.numpy.fft.rfftfreq).",
    ),
    Case(
        id='lib-m-exponax-dict-config-static',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/performance_hints.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

def simulate(u0, cfg):
    stepper = ex.stepper.KuramotoSivashinsky(1, cfg["L"], cfg["N"], cfg["dt"])
    return ex.repeat(stepper, cfg["steps"])(u0)

run = jax.jit(simulate, static_argnames="cfg")
cfg = {"L": 60.0, "N": 128, "dt": 0.1, "steps": 20}
u0 = jnp.sin(2 * jnp.pi * ex.make_grid(1, cfg["L"], cfg["N"]) / cfg["L"])
run(u0, cfg=cfg)
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=12,
        fixes=('hashable-static',), verifiable=False, jax_fitting_fix=False,
        note="A dict of simulation settings (domain, resolution, dt, number of steps) marked static for a jitted exponax KS simulation; dicts are unhashable. Fix: pass a hashable config (tuple of items, frozen dataclass, NamedTuple); checked with tuple(cfg.items()) + dict(cfg) inside, which needs an edit in the function too, hence verifiable=False. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'dict' (older JAX said 'Non-hashable static arguments are not supported').",
    ),
    Case(
        id='lib-m-exponax-leak-self-prediction',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/learning_burgers_autoregressive_neural_operator.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

stepper = ex.stepper.Advection(1, 1.0, 64, 0.01, velocity=1.0)
u0 = jnp.sin(2 * jnp.pi * ex.make_grid(1, 1.0, 64))
ref = ex.rollout(stepper, 10)(u0)

class Trainer:
    def loss(self, scale):
        pred = ex.rollout(lambda u: scale * stepper(u), 10)(u0)
        self.last_pred = pred
        return jnp.mean((pred - ref) ** 2)

tr = Trainer()
jax.jit(jax.grad(tr.loss))(0.9)
err = jnp.abs(tr.last_pred - ref).max()
""",
        kind='leaked-tracer', argument='scale', path='scale', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A trainer method stores the exponax rollout prediction on self inside a loss that is jit(grad(...))-transformed; the stored tracer is used after the call. Fix: return pred as aux (grad(..., has_aux=True)); checked on both. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 17.',
        use_line=17,
    ),
    Case(
        id='lib-m-exponax-rollout-if-limiter',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/solver_showcase_1d.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

stepper = ex.stepper.Burgers(1, 1.0, 64, 0.01)
u0 = jnp.sin(2 * jnp.pi * ex.make_grid(1, 1.0, 64))

def limited_step(u):
    u_next = stepper(u)
    if jnp.max(jnp.abs(u_next)) > 1.0:
        u_next = u_next / jnp.max(jnp.abs(u_next))
    return u_next

ex.rollout(limited_step, 20)(u0)
""",
        kind='bool-conversion', argument='u', path='u', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=True,
        note='User step function wrapping an exponax stepper with a Python `if` amplitude limiter; no user jit -- exponax.rollout traces it inside lax.scan. Fix: m = max|u|; jnp.where(m > 1, u / m, u) (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-m-exponax-positive-mass-mask',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/on_metrics_simple.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

stepper = ex.stepper.Burgers(1, 1.0, 64, 0.01)
u0 = jnp.sin(2 * jnp.pi * ex.make_grid(1, 1.0, 64))

@jax.jit
def positive_mass(u0):
    u = ex.repeat(stepper, 30)(u0)
    return jnp.sum(u[u > 0]) / 64

positive_mass(u0)
""",
        kind='boolean-index', argument='u0', path='u0', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=True,
        note='Boolean-mask indexing u[u > 0] of the simulated state inside a jitted metric. Fix: jnp.sum(jnp.where(u > 0, u, 0)) (same value; checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-m-exponax-nonzero-shock-vmap',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/on_metrics_simple.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

stepper = ex.stepper.Burgers(1, 1.0, 64, 0.01)
u0s = jnp.stack([a * jnp.sin(2 * jnp.pi * ex.make_grid(1, 1.0, 64)) for a in (0.5, 1.0)])

def shock_locations(u0):
    u = ex.repeat(stepper, 40)(u0)[0]
    return jnp.nonzero(jnp.abs(jnp.diff(u)) > 0.2)[0]

jax.vmap(shock_locations)(u0s)
""",
        kind='traced-shape', argument='u0', path='u0', line=10,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note="jnp.nonzero without size= to locate steep gradients (shocks) of a Burgers solution, mapped with jax.vmap over initial conditions (no jit). Fix: size=8, fill_value=-1 (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (nonzero's data-dependent output size).",
    ),
    Case(
        id='lib-m-exponax-pde-name-arg',
        source='https://github.com/Ceyron/exponax/blob/main/docs/examples/solver_showcase_1d.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import exponax as ex

STEPPERS = {"heat": ex.stepper.Diffusion, "burgers": ex.stepper.Burgers}

@jax.jit
def step(pde, u):
    stepper = STEPPERS[pde](1, 1.0, 64, 0.01)
    return stepper(u)

u0 = jnp.sin(2 * jnp.pi * ex.make_grid(1, 1.0, 64))
step("heat", u0)
""",
        kind='non-array-argument', argument='pde', path='pde', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The PDE name (a string selecting the exponax stepper class) passed as a normal jit argument. Fix: static_argnums=0 (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract array', type str).",
    ),
]
