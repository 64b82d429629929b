"""Issue 26, twenty-third round: patterns the twenty-seventh and twenty-eighth held-out sets left unfixed, each as a
reduction of its own.

- A size the jitted function computes from its arrays' values (cuequivariance-jax's node count
  ``num_nodes = graph["receivers"].max() + 1``, put into the output's ``ShapeDtypeStruct``; JAX's
  ``segment_sum`` documents that ``num_segments`` must be static under jit): the statement moved to the caller,
  where the arrays hold values, and the size made a static parameter, tried with the value the call's own arrays
  give (computed with NumPy, so nothing compiles); never only a mask pattern or "call it without jit".
- An object no jit can return, stored from inside one (qiskit-dynamics' ``OdeResult`` appended to a list,
  diffusionjax's ``get_score`` closure kept in a dict): the fix returns the array the cell reads of it later, or
  the traced inputs it was built from (built again outside), and is tried; never a return that cannot trace.
- A NumPy scalar setting in a dict argument (``{"dropout": np.float32(0.1)}``) that library code reads with
  ``.item()`` (jaxonnxruntime's Dropout handler), under ``jax.jit(jax.value_and_grad(loss))``: the leaf taken out
  into a static parameter, passed as the NumPy scalar it was (hashable, and it keeps ``.item()``), on the user's
  own statement with its transforms.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

SEGMENT_SUM = "https://docs.jax.dev/en/latest/_autosummary/jax.ops.segment_sum.html"  # num_segments static under jit
CUEX_OUTPUTS = "https://docs.nvidia.com/cuda/cuequivariance/api/generated/cuequivariance_jax.equivariant_polynomial.html"

POOL = """\
import jax
import jax.numpy as jnp

@jax.jit
def pool(feats, ids):
    num_segments = ids.max() + 1
    return jax.ops.segment_sum(feats, ids, num_segments=num_segments)

pool(jnp.ones((5, 2)), jnp.array([0, 0, 1, 2, 2]))
"""


def test_a_size_computed_from_values_is_computed_by_the_caller_and_passed_static(tmp_path):
    found = explained_cell("segment-count", SEGMENT_SUM, POOL, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("ids", "static", True), tried(found)
    assert "def pool(feats, ids, *, num_segments):" in top.code and "static_argnames='num_segments'" in top.code
    assert "# num_segments = int(ids.max() + 1)" in top.code and "num_segments = ids.max()" not in \
        top.code.split("# and compute")[0], top.code
    assert top.recipe.replace == {"num_segments": 3}


# a library that takes the output's shape and dtype as a ShapeDtypeStruct (cuequivariance-jax's outputs)
POLYNOMIAL = """\
import jax.numpy as jnp


def scatter_polynomial(values, indices, out):
    return jnp.zeros(out.shape, out.dtype).at[indices].add(values)
"""

NODES = """\
import jax
import jax.numpy as jnp
from polynomial_cases import scatter_polynomial

@jax.jit
def node_features(graph):
    num_nodes = graph["receivers"].max() + 1
    out = jax.ShapeDtypeStruct((num_nodes, 3), jnp.float32)
    return scatter_polynomial(graph["vecs"], graph["receivers"], out)

node_features({"vecs": jnp.ones((6, 3)), "receivers": jnp.array([0, 0, 1, 2, 2, 2])})
"""


def test_a_size_reaching_the_failing_line_through_another_local_is_found(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "polynomial_cases", POLYNOMIAL)
    found = explained_cell("node-count", CUEX_OUTPUTS, NODES, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("traced-shape", "static", True), tried(found)
    assert "def node_features(graph, *, num_nodes):" in top.code, top.code
    assert "int(graph['receivers'].max() + 1)" in top.code, top.code
    assert not any(f.kind == "remove-inner-jit" for f in found.fixes), tried(found)


STEPS = """\
import jax
import jax.numpy as jnp

@jax.jit
def rollout(x, lengths):
    steps = lengths.max()
    for _ in range(steps):
        x = x * 0.9
    return x

rollout(jnp.ones(3), jnp.array([2, 4]))
"""


def test_a_loop_count_from_values_keeps_lax_first_and_the_static_count_after(tmp_path):
    found = explained_cell("loop-count", SEGMENT_SUM, STEPS, tmp_path)
    kinds = [(f.kind, f.verified) for f in found.fixes]
    assert kinds[:2] == [("lax.fori_loop", True), ("static", True)], tried(found)
    assert "# steps = int(lengths.max())" in found.fixes[1].code



QISKIT_SOLVE = "https://qiskit-community.github.io/qiskit-dynamics/stubs/qiskit_dynamics.Solver.html"  # OdeResult
DIFFUSIONJAX_SCORE = "https://github.com/bb515/diffusionjax"  # get_score returns a function of x and t

# a solver's result: a plain class holding arrays, no pytree (qiskit-dynamics' OdeResult)
RESULTS = """\
class OdeResult:
    def __init__(self, t, y):
        self.t, self.y = t, y


def solve(amp, ts):
    return OdeResult(ts, amp * ts)


def score_of(params, scaled=True):
    return lambda x: x * params["w"]
"""

KEPT_RESULT = """\
import jax
import jax.numpy as jnp
from result_cases import solve

history = []

@jax.jit
def population(amp):
    res = solve(amp, jnp.linspace(0.0, 1.0, 5))
    history.append(res)
    return res.y[-1] ** 2

population(0.5)
jnp.abs(history[0].y) ** 2
"""


def test_a_kept_result_of_no_pytree_class_returns_the_array_the_cell_reads(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "result_cases", RESULTS)
    found = explained_cell("kept-result", QISKIT_SOLVE, KEPT_RESULT, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("leaked-tracer", 10, "return-value", True), \
        tried(found)
    assert "history_y = res.y" in top.code and "history.append(history_y)" in top.code, top.code


KEPT_FUNCTION = """\
import jax
import jax.numpy as jnp
from result_cases import score_of

latest = {}

@jax.jit
def train_step(params, x):
    latest["score"] = score_of(params, scaled=True)
    return params["w"] * x

train_step({"w": jnp.ones(2)}, jnp.ones(2))
latest["score"](jnp.ones(2))
"""


def test_a_kept_function_returns_its_traced_inputs_and_is_built_again_outside(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "result_cases", RESULTS)
    found = explained_cell("kept-function", DIFFUSIONJAX_SCORE, KEPT_FUNCTION, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("leaked-tracer", 9, "return-value", True), \
        tried(found)
    assert "params_for_score = params" in top.code, top.code
    assert "latest['score'] = score_of(params_for_score, scaled=True)" in top.code, top.code


JORT_DROPOUT = "https://github.com/google/jaxonnxruntime/blob/main/jaxonnxruntime/onnx_ops/dropout.py"  # .item()

DROPOUT = """\
def run(x, ratio):
    keep = 1.0 - ratio.item()
    return x * keep
"""

SETTING = """\
import jax
import jax.numpy as jnp
import numpy as np
import dropout_cases

def loss(w, x, hparams):
    y = dropout_cases.run(x @ w, hparams["dropout"])
    return jnp.mean(y ** 2)

train_step = jax.jit(jax.value_and_grad(loss))
train_step(jnp.eye(3), jnp.ones((2, 3)), {"dropout": np.float32(0.1)})
"""


def test_a_numpy_scalar_setting_read_by_a_library_becomes_its_own_static_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "dropout_cases", DROPOUT)
    found = explained_cell("numpy-setting", JORT_DROPOUT, SETTING, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.path, top.kind, top.verified) == ("concretization", "hparams['dropout']", "static",
                                                                 True), tried(found)
    assert "train_step = jax.jit(jax.value_and_grad(loss), static_argnames='dropout')" in top.code, top.code
    assert "# train_step(w, x, hparams, dropout=hparams['dropout'])" in top.code, top.code
