"""Issue 26, fourteenth round: a field a library calls from a generator, and the argument always the user's own.

- A solver that calls the user's field from a generator inside its own jit (diffrax-style solvers and
  jaxquantum's ``sesolve`` reach a field through ``jax.tree.map`` or a ``for`` over terms): once the generator has
  run, its frame forgets its caller, so the failing frame looked as if no trace were running it, and a plain
  ``if t > 0.5`` was explained as a leaked tracer. The traceback still holds the frames that ran the generator,
  the trace among them: the failure is the field's own, explained and verified as such.
- The argument is a parameter of one of the user's functions whatever library code sits between them and JAX: a
  name that belongs to the library (its jit's ``*_dynamic`` or ``**kwargs``) is never shown; the failing line's
  reads are followed back to the parameters of the user's function that holds it. Checked here with the
  finer reading of the generator's caller switched off, as the eighteenth held-out set met it before that
  reading existed (``_dynamic`` for jaxquantum's and bijx's fields).
- A value stored from inside a function under ``flax.nnx.jit`` (on the module, as bijx's flows were given a draw
  to keep, or in a list): the fix is tried through the call JAX's cache kept of ``nnx.jit``'s inner function, which
  reads its module graph through a context its wrapper opens around each call. The try opens the same context;
  without it every such try failed before it ran the user's function and was shown as not tried. An optimizer's
  step in the same function (``optimizer.update(model, grads)``, two arguments) is no store of a container's: it
  left every fix "not tried: another store is left in the function".

The nineteenth held-out set's misses, each reduced here with a small library of its own:

- Two static arguments written as lists (JaxPM's notebooks pass ``mesh_shape`` and ``box_size`` so): both become
  tuples in one fix, or the fixed call fails on the second; the same for two 0-d arrays a library's own jitted
  function takes static (JAXtronomy's ``array2image(flat, n, n)``).
- ``jax.jit(obj.method, static_argnums=1)`` (jaxsr's ``BasisLibrary.evaluate_subset``): in the try the object stays
  static, as JAX holds it for a bound method, so the tuple fix traces.
- A library object's method handed a traced value inside the user's jit (JAXtronomy's ``ImageData.update_data``):
  the value is returned, and the caller makes the call outside the jit.
- A loss of the user's calling a method of an equinox Module it is given (zodiax's models under ``zdx.hessian``):
  equinox's bound method sits between the two functions of the user's and hides itself from tracebacks; the
  argument is the loss's own parameter, which library code called, not the method's ``self``.
- ``x.at[mask].set(2 * y[mask] ** 2)``, failing at ``y[mask]`` (a contact force in a residual sparsejac
  differentiates): one ``jnp.where`` over whole arrays, verified.
- A leak from a residual given to a library's Jacobian transformation bound to a name (``jac = jax.jit(
  sparsejac.jacrev(f, ...))`` and later ``jac(x)``): the named chain is made again from the cell and traced with
  ``has_aux=True``, which the fix's code asks for too.
- A library's wrapper that hands ``*args`` on to the user's function (sparsejac's ``jacfwd``): ``args[1]`` is the
  user's second parameter, and static by position (``static_argnums=1``) on the user's own ``jax.jit`` statement:
  by name, the wrapper has no such parameter, and the fix failed (issue 26, fifteenth round).
"""
from __future__ import annotations

import pytest
from corpus_harness import as_in_a_kernel, as_in_a_script, explained_cell, install_library, run_case
from explain_corpus import Case

JAXQUANTUM_FIELD = "https://github.com/EQuS/jaxquantum/issues/10"  # a time-dependent Hamiltonian given to sesolve
BIJX_FLOW_DRAWS = "https://github.com/mathisgerdes/bijx"  # a Chain sampled under nnx.jit, a draw kept on it
JAXPM_LISTS = "https://github.com/DifferentiableUniverseInitiative/JaxPM/blob/main/notebooks/01-Introduction.ipynb"
JAXTRONOMY_ARRAY2IMAGE = "https://github.com/lenstronomy/JAXtronomy/blob/main/jaxtronomy/Util/util.py"
JAXSR_SUBSET = "https://github.com/jkitchin/jaxsr/blob/main/src/jaxsr/basis.py"  # evaluate_subset loops over indices
JAXTRONOMY_UPDATE = "https://github.com/lenstronomy/JAXtronomy/blob/main/jaxtronomy/Data/imaging_data.py"
ZODIAX_HESSIAN = "https://github.com/LouisDesdoigts/zodiax/blob/main/docs/usage.md"  # zdx.hessian(loglike, model)
SPARSEJAC_AUX = "https://github.com/mfschubert/sparsejac/blob/main/sparsejac/sparsejac.py"  # jacrev(..., has_aux)
SPARSEJAC_WRAPPER = "https://github.com/mfschubert/sparsejac/blob/main/README.md"  # jax.jit(sparsejac.jacfwd(fn, ...))
DIFFRAX_TERMS = "https://github.com/patrick-kidger/diffrax/issues/165"  # a vector field with a Python `if` on t

GENLIB = '''
import jax
import jax.numpy as jnp


class _Term:
    def __init__(self, fn):
        self.fn = fn

    def vf(self, t, y, args):
        return self.fn(t, y, args)


def _evaluated(terms, t, y, args):
    for term in terms:
        yield term.vf(t, y, args)


def solve(fn, y0, t1, args=None):
    """One step of the user's field at ``t1``, the terms summed from a generator inside the solver's jit, every
    input handed in as one ``*_dynamic`` tuple."""
    terms = [_Term(fn)]

    @jax.jit
    def run(*_dynamic):
        t, y, a = _dynamic
        return y + 0.1 * sum(_evaluated(terms, t, y, a))
    return run(jnp.asarray(t1, jnp.float32), y0, args)
'''

IF_ON_TIME = """\
import jax.numpy as jnp
from genlib_cases import solve

def field(t, y, args):
    if t > 0.5:
        return -args * y
    return y

solve(field, jnp.ones(3), 1.0, 2.0)
"""

NUMPY_DRIVE = """\
import numpy as np
import jax.numpy as jnp
from genlib_cases import solve

def field(t, y, args):
    w = args["w"]
    return y * np.cos(w * t)

solve(field, jnp.ones(3), 1.0, {"w": 2.0})
"""


@pytest.fixture
def genlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "genlib_cases", GENLIB)


def _explained(case_id: str, code: str, kind: str, tmp_path, kernel: bool = True):
    case = Case(id=case_id, source=DIFFRAX_TERMS, code=code, kind=kind, argument=None, path=None, line=1,
                fixes=(), verifiable=False, jax_fitting_fix=False)
    with as_in_a_kernel() if kernel else as_in_a_script():
        found = run_case(case, tmp_path).explanation
    assert found is not None
    return found


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "script"])
def test_a_field_called_from_a_librarys_generator_is_traced_not_leaked(genlib, tmp_path, kernel):
    found = _explained("field-from-generator", IF_ON_TIME, "bool-conversion", tmp_path, kernel)
    assert (found.kind, found.argument, found.lineno, found.function) == ("bool-conversion", "t", 5, "field")
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), found.fixes


def test_a_numpy_call_in_a_field_called_from_a_generator_is_a_numpy_call(genlib, tmp_path):
    found = _explained("numpy-from-generator", NUMPY_DRIVE, "array-conversion", tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "t", 7)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("jnp-not-np", True)


@pytest.mark.parametrize("code, kind, line", [(IF_ON_TIME, "bool-conversion", 5),
                                               (NUMPY_DRIVE, "array-conversion", 7)], ids=["if", "numpy"])
def test_a_librarys_own_input_name_is_never_the_argument(genlib, tmp_path, monkeypatch, code, kind, line):
    from jaxmagic._explain.reach import entry

    # the traceback's reading of the generator's caller switched off: the library's jit input is all the trace
    # tells, and the failing line's own reads name the user's parameter
    monkeypatch.setattr(entry, "_library_caller", lambda entries, frame: None)
    found = _explained("library-input-name", code, kind, tmp_path)
    assert (found.kind, found.lineno) == (kind, line)
    assert found.argument == "t" and not any("_dynamic" in p for p in found.paths), found.paths


NNX_ATTRIBUTE = """\
import jax
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))

@nnx.jit
def forward(model, key):
    x = jax.random.normal(key, (4, 2))
    model.last_input = x
    return model(x)

y = forward(model, jax.random.PRNGKey(1))
jnp.mean(model.last_input)
"""

NNX_LIST = """\
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
hidden = []

@nnx.jit
def forward(model, x):
    h = model(x)
    hidden.append(h)
    return jnp.tanh(h)

y = forward(model, jnp.ones((4, 2)))
jnp.mean(hidden[0])
"""


NNX_TRAIN_STEP = """\
import jax
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)

@nnx.jit
def train_step(model, optimizer, key):
    x = jax.random.normal(key, (4, 2))
    model.last_input = x
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, grads)
    return loss

train_step(model, optimizer, jax.random.PRNGKey(1))
jnp.mean(model.last_input)
"""


@pytest.mark.parametrize("code, argument, line", [(NNX_ATTRIBUTE, "key", 10), (NNX_LIST, "model", 10),
                                                   (NNX_TRAIN_STEP, "key", 12)],
                         ids=["on-the-module", "in-a-list", "beside-an-optimizer-step"])
def test_a_leak_under_nnx_jit_has_its_fix_traced_in_nnx_jits_context(tmp_path, code, argument, line):
    pytest.importorskip("flax.nnx", reason="flax is a test extra (absent in the lowest-versions run)")
    case = Case(id="nnx-jit-leak", source=BIJX_FLOW_DRAWS, code=code, kind="leaked-tracer", argument=None,
                path=None, line=1, fixes=(), verifiable=False, jax_fitting_fix=False)
    with as_in_a_kernel():
        found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", argument, line)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), [(f.kind, f.verified, f.outcome) for f in found.fixes]


MESHLIB = '''
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1, 2))
def to_image(flat, nx, ny):
    """A library's own jitted function that reshapes with static sizes."""
    return flat.reshape(nx, ny)


class Basis:
    """Basis functions held in a Python list; ``evaluate`` loops over the indices it is given."""

    def __init__(self):
        self.functions = [lambda x: jnp.ones_like(x[:, 0]), lambda x: x[:, 0], lambda x: x[:, 1], lambda x: x[:, 0] ** 2]

    def evaluate(self, X, indices):
        return jnp.stack([self.functions[i](X) for i in indices], axis=1)


class Data:
    """An object that keeps the image it is given."""

    def __init__(self):
        self.image = jnp.zeros((4, 4))

    def update(self, image):
        self.image = image

    def total(self):
        return jnp.sum(self.image)


def field(shape, spectrum, key):
    """A random field scaled by the user's spectrum of the wave numbers."""
    noise = jax.random.normal(key, shape)
    k = jnp.sqrt(jnp.abs(jnp.fft.fftfreq(shape[0]))[:, None] ** 2 + noise * 0.0)
    return noise * spectrum(k)


def hessian(fn, model):
    """The Hessian of ``fn`` at the model's arrays, flattened into one vector (zodiax's ``hessian``)."""
    import equinox as eqx
    from jax.flatten_util import ravel_pytree

    leaves, static = eqx.partition(model, eqx.is_array)
    flat, unravel = ravel_pytree(leaves)

    def f_flat(z):
        return fn(eqx.combine(unravel(z), static))
    return jax.hessian(f_flat)(flat)


def jacobian_aux(fn, has_aux=False):
    """A library's Jacobian transformation that takes an extra output, as jax.jacfwd does."""
    return jax.jacfwd(fn, has_aux=has_aux)


def jacobian(fn):
    """A wrapper that hands its ``*args`` on to ``fn`` (no functools.wraps)."""
    def jacobian_fn(*args):
        return jax.jacfwd(fn)(*args)
    return jacobian_fn
'''


@pytest.fixture
def meshlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "meshlib_cases", MESHLIB)


_found = explained_cell


TWO_LISTS = """\
import jax
import jax.numpy as jnp

def make(shape, box, key):
    return jax.random.normal(key, shape) * box[0]

make_jit = jax.jit(make, static_argnums=(0, 1))
make_jit([4, 4], [10.0, 10.0], jax.random.PRNGKey(0))
"""

TWO_ARRAYS = """\
import jax.numpy as jnp
from meshlib_cases import to_image

flat = jnp.arange(16.0)
n = jnp.sqrt(flat.size).astype(int)
to_image(flat, n, n)
"""


@pytest.mark.parametrize("code, source, shown", [
    (TWO_LISTS, JAXPM_LISTS, "shape=(4, 4), box=(10.0, 10.0)"),
    (TWO_ARRAYS, JAXTRONOMY_ARRAY2IMAGE, "nx=4, ny=4"),
], ids=["two-lists", "two-0d-arrays"])
def test_every_unhashable_static_argument_is_made_hashable_at_once(meshlib, tmp_path, code, source, shown):
    found = _found("two-statics", source, code, tmp_path)
    assert found.kind == "unhashable-static"
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), [(f.kind, f.verified, f.outcome) for f in found.fixes]
    assert shown in top.code
    assert all(f.kind != "static" for f in found.fixes)  # already static: a library's "keep it out" is no fix


BOUND_METHOD = """\
import jax
import jax.numpy as jnp
from meshlib_cases import Basis

basis = Basis()
evaluate = jax.jit(basis.evaluate, static_argnums=1)
evaluate(jnp.ones((5, 2)), [0, 1, 3])
"""


def test_a_jitted_bound_methods_object_stays_static_when_the_fix_is_tried(meshlib, tmp_path):
    found = _found("bound-method-static", JAXSR_SUBSET, BOUND_METHOD, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "indices")
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("hashable-static", True), found.fixes[0].outcome


HANDED_TO_METHOD = """\
import jax
import jax.numpy as jnp
from meshlib_cases import Data

data = Data()

@jax.jit
def subtract_background(raw):
    cleaned = raw - jnp.median(raw)
    data.update(cleaned)
    return cleaned.sum()

subtract_background(jnp.ones((4, 4)))
data.total()
"""


def test_a_value_handed_to_a_librarys_method_is_returned_and_handed_over_outside(meshlib, tmp_path):
    found = _found("handed-to-method", JAXTRONOMY_UPDATE, HANDED_TO_METHOD, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "raw", 10)
    top = found.fixes[0]
    assert (top.kind, top.verified, top.template) == ("return-value", True, False), top.outcome
    assert "return (cleaned.sum(), cleaned)" in top.code and "data.update(cleaned)" in top.code


FORWARDED = """\
import jax
import jax.numpy as jnp
from meshlib_cases import jacobian

def residual(u, boundary):
    out = u ** 2
    if boundary == "fixed":
        out = out.at[0].set(u[0])
    return out

jac = jax.jit(jacobian(residual))
jac(jnp.ones(4), "fixed")
"""


def test_a_library_wrappers_forwarded_args_are_named_by_the_users_parameters(meshlib, tmp_path):
    found = _found("forwarded-args", SPARSEJAC_WRAPPER, FORWARDED, tmp_path)
    assert (found.kind, found.argument) == ("non-array-argument", "boundary"), found.paths
    # the wrapper takes ``*args``: static by position, on the user's statement that jitted it (not the wrapper's
    # own name, which the user never wrote), and tried so
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), [(f.kind, f.verified, f.outcome) for f in found.fixes]
    assert top.code == "jac = jax.jit(jacobian(residual), static_argnums=1)"


GLUE = """\
import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from meshlib_cases import hessian

class Throughput(eqx.Module):
    knots: jax.Array
    values: jax.Array

    def model(self, wavels):
        return np.interp(wavels, self.knots, self.values)

wavels = jnp.linspace(400.0, 700.0, 16)
loglike = lambda m: -0.5 * jnp.sum(m.model(wavels) ** 2)
model = Throughput(jnp.array([400.0, 550.0, 700.0]), jnp.array([0.8, 1.0, 0.9]))
hessian(loglike, model)
"""


def test_an_equinox_bound_method_between_two_user_functions_is_glue(meshlib, tmp_path):
    pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
    found = _found("equinox-glue", ZODIAX_HESSIAN, GLUE, tmp_path)
    assert (found.kind, found.lineno, found.argument) == ("array-conversion", 12, "m"), found.paths


AT_SET_SELECTED = """\
import jax
import jax.numpy as jnp

@jax.jit
def contact_force(gap):
    active = gap < 0.0
    force = jnp.zeros_like(gap)
    return force.at[active].set(1e3 * gap[active] ** 2)

contact_force(jnp.linspace(-1.0, 1.0, 8))
"""


def test_a_masked_update_whose_value_is_selected_by_the_same_mask_becomes_one_where(tmp_path):
    found = _found("at-set-selected", SPARSEJAC_WRAPPER, AT_SET_SELECTED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("boolean-index", "gap", 8)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), [(f.kind, f.verified, f.outcome) for f in found.fixes]
    assert top.code == "jnp.where(active, 1000.0 * gap ** 2, force)"


NAMED_CHAIN = """\
import jax
import jax.numpy as jnp
from meshlib_cases import jacobian_aux

diagnostics = {}

def reaction(c, k):
    rate = k * c ** 2
    diagnostics["rate"] = rate
    return -rate

jac_fn = jax.jit(jacobian_aux(reaction))
J = jac_fn(jnp.ones(3), 0.5)
jnp.sum(diagnostics["rate"])
"""


def test_a_leak_through_a_named_library_transformation_is_returned_as_its_aux(meshlib, tmp_path):
    found = _found("named-chain-aux", SPARSEJAC_AUX, NAMED_CHAIN, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "c", 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), [(f.kind, f.verified, f.outcome) for f in found.fixes]
    assert "jacobian_aux(reaction, has_aux=True)" in top.code
