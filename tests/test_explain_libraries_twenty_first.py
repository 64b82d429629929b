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
