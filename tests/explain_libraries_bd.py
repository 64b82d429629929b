"""Held-out library cases (set BD): cuequivariance-jax, opt_einsum, coordax.

How they were built: every cell was written for this set as a small reduction of a
usage pattern documented by the library (API docs / tutorial notebooks / source of the
API exercised, or the GitHub thread cited) and run as a file with
/tmp/heldout28/venv_bd/bin/python (a venv made with --system-site-packages on the
machine's python3). Each cell was checked to run cleanly without its last statement and
to raise at its last statement; `line` / `use_line` were read from the traceback frames
in the cell file; the first listed fix was applied by hand to a copy of the cell and the
copy was re-run without error (hence verifiable=True throughout).
Sources: searches of the issue corpus found no tracing-error threads for these three
libraries except opt_einsum#224 (jax arrays and backend selection), so most cases cite
the API doc page, tutorial notebook or source file of the API they exercise.

Interpreter and versions: CPython 3.11.7; jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6,
flax 0.12.8, equinox 0.13.8, optax 0.2.8 (all as on the machine);
cuequivariance-jax 0.13.0 with cuequivariance 0.13.0 (pure-JAX "naive" CPU paths only,
no cuequivariance-ops kernels), opt_einsum 3.4.0 (the machine's copy, jax backend),
coordax 0.2.8 (0.2.8 is what pip resolved with the pins above).

Dropped, in order:
- gwfast: does not install with the pins; gwfast 1.1.2 requires numpy<=1.26.4 while
  jax 0.10.2 requires numpy>=2.0 (ResolutionImpossible).
- lpips-j: does not install; it depends on a git URL (flaxmodels from GitHub), which pip
  refuses for a PyPI package.
- jax-dataloader (first alternate): installs (0.1.4) but fails to import: beartype cannot
  resolve its 'torch.Generator' annotation without torch.
- jaxga (second alternate): imports, but its geometric product is broken under
  JAX 0.10.2: get_mv_multiply calls jax.jit(..., static_argnames=["out_size"]) for a
  function without that parameter, which JAX now rejects with ValueError, so `a * b`,
  inverse(), simple_exp() and the flax module all fail before any tracing. Treated as a
  removed/changed JAX API and dropped.
- opt_einsum (third alternate) was taken, and coordax (not on the exclusion lists) was
  chosen as the remaining library.

Doubts about labels:
- bd-cuex-scalar-activation-traced-slope: the value that fails (.item() of the
  normalization constant) is computed by the library from the user's lambda, whose own
  parameter is `t`; the culprit is the jit parameter `slope` the lambda closes over, so
  argument='slope'. `normalize_act=False` is not a fix: function_parity then raises
  TracerBoolConversionError in the library, so a reader could also call the kind
  bool-conversion for that variant.
- bd-cuex-normalize-epsilon-traced / bd-oe-memory-limit-traced: the failing `if` is inside
  the library (cuex.normalize / opt_einsum path search); `line` is the user's call. Kind
  could be argued as concretization (a library asking for a Python value), but JAX raises
  TracerBoolConversionError, so bool-conversion.
- bd-cuex-output-shape-from-receivers: JAX raises a TypeError about an unhashable
  primitive parameter rather than a concretization error; labelled traced-shape because
  the tracer sits in an output shape. numpy-for-static (count nodes outside jit) is an
  equal alternative to static.
- bd-cuex-fixed-axis-rotation-traced-angle: static recompiles per angle; a user who
  needs a traced angle would switch to cue.descriptors.y_rotation/x_rotation (angle as an
  input operand) or RepArray.transform, which is outside the fix vocabulary. Kind could be
  read as concretization (a library needing a Python value), but the exception is
  TracerArrayConversionError from NumPy.
- bd-cuex-vmap-species-mask: size-argument (jnp.nonzero(mask, size=...)) also works
  but needs a padding value; jnp.where is first because it keeps the result exactly.
- bd-oe-numpy-first-operand-grad: the offending conversion hits both r and F (both
  are traced by grad); argument='r' by the first-parameter rule. Passing backend="jax" on
  the failing line is an equally good first fix not in the vocabulary.
- bd-oe-expression-constants-leak: the tracer is stored by opt_einsum itself
  (ContractExpression caches backend constants converted with a jitted identity), so it
  depends on no user parameter (argument=None) and `line` is the user's call inside jit.
  'not-static' (stop declaring W1, W2 as constants) is the closest vocabulary item;
  calling expr.evaluate_constants(backend="jax") once outside jit also works and is not
  in the vocabulary. Not a return-value case.
- bd-oe-expression-traced-batch: JAX raises ConcretizationTypeError from int(), so
  concretization is defensible; labelled traced-shape because the value is a shape.
- bd-cx-labeledaxis-jnp-ticks: the ticks depend on no parameter value (only on a
  shape), so argument=None; array-conversion could also be read as concretization.
- bd-cx-sizedaxis-config-size: the error is raised in cx.field (line of the call), not
  where SizedAxis is built; kind could be bool-conversion (that is the exception), but the
  value is a size.
- bd-cx-isel-traced-slice: integer-conversion per the exception; traced-shape is
  defensible since k fixes the output length. lax.dynamic_slice does not help because the
  length itself is k.
- bd-cx-cmap-if-branch: lax.cond works under cmap's vmap but is turned into a select;
  jnp.where first.
- bd-cx-cmap-debug-list-leak / bd-cuex-sh-cached-in-global: jax_fitting_fix=True because
  the UnexpectedTracerError text says transformed functions must return their outputs
  rather than save intermediates, which is the fix.
- bd-cx-cmap-math-exp: jnp-not-np is used for math.exp -> jnp.exp (the vocabulary has no
  separate item for the math module).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bd-cuex-sh-static-list',
        source='https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.spherical_harmonics.html',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

vecs = jax.random.normal(jax.random.key(0), (16, 3))
edges = cuex.RepArray(cue.Irreps("O3", "1o"), vecs, cue.mul_ir)

def edge_harmonics(ls, edge_vectors):
    return cuex.spherical_harmonics(ls, edge_vectors, normalize=True)

edge_harmonics_jit = jax.jit(edge_harmonics, static_argnums=0)
edge_harmonics_jit([0, 1, 2], edges)
""",
        kind='unhashable-static', argument='ls', path='ls', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The degree list `ls` that spherical_harmonics documents as list[int] is marked static but passed as a list; jax.jit raises ValueError (non-hashable static argument). Passing a tuple keeps it static and hashable; checked.',
    ),
    Case(
        id='bd-cuex-irreps-as-jit-arg',
        source='https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.RepArray.html',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

irreps = cue.Irreps("O3", "8x0e + 4x1o")
feats = jax.random.normal(jax.random.key(0), (10, irreps.dim))

@jax.jit
def node_norms(irreps, x):
    arr = cuex.RepArray(irreps, x, cue.mul_ir)
    return cuex.norm(arr).array

node_norms(irreps, feats)
""",
        kind='non-array-argument', argument='irreps', path='irreps', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A cue.Irreps descriptor is passed as a traced argument of the jitted function; jax.jit raises TypeError (not a valid JAX type). Irreps is hashable, so static_argnums=0 fixes it, as JAX's message suggests; checked.",
    ),
    Case(
        id='bd-cuex-output-shape-from-receivers',
        source='https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.equivariant_polynomial.html',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

e = cue.descriptors.spherical_harmonics(cue.SO3(1), [0, 1, 2])
graph = {
    "vecs": jax.random.normal(jax.random.key(0), (6, 3)),
    "receivers": jnp.array([0, 0, 1, 2, 2, 2]),
}

@jax.jit
def node_features(graph):
    x = cuex.RepArray(cue.Irreps("SO3", "1"), graph["vecs"], cue.ir_mul)
    num_nodes = graph["receivers"].max() + 1
    out = jax.ShapeDtypeStruct((num_nodes, e.outputs[0].dim), jnp.float32)
    return cuex.equivariant_polynomial(e, [x], out, indices=[None, graph["receivers"]], method="naive")

node_features(graph)
""",
        kind='traced-shape', argument='graph', path="graph['receivers']", line=17,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The scatter output size (number of nodes) is computed from the traced receiver indices and put into the output ShapeDtypeStruct; binding the segmented_polynomial primitive raises TypeError (unhashable primitive parameter holding a tracer). Passing num_nodes as a static argument (or computing it with NumPy outside jit) fixes it; checked.',
    ),
    Case(
        id='bd-cuex-normalize-epsilon-traced',
        source='https://github.com/NVIDIA/cuEquivariance/blob/main/cuequivariance_jax/cuequivariance_jax/spherical_harmonics.py',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

vecs = jax.random.normal(jax.random.key(1), (32, 3))
vectors = cuex.RepArray(cue.Irreps("O3", "1o"), vecs, cue.mul_ir)

@jax.jit
def unit_vectors(v, eps):
    return cuex.normalize(v, epsilon=eps)

unit_vectors(vectors, 1e-6)
""",
        kind='bool-conversion', argument='eps', path='eps', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="cuex.normalize branches in Python on `epsilon == 0.0`; with epsilon passed as a jit argument the library's own `if` raises TracerBoolConversionError. Marking eps static fixes it; checked.",
    ),
    Case(
        id='bd-cuex-scalar-activation-traced-slope',
        source='https://github.com/NVIDIA/cuEquivariance/blob/main/cuequivariance_jax/cuequivariance_jax/activation.py',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

with cue.assume(cue.O3, cue.mul_ir):
    h = cuex.RepArray("16x0e", jax.random.normal(jax.random.key(0), (8, 16)))

@jax.jit
def gated(h, slope):
    with cue.assume(cue.O3, cue.mul_ir):
        return cuex.scalar_activation(h, lambda t: jax.nn.leaky_relu(t, slope))

gated(h, 0.05)
""",
        kind='concretization', argument='slope', path='slope', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="scalar_activation normalizes the user's activation by evaluating it under ensure_compile_time_eval and calling .item() on the constant; the lambda closes over the jit-traced slope, so the constant is a tracer and .item() raises ConcretizationTypeError. Making slope static fixes it; checked.",
    ),
    Case(
        id='bd-cuex-slice-by-mul-traced-k',
        source='https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.RepArray.html',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

irreps = cue.Irreps("O3", "32x0e + 8x1o")
layout = cue.IrrepsAndLayout(irreps, cue.mul_ir)
x = cuex.randn(jax.random.key(0), layout, leading_shape=(4,))

@jax.jit
def leading_channels(x, k):
    return x.slice_by_mul[:k]

leading_channels(x, 16)
""",
        kind='integer-conversion', argument='k', path='k', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='RepArray.slice_by_mul resolves the slice against the irreps with slice.indices(), which calls __index__ on the traced k and raises TracerIntegerConversionError. The multiplicity cut decides the output irreps, so k must be static; checked.',
    ),
    Case(
        id='bd-cuex-vmap-species-mask',
        source='https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.RepArray.html',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

irreps = cue.Irreps("O3", "4x0e + 2x1o")
data = jax.random.normal(jax.random.key(0), (3, 6, irreps.dim))
feats = cuex.RepArray(irreps, data, cue.mul_ir)
species = jnp.array([[1, 8, 1, 1, 8, 6]] * 3)

def hydrogen_sum(x, species):
    selected = x[species == 1]
    return selected.array.sum(axis=0)

cuex.vmap(hydrogen_sum)(feats, species)
""",
        kind='boolean-index', argument='species', path='species', line=12,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Inside cuex.vmap the per-graph function indexes a RepArray with a boolean mask built from traced species; RepArray.__getitem__ forwards it to the array and JAX raises NonConcreteBooleanIndexError. Masking with jnp.where before the sum keeps the result; checked.',
    ),
    Case(
        id='bd-cuex-fixed-axis-rotation-traced-angle',
        source='https://github.com/NVIDIA/cuEquivariance/blob/main/cuequivariance/cuequivariance/group_theory/descriptors/rotations.py',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex
import numpy as np

irreps = cue.Irreps("O3", "2x0e + 2x1o")
layout = cue.IrrepsAndLayout(irreps, cue.ir_mul)
x = cuex.randn(jax.random.key(0), layout, leading_shape=(5,))
axis = np.array([0.0, 0.0, 1.0])

@jax.jit
def rotate(x, angle):
    rot = cue.descriptors.fixed_axis_angle_rotation(irreps, axis, angle)
    return cuex.equivariant_polynomial(rot, [x], method="naive")

rotate(x, 0.3)
""",
        kind='array-conversion', argument='angle', path='angle', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="fixed_axis_angle_rotation builds the descriptor's coefficients with NumPy from a known angle; given the jit-traced angle, NumPy calls __array__ and JAX raises TracerArrayConversionError. The descriptor is compile-time data, so the angle must be static; checked.",
    ),
    Case(
        id='bd-cuex-sh-cached-in-global',
        source='https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.spherical_harmonics.html',
        code="""\
import jax
import jax.numpy as jnp
import cuequivariance as cue
import cuequivariance_jax as cuex

sh_cache = {}

@jax.jit
def edge_embedding(vecs):
    x = cuex.RepArray(cue.Irreps("O3", "1o"), vecs, cue.mul_ir)
    sh = cuex.spherical_harmonics([0, 1, 2], x)
    sh_cache["edges"] = sh
    return sh.array.sum()

edge_embedding(jax.random.normal(jax.random.key(0), (8, 3)))
cuex.norm(sh_cache["edges"])
""",
        kind='leaked-tracer', argument='vecs', path='vecs', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The spherical-harmonics RepArray computed inside jit is stashed in a global dict; using it afterwards with cuex.norm raises UnexpectedTracerError. Returning the RepArray (a pytree) from the jitted function fixes it; checked.', use_line=16,
    ),
    Case(
        id='bd-oe-subscripts-as-jit-arg',
        source='https://dgasmith.github.io/opt_einsum/api_reference',
        code="""\
import jax
import jax.numpy as jnp
import opt_einsum as oe

a = jnp.ones((3, 4))
b = jnp.ones((4, 5))
c = jnp.ones((5, 2))

def tensor_chain(eq, *operands):
    return oe.contract(eq, *operands, optimize="greedy")

tensor_chain_jit = jax.jit(tensor_chain)
tensor_chain_jit("ij,jk,kl->il", a, b, c)
""",
        kind='non-array-argument', argument='eq', path='eq', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The einsum subscripts string is passed as a traced argument of the jitted wrapper; jax.jit raises TypeError (str is not a valid JAX type). static_argnums=0, which JAX's message suggests, fixes it; checked.",
    ),
    Case(
        id='bd-oe-path-list-static',
        source='https://dgasmith.github.io/opt_einsum/api_reference',
        code="""\
import jax
import jax.numpy as jnp
import opt_einsum as oe

a = jnp.ones((8, 16))
b = jnp.ones((16, 32))
c = jnp.ones((32, 4))
path, info = oe.contract_path("ij,jk,kl->il", a, b, c, optimize="optimal")

def chain(path, a, b, c):
    return oe.contract("ij,jk,kl->il", a, b, c, optimize=path)

chain_jit = jax.jit(chain, static_argnames="path")
chain_jit(path, a, b, c)
""",
        kind='unhashable-static', argument='path', path='path', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='contract_path returns the contraction path as a list of tuples; passing it as a static argument makes jax.jit raise ValueError (non-hashable static argument). Converting it with tuple() keeps it static and opt_einsum accepts it; checked.',
    ),
    Case(
        id='bd-oe-numpy-first-operand-grad',
        source='https://github.com/dgasmith/opt_einsum/issues/224',
        code="""\
import jax
import jax.numpy as jnp
import opt_einsum as oe
import numpy as np

levi = np.zeros((3, 3, 3))
levi[0, 1, 2] = levi[1, 2, 0] = levi[2, 0, 1] = 1.0
levi[0, 2, 1] = levi[2, 1, 0] = levi[1, 0, 2] = -1.0
r = jnp.ones((8, 3))
F = jnp.arange(24.0).reshape(8, 3)

def torque_loss(r, F):
    tau = oe.contract("ijk,bj,bk->bi", levi, r, F)
    return jnp.sum(tau ** 2)

jax.grad(torque_loss)(r, F)
""",
        kind='array-conversion', argument='r', path='r', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="opt_einsum's backend='auto' picks the backend from the first operand, here a NumPy constant, so it calls numpy.tensordot/einsum on the grad tracers and JAX raises TracerArrayConversionError. Making the constant a jnp array (or passing backend='jax') fixes it; checked.",
    ),
    Case(
        id='bd-oe-expression-constants-leak',
        source='https://dgasmith.github.io/opt_einsum/getting_started/backends',
        code="""\
import jax
import jax.numpy as jnp
import opt_einsum as oe
import numpy as np

W1 = np.random.rand(4, 8).astype(np.float32)
W2 = np.random.rand(8, 3).astype(np.float32)
expr = oe.contract_expression("bi,ij,jk->bk", (5, 4), W1, W2, constants=[1, 2])

@jax.jit
def forward(x):
    return expr(x, backend="jax")

forward(jnp.ones((5, 4)))
expr(jnp.ones((5, 4)), backend="jax")
""",
        kind='leaked-tracer', argument=None, path=None, line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The first call of a ContractExpression with constants converts and caches the constant tensors for the jax backend; done inside jit, the cache keeps tracers, and the later eager call raises UnexpectedTracerError. Passing W1, W2 as ordinary operands instead of constants avoids the cache; checked.', use_line=15,
    ),
    Case(
        id='bd-oe-expression-traced-batch',
        source='https://dgasmith.github.io/opt_einsum/api_reference',
        code="""\
import jax
import jax.numpy as jnp
import opt_einsum as oe

params = {"w": jnp.ones((4, 3))}
x = jnp.ones((6, 4))

@jax.jit
def project(params, x, batch):
    expr = oe.contract_expression("bi,ij->bj", (batch, 4), params["w"].shape)
    return expr(x, params["w"])

project(params, x, 6)
""",
        kind='traced-shape', argument='batch', path='batch', line=10,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="contract_expression needs concrete operand shapes to plan the path; the batch size is a traced jit argument, and opt_einsum's int() on it raises ConcretizationTypeError. Marking batch static (or using x.shape) fixes it; checked.",
    ),
    Case(
        id='bd-oe-memory-limit-traced',
        source='https://dgasmith.github.io/opt_einsum/api_reference',
        code="""\
import jax
import jax.numpy as jnp
import opt_einsum as oe

a = jnp.ones((8, 16))
b = jnp.ones((16, 32))
c = jnp.ones((32, 4))

@jax.jit
def chain_with_budget(a, b, c, max_elems):
    return oe.contract("ij,jk,kl->il", a, b, c, memory_limit=max_elems)

chain_with_budget(a, b, c, 256)
""",
        kind='bool-conversion', argument='max_elems', path='max_elems', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="opt_einsum compares memory_limit with intermediate sizes in Python while choosing the path; given as a jit argument it is a tracer and the library's comparison raises TracerBoolConversionError. Making max_elems static fixes it; checked.",
    ),
    Case(
        id='bd-cx-cmap-if-branch',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/cmap.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

lat = cx.LabeledAxis("lat", np.linspace(-60.0, 60.0, 5))
temp = cx.field(jnp.array([250.0, 265.0, 290.0, 270.0, 255.0]), lat)

def sat_vapor_pressure(t):
    if t > 273.15:
        return 611.2 * jnp.exp(17.67 * (t - 273.15) / (t - 29.65))
    return 611.2 * jnp.exp(22.46 * (t - 273.15) / (t - 0.53))

cx.cmap(sat_vapor_pressure)(temp)
""",
        kind='bool-conversion', argument='t', path='t', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="cx.cmap vectorizes the user's scalar function with vmap, so `if t > 273.15` sees a batched tracer and raises TracerBoolConversionError. jnp.where over both branches (or lax.cond) fixes it; checked.",
    ),
    Case(
        id='bd-cx-labeledaxis-jnp-ticks',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/coordinates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

@jax.jit
def to_field(values):
    grid = cx.LabeledAxis("x", jnp.linspace(0.0, 1.0, values.shape[0]))
    return cx.field(values, grid)

to_field(jnp.arange(8.0))
""",
        kind='array-conversion', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='LabeledAxis stores its ticks as a NumPy array (np.asarray) because coordinates are static metadata; ticks built with jnp inside jit are tracers, so JAX raises TracerArrayConversionError. Building them with np.linspace fixes it; checked.',
    ),
    Case(
        id='bd-cx-cmap-math-exp',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/cmap.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx
import math

time = cx.LabeledAxis("time", np.arange(6.0))
elapsed = cx.field(jnp.linspace(0.0, 5.0, 6), time)

def decay(t):
    return math.exp(-0.3 * t)

cx.cmap(decay)(elapsed)
""",
        kind='concretization', argument='t', path='t', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='math.exp needs a Python float, so inside the vmap that cx.cmap applies it calls float() on the tracer and JAX raises ConcretizationTypeError. Using jnp.exp fixes it; checked.',
    ),
    Case(
        id='bd-cx-cmap-debug-list-leak',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/cmap.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

x = cx.LabeledAxis("x", np.arange(4.0))
prob = cx.field(jnp.array([0.1, 0.4, 0.6, 0.9]), x)
debug_vals = []

def logit(p):
    r = jnp.log(p / (1.0 - p))
    debug_vals.append(r)
    return r

out = cx.cmap(logit)(prob)
jnp.max(debug_vals[0])
""",
        kind='leaked-tracer', argument='p', path='p', line=12,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=True,
        note='The function mapped by cx.cmap appends its intermediate (a vmap BatchTracer) to a module-level list; using it after cmap returns raises UnexpectedTracerError. Use the returned Field (or jax.debug.print) instead of a side list; checked.', use_line=16,
    ),
    Case(
        id='bd-cx-dim-name-as-jit-arg',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/fields.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

time = cx.LabeledAxis("time", np.arange(4.0))
lat = cx.LabeledAxis("lat", np.linspace(-45.0, 45.0, 3))
temp = cx.field(jnp.arange(12.0).reshape(4, 3), time, lat)

@jax.jit
def mean_over(f, dim):
    return cx.cmap(jnp.mean)(f.untag(dim))

mean_over(temp, "time")
""",
        kind='non-array-argument', argument='dim', path='dim', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The dimension name is passed as a traced argument; jax.jit raises TypeError (str is not a valid JAX type). Marking it static, as JAX's message suggests, fixes it; checked.",
    ),
    Case(
        id='bd-cx-untag-dims-list-static',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/fields.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

lat = cx.LabeledAxis("lat", np.linspace(-45.0, 45.0, 3))
lon = cx.LabeledAxis("lon", np.linspace(0.0, 270.0, 4))
temp = cx.field(jnp.arange(12.0).reshape(3, 4), lat, lon)

def flatten_dims(f, dims):
    return cx.cmap(jnp.ravel)(f.untag(*dims))

flatten_jit = jax.jit(flatten_dims, static_argnames="dims")
flatten_jit(temp, dims=["lat", "lon"])
""",
        kind='unhashable-static', argument='dims', path='dims', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The list of dimension names is correctly marked static but is a list; jax.jit raises ValueError (non-hashable static argument). A tuple fixes it; checked.',
    ),
    Case(
        id='bd-cx-sizedaxis-config-size',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/coordinates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx
from typing import NamedTuple

class EnsembleConfig(NamedTuple):
    n_members: int
    lat_points: int

cfg = EnsembleConfig(n_members=4, lat_points=5)
lat = cx.LabeledAxis("lat", np.linspace(-60.0, 60.0, cfg.lat_points))

@jax.jit
def as_ensemble(samples, cfg):
    members = cx.SizedAxis("ensemble", cfg.n_members)
    return cx.field(samples, members, lat)

as_ensemble(jnp.zeros((4, 5)), cfg)
""",
        kind='traced-shape', argument='cfg', path='cfg.n_members', line=17,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The config NamedTuple is passed as a traced pytree, so cfg.n_members becomes a tracer; SizedAxis accepts it, but cx.field checks in Python that the data axis length equals the coordinate size and raises TracerBoolConversionError. Making the (hashable) config static, or taking the size from samples.shape, fixes it; checked.',
    ),
    Case(
        id='bd-cx-isel-traced-slice',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/fields.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

level = cx.LabeledAxis("level", np.array([1000.0, 850.0, 700.0, 500.0, 300.0]))
profile = cx.field(jnp.linspace(290.0, 230.0, 5), level)

@jax.jit
def lowest_levels(f, k):
    return f.isel(level=slice(0, k))

lowest_levels(profile, 3)
""",
        kind='integer-conversion', argument='k', path='k', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="isel slices the coordinate's NumPy ticks and the data with slice(0, k); the traced k hits __index__ and JAX raises TracerIntegerConversionError. k decides the output coordinate, so it must be static; checked.",
    ),
    Case(
        id='bd-cx-cmap-boolean-mask',
        source='https://github.com/neuralgcm/coordax/blob/main/docs/cmap.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import coordax as cx

site = cx.LabeledAxis("site", np.arange(3.0))
level = cx.LabeledAxis("level", np.arange(4.0))
w = cx.field(jnp.array([[1.0, -2.0, 3.0, -1.0], [0.5, 0.5, -4.0, 2.0], [-1.0, -1.0, 1.0, 1.0]]), site, level)

def updraft_mean(column):
    return column[column > 0].mean()

cx.cmap(updraft_mean)(w.untag("level"))
""",
        kind='boolean-index', argument='column', path='column', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The column function mapped by cx.cmap selects positive entries with a boolean mask, whose size depends on traced data, so JAX raises NonConcreteBooleanIndexError. A jnp.where-masked sum divided by the count keeps the result; checked.',
    ),
]
