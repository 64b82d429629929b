"""Held-out library cases (set CF): nuance, jax-pme, spectrax-lib.

How they were built: each cell is my own reduction of a usage pattern of the
library's documented API (custom nuance transit templates, nuance GP builders,
nuance.Star; jax-pme calculators, custom potentials and k-space helpers;
spectrax modules, spx.jit / spx.value_and_grad / spx.remat, export/bind,
hooks, deferred layers). Every cell was written to a file and run with
/tmp/heldout42/venv_CF/bin/python (CPython 3.11.7, a venv created with
--system-site-packages); all statements but the last run cleanly and the last
raises the exception named in `note`. `line` / `use_line` were read off the
traceback frames that lie in the cell file. Each first fix was applied by hand
to a copy of the cell and re-run (verifiable=True only where that worked with
a small edit of the user's own lines or of the jit call).

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (pins kept), nuance 0.8.1 (with tinygp 0.3.1,
jaxopt), jax-pme 0.1.0 (module jaxpme, with ase 3.29.0, vesin 0.6.2),
spectrax-lib 0.1.4 (module spectrax). Note: importing nuance switches on
jax_enable_x64 globally.

Dropped: dynode. The PyPI package `dynode` (0.4.0) installs and imports, but it
is a NumPy/SciPy ODE framework (freol35241/dynode) with no JAX in it, so no
JAX tracing error can be met through it; replaced by the first alternate,
spectrax-lib. No candidate failed to install.

Doubts about labels:
- CF-jaxpme-jit-energy-pbc / CF-jaxpme-static-pbc-array: the user jits
  calculator.energy(charges, cell, positions, *args, **kwargs), so the traced
  parameter is `args` (JAX itself reports args[5]) / `kwargs`; a reader may
  prefer argument='pbc'. For the static case, 'static' here means closing over
  pbc (moving it out of the jit arguments); 'hashable-static' looks right but
  fails (tuple breaks ~pbc inside jax-pme), 'not-static' leads back to the
  bool-conversion case.
- CF-jaxpme-custom-potential-if / CF-jaxpme-custom-potential-math: the error
  line is in the user's custom-potential function (parameter `smearing`), but
  the function the user transformed is calculator.energy_forces (args[4]) or
  the grad lambda (parameter `s`).
- CF-jaxpme-kgrid-from-traced-cell: JAX raises TracerArrayConversionError
  (NumPy in jax-pme's helper), so array-conversion is defensible; labelled
  traced-shape because the value is needed to fix the k-grid shape.
- CF-jaxpme-kvectors-numpy-shape: no user function is traced (the library's
  own jitted function gets the bad static argument); argument=None is
  defensible instead of 'shape'.
- CF-nuance-period-grid-int and CF-spectrax-deferred-embed-jit: the failing
  call is int() on a tracer (ConcretizationTypeError), labelled
  integer-conversion; traced-shape is defensible because the int is a count /
  table size.
- CF-nuance-star-jit-arg: 'static' means closing over the star; the literal
  static_argnums fix fails (Star is unhashable), so unhashable-static would be
  the label of the follow-up error, not of this one.
- CF-nuance-model-mask-set / CF-nuance-model-global-cache: the mask / model
  depend on both epoch and duration; epoch is given as the first.
- CF-nuance-model-kernel-length: jnp.where masking needs a chosen maximum
  kernel length, so it is not mechanical; a user could also rewrite the
  template analytically (no fix in the vocabulary names that).
- CF-nuance-build-gp-float: simply deleting float() is the same fix as
  'astype'; jax_fitting_fix=True because JAX's message proposes astype.
- CF-spectrax-forward-hook-leak: the leaked features depend on both the module
  `m` (its parameters) and `x`; m is given as the first parameter and the
  path is the whole module since no single leaf is to blame.
- CF-spectrax-fori-static-tuple-index: indexing jnp.asarray(self.layer_scales)
  with the traced i is an equally good fix that has no name in the vocabulary.
- CF-spectrax-dropout-deterministic: the error is raised inside spectrax's
  Dropout; line points at the user's forward line that called it.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='CF-nuance-model-period-if',
        source='https://github.com/lgrcia/nuance/blob/17d0e8a835c7786f66444769867a6e57f92cb8c2/docs/notebooks/templates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)

def box_transit(time, epoch, duration, period=None):
    if period is None or period <= 0:
        phase = time - epoch
    else:
        phase = (time - epoch + 0.5 * period) % period - 0.5 * period
    return -(jnp.abs(phase) < duration / 2).astype(float)

snr_f = jax.jit(core.snr(time, flux, model=box_transit))
print(snr_f(1.0, 0.05))
snr_f(1.0, 0.05, 0.9)
""",
        kind='bool-conversion', argument='period', path='period', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A custom nuance transit template (model(time, t0, D, P=None)) guards the period with a Python `if ... or period <= 0`; core.snr feeds the period in as a jit-traced value, so the comparison's truth value is needed and JAX raises TracerBoolConversionError. Keep the `is None` test in Python and select the folded/unfolded phase with jnp.where (lax.cond also works); checked.",
    ),
    Case(
        id='CF-nuance-model-numpy-exp',
        source='https://github.com/lgrcia/nuance/blob/17d0e8a835c7786f66444769867a6e57f92cb8c2/docs/notebooks/templates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)

def gaussian_dip(time, epoch, duration, period=None):
    return -np.exp(-0.5 * ((time - epoch) / (duration / 2.355)) ** 2)

solver = core.solve(time, flux, model=gaussian_dip)
epochs = np.linspace(0.5, 3.5, 50)
single = jax.vmap(solver, in_axes=(0, None))
single(epochs, 0.05)
""",
        kind='array-conversion', argument='epoch', path='epoch', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A Gaussian-dip template written with np.exp is vmapped over epochs through the solver returned by nuance.core.solve; np.exp calls __array__ on the BatchTracer and JAX raises TracerArrayConversionError. Writing the template with jnp.exp fixes it; checked.',
    ),
    Case(
        id='CF-nuance-model-mask-set',
        source='https://github.com/lgrcia/nuance/blob/17d0e8a835c7786f66444769867a6e57f92cb8c2/docs/notebooks/templates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)

def flat_bottom(time, epoch, duration, period=None):
    m = jnp.zeros_like(time)
    in_transit = jnp.abs(time - epoch) < duration / 2
    return m.at[in_transit].set(-1.0)

solver = jax.jit(core.solve(time, flux, model=flat_bottom))
depth, depth_var, log_like = solver(1.2, 0.08)
""",
        kind='boolean-index', argument='epoch', path='epoch', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A flat-bottomed template builds the in-transit mask from the traced epoch/duration and writes through m.at[mask].set(...); inside the jitted nuance solver the mask is not concrete and JAX raises NonConcreteBooleanIndexError. jnp.where(in_transit, -1.0, m) gives the same model; checked.',
    ),
    Case(
        id='CF-nuance-build-gp-float',
        source='https://github.com/lgrcia/nuance/blob/124254e31693e0176300467968aecac5f27215b3/docs/notebooks/tutorials/GP_optimization.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from tinygp import GaussianProcess, kernels
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)

def build_gp(params, time):
    sigma = float(jnp.exp(params["log_sigma"]))
    scale = float(jnp.exp(params["log_scale"]))
    kernel = kernels.quasisep.Matern32(scale=scale, sigma=sigma)
    return GaussianProcess(kernel, time, diag=1e-6)

params = {"log_sigma": jnp.log(1e-3), "log_scale": jnp.log(0.3)}
mu, nll = core.gp_model(time, flux, build_gp)
nll(params)
""",
        kind='concretization', argument='params', path="params['log_sigma']", line=11,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="build_gp turns GP hyper-parameters into Python floats with float(jnp.exp(...)); nuance.core.gp_model jits the negative log-likelihood over the params dict, so float() hits a tracer and JAX raises ConcretizationTypeError. Dropping float() / using .astype(float) (which JAX's message proposes) keeps the value traced and differentiable; checked, grad also works.",
    ),
    Case(
        id='CF-nuance-build-gp-range-param',
        source='https://github.com/lgrcia/nuance/blob/124254e31693e0176300467968aecac5f27215b3/docs/notebooks/tutorials/GP_optimization.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from tinygp import GaussianProcess, kernels
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)

def build_gp(params, time):
    kernel = kernels.quasisep.Exp(scale=0.5, sigma=1e-4)
    for k in range(params["n_harmonics"]):
        w0 = 2 * jnp.pi * (k + 1) / jnp.exp(params["log_period"])
        kernel += kernels.quasisep.SHO(omega=w0, quality=10.0, sigma=jnp.exp(params["log_sigma"]))
    return GaussianProcess(kernel, time, diag=1e-6)

params = {"log_period": jnp.log(1.3), "log_sigma": jnp.log(1e-3), "n_harmonics": 2}
mu, nll = core.gp_model(time, flux, build_gp)
nll(params)
""",
        kind='integer-conversion', argument='params', path="params['n_harmonics']", line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An integer hyper-parameter (number of SHO harmonics) is kept in the params dict that nuance's gp_model jits, and build_gp loops over range(params['n_harmonics']); JAX raises TracerIntegerConversionError. The count is structural: take it out of the traced params (module constant or closure); checked.",
    ),
    Case(
        id='CF-nuance-star-jit-arg',
        source='https://github.com/lgrcia/nuance/blob/6356b4016dc57223f209581b3f81f491dfa58d65/docs/notebooks/star.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from nuance import Star

star = Star(radius=0.45, mass=0.48, amplitude=0.02, period=1.8)

@jax.jit
def detectability(star, radii, periods):
    depth = star.transit_depth(radii)
    duration = star.transit_duration(periods)
    return depth * jnp.sqrt(duration / periods)

radii = jnp.linspace(1.0, 4.0, 16)
periods = jnp.linspace(0.5, 10.0, 16)
detectability(star, radii, periods)
""",
        kind='non-array-argument', argument='star', path='star', line=15,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=False,
        note='A nuance.Star (a plain, non-frozen dataclass) is passed as an argument of a jitted function; JAX raises TypeError because it cannot interpret it as an array. The static_argnums hint in the message does not work (Star is unhashable -> ValueError, checked); closing over the star instead of passing it works; checked.',
    ),
    Case(
        id='CF-nuance-period-grid-int',
        source='https://github.com/lgrcia/nuance/blob/6356b4016dc57223f209581b3f81f491dfa58d65/docs/notebooks/star.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from nuance import Star

star = Star(radius=0.45, mass=0.48, amplitude=0.02, period=1.8)

@jax.jit
def period_duration_grid(time_span):
    periods = star.period_grid(time_span, oversampling=3)
    return periods, star.transit_duration(periods)

period_duration_grid(27.0)
""",
        kind='integer-conversion', argument='time_span', path='time_span', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="Star.period_grid computes the number of trial periods and calls int(N) for np.linspace; with a jit-traced time_span nuance's own int() raises ConcretizationTypeError. The grid length must be known at trace time: static_argnums=0 (or compute the grid outside jit) fixes it; JAX's astype hint would not; checked.",
    ),
    Case(
        id='CF-nuance-model-global-cache',
        source='https://github.com/lgrcia/nuance/blob/17d0e8a835c7786f66444769867a6e57f92cb8c2/docs/notebooks/templates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)
last = {}

def tracked_transit(time, epoch, duration, period=None):
    m = core.transit(time, epoch, duration, period=period)
    last["model"] = m
    return m

solver = jax.jit(core.solve(time, flux, model=tracked_transit))
depth, depth_var, log_like = solver(1.2, 0.08)
best_signal = depth * last["model"]
""",
        kind='leaked-tracer', argument='epoch', path='epoch', line=12,
        use_line=17,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="The template stashes the model it computes into a global dict for later plotting; the model is built from tracers inside nuance's jitted solver, so using it afterwards raises UnexpectedTracerError. Recompute/return the model outside the trace instead of storing it (the template itself must keep returning only the array, so the fix is not a one-line edit).",
    ),
    Case(
        id='CF-nuance-model-kernel-length',
        source='https://github.com/lgrcia/nuance/blob/17d0e8a835c7786f66444769867a6e57f92cb8c2/docs/notebooks/templates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from nuance import core

time = np.linspace(0.0, 4.0, 800)
flux = 1.0 + 1e-3 * np.random.default_rng(0).normal(size=time.size)
cadence = time[1] - time[0]

def smoothed_box(time, epoch, duration, period=None):
    box = -(jnp.abs(time - epoch) < duration / 2).astype(float)
    n = jnp.round(0.2 * duration / cadence).astype(int)
    kernel = jnp.ones(n) / n
    return jnp.convolve(box, kernel, mode="same")

solver = jax.jit(core.solve(time, flux, model=smoothed_box))
depth, depth_var, log_like = solver(1.2, 0.08)
""",
        kind='traced-shape', argument='duration', path='duration', line=13,
        fixes=('jnp.where',), verifiable=False, jax_fitting_fix=False,
        note="A smoothed box template sizes its smoothing kernel from the searched duration (jnp.ones(n) with n derived from duration); under nuance's jitted solver the size is a tracer and JAX raises TypeError (shapes must be concrete). A fixed-length kernel masked with jnp.where(|k| < n/2, ...) works (checked), but needs a chosen maximum length; static_argnums from the message does not apply since duration is the searched value.",
    ),
    Case(
        id='CF-jaxpme-jit-energy-pbc',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import numpy as np
from ase.build import bulk
from jaxpme import Ewald

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
charges = np.array([1.0, -1.0] * 4)
calculator = Ewald()
inputs = calculator.prepare(atoms, charges, 5.0)
energy_fn = jax.jit(calculator.energy)
energy_fn(*inputs)
""",
        kind='bool-conversion', argument='args', path='args[5]', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Ewald.prepare returns the pbc mask as the last input; jitting calculator.energy and splatting all inputs makes pbc a tracer and jax-pme's own `if pbc is not None and not np.any(pbc)` raises TracerBoolConversionError. Keep pbc out of the traced arguments (close over it: jax.jit(lambda *a: calc.energy(*a, pbc=pbc))); checked.",
    ),
    Case(
        id='CF-jaxpme-static-pbc-array',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import numpy as np
from ase.build import bulk
from jaxpme import Ewald

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
charges = np.array([1.0, -1.0] * 4)
calculator = Ewald()
*arrays, pbc = calculator.prepare(atoms, charges, 5.0)
energy_fn = jax.jit(calculator.energy, static_argnames="pbc")
energy_fn(*arrays, pbc=pbc)
""",
        kind='unhashable-static', argument='kwargs', path="kwargs['pbc']", line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Trying to make the pbc mask static with static_argnames='pbc' fails because it is a NumPy array: JAX raises ValueError (non-hashable static argument). A tuple does not help here (jax-pme later applies ~pbc, TypeError, checked); closing over pbc outside the jit call does; checked.",
    ),
    Case(
        id='CF-jaxpme-kgrid-from-traced-cell',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from ase.build import bulk
from jaxpme import Ewald
from jaxpme.kspace import get_kgrid_ewald

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
charges = np.array([1.0, -1.0] * 4)
calculator = Ewald()
q, cell0, pos0, i, j, shifts, k_grid, smearing, pbc = calculator.prepare(atoms, charges, 5.0)
frac = pos0 @ jnp.linalg.inv(cell0)

def strained_energy(cell):
    grid = get_kgrid_ewald(cell, 5.0 / 8.0)
    return calculator.energy(q, cell, frac @ cell, i, j, shifts, grid, smearing)

virial = jax.grad(strained_energy)(cell0)
""",
        kind='traced-shape', argument='cell', path='cell', line=15,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='To get the cell derivative, the user rebuilds the k-grid (whose shape is the reciprocal-space grid size) from the cell inside the differentiated function; get_kgrid_ewald uses NumPy on the JVP tracer and JAX raises TracerArrayConversionError. Compute the k-grid once from the concrete cell outside grad; checked.',
    ),
    Case(
        id='CF-jaxpme-custom-potential-if',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from ase.build import bulk
from jaxpme import Ewald
from jaxpme.potentials import coulomb

def self_term(smearing):
    if smearing > 0:
        return jnp.sqrt(2.0 / jnp.pi) / smearing
    return 0.0

potential = coulomb()._replace(correction_self=self_term)
calculator = Ewald(custom_potential=potential)
atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
*arrays, pbc = calculator.prepare(atoms, np.array([1.0, -1.0] * 4), 5.0)
energy_forces = jax.jit(calculator.energy_forces)
energy, forces = energy_forces(*arrays)
""",
        kind='bool-conversion', argument='smearing', path='smearing', line=9,
        fixes=('jnp.where', 'lax.cond', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A custom_potential's self-correction branches on `if smearing > 0`; smearing is one of the inputs passed to jax.jit(calculator.energy_forces) (value_and_grad inside), so JAX raises TracerBoolConversionError. jnp.where(smearing > 0, ..., 0.0) gives the same energy; checked.",
    ),
    Case(
        id='CF-jaxpme-wrapper-self-forces',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from ase.build import bulk
from jaxpme import Ewald

class CoulombModel:
    def __init__(self, atoms, charges, cutoff):
        self.calc = Ewald()
        self.q, self.cell, _, self.i, self.j, self.S, self.kg, self.sm, _ = self.calc.prepare(atoms, charges, cutoff)
        self.last_forces = None

    def energy(self, positions):
        e, f = self.calc.energy_forces(self.q, self.cell, positions, self.i, self.j, self.S, self.kg, self.sm)
        self.last_forces = f
        return e

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
model = CoulombModel(atoms, np.array([1.0, -1.0] * 4), 5.0)
step = jax.jit(model.energy)
e = step(atoms.get_positions())
max_force = jnp.abs(model.last_forces).max()
""",
        kind='leaked-tracer', argument='positions', path='positions', line=15,
        use_line=22,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A small calculator wrapper jits its bound method and caches the forces from calculator.energy_forces on self; after the call the attribute holds a tracer and using it raises UnexpectedTracerError. Return (energy, forces) from the jitted method; checked.',
    ),
    Case(
        id='CF-jaxpme-custom-potential-math',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import math
import jax
import jax.numpy as jnp
import numpy as np
from ase.build import bulk
from jaxpme import Ewald
from jaxpme.potentials import coulomb

def self_term(smearing):
    return 1.0 / math.sqrt(0.5 * math.pi * smearing**2)

potential = coulomb()._replace(correction_self=self_term)
calculator = Ewald(custom_potential=potential)
atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
q, cell, pos, i, j, S, kg, smearing, pbc = calculator.prepare(atoms, np.array([1.0, -1.0] * 4), 5.0)
print(calculator.energy(q, cell, pos, i, j, S, kg, smearing))
dE_dsmearing = jax.grad(lambda s: calculator.energy(q, cell, pos, i, j, S, kg, s))(smearing)
""",
        kind='concretization', argument='smearing', path='smearing', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom self-interaction term uses math.sqrt on the smearing; it runs eagerly, but jax.grad of the energy with respect to the smearing makes math.sqrt call float() on a tracer and JAX raises ConcretizationTypeError. Use jnp.sqrt/jnp.pi; the astype hint in the message does not help math.sqrt; checked.',
    ),
    Case(
        id='CF-jaxpme-kvectors-numpy-shape',
        source='https://github.com/lab-cosmo/jax-pme/pull/16',
        code="""\
import jax.numpy as jnp
import numpy as np
from ase.build import bulk
from jaxpme.kspace import generate_kvectors, get_kgrid_ewald_shape, get_reciprocal

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
cell = jnp.asarray(atoms.get_cell().array)
shape = 2 * np.array(get_kgrid_ewald_shape(np.asarray(cell), 5.0 / 8.0))
kvectors = generate_kvectors(get_reciprocal(cell), shape)
""",
        kind='unhashable-static', argument='shape', path='shape', line=9,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='jaxpme.kspace.generate_kvectors is jitted with the grid shape as a static argument; passing a doubled NumPy shape array makes JAX raise ValueError (non-hashable static argument). Pass a tuple of Python ints; checked.',
    ),
    Case(
        id='CF-jaxpme-cation-energy-mask',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from ase.build import bulk
from jaxpme import Ewald

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
calculator = Ewald()
q, cell, pos, i, j, S, kg, smearing, pbc = calculator.prepare(atoms, np.array([1.0, -1.0] * 4), 5.0)

@jax.jit
def cation_energy(charges, positions):
    pots = calculator.potentials(charges, cell, positions, i, j, S, kg, smearing)
    site_energy = charges * pots
    return site_energy[charges > 0].sum()

cation_energy(q, pos)
""",
        kind='boolean-index', argument='charges', path='charges', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The site energies from calculator.potentials are summed over cations with site_energy[charges > 0] inside jax.jit; the mask depends on the traced charges and JAX raises NonConcreteBooleanIndexError. jnp.where(charges > 0, site_energy, 0.0).sum() gives the same sum; checked.',
    ),
    Case(
        id='CF-jaxpme-jit-prepare-atoms',
        source='https://github.com/lab-cosmo/jax-pme/blob/main/README.md',
        code="""\
import jax
import numpy as np
from ase.build import bulk
from jaxpme import PME

atoms = bulk("NaCl", "rocksalt", a=5.64, cubic=True)
charges = np.array([1.0, -1.0] * 4)
calculator = PME()

@jax.jit
def pme_energy(atoms, charges):
    inputs = calculator.prepare(atoms, charges, 5.0, 0.5, 1.25)
    return calculator.energy(*inputs)

pme_energy(atoms, charges)
""",
        kind='non-array-argument', argument='atoms', path='atoms', line=15,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='The user jits a function taking an ase.Atoms and calling calculator.prepare inside; JAX raises TypeError (Atoms is not a valid JAX type). The static_argnums hint fails (Atoms is unhashable, checked) and prepare is not jit-able anyway: call prepare outside and jit only the energy on its array outputs; checked, but it restructures the function.',
    ),
    Case(
        id='CF-spectrax-dropout-deterministic',
        source='https://github.com/erfanzar/spectrax/blob/main/docs/quickstart.md',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

class Classifier(spx.Module):
    def __init__(self, *, rngs):
        super().__init__()
        self.fc1 = nn.Linear(16, 32, rngs=rngs)
        self.drop = nn.Dropout(0.1, rngs=rngs)
        self.fc2 = nn.Linear(32, 4, rngs=rngs)

    def forward(self, x, deterministic=False):
        return self.fc2(self.drop(jax.nn.relu(self.fc1(x)), deterministic=deterministic))

model = Classifier(rngs=spx.Rngs(0, dropout=1))

@spx.jit
def predict(m, x, deterministic):
    return m(x, deterministic=deterministic)

logits = predict(model, jnp.ones((8, 16)), True)
""",
        kind='bool-conversion', argument='deterministic', path='deterministic', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A train/eval flag is passed as a regular argument of an spx.jit function and forwarded to nn.Dropout(deterministic=...); spectrax's Dropout tests `if deterministic or ...` and JAX raises TracerBoolConversionError inside the library. Mark it static (spx.jit(static_argnames='deterministic') or static_argnums=2); checked.",
    ),
    Case(
        id='CF-spectrax-graphdef-jit-arg',
        source='https://github.com/erfanzar/spectrax/blob/main/examples/01_basics/README.md',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

model = nn.Linear(4, 3, rngs=spx.Rngs(0))
graphdef, state = spx.export(model)

@jax.jit
def apply(graphdef, state, x):
    return spx.bind(graphdef, state)(x)

y = apply(graphdef, state, jnp.ones((2, 4)))
""",
        kind='non-array-argument', argument='graphdef', path='graphdef', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='After spx.export the GraphDef is passed to a plain jax.jit function next to the State; GraphDef is not a pytree of arrays and JAX raises TypeError. It is hashable, so static_argnums=0 (as the message suggests) works; checked.',
    ),
    Case(
        id='CF-spectrax-forward-hook-leak',
        source='https://github.com/erfanzar/spectrax/blob/main/spectrax/hooks/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

class Encoder(spx.Module):
    def __init__(self, *, rngs):
        super().__init__()
        self.proj = nn.Linear(8, 16, rngs=rngs)

    def forward(self, x):
        return jax.nn.relu(self.proj(x))

encoder = Encoder(rngs=spx.Rngs(0))
features = []
encoder.register_forward_hook(lambda mod, args, kwargs, out: features.append(out))

embed = jax.jit(lambda m, x: m(x).mean(axis=0))
summary = embed(encoder, jnp.ones((4, 8)))
dead_fraction = jnp.mean(features[0] <= 0)
""",
        kind='leaked-tracer', argument='m', path='m', line=16,
        use_line=20,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A forward hook on the root spectrax module appends its output to a Python list; under plain jax.jit the hook still fires (spectrax only suppresses hooks under its own transforms), so the list receives a tracer and using it later raises UnexpectedTracerError. Return the features from the jitted function; checked.',
    ),
    Case(
        id='CF-spectrax-kv-cache-slice',
        source='https://github.com/erfanzar/spectrax/blob/main/examples/02_implementation_guide/06_llama_generation.py',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

class KeyCacheWriter(spx.Module):
    def __init__(self, d, *, rngs):
        super().__init__()
        self.k_proj = nn.Linear(d, d, rngs=rngs)

    def forward(self, x, cache, pos):
        k = self.k_proj(x)
        return cache.at[:, pos:pos + x.shape[1]].set(k)

layer = KeyCacheWriter(16, rngs=spx.Rngs(0))
cache = jnp.zeros((1, 64, 16))
decode_step = spx.jit(lambda m, x, cache, pos: m(x, cache, pos))
cache = decode_step(layer, jnp.ones((1, 1, 16)), cache, 5)
""",
        kind='traced-shape', argument='pos', path='pos', line=13,
        fixes=('lax.dynamic_slice', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A decode step writes the new keys into the cache with cache.at[:, pos:pos + n].set(k) while pos is an argument of the spx.jit step; slice bounds must be static and JAX raises IndexError. jax.lax.dynamic_update_slice(cache, k, (0, pos, 0)) fixes it without recompiling per position; checked.',
    ),
    Case(
        id='CF-spectrax-fori-static-tuple-index',
        source='https://github.com/erfanzar/spectrax/blob/main/spectrax/core/containers.py',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

class ScaledResidualStack(spx.Module):
    def __init__(self, d, layer_scales, *, rngs):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(d, d, rngs=rngs) for _ in layer_scales])
        self.layer_scales = tuple(layer_scales)

    def forward(self, x):
        def body(i, h):
            return h + self.layer_scales[i] * jax.nn.gelu(self.blocks[i](h))
        return jax.lax.fori_loop(0, len(self.blocks), body, x)

model = ScaledResidualStack(32, [1.0, 0.5, 0.25], rngs=spx.Rngs(0))
out = spx.jit(lambda m, x: m(x))(model, jnp.ones((2, 32)))
""",
        kind='integer-conversion', argument='i', path='i', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Inside lax.fori_loop the layer index is a tracer; spectrax's ModuleList accepts traced indices, but the per-layer scale kept as a static tuple field does not, and JAX raises TracerIntegerConversionError. Unrolling with a Python for loop keeps i static (jnp.asarray(self.layer_scales)[i] would also work); checked.",
    ),
    Case(
        id='CF-spectrax-loss-mask-index',
        source='https://github.com/erfanzar/spectrax/blob/main/docs/quickstart.md',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

model = nn.Linear(8, 5, rngs=spx.Rngs(0))

def masked_ce(m, x, labels, mask):
    logp = jax.nn.log_softmax(m(x), axis=-1)
    nll = -jnp.take_along_axis(logp, labels[:, None], axis=-1)[:, 0]
    return nll[mask].mean()

x = jnp.ones((6, 8))
labels = jnp.array([0, 1, 2, 3, 4, 0])
mask = jnp.array([True, True, True, True, False, False])
loss, grads = spx.jit(spx.value_and_grad(masked_ce))(model, x, labels, mask)
""",
        kind='boolean-index', argument='mask', path='mask', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A padded cross-entropy loss averages nll[mask] and is wrapped in spx.jit(spx.value_and_grad(...)); the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(mask, nll, 0).sum() / mask.sum() gives the same loss; checked.',
    ),
    Case(
        id='CF-spectrax-deferred-embed-jit',
        source='https://github.com/erfanzar/spectrax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

class BagOfWords(spx.Module):
    def __init__(self, *, rngs):
        super().__init__()
        self.embed = nn.Embed(None, 32, rngs=rngs)
        self.head = nn.Linear(32, 2, rngs=rngs)

    def forward(self, ids):
        return self.head(self.embed(ids).mean(axis=1))

model = BagOfWords(rngs=spx.Rngs(0))
ids = jnp.array([[3, 17, 42, 8], [5, 5, 99, 1]])
logits = jax.jit(lambda m, ids: m(ids))(model, ids)
""",
        kind='integer-conversion', argument='ids', path='ids', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='nn.Embed(None, ...) defers the vocabulary size to the first call, where spectrax runs int(ids.max()) + 1; its guard only covers spectrax transforms, so under plain jax.jit the int() hits a tracer and JAX raises ConcretizationTypeError. Give num_embeddings as a Python int (or run one eager call first); checked.',
    ),
    Case(
        id='CF-spectrax-static-patch-list',
        source='https://github.com/erfanzar/spectrax/blob/main/spectrax/transforms/jit.py',
        code="""\
import jax
import jax.numpy as jnp
import spectrax as spx
from spectrax import nn

class PatchEmbed(spx.Module):
    def __init__(self, patch_dim, d, *, rngs):
        super().__init__()
        self.proj = nn.Linear(patch_dim, d, rngs=rngs)

    def forward(self, images, patch):
        b, h, w, c = images.shape
        p, q = patch
        x = images.reshape(b, h // p, p, w // q, q, c).transpose(0, 1, 3, 2, 4, 5)
        return self.proj(x.reshape(b, (h // p) * (w // q), p * q * c))

embed = PatchEmbed(4 * 4 * 3, 64, rngs=spx.Rngs(0))
encode = spx.jit(lambda m, images, patch: m(images, patch), static_argnums=2)
tokens = encode(embed, jnp.ones((2, 32, 32, 3)), [4, 4])
""",
        kind='unhashable-static', argument='patch', path='patch', line=19,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The patch size used for reshapes is correctly marked static in spx.jit(static_argnums=2) but passed as a list, so JAX raises ValueError (non-hashable static argument). Pass a tuple; checked.',
    ),
    Case(
        id='CF-spectrax-remat-numpy-posenc',
        source='https://github.com/erfanzar/spectrax/blob/main/docs/quickstart.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import spectrax as spx
from spectrax import nn

class PositionalBlock(spx.Module):
    def __init__(self, d, *, rngs):
        super().__init__()
        self.d = d
        self.mix = nn.Linear(d, d, rngs=rngs)

    def forward(self, x, positions):
        freqs = 1.0 / 10000 ** (np.arange(0, self.d, 2) / self.d)
        angles = positions[:, None] * freqs[None, :]
        pe = np.concatenate([np.sin(angles), np.cos(angles)], axis=-1)
        return self.mix(x + pe)

block = PositionalBlock(16, rngs=spx.Rngs(0))
step = spx.jit(spx.remat(lambda m, x, positions: m(x, positions).sum()))
out = step(block, jnp.ones((10, 16)), jnp.arange(10.0))
""",
        kind='array-conversion', argument='positions', path='positions', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Sinusoidal position encodings are computed with np.sin/np.cos on the positions argument inside a module called under spx.jit(spx.remat(...)); NumPy converts the tracer and JAX raises TracerArrayConversionError. Using jnp.sin/jnp.cos/jnp.concatenate on that line fixes it (the frequency table may stay NumPy); checked.',
    ),
]
