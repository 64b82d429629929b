"""Held-out library cases (set G): e3nn-jax, augmax, jaxwt, jax-tqdm, pyhf (jax backend).

How they were built: each case is my own minimal reduction of an error pattern from the cited
GitHub issue / PR / doc page, written against the installed versions: e3nn-jax 0.21.0, augmax 0.4.1,
jaxwt 0.1.1 (PyWavelets 1.9.0 on 3.11, 1.10.0 on 3.13), jax-tqdm 0.4.0, pyhf 0.7.6 with
pyhf.set_backend("jax") (which turns on x64). I did not read jaxmagic's code, its docs, or other
tests files (explain_libraries_c.py only for its format). Every cell was written to a file and run
as `python3 file.py` under both interpreters:
    python3                    Python 3.11.7, jax 0.10.2
    /tmp/venv313/bin/python    Python 3.13.0, jax 0.12.0.1
Every statement but the last runs cleanly; the last raises the same exception class on both
(recorded in each note). `line` is the deepest user-code frame in the traceback (for leaks: the
store; `use_line` is where JAX raises). Each non-leak top fix was applied by hand and the fixed file
re-run on both interpreters (all trace and run). For the four leaks, the return-value fix was also
checked by hand, but verifiable=False because it changes the call site (or, for augmax, the library
discards the method's return value).

Doubts about labels:
- lib-g-jaxtqdm-config-n-iters-not-static: labelled traced-shape (an iteration count the progress
  bar needs as a Python int). But lax.fori_loop would accept a traced bound, so only jax-tqdm needs
  it concrete, and concretization is defensible. The exception is a TypeError from formatting
  f"{n:,}" on a tracer, with no JAX hint.
- lib-g-jaxtqdm-traced-print-rate: labelled concretization (jax-tqdm needs print_rate as a Python
  value); the exception is TracerBoolConversionError from jax-tqdm's own `if print_rate < 1`, so
  bool-conversion (with fix static, not jnp.where) or traced-shape could also be argued.
- lib-g-augmax-rotate-traced-angle: concretization via math.radians inside augmax.Rotate.__init__;
  JAX's hint (astype) does not work, so jax_fitting_fix=False.
- lib-g-jaxwt-traced-level: raised as TracerIntegerConversionError (range(level) in wavedec);
  labelled traced-shape because level is a loop length that fixes the output structure.
  integer-conversion is defensible.
- lib-g-jaxwt-level-from-jnp-log2: int() of a jnp value computed from a static shape; labelled
  traced-shape, argument None. concretization is defensible (ConcretizationTypeError raised by
  int()).
- lib-g-e3nn-radius-graph-no-size: jax_fitting_fix=True because radius_graph forwards exactly the
  `size` argument JAX's nonzero message asks for. The user sets it on radius_graph, not on
  jnp.nonzero, so False is arguable.
- lib-g-e3nn-scan-layer-activation-index: path written as `inputs[1]` (the scanned tuple's second
  element, as JAX's message names it).
- lib-g-augmax-custom-pixelwise-if / lib-g-augmax-leak-logged-rotate-angle: the traced function is
  a method of the user's subclass that augmax calls under its own jit/vmap. argument is that
  method's (and Chain.__call__'s) `rng`. JAX names the function "<unknown>".
- lib-g-augmax-randaugment-list-index: only lax.switch is listed; stacking the ops' outputs and
  indexing them would also work, but that fix is not in the vocabulary.
- lib-g-pyhf-grad-math-sqrt-significance: math.sqrt -> jnp.sqrt labelled jnp-not-builtin (the
  vocabulary's builtin-to-jnp fix). JAX's own hint (astype) does not work.
- lib-g-pyhf-qmu-if-muhat: lax.cond is listed second; jnp.where first because both branches are
  cheap and pyhf's own qmu uses tensorlib.where.
- Leaks (e3nn self attribute, augmax self attribute, jax-tqdm scan history list, pyhf grad
  objective list): jax_fitting_fix=True because JAX's UnexpectedTracerError says transformed
  functions must explicitly return their outputs. Set C chose False for a similar message.
  The pyhf leak has no creation line in JAX's message. Under jax 0.10.2 / 0.12.0.1 the leaked value
  is a LinearizeTracer.
- Sources: the augmax cases cite augmax's README and doc pages, because no augmax issue threads are
  indexed. Several other sources show the user setting rather than the exact error (jax-md #293
  for the e3nn cutoff, phonax #1 for the layer loop, e3nn-jax PR #35 for IrrepsArray crossing
  transforms, pyhf PR #1912 for gradient tracers reaching pyhf state, evermore #1 for a
  neos-style pyhf+jax test statistic, PyWavelets #675/#581 for thresholding/VisuShrink).

Dropped candidates:
- e3nn Irreps object passed as a jit argument: does not fail (no case).
- e3nn traced lmax for Irreps.spherical_harmonics (TracerIntegerConversionError; same pattern as the
  jaxwt level case), an activation function passed as a jit argument (same pattern as the augmax
  Chain case), augmax RandomCrop with a traced crop size (ConcretizationTypeError "slice stop of
  jnp.mgrid"), a jaxwt wavelet-name string as a jit argument, a jaxwt leak through a global dict,
  a jax-tqdm traced `n` argument (same mechanism as the config case), a jax-tqdm loop body `if`,
  and np.asarray logging in a scan_tqdm body: all raise as expected but were dropped to balance
  the kinds and libraries.
- pyhf.infer.hypotest inside jax.jit: raises TracerBoolConversionError in pyhf's
  _validate_fit_inputs. Marking mu static then fails in pyhf's scipy-based fit ("objective must
  return a scalar"); the real fix (do not jit the fit) is not in the fix vocabulary.
- pyhf model built inside jit from a traced signal: TracerArrayConversionError in pyhf's numpy
  default backend. pyhf.set_backend("jax", default=True) then fails with jnp.concatenate of a list
  (pyhf PR #2587); no vocabulary fix works.
- Libraries: jaxley 0.14.0 (with tridiax 0.2.1) was installed in both environments but not used.
  s2fft was not installed.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='lib-g-e3nn-radius-graph-no-size',
        source='https://github.com/e3nn/e3nn-jax/blob/0.20.6/e3nn_jax/_src/radius_graph.py',
        code="""\
import jax
import jax.numpy as jnp
import e3nn_jax as e3nn

@jax.jit
def edge_features(pos):
    src, dst = e3nn.radius_graph(pos, 1.5)
    vec = pos[dst] - pos[src]
    return e3nn.spherical_harmonics("1o + 2e", vec, normalize=True).array

pos = jax.random.normal(jax.random.key(0), (8, 3))
edge_features(pos)
""",
        kind='boolean-index', argument='pos', path='pos', line=7,
        fixes=('size-argument',), verifiable=True, jax_fitting_fix=True,
        note=(
            'e3nn.radius_graph builds its edge list with jnp.where(mask, size=size) and size defaults to '
            "None; under the user's jit the distance mask depends on pos, so the edge count is data "
            "dependent. Fix: pass size= (and use the -1 fill) to radius_graph, verified with size=56. JAX's "
            'message says the size argument of jnp.nonzero must be static; radius_graph forwards exactly that'
            ' argument, so the hint fits. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise'
            ' ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-g-e3nn-numpy-buffer-m0-values',
        source='https://github.com/e3nn/e3nn-jax/pull/18',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import e3nn_jax as e3nn

def expand_m0(m0_values, lmax):
    full = np.zeros((m0_values.shape[0], (lmax + 1) ** 2))
    for l in range(lmax + 1):
        full[:, l * l + l] = m0_values[:, l]
    return e3nn.IrrepsArray(e3nn.s2_irreps(lmax), full)

@jax.jit
def signal_norm(m0_values):
    return e3nn.norm(expand_m0(m0_values, 3)).array

signal_norm(jnp.ones((5, 4)))
""",
        kind='array-conversion', argument='m0_values', path='m0_values', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Helper expands m=0 coefficients into a full (lmax+1)^2 IrrepsArray by writing traced columns '
            'into a np.zeros buffer (the pattern the e3nn-jax maintainer rejected in the s2grid PR review). '
            'Writing a tracer into a NumPy array calls __array__. Fix: jnp.zeros + full.at[:, '
            'l*l+l].set(...), verified. The error line is in the helper (line 9), reached from the jitted '
            'signal_norm. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-g-e3nn-vmap-edge-cutoff-if',
        source='https://github.com/jax-md/jax-md/issues/293',
        code="""\
import jax
import jax.numpy as jnp
import e3nn_jax as e3nn

def edge_message(vec, r_max=2.0):
    r = jnp.linalg.norm(vec)
    if r > r_max:
        return jnp.zeros(9)
    return e3nn.spherical_harmonics("0e + 1o + 2e", vec, normalize=True).array * (1 - r / r_max)

vecs = jax.random.normal(jax.random.key(2), (12, 3))
jax.vmap(edge_message)(vecs)
""",
        kind='bool-conversion', argument='vec', path='vec', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'Per-edge message with a hard radial cutoff written as a Python `if r > r_max:` and mapped over '
            'edges with jax.vmap (no jit). Fix: compute the spherical-harmonics message and select with '
            'jnp.where(r > r_max, 0, msg), verified; lax.cond also works but becomes a select under vmap '
            'anyway. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError (BatchTracer).'
        ),
    ),
    Case(
        id='lib-g-e3nn-leak-self-last-sh',
        source='https://github.com/e3nn/e3nn-jax/pull/35',
        code="""\
import jax
import jax.numpy as jnp
import e3nn_jax as e3nn

class EdgeEncoder:
    def __init__(self, irreps="0e + 1o + 2e"):
        self.irreps = irreps
        self.last_sh = None

    def __call__(self, vectors):
        sh = e3nn.spherical_harmonics(self.irreps, vectors, normalize=True)
        self.last_sh = sh
        return e3nn.sum(sh, axis=0).array

encoder = EdgeEncoder()
out = jax.jit(encoder)(jax.random.normal(jax.random.key(3), (6, 3)))
e3nn.norm(encoder.last_sh)
""",
        kind='leaked-tracer', argument='vectors', path='vectors', line=12,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=17,
        note=(
            'A user encoder object keeps the last spherical-harmonics IrrepsArray on self for inspection; the'
            ' instance is jitted directly (jax.jit(encoder)), so self.last_sh holds an IrrepsArray wrapping a'
            ' DynamicJaxprTracer; e3nn.norm on it after the call raises. Fix: return sh from __call__ '
            '(checked by hand: `out, sh = jax.jit(encoder)(v)` works); not marked verifiable because the call'
            " site changes. JAX's message says transformed functions must return their outputs, which fits. "
            'Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at '
            'line 17.'
        ),
    ),
    Case(
        id='lib-g-e3nn-scan-layer-activation-index',
        source='https://github.com/atomicarchitects/phonax/issues/1',
        code="""\
import jax
import jax.numpy as jnp
import e3nn_jax as e3nn

activations = [jax.nn.silu, jnp.tanh]

def layer(x, inputs):
    w, i = inputs
    h = e3nn.IrrepsArray("4x0e + 2x1o", x * w)
    h = e3nn.gate(h, even_act=activations[i % 2])
    return jnp.concatenate([h.array, jnp.zeros(x.shape[:-1] + (2,))], -1), None

weights = jnp.ones((3, 10))
out, _ = jax.lax.scan(layer, jnp.ones(10), (weights, jnp.arange(3)))
""",
        kind='integer-conversion', argument='inputs', path='inputs[1]', line=10,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Layers of a gated e3nn block are run with lax.scan over stacked weights and a layer index; the '
            'body picks the gate activation from a Python list with activations[i % 2], where i is the '
            'scanned (traced) layer index. Fix: lax.switch(i % 2, [partial gate per activation], h), '
            'verified. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-g-e3nn-static-list-of-degrees',
        source='https://github.com/e3nn/e3nn-jax/issues/69',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
import e3nn_jax as e3nn

@partial(jax.jit, static_argnames="degrees")
def edge_sh(vectors, degrees):
    return e3nn.spherical_harmonics(degrees, e3nn.IrrepsArray("1o", vectors), normalize=True).array

vectors = jax.random.normal(jax.random.key(1), (16, 3))
edge_sh(vectors, degrees=[0, 1, 2])
""",
        kind='unhashable-static', argument='degrees', path='degrees', line=11,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'The spherical-harmonics degrees are correctly marked static (they fix the output irreps) but '
            'passed as a list [0, 1, 2]; jit hashes static arguments. Fix: degrees=(0, 1, 2) (or an '
            "e3nn.Irreps), verified e3nn accepts the tuple. JAX's message says non-hashable static arguments "
            'are not supported, which fits. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            "raise ValueError ('Non-hashable static arguments are not supported')."
        ),
    ),
    Case(
        id='lib-g-augmax-custom-pixelwise-if',
        source='https://augmax.readthedocs.io/en/latest/augmentations/colorspace.html',
        code="""\
import jax
import jax.numpy as jnp
import augmax

class RandomInvert(augmax.ColorspaceTransformation):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def pixelwise(self, rng, pixel, invert=False):
        if jax.random.uniform(rng) < self.p:
            return 1.0 - pixel
        return pixel

transform = augmax.Chain(augmax.HorizontalFlip(), RandomInvert())
keys = jax.random.split(jax.random.key(0), 4)
jax.vmap(transform)(keys, jnp.ones((4, 16, 16, 3)))
""",
        kind='bool-conversion', argument='rng', path='rng', line=11,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'A user ColorspaceTransformation subclass decides per call with a Python `if '
            'jax.random.uniform(rng) < self.p:`; augmax traces pixelwise under its own '
            'jax.jit(jax.vmap(jax.vmap(op))) inside a user vmap over keys, so the draw is traced. Fix: '
            "jnp.where(u < p, 1 - pixel, pixel) (augmax's own transforms do the same), verified. JAX names "
            'the argument rng but the function as <unknown>. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-g-augmax-randaugment-list-index',
        source='https://github.com/khdlr/augmax',
        code="""\
import jax
import jax.numpy as jnp
import augmax

ops = [
    augmax.HorizontalFlip(p=1.0),
    augmax.Rotate90(),
    augmax.RandomBrightness(),
]

def rand_augment(key, image):
    k_op, k_apply = jax.random.split(key)
    idx = jax.random.randint(k_op, (), 0, len(ops))
    return ops[idx](k_apply, image)

keys = jax.random.split(jax.random.key(0), 4)
jax.vmap(rand_augment)(keys, jnp.ones((4, 16, 16, 3)))
""",
        kind='integer-conversion', argument='key', path='key', line=14,
        fixes=('lax.switch',), verifiable=True, jax_fitting_fix=False,
        note=(
            'RandAugment-style choice: a random op index from jax.random.randint indexes a Python list of '
            'augmax transforms, inside jax.vmap over per-image keys. Fix: jax.lax.switch(idx, ops, k_apply, '
            'image) (all ops keep the image shape), verified. Both interpreters (py3.11/jax 0.10.2 and '
            'py3.13/jax 0.12.0.1) raise TracerIntegerConversionError (BatchTracer).'
        ),
    ),
    Case(
        id='lib-g-augmax-rotate-traced-angle',
        source='https://augmax.readthedocs.io/en/latest/augmentations/geometric.html',
        code="""\
import jax
import jax.numpy as jnp
import augmax

@jax.jit
def augment(key, image, max_degrees):
    pipeline = augmax.Chain(
        augmax.HorizontalFlip(),
        augmax.Rotate((-max_degrees, max_degrees)),
    )
    return pipeline(key, image)

image = jnp.zeros((32, 32, 3))
augment(jax.random.key(0), image, 15.0)
""",
        kind='concretization', argument='max_degrees', path='max_degrees', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A curriculum-style jitted augment(key, image, max_degrees) builds augmax.Rotate((-max_degrees, '
            'max_degrees)) inside the trace; Rotate.__init__ converts the range with math.radians, which '
            "needs a Python float. Fix: static_argnames='max_degrees' (one compile per angle), verified. "
            "JAX's message suggests x.astype(float), which does not help inside math.radians. Both "
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-g-augmax-chain-as-jit-argument',
        source='https://github.com/khdlr/augmax/blob/main/README.md',
        code="""\
import jax
import jax.numpy as jnp
import augmax

transform = augmax.Chain(augmax.HorizontalFlip(), augmax.Rotate((-15, 15)))

@jax.jit
def augment_batch(transform, key, images):
    keys = jax.random.split(key, images.shape[0])
    return jax.vmap(transform)(keys, images)

images = jnp.zeros((8, 32, 32, 3))
augment_batch(transform, jax.random.key(0), images)
""",
        kind='non-array-argument', argument='transform', path='transform', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'The augmax.Chain object (a plain Python object, not a pytree) is passed as a regular argument of'
            " the user's jitted batch-augment function. Fix: static_argnums=0 (Chain hashes by identity) or "
            "close over it, verified. JAX's message names the path `transform` and suggests "
            'static_argnums/static_argnames. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) '
            "raise TypeError ('Error interpreting argument ... as an abstract array')."
        ),
    ),
    Case(
        id='lib-g-augmax-leak-logged-rotate-angle',
        source='https://augmax.readthedocs.io/en/latest/philosophy.html',
        code="""\
import jax
import jax.numpy as jnp
import augmax

class LoggedRotate(augmax.Rotate):
    def transform_coordinates(self, rng, coordinates, invert=False):
        self.last_theta = jax.random.uniform(rng, minval=self.theta_min, maxval=self.theta_max)
        return super().transform_coordinates(rng, coordinates, invert)

rot = LoggedRotate((-30, 30))
augment = jax.jit(augmax.Chain(rot))
out = augment(jax.random.key(0), jnp.ones((16, 16, 3)))
jnp.degrees(rot.last_theta)
""",
        kind='leaked-tracer', argument='rng', path='rng', line=7,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=13,
        note=(
            'A user Rotate subclass records the sampled angle on self inside transform_coordinates; the Chain'
            ' is jitted (jax.jit(augmax.Chain(rot))), so rot.last_theta is a DynamicJaxprTracer and '
            'jnp.degrees on it raises. The leak line is also the creation line. Fix: return the angle out of '
            'the jitted function (checked by hand by sampling it in a user jit and returning it alongside the'
            ' image); not mechanical because augmax calls transform_coordinates and discards its return '
            'value. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError'
            ' at line 13.'
        ),
    ),
    Case(
        id='lib-g-jaxwt-traced-level',
        source='https://jax-wavelet-toolbox.readthedocs.io/en/latest/jaxwt.html',
        code="""\
import jax
import jax.numpy as jnp
import jaxwt

@jax.jit
def band_energies(signal, level):
    coeffs = jaxwt.wavedec(signal, "db2", level=level)
    return jnp.stack([jnp.sum(c ** 2) for c in coeffs[1:]])

signal = jnp.sin(jnp.linspace(0, 20, 256))[None]
band_energies(signal, 4)
""",
        kind='traced-shape', argument='level', path='level', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'The decomposition depth is a jit argument; jaxwt.wavedec runs `for _ in range(level)`, and the '
            "number of coefficient arrays (and their shapes) depends on it. Fix: static_argnames='level', "
            'verified. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerIntegerConversionError.'
        ),
    ),
    Case(
        id='lib-g-jaxwt-threshold-boolean-mask',
        source='https://github.com/PyWavelets/pywt/issues/675',
        code="""\
import jax
import jax.numpy as jnp
import jaxwt

@jax.jit
def sparse_energy(signal, thr=0.05):
    details = jaxwt.wavedec(signal, "haar", level=3)[1:]
    return sum(jnp.sum(d[jnp.abs(d) > thr] ** 2) for d in details)

signal = jnp.sin(jnp.linspace(0, 20, 128))[None]
sparse_energy(signal)
""",
        kind='boolean-index', argument='signal', path='signal', line=8,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note=(
            'Energy of the detail coefficients above a threshold computed with d[jnp.abs(d) > thr]; the mask '
            'depends on the traced signal. Only a reduction follows, so jnp.sum(jnp.where(mask, d**2, 0)) '
            'gives the same value, verified. thr is a Python default, so only signal is involved. Both '
            'interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise NonConcreteBooleanIndexError.'
        ),
    ),
    Case(
        id='lib-g-jaxwt-visushrink-np-median',
        source='https://github.com/PyWavelets/pywt/issues/581',
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import jaxwt

@jax.jit
def visu_shrink(signal):
    coeffs = jaxwt.wavedec(signal, "sym4", level=4)
    sigma = np.median(np.abs(coeffs[-1])) / 0.6745
    thr = sigma * jnp.sqrt(2 * jnp.log(signal.shape[-1]))
    coeffs = [coeffs[0]] + [jnp.sign(c) * jnp.maximum(jnp.abs(c) - thr, 0) for c in coeffs[1:]]
    return jaxwt.waverec(coeffs, "sym4")

noisy = jnp.sin(jnp.linspace(0, 20, 256))[None] + 0.1 * jax.random.normal(jax.random.key(0), (1, 256))
visu_shrink(noisy)
""",
        kind='array-conversion', argument='signal', path='signal', line=9,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note=(
            'VisuShrink noise estimate sigma = median(|cD1|)/0.6745 written with np.median/np.abs on jaxwt '
            "coefficients inside the user's jit. Fix: jnp.median(jnp.abs(...)), verified. Both interpreters "
            '(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TracerArrayConversionError.'
        ),
    ),
    Case(
        id='lib-g-jaxwt-level-from-jnp-log2',
        source='https://github.com/v0lta/Jax-Wavelet-Toolbox/issues/5',
        code="""\
import jax
import jax.numpy as jnp
import jaxwt

@jax.jit
def approx(signal):
    level = int(jnp.log2(signal.shape[-1])) - 2
    return jaxwt.wavedec(signal, "haar", level=level)[0]

approx(jnp.ones((2, 64)))
""",
        kind='traced-shape', argument=None, path=None, line=7,
        fixes=('numpy-for-static',), verifiable=True, jax_fitting_fix=False,
        note=(
            'The number of levels is derived from the static signal length with int(jnp.log2(n)) inside jit; '
            "the jnp op stages out a tracer even though n is a Python int, so int() fails. No parameter's "
            "value is involved (argument None). Fix: np.log2 / math on the static shape, verified. JAX's "
            'message suggests x.astype(int), which would leave a traced level that range() inside wavedec '
            'cannot use. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-g-jaxtqdm-config-n-iters-not-static',
        source='https://github.com/jeremiecoullon/jax-tqdm/pull/27',
        code="""\
import dataclasses
import jax
import jax.numpy as jnp
from jax_tqdm import loop_tqdm

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Config:
    lr: float
    n_iters: int

@jax.jit
def fit(w, cfg):
    @loop_tqdm(cfg.n_iters)
    def body(i, w):
        return w - cfg.lr * 2 * (w - 1.0)
    return jax.lax.fori_loop(0, cfg.n_iters, body, w)

fit(jnp.zeros(3), Config(lr=0.1, n_iters=500))
""",
        kind='traced-shape', argument='cfg', path='cfg.n_iters', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "A registered-dataclass config passed to the user's jit carries n_iters as a data field, so it is"
            ' traced; loop_tqdm(cfg.n_iters) needs the iteration count as a Python int (it formats it with '
            "f'{n:,}' and compares it to print_rate). Fix: declare n_iters static "
            '(dataclasses.field(metadata=dict(static=True))), verified. The exception is an odd TypeError '
            "from jax-tqdm's description string ('unsupported format string passed to "
            "DynamicJaxprTracer.__format__'), with no JAX hint. Both interpreters (py3.11/jax 0.10.2 and "
            'py3.13/jax 0.12.0.1) raise TypeError.'
        ),
    ),
    Case(
        id='lib-g-jaxtqdm-static-config-unhashable',
        source='https://github.com/jeremiecoullon/jax-tqdm/pull/25',
        code="""\
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp
from jax_tqdm import scan_tqdm

@dataclasses.dataclass
class RunConfig:
    n_steps: int
    print_rate: int

@partial(jax.jit, static_argnames="cfg")
def run(x0, cfg):
    @scan_tqdm(cfg.n_steps, print_rate=cfg.print_rate)
    def step(x, i):
        return jnp.tanh(x + 0.1), x
    return jax.lax.scan(step, x0, jnp.arange(cfg.n_steps))

run(jnp.zeros(2), RunConfig(n_steps=100, print_rate=10))
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=19,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'The run config (scan length and print rate for scan_tqdm) is rightly marked static, but it is a '
            'plain @dataclasses.dataclass, whose eq=True sets __hash__ to None. Fix: '
            "@dataclasses.dataclass(frozen=True), verified. JAX's message says non-hashable static arguments "
            'are not supported. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            "ValueError ('Non-hashable static arguments are not supported')."
        ),
    ),
    Case(
        id='lib-g-jaxtqdm-scan-history-append',
        source='https://github.com/rlouf/mcx/pull/70',
        code="""\
import jax
import jax.numpy as jnp
from jax_tqdm import scan_tqdm

n = 100
history = []

@scan_tqdm(n)
def step(params, i):
    params = params - 0.1 * (params - 3.0)
    history.append(params)
    return params, None

final, _ = jax.lax.scan(step, jnp.zeros(2), jnp.arange(n))
jnp.stack(history)
""",
        kind='leaked-tracer', argument='params', path='params', line=11,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=15,
        note=(
            'A scan body decorated with scan_tqdm appends each carry to a module-level list to keep a '
            'history; lax.scan traces the body once, so the list holds one scan tracer and jnp.stack(history)'
            " afterwards raises. JAX reports the traced function as jax-tqdm's wrapper_progress_bar. Fix: "
            "emit params as the scan's per-step output (`return params, params`), checked by hand; not marked"
            ' verifiable since the caller must read the stacked output instead. Both interpreters (py3.11/jax'
            ' 0.10.2 and py3.13/jax 0.12.0.1) raise UnexpectedTracerError at line 15.'
        ),
    ),
    Case(
        id='lib-g-jaxtqdm-traced-print-rate',
        source='https://github.com/jeremiecoullon/jax-tqdm/pull/11',
        code="""\
import jax
import jax.numpy as jnp
from jax_tqdm import scan_tqdm

n = 1000

@jax.jit
def anneal(x0, print_every):
    @scan_tqdm(n, print_rate=print_every)
    def step(x, i):
        return x * 0.995, x
    return jax.lax.scan(step, x0, jnp.arange(n))

anneal(jnp.ones(4), 50)
""",
        kind='concretization', argument='print_every', path='print_every', line=9,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note=(
            "print_rate of scan_tqdm comes from an argument of the user's jit; jax-tqdm validates it with `if"
            ' print_rate < 1` and computes n % print_rate in Python when the decorator is applied. Fix: '
            "static_argnames='print_every', verified. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax "
            "0.12.0.1) raise TracerBoolConversionError (raised inside jax-tqdm's check)."
        ),
    ),
    Case(
        id='lib-g-pyhf-model-as-jit-argument',
        source='https://github.com/scikit-hep/pyhf/issues/979',
        code="""\
import jax
import jax.numpy as jnp
import pyhf

pyhf.set_backend("jax")
model = pyhf.simplemodels.uncorrelated_background(
    signal=[5.0, 10.0], bkg=[50.0, 60.0], bkg_uncertainty=[5.0, 12.0])

@jax.jit
def nll(pars, data, model):
    return -model.logpdf(pars, data)[0]

data = jnp.asarray([55.0, 65.0] + model.config.auxdata)
nll(jnp.asarray(model.config.suggested_init()), data, model)
""",
        kind='non-array-argument', argument='model', path='model', line=14,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note=(
            'The pyhf.Model is passed as a regular argument of a jitted NLL (jax backend). Fix: '
            "static_argnames='model' (pyhf's own jax optimizer jits with the pdf static), verified. JAX's "
            'message names path `model` and suggests static_argnums/static_argnames. Both interpreters '
            "(py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise TypeError ('Error interpreting argument ... as"
            " an abstract array')."
        ),
    ),
    Case(
        id='lib-g-pyhf-qmu-if-muhat',
        source='https://github.com/pfackeldey/evermore/issues/1',
        code="""\
import jax
import jax.numpy as jnp
import pyhf

pyhf.set_backend("jax")
model = pyhf.simplemodels.uncorrelated_background(
    signal=[5.0, 10.0], bkg=[50.0, 60.0], bkg_uncertainty=[5.0, 12.0])
data = jnp.asarray([55.0, 65.0] + model.config.auxdata)
mu_test = 1.0

@jax.jit
def q_mu(pars_free, pars_fixed):
    nll_free = -model.logpdf(pars_free, data)[0]
    nll_fixed = -model.logpdf(pars_fixed, data)[0]
    if pars_free[model.config.poi_index] > mu_test:
        return 0.0
    return 2 * (nll_fixed - nll_free)

q_mu(jnp.array([0.5, 1.0, 1.0]), jnp.array([1.0, 1.0, 1.0]))
""",
        kind='bool-conversion', argument='pars_free', path='pars_free', line=15,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note=(
            'A hand-written one-sided test statistic q_mu under jit returns 0 when the fitted POI exceeds the'
            ' tested mu, written with a Python `if` on pars_free[poi_index] (mu_test is a module constant). '
            "Fix: jnp.where(muhat > mu_test, 0.0, 2*(nll_fixed - nll_free)), as pyhf's own qmu does with "
            'tensorlib.where; verified. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'TracerBoolConversionError.'
        ),
    ),
    Case(
        id='lib-g-pyhf-grad-math-sqrt-significance',
        source='https://github.com/scikit-hep/pyhf/issues/882',
        code="""\
import math
import jax
import jax.numpy as jnp
import pyhf

pyhf.set_backend("jax")
model = pyhf.simplemodels.uncorrelated_background(
    signal=[5.0, 10.0], bkg=[50.0, 60.0], bkg_uncertainty=[5.0, 12.0])

def significance(pars, data):
    nll_sb = -model.logpdf(pars, data)[0]
    nll_b = -model.logpdf(pars.at[0].set(0.0), data)[0]
    return math.sqrt(2 * (nll_b - nll_sb))

data = jnp.asarray([70.0, 90.0] + model.config.auxdata)
jax.grad(significance)(jnp.array([1.0, 1.0, 1.0]), data)
""",
        kind='concretization', argument='pars', path='pars', line=13,
        fixes=('jnp-not-builtin',), verifiable=True, jax_fitting_fix=False,
        note=(
            'A differentiable-analysis significance Z = sqrt(2*(nll_b - nll_sb)) computed with math.sqrt and '
            'differentiated with jax.grad (no jit); math.sqrt calls __float__ on the JVP tracer. Fix: '
            "jnp.sqrt, verified. JAX's message suggests x.astype(float), which does not help inside "
            'math.sqrt. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax 0.12.0.1) raise '
            'ConcretizationTypeError.'
        ),
    ),
    Case(
        id='lib-g-pyhf-grad-nll-trace-append',
        source='https://github.com/scikit-hep/pyhf/pull/1912',
        code="""\
import jax
import jax.numpy as jnp
import pyhf

pyhf.set_backend("jax")
model = pyhf.simplemodels.uncorrelated_background(
    signal=[5.0, 10.0], bkg=[50.0, 60.0], bkg_uncertainty=[5.0, 12.0])
data = jnp.asarray([55.0, 65.0] + model.config.auxdata)
nll_trace = []

def objective(pars):
    nll = -model.logpdf(pars, data)[0]
    nll_trace.append(nll)
    return nll

pars = jnp.asarray(model.config.suggested_init())
for _ in range(3):
    pars = pars - 0.01 * jax.grad(objective)(pars)
jnp.stack(nll_trace)
""",
        kind='leaked-tracer', argument='pars', path='pars', line=13,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=True,
        use_line=19,
        note=(
            'The objective passed to jax.grad logs each NLL by appending it to a module-level list; under '
            'grad the appended values are JVP/linearize tracers, and jnp.stack(nll_trace) after the loop '
            'raises. JAX gives no creation line here. Fix: use jax.value_and_grad (or has_aux) and append the'
            ' returned value outside, checked by hand. Both interpreters (py3.11/jax 0.10.2 and py3.13/jax '
            '0.12.0.1) raise UnexpectedTracerError (LinearizeTracer) at line 19.'
        ),
    ),
]
