"""Every jit a researcher runs: plain ``jax.jit``, ``flax.nnx.jit``, ``equinox.filter_jit`` (issue 14).

Reasons, advice, places and reports for jits jaxmagic did not make, read
through JAX's frames; ``watch``/``unwatch`` and ``expect_compiles`` from plain
Python. Counts are JAX's own events, checked against a listener of the test's.
"""
from __future__ import annotations

import re

import functools
import importlib
import sys
import textwrap

import jax
import jax.numpy as jnp
import pytest

import jaxmagic
from jaxmagic._tracking import monitor


@pytest.fixture
def eqx():
    return pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")


@pytest.fixture
def nnx():
    return pytest.importorskip("flax.nnx", reason="flax is a test extra (absent in the lowest-versions run)")


@pytest.fixture
def watched():
    """Counting on from plain Python, statistics from zero; off again afterwards."""
    jaxmagic.reset()
    jaxmagic.watch()
    yield
    jaxmagic.unwatch()


def _reasons(name: str) -> list[str]:
    return [e.reason for e in jaxmagic.stats(name).events]


# --- 1. reasons for every jit -----------------------------------------------------------------


def test_a_plain_jit_gets_reasons_in_the_users_names(watched):
    @functools.partial(jax.jit, static_argnames="mode")
    def evaluate(params, batch, mode="mean"):
        return jnp.sum(params["w"] * batch) if mode == "sum" else jnp.mean(params["w"] * batch)

    params = {"w": jnp.ones(4)}
    for size in (4, 4, 8):
        evaluate(params, jnp.ones((size, 4)))
    evaluate(params, jnp.ones((8, 4)), mode="sum")
    evaluate({"w": jnp.ones(4, jnp.int32)}, jnp.ones((8, 4)), mode="sum")
    row = jaxmagic.stats("evaluate")
    assert (row.wrapper, row.tracked, row.compiles, row.traces) == ("jax.jit", True, 4, 4)
    assert _reasons("evaluate") == [
        "first call",
        "batch: shape f32[4,4] \u2192 f32[8,4]",
        "mode: pytree structure not passed \u2192 'sum'",
        "params['w']: dtype float32 \u2192 int32",
    ]
    assert row.where.startswith("test_every_jit.py:")
    assert row.events[1].compared_to == "params['w']: f32[4], batch: f32[4,4]"


def test_a_compile_without_a_new_trace_says_the_placement_changed(watched, jax_events):
    @jax.jit
    def shift(x):
        return x + 1

    shift(jnp.ones(2))
    shift(jax.device_put(jnp.ones(2), jax.devices()[0]))  # committed to a device: compiles, no new trace
    row = jaxmagic.stats("shift")
    assert (row.traces, row.compiles) == (jax_events.traces["shift"], jax_events.compiles["jit(shift)"]) == (1, 2)
    last = row.events[-1]
    assert not last.retraced and last.changes[0].what == "sharding"


def test_a_lambda_jitted_in_a_loop_is_one_row_redefined_with_advice(watched, jax_events):
    for _ in range(5):
        jax.jit(lambda v: v * 2)(jnp.ones(3))
    row = jaxmagic.stats("<lambda>")
    assert row.compiles == 5 == jax_events.compiles["jit(<lambda>)"]
    assert _reasons("<lambda>") == ["first call"] + ["the function was redefined"] * 4
    [advice] = row.advice
    assert advice.kind == "redefined-function" and "Jit it once, outside the loop" in advice.message


def test_a_partial_jitted_in_a_loop_is_redefined_too(watched):
    # (a name no other test's function has: a live ``scale`` of another test would take the plain name)
    def scale_by_partial(x, factor):
        return x * factor

    for factor in (1.0, 2.0, 3.0, 4.0):
        jax.jit(functools.partial(scale_by_partial, factor=factor))(jnp.ones(2))
    row = jaxmagic.stats("scale_by_partial")
    assert _reasons("scale_by_partial") == ["first call"] + ["the function was redefined"] * 3
    assert row.advice[0].kind == "redefined-function"


def test_two_live_functions_of_one_name_stay_apart(watched):
    def make(offset):
        @jax.jit
        def step(x):
            return x + offset

        return step

    first = make(1)
    first(jnp.ones(2))

    @jax.jit
    def step(x):  # another function of the same name, defined elsewhere, while the first lives
        return x - 1

    step(jnp.ones(3))
    rows = {name: s for name, s in jaxmagic.stats().items() if name.split("@")[0].endswith("step")}
    assert len(rows) == 2 and all(s.compiles == 1 for s in rows.values())
    assert all(s.events[0].reason == "first call" for s in rows.values())


def test_a_jit_inside_a_users_module_is_understood(watched, tmp_path, monkeypatch):
    (tmp_path / "mylib_every_jit.py").write_text(textwrap.dedent("""
        import jax

        @jax.jit
        def normalise(x):
            return x / x.sum()
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("mylib_every_jit")
    module.normalise(jnp.ones(3))
    module.normalise(jnp.ones(5))
    row = jaxmagic.stats("normalise")
    assert row.where == "mylib_every_jit.py:4"
    assert _reasons("normalise") == ["first call", "x: shape f32[3] \u2192 f32[5]"]
    sys.modules.pop("mylib_every_jit", None)


def test_a_lambda_inside_an_installed_library_is_a_hidden_helper_and_no_row_name_has_an_absolute_path(
        watched, tmp_path, monkeypatch):
    """Issue 25.7: a library's own lambda (flax's helpers jit some) is not the user's function."""
    library = tmp_path / "lib" / "python3" / "site-packages" / "helperlib_every_jit"
    library.mkdir(parents=True)
    (library / "__init__.py").write_text(textwrap.dedent("""
        import jax

        def double(x):
            return jax.jit(lambda v: v * 2)(x)  # a helper of the library's own, jitted anew each call
    """))
    (tmp_path / "lambdas_every_jit.py").write_text(textwrap.dedent("""
        import jax

        twice = jax.jit(lambda v: v * 2)
        thrice = [jax.jit(lambda v: v * 3)]  # bound to no name: a row "<lambda>"
        plus = [jax.jit(lambda v: v + 3)]  # another, while the first lives: a row "<lambda>@<where>"
    """))
    monkeypatch.syspath_prepend(str(library.parent))
    monkeypatch.syspath_prepend(str(tmp_path))
    helperlib = importlib.import_module("helperlib_every_jit")
    mine = importlib.import_module("lambdas_every_jit")
    for n in (2, 3):
        helperlib.double(jnp.ones(n))
        mine.twice(jnp.ones(n))
        mine.thrice[0](jnp.ones(n))
        mine.plus[0](jnp.ones(n))
    visible = jaxmagic.stats()
    hidden = {name: s for name, s in jaxmagic.stats(include_internal=True).items() if name not in visible}
    assert [s.compiles for name, s in hidden.items() if "helperlib" in s.where] == [2]
    assert not any("helperlib" in s.where for s in visible.values())
    assert visible["twice"].compiles == 2
    assert visible["<lambda>@lambdas_every_jit.py:6"].compiles == 2, list(visible)
    for name, s in jaxmagic.stats(include_internal=True).items():
        assert str(tmp_path) not in name and not re.search(r"@/", name), name
        assert str(tmp_path) not in s.where, s.where
    sys.modules.pop("helperlib_every_jit", None)
    sys.modules.pop("lambdas_every_jit", None)


def test_jax_helper_jits_stay_hidden(watched):
    jnp.arange(7).astype(jnp.int8)  # eager ops: JAX's own helper jits
    assert not any(s.wrapper == "jax.jit" and s.name.startswith(("convert", "broadcast")) for s in jaxmagic.stats().values())
    assert any(name.startswith("jit(convert_element_type") for name in jaxmagic.stats(include_internal=True))


def _pmap_is_a_jit() -> bool:
    """From JAX 0.10, pmap is a jit of shard_map around JAX's own function, which ``observed/pmap.py`` reads."""
    return tuple(int(part) for part in jax.__version__.split(".")[:2]) >= (0, 10)


@pytest.mark.skipif(not _pmap_is_a_jit(), reason="before JAX 0.10 pmap runs another way: its compiles count as JAX's own (hidden)")
def test_a_pmapped_function_is_read_through_jax_pmap(watched):
    def double(x):
        return 2 * x

    parallel = jax.pmap(double)
    parallel(jnp.ones((1, 3)))
    parallel(jnp.ones((1, 4)))
    row = jaxmagic.stats("double")
    assert row.wrapper == "jax.pmap" and [e.reason for e in row.events] == ["first call", "x: shape f32[1,3] \u2192 f32[1,4]"]


def test_jits_of_transformed_functions_and_ahead_of_time_compiles(watched):
    def energy(w, x):
        return jnp.sum((w * x) ** 2)

    gradient = jax.jit(jax.grad(energy))
    gradient(jnp.ones(2), jnp.ones(2))
    gradient(jnp.ones(3), jnp.ones(3))
    row = jaxmagic.stats("energy")  # named and placed by the user's def under jax.grad's wrapper
    assert row.where.startswith("test_every_jit.py:") and row.events[1].reason.startswith("w: shape f32[2]")

    def ahead(x):
        return x - 5

    jax.jit(ahead).lower(jnp.ones(2)).compile()
    assert [e.reason for e in jaxmagic.stats("ahead").events] == ["first call"]
    assert not any(name.startswith("jit(ahead") for name in jaxmagic.stats(include_internal=True))


def test_a_helper_traced_inside_another_jit_then_called_at_a_new_shape_says_so(watched):
    @jax.jit
    def helper(x):
        return x * 2

    @jax.jit
    def caller(x):
        return helper(x) + 1

    helper(jnp.ones(3))
    caller(jnp.ones(9))  # helper traced inside, at f32[9]: no trace event of its own
    helper(jnp.ones(9))
    assert [e.reason for e in jaxmagic.stats("helper").events] == ["first call", "x: shape f32[3] \u2192 f32[9]"]


def test_one_function_jitted_two_ways_or_under_two_transformations_is_two_rows(watched):
    def scale(x, n):
        return x * n

    jax.jit(scale)(jnp.ones(2), 2)
    jax.jit(scale, static_argnums=1)(jnp.ones(2), 2)
    # (rows of this test's compiles: another test's live ``scale`` keeps an empty row after the reset)
    rows = {n: s for n, s in jaxmagic.stats().items() if n.split("@")[0].endswith("scale") and s.compiles}
    assert len(rows) == 2 and all([e.reason for e in s.events] == ["first call"] for s in rows.values())

    def loss(w, x):
        return jnp.sum(w * x)

    jax.jit(jax.grad(loss))(jnp.ones(3), jnp.ones(3))
    jax.jit(jax.vmap(loss))(jnp.ones((8, 3)), jnp.ones((8, 3)))
    named = {n: s for n, s in jaxmagic.stats().items() if "loss" in n}
    assert sorted(n.split("(")[0] for n in named) == ["grad", "vmap"]  # grad(...loss), vmap(...loss)
    assert all([e.reason for e in s.events] == ["first call"] for s in named.values())
    with jaxmagic.expect_compiles({"grad(loss)": 1}):
        jax.jit(jax.grad(loss))(jnp.ones(3), jnp.ones(3))


def test_a_callable_object_is_placed_at_its_call(watched):
    class Doubler:
        def __call__(self, x):
            return 2 * x

    jax.jit(Doubler())(jnp.ones(2))
    [row] = [s for n, s in jaxmagic.stats().items() if "Doubler" in n]
    assert row.name.endswith("Doubler.__call__") and row.where.startswith("test_every_jit.py:")


def test_watching_keeps_no_function_alive(watched):
    import gc
    import weakref

    held = []
    for size in (2, 3):
        data = jnp.ones(10_000) * size
        held.append(weakref.ref(data))
        jax.jit(lambda v, data=data: v + data[0])(jnp.ones(size))
        del data
    gc.collect()
    assert jaxmagic.stats("<lambda>").compiles == 2
    assert all(ref() is None for ref in held)  # the closures (and their arrays) were freed


def test_a_function_first_traced_inside_another_says_first_call_at_its_own_compile(watched):
    @jax.jit
    def inner(x):
        return x * 3

    @jax.jit
    def outer(x):
        return inner(x) + 1

    outer(jnp.ones(3))
    inner(jnp.ones(3))  # JAX kept inner's trace from inside outer: a compile without a trace event
    assert [e.reason for e in jaxmagic.stats("inner").events] == ["first call"]


def test_reset_forgets_traces_waiting_for_their_compile(watched):
    @jax.jit
    def pending_step(x):
        return x - 2

    pending_step.trace(jnp.ones(2))  # traced, never compiled
    jaxmagic.reset()
    pending_step(jnp.ones(2))
    row = jaxmagic.stats("pending_step")
    assert row.compiles == 1 and row.events[0].reason == "first call"


def test_tracked_and_plain_jits_of_one_function_keep_their_own_rows(watched, tracking):
    def both(x):
        return x + 1

    tracked = jaxmagic.track(both)
    plain = jax.jit(both)
    tracked(jnp.ones(2))
    plain(jnp.ones(3))
    rows = {n: s for n, s in jaxmagic.stats().items() if n.split("@")[0].endswith("both")}
    assert sorted(s.wrapper for s in rows.values()) == ["jax.jit", "jaxmagic"]
    jaxmagic.reset()
    tracked(jnp.ones(4))
    assert [s.compiles for n, s in jaxmagic.stats().items() if n.split("@")[0].endswith("both")] == [1]


def test_unwatch_never_stops_a_tracked_functions_counts(tracking):
    tracked = jaxmagic.track(lambda x: x * 7, name="seven")
    jaxmagic.watch()
    jaxmagic.unwatch()
    tracked(jnp.ones(2))
    assert jaxmagic.stats("seven").compiles == 1


# --- 2. library wrappers in the user's language ---------------------------------------------------


def test_equinox_python_floats_are_static_values_with_the_asarray_fix(watched, eqx):
    @eqx.filter_jit
    def scale_it(x, scale):
        return x * scale

    for value in (1.0, 2.0, 3.0, 4.0, 5.0):
        scale_it(jnp.ones(3), value)
    row = jaxmagic.stats("scale_it")
    assert row.wrapper == "equinox.filter_jit" and row.compiles == 5
    assert _reasons("scale_it")[1] == "scale: static value 1.0 \u2192 2.0"
    assert row.where.startswith("test_every_jit.py:")  # the user's def, never equinox/_jit.py
    [advice] = row.advice
    assert advice.kind == "static-churn" and "jnp.asarray(scale)" in advice.message
    assert "static_argnames" not in advice.message


def test_a_jitted_equinox_module_is_one_function(watched, eqx):
    class Affine(eqx.Module):
        weight: jax.Array

        def __call__(self, x):
            return self.weight * x

    model = eqx.filter_jit(Affine(jnp.ones(3)))
    model(jnp.ones(3))
    model(jnp.ones((2, 3)))
    [name] = [n for n in jaxmagic.stats() if "Affine" in n]
    assert [e.reason for e in jaxmagic.stats(name).events] == ["first call", "x: shape f32[3] \u2192 f32[2,3]"]


def test_explain_without_arguments_through_a_wrapper(eqx):
    @eqx.filter_jit
    def sign(x):
        return x if x.sum() > 0 else -x

    try:
        sign(jnp.ones(2))
    except jax.errors.TracerBoolConversionError as error:
        found = jaxmagic.explain(error, sign)
    assert not found.analysis_failed and found.argument == "x"


def test_equinox_module_fields_and_methods_by_the_users_paths(watched, eqx):
    class Scale(eqx.Module):
        weight: jax.Array
        power: int

        @eqx.filter_jit
        def __call__(self, x):
            return (self.weight * x) ** self.power

    Scale(jnp.ones(2), 2)(jnp.ones(2))
    Scale(jnp.ones(2), 3)(jnp.ones(2))
    Scale(jnp.ones(4), 3)(jnp.ones(4))
    name = next(n for n in jaxmagic.stats() if n.endswith("Scale.__call__"))
    assert _reasons(name) == [
        "first call",
        "self.power: static value 2 \u2192 3",
        "self.weight: shape f32[2] \u2192 f32[4]; x: shape f32[2] \u2192 f32[4]",
    ]


@pytest.mark.parametrize("graph, updates", [(True, True), (False, False), (True, False)],
                         ids=["graph-mode-with-updates", "tree-mode", "graph-mode-without-updates"])
def test_nnx_in_each_of_flax_graph_modes_gives_reasons_in_the_users_names(watched, nnx, graph, updates):
    """Module state by attribute path, a smaller last batch, and ``model.eval()`` as a graph change, in flax's
    default mode (graph mode with graph updates) and the modes it is moving to (issue 25.6); in tree mode
    (flax 0.12.12) ``model.eval()`` was read as "a signature seen before"."""
    with nnx.set_graph_mode(graph), nnx.set_graph_updates(updates):
        class Net(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(2, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.l1(x))

        @nnx.jit
        def forward_modes(model, x):
            return model(x)

        model = Net(nnx.Rngs(0))
        forward_modes(model, jnp.ones((8, 2)))
        forward_modes(model, jnp.ones((3, 2)))
        model.eval()
        forward_modes(model, jnp.ones((3, 2)))
    row = jaxmagic.stats("forward_modes")
    assert row.wrapper == "flax.nnx.jit" and row.where.startswith("test_every_jit.py:")
    assert "model.l1.kernel: f32[2,3]" in row.events[0].signature
    first, batch, mode = _reasons("forward_modes")
    assert (first, batch) == ("first call", "x: shape f32[8,2] \u2192 f32[3,2]")
    assert mode.startswith("model: pytree structure") and "deterministic" in mode
    if graph == updates:  # NNX passes the module itself (or its graph definition): worded by attribute path
        assert mode == "model: pytree structure drop.deterministic=False \u2192 drop.deterministic=True"


def test_nnx_tree_mode_names_state_by_attribute_and_shows_where_the_graph_changed(watched, nnx):
    @functools.partial(nnx.jit, graph_updates=False)
    def noisy(layer, x):
        return layer(x)

    layer = nnx.Dropout(0.5, rngs=nnx.Rngs(1))
    noisy(layer, jnp.ones(3))
    layer.eval()
    noisy(layer, jnp.ones(3))
    row = jaxmagic.stats("noisy")
    assert row.events[0].signature.startswith("layer.rngs.count: u32[]")
    change = row.events[1].reason
    assert change.startswith("layer: pytree structure \u2026") and "Static(value=False)" in change.split("\u2192")[0]
    assert "Static(value=True)" in change.split("\u2192")[1]


def test_nnx_ragged_batches_give_shape_churn_advice(watched, nnx):
    @nnx.jit
    def loss(model, x):
        return model(x).sum()

    model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    for size in (32, 31, 30, 29, 28):
        loss(model, jnp.ones((size, 2)))
    [advice] = jaxmagic.stats("loss").advice
    assert advice.kind == "shape-churn" and "axis 0 of `x`" in advice.message


def test_a_wrapper_recreated_in_a_loop_is_redefined(watched, nnx):
    def double(model, x):
        return model(x) * 2

    model = nnx.Linear(2, 2, rngs=nnx.Rngs(0))
    for _ in range(4):
        nnx.jit(double)(model, jnp.ones((1, 2)))
    row = jaxmagic.stats("double")
    assert row.compiles == 4 and [a.kind for a in row.advice] == ["redefined-function"]
    assert "nnx.jit" in row.advice[0].message


def test_jaxmagic_never_imports_the_wrapper_libraries():
    import subprocess

    code = (
        "import sys, jax, jax.numpy as jnp, jaxmagic\n"
        "jaxmagic.watch()\n"
        "jax.jit(lambda x: x * 2)(jnp.ones(2))\n"
        "jaxmagic.stats()\n"
        "print(sorted(m for m in ('equinox', 'flax', 'optax') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


# --- 6. from plain Python ---------------------------------------------------------------------


def test_watch_is_idempotent_and_unwatch_removes_the_listener():
    baseline = monitor.installed()
    jaxmagic.watch()
    jaxmagic.watch()
    assert jaxmagic.watching() and monitor.installed() == 1
    jaxmagic.unwatch()
    jaxmagic.unwatch()
    assert monitor.installed() == baseline
    assert "watch()" in jaxmagic.stats.__doc__


def test_expect_compiles_passes_within_budget_and_lists_every_compile_past_it(watched):
    @jax.jit
    def train_step(w, batch):
        return w - 0.1 * batch.mean(0)

    w = jnp.zeros(2)
    with jaxmagic.expect_compiles(train_step=1):
        for _ in range(3):
            w = train_step(w, jnp.ones((4, 2)))
    with pytest.raises(AssertionError) as info:
        with jaxmagic.expect_compiles(train_step=1):
            train_step(w, jnp.ones((3, 2)))
            train_step(w, jnp.ones((5, 2)))
    text = str(info.value)
    assert text.startswith("train_step compiled 2 times in this block; 1 was allowed:")
    assert re.search(r"1\. \S*train_step#2: batch: shape f32\[4,2\] \u2192 f32\[3,2\]", text)  # by compile id
    assert re.search(r"2\. \S*train_step#3: batch: shape f32\[(3|4),2\] \u2192 f32\[5,2\]", text)


def test_expect_compiles_works_for_wrappers_and_lets_the_blocks_error_through(watched, eqx):
    @eqx.filter_jit
    def apply(x, lr):
        return x * lr

    jaxmagic.unwatch()
    with pytest.raises(AssertionError, match=r"lr: static value 0.1 \u2192 0.2"):
        with jaxmagic.expect_compiles(apply=1):
            apply(jnp.ones(2), 0.1)
            apply(jnp.ones(2), 0.2)
    with pytest.raises(ZeroDivisionError):
        with jaxmagic.expect_compiles(apply=0):
            apply(jnp.ones(2), 0.3)
            1 / 0
    with jaxmagic.expect_compiles(apply=5):
        jaxmagic.watch()  # the user's own: the block's end leaves it on
    assert jaxmagic.watching()
    with pytest.raises(TypeError, match="the budget is a number of compiles"):
        jaxmagic.expect_compiles(apply="one")


# --- 7. cost: nothing jaxmagic does adds a trace or a compile ------------------------------------


def test_watching_adds_no_trace_and_no_compile(jax_events, eqx, nnx):
    def workload():
        @jax.jit
        def plain_step(x, n):
            return x * n

        @eqx.filter_jit
        def eqx_step(x, s):
            return x * s

        @nnx.jit
        def nnx_step(model, x):
            return model(x)

        model = nnx.Linear(2, 2, rngs=nnx.Rngs(0))
        for size in (2, 3, 3):
            plain_step(jnp.ones(size), 2.0)
            eqx_step(jnp.ones(size), 0.5)
            nnx_step(model, jnp.ones((size, 2)))

    names = ("plain_step", "eqx_step", "nnx_step")

    def ours() -> tuple:  # the workload's own functions: JAX's helper jits were compiled by the first run
        return (tuple(jax_events.traces[n] for n in names),
                tuple(jax_events.compiles[f"jit({n})"] for n in names))

    workload()
    off = ours()
    jax_events.clear()
    jaxmagic.reset()
    jaxmagic.watch()
    try:
        workload()
    finally:
        jaxmagic.unwatch()
    assert ours() == off == ((2, 2, 2), (2, 2, 2))
    rows = {n.rsplit(".", 1)[-1]: s for n, s in jaxmagic.stats().items() if n.rsplit(".", 1)[-1] in names}
    assert {n: (s.traces, s.compiles) for n, s in rows.items()} == {n: (2, 2) for n in names}


# --- 3. %%jittrace and %jittrace see them too --------------------------------------------------


@pytest.fixture
def wrapped_shell(shell, eqx, nnx):
    shell.run("import equinox as eqx\nfrom flax import nnx")
    return shell


@pytest.mark.parametrize("decorator", ["@eqx.filter_jit", "@nnx.jit", "@compile_it", "@my_jit"])
def test_a_cell_reports_functions_its_wrappers_jit(wrapped_shell, jax_events, decorator):
    wrapped_shell.run(
        "compile_it = jax.jit\n"  # jax.jit under another name
        "def my_jit(f):\n    return jax.jit(f)\n"  # any wrapper around jax.jit
    )
    jax_events.clear()
    report = wrapped_shell.run(
        f"%%jittrace\n{decorator}\ndef affine(x, b):\n    for _ in range(2):\n        x = x * 2\n    return x + b\n"
        "affine(jnp.ones(3), jnp.ones(3))\naffine(jnp.ones(3), jnp.ones(3))\naffine(jnp.ones(4), jnp.ones(4))"
    )
    assert [t.function for t in report.traces] == ["affine", "affine"]
    first, second = report.traces
    assert [(a.path, a.short) for a in first.arguments] == [("x", "f32[3]"), ("b", "f32[3]")]
    assert [str(c) for c in second.changes] == [
        "x: shape f32[3] \u2192 f32[4]", "b: shape f32[3] \u2192 f32[4]"
    ]
    assert str(first.jaxpr).count("mul") == 2 and first.cost.get("flops", 0) > 0
    assert report.functions == ["affine"] and not report.notes
    lines = {line.lineno: line for line in report.lines}
    assert (lines[4].kind, lines[4].body_runs) == ("trace-time", 2)  # the teaching view: the loop ran twice
    assert (lines[5].kind, lines[5].runs, len(lines[5].ops)) == ("ops", 2, 2)
    assert sum(c for n, c in jax_events.compiles.items() if "affine" in n) == 2
    assert sum(c for n, c in jax_events.traces.items() if "affine" in n) == 2


def test_jittrace_of_an_equinox_call_shows_the_static_float_and_adds_no_compile(wrapped_shell, jax_events, eqx):
    wrapped_shell.run(
        "class Lin(eqx.Module):\n    w: jax.Array\n    def __call__(self, x):\n        return self.w * x\n"
        "@eqx.filter_jit\ndef predict(lin, x, t):\n    return lin(x) * t\n"
        "lin = Lin(jnp.ones(3))\nx = jnp.ones(3)\npredict(lin, x, 0.3)"
    )
    jax_events.clear()
    report = wrapped_shell.run("%jittrace predict(lin, x, 0.3)")
    [entry] = report.traces
    assert entry.cached and [(a.path, a.short, a.static) for a in entry.arguments] == [
        ("lin.w", "f32[3]", False), ("x", "f32[3]", False), ("t", "0.3", True)
    ]
    assert sum(jax_events.compiles.values()) == 0 and sum(jax_events.traces.values()) == 0
    report = wrapped_shell.run("%jittrace predict(lin, x, 0.4)")
    assert [str(c) for c in report.traces[0].changes] == ["t: static value 0.3 \u2192 0.4"]
    assert [n for n in jaxmagic.stats() if "predict" in n] == ["predict"]
    assert jaxmagic.stats("predict").compiles == 2


def test_jittrace_says_a_wrapped_functions_static_options_are_its_own(wrapped_shell):
    from IPython.core.error import UsageError

    wrapped_shell.run("@eqx.filter_jit\ndef keep(x, n):\n    return x * n")
    with pytest.raises(UsageError, match="keep is already jitted and keeps its own static"):
        wrapped_shell.run("%jittrace --static-argnames n keep(jnp.ones(2), 2)")


def test_jittrace_of_a_pmapped_call_adds_nothing_of_its_own(wrapped_shell, jax_events):
    if not _pmap_is_a_jit():
        pytest.skip("before JAX 0.10 pmap runs another way")
    wrapped_shell.run("def triple(x):\n    return 3 * x\nptriple = jax.pmap(triple)\nptriple(jnp.ones((1, 2)))")
    jax_events.clear()
    report = wrapped_shell.run("%jittrace ptriple(jnp.ones((1, 2)))")
    assert report.traces[0].cached and sum(jax_events.compiles.values()) == sum(jax_events.traces.values()) == 0
    assert [n for n in jaxmagic.stats() if "triple" in n] == ["triple"]


def test_jittrace_of_an_nnx_call_has_its_cost(wrapped_shell, nnx):
    wrapped_shell.run("@nnx.jit\ndef fwd(m, x):\n    return m(x)\nm = nnx.Linear(2, 3, rngs=nnx.Rngs(0))")
    report = wrapped_shell.run("%jittrace fwd(m, jnp.ones((4, 2)))")
    [entry] = report.traces
    assert entry.cost["flops"] > 0 and not entry.notes
    assert [a.path for a in entry.arguments] == ["m.bias", "m.kernel", "x"]


# --- 4. explanations through wrappers ---------------------------------------------------------


def test_an_error_inside_filter_jit_names_the_users_parameter_and_line(wrapped_shell, eqx):
    report = wrapped_shell.run(
        "%%jittrace\n@eqx.filter_jit\ndef clip(x, n):\n    if x.sum() > n:\n        return x\n    return -x\n"
        "clip(jnp.ones(3), 2.0)"
    )
    found = report.error.explanation
    assert found.location == "cell line 4" and found.argument == "x"
    assert "dynamic_nodonate" not in found.text()
    assert found.fixes[0].verified and found.fixes[0].code.strip() == "return jnp.where(x.sum() > n, x, -x)"


def test_a_static_fix_for_nnx_is_worded_and_verified_through_nnx_jit(wrapped_shell, nnx):
    wrapped_shell.run(
        "@nnx.jit\ndef gate(m, x, k):\n    if k > 0:\n        return m(x)\n    return x\n"
        "m = nnx.Linear(2, 2, rngs=nnx.Rngs(0))"
    )
    report = wrapped_shell.run("%jittrace gate(m, jnp.ones((4, 2)), 1)")
    found = report.error.explanation
    assert found.argument == "k"
    static = next(f for f in found.fixes if f.kind == "static")
    assert static.code.splitlines()[:3] == ["from functools import partial", "@partial(nnx.jit, static_argnames='k')",
                                            "def gate(m, x, k):"] and static.verified
