"""Held-out library cases (set P): deepmd-kit (JAX backend), pybamm (JAX solver / jax_bdf_integrate), etils (enp, etree).

How they were built: every cell was written by hand as a reduction of a usage pattern documented in the cited
thread or doc page, run as a file with /tmp/heldout47/venv_cp/bin/python (CPython 3.11.7, a venv with
--system-site-packages), and checked to raise only at its last statement; line/use_line were read off the
traceback frames that point into the cell file. Each first fix was applied by hand to a copy of the cell and re-run
(cells marked verifiable=False were also fixed and run, but the fix moves code rather than editing the failing line).
Exception classes are recorded in each note.

Versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8, equinox 0.13.8, optax 0.2.8 (machine's, unchanged),
deepmd-kit 3.2.0 (pip "deepmd-kit[jax]"; its JAX modules are flax.nnx wrappers and it turns on jax_enable_x64 on import),
pybamm 26.10.1.1 (with pybammsolvers 0.11.1, casadi 3.8.1 as its dependencies), etils 1.15.0 (from the base interpreter).
The deepmd cells take ~20 s each, mostly import time.

Dropped while building:
- deepmd: storing a tracer on the deepmd model object itself (model.attr = ... inside jit) raises
  flax.errors.TraceContextError from flax.nnx, not a JAX tracing error, so it was replaced by a user wrapper class.
- etils: etree.parallel_map inside jit raises UnexpectedTracerError (worker threads see the tracer outside the trace);
  dropped because its only real fix (use etree.map) has no name in the fix vocabulary.
- etils: enp.interp with range bounds taken via .item() (ConcretizationTypeError) dropped for the same reason
  (the fix is to pass the arrays, not a vocabulary item).
- pybamm: JaxSolver.solve(...) under jax.grad fails inside pybamm's Solution code (TracerArrayConversionError); the
  fix is "use get_solve", not in the vocabulary, so not included. jax.grad through jax_bdf_integrate with extra args
  hits an unrelated pybamm adjoint shape bug here, so the pybamm cells use jit/vmap rather than grad.
No candidate library failed to install or import.

Doubts about labels:
- p-deepmd-jit-periodic-box: JAX raises ConcretizationTypeError from int() inside deepmd, so `concretization` is
  defensible; labelled traced-shape because the int is the size of an arange (number of periodic images). The
  fix (nlist outside the trace, call_lower inside) could be filed under `static` as well as `numpy-for-static`.
- p-deepmd-mass-list-index: the most natural fix, jnp.asarray(masses)[atype], has no vocabulary name; the
  numpy-for-static label assumes atom types are a fixed property of the system.
- p-deepmd-virtual-atoms-slice: deepmd already masks atype == -1 atoms, so dropping the slice entirely (array-level
  masking) is also a correct first fix; JAX's own IndexError text does not suggest anything usable.
- p-deepmd-calculator-self-leak, p-pybamm-fit-self-leak: argument is the input the stored value depends on; the
  leak is about where it is stored (self), which has no parameter of its own besides self.
- p-etils-etree-map-append-leak: both leaves (b and w) leak; path names the first one appended (dict keys are
  sorted, so 'b'); argument could also be read as 'x' (the gradient depends on both).
- p-etils-etree-map-mask-filter: neither fix keeps the filtered (dynamic) shape; jnp.where keeps the count of rows,
  size= pads. path could also be 'batch' as a whole since the mask is applied to every leaf.
- p-etils-unzip-index-scan: `lax.dynamic_slice` names dynamic indexing of each leaf; restructuring to scan over the
  batch (`lax.scan` with xs=batch) is arguably the better fix.
- p-pybamm-bdf-math-exp-arrhenius: math.exp -> jnp.exp fits jnp-not-np and jnp-not-builtin about equally.
- p-pybamm-bdf-traced-mass: could be labelled unhashable-static/traced-shape in spirit (pybamm wants a static
  mass matrix), but the exception is TracerArrayConversionError raised by onp.block.
- p-pybamm-getsolve-range-cycles: `static` is the smallest edit; lax.fori_loop listed first per the general order.
- p-pybamm-bdf-static-teval-array: hashable-static (tuple) also works; not-static first because it is the simpler edit.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='p-deepmd-jit-periodic-box',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])
box = (10.0 * jnp.eye(3)).reshape(1, 9)

@jax.jit
def energy(coord, box):
    return model(coord, atype, box)["energy"]

energy(coord, box)
""",
        kind='traced-shape', argument='box', path='box', line=15,
        fixes=('numpy-for-static', 'static'), verifiable=False, jax_fitting_fix=False,
        note="Jitting a periodic DeePMD energy with the cell as an argument: deepmd's extend_coord_with_ghosts calls int() on the number of periodic images (computed from the traced box) to size an arange, so JAX raises ConcretizationTypeError inside the library. Fix: build extended coords and the neighbor list outside the trace (NumPy) and jit model.call_lower on them; checked (same energy as the eager call), but that is a restructuring, not a one-line edit.",
    ),
    Case(
        id='p-deepmd-adaptive-step-if',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])

@jax.jit
def relax_step(coord, step):
    force = model(coord, atype)["force"]
    if jnp.max(jnp.abs(force)) > 0.05:
        step = step * 0.5
    return coord + step * force, step

relax_step(coord, 0.01)
""",
        kind='bool-conversion', argument='coord', path='coord', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A jitted relaxation step halves its step size with a Python if on the max DeePMD force; TracerBoolConversionError. jnp.where on step keeps the semantics; checked.',
    ),
    Case(
        id='p-deepmd-np-force-norm',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])

def loss(coord):
    out = model(coord, atype)
    fnorm = np.linalg.norm(out["force"], axis=-1)
    return out["energy"].sum() + 0.1 * fnorm.sum()

jax.value_and_grad(loss)(coord)
""",
        kind='array-conversion', argument='coord', path='coord', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A loss over DeePMD energy and forces, differentiated with value_and_grad, uses np.linalg.norm on the force output; TracerArrayConversionError. jnp.linalg.norm; checked.',
    ),
    Case(
        id='p-deepmd-oxygen-mask-index',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])

@jax.jit
def oxygen_energy(coord, atype):
    out = model(coord, atype)
    return out["atom_energy"][atype == 0].sum()

oxygen_energy(coord, atype)
""",
        kind='boolean-index', argument='atype', path='atype', line=15,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Summing per-atom DeePMD energies of one element with a boolean mask built from the traced atom types; NonConcreteBooleanIndexError. jnp.where(mask, e, 0).sum() gives the same sum; checked.',
    ),
    Case(
        id='p-deepmd-calculator-self-leak',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])

class DPCalculator:
    def __init__(self, model):
        self.model, self.forces = model, None
    def energy(self, coord):
        out = self.model(coord, atype)
        self.forces = out["force"]
        return out["energy"].sum()

calc = DPCalculator(model)
e = jax.jit(calc.energy)(coord)
calc.forces * 2.0
""",
        kind='leaked-tracer', argument='coord', path='coord', line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=22,
        note='A calculator wrapper stores DeePMD forces on self inside a jitted method and reads them afterwards; UnexpectedTracerError at the later use. Return (energy, forces) from the method instead; checked.',
    ),
    Case(
        id='p-deepmd-nlist-static-sel-list',
        source='https://github.com/deepmodeling/deepmd-kit/pull/3046',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])
from functools import partial
from deepmd.dpmodel.utils.nlist import build_neighbor_list

@partial(jax.jit, static_argnames=("nloc", "sel"))
def make_nlist(coord, atype, nloc, sel):
    return build_neighbor_list(coord.reshape(1, -1), atype, nloc, 4.0, sel,
                               distinguish_types=True)

make_nlist(coord, atype, 6, model.get_sel())
""",
        kind='unhashable-static', argument='sel', path='sel', line=19,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A jitted neighbor-list builder marks sel static but is fed model.get_sel(), which returns a list; JAX raises ValueError (non-hashable static argument). tuple(model.get_sel()) works with build_neighbor_list; checked.',
    ),
    Case(
        id='p-deepmd-units-string-arg',
        source='https://docs.deepmodeling.com/projects/deepmd/en/v3.2.0/backend.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])

@jax.jit
def energy(coord, units):
    e = model(coord, atype)["energy"].sum()
    if units == "kcal/mol":
        e = e * 23.0605
    return e

energy(coord, "kcal/mol")
""",
        kind='non-array-argument', argument='units', path='units', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A jitted DeePMD energy function takes a units string as a normal argument; TypeError (str is not a valid JAX type), and the message itself points to static_argnames. static_argnames='units'; checked.",
    ),
    Case(
        id='p-deepmd-virtual-atoms-slice',
        source='https://github.com/deepmodeling/deepmd-kit/pull/4315',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])
pad_type = jnp.array([[0, 1, 1, 0, 1, 1, -1, -1]])
pad_coord = jnp.concatenate([coord, jnp.zeros((1, 2, 3))], axis=1)

@jax.jit
def energy_real(coord, atype):
    nreal = jnp.sum(atype >= 0)
    return model(coord[:, :nreal], atype[:, :nreal])["energy"]

energy_real(pad_coord, pad_type)
""",
        kind='traced-shape', argument='atype', path='atype', line=17,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='Padded systems (atype -1 for virtual atoms): counting real atoms with jnp.sum inside jit and slicing coord/atype with that count gives IndexError (slice entries must be static). Pass the count as a static argument computed with NumPy outside; checked.',
    ),
    Case(
        id='p-deepmd-mass-list-index',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])
masses = [15.999, 1.008]  # per type, in type_map order
vel = jnp.ones((1, 6, 3))

@jax.jit
def kinetic_energy(vel, atype):
    m = jnp.array([masses[t] for t in atype[0]])
    return 0.5 * jnp.sum(m[:, None] * vel[0] ** 2)

kinetic_energy(vel, atype)
""",
        kind='integer-conversion', argument='atype', path='atype', line=16,
        fixes=('numpy-for-static',), verifiable=False, jax_fitting_fix=False,
        note='Per-type masses in a Python list indexed by traced DeePMD atom types inside a jitted kinetic-energy function; TracerIntegerConversionError. Atom types are fixed per system, so build the mass vector with NumPy outside the trace; checked (moves the line out of the function, so not a mechanical edit).',
    ),
    Case(
        id='p-deepmd-md-step-float-log',
        source='https://github.com/deepmodeling/deepmd-kit/pull/5590',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from deepmd.jax.model.model import get_model

model = get_model({"type_map": ["O", "H"], "fitting_net": {"neuron": [8, 8]},
    "descriptor": {"type": "se_e2_a", "rcut": 4.0, "rcut_smth": 0.5,
                   "sel": [8, 16], "neuron": [4, 8], "axis_neuron": 2}})
coord = jnp.array(np.random.default_rng(0).random((1, 6, 3)) * 3.0)
atype = jnp.array([[0, 1, 1, 0, 1, 1]])

@jax.jit
def md_step(coord, vel, dt):
    out = model(coord, atype)
    print(f"E = {float(out['energy'][0, 0]):.4f} eV")
    vel = vel + dt * out["force"]
    return coord + dt * vel, vel

md_step(coord, jnp.zeros_like(coord), 1e-3)
""",
        kind='concretization', argument='coord', path='coord', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Logging the DeePMD energy with float() inside a jitted MD step; ConcretizationTypeError (JAX's astype hint does not help printing). jax.debug.print; checked.",
    ),
    Case(
        id='p-pybamm-bdf-rhs-if-soc',
        source='https://github.com/pybamm-team/PyBaMM/issues/1124',
        code="""\
import jax
import jax.numpy as jnp
import pybamm

def rhs(y, t, k_charge, k_rest):
    # charge at constant rate until SOC reaches 0.8, then relax
    if y[0] < 0.8:
        return jnp.array([k_charge])
    return jnp.array([-k_rest * y[0]])

t_eval = jnp.linspace(0.0, 10.0, 50)
pybamm.jax_bdf_integrate(rhs, jnp.array([0.2]), t_eval, 0.1, 0.01)
""",
        kind='bool-conversion', argument='y', path='y', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='User right-hand side passed to pybamm.jax_bdf_integrate switches regime with a Python if on the state; the solver traces it (closure_convert) and JAX raises TracerBoolConversionError. jnp.where between the two branches; checked.',
    ),
    Case(
        id='p-pybamm-bdf-rhs-np-interp',
        source='https://github.com/pybamm-team/PyBaMM/issues/1124',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pybamm

t_data = np.array([0.0, 600.0, 1200.0, 1800.0])
i_data = np.array([1.0, 2.0, 0.5, 1.0])  # drive-cycle current [A]

def soc_rhs(y, t, capacity):
    current = np.interp(t, t_data, i_data)
    return -current / (3600.0 * capacity) * jnp.ones_like(y)

t_eval = jnp.linspace(0.0, 1800.0, 31)
pybamm.jax_bdf_integrate(soc_rhs, jnp.array([1.0]), t_eval, 5.0)
""",
        kind='array-conversion', argument='t', path='t', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Drive-cycle current interpolated with np.interp on the traced time inside the RHS given to jax_bdf_integrate; TracerArrayConversionError. jnp.interp; checked.',
    ),
    Case(
        id='p-pybamm-bdf-traced-mass',
        source='https://docs.pybamm.org/en/stable/source/api/solvers/jax_solver.html',
        code="""\
import jax
import jax.numpy as jnp
import pybamm

def rhs(y, t, k):
    # semi-explicit DAE: dy0/dt = -k*y0 and 0 = y1 - 2*y0
    return jnp.array([-k * y[0], y[1] - 2.0 * y[0]])

@jax.jit
def solve(k, mass):
    t_eval = jnp.linspace(0.0, 1.0, 11)
    return pybamm.jax_bdf_integrate(rhs, jnp.array([1.0, 2.0]), t_eval, k, mass=mass)

solve(0.5, jnp.diag(jnp.array([1.0, 0.0])))
""",
        kind='array-conversion', argument='mass', path='mass', line=12,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Mass matrix passed into a jitted wrapper and on to jax_bdf_integrate(mass=...); pybamm builds it with onp.block (it treats the mass matrix as a static NumPy array), so TracerArrayConversionError is raised inside the library. Keep the mass matrix as a NumPy constant outside the traced arguments; checked.',
    ),
    Case(
        id='p-pybamm-fit-self-leak',
        source='https://github.com/pybop-team/PyBOP/pull/25',
        code="""\
import jax
import jax.numpy as jnp
import pybamm

def rhs(y, t, k):
    return -k * y

class DecayFit:
    def __init__(self, data):
        self.data, self.last_y = data, None
    def loss(self, k):
        y = pybamm.jax_bdf_integrate(rhs, jnp.array([1.0]), jnp.linspace(0.0, 1.0, 11), k)
        self.last_y = y
        return jnp.sum((y[:, 0] - self.data) ** 2)

fit = DecayFit(jnp.exp(-0.7 * jnp.linspace(0.0, 1.0, 11)))
err = jax.jit(fit.loss)(0.5)
fit.last_y[-1] + 0.0
""",
        kind='leaked-tracer', argument='k', path='k', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=18,
        note='A fitting class stores the jax_bdf_integrate solution on self inside a jitted loss and reads it afterwards; UnexpectedTracerError at the later use. Return the solution alongside the loss; checked.',
    ),
    Case(
        id='p-pybamm-getsolve-range-cycles',
        source='https://docs.pybamm.org/en/stable/source/api/solvers/jax_solver.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pybamm

model = pybamm.BaseModel()
x, k = pybamm.Variable("x"), pybamm.InputParameter("k")
model.rhs, model.initial_conditions = {x: -k * x}, {x: pybamm.Scalar(1.0)}
model.convert_to_format = "jax"
pybamm.Discretisation().process_model(model)
solver, t_eval = pybamm.JaxSolver(method="RK45"), np.linspace(0.0, 1.0, 11)
solver.solve(model, t_eval, inputs={"k": 0.5})
solve = solver.get_solve(model, t_eval)

@jax.jit
def after_cycles(k, n_cycles):
    y = model.y0_list[0]
    for _ in range(n_cycles):
        y = solve(y, {"k": k})[:, -1]
    return y

after_cycles(0.5, 3)
""",
        kind='integer-conversion', argument='n_cycles', path='n_cycles', line=18,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="Repeating a JaxSolver.get_solve solve n_cycles times with range(n_cycles) inside jit; TracerIntegerConversionError. lax.fori_loop over the cycles (or static_argnames='n_cycles'); checked.",
    ),
    Case(
        id='p-pybamm-model-as-jit-arg',
        source='https://github.com/pybop-team/PyBOP/pull/25',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pybamm

model = pybamm.BaseModel()
x, k = pybamm.Variable("x"), pybamm.InputParameter("k")
model.rhs, model.initial_conditions = {x: -k * x}, {x: pybamm.Scalar(1.0)}
model.convert_to_format = "jax"
pybamm.Discretisation().process_model(model)
solver, t_eval = pybamm.JaxSolver(method="RK45"), np.linspace(0.0, 1.0, 11)
solver.solve(model, t_eval, inputs={"k": 0.5})

@jax.jit
def final_value(model, k):
    solve = solver.get_solve(model, t_eval)
    return solve(model.y0_list[0], {"k": k})[0, -1]

final_value(model, 0.5)
""",
        kind='non-array-argument', argument='model', path='model', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Passing the pybamm model object as an argument of a jitted function around JaxSolver.get_solve; TypeError (BaseModel is not a valid JAX type), message suggests static_argnames. Marking model static works (pybamm models hash by identity); checked.',
    ),
    Case(
        id='p-pybamm-bdf-linspace-npoints',
        source='https://github.com/pybamm-team/PyBaMM/issues/1124',
        code="""\
import jax
import jax.numpy as jnp
import pybamm

def rhs(y, t, k):
    return -k * y

@jax.jit
def decay_curve(k, t_end, n_points):
    t_eval = jnp.linspace(0.0, t_end, n_points)
    return pybamm.jax_bdf_integrate(rhs, jnp.array([1.0]), t_eval, k)

decay_curve(0.5, 2.0, 21)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Number of output times passed to a jitted wrapper and used as jnp.linspace's num before jax_bdf_integrate; ConcretizationTypeError ('num' argument of jnp.linspace). static_argnames='n_points'; checked.",
    ),
    Case(
        id='p-pybamm-bdf-static-teval-array',
        source='https://docs.pybamm.org/en/stable/source/api/solvers/jax_solver.html',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
import pybamm

def rhs(y, t, k):
    return -k * y

@partial(jax.jit, static_argnames="t_eval")
def decay(k, t_eval):
    return pybamm.jax_bdf_integrate(rhs, jnp.array([1.0]), jnp.asarray(t_eval), k)

decay(0.5, np.linspace(0.0, 1.0, 11))
""",
        kind='unhashable-static', argument='t_eval', path='t_eval', line=14,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='t_eval (a NumPy array) declared static for a jitted jax_bdf_integrate wrapper; ValueError (non-hashable static argument). jax_bdf_integrate accepts a traced t_eval, so simply not marking it static works (a tuple also would); checked.',
    ),
    Case(
        id='p-pybamm-bdf-math-exp-arrhenius',
        source='https://github.com/pybamm-team/PyBaMM/issues/1124',
        code="""\
import math
import jax
import jax.numpy as jnp
import pybamm

def rhs(y, t, temp):
    k = 0.1 * math.exp(-5000.0 * (1.0 / temp - 1.0 / 298.15))  # Arrhenius
    return -k * y

def final_capacity(temp):
    y = pybamm.jax_bdf_integrate(rhs, jnp.array([1.0]), jnp.linspace(0.0, 1.0, 11), temp)
    return y[-1, 0]

jax.vmap(final_capacity)(jnp.array([298.15, 310.0, 320.0]))
""",
        kind='concretization', argument='temp', path='temp', line=7,
        fixes=('jnp-not-np', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=False,
        note='Arrhenius rate written with math.exp on the traced temperature inside the RHS of jax_bdf_integrate, vmapped over temperatures; math.exp calls float(), so ConcretizationTypeError. jnp.exp; checked.',
    ),
    Case(
        id='p-etils-xnp-module-jit-arg',
        source='https://github.com/google/etils/blob/main/etils/enp/README.md',
        code="""\
import jax
import jax.numpy as jnp
from etils import enp

@enp.check_and_normalize_arrays
def unit(v: enp.typing.FloatArray["*d 3"], xnp: enp.NpModule = ...):
    return v / xnp.linalg.norm(v, axis=-1, keepdims=True)

@jax.jit
def directions(points, xnp):
    return unit(points - points.mean(axis=0), xnp=xnp)

directions(jnp.ones((4, 3)) * jnp.arange(4.0)[:, None], jnp)
""",
        kind='non-array-argument', argument='xnp', path='xnp', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The etils xnp convention (numpy module as a parameter) leaks into a jitted function that takes xnp as a normal argument; TypeError (module is not a valid JAX type), message suggests static. static_argnames='xnp'; checked.",
    ),
    Case(
        id='p-etils-spec-list-static',
        source='https://github.com/google/etils/blob/main/etils/etree/README.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from etils import etree

params = {"w": jnp.ones((3, 4)), "b": jnp.zeros(4)}
specs = etree.spec_like(params)

@partial(jax.jit, static_argnames="shapes")
def zeros_like_specs(shapes):
    return [jnp.zeros(s.shape, s.dtype) for s in shapes]

zeros_like_specs(list(specs.values()))
""",
        kind='unhashable-static', argument='shapes', path='shapes', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='ArraySpecs from etree.spec_like collected into a list and passed as a static argument; ValueError (non-hashable static argument: list). A tuple of the (hashable) ArraySpecs works; checked.',
    ),
    Case(
        id='p-etils-etree-map-append-leak',
        source='https://github.com/google/etils/blob/main/etils/etree/README.md',
        code="""\
import jax
import jax.numpy as jnp
from etils import etree

params = {"w": jnp.ones((3, 4)), "b": jnp.zeros(4)}
grad_norms = []

@jax.jit
def sgd_step(params, x):
    grads = jax.grad(lambda p: jnp.sum((x @ p["w"] + p["b"]) ** 2))(params)
    etree.map(lambda g: grad_norms.append(jnp.linalg.norm(g)), grads)
    return etree.map(lambda p, g: p - 0.1 * g, params, grads)

params = sgd_step(params, jnp.ones((2, 3)))
print(jnp.stack(grad_norms))
""",
        kind='leaked-tracer', argument='params', path="params['b']", line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=15,
        note='Per-leaf gradient norms appended to a global list from an etree.map callback inside a jitted step, then stacked outside; UnexpectedTracerError at the later use. Return etree.map(jnp.linalg.norm, grads) from the step; checked.',
    ),
    Case(
        id='p-etils-checked-fn-np-call',
        source='https://github.com/google/etils/blob/main/etils/enp/checking.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from etils import enp

@enp.check_and_normalize_arrays
def to_spherical(v: enp.typing.FloatArray["*d 3"], xnp: enp.NpModule = ...):
    r = xnp.linalg.norm(v, axis=-1)
    theta = np.arccos(v[..., 2] / r)
    return xnp.stack([r, theta], axis=-1)

jax.jit(to_spherical)(jnp.array([[1.0, 2.0, 2.0], [0.0, 0.0, 3.0]]))
""",
        kind='array-conversion', argument='v', path='v', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='An @enp.check_and_normalize_arrays function uses np.arccos instead of the injected xnp, and is jitted; TracerArrayConversionError. Use xnp.arccos (jnp under jit); checked.',
    ),
    Case(
        id='p-etils-checked-fn-zero-check-vmap',
        source='https://github.com/google/etils/blob/main/etils/enp/checking.py',
        code="""\
import jax
import jax.numpy as jnp
from etils import enp

@enp.check_and_normalize_arrays
def safe_normalize(v: enp.typing.FloatArray["3"], xnp: enp.NpModule = ...):
    n = xnp.linalg.norm(v)
    if n == 0:
        return v
    return v / n

jax.vmap(safe_normalize)(jnp.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0]]))
""",
        kind='bool-conversion', argument='v', path='v', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='An @enp.check_and_normalize_arrays normalizer guards zero vectors with a Python if and is vmapped; TracerBoolConversionError (BatchTracer). xnp.where with a safe denominator; checked.',
    ),
    Case(
        id='p-etils-unzip-index-scan',
        source='https://github.com/google/etils/blob/main/etils/etree/README.md',
        code="""\
import jax
import jax.numpy as jnp
from etils import etree

batch = {"x": jnp.arange(12.0).reshape(4, 3), "y": jnp.arange(4.0)}

def body(total, i):
    frame = list(etree.unzip(batch))[i]
    return total + jnp.sum(frame["x"]) * frame["y"], None

jax.lax.scan(body, 0.0, jnp.arange(4))
""",
        kind='integer-conversion', argument='i', path='i', line=8,
        fixes=('lax.dynamic_slice', 'lax.scan'), verifiable=True, jax_fitting_fix=False,
        note='Inside a lax.scan body, frames from etree.unzip(batch) are put in a list and indexed by the traced step; TracerIntegerConversionError. Index each leaf dynamically (lax.dynamic_index_in_dim via etree.map), or scan over the batch directly; checked the first.',
    ),
    Case(
        id='p-etils-etree-map-mask-filter',
        source='https://github.com/google/etils/blob/main/etils/etree/README.md',
        code="""\
import jax
import jax.numpy as jnp
from etils import etree

batch = {"pos": jnp.arange(15.0).reshape(5, 3), "w": jnp.ones(5)}

@jax.jit
def drop_far(batch, radius):
    keep = jnp.linalg.norm(batch["pos"], axis=-1) < radius
    return etree.map(lambda x: x[keep], batch)

drop_far(batch, 10.0)
""",
        kind='boolean-index', argument='batch', path="batch['pos']", line=10,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Dropping far points from every leaf of a batch with etree.map(lambda x: x[keep], batch) under jit; NonConcreteBooleanIndexError. Mask with jnp.where (fixed shape) or use jnp.nonzero(keep, size=...); checked jnp.where.',
    ),
]
