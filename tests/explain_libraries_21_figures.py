"""Figures of ``jaxmagic.explain`` on issue 26's twenty-first held-out set (sets AO and AP), each cell a file.

Usage::

    python tests/explain_libraries_21_figures.py [--sets ao ap] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_ao.CASES + explain_libraries_ap.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. quimb registers its tensor networks as pytrees for the rest of the process once its ``TNOptimizer`` runs
with the jax backend, as the set's other quimb cases do; the case whose error is that an MPS is no pytree yet
runs in a process of its own, as its helper ran it, and the figures are added up. A measurement, not a test; with
``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_ALONE = {"ap-quimb-mps-not-pytree"}  # fails only before quimb has registered its classes with JAX

if __name__ == "__main__":
    report_in_processes(("explain_libraries_ao", "explain_libraries_ap"), lambda case: case.id in _ALONE,
                        "twenty-first held-out set")
