"""The suite again at the lowest versions ``pyproject.toml`` declares for jax, jaxlib, IPython and ipywidgets.

The bounds are read from ``pyproject.toml`` itself, so the versions tested are the ones declared. The
main run installs the newest versions available (a fresh ``pip install``); this test builds a second
virtual environment pinned to the lower bounds, checks what got installed, and runs every test but the
browser ones there. The environment is kept in ``.lowest-venv`` (ignored by git) and rebuilt only when
the bounds change.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.versions

ROOT = Path(__file__).resolve().parent.parent
PINNED = ("jax", "jaxlib", "ipython", "ipywidgets")


def lower_bounds() -> dict[str, str]:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as handle:
        dependencies = tomllib.load(handle)["project"]["dependencies"]
    bounds = {}
    for requirement in dependencies:
        found = re.match(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9.]*)", requirement)
        if found:
            bounds[found.group(1).lower()] = found.group(2)
    return bounds


def _same(installed: str, bound: str) -> bool:
    parts = lambda v: [int(p) for p in v.split(".")] + [0] * (4 - len(v.split(".")))  # noqa: E731
    return parts(installed) == parts(bound)


def test_the_suite_passes_at_the_lowest_declared_versions():
    if os.environ.get("JAXMAGIC_LOWEST") == "1":
        pytest.skip("this is the lowest-versions run itself")
    bounds = lower_bounds()
    assert set(PINNED) <= set(bounds), f"pyproject.toml declares no lower bound for {set(PINNED) - set(bounds)}"
    venv = Path(os.environ.get("JAXMAGIC_LOWEST_VENV", ROOT / ".lowest-venv"))
    python = venv / "bin" / "python"
    stamp = venv / "bounds.json"
    if not (python.exists() and stamp.exists() and json.loads(stamp.read_text()) == bounds):
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        constraints = venv / "constraints.txt"
        constraints.write_text("".join(f"{name}=={bounds[name]}\n" for name in PINNED))
        install = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "-c", str(constraints), "-e", f"{ROOT}[test-core]"],
            capture_output=True, text=True, timeout=1200, check=False,
        )
        assert install.returncode == 0, install.stderr[-3000:]
        stamp.write_text(json.dumps(bounds))
    shown = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m, json;"
         f"print(json.dumps({{n: m.version(n) for n in {PINNED!r}}}))"],
        capture_output=True, text=True, check=True,
    )
    installed = json.loads(shown.stdout)
    assert all(_same(installed[name], bounds[name]) for name in PINNED), (installed, bounds)
    env = dict(os.environ, JAXMAGIC_LOWEST="1", JAXMAGIC_FUZZ_EXAMPLES="200")
    env.pop("PYTHONPATH", None)
    # IPython adds $VIRTUAL_ENV's site-packages to sys.path: point it at this venv, or the main run's
    # packages (flax, built for the newest jax) would leak into the lowest-versions run
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-x", "-m", "not browser and not versions", "-p", "no:cacheprovider",
         str(ROOT / "tests")],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=2400, check=False,
    )
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    print(f"\nat the lowest versions {installed}: {summary}")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
