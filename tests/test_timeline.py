"""Compiles over time: binned exactly, drawn in text and as inline SVG, in the panel and the report."""
from __future__ import annotations

import re


import jaxmagic
from jaxmagic._render.timeline import BINS, svg, timeline


def test_binning_keeps_every_compile_and_its_time():
    marks = [(100.0, 0.01), (100.1, 0.02), (100.2, 0.03), (110.0, 0.5)]  # a burst, then one late compile
    line = timeline(marks)
    assert line.compiles == 4 and abs(line.seconds - 0.56) < 1e-9
    assert sum(c for c, _ in line.bins) == 4 and len(line.bins) == BINS
    assert line.bins[0][0] == 3 and line.bins[-1] == (1, 0.5)  # the burst shares the first slice
    assert timeline([]) is None
    text = line.text()
    assert text.startswith("|") and "4 compiles over 10.0 s, 560 ms compiling" in text
    assert text[1] != " " and text.split("|")[1][-1] == "█"  # tallest bar: the slowest slice


def test_svg_has_one_bar_per_busy_slice_and_theme_classes_only():
    line = timeline([(0.0, 0.1), (1.0, 0.1), (9.0, 0.3)])
    picture = svg(line)
    assert picture.count("<rect") == 3 and picture.count("<title>") == 3
    assert 'class="jm-tl-bar"' in picture and "fill=" not in picture  # colour from the theme's CSS


def test_panel_rows_and_a_recompiling_cells_report_carry_the_timeline(shell):
    shell.run("%%jittrace --quiet\ndef spread(x):\n    return x * 2\nfor n in (1, 2, 3):\n    spread(jnp.ones(n))")
    report = jaxmagic.last_report()
    text = report.text()
    assert re.search(r"compiles of spread: \|.+\| 3 compiles over \d+ ms", text)
    assert '<svg class="jm-timeline"' in report.html()
    shell.run("%%jittrace --quiet\ndef single(x):\n    return x + 1\nsingle(jnp.ones(2))")
    assert "compiles of single" not in jaxmagic.last_report().text()  # one compile: nothing to draw
    from jaxmagic._views.compile_table import stats_html, stats_text

    rows = [jaxmagic.stats("spread")]
    assert "3 compiles over" in stats_text(rows) and "<svg" in stats_html(rows)


def test_a_timeline_of_the_kept_compiles_says_how_many_were_made():
    line = timeline([(float(i), 0.01) for i in range(1000)], total=4000)
    assert line.summary().startswith("the newest 1,000 of 4,000 compiles over")
