"""Figures of ``jaxmagic.explain`` on issue 26's thirty-third held-out set (sets BM and BN), each cell a file.

Usage::

    python tests/explain_libraries_33_figures.py [--sets bm bn] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_bm.CASES + explain_libraries_bn.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. Importing diffsky turns on 64-bit floats for the whole process: its cases run
each in a process of their own.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_bm", "explain_libraries_bn"), lambda case: "diffsky" in case.code,
                        "thirty-third held-out set")
