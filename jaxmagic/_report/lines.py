"""Which line of the cell became which operations: ``report.lines``.

JAX records, for every jaxpr equation, the Python traceback it was created
from; its innermost frame in the cell is the line that produced it. Walking
the jaxpr, nested programs included (:mod:`.._common.jaxpr`), gives each line
its equations, with their output abstract values. Python's line counts while
the function was traced (:mod:`.._tracking.linehits`) tell apart a line that
ran at trace time without producing anything (shape arithmetic, a static
branch, a loop header) from one that never ran, and count the repeats of an
unrolled loop.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Any

from .._common.errors import short_path
from .._common.jaxpr import equations
from .._common.loops import loops_in
from .._common.source import every_node, parse_file
from .._tracking.redefinition import location_namer

__all__ = ["LineOp", "SourceLine", "source_lines", "origin_text"]


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
    origin : str
        Where the user's code made it when that is not this line's file (``In[3]:5``,
        ``models/mlp.py:12``): the body of a jit defined in another cell or module, whose
        call is this line; "" otherwise.
    """

    primitive: str
    outputs: str
    depth: int = 0
    within: str = ""
    function: str = ""
    origin: str = ""

    def __str__(self) -> str:
        return f"{self.primitive}: {self.outputs}" if self.outputs else self.primitive


@dataclasses.dataclass
class SourceLine:
    """One line of the cell and what tracing made of it.

    ``kind`` is ``ops`` (it produced equations), ``trace-time`` (Python ran it
    while tracing, and it produced nothing: its work was done then),
    ``not-run`` (inside a traced function, but Python never reached it), or
    ``outside`` (not in a traced function: ordinary Python), ``continuation``
    (the rest of a statement spanning several lines) or ``failed`` (where a
    trace stopped with a tracing error).
    """

    lineno: int
    text: str
    ops: list[LineOp] = dataclasses.field(default_factory=list)
    runs: int = 0
    kind: str = "outside"
    body_runs: int = 0  # a loop header: how often its body ran while tracing
    body_equations: int = 0  # a loop header: the equations its (unrolled) body became

    @property
    def loop_header(self) -> bool:
        """A Python ``for``/``while`` line."""
        return self.text.lstrip().startswith(("for ", "while "))

    @property
    def summary(self) -> str:
        """The operations in one line: ``sin: f32[3]``, ``×3: mul: f32[3], add: f32[3]``."""
        if self.kind == "continuation":
            return ""
        if self.kind == "failed":
            return "tracing stopped here"
        if self.kind == "trace-time":
            if self.loop_header and self.body_runs:
                return f"a Python loop, run while tracing: its body unrolled ×{self.body_runs:,}"
            return "ran while tracing; no operation" + (f" (×{self.runs})" if self.runs > 1 else "")
        if self.kind == "not-run":
            return "not run while tracing"
        if not self.ops:
            return ""
        shallowest = min(op.depth for op in self.ops)
        top = [op for op in self.ops if op.depth == shallowest]
        repeats = _repeats(top, self.runs)
        pattern = top[: len(top) // repeats]
        text = ", ".join(str(op) for op in pattern[:6]) + (", …" if len(pattern) > 6 else "")
        return f"×{repeats:,}: {text}" if repeats > 1 else text


def _repeats(ops: list[LineOp], runs: int) -> int:
    """How many times the same operations repeat, when they really do (an unrolled loop body)."""
    if runs < 2 or len(ops) % runs:
        return 1
    size = len(ops) // runs
    pattern = [(op.primitive, op.outputs) for op in ops[:size]]
    for start in range(size, len(ops), size):
        if [(op.primitive, op.outputs) for op in ops[start:start + size]] != pattern:
            return 1
    return runs


def _outputs(eqn: Any) -> str:
    parts = []
    for var in eqn.outvars:
        aval = getattr(var, "aval", None)
        try:
            parts.append(aval.str_short(short_dtypes=True))
        except Exception:  # noqa: BLE001
            parts.append(str(aval))
    return ", ".join(parts)


def origin_text(origin: tuple[str, int] | None) -> str:
    """A place of the user's code as a reader names it: ``In[3]:5`` for a cell, ``mlp.py:12`` for a file."""
    if origin is None:
        return ""
    file, line = origin
    namer = location_namer()
    try:
        where = namer(file, line) if namer is not None else f"{short_path(file)}:{line}"
    except Exception:  # noqa: BLE001 - a namer of the front's: the file's own name then
        where = f"{short_path(file)}:{line}"
    cell = re.fullmatch(r"Cell (In\[\d+\]), line (\d+)", where)
    return f"{cell.group(1)}:{cell.group(2)}" if cell else where


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
    covered: dict[str, set[int]] = {}  # function -> lines some earlier trace gave operations
    for entry in traces:
        jaxpr = getattr(entry, "jaxpr", None)
        counted = getattr(entry, "lines_file", None) == filename  # line counts are of the function's own file
        for number in (getattr(entry, "body_lines", ()) if counted else ()) or ():
            if number in by_number and by_number[number].kind == "outside":
                by_number[number].kind = "not-run"
        for number, count in ((getattr(entry, "line_hits", None) if counted else None) or {}).items():
            if number in by_number:
                by_number[number].runs = max(by_number[number].runs, count)
        error = getattr(entry, "error", None)
        if error is not None and getattr(error, "filename", None) == filename and error.lineno in by_number:
            by_number[error.lineno].kind = "failed"
        if jaxpr is None:
            continue
        # a function's later traces repeat its lines: they only add lines no earlier trace reached
        done = covered.setdefault(entry.function, set())
        fresh: set[int] = set()
        for step in equations(jaxpr, filename):
            number = step.line
            if number in by_number and number not in done:
                by_number[number].ops.append(LineOp(
                    step.eqn.primitive.name, _outputs(step.eqn), step.depth, step.within, entry.function,
                    origin_text(step.origin),
                ))
                fresh.add(number)
        done |= fresh
    tree = parse_file(filename)
    _mark_continuations(lines, tree)
    for line in lines:
        if line.kind in ("failed", "continuation"):
            continue
        if line.ops:
            line.kind = "ops"
        elif line.runs and line.kind == "not-run":
            line.kind = "trace-time"
    _loop_bodies(lines, tree)
    return lines


def _mark_continuations(lines: list[SourceLine], tree: ast.AST | None) -> None:
    """Lines after the first of a statement spanning several lines carry no line events of their own."""
    if tree is None:
        return
    by_number = {line.lineno: line for line in lines}
    for node in every_node(tree):
        if not isinstance(node, ast.stmt):
            continue
        body = getattr(node, "body", None)
        last = (body[0].lineno - 1) if isinstance(body, list) and body else (node.end_lineno or node.lineno)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for number in range(node.lineno + 1, last + 1):
            line = by_number.get(number)
            if line is not None and not line.ops and line.kind in ("not-run", "trace-time", "outside"):
                if line.kind != "outside" or by_number.get(node.lineno, line).kind != "outside":
                    line.kind = "continuation"


def _loop_bodies(lines: list[SourceLine], tree: ast.AST | None) -> None:
    """For each loop header: how often its body ran, and how many equations the body became."""
    by_number = {line.lineno: line for line in lines}
    for loop in loops_in(tree):
        header = by_number.get(loop.lineno)
        if header is None or not header.loop_header:
            continue
        first = by_number.get(loop.body_first)
        header.body_runs = first.runs if first is not None else 0
        header.body_equations = sum(
            len(line.ops) for number, line in by_number.items() if loop.holds(number)
        )
