"""The report and the live panel as a person sees them: JupyterLab and Notebook 7 in headless Chromium.

Each test starts its own Jupyter server on 127.0.0.1 (throw-away folders,
token and port), opens a fresh copy of the test notebook, runs all cells from
the Run menu, and reads the page. A route guard aborts and records any request
that would leave the machine. On failure a screenshot is saved in
``tests/browser/artifacts``; set ``JAXMAGIC_UPDATE_SCREENSHOTS=1`` to write the
README's screenshots into ``docs/screenshots``.
"""
from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from pathlib import Path

import pytest

from browser_support import CHROMIUM_FLAGS, RouteGuard, running, write_notebook

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
ARTIFACTS = HERE / "artifacts"
SCREENSHOTS = ROOT / "docs" / "screenshots"
LOOP_COMPILES = 30

CELLS = [
    "%load_ext jaxmagic\nimport time\nimport jax, jax.numpy as jnp",
    "%jittrace_panel",
    "%%jittrace --static-argnames n\ndef scale(x, n):\n    return jnp.tanh(x) * n\nscale(jnp.ones(3), n=2)",
    "%%jittrace\ndef relu_sum(x):\n    if x.sum() > 0:\n        return x.sum()\n    return 0.0\nrelu_sum(jnp.ones(3))",
    "%%jittrace --quiet\ndef grow(x):\n    return jnp.sin(x).sum()\n"
    f"for n in range(1, {LOOP_COMPILES + 1}):\n    grow(jnp.ones(n))\n    time.sleep(0.12)",
    "%%jittrace\ndef batch_mean(x):\n    return x.mean()\nfor n in (2, 3, 4, 5, 6):\n    batch_mean(jnp.ones(n))",
]

# the compile count shown for `name` in the panel's table (None until its row appears)
_PANEL_COUNT = """(name) => {
  for (const row of document.querySelectorAll('.widget-html-content table.jm-table tr')) {
    const cells = row.querySelectorAll('td');
    if (cells.length > 2 && cells[0].textContent.trim() === name) return parseInt(cells[2].textContent, 10);
  }
  return null;
}"""

# tables wider than the output area that holds them (clipped or overflowing)
_OVERFLOWING = """() => {
  const out = [];
  for (const table of document.querySelectorAll('.jm-report table')) {
    const area = table.closest('.jp-OutputArea-output') || table.closest('.jp-OutputArea');
    if (!area) continue;
    const t = table.getBoundingClientRect(), a = area.getBoundingClientRect();
    if (t.right > a.right + 1) out.push(`${Math.round(t.right - a.right)} px: ${table.textContent.slice(0, 60)}`);
  }
  return out;
}"""


@pytest.fixture
def notebook(tmp_path: Path) -> str:
    return write_notebook(tmp_path, "panel_check.ipynb", CELLS)


class Browser:
    """One Chromium page on a Jupyter server, with the route guard on."""

    def __init__(self, playwright, chromium: str, request) -> None:
        self.guard = RouteGuard()
        self.browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.route("**/*", self.guard)
        self.page = self.context.new_page()
        self.page.on("websocket", self.guard.websocket)
        self.request = request

    @contextlib.contextmanager
    def on(self, server):
        """The test's body on ``server``: on failure, a screenshot while the server still runs."""
        try:
            yield self.page
        except BaseException:
            ARTIFACTS.mkdir(exist_ok=True)
            with contextlib.suppress(Exception):
                self.page.screenshot(path=str(ARTIFACTS / f"{self.request.node.name}.png"), full_page=True)
            raise

    def close(self) -> None:
        self.browser.close()


@pytest.fixture
def browser(chromium, request):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        made = Browser(playwright, chromium, request)
        try:
            yield made
        finally:
            made.close()


def _open_and_run_all(page, server, notebook: str) -> None:
    page.goto(server.url(notebook))
    # the kernel must exist before Run All, or Lab asks for one / runs nothing: the server must have
    # started it and the page must have connected to it (Lab's status bar says Idle; Notebook 7 has
    # no status bar, its toolbar's kernel indicator carries the state)
    server.wait_for_idle_kernel(notebook, pause=lambda seconds: page.wait_for_timeout(seconds * 1000))
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => /Idle/.test(e.textContent))"
        " || !!document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=\"idle\"]')",
        timeout=60_000,
    )
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()


def _output(page, cell: int):
    return page.locator(".jp-Notebook .jp-Cell.jp-CodeCell").nth(cell).locator(".jp-OutputArea")


def _watch_live_count(page, name: str, finished_marker: str, timeout: float = 120) -> list[tuple[int, bool]]:
    """(count, cell still running) pairs read from the panel until the loop cell finishes."""
    seen: list[tuple[int, bool]] = []
    deadline = time.monotonic() + timeout
    loop_cell = page.locator(".jp-Notebook .jp-Cell.jp-CodeCell").nth(CELLS.index(finished_marker))
    while time.monotonic() < deadline:
        count = page.evaluate(_PANEL_COUNT, name)
        prompt = loop_cell.locator(".jp-InputPrompt").inner_text()
        running = "*" in prompt
        if count is not None:
            seen.append((count, running))
        if count == LOOP_COMPILES and not running:
            break
        page.wait_for_timeout(100)
    return seen


def _check_report_and_panel(page, server, notebook: str, shots: str | None) -> None:
    _open_and_run_all(page, server, notebook)
    loop_source = CELLS[4]
    seen = _watch_live_count(page, "grow", loop_source)
    live = sorted({count for count, running in seen if running})
    assert any(0 < count < LOOP_COMPILES for count in live), f"no count seen while the loop ran: {seen[:20]}"
    assert seen and seen[-1] == (LOOP_COMPILES, False)
    print(f"panel counts read while the loop cell ran: {live}")

    report = _output(page, 2)
    report.locator(".jm-report").first.wait_for()
    text = report.inner_text()
    assert "jittrace: 1 trace of scale" in text
    assert "ShapedArray(float32[3])" in text and "static 2" in text  # the argument table: tracer and static value
    assert "tanh" in text and "mul" in text  # the jaxpr

    explanation = _output(page, 3).inner_text()
    assert "TracerBoolConversionError" in explanation and "relu_sum" in explanation
    assert "jnp.where" in explanation  # the preferred fix comes first

    recompiled = _output(page, 5)
    recompiled.locator("svg.jm-timeline").first.wait_for()  # the report of a cell that recompiled has the picture
    assert "compiles of batch_mean" in recompiled.inner_text()

    panel = _panel(page)
    # the panel redraws when the kernel's widget message arrives, which may come after the cell's output
    panel.locator("svg.jm-timeline").nth(1).wait_for(timeout=30_000)
    assert panel.locator("svg.jm-timeline").count() >= 2  # grow's and batch_mean's rows
    if shots:
        panel.screenshot(path=str(Path(shots) / "panel.png"))
    history = panel.get_by_text("compiles of grow, newest last")
    assert not history.is_visible()
    panel.get_by_text(f"grow: {LOOP_COMPILES} compiles").click()  # open grow's row to its history
    history.wait_for(state="visible")
    assert "x: shape f32[29] \u2192 f32[30]" in panel.inner_text()

    assert page.evaluate(_OVERFLOWING) == []
    if shots:
        page.mouse.move(0, 0)  # no hover highlight in the pictures
        report.screenshot(path=str(Path(shots) / "report.png"))
        _output(page, 3).screenshot(path=str(Path(shots) / "explanation.png"))


def _panel(page):
    table = page.locator(".widget-html-content", has_text="jaxmagic: compiles")
    return page.locator(".widget-vbox").filter(has=table).first


def _screenshot_folder(tmp_path: Path, theme: str) -> str:
    folder = SCREENSHOTS if os.environ.get("JAXMAGIC_UPDATE_SCREENSHOTS") else tmp_path / "screenshots"
    folder = Path(folder) / theme
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder)


def test_jupyterlab_shows_the_report_and_a_live_panel(browser, notebook, tmp_path):
    with running(tmp_path, "lab") as server, browser.on(server) as page:
        shots = _screenshot_folder(tmp_path, "light")
        _check_report_and_panel(page, server, notebook, shots)
        assert list(Path(shots).glob("*.png"))
    assert browser.guard.blocked == []


def test_jupyterlab_dark_theme_reads_from_the_theme(browser, notebook, tmp_path):
    with running(tmp_path, "lab", theme="JupyterLab Dark") as server, browser.on(server) as page:
        _open_and_run_all(page, server, notebook)
        _output(page, 5).locator("svg.jm-timeline").first.wait_for(timeout=120_000)
        report = _output(page, 2).locator(".jm-report").first
        # text takes the theme's colour: light on dark, never the light theme's dark grey
        colour = report.evaluate("e => getComputedStyle(e).color")
        red, green, blue = (int(v) for v in re.findall(r"\d+", colour)[:3])
        assert red + green + blue > 3 * 150, colour
        bar = _output(page, 5).locator("rect.jm-tl-bar").first
        assert bar.evaluate("e => getComputedStyle(e).fill") != "rgb(0, 0, 0)"
        assert page.evaluate(_OVERFLOWING) == []
        shots = _screenshot_folder(tmp_path, "dark")
        page.mouse.move(0, 0)
        report.screenshot(path=str(Path(shots) / "report.png"))
        _panel(page).screenshot(path=str(Path(shots) / "panel.png"))
    assert browser.guard.blocked == []


def test_notebook_7_shows_the_report_and_a_live_count(browser, notebook, tmp_path):
    with running(tmp_path, "notebook") as server, browser.on(server) as page:
        _open_and_run_all(page, server, notebook)
        seen = _watch_live_count(page, "grow", CELLS[4])
        assert any(0 < count < LOOP_COMPILES for count, running in seen if running), seen[:20]
        assert "jittrace: 1 trace of scale" in _output(page, 2).inner_text()
    assert browser.guard.blocked == []


@pytest.mark.parametrize("release", ["6.29.5", "7.0.1"])
def test_the_panel_is_live_in_jupyterlab_with_older_ipykernels(browser, tmp_path, release):
    """ipykernel 7.0 dropped messages sent from threads: the panel sends none, so it stays live there too."""
    sys.path.insert(0, str(ROOT / "tests"))
    import kernel_versions

    folder, why = kernel_versions.overlay(release)
    if folder is None:
        pytest.skip(why)
    cells = [CELLS[0] + "\nimport ipykernel\nprint('ipykernel', ipykernel.__version__)", *CELLS[1:]]
    notebook = write_notebook(tmp_path, "panel_release.ipynb", cells)
    with running(tmp_path, "lab", kernel_path=folder) as server, browser.on(server) as page:
        _open_and_run_all(page, server, notebook)
        seen = _watch_live_count(page, "grow", CELLS[4])
        live = sorted({count for count, running in seen if running})
        assert any(0 < count < LOOP_COMPILES for count in live), f"no count seen while the loop ran: {seen[:20]}"
        assert seen and seen[-1] == (LOOP_COMPILES, False)
        assert f"ipykernel {release}" in _output(page, 0).inner_text()
        print(f"ipykernel {release}: panel counts read while the loop cell ran: {live}")
    assert browser.guard.blocked == []
