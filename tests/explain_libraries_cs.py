"""Held-out library cases (set s): tinydiffeq, stljax, powerpax.

How they were built: each cell was written by hand as a small reduction of a
usage pattern documented by the library (its README / docs pages, linked in
`source`; no GitHub issue thread showing these exact patterns was found, so
the docs page of the API each case exercises is cited). Every cell was run as
a file with /tmp/heldout49/venv_cs/bin/python (CPython 3.11.7, a venv made with
--system-site-packages over the machine's python3): all statements but the
last run cleanly and the last raises; `line`/`use_line` were read off the
traceback frames that lie in the cell. Each first fix was applied by hand to
a copy of the cell and re-run; "checked" in a note means that run succeeded.

Installed versions: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8,
optax 0.2.8, numpy 2.4.6 (the machine's versions, pinned on every install),
tinydiffeq 2.6.1 (pulls nlls-gram 2.10.0), stljax 1.1.3 (pulls graphviz),
powerpax 0.2.1. None of the three libraries turns on JAX's 64-bit mode when
imported (checked: jax_enable_x64 stays False); tinydiffeq's README example
enables it by hand, stljax's tests.py module (not imported by the package)
does too; every case here runs in the default 32-bit mode, so no note
depends on it.

Dropped, and why:
- tjax (all candidate versions): 1.3.13 fails to import on Python 3.11
  (`from typing import override`, a 3.12 name) although its metadata allows
  3.11; 1.3.12, 1.3.11, 1.3.10, 1.2.1 and 1.1.5 fail to import against
  flax 0.12.8 (DataClassModule.__init_subclass__ signature mismatch).
- efax 1.22.1: depends on tjax>=1.3.10, so it cannot import either.
- squishyplanet: it is on the exclusion list, so it was not tried.
- xtructure (first alternate looked at): requires jax<0.8, cannot install
  with the pins. thermox: depends on fmmax (an excluded library), skipped.
- A first combined pip install of several alternates hung in dependency
  resolution and was killed; the libraries were then installed one at a time.
Replacements (JAX libraries on neither list and not the other helper's):
tinydiffeq, stljax, powerpax.

Doubts about labels:
- s-tinydiffeq-traced-max-steps: JAX raises TracerBoolConversionError (from
  tinydiffeq's own min(chunk, max_steps)), so bool-conversion is defensible;
  labelled traced-shape because max_steps is the scan length.
- s-tinydiffeq-saveat-mode-flag: the library's own bool() on a static config
  field; traced-shape/static-config framing is defensible, the fix is static
  either way.
- s-tinydiffeq-math-exp-on-param: math.exp -> jnp.exp is neither exactly
  `jnp-not-np` (math, not numpy) nor `jnp-not-builtin`; both listed.
  Concretization is right by the exception (float() inside math.exp); the
  argument could also be read as the outer `loss` parameter `p` (same name).
- s-tinydiffeq-field-appends-time: argument `t` (the field parameter whose
  tracer is stored); `x` is not involved. `jax.debug.print` is only a fit if
  the user just wanted to look at the times.
- s-tinydiffeq-string-in-args: argument `args` of the vector field (the
  library traces it via eval_shape); the failing user line is the solve_ode
  call, no user jit involved.
- s-tinydiffeq-list-index-by-regime: the index comes from the state `x`
  (vmapped at the outer `final(x0)`); `x0` is a defensible argument too.
- s-stljax-traced-always-interval: library-raised bool conversion; since the
  interval bound also sets mask shapes, traced-shape is defensible.
- s-stljax-traced-eventually-start: JAX's exception is a ValueError about a
  non-hashable static argument (a tracer handed to jnp.tril's static k), so
  unhashable-static could be argued; the cause is a traced value where a
  constant is needed, hence traced-shape.
- s-stljax-np-norm-in-predicate / s-stljax-mask-in-predicate: argument is
  the predicate function's parameter `traj`; for np-norm the transformed
  function is `loss(waypoints)`, so `waypoints` is defensible.
- s-stljax-int-of-deadline: depends on both deadline_s and dt (first one
  given); traced-shape is defensible since the int feeds an interval that
  sets mask sizes.
- s-stljax-expression-set-value-leak: `return-value` is the nearest
  vocabulary item; the real fix is to stop storing traced values on a shared
  Expression (pass arrays directly or build the Expression inside).
- s-powerpax-traced-slice-start / s-powerpax-traced-chunk-size: JAX raises
  TracerIntegerConversionError, so integer-conversion is defensible; they are
  slice bounds / counts, hence traced-shape.
- s-powerpax-static-wraps-arrays: path is `stats` (a ppx.Static has no
  leaves; the arrays live in its metadata `stats.value`). jax_fitting_fix is
  True because the message says arrays cannot be metadata fields, which
  points to passing them as data; one could read its "make sure metadata
  fields are hashable" as pointing to hashable-static instead. The error only
  shows on the second call (the first call has nothing to compare against).
- s-powerpax-float-print-in-body: depends on both `w` and `batch`; `w` is
  the first parameter.
- s-powerpax-nonzero-in-chunked-vmap: JAX raises ConcretizationTypeError,
  so concretization is defensible; labelled boolean-index per the kind list
  (nonzero without size).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='s-tinydiffeq-if-on-state-leaf',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/ode.md',
        code="""\
import jax.numpy as jnp
from tinydiffeq import solve_ode, RK4, SaveAt

def bouncing_friction(x, t):
    pos, vel = x['pos'], x['vel']
    if vel > 0:
        drag = -0.3
    else:
        drag = 0.3
    return {'pos': vel, 'vel': -9.81 * jnp.ones_like(pos) + drag}

x0 = {'pos': jnp.array(1.0), 'vel': jnp.array(0.0)}
sol = solve_ode(bouncing_friction, RK4(), 0.0, 1.0, x0, dt_0=0.01, max_steps=100)
""",
        kind='bool-conversion', argument='x', path="x['vel']", line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise vector field (drag sign chosen with a Python `if` on the velocity leaf of a dict state); solve_ode traces the field inside its own jit/scan, so JAX raises TracerBoolConversionError at the `if`. jnp.where keeps the result; lax.cond also works; checked.',
    ),
    Case(
        id='s-tinydiffeq-traced-max-steps',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/static_shapes.md',
        code="""\
import jax
import jax.numpy as jnp
from tinydiffeq import solve_ode, Tsit5, IController

def decay(x, t, args, p):
    return -p['k'] * x

@jax.jit
def endpoint(x0, p, budget):
    sol = solve_ode(decay, Tsit5(), 0.0, 5.0, x0, p=p, dt_0=0.1,
                    controller=IController(), max_steps=budget)
    return sol.xs

endpoint(jnp.ones(3), {'k': jnp.array(0.7)}, 256)
""",
        kind='traced-shape', argument='budget', path='budget', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The step budget max_steps is the static scan length, but here it is an argument of the user's jitted function; tinydiffeq itself does min(chunk, max_steps) and raises TracerBoolConversionError inside solve_ode. Marking budget static (static_argnames) fixes it; checked.",
    ),
    Case(
        id='s-tinydiffeq-saveat-grid-length',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/static_shapes.md',
        code="""\
import jax
import jax.numpy as jnp
from tinydiffeq import solve_ode, Tsit5, IController, SaveAt

def logistic(x, t, args, p):
    return p['r'] * x * (1.0 - x / p['K'])

@jax.jit
def observe(x0, p, t_end, n_obs):
    grid = jnp.linspace(0.0, t_end, n_obs)
    sol = solve_ode(logistic, Tsit5(), 0.0, t_end, x0, p=p, dt_0=0.05,
                    controller=IController(), save_at=SaveAt(ts=grid))
    return sol.xs

observe(jnp.array([0.1]), {'r': 1.2, 'K': 2.0}, 10.0, 50)
""",
        kind='traced-shape', argument='n_obs', path='n_obs', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The SaveAt(ts=grid) output grid is built with jnp.linspace whose length n_obs is a jitted argument; JAX raises ConcretizationTypeError ('num' argument of jnp.linspace). Making n_obs static fixes it (t_end can stay traced); checked.",
    ),
    Case(
        id='s-tinydiffeq-saveat-mode-flag',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/static_shapes.md',
        code="""\
import jax
import jax.numpy as jnp
from tinydiffeq import solve_ode, RK4, SaveAt

def oscillator(x, t):
    return jnp.array([x[1], -x[0]])

@jax.jit
def simulate(x0, keep_path):
    save_at = SaveAt(steps=keep_path)
    return solve_ode(oscillator, RK4(), 0.0, 6.0, x0, dt_0=0.06,
                     max_steps=100, save_at=save_at).xs

simulate(jnp.array([1.0, 0.0]), True)
""",
        kind='bool-conversion', argument='keep_path', path='keep_path', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="SaveAt's mode flags are static fields, and SaveAt.__post_init__ calls bool() on them; a traced flag from the jitted function makes the library raise TracerBoolConversionError while building the config. static_argnames='keep_path' fixes it; checked.",
    ),
    Case(
        id='s-tinydiffeq-math-exp-on-param',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/ode.md',
        code="""\
import math
import jax
import jax.numpy as jnp
from tinydiffeq import solve_ode, Tsit5, IController

def pk_model(x, t, args, p):
    bioavail = 1.0 / (1.0 + math.exp(-p['logit_f']))
    return jnp.array([-p['ka'] * x[0], p['ka'] * bioavail * x[0] - p['ke'] * x[1]])

def loss(p, obs):
    sol = solve_ode(pk_model, Tsit5(), 0.0, 4.0, jnp.array([1.0, 0.0]), p=p,
                    dt_0=0.1, controller=IController())
    return jnp.sum((sol.xs - obs) ** 2)

params = {'ka': jnp.array(1.1), 'ke': jnp.array(0.4), 'logit_f': jnp.array(0.3)}
jax.grad(loss)(params, jnp.array([0.1, 0.6]))
""",
        kind='concretization', argument='p', path="p['logit_f']", line=7,
        fixes=('jnp-not-np', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=False,
        note='A vector field maps a parameter through math.exp (which calls float()) while jax.grad differentiates through solve_ode; JAX raises ConcretizationTypeError (its hint about astype does not fit). Using jnp.exp fixes it; checked.',
    ),
    Case(
        id='s-tinydiffeq-np-sin-in-field',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/ode.md',
        code="""\
import numpy as np
import jax.numpy as jnp
from tinydiffeq import solve_ode, RK4

def pendulum(x, t, args):
    theta, omega = x[0], x[1]
    return jnp.array([omega, -args['g'] / args['L'] * np.sin(theta)])

x0 = jnp.array([0.5, 0.0])
solve_ode(pendulum, RK4(), 0.0, 2.0, x0, args={'g': 9.81, 'L': 1.0},
          dt_0=0.02, max_steps=100)
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A pendulum field uses np.sin on the state, which solve_ode traces; JAX raises TracerArrayConversionError. Replacing np.sin by jnp.sin fixes it; checked.',
    ),
    Case(
        id='s-tinydiffeq-field-appends-time',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/aux.md',
        code="""\
import jax.numpy as jnp
from tinydiffeq import solve_ode, Tsit5, IController

visited_times = []

def lotka_volterra(x, t, args, p):
    visited_times.append(t)
    prey, pred = x[0], x[1]
    return jnp.array([p['a'] * prey - p['b'] * prey * pred,
                      p['c'] * prey * pred - p['d'] * pred])

p = {'a': 1.0, 'b': 0.4, 'c': 0.1, 'd': 0.4}
sol = solve_ode(lotka_volterra, Tsit5(), 0.0, 10.0, jnp.array([10.0, 5.0]),
                p=p, dt_0=0.1, controller=IController())
evaluations = jnp.stack(visited_times)
""",
        kind='leaked-tracer', argument='t', path='t', line=7,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=True, use_line=15,
        note="The vector field records each evaluation time in a global list; the entries are tracers from solve_ode's scan and jnp.stack on them later raises UnexpectedTracerError. The fix is to return the value (the field may return (dx, aux) and the solution carries aux) or just print it with jax.debug.print; not mechanical, so not verifiable.",
    ),
    Case(
        id='s-tinydiffeq-string-in-args',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/ode.md',
        code="""\
import jax.numpy as jnp
from tinydiffeq import solve_ode, RK4

def growth(x, t, args):
    if args['model'] == 'logistic':
        return args['r'] * x * (1.0 - x)
    return args['r'] * x

x0 = jnp.array([0.05])
solve_ode(growth, RK4(), 0.0, 3.0, x0, args={'model': 'logistic', 'r': 1.5},
          dt_0=0.03, max_steps=100)
""",
        kind='non-array-argument', argument='args', path="args['model']", line=10,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="A model name string is put into args; tinydiffeq traces the field with args as an abstract input (eval_shape) and JAX raises TypeError at path args['model']. Its hint about static_argnums does not apply (the jit is the library's); the fix is to keep the string out of args (closure/partial), checked by hand but not a one-line change.",
    ),
    Case(
        id='s-tinydiffeq-list-index-by-regime',
        source='https://github.com/HighDimensionalEconLab/tinydiffeq/blob/HEAD/docs/ode.md',
        code="""\
import jax
import jax.numpy as jnp
from tinydiffeq import solve_ode, RK4

RATES = [0.1, 0.5]

def regime_switching(x, t):
    regime = (x[0] > 1.0).astype(jnp.int32)
    k = RATES[regime]
    return jnp.array([k * x[0]])

def final(x0):
    return solve_ode(regime_switching, RK4(), 0.0, 2.0, x0,
                     dt_0=0.02, max_steps=100).xs

jax.vmap(final)(jnp.array([[0.5], [2.0]]))
""",
        kind='integer-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='A regime-switching field indexes a Python list of rates with an integer computed from the state, under jax.vmap of the solve; JAX raises TracerIntegerConversionError. jnp.where over the two rates (or lax.switch) fixes it; checked.',
    ),
    Case(
        id='s-stljax-traced-always-interval',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Always, GreaterThan, Predicate

altitude = Predicate('altitude', lambda traj: traj[..., 2])

@jax.jit
def safety_margin(traj, horizon):
    stay_up = Always(GreaterThan(altitude, 0.5), interval=[0, horizon])
    return stay_up.robustness(traj)

traj = jnp.stack([jnp.zeros(40), jnp.zeros(40), jnp.linspace(1.0, 2.0, 40)], -1)
safety_margin(traj, 10)
""",
        kind='bool-conversion', argument='horizon', path='horizon', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An Always interval bound comes from a jitted argument; stljax's Always.robustness_trace evaluates `interval[1] == inf` through its own Python-level cond helper (`if pred:`), so the library raises TracerBoolConversionError. Making horizon static fixes it; checked.",
    ),
    Case(
        id='s-stljax-traced-eventually-start',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Eventually, LessThan, Predicate

dist_to_goal = Predicate('dist', lambda traj: jnp.linalg.norm(traj - 3.0, axis=-1))

@jax.jit
def reach_score(traj, earliest):
    reach = Eventually(LessThan(dist_to_goal, 0.2), interval=[earliest, 20])
    return reach.robustness(traj)

traj = jnp.linspace(0.0, 3.0, 50)[:, None] * jnp.ones((1, 2))
reach_score(traj, 5)
""",
        kind='traced-shape', argument='earliest', path='earliest', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='An Eventually interval start comes from a jitted argument; stljax builds its time masks with jnp.tril(k=-interval[0]), whose k is static, and JAX raises ValueError (non-hashable static argument: a tracer). Making earliest static fixes it; checked.',
    ),
    Case(
        id='s-stljax-if-on-robustness',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Always, GreaterThan, Predicate

clearance = Predicate('clearance', lambda traj: traj[..., 0] - 1.0)
phi = Always(GreaterThan(clearance, 0.1))

def spec_loss(controls):
    traj = 1.5 + jnp.cumsum(controls, axis=0)
    rho = phi.robustness(traj, approx_method='logsumexp', temperature=10.0)
    if rho < 0:
        return -rho
    return 0.0

jax.jit(jax.grad(spec_loss))(-0.1 * jnp.ones((30, 2)))
""",
        kind='bool-conversion', argument='controls', path='controls', line=11,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A hinge-style STL loss branches with `if rho < 0` on the robustness, and the grad is jitted; JAX raises TracerBoolConversionError. jnp.where (or jnp.maximum(-rho, 0)) keeps the result; checked.',
    ),
    Case(
        id='s-stljax-expression-set-value-leak',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Always, Expression, LessThan

speed = Expression('speed', None)
speed_limit = Always(LessThan(speed, 2.0))

@jax.jit
def penalty(velocities):
    speed.set_value(jnp.linalg.norm(velocities, axis=-1))
    return jnp.maximum(-speed_limit.robustness(speed), 0.0)

vel = jnp.ones((25, 2))
penalty(vel)
report = speed_limit.robustness(speed)
""",
        kind='leaked-tracer', argument='velocities', path='velocities', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True, use_line=15,
        note='Inside a jitted penalty the user stores the traced speeds on a module-level stljax Expression with set_value; a later eager robustness call reads the stale tracer and JAX raises UnexpectedTracerError. Return the value (or pass arrays, not a shared Expression) instead; not a mechanical edit.',
    ),
    Case(
        id='s-stljax-np-norm-in-predicate',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from stljax.formula import Eventually, LessThan, Predicate

goal = np.array([2.0, 2.0])
near_goal = Predicate('near_goal', lambda traj: np.linalg.norm(traj - goal, axis=-1))
phi = Eventually(LessThan(near_goal, 0.3))

def loss(waypoints):
    return -phi.robustness(waypoints, approx_method='softmax', temperature=5.0)

jax.value_and_grad(loss)(jnp.linspace(0.0, 2.0, 30)[:, None] * jnp.ones((1, 2)))
""",
        kind='array-conversion', argument='traj', path='traj', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A Predicate function computes distance to the goal with np.linalg.norm; under jax.value_and_grad of the STL loss JAX raises TracerArrayConversionError. jnp.linalg.norm fixes it; checked.',
    ),
    Case(
        id='s-stljax-formula-as-jit-arg',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Always, GreaterThan, Predicate

battery = Predicate('battery', lambda s: s[..., 0])
phi = Always(GreaterThan(battery, 0.2), interval=[0, 10])

@jax.jit
def check(formula, signal):
    return formula.robustness(signal)

check(phi, jnp.linspace(1.0, 0.5, 30)[:, None])
""",
        kind='non-array-argument', argument='formula', path='formula', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='An stljax formula object (not a pytree) is passed as an argument of a jitted function; JAX raises TypeError (cannot interpret Always as an abstract array) and suggests static_argnums, which works since formulas hash by identity; checked.',
    ),
    Case(
        id='s-stljax-list-interval-static',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import functools
import jax
import jax.numpy as jnp
from stljax.formula import Always, GreaterThan, Predicate

battery = Predicate('battery', lambda s: s[..., 0])

@functools.partial(jax.jit, static_argnames='interval')
def check(signal, interval):
    return Always(GreaterThan(battery, 0.2), interval=interval).robustness(signal)

check(jnp.linspace(1.0, 0.5, 30)[:, None], interval=[0, 10])
""",
        kind='unhashable-static', argument='interval', path='interval', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The interval is marked static but passed as a list (the form stljax examples use); JAX raises ValueError (non-hashable static arguments). Passing a tuple (0, 10) fixes it; checked.',
    ),
    Case(
        id='s-stljax-int-of-deadline',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Eventually, GreaterThan, Predicate

temp = Predicate('temp', lambda s: s[..., 0])

@jax.jit
def warmup_ok(signal, deadline_s, dt):
    steps = int(deadline_s / dt)
    return Eventually(GreaterThan(temp, 20.0), interval=[0, steps]).robustness(signal)

warmup_ok(jnp.linspace(15.0, 25.0, 60)[:, None], 3.0, 0.1)
""",
        kind='concretization', argument='deadline_s', path='deadline_s', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The number of steps for an Eventually interval is computed with int(deadline_s / dt) inside jit; JAX raises ConcretizationTypeError (its astype hint does not fit, a Python int is needed). Making deadline_s and dt static (or computing steps outside) fixes it; checked.',
    ),
    Case(
        id='s-stljax-mask-in-predicate',
        source='https://github.com/UW-CTRL/stljax/blob/HEAD/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from stljax.formula import Always, LessThan, Predicate

def moving_speed(traj):
    v = jnp.diff(traj, axis=0, prepend=traj[:1])
    speed = jnp.linalg.norm(v, axis=-1)
    return speed[speed > 1e-3]

phi = Always(LessThan(Predicate('speed', moving_speed), 0.5))
loss = jax.jit(lambda traj: -phi.robustness(traj))
loss(jnp.cumsum(0.1 * jnp.ones((20, 2)), axis=0))
""",
        kind='boolean-index', argument='traj', path='traj', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A Predicate filters out stationary steps with a boolean mask; under jit JAX raises NonConcreteBooleanIndexError. jnp.where keeps the time axis (which the temporal operators need anyway); checked.',
    ),
    Case(
        id='s-powerpax-traced-slice-start',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def ar1_step(state, noise):
    new = 0.9 * state + noise
    return new, new

@jax.jit
def sample_chain(key, burn_in):
    noise = jax.random.normal(key, (1000,))
    _, kept = ppx.sliced_scan(ar1_step, 0.0, noise, start=burn_in, step=10)
    return kept

sample_chain(jax.random.key(0), 200)
""",
        kind='traced-shape', argument='burn_in', path='burn_in', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="ppx.sliced_scan's start/stop/step are Python slice bounds, but start comes from a jitted argument; powerpax calls slice(...).indices() and JAX raises TracerIntegerConversionError. static_argnames='burn_in' fixes it; checked.",
    ),
    Case(
        id='s-powerpax-traced-chunk-size',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def pairwise_energy(x, points):
    return jnp.sum(jnp.exp(-jnp.sum((points - x) ** 2, axis=-1)))

@jax.jit
def energies(points, chunk):
    batched = ppx.chunked_vmap(lambda x: pairwise_energy(x, points), chunk_size=chunk)
    return batched(points)

energies(jnp.ones((512, 3)), 64)
""",
        kind='traced-shape', argument='chunk', path='chunk', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="ppx.chunked_vmap's chunk_size is a Python int, but it is a jitted argument here; powerpax calls operator.index on it and JAX raises TracerIntegerConversionError. Making chunk static fixes it; checked.",
    ),
    Case(
        id='s-powerpax-if-in-scan-body',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax.numpy as jnp
import powerpax as ppx

def leaky_integrator(v, current):
    v = 0.95 * v + current
    if v > 1.0:
        v = 0.0
    return v, v

currents = 0.2 * jnp.ones(500)
final_v, trace = ppx.sliced_scan(leaky_integrator, jnp.array(0.0), currents, step=5)
""",
        kind='bool-conversion', argument='v', path='v', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A leaky integrate-and-fire reset written with `if v > 1.0` in the body given to ppx.sliced_scan; the body is traced by lax.scan and JAX raises TracerBoolConversionError. jnp.where keeps the result; checked.',
    ),
    Case(
        id='s-powerpax-append-in-body',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

snapshots = []

def diffuse(u, _):
    u = u + 0.1 * (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1))
    snapshots.append(u)
    return u, None

u0 = jnp.zeros(64).at[32].set(1.0)
u_final, _ = ppx.sliced_scan(diffuse, u0, None, length=200, step=50)
movie = jnp.stack(snapshots)
""",
        kind='leaked-tracer', argument='u', path='u', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True, use_line=14,
        note='A diffusion step body appends its state to a global list while ppx.sliced_scan runs it; the later jnp.stack raises UnexpectedTracerError. Returning u as the scan output (which sliced_scan then subsamples) is the fix; checked by hand, not a one-line edit.',
    ),
    Case(
        id='s-powerpax-static-wraps-arrays',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def standardise(x, stats):
    mean, std = stats.value
    return (x - mean) / std

standardise_jit = jax.jit(standardise)
train_stats = ppx.Static((jnp.array([0.5, 1.0]), jnp.array([2.0, 3.0])))
standardise_jit(jnp.ones((4, 2)), train_stats)
test_stats = ppx.Static((jnp.array([0.4, 1.1]), jnp.array([2.1, 2.9])))
standardise_jit(jnp.ones((4, 2)), test_stats)
""",
        kind='unhashable-static', argument='stats', path='stats', line=13,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=True,
        note='Normalisation arrays are wrapped in ppx.Static, so they become pytree metadata of a jitted call; the second call compares metadata and JAX raises ValueError (metadata must be hashable; arrays cannot be metadata). Passing the arrays as ordinary traced leaves fixes it; checked.',
    ),
    Case(
        id='s-powerpax-range-over-traced-substeps',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def substep_integrate(state, frame):
    dt = frame['dt'] / frame['n_sub']
    for _ in range(frame['n_sub']):
        state = state + dt * jnp.cos(state)
    return state, state

frames = {'dt': jnp.full(100, 0.1), 'n_sub': jnp.full(100, 4)}
ppx.sliced_scan(substep_integrate, jnp.array(0.0), frames, start=50)
""",
        kind='integer-conversion', argument='frame', path="frame['n_sub']", line=7,
        fixes=('lax.fori_loop', 'lax.while_loop'), verifiable=True, jax_fitting_fix=False,
        note="The scan body sub-steps with `for _ in range(frame['n_sub'])` where n_sub is a per-step leaf of xs, traced by ppx.sliced_scan; JAX raises TracerIntegerConversionError. lax.fori_loop with a traced bound fixes it; checked.",
    ),
    Case(
        id='s-powerpax-step-fn-as-jit-arg',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def euler_step(x, _):
    return x - 0.1 * x ** 3, x

@jax.jit
def rollout(step_fn, x0):
    return ppx.checkpoint_chunked_scan(step_fn, x0, None, length=100, chunk_size=10)

rollout(euler_step, jnp.array(1.0))
""",
        kind='non-array-argument', argument='step_fn', path='step_fn', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The step function given to ppx.checkpoint_chunked_scan is passed as an argument of a jitted driver; JAX raises TypeError (function is not a valid abstract array) and suggests static_argnums, which works; checked.',
    ),
    Case(
        id='s-powerpax-float-print-in-body',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def gd_step(w, batch):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((batch @ w - 1.0) ** 2))(w)
    print(f"loss = {float(loss):.4f}")
    return w - 0.1 * g, loss

batches = jnp.ones((40, 8, 3))
w_final, losses = ppx.checkpoint_chunked_scan(gd_step, jnp.zeros(3), batches, chunk_size=8)
""",
        kind='concretization', argument='w', path='w', line=7,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A gradient-descent body logs float(loss) while ppx.checkpoint_chunked_scan (scan under jax.checkpoint) traces it, with value_and_grad inside; JAX raises ConcretizationTypeError (its astype hint does not fit). jax.debug.print fixes it; checked.',
    ),
    Case(
        id='s-powerpax-nonzero-in-chunked-vmap',
        source='https://powerpax.readthedocs.io/en/latest/reference.html',
        code="""\
import jax
import jax.numpy as jnp
import powerpax as ppx

def first_spike_time(voltage_trace):
    spikes = jnp.nonzero(voltage_trace > 1.0)[0]
    return jnp.min(spikes, initial=voltage_trace.shape[0])

traces = jnp.cumsum(0.05 * jnp.ones((256, 100)), axis=1)
ppx.chunked_vmap(first_spike_time, chunk_size=32)(traces)
""",
        kind='boolean-index', argument='voltage_trace', path='voltage_trace', line=6,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=True,
        note='jnp.nonzero without size inside a function mapped by ppx.chunked_vmap (vmap + scan); JAX raises ConcretizationTypeError and says the size argument must be static. size= with fill_value=T keeps the result; checked.',
    ),
]
