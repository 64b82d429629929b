"""Held-out library cases (set aw): coordinax, harmonic, xlb.

Built by hand for set `aw`. Each cell was written to a file and run with
/tmp/heldout25/venv_aw/bin/python (CPython 3.11.7; venv with --system-site-packages)
with jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6
(all as on the machine), plus coordinax 0.23.5 (unxt 1.11.4, quaxed 0.10.7, quax 0.4.6),
harmonic 1.3.1 (its flows use tensorflow-probability's JAX substrate, tfp-nightly
0.26.0.dev20261027, and distrax 0.1.9) and xlb 0.3.1 with warp-lang 1.9.1 (xlb 0.3.1
fails to import with warp-lang 1.19: `ScopedTimer` moved). Every statement but the last
runs cleanly; the last raises. The `line`/`use_line` values are the deepest traceback
frame in the cell. Each first fix was applied by hand and re-run where
`verifiable=True`.

Dropped: gwkokab (0.2.1 is the newest that resolves with optax 0.2.8 -- 0.3.x needs
optax<0.2.7 -- and 0.2.1 fails to import: `numpyro._typing.DistributionT` is missing in
numpyro 0.22.0); galax (only 0.0.2 on the index, fails to import with equinox 0.13.8:
`_has_dataclass_init`); genjax (all releases pin jax<0.6). Replaced by the next
alternate, xlb.

Notes: XLB wraps errors raised inside its Operator.__call__ into a bare `Exception`; the
cases here raise in user code or in non-Operator helpers, so the JAX class is preserved.
harmonic's flow training runs a few epochs in each harmonic cell (a few seconds each).

Doubts about labels:
- aw-coordinax-frame-op-inside-jit: the fix is really "build the operator outside jit and
  pass it in" (coordinax PR #962); 'static' is the closest vocabulary item but
  static_argnums on z_sun_pc alone still fails, because under jit even the default
  frame's fields are traced. The argument is named by JAX's message (z_sun_pc), yet the
  comparison would fail even without it.
- aw-coordinax-grad-math-log10: the radius depends on all of pos.x/y/z, so path is the
  whole vector `pos`. JAX's hint (astype) does not fit.
- aw-coordinax-boolean-mask-select: the mask depends on both pos and r_max_kpc; result
  shape changes under any fix, so 'size-argument' is equally defensible as first.
- aw-coordinax-list-of-operators-traced-index: lax.switch needs lambda wrappers because
  coordinax operators are unhashable; stacking the offsets into an array and indexing it
  is another acceptable fix not in the vocabulary.
- aw-harmonic-traced-flow-temperature: the assignment model.temperature = temperature also
  leaks the tracer onto the model (leaked-tracer would be defensible), but the first error
  is harmonic's own `if` on it.
- aw-harmonic-jit-sample-count: JAX/TFP raises a plain TypeError ('Non-shape-like
  value'); concretization is a defensible alternative reading.
- aw-harmonic-custom-loss-stores-state: 'return-value' is approximate: the real fix is
  to call model.flow.apply with the explicit params rather than going through
  model.state; JAX's "return your outputs" advice points the right way but does not by
  itself fix the cell, hence jax_fitting_fix=False.
- aw-harmonic-evidence-inside-jit: no vocabulary item fits well; the fix is to not trace
  harmonic's NumPy-based Chains/Evidence ('static' in the sense of moving it out of the
  trace).
- aw-harmonic-rqspline-list-hidden-size: line points at the jit call (where JAX raises);
  the list itself is on the constructor line 7. path names the module field.
- aw-xlb-create-field-traced-fill: as for the frame case, 'static' means hoisting field
  creation out of the trace; static_argnums alone fails inside create_field
  (make_array_from_single_device_arrays needs concrete arrays).
- aw-xlb-downsample-traced-factor: the offending value is a tracer, not a list/dict, so
  traced-shape is a defensible kind; JAX reports it as a non-hashable static argument.
- aw-xlb-range-over-traced-steps: 'static' is equally acceptable first; fori_loop is listed
  first per the preferred order.
- aw-xlb-float-loss-in-value-and-grad: 'return-value' (return the loss and print outside)
  is also fine. In a separate jitted variant of this pattern, a plain jax.debug.print hit
  an XLA RET_CHECK internal error on CPU with jax 0.10.2 (ordered=True worked); in this
  cell (value_and_grad, no outer jit) it runs.
- aw-xlb-save-image-in-scan: JAX's message names carry[0], carry[1] and t; carry[0]
  (f0, the streamed population) is listed.
- aw-xlb-operator-callback-leak: argument could also be read as f1 (the stored tuple is
  the stepper's output pair).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='aw-coordinax-vmap-if-below-plane',
        source='https://github.com/GalacticDynamics/coordinax/blob/main/docs/guides/vectors.md',
        code="""\
import jax
import quaxed.numpy as jnp
import unxt as u
import coordinax as cx

def fold_to_north(pos):
    if pos.z < u.Quantity(0.0, "kpc"):
        pos = cx.CartesianPos3D(x=pos.x, y=pos.y, z=-pos.z)
    return cx.vconvert(cx.SphericalPos, pos)

stars = cx.CartesianPos3D.from_([[8.0, 0.0, 0.2], [7.5, 1.0, -0.3]], "kpc")
jax.vmap(fold_to_north)(stars)
""",
        kind='bool-conversion', argument='pos', path='pos.z', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A per-star function vmapped over a CartesianPos3D batch branches with a Python if on a Quantity comparison of pos.z; JAX raises TracerBoolConversionError (BatchTracer). Selecting the sign with quaxed jnp.where keeps the batch semantics; checked (jnp.where version runs).',
    ),
    Case(
        id='aw-coordinax-grad-math-log10',
        source='https://github.com/GalacticDynamics/coordinax',
        code="""\
import math
import jax.numpy as jnp
import jax
import unxt as u
import coordinax as cx

def distance_modulus(pos):
    sph = cx.vconvert(cx.SphericalPos, pos)
    d_pc = sph.r.ustrip("pc")
    return 5.0 * math.log10(d_pc) - 5.0

star = cx.CartesianPos3D.from_([1.0, 2.0, 0.5], "kpc")
jax.grad(distance_modulus)(star)
""",
        kind='concretization', argument='pos', path='pos', line=10,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note="A distance-modulus objective differentiated with jax.grad through vconvert to SphericalPos calls math.log10 on the stripped radius; math.log10 calls float() on the JVP tracer and JAX raises ConcretizationTypeError. jnp.log10 is the traceable equivalent; JAX's hint (astype) does not apply; checked.",
    ),
    Case(
        id='aw-coordinax-ring-linspace-count',
        source='https://github.com/GalacticDynamics/coordinax/blob/main/docs/guides/representations.md',
        code="""\
import jax
import jax.numpy as jnp
import unxt as u
import coordinax as cx

@jax.jit
def ring_of_points(radius_kpc, n_points):
    phi = jnp.linspace(0.0, 2 * jnp.pi, n_points)
    r = jnp.full_like(phi, radius_kpc)
    return cx.vecs.CylindricalPos(rho=u.Quantity(r, "kpc"), phi=u.Quantity(phi, "rad"), z=u.Quantity(jnp.zeros_like(phi), "kpc"))

ring_of_points(8.0, 64)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A jitted helper builds a CylindricalPos ring and passes the traced point count to jnp.linspace as num; JAX raises ConcretizationTypeError ('num' argument of jnp.linspace). The count fixes the output shape, so it must be static (static_argnames='n_points'); checked.",
    ),
    Case(
        id='aw-coordinax-jit-vconvert-target-class',
        source='https://github.com/GalacticDynamics/coordinax/issues/12',
        code="""\
import jax
import coordinax as cx

pos = cx.CartesianPos3D.from_([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "kpc")
to_rep = jax.jit(cx.vconvert)
to_rep(cx.SphericalPos, pos)
""",
        kind='non-array-argument', argument='target', path='target', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Wrapping cx.vconvert in jax.jit and passing the target representation class positionally makes jit try to trace a class; JAX raises TypeError (not a valid JAX type). Marking it static (static_argnums=0) works, as the message suggests; checked.',
    ),
    Case(
        id='aw-coordinax-static-units-list',
        source='https://github.com/GalacticDynamics/coordinax/blob/main/docs/guides/perf.md',
        code="""\
from functools import partial
import jax
import unxt as u
import coordinax as cx

@partial(jax.jit, static_argnames=("units",))
def to_arrays(pos, units):
    sph = cx.vconvert(cx.SphericalPos, pos)
    return sph.r.ustrip(units[0]), sph.theta.ustrip(units[1]), sph.phi.ustrip(units[1])

pos = cx.CartesianPos3D.from_([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "kpc")
to_arrays(pos, units=["pc", "deg"])
""",
        kind='unhashable-static', argument='units', path='units', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Output units for ustrip are correctly declared static, but passed as a list; jit raises ValueError (non-hashable static argument). A tuple of unit strings is hashable; checked.',
    ),
    Case(
        id='aw-coordinax-leak-history-list',
        source='https://github.com/GalacticDynamics/coordinax/blob/main/docs/guides/vectors.md',
        code="""\
import jax
import unxt as u
import coordinax as cx

history = []

@jax.jit
def to_spherical(pos):
    sph = cx.vconvert(cx.SphericalPos, pos)
    history.append(sph)
    return sph.r.ustrip("kpc")

pos = cx.CartesianPos3D.from_([[8.0, 0.0, 0.0], [1.0, 2.0, 2.0]], "kpc")
to_spherical(pos)
cx.vconvert(cx.CartesianPos3D, history[-1])
""",
        kind='leaked-tracer', argument='pos', path='pos', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=15,
        note='The jitted function appends the SphericalPos it builds to a module-level list; converting that stored vector back later hits its traced components and JAX raises UnexpectedTracerError. Returning the vector from the jitted function instead of storing it fixes it; checked.',
    ),
    Case(
        id='aw-coordinax-frame-op-inside-jit',
        source='https://github.com/GalacticDynamics/coordinax/issues/956',
        code="""\
import jax
import unxt as u
import coordinax as cx

gc_default = cx.frames.Galactocentric()
pos = cx.CartesianPos3D.from_([8.0, 0.0, 0.1], "kpc")

@jax.jit
def shift_sun_height(z_sun_pc, pos):
    gc_new = cx.frames.Galactocentric(z_sun=u.Quantity(z_sun_pc, "pc"))
    op = cx.frames.frame_transform_op(gc_default, gc_new)
    return op(pos)

shift_sun_height(30.0, pos)
""",
        kind='bool-conversion', argument='z_sun_pc', path='z_sun_pc', line=11,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="Building the Galactocentric->Galactocentric frame_transform_op inside jit runs the library's own `if from_frame == to_frame` on traced frame fields; JAX raises TracerBoolConversionError inside coordinax. The fix is to build the operator outside the trace and pass it in (static_argnums on z_sun_pc alone is not enough: the default frame fields are traced too under jit); the hoisted version was checked.",
    ),
    Case(
        id='aw-coordinax-boolean-mask-select',
        source='https://github.com/GalacticDynamics/coordinax/blob/main/docs/guides/vectors.md',
        code="""\
import jax
import unxt as u
import coordinax as cx

@jax.jit
def stars_within(pos, r_max_kpc):
    r = cx.vconvert(cx.SphericalPos, pos).r
    inside = r < u.Quantity(r_max_kpc, "kpc")
    return pos[inside]

pos = cx.CartesianPos3D.from_([[1.0, 0.0, 0.0], [9.0, 0.0, 0.0], [0.5, 0.5, 0.5]], "kpc")
stars_within(pos, 2.0)
""",
        kind='boolean-index', argument='pos', path='pos', line=9,
        fixes=('jnp.where', 'size-argument'), verifiable=False, jax_fitting_fix=False,
        note='A jitted selection indexes a CartesianPos3D with a traced boolean mask from r < r_max; JAX raises NonConcreteBooleanIndexError. Under jit the result must keep a fixed shape: mask with jnp.where (or return the mask) or use nonzero with size=; not mechanical because the return value changes meaning.',
    ),
    Case(
        id='aw-coordinax-list-of-operators-traced-index',
        source='https://github.com/GalacticDynamics/coordinax/blob/main/docs/guides/operators.md',
        code="""\
import jax
import jax.numpy as jnp
import unxt as u
import coordinax as cx

boosts = [cx.ops.GalileanSpatialTranslation.from_([dx, 0.0, 0.0], "kpc") for dx in (0.0, 1.0, 2.0)]

def apply_selected(k, pos):
    return boosts[k](pos)

pos = cx.CartesianPos3D.from_([8.0, 0.0, 0.0], "kpc")
jax.vmap(apply_selected, in_axes=(0, None))(jnp.arange(3), pos)
""",
        kind='integer-conversion', argument='k', path='k', line=9,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note='A Python list of GalileanSpatialTranslation operators is indexed with a vmapped integer; list indexing calls __index__ and JAX raises TracerIntegerConversionError. lax.switch over the operators fixes it, but each operator must be wrapped in a lambda because coordinax operators are not hashable; checked with the wrapped form.',
    ),
    Case(
        id='aw-harmonic-model-as-jit-argument',
        source='https://astro-informatics.github.io/harmonic/api/model.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import harmonic as hm

samples = np.random.default_rng(0).normal(size=(512, 2)).astype(np.float32)
model = hm.model.RealNVPModel(2, standardize=True)
model.fit(samples, epochs=2)

@jax.jit
def log_ratio(model, x, ln_post):
    return model.predict(x) - ln_post

log_ratio(model, samples[:10], jnp.zeros(10))
""",
        kind='non-array-argument', argument='model', path='model', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A trained RealNVPModel is passed as an argument of a jitted log-ratio helper; jit cannot trace the Python model object and raises TypeError. Marking it static (it hashes by identity) or closing over it works, as the message suggests; checked.',
    ),
    Case(
        id='aw-harmonic-traced-flow-temperature',
        source='https://astro-informatics.github.io/harmonic/api/model.html',
        code="""\
import jax
import numpy as np
import harmonic as hm

samples = np.random.default_rng(0).normal(size=(512, 2)).astype(np.float32)
model = hm.model.RealNVPModel(2)
model.fit(samples, epochs=2)

@jax.jit
def predict_at(temperature, x):
    model.temperature = temperature
    return model.predict(x)

predict_at(0.9, samples[:10])
""",
        kind='bool-conversion', argument='temperature', path='temperature', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The user sets model.temperature from a jitted argument and calls predict, whose range check `if temperature > 1` runs on the tracer; JAX raises TracerBoolConversionError inside harmonic. The temperature must be a Python float: static_argnums=0 fixes it; checked.',
    ),
    Case(
        id='aw-harmonic-jit-sample-count',
        source='https://astro-informatics.github.io/harmonic/api/model.html',
        code="""\
import jax
import numpy as np
import harmonic as hm

samples = np.random.default_rng(0).normal(size=(512, 2)).astype(np.float32)
model = hm.model.RealNVPModel(2)
model.fit(samples, epochs=2)

draw = jax.jit(model.sample)
draw(1000)
""",
        kind='traced-shape', argument='n_sample', path='n_sample', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="jax.jit(model.sample) traces n_sample, which the TFP flow uses as the sample shape; a TypeError 'Non-shape-like value' is raised. The count must be static (static_argnums=0); checked.",
    ),
    Case(
        id='aw-harmonic-custom-loss-stores-state',
        source='https://astro-informatics.github.io/harmonic/api/model.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import harmonic as hm

samples = np.random.default_rng(0).normal(size=(512, 2)).astype(np.float32)
model = hm.model.RealNVPModel(2)
model.fit(samples, epochs=2)

def neg_log_lik(params, x):
    model.state = model.state.replace(params=params)
    return -jnp.mean(model.predict(x))

grads = jax.grad(neg_log_lik)(model.state.params, samples)
model.predict(samples[:5])
""",
        kind='leaked-tracer', argument='params', path='params', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=15,
        note='A hand-written fine-tuning loss writes the differentiated params into model.state so that model.predict sees them; after jax.grad the model keeps LinearizeTracers and the next predict raises UnexpectedTracerError. Keep the params functional (evaluate flow.apply with the passed params and return/update state outside the loss); needs a rewrite, not mechanical.',
    ),
    Case(
        id='aw-harmonic-numpy-ratio-in-jit',
        source='https://astro-informatics.github.io/harmonic/background/Harmonic_Estimator/learnt_harmonic_mean.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import harmonic as hm

samples = np.random.default_rng(0).normal(size=(512, 2)).astype(np.float32)
ln_post = -0.5 * np.sum(samples**2, axis=1)
model = hm.model.RealNVPModel(2)
model.fit(samples, epochs=2)

@jax.jit
def inv_evidence_estimate(x, lnp):
    return np.mean(np.exp(model.predict(x) - lnp))

inv_evidence_estimate(samples, ln_post)
""",
        kind='array-conversion', argument='x', path='x', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A jitted hand-rolled learnt-harmonic-mean estimate applies np.exp/np.mean to model.predict output; NumPy calls __array__ and JAX raises TracerArrayConversionError. Using jnp.exp/jnp.mean fixes it; checked.',
    ),
    Case(
        id='aw-harmonic-evidence-inside-jit',
        source='https://github.com/astro-informatics/harmonic/issues/252',
        code="""\
import jax
import numpy as np
import harmonic as hm

rng = np.random.default_rng(0)
samples = rng.normal(size=(4, 128, 2)).astype(np.float32)
ln_post = -0.5 * np.sum(samples**2, axis=-1)
model = hm.model.RealNVPModel(2)
model.fit(samples.reshape(-1, 2), epochs=2)

@jax.jit
def ln_inv_evidence(samples, ln_post):
    chains = hm.Chains(2)
    chains.add_chains_3d(samples, ln_post)
    ev = hm.Evidence(chains.nchains, model)
    ev.add_chains(chains)
    return ev.ln_evidence_inv

ln_inv_evidence(samples, ln_post)
""",
        kind='array-conversion', argument='samples', path='samples', line=14,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='The whole Chains/Evidence pipeline is put under jax.jit; Chains.add_chains_3d uses NumPy on the traced samples and JAX raises TracerArrayConversionError inside harmonic. These bookkeeping classes need concrete arrays: run them outside jit (only the flow evaluation is traceable).',
    ),
    Case(
        id='aw-harmonic-rqspline-list-hidden-size',
        source='https://astro-informatics.github.io/harmonic/api/model.html',
        code="""\
from functools import partial
import jax
import numpy as np
import harmonic as hm

samples = np.random.default_rng(0).normal(size=(512, 2)).astype(np.float32)
model = hm.model.RQSplineModel(2, n_layers=2, n_bins=4, hidden_size=[32, 32])
model.fit(samples, epochs=1)

@partial(jax.jit, static_argnums=0)
def flow_log_prob(flow, params, variables, x):
    return flow.apply({"params": params, "variables": variables}, x, 0.8, method=flow.log_prob)

flow_log_prob(model.flow, model.state.params, model.variables, samples[:10])
""",
        kind='unhashable-static', argument='flow', path='flow.hidden_size', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The RQSpline flax module is passed as a static jit argument, but it was built with hidden_size as a list (the library default is also a list); hashing the module fails and jit raises ValueError (non-hashable static argument). Passing hidden_size as a tuple makes the module hashable; checked.',
    ),
    Case(
        id='aw-xlb-create-field-traced-fill',
        source='https://github.com/Autodesk/XLB/pull/156',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()

from xlb.operator.equilibrium import QuadraticEquilibrium

@jax.jit
def uniform_state(rho0):
    rho = grid.create_field(cardinality=1, fill_value=rho0)
    u = grid.create_field(cardinality=2, fill_value=0.0)
    return QuadraticEquilibrium()(rho, u)

uniform_state(1.02)
""",
        kind='bool-conversion', argument='rho0', path='rho0', line=18,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='A jitted initial-state builder passes a traced density to grid.create_field(fill_value=...), whose `if fill_value:` raises TracerBoolConversionError inside XLB. create_field cannot run under jit at all (it assembles device arrays), so the fix is to create the fields outside the trace and scale them by rho0 inside; that hoisted version was checked.',
    ),
    Case(
        id='aw-xlb-range-over-traced-steps',
        source='https://github.com/Autodesk/XLB/blob/main/examples/cfd/lid_driven_cavity_2d.py',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()

@jax.jit
def run(f0, f1, omega, num_steps):
    for t in range(num_steps):
        f0, f1 = stepper(f0, f1, bc_mask, missing_mask, omega, t)
        f0, f1 = f1, f0
    return f0

run(f0, f1, 1.6, 100)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=16,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A jitted time loop around the XLB stepper uses range(num_steps) with a traced count; JAX raises TracerIntegerConversionError. A lax.fori_loop body swapping f0/f1 or static_argnames='num_steps' fix it; both checked.",
    ),
    Case(
        id='aw-xlb-operator-callback-leak',
        source='https://github.com/Autodesk/XLB/blob/main/xlb/operator/operator.py',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()

snapshots = []

@jax.jit
def step(f0, f1, t):
    return stepper(f0, f1, bc_mask, missing_mask, 1.6, t, callback=snapshots.append)

f0, f1 = step(f0, f1, 0)
snapshots[-1][1].sum()
""",
        kind='leaked-tracer', argument='f0', path='f0', line=18,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=21,
        note="The stepper's callback= hook appends the operator result to a list while the step is jitted, so the list keeps tracers; reading it afterwards raises UnexpectedTracerError. Use the returned fields instead of the callback; checked.",
    ),
    Case(
        id='aw-xlb-stepper-as-jit-argument',
        source='https://github.com/Autodesk/XLB/blob/main/examples/cfd/lid_driven_cavity_2d.py',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()

@jax.jit
def advance(stepper, f0, f1, omega):
    f0, f1 = stepper(f0, f1, bc_mask, missing_mask, omega, 0)
    return f1, f0

advance(stepper, f0, f1, 1.6)
""",
        kind='non-array-argument', argument='stepper', path='stepper', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The IncompressibleNavierStokesStepper object is passed as a traced argument of a jitted step; jit raises TypeError (not a valid JAX type). Marking it static (XLB operators hash by identity, as XLB's own jits rely on) or closing over it works; checked.",
    ),
    Case(
        id='aw-xlb-save-image-in-scan',
        source='https://github.com/Autodesk/XLB/blob/main/xlb/utils/utils.py',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()
from xlb.operator.macroscopic import Macroscopic
from xlb.utils import save_image

macro = Macroscopic()

def body(carry, t):
    f0, f1 = stepper(carry[0], carry[1], bc_mask, missing_mask, 1.6, t)
    rho, u = macro(f1)
    save_image(u[0], timestep=t, prefix="ux")
    return (f1, f0), None

jax.lax.scan(body, (f0, f1), jnp.arange(5))
""",
        kind='array-conversion', argument='carry', path='carry[0]', line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='xlb.utils.save_image is called on the velocity inside a lax.scan body; matplotlib converts the field with NumPy and JAX raises TracerArrayConversionError. Return the field as the scan output and save it afterwards; checked.',
    ),
    Case(
        id='aw-xlb-downsample-traced-factor',
        source='https://github.com/Autodesk/XLB/blob/main/xlb/utils/utils.py',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()

from xlb.operator.macroscopic import Macroscopic
from xlb.utils import downsample_field

macro = Macroscopic()

@jax.jit
def coarse_velocity(f, factor):
    rho, u = macro(f)
    return downsample_field(jnp.moveaxis(u, 0, -1), factor)

coarse_velocity(f0, 2)
""",
        kind='unhashable-static', argument='factor', path='factor', line=22,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="xlb.utils.downsample_field declares factor static, but the user's jitted wrapper forwards its own traced factor; the inner jit raises ValueError (non-hashable static argument: DynamicJaxprTracer). Making factor static in the outer jit too fixes it; checked.",
    ),
    Case(
        id='aw-xlb-float-loss-in-value-and-grad',
        source='https://github.com/Autodesk/XLB/pull/156',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()
from xlb.operator.macroscopic import Macroscopic

macro = Macroscopic()
target = jnp.ones((32, 32)).at[8:24, 8:24].set(1.05)
step = jax.checkpoint(lambda a, b, t: stepper(a, b, bc_mask, missing_mask, 1.6, t))

def loss_fn(f_init):
    a, b = f_init, jnp.zeros_like(f_init)
    for t in range(5):
        a, b = step(a, b, t)
        a, b = b, a
    rho, _ = macro(a)
    loss = jnp.mean((rho[0] - target) ** 2)
    print(f"loss = {float(loss):.6f}")
    return loss

jax.value_and_grad(loss_fn)(f0)
""",
        kind='concretization', argument='f_init', path='f_init', line=26,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A differentiable-LBM loss (checkpointed stepper, jax.value_and_grad) logs float(loss); JAX raises ConcretizationTypeError. jax.debug.print (or returning the value) keeps the logging traceable; checked.',
    ),
    Case(
        id='aw-xlb-fluid-mask-boolean-index',
        source='https://github.com/Autodesk/XLB/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import xlb
from xlb.compute_backend import ComputeBackend as CB
from xlb.precision_policy import PrecisionPolicy as PP
from xlb.grid import grid_factory
from xlb.operator.stepper import IncompressibleNavierStokesStepper
from xlb.operator.boundary_condition import FullwayBounceBackBC
from xlb.operator.macroscopic import Macroscopic

xlb.init(velocity_set=xlb.velocity_set.D2Q9(precision_policy=PP.FP32FP32, compute_backend=CB.JAX), default_backend=CB.JAX, default_precision_policy=PP.FP32FP32)
grid = grid_factory((32, 32))
box = grid.bounding_box_indices()
walls = FullwayBounceBackBC(indices=[list(box["bottom"][i]) + list(box["top"][i]) for i in range(2)])
stepper = IncompressibleNavierStokesStepper(grid=grid, boundary_conditions=[walls])
f0, f1, bc_mask, missing_mask = stepper.prepare_fields()

@jax.jit
def mean_fluid_velocity(f, bc_mask):
    rho, u = Macroscopic()(f)
    fluid = bc_mask[0] == 0
    return u[:, fluid].mean(axis=1)

mean_fluid_velocity(f0, bc_mask)
""",
        kind='boolean-index', argument='bc_mask', path='bc_mask', line=22,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The mean velocity over fluid nodes is taken as u[:, bc_mask[0] == 0] inside jit with bc_mask traced; JAX raises NonConcreteBooleanIndexError. A jnp.where-masked sum divided by the mask count gives the same mean; checked.',
    ),
]
