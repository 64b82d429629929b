"""Issue 26, thirtieth round: fixes tried where the user's function reads a context only the library's call sets
up, leak fixes of a jitted method, and NumPy arrays made for a library's save.

- A function that needs the library's own context (haiku's ``hk.get_parameter``, flax linen's ``self.param``: valid
  only inside the library's ``transform`` or ``apply``) fails some other way when traced on its own. The run again
  of the library's call raised that other error while jaxmagic handled the user's, so Python chained the user's
  error to it, and it was read as failing the same way: each fix was marked failed with the context's error. The
  link is cut; a try that fails as the unchanged function does says nothing of the fix; where the quick run of
  the library's call runs out and the function alone cannot stand in, the library's call gets its longer share;
  and where the user's own jit of the function is the innermost jitted call, the library's jit further out runs.
- ``jax.jit(trainer.step)(...)`` of a method that stores its result on its object: the user's statement is made
  again with the fixed method bound to the same object.
- NumPy arrays made inside a jit for a library's save (orbax's checkpointer): ``jnp`` arrays are tracers to the
  save too; the jit is split before the conversion, and the conversion and the save made outside it.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

HAIKU = "https://dm-haiku.readthedocs.io/en/latest/api.html#haiku.get_parameter"  # valid only inside transform

# a library that hands the user's function a context it reads (haiku's transform and get_parameter, reduced)
CONTEXT_LIBRARY = """\
import jax
import jax.numpy as jnp

_scale = []


def scale():
    if not _scale:
        raise RuntimeError("scale() is only valid inside contextual_cases.run")
    return _scale[-1]


def run(fun, x):
    def inner(x):
        _scale.append(jnp.float32(2.0))
        try:
            return fun(x)
        finally:
            _scale.pop()

    return jax.jit(inner)(x)
"""

BRANCH_IN_CONTEXT = """\
import jax.numpy as jnp
import contextual_cases


def forward(x):
    w = contextual_cases.scale()
    if x.sum() > 0:
        return w * x
    return x


contextual_cases.run(forward, jnp.ones(3))
"""


def test_a_function_that_needs_its_librarys_context_is_tried_through_the_librarys_whole_call(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "contextual_cases", CONTEXT_LIBRARY)
    from jaxmagic._explain.retrace import in_place
    monkeypatch.setattr(in_place, "QUICK_SHARE", 0.0)  # the quick try always runs out: alone would stand in
    found = explained_cell("branch-in-context", HAIKU, BRANCH_IN_CONTEXT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 7), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), tried(found)
    assert "failing trace run again" in top.outcome, tried(found)


# the user's own jit of the function, called inside the library's context (a jitted apply inside transform)
JITTED_IN_CONTEXT = """\
import jax
import jax.numpy as jnp
import contextual_cases


@jax.jit
def forward(x):
    w = contextual_cases.scale()
    if x.sum() > 0:
        return w * x
    return x


contextual_cases.run(forward, jnp.ones(3))
"""


def test_a_fix_is_tried_through_the_librarys_jit_around_the_users_own(tmp_path, monkeypatch):
    # the user's jit alone fails as the unchanged function does (no context): no verdict there, and the
    # library's jit further out on the stack runs again instead
    install_library(tmp_path, monkeypatch, "contextual_cases", CONTEXT_LIBRARY)
    found = explained_cell("jitted-in-context", HAIKU, JITTED_IN_CONTEXT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "x", 9), found.message
    assert not any(f.verified is False for f in found.fixes), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), tried(found)
    assert top.outcome == "traced (the failing trace run again through contextual_cases)", tried(found)


ORBAX = "https://orbax.readthedocs.io/en/latest/guides/checkpoint/orbax_checkpoint_101.html"  # a trainer's state

# a jitted method that stores its result on its object and returns it; the object's state used afterwards (a
# trainer's params saved after a step, as orbax's checkpointing guide saves a training state)
STORED_AND_RETURNED = """\
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, params):
        self.params = params

    def step(self, params, grads):
        self.params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
        return self.params


trainer = Trainer({"w": jnp.zeros(5)})
jax.jit(trainer.step)(trainer.params, {"w": jnp.ones(5)})
trainer.params["w"] + 1
"""


def test_a_leak_fix_of_a_jitted_method_is_tried_through_the_users_jit_of_it(tmp_path):
    found = explained_cell("stored-and-returned", ORBAX, STORED_AND_RETURNED, tmp_path)
    assert (found.kind, found.lineno) == ("leaked-tracer", 10), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)
    assert "trainer.params = " in top.code, top.code


# a library's save that wants NumPy arrays (orbax's StandardCheckpointer.save, reduced)
SAVER_LIBRARY = """\
import numpy as np


class Saver:
    def save(self, path, tree):
        for leaf in tree.values():
            if not isinstance(leaf, np.ndarray):
                raise ValueError(f"cannot save a {type(leaf).__name__}")
        self.saved = path
"""

CONVERTED_TO_SAVE = """\
import jax
import jax.numpy as jnp
import numpy as np
import host_saver

saver = host_saver.Saver()


@jax.jit
def update_and_save(params):
    params = jax.tree.map(lambda p: p * 0.5, params)
    host_params = jax.tree.map(np.asarray, params)
    saver.save("step", host_params)
    return params


update_and_save({"w": jnp.ones(3)})
"""


def test_numpy_arrays_made_for_a_librarys_save_are_made_and_saved_outside_the_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "host_saver", SAVER_LIBRARY)
    found = explained_cell("converted-to-save", ORBAX, CONVERTED_TO_SAVE, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "params", 12), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)
    assert "`saver.save` wants concrete values" in top.summary, top.summary
    assert "host_params = jax.tree.map(np.asarray, params)  # outside jit" in top.code, top.code
    twin = next(f for f in found.fixes if f.kind == "jnp-not-np")  # jnp's arrays are still tracers to the save
    assert twin.verified is False, tried(found)
