"""Figures of ``jaxmagic.explain`` on issue 26's twenty-second held-out set (sets AQ and AR), each cell a file.

Usage::

    python tests/explain_libraries_22_figures.py [--sets aq ar] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_aq.CASES + explain_libraries_ar.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. jinns freezes the fields of its ``EqParams`` class at the first ``Params`` a process builds, and a later
one with other fields raises ``ValueError`` (its ``DictToModuleMeta``); each jinns case runs in a process of its
own, as its helper ran it, and the figures are added up. A measurement, not a test; with ``PYTHONPATH`` pointing
at a checkout of an earlier commit, it measures that commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_aq", "explain_libraries_ar"), lambda case: case.id.startswith("aq-jinns-"),
                        "twenty-second held-out set")
