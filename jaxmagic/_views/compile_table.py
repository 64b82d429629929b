"""The recompile table, as a document: one row per function, each opening to its history.

The panel (``jaxmagic._ipython.panel``) shows the HTML; terminals and ``jupyter execute``
get the same table as text.
"""
from __future__ import annotations

import os
import re
import time

from .._render.display import layout_for
from .._render.document import Code, Document, Fold, Heading, Paragraph, Section, Span, Table, spans
from .._render.html import to_html
from .._render.numbers import duration, size
from .._render.text import to_text, visible
from .._render.timeline import timeline
from .._tracking.stats import Advice, FunctionStats, Recompile

__all__ = [
    "stats_document",
    "stats_text",
    "stats_html",
    "history_html",
    "history_title",
    "has_history",
    "reset_html",
    "advice_sentence",
    "table_order",
    "compile_line",
    "phase_text",
    "time_cell",
]

_SHOWN_EVENTS = 50  # compiles listed per function, newest last
_NEWEST = 10  # of those, shown open; the older ones fold away


def advice_sentence(advice: Advice) -> str:
    """The advice as a short sentence for the table (its message says it in full)."""
    what = advice.path or ""
    sentences = {
        "static-churn": f"make {what or 'the static argument'} traced: each new value compiles again",
        "shape-churn": f"pad {what or 'the input'} to a few sizes: each new size compiles again",
        "weak-type-flip": f"pass {what or 'the value'} one way (a Python number or an array), not both",
        "redefined-function": "jit once, outside the loop: each new function object compiles again",
        "unrolled-loop": "a Python loop is unrolled into the program: use lax.fori_loop or lax.scan",
    }
    return sentences.get(advice.kind, advice.kind)


def stats_document(rows: list[FunctionStats], *, history: bool = True, title: str = "jaxmagic: compiles") -> Document:
    """The compile table of ``rows``, most compiles first; with ``history``, each row's compiles and advice."""
    blocks: list = [Heading(spans(title))]
    if not rows:
        blocks.append(Paragraph(spans("No jitted function has compiled yet."), "note"))
        return Document(tuple(blocks))
    ordered = table_order(rows)
    table_rows = []
    for row in ordered:
        advice = "; ".join(advice_sentence(a) for a in row.advice)
        line = timeline(((e.when, e.compile_seconds) for e in row.events), total=row.compiles)
        table_rows.append((
            (Span(row.name, "name"),),
            (Span(short_place(row.where or ""), "muted", hint=row.where or ""),),
            (Span(str(row.compiles)),),
            (Span(str(row.traces)),),
            (Span(time_cell(row), hint=row.time_summary),),
            (line,) if line is not None and row.compiles > 1 else (),
            _reason_cell(row),
            (Span(advice, "error"),) if advice else (),
        ))
    blocks.append(Table(("function", "defined at", "compiles", "traces", "compile time", "compiles over time",
                         "last reason", "advice"), tuple(table_rows), stack=True))
    if history:
        for row in ordered:
            if has_history(row):
                blocks.append(_history(row))
    return Document(tuple(blocks))


def time_cell(row: FunctionStats) -> str:
    """The table's time column: compiling, then tracing and lowering, and the compiles read from disk."""
    if not row.compiles:
        return ""  # traced, never compiled (a failed trace): no time to show, never a misleading 0
    parts = [duration(row.compile_seconds)]
    if row.trace_seconds:
        parts.append(f"trace {duration(row.trace_seconds)}")
    if row.lower_seconds:
        parts.append(f"lower {duration(row.lower_seconds)}")
    if row.from_disk_cache:
        parts.append(f"{row.from_disk_cache} from disk cache")
    return " \u00b7 ".join(parts)


def compile_line(event: Recompile) -> str:
    """One compile as the history lists it: id, reason, then where its time went."""
    return f"{event.id or '?'}  {event.reason}   [{phase_text(event)}, at {time.strftime('%H:%M:%S', time.localtime(event.when))}]"


def phase_text(event: Recompile) -> str:
    """``compile 27 ms, trace 4 ms, lowering 6 ms`` (or ``from disk cache 1 ms, ...``): phases JAX reported."""
    took = duration(event.compile_seconds) if event.compile_seconds is not None else "?"
    parts = [f"{'from disk cache' if event.from_disk_cache else 'compile'} {took}"]
    if event.trace_seconds is not None:
        parts.append(f"trace {duration(event.trace_seconds)}")
    if event.lower_seconds is not None:
        parts.append(f"lowering {duration(event.lower_seconds)}")
    return ", ".join(parts)


def _reason_cell(row: FunctionStats) -> tuple:
    if not row.tracked:
        return (Span("(reason unknown: counts only)", "muted"),)
    if not row.compiles:
        return (Span("no compile yet", "muted"),)
    return (Span(row.last_reason, "code"),)


def short_place(where: str) -> str:
    """``In[3]:2`` for ``Cell In[3], line 2``, ``model.py:10`` for a path: short enough for a narrow column."""
    cell = re.fullmatch(r"Cell (In\[\d+\]), line (\d+)", where)
    if cell:
        return f"{cell.group(1)}:{cell.group(2)}"
    return os.path.basename(where)


def table_order(rows: list[FunctionStats]) -> list[FunctionStats]:
    """The table's order: most compiles first, then by name (the panel's history items follow it)."""
    return sorted(rows, key=lambda r: (-r.compiles, r.name))


def has_history(row: FunctionStats) -> bool:
    """Whether ``row`` has compiles or advice to show (untracked jits have counts only)."""
    return row.tracked and bool(row.events or row.advice)


def history_title(row: FunctionStats) -> str:
    advice = f" \u00b7 {advice_sentence(row.advice[0]).split(':', 1)[0]}" if row.advice else ""
    jitted_by = f" ({row.wrapper})" if row.wrapper not in ("", "jaxmagic", "jax.jit") else ""
    return visible(f"{row.name}{jitted_by}: {row.compiles} compile{'s' if row.compiles != 1 else ''}{advice}")


def history_html(row: FunctionStats) -> str:
    """One function's advice and compiles, unfolded (the panel's accordion holds it)."""
    return to_html(Document((_history(row, folded=False),)))


def _history(row: FunctionStats, folded: bool = True) -> Section:
    body: list = []
    for advice in row.advice:
        body.append(Paragraph(spans(Span(advice.kind, "code"), "  " + advice.message), "error"))
        if advice.code:
            body.append(Code(advice.code, "python"))
    entries = []  # one compile each: its lines
    shown = row.events[-_SHOWN_EVENTS:]
    for event in shown:
        entry = [compile_line(event)]
        if event.memory:  # XLA's memory analysis of this compile
            entry.append("      memory: " + ", ".join(f"{label} {size(n)}" for label, n in event.memory))
        if event.compared_to:
            entry.append(f"      compared with: {event.compared_to}")
        entries.append(entry)
    dropped = []
    if row.dropped:
        older = ", ".join(f"{reason} ×{count}" for reason, count in sorted(row.dropped.items(), key=lambda kv: -kv[1]))
        dropped = [f"older compiles, by reason: {older}"]
    title = spans(Span(row.name, "name"), Span(f"  {row.where}", "muted"))
    if folded:
        listing = Code("\n".join(dropped + [line for entry in entries for line in entry]), "text")
        body.append(Fold(spans(f"{row.time_summary} ({row.name})"), (listing,), open=False))
        return Section(title, tuple(body))
    spent = row.time_summary.partition("; ")[2]
    disk = f" ({row.from_disk_cache} from disk cache)" if row.from_disk_cache else ""
    body.append(Paragraph(spans(f"{row.compiles} compiles of {row.name}{disk}, newest last; {spent}:"), "note"))
    older, newest = entries[:-_NEWEST], entries[-_NEWEST:]
    if older or dropped:  # a long history: the newest stay open, the rest fold away
        hidden = row.compiles - len(newest)
        body.append(Fold(spans(f"{hidden:,} older compile{'s' if hidden != 1 else ''}"),
                         (Code("\n".join(dropped + [line for entry in older for line in entry]), "text"),),
                         open=False))
    body.append(Code("\n".join(line for entry in newest for line in entry), "text"))
    return Section(title, tuple(body))


def stats_text(rows: list[FunctionStats], *, history: bool = True) -> str:
    return to_text(stats_document(rows, history=history))


def stats_html(rows: list[FunctionStats], *, history: bool = True) -> str:
    return to_html(stats_document(rows, history=history))


@layout_for(FunctionStats)
def function_document(row: FunctionStats) -> Document:
    """One function's statistics: its row of the table, then its history."""
    return stats_document([row], history=True)


def reset_html() -> str:
    """What a panel item shows once its function's statistics were reset."""
    return to_html(Document((Paragraph(spans("No compiles since the statistics were reset."), "note"),)))
