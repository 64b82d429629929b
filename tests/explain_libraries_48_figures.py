"""Figures of ``jaxmagic.explain`` on issue 26's forty-eighth held-out set (sets CQ and CR), each cell a file.

Usage::

    python tests/explain_libraries_48_figures.py [--sets cq cr] [--markdown FILE]

The same figures as ``explain_fresh_figures.py`` over ``explain_libraries_cq.CASES + explain_libraries_cr.CASES``
(the libraries named in each set's docstring), written and labelled by two helpers who had not read jaxmagic's
code. A measurement, not a test; with ``PYTHONPATH`` pointing at a checkout of an earlier commit, it measures that
commit's jaxmagic on the same cases. gwpopulation's ``set_backend("jax")`` and importing mcfit turn 64-bit floats
on (checked, each cell in its own interpreter), and SciPy reads ``SCIPY_ARRAY_API`` once, when first imported: the
cells that use either library or set the variable get a process of their own; the other cells of a set share one
process, as in a kernel.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from explain_fresh_figures import report_in_processes  # noqa: E402

# 64-bit floats: the option itself, gwpopulation's JAX backend and mcfit's import turn them on; SciPy's array-API
# support is read from SCIPY_ARRAY_API when SciPy is first imported, which each SciPy cell sets first
_ALONE = ("jax_enable_x64", 'set_backend("jax"', "set_backend('jax'", "mcfit", "SCIPY_ARRAY_API")

if __name__ == "__main__":
    report_in_processes(("explain_libraries_cq", "explain_libraries_cr"),
                        lambda case: any(word in case.code for word in _ALONE),
                        "forty-eighth held-out set")
