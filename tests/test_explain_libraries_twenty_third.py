"""Issue 26, twenty-first round: what the twenty-sixth held-out set found, each as a reduction of its own.

- A static fix for a function the user jitted under a name of its own (``fast = jax.jit(scale)``; the
  twenty-fifth set's ``to_rep = jax.jit(cx.vconvert)``): the options go on the user's statement, which keeps
  its name, never ``scale = jax.jit(scale, ...)``, which leaves the name the user calls unchanged.
"""
from __future__ import annotations

from corpus_harness import explained_cell, tried

STATIC_ARGNAMES = "https://docs.jax.dev/en/latest/jit-compilation.html#marking-arguments-as-static"

RENAMED = """\
import jax
import jax.numpy as jnp

def scale(x, n):
    for _ in range(n):
        x = x * 2
    return x

fast = jax.jit(scale)
fast(jnp.ones(3), 3)
"""


def test_a_static_fix_goes_on_the_statement_that_jitted_the_function_under_its_own_name(tmp_path):
    found = explained_cell("renamed-jit", STATIC_ARGNAMES, RENAMED, tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    assert (found.argument, static.verified) == ("n", True), tried(found)
    assert static.code == "fast = jax.jit(scale, static_argnames='n')", static.code
    namespace: dict = {}
    exec(RENAMED.rsplit("\n", 2)[0].replace("fast = jax.jit(scale)", static.code) + "\nout = fast(jnp.ones(3), 3)",
         namespace)
    assert namespace["out"].tolist() == [8.0, 8.0, 8.0]


def test_a_function_rebound_to_its_own_name_keeps_the_short_static_fix(tmp_path):
    found = explained_cell("rebound-jit", STATIC_ARGNAMES, RENAMED.replace("fast", "scale"), tmp_path)
    static = next(f for f in found.fixes if f.kind == "static")
    assert static.code == "scale = jax.jit(scale, static_argnames='n')", static.code
