"""Which lines of the user's code Python ran while JAX traced, and how often.

The teaching view marks lines that ran at trace time but produced no
operation (shape arithmetic, a static branch, a loop's header) and counts
how often an unrolled loop body ran. Python's line events give both; they
are switched on only while a ``%%jittrace`` cell or ``%jittrace`` call is
being traced (never for ordinary calls, never on the hot path), only for
frames of the traced function's own file, and never when another tracer
(a debugger, coverage) is installed.
"""
from __future__ import annotations

import collections
import sys
import threading
from typing import Any

__all__ = ["LineCounter"]

_tls = threading.local()


class LineCounter:
    """Counts line events in frames of one file while active (re-entrant per thread)."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.hits: collections.Counter[int] = collections.Counter()
        self._previous: Any = None
        self._active = False

    def start(self) -> bool:
        previous = sys.gettrace()
        if previous is not None and not getattr(previous, "_jaxmagic", False):
            return False  # a debugger or coverage is tracing: leave it alone
        self._previous = previous
        filename, hits = self.filename, self.hits

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                hits[frame.f_lineno] += 1
            return local

        def global_tracer(frame: Any, event: str, arg: Any) -> Any:
            if frame.f_code.co_filename == filename:
                return local
            return self._previous(frame, event, arg) if self._previous is not None else None

        global_tracer._jaxmagic = True  # type: ignore[attr-defined]
        sys.settrace(global_tracer)
        self._active = True
        return True

    def stop(self) -> dict[int, int]:
        if self._active:
            sys.settrace(self._previous)
            self._active = False
        return dict(self.hits)
