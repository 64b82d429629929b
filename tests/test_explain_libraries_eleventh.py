"""Issue 26, ninth round: reductions of the thirteenth held-out set's misses (clu, unxt), each my own.

- A library that checks for tracers itself, deep in a pytree (clu's ``CollectingMetric.merge`` raises
  ``RuntimeError("Tracer detected! ...")`` when any value of its dict of tuples is traced): a concretization, and
  the call that refuses tracers moved out of the jitted function, after a ``return`` too.
- A mean of a masked selection written with the user's own NumPy-like namespace (``qnp.mean(r[r < r_cut])``
  with quaxed's ``numpy`` for unxt quantities): the mask goes into that namespace's ``where`` and ``sum``; a
  padded ``jnp.nonzero`` selection, which changes a mean, is not offered for it.
- A compiled library names its source by a relative path that does not exist (plum's ``src/plum/_function.py``):
  its frames are not the user's, so a leak's later use is still read in the user's cell.
"""
from __future__ import annotations

import os
import sys

import pytest
from corpus_harness import fix_case, install_library, leak_case, run_case

from jaxmagic._common.frames import is_user_file

CLU_METRICS = "https://github.com/google/CommonLoopUtils/blob/main/clu/metrics.py"  # CollectingMetric.merge
UNXT_SHARP_BITS = "https://unxt.readthedocs.io"  # Quantity masks inside jit, quaxed.numpy for quantities

ELEVENTHLIB = '''
import types

import jax
import jax.numpy as jnp
import numpy as np


class Collected:
    """Values gathered on the host, batch by batch: merging refuses traced values (as clu's metric does)."""

    def __init__(self, values):
        self.values = values

    @classmethod
    def from_output(cls, scores):
        return cls({"scores": (scores,)})

    def merge(self, other):
        values = {name: (*value, *other.values[name]) for name, value in self.values.items()}
        if any(isinstance(v, jax.core.Tracer) for value in values.values() for v in value):
            raise RuntimeError("Tracer detected! Collected cannot be JIT compiled.")
        return Collected(values)

    def compute(self):
        return {name: np.concatenate(value) for name, value in self.values.items()}


jax.tree_util.register_pytree_node(Collected, lambda c: ((c.values,), None), lambda _, kids: Collected(*kids))

# a NumPy-like namespace of a library's own (as quaxed.numpy is for unxt's quantities)
numpy = types.ModuleType("eleventhlib_cases.numpy")
numpy.mean, numpy.sum, numpy.where, numpy.zeros_like = jnp.mean, jnp.sum, jnp.where, jnp.zeros_like
'''


@pytest.fixture
def eleventhlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "eleventhlib_cases", ELEVENTHLIB)
    yield
    sys.modules.pop("eleventhlib_cases", None)


def test_a_librarys_own_tracer_check_deep_in_a_pytree_is_a_concretization_moved_out_of_jit(eleventhlib, tmp_path):
    # reduces the thirteenth set's y-clu-collecting-metric-merge-in-jit
    case = fix_case("eleven-library-tracer-check", CLU_METRICS, """\
import jax
import jax.numpy as jnp
import eleventhlib_cases as lib

@jax.jit
def eval_step(collected, scores):
    update = lib.Collected.from_output(scores)
    return collected.merge(update)

collected = lib.Collected.from_output(jnp.zeros(4))
collected = eval_step(collected, jnp.ones(4))
""", "concretization", "collected", 8, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("concretization", "collected", 8)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert "def eval_step_traced(collected, scores):" in top.code and "    return update" in top.code
    assert "    return collected.merge(update)  # outside jit" in top.code


def test_a_masked_mean_in_the_users_own_array_namespace_is_masked_with_that_namespace(eleventhlib, tmp_path):
    # reduces the thirteenth set's y-unxt-boolean-mask-on-quantity
    case = fix_case("eleven-namespace-masked-mean", UNXT_SHARP_BITS, """\
import jax
import jax.numpy as jnp
import eleventhlib_cases as lib

qnp = lib.numpy

@jax.jit
def mean_inner_radius(r, r_cut):
    return qnp.mean(r[r < r_cut])

mean_inner_radius(jnp.array([0.5, 1.5, 2.5, 3.5]), 2.0)
""", "boolean-index", "r", 9, "jnp.where")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), top.outcome
    assert top.code == "qnp.sum(qnp.where(r < r_cut, r, qnp.zeros_like(r))) / (r < r_cut).sum()"
    assert "size-argument" not in [f.kind for f in found.fixes]  # padding would change the mean


def test_a_relative_source_name_that_does_not_exist_is_a_librarys_not_the_users(tmp_path, monkeypatch):
    assert not is_user_file(os.path.join("src", "plum", "_function.py"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "script.py").write_text("x = 1\n")
    assert is_user_file("script.py")  # `python script.py` names its file relative to where it runs


def test_a_global_state_the_jitted_function_replaces_is_threaded_in_and_out(tmp_path):
    # reduces the thirteenth set's y-clu-collection-merged-into-global: a running total kept in a global that the
    # jitted step reads and replaces (`global running; running = running.merge(...)`)
    case = leak_case("eleven-threaded-state", CLU_METRICS, """\
import jax
import jax.numpy as jnp

running = {"total": jnp.zeros(()), "count": jnp.zeros(())}

@jax.jit
def eval_step(x):
    global running
    loss = jnp.mean(x ** 2)
    running = {"total": running["total"] + loss, "count": running["count"] + 1}
    return loss

eval_step(jnp.ones(3))
print(running["total"] / running["count"])
""", 10, "x")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno) == ("leaked-tracer", 10)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert "def eval_step(x, running):" in top.code and "global running" not in top.code
    assert "result, running = eval_step(..., running)" in top.code



def test_a_library_call_that_needs_host_arrays_before_a_last_return_moves_out_of_jit_with_it(eleventhlib, tmp_path):
    # reduces the thirteenth set's y-clu-collecting-metric-compute-in-jit: the host call's result is read by JAX in
    # the function's last line, which moves out of the jit with it
    case = fix_case("eleven-host-call-then-return", CLU_METRICS, """\
import jax
import jax.numpy as jnp
import eleventhlib_cases as lib

@jax.jit
def eval_step(scores):
    update = lib.Collected.from_output(scores)
    values = update.compute()
    return jnp.mean(values["scores"])

eval_step(jnp.ones(4))
""", "array-conversion", "scores", 8, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("array-conversion", "scores", 8)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert '    values = update.compute()  # outside jit\n    return jnp.mean(values["scores"])' in top.code


ECONPIZZA_PATHS = "https://econpizza.readthedocs.io"  # a loaded model used inside a jitted helper


def test_an_unhashable_object_a_global_holds_is_read_from_the_module_not_passed(tmp_path):
    # reduces the thirteenth set's z-econpizza-model-as-jit-argument: a model object (a dataclass: equal by value,
    # so unhashable) passed to a jitted helper; static fails, registering its class is not the user's to do
    case = fix_case("eleven-closed-over-model", ECONPIZZA_PATHS, """\
import dataclasses
import jax
import jax.numpy as jnp

@dataclasses.dataclass
class Model:
    names: list
    steady: dict

model = Model(["c", "y"], {"c": 1.0, "y": 2.0})

@jax.jit
def deviation(model, path):
    steady = jnp.array([model.steady[n] for n in model.names])
    return 100 * (path / steady - 1)

deviation(model, jnp.ones((3, 2)))
""", "non-array-argument", "model", 17, "static")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.argument, found.lineno) == ("non-array-argument", "model", 17)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), top.outcome
    assert "def deviation(path):" in top.code and "deviation(...)   # without `model`" in top.code


FMMAX_CACHE = "https://github.com/facebookresearch/fmmax"  # an ambient eigensolve cached across jitted calls


def test_a_memo_cache_filled_while_tracing_is_computed_each_call_instead(tmp_path):
    # reduces the thirteenth set's z-fmmax-cached-ambient-eigensolve: a module-level dict caching a helper's
    # result, filled during the first trace; the retrace for a new static value gets the first trace's tracer back
    case = leak_case("eleven-memo-cache", FMMAX_CACHE, """\
import functools
import jax
import jax.numpy as jnp

_cache = {}

def basis(n_modes, x):
    if n_modes not in _cache:
        _cache[n_modes] = jnp.cos(jnp.outer(jnp.arange(n_modes), x))
    return _cache[n_modes]

@functools.partial(jax.jit, static_argnames="scale")
def project(x, y, scale):
    return scale * (basis(3, x) @ y)

project(jnp.ones(4), jnp.ones(4), scale=1.0)
project(jnp.ones(4), jnp.ones(4), scale=2.0)
""", 9, "x")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno) == ("leaked-tracer", 9)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome
    assert top.code == "def basis(n_modes, x):\n    cache = jnp.cos(jnp.outer(jnp.arange(n_modes), x))\n    return cache"


AUTORAY_CACHE = "https://github.com/jcmgray/autoray"  # a DFT basis cached by size in a module dict


def test_a_memo_cache_with_setup_lines_read_inside_an_expression_is_computed_each_call(tmp_path):
    # reduces the tenth set's s-autoray-module-cache-leak (a setup line before the store) and s2fft's precompute
    # cache (the cached value read as an argument, not returned alone)
    case = leak_case("eleven-memo-cache-setup", AUTORAY_CACHE, """\
import jax
import jax.numpy as jnp

_basis_cache = {}

def dft_basis(x):
    n = x.shape[0]
    if n not in _basis_cache:
        k = jnp.arange(n)
        _basis_cache[n] = jnp.cos(2 * jnp.pi * jnp.outer(k, k) / n)
    return 2.0 * _basis_cache[n]

y1 = jax.jit(lambda x: dft_basis(x) @ x)(jnp.ones(4))
y2 = jax.jit(lambda x: dft_basis(x) @ x)(jnp.arange(4.0))
""", 10, "x")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno) == ("leaked-tracer", 10)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), top.outcome  # the same jitted lambda, its last call
    assert "        k = jnp.arange(n)" not in top.code and "    k = jnp.arange(n)\n    basis = jnp.cos(" in top.code
    assert top.code.endswith("    return 2.0 * basis")


def test_the_memo_cache_fix_runs_when_pasted_in_place_of_the_helper(tmp_path):
    # the offered `def basis(...)` pasted over the user's: both calls run, the second with the new static value
    code = """\
import functools
import jax
import jax.numpy as jnp

_cache = {}

def basis(n_modes, x):
    if n_modes not in _cache:
        _cache[n_modes] = jnp.cos(jnp.outer(jnp.arange(n_modes), x))
    return _cache[n_modes]

@functools.partial(jax.jit, static_argnames="scale")
def project(x, y, scale):
    return scale * (basis(3, x) @ y)

first = project(jnp.ones(4), jnp.ones(4), scale=1.0)
second = project(jnp.ones(4), jnp.ones(4), scale=2.0)
"""
    top = run_case(leak_case("eleven-memo-pasted", FMMAX_CACHE, code, 9, "x"), tmp_path).explanation.fixes[0]
    helper = code[code.index("def basis"):code.index("@functools")]
    namespace: dict = {}
    exec(compile(code.replace(helper, top.code + "\n\n"), "<pasted>", "exec"), namespace)  # noqa: S102
    assert float(namespace["second"][0]) == 2.0 * float(namespace["first"][0])
