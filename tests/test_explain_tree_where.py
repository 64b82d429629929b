"""An ``if`` on a traced value that picks between two pytrees (gradients, a module's state) is fixed leaf by leaf.

``jnp.where`` takes arrays, not pytrees (jax-ml/jax issue 9349: the user ended with a ``tree_map`` over it), so
``grads = jnp.where(c, scaled, grads)`` fails with ``TypeError: where requires ndarray or scalar arguments``, and the
array-level fix lost its place to ``lax.cond``. When the failing frame holds the assigned name as a pytree of arrays,
the fix maps ``jnp.where`` over its leaves: ``jax.tree.map(lambda new, old: jnp.where(c, new, old), a, b)``.
"""
from __future__ import annotations

import pytest
from corpus_harness import explained_cell

WHERE_PYTREE = "https://github.com/jax-ml/jax/issues/9349"  # jnp.where given pytrees; a tree_map over it instead

DICT_STEP = '''\
import jax
import jax.numpy as jnp

@jax.jit
def clipped_step(params, x, clip):
    loss, grads = jax.value_and_grad(lambda p: jnp.sum((p["w"] * x + p["b"]) ** 2))(params)
    if loss > clip:
        grads = jax.tree.map(lambda g: g * 0.5, grads)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
clipped_step(params, jnp.arange(3.0), 1.0)
'''


def _fixed(code: str, line: int, fix: str) -> str:
    """``code`` with its ``if`` at ``line`` (and the one statement it guards) replaced by ``fix``, indented alike."""
    lines = code.splitlines()
    indent = lines[line - 1][: len(lines[line - 1]) - len(lines[line - 1].lstrip())]
    return "\n".join([*lines[: line - 1], indent + fix, *lines[line + 1:]]) + "\n"


def test_an_if_between_two_pytrees_is_picked_leaf_by_leaf(tmp_path):
    found = explained_cell("tree-where-dict", WHERE_PYTREE, DICT_STEP, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("bool-conversion", 7, "jnp.where", True)
    assert top.code == ("grads = jax.tree.map(lambda new, old: jnp.where(loss > clip, new, old), "
                        "jax.tree.map(lambda g: g * 0.5, grads), grads)")
    assert "leaf by leaf over the pytree" in top.summary
    # pasted in place of the ``if``, it runs and halves the step where the loss is over the clip, as the ``if`` meant
    namespace: dict = {}
    exec(_fixed(DICT_STEP, 7, top.code).replace("clipped_step(params, jnp.arange(3.0), 1.0)",
                                                "out = clipped_step(params, jnp.arange(3.0), 1.0)"), namespace)
    jnp = namespace["jnp"]
    grads_w = 2 * (jnp.ones(3) * jnp.arange(3.0)) * jnp.arange(3.0)
    assert jnp.allclose(namespace["out"]["w"], 1 - 0.1 * 0.5 * grads_w)


def test_an_if_between_arrays_keeps_one_where(tmp_path):
    code = DICT_STEP.replace('grads = jax.tree.map(lambda g: g * 0.5, grads)', 'loss = loss * 0.5').replace(
        "return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)", "return loss")
    found = explained_cell("tree-where-array", WHERE_PYTREE, code, tmp_path)
    top = found.fixes[0]
    assert (top.kind, top.verified, top.code) == ("jnp.where", True, "loss = jnp.where(loss > clip, loss * 0.5, loss)")
    assert "leaf by leaf" not in top.summary


def test_a_flax_train_step_that_clips_its_gradients(tmp_path):
    pytest.importorskip("optax", reason="optax is a test extra (absent in the lowest-versions run)")
    pytest.importorskip("flax.nnx", reason="flax is a test extra (absent in the lowest-versions run)")
    code = '''\
import jax
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

@nnx.jit
def train_step(model, optimizer, x, y, clip):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    if loss > clip:
        grads = jax.tree.map(lambda g: g * 0.5, grads)
    optimizer.update(model, grads)
    return loss

train_step(model, optimizer, jnp.ones((8, 4)), jnp.zeros((8, 1)), 1.0)
'''
    found = explained_cell("tree-where-nnx", WHERE_PYTREE, code, tmp_path)
    top = found.fixes[0]
    assert (found.lineno, top.kind, top.verified) == (12, "jnp.where", True)
    assert top.code.startswith("grads = jax.tree.map(lambda new, old: jnp.where(loss > clip, new, old), ")
    namespace: dict = {}
    exec(_fixed(code, 12, top.code), namespace)  # the pasted fix runs the real step: the optimizer counts it
    assert int(namespace["optimizer"].step[...]) == 1
