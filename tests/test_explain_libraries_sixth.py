"""Issue 26, fifth round: the patterns of the sixth held-out set (Keras, brainstate, vbjax, qpax; flowMC,
coreax, pzflow, jaxkan), each reduced to a small library of my own installed in a temporary
``site-packages`` (so jaxmagic reads it as an installed package), with the source each pattern comes from:

- a library that catches JAX's error and raises another while re-raising it (Keras rebuilds the exception
  with ``e.__class__(message)``, which JAX's error classes refuse): JAX's error, found in the chain, is
  explained on the user's line;
- an object JAX flattened into a tracer, then called (a Keras model passed to ``jax.jit``): the argument
  is that parameter, and marking it static is tried;
- a row mask selecting rows of a matrix (``G_all[active]``): ``jnp.where`` broadcasts the mask
  (``active[:, None]``);
- SciPy on a traced value (``scipy.linalg.block_diag``): ``jax.scipy``'s function of the same name;
- a parameter of the user's function that library code fills from data it closed over (coreax's pairwise
  kernel): the failing value depends on it, though on no input of the trace;
- a leak stored on ``self`` by a method library code calls (a Keras layer's ``call``), read later as
  ``obj.attr``: the store is that assignment;
- an unhashable static value given to a library's own jit: the argument is the keyword it was given by;
- a plain dataclass with a list field passed static: ``frozen=True``, the list field a tuple;
- a library's own check on ``self``'s attribute (equinox's ``__check_init__`` in coreax's ``PowerKernel``).
"""
from __future__ import annotations

import sys

import jax
import pytest
from corpus_harness import fix_case, install_library, run_case
from explain_corpus import Case

KERAS_RERAISE = "https://github.com/keras-team/keras/issues/21605"
KERAS_MODEL_ARG = "https://keras.io/guides/writing_a_custom_training_loop_in_jax/"
QPAX_MASK = "https://github.com/kevin-tracy/qpax"
SCIPY_BLOCK_DIAG = "https://github.com/kevin-tracy/qpax"
COREAX_KERNEL = "https://github.com/gchq/coreax"
KERAS_LEAK = "https://github.com/keras-team/keras/issues/20724"
BRAINSTATE_STATIC = "https://github.com/chaobrain/brainstate"
JAXKAN_CONFIG = "https://github.com/srigas/jaxKAN"
COREAX_POWER = "https://github.com/gchq/coreax/blob/main/coreax/kernels/composite.py"

SIXTHLIB = '''
import functools

import jax
import jax.numpy as jnp
import numpy as np


def reraising(fn):
    """Catches an error and raises it again rebuilt from its message (JAX's classes refuse that)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            raise e.__class__(str(e))
    return wrapper


def apply_layer(layer, x):
    """Runs the layer's ``call`` under a jit of the library's own, through a rebuilding error handler."""
    return jax.jit(reraising(layer.call))(x)


def fit(layer, x):
    """Traces the layer's ``call`` under the library's jit and gradient, and keeps nothing of it."""
    jax.jit(jax.grad(lambda v: layer.call(v).sum()))(x)


def to_host(state):
    """A copy of the state for the host, as plain Python lists (mjx.get_data copies to the host so)."""
    return {"pos": np.asarray(state).tolist()}


DATA = np.linspace(-1.0, 1.0, 12).reshape(6, 2).astype("float32")


def gram(kernel):
    """k(x, y) over every pair of the library's own data points (x and y both from the closed-over data)."""
    pairs = jax.vmap(jax.vmap(kernel, (None, 0)), (0, None))
    return jax.jit(lambda y: pairs(jnp.asarray(DATA), y))(jnp.asarray(DATA) * 1.0)


class Stateful:
    """The user's function as the library's jit holds it, made once (brainstate builds such an object)."""

    def __init__(self, fun, static_argnames):
        self.fun, self.static = fun, tuple(static_argnames) or None

    def __call__(self, *args, **kwargs):
        return jax.jit(self.fun, static_argnames=self.static)(*args, **kwargs)


def jit(fun=None, *, static_argnames=()):
    """A jit of the library's own: a function closing over the user's function and the object holding it."""
    if fun is None:
        return lambda f: jit(f, static_argnames=static_argnames)
    stateful = Stateful(fun, static_argnames)

    @functools.wraps(fun)
    def jitted_fn(*args, **kwargs):
        if not callable(fun):
            raise TypeError("not a function")
        return stateful(*args, **kwargs)

    return jitted_fn


class Power:
    """A kernel raised to a whole power, checked as equinox's ``__check_init__`` checks it."""

    def __init__(self, power):
        self.power = power
        self.check()

    def check(self):
        if not isinstance(self.power, int) or self.power < 1:
            raise ValueError("'power' must be a positive integer")

    def __call__(self, x, y):
        return (x @ y + 1.0) ** self.power
'''


@pytest.fixture
def sixthlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "sixthlib_cases", SIXTHLIB)
    yield
    sys.modules.pop("sixthlib_cases", None)


def _found(case: Case, tmp_path):
    found = run_case(case, tmp_path).explanation
    assert found is not None and found.analysis_failed is None
    return found


def test_a_tracing_error_a_library_raised_again_as_another_error_is_explained(sixthlib, tmp_path):
    case = fix_case("six-reraised", KERAS_RERAISE, """\
import jax.numpy as jnp
import sixthlib_cases

class Clip:
    def call(self, x):
        norm = jnp.sqrt(jnp.sum(x ** 2))
        if norm > 10.0:
            x = x * (10.0 / norm)
        return x

sixthlib_cases.apply_layer(Clip(), jnp.ones(4))
""", "bool-conversion", "x", 7, "jnp.where")
    outcome = run_case(case, tmp_path)
    assert not isinstance(outcome.exception, jax.errors.TracerBoolConversionError)  # the library's own error
    found = outcome.explanation
    assert found.exception is outcome.exception and found.error_type == "TracerBoolConversionError"
    assert (found.kind, found.lineno, found.argument) == ("bool-conversion", 7, "x")
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True


def test_an_object_flattened_into_a_tracer_then_called_is_a_non_array_argument(tmp_path):
    case = fix_case("six-called-tracer", KERAS_MODEL_ARG, """\
import jax
import jax.numpy as jnp

class Model:
    def __init__(self, w):
        self.w = w
    def __call__(self, x):
        return x * self.w

# flattened to its weight, and rebuilt as that weight alone: inside jit, `model` is a tracer
jax.tree_util.register_pytree_node(Model, lambda m: ((m.w,), None), lambda _, leaves: leaves[0])

@jax.jit
def predict(model, x):
    return jnp.sum(model(x))

predict(Model(jnp.ones(3)), jnp.ones(3))
""", "non-array-argument", "model", 15, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "model", 15)
    assert found.fixes[0].kind == "static" and "static_argnames='model'" in found.fixes[0].code


def test_a_row_mask_over_a_matrix_is_broadcast_in_jnp_where(tmp_path):
    case = fix_case("six-row-mask", QPAX_MASK, """\
import jax
import jax.numpy as jnp

G_all = jnp.vstack([jnp.eye(3), -jnp.eye(3)])
h_all = jnp.ones(6)

@jax.jit
def constraints(active):
    G, h = G_all[active], h_all[active]
    return G.sum() + h.sum()

constraints(jnp.array([True, False] * 3))
""", "boolean-index", "active", 9, "jnp.where")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True)
    assert "jnp.where(active[:, None], G_all, 0)" in top.code and "jnp.where(active, h_all, 0)" in top.code


def test_scipy_on_a_traced_value_becomes_jax_scipy(tmp_path):
    case = fix_case("six-scipy", SCIPY_BLOCK_DIAG, """\
import jax
import jax.numpy as jnp
import scipy.linalg

@jax.jit
def cost(weights):
    Q = scipy.linalg.block_diag(*[w * jnp.eye(2) for w in weights])
    return jnp.trace(Q)

cost(jnp.array([1.0, 2.0, 4.0]))
""", "array-conversion", "weights", 7, "jnp-not-np")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp-not-np", True)
    assert top.code.endswith("jax.scipy.linalg.block_diag(*[w * jnp.eye(2) for w in weights])")


def test_a_parameter_made_from_data_a_library_closed_over_is_named(sixthlib, tmp_path):
    case = fix_case("six-closed-data", COREAX_KERNEL, """\
import jax.numpy as jnp
import sixthlib_cases

def truncated(x, y):
    r = jnp.linalg.norm(x - y)
    if r > 1.0:
        return 0.0
    return 1.0 - r

sixthlib_cases.gram(truncated)
""", "bool-conversion", "x", 6, "jnp.where")
    found = _found(case, tmp_path)
    assert (found.argument, found.arguments) == ("x", ["x", "y"])
    assert found.fixes[0].kind == "jnp.where" and found.fixes[0].verified is True


def test_a_leak_stored_on_self_by_a_method_a_library_calls_is_placed_on_that_store(sixthlib, tmp_path):
    case = Case(id="six-self-store", source=KERAS_LEAK, code="""\
import jax.numpy as jnp
import sixthlib_cases

class Attention:
    def call(self, x):
        scores = jnp.tanh(x)
        self.last_scores = scores
        return scores * x

attn = Attention()
sixthlib_cases.fit(attn, jnp.ones(5))
jnp.mean(attn.last_scores)
""", kind="leaked-tracer", argument="x", path="x", line=7, fixes=("return-value",), verifiable=False,
                jax_fitting_fix=True, use_line=12)
    found = _found(case, tmp_path)
    assert (found.kind, found.lineno, found.use_lineno, found.argument) == ("leaked-tracer", 7, 12, "x")
    assert found.fixes[0].kind == "return-value" and "last_scores" in found.fixes[0].code


def test_an_unhashable_value_given_to_a_librarys_jit_names_its_keyword(sixthlib, tmp_path):
    case = fix_case("six-lib-static", BRAINSTATE_STATIC, """\
import jax.numpy as jnp
import sixthlib_cases

@sixthlib_cases.jit(static_argnames=["delays"])
def delayed_sum(history, delays):
    total = jnp.zeros(history.shape[1:])
    for d in delays:
        total = total + history[-d]
    return total

delayed_sum(jnp.ones((20, 8)), delays=[1, 3, 5])
""", "unhashable-static", "delays", 11, "hashable-static")
    found = _found(case, tmp_path)
    assert (found.argument, found.lineno) == ("delays", 11)
    assert found.fixes[0].kind == "hashable-static" and "delays=(1, 3, 5)" in found.fixes[0].code


def test_a_static_dataclass_with_a_list_field_is_frozen_with_the_list_a_tuple(tmp_path):
    case = fix_case("six-frozen-list", JAXKAN_CONFIG, """\
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp

@dataclasses.dataclass
class Config:
    widths: list[int]
    degree: int = 4

@partial(jax.jit, static_argnames="cfg")
def forward(x, cfg):
    for w in cfg.widths:
        x = x * w + cfg.degree
    return x

forward(jnp.ones(3), Config(widths=[2, 8, 1]))
""", "unhashable-static", "cfg", 17, "hashable-static")
    found = _found(case, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True)
    assert "frozen=True" in top.code and "widths: tuple[int, ...]" in top.code
    assert "Config(widths=(2, 8, 1), ...)" in top.code


def test_a_librarys_check_on_its_objects_traced_attribute_is_explained(sixthlib, tmp_path):
    case = fix_case("six-self-check", COREAX_POWER, """\
import jax
import jax.numpy as jnp
import sixthlib_cases

@jax.jit
def polynomial(x, degree):
    kernel = sixthlib_cases.Power(degree)
    return kernel(x, x)

polynomial(jnp.ones(3), 3)
""", "concretization", "degree", 7, "static")
    found = _found(case, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("concretization", "degree", 7)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("static", True)


def test_in_a_notebook_a_reraised_error_and_a_host_call_are_explained(sixthlib, tmp_path):
    # a real kernel (nbclient) with %jittrace_explain on: the hook finds JAX's error inside the library's own
    # error, and a library call that reads values is moved out of the jitted part
    from notebook_support import run_notebook

    folder = next(p for p in sys.path if p.endswith("site-packages") and str(tmp_path) in p)
    cells = run_notebook([
        f"%load_ext jaxmagic\nimport sys\nsys.path.insert(0, {folder!r})\n"
        "import jax, jax.numpy as jnp\nimport sixthlib_cases\n%jittrace_explain on",
        "class Clip:\n    def call(self, x):\n        norm = jnp.sqrt(jnp.sum(x ** 2))\n"
        "        if norm > 10.0:\n            x = x * (10.0 / norm)\n        return x\n\n"
        "sixthlib_cases.apply_layer(Clip(), jnp.ones(4))",
        "@jax.jit\ndef step(pos, vel):\n    pos = pos + vel\n    snapshot = sixthlib_cases.to_host(pos)\n"
        "    return pos, snapshot\n\nstep(jnp.ones(2), jnp.ones(2))",
    ], tmp_path, allow_errors=True)

    def shown(cell) -> str:
        return "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cell.outputs)

    reraised, host = shown(cells[1]), shown(cells[2])
    assert "TracerBoolConversionError" in reraised and "Cell In[2], line 4" in reraised, reraised
    assert "x = jnp.where(norm > 10.0, x * (10.0 / norm), x)" in reraised
    assert "def step_traced(pos, vel):" in host and "pos = step_traced(pos, vel)" in host, host
    assert "snapshot = sixthlib_cases.to_host(pos)  # outside jit" in host
