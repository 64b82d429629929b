"""Held-out library cases (set bo): pytensor (JAX backend), flaxdiff, glass.

How they were built: every cell is my own reduction of a pattern from the cited
thread, PR or source/README page, written to a file and run with
/tmp/heldout34/venv_bo/bin/python (CPython 3.11.7; venv with system site packages).
Only the last statement raises; each fix was applied by hand to a copy of the cell
and re-run (for pytensor cells the fixed graph was also compiled with mode="JAX"
and called).  Installed: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8,
optax 0.2.8, numpy 2.4.6, pytensor 3.0.7, flaxdiff 0.2.11, glass 2026.4
(array-api-compat 1.16.0).  glass cells enable jax_enable_x64 because glass asks
for float64/complex128; pytensor cells emit a harmless float64->float32 UserWarning.

PyTensor cells use two entry points: pytensor.wrap_jax (the user's JAX function is
traced by jax.eval_shape when applied to PyTensor variables, so the error surfaces
inside the user's function) and pytensor.function(..., mode="JAX") (the graph is
jitted at the first call, so `line` is that call and `argument` is the PyTensor
input variable's name).

Dropped: bayesnf 0.1.3 installs but fails to import (its tensorflow-probability
dependency uses jax.interpreters.xla.pytype_aval_mappings, gone in JAX 0.10.2);
geomstats 2.8.0 has no jax backend (GEOMSTATS_BACKEND=jax -> RuntimeError Unknown
backend); glass replaced them.  Candidate cells not kept: a PyTensor boolean mask
in a mode="JAX" graph (PyTensor rewrites it and it runs); glass.from_key under jit
(glass raises its own ValueError "not a random key" because a tracer is not an
ArrayLike instance: not a tracing-error kind); glass.tomo_nz_gausserr,
effective_bias, restrict, ellipticity_intnorm and gaussian_phz under jit (they fail
even with every argument static because constants are staged, so no user fix
exists).  p7d cites aesara-devs/aesara#924: PyTensor is the continuation of Aesara
and the JAX Scan conversion it describes is the same.

Doubts about labels:
- bo-pytensor-wrapjax-vmap-nonzero: the failing line is in the vmapped helper, so
  argument is its parameter `x`; `paths` (the wrap_jax function's parameter) is
  defensible. jnp.argmax(x > barrier) is another acceptable fix not in the list.
- bo-pytensor-jaxmode-dynamic-slice / -scan-nsteps: `line` is the compiled call
  (last cell frame); the graph line (7 / 7) is where the user would edit. `jnp.where`
  here means PyTensor's pt.where. Kind could be read as concretization for scan.
- bo-pytensor-wrapjax-range-niter: `static` (pass a Python int) is equally natural;
  fori_loop first because it keeps n_iter a graph input.
- bo-pytensor-wrapjax-debug-dict-leak: argument `x` (first of x, w both feeding h).
- bo-flaxdiff-posterior-variance-int: the int() is inside flaxdiff; one may call the
  library bug unfixable on the user side and prefer indexing
  posterior_log_variance_clipped directly (no vocabulary term); kind could be
  concretization since JAX reports ConcretizationTypeError.
- bo-flaxdiff-scheduler-as-jit-arg: JAX does not raise the usual "non-array
  argument" TypeError because the object has a dtype attribute; the AttributeError
  could be labeled differently, and line 7 (where it surfaces) vs 11 (the call) is
  debatable. Closing over the scheduler is an equally good fix.
- bo-flaxdiff-minsnr-builtin-min: JAX raises ValueError (non-scalar truth value),
  not TracerBoolConversionError; jnp.where(snr > 5, 5, snr) is equivalent.
- bo-flaxdiff-karras-timesteps-if / -config-sigma-min-log / -linear-schedule-vmap:
  the failing check lives in flaxdiff; a user may also just not trace the
  hyperparameter (closing over it), which is what `static` means here.
- bo-flaxdiff-linear-schedule-vmap: np.linspace is library code, so `jnp-not-np` is
  not a user fix; marked not verifiable because the fix replaces vmap by a loop.
- bo-glass-radialwindow-zeff-traced: omitting zeff= (glass then computes it with
  traced arithmetic) also fixes it and keeps zmid traced; no vocabulary term.
- bo-glass-radialwindow-jit-arg: passing window.za / window.wa as separate arrays is
  an equally good fix.
- bo-glass-jax-generator-state-leak: argument None because the leaked key comes
  from the closed-over generator, not from shear or sigma_e.
- bo-glass-tophat-windows-jit: `numpy-for-static` (compute edges/windows with
  concrete arrays) is as defensible as `static`.
- bo-glass-fixed-zbins-traced-nbins: traced-shape vs concretization (JAX reports
  ConcretizationTypeError for the linspace num).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bo-pytensor-wrapjax-if-guard',
        source='https://github.com/pymc-devs/pytensor/pull/1614',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import pytensor
import pytensor.tensor as pt
from pytensor import wrap_jax

@wrap_jax
def loglike(theta, data):
    if theta[1] <= 0:
        return -jnp.inf
    return jax.scipy.stats.norm.logpdf(data, theta[0], theta[1]).sum()

theta = pt.vector("theta", shape=(2,))
data = pt.vector("data", shape=(50,))
ll = loglike(theta, data)
""",
        kind='bool-conversion', argument='theta', path='theta', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A log-likelihood handed to pytensor.wrap_jax guards an invalid scale with a Python `if`; wrap_jax traces it with jax.eval_shape when applied to PyTensor variables and JAX raises TracerBoolConversionError. Returning jnp.where(theta[1] <= 0, -inf, ll) keeps the result; checked (also compiled with mode='JAX' and called).",
    ),
    Case(
        id='bo-pytensor-wrapjax-mask-mean',
        source='https://github.com/pymc-devs/pytensor/pull/1614',
        code="""\
import jax.numpy as jnp
import pytensor.tensor as pt
from pytensor import wrap_jax

@wrap_jax
def censored_mean(y, limit):
    return y[y < limit].mean()

y = pt.vector("y", shape=(100,))
limit = pt.scalar("limit")
m = censored_mean(y, limit)
""",
        kind='boolean-index', argument='y', path='y', line=7,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="Censored mean written as y[y < limit].mean() inside a wrap_jax function; the mask depends on the traced inputs so JAX raises NonConcreteBooleanIndexError during wrap_jax's eval_shape. A masked sum over the mask count gives the same value with a static shape; checked.",
    ),
    Case(
        id='bo-pytensor-wrapjax-range-niter',
        source='https://github.com/pymc-devs/pytensor/issues/537',
        code="""\
import jax.numpy as jnp
import pytensor.tensor as pt
from pytensor import wrap_jax

@wrap_jax
def power_iteration(A, v, n_iter):
    for _ in range(n_iter):
        v = A @ v
        v = v / jnp.linalg.norm(v)
    return v

A = pt.matrix("A", shape=(4, 4))
v0 = pt.vector("v0", shape=(4,))
n_iter = pt.iscalar("n_iter")
eigvec = power_iteration(A, v0, n_iter)
""",
        kind='integer-conversion', argument='n_iter', path='n_iter', line=7,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Power iteration whose iteration count is a symbolic pt.iscalar passed into a wrap_jax function; range() on the traced count raises TracerIntegerConversionError. lax.fori_loop accepts a traced bound; passing a plain Python int (wrap_jax keeps non-Variables static) also works; both checked.',
    ),
    Case(
        id='bo-pytensor-wrapjax-np-interp',
        source='https://github.com/pymc-devs/pytensor/issues/537',
        code="""\
import numpy as np
import jax.numpy as jnp
import pytensor.tensor as pt
from pytensor import wrap_jax

grid = np.linspace(0.0, 10.0, 11)
table = np.sqrt(grid)

@wrap_jax
def emulator(t, amp):
    return amp * np.interp(t, grid, table)

t = pt.vector("t", shape=(20,))
amp = pt.scalar("amp")
pred = emulator(t, amp)
""",
        kind='array-conversion', argument='t', path='t', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A tabulated emulator wrapped with wrap_jax calls np.interp on the traced time grid; NumPy asks for __array__ and JAX raises TracerArrayConversionError. jnp.interp is a drop-in replacement; checked.',
    ),
    Case(
        id='bo-pytensor-wrapjax-debug-dict-leak',
        source='https://github.com/pymc-devs/pytensor/pull/1614',
        code="""\
import numpy as np
import jax.numpy as jnp
import pytensor
import pytensor.tensor as pt
from pytensor import wrap_jax

debug = {}

@wrap_jax
def softplus_layer(x, w):
    h = x @ w
    debug["pre_activation"] = h
    return jnp.logaddexp(h, 0.0)

x = pt.matrix("x", shape=(8, 3))
w = pt.matrix("w", shape=(3, 2))
out = softplus_layer(x, w)
print(jnp.max(debug["pre_activation"]))
""",
        kind='leaked-tracer', argument='x', path='x', line=12,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=True,
        use_line=18,
        note='To inspect an intermediate, the wrapped function stores it in a module-level dict; the stored value is an eval_shape tracer and using it afterwards raises UnexpectedTracerError. Returning it as a second output (wrap_jax supports pytree outputs) works; checked.',
    ),
    Case(
        id='bo-pytensor-wrapjax-float-logging',
        source='https://github.com/pymc-devs/pytensor/pull/1614',
        code="""\
import jax.numpy as jnp
import pytensor.tensor as pt
from pytensor import wrap_jax

@wrap_jax
def sse(pred, obs):
    loss = jnp.sum((pred - obs) ** 2)
    print(f"current loss: {float(loss):.4f}")
    return loss

pred = pt.vector("pred", shape=(10,))
obs = pt.vector("obs", shape=(10,))
total = sse(pred, obs)
""",
        kind='concretization', argument='pred', path='pred', line=8,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Progress logging with float(loss) inside a wrap_jax function; float() of the traced loss raises ConcretizationTypeError (the hint about astype does not apply). jax.debug.print prints at run time; checked with mode='JAX'.",
    ),
    Case(
        id='bo-pytensor-jaxmode-dynamic-slice',
        source='https://github.com/pymc-devs/pytensor/issues/312',
        code="""\
import numpy as np
import pytensor
import pytensor.tensor as pt

x = pt.vector("x")
k = pt.iscalar("k")
head = x[:k].sum()
f = pytensor.function([x, k], head, mode="JAX")
f(np.arange(5.0), 3)
""",
        kind='traced-shape', argument='k', path='k', line=9,
        fixes=('jnp.where', 'static'), verifiable=True, jax_fitting_fix=False,
        note="x[:k] with a symbolic pt.iscalar k compiled with mode='JAX'; when the JAX-jitted graph is traced at the first call JAX raises IndexError (slice entries must be static). Masking with pt.where(pt.arange(x.shape[0]) < k, x, 0) keeps the sum; a constant k also works; checked.",
    ),
    Case(
        id='bo-pytensor-jaxmode-scan-nsteps',
        source='https://github.com/aesara-devs/aesara/issues/924',
        code="""\
import numpy as np
import pytensor
import pytensor.tensor as pt

n = pt.iscalar("n")
a = pt.scalar("a")
seq, _ = pytensor.scan(lambda prev: prev * a, outputs_info=pt.ones(()), n_steps=n)
f = pytensor.function([a, n], seq[-1], mode="JAX")
f(0.5, 4)
""",
        kind='traced-shape', argument='n', path='n', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="pytensor.scan with a symbolic n_steps compiled with mode='JAX' becomes lax.scan with a traced length; JAX raises ConcretizationTypeError on the first call. Making n_steps a Python int works; JAX's own hint (while_loop/fori_loop) is not reachable from a PyTensor scan; checked.",
    ),
    Case(
        id='bo-pytensor-wrapjax-vmap-nonzero',
        source='https://github.com/pymc-devs/pytensor/pull/1614',
        code="""\
import jax
import jax.numpy as jnp
import pytensor.tensor as pt
from pytensor import wrap_jax

@wrap_jax
def first_passage(paths, barrier):
    def one_path(x):
        hits = jnp.nonzero(x > barrier)[0]
        return hits[0]
    return jax.vmap(one_path)(paths)

paths = pt.matrix("paths", shape=(16, 200))
barrier = pt.scalar("barrier")
t_hit = first_passage(paths, barrier)
""",
        kind='boolean-index', argument='x', path='x', line=9,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note="First-passage index per path via jax.vmap over a helper that calls jnp.nonzero without size, inside a wrap_jax function; JAX raises ConcretizationTypeError asking for a static size. jnp.nonzero(..., size=1, fill_value=-1) works; checked with mode='JAX'.",
    ),
    Case(
        id='bo-flaxdiff-posterior-variance-int',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/discrete.py',
        code="""\
import jax
import jax.numpy as jnp
from flaxdiff.schedulers import CosineNoiseScheduler

schedule = CosineNoiseScheduler(1000)

@jax.jit
def ddpm_step(x_t, x0_pred, t, key):
    mean = schedule.get_posterior_mean(x0_pred, x_t, t)
    std = schedule.get_posterior_variance(t, shape=(-1, 1, 1, 1))
    return mean + std * jax.random.normal(key, x_t.shape)

x = jnp.zeros((2, 8, 8, 3))
ddpm_step(x, x, jnp.array(500), jax.random.PRNGKey(0))
""",
        kind='integer-conversion', argument='t', path='t', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A hand-written jitted DDPM step calls DiscreteNoiseScheduler.get_posterior_variance, which does int(steps) internally; with a traced t JAX raises ConcretizationTypeError from int(). Marking t static (static_argnums=2) lets the library index with a Python int; checked.',
    ),
    Case(
        id='bo-flaxdiff-generate-timesteps-batch',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/common.py',
        code="""\
import jax
import jax.numpy as jnp
from flaxdiff.schedulers import EDMNoiseScheduler
from flaxdiff.utils import RandomMarkovState

schedule = EDMNoiseScheduler(1, sigma_max=80, rho=7, sigma_data=0.5)

@jax.jit
def make_noisy(images, batch_size, rngstate):
    t, rngstate = schedule.generate_timesteps(batch_size, rngstate)
    rngstate, key = rngstate.get_random_key()
    noise = jax.random.normal(key, images.shape)
    return schedule.add_noise(images, noise, t), t, rngstate

images = jnp.zeros((4, 16, 16, 3))
make_noisy(images, 4, RandomMarkovState(jax.random.PRNGKey(0)))
""",
        kind='traced-shape', argument='batch_size', path='batch_size', line=10,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=True,
        note='batch_size passed as a jitted argument to NoiseScheduler.generate_timesteps, which uses it as the shape of jax.random draws; JAX raises TypeError (shapes must be concrete). Using images.shape[0] or static_argnums both work; checked.',
    ),
    Case(
        id='bo-flaxdiff-karras-timesteps-if',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/karras.py',
        code="""\
import jax
import jax.numpy as jnp
from flaxdiff.schedulers import KarrasVENoiseScheduler

sigmas = jnp.array([0.1, 1.0, 10.0])

@jax.jit
def steps_for(sigma_max):
    schedule = KarrasVENoiseScheduler(1.0, sigma_min=0.002, sigma_max=sigma_max, rho=7.0)
    return schedule.get_timesteps(sigmas)

steps_for(80.0)
""",
        kind='bool-conversion', argument='sigma_max', path='sigma_max', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Building a KarrasVENoiseScheduler from a traced sigma_max inside jit; get_timesteps runs the library's own `if abs(denominator) < 1e-7`, raising TracerBoolConversionError. The schedule needs Python hyperparameters, so making sigma_max static works; checked.",
    ),
    Case(
        id='bo-flaxdiff-config-sigma-min-log',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/karras.py',
        code="""\
import jax
import jax.numpy as jnp
import flax.struct
from flaxdiff.schedulers import SimpleExpNoiseScheduler

@flax.struct.dataclass
class ScheduleConfig:
    sigma_min: float = 0.002
    sigma_max: float = 80.0

@jax.jit
def loss_weights(cfg, t):
    schedule = SimpleExpNoiseScheduler(1000, sigma_min=cfg.sigma_min, sigma_max=cfg.sigma_max)
    return schedule.get_weights(t)

loss_weights(ScheduleConfig(), jnp.array([10, 500, 900]))
""",
        kind='concretization', argument='cfg', path='cfg.sigma_min', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A flax.struct config passed to a jitted function feeds SimpleExpNoiseScheduler, whose __init__ calls math.log(sigma_min); the traced leaf raises ConcretizationTypeError from float(). Declaring the fields with flax.struct.field(pytree_node=False) makes them static; checked.',
    ),
    Case(
        id='bo-flaxdiff-rngstate-on-self',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/utils.py',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from flaxdiff.schedulers import CosineNoiseScheduler
from flaxdiff.utils import RandomMarkovState

class NoisingPipeline:
    def __init__(self, seed):
        self.schedule = CosineNoiseScheduler(1000)
        self.rngstate = RandomMarkovState(jax.random.PRNGKey(seed))

    @partial(jax.jit, static_argnums=0)
    def sample_timesteps(self, rngstate, images):
        t, self.rngstate = self.schedule.generate_timesteps(images.shape[0], rngstate)
        return t

pipe = NoisingPipeline(0)
pipe.sample_timesteps(pipe.rngstate, jnp.zeros((4, 8, 8, 3)))
pipe.rngstate.get_random_key()
""",
        kind='leaked-tracer', argument='rngstate', path='rngstate.rng', line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        use_line=19,
        note='A jitted method stores the RandomMarkovState returned by generate_timesteps on self; the stored key is a tracer and the later eager get_random_key raises UnexpectedTracerError. Returning the new state and assigning it outside works; checked.',
    ),
    Case(
        id='bo-flaxdiff-scheduler-as-jit-arg',
        source='https://github.com/AshishKumar4/FlaxDiff#readme',
        code="""\
import jax
import jax.numpy as jnp
from flaxdiff.schedulers import CosineNoiseScheduler

@jax.jit
def q_sample(schedule, x0, noise, t):
    return schedule.add_noise(x0, noise, t)

x0 = jnp.ones((2, 8, 8, 3))
noise = jax.random.normal(jax.random.PRNGKey(0), x0.shape)
q_sample(CosineNoiseScheduler(1000), x0, noise, jnp.array([10, 900]))
""",
        kind='non-array-argument', argument='schedule', path='schedule', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A noise scheduler object passed as a jitted argument; because it has a `dtype` attribute JAX abstracts it as a float32 scalar instead of refusing it, so the method call fails with AttributeError (tracer has no add_noise). static_argnums=0 (schedulers hash by identity) works; checked.',
    ),
    Case(
        id='bo-flaxdiff-rates-shape-list-static',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/common.py',
        code="""\
import jax
import jax.numpy as jnp
from functools import partial
from flaxdiff.schedulers import CosineNoiseScheduler

schedule = CosineNoiseScheduler(1000)

@partial(jax.jit, static_argnames="shape")
def rates(t, shape):
    return schedule.get_rates(t, shape=shape)

rates(jnp.array([10, 500]), shape=[-1, 1, 1, 1])
""",
        kind='unhashable-static', argument='shape', path='shape', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note="get_rates' reshape target marked static but given as a list; jit raises ValueError (non-hashable static argument). Passing the tuple (-1, 1, 1, 1) works; checked.",
    ),
    Case(
        id='bo-flaxdiff-linear-schedule-vmap',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/linear.py',
        code="""\
import jax
import jax.numpy as jnp
from flaxdiff.schedulers import LinearNoiseSchedule

def terminal_snr(beta_end):
    schedule = LinearNoiseSchedule(1000, beta_end=beta_end)
    alpha, sigma = schedule.get_rates(jnp.array([999]), shape=(-1,))
    return (alpha / sigma) ** 2

jax.vmap(terminal_snr)(jnp.array([0.01, 0.02, 0.04]))
""",
        kind='array-conversion', argument='beta_end', path='beta_end', line=6,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='Sweeping beta_end with jax.vmap over LinearNoiseSchedule construction; the library builds betas with np.linspace, so the batched tracer hits __array__ and JAX raises TracerArrayConversionError. The schedule needs Python floats: looping in Python over the values works (checked), but that rewrites the vmap call.',
    ),
    Case(
        id='bo-flaxdiff-minsnr-builtin-min',
        source='https://github.com/AshishKumar4/FlaxDiff/blob/main/flaxdiff/schedulers/cosine.py',
        code="""\
import jax
import jax.numpy as jnp
from flaxdiff.schedulers import CosineNoiseScheduler

schedule = CosineNoiseScheduler(1000)

def loss_fn(w, x0, noise, t):
    x_t = schedule.add_noise(x0, noise, t)
    alpha, sigma = schedule.get_rates(t, shape=(-1,))
    snr_weight = min(alpha ** 2 / sigma ** 2, 5.0)
    per_sample = jnp.mean((x_t * w - noise) ** 2, axis=(1, 2, 3))
    return jnp.mean(snr_weight * per_sample)

x0 = jnp.ones((4, 8, 8, 3))
noise = jax.random.normal(jax.random.PRNGKey(1), x0.shape)
jax.jit(jax.value_and_grad(loss_fn))(1.0, x0, noise, jnp.array([5, 200, 600, 950]))
""",
        kind='bool-conversion', argument='t', path='t', line=10,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Min-SNR loss weighting with Python min() on per-sample SNRs from get_rates, under jax.jit(jax.value_and_grad(loss)); the comparison of a traced batch raises ValueError (truth value of an array is ambiguous). jnp.minimum keeps the semantics; checked.',
    ),
    Case(
        id='bo-glass-tophat-windows-jit',
        source='https://github.com/glass-dev/glass/pull/643',
        code="""\
import jax
import jax.numpy as jnp
import glass

jax.config.update("jax_enable_x64", True)

@jax.jit
def shell_bias(zbins, b0):
    shells = glass.tophat_windows(zbins, dz=0.01)
    return jnp.stack([
        jnp.trapezoid(b0 * (1 + w.za) * w.wa, w.za) / jnp.trapezoid(w.wa, w.za)
        for w in shells
    ])

shell_bias(jnp.linspace(0.0, 2.0, 11), 1.2)
""",
        kind='bool-conversion', argument='zbins', path='zbins', line=9,
        fixes=('static',), verifiable=False, jax_fitting_fix=False,
        note='glass.tophat_windows called on traced bin edges inside jit; its own `if zbins[0] != 0` check raises TracerBoolConversionError (it also needs int() and float() of edges later). Building the windows outside the jitted function from concrete edges works (checked), which is a restructure rather than a one-line change.',
    ),
    Case(
        id='bo-glass-radialwindow-zeff-traced',
        source='https://github.com/glass-dev/glass/pull/62',
        code="""\
import jax
import jax.numpy as jnp
import glass

jax.config.update("jax_enable_x64", True)
z = jnp.linspace(0.0, 3.0, 301)

@jax.jit
def gaussian_shell(zmid, width):
    w = jnp.exp(-0.5 * ((z - zmid) / width) ** 2)
    shell = glass.RadialWindow(z, w, zeff=zmid)
    return shell.za, shell.wa, shell.zeff

gaussian_shell(1.0, 0.1)
""",
        kind='concretization', argument='zmid', path='zmid', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='RadialWindow(z, w, zeff=zmid) inside jit with a traced zmid; the dataclass __post_init__ calls math.isnan(zeff), raising ConcretizationTypeError from float(). static_argnums=0 works; checked.',
    ),
    Case(
        id='bo-glass-fixed-zbins-numpy-default',
        source='https://github.com/glass-dev/glass/pull/677',
        code="""\
import jax
import jax.numpy as jnp
import glass

jax.config.update("jax_enable_x64", True)

@jax.jit
def bin_edges(zmin, zmax):
    return glass.fixed_zbins(zmin, zmax, nbins=5)

bin_edges(0.0, 2.0)
""",
        kind='array-conversion', argument='zmin', path='zmin', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='glass.fixed_zbins defaults to the NumPy backend when xp is not given, so np.linspace meets traced edges and JAX raises TracerArrayConversionError. Passing xp=jnp runs the same code on jax.numpy; checked.',
    ),
    Case(
        id='bo-glass-jax-generator-state-leak',
        source='https://github.com/glass-dev/glass/issues/1017',
        code="""\
import jax
import jax.numpy as jnp
import glass.jax

rng = glass.jax.Generator(42)

@jax.jit
def add_shape_noise(shear, sigma_e):
    noise = rng.normal(0.0, sigma_e, size=shear.shape)
    return shear + noise

g_obs = add_shape_noise(jnp.zeros(1000), 0.26)
more = rng.normal(0.0, 0.26, size=10)
""",
        kind='leaked-tracer', argument=None, path=None, line=9,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=13,
        note='A module-level glass.jax.Generator used inside jit advances its key by assigning to self.key, so the generator keeps a tracer; the next eager draw raises UnexpectedTracerError. Creating the generator from a seed/key argument inside the function and returning its new key works (checked), but it rewrites the function.',
    ),
    Case(
        id='bo-glass-radialwindow-jit-arg',
        source='https://github.com/glass-dev/glass/pull/925',
        code="""\
import jax
import jax.numpy as jnp
import glass

jax.config.update("jax_enable_x64", True)
z = jnp.linspace(0.0, 3.0, 301)
shell = glass.RadialWindow(z, jnp.exp(-0.5 * ((z - 1.0) / 0.1) ** 2), zeff=1.0)

@jax.jit
def shell_bias(b0, window):
    bz = b0 * (1 + window.za)
    return jnp.trapezoid(bz * window.wa, window.za) / jnp.trapezoid(window.wa, window.za)

shell_bias(1.2, shell)
""",
        kind='non-array-argument', argument='window', path='window', line=14,
        fixes=('register-pytree',), verifiable=True, jax_fitting_fix=False,
        note='A glass.RadialWindow (frozen dataclass, not a pytree) passed to a jitted function; JAX raises TypeError. Its suggested static_argnums fails (the dataclass hashes its arrays: ValueError, checked); jax.tree_util.register_dataclass with zeff as a meta field works; checked.',
    ),
    Case(
        id='bo-glass-zbins-list-static',
        source='https://github.com/glass-dev/glass/issues/447',
        code="""\
import jax
import jax.numpy as jnp
import glass

jax.config.update("jax_enable_x64", True)
z = jnp.linspace(0.0, 3.0, 301)
zbins = glass.fixed_zbins(0.0, 2.0, nbins=4)

def bin_fractions(nz, zbins):
    total = jnp.trapezoid(nz, z)
    return jnp.stack([jnp.trapezoid(jnp.where((z >= lo) & (z < hi), nz, 0.0), z) / total for lo, hi in zbins])

jax.jit(bin_fractions, static_argnames="zbins")(glass.smail_nz(z, 0.9, 2.0, 1.5), zbins)
""",
        kind='unhashable-static', argument='zbins', path='zbins', line=13,
        fixes=('hashable-static', 'not-static'), verifiable=True, jax_fitting_fix=False,
        note='The list of bin-edge tuples returned by glass.fixed_zbins marked static; jit raises ValueError (unhashable list). tuple(...) of the NumPy edges hashes; dropping static_argnames also works here since jnp.where takes traced edges; both checked.',
    ),
    Case(
        id='bo-glass-fixed-zbins-traced-nbins',
        source='https://github.com/glass-dev/glass/pull/677',
        code="""\
import jax
import jax.numpy as jnp
import glass

jax.config.update("jax_enable_x64", True)

@jax.jit
def bin_centres(zmax, nbins):
    edges = glass.fixed_zbins(0.0, zmax, nbins=nbins, xp=jnp)
    return jnp.array([(lo + hi) / 2 for lo, hi in edges])

bin_centres(2.0, 5)
""",
        kind='traced-shape', argument='nbins', path='nbins', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of tomographic bins passed as a jitted argument to glass.fixed_zbins(xp=jnp); it becomes the num of jnp.linspace and JAX raises ConcretizationTypeError. static_argnums=1 works; checked.',
    ),
]
