"""Held-out library cases (set u): tatva, jaxwavelets, jaxboost.

How they were built: each cell is my own reduction of a usage pattern from the
library's docs, README, examples or source (none of the three libraries has
public GitHub issue threads showing these errors, so the sources are the doc,
README or source pages of the API exercised; the tatva Lifter case cites the
PR that made lifters jit arguments).  Every cell was written to a file and run
with /tmp/heldout50/venv_cu/bin/python (CPython 3.11.7, venv made with
--system-site-packages): all statements but the last run, the last raises the
exception named in `note`, and `line`/`use_line` were read off the traceback
frames of the file.  Each first fix was applied by hand to a copy of the cell
and re-run; `verifiable` is False where the working fix needed more than a
mechanical edit (a signature change, a closure/factory, or a different API).

Installed: jax 0.10.2, jaxlib 0.10.2 (pinned), numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (machine versions kept); tatva 0.11.6 (with
tatva-coloring 0.0.2 and its dependency jax-autovmap 0.3.0, used as in the tatva
docs), jaxwavelets 0.1.13, jaxboost 0.5.0.  None of the three libraries turns
on 64-bit mode, on import or on use (checked: jax_enable_x64 stays False; the
tatva docs examples enable it by hand, these cells do not), so all cases run in
32-bit mode; no case depends on x64.

Dropped / caveats: jaxboost 0.5.0 (latest) no longer ships the soft trees and
training loop of 0.1.0 -- its `jaxboost.experimental` import fails
(ModuleNotFoundError: jaxboost.splits) -- so the jaxboost cases exercise its
current API: user loss functions turned into XGBoost/LightGBM objectives by
AutoObjective / MultiClassObjective, which trace the loss with jax.grad, vmap
and jit.  No candidate had to be replaced; the alternate jax-autovmap is only
used as tatva's documented companion decorator.  Cells call the objectives'
grad_hess/gradient directly (what xgb.train would call) so xgboost is not needed.

Doubts about labels:
- u-tatva-mesh-resolution-traced: the count n ends up as jnp.linspace's num, so
  traced-shape; JAX raises ConcretizationTypeError, so concretization is also
  defensible.
- u-tatva-autovmap-energy-if: the differentiated function is total_energy
  (u_flat); I name grad_u because the failing function is the autovmapped
  density that tatva/autovmap traces, but u_flat is defensible.
- u-tatva-boundary-nodes-where: the user wanted indices, and the failing call is
  one-argument jnp.where (nonzero), so boolean-index; size-argument or
  numpy-for-static could be ranked first since the mask-based jnp.where rewrites
  the update rather than the index computation.
- u-tatva-lifter-traced-dofs: could be read as traced-shape (the dofs set the
  reduced size) or static-vs-traced design; JAX raises TracerArrayConversionError
  from tatva's np.asarray, hence array-conversion.  'static' here means moving the
  Lifter out of the traced function.
- u-tatva-material-list-index: a competent user might prefer jnp.asarray(youngs)[mid]
  (no exact vocabulary entry; closest is jnp-not-np); jnp.where fits two materials.
- u-tatva-float-hmin-timestep: path could be mesh.elements too (hmin depends on both
  leaves); the simplest fix is just dropping float(), listed as astype.
- u-tatva-operator-built-in-jit: the error is raised by tatva's own 'if' on a value
  that only became a tracer because jit stages every jnp op; 'static' = build the
  Operator outside the jitted function; passing the mesh as an argument (so the
  library skips its check) is another fix with no exact vocabulary entry.
- u-jaxwavelets-traced-level: range(level) is a count, so traced-shape is defensible;
  JAX raises TracerIntegerConversionError, hence integer-conversion.
- u-jaxwavelets-wavelet-object-static: passing the name string instead of the object
  (hashable-static) is equally fine; not-static put first since the filter bank is a
  pytree and can then be differentiated.
- u-jaxwavelets-cwt-traced-scales: JAX raises ConcretizationTypeError from float(),
  so concretization is defensible; labelled traced-shape because the scales fix the
  kernel lengths (shapes).
- u-jaxboost-int-param-range: argument is the loss's own keyword n_terms (JAX's
  message names scalar_kwargs['n_terms'] of jaxboost's internal wrapper).
- u-jaxboost-string-kwarg: same naming caveat (scalar_kwargs['link']);
  jax_fitting_fix False because the suggested static_argnames cannot reach
  jaxboost's internal jit.
- u-jaxboost-residual-log-leak: 'return-value' (compute residuals outside from
  preds - labels) is arguably acceptable too.
- u-jaxboost-multiclass-mask-index: the mask depends only on the label; argument
  logits would be defensible if one looks at the indexed array.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='u-tatva-mesh-resolution-traced',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.mesh/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

@jax.jit
def domain_area(n):
    mesh = Mesh.unit_square(n, n)
    op = Operator(mesh, Tri3())
    return op.integrate(1.0)

domain_area(8)
""",
        kind='traced-shape', argument='n', path='n', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A mesh-convergence helper is jitted with the resolution n as a traced argument; Mesh.unit_square passes n+1 to jnp.linspace as its 'num' (a size), so JAX raises ConcretizationTypeError inside tatva. Fix: static_argnums=0 for n (checked).",
    ),
    Case(
        id='u-tatva-autovmap-energy-if',
        source='https://smec-ethz.github.io/tatva-docs/examples/linear_elasticity/',
        code="""\
import jax
import jax.numpy as jnp
from jax_autovmap import autovmap
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)
op = Operator(mesh, Tri3())

@autovmap(grad_u=2)
def energy_density(grad_u):
    eps = 0.5 * (grad_u + grad_u.T)
    tr = jnp.trace(eps)
    if tr > 0:
        return 0.5 * tr**2 + jnp.sum(eps * eps)
    return jnp.sum(eps * eps)

def total_energy(u_flat):
    u = u_flat.reshape(-1, 2)
    return op.integrate(energy_density(op.grad(u)))

u0 = jnp.full(2 * mesh.coords.shape[0], 0.01)
jax.grad(total_energy)(u0)
""",
        kind='bool-conversion', argument='grad_u', path='grad_u', line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Tension/compression split written with a Python if inside an @autovmap energy density that the Operator pipeline feeds op.grad(u) and the user differentiates with jax.grad; the batched trace of the strain reaches the if and JAX raises TracerBoolConversionError. jnp.where over the two energy branches keeps the result (checked).',
    ),
    Case(
        id='u-tatva-operator-static-arg',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.operator/',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)
op = Operator(mesh, Tri3())

@partial(jax.jit, static_argnums=1)
def dirichlet_energy(u, op):
    g = op.grad(u)
    return 0.5 * op.integrate(jnp.sum(g * g, axis=-1))

u = mesh.coords[:, 0] ** 2
dirichlet_energy(u, op)
""",
        kind='unhashable-static', argument='op', path='op', line=16,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The user treats the FE Operator as configuration and marks it static; Operator is a frozen dataclass whose generated hash hashes its Mesh arrays, so jit raises ValueError (non-hashable static argument, caused by TypeError unhashable ArrayImpl). Operator is a registered pytree, so dropping static_argnums works (checked).',
    ),
    Case(
        id='u-tatva-element-traced-arg',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.element/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Quad4

mesh = Mesh.unit_square(4, 4, type="quad")

@jax.jit
def l2_norm_sq(mesh, u, element):
    op = Operator(mesh, element)
    return op.integrate(u**2)

u = mesh.coords[:, 0]
l2_norm_sq(mesh, u, Quad4())
""",
        kind='non-array-argument', argument='element', path='element', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="An Element instance (Quad4) is passed as an ordinary argument of a jitted function; elements are plain Python objects meant to be static, so jit raises TypeError (not a valid abstract array). static_argnames='element' fixes it, as JAX's message suggests (checked).",
    ),
    Case(
        id='u-tatva-boundary-nodes-where',
        source='https://smec-ethz.github.io/tatva-docs/examples/linear_elasticity/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)
op = Operator(mesh, Tri3())

@jax.jit
def clamp_left_edge(mesh, u):
    left = jnp.where(jnp.isclose(mesh.coords[:, 0], 0.0))[0]
    return u.at[left].set(0.0)

u = jnp.ones(mesh.coords.shape[0])
clamp_left_edge(mesh, u)
""",
        kind='boolean-index', argument='mesh', path='mesh.coords', line=11,
        fixes=('jnp.where', 'size-argument', 'numpy-for-static'), verifiable=True, jax_fitting_fix=True,
        note='The docs locate boundary nodes with one-argument jnp.where(jnp.isclose(coords[:,0], 0)) at top level; moved into a jitted function that takes the Mesh pytree, the node count is data-dependent and JAX raises ConcretizationTypeError (size of jnp.nonzero). Three-argument jnp.where as a mask keeps the result (checked); size=5 or finding the nodes outside jit also work.',
    ),
    Case(
        id='u-tatva-operator-leak-history',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.operator/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)
history = []

def domain_area(coords):
    op = Operator(mesh.set_coords(coords), Tri3())
    history.append(op)
    return op.integrate(1.0)

shape_grad = jax.grad(domain_area)(mesh.coords)
last_op = history[-1]
last_op.integrate(1.0)
""",
        kind='leaked-tracer', argument='coords', path='coords', line=11,
        use_line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Shape-gradient code appends the Operator built from traced coordinates (mesh.set_coords) to a global list inside jax.grad; integrating with that stored Operator afterwards raises UnexpectedTracerError. Returning the Operator as aux output (has_aux=True) works (checked).',
    ),
    Case(
        id='u-tatva-lifter-traced-dofs',
        source='https://github.com/smec-ethz/tatva/pull/17',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3
from tatva.lifter import Fixed, Lifter

mesh = Mesh.unit_square(4, 4)
op = Operator(mesh, Tri3())
n = mesh.coords.shape[0]
left = jnp.where(jnp.isclose(mesh.coords[:, 0], 0.0))[0]

@jax.jit
def reduced_energy(u_free, fixed_dofs):
    lifter = Lifter(n, Fixed(fixed_dofs, 0.0))
    u = lifter.lift_from_zeros(u_free)
    g = op.grad(u)
    return 0.5 * op.integrate(jnp.sum(g * g, axis=-1))

reduced_energy(jnp.ones(n - left.shape[0]), left)
""",
        kind='array-conversion', argument='fixed_dofs', path='fixed_dofs', line=14,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='A Lifter with Fixed(dofs) is constructed inside a jitted energy whose fixed dofs are a traced argument; Lifter setup computes free/constrained dofs on the host with np.asarray, so JAX raises TracerArrayConversionError from inside tatva. Building the Lifter outside jit and passing it in (it is a pytree / hashable) works (checked), but needs a signature change.',
    ),
    Case(
        id='u-tatva-material-list-index',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.operator/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)
op = Operator(mesh, Tri3())
youngs = [1.0, 10.0]
centroids = mesh.coords[mesh.elements].mean(axis=1)
mat_id = (centroids[:, 0] > 0.5).astype(jnp.int32)

def element_energy(el_u, mid):
    return youngs[mid] * jnp.sum(el_u**2)

per_element = op.map_over_elements(element_energy, element_quantity=(1,))
per_element(mesh.coords[:, 0], mat_id)
""",
        kind='integer-conversion', argument='mid', path='mid', line=13,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note="A per-element kernel mapped with op.map_over_elements(element_quantity=(1,)) looks up Young's modulus in a Python list with the traced material id; list indexing calls __index__ and JAX raises TracerIntegerConversionError. Selecting with jnp.where on the id (or lax.switch / a jnp array of moduli) works (checked).",
    ),
    Case(
        id='u-tatva-float-hmin-timestep',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.mesh/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)

@jax.jit
def explicit_step(mesh, u, v):
    dt = 0.5 * float(mesh.hmin())
    op = Operator(mesh, Tri3())
    f = jax.grad(lambda w: 0.5 * op.integrate(jnp.sum(op.grad(w) ** 2, axis=-1)))(u)
    v = v - dt * f
    return u + dt * v, v

u0 = mesh.coords[:, 0] * 0.01
explicit_step(mesh, u0, jnp.zeros_like(u0))
""",
        kind='concretization', argument='mesh', path='mesh.coords', line=10,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='An explicit-dynamics step jitted over the Mesh pytree computes the stable time step with float(mesh.hmin()); hmin depends on the traced coordinates, so JAX raises ConcretizationTypeError (float). Keeping it an array (mesh.hmin().astype(float), or just dropping float) works, as the message suggests (checked).',
    ),
    Case(
        id='u-tatva-operator-built-in-jit',
        source='https://smec-ethz.github.io/tatva-docs/api/tatva.operator/',
        code="""\
import jax
import jax.numpy as jnp
from tatva import Mesh, Operator
from tatva.element import Tri3

mesh = Mesh.unit_square(4, 4)

@jax.jit
def strain_energy(u):
    op = Operator(mesh, Tri3())
    g = op.grad(u)
    return 0.5 * op.integrate(jnp.sum(g * g, axis=-1))

u = mesh.coords[:, 0] ** 2
strain_energy(u)
""",
        kind='bool-conversion', argument=None, path=None, line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Operator(mesh, Tri3()) is constructed inside a jitted function from a concrete, closed-over mesh; its __check_init__ skips the bounds check only for traced meshes, but elements.ravel().min() is staged under jit, so its own 'if ... < 0' raises TracerBoolConversionError (depends on no argument). Building the Operator once outside the jitted function works (checked).",
    ),
    Case(
        id='u-jaxwavelets-jit-wavelet-name',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

image = jnp.ones((64, 64))
fast_wavedecn = jax.jit(wt.wavedecn)
coeffs = fast_wavedecn(image, "db4")
""",
        kind='non-array-argument', argument='wavelet', path='wavelet', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="wt.wavedecn is jitted without static_argnames and called with the wavelet name 'db4'; a str cannot be traced, so jit raises TypeError. static_argnames=['wavelet'] (as in the README) fixes it and JAX's message says so (checked).",
    ),
    Case(
        id='u-jaxwavelets-traced-level',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

image = jnp.ones((64, 64))
fast_wavedecn = jax.jit(wt.wavedecn, static_argnames=["wavelet", "mode"])
coeffs = fast_wavedecn(image, wavelet="db4", level=3)
""",
        kind='integer-conversion', argument='level', path='level', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="wavedecn is jitted with only wavelet/mode static, so level=3 arrives traced and the library's 'for _ in range(level)' raises TracerIntegerConversionError. Adding 'level' to static_argnames fixes it (checked).",
    ),
    Case(
        id='u-jaxwavelets-np-median-sigma',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jaxwavelets as wt

def denoise(x):
    coeffs = wt.wavedecn(x, "db4", level=3)
    finest = coeffs.details[-1]["d"]
    sigma = np.median(np.abs(finest)) / 0.6745
    thr = sigma * np.sqrt(2 * np.log(x.size))
    details = [{k: wt.soft_threshold(v, thr) for k, v in d.items()} for d in coeffs.details]
    coeffs = wt.WaveletCoeffs(coeffs.approx, tuple(details), coeffs.shapes, coeffs.axes)
    return wt.waverecn(coeffs, "db4")

signals = jnp.sin(jnp.linspace(0, 20, 8 * 256)).reshape(8, 256)
jax.vmap(denoise)(signals)
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A PyWavelets-style VisuShrink denoiser, batched with jax.vmap as the README recommends, estimates noise with np.median(np.abs(finest detail)); NumPy on the batched coefficients raises TracerArrayConversionError. jnp.median/jnp.abs fixes it (checked).',
    ),
    Case(
        id='u-jaxwavelets-mask-threshold',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/jaxwavelets/_thresholding.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

@jax.jit
def compress(image, thr):
    cA, (cH, cV, cD) = wt.dwt2(image, "haar")
    cD = cD.at[jnp.abs(cD) < thr].set(0.0)
    return wt.idwt2((cA, (cH, cV, cD)), "haar")

image = jnp.arange(64.0 * 64).reshape(64, 64) % 7
compress(image, 0.5)
""",
        kind='boolean-index', argument='image', path='image', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Hard-thresholding of dwt2 detail coefficients ported from NumPy as cD.at[|cD| < thr].set(0) inside jit; a traced boolean mask in indexing raises NonConcreteBooleanIndexError. jnp.where(|cD| < thr, 0, cD) (what wt.hard_threshold does) works (checked).',
    ),
    Case(
        id='u-jaxwavelets-coeffs-on-self',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

class SparseCoder:
    def __init__(self, wavelet):
        self.wavelet = wavelet
        self.coeffs = None

    def sparsity(self, x):
        self.coeffs = wt.wavedecn(x, self.wavelet, level=2)
        return jnp.sum(jnp.abs(self.coeffs.approx))

coder = SparseCoder("db2")
x = jnp.linspace(0.0, 1.0, 128)
jax.jit(coder.sparsity)(x)
wt.waverecn(coder.coeffs, "db2")
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted bound method caches the WaveletCoeffs pytree from wavedecn on self; reconstructing from coder.coeffs after the jit returns uses stale tracers and raises UnexpectedTracerError. Returning the coefficients from the jitted method works (checked).',
    ),
    Case(
        id='u-jaxwavelets-axes-list-static',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

volume = jnp.ones((32, 32, 8))
fast_wavedecn = jax.jit(wt.wavedecn, static_argnames=["wavelet", "level", "axes"])
coeffs = fast_wavedecn(volume, wavelet="haar", level=2, axes=[0, 1])
""",
        kind='unhashable-static', argument='axes', path='axes', line=7,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='axes is correctly marked static but passed as the list [0, 1]; jit must hash static arguments and raises ValueError (non-hashable static argument). Passing axes=(0, 1) works (checked).',
    ),
    Case(
        id='u-jaxwavelets-wavelet-object-static',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

image = jnp.ones((64, 64))
my_wavelet = wt.get_wavelet("sym4")
fast_wavedecn = jax.jit(wt.wavedecn, static_argnames=["wavelet", "mode", "level"])
coeffs = fast_wavedecn(image, wavelet=my_wavelet, level=2)
""",
        kind='unhashable-static', argument='wavelet', path='wavelet', line=8,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="Following the README's static_argnames=['wavelet', 'mode', 'level'] but passing a Wavelet filter-bank object (a NamedTuple of arrays) instead of a name; hashing its arrays fails and jit raises ValueError. The Wavelet is a pytree, so leaving it traced works (checked); passing the name 'sym4' also works.",
    ),
    Case(
        id='u-jaxwavelets-pad-pow2-jnp',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/jaxwavelets/_swt.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

@jax.jit
def swt_detail_energy(x):
    n = (2 ** jnp.ceil(jnp.log2(x.shape[0]))).astype(int)
    x = jnp.pad(x, (0, n - x.shape[0]))
    coeffs = wt.swt(x, "db2", level=3)
    return sum(jnp.sum(cD**2) for _, cD in coeffs)

swt_detail_energy(jnp.sin(jnp.arange(100.0)))
""",
        kind='traced-shape', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='Before wt.swt the signal is padded to the next power of two, with the target length computed by jnp.log2/jnp.ceil; under jit that length is a tracer, so jnp.pad raises ConcretizationTypeError (pad_width). It depends only on the static shape, so math.log2/math.ceil fixes it (checked).',
    ),
    Case(
        id='u-jaxwavelets-cwt-traced-scales',
        source='https://github.com/handley-lab/jaxwavelets/blob/HEAD/jaxwavelets/_cwt.py',
        code="""\
import jax
import jax.numpy as jnp
import jaxwavelets as wt

@jax.jit
def scalogram_power(signal, scales):
    coefs, freqs = wt.cwt(signal, scales, "morl")
    return jnp.abs(coefs) ** 2

t = jnp.linspace(0.0, 1.0, 512)
signal = jnp.sin(2 * jnp.pi * 40 * t)
scalogram_power(signal, jnp.arange(1.0, 17.0))
""",
        kind='traced-shape', argument='scales', path='scales', line=7,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='wt.cwt is called inside jit with the scales as a traced array; prepare_cwt turns each scale into a kernel length via float(scale), so JAX raises ConcretizationTypeError (float). The scales fix kernel shapes: build the bank with wt.prepare_cwt outside jit and jit only wt.apply_cwt (checked); merely marking scales static is not enough (prepare_cwt also masks with a boolean index).',
    ),
    Case(
        id='u-jaxboost-huber-python-if',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/README.md',
        code="""\
import jax.numpy as jnp
import numpy as np
from jaxboost import auto_objective

@auto_objective
def robust_loss(y_pred, y_true, delta=1.0):
    r = y_pred - y_true
    if jnp.abs(r) <= delta:
        return 0.5 * r**2
    return delta * (jnp.abs(r) - 0.5 * delta)

preds = np.array([0.2, 1.5, -3.0])
labels = np.array([0.0, 1.0, 1.0])
grad, hess = robust_loss.grad_hess(preds, labels)
""",
        kind='bool-conversion', argument='y_pred', path='y_pred', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A Huber-style custom objective decorated with @auto_objective branches with a Python if on the residual; jaxboost traces the loss with jax.grad (twice), vmap and jit, so JAX raises TracerBoolConversionError. jnp.where over both branches (the README's own style) works (checked).",
    ),
    Case(
        id='u-jaxboost-int-param-range',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/src/jaxboost/objective/auto.py',
        code="""\
import jax.numpy as jnp
import numpy as np
from jaxboost import auto_objective

@auto_objective
def taylor_logcosh(y_pred, y_true, n_terms=2):
    r = y_pred - y_true
    total = 0.0
    for k in range(1, n_terms + 1):
        total = total + (-1) ** (k + 1) * r ** (2 * k) / (2 * k)
    return total

preds = np.array([0.2, 0.5, -0.3])
labels = np.array([0.0, 1.0, 0.0])
obj = taylor_logcosh.with_params(n_terms=3)
grad, hess = obj.grad_hess(preds, labels)
""",
        kind='integer-conversion', argument='n_terms', path='n_terms', line=9,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='An integer hyper-parameter set with .with_params(n_terms=3) controls a Python range in the loss; AutoObjective passes scalar kwargs into its jitted vmap as traced values, so range() raises TracerIntegerConversionError. jaxboost has no static option: bind n_terms as a Python constant/closure outside the traced kwargs (checked).',
    ),
    Case(
        id='u-jaxboost-string-kwarg',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/src/jaxboost/objective/auto.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxboost import auto_objective

@auto_objective
def binary_link_loss(y_pred, y_true, link="logit"):
    if link == "probit":
        p = jax.scipy.stats.norm.cdf(y_pred)
    else:
        p = jax.nn.sigmoid(y_pred)
    p = jnp.clip(p, 1e-7, 1 - 1e-7)
    return -(y_true * jnp.log(p) + (1 - y_true) * jnp.log(1 - p))

preds = np.array([0.3, -1.2, 2.0])
labels = np.array([1.0, 0.0, 1.0])
grad = binary_link_loss.gradient(preds, labels, link="probit")
""",
        kind='non-array-argument', argument='link', path='link', line=17,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note="A string option link='probit' is passed to AutoObjective.gradient; jaxboost forwards scalar kwargs as arguments of its internal jax.jit, which raises TypeError (str is not a valid JAX type). JAX's static_argnames hint cannot be applied to the library's jit; closing over the option in a loss factory works (checked).",
    ),
    Case(
        id='u-jaxboost-numpy-logloss',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/README.md',
        code="""\
import numpy as np
from jaxboost import auto_objective

@auto_objective
def logloss(y_pred, y_true):
    p = 1.0 / (1.0 + np.exp(-y_pred))
    return -(y_true * np.log(p) + (1.0 - y_true) * np.log(1.0 - p))

preds = np.array([0.3, -1.2, 2.0])
labels = np.array([1.0, 0.0, 1.0])
grad, hess = logloss.grad_hess(preds, labels)
""",
        kind='array-conversion', argument='y_pred', path='y_pred', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A NumPy XGBoost logloss objective ported to @auto_objective keeps np.exp/np.log; under jaxboost's grad/vmap/jit the prediction is a tracer and NumPy raises TracerArrayConversionError. Switching to jnp works (checked).",
    ),
    Case(
        id='u-jaxboost-residual-log-leak',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/README.md',
        code="""\
import jax.numpy as jnp
import numpy as np
from jaxboost import auto_objective

residuals = []

@auto_objective
def logged_mse(y_pred, y_true):
    r = y_pred - y_true
    residuals.append(r)
    return r**2

preds = np.array([0.3, -1.2, 2.0])
labels = np.array([1.0, 0.0, 1.0])
grad, hess = logged_mse.grad_hess(preds, labels)
worst = jnp.max(jnp.abs(residuals[-1]))
""",
        kind='leaked-tracer', argument='y_pred', path='y_pred', line=10,
        use_line=16,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="The custom loss appends its residual to a global list for inspection; jaxboost traces the loss, so the list holds tracers and using residuals[-1] afterwards raises UnexpectedTracerError. The loss must return a scalar, so JAX's 'return your outputs' hint does not apply; jax.debug.print inside the loss works (checked).",
    ),
    Case(
        id='u-jaxboost-ordinal-int-label',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/src/jaxboost/objective/ordinal.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxboost import auto_objective

cuts = jnp.array([-jnp.inf, -1.0, 0.0, 1.0, jnp.inf])

@auto_objective
def ordinal_nll(y_pred, y_true):
    k = int(y_true)
    upper = jax.nn.sigmoid(cuts[k + 1] - y_pred)
    lower = jax.nn.sigmoid(cuts[k] - y_pred)
    return -jnp.log(upper - lower + 1e-9)

preds = np.array([0.3, -1.2, 2.0])
labels = np.array([2.0, 0.0, 3.0])
grad, hess = ordinal_nll.grad_hess(preds, labels)
""",
        kind='concretization', argument='y_true', path='y_true', line=10,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='A cumulative-logit ordinal loss converts the float label with int(y_true) to index the cut-points; jaxboost vmaps/jits the loss over labels, so JAX raises ConcretizationTypeError (int). y_true.astype(int) indexing the jnp cut-point array works, as JAX suggests (checked).',
    ),
    Case(
        id='u-jaxboost-objective-jit-arg',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/README.md',
        code="""\
import jax
import jax.numpy as jnp
from jaxboost import huber

@jax.jit
def mean_loss(objective, preds, labels):
    return jnp.mean(objective(preds, labels))

preds = jnp.array([0.3, -1.2, 2.0])
labels = jnp.array([1.0, 0.0, 1.0])
mean_loss(huber, preds, labels)
""",
        kind='non-array-argument', argument='objective', path='objective', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jitted evaluation helper takes the jaxboost objective (huber, an AutoObjective instance) as an ordinary argument; it is not a pytree or array, so jit raises TypeError. static_argnums=0 works (AutoObjective hashes by identity), as JAX suggests (checked).',
    ),
    Case(
        id='u-jaxboost-multiclass-mask-index',
        source='https://github.com/jxucoder/jaxboost/blob/HEAD/src/jaxboost/objective/multiclass.py',
        code="""\
import jax.numpy as jnp
import numpy as np
from jaxboost import MultiClassObjective

@MultiClassObjective(n_classes=3)
def multiclass_hinge(logits, label):
    others = logits[jnp.arange(3) != label]
    margin = 1.0 + jnp.max(others) - logits[label]
    return jnp.logaddexp(0.0, margin)

preds = np.array([[2.0, 0.1, -1.0], [0.3, 0.2, 0.9]])
labels = np.array([0, 2])
grad, hess = multiclass_hinge.grad_hess(preds, labels)
""",
        kind='boolean-index', argument='label', path='label', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A multi-class hinge loss for MultiClassObjective picks the other classes' logits with logits[jnp.arange(3) != label]; the label is traced under jaxboost's vmap/grad, so JAX raises NonConcreteBooleanIndexError. Masking with jnp.where(mask, logits, -inf) before the max keeps the result (checked).",
    ),
]
