"""Hashable versions of a static value: a library's twin of its mutable class (``FrozenConfigDict``), or by type.

A configuration object passed static must be hashable, and compared by value so
that equal configurations share one compile. Libraries that make mutable
configurations often ship the frozen one beside it, named ``Frozen<Class>``.
"""
from __future__ import annotations

import re
import sys
from typing import Any

from ..explanation import Fix

__all__ = ["frozen_twin", "hashable_by_type"]


def frozen_twin(value: Any, globals_: dict) -> tuple[str, Any] | None:
    """``(ml_collections.FrozenConfigDict, the frozen value)`` for a value whose library defines a hashable
    ``Frozen<Class>`` next to its class, spelled through the user's import of that library."""
    cls = type(value)
    package = (cls.__module__ or "").split(".", 1)[0]
    module = sys.modules.get(package)
    twin = getattr(module, f"Frozen{cls.__name__}", None) if package not in ("builtins", "") else None
    if not isinstance(twin, type):
        return None
    try:
        made = twin(value)
        hash(made)
    except Exception:  # noqa: BLE001 - a twin that does not take this value, or is not hashable after all
        return None
    alias = next((n for n, v in globals_.items() if v is module), None)
    if alias is not None:
        return f"{alias}.{twin.__name__}", made
    held = next((n for n, v in globals_.items() if v is twin), None)
    return (held or f"{package}.{twin.__name__}"), made


def hashable_by_type(message: str, fname: str, name: str) -> Fix | None:
    """With the value unknown, JAX's message still names its type."""
    match = re.search(r"of type <class '([\w.]+)'>", message)
    if match is None:
        return None
    kind = match.group(1).rsplit(".", 1)[-1]
    if kind in ("ndarray", "ArrayImpl", "Array"):
        return None  # an array: passing it traced comes first
    code = {"list": "tuple(...)", "set": "frozenset(...)", "dict": "tuple(sorted(d.items()))"}.get(kind)
    if code is not None:
        return Fix("hashable-static", f"{fname}(..., {name}={code})",
                   f"static arguments are keys of JAX's compile cache, so they must be hashable: pass a "
                   f"hashable version of this {kind}")
    return Fix(
        "hashable-static", f"@dataclasses.dataclass(frozen=True)\nclass {kind}: ...",
        f"`{kind}` is not hashable; a frozen dataclass (or a class with __hash__ and __eq__) is, and is "
        "compared by value",
    )
