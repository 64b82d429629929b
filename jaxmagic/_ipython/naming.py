"""Naming a place in the user's code as a notebook user reads it."""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

__all__ = ["cell_namer", "running_cell_number"]


def _numbers(shell: Any) -> dict[str, int]:
    return getattr(getattr(shell, "compile", None), "_filename_map", None) or {}


def cell_namer(shell: Any) -> Callable[[str, int], str]:
    """``Cell In[3], line 2`` for a cell's file (as IPython's tracebacks say), else ``file:line``."""

    def name(filename: str, lineno: int) -> str:
        number = _numbers(shell).get(filename)
        return f"Cell In[{number}], line {lineno}" if number is not None else f"{filename}:{lineno}"

    return name


def running_cell_number(shell: Any) -> int:
    """The ``In[n]`` of the cell running now, as IPython's own traceback numbers it.

    IPython 8 raises ``execution_count`` after a cell ran, IPython 9 before it
    runs, so the count alone is one too high on 9. The cell's compiled code is
    on the stack under a file name IPython numbered: that number is the one.
    """
    numbers = _numbers(shell)
    frame = sys._getframe(1)
    while frame is not None:
        number = numbers.get(frame.f_code.co_filename)
        if number is not None:
            return number
        frame = frame.f_back
    return shell.execution_count
