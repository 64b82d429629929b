"""Figures of ``jaxmagic.explain`` on issue 26's fifty-fourth held-out set (sets DC and DD), each cell a file.

Usage::

    python tests/explain_libraries_54_figures.py [--sets dc dd] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_dc.CASES + explain_libraries_dd.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. Importing diffilqrax turns JAX's 64-bit mode on, and the jaxGW cells turn it
on themselves (its detector presets overflow 32-bit integers): each such cell runs in a process of its own, so that
it changes no other cell. The other cells of a set share one process, as in a kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_ALONE = ("jax_enable_x64", "diffilqrax")

if __name__ == "__main__":
    report_in_processes(("explain_libraries_dc", "explain_libraries_dd"),
                        lambda case: any(word in case.code for word in _ALONE),
                        "fifty-fourth held-out set")
