"""Held-out library cases (set dd): jaxGW, hippox, jaxnrsur.

How they were built: every cell was written by hand as a small reduction of a
way users drive these libraries (heterodyne likelihoods and detector responses in
jaxGW; Hippo dataclasses and HiPPO-based SSM kernels in hippox; harmonics,
splines, GPR/EIM predictors and the JaxNRSur wrapper in jaxnrsur), run as a file
with /tmp/heldout54/venv_dd/bin/python, and checked that only the last statement
raises and that `line`/`use_line` match the traceback frames in the file. Each
listed first fix was applied by hand to a copy of the cell and re-run (all 26
pass). jaxnrsur's real surrogate models download HDF5 files, so those cases use
its classes (SpinWeightedSphericalHarmonics, CubicSpline, EIMpredictor with a
synthetic GPR fit, JaxNRSur around a toy WaveformModel) with small synthetic data.
None of the three libraries has GitHub threads showing these tracing errors that
I could find, so sources are the repositories' README/API pages (JaxNRSur's
README tells users to prefer eqx.filter_jit/filter_vmap over jax.jit because its
modules carry non-array fields; jaxGW's repository was later renamed to jim).

Interpreter and versions: Python 3.11.7; jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6,
equinox 0.13.8, flax 0.12.8, optax 0.2.8 (system site packages); in the venv:
jaxGW 0.0.4.2, hippox 0.0.9, JaxNRSur 1.0.0 (with lineax 0.1.1, beartype,
h5py), chex from the system. jaxGW's modules also import astropy and xarray,
which I added to the venv (astropy 8.0.2, xarray 2026.9.0) with the pins kept.

64-bit mode: jaxGW.PE.generate_noise turns jax_enable_x64 on when imported, and
its detector presets (get_H1/get_L1/get_V1) overflow int32 without it, so every
jaxGW cell that uses a preset turns x64 on in its second line (said in the
notes). hippox and jaxnrsur do not touch x64.

Dropped or avoided: jaxGW's single_event_likelihood (imports a missing function),
generate_noise (needs lalsimulation) and utils.inner_product (uses jnp.trapz,
removed from JAX) are unusable here; hippox's 'legt'/'lmu' measures fail in
current JAX (jnp.where called with x=/y= keywords) and 'glagt' is rejected by its
own low_rank, so cases use legs/lagt/fout. ttax (alternate) was not needed.
Nothing else was dropped.

Doubts about labels:
- dd-jaxgw-waveform-mass-swap-if: the jitted function is the library's likelihood
  (JAX names its argument `params`); I give `theta`, the parameter of the user's
  waveform where the `if` lives. `params` is defensible.
- dd-jaxgw-heterodyne-built-under-jit, dd-jaxgw-multidetector-heterodyne-nonzero:
  the fix is to build the likelihood outside the trace; 'static' is the nearest
  vocabulary entry (moving the reference point out of the traced arguments).
  For the second, kind could be concretization (JAX raises
  ConcretizationTypeError); I chose boolean-index because the cause is
  one-argument jnp.where/nonzero without size.
- dd-jaxgw-builtin-min-max-declination: bool-conversion by mechanism; jnp.where
  works as well as jnp.clip.
- dd-jaxgw-projected-strain-leak: `line` is the append (line 16) where the value
  escapes; JAX's message points at line 15, where the strain was created.
- dd-jaxgw-projected-strain-leak / dd-jaxnrsur-spline-cached-in-dict: argument is
  the traced input the stored value depends on; None is arguable for a reader who
  only looks at the leak itself.
- dd-hippox-hippo-object-as-jit-arg: `path` could be `hippo` (the whole object)
  rather than the str leaf JAX reports.
- dd-hippox-hippo-static-unhashable: 'static' (close over the Hippo) is as good a
  first fix as 'hashable-static'.
- dd-hippox-config-dict-state-size: kind could be concretization (JAX raises
  ConcretizationTypeError from jnp.arange); fix could be 'hashable-static'
  (a frozen config) rather than closing over the dict.
- dd-hippox-fout-even-check-namedtuple: the library's `if N % 2` is a bool
  conversion, but state_size is a size, so traced-shape is defensible.
- dd-hippox-params-stored-on-self: argument None because the HiPPO matrices do not
  depend on `key`; the equally good fix of calling hippo() once outside jit has no
  exact vocabulary entry, so 'return-value' is listed.
- dd-hippox-mask-aliased-modes: size-argument (jnp.nonzero(keep, size=...)) would
  need a fill value that changes the sum, so jnp.where comes first.
- dd-hippox-numpy-bilinear-discretize: argument is the loss's `params`; the
  failing line is in a helper whose parameter is `dt`.
- dd-jaxnrsur-harmonic-int-fields-jit: JAX names both Y.s_mode and Y.m_mode; kind
  could be traced-shape-like (static ints), but the mechanism is the library's
  `if`.
- dd-jaxnrsur-segment-length-int: JAX raises ConcretizationTypeError from int(),
  so concretization is defensible; I chose traced-shape because the value is the
  sample count of the arrays.
- dd-jaxnrsur-user-model-np-interp-vmap: the vmapped argument is `params` of
  get_waveform_td; the traced array that reaches np.interp is `time` of the
  user's method (it becomes batched through the mass).
- dd-jaxnrsur-spline-peak-item-in-scan: jax.debug.callback (covered by
  'jax.debug.print') is a valid alternative to returning the value.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='dd-jaxgw-waveform-mass-swap-if',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxgw.PE.heterodyneLikelihood import make_heterodyne_likelihood

def toy_waveform(f, theta):
    m1, m2 = theta[0], theta[1]
    if m2 > m1:
        m1, m2 = m2, m1
    mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2
    return f ** (-7.0 / 6.0) * jnp.exp(-1j * mc * f ** (-5.0 / 3.0))

freqs = np.linspace(20.0, 512.0, 2000)
ref = np.array([30.0, 25.0])
data = np.asarray(toy_waveform(freqs, ref))
psd = np.ones_like(freqs)
loglike = make_heterodyne_likelihood(data, toy_waveform, ref, psd, freqs, n_bins=51)
jax.jit(loglike)(jnp.array([31.0, 24.0]))
""",
        kind='bool-conversion', argument='theta', path='theta', line=8,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A user waveform handed to jaxGW make_heterodyne_likelihood is traced when the returned likelihood is jitted; its Python `if m2 > m1` mass-ordering swap raises TracerBoolConversionError. Selecting the ordered masses with jnp.where keeps the result; checked.',
    ),
    Case(
        id='dd-jaxgw-heterodyne-built-under-jit',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxgw.PE.heterodyneLikelihood import make_heterodyne_likelihood

def toy_waveform(f, theta):
    return theta[0] * f ** (-7.0 / 6.0) * jnp.exp(-1j * theta[1] * f ** (-5.0 / 3.0))

freqs = np.linspace(20.0, 512.0, 2000)
data = np.asarray(toy_waveform(freqs, np.array([1.0, 30.0])))
psd = np.ones_like(freqs)

@jax.jit
def loglike_at(ref_theta, theta):
    loglike = make_heterodyne_likelihood(data, toy_waveform, ref_theta, psd, freqs, n_bins=51)
    return loglike(theta)

loglike_at(jnp.array([1.0, 30.0]), jnp.array([1.01, 30.2]))
""",
        kind='array-conversion', argument='ref_theta', path='ref_theta', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='make_heterodyne_likelihood precomputes its bin coefficients with NumPy (np.array in compute_coefficients), so building it inside a jitted function with a traced reference point raises TracerArrayConversionError inside the library. Build the likelihood outside the trace from a concrete reference and jit only the returned function; checked.',
    ),
    Case(
        id='dd-jaxgw-polarization-mode-string',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jaxgw.PE.detector_preset import get_H1
from jaxgw.PE.detector_projection import make_antenna_response

H1_tensor, H1_vertex = get_H1()

def antenna(ra, dec, gmst, psi, mode):
    response = make_antenna_response(H1_tensor, mode)
    return response(ra, dec, gmst, psi)

antenna_jit = jax.jit(antenna)
antenna_jit(1.2, -0.3, 0.5, 0.1, 'plus')
""",
        kind='non-array-argument', argument='mode', path='mode', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The polarization mode string for make_antenna_response is passed as an argument of a jitted function, so jit rejects it with TypeError (not a valid abstract array). static_argnames='mode' fixes it, as the message suggests; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
    ),
    Case(
        id='dd-jaxgw-projected-strain-leak',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jaxgw.PE.detector_preset import get_L1
from jaxgw.PE.detector_projection import make_detector_response

L1_response = make_detector_response(*get_L1())
f = jnp.linspace(20.0, 500.0, 128)
hp = f ** (-7.0 / 6.0) + 0j
data = L1_response(f, hp, 0.3 * hp, 1.0, 0.4, 0.2, 0.3)
projected = []

@jax.jit
def log_likelihood(sky):
    h = L1_response(f, hp, 0.3 * hp, sky[0], sky[1], 0.2, sky[2])
    projected.append(h)
    return -0.5 * jnp.sum(jnp.abs(h - data) ** 2)

log_likelihood(jnp.array([1.1, 0.5, 0.25]))
residual = jnp.abs(projected[-1] - data)
""",
        kind='leaked-tracer', argument='sky', path='sky', line=16,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="The detector-projected strain from make_detector_response is appended to a global list inside a jitted log-likelihood for later diagnostics; using it after the call raises UnexpectedTracerError. Return the strain with the likelihood value instead; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
        use_line=20,
    ),
    Case(
        id='dd-jaxgw-builtin-min-max-declination',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jaxgw.PE.detector_preset import get_L1
from jaxgw.PE.detector_projection import make_detector_response

L1_response = make_detector_response(*get_L1())
f = jnp.linspace(20.0, 500.0, 128)
hp = f ** (-7.0 / 6.0) + 0j
data = L1_response(f, hp, 0.3 * hp, 1.0, 0.4, 0.2, 0.3)

def log_likelihood(sky):
    ra, dec, psi = sky
    dec = max(min(dec, jnp.pi / 2), -jnp.pi / 2)
    model = L1_response(f, hp, 0.3 * hp, ra, dec, 0.2, psi)
    return -0.5 * jnp.sum(jnp.abs(model - data) ** 2)

jax.jit(jax.value_and_grad(log_likelihood))(jnp.array([1.1, 0.5, 0.25]))
""",
        kind='bool-conversion', argument='sky', path='sky', line=14,
        fixes=('jnp-not-builtin', 'jnp.where'), verifiable=True, jax_fitting_fix=False,
        note="A sky log-likelihood built on jaxGW detector responses clamps the declination with Python min/max; under jit(value_and_grad(...)) the comparison raises TracerBoolConversionError (plain grad alone would run). jnp.minimum/jnp.maximum (or jnp.clip) fixes it; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
    ),
    Case(
        id='dd-jaxgw-detector-list-index-vmap',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jaxgw.PE.detector_preset import get_H1, get_L1, get_V1
from jaxgw.PE.detector_projection import make_antenna_response

tensors = [get_H1()[0], get_L1()[0], get_V1()[0]]

def f_plus(det_index, sky):
    response = make_antenna_response(tensors[det_index], 'plus')
    return response(sky[0], sky[1], 0.5, sky[2])

sky = jnp.array([1.2, -0.3, 0.1])
jax.vmap(f_plus, in_axes=(0, None))(jnp.arange(3), sky)
""",
        kind='integer-conversion', argument='det_index', path='det_index', line=10,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note="Detector tensors from get_H1/get_L1/get_V1 are kept in a Python list and indexed by a vmapped detector index, raising TracerIntegerConversionError. Stacking the tensors into one jnp array lets the traced index read it; lax.switch also works; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
    ),
    Case(
        id='dd-jaxgw-float-print-in-loss',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jaxgw.PE.detector_preset import get_H1
from jaxgw.PE.detector_projection import make_detector_response

H1_response = make_detector_response(*get_H1())
f = jnp.linspace(20.0, 500.0, 128)
hp = f ** (-7.0 / 6.0) + 0j
data = H1_response(f, hp, 0.3 * hp, 1.0, 0.4, 0.2, 0.3)

def neg_log_like(sky):
    model = H1_response(f, hp, 0.3 * hp, sky[0], sky[1], 0.2, sky[2])
    nll = 0.5 * jnp.sum(jnp.abs(model - data) ** 2)
    print(f"nll = {float(nll):.4f}")
    return nll

step = jax.jit(jax.value_and_grad(neg_log_like))
step(jnp.array([1.1, 0.5, 0.25]))
""",
        kind='concretization', argument='sky', path='sky', line=15,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="A negative log-likelihood over jaxGW detector responses prints float(nll) for progress while jit(value_and_grad) traces it, raising ConcretizationTypeError; JAX suggests astype, which does not fit. jax.debug.print prints the value at run time; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
    ),
    Case(
        id='dd-jaxgw-multidetector-heterodyne-nonzero',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
import numpy as np
from jaxgw.PE.detector_preset import get_H1, get_L1
from jaxgw.PE.detector_projection import make_detector_response
from jaxgw.PE.heterodyneLikelihood import make_heterodyne_likelihood_mutliple_detector as make_het

def toy_hphc(f, theta, f_ref):
    hp = jnp.where(f < 400.0, theta[0] * f ** (-7.0 / 6.0), 0.0) + 0j
    return hp, 0.5j * hp

responses = [make_detector_response(*get_H1()), make_detector_response(*get_L1())]
freqs = np.linspace(20.0, 512.0, 1000)
psds = [np.ones(1000), np.ones(1000)]

@jax.jit
def build_and_eval(ref_theta, theta):
    datas = [r(freqs, *toy_hphc(freqs, ref_theta, 20.0), 1.0, 0.3, 0.0, 0.2) for r in responses]
    loglike = make_het(datas, list(psds), responses, toy_hphc, ref_theta, freqs, 0.0, 2.0, 20.0)
    return loglike(theta)

ref = jnp.array([1.0, 0, 0, 0, 0, 0.0, 0, 0, 0.2, 1.0, 0.3])
build_and_eval(ref, ref * 1.01)
""",
        kind='boolean-index', argument='ref_theta', path='ref_theta', line=20,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="make_heterodyne_likelihood_mutliple_detector trims the frequency grid with one-argument jnp.where on the reference waveform; built inside jit with a traced reference it raises ConcretizationTypeError from jnp.nonzero (size not static). The size= hint applies to library code, so the user fix is to build the likelihood outside the trace and jit the result; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
    ),
    Case(
        id='dd-jaxgw-static-detector-tensor',
        source='https://github.com/kazewong/JaxGW',
        code="""\
import functools
import jax
jax.config.update('jax_enable_x64', True)
import jax.numpy as jnp
from jaxgw.PE.detector_preset import get_V1
from jaxgw.PE.detector_projection import make_antenna_response

V1_tensor, V1_vertex = get_V1()

@functools.partial(jax.jit, static_argnames=('detector_tensor',))
def f_cross(sky, detector_tensor):
    response = make_antenna_response(detector_tensor, 'cross')
    return response(sky[0], sky[1], 0.5, sky[2])

f_cross(jnp.array([1.2, -0.3, 0.1]), detector_tensor=V1_tensor)
""",
        kind='unhashable-static', argument='detector_tensor', path='detector_tensor', line=15,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note="The detector tensor (a jax array from get_V1) is marked static for jit, so hashing fails with ValueError (Non-hashable static arguments). Pass it as an ordinary traced argument; checked. The cell turns on 64-bit mode first (jaxGW's detector presets overflow int32 otherwise; jaxGW.PE.generate_noise turns it on when imported).",
    ),
    Case(
        id='dd-hippox-hippo-object-as-jit-arg',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import jax
import jax.numpy as jnp
from hippox.main import Hippo

hippo = Hippo(state_size=16, basis_measure='legs', dplr=True)
hippo()

def ssm_step(hippo, state, u):
    A = hippo._params.state_matrix
    B = hippo._params.input_matrix
    return A * state + B * u

step = jax.jit(ssm_step)
step(hippo, jnp.zeros(16, dtype=jnp.complex64), 1.0)
""",
        kind='non-array-argument', argument='hippo', path='hippo.basis_measure', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A hippox Hippo (a chex dataclass whose fields are all pytree leaves, including the basis_measure string) is passed to a jitted step, so jit raises TypeError for the str leaf. Close over the Hippo instead of passing it; the suggested static_argnums would fail because Hippo is unhashable (and the rebuilt copy would lack _params); checked.',
    ),
    Case(
        id='dd-hippox-hippo-static-unhashable',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import functools
import jax
import jax.numpy as jnp
from hippox.main import Hippo

@functools.partial(jax.jit, static_argnums=(0, 2))
def ssm_kernel(hippo, log_dt, L):
    Lambda = hippo().state_matrix
    dt = jnp.exp(log_dt)
    return jnp.exp(Lambda[:, None] * dt * jnp.arange(L)[None, :]).real.sum(0)

ssm_kernel(Hippo(state_size=16, basis_measure='legs'), jnp.log(0.01), 32)
""",
        kind='unhashable-static', argument='hippo', path='hippo', line=12,
        fixes=('hashable-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A Hippo instance is marked static for jit, but chex dataclasses are unhashable, so jit raises ValueError (Non-hashable static arguments). Pass the hashable (state_size, measure) tuple as the static argument and build the Hippo inside, or close over it; checked.',
    ),
    Case(
        id='dd-hippox-config-dict-state-size',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import jax
import jax.numpy as jnp
from hippox.main import Hippo

cfg = {'state_size': 64, 'log_dt': -4.0}

def init_ssm(cfg, key):
    hippo = Hippo(state_size=cfg['state_size'], basis_measure='legs')
    params = hippo()
    B = jax.random.normal(key, (cfg['state_size'], 1))
    return params.state_matrix, B * jnp.exp(cfg['log_dt'])

init_fn = jax.jit(init_ssm)
init_fn(cfg, jax.random.PRNGKey(0))
""",
        kind='traced-shape', argument='cfg', path="cfg['state_size']", line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='A config dict passed to a jitted init makes state_size a tracer; Hippo(...)() then calls jnp.arange(N) in hippo_legs and raises ConcretizationTypeError. The dict is unhashable, so close over the config (or pass state_size as a static int); checked.',
    ),
    Case(
        id='dd-hippox-fout-even-check-namedtuple',
        source='https://github.com/JPGoodale/hippox',
        code="""\
from typing import NamedTuple
import jax
import jax.numpy as jnp
from hippox.main import Hippo

class SSMConfig(NamedTuple):
    state_size: int
    dt: float = 0.01

def discrete_A(cfg):
    A = Hippo(state_size=cfg.state_size, basis_measure='fout', diagonalize=False)().state_matrix
    return jax.scipy.linalg.expm(A * cfg.dt)

discrete_A_jit = jax.jit(discrete_A)
discrete_A_jit(SSMConfig(state_size=32))
""",
        kind='bool-conversion', argument='cfg', path='cfg.state_size', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A NamedTuple config passed to jit makes state_size traced; hippox's hippo_fout checks `if N % 2 != 0` and raises TracerBoolConversionError inside the library. The NamedTuple is hashable, so static_argnums=0 fixes it; checked.",
    ),
    Case(
        id='dd-hippox-params-stored-on-self',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import jax
import jax.numpy as jnp
from hippox.main import Hippo

hippo = Hippo(state_size=16, basis_measure='legs', dplr=True)

@jax.jit
def init_layer(key):
    params = hippo()
    C = jax.random.normal(key, (4, 16))
    return C @ params.input_matrix

init_layer(jax.random.PRNGKey(0))
lambda_real = hippo.lambda_initializer('real')(jax.random.PRNGKey(1), (16,))
""",
        kind='leaked-tracer', argument=None, path=None, line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note="Calling a Hippo created outside jit inside a jitted init stores the traced HippoParams on self._params; lambda_initializer('real') later reads them and raises UnexpectedTracerError. Return the params from the jitted function and use them (or call hippo() outside jit); both checked.",
        use_line=14,
    ),
    Case(
        id='dd-hippox-mask-aliased-modes',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import jax
import jax.numpy as jnp
from hippox.main import Hippo

Lambda = Hippo(state_size=32, basis_measure='fout')().state_matrix

@jax.jit
def ssm_kernel(log_dt):
    dt = jnp.exp(log_dt)
    keep = jnp.abs(Lambda.imag * dt) < jnp.pi
    K = jnp.exp(Lambda[:, None] * dt * jnp.arange(16)[None, :]).real
    return K[keep].sum(0)

ssm_kernel(jnp.log(0.5))
""",
        kind='boolean-index', argument='log_dt', path='log_dt', line=12,
        fixes=('jnp.where', 'size-argument'), verifiable=True, jax_fitting_fix=False,
        note='An SSM convolution kernel from hippox FouT eigenvalues drops modes that alias at the traced step size with a boolean mask, raising NonConcreteBooleanIndexError under jit. Zeroing those rows with jnp.where before the sum keeps the result; checked.',
    ),
    Case(
        id='dd-hippox-numpy-bilinear-discretize',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from hippox.main import Hippo

hp = Hippo(state_size=8, basis_measure='legs', diagonalize=False)()
A, B = hp.state_matrix, hp.input_matrix[:, None]

def bilinear(A, B, dt):
    I = np.eye(A.shape[0])
    BL = np.linalg.inv(I - dt / 2.0 * A)
    return BL @ (I + dt / 2.0 * A), (BL * dt) @ B

def loss(params, u):
    Ab, Bb = bilinear(A, B, jnp.exp(params['log_dt']))
    return jnp.sum((Ab @ Bb * u) ** 2)

jax.grad(jax.checkpoint(loss))({'log_dt': jnp.log(0.05)}, 1.0)
""",
        kind='array-conversion', argument='params', path="params['log_dt']", line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Bilinear discretisation of the HiPPO-LegS matrices with np.linalg.inv under grad(checkpoint(loss)) raises TracerArrayConversionError because the step size is traced. Use jnp.linalg.inv / jnp.eye; checked.',
    ),
    Case(
        id='dd-hippox-scan-list-of-matrices',
        source='https://github.com/JPGoodale/hippox',
        code="""\
import jax
import jax.numpy as jnp
from hippox.main import Hippo

measures = ['legs', 'lagt', 'fout']
Lambdas = [Hippo(state_size=8, basis_measure=m)().state_matrix for m in measures]

def layer(h, i):
    Lambda_bar = jnp.exp(Lambdas[i] * 0.01)
    h = Lambda_bar * h + 1.0
    return h, h.real.sum()

h0 = jnp.zeros(8, dtype=jnp.complex64)
jax.lax.scan(layer, h0, jnp.arange(len(measures)))
""",
        kind='integer-conversion', argument='i', path='i', line=9,
        fixes=('jnp-not-np', 'lax.switch'), verifiable=True, jax_fitting_fix=False,
        note='Per-layer HiPPO eigenvalues for several measures are kept in a Python list and indexed by the lax.scan counter, raising TracerIntegerConversionError. Stack them into a jnp array first (or lax.switch); checked.',
    ),
    Case(
        id='dd-jaxnrsur-harmonic-int-fields-jit',
        source='https://github.com/kazewong/JaxNRSur',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur.Harmonics import SpinWeightedSphericalHarmonics

Y21 = SpinWeightedSphericalHarmonics(-2, 2, 1)

def mode_contribution(Y, h_lm, theta, phi):
    return h_lm * Y(theta, phi)

h21 = jnp.exp(1j * jnp.linspace(0.0, 10.0, 64))
jax.jit(mode_contribution)(Y21, h21, 0.4, 1.0)
""",
        kind='bool-conversion', argument='Y', path='Y.m_mode', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="SpinWeightedSphericalHarmonics keeps s/l/m as plain int fields; passed through jax.jit they become tracers and the library's `if m_mode != s_mode` raises TracerBoolConversionError. The README's eqx.filter_jit (or static_argnums=0, the module is hashable) fixes it; both checked.",
    ),
    Case(
        id='dd-jaxnrsur-gpr-kernel-dims-traced',
        source='https://github.com/kazewong/JaxNRSur/blob/main/src/jaxnrsur/Kernels.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxnrsur.EIMPredictor import EIMpredictor

rng = np.random.default_rng(0)
kernel = {'name': b'Product', 'DICT_k1': {'name': b'ConstantKernel', 'constant_value': 1.3},
          'DICT_k2': {'name': b'RBF', 'length_scale': 0.6}}
gpr = {'DICT_kernel_': kernel, 'X_train_': rng.normal(size=(20, 3)), '_y_train_mean': 0.0,
       '_y_train_std': 1.0, 'alpha_': rng.normal(size=20), 'L_': np.eye(20)}
node = EIMpredictor({'DICT_GPR_params': gpr, 'data_mean': 0.1, 'data_std': 2.0,
                     'DICT_lin_reg_params': None})

def node_value(predictor, x):
    return predictor(x[None, :])[0]

node_value(node, jnp.array([0.9, 0.1, 0.1]))
jax.jit(node_value)(node, jnp.array([0.9, 0.1, 0.1]))
""",
        kind='traced-shape', argument='predictor', path='predictor.GPR_obj.kernel.k1.x_dims', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An EIMpredictor (synthetic GPR fit) passed to jax.jit turns ConstantKernel's int x_dims/y_dims into tracers, so jnp.full raises TypeError (shapes must be concrete). eqx.filter_jit keeps them static; the suggested static_argnums fails because the module holds arrays; checked.",
    ),
    Case(
        id='dd-jaxnrsur-segment-length-int',
        source='https://github.com/kazewong/JaxNRSur/blob/main/src/jaxnrsur/__init__.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur import JaxNRSur, WaveformModel
from jaxnrsur.DataLoader import DataLoader

class ChirpModel(WaveformModel):
    def get_waveform_geometric(self, time, params, theta, phi):
        phase = params[0] * time / 100.0
        return jnp.cos(phase), jnp.sin(phase)

model = ChirpModel(data=DataLoader(sur_time=jnp.linspace(-4000.0, 100.0, 512), modes=[]))

@jax.jit
def fd_strain(seglen, params):
    sur = JaxNRSur(model, segment_length=seglen, sampling_rate=256)
    return sur.get_waveform_fd(params)

fd_strain(4.0, jnp.array([60.0, 400.0, 0.3, 0.1, 1.0]))
""",
        kind='traced-shape', argument='seglen', path='seglen', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='JaxNRSur built inside jit with a traced segment_length calls int(segment_length * sampling_rate) for its sample count and raises ConcretizationTypeError inside the library. Mark seglen static (static_argnums=0); checked.',
    ),
    Case(
        id='dd-jaxnrsur-spline-peak-item-in-scan',
        source='https://github.com/kazewong/JaxNRSur/blob/main/src/jaxnrsur/Spline.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur.Spline import CubicSpline

t_grid = jnp.linspace(-100.0, 50.0, 40)
t_fine = jnp.linspace(-100.0, 50.0, 1000)
peaks = []

def step(carry, width):
    amp = jnp.exp(-(t_grid / width) ** 2)
    spline = CubicSpline(t_grid, amp)
    peaks.append(spline(t_fine).max().item())
    return carry, None

jax.lax.scan(step, 0.0, jnp.array([10.0, 20.0, 30.0]))
""",
        kind='concretization', argument='width', path='width', line=12,
        fixes=('return-value', 'jax.debug.print'), verifiable=True, jax_fitting_fix=False,
        note='Inside a lax.scan over amplitude widths, the peak of a jaxnrsur CubicSpline is collected with .item() into a Python list, raising ConcretizationTypeError. Return the peak as the scan output instead (or hand it out with jax.debug.callback); checked.',
    ),
    Case(
        id='dd-jaxnrsur-jaxnrsur-object-jit-arg',
        source='https://github.com/kazewong/JaxNRSur',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur import JaxNRSur, WaveformModel
from jaxnrsur.DataLoader import DataLoader

class ChirpModel(WaveformModel):
    def get_waveform_geometric(self, time, params, theta, phi):
        phase = params[0] * time / 100.0
        return jnp.cos(phase), jnp.sin(phase)

model = ChirpModel(data=DataLoader(sur_time=jnp.linspace(-4000.0, 100.0, 512), modes=[]))
sur = JaxNRSur(model, segment_length=4.0, sampling_rate=256)

def strain_power(sur, params):
    hp, hc = sur.get_waveform_fd(params)
    return jnp.sum(jnp.abs(hp) ** 2 + jnp.abs(hc) ** 2)

jax.jit(strain_power)(sur, jnp.array([60.0, 400.0, 0.3, 0.1, 1.0]))
""",
        kind='non-array-argument', argument='sur', path='sur', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A JaxNRSur wrapper (a plain class, not a pytree) is passed to a jitted function, so jit raises TypeError for the non-array argument. static_argnums=0 works as the message suggests (hashed by identity); checked.',
    ),
    Case(
        id='dd-jaxnrsur-spline-cached-in-dict',
        source='https://github.com/kazewong/JaxNRSur/blob/main/src/jaxnrsur/Spline.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur.Spline import CubicSpline

t_grid = jnp.linspace(-100.0, 50.0, 40)
splines = {}

@jax.jit
def amp_at_merger(width):
    amp = jnp.exp(-(t_grid / width) ** 2)
    splines['amp'] = CubicSpline(t_grid, amp)
    return splines['amp'](jnp.array([0.0]))

amp_at_merger(20.0)
splines['amp'](jnp.linspace(-50.0, 0.0, 200))
""",
        kind='leaked-tracer', argument='width', path='width', line=11,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=False,
        note='A CubicSpline built from traced amplitudes inside a jitted function is cached in a global dict; calling it later raises UnexpectedTracerError. Return the amplitudes and build the cached spline outside; checked.',
        use_line=15,
    ),
    Case(
        id='dd-jaxnrsur-harmonics-list-index-vmap',
        source='https://github.com/kazewong/JaxNRSur/blob/main/src/jaxnrsur/Harmonics.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur.Harmonics import SpinWeightedSphericalHarmonics

modes = [(2, 2), (2, 1), (3, 3), (4, 4)]
harmonics = [SpinWeightedSphericalHarmonics(-2, l, m) for (l, m) in modes]

def weighted_mode(k, h_modes, theta, phi):
    return h_modes[k] * harmonics[k](theta, phi)

h_modes = jnp.ones((4, 32), dtype=jnp.complex64)
per_mode = jax.vmap(weighted_mode, in_axes=(0, None, None, None))(jnp.arange(4), h_modes, 0.3, 1.2)
""",
        kind='integer-conversion', argument='k', path='k', line=9,
        fixes=('lax.switch', 'jnp-not-np'), verifiable=True, jax_fitting_fix=False,
        note='A Python list of SpinWeightedSphericalHarmonics modules is indexed by a vmapped mode index, raising TracerIntegerConversionError. lax.switch over the harmonics, or stacking their values into a jnp array and indexing that, fixes it; both checked.',
    ),
    Case(
        id='dd-jaxnrsur-user-model-mass-ratio-if',
        source='https://github.com/kazewong/JaxNRSur',
        code="""\
import jax
import jax.numpy as jnp
from jaxnrsur import JaxNRSur, WaveformModel
from jaxnrsur.DataLoader import DataLoader

class ToyModel(WaveformModel):
    def get_waveform_geometric(self, time, params, theta, phi):
        q = params[0]
        if q < 1.0:
            q = 1.0 / q
        phase = (1.0 + 0.1 * q) * time / 50.0
        return jnp.cos(phase) * jnp.cos(theta), jnp.sin(phase)

model = ToyModel(data=DataLoader(sur_time=jnp.linspace(-4000.0, 100.0, 512), modes=[]))
sur = JaxNRSur(model, segment_length=4.0, sampling_rate=256)
time = jnp.linspace(-0.2, 0.01, 256)
jax.jit(sur.get_waveform_td)(time, jnp.array([60.0, 400.0, 0.3, 0.1, 0.8]))
""",
        kind='bool-conversion', argument='params', path='params', line=9,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A user WaveformModel's get_waveform_geometric, called by JaxNRSur.get_waveform_td under jit, normalises the mass ratio with `if q < 1.0`, raising TracerBoolConversionError. jnp.where keeps the result; checked.",
    ),
    Case(
        id='dd-jaxnrsur-user-model-np-interp-vmap',
        source='https://github.com/kazewong/JaxNRSur',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxnrsur import JaxNRSur, WaveformModel
from jaxnrsur.DataLoader import DataLoader

class TabulatedModel(WaveformModel):
    amp: jax.Array

    def get_waveform_geometric(self, time, params, theta, phi):
        a = np.interp(time, self.data.sur_time, self.amp)
        phase = params[0] * time / 50.0
        return a * jnp.cos(phase), a * jnp.sin(phase)

t_sur = jnp.linspace(-4000.0, 100.0, 512)
model = TabulatedModel(data=DataLoader(sur_time=t_sur, modes=[]), amp=jnp.exp(t_sur / 1000.0))
sur = JaxNRSur(model, segment_length=4.0, sampling_rate=256)
time = jnp.linspace(-0.2, 0.01, 256)
batch = jnp.array([[60.0, 400.0, 0.3, 0.1, 1.0], [65.0, 500.0, 0.2, 0.4, 1.2]])
jax.vmap(sur.get_waveform_td, in_axes=(None, 0))(time, batch)
""",
        kind='array-conversion', argument='time', path='time', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A user WaveformModel interpolates a tabulated amplitude with np.interp; vmapping JaxNRSur.get_waveform_td over parameters makes the geometric time batched, raising TracerArrayConversionError. jnp.interp fixes it; checked.',
    ),
]
