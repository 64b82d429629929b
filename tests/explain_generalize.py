"""Issue 16's patterns, one own reduction each: leaks through transformations, fixes verified through
wrappers, several statics, kinds by cause, nested jits, ``**kwargs`` names.

Each ``Case`` reduces the error pattern of the cited source to a few lines
of its own (the code is written here, not copied). Data only; the tests are
in ``test_explain_generalizes.py``.
"""
from __future__ import annotations

from explain_corpus import ISSUE, PULL, Case

DOCS = "https://docs.jax.dev/en/latest/"

CASES: list[Case] = [
    # --- 1, 2: a tracer stored inside a transformation, inside a jit ---
    Case(
        id="gen-scan-body-stores-on-global-object",
        # a value stashed inside a scan body under a transformed function (dm-haiku #214)
        source="https://github.com/google-deepmind/dm-haiku/issues/214",
        code="""\
import jax
import jax.numpy as jnp

class Probe:
    peak = None

probe = Probe()

@jax.jit
def running_max(signal):
    def step(best, s):
        probe.peak = jnp.maximum(best, s)
        return probe.peak, s

    final, seen = jax.lax.scan(step, -jnp.inf, signal)
    return final - probe.peak

running_max(jnp.array([1.0, 3.0, 2.0]))
""",
        kind="leaked-tracer", argument="signal", path="signal", line=12,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="the scan body's store is the leak; the fix threads it out with the per-step outputs",
    ),
    Case(
        id="gen-vmap-helper-fills-enclosing-list",
        # a vmapped function writing into a structure that outlives it (JAX PR 13022's example)
        source=PULL + "13022",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def normalised(rows):
    norms = [None]

    def one(row):
        norms[0] = jnp.linalg.norm(row)
        return row / norms[0]

    out = jax.vmap(one)(rows)
    return out, norms[0].mean()

normalised(jnp.ones((2, 3)))
""",
        kind="leaked-tracer", argument="rows", path="rows", line=9,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="a BatchTracer stored in an enclosing list slot; vmap hands it out as a second output, one per row",
    ),
    Case(
        id="gen-grad-of-method-keeps-statistic",
        # running statistics stored on the model during a gradient step (objax #88)
        source="https://github.com/google/objax/issues/88",
        code="""\
import jax
import jax.numpy as jnp

class Scaler:
    def __init__(self):
        self.mean = 0.0

    def loss(self, w, batch):
        self.mean = jnp.mean(batch * w)
        return jnp.sum((batch * w - self.mean) ** 2)

scaler = Scaler()

@jax.jit
def update(w, batch):
    g = jax.grad(scaler.loss)(w, batch)
    return w - 0.01 * g, scaler.mean

update(jnp.ones(3), jnp.arange(3.0))
""",
        kind="leaked-tracer", argument="w", path="w", line=9,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="no source in JAX's message for a grad tracer; the method's store is found from the jitted "
             "function, and the fix is has_aux",
    ),
    Case(
        id="gen-cond-branch-assigns-nonlocal",
        # a closure writing state from inside a traced branch (JAX's stateful-computations guide)
        source=DOCS + "stateful-computations.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def clipped(x, cap):
    excess = None

    def over(v):
        nonlocal excess
        excess = v - cap
        return jnp.full_like(v, cap)

    y = jax.lax.cond(x > cap, over, lambda v: v, x)
    return y, excess

clipped(5.0, 2.0)
""",
        kind="leaked-tracer", argument="x", path="x", line=10,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="a cond branch's nonlocal store; the other branch returns zeros of the value's shape",
    ),
    Case(
        id="gen-jit-stores-global-used-later",
        # a global written inside jit and read eagerly afterwards (JAX PR 4312's global key)
        source=PULL + "4312",
        code="""\
import jax
import jax.numpy as jnp

last_scale = None

@jax.jit
def rescale(v):
    global last_scale
    last_scale = jnp.max(jnp.abs(v))
    return v / last_scale

rescale(jnp.array([2.0, -4.0]))
jnp.log(last_scale)
""",
        kind="leaked-tracer", argument="v", path="v", line=9,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="the jitted function itself returns the value; re-traced with the abstract arguments its "
             "leaked trace had",
    ),
    Case(
        id="gen-jitted-method-cache-read-by-numpy",
        # jitting a method that writes to self (JAX FAQ, jit with methods)
        source=DOCS + "faq.html#how-to-use-jit-with-methods",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

class Smoother:
    @partial(jax.jit, static_argnums=0)
    def smooth(self, xs):
        self.last = jnp.cumsum(xs) / (jnp.arange(xs.size) + 1)
        return self.last[-1]

smoother = Smoother()
smoother.smooth(jnp.arange(4.0))
np.asarray(smoother.last)
""",
        kind="leaked-tracer", argument="xs", path="xs", line=10,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="NumPy raises a conversion error, but the tracer belongs to a trace that has ended: a leak",
    ),
    Case(
        id="gen-vmapped-module-keeps-hidden-state",
        # keeping an intermediate representation for later inspection (rowanz/merlot_reserve #16, where
        # returning it from the function is the suggested way)
        source="https://github.com/rowanz/merlot_reserve/issues/16",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

class Encoder:
    def __call__(self, x):
        self.hidden = jnp.tanh(x)
        return self.hidden.sum()

encoder = Encoder()

@jax.jit
def encode_all(batch):
    return jax.vmap(encoder)(batch)

encode_all(jnp.ones((2, 3)))
np.asarray(encoder.hidden)
""",
        kind="leaked-tracer", argument="batch", path="batch", line=7,
        fixes=("return-value",), verifiable=True, jax_fitting_fix=False,
        note="an object's __call__ under vmap in a jit; the jitted function returns the hidden values too",
    ),
    Case(
        id="gen-closure-over-traced-value-in-pytree-metadata",
        # a closure over a traced value kept where JAX does not trace (JAX PR 13022's `lambda: x` example)
        source=PULL + "13022",
        code="""\
import jax
import jax.numpy as jnp

class Curve:
    def __init__(self, fn):
        self.fn = fn

jax.tree_util.register_pytree_node(Curve, lambda c: ((), c.fn), lambda fn, _: Curve(fn))

def make_curve(rate):
    def decay(t):
        return jnp.exp(-rate * t)
    return Curve(decay)

curves = jax.vmap(make_curve)(jnp.array([0.1, 0.2]))
curves.fn(1.0)
""",
        kind="leaked-tracer", argument="rate", path="rate", line=13,
        fixes=("return-value", "register-pytree"), verifiable=False, jax_fitting_fix=False,
        note="no store at all: the closure leaves inside the output's metadata; a template, not tried",
    ),
    # --- 3: verification through the user's own stack of transformations ---
    Case(
        id="gen-vmap-python-if-on-element",
        # Python control flow on a per-example value under vmap (JAX's control-flow guide)
        source=DOCS + "control-flow.html",
        code="""\
import jax
import jax.numpy as jnp

def hinge(margin):
    if margin < 1.0:
        return 1.0 - margin
    return 0.0

jax.vmap(hinge)(jnp.array([0.5, 2.0]))
""",
        kind="bool-conversion", argument="margin", path="margin", line=5,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="the fix is made to hinge and re-run through jax.vmap",
    ),
    Case(
        id="gen-jit-of-grad-calls-numpy",
        # NumPy functions inside a differentiated function (JAX's sharp bits)
        source=DOCS + "notebooks/Common_Gotchas_in_JAX.html",
        code="""\
import jax
import numpy as np

def energy(r):
    return np.exp(-r) * r

jax.jit(jax.grad(energy))(1.5)
""",
        kind="array-conversion", argument="r", path="r", line=5,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="verified through jax.jit(jax.grad(...)), the user's own stack",
    ),
    Case(
        id="gen-checkpoint-under-jit-retraces-static-flag",
        # jax.checkpoint under jax.jit with a static flag (JAX issue 7426; remat's static_argnums, PR 24516)
        source=ISSUE + "7426",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
@jax.checkpoint
def block(h, dropout):
    if dropout:
        h = h * 0.5
    return jnp.sin(h)

block(jnp.ones(2), False)
""",
        kind="bool-conversion", argument="dropout", path="dropout", line=9,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="static for jit, traced again by checkpoint: its own static_argnums",
    ),
    # --- 4: several compile-time values at once ---
    Case(
        id="gen-eye-with-two-traced-sizes",
        # traced values where a shape needs Python ints (JAX issue 5186, arange's stop)
        source=ISSUE + "5186",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def band(scale, rows, cols):
    return scale * jnp.eye(rows, cols)

band(2.0, 3, 4)
""",
        kind="traced-shape", argument="rows", path="rows", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="rows alone static still fails on cols; both become static together",
    ),
    Case(
        id="gen-shape-tuple-of-ints",
        # a shape passed as a tuple argument (JAX's jit tutorial: static arguments)
        source=DOCS + "jit-compilation.html#marking-arguments-as-static",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def filled(value, shape):
    return jnp.full(shape, value)

filled(1.5, (2, 3))
""",
        kind="traced-shape", argument="shape", path="shape[0]", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="the tuple of Python ints is hashable: static as it is",
    ),
    Case(
        id="gen-kwargs-size-by-keyword",
        # keyword arguments of a jitted function made static by name (JAX PR 3532, issue 1936)
        source=PULL + "3532",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def padded(x, **options):
    return jnp.pad(x, options["width"])

padded(jnp.ones(2), width=1)
""",
        kind="traced-shape", argument="options", path="options['width']", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="named options['width'] as the function reads it; static_argnames='width'",
    ),
    # --- 5: kinds by cause ---
    Case(
        id="gen-traced-axis-of-a-reduction",
        # an axis given as a traced value (JAX PR 12334, ensure_index)
        source=PULL + "12334",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def total(x, axis):
    return x.sum(axis=axis)

total(jnp.ones((2, 3)), 1)
""",
        kind="traced-shape", argument="axis", path="axis", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="TracerIntegerConversionError raised by JAX for an axis: a compile-time argument",
    ),
    Case(
        id="gen-extract-without-size",
        # jnp.extract's output length is data (jax.numpy.extract documents size=)
        source=DOCS + "_autosummary/jax.numpy.extract.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def positives_mean(x):
    kept = jnp.extract(x > 0, x)
    return kept.mean()

positives_mean(jnp.array([1.0, -2.0, 3.0]))
""",
        kind="traced-shape", argument="x", path="x", line=6,
        fixes=("size-argument", "jnp.where"), verifiable=True, jax_fitting_fix=False,
        note="a TracerBoolConversionError raised inside jnp.extract: an output length",
    ),
    Case(
        id="gen-static-config-eq-returns-array",
        # an __eq__ comparing arrays element-wise (astropy PR 1832's pattern) on a static argument
        source="https://github.com/astropy/astropy/pull/1832",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

class Weights:
    def __init__(self, values):
        self.values = np.asarray(values)

    def __hash__(self):
        return hash(self.values.tobytes())

    def __eq__(self, other):
        return self.values == other.values

@partial(jax.jit, static_argnums=1)
def weigh(x, w):
    return x * w.values.sum()

weigh(jnp.ones(2), Weights([1.0, 2.0]))
weigh(jnp.ones(2), Weights([1.0, 2.0]))
""",
        kind="unhashable-static", argument="w", path="w", line=22,
        fixes=("hashable-static",), verifiable=True, jax_fitting_fix=False,
        note="JAX compares the static argument with the cached one: __eq__ must give one bool",
    ),
    Case(
        id="gen-pytree-aux-holds-array",
        # pytree metadata must be hashable and comparable (JAX's pytree guide)
        source=DOCS + "pytrees.html",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

class Layer:
    def __init__(self, kernel, mask):
        self.kernel = kernel
        self.mask = mask

jax.tree_util.register_pytree_node(
    Layer, lambda l: ((l.kernel,), l.mask), lambda mask, kids: Layer(kids[0], mask)
)

@jax.jit
def forward(layer, x):
    return layer.kernel @ x

forward(Layer(jnp.eye(2), np.ones(2)), jnp.ones(2))
forward(Layer(jnp.eye(2), np.ones(2)), jnp.ones(2))
""",
        kind="unhashable-static", argument="layer", path="layer", line=19,
        fixes=("not-static", "hashable-static"), verifiable=True, jax_fitting_fix=False,
        note="an array as pytree metadata: the fix makes it a child",
    ),
    Case(
        id="gen-assert-on-traced-argument",
        # an assert on traced values; checkify is JAX's run-time check (JAX PR 8773, the checkify guide)
        source=PULL + "8773",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def safe_log(p):
    assert jnp.all(p > 0), "probabilities must be positive"
    return jnp.log(p)

safe_log(jnp.array([0.2, 0.8]))
""",
        kind="bool-conversion", argument="p", path="p", line=6,
        fixes=("checkify",), verifiable=True, jax_fitting_fix=False,
        note="a check that still stops the program; never only a print",
    ),
    Case(
        id="gen-float-of-global-jnp-constant",
        # jnp operations on constants give tracers under jit (JAX issue 4798)
        source=ISSUE + "4798",
        code="""\
import jax
import jax.numpy as jnp

LIMITS = jnp.array([0.5, 2.0])

@jax.jit
def clamp(x):
    return jnp.clip(x, float(LIMITS[0]), float(LIMITS[1]))

clamp(jnp.array([0.1, 3.0]))
""",
        kind="concretization", argument=None, path=None, line=8,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="a JAX array made outside, indexed inside: read the constant with NumPy",
    ),
    Case(
        id="gen-numpy-table-indexed-by-tracer",
        # a NumPy array indexed with a traced index (JAX's sharp bits: NumPy vs jnp)
        source=DOCS + "notebooks/Common_Gotchas_in_JAX.html",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.linspace(0.0, 1.0, 5)

@jax.jit
def lookup(i):
    return TABLE[i] * 2.0

lookup(jnp.int32(3))
""",
        kind="array-conversion", argument="i", path="i", line=9,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="jnp.asarray(TABLE)[i]",
    ),
    # --- 6: nested jits ---
    Case(
        id="gen-inner-jit-result-as-size",
        # a static value through an inner jit comes back traced (JAX issue 35090)
        source=ISSUE + "35090",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp

@jax.jit
def doubled(k):
    return 2 * k

@partial(jax.jit, static_argnums=0)
def ramp(n):
    size = doubled(n)
    return jnp.arange(size)

ramp(3)
""",
        kind="traced-shape", argument="n", path="n", line=13,
        fixes=("remove-inner-jit",), verifiable=True, jax_fitting_fix=False,
        note="the fix is in the helper's name, on the line that called it",
    ),
    Case(
        id="gen-jitted-helper-branches-on-a-constant",
        # a Python value passed into a jitted helper is traced there (JAX issue 35090's nesting; the jit
        # tutorial's static arguments)
        source=ISSUE + "35090",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def activation(x, kind):
    if kind == 1:
        return jnp.tanh(x)
    return jax.nn.relu(x)

@jax.jit
def layer(x):
    return activation(x, 1) * 2.0

layer(jnp.ones(3))
""",
        kind="bool-conversion", argument=None, path=None, line=6,
        fixes=("jnp.where", "lax.cond", "static"), verifiable=True, jax_fitting_fix=False,
        note="the fixes are in the helper's lines and names: its own static_argnames, never the outer's",
    ),
]
