"""Issue 26, twenty-fifth round: patterns the thirty-second held-out set left unfixed, each as a reduction of its own.

- A window of rows cut by a traced mask from two arrays, one a JAX value and one a NumPy array the cell made
  (bayesn's phase window: ``t[keep]``, then ``flux[keep]`` on the next line). The preferred fix for the first line
  gets past it and meets NumPy's own conversion of the mask on the second (an array-conversion error, the same
  selection by a mask): that line is given the same ``jnp.where``, and the two are tried together.
"""
from __future__ import annotations

from corpus_harness import explained_cell, tried

BAYESN = "https://github.com/bayesn/bayesn"  # SEDmodel.fit cuts observations to the model's phase window

WINDOW = """\
import jax
import jax.numpy as jnp
import numpy as np

days = np.linspace(0.0, 60.0, 12)
counts = np.arange(12.0)

@jax.jit
def window(peak):
    t = days - peak
    keep = (t > -10.0) & (t < 40.0)
    inside = t[keep]
    return inside, counts[keep]

window(15.0)
"""


def test_a_numpy_array_cut_by_the_same_traced_mask_on_the_next_line_is_masked_alike(tmp_path):
    found = explained_cell("window-two-arrays", BAYESN, WINDOW, tmp_path)
    top = found.fixes[0]
    assert (found.kind, found.lineno, top.kind, top.verified) == ("boolean-index", 12, "jnp.where", True), tried(found)
    assert "jnp.where(keep, counts, 0)" in top.code, top.code
