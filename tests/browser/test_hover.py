"""Pointing at a source line lights up its equations, and the reverse, in Chromium (pure CSS, no script)."""
from __future__ import annotations

import pytest

from browser_support import RouteGuard, open_page

pytestmark = pytest.mark.browser

CELL = (
    "%%jittrace\ndef f(x):\n    y = jnp.sin(x)\n    for i in range(3):\n        y = y * 2 + i\n    return y\n"
    "f(jnp.ones(3))"
)


def test_hover_links_source_lines_and_equations(shell, chromium, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    report = shell.run(CELL)
    page_file = tmp_path / "report.html"
    page_file.write_text(f"<html><body>{report.html()}</body></html>", encoding="utf-8")
    guard = RouteGuard()
    with sync_api.sync_playwright() as playwright:
        browser, page = open_page(playwright, chromium, guard, 1280, 1000)
        try:
            page.goto(page_file.as_uri())

            def background(selector: str) -> str:
                return page.locator(selector).first.evaluate("e => getComputedStyle(e).backgroundColor")

            plain = background('.jm-erow[data-l="5"]')
            page.locator('.jm-srow[data-l="5"] code').hover()
            assert background('.jm-erow[data-l="5"]') != plain  # its equations light up
            assert background('.jm-erow[data-l="3"]') == plain  # another line's do not
            page.locator('.jm-erow[data-l="3"] code').first.hover()
            assert background('.jm-srow[data-l="3"]') != plain  # and the reverse
        finally:
            browser.close()
    assert guard.blocked == []  # a report needs nothing from the network
