"""Figures of ``jaxmagic.explain`` on issue 26's thirtieth held-out set (sets BG and BH), each cell a file.

Usage::

    python tests/explain_libraries_30_figures.py [--sets bg bh] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_bg.CASES + explain_libraries_bh.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. diffeqzoo selects its backend once per process: its cases run each in a
process of its own.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_bg", "explain_libraries_bh"), lambda case: "diffeqzoo" in case.code,
                        "thirtieth held-out set")
