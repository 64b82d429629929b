"""Lets a browser test see whether its own test body failed (to save a screenshot then)."""
from __future__ import annotations

import pytest


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):  # noqa: ARG001 - pytest's hook signature
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
