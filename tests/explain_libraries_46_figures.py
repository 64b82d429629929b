"""Figures of ``jaxmagic.explain`` on issue 26's forty-sixth held-out set (sets CM and CN), each cell a file.

Usage::

    python tests/explain_libraries_46_figures.py [--sets cm cn] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_cm.CASES + explain_libraries_cn.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. No cell of the set turns 64-bit floats on (checked,
each cell in its own interpreter), so the cells of a set share one process, as in a kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_SETS_64_BIT_FLOATS = ("jax_enable_x64",)

if __name__ == "__main__":
    report_in_processes(("explain_libraries_cm", "explain_libraries_cn"),
                        lambda case: any(word in case.code for word in _SETS_64_BIT_FLOATS),
                        "forty-sixth held-out set")
