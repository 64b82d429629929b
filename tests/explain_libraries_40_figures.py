"""Figures of ``jaxmagic.explain`` on issue 26's fortieth held-out set (sets CA and CB), each cell a file.

Usage::

    python tests/explain_libraries_40_figures.py [--sets ca cb] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_ca.CASES + explain_libraries_cb.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. A cell that turns on 64-bit floats for the whole process runs in a
process of its own, and so does each jaxmod cell (importing jaxmod turns them on).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_ca", "explain_libraries_cb"),
                        lambda case: "jax_enable_x64" in case.code or "jaxmod" in case.code,
                        "fortieth held-out set")
