"""Which lines of the user's code Python ran while JAX traced, and how often.

The teaching view marks lines that ran at trace time but produced no
operation (shape arithmetic, a static branch, a loop's header) and counts
how often an unrolled loop body ran. Python's line events give both; they
are switched on only while a ``%%jittrace`` cell or ``%jittrace`` call is
being traced (never for ordinary calls, never on the hot path), only for
the traced function's own code.

On Python 3.12 and later the events come from ``sys.monitoring``: line
events are switched on for the code objects of the user's file alone (the
function, what it defines, and the functions beside it in its module), under
a tool id of jaxmagic's own, so a debugger's ``sys.settrace`` or coverage's
own tool id run on untouched and nothing else pays for the events. On 3.11,
``sys.settrace`` is used, only for frames of that file, and never when
another tracer (a debugger, coverage) is installed.
"""
from __future__ import annotations

import collections
import sys
import threading
import types
from typing import Any

__all__ = ["LineCounter"]

_MONITORING = getattr(sys, "monitoring", None)  # Python 3.12+


class LineCounter:
    """Counts line events in one file's code while active (re-entrant per thread)."""

    def __init__(self, filename: str, fn: Any = None) -> None:
        self.filename = filename
        self.hits: collections.Counter[int] = collections.Counter()
        self._previous: Any = None
        self._active = False
        self._codes = _codes_of(fn, filename) if _MONITORING is not None and fn is not None else set()
        self._thread = threading.get_ident()

    def start(self) -> bool:
        if self._codes:
            self._active = _TOOL.add(self)
            return self._active
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
            if self._codes:
                _TOOL.remove(self)
            else:
                sys.settrace(self._previous)
            self._active = False
        return dict(self.hits)


def _codes_of(fn: Any, filename: str) -> set[types.CodeType]:
    """The code objects of ``filename`` a trace of ``fn`` may run: ``fn``'s, those of the functions and
    classes beside it in its module, and every code object nested in them (lambdas, inner defs)."""
    roots: list[types.CodeType] = []
    code = getattr(fn, "__code__", None)
    if code is not None:
        roots.append(code)
    for value in list(getattr(fn, "__globals__", {}).values()):
        for candidate in (value, *vars(value).values()) if isinstance(value, type) else (value,):
            inner = getattr(getattr(candidate, "__func__", candidate), "__code__", None)
            if isinstance(inner, types.CodeType) and inner.co_filename == filename:
                roots.append(inner)
    found: set[types.CodeType] = set()
    while roots:
        code = roots.pop()
        if code in found or code.co_filename != filename:
            continue
        found.add(code)
        roots.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return found


class _Tool:
    """jaxmagic's one ``sys.monitoring`` tool: line events on the code objects active counters watch."""

    def __init__(self) -> None:
        self.id: int | None = None
        self.counters: list[LineCounter] = []
        self.watched: collections.Counter[types.CodeType] = collections.Counter()
        self.lock = threading.Lock()

    def add(self, counter: LineCounter) -> bool:
        monitoring = _MONITORING
        with self.lock:
            if self.id is None:
                free = next((i for i in (3, 4, 2, 5) if monitoring.get_tool(i) is None), None)
                if free is None:
                    return False  # every tool id taken: no line counts this time
                monitoring.use_tool_id(free, "jaxmagic")
                monitoring.register_callback(free, monitoring.events.LINE, self._line)
                self.id = free
            for code in counter._codes:
                if not self.watched[code]:
                    monitoring.set_local_events(self.id, code, monitoring.events.LINE)
                self.watched[code] += 1
            self.counters.append(counter)
        return True

    def remove(self, counter: LineCounter) -> None:
        monitoring = _MONITORING
        with self.lock:
            if counter in self.counters:
                self.counters.remove(counter)
            for code in counter._codes:
                self.watched[code] -= 1
                if self.watched[code] <= 0:
                    del self.watched[code]
                    if self.id is not None:
                        monitoring.set_local_events(self.id, code, 0)
            if not self.counters and self.id is not None:
                monitoring.register_callback(self.id, monitoring.events.LINE, None)
                monitoring.free_tool_id(self.id)
                self.id = None

    def _line(self, code: types.CodeType, line: int) -> None:
        thread = threading.get_ident()
        for counter in self.counters:
            if counter._thread == thread and code in counter._codes:
                counter.hits[line] += 1


_TOOL = _Tool()
