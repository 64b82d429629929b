"""A throw-away Jupyter server and headless Chromium for the browser tests, with nothing leaving 127.0.0.1.

The server (JupyterLab or Notebook 7) gets its own config, data, runtime,
settings and workspace folders, token and port, and is stopped by its PID
whatever happens. Chromium is Debian's package, installed with ``apt-get``
when missing (never ``playwright install``); Playwright only drives it.
"""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import nbformat

CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_FLAGS = [
    "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-default-apps",
]
LOCAL_HOSTS = ("127.0.0.1", "localhost")


def find_chromium(install: bool = True) -> str | None:
    """Debian's Chromium, installed with apt-get if it is missing and we may (root, apt-get present)."""
    found = next((path for path in CHROMIUM_CANDIDATES if os.access(path, os.X_OK)), None)
    if found or not install:
        return found
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        return None
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0:
            return None
    return find_chromium(install=False)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A Jupyter server for one test: ``kind`` is ``"lab"`` or ``"notebook"`` (Notebook 7)."""

    def __init__(self, root: Path, kind: str = "lab", theme: str = "JupyterLab Light",
                 kernel_path: Path | None = None) -> None:
        self.root = root
        self.kernel_path = kernel_path  # a folder put first on the kernel's PYTHONPATH (another ipykernel)
        self.kind = kind
        self.token = secrets.token_hex(16)
        self.port = _free_port()
        self.process: subprocess.Popen | None = None
        self.log = root / f"jupyter-{kind}.log"
        self._theme = theme

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        path = f"lab/tree/{notebook}" if self.kind == "lab" else f"notebooks/{notebook}"
        return f"{self.base}/{path}?token={self.token}&reset"

    def _environment(self) -> dict[str, str]:
        home = self.root / "jupyter-home"
        folders = {
            "JUPYTER_CONFIG_DIR": home / "config",
            "JUPYTER_DATA_DIR": home / "data",
            "JUPYTER_RUNTIME_DIR": home / "runtime",
            "JUPYTERLAB_SETTINGS_DIR": home / "settings",
            "JUPYTERLAB_WORKSPACES_DIR": home / "workspaces",
            "IPYTHONDIR": home / "ipython",
        }
        for folder in folders.values():
            folder.mkdir(parents=True, exist_ok=True)
        settings = folders["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab"
        (settings / "apputils-extension").mkdir(parents=True, exist_ok=True)
        (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        (settings / "apputils-extension" / "themes.jupyterlab-settings").write_text(json.dumps({"theme": self._theme}))
        # every cell stays in the page (Lab 4 otherwise detaches cells scrolled out of view)
        (settings / "notebook-extension").mkdir(parents=True, exist_ok=True)
        (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        env = dict(os.environ, JAX_PLATFORMS="cpu", **{k: str(v) for k, v in folders.items()})
        env.pop("JUPYTER_PATH", None)
        # in a virtual environment Jupyter prefers the environment's own kernel spec to the data folder's:
        # the one written below (with its PYTHONPATH, when another ipykernel is laid over) must win
        env["JUPYTER_PREFER_ENV_PATH"] = "0"
        # the kernel must be this interpreter's, with jaxmagic importable
        (folders["JUPYTER_DATA_DIR"] / "kernels" / "python3").mkdir(parents=True, exist_ok=True)
        spec = {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)", "language": "python",
        }
        if self.kernel_path is not None:
            spec["env"] = {"PYTHONPATH": os.pathsep.join(filter(None, [str(self.kernel_path),
                                                                       os.environ.get("PYTHONPATH", "")]))}
        (folders["JUPYTER_DATA_DIR"] / "kernels" / "python3" / "kernel.json").write_text(json.dumps(spec))
        return env

    def start(self, timeout: float = 60) -> None:
        app = "jupyterlab" if self.kind == "lab" else "notebook"
        command = [
            sys.executable, "-m", app, "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}", "--LabApp.news_url=None", "--ServerApp.open_browser=False",
            "--LabApp.extension_manager=readonly",  # the server lists no extensions from a registry either
        ]
        if os.geteuid() == 0:
            command.append("--allow-root")
        log = open(self.log, "w")  # noqa: SIM115 - closed with the process
        self.process = subprocess.Popen(command, cwd=self.root, env=self._environment(), stdout=log, stderr=log,
                                        start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the Jupyter server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2):
                    return
            time.sleep(0.3)
        raise RuntimeError(f"the Jupyter server did not answer in {timeout:.0f} s: {self.log.read_text()[-2000:]}")

    def wait_for_idle_kernel(self, notebook: str, pause: Callable[[float], None], timeout: float = 60) -> None:
        """Until the server has a kernel for ``notebook`` and it is idle.

        ``pause`` waits between polls; pass the page's own wait, so that Playwright
        keeps serving the page (its route guard runs only inside Playwright calls).
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                with urllib.request.urlopen(f"{self.base}/api/sessions?token={self.token}", timeout=2) as answer:
                    for session in json.load(answer):
                        if session.get("path", "").endswith(notebook) and \
                                (session.get("kernel") or {}).get("execution_state") == "idle":
                            return
            pause(0.3)
        raise TimeoutError(f"no idle kernel for {notebook} after {timeout:.0f} s")

    def stop(self) -> None:
        """Stop the server and its kernels by the process group of its PID."""
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


@contextlib.contextmanager
def running(root: Path, kind: str = "lab", theme: str = "JupyterLab Light",
            kernel_path: Path | None = None) -> Iterator[Server]:
    server = Server(root, kind, theme, kernel_path)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def open_page(playwright, chromium: str, guard: Callable, width: int, height: int):
    """Headless Chromium with one page whose every request goes through ``guard``; returns (browser, page)."""
    browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", guard)
    return browser, context.new_page()


class RouteGuard:
    """Aborts and records every request that would leave 127.0.0.1."""

    def __init__(self) -> None:
        self.blocked: list[str] = []

    def __call__(self, route) -> None:
        url = route.request.url
        host = url.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
        if url.startswith(("data:", "blob:", "file:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def websocket(self, ws) -> None:
        host = ws.url.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
        if host not in LOCAL_HOSTS:
            self.blocked.append(ws.url)


# WCAG contrast of each element's text against what lies behind it (semi-transparent backgrounds
# composited up to the first opaque one): [{text, ratio, color, background}] for ``selector``.
CONTRAST_JS = """(selector) => {
  const parse = c => { const m = (c.match(/[\\d.]+/g) || [0, 0, 0, 0]).map(Number);
                       return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
  const over = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
                                 b: top.b * top.a + under.b * (1 - top.a), a: 1});
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
                     return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const behind = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c.a > 0) layers.push(c); if (c.a >= 1) break; }
    let out = {r: 255, g: 255, b: 255, a: 1};
    for (let i = layers.length - 1; i >= 0; i--) out = over(layers[i], out);
    return out; };
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.trim() || !el.getClientRects().length) continue;
    const back = behind(el), text = over(parse(getComputedStyle(el).color), back);
    const [hi, lo] = [lum(text), lum(back)].sort((a, b) => b - a);
    found.push({text: el.textContent.trim().slice(0, 40), ratio: Math.round((hi + 0.05) / (lo + 0.05) * 100) / 100,
                color: getComputedStyle(el).color, background: `rgb(${Math.round(back.r)}, ${Math.round(back.g)}, ${Math.round(back.b)})`});
  }
  return found;
}"""

# the text inside highlighted rows: the marked failing line of an excerpt (its number too), and the
# source-map rows a hover lights up
HIGHLIGHTED = ".jm-mark, .jm-mark .jm-lineno, .jm-hl-now code, .jm-hl-now .jm-became, .jm-hl-now .jm-lineno"

# tag (class ``jm-hl-now``) the source-map rows and equation rows a hover lights up now
TAG_LIT_ROWS_JS = """() => {
  let n = 0;
  for (const el of document.querySelectorAll('.jm-srcmap [data-l]')) {
    const lit = getComputedStyle(el).backgroundColor.match(/[\\d.]+/g);
    const on = lit && (lit.length < 4 || Number(lit[3]) > 0);
    el.classList.toggle('jm-hl-now', !!on); if (on) n++;
  }
  return n;
}"""

# how a source map's code cells are styled: JupyterLab's inline-code look is a background and padding
CODE_CELL_STYLE_JS = """() => [...document.querySelectorAll('.jm-srcmap table.jm-smap td code, .jm-srcmap .jm-erow code')]
  .slice(0, 5).map(e => { const s = getComputedStyle(e);
    return {background: s.backgroundColor, padding: s.paddingLeft, radius: s.borderTopLeftRadius}; })"""

# elements wider than the output area that holds them: [description]
# elements that stick out of the output area holding them, unless a box of their own between them and
# the area scrolls (what is cut off there can be scrolled to): [description]
OVERFLOWING_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.jm-report table, .jm-report pre, .jm-srcmap')) {
    const area = el.closest('.jp-OutputArea-output'); if (!area || !el.getClientRects().length) continue;
    const a = area.getBoundingClientRect();
    let scrolled = false;
    for (let e = el; e && e !== area; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (/(auto|scroll)/.test(s.overflowX) && e.getBoundingClientRect().right <= a.right + 1) { scrolled = true; break; }
    }
    const t = el.getBoundingClientRect();
    if (!scrolled && t.right > a.right + 1) out.push(`${Math.round(t.right - a.right)} px: ${el.className} ${el.textContent.slice(0, 40)}`);
  }
  return out;
}"""


def kernel_ids(server: "Server") -> list[str]:
    with urllib.request.urlopen(f"{server.base}/api/kernels?token={server.token}", timeout=5) as answer:
        return [k["id"] for k in json.load(answer)]


def shut_down_kernels(server: "Server") -> None:
    """Shut every kernel of the server down: a notebook opened afterwards has none of its widget models."""
    for kernel in kernel_ids(server):
        request = urllib.request.Request(f"{server.base}/api/kernels/{kernel}?token={server.token}", method="DELETE")
        with contextlib.suppress(OSError):
            urllib.request.urlopen(request, timeout=10).close()

# the panel's essential cells (function, last reason, advice) that lie past the right edge of the output
# area: cut off, or reachable only by scrolling sideways
PANEL_CUT_OFF_JS = """() => {
  const out = [];
  for (const td of document.querySelectorAll('table.jm-table td:first-child, td.jm-col-last-reason, td.jm-col-advice')) {
    const area = td.closest('.jp-OutputArea-output'); if (!area || !td.textContent.trim()) continue;
    if (td.getBoundingClientRect().right > area.getBoundingClientRect().right + 1) out.push(td.textContent.trim().slice(0, 40));
  }
  return out;
}"""


def write_notebook(folder: Path, name: str, cells: list[str]) -> str:
    """A notebook of code ``cells`` for the python3 kernel, written as ``folder/name``; returns ``name``."""
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(book, folder / name)
    return name
