"""Held-out library cases (set bm): diffsky, furax, asdex.

How they were built: each cell is my own reduction of a usage pattern of the
library's public API (HMF fitting losses and Monte Carlo kernels in diffsky;
linear operators, index/move-axis operators and landscapes in furax; sparse
Jacobians/Hessians of user functions in asdex). Each cell was written to a file
and run with /tmp/heldout33/venv_bm/bin/python (CPython 3.11.7, venv made with
--system-site-packages): every statement but the last runs, the last raises;
`line`/`use_line` were read off the traceback frames of the file. Every first fix
was applied by hand to a copy of the cell and re-run (all ran cleanly).

Installed versions: jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, flax 0.12.8,
equinox 0.13.8, optax 0.2.8 (pinned, unchanged); diffsky 0.3.11 (pulls
diffmah 0.7.3, diffstar 1.0.3, dsps 0.4.8, diffhalos 0.2.0 -- the cases only
call diffsky modules), furax 0.11.3 (pulls lineax, jax-healpy 0.8.2, s2fft
1.5.0 -- the cases only use furax.core and furax.obs), asdex 0.5.1.
Note that importing diffsky turns on jax_enable_x64 (dtypes in its errors are
int64/float64).

Dropped:
- discovery-pulsar, mace-jax, jaxinterp2d: no distribution on the package index
  reachable from this machine ("No matching distribution found"), so they could
  not be installed.
- fjformer (2nd alternate): pip resolved only fjformer 0.0.21 under the pins and
  it fails to import with JAX 0.10.2 (ImportError: with_sharding_constraint from
  jax.experimental.pjit); fjformer 0.0.91 is not co-installable with the pins
  (ResolutionImpossible). Uninstalled again.
- jaxfg (3rd alternate): no distribution on the index.
  Replacements of my choosing (on neither list): furax (CMBSciPol's JAX
  linear-operator framework for CMB map-making) and asdex (automatic sparse
  differentiation for JAX). cosmologix and copulax also installed but were not used.
- Tried and discarded as cases because they do NOT raise under JAX 0.10.2:
  passing a jax.ShapeDtypeStruct as a jit argument (accepted), a list as
  ReshapeOperator's static shape (accepted), asdex.jacobian called inside jit
  (works), a ColoredPattern passed through jit (works), np.mean on a tracer under
  grad (dispatches to .mean), and a Python `if` on params under jax.grad alone
  (concrete JVP primal; the d3 cell therefore uses jit(value_and_grad)).

Sources: few GitHub threads exist for these libraries, so most sources are the
library's README or the source file of the API the cell exercises
(diffsky's fitting_utils/fit_hmf_model.py shows the loss-on-HMF_Params pattern).

Doubts about labels:
- bm-diffsky-n-gals-static-kernel: JAX raises "Non-hashable static arguments"
  (a tracer reached a static argument of diffsky's inner jit), so
  unhashable-static is defensible; I chose traced-shape because the value is an
  array length the library needs at trace time and the fix is to make the
  user's own argument static (not to make something hashable).
- bm-furax-moveaxis-traced-axis: the exception is a bare TypeError from tuple()
  on a 0-d tracer inside furax's constructor; integer-conversion is defensible.
- bm-furax-slice-by-sample-count: IndexError on a traced slice bound; the slice
  is in the user's own line, furax is only the consumer; lax.dynamic_slice is not
  a fix because the length itself is dynamic.
- bm-asdex-float-step: concretization vs. a "builtin on tracer" reading; fixes
  could also be listed as jnp-not-builtin first. jax_fitting_fix=True because
  JAX's message names .astype.
- bm-asdex-active-set-mask: jnp.where changes the output (fixed-length, zeros for
  inactive constraints) -- for a sparse Jacobian this is the usual fix, but a
  user wanting only active rows would take size-argument first.
- bm-furax-custom-operator-if: argument/path could be read as the method's
  `self.gain` (the error is in mv) rather than the jitted lambda's `op.gain`;
  JAX's own message names op.gain. `static` (static dataclass field) is an
  equally valid first fix if gain is configuration.
- bm-diffsky-best-params-leak / bm-diffsky-fstring-loss-print: the offending
  value depends on the whole HMF_Params pytree, so path is 'params', not a leaf.
- bm-diffsky-fstring-loss-print: exception is TypeError (unsupported format
  string) rather than ConcretizationTypeError; kind concretization by the
  definition (concrete value needed).
- bm-asdex-debug-log-leak: jax.debug.print is acceptable if the user only
  wanted to look at the intermediate; return-value (has_aux=True) if they need it.
- Leaks (a6, d4, f6): jax_fitting_fix=True because the message says to return
  outputs explicitly instead of saving them to global state; one could argue it is
  too generic to count.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bm-asdex-if-in-residual',
        source='https://github.com/adrhill/asdex',
        code="""\
import jax.numpy as jnp
import asdex

def residual(x):
    r = x[1:] - x[:-1]
    if x[0] > 0:
        r = r * 2.0
    return r

x0 = jnp.arange(5.0)
jac_fn = asdex.jacobian(residual, x0)
""",
        kind='bool-conversion', argument='x', path='x', line=6,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A residual passed to asdex.jacobian branches with a Python `if` on an entry of its input; asdex traces it (make_jaxpr) for sparsity detection, so JAX raises TracerBoolConversionError. jnp.where keeps the result and also lets asdex see both branches; checked.',
    ),
    Case(
        id='bm-asdex-float-step',
        source='https://github.com/adrhill/asdex',
        code="""\
import jax.numpy as jnp
import asdex

def energy(x):
    h = float(x[-1] - x[0]) / (x.size - 1)
    return jnp.sum((x[1:] - x[:-1]) ** 2) / h

x0 = jnp.linspace(0.0, 1.0, 6)
hess_fn = asdex.hessian(energy, x0)
""",
        kind='concretization', argument='x', path='x', line=5,
        fixes=('astype', 'jnp-not-builtin'), verifiable=True, jax_fitting_fix=True,
        note="A Hessian objective given to asdex.hessian turns a data-dependent grid step into a Python float; tracing for sparsity detection raises ConcretizationTypeError. JAX's message itself suggests .astype; dropping float() / using .astype(jnp.float32) runs; checked.",
    ),
    Case(
        id='bm-asdex-numpy-in-rates',
        source='https://github.com/adrhill/asdex',
        code="""\
import numpy as np
import jax.numpy as jnp
import asdex

def rates(c):
    k = np.exp(-1.0 / c[:-1])
    return k * c[1:]

c0 = jnp.ones(5)
pattern = asdex.jacobian_sparsity(rates, c0)
""",
        kind='array-conversion', argument='c', path='c', line=6,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A rate function passed to asdex.jacobian_sparsity uses np.exp on its input; the jaxpr interpreter traces it and NumPy calls __array__, raising TracerArrayConversionError. Replacing np.exp by jnp.exp runs; checked.',
    ),
    Case(
        id='bm-asdex-active-set-mask',
        source='https://github.com/adrhill/asdex',
        code="""\
import jax.numpy as jnp
import asdex

def active_constraints(x):
    g = x ** 2 - 1.0
    return g[g > 0]

x0 = jnp.array([0.5, 2.0, 3.0])
jac_fn = asdex.jacobian(active_constraints, x0)
""",
        kind='boolean-index', argument='x', path='x', line=6,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='A constraint function keeps only the active constraints with g[g > 0]; asdex needs a fixed output shape and tracing raises NonConcreteBooleanIndexError. Returning jnp.where(g > 0, g, 0) (fixed size, zero rows for inactive constraints) runs; checked.',
    ),
    Case(
        id='bm-asdex-mode-string-jit',
        source='https://github.com/adrhill/asdex',
        code="""\
import jax
import jax.numpy as jnp
import asdex

def f(x):
    return (x[1:] - x[:-1]) ** 2

def sparse_jac(x, mode):
    return asdex.jacobian(f, x, mode=mode)(x).todense()

jax.jit(sparse_jac)(jnp.ones(6), "fwd")
""",
        kind='non-array-argument', argument='mode', path='mode', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The user jits a wrapper that forwards asdex's mode='fwd'/'rev' option as a traced argument; jit rejects the str with a TypeError before asdex is reached. static_argnames='mode' (what the message suggests) runs; checked.",
    ),
    Case(
        id='bm-asdex-debug-log-leak',
        source='https://github.com/adrhill/asdex',
        code="""\
import jax.numpy as jnp
import asdex

trace_log = []

def residual(x):
    d = x[1:] - x[:-1]
    trace_log.append(d)
    return d ** 3

jac_fn = asdex.jacobian(residual, jnp.zeros(4))
jnp.max(trace_log[-1])
""",
        kind='leaked-tracer', argument='x', path='x', line=8,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=True,
        note="The residual appends an intermediate to a global list while asdex traces it for sparsity detection; using the stored value afterwards raises UnexpectedTracerError. Returning it as auxiliary output (has_aux=True) runs; JAX's message says to return outputs explicitly; checked.",
        use_line=12,
    ),
    Case(
        id='bm-diffsky-n-gals-static-kernel',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/experimental/kernels/mc_randoms.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.experimental.kernels.mc_randoms import get_mc_dbk_randoms

@jax.jit
def bulge_fractions(key, n_gals):
    randoms = get_mc_dbk_randoms(key, n_gals)
    return jnp.clip(randoms.uran_fbulge, 0.1, 0.9)

bulge_fractions(jax.random.key(0), 500)
""",
        kind='traced-shape', argument='n_gals', path='n_gals', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="diffsky's get_mc_dbk_randoms declares n_gals static (it is a random-array length); calling it from the user's own jit with n_gals traced makes the inner jit try to hash a tracer: ValueError (non-hashable static argument). Marking n_gals static in the outer jit runs; checked.",
    ),
    Case(
        id='bm-diffsky-numpy-in-hmf-loss',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/fitting_utils/fit_hmf_model.py',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
from diffsky.mass_functions.hmf_model import DEFAULT_HMF_PARAMS, predict_cuml_hmf

lgm = jnp.linspace(11.0, 14.5, 30)
target = predict_cuml_hmf(DEFAULT_HMF_PARAMS, lgm, 0.5) + 0.05

def loss(redshift):
    pred = predict_cuml_hmf(DEFAULT_HMF_PARAMS, lgm, redshift)
    return np.sum(np.square(pred - target))

jax.grad(loss)(0.3)
""",
        kind='array-conversion', argument='redshift', path='redshift', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A least-squares loss on diffsky's predict_cuml_hmf is reduced with np.sum(np.square(...)) under jax.grad; the NumPy ufunc calls __array__ on the tracer: TracerArrayConversionError. jnp.sum/jnp.square run; checked.",
    ),
    Case(
        id='bm-diffsky-param-bound-if',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/fitting_utils/fit_hmf_model.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.mass_functions.hmf_model import DEFAULT_HMF_PARAMS, predict_cuml_hmf

lgm = jnp.linspace(11.0, 14.5, 30)
target = predict_cuml_hmf(DEFAULT_HMF_PARAMS, lgm, 0.0) + 0.05

def loss(params):
    if params.lo_params.lo_k < 0:
        return jnp.inf
    pred = predict_cuml_hmf(params, lgm, 0.0)
    return jnp.mean((pred - target) ** 2)

jax.jit(jax.value_and_grad(loss))(DEFAULT_HMF_PARAMS)
""",
        kind='bool-conversion', argument='params', path='params.lo_params.lo_k', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="An HMF fitting loss rejects out-of-bound parameters with a Python `if` on a leaf of diffsky's HMF_Params namedtuple; under jit(value_and_grad) this raises TracerBoolConversionError. jnp.where(bad, inf, mse) keeps the result; checked.",
    ),
    Case(
        id='bm-diffsky-best-params-leak',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/fitting_utils/fit_hmf_model.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.mass_functions.hmf_model import DEFAULT_HMF_PARAMS, predict_cuml_hmf

lgm = jnp.linspace(11.0, 14.5, 30)
target = predict_cuml_hmf(DEFAULT_HMF_PARAMS, lgm, 0.0) + 0.05
best = {}

def loss(params):
    best["params"] = params
    return jnp.mean((predict_cuml_hmf(params, lgm, 0.0) - target) ** 2)

jax.grad(loss)(DEFAULT_HMF_PARAMS)
predict_cuml_hmf(best["params"], lgm, 1.0)
""",
        kind='leaked-tracer', argument='params', path='params', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="The loss stores the HMF_Params it receives (JVP tracers under jax.grad) in a dict to reuse the 'best' parameters; passing them to predict_cuml_hmf later raises UnexpectedTracerError. Keep/return concrete params outside the traced loss instead; checked.",
        use_line=14,
    ),
    Case(
        id='bm-diffsky-param-list-index',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/hmf_model.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.mass_functions.hmf_model import DEFAULT_HMF_PARAMS, predict_cuml_hmf

perturbed = DEFAULT_HMF_PARAMS._replace(
    x0_params=DEFAULT_HMF_PARAMS.x0_params._replace(x0_ytp=13.2))
candidate_params = [DEFAULT_HMF_PARAMS, perturbed]
lgm = jnp.linspace(11.0, 14.5, 30)

@jax.jit
def cuml_hmf(which, redshift):
    return predict_cuml_hmf(candidate_params[which], lgm, redshift)

cuml_hmf(1, 0.5)
""",
        kind='integer-conversion', argument='which', path='which', line=12,
        fixes=('static', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='The user picks one of several HMF_Params calibrations from a Python list with a jitted index; list indexing calls __index__ on the tracer: TracerIntegerConversionError. static_argnums for the index runs (lax.switch over the candidates also works); checked.',
    ),
    Case(
        id='bm-diffsky-params-marked-static',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/hmf_model.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.mass_functions.hmf_model import DEFAULT_HMF_PARAMS, predict_cuml_hmf

params = jax.tree.map(jnp.asarray, DEFAULT_HMF_PARAMS)
lgm = jnp.linspace(11.0, 14.5, 30)
fast_hmf = jax.jit(predict_cuml_hmf, static_argnums=(0,))
fast_hmf(params, lgm, 0.5)
""",
        kind='unhashable-static', argument='params', path='params', line=8,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='predict_cuml_hmf is jitted with its HMF_Params marked static, but after jnp conversion (as after an optimiser step) the leaves are arrays, so hashing fails: ValueError (non-hashable static argument). Params are a pytree and should be traced: drop static_argnums; checked.',
    ),
    Case(
        id='bm-diffsky-model-name-jit',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/flat_hmf_model.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.mass_functions import hmf_model, flat_hmf_model

MODELS = {
    "nested": (hmf_model, hmf_model.DEFAULT_HMF_PARAMS),
    "flat": (flat_hmf_model, flat_hmf_model.FLAT_HMF_PARAMS),
}
lgm = jnp.linspace(11.0, 14.5, 30)

def cuml_hmf(model_name, redshift):
    model, params = MODELS[model_name]
    return model.predict_cuml_hmf(params, lgm, redshift)

jax.jit(cuml_hmf)("flat", 0.5)
""",
        kind='non-array-argument', argument='model_name', path='model_name', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The user selects diffsky's nested or flat HMF parameterisation by a string argument of a jitted function; jit raises TypeError for the str. static_argnums=0, as the message suggests, runs; checked.",
    ),
    Case(
        id='bm-diffsky-fstring-loss-print',
        source='https://github.com/ArgonneCPAC/diffsky/blob/main/diffsky/mass_functions/fitting_utils/fit_hmf_model.py',
        code="""\
import jax
import jax.numpy as jnp
from diffsky.mass_functions.hmf_model import DEFAULT_HMF_PARAMS, predict_cuml_hmf

lgm = jnp.linspace(11.0, 14.5, 30)
target = predict_cuml_hmf(DEFAULT_HMF_PARAMS, lgm, 0.0) + 0.05

def loss(params):
    mse = jnp.mean((predict_cuml_hmf(params, lgm, 0.0) - target) ** 2)
    print(f"current loss: {mse:.4f}")
    return mse

jax.grad(loss)(DEFAULT_HMF_PARAMS)
""",
        kind='concretization', argument='params', path='params', line=10,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='An HMF loss prints its value with an f-string format spec under jax.grad; formatting needs the concrete number and the tracer raises TypeError (unsupported format string). jax.debug.print runs; checked.',
    ),
    Case(
        id='bm-furax-slice-by-sample-count',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_diagonal.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import DiagonalOperator

@jax.jit
def weighted_norm(weights, n_samples):
    struct = jax.ShapeDtypeStruct((n_samples,), jnp.float32)
    W = DiagonalOperator(weights[:n_samples], in_structure=struct)
    tod = jnp.ones(n_samples)
    return tod @ W(tod)

weighted_norm(jnp.linspace(0.5, 1.5, 100), 64)
""",
        kind='traced-shape', argument='n_samples', path='n_samples', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Building a furax DiagonalOperator inside jit from weights[:n_samples] with n_samples traced: slice bounds must be static, JAX raises IndexError. static_argnums=1 runs; checked.',
    ),
    Case(
        id='bm-furax-operator-static-arg',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_base.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import DiagonalOperator

def chi2(op, d):
    r = d - op(d)
    return r @ r

w = jnp.linspace(0.5, 1.5, 8)
N = DiagonalOperator(w, in_structure=jax.ShapeDtypeStruct((8,), jnp.float32))
fast_chi2 = jax.jit(chi2, static_argnums=0)
fast_chi2(N, jnp.ones(8))
""",
        kind='unhashable-static', argument='op', path='op', line=12,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='A furax operator (a dataclass pytree holding its diagonal as an array) is passed to jax.jit as a static argument; its generated __hash__ hits the array: ValueError (non-hashable static argument). Operators are pytrees, pass them traced; checked.',
    ),
    Case(
        id='bm-furax-boolean-index-operator',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_indices.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import IndexOperator

@jax.jit
def select_hits(hits, signal):
    valid = hits > 0
    P = IndexOperator(valid, in_structure=jax.ShapeDtypeStruct((6,), jnp.float32),
                      out_structure=jax.ShapeDtypeStruct((4,), jnp.float32))
    return P(signal)

select_hits(jnp.array([0, 2, 1, 0, 3, 1]), jnp.arange(6.0))
""",
        kind='boolean-index', argument='hits', path='hits', line=10,
        fixes=('size-argument', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note='An IndexOperator built inside jit from a boolean hit mask (furax accepts boolean indices with an explicit out_structure) indexes with a traced mask when applied: NonConcreteBooleanIndexError. Integer indices from jnp.nonzero(mask, size=4) run; checked.',
    ),
    Case(
        id='bm-furax-moveaxis-traced-axis',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_axes.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import MoveAxisOperator

@jax.jit
def to_time_major(tod, det_axis):
    op = MoveAxisOperator(det_axis, -1, in_structure=jax.ShapeDtypeStruct(tod.shape, tod.dtype))
    return op(tod)

to_time_major(jnp.ones((3, 100)), 0)
""",
        kind='traced-shape', argument='det_axis', path='det_axis', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="MoveAxisOperator expects int or sequence axes (stored as static fields); a traced det_axis fails furax's isinstance(int) check and tuple() iterates a 0-d tracer: TypeError (iteration over a 0-d array). static_argnums=1 runs; checked.",
    ),
    Case(
        id='bm-furax-custom-operator-if',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_base.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import AbstractLinearOperator

class GainOperator(AbstractLinearOperator):
    gain: float

    def mv(self, x):
        if self.gain != 1.0:
            x = x * self.gain
        return x

op = GainOperator(2.0, in_structure=jax.ShapeDtypeStruct((4,), jnp.float32))
apply = jax.jit(lambda op, x: op(x))
apply(op, jnp.ones(4))
""",
        kind='bool-conversion', argument='op', path='op.gain', line=9,
        fixes=('jnp.where', 'lax.cond', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A user-defined AbstractLinearOperator branches in mv on its own non-static field; passed through jit that field is a tracer: TracerBoolConversionError. jnp.where keeps the result; declaring gain a static field also works; checked.',
    ),
    Case(
        id='bm-furax-operator-cache-leak',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_diagonal.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import DiagonalOperator

noise_ops = []

@jax.jit
def build_noise(inv_var):
    N = DiagonalOperator(inv_var, in_structure=jax.ShapeDtypeStruct((5,), jnp.float32))
    noise_ops.append(N)
    return N(jnp.ones(5))

build_noise(jnp.linspace(1.0, 2.0, 5))
noise_ops[0](jnp.arange(5.0))
""",
        kind='leaked-tracer', argument='inv_var', path='inv_var', line=10,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='A DiagonalOperator built inside a jitted function is cached in a global list; its diagonal is a tracer, so applying the cached operator later raises UnexpectedTracerError. Returning the operator (it is a pytree) runs; checked.',
        use_line=14,
    ),
    Case(
        id='bm-furax-block-count-range',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/core/_blocks.py',
        code="""\
import jax
import jax.numpy as jnp
from furax import BlockDiagonalOperator, DiagonalOperator

@jax.jit
def detector_weights(n_det, w):
    s = jax.ShapeDtypeStruct((10,), jnp.float32)
    blocks = [DiagonalOperator(w[i], in_structure=s) for i in range(n_det)]
    return BlockDiagonalOperator(blocks)([jnp.ones(10)] * len(blocks))

detector_weights(3, jnp.ones((3, 10)))
""",
        kind='integer-conversion', argument='n_det', path='n_det', line=8,
        fixes=('static', 'numpy-for-static'), verifiable=True, jax_fitting_fix=False,
        note='Per-detector blocks for BlockDiagonalOperator are built with range(n_det) where n_det is a jitted argument: TracerIntegerConversionError. static_argnums=0 runs; taking the count from w.shape[0] also works; checked.',
    ),
    Case(
        id='bm-furax-stokes-string-jit',
        source='https://github.com/CMBSciPol/furax/blob/main/src/furax/obs/landscapes.py',
        code="""\
import jax
import jax.numpy as jnp
from furax.obs.landscapes import HealpixLandscape

def sky_template(stokes, amplitude):
    landscape = HealpixLandscape(nside=4, stokes=stokes)
    return jax.tree.map(lambda m: amplitude * m, landscape.ones())

sky = jax.jit(sky_template)
sky('IQU', 2.0)
""",
        kind='non-array-argument', argument='stokes', path='stokes', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The Stokes type string ('IQU') for a HealpixLandscape is passed as an argument of a jitted function; jit raises TypeError for the str. static_argnums=0 runs, as JAX's message suggests; checked.",
    ),
]
