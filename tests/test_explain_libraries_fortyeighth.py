"""Issue 26, forty-fourth round: patterns of the fifty-second held-out set (jaxfolio, jaxflow, jaxbessel; gxm,
jaxfmm, spotter), each a reduction of its own.

- a boolean mask array marked static beside a flag (jaxflow's ``functional_call(x, params, mask=...)``): a mask is
  data, so passing it traced comes first, not a tuple of its values as for an array of sizes;
- a dict entry handed by keyword to a library function that needs it as a count (jaxfolio's
  ``binomial_american(..., steps=spec["steps"])`` under the user's jit): the argument is that entry, not every value
  the line reads, and it is taken out into a static argument of its own, tried (not ``spot`` and ``vol`` made static);
- a dict of arrays and Python tuples spread into a library's jitted function that holds the tuples static (jaxfmm's
  ``eval_potential(q, **h)``), passed through the user's jit: the dict is read from the user's global, not passed;
- the user's ``jax.jit`` of a library function jitted already with a static flag (jaxfmm's
  ``eval_potential_direct``, ``field``): the flag is the argument, and the user's jit is told it is static, tried;
- a jitted method of a class whose methods never change what ``__init__`` stored (a solver holding jaxfmm's
  hierarchy): ``self`` static comes before dropping the jit, as JAX's FAQ has it for an unchanging object;
- a traced flag, a leaf of a vmapped dict, handed to a library function that branches on it in Python (jaxfolio's
  ``black_scholes_price(..., is_call=leg["is_call"])``): both calls made, ``jnp.where`` picks, tried;
- a layer subclass storing its input on ``self`` inside a library's jitted forward pass whose tracers are all made in
  library code (jaxflow's ``Model.predict``), read later through the model: the store is the layer's line.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried

JAXFLOW_README = "https://github.com/mthd98/JAXFlow/blob/main/README.md"  # functional_call(x, params, mask=...)
JAXFOLIO_OPTIONS = "https://github.com/bravant-oss/jaxfolio/blob/main/docs/guide/options.md"  # pricers, is_call
JAXFMM = "https://jaxfmm.gitlab.io/jaxfmm"  # gen_hierarchy, eval_potential(q, **h), eval_potential_direct
JAXFLOW_LAYER = "https://github.com/mthd98/JAXFlow/blob/main/Exmaples/custom_layer_model.ipynb"  # Layer.call

MASK_LIBRARY = """\
import jax.numpy as jnp


def masked_mean(x, mask=None):
    if mask is None:
        return x.mean()
    mask = jnp.asarray(mask, bool)
    return jnp.sum(jnp.where(mask, x, 0.0)) / jnp.sum(mask)
"""

MASK_MARKED_STATIC = """\
from functools import partial

import jax
import jax.numpy as jnp
import masklib


@partial(jax.jit, static_argnames=("training", "mask"))
def apply(x, training=False, mask=None):
    return masklib.masked_mean(x, mask=mask)


apply(jnp.ones(3), mask=jnp.array([True, False, True]))
"""


def test_a_boolean_mask_marked_static_is_passed_traced_first(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "masklib", MASK_LIBRARY)
    found = explained_cell("mask-static", JAXFLOW_README, MASK_MARKED_STATIC, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "mask"), found.message
    assert found.fixes[0].kind == "not-static" and found.fixes[0].verified is True, tried(found)


PRICER_LIBRARY = """\
import jax.numpy as jnp


def lattice(spot, strike, steps=100):
    j = jnp.arange(steps + 1)
    return jnp.sum(jnp.maximum(spot * 1.01 ** (2 * j - steps) - strike, 0.0)) / (steps + 1)
"""

COUNT_IN_A_CONTRACT = """\
import jax
from pricelib import lattice

spec = {"strike": 100.0, "steps": 20}


@jax.jit
def price(spot, vol, spec):
    return lattice(spot * vol, spec["strike"], steps=spec["steps"])


price(95.0, 1.0, spec)
"""


def test_a_count_handed_by_keyword_from_a_dict_names_that_entry(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "pricelib", PRICER_LIBRARY)
    found = explained_cell("contract-steps", JAXFOLIO_OPTIONS, COUNT_IN_A_CONTRACT, tmp_path)
    assert (found.kind, found.argument, found.path) == ("traced-shape", "spec", "spec['steps']"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and top.verified is True and "steps" in top.code, tried(found)
    assert "spot" not in top.code.split("static_argnames", 1)[-1].split("\n", 1)[0], top.code


HIERARCHY_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


def hierarchy(pts, levels=2):
    return {"pts": pts, "bounds": tuple((2 * i, 2 * i + 2) for i in range(levels))}


@partial(jax.jit, static_argnames=("bounds",))
def evaluate(q, pts, bounds):
    return sum(q[a:b].sum() * pts[a:b].sum() for a, b in bounds)
"""

HIERARCHY_PASSED_TO_THE_JIT = """\
import jax
import jax.numpy as jnp
import fmmlib

h = fmmlib.hierarchy(jnp.arange(8.0), levels=4)


@jax.jit
def energy(q, h):
    return 0.5 * fmmlib.evaluate(q, **h)


energy(jnp.ones(8), h)
"""


def test_a_dict_of_arrays_and_static_counts_spread_into_a_library_jit_is_closed_over(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "fmmlib", HIERARCHY_LIBRARY)
    found = explained_cell("hierarchy-dict", JAXFMM, HIERARCHY_PASSED_TO_THE_JIT, tmp_path)
    assert found.argument == "h" and found.path.startswith("h['bounds']"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and top.verified is True and "def energy(q):" in top.code, tried(found)
    shown = found.text()
    assert "and 2 more" in shown.split("\n  depends on", 1)[1].split("\n", 1)[0], shown  # eight leaves: six named


def test_in_the_hook_the_users_jitted_call_is_read_back_not_the_librarys_inside_it(tmp_path, monkeypatch):
    # the call is no statement of its own (printed): read back from the traceback, as the kernel's hook reads it;
    # the innermost jitted call there is the library's, made with tracers inside the user's ``energy``
    install_library(tmp_path, monkeypatch, "fmmlib", HIERARCHY_LIBRARY)
    printed = HIERARCHY_PASSED_TO_THE_JIT.replace("energy(jnp.ones(8), h)\n", "print(energy(jnp.ones(8), h))\n")
    found = explained_cell("hierarchy-dict-hook", JAXFMM, printed, tmp_path)
    top = found.fixes[0]
    assert found.argument == "h" and top.kind == "static" and "def energy(q):" in top.code, tried(found)


DIRECT_LIBRARY = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("field",))
def direct(pts, q, field=False):
    d = jnp.abs(pts[:, None] - pts[None, :]) + jnp.eye(pts.shape[0])
    pot = (q / d).sum(1)
    return (pot, -pot) if field else pot
"""

JITTED_AGAIN = """\
import jax
import jax.numpy as jnp
import directlib

run = jax.jit(directlib.direct)
E = run(jnp.arange(3.0), jnp.ones(3), field=True)
"""


def test_a_jit_of_a_jitted_library_function_is_told_its_static_flag(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "directlib", DIRECT_LIBRARY)
    found = explained_cell("rejitted-flag", JAXFMM, JITTED_AGAIN, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "field"), found.message
    top = found.fixes[0]
    assert top.kind == "static" and top.verified is True and "static_argnames='field'" in top.code, tried(found)
    assert "came to it as a tracer" in found.why, found.why


SOLVER_SET_ONCE = """\
import jax
import jax.numpy as jnp


class Solver:
    def __init__(self, pts):
        self.table = {"pts": pts, "sizes": (2, 2)}
        self.rows = int(pts.shape[0])

    @jax.jit
    def potential(self, q):
        a, b = self.table["sizes"]
        return q[:a].sum() * self.table["pts"][b:].sum()


solver = Solver(jnp.arange(4.0))
solver.potential(jnp.ones(4))
"""

SOLVER_CHANGED_LATER = SOLVER_SET_ONCE.replace("""
    @jax.jit""", """
    def refine(self, pts):
        self.table = {"pts": pts, "sizes": (2, 2)}

    @jax.jit""")


def test_a_jitted_method_of_an_object_set_once_is_made_static_before_the_jit_goes(tmp_path):
    found = explained_cell("solver-self", JAXFMM, SOLVER_SET_ONCE, tmp_path)
    kinds = [f.kind for f in found.fixes]
    assert found.argument == "self" and "static" in kinds and "remove-inner-jit" in kinds, tried(found)
    assert kinds.index("static") < kinds.index("remove-inner-jit"), tried(found)
    changed = explained_cell("solver-self-changed", JAXFMM, SOLVER_CHANGED_LATER, tmp_path)
    kinds = [f.kind for f in changed.fixes]
    assert kinds.index("remove-inner-jit") < kinds.index("static"), tried(changed)  # refine() changes the table


PRICE_LIBRARY = """\
import jax.numpy as jnp


def price(spot, strike, is_call=True):
    if is_call:
        return jnp.maximum(spot - strike, 0.0)
    return jnp.maximum(strike - spot, 0.0)
"""

MIXED_CHAIN_UNDER_VMAP = """\
import jax
import jax.numpy as jnp
from optlib import price

chain = {"strike": jnp.array([90.0, 110.0]), "is_call": jnp.array([True, False])}


def leg_value(leg):
    return price(100.0, leg["strike"], is_call=leg["is_call"])


jax.vmap(leg_value)(chain)
"""


def test_a_traced_flag_a_library_branches_on_makes_both_calls_and_picks(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "optlib", PRICE_LIBRARY)
    found = explained_cell("vmapped-flag", JAXFOLIO_OPTIONS, MIXED_CHAIN_UNDER_VMAP, tmp_path)
    assert (found.kind, found.path) == ("bool-conversion", "leg['is_call']"), found.message
    top = found.fixes[0]
    assert top.kind == "jnp.where" and top.verified is True, tried(found)
    assert "is_call=True" in top.code and "is_call=False" in top.code, top.code


LAYER_LIBRARY = """\
import jax
import jax.numpy as jnp


class Layer:
    def __init__(self, name):
        self.name = name

    def __call__(self, x):
        return self.call(x)


class Dense(Layer):
    def call(self, x):
        return jnp.tanh(2.0 * x)


class Stack:
    def __init__(self, layers):
        self.layers = list(layers)

    def get(self, name):
        return next(layer for layer in self.layers if layer.name == name)

    def predict(self, x):
        def forward(x):
            for layer in self.layers:
                x = layer(x)
            return x
        return jax.jit(forward)(x)
"""

PROBE_KEEPS_ITS_INPUT = """\
import jax.numpy as jnp
from layerlib import Dense, Layer, Stack


class Probe(Layer):
    def call(self, inputs):
        self.last = inputs
        return inputs


net = Stack([Dense("a"), Probe("probe"), Dense("b")])
net.predict(jnp.ones(3))
jnp.mean(net.get("probe").last)
"""


def test_a_layer_storing_on_self_in_a_library_forward_pass_is_placed_at_its_store(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "layerlib", LAYER_LIBRARY)
    found = explained_cell("probe-layer", JAXFLOW_LAYER, PROBE_KEEPS_ITS_INPUT, tmp_path)
    assert (found.kind, found.argument, found.lineno, found.use_lineno) == ("leaked-tracer", "inputs", 7, 13), \
        found.message
    assert any(f.kind == "jax.debug.print" and f.verified is True for f in found.fixes), tried(found)
