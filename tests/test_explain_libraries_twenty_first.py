"""Issue 26, nineteenth round: callbacks a library calls with values it computed, every conversion a printed
string makes, masks of fewer axes than the array they update, and values the jitted function makes from no
argument.

- A metric or loss the user hands to library code, which calls it with values the library computed (laplax's
  ``evaluate_for_given_prior_arguments`` calling ``coverage(pred_mean, pred_std, target)`` inside the user's
  jitted objective): the argument is the callback's parameter the failing line reads, not the objective's.
  When several are read, the first, whatever names the library's own call line holds.
- ``print(f"{float(a)} {float(b)}")``: ``jax.debug.print`` of both values, not only of the one that failed
  first. Under ``jax.grad`` alone the explanation says so, not "Under jit".
- ``image.at[mask].set(0)`` with a mask of the image's rows and columns only: ``jnp.where`` needs the mask given
  the image's trailing axes (``mask[..., None]``).
- A statement of the jitted function that reads nothing the function is given (``kr, keep =
  ispec_grid(grid)`` of a grid it closes over): moved before the jitted function, where its results are
  concrete; a name the cell assigns again later gets its own name.
- State an object JAX does not see holds (brainpy's ``DynamicalSystem`` with ``bm.Variable``s its runner carries
  through a scan): the argument is ``self`` at the attribute the line reads; a branch assigning the state's value
  is picked by ``jnp.where``; ``self.V[spike] = 0.`` is assigned whole, in place.
- ``jax.grad(loss)(layer, c)`` with an object first: ``argnums=1``. A user's ``@jax.jit`` around library code that
  refuses traced values (cvxpylayers' layer): called without it. A fix that jaxmagic's abstract trace cannot judge,
  because the library needs values the user's call without jit gives it, is said to be unknown, not failed.
"""
from __future__ import annotations

import pytest
from corpus_harness import explained_cell, install_library, tried

LAPLAX_EVAL = "https://github.com/laplax-org/laplax/blob/main/laplax/eval/calibrate.py"  # metric(pred_mean, ...)
LAPLAX_LOSS = "https://github.com/laplax-org/laplax/blob/main/laplax/api.py"  # loss_fn, a callable, vmapped
PYQG_DIAGNOSTICS = "https://pyqg-jax.readthedocs.io/en/latest/reference.diagnostics.html"  # ispec_grid's keep
IMAX_CUTOUT = "https://github.com/4rtemi5/imax/blob/master/imax/color_transforms.py"  # a (h, w, 1) cutout mask
JAX_PRINT = "https://docs.jax.dev/en/latest/debugging/print_breakpoint.html"  # jax.debug.print under transforms

CALIBLIB = '''
import jax.numpy as jnp


def evaluate(prior, data, metric):
    """Predictions made from the prior's precision, scored by the user's metric (no jit of its own)."""
    pred_mean = data["input"] * prior["prec"]
    pred_std = jnp.sqrt(1.0 / (1.0 + prior["prec"])) * jnp.ones_like(pred_mean)
    return metric(pred_mean=pred_mean, pred_std=pred_std, target=data["target"])


def fit(loss_fn, preds, targets):
    """The curvature of the user's loss along a direction, per example (a Hessian-vector product)."""
    import jax

    def one(pred, target):
        def local(p):
            return loss_fn(p, target)
        return jax.jvp(jax.grad(local), (pred,), (jnp.ones_like(pred),))[1]
    return jax.vmap(one)(preds, targets).sum()


def grid_info(grid):
    """The wavenumbers and how many of them to keep: arrays, computed with jnp."""
    k = jnp.arange(grid["n"]) * grid["dk"]
    return k, jnp.sum(k < grid["cut"])
'''


@pytest.fixture
def caliblib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "caliblib_cases", CALIBLIB)


METRIC = """\
import jax
import jax.numpy as jnp
import numpy as np
from caliblib_cases import evaluate

def coverage(pred_mean, pred_std, target):
    return np.mean(np.abs(target - pred_mean) <= 2 * pred_std)

@jax.jit
def objective(prior, data):
    return evaluate(prior, data, coverage)

data = {"input": jnp.ones(8), "target": jnp.zeros(8)}
score = objective({"prec": 1.0}, data)
"""


def test_a_metric_library_code_calls_inside_the_users_jit_names_its_own_parameter(tmp_path, caliblib):
    found = explained_cell("metric", LAPLAX_EVAL, METRIC, tmp_path)
    assert (found.kind, found.lineno) == ("array-conversion", 7), tried(found)
    assert found.argument == "pred_mean", (found.argument, found.paths)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("jnp-not-np", True), tried(found)


LOSS = """\
import jax.numpy as jnp
from caliblib_cases import fit

def huber(pred, target, delta=1.0):
    r = jnp.abs(pred - target).sum()
    if r < delta:
        return 0.5 * r ** 2
    return delta * (r - 0.5 * delta)

total = fit(huber, jnp.ones((4, 2)), jnp.zeros((4, 2)))
"""


def test_the_first_parameter_read_is_named_not_the_one_the_librarys_call_line_names(tmp_path, caliblib):
    found = explained_cell("loss", LAPLAX_LOSS, LOSS, tmp_path)
    assert (found.kind, found.lineno) == ("bool-conversion", 6), tried(found)
    assert found.argument == "pred", (found.argument, found.paths)
    assert (found.fixes[0].kind, found.fixes[0].verified) == ("jnp.where", True), tried(found)


PRINTED = """\
import jax
import jax.numpy as jnp

def loss(rd):
    ke = jnp.sin(rd) ** 2
    print(f"rd={float(rd):.0f} KE={float(ke):.3e}")
    return ke

value, grad = jax.value_and_grad(loss)(1.5)
"""


def test_every_conversion_in_a_printed_string_is_undone_and_grad_is_named(tmp_path):
    found = explained_cell("printed", JAX_PRINT, PRINTED, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("concretization", 6, "jax.debug.print", True), \
        tried(found)
    assert "float(" not in top.code and "ke=ke.astype" in top.code, top.code
    assert found.why.startswith("Under differentiation (`grad`)"), found.why


def test_a_grad_inside_a_jit_is_still_said_to_be_under_jit(tmp_path):
    code = PRINTED.replace("jax.value_and_grad(loss)(1.5)", "jax.jit(jax.value_and_grad(loss))(1.5)")
    found = explained_cell("printed-jit", JAX_PRINT, code, tmp_path)
    assert found.why.startswith("Under jit"), found.why


MASKED = """\
import jax
import jax.numpy as jnp

def cutout_mask(key, size, side):
    corner = jax.random.randint(key, (2,), 0, size[0] - side)
    rows = jnp.arange(size[0])[:, None, None]
    cols = jnp.arange(size[1])[None, :, None]
    return (rows >= corner[0]) & (rows < corner[0] + side) & (cols >= corner[1]) & (cols < corner[1] + side)

@jax.jit
def erase(image, key):
    mask = cutout_mask(key, image.shape[:2], 8)
    return image.at[mask[..., 0]].set(0)

out = erase(jnp.ones((16, 16, 3)), jax.random.PRNGKey(0))
"""


def test_a_mask_of_fewer_axes_than_the_array_gets_the_trailing_axes(tmp_path):
    found = explained_cell("masked", IMAX_CUTOUT, MASKED, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind) == ("boolean-index", 13, "jnp.where"), tried(found)
    assert "mask[..., 0][..., None]" in top.code, top.code
    assert top.verified is True, tried(found)


CONSTANT = """\
import jax
import jax.numpy as jnp
from caliblib_cases import grid_info

grid = {"n": 16, "dk": 0.5, "cut": 4.0}

@jax.jit
def spectrum(field):
    power = jnp.abs(field) ** 2
    kr, keep = grid_info(grid)
    return kr[:keep], power[:keep]

kr, power = spectrum(jnp.ones(16))
"""


def test_a_value_made_from_no_argument_is_made_before_the_jit(tmp_path, caliblib):
    found = explained_cell("constant", PYQG_DIAGNOSTICS, CONSTANT, tmp_path)
    assert (found.kind, found.lineno, found.argument) == ("traced-shape", 11, None), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    # ``kr`` is assigned again by the cell's last line: the moved statement's own name keeps a new trace right
    assert top.code.startswith("kr_const, keep = grid_info(grid)"), top.code
    assert "`spectrum`" in top.code


def test_a_value_made_from_an_argument_is_not_moved(tmp_path, caliblib):
    code = CONSTANT.replace("grid_info(grid)", "grid_info({**grid, 'n': field.shape[0]})")
    found = explained_cell("from-argument", PYQG_DIAGNOSTICS, code, tmp_path)
    assert not any(f.code.startswith("kr") and f.kind == "static" for f in found.fixes), tried(found)


BRAINPY_RUNNER = "https://brainpy.readthedocs.io/en/latest/tutorial_simulation/simulation_dsrunner.html"  # update()
CVXPYLAYERS_JAX = "https://github.com/cvxpy/cvxpylayers#jax"  # a layer run under jax.grad, not under jax.jit

STATELIB = '''
import jax
import jax.numpy as jnp


class Variable:
    """A state a system updates in place; the runner carries its value through the loop."""

    def __init__(self, value):
        self.value = value

    def __setitem__(self, index, new):
        self.value = self.value.at[index].set(new)


class Runner:
    """Runs a system's ``update`` over inputs in a scan; the states' concrete values are put back after."""

    def __init__(self, system):
        self.system = system

    def run(self, inputs):
        states = [v for v in vars(self.system).values() if isinstance(v, Variable)]
        start = [v.value for v in states]

        def step(carry, x):
            for v, c in zip(states, carry):
                v.value = c
            out = self.system.update(x)
            return [v.value for v in states], out

        try:
            return jax.lax.scan(step, start, inputs)[1]
        finally:
            for v, c in zip(states, start):
                v.value = c


@jax.custom_vjp
def solve(c):
    """A solver that reads its problem data with NumPy: under a jit it cannot run, under grad alone it can (its
    forward pass is given the values)."""
    import numpy as np
    return jnp.asarray(np.clip(np.asarray(c), 0.0, None))


def _solve_forward(c):
    return solve(c), c


def _solve_backward(c, g):
    return (g * (c > 0),)


solve.defvjp(_solve_forward, _solve_backward)
'''


@pytest.fixture
def statelib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "statelib_cases", STATELIB)


SPIKING = """\
import jax.numpy as jnp
from statelib_cases import Runner, Variable

class LIF:
    def __init__(self, n):
        self.V = Variable(jnp.zeros(n))
        self.spike = Variable(jnp.zeros(n, dtype=bool))

    def update(self, inp):
        self.V.value = self.V.value + 0.3 * inp
        self.spike.value = self.V.value > 1.0
        if jnp.any(self.spike.value):
            self.V.value = jnp.where(self.spike.value, 0.0, self.V.value)
        return self.spike.value

out = Runner(LIF(3)).run(jnp.ones((10, 3)))
"""


def test_state_an_object_jax_does_not_see_holds_is_named_self_and_its_branch_picked(tmp_path, statelib):
    found = explained_cell("spiking", BRAINPY_RUNNER, SPIKING, tmp_path)
    assert (found.kind, found.lineno) == ("bool-conversion", 12), tried(found)
    assert (found.argument, found.path) == ("self", "self.spike"), found.paths
    top = found.fixes[0]
    assert top.kind == "jnp.where" and top.code.startswith("self.V.value = jnp.where("), top.code
    assert top.verified is True, tried(found)


def test_an_item_assignment_through_a_mask_is_made_whole_in_place(tmp_path, statelib):
    code = SPIKING.replace(
        "        if jnp.any(self.spike.value):\n            self.V.value = jnp.where(self.spike.value, 0.0, self.V.value)\n",
        "        self.V[self.spike.value] = 0.0\n")
    found = explained_cell("masked-state", BRAINPY_RUNNER, code, tmp_path)
    assert (found.kind, found.lineno, found.argument) == ("boolean-index", 12, "self"), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.code) == ("jnp.where", "self.V[...] = jnp.where(self.spike.value, 0.0, self.V)"), \
        tried(found)


LAYER_FIRST = """\
import jax
import jax.numpy as jnp
from statelib_cases import solve

class Layer:
    def __call__(self, c):
        return solve(c)

def loss(layer, c):
    return jnp.sum(layer(c) ** 2)

g = jax.grad(loss)(Layer(), jnp.array([0.2, -0.5, 0.3]))
"""


def test_grad_of_an_object_first_is_given_argnums(tmp_path, statelib):
    found = explained_cell("layer-first", CVXPYLAYERS_JAX, LAYER_FIRST, tmp_path)
    assert (found.kind, found.argument) == ("non-array-argument", "layer"), tried(found)
    assert (found.fixes[0].kind, found.fixes[0].code) == ("static", "jax.grad(loss, argnums=1)"), tried(found)


JITTED_SOLVE = """\
import jax
import jax.numpy as jnp
from statelib_cases import solve

@jax.jit
def predict(c):
    return solve(c) @ jnp.array([1.0, 2.0, 3.0])

predict(jnp.array([0.2, -0.5, 0.3]))
"""


def test_a_jit_around_library_code_that_refuses_traced_values_is_dropped(tmp_path, statelib):
    found = explained_cell("jitted-solve", CVXPYLAYERS_JAX, JITTED_SOLVE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind) == ("array-conversion", "remove-inner-jit"), tried(found)
    assert top.code.startswith("def predict(c):   # no @jax.jit"), top.code
    assert top.verified is None and "statelib_cases" in top.summary


NUMPY_AFTER_SOLVE = """\
import numpy as np
import jax
import jax.numpy as jnp
from statelib_cases import solve

def loss(c):
    w = solve(c)
    return np.sum(w * np.log(w + 1e-9))

g = jax.grad(loss)(jnp.array([0.2, 0.5, 0.3]))
"""


def test_a_fix_the_abstract_trace_cannot_judge_is_not_said_to_fail(tmp_path, statelib):
    # under grad alone the solver has its values; jaxmagic's abstract trace has shapes only, and the solver refuses
    found = explained_cell("numpy-after-solve", CVXPYLAYERS_JAX, NUMPY_AFTER_SOLVE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind) == ("array-conversion", 8, "jnp-not-np"), tried(found)
    assert top.verified is None and "statelib_cases's own code needed concrete values" in top.outcome, tried(found)
