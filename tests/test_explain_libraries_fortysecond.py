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
  that variant and goes first (forty-fifth set; slsqp-jax's solvers of the forty-fourth had the same shape).
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
