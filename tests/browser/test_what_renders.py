"""What renders is right and readable (issue 15): JupyterLab at 900 px, light and dark, and the notebook reopened.

One run of :mod:`look` per theme: a notebook of everyday cells in JupyterLab
in headless Chromium at 900 px, every output shot, a source-map row hovered,
the notebook saved, its kernel shut down and the notebook opened again.
The screenshots land in ``tests/browser/artifacts/<theme>-900`` (with
``JAXMAGIC_UPDATE_SCREENSHOTS=1``, in ``docs/screenshots/issue-15``).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from look import look

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
OUT = HERE.parent.parent / "docs" / "screenshots" / "issue-15" if os.environ.get("JAXMAGIC_UPDATE_SCREENSHOTS") \
    else HERE / "artifacts"


@pytest.fixture(scope="module", params=["light", "dark"])
def seen(request, chromium):
    pytest.importorskip("playwright.sync_api")
    return look(OUT, request.param, 900)


def test_highlighted_rows_are_readable_in_both_themes(seen):
    # the marked failing line and its number, and the rows a hover lights up (a source line, its equations)
    assert seen["lit_rows"] >= 2
    texts = {c["text"] for c in seen["contrast"]}
    assert any("x[: i]" in t for t in texts) and any(re.fullmatch(r"\d+", t) for t in texts)
    low = [c for c in seen["contrast"] if c["ratio"] < 4.5]
    assert low == [], f"{seen['theme']}: text below 4.5:1 on its highlight: {low}"


def test_nothing_is_cut_off_at_900_px_and_source_lines_are_not_pills(seen):
    assert seen["overflowing"] == []
    assert seen["panel_cut_off"] == []  # every function's reason and advice in view, no sideways scrolling
    for cell in seen["code_cells"]:  # JupyterLab's inline-code look (a grey pill) does not reach the source map
        assert cell["padding"] == "0px" and cell["background"] in ("rgba(0, 0, 0, 0)", "transparent"), cell


def test_each_function_is_placed_in_its_own_cell(seen):
    assert seen["prompts"][:4] == ["[1]:", "[2]:", "[3]:", "[4]:"]
    # relu_sum is defined in cell [3], unrolled in [4]: the panel names those cells, not the next ones
    assert re.search(r"relu_sum\s+In\[3\]:2", seen["panel_text"])
    assert re.search(r"unrolled\s+In\[4\]:2", seen["panel_text"])
    assert "failed: TracerBoolConversionError" in seen["report_text"]  # the title says the trace failed


def test_a_reopened_notebook_shows_the_panels_last_state(seen):
    text = seen["reopened_panel_text"]
    assert "model not found" not in text and "Error displaying widget" not in text
    assert "the compile panel as last drawn" in text
    assert re.search(r"grow\s+In\[7\]:1\s+40\s+40", text)  # the counts of cells run after the panel's
    assert seen["blocked"] == []
