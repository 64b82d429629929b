"""Hypothesis strategies for small jitted programs: mutations of real tracing-error shapes, plus ordinary
errors and valid code.

Each drawn :class:`Program` is a notebook cell's worth of source defining one function ``{name}``, the
arguments to call it with, its static argument names, and the family it came from. Whether it fails, and
how, is not predicted here: the fuzz test runs it under plain ``jax.jit`` for the reference answer.

The families are my own reductions of the shapes in ``explain_corpus.py`` (conditions, loops, shapes,
indexing, leaks, statics, pytrees, nesting), each mutated in names (ASCII and not), constants,
comparisons, reductions, argument kinds and shapes.
"""
from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

NAMES = ("x", "y", "values", "batch", "données", "θ", "w_1", "scale")
REDUCE = ("sum", "max", "mean", "min")
COMPARE = (">", "<", ">=", "!=")
SHAPES = ((), (3,), (2, 3), (4,))


@dataclasses.dataclass(frozen=True)
class Program:
    family: str
    source: str  # defines the function; no call
    call: str  # the calling expression, e.g. ``f(x_in, n=2)``
    inputs: dict  # names the call uses -> how to build them (python source)
    static: tuple[str, ...] = ()

    def cell(self, options: str = "") -> str:
        head = "%%jittrace" + (f" --static-argnames {','.join(self.static)}" if self.static else "") + options
        return f"{head}\n{self.source}\n{self.call}"


@st.composite
def programs(draw: st.DrawFn, name: str) -> Program:
    family = draw(st.sampled_from(FAMILIES))
    return draw(_BUILDERS[family](name))


def _array(shape: tuple, dtype: str) -> str:
    return f"jnp.arange({max(1, _size(shape))}, dtype=jnp.{dtype}).reshape({shape!r}) + 1"


def _size(shape: tuple) -> int:
    size = 1
    for n in shape:
        size *= n
    return size


def _arg(draw: st.DrawFn, avoid: tuple = ()) -> str:
    return draw(st.sampled_from([n for n in NAMES if n not in avoid]))


def _input(draw: st.DrawFn) -> str:
    shape = draw(st.sampled_from(SHAPES))
    dtype = draw(st.sampled_from(("float32", "int32")))
    return _array(shape, dtype)


def _one_argument(draw: st.DrawFn, family: str, name: str, x: str, bodies: dict[str, str], shape: tuple,
                  dtype: str = "float32") -> Program:
    """One of ``bodies`` (drawn) as the body of ``name(x)``, called on one array."""
    body = bodies[draw(st.sampled_from(sorted(bodies)))]
    return Program(family, f"def {name}({x}):\n{body}", f"{name}(x_in)", {"x_in": _array(shape, dtype)})


@st.composite
def _condition(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw)
    reduce, op = draw(st.sampled_from(REDUCE)), draw(st.sampled_from(COMPARE))
    c = draw(st.integers(-3, 3))
    fixed = draw(st.booleans())  # the array-level form: valid code
    if fixed:
        body = f"    return jnp.where({x}.{reduce}() {op} {c}, {x} * 2, -{x})\n"
    else:
        logic = draw(st.sampled_from(("plain", "and", "not")))
        test = {"plain": f"{x}.{reduce}() {op} {c}", "and": f"{x}.{reduce}() {op} {c} and {x}.sum() != 0",
                "not": f"not {x}.{reduce}() {op} {c}"}[logic]
        body = f"    if {test}:\n        return {x} * 2\n    return -{x}\n"
    return Program("condition", f"def {name}({x}):\n{body}", f"{name}(x_in)", {"x_in": _input(draw)})


@st.composite
def _loop(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw, ("n",))
    c = draw(st.integers(1, 20))
    kind = draw(st.sampled_from(("while-traced", "for-static", "for-traced-range", "fori")))
    if kind == "while-traced":
        body = f"    while {x}.sum() < {c}:\n        {x} = {x} + 1\n    return {x}\n"
        return Program("loop", f"def {name}({x}):\n{body}", f"{name}(x_in)", {"x_in": _input(draw)})
    if kind == "fori":
        body = f"    return jax.lax.fori_loop(0, {c % 5 + 1}, lambda i, v: v + i, {x})\n"
        return Program("loop", f"def {name}({x}):\n{body}", f"{name}(x_in)", {"x_in": _input(draw)})
    body = f"    for i in range(n):\n        {x} = {x} * 2 + i\n    return {x}\n"
    static = ("n",) if kind == "for-static" else ()
    return Program("loop", f"def {name}({x}, n):\n{body}", f"{name}(x_in, n={c % 4 + 1})", {"x_in": _input(draw)},
                   static)


@st.composite
def _shape(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw)
    k = draw(st.integers(1, 3))
    bodies = {
        "zeros-of-value": f"    return jnp.zeros(int({x}.sum()))\n",
        "zeros-of-shape": f"    return jnp.zeros({x}.shape[0] * {k}) + {x}.sum()\n",
        "arange-traced": f"    return jnp.arange({x}.max())\n",
        "reshape-static": f"    return {x}.reshape(-1)[:{k}]\n",
    }
    shape = draw(st.sampled_from(((3,), (4,), (2, 3))))
    return _one_argument(draw, "shape", name, x, bodies, shape, draw(st.sampled_from(("float32", "int32"))))


@st.composite
def _indexing(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw, ("i",))
    c = draw(st.integers(-2, 4))
    kind = draw(st.sampled_from(("boolean-mask", "where", "int-of-tracer", "dynamic-index")))
    body = {
        "boolean-mask": f"    return {x}[{x} > {c}].sum()\n",
        "where": f"    return jnp.where({x} > {c}, {x}, 0).sum()\n",
        "int-of-tracer": f"    return {x}[int(i)]\n",
        "dynamic-index": f"    return {x}[i]\n",
    }[kind]
    shape = draw(st.sampled_from(((3,), (5,))))
    return Program("indexing", f"def {name}({x}, i):\n" + body, f"{name}(x_in, jnp.int32({c % 3}))", {"x_in": _array(shape, "float32")})


@st.composite
def _leak(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw)
    store = draw(st.sampled_from(("list", "attr", "global")))
    keep = {"list": f"    KEPT_{name}.append({x})\n", "attr": f"    HOLDER_{name}.value = {x}\n",
            "global": f"    global LAST_{name}\n    LAST_{name} = {x}\n"}[store]
    used = {"list": f"KEPT_{name}[-1]", "attr": f"HOLDER_{name}.value", "global": f"LAST_{name}"}[store]
    setup = {"list": f"KEPT_{name} = []\n", "attr": f"class _Holder_{name}:\n    value = None\nHOLDER_{name} = _Holder_{name}()\n",
             "global": f"LAST_{name} = None\n"}[store]
    source = f"{setup}def {name}({x}):\n{keep}    return {x} + 1\n"
    return Program("leak", source, f"{name}(x_in)\n{name}(x_in + 1)\n{used} * 2", {"x_in": _input(draw)})


@st.composite
def _statics(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw, ("cfg",))
    kind = draw(st.sampled_from(("unhashable", "hashable", "branch-on-static", "traced-config")))
    if kind == "unhashable":
        return Program("statics", f"def {name}({x}, cfg):\n    return {x} * len(cfg)\n", f"{name}(x_in, cfg=[1, 2])",
                       {"x_in": _input(draw)}, ("cfg",))
    if kind == "hashable":
        return Program("statics", f"def {name}({x}, cfg):\n    return {x} * len(cfg)\n", f"{name}(x_in, cfg=(1, 2))",
                       {"x_in": _input(draw)}, ("cfg",))
    body = f"    if cfg > 1:\n        return {x} * cfg\n    return {x}\n"
    static = ("cfg",) if kind == "branch-on-static" else ()
    value = draw(st.integers(0, 3))
    return Program("statics", f"def {name}({x}, cfg):\n{body}", f"{name}(x_in, cfg={value})",
                   {"x_in": _input(draw)}, static)


@st.composite
def _pytree(draw: st.DrawFn, name: str) -> Program:
    key = draw(st.sampled_from(("w", "bias", "n", "mask")))
    reduce = draw(st.sampled_from(REDUCE))
    kind = draw(st.sampled_from(("branch-on-leaf", "arith", "shape-from-leaf")))
    body = {
        "branch-on-leaf": f"    if p['{key}'].{reduce}() > 0:\n        return p['x'] * 2\n    return p['x']\n",
        "arith": f"    return p['x'] * p['{key}'].{reduce}()\n",
        "shape-from-leaf": f"    return jnp.ones(p['{key}'].sum().astype(int))\n",
    }[kind]
    return Program("pytree", f"def {name}(p):\n{body}", f"{name}({{'x': x_in, '{key}': y_in}})",
                   {"x_in": _input(draw), "y_in": _array((3,), "int32")})


@st.composite
def _nesting(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw)
    bodies = {
        "vmap-if": f"    def one(v):\n        if v > 0:\n            return v\n        return -v\n    return jax.vmap(one)({x})\n",
        "cond-ok": f"    return jax.lax.cond({x}.sum() > 0, lambda v: v * 2, lambda v: -v, {x})\n",
        "inner-jit-if": f"    @jax.jit\n    def inner(v):\n        if v.sum() > 0:\n            return v\n        return -v\n    return inner({x})\n",
        "scan-if": f"    def step(c, v):\n        if v > 0:\n            return c + v, v\n        return c, v\n    return jax.lax.scan(step, 0.0, {x})[0]\n",
        "grad-if": f"    def loss(v):\n        if v.sum() > 0:\n            return (v ** 2).sum()\n        return v.sum()\n    return jax.grad(loss)({x})\n",
    }
    return _one_argument(draw, "nesting", name, x, bodies, draw(st.sampled_from(((3,), (4,)))))


@st.composite
def _ordinary(draw: st.DrawFn, name: str) -> Program:
    x = _arg(draw)
    bodies = {
        "zero-division": f"    return {x} / (1 // 0)\n",
        "name-error": f"    return {x} + undefined_thing_{name}\n",
        "shape-mismatch": f"    return {x} @ jnp.ones((7, 2))\n",
        "user-raise": f"    raise ValueError('bad input for {name}')\n",
        "attribute": f"    return {x}.no_such_method()\n",
    }
    return _one_argument(draw, "ordinary", name, x, bodies, (3,))


@st.composite
def _valid(draw: st.DrawFn, name: str) -> Program:
    x, y = _arg(draw), "other"
    ops = draw(st.lists(st.sampled_from(("jnp.sin({})", "{} * 2", "{} + 1", "jnp.tanh({})", "{} ** 2", "-{}")),
                        min_size=1, max_size=5))
    expr = x
    for op in ops:
        expr = op.format(f"({expr})")
    keyword = draw(st.booleans())
    call = f"{name}(x_in, other=x_in)" if keyword else f"{name}(x_in, x_in)"
    return Program("valid", f"def {name}({x}, {y}):\n    return {expr} + {y}.sum()\n", call, {"x_in": _input(draw)})


_BUILDERS = {
    "condition": _condition, "loop": _loop, "shape": _shape, "indexing": _indexing, "leak": _leak,
    "statics": _statics, "pytree": _pytree, "nesting": _nesting, "ordinary": _ordinary, "valid": _valid,
}
FAMILIES = tuple(_BUILDERS)
