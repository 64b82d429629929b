"""Held-out library cases (set CE): jax-bandflux, halox, feax.

How they were built: each cell is my own minimal reduction of a usage pattern taken from the
library's docs/README/examples or a merged PR (these three small projects have no issue threads
in the searchable index, so most sources are the docs page of the API the cell exercises). Each
cell was written to a file and run with /tmp/heldout42/venv_ce/bin/python (CPython 3.11.7,
venv with --system-site-packages): every statement but the last runs, the last raises while JAX
traces; `line`/`use_line` were checked against the traceback frames of the file. Each fix marked
verifiable=True was applied by hand to the user's line(s) (or the jit call / wrapper signature)
and the edited cell re-run to completion.

Installed: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8, equinox 0.13.8, optax 0.2.8
(unchanged), jax-bandflux 1.0.0 (module jax_supernovae; pulls sncosmo 2.13.1), halox 2.1.1
(pulls jax-cosmo 0.1.0 and jaxopt 0.8.5 as dependencies; the cases exercise halox's own API),
feax 0.8.0 (feax sets jax_enable_x64 and XLA flags at import; halox.cm also enables x64).

Runtime notes: SALT3Source() registers all bandpasses and takes ~30-50 s on this machine; feax
cells take ~10-20 s (create_solver pre-warms the direct solver, which is where the user's
tensor/energy maps are first traced through feax's own vmap/jacfwd, so for those cells the last
statement is create_solver).

Dropped while building (not in CASES):
- feax: DirichletBCSpec(value=<vmapped tracer>) inside jax.vmap. feax's __post_init__ only
  converts int/float values, so the tracer survives and create_bc later fails with a plain
  TypeError ("Expected a callable value") from jax.vmap -- not a clean tracer error, so dropped
  (the documented route is bc.replace_vals under vmap).
- jax-bandflux: SALT3Source.bandflux with a length-1 band_indices and many phases under jit. The
  library calls int(band_indices_arr[0]); inside jit even a closed-over constant becomes a tracer
  after jnp.array, so no user-side fix from the vocabulary (static/closure) works -- replaced by
  ce-bandflux-vmap-band-name.
No candidate library had to be dropped: all three installed with the pins and imported.

Doubts about labels:
- ce-halox-traced-n-k-int: n_k_int is a grid size (jnp.logspace count), so traced-shape is
  defensible; labelled integer-conversion because the library's own int(n_k_int) is what raises.
- ce-feax-vmap-beam-length: raised by int(L / mesh_size) inside box_mesh, so integer-conversion is
  defensible; labelled traced-shape because the value is an element count (mesh structure).
- ce-halox-sensitivity-float: the float() is applied to a value that depends on every leaf of the
  jax_cosmo Cosmology `c`, so no single leaf is the culprit; path is given as 'c'. First fix
  'astype' follows JAX's own hint; simply returning the array is equally good.
- ce-halox-mass-range-check: jnp.where changes behaviour (NaN instead of an exception); under vmap
  the exception cannot be kept, so it is still listed first. jax.experimental.checkify would keep it.
- ce-halox-static-delta-array: 'not-static' works as well as 'hashable-static' (halox only uses
  delta_c in jnp arithmetic); either could be first.
- ce-halox-halo-cache-leak / ce-feax-stress-on-self: 'return-value' is the right idea but not a
  mechanical edit (NFWHalo is not a pytree; feax dictates what a tensor map returns), hence
  verifiable=False; argument for the halo leak could be 'c' as well as 'M' (both feed the halo).
- ce-bandflux-shifts-in-jit and ce-bandflux-dust-type-branch: the failing line is inside the
  library (np.array(shifts); `if dust_type_idx == 0` in salt3_bandflux, which the library itself
  jits). The listed fixes describe the library-side change; from the user side the practical fix
  is to call salt3.optimized_salt3_multiband_flux, which is not in the vocabulary. For the dust
  case `argument` is the library-jitted function's parameter `params`, since the user wrote no
  traced function; None would also be defensible.
- ce-bandflux-vmap-band-name: 'lax.switch' over per-band closures would also work; 'static'
  (Python loop over band names, or one bandflux call with all names) is listed.
- ce-feax-static-problem: the fix is to stop passing the Problem at all (close over it), which I
  file under 'static' (moving it out of the traced/jit arguments); 'register-pytree' does not work
  because Problem's aux data is an unhashable dict.
- ce-feax-material-id-list: mat_id is a cell-based int array in TracedParams; lax.switch or
  indexing jnp.array(E_table) are equally acceptable to jnp.where for two materials.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ce-halox-mass-range-check',
        source='https://halox.readthedocs.io/en/latest/notebooks/cMrelations.html',
        code="""\
import jax
import jax.numpy as jnp
import halox

model = halox.cm.duffy08()

def concentration(M, z):
    if M < model.m_min or M > model.m_max:
        raise ValueError("mass outside the duffy08 calibration range")
    return model(M, z)

masses = jnp.logspace(11., 15., 8)
c = jax.vmap(concentration, in_axes=(0, None))(masses, 0.5)
""",
        kind='bool-conversion', argument='M', path='M', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A validity guard against the c-M relation's m_min/m_max written with Python `if`/`or` inside a function the user vmaps over masses; JAX raises TracerBoolConversionError. Computing a validity mask and returning jnp.where(ok, c, nan) is the vmap-friendly form (the raise cannot survive vmap). Checked.",
    ),
    Case(
        id='ce-halox-traced-n-k-int',
        source='https://github.com/fkeruzore/halox/pull/25',
        code="""\
import jax
import jax.numpy as jnp
import halox

cosmo = halox.cosmology.Planck18()

@jax.jit
def peak_height(M, n_k):
    return halox.lss.peak_height(M, 0.5, cosmo, n_k_int=n_k)

nu = peak_height(jnp.logspace(13., 15., 4), 2000)
""",
        kind='integer-conversion', argument='n_k', path='n_k', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The k-grid resolution n_k_int is passed through a jitted wrapper as a traced argument; halox's sigma_R calls int(n_k_int) itself, so JAX raises ConcretizationTypeError (int). Marking n_k static (static_argnames) fixes it; the astype hint in the message does not apply. Checked.",
    ),
    Case(
        id='ce-halox-logspace-bins',
        source='https://halox.readthedocs.io/en/latest/notebooks/hmf.html',
        code="""\
import jax
import jax.numpy as jnp
import halox

cosmo = halox.cosmology.Planck18()

@jax.jit
def binned_hmf(z, n_bins):
    M = jnp.logspace(13., 15., n_bins)
    return halox.hmf.tinker08_mass_function(M, z, cosmo, n_k_int=300)

dn = binned_hmf(0.5, 20)
""",
        kind='traced-shape', argument='n_bins', path='n_bins', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of mass bins is a jit argument and is used as the `num` of jnp.logspace before the mass function is evaluated; JAX raises ConcretizationTypeError. The count has to be static (static_argnames). Checked.',
    ),
    Case(
        id='ce-halox-mass-cut-mask',
        source='https://halox.readthedocs.io/en/latest/notebooks/hmf.html',
        code="""\
import jax
import jax.numpy as jnp
import halox

cosmo = halox.cosmology.Planck18()
M = jnp.logspace(13., 15.5, 30)
dlnM = jnp.log(M[1] / M[0])

@jax.jit
def n_above(log10_M_min):
    dn = halox.hmf.tinker08_mass_function(M, 0.3, cosmo, n_k_int=300)
    keep = M > 10.0 ** log10_M_min
    return jnp.sum(dn[keep]) * dlnM

N = n_above(14.2)
""",
        kind='boolean-index', argument='log10_M_min', path='log10_M_min', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Cumulative abundance above a fitted mass threshold is computed by boolean-masking the HMF with a mask that depends on the traced threshold; JAX raises NonConcreteBooleanIndexError. jnp.where(keep, dn, 0) inside the sum gives the same value with a fixed shape. Checked.',
    ),
    Case(
        id='ce-halox-np-trapezoid-grad',
        source='https://halox.readthedocs.io/en/latest/notebooks/gradients.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import halox

M = jnp.logspace(13., 15.5, 30)

def cluster_counts(sigma8):
    cosmo = halox.cosmology.Planck18(sigma8=sigma8)
    dn = halox.hmf.tinker08_mass_function(M, 0.3, cosmo, n_k_int=300)
    return np.trapezoid(dn, np.log(M))

dN_dsigma8 = jax.grad(cluster_counts)(0.81)
""",
        kind='array-conversion', argument='sigma8', path='sigma8', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Cluster counts are integrated over the halox mass function with numpy.trapezoid inside a function differentiated with jax.grad w.r.t. sigma8; JAX raises TracerArrayConversionError. jnp.trapezoid/jnp.log fix it. Checked.',
    ),
    Case(
        id='ce-halox-cm-model-jit-arg',
        source='https://halox.readthedocs.io/en/latest/notebooks/cMrelations.html',
        code="""\
import jax
import jax.numpy as jnp
import halox

@jax.jit
def nfw_density(r, M, z, cm_model):
    c = cm_model(M, z)
    halo = halox.halo.nfw.NFWHalo(M, c, z, halox.cosmology.Planck18())
    return halo.density(r)

r = jnp.logspace(-2., 0.5, 20)
rho = nfw_density(r, 3e14, 0.2, halox.cm.duffy08())
""",
        kind='non-array-argument', argument='cm_model', path='cm_model', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A halox c-M relation object (duffy08, a plain class) is passed as a regular argument of a jitted function; JAX raises TypeError (not a valid abstract array). Declaring cm_model in static_argnames, as the message suggests, works because the instance is hashable by identity. Checked.',
    ),
    Case(
        id='ce-halox-static-delta-array',
        source='https://halox.readthedocs.io/en/latest/notebooks/bias.html',
        code="""\
import jax
import jax.numpy as jnp
import halox

cosmo = halox.cosmology.Planck18()
bias_fn = jax.jit(halox.bias.tinker10_bias, static_argnames=("delta_c", "n_k_int"))

M = jnp.logspace(13., 15., 10)
delta_c = jnp.array(500.0)
b = bias_fn(M, 0.5, cosmo, delta_c=delta_c, n_k_int=300)
""",
        kind='unhashable-static', argument='delta_c', path='delta_c', line=10,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='The user jits halox.bias.tinker10_bias with delta_c declared static but passes a jnp array for it; JAX raises ValueError (non-hashable static argument). Passing a Python float works, and so does dropping delta_c from static_argnames since halox only uses it in jnp arithmetic. Checked (float).',
    ),
    Case(
        id='ce-halox-halo-cache-leak',
        source='https://halox.readthedocs.io/en/latest/notebooks/nfw.html',
        code="""\
import jax
import jax.numpy as jnp
import halox

cosmo = halox.cosmology.Planck18()
halos = {}

@jax.jit
def r200(M, c):
    halo = halox.halo.nfw.NFWHalo(M, c, 0.3, cosmo)
    halos["last"] = halo
    return halo.r_delta

R = r200(2e14, 4.5)
r = jnp.logspace(-2., 0., 10)
rho = halos["last"].density(r)
""",
        kind='leaked-tracer', argument='M', path='M', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='An NFWHalo built inside a jitted function (its attributes are tracers) is cached in a global dict and used after the jit returns; JAX raises UnexpectedTracerError at the later .density call. Returning the needed arrays (or building the halo outside jit) is the fix; NFWHalo is not a pytree, so the object itself cannot simply be returned, hence not verifiable mechanically.',
        use_line=16,
    ),
    Case(
        id='ce-halox-sensitivity-float',
        source='https://github.com/fkeruzore/halox/pull/29',
        code="""\
import jax
import jax.numpy as jnp
import halox

cosmo = halox.cosmology.Planck18()

def abundance(c):
    dn = halox.hmf.tinker08_mass_function(1e14, 0.3, c, n_k_int=300)
    return float(dn)

params = halox.cosmology.sensitivity(abundance, cosmo)
""",
        kind='concretization', argument='c', path='c', line=9,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="halox.cosmology.sensitivity differentiates the user's scalar function with jax.grad; the function converts its result with float(), so JAX raises ConcretizationTypeError. The message's astype hint (or simply returning the array) works. Checked with dn.astype(float).",
    ),
    Case(
        id='ce-bandflux-shifts-in-jit',
        source='https://github.com/samleeney/JAX-bandflux/blob/master/examples/ns_with_shifts.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_supernovae as js
from jax_supernovae import SALT3Source

data = js.data.load_and_process_data('19dwz', fix_z=True)
times, fluxes, fluxerrs, zps, band_indices, bands, bridges, fixed_z = data
source = SALT3Source()

@jax.jit
def loglike(theta):
    t0, log_x0, x1, c = theta[0], theta[1], theta[2], theta[3]
    shifts = [theta[4 + i] for i in range(len(bands))]
    params = {'z': fixed_z[0], 't0': t0, 'x0': 10 ** log_x0, 'x1': x1, 'c': c}
    phases = (times - t0) / (1 + fixed_z[0])
    model = source.bandflux(params, None, phases, zp=zps, zpsys='ab',
                            band_indices=band_indices, bridges=bridges,
                            unique_bands=bands, shifts=shifts)
    return -0.5 * jnp.sum(((fluxes - model) / fluxerrs) ** 2)

loglike(jnp.array([58650., -3.3, 0., 0., 0., 0., 0.]))
""",
        kind='array-conversion', argument='theta', path='theta', line=16,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note="Per-band wavelength shifts taken from the sampled parameter vector are passed to SALT3Source.bandflux inside a jitted log-likelihood; bandflux calls np.array(shifts) itself, so JAX raises TracerArrayConversionError. The np-to-jnp change belongs in the library line (or the user calls optimized_salt3_multiband_flux, which accepts traced shifts), so it is not a mechanical edit of the user's line.",
    ),
    Case(
        id='ce-bandflux-dust-type-branch',
        source='https://jax-bandflux.readthedocs.io/en/latest/dust.html',
        code="""\
import jax.numpy as jnp
import jax_supernovae as js
from jax_supernovae.bandpasses import get_bandpass, register_all_bandpasses

register_all_bandpasses()
blue = get_bandpass('bessellb')
params = {'z': 0.1, 't0': 0.0, 'x0': 1e-5, 'x1': 0.0, 'c': 0.0,
          'dust_type': 0, 'ebv': 0.2, 'r_v': 3.1}
phases = jnp.linspace(-20., 50., 100)
flux_blue = js.salt3.salt3_bandflux(phases, blue, params)
""",
        kind='bool-conversion', argument='params', path="params['dust_type']", line=10,
        fixes=('lax.switch', 'jnp.where'), verifiable=False, jax_fitting_fix=False,
        note="salt3_bandflux is jitted by the library with params as a traced pytree and picks the dust law with a Python `if dust_type_idx == 0`; following the dust docs raises TracerBoolConversionError. The branch needs lax.switch/jnp.where (as the library's optimized path does), which is inside the library, so not verifiable on the user's line.",
    ),
    Case(
        id='ce-bandflux-bandpass-in-jit',
        source='https://jax-bandflux.readthedocs.io/en/latest/bandpass_loading.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_supernovae.bandpasses import Bandpass
from jax_supernovae.salt3 import precompute_bandflux_bridge, optimized_salt3_multiband_flux

wave = np.linspace(4000., 5000., 60)
trans = np.exp(-0.5 * ((wave - 4500.) / 250.) ** 2)
params = {'z': 0.05, 't0': 0.0, 'x0': 1e-5, 'x1': 0.0, 'c': 0.0}

@jax.jit
def model_flux(phases, wave, trans):
    bridge = precompute_bandflux_bridge(Bandpass(wave, trans))
    return optimized_salt3_multiband_flux(phases, [bridge], params)

flux = model_flux(jnp.linspace(-10., 30., 5), wave, trans)
""",
        kind='concretization', argument='wave', path='wave', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A custom Bandpass is constructed from filter arrays that are arguments of a jitted model function; Bandpass.__init__ calls float(jnp.min(wave)) to size its integration grid, so JAX raises ConcretizationTypeError. Building the Bandpass/bridge outside the jitted function (filter data not traced) fixes it. Checked.',
    ),
    Case(
        id='ce-bandflux-history-leak',
        source='https://jax-bandflux.readthedocs.io/en/latest/sampling.html',
        code="""\
import jax
import jax.numpy as jnp
import jax_supernovae as js

data = js.data.load_and_process_data('19dwz', fix_z=True)
times, fluxes, fluxerrs, zps, band_indices, bands, bridges, fixed_z = data
history = []

@jax.jit
def chi2(x0, x1, c, t0):
    params = {'z': fixed_z[0], 't0': t0, 'x0': x0, 'x1': x1, 'c': c}
    model = js.salt3.optimized_salt3_multiband_flux(times, bridges, params, zps=zps, zpsys='ab')
    model = model[jnp.arange(len(times)), band_indices]
    history.append(model)
    return jnp.sum(((fluxes - model) / fluxerrs) ** 2)

value = chi2(5e-4, 0.0, 0.0, 58650.0)
models = jnp.stack(history)
""",
        kind='leaked-tracer', argument='x0', path='x0', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Model light curves are appended to a global list from inside a jitted chi-square for later plotting; stacking the list afterwards raises UnexpectedTracerError. Returning the model as a second output (and appending outside) fixes it, as the message suggests. Checked.',
        use_line=18,
    ),
    Case(
        id='ce-bandflux-static-band-list',
        source='https://jax-bandflux.readthedocs.io/en/latest/model_fluxes.html',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from jax_supernovae import SALT3Source

source = SALT3Source()

@partial(jax.jit, static_argnames='bands')
def light_curve(params, phases, bands):
    return source.bandflux(params, bands, phases, zp=27.5, zpsys='ab')

params = {'x0': 1e-5, 'x1': 0.3, 'c': 0.05}
flux = light_curve(params, jnp.array([0.0, 5.0]), bands=['bessellb', 'bessellv'])
""",
        kind='unhashable-static', argument='bands', path='bands', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Band names are declared static for a jitted light-curve wrapper but passed as a list; JAX raises ValueError (non-hashable static argument). Passing a tuple of band names works with SALT3Source.bandflux. Checked.',
    ),
    Case(
        id='ce-bandflux-source-jit-arg',
        source='https://github.com/samleeney/JAX-bandflux#readme',
        code="""\
import jax
import jax.numpy as jnp
import jax_supernovae as js
from jax_supernovae import SALT3Source

data = js.data.load_and_process_data('19dwz', fix_z=True)
times, fluxes, fluxerrs, zps, band_indices, bands, bridges, fixed_z = data

@jax.jit
def loglike(params, source):
    phases = (times - params['t0']) / (1 + fixed_z[0])
    model = source.bandflux(params, None, phases, zp=zps, zpsys='ab',
                            band_indices=band_indices, bridges=bridges, unique_bands=bands)
    return -0.5 * jnp.sum(((fluxes - model) / fluxerrs) ** 2)

params = {'t0': 58650.0, 'x0': 5e-4, 'x1': 0.0, 'c': 0.0}
ll = loglike(params, SALT3Source())
""",
        kind='non-array-argument', argument='source', path='source', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The SALT3Source object is passed as an ordinary argument of the jitted likelihood; JAX raises TypeError (not a valid abstract array). Declaring it static (or closing over it, as the README does) works. Checked.',
    ),
    Case(
        id='ce-bandflux-phase-window-mask',
        source='https://jax-bandflux.readthedocs.io/en/latest/quickstart.html',
        code="""\
import jax
import jax.numpy as jnp
import jax_supernovae as js

data = js.data.load_and_process_data('19dwz', fix_z=True)
times, fluxes, fluxerrs, zps, band_indices, bands, bridges, fixed_z = data

@jax.jit
def chi2(params):
    phase = (times - params['t0']) / (1 + params['z'])
    in_range = (phase > -20.0) & (phase < 50.0)
    model = js.salt3.optimized_salt3_multiband_flux(times, bridges, params, zps=zps, zpsys='ab')
    model = model[jnp.arange(len(times)), band_indices]
    resid = (fluxes[in_range] - model[in_range]) / fluxerrs[in_range]
    return jnp.sum(resid ** 2)

params = {'z': fixed_z[0], 't0': 58650.0, 'x0': 5e-4, 'x1': 0.0, 'c': 0.0}
value = chi2(params)
""",
        kind='boolean-index', argument='params', path="params['t0']", line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Observations are restricted to the SALT3 phase range with a boolean mask that depends on the fitted t0; indexing with it inside jit raises NonConcreteBooleanIndexError. Zeroing residuals outside the window with jnp.where gives the same chi-square. Checked.',
    ),
    Case(
        id='ce-bandflux-vmap-band-name',
        source='https://jax-bandflux.readthedocs.io/en/latest/model_fluxes.html',
        code="""\
import jax
import jax.numpy as jnp
from jax_supernovae import SALT3Source

source = SALT3Source()
band_names = ['bessellb', 'bessellv', 'bessellr']
params = {'x0': 1e-5, 'x1': 0.5, 'c': 0.05}

def peak_flux(params, band_idx):
    return source.bandflux(params, band_names[band_idx], 0.0, zp=27.5, zpsys='ab')

peaks = jax.vmap(peak_flux, in_axes=(None, 0))(params, jnp.arange(3))
""",
        kind='integer-conversion', argument='band_idx', path='band_idx', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A vmapped integer band index is used to pick a band name from a Python list before calling SALT3Source.bandflux; JAX raises TracerIntegerConversionError. Band names must be Python values, so the index has to stay static (Python loop over bands; or one bandflux call with all band names). Checked with a loop.',
    ),
    Case(
        id='ce-feax-bimodular-if',
        source='https://naruki-ichihara.github.io/feax/basic/linear_elasticity',
        code="""\
import jax.numpy as np
import feax as fe

E, nu = 70e3, 0.3
mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class Bimodular(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad):
            eps = 0.5 * (u_grad + u_grad.T)
            E_eff = E if np.trace(eps) > 0. else 0.4 * E
            mu, lmbda = E_eff / (2 * (1 + nu)), E_eff * nu / ((1 + nu) * (1 - 2 * nu))
            return lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
        return stress

problem = Bimodular(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', -0.01)]).create_bc(problem)
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), traced_params=fe.TracedParams())
""",
        kind='bool-conversion', argument='u_grad', path='u_grad', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A tension/compression-dependent modulus is chosen with a Python conditional expression inside the tensor map that feax vmaps over quadrature points while assembling (here during create_solver's warm-up); JAX raises TracerBoolConversionError. np.where on the volumetric strain fixes it. Checked (solve runs).",
    ),
    Case(
        id='ce-feax-float-print-stress',
        source='https://naruki-ichihara.github.io/feax/basic/linear_elasticity',
        code="""\
import jax
import jax.numpy as np
import feax as fe

nu = 0.3
mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class LinearElasticity(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad, E):
            print(f"Young's modulus at quad point: {float(E):.1f}")
            mu, lmbda = E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))
            eps = 0.5 * (u_grad + u_grad.T)
            return lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
        return stress

problem = LinearElasticity(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', 0.01)]).create_bc(problem)
tp = fe.TracedParams(volume_vars=(fe.TracedParams.create_node_var(problem, 70e3),))
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), linear=True, traced_params=tp)
""",
        kind='concretization', argument='E', path='E', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A debug print with float() on the traced material parameter inside the tensor map; JAX raises ConcretizationTypeError. The message's astype hint does not serve the intent; jax.debug.print does. Checked.",
    ),
    Case(
        id='ce-feax-material-id-list',
        source='https://naruki-ichihara.github.io/feax/api/reference/feax/traced_params',
        code="""\
import jax.numpy as np
import feax as fe

nu = 0.3
E_table = [70e3, 210e3]
mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class TwoMaterials(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad, mat_id):
            E = E_table[mat_id]
            mu, lmbda = E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))
            eps = 0.5 * (u_grad + u_grad.T)
            return lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
        return stress

problem = TwoMaterials(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', 0.01)]).create_bc(problem)
mat_id = (mesh.points[mesh.cells].mean(axis=1)[:, 0] > 2.).astype(np.int32)
tp = fe.TracedParams(volume_vars=(mat_id,))
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), linear=True, traced_params=tp)
""",
        kind='integer-conversion', argument='mat_id', path='mat_id', line=13,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='A per-cell material id passed through TracedParams is used to index a Python list of moduli in the tensor map; JAX raises TracerIntegerConversionError. Selecting with np.where (or indexing a jnp array / lax.switch) works. Checked.',
    ),
    Case(
        id='ce-feax-onp-det-energy',
        source='https://naruki-ichihara.github.io/feax/basic/hyperelasticity',
        code="""\
import numpy as onp
import jax.numpy as np
import feax as fe

mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class NeoHookean(fe.Problem):
    def get_energy_density(self):
        def psi(u_grad):
            mu, kappa = 38.5, 83.3
            F = u_grad + np.eye(self.dim)
            J = onp.linalg.det(F)
            I1 = np.trace(F.T @ F)
            return 0.5 * mu * (J ** (-2. / 3.) * I1 - 3.) + 0.5 * kappa * (J - 1.) ** 2
        return psi

problem = NeoHookean(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', 0.1)]).create_bc(problem)
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), traced_params=fe.TracedParams())
""",
        kind='array-conversion', argument='u_grad', path='u_grad', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A Neo-Hookean energy density calls numpy.linalg.det on the deformation gradient, which feax traces (vmap/grad) while building the residual; JAX raises TracerArrayConversionError. jax.numpy's det fixes it. Checked (Newton solve runs).",
    ),
    Case(
        id='ce-feax-vmap-beam-length',
        source='https://naruki-ichihara.github.io/feax/basic/vmap_transform',
        code="""\
import jax
import jax.numpy as np
import feax as fe

E, nu = 70e3, 0.3

class LinearElasticity(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad):
            mu, lmbda = E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))
            eps = 0.5 * (u_grad + u_grad.T)
            return lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
        return stress

def end_force(L):
    mesh = fe.mesh.box_mesh((L, 1., 1.), mesh_size=1.)
    problem = LinearElasticity(mesh, vec=3, dim=3)
    bc = fe.DirichletBCConfig([
        fe.DirichletBCSpec(lambda p: np.isclose(p[0], 0., atol=1e-5), 'all', 0.),
        fe.DirichletBCSpec(lambda p: np.isclose(p[0], L, atol=1e-5), 'x', 0.01)]).create_bc(problem)
    solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), linear=True, traced_params=fe.TracedParams())
    u = solver(fe.TracedParams(), fe.zero_like_initial_guess(problem, bc))
    return np.sum(u ** 2)

energies = jax.vmap(end_force)(np.array([3., 4., 5.]))
""",
        kind='traced-shape', argument='L', path='L', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The user vmaps a geometry sweep over the beam length; box_mesh computes the element count with int(L / mesh_size), so JAX raises ConcretizationTypeError. Mesh size is structural: loop over lengths in Python (L static). Checked.',
    ),
    Case(
        id='ce-feax-stress-on-self',
        source='https://naruki-ichihara.github.io/feax/api/reference/feax/problem',
        code="""\
import jax.numpy as np
import feax as fe

E, nu = 70e3, 0.3
mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class LinearElasticity(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad):
            mu, lmbda = E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))
            eps = 0.5 * (u_grad + u_grad.T)
            sigma = lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
            self.last_stress = sigma
            return sigma
        return stress

problem = LinearElasticity(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', 0.01)]).create_bc(problem)
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), linear=True, traced_params=fe.TracedParams())
u = solver(fe.TracedParams(), fe.zero_like_initial_guess(problem, bc))
von_mises_proxy = np.linalg.norm(problem.last_stress)
""",
        kind='leaked-tracer', argument='u_grad', path='u_grad', line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="The tensor map stores the stress on the Problem instance (self) for post-processing; after the solve the stored BatchTracer is used and JAX raises UnexpectedTracerError. The stress must be recomputed/returned from the solution rather than stored; feax's tensor-map contract fixes what it returns, so no one-line mechanical fix.",
        use_line=24,
    ),
    Case(
        id='ce-feax-static-problem',
        source='https://naruki-ichihara.github.io/feax/basic/jit_transform',
        code="""\
import jax
import jax.numpy as np
import feax as fe
from functools import partial

nu = 0.3
mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class LinearElasticity(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad, E):
            mu, lmbda = E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))
            eps = 0.5 * (u_grad + u_grad.T)
            return lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
        return stress

problem = LinearElasticity(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', 0.01)]).create_bc(problem)
tp = fe.TracedParams(volume_vars=(fe.TracedParams.create_node_var(problem, 70e3),))
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), linear=True, traced_params=tp)

@partial(jax.jit, static_argnames='problem')
def strain_energy(tp, problem):
    u = solver(tp, fe.zero_like_initial_guess(problem, bc))
    return np.sum(u ** 2)

e = strain_energy(tp, problem)
""",
        kind='unhashable-static', argument='problem', path='problem', line=30,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The user's Problem subclass (a non-frozen dataclass, and not itself registered as a pytree) is passed via static_argnames; JAX raises ValueError (non-hashable static argument). Closing over the problem instead of passing it (it is already baked into the solver) works. Checked.",
    ),
    Case(
        id='ce-feax-solver-jit-arg',
        source='https://github.com/Naruki-Ichihara/feax#readme',
        code="""\
import jax
import jax.numpy as np
import feax as fe
from functools import partial

nu = 0.3
mesh = fe.mesh.box_mesh((4., 1., 1.), mesh_size=1.)
left = lambda p: np.isclose(p[0], 0., atol=1e-5)
right = lambda p: np.isclose(p[0], 4., atol=1e-5)

class LinearElasticity(fe.Problem):
    def get_tensor_map(self):
        def stress(u_grad, E):
            mu, lmbda = E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))
            eps = 0.5 * (u_grad + u_grad.T)
            return lmbda * np.trace(eps) * np.eye(self.dim) + 2 * mu * eps
        return stress

problem = LinearElasticity(mesh, vec=3, dim=3)
bc = fe.DirichletBCConfig([fe.DirichletBCSpec(left, 'all', 0.),
                           fe.DirichletBCSpec(right, 'x', 0.01)]).create_bc(problem)
tp = fe.TracedParams(volume_vars=(fe.TracedParams.create_node_var(problem, 70e3),))
solver = fe.create_solver(problem, bc, fe.DirectSolverOptions(), linear=True, traced_params=tp)
u0 = fe.zero_like_initial_guess(problem, bc)

@jax.jit
def objective(tp, solve):
    return np.sum(solve(tp, u0) ** 2)

grad_E = jax.grad(objective)(tp, solver)
""",
        kind='non-array-argument', argument='solve', path='solve', line=30,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The feax solver function is passed as a regular argument of a jitted objective that is then differentiated; JAX raises TypeError (function is not a valid abstract array). Declaring it static as the message suggests works. Checked.',
    ),
]
