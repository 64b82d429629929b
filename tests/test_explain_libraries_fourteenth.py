"""Issue 26, twelfth round: reductions of the patterns the seventeenth held-out set missed, each my own.

- A library's own array type (phiml's ``Tensor``) refusing ``bool()`` of the tracer it wraps with an error of
  its own (an ``AssertionError`` from ``Tensor.__bool__``): a truth-value error like JAX's, and the select is the
  library's own ``where`` (``math.where``), since ``jnp.where`` does not take the library's arrays.
- A library's jit that traces the arrays it takes out of its own objects (phiml's ``jit_compile`` traces
  ``natives[0]``, ``natives[1]``): the argument is the user's parameter whose object holds the traced input,
  found by identity, never ``natives[0]``.
- A pytree base class with its own ``static_field()`` (simple_pytree's ``Pytree``), whose objects record which
  of their fields are static: the field's declaration made static the library's way, the object rebuilt by its
  own ``__init__`` for the try.
- A count a library makes a Python int of while it builds a shape (phiml's ``size = int(size)``): a traced
  shape, as JAX's own refusal of a traced size is.
- A ``vmap`` sweep over a few float settings that a library's jit holds static (rockpool's adversarial loss and
  its ``mismatch_level``): a Python loop over the values, each call jitted with the value static.
- ``if`` with an early return of a whole state object in a ``scan`` step: ``jnp.where`` leaf by leaf with
  ``jax.tree.map``, since ``jnp.where`` takes arrays only.
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np
import pytest
from corpus_harness import as_in_a_kernel, as_in_a_script, fix_case, install_library, run_case

PHIML_BOOL = "https://github.com/tum-pbs/PhiML"  # docs, Limitations: Tensor.__bool__ asks for Tensor.all
PHIML_JIT = "https://github.com/tum-pbs/PhiML"  # docs, JIT compilation: jit_compile traces the tensors' natives
SIMPLE_PYTREE_STATIC = "https://github.com/cgarciae/simple-pytree"  # README: static_field()
SIMPLE_PYTREE_SCAN = "https://github.com/cgarciae/simple-pytree"  # README: dataclass states, replace()
PHIML_SHAPE = "https://github.com/tum-pbs/PhiML"  # docs, Shapes: spatial(x=n) sizes are Python ints
ROCKPOOL_LEVEL = "https://rockpool.ai/"  # training.adversarial_jax: mismatch_level is a static argument

FOURTEENTHLIB = '''
import dataclasses
import functools

import jax
import jax.numpy as jnp


def _native(value):
    return value._native if isinstance(value, Tensor) else value


class Tensor:
    """The library's own array: a JAX array inside, not a pytree JAX can read."""

    def __init__(self, native):
        self._native = native

    def __gt__(self, other):
        return Tensor(self._native > _native(other))

    def __truediv__(self, other):
        return Tensor(self._native / _native(other))

    def __mul__(self, other):
        return Tensor(self._native * _native(other))

    def __bool__(self):
        raise AssertionError("a Tensor has no single truth value; reduce it with Tensor.all")


def max(value):
    return Tensor(jnp.max(value._native))


def where(condition, a, b):
    return Tensor(jnp.where(_native(condition), _native(a), _native(b)))


def jit_compile(f):
    """Jit ``f`` of Tensors: JAX traces the arrays taken out of them."""
    def native(*natives):
        return f(*[Tensor(n) for n in natives])._native

    native.__name__ = f"native({f.__name__})"
    jitted = jax.jit(native)
    return lambda *tensors: Tensor(jitted(*[t._native for t in tensors]))


def static_field(**options):
    return dataclasses.field(metadata={"static": True}, **options)


def _flatten_with_keys(obj):
    data = [(jax.tree_util.GetAttrKey(f.name), getattr(obj, f.name)) for f in dataclasses.fields(obj)
            if f.name not in obj._static]
    return data, (type(obj), tuple((name, getattr(obj, name)) for name in obj._static))


def _flatten(obj):
    data, aux = _flatten_with_keys(obj)
    return [value for _, value in data], aux


def _unflatten(aux, children):
    cls, static = aux
    obj = object.__new__(cls)
    data = [f.name for f in dataclasses.fields(cls) if f.name not in dict(static)]
    for name, value in [*zip(data, children), *static]:
        object.__setattr__(obj, name, value)
    object.__setattr__(obj, "_static", tuple(name for name, _ in static))
    return obj


def zeros(cells):
    """A grid of ``cells`` zeros; the count made a Python int first (as phiml builds a shape)."""
    size = int(cells)
    return Tensor(jnp.zeros(size))


@functools.partial(jax.jit, static_argnames="level")
def perturbed_loss(w, level):
    """A loss at a mismatch level the library holds static (as rockpool's adversarial loss does)."""
    return jnp.sum((w * (1.0 + level)) ** 2)


class Pytree:
    """Dataclass subclasses are pytrees; each object records its static fields (as simple_pytree's do)."""

    def __init_subclass__(cls, **options):
        super().__init_subclass__(**options)
        jax.tree_util.register_pytree_with_keys(cls, _flatten_with_keys, _unflatten, _flatten)

    def __post_init__(self):
        object.__setattr__(self, "_static", tuple(f.name for f in dataclasses.fields(self) if f.metadata.get("static")))
'''


@pytest.fixture
def fourteenthlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "fourteenthlib_cases", FOURTEENTHLIB)
    yield


TENSOR_CELL = """\
import jax.numpy as jnp
import fourteenthlib_cases as tl

@tl.jit_compile
def relax(u, dt):
    peak = tl.max(u)
    if peak > 1.0:
        u = u / peak
    return u * dt

relax(tl.Tensor(jnp.linspace(0.0, 3.0, 8)), tl.Tensor(jnp.asarray(0.1)))
"""


@pytest.mark.parametrize("kernel", [False, True], ids=["script", "kernel"])
def test_a_librarys_own_array_refusing_bool_is_explained_with_its_own_where(fourteenthlib, tmp_path, kernel):
    case = fix_case("fourteen-tensor-bool", PHIML_BOOL, TENSOR_CELL, "bool-conversion", "u", 7, "jnp.where")
    with as_in_a_kernel() if kernel else as_in_a_script():
        found = run_case(case, tmp_path).explanation
    # the library's AssertionError is a truth-value error, on the user's line; the argument is the parameter
    # whose Tensor holds the traced input (natives[0], read by identity), never the wrapper's own name
    assert (found.kind, found.argument, found.lineno) == ("bool-conversion", "u", 7)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
    assert top.code.strip() == "u = tl.where(peak > 1.0, u / peak, u)"  # the library's where: jnp's refuses Tensors
    namespace: dict = {}
    exec(TENSOR_CELL.replace("    if peak > 1.0:\n        u = u / peak\n", f"    {top.code.strip()}\n").rsplit("\n", 2)[0],
         namespace)
    out = namespace["relax"](namespace["tl"].Tensor(jnp.linspace(0.0, 3.0, 8)), namespace["tl"].Tensor(jnp.asarray(0.1)))
    np.testing.assert_allclose(out._native, np.linspace(0.0, 3.0, 8) / 3.0 * 0.1, rtol=1e-6)


POLY_CELL = """\
import jax
import jax.numpy as jnp
from dataclasses import dataclass
import fourteenthlib_cases as tl

@dataclass
class Poly(tl.Pytree):
    coeffs: jax.Array
    degree: int

@jax.jit
def evaluate(poly, x):
    return sum(poly.coeffs[i] * x ** i for i in range(poly.degree + 1))

evaluate(Poly(jnp.ones(3), 2), jnp.linspace(0.0, 1.0, 5))
"""


def test_a_field_is_made_static_with_the_librarys_own_static_field(fourteenthlib, tmp_path):
    case = fix_case("fourteen-static-field", SIMPLE_PYTREE_STATIC, POLY_CELL, "integer-conversion", "poly", 13,
                    "static")
    found = run_case(case, tmp_path).explanation
    assert (found.argument, found.lineno) == ("poly", 13)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "degree: int = tl.static_field()" in top.code  # the library's way, as the cell imports it


STATE_CELL = """\
import jax
import jax.numpy as jnp
from dataclasses import dataclass

@dataclass
class State:
    t: jax.Array
    x: jax.Array

jax.tree_util.register_dataclass(State, data_fields=["t", "x"], meta_fields=[])

def step(state, _):
    if state.t >= 1.0:
        return state, state.x
    new = State(state.t + 0.1, state.x * 0.9)
    return new, new.x

final, xs = jax.lax.scan(step, State(jnp.array(0.0), jnp.ones(2)), None, length=20)
"""


def test_an_early_return_of_a_state_object_selects_leaf_by_leaf(tmp_path):
    case = fix_case("fourteen-state-where", SIMPLE_PYTREE_SCAN, STATE_CELL, "bool-conversion", "state", 13,
                    "jnp.where")
    found = run_case(case, tmp_path).explanation
    assert (found.argument, found.lineno) == ("state", 13)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
    assert "jax.tree.map(lambda u, v: jnp.where(early, u, v), state, new)" in top.code
    assert "jnp.where(early, state.x, new.x)" in top.code  # an array stays a plain jnp.where


SWEEP_CELL = """\
import jax
import jax.numpy as jnp
import fourteenthlib_cases as tl

w = jnp.ones(3)

def robust_loss(level):
    return tl.perturbed_loss(w, level=level)

losses = jax.vmap(robust_loss)(jnp.array([0.01, 0.05, 0.1]))
"""


def test_a_vmap_over_a_few_float_settings_a_library_holds_static_becomes_a_loop(fourteenthlib, tmp_path):
    case = fix_case("fourteen-float-sweep", ROCKPOOL_LEVEL, SWEEP_CELL, "traced-shape", "level", 8, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.argument, found.lineno) == ("level", 8)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "jax.jit(robust_loss, static_argnums=0)" in top.code and ".tolist()" in top.code
    namespace: dict = {}
    exec(compile("\n".join([*SWEEP_CELL.splitlines()[:-1], top.code]), "<pasted>", "exec"), namespace)
    values = [namespace["tl"].perturbed_loss(jnp.ones(3), level=v) for v in (0.01, 0.05, 0.1)]
    np.testing.assert_allclose(namespace["losses"], np.stack(values), rtol=1e-6)  # stacked as vmap stacked them


SIZE_CELL = """\
import jax
import jax.numpy as jnp
import fourteenthlib_cases as tl

@jax.jit
def upsample(u, factor):
    return tl.zeros(u.shape[0] * factor)._native

upsample(jnp.ones(4), 2)
"""


def test_a_count_a_library_makes_an_int_of_for_a_shape_is_a_traced_shape(fourteenthlib, tmp_path):
    case = fix_case("fourteen-library-size", PHIML_SHAPE, SIZE_CELL, "traced-shape", "factor", 7, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "factor", 7)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "static_argnames='factor'" in top.code
