"""Held-out library cases (set W): rlax, haliax, jax-cosmo.

How they were built: every cell is my own reduction of a pattern found in the library's issue
tracker, its examples, or the docs/source docstring of the API the cell exercises (the source URL
of each case).  Each cell was written to a file and run with the set-W virtual environment's
python; a small runner executed all statements but the last (they must succeed) and then the last
statement alone (it must raise), recording the exception class and the traceback frames that lie in
the cell file.  `line` / `use_line` were read off those frames.  For every case the first listed fix
(and, where noted, an alternative) was applied by hand and the edited cell re-run without error.

Environment: CPython 3.11.7, venv /tmp/heldout12/venv_w created with --system-site-packages;
jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8, flax 0.12.8, optax 0.2.8 (machine versions,
pinned on every install); rlax 0.1.9 (pulls distrax 0.1.9, dm-tree, tfp-nightly as dependencies);
haliax 1.4.dev453; jax-cosmo 0.1.0.  CPU only.

Dropped / changed:
- haliax 1.3 (the latest non-pre-release) installed but failed to import with jax 0.10.2
  (ImportError: BuiltInKeyEntry from jax._src.tree_util).  Instead of replacing the library I
  installed the pre-release haliax==1.4.dev453 with the same pins; it imports and works, so haliax
  stays in the set (no kfac-jax/trajax substitute was needed).
- Dropped candidate cells that did not reproduce on this stack: a traced `bw` for
  jc.redshift.kde_nz (no error), a leak of redshift_distribution._norm through angular_cl (the
  lensing kernel is itself jitted, so it works on pytree copies and nothing leaks), an array stored in
  an equinox static field of a haliax module (only a warning), and a Python `if` on a cosmology
  parameter under plain jax.grad (no error without jit; the kept cell jits the gradient).
- Dropped jc.scipy.integrate.romb with a traced divmax: it fails at jnp.repeat with a
  ConcretizationTypeError and would have duplicated the traced-shape simps cell.

Doubts about labels:
- W-jaxcosmo-workspace-leak: the fix (pass cosmo into the jitted function instead of closing over it)
  has no exact word in the vocabulary; 'not-static' ("pass it traced") is the closest.  argument=None
  because the cached table depends on no parameter of luminosity_distance (only on the closed-over
  cosmology); line 11 is the user's call that makes jax_cosmo store the tracer.
- W-jaxcosmo-simps-traced-n and W-rlax-nstep-traced-n: JAX raises TracerBoolConversionError (the
  library's own `if N % 2` / `min(n - 1, T)`), so 'bool-conversion' is defensible; I chose
  'traced-shape' because the value is a count that fixes array sizes and slice bounds, and making it
  static is the only fix.
- W-jaxcosmo-spline-traced-order: int(k) could be read as 'integer-conversion', and the spline degree
  as a compile-time constant ('traced-shape'); JAX raises ConcretizationTypeError from int().
- W-jaxcosmo-nz-boolean-mask / W-jaxcosmo-nz-numpy-interp: the first z that reaches pz_fn is the
  library's own integration grid (built inside its jitted kernel), not data from the user, so
  argument=None is arguable; I used pz_fn's parameter z, the function jax_cosmo traces.  JAX's message
  names no argument here.
- W-jaxcosmo-static-probes-list: 'hashable-static' (tuple(probes)) works too; I put 'not-static' first
  because probes are pytrees with traceable n(z) parameters.
- W-jaxcosmo-prior-if-grad: lax.cond also fits; jnp.where evaluates the likelihood on both sides but
  returns the same value.
- W-rlax-float-logging-in-loss: 'return-value' (print the loss that value_and_grad already returns)
  could be ranked first; jax.debug.print is the edit confined to the offending line.
- W-rlax-config-epochs-range / W-haliax-power-iteration-range: 'integer-conversion' by JAX's
  exception, but both values are loop counts, so 'traced-shape' is defensible; a user may prefer
  'static' first (for the config dict that means closing over it, since a dict cannot be a static
  argument).
- W-rlax-policy-as-jit-arg: path is the first offending leaf named by JAX (policy.sample); every leaf
  of the namedtuple is a function.
- W-haliax-dropout-flag-jax-jit: the error is raised by haliax's own `if inference:`; line 12 is the
  user's line that calls into the Dropout module (the last cell frame).  Someone could label the
  argument `x`/`key`, but only model.drop.inference is traced into the `if`.
- W-haliax-scan-layer-index-if: hax.where with a scalar condition dispatches to lax.cond internally,
  so 'jnp.where' and 'lax.cond' amount to the same fix here.
- W-haliax-traced-axis-size: JAX raises a TypeError ("Shapes must be 1D sequences of concrete values")
  from inside haliax's arange, reached through causal_mask; line 8 is the user's call.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='W-jaxcosmo-workspace-leak',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/pull/145',
        code="""\
import jax
import jax.numpy as jnp
import jax_cosmo as jc

cosmo = jc.Planck15()
z = jnp.linspace(0.05, 2.0, 20)

@jax.jit
def luminosity_distance(z):
    a = jc.utils.z2a(z)
    return jc.background.transverse_comoving_distance(cosmo, a) / a

d_l = luminosity_distance(z)
chi = jc.background.radial_comoving_distance(cosmo, jc.utils.z2a(z))
""",
        kind='leaked-tracer', argument=None, path=None, line=11,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A module-level Cosmology is closed over by a jitted distance function; jax_cosmo caches its comoving-distance table in cosmo._workspace while tracing, so the later eager call reads a stale tracer and JAX raises UnexpectedTracerError. Passing cosmo as an argument of the jitted function (it is a pytree) makes the cache land on a traced copy; checked.',
        use_line=14,
    ),
    Case(
        id='W-jaxcosmo-simps-traced-n',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/master/jax_cosmo/scipy/integrate.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_cosmo as jc

def mean_redshift(z0, n_steps):
    nz = jc.redshift.smail_nz(2.0, 1.5, z0)
    integrand = lambda z: z * nz(z)
    return jc.scipy.integrate.simps(integrand, 0.0, 4.0, N=n_steps)

mean_z = jax.jit(mean_redshift)
mean_z(0.5, 256)
""",
        kind='traced-shape', argument='n_steps', path='n_steps', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The number of Simpson sub-intervals reaches jc.scipy.integrate.simps as a jit argument; the library checks its parity with a Python if (and would build a linspace of that length), so JAX raises TracerBoolConversionError inside jax_cosmo. Marking n_steps static fixes it; checked.',
    ),
    Case(
        id='W-jaxcosmo-nz-boolean-mask',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/issues/132',
        code="""\
import jax.numpy as jnp
import jax_cosmo as jc
from jax.tree_util import register_pytree_node_class

@register_pytree_node_class
class tophat_smail_nz(jc.redshift.redshift_distribution):
    def pz_fn(self, z):
        a, b, z0 = self.params
        nz = z**a * jnp.exp(-((z / z0) ** b))
        outside = (z < self.config["zlo"]) | (z > self.config["zhi"])
        return nz.at[outside].set(0.0)

nz = tophat_smail_nz(2.0, 1.5, 0.6, zlo=0.3, zhi=0.9)
probes = [jc.probes.WeakLensing([nz])]
ell = jnp.logspace(1, 3, 8)
jc.angular_cl.angular_cl(jc.Planck15(), ell, probes)
""",
        kind='boolean-index', argument='z', path='z', line=11,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='A user-defined redshift_distribution zeroes n(z) outside a window with .at[mask].set; jax_cosmo evaluates pz_fn inside its own jitted lensing kernel, so the mask is traced and JAX raises NonConcreteBooleanIndexError. jnp.where(outside, 0.0, nz) gives the same values; checked.',
    ),
    Case(
        id='W-jaxcosmo-nz-numpy-interp',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/pull/111',
        code="""\
import jax.numpy as jnp
import numpy as np
import jax_cosmo as jc
from jax.tree_util import register_pytree_node_class

z_tab = np.linspace(0.0, 3.0, 31)
n_tab = z_tab**2 * np.exp(-z_tab / 0.3)

@register_pytree_node_class
class tabulated_nz(jc.redshift.redshift_distribution):
    def pz_fn(self, z):
        return np.interp(z, z_tab, n_tab)

probes = [jc.probes.WeakLensing([tabulated_nz(zmax=3.0)])]
ell = jnp.logspace(1, 3, 8)
jc.angular_cl.angular_cl(jc.Planck15(), ell, probes)
""",
        kind='array-conversion', argument='z', path='z', line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A tabulated n(z) subclass interpolates with numpy.interp; angular_cl calls pz_fn under its jitted kernel, the traced redshift grid hits __array__ and JAX raises TracerArrayConversionError. Switching to jnp.interp fixes it; checked.',
    ),
    Case(
        id='W-jaxcosmo-prior-if-grad',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo#readme',
        code="""\
import jax
import jax.numpy as jnp
import jax_cosmo as jc

nz = jc.redshift.smail_nz(1.0, 2.0, 1.0)
probes = [jc.probes.WeakLensing([nz])]
ell = jnp.logspace(1, 3, 8)
data = jnp.full(8, 1e-9)

def log_posterior(params):
    cosmo = jc.Planck15(Omega_c=params["Omega_c"], sigma8=params["sigma8"])
    if cosmo.Omega_m > 0.6:
        return -jnp.inf
    model = jc.angular_cl.angular_cl(cosmo, ell, probes)
    return -0.5 * jnp.sum((model - data) ** 2) * 1e18

jax.jit(jax.grad(log_posterior))({"Omega_c": 0.25, "sigma8": 0.8})
""",
        kind='bool-conversion', argument='params', path="params['Omega_c']", line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A hard prior written as a Python if on cosmo.Omega_m inside a log-posterior that is jitted and differentiated (the README's grad-of-likelihood workflow); JAX raises TracerBoolConversionError. Computing the likelihood and selecting -inf with jnp.where keeps the result; checked.",
    ),
    Case(
        id='W-jaxcosmo-likelihood-string-option',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/master/jax_cosmo/likelihood.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_cosmo as jc

nz = jc.redshift.smail_nz(1.0, 2.0, 1.0)
probes = [jc.probes.WeakLensing([nz], sigma_e=0.26)]
ell = jnp.logspace(1, 3, 6)
mu, cov = jc.angular_cl.gaussian_cl_covariance_and_mean(jc.Planck15(), ell, probes)
data = 1.05 * mu

log_like = jax.jit(jc.likelihood.gaussian_log_likelihood)
log_like(data, mu, cov, inverse_method="cholesky")
""",
        kind='non-array-argument', argument='inverse_method', path='inverse_method', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="jc.likelihood.gaussian_log_likelihood is wrapped in jax.jit and called with the string option inverse_method='cholesky'; jit cannot abstract a str and raises TypeError, whose message itself points to static_argnames. static_argnames='inverse_method' fixes it; checked.",
    ),
    Case(
        id='W-jaxcosmo-static-probes-list',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/master/jax_cosmo/angular_cl.py',
        code="""\
import jax
import jax.numpy as jnp
import jax_cosmo as jc

nzs = [jc.redshift.smail_nz(1.0, 2.0, z0) for z0 in (0.5, 1.0)]
probes = [jc.probes.WeakLensing(nzs, sigma_e=0.26)]
ell = jnp.logspace(1, 3, 8)

cl_fn = jax.jit(jc.angular_cl.angular_cl, static_argnames="probes")
cl_fn(jc.Planck15(), ell, probes=probes)
""",
        kind='unhashable-static', argument='probes', path='probes', line=10,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='angular_cl is jitted with probes marked static, but probes is a list, so jit raises ValueError (non-hashable static argument). Probes are registered pytrees, so simply not marking them static works; passing tuple(probes) also works; both checked.',
    ),
    Case(
        id='W-jaxcosmo-spline-traced-order',
        source='https://github.com/DifferentiableUniverseInitiative/jax_cosmo/pull/48',
        code="""\
import jax
import jax.numpy as jnp
from jax_cosmo.scipy.interpolate import InterpolatedUnivariateSpline

x = jnp.linspace(0.0, 1.0, 20)
y = jnp.sin(3.0 * x)

@jax.jit
def resample(x_new, k):
    spline = InterpolatedUnivariateSpline(x, y, k=k)
    return spline(x_new)

resample(jnp.linspace(0.1, 0.9, 5), 3)
""",
        kind='concretization', argument='k', path='k', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The spline degree k is a jit argument; InterpolatedUnivariateSpline calls int(k) to choose its code path, so JAX raises ConcretizationTypeError inside jax_cosmo (its astype hint does not apply). static_argnames='k' fixes it; checked.",
    ),
    Case(
        id='W-rlax-nstep-traced-n',
        source='https://github.com/google-deepmind/rlax/blob/master/rlax/_src/multistep.py',
        code="""\
import jax
import jax.numpy as jnp
import rlax

@jax.jit
def value_loss(v_tm1, r_t, discount_t, v_t, n):
    targets = rlax.n_step_bootstrapped_returns(r_t, discount_t, v_t, n)
    return jnp.mean(rlax.l2_loss(targets - v_tm1))

T = 10
value_loss(jnp.zeros(T), jnp.ones(T), jnp.full(T, 0.99), jnp.ones(T), 3)
""",
        kind='traced-shape', argument='n', path='n', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The bootstrap horizon n of rlax.n_step_bootstrapped_returns is passed through jax.jit; rlax uses n for padding sizes and slice bounds (its first use is min(n - 1, T)), so JAX raises TracerBoolConversionError inside rlax. static_argnames='n' fixes it; checked.",
    ),
    Case(
        id='W-rlax-learner-self-leak',
        source='https://github.com/google-deepmind/rlax/blob/master/examples/simple_dqn.py',
        code="""\
import jax
import jax.numpy as jnp
import rlax

class DQNLearner:
    def __init__(self):
        self.last_td_error = None

    def loss(self, q_tm1, a_tm1, r_t, discount_t, q_t):
        td = jax.vmap(rlax.q_learning)(q_tm1, a_tm1, r_t, discount_t, q_t)
        self.last_td_error = td
        return jnp.mean(rlax.l2_loss(td))

learner = DQNLearner()
q_tm1, q_t = jnp.ones((4, 3)), jnp.zeros((4, 3))
a_tm1, r_t, discount_t = jnp.zeros(4, jnp.int32), jnp.ones(4), jnp.full(4, 0.9)
grads = jax.grad(learner.loss)(q_tm1, a_tm1, r_t, discount_t, q_t)
print(jnp.abs(learner.last_td_error).max())
""",
        kind='leaked-tracer', argument='q_tm1', path='q_tm1', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A DQN learner method keeps the batched rlax.q_learning TD errors on self for logging while jax.grad traces it; reading them afterwards raises UnexpectedTracerError. Returning td as aux (has_aux=True) fixes it, which is what the leak message asks for; checked.',
        use_line=18,
    ),
    Case(
        id='W-rlax-epsilon-schedule-if',
        source='https://github.com/google-deepmind/rlax/blob/master/examples/simple_dqn.py',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
import rlax

class ActorState(NamedTuple):
    count: jax.Array

@jax.jit
def actor_step(q_values, state, key):
    if state.count < 1000:
        epsilon = 1.0
    else:
        epsilon = 0.05
    action = rlax.epsilon_greedy(epsilon).sample(key, q_values)
    return action, ActorState(state.count + 1)

actor_step(jnp.array([0.1, 0.7, 0.2]), ActorState(jnp.array(0)), jax.random.PRNGKey(0))
""",
        kind='bool-conversion', argument='state', path='state.count', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A jitted actor step picks the rlax.epsilon_greedy exploration rate with a Python if on the actor-state step counter; JAX raises TracerBoolConversionError. jnp.where on the counter (rlax's example uses an array-valued schedule) keeps the behaviour; checked.",
    ),
    Case(
        id='W-rlax-policy-as-jit-arg',
        source='https://github.com/google-deepmind/rlax/blob/master/rlax/_src/distributions.py',
        code="""\
import jax
import jax.numpy as jnp
import rlax

@jax.jit
def act(q_values, key, policy):
    return policy.sample(key, q_values)

policy = rlax.epsilon_greedy(0.1)
act(jnp.array([0.1, 0.7, 0.2]), jax.random.PRNGKey(0), policy)
""",
        kind='non-array-argument', argument='policy', path='policy.sample', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The DiscreteDistribution returned by rlax.epsilon_greedy (a namedtuple of functions) is passed as a jit argument; its leaves are functions, so jit raises TypeError and suggests static_argnames. Marking policy static (or closing over it) fixes it; checked.',
    ),
    Case(
        id='W-rlax-static-lambda-array',
        source='https://github.com/google-deepmind/rlax/blob/master/rlax/_src/multistep.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
import rlax

@functools.partial(jax.jit, static_argnames=("n", "lambda_t"))
def n_step_targets(r_t, discount_t, v_t, n, lambda_t):
    return rlax.n_step_bootstrapped_returns(r_t, discount_t, v_t, n, lambda_t)

T = 10
n_step_targets(jnp.ones(T), jnp.full(T, 0.99), jnp.ones(T), n=3, lambda_t=jnp.full(T, 0.9))
""",
        kind='unhashable-static', argument='lambda_t', path='lambda_t', line=11,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='All hyper-parameters of an n-step target helper are marked static, including the per-step lambda_t array; a jax.Array is unhashable so jit raises ValueError. Keeping only n static and tracing lambda_t fixes it; checked.',
    ),
    Case(
        id='W-rlax-numpy-reward-clip',
        source='https://github.com/google-deepmind/rlax#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import rlax

def loss_fn(q_tm1, q_t, batch):
    r_t = np.clip(batch["reward"], -1.0, 1.0)
    td = jax.vmap(rlax.q_learning)(q_tm1, batch["action"], r_t, batch["discount"], q_t)
    return jnp.mean(rlax.l2_loss(td))

batch = {"action": jnp.array([0, 2]), "reward": jnp.array([3.0, -0.5]), "discount": jnp.array([0.99, 0.0])}
jax.jit(jax.grad(loss_fn))(jnp.ones((2, 3)), jnp.zeros((2, 3)), batch)
""",
        kind='array-conversion', argument='batch', path="batch['reward']", line=7,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="Reward clipping done with numpy.clip inside a jitted gradient of an rlax.q_learning loss; the traced batch['reward'] reaches __array__ and JAX raises TracerArrayConversionError. jnp.clip fixes it; checked.",
    ),
    Case(
        id='W-rlax-float-logging-in-loss',
        source='https://github.com/google-deepmind/rlax/blob/master/rlax/_src/clipping.py',
        code="""\
import jax
import jax.numpy as jnp
import rlax

def loss_fn(q_tm1, a_tm1, r_t, discount_t, q_t):
    td = jax.vmap(rlax.q_learning)(q_tm1, a_tm1, r_t, discount_t, q_t)
    loss = jnp.mean(rlax.huber_loss(td, 1.0))
    print(f"td loss: {float(loss):.4f}")
    return loss

B = 4
args = (jnp.ones((B, 3)), jnp.zeros(B, jnp.int32), jnp.ones(B), jnp.full(B, 0.9), jnp.zeros((B, 3)))
loss, grads = jax.value_and_grad(loss_fn)(*args)
""",
        kind='concretization', argument='q_tm1', path='q_tm1', line=8,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='A loss built from rlax.q_learning and rlax.huber_loss prints float(loss) for monitoring while jax.value_and_grad traces it; JAX raises ConcretizationTypeError (its astype hint does not fit). jax.debug.print, or printing the value value_and_grad returns, fixes it; checked.',
    ),
    Case(
        id='W-rlax-masked-td-boolean-index',
        source='https://github.com/google-deepmind/rlax/blob/master/rlax/_src/value_learning.py',
        code="""\
import jax
import jax.numpy as jnp
import rlax

@jax.jit
def masked_td_loss(q_tm1, q_t, batch):
    td = jax.vmap(rlax.q_learning)(q_tm1, batch["action"], batch["reward"], batch["discount"], q_t)
    valid = batch["mask"] > 0
    return jnp.mean(rlax.l2_loss(td[valid]))

batch = {"action": jnp.array([0, 1, 2]), "reward": jnp.ones(3), "discount": jnp.full(3, 0.99), "mask": jnp.array([1, 1, 0])}
masked_td_loss(jnp.ones((3, 3)), jnp.zeros((3, 3)), batch)
""",
        kind='boolean-index', argument='batch', path="batch['mask']", line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Padded replay transitions are dropped by boolean-indexing the rlax TD errors with a mask from the batch inside jit; JAX raises NonConcreteBooleanIndexError. A jnp.where-weighted mean over the valid entries gives the same value; checked.',
    ),
    Case(
        id='W-rlax-config-epochs-range',
        source='https://github.com/google-deepmind/rlax/blob/master/rlax/_src/multistep.py',
        code="""\
import jax
import jax.numpy as jnp
import rlax

def value_loss(w, obs, targets):
    return jnp.mean(rlax.l2_loss(obs @ w - targets))

@jax.jit
def update(w, obs, r_t, discount_t, config):
    targets = rlax.lambda_returns(r_t, discount_t, obs @ w, config["lambda"])
    for _ in range(config["epochs"]):
        w = w - config["lr"] * jax.grad(value_loss)(w, obs, targets)
    return w

config = {"lambda": 0.95, "epochs": 4, "lr": 0.1}
update(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8), jnp.full(8, 0.99), config)
""",
        kind='integer-conversion', argument='config', path="config['epochs']", line=11,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note="A value-learning update on rlax.lambda_returns targets receives its config dict as a jit argument and loops range(config['epochs']); JAX raises TracerIntegerConversionError. lax.fori_loop accepts a traced trip count; closing over the config (static) also works; fori_loop checked.",
    ),
    Case(
        id='W-haliax-scan-layer-index-if',
        source='https://github.com/marin-community/haliax/issues/57',
        code="""\
import jax
import haliax as hax

Layer = hax.Axis("layer", 6)
Embed = hax.Axis("embed", 8)
weights = hax.random.normal(jax.random.PRNGKey(0), (Layer, Embed))

def block(x, inputs):
    w, layer_idx = inputs
    x = hax.tanh(x * w)
    if layer_idx == 4:
        x = x + 0.01 * hax.sin(x * 100.0)
    return x, None

x_final, _ = hax.scan(block, Layer)(hax.ones(Embed), (weights, hax.arange(Layer)))
""",
        kind='bool-conversion', argument='inputs', path='inputs[1]', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A block scanned over layers with hax.scan branches with a Python if on the layer index NamedArray; NamedArray.__bool__ reaches a tracer and JAX raises TracerBoolConversionError. hax.where (jnp.where) on the index keeps the result; checked.',
    ),
    Case(
        id='W-haliax-axis-as-jit-arg',
        source='https://github.com/stanford-crfm/haliax/blob/main/docs/partitioning.md',
        code="""\
import jax
import haliax as hax

Batch = hax.Axis("batch", 4)
Embed = hax.Axis("embed", 16)
Hidden = hax.Axis("hidden", 32)

@jax.jit
def init_and_apply(In, Out, x, key):
    layer = hax.nn.Linear.init(In, Out, key=key)
    return layer(x)

x = hax.random.normal(jax.random.PRNGKey(0), (Batch, Embed))
init_and_apply(Embed, Hidden, x, jax.random.PRNGKey(1))
""",
        kind='non-array-argument', argument='In', path='In', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='hax.Axis objects are passed to a plain jax.jit function that builds a hax.nn.Linear; an Axis is not a JAX type, so jit raises TypeError and suggests static_argnums. static_argnums=(0, 1), or hax.named_jit which treats such leaves as static, fixes it; both checked.',
    ),
    Case(
        id='W-haliax-traced-axis-size',
        source='https://github.com/stanford-crfm/haliax/blob/main/src/haliax/nn/attention.py',
        code="""\
import jax
import haliax as hax

@jax.jit
def causal_mask_for(seq_len):
    Pos = hax.Axis("position", seq_len)
    KeyPos = Pos.alias("key_position")
    return hax.nn.attention.causal_mask(Pos, KeyPos)

causal_mask_for(128)
""",
        kind='traced-shape', argument='seq_len', path='seq_len', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="An Axis is built from a jitted seq_len and passed to hax.nn.attention.causal_mask, whose arange needs a concrete size; JAX raises TypeError (shapes must be concrete) and suggests static_argnums. static_argnames='seq_len' fixes it; checked.",
    ),
    Case(
        id='W-haliax-scan-activation-list-leak',
        source='https://github.com/stanford-crfm/haliax/blob/main/docs/scan.md',
        code="""\
import jax
import haliax as hax

Layer = hax.Axis("layer", 4)
Embed = hax.Axis("embed", 8)
weights = hax.random.normal(jax.random.PRNGKey(0), (Layer, Embed))
activations = []

def block(x, w):
    x = hax.tanh(x * w)
    activations.append(x)
    return x, None

x_final, _ = hax.scan(block, Layer)(hax.ones(Embed), weights)
hax.stack(Layer, activations)
""",
        kind='leaked-tracer', argument='x', path='x', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Per-layer activations are appended to a global list inside a hax.scan body; stacking them after the scan raises UnexpectedTracerError. Returning x as the scan output (carry, x) gives the stacked activations, as the leak message and the scan docs suggest; checked.',
        use_line=15,
    ),
    Case(
        id='W-haliax-static-axes-list',
        source='https://github.com/stanford-crfm/haliax/blob/main/docs/faq.md',
        code="""\
import functools
import jax
import haliax as hax

Vocab = hax.Axis("vocab", 100)
Embed = hax.Axis("embed", 16)

@functools.partial(jax.jit, static_argnames="shape")
def init_embeddings(key, shape):
    return hax.random.normal(key, shape) * 0.02

init_embeddings(jax.random.PRNGKey(0), shape=[Vocab, Embed])
""",
        kind='unhashable-static', argument='shape', path='shape', line=12,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='An axis spec is marked static but given as a list [Vocab, Embed] (which haliax otherwise accepts); jit raises ValueError for the unhashable static argument. Passing a tuple of Axis fixes it; checked.',
    ),
    Case(
        id='W-haliax-dropout-flag-jax-jit',
        source='https://github.com/stanford-crfm/haliax/blob/main/src/haliax/nn/dropout.py',
        code="""\
import jax
import equinox as eqx
import haliax as hax

Embed, Hidden = hax.Axis("embed", 8), hax.Axis("hidden", 16)

class MLP(eqx.Module):
    up: hax.nn.Linear
    drop: hax.nn.Dropout

    def __call__(self, x, *, key):
        return self.drop(hax.nn.relu(self.up(x)), key=key)

k1, k2 = jax.random.split(jax.random.PRNGKey(0))
model = MLP(hax.nn.Linear.init(Embed, Hidden, key=k1), hax.nn.Dropout(0.1))

@jax.jit
def forward(model, x, key):
    return model(x, key=key)

forward(model, hax.ones(Embed), k2)
""",
        kind='bool-conversion', argument='model', path='model.drop.inference', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A module holding hax.nn.Dropout goes through plain jax.jit; Dropout.inference is a non-static bool field, so it is traced and haliax's own `if inference:` raises TracerBoolConversionError. eqx.filter_jit or hax.named_jit keep Python bools static; both checked.",
    ),
    Case(
        id='W-haliax-power-iteration-range',
        source='https://github.com/stanford-crfm/haliax/blob/main/docs/scan.md',
        code="""\
import jax
import haliax as hax

In = hax.Axis("in", 8)
Out = hax.Axis("out", 6)
layer = hax.nn.Linear.init(In, Out, key=jax.random.PRNGKey(0))

@jax.jit
def spectral_norm(weight, n_iter):
    u = hax.ones(Out)
    for _ in range(n_iter):
        v = hax.dot(weight, u, axis=Out)
        v = v / hax.sqrt(hax.sum(v * v))
        u = hax.dot(weight, v, axis=In)
        u = u / hax.sqrt(hax.sum(u * u))
    return hax.sum(u * hax.dot(weight, v, axis=In))

spectral_norm(layer.weight, 10)
""",
        kind='integer-conversion', argument='n_iter', path='n_iter', line=11,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='Power iteration on a hax.nn.Linear weight loops range(n_iter) with n_iter a jit argument; JAX raises TracerIntegerConversionError. lax.fori_loop over a (u, v) NamedArray carry keeps the result; static n_iter also works; fori_loop checked.',
    ),
]
