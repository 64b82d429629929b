"""Look at jaxmagic as a person does: a notebook of everyday cells run in JupyterLab, one screenshot per output.

Usage::

    python tests/browser/look.py OUT_DIR [--theme light|dark] [--width 1280]

Runs :data:`CELLS` in a throw-away JupyterLab in headless Chromium (the same
server and route guard as the browser tests), saves a screenshot of every
cell's output as ``OUT_DIR/<theme>-<width>/cell-NN.png``, then saves the
notebook, reopens it and shoots the panel again (``reopened-panel.png``).
What the browser tests assert is measured on the same page; this script is
for the pictures a reviewer compares before and after a change.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).parent))
from browser_support import (  # noqa: E402
    CHROMIUM_FLAGS, CODE_CELL_STYLE_JS, CONTRAST_JS, HIGHLIGHTED, OVERFLOWING_JS, PANEL_CUT_OFF_JS, TAG_LIT_ROWS_JS,
    RouteGuard,
    find_chromium, running, shut_down_kernels, write_notebook,
)

CELLS = [
    "%load_ext jaxmagic\nimport jax, jax.numpy as jnp, numpy as np",
    "%jittrace_panel",
    "%%jittrace\ndef relu_sum(x):\n    if x.sum() > 0:\n        return x.sum()\n    return 0.0\nrelu_sum(jnp.ones(3))",
    "%%jittrace\ndef unrolled(x):\n    y = jnp.sin(x)\n    for i in range(3):\n        y = y * 2 + i\n    return y\nunrolled(jnp.ones(3))",
    "rep = jax.jit(lambda x: x * 2)\nfor i in range(10):\n    rep = jax.jit(lambda x: x * 2)\n    rep(jnp.ones(3))",
    "%%jittrace\nfor i in range(10):\n    add = jax.jit(lambda x: x + 1)\n    add(jnp.ones(3))",
    "@jax.jit\ndef grow(x):\n    return jnp.sin(x).sum()\nfor n in range(1, 41):\n    grow(jnp.ones(n))",
    "%jittrace unrolled(jnp.ones(4))",
    "%jittrace_explain on",
    "@jax.jit\ndef pick(x, i):\n    return x[: i]\npick(jnp.ones(4), 2)",
]

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def _run_all(page, server, name: str, cells: list[str]) -> None:
    page.goto(server.url(name))
    server.wait_for_idle_kernel(name, pause=lambda seconds: page.wait_for_timeout(seconds * 1000))
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => /Idle/.test(e.textContent))",
        timeout=60_000,
    )
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    last = page.locator(".jp-Notebook .jp-Cell.jp-CodeCell").nth(len(cells) - 1)
    # Run All stops at a cell that raises (later cells go back to "[ ]"): done once the first cell has run
    # and no cell is queued or running, whether or not the last one ran.
    page.wait_for_function(
        "n => { const p = [...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell .jp-InputPrompt')];"
        " return p.length >= n && /\\[\\d+\\]/.test(p[0].textContent)"
        " && !p.some(e => /\\[\\*\\]/.test(e.textContent)); }", arg=len(cells), timeout=300_000)
    if re.search(r"\[\d+\]", last.locator(".jp-InputPrompt").inner_text()):
        last.locator(".jp-OutputArea").wait_for()
    page.wait_for_timeout(1500)  # the panel's last throttled redraw


def look(out: Path, theme: str, width: int, notebook: Path | None = None) -> dict:
    """Run :data:`CELLS` (or ``notebook``'s code cells, after ``%load_ext`` and ``%jittrace_panel``), shoot, measure."""
    from playwright.sync_api import sync_playwright

    cells_run = CELLS if notebook is None else ["%load_ext jaxmagic", "%jittrace_panel", *_code_cells(notebook)]

    chromium = find_chromium()
    folder = out / (f"{theme}-{width}" if notebook is None else f"{notebook.stem}-{theme}-{width}")
    folder.mkdir(parents=True, exist_ok=True)
    facts: dict = {"theme": theme, "width": width}
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        root = Path(scratch)
        name = write_notebook(root, "look.ipynb", cells_run)
        guard = RouteGuard()
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)
        try:
            context = browser.new_context(viewport={"width": width, "height": 2400})
            context.route("**/*", guard)
            page = context.new_page()
            with running(root, "lab", theme=THEMES[theme]) as server:
                _run_all(page, server, name, cells_run)
                page.mouse.move(0, 0)
                cells = page.locator(".jp-Notebook .jp-Cell.jp-CodeCell")
                for index in range(len(cells_run)):
                    area = cells.nth(index).locator(".jp-OutputArea")
                    if area.inner_text().strip():
                        area.screenshot(path=str(folder / f"cell-{index:02d}.png"))
                    reports = area.locator(".jm-report")  # each report whole: a long traceback above it is cut
                    for shown in range(reports.count() if notebook is not None else 0):
                        if reports.nth(shown).is_visible():
                            reports.nth(shown).screenshot(path=str(folder / f"cell-{index:02d}-report-{shown}.png"))
                page.screenshot(path=str(folder / "page.png"))  # the whole window: sidebar, notebook, width
                facts["prompts"] = [cells.nth(i).locator(".jp-InputPrompt").inner_text() for i in range(len(cells_run))]
                facts["overflowing"] = page.evaluate(OVERFLOWING_JS)
                facts["panel_cut_off"] = page.evaluate(PANEL_CUT_OFF_JS)
                facts["panel_text"] = cells.nth(1).locator(".jp-OutputArea").inner_text()
                facts["report_text"] = cells.nth(2).locator(".jp-OutputArea").inner_text()
                facts["code_cells"] = page.evaluate(CODE_CELL_STYLE_JS)
                facts["contrast"] = page.evaluate(CONTRAST_JS, HIGHLIGHTED)
                if notebook is None:  # this notebook's own cells: a source line of cell 3 to point at
                    _hover(page, cells, folder, facts)
                page.mouse.move(0, 0)
                page.keyboard.press("Control+s")
                page.wait_for_timeout(1500)
                shut_down_kernels(server)  # reopened: a new kernel, none of the old widget models
                page.goto(server.url(name).replace("&reset", ""))
                server.wait_for_idle_kernel(name, pause=lambda seconds: page.wait_for_timeout(seconds * 1000))
                panel_cell = page.locator(".jp-Notebook .jp-Cell.jp-CodeCell").nth(1)
                panel_cell.locator(".jp-OutputArea").wait_for()
                page.wait_for_timeout(3000)
                panel_cell.locator(".jp-OutputArea").screenshot(path=str(folder / "reopened-panel.png"))
                facts["reopened_panel_text"] = panel_cell.locator(".jp-OutputArea").inner_text()[:400]
        finally:
            browser.close()
        facts["blocked"] = guard.blocked
    (folder / "facts.json").write_text(json.dumps(facts, indent=1))
    return facts


def _hover(page, cells, folder: Path, facts: dict) -> None:
    cells.nth(3).locator('.jm-srow[data-l="5"] code').hover()
    facts["lit_rows"] = page.evaluate(TAG_LIT_ROWS_JS)
    facts["contrast"] = page.evaluate(CONTRAST_JS, HIGHLIGHTED)
    cells.nth(3).locator(".jp-OutputArea").screenshot(path=str(folder / "cell-03-hover.png"))


def _code_cells(notebook: Path) -> list[str]:
    return [c.source for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--theme", choices=sorted(THEMES), default="light")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--notebook", type=Path, help="a notebook of your own to run instead (its code cells)")
    args = parser.parse_args()
    print(json.dumps(look(args.out, args.theme, args.width, args.notebook), indent=1))


if __name__ == "__main__":
    main()
