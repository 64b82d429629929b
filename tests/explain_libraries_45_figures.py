"""Figures of ``jaxmagic.explain`` on issue 26's forty-fifth held-out set (sets CK and CL), each cell a file.

Usage::

    python tests/explain_libraries_45_figures.py [--sets ck cl] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_ck.CASES + explain_libraries_cl.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. A cell that turns on 64-bit floats for the whole process runs in a process of
its own: piquasso's ``JaxConnector`` turns them on when it is made (checked, each cell in its own interpreter; no
library of the set turns them on when imported), so each piquasso cell runs alone, as in a kernel that made one.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_SETS_64_BIT_FLOATS = ("jax_enable_x64", "JaxConnector")

if __name__ == "__main__":
    report_in_processes(("explain_libraries_ck", "explain_libraries_cl"),
                        lambda case: any(word in case.code for word in _SETS_64_BIT_FLOATS),
                        "forty-fifth held-out set")
