"""Faults and lifecycle: interrupts, failing listeners and widgets, reloads, threads.

jaxmagic must leave counts, the panel and the next cell intact after a Ctrl-C in the middle of tracing
or compiling, must never let its own listener or widget fault reach the user's code, must register
exactly one of everything however often it is reloaded (and nothing after unloading, with every
``jax.config`` flag as it found it), and must count exactly with eight threads compiling at once.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading

import jax
import jax.numpy as jnp
from jax._src import monitoring as jax_monitoring

import jaxmagic
from jaxmagic._tracking import tracked as _tracking

LOOP_CELL = (
    "%%jittrace --quiet\ndef long_trace(x):\n    for i in range(200_000):\n        x = x + i\n    return x\n"
    "long_trace(jnp.ones(2))"
)


def _clean_state() -> None:
    """No trace half-recorded, no collector left active, no line tracer left installed."""
    assert _tracking._stack() == []
    assert _tracking.collectors == []
    assert sys.gettrace() is None or not getattr(sys.gettrace(), "_jaxmagic", False)


def _panel_count(panel, name: str) -> int | None:
    panel.refresh()
    match = re.search(rf">{re.escape(name)}</span></td><td[^>]*>.*?</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>", panel.table.value)
    return (int(match.group(1)), int(match.group(2))) if match else None


def test_ctrl_c_while_tracing_leaves_counts_panel_and_next_cell_intact(shell, jax_events):
    panel = shell.run("%jittrace_panel")
    try:
        done = threading.Event()

        def press_ctrl_c() -> None:  # a real SIGINT, mid-trace; pressed again if Python dropped it
            # (one raised inside a garbage-collector callback, JAX's own among them, is printed and lost)
            while not done.wait(0.5):
                os.kill(os.getpid(), signal.SIGINT)

        def only_while_tracing(signum, frame) -> None:
            # Python's own handler raises wherever the main thread is; a press that lands after the
            # trace unwound (on a slow machine, in IPython's post-run events) would stop pytest itself
            if _tracking._stack():
                raise KeyboardInterrupt

        previous = signal.signal(signal.SIGINT, only_while_tracing)
        presser = threading.Thread(target=press_ctrl_c)
        presser.start()
        try:
            result = shell.ip.run_cell(LOOP_CELL)
        finally:
            done.set()
            presser.join()
            signal.signal(signal.SIGINT, previous)
        assert isinstance(result.error_in_exec, KeyboardInterrupt)
        _clean_state()
        stats = jaxmagic.stats("long_trace")
        assert stats is None or (stats.traces, stats.compiles) == (jax_events.traces["long_trace"], 0)
        report = shell.run("%%jittrace\ndef after(x):\n    return x * 2\nafter(jnp.ones(3))")
        assert len(report.traces) == 1 and report.error is None  # the next cell works
        assert _panel_count(panel, "after") == (1, 1)
        assert jaxmagic.stats("after").compiles == jax_events.compiles["jit(after)"] == 1
    finally:
        panel.close()


def test_an_interrupt_during_the_compile_keeps_counts_exact(shell, jax_events):
    def interrupt(event: str, seconds: float, **kwargs) -> None:
        if event.endswith("backend_compile_duration") and kwargs.get("fun_name") == "jit(compiled)":
            raise KeyboardInterrupt  # raised from inside JAX's compile, as a Ctrl-C there would be

    jax.monitoring.register_event_duration_secs_listener(interrupt)
    try:
        result = shell.ip.run_cell("%%jittrace --quiet\ndef compiled(x):\n    return x - 1\ncompiled(jnp.ones(2))")
    finally:
        jax_monitoring.unregister_event_duration_listener(interrupt)
    assert isinstance(result.error_in_exec, KeyboardInterrupt)
    _clean_state()
    shell.run("compiled(jnp.ones(2))")  # JAX kept no executable: it compiles again, and it is counted
    stats = jaxmagic.stats("compiled")
    assert (stats.traces, stats.compiles) == (jax_events.traces["compiled"], jax_events.compiles["jit(compiled)"])


def test_a_fault_in_jaxmagics_listener_never_reaches_the_users_jit(shell, monkeypatch):
    from jaxmagic._tracking import attribution as _attribution

    def broken(*args, **kwargs):
        raise RuntimeError("jaxmagic's own bug")

    monkeypatch.setattr(_attribution, "_tracked_event", broken)
    monkeypatch.setattr(_attribution, "_untracked_event", broken)
    shell.run("%%jittrace --quiet\ndef steady(x):\n    return x + 1\nsteady(jnp.ones(2))")
    assert shell.run("float(steady(jnp.ones(5)).sum())") == 10.0
    assert shell.run("float(jax.jit(lambda v: v * 3)(jnp.ones(2)).sum())") == 6.0


def test_a_widget_that_fails_to_update_never_reaches_the_users_code(shell):
    panel = shell.run("%jittrace_panel")
    try:
        class Broken:
            def __setattr__(self, name, value):
                raise RuntimeError("the frontend went away")

        panel.table = Broken()
        shell.run("%%jittrace --quiet\ndef busy(x):\n    return x + 1\nfor n in range(1, 6):\n    busy(jnp.ones(n))")
        assert jaxmagic.stats("busy").compiles == 5
    finally:
        panel.table = None
        panel.closed = True


def _registrations(ip) -> dict:
    return {
        "jax listeners": len(jax_monitoring.get_event_duration_listeners()),
        "post_run_cell": len(ip.events.callbacks["post_run_cell"]),
        "custom_exceptions": tuple(ip.custom_exceptions),
        "line magics": sorted(n for n in ip.magics_manager.magics["line"] if n.startswith("jittrace")),
        "cell magics": sorted(n for n in ip.magics_manager.magics["cell"] if n.startswith("jittrace")),
        "panel listeners": len(__import__("jaxmagic._tracking.stats", fromlist=["registry"]).registry.listeners),
    }


def _jax_flags() -> dict:
    flags = {name: repr(value) for name, value in jax.config.values.items()}
    flags["traceback_filtering (this thread)"] = jax.config.jax_traceback_filtering  # jaxmagic's probes change it
    return flags


def test_load_reload_five_times_and_unload_leave_one_of_everything_then_nothing(_ipython):
    ip = _ipython
    from jaxmagic._tracking import monitor as _monitor

    before, flags = _registrations(ip), _jax_flags()
    already = _monitor.installed()  # jaxmagic.track() in plain Python starts the one listener too
    ip.run_line_magic("load_ext", "jaxmagic")
    loaded = _registrations(ip)
    assert loaded["jax listeners"] == before["jax listeners"] + (0 if already else 1)
    assert loaded["post_run_cell"] == before["post_run_cell"] + 1
    ip.run_cell("import jax, jax.numpy as jnp")
    ip.run_cell("%%jittrace --quiet\ndef kept(x):\n    return x + 1\nkept(jnp.ones(2))")
    ip.run_line_magic("jittrace_explain", "on")
    for _ in range(5):
        ip.run_line_magic("reload_ext", "jaxmagic")
        ip.run_line_magic("jittrace_explain", "on")
    reloaded = _registrations(ip)
    assert reloaded == {**loaded, "post_run_cell": loaded["post_run_cell"] + 1}  # + the explainer, once
    result = ip.run_cell("kept(jnp.ones(7))")  # a function tracked before the reloads keeps working
    assert result.success and jaxmagic.stats("kept").compiles == 2
    ip.run_cell("def bad(x):\n    return x if x.sum() > 0 else -x\njax.jit(bad)(jnp.ones(2))")  # explained
    ip.run_line_magic("unload_ext", "jaxmagic")
    assert _registrations(ip) == before
    assert _jax_flags() == flags


def test_eight_threads_compiling_at_once_keep_counts_and_panel_exact(shell, jax_events):
    panel = shell.run("%jittrace_panel")
    try:
        shell.run("%%jittrace --quiet --static-argnames k\ndef shared(x, k):\n    return x * k\n")
        shared = shell.ns["shared"]
        errors: list[BaseException] = []

        def work(offset: int) -> None:
            try:
                for n in range(1, 6):
                    shared(jnp.ones(offset * 10 + n), k=offset % 2)
                    shared(jnp.ones(offset * 10 + n), k=offset % 2)
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        stats = jaxmagic.stats("shared")
        assert stats.compiles == jax_events.compiles["jit(shared)"] == 40
        assert stats.traces == jax_events.traces["shared"] == 40
        assert _panel_count(panel, "shared") == (40, 40)
        assert len(panel._history_widgets) == 1 and panel.histories.titles[0].startswith("shared: 40 compiles")
    finally:
        panel.close()


def test_threads_showing_their_first_results_at_once_all_find_the_views():
    """The views load with the first object shown; eight threads doing that at once all get a text."""
    code = (
        "import threading, jaxmagic\n"
        "barrier, errors = threading.Barrier(8), []\n"
        "def show():\n"
        "    barrier.wait()\n"
        "    try:\n"
        "        assert 'jittrace' in jaxmagic.TraceReport().text()\n"
        "    except Exception as exc:\n"
        "        errors.append(repr(exc))\n"
        "threads = [threading.Thread(target=show) for _ in range(8)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(errors)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"
