"""Issue 26, twenty-first round: what the twenty-sixth held-out set (mbirjax, jaxsnn, jaxdecomp; qwix, gemma,
transformers' Flax models) found, each as a reduction of its own.

- A step function made inside a layer's factory and held by the library's object, which runs it under
  ``lax.scan`` (jaxsnn's ``Population``): the fix is tried on the closure the library holds, not only on its maker.
- A size computed with ``jnp`` from the fields of a static parameter object (mbirjax's ``projector_params``): the
  object holds Python floats, so it is not the traced value's source, and NumPy is the fix.
- A tuple of traced values handed to a library's inner jit as a static argument (jaxdecomp's
  ``halo_extents=(halo, halo)``): a traced shape, from the user's parameter, made static.
- Lists read from a JSON config handed to a library's inner jit as static arguments (jaxdecomp's halo settings),
  and a JAX scalar kept in a library's parameter object that its jit hashes (mbirjax's ``set_params``): the user's
  call that handed them, each written hashable (``tuple(...)``, ``float(...)``); on a line no trace runs, tried by
  tracing the library's jitted call again with the hashable values in its static arguments.
- A value stored from a step function that a library scans (jaxsnn's step appending ``v``): the argument is the
  step's own parameter, not the library's scan carry.
- A token id handed to a library that turns it into NumPy data (transformers' ``tokenizer.decode(next_id)`` inside
  a jitted step): an array conversion, fixed by returning the id and decoding outside jit, never a "traced count".
- A traced flag handed to a library Module's jitted method as a static argument (gemma's
  ``model.apply(..., return_last_only=flag)``): the user's parameter, made static in the user's jit.
- A list of quantized weights indexed by a ``fori_loop``'s counter (qwix's per-layer ``QArray``s): the counter is
  the body's own parameter ``i``.
- A static fix for a function the user jitted under a name of its own (``fast = jax.jit(scale)``; the
  twenty-fifth set's ``to_rep = jax.jit(cx.vconvert)``): the options go on the user's statement, which keeps
  its name, never ``scale = jax.jit(scale, ...)``, which leaves the name the user calls unchanged.
"""
from __future__ import annotations

import pytest

from corpus_harness import explained_cell, install_library, tried

from jaxmagic._explain import verify

STATIC_ARGNAMES = "https://docs.jax.dev/en/latest/jit-compilation.html#marking-arguments-as-static"
JAXSNN_POPULATION = "https://github.com/electronicvisions/jaxsnn/blob/main/src/pyjaxsnn/jaxsnn/discrete/topology.py"
MBIRJAX_TEMPLATE = "https://github.com/cabouman/mbirjax/blob/main/mbirjax/new_model_template.py"
JAXDECOMP_HALO = "https://github.com/DifferentiableUniverseInitiative/jaxDecomp/blob/main/docs/02-halo.md"
MBIRJAX_PARAMS = "https://mbirjax.readthedocs.io/en/latest/parameters.html"
DECODE_IN_JIT = "https://github.com/huggingface/transformers/issues/13419"  # decoding inside a jitted generation step
GEMMA_SAMPLING = "https://github.com/google-deepmind/gemma/blob/main/docs/sampling.md"  # return_last_only
QWIX_README = "https://github.com/google/qwix/blob/main/README.md"  # quantized weights used by a model's layers

# a library that makes each layer's step function once, keeps it, and scans it over time (jaxsnn's Topology)
LAYERS = """\
import jax
import jax.numpy as jnp


class Population:
    def __init__(self, generator):
        self.step = generator(1e-3)  # made once, held, called by every run


def run(population, inputs, v0):
    def body(carry, x):
        return population.step(x, carry)
    return jax.lax.scan(body, v0, inputs)
"""

RESET = """\
import jax.numpy as jnp
from layer_cases import Population, run

def ResetLayer(size, v_th=0.5):
    def generator(dt):
        def step_fn(x, v):
            if jnp.any(v > v_th):
                v = jnp.zeros(size)
            v = 0.9 * v + x
            return v, v > v_th
        return step_fn
    return Population(generator)

run(ResetLayer(3), jnp.ones((10, 3)), jnp.zeros(3))
"""


def test_a_fix_is_tried_on_the_closure_a_library_holds_and_scans(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "layer_cases", LAYERS)
    found = explained_cell("held-step", JAXSNN_POPULATION, RESET, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("bool-conversion", "v", "jnp.where", True), \
        tried(found)


STORED = """\
import jax.numpy as jnp
from layer_cases import Population, run

voltages = []

def LeakyLayer(size):
    def generator(dt):
        def step_fn(x, v):
            voltages.append(v)
            v = 0.9 * v + x
            return v, v > 0.5
        return step_fn
    return Population(generator)

run(LeakyLayer(3), jnp.ones((10, 3)), jnp.zeros(3))
jnp.stack(voltages)
"""


def test_a_value_stored_from_a_scanned_step_names_the_steps_parameter(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "layer_cases", LAYERS)
    found = explained_cell("stored-step", JAXSNN_POPULATION, STORED, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "v", 9), tried(found)


# a library's projector, jitted with its parameter object static (mbirjax's ``projector_params``)
PROJECTORS = """\
from functools import partial
from typing import NamedTuple
import jax


class Geometry(NamedTuple):
    delta_voxel: float
    delta_channel: float
    offset: float


@partial(jax.jit, static_argnames=("geometry", "kernel"))
def project(view, geometry, kernel):
    return kernel(view, geometry)


@partial(jax.jit, static_argnames="geometry")
def forward(volume, geometry):
    return volume.sum(axis=0) + geometry.offset
"""

BLUR = """\
import jax.numpy as jnp
from projector_cases import Geometry, project

def blurred(view, geometry):
    radius = jnp.ceil(geometry.delta_voxel / geometry.delta_channel).astype(int)
    kernel = jnp.ones(2 * radius + 1) / (2 * radius + 1)
    return jnp.convolve(view, kernel, mode="same")

project(jnp.ones(16), Geometry(2.0, 1.0, 0.0), blurred)
"""


def test_a_size_made_with_jnp_from_a_static_objects_floats_is_made_with_numpy(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "projector_cases", PROJECTORS)
    found = explained_cell("static-floats", MBIRJAX_TEMPLATE, BLUR, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("traced-shape", None, "numpy-for-static", True), \
        tried(found)
    assert top.code.endswith("radius = np.ceil(geometry.delta_voxel / geometry.delta_channel).astype(int)"), top.code


SCALAR = """\
import jax.numpy as jnp
from projector_cases import Geometry, forward

offset = jnp.mean(jnp.array([0.4, 0.6]))
geometry = Geometry(1.0, 1.0, offset)
forward(jnp.ones((4, 3)), geometry)
"""


def test_a_jax_scalar_in_a_static_object_is_written_as_a_number_where_the_user_gave_it(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "projector_cases", PROJECTORS)
    found = explained_cell("static-scalar", MBIRJAX_PARAMS, SCALAR, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("unhashable-static", "hashable-static", True), tried(found)
    assert top.code == "Geometry(1.0, 1.0, float(offset))", top.code  # the line before: the library's jit traced again


# a library function whose inner jit holds its halo settings static (jaxdecomp's ``halo_exchange``)
HALOS = """\
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("extents", "periods"))
def _exchange(x, extents, periods):
    return jnp.roll(x, extents[0], axis=0) if periods[0] else x


def halo_exchange(x, extents, periods):
    return _exchange(x, extents=extents, periods=periods)
"""

TRACED_HALO = """\
import jax
import jax.numpy as jnp
from halo_cases import halo_exchange

@jax.jit
def exchange(field, halo):
    return halo_exchange(field, (halo, halo), (True, True))

exchange(jnp.ones((8, 8)), 2)
"""


def test_a_tuple_of_tracers_handed_to_a_librarys_static_argument_is_a_traced_shape(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "halo_cases", HALOS)
    found = explained_cell("traced-halo", JAXDECOMP_HALO, TRACED_HALO, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("traced-shape", "halo", "static", True), \
        tried(found)
    assert "static_argnames='halo'" in top.code, top.code


LISTED_HALO = """\
import json
import jax
import jax.numpy as jnp
from halo_cases import halo_exchange

config = json.loads('{"extents": [2, 2], "periods": [true, true]}')

@jax.jit
def exchange(field):
    return halo_exchange(field, config["extents"], config["periods"])

exchange(jnp.ones((8, 8)))
"""


def test_lists_from_a_config_handed_to_a_librarys_static_arguments_are_written_as_tuples(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "halo_cases", HALOS)
    found = explained_cell("listed-halo", JAXDECOMP_HALO, LISTED_HALO, tmp_path)
    top = found.fixes[0]
    assert (found.kind, top.kind, top.verified) == ("unhashable-static", "hashable-static", True), tried(found)
    assert top.code == "halo_exchange(field, tuple(config['extents']), tuple(config['periods']))", top.code

RENAMED = """\
import jax
import jax.numpy as jnp

def scale(x, n):
    for _ in range(n):
        x = x * 2
    return x

fast = jax.jit(scale)
fast(jnp.ones(3), 3)
"""


def test_a_static_fix_goes_on_the_statement_that_jitted_the_function_under_its_own_name(tmp_path, monkeypatch):
    # the loop fix tried first traces in 1.2 s of CPU on a cold newest JAX; past the cap the static fix waits untried
    monkeypatch.setattr(verify, "_BUDGET", 30.0)
    found = explained_cell("renamed-jit", STATIC_ARGNAMES, RENAMED, tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    assert (found.argument, static.verified) == ("n", True), tried(found)
    assert static.code == "fast = jax.jit(scale, static_argnames='n')", static.code
    namespace: dict = {}
    exec(RENAMED.rsplit("\n", 2)[0].replace("fast = jax.jit(scale)", static.code) + "\nout = fast(jnp.ones(3), 3)",
         namespace)
    assert namespace["out"].tolist() == [8.0, 8.0, 8.0]


def test_a_function_rebound_to_its_own_name_keeps_the_short_static_fix(tmp_path):
    found = explained_cell("rebound-jit", STATIC_ARGNAMES, RENAMED.replace("fast", "scale"), tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    assert static.code == "scale = jax.jit(scale, static_argnames='n')", static.code


# a library's tokenizer that turns whatever it is given into Python data first (transformers' ``to_py_obj``)
TOKENIZERS = """\
import numpy as np


class Tokenizer:
    def __init__(self, words):
        self.words = words

    def decode(self, token_ids):
        ids = np.asarray(token_ids).tolist()
        return " ".join(self.words[i] for i in np.atleast_1d(ids))
"""

DECODE = """\
import jax
import jax.numpy as jnp
from tokenizer_cases import Tokenizer

tok = Tokenizer(["a", "b", "c", "d"])

@jax.jit
def greedy_next(logits):
    next_id = logits[-1].argmax()
    print("next token:", tok.decode(next_id))
    return next_id

greedy_next(jnp.ones((2, 4)))
"""


def test_a_token_id_a_library_turns_into_numpy_is_data_and_is_decoded_outside_jit(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "tokenizer_cases", TOKENIZERS)
    found = explained_cell("decode", DECODE_IN_JIT, DECODE, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.argument, top.kind, top.verified) == ("array-conversion", "logits", "return-value",
                                                                    True), tried(found)
    assert "tok.decode(next_id))  # outside jit" in top.code, top.code


# a library Module whose method is jitted with a flag static (gemma's ``Transformer.__call__``)
MODULES = """\
from functools import partial
import jax


class Model:
    @partial(jax.jit, static_argnums=(0,), static_argnames="last_only")
    def apply(self, tokens, last_only=False):
        out = tokens * 2.0
        return out[-1:] if last_only else out

    def __hash__(self):
        return 0
"""

FLAG = """\
import jax
import jax.numpy as jnp
from module_cases import Model

model = Model()

@jax.jit
def score(tokens, last_only):
    return model.apply(tokens, last_only=last_only)

score(jnp.ones(4), True)
"""


def test_a_traced_flag_handed_to_a_library_modules_static_argument_is_made_static_in_the_users_jit(
        tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "module_cases", MODULES)
    found = explained_cell("flag", GEMMA_SAMPLING, FLAG, tmp_path)
    top = found.fixes[0]
    assert (found.argument, top.kind, top.verified) == ("last_only", "static", True), tried(found)
    assert "static_argnames='last_only'" in top.code, top.code


COUNTER = """\
import jax
import jax.numpy as jnp

weights = [jnp.eye(3) * k for k in range(1, 4)]

def layer(i, h):
    return jax.nn.relu(h @ weights[i])

def mlp(x):
    return jax.lax.fori_loop(0, len(weights), layer, x)

mlp(jnp.ones((2, 3)))
"""


def test_a_fori_loop_counter_indexing_a_list_names_the_bodys_parameter(tmp_path):
    found = explained_cell("counter", QWIX_README, COUNTER, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "i", 7), tried(found)


def test_the_hashable_values_replace_the_handed_ones_inside_named_tuples_and_dataclasses():
    import dataclasses
    from typing import NamedTuple

    import jax.numpy as jnp

    from jaxmagic._explain.stages.hashed import _swapped

    class Geometry(NamedTuple):
        spacing: float
        offset: object

    @dataclasses.dataclass(frozen=True)
    class Params:
        geometry: Geometry
        sizes: object

    offset, sizes = jnp.float32(0.5), [2, 2]
    params = Params(Geometry(1.0, offset), sizes)
    swapped = _swapped(params, {id(offset): 0.5, id(sizes): (2, 2)})
    assert swapped == Params(Geometry(1.0, 0.5), (2, 2)) and hash(swapped) == hash(Params(Geometry(1.0, 0.5), (2, 2)))
    assert _swapped(params, {}) is params  # nothing inside changed: the same object


# a library's equinox Module holding a Python int among its fields (its declaration is not the user's to edit)
POLYNOMIALS = """\
import jax
import equinox as eqx


class Poly(eqx.Module):
    coeffs: jax.Array
    degree: int

    def __call__(self, x):
        return sum(self.coeffs[k] * x**k for k in range(self.degree))
"""

RENAMED_MODULE = """\
import jax
import jax.numpy as jnp
from poly_cases import Poly

def evaluate(p, x):
    return p(x)

fast = jax.jit(evaluate)
fast(Poly(jnp.ones(3), 3), 2.0)
"""


def test_equinox_filter_jit_goes_on_the_statement_that_jitted_the_function_under_its_own_name(tmp_path, monkeypatch):
    pytest.importorskip("equinox")
    install_library(tmp_path, monkeypatch, "poly_cases", POLYNOMIALS)
    found = explained_cell("renamed-filter-jit", STATIC_ARGNAMES, RENAMED_MODULE, tmp_path)
    filtered = [f for f in found.fixes if "filter_jit" in f.code]
    assert filtered and filtered[0].code.endswith("fast = eqx.filter_jit(evaluate)"), tried(found)
