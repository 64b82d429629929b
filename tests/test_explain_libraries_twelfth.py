"""Issue 26, tenth round: reductions of patterns that earlier held-out sets' misses share, each my own.

- A Python scalar kept in a batch dict that a library traces whole (kfac-jax's optimizer traces every leaf of
  the batch it hands the loss; a rollout horizon there reaches ``range()`` as a tracer): the loss reads it as a
  constant of the user's module.
- The same count in the batch of a real model's train step, under ``nnx.jit`` and ``equinox.filter_jit``: a
  static parameter of its own, with the user's own jit (nnx.jit's option; filter_jit's rule that a Python value
  is static), shown as the whole function and run as pasted.
- A fix inside an NNX module's method, reached through ``nnx.value_and_grad`` in an ``nnx.jit`` train step: tried
  through the user's nnx.jit call (its inner jit runs only in nnx's update context), the model's state named by
  its attributes, nothing written back to the model or the optimizer, no backend compile.
- An NNX module's attribute, first ``None``, storing an activation under ``nnx.jit``: declared data in
  ``__init__`` (``nnx.data``); a leak made in a model's ``__call__`` depends on the model the jitted function
  calls.
- A loss under its own gradient decorator (``@eqx.filter_grad``) appending to a history: the decorator given
  ``has_aux=True`` and the call unpacking the value, run as pasted.
- A list of layers indexed by a scan step: ``lax.switch`` over lambdas calling each layer.
- Fourteenth set's misses: an object jitted in a statement (``jax.jit(like)(p)``) whose ``__call__`` stores on
  self, returned and unpacked there; an error a library raises below the user's call of a jitted function is
  not a leak; through a lambda handed to ``lax.scan`` the argument is the user's function's the library called.
"""
from __future__ import annotations

import sys

import pytest
from corpus_harness import fix_case, install_library, run_case
from explain_corpus import Case

KFAC_OPTIMIZER = "https://kfac-jax.readthedocs.io/en/latest/guides.html"  # the batch handed to the loss is traced

TWELFTHLIB = '''
import functools

import jax


class Optimizer:
    """Takes the user's value-and-grad function and traces it on a whole batch (as kfac-jax's optimizer does)."""

    def __init__(self, value_and_grad_func):
        self.value_and_grad_func = value_and_grad_func

    def init(self, params, batch):
        return jax.jit(self._init)(params, batch)

    def _init(self, params, batch):
        (loss, grads) = self.value_and_grad_func(params, batch)
        return {"loss": loss, "grads": grads}


class Env:
    """Calls the user's transition function on each step (as navix's environments do)."""

    def __init__(self, transition):
        self.transition = transition

    def step(self, state, action):
        return self.transition(state, action, (lambda s: s + 1.0, lambda s: s - 1.0))


class Walker:
    """An environment object: neither an array nor a pytree (as pymdp's environments are)."""

    def __init__(self, stride):
        self.stride = stride


def rollout(env, num_timesteps, key):
    """Steps ``env`` a given number of times: the count sizes an array (pymdp's rollout does so)."""
    return jax.numpy.arange(num_timesteps) * env.stride + jax.random.normal(key)


class QNode:
    """Runs the user's function to record its operations, then checks their wires in Python, as pennylane's
    device preprocessing does (``w in tape.wires``) after the user's function has returned."""

    def __init__(self, fn, wires):
        self.fn, self.wires = fn, wires
        functools.update_wrapper(self, fn)  # the user's signature, as pennylane's QNode keeps it

    def __call__(self, *args):
        operations = self.fn(*args)
        if any(wire not in self.wires for _, wire in operations):
            raise ValueError("an operation on a wire the device does not have")
        return sum(angle for angle, _ in operations)
'''


def _needs(*modules: str) -> None:
    for module in modules:  # test extras, absent in the lowest-versions run
        pytest.importorskip(module, reason=f"{module} is a test extra (absent in the lowest-versions run)")


@pytest.fixture
def twelfthlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "twelfthlib_cases", TWELFTHLIB)
    yield
    sys.modules.pop("twelfthlib_cases", None)


def test_a_python_scalar_in_a_batch_a_library_traces_whole_is_read_as_a_module_constant(twelfthlib, tmp_path):
    # reduces the thirteenth set's y-kfac-rollout-horizon-in-batch
    case = fix_case("twelve-horizon-in-batch", KFAC_OPTIMIZER, """\
import jax
import jax.numpy as jnp
import twelfthlib_cases as lib

def loss_fn(params, batch):
    h = batch['x']
    for _ in range(batch['horizon']):
        h = jnp.tanh(h @ params['w'])
    return jnp.mean((h - batch['y']) ** 2)

opt = lib.Optimizer(jax.value_and_grad(loss_fn))
params = {'w': 0.1 * jnp.ones((4, 4))}
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 4)), 'horizon': 3}
state = opt.init(params, batch)
""", "integer-conversion", "batch", 7, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.path, found.lineno) == ("integer-conversion", "batch",
                                                                      "batch['horizon']", 7)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert top.code.startswith("HORIZON = 3  # batch['horizon']") and "for _ in range(HORIZON):" in top.code
    assert "batch['horizon']" not in top.code.split("\n", 1)[1]


NNX_TRAIN_STEP = "https://flax.readthedocs.io/en/latest/nnx_basics.html"  # a train step under nnx.jit
EQX_FILTER_JIT = "https://docs.kidger.site/equinox/api/transformations/#equinox.filter_jit"  # arrays traced

NNX_CELL = """\
import jax
import jax.numpy as jnp
import optax
from flax import nnx

class MLP(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
    def __call__(self, x):
        return self.lin(x)

@nnx.jit
def train_step(model, optimizer, batch):
    def loss_fn(model):
        h = batch['x']
        for _ in range(batch['horizon']):
            h = jnp.tanh(model(h))
        return jnp.mean((h - batch['y']) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 4)), 'horizon': 3}
train_step(model, optimizer, batch)
"""

EQX_CELL = """\
import jax
import jax.numpy as jnp
import equinox as eqx
import optax

model = eqx.nn.Linear(4, 4, key=jax.random.PRNGKey(0))
opt = optax.adam(1e-3)
opt_state = opt.init(eqx.filter(model, eqx.is_array))

@eqx.filter_jit
def train_step(model, opt_state, batch):
    def loss_fn(model):
        h = batch['x']
        for _ in range(batch['horizon']):
            h = jnp.tanh(jax.vmap(model)(h))
        return jnp.mean((h - batch['y']) ** 2)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = opt.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state, loss

batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 4)), 'horizon': jnp.asarray(3)}
train_step(model, opt_state, batch)
"""


def _pasted(cell: str, code: str, call: str) -> dict:
    """Run ``cell`` with its decorated ``train_step`` replaced by the fix's code and its last line by ``call``, as a
    user would paste them; the namespace it leaves."""
    lines = cell.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("@") and "jit" in line)
    end = next(i for i in range(start + 2, len(lines)) if lines[i] and not lines[i].startswith(" "))
    fixed = "\n".join([*lines[:start], code.split("\n\n# and pass", 1)[0], *lines[end:-1], call])
    assert f"# {call.split('= ', 1)[-1]}" in code  # the call as the fix shows it
    namespace: dict = {}
    exec(compile(fixed, "<pasted>", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("cell, line, call", [
    (NNX_CELL, 16, "loss = train_step(model, optimizer, batch, horizon=batch['horizon'])"),
    (EQX_CELL, 14, "model, opt_state, loss = train_step(model, opt_state, batch, horizon=int(batch['horizon']))"),
])
def test_a_count_in_a_batch_dict_becomes_a_static_parameter_with_the_users_own_jit(cell, line, call, tmp_path):
    _needs("flax.nnx", "equinox", "optax")
    # a rollout horizon kept in the batch of a real model's train step: under nnx.jit the function gets a static
    # keyword parameter through nnx.jit's own option; under equinox.filter_jit, which holds every Python value
    # static, the count the cell wrote as ``jnp.asarray(3)`` is written as the int there (thirty-second round)
    case = fix_case("twelve-horizon-model", NNX_TRAIN_STEP if "nnx" in cell else EQX_FILTER_JIT, cell,
                    "integer-conversion", "batch", line, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.path, found.lineno) == ("integer-conversion", "batch",
                                                                      "batch['horizon']", line)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    if "nnx" not in cell:
        written = "batch = {'x': jnp.ones((8, 4)), 'y': jnp.zeros((8, 4)), 'horizon': 3}"
        assert top.code.startswith(written + "   # a Python int"), top.code
        namespace: dict = {}
        exec(compile(cell.replace("batch = {'x'", written + "\n_ = {'x'"), "<pasted>", "exec"), namespace)
        assert namespace["batch"]["horizon"] == 3  # the pasted line runs the step
        return
    assert "def train_step(model, " in top.code and ", *, horizon):" in top.code
    assert "for _ in range(horizon):" in top.code and "jax.jit" not in top.code
    if "nnx" in cell:
        assert "@partial(nnx.jit, static_argnames='horizon')" in top.code
    else:
        assert "@eqx.filter_jit\n" in top.code and "static_argnames" not in top.code
    assert "loss" in _pasted(cell, top.code, call)  # the pasted function runs with the count passed on its own


NNX_METHOD_IF = """\
import jax
import jax.numpy as jnp
import optax
from flax import nnx

class MLP(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 2, rngs=rngs)
    def __call__(self, x):
        y = self.lin(x)
        if y.mean() > 0:
            y = -y
        return y

@nnx.jit
def train_step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, grads)
    return loss

model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
train_step(model, optimizer, jnp.ones((3, 4)))
"""


def test_a_fix_in_a_modules_method_is_tried_through_nnx_jit_leaving_the_model_as_it_was(tmp_path, explain_events):
    _needs("flax.nnx", "optax")
    # an `if` on a traced value in an NNX module's __call__, reached through nnx.value_and_grad in an nnx.jit train
    # step: nnx.jit's inner jit runs only inside its own update context, so the try traces the user's nnx.jit call
    # (nnx.jit's .trace: the model split, traced abstractly, nothing written back)
    case = fix_case("twelve-nnx-method-if", NNX_TRAIN_STEP, NNX_METHOD_IF, "bool-conversion", "model", 11,
                    "jnp.where")
    outcome = run_case(case, tmp_path)
    found = outcome.explanation
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "model", 11)
    assert set(found.paths) == {"model.lin.kernel", "model.lin.bias", "x"}  # the module's state by its names
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
    assert "through nnx.jit" in top.outcome and top.code == "y = jnp.where(y.mean() > 0, -y, y)"
    assert explain_events["traces"] > 0 and explain_events["compiles"] == 0
    namespace = next(tb.tb_frame.f_globals for tb in _entries(outcome.exception) if "train_step" in
                     tb.tb_frame.f_globals)
    assert int(namespace["optimizer"].step[...]) == 0  # the optimizer never stepped: nothing was written back
    assert namespace["MLP"].__call__.__code__.co_name == "__call__" and "where" not in \
        namespace["MLP"].__call__.__code__.co_names  # the user's method is its own again


def _entries(exc: BaseException) -> list:
    tb, found = exc.__traceback__, []
    while tb is not None:
        found.append(tb)
        tb = tb.tb_next
    return found


def test_a_leak_made_in_a_models_call_depends_on_the_model_the_jitted_function_calls(tmp_path):
    _needs("equinox")
    # a value made in an equinox Module's __call__, run by `jax.vmap(model)(x)` in a filter_jit'd loss that
    # appends it to a global list: it depends on the model and the data, the model first
    case = fix_case("twelve-eqx-model-leak", EQX_FILTER_JIT, """\
import jax
import jax.numpy as jnp
import equinox as eqx

class Net(eqx.Module):
    lin: eqx.nn.Linear
    def __init__(self, key):
        self.lin = eqx.nn.Linear(4, 2, key=key)
    def __call__(self, x):
        return self.lin(x)

seen = []

@eqx.filter_jit
def loss_fn(model, x):
    out = jax.vmap(model)(x)
    seen.append(out)
    return jnp.mean(out ** 2)

loss_fn(Net(jax.random.PRNGKey(0)), jnp.ones((3, 4)))
print(seen[-1] + 1)
""", "leaked-tracer", "model", 17, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 17, 21)
    assert (found.argument, found.arguments) == ("model", ["model", "x"])
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("return-value", True), found.fixes[0].outcome


NNX_ATTRIBUTES = "https://flax.readthedocs.io/en/latest/guides/pytree.html"  # static and data attributes


def test_an_nnx_modules_attribute_storing_a_traced_value_is_declared_data_in_its_init(tmp_path):
    _needs("flax.nnx")
    # a method run under nnx.jit stores its activation on self; NNX kept the attribute, first None, as static
    # structure, so nnx.jit handed the tracer back out with the model
    cell = """\
import jax
import jax.numpy as jnp
from flax import nnx

class Model(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
        self.last = None
    def __call__(self, x):
        y = self.lin(x)
        self.last = y
        return y

model = Model(nnx.Rngs(0))

@nnx.jit
def forward(model, x):
    return model(x).sum()

forward(model, jnp.ones((3, 4)))
print(model.last + 1)
"""
    case = fix_case("twelve-nnx-attribute-leak", NNX_ATTRIBUTES, cell, "leaked-tracer", "model", 11, "not-static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 11, 21)
    assert found.arguments == ["model", "x"]  # the method's assignments read where the jitted function runs it
    top = found.fixes[0]
    assert top.kind == "not-static" and "self.last = nnx.data(None)" in top.code
    assert top.code.startswith("class Model(nnx.Module):\n\n    def __init__(self, rngs):")
    assert top.verified is None and "structure" in top.outcome
    # as pasted: the class's __init__ replaced, the rest of the cell as it was, the stored value readable after
    fixed = cell.replace("        self.last = None\n", "        self.last = nnx.data(None)\n")
    namespace: dict = {}
    exec(compile(fixed, "<pasted>", "exec"), namespace)
    assert namespace["model"].last.shape == (3, 4)


EQX_FILTER_GRAD = "https://docs.kidger.site/equinox/api/transformations/#equinox.filter_grad"  # has_aux


def test_a_value_stored_under_a_gradient_decorator_leaves_as_its_auxiliary_output(tmp_path):
    _needs("equinox")
    # a loss decorated with eqx.filter_grad appends its value to a history list; the decorator itself takes
    # has_aux=True, and the call unpacks (gradient, value)
    cell = """\
import jax
import jax.numpy as jnp
import equinox as eqx

model = eqx.nn.MLP(4, 1, 8, 2, key=jax.random.PRNGKey(0))
history = []

@eqx.filter_grad
def grads_of(model, x, y):
    pred = jax.vmap(model)(x)[:, 0]
    loss = jnp.mean((pred - y) ** 2)
    history.append(loss)
    return loss

g = grads_of(model, jnp.ones((8, 4)), jnp.zeros(8))
print(float(history[-1]))
"""
    case = fix_case("twelve-grad-decorator-leak", EQX_FILTER_GRAD, cell, "leaked-tracer", "model", 12,
                    "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "model", 12, 16)
    top = found.fixes[0]
    assert top.kind == "return-value" and not top.template and top.unfit is None
    assert top.code.startswith("@eqx.filter_grad(has_aux=True)\ndef grads_of(model, x, y):")
    assert "g, history_item = grads_of(model, jnp.ones((8, 4)), jnp.zeros(8))" in top.code
    pasted = cell.split("@eqx.filter_grad")[0] + top.code.split("   # then read")[0] + "\n"
    namespace: dict = {}
    exec(compile(pasted, "<pasted>", "exec"), namespace)
    assert namespace["history_item"].shape == ()  # the loss, out of the gradient as its auxiliary output


EQX_SCAN_LAYERS = "https://docs.kidger.site/equinox/tricks/#improve-compilation-speed-with-scan-over-layers"


def test_a_list_of_layers_indexed_by_a_scan_step_is_switched_through_lambdas(tmp_path):
    _needs("equinox")
    # `self.layers[i](h)` in a scan over layer indices: lax.switch picks the layer, each called from a lambda
    # (lax.switch hashes its branches, and a layer holding traced arrays cannot be hashed)
    case = Case(id="twelve-scan-layer-index", source=EQX_SCAN_LAYERS, code="""\
import jax
import jax.numpy as jnp
import equinox as eqx

class Stack(eqx.Module):
    layers: list
    def __init__(self, key):
        self.layers = [eqx.nn.Linear(4, 4, key=k) for k in jax.random.split(key, 3)]
    def __call__(self, x):
        def body(h, i):
            return self.layers[i](h), None
        h, _ = jax.lax.scan(body, x, jnp.arange(3))
        return h

eqx.filter_jit(lambda m, x: m(x))(Stack(jax.random.PRNGKey(0)), jnp.ones(4))
""", kind="integer-conversion", argument=None, path=None, line=11, fixes=("lax.switch",), verifiable=True,
                jax_fitting_fix=False)
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", None, 11)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.switch", True), top.outcome
    assert top.code == "jax.lax.switch(i, [lambda *args, branch=branch: branch(*args) for branch in self.layers], h)"


RIPPLE_LIKELIHOOD = "https://github.com/tedwards2412/ripple"  # a likelihood object jitted for inference


def test_a_value_stored_by_a_jitted_objects_call_is_returned_and_unpacked_where_it_is_jitted(tmp_path):
    # reduces the fourteenth set's ab-ripplegw-likelihood-caches-template: `jax.jit(like)(p)` on an object whose
    # __call__ keeps its template on self (JAX names the traced function `<unknown>`); an error raised below the
    # user's call of a jitted function is a live trace's, not a leak (ab-pennylane-traced-wire-index)
    case = fix_case("twelve-jitted-object-leak", RIPPLE_LIKELIHOOD, """\
import jax
import jax.numpy as jnp

data = jnp.ones(8)

class Likelihood:
    def __init__(self):
        self.best = None
    def __call__(self, p):
        h = jnp.sin(p["a"] * jnp.arange(8.0))
        self.best = h
        return -0.5 * jnp.sum((h - data) ** 2)

like = Likelihood()
jax.jit(like)({"a": 1.0})
residual = jnp.abs(like.best - data)
""", "leaked-tracer", "p", 11, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "p", 11, 16)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert "result, best = jax.jit(like)({'a': 1.0})   # then read best" in top.code


def test_an_error_below_the_users_call_of_a_jitted_function_is_not_a_leak(twelfthlib, tmp_path):
    # a library's own check under the user's jit, with JAX's frames filtered out of the traceback: the user's
    # last frame is the cell's call of the jitted function (pennylane's wire check, `w in tape.wires`)
    case = fix_case("twelve-check-below-jit", "https://docs.pennylane.ai/en/stable/introduction/interfaces/jax.html",
                    """\
import jax
import jax.numpy as jnp
import twelfthlib_cases as lib

def circuit(theta, target):
    return [(theta, 0), (2 * theta, target)]

circuit_jit = jax.jit(lib.QNode(circuit, wires=(0, 1, 2)))
circuit_jit(0.4, 2)
""", "bool-conversion", "target", 9, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "target", 9)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("static", True), found.fixes[0].outcome


NAVIX_TRANSITIONS = "https://github.com/epignatelli/navix"  # a user's transitions_fn, called by the environment


def test_through_a_lambda_handed_to_scan_the_argument_is_the_users_function_the_library_called(twelfthlib,
                                                                                               tmp_path):
    # reduces the fourteenth set's aa-navix-transition-fn-index-action-set: `lax.scan(lambda ts, a: env.step(ts,
    # a), ...)` at the top level, the environment calling the user's transition function: the lambda is glue, the
    # argument is the transition function's own parameter
    case = fix_case("twelve-lambda-glue", NAVIX_TRANSITIONS, """\
import jax
import jax.numpy as jnp
import twelfthlib_cases as lib

def my_transition(state, action, action_set):
    return action_set[action](state)

env = lib.Env(my_transition)
final, _ = jax.lax.scan(lambda ts, a: (env.step(ts, a), None), jnp.zeros(()), jnp.array([0, 1, 1]))
""", "integer-conversion", "action", 6, "lax.switch")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "action", 6)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("lax.switch", True), found.fixes[0].outcome


def test_a_while_loops_carried_state_leaves_out_what_each_step_makes_afresh(tmp_path):
    # reduces the fourteenth set's aa-navix-while-not-done-under-jit: a random episode written as `while not
    # done`, each step splitting a subkey and drawing an action; the subkey and action are made afresh each step,
    # never carried (they have no value before the loop)
    case = fix_case("twelve-while-episode", NAVIX_TRANSITIONS, """\
import jax
import jax.numpy as jnp

@jax.jit
def random_episode_return(key):
    position, total = jnp.zeros(()), 0.0
    while position < 5.0:
        key, subkey = jax.random.split(key)
        action = jax.random.randint(subkey, (), 0, 3)
        position = position + action
        total += 1.0
    return total

random_episode_return(jax.random.PRNGKey(0))
""", "bool-conversion", "key", 7, "lax.while_loop")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.while_loop", True), top.outcome
    assert "key, position, total = jax.lax.while_loop(cond_fun, body_fun, (key, position, total))" in top.code


PYMDP_ROLLOUT = "https://pymdp-rtd.readthedocs.io"  # rollout(agent, env, num_timesteps, key) under jax.jit


def test_a_static_argument_that_meets_the_next_one_makes_that_one_static_too(twelfthlib, tmp_path):
    # reduces the fourteenth set's aa-pymdp-jit-rollout-env-not-static: `jax.jit(rollout)` given an environment
    # object and a step count; static, the environment gets the trace past it, and JAX's next message names the
    # count, passed as a Python int: both static
    case = fix_case("twelve-static-chain", PYMDP_ROLLOUT, """\
import jax
import twelfthlib_cases as lib

env = lib.Walker(2.0)
rollout_jit = jax.jit(lib.rollout)
rollout_jit(env, 20, jax.random.PRNGKey(1))
""", "non-array-argument", "env", 6, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "env", 6)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "static_argnames=('env', 'num_timesteps')" in top.code and "`num_timesteps`" in top.summary


def test_a_jitted_bound_method_storing_on_self_is_tried_with_its_object_static(tmp_path):
    # reduces the fourteenth set's aa-navix-gym-wrapper-self-leak: `jax.jit(env.step)(a)` keeps its state on self,
    # met later by an eager `env.step(a)`; that eager call is retraced as the jit of the bound method (the object
    # static), not with the object as a traced argument
    case = fix_case("twelve-bound-method-leak", NAVIX_TRANSITIONS, """\
import jax
import jax.numpy as jnp

class GymStyle:
    def __init__(self):
        self.state = jnp.zeros(3)

    def step(self, action):
        state = self.state + action
        self.state = state
        return state.sum()

gym_env = GymStyle()
r = jax.jit(gym_env.step)(jnp.asarray(2.0))
r = gym_env.step(jnp.asarray(2.0))
""", "leaked-tracer", "action", 10, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "action", 10, 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome


PENNYLANE_TEMPLATES = "https://docs.pennylane.ai/en/stable/code/api/pennylane.AllSinglesDoubles.html"


def test_a_numpy_array_a_library_converts_is_read_from_the_module_not_traced(tmp_path):
    # reduces the fourteenth set's ab-pennylane-allsinglesdoubles-traced-hf: an occupation vector, a NumPy array
    # the library converts with NumPy, passed to the jitted function and so traced; unhashable, it cannot be
    # static: the function reads it from the global that holds it
    case = fix_case("twelve-host-array-argument", PENNYLANE_TEMPLATES, """\
import jax
import jax.numpy as jnp
import numpy as np

hf = np.array([1, 1, 0, 0])

def ansatz(weights, hf_state):
    occupied = np.flatnonzero(np.asarray(hf_state))
    return jnp.sum(weights[occupied])

jax.jit(ansatz)(jnp.ones(4), hf)
""", "array-conversion", "hf_state", 11, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument) == ("array-conversion", "hf_state")
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "def ansatz(weights):\n    hf_state = hf" in top.code


def test_without_the_call_nnx_state_is_still_named_by_the_modules_attributes():
    # jaxmagic.explain(exc) alone (SPEC: the call is optional): JAX names NNX's flat state of the module,
    # `model.states[0][0]`; read back from nnx.jit's own frame in the traceback, it is `model.lin.kernel`
    _needs("flax.nnx")
    import jax.numpy as jnp
    from flax import nnx

    import jaxmagic

    class MLP(nnx.Module):
        def __init__(self, rngs):
            self.lin = nnx.Linear(4, 2, rngs=rngs)

        def __call__(self, x):
            y = self.lin(x)
            if y.mean() > 0:
                y = -y
            return y

    @nnx.jit
    def forward(model, x):
        return model(x)

    with pytest.raises(Exception) as caught:
        forward(MLP(nnx.Rngs(0)), jnp.ones((3, 4)))
    found = jaxmagic.explain(caught.value)
    assert found.kind == "bool-conversion" and found.arguments == ["model", "x"]
    assert set(found.paths) == {"model.lin.kernel", "model.lin.bias", "x"}
