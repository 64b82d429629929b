"""Figures of ``jaxmagic.explain`` on issue 26's forty-seventh held-out set (sets CO and CP), each cell a file.

Usage::

    python tests/explain_libraries_47_figures.py [--sets co cp] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_co.CASES + explain_libraries_cp.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. Importing deepmd-kit turns 64-bit floats on, and so does pyfixest's
``demean_jax`` when it runs (checked, each cell in its own interpreter): the cells that use either get a process
of their own; the other cells of a set share one process, as in a kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

_SETS_64_BIT_FLOATS = ("jax_enable_x64", "deepmd", "demean_jax")  # the option itself, and two libraries that set it

if __name__ == "__main__":
    report_in_processes(("explain_libraries_co", "explain_libraries_cp"),
                        lambda case: any(word in case.code for word in _SETS_64_BIT_FLOATS),
                        "forty-seventh held-out set")
