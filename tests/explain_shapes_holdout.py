"""Held-out set of shape errors that JAX raises while tracing a jitted function.

What this is
------------
34 small, self-contained cells.  Each one is my own minimal reduction of an
error pattern reported by a user of a library built on JAX (flax, equinox,
optax, numpyro, diffrax, dynamax, neural-tangents, keras-jax, jax2onnx, quax,
diffusers-flax, ...) or in a Q&A/discussion thread; the thread is cited in
``source``.  No case is taken from the JAX documentation or from the
jax-ml/jax issue tracker.  Where the real case had a pytree (params dict,
equinox module, optax state) the reduction keeps one.

Kinds: 26 ``shape-mismatch``, 5 ``symbolic-dimension`` (``jax.export`` with
``jax.export.symbolic_shape``), 3 ``jaxpr-type`` (``JaxprTypeError`` under
``jax.enable_checks(True)``).

How it was labelled
-------------------
Labels were written by hand from the code and the shapes, without looking at
any tool, and then checked mechanically on jax 0.10.2 (Python 3.11) and
jax 0.12.0.1 (Python 3.13): every cell was exec'd, the exception class name
compared with ``exception`` and the innermost traceback frame that belongs to
the cell compared with ``line``; every non-None ``fix`` was substituted for
that line (same indentation) and the cell re-run to check it then raises
nothing.  All 34 cases behave identically on both versions.

Conventions
-----------
* ``line`` is the cell line of the innermost frame in user code.  For most
  cases that is the line holding the failing op.  For the three
  ``jaxpr-type`` cases JAX type-checks the jaxpr only after tracing finishes,
  so no user frame below the jitted call survives: ``line`` is the call of
  the jitted function (the last line), and the culprit ``bind`` is described
  in ``note``.
* ``operands`` use per-example shapes when the failing op runs under
  ``jax.vmap`` (that is what the user's code sees), symbolic dims by name
  (``f32[b,t,1]``), and leaf-by-leaf entries when the values are pytrees.
  Python ints / static config values are not listed.
* ``arguments`` are parameters of the *jitted* (or exported) function; a leaf
  path (``params['w']``, ``model.w_in``) is used when one leaf is responsible.
* ``fix`` is given only when the shapes admit a single meaning-preserving
  repair on that very line; otherwise None.
* Four cells set a config only for the failing call, with a context manager
  (``with jax.numpy_rank_promotion("raise"):`` / ``with
  jax.enable_checks(True):``) so nothing leaks into other cells; there the
  last statement is that ``with`` block and its body is the failing call.

Doubts about labels
-------------------
* Several sources report the error through library internals (numpyro
  plates, optax MultiSteps, lightweight_mmm, dynamax, mlcommons); the
  reductions reproduce the *pattern* with the operand shapes from the thread,
  not the library's exact code.  hs-mlcommons-mask-per-row in particular only
  has the traceback tail in the thread; the (B, C) * (B,) weighting is my
  reading of it.
* The symbolic cases cite threads whose users hit shape-polymorphism failures
  while exporting (keras-jax export, jax2onnx); in three of them the thread's
  own message came from the converter (e.g. jax2onnx's "has no registered
  input origin"), and the cell reproduces the JAX-level error that the same
  model structure raises in plain ``jax.export``.  hs-sym-reflect-pad raises
  a ValueError, not InconclusiveDimensionOperation; it is labelled
  ``symbolic-dimension`` because the cause is the unconstrained symbolic dim.
* I could not find JaxprTypeError reports outside jax-ml/jax except in
  jaxpr-rewriting libraries (quax, google-research/jax_effects); the three
  ``jaxpr-type`` cells are reductions of that pattern (re-binding an
  equation's stale sub-jaxpr after changing operand dtypes/shapes).  Without
  ``jax_enable_checks`` the same three cells fail later, at lowering, with a
  ValueError ("Cannot lower jaxpr with verifier errors").
* Fixes judged certain: hs-kfac-weight-out-in, hs-diffrax-scalar-time,
  hs-numpyro-mask-event-dim, hs-eqx-conv-bias-rank-promotion,
  hs-qarray-concat-pad-columns, hs-flax-rnn-carry-batch,
  hs-mlcommons-mask-per-row.  hs-flax-rnn-carry-batch and
  hs-eqx-conv-bias-rank-promotion are the least clear-cut of these.
* Broadcasting errors come in two classes: operands of different rank go
  through jnp's broadcast_shapes (ValueError "Incompatible shapes for
  broadcasting"), operands of equal rank reach the lax primitive directly
  (TypeError "mul got incompatible shapes for broadcasting").  Both appear.
* Version notes: diffusers #2016 reported InconclusiveDimensionOperation for
  a concrete reshape on jax 0.3/0.4; on 0.10.2 and 0.12 it is a TypeError.
"""
from __future__ import annotations
import dataclasses

@dataclasses.dataclass(frozen=True)
class ShapeCase:
    id: str                 # short unique slug, prefix "hs-"
    source: str             # URL of the thread/page the case reduces
    code: str               # self-contained cell (imports included); its LAST statement is the failing call
    exception: str          # class name JAX raises (as seen here on jax 0.10.2; note 0.12 in `note` if it differs)
    kind: str               # "shape-mismatch" | "symbolic-dimension" | "jaxpr-type"
    line: int               # 1-based line in `code` of the user's line where the error arises
    operands: tuple[tuple[str, str], ...]  # the values that meet at that line: (expression as written there, shape e.g. "f32[8,3]")
    arguments: tuple[str, ...]  # parameters of the jitted function those operands depend on ("x", "params" or a leaf path like "params['w']"); () if none
    fix: str | None         # the corrected failing line (full line, same indentation stripped) when ONE fix is certain from the shapes alone (e.g. `w.T` where exactly the transposed weight fits); None when a person must choose
    note: str = ""          # what the pattern is; anything version-specific

CASES: list[ShapeCase] = [
    # ------------------------------------------------------------------ dot / matmul / einsum
    ShapeCase(
        id="hs-stax-dense-init-width",
        source="https://github.com/google/neural-tangents/issues/135",
        code='''import jax
import jax.numpy as jnp

params = {"dense1": {"W": jnp.ones((1, 32)), "b": jnp.zeros(32)}}  # init_fn(key, (-1, 1))
x_train = jnp.ones((64, 15))  # but the data has d=15 features

@jax.jit
def apply_fn(params, x):
    h = x @ params["dense1"]["W"] + params["dense1"]["b"]
    return jax.nn.relu(h)

apply_fn(params, x_train)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=9,
        operands=(("x", "f32[64,15]"), ('params["dense1"]["W"]', "f32[1,32]")),
        arguments=("x", "params['dense1']['W']"),
        fix=None,
        note="Parameters were initialised for input shape (-1, 1) (copied from a cookbook) "
             "while the data has 15 features; dot_general contracting dims 15 vs 1. The fix is "
             "to re-initialise with (-1, 15), not to change this line.",
    ),
    ShapeCase(
        id="hs-dreamer-stale-checkpoint",
        source="https://github.com/danijar/dreamerv3/issues/32",
        code='''import jax
import jax.numpy as jnp

# encoder weights restored from an old logdir (trained on 1029 input features)
params = {"enc": {"kernel": jnp.zeros((1029, 64)), "bias": jnp.zeros(64)}}
obs = jnp.zeros((16, 1041))  # the current environment produces 1041 features

@jax.jit
def encode(params, obs):
    return jnp.tanh(jnp.dot(obs, params["enc"]["kernel"]) + params["enc"]["bias"])

encode(params, obs)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=10,
        operands=(("obs", "f32[16,1041]"), ('params["enc"]["kernel"]', "f32[1029,64]")),
        arguments=("obs", "params['enc']['kernel']"),
        fix=None,
        note="Checkpoint from a different run (maintainer: 'maybe the logdir contains a "
             "different run?'); contracting dims 1041 vs 1029. Nothing on this line can fix it.",
    ),
    ShapeCase(
        id="hs-kfac-weight-out-in",
        source="https://github.com/google-deepmind/kfac-jax/issues/114",
        code='''import jax
import jax.numpy as jnp

params = {"w": jnp.ones((100, 20)), "b": jnp.zeros(100)}  # equinox/torch layout: (out, in)
x = jnp.ones((128, 20))

@jax.jit
def dense(params, x):
    return x @ params["w"] + params["b"]

dense(params, x)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=9,
        operands=(("x", "f32[128,20]"), ('params["w"]', "f32[100,20]")),
        arguments=("x", "params['w']"),
        fix='return x @ params["w"].T + params["b"]',
        note="Weight stored as (out_features, in_features) as equinox does (the thread: input "
             "(128, 20), w (100, 20), computing x W^T + b); writing x @ W fails on contracting "
             "dims 20 vs 100. Only the transposed weight fits and keeps the (batch, out) layout.",
    ),
    ShapeCase(
        id="hs-diffrax-scalar-time",
        source="https://github.com/patrick-kidger/diffrax/issues/446",
        code='''import jax
import jax.numpy as jnp
import equinox as eqx

class ForceMLP(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array

    def __call__(self, t):
        h = jnp.tanh(self.w_in @ t)
        return self.w_out @ h

model = ForceMLP(jnp.ones((16, 1)), jnp.ones((2, 16)))

@eqx.filter_jit
def vector_field(t, y, model):
    return -y + model(t)

vector_field(jnp.float32(0.5), jnp.ones(2), model)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=10,
        operands=(("self.w_in", "f32[16,1]"), ("t", "f32[]")),
        arguments=("t", "model.w_in"),
        fix="h = jnp.tanh(self.w_in @ jnp.atleast_1d(t))",
        note="The ODE time t is a scalar but the first layer is Linear(1, 256)-like; "
             "'matmul input operand 1 must have ndim at least 1, but it has ndim 0'. "
             "Maintainer's fix: add a dimension to t. Equinox module; eqx.filter_jit.",
    ),
    ShapeCase(
        id="hs-eqx-linear-torch-batch",
        source="https://github.com/patrick-kidger/equinox/issues/454",
        code='''import jax
import jax.numpy as jnp
import equinox as eqx

class Linear(eqx.Module):
    weight: jax.Array

    def __call__(self, x):
        return self.weight @ x

q_proj = Linear(jnp.ones((32, 16)))
x = jnp.ones((1, 8, 16))  # (batch, seq, dim) as in the PyTorch original

@eqx.filter_jit
def attention_q(q_proj, x):
    return q_proj(x)

attention_q(q_proj, x)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=9,
        operands=(("self.weight", "f32[32,16]"), ("x", "f32[1,8,16]")),
        arguments=("q_proj.weight", "x"),
        fix=None,
        note="Porting LLaMA from PyTorch: eqx.nn.Linear acts on a single vector, but a "
             "(batch, seq, dim) tensor is passed, so matmul contracts 16 against the seq axis 8. "
             "Idiomatic repair is jax.vmap (twice) at the call site; a person must choose.",
    ),
    ShapeCase(
        id="hs-dynamax-batched-emissions",
        source="https://github.com/probml/dynamax/issues/400",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def emission_stats(emissions, states):
    # sufficient statistics of ONE sequence: emissions [T, D], states [T, K]
    return emissions.T @ states

emissions = jnp.ones((6, 50, 2))  # a batch of 6 sequences was passed
states = jnp.ones((50, 3))
emission_stats(emissions, states)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=7,
        operands=(("emissions.T", "f32[2,50,6]"), ("states", "f32[50,3]")),
        arguments=("emissions", "states"),
        fix=None,
        note="fit_blocked_gibbs had no support for a leading batch axis on emissions; the "
             "batched array reaches a per-sequence matmul (contracting 6 vs 50). The upstream "
             "fix vmaps and sums statistics (PR #401).",
    ),
    ShapeCase(
        id="hs-flax-densegeneral-batch-kernel",
        source="https://github.com/google/flax/issues/246",
        code='''import jax
import jax.numpy as jnp

params = {"kernel": jnp.ones((2, 1, 57, 1))}  # DenseGeneral(batch_dims=0) initialised on batch 2

@jax.jit
def dense_general(params, x):
    return jax.lax.dot_general(x, params["kernel"], (((1, 2), (1, 2)), ((0,), (0,))))

dense_general(params, jnp.ones((5, 1, 57)))
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=8,
        operands=(("x", "f32[5,1,57]"), ('params["kernel"]', "f32[2,1,57,1]")),
        arguments=("x", "params['kernel']"),
        fix=None,
        note="DenseGeneral with batch_dims puts the batch axis into the kernel, locking the "
             "batch size seen at init; a batch of 5 then fails the dot_general batch-dimension "
             "check (5 vs 2).",
    ),
    ShapeCase(
        id="hs-moseq-einsum-pca-dim",
        source="https://github.com/dattalab/keypoint-moseq/issues/101",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def project(Y_flat, pca):
    return jnp.einsum("tj,kj->tk", Y_flat, pca["components"])

Y_flat = jnp.ones((50, 19))                  # keypoints of the current data, flattened
pca = {"components": jnp.ones((10, 31))}     # PCA fitted on data with a different keypoint set
project(Y_flat, pca)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=6,
        operands=(("Y_flat", "f32[50,19]"), ('pca["components"]', "f32[10,31]")),
        arguments=("Y_flat", "pca['components']"),
        fix=None,
        note="'Size of label 'j' for operand 1 (31) does not match previous terms (19)' during "
             "model init; PCA and data disagree on the feature dimension.",
    ),
    # ------------------------------------------------------------------ broadcasting
    ShapeCase(
        id="hs-eqx-vmap-bias-in-features",
        source="https://github.com/patrick-kidger/equinox/issues/662",
        code='''import jax
import jax.numpy as jnp
import equinox as eqx

class Linear(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __call__(self, x):
        return self.weight @ x + self.bias

layer = Linear(jnp.ones((16, 16)), jnp.zeros(16))
inputs = jnp.ones((3, 16, 64))  # (B, C, H*W)

@jax.jit
def forward(layer, inputs):
    return jax.vmap(layer)(inputs)

forward(layer, inputs)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=10,
        operands=(("self.weight @ x", "f32[16,64]"), ("self.bias", "f32[16]")),
        arguments=("layer", "inputs"),
        fix=None,
        note="Under one vmap each example is (16, 64); the matmul happens to work (in_features "
             "16 matches C) but the bias (16,) cannot broadcast against (16, 64). Shapes are "
             "per-example (inside vmap). Real fix: in_features=64 and vmap twice.",
    ),
    ShapeCase(
        id="hs-numpyro-plate-stack-broadcast",
        source="https://github.com/pyro-ppl/numpyro/issues/2010",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def scaled(a, a_fraction):
    return a * a_fraction

a = jnp.ones((4, 1, 1))            # sample site whose plate dims landed in the wrong positions
a_fraction = jnp.ones((2, 1, 3))
scaled(a, a_fraction)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=6,
        operands=(("a", "f32[4,1,1]"), ("a_fraction", "f32[2,1,3]")),
        arguments=("a", "a_fraction"),
        fix=None,
        note="numpyro plate_stack: 'Incompatible shapes for broadcasting: shapes=[(4, 1, 1), "
             "(2, 1, 3)]' (ValueError, raised inside numpyro's broadcasting) under NUTS; the "
             "plates' dims must be declared differently. With two equal-rank traced operands "
             "jnp.multiply goes straight to lax.mul, so here it is a TypeError 'mul got "
             "incompatible shapes for broadcasting: (4, 1, 1), (2, 1, 3)' on both 0.10 and 0.12.",
    ),
    ShapeCase(
        id="hs-numpyro-mask-event-dim",
        source="https://github.com/pyro-ppl/numpyro/issues/1578",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def masked_log_lik(log_prob, mask):
    return jnp.sum(jnp.where(mask, log_prob, 0.0))

log_prob = jnp.zeros((6, 4, 3))        # per-element log density of y[..., 3]
mask = jnp.ones((6, 4), dtype=bool)    # one flag per observation
masked_log_lik(log_prob, mask)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=6,
        operands=(("mask", "bool[6,4]"), ("log_prob", "f32[6,4,3]"), ("0.0", "f32[]")),
        arguments=("mask", "log_prob"),
        fix="return jnp.sum(jnp.where(mask[..., None], log_prob, 0.0))",
        note="Mask of shape (100, 10) against a (100, 10, 5) likelihood in the thread; the mask "
             "lacks the trailing event axis. Certain repair: mask[..., None].",
    ),
    ShapeCase(
        id="hs-plenoxels-full-image-rays",
        source="https://github.com/sarafridov/plenoxels/issues/2",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def sample_points(rays_o, rays_d, t):
    # written for ray batches: rays_* [n_rays, 3], t [n_rays, n_samples]
    return rays_o[:, None, :] + t[:, :, None] * rays_d[:, None, :]

H = W = 8
rays_o = jnp.zeros((H, W, 3))   # a whole image of rays was passed instead
rays_d = jnp.ones((H, W, 3))
t = jnp.ones((H, W, 16))
sample_points(rays_o, rays_d, t)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=7,
        operands=(("t[:, :, None]", "f32[8,8,1,16]"), ("rays_d[:, None, :]", "f32[8,1,8,3]")),
        arguments=("t", "rays_d"),
        fix=None,
        note="Thread: 'mul got incompatible shapes for broadcasting: (800, 800, 1, 1536), "
             "(800, 1, 800, 3)'; same TypeError today (equal-rank operands reach lax.mul "
             "directly). Code written for ray batches got a whole image; rays must be flattened "
             "to [N, 3] first.",
    ),
    ShapeCase(
        id="hs-eqx-conv-bias-rank-promotion",
        source="https://github.com/patrick-kidger/equinox/pull/311",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def add_conv_bias(y, bias):
    return y + bias

y = jnp.ones((1, 4, 8))   # conv output that still carries the added batch axis
bias = jnp.ones((4, 1))
with jax.numpy_rank_promotion("raise"):
    add_conv_bias(y, bias)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=6,
        operands=(("y", "f32[1,4,8]"), ("bias", "f32[4,1]")),
        arguments=("y", "bias"),
        fix="return y + bias[None]",
        note="equinox Conv relied on implicit rank promotion for the bias (issue #308); with "
             "jax_numpy_rank_promotion='raise' the add fails. The config is set with the "
             "context manager so it does not leak. bias[None] reproduces exactly what implicit "
             "promotion did.",
    ),
    ShapeCase(
        id="hs-lmmm-extra-features-periods",
        source="https://github.com/google/lightweight_mmm/issues/325",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def predict_sales(media_contrib, extra_features, coef_extra):
    return media_contrib + extra_features @ coef_extra

media_contrib = jnp.ones(83)          # n_time_periods = 83 in the budget optimisation
extra_features = jnp.ones((88, 2))    # extra features supplied for 88 periods
predict_sales(media_contrib, extra_features, jnp.ones(2))
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=6,
        operands=(("media_contrib", "f32[83]"), ("extra_features @ coef_extra", "f32[88]")),
        arguments=("media_contrib", "extra_features", "coef_extra"),
        fix=None,
        note="Thread: 'TypeError: add got incompatible shapes for broadcasting: (83,), (88,)' "
             "when finding the optimal budget; identical message today. The number of time "
             "periods of the extra features must match n_time_periods upstream.",
    ),
    ShapeCase(
        id="hs-mlcommons-mask-per-row",
        source="https://github.com/mlcommons/algorithmic-efficiency/issues/331",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def weighted_xent(logits, one_hot_labels, mask_batch):
    per_class = -one_hot_labels * jax.nn.log_softmax(logits)
    return jnp.sum(per_class * mask_batch) / jnp.sum(mask_batch)

logits = jnp.zeros((8, 10))
labels = jax.nn.one_hot(jnp.arange(8) % 10, 10)
weighted_xent(logits, labels, jnp.ones(8))
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=7,
        operands=(("per_class", "f32[8,10]"), ("mask_batch", "f32[8]")),
        arguments=("logits", "one_hot_labels", "mask_batch"),
        fix="return jnp.sum(per_class * mask_batch[:, None]) / jnp.sum(mask_batch)",
        note="Per-example weights (B,) applied to a (B, C) per-class loss: the classic missing "
             "[:, None]. The thread only shows the traceback tail through the loss; see docstring.",
    ),
    # ------------------------------------------------------------------ reshape / concat / stack
    ShapeCase(
        id="hs-pjz-reshape-odd-width",
        source="https://github.com/spinsphotonics/pjz/issues/14",
        code='''import jax
import jax.numpy as jnp

M = 1  # sub-pixel factor

@jax.jit
def chunk_layers(layers):
    return jnp.reshape(layers, (layers.shape[0], layers.shape[1] // (2 * M), 2 * M, layers.shape[2] // (2 * M), 2 * M))

chunk_layers(jnp.zeros((3, 20, 9)))
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=8,
        operands=(("layers", "f32[3,20,9]"),),
        arguments=("layers",),
        fix=None,
        note="Tiling into 2m x 2m chunks silently assumes even widths; 9 // 2 * 2 = 8 so the "
             "target size is 480, not 540 (thread: (3, 2000, 349)). Maintainer: use even sizes.",
    ),
    ShapeCase(
        id="hs-diffusers-guidance-reshape",
        source="https://github.com/huggingface/diffusers/issues/2016",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def prepare_guidance(prompt_ids, guidance_scale):
    g = jnp.array([guidance_scale] * prompt_ids.shape[0], dtype=jnp.float32)
    return g.reshape(prompt_ids.shape[:2])

prompt_ids = jnp.zeros((8, 2, 77), dtype=jnp.int32)  # (devices, images per device, tokens)
prepare_guidance(prompt_ids, 7.5)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=7,
        operands=(("g", "f32[8]"),),
        arguments=("prompt_ids", "guidance_scale"),
        fix=None,
        note="Sampling 2 images per device: one guidance value per device row but reshaped to "
             "(devices, per_device). On jax 0.3-0.4 this raised InconclusiveDimensionOperation "
             "'Cannot divide evenly the sizes of shapes (8,) and (8, 2)'; on 0.10/0.12 it is a "
             "TypeError 'cannot reshape array of shape (8,)...'.",
    ),
    ShapeCase(
        id="hs-qarray-concat-pad-columns",
        source="https://github.com/b-vanstraaten/QArray/pull/1",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def pad_to_batch(vg):
    n_pad = 16 - vg.shape[0] % 16
    return jnp.concatenate([vg, jnp.zeros((n_pad, 2))], axis=0)

pad_to_batch(jnp.ones((20, 3)))
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=7,
        operands=(("vg", "f32[20,3]"), ("jnp.zeros((n_pad, 2))", "f32[12,2]")),
        arguments=("vg",),
        fix="return jnp.concatenate([vg, jnp.zeros((n_pad, vg.shape[1]))], axis=0)",
        note="Padding rows built with a hard-coded number of gate columns (2) instead of "
             "vg.shape[1] (thread: (16384, 3) with (3616, 2)); the PR makes the padding use "
             "Vg's column count.",
    ),
    ShapeCase(
        id="hs-eqx-stack-pytrees",
        source="https://github.com/patrick-kidger/equinox/issues/1046",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def stack_inputs(xs):
    return jax.tree.map(lambda *leaves: jnp.stack(leaves), *xs)

xs = [{"points": jnp.ones((12, 3)), "t": jnp.float32(0.0)},
      {"points": jnp.ones((10, 3)), "t": jnp.float32(1.0)}]
stack_inputs(xs)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=6,
        operands=(("leaves[0]", "f32[12,3]"), ("leaves[1]", "f32[10,3]")),
        arguments=("xs[0]['points']", "xs[1]['points']"),
        fix=None,
        note="Stacking a list of input pytrees leaf-wise (to scan/vmap over them) fails when one "
             "leaf has a per-example length. Needs padding or bucketing.",
    ),
    # ------------------------------------------------------------------ control flow
    ShapeCase(
        id="hs-flax-rnn-carry-batch",
        source="https://github.com/google/flax/issues/16",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def rnn(params, xs):
    def cell(h, x_t):
        h = jnp.tanh(x_t @ params["wx"] + h @ params["wh"])
        return h, h
    h0 = jnp.zeros(params["wh"].shape[0])
    return jax.lax.scan(cell, h0, xs)

params = {"wx": jnp.ones((5, 16)), "wh": jnp.ones((16, 16))}
xs = jnp.ones((24, 8, 5))  # (time, batch, features)
rnn(params, xs)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=10,
        operands=(("h0", "f32[16]"), ("cell(h0, xs[0])[0]", "f32[8,16]")),
        arguments=("params", "xs"),
        fix="return jax.lax.scan(cell, jnp.broadcast_to(h0, (xs.shape[1], h0.shape[0])), xs)",
        note="Carry initialised without the batch axis (the thread: initialize_carry needs "
             "batch dims); after one step the carry becomes (batch, hidden). The fix gives the "
             "initial carry the (batch, hidden) shape it takes after one step.",
    ),
    ShapeCase(
        id="hs-optax-accum-bf16-scan",
        source="https://github.com/google-deepmind/optax/issues/377",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def accumulate_grads(params, microbatches):
    def loss(p, mb):
        return jnp.mean((mb @ p["w"].astype(jnp.float32)) ** 2)
    def body(acc, mb):
        g = jax.grad(loss)(params, mb)
        return jax.tree.map(lambda a, gi: a + gi.astype(jnp.float32), acc, g), None
    init = jax.tree.map(jnp.zeros_like, params)
    acc, _ = jax.lax.scan(body, init, microbatches)
    return acc

params = {"w": jnp.ones((4, 2), jnp.bfloat16)}
accumulate_grads(params, jnp.ones((3, 5, 4)))
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=12,
        operands=(("init['w']", "bf16[4,2]"), ("body(init, microbatches[0])[0]['w']", "f32[4,2]")),
        arguments=("params['w']",),
        fix=None,
        note="Gradient accumulation for a bf16 model (MultiSteps-style): the accumulator is "
             "zeros_like(bf16 params) but the body adds float32 grads, so the scan carry changes "
             "dtype bf16 -> f32. Whether to accumulate in f32 or cast back is a choice.",
    ),
    ShapeCase(
        id="hs-keras-cond-crop-branches",
        source="https://github.com/keras-team/keras/issues/19379",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def maybe_crop(do_pad, x):
    return jax.lax.cond(do_pad, lambda: x[:, :3, :4, :6, :], lambda: x)

maybe_crop(True, jnp.ones((2, 4, 7, 7, 8)))
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=6,
        operands=(("x[:, :3, :4, :6, :]", "f32[2,3,4,6,8]"), ("x", "f32[2,4,7,7,8]")),
        arguments=("x",),
        fix=None,
        note="keras.ops.cond works on TF/torch backends when branches return different shapes, "
             "but on JAX both branches must have equal output types. Use a Python if on a static "
             "flag instead.",
    ),
    ShapeCase(
        id="hs-optax-multisteps-cond-dtype",
        source="https://github.com/google-deepmind/optax/issues/1038",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def multisteps_update(mini_step, grads, acc_grads, params):
    emit_fn = lambda: jax.tree.map(lambda a, g: (a + g) / 4, acc_grads, grads)
    skip_fn = lambda: jax.tree.map(jnp.zeros_like, params)
    return jax.lax.cond(mini_step == 3, emit_fn, skip_fn)

params = {"ln": {"scale": jnp.ones(8, jnp.bfloat16), "bias": jnp.zeros(8, jnp.bfloat16)}}
grads = jax.tree.map(lambda p: p.astype(jnp.float32), params)
acc_grads = jax.tree.map(jnp.zeros_like, grads)
multisteps_update(jnp.int32(0), grads, acc_grads, params)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=8,
        operands=(("emit_fn()['ln']['bias']", "f32[8]"), ("emit_fn()['ln']['scale']", "f32[8]"),
                  ("skip_fn()['ln']['bias']", "bf16[8]"), ("skip_fn()['ln']['scale']", "bf16[8]")),
        arguments=("grads", "acc_grads", "params"),
        fix=None,
        note="optax.MultiSteps + schedule_free on a bf16 BERT: 'true_fun and false_fun output "
             "must have identical types ... DIFFERENT ShapedArray(bfloat16[512]) vs. "
             "ShapedArray(float32[512])'. Every leaf differs in dtype only; shapes agree.",
    ),
    # ------------------------------------------------------------------ vmap
    ShapeCase(
        id="hs-discs-vmap-num-models",
        source="https://github.com/google-research/discs/issues/63",
        code='''import jax
import jax.numpy as jnp

def step(rng, model_param, x):
    noise = jax.random.normal(rng, x.shape)
    return x + noise * model_param["edge_weight"].sum()

@jax.jit
def burnin(rngs, model_param, x):
    return jax.vmap(step)(rngs, model_param, x)

num_models = 4
rngs = jax.random.split(jax.random.PRNGKey(0), num_models)
model_param = {"edge_weight": jnp.ones((1, 16, 8))}  # model config built with num_models=1
x = jnp.zeros((num_models, 16))
burnin(rngs, model_param, x)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=10,
        operands=(("rngs", "u32[4,2]"), ("model_param['edge_weight']", "f32[1,16,8]"), ("x", "f32[4,16]")),
        arguments=("rngs", "model_param['edge_weight']", "x"),
        fix=None,
        note="'vmap got inconsistent sizes for array axes to be mapped': num_models duplicated "
             "in two configs (4 vs 1); the params pytree has a leading axis of 1.",
    ),
    # ------------------------------------------------------------------ conv
    ShapeCase(
        id="hs-flax-torch-conv-kernel",
        source="https://github.com/google/flax/issues/3137",
        code='''import jax
import jax.numpy as jnp

@jax.jit
def conv(params, x):
    return jax.lax.conv_general_dilated(x, params["kernel"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

params = {"kernel": jnp.ones((16, 3, 5, 5))}  # copied from a PyTorch checkpoint: (outC, inC, kH, kW)
x = jnp.ones((2, 32, 32, 3))
conv(params, x)
''',
        exception="ValueError",
        kind="shape-mismatch",
        line=6,
        operands=(("x", "f32[2,32,32,3]"), ('params["kernel"]', "f32[16,3,5,5]")),
        arguments=("x", "params['kernel']"),
        fix=None,
        note="PyTorch kernels are OIHW, Flax/lax here expects HWIO ('remember to swap "
             "input/output channel dims'): lhs features 3 vs kernel 'I' axis 5. The needed "
             "transpose (2, 3, 1, 0) is not unique from shapes alone for a square kernel.",
    ),
    ShapeCase(
        id="hs-eqx-conv-batched-input",
        source="https://github.com/patrick-kidger/equinox/pull/17",
        code='''import jax
import jax.numpy as jnp
import equinox as eqx

class Conv2d(eqx.Module):
    weight: jax.Array  # (out, in, kh, kw)

    def __call__(self, x):  # x: (in, h, w), unbatched like eqx.nn.Conv2d
        y = jax.lax.conv_general_dilated(x[None], self.weight, (1, 1), "SAME")
        return y[0]

conv = Conv2d(jnp.ones((8, 3, 3, 3)))
images = jnp.ones((4, 3, 32, 32))

@eqx.filter_jit
def features(conv, images):
    return conv(images)

features(conv, images)
''',
        exception="TypeError",
        kind="shape-mismatch",
        line=9,
        operands=(("x[None]", "f32[1,4,3,32,32]"), ("self.weight", "f32[8,3,3,3]")),
        arguments=("images", "conv.weight"),
        fix=None,
        note="Equinox convs take unbatched input and add the batch axis themselves (the PR "
             "discusses supporting batched input); passing a batch gives 'convolution requires "
             "lhs and rhs ndim to be equal, got 5 and 4'. Fix is jax.vmap at the call site.",
    ),
    # ------------------------------------------------------------------ symbolic dimensions
    ShapeCase(
        id="hs-sym-window-crop",
        source="https://github.com/keras-team/keras/issues/19048",
        code='''import jax
import jax.numpy as jnp
from jax import export

WINDOW = 100

def predict(x):  # x: (batch, time, 1)
    if x.shape[1] > WINDOW:
        x = x[:, -WINDOW:]
    return jnp.tanh(x * 2.0)

spec = jax.ShapeDtypeStruct(export.symbolic_shape("b, t, 1"), jnp.float32)
export.export(jax.jit(predict))(spec)
''',
        exception="InconclusiveDimensionOperation",
        kind="symbolic-dimension",
        line=8,
        operands=(("x", "f32[b,t,1]"),),
        arguments=("x",),
        fix=None,
        note="Time-series model exported with both batch and time dims unknown ('(b, t, 1)'); "
             "a Python comparison of the symbolic time dim with the window length is "
             "inconclusive. Needs a constraint that decides it (e.g. 't >= 101'; 't >= 100' is "
             "still inconclusive for '>') or code without the shape-dependent branch.",
    ),
    ShapeCase(
        id="hs-sym-max-context",
        source="https://github.com/enpasos/jax2onnx/issues/50",
        code='''import jax
import jax.numpy as jnp
from jax import export

MAX_LEN = 64

def embed(params, tokens):  # tokens: (batch, context)
    tokens = tokens[:, : min(tokens.shape[1], MAX_LEN)]
    return params["tok"][tokens] + params["pos"][: tokens.shape[1]]

params = {"tok": jnp.zeros((100, 8)), "pos": jnp.zeros((MAX_LEN, 8))}
tokens = jax.ShapeDtypeStruct(export.symbolic_shape("B, T"), jnp.int32)
export.export(jax.jit(embed))(params, tokens)
''',
        exception="InconclusiveDimensionOperation",
        kind="symbolic-dimension",
        line=8,
        operands=(("tokens", "i32[B,T]"),),
        arguments=("tokens",),
        fix=None,
        note="Transformer decoder exported with symbolic batch and context dims. The thread's "
             "own failure was a converter TypeError ('_DimExpr' cannot be interpreted as an "
             "integer in np.broadcast_shapes); truncating to a maximum context with Python "
             "min() raises InconclusiveDimensionOperation ('T' vs 64) in plain jax.export.",
    ),
    ShapeCase(
        id="hs-sym-patch-tokens",
        source="https://github.com/enpasos/jax2onnx/issues/168",
        code='''import jax
import jax.numpy as jnp
from jax import export

P = 4  # patch size

def to_tokens(images):  # (batch, H, W, C) with dynamic H and W
    b, h, w, c = images.shape
    return images.reshape(b, -1, P * P * c)

spec = jax.ShapeDtypeStruct(export.symbolic_shape("B, H, W, 3"), jnp.float32)
export.export(jax.jit(to_tokens))(spec)
''',
        exception="InconclusiveDimensionOperation",
        kind="symbolic-dimension",
        line=9,
        operands=(("images", "f32[B,H,W,3]"),),
        arguments=("images",),
        fix=None,
        note="Image model exported with dynamic H/W (thread: ResBlock with dynamic dims). "
             "Flattening into fixed-size patch tokens with -1 needs H*W divisible by 16, which "
             "JAX cannot prove: 'Cannot divide evenly the sizes of shapes'. Declare H=4*h, W=4*w.",
    ),
    ShapeCase(
        id="hs-sym-linspace-ramp",
        source="https://github.com/keras-team/keras/pull/21672",
        code='''import jax
import jax.numpy as jnp
from jax import export

def time_ramp(x):  # x: (batch, time)
    ramp = jnp.linspace(0.0, 1.0, x.shape[1])
    return x * ramp

spec = jax.ShapeDtypeStruct(export.symbolic_shape("b, t"), jnp.float32)
export.export(jax.jit(time_ramp))(spec)
''',
        exception="InconclusiveDimensionOperation",
        kind="symbolic-dimension",
        line=6,
        operands=(("x", "f32[b,t]"),),
        arguments=("x",),
        fix=None,
        note="Keras switched compute_output_spec to jax.export symbolic dims, so layers that "
             "build arrays from a dynamic dim now see _DimExpr. jnp.linspace(num=t) compares "
             "'t' > 1 internally -> inconclusive. Workaround: jnp.arange(t) / (t - 1) or a "
             "constraint 't >= 2'.",
    ),
    ShapeCase(
        id="hs-sym-reflect-pad",
        source="https://github.com/enpasos/jax2onnx/issues/210",
        code='''import jax
import jax.numpy as jnp
from jax import export

def smooth(x):  # 1-D signal of dynamic length N
    xp = jnp.pad(x, (1, 1), mode="reflect")
    return (xp[:-2] + xp[1:-1] + xp[2:]) / 3.0

spec = jax.ShapeDtypeStruct(export.symbolic_shape("N"), jnp.float32)
export.export(jax.jit(smooth))(spec)
''',
        exception="ValueError",
        kind="symbolic-dimension",
        line=6,
        operands=(("x", "f32[N]"),),
        arguments=("x",),
        fix=None,
        note="nnx.Conv(padding='REFLECT') over a dynamic length: reflect padding needs N > 1 "
             "to be provable ('Shape polymorphism is supported for jnp.pad with reflect ... "
             "only when ... axis size (= N) is larger than 1'). The thread's repro passes "
             "constraints=('N >= 2',), which makes plain jax.export succeed; the fix belongs on "
             "the symbolic_shape line. ValueError, not InconclusiveDimensionOperation.",
    ),
    # ------------------------------------------------------------------ JaxprTypeError
    ShapeCase(
        id="hs-jte-bf16-interp-nested-jit",
        source="https://github.com/nstarman/quax/issues/58",
        code='''import jax
import jax.numpy as jnp
from jax.extend import core as jcore

@jax.jit
def layer(x, w):
    return jnp.tanh(x @ w)

def model(x, w):
    return layer(x, w).sum()

def run_in_bf16(closed, *args):
    env = {v: a.astype(jnp.bfloat16) for v, a in zip(closed.jaxpr.invars, args)}
    read = lambda v: v.val if isinstance(v, jcore.Literal) else env[v]
    for eqn in closed.jaxpr.eqns:
        outs = eqn.primitive.bind(*map(read, eqn.invars), **eqn.params)
        outs = outs if eqn.primitive.multiple_results else [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in closed.jaxpr.outvars]

x, w = jnp.ones((4, 3)), jnp.ones((3, 2))
closed = jax.make_jaxpr(model)(x, w)
with jax.enable_checks(True):
    jax.jit(lambda x, w: run_in_bf16(closed, x, w))(x, w)
''',
        exception="JaxprTypeError",
        kind="jaxpr-type",
        line=24,
        operands=(("x", "f32[4,3]"), ("w", "f32[3,2]")),
        arguments=("x", "w"),
        fix=None,
        note="A jaxpr interpreter re-binds the nested `jit` equation with its original "
             "params['jaxpr'] (typed f32[4,3], f32[3,2]) after casting operands to bf16: "
             "'Call primitive jit passes operand ... of type bfloat16[4,3] to jaxpr expecting "
             "type float32[4,3]'. Culprit: the eqn.primitive.bind line (16); raised after "
             "tracing, so the innermost user frame is the jitted call. quax #58 discusses "
             "re-binding pjit_p with a re-traced jaxpr for exactly this reason. Without "
             "enable_checks: ValueError at lowering.",
    ),
    ShapeCase(
        id="hs-jte-bf16-interp-scan",
        source="https://github.com/nstarman/quax/pull/189",
        code='''import jax
import jax.numpy as jnp
from jax.extend import core as jcore

def model(xs, w):
    def body(h, x_t):
        h = jnp.tanh(h @ w + x_t)
        return h, h
    return jax.lax.scan(body, jnp.zeros(xs.shape[1:]), xs)[1].sum()

def run_in_bf16(closed, *args):
    env = {v: a.astype(jnp.bfloat16) for v, a in zip(closed.jaxpr.invars, args)}
    read = lambda v: v.val if isinstance(v, jcore.Literal) else env[v]
    for eqn in closed.jaxpr.eqns:
        outs = eqn.primitive.bind(*map(read, eqn.invars), **eqn.params)
        outs = outs if eqn.primitive.multiple_results else [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in closed.jaxpr.outvars]

xs, w = jnp.ones((5, 3)), jnp.ones((3, 3))
closed = jax.make_jaxpr(model)(xs, w)
with jax.enable_checks(True):
    jax.jit(lambda xs, w: run_in_bf16(closed, xs, w))(xs, w)
''',
        exception="JaxprTypeError",
        kind="jaxpr-type",
        line=23,
        operands=(("xs", "f32[5,3]"), ("w", "f32[3,3]")),
        arguments=("xs", "w"),
        fix=None,
        note="The scan equation is re-bound with its stale body jaxpr (typed f32) while the "
             "const w arrives as bf16: 'scan jaxpr takes input const types float32[3,3], called "
             "with consts of type bfloat16[3,3]'. quax PR #189 re-traces the scan body for the "
             "new operand types instead. Culprit: the bind line (15); raised after tracing.",
    ),
    ShapeCase(
        id="hs-jte-pad-interp-cond",
        source="https://github.com/google-research/google-research/blob/master/jax_effects/examples/linear_regression.py",
        code='''import jax
import jax.numpy as jnp
from jax.extend import core as jcore

def model(p, x):
    return jax.lax.cond(p, lambda x: x * 2.0, lambda x: x - 1.0, x)

def run_padded(closed, p, x):
    env = {closed.jaxpr.invars[0]: p, closed.jaxpr.invars[1]: jnp.pad(x, ((0, 2), (0, 0)))}
    read = lambda v: v.val if isinstance(v, jcore.Literal) else env[v]
    for eqn in closed.jaxpr.eqns:
        outs = eqn.primitive.bind(*map(read, eqn.invars), **eqn.params)
        outs = outs if eqn.primitive.multiple_results else [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in closed.jaxpr.outvars]

x = jnp.ones((6, 3))
closed = jax.make_jaxpr(model)(True, x)
with jax.enable_checks(True):
    jax.jit(lambda p, x: run_padded(closed, p, x))(True, x)
''',
        exception="JaxprTypeError",
        kind="jaxpr-type",
        line=20,
        operands=(("p", "bool[]"), ("x", "f32[6,3]")),
        arguments=("x",),
        fix=None,
        note="An interpreter pads the batch to a multiple of 8 and re-binds the cond equation "
             "with branches traced for 6 rows: 'cond branches take input types float32[6,3], "
             "called with operands of type float32[8,3]'. Same class of bug as jax_effects' "
             "'JaxprTypeError: Closed call in_avals mismatch' (a sub-jaxpr invoked with operands "
             "that no longer match its binders). Culprit: the bind line (12).",
    ),
]
