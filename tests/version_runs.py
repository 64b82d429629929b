"""The suite again in two other environments: the lowest declared versions, and the newest releases.

The main run tests what ``pip install -e ".[test]"`` gives the interpreter running pytest. Two more
runs cover the ends of the supported range, each in a virtual environment of its own (ignored by git):

* ``lowest`` (``.lowest-venv``): the same Python, with jax, jaxlib, IPython, ipywidgets and ipykernel
  pinned to the lower bounds ``pyproject.toml`` declares; rebuilt only when the bounds change.
* ``newest`` (``.newest-venv``): the newest Python on the machine (3.12 or newer: ``python3.13`` on
  the PATH, or one of pyenv's), with the newest jax, flax, equinox, optax, IPython, ipykernel and
  ipywidgets, and the libraries issue 26's explanations are read through (JAX 0.11 and later need
  Python 3.12). Skipped, with the reason, where there is none.

Both run every test but the browser ones. They start in the background as soon as pytest has
collected a ``versions`` test (``conftest.py``), so that building the environments and running the
two suites overlap the main run: on a 2-core machine the three suites share the cores instead of
running one after the other. :func:`result` waits for one run's outcome.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUN_VARIABLE = "JAXMAGIC_VERSIONS_RUN"  # set inside a versions run: its name
LOWEST_PINNED = ("jax", "jaxlib", "ipython", "ipywidgets", "ipykernel")
NEWEST_PACKAGES = ("jax", "jaxlib", "flax", "equinox", "optax", "ipython", "ipykernel", "ipywidgets",
                   # libraries whose code calls the user's function (tests/test_explain_libraries.py)
                   "optimistix", "lineax", "diffrax", "numpyro", "dm-haiku", "jaxopt", "interpax", "ott-jax",
                   "jraph", "chex", "mctx", "dm-pix")
SHOWN = ("jax", "jaxlib", "flax", "equinox", "optax", "ipython", "ipykernel", "ipywidgets")
MINIMUM_NEWEST = (3, 12)  # JAX 0.11 dropped Python 3.11
_SUITE_TIMEOUT = 2400
_INSTALL_TIMEOUT = 1500


@dataclasses.dataclass
class Outcome:
    """What one versions run did: why it was skipped, or what it installed and how the suite ended."""

    name: str
    skipped: str = ""
    failed: str = ""  # an environment that could not be built: why
    python: str = ""
    installed: dict[str, str] = dataclasses.field(default_factory=dict)
    returncode: int | None = None
    summary: str = ""
    output: str = ""
    build_seconds: float = 0.0
    suite_seconds: float = 0.0

    def line(self) -> str:
        """One line for the terminal summary."""
        if self.skipped:
            return f"{self.name} versions: skipped ({self.skipped})"
        if self.failed:
            return f"{self.name} versions: the environment could not be built: {self.failed}"
        versions = ", ".join(f"{k} {v}" for k, v in self.installed.items())
        return (f"{self.name} versions (Python {self.python}; {versions}): {self.summary} "
                f"[environment {self.build_seconds:.0f} s, suite {self.suite_seconds:.0f} s]")


# ---------------------------------------------------------------- what each run installs

def lower_bounds() -> dict[str, str]:
    """The ``>=`` bounds of the package's dependencies and of its ``test-core`` extra, by package name."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as handle:
        project = tomllib.load(handle)["project"]
    requirements = [*project["dependencies"], *project["optional-dependencies"]["test-core"]]
    bounds = {}
    for requirement in requirements:
        found = re.match(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9.]*)", requirement)
        if found:
            bounds[found.group(1).lower()] = found.group(2)
    return bounds


def _version_of(python: str) -> tuple[int, ...] | None:
    """``(3, 13, 0)`` for a working CPython interpreter with the GIL and ``venv``; None otherwise."""
    probe = ("import sys, sysconfig, venv; "
             "ok = sys.implementation.name == 'cpython' and not sysconfig.get_config_var('Py_GIL_DISABLED'); "
             "print(*sys.version_info[:3]) if ok else None")
    try:
        done = subprocess.run([python, "-c", probe], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = done.stdout.split()
    return tuple(int(p) for p in parts) if done.returncode == 0 and len(parts) == 3 else None


def python_candidates() -> list[tuple[tuple[int, ...], str]]:
    """Every CPython 3.12 or newer found on the PATH or among pyenv's versions, newest first."""
    names = [shutil.which(f"python3.{minor}") for minor in range(20, MINIMUM_NEWEST[1] - 1, -1)]
    roots = [os.environ.get("PYENV_ROOT", ""), str(Path.home() / ".pyenv")]
    for root in filter(None, roots):
        names += [str(p) for p in sorted(Path(root, "versions").glob("*/bin/python3"))]
    found: dict[str, tuple[tuple[int, ...], str]] = {}
    for name in filter(None, names):
        real = os.path.realpath(name)
        if real in found:
            continue
        version = _version_of(name)
        if version is not None and version[:2] >= MINIMUM_NEWEST:
            found[real] = (version, name)
    return sorted(found.values(), reverse=True)


# ---------------------------------------------------------------- building and running

_children: list[subprocess.Popen] = []  # running now: stopped when the main run ends first (``stop``)
_children_lock = threading.Lock()


def _call(args: list[str], timeout: float, **options: Any) -> subprocess.CompletedProcess:
    """``subprocess.run`` whose process :func:`stop` can end (captured text output; never raises on failure)."""
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)
    with _children_lock:
        _children.append(process)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        err += f"\n(stopped after {timeout:.0f} s)"
    finally:
        with _children_lock:
            _children.remove(process)
    return subprocess.CompletedProcess(args, process.returncode, out, err)


def _installed(python: Path, names: tuple[str, ...]) -> dict[str, str]:
    shown = _call([str(python), "-c", "import importlib.metadata as m, json\n"
                   f"print(json.dumps({{n: m.version(n) for n in {names!r}}}))"], timeout=120)
    if shown.returncode != 0:
        raise RuntimeError(shown.stderr[-2000:])
    return json.loads(shown.stdout)


def _make_venv(base: str, venv: Path) -> None:
    shutil.rmtree(venv, ignore_errors=True)
    made = _call([base, "-m", "venv", str(venv)], timeout=300)
    if made.returncode != 0:
        raise RuntimeError(made.stderr[-2000:])


def _pip(python: Path, *args: str) -> subprocess.CompletedProcess:
    return _call([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *args],
                 timeout=_INSTALL_TIMEOUT)


def build_lowest(outcome: Outcome) -> Path | None:
    """``.lowest-venv`` pinned to the lower bounds (kept while the bounds stay the same)."""
    bounds = lower_bounds()
    missing = set(LOWEST_PINNED) - set(bounds)
    if missing:
        outcome.failed = f"pyproject.toml declares no lower bound for {sorted(missing)}"
        return None
    pins = {name: bounds[name] for name in LOWEST_PINNED}
    venv = Path(os.environ.get("JAXMAGIC_LOWEST_VENV", ROOT / ".lowest-venv"))
    python, stamp = venv / "bin" / "python", venv / "bounds.json"
    if not (python.exists() and stamp.exists() and json.loads(stamp.read_text()) == pins):
        _make_venv(sys.executable, venv)
        constraints = venv / "constraints.txt"
        constraints.write_text("".join(f"{name}=={version}\n" for name, version in pins.items()))
        done = _pip(python, "-c", str(constraints), "-e", f"{ROOT}[test-core]")
        if done.returncode != 0:
            outcome.failed = done.stderr[-3000:]
            return None
        stamp.write_text(json.dumps(pins))
    outcome.installed = _installed(python, LOWEST_PINNED)
    wrong = {n: v for n, v in outcome.installed.items() if not _same(v, pins[n])}
    if wrong:
        outcome.failed = f"installed {wrong}, pinned {pins}"
        return None
    return python


def build_newest(outcome: Outcome) -> Path | None:
    """``.newest-venv`` on the newest Python found, with the newest releases (upgraded when kept)."""
    candidates = python_candidates()
    if not candidates:
        outcome.skipped = "no Python 3.12 or newer on this machine (PATH or pyenv)"
        return None
    venv = Path(os.environ.get("JAXMAGIC_NEWEST_VENV", ROOT / ".newest-venv"))
    python = venv / "bin" / "python"
    for version, base in candidates:
        if not python.exists() or _version_of(str(python)) != version:
            _make_venv(base, venv)
        done = _pip(python, "--upgrade", "-e", f"{ROOT}[test-core]", *NEWEST_PACKAGES)
        if done.returncode == 0:
            outcome.python = ".".join(map(str, version))
            outcome.installed = _installed(python, SHOWN)
            return python
        if "No matching distribution" not in done.stderr:
            outcome.failed = done.stderr[-3000:]
            return None
        # no wheels for this Python yet (a brand-new release): the next newest
        shutil.rmtree(venv, ignore_errors=True)
    outcome.failed = "no Python found here has wheels of the newest jax"
    return None


def _same(installed: str, bound: str) -> bool:
    def parts(v: str) -> list[int]:
        numbers = [int(p) for p in re.findall(r"\d+", v)][:4]
        return numbers + [0] * (4 - len(numbers))

    return parts(installed) == parts(bound)


def run_suite(name: str, python: Path, outcome: Outcome) -> None:
    """The suite without the browser and versions tests, in ``python``'s environment."""
    venv = python.parent.parent
    env = dict(os.environ, JAXMAGIC_FUZZ_EXAMPLES="200", **{RUN_VARIABLE: name})
    env.pop("PYTHONPATH", None)
    # IPython adds $VIRTUAL_ENV's site-packages to sys.path: point it at this environment, or the main
    # run's packages (built for another jax) would leak into this one's kernels
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    start = time.monotonic()
    done = _call(
        [str(python), "-m", "pytest", "-q", "--maxfail=10", "-m", "not browser and not versions",
         "-p", "no:cacheprovider", str(ROOT / "tests")],
        timeout=_SUITE_TIMEOUT, cwd=ROOT, env=env,
    )
    outcome.suite_seconds = time.monotonic() - start
    lines = done.stdout.strip().splitlines()
    outcome.summary = lines[-1].strip("= ") if lines else ""
    outcome.returncode = done.returncode
    outcome.output = done.stdout[-6000:] + done.stderr[-2000:]
    if not outcome.python:
        outcome.python = ".".join(map(str, sys.version_info[:3]))


# ---------------------------------------------------------------- in the background

_BUILDERS = {"lowest": build_lowest, "newest": build_newest}
_threads: dict[str, threading.Thread] = {}
_outcomes: dict[str, Outcome] = {}


def _run(name: str) -> None:
    outcome = _outcomes[name]
    start = time.monotonic()
    try:
        python = _BUILDERS[name](outcome)
        outcome.build_seconds = time.monotonic() - start
        if python is not None:
            run_suite(name, python, outcome)
    except Exception as exc:  # noqa: BLE001 - reported by the test that waits for this run
        outcome.failed = outcome.failed or f"{type(exc).__name__}: {exc}"


def start(names: tuple[str, ...] = ("lowest", "newest")) -> None:
    """Start the runs not started yet, each in a thread of its own (the work is in subprocesses)."""
    for name in names:
        if name in _threads:
            continue
        _outcomes[name] = Outcome(name)
        thread = _threads[name] = threading.Thread(target=_run, args=(name,), name=f"versions-{name}", daemon=True)
        thread.start()


def result(name: str, timeout: float = _INSTALL_TIMEOUT + _SUITE_TIMEOUT) -> Outcome:
    """The outcome of run ``name``, started now if it was not, once it has ended."""
    start((name,))
    _threads[name].join(timeout)
    if _threads[name].is_alive():
        _outcomes[name].failed = f"still running after {timeout:.0f} s"
    return _outcomes[name]


def started() -> list[Outcome]:
    """The outcomes of the runs started in this process, ended or not."""
    return [_outcomes[name] for name in _threads]


def stop() -> None:
    """End the runs' processes (the main run ended before waiting for them, e.g. after ``-x``)."""
    with _children_lock:
        running = list(_children)
    for process in running:
        process.kill()


def inside_a_run() -> str | None:
    """The name of the versions run this process is, or None in the main run."""
    return os.environ.get(RUN_VARIABLE) or None
