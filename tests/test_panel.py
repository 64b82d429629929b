"""The live panel: a widget that follows compiles while a cell runs, throttled, with a text form."""
from __future__ import annotations

import re
import threading
import time

import jax.numpy as jnp
import pytest

import jaxmagic


@pytest.fixture
def panel(shell):
    jaxmagic.reset()
    made = shell.run("%jittrace_panel")
    yield made
    made.close()


def test_panel_is_a_widget_with_a_text_and_html_table(shell, panel):
    shell.run("%%jittrace --quiet\ndef lone(x):\n    return x * 3\nlone(jnp.ones(2))\nlone(jnp.ones(5))")
    bundle = panel._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    text = bundle["text/plain"]
    assert "lone" in text and "x: shape f32[2] → f32[5]" in text
    assert re.search(r"^lone\s+In\[\d+\]:2\s+2\s+2\s", text, re.M)  # where (short), compiles, traces
    assert re.search(r'title="Cell In\[\d+\], line 2"', bundle["text/html"])  # the full place on demand
    assert "<details>" in bundle["text/html"]  # each row opens to its history


def test_counts_change_while_the_cell_runs_and_redraws_are_throttled(shell, panel):
    # The cell itself reads the widget's value mid-loop: what an open panel shows at that moment. Redraws
    # happen on the kernel's thread at a compile past the interval, so the count shown lags by one interval.
    shell.ns["_panel_widget"] = panel.table
    shell.run("import re, time\nseen = []")
    before = panel.redraws
    start = time.monotonic()
    shell.run(
        "%%jittrace --quiet\ndef grow(x):\n    return x + 1\n"
        "for n in range(1, 41):\n"
        "    grow(jnp.ones(n))\n"
        "    time.sleep(0.03)\n"
        "    if n % 10 == 0:\n"
        "        shown = re.search(r'grow</span></td><td[^>]*>.*?</td><td[^>]*>(\\d+)</td>', _panel_widget.value)\n"
        "        seen.append(int(shown.group(1)) if shown else 0)\n"
    )
    elapsed = time.monotonic() - start
    seen = shell.ns["seen"]
    # live: the count rose while the cell ran, never past the truth, at most one interval (0.3 s) behind it
    assert all(a < b for a, b in zip(seen, seen[1:])) and seen[0] > 0, seen
    assert all(shown <= truth and truth - shown <= 0.3 / 0.03 + 2 for shown, truth in zip(seen, (10, 20, 30, 40)))
    assert _shown_count(panel, "grow") == 40  # the cell's end draws the last change
    redraws = panel.redraws - before
    # throttled: at most one redraw per 0.3 s interval (plus the cell's end), never once per compile
    assert redraws <= elapsed / 0.3 + 3
    assert redraws < 40


def _shown_count(panel, name: str) -> int | None:
    shown = re.search(rf"{name}</span></td><td[^>]*>.*?</td><td[^>]*>(\d+)</td>", panel.table.value)
    return int(shown.group(1)) if shown else None


def test_cached_calls_cost_no_redraw(shell, panel):
    shell.run("%%jittrace --quiet\ndef cached(x):\n    return x * 2\ncached(jnp.ones(3))")
    shell.run("x3 = jnp.ones(3)")
    before = panel.notified
    shell.run("for _ in range(2000):\n    cached(x3)")
    assert panel.notified == before  # 2,000 cached calls: the panel was never even told


def test_without_widgets_the_same_table_is_printed(shell, monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_widgets(name, *args, **kwargs):
        if name == "ipywidgets":
            raise ImportError("no ipywidgets here")
        return real_import(name, *args, **kwargs)

    shell.run("%%jittrace --quiet\ndef textual(x):\n    return x - 2\ntextual(jnp.ones(2))")
    monkeypatch.setattr(builtins, "__import__", no_widgets)
    assert shell.run("%jittrace_panel") is None
    out = capsys.readouterr().out
    assert "textual" in out and "compiles" in out


def test_a_change_too_soon_after_a_redraw_waits_for_the_next_event_past_the_interval():
    from jaxmagic._ipython.panel import Panel

    made = Panel(interval=0.2)
    try:
        made.changed()  # due: drawn now
        drawn = made.redraws
        made.changed()  # too soon: noted, not drawn, and nothing is left to draw it from another thread
        assert made.pending and made.redraws == drawn
        assert [t for t in threading.enumerate() if isinstance(t, threading.Timer)] == []
        time.sleep(0.3)
        assert made.redraws == drawn  # no timer drew it meanwhile
        made.changed()  # the next event, past the interval: draws everything noted
        assert made.redraws == drawn + 1 and not made.pending
    finally:
        made.close()


def test_the_interval_stretches_when_a_redraw_is_costly():
    from jaxmagic._ipython.panel import Panel

    made = Panel(interval=0.05)
    try:
        made.changed()
        drawn = made.redraws
        made._cost = 0.5  # a slow frontend or a huge table: 20 × 0.5 s between redraws
        made._last -= 0.2  # the configured interval has passed, the stretched one has not
        made.changed()
        assert made.redraws == drawn and made.pending
    finally:
        made.close()


def test_no_widget_message_leaves_another_thread(shell, panel, monkeypatch):
    """Compiles in the user's own threads are counted, but only the kernel's thread sends (ipykernel 7.0)."""
    import ipywidgets

    senders = []
    original = ipywidgets.Widget._send

    def recording(self, *args, **kwargs):
        senders.append(threading.get_ident())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(ipywidgets.Widget, "_send", recording)
    shell.run("from concurrent.futures import ThreadPoolExecutor\n"
              "threaded = jax.jit(lambda x: x * 2)\n"
              "with ThreadPoolExecutor(4) as pool:\n"
              "    list(pool.map(lambda n: threaded(jnp.ones(n)), range(1, 25)))")
    assert set(senders) <= {threading.get_ident()}, "a widget message was sent from a worker thread"
    assert _shown_count(panel, "threaded") == 24  # drawn after the cell, by the kernel's thread
    assert senders  # the cell's end drew it


def test_an_opened_history_stays_open_and_unchanged_histories_are_not_redrawn(shell, panel):
    shell.run("%%jittrace --quiet\ndef first(x):\n    return x + 1\nfirst(jnp.ones(2))\nfirst(jnp.ones(3))")
    shell.run("%%jittrace --quiet\ndef second(x):\n    return x * 2\nsecond(jnp.ones(2))")
    panel.refresh()
    names = list(panel._history_widgets)
    assert names[:2] == ["first", "second"] and panel.histories.titles[0] == "first: 2 compiles"
    panel.histories.selected_index = 0  # the user opened first's history
    untouched = panel._history_widgets["second"].value
    shell.run("first(jnp.ones(4))")
    panel.refresh()
    assert panel.histories.selected_index == 0  # still open after the redraw
    assert "f32[3] → f32[4]" in panel._history_widgets["first"].value
    assert panel._history_widgets["second"].value is untouched  # not redrawn: nothing changed there
    assert panel.histories.titles[0] == "first: 3 compiles"


def test_a_reset_shows_in_the_histories_and_reading_jaxprs_for_advice_never_deadlocks(shell, panel):
    # review findings: a history drawn before a reset stayed; a redraw whose advice re-traced waited on itself
    shell.run("%%jittrace --quiet\ndef again(x):\n    return x + 1\nagain(jnp.ones(3))\nagain(jnp.ones(4))")
    panel.refresh()
    jaxmagic.reset()
    panel.refresh()
    assert "No compiles since the statistics were reset" in panel._history_widgets["again"].value
    shell.run("again(jnp.ones(7))\nagain(jnp.ones(9))")
    shell.run("jax.clear_caches()")  # the next advice analysis has to trace again, inside the redraw
    done = threading.Event()

    def redraw_as_the_kernel_thread():  # (the thread is only a guard against a hang)
        panel._owner = threading.get_ident()
        panel.refresh(analyse=True)
        done.set()

    worker = threading.Thread(target=redraw_as_the_kernel_thread, daemon=True)
    worker.start()
    assert done.wait(30), "the redraw deadlocked"
    history = panel._history_widgets["again"].value
    assert "f32[9]" in history and "f32[4]" not in history


def test_the_panel_reads_as_a_summary(shell, panel):
    """Advice in a sentence, histories in the table's order, a long history folded (issue 15.4)."""
    shell.run("%%jittrace --quiet\ndef few(x):\n    return x - 1\nfew(jnp.ones(2))\nfew(jnp.ones(3))")
    shell.run("%%jittrace --quiet\ndef many(x):\n    return x + 1\nfor n in range(1, 16):\n    many(jnp.ones(n))")
    panel.refresh()
    assert [t.split(":", 1)[0] for t in panel.histories.titles] == ["many", "few"]  # most compiles first
    assert "pad x to a few sizes: each new size compiles again" in panel.table.value  # not "shape-churn" alone
    many = panel.histories.children[0].value
    assert re.search(r"<details><summary>5\s+older compiles</summary>", many)  # 15: the newest 10 stay open
    assert many.count("[") - many.split("</details>", 1)[0].count("[") >= 10
    from jaxmagic._render.timeline import timeline

    events = jaxmagic.stats("many").events
    line = timeline((e.when, e.compile_seconds) for e in events)
    assert line.seconds <= line.span  # "N compiles over T, C compiling": C never above T, compiles one by one
    assert "overlapped" not in line.summary()
