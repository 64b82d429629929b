"""Kernels of other ipykernel releases, for the panel's tests: ipykernel laid over this environment.

ipykernel 7.0 dropped comm messages and output sent from threads other than the kernel's (7.1 mended
it), and 6.29 is the lowest release jaxmagic declares. To test the panel against them without a
virtual environment each, the release is installed alone (``pip install --target``, no dependencies)
into ``.kernel-overlays/ipykernel-<version>`` (ignored by git) and put first on the kernel's
``PYTHONPATH``: the kernel runs that ipykernel over this environment's jax, IPython and ipywidgets.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OVERLAYS = ROOT / ".kernel-overlays"
RELEASES = ("6.29.5", "7.0.1")  # the lowest declared series, and the release that broke messages from threads


def overlay(version: str) -> tuple[Path | None, str]:
    """The folder holding ipykernel ``version`` alone, installed once; (None, why) when pip cannot get it."""
    folder = OVERLAYS / f"ipykernel-{version}"
    if (folder / "ipykernel" / "__init__.py").exists():
        return folder, ""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps",
         "--target", str(folder), f"ipykernel=={version}"],
        capture_output=True, text=True, timeout=600, check=False,
    )
    if done.returncode != 0:
        return None, f"pip could not install ipykernel {version}: {done.stderr.strip()[-300:]}"
    return folder, ""


def kernel_env(folder: Path | None) -> dict[str, str]:
    """The environment of a kernel that runs the ipykernel in ``folder`` (this environment's with None)."""
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    if folder is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH", "")]))
    return env
