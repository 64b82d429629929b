"""Held-out library cases (set cb): jaxmod, jax-relax, jaxlogit.

How they were built: each cell is an own-words minimal reduction of a usage pattern of the
library's public API (docs/README or the documented source module cited in `source`; none of
these three small libraries has an indexed issue thread showing the pattern). Every cell was
written to a file and run with /tmp/heldout40/venv_cb/bin/python (CPython 3.11.7,
venv with --system-site-packages): all statements but the last run cleanly, the last raises the
exception named in `note`; `line`/`use_line` were checked against the traceback frames in the
file. Each first fix listed as verifiable was applied by hand and the fixed cell re-run.

Installed versions: jax 0.10.2, jaxlib 0.10.2, equinox 0.13.8, optimistix 0.1.0, lineax 0.1.1,
flax 0.12.8, optax 0.2.8, numpy 2.4.6; jaxmod 0.4.0, jax-relax 0.2.9 (needed fastcore 2.2.41
and nbdev 3.3.26 installed by hand, missing from its requirements; it pulls keras 3.3.3 and
pydantic 1.10.27 into the venv), jaxlogit 1.0.0.
Note: importing jaxmod turns on jax_enable_x64 globally (the jaxmod cells show float64).

Dropped: mocat 0.2.6 installs but fails to import (`from jax.util import unzip2`, removed from
JAX) -> replaced by the alternate jaxlogit. During construction I also dropped candidates that
did not make clean cases: calling neg_loglike_grad_batched under jit with traced panels (the
library's own `if` fails, but no fix from the vocabulary works because the helper is not
jittable at all); hyper_sphere_coordindates with a traced n_samples (a tracer reaching a
static_argnums slot: traced-shape vs unhashable-static too ambiguous); generate_halton_draws
(NumPy) under jit (numpy raises a plain TypeError about integer sequences).

Doubts about labels:
- cb-relax-config-vmapped-lambda: the exception is pydantic's ValidationError (pydantic 1.x
  swallows JAX's ConcretizationTypeError raised by float()), not a JAX class; the message never
  mentions tracers. Kind concretization because the library needs a Python float.
- cb-relax-unhashable-model-pred-fn / cb-jaxlogit-num-panels-jax-array: `argument` names the
  library's static parameter (pred_fn / num_panels); the user traces nothing, so None is
  defensible.
- cb-jaxlogit-jit-loglike-flag-traced, cb-jaxlogit-batched-nll-jit-range: the user jits the
  library function directly, so `argument` is the library function's parameter. For the batched
  one, static on batch_size alone is not enough: num_panels, the flag and parameter_info must be
  static too (the verified fix marks all four).
- cb-jaxmod-bound-method-static: 'not-static' (pass the module as a traced pytree and call the
  method inside) is arguably better than to_hashable, which wraps in a fresh lambda each call and
  so recompiles each call; path could be the array leaf pressure_fn.__self__.constant.
- cb-jaxmod-reshape-by-traced-count: JAX's message suggests static_argnums, which eqx.filter_jit
  does not take; the idea (make it static) fits, so jax_fitting_fix=True is defensible.
- cb-jaxmod-asdict-inside-filter-jit: the converted value (solver_success) depends on both
  initial_guess and parameters; 'parameters' is also defensible.
- cb-jaxmod-objective-residual-leak, cb-relax-model-self-leak: JAX's message says to return
  values explicitly, but the callback's return is fixed by the library, so the return-value fix
  means recomputing from the transformation's result; jax_fitting_fix=False is debatable.
- cb-jaxlogit-panel-batches-in-jit: kind boolean-index because the failure is jnp.where without
  size (JAX's message asks for size); the size fix cannot be applied to the user's own lines,
  and 'static' alone does not help since jnp ops on constants are still staged under jit.
- cb-jaxmod-range-over-array-param: 'numpy-for-static' also fits (keep the count as a Python
  int); integer-conversion vs traced-shape is clear here (range()).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='cb-jaxmod-objective-python-if',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/solvers.py',
        code="""\
import jax.numpy as jnp
import optimistix as optx
from jax import random
from jaxmod.solvers import make_batch_retry_solver

def objective(solution, parameters):
    if parameters["T"] > 1000.0:
        k = 2.0
    else:
        k = 1.0
    return jnp.square(solution) - k * parameters["a"]

def solver(initial_guess, parameters):
    return optx.root_find(objective, optx.Newton(rtol=1e-8, atol=1e-8),
                          initial_guess, args=parameters, throw=False)

retry_solver = make_batch_retry_solver(solver, objective)
params = {"a": jnp.array([[4.0], [9.0]]), "T": jnp.array(1500.0)}
retry_solver(jnp.array([[1.0], [2.0]]), params, random.PRNGKey(0), 1.0, 5)
""",
        kind='bool-conversion', argument='parameters', path="parameters['T']", line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A temperature switch written as a Python `if` in the objective that jaxmod's filter_jit-ed batch retry solver traces (through optimistix root_find); JAX raises TracerBoolConversionError. Selecting k with jnp.where keeps the branch in-graph; checked.",
    ),
    Case(
        id='cb-jaxmod-to-native-floats-in-jit',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxmod.utils import to_native_floats

@jax.jit
def summarize(pressures):
    mean_p = jnp.mean(pressures, axis=0)
    return {"mean": to_native_floats(mean_p)}

summarize(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
""",
        kind='concretization', argument='pressures', path='pressures', line=8,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='jaxmod.utils.to_native_floats (meant for serialising results) calls .tolist()/float() on its input, so inside jax.jit it raises ConcretizationTypeError; return the array from the jitted function and convert it afterwards; checked.',
    ),
    Case(
        id='cb-jaxmod-partial-rref-in-jit',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxmod.utils import partial_rref

@jax.jit
def reaction_basis(stoichiometry):
    components = partial_rref(stoichiometry)
    return components @ stoichiometry

reaction_basis(jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
""",
        kind='array-conversion', argument='stoichiometry', path='stoichiometry', line=7,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='partial_rref is documented as NumPy-only with in-place updates; called on a traced stoichiometry matrix it hits np.hstack and JAX raises TracerArrayConversionError. The matrix is a constant, so compute the components once with NumPy outside jit; checked.',
    ),
    Case(
        id='cb-jaxmod-asdict-inside-filter-jit',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/solvers.py',
        code="""\
import equinox as eqx
import jax.numpy as jnp
import optimistix as optx
from jax import random
from jaxmod.solvers import make_batch_retry_solver

def objective(solution, parameters):
    return jnp.square(solution) - parameters["a"]

def solver(initial_guess, parameters):
    return optx.root_find(objective, optx.Newton(rtol=1e-8, atol=1e-8),
                          initial_guess, args=parameters, throw=False)

retry_solver = make_batch_retry_solver(solver, objective)

@eqx.filter_jit
def solve_and_report(initial_guess, parameters, key):
    multi_sol = retry_solver(initial_guess, parameters, key, 1.0, 5)
    return multi_sol.value, multi_sol.asdict()

solve_and_report(jnp.array([[1.0], [2.0]]), {"a": jnp.array([[4.0], [9.0]])}, random.PRNGKey(0))
""",
        kind='array-conversion', argument='initial_guess', path='initial_guess', line=19,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="MultiAttemptSolution.asdict() builds NumPy arrays (np.asarray) from solver statistics; calling it inside the user's eqx.filter_jit function raises TracerArrayConversionError. Return the solution object and call asdict() outside; checked.",
    ),
    Case(
        id='cb-jaxmod-rootfindparameters-jit-arg',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/solvers.py',
        code="""\
import jax
import jax.numpy as jnp
import optimistix as optx
from jaxmod.solvers import RootFindParameters

def residual(y, a):
    return jnp.square(y) - a

@jax.jit
def solve(initial_guess, a, root_params):
    solver = root_params.get_solver_instance()
    sol = optx.root_find(residual, solver, initial_guess, args=a,
                         throw=root_params.throw, max_steps=root_params.max_steps)
    return sol.value

solve(jnp.array([1.0, 2.0]), jnp.array([4.0, 9.0]), RootFindParameters(atol=1e-8, rtol=1e-8))
""",
        kind='non-array-argument', argument='root_params', path='root_params.solver', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A RootFindParameters config module (holding a solver class, a norm function, tolerances) passed as an ordinary jax.jit argument; jit cannot interpret the solver class field and raises TypeError. Marking it static (static_argnums=2; the module is hashable) works; checked.',
    ),
    Case(
        id='cb-jaxmod-bound-method-static',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/utils.py',
        code="""\
import functools
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxmod.utils import power_law

class EquationOfState(eqx.Module):
    constant: jax.Array
    exponent: jax.Array

    def pressure(self, volume):
        return power_law(volume, self.constant, self.exponent)

@functools.partial(jax.jit, static_argnums=0)
def work_done(pressure_fn, volumes):
    return jnp.trapezoid(pressure_fn(volumes), volumes)

eos = EquationOfState(jnp.array(2.0), jnp.array(-1.4))
work_done(eos.pressure, jnp.linspace(1.0, 2.0, 11))
""",
        kind='unhashable-static', argument='pressure_fn', path='pressure_fn', line=19,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='A bound method of an Equinox equation-of-state module holding arrays is passed as a static argument; hashing it hashes the arrays and JAX raises ValueError (non-hashable static argument). jaxmod.utils.to_hashable exists for exactly this (see equinox#1011); wrapping with it works; checked.',
    ),
    Case(
        id='cb-jaxmod-range-over-array-param',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/utils.py',
        code="""\
import equinox as eqx
import jax.numpy as jnp
from jaxmod.utils import as_j64

@eqx.filter_jit
def heat_capacity(temperature, parameters):
    cp = jnp.zeros_like(temperature)
    for k in range(parameters["n_terms"]):
        cp = cp + parameters["coeffs"][k] * temperature**k
    return cp

parameters = {"n_terms": jnp.array(3), "coeffs": as_j64([29.1, 1.0e-3, -2.0e-7])}
heat_capacity(as_j64([300.0, 600.0, 1000.0]), parameters)
""",
        kind='integer-conversion', argument='parameters', path="parameters['n_terms']", line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A term count stored as a JAX array in the parameters pytree is traced by eqx.filter_jit, and range() on it raises TracerIntegerConversionError. Keeping it a plain Python int makes filter_jit treat it as static; checked.',
    ),
    Case(
        id='cb-jaxmod-objective-residual-leak',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/solvers.py',
        code="""\
import jax.numpy as jnp
import optimistix as optx
from jax import random
from jaxmod.solvers import make_batch_retry_solver

residual_history = []

def objective(solution, parameters):
    residual = jnp.square(solution) - parameters["a"]
    residual_history.append(residual)
    return residual

def solver(initial_guess, parameters):
    return optx.root_find(objective, optx.Newton(rtol=1e-8, atol=1e-8),
                          initial_guess, args=parameters, throw=False)

retry_solver = make_batch_retry_solver(solver, objective)
multi_sol = retry_solver(jnp.array([[1.0], [2.0]]), {"a": jnp.array([[4.0], [9.0]])},
                         random.PRNGKey(0), 1.0, 5)
jnp.max(jnp.abs(residual_history[-1]))
""",
        kind='leaked-tracer', argument='solution', path='solution', line=10,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False, use_line=20,
        note="The objective appends each residual to a global list for debugging while jaxmod's retry solver traces it; using the stored entry afterwards raises UnexpectedTracerError. Recompute the residual from the returned solution (or print inside with jax.debug.print); checked the recompute.",
    ),
    Case(
        id='cb-jaxmod-reshape-by-traced-count',
        source='https://github.com/ExPlanetology/jaxmod/blob/main/jaxmod/utils.py',
        code="""\
import equinox as eqx
import jax.numpy as jnp
from jaxmod.utils import as_j64, safe_exp

@eqx.filter_jit
def phase_fractions(log_amounts, parameters):
    per_phase = log_amounts.reshape(parameters["n_phases"], -1)
    amounts = safe_exp(per_phase)
    return amounts / amounts.sum(axis=1, keepdims=True)

parameters = {"n_phases": jnp.array(2), "temperature": as_j64(1500.0)}
phase_fractions(as_j64([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]), parameters)
""",
        kind='traced-shape', argument='parameters', path="parameters['n_phases']", line=7,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The number of phases sits in the parameters pytree as a JAX array, so eqx.filter_jit traces it and reshape() raises TypeError (shapes must be concrete). Keep it a Python int so filter_jit treats it as static; checked.',
    ),
    Case(
        id='cb-relax-pred-fn-python-if',
        source='https://github.com/BirkhoffG/jax-relax',
        code="""\
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF, VanillaCFConfig

w = jnp.array([1.0, -2.0, 0.5])

def pred_fn(x):
    score = x @ w
    if score.mean() > 0:
        return jax.nn.sigmoid(score).reshape(-1, 1)
    return jnp.zeros((x.shape[0], 1))

cf_module = VanillaCF(VanillaCFConfig(n_steps=10))
cf_module.generate_cf(jnp.array([0.2, 0.4, 1.0]), pred_fn)
""",
        kind='bool-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A user prediction function with a Python `if` on the score is traced by VanillaCF's jitted optimisation loop; JAX raises TracerBoolConversionError. jnp.where over both branches fixes it; checked.",
    ),
    Case(
        id='cb-relax-pred-fn-numpy-model',
        source='https://github.com/BirkhoffG/jax-relax',
        code="""\
import jax.numpy as jnp
import numpy as np
from relax.methods import VanillaCF, VanillaCFConfig

W = np.array([[0.8], [-1.5], [0.3]])
b = np.array([0.1])

def pred_fn(x):
    logits = np.dot(x, W) + b
    return 1.0 / (1.0 + jnp.exp(-logits))

cf_module = VanillaCF(VanillaCFConfig(n_steps=10))
cf_module.generate_cf(jnp.array([0.2, 0.4, 1.0]), pred_fn)
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A logistic model written with np.dot is used as pred_fn; ReLax differentiates and jits through it, so np.dot on the traced cf raises TracerArrayConversionError. Use jnp.dot; checked.',
    ),
    Case(
        id='cb-relax-unhashable-model-pred-fn',
        source='https://github.com/BirkhoffG/jax-relax/blob/master/relax/methods/vanilla.py',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF

@dataclasses.dataclass
class LogisticModel:
    w: jax.Array
    b: jax.Array

    def __call__(self, x):
        return jax.nn.sigmoid(x @ self.w + self.b).reshape(-1, 1)

model = LogisticModel(jnp.array([1.0, -2.0, 0.5]), jnp.array(0.1))
VanillaCF({"n_steps": 10}).generate_cf(jnp.array([0.2, 0.4, 1.0]), model)
""",
        kind='unhashable-static', argument='pred_fn', path='pred_fn', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A (non-frozen) dataclass model instance is passed as pred_fn; _vanilla_cf marks pred_fn static, and the dataclass has no __hash__, so JAX raises ValueError (non-hashable static argument). dataclass(eq=False) or wrapping in a lambda makes it hashable; checked eq=False.',
    ),
    Case(
        id='cb-relax-config-vmapped-lambda',
        source='https://github.com/BirkhoffG/jax-relax/blob/master/relax/methods/vanilla.py',
        code="""\
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF

w = jnp.array([1.0, -2.0, 0.5])
pred_fn = lambda x: jax.nn.sigmoid(x @ w).reshape(-1, 1)
x = jnp.array([0.2, 0.4, 1.0])

def cf_for_lambda(lam):
    cf_module = VanillaCF({"n_steps": 10, "lambda_": lam})
    return cf_module.generate_cf(x, pred_fn)

jax.vmap(cf_for_lambda)(jnp.array([0.01, 0.1, 1.0]))
""",
        kind='concretization', argument='lam', path='lam', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A hyper-parameter sweep vmaps over lambda_ and builds VanillaCFConfig inside; the pydantic config needs a Python float, float() on the tracer fails and pydantic raises ValidationError ('value is not a valid float'). Loop over the values in Python instead of vmapping; checked.",
    ),
    Case(
        id='cb-relax-pred-fn-global-list-leak',
        source='https://github.com/BirkhoffG/jax-relax',
        code="""\
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF

w = jnp.array([1.0, -2.0, 0.5])
queried = []

def pred_fn(x):
    queried.append(x)
    return jax.nn.sigmoid(x @ w).reshape(-1, 1)

cf = VanillaCF({"n_steps": 10}).generate_cf(jnp.array([0.2, 0.4, 1.0]), pred_fn)
jnp.stack(queried)
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        fixes=('jax.debug.print', 'return-value'), verifiable=False, jax_fitting_fix=False, use_line=13,
        note='pred_fn records every queried input in a global list while VanillaCF jit-traces it; stacking the list afterwards raises UnexpectedTracerError. jax.debug.print (or a debug callback) shows the queries; the collecting intent cannot be kept mechanically, so not verifiable.',
    ),
    Case(
        id='cb-relax-model-self-leak',
        source='https://github.com/BirkhoffG/jax-relax',
        code="""\
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF

class Classifier:
    def __init__(self, w):
        self.w = w
        self.last_logits = None

    def predict_proba(self, x):
        self.last_logits = x @ self.w
        return jax.nn.sigmoid(self.last_logits).reshape(-1, 1)

clf = Classifier(jnp.array([1.0, -2.0, 0.5]))
cf = VanillaCF({"n_steps": 10}).generate_cf(jnp.array([0.2, 0.4, 1.0]), clf.predict_proba)
clf.last_logits > 0
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False, use_line=16,
        note='A classifier caches its last logits on self inside the bound method passed as pred_fn; the cached tracer is read after generate_cf and JAX raises UnexpectedTracerError. Keep the logits local and recompute them from the returned cf; checked.',
    ),
    Case(
        id='cb-relax-sparsity-jit-feature-indices',
        source='https://github.com/BirkhoffG/jax-relax/blob/master/relax/evaluate.py',
        code="""\
import jax
import jax.numpy as jnp
from relax.evaluate import compute_sparsity

xs = jnp.zeros((4, 5))
cfs = xs.at[:, 1].set(1.0)
feature_indices = ((0, 2), (2, 5))

score = jax.jit(compute_sparsity)(xs, cfs, feature_indices)
""",
        kind='traced-shape', argument='feature_indices', path='feature_indices[0][0]', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Jitting relax.evaluate.compute_sparsity traces the feature index pairs, which the library uses as slice bounds; JAX raises IndexError (slice entries must be static). static_argnums=2 (a hashable tuple) fixes it; checked.',
    ),
    Case(
        id='cb-relax-constraint-boolean-mask',
        source='https://github.com/BirkhoffG/jax-relax/blob/master/relax/methods/base.py',
        code="""\
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF

w = jnp.array([1.0, -2.0, 0.5])
pred_fn = lambda x: jax.nn.sigmoid(x @ w).reshape(-1, 1)

def nonnegative_features(x, cf, hard=False):
    return cf.at[cf < 0].set(0.0)

cf_module = VanillaCF({"n_steps": 10})
cf_module.set_apply_constraints_fn(nonnegative_features)
cf_module.generate_cf(jnp.array([0.2, 0.4, 1.0]), pred_fn)
""",
        kind='boolean-index', argument='cf', path='cf', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A custom apply_constraints_fn set with set_apply_constraints_fn uses cf.at[cf < 0].set(0.0); inside VanillaCF's jit the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(cf < 0, 0.0, cf) fixes it; checked.",
    ),
    Case(
        id='cb-relax-constraint-float-print',
        source='https://github.com/BirkhoffG/jax-relax/blob/master/relax/methods/base.py',
        code="""\
import jax
import jax.numpy as jnp
from relax.methods import VanillaCF

w = jnp.array([1.0, -2.0, 0.5])
pred_fn = lambda x: jax.nn.sigmoid(x @ w).reshape(-1, 1)

def bounded_change(x, cf, hard=False):
    budget = 0.5 * jnp.abs(x).sum()
    print(f"allowed change: {float(budget):.3f}")
    return jnp.clip(cf, x - budget, x + budget)

cf_module = VanillaCF({"n_steps": 10})
cf_module.set_apply_constraints_fn(bounded_change)
cf_module.generate_cf(jnp.array([0.2, 0.4, 1.0]), pred_fn)
""",
        kind='concretization', argument='x', path='x', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A custom constraint callback prints its budget with float(budget) while ReLax traces it; float() on the tracer raises ConcretizationTypeError. jax.debug.print prints it at run time; checked.',
    ),
    Case(
        id='cb-relax-validity-jit-pred-fn-arg',
        source='https://github.com/BirkhoffG/jax-relax/blob/master/relax/evaluate.py',
        code="""\
import jax
import jax.numpy as jnp
from relax.evaluate import compute_validity

w = jnp.array([1.0, -2.0, 0.5])

def pred_fn(x):
    p = jax.nn.sigmoid(x @ w)
    return jnp.stack([1 - p, p], axis=-1)

xs = jnp.array([[0.2, 0.4, 1.0], [1.0, 0.1, 0.0]])
cfs = xs + jnp.array([0.0, -1.0, 0.0])
jax.jit(compute_validity)(xs, cfs, pred_fn)
""",
        kind='non-array-argument', argument='pred_fn', path='pred_fn', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Jitting relax.evaluate.compute_validity passes the prediction function as a traced argument; jit raises TypeError (a function is not a valid JAX type). static_argnums=2, as the message suggests, works; checked.',
    ),
    Case(
        id='cb-jaxlogit-halton-jax-traced-draws',
        source='https://github.com/outerl/jaxlogit/blob/main/jaxlogit/draws.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxlogit.draws import get_normal_halton_draws_jax

@jax.jit
def simulated_share(beta_mean, beta_sd, n_draws):
    draws = get_normal_halton_draws_jax(200, n_draws, 1)
    betas = beta_mean + beta_sd * draws[:, 0, :]
    return jax.nn.sigmoid(betas).mean()

simulated_share(jnp.array(-0.5), jnp.array(1.2), 64)
""",
        kind='traced-shape', argument='n_draws', path='n_draws', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="get_normal_halton_draws_jax builds index ranges from sample_size*n_draws; with n_draws a traced jit argument, jnp.arange raises ConcretizationTypeError. The library itself keeps a commented-out static_argnames jit for these sizes; static_argnames='n_draws' fixes it; checked.",
    ),
    Case(
        id='cb-jaxlogit-num-panels-jax-array',
        source='https://github.com/outerl/jaxlogit/blob/main/jaxlogit/mixed_logit.py',
        code="""\
import numpy as np
import jax.numpy as jnp
from jaxlogit.mixed_logit import MixedLogit, ConfigData, loglike_and_grad_individual

rng = np.random.default_rng(0)
N, J = 30, 2
X = rng.normal(size=(N * J, 2))
y = np.tile([1, 0], N)
alts, ids = np.tile([1, 2], N), np.repeat(np.arange(N), J)
panels = np.repeat(np.arange(N) // 3, J)
config = ConfigData(n_draws=20, panels=panels)
(betas, Xdf, Xdr, panel_idx, weights, avail, num_panels, names, draws, info) = MixedLogit().data_prep(
    X, y, ["price", "time"], alts, ids, {"price": "n"}, config)

n_panels = jnp.max(panel_idx) + 1
loglike_and_grad_individual(betas, Xdf, Xdr, panel_idx, weights, avail,
                            num_panels=n_panels, force_positive_chol_diag=False,
                            draws=draws, parameter_info=info)
""",
        kind='unhashable-static', argument='num_panels', path='num_panels', line=16,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='loglike_and_grad_individual is jitted with num_panels static; computing it as jnp.max(...) + 1 gives a JAX array and JAX raises ValueError (non-hashable static argument). int(...) + 1, as data_prep does, fixes it; checked.',
    ),
    Case(
        id='cb-jaxlogit-jit-loglike-flag-traced',
        source='https://github.com/outerl/jaxlogit/blob/main/jaxlogit/mixed_logit.py',
        code="""\
import jax
import numpy as np
from jaxlogit.mixed_logit import MixedLogit, ConfigData, loglike_individual

rng = np.random.default_rng(0)
N, J = 30, 2
X = rng.normal(size=(N * J, 2))
y = np.tile([1, 0], N)
alts, ids = np.tile([1, 2], N), np.repeat(np.arange(N), J)
config = ConfigData(n_draws=20)
(betas, Xdf, Xdr, panels, weights, avail, num_panels, names, draws, info) = MixedLogit().data_prep(
    X, y, ["price", "time"], alts, ids, {"price": "n"}, config)

fast_loglike = jax.jit(loglike_individual)
fast_loglike(betas, Xdf, Xdr, panels, weights, avail, num_panels, False, draws, info)
""",
        kind='bool-conversion', argument='force_positive_chol_diag', path='force_positive_chol_diag', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Wrapping loglike_individual in a plain jax.jit traces the force_positive_chol_diag flag, and the library's own `if force_positive_chol_diag:` raises TracerBoolConversionError. Use the same static_argnames as the library (num_panels, force_positive_chol_diag, parameter_info); checked.",
    ),
    Case(
        id='cb-jaxlogit-share-grad-builtin-max',
        source='https://github.com/outerl/jaxlogit/blob/main/jaxlogit/mixed_logit.py',
        code="""\
import jax
import numpy as np
from jaxlogit.mixed_logit import MixedLogit, ConfigData, probability_individual

rng = np.random.default_rng(0)
N, J = 30, 2
X = rng.normal(size=(N * J, 2))
alts, ids = np.tile([1, 2], N), np.repeat(np.arange(N), J)
config = ConfigData(n_draws=20, init_coeff=np.array([-1.0, -0.5, 0.8]))
(betas, Xdf, Xdr, panels, weights, avail, num_panels, names, draws, info) = MixedLogit().data_prep(
    X, None, ["time", "price"], alts, ids, {"price": "n"}, config, predict_mode=True)

def market_share(price_change):
    shifted = Xdr.at[:, 0, 0].add(price_change)
    probs = probability_individual(betas, Xdf, shifted, panels, weights, avail,
                                   num_panels, False, draws, info)
    return max(probs[:, 0].mean(), 1e-6)

jax.jit(jax.grad(market_share))(0.0)
""",
        kind='bool-conversion', argument='price_change', path='price_change', line=17,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='A market-share function built on probability_individual is differentiated and jitted; Python max() on the traced share needs its truth value and JAX raises TracerBoolConversionError. jnp.maximum fixes it; checked.',
    ),
    Case(
        id='cb-jaxlogit-panel-batches-in-jit',
        source='https://github.com/outerl/jaxlogit/blob/main/jaxlogit/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxlogit.utils import get_panel_aware_batch_indices

@jax.jit
def first_batch_size(panel_ids):
    batches = get_panel_aware_batch_indices(panel_ids, 2)
    start, end, n_panels = batches[0]
    return end - start

first_batch_size(jnp.array([0, 0, 1, 1, 1, 2, 3, 3]))
""",
        kind='boolean-index', argument='panel_ids', path='panel_ids', line=7,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='get_panel_aware_batch_indices finds panel boundaries with one-argument jnp.where (no size); under jax.jit JAX raises ConcretizationTypeError asking for a static size. The batch indices are static bookkeeping: compute them from concrete panel ids outside jit; checked.',
    ),
    Case(
        id='cb-jaxlogit-batched-nll-jit-range',
        source='https://outerl.github.io/jaxlogit/example_notebooks/batching_example.html',
        code="""\
import jax
import numpy as np
from jaxlogit.mixed_logit import MixedLogit, ConfigData, neg_loglike_grad_batched

rng = np.random.default_rng(0)
N, J = 30, 2
X = rng.normal(size=(N * J, 2))
y = np.tile([1, 0], N)
alts, ids = np.tile([1, 2], N), np.repeat(np.arange(N), J)
config = ConfigData(n_draws=20, batch_size=10)
(betas, Xdf, Xdr, panels, weights, avail, num_panels, names, draws, info) = MixedLogit().data_prep(
    X, y, ["price", "time"], alts, ids, {"price": "n"}, config)

batched_nll = jax.jit(neg_loglike_grad_batched)
batched_nll(betas, Xdf, Xdr, panels, weights, avail, num_panels, False, draws, info, 10)
""",
        kind='integer-conversion', argument='batch_size', path='batch_size', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Jitting neg_loglike_grad_batched traces batch_size, which the library passes to range() to build batches; JAX raises TracerIntegerConversionError. Mark batch_size (and num_panels, the flag, parameter_info) static; checked.',
    ),
]
