"""Figures of ``jaxmagic.explain`` on issue 26's second held-out set (sets C and D), each cell a file.

Usage::

    python tests/explain_libraries_2_figures.py [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over
``explain_libraries_c.CASES + explain_libraries_d.CASES``: ecosystems that no
earlier set uses (blackjax, dynamax, jax-md, jaxlie, einops, jaxtyping;
flashbax, gymnax, evosax, pgx, quax, penzai, distreqx), written and labelled
by two helpers who had not read jaxmagic's code. A measurement, not a test.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_held_out  # noqa: E402

if __name__ == "__main__":
    report_held_out(('explain_libraries_c', 'explain_libraries_d'), 'second held-out set')
