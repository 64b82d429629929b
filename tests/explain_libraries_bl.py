"""Held-out library cases (set bl): ferminet, bayesn, flaxmodels.

How they were built: each cell is my own reduction of a usage pattern of the
library's public API (custom FeatureLayer / mcmc / hamiltonian / config objects in
FermiNet; SEDmodel, spline utilities and the obs-array layout in BayeSN; ResNet,
VGG and the StyleGAN2 mapping network in flaxmodels).  No matching issue thread was
found for these patterns, so `source` points at the library file / README that
defines the API the case exercises.  Every cell was written to a file and run with
/tmp/heldout32/venv_bl/bin/python (CPython 3.11.7, venv with
--system-site-packages): every statement but the last runs, the last raises; the
exception class is in `note`, and `line` / `use_line` were read off the traceback.
Each first fix was applied by hand to a copy of the cell and re-run (those marked
"checked"); `jax_fitting_fix` was decided from the actual JAX 0.10.2 message.

Installed versions (venv_bl): jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox
0.13.8, optax 0.2.8, numpy 2.4.6 (pins kept); ferminet 0.2 (not on PyPI: installed
from the GitHub snapshot google-deepmind/ferminet@0ce3411, with its git
requirements for folx and kfac_jax replaced by the PyPI releases folx 0.2.30 and
kfac-jax 0.0.8; pyscf 2.14.0, ml_collections 1.1.0); bayesn 0.4.0 (numpyro 0.22.0;
bayesn turns on jax_enable_x64 and asks for 4 host CPU devices at SEDmodel()
construction, and SEDmodel(load_model='T21_model') takes about 30 s); flaxmodels
0.1.3.

Dropped: emcee-jax (second candidate) is not on PyPI; installed from the GitHub
snapshot dfm/emcee-jax@c52f427 it fails to import because it imports
jax.experimental.host_callback, which JAX 0.10.2 no longer has.  It was replaced
by the first alternate, flaxmodels.  Inside flaxmodels, GPT-2 could not be used:
GPT2Model calls jnp.reshape(..., newshape=...) (gone in JAX 0.10) and
GPT2LMHeadModel(pretrained=None) fails in setup (no param_dict attribute); the
full StyleGAN2 Generator is known-broken on new JAX (flaxmodels issue #41), so
only its MappingNetwork is used.

Doubts about labels:
- bl-ferminet-configdict-jit-arg: once the user follows JAX's hint
  (static_argnames='cfg') the error becomes an unhashable-static one; 'hashable-static'
  (ml_collections FrozenConfigDict) is an acceptable alternative first fix to closing
  over cfg, which is what 'static' means here.
- bl-ferminet-update-mcmc-width-in-jit: the offending pmove depends on data, key
  and width (JAX lists all of them); argument 'data' is the first one and the path
  'data.positions' is one of four leaves.  The fix (return pmove and call the host
  helper outside jit) is closer to "move the call out of the trace" than to
  'return-value' as defined for leaks; 'static' does not apply.
- bl-ferminet-atom-coords-under-grad: the fix (build the atoms array with jnp
  instead of system.Atom's Python floats) has no exact name in the vocabulary;
  'jnp-not-np' is the nearest, hence verifiable=False.  Kind could also be read as
  array-conversion-like "library wants a Python value", but JAX raises
  ConcretizationTypeError from float().
- bl-ferminet-repeat-atoms-by-charge: could be labelled concretization (JAX raises
  ConcretizationTypeError), but the value is a count/size, so traced-shape.
- bl-ferminet-feature-layer-if: applying jnp.minimum unconditionally is also
  equivalent; lax.cond works but is heavier under vmap (becomes select).
- bl-bayesn-spline-coeffs-in-jit: the fix is "use the library's jnp implementation"
  (model.J_t_map); 'jnp-not-np' is the nearest name; computing J_t outside jit
  ('numpy-for-static') is equally acceptable when the phases are data.
- bl-bayesn-simulate-light-curve-under-grad: simulate_light_curve is NumPy-based
  throughout (np.array, np.ones_like, np.random), so no single-line fix exists;
  'jnp-not-np' names the direction (use get_mag_batch), verifiable=False.
- bl-bayesn-phase-window-mask: jnp.where keeps the shapes fixed and zeroes masked
  rows, which changes the returned arrays' shape; 'static' (static peak_mjd, z)
  keeps the original output but recompiles for each value and cannot be
  differentiated; 'size-argument'-style padding is also defensible.
- bl-bayesn-band-index-int: argument could be read as the local band_indices, but
  the traced parameter is obs.
- bl-flaxmodels-batch-stats-leak: the leaked batch statistics depend on params and
  images; argument is the first parameter (params) and the path is the whole tree
  because every BatchNorm statistic depends on several leaves.
- bl-flaxmodels-tta-range: 'static' alone is equally a first fix (n_shifts is
  naturally a configuration value); lax.fori_loop is listed first per the
  preferred order and also keeps the result.
- bl-flaxmodels-stylegan2-truncation-psi: the error is raised inside flaxmodels'
  own `if`; no array-level fix is possible from the user's side, so 'static' only.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bl-ferminet-feature-layer-if',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/networks.py',
        code="""\
import jax
import jax.numpy as jnp
from ferminet import networks

def make_capped_features(natoms, cap=4.0):
    def init():
        return (natoms * 4, 4), {}
    def apply(ae, r_ae, ee, r_ee):
        if jnp.max(r_ae) > cap:
            r_ae = jnp.minimum(r_ae, cap)
        ae_features = jnp.concatenate((r_ae, ae), axis=2).reshape(ae.shape[0], -1)
        return ae_features, jnp.concatenate((r_ee, ee), axis=2)
    return networks.FeatureLayer(init=init, apply=apply)

charges, atoms, spins = jnp.array([2.0]), jnp.zeros((1, 3)), jnp.array([1.0, -1.0])
net = networks.make_fermi_net((1, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)),
                              feature_layer=make_capped_features(1))
params = net.init(jax.random.PRNGKey(0))
walkers = jax.random.normal(jax.random.PRNGKey(1), (8, 6))
batch_apply = jax.vmap(net.apply, in_axes=(None, 0, None, None, None))
batch_apply(params, walkers, spins, atoms, charges)
""",
        kind='bool-conversion', argument='r_ae', path='r_ae', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom networks.FeatureLayer apply (traced by FermiNet when the user vmaps net.apply over walkers) caps electron-nucleus distances behind a Python `if` on the batched r_ae; JAX raises TracerBoolConversionError. jnp.where(cond, capped, r_ae) keeps the same result per walker; checked.',
    ),
    Case(
        id='bl-ferminet-configdict-jit-arg',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/base_config.py',
        code="""\
import jax
import jax.numpy as jnp
from ferminet import base_config, hamiltonian, networks

cfg = base_config.default()
cfg.system.electrons = (1, 1)
charges, atoms = jnp.array([2.0]), jnp.zeros((1, 3))
net = networks.make_fermi_net(cfg.system.electrons, charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
e_l = hamiltonian.local_energy(net.apply, charges, cfg.system.electrons)
data = networks.FermiNetData(positions=jax.random.normal(jax.random.PRNGKey(1), (6,)),
                             spins=jnp.array([1.0, -1.0]), atoms=atoms, charges=charges)

@jax.jit
def clipped_energy(params, data, cfg):
    e, _ = e_l(params, jax.random.PRNGKey(0), data)
    return jnp.clip(e, -10 * cfg.optim.clip_local_energy, 0.0)

clipped_energy(params, data, cfg)
""",
        kind='non-array-argument', argument='cfg', path='cfg', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The ml_collections ConfigDict from base_config.default() is passed as an argument of a jitted energy function; jit cannot abstract it and raises TypeError. Close over cfg (move it out of the traced arguments); static_argnames='cfg' as JAX suggests fails because ConfigDict is unhashable (checked), the closure fix runs (checked).",
    ),
    Case(
        id='bl-ferminet-nspins-list-static',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/networks.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from ferminet import networks

charges, atoms = jnp.array([3.0]), jnp.zeros((1, 3))

@functools.partial(jax.jit, static_argnames='nspins')
def log_psi(params, pos, nspins):
    net = networks.make_fermi_net(nspins, charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
    spins = jnp.array([1.0] * nspins[0] + [-1.0] * nspins[1])
    return net.apply(params, pos, spins, atoms, charges)[1]

molecule = {'symbol': 'Li', 'electrons': [2, 1]}  # as read from a JSON file
net = networks.make_fermi_net((2, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
pos = jax.random.normal(jax.random.PRNGKey(1), (9,))
log_psi(params, pos, molecule['electrons'])
""",
        kind='unhashable-static', argument='nspins', path='nspins', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='nspins is declared static (make_fermi_net needs a Python tuple) but the value comes from JSON as a list, so jit raises ValueError (non-hashable static argument). Passing tuple(...) fixes it; checked.',
    ),
    Case(
        id='bl-ferminet-walkers-leak-into-fermidata',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/mcmc.py',
        code="""\
import jax
import jax.numpy as jnp
from ferminet import mcmc, networks

charges = jnp.array([2.0])
net = networks.make_fermi_net((1, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
batch_log_abs = jax.vmap(lambda p, x, s, a, c: net.apply(p, x, s, a, c)[1], in_axes=(None, 0, 0, 0, 0))
walkers = networks.FermiNetData(positions=jax.random.normal(jax.random.PRNGKey(1), (4, 6)),
                                spins=jnp.tile(jnp.array([1.0, -1.0]), (4, 1)),
                                atoms=jnp.zeros((4, 1, 3)), charges=jnp.full((4, 1), 2.0))
mcmc_step = mcmc.make_mcmc_step(batch_log_abs, batch_per_device=4, steps=5)

@jax.jit
def sample(key):
    new_walkers, pmove = mcmc_step(params, walkers, key, 0.02)
    walkers.positions = new_walkers.positions
    return pmove

sample(jax.random.PRNGKey(2))
jnp.linalg.norm(walkers.positions, axis=-1).mean()
""",
        kind='leaked-tracer', argument='key', path='key', line=17, use_line=21,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Inside a jitted sampler the new MCMC positions from mcmc.make_mcmc_step are written back onto the mutable chex FermiNetData object instead of being returned; reading walkers.positions afterwards raises UnexpectedTracerError. Returning new_walkers and rebinding outside fixes it (JAX says functions must return their outputs); checked.',
    ),
    Case(
        id='bl-ferminet-local-energy-outlier-mask',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/hamiltonian.py',
        code="""\
import jax
import jax.numpy as jnp
from ferminet import hamiltonian, networks

charges, atoms = jnp.array([2.0]), jnp.zeros((1, 3))
net = networks.make_fermi_net((1, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
e_l = hamiltonian.local_energy(net.apply, charges, (1, 1))
data_axes = networks.FermiNetData(positions=0, spins=None, atoms=None, charges=None)
batch_e_l = jax.vmap(e_l, in_axes=(None, None, data_axes))
walkers = networks.FermiNetData(positions=jax.random.normal(jax.random.PRNGKey(1), (16, 6)),
                                spins=jnp.array([1.0, -1.0]), atoms=atoms, charges=charges)

@jax.jit
def robust_energy(data):
    e, _ = batch_e_l(params, jax.random.PRNGKey(0), data)
    keep = jnp.abs(e - jnp.median(e)) < 5.0 * jnp.std(e)
    return e[keep].mean()

robust_energy(walkers)
""",
        kind='boolean-index', argument='data', path='data.positions', line=18,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Local energies from a vmapped hamiltonian.local_energy are filtered with a traced outlier mask inside jit; e[keep] raises NonConcreteBooleanIndexError. A masked mean with jnp.where(keep, e, 0).sum() / keep.sum() gives the same value; checked.',
    ),
    Case(
        id='bl-ferminet-orbitals-numpy-slogdet',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/networks.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from ferminet import networks

charges, atoms = jnp.array([4.0]), jnp.zeros((1, 3))
spins = jnp.array([1.0, 1.0, -1.0, -1.0])
net = networks.make_fermi_net((2, 2), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))

@jax.jit
def determinant_logs(pos):
    orbitals = net.orbitals(params, pos, spins, atoms, charges)[0]
    sign, logdet = np.linalg.slogdet(orbitals)
    return logdet

determinant_logs(jax.random.normal(jax.random.PRNGKey(1), (12,)))
""",
        kind='array-conversion', argument='pos', path='pos', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The user inspects per-determinant log-dets of net.orbitals inside a jitted function with np.linalg.slogdet; NumPy calls __array__ on the tracer and JAX raises TracerArrayConversionError. jnp.linalg.slogdet fixes it; checked.',
    ),
    Case(
        id='bl-ferminet-update-mcmc-width-in-jit',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/mcmc.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from ferminet import mcmc, networks

charges = jnp.array([2.0])
net = networks.make_fermi_net((1, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
batch_log_abs = jax.vmap(lambda p, x, s, a, c: net.apply(p, x, s, a, c)[1], in_axes=(None, 0, 0, 0, 0))
walkers = networks.FermiNetData(positions=jax.random.normal(jax.random.PRNGKey(1), (4, 6)),
                                spins=jnp.tile(jnp.array([1.0, -1.0]), (4, 1)),
                                atoms=jnp.zeros((4, 1, 3)), charges=jnp.full((4, 1), 2.0))
mcmc_step = mcmc.make_mcmc_step(batch_log_abs, batch_per_device=4, steps=5)
pmoves = np.zeros(10)

@jax.jit
def mcmc_block(data, key, width, t):
    data, pmove = mcmc_step(params, data, key, width)
    width, _ = mcmc.update_mcmc_width(t, width, 10, pmove, pmoves)
    return data, width

mcmc_block(walkers, jax.random.PRNGKey(2), jnp.array(0.02), 0)
""",
        kind='concretization', argument='data', path='data.positions', line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="mcmc.update_mcmc_width is a host-side helper (it calls pmove.item() and writes into a NumPy buffer); called inside the jitted MCMC block it raises ConcretizationTypeError from the library's .item(). Return pmove from the jitted function and call update_mcmc_width outside, as ferminet's train loop does; checked.",
    ),
    Case(
        id='bl-ferminet-atom-coords-under-grad',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/utils/system.py',
        code="""\
import jax
import jax.numpy as jnp
from ferminet import networks
from ferminet.utils import system

charges, spins = jnp.array([1.0, 1.0]), jnp.array([1.0, -1.0])
net = networks.make_fermi_net((1, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
pos = jax.random.normal(jax.random.PRNGKey(1), (6,))

def log_psi_at_bond(bond):
    molecule = [system.Atom('H', (0.0, 0.0, -bond / 2)), system.Atom('H', (0.0, 0.0, bond / 2))]
    atoms = jnp.array([atom.coords for atom in molecule])
    return net.apply(params, pos, spins, atoms, charges)[1]

jax.grad(log_psi_at_bond)(1.4)
""",
        kind='concretization', argument='bond', path='bond', line=12,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note="Differentiating log|psi| with respect to a bond length by building system.Atom objects from the traced bond: the attrs converter on Atom.coords calls float() on a JVP tracer and raises ConcretizationTypeError inside ferminet. The fix is to build the atoms array with jnp directly from bond instead of going through the Python-float Atom config (runs, checked); JAX's astype hint does not apply.",
    ),
    Case(
        id='bl-ferminet-repeat-atoms-by-charge',
        source='https://github.com/google-deepmind/ferminet/blob/main/ferminet/train.py',
        code="""\
import jax
import jax.numpy as jnp
from ferminet import networks

atoms = jnp.array([[0.0, 0.0, -0.7], [0.0, 0.0, 0.7]])
charges, spins = jnp.array([1.0, 1.0]), jnp.array([1.0, -1.0])
net = networks.make_fermi_net((1, 1), charges, determinants=2, hidden_dims=((16, 4), (16, 4)))
params = net.init(jax.random.PRNGKey(0))
batch_apply = jax.vmap(net.apply, in_axes=(None, 0, None, None, None))

@jax.jit
def initial_log_psi(key, atoms, charges):
    centres = jnp.repeat(atoms, charges.astype(int), axis=0)
    walkers = centres[None] + 0.5 * jax.random.normal(key, (64,) + centres.shape)
    return batch_apply(params, walkers.reshape(64, -1), spins, atoms, charges)[1]

initial_log_psi(jax.random.PRNGKey(1), atoms, charges)
""",
        kind='traced-shape', argument='charges', path='charges', line=13,
        fixes=('size-argument', 'numpy-for-static'), verifiable=True, jax_fitting_fix=True,
        note="Walker initialisation (like ferminet's init_electrons) places one electron per unit of nuclear charge with jnp.repeat(atoms, charges.astype(int)) inside jit; the output size depends on traced charges and JAX raises ConcretizationTypeError. total_repeat_length=sum(nspins) (as the message suggests) fixes it; checked.",
    ),
    Case(
        id='bl-bayesn-spline-coeffs-in-jit',
        source='https://github.com/bayesn/bayesn/blob/main/bayesn/spline_utils.py',
        code="""\
import jax
import jax.numpy as jnp
from bayesn import SEDmodel
from bayesn.spline_utils import invKD_irr, spline_coeffs_irr

model = SEDmodel(load_model='T21_model')
KD_t = invKD_irr(model.tau_knots)

@jax.jit
def intrinsic_sed(theta, phases):
    J_t = spline_coeffs_irr(phases, model.tau_knots, KD_t)
    W = model.W0 + theta * model.W1
    return model.J_l_T @ W @ J_t.T

intrinsic_sed(0.5, jnp.linspace(-5.0, 30.0, 8))
""",
        kind='bool-conversion', argument='phases', path='phases', line=11,
        fixes=('jnp-not-np', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="bayesn.spline_utils.spline_coeffs_irr is NumPy code with a Python `if x_now > max(x)` per point; called on traced phases inside jit it raises TracerBoolConversionError inside the library. Use the library's JAX version (model.J_t_map, i.e. vmapped spline_coeffs_irr_step) or build J_t outside jit with NumPy; J_t_map checked.",
    ),
    Case(
        id='bl-bayesn-simulate-light-curve-under-grad',
        source='https://github.com/bayesn/bayesn/blob/main/bayesn/bayesn_model.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from bayesn import SEDmodel

model = SEDmodel(load_model='T21_model')
t = np.linspace(-5.0, 30.0, 10)
bands = ['g_PS1', 'r_PS1']
settings = dict(AV=0.2, eps=0, del_M=0.0, mu=35.0, z=0.03)
observed, _, _ = model.simulate_light_curve(t, 1, bands, theta=0.3, **settings)

def chi2(theta):
    mags, _, _ = model.simulate_light_curve(t, 1, bands, theta=theta, **settings)
    return jnp.sum((mags - observed) ** 2)

jax.grad(chi2)(0.0)
""",
        kind='array-conversion', argument='theta', path='theta', line=13,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note='A chi2 over SEDmodel.simulate_light_curve is differentiated with jax.grad; the simulator starts with np.array(theta) so JAX raises TracerArrayConversionError inside bayesn. The fix is to compute magnitudes with the jnp pipeline (model.get_mag_batch / get_spectra) instead of the NumPy-based simulator; not mechanical, so not verified.',
    ),
    Case(
        id='bl-bayesn-w0-leak-on-sedmodel',
        source='https://github.com/bayesn/bayesn/blob/main/bayesn/bayesn_model.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from bayesn import SEDmodel

model = SEDmodel(load_model='T21_model')
t = np.linspace(-5.0, 30.0, 10)

@jax.jit
def gradient_step(W0, grad_W0):
    model.W0 = W0 - 1e-3 * grad_W0
    return jnp.sum(grad_W0 ** 2)

gradient_step(model.W0, jnp.ones_like(model.W0))
model.simulate_light_curve(t, 1, ['g_PS1'], theta=0.0, AV=0.1, eps=0, del_M=0.0, mu=35.0)
""",
        kind='leaked-tracer', argument='W0', path='W0', line=11, use_line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted update step stores the new W0 template on the SEDmodel object; the later simulate_light_curve reads self.W0 and raises UnexpectedTracerError. Returning the new W0 and assigning model.W0 outside fixes it; checked.',
    ),
    Case(
        id='bl-bayesn-phase-window-mask',
        source='https://github.com/bayesn/bayesn/blob/main/bayesn/bayesn_model.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from bayesn import SEDmodel

model = SEDmodel(load_model='T21_model')
mjd = np.linspace(58990.0, 59060.0, 30)
flux = np.random.default_rng(0).normal(1000.0, 30.0, 30)

@jax.jit
def phase_design(peak_mjd, z):
    t = (mjd - peak_mjd) / (1 + z)
    keep = (t > model.tau_knots.min()) & (t < model.tau_knots.max())
    J_t = model.J_t_map(t[keep], model.tau_knots, model.KD_t)
    return J_t, flux[keep]

phase_design(59010.0, 0.03)
""",
        kind='boolean-index', argument='peak_mjd', path='peak_mjd', line=14,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note="The phase-window cut that SEDmodel.fit does in NumPy is redone inside jit with a traced peak_mjd; t[keep] raises NonConcreteBooleanIndexError. Keep all rows and zero masked ones with jnp.where (the mask approach bayesn's own numpyro models use); checked.",
    ),
    Case(
        id='bl-bayesn-band-index-int',
        source='https://github.com/bayesn/bayesn/blob/main/bayesn/bayesn_model.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from bayesn import SEDmodel

model = SEDmodel(load_model='T21_model')
bands = ['g_PS1', 'r_PS1', 'i_PS1']
obs = jnp.zeros((10, 6, 1))
obs = obs.at[4, :, 0].set(jnp.array([model.band_dict[b] for b in bands * 2], dtype=float))

@jax.jit
def zero_point_flux(obs):
    band_indices = obs[-6, :, 0]
    zps = jnp.array([model.zps[int(b)] for b in band_indices])
    return 10 ** (zps / 2.5)

zero_point_flux(obs)
""",
        kind='integer-conversion', argument='obs', path='obs', line=14,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note='Band indices are stored as floats in row -6 of the bayesn obs array; converting each with int() inside jit raises ConcretizationTypeError. Index with band_indices.astype(int) as get_flux_batch does (the message suggests astype); checked.',
    ),
    Case(
        id='bl-bayesn-sedmodel-as-jit-arg',
        source='https://github.com/bayesn/bayesn/blob/main/bayesn/bayesn_model.py',
        code="""\
import jax
import jax.numpy as jnp
from bayesn import SEDmodel

model = SEDmodel(load_model='T21_model')

@jax.jit
def rest_spectra(model, theta, AV):
    t = jnp.linspace(-5.0, 30.0, 8)[:, None]
    J_t = model.J_t_map(t[:, 0], model.tau_knots, model.KD_t).T[None]
    hsiao = jnp.array([19 + jnp.floor(t), 19 + jnp.ceil(t), jnp.remainder(t, 1)])
    eps = jnp.zeros((1,) + model.W0.shape)
    RV = jnp.full(1, model.RV)
    return model.get_spectra(theta, AV, model.W0, model.W1, eps, RV, J_t, hsiao)

rest_spectra(model, jnp.array([0.2]), jnp.array([0.1]))
""",
        kind='non-array-argument', argument='model', path='model', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The SEDmodel instance is passed as an argument of a jitted function that calls its get_spectra; jit raises TypeError because the object is not an array. static_argnames='model' (hashable by identity) or closing over it fixes it; checked.",
    ),
    Case(
        id='bl-flaxmodels-stylegan2-truncation-psi',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/stylegan2/README.md',
        code="""\
import jax
import jax.numpy as jnp
import flaxmodels as fm

mapping = fm.stylegan2.MappingNetwork(z_dim=64, w_dim=64, layer_features=64, num_ws=4, num_layers=2)
z = jax.random.normal(jax.random.PRNGKey(0), (2, 64))
variables = mapping.init(jax.random.PRNGKey(1), z)

@jax.jit
def latents(variables, z, psi):
    return mapping.apply(variables, z, truncation_psi=psi, train=False)

latents(variables, z, 0.7)
""",
        kind='bool-conversion', argument='psi', path='psi', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='truncation_psi is passed as a jitted argument; the StyleGAN2 MappingNetwork tests `if truncation_psi != 1:` in Python, so JAX raises TracerBoolConversionError inside flaxmodels. Mark psi static (static_argnames); checked.',
    ),
    Case(
        id='bl-flaxmodels-activation-layers-list',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/resnet/README.md',
        code="""\
import functools
import jax
import jax.numpy as jnp
import flaxmodels as fm

resnet = fm.ResNet18(output='activations', pretrained=None, num_classes=10)
images = jax.random.uniform(jax.random.PRNGKey(0), (2, 32, 32, 3))
variables = resnet.init(jax.random.PRNGKey(1), images, train=False)

@functools.partial(jax.jit, static_argnames='layers')
def feature_maps(variables, images, layers):
    act = resnet.apply(variables, images, train=False)
    return [act[name] for name in layers]

feature_maps(variables, images, ['block1_1', 'block2_1'])
""",
        kind='unhashable-static', argument='layers', path='layers', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="ResNet18(output='activations') returns a dict; the layer names to extract are a static argument but are passed as a list, so jit raises ValueError (non-hashable static argument). A tuple fixes it; checked.",
    ),
    Case(
        id='bl-flaxmodels-batch-stats-leak',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/resnet/README.md',
        code="""\
import jax
import jax.numpy as jnp
import optax
import flaxmodels as fm

resnet = fm.ResNet18(output='logits', pretrained=None, num_classes=10)
images = jax.random.uniform(jax.random.PRNGKey(0), (8, 32, 32, 3))
labels = jnp.arange(8) % 10
variables = resnet.init(jax.random.PRNGKey(1), images, train=False)
state = {'batch_stats': variables['batch_stats']}

@jax.jit
def train_loss(params, images, labels):
    logits, updates = resnet.apply({'params': params, 'batch_stats': state['batch_stats']},
                                   images, train=True, mutable=['batch_stats'])
    state['batch_stats'] = updates['batch_stats']
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

train_loss(variables['params'], images, labels)
resnet.apply({'params': variables['params'], 'batch_stats': state['batch_stats']}, images, train=False)
""",
        kind='leaked-tracer', argument='params', path='params', line=16, use_line=20,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="A jitted ResNet training loss writes the updated batch_stats (mutable=['batch_stats']) into a global dict instead of returning them; the later eval-mode apply raises UnexpectedTracerError. Return the batch stats from the loss and store them outside; checked.",
    ),
    Case(
        id='bl-flaxmodels-tta-range',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/resnet/README.md',
        code="""\
import jax
import jax.numpy as jnp
import flaxmodels as fm

resnet = fm.ResNet18(output='softmax', pretrained=None, num_classes=10)
images = jax.random.uniform(jax.random.PRNGKey(0), (4, 32, 32, 3))
variables = resnet.init(jax.random.PRNGKey(1), images, train=False)

@jax.jit
def tta_predict(variables, images, n_shifts):
    probs = jnp.zeros((images.shape[0], 10))
    for s in range(n_shifts):
        probs += resnet.apply(variables, jnp.roll(images, s, axis=2), train=False)
    return probs / n_shifts

tta_predict(variables, images, 3)
""",
        kind='integer-conversion', argument='n_shifts', path='n_shifts', line=12,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="Test-time augmentation loops `for s in range(n_shifts)` over ResNet predictions with n_shifts a jitted argument; range() calls __index__ and JAX raises TracerIntegerConversionError. lax.fori_loop with a traced bound, or static_argnames='n_shifts'; both checked.",
    ),
    Case(
        id='bl-flaxmodels-unlabeled-mask',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/resnet/README.md',
        code="""\
import jax
import jax.numpy as jnp
import optax
import flaxmodels as fm

resnet = fm.ResNet18(output='logits', pretrained=None, num_classes=10)
images = jax.random.uniform(jax.random.PRNGKey(0), (8, 32, 32, 3))
labels = jnp.array([3, -1, 7, 1, -1, 0, 2, -1])  # -1 marks unlabeled images
variables = resnet.init(jax.random.PRNGKey(1), images, train=False)

def supervised_loss(params, images, labels):
    logits = resnet.apply({'params': params, 'batch_stats': variables['batch_stats']}, images, train=False)
    labelled = labels >= 0
    return optax.softmax_cross_entropy_with_integer_labels(logits[labelled], labels[labelled]).mean()

jax.jit(jax.value_and_grad(supervised_loss))(variables['params'], images, labels)
""",
        kind='boolean-index', argument='labels', path='labels', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Semi-supervised loss drops unlabeled images (label -1) by boolean indexing inside jit(value_and_grad); JAX raises NonConcreteBooleanIndexError. Masked mean with jnp.where keeps the value; checked.',
    ),
    Case(
        id='bl-flaxmodels-random-crop-slice',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/resnet/README.md',
        code="""\
import jax
import jax.numpy as jnp
import flaxmodels as fm

resnet = fm.ResNet18(output='logits', pretrained=None, num_classes=10)
images = jax.random.uniform(jax.random.PRNGKey(0), (4, 40, 40, 3))
variables = resnet.init(jax.random.PRNGKey(1), images[:, :32, :32], train=False)

@jax.jit
def augmented_logits(variables, images, key):
    i, j = jax.random.randint(key, (2,), 0, 9)
    crop = images[:, i:i + 32, j:j + 32, :]
    return resnet.apply(variables, crop, train=False)

augmented_logits(variables, images, jax.random.PRNGKey(2))
""",
        kind='traced-shape', argument='key', path='key', line=12,
        fixes=('lax.dynamic_slice',), verifiable=True, jax_fitting_fix=False,
        note='A random crop before ResNet.apply slices with offsets drawn from the traced key; JAX raises IndexError (slice entries must be static). lax.dynamic_slice with a static size fixes it; checked.',
    ),
    Case(
        id='bl-flaxmodels-vgg-perceptual-numpy',
        source='https://github.com/matthias-wright/flaxmodels/blob/main/flaxmodels/vgg/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import flaxmodels as fm

vgg = fm.VGG16(output='activations', pretrained=None, include_head=False)
target = jax.random.uniform(jax.random.PRNGKey(0), (1, 32, 32, 3))
vgg_params = vgg.init(jax.random.PRNGKey(1), target)

def perceptual_loss(image):
    a = vgg.apply(vgg_params, image, train=False)
    b = vgg.apply(vgg_params, target, train=False)
    return sum(np.abs(a[k] - b[k]).mean() for k in ['relu1_2', 'relu2_2', 'relu3_3'])

jax.grad(perceptual_loss)(jnp.full((1, 32, 32, 3), 0.5))
""",
        kind='array-conversion', argument='image', path='image', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A perceptual loss over VGG16(output='activations') features uses np.abs under jax.grad; NumPy converts the tracer and JAX raises TracerArrayConversionError. jnp.abs fixes it; checked.",
    ),
]
