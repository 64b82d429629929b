"""Held-out library cases (set V): pytreeclass, diffstar, fdtdx.

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR of the library (pytreeclass issues 16/67 and PR 82 on frozen/static leaves and
immutability; diffstar issues 2/66 and PRs 16/49/50/84 on the SFH kernels and fitters; fdtdx PRs
278/312/347 on frozen vs static fields and float() casts / setup code under jit), or of the
library's README where no thread showed the exact pattern. Installed versions (both envs):
pytreeclass 0.11.1, diffstar 1.0.3 (+ diffmah 0.7.3), fdtdx 0.6.3. Every cell was written to a
file and run with `python3 file.py` under both interpreters:
    python3                    Python 3.11, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13, jax 0.12.0.1
All statements but the last run cleanly, the last raises, with the same exception class on both
(recorded in each note); `line` (and `use_line` for leaks) was checked against the user-code frame
of the traceback. Top fixes marked verifiable were applied by hand and re-run on both interpreters
(pytreeclass frozen field via on_setattr/on_getattr, lax.switch, jnp.where masks; diffstar static
n_t, jnp.where penalty, jax.debug.print; fdtdx static sim_time, frozen_field for str/int options,
jnp.where objective).

Libraries dropped: serket (the only wheel the index offers, 0.1.0, installs the `finitediffx`
package, no `serket` module); cr-sparse 0.4.0 (import fails: `from jax.lib import xla_bridge`
no longer exists in jax 0.10). Both were uninstalled again from the 3.11 env. Candidate dropped:
an fdtdx frozen_field holding a jax array passed to jit (expected unhashable-static) - it traced
without error on both interpreters, also when called again with a different array.

Doubts about labels:
- v-diffstar-numpy-grid-argmax-index: indexing a NumPy array with a traced index; JAX raises
  TracerArrayConversionError (NumPy calls __array__), so labelled array-conversion, but the root
  cause reads like integer-conversion (a traced value used as an index).
- v-pytreeclass-int-field-zeros-size / v-fdtdx-config-range-field / v-pytreeclass-str-activation-field:
  the static fix is library-specific (pytreeclass: freeze the field through on_setattr/on_getattr or
  tree_mask; fdtdx: frozen_field), not jit's static_argnums - marking the whole model static fails
  when it holds arrays.
- v-pytreeclass-int-field-list-index: lax.switch ranked first (structured control flow) although
  freezing the field (static) is what pytreeclass users would normally do.
- v-fdtdx-config-traced-time-steps: SimulationConfig is setup code; fdtdx (PR 347) says to build it
  outside jit altogether - static on sim_time is the closest vocabulary fix; numpy-for-static
  second.
- Leak argument/path choices: pytreeclass leak - h depends on m (m.w1) and x; chose the first
  parameter m. diffstar leak and ds3/ds4/ds6 - path given as the whole sfh_params (a DiffstarParams
  namedtuple; the value depends on all its leaves). fdtdx leak - energy depends on E, H and inv_eps;
  chose E.
- v-pytreeclass-vmap-if-max: y depends on x and on the model's weights, but the model is bound
  (self is closed over by jax.vmap(model)), so argument x.
- v-fdtdx-float-peak-energy: the real fix is simply to drop float(); astype ranked first as JAX's
  message suggests, jnp-not-builtin second.
- unhashable-static cases raise ValueError('Non-hashable static arguments ...') chained from a
  TypeError('unhashable type: ArrayImpl'); the last line of the traceback is the ValueError.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='v-pytreeclass-int-field-zeros-size',
        source='https://github.com/ASEM000/pytreeclass/issues/67',
        code="""\
import jax
import jax.numpy as jnp
import pytreeclass as tc

class Pad(tc.TreeClass):
    def __init__(self, n: int):
        self.n = n
    def __call__(self, x):
        return jnp.concatenate([x, jnp.zeros(self.n)])

layer = Pad(3)
jax.jit(lambda layer, x: layer(x))(layer, jnp.ones(2))
""",
        kind='traced-shape', argument='layer', path='layer.n', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A plain `int` attribute of a TreeClass is a pytree leaf, so jit traces it; used as the size of jnp.zeros. Fix (issue 67 / PR 82): freeze the field (tc.field(on_setattr=[tc.freeze], on_getattr=[tc.unfreeze]) + @tc.autoinit) so it leaves the pytree; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (Shapes must be 1D sequences of concrete values).',
    ),
    Case(
        id='v-pytreeclass-str-activation-field',
        source='https://github.com/ASEM000/pytreeclass/issues/67',
        code="""\
import jax
import jax.numpy as jnp
import pytreeclass as tc

@tc.autoinit
class Dense(tc.TreeClass):
    w: jax.Array
    act: str = "relu"
    def __call__(self, x):
        return getattr(jax.nn, self.act)(x @ self.w)

model = Dense(jnp.ones((3, 2)))
jax.jit(lambda m, x: m(x))(model, jnp.ones(3))
""",
        kind='non-array-argument', argument='m', path='m.act', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A `str` field of a TreeClass is a leaf; jit cannot abstract it. Fix: freeze the field (on_setattr freeze / on_getattr unfreeze), checked. JAX's message suggests static_argnums, which fails here (the model holds an array, so hashing it is impossible). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (Error interpreting argument ... as an abstract array, path m.act).",
    ),
    Case(
        id='v-pytreeclass-vmap-if-max',
        source='https://github.com/ASEM000/pytreeclass',
        code="""\
import jax
import jax.numpy as jnp
import pytreeclass as tc

@tc.autoinit
class Clipped(tc.TreeClass):
    w: jax.Array
    def __call__(self, x):
        y = x @ self.w
        if y.max() > 1.0:
            y = y / y.max()
        return y

model = Clipped(jnp.ones((3, 2)))
xs = jnp.arange(12.0).reshape(4, 3)
jax.jit(jax.vmap(model))(xs)
""",
        kind='bool-conversion', argument='x', path='x', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Python `if` on y.max() inside a TreeClass __call__, traced through jax.jit(jax.vmap(model)); the model is bound (self is not a parameter), the vmapped x is. Fix: y = jnp.where(y.max() > 1, y / y.max(), y); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='v-pytreeclass-int-field-list-index',
        source='https://github.com/ASEM000/pytreeclass/pull/82',
        code="""\
import jax
import jax.numpy as jnp
import pytreeclass as tc

ACTS = [jax.nn.relu, jnp.tanh, jax.nn.sigmoid]

@tc.autoinit
class Layer(tc.TreeClass):
    w: jax.Array
    act_index: int = 1
    def __call__(self, x):
        return ACTS[self.act_index](x @ self.w)

@jax.jit
def loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)

loss(Layer(jnp.ones((3, 2))), jnp.ones(3), jnp.zeros(2))
""",
        kind='integer-conversion', argument='model', path='model.act_index', line=12,
        fixes=('lax.switch', 'static'), verifiable=True, jax_fitting_fix=False,
        note='An int TreeClass field used to index a Python list of activation functions; it is a traced leaf under jit. lax.switch(self.act_index, ACTS, x @ w) keeps it traced (checked); freezing the field (static) also works. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='v-pytreeclass-leak-global-dict',
        source='https://github.com/ASEM000/pytreeclass/issues/16',
        code="""\
import jax
import jax.numpy as jnp
import pytreeclass as tc

debug = {}

@tc.autoinit
class MLP(tc.TreeClass):
    w1: jax.Array
    w2: jax.Array
    def __call__(self, x):
        h = jnp.tanh(x @ self.w1)
        debug["hidden"] = h
        return h @ self.w2

model = MLP(jnp.ones((3, 4)), jnp.ones((4, 1)))
out = jax.jit(lambda m, x: m(x))(model, jnp.ones(3))
jnp.linalg.norm(debug["hidden"])
""",
        kind='leaked-tracer', argument='m', path='m.w1', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=18,
        note='TreeClass instances are immutable, so the user stashes the hidden activation in a module-level dict from inside the jitted __call__ and reads it later. Fix: return h as a second output. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at the later jnp.linalg.norm (line 18).',
    ),
    Case(
        id='v-pytreeclass-static-model-with-arrays',
        source='https://github.com/ASEM000/pytreeclass/issues/67',
        code="""\
import functools
import jax
import jax.numpy as jnp
import pytreeclass as tc

@tc.autoinit
class Affine(tc.TreeClass):
    w: jax.Array
    b: jax.Array
    def __call__(self, x):
        return x @ self.w + self.b

@functools.partial(jax.jit, static_argnums=0)
def predict(model, x):
    return model(x)

predict(Affine(jnp.ones((3, 2)), jnp.zeros(2)), jnp.ones(3))
""",
        kind='unhashable-static', argument='model', path='model', line=17,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A TreeClass model holding arrays is marked static_argnums=0; hashing it hashes the arrays. Fix: do not mark it static (a TreeClass is a pytree). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments are not supported), chained from TypeError unhashable ArrayImpl.',
    ),
    Case(
        id='v-pytreeclass-masked-loss-bool-index',
        source='https://github.com/ASEM000/pytreeclass',
        code="""\
import jax
import jax.numpy as jnp
import pytreeclass as tc

@tc.autoinit
class Linear(tc.TreeClass):
    w: jax.Array
    def __call__(self, x):
        return x @ self.w

@jax.jit
def masked_loss(model, x, y):
    err = model(x) - y
    return jnp.mean(err[y > 0] ** 2)

masked_loss(Linear(jnp.ones((3, 2))), jnp.ones((5, 3)), jnp.ones((5, 2)))
""",
        kind='boolean-index', argument='y', path='y', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='err[y > 0] in a jitted loss around a TreeClass model. Fix: jnp.sum(jnp.where(y > 0, err**2, 0)) / jnp.sum(y > 0), same value; checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.',
    ),
    Case(
        id='v-pytreeclass-numpy-activation-grad',
        source='https://github.com/ASEM000/pytreeclass',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import pytreeclass as tc

@tc.autoinit
class Softplus(tc.TreeClass):
    beta: float = 1.0
    def __call__(self, x):
        return np.log1p(np.exp(self.beta * x)) / self.beta

act = Softplus()
jax.jit(jax.grad(lambda x: act(x).sum()))(jnp.ones(3))
""",
        kind='array-conversion', argument='x', path='x', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.log1p/np.exp on the input inside a TreeClass activation, traced under jax.jit(jax.grad(...)). Fix: jnp.log1p/jnp.exp. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='v-diffstar-linspace-traced-num',
        source='https://github.com/ArgonneCPAC/diffstar/issues/2',
        code="""\
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

@jax.jit
def sfh_grid(sfh_params, t0, n_t):
    tarr = jnp.linspace(0.1, t0, n_t)
    return calc_sfh_singlegal(sfh_params, DEFAULT_MAH_PARAMS, tarr, lgt0=jnp.log10(t0), fb=0.156)

sfh_grid(DEFAULT_DIFFSTAR_PARAMS, 13.8, 100)
""",
        kind='traced-shape', argument='n_t', path='n_t', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The user builds the cosmic-time grid for calc_sfh_singlegal inside jit with a traced number of points. Fix: static_argnames='n_t'; checked. JAX names n_t but the short message does not suggest static. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError ('num' argument of jnp.linspace).",
    ),
    Case(
        id='v-diffstar-grad-if-penalty',
        source='https://github.com/ArgonneCPAC/diffstar/pull/84',
        code="""\
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

tarr = jnp.linspace(0.1, 13.8, 50)
target = jnp.ones(50)

def loss(u_params):
    sfh = calc_sfh_singlegal(u_params, DEFAULT_MAH_PARAMS, tarr, lgt0=1.14, fb=0.156)
    penalty = 0.0
    if u_params.lg_qt > 1.2:
        penalty = (u_params.lg_qt - 1.2) ** 2
    return jnp.mean((jnp.log10(sfh) - target) ** 2) + penalty

jax.jit(jax.grad(loss))(DEFAULT_DIFFSTAR_PARAMS)
""",
        kind='bool-conversion', argument='u_params', path='u_params.lg_qt', line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A fitting loss over DiffstarParams with a Python `if` on the quenching-time parameter, differentiated and jitted (jax.jit(jax.grad(loss))). Fix: penalty = jnp.where(lg_qt > 1.2, (lg_qt - 1.2)**2, 0.); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='v-diffstar-float-print-mstar',
        source='https://github.com/ArgonneCPAC/diffstar/pull/49',
        code="""\
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

tarr = jnp.linspace(0.1, 13.8, 50)

@jax.jit
def mstar_today(sfh_params):
    sfh = calc_sfh_singlegal(sfh_params, DEFAULT_MAH_PARAMS, tarr, lgt0=1.14, fb=0.156)
    mstar = jnp.trapezoid(sfh, tarr) * 1e9
    print(f"log10 M* = {float(jnp.log10(mstar)):.2f}")
    return mstar

mstar_today(DEFAULT_DIFFSTAR_PARAMS)
""",
        kind='concretization', argument='sfh_params', path='sfh_params', line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="float() of the integrated stellar mass in an f-string print inside jit. Fix: jax.debug.print('log10 M* = {:.2f}', jnp.log10(mstar)); checked. Path given as sfh_params: mstar depends on all its leaves. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='v-diffstar-vmap-numpy-log10',
        source='https://github.com/ArgonneCPAC/diffstar/pull/16',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

tarr = jnp.linspace(0.1, 13.8, 50)

def smh(sfh_params):
    sfh = calc_sfh_singlegal(sfh_params, DEFAULT_MAH_PARAMS, tarr, lgt0=1.14, fb=0.156)
    lgsfh = np.log10(sfh)
    return lgsfh - lgsfh.max()

galpop = jax.tree.map(lambda v: jnp.full(8, v), DEFAULT_DIFFSTAR_PARAMS)
jax.jit(jax.vmap(smh))(galpop)
""",
        kind='array-conversion', argument='sfh_params', path='sfh_params', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='np.log10 on the SFH inside a per-galaxy function vmapped over a galaxy population and jitted (jax.jit(jax.vmap(smh))). Fix: jnp.log10. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='v-diffstar-leak-history-list',
        source='https://github.com/ArgonneCPAC/diffstar/pull/84',
        code="""\
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

tarr = jnp.linspace(0.1, 13.8, 50)
history = []

@jax.jit
def loss(sfh_params, target):
    sfh = calc_sfh_singlegal(sfh_params, DEFAULT_MAH_PARAMS, tarr, lgt0=1.14, fb=0.156)
    history.append(sfh)
    return jnp.mean((jnp.log10(sfh) - target) ** 2)

loss(DEFAULT_DIFFSTAR_PARAMS, jnp.zeros(50))
jnp.stack(history)
""",
        kind='leaked-tracer', argument='sfh_params', path='sfh_params', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=16,
        note='The jitted fitting loss appends each SFH to a global list for later plotting; stacking it after the call uses the dead tracers. Fix: return sfh with the loss (has_aux style). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at jnp.stack (line 16).',
    ),
    Case(
        id='v-diffstar-numpy-grid-argmax-index',
        source='https://github.com/ArgonneCPAC/diffstar/issues/66',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

tarr_np = np.linspace(0.1, 13.8, 50)

@jax.jit
def t_peak_sfr(sfh_params):
    sfh = calc_sfh_singlegal(sfh_params, DEFAULT_MAH_PARAMS, tarr_np, lgt0=1.14, fb=0.156)
    return tarr_np[jnp.argmax(sfh)]

t_peak_sfr(DEFAULT_DIFFSTAR_PARAMS)
""",
        kind='array-conversion', argument='sfh_params', path='sfh_params', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The time grid is a NumPy array; indexing it with jnp.argmax(sfh) inside jit makes NumPy convert the traced index. Fix: jnp.asarray(tarr_np)[...] (or jnp.take). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.',
    ),
    Case(
        id='v-diffstar-static-tarr-array',
        source='https://github.com/ArgonneCPAC/diffstar/pull/50',
        code="""\
import functools
import jax
import jax.numpy as jnp
from diffstar import calc_sfh_singlegal, DEFAULT_DIFFSTAR_PARAMS
from diffmah import DEFAULT_MAH_PARAMS

@functools.partial(jax.jit, static_argnames="tarr")
def sfh_on(sfh_params, tarr):
    return calc_sfh_singlegal(sfh_params, DEFAULT_MAH_PARAMS, tarr, lgt0=1.14, fb=0.156)

sfh_on(DEFAULT_DIFFSTAR_PARAMS, tarr=jnp.linspace(0.1, 13.8, 50))
""",
        kind='unhashable-static', argument='tarr', path='tarr', line=11,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note="The time grid (a jax array) is marked static_argnames='tarr'. Fix: stop marking it static (calc_sfh_singlegal traces fine over tarr). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ValueError (Non-hashable static arguments), chained from TypeError.",
    ),
    Case(
        id='v-fdtdx-config-traced-time-steps',
        source='https://github.com/ymahlau/fdtdx/pull/347',
        code="""\
import jax
import jax.numpy as jnp
import fdtdx

@jax.jit
def source_trace(sim_time, period):
    config = fdtdx.SimulationConfig(time=sim_time, grid=fdtdx.UniformGrid(spacing=50e-9), backend="cpu")
    t = jnp.arange(config.time_steps_total) * config.time_step_duration
    return jnp.sin(2 * jnp.pi * t / period)

source_trace(100e-15, 5e-15)
""",
        kind='traced-shape', argument='sim_time', path='sim_time', line=8,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note="A SimulationConfig built inside jit from a traced simulation time; its time_steps_total (round(time / dt)) is then used as a jnp.arange length. Fix: static_argnames='sim_time' (checked), or build the config outside jit as fdtdx PR 347 demands for setup code. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
    Case(
        id='v-fdtdx-str-field-not-frozen',
        source='https://github.com/ymahlau/fdtdx/pull/278',
        code="""\
import jax
import jax.numpy as jnp
import fdtdx

@fdtdx.autoinit
class SliceReducer(fdtdx.TreeClass):
    axis: int = fdtdx.frozen_field(default=2)
    aggregate: str = fdtdx.field(default="mean")

    def __call__(self, energy):
        return getattr(jnp, self.aggregate)(energy, axis=self.axis)

reduce_energy = jax.jit(lambda reducer, energy: reducer(energy))
reduce_energy(SliceReducer(), jnp.ones((4, 4, 4)))
""",
        kind='non-array-argument', argument='reducer', path='reducer.aggregate', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="A user fdtdx.TreeClass with a string option declared with fdtdx.field() instead of frozen_field (the distinction PR 278 discusses), passed to jit. Fix: frozen_field for 'aggregate' (checked); JAX's suggestion static_argnums=0 also works since the object has no arrays (checked). Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError (Error interpreting argument ... path reducer.aggregate).",
    ),
    Case(
        id='v-fdtdx-config-range-field',
        source='https://github.com/ymahlau/fdtdx/pull/278',
        code="""\
import jax
import jax.numpy as jnp
import fdtdx

@fdtdx.autoinit
class RunConfig(fdtdx.TreeClass):
    num_snapshots: int = fdtdx.field(default=4)
    decay: float = fdtdx.field(default=0.9)

@jax.jit
def snapshots(cfg, E):
    frames = []
    for i in range(cfg.num_snapshots):
        frames.append(E * cfg.decay ** i)
    return jnp.stack(frames)

snapshots(RunConfig(), jnp.ones((3, 4, 4, 1)))
""",
        kind='integer-conversion', argument='cfg', path='cfg.num_snapshots', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='range() over an int config field declared with fdtdx.field() (a traced leaf). Fix: frozen_field(default=4); checked. The stacked output length depends on it, so a fori_loop is no fix. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerIntegerConversionError.',
    ),
    Case(
        id='v-fdtdx-leak-energy-log',
        source='https://github.com/ymahlau/fdtdx/pull/312',
        code="""\
import jax
import jax.numpy as jnp
import fdtdx

energy_log = []

@jax.jit
def step(E, H, inv_eps):
    E = E + 0.5 * jnp.roll(H, 1, axis=1)
    energy_log.append(fdtdx.compute_energy(E, H, inv_eps, 1.0))
    return E

E = step(jnp.ones((3, 4, 4, 1)), jnp.ones((3, 4, 4, 1)), jnp.full((3, 4, 4, 1), 0.5))
jnp.sum(energy_log[-1])
""",
        kind='leaked-tracer', argument='E', path='E', line=10,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        use_line=14,
        note='A jitted update step appends fdtdx.compute_energy(...) to a global list; using it after the call hits the escaped tracer. Fix: return the energy. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 14.',
    ),
    Case(
        id='v-fdtdx-grad-if-total-energy',
        source='https://github.com/ymahlau/fdtdx/pull/347',
        code="""\
import jax
import jax.numpy as jnp
import fdtdx

def objective(inv_eps, E, H):
    energy = fdtdx.compute_energy(E, H, inv_eps, 1.0)
    total = energy.sum()
    if total > 10.0:
        return jnp.log(total)
    return total

E = jnp.ones((3, 4, 4, 1))
H = jnp.ones((3, 4, 4, 1))
jax.jit(jax.grad(objective))(jnp.full((3, 4, 4, 1), 0.5), E, H)
""",
        kind='bool-conversion', argument='inv_eps', path='inv_eps', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Python `if` on the total energy from fdtdx.compute_energy inside an objective differentiated w.r.t. the inverse permittivity (jax.jit(jax.grad(objective))). Fix: jnp.where(total > 10, jnp.log(total), total); checked. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerBoolConversionError.',
    ),
    Case(
        id='v-fdtdx-float-peak-energy',
        source='https://github.com/ymahlau/fdtdx/pull/347',
        code="""\
import jax
import jax.numpy as jnp
import fdtdx

@jax.jit
def normalized_energy(E, H, inv_eps):
    energy = fdtdx.compute_energy(E, H, inv_eps, 1.0)
    peak = float(energy.max())
    return energy / peak

E = jnp.ones((3, 4, 4, 1))
normalized_energy(E, 0.5 * E, jnp.full((3, 4, 4, 1), 0.5))
""",
        kind='concretization', argument='E', path='E', line=8,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="float() on the peak of fdtdx.compute_energy inside jit (the same illegal float() cast fdtdx removed from its PML code in PR 347). Fix: drop float()/use .astype(float) as JAX's message suggests. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.",
    ),
]
