"""Held-out library cases (set J): mujoco-mjx (MJX), jax-cfd, s2fft, qdax.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / doc page (where no library thread showed the exact pattern, the library's own
docs / README / demo notebook that shows the API the user code is built on), written against the
installed library versions: mujoco 4.0.0 + mujoco-mjx 3.17.0 (MJX-JAX; the optional Warp backend
is absent and only prints an import notice), jax-cfd 0.2.1, s2fft 1.5.0, qdax 0.5.0 (which pulls in
brax 0.14.2 and scikit-learn). jax/jaxlib/numpy/flax/optax/equinox were kept at their versions
with pip constraint files. Every cell was written to a .py file and run as a file (all statements
but the last run cleanly, the last raises) under both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
and raised the same exception class on both (recorded in each note); the user-code line in the
traceback was checked against `line` (and `use_line` for leaks). Every top fix was applied by hand
and the fixed cell re-run on both interpreters: for verifiable=True cases it is a mechanical edit
of the failing line(s) (jnp.where / lax.switch / static_argnames / jnp instead of np /
jax.debug.print / return the value / NamedTuple config); the three verifiable=False leaks were also
fixed and re-run, but the fix restructures the code.

Libraries dropped from the brief's list:
- efax (pip resolved efax 1.22.3 + tjax 1.3.13 on Python 3.11) and tjax: both fail to import on
  Python 3.11 (`from typing import override`, Python 3.12+ only); uninstalled again.
- neural-tangents 0.6.5: depends on tf2jax, which pulls in tensorflow 2.21 -- not installed.
- jaxfit 0.0.5 (substitute): fails to import (`from jax.config import config`); uninstalled.
Used instead: s2fft and qdax (substitutes), with mujoco-mjx and jax-cfd from the main list.

Doubts about labels:
- lib-j-mjx-get-data-inside-jit: argument/path None. The tracer MJX concretises (int() of the
  active-constraint count) is built from an empty broadcast constant in this contact-free model,
  so it depends on no parameter; in a model with contacts it would depend on d. The fix
  ("call mjx.get_data outside jit on the returned Data") is labelled return-value.
- lib-j-cfd-stable-time-step-traced-viscosity: the Python `if` is inside jax_cfd
  (equations.stable_time_step), not in user code; labelled bool-conversion (the exception) though
  the real issue is that viscosity must be a Python float there (traced-shape / concretization
  are defensible); jnp.where is not a possible fix.
- lib-j-cfd-grid-shape-traced-n: exception is TracerIntegerConversionError (operator.index in
  Grid.__init__); labelled traced-shape since n is an array shape. integer-conversion defensible.
- lib-j-cfd-grid-domain-traced-length: labelled concretization (float() on the domain bound in
  Grid.__init__); traced-shape is defensible since a Grid's domain is static metadata.
- lib-j-s2fft-forward-traced-bandlimit: exception is ValueError "Non-hashable static arguments"
  on a tracer (s2fft's inner jit has L static); labelled traced-shape, not unhashable-static.
- lib-j-s2fft-grad-default-numpy-method: fix is "pass method='jax'" (s2fft's default backend is
  NumPy); labelled jnp-not-np as the closest fix kind.
- lib-j-s2fft-leak-precompute-cache: leaked value depends on no traced parameter (argument None);
  the fix (build the precomputes eagerly, outside jit) is labelled return-value for lack of a
  closer kind; verifiable=False. use_line=10 is the line inside forward_cached where JAX raises
  on the second (eager) call made from line 15.
- lib-j-cfd-forcing-if-kinetic-energy / -trajectory-post-process-numpy / -leak-history: the
  value depends on the whole velocity tuple v; path v[0].data chosen (first leaf used).
- lib-j-mjx-leak-self-last-data: the whole stepped mjx.Data leaks; JAX reports a float32[1] leaf,
  path d.qpos chosen (d.qvel / d.time equally defensible).
- lib-j-mjx-vmap-reward-if-height: the `if` is in the helper reward(d); argument is the vmapped
  function's parameter qpos0 (d is derived from it via make_data().replace + mjx.step).
- lib-j-cfd-vmap-velocity-component-index: lax.switch labelled; stacking the components into an
  array and indexing it with the tracer is an equally good fix with no fix-kind name.
- lib-j-mjx-model-marked-static: not-static only; hashable-static is impossible (arrays inside).
- jax_fitting_fix: True only where JAX's message points at the working fix -- the two
  non-array-argument cases (message says mark it static) and the two plain leaks whose fix is to
  return the value (message says values must be passed in and out of transformed functions).
  The float()/int() concretization messages suggest astype, which never fits here.
- Dropped candidates (verified but cut to keep the kinds balanced): MJX lax.scan length=n_steps
  traced (traced-shape, fix static), MJX math.sin(d.time) in a controller (concretization, fix
  jnp.sin), jax-cfd funcutils.trajectory with traced num_frames (traced-shape), s2fft inverse
  with traced spin (TracerBoolConversionError from s2fft's `if spin >= 8` check). Not used:
  qdax compute_cvt_centroids inside jit (array-conversion of the PRNG key into sklearn's
  RandomState; the only real fix, "compute centroids outside jit", has no fix kind).
"""

from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-j-mjx-vmap-reward-if-height',
        source='https://mujoco.readthedocs.io/en/3.6.0/mjx.html',
        code="""\
import jax
import jax.numpy as jnp
import mujoco
from mujoco import mjx

XML = '<mujoco><worldbody><body pos="0 0 1"><joint name="z" type="slide" axis="0 0 1"/><geom size=".1" mass="1"/></body></worldbody></mujoco>'
mx = mjx.put_model(mujoco.MjModel.from_xml_string(XML))

def reward(d):
    if d.qpos[0] < -0.5:
        return -1.0
    return d.qvel[0] ** 2

def rollout(qpos0):
    d = mjx.make_data(mx).replace(qpos=qpos0)
    d = mjx.step(mx, d)
    return reward(d)

batch = jnp.linspace(-1.0, 1.0, 8)[:, None]
jax.jit(jax.vmap(rollout))(batch)
""",
        kind='bool-conversion', argument='qpos0', path='qpos0', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'User reward function over mjx.Data with a Python `if` on d.qpos; reached through '
            "jax.jit(jax.vmap(rollout)) (the MJX docs' batched-rollout pattern), d.qpos comes from mjx.step "
            'of the vmapped qpos0. Fix: jnp.where(d.qpos[0] < -0.5, -1.0, d.qvel[0] ** 2) (checked on both). '
            'Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-j-mjx-numpy-actuator-ctrlrange',
        source='https://github.com/google-deepmind/mujoco/issues/1291',
        code="""\
import jax
import numpy as np
import mujoco
from mujoco import mjx

XML = '''<mujoco><worldbody><body><joint name="h" type="hinge"/><geom size=".1" mass="1"/></body></worldbody>
<actuator><motor joint="h" ctrlrange="-1 1" ctrllimited="true"/></actuator></mujoco>'''
mx = mjx.put_model(mujoco.MjModel.from_xml_string(XML))
d0 = mjx.make_data(mx)

@jax.jit
def env_step(m, d, action):
    low, high = np.asarray(m.actuator_ctrlrange).T
    d = d.replace(ctrl=jax.numpy.clip(action, low, high))
    return mjx.step(m, d)

env_step(mx, d0, jax.numpy.array([2.0]))
""",
        kind='array-conversion', argument='m', path='m.actuator_ctrlrange', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            "mjx.Model passed as a jit argument; the user's env step converts m.actuator_ctrlrange with "
            'np.asarray to get the action bounds (as in the issue, where the array was traced and could not '
            'be materialised). Fix: jnp.asarray (checked on both). Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerArrayConversionError (message names m.actuator_ctrlrange).'
        ),
    ),
    Case(
        id='lib-j-mjx-get-data-inside-jit',
        source='https://github.com/google-deepmind/mujoco/issues/1256',
        code="""\
import jax
import mujoco
from mujoco import mjx

XML = '<mujoco><worldbody><body><joint type="hinge"/><geom size=".1" mass="1"/></body></worldbody></mujoco>'
m = mujoco.MjModel.from_xml_string(XML)
mx = mjx.put_model(m)

@jax.jit
def step_and_sync(d):
    d = mjx.step(mx, d)
    host = mjx.get_data(m, d)
    return d, host.qpos

step_and_sync(mjx.make_data(mx))
""",
        kind='concretization', argument=None, path=None, line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note=(
            "mjx.get_data (device -> host MjData) called inside the user's jitted step; MJX's _get_data_into "
            'does int(efc_active.sum()) on the traced constraint Jacobian. In this contact-free model efc_J '
            "is an empty broadcast constant, so the tracer depends on no argument (JAX's message lists only "
            'broadcast_in_dim ops). Fix: return d out of the jitted function and call mjx.get_data outside '
            '(checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'ConcretizationTypeError (the `int` function).'
        ),
    ),
    Case(
        id='lib-j-mjx-model-marked-static',
        source='https://mujoco.readthedocs.io/en/3.6.0/mjx.html',
        code="""\
import functools
import jax
import mujoco
from mujoco import mjx

XML = '<mujoco><worldbody><body><joint type="hinge"/><geom size=".1" mass="1"/></body></worldbody></mujoco>'
mx = mjx.put_model(mujoco.MjModel.from_xml_string(XML))

@functools.partial(jax.jit, static_argnums=0)
def step(m, d):
    return mjx.step(m, d)

step(mx, mjx.make_data(mx))
""",
        kind='unhashable-static', argument='m', path='m', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'User marks the mjx.Model static (static_argnums=0) thinking the model is a compile-time '
            'constant; mjx.Model is a pytree of jax arrays and is unhashable. Fix: drop static_argnums and '
            'pass the model as a normal (traced) argument, as the MJX docs do (checked on both). Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError "Non-hashable static '
            'arguments are not supported" (chained from TypeError unhashable ArrayImpl), raised at the call '
            '(line 13).'
        ),
    ),
    Case(
        id='lib-j-mjx-vmap-task-id-list-index',
        source='https://mujoco.readthedocs.io/en/3.6.0/mjx.html',
        code="""\
import jax
import jax.numpy as jnp
import mujoco
from mujoco import mjx

XML = '<mujoco><worldbody><body><joint type="slide" axis="1 0 0"/><geom size=".1" mass="1"/></body></worldbody></mujoco>'
mx = mjx.put_model(mujoco.MjModel.from_xml_string(XML))

reward_fns = [lambda d: d.qvel[0], lambda d: -d.qvel[0], lambda d: -jnp.abs(d.qpos[0])]

def episode_reward(task_id, d):
    d = mjx.step(mx, d)
    return reward_fns[task_id](d)

task_ids = jnp.array([0, 1, 2, 0])
jax.vmap(episode_reward, in_axes=(0, None))(task_ids, mjx.make_data(mx))
""",
        kind='integer-conversion', argument='task_id', path='task_id', line=13,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Multi-task reward: a Python list of reward functions over mjx.Data indexed by a task id that is '
            'vmapped. Fix: jax.lax.switch(task_id, reward_fns, d) (checked on both). Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-j-mjx-leak-self-last-data',
        source='https://github.com/google-deepmind/mujoco_playground/issues/41',
        code="""\
import jax
import mujoco
from mujoco import mjx

XML = '<mujoco><worldbody><body><joint type="hinge"/><geom size=".1" mass="1"/></body></worldbody></mujoco>'
mx = mjx.put_model(mujoco.MjModel.from_xml_string(XML))

class Recorder:
    def __init__(self):
        self.last_data = None

    def step(self, d):
        d = mjx.step(mx, d)
        self.last_data = d
        return d.qpos

rec = Recorder()
qpos = jax.jit(rec.step)(mjx.make_data(mx))
mjx.step(mx, rec.last_data)
""",
        kind='leaked-tracer', argument='d', path='d.qpos', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note=(
            "A recorder object's bound method is jitted and stores the stepped mjx.Data on self; the stored "
            'Data is later passed to mjx.step outside the trace. Fix: return d from the jitted function and '
            'assign rec.last_data outside (checked on both). Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 19.'
        ),
        use_line=19,
    ),
    Case(
        id='lib-j-mjx-grad-leak-velocity-list',
        source='https://mujoco.readthedocs.io/en/3.6.0/mjx.html',
        code="""\
import jax
import jax.numpy as jnp
import mujoco
from mujoco import mjx

XML = '''<mujoco><worldbody><body><joint name="h" type="hinge"/><geom size=".1" mass="1"/></body></worldbody>
<actuator><motor joint="h"/></actuator></mujoco>'''
mx = mjx.put_model(mujoco.MjModel.from_xml_string(XML))
d0 = mjx.make_data(mx)
velocities = []

def loss(ctrl):
    d = mjx.step(mx, d0.replace(ctrl=ctrl))
    velocities.append(d.qvel)
    return jnp.sum(d.qvel ** 2)

g = jax.grad(loss)(jnp.array([0.3]))
jnp.stack(velocities).mean()
""",
        kind='leaked-tracer', argument='ctrl', path='ctrl', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note=(
            'Differentiating through mjx.step with jax.grad while appending d.qvel to a global list for '
            'logging; the list holds LinearizeTracers used later by jnp.stack. Fix: return the velocities as '
            'aux (jax.grad(loss, has_aux=True)) (checked on both). Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 18.'
        ),
        use_line=18,
    ),
    Case(
        id='lib-j-cfd-stable-time-step-traced-viscosity',
        source='https://github.com/google/jax-cfd/issues/259',
        code="""\
import jax
import jax.numpy as jnp
import jax_cfd.base as cfd

grid = cfd.grids.Grid((32, 32), domain=((0, 2 * jnp.pi), (0, 2 * jnp.pi)))
v0 = cfd.initial_conditions.filtered_velocity_field(jax.random.PRNGKey(0), grid, 2.0, 4)

@jax.jit
def simulate(v, viscosity):
    dt = cfd.equations.stable_time_step(2.0, 0.5, viscosity, grid)
    step = cfd.equations.semi_implicit_navier_stokes(density=1.0, viscosity=viscosity, dt=dt, grid=grid)
    return cfd.funcutils.repeated(step, 10)(v)

simulate(v0, 1e-3)
""",
        kind='bool-conversion', argument='viscosity', path='viscosity', line=10,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Viscosity passed as a jit argument (to differentiate/sweep it) and fed to '
            'cfd.equations.stable_time_step, whose `if diffusion_dt < dt: raise` check is a Python '
            "comparison on the traced viscosity-derived dt. Fix: static_argnames='viscosity' (checked on "
            'both) or compute dt outside jit with Python floats. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerBoolConversionError (raised inside jax_cfd/base/equations.py).'
        ),
    ),
    Case(
        id='lib-j-cfd-grid-shape-traced-n',
        source='https://github.com/google/jax-cfd/blob/main/notebooks/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax_cfd.base as cfd

@jax.jit
def initial_vorticity(key, n):
    grid = cfd.grids.Grid((n, n), domain=((0, 2 * jnp.pi), (0, 2 * jnp.pi)))
    v = cfd.initial_conditions.filtered_velocity_field(key, grid, 2.0, 4)
    return cfd.finite_differences.curl_2d(v).data

initial_vorticity(jax.random.PRNGKey(0), 64)
""",
        kind='traced-shape', argument='n', path='n', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Grid resolution passed as a jit argument and used in cfd.grids.Grid((n, n), ...); Grid's "
            "constructor calls operator.index on each shape entry. Fix: static_argnames='n' (checked on "
            'both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerIntegerConversionError (labelled traced-shape: n is an array shape).'
        ),
    ),
    Case(
        id='lib-j-cfd-grid-domain-traced-length',
        source='https://github.com/google/jax-cfd/blob/main/notebooks/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax_cfd.base as cfd

@jax.jit
def max_divergence(key, length):
    grid = cfd.grids.Grid((32, 32), domain=((0, length), (0, length)))
    v = cfd.initial_conditions.filtered_velocity_field(key, grid, 1.0, 3)
    return jnp.max(jnp.abs(cfd.finite_differences.divergence(v).data))

max_divergence(jax.random.PRNGKey(0), 2.0)
""",
        kind='concretization', argument='length', path='length', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Domain length passed as a jit argument and used in Grid(..., domain=((0, length), ...)); Grid '
            'stores its domain as static metadata and calls float() on the bounds. Fix: '
            "static_argnames='length' (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax "
            '0.12.0.1) raise ConcretizationTypeError (the `float` function; JAX suggests astype, which does '
            'not fit).'
        ),
    ),
    Case(
        id='lib-j-cfd-forcing-if-kinetic-energy',
        source='https://github.com/google/jax-cfd/issues/233',
        code="""\
import jax
import jax.numpy as jnp
import jax_cfd.base as cfd

grid = cfd.grids.Grid((32, 32), domain=((0, 2 * jnp.pi), (0, 2 * jnp.pi)))
v0 = cfd.initial_conditions.filtered_velocity_field(jax.random.PRNGKey(0), grid, 2.0, 4)

def capped_forcing(v):
    kinetic = 0.5 * jnp.mean(v[0].data ** 2 + v[1].data ** 2)
    if kinetic > 1.0:
        return tuple(cfd.grids.GridArray(jnp.zeros_like(u.data), u.offset, grid) for u in v)
    return tuple(cfd.grids.GridArray(0.1 * jnp.ones_like(u.data), u.offset, grid) for u in v)

step = cfd.equations.semi_implicit_navier_stokes(density=1.0, viscosity=1e-3, dt=0.01, grid=grid, forcing=capped_forcing)
cfd.funcutils.repeated(step, 5)(v0)
""",
        kind='bool-conversion', argument='v', path='v[0].data', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'User forcing function passed to semi_implicit_navier_stokes switches the forcing off with a '
            "Python `if` on the mean kinetic energy; no user jit -- funcutils.repeated's lax.scan traces the "
            'step. Fix: amp = jnp.where(kinetic > 1.0, 0.0, 0.1) (checked on both). Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-j-cfd-trajectory-post-process-numpy',
        source='https://github.com/google/jax-cfd/blob/main/notebooks/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jax_cfd.base as cfd

grid = cfd.grids.Grid((32, 32), domain=((0, 2 * jnp.pi), (0, 2 * jnp.pi)))
v0 = cfd.initial_conditions.filtered_velocity_field(jax.random.PRNGKey(0), grid, 2.0, 4)
step = cfd.equations.semi_implicit_navier_stokes(density=1.0, viscosity=1e-3, dt=0.01, grid=grid)

def energy(v):
    u = np.asarray(v[0].data)
    w = np.asarray(v[1].data)
    return 0.5 * np.mean(u ** 2 + w ** 2)

rollout = cfd.funcutils.trajectory(step, 10, post_process=energy)
rollout(v0)
""",
        kind='array-conversion', argument='v', path='v[0].data', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'post_process function given to funcutils.trajectory computes the energy with '
            "np.asarray/np.mean; the trajectory's lax.scan traces it. Fix: jnp.asarray / jnp.mean (checked "
            'on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-j-cfd-vmap-velocity-component-index',
        source='https://github.com/google/jax-cfd/blob/main/notebooks/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax_cfd.base as cfd

grid = cfd.grids.Grid((32, 32), domain=((0, 2 * jnp.pi), (0, 2 * jnp.pi)))
v0 = cfd.initial_conditions.filtered_velocity_field(jax.random.PRNGKey(0), grid, 2.0, 4)

def component_energy(component):
    u = v0[component].data
    return 0.5 * jnp.mean(u ** 2)

jax.vmap(component_energy)(jnp.arange(grid.ndim))
""",
        kind='integer-conversion', argument='component', path='component', line=9,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note=(
            'vmap over velocity component indices, indexing the GridVariable tuple v0[component] with the '
            'traced index. Fix: jax.lax.switch(component, [lambda: v0[0].data, lambda: v0[1].data]) (checked '
            'on both); stacking the components into one array and indexing it would also work. Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-j-cfd-leak-history-in-repeated-step',
        source='https://github.com/google/jax-cfd/blob/main/notebooks/demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import jax_cfd.base as cfd

grid = cfd.grids.Grid((32, 32), domain=((0, 2 * jnp.pi), (0, 2 * jnp.pi)))
v0 = cfd.initial_conditions.filtered_velocity_field(jax.random.PRNGKey(0), grid, 2.0, 4)
ns_step = cfd.equations.semi_implicit_navier_stokes(density=1.0, viscosity=1e-3, dt=0.01, grid=grid)
history = []

def logged_step(v):
    v = ns_step(v)
    history.append(cfd.finite_differences.curl_2d(v).data)
    return v

v_final = cfd.funcutils.repeated(logged_step, 10)(v0)
jnp.stack(history).std()
""",
        kind='leaked-tracer', argument='v', path='v[0].data', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note=(
            "Step function passed to funcutils.repeated appends each step's vorticity to a global list; "
            "repeated's lax.scan traces the step, so the list holds scan tracers used later by jnp.stack. "
            'Fix: return the per-step values out of the scan -- here by switching to funcutils.trajectory '
            'with a post_process (checked on both); not a one-line edit, so verifiable=False. Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line '
            '16.'
        ),
        use_line=16,
    ),
    Case(
        id='lib-j-s2fft-forward-traced-bandlimit',
        source='https://github.com/astro-informatics/s2fft/pull/315',
        code="""\
import jax
import jax.numpy as jnp
import s2fft

@jax.jit
def power_spectrum(f, L):
    flm = s2fft.forward(f, L, method="jax")
    return jnp.sum(jnp.abs(flm) ** 2, axis=1)

L = 16
f = jnp.ones(s2fft.sampling.s2_samples.f_shape(L))
power_spectrum(f, L)
""",
        kind='traced-shape', argument='L', path='L', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Band-limit L passed as a normal jit argument to a user power-spectrum function and on to '
            "s2fft.forward(method='jax'), whose inner jit takes L as a static argument. Fix: "
            "static_argnames='L' (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax "
            '0.12.0.1) raise ValueError "Non-hashable static arguments" on a DynamicJaxprTracer (s2fft\'s own '
            'static argnums), labelled traced-shape because L fixes the output shape.'
        ),
    ),
    Case(
        id='lib-j-s2fft-method-string-jit-arg',
        source='https://github.com/astro-informatics/s2fft',
        code="""\
import jax
import jax.numpy as jnp
import s2fft

L = 16

def smooth(f, method):
    flm = s2fft.forward(f, L, method=method)
    flm = flm * jnp.exp(-jnp.arange(L) ** 2 / 50.0)[:, None]
    return jnp.real(s2fft.inverse(flm, L, method=method))

f = jnp.ones(s2fft.sampling.s2_samples.f_shape(L))
jax.jit(smooth)(f, "jax")
""",
        kind='non-array-argument', argument='method', path='method', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "The transform backend name ('jax') is passed as a positional argument to the jitted user "
            "function. Fix: jax.jit(smooth, static_argnames='method') (checked on both), which JAX's message "
            'suggests. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError "Error '
            'interpreting argument ... as an abstract array" at the call (line 13).'
        ),
    ),
    Case(
        id='lib-j-s2fft-grad-default-numpy-method',
        source='https://github.com/astro-informatics/s2fft/issues/250',
        code="""\
import jax
import jax.numpy as jnp
import s2fft

L = 16
f_target = jnp.ones(s2fft.sampling.s2_samples.f_shape(L))

def loss(f):
    flm = s2fft.forward(f, L)
    return jnp.sum(jnp.abs(flm[:4]) ** 2)

jax.grad(loss)(f_target)
""",
        kind='array-conversion', argument='f', path='f', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'jax.grad of a loss that calls s2fft.forward without method=, whose default is the NumPy '
            "implementation; NumPy converts the JVP tracer. Fix: method='jax' (use the JAX implementation "
            'instead of the NumPy one) (checked on both). Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-j-s2fft-threshold-boolean-mask',
        source='https://github.com/astro-informatics/s2fft',
        code="""\
import jax
import jax.numpy as jnp
import s2fft

L = 16
THRESH = 0.1

@jax.jit
def denoise(f):
    flm = s2fft.forward(f, L, method="jax")
    kept = flm[jnp.abs(flm) > THRESH]
    return kept

f = jnp.cos(jnp.linspace(0, 6, 16 * 31)).reshape(s2fft.sampling.s2_samples.f_shape(L))
denoise(f)
""",
        kind='boolean-index', argument='f', path='f', line=11,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Denoising by keeping harmonic coefficients above a threshold with flm[mask] inside jit; the '
            'mask depends on the traced map f through s2fft.forward. Fix: jnp.where(jnp.abs(flm) > THRESH, '
            'flm, 0) keeps the shape (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-j-s2fft-static-config-dict',
        source='https://github.com/astro-informatics/s2fft',
        code="""\
import functools
import jax
import jax.numpy as jnp
import s2fft

@functools.partial(jax.jit, static_argnames="cfg")
def roundtrip(f, cfg):
    flm = s2fft.forward(f, cfg["L"], sampling=cfg["sampling"], method="jax")
    return s2fft.inverse(flm, cfg["L"], sampling=cfg["sampling"], method="jax")

cfg = {"L": 8, "sampling": "mw"}
f = jnp.ones(s2fft.sampling.s2_samples.f_shape(8))
roundtrip(f, cfg)
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Transform settings (L, sampling) bundled in a dict and marked static. Fix: a hashable config '
            '(NamedTuple with cfg.L / cfg.sampling) (checked on both). Both interpreters (py3.11/jax 0.10.2 '
            'and py3.13/jax 0.12.0.1) raise ValueError "Non-hashable static arguments are not supported" '
            '(TypeError unhashable dict) at the call (line 13).'
        ),
    ),
    Case(
        id='lib-j-s2fft-leak-precompute-cache',
        source='https://github.com/astro-informatics/s2fft/issues/164',
        code="""\
import jax
import jax.numpy as jnp
import s2fft

_precomps = {}

def forward_cached(f, L):
    if L not in _precomps:
        _precomps[L] = s2fft.generate_precomputes_jax(L, forward=True)
    return s2fft.forward(f, L, method="jax", precomps=_precomps[L])

L = 8
f = jnp.ones(s2fft.sampling.s2_samples.f_shape(L))
flm = jax.jit(forward_cached, static_argnums=1)(f, L)
forward_cached(2.0 * f, L)
""",
        kind='leaked-tracer', argument=None, path=None, line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note=(
            'A module-level cache of s2fft precomputes is filled inside the first jitted call (static L), so '
            'it stores tracers; the next eager call reuses them. The precomputes depend only on the static '
            'L, not on a traced parameter, so argument=None. Fix: build the precomputes eagerly outside jit '
            '(checked on both); listed as return-value for lack of a closer fix kind, verifiable=False. Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 10 '
            '(reached from the call on line 15).'
        ),
        use_line=10,
    ),
    Case(
        id='lib-j-qdax-vmap-score-if-out-of-bounds',
        source='https://github.com/adaptive-intelligent-robotics/QDax',
        code="""\
import functools
import jax
import jax.numpy as jnp
from qdax.core.map_elites import MAPElites
from qdax.core.containers.mapelites_repertoire import compute_euclidean_centroids
from qdax.core.emitters.mutation_operators import isoline_variation
from qdax.core.emitters.standard_emitters import MixingEmitter
from qdax.utils.metrics import default_qd_metrics

def score_one(x):
    if jnp.any(jnp.abs(x) > 5.12):
        return -1e3, jnp.zeros(2)
    fit = -jnp.sum(x ** 2 - 10 * jnp.cos(2 * jnp.pi * x))
    return fit, x[:2]

def scoring_fn(genotypes, key):
    fit, desc = jax.vmap(score_one)(genotypes)
    return fit, desc, {}

emitter = MixingEmitter(mutation_fn=None, variation_fn=functools.partial(isoline_variation, iso_sigma=0.05, line_sigma=0.1), variation_percentage=1.0, batch_size=16)
me = MAPElites(scoring_fn, emitter, functools.partial(default_qd_metrics, qd_offset=0.0))
key = jax.random.key(0)
me.init(jax.random.uniform(key, (16, 4), minval=-5.0, maxval=5.0), compute_euclidean_centroids((8, 8), -5.12, 5.12), key)
""",
        kind='bool-conversion', argument='x', path='x', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Per-individual Rastrigin scoring written with a Python `if` for out-of-bounds genotypes and '
            "vmapped inside the user's scoring function; MAPElites.init calls it. Fix: jnp.where on fitness "
            'and descriptor (checked on both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            'raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-j-qdax-metrics-boolean-mask-filled',
        source='https://github.com/adaptive-intelligent-robotics/QDax/pull/214',
        code="""\
import functools
import jax
import jax.numpy as jnp
from qdax.core.map_elites import MAPElites
from qdax.core.containers.mapelites_repertoire import compute_euclidean_centroids
from qdax.core.emitters.mutation_operators import isoline_variation
from qdax.core.emitters.standard_emitters import MixingEmitter

def scoring_fn(x, key):
    return -jnp.sum(x ** 2, axis=1), x[:, :2], {}

def my_metrics(repertoire):
    filled = repertoire.fitnesses[repertoire.fitnesses > -jnp.inf]
    return {"mean_fitness": jnp.mean(filled), "max_fitness": jnp.max(repertoire.fitnesses)}

emitter = MixingEmitter(mutation_fn=None, variation_fn=functools.partial(isoline_variation, iso_sigma=0.05, line_sigma=0.1), variation_percentage=1.0, batch_size=16)
me = MAPElites(scoring_fn, emitter, my_metrics)
key = jax.random.key(0)
x0 = jax.random.uniform(key, (16, 4), minval=-1.0, maxval=1.0)
repertoire, emitter_state, metrics = me.init(x0, compute_euclidean_centroids((8, 8), -1.0, 1.0), key)
jax.jit(me.update)(repertoire, emitter_state, key)
""",
        kind='boolean-index', argument='repertoire', path='repertoire.fitnesses', line=13,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Custom metrics_function selects filled cells with fitnesses[fitnesses > -inf]; fine eagerly in '
            'MAPElites.init but fails under jax.jit(map_elites.update). Fix: masked mean with '
            'jnp.where(mask, fitnesses, 0).sum() / mask.sum() (checked on both). Both interpreters '
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-j-qdax-euclidean-centroids-traced-grid',
        source='https://github.com/adaptive-intelligent-robotics/QDax',
        code="""\
import jax
import jax.numpy as jnp
from qdax.core.containers.mapelites_repertoire import compute_euclidean_centroids, MapElitesRepertoire

@jax.jit
def make_repertoire(genotypes, fitnesses, descriptors, cells_per_dim):
    centroids = compute_euclidean_centroids((cells_per_dim, cells_per_dim), -1.0, 1.0)
    return MapElitesRepertoire.init(genotypes, fitnesses, descriptors, centroids)

x = jnp.zeros((4, 3))
make_repertoire(x, jnp.zeros(4), jnp.zeros((4, 2)), 10)
""",
        kind='traced-shape', argument='cells_per_dim', path='cells_per_dim', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Number of cells per descriptor dimension passed as a jit argument to '
            "compute_euclidean_centroids (grid_shape). Fix: static_argnames='cells_per_dim' (checked on "
            'both). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-j-qdax-leak-descriptor-archive',
        source='https://github.com/adaptive-intelligent-robotics/QDax',
        code="""\
import functools
import jax
import jax.numpy as jnp
from qdax.core.map_elites import MAPElites
from qdax.core.containers.mapelites_repertoire import compute_euclidean_centroids
from qdax.core.emitters.mutation_operators import isoline_variation
from qdax.core.emitters.standard_emitters import MixingEmitter
from qdax.utils.metrics import default_qd_metrics

all_descriptors = []

def scoring_fn(x, key):
    desc = jnp.tanh(x[:, :2])
    all_descriptors.append(desc)
    return -jnp.sum(x ** 2, axis=1), desc, {}

emitter = MixingEmitter(mutation_fn=None, variation_fn=functools.partial(isoline_variation, iso_sigma=0.05, line_sigma=0.1), variation_percentage=1.0, batch_size=16)
me = MAPElites(scoring_fn, emitter, functools.partial(default_qd_metrics, qd_offset=0.0))
key = jax.random.key(0)
repertoire, emitter_state, _ = me.init(jax.random.normal(key, (16, 4)), compute_euclidean_centroids((8, 8), -1.0, 1.0), key)
repertoire, emitter_state, _ = jax.jit(me.update)(repertoire, emitter_state, key)
jnp.concatenate(all_descriptors).mean(axis=0)
""",
        kind='leaked-tracer', argument='x', path='x', line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note=(
            "Scoring function appends each batch's descriptors to a global list; MAPElites.init runs eagerly "
            '(concrete entry) but jax.jit(map_elites.update) stores a tracer, used later by jnp.concatenate. '
            'Fix: get the descriptors out of the jitted update (repertoire.descriptors / extra_scores) '
            "instead of a side effect (checked on both with repertoire.descriptors); the library's update "
            'does not return extra_scores, so verifiable=False. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 22.'
        ),
        use_line=22,
    ),
    Case(
        id='lib-j-qdax-map-elites-object-jit-arg',
        source='https://github.com/adaptive-intelligent-robotics/QDax',
        code="""\
import functools
import jax
import jax.numpy as jnp
from qdax.core.map_elites import MAPElites
from qdax.core.containers.mapelites_repertoire import compute_euclidean_centroids
from qdax.core.emitters.mutation_operators import isoline_variation
from qdax.core.emitters.standard_emitters import MixingEmitter
from qdax.utils.metrics import default_qd_metrics

def scoring_fn(x, key):
    return -jnp.sum(x ** 2, axis=1), x[:, :2], {}

@jax.jit
def run_generations(algo, repertoire, emitter_state, key):
    (repertoire, emitter_state, key), _ = jax.lax.scan(
        lambda c, _: (algo.update(c[0], c[1], c[2])[:2] + (jax.random.split(c[2])[0],), None), (repertoire, emitter_state, key), None, length=5)
    return repertoire

emitter = MixingEmitter(mutation_fn=None, variation_fn=functools.partial(isoline_variation, iso_sigma=0.05, line_sigma=0.1), variation_percentage=1.0, batch_size=16)
me = MAPElites(scoring_fn, emitter, functools.partial(default_qd_metrics, qd_offset=0.0))
key = jax.random.key(0)
repertoire, emitter_state, _ = me.init(jax.random.normal(key, (16, 4)), compute_euclidean_centroids((8, 8), -1.0, 1.0), key)
run_generations(me, repertoire, emitter_state, key)
""",
        kind='non-array-argument', argument='algo', path='algo', line=23,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            "The MAPElites instance is passed as a normal argument to the user's jitted multi-generation "
            "loop. Fix: static_argnames='algo' (MAPElites hashes by identity) (checked on both); closing "
            'over it also works. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TypeError "Error interpreting argument ... as an abstract array" (path algo) at line 23.'
        ),
    ),
    Case(
        id='lib-j-qdax-scoring-float-logging',
        source='https://github.com/adaptive-intelligent-robotics/QDax',
        code="""\
import functools
import jax
import jax.numpy as jnp
from qdax.core.map_elites import MAPElites
from qdax.core.containers.mapelites_repertoire import compute_euclidean_centroids
from qdax.core.emitters.mutation_operators import isoline_variation
from qdax.core.emitters.standard_emitters import MixingEmitter
from qdax.utils.metrics import default_qd_metrics

def scoring_fn(x, key):
    fit = -jnp.sum(x ** 2, axis=1)
    print(f"best fitness in batch: {float(fit.max()):.3f}")
    return fit, x[:, :2], {}

emitter = MixingEmitter(mutation_fn=None, variation_fn=functools.partial(isoline_variation, iso_sigma=0.05, line_sigma=0.1), variation_percentage=1.0, batch_size=16)
me = MAPElites(scoring_fn, emitter, functools.partial(default_qd_metrics, qd_offset=0.0))
key = jax.random.key(0)
repertoire, emitter_state, _ = me.init(jax.random.normal(key, (16, 4)), compute_euclidean_centroids((8, 8), -1.0, 1.0), key)
jax.jit(me.update)(repertoire, emitter_state, key)
""",
        kind='concretization', argument='x', path='x', line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Scoring function logs the best fitness with an f-string and float(); fine in eager '
            "MAPElites.init, fails under jax.jit(map_elites.update). Fix: jax.debug.print('... {:.3f}', "
            "fit.max()) (checked on both); JAX's message suggests astype, which does not fit. Both "
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError (the '
            '`float` function).'
        ),
    ),
]
