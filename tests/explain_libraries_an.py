"""Held-out library cases (set an): dinosaur, jaxsim, veros.

How they were built: each cell is my own minimal reduction of a usage pattern
shown in the library's docs, notebooks, source docstrings or GitHub threads
(the library issue trackers hold few tracing threads, so most sources are the
docs/source page of the API exercised; jaxsim #43 and #55 are real threads about
leaked tracers and static simulator fields). Every cell was written to a file
and run with /tmp/heldout20/venv_an/bin/python (CPU); all statements but the
last run cleanly, the last raises, and `line`/`use_line` were read off the
traceback frames that belong to the cell file. Each first fix was applied by
hand to a copy of the cell and re-run (all ran, except where verifiable=False).

Interpreter and versions: CPython 3.11.7; venv created with
--system-site-packages; jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8,
optax 0.2.8, numpy 2.4.6 (pins kept); dinosaur 1.5.1, jaxsim 0.9.0 (pulls rod
0.5.0, qpax 0.1.4), veros 1.7.0 (JAX backend selected with
veros.runtime_settings.backend = "jax" before importing the kernels).
jaxsim cells build a one-joint pendulum from an inline SDF string (URDF would
need the external sdformat tools); jaxsim prints a couple of NumPy
RuntimeWarnings while building the model, which are harmless.

Dropped: no library had to be replaced (all three installed and imported).
Drafted cases that raised correctly but were left out to keep the set near 22
and the kinds balanced: a jaxsim string-name jit argument (non-array-argument),
a jaxsim names_to_idxs list (unhashable-static), a veros np.where in a kernel
(array-conversion) and a veros `if vs.time < ...` kernel (bool-conversion).

Doubts about labels:
- an-dinosaur-repeated-traced-steps: the exception is TracerBoolConversionError
  from dinosaur's `if steps == 1`, but the root cause is a step count that must
  be static, so traced-shape is defensible.
- an-dinosaur-trajectory-traced-outer-steps: JAX's message suggests
  while_loop/fori_loop; that fits only if the user rewrites the library's
  trajectory helper, so jax_fitting_fix=False is arguable.
- an-dinosaur-grid-traced-wavenumbers: JAX raises ConcretizationTypeError from
  float() (math.ceil) inside dinosaur, so concretization is defensible; I chose
  traced-shape because the value is a grid size.
- an-dinosaur-int-inner-steps: int() on a tracer that becomes a scan length;
  traced-shape is defensible. `line` is the user's int() line (9).
- an-dinosaur-ode-stores-tendency-on-self: argument could be read as `self`
  (where it is stored); I name the traced parameter x that the value depends on.
- an-dinosaur-shallow-water-traced-densities: if the user wanted gradients with
  respect to densities there is no fix short of changing dinosaur (it uses
  NumPy there); 'static' keeps the forward result only. jnp-not-np would be the
  fix inside the library.
- an-dinosaur-equation-static-unhashable: the fix is to close over the equation
  (listed as 'static', i.e. moving it out of the arguments); 'hashable-static'
  is not practical and 'not-static' fails because the object is not a pytree.
- an-jaxsim-idx-to-name-traced: argument could be 'model' (idx_to_name reads
  model.kin_dyn_parameters), but the traced index comes only from data.
- an-jaxsim-vmap-static-gravity: JAX's error speaks of metadata hashability/
  equality, so unhashable-static or concretization are defensible; the value is
  a traced number put where a compile-time constant (static pytree field) is
  needed, hence traced-shape. line is the replace() call (15), the last cell frame.
- an-jaxsim-arange-time-step: 'lax.while_loop' could come first since it keeps
  time_step traced (no recompile per step size); 'static' is the simpler fix.
- an-jaxsim-grad-builtin-max: with plain jax.grad (no jit) this does not raise,
  because the primal value stays concrete; the cell uses jit(value_and_grad).
- an-jaxsim-scan-float-energy: the offending value depends on both scan
  parameters (data, tau); I name the first, data.
- an-veros-int-month-index: integer-conversion by the int() rule, although JAX
  raises ConcretizationTypeError.
- an-veros-masked-mean-boolean-index and the other veros kernels: the traced
  parameter is the VerosState pytree; the path is written as the variable
  attribute (state.variables.X), which JAX itself reports as state[0][k].
- an-veros-string-kernel-arg: JAX's message says to mark the argument static via
  jax.jit's static_argnums/static_argnames; the veros equivalent is
  veros_kernel(static_args=...), so jax_fitting_fix=True is defensible.
- an-veros-traced-setting: the error is raised inside veros (settings coerce
  with float()), so the user line is the assignment (11); if the intent were to
  differentiate through a setting, no fix keeps that.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='an-dinosaur-repeated-traced-steps',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/time_integration.py',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic, time_integration

grid = spherical_harmonic.Grid.T21()
diffuse = lambda x: x + 1e-3 * grid.laplacian(x)

@jax.jit
def advance(x, n_steps):
    step = time_integration.repeated(diffuse, n_steps)
    return step(x)

x0 = jnp.ones(grid.modal_shape)
advance(x0, 10)
""",
        kind='bool-conversion', argument='n_steps', path='n_steps', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The step count handed to time_integration.repeated is a jit argument, so dinosaur's own `if steps == 1` check sees a tracer and JAX raises TracerBoolConversionError inside the library; the count must be a Python int, so marking n_steps static (static_argnames) is the fix. Checked.",
    ),
    Case(
        id='an-dinosaur-trajectory-traced-outer-steps',
        source='https://github.com/google-research/dinosaur/blob/main/notebooks/held_suarez.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic, time_integration

grid = spherical_harmonic.Grid.T21()
diffuse = lambda x: x + 1e-3 * grid.laplacian(x)

@jax.jit
def forecast(x0, outer_steps):
    run = time_integration.trajectory_from_step(diffuse, outer_steps, inner_steps=1)
    final, traj = run(x0)
    return traj

forecast(jnp.ones(grid.modal_shape), 24)
""",
        kind='traced-shape', argument='outer_steps', path='outer_steps', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="outer_steps is passed through jit into trajectory_from_step, whose lax.scan needs a concrete length; JAX raises ConcretizationTypeError when the returned trajectory function runs. Making outer_steps static fixes it (the notebook builds the trajectory function outside jit). JAX's hint (while_loop/fori_loop) would mean rewriting the library's scan. Checked.",
    ),
    Case(
        id='an-dinosaur-grid-as-jit-argument',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/spherical_harmonic.py',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic

@jax.jit
def smooth(grid, x):
    modal = grid.to_modal(x)
    return grid.to_nodal(grid.clip_wavenumbers(modal, 4))

grid = spherical_harmonic.Grid.T21()
field = jnp.ones(grid.nodal_shape)
smooth(grid, field)
""",
        kind='non-array-argument', argument='grid', path='grid', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A spherical_harmonic.Grid (a frozen dataclass, not a pytree) is passed as a traced jit argument; JAX raises TypeError (not a valid JAX type) at the call. Grid is hashable, so static_argnums=0 works, as the message itself suggests. Checked.',
    ),
    Case(
        id='an-dinosaur-grid-traced-wavenumbers',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/spherical_harmonic.py',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic

@jax.jit
def grid_mean(wavenumbers):
    grid = spherical_harmonic.Grid.with_wavenumbers(wavenumbers)
    lon, sin_lat = grid.nodal_mesh
    return grid.integrate(jnp.cos(lon) ** 2 + sin_lat ** 2)

grid_mean(32)
""",
        kind='traced-shape', argument='wavenumbers', path='wavenumbers', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Building a Grid from a traced resolution: Grid.with_wavenumbers computes node counts with math.ceil, which calls float() on the tracer, so JAX raises ConcretizationTypeError inside dinosaur. The resolution sets array shapes and must be static (static_argnums=0); JAX's astype hint does not apply. Checked.",
    ),
    Case(
        id='an-dinosaur-int-inner-steps',
        source='https://github.com/google-research/dinosaur/blob/main/notebooks/held_suarez.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic, time_integration

grid = spherical_harmonic.Grid.T21()

@jax.jit
def run(x0, dt_minutes):
    inner_steps = int(60.0 / dt_minutes)
    step = lambda x: x + dt_minutes * 1e-4 * grid.laplacian(x)
    run_fn = time_integration.trajectory_from_step(step, 6, inner_steps)
    return run_fn(x0)[0]

run(jnp.ones(grid.modal_shape), 10.0)
""",
        kind='integer-conversion', argument='dt_minutes', path='dt_minutes', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The notebook computes inner_steps = int(save_every / dt) outside jit; doing it inside a jitted function with dt as an argument calls int() on a tracer and JAX raises ConcretizationTypeError. The step count feeds a scan length, so dt_minutes must be static; the astype hint in the message would not give a Python int. Checked.',
    ),
    Case(
        id='an-dinosaur-ode-stores-tendency-on-self',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/time_integration.py',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic, time_integration

grid = spherical_harmonic.Grid.T21()

class Diffusion(time_integration.ImplicitExplicitODE):
    def explicit_terms(self, x):
        self.last_tendency = -0.1 * x
        return self.last_tendency
    def implicit_terms(self, x):
        return 1e-3 * grid.laplacian(x)
    def implicit_inverse(self, x, dt):
        return x / (1 - dt * 1e-3 * grid.laplacian_eigenvalues)

eq = Diffusion()
step = jax.jit(time_integration.imex_rk_sil3(eq, 0.1))
x1 = step(jnp.ones(grid.modal_shape))
jnp.abs(eq.last_tendency).max()
""",
        kind='leaked-tracer', argument='x', path='x', line=9, use_line=19,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="A user ImplicitExplicitODE stores its explicit tendency on self while imex_rk_sil3 is traced under jit; reading eq.last_tendency afterwards raises UnexpectedTracerError. The fix is to return/recompute the value instead of storing it, but explicit_terms' return is fixed by the integrator, so it cannot be applied mechanically.",
    ),
    Case(
        id='an-dinosaur-post-process-boolean-mask',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/time_integration.py',
        code="""\
import jax
import jax.numpy as jnp
from dinosaur import spherical_harmonic, time_integration

grid = spherical_harmonic.Grid.T21()
diffuse = lambda x: x + 1e-3 * grid.laplacian(x)

def warm_pool_mean(x):
    nodal = grid.to_nodal(x)
    return nodal[nodal > 0.5].mean()

run = time_integration.trajectory_from_step(
    diffuse, outer_steps=4, inner_steps=2, post_process_fn=warm_pool_mean)
x0 = grid.to_modal(jnp.cos(grid.nodal_mesh[0]))
final, means = jax.jit(run)(x0)
""",
        kind='boolean-index', argument='x', path='x', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A post_process_fn given to trajectory_from_step is traced inside lax.scan; indexing the nodal field with a traced mask raises NonConcreteBooleanIndexError. A jnp.where-masked sum divided by the mask count gives the same mean. Checked.',
    ),
    Case(
        id='an-dinosaur-shallow-water-traced-densities',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/shallow_water.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from dinosaur import coordinate_systems, layer_coordinates, shallow_water, spherical_harmonic

coords = coordinate_systems.CoordinateSystem(
    spherical_harmonic.Grid.T21(), layer_coordinates.LayerCoordinates(2))
specs = shallow_water.ShallowWaterSpecs.from_si()
zeros = jnp.zeros((2,) + coords.horizontal.modal_shape)
state = shallow_water.State(zeros, zeros, zeros.at[:, 1, 1].set(0.1))

@jax.jit
def tendency(state, densities):
    eq = shallow_water.ShallowWaterEquations(
        coords, specs, None, np.array([1.0, 0.5]), densities=densities)
    return eq.explicit_terms(state)

tendency(state, np.array([1.0, 1.2]))
""",
        kind='array-conversion', argument='densities', path='densities', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Layer densities passed as a jit argument reach ShallowWaterEquations.density_ratios, which uses np.minimum/np.fill_diagonal, so JAX raises TracerArrayConversionError inside the library. The densities must stay NumPy constants: close over them (static_argnums fails because arrays are unhashable). Checked with a closure.',
    ),
    Case(
        id='an-dinosaur-equation-static-unhashable',
        source='https://github.com/google-research/dinosaur/blob/main/dinosaur/shallow_water.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import numpy as np
from dinosaur import coordinate_systems, layer_coordinates, shallow_water, spherical_harmonic, time_integration

coords = coordinate_systems.CoordinateSystem(
    spherical_harmonic.Grid.T21(), layer_coordinates.LayerCoordinates(1))
specs = shallow_water.ShallowWaterSpecs.from_si()
eq = shallow_water.ShallowWaterEquations(coords, specs, None, np.array([1.0]))

@functools.partial(jax.jit, static_argnums=0)
def step(equation, state):
    return time_integration.imex_rk_sil3(equation, 0.01)(state)

zeros = jnp.zeros((1,) + coords.horizontal.modal_shape)
step(eq, shallow_water.State(zeros, zeros, zeros))
""",
        kind='unhashable-static', argument='equation', path='equation', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='ShallowWaterEquations is a mutable dataclass holding arrays, so it is unhashable; marking it static_argnums=0 makes jit raise ValueError (Non-hashable static arguments). It is not a pytree either, so the fix is to take it out of the arguments (close over it, e.g. functools.partial before jit). Checked.',
    ),
    Case(
        id='an-jaxsim-idx-to-name-traced',
        source='https://github.com/gbionics/jaxsim/blob/main/src/jaxsim/api/joint.py',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)


@jax.jit
def fastest_joint(model, data):
    i = jnp.argmax(jnp.abs(data.joint_velocities))
    return js.joint.idx_to_name(model, joint_index=i)

fastest_joint(model, data)
''',
        kind='integer-conversion', argument='data', path='data.joint_velocities', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='js.joint.idx_to_name indexes a Python tuple of joint names with the index; with an argmax computed from traced joint velocities this raises TracerIntegerConversionError inside jaxsim. Names are Python strings, so return the index from jit and look the name up outside (moving it out of the trace). Checked.',
    ),
    Case(
        id='an-jaxsim-vmap-static-gravity',
        source='https://github.com/gbionics/jaxsim/pull/55',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)


def step_with_gravity(g):
    m = model.replace(gravity=g)
    return js.model.step(model=m, data=data).joint_positions

gs = jnp.array([-9.81, -3.71, -1.62])
out = jax.vmap(step_with_gravity)(gs)
''',
        kind='traced-shape', argument='g', path='g', line=15,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="JaxSimModel.gravity is a Static field (pytree metadata); vmapping over gravity puts a tracer there and model.replace's pytree check raises ValueError (metadata equality). Gravity must stay a Python float (loop over values); jaxsim's replace additionally needs validate=False to change a static field, so the fix is not a one-line change.",
    ),
    Case(
        id='an-jaxsim-arange-time-step',
        source='https://github.com/gbionics/jaxsim/blob/main/README.md',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)


@jax.jit
def simulate(model, data):
    for _ in jnp.arange(start=0, stop=0.01, step=model.time_step):
        data = js.model.step(model=model, data=data)
    return data.joint_positions

simulate(model, data)
''',
        kind='traced-shape', argument='model', path='model.time_step', line=16,
        fixes=('static', 'lax.while_loop'), verifiable=True, jax_fitting_fix=False,
        note="The README's jnp.arange(0, T, model.time_step) loop moved inside a jitted function: time_step is a traced leaf of the model pytree, so jnp.arange raises ConcretizationTypeError. JaxSimModel defines __hash__, so static_argnums=0 works; a while_loop on simulated time also keeps the result. Checked static.",
    ),
    Case(
        id='an-jaxsim-scan-controller-if',
        source='https://github.com/gbionics/jaxsim/blob/main/examples/jaxsim_as_physics_engine.ipynb',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)


def control_step(data, _):
    if data.joint_positions[0] > 0.5:
        tau = jnp.array([-1.0])
    else:
        tau = jnp.array([1.0])
    data = js.model.step(model=model, data=data, joint_force_references=tau)
    return data, data.joint_positions

final, qs = jax.lax.scan(control_step, data, length=100)
''',
        kind='bool-conversion', argument='data', path='data.joint_positions', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A bang-bang controller inside a lax.scan over js.model.step branches with Python if on the traced joint position; JAX raises TracerBoolConversionError. jnp.where selects the torque elementwise. Checked.',
    ),
    Case(
        id='an-jaxsim-grad-builtin-max',
        source='https://github.com/gbionics/jaxsim/blob/main/README.md',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)


def swing_cost(tau):
    d = data
    for _ in range(20):
        d = js.model.step(model=model, data=d, joint_force_references=tau)
    return max(0.0, d.joint_positions[0] - 0.1) ** 2

jax.jit(jax.value_and_grad(swing_cost))(jnp.array([2.0]))
''',
        kind='bool-conversion', argument='tau', path='tau', line=18,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='A cost differentiated through 20 jaxsim steps uses Python max on the traced final joint position under jit(value_and_grad); max compares tracers and JAX raises TracerBoolConversionError. jnp.maximum keeps the same hinge penalty. Checked.',
    ),
    Case(
        id='an-jaxsim-numpy-clip-torque',
        source='https://github.com/gbionics/jaxsim/blob/main/examples/jaxsim_for_robot_controllers.ipynb',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)

import numpy as np

@jax.jit
def pd_step(data, q_des):
    q = data.joint_positions
    tau = np.clip(50.0 * (q_des - q) - 2.0 * data.joint_velocities, -5.0, 5.0)
    return js.model.step(model=model, data=data, joint_force_references=tau)

pd_step(data, jnp.array([0.3]))
''',
        kind='array-conversion', argument='data', path='data.joint_positions', line=18,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A jitted PD controller saturates the torque with np.clip on traced joint states before js.model.step; NumPy calls __array__ and JAX raises TracerArrayConversionError. jnp.clip is the drop-in fix. Checked.',
    ),
    Case(
        id='an-jaxsim-step-history-leak',
        source='https://github.com/gbionics/jaxsim/issues/43',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)

history = []

@jax.jit
def logged_step(data):
    new_data = js.model.step(model=model, data=data)
    history.append(new_data)
    return new_data

data = logged_step(data)
js.model.kinetic_energy(model, history[0])
''',
        kind='leaked-tracer', argument='data', path='data', line=18, use_line=22,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A jitted wrapper around js.model.step appends the new JaxSimModelData to a Python list; the stored pytree holds tracers, and passing it to js.model.kinetic_energy later raises UnexpectedTracerError. Return the data and append outside the jitted function. Checked.',
    ),
    Case(
        id='an-jaxsim-scan-float-energy',
        source='https://github.com/gbionics/jaxsim/blob/main/examples/jaxsim_as_physics_engine.ipynb',
        code='''\
import jax
import jax.numpy as jnp
import jaxsim.api as js

SDF = """<sdf version="1.7"><model name="pendulum">
<link name="base"><inertial><mass>1.0</mass><inertia><ixx>0.1</ixx><iyy>0.1</iyy><izz>0.1</izz></inertia></inertial></link>
<link name="pole"><pose>0 0 0.5 0 0 0</pose><inertial><mass>0.5</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><parent>base</parent><child>pole</child><axis><xyz>1 0 0</xyz></axis></joint>
</model></sdf>"""
model = js.model.JaxSimModel.build_from_model_description(model_description=SDF)
data = js.data.JaxSimModelData.build(model=model)


def body(data, tau):
    data = js.model.step(model=model, data=data, joint_force_references=tau)
    energy = js.model.mechanical_energy(model, data)
    print(f"E = {float(energy):.4f}")
    return data, energy

taus = jnp.zeros((50, 1))
final, energies = jax.lax.scan(body, data, taus)
''',
        kind='concretization', argument='data', path='data', line=17,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Printing float(js.model.mechanical_energy(...)) inside a lax.scan body over jaxsim steps raises ConcretizationTypeError. jax.debug.print prints from inside the trace (the energies are already returned as scan outputs). Checked.',
    ),
    Case(
        id='an-veros-int-month-index',
        source='https://github.com/team-ocean/veros/blob/main/veros/setups/global_4deg/global_4deg.py',
        code="""\
from veros import runtime_settings
runtime_settings.backend = "jax"
import jax
import jax.numpy as jnp
from veros import veros_kernel, KernelOutput
from veros.state import get_default_state

state = get_default_state()
with state.settings.unlock():
    state.settings.update(nx=8, ny=6, nz=4)
state.initialize_variables()
SST_CLIM = jnp.linspace(4.0, 26.0, 12)

@veros_kernel
def set_forcing(state):
    vs = state.variables
    month = int(vs.time // (30 * 86400.0)) % 12
    return KernelOutput(forc_temp_surface=vs.maskT[:, :, -1] * SST_CLIM[month])

set_forcing(state)
""",
        kind='integer-conversion', argument='state', path='state.variables.time', line=17,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A set_forcing veros_kernel picks a monthly climatology with int(vs.time // month); kernels are jitted, so vs.time is traced and int() raises ConcretizationTypeError. Using .astype(int) gives a traced index that can index the jnp climatology array, as the message suggests. Checked.',
    ),
    Case(
        id='an-veros-masked-mean-boolean-index',
        source='https://github.com/team-ocean/veros/blob/main/doc/introduction/get-started.rst',
        code="""\
from veros import runtime_settings
runtime_settings.backend = "jax"
import jax
import jax.numpy as jnp
from veros import veros_kernel, KernelOutput
from veros.state import get_default_state

state = get_default_state()
with state.settings.unlock():
    state.settings.update(nx=8, ny=6, nz=4)
state.initialize_variables()

@veros_kernel
def mean_sst(state):
    vs = state.variables
    sst = vs.temp[:, :, -1, vs.tau]
    ocean = vs.maskT[:, :, -1] == 1
    return sst[ocean].mean()

mean_sst(state)
""",
        kind='boolean-index', argument='state', path='state.variables.maskT', line=18,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A veros_kernel averages SST over ocean points with sst[maskT == 1]; the mask is a traced state variable, so JAX raises NonConcreteBooleanIndexError. A where-masked sum over the mask count computes the same mean. Checked.',
    ),
    Case(
        id='an-veros-kernel-global-dict-leak',
        source='https://github.com/team-ocean/veros/blob/main/veros/routines.py',
        code="""\
from veros import runtime_settings
runtime_settings.backend = "jax"
import jax
import jax.numpy as jnp
from veros import veros_kernel, KernelOutput
from veros.state import get_default_state

state = get_default_state()
with state.settings.unlock():
    state.settings.update(nx=8, ny=6, nz=4)
state.initialize_variables()
DIAGNOSTICS = {}

@veros_kernel
def surface_flux(state):
    vs = state.variables
    sst = vs.temp[:, :, -1, vs.tau]
    DIAGNOSTICS["sst"] = sst
    return KernelOutput(forc_temp_surface=(20.0 - sst) / 30.0)

surface_flux(state)
jnp.mean(DIAGNOSTICS["sst"])
""",
        kind='leaked-tracer', argument='state', path='state.variables.temp', line=18, use_line=22,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A veros_kernel stashes the surface temperature in a module-level dict for diagnostics; after the jitted kernel returns, using it raises UnexpectedTracerError. Kernels must return their results: add it to the KernelOutput and read it from there. Checked.',
    ),
    Case(
        id='an-veros-static-args-list',
        source='https://github.com/team-ocean/veros/blob/main/veros/routines.py',
        code="""\
from veros import runtime_settings
runtime_settings.backend = "jax"
import jax
import jax.numpy as jnp
from veros import veros_kernel, KernelOutput
from veros.state import get_default_state

state = get_default_state()
with state.settings.unlock():
    state.settings.update(nx=8, ny=6, nz=4)
state.initialize_variables()

@veros_kernel(static_args=("levels",))
def layer_mean_temp(state, levels):
    vs = state.variables
    return vs.temp[:, :, levels, vs.tau].mean(axis=(0, 1))

layer_mean_temp(state, [0, 1, 2])
""",
        kind='unhashable-static', argument='levels', path='levels', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='levels is declared in veros_kernel(static_args=...), which veros passes to jax.jit as static_argnums; calling with a list raises ValueError (Non-hashable static arguments). Passing a tuple works. Checked.',
    ),
    Case(
        id='an-veros-string-kernel-arg',
        source='https://github.com/team-ocean/veros/blob/main/veros/routines.py',
        code="""\
from veros import runtime_settings
runtime_settings.backend = "jax"
import jax
import jax.numpy as jnp
from veros import veros_kernel, KernelOutput
from veros.state import get_default_state

state = get_default_state()
with state.settings.unlock():
    state.settings.update(nx=8, ny=6, nz=4)
state.initialize_variables()

@veros_kernel
def surface_forcing(state, scheme):
    vs = state.variables
    sst = vs.temp[:, :, -1, vs.tau]
    if scheme == "restoring":
        return KernelOutput(forc_temp_surface=(20.0 - sst) / 30.0)
    return KernelOutput(forc_temp_surface=jnp.zeros_like(sst))

surface_forcing(state, "restoring")
""",
        kind='non-array-argument', argument='scheme', path='scheme', line=21,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A string option passed to a veros_kernel that does not list it in static_args is treated as a traced argument; JAX raises TypeError (not a valid JAX type). Declaring static_args=('scheme',) fixes it; JAX's message names jax.jit's static_argnums, which the veros user never calls directly. Checked.",
    ),
    Case(
        id='an-veros-traced-setting',
        source='https://github.com/team-ocean/veros/blob/main/doc/reference/settings.rst',
        code="""\
from veros import runtime_settings
runtime_settings.backend = "jax"
import jax
import jax.numpy as jnp
from veros.state import get_default_state

def tracer_budget(kappa):
    state = get_default_state()
    with state.settings.unlock():
        state.settings.update(nx=8, ny=6, nz=4)
        state.settings.K_iso_0 = kappa
    state.initialize_variables()
    return jnp.sum(state.variables.temp) * state.settings.K_iso_0

jax.jit(tracer_budget)(1000.0)
""",
        kind='concretization', argument='kappa', path='kappa', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Assigning a traced diffusivity to state.settings.K_iso_0 inside a jitted function: veros coerces settings with float(), so JAX raises ConcretizationTypeError in veros' own code. Settings are static configuration; pass kappa as a static argument (static_argnums=0). Checked.",
    ),
]
