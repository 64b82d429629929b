"""Naming a place in the user's code as a notebook user reads it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["cell_namer"]


def cell_namer(shell: Any) -> Callable[[str, int], str]:
    """``Cell In[3], line 2`` for a cell's file (as IPython's tracebacks say), else ``file:line``."""

    def name(filename: str, lineno: int) -> str:
        number = getattr(getattr(shell, "compile", None), "_filename_map", {}).get(filename)
        return f"Cell In[{number}], line {lineno}" if number is not None else f"{filename}:{lineno}"

    return name
