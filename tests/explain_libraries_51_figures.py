"""Figures of ``jaxmagic.explain`` on issue 26's fifty-first held-out set (sets CW and CX), each cell a file.

Usage::

    python tests/explain_libraries_51_figures.py [--sets cw cx] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_cw.CASES + explain_libraries_cx.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. Importing ``vmec_jax.core`` or ``booz_xform_jax`` turns 64-bit floats on for the
whole process (the CX helper checked; the other libraries leave it off): a cell that imports either, or sets the
option itself, gets a process of its own; the other cells of a set share one process, as in a kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_ALONE = ("jax_enable_x64", "vmec_jax", "booz_xform_jax")

if __name__ == "__main__":
    report_in_processes(("explain_libraries_cw", "explain_libraries_cx"),
                        lambda case: any(word in case.code for word in _ALONE),
                        "fifty-first held-out set")
