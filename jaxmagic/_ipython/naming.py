"""Naming a place in the user's code as a notebook user reads it."""
from __future__ import annotations

import linecache
import sys
from collections.abc import Callable
from typing import Any

from .._common.errors import short_path

__all__ = ["cell_namer", "running_cell_number", "typed_lines"]


def _numbers(shell: Any) -> dict[str, int]:
    return getattr(getattr(shell, "compile", None), "_filename_map", None) or {}


def cell_namer(shell: Any) -> Callable[[str, int], str]:
    """``Cell In[3], line 2`` for a cell's file (as IPython's tracebacks say), else ``file:line`` with the
    file named from its import root (``models/mlp.py:10``, never an absolute path)."""

    def name(filename: str, lineno: int) -> str:
        number = _numbers(shell).get(filename)
        return f"Cell In[{number}], line {lineno}" if number is not None else f"{short_path(filename)}:{lineno}"

    return name


def running_cell_number(shell: Any) -> int:
    """The ``In[n]`` of the cell running now, as IPython's own traceback numbers it.

    IPython 8 raises ``execution_count`` after a cell ran, IPython 9 before it
    runs, so the count alone is one too high on 9. The cell's compiled code is
    the outermost frame under a file name IPython numbered: that number is the one.
    """
    numbers = _numbers(shell)
    found = None
    frame = sys._getframe(1)
    while frame is not None:  # the outermost: a helper from an earlier cell may call the magic
        found = numbers.get(frame.f_code.co_filename, found)
        frame = frame.f_back
    return found if found is not None else shell.execution_count


def typed_lines(shell: Any) -> Callable[[str], list[str] | None]:
    """A cell's lines as the user typed them, magics included, for a file name IPython gave a cell.

    IPython compiles the transformed cell (``get_ipython().run_line_magic(...)``)
    and keeps the typed one in its history; the typed lines are given only
    when the history's transformed text is the very text that was compiled.
    """

    def lines(filename: str) -> list[str] | None:
        number = _numbers(shell).get(filename)
        history = getattr(shell, "history_manager", None)
        if number is None or history is None:
            return None
        parsed, raw = history.input_hist_parsed, history.input_hist_raw
        if not (0 < number < len(parsed) and number < len(raw)):
            return None
        compiled = parsed[number].splitlines()
        if compiled != [line.rstrip("\n") for line in linecache.getlines(filename)]:
            return None
        typed = raw[number].splitlines()
        while len(typed) > len(compiled) and typed and not typed[0].strip():
            typed.pop(0)  # IPython drops a cell's leading blank lines before it compiles the cell
        return [line + "\n" for line in typed]

    return lines
