"""Held-out library cases (set br): torch2jax, librosax, jaxloudnorm.

How they were built: every cell is my own minimal reduction of a usage pattern shown in
the library's README, docstrings or GitHub threads (torch2jax PR #26 for traced slice
bounds; the t2j_module docstring for return_state_dict; librosax's "mark these arguments
static" notes in stft/melspectrogram/mfcc; jaxloudnorm's README sections on use_fir,
block_size and vmap batching). Each cell was written to a file and run with
/tmp/heldout35/venv_br/bin/python (CPython 3.11.7, JAX_PLATFORMS=cpu); in every cell all
statements but the last run cleanly and the last one raises. `line`/`use_line` were read
off the traceback frames that belong to the cell file. For every case the first listed fix
(and, where noted, the second) was applied by hand to a copy of the cell and re-run to
completion; where the fix replaces an operation (jnp.where / masked mean) the result was
compared with the eager reference.

Installed versions (venv with --system-site-packages, pins kept): jax 0.10.2,
jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6, scipy 1.17.1,
torch 2.14.1, torch2jax 0.1.0 (samuela/torch2jax, the Torchish/__torch_function__
implementation), librosax 0.1.2 (with librosa 0.11.0), jaxloudnorm 0.3.2
(DBraun/jaxloudnorm).

Libraries: torch2jax was a listed candidate; jax-sklearn (installed fine as 0.1.11,
module `xlearn`) was swapped out because it is an sklearn fork whose public estimators
run eagerly on NumPy, so the only tracing errors reachable through it are generic
np.asarray failures inside sklearn validation, not patterns its users hit; librosax is
the signal-processing library of my choice and jaxloudnorm replaces jax-sklearn. Neither
is on the exclusion lists.

Dropped while building: a torch2jax torch.randn(n) / torch.randperm(n) case (torch's own
argument parser rejects the tracer with a plain TypeError before torch2jax sees it, not a
JAX error); a torch2jax boolean-mask case x[x > 0] (Torchish passes its own object as an
index and JAX raises a generic IndexError, not NonConcreteBooleanIndexError); a torch2jax
j2t-inside-jit case (AttributeError from jax.dlpack in this version); a librosax
time_to_frames + int() case (the first fix alone did not make it run, because
time_to_frames returns a jnp value that is traced inside jit even when its input is
static); librosax.feature.delta (not traceable at all: it runs SciPy on the data, so no
user-side fix exists). The librosax leak case subclasses the library's nnx-based
Spectrogram layer, so flax nnx semantics are involved (plain attributes on an nnx module
are not state).

Doubts about labels:
- br-librosax-stft-nfft-traced: JAX raises TracerBoolConversionError (inside scipy's
  get_window via librosax), so bool-conversion is defensible; labelled traced-shape
  because n_fft is a window/FFT size.
- br-jaxloudnorm-block-size-vmap: the exception is TracerBoolConversionError from the
  `if` in jaxloudnorm.util.valid_audio; bool-conversion is defensible. Labelled
  traced-shape because block_size fixes the number and length of gating blocks (it is
  next used in round()/range() and slice bounds). Under vmap, `static` means a Python loop.
- br-librosax-power-to-db-top-db-vmap: static (loop over Python floats) is arguably the
  more natural first fix; jnp.where is listed first because it keeps vmap and gives the
  same values (checked against eager power_to_db).
- br-librosax-melspectrogram-traced-sr: array-conversion by exception; concretization or
  traced-shape (sr shapes the filterbank via librosa) are defensible.
- br-librosax-hop-from-sr-int: int() on a tracer raises ConcretizationTypeError; the
  brief counts int() as integer-conversion, but concretization is defensible.
- br-torch2jax-bernoulli-tensor-prob: the failing .item() is inside torch2jax; `static`
  here means keeping the probability a Python float closed over by the torch function
  (t2j wraps every positional argument into a Torchish, so static_argnums alone on the
  converted function does not help).
- br-torch2jax-forward-hook-leak: the leaked activation depends on both params and x;
  argument='p' follows the "first parameter" rule, x is defensible, and path is the first
  weight leaf of the params dict. `line` is the hook registration line (the lambda that
  stores the tracer runs from there).
- br-torch2jax-range-unroll-steps: static first is also reasonable (torch users usually
  think of the step count as configuration); lax.fori_loop is first because it is the
  lax control-flow fix and keeps the result.
- br-jaxloudnorm-float-log-in-scan / br-jaxloudnorm-conditional-gain-vmap /
  br-jaxloudnorm-monitor-history-leak / br-librosax-rms-voiced-mask: the error is in the
  user's own code acting on library output, not inside the library.
- br-librosax-config-dict-static: `static` (closing over the dict) may be preferred by
  some over converting to a tuple.
- br-librosax-layer-attribute-leak: an nnx-specific fix (store it in an nnx.Variable) is
  also valid; return-value is listed as the portable one.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='br-torch2jax-return-state-dict-traced',
        source='https://github.com/samuela/torch2jax/blob/main/torch2jax/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
import torch
from torch2jax import t2j

net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 2))
jax_net = t2j(net)
state = {k: t2j(v) for k, v in net.state_dict().items()}
x = jnp.ones((16, 4))
train_step = jax.jit(jax_net)
out, new_state = train_step(x, state_dict=state, return_state_dict=True)
""",
        kind='bool-conversion', argument='return_state_dict', path='return_state_dict', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The converted module is jitted as a whole, so the return_state_dict=True flag becomes a traced bool and torch2jax's own `if return_state_dict:` raises TracerBoolConversionError; the t2j_module docstring says to list it in static_argnames. Checked: jax.jit(jax_net, static_argnames=['return_state_dict']) runs.",
    ),
    Case(
        id='br-torch2jax-dropout-rate-traced',
        source='https://github.com/samuela/torch2jax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import torch
import torch.nn.functional as F
from torch2jax import t2j

def features(x, drop_rate, key):
    block = t2j(lambda t: F.dropout(torch.tanh(t), p=drop_rate, training=True))
    return block(x, rng=key)

x = jnp.ones((4, 16))
jax.jit(features)(x, 0.1, jax.random.PRNGKey(0))
""",
        kind='bool-conversion', argument='drop_rate', path='drop_rate', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A dropout rate passed as a jit argument is closed over by the converted torch lambda; torch2jax's dropout checks `0 <= p <= 1` in Python and raises TracerBoolConversionError. The rate is a hyperparameter, so marking drop_rate static fixes it (checked).",
    ),
    Case(
        id='br-torch2jax-bernoulli-tensor-prob',
        source='https://github.com/samuela/torch2jax/blob/main/torch2jax/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
import torch
from torch2jax import t2j

def random_mask(x, keep_prob):
    mask = torch.ones_like(x).bernoulli_(keep_prob)
    return x * mask

jax_mask = jax.jit(t2j(random_mask))
x = jnp.ones((8, 8))
jax_mask(x, jnp.float32(0.9), rng=jax.random.PRNGKey(0))
""",
        kind='concretization', argument='keep_prob', path='keep_prob', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Torch code calls Tensor.bernoulli_ with a tensor probability; torch2jax converts a tensor p with p.item(), which raises ConcretizationTypeError under jit. Keeping the probability a Python float closed over by the function (out of the traced arguments) runs (checked).',
    ),
    Case(
        id='br-torch2jax-module-as-jit-arg',
        source='https://github.com/samuela/torch2jax',
        code="""\
import jax
import jax.numpy as jnp
import torch
from torch2jax import t2j

model = torch.nn.Linear(3, 2)
params = {k: t2j(v) for k, v in model.named_parameters()}

@jax.jit
def predict(module, params, x):
    return t2j(module)(x, state_dict=params)

predict(model, params, jnp.ones((5, 3)))
""",
        kind='non-array-argument', argument='module', path='module', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The torch.nn.Module itself is passed as an argument of the jitted function, so jit cannot turn it into an abstract array and raises TypeError; JAX's message points to static_argnums, and static_argnums=0 works because modules hash by identity (checked).",
    ),
    Case(
        id='br-torch2jax-pool-window-list-static',
        source='https://github.com/samuela/torch2jax/blob/main/torch2jax/__init__.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import torch.nn.functional as F
from torch2jax import t2j

@functools.partial(jax.jit, static_argnames="window")
def downsample(x, window):
    return t2j(lambda t: F.max_pool2d(t, window, window))(x)

images = jnp.ones((2, 3, 8, 8))
downsample(images, window=[2, 2])
""",
        kind='unhashable-static', argument='window', path='window', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="The pooling window for the converted F.max_pool2d is declared static but given as a list, so jit raises ValueError (non-hashable static argument). Passing a tuple works, and torch2jax's max_pool2d needs a tuple anyway (checked).",
    ),
    Case(
        id='br-torch2jax-forward-hook-leak',
        source='https://github.com/samuela/torch2jax',
        code="""\
import jax
import jax.numpy as jnp
import torch
from torch2jax import t2j

net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
hidden = []
net[1].register_forward_hook(lambda mod, inp, out: hidden.append(out))
params = {k: t2j(v) for k, v in net.state_dict().items()}
loss = lambda p, x: jnp.sum(t2j(net)(x, state_dict=p) ** 2)
value, grads = jax.value_and_grad(loss)(params, jnp.ones((2, 3)))
hidden_norm = jnp.linalg.norm(hidden[0].value)
""",
        kind='leaked-tracer', argument='p', path="p['0.weight']", line=8,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A torch forward hook appends the layer output (a Torchish wrapping a JAX tracer) to a Python list while torch2jax traces the module under value_and_grad; reading it afterwards raises UnexpectedTracerError. Returning the activation as has_aux output instead works (checked).',
        use_line=12,
    ),
    Case(
        id='br-torch2jax-traced-slice-bound',
        source='https://github.com/samuela/torch2jax/pull/26',
        code="""\
import jax
import jax.numpy as jnp
import torch
from torch2jax import t2j

def keep_first(x, n_keep):
    head = t2j(lambda t: torch.tanh(t[:, :n_keep]))
    return head(x)

x = jnp.ones((4, 10))
jax.jit(keep_first)(x, 3)
""",
        kind='traced-shape', argument='n_keep', path='n_keep', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Torch slicing t[:, :n_keep] with n_keep coming from a jit argument forwards a traced slice bound to JAX indexing, which raises IndexError (slice entries must be static). The output width depends on n_keep, so it must be static (checked with static_argnums=1).',
    ),
    Case(
        id='br-torch2jax-range-unroll-steps',
        source='https://github.com/samuela/torch2jax',
        code="""\
import jax
import jax.numpy as jnp
import torch
from torch2jax import t2j

cell = torch.nn.Linear(8, 8)
params = {k: t2j(v) for k, v in cell.state_dict().items()}
jax_cell = t2j(cell)

def unroll(params, h, n_steps):
    for _ in range(n_steps):
        h = jnp.tanh(jax_cell(h, state_dict=params))
    return h

jax.jit(unroll)(params, jnp.zeros((1, 8)), 5)
""",
        kind='integer-conversion', argument='n_steps', path='n_steps', line=11,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A converted torch cell is unrolled with a Python for-loop over range(n_steps) where n_steps is a jit argument, raising TracerIntegerConversionError. lax.fori_loop accepts a traced trip count and keeps the result; static_argnums=2 also works (both checked).',
    ),
    Case(
        id='br-librosax-stft-nfft-traced',
        source='https://github.com/DBraun/librosax/blob/main/librosax/core/spectrum.py',
        code="""\
import jax
import jax.numpy as jnp
import librosax

@jax.jit
def log_spectrogram(y, n_fft):
    S = jnp.abs(librosax.stft(y, n_fft=n_fft, hop_length=n_fft // 4))
    return jnp.log1p(S)

y = jnp.sin(jnp.arange(16000) * 0.03)
log_spectrogram(y, 1024)
""",
        kind='traced-shape', argument='n_fft', path='n_fft', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="n_fft is a jit argument, but librosax.stft builds its window with scipy's get_window/NumPy from it, and the size comparison there raises TracerBoolConversionError. The stft docstring says n_fft and the other settings must be static; static_argnames='n_fft' runs (checked).",
    ),
    Case(
        id='br-librosax-power-to-db-top-db-vmap',
        source='https://github.com/DBraun/librosax/blob/main/librosax/core/spectrum.py',
        code="""\
import jax
import jax.numpy as jnp
import librosax

y = jnp.sin(jnp.arange(8000) * 0.05)
power = jnp.abs(librosax.stft(y, n_fft=512, hop_length=128)) ** 2

def clipped_db(top_db):
    return librosax.power_to_db(power, top_db=top_db)

jax.vmap(clipped_db)(jnp.array([40.0, 60.0, 80.0]))
""",
        kind='bool-conversion', argument='top_db', path='top_db', line=9,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note="Sweeping top_db with vmap makes it a BatchTracer and power_to_db's validation `if top_db < 0` raises TracerBoolConversionError. Calling power_to_db with top_db=None and applying the floor with jnp.where gives the same values under vmap; a Python loop over float top_db values also works (both checked).",
    ),
    Case(
        id='br-librosax-melspectrogram-traced-sr',
        source='https://github.com/DBraun/librosax/blob/main/librosax/feature/spectral.py',
        code="""\
import jax
import jax.numpy as jnp
import librosax

@jax.jit
def log_mel(y, sr):
    M = librosax.feature.melspectrogram(y=y, sr=sr, n_fft=512, hop_length=128, n_mels=40)
    return jnp.log(M + 1e-6)

y = jnp.sin(jnp.arange(16000) * 0.03)
log_mel(y, 16000)
""",
        kind='array-conversion', argument='sr', path='sr', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The sample rate is a jit argument; librosax.feature.melspectrogram builds the mel basis through librosa's NumPy code, which calls __array__ on the traced sr and raises TracerArrayConversionError. The docstring asks for sr to be static; static_argnames='sr' runs (checked).",
    ),
    Case(
        id='br-librosax-window-name-arg',
        source='https://github.com/DBraun/librosax/blob/main/librosax/core/spectrum.py',
        code="""\
import jax
import jax.numpy as jnp
import librosax

@jax.jit
def power_spectrogram(y, window):
    return jnp.abs(librosax.stft(y, n_fft=512, hop_length=128, window=window)) ** 2

y = jnp.sin(jnp.arange(8000) * 0.05)
power_spectrogram(y, "hamming")
""",
        kind='non-array-argument', argument='window', path='window', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The window name string is a positional argument of the jitted function, so jit raises TypeError because a str is not a valid JAX type; the message suggests static_argnums/static_argnames, and static_argnames='window' runs (checked).",
    ),
    Case(
        id='br-librosax-config-dict-static',
        source='https://github.com/DBraun/librosax/blob/main/librosax/feature/spectral.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import librosax

config = dict(sr=16000, n_fft=512, hop_length=160, n_mels=64)

@functools.partial(jax.jit, static_argnames="cfg")
def log_mel(y, cfg):
    M = librosax.feature.melspectrogram(y=y, **cfg)
    return jnp.log(M + 1e-6)

y = jnp.sin(jnp.arange(16000) * 0.03)
log_mel(y, cfg=config)
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=14,
        fixes=('hashable-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Following the docstring advice to keep feature settings static, the user passes a dict config as a static argument, and jit raises ValueError because dicts are unhashable. Passing tuple(config.items()) and rebuilding the dict inside works; closing over the dict instead also works (checked).',
    ),
    Case(
        id='br-librosax-rms-voiced-mask',
        source='https://github.com/DBraun/librosax/blob/main/librosax/feature/spectral.py',
        code="""\
import jax
import jax.numpy as jnp
import librosax

@jax.jit
def voiced_level(y, threshold):
    frame_rms = librosax.feature.rms(y=y, frame_length=1024, hop_length=256)[0]
    voiced = frame_rms[frame_rms > threshold]
    return voiced.mean()

y = jnp.concatenate([jnp.zeros(4000), 0.5 * jnp.sin(jnp.arange(8000) * 0.05)])
voiced_level(y, 0.01)
""",
        kind='boolean-index', argument='y', path='y', line=8,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Frame RMS from librosax.feature.rms is filtered with a boolean mask inside jit, a data-dependent shape, so JAX raises NonConcreteBooleanIndexError. A masked mean (jnp.mean with where=, the jnp.where pattern) gives the same number; jnp.nonzero with size= plus masking also works (checked).',
    ),
    Case(
        id='br-librosax-layer-attribute-leak',
        source='https://github.com/DBraun/librosax/blob/main/librosax/layers/core.py',
        code="""\
import jax.numpy as jnp
from flax import nnx
from librosax.layers import Spectrogram

class PeakTrackingSpectrogram(Spectrogram):
    def __call__(self, y):
        S = super().__call__(y)
        self.last_peak = S.max()
        return S

frontend = PeakTrackingSpectrogram(n_fft=256, hop_length=64)
S = nnx.jit(lambda m, y: m(y))(frontend, jnp.ones(2000))
print(frontend.last_peak + 1.0)
""",
        kind='leaked-tracer', argument='y', path='y', line=8,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="A subclass of librosax's Spectrogram layer stores the spectrogram peak as a plain attribute inside nnx.jit; the attribute keeps the tracer and using it after the call raises UnexpectedTracerError. Returning the peak from __call__ works (checked).",
        use_line=13,
    ),
    Case(
        id='br-librosax-hop-from-sr-int',
        source='https://github.com/DBraun/librosax/blob/main/librosax/feature/spectral.py',
        code="""\
import jax
import jax.numpy as jnp
import librosax

@jax.jit
def speech_mfcc(y, sr):
    hop = int(sr * 0.010)
    return librosax.feature.mfcc(y=y, sr=sr, n_mfcc=13, n_fft=512, hop_length=hop)

y = jnp.sin(jnp.arange(16000) * 0.03)
speech_mfcc(y, 16000)
""",
        kind='integer-conversion', argument='sr', path='sr', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A 10 ms hop is computed with int(sr * 0.010) while sr is a jit argument, raising ConcretizationTypeError from int(); the hop length and sr must be Python values for librosax.feature.mfcc anyway, so static_argnames='sr' runs (checked). JAX's astype hint does not apply.",
    ),
    Case(
        id='br-jaxloudnorm-use-fir-flag-traced',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

@jax.jit
def lufs(audio, fast):
    meter = jln.Meter(16000, use_fir=fast)
    return meter.integrated_loudness(audio)

audio = 0.1 * jnp.sin(2 * jnp.pi * 440 * jnp.arange(32000) / 16000)
lufs(audio, True)
""",
        kind='bool-conversion', argument='fast', path='fast', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The use_fir switch of jaxloudnorm.Meter comes from a jit argument, and IIRfilter.apply_filter branches on it with a Python if, raising TracerBoolConversionError. Marking the flag static runs (checked).',
    ),
    Case(
        id='br-jaxloudnorm-block-size-vmap',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

rate = 16000
audio = 0.1 * jnp.sin(2 * jnp.pi * 440 * jnp.arange(2 * rate) / rate)

def loudness_for_block(block_size):
    return jln.Meter(rate, block_size=block_size).integrated_loudness(audio)

jax.vmap(loudness_for_block)(jnp.array([0.1, 0.2, 0.4]))
""",
        kind='traced-shape', argument='block_size', path='block_size', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The gating block size is swept with vmap; it sets how many and how long the gating blocks are, and jaxloudnorm's valid_audio check compares the signal length with block_size * rate in an if, raising TracerBoolConversionError. A Python loop over float block sizes works (checked).",
    ),
    Case(
        id='br-jaxloudnorm-meter-as-jit-arg',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

@jax.jit
def normalize_to(meter, audio, target):
    measured = meter.integrated_loudness(audio)
    return jln.normalize.loudness(audio, measured, target)

meter = jln.Meter(16000)
audio = 0.1 * jnp.sin(2 * jnp.pi * 440 * jnp.arange(32000) / 16000)
normalize_to(meter, audio, -14.0)
""",
        kind='non-array-argument', argument='meter', path='meter', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jaxloudnorm.Meter object (not a pytree) is passed to a jitted function, so jit raises TypeError about a non-array argument; the message suggests static_argnums, and static_argnums=0 runs since Meter hashes by identity (checked).',
    ),
    Case(
        id='br-jaxloudnorm-conditional-gain-vmap',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

rate = 16000
meter = jln.Meter(rate)
t = jnp.arange(2 * rate) / rate
batch = jnp.stack([a * jnp.sin(2 * jnp.pi * 440 * t) for a in (0.05, 0.5, 0.9)])

def limit_loudness(audio):
    loudness = meter.integrated_loudness(audio)
    if loudness > -14.0:
        audio = jln.normalize.loudness(audio, loudness, -14.0)
    return audio

jax.vmap(limit_loudness)(batch)
""",
        kind='bool-conversion', argument='audio', path='audio', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Under vmap, a Python if on the measured integrated loudness (a BatchTracer) raises TracerBoolConversionError. Selecting between the normalized and original audio with jnp.where works, as does lax.cond (both checked).',
    ),
    Case(
        id='br-jaxloudnorm-float-log-in-scan',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

rate = 16000
meter = jln.Meter(rate)
chunks = 0.1 * jnp.sin(jnp.arange(4 * 2 * rate) * 0.1).reshape(4, 2 * rate)

def measure(carry, chunk):
    lufs = meter.integrated_loudness(chunk)
    print(f"chunk loudness: {float(lufs):.1f} LUFS")
    return carry, lufs

jax.lax.scan(measure, None, chunks)
""",
        kind='concretization', argument='chunk', path='chunk', line=11,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Inside a lax.scan body, float() on the per-chunk loudness for a print raises ConcretizationTypeError. jax.debug.print prints the traced value at run time (checked); returning the loudness from scan also works.',
    ),
    Case(
        id='br-jaxloudnorm-monitor-history-leak',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

class LoudnessMonitor:
    def __init__(self, rate):
        self.meter = jln.Meter(rate)
        self.history = []

    def __call__(self, audio):
        lufs = self.meter.integrated_loudness(audio)
        self.history.append(lufs)
        return jln.normalize.loudness(audio, lufs, -23.0)

monitor = LoudnessMonitor(16000)
audio = 0.1 * jnp.sin(jnp.arange(32000) * 0.1)
out = jax.jit(monitor)(audio)
print(jnp.mean(jnp.stack(monitor.history)))
""",
        kind='leaked-tracer', argument='audio', path='audio', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted monitor object appends the integrated loudness to self.history during tracing; the list then holds a tracer and using it later raises UnexpectedTracerError. Returning the loudness and appending it outside jit works (checked).',
        use_line=18,
    ),
    Case(
        id='br-jaxloudnorm-numpy-peak-check',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/jaxloudnorm/normalize.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jaxloudnorm as jln

meter = jln.Meter(16000)

@jax.jit
def normalize_safely(audio):
    loudness = meter.integrated_loudness(audio)
    out = jln.normalize.loudness(audio, loudness, -6.0)
    peak = np.max(np.abs(out))
    return out / jnp.maximum(peak, 1.0)

normalize_safely(0.1 * jnp.sin(jnp.arange(32000) * 0.1))
""",
        kind='array-conversion', argument='audio', path='audio', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A clipping guard copied from NumPy-based loudness code calls np.abs/np.max on the normalized audio inside jit, raising TracerArrayConversionError. Using jnp.abs/jnp.max runs (checked).',
    ),
    Case(
        id='br-jaxloudnorm-select-audible-clips',
        source='https://github.com/DBraun/jaxloudnorm/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import jaxloudnorm as jln

rate = 16000
meter = jln.Meter(rate)
t = jnp.arange(rate) / rate
clips = jnp.stack([a * jnp.sin(2 * jnp.pi * 300 * t) for a in (0.001, 0.2, 0.6, 0.0005)])

@jax.jit
def mean_audible_loudness(clips):
    lufs = jax.vmap(meter.integrated_loudness)(clips)
    audible = lufs[lufs > -50.0]
    return audible.mean()

mean_audible_loudness(clips)
""",
        kind='boolean-index', argument='clips', path='clips', line=13,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Per-clip loudness from vmap(meter.integrated_loudness) is filtered with a boolean mask inside jit, raising NonConcreteBooleanIndexError. A masked mean via jnp.mean(where=...) gives the same result (checked); nonzero with size= is the alternative.',
    ),
]
