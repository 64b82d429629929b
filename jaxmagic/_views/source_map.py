"""The teaching view: the cell's lines beside the equations they became (a ``SourceMap`` block).

Long programs stay readable: beyond :data:`SHOWN` equations the listing keeps
its first and last parts and sums up the middle by source line (``line 6:
2,500 more``); the whole program stays available in the trace's own jaxpr.
"""
from __future__ import annotations

import collections
import itertools
from typing import Any

from .._common.jaxpr import Equation, EquationPrinter, walk
from .._render.document import SourceMap
from .._report.entries import TraceReport
from .._report.lines import SourceLine, origin_text

__all__ = ["source_map_block", "SHOWN"]

SHOWN = 300  # equations listed in full; more are summarised
_HEAD, _TAIL = 200, 60
_SUMMED_LINES = 40  # source lines named in the summary of the middle; the rest are counted together


def source_map_block(report: TraceReport, lines: list[SourceLine] | None = None) -> SourceMap | None:
    """The source map of a report's cell, or None when no line became an operation or ran while tracing."""
    if report.filename is None or not report.traces:
        return None
    lines = report.lines if lines is None else lines
    if not any(line.ops or line.kind == "trace-time" for line in lines):
        return None
    rows = tuple((line.lineno, line.text, line.summary, line.kind) for line in lines if line.text.strip())
    equations: list[tuple[int | None, int, str]] = []
    listed = [e for e in report.traces if e.jaxpr is not None and e.error is None]
    # the same program traced again (a new function object each time) is listed once, with the count
    for (function, _), run in itertools.groupby(listed, key=lambda e: (e.function, e.jaxpr_text)):
        first, repeats = next(run), 1 + sum(1 for _ in run)
        equations.append((None, 0, f"{function} (traced {repeats} times, the same program):"
                          if repeats > 1 else f"{function}:"))
        equations += _equation_rows(first.jaxpr.jaxpr, report.filename, first.var_names)
    total = sum(1 for _, _, text in equations if " = " in text)
    programs = sum(1 for n, depth, _ in equations if n is None and depth == 0)
    if len(equations) <= SHOWN:
        return SourceMap(rows, tuple(equations), "", total, programs)
    full = ""  # the whole program is the trace's own jaxpr, shown on demand there
    middle = equations[_HEAD:-_TAIL]
    per_line = collections.Counter(n for n, _, _ in middle)
    ranked = per_line.most_common()
    summary = [
        (n, 0, f"\u2026 line {n}: {_more(count)}" if n is not None else f"\u2026 {_more(count)}")
        for n, count in ranked[:_SUMMED_LINES]
    ]
    if len(ranked) > _SUMMED_LINES:  # a long cell of its own: name the busiest lines, count the others
        rest = ranked[_SUMMED_LINES:]
        summary.append((None, 0, f"\u2026 {_more(sum(c for _, c in rest))} from {len(rest):,} other lines"))
    return SourceMap(rows, tuple(equations[:_HEAD] + summary + equations[-_TAIL:]), full, total, programs)


def _more(count: int) -> str:
    return f"{count:,} more equation{'s' if count != 1 else ''}"


def _equation_rows(jaxpr: Any, filename: str, names: dict) -> list[tuple[int | None, int, str]]:
    """The equations as rows, nested ones labelled by their role (``branches[0]``, ``body_jaxpr``).

    Variables carry the names JAX gave them when it printed the trace's
    jaxpr (``names``), so the two listings of a report agree.
    """
    printer = EquationPrinter(names)
    printer.variables(jaxpr.invars)  # the arguments are named first, as in JAX's listing
    rows: list[tuple[int | None, int, str]] = []
    for step in walk(jaxpr, filename):
        if isinstance(step, Equation):
            # the body of a jit defined in another cell or module: placed on the line that called it, and
            # tagged with its own line there
            made = f"  \u2190 {origin_text(step.origin)}" if step.origin is not None else ""
            rows.append((step.line, 1 + 2 * step.depth, printer.equation(step.eqn) + made))
            continue
        inner = getattr(step.jaxpr, "jaxpr", step.jaxpr)
        names = printer.variables(inner.invars)
        rows.append((step.line, 2 + 2 * step.depth, f"{step.label}: \u03bb {names}".rstrip() + " \u2192"))
    return rows
