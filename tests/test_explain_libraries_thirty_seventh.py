"""Issue 26, thirty-third round: patterns found by the forty-first held-out set, and a value that holds itself.

- A dict that holds itself, read on the failing line of a leak: jaxlib 0.10's flatten recurses into it, raises
  ``SystemError``, and leaves Python's recursion count about a thousand calls too high for the rest of the session (the
  next deep call in the user's kernel fails). jaxmagic never hands JAX such a container.
"""
from __future__ import annotations

import sys

from corpus_harness import explained_cell

LEAK_DOCS = "https://docs.jax.dev/en/latest/errors.html#jax.errors.UnexpectedTracerError"


def _recursion_depth() -> int:
    """The interpreter's own count of nested calls: the lowest recursion limit it accepts, less one."""
    old = sys.getrecursionlimit()
    low, high = 1, old
    while low < high:
        middle = (low + high) // 2
        try:
            sys.setrecursionlimit(middle)
            high = middle
        except RecursionError:
            low = middle + 1
    sys.setrecursionlimit(old)
    return low - 1


SELF_HOLDING_RUN = """\
import jax
import jax.numpy as jnp

run = {"name": "sweep", "outputs": []}
run["parent"] = run  # a run record that links to itself (a top-level run is its own parent)


def step(x):
    run["outputs"].append(x)
    return x + 1


jax.jit(step)(jnp.ones(3))
run["outputs"][-1] * 2
"""


def test_a_leak_read_through_a_dict_holding_itself_leaves_the_recursion_count_as_it_was(tmp_path):
    before = _recursion_depth()
    found = explained_cell("self-holding-run", LEAK_DOCS, SELF_HOLDING_RUN, tmp_path)
    assert _recursion_depth() == before
    assert (found.kind, found.lineno, found.path) == ("leaked-tracer", 9, "x"), found.message
