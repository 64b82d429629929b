"""Held-out library cases (set bi): jax-datetime, dejax, flash-attention-jax.

Built independently of the tool: each cell is my own reduction of a usage pattern
of the library, written after reading the library's installed source
(jax_datetime/_src/core.py, dejax/{uniform,circular_buffer,clustered,utils}.py,
flash_attention_jax/{flash_attention,rabe_attention}.py) and its GitHub pages.
Every cell was written to a file and run with
/tmp/heldout31/venv_bi/bin/python (CPython 3.11.7, venv with
--system-site-packages): each statement but the last runs, the last raises; the
exception class is recorded in `note`, and `line`/`use_line` were checked
against the traceback frames of the file. Every listed first fix was applied by
hand and the fixed cell re-run to completion ("checked").

Versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8, equinox 0.13.8,
optax 0.2.8 (machine versions kept), jax-datetime 0.1.2, dejax 0.1.3 (pulls
chex 0.1.92 as its dependency), flash-attention-jax 0.3.1 (pulls einops 0.8.2).

Dropped:
- inference-gym 0.0.5: installs, but importing its JAX backend needs
  tensorflow-probability; tfp 0.25's JAX substrate then fails at import with
  JAX 0.10.2 (jax.interpreters.xla.pytype_aval_mappings no longer exists), and
  tensorflow-probability is on the exclusion list anyway.
- pyroki: not published on PyPI (only a third-party fork), so it cannot be pip
  installed with the pins.
- probnum 0.1.25 (first alternate): installs, but its JAX code paths import
  `jax.config.config`, which JAX 0.10.2 no longer has, so probnum silently
  disables JAX (JAX_IS_AVAILABLE is False); otherwise it is a NumPy library.
- edward2 0.0.2 (third alternate): fails at import
  (scipy dirichlet_multinomial has no .rvs).
- Replacement of my choosing: jax-datetime (google/jax-datetime), a small
  JAX-native library of Datetime/Timedelta pytrees.
- dejax 0.1.3 still calls jnp.alltrue, which JAX 0.10.2 removed; the two cells
  that sample from a buffer set `jnp.alltrue = jnp.all` first, as a user on a
  current JAX would have to. Sampling inside jit also needs checkify.checkify
  because dejax uses checkify.check; the cells do that.

Doubts about labels:
- bi-jdt-if-spinup, bi-jdt-mask-index: the comparison of two Datetimes depends
  on both leaves (delta.days and delta.seconds); I put the first leaf as path,
  `time`/`times` alone is defensible. In mask-index the mask also depends on
  `cutoff`.
- bi-jdt-int-nsteps: `duration // DT` depends on duration.days and
  duration.seconds; path could be `duration`. jnp.where is no option (a loop
  count), and `static` is impossible because Timedelta is unhashable.
- bi-jdt-to-pydatetime: JAX raises TracerIntegerConversionError (operator.index
  in the library), so integer-conversion; `concretization` (a library asking
  for a Python value) is defensible. A jax.debug.callback is an equally good fix.
- bi-jdt-datetime64: the fix replaces NumPy datetime arithmetic with the
  library's own jnp-based Datetime arithmetic; I filed it as jnp-not-np.
- bi-jdt-pydatetime-arg: the cleaner fix is converting with jdt.to_datetime
  before calling the jitted function (moving the Python object out of the
  traced arguments, which the vocabulary folds into `static`);
  static_argnames='t' is what was checked.
- bi-jdt-vmap-arange: kind could be `concretization` (the exception is
  ConcretizationTypeError from jnp.arange); the masked fix needs a maximum span
  (7 days here), which a user must choose.
- bi-dejax-sample-batch-size, bi-flash-rabe-chunk: the traced value is
  consumed inside the library (random.randint shape; math.ceil scan length);
  in rabe-chunk the user never wrote a traced function (the library jits
  rabe_attention), so argument None is defensible; its exception is
  ConcretizationTypeError, so `concretization` is also arguable.
- bi-dejax-warmup-if, bi-dejax-float-log: buffer size depends on
  state.storage.head, .tail and .full; I chose head. In a real train step the
  skipped branch would sample and take a gradient, so lax.cond could be put
  first; jnp.where gives the same value for this reduced cell.
- bi-dejax-static-array-batch: `not-static` is not a working fix here (it leads
  to the traced-shape error of bi-dejax-sample-batch-size); kind could be read
  as `traced-shape` in disguise.
- bi-dejax-agent-leak: argument `obs` because the leaked data holds obs; the
  buffer state itself is closed over, not a parameter, so None is defensible.
- bi-flash-slice-valid-len: `static` (static_argnames='n_valid') also works and
  keeps the exact sliced computation; the mask version recompiles less.
- bi-flash-jit-method: `register-pytree` is arguably the better design fix;
  static_argnums=0 is what JAX suggests and was checked.
- bi-flash-leak-grad-cache: the leaked output depends on q, k and v; q is the
  differentiated argument.
- bi-flash-grad-float-log: loss depends on w and x; w is the first.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bi-jdt-if-spinup',
        source='https://github.com/google/jax-datetime',
        code="""\
import jax
import jax.numpy as jnp
import jax_datetime as jdt

spinup_end = jdt.to_datetime('2020-01-10')

@jax.jit
def forcing(time, base):
    if time < spinup_end:
        return 0.5 * base
    return base

forcing(jdt.to_datetime('2020-01-05'), jnp.float32(2.0))
""",
        kind='bool-conversion', argument='time', path='time.delta.days', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Python `if` on a jax_datetime comparison (Datetime.__lt__ returns a traced bool array) inside a jitted forcing function; JAX raises TracerBoolConversionError. jnp.where keeps both branches cheap and gives the same value; lax.cond also works. Checked.',
    ),
    Case(
        id='bi-jdt-int-nsteps',
        source='https://github.com/climate-analytics-lab/jax-gcm/issues/186',
        code="""\
import jax
import jax.numpy as jnp
import jax_datetime as jdt

DT = jdt.to_timedelta(6, 'h')

@jax.jit
def integrate(x, duration):
    n_steps = int(duration // DT)
    for _ in range(n_steps):
        x = x - 0.1 * x
    return x

integrate(jnp.ones(4), jdt.to_timedelta(2, 'D'))
""",
        kind='integer-conversion', argument='duration', path='duration.days', line=9,
        fixes=('lax.fori_loop', 'lax.while_loop'), verifiable=True, jax_fitting_fix=False,
        note='Step count computed as int(duration // dt) from a traced Timedelta simulation length; int() raises ConcretizationTypeError (the message suggests astype, which does not help a loop count). A fori_loop with the traced bound works; making duration static is not possible because Timedelta is unhashable. Checked.',
    ),
    Case(
        id='bi-jdt-to-pydatetime',
        source='https://github.com/google/jax-datetime',
        code="""\
import jax
import jax.numpy as jnp
import jax_datetime as jdt

HOUR = jdt.to_timedelta(1, 'h')

@jax.jit
def step(time, x):
    stamp = time.to_pydatetime().strftime('%Y-%m-%d %H:%M')
    print('advancing from', stamp)
    return time + HOUR, 0.9 * x

step(jdt.to_datetime('2021-03-01T00'), jnp.zeros(3))
""",
        kind='integer-conversion', argument='time', path='time.delta.days', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Formatting the model time with Datetime.to_pydatetime() inside a jitted step; the library calls operator.index on the traced days and JAX raises TracerIntegerConversionError. Printing with jax.debug.print (which rebuilds the Datetime) works. Checked.',
    ),
    Case(
        id='bi-jdt-datetime64',
        source='https://github.com/google/jax-datetime',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import jax_datetime as jdt

@jax.jit
def declination(time):
    day = (time.to_datetime64() - np.datetime64('2020-01-01')) // np.timedelta64(1, 'D')
    return 23.44 * jnp.sin(2 * jnp.pi * (day + 284) / 365)

declination(jdt.to_datetime('2020-06-21T12'))
""",
        kind='array-conversion', argument='time', path='time.delta.days', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Day-of-year via Datetime.to_datetime64() and NumPy datetime arithmetic inside jit; the library calls np.int64 on traced days and JAX raises TracerArrayConversionError. Doing the arithmetic with the library jnp-backed types, (time - jdt.to_datetime(...)).days, works. Checked.',
    ),
    Case(
        id='bi-jdt-pydatetime-arg',
        source='https://github.com/jax-ml/jax/issues/15042',
        code="""\
import datetime
import jax
import jax_datetime as jdt

REF = jdt.to_datetime('2024-05-01')

@jax.jit
def hours_since_ref(t):
    return (jdt.to_datetime(t) - REF).total_seconds() / 3600

hours_since_ref(datetime.datetime(2024, 5, 1, 12))
""",
        kind='non-array-argument', argument='t', path='t', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A plain datetime.datetime passed to a jitted function that converts it with jdt.to_datetime inside; jit raises TypeError (not a valid abstract array) and the message points to static_argnames, which works because datetime is hashable. Checked.',
    ),
    Case(
        id='bi-jdt-static-epoch',
        source='https://github.com/google/jax-datetime',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import jax_datetime as jdt

@partial(jax.jit, static_argnames='epoch')
def valid_time(step, epoch):
    return epoch + jdt.to_timedelta(step * 3600, 's')

valid_time(jnp.int32(5), epoch=jdt.to_datetime('2000-01-01'))
""",
        kind='unhashable-static', argument='epoch', path='epoch', line=10,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A jax_datetime Datetime marked static; it defines __eq__ without __hash__, so jit raises ValueError (Non-hashable static arguments). Datetime is a pytree, so passing it traced works. Checked.',
    ),
    Case(
        id='bi-jdt-leak-clock',
        source='https://github.com/climate-analytics-lab/jax-gcm/issues/186',
        code="""\
import jax
import jax.numpy as jnp
import jax_datetime as jdt

class Clock:
    def __init__(self, start):
        self.now = jdt.to_datetime(start)

clock = Clock('2022-06-01')

@jax.jit
def step(x, dt_seconds):
    clock.now = clock.now + jdt.to_timedelta(dt_seconds, 's')
    return 0.99 * x

x = step(jnp.ones(3), jnp.int32(600))
elapsed = clock.now - jdt.to_datetime('2022-06-01')
""",
        kind='leaked-tracer', argument='dt_seconds', path='dt_seconds', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted step advances a Datetime stored on a global clock object; the traced Datetime leaks and the later subtraction raises UnexpectedTracerError. Returning the new time from the step and assigning it outside works. Checked.',
        use_line=17,
    ),
    Case(
        id='bi-jdt-mask-index',
        source='https://github.com/google/jax-datetime',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import jax_datetime as jdt

times = jdt.to_datetime(np.arange('2020-01-01', '2020-01-11', dtype='datetime64[D]'))
temps = jnp.linspace(0.0, 9.0, 10)

@jax.jit
def mean_after(times, temps, cutoff):
    keep = times >= cutoff
    return temps[keep].mean()

mean_after(times, temps, jdt.to_datetime('2020-01-06'))
""",
        kind='boolean-index', argument='times', path='times.delta.days', line=12,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Selecting samples after a cutoff with a mask built from Datetime comparison, then boolean indexing inside jit; JAX raises NonConcreteBooleanIndexError. A masked mean with jnp.where gives the same value. Checked.',
    ),
    Case(
        id='bi-jdt-vmap-arange',
        source='https://github.com/google/jax-datetime',
        code="""\
import jax
import jax.numpy as jnp
import jax_datetime as jdt

@jax.vmap
def diurnal_load(span):
    hours = jnp.arange(span.days * 24)
    return jnp.sum(1.0 + jnp.sin(2 * jnp.pi * hours / 24))

spans = jdt.to_timedelta(jnp.array([1, 3, 7]), 'D')
diurnal_load(spans)
""",
        kind='traced-shape', argument='span', path='span.days', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Under vmap over a batch of Timedelta spans, jnp.arange(span.days * 24) needs a concrete length; JAX raises ConcretizationTypeError. A fixed-length hour axis masked with jnp.where gives the same sums. Checked.',
    ),
    Case(
        id='bi-dejax-sample-batch-size',
        source='https://github.com/hr0nix/dejax',
        code="""\
import jax
import jax.numpy as jnp
from jax.experimental import checkify
import dejax

jnp.alltrue = jnp.all  # alias removed from JAX that dejax 0.1.3 still calls

buffer = dejax.uniform_replay(max_size=1000)
state = buffer.init_fn({'obs': jnp.zeros(4), 'reward': jnp.float32(0)})
state = buffer.add_fn(state, {'obs': jnp.ones(4), 'reward': jnp.float32(1)})

def sample_batch(state, key, batch_size):
    return buffer.sample_fn(state, key, batch_size)

sample = jax.jit(checkify.checkify(sample_batch))
err, batch = sample(state, jax.random.PRNGKey(0), 32)
""",
        kind='traced-shape', argument='batch_size', path='batch_size', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='batch_size passed as a traced argument to a jitted (checkified) sampler; dejax uses it as the shape of jax.random.randint and JAX raises TypeError (shapes must be concrete), whose message suggests static_argnums. static_argnums=2 works. Checked.',
    ),
    Case(
        id='bi-dejax-warmup-if',
        source='https://github.com/hr0nix/dejax/issues/2',
        code="""\
import jax
import jax.numpy as jnp
import dejax

buffer = dejax.uniform_replay(max_size=1000)
state = buffer.init_fn({'obs': jnp.zeros(4), 'reward': jnp.float32(0)})

@jax.jit
def train_step(state, params, transition):
    state = buffer.add_fn(state, transition)
    if buffer.size_fn(state) < 64:
        return state, params
    return state, params - 0.01

train_step(state, jnp.zeros(4), {'obs': jnp.ones(4), 'reward': jnp.float32(1)})
""",
        kind='bool-conversion', argument='state', path='state.storage.head', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A warm-up check `if buffer.size_fn(state) < 64` in a jitted train step; the buffer size is traced and JAX raises TracerBoolConversionError. jnp.where on the update gives the same result here; lax.cond is the usual fix when the branch does real work. Checked.',
    ),
    Case(
        id='bi-dejax-cluster-int',
        source='https://github.com/hr0nix/dejax',
        code="""\
import jax
import jax.numpy as jnp
import dejax

def by_outcome(item):
    return int(item['reward'] > 0)

buffer = dejax.clustered_replay(
    num_clusters=2,
    cluster_buffer=dejax.uniform_replay(max_size=500),
    clustering_fn=by_outcome,
)
state = buffer.init_fn({'obs': jnp.zeros(4), 'reward': jnp.float32(0)})
batch = {'obs': jnp.ones((8, 4)), 'reward': jnp.linspace(-1.0, 1.0, 8)}
state = buffer.add_batch_fn(state, batch)
""",
        kind='integer-conversion', argument='item', path="item['reward']", line=6,
        fixes=('astype', 'jnp.where'), verifiable=True, jax_fitting_fix=True,
        note="The clustering_fn given to dejax.clustered_replay is traced by add_batch_fn's lax.scan; int() on the traced comparison raises ConcretizationTypeError, whose message suggests astype, which works. Checked.",
    ),
    Case(
        id='bi-dejax-update-if-done',
        source='https://github.com/hr0nix/dejax',
        code="""\
import jax
import jax.numpy as jnp
import dejax

buffer = dejax.uniform_replay(max_size=100)
proto = {'obs': jnp.zeros(4), 'ret': jnp.float32(0), 'done': jnp.bool_(False)}
state = buffer.init_fn(proto)

def discount(item):
    if item['done']:
        return item
    return {**item, 'ret': 0.99 * item['ret']}

state = buffer.update_fn(state, discount)
""",
        kind='bool-conversion', argument='item', path="item['done']", line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="update_fn vmaps the user's per-item function; `if item['done']` on the batched value raises TracerBoolConversionError. Selecting the new return with jnp.where works. Checked.",
    ),
    Case(
        id='bi-dejax-np-priority',
        source='https://github.com/hr0nix/dejax',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import dejax

buffer = dejax.uniform_replay(max_size=100)
state = buffer.init_fn({'obs': jnp.zeros(4), 'td': jnp.float32(0), 'prio': jnp.float32(1)})

def refresh_priority(item):
    return {**item, 'prio': np.clip(np.abs(item['td']), 1e-3, 10.0)}

state = buffer.update_fn(state, refresh_priority)
""",
        kind='array-conversion', argument='item', path="item['td']", line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A priority refresh written with np.abs/np.clip is vmapped by update_fn; NumPy calls __array__ on the tracer and JAX raises TracerArrayConversionError. jnp.abs/jnp.clip work. Checked.',
    ),
    Case(
        id='bi-dejax-agent-leak',
        source='https://github.com/jax-ml/jax/issues/15093',
        code="""\
import jax
import jax.numpy as jnp
import dejax

class Agent:
    def __init__(self):
        self.buffer = dejax.uniform_replay(max_size=100)
        self.buffer_state = self.buffer.init_fn({'obs': jnp.zeros(2)})

    def observe(self, obs):
        self.buffer_state = self.buffer.add_fn(self.buffer_state, {'obs': obs})
        return obs.sum()

agent = Agent()
jax.jit(agent.observe)(jnp.ones(2))
agent.buffer_state.storage.data['obs'].sum()
""",
        kind='leaked-tracer', argument='obs', path='obs', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="An agent keeps the dejax buffer state on self and a jitted method replaces it with add_fn's traced result; reading the stored data later raises UnexpectedTracerError. Returning the new buffer state and assigning it outside jit works. Checked.",
        use_line=16,
    ),
    Case(
        id='bi-dejax-static-array-batch',
        source='https://github.com/hr0nix/dejax',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jax.experimental import checkify
import dejax

jnp.alltrue = jnp.all  # alias removed from JAX that dejax 0.1.3 still calls
cfg = {'buffer_size': 1000, 'batch_size': jnp.asarray(32)}
buffer = dejax.uniform_replay(max_size=cfg['buffer_size'])
state = buffer.init_fn({'obs': jnp.zeros(4)})
state = buffer.add_fn(state, {'obs': jnp.ones(4)})

@partial(jax.jit, static_argnames='batch_size')
@checkify.checkify
def sample_batch(state, key, batch_size):
    return buffer.sample_fn(state, key, batch_size)

err, batch = sample_batch(state, jax.random.PRNGKey(0), batch_size=cfg['batch_size'])
""",
        kind='unhashable-static', argument='batch_size', path='batch_size', line=18,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='batch_size is correctly declared static but the config holds it as a jnp array, which is unhashable; jit raises ValueError (Non-hashable static arguments). Keeping it a Python int works; un-marking it static would only move the error to the randint shape. Checked.',
    ),
    Case(
        id='bi-dejax-float-log',
        source='https://github.com/hr0nix/dejax/issues/2',
        code="""\
import jax
import jax.numpy as jnp
import dejax

buffer = dejax.uniform_replay(max_size=1000)
state = buffer.init_fn({'obs': jnp.zeros(4)})

@jax.jit
def collect(state, obs):
    state = buffer.add_fn(state, {'obs': obs})
    print(f'buffer fill: {float(buffer.size_fn(state)) / 1000:.1%}')
    return state

state = collect(state, jnp.ones(4))
""",
        kind='concretization', argument='state', path='state.storage.head', line=11,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Logging the buffer fill ratio with float(buffer.size_fn(state)) inside a jitted collect step; JAX raises ConcretizationTypeError (its astype hint does not fit logging). jax.debug.print works. Checked.',
    ),
    Case(
        id='bi-flash-rabe-chunk',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
import jax
from flash_attention_jax import rabe_attention

key_q, key_k, key_v = jax.random.split(jax.random.PRNGKey(0), 3)
q = jax.random.normal(key_q, (2048, 64))
k = jax.random.normal(key_k, (4096, 64))
v = jax.random.normal(key_v, (4096, 64))
out = rabe_attention(q, k, v, q_chunk_size=512, k_chunk_size=1024)
""",
        kind='traced-shape', argument='q_chunk_size', path='q_chunk_size', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='rabe_attention is decorated with plain @jit, so chunk sizes passed by keyword are traced and the library uses them as a scan length (math.ceil) and slice size; JAX raises ConcretizationTypeError. Re-jitting rabe_attention.__wrapped__ with static_argnames for the chunk sizes works. Checked.',
    ),
    Case(
        id='bi-flash-slice-valid-len',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
import jax
import jax.numpy as jnp
from flash_attention_jax import flash_attention

@jax.jit
def encode(x, n_valid):
    q = x
    k, v = x[:, :, :n_valid], x[:, :, :n_valid]
    mask = jnp.ones((x.shape[0], k.shape[2]), dtype=bool)
    return flash_attention(q, k, v, mask)

x = jax.random.normal(jax.random.PRNGKey(0), (2, 4, 128, 32))
encode(x, 100)
""",
        kind='traced-shape', argument='n_valid', path='n_valid', line=8,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Cutting keys/values to a traced valid length before flash_attention inside jit; slicing with a traced stop raises IndexError (slice entries must be static). Passing the padding as the key_mask (arange < n_valid) gives the same output; static n_valid also works but recompiles. Checked.',
    ),
    Case(
        id='bi-flash-vmap-bool-index',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
import jax
import jax.numpy as jnp
from flash_attention_jax import flash_attention

def attend_one(q, k, v, valid):
    k, v = k[:, valid], v[:, valid]
    keep = jnp.ones((1, k.shape[1]), dtype=bool)
    return flash_attention(q[None], k[None], v[None], keep)[0]

q = k = v = jax.random.normal(jax.random.PRNGKey(0), (2, 4, 64, 16))
valid = jnp.arange(64)[None, :] < jnp.array([[50], [64]])
out = jax.vmap(attend_one)(q, k, v, valid)
""",
        kind='boolean-index', argument='valid', path='valid', line=6,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='Dropping padded keys with a boolean mask per example under vmap before flash_attention; JAX raises NonConcreteBooleanIndexError. Passing the mask as key_mask keeps shapes fixed and gives the same result. Checked.',
    ),
    Case(
        id='bi-flash-jit-method',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
import jax
import jax.numpy as jnp
from flash_attention_jax import flash_attention

class SelfAttention:
    def __init__(self, key, dim, heads):
        self.heads = heads
        self.w_qkv = jax.random.normal(key, (dim, 3 * dim)) / dim ** 0.5

    @jax.jit
    def __call__(self, x, mask):
        b, n, _ = x.shape
        q, k, v = jnp.split(x @ self.w_qkv, 3, axis=-1)
        q, k, v = (t.reshape(b, n, self.heads, -1).transpose(0, 2, 1, 3) for t in (q, k, v))
        return flash_attention(q, k, v, mask)

layer = SelfAttention(jax.random.PRNGKey(0), 64, 4)
layer(jnp.ones((2, 16, 64)), jnp.ones((2, 16), dtype=bool))
""",
        kind='non-array-argument', argument='self', path='self', line=18,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=True,
        note='@jax.jit on the __call__ of a plain attention class that calls flash_attention; self is not a valid JAX type and jit raises TypeError, whose message suggests static_argnums. static_argnums=0 works (weights become constants); registering the class as a pytree is the cleaner option. Checked.',
    ),
    Case(
        id='bi-flash-leak-grad-cache',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
import jax
import jax.numpy as jnp
from flash_attention_jax import flash_attention

class CachedAttention:
    def __init__(self):
        self.last_out = None

    def __call__(self, q, k, v, mask):
        out = flash_attention(q, k, v, mask)
        self.last_out = out
        return jnp.sum(out ** 2)

attn = CachedAttention()
q = k = v = jax.random.normal(jax.random.PRNGKey(0), (1, 2, 32, 16))
loss, dq = jax.value_and_grad(attn)(q, k, v, jnp.ones((1, 32), dtype=bool))
attn.last_out.mean()
""",
        kind='leaked-tracer', argument='q', path='q', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='An attention wrapper caches the flash_attention output on self while jax.value_and_grad traces it; the cached JVP tracer is used afterwards and JAX raises UnexpectedTracerError. Returning it as aux (has_aux=True) works. Checked.',
        use_line=17,
    ),
    Case(
        id='bi-flash-static-list',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from flash_attention_jax import flash_attention

@partial(jax.jit, static_argnames='head_shape')
def multihead(x, mask, head_shape):
    b, n, _ = x.shape
    h = x.reshape(b, n, *head_shape).transpose(0, 2, 1, 3)
    return flash_attention(h, h, h, mask)

x = jnp.ones((2, 32, 64))
multihead(x, jnp.ones((2, 32), dtype=bool), head_shape=[4, 16])
""",
        kind='unhashable-static', argument='head_shape', path='head_shape', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A head shape passed as a list to a static argument of a jitted multi-head wrapper around flash_attention; jit raises ValueError (Non-hashable static arguments). A tuple works. Checked.',
    ),
    Case(
        id='bi-flash-grad-float-log',
        source='https://github.com/lucidrains/flash-attention-jax',
        code="""\
import jax
import jax.numpy as jnp
from flash_attention_jax import flash_attention

def loss_fn(w, x, mask):
    q = x @ w
    out = flash_attention(q, x, x, mask)
    loss = jnp.mean(out ** 2)
    print(f'loss = {float(loss):.4f}')
    return loss

x = jax.random.normal(jax.random.PRNGKey(0), (1, 2, 32, 16))
w = jnp.eye(16)
grads = jax.grad(loss_fn)(w, x, jnp.ones((1, 32), dtype=bool))
""",
        kind='concretization', argument='w', path='w', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Printing float(loss) inside a loss over flash_attention differentiated with jax.grad; JAX raises ConcretizationTypeError (its astype hint does not fit). jax.debug.print works; so does returning the loss via value_and_grad. Checked.',
    ),
]
