"""Real tracing-error cases: own minimal reductions of patterns from the JAX docs and GitHub issues.

Each ``Case`` is a self-contained notebook cell whose last statement is the call
that raises (JAX 0.10.2, CPU), with the source it reduces, the expected kind,
argument, pytree path, cell line, and the acceptable first fixes.  Data only.
"""
from __future__ import annotations

import dataclasses

ERRORS = "https://docs.jax.dev/en/latest/errors.html"
JIT_TUTORIAL = "https://docs.jax.dev/en/latest/jit-compilation.html"
CONTROL_FLOW = "https://docs.jax.dev/en/latest/control-flow.html"
GOTCHAS = "https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html"
FAQ = "https://docs.jax.dev/en/latest/faq.html"
STATEFUL = "https://docs.jax.dev/en/latest/stateful-computations.html"
PYTREES = "https://docs.jax.dev/en/latest/pytrees.html"
ISSUE = "https://github.com/jax-ml/jax/issues/"
PULL = "https://github.com/jax-ml/jax/pull/"


@dataclasses.dataclass(frozen=True)
class Case:
    id: str                    # short unique slug
    source: str                # URL of the doc section or GitHub thread it reduces
    code: str                  # self-contained cell; its last statement is the failing call
    kind: str                  # expected kind (SPEC vocabulary)
    argument: str | None       # parameter of the jitted function the offending value depends on
    path: str | None           # pytree leaf path, equal to argument when not a pytree
    line: int                  # 1-based line in `code` where the error arises (leaks: where it leaked)
    fixes: tuple[str, ...]     # acceptable first Fix.kind values, best first
    verifiable: bool           # the top fix can be applied mechanically and re-traced
    jax_fitting_fix: bool      # JAX's own message suggests a fix that fits and works here
    note: str = ""             # what the pattern is / why the fix
    use_line: int | None = None  # leaks only: the line of the later use where JAX raises


CASES: list[Case] = [
    # --- bool-conversion: Python control flow and logical operators on traced values ---
    Case(
        id="docs-errors-bool-if-sum",
        source=ERRORS + "#jax.errors.TracerBoolConversionError",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def smaller_total(a, b):
    if a.sum() < b.sum():
        return a
    return b

smaller_total(jnp.ones(3), jnp.zeros(3))
""",
        kind="bool-conversion", argument="a", path="a", line=6,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="TracerBoolConversionError: `if` on a comparison of two traced sums; both a and b are involved",
    ),
    Case(
        id="docs-control-flow-if-scalar",
        source=CONTROL_FLOW + "#python-control-flow-jit",
        code="""\
import jax

@jax.jit
def piecewise(t):
    if t < 2.0:
        return 4.0 * t ** 2
    else:
        return -3.0 * t

piecewise(1.5)
""",
        kind="bool-conversion", argument="t", path="t", line=5,
        fixes=("jnp.where", "lax.cond", "static"), verifiable=True, jax_fitting_fix=False,
        note="if/else on a traced Python scalar; both branches are cheap, so jnp.where",
    ),
    Case(
        id="docs-jit-while-traced-bound",
        source=JIT_TUTORIAL + "#jit-mechanics-tracing-and-static-variables",
        code="""\
import jax

@jax.jit
def add_count(x, limit):
    k = 0
    while k < limit:
        k += 1
    return x + k

add_count(10.0, 4)
""",
        kind="bool-conversion", argument="limit", path="limit", line=6,
        fixes=("lax.while_loop", "static"), verifiable=True, jax_fitting_fix=False,
        note="while condition compares a Python counter with a traced bound",
    ),
    Case(
        id="docs-control-flow-and",
        source=CONTROL_FLOW + "#logical-operators",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def in_window(v):
    ok = (v > 0.0) and (v < 5.0)
    return jnp.where(ok, v, 0.0)

in_window(2.0)
""",
        kind="bool-conversion", argument="v", path="v", line=6,
        fixes=("logical-op",), verifiable=True, jax_fitting_fix=False,
        note="Python `and` short-circuits by calling bool() on the first traced comparison",
    ),
    Case(
        id="gh-3761-and-in-lax-cond",
        source=ISSUE + "3761",
        code="""\
import jax
from jax import lax

@jax.jit
def branchy(p, q):
    return lax.cond(p < 0 and q < 0, lambda v: v - 100.0, lambda v: v + 1.0, p)

branchy(0.3, 0.1)
""",
        kind="bool-conversion", argument="p", path="p", line=6,
        fixes=("logical-op",), verifiable=True, jax_fitting_fix=False,
        note="`and` inside a lax.cond predicate; use `(p < 0) & (q < 0)`",
    ),
    Case(
        id="gh-24683-chained-comparison-cond",
        source=ISSUE + "24683",
        code="""\
import jax
from jax import lax

@jax.jit
def band(x):
    return lax.cond(1.0 < x <= 3.0, lambda: 10, lambda: 20)

band(2.0)
""",
        kind="bool-conversion", argument="x", path="x", line=6,
        fixes=("logical-op",), verifiable=True, jax_fitting_fix=False,
        note="chained comparison `lo < x <= hi` expands to `and`",
    ),
    Case(
        id="gh-15948-chained-comparison-where",
        source=ISSUE + "15948",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def visible(wavelength):
    return jnp.where(400 < wavelength <= 700, 1.0, 0.0)

visible(550.0)
""",
        kind="bool-conversion", argument="wavelength", path="wavelength", line=6,
        fixes=("logical-op",), verifiable=True, jax_fitting_fix=False,
        note="chained comparison inside jnp.where's condition",
    ),
    Case(
        id="gh-5078-not-on-tracer",
        source=ISSUE + "5078",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def keep_unless_done(x, done):
    return jnp.where(not done, x, 0.0)

keep_unless_done(jnp.ones(3), False)
""",
        kind="bool-conversion", argument="done", path="done", line=6,
        fixes=("logical-op",), verifiable=True, jax_fitting_fix=False,
        note="`not` on a traced bool; use jnp.logical_not / ~",
    ),
    Case(
        id="gh-1461-or-flags",
        source=ISSUE + "1461",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def flip_if_any(x, flag_a, flag_b):
    return jnp.where(flag_a or flag_b, -x, x)

flip_if_any(jnp.arange(3.0), True, False)
""",
        kind="bool-conversion", argument="flag_a", path="flag_a", line=6,
        fixes=("logical-op",), verifiable=True, jax_fitting_fix=False,
        note="`or` on traced boolean flags; `|` keeps it in the array world",
    ),
    Case(
        id="docs-errors-bool-builtin-min",
        source=ERRORS + "#jax.errors.TracerBoolConversionError",
        code="""\
import jax

@jax.jit
def floor_at_zero(z):
    return min(z, 0)

floor_at_zero(5)
""",
        kind="bool-conversion", argument="z", path="z", line=5,
        fixes=("jnp-not-builtin",), verifiable=True, jax_fitting_fix=False,
        note="builtin min compares with bool(); jnp.minimum is the traced equivalent",
    ),
    Case(
        id="docs-control-flow-while-in-helper",
        source=CONTROL_FLOW + "#structured-control-flow-primitives",
        code="""\
import jax
import jax.numpy as jnp

def halve_until_small(v, cap):
    while jnp.abs(v).max() > cap:
        v = v / 2
    return v

@jax.jit
def normalise(v, cap):
    return halve_until_small(v, cap) + 1.0

normalise(jnp.array([8.0, -3.0]), 1.0)
""",
        kind="bool-conversion", argument="v", path="v", line=5,
        fixes=("lax.while_loop",), verifiable=True, jax_fitting_fix=False,
        note="data-dependent while loop inside a plain helper called by the jitted function",
    ),
    Case(
        id="gh-24740-if-inside-vmap-in-jit",
        source=ISSUE + "24740",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def escape_flags(zs):
    def one(z):
        if jnp.abs(z) > 2.0:
            return 1
        return 0
    return jax.vmap(one)(zs)

escape_flags(jnp.array([0.5, 3.0]))
""",
        kind="bool-conversion", argument="zs", path="zs", line=7,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="`if` inside a vmapped closure within jit; each element is a batch tracer",
    ),
    Case(
        id="gh-2783-if-inside-grad-in-jit",
        source=ISSUE + "2783",
        code="""\
import jax

def kinked(w):
    if w >= 0:
        return w ** 2
    return -w

@jax.jit
def descend(w):
    return w - 0.1 * jax.grad(kinked)(w)

descend(1.0)
""",
        kind="bool-conversion", argument="w", path="w", line=4,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="value-dependent branch in a function differentiated by jax.grad inside jit",
    ),
    Case(
        id="docs-faq-static-self-branch-on-x",
        source=FAQ + "#how-to-use-jit-with-methods",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

class Clipper:
    def __init__(self, limit):
        self.limit = limit

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        if x.max() > self.limit:
            return x / x.max()
        return x

clip = Clipper(1.0)
clip.apply(jnp.array([0.5, 2.0]))
""",
        kind="bool-conversion", argument="x", path="x", line=11,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="method jitted with static self (FAQ strategy); the branch still depends on the traced x",
    ),
    Case(
        id="docs-control-flow-if-in-closure",
        source=CONTROL_FLOW + "#python-control-flow-jit",
        code="""\
import jax
import jax.numpy as jnp

def make_gate(threshold):
    @jax.jit
    def gate(signal):
        if signal.mean() > threshold:
            return signal
        return jnp.zeros_like(signal)
    return gate

gate = make_gate(0.5)
gate(jnp.array([0.2, 0.9]))
""",
        kind="bool-conversion", argument="signal", path="signal", line=7,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="jitted closure; the closed-over threshold is a constant, the signal is traced",
    ),
    Case(
        id="docs-stateful-if-on-state-leaf",
        source=STATEFUL,
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple

class SimState(NamedTuple):
    pos: jnp.ndarray
    step: jnp.ndarray

@jax.jit
def advance(state):
    if state.step > 10:
        return state.pos
    return state.pos + 1.0

advance(SimState(pos=jnp.zeros(2), step=jnp.array(3)))
""",
        kind="bool-conversion", argument="state", path="state.step", line=11,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note="branch on a NamedTuple leaf carried in the pytree state",
    ),
    Case(
        id="docs-errors-np-split-traced-sections",
        source=ERRORS + "#jax.errors.TracerIntegerConversionError",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def pieces(x, n):
    return np.split(x, n)

pieces(jnp.arange(6.0), 3)
""",
        kind="bool-conversion", argument="n", path="n", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="np.split(x, n) with a traced n: NumPy tests n in a condition, so JAX raises TracerBoolConversionError",
    ),

    # --- concretization: converting a traced value to a Python value ---
    Case(
        id="docs-errors-traced-axis",
        source=ERRORS + "#jax.errors.ConcretizationTypeError",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def smallest(x, axis):
    return x.min(axis)

smallest(jnp.arange(6).reshape(2, 3), 1)
""",
        # SPEC: a traced value where an axis is needed is `traced-shape`, whatever JAX raised for it
        kind="traced-shape", argument="axis", path="axis", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="a reduction axis must be a Python int; mark axis static",
    ),
    Case(
        id="docs-errors-where-one-arg",
        source=ERRORS + "#jax.errors.ConcretizationTypeError",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def negative_positions(x):
    return jnp.where(x < 0)

negative_positions(jnp.array([-1, 2, -3]))
""",
        kind="traced-shape", argument="x", path="x", line=6,
        fixes=("size-argument",), verifiable=True, jax_fitting_fix=True,
        note="one-argument jnp.where is nonzero: output size depends on data; pass size=",
    ),
    Case(
        id="gh-9578-nonzero-without-size",
        source=ISSUE + "9578",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def first_match(values, target):
    hits = jnp.nonzero(values == target)[0]
    return hits[0]

first_match(jnp.array([3, 1, 3]), 3)
""",
        kind="traced-shape", argument="values", path="values", line=6,
        fixes=("size-argument",), verifiable=True, jax_fitting_fix=True,
        note="jnp.nonzero without size= has a data-dependent length",
    ),
    Case(
        id="gh-10231-unique-without-size",
        source=ISSUE + "10231",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def distinct_ages(ages):
    return jnp.unique(ages)

distinct_ages(jnp.array([24, 25, 24, 30]))
""",
        kind="traced-shape", argument="ages", path="ages", line=6,
        fixes=("size-argument",), verifiable=True, jax_fitting_fix=True,
        note="jnp.unique needs size= under jit",
    ),
    Case(
        id="gh-pr-6915-argwhere-without-size",
        source=PULL + "6915",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def active_cells(grid):
    return jnp.argwhere(grid > 0)

active_cells(jnp.eye(3))
""",
        kind="traced-shape", argument="grid", path="grid", line=6,
        fixes=("size-argument",), verifiable=True, jax_fitting_fix=True,
        note="jnp.argwhere without size=; JAX's message names jnp.nonzero's size argument",
    ),
    Case(
        id="gh-5186-arange-traced-stop",
        source=ISSUE + "5186",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def ramp(count):
    return jnp.arange(0, count, 1)

ramp(5)
""",
        kind="traced-shape", argument="count", path="count", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="jnp.arange(n) with a traced n: the output length must be static",
    ),
    Case(
        id="gh-pr-3656-one-hot-traced-classes",
        source=PULL + "3656",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def encode(labels, n_classes):
    return jax.nn.one_hot(labels, n_classes)

encode(jnp.array([0, 2, 1]), 3)
""",
        kind="traced-shape", argument="n_classes", path="n_classes", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="num_classes sets the output width, so it must be static: a traced shape in SPEC's words (JAX 0.10 "
             "says which argument of one_hot needed it; until issue 26's ninth round this case said concretization)",
    ),
    Case(
        id="gh-6350-segment-sum-traced-count",
        source=ISSUE + "6350",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def pooled(data, ids, n_groups):
    return jax.ops.segment_sum(data, ids, num_segments=n_groups)

pooled(jnp.ones(4), jnp.array([0, 0, 1, 2]), 3)
""",
        kind="concretization", argument="n_groups", path="n_groups", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="segment_sum calls int() on num_segments internally",
    ),
    Case(
        id="gh-12331-squeeze-traced-axis",
        source=ISSUE + "12331",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def drop_axis(x, ax):
    return jnp.squeeze(x, ax)

drop_axis(jnp.ones((4, 1)), 1)
""",
        kind="concretization", argument="ax", path="ax", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="squeeze axis must be static",
    ),
    Case(
        id="gh-3620-pad-traced-width",
        source=ISSUE + "3620",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def pad_tail(v, extra):
    return jnp.pad(v, (0, extra))

pad_tail(jnp.ones(3), 2)
""",
        kind="traced-shape", argument="extra", path="extra", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="pad widths determine the output shape",
    ),
    Case(
        id="gh-pr-2508-jnp-split-traced-sections",
        source=PULL + "2508",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def chunks(x, pieces):
    return jnp.split(x, pieces)

chunks(jnp.arange(8.0), 4)
""",
        kind="concretization", argument="pieces", path="pieces", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="the number of sections decides how many arrays come back",
    ),
    Case(
        id="docs-errors-int-index",
        source=ERRORS + "#jax.errors.ConcretizationTypeError",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def lookup(table, k):
    return table[int(k)]

lookup(jnp.array([10.0, 20.0, 30.0]), 1)
""",
        kind="concretization", argument="k", path="k", line=6,
        fixes=("astype", "static"), verifiable=True, jax_fitting_fix=True,
        note="int() on a traced index; JAX arrays accept traced integer indices, so k.astype(int)",
    ),
    Case(
        id="gh-2783-float-of-traced-scale",
        source=ISSUE + "2783",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def rescale(x, s):
    factor = float(s)
    return x * factor

rescale(jnp.ones(3), 2.5)
""",
        kind="concretization", argument="s", path="s", line=6,
        fixes=("astype",), verifiable=True, jax_fitting_fix=True,
        note="float() on a traced scalar; s.astype(float) keeps it traced",
    ),
    Case(
        id="docs-errors-item-in-branch",
        source=ERRORS + "#jax.errors.ConcretizationTypeError",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def squash(x):
    if x.max().item() > 1.0:
        return x / x.max()
    return x

squash(jnp.array([0.5, 3.0]))
""",
        kind="concretization", argument="x", path="x", line=6,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note=".item() used to escape a bool conversion; the branch needs jnp.where",
    ),
    Case(
        id="gh-pr-15057-tolist-builtin-max",
        source=PULL + "15057",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def peak(x):
    return max(x.tolist())

peak(jnp.array([1.0, 4.0, 2.0]))
""",
        kind="concretization", argument="x", path="x", line=6,
        fixes=("jnp-not-builtin",), verifiable=False, jax_fitting_fix=False,
        note="tolist() to use a builtin on the values; jnp.max(x) stays traced",
    ),
    Case(
        id="gh-23475-format-spec-on-tracer",
        source=ISSUE + "23475",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def report(loss):
    label = f"loss={loss:.3f}"
    return loss * 2

report(jnp.float32(0.25))
""",
        kind="concretization", argument="loss", path="loss", line=6,
        fixes=("jax.debug.print",), verifiable=False, jax_fitting_fix=False,
        note="TypeError 'unsupported format string passed to ...Tracer.__format__'; format at run time",
    ),
    Case(
        id="gh-35090-static-through-inner-jit",
        source=ISSUE + "35090",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

@jax.jit
def plus_one(k):
    return k + 1

@partial(jax.jit, static_argnums=0)
def grid(k):
    return jnp.arange(plus_one(k))

grid(4)
""",
        kind="traced-shape", argument="k", path="k", line=11,
        fixes=("remove-inner-jit", "static"), verifiable=False, jax_fitting_fix=False,
        note="a static value passed through an inner jax.jit comes back traced",
    ),

    # --- integer-conversion: traced values where Python needs an int ---
    Case(
        id="docs-errors-list-index",
        source=ERRORS + "#jax.errors.TracerIntegerConversionError",
        code="""\
import jax

RATES = [0.1, 0.01, 0.001]

@jax.jit
def rate_for(stage):
    return RATES[stage]

rate_for(1)
""",
        kind="integer-conversion", argument="stage", path="stage", line=7,
        fixes=("jnp-not-builtin", "jnp-not-np", "static"), verifiable=True, jax_fitting_fix=False,
        note="indexing a Python list with a tracer; jnp.asarray(RATES)[stage]",
    ),
    Case(
        id="docs-errors-np-split-traced-axis",
        source=ERRORS + "#jax.errors.TracerIntegerConversionError",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def halves(x, axis):
    return np.split(x, 2, axis)

halves(jnp.arange(4.0), 0)
""",
        kind="integer-conversion", argument="axis", path="axis", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="NumPy needs the axis as a Python int",
    ),
    Case(
        id="gh-1406-range-of-traced-count",
        source=ISSUE + "1406",
        code="""\
import jax

@jax.jit
def compound(balance, years):
    for _ in range(years):
        balance = balance * 1.05
    return balance

compound(100.0, 3)
""",
        kind="integer-conversion", argument="years", path="years", line=5,
        fixes=("lax.fori_loop", "static"), verifiable=True, jax_fitting_fix=False,
        note="range() over a traced trip count",
    ),
    Case(
        id="gh-pr-5853-tuple-of-branches",
        source=PULL + "5853",
        code="""\
import jax
import jax.numpy as jnp

ACTIVATIONS = (jnp.tanh, jnp.sin, jnp.cos)

@jax.jit
def activate(x, which):
    return ACTIVATIONS[which](x)

activate(jnp.ones(2), 2)
""",
        kind="integer-conversion", argument="which", path="which", line=8,
        fixes=("lax.switch", "static"), verifiable=False, jax_fitting_fix=False,
        note="picking a function from a tuple by a traced index: lax.switch",
    ),
    Case(
        id="gh-waymax-14-range-of-state-step",
        source="https://github.com/waymo-research/waymax/issues/14",
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple

class Rollout(NamedTuple):
    pos: jnp.ndarray
    steps_left: jnp.ndarray

@jax.jit
def finish(state):
    pos = state.pos
    for _ in range(state.steps_left):
        pos = pos + 0.5
    return pos

finish(Rollout(pos=jnp.zeros(2), steps_left=jnp.array(4)))
""",
        kind="integer-conversion", argument="state", path="state.steps_left", line=12,
        fixes=("lax.fori_loop",), verifiable=True, jax_fitting_fix=False,
        note="Python loop bound read from a NamedTuple leaf of the traced state",
    ),

    # --- array-conversion: NumPy on tracers ---
    Case(
        id="docs-errors-np-sin",
        source=ERRORS + "#jax.errors.TracerArrayConversionError",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def wave(x):
    return np.sin(x)

wave(jnp.arange(4.0))
""",
        kind="array-conversion", argument="x", path="x", line=7,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="np.sin calls __array__ on the tracer; use jnp.sin",
    ),
    Case(
        id="docs-errors-np-asarray",
        source=ERRORS + "#jax.errors.TracerArrayConversionError",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def centred(x):
    mean = np.asarray(x).mean()
    return x - mean

centred(jnp.arange(4.0))
""",
        kind="array-conversion", argument="x", path="x", line=7,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="np.asarray materialises a tracer",
    ),
    Case(
        id="docs-errors-numpy-table-traced-index",
        source=ERRORS + "#jax.errors.TracerArrayConversionError",
        code="""\
import jax
import numpy as np

WEIGHTS = np.linspace(0.0, 1.0, 5)

@jax.jit
def weight_at(i):
    return WEIGHTS[i]

weight_at(2)
""",
        kind="array-conversion", argument="i", path="i", line=8,
        fixes=("jnp-not-np", "static"), verifiable=True, jax_fitting_fix=False,
        note="a NumPy array indexed by a tracer; jnp.asarray(WEIGHTS)[i]",
    ),
    Case(
        id="gh-tinygp-85-np-append-on-param-leaf",
        source="https://github.com/dfm/tinygp/issues/85",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

def shifted(v):
    return np.append(v[0], v[:-1])

@jax.jit
def lagged(params):
    return params["w"] - shifted(params["w"])

lagged({"w": jnp.arange(4.0), "b": jnp.zeros(())})
""",
        kind="array-conversion", argument="params", path="params['w']", line=6,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note="np.append in a helper applied to a dict leaf",
    ),

    # --- boolean-index: masks with a data-dependent number of elements ---
    Case(
        id="docs-errors-bool-mask-sum",
        source=ERRORS + "#jax.errors.NonConcreteBooleanIndexError",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def positive_total(x):
    return x[x > 0].sum()

positive_total(jnp.arange(-3.0, 3.0))
""",
        kind="boolean-index", argument="x", path="x", line=6,
        fixes=("jnp.where",), verifiable=True, jax_fitting_fix=False,
        note="masked reduction: jnp.where(x > 0, x, 0).sum()",
    ),
    Case(
        id="gh-21994-at-mask-set",
        source=ISSUE + "21994",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def zero_small(x):
    return x.at[x < 5].set(0)

zero_small(jnp.arange(10))
""",
        kind="boolean-index", argument="x", path="x", line=6,
        fixes=("jnp.where",), verifiable=True, jax_fitting_fix=False,
        note=".at[mask].set(v) is jnp.where(mask, v, x)",
    ),
    Case(
        id="docs-gotchas-nansum-mask",
        source=GOTCHAS + "#dynamic-shapes",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def total_ignoring_nan(x):
    finite = x[~jnp.isnan(x)]
    return finite.sum()

total_ignoring_nan(jnp.array([1.0, jnp.nan, 2.0]))
""",
        kind="boolean-index", argument="x", path="x", line=6,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="mask then reduce on a later line; jnp.where(jnp.isnan(x), 0, x).sum()",
    ),
    Case(
        id="gh-4471-mask-from-constants",
        source=ISSUE + "4471",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def even_slots_total(x):
    keep = jnp.arange(x.shape[0]) % 2 == 0
    return x[keep].sum()

even_slots_total(jnp.arange(6.0))
""",
        kind="boolean-index", argument=None, path=None, line=7,
        fixes=("numpy-for-static", "jnp.where"), verifiable=True, jax_fitting_fix=False,
        note="mask built with jnp from shapes only is still traced; build it with NumPy",
    ),
    Case(
        id="gh-secretflow-406-mask-by-label",
        source="https://github.com/secretflow/secretflow/issues/406",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def class_mean(points, labels):
    return points[labels == 1].mean(axis=0)

class_mean(jnp.ones((4, 2)), jnp.array([0, 1, 1, 0]))
""",
        kind="boolean-index", argument="labels", path="labels", line=6,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="per-cluster mean via a mask; use a weighted sum with jnp.where",
    ),

    # --- traced-shape: a traced value where a shape, size or slice bound is needed ---
    Case(
        id="docs-control-flow-ones-length",
        source=CONTROL_FLOW + "#python-control-flow-jit",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def filled(length, value):
    return jnp.ones((length,)) * value

filled(4, 2.5)
""",
        kind="traced-shape", argument="length", path="length", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="TypeError 'Shapes must be 1D sequences of concrete values'",
    ),
    Case(
        id="gh-14279-zeros-traced-n",
        source=ISSUE + "14279",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def buffer(n):
    return jnp.zeros(n)

buffer(8)
""",
        kind="traced-shape", argument="n", path="n", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="jnp.zeros(n) with a traced n",
    ),
    Case(
        id="gh-648-random-shape-from-argument",
        source=ISSUE + "648",
        code="""\
import jax

@jax.jit
def draw(key, n_samples):
    return jax.random.normal(key, (n_samples,))

draw(jax.random.key(0), 10)
""",
        kind="traced-shape", argument="n_samples", path="n_samples", line=5,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="sample count used as a shape",
    ),
    Case(
        id="gh-204-full-traced-length",
        source=ISSUE + "204",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def padded_rows(row, total):
    canvas = jnp.full((total, row.shape[0]), 0.0)
    return canvas.at[0].set(row)

padded_rows(jnp.array([1.0, 2.0]), 4)
""",
        kind="traced-shape", argument="total", path="total", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="jnp.full with a traced row count",
    ),
    Case(
        id="gh-aesara-43-reshape-traced-rows",
        source="https://github.com/aesara-devs/aesara/issues/43",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def to_matrix(x, n):
    return x.reshape(n, -1)

to_matrix(jnp.arange(12.0), 3)
""",
        kind="traced-shape", argument="n", path="n", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="x.reshape(n, -1) with a traced n",
    ),
    Case(
        id="gh-6853-reshape-dict-leaf",
        source=ISSUE + "6853",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def as_rows(x, params):
    return x.reshape(params["n"], -1) * params["scale"]

as_rows(jnp.arange(6.0), {"n": 2, "scale": 0.5})
""",
        kind="traced-shape", argument="params", path="params['n']", line=6,
        fixes=("static",), verifiable=False, jax_fitting_fix=False,
        note="a shape read from a dict argument; pass n as its own static argument (a dict cannot be static)",
    ),
    Case(
        id="gh-egoallo-17-shape-from-tuple-leaf",
        source="https://github.com/brentyi/egoallo/issues/17",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def workspace(batch):
    data, width = batch
    return jnp.zeros((width,)) + data.sum()

workspace((jnp.ones(3), 5))
""",
        kind="traced-shape", argument="batch", path="batch[1]", line=7,
        fixes=("static",), verifiable=False, jax_fitting_fix=False,
        note="shape read from a tuple leaf; the tuple also holds an array, so split width out as its own static argument",
    ),
    Case(
        id="gh-16994-tile-traced-reps",
        source=ISSUE + "16994",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def repeat_block(block, times):
    return jnp.tile(block, times)

repeat_block(jnp.ones((2, 2)), 3)
""",
        kind="traced-shape", argument="times", path="times", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="TypeError '... parameter reps was not hashable'",
    ),
    Case(
        id="gh-1007-dynamic-slice-traced-size",
        source=ISSUE + "1007",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def window(x, start, size):
    return lax.dynamic_slice(x, (start,), (size,))

window(jnp.arange(10.0), 2, 3)
""",
        kind="traced-shape", argument="size", path="size", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="dynamic_slice start may be traced, its size may not",
    ),
    Case(
        id="gh-7222-slice-traced-start",
        source=ISSUE + "7222",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def triple_at(x, i):
    return x[i:i + 3]

triple_at(jnp.arange(10.0), 4)
""",
        kind="traced-shape", argument="i", path="i", line=6,
        fixes=("lax.dynamic_slice", "static"), verifiable=True, jax_fitting_fix=False,
        note="IndexError 'Slice entries must be static integers'; fixed width, so lax.dynamic_slice",
    ),
    Case(
        id="gh-9463-slice-traced-bounds",
        source=ISSUE + "9463",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def segment(x, lo, hi):
    return x[lo:hi].sum()

segment(jnp.arange(10.0), 2, 7)
""",
        kind="traced-shape", argument="lo", path="lo", line=6,
        fixes=("jnp.where", "static"), verifiable=False, jax_fitting_fix=False,
        note="both slice bounds traced, so the length is dynamic; mask with jnp.where for the sum",
    ),
    Case(
        id="gh-4531-slice-stop-from-arguments",
        source=ISSUE + "4531",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def leading(coeffs, n_robots, n_vars):
    return coeffs[0:n_robots * n_vars].reshape(n_robots, n_vars)

leading(jnp.arange(12.0), 2, 3)
""",
        kind="traced-shape", argument="n_robots", path="n_robots", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note="slice stop computed from two traced counts",
    ),
    Case(
        id="gh-9463-size-from-array-data",
        source=ISSUE + "9463",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def flat_slots(smoothing):
    n = 3 * smoothing.shape[0] - 2 * jnp.sum(jnp.isinf(smoothing))
    return jnp.zeros(n)

flat_slots(jnp.array([jnp.inf, 0.1, 0.1]))
""",
        kind="traced-shape", argument="smoothing", path="smoothing", line=7,
        fixes=("static", "jnp.where"), verifiable=True, jax_fitting_fix=False,
        note="size computed from array data: marking the array static cannot help; compute the size before the "
             "call and pass it static (what the held-out labellers of issue 26's 27th and 28th sets chose first for "
             "such sizes; it compiles once per size), or allocate the maximum and mask",
    ),
    Case(
        id="gh-9463-ones-of-array-sum",
        source=ISSUE + "9463",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def ones_for_counts(counts):
    return jnp.ones(counts.sum())

ones_for_counts(jnp.array([1, 2, 3]))
""",
        kind="traced-shape", argument="counts", path="counts", line=6,
        fixes=("jnp.where",), verifiable=False, jax_fitting_fix=False,
        note="jnp.ones(x.sum()): JAX suggests static_argnums, which cannot help for data-dependent sizes",
    ),
    Case(
        id="gh-4449-shape-via-jnp-arithmetic",
        source=ISSUE + "4449",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def one_longer(arr):
    count = jnp.add(arr.size, 1)
    return jnp.ones((count,))

one_longer(jnp.ones(3))
""",
        kind="traced-shape", argument=None, path=None, line=7,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="shape arithmetic done with jnp makes a tracer from constants; use arr.size + 1",
    ),
    Case(
        id="docs-jit-reshape-jnp-prod",
        source=JIT_TUTORIAL + "#static-vs-traced-operations",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def flatten(x):
    return x.reshape(jnp.array(x.shape).prod())

flatten(jnp.ones((2, 3)))
""",
        kind="traced-shape", argument=None, path=None, line=6,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note="the size is computed from x.shape with jnp, so it is traced; np.prod(x.shape) is static",
    ),

    # --- leaked-tracer: a traced intermediate stored outside the trace and used later ---
    Case(
        id="docs-errors-leak-global-list",
        source=ERRORS + "#jax.errors.UnexpectedTracerError",
        code="""\
import jax
import jax.numpy as jnp

history = []

@jax.jit
def record(x):
    y = x + 1
    history.append(y)
    return y

@jax.jit
def replay(z):
    return z * history[0]

record(jnp.ones(2))
replay(jnp.ones(2))
""",
        kind="leaked-tracer", argument="x", path="x", line=9,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="tracer appended to a global list during tracing; JAX raises when the jitted reader is called",
        use_line=17,
    ),
    Case(
        id="docs-gotchas-leak-global-assign",
        source=GOTCHAS + "#pure-functions",
        code="""\
import jax
import jax.numpy as jnp

latest = None

@jax.jit
def remember(x):
    global latest
    latest = x * 2
    return x

@jax.jit
def doubled(y):
    return y * 2

remember(jnp.arange(3.0))
doubled(latest)
""",
        kind="leaked-tracer", argument="x", path="x", line=9,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="`global` assignment inside a jitted function; the leaked value is later passed to another jitted function",
        use_line=17,
    ),
    Case(
        id="gh-4714-leak-on-self-attribute",
        source=ISSUE + "4714",
        code="""\
import jax
import jax.numpy as jnp

class Wavefront:
    def __init__(self):
        self.field = None

    def propagate(self, phase):
        self.field = jnp.exp(1j * phase)
        return phase

    def intensity(self):
        return jnp.abs(self.field) ** 2

wf = Wavefront()
jax.jit(wf.propagate)(jnp.zeros(3))
wf.intensity()
""",
        kind="leaked-tracer", argument="phase", path="phase", line=9,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="a jitted bound method stores a traced array on self; a later method reads it",
        use_line=13,
    ),
    Case(
        id="docs-stateful-leak-self-in-static-method",
        source=STATEFUL,
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

class Counter:
    def __init__(self):
        self.total = jnp.zeros(())

    @partial(jax.jit, static_argnums=0)
    def add(self, amount):
        self.total = self.total + amount
        return self.total

    def scaled(self, k):
        return self.total * k

c = Counter()
c.add(1.0)
c.scaled(3.0)
""",
        kind="leaked-tracer", argument="amount", path="amount", line=11,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="mutating self inside a method jitted with static self; a later method reads the leaked tracer",
        use_line=15,
    ),
    Case(
        id="docs-errors-leak-nonlocal-closure",
        source=ERRORS + "#jax.errors.UnexpectedTracerError",
        code="""\
import jax
import jax.numpy as jnp

def make_pair():
    cache = None

    @jax.jit
    def fill(x):
        nonlocal cache
        cache = jnp.cos(x)
        return x

    @jax.jit
    def use(y):
        return y + cache

    return fill, use

fill, use = make_pair()
fill(jnp.zeros(2))
use(jnp.ones(2))
""",
        kind="leaked-tracer", argument="x", path="x", line=10,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="tracer leaked through a nonlocal variable of an enclosing closure",
        use_line=21,
    ),
    Case(
        id="gh-jaxley-74-leak-into-vmapped-global",
        source="https://github.com/jaxleyverse/jaxley/issues/74",
        code="""\
import jax
import jax.numpy as jnp

traces = {}

@jax.jit
def simulate(currents):
    def one(c):
        traces["last"] = c * 0.5
        return c.sum()
    return jax.vmap(one)(currents)

@jax.jit
def loss(target):
    return jnp.abs(traces["last"] - target).sum()

simulate(jnp.ones((4, 3)))
loss(jnp.zeros(3))
""",
        kind="leaked-tracer", argument="currents", path="currents", line=9,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=True,
        note="a vmap-inside-jit body stores its per-example tracer in a global dict",
        use_line=15,
    ),

    # --- unhashable-static: static arguments must be hashable ---
    Case(
        id="gh-2813-list-static",
        source=ISSUE + "2813",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames="shape")
def reshape_to(x, shape):
    return x.reshape(shape)

reshape_to(jnp.arange(6.0), shape=[2, 3])
""",
        kind="unhashable-static", argument="shape", path="shape", line=9,
        fixes=("hashable-static",), verifiable=True, jax_fitting_fix=False,
        note="ValueError 'Non-hashable static arguments'; pass a tuple",
    ),
    Case(
        id="gh-6853-dict-static",
        source=ISSUE + "6853",
        code="""\
import jax
import jax.numpy as jnp

def head(x, opts):
    return x[:opts["n"]] * opts["gain"]

head_jit = jax.jit(head, static_argnums=1)
head_jit(jnp.arange(10.0), {"n": 5, "gain": 2.0})
""",
        kind="unhashable-static", argument="opts", path="opts", line=8,
        fixes=("hashable-static",), verifiable=False, jax_fitting_fix=False,
        note="a dict marked static; use a frozen dataclass / tuple of items, or split the fields",
    ),
    Case(
        id="gh-883-jax-array-static",
        source=ISSUE + "883",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def shift(x, offsets):
    return x + offsets

shift(jnp.ones(3), jnp.array([1.0, 2.0, 3.0]))
""",
        kind="unhashable-static", argument="offsets", path="offsets", line=9,
        fixes=("not-static",), verifiable=True, jax_fitting_fix=False,
        note="a JAX array marked static; it only feeds arithmetic, so trace it",
    ),
    Case(
        id="gh-5186-numpy-array-static",
        source=ISSUE + "5186",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np

def dft_grid(plane, npix):
    return plane.sum() * jnp.ones((npix, npix))

dft_jit = jax.jit(dft_grid, static_argnums=1)
dft_jit(jnp.ones((4, 5)), np.array(3))
""",
        kind="unhashable-static", argument="npix", path="npix", line=9,
        fixes=("hashable-static",), verifiable=True, jax_fitting_fix=False,
        note="a NumPy array marked static; it is used as a size, so pass int(npix) instead",
    ),
    Case(
        id="gh-3701-dataclass-static",
        source=ISSUE + "3701",
        code="""\
import jax
import jax.numpy as jnp
import dataclasses
from functools import partial

@dataclasses.dataclass
class Config:
    depth: int

@partial(jax.jit, static_argnames="config")
def stack(x, config):
    return jnp.stack([x] * config.depth)

stack(jnp.ones(2), config=Config(3))
""",
        kind="unhashable-static", argument="config", path="config", line=14,
        fixes=("hashable-static",), verifiable=False, jax_fitting_fix=False,
        note="a plain (non-frozen) dataclass has no __hash__; frozen=True fixes it",
    ),
    Case(
        id="gh-5609-tracer-as-inner-static",
        source=ISSUE + "5609",
        code="""\
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def repeat_n(x, p):
    return jnp.tile(x, (p,))

@jax.jit
def twice(x, p):
    return repeat_n(repeat_n(x, p), p)

twice(jnp.arange(3), 2)
""",
        kind="unhashable-static", argument="p", path="p", line=11,
        fixes=("static", "remove-inner-jit"), verifiable=True, jax_fitting_fix=False,
        note="the outer jit traces p, then passes the tracer to the inner function's static parameter",
    ),

    # --- non-array-argument: arguments jit cannot trace ---
    Case(
        id="docs-faq-jit-method-self",
        source=FAQ + "#how-to-use-jit-with-methods",
        code="""\
import jax
import jax.numpy as jnp

class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @jax.jit
    def apply(self, x):
        return x * self.factor

scaler = Scaler(2.0)
scaler.apply(jnp.ones(3))
""",
        kind="non-array-argument", argument="self", path="self", line=13,
        fixes=("static", "register-pytree"), verifiable=True, jax_fitting_fix=True,
        note="@jax.jit on a method makes self a traced argument",
    ),
    Case(
        id="gh-5595-jit-method",
        source=ISSUE + "5595",
        code="""\
import jax
import jax.numpy as jnp

class Agent:
    @jax.jit
    def act(self, obs):
        return jnp.tanh(obs)

agent = Agent()
agent.act(jnp.zeros(2))
""",
        kind="non-array-argument", argument="self", path="self", line=10,
        fixes=("static", "register-pytree"), verifiable=True, jax_fitting_fix=True,
        note="decorated method; jit(self.act) in __init__ or static self",
    ),
    Case(
        id="gh-3045-string-argument",
        source=ISSUE + "3045",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def combine(x, mode):
    if mode == "sum":
        return x.sum()
    return x.mean()

combine(jnp.arange(4.0), "sum")
""",
        kind="non-array-argument", argument="mode", path="mode", line=10,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="a string argument cannot be traced; mark it static",
    ),
    Case(
        id="gh-4416-function-argument",
        source=ISSUE + "4416",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def apply_twice(fn, x):
    return fn(fn(x))

apply_twice(jnp.sin, jnp.ones(2))
""",
        kind="non-array-argument", argument="fn", path="fn", line=8,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="a function passed as a traced argument",
    ),
    Case(
        id="gh-953-namedtuple-of-functions",
        source=ISSUE + "953",
        code="""\
import jax
import jax.numpy as jnp
from typing import NamedTuple, Callable

class Optimizer(NamedTuple):
    init: Callable
    update: Callable

@jax.jit
def step(opt, params):
    return opt.update(params)

step(Optimizer(init=jnp.zeros_like, update=jnp.tanh), jnp.ones(3))
""",
        kind="non-array-argument", argument="opt", path="opt.init", line=13,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="a NamedTuple of functions is a pytree whose leaves are functions; JAX reports the first one",
    ),
    Case(
        id="docs-pytrees-unregistered-class",
        source=PYTREES + "#custom-pytree-nodes",
        code="""\
import jax
import jax.numpy as jnp

class Particle:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

@jax.jit
def move(p):
    return p.pos + p.vel

move(Particle(jnp.zeros(2), jnp.ones(2)))
""",
        kind="non-array-argument", argument="p", path="p", line=13,
        fixes=("register-pytree",), verifiable=False, jax_fitting_fix=False,
        note="a custom class holding arrays; static would bake the arrays in, so register it as a pytree",
    ),
]
