"""Figures of ``jaxmagic.explain`` on issue 26's fifty-third held-out set (sets DA and DB), each cell a file.

Usage::

    python tests/explain_libraries_53_figures.py [--sets da db] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_da.CASES + explain_libraries_db.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. None of the six libraries turns 64-bit floats on (both helpers checked);
DB runs in its helper's Python 3.12 venv (tjax needs it). A cell that sets the option itself would get a process
of its own. The cells of a set share one process, as in a kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_ALONE = ("jax_enable_x64",)

if __name__ == "__main__":
    report_in_processes(("explain_libraries_da", "explain_libraries_db"),
                        lambda case: any(word in case.code for word in _ALONE),
                        "fifty-third held-out set")
