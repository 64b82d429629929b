"""Held-out library cases (set af): pyscfad, torchquad, jax-finufft.

How they were built: each cell is my own minimal reduction of a usage pattern from the cited
GitHub thread, example file, README section or docs page of the library (no code copied).
Every cell was written to a file and run with /tmp/heldout16/venv_af/bin/python (a venv made
with --system-site-packages on CPython 3.11.7); every statement but the last runs and the last
raises. `line`/`use_line` were checked against the traceback frames of that file, and the first
fix of every case was applied by hand to a copy of the cell and re-run successfully.

Installed versions (venv_af): jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (pins kept), pyscfad 0.3.4 (+ pyscf 2.14.0, pyscfadlib 0.3.4,
scipy 1.17.1), torchquad 0.6.0 (+ autoray 0.11.0, loguru 0.7.3; autoray is only a dependency,
every pattern is about torchquad's API), jax-finufft 1.3.1 (+ pydantic 2.13.4). CPU only.
pyscfad switches JAX to 64-bit on import; the torchquad cells call set_up_backend("jax", "float64").

Dropped and why:
- sgmcmcjax 0.2.13: installs, but `import sgmcmcjax` fails (ImportError: jax.experimental.host_callback
  no longer exists in JAX 0.10); uninstalled again.
- jaxfluids: not available from the package index here ("No matching distribution found").
- Alternates: aws-fortuna cannot be resolved with the pins (every release needs flax<0.7);
  jax-finufft installed and imports -> used; mcx is not on the index.
- Third library chosen by me instead: torchquad 0.6.0 (not in the exclusion list).
- Observed but not used as cases: jax.vmap through jax-finufft 1.3.1 fails under JAX 0.10.2 with an
  AttributeError in its batching rule (not a tracing error), so the batched finufft case uses
  jax.lax.map; torchquad also fails under jit when a concrete jnp integration_domain is closed over
  (its own domain check runs on staged values), which I left out because no fix in the vocabulary fits.

Doubts about labels:
- af-pyscfad-atomic-numbers-traced: raised as TracerIntegerConversionError by pyscf's element-table
  indexing, but the composition also fixes array sizes, so traced-shape is defensible; path given
  as numbers[0] (JAX's own name for the leaf), plain `numbers` is also reasonable.
- af-pyscfad-converged-check-jit: `converged` depends on coords only through the SCF; checkify or simply
  deleting the check are other reasonable fixes (not in the vocabulary); lax.cond does not fit a raise.
- af-pyscfad-print-energy-in-grad: it fails under plain jax.grad because pyscfad's SCF solve makes the
  energy abstract; returning the value (value_and_grad) and printing outside is an equally good fix.
- af-pyscfad-numpy-dipole-norm: the cited issue shows the NumPy conversion inside pyscfad's own eval_gto;
  here NumPy is called in user code (same mechanism, different place).
- af-pyscfad-pad-mo-mask-index: the mask depends on both numbers and coords; numbers is chosen as the
  first parameter. size-argument (nonzero with size=) is a second acceptable fix.
- af-pyscfad-pad-occupied-slice: IndexError from a traced slice bound; lax.dynamic_slice does not fit
  because the slice length itself varies per molecule.
- af-torchquad-list-domain-grad: the fix (build the domain with jnp.array instead of a list of Python
  floats) has no exact vocabulary entry; I used `astype` because JAX's message suggests jnp.array(x, float).
  `static` only works if the bound need not be differentiated. jax_fitting_fix=True rests on that hint.
- af-torchquad-mc-rng-key-leak: argument None because the leaked key is split from the RNG's own key,
  not from `k`; `line` is the user's integrate call (the store happens inside torchquad's RNG).
- af-torchquad-traced-sample-count: JAX raises TracerBoolConversionError from torchquad's own `if N < 1`,
  so bool-conversion is defensible; I chose traced-shape because N is a sample count.
- af-torchquad-builtin-max-strike: jnp.where is an equally good first fix.
- af-finufft-config-n-modes: JAX reports a ValueError about a non-hashable static argument (the tracer),
  so unhashable-static is defensible; the root cause is a traced mode count.
- af-finufft-jnp-shape-arithmetic: int() raises ConcretizationTypeError, so concretization or
  traced-shape are defensible; argument None because the value is a staged jnp op on the static x.size.
- Leaks (af-pyscfad-cache-scf-object, af-torchquad-mc-rng-key-leak, af-finufft-spectra-history-leak):
  jax_fitting_fix=True because JAX's message says transformed functions must return their outputs;
  one may judge that too indirect to count as a suggested fix.
- af-pyscfad-basis-dict-static, af-finufft-list-output-shape: JAX's message names the problem but suggests
  no fix, hence jax_fitting_fix=False.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='af-pyscfad-basis-name-jit-arg',
        source='https://github.com/fishjojo/pyscfad/blob/main/examples/scf/40-rhf_jit.py',
        code="""\
import jax
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

coords = np.array([[0., 0., 0.], [0., 0., 1.4]])

@jax.jit
def energy(coords, basis):
    mol = MoleLite(["H", "H"], coords, basis=basis, verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    return mf.kernel()

energy(coords, "sto-3g")
""",
        kind='non-array-argument', argument='basis', path='basis', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The basis-set name string is passed as an ordinary argument of a jitted MoleLite/SCFLite energy; jax.jit raises TypeError (non-array argument). Marking it static (static_argnames='basis') fixes it; checked.",
    ),
    Case(
        id='af-pyscfad-basis-dict-static',
        source='https://github.com/fishjojo/pyscfad/blob/main/examples/scf/40-rhf_jit.py',
        code="""\
import jax
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

coords = np.array([[0., 0., 0.], [0., 0., 1.4]])
# STO-3G-like hydrogen shell in nwchem layout: [exponent, coefficient]
basis = {"H": {0: [np.array([[3.425, 0.154], [0.624, 0.535], [0.169, 0.445]])]}}

def energy(coords, basis):
    mol = MoleLite(["H", "H"], coords, basis=basis, verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    return mf.kernel()

force_fn = jax.jit(jax.grad(energy), static_argnums=1)
force_fn(coords, basis)
""",
        kind='unhashable-static', argument='basis', path='basis', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="A nwchem-style basis dict of NumPy arrays is marked static on jit(grad(energy)); jit raises ValueError (non-hashable static argument). pyscfad's jit example passes the basis traced, so dropping static_argnums works and also gives basis gradients; checked.",
    ),
    Case(
        id='af-pyscfad-atomic-numbers-traced',
        source='https://github.com/fishjojo/pyscfad/blob/main/pyscfad/gto/mole_lite.py',
        code="""\
import jax
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

water = np.array([[0., 0., 0.], [1.43, 0., -0.95], [1.43, 0., 0.95]])

@jax.jit
def energy(numbers, coords):
    mol = MoleLite(numbers=numbers, coords=coords, basis="sto-3g", verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    return mf.kernel()

energy((8, 1, 1), water)
""",
        kind='integer-conversion', argument='numbers', path='numbers[0]', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Atomic numbers given as a tuple to a jitted energy become traced scalars; MoleLite maps them to element symbols by indexing a Python list, so JAX raises TracerIntegerConversionError inside the library. MoleLite documents the composition as static: static_argnums=0 fixes it; checked.',
    ),
    Case(
        id='af-pyscfad-converged-check-jit',
        source='https://github.com/fishjojo/pyscfad/blob/main/pyscfad/scf/hf_lite.py',
        code="""\
import jax
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

coords = np.array([[0., 0., 0.], [0., 0., 1.4]])

@jax.jit
def energy(coords):
    mol = MoleLite(["H", "H"], coords, basis="6-31g", verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    e = mf.kernel()
    if not mf.converged:
        raise RuntimeError("SCF did not converge")
    return e

energy(coords)
""",
        kind='bool-conversion', argument='coords', path='coords', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The habitual PySCF check `if not mf.converged` inside a jitted SCFLite energy: converged is a traced bool, so JAX raises TracerBoolConversionError. Returning jnp.where(mf.converged, e, nan) keeps the check inside the graph; checked.',
    ),
    Case(
        id='af-pyscfad-print-energy-in-grad',
        source='https://github.com/fishjojo/pyscfad/blob/main/examples/scf/00-simple.py',
        code="""\
import jax
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

coords = np.array([[0., 0., 0.], [0., 0., 1.4]])

def energy(coords):
    mol = MoleLite(["H", "H"], coords, basis="sto-3g", verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    e = mf.kernel()
    print("E(RHF) = %.10f" % e)
    return e

forces = -jax.grad(energy)(coords)
""",
        kind='concretization', argument='coords', path='coords', line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='%-formatting the SCF energy inside a function differentiated with jax.grad calls float() on a tracer; JAX raises ConcretizationTypeError (its astype hint does not help printing). jax.debug.print prints the value at run time; checked.',
    ),
    Case(
        id='af-pyscfad-numpy-dipole-norm',
        source='https://github.com/fishjojo/pyscfad/issues/71',
        code="""\
import jax
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

water = np.array([[0., 0., 0.], [1.43, 0., -0.95], [1.43, 0., 0.95]])

def dipole_norm(coords):
    mol = MoleLite(["O", "H", "H"], coords, basis="sto-3g", verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    mf.kernel()
    dip = mf.dip_moment(unit="au")
    return np.linalg.norm(dip)

jax.grad(dipole_norm)(water)
""",
        kind='array-conversion', argument='coords', path='coords', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The dipole returned by SCFLite.dip_moment is reduced with np.linalg.norm inside a grad'ed function; NumPy calls __array__ on the tracer and JAX raises TracerArrayConversionError. jnp.linalg.norm fixes it; checked.",
    ),
    Case(
        id='af-pyscfad-cache-scf-object',
        source='https://github.com/fishjojo/pyscfad/blob/main/examples/scf/40-rhf_jit.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from pyscfad.gto import MoleLite
from pyscfad.scf.hf_lite import SCFLite

coords = np.array([[0., 0., 0.], [0., 0., 1.4]])
cache = {}

@jax.jit
def energy(coords):
    mol = MoleLite(["H", "H"], coords, basis="6-31g", verbose=0)
    mf = SCFLite(mol)
    mf.init_guess = "hcore"
    e = mf.kernel()
    cache["mf"] = mf
    return e

e = energy(coords)
gap = jnp.diff(cache["mf"].mo_energy[:2])
""",
        kind='leaked-tracer', argument='coords', path='coords', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=20,
        note='The SCFLite object (whose mo_energy is a tracer) is saved in a global dict from inside a jitted energy and read afterwards; the later jnp op raises UnexpectedTracerError. Returning mo_energy with the energy fixes it; checked.',
    ),
    Case(
        id='af-pyscfad-pad-mo-mask-index',
        source='https://github.com/fishjojo/pyscfad/blob/main/examples/scf/41-rhf_batched.py',
        code="""\
import jax
import jax.numpy as jnp
from pyscfad.ml.gto import MolePad, make_basis_array
from pyscfad.ml.scf.hf_pad import SCFPad

basis = make_basis_array("sto3g", max_number=8)
numbers = jnp.array([[8, 1, 1, 0], [7, 1, 1, 1]], dtype=jnp.int32)
coords = jnp.array([[[0., 0., 0.], [1.43, 0., -0.95], [1.43, 0., 0.95], [0., 0., 0.]],
                    [[-1.52, -1.90, 0.05], [-0.96, -0.59, 1.29],
                     [0.01, -2.67, -0.73], [-2.50, -1.04, -1.31]]])

def orbital_energies(numbers, coords):
    mol = MolePad(numbers, coords, basis=basis, verbose=0)
    mf = SCFPad(mol)
    mf.init_guess = "hcore"
    mf.kernel()
    return mf.mo_energy[mf.mo_mask()]

jax.vmap(orbital_energies)(numbers, coords)
""",
        kind='boolean-index', argument='numbers', path='numbers', line=17,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='In a vmapped MolePad/SCFPad batch, the padding MOs are dropped with mo_energy[mf.mo_mask()]; the mask is traced, so JAX raises NonConcreteBooleanIndexError. jnp.where(mask, mo_energy, nan) keeps a fixed shape; checked.',
    ),
    Case(
        id='af-pyscfad-pad-occupied-slice',
        source='https://github.com/fishjojo/pyscfad/blob/main/examples/scf/41-rhf_batched.py',
        code="""\
import jax
import jax.numpy as jnp
from pyscfad.ml.gto import MolePad, make_basis_array
from pyscfad.ml.scf.hf_pad import SCFPad

basis = make_basis_array("sto3g", max_number=8)
numbers = jnp.array([[8, 1, 1, 0], [7, 1, 1, 1]], dtype=jnp.int32)
coords = jnp.array([[[0., 0., 0.], [1.43, 0., -0.95], [1.43, 0., 0.95], [0., 0., 0.]],
                    [[-1.52, -1.90, 0.05], [-0.96, -0.59, 1.29],
                     [0.01, -2.67, -0.73], [-2.50, -1.04, -1.31]]])

def occupied_sum(numbers, coords):
    mol = MolePad(numbers, coords, basis=basis, verbose=0)
    mf = SCFPad(mol)
    mf.init_guess = "hcore"
    mf.kernel()
    nocc = mol.tot_electrons() // 2
    return jnp.sum(mf.mo_energy[:nocc])

jax.vmap(occupied_sum)(numbers, coords)
""",
        kind='traced-shape', argument='numbers', path='numbers', line=18,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='With vmapped padded molecules the electron count is traced, so mo_energy[:nocc] uses a traced slice bound; JAX raises IndexError (slice entries must be static). Summing jnp.where(arange < nocc, e, 0) gives the same per-molecule sum; checked.',
    ),
    Case(
        id='af-torchquad-list-domain-grad',
        source='https://github.com/esa/torchquad/issues/180',
        code="""\
import jax
import jax.numpy as jnp
from torchquad import Simpson, set_up_backend

set_up_backend("jax", data_type="float64")
simpson = Simpson()

def mass_below(b):
    return simpson.integrate(lambda x: jnp.exp(-x[:, 0] ** 2), dim=1, N=101,
                             integration_domain=[[0.0, b]], backend="jax")

value = mass_below(2.0)
jax.grad(mass_below)(2.0)
""",
        kind='concretization', argument='b', path='b', line=9,
        fixes=('astype', 'static'), verifiable=True, jax_fitting_fix=True,
        note="A traced upper bound is put in a Python-list integration_domain while differentiating; torchquad converts list entries with float(), so JAX raises ConcretizationTypeError inside the library. Building the domain as jnp.array([[0.0, b]]) (JAX's own jnp.array hint) keeps it differentiable; checked.",
    ),
    Case(
        id='af-torchquad-numpy-integrand',
        source='https://torchquad.readthedocs.io/en/main/tutorial.html',
        code="""\
import jax
import numpy as np
from torchquad import Trapezoid, set_up_backend

set_up_backend("jax", data_type="float64")
trap = Trapezoid()

def gaussian_mass(width):
    integrand = lambda x: np.exp(-(x[:, 0] / width) ** 2)
    return trap.integrate(integrand, dim=1, N=501, integration_domain=[[-3.0, 3.0]])

jax.grad(gaussian_mass)(1.0)
""",
        kind='array-conversion', argument='width', path='width', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The integrand torchquad evaluates uses np.exp on points scaled by the differentiated width; NumPy converts the tracer and JAX raises TracerArrayConversionError in the user's lambda. jnp.exp fixes it; checked.",
    ),
    Case(
        id='af-torchquad-mc-rng-key-leak',
        source='https://github.com/esa/torchquad/blob/main/torchquad/integration/rng.py',
        code="""\
import jax
import jax.numpy as jnp
from torchquad import MonteCarlo, RNG, set_up_backend

set_up_backend("jax", data_type="float64")
mc = MonteCarlo()
rng = RNG(backend="jax", seed=0)

@jax.jit
def estimate(k):
    return mc.integrate(lambda x: jnp.cos(k * x[:, 0]), dim=1, N=10000,
                        integration_domain=[[0.0, 1.0]], rng=rng)

first = estimate(1.0)
second = mc.integrate(lambda x: jnp.sin(x[:, 0]), dim=1, N=10000,
                      integration_domain=[[0.0, 1.0]], rng=rng)
""",
        kind='leaked-tracer', argument=None, path=None, line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=15,
        note="A torchquad RNG object is passed to MonteCarlo.integrate inside jax.jit; the RNG splits and stores its new JAX key on itself, so a traced key escapes and the next eager integrate raises UnexpectedTracerError. Passing the key in and returning rng.jax_get_key() (as torchquad's own compiled MC does) fixes it; checked.",
    ),
    Case(
        id='af-torchquad-traced-sample-count',
        source='https://torchquad.readthedocs.io/en/main/autodoc.html',
        code="""\
import jax
import jax.numpy as jnp
from torchquad import Trapezoid, set_up_backend

set_up_backend("jax", data_type="float64")
trap = Trapezoid()

@jax.jit
def integral(n_points):
    return trap.integrate(lambda x: jnp.sin(x[:, 0]), dim=1, N=n_points,
                          integration_domain=[[0.0, 3.14159]])

integral(1001)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The number of grid points N is an argument of a jitted wrapper, so torchquad's own check `if N < 1` sees a tracer and JAX raises TracerBoolConversionError; N is a count that fixes array sizes. static_argnums=0 fixes it; checked.",
    ),
    Case(
        id='af-torchquad-integrator-jit-arg',
        source='https://torchquad.readthedocs.io/en/main/tutorial.html',
        code="""\
import jax
import jax.numpy as jnp
from torchquad import Simpson, set_up_backend

set_up_backend("jax", data_type="float64")

@jax.jit
def decay_integral(integrator, rate):
    return integrator.integrate(lambda x: jnp.exp(-rate * x[:, 0]), dim=1, N=101,
                                integration_domain=[[0.0, 5.0]])

decay_integral(Simpson(), 0.5)
""",
        kind='non-array-argument', argument='integrator', path='integrator', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A torchquad integrator object (Simpson) is passed as an argument of a jitted helper to compare rules; jax.jit raises TypeError (non-array argument). Integrators hash by identity, so static_argnums=0 fixes it; checked.',
    ),
    Case(
        id='af-torchquad-builtin-max-strike',
        source='https://torchquad.readthedocs.io/en/main/tutorial.html',
        code="""\
import jax
import jax.numpy as jnp
from torchquad import Simpson, set_up_backend

set_up_backend("jax", data_type="float64")
simpson = Simpson()

def call_price(params):
    strike = max(params["strike"], 0.0)
    def integrand(s):
        density = jnp.exp(-0.5 * ((s[:, 0] - params["spot"]) / params["vol"]) ** 2)
        payoff = jnp.maximum(s[:, 0] - strike, 0.0)
        return payoff * density / (params["vol"] * jnp.sqrt(2 * jnp.pi))
    return simpson.integrate(integrand, dim=1, N=1001, integration_domain=[[50.0, 150.0]])

params = {"spot": 100.0, "strike": 105.0, "vol": 10.0}
greeks = jax.jit(jax.grad(call_price))(params)
""",
        kind='bool-conversion', argument='params', path="params['strike']", line=9,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='An option price integrated with Simpson clamps the strike with Python max(); under jit(grad) the comparison needs the truth of a traced scalar and JAX raises TracerBoolConversionError. jnp.maximum fixes it; checked.',
    ),
    Case(
        id='af-finufft-config-n-modes',
        source='https://github.com/flatironinstitute/jax-finufft#usage',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft1

class Config(NamedTuple):
    n_modes: int = 64
    eps: float = 1e-9

rng = np.random.default_rng(0)
x = jnp.asarray(rng.uniform(-np.pi, np.pi, 500))
c = jnp.asarray(rng.normal(size=500) + 1j * rng.normal(size=500))

@jax.jit
def spectrum(c, x, cfg):
    return jnp.abs(nufft1(cfg.n_modes, c, x, eps=cfg.eps)) ** 2

spectrum(c, x, Config())
""",
        kind='traced-shape', argument='cfg', path='cfg.n_modes', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A NamedTuple config is a pytree, so its n_modes becomes a tracer under jit and reaches nufft1's static output_shape; jit raises ValueError (non-hashable static argument: a tracer). Marking cfg static fixes it; checked.",
    ),
    Case(
        id='af-finufft-list-output-shape',
        source='https://github.com/flatironinstitute/jax-finufft#usage',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft1

rng = np.random.default_rng(0)
x, y = (jnp.asarray(rng.uniform(-np.pi, np.pi, 500)) for _ in range(2))
c = jnp.asarray(rng.normal(size=500) + 1j * rng.normal(size=500))

@jax.jit
def image(c, x, y):
    return jnp.abs(nufft1([64, 64], c, x, y))

image(c, x, y)
""",
        kind='unhashable-static', argument=None, path=None, line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A 2-D output shape written as a list reaches nufft1, which jits with output_shape static; JAX raises ValueError (unhashable list). Writing it as a tuple, as the README does, fixes it; checked.',
    ),
    Case(
        id='af-finufft-jnp-shape-arithmetic',
        source='https://github.com/flatironinstitute/jax-finufft#usage',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft1

rng = np.random.default_rng(0)
x, y = (jnp.asarray(rng.uniform(-np.pi, np.pi, 4096)) for _ in range(2))
c = jnp.asarray(rng.normal(size=4096) + 0j)

@jax.jit
def grid_image(c, x, y):
    side = int(jnp.sqrt(x.size))
    return nufft1((side, side), c, x, y)

grid_image(c, x, y)
""",
        kind='integer-conversion', argument=None, path=None, line=12,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The grid side for nufft1 is computed as int(jnp.sqrt(x.size)) inside jit; the jnp op is staged, so int() gets a tracer and JAX raises ConcretizationTypeError (its astype hint does not fit). np.sqrt on the static size fixes it; checked.',
    ),
    Case(
        id='af-finufft-opts-jit-arg',
        source='https://github.com/flatironinstitute/jax-finufft#options',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft2
from jax_finufft.options import Opts

rng = np.random.default_rng(0)
x = jnp.asarray(rng.uniform(-np.pi, np.pi, 300))
modes = jnp.asarray(rng.normal(size=128) + 1j * rng.normal(size=128))

@jax.jit
def evaluate(modes, x, opts):
    return nufft2(modes, x, eps=1e-9, opts=opts)

evaluate(modes, x, Opts(modeord=True))
""",
        kind='non-array-argument', argument='opts', path='opts', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jax_finufft Opts object is passed as a normal argument of a jitted wrapper around nufft2; jit raises TypeError (non-array argument). Opts is frozen and hashable, so static_argnames='opts' fixes it; checked.",
    ),
    Case(
        id='af-finufft-numpy-power-loss',
        source='https://github.com/flatironinstitute/jax-finufft/issues/14',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft1

rng = np.random.default_rng(0)
x = jnp.asarray(rng.uniform(-np.pi, np.pi, 400))
c = jnp.asarray(rng.normal(size=400) + 0j)
target = jnp.ones(32)

def loss(x):
    power = np.abs(nufft1(32, c, x)) ** 2
    return jnp.mean((power - target) ** 2)

value, grad = jax.value_and_grad(loss)(x)
""",
        kind='array-conversion', argument='x', path='x', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A loss differentiated w.r.t. the non-uniform points (value_and_grad) takes np.abs of the nufft1 output; NumPy converts the tracer and JAX raises TracerArrayConversionError. jnp.abs fixes it; checked.',
    ),
    Case(
        id='af-finufft-strong-mode-mask',
        source='https://github.com/flatironinstitute/jax-finufft#usage',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft1

rng = np.random.default_rng(0)
xs = jnp.asarray(rng.uniform(-np.pi, np.pi, (8, 300)))
c = jnp.asarray(rng.normal(size=300) + 0j)

def peak_power(x):
    power = jnp.abs(nufft1(64, c, x)) ** 2
    strong = power[power > 4.0 * power.mean()]
    return strong.sum()

jax.lax.map(peak_power, xs)
""",
        kind='boolean-index', argument='x', path='x', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Inside lax.map over point sets, strong Fourier modes are kept with power[power > 4*mean]; the mask is traced, so JAX raises NonConcreteBooleanIndexError. Summing jnp.where(mask, power, 0) fixes it; checked.',
    ),
    Case(
        id='af-finufft-spectra-history-leak',
        source='https://github.com/flatironinstitute/jax-finufft/issues/14',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_finufft import nufft1

rng = np.random.default_rng(0)
x0 = jnp.asarray(rng.uniform(-np.pi, np.pi, 500))
c = jnp.asarray(rng.normal(size=500) + 0j)
spectra = []

def loss(x):
    f = nufft1(64, c, x)
    spectra.append(f)
    return jnp.sum(jnp.abs(f[:8]) ** 2)

g = jax.grad(loss)(x0)
peak = jnp.abs(spectra[-1]).max()
""",
        kind='leaked-tracer', argument='x', path='x', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=17,
        note='A loss differentiated w.r.t. the points appends the nufft1 spectrum to a global list for later plots; the stored value is a tracer and the later jnp op raises UnexpectedTracerError. Returning it as aux (grad(..., has_aux=True)) fixes it; checked.',
    ),
]
