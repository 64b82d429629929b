"""Held-out library cases (set AZ): qwix, gemma, transformers (4.x Flax models).

How they were built: each cell is my own minimal reduction of a usage pattern of the
library (README/docs page or GitHub thread cited per case), written to a file and run
with /tmp/heldout26/venv_az/bin/python (CPython 3.11.7, venv with --system-site-packages;
jax/jaxlib 0.10.2, flax 0.12.8, optax 0.2.8, equinox 0.13.8, numpy 2.4.6, chex 0.1.92 as on
the machine). Every statement but the last runs; the last raises. Line numbers were read
off the tracebacks. The first fix of every case was applied by hand and re-run
(work_az/fixes_az.py); "checked" in a note means that run passed.

Libraries and versions:
- qwix 0.1.8 (pip, with the pins).
- gemma 3.1.0 (Google DeepMind `gemma`, `from gemma import gm`). `pip install gemma` with the
  pins did not finish resolving in ~10 min (backtracking over kauldron/tensorflow-datasets), so
  it was installed with --no-deps plus its light deps; gemma 3.3.0 and 3.2.1 then failed to
  import (kauldron 1.4.2 lacks AbstractPartialLoader; newer kauldron is not installable here),
  3.1.0 imports. It needs tensorflow at import time (kauldron.typing), so tensorflow 2.21.0 was
  installed into the venv (pins kept). Models are gm.testing.DummyGemma (tiny, random init).
- transformers 4.49.0 Flax models (tiny GPT-2 configs, random init; no downloads).

Dropped:
- dopamine-rl 4.1.2: its JAX agents and networks import dopamine.discrete_domains.atari_lib,
  which needs `baselines` (OpenAI, TF1-era) and tensorflow_probability (excluded); installed with
  --no-deps + ale_py it still failed to import, so it was replaced by the first alternate,
  transformers 4.x's Flax models.
- Candidate qwix cases that did not raise: jitting qwix.quantize_params with the abstract
  template (works), np.mean on a tracer (dispatches to .mean, no error); an nnx model quantized
  with skip_nnx_init and first called under jax.jit raised flax's TraceContextError (a flax
  check, not qwix), so it was left out.

Doubts about labels:
- az-qwix-traced-tile-size / az-transformers-generate-traced-max-new-tokens: JAX raises
  TracerBoolConversionError from the library's own `if`, so bool-conversion is defensible; I chose
  traced-shape because the value is a tile size / token count that fixes shapes.
- az-transformers-generate-traced-temperature: the library wants a Python float for its config;
  concretization is defensible for this library-side `if`.
- az-gemma-return-last-only-traced, az-gemma-init-cache-traced-length: the final exception is
  ValueError (non-hashable static argument) because the library marks the value static; the
  user's fix is `static` on their own jit, and traced-shape (cache length) or bool-conversion
  (flag) are defensible kinds.
- az-gemma-module-jit-arg: the exception is AttributeError on a tracer, not JAX's
  "not a valid JAX type" TypeError (jit abstracted the module as a leaf); non-array-argument is
  the cause, but the message never mentions it.
- az-qwix-fori-loop-list-index: `static` (unroll with a Python loop) is as acceptable as lax.scan;
  neither is a one-line change, hence verifiable=False.
- az-qwix-cached-qarray-leak: use_line is 15 (the retracing call, where JAX reports) although the
  stale QArray is read on line 11; verifiable=False because the fix adds a function.
- az-gemma-kv-cache-dict-update-leak, az-transformers-model-params-assign-leak: `path` names one
  leaf of a tree-wide dependency (the leaked K depends on all attention/embedding weights and on
  tokens; the leaked params are the whole tree, the reported leaf is the wte embedding).
- az-gemma-tokenizer-decode-in-jit, az-transformers-float-loss-logging: the value depends on every
  params leaf (and on tokens); `path` is the first leaf JAX lists. For the decode cases
  (gemma, transformers) the fix 'return-value' is really "move the decode out of jit"; jax.debug
  callbacks would also do.
- az-transformers-tokenizer-decode-in-jit: argument is input_ids (the only traced parameter).
- az-gemma-generate-range-traced: lax.fori_loop is not a valid first fix because the token array
  grows; only `static` keeps the program.
- az-qwix-outlier-boolean-mask / az-transformers-mask-select-pooling: `size-argument`
  (jnp.nonzero(..., size=...)) works but needs extra masking of the fill values.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='az-qwix-traced-tile-size',
        source='https://github.com/google/qwix/blob/main/docs/source/core_api.md',
        code="""\
import jax
import jax.numpy as jnp
import qwix

def fake_quant(w, tile):
    q = qwix.quantize(w, jnp.int8, tiled_axes={0: tile})
    return qwix.dequantize(q)

w = jax.random.normal(jax.random.key(0), (256, 64))
fake_quant(w, 64)
jax.jit(fake_quant)(w, 64)
""",
        kind='traced-shape', argument='tile', path='tile', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The sub-channel tile size handed to qwix.quantize(tiled_axes=...) is a jit argument; qwix's own get_scale_shape checks `tile_size <= 0 or dim % tile_size` in Python, so JAX raises TracerBoolConversionError inside the library. The tile size decides the scale's shape, so it must be static (static_argnames='tile'); checked.",
    ),
    Case(
        id='az-qwix-qtype-string-jit-arg',
        source='https://github.com/google/qwix/blob/main/docs/source/core_api.md',
        code="""\
import jax
import jax.numpy as jnp
import qwix

def fake_quant(w, qtype):
    q = qwix.quantize(w, qtype, channelwise_axes=(1,))
    return qwix.dequantize(q)

w = jax.random.normal(jax.random.key(0), (128, 32))
fake_quant(w, 'int4')
jax.jit(fake_quant)(w, 'int4')
""",
        kind='non-array-argument', argument='qtype', path='qtype', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The quantized type ('int4') is passed through jax.jit as an ordinary argument; jit cannot abstract a str and raises TypeError ('Error interpreting argument ... as an abstract array'). Marking qtype static fixes it, as JAX's message says; checked.",
    ),
    Case(
        id='az-qwix-provider-jit-arg',
        source='https://github.com/google/qwix/blob/main/docs/source/qt.md',
        code="""\
import jax
import jax.numpy as jnp
from flax import linen as nn
import qwix

model = nn.Dense(8, use_bias=False)
rules = [qwix.QuantizationRule(module_path='.*', weight_qtype='int8', act_qtype='int8')]
x = jnp.ones((4, 16))

def predict(params, x, provider):
    qmodel = qwix.quantize_model(model, provider)
    return qmodel.apply(params, x)

params = model.init(jax.random.key(0), x)
predict(params, x, qwix.QtProvider(rules))
jax.jit(predict)(params, x, qwix.QtProvider(rules))
""",
        kind='non-array-argument', argument='provider', path='provider', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A qwix QtProvider (not a pytree) is passed as an argument of the jitted predict function; jit raises TypeError for the non-array argument. static_argnames='provider' (providers hash by identity) or closing over it fixes it; checked.",
    ),
    Case(
        id='az-qwix-cached-qarray-leak',
        source='https://github.com/google/qwix/blob/main/docs/source/core_api.md',
        code="""\
import jax
import jax.numpy as jnp
import qwix

_qcache = {}

@jax.jit
def matmul_int8(w, x):
    if 'w' not in _qcache:
        _qcache['w'] = qwix.quantize(w, jnp.int8, channelwise_axes=(1,))
    return qwix.dot(x, _qcache['w'])

w = jax.random.normal(jax.random.key(0), (16, 8))
matmul_int8(w, jnp.ones((4, 16)))
matmul_int8(w, jnp.ones((2, 16)))
""",
        kind='leaked-tracer', argument='w', path='w', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=15,
        note='The user caches the QArray from qwix.quantize in a module-level dict inside a jitted function; the second call (new input shape) retraces and reads the stale QArray, so JAX raises UnexpectedTracerError at the call. Quantize in a function that returns the QArray and pass it in as a pytree argument; checked (restructures the function, so not mechanical).',
    ),
    Case(
        id='az-qwix-fori-loop-list-index',
        source='https://github.com/google/qwix/blob/main/docs/source/core_api.md',
        code="""\
import jax
import jax.numpy as jnp
import qwix

keys = jax.random.split(jax.random.key(0), 3)
qws = [qwix.quantize(jax.random.normal(k, (16, 16)), jnp.int8, channelwise_axes=(1,)) for k in keys]

def layer(i, h):
    return jax.nn.relu(qwix.dot(h, qws[i]))

def mlp(x):
    return jax.lax.fori_loop(0, len(qws), layer, x)

mlp(jnp.ones((4, 16)))
""",
        kind='integer-conversion', argument='i', path='i', line=9,
        fixes=('lax.scan', 'static'), verifiable=False, jax_fitting_fix=False,
        note='A Python list of per-layer QArrays is indexed with the fori_loop counter inside the loop body; the traced index hits list.__getitem__ and JAX raises TracerIntegerConversionError. Stack the QArrays (they are pytrees) and lax.scan over them, or unroll with a Python loop; scan version checked.',
    ),
    Case(
        id='az-qwix-outlier-boolean-mask',
        source='https://github.com/google/qwix/blob/main/docs/source/core_api.md',
        code="""\
import jax
import jax.numpy as jnp
import qwix

@jax.jit
def outlier_aware_matmul(x, w):
    outlier = jnp.max(jnp.abs(x), axis=0) > 3.0
    x_fp, w_fp = x[:, outlier], w[outlier]
    qx = qwix.quantize(x, jnp.int8, channelwise_axes=(0,))
    qw = qwix.quantize(w, jnp.int8, channelwise_axes=(1,))
    return qwix.dot(qx, qw) + x_fp @ w_fp

x = jax.random.normal(jax.random.key(0), (4, 16)) * 2
w = jax.random.normal(jax.random.key(1), (16, 8))
outlier_aware_matmul(x, w)
""",
        kind='boolean-index', argument='x', path='x', line=8,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='LLM.int8-style mixed precision: outlier activation columns are selected with a data-dependent boolean mask under jit before the qwix int8 matmul; JAX raises NonConcreteBooleanIndexError. Zeroing the non-outlier columns with jnp.where keeps the same product with static shapes; checked.',
    ),
    Case(
        id='az-qwix-qat-loss-numpy',
        source='https://github.com/google/qwix/blob/main/docs/source/qt.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import qwix

def qat_loss(w, x, y):
    wq = qwix.dequantize(qwix.quantize(w, jnp.int8, channelwise_axes=(1,)))
    w_ste = w + jax.lax.stop_gradient(wq - w)
    pred = x @ w_ste
    return np.mean(np.square(pred - y))

w = jax.random.normal(jax.random.key(0), (16, 4))
x, y = jnp.ones((8, 16)), jnp.zeros((8, 4))
jax.grad(qat_loss)(w, x, y)
""",
        kind='array-conversion', argument='w', path='w', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A hand-written fake-quant (straight-through) QAT loss built on qwix.quantize/dequantize uses np.square/np.mean; under jax.grad the np ufunc calls __array__ on the tracer and JAX raises TracerArrayConversionError. Use jnp; checked.',
    ),
    Case(
        id='az-gemma-return-last-only-traced',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/sampling.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)

@jax.jit
def score(params, tokens, last_only):
    out = model.apply(params, tokens, return_last_only=last_only)
    return out.logits

score(params, tokens, True)
""",
        kind='unhashable-static', argument='last_only', path='last_only', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Gemma's Transformer.__call__ is wrapped in nn.jit with return_last_only as a static argument; passing a traced flag from the user's jitted function makes flax/JAX hash a tracer and raise ValueError ('Non-hashable static arguments are not supported'). Making last_only static in the user's jit fixes it; checked.",
    ),
    Case(
        id='az-gemma-init-cache-traced-length',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/sampling.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)

@jax.jit
def make_cache(tokens, extra):
    return model.init_cache(batch_size=tokens.shape[0], dtype=jnp.bfloat16, cache_length=tokens.shape[1] + extra)

make_cache(tokens, 12)
""",
        kind='unhashable-static', argument='extra', path='extra', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='model.init_cache declares batch_size/cache_length static in its nn.jit; a cache length computed from a traced argument reaches that static slot and JAX raises ValueError (non-hashable static argument, TypeError cause). Mark extra static; checked.',
    ),
    Case(
        id='az-gemma-config-init-cache-shape',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/sampling.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)

def prefill(params, tokens, max_new_tokens):
    cfg = model.config
    cache = cfg.init_cache(1, jnp.float32, cache_length=tokens.shape[1] + max_new_tokens)
    return cache

jax.jit(prefill)(params, tokens, 12)
""",
        kind='traced-shape', argument='max_new_tokens', path='max_new_tokens', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="TransformerConfig.init_cache builds jnp.zeros of shape (batch, cache_length, heads, dim) inside gemma; a cache_length that depends on the traced max_new_tokens makes JAX raise TypeError ('Shapes must be 1D sequences of concrete values'). JAX suggests static_argnums, which fits; checked.",
    ),
    Case(
        id='az-gemma-module-jit-arg',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/finetuning.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)
batch = {'tokens': tokens, 'targets': jnp.array([[5, 7, 2, 0]])}

def loss_fn(params, model, batch):
    logits = model.apply(params, batch['tokens']).logits
    logp = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(logp, batch['targets'][..., None], -1).mean()

jax.jit(jax.value_and_grad(loss_fn))(params, model, batch)
""",
        kind='non-array-argument', argument='model', path='model', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The gemma linen model object is passed as an argument of jit(value_and_grad(loss_fn)); jit treats the module as an array leaf and inside the loss the module has become a tracer, so `model.apply` raises AttributeError ('DynamicJaxprTracer has no attribute apply'). static_argnames='model' (or closing over it) fixes it; checked.",
    ),
    Case(
        id='az-gemma-loss-empty-mask-if',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/finetuning.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)
batch = {'tokens': tokens, 'targets': jnp.array([[5, 7, 2, 0]]), 'mask': jnp.array([[1, 1, 1, 0]])}

def loss_fn(params, batch):
    logp = jax.nn.log_softmax(model.apply(params, batch['tokens']).logits)
    nll = -jnp.take_along_axis(logp, batch['targets'][..., None], -1)[..., 0]
    n = batch['mask'].sum()
    if n == 0:
        return 0.0
    return (nll * batch['mask']).sum() / n

jax.jit(jax.value_and_grad(loss_fn))(params, batch)
""",
        kind='bool-conversion', argument='batch', path="batch['mask']", line=14,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A next-token loss for a gemma model guards against an all-padding batch with `if n == 0` on the mask count; under jit(value_and_grad) the batch is traced and JAX raises TracerBoolConversionError. jnp.where with a clamped denominator keeps the result; checked.',
    ),
    Case(
        id='az-gemma-kv-cache-dict-update-leak',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/sampling.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)
cache = model.init_cache(batch_size=1, dtype=jnp.bfloat16, cache_length=16)
mask = (jnp.arange(16)[None, :] <= jnp.arange(4)[:, None])[None]

@jax.jit
def prefill(params, tokens):
    out = model.apply(params, tokens, cache=cache, attention_mask=mask)
    cache.update(out.cache)
    return out.logits

logits = prefill(params, tokens)
print(cache['layer_0']['k'].mean())
""",
        kind='leaked-tracer', argument='params', path="params['params']['layer_0']['attn']['qkv_einsum']['w']", line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=18,
        note='The KV cache dict from model.init_cache is updated in place (cache.update(out.cache)) inside a jitted prefill, so traced keys/values leak into the outer dict; reading them afterwards raises UnexpectedTracerError. Return the new cache from the jitted function and rebind it; checked.',
    ),
    Case(
        id='az-gemma-tokenizer-decode-in-jit',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/tokenizer.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)
tokenizer = gm.testing.DummyTokenizer()

@jax.jit
def greedy_step(params, tokens):
    logits = model.apply(params, tokens, return_last_only=True).logits
    next_id = jnp.argmax(logits, axis=-1)
    print('next:', tokenizer.decode(next_id[0]))
    return next_id

greedy_step(params, tokens)
""",
        kind='concretization', argument='params', path="params['params']['embedder']['input_embedding']", line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The user decodes the greedy next token with the gemma tokenizer inside a jitted step; the tokenizer calls .item() on the traced id and JAX raises ConcretizationTypeError. Return the ids and decode outside jit; checked.',
    ),
    Case(
        id='az-gemma-generate-range-traced',
        source='https://github.com/google-deepmind/gemma/blob/main/docs/sampling.md',
        code="""\
import jax
import jax.numpy as jnp
from gemma import gm

model = gm.testing.DummyGemma()
tokens = jnp.array([[1, 5, 7, 2]])
params = model.init(jax.random.key(0), tokens)

@jax.jit
def generate(params, tokens, max_new_tokens):
    for _ in range(max_new_tokens):
        logits = model.apply(params, tokens, return_last_only=True).logits
        tokens = jnp.concatenate([tokens, jnp.argmax(logits, -1)[:, None]], axis=1)
    return tokens

generate(params, tokens, 3)
""",
        kind='integer-conversion', argument='max_new_tokens', path='max_new_tokens', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A hand-rolled greedy generation loop over a gemma model uses `range(max_new_tokens)` with the number of new tokens passed as a jit argument; JAX raises TracerIntegerConversionError. The token array grows each step, so lax.fori_loop cannot carry it; static max_new_tokens is the fix; checked.',
    ),
    Case(
        id='az-transformers-generate-traced-max-new-tokens',
        source='https://github.com/huggingface/transformers/issues/29410',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])

@jax.jit
def complete(input_ids, n_new):
    return model.generate(input_ids, max_new_tokens=n_new).sequences

complete(input_ids, 5)
""",
        kind='traced-shape', argument='n_new', path='n_new', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="FlaxGPT2LMHeadModel.generate is wrapped in the user's jit with max_new_tokens as a traced argument; GenerationConfig.validate checks `max_new_tokens <= 0` in Python and JAX raises TracerBoolConversionError inside transformers. The count sets the output length, so it must be static; checked.",
    ),
    Case(
        id='az-transformers-output-hidden-states-flag',
        source='https://github.com/huggingface/transformers/issues/13419',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])

forward = jax.jit(model.__call__)
out = forward(input_ids, output_hidden_states=True)
""",
        kind='bool-conversion', argument='output_hidden_states', path='output_hidden_states', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="jax.jit(model.__call__) turns the Python flag output_hidden_states into a traced bool; the GPT-2 Flax module does `() if output_hidden_states else None` and JAX raises TracerBoolConversionError. static_argnames='output_hidden_states' fixes it; checked.",
    ),
    Case(
        id='az-transformers-model-params-assign-leak',
        source='https://github.com/huggingface/transformers/pull/12419',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])
import optax
opt = optax.adam(1e-3)
opt_state = opt.init(model.params)

@jax.jit
def train_step(params, opt_state, input_ids):
    loss, grads = jax.value_and_grad(lambda p: model(input_ids, params=p).logits.mean())(params)
    updates, opt_state = opt.update(grads, opt_state)
    model.params = optax.apply_updates(params, updates)
    return loss, opt_state

loss, opt_state = train_step(model.params, opt_state, input_ids)
model(input_ids).logits
""",
        kind='leaked-tracer', argument='params', path="params['transformer']['wte']['embedding']", line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=20,
        note='Inside a jitted train step the user writes the updated tree back to `model.params` of the FlaxPreTrainedModel; the traced params leak onto the library object and the next eager `model(input_ids)` raises UnexpectedTracerError. Return the new params and assign outside jit; checked.',
    ),
    Case(
        id='az-transformers-generate-traced-temperature',
        source='https://github.com/huggingface/transformers/issues/29410',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])

@jax.jit
def sample(input_ids, temperature, key):
    return model.generate(input_ids, do_sample=True, temperature=temperature, prng_key=key, max_new_tokens=4).sequences

sample(input_ids, 0.7, jax.random.key(0))
""",
        kind='bool-conversion', argument='temperature', path='temperature', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Sampling with generate under the user's jit passes a traced temperature; the Flax logits-warper setup tests `temperature != 1.0` in Python and JAX raises TracerBoolConversionError. temperature must be a static Python float; checked.",
    ),
    Case(
        id='az-transformers-tokenizer-decode-in-jit',
        source='https://huggingface.co/docs/transformers/main_classes/tokenizer',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])
from tokenizers import Tokenizer, models
from transformers import PreTrainedTokenizerFast
vocab = {f'w{i}': i for i in range(64)}
tok = PreTrainedTokenizerFast(tokenizer_object=Tokenizer(models.WordLevel(vocab, unk_token='w0')))

@jax.jit
def greedy_next(input_ids):
    next_id = model(input_ids).logits[0, -1].argmax()
    print('next token:', tok.decode(next_id))
    return next_id

greedy_next(input_ids)
""",
        kind='array-conversion', argument='input_ids', path='input_ids', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='tok.decode is called on a traced token id inside a jitted step; transformers converts it with np.asarray and JAX raises TracerArrayConversionError. Return the id from the jitted function and decode outside; checked.',
    ),
    Case(
        id='az-transformers-float-loss-logging',
        source='https://github.com/huggingface/transformers/tree/main/examples/flax',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])
import optax
opt = optax.sgd(1e-2)
opt_state = opt.init(model.params)

@jax.jit
def train_step(params, opt_state, batch):
    def loss_fn(p):
        logits = model(batch['input_ids'], params=p).logits[:, :-1]
        return optax.softmax_cross_entropy_with_integer_labels(logits, batch['input_ids'][:, 1:]).mean()
    loss, grads = jax.value_and_grad(loss_fn)(params)
    print(f'loss = {float(loss):.4f}')
    updates, opt_state = opt.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state

params, opt_state = train_step(model.params, opt_state, {'input_ids': input_ids})
""",
        kind='concretization', argument='params', path="params['transformer']['h']['0']['attn']['c_attn']['bias']", line=18,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='A Flax GPT-2 train step logs `float(loss)` inside jit after value_and_grad; JAX raises ConcretizationTypeError (its hint about astype does not fit logging). jax.debug.print, or returning the loss, fixes it; checked.',
    ),
    Case(
        id='az-transformers-mask-select-pooling',
        source='https://huggingface.co/docs/transformers/model_doc/gpt2',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])
from transformers import FlaxGPT2Model
encoder = FlaxGPT2Model(config, seed=0)
batch = {'input_ids': jnp.array([[5, 9, 3, 0, 0]]), 'attention_mask': jnp.array([[1, 1, 1, 0, 0]])}

@jax.jit
def embed(batch):
    hidden = encoder(**batch).last_hidden_state
    tokens = hidden[batch['attention_mask'] == 1]
    return tokens.mean(axis=0)

embed(batch)
""",
        kind='boolean-index', argument='batch', path="batch['attention_mask']", line=15,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Mean pooling of FlaxGPT2Model hidden states selects the non-padding tokens with `hidden[attention_mask == 1]` under jit; JAX raises NonConcreteBooleanIndexError. A jnp.where-masked sum divided by the mask count gives the same embedding; checked.',
    ),
    Case(
        id='az-transformers-init-cache-traced-length',
        source='https://huggingface.co/docs/transformers/model_doc/gpt2',
        code="""\
import jax
import jax.numpy as jnp
from transformers import GPT2Config, FlaxGPT2LMHeadModel

config = GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64, n_positions=32)
model = FlaxGPT2LMHeadModel(config, seed=0)
input_ids = jnp.array([[5, 9, 3, 7]])

@jax.jit
def prefill(input_ids, max_length):
    past = model.init_cache(input_ids.shape[0], max_length)
    mask = jnp.ones((input_ids.shape[0], max_length), dtype='i4')
    pos = jnp.arange(input_ids.shape[1])[None]
    return model(input_ids, attention_mask=mask, past_key_values=past, position_ids=pos).past_key_values

prefill(input_ids, 16)
""",
        kind='traced-shape', argument='max_length', path='max_length', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="FlaxGPT2LMHeadModel.init_cache(batch_size, max_length) allocates arrays of that length; with max_length a jit argument JAX raises TypeError ('Shapes must be 1D sequences of concrete values'), and its static_argnums hint fits; checked.",
    ),
]
