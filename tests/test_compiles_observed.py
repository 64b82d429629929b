"""Issue 18, points 1, 2, 3, 5 and 6: compile ids, where each compile's time went (and whether JAX's
persistent cache supplied it), the recompile limit, and the settings as an IPython configurable.

The in-process tests use a real IPython shell and real JAX; one kernel run through nbclient sees
the same in a notebook: the limit's warning in the cell's output, ``--raise``, a compile read from
a disk cache, ``%config JitTrace``.
"""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import warnings

import pytest
from jax import monitoring
from jax._src import monitoring as _jax_monitoring
from traitlets import TraitError

import jaxmagic
from notebook_support import run_notebook

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _ids(name: str) -> list[str]:
    return [event.id for event in jaxmagic.stats(name).events]


# --- 1. compile ids ------------------------------------------------------------------------------


def test_every_compile_is_named_by_one_id_everywhere(shell):
    report = shell.run("%%jittrace\ndef grow(x):\n    return x * 2\nfor n in (1, 2, 3):\n    grow(jnp.ones(n))")
    assert _ids("grow") == ["grow#1", "grow#2", "grow#3"]
    assert [entry.compile_id for entry in report.traces] == ["grow#1", "grow#2", "grow#3"]
    assert "compile grow#2" in repr(report)
    assert "grow#3  x: shape f32[2] \u2192 f32[3]" in jaxmagic.stats("grow").text()  # the panel's history text
    with pytest.raises(AssertionError) as info:
        shell.run("%jittrace_assert grow --max-compiles 1")
    assert "grow#2: x: shape f32[1] \u2192 f32[2]" in str(info.value)
    with pytest.raises(AssertionError) as info:
        with jaxmagic.expect_compiles(grow=0):
            shell.run("grow(jnp.ones(4))")
    assert "1. grow#4: x: shape f32[3] \u2192 f32[4]" in str(info.value)
    shell.run("%jittrace_reset grow")
    shell.run("grow(jnp.ones(5))")
    assert _ids("grow") == ["grow#5"]  # stable: an id is never given twice, even after a reset


def test_an_ordinary_jit_gets_ids_too(shell):
    shell.run("@jax.jit\ndef plain(x):\n    return x + 1\nplain(jnp.ones(2)); plain(jnp.ones(3))")
    assert _ids("plain") == ["plain#1", "plain#2"]


# --- 2. where the time went ----------------------------------------------------------------------


class _Durations:
    """JAX's own duration events for one function, as a second listener sees them."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seen: dict[str, list[float]] = {"trace": [], "lower": [], "compile": []}

    def __call__(self, event: str, seconds: float, **kwargs) -> None:
        fun = kwargs.get("fun_name")
        if fun not in (self.name, f"jit({self.name})"):
            return
        for kind, suffix in (("trace", "jaxpr_trace_duration"), ("lower", "jaxpr_to_mlir_module_duration"),
                             ("compile", "backend_compile_duration")):
            if event.endswith(suffix):
                self.seen[kind].append(seconds)


def test_each_compile_keeps_jaxs_trace_lowering_and_compile_seconds(shell):
    durations = _Durations("phased")
    monitoring.register_event_duration_secs_listener(durations)
    try:
        shell.run("@jax.jit\ndef phased(x):\n    return jnp.sin(x) * 2\nphased(jnp.ones(2)); phased(jnp.ones(3))")
    finally:
        _jax_monitoring.unregister_event_duration_listener(durations)
    stats = jaxmagic.stats("phased")
    assert [e.trace_seconds for e in stats.events] == durations.seen["trace"]
    assert [e.lower_seconds for e in stats.events] == durations.seen["lower"]
    assert [e.compile_seconds for e in stats.events] == durations.seen["compile"]
    assert stats.trace_seconds == pytest.approx(sum(durations.seen["trace"]))
    assert stats.lower_seconds == pytest.approx(sum(durations.seen["lower"]))
    assert not any(e.from_disk_cache for e in stats.events) and stats.from_disk_cache == 0
    assert stats.time_summary.startswith("2 compiles; ") and " tracing" in stats.time_summary


def test_a_jit_traced_inside_another_never_lends_its_trace_to_a_later_compile(shell):
    shell.run(
        "@jax.jit\ndef inner(x):\n    return x * 3\n"
        "@jax.jit\ndef outer(x):\n    return inner(x) + 1\n"
        "outer(jnp.ones(2))\n"
        "inner(jnp.ones(2))"  # JAX reuses the trace made inside outer: this compile has no trace of its own
    )
    (event,) = jaxmagic.stats("inner").events
    assert event.trace_seconds is None and event.lower_seconds is not None


def test_two_lowerings_compiled_later_keep_their_own_phases_and_reasons(shell):
    durations = _Durations("b")
    monitoring.register_event_duration_secs_listener(durations)
    try:
        shell.run("def b(x, n):\n    for _ in range(n):\n        x = jnp.sin(x)\n    return x\n"
                  "jb = jax.jit(b, static_argnums=1)\n"
                  "small = jb.lower(jnp.ones(2), 1)\nbig = jb.lower(jnp.ones(3), 200)\n"
                  "y = jnp.zeros(7) + 1\n"  # a helper jit compiles in between
                  "small.compile()\nbig.compile()")
    finally:
        _jax_monitoring.unregister_event_duration_listener(durations)
    first, second = jaxmagic.stats("b").events
    assert (first.signature, second.signature) == ("x: f32[2], n=1", "x: f32[3], n=200")
    # each compile keeps the phases of its own lowering (JAX traced and lowered small first), not the
    # other's; exact values, so the check does not depend on which trace happened to take longer
    assert [first.trace_seconds, second.trace_seconds] == durations.seen["trace"]
    assert [first.lower_seconds, second.lower_seconds] == durations.seen["lower"]
    assert dict(first.memory)["arguments"] == 8 and dict(second.memory)["arguments"] == 12


def test_ids_go_on_after_a_reset_forgets_an_ordinary_jits_row(shell):
    shell.run("@jax.jit\ndef again(x):\n    return x / 2\nagain(jnp.ones(1)); again(jnp.ones(2))")
    jaxmagic.reset()
    shell.run("again(jnp.ones(3))")
    assert _ids("again") == ["again#3"]


_DISK_CACHE = """
import json, sys
import jax, jax.numpy as jnp, jaxmagic
jax.config.update("jax_compilation_cache_dir", sys.argv[1])
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)
jaxmagic.watch()
@jax.jit
def cached(x):
    return jnp.cos(x) @ x
cached(jnp.ones((4, 4)))
jax.clear_caches()  # JAX forgets its executables in memory: the next call reads the one on disk
cached(jnp.ones((4, 4)))
stats = jaxmagic.stats("cached")
print(json.dumps({"disk": [e.from_disk_cache for e in stats.events], "summary": stats.time_summary,
                  "ids": [e.id for e in stats.events], "text": stats.text()}))
"""


def test_a_compile_from_jaxs_persistent_cache_says_so(tmp_path):
    done = subprocess.run([sys.executable, "-c", _DISK_CACHE, str(tmp_path / "cache")], capture_output=True,
                          text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["disk"] == [False, True]
    assert seen["summary"].startswith("2 compiles: 1 compiled, 1 from disk cache; ")
    assert "cached#2  compiled again for a signature seen before" in seen["text"]
    assert "[from disk cache " in seen["text"]


# --- 3. the recompile limit ----------------------------------------------------------------------


def _limit_warnings(shell, cell: str) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        shell.run(cell)
    return [str(w.message) for w in caught if issubclass(w.category, jaxmagic.RecompileLimitWarning)]


def test_the_limit_warns_once_per_function_with_reasons_and_advice(shell):
    assert jaxmagic.thresholds.limit == 8  # on by default while the extension is loaded
    shell.run("%jittrace_limit 3")
    said = _limit_warnings(shell, "@jax.jit\ndef churn(x):\n    return x * 2\nfor n in range(1, 8):\n"
                                  "    churn(jnp.ones(n))")
    assert len(said) == 1  # once, never one line per compile
    (text,) = said
    assert text.startswith("jaxmagic: churn is compiling a 4th time, past the limit of 3.\n"
                           "This compile's reason: x: shape f32[3] \u2192 f32[4].")  # said before JAX compiles
    assert "Reasons so far: shape of x \u00d72, first call \u00d71." in text  # the 3 compiles before it
    assert "%jittrace_limit off" in text
    assert _limit_warnings(shell, "churn(jnp.ones(9))") == []
    shell.run("%jittrace_reset churn")  # counts start again, and so does the warning
    shell.run("%jittrace_limit 5")
    again = _limit_warnings(shell, "for n in range(10, 17):\n    churn(jnp.ones(n))")
    assert len(again) == 1 and "Advice (shape-churn)" in again[0]


def test_the_limit_raises_before_each_compile_past_it_with_every_compile(shell, jax_events):
    shell.run("%jittrace_limit 2 --raise")
    shell.run("@jax.jit\ndef strict(x):\n    return x - 1\nstrict(jnp.ones(1)); strict(jnp.ones(2))")
    for _ in range(2):  # nothing compiled or cached: the same call raises again, for the same reason
        with pytest.raises(jaxmagic.RecompileLimitError) as info:
            shell.run("strict(jnp.ones(3))")
        text = str(info.value)
        assert isinstance(info.value, AssertionError)
        assert "strict would compile a 3rd time, past the limit of 2; nothing was compiled." in text
        assert "This compile's reason: x: shape f32[2] \u2192 f32[3]." in text
        assert "  strict#2: x: shape f32[1] \u2192 f32[2]" in text and "  strict#1: first call" in text
    assert jax_events.compiles["jit(strict)"] == 2 and jaxmagic.stats("strict").compiles == 2
    shell.run("strict(jnp.ones(1))")  # a cached call: nothing compiles, nothing raises
    shell.run("%jittrace_limit off")
    shell.run("strict(jnp.ones(3))")
    (last,) = jaxmagic.stats("strict").events[-1:]
    assert (last.id, last.reason) == ("strict#3", "x: shape f32[2] \u2192 f32[3]")  # its true reason, once
    assert jax_events.compiles["jit(strict)"] == 3


def test_after_two_refusals_each_retry_compiles_for_its_own_signature_and_reason(shell):
    shell.run("import jaxmagic\n%jittrace_limit 1 --raise")
    shell.run("@jax.jit\ndef twice(x):\n    return x * 2\ntwice(jnp.ones(1))\n"
              "@jaxmagic.track\ndef mine(x):\n    return x * 3\nmine(jnp.ones(1))")
    for name in ("twice", "mine"):
        for n in (2, 3):
            with pytest.raises(jaxmagic.RecompileLimitError):
                shell.run(f"{name}(jnp.ones({n}))")
    shell.run("%jittrace_limit off\ntwice(jnp.ones(2)); mine(jnp.ones(2))")
    for name in ("twice", "mine"):
        last = jaxmagic.stats(name).events[-1]
        assert (last.signature, last.reason) == ("x: f32[2]", "x: shape f32[1] \u2192 f32[2]")
        assert dict(last.memory)["arguments"] == 8


def test_a_new_placement_after_a_trace_never_compiled_says_placement(shell):
    shell.run("import jaxmagic\n@jax.jit\ndef placed(x):\n    return x * 2\nx4 = jnp.ones(4)\nplaced(x4)\n"
              "placed.lower(jnp.ones(5))\nplaced.eval_shape(jnp.ones(7))\n"
              "placed(jax.device_put(x4, jax.devices()[0]))")  # committed: compiles again, no new trace
    last = jaxmagic.stats("placed").events[-1]
    assert [c.what for c in last.changes] == ["sharding"] and not last.retraced and last.trace_seconds is None


def test_the_limit_warns_again_when_it_changes_however_it_is_set(shell):
    shell.run("%config JitTrace.limit = 2")
    define = "@jax.jit\ndef rearm(x):\n    return x * 4\n"
    assert len(_limit_warnings(shell, define + "for n in range(1, 5):\n    rearm(jnp.ones(n))")) == 1
    jaxmagic.thresholds.limit = 5
    said = _limit_warnings(shell, "for n in range(5, 8):\n    rearm(jnp.ones(n))")
    assert len(said) == 1 and "rearm is compiling a 6th time, past the limit of 5." in said[0]


def test_with_warnings_as_errors_the_limit_reaches_the_user(shell):
    shell.run("%jittrace_limit 1")
    shell.run("@jax.jit\ndef strict_w(x):\n    return x + 2\nstrict_w(jnp.ones(1))")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(jaxmagic.RecompileLimitWarning, match="strict_w is compiling a 2nd time"):
            shell.run("strict_w(jnp.ones(2))")
    shell.run("strict_w(jnp.ones(2))")  # raised before JAX compiled: now it compiles once, for its true reason
    assert [e.reason for e in jaxmagic.stats("strict_w").events] == ["first call", "x: shape f32[1] \u2192 f32[2]"]


def test_the_warning_points_at_the_users_line_not_a_librarys(shell):
    pytest.importorskip("optax", reason="optax is a test extra (absent in the lowest-versions run)")
    shell.run("import optax\n%jittrace_limit 2")
    said = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        shell.run("opt = optax.adam(1e-3)\n"
                  "for n in (2, 3, 4):\n"
                  "    p = {'w': jnp.ones(n)}\n"
                  "    st = opt.init(p)\n"
                  "    u, st = opt.update(p, st, p)")
    said = [w for w in caught if issubclass(w.category, jaxmagic.RecompileLimitWarning)]
    assert said and all("site-packages" not in w.filename and "optax" not in w.filename for w in said)
    assert {w.lineno for w in said} == {5}  # the cell's line that called into the library


def test_plain_python_has_no_limit_unless_the_extension_is_loaded():
    jaxmagic.reset()
    jaxmagic.watch()
    try:
        import jax
        import jax.numpy as jnp

        @jax.jit
        def loose(x):
            return x * 5

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for n in range(1, 12):
                loose(jnp.ones(n))
        assert not [w for w in caught if issubclass(w.category, jaxmagic.RecompileLimitWarning)]
    finally:
        jaxmagic.unwatch()


def test_limit_magic_refuses_bad_input_with_a_short_message(shell):
    from IPython.core.error import UsageError

    for line, said in (("zero", "'zero' is not a number of compiles"), ("0", "'0' is not a number"),
                       ("--raise", "give N with --raise"), ("off --raise", "--raise needs a limit N")):
        with pytest.raises(UsageError, match=said):
            shell.run(f"%jittrace_limit {line}")
    _, captured = shell.run_captured("%jittrace_limit")
    assert captured.printed.strip() == "recompile limit: 8 compiles per function, then warn once per function"


# --- 5. settings, the IPython way ----------------------------------------------------------------


def _configurable(shell):
    (found,) = [c for c in shell.ip.configurables if type(c).__name__ == "JitTrace"]
    return found


def test_config_and_thresholds_are_one_set_of_settings(shell):
    shell.run("%config JitTrace.limit = 20")
    assert jaxmagic.thresholds.limit == 20
    jaxmagic.thresholds.static_values = 2  # from Python: %config shows it
    assert _configurable(shell).static_values == 2
    _, captured = shell.run_captured("%config JitTrace")
    assert "JitTrace.static_values=<Int>" in captured.stdout and "Current: 2" in captured.stdout
    shell.run("%config JitTrace.redraw_interval = 1.5")
    assert jaxmagic.thresholds.redraw_interval == 1.5
    with pytest.raises(TraitError, match="JitTrace.limit must be a whole number"):
        _configurable(shell).limit = 0
    shell.run("%config JitTrace.limit = 0")  # IPython logs the refusal
    assert jaxmagic.thresholds.limit == 20  # refused: the old value stays
    shell.run("%unload_ext jaxmagic")
    _, captured = shell.run_captured("%load_ext jaxmagic")  # the refused value IPython kept is left out
    assert "ignoring JitTrace.limit = 0" in captured.stdout
    assert jaxmagic.thresholds.limit == 20
    with pytest.raises(ValueError, match="jaxmagic.thresholds.axis_sizes must be a whole number"):
        jaxmagic.thresholds.axis_sizes = 0
    with pytest.raises(AttributeError, match="has no setting 'limt'"):
        jaxmagic.thresholds.limt = 3


def test_a_later_change_survives_a_reload_and_copies_of_thresholds_stay_apart(shell):
    import copy

    shell.run("%config JitTrace.limit = 9")
    shell.run("%jittrace_limit 20")
    shell.run("%reload_ext jaxmagic")
    assert jaxmagic.thresholds.limit == 20 and _configurable(shell).limit == 20
    mine = copy.deepcopy(jaxmagic.thresholds)
    mine.limit = 3
    other = jaxmagic.Thresholds(static_values=2)
    assert other.static_values == 2
    assert (jaxmagic.thresholds.limit, _configurable(shell).limit, _configurable(shell).static_values) == (20, 20, 5)


def test_settings_given_on_the_ipython_command_line_are_taken(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "IPython", "--no-banner", "--JitTrace.limit=20", "--JitTrace.limit_raises=True",
         "--JitTrace.redraw_interval=1.5", "-c",
         "%load_ext jaxmagic\nimport jaxmagic\nt = jaxmagic.thresholds\nprint('SEEN', t.limit, t.limit_raises, "
         "t.redraw_interval)"],
        capture_output=True, text=True, timeout=240, cwd=tmp_path, env={**os.environ, "IPYTHONDIR": str(tmp_path)})
    assert "SEEN 20 True 1.5" in done.stdout, done.stdout + done.stderr


def test_an_aot_lower_past_the_limit_is_not_refused_but_its_compile_is(shell):
    shell.run("import jaxmagic\n%jittrace_limit 1 --raise\n@jax.jit\ndef ahead(x):\n    return x + 3\n"
              "ahead(jnp.ones(1))\nlowered = ahead.lower(jnp.ones(2))")  # only lowered: nothing compiles
    with pytest.raises(jaxmagic.RecompileLimitError, match="ahead compiled 2 times, past the limit of 1"):
        shell.run("lowered.compile()")


def test_an_advice_threshold_set_by_config_changes_the_advice(shell):
    shell.run("%config JitTrace.static_values = 2")
    shell.run("%%jittrace --quiet --static-argnames k\ndef scale(x, k):\n    return x * k\n"
              "scale(jnp.ones(2), k=1); scale(jnp.ones(2), k=2)")
    assert [a.kind for a in jaxmagic.stats("scale").advice] == ["static-churn"]


def test_a_profiles_setting_wins_over_the_default_at_load(_ipython):
    from traitlets.config import Config

    from jaxmagic._ipython import settings

    settings._configured.discard(id(_ipython))  # as if this shell had never loaded the extension
    old = _ipython.config
    _ipython.config = Config({"JitTrace": {"limit": 13}})
    try:
        _ipython.run_line_magic("load_ext", "jaxmagic")
        assert jaxmagic.thresholds.limit == 13
    finally:
        _ipython.run_line_magic("unload_ext", "jaxmagic")
        _ipython.config = old


# --- in a real kernel ----------------------------------------------------------------------------

KERNEL_CELLS = [
    "import json, tempfile\nimport jax, jax.numpy as jnp\n"
    "jax.config.update('jax_compilation_cache_dir', tempfile.mkdtemp())\n"
    "jax.config.update('jax_persistent_cache_min_compile_time_secs', 0)\n"
    "jax.config.update('jax_persistent_cache_min_entry_size_bytes', -1)\n"
    "%load_ext jaxmagic\nimport jaxmagic\n%config JitTrace.limit = 3",
    "@jax.jit\ndef step(x):\n    return x * 2\nfor n in range(1, 7):\n    step(jnp.ones(n))",
    "jax.clear_caches()\nstep(jnp.ones(2))",
    "%jittrace_limit 1 --raise\n@jax.jit\ndef tight(x):\n    return x + 1\ntight(jnp.ones(1))\ntight(jnp.ones(2))",
    "s = jaxmagic.stats('step')\n"
    "print(json.dumps({'ids': [e.id for e in s.events], 'disk': s.from_disk_cache, 'summary': s.time_summary,"
    " 'limit': jaxmagic.thresholds.limit, 'raises': jaxmagic.thresholds.limit_raises}))",
]


@pytest.fixture(scope="module")
def kernel_run() -> list:
    return run_notebook(KERNEL_CELLS, ROOT, allow_errors=True)


def test_in_a_kernel_the_warning_is_in_that_cells_output_once(kernel_run):
    streams = [o for o in kernel_run[1].outputs if o.output_type == "stream" and o.name == "stderr"]
    text = "".join(o.text for o in streams)
    assert text.count("RecompileLimitWarning") == 1
    assert "jaxmagic: step is compiling a 4th time, past the limit of 3." in text
    assert "Reasons so far: shape of x \u00d72, first call \u00d71." in text
    assert not [o for o in kernel_run[2].outputs if o.output_type == "stream" and o.name == "stderr"]


def test_in_a_kernel_raise_fails_the_cell_and_the_disk_cache_shows(kernel_run):
    (error,) = [o for o in kernel_run[3].outputs if o.output_type == "error"]
    assert error.ename == "RecompileLimitError"
    assert "tight would compile a 2nd time, past the limit of 1; nothing was compiled." in error.evalue
    printed = "".join(o.text for o in kernel_run[4].outputs if o.output_type == "stream")
    seen = json.loads(printed.strip().splitlines()[-1])
    assert seen["ids"] == [f"step#{n}" for n in range(1, 8)]
    assert seen["disk"] == 1 and "6 compiled, 1 from disk cache" in seen["summary"]
    assert (seen["limit"], seen["raises"]) == (1, True)

