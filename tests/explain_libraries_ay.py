"""Held-out library cases (set AY): mbirjax, jaxsnn, jaxdecomp.

How they were built: every cell was written by hand as a small reduction of a
usage pattern shown in the library's own docs, template files, examples or
source (no GitHub issue thread showing these exact patterns was found for
these three small libraries, so sources are the doc/template/source pages of
the API each cell exercises). Each cell was run as a file with the set's venv
(/tmp/heldout26/venv_ay, created with --system-site-packages) and checked:
every statement but the last runs, the last raises, and `line`/`use_line`
match the traceback frames in the cell. The first listed fix was applied by
hand to a copy of each cell and re-run; all fixed copies run cleanly.

Interpreter and versions: CPython 3.11.7; jax 0.10.2, jaxlib 0.10.2,
numpy 2.4.6, flax 0.12.8, equinox 0.13.8, optax 0.2.8 (machine versions kept);
mbirjax 0.6.17.1, jaxsnn 0.3.0 (+ tree-math 0.2.1), jaxdecomp 0.3.1. CPU only.
Importing jaxsnn logs a warning that hxtorch is missing and mbirjax warns about
device setup / TkAgg on stderr; neither is an exception.

Dropped candidates and why:
- xarray-jax: every release requires equinox<0.12; pip reports
  ResolutionImpossible against the pinned equinox 0.13.8, so it does not
  install with the pins. Replaced by the first alternate, jaxdecomp.
- optymus 0.1.7: installs, but it pins pandas==2.0.3, whose compiled modules
  fail to import under numpy 2.4.6 ("numpy.dtype size changed"), so
  `import optymus` fails. Replaced by an alternate.
- chemtrain 0.0.1 (second alternate): installs, but `import chemtrain` fails
  with ImportError (`from jax import tree_map`, removed in this JAX); it was
  uninstalled again. Replaced by the third alternate, jaxsnn.
- Cells dropped during building: jitting ct.forward_project (mbirjax builds a
  batch count with jnp, raising a traced-shape error with no user-level fix in
  the vocabulary), jax.grad through ct.set_params for centre-of-rotation fitting
  (no vocabulary fix keeps the gradient), jitting jaxsnn's example test_step
  (f-string formatting inside library code), and a second tracer-into-static
  jaxdecomp case (fftfreq3d's d).

Labelling conventions: a tracer reaching a library's static argument is
labelled traced-shape ("other compile-time constant"), a concrete unhashable
value there is unhashable-static. For cells where a library traces a
user-written function (mbirjax per-view projector, jaxsnn Population step),
`argument` is that function's parameter.

Doubts about labels:
- ay-mbirjax-projector-int-drift: JAX raises ConcretizationTypeError for int(),
  so `concretization` is defensible; the brief maps int() to integer-conversion.
- ay-mbirjax-projector-kernel-width: the radius depends only on static
  projector_params fields, so argument None; `projector_params` is arguable.
  `concretization` is also defensible as the kind (a jnp value used as an int).
- ay-mbirjax-set-params-jax-scalar: line 9 is where the library raises; line 8
  (set_params storing the JAX scalar) is where the value enters the model.
- ay-mbirjax-projector-math-cos: the fix is "use jnp instead of math";
  `jnp-not-builtin` could be read as fitting better than `jnp-not-np`.
- ay-jaxsnn-data-loader-assert-under-jit: the fix is the loader's own option
  (num_batches); someone might call it numpy-for-static since the library
  computes the count with jnp. Argument None because the traced count comes
  from a constant broadcast, not from `key`.
- ay-jaxsnn-jit-update-optimizer-arg: path could be given as `optimizer`
  rather than the first offending leaf `optimizer.init`; loss_fn is a second
  non-array argument.
- ay-jaxsnn-first-spike-traced-count: a count used by range() could also be
  called traced-shape.
- ay-jaxsnn-step-appends-voltage: the leaked value is the state `v` of the
  step; `inputs` is the first parameter of the step but the stored value does
  not depend on it.
- ay-jaxdecomp-halo-extent-traced: the JAX message is the non-hashable static
  argument ValueError, so unhashable-static is defensible.
- ay-jaxdecomp-kshell-boolean-mask: the mask depends on `field` only through
  fftfreq3d (shape-derived values that are traced inside jit) and on `kmax`;
  `kmax` or None are defensible arguments.
- ay-jaxdecomp-power-spectrum-np-histogram: np.histogram of kmag itself works
  (kmag is concrete under grad); only the weights are traced.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ay-mbirjax-projector-angle-branch',
        source='https://github.com/cabouman/mbirjax/blob/main/docs/source/_static/new_model_template.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mbirjax as mj

class FlippedParallel(mj.ParallelBeamModel):
    @staticmethod
    def forward_project_pixel_batch_to_one_view(voxel_values, pixel_indices, angle, projector_params):
        # fold views past 90 degrees back into (-90, 90]
        if angle > np.pi / 2:
            angle = angle - np.pi
        return mj.ParallelBeamModel.forward_project_pixel_batch_to_one_view(
            voxel_values, pixel_indices, angle, projector_params)

ct = FlippedParallel((8, 4, 16), np.linspace(0, np.pi, 8, endpoint=False))
sino = ct.forward_project(jnp.ones((16, 16, 4)))
""",
        kind='bool-conversion', argument='angle', path='angle', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom geometry overrides the per-view projector, which mbirjax jits and vmaps over the view angles; a Python `if` on the angle raises TracerBoolConversionError. Selecting the folded angle with jnp.where (or lax.cond) keeps it traceable; checked.',
    ),
    Case(
        id='ay-mbirjax-projector-numpy-sin',
        source='https://github.com/cabouman/mbirjax/blob/main/docs/source/_static/new_model_template.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mbirjax as mj

class WobbleParallel(mj.ParallelBeamModel):
    @staticmethod
    def forward_project_pixel_batch_to_one_view(voxel_values, pixel_indices, angle, projector_params):
        # small sinusoidal wobble of the rotation stage
        angle = angle + 0.01 * np.sin(2 * angle)
        return mj.ParallelBeamModel.forward_project_pixel_batch_to_one_view(
            voxel_values, pixel_indices, angle, projector_params)

ct = WobbleParallel((8, 4, 16), np.linspace(0, np.pi, 8, endpoint=False))
sino = ct.forward_project(jnp.ones((16, 16, 4)))
""",
        kind='array-conversion', argument='angle', path='angle', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.sin on the vmapped view angle inside a user projector calls __array__ on a BatchTracer: TracerArrayConversionError. Using jnp.sin fixes it; checked.',
    ),
    Case(
        id='ay-mbirjax-projector-int-drift',
        source='https://github.com/cabouman/mbirjax/blob/main/docs/source/_static/new_model_template.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mbirjax as mj

class ShiftedParallel(mj.ParallelBeamModel):
    @staticmethod
    def forward_project_pixel_batch_to_one_view(voxel_values, pixel_indices, angle, projector_params):
        view = mj.ParallelBeamModel.forward_project_pixel_batch_to_one_view(
            voxel_values, pixel_indices, angle, projector_params)
        # detector drifts by one channel every 45 degrees
        drift = int(angle / (np.pi / 4))
        return jnp.roll(view, drift, axis=1)

ct = ShiftedParallel((8, 4, 16), np.linspace(0, np.pi, 8, endpoint=False))
sino = ct.forward_project(jnp.ones((16, 16, 4)))
""",
        kind='integer-conversion', argument='angle', path='angle', line=11,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='int() of a quantity derived from the traced view angle to get a channel shift raises ConcretizationTypeError (the int() variant); jnp.roll accepts a traced shift, so `.astype(int)` (as the message suggests) works; checked.',
    ),
    Case(
        id='ay-mbirjax-projector-kernel-width',
        source='https://github.com/cabouman/mbirjax/blob/main/docs/source/_static/new_model_template.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import mbirjax as mj

class BlurredParallel(mj.ParallelBeamModel):
    @staticmethod
    def forward_project_pixel_batch_to_one_view(voxel_values, pixel_indices, angle, projector_params):
        gp = projector_params.geometry_params
        view = mj.ParallelBeamModel.forward_project_pixel_batch_to_one_view(
            voxel_values, pixel_indices, angle, projector_params)
        # detector blur kernel whose width follows the voxel/channel ratio
        radius = jnp.ceil(gp.delta_voxel / gp.delta_det_channel).astype(int)
        kernel = jnp.ones(2 * radius + 1) / (2 * radius + 1)
        return jnp.apply_along_axis(lambda r: jnp.convolve(r, kernel, mode='same'), 1, view)

ct = BlurredParallel((8, 4, 16), np.linspace(0, np.pi, 8, endpoint=False))
sino = ct.forward_project(jnp.ones((16, 16, 4)))
""",
        kind='traced-shape', argument=None, path=None, line=13,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The blur radius is computed with jnp.ceil from static geometry floats inside the jitted projector, so it becomes a tracer and jnp.ones(2*radius+1) raises TypeError (shapes must be concrete). Computing it with np.ceil/int keeps it a Python int; checked. The message hint about static_argnums does not apply (projector_params is already static).',
    ),
    Case(
        id='ay-mbirjax-set-params-jax-scalar',
        source='https://github.com/cabouman/mbirjax/blob/main/docs/source/usr_parameters.rst',
        code="""\
import jax.numpy as jnp
import numpy as np
import mbirjax as mj

ct = mj.ParallelBeamModel((8, 4, 16), np.linspace(0, np.pi, 8, endpoint=False))
# centre-of-rotation offset measured earlier and kept as a JAX scalar
offset = jnp.mean(jnp.array([0.4, 0.6]))
ct.set_params(det_channel_offset=offset)
sino = ct.forward_project(jnp.ones((16, 16, 4)))
""",
        kind='unhashable-static', argument=None, path=None, line=9,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A geometry parameter set to a JAX scalar ends up in the namedtuple mbirjax passes as a static jit argument, so forward_project raises ValueError (non-hashable static argument). Passing float(offset) to set_params makes it hashable; checked.',
    ),
    Case(
        id='ay-mbirjax-gen-weights-string-arg',
        source='https://github.com/cabouman/mbirjax/blob/main/mbirjax/vcd_utils.py',
        code="""\
import jax
import jax.numpy as jnp
import mbirjax as mj

@jax.jit
def weighted_residual(sino, predicted, weight_type):
    weights = mj.gen_weights(sino, weight_type)
    return jnp.sum(weights * (sino - predicted) ** 2)

sino = jnp.ones((8, 4, 16))
loss = weighted_residual(sino, 0.9 * sino, 'transmission_root')
""",
        kind='non-array-argument', argument='weight_type', path='weight_type', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The weight_type string for mj.gen_weights is passed as a positional argument of a jitted loss, so jit raises TypeError (str is not a valid JAX type). Marking it static_argnames works, as the message says; checked.',
    ),
    Case(
        id='ay-mbirjax-projector-math-cos',
        source='https://github.com/cabouman/mbirjax/blob/main/docs/source/_static/new_model_template.py',
        code="""\
import math
import jax.numpy as jnp
import numpy as np
import mbirjax as mj

class TiltedParallel(mj.ParallelBeamModel):
    @staticmethod
    def forward_project_pixel_batch_to_one_view(voxel_values, pixel_indices, angle, projector_params):
        view = mj.ParallelBeamModel.forward_project_pixel_batch_to_one_view(
            voxel_values, pixel_indices, angle, projector_params)
        # detector response falls off with the obliquity of the view
        return view * (0.9 + 0.1 * math.cos(angle))

ct = TiltedParallel((8, 4, 16), np.linspace(0, np.pi, 8, endpoint=False))
sino = ct.forward_project(jnp.ones((16, 16, 4)))
""",
        kind='concretization', argument='angle', path='angle', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='math.cos on the traced view angle inside a custom projector needs a Python float and raises ConcretizationTypeError; jnp.cos fixes it (the astype hint in the message does not). Checked.',
    ),
    Case(
        id='ay-jaxsnn-custom-step-if-reset',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/discrete/topology.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxsnn.discrete.topology import Topology
from jaxsnn.discrete.modules import Input, Linear
from jaxsnn.discrete.functional import LIFState
from jaxsnn.discrete.types import Population

def ResetLayer(size, v_th=0.5):
    def generator(dt):
        def step_fn(inputs, state, params):
            v = state.V
            if jnp.any(v > v_th):  # reset the whole layer after any spike
                v = jnp.zeros(size)
            v = 0.9 * v + inputs["syn"]
            return LIFState(v, state.I), (v > v_th).astype(jnp.float32)
        state_fn = lambda: (LIFState(jnp.zeros(size), jnp.zeros(size)), jnp.zeros(size))
        return Population.Functions(lambda rng: None, state_fn, step_fn)
    return Population(generator, {"size": size}, size)

net = Topology(dt=1e-3)
net.add({"inp": Input(2), "syn": Linear(mean=0.5, std=0.1), "out": ResetLayer(3)})
net.connect([("inp", "syn"), ("syn", "out")])
init_fn, apply_fn = net.done()
_, spikes = apply_fn({"inp": jnp.ones((10, 2))}, init_fn(jax.random.PRNGKey(0)))
""",
        kind='bool-conversion', argument='state', path='state.V', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user-defined Population step function is scanned over time by the discrete Topology; its `if jnp.any(v > v_th)` on the LIFState voltage raises TracerBoolConversionError. jnp.where on the reset keeps it traceable; checked.',
    ),
    Case(
        id='ay-jaxsnn-step-appends-voltage',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/discrete/topology.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxsnn.discrete.topology import Topology
from jaxsnn.discrete.modules import Input, Linear
from jaxsnn.discrete.types import Population

voltage_trace = []

def LeakyLayer(size):
    def generator(dt):
        def step_fn(inputs, v, params):
            voltage_trace.append(v)  # keep the membrane potential for plotting
            v = 0.9 * v + inputs["syn"]
            return v, (v > 0.5).astype(jnp.float32)
        return Population.Functions(lambda rng: None, lambda: (jnp.zeros(size), jnp.zeros(size)), step_fn)
    return Population(generator, {"size": size}, size)

net = Topology(dt=1e-3)
net.add({"inp": Input(2), "syn": Linear(mean=0.5, std=0.1), "out": LeakyLayer(3)})
net.connect([("inp", "syn"), ("syn", "out")])
init_fn, apply_fn = net.done()
_, spikes = apply_fn({"inp": jnp.ones((10, 2))}, init_fn(jax.random.PRNGKey(0)))
voltages = jnp.stack(voltage_trace)
""",
        kind='leaked-tracer', argument='v', path='v', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note='The custom step appends its state to a global list while Topology runs it under lax.scan; stacking the list afterwards raises UnexpectedTracerError. Returning the states (Topology(record_states=True)) works; checked by hand, but it needs the library option and several line changes.',
        use_line=23,
    ),
    Case(
        id='ay-jaxsnn-learnable-tau-numpy-exp',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/discrete/topology.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxsnn.discrete.topology import Topology
from jaxsnn.discrete.modules import Input, Linear
from jaxsnn.discrete.types import Population

def LearnableTauLayer(size):
    def generator(dt):
        def init_fn(rng):
            return {"tau": jnp.full(size, 1e-2)}  # trainable time constant per neuron
        def step_fn(inputs, v, params):
            v = np.exp(-dt / params["tau"]) * v + inputs["syn"]
            return v, (v > 0.5).astype(jnp.float32)
        return Population.Functions(init_fn, lambda: (jnp.zeros(size), jnp.zeros(size)), step_fn)
    return Population(generator, {"size": size}, size)

net = Topology(dt=1e-3)
net.add({"inp": Input(2), "syn": Linear(mean=0.5, std=0.1), "out": LearnableTauLayer(3)})
net.connect([("inp", "syn"), ("syn", "out")])
init_fn, apply_fn = net.done()
_, spikes = apply_fn({"inp": jnp.ones((10, 2))}, init_fn(jax.random.PRNGKey(0)))
""",
        kind='array-conversion', argument='params', path="params['tau']", line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Trainable per-neuron time constants returned by init_fn are carried through the Topology scan; np.exp on them raises TracerArrayConversionError. jnp.exp fixes it; checked.',
    ),
    Case(
        id='ay-jaxsnn-data-loader-assert-under-jit',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/base/dataset/dataloader.py',
        code="""\
import jax
from jaxsnn.base.dataset import yinyang_dataset, data_loader

coords, labels, _ = yinyang_dataset(jax.random.PRNGKey(0), 256, mirror=True, bias_spike=0.0)
trainset = ({"inp": coords}, labels)

@jax.jit
def shuffled_batches(key):
    return data_loader(trainset, 32, rng=key)

batches = shuffled_batches(jax.random.PRNGKey(1))
""",
        kind='bool-conversion', argument=None, path=None, line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="jaxsnn data_loader without num_batches derives the batch count with jnp/vmap and asserts on it; inside a jitted batching function the assert raises TracerBoolConversionError on a value that depends on no argument. Passing num_batches as a Python int (the loader's own static option) skips it; checked.",
    ),
    Case(
        id='ay-jaxsnn-jit-update-optimizer-arg',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/event/training.py',
        code="""\
import jax
import jax.numpy as jnp
import optax
from jaxsnn.event.training import update
from jaxsnn.event.types import OptState

def loss_fn(weights, batch):
    inputs, targets = batch
    pred = inputs @ weights["syn"]
    return jnp.mean((pred - targets) ** 2), pred

optimizer = optax.adam(1e-3)
weights = {"syn": jnp.ones((5, 3))}
state = OptState(optimizer.init(weights), weights, jax.random.PRNGKey(0))
batch = (jnp.ones((8, 5)), jnp.zeros((8, 3)))
state, (loss, grads) = jax.jit(update)(optimizer, loss_fn, state, batch)
""",
        kind='non-array-argument', argument='optimizer', path='optimizer.init', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Jitting jaxsnn.event.training.update directly passes the optax optimizer (a tuple of functions) and the loss function as traced arguments: TypeError at path optimizer.init. static_argnums=(0, 1) (or functools.partial, as the examples do) fixes it; checked.',
    ),
    Case(
        id='ay-jaxsnn-first-spike-traced-count',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/event/loss.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxsnn.event.types import Spike
from jaxsnn.event.loss import first_spike, mse_loss

spikes = Spike(time=jnp.array([1e-3, 2e-3, 3e-3, 4e-3]), idx=jnp.array([2, 0, 1, 0]),
               current=jnp.zeros(4), layer_idx=jnp.ones(4, dtype=int), internal=jnp.ones(4, dtype=bool))
target = jnp.array([1e-3, 2e-3, 3e-3])

@jax.jit
def output_loss(spikes, target, n_outputs):
    t_first = first_spike(spikes, n_outputs)
    return mse_loss(t_first, target, 1e-2)

loss = output_loss(spikes, target, 3)
""",
        kind='integer-conversion', argument='n_outputs', path='n_outputs', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="first_spike loops over range(n_outputs); with n_outputs a jitted argument the library raises TracerIntegerConversionError. static_argnames='n_outputs' fixes it; checked.",
    ),
    Case(
        id='ay-jaxsnn-encode-traced-time-steps',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/discrete/encode.py',
        code="""\
import jax
from jaxsnn.base.dataset import yinyang_dataset
from jaxsnn.discrete.encode import spatio_temporal_encode

coords, labels, _ = yinyang_dataset(jax.random.PRNGKey(0), 64, mirror=True, bias_spike=0.0)

@jax.jit
def encode_batch(xy, time_steps):
    encoder = jax.vmap(spatio_temporal_encode, in_axes=(0, None, None, None))
    return encoder(xy, time_steps, 1.5e-2, 5e-4)

spikes = encode_batch(coords, 60)
""",
        kind='traced-shape', argument='time_steps', path='time_steps', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='discrete spatio_temporal_encode builds jnp.eye(seq_length); the sequence length arrives as a jitted argument, so jnp.eye raises TypeError (shape must be concrete). Making time_steps static fixes it, as the message hints; checked.',
    ),
    Case(
        id='ay-jaxsnn-spike-mask-index',
        source='https://github.com/electronicvisions/jaxsnn/blob/master/src/pyjaxsnn/jaxsnn/event/types.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxsnn.event.types import Spike

# output layer recording: unused slots are padded with idx=-1 and time=inf
spikes = Spike(time=jnp.array([1e-3, 2e-3, jnp.inf, jnp.inf]), idx=jnp.array([2, 0, -1, -1]),
               current=jnp.zeros(4), layer_idx=jnp.ones(4, dtype=int), internal=jnp.array([True, True, False, False]))

@jax.jit
def mean_spike_time(spikes):
    valid = spikes.time[spikes.internal]
    return jnp.mean(valid)

t_mean = mean_spike_time(spikes)
""",
        kind='boolean-index', argument='spikes', path='spikes.internal', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Event outputs are padded Spike pytrees; selecting real spikes with spikes.time[spikes.internal] in a jitted function raises NonConcreteBooleanIndexError. A masked sum with jnp.where divided by the count keeps the mean; checked.',
    ),
    Case(
        id='ay-jaxdecomp-halo-extent-traced',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/04-halo_exchange.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxdecomp

@jax.jit
def exchange(field, halo):
    padded = jnp.pad(field, ((2, 2), (2, 2), (0, 0)))
    return jaxdecomp.halo_exchange(padded, halo_extents=(halo, halo), halo_periods=(True, True))

out = exchange(jnp.ones((8, 8, 8)), 2)
""",
        kind='traced-shape', argument='halo', path='halo', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The halo width is a jitted argument and goes into halo_exchange(halo_extents=...), which jaxdecomp passes as a static argument of its inner jit: ValueError (non-hashable static argument, a tracer). static_argnames='halo' fixes it; checked.",
    ),
    Case(
        id='ay-jaxdecomp-halo-config-lists',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/04-halo_exchange.md',
        code="""\
import json
import jax
import jax.numpy as jnp
import jaxdecomp

config = json.loads('{"halo_extents": [2, 2], "halo_periods": [true, true]}')

@jax.jit
def exchange(field):
    padded = jnp.pad(field, ((2, 2), (2, 2), (0, 0)))
    return jaxdecomp.halo_exchange(padded, config["halo_extents"], config["halo_periods"])

out = exchange(jnp.ones((8, 8, 8)))
""",
        kind='unhashable-static', argument=None, path=None, line=11,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Halo settings read from a JSON config arrive as lists; jaxdecomp hashes halo_extents/halo_periods as static arguments and raises ValueError (unhashable list). Converting to tuples fixes it; checked.',
    ),
    Case(
        id='ay-jaxdecomp-pfft-norm-string-arg',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/01-basic_usage.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxdecomp

@jax.jit
def gradient_x(field, norm):
    k = jaxdecomp.pfft3d(field, norm=norm)
    kz, ky, kx = jaxdecomp.fftfreq3d(k)
    return jaxdecomp.pifft3d(1j * kx * k, norm=norm).real

gx = gradient_x(jnp.ones((8, 8, 8)), "ortho")
""",
        kind='non-array-argument', argument='norm', path='norm', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The FFT normalisation string for pfft3d/pifft3d is a positional argument of the user's jitted function: TypeError (str is not a valid JAX type). static_argnames='norm' fixes it; checked.",
    ),
    Case(
        id='ay-jaxdecomp-power-spectrum-np-histogram',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/01-basic_usage.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jaxdecomp

edges = np.linspace(0.0, np.pi, 9)
target = np.ones(8)

def spectrum_loss(field):
    k = jaxdecomp.pfft3d(field)
    kz, ky, kx = jaxdecomp.fftfreq3d(k)
    kmag = jnp.sqrt(kx**2 + ky**2 + kz**2)
    power, _ = np.histogram(kmag.ravel(), bins=edges, weights=(jnp.abs(k) ** 2).ravel())
    counts, _ = np.histogram(kmag.ravel(), bins=edges)
    return jnp.sum((power / counts - target) ** 2)

loss, grad = jax.value_and_grad(spectrum_loss)(jax.random.normal(jax.random.PRNGKey(0), (8, 8, 8)))
""",
        kind='array-conversion', argument='field', path='field', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A power-spectrum loss bins |pfft3d(field)|^2 with np.histogram under jax.value_and_grad; the weights are JVP tracers, so TracerArrayConversionError. jnp.histogram with the same edges works and is differentiable; checked.',
    ),
    Case(
        id='ay-jaxdecomp-kshell-boolean-mask',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/01-basic_usage.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxdecomp

@jax.jit
def large_scale_power(field, kmax):
    k = jaxdecomp.pfft3d(field)
    kz, ky, kx = jaxdecomp.fftfreq3d(k)
    kmag = jnp.sqrt(kx**2 + ky**2 + kz**2)
    modes = k[(kmag > 0) & (kmag < kmax)]
    return jnp.mean(jnp.abs(modes) ** 2)

p = large_scale_power(jax.random.normal(jax.random.PRNGKey(0), (8, 8, 8)), 1.0)
""",
        kind='boolean-index', argument='field', path='field', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Selecting Fourier modes k[(kmag > 0) & (kmag < kmax)] inside jit (kmag from fftfreq3d of the transformed field) raises NonConcreteBooleanIndexError. Summing jnp.where-masked power and dividing by the mask count keeps the mean; checked.',
    ),
    Case(
        id='ay-jaxdecomp-spectrum-stored-on-self',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/01-basic_usage.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxdecomp

class Simulation:
    def __init__(self):
        self.last_power = None

    def kick(self, delta):
        k = jaxdecomp.pfft3d(delta)
        self.last_power = jnp.abs(k) ** 2  # keep the spectrum for monitoring
        return jaxdecomp.pifft3d(0.5 * k).real

sim = Simulation()
delta = jax.jit(sim.kick)(jnp.ones((8, 8, 8)))
print(sim.last_power.mean())
""",
        kind='leaked-tracer', argument='delta', path='delta', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted method stores |pfft3d(delta)|^2 on self for monitoring; reading it after the call raises UnexpectedTracerError. Returning the spectrum as a second output fixes it; checked.',
        use_line=16,
    ),
    Case(
        id='ay-jaxdecomp-float-logging-in-jit',
        source='https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/01-basic_usage.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxdecomp

@jax.jit
def smooth(delta, scale):
    k = jaxdecomp.pfft3d(delta)
    kz, ky, kx = jaxdecomp.fftfreq3d(k)
    smoothed = jaxdecomp.pifft3d(k * jnp.exp(-0.5 * (kx**2 + ky**2 + kz**2) * scale**2)).real
    print(f"max overdensity after smoothing: {float(smoothed.max()):.3f}")
    return smoothed

out = smooth(jax.random.normal(jax.random.PRNGKey(0), (8, 8, 8)), 2.0)
""",
        kind='concretization', argument='delta', path='delta', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging float(smoothed.max()) inside a jitted Fourier-space smoothing step raises ConcretizationTypeError; jax.debug.print reports it at run time (the astype hint in the message does not fit). Checked.',
    ),
]
