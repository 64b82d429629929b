"""Figures of ``jaxmagic.explain`` on issue 26's twentieth held-out set (sets AM and AN), each cell a file.

Usage::

    python tests/explain_libraries_20_figures.py [--sets am an] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_am.CASES + explain_libraries_an.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. veros lets its backend be chosen once per process (``runtime_settings.backend = "jax"`` raises once its core
is imported), so each case that chooses it runs in a process of its own, and the figures are added up. A
measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_am", "explain_libraries_an"), lambda case: "runtime_settings" in case.code, "twentieth held-out set")
