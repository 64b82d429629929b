"""Held-out library cases (set ap): jax-healpy, quimb (jax backend), jimgw.

How they were built: every cell is my own minimal reduction of a usage pattern taken
from the library's docs/README or a GitHub issue/discussion thread (cited in `source`).
Each cell was written to a file and run with /tmp/heldout21/venv_ap/bin/python
(a venv made with --system-site-packages on top of the machine's Python 3.11.7).
Every statement before the last runs; the last statement raises while JAX traces a
function. `line`/`use_line` were read off the traceback frames that point into the
cell file. For each case the first listed fix was applied by hand to the user's lines
(or the jit call / a registration call) and the cell re-run to confirm it then
completes; `verifiable=True` only where that worked.

Installed versions (venv_ap): jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (all unchanged from the machine), jax-healpy 0.8.2,
quimb 1.16.0 (with autoray 0.11.0, cotengra 0.8.3), jimgw 0.5.2 (pulls in flowmc
0.6.4 and ripplegw 0.4.1 as dependencies; none of the cases is about those).
s2fft (the optional spherical-harmonics backend of jax-healpy) was not installed, so
the healpy cases stay on pixel functions, query_disc and the clustering module.
jimgw enables jax_enable_x64 on import; the jimgw cells therefore see float64.

Nothing from the candidate list was dropped: all three installed and imported with
the pins. Patterns tried and dropped: quimb `MPS.entropy` inside a loss (fails in
quimb's own NumPy SVD, no fix on the user's side); jimgw `PowerLawPrior` with a
traced exponent (rejected by jaxtyping/beartype before JAX is involved); quimb
`gate(..., where=i)` inside `fori_loop` (plain TypeError from `len()`, not a JAX
error); quimb `jax.jit` on an MPS holding jax arrays (JAX silently abstractified the
MPS through its `shape`/`dtype` attributes, giving a confusing AttributeError; the
numpy-backed MPS under `value_and_grad` gives the clean non-array error instead);
quimb `MPS.local_expectation` under jax.jit (fails inside quimb's canonical-form check,
`count_canonized`, so the static-`where` case computes the bond term with `gate` instead).
Only 24 cases were kept (8 per library); vmap, lax.map (scan), value_and_grad, jit, and the
libraries' own tracing wrappers (quimb TNOptimizer's jitted value_and_grad, Jim's vmapped
posterior check at construction) carry the tracers.

Doubts about labels:
- ap-healpy-traced-nside-ang2pix: JAX raises "Non-hashable static arguments" because a
  tracer reaches ang2pix's static `nside`; `unhashable-static` is defensible, I chose
  `traced-shape` because the value is traced (it is a jit parameter), not an
  unhashable Python container.
- ap-healpy-disc-count-vmap: the `if` is inside jax-healpy; `traced-shape` is defensible
  since the value is ultimately wanted as `max_length` (a static size). The fix computes
  the bound from the concrete radii outside the vmap (numpy-for-static); `static` is not
  possible under vmap.
- ap-healpy-kmeans-traced-regions: the documented alternative fix is passing
  `max_centroids=` (a static buffer size) while keeping n_regions traced; both are
  under `static`.
- ap-healpy-nside2npix-traced: raised by np.asarray inside jax-healpy, so
  `array-conversion`; `traced-shape` is defensible because npix is then used as a shape.
- ap-healpy-udgrade-jnp-nside: argument None because the jitted function is
  jax-healpy's, not the user's; fix order numpy-for-static vs hashable-static is a
  judgement call (plain Python ints are both).
- ap-healpy-cached-pix2vec-leak: the leaked value depends on no parameter (argument
  None); `return-value` stands for "do not cache inside the trace" (computing the cache
  eagerly outside jit is equally good).
- ap-quimb-compress-cutoff: JAX raises ConcretizationTypeError from quimb's `int()`, so
  `concretization` or `integer-conversion` are defensible; I chose `traced-shape`
  because the count is the new bond dimension. The fix `cutoff=0.0` is quimb's own
  option that makes the truncation size static.
- ap-quimb-mps-not-pytree: `static` (static_argnums) also runs but recompiles per state;
  register-pytree (qtn.jax_register_pytree()) is the intended fix.
- ap-quimb-loss-stores-state: argument psi is the loss function's parameter; the fix is
  to use the TN returned by `opt.optimize` instead of stashing the traced one.
- ap-quimb-float-print-loss: if the user wants a loss history, TNOptimizer's own
  `opt.losses` or jax.debug.callback are better than debug.print.
- ap-quimb-mpo-traced-length: `traced-shape` is defensible (L is a size); I chose
  `integer-conversion` because JAX raises TracerIntegerConversionError from `range(L)`.
- ap-jimgw-likelihood-self-leak: path could equally be params['b'] (model depends on
  both leaves); I gave the first.
- ap-jimgw-jit-evaluate-method: the error surfaces at the Jim(...) call (line 20) because
  Jim traces the likelihood during construction; line 12 (the decorator) is the root.
- ap-jimgw-int-start-index: `traced-shape` is defensible (start is a slice bound); JAX
  raises from `int()` so I chose `integer-conversion`.
- ap-jimgw-math-sqrt: math.sqrt calls float(); `jnp-not-builtin` vs `jnp-not-np` is a
  vocabulary judgement (the fix is jnp.sqrt).
"""
from __future__ import annotations

from explain_corpus import Case

HP_DOCS = 'https://github.com/CMBSciPol/jax-healpy/blob/main/docs/source/examples/clustering.md'
HP_README = 'https://github.com/CMBSciPol/jax-healpy/blob/main/README.md'
HP_QDISC = 'https://github.com/CMBSciPol/jax-healpy/blob/main/jax_healpy/_query_disc.py'
HP_PIXFUNC = 'https://github.com/CMBSciPol/jax-healpy/blob/main/docs/source/api/pixelfunc.rst'
QUIMB_OPT = 'https://github.com/jcmgray/quimb/blob/main/docs/tensor/tensor-optimization.ipynb'
JIM_BASE = 'https://github.com/kazewong/jim/blob/main/src/jimgw/core/base.py'
JIM_PRIOR_DOC = 'https://github.com/kazewong/jim/blob/main/docs/tutorials/prior_system.md'

CASES: list[Case] = [
    # ------------------------------------------------------------------ jax-healpy
    Case(
        id='ap-healpy-traced-nside-ang2pix',
        source=HP_DOCS,
        code="""\
import jax
import jax.numpy as jnp
import jax_healpy as hp

@jax.jit
def sample_sky(nside, sky, theta, phi):
    pix = hp.ang2pix(nside, theta, phi)
    return sky[pix]

sky = jnp.arange(hp.nside2npix(16), dtype=jnp.float32)
theta = jnp.linspace(0.1, 3.0, 100)
phi = jnp.linspace(0.0, 6.0, 100)
sample_sky(16, sky, theta, phi)
""",
        kind='traced-shape', argument='nside', path='nside', line=7,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='nside is a jit parameter, so a tracer reaches ang2pix, whose nside is a static '
             'argument; JAX raises ValueError (non-hashable static argument). Marking nside '
             'static (or deriving it from sky.shape) fixes it; checked.',
    ),
    Case(
        id='ap-healpy-disc-count-vmap',
        source=HP_QDISC,
        code="""\
import jax
import jax.numpy as jnp
import jax_healpy as hp

nside = 32
sky = jnp.ones(hp.nside2npix(nside))
centers = hp.ang2vec(jnp.array([0.5, 1.0, 1.5]), jnp.array([0.0, 1.0, 2.0]))
radii = jnp.array([0.1, 0.2, 0.15])

def disc_sum(vec, radius):
    n = hp.estimate_disc_pixel_count(nside, radius)
    disc = hp.query_disc(nside, vec, radius, max_length=n)
    return sky.at[disc].get(mode='fill', fill_value=0.0).sum()

jax.vmap(disc_sum)(centers, radii)
""",
        kind='bool-conversion', argument='radius', path='radius', line=11,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note="estimate_disc_pixel_count (meant to size query_disc's static max_length) runs a "
             'Python `if radius >= pi` and int(); under vmap the radius is a BatchTracer, so '
             'jax-healpy raises TracerBoolConversionError. Computing the bound once from the '
             'concrete radii (float(radii.max())) outside the vmapped function fixes it; checked.',
    ),
    Case(
        id='ap-healpy-kmeans-traced-regions',
        source=HP_DOCS,
        code="""\
import jax
import jax.numpy as jnp
import jax_healpy as hp
from jax_healpy.clustering import find_kmeans_clusters

nside = 16
mask = jnp.ones(hp.nside2npix(nside))
(indices,) = jnp.nonzero(mask)

@jax.jit
def cluster(n_regions, key):
    return find_kmeans_clusters(mask, indices, n_regions, key)

cluster(4, jax.random.key(0))
""",
        kind='bool-conversion', argument='n_regions', path='n_regions', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='With max_centroids=None, the k-means sampler sizes its buffers with Python max() '
             'on n_regions, so a traced n_regions makes jax-healpy raise '
             'TracerBoolConversionError. Make n_regions static (static_argnums=0) or pass the '
             'static max_centroids= buffer size as the docs say; checked.',
    ),
    Case(
        id='ap-healpy-nside2npix-traced',
        source=HP_README,
        code="""\
import jax
import jax.numpy as jnp
import jax_healpy as hp

@jax.jit
def white_noise_map(nside, sigma, key):
    npix = hp.nside2npix(nside)
    return sigma * jax.random.normal(key, (npix,))

white_noise_map(64, 1.5, jax.random.key(0))
""",
        kind='array-conversion', argument='nside', path='nside', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='nside2npix validates nside with np.asarray inside jax-healpy, so a traced nside '
             'raises TracerArrayConversionError; nside sets the map size and must be static '
             '(static_argnames=("nside",)); checked.',
    ),
    Case(
        id='ap-healpy-udgrade-jnp-nside',
        source=HP_PIXFUNC,
        code="""\
import jax.numpy as jnp
import jax_healpy as hp

m = jnp.arange(hp.nside2npix(64), dtype=jnp.float32)
nsides = jnp.array([32, 16, 8])
lowres = [hp.ud_grade(m, nside_out=nside) for nside in nsides]
""",
        kind='unhashable-static', argument=None, path=None, line=6,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='Iterating a jnp array yields jax Array scalars; ud_grade declares nside_out static, '
             'so JAX raises ValueError (non-hashable static argument). Keep the resolutions as '
             'plain Python ints (nsides = [32, 16, 8]); checked.',
    ),
    Case(
        id='ap-healpy-np-radians-query-disc',
        source=HP_QDISC,
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jax_healpy as hp

nside = 16
sky = jnp.ones(hp.nside2npix(nside))

@jax.jit
def disc_total(lon, lat, radius_deg):
    vec = hp.ang2vec(lon, lat, lonlat=True)
    disc = hp.query_disc(nside, vec, np.radians(radius_deg))
    return sky.at[disc].get(mode='fill', fill_value=0.0).sum()

disc_total(10.0, 20.0, 5.0)
""",
        kind='array-conversion', argument='radius_deg', path='radius_deg', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='healpy habits carry np.radians into a jitted function; NumPy calls __array__ on '
             'the traced radius and JAX raises TracerArrayConversionError. jnp.radians keeps it '
             'traced (query_disc is differentiable in radius); checked.',
    ),
    Case(
        id='ap-healpy-unseen-mask-index',
        source=HP_PIXFUNC,
        code="""\
import jax
import jax.numpy as jnp
import jax_healpy as hp

def masked_mean(sky):
    good = ~hp.mask_bad(sky)
    return sky[good].mean()

maps = jnp.ones((3, hp.nside2npix(8))).at[:, :10].set(hp.UNSEEN)
jax.lax.map(masked_mean, maps)
""",
        kind='boolean-index', argument='sky', path='sky', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Dropping UNSEEN pixels with a boolean mask inside lax.map (scan) makes the mask a '
             'tracer; JAX raises NonConcreteBooleanIndexError. Use a masked reduction '
             '(jnp.mean(sky, where=good) / jnp.where); checked.',
    ),
    Case(
        id='ap-healpy-cached-pix2vec-leak',
        source=HP_README,
        code="""\
import jax
import jax.numpy as jnp
import jax_healpy as hp

_pixel_dirs = {}

def pixel_dirs(nside):
    if nside not in _pixel_dirs:
        _pixel_dirs[nside] = hp.pix2vec(nside, jnp.arange(hp.nside2npix(nside)))
    return _pixel_dirs[nside]

@jax.jit
def dipole_map(d):
    return pixel_dirs(8) @ d

dipole_map(jnp.array([0.0, 0.0, 1.0]))
pixel_dirs(8) @ jnp.array([1.0, 0.0, 0.0])
""",
        kind='leaked-tracer', argument=None, path=None, line=9, use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A memo cache is first filled while dipole_map is being traced, so it stores the '
             'tracer returned by pix2vec; the later eager use raises UnexpectedTracerError. Do '
             'not cache inside the trace (return the value, or fill the cache eagerly); checked.',
    ),
    # ------------------------------------------------------------------ quimb
    Case(
        id='ap-quimb-compress-cutoff',
        source='https://github.com/jcmgray/quimb/issues/147',
        code="""\
import jax.numpy as jnp
import quimb.tensor as qtn

psi0 = qtn.MPS_rand_state(6, bond_dim=8, seed=1)
psi0.apply_to_arrays(jnp.asarray)

def infidelity(psi):
    phi = psi.copy()
    phi.compress(max_bond=2)
    return 1 - abs(phi.H @ psi) ** 2 / abs(phi.H @ phi)

opt = qtn.TNOptimizer(psi0, loss_fn=infidelity, autodiff_backend='jax')
opt.optimize(2)
""",
        kind='traced-shape', argument='psi', path='psi', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="compress() keeps singular values above quimb's default cutoff, counting them with "
             'int() on traced data inside the jitted TNOptimizer loss; JAX raises '
             'ConcretizationTypeError. Passing cutoff=0.0 makes the kept bond size the static '
             'max_bond; checked.',
    ),
    Case(
        id='ap-quimb-mps-not-pytree',
        source='https://github.com/jcmgray/quimb/issues/148',
        code="""\
import jax
import quimb.tensor as qtn

psi = qtn.MPS_rand_state(6, bond_dim=4, seed=0)
H = qtn.MPO_ham_heis(6)

def energy(psi):
    return (psi.H @ H.apply(psi)).real / (psi.H @ psi).real

jax.value_and_grad(energy)(psi)
""",
        kind='non-array-argument', argument='psi', path='psi', line=10,
        fixes=('register-pytree', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A quimb MatrixProductState is not a pytree until registered, so value_and_grad '
             'raises TypeError (not a valid JAX type). Calling qtn.jax_register_pytree() first '
             'makes the tensors the leaves; checked.',
    ),
    Case(
        id='ap-quimb-loss-if-norm',
        source='https://github.com/jcmgray/quimb/issues/77',
        code="""\
import jax.numpy as jnp
import quimb.tensor as qtn

psi0 = qtn.MPS_rand_state(6, bond_dim=4, seed=0)
psi0.apply_to_arrays(jnp.asarray)
H = qtn.MPO_ham_heis(6)

def penalized_energy(psi):
    nrm = (psi.H @ psi).real
    e = (psi.H @ H.apply(psi)).real / nrm
    if nrm > 2.0:
        e = e + (nrm - 2.0) ** 2
    return e

opt = qtn.TNOptimizer(psi0, loss_fn=penalized_energy, autodiff_backend='jax')
opt.optimize(3)
""",
        kind='bool-conversion', argument='psi', path='psi', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='TNOptimizer jits value_and_grad of the loss, so the norm is traced and the Python '
             'if raises TracerBoolConversionError. Select the penalty with jnp.where; checked.',
    ),
    Case(
        id='ap-quimb-loss-stores-state',
        source=QUIMB_OPT,
        code="""\
import jax.numpy as jnp
import quimb.tensor as qtn

class VariationalMPS:
    def __init__(self, L, chi):
        self.H = qtn.MPO_ham_heis(L)
        self.psi = qtn.MPS_rand_state(L, bond_dim=chi, seed=0)
        self.psi.apply_to_arrays(jnp.asarray)
        self.last_state = None

    def loss(self, psi):
        self.last_state = psi
        return (psi.H @ self.H.apply(psi)).real / (psi.H @ psi).real

model = VariationalMPS(6, 4)
opt = qtn.TNOptimizer(model.psi, loss_fn=model.loss, autodiff_backend='jax')
opt.optimize(3)
model.last_state.normalize()
""",
        kind='leaked-tracer', argument='psi', path='psi', line=12, use_line=18,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The loss stashes the MPS it is given on self, but inside TNOptimizer that MPS '
             'holds tracers; using it afterwards raises UnexpectedTracerError. Use the network '
             'returned by opt.optimize instead of storing it from the loss; checked.',
    ),
    Case(
        id='ap-quimb-static-where-list',
        source='https://github.com/jcmgray/quimb/discussions/219',
        code="""\
import jax
import jax.numpy as jnp
import quimb as qu
import quimb.tensor as qtn
from functools import partial

qtn.jax_register_pytree()
psi = qtn.MPS_rand_state(6, bond_dim=4, seed=0)
psi.apply_to_arrays(jnp.asarray)
ZZ = jnp.asarray(qu.pauli('Z') & qu.pauli('Z'))

@partial(jax.jit, static_argnames=['where'])
def bond_energy(psi, where):
    return (psi.H @ psi.gate(ZZ, where)).real

bond_energy(psi, where=[2, 3])
""",
        kind='unhashable-static', argument='where', path='where', line=16,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The sites are marked static but given as a list, so jit raises ValueError '
             '(non-hashable static argument). Pass a tuple, where=(2, 3); checked.',
    ),
    Case(
        id='ap-quimb-np-abs-fidelity',
        source=QUIMB_OPT,
        code="""\
import jax.numpy as jnp
import numpy as np
import quimb.tensor as qtn

target = qtn.MPS_rand_state(6, bond_dim=8, seed=1)
psi0 = qtn.MPS_rand_state(6, bond_dim=2, seed=0)
psi0.apply_to_arrays(jnp.asarray)

def infidelity(psi):
    psi = psi / psi.norm()
    return 1 - np.abs(psi.H @ target) ** 2

opt = qtn.TNOptimizer(psi0, loss_fn=infidelity, autodiff_backend='jax')
opt.optimize(3)
""",
        kind='array-conversion', argument='psi', path='psi', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.abs on the traced overlap inside the TNOptimizer loss calls __array__ and JAX '
             'raises TracerArrayConversionError; use jnp.abs (or abs / autoray.do); checked.',
    ),
    Case(
        id='ap-quimb-float-print-loss',
        source=QUIMB_OPT,
        code="""\
import jax.numpy as jnp
import quimb.tensor as qtn

psi0 = qtn.MPS_rand_state(6, bond_dim=4, seed=0)
psi0.apply_to_arrays(jnp.asarray)
H = qtn.MPO_ham_heis(6)

def energy(psi):
    e = (psi.H @ H.apply(psi)).real / (psi.H @ psi).real
    print(f"energy = {float(e):.6f}")
    return e

opt = qtn.TNOptimizer(psi0, loss_fn=energy, autodiff_backend='jax')
opt.optimize(3)
""",
        kind='concretization', argument='psi', path='psi', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging with float() inside a loss that TNOptimizer jits raises '
             'ConcretizationTypeError; JAX suggests astype, which does not help here. Use '
             'jax.debug.print (or read opt.losses afterwards); checked.',
    ),
    Case(
        id='ap-quimb-mpo-traced-length',
        source='https://github.com/jcmgray/quimb/discussions/219',
        code="""\
import jax
import jax.numpy as jnp
import quimb.tensor as qtn

qtn.jax_register_pytree()
psi = qtn.MPS_rand_state(8, bond_dim=4, seed=0)
psi.apply_to_arrays(jnp.asarray)

@jax.jit
def energy_per_site(psi, L):
    H = qtn.MPO_ham_heis(L)
    return (psi.H @ H.apply(psi)).real / (L * (psi.H @ psi).real)

energy_per_site(psi, 8)
""",
        kind='integer-conversion', argument='L', path='L', line=11,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The chain length is a jit parameter, and MPO_ham_heis loops range(L) to build '
             'tensors, so JAX raises TracerIntegerConversionError. Make L static or use psi.L '
             '(a Python int); checked.',
    ),
    # ------------------------------------------------------------------ jimgw
    Case(
        id='ap-jimgw-likelihood-if-bound',
        source=JIM_BASE,
        code="""\
import jax.numpy as jnp
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior, CombinePrior
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class DampedSineLikelihood(LikelihoodBase):
    def __init__(self, t, y):
        self.t, self.y = t, y

    def evaluate(self, params):
        if params["tau"] <= 0.0:
            return -jnp.inf
        model = jnp.exp(-self.t / params["tau"]) * jnp.sin(params["f"] * self.t)
        return -0.5 * jnp.sum((self.y - model) ** 2)

t = jnp.linspace(0.0, 1.0, 64)
like = DampedSineLikelihood(t, jnp.exp(-t / 0.3) * jnp.sin(20.0 * t))
prior = CombinePrior([UniformPrior(-0.5, 2.0, ["tau"]), UniformPrior(5.0, 40.0, ["f"])])
Jim(like, prior, FlowMCConfig(n_chains=10))
""",
        kind='bool-conversion', argument='params', path="params['tau']", line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Jim vmaps the log-posterior over prior draws while it is being constructed, so '
             "the user's guard `if params['tau'] <= 0` raises TracerBoolConversionError. Return "
             'jnp.where(tau <= 0, -inf, loglike); checked.',
    ),
    Case(
        id='ap-jimgw-transform-np-log',
        source=JIM_PRIOR_DOC,
        code="""\
import numpy as np
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior
from jimgw.core.transforms import BijectiveTransform
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class LogTransform(BijectiveTransform):
    def __init__(self, name_mapping):
        super().__init__(name_mapping)
        src, dst = name_mapping[0][0], name_mapping[1][0]
        self.transform_func = lambda x: {dst: np.log(x[src])}
        self.inverse_transform_func = lambda y: {src: np.exp(y[dst])}

class GaussLikelihood(LikelihoodBase):
    def evaluate(self, params):
        return -0.5 * (params["sigma"] - 1.0) ** 2

prior = UniformPrior(0.1, 10.0, ["sigma"])
Jim(GaussLikelihood(), prior, FlowMCConfig(n_chains=10),
    sample_transforms=[LogTransform((["sigma"], ["log_sigma"]))])
""",
        kind='array-conversion', argument='x', path="x['sigma']", line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A custom sample transform written with np.log/np.exp: Jim vmaps transform.forward "
             'over prior draws (and jacfwd-s it for the Jacobian), so NumPy meets a BatchTracer '
             'and JAX raises TracerArrayConversionError. Use jnp.log/jnp.exp; checked.',
    ),
    Case(
        id='ap-jimgw-prior-sample-traced-n',
        source=JIM_PRIOR_DOC,
        code="""\
import jax
from jimgw.core.prior import UniformPrior, CombinePrior

prior = CombinePrior([UniformPrior(10.0, 80.0, ["M_c"]), UniformPrior(0.125, 1.0, ["q"])])

@jax.jit
def draw(key, n_samples):
    return prior.sample(key, n_samples)

draw(jax.random.key(0), 1000)
""",
        kind='traced-shape', argument='n_samples', path='n_samples', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The sample count becomes the shape of jax.random.uniform inside the prior; traced, '
             'it makes JAX raise TypeError (shapes must be concrete), whose message suggests '
             'static_argnums, which works; checked.',
    ),
    Case(
        id='ap-jimgw-likelihood-self-leak',
        source=JIM_BASE,
        code="""\
import jax.numpy as jnp
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior, CombinePrior
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class LineLikelihood(LikelihoodBase):
    def __init__(self, t, y):
        self.t, self.y = t, y
        self.last_model = None

    def evaluate(self, params):
        model = params["a"] * self.t + params["b"]
        self.last_model = model
        return -0.5 * jnp.sum((self.y - model) ** 2)

t = jnp.linspace(0.0, 1.0, 50)
like = LineLikelihood(t, 2.0 * t + 1.0)
prior = CombinePrior([UniformPrior(-5.0, 5.0, ["a"]), UniformPrior(-5.0, 5.0, ["b"])])
jim = Jim(like, prior, FlowMCConfig(n_chains=10))
residual = like.y - like.last_model
""",
        kind='leaked-tracer', argument='params', path="params['a']", line=14, use_line=21,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='evaluate keeps the model on self for later plotting, but Jim traces evaluate '
             '(vmap) while constructing, so a BatchTracer is stored; the later use raises '
             'UnexpectedTracerError. Recompute the model from returned samples instead of '
             'storing it; needs restructuring, so not mechanically verifiable.',
    ),
    Case(
        id='ap-jimgw-jit-evaluate-method',
        source=JIM_BASE,
        code="""\
import jax
import jax.numpy as jnp
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior, CombinePrior
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class LineLikelihood(LikelihoodBase):
    def __init__(self, t, y):
        self.t, self.y = t, y

    @jax.jit
    def evaluate(self, params):
        model = params["a"] * self.t + params["b"]
        return -0.5 * jnp.sum((self.y - model) ** 2)

t = jnp.linspace(0.0, 1.0, 50)
like = LineLikelihood(t, 2.0 * t + 1.0)
prior = CombinePrior([UniformPrior(-5.0, 5.0, ["a"]), UniformPrior(-5.0, 5.0, ["b"])])
Jim(like, prior, FlowMCConfig(n_chains=10))
""",
        kind='non-array-argument', argument='self', path='self', line=20,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='Decorating the likelihood method with jax.jit makes self a traced argument; when '
             'Jim evaluates it, JAX raises TypeError (cannot interpret a LineLikelihood as an '
             'array) and suggests static_argnums. partial(jax.jit, static_argnums=0) works; '
             'checked.',
    ),
    Case(
        id='ap-jimgw-int-start-index',
        source=JIM_BASE,
        code="""\
import jax.numpy as jnp
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior, CombinePrior
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class BurstLikelihood(LikelihoodBase):
    def __init__(self, strain, fs, n_template):
        self.strain, self.fs, self.n = strain, fs, n_template

    def evaluate(self, params):
        start = int(params["t_0"] * self.fs)
        segment = self.strain[start:start + self.n]
        template = params["A"] * jnp.hanning(self.n)
        return -0.5 * jnp.sum((segment - template) ** 2)

strain = jnp.zeros(4096).at[1000:1064].set(jnp.hanning(64))
like = BurstLikelihood(strain, fs=1024.0, n_template=64)
prior = CombinePrior([UniformPrior(0.5, 3.0, ["t_0"]), UniformPrior(0.1, 5.0, ["A"])])
Jim(like, prior, FlowMCConfig(n_chains=10))
""",
        kind='integer-conversion', argument='params', path="params['t_0']", line=12,
        fixes=('lax.dynamic_slice',), verifiable=True, jax_fitting_fix=False,
        note='The start sample of the template window is computed with int() on the traced '
             'arrival time; JAX raises ConcretizationTypeError (its astype hint alone would then '
             'fail at the slice). Cast with astype and cut the window with lax.dynamic_slice; '
             'checked.',
    ),
    Case(
        id='ap-jimgw-math-sqrt',
        source=JIM_BASE,
        code="""\
import math
import jax.numpy as jnp
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior, CombinePrior
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class AmplitudeLikelihood(LikelihoodBase):
    def __init__(self, snr_obs):
        self.snr_obs = snr_obs

    def evaluate(self, params):
        snr = 8.0 * (400.0 / params["d_L"]) * math.sqrt(params["cos_iota"] ** 2 + 1.0)
        return -0.5 * (self.snr_obs - snr) ** 2

prior = CombinePrior([UniformPrior(50.0, 2000.0, ["d_L"]), UniformPrior(-1.0, 1.0, ["cos_iota"])])
Jim(AmplitudeLikelihood(12.0), prior, FlowMCConfig(n_chains=10))
""",
        kind='concretization', argument='params', path="params['cos_iota']", line=13,
        fixes=('jnp-not-builtin', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note="math.sqrt converts its argument with float(); inside Jim's vmapped posterior the "
             'inclination term is traced and JAX raises ConcretizationTypeError. Use jnp.sqrt; '
             'checked.',
    ),
    Case(
        id='ap-jimgw-band-mask-index',
        source=JIM_BASE,
        code="""\
import jax.numpy as jnp
from jimgw.core.base import LikelihoodBase
from jimgw.core.prior import UniformPrior, CombinePrior
from jimgw.core.jim import Jim
from jimgw.samplers.config import FlowMCConfig

class LorentzianLikelihood(LikelihoodBase):
    def __init__(self, freqs, spectrum):
        self.freqs, self.spectrum = freqs, spectrum

    def evaluate(self, params):
        band = self.freqs < 2.0 * params["f_0"]
        model = params["A"] / (1.0 + ((self.freqs - params["f_0"]) / 10.0) ** 2)
        return -0.5 * jnp.sum((self.spectrum[band] - model[band]) ** 2)

freqs = jnp.linspace(20.0, 1024.0, 512)
like = LorentzianLikelihood(freqs, 3.0 / (1.0 + ((freqs - 250.0) / 10.0) ** 2))
prior = CombinePrior([UniformPrior(100.0, 400.0, ["f_0"]), UniformPrior(0.1, 10.0, ["A"])])
Jim(like, prior, FlowMCConfig(n_chains=10))
""",
        kind='boolean-index', argument='params', path="params['f_0']", line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The frequency band depends on the sampled f_0, so indexing with it inside the '
             "likelihood Jim vmaps raises NonConcreteBooleanIndexError. Sum "
             'jnp.where(band, residual**2, 0) instead; checked.',
    ),
]
