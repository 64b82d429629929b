"""Recompile tracking: exact counts, precise reasons, advice, the API and its magics."""
from __future__ import annotations

import gc
import re
import weakref
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from IPython.core.error import UsageError

import jaxmagic
from jaxmagic import Change
from jaxmagic._tracking import stats as _stats


@pytest.fixture(autouse=True)
def _fresh():
    jaxmagic.reset()
    yield


def _changes(stats, index=-1):
    return list(stats.events[index].changes)


# --- 1. the API ----------------------------------------------------------------------


def test_track_call_and_decorator_forms_count_into_stats(jax_events):
    def scale(x, n):
        return x * n

    tracked = jaxmagic.track(scale, static_argnames="n")
    tracked(jnp.ones(2), n=2)
    tracked(jnp.ones(2), n=2)  # cached

    @jaxmagic.track
    def shift(x):
        return x + 1

    @jaxmagic.track(name="my-step", static_argnums=1)
    def step(x, k):
        return x * k

    shift(jnp.ones(3))
    step(jnp.ones(3), 2)
    rows = jaxmagic.stats()
    assert {"test_track_call_and_decorator_forms_count_into_stats.<locals>.scale", "my-step"} <= set(rows)
    assert isinstance(tracked, type(jax.jit(lambda v: v)))  # a real jax.jit object
    s = jaxmagic.stats("test_track_call_and_decorator_forms_count_into_stats.<locals>.scale")  # not another test's
    assert (s.traces, s.compiles) == (1, 1) == (jax_events.traces["scale"], jax_events.compiles["jit(scale)"])
    assert s.events[0].changes == [Change("", "first-call")] and s.tracked
    assert jaxmagic.stats("my-step").compiles == 1
    jaxmagic.reset("scale")
    assert jaxmagic.stats("scale").compiles == 0 and jaxmagic.stats("shift").compiles == 1
    with pytest.raises(KeyError, match="no jitted function named 'nope'"):
        jaxmagic.stats("nope")


def test_jittrace_cell_functions_are_in_stats(shell):
    shell.run("%%jittrace\ndef cellfn(x):\n    return x * 2\ncellfn(jnp.ones(2))\ncellfn(jnp.ones(3))")
    s = jaxmagic.stats("cellfn")
    assert (s.traces, s.compiles) == (2, 2)
    assert s.where.startswith("Cell In[") and s.events[-1].reason == "x: shape f32[2] → f32[3]"


# --- 2. exact counts ------------------------------------------------------------------


def test_counts_equal_jax_events_over_shapes_statics_and_a_compile_without_retrace(jax_events):
    def counted(x, n):  # a name no other test's cell uses: its row is this function's alone
        return x * n

    g = jaxmagic.track(counted, static_argnames="n")
    for k in range(6):
        g(jnp.ones(2 + k % 3), n=k % 2)
    g(jax.device_put(jnp.ones(2), jax.devices()[0]), n=0)  # committed: compiles, no new trace
    s = jaxmagic.stats("counted")
    assert s.traces == jax_events.traces["counted"] == 6
    assert s.compiles == jax_events.compiles["jit(counted)"] == 7
    last = s.events[-1]
    assert not last.retraced and last.changes[0].what == "sharding"


def test_two_live_functions_with_the_same_name_are_not_mixed_up(shell, jax_events):
    shell.run("%%jittrace\ndef dup(x):\n    return x + 1\ndup(jnp.ones(2))")
    shell.run("first = dup")
    shell.run("%%jittrace\ndef dup(x):\n    return x * 5\ndup(jnp.ones(2))\ndup(jnp.ones(3))")
    shell.run("first(jnp.ones(4))")
    rows = {n: s for n, s in jaxmagic.stats().items() if n.startswith("dup")}
    assert len(rows) == 2
    [other] = [n for n in rows if n != "dup"]
    assert re.fullmatch(r"dup@In\[\d+\]:2", other)
    assert (rows["dup"].compiles, rows[other].compiles) == (2, 2)  # first: ones(2), ones(4); second: 2, 3
    assert sum(s.compiles for s in rows.values()) == jax_events.compiles["jit(dup)"] == 4


def test_a_cell_run_again_continues_its_row_with_function_redefined(shell):
    cell = "%%jittrace\ndef again(x):\n    return x - 1\nagain(jnp.ones(2))"
    shell.run(cell)
    shell.run(cell)
    s = jaxmagic.stats("again")
    assert s.compiles == 2 and [e.changes for e in s.events][-1] == [Change("", "function-redefined")]


def test_tracking_adds_no_trace_or_compile_of_its_own(jax_events):
    def h(x):
        return jnp.sin(x)

    t = jaxmagic.track(h)
    for _ in range(3):
        t(jnp.ones(4))
    jaxmagic.stats()  # reading stats (and the loop analysis) traces nothing new
    assert (jax_events.traces["h"], jax_events.compiles["jit(h)"]) == (1, 1)


# --- 3. precise reasons -----------------------------------------------------------------


def test_reason_is_against_the_closest_signature_not_the_static_one():
    f = jaxmagic.track(lambda x, n: x * n, static_argnames="n", name="closest")
    f(jnp.ones(3, jnp.float32), n=3)
    f(jnp.ones(4, jnp.float32), n=3)
    f(jnp.ones(4, jnp.float32), n=4)
    f(jnp.ones(4, jnp.int32), n=4)
    f(jnp.ones(3, jnp.float32), n=3)  # back to an earlier signature: cache hit, no event
    s = jaxmagic.stats("closest")
    assert s.compiles == 4
    assert _changes(s) == [Change("x", "dtype", "float32", "int32")]
    assert s.events[-1].compared_to == "x: f32[4], n=4"


def test_every_changed_leaf_weak_type_pytree_and_keyword_changes():
    f = jaxmagic.track(lambda p, s: p["w"] * s, name="leaves")
    f({"w": jnp.ones(2)}, 1.0)
    f({"w": jnp.ones(3)}, jnp.float32(1.0))  # two leaves change at once
    assert _changes(jaxmagic.stats("leaves")) == [
        Change("p['w']", "shape", "f32[2]", "f32[3]"),
        Change("s", "weak-type", "weak (Python scalar)", "strong (array)"),
    ] or [c.what for c in _changes(jaxmagic.stats("leaves"))] == ["shape", "weak-type"]
    f({"w": jnp.ones(3), "b": jnp.ones(3)}, jnp.float32(1.0))
    assert [c.what for c in _changes(jaxmagic.stats("leaves"))] == ["pytree-structure"]
    f({"w": jnp.ones(3), "b": jnp.ones(3)}, s=jnp.float32(1.0))
    [kw] = _changes(jaxmagic.stats("leaves"))
    assert (kw.path, kw.what, kw.before, kw.after) == ("s", "pytree-structure", "passed by position", "passed by keyword")


def test_lambda_jitted_in_a_loop_is_one_row_with_redefinitions():
    for k in range(4):
        jaxmagic.track(lambda x: x * 2, name="loop-lambda")(jnp.ones(2))
    s = jaxmagic.stats("loop-lambda")
    assert s.compiles == 4
    assert [c.what for c in _changes(s)] == ["function-redefined"]
    assert [a.kind for a in s.advice] == ["redefined-function"]


# --- 4. advice ----------------------------------------------------------------------


def test_static_step_counter_is_static_churn_advice():
    step_fn = jaxmagic.track(lambda w, step: w * 0.99**step, static_argnames="step", name="train_step")
    for step in range(20):
        step_fn(jnp.ones(2), step=step)
    s = jaxmagic.stats("train_step")
    assert s.compiles == 20
    [advice] = s.advice
    assert advice.kind == "static-churn" and advice.path == "step"
    assert "took 20 values" in advice.message and "remove `step` from static_argnames" in advice.message


def test_shape_churn_suggests_buckets_and_padding_code():
    f = jaxmagic.track(lambda batch: batch.sum(), name="ragged")
    for n in range(3, 13):
        f(jnp.ones(n))
    [advice] = jaxmagic.stats("ragged").advice
    assert advice.kind == "shape-churn" and advice.path == "batch"
    assert "(4, 8, 16)" in advice.message.replace(", ", ", ") or "4, 8, 16" in advice.message
    assert "jnp.pad(batch" in advice.code and "BUCKETS = (4, 8, 16)" in advice.code


def test_advice_code_parses_and_runs_past_the_sizes_kept_one_by_one():
    """Every snippet is Python; the bucket lookup covers the largest size even past the 256 kept (issue 15.6)."""
    import ast

    from jaxmagic._tracking.advice import advise
    from jaxmagic._tracking.history import History
    from jaxmagic._tracking.signature import build_signature
    from jaxmagic._tracking.stats import Row

    row = Row("batches", tracked=True)
    row.analysis = History()
    for n in range(1, 302):  # 301 sizes: more than the 256 distinct sizes kept
        row.analysis.add(build_signature((jax.ShapeDtypeStruct((n,), jnp.float32),), {}, names=["batch"],
                                         var_name=None, static_argnums=(), static_argnames=(),
                                         abstract=lambda s: jax.core.ShapedArray(s.shape, s.dtype)))
    row.compiles = 301
    [advice] = advise(row)
    assert "512" in advice.message  # the bucket past the largest size, 301
    ast.parse(advice.code)
    scope = {"jnp": jnp, "batch": jnp.ones(301)}
    exec(advice.code, scope)
    assert scope["size"] == 512 and scope["batch"].shape == (512,)

    jaxmagic.watch()
    try:
        for _ in range(4):
            jax.jit(lambda v: v + 1)(jnp.ones(2))
    finally:
        jaxmagic.unwatch()
    lambdas = [a for n, s in jaxmagic.stats().items() if "<lambda>" in n for a in s.advice]
    assert lambdas and all(ast.parse(a.code) for a in lambdas)
    assert lambdas[0].code.startswith("f_jit = jax.jit(lambda v: v + 1)")  # the very jit, moved out of the loop


def test_weak_type_flip_advice_only_when_the_flip_alone_compiled():
    f = jaxmagic.track(lambda x, s: x * s, name="flip_and_shape")
    f(jnp.ones(2), 2.0)
    f(jnp.ones(3), jnp.float32(2.0))  # a new shape as well: fixing the weak type would not have saved it
    assert jaxmagic.stats("flip_and_shape").advice == []


def test_weak_type_flip_advice():
    f = jaxmagic.track(lambda x, s: x * s, name="flip")
    f(jnp.ones(2), 2.0)
    f(jnp.ones(2), jnp.float32(2.0))
    assert [a.kind for a in jaxmagic.stats("flip").advice] == ["weak-type-flip"]


def test_unrolled_python_loop_advice_names_the_loop_line(shell):
    shell.run("%%jittrace --quiet\ndef unrolled(x):\n    for _ in range(150):\n        x = jnp.sin(x)\n    return x\nunrolled(jnp.ones(2))")
    [advice] = [a for a in jaxmagic.stats("unrolled").advice if a.kind == "unrolled-loop"]
    assert "loop at Cell In[" in advice.message and "line 3" in advice.message and "×150" in advice.message


def test_the_report_and_the_panel_word_an_unrolled_loop_the_same_way(shell):
    report = shell.run("%%jittrace\ndef spin(x):\n    for _ in range(120):\n        x = jnp.sin(x) * 2\n    return x\n"
                       "spin(jnp.ones(2))")
    [advice] = [a for a in jaxmagic.stats("spin").advice if a.kind == "unrolled-loop"]
    [in_report] = [line for line in report.text().splitlines() if "unrolled-loop" in line]
    # the report names the line within its cell, the panel names the cell: the sentence is the same
    assert re.sub(r"Cell In\[\d+\], line 3", "cell line 3", advice.message) in in_report
    assert "×120 into 240 equations" in advice.message


def test_unrolled_loop_advice_reads_through_a_decorator_defined_elsewhere(shell):
    shell.run("def logged(f):\n    @functools.wraps(f)\n    def wrapper(*a, **k):\n        return f(*a, **k)\n    return wrapper")
    shell.run("import jaxmagic\ndef looping(x):\n    for _ in range(150):\n        x = jnp.sin(jnp.cos(x))\n    return x\n"
              "looped = jaxmagic.track(logged(looping))\nlooped(jnp.ones(2))")
    [advice] = [a for a in jaxmagic.stats("looping").advice if a.kind == "unrolled-loop"]
    # the wrapper's cell holds no loop: the loop is read in the cell that defines it, ×150 from the
    # repeating run (cos, sin) of its body, with no line events in a plain call
    assert "line 3" in advice.message and "×150 into 300 equations" in advice.message


# --- 5. every jit in the process ----------------------------------------------------------


def test_untracked_jits_have_rows_with_reasons_and_jax_helpers_are_hidden():
    @jax.jit
    def plain(x):
        return x - 1

    plain(jnp.ones(2))
    plain(jnp.ones(3))
    jnp.ones(5).astype(jnp.int8)  # an eager op: JAX's own helper jit
    rows = jaxmagic.stats()
    s = rows["test_untracked_jits_have_rows_with_reasons_and_jax_helpers_are_hidden.<locals>.plain"]
    assert (s.traces, s.compiles, s.tracked, s.wrapper) == (2, 2, True, "jax.jit") and s.compile_seconds > 0
    assert [e.reason for e in s.events] == ["first call", "x: shape f32[2] \u2192 f32[3]"]
    assert s.where.startswith("test_recompiles.py:")
    assert jaxmagic.stats("plain") == s  # found by the name the user knows
    assert not any(n.startswith("jit(convert_element_type") for n in rows)
    assert any(n.startswith("jit(convert_element_type") for n in jaxmagic.stats(include_internal=True))


# --- 7. for notebook tests ------------------------------------------------------------------


def test_jittrace_assert_and_reset_magics(shell):
    shell.run("%%jittrace --quiet --static-argnames n\ndef churn(x, n):\n    return x * n\nfor n in range(3):\n    churn(jnp.ones(2), n=n)")
    shell.run("%jittrace_assert churn --max-compiles 3")
    with pytest.raises(AssertionError) as info:
        shell.run("%jittrace_assert churn --max-compiles 1 --max-traces 1")
    text = str(info.value)
    assert "3 compiles (at most 1 allowed) and 3 traces (at most 1 allowed)" in text
    assert re.search(r"churn#\d+: n: static value 1 → 2", text)  # each compile by its id (unique in the process)
    with pytest.raises(UsageError, match="give --max-compiles"):
        shell.run("%jittrace_assert churn")
    with pytest.raises(UsageError, match="no jitted function named 'nothing'"):
        shell.run("%jittrace_assert nothing --max-compiles 1")
    shell.run("%jittrace_reset churn")
    assert jaxmagic.stats("churn").compiles == 0


# --- 8. memory ---------------------------------------------------------------------------


def test_tracking_keeps_no_user_array_alive():
    f = jaxmagic.track(lambda x: x * 2, name="keeps-nothing")
    big = np.ones((256, 256), np.float32)
    ref = weakref.ref(big)
    f(big)
    del big
    gc.collect()
    assert ref() is None
    assert jaxmagic.stats("keeps-nothing").compiles == 1


def test_history_is_bounded_and_older_compiles_are_summarised():
    row = _stats.Row("synthetic", tracked=True)
    for i in range(100_000):
        row.add_compile(_stats.Recompile((Change("x", "shape", str(i), str(i + 1)),), 0.001, float(i)))
    snap = row.snapshot()
    assert snap.compiles == 100_000 and len(snap.events) == _stats.HISTORY
    assert snap.dropped == {"shape of x": 100_000 - _stats.HISTORY}  # by kind: no per-value keys kept


def test_counters_of_reasons_stay_bounded_when_every_compile_changes_a_new_leaf():
    row = _stats.Row("many-leaves", tracked=True)
    for i in range(20_000):
        row.add_compile(_stats.Recompile((Change(f"p['k{i}']", "pytree-structure", "absent", "f32[]"),), 0.001, 0.0))
    snap = row.snapshot()
    assert len(snap.dropped) <= _stats._DISTINCT_KEYS
    assert sum(snap.dropped.values()) == 20_000 - _stats.HISTORY


def test_advice_counts_survive_compiles_that_change_many_leaves():
    # a pytree of 100 leaves, every one reshaped, must not crowd out what advice counts (review finding)
    row = _stats.Row("crowded", tracked=True)
    row.add_compile(_stats.Recompile(tuple(Change(f"p['k{i}']", "shape", "f32[1]", "f32[2]") for i in range(100)),
                                     0.001, 0.0))
    for _ in range(3):
        row.add_compile(_stats.Recompile((Change("", "function-redefined"),), 0.001, 0.0))
        row.add_compile(_stats.Recompile((Change("s", "weak-type", "f32[]", "f32[] (weak)"),), 0.001, 0.0))
    assert row.redefinitions == 3 and row.weak_type_flips == {"s": 3}


def test_signature_history_is_bounded_and_large_statics_are_not_kept():
    from jaxmagic._tracking.history import DISTINCT, SIGNATURES, History

    from jaxmagic._tracking.signature import Leaf, Signature

    history = History()
    big = tuple(range(10_000))
    for i in range(SIGNATURES + 50):
        history.add(Signature((), (Leaf("n", True, value=(i, big)),)))
    kept = history.snapshot()
    assert len(kept) == SIGNATURES
    assert all(len(repr(leaf.value)) < 200 for s in kept for leaf in s.leaves)
    static_values, _, _ = history.tallies()
    assert len(static_values["n"]) == DISTINCT  # the tallies for advice are bounded too


def test_advice_is_reused_until_something_changes_and_says_when_values_were_too_many_to_keep():
    from jaxmagic._tracking.history import DISTINCT

    f = jaxmagic.track(lambda w, step: w * step, static_argnames="step", name="long_run")
    for step in range(DISTINCT - 1):
        f(jnp.ones(1), step=step)
    assert f"took {DISTINCT - 1} values" in jaxmagic.stats("long_run").advice[0].message
    row = _stats.registry.rows["long_run"]
    cached = row.advice_cache
    jaxmagic.stats("long_run")
    assert row.advice_cache is cached  # nothing changed: the panel's redraws reuse it
    for step in range(DISTINCT, DISTINCT + 5):
        f(jnp.ones(1), step=step)
    assert f"took {DISTINCT}+ values" in jaxmagic.stats("long_run").advice[0].message


# (eight threads at once: tests/test_faults.py, with the panel open)


def test_an_edited_cell_run_again_continues_the_row(shell):
    shell.run("%%jittrace --quiet\ndef edited(x):\n    return x + 1\nedited(jnp.ones(2))")
    shell.run("%%jittrace --quiet\ndef edited(x):\n    return x + 2   # fixed a bug\nedited(jnp.ones(2))")
    rows = [n for n in jaxmagic.stats() if n.startswith("edited")]
    assert rows == ["edited"]
    s = jaxmagic.stats("edited")
    assert s.compiles == 2 and s.events[-1].changes == [Change("", "function-redefined")]


def test_a_static_config_object_is_not_kept_alive():
    class Config:  # hashable by identity, a short default repr, and it holds an array
        def __init__(self):
            self.table = np.ones((128, 128))

    def freed_after(jit: Any) -> bool:
        f = jit(lambda x, cfg: x * cfg.table.shape[0], static_argnames="cfg")
        cfg = Config()
        ref = weakref.ref(cfg)
        f(jnp.ones(2), cfg)
        del cfg
        jax.clear_caches()
        gc.collect()
        return ref() is None

    if not freed_after(jax.jit):
        pytest.skip("this JAX keeps static arguments alive itself")
    assert freed_after(lambda fn, **kw: jaxmagic.track(fn, name="config-holder", **kw))


def test_a_new_input_sharding_is_a_sharding_change_on_eight_devices():
    import os
    import subprocess
    import sys

    script = (
        "import jax, jax.numpy as jnp, jaxmagic\n"
        "from jax.sharding import NamedSharding, PartitionSpec as P\n"
        "mesh = jax.make_mesh((8,), ('d',))\n"
        "f = jaxmagic.track(lambda x: x * 2, name='sharded')\n"
        "x = jnp.arange(16.0)\n"
        "f(x)\n"
        "f(jax.device_put(x, NamedSharding(mesh, P('d'))))\n"
        "f(jax.device_put(x, NamedSharding(mesh, P())))\n"
        "s = jaxmagic.stats('sharded')\n"
        "print(s.compiles)\n"
        "print('\\n'.join(e.reason for e in s.events[1:]))\n"
    )
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0] == "3" and all("sharding" in line for line in lines[1:])
    if tuple(int(p) for p in jax.__version__.split(".")[:2]) >= (0, 10):  # the wording of JAX 0.10
        assert lines[1] == "x: sharding P(None,) (no mesh) → P('d',) on mesh d:8"
        assert lines[2] == "x: sharding P('d',) on mesh d:8 → P(None,) on mesh d:8"  # replicated ≠ unsharded


def test_bad_input_to_the_api_is_a_clear_error():
    with pytest.raises(TypeError, match="jaxmagic.track: expected a function to jit, got int 3"):
        jaxmagic.track(3)
    with pytest.raises(TypeError, match="name must be a function's name"):
        jaxmagic.stats(123)


def test_keyword_order_and_an_unchanged_large_static_value_are_no_change():
    # review findings: the closest-signature search must agree with diff() on what counts as a change
    from jaxmagic._tracking.history import History
    from jaxmagic._tracking.signature import Leaf, Parameter, Signature

    history = History()
    first = Signature((Parameter("a", "keyword", False, None), Parameter("b", "keyword", False, None)),
                      (Leaf("a", False, aval=jax.core.ShapedArray((2,), jnp.float32)),
                       Leaf("b", False, aval=jax.core.ShapedArray((3,), jnp.float32))))
    history.add(first)
    swapped = Signature(tuple(reversed(first.parameters)), tuple(reversed(first.leaves)))
    assert history.closest(swapped) == (history.snapshot()[0], [])

    class Config:  # a large static value: kept as a token
        def __init__(self):
            self.table = tuple(range(1_000))

        def __hash__(self):
            return 7

        def __eq__(self, other):
            return isinstance(other, Config)

        def __repr__(self):
            return "Config(...)"

    f = jaxmagic.track(lambda x, cfg: x * len(cfg.table), static_argnames="cfg", name="configured")
    f(jnp.ones(2), cfg=Config())
    f(jnp.ones(3), cfg=Config())
    assert [str(c) for c in jaxmagic.stats("configured").events[-1].changes] == ["x: shape f32[2] \u2192 f32[3]"]


def test_each_compile_keeps_xlas_memory_analysis_and_the_history_shows_it(shell, jax_events):
    # issue 17: read off the executable JAX just compiled, at its compile event: no extra compile
    shell.run("@jax.jit\ndef mm(a, b):\n    return jnp.tanh(a @ b)\nmm(jnp.ones((256, 128)), jnp.ones((128, 64)))")
    shell.run("mm(jnp.ones((128, 128)), jnp.ones((128, 64)))")
    events = jaxmagic.stats("mm").events
    assert [dict(e.memory)["arguments"] for e in events] == [(256 * 128 + 128 * 64) * 4, (128 * 128 + 128 * 64) * 4]
    assert all(dict(e.memory)["outputs"] == (e is events[0] and 256 or 128) * 64 * 4 for e in events)
    assert all(value > 0 for e in events for _, value in e.memory)  # zeros (not measured) are left out
    from jaxmagic._views.compile_table import history_html

    assert "memory: arguments 163.8 kB, outputs 65.5 kB" in history_html(jaxmagic.stats("mm"))
    assert jax_events.compiles["jit(mm)"] == 2
