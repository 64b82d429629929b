"""Held-out library cases (set CO): kymatio, cotengra, pyfixest.

How they were built
-------------------
Every case is a small notebook cell written from scratch for this set. Each one
reduces an error pattern that users of the library meet when they put it inside
JAX transformations (jit, grad, value_and_grad, vmap, scan, fori_loop,
checkpoint). Sources are the library's GitHub threads where one covers the
pattern, or else the docs page of the API the case uses. Every cell was saved
to a file and run with the set's venv python
(``/tmp/heldout47/venv_co/bin/python case.py``). All statements except the last
run cleanly, and the last one raises. ``line``/``use_line`` were checked
against the last traceback frame inside the cell file. For every case marked
``verifiable=True`` the first fix was applied by hand to the cell and the
cell was run again to completion.

Interpreter and versions
------------------------
CPython 3.11.7, in the venv ``/tmp/heldout47/venv_co`` (created with
``--system-site-packages``). jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6,
flax 0.12.8, equinox 0.13.8, optax 0.2.8 (same as the machine's python3).
Libraries: kymatio 0.3.0, cotengra 0.8.3 (with autoray 0.11.0),
pyfixest 0.60.0. CPU-only runs.

scipy: the machine has scipy 1.17.1. That version removed
``scipy.special.sph_harm``, and ``import kymatio.jax`` imports the 3D
frontend, which needs it, so kymatio 0.3.0 cannot be imported with it. The venv
therefore pins ``scipy==1.15.3``, the last scipy that still has
``sph_harm``; it supports numpy 2.4 and satisfies jax's requirement. No other
pinned package changed.

What was dropped and why
------------------------
- tornadox (first candidate) was dropped. tornadox 0.0.2 installs, but
  ``import tornadox`` fails with JAX 0.10.2
  (``from jax.config import config`` -> ModuleNotFoundError: No module named
  'jax.config'). The alternate named in the brief, cotengra (contracting JAX
  arrays), replaces it.
- Patterns I tried and left out: a pandas DataFrame passed to pyfixest's
  jitted ``_demean_jax_impl`` (JAX raises a clear non-array TypeError, but its
  fix, ``.to_numpy()``, is not in the fix vocabulary); kymatio ``Q`` passed as
  a traced value (np.array on a tracer inside kymatio's ``build``, which
  duplicates the array-conversion case); ``ctg.einsum(..., backend='numpy')``
  under jit (it runs without error in this version).

Notes on the libraries' JAX entry points used
---------------------------------------------
- kymatio: ``kymatio.jax.Scattering1D/2D`` (JAX frontend). ``kymatio.Scattering1D``
  defaults to the NumPy frontend.
- cotengra: ``ContractionTree.contract/contract_slice``, ``ctg.einsum``,
  ``ctg.einsum_expression``, ``ctg.array_contract(_expression)`` on JAX arrays
  (autoray dispatches to jax.numpy).
- pyfixest: ``pyfixest.estimation.jax.demean_jax_`` (``demean_jax`` NumPy-facing
  wrapper and the jitted ``_demean_jax_impl`` with static ``n_groups``, ``tol``,
  ``maxiter``), ``detect_singletons_jax``, and the ``pf.MapDemeaner`` config.

jax_fitting_fix: in JAX 0.10.2 the only messages here that suggest a fix are the
non-array-argument TypeErrors ("not marked as static using static_argnums or
static_argnames"), and in those cases the suggestion works. The
ConcretizationTypeError messages suggest ``astype`` (and, under checkpoint,
``static_argnums``), which does not fit any case here. The bool, integer,
boolean-index, slice and unhashable-static messages give no fix.

Doubts about labels:
- o-kymatio-J-argument-concretization: kymatio's ``build`` first does
  ``2 ** J`` and then ``math.log2`` on it, so JAX raises ConcretizationTypeError
  for a float() conversion. Since J is a scale count that fixes filter shapes,
  ``traced-shape`` is also defensible.
- o-kymatio-2d-config-namedtuple: the failing statement is kymatio's own
  ``if 2 ** self.J > M`` (TracerBoolConversionError). J sets the padding and
  filter sizes, so ``traced-shape`` is defensible too.
- o-kymatio-2d-L-range: ``range(L)`` inside kymatio's filter_bank is an
  integer conversion, but L is a filter count (so ``traced-shape`` could be argued).
- o-kymatio-leak-learned-lowpass: the vocabulary has no "don't mutate the
  library object" fix. ``return-value`` (pass the scaled filter out or keep it
  local) is the nearest. It needs a restructuring, so it is not verifiable.
- o-kymatio-scan-running-max: ``jnp-not-builtin`` (``jnp.maximum``) is an
  equally good first fix. argument is the scan carry ``running_max`` (first
  parameter), but the compared value also depends on ``frame``.
- o-kymatio-meta-mask-jnp and o-kymatio-J-from-log2: argument is None because
  the traced value comes from a constant passed through ``jnp``, not from a
  parameter. Someone could argue for ``x`` in the second (J comes from x.shape).
- o-kymatio-pick-transform-by-index: lax.switch is not a fix, because the
  branches return arrays of different shapes (the time subsampling depends on J).
- o-cotengra-check-zero-checkpoint: the float() is inside cotengra
  (``check_zero=True``). The real fix is to drop ``check_zero`` and do the zero
  guard with ``jnp.where`` yourself, which is why ``jnp.where`` is listed. Someone
  could argue for ``static``, but static arrays are unhashable, so it does not
  apply. argument is ``C``: the greedy tree contracts C with D first, and JAX
  reports the value as depending on "C and D". Any of A-D is a reasonable answer.
- o-cotengra-size-dict-traced: JAX raises TracerBoolConversionError (cotengra's
  path finder does ``if d == 1`` on an index size), so ``bool-conversion`` is
  defensible. I labelled it ``traced-shape`` because the traced values are
  tensor dimensions. With a different optimizer the same mistake raises a
  ConcretizationTypeError instead.
- o-cotengra-expression-constant-leak: the fix I call ``not-static`` (give W
  to the expression as a normal input instead of a folded constant) could also
  be read as ``return-value``. Both are listed.
- o-cotengra-slices-fori-numpy: the error is raised when cotengra indexes a
  NumPy array with the traced slice index. JAX reports TracerArrayConversionError,
  but ``integer-conversion`` is defensible because the tracer is used as an index.
- o-pyfixest-demean-jax-vmap-weights: the conversion is pyfixest's own
  ``np.array(result)`` in ``demean_jax``. The fix, called ``jnp-not-np`` here, is to
  call the JAX-returning ``_demean_jax_impl`` instead of the NumPy wrapper.
- o-pyfixest-ngroups-traced-static: JAX raises ValueError ("Non-hashable static
  arguments"), which reads like ``unhashable-static``. I labelled it
  ``traced-shape`` because the value is a group count that has to be a
  compile-time constant.
- o-pyfixest-singleton-mask-index: ``size-argument`` with a static count
  would also work. The mask is known before the jit, so filtering with NumPy
  outside the jit is the simplest fix.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    # ------------------------------------------------------------------ kymatio
    Case(
        id='o-kymatio-numpy-frontend-in-jit',
        source='https://github.com/kymatio/kymatio/pull/890',
        code="""\
import jax
import jax.numpy as jnp
from kymatio import Scattering1D

S = Scattering1D(J=4, shape=512, Q=8)

@jax.jit
def features(x):
    Sx = S(x)
    return jnp.log1p(Sx).mean(axis=-1)

x = jax.random.normal(jax.random.PRNGKey(0), (512,))
features(x)
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='kymatio.Scattering1D defaults to the NumPy frontend, so inside jit the '
             'scipy/NumPy FFT path calls __array__ on the tracer '
             '(TracerArrayConversionError). Building the object with frontend="jax" (the '
             'jax.numpy backend) fixes it; checked.',
    ),
    Case(
        id='o-kymatio-J-argument-concretization',
        source='https://www.kymat.io/codereference.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

def embed(x, J):
    S = Scattering1D(J=J, shape=x.shape[-1], Q=8)
    return S(x).mean(axis=-1)

x = jnp.sin(jnp.linspace(0.0, 60.0, 1024))
jax.jit(embed)(x, 6)
""",
        kind='concretization', argument='J', path='J', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The scale count J is passed through jit, so kymatio builds filters from a '
             'tracer: its build() calls math.log2(2**J), which raises '
             'ConcretizationTypeError. jax.jit(embed, static_argnames="J") fixes it; checked.',
    ),
    Case(
        id='o-kymatio-2d-config-namedtuple',
        source='https://www.kymat.io/codereference.html',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering2D

class ScatConfig(NamedTuple):
    J: int
    L: int

def texture_descriptor(img, cfg):
    S = Scattering2D(J=cfg.J, shape=img.shape[-2:], L=cfg.L)
    return S(img).mean(axis=(-2, -1))

img = jax.random.uniform(jax.random.PRNGKey(1), (32, 32))
jax.jit(texture_descriptor)(img, ScatConfig(J=2, L=4))
""",
        kind='bool-conversion', argument='cfg', path='cfg.J', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A NamedTuple config is a pytree, so jit traces its integer fields, and '
             'kymatio\'s own check "if 2 ** J > M" raises TracerBoolConversionError. The '
             'config is hashable, so static_argnames="cfg" fixes it; checked.',
    ),
    Case(
        id='o-kymatio-2d-L-range',
        source='https://www.kymat.io/codereference.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering2D

def loss(w, imgs, labels, L):
    S = Scattering2D(J=2, shape=(32, 32), L=L)
    feats = S(imgs).mean(axis=(-2, -1))
    logits = feats @ w
    return jnp.mean((logits - labels) ** 2)

imgs = jax.random.uniform(jax.random.PRNGKey(0), (8, 32, 32))
labels = jnp.arange(8.0)
w = jnp.zeros(1 + 2 * 6 + 6 * 6)
step = jax.jit(jax.value_and_grad(loss))
step(w, imgs, labels, 6)
""",
        kind='integer-conversion', argument='L', path='L', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of angles L reaches jit/value_and_grad as a traced argument, so '
             'kymatio\'s filter_bank loop "for theta in range(L)" raises '
             'TracerIntegerConversionError. jax.jit(..., static_argnames="L") fixes it; checked.',
    ),
    Case(
        id='o-kymatio-dict-config-static',
        source='https://github.com/kymatio/kymatio/issues/851',
        code="""\
import functools
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

cfg = {"J": 5, "Q": 8}

@functools.partial(jax.jit, static_argnames="cfg")
def featurize(x, cfg):
    S = Scattering1D(J=cfg["J"], shape=x.shape[-1], Q=cfg["Q"])
    return S(x)

x = jnp.ones((4, 1024))
featurize(x, cfg)
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The kymatio hyper-parameters are kept in a plain dict and marked static, '
             'and jit raises ValueError (non-hashable static argument). A hashable '
             'mapping (flax FrozenDict or a NamedTuple) fixes it; checked with FrozenDict(cfg).',
    ),
    Case(
        id='o-kymatio-scattering-object-jit-arg',
        source='https://github.com/kymatio/kymatio/pull/757',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering2D

def descriptor(scattering, img):
    return scattering(img).mean(axis=(-2, -1))

S = Scattering2D(J=3, shape=(64, 64))
img = jnp.zeros((64, 64)).at[16:48, 16:48].set(1.0)
jax.jit(descriptor)(S, img)
""",
        kind='non-array-argument', argument='scattering', path='scattering', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The kymatio ScatteringJax2D object is passed as a jit argument, and JAX '
             'raises TypeError (not a valid JAX type). The object is hashable, so '
             'static_argnums=0 (or closing over it) fixes it; checked.',
    ),
    Case(
        id='o-kymatio-leak-learned-lowpass',
        source='https://github.com/kymatio/kymatio/issues/864',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

S = Scattering1D(J=5, shape=1024, Q=8)
phi0 = S.phi_f["levels"][0]
x = jnp.cos(jnp.linspace(0.0, 200.0, 1024))
target = S(x) * 0.5

def loss(gain):
    S.phi_f["levels"][0] = phi0 * gain
    return jnp.mean((S(x) - target) ** 2)

g = jax.grad(loss)(1.0)
S(x)
""",
        kind='leaked-tracer', argument='gain', path='gain', line=11, use_line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='To learn a low-pass gain, the loss writes a traced filter into the kymatio '
             'object\'s phi_f dict. The tracer outlives grad, and the next S(x) raises '
             'UnexpectedTracerError. The fix is to keep the scaled filter local or return it '
             'rather than storing it on the library object; that is a restructuring, not checked mechanically.',
    ),
    Case(
        id='o-kymatio-meta-mask-jnp',
        source='https://www.kymat.io/userguide.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

S = Scattering1D(J=6, shape=2048, Q=8)
meta = S.meta()

@jax.jit
def first_order(x):
    Sx = S(x)
    order = jnp.asarray(meta["order"])
    return Sx[order == 1]

x = jax.random.normal(jax.random.PRNGKey(0), (2048,))
first_order(x)
""",
        kind='boolean-index', argument=None, path=None, line=12,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='Selecting first-order coefficients with a mask built from kymatio\'s meta() '
             'through jnp makes the mask a tracer inside jit: NonConcreteBooleanIndexError. '
             'Building the mask with NumPy (meta["order"] == 1) keeps it concrete; checked.',
    ),
    Case(
        id='o-kymatio-J-from-log2',
        source='https://www.kymat.io/userguide.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

@jax.jit
def featurize(x):
    n = x.shape[-1]
    J = int(jnp.log2(n)) - 4
    S = Scattering1D(J=J, shape=n, Q=8)
    return S(x)

featurize(jnp.ones(4096))
""",
        kind='concretization', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='J for kymatio is derived from the signal length with jnp.log2, which is '
             'staged inside jit, so int() raises ConcretizationTypeError even though n is '
             'static. Using math/np.log2 on x.shape fixes it; checked.',
    ),
    Case(
        id='o-kymatio-random-crop-vmap',
        source='https://www.kymat.io/userguide.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

S = Scattering1D(J=5, shape=512, Q=4)
signal = jnp.sin(jnp.linspace(0.0, 300.0, 4096))

def random_crop_features(key):
    start = jax.random.randint(key, (), 0, signal.shape[0] - 512)
    crop = signal[start:start + 512]
    return S(crop)

keys = jax.random.split(jax.random.PRNGKey(0), 8)
jax.vmap(random_crop_features)(keys)
""",
        kind='traced-shape', argument='key', path='key', line=10,
        fixes=('lax.dynamic_slice',), verifiable=True, jax_fitting_fix=False,
        note='A random-crop augmentation before the scattering transform uses a traced '
             'start as a Python slice bound under vmap, and JAX raises IndexError. '
             'lax.dynamic_slice(signal, (start,), (512,)) keeps the size static; checked.',
    ),
    Case(
        id='o-kymatio-scan-running-max',
        source='https://www.kymat.io/userguide.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

S = Scattering1D(J=4, shape=256, Q=8)
frames = jax.random.normal(jax.random.PRNGKey(2), (10, 256))

def step(running_max, frame):
    Sx = S(frame)
    peak = Sx.max()
    if peak > running_max:
        running_max = peak
    return running_max, Sx / running_max

_, normalized = jax.lax.scan(step, 1e-6, frames)
""",
        kind='bool-conversion', argument='running_max', path='running_max', line=11,
        fixes=('jnp.where', 'jnp-not-builtin', 'lax.cond'), verifiable=True,
        jax_fitting_fix=False,
        note='A scan over frames that normalises scattering features by a running peak '
             'uses a Python if on traced values: TracerBoolConversionError. '
             'running_max = jnp.where(peak > running_max, peak, running_max) (or jnp.maximum) '
             'fixes it; checked.',
    ),
    Case(
        id='o-kymatio-pick-transform-by-index',
        source='https://www.kymat.io/codereference.html',
        code="""\
import jax
import jax.numpy as jnp
from kymatio.jax import Scattering1D

banks = [Scattering1D(J=j, shape=1024, Q=8) for j in (3, 4, 5)]

@jax.jit
def features(x, level):
    return banks[level](x)

x = jax.random.normal(jax.random.PRNGKey(5), (1024,))
features(x, 1)
""",
        kind='integer-conversion', argument='level', path='level', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A list of kymatio transforms (one per J) is indexed with a traced level, so '
             'list indexing calls __index__ on the tracer: TracerIntegerConversionError. '
             'static_argnames="level" fixes it (lax.switch cannot, output shapes differ); checked.',
    ),
    # ----------------------------------------------------------------- cotengra
    Case(
        id='o-cotengra-check-zero-checkpoint',
        source='https://github.com/jcmgray/cotengra/releases/tag/v0.8.3',
        code="""\
import jax
import jax.numpy as jnp
import cotengra as ctg

tree = ctg.einsum_tree("ab,bc,cd,da->", (6, 6), (6, 6), (6, 6), (6, 6))

def log_partition(A, B, C, D):
    m, e = tree.contract([A, B, C, D], strip_exponent=True, check_zero=True)
    return jnp.log10(m) + e

mats = [jnp.full((6, 6), 0.5)] * 4
jax.grad(jax.checkpoint(log_partition))(*mats)
""",
        kind='concretization', argument='C', path='C', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='With strip_exponent=True and check_zero=True, cotengra tests each '
             'intermediate with float(max|x|) == 0, which raises ConcretizationTypeError '
             'under jax.checkpoint. Dropping check_zero and guarding zeros with jnp.where '
             'in the user\'s return line fixes it; checked.',
    ),
    Case(
        id='o-cotengra-tree-jit-arg',
        source='https://cotengra.readthedocs.io/en/latest/contraction.html',
        code="""\
import jax
import jax.numpy as jnp
import cotengra as ctg

inputs = [("a", "b"), ("b", "c"), ("c", "a")]
size_dict = {"a": 8, "b": 8, "c": 8}
tree = ctg.array_contract_tree(inputs, (), size_dict, optimize="greedy")

def trace_of_product(tree, arrays):
    return tree.contract(arrays)

arrays = [jnp.eye(8) * 0.5] * 3
jax.jit(trace_of_product)(tree, arrays)
""",
        kind='non-array-argument', argument='tree', path='tree', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The cotengra ContractionTree is passed to a jitted function as an ordinary '
             'argument, and JAX raises TypeError (not a valid JAX type). The tree is '
             'hashable, so static_argnums=0 fixes it; checked.',
    ),
    Case(
        id='o-cotengra-inputs-list-static',
        source='https://cotengra.readthedocs.io/en/latest/basics.html',
        code="""\
import functools
import jax
import jax.numpy as jnp
import cotengra as ctg

@functools.partial(jax.jit, static_argnames=("inputs", "output"))
def contract(arrays, inputs, output):
    return ctg.array_contract(arrays, inputs, output)

inputs = [("i", "j"), ("j", "k"), ("k", "l")]
arrays = [jnp.ones((3, 4)), jnp.ones((4, 5)), jnp.ones((5, 3))]
contract(arrays, inputs, ("i", "l"))
""",
        kind='unhashable-static', argument='inputs', path='inputs', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The cotengra index spec is written as a list of tuples, as in the docs, '
             'and marked static, and jit raises ValueError (non-hashable static argument). '
             'Passing tuple(inputs) fixes it; checked.',
    ),
    Case(
        id='o-cotengra-expression-constant-leak',
        source='https://cotengra.readthedocs.io/en/latest/autoapi/cotengra/interface/index.html',
        code="""\
import jax
import jax.numpy as jnp
import cotengra as ctg

_expr_cache = {}

def predict(W, X):
    if "expr" not in _expr_cache:
        _expr_cache["expr"] = ctg.einsum_expression("ab,nb->na", W, X.shape, constants=[0])
    return _expr_cache["expr"](X)

W = jnp.ones((3, 5)) * 0.1
X = jnp.ones((7, 5))
jax.jit(predict)(W, X)
_expr_cache["expr"](X + 1.0)
""",
        kind='leaked-tracer', argument='W', path='W', line=9, use_line=15,
        fixes=('not-static', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='A cached cotengra expression is built inside jit with the traced weight '
             'folded in as a constant, so the cached object keeps the tracer and its next '
             'use raises UnexpectedTracerError. Building the expression from W.shape and '
             'passing W as an input fixes it; checked.',
    ),
    Case(
        id='o-cotengra-slices-fori-numpy',
        source='https://cotengra.readthedocs.io/en/latest/contraction.html',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import cotengra as ctg

rng = np.random.default_rng(0)
arrays = [rng.normal(size=(16, 16)) for _ in range(4)]
tree = ctg.einsum_tree("ab,bc,cd,da->", *[a.shape for a in arrays])
tree = tree.slice(target_slices=4)

@jax.jit
def sliced_sum():
    def body(i, acc):
        return acc + tree.contract_slice(arrays, i)
    return jax.lax.fori_loop(0, tree.nslices, body, 0.0)

sliced_sum()
""",
        kind='array-conversion', argument='i', path='i', line=14,
        fixes=('jnp-not-np', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Looping over cotengra slices with fori_loop passes a traced slice index, and '
             'cotengra indexes the user\'s NumPy arrays with it: TracerArrayConversionError. '
             'Converting the tensors with jnp.asarray lets the dynamic index work; checked.',
    ),
    Case(
        id='o-cotengra-exponent-if-vmap',
        source='https://cotengra.readthedocs.io/en/latest/contraction.html',
        code="""\
import jax
import jax.numpy as jnp
import cotengra as ctg

def log10_norm(A, B):
    m, e = ctg.einsum("ab,bc->", A, B, strip_exponent=True)
    if e > 30:
        return e + jnp.log10(jnp.abs(m))
    return jnp.log10(jnp.abs(m * 10.0 ** e))

As = jax.random.uniform(jax.random.PRNGKey(0), (5, 4, 4))
B = jnp.ones((4, 4))
jax.vmap(log10_norm, in_axes=(0, None))(As, B)
""",
        kind='bool-conversion', argument='A', path='A', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Branching in Python on the exponent returned by cotengra\'s '
             'strip_exponent=True under vmap raises TracerBoolConversionError. '
             'jnp.where(e > 30, ..., ...) (or lax.cond) fixes it; checked.',
    ),
    Case(
        id='o-cotengra-size-dict-traced',
        source='https://cotengra.readthedocs.io/en/latest/basics.html',
        code="""\
import jax
import jax.numpy as jnp
import cotengra as ctg

inputs = (("a", "b"), ("b", "c"), ("c", "d"))
output = ("a", "d")
arrays = [jnp.ones((2, 8)), jnp.ones((8, 8)), jnp.ones((8, 2))]

@jax.jit
def contract(arrays, size_dict):
    expr = ctg.array_contract_expression(inputs, output, size_dict)
    return expr(*arrays)

contract(arrays, {"a": 2, "b": 8, "c": 8, "d": 2})
""",
        kind='traced-shape', argument='size_dict', path="size_dict['a']", line=11,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The cotengra size_dict is passed as a jit argument, so the index sizes '
             'become tracers, and the path finder\'s "if d == 1" raises '
             'TracerBoolConversionError. Taking the sizes from the arrays\' static shapes '
             '(shapes=[a.shape for a in arrays]) fixes it; checked.',
    ),
    # ----------------------------------------------------------------- pyfixest
    Case(
        id='o-pyfixest-demean-jax-vmap-weights',
        source='https://github.com/py-econometrics/pyfixest/pull/767',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from pyfixest.estimation.jax.demean_jax_ import demean_jax

rng = np.random.default_rng(0)
n = 500
fe = rng.integers(0, 20, size=(n, 1))
yx = rng.normal(size=(n, 2))

def demeaned_slope(w):
    resid, _ = demean_jax(yx, fe, w)
    y, x = resid[:, 0], resid[:, 1]
    return jnp.sum(w * x * y) / jnp.sum(w * x * x)

boot_w = jax.random.exponential(jax.random.PRNGKey(0), (50, n))
jax.vmap(demeaned_slope)(boot_w)
""",
        kind='array-conversion', argument='w', path='w', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A Bayesian bootstrap vmaps pyfixest\'s demean_jax over weight draws. The '
             'wrapper ends with np.array(result), which raises TracerArrayConversionError. '
             'Calling the jnp-returning _demean_jax_impl(...) instead fixes it; checked.',
    ),
    Case(
        id='o-pyfixest-ngroups-traced-static',
        source='https://github.com/py-econometrics/pyfixest/pull/784',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from pyfixest.estimation.jax.demean_jax_ import _demean_jax_impl

rng = np.random.default_rng(1)
fe = jnp.asarray(rng.integers(0, 30, size=(1000, 2)), dtype=jnp.int32)
y = jnp.asarray(rng.normal(size=(1000, 1)))
w = jnp.ones(1000)

@jax.jit
def two_way_within(y, fe, w):
    n_groups = fe.max() + 1
    resid, converged = _demean_jax_impl(y, fe, w, n_groups, 1e-8, 10_000)
    return resid

two_way_within(y, fe, w)
""",
        kind='traced-shape', argument='fe', path='fe', line=14,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The group count that pyfixest\'s jitted demeaner needs as a static '
             'bincount length is computed from the traced fixed-effect ids, and jit '
             'raises ValueError (it cannot hash the tracer). Computing n_groups from the '
             'concrete ids outside and passing it as a static argument fixes it; checked.',
    ),
    Case(
        id='o-pyfixest-tol-array-static',
        source='https://github.com/py-econometrics/pyfixest/pull/767',
        code="""\
import numpy as np
import jax.numpy as jnp
from pyfixest.estimation.jax.demean_jax_ import _demean_jax_impl

rng = np.random.default_rng(2)
fe = jnp.asarray(rng.integers(0, 10, size=(400, 1)), dtype=jnp.int32)
y = jnp.asarray(rng.normal(loc=50.0, scale=20.0, size=(400, 1)))
w = jnp.ones(400)

tol = 1e-10 * jnp.std(y)
resid, converged = _demean_jax_impl(y, fe, w, 10, tol, 5_000)
""",
        kind='unhashable-static', argument='tol', path='tol', line=11,
        fixes=('hashable-static', 'numpy-for-static'), verifiable=True,
        jax_fitting_fix=False,
        note='A scale-aware tolerance computed with jnp is a jax Array, but pyfixest\'s '
             'demeaner declares tol static, so jit raises ValueError (non-hashable static '
             'argument). Passing float(tol) (or computing it with NumPy) fixes it; checked.',
    ),
    Case(
        id='o-pyfixest-convergence-and',
        source='https://github.com/py-econometrics/pyfixest/pull/784',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from pyfixest.estimation.jax.demean_jax_ import _demean_jax_impl

rng = np.random.default_rng(3)
fe = jnp.asarray(rng.integers(0, 25, size=(600, 1)), dtype=jnp.int32)
y = jnp.asarray(rng.normal(size=(600, 1)))
x = jnp.asarray(rng.normal(size=(600, 1)))
w = jnp.ones(600)

@jax.jit
def fwl_slope(y, x):
    yd, ok_y = _demean_jax_impl(y, fe, w, 25, 1e-8, 10_000)
    xd, ok_x = _demean_jax_impl(x, fe, w, 25, 1e-8, 10_000)
    beta = jnp.sum(xd * yd) / jnp.sum(xd * xd)
    if ok_y and ok_x:
        return beta
    return jnp.nan

fwl_slope(y, x)
""",
        kind='bool-conversion', argument='y', path='y', line=17,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The convergence flags returned by pyfixest\'s jitted demeaner are traced, '
             'and "if ok_y and ok_x" raises TracerBoolConversionError. '
             'return jnp.where(ok_y & ok_x, beta, jnp.nan) fixes it; checked.',
    ),
    Case(
        id='o-pyfixest-cache-leak',
        source='https://github.com/py-econometrics/pyfixest/pull/767',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from pyfixest.estimation.jax.demean_jax_ import _demean_jax_impl

rng = np.random.default_rng(4)
fe = jnp.asarray(rng.integers(0, 40, size=(800, 1)), dtype=jnp.int32)
w = jnp.ones(800)
y = jnp.asarray(rng.normal(size=(800, 1)))
x = jnp.asarray(rng.normal(size=(800, 1)))
_cache = {}

@jax.jit
def within_mse(y):
    resid, _ = _demean_jax_impl(y, fe, w, 40, 1e-8, 10_000)
    _cache["y_within"] = resid
    return jnp.mean(resid ** 2)

within_mse(y)
x_within, _ = _demean_jax_impl(x, fe, w, 40, 1e-8, 10_000)
jnp.sum(_cache["y_within"] * x_within) / jnp.sum(x_within ** 2)
""",
        kind='leaked-tracer', argument='y', path='y', line=16, use_line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The demeaned outcome from pyfixest\'s demeaner is stashed in a global dict '
             'inside jit to reuse later, and the later arithmetic raises '
             'UnexpectedTracerError. Returning resid alongside the MSE fixes it; checked.',
    ),
    Case(
        id='o-pyfixest-demeaner-config-jit-arg',
        source='https://github.com/py-econometrics/pyfixest/pull/1282',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import pyfixest as pf
from pyfixest.estimation.jax.demean_jax_ import _demean_jax_impl

rng = np.random.default_rng(5)
fe = jnp.asarray(rng.integers(0, 12, size=(300, 1)), dtype=jnp.int32)
y = jnp.asarray(rng.normal(size=(300, 1)))
w = jnp.ones(300)
demeaner = pf.MapDemeaner(backend="jax", fixef_tol=1e-8, fixef_maxiter=5_000)

@jax.jit
def residualize(y, demeaner):
    resid, _ = _demean_jax_impl(y, fe, w, 12, demeaner.fixef_tol, demeaner.fixef_maxiter)
    return resid

residualize(y, demeaner)
""",
        kind='non-array-argument', argument='demeaner', path='demeaner', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='pyfixest\'s MapDemeaner config (a frozen dataclass, not a pytree) is passed '
             'to a jitted function as a traced argument, and JAX raises TypeError (not a '
             'valid JAX type). It is hashable, so static_argnames="demeaner" fixes it; checked.',
    ),
    Case(
        id='o-pyfixest-singleton-mask-index',
        source='https://github.com/py-econometrics/pyfixest/pull/792',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from pyfixest.estimation.jax.detect_singletons_jax import detect_singletons_jax
from pyfixest.estimation.jax.demean_jax_ import _demean_jax_impl

rng = np.random.default_rng(6)
fe = rng.integers(0, 150, size=(300, 1))
y = rng.normal(size=(300, 1))
singleton = detect_singletons_jax(fe)

@jax.jit
def within_no_singletons(y, fe, singleton):
    keep = ~singleton
    y, fe = y[keep], fe[keep]
    resid, _ = _demean_jax_impl(y, fe, jnp.ones(y.shape[0]), 150, 1e-8, 1_000)
    return resid

within_no_singletons(y, fe, singleton)
""",
        kind='boolean-index', argument='singleton', path='singleton', line=15,
        fixes=('numpy-for-static', 'static', 'size-argument'), verifiable=True,
        jax_fitting_fix=False,
        note='The singleton mask from pyfixest\'s detect_singletons_jax is passed into jit '
             'and used to drop rows, and JAX raises NonConcreteBooleanIndexError. The mask is '
             'known beforehand, so filtering with the NumPy mask outside the traced '
             'arguments fixes it; checked.',
    ),
]
