"""Held-out library cases (set H; prompt set CH): graphcast, moscot, jaxscape.

How they were built
- Each cell is my own reduction of a pattern a user of the library meets: jitting/vmapping/differentiating
  code that calls the library, or a function of the user's that the library traces (GridGraph edge-weight
  and RSP cost callbacks in jaxscape, the step function of graphcast's xarray_jax.scan). Several errors are
  raised inside the library itself because it needs a Python value (moscot's converged/alpha/rank checks,
  graphcast's np.arange / NumPy time features, jaxscape's range() and jnp.pad widths).
- Every cell was written to a file and run with /tmp/heldout43/venv_ch/bin/python: all statements but the last
  run, the last raises (checked with a runpy wrapper: the first in-cell frame is the last statement); `line`
  and `use_line` are the in-cell frames of that traceback. Every first fix was applied by hand and re-run.
- Interpreter: CPython 3.11.7, venv /tmp/heldout43/venv_ch (system site-packages visible), CPU only.
  jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8, flax 0.12.8, optax 0.2.8 (pins kept on every install).
- Libraries: graphcast 0.2 (google-deepmind/graphcast tag v0.2, commit 08cf736, installed --no-deps from the
  repository snapshot, with dm-haiku 0.0.17, jraph, chex 0.1.92, xarray 2026.9.0, dm-tree, dask, trimesh, rtree;
  the optional colabtools/cartopy/xarray_tensorstore/dinosaur deps were not needed);
  moscot 0.5.2 (with ott-jax 0.6.0, anndata 0.12.19, scanpy 1.11.5); jaxscape 0.0.13.
- Dropped: jestimator 0.3.3 installs but fails to import (`from jax.experimental.pjit import PartitionSpec`);
  the PyPI package named `graphcast` (1.0.0) is an unrelated graph-database tool, so DeepMind's graphcast was
  installed from its repository instead; levanter cannot install with the pins (levanter 1.0.1 requires
  equinox~=0.9); easydel 0.1.2 installs in a side venv but aborts at import (XLA rejects an XLA_FLAGS entry it
  sets); mpi4jax (an extra candidate) fails to build (needs CUDA headers). jaxscape replaces jestimator.
- Not kept (ran, but left out to hold the set at 25): graphcast `if (da < 0).any()` (xarray's __bool__ goes
  through np.asarray, so JAX raises TracerArrayConversionError for an `if`), DataArray.roll with a traced
  shift, isel(time=int(t)), a datetime64 data variable passed to jit, and moscot's solver object as a jit
  argument (its static fix only reaches the next error).

Doubts about labels:
- h-graphcast-values-in-jitted-loss: the fix is xarray_jax.jax_data (the library's unwrap), which I filed
  under `jnp-not-np` (JAX path instead of NumPy conversion); no vocabulary entry names it exactly.
- h-graphcast-fourier-num-frequencies: JAX raises TracerArrayConversionError (np.arange on the tracer), so
  `array-conversion` is defensible; labelled traced-shape because the value is a count.
- h-graphcast-year-progress-in-jit: `jnp-not-np` (rewrite with jnp.mod) is as defensible as computing the
  features with NumPy before the jit; both listed.
- h-graphcast-where-drop-mask: JAX raises TracerArrayConversionError (xarray converts the mask), so
  `array-conversion` is defensible; labelled boolean-index because it is a data-dependent selection/shape.
- h-graphcast-range-rollout-steps: `static` first is as defensible as lax.fori_loop (num_steps is a
  step count); traced-shape is also arguable.
- h-graphcast-taskconfig-list-static / -as-jit-arg: `path` names the first field that breaks (hash or leaf);
  `task_config` as a whole is equally defensible.
- h-graphcast-scan-step-if: argument is `rain` (the scanned slice), not `total`, the step's first parameter.
- h-moscot-jit-around-solver: no vocabulary fix fits exactly; the working fix is to call moscot outside
  jax.jit (it jits the OTT solver itself). I filed it as `static` (moving it out of the traced arguments);
  static_argnums itself is impossible for arrays, so verifiable=True refers to removing the outer jit.
- h-moscot-sinkhorn-divergence-in-grad: `static` here means computing the metric outside the differentiated
  function; if the user wants the gradient of the divergence, no vocabulary fix applies (use ott-jax's
  sinkhorn_divergence, which returns an array).
- h-moscot-lowrank-rank-vmap / h-moscot-gw-alpha-vmap: the error class is TracerBoolConversionError raised
  by moscot's own `if`; bool-conversion is defensible for the rank case too (labelled traced-shape because
  rank sizes the factors).
- h-moscot-linear-operator-grad: fix is to use the output's JAX method instead of the SciPy operator, filed as
  `jnp-not-np`.
- h-jaxscape-gridgraph-fun-if: JAX raises ValueError (non-scalar truth value), not TracerBoolConversionError,
  because jaxscape calls `fun` on whole edge arrays; still a bool-conversion pattern. Argument could be `y`.
- h-jaxscape-sum-neighborhood-radius: range() on a tracer gives integer-conversion; traced-shape (window
  radius) is defensible.
- h-jaxscape-leak-edge-weight-callback: the user cannot return from a library callback; `return-value`
  means taking the weights from what the library returns. jax.debug.print is an alternative first fix.
- h-jaxscape-gridgraph-static-arg: path `grid.grid` is the array that cannot be hashed; `grid` is defensible.
- jax_fitting_fix is True only where JAX's text names a fix that works here: static_argnums for the two
  non-array-argument cases, "explicitly return their outputs" for the graphcast and moscot leaks.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='h-graphcast-values-in-jitted-loss',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/xarray_jax.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from graphcast import xarray_jax

lat = np.linspace(-80.0, 80.0, 5)
lon = np.arange(0.0, 360.0, 60.0)
coords = {'lat': lat, 'lon': lon}
pred = xarray_jax.DataArray(jnp.ones((5, 6)), dims=('lat', 'lon'), coords=coords)
target = xarray_jax.DataArray(jnp.zeros((5, 6)), dims=('lat', 'lon'), coords=coords)

@jax.jit
def rmse(pred, target):
    sq_err = (pred - target) ** 2
    return jnp.sqrt(jnp.mean(sq_err.values))

rmse(pred, target)
""",
        kind='array-conversion', argument='pred', path='pred', line=15,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A jitted RMSE over xarray_jax DataArrays reads `.values`, which routes through JaxArrayWrapper.__array__ and np.asarray on the tracer: TracerArrayConversionError. Reading the JAX array with xarray_jax.jax_data (the JAX path instead of the NumPy one) fixes it; checked.',
    ),
    Case(
        id='h-graphcast-fourier-num-frequencies',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/model_utils.py',
        code="""\
import jax
import jax.numpy as jnp
from graphcast import model_utils

day_of_year = jnp.array([1.0, 91.0, 182.0, 274.0])

@jax.jit
def seasonal_features(days, num_frequencies):
    return model_utils.fourier_features(days, base_period=365.25, num_frequencies=num_frequencies)

seasonal_features(day_of_year, 4)
""",
        kind='traced-shape', argument='num_frequencies', path='num_frequencies', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="model_utils.fourier_features builds its frequency table with np.arange(1, num_frequencies + 1); a jitted num_frequencies is a tracer, so the library raises TracerArrayConversionError. The count must be static (static_argnames='num_frequencies'); checked.",
    ),
    Case(
        id='h-graphcast-year-progress-in-jit',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/data_utils.py',
        code="""\
import jax
import jax.numpy as jnp
from graphcast import data_utils

seconds = jnp.arange(4.0) * 6 * 3600 + 1.7e9

@jax.jit
def time_features(seconds_since_epoch):
    progress = data_utils.get_year_progress(seconds_since_epoch)
    return jnp.stack([jnp.sin(2 * jnp.pi * progress), jnp.cos(2 * jnp.pi * progress)], axis=-1)

time_features(seconds)
""",
        kind='array-conversion', argument='seconds_since_epoch', path='seconds_since_epoch', line=9,
        fixes=('numpy-for-static', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note="data_utils.get_year_progress is NumPy code (np.mod(...).astype) meant for data preparation; called on traced timestamps inside jit it raises TracerArrayConversionError. Computing the progress with NumPy before the jitted function (as GraphCast's own data pipeline does) fixes it; re-implementing with jnp also works. Checked the first.",
    ),
    Case(
        id='h-graphcast-where-drop-mask',
        source='https://github.com/jax-ml/jax/issues/17107',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from graphcast import xarray_jax

coords = {'lat': np.linspace(-60.0, 60.0, 4), 'lon': np.arange(0.0, 360.0, 90.0)}
sst = xarray_jax.DataArray(jnp.full((4, 4), 290.0), dims=('lat', 'lon'), coords=coords)
land_sea_mask = xarray_jax.DataArray(jnp.eye(4), dims=('lat', 'lon'), coords=coords)

@jax.jit
def ocean_mean(sst, land_sea_mask):
    ocean = sst.where(land_sea_mask < 0.5, drop=True)
    return ocean.mean()

ocean_mean(sst, land_sea_mask)
""",
        kind='boolean-index', argument='land_sea_mask', path='land_sea_mask', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='`DataArray.where(mask, drop=True)` with a traced land-sea mask asks xarray to find which rows/columns to keep, a data-dependent shape; xarray converts the traced mask with np.asarray and JAX raises TracerArrayConversionError. Keeping the shape (where without drop, then mean(skipna=True)) gives the same mean; checked.',
    ),
    Case(
        id='h-graphcast-scan-length-traced',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/xarray_jax.py',
        code="""\
import jax
import jax.numpy as jnp
from graphcast import xarray_jax

def step(state, _):
    new_state = 0.9 * state + 1.0
    return new_state, new_state

@jax.jit
def rollout(init_state, num_steps):
    _, trajectory = xarray_jax.scan(step, init_state, dim='time', length=num_steps)
    return trajectory

rollout(jnp.zeros(3), 8)
""",
        kind='traced-shape', argument='num_steps', path='num_steps', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="xarray_jax.scan forwards `length` to lax.scan, which needs a Python int; with num_steps jitted JAX raises ConcretizationTypeError. static_argnames='num_steps' fixes it (checked); JAX's hint (while_loop/fori_loop) cannot return a stacked trajectory of dynamic length.",
    ),
    Case(
        id='h-graphcast-range-rollout-steps',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/autoregressive.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from graphcast import xarray_jax

state = xarray_jax.DataArray(jnp.ones((3, 5)), dims=('lat', 'lon'),
                             coords={'lat': np.array([-30.0, 0.0, 30.0]), 'lon': np.arange(0.0, 360.0, 72.0)})

@jax.jit
def damped_rollout(state, num_steps):
    for _ in range(num_steps):
        state = 0.5 * state + 0.1
    return state

damped_rollout(state, 3)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=11,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A hand-written jitted rollout over an xarray_jax DataArray loops `for _ in range(num_steps)` with num_steps traced: TracerIntegerConversionError. lax.fori_loop carries the DataArray as a pytree (checked); making num_steps static also works.',
    ),
    Case(
        id='h-graphcast-taskconfig-list-static',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast_demo.ipynb',
        code="""\
import functools
import jax
import jax.numpy as jnp
from graphcast import graphcast

task_config = graphcast.TaskConfig(
    input_variables=['2m_temperature', 'geopotential'],
    target_variables=['2m_temperature'],
    forcing_variables=['toa_incident_solar_radiation'],
    pressure_levels=[500, 850],
    input_duration='12h')

@functools.partial(jax.jit, static_argnames='task_config')
def count_channels(x, task_config):
    return x * len(task_config.pressure_levels)

count_channels(jnp.ones(3), task_config=task_config)
""",
        kind='unhashable-static', argument='task_config', path='task_config.input_variables', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="graphcast.TaskConfig is a frozen chex dataclass whose hash covers its fields; built with lists and passed as a static argument, jit raises ValueError (non-hashable static argument). Using tuples, as the library's TASK constants do, fixes it; checked.",
    ),
    Case(
        id='h-graphcast-taskconfig-as-jit-arg',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast_demo.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from graphcast import graphcast

task_config = graphcast.TaskConfig(
    input_variables=('2m_temperature', 'geopotential'),
    target_variables=('2m_temperature',),
    forcing_variables=('toa_incident_solar_radiation',),
    pressure_levels=(500, 850),
    input_duration='12h')

@jax.jit
def scale_by_levels(x, task_config):
    return x / len(task_config.pressure_levels)

scale_by_levels(jnp.ones(3), task_config)
""",
        kind='non-array-argument', argument='task_config', path='task_config.forcing_variables', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="TaskConfig is a chex dataclass and therefore a pytree, so passing it as an ordinary jit argument makes its variable-name strings leaves: TypeError (not a valid JAX type). Marking it static (or binding it with functools.partial as the demo's with_configs does) fixes it; checked.",
    ),
    Case(
        id='h-graphcast-leak-debug-list',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/xarray_jax.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from graphcast import xarray_jax

coords = {'lat': np.array([-30.0, 0.0, 30.0]), 'lon': np.arange(0.0, 360.0, 90.0)}
t2m = xarray_jax.DataArray(jnp.full((3, 4), 285.0), dims=('lat', 'lon'), coords=coords)
debug_fields = []

@jax.jit
def normalized(t2m):
    norm = (t2m - 280.0) / 10.0
    debug_fields.append(norm)
    return xarray_jax.jax_data(norm).mean()

normalized(t2m)
print(debug_fields[0].max())
""",
        kind='leaked-tracer', argument='t2m', path='t2m', line=13,
        use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Inside a jitted function a normalised xarray_jax DataArray is appended to a Python list for later inspection; reading it after the call operates on the escaped tracer and JAX raises UnexpectedTracerError. xarray_jax lets jit return DataArrays, so returning it fixes it; checked.',
    ),
    Case(
        id='h-graphcast-scan-step-if',
        source='https://github.com/google-deepmind/graphcast/blob/v0.2/graphcast/xarray_jax.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from graphcast import xarray_jax

precip = xarray_jax.DataArray(jnp.full((6, 3), 0.2), dims=('time', 'lat'),
                              coords={'lat': np.array([-30.0, 0.0, 30.0])})

def accumulate(total, rain):
    if jnp.any(xarray_jax.jax_data(rain) < 0):
        rain = rain * 0.0
    return total + xarray_jax.jax_data(rain), total

totals = xarray_jax.scan(accumulate, jnp.zeros(3), dim='time', xs=precip)
""",
        kind='bool-conversion', argument='rain', path='rain', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The step function given to xarray_jax.scan tests `if jnp.any(...)` on the scanned slice, which lax.scan traces: TracerBoolConversionError. jnp.where(jnp.any(rain < 0), 0.0, rain) keeps the same result (checked); lax.cond also works.',
    ),
    Case(
        id='h-moscot-jit-around-solver',
        source='https://moscot.readthedocs.io/en/latest/genapi/moscot.backends.ott.SinkhornSolver.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from moscot.backends.ott import SinkhornSolver

rng = np.random.default_rng(0)
src = jnp.asarray(rng.normal(size=(8, 2)))
tgt = jnp.asarray(rng.normal(size=(6, 2)))
a, b = jnp.full(8, 1 / 8), jnp.full(6, 1 / 6)
solver = SinkhornSolver()

@jax.jit
def coupling(src, tgt):
    return solver(xy=(src, tgt), a=a, b=b, epsilon=0.05).transport_matrix

coupling(src, tgt)
""",
        kind='bool-conversion', argument='src', path='src', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Wrapping a moscot SinkhornSolver call in jax.jit: after solving, moscot's OTSolver.__call__ checks `if not res.converged`, a traced bool, and raises TracerBoolConversionError. The call has to stay outside the trace (moscot already jits the OTT solver, jit=True); checked by removing the outer jax.jit - static_argnums cannot be used for the arrays.",
    ),
    Case(
        id='h-moscot-gw-alpha-vmap',
        source='https://moscot.readthedocs.io/en/latest/genapi/moscot.backends.ott.GWSolver.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from moscot.backends.ott import GWSolver

rng = np.random.default_rng(0)
spatial_src, spatial_tgt = jnp.asarray(rng.normal(size=(8, 2))), jnp.asarray(rng.normal(size=(6, 2)))
expr_src, expr_tgt = jnp.asarray(rng.normal(size=(8, 5))), jnp.asarray(rng.normal(size=(6, 5)))
a, b = jnp.full(8, 1 / 8), jnp.full(6, 1 / 6)
gw = GWSolver()

def fused_coupling(alpha):
    out = gw(x=spatial_src, y=spatial_tgt, xy=(expr_src, expr_tgt), a=a, b=b, alpha=alpha, epsilon=0.1)
    return out.transport_matrix

alphas = jnp.array([0.3, 0.6, 0.9])
jax.vmap(fused_coupling)(alphas)
""",
        kind='bool-conversion', argument='alpha', path='alpha', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping the fused-GW weight alpha with jax.vmap: moscot validates it with `if not (0 < alpha <= 1)` in alpha_to_fused_penalty, a batched bool, so TracerBoolConversionError is raised inside moscot. alpha must be a Python float (loop over the values); checked.',
    ),
    Case(
        id='h-moscot-sinkhorn-divergence-in-grad',
        source='https://github.com/theislab/moscot/blob/main/src/moscot/backends/ott/_utils.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from moscot.backends.ott import sinkhorn_divergence

rng = np.random.default_rng(0)
src = jnp.asarray(rng.normal(size=(8, 2)))
tgt = jnp.asarray(rng.normal(loc=1.0, size=(6, 2)))

def loss_with_metric(src):
    moment_loss = jnp.sum((src.mean(0) - tgt.mean(0)) ** 2)
    divergence = sinkhorn_divergence(src, tgt, epsilon=0.1)
    return moment_loss, divergence

jax.value_and_grad(loss_with_metric, has_aux=True)(src)
""",
        kind='concretization', argument='src', path='src', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="moscot.backends.ott.sinkhorn_divergence ends with float(output.divergence); computed as an aux metric inside jax.value_and_grad it is a JVP tracer and float() raises ConcretizationTypeError. Compute the metric outside the differentiated function on concrete arrays; checked. JAX's astype hint does not apply.",
    ),
    Case(
        id='h-moscot-leak-solver-problem',
        source='https://moscot.readthedocs.io/en/latest/genapi/moscot.backends.ott.SinkhornSolver.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from moscot.backends.ott import SinkhornSolver

rng = np.random.default_rng(0)
src = jnp.asarray(rng.normal(size=(8, 2)))
tgt = jnp.asarray(rng.normal(size=(6, 2)))
a, b = jnp.full(8, 1 / 8), jnp.full(6, 1 / 6)
solver = SinkhornSolver()

def transport_cost(src):
    out = solver(xy=(src, tgt), a=a, b=b, epsilon=0.1)
    return jnp.sum(out.transport_matrix * jnp.sum((src[:, None] - tgt[None]) ** 2, -1))

grad_src = jax.grad(transport_cost)(src)
solver.xy.cost_matrix.mean()
""",
        kind='leaked-tracer', argument='src', path='src', line=13,
        use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='SinkhornSolver._prepare stores the LinearProblem (geometry built from the traced src) on the solver object; after jax.grad returns, `solver.xy.cost_matrix` uses that escaped tracer: UnexpectedTracerError. Returning the cost matrix as aux (has_aux=True) fixes it; checked.',
    ),
    Case(
        id='h-moscot-linear-operator-grad',
        source='https://moscot.readthedocs.io/en/latest/genapi/moscot.backends.ott.OTTOutput.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from moscot.backends.ott import SinkhornSolver

rng = np.random.default_rng(0)
src = jnp.asarray(rng.normal(size=(8, 2)))
tgt = jnp.asarray(rng.normal(size=(6, 2)))
a, b = jnp.full(8, 1 / 8), jnp.full(6, 1 / 6)
out = SinkhornSolver()(xy=(src, tgt), a=a, b=b, epsilon=0.1)
transport = out.as_linear_operator()

def pulled_energy(target_signal):
    return jnp.sum((transport @ target_signal) ** 2)

jax.grad(pulled_energy)(jnp.ones(6))
""",
        kind='array-conversion', argument='target_signal', path='target_signal', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="OTTOutput.as_linear_operator returns a SciPy LinearOperator; applying it with `@` to a traced vector under jax.grad makes SciPy call np.asarray: TracerArrayConversionError. Using the output's JAX method out.pull (what the operator's matvec wraps) fixes it; checked.",
    ),
    Case(
        id='h-moscot-lowrank-rank-vmap',
        source='https://moscot.readthedocs.io/en/latest/genapi/moscot.backends.ott.SinkhornSolver.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from moscot.backends.ott import SinkhornSolver

rng = np.random.default_rng(0)
src = jnp.asarray(rng.normal(size=(30, 2)))
tgt = jnp.asarray(rng.normal(size=(20, 2)))
a, b = jnp.full(30, 1 / 30), jnp.full(20, 1 / 20)

def low_rank_coupling(rank):
    solver = SinkhornSolver(rank=rank)
    return solver(xy=(src, tgt), a=a, b=b).transport_matrix

jax.vmap(low_rank_coupling)(jnp.array([2, 4]))
""",
        kind='traced-shape', argument='rank', path='rank', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The low-rank rank sets factor sizes; vmapping over candidate ranks makes it a tracer and moscot's own `if rank > -1` in SinkhornSolver.__init__ raises TracerBoolConversionError. rank must be a Python int (loop over ranks); checked.",
    ),
    Case(
        id='h-jaxscape-gridgraph-fun-if',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/graphs.md',
        code="""\
import jax.numpy as jnp
from jaxscape import GridGraph, LCPDistance

permeability = jnp.array([[1.0, 0.5, 0.2], [0.8, 1.0, 0.4], [0.3, 0.6, 1.0]])

def edge_weight(x, y):
    if x < y:
        return x
    return y

grid = GridGraph(permeability, fun=edge_weight)
LCPDistance()(grid, sources=jnp.array([0]), targets=jnp.array([8]))
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The GridGraph edge-weight `fun` is called by the filter_jit-ed get_adjacency_matrix on arrays of all source/target values; an `if x < y` inside it needs the truth of a traced array and JAX raises ValueError (truth value of an array with more than one element). jnp.where(x < y, x, y) fixes it; checked.',
    ),
    Case(
        id='h-jaxscape-rsp-cost-numpy-log',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/distances.md',
        code="""\
import jax.numpy as jnp
import numpy as np
from jaxscape import GridGraph, RSPDistance

permeability = jnp.array([[1.0, 0.5, 0.2], [0.8, 1.0, 0.4], [0.3, 0.6, 1.0]])
grid = GridGraph(permeability, fun=lambda x, y: (x + y) / 2)
distance = RSPDistance(theta=0.01, cost=lambda w: -np.log(w))
distance(grid)
""",
        kind='array-conversion', argument='w', path='w', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='RSPDistance maps its `cost` callable over the nonzeros of the adjacency matrix inside eqx.filter_jit; a cost written with np.log receives a tracer: TracerArrayConversionError. Using jnp.log (the library default) fixes it; checked.',
    ),
    Case(
        id='h-jaxscape-sum-neighborhood-radius',
        source='https://github.com/vboussange/jaxscape/blob/main/src/jaxscape/landmarks.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxscape import GridGraph
from jaxscape.landmarks import sum_neighborhood

habitat = jnp.ones((6, 6))
sites = jnp.array([[1, 1], [4, 3]])

@jax.jit
def habitat_around_sites(habitat, radius):
    return sum_neighborhood(GridGraph(habitat), sites, radius)

habitat_around_sites(habitat, 2)
""",
        kind='integer-conversion', argument='radius', path='radius', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="landmarks.sum_neighborhood builds its offsets with range(-npix, npix + 1); passing a radius that is a jit argument makes npix a tracer and the library raises TracerIntegerConversionError. static_argnames='radius' fixes it; checked.",
    ),
    Case(
        id='h-jaxscape-padding-window-size',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/window_operations.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxscape.utils import padding

raster = jnp.ones((23, 23))

@jax.jit
def prepare_raster(raster, window_size):
    return padding(raster, buffer_size=2, window_size=window_size)

prepare_raster(raster, 5)
""",
        kind='traced-shape', argument='window_size', path='window_size', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="jaxscape.utils.padding computes pad widths from window_size and calls jnp.pad; with window_size jitted the widths are traced and JAX raises ConcretizationTypeError (pad_width). static_argnames='window_size' fixes it; checked.",
    ),
    Case(
        id='h-jaxscape-leak-edge-weight-callback',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/graphs.md',
        code="""\
import jax.numpy as jnp
from jaxscape import GridGraph, LCPDistance

permeability = jnp.array([[1.0, 0.5, 0.2], [0.8, 1.0, 0.4], [0.3, 0.6, 1.0]])
seen_weights = []

def edge_weight(x, y):
    w = jnp.sqrt(x * y)
    seen_weights.append(w)
    return w

D = LCPDistance()(GridGraph(permeability, fun=edge_weight), sources=jnp.array([0]), targets=jnp.array([8]))
print(jnp.min(seen_weights[0]))
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        use_line=13,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note="A GridGraph edge-weight callback appends its weights to a list for debugging; jaxscape traces the callback in filter_jit, so the list holds a tracer and using it later raises UnexpectedTracerError. Take the weights from the library's return value (get_adjacency_matrix().data) instead of storing them; checked. jax.debug.print inside the callback also works.",
    ),
    Case(
        id='h-jaxscape-gridgraph-static-arg',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/graphs.md',
        code="""\
import functools
import jax
import jax.numpy as jnp
from jaxscape import GridGraph, LCPDistance

grid = GridGraph(jnp.ones((4, 4)), fun=lambda x, y: (x + y) / 2)

@functools.partial(jax.jit, static_argnums=0)
def corner_distance(grid, scale):
    D = LCPDistance()(grid, sources=jnp.array([0]), targets=jnp.array([15]))
    return scale * D

corner_distance(grid, 2.0)
""",
        kind='unhashable-static', argument='grid', path='grid.grid', line=13,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The GridGraph (an equinox Module holding the permeability array) is marked static because it carries a function; hashing it hashes the array and jit raises ValueError (non-hashable static argument). Pass it traced - its `fun` is already a static field; checked.',
    ),
    Case(
        id='h-jaxscape-distance-object-jit-arg',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/distances.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxscape import GridGraph, LCPDistance

permeability = jnp.ones((4, 4))

@jax.jit
def connectivity(permeability, distance):
    grid = GridGraph(permeability, fun=lambda x, y: (x + y) / 2)
    return distance(grid, sources=jnp.array([0]), targets=jnp.array([15])).sum()

connectivity(permeability, LCPDistance(algorithm='floyd-warshall'))
""",
        kind='non-array-argument', argument='distance', path='distance.algorithm', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='LCPDistance keeps `algorithm` as an ordinary (non-static) string field, so passing the distance object through plain jax.jit makes the string a leaf: TypeError (not a valid JAX type). Marking it static (it hashes) fixes it, as JAX suggests; checked. eqx.filter_jit also works.',
    ),
    Case(
        id='h-jaxscape-finite-distance-mask',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/api/distances.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxscape import GridGraph, LCPDistance

permeability = jnp.ones((4, 4)).at[:, 2].set(0.0)

def mean_reachable_distance(permeability):
    grid = GridGraph(permeability, fun=lambda x, y: (x + y) / 2)
    D = LCPDistance(algorithm='floyd-warshall')(grid)
    return jnp.mean(D[jnp.isfinite(D)])

jax.jit(jax.grad(mean_reachable_distance))(permeability)
""",
        kind='boolean-index', argument='permeability', path='permeability', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='LCP distances are inf between disconnected cells; averaging the reachable ones with D[jnp.isfinite(D)] inside a jitted gradient is a boolean index with a traced mask: NonConcreteBooleanIndexError. A masked sum via jnp.where divided by the mask count fixes it; checked.',
    ),
    Case(
        id='h-jaxscape-float-print-in-grad',
        source='https://github.com/vboussange/jaxscape/blob/main/docs/examples/sensitivity.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxscape import GridGraph, LCPDistance

permeability = jnp.full((4, 4), 0.5)

def connectivity_loss(permeability):
    grid = GridGraph(permeability, fun=lambda x, y: (x + y) / 2)
    D = LCPDistance()(grid, sources=jnp.array([0]), targets=jnp.array([15]))
    print(f"current corner distance: {float(D[0, 0]):.3f}")
    return D.sum()

jax.grad(connectivity_loss)(permeability)
""",
        kind='concretization', argument='permeability', path='permeability', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="While differentiating an LCP distance w.r.t. permeability, the loss prints float(D[0, 0]); D is a JVP tracer and float() raises ConcretizationTypeError. jax.debug.print fixes it (checked); JAX's astype hint does not fit.",
    ),
]
