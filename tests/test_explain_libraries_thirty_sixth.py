"""Issue 26, thirty-second round: patterns found by the thirty-ninth set's labels and the fortieth held-out set.

- ``@jax.jit`` on a method whose object holds arrays (``self.params``): ``static_argnums=0`` traces, but bakes
  those arrays into the compiled code, and a training step that updates them is never seen again (JAX's FAQ,
  "How to use jit with methods?"). Registering the user's class as a pytree (arrays traced) comes first; for a
  subclass of a library's class (its constructor the library's), dropping the method's jit comes first; static
  stays offered, its warning naming the arrays it would freeze.

Found by the fortieth held-out set (braintools, lrux, jaxnnls; jaxmod, jax-relax, jaxlogit), measured before:

- A config validator (pydantic) refusing a vmapped value: pydantic 2 says "Input should be a valid number" and
  shows the tracer, pydantic 1 keeps JAX's own error inside its ``ValidationError``: explained as JAX's error.
- An object of the user's dataclass handed to a library's jit that holds it static, through a wrapper taking
  ``*args``: the class declared ``eq=False``, tried with a copy of the object in the library's call.
- ``Sigmoid(alpha=config["alpha"])`` passed static: the JAX scalar inside it written ``float(...)`` where the
  object is built, tried with the object's attribute swapped.
- ``{"n": jnp.array(3)}`` handed to ``eqx.filter_jit`` and read as a count: the entry written as the int.
- A count made static meets a flag that the library's inner jit holds static (JAX's message shows only
  ``JitTracer(bool[])``): the one bool given is made static too, then the object the inner jit hashes.
- ``self.log("loss", loss)``, a library base class's method keeping what it is handed, where JAX's message names
  no line: the line is the user's call of it.
- A method overriding a library's hook (``surrogate_grad``) that the library calls: its own parameter is the
  argument.
"""
from __future__ import annotations

import jax.numpy as jnp
import pytest

from corpus_harness import explained_cell, install_library, tried

JIT_METHODS_FAQ = "https://docs.jax.dev/en/latest/faq.html#how-to-use-jit-with-methods"
REAX = "https://reax.readthedocs.io/en/latest/"  # a Module whose training_step the trainer calls

# the user's class keeps its parameters in a dict attribute and jits a method (the FAQ's pattern, reduced)
HELD_PARAMS = """\
import jax
import jax.numpy as jnp


class Regressor:
    def __init__(self):
        self.params = {"w": jnp.zeros(3)}

    @jax.jit
    def loss(self, x, y):
        return jnp.mean((x @ self.params["w"] - y) ** 2)


model = Regressor()
model.loss(jnp.ones((4, 3)), jnp.ones(4))
"""


def _run(cell: str) -> dict:
    """``cell`` run as a file's code would be, in a namespace of its own (named: a class made there belongs to it,
    and a dataclass's generated methods are not compiled into ``builtins``)."""
    namespace: dict = {"__name__": "pasted"}
    exec(compile(cell, "<pasted>", "exec"), namespace)
    return namespace


def _applied(code: str, fix_code: str) -> dict:
    """``HELD_PARAMS`` with a fix pasted in (a registration after the class; a decorator in the method's place),
    its failing call left out, run."""
    head = code.rsplit("model.loss", 1)[0]
    if "register_pytree_node" in fix_code:
        head = head.replace("\n\nmodel = Regressor()", "\n\n" + fix_code + "\n\nmodel = Regressor()")
    else:
        head = "from functools import partial\n" + head.replace("@jax.jit", fix_code.splitlines()[1])
    return _run(head)


def test_a_method_of_a_class_holding_arrays_is_registered_first_and_static_warns_of_stale_values(tmp_path):
    found = explained_cell("self-holds-params", JIT_METHODS_FAQ, HELD_PARAMS, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "self", 15), found.message
    kinds = [f.kind for f in found.fixes]
    assert kinds[:3] == ["register-pytree", "remove-inner-jit", "static"], tried(found)
    registered, _, static = found.fixes[:3]
    assert registered.verified is True and static.verified is True, tried(found)
    assert "`params`" in static.warning and "old ones" in static.warning
    x, y = jnp.ones((4, 3)), jnp.ones(4)
    # the warning is true: with self static, new parameters are not seen; registered, they are
    for fix, fresh in ((registered, True), (static, False)):
        namespace = _applied(HELD_PARAMS, fix.code)
        model = namespace["model"]
        before = float(model.loss(x, y))
        model.params = {"w": jnp.ones(3)}
        after = float(model.loss(x, y))
        assert (before, after) == ((1.0, 4.0) if fresh else (1.0, 1.0)), fix.kind


TRAINER_LIBRARY = """\
import jax.numpy as jnp


class Module:
    def __init__(self):
        self._parameters = {"w": jnp.zeros(3)}

    def parameters(self):
        return self._parameters


def fit(module, batches):
    for i, batch in enumerate(batches):
        module.training_step(batch, i)
"""

# the user's Module of a training library, its step jitted by the user (reax's Module.training_step, reduced)
JITTED_STEP = """\
import jax
import jax.numpy as jnp
from method_trainer_cases import Module, fit


class Regressor(Module):
    @jax.jit
    def training_step(self, batch, batch_idx):
        x, y = batch
        return jax.value_and_grad(lambda p: jnp.mean((x @ p["w"] - y) ** 2))(self.parameters())


fit(Regressor(), [(jnp.ones((8, 3)), jnp.ones(8))])
"""


def test_a_jitted_step_of_a_library_module_holding_arrays_drops_its_jit_first(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "method_trainer_cases", TRAINER_LIBRARY)
    found = explained_cell("library-module-step", REAX, JITTED_STEP, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "self", 13), found.message
    top = found.fixes[0]
    assert top.kind == "remove-inner-jit" and "`_parameters`" in top.summary, tried(found)
    assert top.code.startswith("def training_step(self, batch, batch_idx):   # without @jax.jit"), top.code
    static = next(f for f in found.fixes if f.kind == "static")
    assert "`_parameters`" in static.warning, static.warning


PYDANTIC = "https://docs.pydantic.dev/latest/errors/validation_errors/#float_type"  # a config's float field
RELAX = "https://github.com/BirkhoffG/jax-relax/blob/master/relax/methods/vanilla.py"  # VanillaCFConfig, pred_fn
BRAINTOOLS = "https://github.com/chaobrain/braintools"  # surrogate gradients, LightningModule.log
JAXMOD = "https://pypi.org/project/jaxmod/"  # parameter dicts handed to eqx.filter_jit
JAXLOGIT = "https://pypi.org/project/jaxlogit/"  # neg_loglike_grad_batched's inner jit with static options

# a config validated by pydantic, built from a vmapped value (relax's ``VanillaCF({"lambda_": lam})``, reduced)
VMAPPED_CONFIG = """\
import jax
import jax.numpy as jnp
from pydantic{version} import BaseModel


class Config(BaseModel):
    n_steps: int = 10
    lambda_: float = 0.1


def run(lam):
    cfg = Config(lambda_=lam)
    return lam * cfg.n_steps


jax.vmap(run)(jnp.array([0.1, 0.2]))
"""


@pytest.mark.parametrize("version", ["", ".v1"])
def test_a_config_validator_that_refused_a_tracer_is_explained_as_jaxs_own_error(tmp_path, version):
    # pydantic 2 says "Input should be a valid number" with the tracer shown; pydantic 1 wraps JAX's own
    # ConcretizationTypeError (``float(v)`` failed) in its ValidationError, kept in ``raw_errors``
    pytest.importorskip("pydantic")
    found = explained_cell(f"config-validator{version}", PYDANTIC, VMAPPED_CONFIG.format(version=version), tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("concretization", "lam", 12), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "for lam in" in top.code, top.code


WRAPPER_LIBRARY = """\
import functools

import jax


def reshaped(f):
    @functools.wraps(f)
    def wrapper(*args):
        return f(*args)
    return wrapper


@functools.partial(jax.jit, static_argnames=("pred_fn",))
def _counterfactual(x, pred_fn):
    return x - 0.1 * jax.grad(lambda z: pred_fn(z).sum())(x)


@reshaped
def generate_cf(x, pred_fn):
    return _counterfactual(x, pred_fn=pred_fn)
"""

HANDED_MODEL = """\
import dataclasses

import jax
import jax.numpy as jnp
from cf_wrapper_cases import generate_cf


@dataclasses.dataclass
class LogisticModel:
    w: jax.Array

    def __call__(self, x):
        return jax.nn.sigmoid(x @ self.w)


model = LogisticModel(jnp.array([1.0, -2.0, 0.5]))
generate_cf(jnp.array([0.2, 0.4, 1.0]), model)
"""


def test_a_dataclass_a_library_holds_static_is_declared_hashable_and_tried_through_its_wrapper(tmp_path,
                                                                                                monkeypatch):
    install_library(tmp_path, monkeypatch, "cf_wrapper_cases", WRAPPER_LIBRARY)
    found = explained_cell("handed-dataclass", RELAX, HANDED_MODEL, tmp_path)
    assert (found.kind, found.lineno) == ("unhashable-static", 17), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), tried(found)
    assert "@dataclasses.dataclass(eq=False)" in top.code, top.code
    # pasted in place of the class, the cell runs
    start, end = HANDED_MODEL.index("@dataclasses.dataclass"), HANDED_MODEL.index("model = ")
    _run(HANDED_MODEL[:start] + top.code + "\n\n\n" + HANDED_MODEL[end:])


SURROGATE_LIBRARY = """\
import jax.numpy as jnp


class Sigmoid:
    def __init__(self, alpha=4.0):
        self.alpha = alpha

    def __call__(self, x):
        return 1 / (1 + jnp.exp(-self.alpha * x))

    def __hash__(self):
        return hash((type(self), self.alpha))

    def __eq__(self, other):
        return type(other) is type(self) and other.alpha == self.alpha
"""

STATIC_SURROGATE = """\
import jax
import jax.numpy as jnp
from surrogate_cases import Sigmoid


def lif_step(v, spike_fn, current):
    v = v + 0.1 * (current - v)
    return v, spike_fn(v - 1.0)


step = jax.jit(lif_step, static_argnums=1)
config = {"alpha": jnp.asarray(4.0)}
step(jnp.zeros(4), Sigmoid(alpha=config["alpha"]), jnp.full(4, 2.0))
"""


def test_a_jax_scalar_inside_a_static_object_is_made_a_python_number_where_the_object_is_built(tmp_path,
                                                                                                 monkeypatch):
    install_library(tmp_path, monkeypatch, "surrogate_cases", SURROGATE_LIBRARY)
    found = explained_cell("scalar-in-static", BRAINTOOLS, STATIC_SURROGATE, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "spike_fn"), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), tried(found)
    assert top.code == 'Sigmoid(alpha=float(config["alpha"]))' or "float(config" in top.code, top.code
    _run(STATIC_SURROGATE.replace('Sigmoid(alpha=config["alpha"])', top.code))  # pasted in its place, it runs


COUNT_IN_DICT = """\
import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def heat_capacity(temperature, parameters):
    {body}


parameters = {{"n": jnp.array(3), "coeffs": jnp.array([29.1, 1.0e-3, -2.0e-7])}}
heat_capacity(jnp.array([300.0, 600.0, 1000.0]), parameters)
"""

LOOP = """cp = jnp.zeros_like(temperature)
    for k in range(parameters["n"]):
        cp = cp + parameters["coeffs"][k] * temperature**k
    return cp"""
RESHAPE = """return temperature.reshape(1, -1).repeat(parameters["n"], axis=0).reshape(parameters["n"], -1)"""


@pytest.mark.parametrize("body", [LOOP, RESHAPE], ids=["range", "reshape"])
def test_a_count_written_as_an_array_in_a_dict_for_filter_jit_is_written_as_the_int(tmp_path, body):
    pytest.importorskip("equinox")
    found = explained_cell("count-in-dict", JAXMOD, COUNT_IN_DICT.format(body=body), tmp_path)
    assert found.path == "parameters['n']", found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    # the user's line as written, its other literals kept
    assert top.code.startswith('parameters = {"n": 3, "coeffs": jnp.array([29.1, 1.0e-3, -2.0e-7])}'), top.code


FLAGGED_LIBRARY = """\
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("positive",))
def _batch_loss(beta, x, positive):
    return jnp.sum(jnp.abs(beta) if positive else beta) * x.sum()


def batched_loss(beta, X, positive, batch_size):
    total = 0.0
    for start in range(0, X.shape[0], batch_size):
        total = total + _batch_loss(beta, X[start:start + batch_size], positive)
    return total
"""

JITTED_BATCHED = """\
import jax
import jax.numpy as jnp
from batched_loss_cases import batched_loss

loss = jax.jit(batched_loss)
loss(jnp.ones(2), jnp.ones((30, 2)), False, 10)
"""


def test_static_for_a_count_grows_to_the_flag_an_inner_jit_of_the_library_holds_static(tmp_path, monkeypatch):
    # static batch_size alone, the library's inner jit meets the flag the outer jit traced (JAX's message shows
    # ``JitTracer(bool[])``, not its name): the one bool given is made static too
    install_library(tmp_path, monkeypatch, "batched_loss_cases", FLAGGED_LIBRARY)
    found = explained_cell("inner-static-flag", JAXLOGIT, JITTED_BATCHED, tmp_path)
    assert (found.argument, found.lineno) == ("batch_size", 6), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "static_argnames=('batch_size', 'positive')" in top.code, top.code
    _run(JITTED_BATCHED.replace("loss = jax.jit(batched_loss)", top.code))  # pasted in its place, it runs


LOGGING_MODULE_LIBRARY = """\
class LightningModule:
    def __init__(self):
        self._logged = {}

    def log(self, name, value, prog_bar=False):
        self._logged[name] = {"value": value, "prog_bar": prog_bar}

    @property
    def logged_metrics(self):
        return self._logged
"""

LOGGED_UNDER_GRAD = """\
import jax
import jax.numpy as jnp
from logging_module_cases import LightningModule


class Regressor(LightningModule):
    def compute_loss(self, w, x, y):
        loss = jnp.mean((x @ w - y) ** 2)
        self.log("train_loss", loss, prog_bar=True)
        return loss


model = Regressor()
x, y, w = jnp.ones((8, 3)), jnp.zeros(8), jnp.ones(3)
grads = jax.jit(jax.grad(model.compute_loss))(w, x, y)
jnp.round(model.logged_metrics["train_loss"]["value"], 3)
"""


def test_a_value_handed_to_an_inherited_library_logger_leaks_at_the_users_call_of_it(tmp_path, monkeypatch):
    # JAX's message (a LinearizeTracer) names no line; the tracer was made on line 8, and the user's call of the
    # library's ``log`` on line 9 is where it was kept
    install_library(tmp_path, monkeypatch, "logging_module_cases", LOGGING_MODULE_LIBRARY)
    found = explained_cell("inherited-logger", BRAINTOOLS, LOGGED_UNDER_GRAD, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "w", 9), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)


HOOK_LIBRARY = """\
import jax


class Surrogate:
    def __call__(self, x):  # the step forward, the subclass's gradient backward (a straight-through estimator)
        dx = self.surrogate_grad(jax.lax.stop_gradient(x))
        return (x > 0).astype(x.dtype) + dx * (x - jax.lax.stop_gradient(x))

    def surrogate_grad(self, x):
        raise NotImplementedError
"""

OVERRIDDEN_HOOK = """\
import jax
import jax.numpy as jnp
from surrogate_hook_cases import Surrogate


class Triangle(Surrogate):
    def __init__(self, width=1.0):
        self.width = width

    def surrogate_grad(self, x):
        if jnp.abs(x) < self.width:
            return (self.width - jnp.abs(x)) / self.width ** 2
        return jnp.zeros_like(x)


spike_fn = Triangle(width=0.5)


def spike_count(v0, currents):
    def step(v, current):
        v = v + 0.1 * (-v + current)
        return v, spike_fn(v - 1.0)

    _, spikes = jax.lax.scan(step, v0, currents)
    return spikes.sum()


jax.grad(spike_count, argnums=1)(0.0, jnp.full(20, 1.5))
"""


def test_the_argument_of_an_overridden_library_hook_is_the_hooks_own_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "surrogate_hook_cases", HOOK_LIBRARY)
    found = explained_cell("overridden-hook", BRAINTOOLS, OVERRIDDEN_HOOK, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 11), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), tried(found)
