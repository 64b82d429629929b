"""Held-out library cases (set bh): drjax, diffeqzoo, kingdon.

How they were built: each case is my own minimal reduction of a usage pattern shown in the
library's docs/README/API docstrings (none of the three libraries has public issue threads
showing these tracing errors, so sources are the doc pages of the APIs exercised). Every
cell was written to a file and run with /tmp/heldout30/venv_bh/bin/python (CPython 3.11.7,
venv with --system-site-packages): all statements but the last run cleanly (checked by running
the cell minus its last top-level statement) and the last raises; `line`/`use_line` were read
off the traceback frames in the cell file. Each first fix marked verifiable was applied by hand
and the fixed cell re-run to completion.

Installed versions: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8,
numpy 2.4.6 (all as on the machine), drjax 0.2.1, diffeqzoo 0.0.5, kingdon 3.0.0. The CUDA
plugin (jax-cuda12-plugin/pjrt) pulled in by the dropped jaxili install was uninstalled from
the venv so that JAX runs on CPU without plugin errors.

Dropped:
- jaxili 0.1.3: installs, but its main modules do not import with JAX 0.10.2:
  jaxili.train/jaxili.inference fail on `jaxlib.xla_extension` (removed from jaxlib), and
  jaxili.model needs distrax -> tensorflow-probability 0.25, which fails on
  `jax.interpreters.xla.pytype_aval_mappings` (only a tfp-nightly swap made jaxili.model load).
- eqxvision 0.2.8: fails to import (`equinox.experimental` no longer exists in equinox 0.13).
- ringattention 0.1.2: fails to import (`jax.lib.xla_bridge` is gone).
- lagrangebench: cannot install with the jax/flax/equinox/optax pins (pip ResolutionImpossible).
- Replacement chosen (not on the exclusion lists): drjax (Google's differentiable MapReduce
  primitives for JAX). kingdon is the last listed alternate and is used.

Doubts about labels:
- bh-drjax-if-in-client-update: lax.cond is equally fine; argument could be read as `x`
  (g depends on both params and the client's data); params['w'] is the first parameter.
- bh-drjax-traced-num-clients: the error is raised by drjax.broadcast's shape construction,
  so `line` could also be the jitted call (15) or the program call (13); argument num_clients
  belongs to the jitted `run`, not to round_fn where the failing line is.
- bh-drjax-placements-dict-static: passing the client count as an int static arg is another
  natural fix (a form of hashable-static/static).
- bh-drjax-client-metrics-leak: argument could be `x` as well (loss uses both).
- bh-drjax-float-logging: return-value is as good as jax.debug.print if the user wants the
  number in Python; argument could be `data` (message names both w and data).
- bh-drjax-drop-zero-weight-clients: drjax.reduce_weighted_mean with a 0/1 weight is the
  library-native masked fix (still jnp.where-style masking).
- bh-drjax-local-steps-range: 'static' does not fit (the steps vary per client inside vmap).
  The tracer comes from drjax's vmap, so argument could also be read as the program's
  `client_cfg`.
- bh-diffeqzoo-lorenz96-size-traced: could be called integer-conversion by someone who reads
  num_variables as an int; JAX's error is the shape TypeError.
- bh-diffeqzoo-heat-u0-assert: the failing `if` is the library's own assert, so no
  array-level rewrite of the user's line applies; the fix is moving the IVP construction out of
  the traced function ('static' in the sense of moving it out of the traced arguments). One
  could argue for concretization. Note: heat_1d_dirichlet cannot be built under jit at all
  with the JAX backend (its assert also trips on the internally computed default u0).
- bh-diffeqzoo-numpy-backend-jit: the np call is inside the library; the user-level fix is the
  backend choice, which I map to jnp-not-np.
- bh-diffeqzoo-int-num-steps: JAX raises ConcretizationTypeError (int()), so 'concretization'
  is defensible; I follow the brief (int() -> integer-conversion).
- bh-diffeqzoo-while-t-lt-t1: static (hashable tuple tspan) also works and is simpler.
- bh-diffeqzoo-cached-ivp-leak: building the problem outside the jitted function ('static')
  is as good a first fix.
- bh-diffeqzoo-list-params-static: not-static may be preferred (parameters are numeric and
  traced values avoid recompiles and allow grad); order is a judgment call.
- bh-diffeqzoo-outbreak-mask: both jnp.where and size= change the output shape compared
  with the intended variable-length result; size-argument keeps the selected values packed.
- bh-kingdon-mv-jit-arg / bh-kingdon-grad-wrt-motor: passing mv.values() and rebuilding the
  multivector inside is the simplest practical fix but is not in the fix vocabulary.
- bh-kingdon-grade-traced: JAX raises TracerBoolConversionError inside kingdon, so
  bool-conversion is defensible; I label by cause (a grade selects the output structure).
- bh-kingdon-mask-long-vectors: size-argument keeps the selected vectors packed; jnp.where
  zeros the short ones instead.
- bh-kingdon-motor-on-self-leak: also needs register-pytree to return the motor itself; JAX's
  'explicitly return their outputs' hint points the right way but does not work alone here,
  hence jax_fitting_fix=False (one could argue True).
- bh-kingdon-math-sqrt-normsq: math.sqrt is neither np nor a builtin; either fix name fits.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bh-drjax-if-in-client-update',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

def client_update(params, x):
    g = jnp.mean(x) - params['w']
    if jnp.abs(g) > 1.0:
        g = g / jnp.abs(g)
    return {'w': params['w'] + 0.1 * g, 'b': params['b']}

@drjax.program(placements={'clients': 4})
def fed_round(params, data):
    pc = drjax.broadcast(params)
    return drjax.reduce_mean(drjax.map_fn(client_update, (pc, data)))

fed_round({'w': jnp.array(0.0), 'b': jnp.array(1.0)}, jnp.arange(12.0).reshape(4, 3))
""",
        kind='bool-conversion', argument='params', path="params['w']", line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A per-client update function handed to drjax.map_fn (which vmaps it) clips its step with a Python `if` on a value derived from params['w']; JAX raises TracerBoolConversionError (BatchTracer). Replacing the if/assign by jnp.where keeps the result; lax.cond also works under vmap. Checked: the jnp.where rewrite runs.",
    ),
    Case(
        id='bh-drjax-traced-num-clients',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

def round_fn(w, data):
    ws = drjax.broadcast(w)
    ups = drjax.map_fn(lambda a, x: a + jnp.mean(x), (ws, data))
    return drjax.reduce_mean(ups)

@jax.jit
def run(w, data, num_clients):
    prog = drjax.program(placements={'clients': num_clients})(round_fn)
    return prog(w, data)

run(jnp.array(0.0), jnp.ones((4, 3)), 4)
""",
        kind='traced-shape', argument='num_clients', path='num_clients', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The placement size given to drjax.program(placements={'clients': n}) comes from an argument of a jitted function, so drjax.broadcast builds a shape (n, ...) from a tracer; JAX raises TypeError 'Shapes must be 1D sequences of concrete values'. Marking num_clients static (static_argnames) fixes it, as the message suggests. Checked.",
    ),
    Case(
        id='bh-drjax-placements-dict-static',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import drjax

@functools.partial(jax.jit, static_argnames='placements')
def run(w, data, placements):
    @drjax.program(placements=placements)
    def prog(w, data):
        ws = drjax.broadcast(w)
        return drjax.reduce_mean(drjax.map_fn(lambda a, x: a + jnp.mean(x), (ws, data)))
    return prog(w, data)

run(jnp.array(0.0), jnp.ones((4, 3)), placements={'clients': 4})
""",
        kind='unhashable-static', argument='placements', path='placements', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The drjax placements mapping (a dict config) is passed as a static jit argument; jit raises ValueError 'Non-hashable static arguments are not supported' (from TypeError unhashable dict). Passing a hashable tuple of items and rebuilding the dict inside fixes it. Checked.",
    ),
    Case(
        id='bh-drjax-client-metrics-leak',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

client_losses = []

def client_update(w, x):
    loss = jnp.mean((x - w) ** 2)
    client_losses.append(loss)
    return w - 0.1 * jax.grad(lambda v: jnp.mean((x - v) ** 2))(w)

@drjax.program(placements={'clients': 3})
def fed_round(w, data):
    return drjax.reduce_mean(drjax.map_fn(client_update, (drjax.broadcast(w), data)))

w = fed_round(jnp.array(0.0), jnp.arange(6.0).reshape(3, 2))
print(jnp.stack(client_losses).mean())
""",
        kind='leaked-tracer', argument='w', path='w', line=9,
        use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The client function run by drjax.map_fn appends its per-client loss (a BatchTracer) to a global list for logging; using the list after the round raises UnexpectedTracerError. Returning the loss from the client function and from the program fixes it (the message says transformed functions must return their outputs). Checked.',
    ),
    Case(
        id='bh-drjax-float-logging',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

@jax.jit
@drjax.program(placements={'clients': 4})
def fed_eval(w, data):
    losses = drjax.map_fn(lambda a, x: jnp.mean((x - a) ** 2), (drjax.broadcast(w), data))
    avg = drjax.reduce_mean(losses)
    print(f"round loss {float(avg):.4f}")
    return avg

fed_eval(jnp.array(1.0), jnp.ones((4, 8)))
""",
        kind='concretization', argument='w', path='w', line=10,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='A jitted drjax program logs the reduced round loss with float() inside an f-string; JAX raises ConcretizationTypeError (the message suggests astype, which does not fit). jax.debug.print (or returning the loss) fixes it. Checked with jax.debug.print.',
    ),
    Case(
        id='bh-drjax-drop-zero-weight-clients',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

@jax.jit
@drjax.program(placements={'clients': 4})
def weighted_round(w, data, weights):
    updates = drjax.map_fn(lambda a, x: a + 0.1 * jnp.mean(x - a), (drjax.broadcast(w), data))
    active = updates[weights > 0]
    return jnp.mean(active)

weighted_round(jnp.array(0.0), jnp.ones((4, 3)), jnp.array([1.0, 0.0, 2.0, 0.0]))
""",
        kind='boolean-index', argument='weights', path='weights', line=9,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Inside a jitted drjax program the user drops clients with zero weight by boolean-indexing the placed updates with weights > 0; JAX raises NonConcreteBooleanIndexError. A masked mean with jnp.where gives the same value; nonzero with size= also works. Checked the jnp.where version.',
    ),
    Case(
        id='bh-drjax-client-fn-as-jit-arg',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

def sgd_client(w, x):
    return w - 0.1 * (w - jnp.mean(x))

@jax.jit
@drjax.program(placements={'clients': 4})
def fed_round(w, data, client_fn):
    return drjax.reduce_mean(drjax.map_fn(client_fn, (drjax.broadcast(w), data)))

fed_round(jnp.array(0.0), jnp.ones((4, 3)), sgd_client)
""",
        kind='non-array-argument', argument='client_fn', path='client_fn', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The client update callable is passed as an argument of a jitted drjax program; jit raises TypeError 'Error interpreting argument ... as an abstract array' for the function. Marking client_fn static (as the message suggests) or closing over it fixes it. Checked with static_argnames.",
    ),
    Case(
        id='bh-drjax-local-steps-range',
        source='https://github.com/google/drjax/blob/main/drjax/_src/api.py',
        code="""\
import jax
import jax.numpy as jnp
import drjax

def client_update(w, x, cfg):
    for _ in range(cfg['steps']):
        w = w - cfg['lr'] * (w - jnp.mean(x))
    return w

@drjax.program(placements={'clients': 3})
def fed_round(w, data, client_cfg):
    ws = drjax.broadcast(w)
    return drjax.reduce_mean(drjax.map_fn(client_update, (ws, data, client_cfg)))

cfg = {'steps': jnp.array([1, 2, 5]), 'lr': jnp.array([0.1, 0.1, 0.05])}
fed_round(jnp.array(0.0), jnp.ones((3, 4)), cfg)
""",
        kind='integer-conversion', argument='cfg', path="cfg['steps']", line=6,
        fixes=('lax.fori_loop', 'lax.while_loop'), verifiable=True, jax_fitting_fix=False,
        note="Heterogeneous clients: a per-client config dict is mapped by drjax.map_fn and the client loop uses range(cfg['steps']) on a batched tracer; JAX raises TracerIntegerConversionError. lax.fori_loop with a traced upper bound (lowered to while_loop) works under vmap. Checked.",
    ),
    Case(
        id='bh-diffeqzoo-lorenz96-size-traced',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/diffeqzoo/ivps/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")

@jax.jit
def lorenz_rhs_norm(n, forcing):
    ivp = ivps.lorenz96(num_variables=n, forcing=forcing)
    du = ivp.vector_field(ivp.initial_values, *ivp.vector_field_args)
    return jnp.linalg.norm(du)

lorenz_rhs_norm(10, 8.0)
""",
        kind='traced-shape', argument='n', path='n', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="ivps.lorenz96(num_variables=n) is built inside a jitted function with n traced; the library's jnp.ones(num_variables) raises TypeError 'Shapes must be 1D sequences of concrete values'. static_argnames='n' fixes it, as the message suggests. Checked.",
    ),
    Case(
        id='bh-diffeqzoo-heat-u0-assert',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/docs/source/example_notebooks/solve_ivp_with_jax.md',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")

def rhs_norm(u0):
    ivp, _ = ivps.heat_1d_dirichlet(initial_values=u0, num_gridpoints=5)
    du = ivp.vector_field(ivp.initial_values, *ivp.vector_field_args)
    return jnp.linalg.norm(du)

batch = jnp.array([[0.0, 0.5, 1.0, 0.5, 0.0], [0.0, 0.2, 0.3, 0.2, 0.0]])
jax.vmap(rhs_norm)(batch)
""",
        kind='bool-conversion', argument='u0', path='u0', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Vmapping a function that calls ivps.heat_1d_dirichlet(initial_values=u0): the library asserts allclose(u0[0], 0) on the batched value, so JAX raises TracerBoolConversionError inside diffeqzoo. Building the IVP once outside the traced function and vmapping only the vector field over u0 fixes it. Checked.',
    ),
    Case(
        id='bh-diffeqzoo-numpy-backend-jit',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/diffeqzoo/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("numpy")
f, u0, (t0, t1), params = ivps.lotka_volterra()

@jax.jit
def euler_step(u, dt):
    return u + dt * f(u, *params)

euler_step(jnp.asarray(u0), 0.01)
""",
        kind='array-conversion', argument='u', path='u', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="With backend.select('numpy') the diffeqzoo vector field builds its output with numpy.asarray; jitting an Euler step over it raises TracerArrayConversionError inside the library. Selecting the 'jax' backend (jnp instead of np) fixes it. Checked.",
    ),
    Case(
        id='bh-diffeqzoo-int-num-steps',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/docs/source/example_notebooks/solve_ivp_with_jax.md',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")
f, u0, (t0, t1), params = ivps.lotka_volterra()

@jax.jit
def solve(u0, t1, dt=0.01):
    n = int((t1 - t0) / dt)
    def step(u, _):
        return u + dt * f(u, *params), None
    u, _ = jax.lax.scan(step, u0, None, length=n)
    return u

solve(u0, t1)
""",
        kind='integer-conversion', argument='t1', path='t1', line=10,
        fixes=('static', 'lax.while_loop'), verifiable=True, jax_fitting_fix=False,
        note='A hand-written fixed-step solver for a diffeqzoo IVP computes the step count with int((t1 - t0) / dt) where t1 is a jit argument; JAX raises ConcretizationTypeError from int() (its astype hint does not fit since scan needs a static length). Marking t1 static fixes it; a while_loop solver also works. Checked static.',
    ),
    Case(
        id='bh-diffeqzoo-while-t-lt-t1',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/docs/source/example_notebooks/solve_ivp_with_jax.md',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")
f, u0, tspan, params = ivps.sir()

@jax.jit
def integrate(u0, tspan):
    t, u, dt = tspan[0], u0, 0.1
    while t < tspan[1]:
        u = u + dt * f(u, *params)
        t = t + dt
    return u

integrate(u0, tspan)
""",
        kind='bool-conversion', argument='tspan', path='tspan[1]', line=11,
        fixes=('lax.while_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A jitted Euler integrator for ivps.sir() loops with `while t < tspan[1]` on the traced time span; JAX raises TracerBoolConversionError. lax.while_loop keeps the loop traced; making tspan static also works. Checked while_loop.',
    ),
    Case(
        id='bh-diffeqzoo-cached-ivp-leak',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/diffeqzoo/ivps/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")
_problems = {}

@jax.jit
def lorenz_rhs_norm(forcing):
    ivp = ivps.lorenz96(num_variables=6, forcing=forcing)
    _problems["lorenz96"] = ivp
    return jnp.linalg.norm(ivp.vector_field(ivp.initial_values, *ivp.vector_field_args))

lorenz_rhs_norm(8.0)
ivp = _problems["lorenz96"]
ivp.vector_field(ivp.initial_values, *ivp.vector_field_args)
""",
        kind='leaked-tracer', argument='forcing', path='forcing', line=11,
        use_line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The IVP built by ivps.lorenz96(forcing=forcing) inside a jitted function is cached in a global dict; its initial_values were computed from the traced forcing, so calling the vector field on them later raises UnexpectedTracerError. Returning the initial values and building the cached problem outside fixes it. Checked.',
    ),
    Case(
        id='bh-diffeqzoo-list-params-static',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/diffeqzoo/ivps/__init__.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")

@functools.partial(jax.jit, static_argnames="parameters")
def rhs_at_start(u0, parameters):
    ivp = ivps.lorenz63(initial_values=u0, parameters=parameters)
    return ivp.vector_field(ivp.initial_values, *ivp.vector_field_args)

rhs_at_start(jnp.array([0.0, 1.0, 1.05]), parameters=[10.0, 28.0, 8.0 / 3.0])
""",
        kind='unhashable-static', argument='parameters', path='parameters', line=13,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note="The parameters of ivps.lorenz63 are marked static but passed as a list; jit raises ValueError 'Non-hashable static arguments are not supported'. Passing a tuple fixes it; passing them traced also works since the vector field only does arithmetic. Checked the tuple.",
    ),
    Case(
        id='bh-diffeqzoo-outbreak-mask',
        source='https://github.com/pnkraemer/diffeqzoo/blob/main/docs/source/example_notebooks/solve_ivp_with_jax.md',
        code="""\
import jax
import jax.numpy as jnp
from diffeqzoo import backend, ivps

backend.select("jax")
f, u0, (t0, t1), params = ivps.sir()
ts = jnp.linspace(t0, t1, 200)

@jax.jit
def outbreak_times(u0):
    def step(u, t):
        u_next = u + (ts[1] - ts[0]) * f(u, *params)
        return u_next, u_next
    _, us = jax.lax.scan(step, u0, ts)
    return ts[us[:, 1] > 100.0]

outbreak_times(u0)
""",
        kind='boolean-index', argument='u0', path='u0', line=15,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='After a lax.scan simulation of the diffeqzoo SIR model, the jitted function selects times with infected > 100 by boolean indexing; JAX raises NonConcreteBooleanIndexError. jnp.where(mask, ts, nan) (fixed shape) or nonzero with size= fixes it. Checked jnp.where.',
    ),
    Case(
        id='bh-kingdon-mv-jit-arg',
        source='https://kingdon.readthedocs.io/en/latest/usage.html',
        code="""\
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3, 0, 1)
point = alg.vector(jnp.array([1.0, 0.5, -0.2, 0.3])).dual()

@jax.jit
def distance_to_origin(p):
    return (p.normsq() ** 0.5).e

distance_to_origin(point)
""",
        kind='non-array-argument', argument='p', path='p', line=12,
        fixes=('register-pytree',), verifiable=False, jax_fitting_fix=False,
        note="A kingdon MultiVector (a PGA point) is passed straight to a jitted function; kingdon multivectors are not pytrees, so jit raises TypeError 'Error interpreting argument ... as an abstract array'. The message suggests static_argnums, which fails (multivectors are unhashable). Registering the multivector class as a pytree (or passing its values array) fixes it; checked that a registration works, but it is not a one-line edit.",
    ),
    Case(
        id='bh-kingdon-grad-wrt-motor',
        source='https://kingdon.readthedocs.io/en/latest/usage.html',
        code="""\
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3, 0, 1)
x = alg.vector(jnp.array([0.0, 1.0, 2.0, 3.0])).dual()
target = alg.vector(jnp.array([0.0, 1.0, -2.0, 3.0])).dual()

def pose_loss(motor):
    y = motor.sw(x)
    return jnp.sum(jnp.asarray((y - target).values()) ** 2)

motor = alg.evenmv(e=1.0, e12=0.1)
jax.grad(pose_loss)(motor)
""",
        kind='non-array-argument', argument='motor', path='motor', line=14,
        fixes=('register-pytree',), verifiable=False, jax_fitting_fix=False,
        note="jax.grad of a pose-fitting loss is taken with respect to a kingdon motor (alg.evenmv); grad raises TypeError 'Argument ... of type MultiVector is not a valid JAX type'. Registering MultiVector as a pytree, or differentiating w.r.t. the coefficient array and building the motor inside the loss, fixes it.",
    ),
    Case(
        id='bh-kingdon-grade-traced',
        source='https://kingdon.readthedocs.io/en/latest/usage.html',
        code="""\
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3, 0, 1)

@jax.jit
def grade_part(coeffs, k):
    X = alg.multivector(coeffs)
    return X.grade(k).values()

grade_part(jnp.arange(16.0), 2)
""",
        kind='traced-shape', argument='k', path='k', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The grade passed to MultiVector.grade(k) is a jit argument; kingdon compares it against blade grades to choose which keys to keep, so JAX raises TracerBoolConversionError inside the library. The grade decides the output structure, so it must be static: static_argnames='k' fixes it. Checked.",
    ),
    Case(
        id='bh-kingdon-grades-list-static',
        source='https://kingdon.readthedocs.io/en/latest/usage.html',
        code="""\
import functools
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3, 0, 1)

@functools.partial(jax.jit, static_argnames="grades")
def project(coeffs, grades):
    X = alg.multivector(coeffs)
    return X.grade(*grades).values()

project(jnp.arange(16.0), grades=[1, 2])
""",
        kind='unhashable-static', argument='grades', path='grades', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A static `grades` argument for MultiVector.grade(*grades) is passed as a list; jit raises ValueError 'Non-hashable static arguments are not supported'. Passing a tuple (kingdon's own convention for grades) fixes it. Checked.",
    ),
    Case(
        id='bh-kingdon-mask-long-vectors',
        source='https://kingdon.readthedocs.io/en/latest/arrays.html',
        code="""\
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3)

@jax.jit
def long_vectors(xvals):
    x = alg.vector(xvals)
    d = x.norm()
    return x[d.e > 1].values()

long_vectors(jax.random.uniform(jax.random.key(0), (3, 5)))
""",
        kind='boolean-index', argument='xvals', path='xvals', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note="kingdon's documented masking idiom x[d.e > 1] forwards the boolean mask to the coefficient arrays; under jit JAX raises NonConcreteBooleanIndexError inside kingdon's __getitem__. jnp.where on the values (zeroing short vectors) or nonzero with size= gives a fixed shape. Checked jnp.where.",
    ),
    Case(
        id='bh-kingdon-motor-on-self-leak',
        source='https://kingdon.readthedocs.io/en/latest/usage.html',
        code="""\
import functools
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3, 0, 1)

class Tracker:
    def __init__(self):
        self.motor = alg.scalar(e=1.0)

    @functools.partial(jax.jit, static_argnums=0)
    def update(self, bivals):
        B = alg.bivector(bivals)
        self.motor = self.motor * (1 + 0.5 * B)
        return jnp.asarray(self.motor.values())

tracker = Tracker()
tracker.update(jnp.array([0.0, 0.0, 0.0, 0.1, 0.0, 0.0]))
tracker.motor.normsq()
""",
        kind='leaked-tracer', argument='bivals', path='bivals', line=15,
        use_line=20,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="A jitted method (self static) updates a kingdon motor stored on self; the new multivector's coefficients are tracers produced by kingdon's generated product code, and using tracker.motor afterwards raises UnexpectedTracerError. Returning the new coefficients and rebuilding the motor outside fixes it, but a MultiVector cannot be returned from jit without also registering it as a pytree, so not a mechanical edit.",
    ),
    Case(
        id='bh-kingdon-np-stack-values',
        source='https://kingdon.readthedocs.io/en/latest/arrays.html',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3)

@jax.jit
def reflect(pvals, nvals):
    P = alg.vector(pvals)
    n = alg.vector(nvals)
    Q = n.sw(P)
    return np.stack(Q.values())

reflect(jnp.ones((3, 8)), jnp.array([1.0, 0.0, 0.0]))
""",
        kind='array-conversion', argument='pvals', path='pvals', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='After a kingdon reflection (n.sw(P)) under jit, the coefficient list is stacked with np.stack; JAX raises TracerArrayConversionError. jnp.stack fixes it. Checked.',
    ),
    Case(
        id='bh-kingdon-math-sqrt-normsq',
        source='https://kingdon.readthedocs.io/en/latest/usage.html',
        code="""\
import math
import jax
import jax.numpy as jnp
from kingdon import Algebra

alg = Algebra(3, 0, 1)

@jax.jit
def unit_line(vals):
    L = alg.bivector(vals)
    s = math.sqrt(L.normsq().e)
    return jnp.asarray((L / s).values())

unit_line(jnp.array([0.0, 0.0, 0.0, 1.0, 2.0, 2.0]))
""",
        kind='concretization', argument='vals', path='vals', line=11,
        fixes=('jnp-not-np', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=False,
        note='Normalising a kingdon line uses math.sqrt on the scalar part of L.normsq(); math.sqrt calls float() on the tracer and JAX raises ConcretizationTypeError (its astype hint does not fit). jnp.sqrt fixes it. Checked.',
    ),
]
