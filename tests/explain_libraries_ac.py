"""Held-out library cases (set ac): signax, scoringrules, tensornetwork.

How they were built: every cell is my own minimal reduction of a pattern shown in
the cited thread or in the docs/examples of the API it exercises (the three
libraries have few JAX-tracing issues, so several sources are doc pages or the
library's own examples). Each cell was written to a file and run with
/tmp/heldout15/venv_ac/bin/python (CPython 3.11.7; venv made with
--system-site-packages). All statements but the last run cleanly; the last one
raises while JAX traces. `line`/`use_line` were read off the traceback frames in
the file. For every case the first fix (and the other listed fixes where noted)
was applied by hand and the cell re-run without error.

Installed: signax 0.2.1 (equinox 0.13.8, jaxtyping 0.3.11), scoringrules 0.10.0
(used with backend="jax"; scipy 1.17.1), tensornetwork 0.4.6 (jax backend,
opt-einsum 3.4.0); jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
optax 0.2.8 (pins kept). All three candidate libraries installed and imported,
so no alternate was needed.

Dropped and why:
- tensornetwork's JAX eigensolvers (backend.eigsh_lanczos / eigsh / eigs) fail
  on import of their jitted helpers with JAX 0.10.2 (`jax.ShapedArray` is
  gone), so there is no case where TensorNetwork itself traces a user matvec.
- signax.utils.term_at is broken in 0.2.1 even on concrete input (it passes
  jax arrays as static arguments), so a fori_loop-over-levels case was dropped.
- scoringrules' own validation (`if B.any(alpha <= 0)` in crps_quantile and
  quantile_score, the probability checks of brier_score/rps_score, the weight
  checks of ow* scores and of ens_w) fails under any jit even for constant
  inputs; no fix from the vocabulary applies (only not jitting), so dropped.
- tn.ncon with the default numpy backend inside jit: the library's TypeError is
  raised for any jax array, traced or not, so it is not a tracing error.
- FiniteMPS.measure_local_operator calls .item() inside the library (a real
  ConcretizationTypeError under jit), but its only fix is to contract the
  expectation value by hand, outside the vocabulary; dropped.
- split_node with a traced max_singular_values, and signax.signature with a
  depth argument under jit, were near-duplicates of kept cases.
- builtin max() on a non-scalar tracer raises a plain ValueError (ambiguous
  truth value), so ac-sr-twcrps-builtin-max vmaps per station to get the
  TracerBoolConversionError.

Doubts about labels:
- ac-signax-module-field-traced, ac-signax-depth-from-jnp: JAX says "Non-hashable
  static arguments" (ValueError) because the tracer reaches a static argument of
  signax's inner jit; unhashable-static is defensible. I chose traced-shape since
  the value is a traced compile-time constant (the truncation depth), not an
  unhashable container. For the module case, making the field static in the
  library (eqx.field(static=True)) is another fix, but not on the user's lines.
- ac-signax-psi-python-if: argument could be `x` (psi's parameter) instead of
  `sig` (the vmapped function's parameter).
- ac-signax-window-slice-scan: integer-conversion is defensible (a tracer used as
  slice bound); JAX raises IndexError, not a tracer error class.
- ac-signax-stream-mask: jnp.where keeps the shape and zeroes rows instead of
  dropping them; size-argument (nonzero with size=, padding) is closer to the
  original "drop rows" meaning and could be first.
- ac-signax-config-dict-static: passing depth and stream as separate static
  arguments ('static') is an equally good first fix.
- ac-sr-jit-library-function: both estimator and backend are strings; JAX names
  `backend`, so argument='backend', but 'estimator' is defensible.
- ac-sr-owes-weight-if, ac-sr-scipy-weight: no user jit; scoringrules vmaps the
  callback, so argument is the callback's `x`; 'obs' (the data the value comes
  from) is defensible. Both raise the same error twice (chained, via the
  library's apply_along_axis fallback).
- ac-sr-twcrps-builtin-max: argument 'obs_t' (the vmapped function's first
  parameter, the value compared first) vs 'x' (the chaining function's
  parameter) - both defensible.
- ac-sr-m-axis-traced: the exception is TracerBoolConversionError raised by the
  library's own `if m_axis >= 0`, so bool-conversion is defensible; labelled
  traced-shape because the value is an axis.
- ac-sr-item-metrics: the score depends on obs, mu and sigma; argument is the
  first parameter (obs).
- ac-tn-split-truncation-err: the exception is TracerBoolConversionError from
  builtin min() inside the library, so bool-conversion is defensible. No fix
  keeps the data-dependent truncation under jit; 'static' here means a fixed
  Python-int bond dimension (max_singular_values), which changes the result, so
  verifiable=True is debatable.
- ac-tn-node-as-jit-arg: JAX does not reject the Node (it is abstracted through
  its shape/dtype attributes) and the error is an AttributeError; static bakes
  the tensor in as a constant and retraces per Node, so passing node.tensor or
  registering a pytree ('register-pytree') may be preferred first.
- ac-tn-mps-gate-leak: the listed return-value fix (return mps.tensors and assign
  them back) runs, but the cleaner fix passes the tensors in and builds the MPS
  inside the jitted function. `line` is the user's call into the library method
  that stores the tracer (the store itself is in base_mps.py).
- ac-tn-split-edge-count: traced-shape is defensible (a count of legs).
- ac-tn-mps-fori-sites: lax.switch over site indices would also work; a Python
  loop ('static') is simpler.
- All leaked-tracer cases have jax_fitting_fix=True because UnexpectedTracerError
  says functions must return their outputs explicitly.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='ac-signax-module-field-traced',
        source='https://github.com/anh-tong/signax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
from signax.module import SignatureTransform

sig_layer = SignatureTransform(depth=3)

@jax.jit
def embed(layer, path):
    return layer(path)

path = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (50, 3)), axis=0)
embed(sig_layer, path)
""",
        kind='traced-shape', argument='layer', path='layer.depth', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A signax.module.SignatureTransform (an equinox Module whose int field depth is a plain pytree leaf) is passed through jax.jit, so depth arrives as a tracer at signax.signature's own jit, which needs it static; JAX raises ValueError (non-hashable static argument, the tracer). Fix: keep the layer static (eqx.filter_jit or static_argnums=0); checked with eqx.filter_jit.",
    ),
    Case(
        id='ac-signax-depth-from-jnp',
        source='https://github.com/anh-tong/signax/blob/main/src/signax/signatures.py',
        code="""\
import jax
import jax.numpy as jnp
import signax

@jax.jit
def features(path):
    depth = jnp.minimum(4, path.shape[0] - 1)
    return signax.signature(path, depth)

path = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (50, 3)), axis=0)
features(path)
""",
        kind='traced-shape', argument=None, path=None, line=8,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The truncation depth is computed from the path length with jnp.minimum inside jit, which yields a tracer even though it depends only on a shape; signax.signature needs depth as a static argument and JAX raises ValueError (non-hashable static argument, a tracer). Fix: compute it with Python min(); checked.',
    ),
    Case(
        id='ac-signax-window-slice-scan',
        source='https://github.com/anh-tong/signax/blob/main/examples/nets.py',
        code="""\
import jax
import jax.numpy as jnp
import signax

path = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (40, 2)), axis=0)
starts = jnp.arange(0, 35, 5)

def window_signature(carry, start):
    window = path[start:start + 6]
    return carry, signax.signature(window, 3)

jax.lax.scan(window_signature, None, starts)
""",
        kind='traced-shape', argument='start', path='start', line=9,
        fixes=('lax.dynamic_slice',), verifiable=True, jax_fitting_fix=False,
        note="Sliding-window signatures in a lax.scan body slice the path with the scanned start index, so the slice bounds are tracers; JAX raises IndexError (slice entries must be static integers). Fix: jax.lax.dynamic_slice with a fixed window size, as signax's own Window example does; checked.",
    ),
    Case(
        id='ac-signax-psi-python-if',
        source='https://github.com/anh-tong/signax/blob/main/examples/utils/signature_normalization.py',
        code="""\
import jax
import jax.numpy as jnp
import signax

def psi(x, M=4.0):
    if x > M:
        return x
    return M + M**2 * (1.0 / M - 1.0 / x)

def normalize(sig):
    norm = jnp.linalg.norm(sig)
    return sig * jnp.sqrt(psi(norm)) / norm

paths = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (8, 30, 2)), axis=1)
sigs = signax.signature(paths, 3)
jax.vmap(normalize)(sigs)
""",
        kind='bool-conversion', argument='sig', path='sig', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='Signature normalisation with a psi function written with a Python if on the signature norm, mapped over a batch with jax.vmap; JAX raises TracerBoolConversionError. Fix: jnp.where (or lax.cond, which the signax example uses); both checked.',
    ),
    Case(
        id='ac-signax-numpy-in-loss',
        source='https://github.com/anh-tong/signax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
import signax

paths = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (16, 20, 2)), axis=1)
target = jnp.zeros(2 + 4)
params = {"scale": jnp.ones(2)}

def loss(params, paths):
    sigs = signax.signature(paths * params["scale"], 2)
    return np.mean(np.square(sigs - target))

jax.value_and_grad(loss)(params, paths)
""",
        kind='array-conversion', argument='params', path="params['scale']", line=12,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A loss on signature features differentiated with jax.value_and_grad reduces them with np.mean/np.square, which call __array__ on the traced signatures; JAX raises TracerArrayConversionError. Fix: jnp.mean/jnp.square; checked.',
    ),
    Case(
        id='ac-signax-leak-on-self',
        source='https://github.com/anh-tong/signax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import signax

class SigFeatures:
    def __init__(self, depth):
        self.depth = depth
        self.last_signature = None

    def __call__(self, path):
        sig = signax.signature(path, self.depth)
        self.last_signature = sig
        return jnp.sum(sig**2)

feats = SigFeatures(depth=2)
path = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (25, 3)), axis=0)
energy = jax.jit(feats)(path)
feats.last_signature / jnp.sqrt(energy)
""",
        kind='leaked-tracer', argument='path', path='path', line=12,
        use_line=18,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A feature class caches the signature on self inside a call that is jitted; the cached tracer is used after the trace and JAX raises UnexpectedTracerError, whose message says to return outputs explicitly. Fix: return the signature with the energy; checked.',
    ),
    Case(
        id='ac-signax-float-print-scan',
        source='https://github.com/anh-tong/signax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import signax

paths = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (5, 30, 2)), axis=1)

def accumulate(total, path):
    sig = signax.signature(path, 2)
    print(f"increment norm: {float(jnp.linalg.norm(sig[:2])):.3f}")
    return total + sig, None

jax.lax.scan(accumulate, jnp.zeros(6), paths)
""",
        kind='concretization', argument='path', path='path', line=9,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='Progress logging inside a lax.scan body over paths calls float() on a norm of the signature; JAX raises ConcretizationTypeError and its hint (astype) does not fit a print. Fix: jax.debug.print; checked.',
    ),
    Case(
        id='ac-signax-stream-mask',
        source='https://github.com/anh-tong/signax/pull/33',
        code="""\
import jax
import jax.numpy as jnp
import signax

@jax.jit
def rising_steps(path):
    stream = signax.signature(path, 2, stream=True)
    return stream[stream[:, 0] > 0.0]

path = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (30, 2)), axis=0)
rising_steps(path)
""",
        kind='boolean-index', argument='path', path='path', line=8,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='The stream=True signatures of a jitted path are filtered with a boolean mask on the first level; the result size is data dependent and JAX raises NonConcreteBooleanIndexError. Fix: keep the shape with jnp.where (or jnp.nonzero with size=); both checked.',
    ),
    Case(
        id='ac-signax-config-dict-static',
        source='https://github.com/anh-tong/signax/blob/main/src/signax/signatures.py',
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import signax

config = {"depth": 3, "stream": False}

@partial(jax.jit, static_argnames="config")
def featurize(paths, config):
    return signax.signature(paths, config["depth"], stream=config["stream"])

paths = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (4, 30, 2)), axis=1)
featurize(paths, config=config)
""",
        kind='unhashable-static', argument='config', path='config', line=14,
        fixes=('hashable-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='The signature depth/stream options are bundled in a dict and marked static_argnames; a dict cannot be hashed and JAX raises ValueError (non-hashable static arguments). Fix: a frozen dataclass (or pass depth and stream as separate static args); checked with the dataclass.',
    ),
    Case(
        id='ac-sr-jit-library-function',
        source='https://frazane.github.io/scoringrules/user_guide',
        code="""\
import jax
import jax.numpy as jnp
import scoringrules as sr

key_obs, key_fct = jax.random.split(jax.random.PRNGKey(0))
obs = jax.random.normal(key_obs, (100,))
fct = obs[:, None] + 0.3 * jax.random.normal(key_fct, (100, 21))

fast_crps = jax.jit(sr.crps_ensemble)
fast_crps(obs, fct, estimator="fair", backend="jax")
""",
        kind='non-array-argument', argument='backend', path='backend', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="sr.crps_ensemble is wrapped in jax.jit directly and called with the string options estimator= and backend=; JAX raises TypeError (str is not a valid JAX type), naming backend and suggesting static_argnames. Fix: static_argnames=('estimator', 'backend'); checked.",
    ),
    Case(
        id='ac-sr-owes-weight-if',
        source='https://frazane.github.io/scoringrules/api/energy',
        code="""\
import jax
import jax.numpy as jnp
import scoringrules as sr

obs = jax.random.normal(jax.random.PRNGKey(0), (50, 3))
fct = obs[:, None, :] + jax.random.normal(jax.random.PRNGKey(1), (50, 10, 3))

def heavy_rain_weight(x):
    if x[0] > 1.0:
        return 1.0
    return 0.0

sr.owes_ensemble(obs, fct, heavy_rain_weight, backend="jax")
""",
        kind='bool-conversion', argument='x', path='x', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="The user's weight function for sr.owes_ensemble uses a Python if; with the jax backend scoringrules applies it with jax.vmap (apply_along_axis), so x is a BatchTracer and JAX raises TracerBoolConversionError (twice, the fallback path fails the same way). Fix: jnp.where or lax.cond in the weight function; both checked.",
    ),
    Case(
        id='ac-sr-twcrps-builtin-max',
        source='https://frazane.github.io/scoringrules/api/crps',
        code="""\
import jax
import jax.numpy as jnp
import scoringrules as sr

def chain(x):
    return max(x, 1.5)

def station_score(obs_t, fct_t):
    return sr.twcrps_ensemble(obs_t, fct_t, v_func=chain, backend="jax")

obs = jax.random.normal(jax.random.PRNGKey(0), (64,))
fct = obs[:, None] + jax.random.normal(jax.random.PRNGKey(1), (64, 20))
jax.vmap(station_score)(obs, fct)
""",
        kind='bool-conversion', argument='obs_t', path='obs_t', line=6,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note='A per-station twCRPS is vmapped; the chaining function passed as v_func uses builtin max, which compares the traced observation; JAX raises TracerBoolConversionError. Fix: jnp.maximum; checked.',
    ),
    Case(
        id='ac-sr-m-axis-traced',
        source='https://frazane.github.io/scoringrules/api/crps',
        code="""\
import jax
import jax.numpy as jnp
import scoringrules as sr

@jax.jit
def mean_crps(obs, fct, member_axis):
    return sr.crps_ensemble(obs, fct, m_axis=member_axis, backend="jax").mean()

obs = jax.random.normal(jax.random.PRNGKey(0), (100,))
fct = obs[None, :] + jax.random.normal(jax.random.PRNGKey(1), (21, 100))
mean_crps(obs, fct, 0)
""",
        kind='traced-shape', argument='member_axis', path='member_axis', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The ensemble axis is an argument of a jitted function, so m_axis reaches scoringrules as a tracer and the library's own `m_axis if m_axis >= 0` raises TracerBoolConversionError. Fix: static_argnames='member_axis'; checked.",
    ),
    Case(
        id='ac-sr-estimator-list-static',
        source='https://frazane.github.io/scoringrules/api/crps',
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import scoringrules as sr

@partial(jax.jit, static_argnames="estimators")
def compare_estimators(obs, fct, estimators):
    return {e: sr.crps_ensemble(obs, fct, estimator=e, backend="jax").mean() for e in estimators}

obs = jax.random.normal(jax.random.PRNGKey(0), (100,))
fct = obs[:, None] + jax.random.normal(jax.random.PRNGKey(1), (100, 21))
compare_estimators(obs, fct, estimators=["nrg", "fair", "pwm"])
""",
        kind='unhashable-static', argument='estimators', path='estimators', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='A jitted comparison of CRPS estimators marks the estimator names static but passes them as a list; JAX raises ValueError (non-hashable static arguments). Fix: pass a tuple; checked.',
    ),
    Case(
        id='ac-sr-threshold-leak',
        source='https://frazane.github.io/scoringrules/api/crps',
        code="""\
import jax
import jax.numpy as jnp
import scoringrules as sr

THRESHOLDS = {}

@jax.jit
def calibrate(obs):
    THRESHOLDS["extreme"] = jnp.quantile(obs, 0.9)
    return obs.mean()

def chain(x):
    return jnp.maximum(x, THRESHOLDS["extreme"])

obs = jax.random.normal(jax.random.PRNGKey(0), (200,))
fct = obs[:, None] + jax.random.normal(jax.random.PRNGKey(1), (200, 15))
calibrate(obs)
sr.twcrps_ensemble(obs, fct, v_func=chain, backend="jax")
""",
        kind='leaked-tracer', argument='obs', path='obs', line=9,
        use_line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted calibration step stores the 90% quantile threshold in a global dict; the chaining function later handed to sr.twcrps_ensemble reads it, and JAX raises UnexpectedTracerError inside the callback. Fix: return the threshold from the jitted function and store the returned value; checked.',
    ),
    Case(
        id='ac-sr-scipy-weight',
        source='https://frazane.github.io/scoringrules/api/energy',
        code="""\
import jax
import jax.numpy as jnp
import scipy.stats
import scoringrules as sr

obs = jax.random.normal(jax.random.PRNGKey(0), (50, 2))
fct = obs[:, None, :] + jax.random.normal(jax.random.PRNGKey(1), (50, 12, 2))

def gaussian_cdf_weight(x):
    return scipy.stats.norm.cdf(x, loc=1.0).prod()

sr.owes_ensemble(obs, fct, gaussian_cdf_weight, backend="jax")
""",
        kind='array-conversion', argument='x', path='x', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A Gaussian-CDF weight function built on scipy.stats.norm.cdf is given to sr.owes_ensemble with the jax backend, which vmaps it; scipy converts the BatchTracer with __array__ and JAX raises TracerArrayConversionError. Fix: jax.scipy.stats.norm.cdf; checked.',
    ),
    Case(
        id='ac-sr-item-metrics',
        source='https://frazane.github.io/scoringrules/user_guide',
        code="""\
import jax
import jax.numpy as jnp
import scoringrules as sr

@jax.jit
def evaluate(obs, mu, sigma):
    score = sr.crps_normal(obs, mu, sigma, backend="jax").mean()
    metrics = {"crps": score.item()}
    return score, metrics

obs = jax.random.normal(jax.random.PRNGKey(0), (500,))
evaluate(obs, jnp.zeros(500), jnp.ones(500))
""",
        kind='concretization', argument='obs', path='obs', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note='A jitted evaluation builds a metrics dict with .item() on the mean CRPS; JAX raises ConcretizationTypeError (item() method). Fix: return the score and call .item() outside jit (or jax.debug.print to only show it); both checked.',
    ),
    Case(
        id='ac-tn-split-truncation-err',
        source='https://github.com/google/TensorNetwork/issues/953',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

tn.set_default_backend("jax")

@jax.jit
def split(tensor):
    node = tn.Node(tensor)
    left, right, _ = tn.split_node(node, node[:2], node[2:], max_truncation_err=0.5)
    return left.tensor

split(jnp.ones([2, 2, 2, 2]))
""",
        kind='traced-shape', argument='tensor', path='tensor', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="tn.split_node with max_truncation_err under jax.jit: the number of kept singular values depends on the data, and the library's own min(...) in its SVD raises TracerBoolConversionError. Fix: truncate to a fixed Python-int bond dimension (max_singular_values=2); checked.",
    ),
    Case(
        id='ac-tn-node-as-jit-arg',
        source='https://github.com/google/TensorNetwork/issues/194',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

@jax.jit
def norm_squared(node):
    return jnp.sum(jnp.abs(node.tensor) ** 2)

psi = tn.Node(jnp.ones((2, 2)) / 2.0, backend="jax")
norm_squared(psi)
""",
        kind='non-array-argument', argument='node', path='node', line=7,
        fixes=('static', 'register-pytree'), verifiable=True, jax_fitting_fix=False,
        note='A tn.Node is passed as an argument of a jitted function; JAX abstracts it by its shape/dtype attributes into a plain tracer, so node.tensor raises AttributeError (DynamicJaxprTracer has no attribute tensor). Fix: mark it static (static_argnums=0) or make the object a pytree / pass node.tensor; static checked.',
    ),
    Case(
        id='ac-tn-node-tensor-leak',
        source='https://github.com/google/TensorNetwork/blob/master/tensornetwork/network_components.py',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

tn.set_default_backend("jax")
site = tn.Node(jnp.eye(2))

@jax.jit
def update_site(tensor):
    site.tensor = tensor / jnp.linalg.norm(tensor)
    return jnp.linalg.norm(tensor)

update_site(jnp.arange(4.0).reshape(2, 2))
env = tn.Node(jnp.ones((2, 2)))
site[0] ^ env[0]
site[1] ^ env[1]
tn.contract_between(site, env).tensor
""",
        kind='leaked-tracer', argument='tensor', path='tensor', line=10,
        use_line=17,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A jitted update writes a traced tensor into a global tn.Node (site.tensor = ...); contracting that node afterwards makes JAX raise UnexpectedTracerError inside tn.contract_between. Fix: return the new tensor and assign it outside jit; checked.',
    ),
    Case(
        id='ac-tn-mps-gate-leak',
        source='https://github.com/google/TensorNetwork/issues/248',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

tensors = [jnp.ones((1, 2, 2)), jnp.ones((2, 2, 2)), jnp.ones((2, 2, 1))]
mps = tn.FiniteMPS(tensors, backend="jax")

@jax.jit
def kick(angle):
    gate = jnp.array([[jnp.cos(angle), -jnp.sin(angle)], [jnp.sin(angle), jnp.cos(angle)]])
    mps.apply_one_site_gate(gate, 1)
    return angle

kick(0.3)
mps.position(2)
""",
        kind='leaked-tracer', argument='angle', path='angle', line=11,
        use_line=15,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='FiniteMPS.apply_one_site_gate called inside jit stores the traced site tensor in the MPS object (the library mutates mps.tensors); the later mps.position(2) raises UnexpectedTracerError. Fix: return mps.tensors from the jitted function and assign them back; checked.',
    ),
    Case(
        id='ac-tn-ncon-list-static',
        source='https://github.com/google/TensorNetwork/pull/623',
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import tensornetwork as tn

@partial(jax.jit, static_argnums=1)
def contract(tensors, network):
    return tn.ncon(tensors, network, backend="jax")

A = jnp.ones((3, 4))
B = jnp.ones((4, 5))
contract([A, B], [[-1, 1], [1, -2]])
""",
        kind='unhashable-static', argument='network', path='network', line=13,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The ncon network structure is marked static but given as a list of lists; JAX raises ValueError (non-hashable static arguments). Fix: tuple of tuples, which tn.ncon accepts; checked.',
    ),
    Case(
        id='ac-tn-split-edge-count',
        source='https://github.com/google/TensorNetwork/blob/master/tensornetwork/network_operations.py',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

@jax.jit
def bipartite_svd(tensor, n_left):
    node = tn.Node(tensor, backend="jax")
    u, s, v, _ = tn.split_node_full_svd(node, node[:n_left], node[n_left:])
    return s.tensor

psi = jax.random.normal(jax.random.PRNGKey(0), (2, 2, 2, 2))
bipartite_svd(psi, 2)
""",
        kind='integer-conversion', argument='n_left', path='n_left', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The number of left legs for tn.split_node_full_svd is an argument of the jitted function and is used to slice the node's edge list (node[:n_left]); JAX raises TracerIntegerConversionError in Node.__getitem__. Fix: static_argnames='n_left'; checked.",
    ),
    Case(
        id='ac-tn-mps-fori-sites',
        source='https://github.com/google/TensorNetwork/blob/master/tensornetwork/matrixproductstates/base_mps.py',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

tensors = [jnp.ones((1, 2, 2)), jnp.ones((2, 2, 2)), jnp.ones((2, 2, 2)), jnp.ones((2, 2, 1))]
mps = tn.FiniteMPS(tensors, backend="jax", canonicalize=False)

def add_site_weight(i, total):
    A = mps.tensors[i]
    return total + jnp.sum(jnp.abs(A) ** 2)

jax.lax.fori_loop(0, len(mps), add_site_weight, 0.0)
""",
        kind='integer-conversion', argument='i', path='i', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A lax.fori_loop over MPS sites indexes the Python list mps.tensors with the traced loop index; JAX raises TracerIntegerConversionError. Fix: a Python loop over range(len(mps)) (the site tensors have different shapes, so they cannot be stacked); checked.',
    ),
    Case(
        id='ac-tn-singular-value-mask',
        source='https://github.com/google/TensorNetwork/issues/953',
        code="""\
import jax
import jax.numpy as jnp
import tensornetwork as tn

@jax.jit
def truncated_spectrum(tensor):
    node = tn.Node(tensor, backend="jax")
    u, s, v, _ = tn.split_node_full_svd(node, node[:2], node[2:])
    sv = jnp.diag(s.tensor)
    return sv[sv > 1e-1]

psi = jax.random.normal(jax.random.PRNGKey(0), (2, 2, 2, 2))
truncated_spectrum(psi)
""",
        kind='boolean-index', argument='tensor', path='tensor', line=10,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='After tn.split_node_full_svd inside jit, the singular values are filtered with a threshold mask to truncate by hand; JAX raises NonConcreteBooleanIndexError. Fix: zero them with jnp.where (or jnp.nonzero with size=); both checked.',
    ),
]
