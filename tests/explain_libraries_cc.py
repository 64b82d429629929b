"""Held-out library cases (set CC): jaxbind, tmmax, tesseract-jax.

How they were built: each cell is my own minimal reduction of a usage pattern
shown in the library's docs/README/source or a GitHub thread (cited in
`source`), run as a file with /tmp/heldout41/venv_CC/bin/python (a venv with
--system-site-packages over the machine's python3). Every statement but the
last runs cleanly and the last raises; `line`/`use_line` were read off the
traceback frames in the file. Every first fix was applied by hand to a copy of
the cell and re-run to completion.

Interpreter: CPython 3.11.7, CPU only. Versions: jax 0.10.2 / jaxlib 0.10.2,
numpy 2.4.6 (flax 0.12.8, equinox 0.13.8, optax 0.2.8 untouched);
jaxbind 1.3.1 with ducc0 0.42.0 (for jaxbind.contrib.jaxducc0);
tmmax 1.1.4; tesseract-jax 0.4.0 with tesseract-core[runtime] 1.15.0
(Tesseracts are built in-process with Tesseract.from_tesseract_api on the
cell's own module, so no Docker/server is needed).

Dropped: evofr (every release pins jax<0.4 or jax<0.5, cannot install with
jax==0.10.2); dynax (the PyPI "dynax" 0.0.1 is an empty placeholder with no
importable module); treex (fails to build/resolve with the pins). tesseract-jax
was taken as the third library instead. Dropped candidate patterns: passing a
traced value to a Tesseract `float`/`int` schema field directly (pydantic
ValidationError, not a JAX error); jax.grad through tmmax.tmm() (works: the
comparisons inside its validation are concrete under plain grad).

Doubts about labels:
- CC-jaxbind-traced-fft-direction, CC-jaxbind-scan-direction: the traced flag
  becomes a primitive parameter, i.e. a compile-time constant, so
  `traced-shape` is defensible; JAX raises TypeError (unhashable parameter),
  not ConcretizationTypeError.
- CC-jaxbind-jnp-axis, CC-tesseract-padded-size-jnp: argument=None because the
  tracer comes from jnp applied to the (static) shape; 'img' / 'x' is
  defensible as "the input whose shape it is".
- CC-jaxbind-healpix-nside: the error is ducc0's pybind TypeError on a tracer,
  not a JAX exception; `concretization` is defensible.
- CC-jaxbind-cached-operator-leak: first fix is building the operator outside
  the jitted function (labelled `static`); `return-value` is the usual leak fix
  and the one JAX's message hints at, but there is no natural value to return,
  so jax_fitting_fix=False is arguable.
- CC-tmmax-vmap-thickness-validation, CC-tmmax-vmap-coherency-tolist,
  CC-tmmax-coherency-indices-jit: the failing statement is inside tmmax (its
  input validation / unsized jnp.where). The vocabulary has no "call the
  unchecked lower-level tmm_coh" fix; `static` here means looping in Python /
  computing outside the trace on concrete values. `jnp-not-np` or
  `size-argument` would be the fix inside the library, not in user code.
- CC-tmmax-if-in-loss-value-and-grad: argument is the loss's own parameter
  (the function value_and_grad traces), which is also `update`'s parameter.
- CC-tesseract-int-steps-field: int() on a tracer raises
  ConcretizationTypeError, so `concretization` is defensible.
- CC-tesseract-float-scale-field: the culprit is the leaf params['scale'] of
  the jitted params dict; the fix moves that leaf out of the traced pytree into
  a static argument (labelled `static`).
- CC-tmmax-material-index-traced: the static fix needs the caller to pass a
  Python int (as the cell does); with a jnp scalar it would become an
  unhashable static argument.
- CC-tesseract-global-list-leak: the library's own answer is sow +
  save_intermediates (not in the vocabulary); `return-value` is listed.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='CC-jaxbind-traced-fft-direction',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/jaxbind.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)

@jax.jit
def power_spectrum(signal, forward):
    (out,) = jaxducc0.c2c(signal, axes=(0,), forward=forward)
    return jnp.abs(out) ** 2

sig = jnp.exp(1j * jnp.linspace(0.0, 6.0, 16))
power_spectrum(sig, True)
""",
        kind='concretization', argument='forward', path='forward', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='The FFT direction flag of jaxducc0.c2c is a keyword that jaxbind binds as a primitive parameter, so a jitted argument reaching it is a tracer; JAX raises TypeError (primitive parameter not hashable). Marking `forward` static fixes it; checked.',
    ),
    Case(
        id='CC-jaxbind-axes-list',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/contrib/jaxducc0.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)

@jax.jit
def row_fft(img):
    (out,) = jaxducc0.c2c(img.astype(jnp.complex128), axes=[1], forward=True)
    return out

row_fft(jnp.ones((4, 8)))
""",
        kind='unhashable-static', argument=None, path=None, line=9,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='axes=[1] is passed as a list; jaxbind turns keywords into primitive parameters, which must be hashable, so tracing raises TypeError. A tuple axes=(1,) fixes it; checked.',
    ),
    Case(
        id='CC-jaxbind-jnp-axis',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/contrib/jaxducc0.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)

@jax.jit
def fft_longest_axis(img):
    axis = jnp.argmax(jnp.array(img.shape))
    (out,) = jaxducc0.c2c(img, axes=(axis,), forward=True)
    return out

fft_longest_axis(jnp.ones((4, 32), dtype=jnp.complex128))
""",
        kind='traced-shape', argument=None, path=None, line=10,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The transform axis is computed with jnp.argmax on the shape, which makes it a tracer inside jit; as a jaxbind primitive parameter it raises TypeError (unhashable tracer). Computing it with NumPy / int() on x.shape fixes it; checked.',
    ),
    Case(
        id='CC-jaxbind-healpix-nside',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/contrib/jaxducc0.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)
lmax = 8

@jax.jit
def synthesize(alm, nside):
    sht = jaxducc0.get_healpix_sht(nside, lmax=lmax, mmax=lmax, spin=0)
    (sky,) = sht(alm)
    return sky

alm = jnp.zeros((1, 2 * jaxducc0.nalm(lmax, lmax) - lmax - 1))
synthesize(alm, 4)
""",
        kind='integer-conversion', argument='nside', path='nside', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="get_healpix_sht builds a ducc0 Healpix_Base from nside, which needs a Python int; a jitted nside is a tracer and the pybind constructor raises TypeError (incompatible arguments). static_argnames='nside' fixes it; checked.",
    ),
    Case(
        id='CC-jaxbind-np-asarray-uvw',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/contrib/jaxducc0.py',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)
grid = jaxducc0.get_wgridder(pixsize_x=1e-5, pixsize_y=1e-5, npix_x=16, npix_y=16,
                             epsilon=1e-6, do_wgridding=False)
freq = np.array([1.0e9])

@jax.jit
def predict_vis(uvw, sky):
    uvw = np.asarray(uvw, dtype=np.float64)
    (vis,) = grid(uvw, freq, sky)
    return vis

uvw = jnp.asarray(np.random.default_rng(0).normal(size=(10, 3)) * 100.0)
predict_vis(uvw, jnp.ones((16, 16)))
""",
        kind='array-conversion', argument='uvw', path='uvw', line=13,
        fixes=('jnp-not-np', 'astype'), verifiable=True, jax_fitting_fix=False,
        note='The user casts the baselines to float64 with np.asarray before the wgridder, inside jit; JAX raises TracerArrayConversionError. jnp.asarray(..., dtype=jnp.float64) (or .astype) fixes it; checked.',
    ),
    Case(
        id='CC-jaxbind-cached-operator-leak',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/README.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)
grid = jaxducc0.get_wgridder(pixsize_x=1e-5, pixsize_y=1e-5, npix_x=16, npix_y=16,
                             epsilon=1e-6, do_wgridding=False)
freq = np.array([1.0e9])
operators = {}

@jax.jit
def observe(uvw, sky):
    operators["R"] = partial(grid, uvw, freq)
    return operators["R"](sky)[0]

uvw = jnp.asarray(np.random.default_rng(0).normal(size=(10, 3)) * 100.0)
sky = jnp.ones((16, 16))
vis = observe(uvw, sky)
operators["R"](2.0 * sky)
""",
        kind='leaked-tracer', argument='uvw', path='uvw', line=15,
        fixes=('static', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='A response operator partial(grid, uvw, freq) is built from the traced uvw inside jit and cached in a dict; calling it later raises UnexpectedTracerError. Building the operator outside the jitted function from the concrete uvw fixes it; checked.',
        use_line=21,
    ),
    Case(
        id='CC-jaxbind-operator-as-jit-arg',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/README.md',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)
grid = jaxducc0.get_wgridder(pixsize_x=1e-5, pixsize_y=1e-5, npix_x=16, npix_y=16,
                             epsilon=1e-6, do_wgridding=False)
uvw = np.random.default_rng(0).normal(size=(10, 3)) * 100.0
response = partial(grid, uvw, np.array([1.0e9]))

@jax.jit
def chi2(op, sky, data):
    (vis,) = op(sky)
    return jnp.sum(jnp.abs(vis - data) ** 2)

chi2(response, jnp.ones((16, 16)), jnp.zeros((10, 1), dtype=jnp.complex128))
""",
        kind='non-array-argument', argument='op', path='op', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The jaxbind operator (a functools.partial holding Python callables) is passed as a jit argument; JAX raises TypeError (not a valid abstract array) and suggests static_argnums, which works; checked.',
    ),
    Case(
        id='CC-jaxbind-scan-direction',
        source='https://github.com/NIFTy-PPL/JAXbind/blob/main/jaxbind/contrib/jaxducc0.py',
        code="""\
import jax
import jax.numpy as jnp
from jaxbind.contrib import jaxducc0

jax.config.update("jax_enable_x64", True)

def step(i, row):
    forward = i % 2 == 0
    (out,) = jaxducc0.c2c(row, axes=(0,), forward=forward)
    return i + 1, out

rows = jnp.ones((4, 8), dtype=jnp.complex128)
jax.lax.scan(step, 0, rows)
""",
        kind='concretization', argument='i', path='i', line=9,
        fixes=('lax.cond',), verifiable=True, jax_fitting_fix=False,
        note='In a lax.scan body the FFT direction is derived from the carry, so c2c receives a traced forward flag as a primitive parameter; TypeError (unhashable tracer). Selecting between two c2c calls with lax.cond fixes it; checked.',
    ),
    Case(
        id='CC-tmmax-vmap-thickness-validation',
        source='https://github.com/bahremsd/tmmax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm

materials = ["Air", "TiO2", "SiO2", "SiO2"]
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])

def mean_reflectance(thicknesses):
    R, T = tmm(materials, thicknesses, wavelengths, angles, polarization="s")
    return R.mean()

candidates = jnp.array([[80e-9, 150e-9], [100e-9, 200e-9], [120e-9, 250e-9]])
jax.vmap(mean_reflectance)(candidates)
""",
        kind='bool-conversion', argument='thicknesses', path='thicknesses', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='tmm() validates inputs with `if np.any(thickness_list <= 0)`; under vmap the thicknesses are BatchTracers and JAX raises TracerBoolConversionError inside tmmax. Looping over candidates in Python (concrete values) fixes it; checked.',
    ),
    Case(
        id='CC-tmmax-vmap-coherency-tolist',
        source='https://github.com/bahremsd/tmmax/blob/master/README.md',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm

materials = ["Air", "TiO2", "SiO2", "TiO2", "SiO2"]
thicknesses = jnp.array([2000e-9, 100e-9, 2000e-9])
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])

def reflectance_for(coherency):
    R, T = tmm(materials, thicknesses, wavelengths, angles, coherency_list=coherency)
    return R

layouts = jnp.array([[0, 0, 0], [1, 0, 1]])
jax.vmap(reflectance_for)(layouts)
""",
        kind='concretization', argument='coherency', path='coherency', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='tmm() checks coherency_list with .tolist(); vmapping over coherency layouts makes it a tracer and JAX raises ConcretizationTypeError inside tmmax. A Python loop over layouts fixes it; checked.',
    ),
    Case(
        id='CC-tmmax-polarization-string-arg',
        source='https://github.com/bahremsd/tmmax/blob/master/tmmax/tmm.py',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

materials = ["Air", "TiO2", "SiO2", "SiO2"]
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.linspace(0.0, 1.0, 5)

@jax.jit
def spectrum(thicknesses, polarization):
    R, T = tmm_coh(materials, thicknesses, wavelengths, angles, polarization)
    return R

spectrum(jnp.array([100e-9, 200e-9]), "p")
""",
        kind='non-array-argument', argument='polarization', path='polarization', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The polarization string 'p' is passed as a jit argument; JAX raises TypeError (str is not a valid JAX type) and suggests static_argnames, which works; checked.",
    ),
    Case(
        id='CC-tmmax-material-list-static',
        source='https://github.com/bahremsd/tmmax/blob/master/tmmax/tmm.py',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])

@partial(jax.jit, static_argnums=0)
def reflectance(materials, thicknesses):
    R, T = tmm_coh(materials, thicknesses, wavelengths, angles, "s")
    return R

reflectance(["Air", "TiO2", "SiO2", "SiO2"], jnp.array([100e-9, 200e-9]))
""",
        kind='unhashable-static', argument='materials', path='materials', line=14,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='The material names list is marked static but a list is unhashable; JAX raises ValueError (non-hashable static arguments). Passing a tuple works since tmm_coh accepts it; checked.',
    ),
    Case(
        id='CC-tmmax-linspace-num-traced',
        source='https://tmmax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

materials = ["Air", "TiO2", "SiO2", "SiO2"]
angles = jnp.array([0.0])

@jax.jit
def band_reflectance(thicknesses, n_points):
    wavelengths = jnp.linspace(500e-9, 700e-9, n_points)
    R, T = tmm_coh(materials, thicknesses, wavelengths, angles, "s")
    return R.mean()

band_reflectance(jnp.array([100e-9, 200e-9]), 64)
""",
        kind='traced-shape', argument='n_points', path='n_points', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The wavelength grid size is a jit argument used as jnp.linspace num; JAX raises ConcretizationTypeError. static_argnames='n_points' fixes it; checked.",
    ),
    Case(
        id='CC-tmmax-material-index-traced',
        source='https://tmmax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

coatings = ["TiO2", "Y2O3", "Al2O3"]
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])

@jax.jit
def reflectance_with(coating_idx, thickness):
    materials = ["Air", coatings[coating_idx], "SiO2"]
    R, T = tmm_coh(materials, thickness, wavelengths, angles, "s")
    return R.mean()

reflectance_with(1, jnp.array([120e-9]))
""",
        kind='integer-conversion', argument='coating_idx', path='coating_idx', line=11,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A traced coating index is used to pick a material name from a Python list to build tmmax's material_list; JAX raises TracerIntegerConversionError. Making coating_idx static fixes it; checked.",
    ),
    Case(
        id='CC-tmmax-if-in-loss-value-and-grad',
        source='https://tmmax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

materials = ["Air", "TiO2", "SiO2", "SiO2"]
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])

def loss(thicknesses):
    R, T = tmm_coh(materials, thicknesses, wavelengths, angles, "s")
    if R.mean() > 0.1:
        return 10.0 * R.mean()
    return R.mean()

@jax.jit
def update(thicknesses):
    value, g = jax.value_and_grad(loss)(thicknesses)
    return thicknesses - 1e-16 * g

update(jnp.array([100e-9, 200e-9]))
""",
        kind='bool-conversion', argument='thicknesses', path='thicknesses', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A Python if on the mean reflectance inside a loss differentiated with value_and_grad inside a jitted update step; TracerBoolConversionError. jnp.where selects the penalty without branching; checked.',
    ),
    Case(
        id='CC-tmmax-spectra-list-leak',
        source='https://tmmax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

materials = ["Air", "TiO2", "SiO2", "SiO2"]
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])
spectra = []

@jax.jit
def loss(thicknesses):
    R, T = tmm_coh(materials, thicknesses, wavelengths, angles, "s")
    spectra.append(R)
    return R.mean()

g = jax.grad(loss)(jnp.array([100e-9, 200e-9]))
jnp.max(spectra[-1])
""",
        kind='leaked-tracer', argument='thicknesses', path='thicknesses', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='The reflectance spectrum is appended to a global list inside a jitted loss (for plotting); using it afterwards raises UnexpectedTracerError, whose message says to return outputs. Returning it as aux (has_aux=True) fixes it; checked.',
        use_line=17,
    ),
    Case(
        id='CC-tmmax-float-print',
        source='https://tmmax.readthedocs.io/en/latest/',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import tmm_coh

materials = ["Air", "TiO2", "SiO2", "SiO2"]
wavelengths = jnp.linspace(500e-9, 700e-9, 50)
angles = jnp.array([0.0])

@jax.jit
def step(thicknesses):
    R, T = tmm_coh(materials, thicknesses, wavelengths, angles, "s")
    print(f"peak reflectance: {float(R.max()):.3f}")
    return R.mean()

step(jnp.array([100e-9, 200e-9]))
""",
        kind='concretization', argument='thicknesses', path='thicknesses', line=12,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note='float() on the traced peak reflectance for logging inside jit; ConcretizationTypeError (its astype hint does not fit logging). jax.debug.print fixes it; checked.',
    ),
    Case(
        id='CC-tmmax-coherency-indices-jit',
        source='https://github.com/bahremsd/tmmax/blob/master/tmmax/tmm.py',
        code="""\
import jax
import jax.numpy as jnp
from tmmax.tmm import find_coh_and_incoh_indices

@jax.jit
def count_incoherent(coherency):
    groups, incoherent, order = find_coh_and_incoh_indices(coherency)
    return incoherent.shape[0]

count_incoherent(jnp.array([1, 0, 0, 1, 0]))
""",
        kind='boolean-index', argument='coherency', path='coherency', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='find_coh_and_incoh_indices uses one-argument jnp.where (nonzero) without size, so on a traced coherency list JAX raises ConcretizationTypeError (size must be static) inside tmmax; the size hint cannot be applied from user code. Computing the indices outside jit on the concrete list fixes it; checked.',
    ),
    Case(
        id='CC-tesseract-float-scale-field',
        source='https://github.com/pasteurlabs/tesseract-jax/issues/26',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
@jax.jit
def total(params):
    out = apply_tesseract(tess, {"x": params["x"], "scale": float(params["scale"])})
    return out["y"].sum()
total({"x": jnp.arange(3.0), "scale": jnp.array(2.0)})
""",
        kind='concretization', argument='params', path="params['scale']", line=21,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A Tesseract schema field typed float is fed float(params['scale']) inside jit so pydantic gets a Python number; ConcretizationTypeError. Passing scale as a static argument fixes it; checked.",
    ),
    Case(
        id='CC-tesseract-int-steps-field',
        source='https://github.com/pasteurlabs/tesseract-jax/issues/26',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
@jax.jit
def run(x, steps):
    return apply_tesseract(tess, {"x": x, "steps": int(steps)})["y"]
run(jnp.arange(3.0), 4)
""",
        kind='integer-conversion', argument='steps', path='steps', line=21,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="An int schema field receives int(steps) of a jitted argument; JAX raises ConcretizationTypeError (problem with int) with an astype hint that does not fit. static_argnames='steps' fixes it; checked.",
    ),
    Case(
        id='CC-tesseract-np-asarray-input',
        source='https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/get-started.md',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
import numpy as np
@jax.jit
def run(x):
    return apply_tesseract(tess, {"x": np.asarray(x, dtype=np.float32)})["y"]
run(jnp.arange(3.0))
""",
        kind='array-conversion', argument='x', path='x', line=22,
        fixes=('jnp-not-np', 'astype'), verifiable=True, jax_fitting_fix=False,
        note='The user converts the input to a NumPy float32 array before apply_tesseract inside jit; TracerArrayConversionError. jnp.asarray(x, dtype=jnp.float32) fixes it; checked.',
    ),
    Case(
        id='CC-tesseract-vmap-if-output',
        source='https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/vmap-methods.md',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
def normalized(x):
    y = apply_tesseract(tess, {"x": x}, vmap_method="sequential")["y"]
    if y.max() > 4.0:
        y = y / y.max()
    return y
jax.vmap(normalized)(jnp.arange(6.0).reshape(2, 3))
""",
        kind='bool-conversion', argument='x', path='x', line=21,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="A Python if on the Tesseract output inside a function vmapped with vmap_method='sequential'; TracerBoolConversionError. jnp.where for the normalisation fixes it; checked.",
    ),
    Case(
        id='CC-tesseract-global-list-leak',
        source='https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/debugging.md',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
seen = []
@jax.jit
def pipeline(x):
    seen.append(apply_tesseract(tess, {"x": x})["y"])
    return seen[-1].sum()
pipeline(jnp.arange(3.0))
seen[0] + 1.0
""",
        kind='leaked-tracer', argument='x', path='x', line=22,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Intermediate Tesseract outputs are appended to a global list inside jit instead of using sow/save_intermediates; using it later raises UnexpectedTracerError. Returning the value fixes it; checked.',
        use_line=25,
    ),
    Case(
        id='CC-tesseract-mode-string-arg',
        source='https://github.com/pasteurlabs/tesseract-core/issues/14',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
@jax.jit
def run(x, mode):
    return apply_tesseract(tess, {"x": x, "mode": mode})["y"]
run(jnp.arange(3.0), "linear")
""",
        kind='non-array-argument', argument='mode', path='mode', line=22,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A str schema field is passed through a jit argument; JAX raises TypeError (str not a valid abstract array) and suggests static_argnames, which works; checked.',
    ),
    Case(
        id='CC-tesseract-array-marked-static',
        source='https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/get-started.md',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
from functools import partial
@partial(jax.jit, static_argnames="x")
def run(x):
    return apply_tesseract(tess, {"x": x, "scale": 2.0})["y"]
run(jnp.arange(3.0))
""",
        kind='unhashable-static', argument='x', path='x', line=23,
        fixes=('not-static',), verifiable=True, jax_fitting_fix=False,
        note='The differentiable array input is marked static (thinking the Tesseract needs concrete data); JAX raises ValueError (non-hashable static arguments). Passing x traced works since apply_tesseract accepts tracers; checked.',
    ),
    Case(
        id='CC-tesseract-padded-size-jnp',
        source='https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/api.md',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
@jax.jit
def run_padded(x):
    n = jnp.array(x.shape).prod() * 2
    padded = jnp.zeros(n).at[: x.shape[0]].set(x)
    return apply_tesseract(tess, {"x": padded})["y"]
run_padded(jnp.arange(3.0))
""",
        kind='traced-shape', argument=None, path=None, line=22,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note='The padded input length is computed with jnp on x.shape, making it a tracer, then used as jnp.zeros shape; TypeError (shapes must be concrete) whose static_argnums hint does not fit. Computing n from x.shape in Python fixes it; checked.',
    ),
    Case(
        id='CC-tesseract-boolean-mask-output',
        source='https://github.com/pasteurlabs/tesseract-jax/blob/main/docs/content/api.md',
        code="""\
import sys
import jax
import jax.numpy as jnp
from pydantic import BaseModel
from tesseract_core import Tesseract
from tesseract_core.runtime import Array, Differentiable, Float32
from tesseract_jax import apply_tesseract
class InputSchema(BaseModel):
    x: Differentiable[Array[(None,), Float32]]
    scale: float = 1.0
    steps: int = 1
    mode: str = "square"
class OutputSchema(BaseModel):
    y: Differentiable[Array[(None,), Float32]]
def apply(inputs: InputSchema) -> OutputSchema:
    return OutputSchema(y=inputs.steps * inputs.scale * inputs.x ** (2 if inputs.mode == "square" else 1))
def abstract_eval(inp): return {"y": {"shape": inp.x.shape, "dtype": "float32"}}
tess = Tesseract.from_tesseract_api(sys.modules[__name__])
@jax.jit
def mean_above_one(x):
    y = apply_tesseract(tess, {"x": x})["y"]
    return y[y > 1.0].mean()
mean_above_one(jnp.arange(-2.0, 3.0))
""",
        kind='boolean-index', argument='x', path='x', line=22,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='The Tesseract output is indexed with a traced boolean mask inside jit; NonConcreteBooleanIndexError. jnp.mean(y, where=mask) (a masked reduction) fixes it; checked.',
    ),
]
