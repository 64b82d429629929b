"""Held-out library cases (set au): laplax, imax, pyqg-jax.

How they were built: a venv made with
`python3 -m venv --system-site-packages /tmp/heldout24/venv_au`, then
`venv_au/bin/python -m pip install laplax imax pyqg-jax jax==0.10.2 jaxlib==0.10.2
flax==0.12.8 equinox==0.13.8 optax==0.2.8 numpy==2.4.6` (the last four pinned to the
machine's versions). Installed: laplax 0.0.2 (pulls in loguru 0.7.3), imax 0.0.1b11,
pyqg-jax 0.8.1, on jax/jaxlib 0.10.2, numpy 2.4.6, CPython 3.11.7. Every case was written
to its own file and run with /tmp/heldout24/venv_au/bin/python (JAX_PLATFORMS=cpu):
all statements but the last run, the last raises, and `line`/`use_line` were checked
against the innermost traceback frame in the cell. The first fix of every case (and most
alternates) was applied by hand and the patched cell re-run to completion. The cells are
my own reductions of usage shown in each library's docs, README, examples or source
(cited in `source`); none of these three small libraries has a GitHub issue thread in the
searchable index showing these patterns, so the cited pages are the API/docs pages the
case exercises. Default float32 precision is used throughout (pyqg-jax recommends x64,
but nothing here depends on it).

Dropped / replaced:
- imax `randaugment.distort_image_with_randaugment` (planned: its own `if join_transforms:`
  with a traced flag). Under jax 0.10.2 the function fails for any input, even with Python
  arguments and no jit, with a lax.cond branch dtype mismatch (uint8 vs float32) inside
  imax, so the intended error is unreachable; replaced by au-imax-flip-and.
- laplax: jitting `laplace(..., num_total_samples=n)` with traced n (the library's
  `float(num_total_samples)` raises ConcretizationTypeError). Dropped because after making n
  static, `laplace` still cannot run under jit (estimate_curvature calls
  block_until_ready on tracers), so no first fix makes the cell run; replaced by
  au-laplax-float-metric.
- No candidate library was dropped: laplax, imax and pyqg-jax all installed and imported.

Doubts about labels:
- au-pyqg-range-nsteps: 'static' could come first (the pyqg-jax docs make the step count a
  static argument of the jitted roll-out); lax.fori_loop is first only by the general order.
- au-pyqg-checkpoint-if-ke: JAX names carry.state.qh and the AB3 internals carry._ablevel,
  carry._updates[...] as the sources; path carry.state.qh chosen as the physical leaf.
- au-pyqg-traced-nx: `line` is the create_initial_state call (8) where the library
  builds arrays; the traced nx enters the model at line 6, whose constructor does not fail.
- au-pyqg-ispec-keep-slice: argument None because `keep` comes from the closed-over grid;
  if the model were passed into the jitted function (as the docs' vectorized_ke_spec does)
  the culprit would be `model` (path model.L, also model.W). The docs return `keep` from
  the jit and slice outside, so 'return-value' is a defensible label for that fix.
- au-pyqg-leak-snapshots, au-imax-leak-transform: jax_fitting_fix=True because JAX's
  message states that transformed functions must return their outputs rather than save them
  globally; one may say the message describes the rule rather than suggesting a fix.
- au-pyqg-grad-float-print: the f-string also converts `ke`; the first failure is
  float(rd). 'concretization' vs a debugging-print label.
- au-pyqg-static-stepper: 'not-static' is defined for arrays; here a pytree config object
  (AB3Stepper dataclass) was marked static. 'hashable-static' would need a frozen stepper,
  which the library does not provide.
- au-imax-cutout-list-shape: no user function is traced; `argument` names the parameter
  of imax's own jitted function that is static (image_shape). None is defensible.
- au-imax-np-where: the offending value depends on both `image` and `factor`; the first
  parameter is given.
- au-imax-math-radians: math.radians is neither a builtin nor NumPy; 'jnp-not-builtin' is
  the closest label, 'jnp-not-np' is defensible.
- au-laplax-huber-if: the condition depends on both `pred` and `target` (first given).
- au-laplax-max-temp-curvature: the fix is 'jnp-not-builtin' although the kind is
  bool-conversion (builtin max compares). The params are closed-over constants that become
  tracers inside laplax's lax.map; JAX's message names no argument, so params['temp'] is the
  model_fn-level answer.
- au-laplax-leak-features: argument could be `params` (h depends on input and params).
  verifiable=False: model_fn's output is consumed by laplace, so returning the features is
  not possible; the checked fix recomputes them outside the trace.
- au-laplax-posterior-jit-arg: 'static' here means closing over the Posterior; JAX's
  suggested static_argnames fails because the dataclass is unhashable (checked), so
  jax_fitting_fix=False. 'register-pytree' is an equally good first fix.
- au-laplax-num-samples-traced: JAX raises TracerBoolConversionError (laplax's own
  `if num_samples > 0`), so 'bool-conversion' is defensible; labelled traced-shape because
  num_samples is a sample count the library needs as a Python int.
- au-laplax-np-metric, au-laplax-bool-mask-metric, au-laplax-float-metric: `argument` is the
  metric callback's parameter (pred_mean, first of pred_mean/target). The user's jitted
  objective parameters are also defensible (JAX names prior_arguments['prior_prec'],
  batch['input'], batch['target'] for np-metric; for float-metric it names lax.map's
  x['input'], x['target']).
- au-laplax-float-metric: simply dropping float() is as good as 'astype'.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    # ------------------------------------------------------------------ pyqg-jax
    Case(
        id='au-pyqg-range-nsteps',
        source='https://pyqg-jax.readthedocs.io/en/latest/examples.basicstep.html',
        code="""\
import jax
import jax.numpy as jnp
from pyqg_jax import qg_model, steppers

model = qg_model.QGModel(nx=32)
stepped = steppers.SteppedModel(model, steppers.AB3Stepper(dt=14400.0))
init = stepped.create_initial_state(jax.random.key(0))

@jax.jit
def advance(state, nsteps):
    for _ in range(nsteps):
        state = stepped.step_model(state)
    return state

final = advance(init, 20)
""",
        kind='integer-conversion', argument='nsteps', path='nsteps', line=11,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="Stepping a pyqg-jax SteppedModel with a Python `for _ in range(nsteps)` inside a jitted function whose step count is a traced argument; JAX raises TracerIntegerConversionError at range(). lax.fori_loop over step_model keeps nsteps dynamic, static_argnames=('nsteps',) (what the docs do for num_steps) also works; both checked.",
    ),
    Case(
        id='au-pyqg-checkpoint-if-ke',
        source='https://pyqg-jax.readthedocs.io/en/latest/examples.diagnostics.html',
        code="""\
import jax
import jax.numpy as jnp
from pyqg_jax import qg_model, steppers, diagnostics

model = qg_model.QGModel(nx=32)
stepped = steppers.SteppedModel(model, steppers.AB3Stepper(dt=14400.0))
grid = model.get_grid()
init = stepped.create_initial_state(jax.random.key(0))

@jax.checkpoint
def body(carry, _):
    carry = stepped.step_model(carry)
    ke = diagnostics.total_ke(model.get_full_state(carry.state), grid)
    if ke > 1e-12:
        carry = carry.update(state=carry.state.update(qh=0.5 * carry.state.qh))
    return carry, ke

final, ke_hist = jax.lax.scan(body, init, None, length=10)
""",
        kind='bool-conversion', argument='carry', path='carry.state.qh', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A checkpointed scan body damps the state with a Python `if` on the total kinetic energy from pyqg_jax.diagnostics.total_ke; JAX raises TracerBoolConversionError (its hint about checkpoint static_argnums does not apply to the carry). jnp.where on qh and lax.cond over the carry both checked.',
    ),
    Case(
        id='au-pyqg-traced-nx',
        source='https://pyqg-jax.readthedocs.io/en/latest/reference.models.qg_model.html',
        code="""\
import jax
from pyqg_jax import qg_model, steppers

@jax.jit
def initial_state(key, nx):
    model = qg_model.QGModel(nx=nx, ny=nx)
    stepped = steppers.SteppedModel(model, steppers.AB3Stepper(dt=7200.0))
    return stepped.create_initial_state(key)

state = initial_state(jax.random.key(1), 32)
""",
        kind='traced-shape', argument='nx', path='nx', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Grid size nx is a static attribute of pyqg-jax models, but here it is a traced jit argument; the library builds jnp.zeros(spectral_state_shape) inside create_initial_state and JAX raises TypeError (shapes must be concrete). JAX's hint to use static_argnums fits; static_argnames=('nx',) checked.",
    ),
    Case(
        id='au-pyqg-ispec-keep-slice',
        source='https://pyqg-jax.readthedocs.io/en/latest/examples.diagnostics.html',
        code="""\
import jax
import jax.numpy as jnp
from pyqg_jax import qg_model, steppers, diagnostics

model = qg_model.QGModel(nx=32)
stepped = steppers.SteppedModel(model, steppers.AB3Stepper(dt=14400.0))
grid = model.get_grid()
state = stepped.create_initial_state(jax.random.key(0))

@jax.jit
def ke_spectrum(stepper_state):
    full = model.get_full_state(stepper_state.state)
    spec = diagnostics.calc_ispec(diagnostics.ke_spec_vals(full, grid), grid)
    kr, keep = diagnostics.ispec_grid(grid)
    return kr[:keep], spec[:, :keep]

kr, ek = ke_spectrum(state)
""",
        kind='traced-shape', argument=None, path=None, line=15,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='diagnostics.ispec_grid returns `keep` as a jnp integer; slicing the spectrum with it inside the jitted function raises IndexError (slice entries must be static). keep depends on no argument (computed from the closed-over grid). Computing ispec_grid outside the jit (concrete keep, optionally int()) checked.',
    ),
    Case(
        id='au-pyqg-leak-snapshots',
        source='https://pyqg-jax.readthedocs.io/en/latest/examples.basicstep.html',
        code="""\
import jax
import jax.numpy as jnp
from pyqg_jax import qg_model, steppers

model = qg_model.QGModel(nx=32)
stepped = steppers.SteppedModel(model, steppers.AB3Stepper(dt=14400.0))
init = stepped.create_initial_state(jax.random.key(0))
snapshots = []

def body(carry, _):
    carry = stepped.step_model(carry)
    snapshots.append(carry.state.q)
    return carry, None

final, _ = jax.lax.scan(body, init, None, length=8)
trajectory = jnp.stack(snapshots)
""",
        kind='leaked-tracer', argument='carry', path='carry.state.qh', line=12, use_line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The scan body appends each step's q to a Python list, leaking DynamicJaxprTracers; jnp.stack on the list later raises UnexpectedTracerError. Returning q as the scan output (as the docs' roll-out does) checked; JAX's message says transformed functions must return their outputs.",
    ),
    Case(
        id='au-pyqg-precision-arg',
        source='https://pyqg-jax.readthedocs.io/en/latest/reference.state.html',
        code="""\
import jax
import pyqg_jax
from pyqg_jax import qg_model

@jax.jit
def make_initial(key, precision):
    model = qg_model.QGModel(nx=32, precision=precision)
    return model.create_initial_state(key)

q0 = make_initial(jax.random.key(0), pyqg_jax.state.Precision.SINGLE)
""",
        kind='non-array-argument', argument='precision', path='precision', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The Precision enum, a model configuration option, is passed as a jit argument; JAX raises TypeError (not a valid JAX type) naming the path `precision` and suggesting static_argnums/static_argnames, which fits; static_argnames=('precision',) checked.",
    ),
    Case(
        id='au-pyqg-grad-float-print',
        source='https://pyqg-jax.readthedocs.io/en/latest/examples.onlinetrain.html',
        code="""\
import jax
from pyqg_jax import qg_model, steppers, diagnostics

def loss(rd):
    model = qg_model.QGModel(nx=32, rd=rd)
    stepped = steppers.SteppedModel(model, steppers.AB3Stepper(dt=14400.0))
    state = stepped.create_initial_state(jax.random.key(0))
    state, _ = jax.lax.scan(lambda c, _: (stepped.step_model(c), None), state, None, length=5)
    ke = diagnostics.total_ke(model.get_full_state(state.state), model.get_grid())
    print(f"rd={float(rd):.0f} KE={float(ke):.3e}")
    return ke

value, grad = jax.value_and_grad(loss)(15000.0)
""",
        kind='concretization', argument='rd', path='rd', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging with float() inside a loss that builds a QGModel from the differentiated deformation radius rd, under value_and_grad; JAX raises ConcretizationTypeError (its astype hint does not help printing). jax.debug.print checked.',
    ),
    Case(
        id='au-pyqg-static-stepper',
        source='https://pyqg-jax.readthedocs.io/en/latest/reference.steppers.html',
        code="""\
import jax
from functools import partial
from pyqg_jax import qg_model, steppers

model = qg_model.QGModel(nx=32)
stepper = steppers.AB3Stepper(dt=14400.0)
state = steppers.SteppedModel(model, stepper).create_initial_state(jax.random.key(0))

@partial(jax.jit, static_argnames=("stepper",))
def one_step(state, stepper):
    return steppers.SteppedModel(model, stepper).step_model(state)

state = one_step(state, stepper=stepper)
""",
        kind='unhashable-static', argument='stepper', path='stepper', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='AB3Stepper is a mutable dataclass (so unhashable) registered as a pytree; marking it static raises ValueError (non-hashable static arguments, from TypeError unhashable type). Passing it traced (drop static_argnames) checked.',
    ),
    # ------------------------------------------------------------------ imax
    Case(
        id='au-imax-if-random-invert',
        source='https://github.com/4rtemi5/imax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
from imax import color_transforms

def augment(image, key):
    if jax.random.uniform(key) < 0.5:
        image = color_transforms.invert(image)
    return color_transforms.solarize(image, 128)

images = jnp.zeros((4, 32, 32, 3), dtype=jnp.uint8)
keys = jax.random.split(jax.random.PRNGKey(0), 4)
out = jax.vmap(augment)(images, keys)
""",
        kind='bool-conversion', argument='key', path='key', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A per-image augmentation decides with a Python `if` on a random draw whether to apply imax color_transforms.invert, then is vmapped over a batch; JAX raises TracerBoolConversionError. jnp.where between inverted and original image and lax.cond both checked.',
    ),
    Case(
        id='au-imax-flip-and',
        source='https://github.com/4rtemi5/imax/blob/master/imax/transforms.py',
        code="""\
import jax
import jax.numpy as jnp
from imax import transforms

def random_flip(image, key):
    k1, k2 = jax.random.split(key)
    flip_h = jax.random.bernoulli(k1)
    flip_v = jax.random.bernoulli(k2)
    matrix = transforms.flip(horizontal=flip_h and not flip_v, vertical=flip_v)
    return transforms.apply_transform(image, matrix, mask_value=-1)

images = jnp.ones((4, 16, 16, 3))
keys = jax.random.split(jax.random.PRNGKey(0), 4)
out = jax.vmap(random_flip)(images, keys)
""",
        kind='bool-conversion', argument='key', path='key', line=9,
        fixes=('logical-op',), verifiable=True, jax_fitting_fix=False,
        note='Random flip flags combined with Python `and`/`not` before calling imax transforms.flip, vmapped over images; JAX raises TracerBoolConversionError at the `and`. `flip_h & ~flip_v` checked.',
    ),
    Case(
        id='au-imax-cutout-list-shape',
        source='https://github.com/4rtemi5/imax/blob/master/imax/color_transforms.py',
        code="""\
import jax
import jax.numpy as jnp
from imax import color_transforms

image = jnp.zeros((64, 64, 3), dtype=jnp.uint8)
height, width = 64, 64
key = jax.random.PRNGKey(0)
mask = color_transforms.get_random_cutout_mask(key, [height, width], 16)
""",
        kind='unhashable-static', argument='image_shape', path='image_shape', line=8,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='imax get_random_cutout_mask is jitted with image_shape as static_argnums=(1,); passing a list raises ValueError (non-hashable static arguments). A tuple (or image.shape[:2]) checked.',
    ),
    Case(
        id='au-imax-ops-list-index',
        source='https://github.com/4rtemi5/imax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
from imax import color_transforms

OPS = [color_transforms.invert, color_transforms.autocontrast, color_transforms.equalize]

@jax.jit
def random_op(image, key):
    idx = jax.random.randint(key, (), 0, len(OPS))
    return OPS[idx](image)

image = jnp.zeros((32, 32, 3), dtype=jnp.uint8)
out = random_op(image, jax.random.PRNGKey(0))
""",
        kind='integer-conversion', argument='key', path='key', line=10,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note="Choosing one imax op from a Python list with a traced random index inside jit; JAX raises TracerIntegerConversionError at list indexing. lax.switch(idx, OPS, image) (what imax's randaugment does) checked.",
    ),
    Case(
        id='au-imax-np-where',
        source='https://github.com/4rtemi5/imax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from imax import color_transforms

@jax.jit
def brighten(image, factor):
    out = color_transforms.brightness(image, factor)
    return np.where(out > 200, 255, out)

image = jnp.full((32, 32, 3), 100, dtype=jnp.uint8)
out = brighten(image, 1.5)
""",
        kind='array-conversion', argument='image', path='image', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Post-processing the output of imax color_transforms.brightness with np.where inside jit; JAX raises TracerArrayConversionError. jnp.where checked.',
    ),
    Case(
        id='au-imax-cutout-bool-index',
        source='https://github.com/4rtemi5/imax/blob/master/imax/color_transforms.py',
        code="""\
import jax
import jax.numpy as jnp
from imax import color_transforms

@jax.jit
def random_erase(image, key):
    mask = color_transforms.get_random_cutout_mask(key, image.shape[:2], 16)
    return image.at[mask[..., 0]].set(0)

image = jnp.full((32, 32, 3), 255, dtype=jnp.uint8)
out = random_erase(image, jax.random.PRNGKey(0))
""",
        kind='boolean-index', argument='key', path='key', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Erasing the region given by an imax cutout mask with a boolean `.at[mask].set(0)` inside jit; JAX raises NonConcreteBooleanIndexError. jnp.where(mask, 0, image) checked.',
    ),
    Case(
        id='au-imax-leak-transform',
        source='https://github.com/4rtemi5/imax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
from imax import transforms

applied = {}

@jax.jit
def random_rotate(image, key):
    angle = jax.random.uniform(key, minval=-0.5, maxval=0.5)
    matrix = transforms.rotate(rad=angle)
    applied["matrix"] = matrix
    return transforms.apply_transform(image, matrix, mask_value=-1)

image = jnp.ones((16, 16, 3))
rotated = random_rotate(image, jax.random.PRNGKey(0))
restored = transforms.apply_transform(rotated, jnp.linalg.inv(applied["matrix"]), mask_value=-1)
""",
        kind='leaked-tracer', argument='key', path='key', line=11, use_line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The jitted augmentation stores the random rotation matrix from imax transforms.rotate in a global dict to undo it later; using it afterwards raises UnexpectedTracerError. Returning the matrix alongside the image checked.',
    ),
    Case(
        id='au-imax-math-radians',
        source='https://github.com/4rtemi5/imax/blob/master/imax/transforms.py',
        code="""\
import math
import jax
import jax.numpy as jnp
from imax import transforms

def rotate_deg(image, degrees):
    matrix = transforms.rotate(rad=math.radians(degrees))
    return transforms.apply_transform(image, matrix, mask_value=-1)

images = jnp.ones((4, 16, 16, 3))
angles = jnp.array([0.0, 90.0, 180.0, 270.0])
out = jax.vmap(rotate_deg)(images, angles)
""",
        kind='concretization', argument='degrees', path='degrees', line=7,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note='math.radians on a vmapped angle before imax transforms.rotate; JAX raises ConcretizationTypeError from float() (the astype hint does not help math.radians). jnp.radians checked.',
    ),
    # ------------------------------------------------------------------ laplax
    Case(
        id='au-laplax-huber-if',
        source='https://github.com/laplax-org/laplax/blob/main/laplax/curv/ggn.py',
        code="""\
import jax
import jax.numpy as jnp
from laplax import laplace

params = {"w": jnp.array([[0.5], [-0.3]]), "b": jnp.array([0.1])}
def model_fn(input, params):
    return input @ params["w"] + params["b"]

def huber(pred, target, delta=1.0):
    r = jnp.abs(pred - target).sum()
    if r < delta:
        return 0.5 * r**2
    return delta * (r - 0.5 * delta)

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, curv = laplace(model_fn, params, data, loss_fn=huber, curv_type="full")
""",
        kind='bool-conversion', argument='pred', path='pred', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom Huber loss with a Python `if` is passed as loss_fn to laplax.laplace, which traces it under vmap and a Hessian-vector product; JAX raises TracerBoolConversionError. jnp.where and lax.cond checked.',
    ),
    Case(
        id='au-laplax-max-temp-curvature',
        source='https://github.com/laplax-org/laplax/blob/main/examples/0000_tiny_laplax.py',
        code="""\
import jax
import jax.numpy as jnp
from laplax import laplace

params = {"w": jnp.array([[0.5], [-0.3]]), "temp": jnp.array(1.0)}
def model_fn(input, params):
    temp = max(params["temp"], 0.1)
    return jnp.tanh(input @ params["w"]) / temp

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, curv = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")
""",
        kind='bool-conversion', argument='params', path="params['temp']", line=7,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note="The model_fn clamps a learnable temperature with builtin max(); laplax's curvature estimation traces model_fn inside lax.map, and JAX raises TracerBoolConversionError on the comparison. jnp.maximum checked (jnp.where also works).",
    ),
    Case(
        id='au-laplax-leak-features',
        source='https://github.com/laplax-org/laplax/blob/main/examples/0000_tiny_laplax.py',
        code="""\
import jax
import jax.numpy as jnp
from laplax import laplace

features = {}
params = {"w1": 0.1 * jnp.ones((2, 8)), "w2": 0.1 * jnp.ones((8, 1))}

def model_fn(input, params):
    h = jnp.tanh(input @ params["w1"])
    features["last"] = h
    return h @ params["w2"]

data = {"input": jnp.ones((16, 2)), "target": jnp.zeros((16, 1))}
posterior_fn, curv = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")
feature_norm = jnp.linalg.norm(features["last"])
""",
        kind='leaked-tracer', argument='input', path='input', line=10, use_line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='model_fn saves hidden features in a global dict while laplax.laplace traces it (vmap/linearize); using them afterwards raises UnexpectedTracerError. model_fn cannot return extra outputs to laplace, so the fix recomputes the features outside the trace instead of storing them; checked.',
    ),
    Case(
        id='au-laplax-posterior-jit-arg',
        source='https://github.com/laplax-org/laplax/blob/main/laplax/curv/cov.py',
        code="""\
import jax
import jax.numpy as jnp
from laplax import laplace

params = {"w": jnp.array([[0.5], [-0.3]])}
def model_fn(input, params):
    return jnp.tanh(input @ params["w"])

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, _ = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")
posterior = posterior_fn({"prior_prec": 1.0})

@jax.jit
def weight_perturbation(posterior, eps):
    return posterior.scale_mv(posterior.state)(eps)

delta = weight_perturbation(posterior, {"w": jnp.ones((2, 1))})
""",
        kind='non-array-argument', argument='posterior', path='posterior', line=17,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=False,
        note='The Posterior returned by a laplax posterior_fn is a plain (unhashable) dataclass holding functions; passing it to a jitted function raises TypeError (not a valid JAX type). JAX suggests static_argnames, but that fails (unhashable Posterior); closing over it checked, registering it as a pytree would also work.',
    ),
    Case(
        id='au-laplax-num-samples-traced',
        source='https://github.com/laplax-org/laplax/blob/main/examples/0001_laplax_for_regression.py',
        code="""\
import jax
import jax.numpy as jnp
from laplax import laplace
from laplax.eval.pushforward import set_nonlin_pushforward, nonlin_setup, nonlin_pred_mean, nonlin_pred_std

params = {"w": jnp.array([[0.5], [-0.3]])}
def model_fn(input, params):
    return jnp.tanh(input @ params["w"])

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, _ = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")
fns = [nonlin_setup, nonlin_pred_mean, nonlin_pred_std]

@jax.jit
def predict(x, num_samples):
    pred = set_nonlin_pushforward(model_fn, params, posterior_fn, {"prior_prec": 1.0}, key=jax.random.key(0), pushforward_fns=fns, num_samples=num_samples)
    return pred(x)

out = predict(jnp.ones(2), 50)
""",
        kind='traced-shape', argument='num_samples', path='num_samples', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="num_samples for laplax's nonlinear (sampling) pushforward is a traced jit argument; the library's own `if num_samples > 0` raises TracerBoolConversionError. It is a count that must be a Python int; static_argnames=('num_samples',) checked.",
    ),
    Case(
        id='au-laplax-np-metric',
        source='https://github.com/laplax-org/laplax/blob/main/examples/0001_laplax_for_regression.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial
from laplax import laplace
from laplax.eval import evaluate_for_given_prior_arguments, set_lin_pushforward
from laplax.eval.pushforward import lin_setup, lin_pred_mean, lin_pred_std

params = {"w": jnp.array([[0.5], [-0.3]])}
def model_fn(input, params):
    return jnp.tanh(input @ params["w"])

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, _ = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")
set_prob_predictive = partial(set_lin_pushforward, model_fn=model_fn, mean_params=params, posterior_fn=posterior_fn, pushforward_fns=[lin_setup, lin_pred_mean, lin_pred_std])

def coverage(pred_mean, pred_std, target, **kwargs):
    return np.mean(np.abs(target - pred_mean) <= 2 * pred_std)

@jax.jit
def objective(prior_arguments, batch):
    return evaluate_for_given_prior_arguments(prior_arguments=prior_arguments, data=batch, set_prob_predictive=set_prob_predictive, metric=coverage)

score = objective({"prior_prec": 1.0}, data)
""",
        kind='array-conversion', argument='pred_mean', path='pred_mean', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A user coverage metric written with np.abs/np.mean is evaluated by laplax evaluate_for_given_prior_arguments inside a jitted calibration objective; JAX raises TracerArrayConversionError. jnp equivalents checked.',
    ),
    Case(
        id='au-laplax-float-metric',
        source='https://github.com/laplax-org/laplax/blob/main/examples/0001_laplax_for_regression.py',
        code="""\
import jax
import jax.numpy as jnp
from laplax import laplace
from laplax.eval import evaluate_metrics_on_dataset, set_lin_pushforward
from laplax.eval.pushforward import lin_setup, lin_pred_mean, lin_pred_std

params = {"w": jnp.array([[0.5], [-0.3]])}
def model_fn(input, params):
    return jnp.tanh(input @ params["w"])

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, _ = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")
prob_predictive = set_lin_pushforward(model_fn, params, posterior_fn, {"prior_prec": 1.0}, pushforward_fns=[lin_setup, lin_pred_mean, lin_pred_std])

def abs_error(pred_mean, target, **kwargs):
    return float(jnp.abs(pred_mean - target).sum())

results = evaluate_metrics_on_dataset(pred_fn=prob_predictive, data=data, metrics_dict={"abs_error": abs_error}, reduce=jnp.mean)
""",
        kind='concretization', argument='pred_mean', path='pred_mean', line=16,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A metric returning float(...) is evaluated per data point by laplax evaluate_metrics_on_dataset, which runs it under lax.map; JAX raises ConcretizationTypeError and its `x.astype(float)` hint fits; .astype(float) checked.',
    ),
    Case(
        id='au-laplax-static-list-fns',
        source='https://github.com/laplax-org/laplax/blob/main/laplax/eval/pushforward.py',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from laplax import laplace
from laplax.eval import set_lin_pushforward
from laplax.eval.pushforward import lin_setup, lin_pred_mean, lin_pred_std

params = {"w": jnp.array([[0.5], [-0.3]])}
def model_fn(input, params):
    return jnp.tanh(input @ params["w"])

data = {"input": jnp.ones((8, 2)), "target": jnp.zeros((8, 1))}
posterior_fn, _ = laplace(model_fn, params, data, loss_fn="mse", curv_type="full")

@partial(jax.jit, static_argnames=("pushforward_fns",))
def predict(x, prior_prec, pushforward_fns):
    pred = set_lin_pushforward(model_fn, params, posterior_fn, {"prior_prec": prior_prec}, pushforward_fns=pushforward_fns)
    return pred(x)

out = predict(jnp.ones(2), 1.0, pushforward_fns=[lin_setup, lin_pred_mean, lin_pred_std])
""",
        kind='unhashable-static', argument='pushforward_fns', path='pushforward_fns', line=20,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The list of laplax pushforward functions is marked static in a jitted predictor; a list is unhashable, so JAX raises ValueError (non-hashable static arguments). Passing a tuple checked.',
    ),
    Case(
        id='au-laplax-bool-mask-metric',
        source='https://github.com/laplax-org/laplax/blob/main/examples/0002_laplax_on_mnist.py',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from laplax import laplace
from laplax.eval import evaluate_for_given_prior_arguments, set_lin_pushforward
from laplax.eval.pushforward import lin_setup, lin_pred_mean, lin_pred_std

params = {"w": 0.1 * jnp.arange(6.0).reshape(2, 3)}
def model_fn(input, params):
    return input @ params["w"]

data = {"input": jnp.ones((8, 2)), "target": jnp.array([0, 1, 2, 0, 1, 2, 0, 1])}
posterior_fn, _ = laplace(model_fn, params, data, loss_fn="cross_entropy", curv_type="full")
set_prob_predictive = partial(set_lin_pushforward, model_fn=model_fn, mean_params=params, posterior_fn=posterior_fn, pushforward_fns=[lin_setup, lin_pred_mean, lin_pred_std])

def misclassified_std(pred_mean, pred_std, target, **kwargs):
    wrong = jnp.argmax(pred_mean, axis=-1) != target
    return jnp.mean(pred_std.max(axis=-1)[wrong])

@jax.jit
def objective(prior_arguments, batch):
    return evaluate_for_given_prior_arguments(prior_arguments=prior_arguments, data=batch, set_prob_predictive=set_prob_predictive, metric=misclassified_std)

score = objective({"prior_prec": 1.0}, data)
""",
        kind='boolean-index', argument='pred_mean', path='pred_mean', line=18,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A classification metric averages predictive std over misclassified points with boolean indexing; laplax evaluates it inside the jitted objective and JAX raises NonConcreteBooleanIndexError. A masked sum with jnp.where divided by the mask count (same value) checked.',
    ),
]
