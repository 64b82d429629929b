"""Issue 26, eleventh round: reductions of patterns that several held-out sets' misses share, each my own.

- A hyperparameter sweep mapped with ``jax.vmap`` over a setting a library needs as a Python value (rejax's
  ``num_epochs``, a scan's length; dLux's and qujax's indices into Python lists): no ``in_axes=None`` keeps one
  Python value when the examples differ, so the sweep becomes a Python loop over the values, each call jitted
  with the value static, tried on the first example abstractly and run as pasted.
- A callback a library's object calls inside the user's jit of its method (rejax's ``eval_callback`` under
  ``jax.jit(algo.train)``), storing into a global list and returning ``()``: it returns the value in place of
  the placeholder, tried by tracing the user's jitted statement again with the callback's code swapped in.
- An object with a ``shape`` and a ``dtype`` but no pytree (tensornetwork's ``Node``) passed to a jitted
  function: JAX traces it as an array, and its other attributes are gone inside (``node.tensor`` on a tracer):
  an argument JAX cannot trace, made static and tried.
- A layer's integer field traced by the user's ``jax.jit`` and handed to a library's own jit as a static
  argument (signax's ``SignatureTransform.depth``): the argument is the layer, its tracer found among the leaves
  of the library frame's objects.
- An object that can be neither traced nor hashed (a stheno kernel: symbolic equality, no pytree), passed to a
  jitted function or marked static there: bound with ``functools.partial`` before ``jax.jit``, a constant of
  the trace, tried and run as pasted.
- Global JAX arrays handed to library code that converts them with NumPy (stheno's NaN check of its
  observations, through lab's dispatch): given as NumPy arrays on the user's line, tried through the user's
  ``jax.jit(jax.grad(loss))``.
- A count a type dispatcher refuses as a tracer (plum, compiled with mypyc: its frames have relative names, no
  source and no caller; stheno's ``Normal.sample(state, num)``): a traced shape, made static and tried.
- A global object handed to library code inside the user's jit, which keeps the traced value in it (a stheno
  ``Measure`` given each ``GP``, tensornetwork's ``mps.apply_one_site_gate``): the leak's line is the user's that
  handed the object over, and its argument the one the value was made from.
- The same sweep in a cell, explained by the kernel's hook: the call ``jax.vmap(f)(xs, keys)`` is read back
  from the traceback as explain() is given it, and the why says vmap, with one example's shape.
- A library's object whose ``dtype`` is its own word (funsor's ``Tensor``, dtype ``"real"``) passed to a jitted
  function: named, with fixes, never an analysis that fails on the foreign dtype.
- Old-style ``%`` formatting of a traced value in a print (pyscfad's ``print("E(RHF) = %.10f" % e)`` under
  ``jax.grad``): ``jax.debug.print`` with the same format, tried by running the failing trace again.
- The same over random keys that a library turns into Python ints (pymdp's agent-spec sampler): a loop of eager
  calls, shown and not run.
"""
from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest
from corpus_harness import fix_case, install_library, run_case

REJAX_SWEEP = "https://github.com/keraJLi/rejax"  # README: hyperparameter sweeps with vmap; num_epochs is static
REJAX_CALLBACK = "https://github.com/keraJLi/rejax"  # README: eval_callback's outputs are returned by train
TN_NODE = "https://github.com/google/TensorNetwork/issues/194"  # Nodes inside jitted functions
SIGNAX_MODULE = "https://github.com/Anh-Tong/signax"  # signax.module.SignatureTransform: depth is a field
STHENO_KERNEL = "https://github.com/wesselb/stheno/issues/21"  # kernels under jax.jit
PLUM_DISPATCH = "https://github.com/beartype/plum"  # dispatch on the types of the arguments
STHENO_MEASURE = "https://github.com/wesselb/stheno"  # README: GPs built with measure=prior are kept there
TORCHQUAD_RNG = "https://torchquad.readthedocs.io/en/main/"  # RNG objects keep their JAX key
FUNSOR_TENSOR = "https://funsor.pyro.ai/en/stable/funsor.tensor.html"  # Tensor(data, inputs, dtype="real")
PYSCFAD_PRINT = "https://github.com/fishjojo/pyscfad"  # examples print energies with % formatting
PYMDP_SPEC = "https://github.com/infer-actively/pymdp"  # utils.generate_agent_spec draws Python-int dimensions

THIRTEENTHLIB = '''
import functools

import jax
import numpy as np


class Trainer:
    """Trains for a number of epochs: the count is a scan's length, a Python value (as rejax's PPO uses it)."""

    def __init__(self, num_epochs):
        self.num_epochs = num_epochs

    def train(self, key):
        def epoch(carry, _):
            return carry * 0.9 + jax.random.normal(key), None
        out, _ = jax.lax.scan(epoch, 0.0, None, length=self.num_epochs)
        return out


class Loop:
    """Steps a state in a scan, calling ``callback(step, state)`` each step and stacking what it returns into the
    result (as rejax's algorithms treat their ``eval_callback``)."""

    def __init__(self, callback=None):
        self.callback = callback

    def replace(self, **changes):
        return Loop(**{**vars(self), **changes})

    def train(self, key):
        def step(state, i):
            state = state * 0.9 + jax.random.normal(jax.random.fold_in(key, i))
            return state, self.callback(i, state)
        return jax.lax.scan(step, 0.0, jax.numpy.arange(3))


@functools.partial(jax.jit, static_argnames="depth")
def truncated_moments(path, depth):
    """Moments of a path up to ``depth``: a static argument of the library's own jit (as signax's signature)."""
    return jax.numpy.stack([jax.numpy.mean(path ** (k + 1), axis=0) for k in range(depth)])


@jax.tree_util.register_pytree_node_class
class MomentTransform:
    """A layer whose depth is a pytree leaf (as signax's equinox Module holds its ``depth`` field)."""

    def __init__(self, depth):
        self.depth = depth

    def tree_flatten(self):
        return (self.depth,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def __call__(self, path):
        return truncated_moments(path, self.depth)


def check_observations(y):
    """``y`` as a column, made with the array library it came in (as lab dispatches on type), then checked for NaNs
    with NumPy (as stheno's logpdf checks its observations)."""
    column = y.reshape(-1, 1) if isinstance(y, np.ndarray) else jax.numpy.reshape(y, (-1, 1))
    if np.isnan(np.asarray(column)).any():
        raise ValueError("observations hold NaNs")
    return column


class Registry:
    """Keeps every model built with it (as stheno's ``Measure`` keeps its processes)."""

    def __init__(self):
        self.models = []


class Model:
    def __init__(self, scale, registry):
        self.scale = scale
        registry.models.append(self)

    def loss(self, y):
        return jax.numpy.sum((y / self.scale) ** 2)


class KeyChain:
    """Splits and keeps its own key each time it draws (as torchquad's ``RNG`` does)."""

    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)

    def draw(self, n):
        self.key, sub = jax.random.split(self.key)
        return jax.random.uniform(sub, (n,))


def integrate(fn, n, rng):
    """A Monte Carlo mean of ``fn`` over ``n`` points ``rng`` draws."""
    return jax.numpy.mean(fn(rng.draw(n)))


def sample_size(key, low, high):
    """A random size as a Python int (as pymdp's agent-spec sampler draws its dimensions)."""
    return int(jax.random.randint(key, (), low, high))
'''


@pytest.fixture
def thirteenthlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "thirteenthlib_cases", THIRTEENTHLIB)
    yield


SWEEP_CELL = """\
import jax
import jax.numpy as jnp
import thirteenthlib_cases as lib

def final_return(key, num_epochs, scale):
    return lib.Trainer(num_epochs).train(key) * scale

sweep = jax.vmap(final_return, in_axes=(0, 0, None))
epochs = jnp.array([1, 2, 4])
keys = jax.random.split(jax.random.PRNGKey(0), 3)
key = 2.0
scores = sweep(keys, epochs, key)
"""


def _pasted(cell: str, code: str) -> dict:
    """Run ``cell`` with its last line replaced by the fix's code, as a user would paste it; its namespace."""
    namespace: dict = {}
    exec(compile("\n".join([*cell.splitlines()[:-1], code]), "<pasted>", "exec"), namespace)
    return namespace


def test_a_vmapped_sweep_over_a_setting_a_library_needs_as_a_python_value_becomes_a_loop(thirteenthlib, tmp_path,
                                                                                      explain_events):
    # the sweep's vmap bound to a name, a setting mapped beside the keys and one value broadcast: the loop zips
    # what was mapped (a loop name kept apart from the user's own `key`), passes what was not, and stacks
    case = fix_case("thirteen-vmap-sweep", REJAX_SWEEP, SWEEP_CELL, "concretization", "num_epochs", 6, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.argument, found.lineno) == ("num_epochs", 6)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert explain_events["traces"] > 0 and explain_events["compiles"] == 0  # tried abstractly, never compiled
    assert "jax.jit(final_return, static_argnums=1)" in top.code
    assert "zip(keys, epochs.tolist())" in top.code and ", num_epochs, key)" in top.code
    assert "in_axes=(0, None, None)" not in top.code  # one Python value for every example would be wrong
    pasted = _pasted(SWEEP_CELL, top.code)
    each = [pasted["final_return"](k, n, 2.0) for k, n in zip(pasted["keys"], [1, 2, 4])]
    np.testing.assert_allclose(pasted["scores"], np.stack(each), rtol=1e-6)


KEYS_CELL = """\
import jax
import thirteenthlib_cases as lib

def sample_spec(key):
    return {"states": lib.sample_size(key, 2, 5), "obs": lib.sample_size(key, 2, 4)}

keys = jax.random.split(jax.random.PRNGKey(0), 4)
specs = jax.vmap(sample_spec)(keys)
"""


def test_a_vmap_over_keys_a_library_turns_into_python_ints_becomes_a_loop_not_run(thirteenthlib, tmp_path):
    # random keys, one per example, whose draws the library needs as Python ints: a loop of eager calls, not
    # run here (each runs for real); its code runs as pasted and gives Python values per key
    case = fix_case("thirteen-vmap-keys", PYMDP_SPEC, KEYS_CELL, "concretization", "key", 5, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.argument, found.lineno) == ("key", 5)
    top = found.fixes[0]
    assert top.kind == "static" and top.verified is None and "eagerly" in top.outcome
    assert top.code.startswith("specs = [sample_spec(key) for key in keys]")
    specs = _pasted(KEYS_CELL, top.code)["specs"]
    assert len(specs) == 4 and all(type(s["states"]) is int and 2 <= s["states"] < 5 for s in specs)


CALLBACK_CELL = """\
import jax
import jax.numpy as jnp
import thirteenthlib_cases as lib

history = []

def record(step, state):
    history.append(state * 2)
    return ()

loop = lib.Loop().replace(callback=record)
final, _ = jax.jit(loop.train)(jax.random.PRNGKey(0))
jnp.stack(history)
"""


def test_a_callback_returning_nothing_returns_the_value_its_library_collects(thirteenthlib, tmp_path):
    case = fix_case("thirteen-callback-placeholder", REJAX_CALLBACK, CALLBACK_CELL, "leaked-tracer", "state", 8,
                    "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno) == ("leaked-tracer", 8)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert "jax.jit(loop.train)" in top.outcome
    assert "return history_item" in top.code and "return ((), " not in top.code
    lines = CALLBACK_CELL.splitlines()
    definition = top.code.split("\n# ", 1)[0]
    pasted: dict = {}
    exec(compile("\n".join([*lines[:6], definition, *lines[10:12], "final, recorded = jax.jit(loop.train)("
                           "jax.random.PRNGKey(0))"]), "<pasted>", "exec"), pasted)
    assert pasted["recorded"].shape == (3,) and pasted["history"] == []  # collected by the library, none stored


NODE_CELL = """\
import jax
import jax.numpy as jnp

class Node:
    def __init__(self, tensor):
        self.tensor = tensor
        self.shape, self.dtype = tensor.shape, tensor.dtype

@jax.jit
def norm_squared(node):
    return jnp.sum(jnp.abs(node.tensor) ** 2)

psi = Node(jnp.ones((2, 2)) / 2.0)
norm_squared(psi)
"""


def test_an_object_with_a_shape_and_a_dtype_traced_as_an_array_is_an_argument_jax_cannot_trace(tmp_path):
    case = fix_case("thirteen-node-traced", TN_NODE, NODE_CELL, "non-array-argument", "node", 11, "static")
    outcome = run_case(case, tmp_path)
    if not isinstance(outcome.exception, AttributeError):
        pytest.skip("this JAX does not trace an object by its shape and dtype")
    found = outcome.explanation
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "node", 11)
    assert "has a `dtype`, so jit traced it as an array" in found.why and "`.tensor`" in found.why
    assert found.exception is outcome.exception
    # the class is the user's own: registering it as a pytree comes first, and making it static is tried
    assert [f.kind for f in found.fixes][:2] == ["register-pytree", "static"]
    static = found.fixes[1]
    assert static.verified is True and "static_argnames='node'" in static.code, static.outcome


MODULE_FIELD_CELL = """\
import jax
import jax.numpy as jnp
import thirteenthlib_cases as lib

layer = lib.MomentTransform(depth=3)

@jax.jit
def embed(layer, path):
    return layer(path)

embed(layer, jnp.ones((50, 3)))
"""


def test_a_layers_field_a_library_jit_needs_static_names_the_layer(thirteenthlib, tmp_path):
    # the depth, a leaf of the layer, is traced by the user's jit and reaches the library's jit as a static
    # argument, which JAX cannot hash: the tracer is found among the leaves of the library frame's `self`
    case = fix_case("thirteen-layer-field", SIGNAX_MODULE, MODULE_FIELD_CELL, "traced-shape", "layer", 9, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "layer", 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome


KERNEL_CELL = """\
from functools import partial
import jax
import jax.numpy as jnp

class Kernel:
    def __init__(self, scale):
        self.scale = scale
    def __eq__(self, other):  # equality of its own: the class is unhashable
        return isinstance(other, Kernel) and self.scale == other.scale
    def __call__(self, x):
        return jnp.exp(-x ** 2 / self.scale)

{decorator}
def nlml(kernel, noise):
    return jnp.sum(kernel(jnp.linspace(0.0, 1.0, 5))) + noise

value = nlml(Kernel(0.5), 0.1)
"""


@pytest.mark.parametrize("decorator, kind", [("@jax.jit", "non-array-argument"),
                                             ("@partial(jax.jit, static_argnums=0)", "unhashable-static")])
def test_an_object_neither_traceable_nor_hashable_is_bound_with_partial_before_jit(decorator, kind, tmp_path):
    cell = KERNEL_CELL.format(decorator=decorator)
    case = fix_case("thirteen-kernel-" + kind, STHENO_KERNEL, cell, kind, "kernel", 15, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument) == (kind, "kernel")
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "nlml_of_kernel = jax.jit(partial(nlml, Kernel(0.5)))" in top.code
    assert "value = nlml_of_kernel(0.1)" in top.code
    lines = cell.splitlines()
    body = lines.index("def nlml(kernel, noise):") + 1
    pasted: dict = {}
    fixed = top.code.replace("    ...  # the body as it is", lines[body])
    exec(compile("\n".join([*lines[:body - 2], fixed]), "<pasted>", "exec"), pasted)
    assert float(pasted["value"]) == pytest.approx(float(jnp_sum_of_kernel(0.5)) + 0.1, rel=1e-6)


def jnp_sum_of_kernel(scale: float) -> float:
    x = np.linspace(0.0, 1.0, 5)
    return float(np.sum(np.exp(-x ** 2 / scale)))


HOST_CELL = """\
import jax
import jax.numpy as jnp
import thirteenthlib_cases as lib

x = jnp.linspace(0.0, 5.0, 10)
y = jnp.sin(x)

def loss(scale):
    return jnp.sum((lib.check_observations(y) * scale) ** 2)

g = jax.jit(jax.grad(loss))(jnp.array(1.0))
"""


def test_global_arrays_a_library_converts_with_numpy_are_handed_over_as_numpy_arrays(thirteenthlib, tmp_path):
    case = fix_case("thirteen-host-globals", STHENO_KERNEL, HOST_CELL, "array-conversion", None, 9,
                    "numpy-for-static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", None, 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("numpy-for-static", True), top.outcome
    assert "lib.check_observations(np.asarray(y))" in top.code and "import numpy as np" in top.code


DISPATCH_CELL = """\
import jax
import jax.numpy as jnp
from plum import dispatch

@dispatch
def draw(num: int):
    return jnp.zeros(num)

@jax.jit
def paths(scale, num):
    return draw(num) * scale

paths(1.0, 5)
"""


def test_a_count_a_compiled_type_dispatcher_refuses_as_a_tracer_is_a_traced_shape(tmp_path):
    pytest.importorskip("plum", reason="plum comes with quax, a test extra")
    case = fix_case("thirteen-dispatch-count", PLUM_DISPATCH, DISPATCH_CELL, "traced-shape", "num", 11, "static")
    found = run_case(case, tmp_path).explanation
    assert found is not None, "plum's refusal is a tracing error"
    assert (found.kind, found.argument, found.lineno) == ("traced-shape", "num", 11)
    assert any(f.kind == "static" and f.verified is True and "'num'" in f.code for f in found.fixes), found.message


REGISTRY_CELL = """\
import jax
import jax.numpy as jnp
import thirteenthlib_cases as lib

registry = lib.Registry()
y = jnp.ones(3)

@jax.jit
def nll(scale):
    model = lib.Model(scale * 2.0, registry)
    return model.loss(y)

nll(1.0)
registry.models[0].loss(y)
"""


def test_a_global_object_a_library_keeps_the_value_in_places_the_leak_where_it_was_handed_over(thirteenthlib,
                                                                                            tmp_path):
    case = fix_case("thirteen-library-kept", STHENO_MEASURE, REGISTRY_CELL, "leaked-tracer", "scale", 10,
                    "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "scale", 10, 14)
    top = found.fixes[0]  # the object stays out of the trace: guidance, said so, not a callback of the call's value
    assert (top.kind, top.template) == ("return-value", True) and "`registry` keeps what this hands it" in top.code
    assert not any(f.kind == "jax.debug.print" for f in found.fixes)


SWEEP_IN_A_CELL = """\
def final_return(num_epochs, key):
    out, _ = jax.lax.scan(lambda c, _: (c * 0.9 + jax.random.normal(key), None), 0.0, None, length=num_epochs)
    return out

epochs = jnp.array([1, 2, 4])
keys = jax.random.split(jax.random.PRNGKey(0), 3)
scores = jax.vmap(final_return)(epochs, keys)"""


def test_a_sweep_in_a_cell_gets_its_loop_from_the_kernels_hook(shell):
    shell.run("%jittrace_explain on")
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        result = shell.ip.run_cell(SWEEP_IN_A_CELL)
    shell.run("%jittrace_explain off")
    assert result.error_in_exec is not None
    shown = printed.getvalue()
    assert "Under vmap, `num_epochs` is a tracer that knows only its shape and dtype (int32[])" in shown
    assert "final_return_each = jax.jit(final_return, static_argnums=0)" in shown and "verified: traces" in shown


def test_in_a_cell_an_object_jax_cannot_trace_is_bound_with_partial_its_value_read_off_jax_dispatch(shell):
    # the kernel's hook does not run `Kernel(0.5)` again: it reads the arguments off JAX's dispatch frame, which a
    # shell keeps (hidden), so the bound fix is tried and goes first; registering the class (which holds no array)
    # is offered after it, and no static argument, which would need the object hashable
    shell.run("%jittrace_explain on")
    cell = KERNEL_CELL.format(decorator="@jax.jit").split("\n", 3)[3]  # jax and jnp are the shell's own
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        result = shell.ip.run_cell(cell)
    shell.run("%jittrace_explain off")
    assert isinstance(result.error_in_exec, TypeError)
    shown = printed.getvalue()
    fixes = shown.split("Fixes, preferred first:", 1)[1]
    assert "static_argnames='kernel'" not in fixes
    first, second = fixes.split("\n  1. ", 1)[1].split("\n  2. ", 1)
    assert first.startswith("static") and "nlml_of_kernel = jax.jit(partial(nlml, Kernel(0.5)))" in first
    assert "✓ verified: traces" in first.splitlines()[0], first
    assert "neither traced (it is not made of arrays) nor hashed as a static argument" in first
    assert second.startswith("register-pytree"), second


KEYCHAIN_CELL = """\
import jax
import jax.numpy as jnp
import thirteenthlib_cases as lib

rng = lib.KeyChain(0)

@jax.jit
def estimate(k):
    return lib.integrate(lambda x: jnp.cos(k * x), 100, rng)

estimate(1.0)
lib.integrate(jnp.sin, 100, rng)
"""


def test_what_a_library_keeps_in_an_object_is_not_made_from_a_function_it_was_handed(thirteenthlib, tmp_path):
    # the key the object keeps is its own, split again: `k` only reaches the integrand, a function the library
    # calls, so the leak depends on no argument
    case = fix_case("thirteen-kept-key", TORCHQUAD_RNG, KEYCHAIN_CELL, "leaked-tracer", None, 9, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", None, 9, 12)


FOREIGN_DTYPE_CELL = """\
import jax
import jax.numpy as jnp

class Factor:
    def __init__(self, data):
        self.data, self.shape, self.dtype = data, data.shape, "real"

def log_normalizer(factor):
    return jax.nn.logsumexp(factor.data)

factor = Factor(jnp.log(jnp.array([0.1, 0.2, 0.7])))
jax.jit(log_normalizer)(factor)
"""


def test_an_object_with_a_dtype_of_its_own_is_named_not_an_analysis_failure(tmp_path):
    case = fix_case("thirteen-foreign-dtype", FUNSOR_TENSOR, FOREIGN_DTYPE_CELL, "non-array-argument", "factor", 12,
                    "static")
    found = run_case(case, tmp_path).explanation
    assert found.analysis_failed is None
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "factor", 12)
    assert any(f.kind == "static" and f.verified is True for f in found.fixes), found.message


PERCENT_CELL = """\
import jax
import jax.numpy as jnp

def energy(coords, steps):
    e = jnp.sum(coords ** 2)
    print("E(RHF) = %.10f after %d steps (%s)" % (e, steps, "rhf"))
    return e

forces = -jax.grad(energy)(jnp.ones((2, 3)), 4)
"""


def test_old_style_percent_formatting_of_a_traced_value_becomes_jax_debug_print(tmp_path):
    case = fix_case("thirteen-percent-print", PYSCFAD_PRINT, PERCENT_CELL, "concretization", "coords", 6,
                    "jax.debug.print")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("concretization", "coords", 6)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jax.debug.print", True), top.outcome
    assert top.code == "jax.debug.print('E(RHF) = {e:.10f} after {steps:d} steps ({v2})', e=e, steps=steps, v2='rhf')"
