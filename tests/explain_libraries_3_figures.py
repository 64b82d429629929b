"""Figures of ``jaxmagic.explain`` on issue 26's third held-out set (sets E and F), each cell a file.

Usage::

    python tests/explain_libraries_3_figures.py [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over
``explain_libraries_e.CASES + explain_libraries_f.CASES``: ecosystems that no
earlier set uses, written and labelled by two helpers who had not read
jaxmagic's code (see each module's docstring for the libraries and versions).
A measurement, not a test. With ``PYTHONPATH`` pointing at a checkout of an
earlier commit, it measures that commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_held_out  # noqa: E402

if __name__ == "__main__":
    report_held_out(('explain_libraries_e', 'explain_libraries_f'), 'third held-out set')
