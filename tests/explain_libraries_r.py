"""Held-out library cases (set R): herculens (strong lensing), kernex (stencils), treescope.

How they were built: each case is my own minimal reduction of an error pattern a user of the
library hits, written against the installed versions herculens 0.3.0, kernex 0.2.1 and
treescope 0.1.10. No GitHub issue/discussion in the search index showed these exact patterns for
these (small) libraries, so `source` cites the library's own README / API docs page that shows the
API being misused (herculens README, kernex README, treescope render_array / integer_digitbox /
array-visualization docs). Every cell was written to a file and run under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note); the user-code line in the traceback was checked against `line` (and
`use_line` for leaks). The top fix of every case was applied by hand and re-run on both
interpreters: all traced and ran (rc 0). Where that fix is a restructuring rather than a
mechanical edit, verifiable=False.
herculens note: its SIE/SIS/POINT_MASS profiles call jnp.clip(a_max=...), which these JAX versions
reject, so the herculens mass cases use the EPL (and SHEAR) profiles, which work.

Libraries tried and dropped (in the order of preference given to me):
- jax-dataloader 0.1.4: installs, but import fails without torch (beartype cannot resolve its
  'torch.Generator' forward reference); uninstalled again.
- kinetix (kinetix-env): pip cannot resolve it with jax pinned (ResolutionImpossible); its jax2d
  is already used by an earlier set, so dropped as well.
- popjym: not available from the package index here.
- xlb 0.3.1: would pull in vtk, pyvista and warp-lang (large); skipped.
- herculens 0.3.0: kept (pulls objax/tensorboard, imports on both).
- jaxtronomy: would pull lenstronomy, cobaya, dynesty, ... ; not needed after herculens.
- treescope 0.1.10: kept. kernex 0.2.1 (plain JAX stencil library): kept as the extra library.

Doubts about labels:
- lib-r-herculens-pixelgrid-traced-npix: the exception is TracerArrayConversionError (NumPy inside
  PixelGrid), but the value is a grid size, so labelled traced-shape; array-conversion is
  defensible. jnp-not-np is not a fix (the library code is NumPy).
- lib-r-herculens-traced-profile-index-k: the exception is a plain TypeError (len() of unsized
  object) from herculens' profile-selection logic; labelled integer-conversion (k is used as a
  Python list index); traced-shape or concretization are defensible. lax.switch over profiles is
  listed second but is awkward with herculens' API.
- lib-r-herculens-mask-bright-pixels: the mask depends on kwargs_light and on threshold;
  argument kwargs_light (first), path chosen as the first leaf kwargs_light[0]['amp'].
- Leak paths: the leaked value depends on several leaves/parameters; I chose the first
  (herculens leak: kwargs_lens[0]['theta_E']; treescope leak: w1 though x also feeds h).
- lib-r-kernex-traced-kernel-size: the exception is "unhashable type: 'DynamicJaxprTracer'"
  raised from kernex's internal cache when the kernel is APPLIED (line 8), although the traced
  width enters at line 7 (kmap construction). Labelled traced-shape; unhashable-static is a
  plausible misreading. line 8 is where the traceback points.
- lib-r-kernex-kmap-if-center: `if ... and ...`; jnp.where listed first, logical-op second
  (both are needed for the full rewrite).
- lib-r-kernex-float-threshold-in-kernel: min(float(x), 1.0); jnp-not-builtin first because
  JAX's astype hint alone leaves builtin min on a tracer (bool-conversion next).
- lib-r-treescope-render-array-in-jit: treescope raises its own TypeError (no array adapter for
  tracers); labelled array-conversion (it needs a concrete array). The vocabulary's nearest fix
  is return-value (return and render outside jit); jax.debug.print (or a debug callback) is
  the alternative.
- lib-r-treescope-digitbox-traced-step: ConcretizationTypeError from int() inside treescope;
  labelled integer-conversion (concretization defensible). argument 'carry', path 'carry[0]'
  (scan body parameter).
- lib-r-treescope-np-asarray-before-render: array-conversion, but the jnp-not-np fix does NOT
  work (treescope then rejects the tracer), so fixes are return-value / jax.debug.print and
  verifiable=False.
- lib-r-kernex-kscan-leak-list: the jnp.stack at the end raises; leak line is the append (10).
  return-value is the nearest fix kind (use kscan's returned array); verifiable=False.
"""

from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-r-herculens-grad-if-theta-e',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

mass = hcl.MassModel(['EPL'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))

def loss(kwargs_lens):
    if kwargs_lens[0]['theta_E'] < 0:
        return jnp.inf
    xs, ys = mass.ray_shooting(x, y, kwargs_lens)
    return jnp.sum(xs ** 2 + ys ** 2)

params = [dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0)]
jax.jit(jax.grad(loss))(params)
""",
        kind='bool-conversion', argument='kwargs_lens', path="kwargs_lens[0]['theta_E']", line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Python `if` on a lens parameter inside the user's loss, traced by jax.jit(jax.grad(loss)); herculens' EPL ray_shooting follows. Fix: jnp.where(theta_E < 0, inf, loss) (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='lib-r-herculens-pixelgrid-traced-npix',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

light = hcl.LightModel(['GAUSSIAN'])

@jax.jit
def render(npix, kwargs_light):
    grid = hcl.PixelGrid(nx=npix, ny=npix)
    x, y = grid.pixel_coordinates
    return light.surface_brightness(x, y, kwargs_light)

render(jnp.array(16), [dict(amp=1.0, sigma=0.5, center_x=0.0, center_y=0.0)])
""",
        kind='traced-shape', argument='npix', path='npix', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="The pixel count of herculens.PixelGrid passed as a jit argument: PixelGrid builds its coordinate grid with NumPy from nx/ny, so a traced npix is a traced shape. Fix: static_argnames='npix' (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError (NumPy __array__ inside herculens).",
    ),
    Case(
        id='lib-r-herculens-static-kwargs-dict',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

mass = hcl.MassModel(['EPL'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))

def deflect(kwargs_lens):
    return mass.ray_shooting(x, y, kwargs_lens)

deflect_jit = jax.jit(deflect, static_argnums=0)
deflect_jit([dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0)])
""",
        kind='unhashable-static', argument='kwargs_lens', path='kwargs_lens', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The herculens parameter list (a list of dicts of floats) marked static with static_argnums=0: it is unhashable, and as the parameters to fit it should be traced. Fix: drop static_argnums (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'list'.",
    ),
    Case(
        id='lib-r-herculens-model-object-arg',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

mass = hcl.MassModel(['EPL'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))

def kappa_sum(model, kwargs_lens):
    return jnp.sum(model.kappa(x, y, kwargs_lens))

kappa_jit = jax.jit(kappa_sum)
kappa_jit(mass, [dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0)])
""",
        kind='non-array-argument', argument='model', path='model', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A herculens MassModel instance passed as a normal jit argument. Fix: static_argnums=0 (MassModel hashes by identity; checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError 'Error interpreting argument ... as an abstract array'.",
    ),
    Case(
        id='lib-r-herculens-leak-global-source-pos',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

mass = hcl.MassModel(['EPL'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))

cache = {}

@jax.jit
def chi2(kwargs_lens, data):
    xs, ys = mass.ray_shooting(x, y, kwargs_lens)
    cache['beta'] = xs
    return jnp.sum((xs - data) ** 2)

p = [dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0)]
chi2(p, jnp.zeros((8, 8)))
jnp.mean(cache['beta'])
""",
        kind='leaked-tracer', argument='kwargs_lens', path="kwargs_lens[0]['theta_E']", line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The source-plane positions from mass.ray_shooting stored into a global dict inside a jitted chi2, then used after the call. Fix: return xs as a second output (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at the later jnp.mean.',
        use_line=18,
    ),
    Case(
        id='lib-r-herculens-float-einstein-radius',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

mass = hcl.MassModel(['EPL'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))

@jax.jit
def magnification_proxy(kwargs_lens):
    theta_e = float(kwargs_lens[0]['theta_E'])
    k = mass.kappa(x, y, kwargs_lens)
    return jnp.sum(k) * theta_e ** 2

magnification_proxy([dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0)])
""",
        kind='concretization', argument='kwargs_lens', path="kwargs_lens[0]['theta_E']", line=10,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="float() on the Einstein radius inside a jitted function next to mass.kappa. Fix: .astype(float) as JAX's message suggests (or just drop float); checked. both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-r-herculens-traced-profile-index-k',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

mass = hcl.MassModel(['EPL', 'SHEAR'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))
kw = [dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0), dict(gamma1=0.05, gamma2=0.0)]

@jax.jit
def deflection_of(k, kwargs_lens):
    ax, ay = mass.alpha(x, y, kwargs_lens, k=k)
    return jnp.hypot(ax, ay)

deflection_of(jnp.array(0), kw)
""",
        kind='integer-conversion', argument='k', path='k', line=11,
        fixes=('static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='herculens selects the k-th lens profile with Python list logic (util.convert_bool_list: isinstance(k, int) / len(k)); a traced k fails that check. Fix: static_argnums=0 and pass a Python int (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: len() of unsized object (raised inside herculens).',
    ),
    Case(
        id='lib-r-herculens-np-ellipticity-prior',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import herculens as hcl

mass = hcl.MassModel(['EPL', 'SHEAR'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 8), jnp.linspace(-2, 2, 8))

def log_prob(kwargs_lens):
    e = np.sqrt(kwargs_lens[1]['gamma1'] ** 2 + kwargs_lens[1]['gamma2'] ** 2)
    k = mass.kappa(x, y, kwargs_lens)
    return -jnp.sum(k ** 2) - 10.0 * e ** 2

p = [dict(theta_E=1.0, gamma=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0), dict(gamma1=0.05, gamma2=0.0)]
jax.jit(jax.value_and_grad(log_prob))(p)
""",
        kind='array-conversion', argument='kwargs_lens', path="kwargs_lens[1]['gamma1']", line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=True,
        note="np.sqrt on the external-shear parameters in the user's log-probability, traced by jax.jit(jax.value_and_grad(...)). Fix: jnp.sqrt (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='lib-r-herculens-mask-bright-pixels',
        source='https://github.com/Herculens/herculens',
        code="""\
import jax
import jax.numpy as jnp
import herculens as hcl

light = hcl.LightModel(['SERSIC_ELLIPSE'])
x, y = jnp.meshgrid(jnp.linspace(-2, 2, 16), jnp.linspace(-2, 2, 16))

@jax.jit
def arc_flux(kwargs_light, threshold):
    img = light.surface_brightness(x, y, kwargs_light)
    return jnp.sum(img[img > threshold])

kw = [dict(amp=10.0, R_sersic=0.5, n_sersic=2.0, e1=0.1, e2=0.0, center_x=0.0, center_y=0.0)]
arc_flux(kw, 1.0)
""",
        kind='boolean-index', argument='kwargs_light', path="kwargs_light[0]['amp']", line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=True,
        note='Boolean-mask indexing of the herculens surface-brightness image by img > threshold inside jit to sum the arc flux. Fix: jnp.sum(jnp.where(img > threshold, img, 0)) (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='lib-r-kernex-kmap-if-center',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

@kex.kmap(kernel_size=(3,), padding='same')
def local_max_flag(w):
    if w[1] > w[0] and w[1] > w[2]:
        return 1.0
    return 0.0

local_max_flag(jnp.array([1.0, 3.0, 2.0, 5.0, 4.0]))
""",
        kind='bool-conversion', argument='w', path='w', line=7,
        fixes=('jnp.where', 'logical-op'), verifiable=True, jax_fitting_fix=False,
        note='Python if/and on window values inside a kernex.kmap kernel (kmap vmaps the user function over windows). Fix: jnp.where((w[1] > w[0]) & (w[1] > w[2]), 1., 0.) (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='lib-r-kernex-traced-kernel-size',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

@jax.jit
def moving_average(signal, width):
    avg = kex.kmap(kernel_size=(width,), padding='valid')(jnp.mean)
    return avg(signal)

moving_average(jnp.arange(10.0), 3)
""",
        kind='traced-shape', argument='width', path='width', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The kernex kernel_size built from a jit argument: kmap needs it as a Python tuple (window shape; it is used as an lru_cache key inside kernex). Fix: static_argnames='width' (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'DynamicJaxprTracer' (raised inside kernex when the kernel is applied, line 8).",
    ),
    Case(
        id='lib-r-kernex-kscan-leak-list',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

history = []

@kex.kscan(kernel_size=(3,), padding='same')
def diffuse(w):
    new = 0.25 * w[0] + 0.5 * w[1] + 0.25 * w[2]
    history.append(new)
    return new

diffuse(jnp.linspace(0.0, 1.0, 6))
jnp.stack(history)
""",
        kind='leaked-tracer', argument='w', path='w', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A kernex.kscan kernel appends its per-window result to a global list (kscan runs the kernel under lax.scan); stacking the list afterwards raises. Fix: use the array kscan returns instead of the side effect (restructuring; checked by hand). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at jnp.stack.',
        use_line=14,
    ),
    Case(
        id='lib-r-kernex-range-traced-order',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

@jax.jit
def repeated_smooth(u, n_iter):
    smooth = kex.kmap(kernel_size=(3,), padding='same')(jnp.mean)
    for _ in range(n_iter):
        u = smooth(u)
    return u

repeated_smooth(jnp.arange(8.0), jnp.array(3))
""",
        kind='integer-conversion', argument='n_iter', path='n_iter', line=8,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='range() over a traced iteration count around a kernex.kmap smoothing under jit. Fix: lax.fori_loop(0, n_iter, ...) (checked); static n_iter also works. both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='lib-r-kernex-float-threshold-in-kernel',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

@kex.kmap(kernel_size=(3, 3), padding='same')
def clipped_laplacian(w):
    lap = w[0, 1] + w[2, 1] + w[1, 0] + w[1, 2] - 4 * w[1, 1]
    return min(float(lap), 1.0)

clipped_laplacian(jnp.ones((4, 4)))
""",
        kind='concretization', argument='w', path='w', line=8,
        fixes=('jnp-not-builtin', 'astype'), verifiable=True, jax_fitting_fix=False,
        note="min(float(...)) on a window value inside a kernex.kmap kernel (vmapped). Fix: jnp.minimum(lap, 1.0) (checked); JAX's astype hint alone would leave the builtin min on a tracer. both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='lib-r-kernex-np-median-kernel',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import kernex as kex

@kex.kmap(kernel_size=(3, 3), padding='same')
def median_filter(w):
    return np.median(w)

img = jax.random.uniform(jax.random.key(0), (6, 6))
median_filter(img)
""",
        kind='array-conversion', argument='w', path='w', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=True,
        note="np.median on the window inside a kernex.kmap kernel (a median filter, the README's kind of example). Fix: jnp.median (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='lib-r-kernex-static-list-kernel-size',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

def box_filter(img, kernel_size):
    return kex.kmap(kernel_size=kernel_size, padding='same')(jnp.mean)(img)

box_jit = jax.jit(box_filter, static_argnames='kernel_size')
box_jit(jnp.ones((6, 6)), kernel_size=[3, 3])
""",
        kind='unhashable-static', argument='kernel_size', path='kernel_size', line=9,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="kernel_size passed as a list to a static_argnames parameter of a jitted kernex box filter. Fix: pass a tuple (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError: unhashable type: 'list'.",
    ),
    Case(
        id='lib-r-kernex-nonzero-in-kernel',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

@kex.kmap(kernel_size=(5,), padding='same')
def first_active_offset(w):
    idx = jnp.nonzero(w > 0.5)[0]
    return idx[0]

first_active_offset(jnp.array([0.0, 1.0, 0.0, 0.7, 0.2, 0.9]))
""",
        kind='traced-shape', argument='w', path='w', line=7,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note='jnp.nonzero without size= inside a kernex.kmap kernel (vmapped). Fix: jnp.nonzero(..., size=1, fill_value=-1) (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (nonzero size).',
    ),
    Case(
        id='lib-r-kernex-self-leak-module',
        source='https://github.com/ASEM000/kernex',
        code="""\
import jax
import jax.numpy as jnp
import kernex as kex

class EdgeDetector:
    def __init__(self):
        self.last_grad = None

    def __call__(self, img):
        grad = kex.kmap(kernel_size=(3,), padding='same')(lambda w: w[2] - w[0])(img)
        self.last_grad = grad
        return jnp.abs(grad).sum()

det = EdgeDetector()
jax.grad(det)(jnp.linspace(0.0, 1.0, 6))
det.last_grad + 1.0
""",
        kind='leaked-tracer', argument='img', path='img', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A user class stores the kernex.kmap gradient map on self inside __call__, which jax.grad traces; the attribute is used afterwards. Fix: return it as aux (jax.grad(..., has_aux=True)); checked. both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at the later use.',
        use_line=16,
    ),
    Case(
        id='lib-r-treescope-render-array-in-jit',
        source='https://treescope.readthedocs.io/en/latest/api/treescope.render_array.html',
        code="""\
import jax
import jax.numpy as jnp
import treescope

@jax.jit
def attention(q, k):
    scores = jax.nn.softmax(q @ k.T, axis=-1)
    treescope.render_array(scores)
    return scores @ k

q = jnp.ones((4, 8))
attention(q, q)
""",
        kind='array-conversion', argument='q', path='q', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note="treescope.render_array called on an intermediate inside a jitted function: treescope needs a concrete array and has no adapter for tracers. Fix: return scores and render outside jit (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError 'Cannot render array with unrecognized type DynamicJaxprTracer' (treescope's own error).",
    ),
    Case(
        id='lib-r-treescope-digitbox-traced-step',
        source='https://treescope.readthedocs.io/en/latest/api/treescope.integer_digitbox.html',
        code="""\
import jax
import jax.numpy as jnp
import treescope

def body(carry, _):
    step, x = carry
    treescope.integer_digitbox(step)
    return (step + 1, x * 0.9), None

(step, x), _ = jax.lax.scan(body, (jnp.array(0), jnp.ones(3)), None, length=4)
""",
        kind='integer-conversion', argument='carry', path='carry[0]', line=7,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='treescope.integer_digitbox on a traced step counter inside a lax.scan body; treescope calls int() on it. Fix: jax.debug.print the step (checked) or return it and render outside. both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (from int()).',
    ),
    Case(
        id='lib-r-treescope-leak-activations-show',
        source='https://treescope.readthedocs.io/en/stable/notebooks/array_visualization.html',
        code="""\
import jax
import jax.numpy as jnp
import treescope

activations = {}

@jax.jit
def mlp(w1, w2, x):
    h = jax.nn.relu(x @ w1)
    activations['hidden'] = h
    return h @ w2

w1, w2 = jnp.ones((3, 4)), jnp.ones((4, 2))
mlp(w1, w2, jnp.ones((5, 3)))
treescope.render_array(activations['hidden'] * 2)
""",
        kind='leaked-tracer', argument='w1', path='w1', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='Hidden activations stashed in a global dict inside a jitted MLP for later treescope visualisation; the later render touches the leaked tracer. Fix: return h as an extra output (checked). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at the render line.',
        use_line=15,
    ),
    Case(
        id='lib-r-treescope-np-asarray-before-render',
        source='https://treescope.readthedocs.io/en/stable/notebooks/array_visualization.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import treescope

def loss(w, x):
    pred = jnp.tanh(x @ w)
    treescope.render_array(np.asarray(pred))
    return jnp.mean(pred ** 2)

jax.grad(loss)(jnp.ones((3, 2)), jnp.ones((4, 3)))
""",
        kind='array-conversion', argument='w', path='w', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='np.asarray(pred) to feed treescope.render_array inside a loss under jax.grad. jnp-not-np would NOT fix it (treescope then rejects the tracer); fix: return pred as aux (jax.grad(..., has_aux=True)) and render outside (checked by hand, restructuring). both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
]
