"""Issue 26, thirty-eighth round: patterns met while the forty-sixth held-out set was being built, and that set's
own (differt, tequila, jax-bitempered-loss; scarlet2, ivy, iminuit).

- ``jnp.bincount`` whose counted values are not known here (computed in the jitted function): ``length=`` with a
  placeholder is a pattern, offered untried, never a try that fails on its placeholder (a gettsim policy
  function of the forty-fifth set summed a household's column this way);
- a class the user wrote in a cell, whose module is ``__main__`` (the launcher's installed file in a kernel or
  under a test runner), is the user's: registering it as a pytree comes first when it holds arrays;
- a library's own array type kept in slots, with its own ``where`` and ``logical_or`` and no ``|`` (eagerpy's
  ``JAXTensor``, a pytree whose leaf is the raw array): the ``if`` is a select with the library's ``where``, the
  ``or`` its ``logical_or``, and the value picked whole, not leaf by leaf (forty-fifth set);
- a loss that stores a value, handed to a library's ``value_and_grad`` that has no ``has_aux`` but a variant of
  its own that takes the extra output (eagerpy's ``value_aux_and_grad``): returning the value is tried through
  that variant and goes first (forty-fifth set; slsqp-jax's solvers of the forty-fourth had the same shape);
- a library's array type that keeps its array in ``_data`` behind a ``data`` property (ivy's ``Array``): handed to
  NumPy, ``jnp``'s twin takes ``x.data``; an ``if`` whose branches return ``.data`` is the library's ``where`` of
  the arrays, unwrapped after; its ``nonzero`` that takes ``size=`` gets it; its indexing by a mask, which it
  lowers to ``jnp.nonzero``, is a boolean index (forty-sixth set, ivy);
- ``jax.grad(loss)(params, x, y)`` where a library's custom rule traces the labels too: the argument is the
  parameter the user's frame holds traced, ``params`` (forty-sixth set, jax-bitempered-loss);
- ``float(g)`` fixed under a ``jax.grad`` with no jit, after which ``max(g, 0.0)`` needs a bool that such a call's
  tracers have: not known, never a failed fix (forty-sixth set, a tequila transformation);
- an array marked static in a jitted cost that a lambda handed to iminuit calls: the static parameter, not the
  lambda's, and no crash reading a lambda's body as a list of statements (forty-sixth set);
- ``num_classes = labels.max() + 1`` in a jitted function whose parameter ``labels`` has the name of a global
  array of the cell (as notebooks name them): still array math, computed by the caller and passed static
  (forty-sixth set, jax-bitempered-loss);
- a library's NumPy function handed a value under ``jax.grad`` (scarlet2's ``measure.centroid``): splitting the jit
  around the call cannot keep a derivative, so it is not offered; guidance to write the computation in ``jnp``;
- a callable object handed to a library that only keeps it (tequila's ``E.apply(penalty)``): a leak fix traced
  through that statement is not verified, since the trace never ran the object (forty-sixth set).
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

TTSIM_BINCOUNT = "https://github.com/ttsim-dev/ttsim/blob/main/src/ttsim/tt/column_objects_param_function.py"
PYTREES = "https://docs.jax.dev/en/latest/pytrees.html#custom-pytree-nodes"
EAGERPY = "https://eagerpy.jonasrauber.de/guide/generic-functions.html"  # ep.astensor, then its own where

# a reduction of eagerpy's design: a tensor class with one slot, a pytree whose leaf is that slot, comparisons and
# reductions of its own, module functions `where` and `logical_or`, and no `|`
WRAPPING_LIBRARY = """\
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Tensor:
    __slots__ = ("raw",)

    def __init__(self, raw):
        self.raw = raw

    def tree_flatten(self):
        return (self.raw,), None

    @classmethod
    def tree_unflatten(cls, aux, leaves):
        return cls(*leaves)

    def __lt__(self, other):
        return Tensor(self.raw < other)

    def __gt__(self, other):
        return Tensor(self.raw > other)

    def __bool__(self):
        return bool(self.raw)

    def any(self):
        return Tensor(self.raw.any())

    def clip(self, low, high):
        return Tensor(jnp.clip(self.raw, low, high))


def astensor(x):
    return x if isinstance(x, Tensor) else Tensor(x)


def where(condition, x, y):
    assert isinstance(condition, Tensor)
    pick = lambda v: v.raw if isinstance(v, Tensor) else v
    return Tensor(jnp.where(condition.raw, pick(x), pick(y)))


def logical_or(a, b):
    return Tensor(jnp.logical_or(a.raw, b.raw))
"""

EAGERPY_AUTODIFF = "https://eagerpy.jonasrauber.de/guide/autodiff.html"  # value_and_grad, value_aux_and_grad

GRADIENT_LIBRARY = """\
import jax


def value_and_grad(f, x, *args, **kwargs):
    return jax.value_and_grad(f)(x, *args, **kwargs)


def value_aux_and_grad(f, x, *args, **kwargs):
    (value, aux), grad = jax.value_and_grad(f, has_aux=True)(x, *args, **kwargs)
    return value, aux, grad
"""

LOSS_HISTORY = """\
import jax.numpy as jnp
import gradlib

history = []


def loss_fn(w):
    residual = (w ** 2).sum() - 1.0
    history.append(residual)
    return residual ** 2


w = jnp.array([0.3, 0.4, 0.5])
for _ in range(3):
    loss, grad = gradlib.value_and_grad(loss_fn, w)
    w = w - 0.1 * grad
jnp.stack(history).mean()
"""

IVY_ARRAY = "https://github.com/unifyai/ivy/blob/main/ivy/data_classes/array/array.py"  # _data behind .data
IVY_NONZERO = "https://github.com/unifyai/ivy/blob/main/ivy/functional/backends/jax/searching.py"  # size=

# a reduction of ivy's design: an array class keeping its JAX array in `_data` behind a `data` property, NumPy's
# `__array__`, module functions of its own, a `nonzero` that takes `size=`, and mask indexing through jnp.nonzero
ARRAY_LIBRARY = """\
import jax.numpy as jnp
import numpy as np


def _raw(value):
    return value.data if isinstance(value, Array) else value


class Array:
    def __init__(self, data):
        self._data = jnp.asarray(_raw(data))

    @property
    def data(self):
        return self._data

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._data, dtype=dtype)

    def __bool__(self):
        return bool(self._data)

    def __getitem__(self, index):
        index = _raw(index)
        if getattr(index, "dtype", None) == bool:
            return Array(self._data[jnp.nonzero(index)])
        return Array(self._data[index])

    def __gt__(self, other):
        return Array(self._data > _raw(other))

    def __truediv__(self, other):
        return Array(self._data / _raw(other))


def array(x):
    return Array(x)


def any(x):
    return Array(jnp.any(_raw(x)))


def isnan(x):
    return Array(jnp.isnan(_raw(x)))


def mean(x):
    return Array(jnp.mean(_raw(x)))


def where(condition, x, y):
    return Array(jnp.where(_raw(condition), _raw(x), _raw(y)))


def nonzero(x, size=None):
    return Array(jnp.nonzero(_raw(x), size=size)[0])
"""

PERCENTILE_OF_ARRAY = """\
import jax
import jax.numpy as jnp
import numpy as np
import arraywrap as aw


@jax.jit
def robust_scale(x):
    x = aw.array(x)
    p90 = np.percentile(x, 90)
    return (x / p90).data


robust_scale(jnp.linspace(0.0, 10.0, 50))
"""

NAN_GUARD = """\
import jax
import jax.numpy as jnp
import arraywrap as aw


@jax.jit
def guarded_mean(h):
    h = aw.array(h)
    if aw.any(aw.isnan(h)):
        return aw.array(0.0).data
    return aw.mean(h).data


guarded_mean(jnp.ones(3))
"""

ACTIVE_UNITS = """\
import jax
import jax.numpy as jnp
import arraywrap as aw


@jax.jit
def active_units(scores):
    idx = aw.nonzero(scores > 0.5)
    return idx.data


active_units(jnp.array([0.2, 0.9, 0.7, 0.1]))
"""

POSITIVE_PART = """\
import jax
import jax.numpy as jnp
import arraywrap as aw


@jax.jit
def positive_part(x):
    x = aw.array(x)
    return x[x > 0].data


positive_part(jnp.array([0.5, -1.0, 2.0]))
"""

BITEMPERED = "https://github.com/google/bi-tempered-loss/blob/master/jax/loss.py"  # custom_vjp over the labels

CUSTOM_RULE_LIBRARY = """\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def squared_loss(activations, labels):
    return (activations - labels) ** 2


def _forward(activations, labels):
    return squared_loss(activations, labels), (activations, labels)


def _backward(saved, g):
    activations, labels = saved
    return 2 * (activations - labels) * g, -2 * (activations - labels) * g


squared_loss.defvjp(_forward, _backward)
"""

WEIGHTED_AVERAGE = """\
import jax
import jax.numpy as jnp
import numpy as np
import lossrule


def loss_fn(params, x, y, weights):
    logits = x @ params["w"] + params["b"]
    per_example = lossrule.squared_loss(logits, y)
    return np.average(per_example, weights=weights)


params = {"w": jnp.zeros(3), "b": jnp.array(0.0)}
x = jnp.ones((6, 3))
y = jnp.array([0.0, 1.0, 1.0, 0.0, 1.0, 0.0])
jax.grad(loss_fn)(params, x, y, jnp.array([1.0, 2.0, 2.0, 1.0, 2.0, 1.0]))
"""

TEQUILA_OBJECTIVES = "https://github.com/tequilahub/tequila/blob/master/tutorials/BasicUsage.ipynb"

HINGE_UNDER_GRAD = """\
import jax
import jax.numpy as jnp


def hinge_penalty(g):
    return max(float(g) - 0.5, 0.0) ** 2


jax.grad(hinge_penalty)(jnp.float32(1.0))
"""

IMINUIT_JAX = "https://scikit-hep.org/iminuit/notebooks/automatic_differentiation.html"

COST_WITH_STATIC_DATA = """\
import functools
import jax
import jax.numpy as jnp
import numpy as np
import fitter

times = np.arange(10.0)
counts = 2.0 * times + 1.0


@functools.partial(jax.jit, static_argnames=("t", "v"))
def residual(theta, t, v):
    slope, offset = theta
    return jnp.mean((v - slope * t - offset) ** 2)


fitter.minimize(lambda theta: residual(theta, t=times, v=counts), (0.5, 0.0))
"""

# a reduction of a minimiser that calls the user's cost with NumPy arrays of parameters (iminuit's Minuit)
MINIMISER_LIBRARY = """\
import numpy as np


def minimize(cost, start):
    return cost(np.asarray(start, dtype=float))
"""

# a reduction of tequila's objectives: `apply` keeps the transformation, `minimize` differentiates it later
KEEPING_LIBRARY = """\
import jax


class Objective:
    def __init__(self, transformation=None):
        self.transformation = transformation

    def apply(self, transformation):
        return Objective(transformation)


def minimize(objective, start=1.0):
    return jax.grad(objective.transformation)(start)
"""

PENALTY_KEPT = """\
import jax
import jax.numpy as jnp
import keeper


class Penalty:
    def __init__(self, target):
        self.target = target

    def __call__(self, e):
        self.last_energy = e
        return (e - self.target) ** 2


penalty = Penalty(0.5)
energy = keeper.Objective()
objective = energy.apply(penalty)
keeper.minimize(objective)
penalty.last_energy + 1.0
"""

BITEMPERED_SPARSE = "https://github.com/google/bi-tempered-loss/issues/9"  # integer labels made one-hot

CLASSES_FROM_LABELS = """\
import jax
import jax.numpy as jnp


@jax.jit
def sparse_loss(logits, labels):
    num_classes = labels.max() + 1
    one_hot = jax.nn.one_hot(labels, num_classes)
    return (logits * one_hot).sum()


logits = jnp.ones((8, 5))
labels = jnp.array([0, 1, 2, 3, 4, 0, 1, 2])
sparse_loss(logits, labels)
"""

SCARLET2_MEASURE = "https://github.com/pmelchior/scarlet2/blob/main/src/scarlet2/measure.py"  # NumPy inside

NUMPY_MEASURE_LIBRARY = """\
import numpy as np


def centroid(image):
    image = np.asarray(image)
    rows = np.arange(image.shape[0])
    return float((image.sum(axis=1) * rows).sum() / image.sum())
"""

CENTROID_UNDER_GRAD = """\
import jax
import jax.numpy as jnp
import measurelib


def centering_penalty(e):
    image = jnp.outer(jnp.exp(-e ** 2), jnp.ones(4))
    cy = measurelib.centroid(image)
    return (cy - 2.0) ** 2


jax.grad(centering_penalty)(jnp.linspace(-1.0, 1.0, 5))
"""

BOX_PROJECTION = """\
import jax
import jax.numpy as jnp
import tensorwrap as tw


def project_to_box(x, low, high):
    t = tw.astensor(x)
    if (t < low).any() or (t > high).any():
        t = t.clip(low, high)
    return t.raw


jax.jit(project_to_box)(jnp.array([-0.5, 0.2, 1.7]), 0.0, 1.0)
"""

COUNTS_OF_COMPUTED_VALUES = """\
import jax
import jax.numpy as jnp


@jax.jit
def votes(logits):
    winners = jnp.argmax(logits, axis=-1)
    return jnp.bincount(winners)


votes(jnp.ones((4, 3)))
"""


def test_a_bincount_whose_values_are_not_known_gets_a_pattern_left_untried(tmp_path):
    found = explained_cell("bincount-unknown-values", TTSIM_BINCOUNT, COUNTS_OF_COMPUTED_VALUES, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.template, first.verified) == ("size-argument", True, None), tried(found)
    assert first.code.endswith("length=NUM_BINS)") and first.outcome == "a pattern to fill in, not code for your line"


def test_a_class_written_in_a_cell_is_the_users_whatever_module_main_is():
    from jaxmagic._common.files import is_users_class

    namespace = {"__name__": "__main__"}
    exec(compile("class Particle:\n    def __init__(self, pos):\n        self.pos = pos\n", "<ipython-input-3>",
                 "exec"), namespace)
    assert is_users_class(namespace["Particle"])
    import jax
    assert not is_users_class(jax.ShapeDtypeStruct)


def test_a_library_array_type_without_operators_is_selected_with_its_own_where(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tensorwrap", WRAPPING_LIBRARY)
    found = explained_cell("own-where-logical-or", EAGERPY, BOX_PROJECTION, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp.where", True), tried(found)
    assert first.code == "t = tw.where(tw.logical_or((t < low).any(), (t > high).any()), t.clip(low, high), t)"


def test_a_stored_loss_value_is_returned_through_the_librarys_own_aux_variant(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "gradlib", GRADIENT_LIBRARY)
    found = explained_cell("own-aux-variant", EAGERPY_AUTODIFF, LOSS_HISTORY, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("return-value", True), tried(found)
    assert "with `value_aux_and_grad`" in first.outcome
    assert "gradlib.value_aux_and_grad(loss_fn, w)" in first.code.splitlines()[-1]


def test_a_library_array_handed_to_numpy_becomes_its_data_field_in_jnp(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "arraywrap", ARRAY_LIBRARY)
    found = explained_cell("ivy-percentile", IVY_ARRAY, PERCENTILE_OF_ARRAY, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == ("jnp-not-np", True, "jnp.percentile(x.data, 90)"), tried(found)


def test_an_if_between_unwrapped_library_arrays_is_its_where_unwrapped_after(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "arraywrap", ARRAY_LIBRARY)
    found = explained_cell("ivy-nan-guard", IVY_ARRAY, NAN_GUARD, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp.where", True), tried(found)
    assert first.code == "return aw.where(aw.any(aw.isnan(h)), aw.array(0.0), aw.mean(h)).data"
    cond = next(f for f in found.fixes if f.kind == "lax.cond")
    assert cond.code.startswith("return jax.lax.cond(aw.any(aw.isnan(h)).data, ")


def test_a_library_counting_function_that_takes_size_gets_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "arraywrap", ARRAY_LIBRARY)
    found = explained_cell("ivy-nonzero-size", IVY_NONZERO, ACTIVE_UNITS, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("size-argument", True), tried(found)
    assert first.code == "aw.nonzero(scores > 0.5, size=(scores > 0.5).size)"


def test_a_library_array_indexed_by_a_mask_it_lowers_to_nonzero_is_a_boolean_index(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "arraywrap", ARRAY_LIBRARY)
    found = explained_cell("ivy-mask-index", IVY_ARRAY, POSITIVE_PART, tmp_path)
    assert (found.kind, found.argument) == ("boolean-index", "x")


def test_under_grad_the_argument_is_the_one_the_frame_holds_traced(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "lossrule", CUSTOM_RULE_LIBRARY)
    found = explained_cell("custom-rule-labels", BITEMPERED, WEIGHTED_AVERAGE, tmp_path)
    assert found.argument == "params" and found.path.startswith("params["), (found.argument, found.paths)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("jnp-not-np", True), tried(found)


def test_a_bool_past_a_fixed_float_under_eager_grad_is_not_known(tmp_path):
    found = explained_cell("eager-grad-hinge", TEQUILA_OBJECTIVES, HINGE_UNDER_GRAD, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("astype", None), tried(found)
    assert "differentiating without jit has: not known either way" in first.outcome


def test_an_array_static_in_a_cost_a_lambda_hands_a_minimiser_is_named_by_its_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "fitter", MINIMISER_LIBRARY)
    found = explained_cell("lambda-static-data", IMINUIT_JAX, COST_WITH_STATIC_DATA, tmp_path)
    assert found.analysis_failed is None, found.analysis_failed
    assert (found.kind, found.argument, found.lineno) == ("unhashable-static", "t", 17), found.message


def test_a_leak_fix_through_a_statement_that_only_keeps_the_object_is_not_verified(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "keeper", KEEPING_LIBRARY)
    found = explained_cell("kept-penalty", TEQUILA_OBJECTIVES, PENALTY_KEPT, tmp_path)
    assert found.kind == "leaked-tracer"
    assert not any(f.verified and "apply(penalty)" in (f.outcome or "") for f in found.fixes), tried(found)


def test_a_count_from_a_parameter_named_like_a_global_array_is_computed_by_the_caller(tmp_path):
    found = explained_cell("classes-from-labels", BITEMPERED_SPARSE, CLASSES_FROM_LABELS, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("static", True), tried(found)
    assert "# num_classes = int(labels.max() + 1)" in first.code


def test_a_librarys_numpy_function_under_grad_gets_jnp_guidance_not_a_split_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "measurelib", NUMPY_MEASURE_LIBRARY)
    found = explained_cell("numpy-under-grad", SCARLET2_MEASURE, CENTROID_UNDER_GRAD, tmp_path)
    assert [(f.kind, f.template) for f in found.fixes] == [("jnp-not-np", True)], tried(found)
    assert "cy = measurelib.centroid(image)" in found.fixes[0].code
