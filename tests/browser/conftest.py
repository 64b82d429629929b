"""Chromium for the browser tests (installed with apt-get when missing)."""
from __future__ import annotations

import pytest

from browser_support import find_chromium


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        pytest.skip("Chromium is missing and could not be installed with apt-get (needs root and Debian's packages)")
    return path
