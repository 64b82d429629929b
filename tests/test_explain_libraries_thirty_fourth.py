"""Issue 26, thirtieth round: patterns the thirty-eighth held-out set found, each as a reduction of its own.

Found by the thirty-eighth held-out set (hyperiax, jaxdp, pinnx; diffopt, jaxtorch, finitediffx), measured before:

- ``chex.chexify`` around the user's jit (jaxdp's README asks for it): chex's value assertions refuse to run unless a
  chexified call is in progress, so every run again met chex's ``RuntimeError``; the wrapper hid the jit inside it
  from the fixes' words and tries. chex's context is set up again while explaining, and the wrapper seen through.
- A loop fix where the function alone stands in after the library's quick run ran out: tried through the library's
  whole call with the longer cap (or alone, where the jit run again is the user's own jit of the function).
- A leak in a scan body the user ran as ``jax.jit(lambda s: lax.scan(body, s, ...))(planner.init(mdp))``: the
  statement is made again, a library's ``init`` read as shapes and dtypes (``jax.eval_shape``).
- A library calling the user's method with its object under ``jax.vjp`` (diffopt's multigrad): a try that jits the
  method with the object traced fails on the object, which is no verdict on the fix.
- A dataclass subclass of a library's class whose own ``__hash__`` fails on it: ``eq=False`` would give that hash
  back; the class hashes by identity itself.
- ``x[mask, :2]``: the mask beside a slice, written ``x[:, :2][mask]`` (the fix's code did not parse).
- ``self.blocks[i](cx, h)`` in a ``fori_loop`` body: the context object ``cx`` is no operand of ``lax.switch``
  (closed over in each branch), and the loop made again eagerly runs the body, not the function that called it.
- A library's view of arrays handed to the user's function (hyperiax's ``Parent``, not a pytree): the argument is
  the view the failing line reads (``parent.radius``).
- ``obj.at[mask].set(...)`` of a library's accessor: padded indices point past the end, where updates are dropped.
- A list in the user's own call of a library's jitted function: the user's line with the tuple.
"""
from __future__ import annotations

import ast
import re

import pytest

from corpus_harness import explained_cell, install_library, tried

JAXDP = "https://github.com/omron-sinicx/jaxdp/blob/main/README.md"  # chexify around jitted planners
HYPERIAX = "https://github.com/ComputationalEvolutionaryMorphometry/hyperiax"  # sweeps over views of the tree
DIFFOPT = "https://diffopt.readthedocs.io/en/latest/multigrad.html"  # OnePointModel subclasses
JAXTORCH = "https://github.com/GallagherCommaJack/jaxtorch/blob/master/README.md"  # ModuleList, Context
FINITEDIFFX = "https://github.com/ASEM000/finitediffX/blob/main/README.md"  # laplacian(..., accuracy=...)

# a chexified jit whose loop tests a traced residual (jaxdp's value iteration until converged, reduced)
CHEXIFIED_WHILE = """\
import chex
import jax
import jax.numpy as jnp


@chex.chexify
@jax.jit
def solve(x, tol):
    chex.assert_tree_all_finite(x)
    y = x / 2
    while jnp.max(jnp.abs(y - x)) > tol:
        x, y = y, y / 2
    return y


solve(jnp.ones(3), 1e-3)
"""

# a chexified jit with a dict of arrays marked static (jaxdp's MDP, a chex dataclass of arrays)
CHEXIFIED_STATIC = """\
from functools import partial

import chex
import jax
import jax.numpy as jnp

tables = {"reward": jnp.ones(3)}


@chex.chexify
@partial(jax.jit, static_argnames="mdp")
def greedy(mdp, gamma):
    chex.assert_tree_all_finite(mdp["reward"])
    return gamma * mdp["reward"]


greedy(mdp=tables, gamma=0.9)
"""

# a class passed to a chexified jit inside a loop over planners
CHEXIFIED_CLASS = """\
import chex
import jax
import jax.numpy as jnp


class Halve:
    def __init__(self, rate):
        self.rate = rate

    def step(self, x):
        return x * self.rate


@chex.chexify
@jax.jit
def run(planner_cls, x):
    chex.assert_tree_all_finite(x)
    return planner_cls(0.5).step(x)


results = {}
for cls in [Halve]:
    results[cls.__name__] = run(cls, jnp.ones(3))
"""


def test_a_chexified_jit_is_tried_in_chex_context_with_its_loop_fix(tmp_path):
    pytest.importorskip("chex")
    found = explained_cell("chexified-while", JAXDP, CHEXIFIED_WHILE, tmp_path)
    assert (found.kind, found.lineno) == ("bool-conversion", 11), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.while_loop", True), tried(found)


def test_a_chexified_jits_static_option_is_fixed_under_its_chexify(tmp_path):
    pytest.importorskip("chex")
    found = explained_cell("chexified-static", JAXDP, CHEXIFIED_STATIC, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "mdp"), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("not-static", True), tried(found)
    assert top.code.splitlines()[:2] == ["@chex.chexify", "@jax.jit"], top.code


def test_a_class_passed_to_a_chexified_jit_is_made_static(tmp_path):
    pytest.importorskip("chex")
    found = explained_cell("chexified-class", JAXDP, CHEXIFIED_CLASS, tmp_path)
    assert (found.kind, found.argument) == ("non-array-argument", "planner_cls"), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("static", True), tried(found)
    assert "@chex.chexify\n@partial(jax.jit, static_argnames='planner_cls')" in top.code, top.code


# a library that sweeps the user's function over a batch under its own jit and vmap (hyperiax's down sweep)
SWEEP_LIBRARY = """\
import jax


def sweep(fn, x, params):
    return jax.jit(lambda x, p: jax.vmap(lambda xi: fn(xi, p))(x))(x, params)
"""

LOOP_IN_A_SWEEP = """\
import jax.numpy as jnp
import sweep_cases


def flow(x, params):
    y = x
    for _ in range(params["n_steps"]):
        y = y - 0.1 * y
    return y


sweep_cases.sweep(flow, jnp.ones((3, 2)), {"n_steps": 10})
"""


def test_a_loop_fix_is_tried_through_the_librarys_call_when_the_function_alone_stood_in(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "sweep_cases", SWEEP_LIBRARY)
    from jaxmagic._explain.retrace import in_place
    monkeypatch.setattr(in_place, "QUICK_SHARE", 0.0)  # the quick run always runs out: the function alone stands in
    found = explained_cell("loop-in-a-sweep", HYPERIAX, LOOP_IN_A_SWEEP, tmp_path)
    assert (found.kind, found.lineno) == ("integer-conversion", 7), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.fori_loop", True), tried(found)
    assert "failing trace run again" in top.outcome, tried(found)


# a planner whose init builds a state from its arguments (jaxdp's ValueIteration.init, reduced)
PLANNER_LIBRARY = """\
import jax.numpy as jnp


class Planner:
    def init(self, size):
        return {"v": jnp.zeros(size)}

    def update(self, state):
        return {"v": state["v"] * 0.9 + 1.0}
"""

SCAN_IN_A_JITTED_LAMBDA = """\
import jax
import jax.numpy as jnp
import planner_cases

planner = planner_cases.Planner()
history = []


def body(state, _):
    state = planner.update(state)
    history.append(state["v"])
    return state, None


final, _ = jax.jit(lambda s: jax.lax.scan(body, s, None, length=5))(planner.init(3))
jnp.stack(history).max()
"""


def test_a_scan_body_leak_is_tried_through_the_users_jitted_lambda_given_a_librarys_init(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "planner_cases", PLANNER_LIBRARY)
    found = explained_cell("scan-in-a-jitted-lambda", JAXDP, SCAN_IN_A_JITTED_LAMBDA, tmp_path)
    assert (found.kind, found.lineno) == ("leaked-tracer", 11), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("return-value", True), tried(found)
    assert "your line that ran it" in top.outcome, tried(found)


# a library that differentiates a method of the user's model, called with its object (diffopt's OnePointModel)
MODEL_LIBRARY = """\
import jax


class OnePointModel:
    comm = None

    def __hash__(self):
        return hash((self.comm.name, type(self)))

    def loss_and_grad(self, params, **kwargs):
        params = jax.numpy.asarray(params)

        def sumstats_func(params):
            return self.sumstats(params, **kwargs)

        sumstats, pullback = jax.vjp(sumstats_func, params)
        return self.loss(sumstats), pullback(jax.numpy.ones_like(sumstats))
"""

STORED_UNDER_VJP = """\
from dataclasses import dataclass

import jax.numpy as jnp
import model_cases


@dataclass
class Model(model_cases.OnePointModel):
    def sumstats(self, params):
        out = jnp.cumsum(params)
        self.last = out
        return out

    def loss(self, sumstats):
        return jnp.sum(sumstats ** 2)


model = Model()
model.loss_and_grad(jnp.array([1.0, 2.0]))
jnp.log(model.last)
"""

INHERITED_HASH_FAILS = """\
from dataclasses import dataclass
import functools

import jax
import jax.numpy as jnp
import model_cases


@dataclass
class Model(model_cases.OnePointModel):
    scale: float = 2.0

    def __post_init__(self):
        self.offset = 1.0

    @functools.partial(jax.jit, static_argnums=0)
    def sumstats(self, params):
        return jnp.cumsum(params) * self.scale + self.offset

    def loss(self, sumstats):
        return jnp.sum(sumstats ** 2)


model = Model()
model.loss_and_grad(jnp.array([1.0, 2.0]))
"""


def test_a_try_that_cannot_trace_the_librarys_object_is_no_verdict(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "model_cases", MODEL_LIBRARY)
    found = explained_cell("stored-under-vjp", DIFFOPT, STORED_UNDER_VJP, tmp_path)
    assert (found.kind, found.lineno) == ("leaked-tracer", 11), found.message
    assert found.fixes and not any(f.verified is False and "abstract array" in (f.outcome or "")
                                   for f in found.fixes), tried(found)


def test_a_dataclass_whose_inherited_hash_fails_hashes_by_identity(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "model_cases", MODEL_LIBRARY)
    found = explained_cell("inherited-hash-fails", DIFFOPT, INHERITED_HASH_FAILS, tmp_path)
    assert (found.kind, found.argument) == ("unhashable-static", "self"), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), tried(found)
    assert "__hash__ = object.__hash__" in top.code and "@dataclass(eq=False)" in top.code, top.code


# a mask beside a slice, the selection handed to a library's function (diffopt's KCalc.compare_kde_counts)
COUNTS_LIBRARY = """\
import jax.numpy as jnp


def counts(points, weights=None):
    weights = jnp.ones(points.shape[0]) if weights is None else weights
    return jnp.sum(points * weights[:, None], axis=0)
"""

MASK_BESIDE_A_SLICE = """\
import jax
import jax.numpy as jnp
import counts_cases


@jax.jit
def binned(x):
    in_bin = (x[:, 2] > -0.5) & (x[:, 2] < 0.5)
    return counts_cases.counts(x[in_bin, :2])


binned(jnp.zeros((6, 3)))
"""


def test_a_mask_beside_a_slice_gives_fixes_that_parse_and_trace(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "counts_cases", COUNTS_LIBRARY)
    found = explained_cell("mask-beside-a-slice", DIFFOPT, MASK_BESIDE_A_SLICE, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("boolean-index", "x", 9), found.message
    for fix in found.fixes:
        ast.parse(fix.code)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jnp.where", True), tried(found)
    # the library weighs what it is given (diffopt's compare_kde_counts takes weights): the mask goes there, every
    # point handed over; zeros in place of the unselected points would be points at the origin to it
    assert top.code == "counts_cases.counts(x[:, :2], weights=jnp.where(in_bin, 1.0, 0.0))", top.code


# a list of modules indexed by ints only, each called with a context object (jaxtorch's ModuleList and Context)
MODULES_LIBRARY = """\
import jax.numpy as jnp


class Context:
    def __init__(self, scale):
        self.scale = scale


class Blocks:
    def __init__(self, count):
        self._items = [Layer(k + 1.0) for k in range(count)]

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, index):
        if not isinstance(index, int):
            raise TypeError("Invalid argument type.")
        return self._items[index]


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, cx, h):
        return cx.scale * self.weight * h
"""

INDEXED_IN_A_LOOP = """\
import jax
import jax.numpy as jnp
import modules_cases


class Stack:
    def __init__(self, depth):
        self.depth = depth
        self.blocks = modules_cases.Blocks(depth)

    def forward(self, cx, x):
        def body(i, h):
            return h + jnp.tanh(self.blocks[i](cx, h))
        return jax.lax.fori_loop(0, self.depth, body, x)


Stack(3).forward(modules_cases.Context(0.5), jnp.ones(4))
"""


def test_a_switch_over_modules_closes_over_a_context_object(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "modules_cases", MODULES_LIBRARY)
    found = explained_cell("indexed-in-a-loop", JAXTORCH, INDEXED_IN_A_LOOP, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("integer-conversion", "i", 13), found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("lax.switch", True), tried(found)
    assert "branch(cx, operand1)" in top.code and top.code.endswith(", h)"), top.code


# a library that hands the user's function views of its arrays, not pytrees (hyperiax's Node and Parent)
VIEWS_LIBRARY = """\
import jax


class View:
    __slots__ = ("_fields",)

    def __init__(self, fields):
        self._fields = dict(fields)

    def __getattr__(self, name):
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None


@jax.tree_util.register_pytree_node_class
class Tree:
    def __init__(self, radius, length):
        self.radius, self.length = radius, length

    @property
    def at(self):
        return Accessor(self)

    def tree_flatten(self):
        return (self.radius, self.length), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


class Accessor:
    def __init__(self, tree):
        self.tree = tree

    def __getitem__(self, index):
        return Update(self.tree, index)


class Update:
    def __init__(self, tree, index):
        self.tree, self.index = tree, index

    def set(self, **fields):
        return Tree(self.tree.radius, self.tree.length.at[self.index].set(fields["length"]))


def down(fn, tree):
    def level(radius, length):
        return fn(View({"length": length}), View({"radius": radius}))

    return jax.jit(jax.vmap(level))(tree.radius, tree.length)
"""

BUILTIN_MAX_ON_A_VIEW = """\
import jax.numpy as jnp
import views_cases


def decay(node, parent):
    return max(parent.radius, 0.1) * jnp.exp(-node.length)


views_cases.down(decay, views_cases.Tree(jnp.ones(4), jnp.ones(4)))
"""

MASKED_AT_OF_A_LIBRARY = """\
import jax
import jax.numpy as jnp
import views_cases

tree = views_cases.Tree(jnp.ones(4), jnp.arange(4.0))


@jax.jit
def cap(tree):
    return tree.at[tree.length > 1.0].set(length=1.0)


cap(tree)
"""


def test_the_argument_is_the_view_the_failing_line_reads(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "views_cases", VIEWS_LIBRARY)
    found = explained_cell("builtin-max-on-a-view", HYPERIAX, BUILTIN_MAX_ON_A_VIEW, tmp_path)
    assert (found.kind, found.argument, found.path, found.lineno) == (
        "bool-conversion", "parent", "parent.radius", 6), found.message


def test_a_masked_update_of_a_librarys_accessor_pads_past_the_end(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "views_cases", VIEWS_LIBRARY)
    found = explained_cell("masked-at-of-a-library", HYPERIAX, MASKED_AT_OF_A_LIBRARY, tmp_path)
    assert found.kind == "boolean-index", found.message
    assert not any(f.kind == "jnp.where" and "tree.at," in f.code for f in found.fixes), tried(found)
    sized = next(f for f in found.fixes if f.kind == "size-argument")
    assert "fill_value=(tree.length > 1.0).size" in sized.code and sized.verified is True, tried(found)


# a library's function jitted with a static option the user passes a list (finitediffx's laplacian accuracy)
STENCIL_LIBRARY = """\
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="accuracy")
def laplacian(u, accuracy=(2, 2)):
    return sum(jnp.gradient(jnp.gradient(u, axis=k), axis=k) * a for k, a in enumerate(accuracy))
"""

LIST_OPTION = """\
import jax.numpy as jnp
import stencil_cases

u = jnp.ones((4, 4))
stencil_cases.laplacian(u, accuracy=[2, 4])
"""


def test_a_list_option_of_a_librarys_jit_is_a_tuple_on_the_users_own_line(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "stencil_cases", STENCIL_LIBRARY)
    found = explained_cell("list-option", FINITEDIFFX, LIST_OPTION, tmp_path)
    assert found.kind == "unhashable-static", found.message
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("hashable-static", True), tried(found)
    assert top.code == "stencil_cases.laplacian(u, accuracy=(2, 4))", top.code


def test_a_copied_tree_shares_the_contexts_ipythons_traceback_formatter_annotates():
    # Seen in a real kernel: IPython's traceback formatter sets ``parent`` on the parser's one ``ast.Load()`` (and
    # ``ast.Add()``...), shared by every tree, so ``copy.deepcopy`` of a node of jaxmagic's followed it into whole
    # trees of JAX's files: a leak's explanation took 7.0 s of CPU there, 0.12 s once copies share them.
    from jaxmagic._common.source import copied
    node = ast.parse("y = x + 1").body[0]
    load, add = node.value.left.ctx, node.value.op
    foreign = ast.parse("\n".join(f"a{i} = b{i} + {i}" for i in range(300)))
    load.parent = add.parent = foreign  # as the formatter leaves them
    try:
        made = copied(node)
        assert made.value.left.ctx is load and made.value.op is add
        assert made is not node and made.value is not node.value and ast.dump(made) == ast.dump(node)
        twice = copied([node, node.value])
        assert twice[0] is not node and twice[1].op is add
    finally:
        del load.parent, add.parent


def test_the_engine_copies_syntax_trees_only_through_copied():
    import pathlib
    import jaxmagic
    root = pathlib.Path(jaxmagic.__file__).parent
    found = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py") for n, line in enumerate(
        p.read_text().splitlines(), 1) if "copy.deepcopy(" in line and not re.search(r"copy\.deepcopy\(value[,)]", line)
        and p.name != "source.py"]
    # (the user's own values are deep-copied as they are, ``copy.deepcopy(value)``, or with leaves kept)
    assert not found, found
