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

    def __init__(self, root: Path, kind: str = "lab", theme: str = "JupyterLab Light") -> None:
        self.root = root
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
        # the kernel must be this interpreter's, with jaxmagic importable
        (folders["JUPYTER_DATA_DIR"] / "kernels" / "python3").mkdir(parents=True, exist_ok=True)
        (folders["JUPYTER_DATA_DIR"] / "kernels" / "python3" / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)", "language": "python",
        }))
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
def running(root: Path, kind: str = "lab", theme: str = "JupyterLab Light") -> Iterator[Server]:
    server = Server(root, kind, theme)
    try:
        server.start()
        yield server
    finally:
        server.stop()


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
