"""Issue 26, thirty-fourth round: patterns found by the forty-second held-out set, and mends noted last round.

Noted last round:

- A leaf of a pytree argument read as a Python number by a library under ``jax.grad`` with no jit (bilby's NumPy
  likelihoods): the static fix wrapped the gradient in a ``jax.jit`` only to make the leaf static. ``grad`` traces
  only the arguments it differentiates, so the leaf passed by keyword stays a Python value: no jit is needed.
- A function stored on the way out of a trace (``operators["R"] = partial(grid, uvw, 2.0)``): printing it with
  ``jax.debug.callback`` was offered, but a ``functools.partial`` is no array and no pytree; nothing to print.
"""
from __future__ import annotations

from corpus_harness import explained_cell, install_library, tried
from test_explain_libraries_thirty_seventh import BILBY, GRADIENT_OF_NUMPY, JAXBIND, NUMPY_LIKELIHOOD, OPERATOR_STORED


def test_a_leaf_under_grad_alone_is_passed_by_keyword_with_no_jit_added(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "toy_numpy_likelihood", NUMPY_LIKELIHOOD)
    found = explained_cell("gradient-of-numpy", BILBY, GRADIENT_OF_NUMPY, tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    assert "jax.jit" not in static.code, tried(found)
    assert "jax.grad(log_like)(theta, sigma=theta['sigma'])" in static.code, static.code
    assert "pass 'sigma' by keyword" in static.code, static.code


def test_a_stored_function_is_not_offered_to_a_printing_callback(tmp_path):
    found = explained_cell("operator-stored", JAXBIND, OPERATOR_STORED, tmp_path)
    assert [f.kind for f in found.fixes] == ["return-value"], tried(found)
    assert found.fixes[0].verified, tried(found)
