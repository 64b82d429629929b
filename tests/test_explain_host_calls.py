"""Issue 26: a library call that needs concrete values, made inside jit, is moved out of the trace.

``mjx.get_data`` inside a jitted step (google-deepmind/mujoco issue 1256),
xminigrid's ``env.render`` on a jitted timestep, sympy2jax's ``mod.sympy()``
printed inside a jitted train step: the library reads values, no JAX twin
exists, and JAX's message says nothing of where to put the call. The fix
splits the jitted function before the call, which then runs on the arrays the
jitted part returns. The library here is my own small stand-in, installed in
a temporary ``site-packages`` so that jaxmagic reads it as an installed
package; each cell is my own reduction of the pattern its ``source`` names.
"""
from __future__ import annotations

import sys

import jax.numpy as jnp
import pytest
from corpus_harness import fix_case, install_library, run_case

MJX_GET_DATA = "https://github.com/google-deepmind/mujoco/issues/1256"
XMINIGRID_RENDER = "https://github.com/dunnolab/xland-minigrid"
SYMPY2JAX_PRINT = "https://github.com/patrick-kidger/sympy2jax"

HOSTLIB = '''\
import numpy as np


def to_host(state):
    """A copy of the state for the host, as plain Python lists."""
    return {"pos": np.asarray(state).tolist()}


class Scene:
    def __init__(self, size):
        self.size = size

    def render(self, cell):
        """One row per coordinate, the coordinate's value along it."""
        return np.outer(np.asarray(cell, dtype=float), np.ones(self.size))
'''


@pytest.fixture
def hostlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "hostlib_calls", HOSTLIB)
    yield
    sys.modules.pop("hostlib_calls", None)


def _pasted(case, fix) -> dict:
    """The fix's code run where the user's definition was, in the cell's own namespace."""
    namespace = sys.modules[f"jaxmagic_corpus_{case.id.replace('-', '_')}"].__dict__
    exec(compile(fix.code, "<pasted fix>", "exec"), namespace)
    return namespace


def test_a_library_copy_to_the_host_is_made_outside_the_jitted_part(hostlib, tmp_path):
    case = fix_case("host-to-host", MJX_GET_DATA, """\
import jax
import hostlib_calls

@jax.jit
def step(pos, vel):
    pos = pos + vel
    snapshot = hostlib_calls.to_host(pos)
    return pos, snapshot

step(jax.numpy.array([1.0, 2.0]), jax.numpy.array([0.5, 0.5]))
""", "array-conversion", "pos", 7, "return-value")
    found = run_case(case, tmp_path).explanation
    assert (found.kind, found.lineno) == ("array-conversion", 7)
    top = found.fixes[0]
    assert top.kind == "return-value" and top.verified is True
    assert "def step_traced(pos, vel):" in top.code and "pos = step_traced(pos, vel)" in top.code
    namespace = _pasted(case, top)
    pos, snapshot = namespace["step"](jnp.array([1.0, 2.0]), jnp.array([0.5, 0.5]))
    assert snapshot == {"pos": [1.5, 2.5]} and pos.tolist() == [1.5, 2.5]
    assert namespace["step_traced"]._cache_size() == 1  # the jitted part is jitted, and traced once


def test_a_library_objects_method_reading_values_returns_every_name_it_and_the_return_need(hostlib, tmp_path):
    case = fix_case("host-render", XMINIGRID_RENDER, """\
import jax
import jax.numpy as jnp
import hostlib_calls

scene = hostlib_calls.Scene(4)

@jax.jit
def move(cell, delta):
    cell = cell + delta
    reward = jnp.sum(cell)
    frame = scene.render(cell)
    return cell, reward, frame

move(jnp.array([1.0, 1.0]), jnp.array([1.0, 2.0]))
""", "array-conversion", "cell", 11, "return-value")
    found = run_case(case, tmp_path).explanation
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True)
    assert "return cell, reward" in top.code and "`scene.render`" in top.summary
    cell, reward, frame = _pasted(case, top)["move"](jnp.array([1.0, 1.0]), jnp.array([1.0, 2.0]))
    assert int(reward) == 5 and frame.shape == (2, 4) and frame[:, 0].tolist() == [2.0, 3.0]


def test_no_split_where_a_traced_computation_reads_the_calls_result(hostlib, tmp_path):
    case = fix_case("host-result-traced", MJX_GET_DATA, """\
import jax
import jax.numpy as jnp
import hostlib_calls

@jax.jit
def step(pos):
    pos = pos * 2.0
    snapshot = hostlib_calls.to_host(pos)
    total = jnp.sum(jnp.asarray(snapshot["pos"]))
    return total * 2.0

step(jnp.array([1.0, 2.0]))
""", "array-conversion", "pos", 8, "return-value")
    found = run_case(case, tmp_path).explanation
    # (a last `return` of the result alone moves out with the call: tests/test_explain_libraries_eleventh.py)
    assert found.lineno == 8 and all(f.kind != "return-value" for f in found.fixes)


def test_no_split_of_a_helper_the_jitted_function_calls(hostlib, tmp_path):
    case = fix_case("host-in-helper", SYMPY2JAX_PRINT, """\
import jax
import hostlib_calls

def log(pos):
    snapshot = hostlib_calls.to_host(pos)
    print(snapshot)

@jax.jit
def step(pos):
    pos = pos * 2.0
    log(pos)
    return pos

step(jax.numpy.array([1.0, 2.0]))
""", "array-conversion", "pos", 5, "return-value")
    found = run_case(case, tmp_path).explanation
    assert found.lineno == 5 and all(f.kind != "return-value" for f in found.fixes)


def test_no_split_where_a_librarys_computation_reads_the_calls_result(hostlib, tmp_path):
    # reduces the thirteenth held-out set's z-fmmax-expansion-from-traced-pitch: the host value (fmmax's expansion)
    # feeds the library's own heavy computation, which a split would move out of the jit with it
    case = fix_case("host-result-computed-on", MJX_GET_DATA, """\
import jax
import jax.numpy as jnp
import hostlib_calls

@jax.jit
def step(pos):
    pos = pos * 2.0
    snapshot = hostlib_calls.to_host(pos)
    solved = hostlib_calls.Scene(3).render(snapshot["pos"])
    return solved

step(jnp.array([1.0, 2.0]))
""", "array-conversion", "pos", 8, "return-value")
    found = run_case(case, tmp_path).explanation
    assert found.lineno == 8 and all(f.kind != "return-value" for f in found.fixes)
