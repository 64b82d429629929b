"""The imports a fix's code needs and the user's namespace lacks, said in the code itself."""
from __future__ import annotations

import ast
import builtins
from typing import Any

__all__ = ["with_imports"]

# the names fixes use for modules and helpers, and how each is imported
_IMPORTS = {
    "partial": "from functools import partial",
    "functools": "import functools",
    "jax": "import jax",
    "jnp": "import jax.numpy as jnp",
    "lax": "from jax import lax",
    "np": "import numpy as np",
    "eqx": "import equinox as eqx",
    "nnx": "from flax import nnx",
    "checkify": "from jax.experimental import checkify",
}


def with_imports(code: str, globals_: dict | None) -> str:
    """``code`` with an import line above it for each module or helper it uses that ``globals_`` lacks.

    Code that is not plain Python (a ``%%jittrace`` line) is returned as it is.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    known: dict[str, Any] = globals_ or {}
    needed = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            name = node.id
            if (name in _IMPORTS and name not in known and name not in bound and not hasattr(builtins, name)
                    and _IMPORTS[name] not in needed):
                needed.append(_IMPORTS[name])
    return "\n".join([*needed, code]) if needed else code
