"""Held-out library cases (set bp): audax, contrax, copulax.

How they were built: each cell is my own reduction of a usage pattern shown in the
library's README / docstrings (none of the three has GitHub issue threads about
tracing errors, so `source` points at the docs page or the source file whose
docstring documents the API being exercised).  Every cell was written to a file
and run with /tmp/heldout34/venv_bp/bin/python (CPython 3.11.7); every statement
but the last runs, the last raises; `line`/`use_line` were checked against the
traceback frames in the file.  For each case the first fix was applied by hand
to a copy of the cell and the copy was re-run without error.

Installed (venv with --system-site-packages, pins kept): jax 0.10.2,
jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8, numpy 2.4.6;
audax 0.0.3, contrax 0.1.0 (pulls diffrax as a dependency), copulax 3.0.0
with quadax pinned to 0.2.13 (copulax 3.0.0 imports quadax.utils.MAPFUNS,
which quadax 0.3.1 no longer has; interpax is also a dependency).
contrax cells enable jax_enable_x64 (the library's lqr/dare require it).

Dropped / swapped:
- keypoint-moseq 0.8.1: installs and imports, but it exposes no user-traced JAX
  API (fitting is done inside jax-moseq, which is on the exclusion list), so no
  real user pattern produces a tracing error through it.
- jaxlayerlumos 0.3.5: installs and imports, but its stack solver asserts on
  array values (`assert thicknesses[0] == 0`, `if jnp.all(...) and ...`), so
  jit/vmap of any objective over thicknesses or n_k fails inside the library and
  no fix from the vocabulary applies (only "do not jit"); plain jax.grad works.
- jaxkern 0.0.5: import fails (`from jax.random import KeyArray`).
- jaxwell 0.2.0: imports, but the whole API is `solve`, whose Python
  convergence loop makes every jit fail inside the library; too small for 6 cases.
- jax-am: not tried (depends on jax-fem, listed as not installing).
Replacements: contrax and copulax (neither on the exclusion lists).

Doubts about labels:
- bp-audax-slaney-mel-bool-index-in-jit: argument is None because the mask comes
  from constants that are only traced because they are computed under jit; the
  fix is hoisting the filterbank out of the jitted function, which I filed under
  `static` ("moving it out of the traced function"); `numpy-for-static` is
  also defensible.
- bp-audax-hanning-nfft-traced: JAX raises ConcretizationTypeError, so
  `concretization` is defensible; I used traced-shape because n_fft is a window
  length (size).
- bp-contrax-simulate-num-steps-int: int(num_steps) raises
  ConcretizationTypeError, not TracerIntegerConversionError; labelled
  integer-conversion per the int() rule, `traced-shape` is also defensible (it is a
  scan length).
- bp-audax-specaugment-num-masks-range: the count is a loop count in the library
  (`range`), so `traced-shape` is defensible; kept integer-conversion for range().
- bp-contrax-jit-simulate-policy-arg: JAX's message suggests marking the
  problematic argument static; doing that for `policy` alone then fails on
  int(num_steps), so I set jax_fitting_fix=False; True is arguable.
- bp-contrax-system-marked-static: path given as sys.A (the first array field the
  hash touches); `sys` as a whole is also a reasonable answer.
- bp-contrax-policy-appends-to-list: `return-value` here means "use the
  trajectory simulate returns" since the policy's return value is fixed by the
  library; `jax.debug.print` is acceptable if the list was only for logging.
- bp-contrax-rollout-substeps-range: `static` (take substeps out of the traced
  params dict) is just as good a first fix as lax.fori_loop; fori_loop with a
  traced bound would not support reverse-mode grad.
- bp-contrax-ekf-math-atan2-observation: the offender is the `math` module, not
  NumPy; filed under jnp-not-np as the closest vocabulary item.
- bp-contrax-saturation-builtin-minmax: argument `u` (dynamics parameter); the
  user could also think of the policy's `x` as the culprit since u comes from it.
- bp-contrax-settling-time-mask-index / bp-copulax-expected-shortfall-mask: the
  mask depends on several inputs (log_r via K; nu and key); I named the first
  traced parameter.
- bp-copulax-ppf-brent-flag-traced: argument is ppf's own parameter `brent`
  (the user jitted the library method directly).
- bp-copulax-fitted-dist-stored-in-global: JAX's message talks about custom_vjp
  nondiff_argnums, not about side effects, hence jax_fitting_fix=False.
- bp-copulax-rvs-size-traced: the TypeError message suggests static_argnums,
  which fits, so jax_fitting_fix=True.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bp-audax-hanning-nfft-traced',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/core/README.md',
        code="""\
import jax
import jax.numpy as jnp
from audax.core import functional

@jax.jit
def log_spec(audio, n_fft):
    window = jnp.hanning(n_fft)
    spec = functional.spectrogram(audio, pad=0, window=window, n_fft=n_fft,
                                  hop_length=160, win_length=n_fft, power=2.0)
    return jnp.log(jnp.clip(spec, 1e-8))

audio = jnp.zeros((2, 16000))
log_spec(audio, 400)
""",
        kind='traced-shape', argument='n_fft', path='n_fft', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The window length for audax's spectrogram is passed as an argument of the jitted feature function, so jnp.hanning(n_fft) gets a tracer where a window size is needed; JAX raises ConcretizationTypeError. Marking n_fft static (static_argnames) is the fix; checked.",
    ),
    Case(
        id='bp-audax-melscale-sample-rate-float',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/core/README.md',
        code="""\
import jax
import jax.numpy as jnp
from audax.core import functional

def logmel(spec, sample_rate):
    fb = functional.melscale_fbanks(n_freqs=257, n_mels=64,
                                    sample_rate=sample_rate, f_min=60.0)
    return jnp.log(functional.apply_melscale(spec, fb) + 1e-6)

spec = jnp.ones((2, 101, 257))
jax.jit(logmel)(spec, 16000)
""",
        kind='concretization', argument='sample_rate', path='sample_rate', line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='melscale_fbanks computes f_max = float(sample_rate // 2) when f_max is omitted, so a traced sample_rate hits float() inside audax and JAX raises ConcretizationTypeError (its hint about astype does not apply). Making sample_rate static fixes it; checked.',
    ),
    Case(
        id='bp-audax-specaugment-param-if',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/transforms/spec_augment.py',
        code="""\
import jax
import jax.numpy as jnp
from audax.transforms.spec_augment import SpecAugment

def augment_batch(batch, key, freq_param, time_param):
    aug = SpecAugment(freq_param=freq_param, time_param=time_param, num_masks=2)
    out, key = aug(batch, key)
    return out, key

batch = jnp.ones((8, 101, 64, 1))
step = jax.jit(augment_batch)
step(batch, jax.random.PRNGKey(0), 8, 20)
""",
        kind='bool-conversion', argument='freq_param', path='freq_param', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="SpecAugment.augment branches with `if self.freq_param != 0`, so building the augmenter from jit arguments makes audax's own if see a tracer; JAX raises TracerBoolConversionError. The mask widths are configuration: mark freq_param/time_param static; checked.",
    ),
    Case(
        id='bp-audax-specaugment-num-masks-range',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/transforms/spec_augment.py',
        code="""\
import jax
import jax.numpy as jnp
from audax.transforms.spec_augment import SpecAugment

@jax.jit
def augment(batch, key, num_masks):
    spec_aug = SpecAugment(freq_param=8, time_param=20, num_masks=num_masks)
    return spec_aug(batch, key)

batch = jnp.ones((8, 101, 64, 1))
augment(batch, jax.random.PRNGKey(0), 2)
""",
        kind='integer-conversion', argument='num_masks', path='num_masks', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='SpecAugment.__call__ loops `for _ in range(self.num_masks)`; with num_masks a jit argument range() calls __index__ on a tracer and JAX raises TracerIntegerConversionError. The loop lives in the library, so only making num_masks static works; checked.',
    ),
    Case(
        id='bp-audax-mixup-mode-enum-arg',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/transforms/mixup.py',
        code="""\
import jax
import jax.numpy as jnp
from audax.transforms.mixup import do_mixup
from audax.training_utils.misc import TrainingMode

@jax.jit
def mix(key, audio, labels, mode):
    return do_mixup(key, audio, labels, alpha=0.2, mode=mode)

audio = jnp.ones((8, 101, 64, 1))
labels = jax.nn.one_hot(jnp.arange(8) % 10, 10)
mix(jax.random.PRNGKey(0), audio, labels, TrainingMode.MULTICLASS)
""",
        kind='non-array-argument', argument='mode', path='mode', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="do_mixup takes a TrainingMode enum; passing it through a jitted wrapper makes jit try to abstract an Enum and raise TypeError (not a valid JAX type). JAX's message suggests static_argnums/static_argnames, which works (the enum is hashable); checked.",
    ),
    Case(
        id='bp-audax-slaney-mel-bool-index-in-jit',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/core/README.md',
        code="""\
import jax
import jax.numpy as jnp
from audax.core import functional

def logmel(spec):
    fb = functional.melscale_fbanks(n_freqs=257, n_mels=64, sample_rate=16000,
                                    f_min=0.0, f_max=8000.0, mel_scale="slaney")
    return jnp.log(functional.apply_melscale(spec, fb) + 1e-6)

spec = jnp.ones((2, 101, 257))
jax.jit(logmel)(spec)
""",
        kind='boolean-index', argument=None, path=None, line=6,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Building a slaney-scale filterbank inside a jitted function: audax's _mel_to_hz indexes mels[mels >= min_log_mel], and under jit even these constant-derived arrays are traced, so JAX raises NonConcreteBooleanIndexError although no argument is involved. Compute the filterbank once outside the jitted function (as the audax README does); checked.",
    ),
    Case(
        id='bp-audax-specaugment-rng-leak-on-object',
        source='https://github.com/SarthakYadav/audax/blob/HEAD/audax/transforms/spec_augment.py',
        code="""\
import jax
import jax.numpy as jnp
from audax.transforms.spec_augment import SpecAugment

spec_aug = SpecAugment(freq_param=8, time_param=20)

@jax.jit
def train_step(batch, rng):
    augmented, spec_aug.next_rng = spec_aug(batch, rng)
    return jnp.mean(augmented)

batch = jnp.ones((8, 101, 64, 1))
loss = train_step(batch, jax.random.PRNGKey(0))
augmented, _ = spec_aug(batch, spec_aug.next_rng)
""",
        kind='leaked-tracer', argument='rng', path='rng', line=9, use_line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The new PRNG key that SpecAugment returns is stored as an attribute of the augmenter object inside a jitted train step and reused eagerly afterwards; JAX raises UnexpectedTracerError at the later call. Return the key from the step instead (the message says to return outputs explicitly); checked.',
    ),
    Case(
        id='bp-contrax-simulate-num-steps-int',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

SYS = cx.dss(jnp.array([[1.0, 0.05], [0.0, 1.0]]), jnp.array([[0.0], [0.05]]),
             jnp.eye(2), jnp.zeros((2, 1)), dt=0.05)
K = cx.lqr(SYS, jnp.eye(2), jnp.array([[1.0]])).K

@jax.jit
def regulation_cost(x0, horizon):
    _, xs, _ = cx.simulate(SYS, x0, lambda t, x: -K @ x, num_steps=horizon)
    return jnp.sum(xs ** 2)

regulation_cost(jnp.array([1.0, 0.0]), 80)
""",
        kind='integer-conversion', argument='horizon', path='horizon', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='contrax.simulate does int(num_steps) to size its lax.scan, so a horizon passed into the jitted cost is traced and JAX raises ConcretizationTypeError from int() (the astype hint does not fit). Mark horizon static; checked.',
    ),
    Case(
        id='bp-contrax-bang-bang-policy-if-vmap',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

SYS = cx.dss(jnp.array([[1.0, 0.05], [0.0, 1.0]]), jnp.array([[0.0], [0.05]]),
             jnp.eye(2), jnp.zeros((2, 1)), dt=0.05)

def bang_bang(t, x):
    if x[0] > 0:
        return jnp.array([-1.0])
    return jnp.array([1.0])

x0s = jnp.array([[1.0, 0.0], [-0.5, 0.2], [0.3, -0.1]])
run = lambda x0: cx.simulate(SYS, x0, bang_bang, num_steps=100)
ts, xs, ys = jax.vmap(run)(x0s)
""",
        kind='bool-conversion', argument='x', path='x', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A bang-bang policy branches on the state with a Python if; simulate traces the policy inside lax.scan (and here also under vmap over initial states), so JAX raises TracerBoolConversionError. jnp.where (or lax.cond) selects the control; checked with jnp.where.',
    ),
    Case(
        id='bp-contrax-saturation-builtin-minmax',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

def pendulum(t, x, u):
    torque = max(-2.0, min(2.0, u[0]))
    theta, omega = x
    return jnp.array([theta + 0.01 * omega,
                      omega + 0.01 * (-9.81 * jnp.sin(theta) + torque)])

sys = cx.nonlinear_system(pendulum, dt=0.01)
policy = lambda t, x: jnp.array([-5.0 * x[0] - x[1]])
ts, xs, ys = cx.simulate(sys, jnp.array([0.5, 0.0]), policy, num_steps=200)
""",
        kind='bool-conversion', argument='u', path='u', line=7,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='Actuator saturation written with Python max/min inside the dynamics of a nonlinear_system; simulate traces the dynamics in lax.scan and the builtins compare tracers, raising TracerBoolConversionError. Use jnp.clip/jnp.minimum/jnp.maximum; checked with jnp.clip.',
    ),
    Case(
        id='bp-contrax-rollout-numpy-sin',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx
import numpy as np

def pendulum_step(x, u, params):
    theta, omega = x
    alpha = -params["g"] / params["l"] * np.sin(theta) + u[0]
    return jnp.array([theta + params["dt"] * omega, omega + params["dt"] * alpha])

params = {"g": 9.81, "l": 0.5, "dt": 0.02}
us = jnp.zeros((100, 1))
xs = cx.rollout(pendulum_step, jnp.array([0.1, 0.0]), us, params)
""",
        kind='array-conversion', argument='x', path='x', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The transition function given to contrax.rollout calls np.sin on the state; rollout traces it with lax.scan, so NumPy calls __array__ on a tracer and JAX raises TracerArrayConversionError. Use jnp.sin; checked.',
    ),
    Case(
        id='bp-contrax-policy-appends-to-list',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

SYS = cx.dss(jnp.array([[1.0, 0.05], [0.0, 1.0]]), jnp.array([[0.0], [0.05]]),
             jnp.eye(2), jnp.zeros((2, 1)), dt=0.05)
K = cx.lqr(SYS, jnp.eye(2), jnp.array([[1.0]])).K
applied = []

def logged_policy(t, x):
    u = -K @ x
    applied.append(u)
    return u

ts, xs, ys = cx.simulate(SYS, jnp.array([1.0, 0.0]), logged_policy, num_steps=50)
effort = jnp.sum(jnp.stack(applied) ** 2)
""",
        kind='leaked-tracer', argument='x', path='x', line=13, use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The policy logs each control into a Python list while simulate traces it in lax.scan; stacking the list afterwards touches scan tracers and JAX raises UnexpectedTracerError. Use what simulate returns (recompute u from the returned xs) instead of a side list; checked.',
    ),
    Case(
        id='bp-contrax-jit-simulate-policy-arg',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

SYS = cx.dss(jnp.array([[1.0, 0.05], [0.0, 1.0]]), jnp.array([[0.0], [0.05]]),
             jnp.eye(2), jnp.zeros((2, 1)), dt=0.05)
K = cx.lqr(SYS, jnp.eye(2), jnp.array([[1.0]])).K

def policy(t, x):
    return -K @ x

fast_simulate = jax.jit(cx.simulate)
fast_simulate(SYS, jnp.array([1.0, 0.0]), policy, num_steps=80)
""",
        kind='non-array-argument', argument='policy', path='policy', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Wrapping cx.simulate itself in jax.jit passes the policy callable as a traced argument, and jit raises TypeError (a function is not a valid JAX type). Mark policy and num_steps static (or close over them); checked with static_argnames=('policy', 'num_steps').",
    ),
    Case(
        id='bp-contrax-system-marked-static',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx
from functools import partial

SYS = cx.dss(jnp.array([[1.0, 0.05], [0.0, 1.0]]), jnp.array([[0.0], [0.05]]),
             jnp.eye(2), jnp.zeros((2, 1)), dt=0.05)

@partial(jax.jit, static_argnums=0)
def tuned_cost(sys, log_q):
    K = cx.lqr(sys, jnp.diag(jnp.exp(log_q)), jnp.array([[1.0]])).K
    _, xs, _ = cx.simulate(sys, jnp.array([1.0, 0.0]), lambda t, x: -K @ x, num_steps=60)
    return jnp.sum(xs ** 2)

tuned_cost(SYS, jnp.zeros(2))
""",
        kind='unhashable-static', argument='sys', path='sys.A', line=16,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The plant (a DiscLTI equinox module holding arrays A, B, C, D, dt) is marked static as if it were configuration; hashing its array fields fails and jit raises ValueError (non-hashable static argument). DiscLTI is a pytree, so pass it traced; checked by dropping static_argnums.',
    ),
    Case(
        id='bp-contrax-settling-time-mask-index',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

SYS = cx.dss(jnp.array([[1.0, 0.05], [0.0, 1.0]]), jnp.array([[0.0], [0.05]]),
             jnp.eye(2), jnp.zeros((2, 1)), dt=0.05)

@jax.jit
def settling_time(log_r):
    K = cx.lqr(SYS, jnp.eye(2), jnp.exp(log_r)[None, None]).K
    ts, xs, _ = cx.simulate(SYS, jnp.array([1.0, 0.0]), lambda t, x: -K @ x, num_steps=200)
    outside = jnp.abs(xs[1:, 0]) > 0.02
    return jnp.max(ts[outside])

settling_time(jnp.array(0.0))
""",
        kind='boolean-index', argument='log_r', path='log_r', line=14,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A settling-time metric selects the sample times where the simulated state is outside a band with ts[mask] inside the jitted tuning objective; the mask depends on the LQR weight, so JAX raises NonConcreteBooleanIndexError. jnp.max(jnp.where(mask, ts, 0.0)) keeps the result; checked.',
    ),
    Case(
        id='bp-contrax-rollout-substeps-range',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx

def integrate(x, u, params):
    h = params["dt"] / params["substeps"]
    for _ in range(params["substeps"]):
        x = x + h * jnp.array([x[1], -params["k"] * x[0] + u[0]])
    return x

@jax.jit
def simulate_model(params, x0, us):
    return cx.rollout(integrate, x0, us, params)

params = {"dt": 0.1, "k": 4.0, "substeps": 4}
simulate_model(params, jnp.array([1.0, 0.0]), jnp.zeros((50, 1)))
""",
        kind='integer-conversion', argument='params', path="params['substeps']", line=8,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A params dict passed through a jitted wrapper into contrax.rollout carries the integrator sub-step count, which the transition function feeds to range(); JAX raises TracerIntegerConversionError. lax.fori_loop accepts a traced trip count (or keep substeps out of the traced params); checked with fori_loop.',
    ),
    Case(
        id='bp-contrax-ekf-math-atan2-observation',
        source='https://pypi.org/project/contrax/0.1.0/',
        code="""\
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import contrax as cx
import math

def f(x, u):
    return jnp.array([x[0] + 0.1 * x[2], x[1] + 0.1 * x[3], x[2], x[3]])

def bearing(x):
    return jnp.array([math.atan2(x[1], x[0])])

result = cx.ekf(f, Q_noise=1e-3 * jnp.eye(4), R_noise=1e-2 * jnp.eye(1),
                ys=jnp.zeros((20, 1)), us=jnp.zeros((20, 1)),
                x0=jnp.array([1.0, 1.0, 0.1, 0.0]), P0=jnp.eye(4), observation=bearing)
""",
        kind='concretization', argument='x', path='x', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A bearing observation model for cx.ekf uses math.atan2, which calls float() on the state; ekf traces the observation (jacfwd inside lax.scan) so JAX raises ConcretizationTypeError. Use jnp.arctan2; checked.',
    ),
    Case(
        id='bp-copulax-rvs-size-traced',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/_src/_distributions.py',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import student_t

params = {"nu": jnp.array(4.0), "mu": jnp.array(0.0), "sigma": jnp.array(1.0)}

@jax.jit
def simulate_returns(key, n_days):
    draws = student_t.rvs(size=(n_days,), params=params, key=key)
    return jnp.cumsum(draws)

simulate_returns(jax.random.PRNGKey(0), 250)
""",
        kind='traced-shape', argument='n_days', path='n_days', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="student_t.rvs receives a sample size that is an argument of the jitted simulator, so the sample shape contains a tracer and JAX raises TypeError (shapes must be concrete). copulAX documents size as static; the message's static_argnums hint works; checked.",
    ),
    Case(
        id='bp-copulax-rvs-size-list-static',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/_src/_distributions.py',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import gamma

sample = jax.jit(gamma.rvs, static_argnames="size")
params = {"alpha": jnp.array(2.0), "beta": jnp.array(1.5)}
sample(size=[500, 3], params=params, key=jax.random.PRNGKey(1))
""",
        kind='unhashable-static', argument='size', path='size', line=7,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='gamma.rvs is jitted with size static as the docs ask, but the size is given as a list, which jit cannot hash; it raises ValueError (non-hashable static argument). Pass a tuple; checked.',
    ),
    Case(
        id='bp-copulax-ppf-brent-flag-traced',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/_src/_distributions.py',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import student_t

params = {"nu": jnp.array(4.0), "mu": jnp.array(0.0), "sigma": jnp.array(1.0)}
q = jnp.array([0.01, 0.05, 0.5, 0.95, 0.99])
quantiles = jax.jit(student_t.ppf)
quantiles(q, params, brent=True)
""",
        kind='bool-conversion', argument='brent', path='brent', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Jitting student_t.ppf directly traces its brent flag, and ppf's own `if brent:` raises TracerBoolConversionError. The docstring says brent and nodes must be static; static_argnames=('brent', 'nodes', 'maxiter') fixes it; checked.",
    ),
    Case(
        id='bp-copulax-jit-fit-method-string',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/_src/_distributions.py',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import student_t

x = jax.random.t(jax.random.PRNGKey(0), 5.0, (500,))
fit_jit = jax.jit(student_t.fit)
fitted = fit_jit(x, method="ldmle")
""",
        kind='non-array-argument', argument='method', path='method', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Jitting student_t.fit and passing method='ldmle' sends a string through jit, which raises TypeError (not a valid JAX type). Marking method static, as the message suggests, works; checked.",
    ),
    Case(
        id='bp-copulax-fitted-dist-stored-in-global',
        source='https://github.com/tfm000/copulax#readme',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import student_t

FITTED = {}

@jax.jit
def fit_and_score(returns):
    FITTED["t"] = student_t.fit(returns)
    return FITTED["t"].loglikelihood(returns)

returns = jax.random.t(jax.random.PRNGKey(0), 5.0, (500,))
score = fit_and_score(returns)
var_99 = FITTED["t"].ppf(jnp.array([0.01]))
""",
        kind='leaked-tracer', argument='returns', path='returns', line=9, use_line=14,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='The fitted distribution object returned by student_t.fit inside a jitted function is cached in a global dict; its parameters are tracers, and using it later (ppf) raises UnexpectedTracerError with a misleading nondiff_argnums message from a custom_vjp. Return the fitted object (an equinox pytree) from the jitted function; checked.',
    ),
    Case(
        id='bp-copulax-float-param-in-grad-loss',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/univariate/README.md',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import normal

def neg_loglik(params, x):
    print("current sigma:", float(params["sigma"]))
    return -normal.loglikelihood(x, params)

x = 2.0 + 0.5 * jax.random.normal(jax.random.PRNGKey(0), (200,))
params = {"mu": jnp.array(0.0), "sigma": jnp.array(1.0)}
grads = jax.grad(neg_loglik)(params, x)
""",
        kind='concretization', argument='params', path="params['sigma']", line=6,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A hand-written MLE loss built on normal.loglikelihood prints float(params['sigma']) for monitoring; under jax.grad the parameter is a tracer and JAX raises ConcretizationTypeError (the astype hint does not fit). Use jax.debug.print; checked.",
    ),
    Case(
        id='bp-copulax-pseudo-obs-np-clip',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/univariate/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from copulax.univariate import student_t

params = {"nu": jnp.array(5.0), "mu": jnp.array(0.0), "sigma": jnp.array(0.02)}

@jax.jit
def pseudo_observations(returns):
    u = student_t.cdf(returns, params)
    return np.clip(u, 1e-6, 1 - 1e-6)

returns = 0.02 * jax.random.t(jax.random.PRNGKey(0), 5.0, (250,))
pseudo_observations(returns)
""",
        kind='array-conversion', argument='returns', path='returns', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Copula pseudo-observations are clipped with np.clip after student_t.cdf inside a jitted function; NumPy converts the tracer and JAX raises TracerArrayConversionError. Use jnp.clip; checked.',
    ),
    Case(
        id='bp-copulax-expected-shortfall-mask',
        source='https://github.com/tfm000/copulax/blob/HEAD/copulax/_src/_distributions.py',
        code="""\
import jax
import jax.numpy as jnp
from copulax.univariate import student_t

@jax.jit
def expected_shortfall(nu, key):
    params = {"nu": nu, "mu": jnp.array(0.0), "sigma": jnp.array(0.02)}
    losses = -student_t.rvs(size=(10_000,), params=params, key=key)
    var_99 = jnp.quantile(losses, 0.99)
    return jnp.mean(losses[losses >= var_99])

expected_shortfall(jnp.array(4.0), jax.random.PRNGKey(0))
""",
        kind='boolean-index', argument='nu', path='nu', line=10,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Expected shortfall from copulAX samples selects the tail with losses[losses >= var] inside jit; the mask depends on the traced tail parameter and the key, so JAX raises NonConcreteBooleanIndexError. A masked mean (jnp.mean(..., where=mask), or jnp.where sums) keeps the result; checked.',
    ),
]
