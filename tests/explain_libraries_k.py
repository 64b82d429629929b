"""Held-out library cases (set K): keras (3, JAX backend), brainstate, vbjax, qpax.

How they were built: each case is my own minimal reduction of an error pattern from the cited GitHub
issue / PR / doc page / example, written against the installed versions:
    python3 (Python 3.11.7, jax 0.10.2): keras 3.15.1, brainstate 0.5.4, vbjax 0.0.19, qpax 0.1.4
    /tmp/venv313/bin/python (Python 3.13.0, jax 0.12.0.1): keras 3.15.1, brainstate 0.6.0, vbjax 0.0.19, qpax 0.1.4
Every cell was written to a .py file and run as a file under both interpreters (JAX_PLATFORMS=cpu);
all statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note). The user-code line in the traceback was checked against `line` (and
`use_line` for leaks). For every case marked verifiable=True the top fix was applied by hand and the
fixed file re-run on both interpreters without error. Keras cells set KERAS_BACKEND=jax before
importing keras.

Candidates dropped: netket 3.23.0 installs on both but fails to import on Python 3.13 (the venv's
`plum` module is cola-plum-dispatch 0.1.4, which netket rejects; I did not touch plum); rejax 0.1.3
fails to import on both (tensorflow_probability substrate: jax.interpreters.xla has no
pytype_aval_mappings). trajax and jaxls were not needed. One vbjax draft was dropped: a traced dt
passed to vb.make_sde inside jit (np.sqrt(dt)) did not raise.

Doubts about labels:
- lib-k-keras-layer-if-norm-clip and lib-k-keras-stateless-call-traced-training-flag: Keras's
  traceback_utils re-raises errors from Layer.__call__ as e.__class__(message); JAX's tracer errors take
  a tracer, not a string, so the visible exception is AttributeError("'str' object has no attribute
  '_error_repr'"). The real TracerBoolConversionError is only in the __context__ chain (and for the
  layer case the printed traceback does not show line 9 at all). The kind is labelled by root cause.
- lib-k-keras-stateless-call-traced-training-flag: the `if training` that fails is inside Keras's
  Dropout, not user code; line 14 is the user's stateless_call line. Labelled bool-conversion with
  fix `static` (the training flag is configuration); jnp.where/cond do not apply.
- lib-k-keras-model-passed-to-jit: line 12 is where the TypeError ('DynamicJaxprTracer' object is not
  callable) arises; the call line 16 is also defensible for a non-array-argument case.
- lib-k-keras-tile-reps-from-tensor: raised (line 13) as a TypeError about an unhashable jaxpr parameter,
  wrapped by Keras; the culprit is line 12 (reps built as a tensor). argument None because the value
  comes from x's static shape, not its values; argument='x' would also be defensible.
- lib-k-keras-train-step-appends-grad-norm: the leaked norm depends on state (trainable variables) and
  data; path state[0] is my choice. lib-k-keras-layer-stores-attention-scores: scores depend on x and the
  layer weight.
- lib-k-brainstate-train-step-print-float-loss: loss depends on x, y and ParamStates; argument x (first).
- lib-k-brainstate-random-rand-traced-steps: line 9 is where the shape error arises; round() on line 8
  creates the traced step count. numpy-for-static is an acceptable second fix only together with static.
- lib-k-vbjax-static-theta-with-array: path given as theta.eta (the unhashable leaf); "theta" is
  also defensible since static arguments are not flattened.
- lib-k-vbjax-dfun-math-exp-vmap-sweep: math.exp -> jnp.exp is closest to jnp-not-builtin (a builtin-style
  scalar function); jnp-not-np listed second. Kind concretization (float() on a tracer).
- lib-k-vbjax-delay-helper-vmap-velocity: the max_lag value is computed inside vbjax; argument is the
  vmapped v_c. Not verifiable because the NumPy fix needs a bound on the velocities.
- lib-k-qpax-mpc-range-traced-horizon: range() on a traced value is labelled integer-conversion as the
  vocabulary says, though it is a loop length (traced-shape is defensible).
- lib-k-qpax-if-not-converged-fallback: `converged` depends on u_nom and u_max; argument u_nom (first).
- jax_fitting_fix for leaks marked True because the UnexpectedTracerError text says functions must
  return their outputs rather than save them, which is the return-value fix.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-k-keras-layer-if-norm-clip',
        source='https://github.com/keras-team/keras/issues/21605',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras

class ClipNorm(keras.layers.Layer):
    def call(self, x):
        norm = keras.ops.sqrt(keras.ops.sum(x ** 2))
        if norm > 10.0:
            x = x * (10.0 / norm)
        return x

model = keras.Sequential([ClipNorm(), keras.layers.Dense(1)])
x = np.random.rand(8, 4).astype("float32")
model.predict(x, verbose=0)
""",
        kind='bool-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Python `if` on a traced norm inside a user's custom Layer.call; Keras's JAX backend traces "
            "call() with jax.eval_shape (compute_output_spec) when predict() builds the model. Keras's "
            'inject_argument_info re-raises the error as e.__class__(message), which fails for '
            'TracerBoolConversionError, so both interpreters (py3.11/jax 0.10.2, py3.13/jax 0.12.0.1) '
            "show an AttributeError ('str' object has no attribute '_error_repr') whose __context__ "
            'chain holds the TracerBoolConversionError raised at line 9. Fix: keras.ops.where / '
            'jnp.where(norm > 10, x * 10 / norm, x) (checked).'
        ),
    ),
    Case(
        id='lib-k-keras-layer-stores-attention-scores',
        source='https://github.com/keras-team/keras/issues/20724',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras

class Attention(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 1))
    def call(self, x):
        scores = keras.ops.softmax(keras.ops.matmul(x, self.w), axis=1)
        self.last_scores = scores
        return keras.ops.sum(scores * x, axis=1)

attn = Attention()
model = keras.Sequential([attn, keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.random.rand(16, 5, 3).astype("float32")
model.fit(x, np.zeros((16, 1)), epochs=1, verbose=0)
keras.ops.mean(attn.last_scores)
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note=(
            'A custom Layer saves an intermediate (softmax scores) on self inside call(); fit() runs '
            "call() under Keras's jitted train step (inside value_and_grad), so attn.last_scores is a "
            'LinearizeTracer after fit. Using it later (keras.ops.mean) raises UnexpectedTracerError on '
            'both interpreters. Fix: return the scores from call (or a separate model output) instead '
            'of storing them on self.'
        ),
        use_line=19,
    ),
    Case(
        id='lib-k-keras-stateless-call-traced-training-flag',
        source='https://keras.io/guides/writing_a_custom_training_loop_in_jax/',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import jax
import numpy as np
import keras

model = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dropout(0.5), keras.layers.Dense(1)])
model.build((None, 4))
tv = [v.value for v in model.trainable_variables]
ntv = [v.value for v in model.non_trainable_variables]

@jax.jit
def forward(tv, ntv, x, training):
    y, _ = model.stateless_call(tv, ntv, x, training=training)
    return y

x = np.random.rand(8, 4).astype("float32")
forward(tv, ntv, x, True)
""",
        kind='bool-conversion', argument='training', path='training', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "Static-config pattern: the user's jitted forward passes a Python bool `training` as a "
            "normal jit argument into model.stateless_call; Keras's Dropout branches on `training` in "
            'Python. Keras re-wraps the TracerBoolConversionError, so both interpreters show '
            "AttributeError ('str' object has no attribute '_error_repr') with the tracer error in "
            "__context__; the user line in the traceback is 14. Fix: static_argnames=['training'] "
            '(checked on both).'
        ),
    ),
    Case(
        id='lib-k-keras-train-step-appends-grad-norm',
        source='https://keras.io/guides/custom_train_step_in_jax/',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import jax
import numpy as np
import keras

grad_norms = []

class Net(keras.Model):
    def train_step(self, state, data):
        tv, ntv, opt_vars, metrics_vars = state
        x, y = data
        def loss_fn(tv):
            y_pred, new_ntv = self.stateless_call(tv, ntv, x, training=True)
            return keras.ops.mean((y - y_pred) ** 2), new_ntv
        (loss, ntv), grads = jax.value_and_grad(loss_fn, has_aux=True)(tv)
        grad_norms.append(jax.numpy.sqrt(sum(jax.numpy.sum(g ** 2) for g in grads)))
        tv, opt_vars = self.optimizer.stateless_apply(opt_vars, grads, tv)
        return {"loss": loss}, (tv, ntv, opt_vars, metrics_vars)

inp = keras.Input((4,))
model = Net(inp, keras.layers.Dense(1)(inp))
model.compile(optimizer="adam")
model.fit(np.random.rand(32, 4), np.random.rand(32, 1), epochs=1, verbose=0)
float(jax.numpy.mean(jax.numpy.stack(grad_norms)))
""",
        kind='leaked-tracer', argument='state', path='state[0]', line=17,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note=(
            'Custom JAX train_step (stateless API, as in the Keras guide) appends the gradient norm to '
            'a global Python list; Keras jits train_step, so the list holds DynamicJaxprTracers after '
            'fit(). jnp.stack on them raises UnexpectedTracerError on both interpreters. grads derive '
            'from the trainable variables state[0] (and data). Fix: return the norm in the logs dict '
            'that train_step returns.'
        ),
        use_line=25,
    ),
    Case(
        id='lib-k-keras-model-passed-to-jit',
        source='https://github.com/keras-team/keras/issues/19674',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import jax
import jax.numpy as jnp
import keras

surrogate = keras.Sequential([keras.layers.Dense(16, activation="tanh"), keras.layers.Dense(1)])
surrogate.build((None, 2))

@jax.jit
def rate_integral(model, m1, m2):
    pred = model(jnp.column_stack([m1, m2]))
    return jnp.sum(jnp.exp(pred))

m = jnp.linspace(1.0, 2.0, 100)
rate_integral(surrogate, m, m)
""",
        kind='non-array-argument', argument='model', path='model', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "A Keras model is passed as a normal argument to the user's jax.jit function; JAX flattens "
            "it into a tracer and calling it fails with TypeError: 'DynamicJaxprTracer' object is not "
            "callable at line 12 on both interpreters. Fix: static_argnames=['model'] (checked on both; "
            'keras models hash by identity); closing over the model or stateless_call are alternatives.'
        ),
    ),
    Case(
        id='lib-k-keras-loss-np-where-weights',
        source='https://github.com/keras-team/keras-core/issues/718',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras

def weighted_mse(y_true, y_pred):
    w = np.where(y_true > 0.5, 5.0, 1.0)
    return keras.ops.mean(w * (y_true - y_pred) ** 2, axis=-1)

model = keras.Sequential([keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=weighted_mse)
x = np.random.rand(32, 3).astype("float32")
y = (np.random.rand(32, 1) > 0.8).astype("float32")
model.fit(x, y, epochs=1, verbose=0)
""",
        kind='array-conversion', argument='y_true', path='y_true', line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A custom loss passed to compile() uses np.where on y_true; Keras traces the loss inside '
            'its jitted train function, so NumPy calls __array__ on a tracer: '
            "TracerArrayConversionError on both interpreters (JAX names only Keras's wrapped_fn / "
            'args[1]). Fix: keras.ops.where / jnp.where (checked).'
        ),
    ),
    Case(
        id='lib-k-keras-tile-reps-from-tensor',
        source='https://github.com/keras-team/keras-core/pull/623',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import ops

class CausalMask(keras.layers.Layer):
    def call(self, x):
        batch, seq = ops.shape(x)[0], ops.shape(x)[1]
        i = ops.arange(seq)[:, None]
        mask = ops.cast(i >= ops.arange(seq), "float32")[None]
        reps = ops.concatenate([ops.expand_dims(batch, -1), ops.convert_to_tensor([1, 1])], axis=0)
        return ops.tile(mask, reps)

model = keras.Sequential([CausalMask()])
model.predict(np.zeros((4, 6, 8), "float32"), verbose=0)
""",
        kind='traced-shape', argument=None, path=None, line=13,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Tile repetitions are built with ops.concatenate/convert_to_tensor from the (static) batch '
            'size, which turns them into a traced array when Keras traces call(); lax.tile needs '
            "hashable static reps. Both interpreters raise TypeError ('Could not automatically infer "
            'the output shape ... parameters to jaxpr equations must have __hash__ ... reps was not '
            "hashable'). argument None: the value comes from a shape, not from a parameter's value. "
            'Fix: reps = (batch, 1, 1) as a Python tuple (checked).'
        ),
    ),
    Case(
        id='lib-k-keras-static-epoch-from-jnp-arange',
        source='https://github.com/keras-team/keras/issues/18689',
        code="""\
import os
os.environ["KERAS_BACKEND"] = "jax"
from functools import partial
import jax
import jax.numpy as jnp
import keras

model = keras.Sequential([keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
model.build((None, 3))
tv = [v.value for v in model.trainable_variables]

@partial(jax.jit, static_argnames=["epoch"])
def loss_step(tv, x, y, epoch):
    reg_weight = 1e-3 * jnp.minimum(epoch / 10.0, 1.0)
    y_pred, _ = model.stateless_call(tv, [], x)
    l2 = sum(jnp.sum(w ** 2) for w in tv)
    return jnp.mean((y - y_pred) ** 2) + reg_weight * l2

x, y = jnp.ones((8, 3)), jnp.zeros((8, 1))
epochs = jnp.arange(10)
loss_step(tv, x, y, epoch=epochs[2])
""",
        kind='unhashable-static', argument='epoch', path='epoch', line=21,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Custom JAX loss step around model.stateless_call marks `epoch` static (as in the issue's "
            "training loop), but the epoch comes from jnp.arange, a jax Array: ValueError 'Non-hashable "
            "static arguments are not supported' on both interpreters. epoch is only used in array "
            'arithmetic (jnp.minimum), so dropping it from static_argnames works (checked); int(epoch) '
            'is the alternative.'
        ),
    ),
    Case(
        id='lib-k-brainstate-lif-if-threshold-reset',
        source='https://brainx.chaobrain.com/summ/getting_started/brainstate_LIF_neuron.html',
        code="""\
import jax.numpy as jnp
import brainstate

class LIF(brainstate.nn.Module):
    def __init__(self, tau=10.0, v_th=1.0, v_reset=0.0):
        super().__init__()
        self.tau, self.v_th, self.v_reset = tau, v_th, v_reset
        self.V = brainstate.HiddenState(jnp.asarray(0.0))

    def update(self, current):
        V = self.V.value + (current - self.V.value) / self.tau
        if V > self.v_th:
            V = self.v_reset
        self.V.value = V
        return V

neuron = LIF()
currents = jnp.linspace(0.0, 3.0, 200)
brainstate.transform.for_loop(neuron.update, currents)
""",
        kind='bool-conversion', argument='current', path='current', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Hard reset of a user's LIF neuron written with Python `if V > v_th`; "
            'brainstate.transform.for_loop traces update(current) over the input sequence (scan). V '
            'depends on the HiddenState and the scanned input `current`. TracerBoolConversionError on '
            'both interpreters. Fix: V = jnp.where(V > v_th, v_reset, V) (checked).'
        ),
    ),
    Case(
        id='lib-k-brainstate-jit-static-list-delays',
        source='https://github.com/chaobrain/brainstate/pull/84',
        code="""\
import jax.numpy as jnp
import brainstate

@brainstate.transform.jit(static_argnames=["delays"])
def delayed_sum(history, delays):
    total = jnp.zeros(history.shape[1:])
    for d in delays:
        total = total + history[-d]
    return total

history = jnp.ones((20, 8))
delayed_sum(history, delays=[1, 3, 5])
""",
        kind='unhashable-static', argument='delays', path='delays', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "brainstate.transform.jit(static_argnames=['delays']) called with a Python list of delays: "
            "ValueError 'Non-hashable static arguments are not supported ... unhashable type: list' on "
            'both interpreters. Fix: pass a tuple (1, 3, 5) (checked).'
        ),
    ),
    Case(
        id='lib-k-brainstate-random-rand-traced-steps',
        source='https://github.com/chaobrain/brainstate/blob/main/docs/examples/snn_simulation-en.ipynb',
        code="""\
import jax.numpy as jnp
import brainstate

dt = 0.1

@brainstate.transform.jit
def poisson_drive(duration, rate):
    n_steps = round(duration / dt)
    spikes = brainstate.random.rand(n_steps, 100) < rate * dt / 1000.0
    return spikes.mean(axis=0)

poisson_drive(50.0, 20.0)
""",
        kind='traced-shape', argument='duration', path='duration', line=9,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=True,
        note=(
            'Static-config pattern: the number of simulation steps is computed from a traced `duration` '
            'inside brainstate.transform.jit and used as the shape of brainstate.random.rand. TypeError '
            "'Shapes must be 1D sequences of concrete values of integer type' at line 9 (round() on "
            "line 8 is the culprit) on both interpreters; JAX's hint (static_argnums) fits. Fix: "
            "static_argnames=['duration'] (checked)."
        ),
    ),
    Case(
        id='lib-k-brainstate-module-plain-attribute-leak',
        source='https://github.com/chaobrain/brainstate/pull/207',
        code="""\
import jax.numpy as jnp
import brainstate

class Rate(brainstate.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.r = brainstate.HiddenState(jnp.zeros(n))
        self.w = brainstate.ParamState(jnp.eye(n) * 0.5)

    def update(self, inp):
        drive = self.r.value @ self.w.value + inp
        self.last_drive = drive
        self.r.value = jnp.tanh(drive)
        return self.r.value

net = Rate(3)
step = brainstate.transform.jit(net.update)
step(jnp.ones(3))
jnp.max(net.last_drive)
""",
        kind='leaked-tracer', argument='inp', path='inp', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note=(
            'A brainstate Module stores an intermediate on a plain Python attribute (not a State) '
            'inside update(); brainstate.transform.jit only threads State objects in and out, so '
            'net.last_drive keeps a DynamicJaxprTracer. Using it afterwards raises '
            'UnexpectedTracerError on both interpreters. Fix: return it (or keep it in a '
            'brainstate.ShortTermState, which brainstate writes back).'
        ),
        use_line=19,
    ),
    Case(
        id='lib-k-brainstate-train-step-print-float-loss',
        source='https://github.com/chaobrain/brainstate/blob/main/docs/concepts/transformation_semantics.md',
        code="""\
import jax.numpy as jnp
import brainstate

class Readout(brainstate.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = brainstate.ParamState(jnp.zeros((4, 1)))
    def __call__(self, x):
        return x @ self.w.value

model = Readout()
params = model.states(brainstate.ParamState)

def loss_fn(x, y):
    return jnp.mean((model(x) - y) ** 2)

@brainstate.transform.jit
def train_step(x, y):
    grads = brainstate.transform.grad(loss_fn, params)(x, y)
    for k in params:
        params[k].value -= 0.1 * grads[k]
    loss = loss_fn(x, y)
    print(f"loss = {float(loss):.4f}")
    return loss

train_step(jnp.ones((8, 4)), jnp.ones((8, 1)))
""",
        kind='concretization', argument='x', path='x', line=23,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note=(
            "jit(grad(...)) training step (the brainstate docs' pattern) prints float(loss) for "
            'logging; loss depends on x, y and the ParamStates. ConcretizationTypeError on both '
            "interpreters; JAX's hint (astype) does not fit a print. Fix: jax.debug.print('loss = "
            "{l:.4f}', l=loss) (checked)."
        ),
    ),
    Case(
        id='lib-k-vbjax-dfun-if-on-state',
        source='https://github.com/ins-amu/vbjax',
        code="""\
import jax.numpy as jnp
import vbjax as vb

def network(x, p):
    c = 0.03 * x.sum(axis=1)
    if x[0].mean() > 2.0:
        c = c * 0.5
    return vb.mpr_dfun(x, c, p)

_, loop = vb.make_sde(dt=0.01, dfun=network, gfun=0.1)
zs = vb.randn(200, 2, 16)
loop(zs[0], zs[1:], vb.mpr_default_theta)
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "User's network drift function for vb.make_sde branches in Python on the state; vbjax's "
            'loop traces dfun(x, p) inside lax.scan (no user jit). TracerBoolConversionError on both '
            'interpreters. Fix: c = jnp.where(x[0].mean() > 2, c * 0.5, c) (checked).'
        ),
    ),
    Case(
        id='lib-k-vbjax-delay-helper-vmap-velocity',
        source='https://github.com/ins-amu/vbjax/blob/main/vbjax/coupling.py',
        code="""\
import jax
import jax.numpy as jnp
import vbjax as vb

n = 8
weights = vb.randn(n, n) ** 2
lengths = jnp.abs(vb.randn(n, n)) * 50.0

def delayed_coupling(v_c):
    dh = vb.make_delay_helper(weights, lengths, dt=0.1, v_c=v_c)
    buf = jnp.zeros((dh.max_lag, 1, n))
    return vb.delay_apply(dh, dh.max_lag - 1, buf)

jax.vmap(delayed_coupling)(jnp.array([5.0, 10.0, 20.0]))
""",
        kind='traced-shape', argument='v_c', path='v_c', line=11,
        fixes=('numpy-for-static',), verifiable=False, jax_fitting_fix=False,
        note=(
            'Sweeping conduction velocity with jax.vmap: make_delay_helper computes max_lag = '
            'lags.max() + 1 as a jnp value, which is batched under vmap, and the user sizes the history '
            "buffer with it. TypeError 'Shapes must be 1D sequences of concrete values' (VmapTracer) on "
            "both interpreters. static_argnums (JAX's hint) cannot apply under vmap; fix: size the "
            'buffer from NumPy (max length / slowest velocity).'
        ),
    ),
    Case(
        id='lib-k-vbjax-dfun-records-coupling-dict',
        source='https://github.com/ins-amu/vbjax',
        code="""\
import jax.numpy as jnp
import vbjax as vb

recorded = {}

def network(x, p):
    c = 0.03 * x.sum(axis=1)
    recorded["coupling"] = c
    return vb.mpr_dfun(x, c, p)

_, loop = vb.make_sde(dt=0.01, dfun=network, gfun=0.1)
zs = vb.randn(200, 2, 16)
xs = loop(zs[0], zs[1:], vb.mpr_default_theta)
jnp.abs(recorded["coupling"]).max()
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        note=(
            "The user's drift function records the coupling term into a global dict for monitoring "
            "while vbjax's scan traces it; after the loop the dict holds a scan tracer, and jnp.abs on "
            'it raises UnexpectedTracerError on both interpreters. Fix: return the quantity (e.g. '
            'compute it from the returned xs, or as an extra state / monitor output).'
        ),
        use_line=14,
    ),
    Case(
        id='lib-k-vbjax-static-theta-with-array',
        source='https://github.com/ins-amu/vbjax',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import vbjax as vb

def network(x, p):
    return vb.mpr_dfun(x, 0.03 * x.sum(axis=1), p)

_, loop = vb.make_sde(dt=0.01, dfun=network, gfun=0.1)

@partial(jax.jit, static_argnames=["theta"])
def run(x0, zs, theta):
    return loop(x0, zs, theta)

zs = vb.randn(200, 2, 16)
theta = vb.mpr_default_theta._replace(eta=jnp.linspace(-6.0, -4.0, 16))
run(zs[0], zs[1:], theta=theta)
""",
        kind='unhashable-static', argument='theta', path='theta.eta', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Static-config pattern: the MPRTheta NamedTuple is marked static, but a heterogeneous eta '
            "(jnp.linspace) makes it unhashable: ValueError 'Non-hashable static arguments' on both "
            'interpreters. theta is only used numerically in mpr_dfun, so a normal (traced) pytree '
            'argument works (checked).'
        ),
    ),
    Case(
        id='lib-k-vbjax-dfun-math-exp-vmap-sweep',
        source='https://github.com/ins-amu/vbjax',
        code="""\
import math
import jax
import jax.numpy as jnp
import vbjax as vb

def network(x, p):
    gain = math.exp(-p.J / 10.0)
    return vb.mpr_dfun(x, gain * x.sum(axis=1), p)

_, loop = vb.make_sde(dt=0.01, dfun=network, gfun=0.05)
zs = vb.randn(200, 2, 16)

def sweep(J):
    return loop(zs[0], zs[1:], vb.mpr_default_theta._replace(J=J))[-1, 0].mean()

jax.vmap(sweep)(jnp.linspace(10.0, 20.0, 6))
""",
        kind='concretization', argument='J', path='J', line=7,
        fixes=('jnp-not-builtin', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Parameter sweep with jax.vmap over J; the user's drift function calls math.exp on p.J, "
            "which is batched (and traced again by vbjax's scan). math.exp calls float() on the tracer: "
            "ConcretizationTypeError on both interpreters; JAX's astype hint does not fit. Fix: jnp.exp "
            '(checked).'
        ),
    ),
    Case(
        id='lib-k-qpax-mask-active-constraints',
        source='https://github.com/kevin-tracy/qpax/blob/main/test/test_constraint_sizes.py',
        code="""\
import jax
import jax.numpy as jnp
import qpax

n = 4
Q, q = jnp.eye(n), -jnp.ones(n)
A, b = jnp.zeros((0, n)), jnp.zeros(0)
G_all = jnp.vstack([jnp.eye(n), -jnp.eye(n)])
h_all = jnp.ones(2 * n)

@jax.jit
def filtered_solve(active):
    G, h = G_all[active], h_all[active]
    x, s, z, y, converged, iters = qpax.solve_qp(Q, q, A, b, G, h)
    return x

filtered_solve(jnp.array([True, False] * n))
""",
        kind='boolean-index', argument='active', path='active', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note=(
            'User drops inactive inequality constraints with a traced boolean mask before qpax.solve_qp '
            'under jit: NonConcreteBooleanIndexError on both interpreters. qpax treats h = inf as an '
            'absent constraint, so h = jnp.where(active, h_all, jnp.inf) with the full G keeps shapes '
            'static (checked).'
        ),
    ),
    Case(
        id='lib-k-qpax-mpc-range-traced-horizon',
        source='https://github.com/qpax-solver/qpax-examples/blob/main/examples/autotuning_mpc/README.md',
        code="""\
import jax
import jax.numpy as jnp
import qpax

def mpc_matrices(horizon, rho):
    blocks = [jnp.eye(2) * (1.0 + rho * k) for k in range(horizon)]
    return jax.scipy.linalg.block_diag(*blocks)

@jax.jit
def plan(x0, horizon):
    Q = mpc_matrices(horizon, 0.1)
    n = Q.shape[0]
    G = jnp.vstack([jnp.eye(n), -jnp.eye(n)])
    h = jnp.ones(2 * n)
    x, *_ = qpax.solve_qp(Q, -jnp.tile(x0, horizon), jnp.zeros((0, n)), jnp.zeros(0), G, h)
    return x

plan(jnp.array([1.0, -0.5]), 5)
""",
        kind='integer-conversion', argument='horizon', path='horizon', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'MPC QP built for qpax with a Python loop range(horizon) in a helper, horizon passed as a '
            'normal jit argument: TracerIntegerConversionError on both interpreters. Fix: '
            "static_argnames=['horizon'] (checked)."
        ),
    ),
    Case(
        id='lib-k-qpax-backend-string-through-jit-vmap',
        source='https://github.com/kevin-tracy/qpax/blob/main/examples/batch_qp.py',
        code="""\
import jax
import jax.numpy as jnp
import qpax

def project_box(p, backend):
    n = p.shape[0]
    G = jnp.vstack([jnp.eye(n), -jnp.eye(n)])
    h = jnp.ones(2 * n)
    x, *_ = qpax.solve_qp(jnp.eye(n), -p, jnp.zeros((0, n)), jnp.zeros(0), G, h, backend=backend)
    return x

batched = jax.jit(jax.vmap(project_box, in_axes=(0, None)))
batched(jnp.linspace(-2.0, 2.0, 12).reshape(4, 3), "i")
""",
        kind='non-array-argument', argument='backend', path='backend', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'Batched QPs with jax.jit(jax.vmap(project_box, in_axes=(0, None))); the qpax backend '
            "string 'i' is passed as a normal argument: TypeError 'Error interpreting argument ... as "
            "an abstract array' (path backend) on both interpreters; JAX's message points to "
            'static_argnums. Fix: jax.jit(..., static_argnums=1) (checked) or functools.partial.'
        ),
    ),
    Case(
        id='lib-k-qpax-if-not-converged-fallback',
        source='https://github.com/qpax-solver/qpax-examples/blob/main/examples/learning_safety_filter/README.md',
        code="""\
import jax
import jax.numpy as jnp
import qpax

@jax.jit
def safety_filter(u_nom, u_max):
    n = u_nom.shape[0]
    G = jnp.vstack([jnp.eye(n), -jnp.eye(n)])
    h = jnp.concatenate([u_max, u_max])
    u, s, z, y, converged, iters = qpax.solve_qp(jnp.eye(n), -u_nom, jnp.zeros((0, n)), jnp.zeros(0), G, h)
    if not converged:
        u = jnp.clip(u_nom, -u_max, u_max)
    return u

safety_filter(jnp.array([2.0, -0.3]), jnp.array([1.0, 1.0]))
""",
        kind='bool-conversion', argument='u_nom', path='u_nom', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            "Safety filter: Python `if not converged` on qpax's converged flag (a traced int, depends "
            "on u_nom and u_max) inside the user's jit. TracerBoolConversionError on both interpreters. "
            'Fix: u = jnp.where(converged == 1, u, jnp.clip(...)) (checked).'
        ),
    ),
    Case(
        id='lib-k-qpax-scipy-block-diag-cost',
        source='https://github.com/qpax-solver/qpax-examples/blob/main/examples/autotuning_mpc/autotune_mpc.ipynb',
        code="""\
import jax
import jax.numpy as jnp
import scipy.linalg
import qpax

@jax.jit
def tracking_qp(weights, ref):
    Q = scipy.linalg.block_diag(*[w * jnp.eye(2) for w in weights])
    n = Q.shape[0]
    G = jnp.vstack([jnp.eye(n), -jnp.eye(n)])
    x, *_ = qpax.solve_qp(Q, -Q @ ref, jnp.zeros((0, n)), jnp.zeros(0), G, 2.0 * jnp.ones(2 * n))
    return x

tracking_qp(jnp.array([1.0, 2.0, 4.0]), jnp.ones(6))
""",
        kind='array-conversion', argument='weights', path='weights', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Cost matrix for qpax built with scipy.linalg.block_diag from traced weight blocks inside '
            'jit: TracerArrayConversionError on both interpreters. Fix: jax.scipy.linalg.block_diag '
            '(checked).'
        ),
    ),
]
