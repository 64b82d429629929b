"""XLA's memory analysis of an executable: what each compile's figures are, read when first asked for.

``memory_figures`` names the figures as a reader knows them and leaves out
what a backend reports as 0 or not at all; ``MemoryReading`` holds a new
executable until someone asks for its figures (a snapshot of statistics),
so the few hundred microseconds the analysis costs are not spent inside
every compile.
"""
from __future__ import annotations

import collections
import threading
from typing import Any

__all__ = ["MemoryReading", "memory_figures"]


# XLA's memory analysis, by the name a reader knows each figure by
_MEMORY_FIELDS = (
    ("arguments", "argument_size_in_bytes"),
    ("outputs", "output_size_in_bytes"),
    ("temporaries", "temp_size_in_bytes"),
    ("generated code", "generated_code_size_in_bytes"),
    ("peak", "peak_memory_in_bytes"),
)


def memory_figures(stats: object) -> dict[str, int]:
    """XLA's memory statistics as {figure: bytes}, leaving out what a backend reports as 0 or not at all."""
    found = {}
    for label, field in _MEMORY_FIELDS:
        value = getattr(stats, field, None)
        if isinstance(value, (int, float)) and value > 0:  # 0 is how a backend says "not measured"
            found[label] = int(value)
    return found


class MemoryReading:
    """XLA's memory analysis of one new executable, read when first asked for (a snapshot of its row).

    Reading it costs a few hundred microseconds for a small program, too much to spend inside
    every compile; until then the reading holds the executable, which JAX's own cache holds too.
    At most :data:`_UNREAD` readings wait: past that the oldest is read at once and lets go.
    """

    __slots__ = ("_executable", "_figures")

    def __init__(self, executable: Any) -> None:
        self._executable = executable
        self._figures: tuple[tuple[str, int], ...] = ()
        with _queue:
            if len(_unread) >= _UNREAD:
                oldest = _unread.popleft()
            else:
                oldest = None
            _unread.append(self)
        if oldest is not None:
            oldest.figures()

    def figures(self) -> tuple[tuple[str, int], ...]:
        """(figure, bytes) pairs: what the backend reports, zeros and absent figures left out."""
        with _reading:  # a second thread asking meanwhile waits for the figures, never reads ()
            if self._executable is not None:
                self._figures = _compiled_memory(self._executable)
                self._executable = None
            return self._figures


_UNREAD = 256
_reading = threading.Lock()
_queue = threading.Lock()
_unread: collections.deque[MemoryReading] = collections.deque()


def _compiled_memory(executable: Any) -> tuple[tuple[str, int], ...]:
    """The memory analysis of the executable JAX just compiled (a local of its compiling frame).

    Asking it costs well under a millisecond and no compile. Nothing when the frame did not show it
    (another JAX) or the backend has no memory analysis.
    """
    if executable is None:
        return ()
    try:
        return tuple(memory_figures(executable.get_compiled_memory_stats()).items())
    except Exception:  # noqa: BLE001 - a backend without memory analysis
        return ()
