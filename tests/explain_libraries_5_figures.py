"""Figures of ``jaxmagic.explain`` on issue 26's fifth held-out set (sets I and J), each cell a file.

Usage::

    python tests/explain_libraries_5_figures.py [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over
``explain_libraries_i.CASES + explain_libraries_j.CASES`` (quadax, gpjax,
jaxley, bayex; mujoco-mjx, jax-cfd, s2fft, qdax), written
and labelled by two helpers who had not read jaxmagic's code. A measurement,
not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit,
it measures that commit's jaxmagic on the same cases.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report  # noqa: E402
from explain_libraries_i import CASES as NINTH  # noqa: E402
from explain_libraries_j import CASES as TENTH  # noqa: E402

CASES = [*NINTH, *TENTH]


def main() -> None:
    import jaxmagic

    report(CASES, f"library cases (fifth held-out set), jaxmagic from {Path(jaxmagic.__file__).parent.parent}")


if __name__ == "__main__":
    main()
