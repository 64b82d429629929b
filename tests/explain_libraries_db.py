"""Held-out library cases (set db): efax, jaxgl, tjax.

How they were built: every cell is my own minimal reduction of a pattern that a user of the
library meets, written after reading the installed source of each library (efax 2.4.0,
tjax 1.7.1, jaxgl 1.0.1) and its README/examples; no issue thread in the search corpora covers
efax, tjax or jaxgl (searches of the `issues` corpus found none), so most `source` fields point
at the README section or the source file of the API the cell exercises; one tjax case cites
NeilGirdhar's chex issue #104, which shows the tjax static-field pattern.  The JaxGL file
URLs assume the repository's default branch is `main` and efax/tjax file URLs assume `master`
(efax's README links use master); jaxgl/shaders.py and jaxgl/renderer.py were read from the
installed wheel, since the code index lists only JaxGL's README and examples.  Each cell was written
to a file and run with the venv's Python: every statement but the last runs, the last raises,
and `line`/`use_line` were read off the traceback frames that point into the cell file.  Each
fix marked verifiable was applied by hand to a copy of the cell and the copy was re-run cleanly.

Environment: /tmp/heldout53/venv_db, made with /root/.pyenv/versions/3.12.1/bin/python -m venv
(no system site packages) because efax and tjax need Python 3.12 (`typing.override`).
Installed with pip: efax 2.4.0, tjax 1.7.1, jaxgl 1.0.1, jax 0.10.2, jaxlib 0.10.2,
optax 0.2.8, equinox 0.13.8, flax 0.12.8 (pulled in by jaxgl), optimistix 0.1.0 (efax
dependency), numpy 2.4.6 (downgraded from 2.5.5 to match the machine; this needed
numpy-typing-compat 20260602.2.4 instead of .2.5 so that tjax's optype import works),
scipy 1.18.1, pillow 13.0.0.  CPU only.  None of the three libraries turns on JAX's
64-bit mode on import (jax_enable_x64 stays False after importing them), so no case depends
on x64.

Dropped: nothing was dropped among the three candidates (all installed and imported).  Case
ideas dropped while building: a tjax dataclass whose static field holds a list or a jax array
passed to jit (JAX 0.10.2 accepts it silently, no error), and `if` on a parameter under plain
jax.grad (JAX 0.10.2's grad keeps primal values concrete, so it runs; the kept case adds jit).
The tjax fixed-point iteration API mentioned in the brief is not in tjax 1.7.1 (removed), so no
case uses it.

Doubts about labels:
- db-jaxgl-shader-if-radius: `dist` depends on both `position` and `uniform` (centre, radius);
  `position` is named as the first one.  lax.cond is listed second: inside the renderer's vmap
  it becomes a select anyway.
- db-jaxgl-shader-while-escape: the culprit could also be read as the complex `z` carried by
  the loop; it is derived only from `unit_position`.  `logical-op` is not a fix here (the
  `while` itself needs a Python bool).
- db-jaxgl-palette-list-index: argument could be read as the library's traced argument
  `uniforms` of render_and_apply_patches (that is the path JAX's message names); I used the
  shader's own parameter, since the renderer traces the user's shader.
- db-jaxgl-ngon-traced-sides: JAX raises TracerBoolConversionError (from jaxgl's
  `assert vertices.shape == (n, 2)`), so `bool-conversion` is defensible; I chose
  `traced-shape` because n is a count that must be static.  Using the library's
  make_fragment_shader_convex_dynamic_ngon_with_edges (n in the uniform) is another fix not in
  the vocabulary.
- db-jaxgl-patch-size-argument: path could be `patch_size` (the whole tuple).
- db-jaxgl-clear-screen-traced-size: JAX's message is the non-hashable static argument
  ValueError, so `unhashable-static` is defensible; the cause is a traced screen size reaching a
  static slot, hence `traced-shape` and the fix `static` (not `hashable-static`).
- db-jaxgl-shader-debug-list: `return-value` is not possible (a shader must return a colour),
  so only jax.debug.print/callback is listed; argument could be `uniform` (centre) as well.
- db-jaxgl-alive-boolean-mask: the boolean-indexed values are `positions`, `vertices` and
  `colours`; I named the mask `alive` as the culprit (positions is the first parameter it
  touches).  `size-argument` (jnp.nonzero(alive, size=3)) would run but would draw filler
  triangles, so it is not listed.
- db-jaxgl-pil-texture-uniform: the vocabulary has no "convert the argument to an array" fix;
  `jnp-not-np` is the nearest (it covers making a non-jnp value a jnp array).  JAX's hint
  (mark it static) cannot be applied to the library's own jit, hence jax_fitting_fix False.
- db-efax-sample-traced-count: `numpy-for-static` (fixed Python sample count) would also do.
- db-efax-family-class-argument: closing over the class (removing it from the jitted
  arguments) is the same `static` fix.
- db-efax-jit-grad-if-precision: lax.cond works too; jnp.where is first because it keeps the
  result.  The label depends on the jit: without it JAX 0.10.2 would not raise.
- db-efax-float-log-in-loss: argument/path could be left as `q` (the only leaf is
  `q.log_odds`).
- db-efax-cached-to-nat-leak: argument is `x` (the data the cached GammaNP is computed from);
  one could say None because the leak is of an intermediate.  jax_fitting_fix True because
  JAX's message says functions must return their outputs, which is the fix.
- db-efax-scipy-reference-vmap: q is not mapped (in_axes=None), so only `x` is traced.
- db-efax-component-list-scan: lax.switch over the three components is an equally
  acceptable first fix.
- db-efax-mask-before-suffstats: `size-argument` would run but would bias the mean with
  fill values, so not listed; verifiable False because the masked mean rewrites several lines.
- db-efax-nb-failures-arange: JAX raises ConcretizationTypeError, so `concretization` is
  defensible; it is a length, hence `traced-shape`.  Not verifiable by a one-line change.
- db-tjax-rngstream-global-leak: argument None (the stored counter depends on no parameter);
  `line` is the user's call `stream.key()` inside jit (the store happens in tjax's rng.py).
  jax_fitting_fix True is arguable: the message's advice (return outputs) is the direction, but
  it needs restructuring.
- db-tjax-dynamic-field-scan-length: `concretization` is defensible (ConcretizationTypeError).
- db-tjax-leaky-average-flag / db-tjax-adafactor-jit-argument: the `if` is in library code
  (tjax / optax), so jnp.where and lax.cond cannot be applied by the user; `static` only.  For
  AdaFactor the traced flag is a default the user never set.
- db-tjax-jit-method-plain-class: `static` (static_argnums=0, hashing by id) also runs, but
  then changes to self.decay would be ignored after the first trace, so `register-pytree`
  first.
- db-tjax-schedule-math-cos: argument could be taken as the jitted train_step's `state` (JAX's
  message names state.data[1].count); the schedule is a user function the library traces, so
  its parameter `step` is named.
- db-tjax-static-config-list-field: `not-static` does not work here (len() of the list is
  needed as a Python int), so only `hashable-static`.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='db-jaxgl-shader-if-radius',
        source='https://github.com/FLAIROx/JaxGL#custom-shaders',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer


def ring_shader(position, current_frag, unit_position, uniform):
    centre, radius, colour = uniform
    dist = jnp.sqrt(jnp.square(position - centre).sum())
    if dist < radius:
        return colour
    return current_frag


pixels = clear_screen((128, 128), jnp.zeros(3))
renderer = make_renderer((128, 128), ring_shader, (64, 64))
disc = (jnp.array([64.0, 64.0]), 20.0, jnp.array([255.0, 0.0, 0.0]))
renderer(pixels, jnp.array([32, 32]), disc)
""",
        kind='bool-conversion', argument='position', path='position', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A custom fragment shader (traced by make_renderer under jit and a double vmap) decides inside/outside the disc with a Python `if` on the traced distance; JAX raises TracerBoolConversionError at the `if`. Returning jnp.where(dist < radius, colour, current_frag) (what the README's shader does with lax.select) keeps the result; checked.",
    ),
    Case(
        id='db-jaxgl-shader-while-escape',
        source='https://github.com/FLAIROx/JaxGL/blob/main/examples/example4_custom_shader.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer


def mandelbrot_shader(position, current_frag, unit_position, uniform):
    c = (unit_position[0] * 3.0 - 2.0) + 1j * (unit_position[1] * 3.0 - 1.5)
    z = 0j
    i = 0
    while jnp.abs(z) < 2.0 and i < 40:
        z = z * z + c
        i += 1
    return uniform * (i / 40.0)


pixels = clear_screen((64, 64), jnp.zeros(3))
renderer = make_renderer((64, 64), mandelbrot_shader, (64, 64))
renderer(pixels, jnp.array([0, 0]), jnp.array([255.0, 200.0, 0.0]))
""",
        kind='bool-conversion', argument='unit_position', path='unit_position', line=10,
        fixes=('lax.while_loop', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note='An escape-time fractal written as a custom shader loops with a Python `while` whose test depends on the traced patch coordinate; the second test of the loop raises TracerBoolConversionError (the first passes because z starts as a Python constant). A lax.while_loop over (z, i) (or a fixed-count lax.fori_loop with a mask) gives the same picture; checked with while_loop.',
    ),
    Case(
        id='db-jaxgl-palette-list-index',
        source='https://github.com/FLAIROx/JaxGL#custom-shaders',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer

PALETTE = [
    jnp.array([230.0, 25.0, 75.0]),
    jnp.array([60.0, 180.0, 75.0]),
    jnp.array([0.0, 130.0, 200.0]),
]


def palette_disc_shader(position, current_frag, unit_position, uniform):
    centre, radius, colour_id = uniform
    inside = jnp.square(position - centre).sum() < radius**2
    return jax.lax.select(inside, PALETTE[colour_id], current_frag)


pixels = clear_screen((128, 128), jnp.zeros(3))
renderer = make_renderer((128, 128), palette_disc_shader, (64, 64))
renderer(pixels, jnp.array([32, 32]), (jnp.array([64.0, 64.0]), 20.0, 2))
""",
        kind='integer-conversion', argument='uniform', path='uniform[2]', line=15,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note="The shader's uniform carries a colour index that is used to pick from a Python list of colours; the uniform is a traced argument of the renderer's jitted function, so list indexing raises TracerIntegerConversionError. Stacking the palette into one jnp array (jnp.stack) lets the traced index read it; lax.switch also works; checked with jnp.stack.",
    ),
    Case(
        id='db-jaxgl-numpy-norm-shader',
        source='https://github.com/FLAIROx/JaxGL/blob/main/examples/example4_custom_shader.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxgl.renderer import clear_screen, make_renderer


def glow_shader(position, current_frag, unit_position, uniform):
    centre, radius, colour = uniform
    dist = np.linalg.norm(position - centre)
    strength = jnp.clip(1.0 - dist / radius, 0.0, 1.0)
    return strength * colour + (1.0 - strength) * current_frag


pixels = clear_screen((128, 128), jnp.zeros(3))
renderer = make_renderer((128, 128), glow_shader, (64, 64))
glow = (jnp.array([64.0, 64.0]), 30.0, jnp.array([255.0, 255.0, 0.0]))
renderer(pixels, jnp.array([32, 32]), glow)
""",
        kind='array-conversion', argument='position', path='position', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A glow shader measures the distance with np.linalg.norm on the traced fragment position; NumPy calls __array__ and JAX raises TracerArrayConversionError. jnp.linalg.norm is the drop-in fix; checked.',
    ),
    Case(
        id='db-jaxgl-ngon-traced-sides',
        source='https://github.com/FLAIROx/JaxGL/blob/main/jaxgl/shaders.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer
from jaxgl.shaders import make_fragment_shader_convex_ngon


@jax.jit
def draw_polygon(pixels, vertices, n_sides):
    shader = make_fragment_shader_convex_ngon(n_sides)
    renderer = make_renderer((128, 128), shader, (64, 64))
    white = jnp.array([255.0, 255.0, 255.0])
    return renderer(pixels, jnp.array([32, 32]), (vertices, white))


square = jnp.array([[40.0, 40.0], [88.0, 40.0], [88.0, 88.0], [40.0, 88.0]])
pixels = clear_screen((128, 128), jnp.zeros(3))
draw_polygon(pixels, square, 4)
""",
        kind='traced-shape', argument='n_sides', path='n_sides', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The polygon's side count is passed through a jitted drawing function into make_fragment_shader_convex_ngon, which needs it as a Python int (it loops `for i in range(n)` and asserts `vertices.shape == (n, 2)`); jaxgl's own assert raises TracerBoolConversionError when the renderer traces the shader. Marking n_sides static (static_argnames) fixes it; checked.",
    ),
    Case(
        id='db-jaxgl-patch-size-argument',
        source='https://github.com/FLAIROx/JaxGL#basic-usage',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer
from jaxgl.shaders import fragment_shader_circle


@jax.jit
def draw_disc(pixels, corner, patch_size, disc):
    renderer = make_renderer((128, 128), fragment_shader_circle, patch_size)
    return renderer(pixels, corner, disc)


pixels = clear_screen((128, 128), jnp.zeros(3))
disc = (jnp.array([64.0, 64.0]), 10.0, jnp.array([0.0, 255.0, 0.0]))
draw_disc(pixels, jnp.array([48, 48]), (32, 32), disc)
""",
        kind='traced-shape', argument='patch_size', path='patch_size[0]', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A generic drawing helper takes the patch size as an argument of the user's jitted function and builds the renderer inside; the tuple arrives as tracers and make_renderer's lax.dynamic_slice raises TypeError ('Shapes must be 1D sequences of concrete values of integer type') when the renderer is called. static_argnames='patch_size', as JAX's message suggests, fixes it; checked.",
    ),
    Case(
        id='db-jaxgl-clear-screen-list',
        source='https://github.com/FLAIROx/JaxGL#basic-usage',
        code="""\
import jax.numpy as jnp
from jaxgl.renderer import clear_screen

screen_size = [256, 256]
background = jnp.array([30.0, 30.0, 30.0])
pixels = clear_screen(screen_size, background)
""",
        kind='unhashable-static', argument='screen_size', path='screen_size', line=6,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="clear_screen is jitted with screen_size as static_argnums=0; passing a list makes JAX raise ValueError ('Non-hashable static arguments are not supported'). Passing a tuple as the README does fixes it; checked.",
    ),
    Case(
        id='db-jaxgl-clear-screen-traced-size',
        source='https://github.com/FLAIROx/JaxGL/blob/main/jaxgl/renderer.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen


@jax.jit
def reset_frame(screen_size, background):
    return clear_screen(screen_size, background)


reset_frame((128, 128), jnp.array([0.0, 0.0, 0.0]))
""",
        kind='traced-shape', argument='screen_size', path='screen_size[0]', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The user wraps clear_screen in their own jitted reset function, so the screen size tuple arrives as two tracers and is then handed to clear_screen's static argument; JAX raises ValueError (non-hashable static argument, the DynamicJaxprTracer is unhashable). Marking screen_size static on the outer jit fixes it; checked.",
    ),
    Case(
        id='db-jaxgl-shader-debug-list',
        source='https://github.com/FLAIROx/JaxGL#custom-shaders',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer

seen_dists = []


def debug_disc_shader(position, current_frag, unit_position, uniform):
    centre, radius, colour = uniform
    dist = jnp.sqrt(jnp.square(position - centre).sum())
    seen_dists.append(dist)
    return jax.lax.select(dist < radius, colour, current_frag)


pixels = clear_screen((128, 128), jnp.zeros(3))
renderer = make_renderer((128, 128), debug_disc_shader, (64, 64))
disc = (jnp.array([64.0, 64.0]), 20.0, jnp.array([0.0, 0.0, 255.0]))
pixels = renderer(pixels, jnp.array([32, 32]), disc)
print(jnp.max(seen_dists[0]))
""",
        kind='leaked-tracer', argument='position', path='position', line=11,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False, use_line=19,
        note="To debug a shader the user appends the per-fragment distance to a global list; the appended value is a BatchTracer of the renderer's vmap/jit, and using it afterwards raises UnexpectedTracerError. A shader must return only a colour, so the way out is jax.debug.callback(seen_dists.append, dist) (or jax.debug.print); checked with debug.callback.",
    ),
    Case(
        id='db-jaxgl-alive-boolean-mask',
        source='https://github.com/FLAIROx/JaxGL/blob/main/examples/example2_lots_of_shapes.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxgl.renderer import clear_screen, make_renderer
from jaxgl.shaders import fragment_shader_triangle

tri_renderer = make_renderer((128, 128), fragment_shader_triangle, (32, 32), batched=True)


@jax.jit
def render_alive(pixels, positions, vertices, colours, alive):
    return tri_renderer(pixels, positions[alive], (vertices[alive], colours[alive]))


positions = jnp.array([[10, 10], [60, 60], [90, 20]])
vertices = positions[:, None, :] + jnp.array([[0, 10], [0, 30], [30, 0]])
colours = jnp.full((3, 3), 255.0)
pixels = clear_screen((128, 128), jnp.zeros(3))
render_alive(pixels, positions, vertices, colours, jnp.array([True, False, True]))
""",
        kind='boolean-index', argument='alive', path='alive', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="To draw only live objects with the batched renderer, the user filters positions and uniforms with a traced boolean mask inside jit; JAX raises NonConcreteBooleanIndexError. Keeping the batch size fixed and masking instead (jaxgl's add_mask_to_shader, or moving dead triangles off the patch with jnp.where) keeps the picture; checked with a jnp.where offset of the vertices.",
    ),
    Case(
        id='db-jaxgl-pil-texture-uniform',
        source='https://github.com/FLAIROx/JaxGL/blob/main/examples/example3_textures.py',
        code="""\
import jax.numpy as jnp
from PIL import Image
from jaxgl.renderer import clear_screen, make_renderer
from jaxgl.shaders import make_fragment_shader_texture

logo = Image.new("RGB", (32, 32), (200, 40, 40))
texture_shader = make_fragment_shader_texture((32, 32))
renderer = make_renderer((128, 128), texture_shader, (32, 32))
pixels = clear_screen((128, 128), jnp.zeros(3))
renderer(pixels, jnp.array([48, 48]), logo)
""",
        kind='non-array-argument', argument='uniforms', path='uniforms', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A PIL image is passed as the texture uniform straight to the renderer, whose jitted function cannot abstractify it; JAX raises TypeError ('Error interpreting argument ... as an abstract array', path uniforms). Converting it first with jnp.asarray(logo) (the example's load_texture does this) fixes it; JAX's hint to mark it static does not apply to the library's jit; checked.",
    ),
    Case(
        id='db-efax-sample-traced-count',
        source='https://github.com/NeilGirdhar/efax/blob/master/efax/_src/interfaces/samplable.py',
        code="""\
import jax
import jax.numpy as jnp
from efax import NormalNP


@jax.jit
def draw(q, key, n):
    return q.sample(key, (n,))


q = NormalNP(jnp.array(1.0), jnp.array(-0.5))
draw(q, jax.random.key(0), 100)
""",
        kind='traced-shape', argument='n', path='n', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The sample count is a traced argument of a jitted function and is put into the shape given to the distribution's sample(); jax.random inside efax raises TypeError ('Shapes must be 1D sequences of concrete values of integer type'). static_argnames='n', as the message suggests, fixes it; checked.",
    ),
    Case(
        id='db-efax-family-class-argument',
        source='https://github.com/NeilGirdhar/efax#important-methods',
        code="""\
import jax
import jax.numpy as jnp
from efax import NormalNP, parameter_mean


@jax.jit
def fit(family, x):
    stats = family.sufficient_statistics(x)
    return parameter_mean(stats, axis=0).to_nat()


x = jax.random.normal(jax.random.key(1), (500,)) * 2.0 + 1.0
fit(NormalNP, x)
""",
        kind='non-array-argument', argument='family', path='family', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A generic maximum-likelihood helper takes the distribution class (NormalNP) as a jitted argument so it can call its sufficient_statistics classmethod; a class is not an array and JAX raises TypeError ('Error interpreting argument ... as an abstract array', path family). static_argnums=0 fixes it; checked.",
    ),
    Case(
        id='db-efax-distribution-static-arg',
        source='https://github.com/NeilGirdhar/efax#representation',
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
from efax import NormalEP, NormalNP


@partial(jax.jit, static_argnames="prior")
def posterior_score(prior, observed):
    return observed.cross_entropy(prior)


prior = NormalNP(jnp.array(0.0), jnp.array(-0.5))
observed = NormalEP(jnp.array(0.3), jnp.array(1.2))
posterior_score(prior, observed)
""",
        kind='unhashable-static', argument='prior', path='prior', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="An efax distribution (a tjax dataclass whose fields are arrays) is marked static; its generated __hash__ hashes jax arrays, and JAX raises ValueError ('Non-hashable static arguments are not supported'). Distributions are pytrees, so passing prior as an ordinary traced argument is the fix; checked.",
    ),
    Case(
        id='db-efax-jit-grad-if-precision',
        source='https://github.com/NeilGirdhar/efax#optimization',
        code="""\
import jax
import jax.numpy as jnp
from efax import NormalNP

x = jnp.array([0.3, -1.2, 0.8, 2.0, 1.1])


def loss(q):
    nll = -jnp.mean(q.log_pdf(x))
    if q.negative_half_precision > -0.05:
        nll = nll + 10.0
    return nll


loss_grad = jax.jit(jax.grad(loss))
loss_grad(NormalNP(jnp.array(0.0), jnp.array(-0.5)))
""",
        kind='bool-conversion', argument='q', path='q.negative_half_precision', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A loss over NormalNP natural parameters adds a penalty with a Python `if` on a parameter; under jit(grad(...)) (the README's pattern) JAX raises TracerBoolConversionError (plain grad alone would not, since JAX 0.10's linearize keeps primals concrete). nll + jnp.where(cond, 10.0, 0.0) keeps the value and gradient; checked.",
    ),
    Case(
        id='db-efax-float-log-in-loss',
        source='https://github.com/NeilGirdhar/efax#optimization',
        code="""\
import jax
import jax.numpy as jnp
from efax import BernoulliNP

x = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0, 1.0])


def loss(q):
    ll = jnp.mean(q.log_pdf(x))
    print(f"log-likelihood {float(ll):.4f}")
    return -ll


jax.value_and_grad(loss)(BernoulliNP(jnp.array(0.0)))
""",
        kind='concretization', argument='q', path='q.log_odds', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="The user logs the log-likelihood from inside a loss differentiated with value_and_grad by calling float() on it; JAX raises ConcretizationTypeError (its hint about astype does not fit a log line). jax.debug.print('log-likelihood {v:.4f}', v=ll) works; checked.",
    ),
    Case(
        id='db-efax-cached-to-nat-leak',
        source='https://github.com/NeilGirdhar/efax/blob/master/efax/_src/mixins/exp_to_nat/exp_to_nat.py',
        code="""\
import jax
import jax.numpy as jnp
from efax import GammaNP, parameter_mean

fitted = {}


@jax.jit
def fit_gamma(x):
    stats = parameter_mean(GammaNP.sufficient_statistics(x), axis=0)
    fitted["gamma"] = stats.to_nat()
    return stats.mean


data = jax.random.gamma(jax.random.key(0), 3.0, (1000,))
fit_gamma(data)
fitted["gamma"].log_pdf(jnp.array(2.0))
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=17,
        note="GammaEP.to_nat() runs a numerical root-find, so the user caches the fitted natural parameters in a global dict from inside the jitted fitting function; the cached GammaNP holds tracers and calling log_pdf on it later raises UnexpectedTracerError. Returning the GammaNP from the jitted function (JAX's message says to return outputs) fixes it; checked.",
    ),
    Case(
        id='db-efax-scipy-reference-vmap',
        source='https://github.com/NeilGirdhar/efax/blob/master/efax/_src/scipy_replacement/base.py',
        code="""\
import jax
import jax.numpy as jnp
import scipy.stats
from efax import NormalNP


def log_pdf_gap(q, x):
    p = q.to_exp()
    reference = scipy.stats.norm.logpdf(x, loc=p.mean, scale=jnp.sqrt(p.variance()))
    return q.log_pdf(x) - reference


q = NormalNP(jnp.array(0.5), jnp.array(-0.5))
xs = jnp.linspace(-3.0, 3.0, 7)
jax.vmap(log_pdf_gap, in_axes=(None, 0))(q, xs)
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Checking efax's log_pdf against scipy.stats under jax.vmap: SciPy converts the batched observation with __array__ and JAX raises TracerArrayConversionError. Using jax.scipy.stats.norm.logpdf instead fixes it; checked.",
    ),
    Case(
        id='db-efax-component-list-scan',
        source='https://github.com/NeilGirdhar/efax#representation',
        code="""\
import jax
import jax.numpy as jnp
from efax import NormalNP

components = [
    NormalNP(jnp.array(-2.0), jnp.array(-0.5)),
    NormalNP(jnp.array(0.0), jnp.array(-0.5)),
    NormalNP(jnp.array(3.0), jnp.array(-1.0)),
]


def draw_one(key, k):
    key, sub = jax.random.split(key)
    return key, components[k].sample(sub)


labels = jnp.array([0, 2, 1, 1, 2])
jax.lax.scan(draw_one, jax.random.key(0), labels)
""",
        kind='integer-conversion', argument='k', path='k', line=14,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='Mixture components are kept as a Python list of NormalNP objects and picked with a label inside lax.scan; the traced label used as a list index raises TracerIntegerConversionError. efax distributions are vectorised, so stacking the components into one batched NormalNP (jax.tree.map(jnp.stack)) and indexing it works; lax.switch also works; checked stacking.',
    ),
    Case(
        id='db-efax-mask-before-suffstats',
        source='https://github.com/NeilGirdhar/efax#important-methods',
        code="""\
import jax
import jax.numpy as jnp
from efax import ExponentialNP, parameter_mean


@jax.jit
def fit_waiting_times(t):
    observed = t[t > 0.0]
    stats = ExponentialNP.sufficient_statistics(observed)
    return parameter_mean(stats, axis=0).to_nat()


t = jnp.array([0.4, 1.3, -1.0, 0.7, 2.2, -1.0])
fit_waiting_times(t)
""",
        kind='boolean-index', argument='t', path='t', line=8,
        fixes=('jnp.where',), verifiable=False, jax_fitting_fix=False,
        note='Before maximum-likelihood fitting the user drops invalid observations with a traced boolean mask inside jit; JAX raises NonConcreteBooleanIndexError. The fix is a masked (weighted) mean of the sufficient statistics with jnp.where, which rewrites more than the failing line.',
    ),
    Case(
        id='db-efax-nb-failures-arange',
        source='https://github.com/NeilGirdhar/efax#representation',
        code="""\
import jax
import jax.numpy as jnp
from efax import NegativeBinomialEP


@jax.jit
def pmf_table(p):
    ks = jnp.arange(10 * p.failures)
    return p.to_nat().pdf(ks.astype(jnp.float32))


p = NegativeBinomialEP(jnp.array(4.0), jnp.array(3))
pmf_table(p)
""",
        kind='traced-shape', argument='p', path='p.failures', line=8,
        fixes=('static', 'numpy-for-static'), verifiable=False, jax_fitting_fix=False,
        note="The negative binomial's `failures` is a 'fixed' parameter in efax but still a traced pytree leaf, and the user sizes a pmf table with jnp.arange(10 * p.failures) inside jit; JAX raises ConcretizationTypeError (jnp.arange 'stop'). The table length has to be a static value computed outside (a static argument or a Python int); marking the whole distribution static is not possible (unhashable), so no one-line fix.",
    ),
    Case(
        id='db-tjax-rngstream-global-leak',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/rng.py',
        code="""\
import jax
import jax.numpy as jnp
from tjax import RngStream

stream = RngStream(jax.random.key(0))


@jax.jit
def add_noise(x):
    return x + 0.1 * jax.random.normal(stream.key(), x.shape)


add_noise(jnp.zeros(3))
stream.key()
""",
        kind='leaked-tracer', argument=None, path=None, line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True, use_line=14,
        note='A module-level tjax RngStream is used inside a jitted function; RngStream.key() does `self._count += 1`, so a DynamicJaxprTracer is stored on the stream object, and the next key() call outside raises UnexpectedTracerError. Pass a key in and return the new key/count (or build the stream inside from an argument) instead of mutating a global stream; needs restructuring.',
    ),
    Case(
        id='db-tjax-dynamic-field-scan-length',
        source='https://github.com/google-deepmind/chex/issues/104',
        code="""\
import jax
import jax.numpy as jnp
from tjax.dataclasses import dataclass


@dataclass
class SimConfig:
    dt: float
    n_steps: int


@jax.jit
def simulate(cfg, x0):
    def body(x, _):
        return x - cfg.dt * x, x
    _, trajectory = jax.lax.scan(body, x0, None, length=cfg.n_steps)
    return trajectory


simulate(SimConfig(dt=0.1, n_steps=50), jnp.ones(3))
""",
        kind='traced-shape', argument='cfg', path='cfg.n_steps', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A tjax dataclass config declares n_steps as an ordinary (dynamic) field, so under jit it is traced and lax.scan's length raises ConcretizationTypeError. Declaring it `n_steps: int = field(static=True)` fixes it; JAX's hint (while_loop/fori_loop) cannot produce a stacked trajectory of unknown length; checked.",
    ),
    Case(
        id='db-tjax-leaky-average-flag',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/leaky_integral.py',
        code="""\
import jax
import jax.numpy as jnp
from tjax import leaky_integrate
from tjax.dataclasses import dataclass


@dataclass
class FilterConfig:
    decay: float
    leaky_average: bool


@jax.jit
def smooth(cfg, value, drift):
    dt = jnp.asarray(0.1)
    return leaky_integrate(value, dt, drift, jnp.asarray(cfg.decay), leaky_average=cfg.leaky_average)


smooth(FilterConfig(decay=0.5, leaky_average=True), jnp.zeros(3), jnp.ones(3))
""",
        kind='bool-conversion', argument='cfg', path='cfg.leaky_average', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A boolean option is stored in a dynamic field of a tjax dataclass config and passed to tjax.leaky_integrate(leaky_average=...); tjax's own `if leaky_average:` raises TracerBoolConversionError. Declaring the field with field(static=True) fixes it; checked.",
    ),
    Case(
        id='db-tjax-adafactor-jit-argument',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/gradient/aliases.py',
        code="""\
import jax
import jax.numpy as jnp
from tjax.gradient import AdaFactor

params = {"w": jnp.ones((4, 3))}
tx = AdaFactor(learning_rate=1e-2)
state = tx.init(params)


@jax.jit
def train_step(tx, params, state):
    grads = jax.grad(lambda p: jnp.sum(p["w"] ** 2))(params)
    updates, state = tx.update(grads, state, params)
    return jax.tree.map(jnp.add, params, updates), state


train_step(tx, params, state)
""",
        kind='bool-conversion', argument='tx', path='tx.multiply_by_parameter_scale', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='tjax gradient transformations are pytrees, so passing AdaFactor into a jitted train step traces its dynamic fields, including the default multiply_by_parameter_scale=True; the optax adafactor called by tjax does `if multiply_by_parameter_scale:` and raises TracerBoolConversionError. Closing over tx or static_argnums=0 (the dataclass is hashable) fixes it; checked static_argnums.',
    ),
    Case(
        id='db-tjax-adamw-callable-mask',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/gradient/aliases.py',
        code="""\
import jax
import jax.numpy as jnp
from tjax.gradient import AdamW

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
tx = AdamW(learning_rate=1e-3, mask=lambda p: {"w": True, "b": False})
state = tx.init(params)


@jax.jit
def train_step(tx, params, state):
    grads = jax.grad(lambda p: jnp.sum(p["w"] ** 2) + p["b"])(params)
    updates, state = tx.update(grads, state, params)
    return jax.tree.map(jnp.add, params, updates), state


train_step(tx, params, state)
""",
        kind='non-array-argument', argument='tx', path='tx.mask', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="tjax's AdamW keeps `mask` as a dynamic field; given a callable mask and passed into a jitted step, the lambda becomes a pytree leaf and JAX raises TypeError ('Error interpreting argument ... as an abstract array', path tx.mask). static_argnums=0 (or closing over tx) fixes it; checked.",
    ),
    Case(
        id='db-tjax-jit-method-plain-class',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/shims.py',
        code="""\
import jax.numpy as jnp
import tjax


class Smoother:
    def __init__(self, decay):
        self.decay = decay

    @tjax.jit
    def __call__(self, value, drift):
        return tjax.leaky_integrate(value, jnp.asarray(1.0), drift, self.decay)


smoother = Smoother(jnp.asarray(0.3))
smoother(jnp.zeros(3), jnp.ones(3))
""",
        kind='non-array-argument', argument='self', path='self', line=15,
        fixes=('register-pytree', 'static'), verifiable=True, jax_fitting_fix=True,
        note="tjax.jit (a jax.jit shim meant for methods of tjax dataclasses) decorates __call__ of a plain class, so `self` is a jitted argument JAX cannot trace: TypeError ('Error interpreting argument ... as an abstract array', path self). Making the class a tjax.dataclasses.dataclass (a pytree) fixes it; static_argnums=0 also runs; checked both.",
    ),
    Case(
        id='db-tjax-schedule-math-cos',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/gradient/transforms.py',
        code="""\
import math

import jax
import jax.numpy as jnp
from tjax.gradient import SGD, Schedule


def cosine_lr(step):
    return 0.05 * 0.5 * (1.0 + math.cos(math.pi * step / 1000))


params = {"w": jnp.ones(3)}
tx = SGD(learning_rate=Schedule(cosine_lr))
state = tx.init(params)


@jax.jit
def train_step(params, state):
    grads = jax.grad(lambda p: jnp.sum(p["w"] ** 2))(params)
    updates, state = tx.update(grads, state, params)
    return jax.tree.map(jnp.add, params, updates), state


train_step(params, state)
""",
        kind='concretization', argument='step', path='step', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A cosine learning-rate schedule wrapped in tjax's Schedule uses math.cos; optax calls it with the traced step count inside the jitted update, and math.cos calls float() on it, raising ConcretizationTypeError. jnp.cos/jnp.pi fix it; checked.",
    ),
    Case(
        id='db-tjax-static-config-list-field',
        source='https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/dataclasses/dataclass.py',
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
from tjax.dataclasses import dataclass


@dataclass
class MLPConfig:
    hidden_sizes: list
    activation: str = "tanh"


@partial(jax.jit, static_argnames="cfg")
def init_params(cfg, key):
    keys = jax.random.split(key, len(cfg.hidden_sizes))
    return [jax.random.normal(k, (n,)) for k, n in zip(keys, cfg.hidden_sizes)]


init_params(MLPConfig(hidden_sizes=[32, 32]), jax.random.key(0))
""",
        kind='unhashable-static', argument='cfg', path='cfg.hidden_sizes', line=20,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A frozen tjax dataclass config is passed as a static argument; its generated __hash__ hashes the list field and JAX raises ValueError ('Non-hashable static arguments are not supported'). Using a tuple for hidden_sizes fixes it; checked.",
    ),
]
