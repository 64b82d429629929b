"""Issue 26, fortieth round: patterns of the forty-eighth held-out set (gwpopulation, pylops, tn4ml; numpyro-ext,
mcfit, SciPy's array API), each a reduction of its own.

- a library object built in the cell from a NumPy array it keeps and computes with (pylops' ``MatrixMult(G)``):
  made from ``jnp.asarray(G)``, tried by tracing the function again with the new object;
- a ``lax.fori_loop`` counter indexing a Python list of objects no array can hold (a list of operators), the loop
  in the jitted function: the counter named as the body's parameter, and the loop made a Python one, tried by
  running the failing trace again;
- an object of the user's plain dataclass that a library's own jit holds static (tn4ml's ``forward(X,
  embedding=...)``): named, and its class declared frozen, tried through that jit;
- ``print`` of two ``float()`` conversions: both unconverted in ``jax.debug.print``;
- an object whose class (through a base its ``**kwargs`` reach) takes ``backend="numpy"`` (mcfit's ``TophatVar``):
  made with ``backend="jax"``;
- a library's object made inside the jitted function from constants, whose maker needs concrete values (mcfit's
  constructor takes ``math.log`` of its grid): made once before the function;
- a library whose models compute with the NumPy module their module holds until ``set_backend("jax")``
  (gwpopulation): that switch offered first, not tried;
- an ``if`` that assigns an item of a dict (``parameters["mmax"] = ...``): ``jnp.where`` for that item;
- a user's loss that a library hands an object holding tracers in its slots, no pytree (tn4ml's quimb network):
  the loss's parameter named;
- an object with a ``dtype`` (a quimb network) passed to jit, which traces it as an array, and library code then
  reads an attribute the tracer lacks (``net.tensors``): the argument named and made static, in a shell too, where
  the ``AttributeError`` alone is no tracing error;
- in a kernel, where no call is read back when the line makes the object, a dataclass handed by keyword to a
  library's jit is found in the library's frames, named by the keyword and declared frozen.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

PYLOPS_JAX = "https://pylops.readthedocs.io/en/stable/gpu.html"  # JaxOperator: operators built from JAX arrays

# a reduction of pylops' MatrixMult: it keeps the matrix it is given and multiplies with the matrix's own method
OPERATOR_LIBRARY = """\
class MatrixMult:
    def __init__(self, A):
        self.A = A

    def __matmul__(self, x):
        return self.A.dot(x)
"""

NUMPY_MATRIX_OPERATOR = """\
import jax
import jax.numpy as jnp
import numpy as np
import oplib

G = np.arange(12.0).reshape(4, 3)
Gop = oplib.MatrixMult(G)
d_obs = jnp.ones(4)


def misfit(m):
    r = Gop @ m - d_obs
    return 0.5 * jnp.sum(r ** 2)


jax.grad(misfit)(jnp.zeros(3))
"""

OPERATOR_LIST_IN_FORI_LOOP = """\
import jax
import jax.numpy as jnp
import numpy as np
import oplib

ops = [oplib.MatrixMult(jnp.eye(3) * k) for k in range(1, 4)]


@jax.jit
def stack_predictions(m):
    def body(i, acc):
        return acc + ops[i] @ m
    return jax.lax.fori_loop(0, len(ops), body, jnp.zeros(3))


stack_predictions(jnp.ones(3))
"""

TN4ML_FORWARD = "https://tn4ml.readthedocs.io/en/latest/"  # Model.forward(X, embedding=...), jitted with it static

# a reduction of tn4ml's forward: its own jit takes the embedding as a static argument
EMBEDDING_LIBRARY = """\
import jax


def _apply(X, embedding):
    return embedding(X).sum()


def forward(X, embedding):
    return jax.jit(_apply, static_argnums=1)(X, embedding)
"""

PLAIN_DATACLASS_EMBEDDING = """\
from dataclasses import dataclass
import jax.numpy as jnp
import numpy as np
import embedlib


@dataclass
class Scaled:
    scale: float = 1.0

    def __call__(self, x):
        return jnp.cos(self.scale * x)


X = np.linspace(0.0, 1.0, 6)
embedlib.forward(X, embedding=Scaled(scale=np.pi / 2))
"""

NUMPYRO_EXT_OPTIMIZE = "https://github.com/dfm/numpyro-ext/blob/main/src/numpyro_ext/optim.py"  # a model printed

PRINTED_CONVERSIONS = """\
import jax
import jax.numpy as jnp


@jax.jit
def step(period, amp):
    print("trying period", float(period), "amp", float(amp))
    return amp * jnp.sin(2 * jnp.pi / period)


step(3.0, 1.0)
"""

MCFIT_README = "https://github.com/eelregit/mcfit#readme"  # backend='jax'; construct once, outside jit

# a reduction of mcfit: the base class takes the backend; a subclass passes it on through **kwargs
BACKEND_LIBRARY = '''\
import math

import jax.numpy as jnp
import numpy as np


class Transform:
    """A transform of a sampled function.

    backend : 'numpy' or 'jax'; with 'jax' the transform computes with jax.numpy and can be traced.
    """

    def __init__(self, x, backend="numpy"):
        self.xp = jnp if backend == "jax" else np
        self.x = self.xp.asarray(x)
        self.dlog = math.log(x[-1] / x[0])

    def __call__(self, y):
        y = self.xp.asarray(y)
        return self.x, y * self.dlog


class Variance(Transform):
    def __init__(self, x, **kwargs):
        super().__init__(x, **kwargs)
'''

DEFAULT_NUMPY_BACKEND = """\
import jax
import jax.numpy as jnp
import mcfitlike

k = jnp.logspace(-3.0, 1.0, 16)
pk = k / (1 + k ** 2)
var_of_R = mcfitlike.Variance(k)


def sigma(amp):
    R, var = var_of_R(amp * pk)
    return jnp.sqrt(var.sum())


jax.grad(sigma)(1.0)
"""

MADE_IN_JIT_FROM_A_CONSTANT_GRID = """\
import jax
import jax.numpy as jnp
import mcfitlike

k = jnp.logspace(-3.0, 1.0, 16)


@jax.jit
def sigma(amp):
    pk = amp * k / (1 + k ** 2)
    R, var = mcfitlike.Variance(k, backend="jax")(pk)
    return jnp.sqrt(var.sum())


sigma(2.0)
"""

GWPOPULATION_BACKEND = "https://colmtalbot.github.io/gwpopulation/_autosummary/gwpopulation.backend.set_backend.html"

# a reduction of gwpopulation: its models compute with the module's ``xp``, NumPy until set_backend("jax")
POPULATION_LIBRARY = '''\
import importlib

import numpy as xp

SUPPORTED_BACKENDS = ["numpy", "jax"]


def set_backend(backend="numpy"):
    """Set the array backend of every model: 'numpy' or 'jax'."""
    global xp
    xp = importlib.import_module("jax.numpy" if backend == "jax" else "numpy")


class PowerLaw:
    def __init__(self, mmin=2.0):
        self.mmin = mmin

    def __call__(self, m, alpha, mmin):
        if mmin < self.mmin:
            raise ValueError("mmin below the model's limit")
        return xp.where(m > mmin, m ** -alpha, 0.0)
'''

NUMPY_BACKEND_MODEL = """\
import jax
import jax.numpy as jnp
import numpy as np
from poplib import PowerLaw

model = PowerLaw()
m = np.linspace(3.0, 50.0, 20)


@jax.jit
def ln_population(params):
    return jnp.log(model(m, **params) + 1e-12).sum()


ln_population(dict(alpha=2.0, mmin=5.0))
"""

GWPOPULATION_CONVERSION = "https://github.com/ColmTalbot/gwpopulation/pull/83"  # a conversion function's if

ITEM_ASSIGNED_IN_IF = """\
import jax
import jax.numpy as jnp


def enforce_gap(parameters):
    parameters = dict(parameters)
    if parameters["mmax"] < parameters["mmin"] + 10:
        parameters["mmax"] = parameters["mmin"] + 10
    return parameters["mmax"] - parameters["mmin"]


jax.vmap(enforce_gap)(dict(mmin=jnp.array([5.0, 6.0]), mmax=jnp.array([60.0, 12.0])))
"""

TN4ML_TRAIN = "https://tn4ml.readthedocs.io/en/latest/"  # Model.train(..., loss=...): the loss gets a network

# a reduction of tn4ml's training: the loss is handed an object (no pytree) whose slot holds the traced parameters
NETWORK_LIBRARY = """\
import jax
import jax.numpy as jnp


class Network:
    __slots__ = ("_data",)

    def __init__(self, data):
        self._data = data

    def overlap(self, x):
        return jnp.sum(self._data * x)


def train(loss, params, X):
    return jax.grad(lambda p: jax.vmap(lambda x: loss(Network(p), x))(X).sum())(params)
"""

LOSS_OF_A_NETWORK = """\
import jax.numpy as jnp
import netlib


def clipped_nll(model, data):
    overlap = model.overlap(data)
    if jnp.abs(overlap) < 1e-6:
        overlap = 1e-6
    return -2.0 * jnp.log(jnp.abs(overlap))


netlib.train(clipped_nll, jnp.ones(3), jnp.ones((4, 3)))
"""


def test_an_object_keeping_a_numpy_array_is_made_from_a_jax_array(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "oplib", OPERATOR_LIBRARY)
    found = explained_cell("held-numpy", PYLOPS_JAX, NUMPY_MATRIX_OPERATOR, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == (
        "jnp-not-np", True, "Gop = oplib.MatrixMult(jnp.asarray(G))"), tried(found)
    assert "keeps the NumPy array `G`" in first.summary


def test_a_loop_counter_indexing_a_list_of_objects_is_named_and_the_loop_made_pythons(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "oplib", OPERATOR_LIBRARY)
    found = explained_cell("operator-list", PYLOPS_JAX, OPERATOR_LIST_IN_FORI_LOOP, tmp_path)
    assert (found.argument, found.lineno) == ("i", 12), found.message
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("static", True), tried(found)
    assert first.code.splitlines() == ["carry = jnp.zeros(3)", "for i in range(0, len(ops)):  # a Python int each step",
                                       "    carry = body(i, carry)", "return carry"]


def test_a_plain_dataclass_a_librarys_jit_holds_static_is_named_and_frozen(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "embedlib", EMBEDDING_LIBRARY)
    found = explained_cell("dataclass-static", TN4ML_FORWARD, PLAIN_DATACLASS_EMBEDDING, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "embedding"), found.message
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("hashable-static", True), tried(found)
    assert first.code.startswith("@dataclass(frozen=True)\nclass Scaled:"), first.code


def test_every_conversion_a_print_makes_is_undone_in_the_debug_print(tmp_path):
    found = explained_cell("printed-conversions", NUMPYRO_EXT_OPTIMIZE, PRINTED_CONVERSIONS, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == (
        "jax.debug.print", True, "jax.debug.print('trying period {} amp {}', period, amp)"), tried(found)


def test_an_object_made_with_a_numpy_backend_option_is_made_with_jax(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "mcfitlike", BACKEND_LIBRARY)
    found = explained_cell("backend-option", MCFIT_README, DEFAULT_NUMPY_BACKEND, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == (
        "jnp-not-np", True, "var_of_R = mcfitlike.Variance(k, backend='jax')"), tried(found)


def test_a_library_object_made_in_the_jit_from_constants_is_made_before_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "mcfitlike", BACKEND_LIBRARY)
    found = explained_cell("made-in-jit", MCFIT_README, MADE_IN_JIT_FROM_A_CONSTANT_GRID, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("static", True), tried(found)
    assert first.code.splitlines() == [
        "variance = mcfitlike.Variance(k, backend='jax')   # made once, before `sigma`: concrete", "...",
        "R, var = variance(pk)   # in `sigma`"], first.code


def test_a_librarys_global_backend_switch_is_offered_first_untried(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "poplib", POPULATION_LIBRARY)
    found = explained_cell("backend-setter", GWPOPULATION_BACKEND, NUMPY_BACKEND_MODEL, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp-not-np", None), tried(found)
    assert first.code.splitlines() == ["import poplib", 'poplib.set_backend("jax")   # first, before the models are made']
    assert "whole session" in first.outcome


def test_an_item_assigned_in_an_if_is_picked_with_where(tmp_path):
    found = explained_cell("item-in-if", GWPOPULATION_CONVERSION, ITEM_ASSIGNED_IN_IF, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp.where", True), tried(found)
    assert first.code == ("parameters['mmax'] = jnp.where(parameters['mmax'] < parameters['mmin'] + 10, "
                          "parameters['mmin'] + 10, parameters['mmax'])")


def test_a_loss_handed_an_object_holding_tracers_in_its_slots_names_that_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "netlib", NETWORK_LIBRARY)
    found = explained_cell("network-loss", TN4ML_TRAIN, LOSS_OF_A_NETWORK, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "model", 7), found.message



TN4ML_EVALUATE = "https://tn4ml.readthedocs.io/en/latest/"  # a model with a dtype handed to a user's jit

# a reduction of a quimb network handed to jax.jit: it has a dtype, so jit traces it as a scalar array
DTYPED_NETWORK_LIBRARY = """\
import jax.numpy as jnp
import numpy as np


class Network:
    dtype = np.float32

    def __init__(self, tensors):
        self.tensors = tensors


def log_norm(net, x):
    return jnp.log(sum(jnp.sum(t * x) for t in net.tensors))
"""

NETWORK_PASSED_TO_JIT = """\
import jax
import jax.numpy as jnp
import dtypednet

net = dtypednet.Network([jnp.ones(3), jnp.full(3, 2.0)])


def anomaly_score(model, x):
    return dtypednet.log_norm(model, x)


jax.jit(anomaly_score)(net, jnp.ones(3))
"""


def test_an_object_with_a_dtype_traced_as_an_array_is_named_when_library_code_reads_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "dtypednet", DTYPED_NETWORK_LIBRARY)
    found = explained_cell("dtype-object", TN4ML_EVALUATE, NETWORK_PASSED_TO_JIT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "model", 9), found.message
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("static", True), tried(found)


def _shown_in_a_shell(shell, code: str) -> str:
    from IPython.utils.capture import capture_output

    shell.run("%jittrace_explain on")
    with capture_output() as captured:  # the hook reads the call back from the traceback, as in a notebook
        shell.ip.run_cell(code)
    return captured.stdout + "".join(o.data.get("text/plain", "") for o in captured.outputs)


def test_in_a_shell_an_object_with_a_dtype_traced_as_an_array_is_explained(shell, tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "dtypednet", DTYPED_NETWORK_LIBRARY)
    shown = _shown_in_a_shell(shell, NETWORK_PASSED_TO_JIT)  # an AttributeError, which is no tracing error alone
    assert "an argument is not something JAX can trace" in shown, shown
    assert "jax.jit(anomaly_score, static_argnames='model')" in shown and "✓ verified" in shown, shown


def test_in_a_kernel_a_dataclass_made_on_the_line_for_a_librarys_jit_is_declared_frozen(tmp_path, monkeypatch):
    from notebook_support import run_notebook

    install_library(tmp_path, monkeypatch, "embedlib", EMBEDDING_LIBRARY)
    site = tmp_path / "lib" / "python3" / "site-packages"  # (a kernel cell's class has its source in a file)
    cells = run_notebook([f"import sys\nsys.path.insert(0, {str(site)!r})\n%load_ext jaxmagic\n%jittrace_explain on",
                          PLAIN_DATACLASS_EMBEDDING], tmp_path, allow_errors=True)
    shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cells[1].outputs)
    assert "depends on argument embedding" in shown, shown  # no call read back: the object is made on the line
    assert "@dataclass(frozen=True)" in shown and "✓ verified" in shown, shown
