"""Held-out library cases (set ah): rockpool, jax-sysid, simple-pytree.

How they were built: each cell is my own minimal reduction of a usage pattern
shown in the library's docs/README (Rockpool's Jax-training guide, parameter
docs, jax_loss and adversarial-training pages; the jax-sysid README sections on
nonlinear models, custom losses and custom regularisers; the simple-pytree
README sections on static fields, dataclasses, mutability and replace, plus
simple-pytree issue #8 on static fields being treated as leaves).  No library
issue thread reproducing these exact tracing errors was found in the search
corpora, so most sources are the docs page of the API exercised.  Every cell
was written to a file and run with the venv's python: all statements but the
last were executed first (must succeed), then the last statement alone (must
raise); the exception class and the cell's traceback frames were recorded and
`line`/`use_line` checked against them.  Every fix in a note marked "checked"
was applied by hand to the cell and the fixed file re-run to exit code 0.

Interpreter and versions: CPython 3.11.7; venv /tmp/heldout17/venv_ah
(--system-site-packages) with jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6,
flax 0.12.8, equinox 0.13.8, optax 0.2.8 pinned; rockpool 3.1.0,
jax-sysid 1.0.1 (pulls diffrax as a dependency; note Model.fit switches on
jax_enable_x64 globally), simple-pytree 0.2.2.  CPU only.

Dropped:
- jaxline 0.0.8: installs and `jaxline.experiment`/`train` import, but
  `jaxline.platform` needs tensorflow, and the core path used by every
  experiment (`utils.bcast_local_devices`, called by the default
  `initialize_train_step_rng` in `train.train`) calls `jax.device_put_sharded`
  / `device_put_replicated`, which JAX 0.10.2 removed (AttributeError), so no
  realistic jaxline experiment runs with these pins.
- objax 1.8.0 (first alternate): installs and imports, but `objax.Jit` fails
  on the first call because objax.util.check uses the removed
  `jax.sharding.PmapSharding`; uninstalled again.
- sparsejac 0.2.0 (second alternate) was installed and imports, but I used
  simple-pytree instead because it exercises static fields, configuration
  objects and mutable objects (leaks), which sparsejac's small API does not.

Doubts about labels:
- ah-rockpool-simparam-range-in-evolve: the failing line is in the user's
  `evolve` method, so `argument='self'` (path self.n_taps) is defensible; JAX
  names the leaf mod[1]['n_taps'].  `static` here means static_argnums for the
  module or closing over it instead of passing it to jit.
- ah-rockpool-numpy-lif-under-grad: the fix is "use the Jax backend module
  (LIFJax)", filed under `jnp-not-np`; the error is raised inside rockpool.
- ah-rockpool-adversarial-vmap-level: the value reaching the static argname is
  a vmap tracer, not a list/dict; `non-array-argument` or `concretization`
  could be argued.  `static` = loop over Python floats instead of vmap.
- ah-rockpool-leak-assign-module-param: `return-value` stands for the
  functional `set_attributes`, which returns a new module instead of storing
  the tracer on the global one.
- ah-rockpool-silent-neuron-mask and ah-rockpool-loss-if-tau-bound: the
  offending values depend on the whole params dict (silent-neuron) / on one
  leaf; for the mask case `path='params'` because no single leaf is to blame.
- ah-rockpool-pad-traced-steps: JAX raises ConcretizationTypeError (pad width);
  labelled traced-shape per the brief, concretization is defensible.
- ah-rockpool-math-exp-in-evolve / ah-sysid-math-sin-pendulum: `math.*` rather
  than `np.*`; filed under `jnp-not-np`.  JAX's hint (astype/jnp.array) does not
  fit, so jax_fitting_fix=False.
- ah-rockpool-loss-fn-as-jit-arg: jax_fitting_fix=True because the message
  says to mark the argument static, which is exactly the fix.
- ah-simplepytree-string-attr-jit: jax_fitting_fix=True since static_argnums
  on the layer also runs (non-dataclass Pytree hashes by id) but it freezes the
  weights too; False is defensible.  First fix is static_field().
- ah-simplepytree-capacity-not-static: JAX suggests static_argnums, which would
  fail (a simple_pytree dataclass is unhashable), hence jax_fitting_fix=False;
  the TypeError text is a concretization message, kind could be concretization.
- ah-simplepytree-dataclass-static-unhashable: `not-static` also needs n_iter
  declared with static_field() (range over it), so it is second.
- ah-sysid-leak-state-log: verifiable=False: the state trajectory can be
  obtained via Model.predict (checked), but that is not a mechanical edit of
  the leaking line, since jax-sysid owns the traced function's return value;
  `jax.debug.print` is enough if the user only wanted to look at states.
- ah-sysid-deadzone-chained-compare: y depends on x and params[2] (JAX says
  "x and th[2]"); argument is the first, x.
- ah-sysid-mode-list-index: `lax.switch` over the modes is as good as
  jnp.where; argument is `u` (the mode travels in the input signal).
- ah-sysid-numpy-eigvals-regularizer: JAX names the library's argument z[0];
  the user's parameter is th, leaf th[0] (the A matrix).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ah-rockpool-loss-if-tau-bound',
        source='https://rockpool.ai/in-depth/jax-training.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LinearJax, LIFJax
from rockpool.nn.combinators import Sequential

net = Sequential(LinearJax((2, 4)), LIFJax(4))
inp = np.random.rand(1, 50, 2).astype("float32")
target = np.zeros((1, 50, 4), "float32")

def loss(params, net, x, y):
    net = net.reset_state().set_attributes(params)
    out, _, _ = net(x)
    cost = jnp.mean((out - y) ** 2)
    if jnp.min(params["1_LIFJax"]["tau_mem"]) < 1e-3:
        cost = cost + 100.0
    return cost

vgf = jax.jit(jax.value_and_grad(loss))
vgf(net.parameters(), net, inp, target)
""",
        kind='bool-conversion', argument='params', path="params['1_LIFJax']['tau_mem']", line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A hand-written bound penalty on a LIFJax time constant uses a Python `if` inside the loss that is jitted through jax.value_and_grad, as in the Rockpool Jax training guide; JAX raises TracerBoolConversionError. Adding the penalty with jnp.where (or lax.cond, or rockpool.training.jax_loss.bounds_cost) keeps the value; checked.',
    ),
    Case(
        id='ah-rockpool-simparam-range-in-evolve',
        source='https://rockpool.ai/reference/params_types.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import JaxModule
from rockpool.parameters import Parameter, SimulationParameter

class TapDelay(JaxModule):
    def __init__(self, shape, n_taps=3):
        super().__init__(shape=shape)
        self.n_taps = SimulationParameter(n_taps)
        self.w = Parameter(jnp.ones((n_taps,)) / n_taps)
    def evolve(self, x, record=False):
        out = jnp.zeros_like(x)
        for k in range(self.n_taps):
            out = out + self.w[k] * jnp.roll(x, k, axis=1)
        return out, {}, {}

mod = TapDelay(2, n_taps=3)
x = np.random.rand(1, 20, 2).astype("float32")

@jax.jit
def loss(params, mod, x):
    out, _, _ = mod.set_attributes(params)(x)
    return jnp.mean(out ** 2)

loss(mod.parameters(), mod, x)
""",
        kind='integer-conversion', argument='mod', path='mod.n_taps', line=14,
        fixes=('static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note='A custom JaxModule keeps its tap count as a SimulationParameter; Rockpool flattens simulation parameters as pytree leaves, so when the module is a jit argument `range(self.n_taps)` gets a tracer and JAX raises TracerIntegerConversionError. Keeping the module static (static_argnums, or closing over it) fixes it; checked with static_argnums=1.',
    ),
    Case(
        id='ah-rockpool-numpy-lif-under-grad',
        source='https://rockpool.ai/in-depth/jax-training.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LIF

lif = LIF(3)
inp = np.random.rand(1, 40, 3).astype("float32")

def loss(gain):
    out, _, _ = lif(gain * inp)
    return jnp.sum(out)

jax.grad(loss)(1.5)
""",
        kind='array-conversion', argument='gain', path='gain', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The NumPy-backed rockpool LIF module (not LIFJax) is evolved inside jax.grad; its evolve converts the input with NumPy and JAX raises TracerArrayConversionError from inside the library. Using the Jax backend (LIFJax) is the fix; checked.',
    ),
    Case(
        id='ah-rockpool-loss-fn-as-jit-arg',
        source='https://rockpool.ai/reference/_autosummary/training.jax_loss.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LinearJax, LIFJax
from rockpool.nn.combinators import Sequential
from rockpool.training import jax_loss

net = Sequential(LinearJax((2, 4)), LIFJax(4))
inp = np.random.rand(1, 30, 2).astype("float32")
target = np.zeros((1, 30, 4), "float32")

@jax.jit
def train_step(params, net, x, y, loss_fn):
    def objective(p):
        out, _, _ = net.reset_state().set_attributes(p)(x)
        return loss_fn(out, y)
    return jax.value_and_grad(objective)(params)

train_step(net.parameters(), net, inp, target, jax_loss.mse)
""",
        kind='non-array-argument', argument='loss_fn', path='loss_fn', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A generic train step takes the rockpool.training.jax_loss function as a jit argument; a Python function is not a valid JAX type, so jit raises TypeError. Marking it static (as Rockpool itself does for task_loss in adversarial_loss) fixes it; checked.',
    ),
    Case(
        id='ah-rockpool-adversarial-vmap-level',
        source='https://rockpool.ai/tutorials/adversarial_training.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LinearJax, LIFJax
from rockpool.nn.combinators import Sequential
from rockpool.training.adversarial_jax import adversarial_loss
from rockpool.training.jax_loss import mse

net = Sequential(LinearJax((2, 4)), LIFJax(4))
params = net.parameters()
inp = np.random.rand(1, 20, 2).astype("float32")
target = np.zeros((1, 20, 4), "float32")
key = jax.random.PRNGKey(0)

def robust_loss(level):
    return adversarial_loss(params, net, inp, target, mse, mse, key, mismatch_level=level, attack_steps=2)

jax.vmap(robust_loss)(jnp.array([0.01, 0.05, 0.1]))
""",
        kind='unhashable-static', argument='level', path='level', line=16,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Sweeping the mismatch level of rockpool.training.adversarial_jax.adversarial_loss with jax.vmap feeds a batch tracer into a parameter the library jits as a static argname; jit raises ValueError (non-hashable static argument). Looping over Python floats keeps it static; checked.',
    ),
    Case(
        id='ah-rockpool-leak-assign-module-param',
        source='https://rockpool.ai/in-depth/jax-training.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LIFJax

lif = LIFJax(3)
inp = np.random.rand(1, 40, 3).astype("float32")

def loss(tau):
    lif.tau_mem = tau
    out, _, _ = lif(inp)
    return jnp.sum(out)

g = jax.jit(jax.grad(loss))(0.02 * jnp.ones(3))
lif(inp)
""",
        kind='leaked-tracer', argument='tau', path='tau', line=10,
        use_line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='PyTorch-style in-place assignment of a LIFJax parameter inside a jitted gradient stores the tracer on the global module (JaxModule.__setattr__ also mutates self); the next evolve raises UnexpectedTracerError. The functional set_attributes, which returns a new module, avoids the leak; checked.',
    ),
    Case(
        id='ah-rockpool-math-exp-in-evolve',
        source='https://rockpool.ai/reference/params_types.html',
        code="""\
import math
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import JaxModule
from rockpool.parameters import Parameter, SimulationParameter

class Leaky(JaxModule):
    def __init__(self, shape, tau=0.02, dt=1e-3):
        super().__init__(shape=shape)
        self.tau = Parameter(jnp.array(tau))
        self.dt = SimulationParameter(dt)
    def evolve(self, x, record=False):
        alpha = math.exp(-self.dt / self.tau)
        def step(v, xt):
            v = alpha * v + xt
            return v, v
        _, out = jax.lax.scan(step, jnp.zeros(x.shape[-1]), x[0])
        return out[None], {}, {}

mod = Leaky(2)
x = np.random.rand(1, 20, 2).astype("float32")
loss = lambda params: jnp.sum(mod.set_attributes(params)(x)[0])
jax.grad(loss)(mod.parameters())
""",
        kind='concretization', argument='params', path="params['tau']", line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom JaxModule computes its decay factor with math.exp of a trainable Parameter; under jax.grad the time constant is a tracer and math.exp needs a Python float, so JAX raises ConcretizationTypeError. jnp.exp fixes it; checked.',
    ),
    Case(
        id='ah-rockpool-pad-traced-steps',
        source='https://rockpool.ai/in-depth/jax-training.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LinearJax, LIFJax
from rockpool.nn.combinators import Sequential

net = Sequential(LinearJax((2, 4)), LIFJax(4))
inp = np.random.rand(1, 30, 2).astype("float32")

@jax.jit
def run_with_settling(params, x, n_settle):
    x = jnp.pad(x, ((0, 0), (0, n_settle), (0, 0)))
    out, _, _ = net.reset_state().set_attributes(params)(x)
    return out

run_with_settling(net.parameters(), inp, 20)
""",
        kind='traced-shape', argument='n_settle', path='n_settle', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Silence is appended to the input raster so the spiking network can settle, with the number of extra time steps passed as a jit argument; the pad width must be concrete, so jnp.pad raises ConcretizationTypeError on the traced count. Marking it static fixes it; checked.',
    ),
    Case(
        id='ah-rockpool-silent-neuron-mask',
        source='https://rockpool.ai/in-depth/jax-training.html',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from rockpool.nn.modules import LinearJax, LIFJax
from rockpool.nn.combinators import Sequential

net = Sequential(LinearJax((2, 4)), LIFJax(4))
inp = np.random.rand(1, 50, 2).astype("float32")

def activity_loss(params, net, x):
    out, _, _ = net.reset_state().set_attributes(params)(x)
    rates = out.mean(axis=(0, 1))
    silent = rates[rates < 0.05]
    return jnp.sum((0.05 - silent) ** 2)

jax.jit(jax.grad(activity_loss))(net.parameters(), net, inp)
""",
        kind='boolean-index', argument='params', path='params', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='An activity regulariser picks out silent LIF neurons with a boolean mask on the firing rates inside a jitted grad; the result size depends on traced values, so JAX raises NonConcreteBooleanIndexError. A jnp.where-weighted sum gives the same penalty; checked.',
    ),
    Case(
        id='ah-sysid-pwa-if-state',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax_sysid.models import Model

rng = np.random.default_rng(0)
U = rng.standard_normal((200, 1))
Y = np.tanh(np.cumsum(U, axis=0) * 0.1)

def state_fcn(x, u, params):
    A, B, C = params
    if x[0] > 0:
        return A @ x + B @ u
    return 0.5 * A @ x + B @ u

def output_fcn(x, u, params):
    return params[2] @ x

model = Model(2, 1, 1, state_fcn=state_fcn, output_fcn=output_fcn)
model.init(params=[0.5 * np.eye(2), 0.1 * np.ones((2, 1)), 0.1 * np.ones((1, 2))])
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
""",
        kind='bool-conversion', argument='x', path='x', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A piecewise-affine state-update function passed to jax_sysid.models.Model branches with a Python `if` on the state; Model.fit jits its forward step, so JAX raises TracerBoolConversionError. Selecting the gain with jnp.where (or lax.cond) fixes it; checked.',
    ),
    Case(
        id='ah-sysid-numpy-eigvals-regularizer',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import numpy as np
from jax_sysid.models import LinearModel

rng = np.random.default_rng(0)
U = rng.standard_normal((200, 1))
Y = np.tanh(np.cumsum(U, axis=0) * 0.1)

def spectral_penalty(th, x0):
    A = th[0]
    rho = np.max(np.abs(np.linalg.eigvals(A)))
    return 10.0 * np.maximum(rho - 0.99, 0.0)

model = LinearModel(2, 1, 1)
model.loss(rho_th=1e-4, custom_regularization=spectral_penalty)
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
""",
        kind='array-conversion', argument='th', path='th[0]', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A custom_regularization for LinearModel.loss penalises the spectral radius of A with np.linalg.eigvals; jax-sysid traces the regulariser inside its jitted cost, so NumPy hits __array__ on a tracer (TracerArrayConversionError). Using jnp.linalg fixes it; checked.',
    ),
    Case(
        id='ah-sysid-leak-state-log',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax_sysid.models import Model

rng = np.random.default_rng(0)
U = rng.standard_normal((200, 1))
Y = np.tanh(np.cumsum(U, axis=0) * 0.1)
states_seen = []

def state_fcn(x, u, params):
    states_seen.append(x)
    return jnp.tanh(params[0] @ x + params[1] @ u)

def output_fcn(x, u, params):
    return params[2] @ x

model = Model(2, 1, 1, state_fcn=state_fcn, output_fcn=output_fcn)
model.init(params=[0.5 * np.eye(2), 0.1 * np.ones((2, 1)), 0.1 * np.ones((1, 2))])
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
jnp.stack(states_seen).max()
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        use_line=21,
        fixes=('return-value', 'jax.debug.print'), verifiable=False, jax_fitting_fix=False,
        note='The state-update function appends each state to a global list for later inspection; jax-sysid traces it inside jit/scan, so the list holds tracers and stacking them after fit raises UnexpectedTracerError. Getting the states as a returned value (Model.predict returns the state trajectory) or printing with jax.debug.print avoids it; the predict rewrite was checked but is not a mechanical edit of the leaking line.',
    ),
    Case(
        id='ah-sysid-mode-list-index',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax_sysid.models import Model

rng = np.random.default_rng(0)
U = np.hstack([rng.standard_normal((200, 1)), (rng.random((200, 1)) > 0.5)])
Y = np.tanh(np.cumsum(U[:, :1], axis=0) * 0.1)

def state_fcn(x, u, params):
    A0, A1, B, C = params
    A = [A0, A1][u[1].astype(int)]
    return A @ x + B @ u[:1]

def output_fcn(x, u, params):
    return params[3] @ x

model = Model(2, 1, 2, state_fcn=state_fcn, output_fcn=output_fcn)
model.init(params=[0.5 * np.eye(2), 0.3 * np.eye(2), 0.1 * np.ones((2, 1)), 0.1 * np.ones((1, 2))])
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
""",
        kind='integer-conversion', argument='u', path='u', line=11,
        fixes=('jnp.where', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='A switched linear model picks its A matrix from a Python list using a mode signal carried in the input; inside the jitted jax-sysid forward step the index is a tracer and JAX raises TracerIntegerConversionError. jnp.where over the two modes (or lax.switch) fixes it; checked.',
    ),
    Case(
        id='ah-sysid-math-sin-pendulum',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import math
import numpy as np
import jax.numpy as jnp
from jax_sysid.models import Model

rng = np.random.default_rng(0)
U = rng.standard_normal((200, 1))
Y = np.tanh(np.cumsum(U, axis=0) * 0.1)

def state_fcn(x, u, params):
    g, b, k = params
    acc = -g[0] * math.sin(x[0]) - b[0] * x[1] + k[0] * u[0]
    return jnp.array([x[0] + 0.05 * x[1], x[1] + 0.05 * acc])

def output_fcn(x, u, params):
    return x[:1]

model = Model(2, 1, 1, state_fcn=state_fcn, output_fcn=output_fcn)
model.init(params=[np.array([9.8]), np.array([0.1]), np.array([1.0])])
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
""",
        kind='concretization', argument='x', path='x', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A grey-box pendulum model for jax_sysid.models.Model uses math.sin on the state; math.sin asks the tracer for a Python float, so JAX raises ConcretizationTypeError while jax-sysid jits the forward step. jnp.sin fixes it; checked.',
    ),
    Case(
        id='ah-sysid-deadzone-chained-compare',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax_sysid.models import Model

rng = np.random.default_rng(0)
U = rng.standard_normal((200, 1))
Y = np.tanh(np.cumsum(U, axis=0) * 0.1)

def state_fcn(x, u, params):
    return params[0] @ x + params[1] @ u

def output_fcn(x, u, params):
    y = params[2] @ x
    return jnp.where(-0.05 < y < 0.05, 0.0, y)

model = Model(2, 1, 1, state_fcn=state_fcn, output_fcn=output_fcn)
model.init(params=[0.5 * np.eye(2), 0.1 * np.ones((2, 1)), 0.1 * np.ones((1, 2))])
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
""",
        kind='bool-conversion', argument='x', path='x', line=14,
        fixes=('logical-op', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='A sensor dead-zone in the output function is written with a chained comparison inside jnp.where; Python evaluates `a < y and y < b`, so the traced comparison is converted to bool and JAX raises TracerBoolConversionError. Combining the two comparisons with & (or testing jnp.abs(y) < 0.05) fixes it; checked.',
    ),
    Case(
        id='ah-sysid-trimmed-loss-mask',
        source='https://github.com/bemporad/jax-sysid',
        code="""\
import numpy as np
import jax.numpy as jnp
from jax_sysid.models import Model

rng = np.random.default_rng(0)
U = rng.standard_normal((200, 1))
Y = np.tanh(np.cumsum(U, axis=0) * 0.1)

def trimmed_mse(Yhat, Y):
    r = Yhat - Y
    inliers = jnp.abs(r) < 3.0
    return jnp.mean(r[inliers] ** 2)

def state_fcn(x, u, params):
    return params[0] @ x + params[1] @ u

model = Model(2, 1, 1, state_fcn=state_fcn, output_fcn=lambda x, u, p: p[2] @ x)
model.init(params=[0.5 * np.eye(2), 0.1 * np.ones((2, 1)), 0.1 * np.ones((1, 2))])
model.loss(output_loss=trimmed_mse)
model.optimization(adam_epochs=5, lbfgs_epochs=5, iprint=-1)
model.fit(Y, U)
""",
        kind='boolean-index', argument='Yhat', path='Yhat', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A custom output_loss for Model.loss drops outlier residuals with a boolean mask; jax-sysid jits the loss over the simulated outputs, so the mask is traced and JAX raises NonConcreteBooleanIndexError. A jnp.where-weighted mean over the inliers gives the same value; checked.',
    ),
    Case(
        id='ah-simplepytree-string-attr-jit',
        source='https://github.com/cgarciae/simple-pytree#static-fields',
        code="""\
import jax
import jax.numpy as jnp
from simple_pytree import Pytree

class Dense(Pytree):
    def __init__(self, w, b, activation="relu"):
        self.w = w
        self.b = b
        self.activation = activation

    def __call__(self, x):
        y = x @ self.w + self.b
        return jax.nn.relu(y) if self.activation == "relu" else y

@jax.jit
def forward(layer, x):
    return layer(x)

forward(Dense(jnp.ones((3, 2)), jnp.zeros(2)), jnp.ones((4, 3)))
""",
        kind='non-array-argument', argument='layer', path='layer.activation', line=19,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A simple_pytree.Pytree layer keeps its activation name as an ordinary attribute, so the string becomes a pytree leaf and jit raises TypeError (not a valid JAX type). Declaring it with static_field() moves it into the treedef; checked.',
    ),
    Case(
        id='ah-simplepytree-dataclass-static-unhashable',
        source='https://github.com/cgarciae/simple-pytree#dataclasses',
        code="""\
import functools
import jax
import jax.numpy as jnp
from simple_pytree import Pytree, dataclass

@dataclass
class SolverConfig(Pytree):
    n_iter: int
    step: float

@functools.partial(jax.jit, static_argnums=0)
def solve(cfg, x):
    for _ in range(cfg.n_iter):
        x = x - cfg.step * x
    return x

solve(SolverConfig(10, 0.1), jnp.ones(3))
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=17,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='A configuration object built with simple_pytree.dataclass is passed as a static jit argument; a non-frozen dataclass sets __hash__ to None, so jit raises ValueError (non-hashable static argument). A frozen dataclass is hashable; passing it traced with static_field for n_iter also works; checked the frozen version.',
    ),
    Case(
        id='ah-simplepytree-capacity-not-static',
        source='https://github.com/cgarciae/simple-pytree/issues/8',
        code="""\
import jax
import jax.numpy as jnp
from simple_pytree import Pytree, dataclass

@dataclass
class Buffer(Pytree):
    data: jax.Array
    capacity: int

    def reset(self):
        return self.replace(data=jnp.zeros(self.capacity))

@jax.jit
def clear(buf):
    return buf.reset()

clear(Buffer(jnp.ones(5), 5))
""",
        kind='traced-shape', argument='buf', path='buf.capacity', line=11,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='The size of a buffer is an ordinary field of a simple_pytree dataclass, so under jit it is a traced leaf and jnp.zeros(self.capacity) raises a concretization TypeError for the shape. Marking the field static_field() (or using self.data.shape) fixes it; checked.',
    ),
    Case(
        id='ah-simplepytree-mutable-metrics-leak',
        source='https://github.com/cgarciae/simple-pytree#mutability',
        code="""\
import jax
import jax.numpy as jnp
from simple_pytree import Pytree

class Metrics(Pytree, mutable=True):
    def __init__(self):
        self.loss_sum = jnp.zeros(())

metrics = Metrics()

@jax.jit
def train_step(w, x):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    metrics.loss_sum = metrics.loss_sum + loss
    return w - 0.1 * g

w = train_step(jnp.ones(3), jnp.ones((4, 3)))
metrics.loss_sum / 1.0
""",
        kind='leaked-tracer', argument='w', path='w', line=14,
        use_line=18,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A mutable simple_pytree object used as a global metrics accumulator is updated inside a jitted step; the traced loss is stored on the object, and using it afterwards raises UnexpectedTracerError. Passing the Pytree in and returning the replaced copy fixes it; checked.',
    ),
    Case(
        id='ah-simplepytree-scan-carry-if',
        source='https://github.com/cgarciae/simple-pytree#replacing-fields',
        code="""\
import jax
import jax.numpy as jnp
from simple_pytree import Pytree, dataclass

@dataclass
class SimState(Pytree):
    t: jax.Array
    x: jax.Array

def step(state, _):
    if state.t >= 1.0:
        return state, state.x
    new = state.replace(t=state.t + 0.1, x=state.x * 0.9)
    return new, new.x

init = SimState(jnp.array(0.0), jnp.ones(2))
jax.lax.scan(step, init, None, length=20)
""",
        kind='bool-conversion', argument='state', path='state.t', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A scan step over a simple_pytree dataclass state stops advancing with a Python `if` on the traced time field; JAX raises TracerBoolConversionError. Selecting old/new state leaf-wise with jnp.where (or lax.cond) fixes it; checked.',
    ),
    Case(
        id='ah-simplepytree-degree-range',
        source='https://github.com/cgarciae/simple-pytree#dataclasses',
        code="""\
import jax
import jax.numpy as jnp
from simple_pytree import Pytree, dataclass

@dataclass
class Poly(Pytree):
    coeffs: jax.Array
    degree: int

    def __call__(self, x):
        return sum(self.coeffs[i] * x ** i for i in range(self.degree + 1))

@jax.jit
def evaluate(poly, xs):
    return poly(xs)

evaluate(Poly(jnp.ones(3), 2), jnp.linspace(0.0, 1.0, 5))
""",
        kind='integer-conversion', argument='poly', path='poly.degree', line=11,
        fixes=('static', 'lax.fori_loop'), verifiable=True, jax_fitting_fix=False,
        note='The degree of a polynomial Pytree is a normal dataclass field, so under jit it is a traced int leaf and range() raises TracerIntegerConversionError. Declaring degree with static_field() fixes it; checked.',
    ),
]
