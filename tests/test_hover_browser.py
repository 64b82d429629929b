"""Pointing at a source line lights up its equations, and the reverse, in a real browser (pure CSS).

Runs where headless Chromium and ``websocket-client`` are installed (the
browser-test issue sets them up everywhere); skipped otherwise. Driven over
the DevTools protocol: a mouse move, then the computed background colour.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.request

import pytest

websocket = pytest.importorskip("websocket")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")

CELL = (
    "%%jittrace\ndef f(x):\n    y = jnp.sin(x)\n    for i in range(3):\n        y = y * 2 + i\n    return y\n"
    "f(jnp.ones(3))"
)


def test_hover_links_source_lines_and_equations(shell, tmp_path):
    report = shell.run(CELL)
    page = tmp_path / "report.html"
    page.write_text(f"<html><body>{report.html()}</body></html>", encoding="utf-8")
    port = 9000 + (hash(str(tmp_path)) % 500)
    proc = subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--remote-debugging-port={port}",
         f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,1000", page.as_uri()],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        tabs = None
        for _ in range(100):
            try:
                tabs = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=1))
                break
            except OSError:
                time.sleep(0.1)
        assert tabs, "Chromium did not start"
        ws = websocket.create_connection([t for t in tabs if t["type"] == "page"][0]["webSocketDebuggerUrl"])
        counter = iter(range(1, 10_000))

        def call(method, **params):
            number = next(counter)
            ws.send(json.dumps({"id": number, "method": method, "params": params}))
            while True:
                message = json.loads(ws.recv())
                if message.get("id") == number:
                    return message.get("result", {})

        def js(expression):
            return call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

        for _ in range(50):
            if js("document.querySelector('.jm-srow') !== null"):
                break
            time.sleep(0.1)

        def point_at(selector):
            x, y = js(f"(()=>{{const r=document.querySelector('{selector} code').getBoundingClientRect();"
                      f"return [r.x+4, r.y+4]}})()")
            call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
            time.sleep(0.2)

        def background(selector):
            return js(f"getComputedStyle(document.querySelector('{selector}')).backgroundColor")

        plain = background('.jm-erow[data-l="5"]')
        point_at('.jm-srow[data-l="5"]')
        assert background('.jm-erow[data-l="5"]') != plain  # its equations light up
        assert background('.jm-erow[data-l="3"]') == plain  # another line's do not
        point_at('.jm-erow[data-l="3"]')
        assert background('.jm-srow[data-l="3"]') != plain  # and the reverse
    finally:
        proc.kill()
