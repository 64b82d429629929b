"""A library's own way to make its classes pytrees, called in place of registering one class by hand.

Some libraries keep their objects out of JAX's pytree registry until asked: quimb's tensor networks become
pytrees only after ``quimb.tensor.jax_register_pytree()``, which registers every tensor-network class at once
(``jax.grad(energy)(psi)`` before it raises ``TypeError: ... MatrixProductState ... is not a valid JAX type``).
Registering the one class with ``jax.tree_util.register_dataclass`` would not flatten it the library's way; its
own function does. It is found among the functions of the value's package already imported that take no
argument and whose name says they register pytrees.
"""
from __future__ import annotations

import inspect
import re
import sys
import types
from typing import Any

from ..explanation import Fix

__all__ = ["library_registration_fix"]

_REGISTERS = re.compile(r"regist\w*pytree|pytree\w*regist", re.I)


def library_registration_fix(value: Any, globals_: dict | None) -> Fix | None:
    """Calling the registration function of the package ``value``'s class comes from, spelled as the user's
    namespace reaches it; None when that package has none."""
    package = (type(value).__module__ or "").split(".", 1)[0]
    if not package or package in ("builtins", "jax", "jaxlib", "numpy"):
        return None
    found = _registration(package)
    if found is None:
        return None
    module, name = found
    spelled = next((f"{alias}.{name}" for alias, held in (globals_ or {}).items()
                    if isinstance(held, types.ModuleType) and getattr(held, name, None) is getattr(module, name)
                    and not alias.startswith("_")), None)
    importing = "" if spelled else f"import {module.__name__}\n"
    spelled = spelled or f"{module.__name__}.{name}"
    return Fix(
        "register-pytree",
        f"{importing}{spelled}()   # once, before the call: {package} registers its classes as pytrees",
        f"`{type(value).__name__}` becomes a pytree when {package} registers it: its own `{name}()` does so for "
        "all its classes, and JAX then traces the arrays it holds",
    )


def _registration(package: str) -> tuple[types.ModuleType, str] | None:
    """(module, function name) of the package's imported function that registers pytrees and takes no argument."""
    for module_name, module in sorted(sys.modules.items()):
        if module is None or not (module_name == package or module_name.startswith(package + ".")):
            continue
        for name, held in vars(module).items():
            if not _REGISTERS.search(name) or not inspect.isfunction(held) or name.startswith("_"):
                continue
            if not (held.__module__ or "").startswith(package):
                continue  # jax.tree_util.register_pytree_node, imported by the library
            try:
                needed = [p for p in inspect.signature(held).parameters.values()
                          if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
            except (TypeError, ValueError):
                continue
            if not needed:
                return module, name
    return None
