"""The suite at both ends of the supported range: the lowest declared versions and the newest releases.

The runs themselves are in ``version_runs.py``; ``conftest.py`` starts them in the background as soon as
this module's tests are collected, so they overlap the main run. Each test here waits for its run and
fails with the run's own output when a test failed there.
"""
from __future__ import annotations

import pytest

import version_runs

pytestmark = pytest.mark.versions


def _check(name: str) -> version_runs.Outcome:
    if version_runs.inside_a_run():
        pytest.skip("this is a versions run itself")
    outcome = version_runs.result(name)
    print("\n" + outcome.line())
    if outcome.skipped:
        pytest.skip(outcome.skipped)
    assert not outcome.failed, outcome.failed
    assert outcome.returncode == 0, outcome.output
    return outcome


def test_the_suite_passes_at_the_lowest_declared_versions():
    outcome = _check("lowest")
    pins = {name: version_runs.lower_bounds()[name] for name in version_runs.LOWEST_PINNED}
    assert all(version_runs._same(outcome.installed[n], pins[n]) for n in pins), (outcome.installed, pins)


def test_the_suite_passes_at_the_newest_versions_on_the_newest_python():
    outcome = _check("newest")
    assert tuple(int(p) for p in outcome.python.split(".")[:2]) >= version_runs.MINIMUM_NEWEST
    assert set(outcome.installed) == set(version_runs.SHOWN)


def test_the_newest_python_is_found_where_one_exists(tmp_path, monkeypatch):
    """A python3.X on the PATH (here a link to this interpreter when it is 3.12 or newer) is a candidate;
    an interpreter that does not run is not."""
    import os
    import sys

    broken = tmp_path / "python3.19"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    if sys.version_info[:2] >= version_runs.MINIMUM_NEWEST:
        (tmp_path / f"python3.{sys.version_info[1]}").symlink_to(sys.executable)
    found = version_runs.python_candidates()
    assert all(name != str(broken) for _, name in found)
    assert all(version[:2] >= version_runs.MINIMUM_NEWEST for version, _ in found)
    assert found == sorted(found, reverse=True)
    if sys.version_info[:2] >= version_runs.MINIMUM_NEWEST:
        assert tuple(sys.version_info[:3]) in [version for version, _ in found]
