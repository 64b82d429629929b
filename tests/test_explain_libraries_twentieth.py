"""Issue 26, eighteenth round: leaks stored by a method of the user's class that library code runs, the
instance made inside the call that hands it over (``dynamic_loss=Decay()``, ``ODETerm(Decay(0.5).field)``).

- The method is found through the user's class, and the call that ran it through the library object that holds
  the instance (a loss object's tuple of terms, reached breadth first), or through the static part of a library's
  ``equinox.filter_jit`` call, whose pytree structure holds the bound method (diffrax's ``diffeqsolve``).
- Where the library uses what the method returns, the returned value cannot be threaded out without breaking it:
  the fix that traced, ``jax.debug.callback`` into the user's own list, comes first.
"""
from __future__ import annotations

import pytest
from corpus_harness import explained_cell, install_library, tried

JINNS_LOSS = "https://github.com/mia-jinns/jinns/blob/main/jinns/loss/_LossODE.py"  # a loss holding the user's term
DIFFRAX_TERMS = "https://docs.kidger.site/diffrax/api/terms/"  # ODETerm(vector_field): any callable, a Module's too

PINNLIB = '''
import jax
import jax.numpy as jnp


class Loss:
    """A loss over the user's residual terms, each vmapped over collocation points (no jit of its own)."""

    def __init__(self, terms, weight=1.0):
        self.weight = weight
        self.history = []
        self.terms = tuple(terms)

    def evaluate(self, params, points):
        total = 0.0
        for term in self.terms:
            residual = jax.vmap(lambda t: term.residual(t, params))(points)
            total = total + self.weight * jnp.mean(residual ** 2)
        return total
'''


@pytest.fixture
def pinnlib(tmp_path, monkeypatch):
    install_library(tmp_path, monkeypatch, "pinnlib_cases", PINNLIB)


TERM_KEPT = """\
import jax
import jax.numpy as jnp
from pinnlib_cases import Loss

residual_log = []

class Decay:
    def residual(self, t, params):
        r = params["k"] * jnp.exp(-t)
        residual_log.append(r)  # kept for a plot
        return r

loss = Loss([Decay()])
total = loss.evaluate({"k": jnp.array(1.0)}, jnp.linspace(0.0, 1.0, 8))
worst = jnp.max(residual_log[0])
"""


def test_a_method_of_an_instance_a_library_object_holds_is_tried_through_the_users_line(tmp_path, pinnlib):
    found = explained_cell("term-kept", JINNS_LOSS, TERM_KEPT, tmp_path)
    assert (found.kind, found.lineno, found.use_lineno) == ("leaked-tracer", 10, 15), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jax.debug.print", True), tried(found)
    assert top.code.endswith("jax.debug.callback(residual_log.append, r)")
    assert "loss.evaluate(" in top.outcome
    import sys
    assert len(sys.modules["jaxmagic_corpus_term_kept"].residual_log) == 1  # the try stored nothing more


@pytest.fixture
def diffrax():
    return pytest.importorskip("diffrax")


FIELD_KEPT = """\
import jax.numpy as jnp
import equinox as eqx
import diffrax

seen = []

class Decay(eqx.Module):
    rate: float

    def field(self, t, y, args):
        dy = -self.rate * y
        seen.append(dy)  # kept to plot later
        return dy

sol = diffrax.diffeqsolve(diffrax.ODETerm(Decay(0.5).field), diffrax.Tsit5(), 0.0, 1.0, 0.1, jnp.ones(3))
total = jnp.stack(seen).sum()
"""


def test_a_method_in_the_static_part_of_a_filter_jit_call_is_tried_through_that_call(tmp_path, diffrax):
    found = explained_cell("field-kept", DIFFRAX_TERMS, FIELD_KEPT, tmp_path)
    assert (found.kind, found.argument, found.lineno) == ("leaked-tracer", "y", 12), tried(found)
    top = found.fixes[0]
    assert (top.kind, top.verified) == ("jax.debug.print", True), tried(found)
    assert "diffrax's jitted call" in top.outcome
    returned = next(f for f in found.fixes if f.kind == "return-value")
    # diffrax checks what the vector field returns: a second output breaks it, and the try says so
    assert returned.verified is False and "same structure" in returned.outcome
