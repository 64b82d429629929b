"""Issue 26, sixth round: the patterns of the seventh held-out set (exponax, jaxoplanet, celerite2; pgmax,
evojax, jaxmarl), each reduced to a small library of my own installed in a temporary ``site-packages`` (so
jaxmagic reads it as an installed package), with the source each pattern comes from:

- a leak kept in a library's pytree whose own flattening fails on tracers (pgmax's ``BPArrays`` flattens
  through ``dataclasses.asdict``), stored on ``self`` in a jitted bound method: the tracer is found among
  the object's fields and returning the value is tried;
- a list append in a scan body whose jitted caller returns ``lax.scan(...)`` itself: the body outputs the
  value per step and the caller hands the stacked values out;
- ``jax.debug.callback`` of an object JAX does not flatten: not verified (the callback would get its tracers);
- a traced value given to a library jit's static argument through an object the library built earlier
  (jaxoplanet's ``order``): the parameter is named and marked static;
- an ``if`` that picks between objects (celerite2's terms), and a list of builders indexed by a traced
  value: ``lax.cond``/``lax.switch`` take the rest of the function into each branch;
- ``sum(f(i) for i in range(n))`` with a traced ``n``: ``lax.fori_loop``;
- ``x, _ = run(x)`` in an ``if``: ``lax.cond`` over the kept name;
- ``marg[mask, 1]``: the mask selects from ``marg[:, 1]``;
- a ``flax.struct`` field annotated ``int`` that a vmap made an array: the field declared static;
- a jitted attribute called by an untraced method: the method's own parameter names;
- a leak kept by a library object's method (PGPE's ``ask``): the user's line that made the value;

and three of the eighth set (scico, fiddle, spyx, qutip-jax; gymnasium, spyx, jax2d), read after its
held-out runs:

- ``if x > 0`` on a traced vector (a spyx activation the library scans): JAX's ``ValueError`` about the truth
  value of an array is a bool conversion;
- ``min(delta, float(a.max()))`` (a Huber loss built with fiddle): ``jnp.minimum`` on the unconverted value;
- the user's own jitted function called by a library's solver (a qutip-jax coefficient): its parameter.
"""
from __future__ import annotations

import sys

import pytest
from corpus_harness import fix_case, install_library, leak_case, run_case
from explain_corpus import Case

PGMAX_WARM = "https://github.com/google-deepmind/PGMax/issues/2"
JAXMARL_APPEND = "https://github.com/FLAIROx/JaxMARL/pull/163"
CELERITE_SHO = "https://github.com/exoplanet-dev/celerite2/issues/78"
JAXOPLANET_ORDER = "https://github.com/exoplanet-dev/jaxoplanet"
PGMAX_TEMPERATURE = "https://github.com/google-deepmind/PGMax"
JAXMARL_RANGE = "https://github.com/FLAIROx/JaxMARL"
EVOJAX_STATE = "https://github.com/google/evojax"
SPYX_SURROGATE = "https://github.com/kmheckel/spyx/issues/29"
FIDDLE_PARTIAL = "https://fiddle.readthedocs.io/en/latest/"
QUTIP_COEFFICIENT = "https://github.com/qutip/qutip-jax/issues/30"

SEVENTHLIB = '''
import dataclasses
import functools

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(frozen=True)
class Messages:
    """Flattened through ``dataclasses.asdict``, which deep-copies its fields (tracers refuse that)."""
    values: jnp.ndarray

    def tree_flatten(self):
        return jax.tree_util.tree_flatten(dataclasses.asdict(self))

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(**aux.unflatten(children))


def run(values, num_iters=3):
    return Messages(jnp.tanh(values) * num_iters)


@functools.partial(jax.jit, static_argnames=("order",))
def _quadrature(x, order):
    return x * sum(range(order))


def light_curve(radius, order):
    """Built now, evaluated later: the order reaches the library's jit only when the curve is evaluated."""
    def evaluate(t):
        return _quadrature(t * radius, order=order)
    return evaluate


def scan_activation(fwd, xs):
    """Runs the user's activation over the steps under the library's own jit (spyx's ``nn.run`` does)."""
    return jax.jit(lambda v: jax.lax.scan(lambda c, x: (c, fwd(x)), 0.0, v)[1])(xs)


class Solver:
    """Calls the user's time coefficient at traced times inside its own jitted loop (qutip's solvers do)."""
    def __init__(self, coefficient):
        self.coefficient = coefficient

    def run(self, ts, amp):
        return jax.jit(lambda t: jax.lax.map(lambda s: self.coefficient(s, amp), t))(ts)


def rerun(messages, num_iters=2):
    """Starts again from earlier messages (pgmax's warm start), reading their values itself."""
    return run(messages.values, num_iters)


def jit(fun=None, *, static_argnames=()):
    """A library's own jit with JAX's options (brainstate's ``transform.jit`` has this signature)."""
    if fun is None:
        return lambda f: jit(f, static_argnames=static_argnames)

    @functools.wraps(fun)
    def jitted_fn(*args, **kwargs):
        return jax.jit(fun, static_argnames=tuple(static_argnames) or None)(*args, **kwargs)

    return jitted_fn


class Sampler:
    """Keeps its last draw on ``self`` (PGPE's ``ask`` does)."""
    def __init__(self):
        self.key = jax.random.PRNGKey(0)

    def ask(self):
        self.last = jax.random.normal(self.key, (4, 3)) + jnp.zeros(())
        return self.last

    def tell(self, fitness):
        return (self.last * fitness[:, None]).sum()
'''


@pytest.fixture
def seventhlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "seventhlib_cases", SEVENTHLIB)
    yield
    sys.modules.pop("seventhlib_cases", None)


def _found(case: Case, tmp_path):
    found = run_case(case, tmp_path).explanation
    assert found is not None and found.analysis_failed is None
    return found


def test_a_leak_in_a_library_pytree_stored_on_self_is_found_and_returning_it_is_tried(seventhlib, tmp_path):
    case = leak_case("seven-warm-start", PGMAX_WARM, """\
import jax
import jax.numpy as jnp
import seventhlib_cases as lib

class Denoiser:
    def __init__(self):
        self.warm = None

    def __call__(self, evidence):
        messages = lib.run(evidence)
        self.warm = messages
        return messages.values.sum()

den = Denoiser()
jax.jit(den.__call__)(jnp.zeros(4))
lib.rerun(den.warm)
""", 11, "evidence", jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "evidence", 11)
    assert found.fixes[0].kind == "return-value" and found.fixes[0].verified is True


def test_tracers_are_read_from_the_fields_of_a_pytree_whose_flattening_fails(seventhlib):
    import jax
    import jax.numpy as jnp
    import seventhlib_cases as lib
    from jaxmagic._explain.provenance import _tracers_in_locals

    kept = {}
    jax.jit(lambda x: kept.setdefault("m", lib.run(x)).values.sum())(jnp.ones(3))
    with pytest.raises(jax.errors.UnexpectedTracerError):  # the library's own flattening deep-copies a tracer
        jax.tree_util.tree_leaves(kept["m"])
    assert [t.aval.shape for t in _tracers_in_locals([kept["m"]])] == [(3,)]


def test_a_scan_body_append_whose_caller_returns_the_scan_hands_the_values_out(tmp_path):
    case = leak_case("seven-scan-append", JAXMARL_APPEND, """\
import jax
import jax.numpy as jnp

positions = []

@jax.jit
def rollout(state):
    def body(carry, _):
        carry = carry * 0.9 + 1.0
        positions.append(carry)
        return carry, carry.sum()
    return jax.lax.scan(body, state, None, length=5)

rollout(jnp.ones(3))
jnp.stack(positions).mean()
""", 10, "state")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (found.lineno, found.argument, top.kind, top.verified) == (10, "state", "return-value", True)
    assert "final_carry, (ys, positions_items) = jax.lax.scan(" in top.code
    assert "return (result, positions_items)" in top.code


def test_a_callback_handed_an_object_jax_does_not_flatten_is_not_verified(tmp_path):
    case = leak_case("seven-callback-object", CELERITE_SHO, """\
import jax
import jax.numpy as jnp

class Process:
    def __init__(self, scale):
        self.scale = scale
    def predict(self, t):
        return self.scale * t

cache = {}

@jax.jit
def loss(log_scale):
    process = Process(jnp.exp(log_scale))
    cache["process"] = process
    return process.predict(1.0)

loss(0.5)
cache["process"].predict(jnp.ones(2))
""", 15, "log_scale")
    found = _found(case, tmp_path)
    callback = next(f for f in found.fixes if f.kind == "jax.debug.print" and "callback" in f.code)
    assert callback.verified is not True  # the object would reach the callback with its tracers inside
    assert not any(f.verified is True for f in found.fixes)


def test_a_traced_value_a_library_jit_hashes_later_is_named_and_made_static(seventhlib, tmp_path):
    case = fix_case("seven-hashed-order", JAXOPLANET_ORDER, """\
import jax
import jax.numpy as jnp
import seventhlib_cases as lib

def flux(radius, order):
    curve = lib.light_curve(radius, order=order)
    return curve(jnp.linspace(0.0, 1.0, 5))

fast_flux = jax.jit(flux)
fast_flux(0.1, 4)
""", "traced-shape", "order", 7, "static")
    found = _found(case, tmp_path)
    assert (found.argument, found.lineno) == ("order", 7)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True) and "static_argnames='order'" in top.code


def test_an_if_that_picks_between_objects_takes_the_rest_of_the_function_into_lax_cond(tmp_path):
    case = fix_case("seven-cond-rest", CELERITE_SHO, """\
import jax
import jax.numpy as jnp

class Damped:
    def __init__(self, q):
        self.q = q
    def value(self, t):
        return jnp.exp(-t / self.q)

class Ringing:
    def __init__(self, q):
        self.q = q
    def value(self, t):
        return jnp.cos(t * self.q)

def log_like(params):
    q = jnp.exp(params["log_q"])
    if q < 0.5:
        term = Damped(q)
    else:
        term = Ringing(q)
    curve = term.value(jnp.linspace(0.0, 1.0, 4))
    return curve.sum()

jax.jit(jax.grad(log_like))({"log_q": 0.3})
""", "bool-conversion", "params", 18, "lax.cond")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.cond", True)
    assert "def when_true():" in top.code and "return jax.lax.cond(q < 0.5, when_true, when_false)" in top.code
    assert [f.verified for f in found.fixes if f.kind == "jnp.where"] == [False]  # an object is no array


def test_a_list_of_builders_indexed_by_a_traced_value_switches_over_the_rest(tmp_path):
    case = fix_case("seven-switch-rest", CELERITE_SHO, """\
import jax
import jax.numpy as jnp

class Term:
    def __init__(self, scale):
        self.scale = scale
    def value(self, t):
        return self.scale * t

BUILDERS = [lambda r: Term(r), lambda r: Term(1.0 / r)]

@jax.jit
def log_like(rho, which):
    term = BUILDERS[which](rho)
    return term.value(jnp.ones(3)).sum()

log_like(1.5, jnp.argmax(jnp.array([0.2, 0.8])))
""", "integer-conversion", "which", 14, "lax.switch")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.switch", True)
    assert "for element in BUILDERS]" in top.code and "def with_choice(choice):" in top.code


def test_a_sum_over_a_traced_range_is_a_fori_loop(tmp_path):
    case = fix_case("seven-sum-range", JAXMARL_RANGE, """\
import jax
import jax.numpy as jnp

@jax.jit
def team_cost(pos, n_active):
    return sum(jnp.sum(pos[i] ** 2) for i in range(n_active))

team_cost(jnp.ones((4, 2)), jnp.array(3))
""", "integer-conversion", "n_active", 6, "lax.fori_loop")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.fori_loop", True)
    assert top.code == "jax.lax.fori_loop(0, n_active, lambda i, total: total + jnp.sum(pos[i] ** 2), 0.0)"


def test_an_unpacking_assignment_in_an_if_becomes_lax_cond_over_the_kept_name(seventhlib, tmp_path):
    case = fix_case("seven-cond-unpacked", PGMAX_WARM, """\
import jax
import jax.numpy as jnp
import seventhlib_cases as lib

def more(values):
    return values * 0.5, values.sum()

@jax.jit
def run_until_converged(evidence):
    values = jnp.tanh(evidence)
    if values.max() > 1e-3:
        values, _ = more(values)
    return values

run_until_converged(jnp.ones(4))
""", "bool-conversion", "evidence", 11, "lax.cond")
    found = _found(case, tmp_path)
    cond = next(f for f in found.fixes if f.kind == "lax.cond")
    assert cond.verified is True and cond.code.startswith("values, = jax.lax.cond(")
    assert "more(values)[0]" in cond.code


def test_a_mask_beside_an_integer_index_selects_from_what_the_integer_leaves(tmp_path):
    case = fix_case("seven-mask-and-int", PGMAX_TEMPERATURE, """\
import jax
import jax.numpy as jnp

@jax.jit
def on_confidence(marg):
    states = jnp.argmax(marg, axis=1)
    return marg[states == 1, 1].sum()

on_confidence(jnp.array([[0.2, 0.8], [0.9, 0.1], [0.3, 0.7]]))
""", "boolean-index", "marg", 7, "jnp.where")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified, top.code) == ("jnp.where", True, "jnp.where(states == 1, marg[:, 1], 0).sum()")


def test_an_int_annotated_struct_field_a_vmap_made_an_array_is_declared_static(tmp_path):
    pytest.importorskip("flax")
    case = Case(id="seven-struct-int", source=EVOJAX_STATE, code="""\
import jax
import jax.numpy as jnp
from flax.struct import dataclass

@dataclass
class State:
    obs: jnp.ndarray
    horizon: int

def reset(key):
    return State(obs=jax.random.normal(key, (3,)), horizon=5)

def step(state, action):
    discounts = 0.9 ** jnp.arange(state.horizon)
    return discounts.sum() * action.sum()

states = jax.jit(jax.vmap(reset))(jax.random.split(jax.random.PRNGKey(0), 4))
jax.jit(jax.vmap(step))(states, jnp.ones((4, 3)))
""", kind="traced-shape", argument="state", path="state.horizon", line=14, fixes=("static",), verifiable=True,
        jax_fitting_fix=False)
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("state", "static", True)
    assert "horizon: int = struct.field(pytree_node=False)" in top.code and "from flax import struct" in top.code


def test_a_jitted_attribute_called_by_an_untraced_method_names_that_methods_parameter(tmp_path):
    case = fix_case("seven-jitted-attribute", EVOJAX_STATE, """\
import jax
import jax.numpy as jnp

def step_fn(state, action):
    if state.sum() >= 100:
        reward = 0.0
    else:
        reward = -jnp.sum(action ** 2)
    return state + 1, reward

class Task:
    def __init__(self):
        self._step_fn = jax.jit(jax.vmap(step_fn))

    def step(self, state, action):
        return self._step_fn(state, action)

Task().step(jnp.zeros((4, 2)), jnp.ones((4, 2)))
""", "bool-conversion", "state", 5, "jnp.where")
    found = _found(case, tmp_path)
    assert (found.argument, found.lineno) == ("state", 5)
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True


def test_a_leak_a_library_object_kept_is_placed_on_the_users_line_that_made_it(seventhlib, tmp_path):
    case = Case(id="seven-library-kept", source=EVOJAX_STATE, code="""\
import jax
import jax.numpy as jnp
import seventhlib_cases as lib

sampler = lib.Sampler()

@jax.jit
def evaluate(target):
    params = sampler.ask()
    return -jnp.sum((params - target) ** 2, axis=1)

fitness = evaluate(jnp.ones(3))
sampler.tell(fitness)
""", kind="leaked-tracer", argument=None, path=None, line=9, fixes=("return-value",), verifiable=False,
        jax_fitting_fix=True, use_line=13)
    found = _found(case, tmp_path)
    assert (found.kind, found.lineno) == ("leaked-tracer", 9)


def test_if_on_a_traced_vector_in_a_function_a_library_scans_is_a_bool_conversion(seventhlib, tmp_path):
    case = fix_case("eight-truth-value", SPYX_SURROGATE, """\
import jax.numpy as jnp
import seventhlib_cases as lib

def step_fwd(x):
    if x > 0:
        return 1.0
    return 0.0

lib.scan_activation(step_fwd, jnp.ones((5, 3)))
""", "bool-conversion", "x", 5, "jnp.where")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 5)
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True


def test_a_conversion_inside_a_builtin_min_becomes_jnp_minimum(tmp_path):
    case = fix_case("eight-min-float", FIDDLE_PARTIAL, """\
import jax
import jax.numpy as jnp

def huber(residual, delta=1.0):
    delta = min(delta, float(jnp.max(jnp.abs(residual))))
    a = jnp.abs(residual)
    return jnp.sum(jnp.where(a < delta, 0.5 * a ** 2, delta * (a - 0.5 * delta)))

def objective(w, x, y):
    return huber(x @ w - y)

jax.grad(objective)(jnp.ones(3), jnp.ones((5, 3)), jnp.zeros(5))
""", "concretization", "w", 5, "jnp-not-builtin")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp-not-builtin", True)
    assert top.code == "jnp.minimum(delta, jnp.max(jnp.abs(residual)))"


def test_the_users_jitted_function_a_library_calls_is_named_by_its_own_parameter(seventhlib, tmp_path):
    case = fix_case("eight-library-calls-jit", QUTIP_COEFFICIENT, """\
import jax
import jax.numpy as jnp
import seventhlib_cases as lib

@jax.jit
def square_pulse(t, amp):
    if t < 0.5:
        return amp
    return 0.0

solver = lib.Solver(square_pulse)
solver.run(jnp.linspace(0.0, 1.0, 4), 2.0)
""", "bool-conversion", "t", 7, "jnp.where")
    found = _found(case, tmp_path)
    assert (found.argument, found.lineno) == ("t", 7)
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True


def test_equinox_leaves_in_jaxs_message_are_named_by_the_users_parameter_and_field(tmp_path):
    pytest.importorskip("sympy2jax")
    case = Case(id="seven-eqx-leaves", source="https://github.com/patrick-kidger/sympy2jax", code="""\
import equinox as eqx
import jax.numpy as jnp
import optax
import sympy
import sympy2jax

x_sym = sympy.symbols("x")
mod = sympy2jax.SymbolicModule([2.0 * x_sym**2 + 0.5 * x_sym])
xs = jnp.linspace(-1.0, 1.0, 16)
ys = 3.0 * xs**2 - xs
optimizer = optax.sgd(1e-2)
opt_state = optimizer.init(eqx.filter(mod, eqx.is_inexact_array))

@eqx.filter_jit
def train_step(mod, opt_state, xs, ys):
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((m(x=xs)[0] - ys) ** 2))(mod)
    updates, opt_state = optimizer.update(grads, opt_state)
    mod = eqx.apply_updates(mod, updates)
    print("current expression:", mod.sympy())
    return mod, opt_state, loss

train_step(mod, opt_state, xs, ys)
""", kind="concretization", argument="mod", path="mod", line=20, fixes=("return-value",), verifiable=True,
        jax_fitting_fix=False)
    found = _found(case, tmp_path)
    assert "dynamic_nodonate" not in found.text()
    assert len(found.paths) == len(set(found.paths)) > 1  # each leaf once, by its own name
    assert {p.split(".")[0].split("[")[0] for p in found.paths} >= {"mod", "xs", "ys"}
    assert all(p.startswith("mod.nodes[0]") for p in found.paths if p.startswith("mod"))


def test_a_static_fix_for_a_library_jit_decorator_is_spelled_with_that_decorator(seventhlib, tmp_path):
    case = fix_case("seven-library-jit", "https://github.com/chaobrain/brainstate", """\
import jax.numpy as jnp
import seventhlib_cases as lib

@lib.jit
def drive(duration, rate):
    n_steps = round(duration / 0.1)
    return jnp.ones((n_steps, 4)).mean() * rate

drive(50.0, 20.0)
""", "traced-shape", "duration", 7, "static")
    found = _found(case, tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    # by position: a library's jit may read no names (brainstate's ignores a name passed positionally)
    assert "@partial(lib.jit, static_argnums=0)" in static.code and "jax.jit" not in static.code
    assert static.verified is True  # tried through the library's own jit, given the option


def test_a_list_of_functions_indexed_inside_a_lambda_still_gets_lax_switch(tmp_path):
    case = fix_case("seven-switch-in-lambda", "https://github.com/f0uriest/quadax", """\
import jax
import jax.numpy as jnp

basis = [jnp.sin, jnp.cos, lambda x: x ** 2]

def moment(k):
    return jax.vmap(lambda x: basis[k](x))(jnp.linspace(0.0, 1.0, 4)).sum()

jax.vmap(moment)(jnp.arange(3))
""", "integer-conversion", "k", 7, "lax.switch")
    found = _found(case, tmp_path)
    assert (found.argument, found.lineno) == ("k", 7)
    assert found.fixes[0].kind == "lax.switch" and found.fixes[0].verified is True
