"""Held-out library cases (set x): jaxray, diffjeom, vmec-jax (with solvax and booz_xform_jax).

How they were built: every case is my own minimal reduction of a usage pattern shown in the
library's README/docs page cited in `source` (I found no public issue threads about tracing
errors for these small libraries in the search index, so docs/README pages are cited).  Each cell was
written to a file and run with /tmp/heldout51/venv_cx/bin/python (CPython 3.11.7); all statements
but the last run cleanly and the last raises the exception named in `note`.  `line`/`use_line`
were read off the traceback frames in the file.  Each first fix was applied by hand and re-run.

Installed (venv made with --system-site-packages; pins jax==0.10.2, jaxlib==0.10.2, flax 0.12.8,
equinox 0.13.8, optax 0.2.8, numpy 2.4.6, scipy 1.17.1 kept): jaxray 0.1.0, diffjeom 0.0.1,
vmec-jax 0.1.0 with solvax 0.36.2 and booz_xform_jax 0.5.3.

64-bit mode: importing vmec_jax.core (its solver module) and booz_xform_jax turns
jax_enable_x64 on globally, so the vmec-jax/booz cases trace float64/int64 values (noted per
case).  jaxray, diffjeom and solvax leave x64 off.

Dropped: jax-gnn 0.0.2 installs (pulling jax_sparse, ogb_lite, keras) but fails to import
(`from jax.config import config`, removed from JAX), so it was dropped and uninstalled; the first
alternate, diffjeom, replaced it.  A few drafted cases were left out to stay near 25 (duplicates
of kinds already covered: a solvax chunk_map traced chunk_size, an ODE vector field using math.exp,
a NumPy preconditioner, a jitted fourier_to_real with a ModeTable argument, a float() logging
call in a saliency grad).

Doubts about labels:
- x-jaxray-steering-hook-if, x-jaxray-ablation-boolean-mask-vmap, x-jaxray-numpy-clip-hook: the
  failing line is in the patch hook, whose own parameter is `act`; I label the parameter of the
  function the user transforms (`x`), which is also what JAX's message names.  `act` is defensible.
- x-jaxray-fori-loop-layer-list-index: fori_loop's counter is a loop bound/index, so
  `traced-shape` is arguable; the best fix could also be stacking the layers (array-level).
- x-jaxray-jit-cache-set-kwarg: could be read as unhashable-static once the user tries the
  static route; as raised, it is a non-array argument.  `static` here means binding with partial.
- x-jaxray-prefix-ablation-traced-slice: `static` first is defensible (simpler edit).
- x-diffjeom-symmetry-check-in-jit: no vocabulary fix names "move the host-side check out of
  jit"; `return-value` is the closest.  jax.experimental.checkify would be another answer.
- x-diffjeom-math-cos-metric: the exception is ConcretizationTypeError; `jnp-not-np` stretched to
  math.* -> jnp.*.
- x-diffjeom-leak-metric-cache: `return-value` is only approximately the fix (the callback's
  return value is fixed by the library; the fix is to recompute outside the traced call).
- x-vmecjax-vmap-vmecinput-replace: kind could be argued `non-array-argument` in spirit
  (VmecInput is a host config object); `static` means "loop in Python, do not vmap".
- x-vmecjax-mode-table-traced-mpol: JAX raises ConcretizationTypeError from the library's int();
  `concretization` is defensible, I chose `traced-shape` because mpol is a mode count.
- x-solvax-checkpointed-loop-traced-steps: `traced-shape` is defensible (a loop bound); labelled
  integer-conversion because the library calls operator.index.
- x-solvax-pcg-traced-rtol: the library's own `if` raises the bool error; `concretization` is
  arguable since the library needs a Python float.
- x-vmecjax-spline-knots-marked-static: `hashable-static` first is defensible, but tracing the
  knots avoids a recompile per knot set.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='x-jaxray-jit-cache-set-kwarg',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('pre_relu', x @ params['w1'])
    h = _save('post_relu', jax.nn.relu(h))
    return h @ params['w2']

key1, key2 = jax.random.split(jax.random.PRNGKey(0))
params = {'w1': jax.random.normal(key1, (4, 8)), 'w2': jax.random.normal(key2, (8, 2))}
x = jnp.ones((3, 4))
fast_mlp = jax.jit(mlp)
out, acts = fast_mlp(params, x, cache={'pre_relu', 'post_relu'})
""",
        kind='non-array-argument', argument='cache', path='cache', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The intercept-wrapped model is jitted whole and the activation-name set is given at call time as cache=; jit tries to trace the set and raises TypeError (not a valid abstract array). The README's fix is to bind cache with functools.partial before jax.jit (moving it out of the traced arguments); JAX's own hint (static_argnames) does not work here because intercept's functools.wraps makes jit see the inner signature without `cache` (ValueError: invalid argnames), and a set would be unhashable anyway. Checked with jax.jit(partial(mlp, cache={...})).",
    ),
    Case(
        id='x-jaxray-static-cache-set',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('pre_relu', x @ params['w1'])
    h = _save('post_relu', jax.nn.relu(h))
    return h @ params['w2']

def run(params, x, cache):
    return mlp(params, x, cache=cache)

params = {'w1': jnp.ones((4, 8)), 'w2': jnp.ones((8, 2))}
fast_run = jax.jit(run, static_argnames=('cache',))
out, acts = fast_run(params, jnp.ones((3, 4)), cache={'pre_relu'})
""",
        kind='unhashable-static', argument='cache', path='cache', line=16,
        fixes=('hashable-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note="The user wraps the intercepted model in run(params, x, cache) and marks cache static, but passes a Python set; jit raises ValueError 'Non-hashable static arguments are not supported' (TypeError: unhashable type: 'set'). Passing frozenset({...}) (the type jaxray itself uses as the default) fixes it; binding it with functools.partial also works. Checked.",
    ),
    Case(
        id='x-jaxray-leak-global-activation-dict',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('hidden', jnp.tanh(x @ params['w1']))
    return h @ params['w2']

params = {'w1': jnp.ones((4, 8)) * 0.1, 'w2': jnp.ones((8, 2))}
activations = {}

@jax.jit
def forward(x):
    out, cache = mlp(params, x, cache={'hidden'})
    activations.update(cache)
    return out

out = forward(jnp.ones((3, 4)))
mean_hidden = activations['hidden'].mean(axis=0)
""",
        kind='leaked-tracer', argument='x', path='x', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=20,
        note="The exact side effect the jaxray README warns about: the cached activations returned by the intercepted model are copied into a module-level dict inside a jitted forward, and read after the call; JAX raises UnexpectedTracerError at the later use. Returning the cache from the jitted function (out, cache) fixes it; JAX's message says functions must return their outputs. Checked.",
    ),
    Case(
        id='x-jaxray-leak-patch-hook-under-grad',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('hidden', jax.nn.relu(x @ params['w1']))
    return (h @ params['w2']).sum()

params = {'w1': jnp.ones((4, 8)) * 0.1, 'w2': jnp.ones((8, 1))}
seen = []

def record(act):
    seen.append(act)
    return act

def loss(params, x):
    out, _ = mlp(params, x, patch={'hidden': record})
    return out

grads = jax.grad(loss)(params, jnp.ones((3, 4)))
hidden_norm = jnp.linalg.norm(seen[0])
""",
        kind='leaked-tracer', argument='params', path="params['w1']", line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=22,
        note="A patch intervention is (ab)used as a recording hook that appends the activation to a list while jax.grad traces the loss; the stored value is a LinearizeTracer of params['w1'] and using it afterwards raises UnexpectedTracerError. The fix is to request it via cache= and return it as an aux output (jax.grad(..., has_aux=True)). Checked.",
    ),
    Case(
        id='x-jaxray-steering-hook-if',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('hidden', jax.nn.relu(x @ params['w1']))
    return h @ params['w2']

params = {'w1': jnp.ones((4, 8)) * 0.1, 'w2': jnp.ones((8, 2))}
steer_vec = jnp.linspace(-1.0, 1.0, 8)

def steer(act):
    if jnp.linalg.norm(act) < 5.0:
        return act + steer_vec
    return act

run = jax.jit(lambda x: mlp(params, x, patch={'hidden': steer}))
out, _ = run(jnp.ones((4,)))
""",
        kind='bool-conversion', argument='x', path='x', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A steering intervention passed through patch= uses a Python if on the activation norm; under jax.jit the hook runs on a tracer and JAX raises TracerBoolConversionError inside the hook. jnp.where between the steered and unsteered activation keeps the result (lax.cond also works). Checked with jnp.where.',
    ),
    Case(
        id='x-jaxray-ablation-boolean-mask-vmap',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('hidden', x @ params['w1'])
    return jax.nn.relu(h) @ params['w2']

params = {'w1': jnp.linspace(-1.0, 1.0, 32).reshape(4, 8), 'w2': jnp.ones((8, 2))}

def ablate_negative(act):
    return act.at[act < 0].set(0.0)

patched = jax.vmap(lambda x: mlp(params, x, patch={'hidden': ablate_negative})[0])
out = patched(jnp.ones((5, 4)))
""",
        kind='boolean-index', argument='x', path='x', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A zero-ablation patch writes act.at[act < 0].set(0.0); under jax.vmap the mask is a tracer and JAX raises NonConcreteBooleanIndexError. jnp.where(act < 0, 0.0, act) gives the same values. Checked.',
    ),
    Case(
        id='x-jaxray-numpy-clip-hook',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxray import intercept

@intercept
def mlp(params, x, _save):
    h = _save('hidden', x @ params['w1'])
    return jax.nn.relu(h) @ params['w2']

params = {'w1': jnp.ones((4, 8)), 'w2': jnp.ones((8, 2))}

def clamp(act):
    return np.clip(act, -3.0, 3.0)

run = jax.jit(lambda x: mlp(params, x, patch={'hidden': clamp}))
out, _ = run(jnp.ones((4,)))
""",
        kind='array-conversion', argument='x', path='x', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A clamping intervention uses np.clip on the activation; inside jax.jit NumPy calls __array__ on the tracer and JAX raises TracerArrayConversionError (after NumPy's own TypeError about out=). jnp.clip fixes it. Checked.",
    ),
    Case(
        id='x-jaxray-fori-loop-layer-list-index',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def deep_mlp(params, x, _save):
    def layer(i, h):
        h = jnp.tanh(h @ params['layers'][i])
        return _save('resid', h)
    return jax.lax.fori_loop(0, len(params['layers']), layer, x)

params = {'layers': [jnp.eye(4) * 0.5 for _ in range(3)]}
out, cache = deep_mlp(params, jnp.ones((4,)))
""",
        kind='integer-conversion', argument='i', path='i', line=8,
        fixes=('static', 'lax.scan'), verifiable=True, jax_fitting_fix=False,
        note='An intercepted deep MLP loops over a Python list of layer weights with lax.fori_loop and indexes the list with the traced loop counter; JAX raises TracerIntegerConversionError. A Python for-loop over range(len(layers)) (static index) fixes it; stacking the weights and using lax.scan is the array-level alternative. Checked with the Python loop.',
    ),
    Case(
        id='x-jaxray-prefix-ablation-traced-slice',
        source='https://pypi.org/project/jaxray/',
        code="""\
import jax
import jax.numpy as jnp
from jaxray import intercept

@intercept
def attn_block(params, tokens, _save):
    h = _save('resid', tokens @ params['w'])
    return h.sum(axis=0)

params = {'w': jnp.ones((4, 4))}

@jax.jit
def ablate_prefix(tokens, n_prefix):
    zero_prefix = lambda act: act.at[:n_prefix].set(0.0)
    out, _ = attn_block(params, tokens, patch={'resid': zero_prefix})
    return out

out = ablate_prefix(jnp.ones((6, 4)), 2)
""",
        kind='traced-shape', argument='n_prefix', path='n_prefix', line=14,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A patch that zeroes the first n_prefix token positions slices act.at[:n_prefix] with a traced jit argument; JAX raises IndexError (slice entries must be static integers). A positional mask jnp.where(arange(T)[:, None] < n_prefix, 0, act) keeps the result without recompiling per n; static_argnames='n_prefix' also works. Checked with jnp.where.",
    ),
    Case(
        id='x-diffjeom-metric-python-if-vmap',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax
import jax.numpy as jnp
from diffjeom import get_christoffel2

def get_g(x):
    # Schwarzschild-like (t, r) metric with a floor inside the horizon
    r = x[1]
    if r > 2.0:
        f = 1.0 - 2.0 / r
    else:
        f = 1e-3
    return jnp.diag(jnp.array([-f, 1.0 / f]))

points = jnp.array([[0.0, 3.0], [0.0, 5.0], [0.0, 8.0]])
Gammas = jax.vmap(lambda x: get_christoffel2(x, get_g))(points)
""",
        kind='bool-conversion', argument='x', path='x', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A piecewise metric written with a Python if on the radial coordinate; diffjeom's get_christoffel2 evaluates it (and jacfwd of it) on each point, and under jax.vmap over points the coordinate is a BatchTracer, so JAX raises TracerBoolConversionError (without vmap, jacfwd alone would not fail). jnp.where keeps the values. Checked.",
    ),
    Case(
        id='x-diffjeom-numpy-metric',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax.numpy as jnp
import numpy as np
from diffjeom import get_ricci_scalar

def sphere_metric(x):
    theta = x[0]
    return np.diag([1.0, np.sin(theta) ** 2])

R = get_ricci_scalar(jnp.array([0.7, 0.2]), sphere_metric)
""",
        kind='array-conversion', argument='x', path='x', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The metric callback builds g with np.diag/np.sin; diffjeom differentiates it with jax.jacfwd, so x is a JVPTracer and JAX raises TracerArrayConversionError. Using jnp.diag/jnp.sin fixes it. Checked (R = 2 for the unit sphere).',
    ),
    Case(
        id='x-diffjeom-math-cos-metric',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import math
import jax.numpy as jnp
from diffjeom import get_riemann

def torus_metric(x):
    c, a = 3.0, 1.0
    theta = x[0]
    return jnp.array([[a ** 2, 0.0], [0.0, (c + a * math.cos(theta)) ** 2]])

R = get_riemann(jnp.array([0.3, 1.1]), torus_metric)
""",
        kind='concretization', argument='x', path='x', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The torus metric uses math.cos on a coordinate; under diffjeom's jacfwd math.cos calls float() on the JVPTracer and JAX raises ConcretizationTypeError (its hint about astype does not apply). jnp.cos fixes it. Checked.",
    ),
    Case(
        id='x-diffjeom-symmetry-check-in-jit',
        source='https://github.com/adam-coogan/diffjeom/blob/main/src/diffjeom/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
from diffjeom import get_ricci_tensor, check_ricci_tensor_sym

def hyperbolic(x):
    return jnp.eye(2) / x[1] ** 2

@jax.jit
def ricci_checked(xs):
    Rt = jax.vmap(lambda x: get_ricci_tensor(x, hyperbolic))(xs)
    check_ricci_tensor_sym(Rt)
    return Rt

Rt = ricci_checked(jnp.array([[0.0, 1.0], [0.5, 2.0]]))
""",
        kind='bool-conversion', argument='xs', path='xs', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="diffjeom's check_ricci_tensor_sym is a plain Python assert on jnp.allclose; called inside the user's jitted batch function, the library's own assert converts a traced bool and JAX raises TracerBoolConversionError. Returning Rt from the jitted function and running the check outside fixes it. Checked.",
    ),
    Case(
        id='x-diffjeom-eye-traced-dimension',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax
import jax.numpy as jnp
from diffjeom import get_ricci_scalar

@jax.jit
def conformal_scalar(x, dim):
    def metric(y):
        return jnp.exp(2.0 * y[0]) * jnp.eye(dim)
    return get_ricci_scalar(x, metric)

R = conformal_scalar(jnp.array([0.1, 0.2, 0.3]), 3)
""",
        kind='traced-shape', argument='dim', path='dim', line=8,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=True,
        note="The manifold dimension is passed as a jit argument and used in jnp.eye(dim) inside the metric given to get_ricci_scalar; JAX raises TypeError (shapes must be concrete) and suggests static_argnums. static_argnames='dim' works, as does jnp.eye(x.shape[0]). Both checked.",
    ),
    Case(
        id='x-diffjeom-jit-metric-callable-arg',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax
import jax.numpy as jnp
from diffjeom import get_ricci_scalar

def sphere_metric(x):
    return jnp.diag(jnp.array([1.0, jnp.sin(x[0]) ** 2]))

ricci_scalar = jax.jit(get_ricci_scalar)
R = ricci_scalar(jnp.array([0.7, 0.2]), sphere_metric)
""",
        kind='non-array-argument', argument='get_g', path='get_g', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='jax.jit is applied to get_ricci_scalar itself and the metric function is passed as its get_g argument; jit cannot trace a Python function and raises TypeError, suggesting static_argnums. static_argnums=1 (functions are hashable) fixes it. Checked.',
    ),
    Case(
        id='x-diffjeom-leak-metric-cache',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax.numpy as jnp
from diffjeom import get_christoffel2

last = {}

def polar_metric(x):
    g = jnp.diag(jnp.array([1.0, x[0] ** 2]))
    last['g'] = g
    return g

Gamma = get_christoffel2(jnp.array([2.0, 0.5]), polar_metric)
volume_element = jnp.sqrt(jnp.linalg.det(last['g']))
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=12,
        note="The metric callback memoises its last g in a module dict; the last call inside get_christoffel2 is under jax.jacfwd, so the stored value is a JVPTracer and using it afterwards raises UnexpectedTracerError. The fix is not to store from the traced callback and compute g at the point directly (polar_metric(x)). Checked. JAX's 'return your outputs' advice cannot be applied literally because diffjeom fixes the callback's return value.",
    ),
    Case(
        id='x-diffjeom-negative-curvature-mask',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax
import jax.numpy as jnp
from diffjeom import get_ricci_scalar

def saddle_metric(x):
    u, v = x[0], x[1]
    return jnp.array([[1.0 + v ** 2, u * v], [u * v, 1.0 + u ** 2]])

@jax.jit
def mean_negative_curvature(points):
    R = jax.vmap(lambda p: get_ricci_scalar(p, saddle_metric))(points)
    return R[R < 0].mean()

pts = jnp.stack([jnp.linspace(-1.0, 1.0, 5), jnp.linspace(0.5, 1.5, 5)], axis=1)
val = mean_negative_curvature(pts)
""",
        kind='boolean-index', argument='points', path='points', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Ricci scalars of a batch of points (vmap of get_ricci_scalar) are filtered with R[R < 0] inside jax.jit to average the negative ones; JAX raises NonConcreteBooleanIndexError. jnp.where(R < 0, R, 0).sum() / (R < 0).sum() gives the same mean. Checked (same value as the eager boolean mask).',
    ),
    Case(
        id='x-diffjeom-static-radii-list',
        source='https://github.com/adam-coogan/diffjeom',
        code="""\
import jax
import jax.numpy as jnp
from diffjeom import get_ricci_scalar

def ellipsoid_scalar(x, radii):
    a, b = radii
    def metric(y):
        th = y[0]
        return jnp.diag(jnp.array([(a * jnp.cos(th)) ** 2 + (b * jnp.sin(th)) ** 2,
                                   (a * jnp.sin(th)) ** 2]))
    return get_ricci_scalar(x, metric)

scalar = jax.jit(ellipsoid_scalar, static_argnums=1)
R = scalar(jnp.array([0.7, 0.2]), [2.0, 1.0])
""",
        kind='unhashable-static', argument='radii', path='radii', line=14,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note="Ellipsoid radii are marked static for a jitted Ricci-scalar function but passed as a list; jit raises ValueError 'Non-hashable static arguments are not supported'. A tuple fixes it; dropping static_argnums and tracing the radii also works since they are only used arithmetically. Both checked.",
    ),
    Case(
        id='x-vmecjax-vmap-vmecinput-replace',
        source='https://github.com/uwplasma/vmec_jax/blob/main/docs/howto/parameter-scans.md',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
import numpy as np
import vmec_jax as vj

rbc = np.zeros((1, 3)); rbc[0, 0], rbc[0, 1] = 3.0, 1.0
zbs = np.zeros((1, 3)); zbs[0, 1] = 1.0
base = vj.VmecInput(mpol=3, ntor=0, rbc=rbc, zbs=zbs, ns_array=[11])

def with_flux(phiedge):
    return dataclasses.replace(base, phiedge=phiedge)

inputs = jax.vmap(with_flux)(jnp.linspace(0.5, 1.5, 4))
""",
        kind='concretization', argument='phiedge', path='phiedge', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Instead of the documented Python-loop scan, the user vmaps dataclasses.replace(base, phiedge=...) over a jnp array; VmecInput.__post_init__ calls float() on the field, so the library itself raises ConcretizationTypeError. VmecInput is a host-side config object: build the inputs in a Python loop over concrete floats (keep phiedge static). Checked. Importing vmec_jax's solver turns on jax_enable_x64.",
    ),
    Case(
        id='x-vmecjax-pressure-spres-ped-traced',
        source='https://github.com/uwplasma/vmec_jax/blob/main/docs/howto/profiles.md',
        code="""\
import jax
import jax.numpy as jnp
from vmec_jax.core import profiles

am = jnp.array([1.0e4, -1.0e4])
s = jnp.linspace(0.0, 1.0, 11)

@jax.jit
def pedestal_pressure(pres_scale, spres_ped):
    return profiles.pressure('power_series', am, None, None, s,
                             pres_scale=pres_scale, spres_ped=spres_ped)

p = pedestal_pressure(2.0, 0.8)
""",
        kind='concretization', argument='spres_ped', path='spres_ped', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The pedestal location spres_ped is passed as a jit argument into vmec_jax.core.profiles.pressure, whose docstring says it must be a host float; the library's abs(float(spres_ped)) raises ConcretizationTypeError. static_argnames='spres_ped' fixes it (pres_scale may stay traced). Checked. vmec_jax.core import enables x64 (the tracer is float64).",
    ),
    Case(
        id='x-vmecjax-profile-kind-string-jit',
        source='https://github.com/uwplasma/vmec_jax/blob/main/docs/howto/profiles.md',
        code="""\
import jax
import jax.numpy as jnp
from vmec_jax.core import profiles

s = jnp.linspace(0.0, 1.0, 11)

def edge_pressure(kind, am, pres_scale):
    return profiles.pressure(kind, am, None, None, s, pres_scale=pres_scale)[-1]

grad_edge = jax.jit(jax.grad(edge_pressure, argnums=2))
g = grad_edge('two_power', jnp.array([1.0, 2.0, 1.5]), 3.0e3)
""",
        kind='non-array-argument', argument='kind', path='kind', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The profile family string ('two_power') is passed as a positional argument of a jitted grad of an edge-pressure function; jit raises TypeError for the str argument and suggests static_argnums. static_argnums=0 on the jit fixes it. Checked. x64 is on (vmec_jax.core import).",
    ),
    Case(
        id='x-vmecjax-mode-table-traced-mpol',
        source='https://github.com/uwplasma/vmec_jax/blob/main/docs/explanation/spectral-representation.rst',
        code="""\
import jax
import jax.numpy as jnp
from vmec_jax.core.fourier import mode_table

@jax.jit
def boundary_energy(rmnc, mpol, ntor):
    modes = mode_table(mpol, ntor)
    return jnp.sum((modes.m ** 2 + modes.n ** 2) * rmnc ** 2)

rmnc = jnp.array([3.0, 1.0, 0.1])
E = boundary_energy(rmnc, 3, 0)
""",
        kind='traced-shape', argument='mpol', path='mpol', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Resolution integers mpol/ntor are passed as jit arguments and given to vmec_jax.core.fourier.mode_table, which calls int(mpol) to build the (m, n) table with Python loops; the library raises ConcretizationTypeError (int64 tracer: x64 is on). They are mode counts that fix array sizes, so static_argnums=(1, 2) is the fix. Checked.',
    ),
    Case(
        id='x-vmecjax-spline-knots-marked-static',
        source='https://github.com/uwplasma/vmec_jax/blob/main/docs/howto/profiles.md',
        code="""\
import jax
import numpy as np
import jax.numpy as jnp
from vmec_jax.core.profiles import evaluate_profile

knots_s = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
knots_f = np.array([1.0, 0.8, 0.5, 0.2, 0.0])
s = jnp.linspace(0.0, 1.0, 21)

spline = jax.jit(evaluate_profile, static_argnames=('kind', 'aux_s', 'aux_f'))
p = spline(kind='cubic_spline', coefficients=None, aux_s=knots_s, aux_f=knots_f, s=s)
""",
        kind='unhashable-static', argument='aux_s', path='aux_s', line=11,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="Reading 'knot-array shapes are static' in vmec_jax.core.profiles, the user marks the spline knot arrays aux_s/aux_f static when jitting evaluate_profile; jit raises ValueError 'Non-hashable static arguments are not supported' for the NumPy array. Only kind needs to be static: pass the knots traced. tuple(knots) as a hashable static also runs. Both checked.",
    ),
    Case(
        id='x-boozjax-jit-impl-constants-not-static',
        source='https://github.com/uwplasma/booz_xform_jax/blob/main/docs/quickstart.rst',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from booz_xform_jax.jax_api import prepare_booz_xform_constants, booz_xform_jax_impl

xm, xn = np.array([0, 1]), np.array([0, 0])
ns = 3
surf = lambda c: jnp.tile(jnp.array(c), (ns, 1))
constants, grids = prepare_booz_xform_constants(
    nfp=1, mboz=4, nboz=0, asym=False, xm=xm, xn=xn, xm_nyq=xm, xn_nyq=xn)

booz = jax.jit(booz_xform_jax_impl)
out = booz(surf([1.0, 0.3]), surf([0.0, 0.3]), jnp.zeros((ns, 2)), surf([1.0, -0.3]),
           surf([0.1, 0.0]), surf([1.0, 0.0]), jnp.full((ns,), 0.4),
           xm=xm, xn=xn, xm_nyq=xm, xn_nyq=xn, constants=constants, grids=grids)
""",
        kind='non-array-argument', argument='constants', path='constants', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="booz_xform_jax_impl is jitted without static_argnames=('constants',) as the quickstart shows; the frozen BoozXformConstants dataclass is not a pytree, so jit raises TypeError and suggests static_argnames. Adding it fixes the call. Checked. booz_xform_jax enables jax_enable_x64 on import.",
    ),
    Case(
        id='x-solvax-checkpointed-loop-traced-steps',
        source='https://github.com/uwplasma/SOLVAX/blob/main/docs/api/autodiff.md',
        code="""\
import jax
import jax.numpy as jnp
import solvax

def heat_step(i, u):
    lap = jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1)
    return u + 0.1 * lap

@jax.jit
def simulate(u0, n_steps):
    return solvax.checkpointed_fori_loop(0, n_steps, heat_step, u0)

u0 = jnp.zeros(16).at[8].set(1.0)
u = simulate(u0, 100)
""",
        kind='integer-conversion', argument='n_steps', path='n_steps', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="solvax.checkpointed_fori_loop documents lower/upper as static; the user passes the step count as a jit argument and the library's operator.index(upper) raises TracerIntegerConversionError. static_argnames='n_steps' fixes it. Checked.",
    ),
    Case(
        id='x-solvax-pcg-traced-rtol',
        source='https://github.com/uwplasma/SOLVAX/blob/main/docs/api/pcg.md',
        code="""\
import jax
import jax.numpy as jnp
import solvax

diag = jnp.linspace(1.0, 10.0, 8)

@jax.jit
def solve(b, rtol):
    sol = solvax.pcg(lambda v: diag * v, b, rtol=rtol, max_steps=50)
    return sol.x

x = solve(jnp.ones(8), 1e-6)
""",
        kind='bool-conversion', argument='rtol', path='rtol', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The PCG tolerance is a jit argument; solvax.pcg validates it with a Python `if rtol < 0.0` before building the loop, so the library's own check raises TracerBoolConversionError. Making rtol static (static_argnames='rtol') fixes it. Checked.",
    ),
    Case(
        id='x-solvax-gmres-matvec-python-if',
        source='https://github.com/uwplasma/SOLVAX/blob/main/docs/api/krylov.md',
        code="""\
import jax.numpy as jnp
import solvax

n = 16
def matvec(v):
    # skip the stencil work for an all-zero Krylov vector
    if jnp.all(v == 0):
        return v
    return 2.0 * v - jnp.roll(v, 1) - jnp.roll(v, -1) + 0.1 * v

sol = solvax.gmres(matvec, jnp.ones(n), restart=8)
""",
        kind='bool-conversion', argument='v', path='v', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user matvec for solvax.gmres short-circuits on an all-zero vector with a Python if; gmres traces the matvec inside its compiled while_loop, so JAX raises TracerBoolConversionError. jnp.where(jnp.all(v == 0), v, A v) keeps the operator. Checked.',
    ),
    Case(
        id='x-solvax-fixed-point-residual-history-leak',
        source='https://github.com/uwplasma/SOLVAX/blob/main/docs/api/fixed_point.md',
        code="""\
import jax.numpy as jnp
import solvax

residuals = []

def picard(x):
    new = jnp.cos(x)
    residuals.append(jnp.linalg.norm(new - x))
    return new

sol = solvax.fixed_point_iteration(picard, jnp.zeros(3), max_steps=50)
print(sol.converged)
last_res = jnp.log10(residuals[-1])
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=True,
        use_line=13,
        note='The fixed-point map appends each residual norm to a Python list for monitoring; solvax.fixed_point_iteration traces the map inside lax.while_loop, so the list holds tracers and using the last one later raises UnexpectedTracerError. Use the residual_norm the solver returns (or jax.debug.print inside the map). Checked with sol.residual_norm.',
    ),
]
