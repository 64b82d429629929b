"""Figures of ``jaxmagic.explain`` on the held-out cases of issue 26 (libraries built on JAX), each cell a file.

Usage::

    python tests/explain_libraries_figures.py [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` (kind, argument, line, top fix
acceptable, top fix verified, fixes wrongly marked verified, explain time),
over ``explain_libraries_a.CASES + explain_libraries_b.CASES``. A measurement,
not a test: issue 26 sets the targets these figures are held to.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_held_out  # noqa: E402

if __name__ == "__main__":
    report_held_out(('explain_libraries_a', 'explain_libraries_b'), 'first held-out set')
