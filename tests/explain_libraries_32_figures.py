"""Figures of ``jaxmagic.explain`` on issue 26's thirty-second held-out set (sets BK and BL), each cell a file.

Usage::

    python tests/explain_libraries_32_figures.py [--sets bk bl] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_bk.CASES + explain_libraries_bl.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. bayesn's model turns on 64-bit floats for the whole process: its cases run each
in a process of their own.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_bk", "explain_libraries_bl"), lambda case: "bayesn" in case.code,
                        "thirty-second held-out set")
