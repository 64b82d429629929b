"""Held-out library cases (set ar): invrs-opt, cryojax, exojax.

How they were built: each case is my own minimal reduction of a usage pattern of the
library's public API (README examples, docstrings and source read from the installed
packages and the repositories). Every cell was written to a file and run with
/tmp/heldout22/venv_ar/bin/python (a venv with --system-site-packages made from the
machine's python3): every statement but the last runs, the last raises, and the
traceback's first frame in the cell is the last statement. `line` / `use_line` were
read from the traceback frames in the cell file. For every case the first fix was
applied by hand to the user's lines and the cell re-run without error.

Interpreter: CPython 3.11.7 (CPU). Installed: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6,
equinox 0.13.8, flax 0.12.8, optax 0.2.8 (machine versions kept), invrs-opt 0.12.1
(with totypes 0.9.1), cryojax 0.6.0, ExoJAX 2.6.0.

Dropped libraries and why:
- jaxspec: cannot be installed with jax==0.10.2 (every release pins jax<0.10).
- s2wav 1.0.4: installs, but `import s2wav` fails (s2wav/filters.py imports torch,
  which is not a declared dependency).
- nequip-jax (alternate): not available on PyPI.
- lightweight_mmm 0.1.9 (alternate): installs only by downgrading matplotlib to 3.6.1,
  which was built against NumPy 1.x; with numpy 2.4.6 matplotlib fails to load
  (`_ARRAY_API not found`) while tensorflow imports it, so the package is unusable; its
  model also rests on numpyro (excluded).
- exojax (first alternate) is used; cryojax 0.6.0 (not on the exclusion list) is my own
  replacement for the third slot.
Candidate cases written and left out: cryojax block_reduce_downsample / crop_to_shape and
FourierVoxelGridVolume.from_real_voxel_grid with traced sizes (same traced-shape pattern
as the cryojax cases kept), a NumPy norm inside eqx.filter_vmap (array-conversion was
already covered twice), and an Optimizer marked static (near-duplicate of the
optimizer-as-argument case).

Doubts about labels:
- ar-invrs-optimizer-as-jit-arg: the fix is to close over the optimizer, which I file
  under `static` (moving it out of the traced arguments); JAX's static_argnums hint
  fails because Optimizer is unhashable, so `hashable-static` could be argued as second.
- ar-invrs-state-on-self: the leaked value depends on no traced parameter (self is
  static and self.state is a closure constant), hence argument None; the working fix
  also needs the state to become an argument, not only a return value.
- ar-invrs-penalty-schedule-index: `jnp-not-np` is the closest term for turning a Python
  list into a jnp array; `lax.switch` would also work.
- ar-invrs-if-in-loss / ar-invrs-float-logging: the error line is in the user's loss /
  step; JAX names the jitted step's argument (state.params['thickness'][0]). I chose the
  parameter of the innermost user function traced (params) for the loss case and
  state for the step case.
- ar-invrs-traced-bounds: raised by the library's own if in BoundedArray.__post_init__;
  `traced-shape`-like "must be static metadata" or `concretization` are arguable.
- ar-cryojax-jax-jit-image-model: eqx.filter_jit is counted as `static` (a transform that
  treats non-array leaves as static); `non-array-argument` vs `traced-shape` arguable
  because the int shape leaves would be traced next.
- ar-cryojax-traced-image-size: cryojax raises an AttributeError (its own check), not a
  JAX error class; kind chosen by cause (a traced shape).
- ar-cryojax-traced-pad-scale: JAX raises TracerBoolConversionError inside the library,
  so `bool-conversion` is defensible; I chose traced-shape because pad_scale sets the
  padded shape.
- ar-cryojax-scan-append: argument `angles` (the scan body's parameter the images depend
  on); `lax.scan` (return as ys) is the same fix named differently.
- ar-cryojax-pose-list-argmax: JAX names the filter_jit internal argument
  (dynamic_nodonate...), I name the user's parameter scores.
- ar-cryojax-if-pose-in-loss: path through the partitioned model; JAX reports a
  filter_jit internal path.
- ar-exojax-temperature-range-leak: `return-value` does not apply directly to a library
  setter; the first fix is to set the range outside the jit (`static`).
- ar-exojax-sop-built-in-jit: JAX raises TracerArrayConversionError (np.arange on a
  tracer inside the library), so `array-conversion` is defensible; making vsini static
  alone does NOT fix it because exojax computes dv with jnp inside the trace.
- ar-exojax-nu2wav-shifted: raised by the library's ordering check; the fix (convert the
  static grid with NumPy, shift afterwards) fits `numpy-for-static` or `static` equally.
- ar-exojax-np-interp: the converted value depends on spectrum and vsini; first listed.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ar-invrs-optimizer-as-jit-arg',
        source='https://github.com/invrs-io/opt/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import invrs_opt
from totypes import types

opt = invrs_opt.lbfgsb()
params = {"w": types.BoundedArray(jnp.ones(4), lower_bound=0.0, upper_bound=2.0)}

def loss(p):
    return jnp.sum((p["w"].array - 0.5) ** 2)

@jax.jit
def step(opt, state):
    p = opt.params(state)
    value, grad = jax.value_and_grad(loss)(p)
    return opt.update(grad=grad, value=value, params=p, state=state)

state = opt.init(params)
state = step(opt, state)
""",
        kind='non-array-argument', argument='opt', path='opt', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The invrs_opt Optimizer (a plain dataclass of init/params/update functions) is passed as an argument of a jax.jit step; JAX raises TypeError (not a valid JAX type). JAX's hint (static_argnums) does not work because Optimizer defines __eq__ without __hash__, so the fix is to close over the optimizer (move it out of the jit arguments); checked.",
    ),
    Case(
        id='ar-invrs-state-on-self',
        source='https://github.com/invrs-io/opt/blob/main/README.md',
        code="""\
import functools
import jax
import jax.numpy as jnp
import invrs_opt
from totypes import types

def loss(p):
    return jnp.sum((p["w"].array - 0.5) ** 2)

class Trainer:
    def __init__(self, params):
        self.opt = invrs_opt.lbfgsb()
        self.state = self.opt.init(params)

    @functools.partial(jax.jit, static_argnums=0)
    def step(self):
        p = self.opt.params(self.state)
        value, grad = jax.value_and_grad(loss)(p)
        self.state = self.opt.update(grad=grad, value=value, params=p, state=self.state)
        return value

trainer = Trainer({"w": types.BoundedArray(jnp.ones(4), lower_bound=0.0, upper_bound=2.0)})
trainer.step()
jnp.sum(trainer.opt.params(trainer.state)["w"].array)
""",
        kind='leaked-tracer', argument=None, path=None, line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=24,
        note='A trainer class jits its step method (self static) and stores the new LbfgsbState on self inside the trace; reading it afterwards raises UnexpectedTracerError. Fix: return the new state and pass the state in as an argument; checked.',
    ),
    Case(
        id='ar-invrs-penalty-schedule-index',
        source='https://github.com/invrs-io/opt/blob/main/src/invrs_opt/optimizers/lbfgsb.py',
        code="""\
import jax
import jax.numpy as jnp
import invrs_opt
from totypes import types

opt = invrs_opt.lbfgsb()
penalty_schedule = [0.0, 0.1, 0.3, 1.0, 3.0]

def loss(p, weight):
    x = p["w"].array
    return jnp.sum((x - 0.5) ** 2) + weight * jnp.sum(x * (1.0 - x))

@jax.jit
def step(state):
    p = opt.params(state)
    weight = penalty_schedule[state.step]
    value, grad = jax.value_and_grad(loss)(p, weight)
    return opt.update(grad=grad, value=value, params=p, state=state)

state = opt.init({"w": types.BoundedArray(jnp.full(4, 0.3), lower_bound=0.0, upper_bound=1.0)})
state = step(state)
""",
        kind='integer-conversion', argument='state', path='state.step', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='LbfgsbState.step is a pytree data field, so inside the jitted step it is a tracer; indexing a Python list schedule with it raises TracerIntegerConversionError. Fix: make the schedule a jnp array and index it with the traced step; checked.',
    ),
    Case(
        id='ar-invrs-numpy-fft-in-loss',
        source='https://github.com/invrs-io/opt/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import invrs_opt
from totypes import types

opt = invrs_opt.density_lbfgsb(beta=2.0)
density = types.Density2DArray(
    array=jnp.zeros((16, 16)), lower_bound=0.0, upper_bound=1.0,
    minimum_width=3, minimum_spacing=3,
)
target = np.ones((16, 16))

def loss(params):
    spectrum = np.fft.fft2(params["density"].array)
    return jnp.sum(jnp.abs(spectrum - target) ** 2)

state = opt.init({"density": density})
value, grad = jax.value_and_grad(loss)(opt.params(state))
""",
        kind='array-conversion', argument='params', path="params['density'].array", line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The loss passed to jax.value_and_grad uses np.fft.fft2 on the Density2DArray leaf; JAX raises TracerArrayConversionError. Fix: jnp.fft.fft2; checked.',
    ),
    Case(
        id='ar-invrs-if-in-loss',
        source='https://github.com/invrs-io/opt/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import invrs_opt
from totypes import types

opt = invrs_opt.lbfgsb()

def loss(params):
    thickness = params["thickness"].array
    err = jnp.sum((thickness - 1.3) ** 2)
    if thickness.max() > 2.0:
        err = err + 10.0 * jnp.sum((thickness - 2.0) ** 2)
    return err

@jax.jit
def step(state):
    params = opt.params(state)
    value, grad = jax.value_and_grad(loss)(params)
    return opt.update(grad=grad, value=value, params=params, state=state)

state = opt.init({"thickness": types.BoundedArray(jnp.ones(3), lower_bound=0.5, upper_bound=3.0)})
state = step(state)
""",
        kind='bool-conversion', argument='params', path="params['thickness'].array", line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Python if on the bounded parameter inside the loss, differentiated by value_and_grad inside a jitted optimizer step, raises TracerBoolConversionError. Fix: select the penalised loss with jnp.where (or lax.cond); checked.',
    ),
    Case(
        id='ar-invrs-float-logging',
        source='https://github.com/invrs-io/opt/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import optax
import invrs_opt
from totypes import types

opt = invrs_opt.wrapped_optax(optax.adam(0.05))

def loss(params):
    return jnp.sum((params["w"].array - 0.5) ** 2)

@jax.jit
def step(state):
    params = opt.params(state)
    value, grad = jax.value_and_grad(loss)(params)
    print(f"loss = {float(value):.4f}")
    return opt.update(grad=grad, value=value, params=params, state=state)

state = opt.init({"w": types.BoundedArray(jnp.ones(4), lower_bound=0.0, upper_bound=2.0)})
state = step(state)
""",
        kind='concretization', argument='state', path="state.params['w'].array", line=16,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="float() on the loss value to print progress inside the jitted wrapped_optax step raises ConcretizationTypeError. JAX's hint (astype) does not serve the printing intent; jax.debug.print does; checked.",
    ),
    Case(
        id='ar-invrs-traced-bounds',
        source='https://github.com/invrs-io/totypes/blob/main/src/totypes/types.py',
        code="""\
import jax
import jax.numpy as jnp
import invrs_opt
from totypes import types

opt = invrs_opt.lbfgsb()

@jax.jit
def init_state(x0, lo, hi):
    params = {"w": types.BoundedArray(x0, lower_bound=lo, upper_bound=hi)}
    return opt.init(params)

state = init_state(jnp.ones(4), 0.0, 2.0)
""",
        kind='bool-conversion', argument='lo', path='lo', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="totypes.BoundedArray validates lower_bound < upper_bound with a Python if in __post_init__; with bounds passed as jit arguments the library's own check raises TracerBoolConversionError. Bounds are static metadata of BoundedArray, so mark lo/hi static (static_argnames); checked.",
    ),
    Case(
        id='ar-cryojax-jax-jit-image-model',
        source='https://github.com/michael-0brien/cryojax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
pose = cxs.EulerAnglePose(phi_angle=20.0, theta_angle=80.0, psi_angle=-10.0)
image_model = cxs.make_image_model(volume, config, pose, ctf)

@jax.jit
def simulate_fn(image_model):
    return image_model.simulate()

image = simulate_fn(image_model)
""",
        kind='non-array-argument', argument='image_model', path='image_model.signal_centering', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The cryojax image model holds non-array fields (strings, ints); plain jax.jit tries to trace them and raises TypeError at image_model.signal_centering. JAX's static_argnums hint fails (the model holds arrays, so is unhashable); eqx.filter_jit, as the README shows, makes the non-array leaves static; checked.",
    ),
    Case(
        id='ar-cryojax-traced-image-size',
        source='https://github.com/michael-0brien/cryojax/issues/362',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
pose = cxs.EulerAnglePose(phi_angle=20.0, theta_angle=80.0, psi_angle=-10.0)

@jax.jit
def simulate_at_size(n):
    cfg = cxs.BasicImageConfig(shape=(n, n), pixel_size=1.0, voltage_in_kilovolts=300.0)
    return cxs.make_image_model(volume, cfg, pose, ctf).simulate()

image = simulate_at_size(48)
""",
        kind='traced-shape', argument='n', path='n', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The image size given to BasicImageConfig is a jit argument, so the shape tuple holds tracers; cryojax's own check raises AttributeError (padded_shape is not a tuple of Python ints). Fix: static_argnums for n; checked.",
    ),
    Case(
        id='ar-cryojax-traced-pad-scale',
        source='https://github.com/michael-0brien/cryojax/issues/362',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
pose = cxs.EulerAnglePose(phi_angle=20.0, theta_angle=80.0, psi_angle=-10.0)

@jax.jit
def simulate_padded(pad_scale):
    cfg = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, pad_scale=pad_scale)
    return cxs.make_image_model(volume, cfg, pose, ctf).simulate()

image = simulate_padded(1.5)
""",
        kind='traced-shape', argument='pad_scale', path='pad_scale', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="pad_scale sets the padded image shape; as a jit argument it is traced and cryojax's _set_padded_shape compares it in a Python if, raising TracerBoolConversionError. Fix: make pad_scale static; checked.",
    ),
    Case(
        id='ar-cryojax-shape-list-static',
        source='https://github.com/michael-0brien/cryojax/issues/362',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
from functools import partial

@partial(jax.jit, static_argnames="shape")
def simulate(phi, shape):
    cfg = cxs.BasicImageConfig(shape=shape, pixel_size=1.0, voltage_in_kilovolts=300.0)
    pose = cxs.EulerAnglePose(phi_angle=phi, theta_angle=80.0, psi_angle=-10.0)
    return cxs.make_image_model(volume, cfg, pose, ctf).simulate()

image = simulate(20.0, shape=[32, 32])
""",
        kind='unhashable-static', argument='shape', path='shape', line=19,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The image shape is correctly marked static but passed as a list; jax.jit raises ValueError (non-hashable static argument). Fix: pass a tuple, which is also the type BasicImageConfig expects; checked.',
    ),
    Case(
        id='ar-cryojax-radial-mask-index',
        source='https://github.com/michael-0brien/cryojax/issues/362',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
import cryojax.ndimage as cxi
pose = cxs.EulerAnglePose(phi_angle=20.0, theta_angle=80.0, psi_angle=-10.0)
observed = cxs.make_image_model(volume, config, pose, ctf).simulate()
radius_grid = cxi.make_radial_coordinate_grid((32, 32))

@jax.jit
def masked_mse(model_image, mask_radius):
    inside = radius_grid < mask_radius
    return jnp.mean((model_image[inside] - observed[inside]) ** 2)

masked_mse(observed + 0.1, 12.0)
""",
        kind='boolean-index', argument='mask_radius', path='mask_radius', line=19,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A circular mask built from a cryojax radial coordinate grid and a traced radius is used as a boolean index in a jitted loss; JAX raises NonConcreteBooleanIndexError. Fix: keep the full array and mask with jnp.where / mean(where=); checked.',
    ),
    Case(
        id='ar-cryojax-scan-append',
        source='https://github.com/michael-0brien/cryojax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
images = []

def body(carry, angles):
    pose = cxs.EulerAnglePose(phi_angle=angles[0], theta_angle=angles[1], psi_angle=angles[2])
    images.append(cxs.make_image_model(volume, config, pose, ctf).simulate())
    return carry, None

angles = jnp.array([[0.0, 10.0, 0.0], [30.0, 60.0, 5.0], [90.0, 45.0, -20.0]])
jax.lax.scan(body, None, angles)
stack = jnp.stack(images)
""",
        kind='leaked-tracer', argument='angles', path='angles', line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=20,
        note="Images simulated inside a lax.scan body are appended to a Python list; stacking them after the scan raises UnexpectedTracerError. Fix: return each image as the scan's per-step output; checked.",
    ),
    Case(
        id='ar-cryojax-pose-list-argmax',
        source='https://github.com/michael-0brien/cryojax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
candidate_poses = [
    cxs.EulerAnglePose(phi_angle=a, theta_angle=40.0, psi_angle=0.0) for a in (0.0, 45.0, 90.0, 135.0)
]

@eqx.filter_jit
def refine_loss(observed, scores):
    best_pose = candidate_poses[jnp.argmax(scores)]
    model = cxs.make_image_model(volume, config, best_pose, ctf)
    return jnp.sum((model.simulate() - observed) ** 2)

refine_loss(jnp.zeros((32, 32)), jnp.array([0.1, 0.7, 0.3, 0.2]))
""",
        kind='integer-conversion', argument='scores', path='scores', line=17,
        fixes=('lax.switch', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note='A Python list of candidate pose objects is indexed with jnp.argmax of traced scores inside eqx.filter_jit; JAX raises TracerIntegerConversionError. Fix: lax.switch over the candidates (or stack the pose angles into jnp arrays and index those); checked lax.switch.',
    ),
    Case(
        id='ar-cryojax-if-pose-in-loss',
        source='https://github.com/michael-0brien/cryojax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import equinox as eqx
import cryojax.simulator as cxs

volume = cxs.GaussianMixtureVolume(
    jnp.array([[0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 6.0, 2.0]]), jnp.ones((3, 1)), 4.0 * jnp.ones((3, 1))
)
config = cxs.BasicImageConfig(shape=(32, 32), pixel_size=1.0, voltage_in_kilovolts=300.0)
ctf = cxs.ContrastTransferTheory(cxs.AstigmaticCTF(defocus_in_angstroms=9800.0), amplitude_contrast_ratio=0.1)
pose = cxs.EulerAnglePose(phi_angle=20.0, theta_angle=80.0, psi_angle=-10.0)
image_model = cxs.make_image_model(volume, config, pose, ctf)
observed = image_model.simulate()
is_pose = lambda x: isinstance(x, cxs.AbstractPose)
filter_spec = jax.tree.map(is_pose, image_model, is_leaf=is_pose)
model_grad, model_nograd = eqx.partition(image_model, filter_spec)

@eqx.filter_jit
@eqx.filter_value_and_grad
def loss_fn(model_grad, model_nograd, observed):
    model = eqx.combine(model_grad, model_nograd)
    loss = jnp.sum((model.simulate() - observed) ** 2)
    if model.pose.theta_angle > 90.0:
        loss = loss + 1.0e3 * (model.pose.theta_angle - 90.0) ** 2
    return loss

loss, grads = loss_fn(model_grad, model_nograd, observed)
""",
        kind='bool-conversion', argument='model_grad', path='model_grad.pose.theta_angle', line=23,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="In the README's partitioned loss (filter_value_and_grad under filter_jit) a Python if on the differentiated pose angle raises TracerBoolConversionError. Fix: jnp.where on the penalised loss; checked.",
    ),
    Case(
        id='ar-exojax-temperature-range-leak',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/rt/common.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.rt import ArtEmisPure

art = ArtEmisPure(pressure_top=1.0e-3, pressure_btm=1.0e2, nlayer=50, nu_grid=nu_grid)
dtau = jnp.full((50, nu_grid.size), 0.01)

@jax.jit
def emission(T0, alpha, Tmin):
    art.change_temperature_range(Tmin, 3000.0)
    T = art.clip_temperature(art.powerlaw_temperature(T0, alpha))
    return art.run(dtau, T)

flux = emission(1300.0, 0.1, 500.0)
T_check = art.clip_temperature(art.powerlaw_temperature(1500.0, 0.1))
""",
        kind='leaked-tracer', argument='Tmin', path='Tmin', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        use_line=19,
        note='art.change_temperature_range stores its arguments on the ArtEmisPure object; called inside a jitted model with a traced Tmin it leaves a tracer on art, and the next clip_temperature outside raises UnexpectedTracerError. Fix: set the temperature range once, outside the jit, with concrete values; checked.',
    ),
    Case(
        id='ar-exojax-sop-as-jit-arg',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/postproc/specop.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.postproc.specop import SopRotation

sop = SopRotation(nu_grid, vsini_max=50.0)

@jax.jit
def broaden(sop, spectrum, vsini):
    return sop.rigid_rotation(spectrum, vsini, 0.1, 0.1)

out = broaden(sop, jnp.ones(nu_grid.size), 10.0)
""",
        kind='non-array-argument', argument='sop', path='sop', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A SopRotation spectral operator is passed as a jit argument; JAX raises TypeError (not a valid JAX type). The operator is a plain, hashable object, so JAX's own hint (static_argnums) works; checked.",
    ),
    Case(
        id='ar-exojax-static-nu-obs',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/postproc/specop.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from functools import partial
from exojax.postproc.specop import SopInstProfile

sop = SopInstProfile(nu_grid, vrmax=50.0)
nu_obs = nu_grid[100:-100:4]

@partial(jax.jit, static_argnames="nu_obs")
def observe(spectrum, rv, nu_obs):
    return sop.sampling(sop.ipgauss(spectrum, 3.0), rv, nu_obs)

model = observe(jnp.ones(nu_grid.size), 10.0, nu_obs=nu_obs)
""",
        kind='unhashable-static', argument='nu_obs', path='nu_obs', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The observed wavenumber grid (a NumPy array) is marked static for the jitted SopInstProfile sampling; jax.jit raises ValueError (non-hashable static argument). sampling only uses jnp.interp, so the grid can simply be traced; checked.',
    ),
    Case(
        id='ar-exojax-sop-built-in-jit',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/postproc/specop.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.postproc.specop import SopRotation

@jax.jit
def broaden(spectrum, vsini):
    sop = SopRotation(nu_grid, vsini_max=2.0 * vsini)
    return sop.rigid_rotation(spectrum, vsini, 0.1, 0.1)

out = broaden(jnp.ones(nu_grid.size), 10.0)
""",
        kind='traced-shape', argument='vsini', path='vsini', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='SopRotation is constructed inside the jitted model with vsini_max derived from the traced vsini; its velocity_grid sizes the kernel with np.arange on a tracer and raises TracerArrayConversionError. Fix: build the operator once outside the jit with a fixed vsini_max (marking vsini static alone is not enough, exojax computes dv with jnp); checked.',
    ),
    Case(
        id='ar-exojax-nu2wav-shifted',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/utils/grids.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.utils.grids import nu2wav
from exojax.utils.constants import c

@jax.jit
def observed_wavelengths(rv):
    nu_shifted = nu_grid * (1.0 - rv / c)
    return nu2wav(nu_shifted, unit="AA")

wav_obs = observed_wavelengths(12.0)
""",
        kind='bool-conversion', argument='rv', path='rv', line=13,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note="nu2wav checks the grid ordering with Python comparisons (is_sorted); given a Doppler-shifted grid that depends on the traced rv, the library's own check raises TracerBoolConversionError. Fix: convert the static NumPy grid and apply the traced Doppler factor afterwards; checked.",
    ),
    Case(
        id='ar-exojax-band-mask-index',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/postproc/response.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.utils.constants import c

data = np.ones(nu_grid.size)

@jax.jit
def chi2(model, rv):
    nu_rest = nu_grid * (1.0 - rv / c)
    band = (nu_rest > 4350.0) & (nu_rest < 4360.0)
    return jnp.sum((model[band] - data[band]) ** 2)

chi2(jnp.ones(nu_grid.size), 5.0)
""",
        kind='boolean-index', argument='rv', path='rv', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A fitting band selected with a mask on the rest-frame wavenumbers (depending on the traced rv) is used as a boolean index in a jitted chi2; JAX raises NonConcreteBooleanIndexError. Fix: zero the residuals outside the band with jnp.where; checked.',
    ),
    Case(
        id='ar-exojax-np-interp',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/postproc/response.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.postproc.specop import SopRotation

sop = SopRotation(nu_grid, vsini_max=50.0)
nu_obs = np.linspace(nu_grid[50], nu_grid[-50], 500)

@jax.jit
def model(spectrum, vsini):
    rotated = sop.rigid_rotation(spectrum, vsini, 0.1, 0.1)
    return np.interp(nu_obs, nu_grid, rotated)

model(jnp.ones(nu_grid.size), 10.0)
""",
        kind='array-conversion', argument='spectrum', path='spectrum', line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The rotated spectrum (a tracer) is resampled onto the instrument grid with np.interp inside a jitted model; JAX raises TracerArrayConversionError. Fix: jnp.interp, as exojax's own sampling does; checked.",
    ),
    Case(
        id='ar-exojax-float-print-grad',
        source='https://github.com/HajimeKawahara/exojax/blob/master/src/exojax/rt/common.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from exojax.utils.grids import wavenumber_grid

nu_grid, wav, res = wavenumber_grid(22900.0, 23000.0, 2000, xsmode="premodit", unit="AA")
from exojax.rt import ArtEmisPure

art = ArtEmisPure(pressure_top=1.0e-3, pressure_btm=1.0e2, nlayer=50, nu_grid=nu_grid)
dtau = jnp.full((50, nu_grid.size), 0.01)

def mean_flux(T0, alpha):
    print(f"evaluating T0={float(T0):.1f} K")
    T = art.powerlaw_temperature(T0, alpha)
    return jnp.mean(art.run(dtau, T))

dT0, dalpha = jax.grad(mean_flux, argnums=(0, 1))(1300.0, 0.1)
""",
        kind='concretization', argument='T0', path='T0', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A progress print with float(T0) inside a model differentiated by jax.grad (no jit) raises ConcretizationTypeError. Fix: jax.debug.print; checked.',
    ),
]
