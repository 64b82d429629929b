"""Issue 26, thirty-ninth round: patterns of the forty-seventh held-out set (kymatio, cotengra, pyfixest; deepmd-kit,
pybamm, etils), each a reduction of its own.

- an object of a library's NumPy flavour called in the jitted function, where the library ships the same class
  for JAX in its ``jax`` module (kymatio's ``Scattering1D`` and ``kymatio.jax.Scattering1D``): the object made
  with that class, tried by tracing the function again with it;
- a list of NumPy arrays handed to a library that picks its backend from its operands, with a traced index
  (cotengra's ``tree.contract_slice(arrays, i)`` in a ``fori_loop``): the list handed over as JAX arrays;
- an object with a ``shape`` and a ``dtype`` that is no JAX type (etils' ``ArraySpec``) is never said to trace
  when passed traced: ``.trace`` takes it as the array it describes, a call refuses it; a list of them marked
  static, made by ``list(...)`` in the call, is made a tuple there (in a shell too, where the hook reads the call
  back: a plain dict's ``values()`` only reads it);
- a function whose decorator keeps state on it (etils' ``check_and_normalize_arrays``): the copies a fix is
  tried on keep it, so the try says whether the fix works;
- a JAX array handed unchanged to a library function that is JAX code itself and converts that one argument with
  NumPy (pybamm's ``jax_bdf_integrate(..., mass=mass)``): bound as a constant of the trace, first, and the whole
  call kept jitted;
- a boolean mask made in the jitted function from constants through ``jnp`` (a mask of kymatio's ``meta()``):
  made with NumPy, it selects as it does outside jit, before ``jnp.where``, which would change the result;
- a method of a global object called in a lambda on the lambda's own parameter (``etree.map(lambda g:
  norms.append(...), grads)``): no code that calls it outside, where that parameter does not exist;
- a value's rewrite on a loss's last lines, after a model whose trace takes long (deepmd-kit's energy and forces,
  then ``np.linalg.norm`` of the forces): tried from the failing line on, with the shapes and dtypes the
  function's values had there, not left untried when the whole function's trace runs past the time for tries
  (the try itself tested here; when it is made depends on the time the machine takes).
"""
from __future__ import annotations

import sys
import types
from pathlib import Path

from corpus_harness import explained_cell, install_library, tried

KYMATIO_FRONTENDS = "https://www.kymat.io/userguide.html#frontends"  # kymatio.numpy / kymatio.jax / frontend=

# a reduction of kymatio's frontends: the package's class computes with NumPy, its `jax` module's with jnp
FLAVOURED_LIBRARY = """\
import numpy as np


class Transform:
    def __init__(self, n):
        self.window = np.hanning(n)

    def __call__(self, x):
        return np.abs(np.fft.rfft(np.asarray(x) * self.window))
"""

FLAVOURED_LIBRARY_JAX = """\
import jax.numpy as jnp
import numpy as np


class Transform:
    def __init__(self, n):
        self.window = np.hanning(n)

    def __call__(self, x):
        return jnp.abs(jnp.fft.rfft(x * self.window))
"""

NUMPY_FLAVOUR_IN_JIT = """\
import jax
import jax.numpy as jnp
from flavoured import Transform

S = Transform(n=16)


@jax.jit
def features(x):
    Sx = S(x)
    return jnp.log1p(Sx).mean()


features(jnp.ones(16))
"""

COTENGRA_SLICES = "https://cotengra.readthedocs.io/en/latest/advanced.html#slicing"  # contract_slice(arrays, i)

# a reduction of a library that picks NumPy or jnp from its first operand, then indexes with the slice number
OPERAND_LIBRARY = """\
import jax.numpy as jnp
import numpy as np


def contract_slice(arrays, i):
    backend = np if isinstance(arrays[0], np.ndarray) else jnp
    return backend.take(arrays[0], i) * backend.take(arrays[1], i)
"""

SLICES_IN_FORI_LOOP = """\
import jax
import jax.numpy as jnp
import numpy as np
from operandlib import contract_slice

arrays = [np.arange(4.0), np.ones(4)]


@jax.jit
def sliced_sum():
    def body(i, acc):
        return acc + contract_slice(arrays, i)
    return jax.lax.fori_loop(0, 4, body, 0.0)


sliced_sum()
"""

ETILS_SPECS = "https://github.com/google/etils/tree/main/etils/etree#spec_like"  # ArraySpec: shape and dtype

SPEC_LIBRARY = """\
import dataclasses

import jax


@dataclasses.dataclass(frozen=True)
class ArraySpec:
    shape: tuple
    dtype: object


def spec_like(tree):
    return jax.tree.map(lambda x: ArraySpec(tuple(x.shape), x.dtype), tree)
"""

SPECS_MARKED_STATIC = """\
from functools import partial
import jax
import jax.numpy as jnp
from speclib import spec_like

params = {"w": jnp.ones((3, 4)), "b": jnp.zeros(4)}
specs = spec_like(params)


@partial(jax.jit, static_argnames="shapes")
def zeros_like_specs(shapes):
    return [jnp.zeros(s.shape, s.dtype) for s in shapes]


zeros_like_specs(list(specs.values()))
"""

ETILS_CHECKING = "https://github.com/google/etils/blob/main/etils/enp/checking.py"  # fn._array_types_state

# a reduction of etils' decorator: the state it needs is kept on the decorated function, parsed on first call
STATEFUL_DECORATOR_LIBRARY = """\
import functools
import inspect


def checked(fn):
    fn._signature_state = None

    @functools.wraps(fn)
    def decorated(*args, **kwargs):
        if fn._signature_state is None:
            fn._signature_state = inspect.signature(fn)
        fn._signature_state.bind(*args, **kwargs)
        return fn(*args, **kwargs)

    return decorated
"""

NUMPY_IN_CHECKED_FUNCTION = """\
import jax
import jax.numpy as jnp
import numpy as np
from checklib import checked


@checked
def to_spherical(v):
    r = jnp.linalg.norm(v, axis=-1)
    theta = np.arccos(v[..., 2] / r)
    return jnp.stack([r, theta], axis=-1)


jax.jit(to_spherical)(jnp.array([[1.0, 2.0, 2.0], [0.0, 0.0, 3.0]]))
"""

PYBAMM_MASS = "https://docs.pybamm.org/en/latest/source/api/solvers/jax_bdf_solver.html"  # mass: a NumPy matrix

# a reduction of a JAX solver that builds its mass matrix with NumPy: the matrix must be a constant
MASS_LIBRARY = """\
import jax.numpy as jnp
import numpy as np


def integrate(fun, y0, ts, *args, mass=None):
    m = np.block([[np.asarray(mass)]]) if mass is not None else np.eye(y0.shape[0])
    y = y0
    out = []
    for i in range(1, ts.shape[0]):
        y = y + (ts[i] - ts[i - 1]) * jnp.asarray(m) @ fun(y, ts[i], *args)
        out.append(y)
    return jnp.stack(out)
"""

MASS_ARGUMENT = """\
import jax
import jax.numpy as jnp
import masslib


def rhs(y, t, k):
    return jnp.array([-k * y[0], y[1] - 2.0 * y[0]])


@jax.jit
def solve(k, mass):
    t_eval = jnp.linspace(0.0, 1.0, 6)
    return masslib.integrate(rhs, jnp.array([1.0, 2.0]), t_eval, k, mass=mass)


solve(0.5, jnp.diag(jnp.array([1.0, 0.0])))
"""

KYMATIO_META = "https://www.kymat.io/codereference.html#kymatio.scattering1d.frontend.base_frontend"  # meta()

META_MASK = """\
import jax
import jax.numpy as jnp
import numpy as np

meta = {"order": np.array([0, 1, 1, 2, 2, 2])}


@jax.jit
def first_order(Sx):
    order = jnp.asarray(meta["order"])
    return Sx[order == 1]


first_order(jnp.arange(6.0))
"""

ETILS_MAP = "https://github.com/google/etils/tree/main/etils/etree#map"  # etree.map(fn, tree)

APPEND_IN_LAMBDA = """\
import jax
import jax.numpy as jnp

norms = []


@jax.jit
def step(params):
    grads = jax.grad(lambda p: sum(jnp.sum(v ** 2) for v in p.values()))(params)
    jax.tree.map(lambda g: norms.append(jnp.linalg.norm(g)), grads)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


params = step({"w": jnp.ones(3), "b": jnp.zeros(2)})
jnp.stack(norms)
"""


def test_an_object_of_a_librarys_numpy_flavour_is_made_with_its_jax_module(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "flavoured", FLAVOURED_LIBRARY)
    (Path(tmp_path) / "lib" / "python3" / "site-packages" / "flavoured" / "jax.py").write_text(FLAVOURED_LIBRARY_JAX)
    found = explained_cell("numpy-flavour", KYMATIO_FRONTENDS, NUMPY_FLAVOUR_IN_JIT, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp-not-np", True), tried(found)
    assert first.code.splitlines() == ["import flavoured.jax", "S = flavoured.jax.Transform(n=16)"]


def test_a_list_of_numpy_operands_is_handed_over_as_jax_arrays(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "operandlib", OPERAND_LIBRARY)
    found = explained_cell("numpy-list-operand", COTENGRA_SLICES, SLICES_IN_FORI_LOOP, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("jnp-not-np", True), tried(found)
    assert first.code == "contract_slice([jnp.asarray(a) for a in arrays], i)"
    assert "the NumPy arrays in `arrays`" in first.summary


def test_specs_with_a_shape_and_dtype_are_never_said_to_trace_and_their_list_becomes_a_tuple(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "speclib", SPEC_LIBRARY)
    found = explained_cell("specs-static", ETILS_SPECS, SPECS_MARKED_STATIC, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == (
        "hashable-static", True, "zeros_like_specs(tuple(specs.values()))"), tried(found)
    passed_traced = [f for f in found.fixes if f.kind == "not-static"]
    assert all(f.verified is not True for f in passed_traced), tried(found)


def test_a_fix_in_a_function_whose_decorator_keeps_state_on_it_is_tried_with_that_state(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "checklib", STATEFUL_DECORATOR_LIBRARY)
    found = explained_cell("decorator-state", ETILS_CHECKING, NUMPY_IN_CHECKED_FUNCTION, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == ("jnp-not-np", True, "jnp.arccos(v[..., 2] / r)"), tried(found)


def test_an_array_a_jax_librarys_function_needs_as_a_constant_is_bound_first(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "masslib", MASS_LIBRARY)
    found = explained_cell("mass-constant", PYBAMM_MASS, MASS_ARGUMENT, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified) == ("static", True), tried(found)
    assert "solve_of_mass = jax.jit(partial(solve, mass=jnp.diag(jnp.array([1.0, 0.0]))))" in first.code
    assert "needs it as a constant" in first.summary


def test_a_mask_made_from_constants_through_jnp_is_made_with_numpy_first(tmp_path):
    found = explained_cell("constant-mask", KYMATIO_META, META_MASK, tmp_path)
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == (
        "numpy-for-static", True, "order = np.asarray(meta['order'])"), tried(found)
    assert any(f.kind == "jnp.where" for f in found.fixes[1:]), tried(found)


def test_a_method_called_on_a_lambdas_own_parameter_is_not_moved_outside(tmp_path):
    found = explained_cell("append-in-lambda", ETILS_MAP, APPEND_IN_LAMBDA, tmp_path)
    for fix in found.fixes:  # the hoisted call would read `g`, which exists only inside the lambda
        assert "=norms.append(" not in fix.code, tried(found)


def test_in_a_shell_a_list_of_a_dicts_values_marked_static_becomes_a_tuple(shell, tmp_path, monkeypatch):
    from IPython.utils.capture import capture_output

    install_library(tmp_path, monkeypatch, "speclib", SPEC_LIBRARY)
    shell.run("%jittrace_explain on")
    with capture_output() as captured:  # the hook reads the call back: `list(specs.values())` only reads a dict
        shell.ip.run_cell(SPECS_MARKED_STATIC)
    shown = captured.stdout + "".join(o.data.get("text/plain", "") for o in captured.outputs)
    assert "zeros_like_specs(tuple(specs.values()))" in shown and "✓ verified" in shown, shown


DEEPMD_FORCES = "https://docs.deepmodeling.com/projects/deepmd/en/latest/backend.html"  # JAX backend, forces out

MODEL_THEN_NUMPY = """\
import jax
import jax.numpy as jnp
import numpy as np


def model(x):
    for _ in range(4):
        x = jnp.tanh(x @ jnp.ones((3, 3)))
    return {"energy": x.sum(), "force": -x}


def loss(x):
    out = model(x)
    fnorm = np.linalg.norm(out["force"])
    return out["energy"] + 0.1 * fnorm


jax.value_and_grad(loss)(jnp.ones(3))
"""


def test_a_rewrite_after_a_model_is_tried_from_the_failing_line_on(tmp_path):
    from corpus_harness import Case, as_in_a_kernel, run_case
    from jaxmagic._explain.fixes.rewrites import Edit
    from jaxmagic._explain.rebuild import Names
    from jaxmagic._explain.retrace.tail import tail_outcome

    case = Case(id="rest-of-loss", source=DEEPMD_FORCES, code=MODEL_THEN_NUMPY, kind="", argument=None, path=None,
                line=1, fixes=(), verifiable=False, jax_fitting_fix=False)
    with as_in_a_kernel():
        outcome = run_case(case, tmp_path)
    found = outcome.explanation
    first = found.fixes[0]
    assert (first.kind, first.verified, first.code) == (
        "jnp-not-np", True, "jnp.linalg.norm(out['force'])"), tried(found)
    names = Names(vars(sys.modules[f"jaxmagic_corpus_{case.id.replace('-', '_')}"]))  # the cell's namespace
    # the rest of `loss` traced from the failing line on, with the values it had there: the fix traces, and the
    # line as it was fails again as the user's did (the model before it is not traced again)
    assert tail_outcome(first, outcome.exception, found.filename, names) is None
    unchanged = Edit(first.recipe.target, first.recipe.target)
    assert type(tail_outcome(types.SimpleNamespace(recipe=unchanged), outcome.exception, found.filename,
                             names)).__name__ == "TracerArrayConversionError"
