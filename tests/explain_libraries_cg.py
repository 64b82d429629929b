"""Held-out library cases (set G): visu3d (with dataclass-array), tokamax, ejkernel.

How they were built: every cell is my own reduction of a usage pattern shown in
the library's README / docs page or its public API source (no issue threads
about tracing errors exist for these libraries in the searchable corpus, so
each `source` is the doc page or the source file of the API exercised).  Each
cell was written to a file and run with /tmp/heldout43/venv_g/bin/python
(CPython 3.11.7, CPU only); every statement but the last runs, the last raises,
and `line`/`use_line` were read off the traceback frames inside the cell file.
Each first fix was applied by hand to the cell and re-run without error.

Installed (venv_g, --system-site-packages): jax 0.10.2, jaxlib 0.10.2,
flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6, visu3d 1.5.3,
dataclass_array 1.5.2, tokamax 0.0.12, ejkernel 0.0.80.3.  Environment
notes: visu3d 1.5.3 does not import with etils 1.15 (it uses the removed
`epy.backports`), so etils 1.7.0 was installed in the venv only; tokamax
pulled typeguard 2.13.3 into the venv.  ejkernel prints autotuning tracebacks
to stderr before the final exception in the flash_attention cases; that is
library logging, the final exception is the one recorded.

Dropped: jaxkineticmodel (0.0.4 pins jax==0.4.35, cannot install with the
jax 0.10.2 pin); microjax (the PyPI `microjax` 0.1.0 is a pure-Python
micrograd-style package that does not use JAX at all).  Replaced by the listed
alternates tokamax and ejkernel.

Doubts about labels:
- g-visu3d-traced-resolution: both h and w are traced; JAX's message names w
  (the first jnp.arange that fails), so argument='w'; 'h' is defensible.
- g-dca-ndarray-static-field: the ValueError is raised at jit dispatch (cache
  key comparison) rather than during tracing; 'hashable-static' (a tuple) should also
  work but needs the function body changed too (not run).  jax_fitting_fix=True because
  the message says arrays cannot be metadata fields; False is defensible.
- g-dca-reshape-jnp-side: argument=None because the value comes from a static
  shape made traced by jnp; 'points' is defensible as the argument.
- g-tokamax-traced-is-causal, g-tokamax-config-scale-field,
  g-tokamax-layer-norm-eps-checkpoint: the library (pydantic serialisation or
  jaxtyping type check) raises, not JAX; 'concretization' chosen as "library
  needs a Python value"; 'bool-conversion' is defensible for the causal flag.
  For the config case soft_cap is also traced; path names the first leaf checked.
- g-tokamax-group-sizes-traced-repr: the exception surfaces at the ragged_dot
  call (line 9) although the traced representative value is given on line 8;
  'concretization' is defensible since tokamax wants Python ints.
- g-tokamax-group-sizes-int-total and g-ejkernel-int-of-cu-seqlens: JAX raises
  ConcretizationTypeError for int(); labelled integer-conversion per the kind
  definition; 'concretization' is defensible.
- g-ejkernel-traced-causal-flag, g-ejkernel-config-sliding-window: JAX's message
  is the "Non-hashable static arguments" one (a tracer reached ejkernel's inner
  static argument), so 'unhashable-static' is defensible for both; I labelled
  the flag 'concretization' and the window size 'traced-shape' because the
  real cause is a traced Python option and the fix is 'static', not a hashable type.
- g-ejkernel-traced-max-q-len: JAX raises TracerBoolConversionError inside
  ejkernel; labelled traced-shape because max_q_len is a mask size.
- g-ejkernel-if-is-multi-sequence: lax.cond avoids computing both attention
  variants and some would put it first; jnp.where keeps the result.
- g-ejkernel-maskinfo-cached-mask-leak: the leak is stored by the library
  (lazy cache on MaskInfo), so line points at the user line that triggered it;
  the fix vocabulary has no exact entry: 'not-static' (pass the MaskInfo as a
  traced argument) was chosen; materialising the mask before jit
  ('return-value'-like) is also acceptable.  argument=None since the leaked mask
  depends on no parameter of the jitted function.
- g-visu3d-camera-list-traced-index: stacking the cameras with dca.stack and
  indexing the stacked DataclassArray is the idiomatic array-level fix but has
  no vocabulary entry; 'static' is listed first.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='g-visu3d-traced-resolution',
        source='https://github.com/google-research/visu3d#readme',
        code="""\
import jax
import jax.numpy as jnp
import visu3d as v3d


@jax.jit
def pixel_grid(focal, h, w):
    spec = v3d.PinholeCamera.from_focal(resolution=(h, w), focal_in_px=focal)
    return spec.px_centers()


pixel_grid(50.0, 32, 48)
""",
        kind='traced-shape', argument='w', path='w', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="CameraSpec.resolution is a static (h, w) field; building PinholeCamera.from_focal from jit arguments makes it traced and px_centers() fails in jnp.arange with a ConcretizationTypeError (re-raised by visu3d with an 'Error in CameraSpec.px_centers' prefix). Fix: static_argnames=('h', 'w'); checked.",
    ),
    Case(
        id='g-dca-vectorize-method-if',
        source='https://github.com/google-research/dataclass_array#readme',
        code="""\
import jax.numpy as jnp
import dataclass_array as dca
from etils.array_types import f32


class Particle(dca.DataclassArray):
    pos: f32['*shape 3']
    mass: f32['*shape']

    @dca.vectorize_method
    def energy_proxy(self):
        if self.mass > 0:
            return self.mass * jnp.sum(self.pos ** 2)
        return jnp.zeros(())


particles = Particle(pos=jnp.ones((5, 3)), mass=jnp.linspace(-1.0, 1.0, 5))
particles.energy_proxy()
""",
        kind='bool-conversion', argument='self', path='self.mass', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="@dca.vectorize_method runs the method under jax.vmap over the batch shape, so a Python `if` on an array field sees a BatchTracer: TracerBoolConversionError (prefixed 'Error in Particle.energy_proxy'). jnp.where over both branches keeps the result; checked.",
    ),
    Case(
        id='g-dca-ndarray-static-field',
        source='https://github.com/google-research/dataclass_array#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import dataclass_array as dca
from etils.array_types import f32


class Gaussians(dca.DataclassArray):
    mean: f32['*shape 3']
    axis_weights: np.ndarray


@jax.jit
def weighted_spread(g):
    return jnp.sum(g.mean * g.axis_weights)


weighted_spread(Gaussians(mean=jnp.zeros((4, 3)), axis_weights=np.ones(3, np.float32)))
weighted_spread(Gaussians(mean=jnp.ones((4, 3)), axis_weights=np.ones(3, np.float32)))
""",
        kind='unhashable-static', argument='g', path='g.axis_weights', line=19,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=True,
        note="A DataclassArray field annotated np.ndarray is a static field (pytree metadata), so the second jit call compares two arrays in the cache key and JAX raises ValueError ('arrays cannot be passed as metadata fields'). Declaring it as an array field (f32['*shape 3'] with broadcast=True) fixes it; checked.",
    ),
    Case(
        id='g-dca-reshape-jnp-side',
        source='https://github.com/google-research/dataclass_array#readme',
        code="""\
import jax
import jax.numpy as jnp
import visu3d as v3d


@jax.jit
def to_grid(points):
    side = jnp.sqrt(points.shape[0]).astype(jnp.int32)
    return points.reshape((side, side))


to_grid(v3d.Point3d(p=jnp.zeros((64, 3))))
""",
        kind='traced-shape', argument=None, path=None, line=9,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="The grid side is computed with jnp.sqrt of a static shape, which makes it a tracer under jit, and DataclassArray.reshape then fails with TypeError 'Shapes must be 1D sequences of concrete values'. Computing it in plain Python (int(n ** 0.5)) fixes it; checked.",
    ),
    Case(
        id='g-visu3d-from-focal-numpy-xnp',
        source='https://github.com/google-research/visu3d/blob/main/visu3d/dc_arrays/camera_spec.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import visu3d as v3d


def reprojection_loss(focal, points_cam, target_px):
    spec = v3d.PinholeCamera.from_focal(resolution=(64, 64), focal_in_px=focal, xnp=np)
    px = spec.px_from_cam @ points_cam
    return jnp.mean((px - target_px) ** 2)


pts = jnp.array([[0.1, -0.2, 2.0], [0.3, 0.1, 3.0]])
target = jnp.array([[30.0, 28.0], [36.0, 33.0]])
jax.grad(reprojection_loss)(40.0, pts, target)
""",
        kind='array-conversion', argument='focal', path='focal', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='from_focal(xnp=np) builds K with np.asarray, so differentiating w.r.t. the focal length under jax.grad raises TracerArrayConversionError inside visu3d. Passing xnp=jnp fixes it; checked.',
    ),
    Case(
        id='g-visu3d-np-norm-in-loss',
        source='https://github.com/google-research/visu3d#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import visu3d as v3d


def align_loss(params, src, dst):
    tr = v3d.Transform(R=jnp.eye(3), t=params['t'])
    moved = tr @ v3d.Point3d(p=src)
    return np.mean(np.linalg.norm(moved.p - dst, axis=-1))


src = jnp.ones((5, 3))
jax.value_and_grad(align_loss)({'t': jnp.zeros(3)}, src, src + 0.5)
""",
        kind='array-conversion', argument='params', path="params['t']", line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The loss applies a v3d.Transform built from params['t'] and then measures the residual with np.linalg.norm; under jax.value_and_grad that raises TracerArrayConversionError. jnp.mean/jnp.linalg.norm fix it; checked.",
    ),
    Case(
        id='g-visu3d-xnp-module-argument',
        source='https://github.com/google-research/visu3d/blob/main/visu3d/dc_arrays/camera_spec.py',
        code="""\
import jax
import jax.numpy as jnp
import visu3d as v3d


@jax.jit
def make_intrinsics(focal, xnp):
    spec = v3d.PinholeCamera.from_focal(resolution=(32, 32), focal_in_px=focal, xnp=xnp)
    return spec.K


make_intrinsics(25.0, jnp)
""",
        kind='non-array-argument', argument='xnp', path='xnp', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The numpy module chosen for visu3d (xnp) is passed as a positional jit argument, which JAX cannot abstract: TypeError 'Error interpreting argument ... of type module'. static_argnames='xnp' fixes it, as JAX's message suggests; checked.",
    ),
    Case(
        id='g-visu3d-pose-leak-on-self',
        source='https://github.com/google-research/visu3d/blob/main/visu3d/dc_arrays/transformation.py',
        code="""\
import jax
import jax.numpy as jnp
import visu3d as v3d


class PoseTracker:
    def __init__(self):
        self.last_pose = None

    def residual(self, angle, pts, target):
        self.last_pose = v3d.Transform.from_angle(z=angle)
        moved = self.last_pose @ pts
        return jnp.sum((moved.p - target) ** 2)


tracker = PoseTracker()
pts = v3d.Point3d(p=jnp.ones((4, 3)))
jax.grad(tracker.residual)(0.3, pts, jnp.zeros((4, 3)))
tracker.last_pose @ pts
""",
        kind='leaked-tracer', argument='angle', path='angle', line=11,
        use_line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The v3d.Transform built from the differentiated angle is stored on self inside jax.grad; using it afterwards raises UnexpectedTracerError (prefixed by visu3d's 'Error in Transform.__matmul__'). Returning the pose as aux (has_aux=True) fixes it; checked.",
    ),
    Case(
        id='g-visu3d-camera-list-traced-index',
        source='https://github.com/google-research/visu3d#readme',
        code="""\
import jax
import jax.numpy as jnp
import visu3d as v3d

spec = v3d.PinholeCamera.from_focal(resolution=(16, 16), focal_in_px=20.0, xnp=jnp)
rig = [
    v3d.Camera.from_look_at(spec=spec, pos=jnp.array([0.0, 0.0, -3.0]), target=jnp.zeros(3)),
    v3d.Camera.from_look_at(spec=spec, pos=jnp.array([3.0, 0.0, 0.0]), target=jnp.zeros(3)),
]


@jax.jit
def project(points, cam_id):
    cam = rig[cam_id]
    return (cam.px_from_world @ points).p


project(v3d.Point3d(p=jnp.ones((3, 3))), 1)
""",
        kind='integer-conversion', argument='cam_id', path='cam_id', line=14,
        fixes=('static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='A Python list of v3d.Camera objects is indexed with a jit argument, so list indexing calls __index__ on a tracer: TracerIntegerConversionError. Making cam_id static fixes it, and lax.switch over the cameras also works; both checked.',
    ),
    Case(
        id='g-visu3d-visible-points-mask',
        source='https://github.com/google-research/visu3d/blob/main/visu3d/dc_arrays/camera.py',
        code="""\
import jax
import jax.numpy as jnp
import visu3d as v3d

cam = v3d.Camera.from_look_at(
    spec=v3d.PinholeCamera.from_focal(resolution=(32, 32), focal_in_px=30.0, xnp=jnp),
    pos=jnp.array([0.0, 0.0, -4.0]),
    target=jnp.zeros(3),
)


@jax.jit
def visible_energy(points):
    px = cam.px_from_world @ points
    uv = px.p[px.depth[..., 0] > 0]
    return jnp.sum(uv ** 2)


visible_energy(v3d.Point3d(p=jax.random.normal(jax.random.key(0), (50, 3))))
""",
        kind='boolean-index', argument='points', path='points.p', line=15,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Projected points are filtered by a depth>0 boolean mask (as Camera.render does in NumPy) inside jit: NonConcreteBooleanIndexError. Zeroing the hidden points with jnp.where keeps the sum; checked.',
    ),
    Case(
        id='g-tokamax-traced-is-causal',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/attention/api.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


@jax.jit
def attend(q, k, v, causal):
    return tokamax.dot_product_attention(q, k, v, is_causal=causal, implementation='xla')


x = jax.random.normal(jax.random.key(0), (1, 16, 4, 32))
attend(x, x, x, True)
""",
        kind='concretization', argument='causal', path='causal', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="is_causal is a jit argument, so tokamax's Op tries to serialise a tracer into its HLO metadata and raises PydanticSerializationError (no JAX error at all). static_argnames='causal' fixes it; checked.",
    ),
    Case(
        id='g-tokamax-config-scale-field',
        source='https://github.com/openxla/tokamax#readme',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
import tokamax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class AttnConfig:
    scale: float
    soft_cap: float


@jax.jit
def attend(q, k, v, cfg):
    return tokamax.dot_product_attention(
        q, k, v, scale=cfg.scale, logits_soft_cap=cfg.soft_cap, implementation='xla')


x = jax.random.normal(jax.random.key(0), (1, 16, 4, 32))
attend(x, x, x, AttnConfig(scale=0.125, soft_cap=30.0))
""",
        kind='concretization', argument='cfg', path='cfg.scale', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A register_dataclass config with non-static float fields is traced by jit, and tokamax's runtime type check rejects a traced logits_scale (jaxtyping.TypeCheckError, expected float). Marking the fields static (metadata static=True) fixes it; checked.",
    ),
    Case(
        id='g-tokamax-layer-norm-eps-checkpoint',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/normalization/api.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


def block(x, w, eps):
    h = tokamax.layer_norm(x, None, None, epsilon=eps)
    return jnp.tanh(h @ w)


x = jax.random.normal(jax.random.key(0), (8, 64))
jax.checkpoint(block)(x, jnp.eye(64), 1e-5)
""",
        kind='concretization', argument='eps', path='eps', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='jax.checkpoint traces every positional argument, so layer_norm receives a traced epsilon and tokamax fails while serialising its arguments (PydanticSerializationError about BatchedShapeDtype). jax.checkpoint(block, static_argnums=(2,)) fixes it; checked.',
    ),
    Case(
        id='g-tokamax-group-sizes-int-total',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/ragged_dot/base.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


@jax.jit
def expert_matmul(tokens, experts, group_sizes):
    sizes = tokamax.RaggedDotGroupSizes(group_sizes, int(group_sizes.sum()))
    return tokamax.ragged_dot(tokens, experts, sizes)


tokens = jax.random.normal(jax.random.key(0), (12, 16))
experts = jax.random.normal(jax.random.key(1), (3, 16, 8))
expert_matmul(tokens, experts, jnp.array([4, 5, 3], jnp.int32))
""",
        kind='integer-conversion', argument='group_sizes', path='group_sizes', line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="RaggedDotGroupSizes needs a static total size; int(group_sizes.sum()) on the traced sizes raises ConcretizationTypeError from int(). The total is the static tokens.shape[0]; checked. JAX's astype hint does not fit.",
    ),
    Case(
        id='g-tokamax-group-sizes-traced-repr',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/ragged_dot/base.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


@jax.jit
def expert_matmul(tokens, experts, group_sizes):
    sizes = tokamax.RaggedDotGroupSizes(group_sizes, group_sizes)
    return tokamax.ragged_dot(tokens, experts, sizes)


tokens = jax.random.normal(jax.random.key(0), (12, 16))
experts = jax.random.normal(jax.random.key(1), (3, 16, 8))
expert_matmul(tokens, experts, jnp.array([4, 5, 3], jnp.int32))
""",
        kind='array-conversion', argument='group_sizes', path='group_sizes', line=9,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="The traced group sizes are passed as RaggedDotGroupSizes' representative value, which tokamax turns into Python ints when ragged_dot serialises its arguments: TracerArrayConversionError at the ragged_dot call. A static value (tokens.shape[0]) fixes it; checked.",
    ),
    Case(
        id='g-tokamax-moe-group-sizes-leak',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/ragged_dot/api.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


class MoELayer:
    def __init__(self, experts):
        self.experts = experts
        self.last_group_sizes = None

    def __call__(self, tokens, expert_ids):
        order = jnp.argsort(expert_ids)
        group_sizes = jnp.bincount(expert_ids, length=self.experts.shape[0]).astype(jnp.int32)
        self.last_group_sizes = group_sizes
        return tokamax.ragged_dot(tokens[order], self.experts, group_sizes)


layer = MoELayer(jax.random.normal(jax.random.key(1), (3, 16, 8)))
ids = jnp.array([0, 2, 1, 1, 0, 2, 2, 0])
jax.jit(layer)(jnp.ones((8, 16)), ids)
jnp.max(layer.last_group_sizes)
""",
        kind='leaked-tracer', argument='expert_ids', path='expert_ids', line=14,
        use_line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='An MoE layer jitted as a callable object keeps the traced group sizes it feeds to tokamax.ragged_dot on self; reading them later raises UnexpectedTracerError. Returning them from __call__ fixes it; checked.',
    ),
    Case(
        id='g-tokamax-window-list-static',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/attention/api.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import tokamax


@functools.partial(jax.jit, static_argnames='window')
def local_attend(q, k, v, window):
    return tokamax.dot_product_attention(q, k, v, local_window_size=window, implementation='xla')


x = jax.random.normal(jax.random.key(0), (1, 16, 4, 32))
local_attend(x, x, x, window=[4, 0])
""",
        kind='unhashable-static', argument='window', path='window', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="local_window_size is passed through a static jit argument but as a list, so jit cannot hash it: ValueError 'Non-hashable static arguments are not supported'. A tuple (4, 0) fixes it; checked.",
    ),
    Case(
        id='g-tokamax-bincount-no-length',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/ragged_dot/api.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


@jax.jit
def route(tokens, experts, expert_ids):
    order = jnp.argsort(expert_ids)
    group_sizes = jnp.bincount(expert_ids).astype(jnp.int32)
    return tokamax.ragged_dot(tokens[order], experts, group_sizes)


experts = jax.random.normal(jax.random.key(1), (3, 16, 8))
route(jnp.ones((8, 16)), experts, jnp.array([0, 2, 1, 1, 0, 2, 2, 0]))
""",
        kind='traced-shape', argument='expert_ids', path='expert_ids', line=9,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note="Group sizes for tokamax.ragged_dot are counted with jnp.bincount without length inside jit, whose output size would depend on the data: ConcretizationTypeError. length=experts.shape[0] fixes it, as JAX's message says; checked.",
    ),
    Case(
        id='g-tokamax-padding-mask-loss',
        source='https://github.com/openxla/tokamax/blob/main/tokamax/_src/ops/ragged_dot/api.py',
        code="""\
import jax
import jax.numpy as jnp
import tokamax


def moe_loss(tokens, experts, group_sizes, token_mask):
    out = tokamax.ragged_dot(tokens, experts, group_sizes)
    return jnp.sum(out[token_mask] ** 2)


tokens = jax.random.normal(jax.random.key(0), (8, 16))
experts = jax.random.normal(jax.random.key(1), (2, 16, 4))
sizes = jnp.array([5, 3], jnp.int32)
mask = jnp.arange(8) < 6
jax.jit(jax.grad(moe_loss, argnums=1))(tokens, experts, sizes, mask)
""",
        kind='boolean-index', argument='token_mask', path='token_mask', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The loss drops padding rows of the ragged_dot output with a boolean mask; under jax.jit(jax.grad(...)) the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(mask[:, None], out, 0) keeps the sum; checked.',
    ),
    Case(
        id='g-ejkernel-traced-causal-flag',
        source='https://github.com/erfanzar/ejkernel#readme',
        code="""\
import jax
import jax.numpy as jnp
from ejkernel.modules import flash_attention


@jax.jit
def attend(q, k, v, causal):
    return flash_attention(q, k, v, causal=causal)


x = jax.random.normal(jax.random.key(0), (2, 16, 4, 8))
attend(x, x, x, True)
""",
        kind='concretization', argument='causal', path='causal', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="ejkernel passes causal to an inner jit as a static argument, so a traced flag cannot be hashed: EjkernelRuntimeError wrapping JAX's 'Non-hashable static arguments' ValueError (after autotuning logs). static_argnames='causal' on the user's jit fixes it; checked.",
    ),
    Case(
        id='g-ejkernel-config-sliding-window',
        source='https://github.com/erfanzar/ejkernel#readme',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
from ejkernel.modules import flash_attention


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class LayerConfig:
    sliding_window: int


def loss(q, k, v, cfg):
    out = flash_attention(q, k, v, causal=True, sliding_window=cfg.sliding_window)
    return jnp.mean(out ** 2)


x = jax.random.normal(jax.random.key(0), (2, 16, 4, 8))
jax.jit(jax.value_and_grad(loss))(x, x, x, LayerConfig(sliding_window=4))
""",
        kind='traced-shape', argument='cfg', path='cfg.sliding_window', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A register_dataclass layer config is traced by jit(value_and_grad(loss)), so flash_attention gets a traced sliding_window and its inner static jit fails (EjkernelRuntimeError from JAX's non-hashable static argument ValueError). Marking the field static fixes it; checked.",
    ),
    Case(
        id='g-ejkernel-if-is-multi-sequence',
        source='https://github.com/erfanzar/ejkernel/blob/main/docs/maskinfo_guide.md',
        code="""\
import jax
import jax.numpy as jnp
from ejkernel.modules import flash_attention
from ejkernel.types import MaskInfo


@jax.jit
def attend(q, segment_ids):
    info = MaskInfo.from_segments(segment_ids)
    if info.is_multi_sequence:
        return flash_attention(q, q, q, mask_info=info)
    return flash_attention(q, q, q)


q = jax.random.normal(jax.random.key(0), (1, 8, 2, 8))
attend(q, jnp.array([[0, 0, 0, 1, 1, 1, 1, 1]]))
""",
        kind='bool-conversion', argument='segment_ids', path='segment_ids', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='MaskInfo.is_multi_sequence returns a JAX bool array, and branching on it with Python `if` inside jit (as the MaskInfo guide suggests) raises TracerBoolConversionError. jnp.where over both attention outputs works, as does lax.cond; both checked.',
    ),
    Case(
        id='g-ejkernel-maskinfo-cached-mask-leak',
        source='https://github.com/erfanzar/ejkernel/blob/main/docs/maskinfo_guide.md',
        code="""\
import jax
import jax.numpy as jnp
from ejkernel.types import MaskInfo

info = MaskInfo.from_segments(jnp.array([[0, 0, 0, 1, 1, -1]]))


@jax.jit
def masked_scores(scores):
    return jnp.where(info.attention_mask, scores, -1e9)


masked_scores(jnp.zeros((1, 1, 6, 6)))
info.attention_mask.sum()
""",
        kind='leaked-tracer', argument=None, path=None, line=10,
        use_line=14,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A module-level MaskInfo is closed over by a jitted function; its lazy attention_mask property caches the mask computed during tracing on the MaskInfo object, so reading it afterwards raises UnexpectedTracerError. Passing info as a jit argument (a pytree) keeps the cache inside the trace; checked.',
    ),
    Case(
        id='g-ejkernel-traced-max-q-len',
        source='https://github.com/erfanzar/ejkernel/blob/main/ejkernel/types/mask.py',
        code="""\
import jax
import jax.numpy as jnp
from ejkernel.types import MaskInfo


@jax.jit
def packed_mask(cu_seqlens, max_len):
    info = MaskInfo.from_cu_seqlens(cu_seqlens, max_q_len=max_len)
    return info.attention_mask


packed_mask(jnp.array([0, 3, 3, 8]), 8)
""",
        kind='traced-shape', argument='max_len', path='max_len', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="MaskInfo.from_cu_seqlens needs max_q_len as a Python int (it sizes the mask); a traced value hits a Python `if` inside ejkernel and raises TracerBoolConversionError. static_argnames='max_len' fixes it; checked.",
    ),
    Case(
        id='g-ejkernel-int-of-cu-seqlens',
        source='https://github.com/erfanzar/ejkernel/blob/main/docs/maskinfo_guide.md',
        code="""\
import jax
import jax.numpy as jnp
from ejkernel.modules import flash_attention
from ejkernel.types import MaskInfo


@jax.jit
def packed_attention(q, cu_seqlens):
    info = MaskInfo.from_cu_seqlens(cu_seqlens, max_q_len=int(cu_seqlens[-1]))
    return flash_attention(q, q, q, mask_info=info)


q = jax.random.normal(jax.random.key(0), (2, 8, 2, 8))
packed_attention(q, jnp.array([0, 5, 0, 8]))
""",
        kind='integer-conversion', argument='cu_seqlens', path='cu_seqlens', line=9,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The padded length for from_cu_seqlens is read from the traced cu_seqlens with int(), which raises ConcretizationTypeError under jit. The static q.shape[1] is the right max_q_len; checked.',
    ),
    Case(
        id='g-ejkernel-platform-string-arg',
        source='https://github.com/erfanzar/ejkernel#readme',
        code="""\
import jax
import jax.numpy as jnp
from ejkernel.modules import flash_attention


@jax.jit
def attend(q, k, v, backend):
    return flash_attention(q, k, v, causal=True, platform=backend)


x = jax.random.normal(jax.random.key(0), (2, 16, 4, 8))
attend(x, x, x, 'xla')
""",
        kind='non-array-argument', argument='backend', path='backend', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The ejkernel platform name is a positional jit argument, a str JAX cannot trace: TypeError 'Error interpreting argument ... of type str'. static_argnames='backend' fixes it, as JAX suggests; checked.",
    ),
]
