"""Held-out library cases (set bf): google-tunix, jax-loop-utils, colabdesign.

How they were built: each cell was written by hand as a small reduction of a usage pattern of
the library's public API (PeftTrainer loss / input functions, tunix.rl helpers and configs;
jax_loop_utils metrics, metric writers, periodic actions and parameter_overview; ColabDesign's
ProteinMPNN wrapper, confidence metrics, seq.kmeans, shared.model.soft_seq and the Key helper).
Sources are the library's docs/README or the source file documenting the API exercised: no
GitHub issue thread showing these exact patterns was found for these three (small) libraries.
Every cell was run as a file with /tmp/heldout29/venv_bf/bin/python: all statements but the last
run cleanly and the last raises; `line`/`use_line` were read from the traceback frames in the
file. Each first fix was applied by hand to a copy of the cell and re-run.

Environment: CPython 3.11.7; venv /tmp/heldout29/venv_bf (--system-site-packages) with
jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6 kept at the
machine's versions; google-tunix 0.1.7, jax_loop_utils 0.0.14, colabdesign 1.1.1 (pulls
dm-haiku 0.0.17 as its own dependency). Nothing was dropped: all three candidates installed and
imported. Caveat: colabdesign 1.1.1 still calls jax.tree_map, which JAX 0.10.2 removed, so the
ColabDesign cells that reach such code (the MPNN model, kmeans) start with the alias
`jax.tree_map = jax.tree_util.tree_map`, as users of recent JAX do; the error patterns
themselves do not involve it.

Doubts about labels:
- bf-tunix-pad-to-length-traced-target, bf-colabdesign-kmeans-traced-k, bf-colabdesign-soft-seq-traced-num-seq:
  JAX raises TracerBoolConversionError from the library's own `if`; labelled traced-shape because the
  traced value is a length / cluster count / number of sequences, but bool-conversion is defensible.
- bf-tunix-input-fn-int-prompt-len: int() is the failing call (integer-conversion), but the value is used
  as a slice bound, so traced-shape is defensible; `lax.dynamic_slice` does not apply (the slice size varies).
- bf-tunix-loss-float-print, bf-tunix-metrics-logger-leak: the offending value depends on both the model
  and the batch (x); `argument` is the first parameter (model) and `path` the first weight leaf
  (model.kernel); `x` or `model` alone as path are defensible.
- bf-jlu-collecting-metric-merge-in-jit: the library raises a plain RuntimeError before any NumPy
  conversion; labelled array-conversion because the metric exists to hold host NumPy copies. The traced
  logits depend on both `w` and `batches`; `batches` is defensible as argument.
- bf-jlu-parameter-overview-in-jit: float() of a traced mean (concretization); array-conversion is
  arguable since the library first calls jax.device_get on the params. 'return-value' here means using
  the returned params outside the trace; passing include_stats=False inside jit would also avoid it.
- bf-jlu-periodic-callback-in-fori-loop: no vocabulary fix fits exactly; 'static' stands for calling the
  hook with a Python step outside the traced loop (jax.debug.callback would be another route).
- bf-tunix-grpo-config-jit-argument: 'static' via static_argnames fails (GRPOConfig is unhashable), so
  verifiable=False; closing over the config works, and hashable-static would need a frozen config class.
- bf-colabdesign-key-object-leak: the leak happens inside the library object (Key.get stores the split key);
  the applied fix passes a key in instead of returning one, which is the mirror image of 'return-value'.
  jax_fitting_fix=True because the UnexpectedTracerError text tells to pass values in/out explicitly.
- bf-tunix-logits-to-keep-array-static: the static parameter belongs to the library's jitted function
  (get_per_token_logps), not to a user function; argument names that parameter.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bf-tunix-loss-if-empty-mask',
        source='https://github.com/google/tunix/blob/main/tunix/sft/peft_trainer.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from tunix.sft import peft_trainer

def loss_fn(model, x, y, mask):
    err = (model(x)[:, 0] - y) ** 2
    if mask.sum() == 0:
        return jnp.zeros(())
    return (err * mask).sum() / mask.sum()

model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
cfg = peft_trainer.TrainingConfig(eval_every_n_steps=100, max_steps=1)
trainer = peft_trainer.PeftTrainer(model, optax.adam(1e-3), cfg).with_loss_fn(loss_fn)
batch = {"x": np.ones((8, 4), np.float32), "y": np.zeros(8, np.float32), "mask": np.ones(8, np.float32)}
trainer.train([batch])
""",
        kind='bool-conversion', argument='mask', path='mask', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom loss given to PeftTrainer.with_loss_fn guards an all-padding batch with a Python `if` on mask.sum(); the trainer runs the loss under nnx.jit + nnx.value_and_grad, so JAX raises TracerBoolConversionError. Selecting the result with jnp.where (with a safe denominator) keeps the semantics; lax.cond also works. Checked.',
    ),
    Case(
        id='bf-tunix-loss-float-print',
        source='https://github.com/google/tunix/blob/main/tunix/sft/peft_trainer.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from tunix.sft import peft_trainer

def loss_fn(model, x, y):
    loss = jnp.mean((model(x)[:, 0] - y) ** 2)
    print(f"train loss: {float(loss):.4f}")
    return loss

model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
cfg = peft_trainer.TrainingConfig(eval_every_n_steps=100, max_steps=1)
trainer = peft_trainer.PeftTrainer(model, optax.sgd(0.1), cfg).with_loss_fn(loss_fn)
trainer.train([{"x": np.ones((8, 4), np.float32), "y": np.zeros(8, np.float32)}])
""",
        kind='concretization', argument='model', path='model.kernel', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Printing float(loss) inside a loss function that PeftTrainer traces for its jitted train step raises ConcretizationTypeError (JAX suggests astype, which does not fit a print). Replacing the print with jax.debug.print runs. Checked.',
    ),
    Case(
        id='bf-tunix-metrics-logger-leak',
        source='https://github.com/google/tunix/blob/main/tunix/sft/metrics_logger.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from tunix.sft import peft_trainer

model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
cfg = peft_trainer.TrainingConfig(eval_every_n_steps=100, max_steps=1)
trainer = peft_trainer.PeftTrainer(model, optax.sgd(0.1), cfg)

def loss_fn(model, x, y):
    pred = model(x)[:, 0]
    trainer.metrics_logger.log("", "pred_mean", pred.mean(), "train", 0)
    return jnp.mean((pred - y) ** 2)

trainer.with_loss_fn(loss_fn)
trainer.train([{"x": np.ones((8, 4), np.float32), "y": np.zeros(8, np.float32)}])
trainer.metrics_logger.get_metric("", "pred_mean", "train")
""",
        kind='leaked-tracer', argument='model', path='model.kernel', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=18,
        note="The loss calls trainer.metrics_logger.log(...) with a traced mean, so the tracer is stored in the MetricsLogger's history; reading it back with get_metric after training stacks it with NumPy and JAX raises TracerArrayConversionError at the read. Returning the value as aux (with_loss_fn(..., has_aux=True)) removes the leak, but the read-back line must change too, so the fix is not purely mechanical. Checked.",
    ),
    Case(
        id='bf-tunix-pad-to-length-traced-target',
        source='https://github.com/google/tunix/blob/main/tunix/rl/common.py',
        code="""\
import jax
import jax.numpy as jnp
from tunix.rl import common

@jax.jit
def pad_completions(completion_ids, max_len):
    return common.pad_to_length(completion_ids, max_len, pad_value=0, axis=1)

ids = jnp.ones((2, 5), dtype=jnp.int32)
pad_completions(ids, 8)
""",
        kind='traced-shape', argument='max_len', path='max_len', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="tunix.rl.common.pad_to_length compares x.shape[axis] with target_length in a Python `if` and builds a padding of that size; passing the target length through jax.jit makes it a tracer and the library's `if` raises TracerBoolConversionError. Declaring max_len static fixes it. Checked.",
    ),
    Case(
        id='bf-tunix-grpo-advantages-traced-group',
        source='https://github.com/google/tunix/blob/main/tunix/rl/algo_core.py',
        code="""\
import jax
import jax.numpy as jnp
from tunix.rl import algo_core

def scaled_advantages(rewards, num_generations, scale):
    adv = algo_core.compute_advantages(rewards, num_generations)
    return scale * adv

batched = jax.jit(jax.vmap(scaled_advantages, in_axes=(0, None, None)))
rewards = jnp.array([[1.0, 0.0, 0.5, 0.5], [0.2, 0.4, 0.6, 0.8]])
batched(rewards, 2, 0.5)
""",
        kind='traced-shape', argument='num_generations', path='num_generations', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='algo_core.compute_advantages reshapes rewards to (-1, num_generations); with the group size passed through jit(vmap(...)) it is traced and the reshape raises TypeError (shapes must be concrete), whose message suggests static_argnums. static_argnums=1 on the jit works. Checked.',
    ),
    Case(
        id='bf-tunix-loss-boolean-mask-index',
        source='https://github.com/google/tunix/blob/main/tunix/sft/peft_trainer.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from tunix.sft import peft_trainer

def loss_fn(model, x, y, valid):
    err = (model(x)[:, 0] - y) ** 2
    return err[valid].mean()

model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
cfg = peft_trainer.TrainingConfig(eval_every_n_steps=100, max_steps=1)
trainer = peft_trainer.PeftTrainer(model, optax.adam(1e-3), cfg).with_loss_fn(loss_fn)
batch = {"x": np.ones((8, 4), np.float32), "y": np.zeros(8, np.float32), "valid": np.arange(8) < 6}
trainer.train([batch])
""",
        kind='boolean-index', argument='valid', path='valid', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="A PyTorch-style loss selects valid rows with err[valid]; inside PeftTrainer's traced train step the mask is a tracer and JAX raises NonConcreteBooleanIndexError. Masking with jnp.where and dividing by valid.sum() gives the same mean. Checked.",
    ),
    Case(
        id='bf-tunix-input-fn-int-prompt-len',
        source='https://github.com/google/tunix/blob/main/tunix/sft/peft_trainer.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from tunix.sft import peft_trainer

def gen_model_input(batch):
    prompt_len = int(batch["prompt_mask"].sum(axis=1).max())
    x = batch["tokens"].at[:, :prompt_len].set(0)
    return {"x": x.astype(jnp.float32), "y": batch["targets"]}

def loss_fn(model, x, y):
    return jnp.mean((model(x)[:, 0] - y) ** 2)

model = nnx.Linear(6, 1, rngs=nnx.Rngs(0))
cfg = peft_trainer.TrainingConfig(eval_every_n_steps=100, max_steps=1)
trainer = peft_trainer.PeftTrainer(model, optax.sgd(0.1), cfg)
trainer.with_gen_model_input_fn(gen_model_input).with_loss_fn(loss_fn)
mask = np.array([[1, 1, 0, 0, 0, 0]] * 8)
trainer.train([{"tokens": np.ones((8, 6), np.int32), "prompt_mask": mask, "targets": np.zeros(8, np.float32)}])
""",
        kind='integer-conversion', argument='batch', path="batch['prompt_mask']", line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A gen_model_input_fn (traced inside the jitted train step) calls int() on the prompt length derived from the batch mask to slice-assign; JAX raises ConcretizationTypeError from int() and suggests astype, which does not fit. Zeroing the prompt positions with jnp.where over an arange removes the Python int. Checked.',
    ),
    Case(
        id='bf-tunix-loss-range-over-count',
        source='https://github.com/google/tunix/blob/main/tunix/sft/peft_trainer.py',
        code="""\
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from tunix.sft import peft_trainer

def loss_fn(model, x, y, n_real):
    pred = model(x)[:, 0]
    total = 0.0
    for i in range(n_real):
        total = total + (pred[i] - y[i]) ** 2
    return total / n_real

model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
cfg = peft_trainer.TrainingConfig(eval_every_n_steps=100, max_steps=1)
trainer = peft_trainer.PeftTrainer(model, optax.sgd(0.1), cfg).with_loss_fn(loss_fn)
trainer.train([{"x": np.ones((8, 4), np.float32), "y": np.zeros(8, np.float32), "n_real": np.int32(6)}])
""",
        kind='integer-conversion', argument='n_real', path='n_real', line=10,
        fixes=('jnp.where', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note="The loss loops `for i in range(n_real)` where n_real comes from the batch, so under the trainer's jit range() calls __index__ on a tracer: TracerIntegerConversionError. A masked sum with jnp.where over the full batch gives the same loss; lax.fori_loop with a traced bound is an alternative. Checked.",
    ),
    Case(
        id='bf-tunix-logits-to-keep-array-static',
        source='https://github.com/google/tunix/blob/main/tunix/rl/common.py',
        code="""\
import jax.numpy as jnp
from flax import nnx
from tunix.rl import common

class TinyLM(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(32, 16, rngs=rngs)
        self.head = nnx.Linear(16, 32, rngs=rngs)
    def __call__(self, tokens, positions, cache, attention_mask):
        return self.head(self.embed(tokens)), None

model = TinyLM(nnx.Rngs(0))
tokens = jnp.ones((2, 10), dtype=jnp.int32)
positions = jnp.broadcast_to(jnp.arange(10), (2, 10))
attn = jnp.tril(jnp.ones((2, 10, 10), dtype=bool))
completion_mask = jnp.array([[1, 1, 1, 0], [1, 1, 1, 1]])
logps = common.get_per_token_logps(model, tokens, positions, attn, logits_to_keep=completion_mask.sum(-1).max())
""",
        kind='unhashable-static', argument='logits_to_keep', path='logits_to_keep', line=17,
        fixes=('numpy-for-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="tunix.rl.common.get_per_token_logps is nnx.jit'ed with logits_to_keep static; passing a jax Array computed with jnp (mask.sum(-1).max()) raises ValueError: Non-hashable static arguments are not supported. Using the Python int completion_mask.shape[1] (or int(...) outside the trace) fixes it. Checked.",
    ),
    Case(
        id='bf-tunix-grpo-config-jit-argument',
        source='https://github.com/google/tunix/blob/main/tunix/rl/grpo/grpo_learner.py',
        code="""\
import jax
import jax.numpy as jnp
from tunix.rl.grpo.grpo_learner import GRPOConfig

@jax.jit
def clipped_objective(ratio, advantages, cfg):
    clipped = jnp.clip(ratio, 1 - cfg.epsilon, 1 + cfg.epsilon)
    return -jnp.minimum(ratio * advantages, clipped * advantages).mean()

cfg = GRPOConfig(num_generations=4, epsilon=0.2)
clipped_objective(jnp.ones(8), jnp.linspace(-1, 1, 8), cfg)
""",
        kind='non-array-argument', argument='cfg', path='cfg', line=11,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='Passing a tunix GRPOConfig dataclass straight into a jitted objective raises TypeError (cannot interpret as abstract array). JAX suggests static_argnums, but GRPOConfig is a mutable dataclass and therefore unhashable, so that alone fails; closing over cfg (functools.partial) keeps it out of the traced arguments and runs. Checked.',
    ),
    Case(
        id='bf-jlu-parameter-overview-in-jit',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/parameter_overview.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils import parameter_overview

@jax.jit
def init_params(key):
    k1, k2 = jax.random.split(key)
    params = {"encoder": {"kernel": jax.random.normal(k1, (8, 4)) * 0.1},
              "head": {"kernel": jax.random.normal(k2, (4, 2)) * 0.1}}
    parameter_overview.log_parameter_overview(params, msg="initial params")
    return params

params = init_params(jax.random.key(0))
""",
        kind='concretization', argument='key', path='key', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="log_parameter_overview (include_stats=True by default) calls float() on each parameter's mean; inside a jitted init function those are tracers, so the library raises ConcretizationTypeError. Logging the overview on the returned params outside jit runs. Checked.",
    ),
    Case(
        id='bf-jlu-collecting-metric-merge-in-jit',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils import metrics

Preds = metrics.CollectingMetric.from_outputs(("logits", "labels"))

@jax.jit
def evaluate(w, batches):
    collected = Preds.empty()
    for x, y in batches:
        collected = collected.merge(Preds.from_model_output(logits=x @ w, labels=y))
    return collected

batches = [(jnp.ones((4, 3)), jnp.array([0, 1, 1, 0])), (jnp.zeros((4, 3)), jnp.array([1, 1, 0, 0]))]
result = evaluate(jnp.ones((3, 2)), batches)
""",
        kind='array-conversion', argument='w', path='w', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="CollectingMetric keeps host NumPy copies and its merge() refuses tracers, raising RuntimeError('Tracer detected! CollectingMetric cannot be JIT compiled.') when two updates are merged inside jit. Returning the per-batch updates from the jitted function and merging outside runs. Checked.",
    ),
    Case(
        id='bf-jlu-periodic-callback-in-fori-loop',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/periodic_actions.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils import periodic_actions

hook = periodic_actions.PeriodicCallback(every_steps=10, callback_fn=lambda step, t: print("step", step))

def train_body(step, params):
    params = params - 0.1 * jnp.sign(params)
    hook(step)
    return params

params = jax.lax.fori_loop(0, 100, train_body, jnp.ones(3))
""",
        kind='bool-conversion', argument='step', path='step', line=9,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='A PeriodicCallback hook is called inside a lax.fori_loop body; the hook evaluates `step % every_steps == 0` in a Python `if` on the traced loop index, so the library raises TracerBoolConversionError. Calling the hook from a Python loop with a concrete step (jitting only the body) runs, but it is a restructure. Checked.',
    ),
    Case(
        id='bf-jlu-memory-writer-leak',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/metric_writers/memory_writer.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils.metric_writers import memory_writer

writer = memory_writer.MemoryWriter()

@jax.jit
def train_step(params, x):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p) ** 2))(params)
    writer.write_scalars(0, {"loss": loss})
    return params - 0.1 * grads

params = train_step(jnp.ones(3), jnp.ones((4, 3)))
print(f"loss at step 0: {float(writer.scalars[0]['loss']):.3f}")
""",
        kind='leaked-tracer', argument='params', path='params', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        use_line=14,
        note='MemoryWriter.write_scalars called inside a jitted train step stores the traced loss in writer.scalars; float() on it afterwards raises ConcretizationTypeError naming train_step. Returning the loss and writing it after the call runs. Checked.',
    ),
    Case(
        id='bf-jlu-logging-writer-histogram-in-jit',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/metric_writers/logging_writer.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils.metric_writers import logging_writer

writer = logging_writer.LoggingWriter()

@jax.jit
def train_step(params, x, y):
    grads = jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    writer.write_histograms(0, {"grads": grads}, num_buckets={"grads": 10})
    return params - 0.1 * grads

params = train_step(jnp.ones(3), jnp.ones((5, 3)), jnp.zeros(5))
""",
        kind='array-conversion', argument='params', path='params', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='LoggingWriter.write_histograms calls np.asarray on each array to bin it; called with traced gradients inside a jitted step it raises TracerArrayConversionError. Returning the gradients and writing the histogram outside jit runs. Checked.',
    ),
    Case(
        id='bf-jlu-writer-passed-to-jit',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/metric_writers/logging_writer.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils.metric_writers import logging_writer

def train_step(params, x, y, writer):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    writer.write_scalars(0, {"loss": loss})
    return params - 0.1 * grads

step = jax.jit(train_step)
params = step(jnp.ones(3), jnp.ones((5, 3)), jnp.zeros(5), logging_writer.LoggingWriter())
""",
        kind='non-array-argument', argument='writer', path='writer', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A LoggingWriter object is passed as a positional argument of a jitted train step; jit raises TypeError because the writer is not a valid JAX type, and its message suggests marking it static. static_argnames='writer' runs (the writer hashes by identity). Checked.",
    ),
    Case(
        id='bf-jlu-output-names-list-static',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils import metrics

def eval_step(logits, labels, names):
    Coll = metrics.CollectingMetric.from_outputs(names)
    return Coll.from_model_output(logits=logits, labels=labels).values

eval_step = jax.jit(eval_step, static_argnames="names")
out = eval_step(jnp.ones((4, 2)), jnp.array([0, 1, 1, 0]), names=["logits", "labels"])
""",
        kind='unhashable-static', argument='names', path='names', line=10,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The list of output names handed to CollectingMetric.from_outputs is declared static, but a list is unhashable: jit raises ValueError (Non-hashable static arguments). Passing a tuple runs. Checked.',
    ),
    Case(
        id='bf-jlu-average-boolean-index',
        source='https://github.com/garymm/jax_loop_utils/blob/main/src/jax_loop_utils/metrics.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_loop_utils import metrics

@jax.jit
def eval_step(w, x, y, is_padding):
    per_example = (x @ w - y) ** 2
    return metrics.Average.from_model_output(values=per_example[~is_padding])

x, y = jnp.ones((6, 3)), jnp.zeros(6)
avg = eval_step(jnp.ones(3), x, y, jnp.array([False] * 4 + [True] * 2))
""",
        kind='boolean-index', argument='is_padding', path='is_padding', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Padding rows are dropped with per_example[~is_padding] before metrics.Average.from_model_output inside a jitted eval step: NonConcreteBooleanIndexError. Passing the full values with mask=~is_padding (Average masks with jnp.where internally) gives the same average. Checked.',
    ),
    Case(
        id='bf-colabdesign-ptm-numpy-in-grad',
        source='https://github.com/sokrypton/ColabDesign/blob/main/af/README.md',
        code="""\
import jax
import jax.numpy as jnp
from colabdesign.af.alphafold.common import confidence

def ptm_loss(pae_logits, breaks):
    ptm = confidence.predicted_tm_score(pae_logits, breaks)
    return 1.0 - ptm

logits = jax.random.normal(jax.random.key(0), (12, 12, 64))
breaks = jnp.linspace(0.0, 31.0, 63)
grad = jax.grad(ptm_loss)(logits, breaks)
""",
        kind='array-conversion', argument='pae_logits', path='pae_logits', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom pTM loss (the kind passed as loss_callback) calls confidence.predicted_tm_score without use_jnp=True, so it uses scipy/NumPy softmax on traced logits under jax.grad: TracerArrayConversionError. Passing use_jnp=True switches the library to jnp and the gradient runs. Checked.',
    ),
    Case(
        id='bf-colabdesign-key-object-leak',
        source='https://github.com/sokrypton/ColabDesign/blob/main/colabdesign/shared/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from colabdesign.shared.utils import Key

rng = Key(seed=0)

@jax.jit
def perturb(seq_logits):
    noise = jax.random.gumbel(rng.get(), seq_logits.shape)
    return seq_logits + noise

out = perturb(jnp.zeros((10, 20)))
next_key = rng.get()
""",
        kind='leaked-tracer', argument=None, path=None, line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=13,
        note="colabdesign's stateful Key helper splits and stores its key on self; calling rng.get() inside a jitted function stores a traced key on the object, and the next rng.get() outside raises UnexpectedTracerError. The leaked key depends on no argument. Splitting outside and passing the key in (keys flow in and out explicitly) runs. Checked.",
    ),
    Case(
        id='bf-colabdesign-kmeans-traced-k',
        source='https://github.com/sokrypton/ColabDesign/blob/main/colabdesign/seq/kmeans.py',
        code="""\
import jax
import jax.numpy as jnp
jax.tree_map = jax.tree_util.tree_map  # colabdesign 1.1.1 still calls the removed alias
from colabdesign.seq.kmeans import kmeans

@jax.jit
def cluster_msa(msa, weights, k):
    return kmeans(msa, weights, k)

msa = jax.nn.one_hot(jax.random.randint(jax.random.key(0), (50, 12), 0, 21), 21)
cluster_msa(msa, jnp.ones(50), 3)
""",
        kind='traced-shape', argument='k', path='k', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="colabdesign.seq.kmeans.kmeans branches on `if k == 1` and sizes its cluster arrays by k; with k passed through jax.jit the library's `if` raises TracerBoolConversionError. static_argnums=2 runs (the cell needs the jax.tree_map alias because kmeans still calls it). Checked.",
    ),
    Case(
        id='bf-colabdesign-soft-seq-traced-num-seq',
        source='https://github.com/sokrypton/ColabDesign/blob/main/colabdesign/shared/model.py',
        code="""\
import jax
import jax.numpy as jnp
from colabdesign.shared.model import soft_seq

opt = {"alpha": 2.0, "temp": 1.0, "soft": 1.0, "hard": 0.0}

@jax.jit
def sample_msa_inputs(msa_logits, key, num_seq):
    seq = soft_seq(msa_logits, None, opt, key=key, num_seq=num_seq)
    return seq["pseudo"]

msa = jax.random.normal(jax.random.key(0), (8, 20, 20))
sample_msa_inputs(msa, jax.random.key(1), 4)
""",
        kind='traced-shape', argument='num_seq', path='num_seq', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='soft_seq decides whether to subsample the MSA by comparing x.shape[0] with num_seq in a Python `if` and then slices n[:num_seq]; a traced num_seq makes the library raise TracerBoolConversionError. Marking num_seq static runs. Checked.',
    ),
    Case(
        id='bf-colabdesign-mpnn-bias-from-jit',
        source='https://github.com/sokrypton/ColabDesign/blob/main/colabdesign/mpnn/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
jax.tree_map = jax.tree_util.tree_map  # colabdesign 1.1.1 still calls the removed alias
from colabdesign.mpnn import mk_mpnn_model
from colabdesign.mpnn.model import aa_order

xyz = np.cumsum(np.random.RandomState(0).normal(0, 1.5, (40, 3)), axis=0)
atoms = ["N", "CA", "C", "O"] * 10
pdb = "\\n".join(f"ATOM  {i+1:5d}  {a:<3s} GLY A{i//4+1:4d}    {x:8.3f}{y:8.3f}{z:8.3f}  1.00  0.00" for i, (a, (x, y, z)) in enumerate(zip(atoms, xyz)))
mpnn = mk_mpnn_model("v_48_010")
mpnn.prep_inputs(pdb_filename=pdb)

@jax.jit
def set_polar_bias(af_plddt):
    strength = 2.0 * (1.0 - af_plddt.mean())
    for aa in "DEKR":
        mpnn._inputs["bias"][:, aa_order[aa]] += strength

set_polar_bias(jnp.full(10, 0.6))
""",
        kind='array-conversion', argument='af_plddt', path='af_plddt', line=18,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="The documented way to bias ProteinMPNN is to edit the NumPy array mpnn._inputs['bias']; doing that inside a jitted function with a traced strength makes NumPy call __array__ on a tracer: TracerArrayConversionError. Returning the strength and updating the bias outside jit runs. Checked.",
    ),
    Case(
        id='bf-colabdesign-mpnn-model-jit-argument',
        source='https://github.com/sokrypton/ColabDesign/blob/main/colabdesign/mpnn/README.md',
        code="""\
import jax
import jax.numpy as jnp
jax.tree_map = jax.tree_util.tree_map  # colabdesign 1.1.1 still calls the removed alias
from colabdesign.mpnn import mk_mpnn_model

mpnn = mk_mpnn_model("v_48_010")
L = 12
X = jnp.cumsum(jax.random.normal(jax.random.key(0), (L, 4, 3)), axis=0)

@jax.jit
def backbone_logits(model, X, key):
    out = model._score(X=X, mask=jnp.ones(L), residue_idx=jnp.arange(L),
                       chain_idx=jnp.zeros(L, dtype=jnp.int32), key=key)
    return out["logits"]

logits = backbone_logits(mpnn, X, jax.random.key(1))
""",
        kind='non-array-argument', argument='model', path='model', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The mk_mpnn_model object is passed as an argument of a jitted helper that calls its _score function; jit raises TypeError because the model object is not a JAX type, and suggests static. static_argnums=0 runs (the model hashes by identity). Checked.',
    ),
]
