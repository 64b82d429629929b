"""The wheel holds every module of the package, and an install from it imports each one."""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts) for p in (ROOT / "jaxmagic").rglob("*.py")
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    if os.environ.get("JAXMAGIC_VERSIONS_RUN"):
        pytest.skip("packaging does not depend on the versions of jax or IPython: the main run checks it")
    tree = tmp_path_factory.mktemp("tree")  # a copy, so that no build/ or egg-info is left in the checkout
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(ROOT / "jaxmagic", tree / "jaxmagic", ignore=shutil.ignore_patterns("__pycache__"))
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(dist), str(tree)],
        check=True, capture_output=True, timeout=300,
    )
    [built] = dist.glob("jaxmagic-*.whl")
    return built


def test_the_wheel_holds_every_module_of_the_source_tree(wheel):
    with zipfile.ZipFile(wheel) as archive:
        shipped = sorted(
            name[: -len(".py")].replace("/", ".") for name in archive.namelist()
            if name.startswith("jaxmagic/") and name.endswith(".py")
        )
    assert len(SOURCE) > 40 and shipped == SOURCE


def test_an_install_from_the_wheel_imports_every_module(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True, capture_output=True, timeout=300,
    )
    modules = [m[: -len(".__init__")] if m.endswith(".__init__") else m for m in SOURCE]
    code = (
        "import importlib, sys\n"
        f"sys.path.insert(0, {str(target)!r})\n"
        f"for name in {modules!r}:\n"
        "    module = importlib.import_module(name)\n"
        f"    assert module.__file__.startswith({str(target)!r}), module.__file__\n"
        "import jaxmagic\n"
        "print(len(sys.modules), jaxmagic.__version__)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_version_is_the_one_pyproject_declares():
    import tomllib

    import jaxmagic

    with open(ROOT / "pyproject.toml", "rb") as handle:
        assert jaxmagic.__version__ == tomllib.load(handle)["project"]["version"]
