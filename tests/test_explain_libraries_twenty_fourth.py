"""Issue 26, twenty-second round: what the twenty-seventh held-out set (jax-smfsb, diffusionjax, sbmltoodejax;
aqtp, jaxonnxruntime, diffusers' Flax schedulers) found, each as a reduction of its own.

- A loss printed with old-style formatting inside a jitted step (``print("loss %.3f" % float(value))``, the
  sbmltoodejax case): the same template by ``jax.debug.print``, never ``value.astype(...)`` that still needs a
  Python float.
- A Python ``for`` loop over a traced start made a ``lax.fori_loop`` whose body reads a ``state`` of the user's
  (diffusers' scheduler state): the loop's carried tuple gets a name the body does not use.
- A library call made for its effect on an object the function then computes with (AQT's
  ``set_absmax_calib_scale(dg, scale)`` before ``dg(x, w)``): never split off to run outside jit, which would move
  the computation out too; the static fix comes first.
- A list the user wrote in a handler that library code hands to the user's own jitted function as a static
  argument (jaxonnxruntime passing an op's ``axes`` attribute): the argument is that function's parameter, and the
  list the user wrote is made a tuple where it is written.
- A library function the user jitted, whose first argument is a library object that cannot be hashed
  (``jax.jit(backend.run)(model, inputs)`` with an ONNX model): bound with ``functools.partial`` before jitting,
  tried; not a pytree registration of the library's class.
- A key handed, inside a jitted step, to a method of a global library config's parts that keeps it (AQT's
  ``for raw in (cfg.fwd, ...): raw.dg_quantizer.set_context(ctx, ctx)``, slotted dataclasses): the leak's line is
  that call, found through the loop's name and the slots that hold the tracer, not the later use.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

DEBUG_PRINT = "https://docs.jax.dev/en/latest/debugging/print_breakpoint.html"
DIFFUSERS_IMG2IMG = ("https://github.com/huggingface/diffusers/blob/v0.35.2/src/diffusers/pipelines/stable_diffusion/"
                     "pipeline_flax_stable_diffusion_img2img.py")  # a loop from a start step computed from strength
AQT_CONFIG = "https://github.com/google/aqt/blob/main/aqt/jax/v2/config.py"  # set_absmax_calib_scale's own check
ONNX_CALL = "https://github.com/google/jaxonnxruntime/blob/main/jaxonnxruntime/call_onnx.py"  # jit_func(**attrs)
ONNX_BACKEND = "https://github.com/google/jaxonnxruntime/blob/main/jaxonnxruntime/backend.py"  # Backend.run(model)
AQT_README = "https://github.com/google/aqt/blob/main/README.md"  # a training step giving the config a random key

PERCENT_PRINT = """\
import jax
import jax.numpy as jnp

@jax.jit
def make_step(c):
    value, grad = jax.value_and_grad(lambda c: jnp.sum(c ** 2))(c)
    print("loss %.3f after %d" % (float(value), 3))
    return c - 1e-3 * grad

make_step(jnp.ones(3))
"""


def test_a_percent_formatted_print_becomes_jax_debug_print(tmp_path):
    found = explained_cell("percent-print", DEBUG_PRINT, PERCENT_PRINT, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, found.lineno, top.kind, top.verified) == (
        "concretization", "c", 7, "jax.debug.print", True), tried(found)
    assert "float(" not in top.code and "{value:.3f}" in top.code and "%" not in top.code, top.code


LOOP_OVER_STATE = """\
import jax
import jax.numpy as jnp

state = {"scale": jnp.linspace(1.0, 0.5, 20)}

@jax.jit
def img2img(latents, strength):
    start = 20 - (20 * strength).astype(jnp.int32)
    for i in range(start, 20):
        latents = latents * state["scale"][i]
    return latents

img2img(jnp.ones(4), 0.6)
"""


def test_a_fori_loop_fix_carries_its_tuple_under_a_name_the_body_does_not_read(tmp_path):
    found = explained_cell("loop-state", DIFFUSERS_IMG2IMG, LOOP_OVER_STATE, tmp_path)
    loop = next(f for f in found.fixes if f.kind == "lax.fori_loop")
    assert (found.kind, found.argument, loop.verified) == ("integer-conversion", "strength", True), tried(found)
    assert "def body_fun(i, carry):" in loop.code and 'state["scale"][i]' in loop.code.replace("'", '"'), loop.code


# a quantization config that a helper changes in place, with its own Python check of the scale (AQT's)
QUANT = """\
import jax.numpy as jnp


class DotGeneral:
    def __init__(self):
        self.scale = 1.0

    def __call__(self, x, w):
        return jnp.round(x * self.scale) @ w


def set_calib_scale(dg, scale):
    if scale < 1.0 and scale <= 0.0:
        raise ValueError("the scale must be positive")
    dg.scale = scale
"""

CALIB_SCALE = """\
import jax
import jax.numpy as jnp
from quant_cases import DotGeneral, set_calib_scale

@jax.jit
def quantized_matmul(x, w, calib_scale):
    dg = DotGeneral()
    set_calib_scale(dg, calib_scale)
    return dg(x, w)

quantized_matmul(jnp.ones((4, 8)), jnp.ones((8, 3)), 0.9)
"""


def test_a_library_call_that_changes_an_object_computed_with_later_is_not_moved_out_of_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "quant_cases", QUANT)
    found = explained_cell("calib-scale", AQT_CONFIG, CALIB_SCALE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("bool-conversion", "calib_scale", "static",
                                                                     True), tried(found)
    assert not any(f.kind == "return-value" for f in found.fixes), tried(found)


# a converter that asks the user's handler for a jitted op and calls it with the node's attributes (jaxonnxruntime)
CONVERTER = """\
class Node:
    def __init__(self):
        self.attrs = {}


def convert(handler, x):
    node = Node()
    op = handler(node)
    return op(x, **node.attrs)
"""

HANDLER_LIST = """\
import functools
import jax
import jax.numpy as jnp
from converter_cases import convert

@functools.partial(jax.jit, static_argnames=("axes",))
def normalize(x, *, axes):
    return x - jnp.mean(x, axis=axes, keepdims=True)

def handler(node):
    node.attrs["axes"] = node.attrs.get("axes", [0, 2])
    return normalize

convert(handler, jnp.ones((2, 3, 4)))
"""


def test_a_list_handed_by_a_library_to_the_users_jitted_function_is_made_a_tuple_where_written(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "converter_cases", CONVERTER)
    found = explained_cell("handed-list", ONNX_CALL, HANDLER_LIST, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("unhashable-static", "axes", "hashable-static",
                                                                     True), tried(found)
    assert top.code.replace('"', "'") == "node.attrs['axes'] = node.attrs.get('axes', (0, 2))", top.code


# a backend whose run takes a model object first; the model compares by value, so it cannot be hashed
BACKEND = """\
import jax.numpy as jnp


class Model:
    def __init__(self, slope):
        self.slope = slope

    def __eq__(self, other):
        return isinstance(other, Model) and other.slope == self.slope

    __hash__ = None


class Backend:
    @classmethod
    def run(cls, model, inputs, device=None):
        return [jnp.maximum(x, 0.0) * model.slope for x in inputs]
"""

JITTED_BACKEND = """\
import jax
import numpy as np
from backend_cases import Backend, Model

model = Model(2.0)
run_jit = jax.jit(Backend.run)
out = run_jit(model, [np.array([-1.0, 0.5, 2.0], np.float32)])
"""


def test_an_unhashable_library_object_given_to_a_jitted_library_function_is_bound_before_jitting(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "backend_cases", BACKEND)
    found = explained_cell("bound-model", ONNX_BACKEND, JITTED_BACKEND, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("non-array-argument", "model", "static",
                                                                     True), tried(found)
    assert "functools.partial(run_jit.__wrapped__, model)" in top.code, top.code
    assert "run_jit_with_model([np.array(" in top.code, top.code


# a quantization config of slotted dataclasses whose quantizers keep the context (the random key) they are given
CONTEXTS = """\
import dataclasses
import jax
import jax.numpy as jnp


@dataclasses.dataclass(slots=True)
class Quantizer:
    context: dict | None = None

    def set_context(self, context):
        self.context = context

    def __call__(self, x):
        if self.context is None:
            return x
        return x + 1e-3 * jax.random.uniform(self.context["key"], x.shape)


@dataclasses.dataclass(slots=True)
class Raw:
    quantizer: Quantizer


@dataclasses.dataclass(slots=True)
class Config:
    fwd: Raw
    bwd: Raw

    def __call__(self, x, w):
        return self.fwd.quantizer(x) @ w
"""

CONTEXT_KEPT = """\
import jax
import jax.numpy as jnp
from context_cases import Config, Quantizer, Raw

cfg = Config(Raw(Quantizer()), Raw(Quantizer()))

def loss(w, x):
    return cfg(x, w).sum()

@jax.jit
def train_step(w, x, key):
    ctx = {"key": key}
    for raw in (cfg.fwd, cfg.bwd):
        raw.quantizer.set_context(ctx)
    return w - 0.1 * jax.grad(loss)(w, x)

x = jnp.ones((4, 16))
w = train_step(jnp.ones((16, 3)), x, jax.random.PRNGKey(0))
grads = jax.grad(loss)(w, x)
"""


def test_a_key_kept_by_a_global_configs_slotted_parts_is_placed_at_the_call_that_handed_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "context_cases", CONTEXTS)
    found = explained_cell("kept-context", AQT_README, CONTEXT_KEPT, tmp_path)
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "key", 14, 8), \
        tried(found)
    assert "raw.quantizer.set_context(ctx)" in found.fixes[0].code and "`cfg`" in found.fixes[0].code, tried(found)
