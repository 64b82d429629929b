"""Fresh held-out cases (issue 16): own minimal reductions of real tracing errors, from sources that neither
explain_corpus.py nor explain_holdout.py cites, labelled without reading jaxmagic's code. Data only.

The labeller's own doubts, for whoever holds jaxmagic to these labels:

- ``use_line`` of five leaks used inside the same jit (scan-body-object-attr, scan-body-lazy-cache,
  checkpoint-body-list-slot, grad-loss-sets-self-attr, cond-branch-nonlocal): JAX 0.10.2 raises when the
  outer trace ends, so the recorded later use is not on its traceback.
- ``jax_fitting_fix`` is True only where JAX's message itself names a fix that works here (the leak message's
  "return outputs explicitly" counts; "the axis argument must be known statically" does not).
- ``range()`` over a traced count is labelled integer-conversion (arguably traced-shape); ``jnp.extract``
  without ``size`` traced-shape though JAX raises TracerBoolConversionError; ``.tolist()`` and ``.item()``
  concretization.
- The vocabulary lacks the idiomatic fix for ``x or default`` (``is None``) and for an assert on argument
  values; the labels there are the nearest kinds.
- ``argument=None`` for inner-jit-turns-static-into-tracer: the value comes from a static argument that the
  inner jit turns into a tracer.
- Three sources are blog or Q&A pages, several are pull requests that discuss the pattern rather than report it.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id="fr-scan-body-object-attr-leak",
        source="https://github.com/google-deepmind/dm-haiku/issues/214",
        code="""\
import jax
import jax.numpy as jnp


class Recorder:
    def __init__(self):
        self.last = None


rec = Recorder()


@jax.jit
def run(xs):
    def body(carry, x):
        rec.last = carry + x
        return carry + x, x * 2.0

    total, ys = jax.lax.scan(body, 0.0, xs)
    return total + rec.last


run(jnp.arange(4.0))
""",
        kind="leaked-tracer", argument="xs", path="xs", line=16,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="scan body stores its carry on a global object's attribute; the jit body reads it after the scan",
        use_line=20,
    ),
    Case(
        id="fr-scan-body-lazy-cache-leak",
        source="https://github.com/google-deepmind/distrax/issues/64",
        code="""\
import jax
import jax.numpy as jnp


class Gaussian:
    def __init__(self, log_scale):
        self.log_scale = log_scale
        self._cache = {}

    def scale(self):
        if "scale" not in self._cache:
            self._cache["scale"] = jnp.exp(self.log_scale)
        return self._cache["scale"]


@jax.jit
def unroll(log_scale, noise):
    dist = Gaussian(log_scale)

    def step(h, eps):
        h = h + dist.scale() * eps
        return h, h

    h_last, hs = jax.lax.scan(step, 0.0, noise)
    return hs.sum() / dist.scale()


unroll(jnp.float32(0.5), jnp.ones(3))
""",
        kind="leaked-tracer", argument="log_scale", path="log_scale", line=12,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="object built outside scan memoizes a derived value the first time it is needed, which is inside the scan body; later use outside the body sees the body's tracer",
        use_line=25,
    ),
    Case(
        id="fr-static-jax-array-arange",
        source="https://github.com/jax-ml/jax/issues/6233",
        code="""\
import jax
import jax.numpy as jnp


def symmetric_range(n):
    return jnp.arange(-n, n)


fast = jax.jit(symmetric_range, static_argnums=0)
fast(jnp.add(4, 1))
""",
        kind="unhashable-static", argument="n", path="n", line=10,
        fixes=("hashable-static",), verifiable=False, jax_fitting_fix=False,
        note="a JAX array (result of a jnp op) passed in a static_argnums slot; arrays are unhashable, pass a Python int",
    ),
    Case(
        id="fr-static-wrapper-holding-list",
        source="https://github.com/genjax-community/genjax/issues/1179",
        code="""\
import dataclasses
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Const:
    value: list


def shift(c, x):
    return x + c.value[0]


jshift = jax.jit(shift, static_argnums=(0,))
jshift(Const([2, 3]), jnp.ones(2))
""",
        kind="unhashable-static", argument="c", path="c", line=16,
        fixes=("hashable-static",), verifiable=False, jax_fitting_fix=False,
        note="frozen dataclass used as static argument; its generated __hash__ raises because a field is a list",
    ),
    Case(
        id="fr-checkpoint-if-before-jit",
        source="https://github.com/jax-ml/jax/issues/10602",
        code="""\
import jax
import jax.numpy as jnp


@jax.checkpoint
def softclip(x):
    if x > 1.0:
        return 1.0 + jnp.log(x)
    return x


softclip(3.0)
""",
        kind="bool-conversion", argument="x", path="x", line=7,
        fixes=("jnp.where", "lax.cond", "static"), verifiable=True, jax_fitting_fix=False,
        note="Python if on the argument of a jax.checkpoint-wrapped function called eagerly; checkpoint traces its inputs abstractly",
    ),
    Case(
        id="fr-checkpoint-under-jit-static-flag",
        source="https://github.com/jax-ml/jax/issues/7426",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
@jax.checkpoint
def layer(x, training):
    if training:
        x = x * 0.9
    return jnp.tanh(x)


layer(jnp.ones(3), True)
""",
        kind="bool-conversion", argument="training", path="training", line=10,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="flag is static for jit but jax.checkpoint underneath re-traces every argument; needs checkpoint's own static_argnums",
    ),    Case(
        id="fr-checkpoint-body-list-slot-leak",
        source="https://github.com/jax-ml/jax/pull/4663",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    log = [x]

    def bump(y):
        log[0] = log[0] + y
        return y * 2.0

    out = jax.checkpoint(bump)(x)
    return out + log[0]


step(1.0)
""",
        kind="leaked-tracer", argument="x", path="x", line=10,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="function wrapped in jax.checkpoint inside jit writes into a list slot of the enclosing scope; the jit body reads the slot afterwards",
        use_line=14,
    ),
    Case(
        id="fr-global-assign-then-eager-use",
        source="https://github.com/jax-ml/jax/issues/3086",
        code="""\
import jax
import jax.numpy as jnp

last_input = None


@jax.jit
def shift(y):
    global last_input
    last_input = y
    return y + 2


shift(7)
jnp.sin(last_input)
""",
        kind="leaked-tracer", argument="y", path="y", line=10,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="jitted function stashes its argument in a module global; a later eager jnp call on the global raises",
        use_line=15,
    ),
    Case(
        id="fr-assert-on-constant-sum",
        source="https://github.com/jax-ml/jax/pull/8947",
        code="""\
import jax
import jax.numpy as jnp

N = 10


@jax.jit
def check():
    total = sum(jnp.add(1, 1) for _ in range(N))
    assert total > 0
    return total


check()
""",
        kind="bool-conversion", argument=None, path=None, line=10,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="assert on a value computed with jnp from constants only; under jit jnp results are tracers, plain Python/NumPy arithmetic keeps it concrete",
    ),
    Case(
        id="fr-reduce-traced-axis",
        source="https://github.com/jax-ml/jax/pull/4412",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def total(x, axis):
    return jnp.sum(x, axis=axis)


total(jnp.ones((2, 3)), 0)
""",
        kind="traced-shape", argument="axis", path="axis", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="reduction axis passed as an ordinary jit argument",
    ),
    Case(
        id="fr-tuple-of-traced-axes",
        source="https://github.com/jax-ml/jax/pull/7952",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def reduce_pair(x, axes):
    return jnp.max(x, axis=axes)


reduce_pair(jnp.ones((2, 3, 4)), (0, 2))
""",
        kind="traced-shape", argument="axes", path="axes[0]", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="a tuple of axes passed as a jit argument: both elements become tracers; the tuple must be static",
    ),
    Case(
        id="fr-mgrid-traced-bounds",
        source="https://github.com/jax-ml/jax/pull/7008",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def pixel_grid(img, h, w):
    ys, xs = jnp.mgrid[0:h, 0:w]
    return img * (ys + xs)


pixel_grid(jnp.ones((3, 4)), 3, 4)
""",
        kind="traced-shape", argument="h", path="h", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="jnp.mgrid slice bounds from two traced arguments; both h and w must be static (or taken from img.shape)",
    ),
    Case(
        id="fr-tri-traced-n-and-m",
        source="https://github.com/jax-ml/jax/pull/22779",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def causal_mask(scores, n, m):
    mask = jnp.tri(n, m, dtype=bool)
    return jnp.where(mask, scores, -jnp.inf)


causal_mask(jnp.zeros((4, 4)), 4, 4)
""",
        kind="traced-shape", argument="n", path="n", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="jnp.tri needs both its row and column counts as static integers",
    ),
    Case(
        id="fr-int-for-opaque-handle",
        source="https://github.com/gdsfactory/klujax/issues/34",
        code="""\
import jax
import jax.numpy as jnp


class SymbolicHandle:
    def __init__(self, key):
        self.key = key


@jax.jit
def solve(pattern_id, b):
    handle = SymbolicHandle(int(pattern_id))
    return b * handle.key


solve(jnp.uint32(3), jnp.ones(3))
""",
        kind="concretization", argument="pattern_id", path="pattern_id", line=12,
        fixes=("static",), verifiable=False, jax_fitting_fix=False,
        note="int() on a traced id to build a Python-side handle object; must come in as a static Python int",
    ),
    Case(
        id="fr-numpy-indices-with-traced-index",
        source="https://github.com/google-deepmind/distrax/issues/291",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def take_rows(values, idx):
    rows = np.indices(values.shape)[0][idx]
    return values[rows, 0]


take_rows(jnp.arange(12.0).reshape(3, 4), jnp.array([0, 2]))
""",
        kind="array-conversion", argument="idx", path="idx", line=8,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="a NumPy array built from static shapes is indexed with a traced index array; build it with jnp instead",
    ),
    Case(
        id="fr-reshape-to-jnp-shape-constant",
        source="https://github.com/EiffL/Quarks2CosmosDataChallenge/pull/6",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def decode(z):
    grid = jnp.array([4, 4])
    return z.reshape(grid)


decode(jnp.ones(16))
""",
        kind="traced-shape", argument=None, path=None, line=8,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="target shape held in a jnp array constant becomes a tracer under jit; keep it a tuple/NumPy array",
    ),
    Case(
        id="fr-range-over-traced-step-count",
        source="https://github.com/jax-ml/jax/issues/25186",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def forward_euler(y0, n_points, dt):
    y = y0
    for _ in range(n_points - 1):
        y = y + dt * (-y)
    return y


forward_euler(jnp.float32(1.0), 20, 0.05)
""",
        kind="integer-conversion", argument="n_points", path="n_points", line=8,
        fixes=("lax.fori_loop", "static"), verifiable=True, jax_fitting_fix=False,
        note="Python range over a step count derived from a traced argument",
    ),
    Case(
        id="fr-custom-jvp-branch-under-jit",
        source="https://github.com/jax-ml/jax/issues/22513",
        code="""\
import jax
import jax.numpy as jnp


@jax.custom_jvp
def power(x, n):
    if n == 0:
        return jnp.ones_like(x)
    return x ** n


@power.defjvp
def power_jvp(primals, tangents):
    x, n = primals
    x_dot, _ = tangents
    return power(x, n), n * power(x, n - 1) * x_dot


jax.jit(power)(2.0, 3)
""",
        kind="bool-conversion", argument="n", path="n", line=7,
        fixes=("jnp.where", "lax.cond", "static"), verifiable=True, jax_fitting_fix=False,
        note="Python if on an integer argument of a custom_jvp function that is then jitted; the primal function is traced with n abstract",
    ),
    Case(
        id="fr-pytree-metadata-ndarray-eq",
        source="https://github.com/jax-ml/jax/issues/7826",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np


class Model:
    def __init__(self, w, table):
        self.w = w
        self.table = table


jax.tree_util.register_pytree_node(
    Model, lambda m: ((m.w,), m.table), lambda table, ch: Model(ch[0], table)
)


@jax.jit
def apply(m, x):
    return m.w * x


apply(Model(jnp.ones(2), np.ones(3)), 1.0)
apply(Model(jnp.ones(2), np.ones(3)), 1.0)
""",
        kind="unhashable-static", argument="m", path="m.table", line=23,
        fixes=("not-static", "hashable-static"), verifiable=False, jax_fitting_fix=True,
        note="NumPy array kept as pytree metadata (static aux data); the second call compares metadata and ndarray __eq__ cannot give a bool",
    ),    Case(
        id="fr-inner-jit-turns-static-into-tracer",
        source="https://github.com/jax-ml/jax/issues/14666",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp


def doubled(k):
    return k * 2


jit_doubled = jax.jit(doubled, static_argnums=0)


@partial(jax.jit, static_argnums=0)
def build(n):
    m = jit_doubled(n)
    return float(m) * jnp.ones(3)


build(3)
""",
        kind="concretization", argument=None, path=None, line=17,
        fixes=("remove-inner-jit",), verifiable=True, jax_fitting_fix=False,
        note="static int goes through a jitted helper inside another jit; the helper's output is a tracer, so float() on it fails",
    ),
    Case(
        id="fr-library-fn-jitted-whole",
        source="https://github.com/jax-ml/jax/issues/5073",
        code="""\
import jax
from jax.scipy.special import multigammaln

jax.jit(multigammaln)(2.5, 3)
""",
        kind="traced-shape", argument="d", path="d", line=4,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="jit applied directly to a library function whose integer parameter d sets an internal arange length",
    ),
    Case(
        id="fr-or-default-on-traced-arg",
        source="https://github.com/google/objax/pull/92",
        code="""\
import jax
import jax.numpy as jnp


class Momentum:
    def __init__(self, momentum=0.9):
        self.momentum = momentum
        self.v = jnp.zeros(3)

    def update(self, g, lr, momentum=None):
        momentum = momentum or self.momentum
        return momentum * self.v - lr * g


opt = Momentum()
jax.jit(opt.update)(jnp.ones(3), 0.1, 0.5)
""",
        kind="bool-conversion", argument="momentum", path="momentum", line=11,
        fixes=("jnp.where", "static"), verifiable=True, jax_fitting_fix=False,
        note="`x or default` idiom on an optional hyperparameter that arrives traced through a jitted bound method",
    ),
    Case(
        id="fr-kwargs-window-width",
        source="https://github.com/jax-ml/jax/issues/523",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def smooth(x, **opts):
    width = opts["width"]
    kernel = jnp.ones(width) / width
    return jnp.convolve(x, kernel, mode="same")


smooth(jnp.arange(10.0), width=3)
""",
        kind="traced-shape", argument="opts", path="opts['width']", line=8,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="keyword argument collected in **opts is traced by jit and then used as an array length",
    ),
    Case(
        id="fr-float-cast-on-return",
        source="https://github.com/quantumlib/OpenFermion/pull/1396",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def objective(x, target):
    resid = x - target
    return float(jnp.sum(resid ** 2))


objective(jnp.ones(4), jnp.zeros(4))
""",
        kind="concretization", argument="x", path="x", line=8,
        fixes=("astype", "jnp-not-builtin"), verifiable=True, jax_fitting_fix=True,
        note="float() on the return value of a jitted function (added for typing); return the array or cast with astype",
    ),
    Case(
        id="fr-assert-nonnegative-params",
        source="https://github.com/proteneer/timemachine/pull/800",
        code="""\
import jax
import jax.numpy as jnp


def pair_energy(dist, params):
    assert jnp.all(params >= 0), "params must be non-negative"
    return jnp.sum(params / dist)


jax.jit(pair_energy)(jnp.ones(3), jnp.ones(3))
""",
        kind="bool-conversion", argument="params", path="params", line=6,
        fixes=("jnp.where", "jax.debug.print"), verifiable=False, jax_fitting_fix=False,
        note="runtime validation assert on argument values inside a function that is later jitted",
    ),    Case(
        id="fr-vmap-closure-in-pytree-metadata-leak",
        source="https://jugheadjones10.github.io/kim-young-jin/ml/leaked_batch_tracer.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import tree_util


class TrainState:
    def __init__(self, schedule):
        self.schedule = schedule


tree_util.register_pytree_node(
    TrainState, lambda s: ((), s.schedule), lambda schedule, _: TrainState(schedule)
)


def make_state(lr):
    def schedule(step):
        return lr * 0.99 ** step

    return TrainState(schedule)


states = jax.vmap(make_state)(jnp.array([1e-3, 1e-2, 1e-1]))
states.schedule(10)
""",
        kind="leaked-tracer", argument="lr", path="lr", line=20,
        fixes=("return-value", "register-pytree"), verifiable=False, jax_fitting_fix=True,
        note="vmapped factory returns a pytree whose static metadata is a closure over the batched lr; calling the closure afterwards touches the dead BatchTracer",
        use_line=18,
    ),
    Case(
        id="fr-vmap-module-cache-attr-eager-use",
        source="https://devgem.io/posts/debugging-jax-tracer-leaks-with-vmap-a-comprehensive-guide",
        code="""\
import jax
import jax.numpy as jnp


class Model:
    def __call__(self, x):
        self.cache = x * 2.0
        return jnp.tanh(self.cache)


model = Model()


@jax.jit
def predict(xs):
    return jax.vmap(model)(xs)


predict(jnp.ones((4, 3)))
jnp.mean(model.cache)
""",
        kind="leaked-tracer", argument="xs", path="xs", line=7,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="callable module caches its per-example activation on self while vmapped inside jit; reading the cache afterwards raises",
        use_line=20,
    ),
    Case(
        id="fr-jit-method-self-cache-to-numpy",
        source="https://pytroubles.com/ru/ampposts/id913-jax-i-jit-tracerarrayconversionerror-i-kak-ispravit",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Box:
    @partial(jax.jit, static_argnums=0)
    def apply(self, arr):
        out = arr * 2
        self.cache = out
        return out


box = Box()
out1 = box.apply(jnp.array([1.0, 2.0, 3.0]))
np.array(box.cache)
""",
        kind="leaked-tracer", argument="arr", path="arr", line=12,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=False,
        note="jitted method (self static) stores an intermediate on self; converting the attribute with np.array later raises TracerArrayConversionError although the cause is the leak",
        use_line=18,
    ),
    Case(
        id="fr-switch-branches-append-to-list",
        source="https://github.com/jax-ml/jax/issues/13351",
        code="""\
import jax
import jax.numpy as jnp

seen = []


def low(x):
    seen.append(x - 1.0)
    return x - 1.0


def high(x):
    seen.append(x + 1.0)
    return x + 1.0


@jax.jit
def route(i, x):
    return jax.lax.switch(i, [low, high], x)


route(1, 2.0)
jnp.stack(seen)
""",
        kind="leaked-tracer", argument="x", path="x", line=8,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="lax.switch traces every branch; each branch appends its value to a global list, which is stacked after the call",
        use_line=23,
    ),
    Case(
        id="fr-grad-loss-sets-self-attr-in-jit",
        source="https://github.com/pyro-ppl/numpyro/issues/1982",
        code="""\
import jax
import jax.numpy as jnp


class Stein:
    def __init__(self):
        self.temperature = 1.0

    def loss(self, params, x):
        self.temperature = jnp.std(params) + 1.0
        return jnp.sum((params - x) ** 2) / self.temperature


stein = Stein()


@jax.jit
def step(params, x):
    g = jax.grad(stein.loss)(params, x)
    return params - 0.1 * g * stein.temperature


step(jnp.arange(3.0), jnp.zeros(3))
""",
        kind="leaked-tracer", argument="params", path="params", line=10,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="loss differentiated with jax.grad inside jit sets an attribute on the object; the jit body reads it after grad returns (has_aux is the fix)",
        use_line=20,
    ),
    Case(
        id="fr-cond-branch-nonlocal-leak",
        source="https://github.com/jax-ml/jax/pull/26897",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def clip_step(x, limit):
    best = None

    def shrink(v):
        nonlocal best
        best = v * 0.5
        return best

    y = jax.lax.cond(x.sum() > limit, shrink, lambda v: v, x)
    return y + best


clip_step(jnp.ones(3), 1.0)
""",
        kind="leaked-tracer", argument="x", path="x", line=11,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="lax.cond branch writes a nonlocal variable; the jit body uses it after the cond",
        use_line=15,
    ),
    Case(
        id="fr-static-eq-returns-array",
        source="https://github.com/gbionics/jaxsim/pull/105",
        code="""\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Config:
    def __init__(self, scales):
        self.scales = np.asarray(scales)

    def __hash__(self):
        return hash(self.scales.tobytes())

    def __eq__(self, other):
        return self.scales == other.scales


@partial(jax.jit, static_argnums=1)
def apply(x, cfg):
    return x * cfg.scales.sum()


apply(jnp.ones(2), Config([1.0, 2.0]))
apply(jnp.ones(2), Config([1.0, 2.0]))
""",
        kind="unhashable-static", argument="cfg", path="cfg", line=25,
        fixes=("hashable-static",), verifiable=False, jax_fitting_fix=True,
        note="static object hashes fine but its __eq__ returns an elementwise array; the second call's cache lookup cannot turn it into a bool",
    ),
    Case(
        id="fr-boolean-mask-selected-modes",
        source="https://github.com/PlasmaControl/DESC/issues/625",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

MODES_N = np.array([0, 1, 2, 3, 4, 5])


@jax.jit
def qs_error(b_mn, helicity):
    off = MODES_N % 2 != helicity
    return jnp.sum(b_mn[off] ** 2)


qs_error(jnp.ones(6), 1)
""",
        kind="boolean-index", argument="helicity", path="helicity", line=11,
        fixes=("jnp.where", "static"), verifiable=True, jax_fitting_fix=False,
        note="boolean mask built from a traced integer option selects array entries before a reduction; reduce through jnp.where instead",
    ),    Case(
        id="fr-vmap-scalar-kernel-if",
        source="https://github.com/jax-ml/jax/issues/1076",
        code="""\
import jax
import jax.numpy as jnp


def kernel_scalar(x, lam=0.18, beta=1.0):
    if jnp.abs(x) > lam:
        return 0.0
    return jnp.exp(-beta * x ** 2)


jax.vmap(kernel_scalar)(jnp.linspace(-1.0, 1.0, 5))
""",
        kind="bool-conversion", argument="x", path="x", line=6,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="scalar function with a Python if, vectorized with jax.vmap (no jit): the batched value cannot pick one branch",
    ),
    Case(
        id="fr-item-then-builtin-round",
        source="https://github.com/jax-ml/jax/issues/8962",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def rounded_scale(x):
    s = x.item()
    return x / round(s, 2)


rounded_scale(jnp.ones(1))
""",
        kind="concretization", argument="x", path="x", line=7,
        fixes=("jnp-not-builtin",), verifiable=False, jax_fitting_fix=False,
        note="x.item() to get a Python scalar for a builtin (round); keep it an array and use jnp.round",
    ),
    Case(
        id="fr-jit-of-jacrev-derivative-order",
        source="https://github.com/PlasmaControl/DESC/pull/998",
        code="""\
import jax
import jax.numpy as jnp


def radial(r, l, dr):
    if dr == 0:
        return r ** l
    return l * r ** (l - 1)


jax.jit(jax.jacrev(radial))(0.5, 3.0, 0)
""",
        kind="bool-conversion", argument="dr", path="dr", line=6,
        fixes=("jnp.where", "lax.cond", "static"), verifiable=True, jax_fitting_fix=False,
        note="integer derivative-order flag passed positionally through jit(jacrev(f)); jit traces it and the Python if fails inside the jacrev'd function",
    ),
    Case(
        id="fr-nonzero-without-size",
        source="https://github.com/google/jaxonnxruntime/issues/29",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def onnx_nonzero(x):
    return jnp.stack(jnp.nonzero(x))


onnx_nonzero(jnp.array([[0, 1], [2, 0]]))
""",
        kind="traced-shape", argument="x", path="x", line=7,
        fixes=("size-argument",), verifiable=True, jax_fitting_fix=True,
        note="jnp.nonzero output length depends on data; under jit it needs size= (and fill_value)",
    ),
    Case(
        id="fr-extract-without-size",
        source="https://github.com/jax-ml/jax/pull/38612",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def positive_total(x):
    return jnp.extract(x > 0, x).sum()


positive_total(jnp.array([-1.0, 2.0, 3.0]))
""",
        kind="traced-shape", argument="x", path="x", line=7,
        fixes=("jnp.where", "size-argument"), verifiable=True, jax_fitting_fix=False,
        note="jnp.extract with a data-dependent condition and no size; JAX 0.10.2 surfaces it as a bool conversion inside jnp.compress, but the cause is the dynamic output size",
    ),
    Case(
        id="fr-operator-index-on-step-count",
        source="https://github.com/jax-ml/jax/pull/10398",
        code="""\
import operator

import jax
import jax.numpy as jnp


@jax.jit
def integrate(y0, n_steps):
    n = operator.index(n_steps)
    return jax.lax.fori_loop(0, n, lambda i, y: y * 0.9, y0)


integrate(jnp.float32(1.0), 10)
""",
        kind="integer-conversion", argument="n_steps", path="n_steps", line=9,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="explicit operator.index() validation of an integer argument inside jit",
    ),
    Case(
        id="fr-bool-on-nested-config-leaf",
        source="https://github.com/jax-ml/jax/pull/16430",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def dense(x, w, b, cfg):
    y = x @ w
    if bool(cfg["layer"]["use_bias"]):
        y = y + b
    return y


dense(jnp.ones((2, 3)), jnp.ones((3, 4)), jnp.ones(4), {"layer": {"use_bias": True}})
""",
        kind="bool-conversion", argument="cfg", path="cfg['layer']['use_bias']", line=8,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="explicit bool() on a flag nested two dicts deep in a jit argument; dict leaves are traced",
    ),
    Case(
        id="fr-tolist-on-constant-permutation",
        source="https://github.com/jax-ml/jax/pull/2101",
        code="""\
import jax
import jax.numpy as jnp

LAYERS = [jnp.sin, jnp.cos, jnp.tanh]


@jax.jit
def apply_in_order(x):
    order = jnp.argsort(jnp.array([2, 0, 1])).tolist()
    for k in order:
        x = LAYERS[k](x)
    return x


apply_in_order(jnp.ones(3))
""",
        kind="concretization", argument=None, path=None, line=9,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="tolist() on a permutation computed with jnp from constants; under jit it is a tracer, np.argsort keeps it concrete",
    ),
    Case(
        id="fr-slice-from-traced-start",
        source="https://github.com/jax-ml/jax/pull/39508",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def window(x, i):
    return x[i:i + 2]


window(jnp.arange(5.0), 1)
""",
        kind="traced-shape", argument="i", path="i", line=7,
        fixes=("lax.dynamic_slice", "static"), verifiable=True, jax_fitting_fix=False,
        note="Python slice with traced start and stop (fixed width); lax.dynamic_slice(x, (i,), (2,)) keeps the size static",
    ),
    Case(
        id="fr-numpy-inside-grad",
        source="https://github.com/jax-ml/jax/pull/3160",
        code="""\
import jax
import numpy as np


def energy(x):
    return np.sum(np.sin(x) ** 2)


jax.grad(energy)(1.0)
""",
        kind="array-conversion", argument="x", path="x", line=6,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="raw NumPy functions inside a function differentiated with jax.grad (no jit)",
    ),    Case(
        id="fr-random-shape-tuple-argument",
        source="https://github.com/jax-ml/jax/pull/2165",
        code="""\
import jax
import jax.numpy as jnp


@jax.jit
def noise_like(key, shape):
    return jax.random.normal(key, shape)


noise_like(jax.random.key(0), (2, 3))
""",
        kind="traced-shape", argument="shape", path="shape[0]", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="a shape tuple passed as an ordinary jit argument: both entries are traced; the whole tuple must be static",
    ),
    Case(
        id="fr-vmap-jacfwd-python-while",
        source="https://github.com/jax-ml/jax/issues/14245",
        code="""\
import jax
import jax.numpy as jnp


def doublings(x):
    y = x
    while y < 10.0:
        y = y * 2.0
    return y


jax.vmap(jax.jacfwd(doublings))(jnp.array([1.0, 3.0]))
""",
        kind="bool-conversion", argument="x", path="x", line=7,
        fixes=("lax.while_loop",), verifiable=True, jax_fitting_fix=False,
        note="Python while loop on a value inside a function that is differentiated and then vmapped (no jit); batched condition",
    ),
    Case(
        id="fr-float-on-indexed-jnp-constant",
        source="https://github.com/jkitchin/pounce/issues/795",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

UB = jnp.array([1.0, np.inf, 2.0])


@jax.jit
def active_rows(G, h):
    rows = [i for i in range(UB.shape[0]) if np.isfinite(float(UB[i]))]
    return G[np.array(rows)] @ h


active_rows(jnp.ones((3, 2)), jnp.ones(2))
""",
        kind="concretization", argument=None, path=None, line=10,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="indexing a module-level jnp constant inside jit stages the index op, so float() of the element fails; keep the bounds as a NumPy array",
    ),
]

