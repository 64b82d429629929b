"""A saved compile log opened from disk in Chromium: it asks for nothing but itself, shows every compile, prints whole.

Saves ``docs/screenshots/compile-log.png`` for the README.
"""
from __future__ import annotations

import pathlib

import pytest

from browser_support import open_page

pytestmark = pytest.mark.browser

SCREENSHOT = pathlib.Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "compile-log.png"

CELLS = [
    "@jax.jit\ndef train_step(w, batch):\n    return w - 0.1 * jnp.mean(batch) * w\n"
    "w = jnp.ones(4)\nfor size in (32, 32, 16, 8):\n    w = train_step(w, jnp.ones((size, 4)))",
    "@jax.jit\ndef scale(x, n):\n    return x * n\nfor n in (1, 2.0, 3):\n    scale(jnp.ones(3), n)",
    "%%jittrace --quiet\ndef clip(x):\n    if x.max() > 1:\n        return x / x.max()\n    return x\nclip(jnp.arange(4.0))",
]


def test_the_saved_page_fetches_nothing_shows_each_compile_and_prints(shell, chromium, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    for cell in CELLS:
        shell.run(cell)
    saved = tmp_path / "compile-log.html"
    shell.run(f"%jittrace_save {saved}")
    url = saved.as_uri()
    asked: list[str] = []

    def guard(route) -> None:
        if route.request.url == url:
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    with sync_api.sync_playwright() as playwright:
        browser, page = open_page(playwright, chromium, guard, 1100, 900)
        try:
            page.on("request", lambda request: None if request.url == url else asked.append(request.url))
            page.goto(url)
            page.wait_for_load_state("load")
            text = page.inner_text("body")
            for compile_id in ("train_step#1", "train_step#2", "train_step#3", "scale#1", "scale#2"):
                assert compile_id in text
            assert "batch: shape f32[32,4] \u2192 f32[16,4]" in text
            assert "Python needed True or False from a traced value" in text and "cell line 3" in text
            assert page.locator("svg.jm-timeline").count() >= 2  # compiles over time, inline
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT), full_page=True)

            page.emulate_media(media="print")
            assert page.locator("details:not([open])").count() == 0
            assert page.get_by_text("train_step#3", exact=True).is_visible()
            pdf = page.pdf(format="A4", print_background=True)
            assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
        finally:
            browser.close()
    assert asked == []  # the page needs nothing but itself
