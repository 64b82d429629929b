"""Figures of ``jaxmagic.explain`` on issue 26's nineteenth held-out set (sets AK and AL), each cell a file.

Usage::

    python tests/explain_libraries_19_figures.py [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over
``explain_libraries_ak.CASES + explain_libraries_al.CASES`` (the libraries named in each set's docstring),
written and labelled by two helpers who had not read jaxmagic's code. A measurement, not a test; with
``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_held_out  # noqa: E402

if __name__ == "__main__":
    report_held_out(tuple(m for m in ("explain_libraries_ak", "explain_libraries_al")
                          if (Path(__file__).parent / f"{m}.py").exists()), "nineteenth held-out set")
