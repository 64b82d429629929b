"""The recompile table, as a document: one row per function, each opening to its history.

The panel (:mod:`._panel`) shows the HTML; terminals and ``jupyter execute``
get the same table as text.
"""
from __future__ import annotations

import time

from ._doc import Code, Document, Fold, Heading, Paragraph, Section, Span, Table, spans
from ._render import to_html, to_text
from ._stats import FunctionStats

__all__ = ["stats_document", "stats_text", "stats_html"]

_SHOWN_EVENTS = 50  # compiles listed per function, newest last


def _seconds(value: float) -> str:
    return f"{value * 1e3:.1f} ms" if value < 1 else f"{value:.2f} s"


def stats_document(rows: list[FunctionStats], *, history: bool = True, title: str = "jaxmagic: compiles") -> Document:
    blocks: list = [Heading(spans(title))]
    if not rows:
        blocks.append(Paragraph(spans("No jitted function has compiled yet."), "note"))
        return Document(tuple(blocks))
    ordered = sorted(rows, key=lambda r: (-r.compiles, r.name))
    table_rows = []
    for row in ordered:
        advice = ", ".join(a.kind for a in row.advice)
        table_rows.append((
            (Span(row.name, "name"),),
            (Span(row.where or "", "muted"),),
            (Span(str(row.compiles)),),
            (Span(str(row.traces)),),
            (Span(_seconds(row.compile_seconds)),),
            (Span(row.last_reason if row.tracked else "(not tracked: counts only)", "code" if row.tracked else "muted"),),
            (Span(advice, "error"),) if advice else (),
        ))
    blocks.append(Table(("function", "defined at", "compiles", "traces", "compile time", "last reason", "advice"),
                        tuple(table_rows)))
    if history:
        for row in ordered:
            if row.tracked and (row.events or row.advice):
                blocks.append(_history(row))
    return Document(tuple(blocks))


def _history(row: FunctionStats) -> Section:
    body: list = []
    for advice in row.advice:
        body.append(Paragraph(spans(Span(advice.kind, "code"), "  " + advice.message), "error"))
        if advice.code:
            body.append(Code(advice.code, "python"))
    start = time.time()
    lines = []
    shown = row.events[-_SHOWN_EVENTS:]
    first = row.compiles - len(row.events) + (len(row.events) - len(shown)) + 1
    for number, event in enumerate(shown, first):
        took = _seconds(event.compile_seconds) if event.compile_seconds is not None else "?"
        ago = max(0.0, start - event.when)
        lines.append(f"{number:>4}. {event.reason}   [{took}, {ago:.0f} s ago]")
        if event.compared_to:
            lines.append(f"      compared with: {event.compared_to}")
    if row.dropped:
        older = ", ".join(f"{reason} ×{count}" for reason, count in sorted(row.dropped.items(), key=lambda kv: -kv[1]))
        lines.insert(0, f"older compiles, by reason: {older}")
    body.append(Fold(spans(f"{row.compiles} compiles of {row.name}"), (Code("\n".join(lines), "text"),), open=False))
    return Section(spans(Span(row.name, "name"), Span(f"  {row.where}", "muted")), tuple(body))


def stats_text(rows: list[FunctionStats], *, history: bool = True) -> str:
    return to_text(stats_document(rows, history=history))


def stats_html(rows: list[FunctionStats], *, history: bool = True) -> str:
    return to_html(stats_document(rows, history=history))
