"""Issue 26, forty-fifth round: patterns of the fifty-third held-out set (ramsey, jaxampler, jaxstar; efax, tjax,
jaxgl), each a reduction of its own.

- a Python bool in a field a library's dataclass decorator left dynamic (tjax's ``@dataclass``), handed to a library
  function that branches on it in Python: the field declared static with that library's ``field(static=True)``, its
  module imported in the fix, comes before both calls made and ``jnp.where`` (a setting, not data);
- a size read from a leaf of a library's object that holds one integer in an array (efax's negative binomial
  ``failures``): that leaf taken out into a static argument of its own, passed as ``int(...)``, tried;
- a mask made from samples drawn with a PRNG key and a scalar scale: the key is the argument (a scale is a setting);
- an object that converts to an array (a PIL image) passed to a library's jit: ``jnp.asarray`` at the user's call,
  tried;
- a NumPy array held in a dict of a global object (jaxstar's ``mg.dgrid["logagrid"]``) indexed by a traced index:
  ``jnp.asarray`` around it;
- a list passed static to the user's own jit that a library reads as a list (ramsey's ``active_dims``): the tuple
  fails, so a tuple made a list again on the function's first line, tried, and passing it traced;
- a schedule of the user's that a library calls with a count from its own state (tjax's ``Schedule``, optax's
  ``count``): the argument is the schedule's parameter, not a path deep in the optimizer's state;
- ``lax.scan``'s ``length`` from a traced field: said to be traced by jit (not "under lax.scan"), which traced it.
"""
from __future__ import annotations

import pytest

from corpus_harness import explained_cell, install_library, tried

TJAX_LEAKY = "https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/leaky_integral.py"  # leaky_average flag
TJAX_SCHEDULE = "https://github.com/NeilGirdhar/tjax/blob/master/tjax/_src/gradient/transforms.py"  # Schedule
EFAX_README = "https://github.com/NeilGirdhar/efax#representation"  # NegativeBinomialEP(mean, failures)
JAXAMPLER_AR = "https://github.com/Qazalbash/jaxampler/blob/main/example/accept_reject_sampler.py"
JAXGL_TEXTURES = "https://github.com/FLAIROx/JaxGL/blob/main/examples/example3_textures.py"
JAXSTAR_MISTFIT = "https://github.com/kemasuda/jaxstar/blob/main/src/jaxstar/mistfit/mistfit.py"
RAMSEY_KERNELS = "https://github.com/ramsey-devs/ramsey/blob/main/docs/ramsey.experimental.md"  # active_dims
CHEX_104 = "https://github.com/google-deepmind/chex/issues/104"  # a dataclass field that must be static

# a library whose decorator registers a dataclass, reading each field's ``static`` from its own ``field``
DATACLASS_LIBRARY = """\
import dataclasses

import jax


def field(*, static=False, default=dataclasses.MISSING):
    return dataclasses.field(default=default, metadata={"static": static})


def dataclass(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    fields = dataclasses.fields(cls)
    static = [f.name for f in fields if f.metadata.get("static", False)]
    return jax.tree_util.register_dataclass(cls, [f.name for f in fields if f.name not in static], static)


def integrate(value, drift, decay, leaky_average=False):
    if leaky_average:
        return value * decay + drift * (1 - decay)
    return value + drift
"""

FLAG_IN_A_CONFIG = """\
import jax
import jax.numpy as jnp
from dclib import dataclass, integrate


@dataclass
class Smoothing:
    decay: float
    leaky_average: bool


@jax.jit
def smooth(cfg, value, drift):
    return integrate(value, drift, cfg.decay, leaky_average=cfg.leaky_average)


smooth(Smoothing(decay=0.5, leaky_average=True), jnp.zeros(3), jnp.ones(3))
"""


def test_a_python_bool_in_a_dynamic_field_is_declared_static_with_the_librarys_field(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "dclib", DATACLASS_LIBRARY)
    found = explained_cell("flag-field", TJAX_LEAKY, FLAG_IN_A_CONFIG, tmp_path)
    assert (found.kind, found.path) == ("bool-conversion", "cfg.leaky_average"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and top.verified is True, tried(found)
    assert "leaky_average: bool = dclib.field(static=True)" in top.code and "import dclib" in top.code, top.code
    assert [f.kind for f in found.fixes][:2] == ["static", "jnp.where"], tried(found)


SCAN_LENGTH_IN_A_CONFIG = """\
import jax
import jax.numpy as jnp
from dclib import dataclass


@dataclass
class Sim:
    dt: float
    n_steps: int


@jax.jit
def simulate(cfg, x0):
    _, path = jax.lax.scan(lambda x, _: (x - cfg.dt * x, x), x0, None, length=cfg.n_steps)
    return path


simulate(Sim(dt=0.1, n_steps=5), jnp.ones(3))
"""


def test_a_scans_length_from_a_traced_field_is_said_to_be_traced_by_jit(tmp_path, monkeypatch):
    # (the kind stays a concretization, as the held-out case ho-gh-pr-23228 labels a traced ``length``)
    install_library(tmp_path, monkeypatch, "dclib", DATACLASS_LIBRARY)
    found = explained_cell("scan-length", CHEX_104, SCAN_LENGTH_IN_A_CONFIG, tmp_path)
    assert (found.kind, found.path) == ("concretization", "cfg.n_steps"), found.message
    assert found.why.startswith("Under jit"), found.why
    assert found.fixes[0].kind == "static" and found.fixes[0].verified is True, tried(found)


DISTRIBUTION_LIBRARY = """\
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class NegBinomial:
    mean: jax.Array
    failures: jax.Array  # fixed in the model, yet a leaf: traced under jit

    def pmf(self, k):
        p = self.mean / (self.mean + self.failures)
        return jnp.exp(k * jnp.log(p) + self.failures * jnp.log1p(-p))
"""

TABLE_SIZED_BY_A_LEAF = """\
import jax
import jax.numpy as jnp
from distlib import NegBinomial


@jax.jit
def pmf_table(p):
    ks = jnp.arange(10 * p.failures)
    return p.pmf(ks)


pmf_table(NegBinomial(jnp.array(4.0), jnp.array(3)))
"""


def test_a_size_from_a_librarys_integer_leaf_is_taken_out_as_a_python_int(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "distlib", DISTRIBUTION_LIBRARY)
    found = explained_cell("leaf-size", EFAX_README, TABLE_SIZED_BY_A_LEAF, tmp_path)
    assert (found.kind, found.path) == ("traced-shape", "p.failures"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and top.verified is True, tried(found)
    assert "failures=int(p.failures)" in top.code and "static_argnames='failures'" in top.code, top.code


ACCEPT_REJECT = """\
import jax
import jax.numpy as jnp


@jax.jit
def accept_reject(key, scale):
    k1, k2 = jax.random.split(key)
    v = jax.random.uniform(k1, (100,))
    u = jax.random.uniform(k2, (100,)) * scale
    return v[u <= v ** 2]


accept_reject(jax.random.PRNGKey(0), 2.5)
"""


def test_samples_drawn_with_a_key_beside_a_scalar_scale_name_the_key(tmp_path):
    found = explained_cell("accept-reject", JAXAMPLER_AR, ACCEPT_REJECT, tmp_path)
    assert (found.kind, found.argument) == ("boolean-index", "key"), found.message
    assert found.arguments == ["key", "scale"], found.arguments


def test_an_object_that_converts_to_an_array_is_passed_as_one(tmp_path):
    image = pytest.importorskip("PIL.Image")
    found = explained_cell("pil-image", JAXGL_TEXTURES, """\
import jax
import jax.numpy as jnp
from PIL import Image

logo = Image.new("RGB", (8, 8), (200, 40, 40))
shade = jax.jit(lambda pixels, texture: pixels + texture / 255.0)
shade(jnp.zeros((8, 8, 3)), logo)
""", tmp_path)
    assert image is not None and (found.kind, found.argument) == ("non-array-argument", "texture"), found.message
    top = found.fixes[0]
    assert top.kind == "jnp-not-np" and top.verified is True, tried(found)
    assert "jnp.asarray(logo)" in top.code and "converts to one" in found.why, (top.code, found.why)


GRID_LIBRARY = """\
import numpy as np


class Grid:
    def __init__(self):
        self.nodes = {"age": np.linspace(8.0, 10.0, 5), "teff": np.linspace(3000.0, 7000.0, 5)}
"""

NUMPY_GRID_INDEXED = """\
import jax
import jax.numpy as jnp
from gridlib import Grid

grid = Grid()


@jax.jit
def snap(age):
    i = jnp.argmin(jnp.abs(grid.nodes["age"] - age))
    return grid.nodes["teff"][i]


snap(9.1)
"""


def test_a_numpy_array_in_a_global_objects_dict_indexed_by_a_tracer_becomes_a_jnp_array(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "gridlib", GRID_LIBRARY)
    found = explained_cell("grid-index", JAXSTAR_MISTFIT, NUMPY_GRID_INDEXED, tmp_path)
    assert (found.kind, found.argument) == ("array-conversion", "age"), found.message
    top = found.fixes[0]
    assert top.kind == "jnp-not-np" and top.verified is True, tried(found)
    assert "jnp.asarray(grid.nodes['teff'])[i]" in top.code, top.code


KERNEL_LIBRARY = """\
import jax.numpy as jnp


def gram(x, active_dims=None):
    if not isinstance(active_dims, list):  # one dimension by its index, else all
        active_dims = slice(None) if active_dims is None else slice(active_dims, active_dims + 1)
    picked = x[..., active_dims]
    return jnp.exp(-jnp.sum((picked[:, None] - picked[None]) ** 2, -1))
"""

LIST_MARKED_STATIC = """\
from functools import partial

import jax
import jax.numpy as jnp
from kernlib import gram


@partial(jax.jit, static_argnames="active_dims")
def kernel_matrix(x, active_dims):
    return gram(x, active_dims=active_dims)


kernel_matrix(jnp.ones((4, 3)), active_dims=[0, 2])
"""


def test_a_list_a_library_reads_as_a_list_is_made_a_list_again_inside(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "kernlib", KERNEL_LIBRARY)
    found = explained_cell("active-dims", RAMSEY_KERNELS, LIST_MARKED_STATIC, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "active_dims"), found.message
    verified = [f for f in found.fixes if f.verified is True]
    assert [f.kind for f in verified] == ["hashable-static", "not-static"], tried(found)
    assert "active_dims = list(active_dims)" in verified[0].code, verified[0].code


SCHEDULE_LIBRARY = """\
from typing import NamedTuple

import jax
import jax.numpy as jnp


class CountState(NamedTuple):
    count: jax.Array


class ChainState(NamedTuple):
    inner: tuple


class Scheduled:
    def __init__(self, schedule):
        self.schedule = schedule

    def init(self, params):
        return ChainState((params, CountState(jnp.zeros((), jnp.int32))))

    def update(self, grads, state):
        count = state.inner[1].count
        rate = self.schedule(count)
        return {k: -rate * g for k, g in grads.items()}, ChainState((state.inner[0], CountState(count + 1)))
"""

MATH_IN_A_SCHEDULE = """\
import math

import jax
import jax.numpy as jnp
from schedlib import Scheduled


def cosine(step):
    return 0.5 * (1.0 + math.cos(math.pi * step / 100))


tx = Scheduled(cosine)
params = {"w": jnp.ones(3)}


@jax.jit
def train_step(params, state):
    grads = jax.grad(lambda p: jnp.sum(p["w"] ** 2))(params)
    updates, state = tx.update(grads, state)
    return updates, state


train_step(params, tx.init(params))
"""


def test_a_schedule_a_library_calls_with_its_own_count_names_the_schedules_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "schedlib", SCHEDULE_LIBRARY)
    found = explained_cell("schedule-count", TJAX_SCHEDULE, MATH_IN_A_SCHEDULE, tmp_path)
    assert (found.kind, found.argument) == ("concretization", "step"), found.message
    assert found.fixes[0].kind == "jnp-not-np" and found.fixes[0].verified is True, tried(found)


def test_a_fix_spelled_by_a_submodule_imports_that_submodule_once():
    # (``tjax.dataclasses.field(static=True)`` in a cell that imported only ``dataclass`` from it)
    import importlib

    from jaxmagic._explain.stages.attempt import with_imports

    importlib.import_module("json.decoder")  # loaded, as the user's library module is

    made = with_imports("decoder = json.decoder.JSONDecoder()", {})
    assert made.splitlines()[:-1] == ["import json.decoder"], made
    assert with_imports("y = jnp.ones(3)", {}).splitlines()[0] == "import jax.numpy as jnp"


ESCAPE_TIME = """\
import jax
import jax.numpy as jnp


def escape_time(u):
    c = (u[0] * 3.0 - 2.0) + 1j * (u[1] * 3.0 - 1.5)
    z = 0j
    i = 0
    while jnp.abs(z) < 2.0 and i < 40:
        z = z * z + c
        i += 1
    return i


jax.jit(jax.vmap(escape_time))(jnp.ones((4, 2)))
"""


def test_a_jnp_call_on_python_values_is_said_to_be_staged_by_the_jit(tmp_path):
    # jaxgl's shaders (example3_textures' loop, reduced): the loop's first test is ``jnp.abs(0j) < 2.0``
    found = explained_cell("escape-time", JAXGL_TEXTURES, ESCAPE_TIME, tmp_path)
    assert (found.kind, found.lineno) == ("bool-conversion", 9), found.message
    if jax_stages_constants():  # the first test fails, on constants alone: no argument, and the why says so
        assert found.argument is None and "Here `jnp.abs(z)` reads only Python values" in found.why, found.why
    assert found.fixes[0].kind == "lax.while_loop" and found.fixes[0].verified is True, tried(found)


def jax_stages_constants() -> bool:
    """True where a ``jnp`` operation on a Python value inside a jit gives a tracer (JAX 0.10 does; older did not)."""
    import jax
    import jax.numpy as jnp

    seen = []
    jax.jit(lambda x: seen.append(isinstance(jnp.abs(0j), jax.core.Tracer)) or x)(1.0)
    return seen[0]


def test_a_parameter_named_like_a_module_gets_no_import_and_jax_keeps_its_own():
    # (review: ``array.sum()`` of a parameter ``array`` is no use of the ``array`` module)
    from jaxmagic._explain.stages.attempt import with_imports

    assert with_imports("def f(array):\n    return array.sum()", {}) == "def f(array):\n    return array.sum()"
    assert with_imports("f = jax.jit(g)\ny = jnp.zeros(3)", {}).splitlines()[:2] == [
        "import jax", "import jax.numpy as jnp"]


def test_a_key_beside_a_scalar_array_state_stays_after_it(tmp_path):
    # a random walk's one-number state is data, not a setting: the value is read as the state's
    found = explained_cell("walk", JAXAMPLER_AR, """\
import jax
import jax.numpy as jnp


def step(key, theta):
    proposal = theta + jax.random.normal(key)
    if proposal > 0:
        return proposal
    return theta


jax.jit(step)(jax.random.key(0), jnp.float32(0.5))
""", tmp_path)
    assert (found.kind, found.argument) == ("bool-conversion", "theta"), found.message


def test_a_size_from_a_leaf_and_another_argument_keeps_the_mask_pattern(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "distlib", DISTRIBUTION_LIBRARY)
    found = explained_cell("leaf-and-arg", EFAX_README, """\
import jax
import jax.numpy as jnp
from distlib import NegBinomial


@jax.jit
def table(p, extra):
    return jnp.arange(10 * p.failures + extra)


table(NegBinomial(jnp.array(4.0), jnp.array(3)), jnp.array(2))
""", tmp_path)
    assert found.kind == "traced-shape" and "failures=int(" not in (found.fixes[0].code if found.fixes else ""), \
        tried(found)


NPZ_GRID_INDEXED = """\
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np

path = os.path.join(tempfile.mkdtemp(), "grid.npz")
np.savez(path, age=np.linspace(8.0, 10.0, 5), teff=np.linspace(3000.0, 7000.0, 5))
grid = np.load(path)


@jax.jit
def snap(age):
    i = jnp.argmin(jnp.abs(grid["age"] - age))
    return grid["teff"][i]


snap(9.1)
"""


def test_a_numpy_array_read_from_an_npz_file_indexed_by_a_tracer_becomes_a_jnp_array(tmp_path):
    # jaxstar's MIST grid is an ``np.load``-ed file, read entry by entry
    found = explained_cell("npz-index", JAXSTAR_MISTFIT, NPZ_GRID_INDEXED, tmp_path)
    assert found.kind == "array-conversion" and found.fixes[0].kind == "jnp-not-np", tried(found)
    assert found.fixes[0].verified is True and "jnp.asarray(grid['teff'])[i]" in found.fixes[0].code, tried(found)


def test_reading_an_expression_never_runs_a_property_of_the_users_class(tmp_path):
    # (review: ``evaluate_pure`` read ``obj.total`` by running the user's property, which may change things)
    import types

    from jaxmagic._explain.recover import Impure, evaluate_pure

    module = tmp_path / "users_cell.py"
    module.write_text("class Counter:\n    calls = 0\n\n    @property\n    def total(self):\n"
                      "        Counter.calls += 1\n        return 3\n\n    def __getitem__(self, k):\n"
                      "        Counter.calls += 1\n        return k\n\n\nc = Counter()\n")
    namespace: dict = {"__name__": "users_cell"}
    exec(compile(module.read_text(), str(module), "exec"), namespace)
    frame = types.SimpleNamespace(f_globals=namespace, f_locals={})
    for text in ("c.total", "c[1]", "c.total + 1"):
        try:
            evaluate_pure(__import__("ast").parse(text, mode="eval").body, frame)
        except Impure:
            continue
        raise AssertionError(f"{text} was read by running the user's code")
    assert namespace["Counter"].calls == 0
