"""Held-out library cases (set at): e3x, meent, squishyplanet.

How they were built: each cell is my own minimal reduction of a usage pattern of
the library (an e3x GitHub issue, the library's source/docstrings or README, or a
squishyplanet/meent thread or PR), written to a file and run with the venv's
python; every statement but the last runs, the last raises while JAX traces a
function.  `line` / `use_line` were read off the traceback frames in the file;
every fix of a `verifiable=True` case was applied by hand to the cell and re-run
(it ran cleanly).  Nothing under /work/main was read or run.

Environment: Python 3.11.7, venv /tmp/heldout23/venv_at made with
--system-site-packages; jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8,
optax 0.2.8, numpy 2.4.6 (the machine's versions, pinned on every install);
e3x 1.0.2, meent 0.13.2 (JAX backend, backend=1), squishyplanet 0.6.0.

Dropped:
- desc-opt: every release pins jax<0.10.0, so pip cannot install it with
  jax==0.10.2 (ResolutionImpossible).
- jax-xc 0.0.11 (first alternate): installs, but `import jax_xc` fails because its
  dependency autofd touches jax.core.raise_to_shaped_mappings, removed from JAX.
  It was uninstalled again; squishyplanet (second alternate) replaced it.
- A meent vector-modeling case (jit over mee.rectangle width) was dropped: the
  failing comparison in ModelingJax.rectangle depends on a constant created inside
  the trace, so static_argnames does not fix it and no fix in the vocabulary fits.
- Passing a MeeJax object as a jit argument was not used: the pytree unflatten
  fails with a plain ValueError in meent's device check, not a tracing error.

Doubts about labels:
- at-e3x-sparse-pairwise-num-atoms: JAX raises TracerBoolConversionError (e3x's
  `if num < 1`), so bool-conversion is defensible; labelled traced-shape because
  the value is an element count used to size arrays.  numpy-for-static
  (num = positions.shape[0] inside) is as good a first fix as static.
- at-e3x-random-rotation-num / at-meent-fourier-order-jit: traced-shape although
  the exceptions are TypeError and ConcretizationTypeError (tolist()); fto in
  meent is the Fourier order, i.e. a matrix size; concretization is defensible.
- at-e3x-dense-to-sparse-under-jit: the fix ("precompute the sparse indices
  outside jit") is mapped to `static` (moving the value out of the traced
  arguments); one could argue no vocabulary fix applies.  Not verifiable.
- at-e3x-module-cutoff-field-vmap: raised by e3x's own `if cutoff <= 0.0`; a
  reader could call the cutoff a static config field and expect `static` via a
  module-field mechanism; the fix applied is a Python loop over cutoffs.
  The last frame in the cell is the e3x.nn.basis call in __call__ (line 13), not
  the vmap line.
- at-e3x-range-num-iterations: JAX's message names the traced argument as
  `args[1]` of flax's Module.apply; I label the parameter of the user's
  __call__ (num_iterations).  integer-conversion vs traced-shape: range() of a
  loop count; listed under integer-conversion by the kind definitions.
- at-e3x-float-loss-in-train-step: argument 'w' is the first of three traced
  parameters the loss depends on (w, positions, target).
- at-meent-range-num-layers: same integer-conversion vs traced-shape question
  (the count decides the number of layers).
- at-meent-conv-solve-kwargs-leak: `line` is the user's conv_solve(ucell=...) call
  (the store happens in meent's setattr); `return-value` is the nearest vocabulary
  item for "do not leave traced values on the shared solver"; not verifiable.
- at-meent-field-after-jitted-solve: argument None (the jitted solve() has no
  parameters; the leaked T1 is built from constants inside the trace).  The fix
  (return the field from the jitted function) also changes the last statement.
- at-meent-pol-vmap / at-meent-numpy-backend-nk-index-vmap: errors raised inside
  meent; `line` is the user's call into meent.  For the nk-index case `jnp-not-np`
  means "use meent's JAX backend function instead of the NumPy re-export".
- at-squishyplanet-eccentricity-in-jit: bool-conversion on `e`, but even with e
  static the constructor fails under jit (see the next case); the real fix is to
  construct outside and pass {'e': e} to lightcurve(), mapped to `static`.
  Not marked verifiable because that is a restructuring (same for the next case).
- at-squishyplanet-construct-inside-jit: jnp.unique without size on a traced
  constant; labelled boolean-index (the data-dependent-size family whose JAX
  remedy is size=), but concretization is equally defensible since the value is
  not data-dependent at all.  argument None.  Fix mapped to `static` (move the
  construction out of the trace); JAX's size= hint does not fit (library code).
- at-squishyplanet-vmap-stores-systems: argument 'r' (the leaked state arrays
  derive from it); line is the list.append that stores the object.
- at-squishyplanet-ld-order-from-jnp-arange: the jitted function is the library's
  own; `argument` names its static parameter `order`.  hashable-static (int(n)) is
  an equally good first fix.
- at-squishyplanet-fstring-chi2-in-jit: JAX raises a plain TypeError from
  __format__; labelled concretization because a concrete number is required.
- at-squishyplanet-numpy-loglike-grad / -fstring-chi2-in-jit: path params['r'] is
  the first leaf of the params dict; the residual depends on every leaf.
"""
from __future__ import annotations

from explain_corpus import Case
E3X_ISSUE24 = 'https://github.com/google-research/e3x/issues/24'
E3X_INDEXED = 'https://github.com/google-research/e3x/blob/main/e3x/ops/indexed.py'
E3X_WRAPPERS = 'https://github.com/google-research/e3x/blob/main/e3x/nn/wrappers.py'
E3X_README = 'https://github.com/google-research/e3x'
E3X_CUTOFF = 'https://github.com/google-research/e3x/blob/main/e3x/nn/functions/cutoff.py'
E3X_ROT = 'https://github.com/google-research/e3x/blob/main/e3x/so3/rotations.py'
MEENT_RCWA = 'https://github.com/kc-ml2/meent/blob/main/meent/on_jax/emsolver/rcwa.py'
MEENT_BASE = 'https://github.com/kc-ml2/meent/blob/main/meent/on_jax/emsolver/_base.py'
MEENT_MODEL = 'https://github.com/kc-ml2/meent/blob/main/meent/on_jax/modeler/modeling.py'
MEENT_README = 'https://github.com/kc-ml2/meent'
MEENT_PR28 = 'https://github.com/kc-ml2/meent/pull/28'
SQ_SYS = 'https://github.com/ben-cassese/squishyplanet/blob/main/squishyplanet/oblate_system.py'
SQ_PR47 = 'https://github.com/ben-cassese/squishyplanet/pull/47'
SQ_ISSUE13 = 'https://github.com/ben-cassese/squishyplanet/issues/13'

CASES: list[Case] = [
    # ------------------------------------------------------------------ e3x
    Case(
        id='at-e3x-random-rotation-perturbation',
        source=E3X_ISSUE24,
        code="""\
import jax
import jax.numpy as jnp
import e3x

@jax.jit
def augment(key, positions, perturbation):
    rot = e3x.so3.random_rotation(key, perturbation=perturbation)
    return positions @ rot

key = jax.random.PRNGKey(0)
positions = jnp.ones((5, 3))
augment(key, positions, 0.3)
""",
        kind='bool-conversion', argument='perturbation', path='perturbation', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="e3x.so3.random_rotation validates `perturbation` with a Python `if not 0.0 <= perturbation <= 1.0` before sampling, so a jitted augmentation that passes perturbation as a traced argument dies inside the library with TracerBoolConversionError (the pattern of e3x issue #24); the maintainer's workaround is to declare it static (static_argnames='perturbation'); checked.",
    ),
    Case(
        id='at-e3x-sparse-pairwise-num-atoms',
        source=E3X_INDEXED,
        code="""\
import jax
import jax.numpy as jnp
import e3x

@jax.jit
def pair_distances(positions, num_atoms):
    dst_idx, src_idx = e3x.ops.sparse_pairwise_indices(num_atoms)
    r = positions[dst_idx] - positions[src_idx]
    return jnp.linalg.norm(r, axis=-1)

positions = jax.random.normal(jax.random.PRNGKey(0), (4, 3))
pair_distances(positions, positions.shape[0])
""",
        kind='traced-shape', argument='num_atoms', path='num_atoms', line=7,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="sparse_pairwise_indices(num) needs the atom count as a Python int (it checks `num < 1` and sizes jnp.arange/repeat with it); passing the count through jit makes it a tracer and the library's check raises TracerBoolConversionError. num_atoms is a size, so static_argnames or taking positions.shape[0] inside the function both fix it; checked with static_argnames.",
    ),
    Case(
        id='at-e3x-dense-to-sparse-under-jit',
        source=E3X_INDEXED,
        code="""\
import jax
import jax.numpy as jnp
import e3x

@jax.jit
def message_indices(adj_idx):
    dst_idx, src_idx = e3x.ops.dense_to_sparse_indices(adj_idx)
    return dst_idx, src_idx

adj_idx = jnp.array([[1, 2, 3], [0, 3, 3], [0, 3, 3]])
message_indices(adj_idx)
""",
        kind='boolean-index', argument='adj_idx', path='adj_idx', line=7,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='dense_to_sparse_indices masks padding with a boolean index (adj_idx[b, i, mask]) and is documented as not jit-compatible; under jit the mask is traced and JAX raises NonConcreteBooleanIndexError inside e3x. The fix is to build the sparse index lists eagerly outside the jitted function (static graph preprocessing); not a one-line edit, so not marked verifiable.',
    ),
    Case(
        id='at-e3x-radial-fn-as-jit-argument',
        source=E3X_WRAPPERS,
        code="""\
import jax
import jax.numpy as jnp
import e3x

@jax.jit
def edge_features(displacements, radial_fn):
    return e3x.nn.basis(displacements, max_degree=2, num=8, radial_fn=radial_fn,
                        cutoff_fn=e3x.nn.smooth_cutoff)

r = jax.random.normal(jax.random.PRNGKey(1), (6, 3))
edge_features(r, e3x.nn.reciprocal_bernstein)
""",
        kind='non-array-argument', argument='radial_fn', path='radial_fn', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Choosing the radial basis by passing an e3x function (reciprocal_bernstein) as a positional argument of a jitted featurizer: jit cannot turn a Python function into an abstract array and raises TypeError at the call; marking radial_fn static (functions are hashable) fixes it, and JAX's message says exactly that; checked.",
    ),
    Case(
        id='at-e3x-forces-numpy-norm',
        source=E3X_README,
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import e3x

dst_idx, src_idx = e3x.ops.sparse_pairwise_indices(4)
positions = jax.random.normal(jax.random.PRNGKey(0), (4, 3))

def energy(positions):
    r = positions[dst_idx] - positions[src_idx]
    d = np.linalg.norm(r, axis=-1)
    rbf = e3x.nn.reciprocal_bernstein(d, num=8)
    return jnp.sum(rbf * e3x.nn.smooth_cutoff(d, cutoff=5.0)[:, None])

forces = -jax.grad(energy)(positions)
""",
        kind='array-conversion', argument='positions', path='positions', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Forces as -jax.grad(energy): the energy computes pair distances with np.linalg.norm, which calls __array__ on the JVP tracer and raises TracerArrayConversionError on the user's line; switching to jnp.linalg.norm (or e3x.ops.norm) fixes it; checked.",
    ),
    Case(
        id='at-e3x-random-rotation-num',
        source=E3X_ROT,
        code="""\
import jax
import jax.numpy as jnp
import e3x

@jax.jit
def rotated_copies(key, positions, num_copies):
    rots = e3x.so3.random_rotation(key, perturbation=1.0, num=num_copies)
    return jnp.einsum('ai,nij->naj', positions, rots)

positions = jnp.ones((5, 3))
rotated_copies(jax.random.PRNGKey(0), positions, 8)
""",
        kind='traced-shape', argument='num_copies', path='num_copies', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="random_rotation(key, num=n) draws jax.random.uniform(key, shape=(num, 3)); with num passed through jit the shape holds a tracer and JAX raises TypeError ('Shapes must be 1D sequences of concrete values'), whose text suggests static_argnums, which works; checked.",
    ),
    Case(
        id='at-e3x-config-dict-static',
        source=E3X_WRAPPERS,
        code="""\
import functools
import jax
import e3x

config = {'max_degree': 2, 'num_basis': 8, 'cutoff': 5.0}

@functools.partial(jax.jit, static_argnames='config')
def edge_features(displacements, config):
    cutoff_fn = functools.partial(e3x.nn.smooth_cutoff, cutoff=config['cutoff'])
    return e3x.nn.basis(displacements, max_degree=config['max_degree'], num=config['num_basis'],
                        radial_fn=e3x.nn.reciprocal_bernstein, cutoff_fn=cutoff_fn)

r = jax.random.normal(jax.random.PRNGKey(1), (6, 3))
edge_features(r, config)
""",
        kind='unhashable-static', argument='config', path='config', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="A hyperparameter dict (max_degree, num_basis, cutoff for e3x.nn.basis) is marked static, but dicts are unhashable, so jit raises ValueError('Non-hashable static arguments are not supported') at the call. Passing a hashable mapping (flax.core.FrozenDict(config)) keeps indexing working; checked.",
    ),
    Case(
        id='at-e3x-module-cutoff-field-vmap',
        source=E3X_CUTOFF,
        code="""\
import functools
import jax
import jax.numpy as jnp
import flax.linen as nn
import e3x

class PairEnergy(nn.Module):
    cutoff: float = 5.0

    @nn.compact
    def __call__(self, displacements):
        cutoff_fn = functools.partial(e3x.nn.smooth_cutoff, cutoff=self.cutoff)
        basis = e3x.nn.basis(displacements, max_degree=0, num=8,
                             radial_fn=e3x.nn.reciprocal_bernstein, cutoff_fn=cutoff_fn)
        return jnp.sum(e3x.nn.Dense(1)(basis))

r = jax.random.normal(jax.random.PRNGKey(1), (6, 3))
params = PairEnergy().init(jax.random.PRNGKey(0), r)

def energy_for_cutoff(cutoff):
    return PairEnergy(cutoff=cutoff).apply(params, r)

jax.vmap(energy_for_cutoff)(jnp.array([4.0, 5.0, 6.0]))
""",
        kind='bool-conversion', argument='cutoff', path='cutoff', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A flax module built on e3x.nn.basis keeps its cutoff radius as a module field; vmapping a cutoff sweep makes the field a BatchTracer and e3x.nn.smooth_cutoff's own `if cutoff <= 0.0` raises TracerBoolConversionError (last cell frame is the e3x.nn.basis call in __call__). The cutoff must be a Python float: loop over the values in Python; checked.",
    ),
    Case(
        id='at-e3x-float-loss-in-train-step',
        source=E3X_README,
        code="""\
import jax
import jax.numpy as jnp
import e3x

dst_idx, src_idx = e3x.ops.sparse_pairwise_indices(3)
positions = jnp.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.2, 0.0]])

def energy(w, positions):
    d = e3x.ops.norm(positions[dst_idx] - positions[src_idx], axis=-1)
    return jnp.sum(e3x.nn.reciprocal_bernstein(d, num=4) @ w)

@jax.jit
def train_step(w, positions, target):
    loss, grad = jax.value_and_grad(lambda w: (energy(w, positions) - target) ** 2)(w)
    print(f'loss = {float(loss):.4f}')
    return w - 0.01 * grad

train_step(jnp.ones(4), positions, -1.0)
""",
        kind='concretization', argument='w', path='w', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging the loss with float(loss) inside a jitted e3x training step: float() needs a concrete value and JAX raises ConcretizationTypeError (its hint about astype does not apply); jax.debug.print is the fix; checked.',
    ),
    Case(
        id='at-e3x-range-num-iterations',
        source=E3X_README,
        code="""\
import jax
import jax.numpy as jnp
import flax.linen as nn
import e3x

class Refine(nn.Module):
    @nn.compact
    def __call__(self, x, num_iterations):
        for _ in range(num_iterations):
            x = e3x.nn.silu(e3x.nn.Dense(8)(x))
        return jnp.sum(x)

x = jnp.ones((4, 1, 1, 8))
model = Refine()
params = model.init(jax.random.PRNGKey(0), x, 2)
jax.jit(model.apply)(params, x, 2)
""",
        kind='integer-conversion', argument='num_iterations', path='num_iterations', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A flax model made of e3x.nn.Dense layers takes the number of refinement iterations as a call argument and loops with range(); jax.jit(model.apply) traces it and range() raises TracerIntegerConversionError. Since each iteration creates parameters, the count must be static: jax.jit(model.apply, static_argnums=2); checked.',
    ),
    # ---------------------------------------------------------------- meent
    Case(
        id='at-meent-conv-solve-kwargs-leak',
        source=MEENT_RCWA,
        code="""\
import jax
import jax.numpy as jnp
import meent

ucell = jnp.array([[[1.0, 1.0, 3.48, 3.48, 1.0]]])
mee = meent.call_mee(backend=1, pol=0, n_top=1.0, n_bot=1.0, theta=0.0, period=[1000.0],
                     wavelength=900.0, fto=[5], thickness=[500.0], ucell=ucell)

@jax.jit
def first_order_transmission(ucell):
    result = mee.conv_solve(ucell=ucell)
    return result.de_ti[0, 6]

efficiency = first_order_transmission(ucell)
mee.conv_solve()
""",
        kind='leaked-tracer', argument='ucell', path='ucell', line=11, use_line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="meent's conv_solve(**kwargs) stores each keyword on the solver object ('needed for optimization'), so calling it with the traced ucell inside a jitted loss leaves a tracer in mee.ucell; the next eager mee.conv_solve() uses it and raises UnexpectedTracerError. Fix: keep traced values off the shared solver (return what is needed, reset mee.ucell to a concrete array); not a mechanical one-line fix.",
    ),
    Case(
        id='at-meent-field-after-jitted-solve',
        source=MEENT_BASE,
        code="""\
import jax
import jax.numpy as jnp
import meent

ucell = jnp.array([[[1.0, 1.0, 3.48, 3.48, 1.0]]])
mee = meent.call_mee(backend=1, pol=0, n_top=1.0, n_bot=1.0, theta=0.0, period=[1000.0],
                     wavelength=900.0, fto=[5], thickness=[500.0], ucell=ucell)

@jax.jit
def solve():
    result = mee.conv_solve()
    return result.de_ri, result.de_ti

de_ri, de_ti = solve()
field = mee.calculate_field(res_x=50, res_y=1, res_z=20)
""",
        kind='leaked-tracer', argument=None, path=None, line=11, use_line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="The RCWA solve stores T1 and layer_info_list on the solver (self.T1 = ..., marked as a 'hurdle for jitting' in the source); when the solve is jitted these are tracers, and a later eager mee.calculate_field() reads them and raises UnexpectedTracerError. Nothing depends on a user parameter. Fix: compute the field inside the jitted function and return it; checked.",
    ),
    Case(
        id='at-meent-pol-vmap',
        source=MEENT_BASE,
        code="""\
import jax
import jax.numpy as jnp
import meent

ucell = jnp.array([[[1.0, 1.0, 3.48, 3.48, 1.0]]])
mee = meent.call_mee(backend=1, pol=0, n_top=1.0, n_bot=1.0, theta=0.0, period=[1000.0],
                     wavelength=900.0, fto=[5], thickness=[500.0], ucell=ucell)

def total_transmission(pol):
    return mee.conv_solve(pol=pol).de_ti.sum()

jax.vmap(total_transmission)(jnp.array([0.0, 1.0]))
""",
        kind='bool-conversion', argument='pol', path='pol', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Sweeping polarization with jax.vmap over conv_solve(pol=...): meent's pol setter clamps and validates with chained Python comparisons (`1 < pol < 1 + room`), so the BatchTracer raises TracerBoolConversionError inside the library. pol must be a Python number: loop over the two values; checked.",
    ),
    Case(
        id='at-meent-fourier-order-jit',
        source=MEENT_BASE,
        code="""\
import jax
import jax.numpy as jnp
import meent

ucell = jnp.array([[[1.0, 1.0, 3.48, 3.48, 1.0]]])
mee = meent.call_mee(backend=1, pol=0, n_top=1.0, n_bot=1.0, theta=0.0, period=[1000.0],
                     wavelength=900.0, fto=[5], thickness=[500.0], ucell=ucell)

@jax.jit
def total_transmission(fto):
    return mee.conv_solve(fto=fto).de_ti.sum()

total_transmission(9)
""",
        kind='traced-shape', argument='fto', path='fto', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A convergence study jits the solve over the Fourier truncation order; meent's fto setter calls fto.tolist() and int() because the order sets matrix sizes, so JAX raises ConcretizationTypeError ('tolist() method was called'). The order is a size: static_argnames='fto'; checked.",
    ),
    Case(
        id='at-meent-material-name-jit',
        source=MEENT_README,
        code="""\
import jax
import jax.numpy as jnp
from meent.on_jax.modeler.modeling import find_nk_index, read_material_table

table = read_material_table()

@jax.jit
def slab_index(wavelength, material):
    return find_nk_index(material, table, wavelength)

slab_index(900e-9, 'SI_GREEN-2008')
""",
        kind='non-array-argument', argument='material', path='material', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jitted refractive-index helper takes the material name (a str) as an argument for meent's JAX find_nk_index; jit rejects the string with TypeError at the call, and its message points to static_argnames, which works; checked.",
    ),
    Case(
        id='at-meent-numpy-backend-nk-index-vmap',
        source=MEENT_README,
        code="""\
import jax
import jax.numpy as jnp
import meent

table = meent.read_material_table()
wavelengths = jnp.linspace(500e-9, 1000e-9, 11)

def silicon_index(wavelength):
    return meent.find_nk_index('SI_GREEN-2008', table, wavelength)

n_si = jax.vmap(silicon_index)(wavelengths)
""",
        kind='array-conversion', argument='wavelength', path='wavelength', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The top-level meent.find_nk_index is the NumPy backend's (np.interp); vmapping it over wavelengths passes a BatchTracer to np.interp, which calls __array__ and raises TracerArrayConversionError inside meent. Fix: use the JAX backend's find_nk_index (jnp.interp) from meent.on_jax.modeler.modeling; checked.",
    ),
    Case(
        id='at-meent-numpy-figure-of-merit',
        source=MEENT_PR28,
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import meent

ucell = jnp.array([[[1.0, 1.0, 3.48, 3.48, 1.0]]])
mee = meent.call_mee(backend=1, pol=0, n_top=1.0, n_bot=1.0, theta=0.0, period=[1000.0],
                     wavelength=900.0, fto=[5], thickness=[500.0], ucell=ucell)

def loss(ucell):
    result = mee.conv_solve(ucell=ucell)
    return -np.log(result.de_ti[0, 6])

grads = jax.grad(loss)(ucell)
""",
        kind='array-conversion', argument='ucell', path='ucell', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Figure of merit for gradient-based grating design written with np.log on the diffraction efficiency: under jax.grad the efficiency is a JVP tracer and np.log raises TracerArrayConversionError on the user's line; jnp.log fixes it; checked.",
    ),
    Case(
        id='at-meent-range-num-layers',
        source=MEENT_README,
        code="""\
import jax
import jax.numpy as jnp
import meent

mee = meent.call_mee(backend=1, pol=0, n_top=1.0, n_bot=1.45, theta=0.0, period=[1000.0],
                     wavelength=900.0, fto=[3])

@jax.jit
def bragg_reflectance(num_pairs):
    layers, thicknesses = [], []
    for _ in range(num_pairs):
        layers += [jnp.full((1, 4), 2.0), jnp.full((1, 4), 1.45)]
        thicknesses += [112.5, 155.2]
    mee.ucell, mee.thickness = jnp.stack(layers), thicknesses
    return mee.conv_solve().de_ri.sum()

bragg_reflectance(4)
""",
        kind='integer-conversion', argument='num_pairs', path='num_pairs', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A Bragg-mirror function builds the layer stack for meent with `for _ in range(num_pairs)` and is jitted, so range() receives a tracer and raises TracerIntegerConversionError. The pair count decides the stack structure, so it must be static (static_argnames='num_pairs'); checked.",
    ),
    # ---------------------------------------------------------- squishyplanet
    Case(
        id='at-squishyplanet-eccentricity-in-jit',
        source=SQ_SYS,
        code="""\
import jax
import jax.numpy as jnp
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
data = jnp.ones(50)

@jax.jit
def loglike(e):
    planet = OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, e=e, omega=0.3,
                          r=0.1, tidally_locked=False)
    return -0.5 * jnp.sum((planet.lightcurve() - data) ** 2)

loglike(0.1)
""",
        kind='bool-conversion', argument='e', path='e', line=10,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="Building an OblateSystem inside a jitted log-likelihood with a traced eccentricity: the constructor's validation runs `if self._state['e'] == 0` and raises TracerBoolConversionError. static_argnames alone does not help (the constructor also calls jnp.unique under jit); the fix is to build the system once outside and pass {'e': e} to lightcurve(), which is the library's intended route; checked, but it is a restructuring, so not marked verifiable.",
    ),
    Case(
        id='at-squishyplanet-construct-inside-jit',
        source=SQ_PR47,
        code="""\
import jax
import jax.numpy as jnp
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
data = jnp.ones(50)

@jax.jit
def loglike(r):
    planet = OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, r=r, tidally_locked=False)
    return -0.5 * jnp.sum((planet.lightcurve() - data) ** 2)

loglike(0.1)
""",
        kind='boolean-index', argument=None, path=None, line=10,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="Constructing an OblateSystem inside jit fails even when only r is traced: _validate_inputs calls jnp.unique(jnp.array(shapes)) without size on a value built from Python ints, which is a tracer under jit, and JAX raises ConcretizationTypeError (suggesting size=, which the user cannot apply). The value depends on no parameter; building the system outside and passing {'r': r} to lightcurve() fixes it; checked, but it is a restructuring, so not marked verifiable.",
    ),
    Case(
        id='at-squishyplanet-vmap-stores-systems',
        source=SQ_SYS,
        code="""\
import jax
import jax.numpy as jnp
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
planets = []

def model(r):
    planet = OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, r=r, tidally_locked=False)
    planets.append(planet)
    return planet.lightcurve()

curves = jax.vmap(model)(jnp.array([0.08, 0.1, 0.12]))
planets[0].lightcurve()
""",
        kind='leaked-tracer', argument='r', path='r', line=10, use_line=14,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='vmapping a model that constructs OblateSystem objects and appends them to a Python list: each stored system holds batched tracers in its state and custom-vjp closure, so calling lightcurve() on one later raises UnexpectedTracerError. Fix: return the needed arrays from the vmapped function and build concrete systems outside; not a mechanical edit.',
    ),
    Case(
        id='at-squishyplanet-ld-order-from-jnp-arange',
        source=SQ_SYS,
        code="""\
import jax.numpy as jnp
from squishyplanet import OblateSystem

mus = jnp.linspace(1.0, 0.05, 30)
intensities = 1 - 0.5 * (1 - mus) - 0.2 * (1 - mus) ** 2
orders = jnp.arange(2, 5)
fits = [OblateSystem.fit_limb_darkening_profile(intensities, n, mus=mus) for n in orders]
""",
        kind='unhashable-static', argument='order', path='order', line=7,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="OblateSystem.fit_limb_darkening_profile is jitted with the polynomial order static; looping over jnp.arange(2, 5) hands it jax Array scalars, which are unhashable, so jit raises ValueError('Non-hashable static arguments'). Generating the orders with Python range (or int(n)) fixes it; checked with range.",
    ),
    Case(
        id='at-squishyplanet-system-as-jit-argument',
        source=SQ_SYS,
        code="""\
import jax
import jax.numpy as jnp
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
planet = OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, r=0.1, tidally_locked=False)
data = planet.lightcurve()

@jax.jit
def residuals(system, params, data):
    return data - system.lightcurve(params)

residuals(planet, {'r': 0.11}, data)
""",
        kind='non-array-argument', argument='system', path='system', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Passing the OblateSystem object itself as an argument of a jitted residual function: it is not a pytree, so jit raises TypeError at the call; JAX's message suggests marking it static, and static_argnums=0 works (the object hashes by identity); checked.",
    ),
    Case(
        id='at-squishyplanet-band-index-vmap',
        source=SQ_SYS,
        code="""\
import jax
import jax.numpy as jnp
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
systems = [
    OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, r=0.1, tidally_locked=False,
                 ld_u_coeffs=jnp.array([u1, 0.1]))
    for u1 in (0.5, 0.3)
]

def band_model(band, r):
    return systems[band].lightcurve({'r': r})

jax.vmap(band_model)(jnp.array([0, 1]), jnp.array([0.1, 0.11]))
""",
        kind='integer-conversion', argument='band', path='band', line=13,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Multi-band fit with one OblateSystem per band kept in a Python list and the band index vmapped: systems[band] calls __index__ on the BatchTracer and raises TracerIntegerConversionError. jax.lax.switch over the per-band lightcurve functions keeps the vectorized call; checked.',
    ),
    Case(
        id='at-squishyplanet-numpy-loglike-grad',
        source=SQ_PR47,
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
planet = OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, r=0.1, tidally_locked=False)
data, sigma = planet.lightcurve(), 1e-3

def loglike(params):
    resid = (data - planet.lightcurve(params)) / sigma
    return -0.5 * np.dot(resid, resid)

jax.grad(loglike)({'r': 0.105, 't0': 0.001})
""",
        kind='array-conversion', argument='params', path="params['r']", line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Gaussian log-likelihood around squishyplanet's lightcurve(params) written with np.dot; under jax.grad the residual is a JVP tracer and np.dot raises TracerArrayConversionError on the user's line; jnp.dot fixes it; checked.",
    ),
    Case(
        id='at-squishyplanet-fstring-chi2-in-jit',
        source=SQ_ISSUE13,
        code="""\
import jax
import jax.numpy as jnp
from squishyplanet import OblateSystem

times = jnp.linspace(-0.1, 0.1, 50)
planet = OblateSystem(times=times, t0=0.0, period=3.0, a=10.0, r=0.1, tidally_locked=False)
data, sigma = planet.lightcurve(), 1e-3

@jax.jit
def chi2(params):
    value = jnp.sum(((data - planet.lightcurve(params)) / sigma) ** 2)
    print(f'chi2 = {value:.2f}')
    return value

chi2({'r': 0.105})
""",
        kind='concretization', argument='params', path="params['r']", line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Printing chi2 with an f-string format spec inside a jitted objective: formatting needs a concrete number and the tracer's __format__ raises TypeError ('unsupported format string'); jax.debug.print('chi2 = {v:.2f}', v=value) fixes it; checked.",
    ),
]
