"""Held-out library cases (set H): craftax, jaxdf, pymanopt (jax backend), JAX-GalSim, equimo.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / doc page of the library (or of j-wave, jaxdf's main user), written against the
installed versions: craftax 1.6.1 (+ pygame 2.6.1), jaxdf 0.2.1 (uses the already installed
plum-dispatch 2.10.1, nothing replaced), pymanopt 2.2.1, JAX-GalSim 2026.7.0 (+ GalSim 2.8.5
wheels, astropy, quadax 0.3.1), equimo 1.1.0. All were installed into both environments with the
jax/jaxlib/flax/equinox/optax/numpy/ml_dtypes/chex versions pinned by constraint files; pip added
packages only. On Python 3.13 pip first chose equimo 2.7.0 (a restructured API: equimo.vision...,
equimo.core...); I pinned equimo==1.1.0 there too so that one cell runs on both interpreters.
Note: importing pymanopt's JAX backend turns on jax_enable_x64 (the pymanopt cells show float64).
Every cell was written to a file and run with
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
(JAX_PLATFORMS=cpu): all statements but the last run cleanly, the last raises, with the same
exception class on both (recorded in each note); the user-code line of the traceback was checked
against `line` (and `use_line` for leaks). Every top fix marked verifiable was applied by hand and
re-run on both interpreters, and traced/ran (jnp.where, eq=False dataclass, static_argnames,
argwhere size=, astype, Python-float Domain dx, jax.debug.print, jnp.diag, lax.switch,
eqx.filter_jit, masked mean).

Doubts about labels:
- Library-internal exceptions labelled by root cause: lib-h-jaxdf-domain-as-jit-argument and
  lib-h-galsim-gsparams-traced-fft-size raise TracerBoolConversionError inside the library (an
  `n % 2` test on the grid size, the FFT-size logic) but are labelled traced-shape; bool-conversion
  is defensible, and jnp.where would not fix either. lib-h-craftax-jit-worldgen-traced-static-params
  is a ConcretizationTypeError in jnp.arange inside generate_world, labelled traced-shape.
- lib-h-equimo-traced-num-prefix-tokens: the exception is 'Non-hashable static arguments are not
  supported' on a tracer (equimo's pool_sd is jitted with num_prefix_tokens static); labelled
  traced-shape (a slice bound), not unhashable-static.
- lib-h-equimo-jax-jit-module-bool-field: raised by equinox Dropout's `if inference:` on a traced
  module field; labelled bool-conversion, but the root cause is a config/static field that plain
  jax.jit traces. The top fix is eqx.filter_jit, counted as 'static' (the transform's own static
  option); jax.jit(static_argnums) on the model would not work (array leaves are unhashable).
- lib-h-craftax-dataclass-env-unhashable-self: argument/path 'self' -- the static argument is the
  env bound to Craftax's own jax.jit(static_argnums=(0,)) reset/step, not a parameter the user
  wrote; exception is ValueError wrapping TypeError.
- lib-h-pymanopt-cost-fstring-format: not a JAX exception (TypeError from
  LinearizeTracer.__format__); labelled concretization (formatting needs a concrete value).
- lib-h-craftax-vmap-float-achievement-bonus: the vocabulary has no "drop float()" fix; astype
  ranked first because it is what JAX's message suggests and keeps the dtype.
- lib-h-craftax-argwhere-diamond-distance: size-argument listed before jnp.where although the
  project prefers array-level logic: both are exact here, size= is the mechanical one-line edit.
  lib-h-equimo-masked-patch-tokens-bool-index lists jnp.where first (a masked mean is the natural
  rewrite and size= would need a fill value and a count).
- lib-h-pymanopt-cost-history-leak: 'return-value' means using the history pymanopt returns instead
  of a side effect; the cost itself cannot return it. jax.debug.print listed second.
- Leak argument/path choices are judgment calls: the leaked values depend on several parameters
  (craftax: state and key, chose state / state.map, which JAX reports; galsim: g1 and g2 (and flux),
  chose g1; equimo: model and x, chose x; pymanopt: x).
- lib-h-galsim-vmap-if-snr-cut: snr depends on flux and hlr (both vmapped); chose flux.
- lib-h-galsim-vmap-psf-list-index: integer-conversion from indexing a Python list of GSObjects;
  lax.switch is the only listed fix (static is impossible under vmap); the cell pins the FFT size
  with GSParams because the switch branches are traced and JAX-GalSim cannot size FFTs from traced
  profile parameters.
- lib-h-jaxdf-domain-dx-array-metadata: the first jitted call succeeds; the second (equal but
  distinct Domain) raises at the call line, which is `line`.
- jax_fitting_fix for leaks: set True where JAX's sentence "functions explicitly return their
  outputs" matches the fix (craftax, galsim, equimo), False for pymanopt (the cost cannot return
  the history).

Dropped candidates (and why):
- jax-sph / lagrangebench: jax-sph declares Requires-Python <=3.11 (excludes 3.11.7 and 3.13);
  lagrangebench's dependencies cannot be resolved with the pinned jax. j-wave (jwave 0.2.1) also
  fails to resolve with the pinned jax, so jaxdf cases use jaxdf alone (j-wave threads are cited).
- JAX-GalSim FFT drawing inside jit without fixed FFT sizes: fails even with no traced argument
  (equinox.error_if turns constants into tracers that reach good_fft_size's float()); the real fix
  (GSParams minimum_fft_size == maximum_fft_size, or method='no_pixel') is not in the fix
  vocabulary. Other cells use method='no_pixel' or fixed FFT sizes to avoid it.
- JAX-GalSim BaseDeviate(seed) with a traced seed (`seed or ...` bool conversion in the library): the
  fix (pass a jax PRNG key) is not in the vocabulary; BoundsI with a traced half-size (item()
  concretization): static fix needs both arguments static; a GSObject as a static argument hashes
  fine (no error).
- pymanopt cost with a Python `if`: pymanopt only wraps the cost in jax.grad (no jit), and grad
  alone allows control flow on concrete primals, so it does not fail.
- jaxdf FiniteDifferences(accuracy=traced): TracerArrayConversionError in the NumPy stencil code;
  another traced-shape case of the same kind, dropped for balance. jaxdf `field * traced_scalar`
  raises plum's NotImplementedError (a dispatch gap, not a tracing error), so cells use
  replace_params.
- equimo DropPath(p=jax array) (float(p[0]) concretization on construction inside jit): building
  modules inside jit is unusual and the fix is outside the vocabulary.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-h-craftax-scan-shaping-if-health',
        source='https://github.com/MichaelTMatthews/Craftax/issues/37',
        code="""\
import jax
import jax.numpy as jnp
from craftax.craftax_env import make_craftax_env_from_name

env = make_craftax_env_from_name("Craftax-Classic-Symbolic-v1", auto_reset=True)
params = env.default_params

def body(state, key):
    k_act, k_step = jax.random.split(key)
    penalty = 0.0
    if state.player_health < 5:
        penalty = 0.1
    action = jax.random.randint(k_act, (), 0, env.num_actions)
    obs, state, reward, done, info = env.step(k_step, state, action, params)
    return state, reward - penalty

obs, state0 = env.reset(jax.random.key(0), params)
jax.lax.scan(body, state0, jax.random.split(jax.random.key(1), 16))
""",
        kind='bool-conversion', argument='state', path='state.player_health', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern: reward shaping written as a Python `if` on the Craftax EnvState inside the user's "
            "lax.scan body (the issue's maintainer answer customises rewards with a Python `if` on an "
            'achievement value). No user jit: the scan traces body, so state.player_health is a tracer. '
            "Fix: penalty = jnp.where(state.player_health < 5, 0.1, 0.0) (verified on both). JAX's "
            'message names state.player_health but suggests no fix. Both interpreters (py3.11/jax 0.10.2 '
            'and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-h-craftax-dataclass-env-unhashable-self',
        source='https://github.com/MichaelTMatthews/Craftax/pull/22',
        code="""\
import dataclasses
import jax
from craftax.craftax_classic.envs.craftax_symbolic_env import CraftaxClassicSymbolicEnv

@dataclasses.dataclass
class ShapedCraftax(CraftaxClassicSymbolicEnv):
    health_bonus: float = 0.05

    def __post_init__(self):
        super().__init__()

env = ShapedCraftax(health_bonus=0.1)
params = env.default_params
env.reset(jax.random.key(0), params)
""",
        kind='unhashable-static', argument='self', path='self', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern: the user subclasses a Craftax env as a plain @dataclasses.dataclass (eq=True sets '
            "__hash__ to None) to add a shaping field; Craftax's own env.reset/env.step are "
            'jax.jit(static_argnums=(0,)), so self is a static argument and hashing it fails on the first'
            ' env.reset. Fix: @dataclasses.dataclass(eq=False) keeps identity hashing (frozen=True would '
            "break the base __init__ assignments); verified on both. JAX's message says non-hashable "
            'static arguments are unsupported but the user cannot un-mark self, so no directly usable '
            'suggestion. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError '
            "('Non-hashable static arguments are not supported', from TypeError unhashable type)."
        ),
    ),
    Case(
        id='lib-h-craftax-jit-worldgen-traced-static-params',
        source='https://github.com/MichaelTMatthews/Craftax/blob/main/README.md',
        code="""\
import jax
from craftax.craftax_classic.envs.craftax_state import EnvParams, StaticEnvParams
from craftax.craftax_classic.world_gen import generate_world

@jax.jit
def make_worlds(key, params, static_params):
    keys = jax.random.split(key, 4)
    return jax.vmap(generate_world, in_axes=(0, None, None))(keys, params, static_params)

make_worlds(jax.random.key(0), EnvParams(), StaticEnvParams(map_size=(48, 48)))
""",
        kind='traced-shape', argument='static_params', path='static_params.map_size[0]', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern (config object): Craftax's StaticEnvParams (map_size, max_zombies, ...) is a flax "
            "struct whose fields are pytree leaves; passing it as an ordinary argument of the user's "
            'jitted world generator makes map_size traced, and generate_world uses it as array shapes '
            "(jnp.arange stop, jax.random.uniform shape). Fix: static_argnames='static_params' (it is "
            'hashable; verified on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            "raise ConcretizationTypeError (in the jnp.arange argument 'stop')."
        ),
    ),
    Case(
        id='lib-h-craftax-scan-leak-frames',
        source='https://github.com/MichaelTMatthews/Craftax/issues/17',
        code="""\
import jax
from craftax.craftax_env import make_craftax_env_from_name
from craftax.craftax_classic.renderer import render_craftax_symbolic

env = make_craftax_env_from_name("Craftax-Classic-Symbolic-v1", auto_reset=True)
params = env.default_params
frames = []

def body(state, key):
    action = jax.random.randint(key, (), 0, env.num_actions)
    obs, state, reward, done, info = env.step(key, state, action, params)
    frames.append(state)
    return state, reward

obs, state0 = env.reset(jax.random.key(0), params)
_, rewards = jax.lax.scan(body, state0, jax.random.split(jax.random.key(1), 4))
render_craftax_symbolic(frames[-1])
""",
        kind='leaked-tracer', argument='state', path='state.map', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=17,
        note=(
            'Pattern: to render a rollout afterwards, the scan body appends every EnvState to a '
            'module-level list; rendering frames[-1] eagerly uses the leaked scan tracer (JAX reports the'
            ' int32[64,64] map). Stored on line 12, raised on line 17. Fix: return the state as the '
            "scan's stacked output (return-value); JAX's message says transformed functions must "
            'explicitly return their outputs. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-h-craftax-argwhere-diamond-distance',
        source='https://github.com/MichaelTMatthews/Craftax/pull/21',
        code="""\
import jax
import jax.numpy as jnp
from craftax.craftax_env import make_craftax_env_from_name
from craftax.craftax_classic.constants import BlockType

env = make_craftax_env_from_name("Craftax-Classic-Symbolic-v1", auto_reset=True)
params = env.default_params

@jax.jit
def diamond_distance(state):
    diamonds = jnp.argwhere(state.map == BlockType.DIAMOND.value)
    return jnp.min(jnp.abs(diamonds - state.player_position).sum(-1))

obs, state = env.reset(jax.random.key(0), params)
diamond_distance(state)
""",
        kind='boolean-index', argument='state', path='state.map', line=11,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=True,
        note=(
            'Pattern: a jitted shaping helper finds the diamonds on the Craftax map (always_diamond '
            'guarantees there is one) with jnp.argwhere, whose output size depends on the data. Fix: '
            'jnp.argwhere(..., size=state.map.size, fill_value=10_000) keeps the min exact (verified on '
            "both); a jnp.where mask over a coordinate grid is equally exact. JAX's message says the size"
            ' argument of jnp.nonzero must be static. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax'
            ' 0.12.0.1) raise ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-h-craftax-vmap-float-achievement-bonus',
        source='https://github.com/MichaelTMatthews/Craftax/issues/37',
        code="""\
import jax
import jax.numpy as jnp
from craftax.craftax_env import make_craftax_env_from_name

env = make_craftax_env_from_name("Craftax-Classic-Symbolic-v1", auto_reset=True)
params = env.default_params

def shaped_step(key, state, action):
    obs, state, reward, done, info = env.step(key, state, action, params)
    bonus = 0.01 * float(state.achievements.sum())
    return obs, state, reward + bonus, done

keys = jax.random.split(jax.random.key(0), 8)
obs, states = jax.vmap(env.reset, in_axes=(0, None))(keys, params)
actions = jnp.zeros(8, dtype=jnp.int32)
jax.vmap(shaped_step)(keys, states, actions)
""",
        kind='concretization', argument='state', path='state.achievements', line=10,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note=(
            'Pattern: achievement-count bonus computed with float() on the new EnvState inside a step '
            'wrapper that the user vmaps over a batch of environments (BatchTracer). Fix: '
            "state.achievements.sum().astype(float) (what JAX's message suggests; verified on both). Both"
            ' interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (the'
            ' `float` function).'
        ),
    ),
    Case(
        id='lib-h-jaxdf-domain-dx-array-metadata',
        source='https://github.com/ucl-bug/jwave/pull/246',
        code="""\
import jax
import jax.numpy as jnp
from jaxdf import FourierSeries
from jaxdf.geometry import Domain
from jaxdf.operators import laplacian

def make_field(dx):
    domain = Domain((64, 64), jnp.array([dx, dx]))
    return FourierSeries(jnp.zeros((64, 64)), domain)

@jax.jit
def energy(u):
    return jnp.sum(laplacian(u).on_grid ** 2)

energy(make_field(0.1))
energy(make_field(0.1))
""",
        kind='unhashable-static', argument='u', path='u.domain.dx', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'Pattern (static field): jaxdf fields keep their Domain as pytree metadata (aux data); '
            "building the Domain with dx as a jnp array (the j-wave PR fixes exactly this: 'JAX arrays "
            "into Domain static metadata') makes the second jitted call, with an equal but distinct "
            'field, compare array metadata. The first call succeeds. Fix: Domain((64, 64), (dx, dx)) with'
            " Python floats (verified on both); JAX's message says metadata must be hashable and arrays "
            'cannot be metadata. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            "ValueError ('Exception raised while checking equality of metadata fields')."
        ),
    ),
    Case(
        id='lib-h-jaxdf-domain-as-jit-argument',
        source='https://github.com/ucl-bug/jaxdf',
        code="""\
import jax
import jax.numpy as jnp
from jaxdf import FourierSeries
from jaxdf.geometry import Domain

@jax.jit
def gaussian_source(domain, width):
    x, y = jnp.meshgrid(*domain.spatial_axis, indexing="ij")
    return FourierSeries(jnp.exp(-(x**2 + y**2) / width**2), domain)

gaussian_source(Domain((64, 64), (0.1, 0.1)), 0.5)
""",
        kind='traced-shape', argument='domain', path='domain.N[0]', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern: the jaxdf Domain (a NamedTuple, hence a pytree) is passed as an ordinary jit '
            'argument, so its grid size N is traced; Domain.spatial_axis branches on `n % 2 == 0` and '
            'builds jnp.arange(0, n). Labelled traced-shape (N is a grid size), although the exception is'
            " a bool conversion inside jaxdf. Fix: static_argnames='domain' (hashable tuples; verified on"
            ' both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-h-jaxdf-operator-if-jit-grad',
        source='https://github.com/ucl-bug/jaxdf',
        code="""\
import jax
import jax.numpy as jnp
from jaxdf import FourierSeries, operator
from jaxdf.geometry import Domain
from jaxdf.operators import laplacian

domain = Domain((64,), (0.1,))

@operator
def saturate(u: FourierSeries, *, amp, params=None):
    peak = jnp.max(jnp.abs(u.on_grid))
    if peak > amp:
        return u.replace_params(u.params * amp / peak)
    return u

def loss(grid):
    u = FourierSeries(grid, domain)
    return jnp.sum(laplacian(saturate(u, amp=1.0)).on_grid ** 2)

@jax.jit
def update(grid):
    return grid - 1e-3 * jax.grad(loss)(grid)

update(jnp.sin(jnp.linspace(0.0, 6.0, 64)))
""",
        kind='bool-conversion', argument='grid', path='grid', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern: a user-defined jaxdf @operator (README style: custom operator inside a jit(grad) '
            'loss) saturates the field with a Python `if` on its peak value; reached through jax.grad '
            "inside the user's jitted update. Fix: u.replace_params(u.params * jnp.where(peak > amp, amp "
            '/ peak, 1.0)) (verified on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-h-jaxdf-operator-as-jit-argument',
        source='https://github.com/ucl-bug/jwave/issues/28',
        code="""\
import jax
import jax.numpy as jnp
from jaxdf import FourierSeries
from jaxdf.geometry import Domain
from jaxdf.operators import laplacian

domain = Domain((64,), (0.1,))
u0 = FourierSeries(jnp.sin(jnp.linspace(0.0, 6.0, 64)), domain)

@jax.jit
def euler_step(rhs, u, dt):
    return u.replace_params(u.params + dt * rhs(u).params)

euler_step(laplacian, u0, 1e-3)
""",
        kind='non-array-argument', argument='rhs', path='rhs', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'Pattern: a generic jitted time stepper takes the jaxdf operator (a plum multiple-dispatch '
            'Function) as a normal argument, like passing other non-JAX types of the j-wave/jaxdf '
            "ecosystem through jit. Fix: static_argnames='rhs' (the operator is hashable; verified on "
            "both), which is what JAX's message suggests. Both interpreters (py3.11/jax 0.10.2 and "
            "py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as an abstract "
            "array', type plum.function.Function)."
        ),
    ),
    Case(
        id='lib-h-pymanopt-cost-fstring-format',
        source='https://pymanopt.org/docs/latest/quickstart.html',
        code="""\
import numpy as np
import pymanopt
from pymanopt.manifolds import Sphere
from pymanopt.optimizers import SteepestDescent

A = np.diag([3.0, 2.0, 1.0])
manifold = Sphere(3)

@pymanopt.function.jax(manifold)
def cost(x):
    value = -x @ A @ x
    print(f"cost = {value:.4f}")
    return value

problem = pymanopt.Problem(manifold, cost)
SteepestDescent(max_iterations=5, verbosity=0).run(problem)
""",
        kind='concretization', argument='x', path='x', line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern: print(f'{value:.4f}') inside a @pymanopt.function.jax cost. pymanopt calls the cost"
            ' eagerly (works) and then differentiates it with jax.grad, where formatting a '
            'LinearizeTracer with a float format spec fails. No user jit; the value reaches the line '
            "through pymanopt's gradient wrapper. Fix: jax.debug.print('cost = {v:.4f}', v=value) "
            '(verified on both). Not a JAX error class. Both interpreters (py3.11/jax 0.10.2 and '
            "py3.13/jax 0.12.0.1) raise TypeError ('unsupported format string passed to "
            "LinearizeTracer.__format__')."
        ),
    ),
    Case(
        id='lib-h-pymanopt-jit-stiefel-retraction',
        source='https://github.com/pymanopt/pymanopt/issues/265',
        code="""\
import jax
import jax.numpy as jnp
from pymanopt.manifolds import Stiefel

manifold = Stiefel(5, 2)

@jax.jit
def riemannian_step(x, egrad, lr):
    rgrad = manifold.projection(x, egrad)
    return manifold.retraction(x, -lr * rgrad)

x0 = jnp.asarray(manifold.random_point())
riemannian_step(x0, jnp.ones((5, 2)), 0.1)
""",
        kind='array-conversion', argument='x', path='x', line=10,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note=(
            'Pattern (issue #265): the user jits a Riemannian step that calls pymanopt manifold methods; '
            "pymanopt's manifolds are written in NumPy, so Stiefel.retraction (np.linalg.qr) converts the"
            ' traced point to an ndarray. Fix: a jnp implementation of the retraction (jnp-not-np) -- not'
            " a mechanical edit of the user's lines. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax "
            '0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-h-pymanopt-cost-history-leak',
        source='https://github.com/pymanopt/pymanopt/pull/206',
        code="""\
import jax.numpy as jnp
import numpy as np
import pymanopt
from pymanopt.manifolds import Sphere
from pymanopt.optimizers import SteepestDescent

history = []
A = np.diag([3.0, 2.0, 1.0])
manifold = Sphere(3)

@pymanopt.function.jax(manifold)
def cost(x):
    value = -x @ A @ x
    history.append(value)
    return value

problem = pymanopt.Problem(manifold, cost)
SteepestDescent(max_iterations=5, verbosity=0).run(problem)
jnp.stack(history).min()
""",
        kind='leaked-tracer', argument='x', path='x', line=14,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        use_line=19,
        note=(
            'Pattern: the JAX-backend cost appends each value to a global history list; the eager calls '
            "store arrays but the calls under pymanopt's jax.grad store LinearizeTracers, and "
            'jnp.stack(history) afterwards hits them. Stored on line 14, raised on line 19. Fix: use the '
            'cost history the optimizer returns (log_verbosity / result) rather than a side effect '
            '(return-value), or jax.debug.print for logging; the cost itself cannot return the history, '
            "so JAX's 'return outputs' advice does not fit directly. Both interpreters (py3.11/jax 0.10.2"
            ' and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-h-pymanopt-fixedrank-np-diag',
        source='https://github.com/pymanopt/pymanopt/issues/250',
        code="""\
import jax.numpy as jnp
import numpy as np
import pymanopt
from pymanopt.manifolds import FixedRankEmbedded
from pymanopt.optimizers import SteepestDescent

target = np.arange(12.0).reshape(3, 4)
manifold = FixedRankEmbedded(3, 4, 2)

@pymanopt.function.jax(manifold)
def cost(u, s, vt):
    approx = u @ np.diag(s) @ vt
    return jnp.sum((approx - target) ** 2)

problem = pymanopt.Problem(manifold, cost)
SteepestDescent(max_iterations=5, verbosity=0).run(problem)
""",
        kind='array-conversion', argument='s', path='s', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern (issue #250 with the jax backend): a FixedRankEmbedded cost builds u @ np.diag(s) @ '
            "vt; under pymanopt's jax.grad the singular values s are tracers and np.diag calls __array__."
            ' Fix: jnp.diag(s) (verified on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-h-galsim-gsparams-traced-fft-size',
        source='https://github.com/GalSim-developers/JAX-GalSim/issues/193',
        code="""\
import jax
import jax_galsim as galsim

@jax.jit
def render(hlr, fft_size):
    gsp = galsim.GSParams(minimum_fft_size=fft_size, maximum_fft_size=fft_size)
    gal = galsim.Exponential(half_light_radius=hlr, gsparams=gsp)
    obj = galsim.Convolve(gal, galsim.Gaussian(fwhm=0.7, gsparams=gsp))
    return obj.drawImage(nx=32, ny=32, scale=0.2).array

render(0.5, 128)
""",
        kind='traced-shape', argument='fft_size', path='fft_size', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern (config object): JAX-GalSim needs fixed FFT sizes under jit (issue #193 sets '
            'GSParams(minimum_fft_size=64, maximum_fft_size=64)); here the size is a parameter of the '
            'jitted render function, so the GSParams config (static aux data of the profiles) holds a '
            'tracer and the FFT sizing in drawImage branches on it. Raised at the drawImage line. Fix: '
            "static_argnames='fft_size' (verified on both). Both interpreters (py3.11/jax 0.10.2 and "
            'py3.13/jax 0.12.0.1) raise TracerBoolConversionError (inside jax_galsim drawFFT_makeKImage).'
        ),
    ),
    Case(
        id='lib-h-galsim-vmap-if-snr-cut',
        source='https://github.com/GalSim-developers/JAX-GalSim/pull/21',
        code="""\
import jax
import jax.numpy as jnp
import jax_galsim as galsim

def draw_detected(flux, hlr, noise_sigma):
    gal = galsim.Exponential(flux=flux, half_light_radius=hlr)
    img = gal.drawImage(nx=24, ny=24, scale=0.2, method="no_pixel").array
    snr = jnp.sqrt(jnp.sum(img**2)) / noise_sigma
    if snr < 10.0:
        return jnp.zeros_like(img)
    return img

fluxes = jnp.array([50.0, 500.0, 5000.0])
hlrs = jnp.array([0.4, 0.6, 0.8])
jax.vmap(draw_detected, in_axes=(0, 0, None))(fluxes, hlrs, 2.0)
""",
        kind='bool-conversion', argument='flux', path='flux', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern (PR #21 vmaps a drawGalaxy function over galaxy parameters): the vmapped drawing '
            'function applies a detection cut with a Python `if` on the image SNR. Fix: jnp.where(snr < '
            '10.0, jnp.zeros_like(img), img) (verified on both). Both interpreters (py3.11/jax 0.10.2 and'
            ' py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-h-galsim-vmap-psf-list-index',
        source='https://github.com/GalSim-developers/JAX-GalSim/issues/31',
        code="""\
import jax
import jax.numpy as jnp
import jax_galsim as galsim

GSP = galsim.GSParams(minimum_fft_size=64, maximum_fft_size=64)
PSFS = [galsim.Gaussian(fwhm=fwhm, gsparams=GSP) for fwhm in (0.6, 0.8, 1.1)]

def observe(flux, band):
    gal = galsim.Gaussian(flux=flux, sigma=0.4, gsparams=GSP)
    obj = galsim.Convolve(gal, PSFS[band])
    return obj.drawImage(nx=24, ny=24, scale=0.2).array

bands = jnp.array([0, 1, 2])
jax.vmap(observe, in_axes=(None, 0))(1.0e3, bands)
""",
        kind='integer-conversion', argument='band', path='band', line=10,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern: a per-band PSF is picked from a Python list of JAX-GalSim objects with an index '
            'that the user vmaps over. Python list indexing calls __index__ on the BatchTracer. Fix: '
            'jax.lax.switch(band, [lambda psf=psf: draw(psf) for psf in PSFS]) (verified on both; the '
            'cell fixes the FFT size via GSParams so the switch branches can trace). Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-h-galsim-leak-cached-galaxy',
        source='https://github.com/GalSim-developers/JAX-GalSim/pull/60',
        code="""\
import jax
import jax_galsim as galsim

last_galaxy = {}

@jax.jit
def model_image(flux, g1, g2):
    gal = galsim.Gaussian(flux=flux, sigma=0.6).shear(g1=g1, g2=g2)
    last_galaxy["obj"] = gal
    return gal.drawImage(nx=32, ny=32, scale=0.2, method="no_pixel").array

img = model_image(1.0e3, 0.1, -0.05)
last_galaxy["obj"].drawImage(nx=32, ny=32, scale=0.2, method="no_pixel")
""",
        kind='leaked-tracer', argument='g1', path='g1', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=13,
        note=(
            'Pattern: the jitted model keeps the last sheared galaxy object in a module-level dict to '
            'redraw it later; redrawing eagerly touches the leaked shear Jacobian (float32[2,2], created '
            'on line 8 from g1/g2). Stored on line 9, raised on line 13. Fix: return what is needed (or '
            "rebuild the object outside jit) -- return-value; JAX's message says to return outputs "
            'explicitly. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-h-equimo-jax-jit-module-bool-field',
        source='https://github.com/clementpoiret/Equimo/issues/2',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from equimo.models.vit import VisionTransformer

model = VisionTransformer(img_size=16, in_channels=3, dim=32, patch_size=8, num_heads=2,
                          depths=[2], num_classes=4, key=jax.random.key(0))
model = eqx.nn.inference_mode(model)

@jax.jit
def predict(model, x):
    return model(x)

predict(model, jnp.ones((3, 16, 16)))
""",
        kind='bool-conversion', argument='model',
        path='model.blocks[0].blocks[0].attn.attn_drop.inference', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Pattern (static field; issue #2 discusses eqx.nn.inference_mode for equimo's dropout "
            'layers): the equimo VisionTransformer is switched to inference mode and passed to plain '
            "jax.jit, so every module's bool `inference` field (a non-static leaf) becomes a tracer and "
            "equinox Dropout's `if inference:` fails. Fix: eqx.filter_jit (equinox's static option for "
            'non-array leaves; verified on both). jnp.where/lax.cond do not apply (the `if` is library '
            'code). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-h-equimo-pool-type-string-jit-arg',
        source='https://github.com/clementpoiret/Equimo/blob/main/docs/finetuning/linear_probe.md',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from equimo.models.vit import VisionTransformer
from equimo.utils import pool_sd

model = VisionTransformer(img_size=16, in_channels=3, dim=32, patch_size=8, num_heads=2,
                          depths=[2], num_classes=4, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)

@jax.jit
def embed(params, x, pool_type):
    model = eqx.combine(params, static)
    tokens = model.features(x, key=jax.random.key(0), inference=True)
    return pool_sd(tokens, pool_type=pool_type, num_prefix_tokens=model.num_prefix_tokens)

embed(params, jnp.ones((3, 16, 16)), "avg")
""",
        kind='non-array-argument', argument='pool_type', path='pool_type', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "Pattern: equimo selects pooling by string (pool='cls', pool_sd(pool_type='avg')); the user's"
            ' plain-jax.jit feature extractor (params/static split with eqx.partition) receives the pool '
            "type as a normal argument. Fix: static_argnames='pool_type' (verified on both), as JAX's "
            'message suggests. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            "TypeError ('Error interpreting argument ... as an abstract array', type str)."
        ),
    ),
    Case(
        id='lib-h-equimo-traced-num-prefix-tokens',
        source='https://github.com/clementpoiret/Equimo/blob/main/docs/usage.md',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from equimo.models.vit import VisionTransformer
from equimo.utils import pool_sd

model = VisionTransformer(img_size=16, in_channels=3, dim=32, patch_size=8, num_heads=2,
                          depths=[2], num_classes=4, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)

@jax.jit
def embed(params, x, n_prefix):
    model = eqx.combine(params, static)
    tokens = model.features(x, key=jax.random.key(0), inference=True)
    return pool_sd(tokens, pool_type="avg", num_prefix_tokens=n_prefix)

embed(params, jnp.ones((3, 16, 16)), model.num_prefix_tokens)
""",
        kind='traced-shape', argument='n_prefix', path='n_prefix', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern: the number of prefix (cls/register) tokens to drop before pooling is passed into '
            "the user's jitted extractor and on to equimo.utils.pool_sd, which slices "
            'x[num_prefix_tokens:] and is itself jitted with that argument static, so JAX tries to hash '
            'the tracer. Labelled traced-shape (a slice bound), though the message reads like an '
            "unhashable static argument. Fix: static_argnames='n_prefix' (verified on both). Both "
            "interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError ('Non-hashable "
            "static arguments are not supported', DynamicJaxprTracer)."
        ),
    ),
    Case(
        id='lib-h-equimo-leak-patch-tokens-cache',
        source='https://github.com/clementpoiret/Equimo/blob/main/docs/usage.md',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from equimo.models.vit import VisionTransformer

model = VisionTransformer(img_size=16, in_channels=3, dim=32, patch_size=8, num_heads=2,
                          depths=[2], num_classes=4, key=jax.random.key(0))
feature_cache = {}

@eqx.filter_jit
def classify(model, x):
    out = model.forward_features(x, key=jax.random.key(0), inference=True)
    feature_cache["patch_tokens"] = out["x_norm_patchtokens"]
    return model(x, inference=True)

logits = classify(model, jnp.ones((3, 16, 16)))
jnp.linalg.norm(feature_cache["patch_tokens"], axis=-1)
""",
        kind='leaked-tracer', argument='x', path='x', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=17,
        note=(
            "Pattern: while classifying, an eqx.filter_jit function stashes the ViT's normalised patch "
            'tokens (forward_features) in a module-level dict for later inspection; the later eager '
            'jnp.linalg.norm uses the leaked tracer. Stored on line 13, raised on line 17. Fix: return '
            "the tokens alongside the logits (return-value), as JAX's message says. Both interpreters "
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError.'
        ),
    ),
    Case(
        id='lib-h-equimo-masked-patch-tokens-bool-index',
        source='https://github.com/clementpoiret/Equimo/blob/main/docs/usage.md',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from equimo.models.vit import VisionTransformer

model = VisionTransformer(img_size=32, in_channels=3, dim=32, patch_size=8, num_heads=2,
                          depths=[2], num_classes=4, key=jax.random.key(0))

@eqx.filter_jit
def visible_mean(model, x, mask):
    out = model.forward_features(x, key=jax.random.key(0), inference=True)
    visible = out["x_norm_patchtokens"][mask.reshape(-1)]
    return visible.mean(axis=0)

mask = jax.random.bernoulli(jax.random.key(1), 0.25, (4, 4))
visible_mean(model, jnp.ones((3, 32, 32)), mask)
""",
        kind='boolean-index', argument='mask', path='mask', line=12,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Pattern: MAE-style pooling over visible patches selects equimo patch tokens with a boolean '
            'mask inside eqx.filter_jit (the mask is an array, so it is traced). Fix: masked mean, '
            'jnp.where(m[:, None], tokens, 0).sum(0) / m.sum() (same result; verified on both); '
            'jnp.nonzero(size=...) also works. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
]
