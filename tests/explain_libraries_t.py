"""Held-out library cases (set T): mpax, sax, diffmah, dsps.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / gist / package page, written against the installed versions: mpax 0.2.4,
sax 0.16.14 (with klujax 0.4.8), diffmah 0.7.3, dsps 0.4.8 (installed with pip into both
environments under constraint files pinning jax/jaxlib/flax/equinox/optax/numpy/ml_dtypes/chex).
Every cell was written to a .py file and run as a file under both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
All statements but the last run cleanly and the last raises, with the same exception class on both
(recorded in each note; m7's IndexError text differs between versions). `line` is the innermost
frame of the cell in the traceback (for leaks, the line that stores the tracer; `use_line` is the
later use where JAX raises). Every case marked verifiable=True had its top fix applied by hand and
was re-run on both interpreters, where it traced and ran.
Note: sax and dsps enable jax_enable_x64 on import, so their tracers are float64/int64.
No dsps SSP data files are needed: the cells use synthetic SSP grids of the right shapes.

Doubts about labels:
- t-mpax-traced-iteration-limit-unroll: JAX raises 'Non-hashable static arguments' on a tracer
  (mpax's inner jit marks maxiter static when unroll=True); labelled traced-shape (a scan length
  from a solver config field), though the message reads like unhashable-static.
- t-mpax-mask-finite-rows: the jnp.where fix (replace -inf bounds with a huge finite bound and keep
  all rows) keeps the LP's meaning only because such rows are vacuous; size-argument-style fixes
  (fixed-size row selection) are defensible too. Listed only jnp.where.
- t-mpax-traced-equality-count-slice: IndexError, not a JAX tracer error class; JAX 0.12's message
  suggests jax.ds/dynamic_slice, which does not fit (the slice length itself varies).
- t-mpax-static-lp-problem / t-diffmah-static-tarr-array: `line` is the call line (the error is raised
  when the jitted function is called, before tracing).
- t-sax-model-if-wavelength: with an array wl both interpreters raise ValueError ('truth value of an
  array with more than one element is ambiguous') instead of TracerBoolConversionError, so the cell
  calls the jitted function with a scalar wavelength.
- t-sax-grad-float-length: JAX suggests x.astype(float) first, which fails here (SAX also calls the
  model with its Python-float defaults while discovering ports); jnp.array(x, float), its second
  suggestion, and simply dropping float() work. Kept jax_fitting_fix=True and astype first.
- t-sax-range-traced-setting: static is listed first (the loop count is a structural setting);
  lax.fori_loop would keep it traced and also works.
- t-sax-nested-circuit-klu-under-jit: the boolean mask is built inside sax's KLU backend from the
  netlist structure, so argument/path are None; the real fix (build the circuit once, outside the
  traced model) has no exact Fix.kind; numpy-for-static chosen as closest, verifiable=False.
  traced-shape or concretization would also be defensible kinds.
- t-diffmah-grad-leak-self-attr / t-diffmah-np-interp-half-mass: the offending value depends on all
  five DiffmahParams leaves; path given as the first, mah_params.logm0 (JAX's message for the
  np.interp case lists all five).
- t-dsps-vmap-filter-list-index: integer-conversion (list index); lax.switch first because the band
  index is vmapped (static impossible under vmap unless the vmap is removed); static second.
- t-dsps-scan-leak-sed-list: the leaked SED depends on the scan's xs element sfr_amp (body parameter),
  not on carry; argument chosen as sfr_amp.
- t-mpax-vmap-float-objective: the vocabulary has no "just drop float()" fix; astype first (what
  JAX's message suggests), jnp-not-builtin second, as in earlier sets.

Libraries tried/dropped: none of mpax, sax, dsps, diffmah failed to install or import on either
interpreter, so nequip-jax/mace-jax, jwave, popjym, diffstar were not tried (diffstar was not needed
for coverage). Candidate dropped: a mpax case with a traced eps_abs tolerance (it traces fine: the
tolerances only enter array arithmetic) and a sax case calling jax.jit(circuit) on a wavelength
array (raised ValueError, not a tracer error class; replaced by the scalar-wavelength cell).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='t-mpax-solver-object-as-jit-arg',
        source='https://github.com/MIT-Lu-Lab/MPAX',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

c = jnp.array([-1.0, -2.0])
lp = create_lp(c, jnp.zeros((0, 2)), jnp.zeros(0), -jnp.eye(2), -jnp.ones(2), jnp.zeros(2), jnp.full(2, 5.0))

@jax.jit
def solve(solver, problem):
    return solver.optimize(problem).primal_solution

solve(r2HPDHG(eps_abs=1e-4), lp)
""",
        kind='non-array-argument', argument='solver', path='solver', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The user jits a helper solve(solver, problem) and passes the r2HPDHG solver object (a plain dataclass, not a pytree) as an ordinary argument; the README jits solver.optimize instead. Fix: static_argnames='solver' (the dataclass is eq=False, so hashable by identity); checked. JAX's message names static_argnums/static_argnames. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError.",
    ),
    Case(
        id='t-mpax-traced-iteration-limit-unroll',
        source='https://github.com/MIT-Lu-Lab/MPAX',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

def make_lp(c):
    G = -jnp.eye(2)
    return create_lp(c, jnp.zeros((0, 2)), jnp.zeros(0), G, -jnp.ones(2), jnp.zeros(2), jnp.full(2, 5.0))

@jax.jit
def solve(c, max_iters):
    solver = r2HPDHG(iteration_limit=max_iters, unroll=True)
    return solver.optimize(make_lp(c)).primal_solution

solve(jnp.array([-1.0, -2.0]), 500)
""",
        kind='traced-shape', argument='max_iters', path='max_iters', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Solver config field: iteration_limit is set from a jit argument while unroll=True, so mpax's while_loop helper jits its scan-based loop with maxiter static (scan length). The traced max_iters reaches a static argument of mpax's inner jit and JAX raises 'Non-hashable static arguments' on a DynamicJaxprTracer. Fix: make max_iters static in the user's jit; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments).",
    ),
    Case(
        id='t-mpax-if-termination-status',
        source='https://github.com/MIT-Lu-Lab/MPAX',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

solver = r2HPDHG(eps_abs=1e-4, eps_rel=1e-4)

@jax.jit
def best_allocation(cost):
    lp = create_lp(cost, jnp.ones((1, 3)), jnp.ones(1), jnp.zeros((0, 3)), jnp.zeros(0),
                   jnp.zeros(3), jnp.ones(3))
    result = solver.optimize(lp)
    if result.termination_status != 2:
        return jnp.full(3, jnp.nan)
    return result.primal_solution

best_allocation(jnp.array([3.0, 1.0, 2.0]))
""",
        kind='bool-conversion', argument='cost', path='cost', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Python `if` on result.termination_status (a traced solver output, depends on the cost vector) inside the user's jitted function, to return NaNs for unsolved problems. Fix: jnp.where(status != 2, nan, primal_solution); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='t-mpax-vmap-float-objective',
        source='https://github.com/MIT-Lu-Lab/MPAX',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

solver = r2HPDHG(eps_abs=1e-4, eps_rel=1e-4)

def optimal_value(budget):
    lp = create_lp(-jnp.ones(2), jnp.zeros((0, 2)), jnp.zeros(0), -jnp.ones((1, 2)),
                   -budget[None], jnp.zeros(2), jnp.full(2, 10.0))
    return float(solver.optimize(lp).primal_objective)

budgets = jnp.array([1.0, 2.0, 3.0])
jax.vmap(optimal_value)(budgets)
""",
        kind='concretization', argument='budget', path='budget', line=10,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="Batch solve with jax.vmap over a budget parameter (the README's batching pattern); the user's function calls float() on primal_objective, a BatchTracer. Fix: drop float() or use .astype(float) as JAX's message suggests; astype checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='t-mpax-mask-finite-rows',
        source='https://github.com/MIT-Lu-Lab/MPAX/issues/1',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

solver = r2HPDHG()

@jax.jit
def solve(c, M, lower):
    keep = jnp.isfinite(lower)
    G, h = M[keep], lower[keep]
    lp = create_lp(c, jnp.zeros((0, 2)), jnp.zeros(0), G, h, jnp.zeros(2), jnp.full(2, 5.0))
    return solver.optimize(lp).primal_solution

solve(jnp.array([1.0, 1.0]), jnp.eye(2), jnp.array([1.0, -jnp.inf]))
""",
        kind='boolean-index', argument='lower', path='lower', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Reduction of MPAX issue 1 (building an LP under jit with a data-dependent number of constraints): the user drops rows with infinite lower bound via M[keep] with keep = isfinite(lower). Fix that keeps shapes: keep all rows and replace -inf by a large negative bound with jnp.where (G x >= -1e6 is vacuous here); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='t-mpax-leak-solutions-list',
        source='https://github.com/MIT-Lu-Lab/MPAX',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

solver = r2HPDHG()
solutions = []

@jax.jit
def solve(c):
    lp = create_lp(c, jnp.zeros((0, 2)), jnp.zeros(0), -jnp.eye(2), -jnp.ones(2), jnp.zeros(2), jnp.full(2, 5.0))
    result = solver.optimize(lp)
    solutions.append(result.primal_solution)
    return result.primal_objective

solve(jnp.array([-1.0, -2.0]))
jnp.linalg.norm(solutions[0])
""",
        kind='leaked-tracer', argument='c', path='c', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="The user's jitted solve() appends result.primal_solution to a module-level list and returns only the objective; reading the list afterwards uses the leaked DynamicJaxprTracer. Fix: return the solution from the jitted function. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 16.",
        use_line=16,
    ),
    Case(
        id='t-mpax-traced-equality-count-slice',
        source='https://github.com/MIT-Lu-Lab/MPAX/pull/2',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

solver = r2HPDHG()

@jax.jit
def solve(c, M, rhs, n_eq):
    A, b = M[:n_eq], rhs[:n_eq]
    G, h = M[n_eq:], rhs[n_eq:]
    lp = create_lp(c, A, b, G, h, jnp.zeros(2), jnp.full(2, 5.0))
    return solver.optimize(lp).primal_solution

solve(jnp.array([1.0, 1.0]), jnp.array([[1.0, 1.0], [1.0, 0.0]]), jnp.array([2.0, 0.5]), 1)
""",
        kind='traced-shape', argument='n_eq', path='n_eq', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The user splits a stacked constraint matrix into equalities A and inequalities G with a traced n_eq (slice bound); create_lp needs static shapes (PR 2 made create_lp jittable only for fixed A/G shapes). Fix: static_argnames='n_eq'; checked. py3.11/jax 0.10.2 raises IndexError ('Slice entries must be static integers'); py3.13/jax 0.12.0.1 raises IndexError ('Array slice indices must have static start/stop/step', suggesting jax.ds/dynamic_slice, which does not fit because the slice size itself varies).",
    ),
    Case(
        id='t-mpax-static-lp-problem',
        source='https://github.com/MIT-Lu-Lab/MPAX',
        code="""\
import jax
import jax.numpy as jnp
from mpax import create_lp, r2HPDHG

lp = create_lp(-jnp.ones(2), jnp.zeros((0, 2)), jnp.zeros(0), -jnp.eye(2), -jnp.ones(2), jnp.zeros(2), jnp.full(2, 5.0))

def solve(solver, problem):
    return solver.optimize(problem).primal_objective

solve_jit = jax.jit(solve, static_argnums=(0, 1))
solve_jit(r2HPDHG(), lp)
""",
        kind='unhashable-static', argument='problem', path='problem', line=11,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='static_argnums=(0, 1) marks both the solver and the QuadraticProgrammingProblem static; the problem is a NamedTuple of arrays/BCOO matrices and cannot be hashed. Fix: keep only the solver static and pass the problem as a pytree argument; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments).',
    ),
    Case(
        id='t-sax-model-if-wavelength',
        source='https://github.com/gdsfactory/quantum-rf-pdk/pull/805',
        code="""\
import jax
import jax.numpy as jnp
import sax

def wg(wl=1.55, length=10.0, neff=2.4):
    loss = 0.9 if wl > 1.55 else 1.0
    return sax.reciprocal({("in0", "out0"): loss * jnp.exp(2j * jnp.pi * neff * length / wl)})

netlist = {
    "instances": {"a": "wg", "b": "wg"},
    "connections": {"a,out0": "b,in0"},
    "ports": {"in0": "a,in0", "out0": "b,out0"},
}
circuit, _ = sax.circuit(netlist, models={"wg": wg})

@jax.jit
def transmission(wl):
    return jnp.abs(circuit(wl=wl)["in0", "out0"]) ** 2

transmission(1.6)
""",
        kind='bool-conversion', argument='wl', path='wl', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A user SAX model uses a Python conditional expression on wl (the PDK guideline in the cited PR forbids control flow on traced values in models); the circuit is called inside the user's jit. Fix: jnp.where(wl > 1.55, 0.9, 1.0); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError (with a length-5 wl array both raise ValueError 'truth value of an array ... ambiguous' instead, so the cell uses a scalar wl).",
    ),
    Case(
        id='t-sax-grad-float-length',
        source='https://github.com/gdsfactory/quantum-rf-pdk/issues/833',
        code="""\
import jax
import jax.numpy as jnp
import sax

def wg(wl=1.55, length=10.0, neff=2.4):
    phase = 2 * jnp.pi * neff * float(length) / wl
    return sax.reciprocal({("in0", "out0"): jnp.exp(1j * phase)})

netlist = {
    "instances": {"a": "wg", "b": "wg"},
    "connections": {"a,out0": "b,in0"},
    "ports": {"in0": "a,in0", "out0": "b,out0"},
}
circuit, _ = sax.circuit(netlist, models={"wg": wg})

def loss(length):
    s = circuit(wl=1.55, a={"length": length})
    return jnp.abs(s["in0", "out0"] - 1j) ** 2

jax.grad(loss)(10.0)
""",
        kind='concretization', argument='length', path='length', line=6,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="float() on the length setting inside a user SAX model (issue 833: float(ws[i]) in a PDK model), reached through jax.grad of the user's loss over the circuit. Fix: drop float() or jnp.array(length, float) (JAX's second suggestion); checked. x.astype(float), JAX's first suggestion, fails here because SAX also calls the model with its Python-float defaults. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='t-sax-range-traced-setting',
        source='https://github.com/gdsfactory/circulax/issues/47',
        code="""\
import jax
import jax.numpy as jnp
import sax

def ring_chain(wl=1.55, n_rings=2, kappa=0.1):
    t = jnp.ones_like(jnp.asarray(wl), dtype=complex)
    for _ in range(n_rings):
        t = t * jnp.sqrt(1 - kappa) * jnp.exp(1j * 2 * jnp.pi / wl)
    return sax.reciprocal({("in0", "out0"): t})

netlist = {"instances": {"r": "ring_chain"}, "ports": {"in0": "r,in0", "out0": "r,out0"}}
circuit, _ = sax.circuit(netlist, models={"ring_chain": ring_chain})

@jax.jit
def transmission(wl, n):
    return jnp.abs(circuit(wl=wl, r={"n_rings": n})["in0", "out0"]) ** 2

transmission(jnp.linspace(1.5, 1.6, 4), 3)
""",
        kind='integer-conversion', argument='n', path='n', line=7,
        fixes=('static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note="Instance setting used as a Python loop count: a user model loops `for _ in range(n_rings)`, and the user's jit passes n as the ring instance's setting (circulax 47: all numeric SAX settings become traced leaves and hit Python control flow). Fix: static_argnames='n'; checked. lax.fori_loop (traced trip count) would also work. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.",
    ),
    Case(
        id='t-sax-leak-model-cache',
        source='https://github.com/gdsfactory/sax',
        code="""\
import jax
import jax.numpy as jnp
import sax

last_s = {}

def wg(wl=1.55, length=10.0, neff=2.4):
    s = sax.reciprocal({("in0", "out0"): jnp.exp(2j * jnp.pi * neff * length / wl)})
    last_s["wg"] = s
    return s

netlist = {
    "instances": {"a": "wg", "b": "wg"},
    "connections": {"a,out0": "b,in0"},
    "ports": {"in0": "a,in0", "out0": "b,out0"},
}
circuit, _ = sax.circuit(netlist, models={"wg": wg})
power = jax.jit(lambda L: jnp.abs(circuit(a={"length": L}, b={"length": L})["in0", "out0"]) ** 2)
power(12.0)
jnp.abs(last_s["wg"]["in0", "out0"])
""",
        kind='leaked-tracer', argument='L', path='L', line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="A user SAX model caches its S-dict in a module-level dict; the circuit is evaluated under the user's jit(lambda L: ...), so the cached entry is a tracer (the last write is instance b, whose length is L). Reading it later raises. Fix: return the S-parameters from the jitted function. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 20.",
        use_line=20,
    ),
    Case(
        id='t-sax-linspace-traced-points',
        source='https://github.com/gdsfactory/sax',
        code="""\
import jax
import jax.numpy as jnp
import sax

def wg(wl=1.55, length=10.0, neff=2.4):
    return sax.reciprocal({("in0", "out0"): jnp.exp(2j * jnp.pi * neff * length / wl)})

netlist = {
    "instances": {"a": "wg", "b": "wg"},
    "connections": {"a,out0": "b,in0"},
    "ports": {"in0": "a,in0", "out0": "b,out0"},
}
circuit, _ = sax.circuit(netlist, models={"wg": wg})

@jax.jit
def spectrum(center, n_points):
    wl = jnp.linspace(center - 0.05, center + 0.05, n_points)
    return jnp.abs(circuit(wl=wl)["in0", "out0"]) ** 2

spectrum(1.55, 101)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The user's jitted spectrum() builds its wavelength grid with jnp.linspace(..., n_points) from a jit argument before calling the circuit. Fix: static_argnames='n_points'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError ('num' argument of jnp.linspace).",
    ),
    Case(
        id='t-sax-numpy-in-model-vmap',
        source='https://github.com/gdsfactory/sax/pull/78',
        code="""\
import jax
import jax.numpy as jnp
import sax

import numpy as np

def wg(wl=1.55, length=10.0, neff=2.4):
    t = np.exp(2j * np.pi * neff * length / wl)
    return sax.reciprocal({("in0", "out0"): t})

netlist = {
    "instances": {"a": "wg", "b": "wg"},
    "connections": {"a,out0": "b,in0"},
    "ports": {"in0": "a,in0", "out0": "b,out0"},
}
circuit, _ = sax.circuit(netlist, models={"wg": wg})
sweep = jax.vmap(lambda n: circuit(wl=1.55, b={"neff": n})["in0", "out0"])
sweep(jnp.linspace(2.3, 2.5, 5))
""",
        kind='array-conversion', argument='n', path='n', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A user SAX model computes its transmission with np.exp/np.pi (the cited PR's 'keep the models jittable'); the user vmaps a sweep over instance b's neff, so np.exp receives a BatchTracer. Fix: jnp.exp; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='t-sax-nested-circuit-klu-under-jit',
        source='https://github.com/gdsfactory/sax/issues/109',
        code="""\
import jax
import jax.numpy as jnp
import sax

def wg(wl=1.55, length=10.0):
    return sax.reciprocal({("in0", "out0"): jnp.exp(2j * jnp.pi * 2.4 * length / wl)})

inner = {"instances": {"a": "wg", "b": "wg"}, "connections": {"a,out0": "b,in0"},
         "ports": {"in0": "a,in0", "out0": "b,out0"}}

def double_wg(wl=1.55, length=10.0):
    circ, _ = sax.circuit(inner, models={"wg": wg}, backend="klu")
    return circ(wl=wl, a={"length": length}, b={"length": length})

jax.jit(lambda L: double_wg(length=L)["in0", "out0"])(5.0)
""",
        kind='boolean-index', argument=None, path=None, line=12,
        fixes=('numpy-for-static',), verifiable=False, jax_fitting_fix=False,
        note="Reduction of sax issue 109: a user model builds a sub-circuit with sax.circuit(..., backend='klu') inside its body; under the user's jit the KLU backend's analysis does boolean fancy indexing with a mask built from the netlist structure, which is now a tracer. The mask depends on no parameter. Real fix: build the circuit once outside the traced function (checked); closest vocabulary entry is numpy-for-static (do the structural/static work outside the trace). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError (raised inside sax, from the user's sax.circuit line).",
    ),
    Case(
        id='t-diffmah-linspace-traced-ntimes',
        source='https://gist.github.com/aphearin/758a0f644eb2b33e2ddda882709e871b',
        code="""\
import jax
import jax.numpy as jnp
from diffmah import DEFAULT_MAH_PARAMS, mah_singlehalo

@jax.jit
def final_mass(mah_params, t0, n_t):
    tarr = jnp.linspace(0.5, t0, n_t)
    dmhdt, log_mah = mah_singlehalo(mah_params, tarr, jnp.log10(t0))
    return log_mah[-1]

final_mass(DEFAULT_MAH_PARAMS, 13.8, 100)
""",
        kind='traced-shape', argument='n_t', path='n_t', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The user's jitted helper builds the time grid for mah_singlehalo with jnp.linspace(0.5, t0, n_t) where n_t is a jit argument. Fix: static_argnames='n_t'; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError ('num' argument of jnp.linspace).",
    ),
    Case(
        id='t-diffmah-grad-leak-self-attr',
        source='https://github.com/ArgonneCPAC/diffmah',
        code="""\
import jax
import jax.numpy as jnp
from diffmah import DEFAULT_MAH_PARAMS, mah_singlehalo

class MAHFitter:
    def __init__(self, tarr, log_mah_target):
        self.tarr, self.target = tarr, log_mah_target

    def loss(self, mah_params):
        _, log_mah = mah_singlehalo(mah_params, self.tarr, jnp.log10(13.8))
        self.best_fit_curve = log_mah
        return jnp.mean((log_mah - self.target) ** 2)

tarr = jnp.linspace(1.0, 13.8, 50)
fitter = MAHFitter(tarr, 12.0 + jnp.log10(tarr / 13.8))
grads = jax.grad(fitter.loss)(DEFAULT_MAH_PARAMS._replace(logm0=11.5))
jnp.max(fitter.best_fit_curve)
""",
        kind='leaked-tracer', argument='mah_params', path='mah_params.logm0', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note='A user fitter class (the diffmah_fitter_demo pattern) stores the model curve on self inside the loss it differentiates with jax.grad; the stored value is a LinearizeTracer. Using it after grad raises. Fix: return it as auxiliary output (has_aux=True) / recompute outside. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 17.',
        use_line=17,
    ),
    Case(
        id='t-diffmah-vmap-if-logm0',
        source='https://gist.github.com/aphearin/758a0f644eb2b33e2ddda882709e871b',
        code="""\
import jax
import jax.numpy as jnp
from diffmah import DiffmahParams, mah_singlehalo

tarr = jnp.linspace(1.0, 13.8, 50)

def halo_history(logm0, t_peak):
    params = DiffmahParams(logm0, 0.05, 2.6, 0.13, t_peak)
    _, log_mah = mah_singlehalo(params, tarr, jnp.log10(13.8))
    if logm0 < 11.0:
        log_mah = log_mah - 0.1
    return log_mah

logm0s = jnp.array([10.5, 12.0, 13.5])
jax.vmap(halo_history)(logm0s, jnp.full(3, 14.0))
""",
        kind='bool-conversion', argument='logm0', path='logm0', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Per-halo function vmapped over a population of halos (the gist's vmap over halos) with a Python `if logm0 < 11.0` correction. Fix: jnp.where(logm0 < 11.0, log_mah - 0.1, log_mah); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.",
    ),
    Case(
        id='t-diffmah-np-interp-half-mass',
        source='https://gist.github.com/aphearin/758a0f644eb2b33e2ddda882709e871b',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from diffmah import DEFAULT_MAH_PARAMS, mah_singlehalo

tarr = jnp.linspace(0.5, 13.8, 100)

@jax.jit
def half_mass_time(mah_params):
    _, log_mah = mah_singlehalo(mah_params, tarr, jnp.log10(13.8))
    frac = 10 ** (log_mah - log_mah[-1])
    return np.interp(0.5, frac, tarr)

half_mass_time(DEFAULT_MAH_PARAMS)
""",
        kind='array-conversion', argument='mah_params', path='mah_params.logm0', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Half-mass formation time computed with np.interp on the traced mass history inside the user's jit. Fix: jnp.interp; checked. JAX's message lists all five mah_params leaves. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.",
    ),
    Case(
        id='t-diffmah-mask-late-times',
        source='https://gist.github.com/aphearin/758a0f644eb2b33e2ddda882709e871b',
        code="""\
import jax
import jax.numpy as jnp
from diffmah import DEFAULT_MAH_PARAMS, mah_singlehalo

tarr = jnp.linspace(0.5, 13.8, 100)

@jax.jit
def mean_accretion_after(mah_params, t_min):
    dmhdt, _ = mah_singlehalo(mah_params, tarr, jnp.log10(13.8))
    late = tarr > t_min
    return jnp.mean(dmhdt[late])

mean_accretion_after(DEFAULT_MAH_PARAMS, 6.0)
""",
        kind='boolean-index', argument='t_min', path='t_min', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Mean accretion rate after a traced time t_min via dmhdt[tarr > t_min]. Fix: sum(jnp.where(late, dmhdt, 0)) / sum(late) (same result); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='t-diffmah-static-tarr-array',
        source='https://github.com/ArgonneCPAC/diffmah',
        code="""\
import functools
import jax
import jax.numpy as jnp
from diffmah import DEFAULT_MAH_PARAMS, mah_singlehalo

@functools.partial(jax.jit, static_argnames=("tarr",))
def log_mass_history(mah_params, tarr):
    _, log_mah = mah_singlehalo(mah_params, tarr, jnp.log10(13.8))
    return log_mah

log_mass_history(DEFAULT_MAH_PARAMS, tarr=jnp.linspace(0.5, 13.8, 100))
""",
        kind='unhashable-static', argument='tarr', path='tarr', line=11,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The time grid passed to mah_singlehalo is marked static (static_argnames=('tarr',)) but is a JAX array. Fix: stop marking it static; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments).",
    ),
    Case(
        id='t-dsps-config-namedtuple-ntable',
        source='https://gist.github.com/aphearin/b96a4bd1e0315c3b0e2d80a6507bdaf7',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
from dsps import calc_rest_sed_sfh_table_lognormal_mdf

ssp_lgmet = jnp.linspace(-4.0, -1.5, 6)
ssp_lg_age_gyr = jnp.linspace(-3.0, 1.1, 40)
ssp_wave = jnp.linspace(1000.0, 10000.0, 200)
ssp_flux = jnp.ones((6, 40, 200)) * 1e-5

class SEDConfig(NamedTuple):
    n_t: int
    t_obs: float

@jax.jit
def galaxy_sed(sfr_amp, cfg):
    t_table = jnp.linspace(0.1, cfg.t_obs, cfg.n_t)
    sfr_table = sfr_amp * jnp.ones_like(t_table)
    sed = calc_rest_sed_sfh_table_lognormal_mdf(t_table, sfr_table, -2.0, 0.2, ssp_lgmet,
                                                ssp_lg_age_gyr, ssp_flux, cfg.t_obs)
    return sed.rest_sed

galaxy_sed(1.0, SEDConfig(n_t=100, t_obs=13.0))
""",
        kind='traced-shape', argument='cfg', path='cfg.n_t', line=17,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="User config NamedTuple (n_t, t_obs) passed as a normal jit argument, so it is flattened and cfg.n_t is traced; it is the SFH table length fed to calc_rest_sed_sfh_table_lognormal_mdf. Fix: static_argnames='cfg' (a NamedTuple of Python scalars is hashable); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError ('num' argument of jnp.linspace).",
    ),
    Case(
        id='t-dsps-vmap-filter-list-index',
        source='https://github.com/ArgonneCPAC/dsps',
        code="""\
import jax
import jax.numpy as jnp
from dsps import calc_rest_mag

ssp_wave = jnp.linspace(1000.0, 10000.0, 200)
sed = jnp.ones(200) * 1e-5
filter_waves = [jnp.linspace(3000.0, 4000.0, 50), jnp.linspace(5000.0, 6500.0, 60)]
filter_trans = [jnp.ones(50), jnp.ones(60)]

def magnitude(band):
    return calc_rest_mag(ssp_wave, sed, filter_waves[band], filter_trans[band])

jax.vmap(magnitude)(jnp.arange(2))
""",
        kind='integer-conversion', argument='band', path='band', line=11,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note="Filters of different lengths kept in Python lists and indexed with a band index vmapped over jnp.arange; list indexing calls __index__ on the BatchTracer. Fix: lax.switch over per-band branches calling calc_rest_mag; checked (dsps' own interpolate_filter_trans_curves + vmap is the library's recommended alternative). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.",
    ),
    Case(
        id='t-dsps-scan-leak-sed-list',
        source='https://github.com/LSSTDESC/rail/commit/eb71f47917de28861149d3f22ab11f048ce8e781',
        code="""\
import jax
import jax.numpy as jnp
from dsps import calc_rest_sed_sfh_table_lognormal_mdf

ssp_lgmet = jnp.linspace(-4.0, -1.5, 6)
ssp_lg_age_gyr = jnp.linspace(-3.0, 1.1, 40)
ssp_wave = jnp.linspace(1000.0, 10000.0, 200)
ssp_flux = jnp.ones((6, 40, 200)) * 1e-5
t_table = jnp.linspace(0.1, 13.0, 100)
seds = []

def body(carry, sfr_amp):
    sed = calc_rest_sed_sfh_table_lognormal_mdf(t_table, sfr_amp * jnp.ones(100), -2.0, 0.2, ssp_lgmet,
                                                ssp_lg_age_gyr, ssp_flux, 13.0)
    seds.append(sed.rest_sed)
    return carry + sed.rest_sed.sum(), None

total, _ = jax.lax.scan(body, 0.0, jnp.array([0.5, 1.0, 2.0]))
jnp.stack(seds)
""",
        kind='leaked-tracer', argument='sfr_amp', path='sfr_amp', line=15,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="The user's lax.scan body appends each galaxy's rest-frame SED (dsps) to a Python list instead of emitting it as the scan output; jnp.stack on the list afterwards raises. Fix: return the SED as the per-step output (ys). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 19.",
        use_line=19,
    ),
    Case(
        id='t-dsps-string-band-jit-arg',
        source='https://github.com/ArgonneCPAC/dsps',
        code="""\
import jax
import jax.numpy as jnp
from dsps import calc_rest_mag

ssp_wave = jnp.linspace(1000.0, 10000.0, 200)
filters = {"u": (jnp.linspace(3000.0, 4000.0, 50), jnp.ones(50)),
           "r": (jnp.linspace(5500.0, 7000.0, 60), jnp.ones(60))}

@jax.jit
def band_mag(sed, band):
    wave, trans = filters[band]
    return calc_rest_mag(ssp_wave, sed, wave, trans)

band_mag(jnp.ones(200) * 1e-5, "r")
""",
        kind='non-array-argument', argument='band', path='band', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Band name string passed as a normal jit argument to pick a filter for calc_rest_mag. Fix: static_argnames='band'; checked. JAX's message names static_argnums/static_argnames. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError.",
    ),
]
