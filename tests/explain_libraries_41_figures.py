"""Figures of ``jaxmagic.explain`` on issue 26's forty-first held-out set (sets CC and CD), each cell a file.

Usage::

    python tests/explain_libraries_41_figures.py [--sets cc cd] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_cc.CASES + explain_libraries_cd.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. A cell that turns on 64-bit floats for the whole process runs in a process of
its own, and so does each cosmologix cell (cosmologix turns them on).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

if __name__ == "__main__":
    report_in_processes(("explain_libraries_cc", "explain_libraries_cd"),
                        lambda case: "jax_enable_x64" in case.code or "cosmologix" in case.code,
                        "forty-first held-out set")
