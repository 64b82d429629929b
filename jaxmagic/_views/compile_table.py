"""The recompile table, as a document: one row per function, each opening to its history.

The panel (``jaxmagic._ipython.panel``) shows the HTML; terminals and ``jupyter execute``
get the same table as text.
"""
from __future__ import annotations

import time

from .._render.display import layout_for
from .._render.document import Code, Document, Fold, Heading, Paragraph, Section, Span, Table, spans
from .._render.html import to_html
from .._render.numbers import duration
from .._render.text import to_text, visible
from .._render.timeline import timeline
from .._tracking.stats import FunctionStats

__all__ = [
    "stats_document",
    "stats_text",
    "stats_html",
    "history_html",
    "history_title",
    "has_history",
    "reset_html",
]

_SHOWN_EVENTS = 50  # compiles listed per function, newest last


def stats_document(rows: list[FunctionStats], *, history: bool = True, title: str = "jaxmagic: compiles") -> Document:
    """The compile table of ``rows``, most compiles first; with ``history``, each row's compiles and advice."""
    blocks: list = [Heading(spans(title))]
    if not rows:
        blocks.append(Paragraph(spans("No jitted function has compiled yet."), "note"))
        return Document(tuple(blocks))
    ordered = sorted(rows, key=lambda r: (-r.compiles, r.name))
    table_rows = []
    for row in ordered:
        advice = ", ".join(a.kind for a in row.advice)
        line = timeline(((e.when, e.compile_seconds) for e in row.events), total=row.compiles)
        table_rows.append((
            (Span(row.name, "name"),),
            (Span(row.where or "", "muted"),),
            (Span(str(row.compiles)),),
            (Span(str(row.traces)),),
            (Span(duration(row.compile_seconds)),),
            (line,) if line is not None and row.compiles > 1 else (),
            (Span(row.last_reason if row.tracked else "(reason unknown: counts only)", "code" if row.tracked else "muted"),),
            (Span(advice, "error"),) if advice else (),
        ))
    blocks.append(Table(("function", "defined at", "compiles", "traces", "compile time", "compiles over time",
                         "last reason", "advice"), tuple(table_rows)))
    if history:
        for row in ordered:
            if has_history(row):
                blocks.append(_history(row))
    return Document(tuple(blocks))


def has_history(row: FunctionStats) -> bool:
    """Whether ``row`` has compiles or advice to show (untracked jits have counts only)."""
    return row.tracked and bool(row.events or row.advice)


def history_title(row: FunctionStats) -> str:
    advice = f", advice: {', '.join(a.kind for a in row.advice)}" if row.advice else ""
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
    lines = []
    shown = row.events[-_SHOWN_EVENTS:]
    first = row.compiles - len(row.events) + (len(row.events) - len(shown)) + 1
    for number, event in enumerate(shown, first):
        took = duration(event.compile_seconds) if event.compile_seconds is not None else "?"
        at = time.strftime("%H:%M:%S", time.localtime(event.when))
        lines.append(f"{number:>4}. {event.reason}   [{took}, at {at}]")
        if event.compared_to:
            lines.append(f"      compared with: {event.compared_to}")
    if row.dropped:
        older = ", ".join(f"{reason} ×{count}" for reason, count in sorted(row.dropped.items(), key=lambda kv: -kv[1]))
        lines.insert(0, f"older compiles, by reason: {older}")
    listing = Code("\n".join(lines), "text")
    if folded:
        body.append(Fold(spans(f"{row.compiles} compiles of {row.name}"), (listing,), open=False))
    else:
        body.append(Paragraph(spans(f"{row.compiles} compiles of {row.name}, newest last:"), "note"))
        body.append(listing)
    return Section(spans(Span(row.name, "name"), Span(f"  {row.where}", "muted")), tuple(body))


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
