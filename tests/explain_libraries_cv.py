"""Held-out library cases (set v): jaxcam, jaxsne, jaxmesh.

How they were built: each cell is my own minimal reduction of a way these libraries are
used (their READMEs, API docstrings and the contracts they state: jaxsne's "metrics and
measures must be jit-able / treat the last axis as the point", jaxcam's Camera pytree with
static projection options, jaxmesh's README pipeline grid -> field -> marching_tetrahedra).
None of the three projects has public issue threads about tracing errors that I could find
(the issue corpus has nothing for google/jaxcam, hafaio/jaxsne or Chiark-Collective/jax-mesh),
so every `source` is the README / docs page or the documented source file of the API the
cell exercises. The library source was read to find the places it needs Python values
(jaxcam: get_pixel_centers/get_rays_from_camera use jnp.arange/int on image sizes,
Camera.create branches on is_fisheye; jaxsne: metric/measure are static_argnames of its
jitted objective and are traced under jit/grad/vmap/while_loop; jaxmesh: mesh constructors
call .item()/float(), marching_tetrahedra jits with level static, TET_EDGES is a tuple).
Each cell was run as a file with /tmp/heldout50/venv_cv/bin/python: every statement but the
last runs cleanly and the last raises; `line`/`use_line` were checked against the deepest
frame of the cell file in the traceback; each first fix was applied by hand and re-run.

Installed (venv made with --system-site-packages): jaxcam 0.3.0, jaxsne 0.3.1,
jaxmesh 0.2.0 (its __version__ still says 0.1.0), with jax 0.10.2 / jaxlib 0.10.2,
flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6, scipy 1.17.1 (as on the machine).
Interpreter: CPython 3.11.7, CPU backend.
64-bit mode: none of the three libraries turns jax_enable_x64 on (checked after import and
after use). jaxmesh asks for float64 in many places (jnp.asarray(..., dtype=jnp.float64)),
so with x64 off it emits "Explicitly requested dtype float64" UserWarnings and works in
float32; no case depends on that. jaxsne calls scipy.optimize.minimize(trust-constr) and
raises RuntimeError when it does not converge; the jaxsne cells use 40 points so that the
clean statements and the fixed cells converge in a few seconds.
Dropped: nothing; all three first-choice candidates installed and imported (diffjeom, the
alternate, was not needed). Drafts dropped along the way: a jaxsne metric with `if` on the
whole distance vector (JAX raises a plain ValueError about ambiguous truth value, not a
tracer error), a jaxsne measure using float(jnp.median(d)) as a bandwidth (the astype fix
makes the measure scale-invariant and the perplexity search then fails to converge), and a
jitted jaxmesh.triangle_edge_intersections (the function is not traceable at all, so no fix
from the vocabulary applies).

Doubts about labels:
- v-jaxcam-rays-traced-camera: the first fix is "move get_rays_from_camera out of the
  jitted function and pass the Rays pytree" (a small refactor, not a static_argnames edit:
  Camera is unhashable, and closing over it still fails because jaxcam stages int() on it);
  I filed it under `static` ("moving it out of the traced arguments"); verifiable=False is
  also defensible since it is more than a one-line edit. The kind could be read as
  concretization (JAX's class is ConcretizationTypeError), but the value is an array extent.
- v-jaxcam-create-fisheye-flag: bool-conversion (a Python `if` inside jaxcam); it is also a
  "configuration must be static" case, and fixing it by passing fisheye as a separate static
  argument instead of marking the whole cfg static is equally good.
- v-jaxcam-visible-mask-vmap: both listed fixes change the output from a ragged list to a
  fixed-shape array; a ragged result is impossible under vmap anyway.
- v-jaxcam-numpy-prior-grad: path could be argued as the whole `camera`; the np call only
  touches camera.position.
- v-jaxcam-range-num-steps: `static` could come first (it keeps the unrolled loop and
  reverse-mode differentiability; fori_loop with a traced bound becomes a while_loop).
- v-jaxsne-capped-metric-if: jnp.minimum(dist, 3.0) is the most idiomatic rewrite; it is
  array-level like jnp.where but not the builtin-min case of `jnp-not-builtin`.
- v-jaxsne-measure-math-pow: math.pow -> jnp.power is labelled `jnp-not-np` (math, not
  numpy); JAX's message points at astype, which would not help.
- v-jaxsne-dataclass-metric and v-jaxmesh-level-array-static: no user function is traced;
  the library jits its own function with the value as a static argument. I named the
  library keyword the user passed (out_metric, level); `None` is defensible.
- v-jaxsne-leak-distance-log: no fix in the vocabulary keeps the cell's final statement;
  `jax.debug.print` (or jax.debug.callback) is the practical one, `return-value` is not
  possible because jaxsne consumes the metric's return value.
- v-jaxsne-trimmed-metric-slice: argument None because `keep` only depends on a static shape
  (jnp made it a tracer); `left` is defensible as the parameter whose shape it reads.
- v-jaxmesh-tetmesh-inside-jit: argument None because the failing .item() is on the
  closed-over simplices (staged by jit); `vertices` is defensible because the next check
  (volumes) depends on it. The fix "build the mesh outside jit" is filed as `static`.
- v-jaxmesh-locate-int-index: the cleanest fix is simply dropping int(); `astype` is the
  vocabulary item closest to it (and what JAX suggests).
- v-jaxmesh-tet-edges-index: the fix is turning a Python tuple table into a jnp array;
  `jnp-not-np` is the nearest vocabulary item, `lax.switch` would also work but is clumsy.
- v-jaxmesh-mesh-as-jit-arg: `register-pytree` is a valid alternative but must bypass
  TetMesh.__post_init__ (it calls .item()), so closure is listed first.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='v-jaxcam-rays-traced-camera',
        source='https://github.com/google/jaxcam/blob/main/jaxcam/_src/rays.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcam

camera = jaxcam.Camera.create(
    position=jnp.array([0.0, 0.0, -4.0]),
    image_size=jnp.array([32, 24]),
    focal_length=jnp.array(30.0),
)
weights = jnp.ones((3,))
target = jnp.zeros((24, 32))

@jax.jit
def render_loss(weights, camera, target):
    rays = jaxcam.get_rays_from_camera(camera)
    pred = rays.directions @ weights
    return jnp.mean((pred - target) ** 2)

render_loss(weights, camera, target)
""",
        kind='traced-shape', argument='camera', path='camera.image_size', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A Camera pytree passed into a jitted NeRF-style loss; jaxcam.get_rays_from_camera builds the pixel grid with jnp.arange(image_size[0]) (and int(image_size[1])), so the traced image size is needed as a static extent: ConcretizationTypeError raised inside jaxcam. Closing over the camera is not enough (the library stages int() on it too); the fix is to take the call out of the traced function: build the rays outside jit and pass the Rays pytree in. Checked.',
    ),
    Case(
        id='v-jaxcam-pixel-centers-size',
        source='https://github.com/google/jaxcam/blob/main/jaxcam/_src/camera.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcam

camera = jaxcam.Camera.create(
    image_size=jnp.array([640, 480]),
    focal_length=jnp.array(500.0),
)

@jax.jit
def preview_rays(camera, width, height):
    pixels = jaxcam.get_pixel_centers(width, height)
    return jaxcam.pixels_to_rays(camera, pixels)

preview_rays(camera, 64, 48)
""",
        kind='traced-shape', argument='width', path='width', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Preview rendering at a user-chosen resolution: jaxcam.get_pixel_centers(width, height) calls jnp.arange on the jit-traced width, so JAX raises ConcretizationTypeError ('jnp.arange argument stop') inside jaxcam. Marking width/height static (static_argnames) fixes it; checked.",
    ),
    Case(
        id='v-jaxcam-look-at-convention',
        source='https://github.com/google/jaxcam/blob/main/jaxcam/_src/camera.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcam

camera = jaxcam.Camera.create(image_size=jnp.array([128, 128]))
up = jnp.array([0.0, 1.0, 0.0])

@jax.jit
def orbit(camera, angle, convention):
    eye = 4.0 * jnp.array([jnp.sin(angle), 0.0, jnp.cos(angle)])
    return jaxcam.look_at(camera, eye, jnp.zeros(3), up,
                          camera_convention=convention)

orbit(camera, 0.3, 'opengl')
""",
        kind='non-array-argument', argument='convention', path='convention', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The camera_convention option of jaxcam.look_at ('opengl'/'opencv') is threaded through a jitted orbit function as an ordinary argument; jit cannot abstract a str and raises TypeError (non-array argument) at the call. JAX's message itself says to mark it static; static_argnames='convention' checked.",
    ),
    Case(
        id='v-jaxcam-create-fisheye-flag',
        source='https://github.com/google/jaxcam/blob/main/jaxcam/_src/camera.py',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
import jaxcam

class LensConfig(NamedTuple):
    focal: float
    fisheye: bool

points = jax.random.normal(jax.random.key(0), (10, 3)) + jnp.array([0.0, 0.0, 5.0])

@jax.jit
def project_with(cfg, points):
    cam = jaxcam.Camera.create(image_size=jnp.array([64, 48]),
                               focal_length=jnp.asarray(cfg.focal),
                               is_fisheye=cfg.fisheye)
    return jaxcam.project(cam, points)

project_with(LensConfig(focal=40.0, fisheye=True), points)
""",
        kind='bool-conversion', argument='cfg', path='cfg.fisheye', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A NamedTuple lens config is a pytree, so its bool fisheye leaf is traced; Camera.create does `if is_fisheye:` to pick the (static) projection_type, and JAX raises TracerBoolConversionError inside jaxcam. Marking cfg static (hashable NamedTuple of Python scalars) keeps the option a Python value; checked.',
    ),
    Case(
        id='v-jaxcam-static-camera',
        source='https://github.com/google/jaxcam/blob/main/jaxcam/_src/camera.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jaxcam

camera = jaxcam.Camera.create(
    position=jnp.array([0.0, 0.0, -5.0]),
    image_size=jnp.array([64, 64]),
    focal_length=jnp.array(60.0),
)
points = jax.random.normal(jax.random.key(1), (100, 3))

@partial(jax.jit, static_argnames='camera')
def to_pixels(points, camera):
    return jaxcam.project(camera, points)

to_pixels(points, camera)
""",
        kind='unhashable-static', argument='camera', path='camera', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The user marks the Camera static thinking it is configuration; Camera is a frozen flax struct dataclass whose generated __hash__ hashes its jax Array fields, so jit raises ValueError 'Non-hashable static arguments are not supported'. Camera is already a pytree (projection_type is its static field), so just pass it traced; checked.",
    ),
    Case(
        id='v-jaxcam-visible-mask-vmap',
        source='https://github.com/google/jaxcam',
        code="""\
import jax
import jax.numpy as jnp
import jaxcam

camera = jaxcam.Camera.create(
    position=jnp.array([0.0, 0.0, -3.0]),
    image_size=jnp.array([64, 64]),
    focal_length=jnp.array(40.0),
)
frames = jax.random.normal(jax.random.key(2), (5, 50, 3))

def visible_pixels(points, camera):
    px = jaxcam.project(camera, points)
    inside = jnp.all((px >= 0) & (px < camera.image_size), axis=-1)
    return px[inside]

jax.vmap(visible_pixels, in_axes=(0, None))(frames, camera)
""",
        kind='boolean-index', argument='points', path='points', line=15,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Keeping only projected pixels that land inside camera.image_size with px[inside], vmapped over frames of points: the mask is a BatchTracer so JAX raises NonConcreteBooleanIndexError. Fixed-shape output with jnp.where (NaN for invisible pixels) or jnp.nonzero(..., size=N) padding; jnp.where checked.',
    ),
    Case(
        id='v-jaxcam-leak-camera-list',
        source='https://github.com/google/jaxcam',
        code="""\
import jax
import jax.numpy as jnp
import jaxcam

points = jax.random.normal(jax.random.key(0), (16, 3))
observed = jnp.full((16, 2), 32.0)
seen_cameras = []

@jax.jit
def reprojection_error(position):
    cam = jaxcam.Camera.create(position=position, image_size=jnp.array([64, 64]),
                               focal_length=jnp.array(50.0))
    seen_cameras.append(cam)
    return jnp.mean((jaxcam.project(cam, points) - observed) ** 2)

err, grad = jax.value_and_grad(reprojection_error)(jnp.array([0.0, 0.0, -5.0]))
jaxcam.project(seen_cameras[-1], points)
""",
        kind='leaked-tracer', argument='position', path='position', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=17,
        note="The Camera built from the traced position inside a jitted (and value_and_grad-ed) reprojection error is appended to a global list for later visualisation; projecting it afterwards raises UnexpectedTracerError. Return the camera as an aux output (has_aux=True) instead, as JAX's message says; checked.",
    ),
    Case(
        id='v-jaxcam-numpy-prior-grad',
        source='https://github.com/google/jaxcam',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jaxcam

camera = jaxcam.Camera.create(position=jnp.array([0.1, 0.0, -5.0]),
                              image_size=jnp.array([64, 64]),
                              focal_length=jnp.array(50.0))
points = jax.random.normal(jax.random.key(3), (20, 3))
observed = jaxcam.project(camera, points) + 0.5

def loss(camera, points, observed):
    reproj = jnp.mean((jaxcam.project(camera, points) - observed) ** 2)
    prior = np.linalg.norm(camera.position - np.array([0.0, 0.0, -5.0]))
    return reproj + 0.1 * prior

value, grads = jax.value_and_grad(loss)(camera, points, observed)
""",
        kind='array-conversion', argument='camera', path='camera.position', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Camera-pose refinement with jax.value_and_grad over the Camera pytree; a position prior written with np.linalg.norm calls __array__ on the JVP tracer of camera.position and JAX raises TracerArrayConversionError. Use jnp.linalg.norm / jnp.array; checked.',
    ),
    Case(
        id='v-jaxcam-range-num-steps',
        source='https://github.com/google/jaxcam/blob/main/jaxcam/_src/camera.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxcam

camera = jaxcam.Camera.create(position=jnp.array([0.2, -0.1, -5.0]),
                              image_size=jnp.array([64, 64]),
                              focal_length=jnp.array(50.0))
points = jax.random.normal(jax.random.key(4), (30, 3))
observed = jaxcam.project(camera.replace(position=jnp.array([0.0, 0.0, -5.0])), points)

@jax.jit
def refine_position(camera, num_steps):
    def err(pos):
        px = jaxcam.project(camera.replace(position=pos), points)
        return jnp.mean((px - observed) ** 2)
    pos = camera.position
    for _ in range(num_steps):
        pos = pos - 1e-3 * jax.grad(err)(pos)
    return pos

refine_position(camera, 20)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=17,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A jitted gradient-descent refinement of the camera position loops `for _ in range(num_steps)` with num_steps passed as a traced argument; range() calls __index__ and JAX raises TracerIntegerConversionError. lax.fori_loop with the traced bound (checked) or static_argnames='num_steps'.",
    ),
    Case(
        id='v-jaxsne-capped-metric-if',
        source='https://github.com/hafaio/jaxsne/blob/main/jaxsne/metric.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxsne

def capped_distance(a, b):
    dist = jnp.sqrt(jnp.sum((a - b) ** 2) + 1e-12)
    if dist > 3.0:
        return 3.0
    return dist

capped_euclidean = jnp.vectorize(capped_distance, signature='(d),(d)->()')
data = jax.random.normal(jax.random.key(0), (40, 5))
jaxsne.sne(data, perplexity=10, out_metric=capped_euclidean)
""",
        kind='bool-conversion', argument='a', path='a', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A per-pair capped distance written with Python `if`, vectorised with jnp.vectorize to satisfy jaxsne's 'last axis is the point' rule and passed as out_metric; jaxsne traces it under its own jax.jit/jax.grad objective, so JAX raises TracerBoolConversionError. jnp.where(dist > 3.0, 3.0, dist) (checked) or lax.cond.",
    ),
    Case(
        id='v-jaxsne-measure-math-pow',
        source='https://github.com/hafaio/jaxsne/blob/main/jaxsne/measure.py',
        code="""\
import math
import jax
import jax.numpy as jnp
import jaxsne

def student_t3(d):
    return math.pow(1.0 + d * d / 3.0, -2.0)

data = jax.random.normal(jax.random.key(0), (40, 5))
jaxsne.sne(data, perplexity=10, out_measure=jnp.vectorize(student_t3))
""",
        kind='concretization', argument='d', path='d', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A scalar Student-t measure written with math.pow and wrapped in jnp.vectorize as out_measure; inside jaxsne's jitted objective math.pow calls float() on the tracer and JAX raises ConcretizationTypeError. Use jnp.power; JAX's astype hint does not apply. Checked.",
    ),
    Case(
        id='v-jaxsne-numpy-geodesic',
        source='https://github.com/hafaio/jaxsne/blob/main/jaxsne/metric.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jaxsne

def great_circle(left, right):
    left = left / np.linalg.norm(left, axis=-1, keepdims=True)
    right = right / np.linalg.norm(right, axis=-1, keepdims=True)
    cos = np.clip(np.sum(left * right, axis=-1), -1.0, 1.0)
    return np.arccos(cos)

data = jax.random.normal(jax.random.key(0), (40, 5))
jaxsne.sne(data, n_components=3, perplexity=10, out_metric=great_circle)
""",
        kind='array-conversion', argument='left', path='left', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A great-circle out_metric written with NumPy (np.linalg.norm/np.clip/np.arccos); jaxsne traces the metric inside its jitted objective and np.linalg.norm raises TracerArrayConversionError. Switch to jnp; checked.',
    ),
    Case(
        id='v-jaxsne-dataclass-metric',
        source='https://github.com/hafaio/jaxsne',
        code="""\
from dataclasses import dataclass
import jax
import jax.numpy as jnp
import jaxsne

@dataclass
class Minkowski:
    p: float = 3.0

    def __call__(self, left, right):
        return (jnp.abs(left - right) ** self.p).sum(-1) ** (1.0 / self.p)

data = jax.random.normal(jax.random.key(0), (40, 5))
jaxsne.scaling(data, out_metric=Minkowski(p=3.0))
""",
        kind='unhashable-static', argument='out_metric', path='out_metric', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A parametrised Minkowski metric as a plain (eq=True, unfrozen) dataclass with __call__; jaxsne passes the metric as a static_argname of its jitted objective, hashing fails, and JAX raises ValueError 'Non-hashable static arguments are not supported' from inside jaxsne.scaling. @dataclass(frozen=True) makes it hashable; checked.",
    ),
    Case(
        id='v-jaxsne-leak-distance-log',
        source='https://github.com/hafaio/jaxsne/blob/main/jaxsne/metric.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxsne

dist_log = []

def logged_euclidean(left, right):
    d = jnp.sqrt(jnp.sum((left - right) ** 2, -1))
    dist_log.append(d)
    return d

data = jax.random.normal(jax.random.key(0), (40, 5))
emb = jaxsne.scaling(data, out_metric=logged_euclidean)
print(jnp.max(dist_log[-1]))
""",
        kind='leaked-tracer', argument='left', path='left', line=9,
        fixes=('jax.debug.print',), verifiable=False, jax_fitting_fix=False,
        use_line=14,
        note="An out_metric that appends its distances to a global list for monitoring; jaxsne traces it under jit, so the list holds tracers and using one after scaling() raises UnexpectedTracerError. The metric's return value belongs to jaxsne, so 'return it' is not available: print/inspect with jax.debug.print (or jax.debug.callback). Checked that debug.print runs, but the final use of the list cannot stay as written.",
    ),
    Case(
        id='v-jaxsne-trimmed-metric-slice',
        source='https://github.com/hafaio/jaxsne/blob/main/jaxsne/metric.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxsne

def trimmed_manhattan(left, right):
    diffs = jnp.sort(jnp.abs(left - right), axis=-1)
    keep = jnp.ceil(0.8 * left.shape[-1]).astype(int)
    return diffs[..., :keep].sum(-1)

data = jax.random.normal(jax.random.key(0), (40, 5))
jaxsne.scaling(data, out_metric=trimmed_manhattan)
""",
        kind='traced-shape', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="A trimmed Manhattan out_metric computes how many coordinates to keep with jnp.ceil(...).astype(int); inside jaxsne's jit that count is a tracer and the slice diffs[..., :keep] raises IndexError ('Slice entries must be static integers'). It depends only on a static shape: compute it with math.ceil; checked.",
    ),
    Case(
        id='v-jaxsne-jit-pairwise-metric',
        source='https://github.com/hafaio/jaxsne',
        code="""\
import jax
import jax.numpy as jnp
import jaxsne

@jax.jit
def pairwise(points, metric):
    return metric(points[:, None], points[None])

data = jax.random.normal(jax.random.key(0), (40, 5))
emb = jaxsne.scaling(data, out_metric=jaxsne.metric.cosine)
pairwise(emb, jaxsne.metric.cosine)
""",
        kind='non-array-argument', argument='metric', path='metric', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jitted helper computing the pairwise distance matrix of the embedding receives jaxsne.metric.cosine as an argument; a function is not a valid JAX type and jit raises TypeError at the call. Mark metric static (jitted functions are hashable), as JAX's message suggests; checked.",
    ),
    Case(
        id='v-jaxsne-truncated-measure-mask',
        source='https://github.com/hafaio/jaxsne/blob/main/jaxsne/measure.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxsne

def truncated_gaussian(dists):
    weights = jnp.exp(-dists ** 2)
    return weights.at[dists > 3.0].set(1e-8)

data = jax.random.normal(jax.random.key(0), (40, 5))
jaxsne.sne(data, perplexity=10, in_measure=truncated_gaussian)
""",
        kind='boolean-index', argument='dists', path='dists', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A truncated Gaussian in_measure floors far weights with weights.at[dists > 3.0].set(...); jaxsne calls the measure under vmap/while_loop/jit while calibrating perplexity, and the traced boolean index raises NonConcreteBooleanIndexError. jnp.where(dists > 3.0, 1e-8, weights); checked.',
    ),
    Case(
        id='v-jaxmesh-tetmesh-inside-jit',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

cube = jnp.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                  [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=float)
tets = jaxmesh.HexMesh(cube, jnp.arange(8)[None]).to_tetmesh().simplices
points = jnp.array([[0.2, 0.1, 0.1], [0.5, 0.5, 0.5]])

@jax.jit
def barycentric(vertices, points):
    mesh = jaxmesh.TetMesh(vertices, tets)
    return mesh.barycentric_coordinates(0, points)

barycentric(cube, points)
""",
        kind='concretization', argument=None, path=None, line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Building a jaxmesh.TetMesh inside a jitted function: its __post_init__ validates indices with jnp.any(simplices < 0).item(), and under jit even the closed-over simplices become a tracer, so JAX raises ConcretizationTypeError (item()) from inside jaxmesh, independent of the arguments. Build the mesh outside and close over it; checked.',
    ),
    Case(
        id='v-jaxmesh-locate-int-index',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

cube = jnp.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                  [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=float)
mesh = jaxmesh.HexMesh(cube, jnp.arange(8)[None]).to_tetmesh()
centroids = mesh.vertices[mesh.simplices].mean(axis=1)

@jax.jit
def locate(point):
    nearest = int(jnp.argmin(jnp.linalg.norm(centroids - point, axis=-1)))
    return nearest, mesh.barycentric_coordinates(nearest, point)

locate(jnp.array([0.2, 0.1, 0.1]))
""",
        kind='concretization', argument='point', path='point', line=12,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='Point location: the nearest tetrahedron index is wrapped in int() because TetMesh.barycentric_coordinates is annotated with simplex_index: int; under jit int() of the traced argmin raises ConcretizationTypeError. The method indexes with jnp, so keeping an integer array (.astype(int), as JAX suggests, or dropping int()) works; checked.',
    ),
    Case(
        id='v-jaxmesh-tet-edges-index',
        source='https://github.com/Chiark-Collective/jax-mesh',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

tet_verts = jnp.array([[0.0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])
tet_vals = jnp.array([-0.5, 0.5, 0.25, 0.75])

def edge_point(edge_id):
    i, j = jaxmesh.TET_EDGES[edge_id]
    t = tet_vals[i] / (tet_vals[i] - tet_vals[j])
    return tet_verts[i] + t * (tet_verts[j] - tet_verts[i])

jax.vmap(edge_point)(jnp.arange(6))
""",
        kind='integer-conversion', argument='edge_id', path='edge_id', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Vectorising a level-set crossing over the six tetrahedron edges: jaxmesh.TET_EDGES is a Python tuple, and indexing it with the vmapped edge_id raises TracerIntegerConversionError. Turn the table into an array (jnp.asarray(jaxmesh.TET_EDGES)[edge_id]); checked.',
    ),
    Case(
        id='v-jaxmesh-level-array-static',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax.numpy as jnp
import jaxmesh

x = jnp.linspace(-1.0, 1.0, 12)
coords = jaxmesh.rectilinear_grid(x, x, x)
field = jnp.linalg.norm(coords, axis=-1)
mesh = jaxmesh.marching_tetrahedra(field, coords, level=jnp.median(field))
""",
        kind='unhashable-static', argument='level', path='level', line=7,
        fixes=('hashable-static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="marching_tetrahedra passes level as a static argument of its internal jit (static_argnums=(2,)) inside a vmap; a jnp.median(...) Array is unhashable and JAX raises ValueError 'Non-hashable static arguments are not supported' from inside jaxmesh. Pass a Python float (float(...)) or compute it with NumPy; float() checked.",
    ),
    Case(
        id='v-jaxmesh-mesh-as-jit-arg',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

cube = jnp.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                  [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=float)
mesh = jaxmesh.HexMesh(cube, jnp.arange(8)[None]).to_tetmesh()
points = jnp.array([[0.2, 0.1, 0.1], [0.5, 0.5, 0.5]])

@jax.jit
def barycentric(mesh, points):
    return mesh.barycentric_coordinates(0, points)

barycentric(mesh, points)
""",
        kind='non-array-argument', argument='mesh', path='mesh', line=14,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=False,
        note="A jaxmesh.TetMesh (plain frozen dataclass, not a pytree) passed to a jitted function: TypeError 'Error interpreting argument ... as an abstract array'. JAX suggests static_argnames, but TetMesh hashes its Array fields and fails, so the fitting fix is to close over the mesh (or register it as a pytree); closure checked.",
    ),
    Case(
        id='v-jaxmesh-inside-test-scan',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

tri = jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
queries = jax.random.uniform(jax.random.key(0), (8, 2))

def count_inside(count, p):
    w = jaxmesh.triangle_barycentric_weights(tri, p)
    if jnp.all(w >= 0):
        count = count + 1
    return count, w

jax.lax.scan(jax.checkpoint(count_inside), 0, queries)
""",
        kind='bool-conversion', argument='p', path='p', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Counting query points inside a triangle with a checkpointed lax.scan body that does `if jnp.all(w >= 0):` on jaxmesh.triangle_barycentric_weights; JAX raises TracerBoolConversionError and its hint about checkpoint static_argnums does not fit (p is data). jnp.where on the counter (checked) or lax.cond.',
    ),
    Case(
        id='v-jaxmesh-leak-weight-cache',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

tet = jnp.array([[0.0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])
vals = jnp.array([1.0, 2.0, 3.0, 4.0])
weight_cache = {}

def interpolate(point):
    w = jaxmesh.tetra_barycentric_weights(tet, point)
    weight_cache['last'] = w
    return w @ vals

jax.vmap(interpolate)(jnp.full((5, 3), 0.2))
weight_cache['last'].sum()
""",
        kind='leaked-tracer', argument='point', path='point', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=15,
        note='Barycentric weights from jaxmesh.tetra_barycentric_weights are stashed in a module-level dict inside a vmapped interpolation; reading them afterwards raises UnexpectedTracerError (leaked BatchTracer). Return the weights as a second output; checked.',
    ),
    Case(
        id='v-jaxmesh-grid-resolution',
        source='https://pypi.org/project/jaxmesh/',
        code="""\
import jax
import jax.numpy as jnp
import jaxmesh

@jax.jit
def sphere_field(radius, resolution):
    x = jnp.linspace(-1.0, 1.0, resolution)
    coords = jaxmesh.rectilinear_grid(x, x, x)
    return jnp.linalg.norm(coords, axis=-1) - radius

sphere_field(0.5, 24)
""",
        kind='traced-shape', argument='resolution', path='resolution', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Building the rectilinear_grid for a sphere SDF from jnp.linspace(-1, 1, resolution) inside jit: the traced resolution is a size, so JAX raises ConcretizationTypeError ('num' argument of jnp.linspace). static_argnames='resolution'; checked.",
    ),
]
