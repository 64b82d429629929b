"""The jit that decides what is static: ``equinox.filter_jit`` for a Module holding Python values.

Plain ``jax.jit`` traces every leaf of a pytree argument. An equinox Module
keeps Python values among its leaves (a dropout's ``inference`` flag, an
activation function, a count), and library code branches on them in Python.
``equinox.filter_jit`` traces only the arrays and holds every other leaf
static, which is where equinox means that decision to be made.
"""
from __future__ import annotations

import dataclasses
import sys
from typing import Any

import jax

from ..explanation import Fix

__all__ = ["Rejit", "filter_jit_fix", "filter_jit_for_static"]


@dataclasses.dataclass
class Rejit:
    """Recipe: the user's function jitted by another wrapper (its static options dropped: it decides)."""

    wrapper: str


def filter_jit_fix(facts: Any, leaf: str, held: Any, leaf_value: Any, globals_: dict) -> Fix | None:
    """``@eqx.filter_jit`` for ``facts``' function, when ``leaf`` is a Python value inside an equinox Module
    (``held``, the argument) passed to plain ``jax.jit``; None otherwise."""
    equinox = sys.modules.get("equinox")
    if (equinox is None or facts.wrapper != "jax.jit" or not isinstance(held, equinox.Module)
            or facts.transformed is not None or not _python_value(leaf_value)):
        return None
    alias = next((n for n, v in globals_.items() if v is equinox), None)
    spelled = f"{alias or 'eqx'}.filter_jit"
    importing = [] if alias else ["import equinox as eqx"]
    if facts.decorated:
        code = "\n".join([*importing, f"@{spelled}", facts.def_line, "    ...  # the body as it is"])
    else:
        code = "\n".join([*importing, f"{facts.name} = {spelled}({facts.name})"])
    shown = type(leaf_value).__name__ if not callable(leaf_value) else "function"
    return Fix(
        "static", code,
        f"`{leaf}` is a Python {shown} inside the equinox Module `{leaf.split('.', 1)[0].split('[', 1)[0]}`; "
        f"plain jax.jit traces every leaf, so library code that branches on it sees a tracer. "
        f"equinox.filter_jit traces only the arrays and holds the other leaves static",
        recipe=Rejit("equinox.filter_jit"),
    )


def filter_jit_for_static(facts: Any, name: str, value: Any, globals_: dict) -> Fix | None:
    """``@eqx.filter_jit`` for an equinox Module marked static in ``jax.jit``: its arrays make it unhashable,
    and traced whole its Python values (a pixel count) become tracers; filter_jit holds each leaf as it should."""
    equinox = sys.modules.get("equinox")
    if equinox is None or not isinstance(value, equinox.Module):
        return None
    try:
        leaves = jax.tree_util.tree_flatten_with_path(value)[0]
    except Exception:  # noqa: BLE001 - a Module JAX cannot flatten: no such fix
        return None
    held = next(((path, leaf) for path, leaf in leaves if _python_value(leaf)), None)
    if held is None or not any(hasattr(leaf, "shape") for _, leaf in leaves):
        return None
    return filter_jit_fix(facts, name + jax.tree_util.keystr(held[0]), value, held[1], globals_)


def _python_value(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str)) or (callable(value) and not hasattr(value, "shape"))
