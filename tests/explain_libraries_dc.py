"""Held-out library cases (set dc): diffilqrax, jaxkuramoto, FixedPointJAX.

How they were built: each cell is my own minimal reduction of a usage pattern from the
library's README/docs or of how its public API (read in the installed source) handles
user functions and arguments. None of the three libraries has public GitHub issue threads
about tracing errors in the searchable corpora, so every `source` is the README/docs page
or the source file of the API the case exercises. Each cell was written to a file and run
with /tmp/heldout54/venv_dc/bin/python (CPython 3.11.7, venv made with
--system-site-packages): every statement but the last runs, the last raises, and `line` /
`use_line` were read off the traceback frames that lie in the cell. Each first fix was then
applied by hand to the user's line(s) (or the jit call) and the fixed cell re-run.

Installed versions: diffilqrax 1.0.0, jaxkuramoto 0.0.8, FixedPointJAX 0.0.25, with
jax 0.10.2 / jaxlib 0.10.2, numpy 2.4.6 (flax 0.12.8, equinox 0.13.8, optax 0.2.8 from the
system site-packages, unused). Runs were on CPU.

64-bit mode: importing diffilqrax (its ilqr module, imported by the package) calls
jax.config.update("jax_enable_x64", True), so every diffilqrax case runs with x64 on and the
messages show float64/int64 tracers; the notes of those cases say so. jaxkuramoto's docs
recommend turning x64 on, but the library does not, and these cells leave it off
(float32/int32). FixedPointJAX does not touch it.

Library quirks met: FixedPointJAX 0.0.25 has an empty __init__.py, so the README's
`from FixedPointJAX import FixedPointRoot` fails; the cells import from
FixedPointJAX.FixedPointJAX. FixedPointRoot calls the user function once eagerly before its
lax.while_loop, so errors in user functions come from the second (traced) call. jaxkuramoto's
odeint likewise calls observable_fn once eagerly before tracing it in a jitted fori_loop.

Dropped: a jaxkuramoto case passing a traced trapezoid count `n` to solver.integral_fn
(it raised UnexpectedTracerError for a tracer in custom_vjp nondiff_argnums) was dropped
because the fixed cell cannot run: integral_fn calls jnp.trapz, which JAX 0.10.2 no longer
has. No candidate library was dropped; the alternates (jaxnuts, jax-transformer) were not
needed.

Doubts about labels:
- dc-diffilqrax-alpha-init-traced: the library turns alpha_init into a loop count
  (max_iter_linesearch) via math.log, so traced-shape is defensible; passing
  max_iter_linesearch explicitly is another first fix that keeps alpha traced.
- dc-diffilqrax-dims-horizon: JAX raises ConcretizationTypeError (jnp.arange stop), so
  concretization is defensible; I chose traced-shape because horizon is a length.
- dc-diffilqrax-cost-on-self: the stored value depends on x and u; `argument` is x as the
  first of them. return-value (recompute the cost from the returned trajectory) could be
  put first; the library gives the cost function no way to return extra outputs.
- dc-diffilqrax-grad-math-exp: the fix is jnp.exp for math.exp; `jnp-not-np` is stretched
  from np to math. The culprit could also be named as the loss's parameter (also `theta`).
- dc-diffilqrax-list-reference / dc-jaxkuramoto-scan-K-list / dc-fixedpointjax-list-by-argmax:
  a traced index into a Python list; jnp-not-np (make the list an array) is listed first,
  lax.dynamic_slice / scanning over the values are alternatives.
- dc-diffilqrax-jit-system / dc-jaxkuramoto-jit-model-arg: register-pytree is listed second;
  some would not accept it as a first fix for an object that holds callables.
- dc-jaxkuramoto-odeint-traced-t1 / dc-jaxkuramoto-vmap-normal-scale: the failing `if` is in
  the library (odeint's t0/t1 check, Normal's scale check); a reader could call these
  concretization because the library, not the user, needs the Python value. For the vmap
  sweep the "static" fix is a Python loop over the widths, which changes the call shape.
- dc-jaxkuramoto-mutate-model-K: return-value is an approximate name for "do not store the
  traced K on the shared model object; build a local model"; hence verifiable=False. JAX's
  leak message says functions must return their outputs rather than save them, which some
  would count as a fitting hint (jax_fitting_fix is False here).
- dc-fixedpointjax-reshape-markets: numpy-for-static (take the count from a static shape)
  is an equally good first fix; argument is n_markets, a parameter of the jitted solve, not
  of the fixed-point function that raises.
- dc-fixedpointjax-iterate-history / dc-diffilqrax-cost-on-self: the tracer that leaks is
  made by the library's own trace (while_loop / jacrev inside scan); `line` is the user's
  store, `use_line` the later use.
- dc-fixedpointjax-vmap-guess-if: the traced value is the solver's returned root norm; the
  argument of the vmapped function it depends on is x0.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='dc-diffilqrax-cost-if',
        source='https://github.com/ThomasMullen/diffilqrax',
        code="""\
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def dynamics(t, x, u, theta):
    return x + 0.1 * jnp.array([x[1], u[0]])

def cost(t, x, u, theta):
    if jnp.abs(x[0]) > 1.0:
        return 10.0 * jnp.sum(x**2) + jnp.sum(u**2)
    return jnp.sum(x**2) + jnp.sum(u**2)

def costf(xf, theta):
    return 10.0 * jnp.sum(xf**2)

model = System(cost, costf, dynamics, ModelDims(n=2, m=1, horizon=30, dt=0.1))
params = iLQRParams(x0=jnp.array([2.0, 0.0]), theta=None)
ilqr.ilqr_solver(model, params, jnp.zeros((30, 1)))
""",
        kind='bool-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A running cost with a Python `if` on the state; ilqr_solver traces the cost inside lax.scan (and jacrev/jacfwd), so JAX raises TracerBoolConversionError on line 9. jnp.where (a state-dependent weight) keeps the cost smooth and twice differentiable; lax.cond also works. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-list-reference',
        source='https://github.com/ThomasMullen/diffilqrax',
        code="""\
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

T = 40
targets = [jnp.array([1.0, 0.0]) if k < T // 2 else jnp.zeros(2) for k in range(T)]

def dynamics(t, x, u, theta):
    return x + 0.1 * jnp.array([x[1], u[0]])

def cost(t, x, u, theta):
    return jnp.sum((x - targets[t])**2) + 0.01 * jnp.sum(u**2)

def costf(xf, theta):
    return jnp.sum(xf**2)

model = System(cost, costf, dynamics, ModelDims(n=2, m=1, horizon=T, dt=0.1))
ilqr.ilqr_solver(model, iLQRParams(jnp.zeros(2), None), jnp.zeros((T, 1)))
""",
        kind='integer-conversion', argument='t', path='t', line=12,
        fixes=('jnp-not-np', 'lax.dynamic_slice'), verifiable=True, jax_fitting_fix=False,
        note='A tracking cost reads a time-varying target from a Python list with the time index t, which the solver passes as a traced int from jnp.arange inside lax.scan; the list lookup calls __index__ and JAX raises TracerIntegerConversionError. Stacking the targets into a jnp array lets the traced index read it (lax.dynamic_slice also works). Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-np-pendulum',
        source='https://github.com/ThomasMullen/diffilqrax',
        code="""\
import numpy as np
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def pendulum(t, x, u, theta):
    angle, omega = x
    domega = -9.81 * np.sin(angle) + u[0]
    return jnp.array([angle + 0.05 * omega, omega + 0.05 * domega])

def cost(t, x, u, theta):
    return 0.1 * jnp.sum(u**2)

def costf(xf, theta):
    return (xf[0] - jnp.pi)**2 + xf[1]**2

model = System(cost, costf, pendulum, ModelDims(n=2, m=1, horizon=60, dt=0.05))
ilqr.ilqr_solver(model, iLQRParams(jnp.zeros(2), None), jnp.zeros((60, 1)))
""",
        kind='array-conversion', argument='x', path='x', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Pendulum dynamics written with np.sin; the solver traces the dynamics in lax.scan, so NumPy calls __array__ on a tracer and JAX raises TracerArrayConversionError. Using jnp.sin fixes it. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-jit-system',
        source='https://github.com/ThomasMullen/diffilqrax',
        code="""\
import jax
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def dynamics(t, x, u, theta):
    return 0.9 * x + 0.1 * u

def cost(t, x, u, theta):
    return jnp.sum((x - 1.0)**2) + 0.1 * jnp.sum(u**2)

def costf(xf, theta):
    return jnp.sum((xf - 1.0)**2)

model = System(cost, costf, dynamics, ModelDims(n=3, m=3, horizon=25, dt=0.1))
params = iLQRParams(x0=jnp.zeros(3), theta=None)
solve = jax.jit(ilqr.ilqr_solver)
solve(model, params, jnp.zeros((25, 3)))
""",
        kind='non-array-argument', argument='model', path='model', line=18,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='Wrapping ilqr_solver in jax.jit and passing the System object (callables plus ModelDims, not a pytree) as a traced argument; JAX raises TypeError (cannot interpret the argument as an abstract array) at the call, and the message itself suggests static_argnums. static_argnums=0 works; registering System as a pytree with the callables as static aux data is the alternative. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-max-iter-kwarg',
        source='https://github.com/ThomasMullen/diffilqrax/blob/main/diffilqrax/ilqr.py',
        code="""\
import jax
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def dynamics(t, x, u, theta):
    return 0.9 * x + 0.1 * u

def cost(t, x, u, theta):
    return jnp.sum((x - 1.0)**2) + 0.1 * jnp.sum(u**2)

def costf(xf, theta):
    return jnp.sum((xf - 1.0)**2)

model = System(cost, costf, dynamics, ModelDims(n=3, m=3, horizon=25, dt=0.1))
params = iLQRParams(x0=jnp.zeros(3), theta=None)
solve = jax.jit(ilqr.ilqr_solver, static_argnums=0)
solve(model, params, jnp.zeros((25, 3)), max_iter=50)
""",
        kind='traced-shape', argument='max_iter', path='max_iter', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='max_iter passed as a keyword to a jitted ilqr_solver is traced; the solver sizes its cost-history buffer with jnp.zeros(max_iter), so JAX raises TypeError (shapes must be concrete) from inside the library, reported at the user call. static_argnames="max_iter" fixes it and the message suggests static_argnums. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-dims-horizon',
        source='https://github.com/ThomasMullen/diffilqrax/blob/main/diffilqrax/typs.py',
        code="""\
import jax
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def dynamics(t, x, u, theta):
    return 0.9 * x + 0.1 * u

def cost(t, x, u, theta):
    return jnp.sum((x - 1.0)**2) + 0.1 * jnp.sum(u**2)

def costf(xf, theta):
    return jnp.sum((xf - 1.0)**2)

@jax.jit
def solve(x0, Us, dims):
    model = System(cost, costf, dynamics, dims)
    return ilqr.ilqr_solver(model, iLQRParams(x0, None), Us)

solve(jnp.zeros(2), jnp.zeros((25, 2)), ModelDims(n=2, m=2, horizon=25, dt=0.1))
""",
        kind='traced-shape', argument='dims', path='dims.horizon', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='ModelDims is a NamedTuple, hence a pytree, so passing it to a jitted function traces dims.horizon; the solver calls jnp.arange(model.dims.horizon) and JAX raises ConcretizationTypeError (arange stop) inside the library, reported at the user line that calls ilqr_solver. Marking dims static (a NamedTuple of Python numbers is hashable) fixes it. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-cost-on-self',
        source='https://github.com/ThomasMullen/diffilqrax',
        code="""\
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

class TrackingCost:
    def __init__(self, target):
        self.target = target
        self.last = None

    def __call__(self, t, x, u, theta):
        c = jnp.sum((x - self.target)**2) + 0.1 * jnp.sum(u**2)
        self.last = c
        return c

cost = TrackingCost(jnp.ones(2))
model = System(cost, lambda xf, th: jnp.sum(xf**2), lambda t, x, u, th: 0.9 * x + 0.1 * u,
               ModelDims(n=2, m=2, horizon=20, dt=0.1))
ilqr.ilqr_solver(model, iLQRParams(jnp.zeros(2), None), jnp.zeros((20, 2)), max_iter=10)
print(cost.last + 0.0)
""",
        kind='leaked-tracer', argument='x', path='x', line=12, use_line=19,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note="A class-based cost stores its last value on self for logging; the stored value is a tracer from the solver's jacrev/scan traces, and using it after the solve raises UnexpectedTracerError on line 19. Sending the value out with jax.debug.callback (the jax.debug.print family) fixes it; recomputing the cost from the returned trajectory is the return-value alternative. Checked with jax.debug.callback. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.",
    ),
    Case(
        id='dc-diffilqrax-opts-dict-static',
        source='https://pypi.org/project/diffilqrax/',
        code="""\
import jax
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

model = System(lambda t, x, u, th: jnp.sum((x - 1.0)**2) + 0.1 * jnp.sum(u**2),
               lambda xf, th: jnp.sum((xf - 1.0)**2),
               lambda t, x, u, th: 0.9 * x + 0.1 * u,
               ModelDims(n=2, m=2, horizon=20, dt=0.1))

def solve(model, x0, Us, opts):
    return ilqr.ilqr_solver(model, iLQRParams(x0, None), Us, **opts)

solve_jit = jax.jit(solve, static_argnames=('model', 'opts'))
solve_jit(model, jnp.zeros(2), jnp.zeros((20, 2)), opts={'max_iter': 30, 'loop': 'scan'})
""",
        kind='unhashable-static', argument='opts', path='opts', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Solver options (the README passes line-search settings as a dict) bundled in a dict and marked static in jax.jit; JAX raises ValueError (non-hashable static arguments) at the call. Passing a hashable tuple of items (and dict(opts) inside) fixes it. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-diffilqrax-alpha-init-traced',
        source='https://github.com/ThomasMullen/diffilqrax/blob/main/diffilqrax/ilqr.py',
        code="""\
import jax
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

model = System(lambda t, x, u, th: jnp.sum((x - 1.0)**2) + 0.1 * jnp.sum(u**2),
               lambda xf, th: jnp.sum((xf - 1.0)**2),
               lambda t, x, u, th: 0.9 * x + 0.1 * u,
               ModelDims(n=2, m=2, horizon=20, dt=0.1))

@jax.jit
def solve(x0, alpha):
    return ilqr.ilqr_solver(model, iLQRParams(x0, None), jnp.zeros((20, 2)), alpha_init=alpha)

solve(jnp.zeros(2), 0.8)
""",
        kind='concretization', argument='alpha', path='alpha', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="alpha_init passed as a jit argument: armijo_linesearch computes the number of line-search steps with math.log(alpha_min / (tau * alpha_init)), so the library calls float() on a tracer and JAX raises ConcretizationTypeError, reported at the user line calling ilqr_solver. Making alpha static fixes it (passing max_iter_linesearch explicitly also sidesteps the library's conversion). Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.",
    ),
    Case(
        id='dc-diffilqrax-bool-mask-penalty',
        source='https://github.com/ThomasMullen/diffilqrax',
        code="""\
import jax.numpy as jnp
from diffilqrax import ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def dynamics(t, x, u, theta):
    return x + 0.1 * jnp.array([x[1], u[0]])

def cost(t, x, u, theta):
    over = u[jnp.abs(u) > 1.0]
    return jnp.sum(x**2) + 0.01 * jnp.sum(u**2) + 100.0 * jnp.sum((jnp.abs(over) - 1.0)**2)

def costf(xf, theta):
    return 10.0 * jnp.sum(xf**2)

model = System(cost, costf, dynamics, ModelDims(n=2, m=1, horizon=30, dt=0.1))
ilqr.ilqr_solver(model, iLQRParams(jnp.array([3.0, 0.0]), None), jnp.zeros((30, 1)))
""",
        kind='boolean-index', argument='u', path='u', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="An input-bound penalty selects violating inputs with a boolean mask; inside the solver's traces the mask is traced and JAX raises NonConcreteBooleanIndexError. A jnp.where hinge gives the same penalty with fixed shape. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.",
    ),
    Case(
        id='dc-diffilqrax-grad-math-exp',
        source='https://github.com/ThomasMullen/diffilqrax/blob/main/diffilqrax/diff_ilqr.py',
        code="""\
import math
import jax
import jax.numpy as jnp
from diffilqrax import diff_ilqr
from diffilqrax.typs import System, ModelDims, iLQRParams

def dynamics(t, x, u, theta):
    return math.exp(-0.1 * theta['k']) * x + 0.1 * u

def cost(t, x, u, theta):
    return jnp.sum((x - 1.0)**2) + 0.1 * jnp.sum(u**2)

model = System(cost, lambda xf, theta: jnp.sum(xf**2), dynamics, ModelDims(n=1, m=1, horizon=20, dt=0.1))

def loss(theta):
    tau = diff_ilqr.dilqr(model, iLQRParams(jnp.ones(1), theta), jnp.zeros((20, 1)))
    return jnp.sum(tau**2)

jax.grad(loss)({'k': jnp.array(0.5)})
""",
        kind='concretization', argument='theta', path="theta['k']", line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Dynamics use math.exp on a parameter from theta; without jax.grad it works, but under jax.grad of a loss through diff_ilqr.dilqr the parameter is a tracer, math.exp calls float() and JAX raises ConcretizationTypeError. jnp.exp (the jnp-not-np fix, here jnp instead of math) fixes it. Checked. Importing diffilqrax turns on jax_enable_x64, so the traced values are float64/int64.',
    ),
    Case(
        id='dc-jaxkuramoto-odeint-traced-t1',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_odeint.html',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.solver import runge_kutta

omegas = random.normal(random.PRNGKey(0), (64,))
model = Kuramoto(omegas, 2.0)
init = random.uniform(random.PRNGKey(1), (64,)) * 2 * jnp.pi

@jax.jit
def final_r(t1):
    sol = odeint(model.vector_fn, runge_kutta, 0.0, t1, 0.01, init, observable_fn=model.orderparameter)
    return sol.observables[-1]

final_r(50.0)
""",
        kind='bool-conversion', argument='t1', path='t1', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='odeint checks `if t0 >= t1` in Python and builds its time grid with jnp.arange(t0, t1, dt); with t1 as a jit argument, the library\'s own check raises TracerBoolConversionError, reported at the user line calling odeint. t1 fixes the number of steps, so it must be static: static_argnames="t1". Checked.',
    ),
    Case(
        id='dc-jaxkuramoto-vmap-normal-scale',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_distribution.html',
        code="""\
import jax
import jax.numpy as jnp
from jaxkuramoto.distribution import Normal
from jaxkuramoto.theory import orderparam

def r_of_sigma(sigma):
    return orderparam(2.0, Normal(0.0, sigma))

jax.vmap(r_of_sigma)(jnp.linspace(0.5, 1.5, 5))
""",
        kind='bool-conversion', argument='sigma', path='sigma', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping the width of the frequency distribution with vmap: Normal.__init__ validates `if scale <= 0` in Python, so the library raises TracerBoolConversionError under vmap, reported at the user line building Normal. The width has to be a Python value for that check: loop over the widths in Python (moving it out of the traced arguments). Checked.',
    ),
    Case(
        id='dc-jaxkuramoto-np-observable',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_odeint.html',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.solver import euler

omegas = random.normal(random.PRNGKey(0), (100,))
model = Kuramoto(omegas, 3.0)
init = random.uniform(random.PRNGKey(1), (100,)) * 2 * jnp.pi

def mean_phase(t, thetas):
    return np.angle(np.mean(np.exp(1j * thetas)))

odeint(model.vector_fn, euler, 0.0, 20.0, 0.01, init, observable_fn=mean_phase)
""",
        kind='array-conversion', argument='thetas', path='thetas', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An observable_fn written with NumPy (np.angle/np.mean/np.exp); odeint calls it once eagerly, then traces it inside its jitted fori_loop body, where NumPy calls __array__ on a tracer and JAX raises TracerArrayConversionError. The jnp versions fix it. Checked.',
    ),
    Case(
        id='dc-jaxkuramoto-jit-model-arg',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_odeint.html',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.solver import euler

omegas = random.normal(random.PRNGKey(0), (100,))
init = random.uniform(random.PRNGKey(1), (100,)) * 2 * jnp.pi

@jax.jit
def simulate(model, init_state):
    sol = odeint(model.vector_fn, euler, 0.0, 20.0, 0.01, init_state, model.orderparameter)
    return sol.observables

simulate(Kuramoto(omegas, 1.5), init)
""",
        kind='non-array-argument', argument='model', path='model', line=15,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='A Kuramoto model object (a plain class, not a pytree) passed as an argument to a jitted function; JAX raises TypeError (cannot interpret the argument as an abstract array) at the call, and the message suggests static_argnums. static_argnums=0 works (the model is hashable by identity); registering it as a pytree is the alternative. Checked.',
    ),
    Case(
        id='dc-jaxkuramoto-mutate-model-K',
        source='https://github.com/yonesuke/jaxkuramoto/blob/main/examples/bifurcation.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.solver import runge_kutta

omegas = random.normal(random.PRNGKey(0), (100,))
init = random.uniform(random.PRNGKey(1), (100,)) * 2 * jnp.pi
model = Kuramoto(omegas, 1.0)

@jax.jit
def r_final(K):
    model.K = K
    sol = odeint(model.vector_fn, runge_kutta, 0.0, 20.0, 0.05, init, model.orderparameter)
    return sol.observables[-1]

r_final(2.0)
odeint(model.vector_fn, runge_kutta, 0.0, 20.0, 0.05, init, model.orderparameter)
""",
        kind='leaked-tracer', argument='K', path='K', line=13, use_line=18,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='Sweeping coupling strength by assigning the traced K onto a shared Kuramoto object inside a jitted function; the tracer stays on model.K and the next odeint call traces model.vector_fn with it, raising UnexpectedTracerError on line 18. The fix is not to store the traced value on the library object (build a local Kuramoto(omegas, K) and return results); a one-line local model was checked, but it is not literally return-value, so verifiable is False.',
    ),
    Case(
        id='dc-jaxkuramoto-sample-traced-n',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_distribution.html',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.distribution import Cauchy
from jaxkuramoto.solver import euler

@jax.jit
def run(key, n_oscillator, K):
    omegas = Cauchy(0.0, 1.0).sample(key, (n_oscillator,))
    model = Kuramoto(omegas, K)
    init = jnp.zeros(n_oscillator)
    return odeint(model.vector_fn, euler, 0.0, 10.0, 0.01, init, model.orderparameter).observables

run(random.PRNGKey(0), 200, 3.0)
""",
        kind='traced-shape', argument='n_oscillator', path='n_oscillator', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The number of oscillators passed into a jitted run; Cauchy.sample forwards shape (n,) to jax.random.cauchy, so JAX raises TypeError (shapes must be concrete) inside the library, reported at the user line calling sample. The message suggests static_argnums; static_argnames="n_oscillator" fixes it. Checked.',
    ),
    Case(
        id='dc-jaxkuramoto-omegas-static',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_odeint.html',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.solver import runge_kutta

def simulate(omegas, init_state, K):
    model = Kuramoto(omegas, K)
    return odeint(model.vector_fn, runge_kutta, 0.0, 10.0, 0.01, init_state, model.orderparameter).observables

omegas = random.normal(random.PRNGKey(0), (50,))
init = random.uniform(random.PRNGKey(1), (50,)) * 2 * jnp.pi
jax.jit(simulate, static_argnums=0)(omegas, init, 2.0)
""",
        kind='unhashable-static', argument='omegas', path='omegas', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The natural-frequency array marked static in jax.jit (to keep the Kuramoto constructor happy); JAX raises ValueError (non-hashable static arguments: a jax Array) at the call. Passing omegas traced works, since Kuramoto only reads omegas.shape. Checked.',
    ),
    Case(
        id='dc-jaxkuramoto-mask-observable',
        source='https://jaxkuramoto.readthedocs.io/en/latest/howto_odeint.html',
        code="""\
import jax.numpy as jnp
from jax import random
from jaxkuramoto import odeint, Kuramoto
from jaxkuramoto.solver import runge_kutta

omegas = random.normal(random.PRNGKey(0), (100,))
model = Kuramoto(omegas, 1.2)
init = random.uniform(random.PRNGKey(1), (100,)) * 2 * jnp.pi

def drift_speed(t, thetas):
    speeds = model.vector_fn(t, thetas)
    drifting = speeds[jnp.abs(speeds) > 0.1]
    return jnp.mean(jnp.abs(drifting))

odeint(model.vector_fn, runge_kutta, 0.0, 30.0, 0.01, init, observable_fn=drift_speed)
""",
        kind='boolean-index', argument='thetas', path='thetas', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="An observable that averages the speeds of drifting oscillators with a boolean mask; it runs eagerly for t0 and is then traced in odeint's fori_loop body, where JAX raises NonConcreteBooleanIndexError. A jnp.where-weighted mean gives the same value with a fixed shape. Checked.",
    ),
    Case(
        id='dc-jaxkuramoto-scan-K-list',
        source='https://github.com/yonesuke/jaxkuramoto/blob/main/examples/bifurcation.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from jaxkuramoto import Kuramoto
from jaxkuramoto.solver import runge_kutta

omegas = random.normal(random.PRNGKey(0), (100,))
init = random.uniform(random.PRNGKey(1), (100,)) * 2 * jnp.pi
Ks = [0.5, 1.0, 1.5, 2.0, 2.5]

def step(thetas, i):
    model = Kuramoto(omegas, Ks[i])
    for _ in range(200):
        thetas = runge_kutta(model.vector_fn, 0.0, 0.05, thetas)
    return thetas, model.orderparameter(0.0, thetas)

jax.lax.scan(step, init, jnp.arange(len(Ks)))
""",
        kind='integer-conversion', argument='i', path='i', line=12,
        fixes=('jnp-not-np', 'lax.scan'), verifiable=True, jax_fitting_fix=False,
        note='An adiabatic coupling sweep written with lax.scan over indices that read coupling values from a Python list; the traced index calls __index__ and JAX raises TracerIntegerConversionError. Making the list a jnp array fixes it (scanning over the K values directly is the other option). Checked.',
    ),
    Case(
        id='dc-fixedpointjax-damping-if',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax.numpy as jnp
from jax import random
from FixedPointJAX.FixedPointJAX import FixedPointRoot

s0 = random.dirichlet(random.PRNGKey(0), jnp.ones(4), shape=(3,))

def fxp(x):
    s = jnp.exp(x) / jnp.sum(jnp.exp(x), axis=1, keepdims=True)
    z = jnp.log(s0 / s)
    if jnp.max(jnp.abs(z)) > 1.0:
        z = 0.5 * z
    return x + z, z

FixedPointRoot(fxp, jnp.zeros_like(s0))
""",
        kind='bool-conversion', argument='x', path='x', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A BLP-style logit fixed point that halves the step with a Python `if` when the residual is large; FixedPointRoot calls the function once eagerly, then traces it in lax.while_loop, where JAX raises TracerBoolConversionError. jnp.where selects the damped step; lax.cond also works. Checked.',
    ),
    Case(
        id='dc-fixedpointjax-jit-solver-fun',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

a = jnp.linspace(0.1, 0.9, 5)

def fxp(x):
    y = (1.0 - a) + a * jnp.cos(x)
    return y, y - x

solve = jax.jit(FixedPointRoot)
solve(fxp, jnp.zeros_like(a))
""",
        kind='non-array-argument', argument='fun', path='fun', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='jax.jit applied to FixedPointRoot itself, so the user function is passed as a traced argument; JAX raises TypeError (a function is not a valid abstract array) at the call, and the message suggests static_argnums. static_argnums=0 works. Checked.',
    ),
    Case(
        id='dc-fixedpointjax-float-progress',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

a = jnp.linspace(0.1, 0.9, 5)

def fxp(x):
    y = (1.0 - a) + a * jnp.cos(x)
    z = y - x
    print(f"max residual {float(jnp.max(jnp.abs(z))):.3e}")
    return y, z

FixedPointRoot(fxp, jnp.zeros_like(a))
""",
        kind='concretization', argument='x', path='x', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Progress printing with float() inside the fixed-point function; the first eager call works, but inside FixedPointRoot's lax.while_loop float() needs a concrete value and JAX raises ConcretizationTypeError. jax.debug.print prints the residual while traced. Checked.",
    ),
    Case(
        id='dc-fixedpointjax-iterate-history',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

a = jnp.linspace(0.1, 0.9, 5)
history = []

def fxp(x):
    y = (1.0 - a) + a * jnp.cos(x)
    history.append(y)
    return y, y - x

x, (step_norm, root_norm, iters) = FixedPointRoot(fxp, jnp.zeros_like(a))
jnp.stack(history)
""",
        kind='leaked-tracer', argument='x', path='x', line=9, use_line=13,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Iterates appended to a global list from inside the fixed-point function; the list holds tracers from the while_loop trace, and stacking them afterwards raises UnexpectedTracerError on line 13. jax.debug.callback (the debug-print family) collects concrete iterates; returning them is the other route but FixedPointRoot only returns the final x. Checked with jax.debug.callback.',
    ),
    Case(
        id='dc-fixedpointjax-reshape-markets',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax
import jax.numpy as jnp
from jax import random
from FixedPointJAX.FixedPointJAX import FixedPointRoot

s0 = random.dirichlet(random.PRNGKey(0), jnp.ones(4), shape=(3,)).ravel()

@jax.jit
def solve(x0, n_markets):
    def fxp(x):
        v = x.reshape(n_markets, -1)
        s = jnp.exp(v) / jnp.sum(jnp.exp(v), axis=1, keepdims=True)
        z = jnp.log(s0 / s.ravel())
        return x + z, z
    return FixedPointRoot(fxp, x0)[0]

solve(jnp.zeros(12), 3)
""",
        kind='traced-shape', argument='n_markets', path='n_markets', line=11,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='A market-share fixed point reshapes the flat vector with a number of markets passed as a jit argument; the reshape needs a concrete size and JAX raises TypeError (shapes must be concrete) on line 11 inside the traced function. The message suggests static_argnums; static_argnames="n_markets" fixes it, or take the count from a static shape. Checked.',
    ),
    Case(
        id='dc-fixedpointjax-np-logit',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax import random
from FixedPointJAX.FixedPointJAX import FixedPointRoot

s0 = random.dirichlet(random.PRNGKey(0), jnp.ones(4), shape=(3,))

def fxp(x):
    e = np.exp(x - np.max(x, axis=1, keepdims=True))
    s = e / e.sum(axis=1, keepdims=True)
    z = jnp.log(s0 / s)
    return x + z, z

FixedPointRoot(fxp, jnp.zeros_like(s0))
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Logit shares computed with np.exp/np.max inside the fixed-point function (the README's example written with NumPy); inside the while_loop trace NumPy calls __array__ on a tracer and JAX raises TracerArrayConversionError. jnp.exp/jnp.max fix it. Checked.",
    ),
    Case(
        id='dc-fixedpointjax-clip-negative',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

A = jnp.array([[0.5, 0.2, 0.0], [0.1, 0.4, 0.3], [0.0, 0.2, 0.6]])
b = jnp.array([1.0, -0.5, 0.8])

def fxp(p):
    p_new = A @ p + b
    p_new = p_new.at[p_new < 0].set(0.0)
    return p_new, p_new - p

FixedPointRoot(fxp, jnp.ones(3), acceleration="SQUAREM")
""",
        kind='boolean-index', argument='p', path='p', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A nonnegative fixed point (SQUAREM acceleration) that clips with .at[mask].set; the traced boolean mask raises NonConcreteBooleanIndexError inside FixedPointRoot's trace. jnp.where(p_new < 0, 0.0, p_new) is the fixed-shape equivalent. Checked.",
    ),
    Case(
        id='dc-fixedpointjax-shape-list-static',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

@partial(jax.jit, static_argnames=('shape',))
def solve(a, shape):
    def fxp(x):
        y = (1.0 - a) + a * jnp.cos(x)
        return y, y - x
    return FixedPointRoot(fxp, jnp.zeros(shape))[0]

solve(0.5, shape=[3, 4])
""",
        kind='unhashable-static', argument='shape', path='shape', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The guess shape marked static in jax.jit but passed as a list; JAX raises ValueError (non-hashable static arguments: list) at the call. Passing a tuple fixes it. Checked.',
    ),
    Case(
        id='dc-fixedpointjax-list-by-argmax',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

prices = [1.0, 1.5, 2.0, 2.5]
quality = jnp.array([0.2, 0.9, 1.3, 1.6])

def fxp(v):
    best = jnp.argmax(quality - v)
    v_new = 0.5 * v + 0.1 * prices[best]
    return v_new, v_new - v

FixedPointRoot(fxp, jnp.zeros(4))
""",
        kind='integer-conversion', argument='v', path='v', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A discrete-choice fixed point reads the price of the best option from a Python list with a traced argmax; the list lookup calls __index__ and JAX raises TracerIntegerConversionError in the while_loop trace. Making prices a jnp array fixes it. Checked.',
    ),
    Case(
        id='dc-fixedpointjax-vmap-guess-if',
        source='https://pypi.org/project/FixedPointJAX/',
        code="""\
import jax
import jax.numpy as jnp
from FixedPointJAX.FixedPointJAX import FixedPointRoot

a = jnp.linspace(0.1, 0.9, 5)

def fxp(x):
    y = (1.0 - a) + a * jnp.cos(x)
    return y, y - x

def solve_from(x0):
    x, (step_norm, root_norm, iters) = FixedPointRoot(fxp, x0)
    if root_norm > 1e-6:
        x = jnp.full_like(x, jnp.nan)
    return x

jax.vmap(solve_from)(jnp.stack([jnp.zeros(5), jnp.ones(5)]))
""",
        kind='bool-conversion', argument='x0', path='x0', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='FixedPointRoot vmapped over starting guesses, with a Python `if` on the returned root norm to flag failures; under vmap the norm is a batched tracer and JAX raises TracerBoolConversionError on line 13. jnp.where(root_norm > tol, nan, x) keeps the per-guess logic; lax.cond also works. Checked.',
    ),
]
