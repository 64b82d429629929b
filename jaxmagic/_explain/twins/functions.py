"""A call of Python's ``math`` module on a traced value, rewritten to JAX's function of the same name.

``math.factorial(k)`` asks for a Python int, ``math.sqrt(x)`` for a Python
float: a tracer is neither. ``jax.numpy`` and ``jax.scipy.special`` compute the
same on arrays, traced or not; where they name it otherwise, the table says.
"""
from __future__ import annotations

import ast
import math
from typing import Any

import jax.numpy as jnp
import jax.scipy.special as special

from ..._common.source import clone
from ..explanation import Fix
from ..fixes.rewrites import attr
from ..fixes.site import Site, dotted_of, edit_fix

__all__ = ["math_twin_fix"]

# math's names that jax.numpy spells otherwise, or that live in jax.scipy.special
_RENAMED = {"fabs": "jnp.abs", "pow": "jnp.power", "lgamma": "jax.scipy.special.gammaln",
            "gamma": "jax.scipy.special.gamma", "erf": "jax.scipy.special.erf", "erfc": "jax.scipy.special.erfc",
            "factorial": "jax.scipy.special.factorial", "comb": "jax.scipy.special.comb", "fsum": "jnp.sum",
            "isclose": "jnp.isclose", "atan2": "jnp.arctan2", "asin": "jnp.arcsin", "acos": "jnp.arccos",
            "atan": "jnp.arctan", "asinh": "jnp.arcsinh", "acosh": "jnp.arccosh", "atanh": "jnp.arctanh"}


def math_twin_fix(site: Site, node: ast.AST) -> Fix | None:
    """``jax.scipy.special.factorial(k)`` for ``math.factorial(k)``; None when ``node`` calls no ``math``
    function, or JAX has no twin of it."""
    if not isinstance(node, ast.Call):
        return None
    name = _math_function(node, site.globals_ or {})
    twin = _twin(name) if name is not None else None
    if twin is None:
        return None
    spelled = twin.replace("jnp.", f"{site.names.jnp}.", 1) if twin.startswith("jnp.") else \
        twin.replace("jax.", f"{site.names.jax}.", 1)
    new = ast.Call(attr(spelled), clone(node.args), clone(node.keywords))
    return edit_fix(  # Python's own functions, as for min/max/abs: jnp's (NumPy's twin) said beside it
        "jnp-not-builtin", node, new,
        f"Python's `math.{name}` needs a concrete number, and a tracer is not one; `{twin}` computes the same "
        "on arrays, traced or not", extra=("jnp-not-np",),
    )


def _math_function(node: ast.Call, globals_: dict[str, Any]) -> str | None:
    """``factorial`` for ``math.factorial(...)`` or a ``factorial`` imported from ``math``."""
    dotted = dotted_of(node.func) or ""
    head, _, last = dotted.rpartition(".")
    if head and globals_.get(head) is math:
        return last
    if not head and getattr(globals_.get(last), "__module__", None) == "math":
        return last
    return None


def _twin(name: str) -> str | None:
    if name in _RENAMED:
        return _RENAMED[name]
    if hasattr(jnp, name) and callable(getattr(jnp, name)):
        return f"jnp.{name}"
    return f"jax.scipy.special.{name}" if hasattr(special, name) else None
