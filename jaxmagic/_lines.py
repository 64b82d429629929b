"""Which line of the cell became which operations: ``report.lines``.

JAX records, for every jaxpr equation, the Python traceback it was created
from; its innermost user frame is the line of the cell that produced it.
Walking the jaxpr (and the jaxprs nested in ``cond``, ``while``, ``scan``,
inner ``jit``, ``custom_jvp``/``custom_vjp`` equations) gives each line its
equations, with their output abstract values. Python's line counts while the
function was traced (:mod:`._linehits`) tell apart a line that ran at trace
time without producing anything (shape arithmetic, a static branch, a loop
header) from one that never ran, and count the repeats of an unrolled loop.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

__all__ = ["LineOp", "SourceLine", "source_lines", "equations_with_lines"]


@dataclasses.dataclass(frozen=True)
class LineOp:
    """One equation a line produced.

    Attributes
    ----------
    primitive : str
        The primitive's name (``sin``, ``cond``).
    outputs : str
        Its output abstract values as JAX prints them (``f32[3]``).
    depth : int
        0 at the top of the traced function's jaxpr; 1 inside a ``cond``
        branch, a loop body or an inner ``jit``, and so on.
    within : str
        The equation it is nested in (``cond``, ``while``, ``pjit``), or "".
    function : str
        The traced function whose jaxpr holds it.
    """

    primitive: str
    outputs: str
    depth: int = 0
    within: str = ""
    function: str = ""

    def __str__(self) -> str:
        return f"{self.primitive}: {self.outputs}" if self.outputs else self.primitive


@dataclasses.dataclass
class SourceLine:
    """One line of the cell and what tracing made of it.

    ``kind`` is ``ops`` (it produced equations), ``trace-time`` (Python ran it
    while tracing, and it produced nothing: its work was done then),
    ``not-run`` (inside a traced function, but Python never reached it), or
    ``outside`` (not in a traced function: ordinary Python).
    """

    lineno: int
    text: str
    ops: list[LineOp] = dataclasses.field(default_factory=list)
    runs: int = 0
    kind: str = "outside"

    @property
    def summary(self) -> str:
        """The operations in one line: ``sin: f32[3]``, ``×3: mul: f32[3], add: f32[3]``."""
        if self.kind == "trace-time":
            if self.text.lstrip().startswith(("for ", "while ")) and self.runs > 1:
                return f"a Python loop, run while tracing: its body unrolled ×{self.runs - 1:,}"
            return "ran while tracing; no operation" + (f" (×{self.runs})" if self.runs > 1 else "")
        if self.kind == "not-run":
            return "not run while tracing"
        if not self.ops:
            return ""
        shallowest = min(op.depth for op in self.ops)
        top = [op for op in self.ops if op.depth == shallowest]
        repeats = self.runs if self.runs > 1 and len(top) % self.runs == 0 else 1
        pattern = top[: len(top) // repeats]
        text = ", ".join(str(op) for op in pattern[:6]) + (", …" if len(pattern) > 6 else "")
        return f"×{repeats:,}: {text}" if repeats > 1 else text


def equations_with_lines(jaxpr: Any, filename: str, depth: int = 0, within: str = "") -> Iterator[tuple[Any, int | None, int, str]]:
    """Every equation of ``jaxpr`` and its nested jaxprs, with its line in ``filename`` (or None)."""
    from jax._src import core, source_info_util

    for eqn in jaxpr.eqns:
        line = None
        try:
            frame = source_info_util.user_frame(eqn.source_info.traceback)
        except Exception:  # noqa: BLE001 - JAX internals differ between versions
            frame = None
        if frame is not None and frame.file_name == filename:
            line = frame.start_line
        yield eqn, line, depth, within
        for sub in core.jaxprs_in_params(eqn.params):
            yield from equations_with_lines(sub, filename, depth + 1, eqn.primitive.name)


def _outputs(eqn: Any) -> str:
    parts = []
    for var in eqn.outvars:
        aval = getattr(var, "aval", None)
        try:
            parts.append(aval.str_short(short_dtypes=True))
        except Exception:  # noqa: BLE001
            parts.append(str(aval))
    return ", ".join(parts)


def source_lines(source: str, filename: str, traces: list[Any], first_line: int = 1) -> list[SourceLine]:
    """The cell's lines with the equations each produced, over every trace in ``traces``.

    Parameters
    ----------
    source : str
        The cell's text as the user sees it (line ``first_line`` first).
    filename : str
        The file name the cell was compiled under.
    traces : list of TraceEntry
        Entries with ``jaxpr`` and ``line_hits`` and ``body_lines``.
    """
    lines = [SourceLine(first_line + i, text) for i, text in enumerate(source.splitlines())]
    by_number = {line.lineno: line for line in lines}
    seen: set[str] = set()
    for entry in traces:
        if entry.function in seen:
            continue  # a function's later traces repeat its lines: the first one shows them
        jaxpr = getattr(entry, "jaxpr", None)
        if jaxpr is not None:
            seen.add(entry.function)
        for number in getattr(entry, "body_lines", ()) or ():
            if number in by_number and by_number[number].kind == "outside":
                by_number[number].kind = "not-run"
        for number, count in (getattr(entry, "line_hits", None) or {}).items():
            if number in by_number:
                by_number[number].runs = max(by_number[number].runs, count)
        if jaxpr is None:
            continue
        for eqn, number, depth, within in equations_with_lines(jaxpr.jaxpr, filename):
            if number in by_number:
                by_number[number].ops.append(LineOp(eqn.primitive.name, _outputs(eqn), depth, within, entry.function))
    for line in lines:
        if line.ops:
            line.kind = "ops"
        elif line.runs and line.kind == "not-run":
            line.kind = "trace-time"
    return lines
