"""Shapes that do not fit: my own minimal reductions of patterns from JAX's documentation and jax-ml/jax threads.

Each ``ShapeCase`` is a self-contained notebook cell whose last statement is
the call that raises (JAX 0.10.2 and 0.12, CPU), with the source it reduces,
JAX's exception class, the expected kind, the cell line, the operands that
meet there as written (with their shapes), the jitted function's parameters
(pytree leaves) they depend on, and the corrected line when exactly one fix
is certain from the shapes alone. ``operands == ()`` means the line spells
no operand out (a derivative rule's output, a jaxpr's variables): not
asserted. Data only.
"""
from __future__ import annotations

import dataclasses

DOCS = "https://docs.jax.dev/en/latest/"
SHAPE_POLY = DOCS + "export/shape_poly.html"
ISSUE = "https://github.com/jax-ml/jax/issues/"
PULL = "https://github.com/jax-ml/jax/pull/"


@dataclasses.dataclass(frozen=True)
class ShapeCase:
    id: str
    source: str                              # the doc section or jax-ml/jax thread it reduces
    code: str                                # self-contained cell; its last statement is the failing call
    exception: str                           # JAX's exception class name
    kind: str                                # shape-mismatch, symbolic-dimension or jaxpr-type
    line: int                                # 1-based line in `code` where JAX rejects the shapes
    operands: tuple[tuple[str, str], ...]    # (expression as written at the line, shape like "f32[8,3]")
    arguments: tuple[str, ...]               # jitted function parameters (or leaf paths) the operands depend on
    fix: str | None                          # the corrected line when exactly one fix is certain
    note: str = ""


CASES: list[ShapeCase] = [
    # --- matrix products ---
    ShapeCase(
        id="docs-mlp-weight-stored-transposed",
        source=DOCS + "notebooks/neural_network_with_tfds_data.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def predict(params, image):
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = jnp.tanh(outputs)
    final_w, final_b = params[-1]
    return jnp.dot(final_w, activations) + final_b

params = [(jnp.ones((4, 3)), jnp.ones(3)), (jnp.ones((2, 3)), jnp.ones(2))]
predict(params, jnp.ones(4))
""",
        exception="TypeError", kind="shape-mismatch", line=8,
        operands=(("w", "f32[4,3]"), ("activations", "f32[4]")),
        arguments=("params[0][0]", "image"),
        fix="outputs = jnp.dot(w.T, activations) + b",
        note="the tutorial's (out, in) weight stored (in, out): only w.T makes the contracted axes match",
    ),
    ShapeCase(
        id="docs-vmap-per-example-dense",
        source=DOCS + "automatic-vectorization.html",
        code="""\
import jax
import jax.numpy as jnp

def predict(params, x):
    return jnp.dot(x, params["w"]) + params["b"]

@jax.jit
def batched(params, xs):
    return jax.vmap(predict, in_axes=(None, 0))(params, xs)

batched({"w": jnp.ones((5, 3)), "b": jnp.zeros(5)}, jnp.ones((8, 3)))
""",
        exception="TypeError", kind="shape-mismatch", line=5,
        operands=(("x", "f32[3]"), ("params['w']", "f32[5,3]")),
        arguments=("xs", "params['w']"),
        fix="return jnp.dot(x, params['w'].T) + params['b']",
        note="inside vmap a tracer has the per-example shape: x is f32[3], not f32[8,3]",
    ),
    ShapeCase(
        id="docs-scan-rnn-input-weight",
        source=DOCS + "_autosummary/jax.lax.scan.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def rnn(params, h0, xs):
    def step(h, x):
        h = jnp.tanh(params["w_h"] @ h + params["w_x"] @ x)
        return h, h
    return lax.scan(step, h0, xs)

rnn({"w_h": jnp.ones((4, 4)), "w_x": jnp.ones((3, 4))}, jnp.zeros(4), jnp.ones((5, 3)))
""",
        exception="TypeError", kind="shape-mismatch", line=8,
        operands=(("params['w_x']", "f32[3,4]"), ("x", "f32[3]")),
        arguments=("params['w_x']", "xs"),
        fix="h = jnp.tanh(params['w_h'] @ h + params['w_x'].T @ x)",
        note="x is a scan body parameter: its argument is the sequence xs it is sliced from",
    ),
    ShapeCase(
        id="docs-shape-poly-matmul-of-itself",
        source=SHAPE_POLY + "#errors-in-presence-of-shape-polymorphism",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax import export

def gram(x):
    return jnp.matmul(x, x)

v, = export.symbolic_shape("v,")
export.export(jax.jit(gram))(jax.ShapeDtypeStruct((v, 4), dtype=np.int32))
""",
        exception="TypeError", kind="shape-mismatch", line=7,
        operands=(("x", "i32[v,4]"), ("x", "i32[v,4]")),
        arguments=("x",),
        fix=None,
        note="x @ x.T and x.T @ x both fit: the shapes cannot tell which was meant (the docs make x (v, v))",
    ),
    ShapeCase(
        id="docs-einsum-label-sizes",
        source=DOCS + "_autosummary/jax.numpy.einsum.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def project(a, b):
    return jnp.einsum("ij,jk->ik", a, b)

project(jnp.ones((2, 3)), jnp.ones((4, 5)))
""",
        exception="ValueError", kind="shape-mismatch", line=6,
        operands=(("a", "f32[2,3]"), ("b", "f32[4,5]")),
        arguments=("a", "b"),
        fix=None,
    ),
    # --- broadcasting ---
    ShapeCase(
        id="gh-12305-add-per-row-vector",
        source=ISSUE + "12305",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def center(x, y):
    return x + y

center(jnp.ones((2, 4)), jnp.ones((2,)))
""",
        exception="ValueError", kind="shape-mismatch", line=6,
        operands=(("x", "f32[2,4]"), ("y", "f32[2]")),
        arguments=("x", "y"),
        fix="return x + y[:, None]",
        note="y has one value per row: only y[:, None] broadcasts to (2, 4)",
    ),
    ShapeCase(
        id="gh-12305-axis-ambiguous",
        source=ISSUE + "12305",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def scale(x, s):
    return x * s

scale(jnp.ones((4, 4, 3)), jnp.ones(4))
""",
        exception="ValueError", kind="shape-mismatch", line=6,
        operands=(("x", "f32[4,4,3]"), ("s", "f32[4]")),
        arguments=("x", "s"),
        fix=None,
        note="s could line up with axis 0 (s[:, None, None]) or axis 1 (s[:, None]): no certain fix",
    ),
    ShapeCase(
        id="docs-lax-add-needs-equal-ranks",
        source=DOCS + "notebooks/thinking_in_jax.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def shift(x, b):
    return lax.add(x, b)

shift(jnp.ones((8, 3)), jnp.ones(3))
""",
        exception="TypeError", kind="shape-mismatch", line=7,
        operands=(("x", "f32[8,3]"), ("b", "f32[3]")),
        arguments=("x", "b"),
        fix="return lax.add(x, b[None])",
        note="lax does not add leading axes itself (jnp does); b[None] is (1, 3)",
    ),
    ShapeCase(
        id="docs-shape-poly-add-symbol-and-four",
        source=SHAPE_POLY + "#errors-in-presence-of-shape-polymorphism",
        code="""\
import jax
import numpy as np
from jax import export

def add(x, y):
    return x + y

v, = export.symbolic_shape("v,")
export.export(jax.jit(add))(jax.ShapeDtypeStruct((v,), dtype=np.int32), jax.ShapeDtypeStruct((4,), dtype=np.int32))
""",
        exception="TypeError", kind="shape-mismatch", line=6,
        operands=(("x", "i32[v]"), ("y", "i32[4]")),
        arguments=("x", "y"),
        fix=None,
    ),
    ShapeCase(
        id="docs-at-set-row-of-wrong-length",
        source=DOCS + "_autosummary/jax.numpy.ndarray.at.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def put_row(m, row):
    return m.at[0].set(row)

put_row(jnp.zeros((3, 4)), jnp.ones(3))
""",
        exception="ValueError", kind="shape-mismatch", line=6,
        operands=(("row", "f32[3]"),),
        arguments=("row",),
        fix=None,
    ),
    # --- reshape, concatenate, stack ---
    ShapeCase(
        id="gh-1629-reshape-to-image",
        source=ISSUE + "1629",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def to_image(X):
    r = X.shape[0]
    return jnp.reshape(X, (r, 3, 3), order="F")

to_image(jnp.ones((6, 4)))
""",
        exception="TypeError", kind="shape-mismatch", line=7,
        operands=(("X", "f32[6,4]"),),
        arguments=("X",),
        fix=None,
        note="24 elements cannot fill (6, 3, 3); which axis is wrong cannot be told from the shapes",
    ),
    ShapeCase(
        id="docs-concatenate-features-default-axis",
        source=DOCS + "_autosummary/jax.numpy.concatenate.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def features(x, h):
    return jnp.concatenate([x, h])

features(jnp.ones((8, 3)), jnp.ones((8, 4)))
""",
        exception="TypeError", kind="shape-mismatch", line=6,
        operands=(("x", "f32[8,3]"), ("h", "f32[8,4]")),
        arguments=("x", "h"),
        fix="return jnp.concatenate([x, h], axis=1)",
    ),
    ShapeCase(
        id="docs-stack-different-lengths",
        source=DOCS + "_autosummary/jax.numpy.stack.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def pair(a, b):
    return jnp.stack([a, b])

pair(jnp.ones(3), jnp.ones(4))
""",
        exception="ValueError", kind="shape-mismatch", line=6,
        operands=(("a", "f32[3]"), ("b", "f32[4]")),
        arguments=("a", "b"),
        fix=None,
    ),
    # --- loops and branches ---
    ShapeCase(
        id="docs-scan-carry-grows",
        source=DOCS + "control-flow.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def running(history, xs):
    def step(carry, x):
        carry = jnp.append(carry, x)
        return carry, x
    return lax.scan(step, history, xs)

running(jnp.zeros(3), jnp.ones(5))
""",
        exception="TypeError", kind="shape-mismatch", line=10,
        operands=(("history", "f32[3]"), ("carry", "f32[4]")),
        arguments=("history", "xs"),
        fix=None,
        note="a carry must keep its shape; growing it needs a preallocated buffer, not a certain edit",
    ),
    ShapeCase(
        id="docs-scan-integer-start-float-body",
        source=DOCS + "_autosummary/jax.lax.scan.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def total(xs):
    def step(acc, x):
        return acc + x, None
    acc, _ = lax.scan(step, jnp.int32(0), xs)
    return acc

total(jnp.linspace(0.0, 1.0, 5))
""",
        exception="TypeError", kind="shape-mismatch", line=9,
        operands=(("jnp.int32(0)", "i32[]"), ("acc + x", "f32[]")),
        arguments=("xs",),
        fix="acc, _ = lax.scan(step, jnp.int32(0).astype(jnp.float32), xs)",
    ),
    ShapeCase(
        id="gh-833-fori-loop-carry-dtype",
        source=ISSUE + "833",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def cumulative(xs):
    return lax.fori_loop(0, xs.shape[0], lambda i, acc: acc + xs[i], jnp.zeros((), jnp.int32))

cumulative(jnp.ones(4))
""",
        exception="TypeError", kind="shape-mismatch", line=7,
        operands=(("jnp.zeros((), jnp.int32)", "i32[]"), ("acc + xs[i]", "f32[]")),
        arguments=("xs",),
        fix="return lax.fori_loop(0, xs.shape[0], lambda i, acc: acc + xs[i], "
            "jnp.zeros((), jnp.int32).astype(jnp.float32))",
    ),
    ShapeCase(
        id="docs-cond-branches-of-two-lengths",
        source=DOCS + "_autosummary/jax.lax.cond.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def keep_or_trim(pred, x):
    return lax.cond(pred, lambda v: v, lambda v: v[:2], x)

keep_or_trim(True, jnp.ones(3))
""",
        exception="TypeError", kind="shape-mismatch", line=7,
        operands=(("v", "f32[3]"), ("v[:2]", "f32[2]")),
        arguments=("x",),
        fix=None,
    ),
    ShapeCase(
        id="docs-switch-branches-of-two-dtypes",
        source=DOCS + "_autosummary/jax.lax.switch.html",
        code="""\
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def summary(i, x):
    return lax.switch(i, [lambda v: v.sum(), lambda v: v.argmax()], x)

summary(1, jnp.ones(3))
""",
        exception="TypeError", kind="shape-mismatch", line=7,
        operands=(("v.sum()", "f32[]"), ("v.argmax()", "i32[]")),
        arguments=("x",),
        fix=None,
    ),
    # --- vmap's axes ---
    ShapeCase(
        id="gh-705-vmap-axes-of-two-sizes",
        source=ISSUE + "705",
        code="""\
import jax
import jax.numpy as jnp

def h(a, b):
    return jnp.sum(a) + jnp.sum(b)

@jax.jit
def both(X, U):
    return jax.vmap(h, in_axes=(0, 1))(X, U)

both(jnp.ones((10, 4)), jnp.ones((10, 2)))
""",
        exception="ValueError", kind="shape-mismatch", line=9,
        operands=(("X", "f32[10,4]"), ("U", "f32[10,2]")),
        arguments=("X", "U"),
        fix=None,
    ),
    ShapeCase(
        id="docs-vmap-unbatched-kernel",
        source=DOCS + "automatic-vectorization.html",
        code="""\
import jax
import jax.numpy as jnp

def convolve(x, w):
    output = []
    for i in range(1, len(x) - 1):
        output.append(jnp.dot(x[i - 1:i + 2], w))
    return jnp.array(output)

@jax.jit
def batch_convolve(xs, w):
    return jax.vmap(convolve)(xs, w)

batch_convolve(jnp.ones((2, 5)), jnp.ones(3))
""",
        exception="ValueError", kind="shape-mismatch", line=12,
        operands=(("xs", "f32[2,5]"), ("w", "f32[3]")),
        arguments=("xs", "w"),
        fix=None,
        note="the docs' answer, in_axes=(0, None), is a choice the shapes cannot make",
    ),
    # --- derivatives ---
    ShapeCase(
        id="pr-28757-custom-vjp-bwd-shape",
        source=PULL + "28757",
        code="""\
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return x

def f_fwd(x):
    return x, ()

def f_bwd(_, g):
    return jnp.ones((10,), g.dtype),

f.defvjp(f_fwd, f_bwd)
jax.grad(f)(3.14)
""",
        exception="ValueError", kind="shape-mismatch", line=15,
        operands=(), arguments=(), fix=None,
        note="JAX raises after the bwd rule returned: the line is the grad call",
    ),
    ShapeCase(
        id="docs-grad-of-a-vector-output",
        source=DOCS + "notebooks/autodiff_cookbook.html",
        code="""\
import jax
import jax.numpy as jnp

@jax.jit
def slope(x):
    return jax.grad(lambda v: v ** 2)(x)

slope(jnp.ones(3))
""",
        exception="TypeError", kind="shape-mismatch", line=6,
        operands=(), arguments=("x",), fix=None,
        note="grad needs a scalar output; sum() or jax.jacobian are choices, not a certain fix",
    ),
    # --- symbolic dimensions ---
    ShapeCase(
        id="docs-shape-poly-inconclusive-comparison",
        source=SHAPE_POLY + "#comparison-of-symbolic-dimensions-is-partially-supported",
        code="""\
import jax
import numpy as np
from jax import export

def pick(x):
    if x.shape[0] + 1 >= x.shape[1]:
        return x
    return x.T

export.export(jax.jit(pick))(jax.ShapeDtypeStruct(export.symbolic_shape("a, b"), dtype=np.int32))
""",
        exception="InconclusiveDimensionOperation", kind="symbolic-dimension", line=6,
        operands=(("x", "i32[a,b]"),), arguments=("x",), fix=None,
    ),
    ShapeCase(
        id="docs-shape-poly-reshape-uneven",
        source=SHAPE_POLY + "#division-of-symbolic-dimensions-is-partially-supported",
        code="""\
import jax
import numpy as np
from jax import export

def halves(x):
    return x.reshape((2, -1))

b, = export.symbolic_shape("b")
export.export(jax.jit(halves))(jax.ShapeDtypeStruct((b,), dtype=np.int32))
""",
        exception="InconclusiveDimensionOperation", kind="symbolic-dimension", line=6,
        operands=(("x", "i32[b]"),), arguments=("x",), fix=None,
    ),
    ShapeCase(
        id="docs-shape-poly-builtin-max",
        source=SHAPE_POLY + "#comparison-of-symbolic-dimensions-is-partially-supported",
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax import export

def padded(x):
    return jnp.zeros(max(x.shape[0], 4))

export.export(jax.jit(padded))(jax.ShapeDtypeStruct(export.symbolic_shape("b"), dtype=np.float32))
""",
        exception="InconclusiveDimensionOperation", kind="symbolic-dimension", line=7,
        operands=(("x", "f32[b]"),), arguments=("x",), fix=None,
        note="the docs suggest core.max_dim, which delays the comparison until shapes are known",
    ),
    ShapeCase(
        id="docs-shape-poly-slice-by-modulo",
        source=SHAPE_POLY + "#user-specified-symbolic-constraints",
        code="""\
import jax
import numpy as np
from jax import export, lax

def head(x):
    return lax.slice_in_dim(x, 0, x.shape[0] % 3)

b, = export.symbolic_shape("b")
export.export(jax.jit(head))(jax.ShapeDtypeStruct((b,), dtype=np.int32))
""",
        exception="InconclusiveDimensionOperation", kind="symbolic-dimension", line=6,
        operands=(("x", "i32[b]"),), arguments=("x",), fix=None,
    ),
    # --- a jaxpr's types ---
    ShapeCase(
        id="docs-interpreter-retyped-equation",
        source=DOCS + "notebooks/Writing_custom_interpreters_in_Jax.html",
        code="""\
import jax
import jax.numpy as jnp
from jax.extend import core

check_jaxpr = getattr(core, "check_jaxpr", None) or jax.core.check_jaxpr  # jax.extend.core's since 0.9

def f(x):
    return jnp.exp(x) + 1.0

closed = jax.make_jaxpr(f)(jnp.ones(3))
closed.jaxpr.eqns[0].outvars[0].aval = jax.core.ShapedArray((), jnp.float32)
check_jaxpr(closed.jaxpr)
""",
        exception="JaxprTypeError", kind="jaxpr-type", line=12,
        operands=(), arguments=(), fix=None,
        note="an interpreter that rewrites equations must keep each variable's type",
    ),
]
