"""The saved compile log as a page: the compile table, each function's compiles, the errors explained.

Laid out from the log's data (``jaxmagic.compile_log()``, the same that
``FILE.json`` holds), so the HTML and the JSON of one save say the same.
The table, the phases of a compile and an explanation are worded by the
views that show them in a notebook; the page itself is
:func:`jaxmagic._render.standalone.page`: no script, no link, nothing fetched.
"""
from __future__ import annotations

import dataclasses
import re
import time
from typing import Any

from .._common.journal import ExplainedError, FixRecord
from .._render.document import Code, Document, Heading, Paragraph, Section, Span, Table, spans
from .._render.numbers import plural, size
from .._render.standalone import page
from .._render.timeline import timeline
from .._tracking.changes import Change
from .._tracking.stats import Advice, FunctionStats, Recompile
from .compile_table import phase_text, stats_document, table_order
from .explanation import explanation_blocks, problem

__all__ = ["log_document", "log_page", "log_summary"]


def log_page(data: dict[str, Any]) -> str:
    """The log as one standalone HTML page."""
    return page(log_document(data), f"jaxmagic compile log, {data['created']}")


def log_summary(data: dict[str, Any]) -> str:
    """``3 functions, 7 compiles (1 from disk cache), 1 explained error``."""
    functions = data["functions"]
    compiles = sum(f["compiles"] for f in functions)
    from_disk = sum(f["from_disk_cache"] for f in functions)
    disk = f" ({from_disk} from disk cache)" if from_disk else ""
    errors = plural(len(data["errors"]), "explained error")
    return f"{plural(len(functions), 'function')}, {plural(compiles, 'compile')}{disk}, {errors}"


def log_document(data: dict[str, Any]) -> Document:
    """Header, the compile table, one section per function that compiled, then the explained errors."""
    about = " \u00b7 ".join(
        f"{label} {data[key]}" for label, key in (("Python", "python"), ("jax", "jax"), ("jaxmagic", "jaxmagic"),
                                                   ("backend", "backend")) if data.get(key)
    )
    blocks: list = [
        Heading(spans("jaxmagic compile log")),
        Paragraph(spans(f"Saved {data['created']} \u00b7 {about}"), "note"),
        Paragraph(spans(log_summary(data))),
    ]
    rows = table_order([_row(f) for f in data["functions"]])
    blocks += stats_document(rows, history=False, title="Compiles").blocks
    blocks += [_function_section(row) for row in rows if row.events or row.advice]
    blocks.append(Heading(spans("Tracing errors explained")))
    errors = [_error(e) for e in data["errors"]]
    if not errors:
        blocks.append(Paragraph(spans("No tracing error was explained (since the last reset)."), "note"))
    blocks += [_error_section(error) for error in errors]
    return Document(tuple(blocks))


def _function_section(row: FunctionStats) -> Section:
    jitted_by = f" \u00b7 jitted by {row.wrapper}" if row.wrapper else ""
    body: list = [Paragraph(spans(row.time_summary + jitted_by), "note")]
    line = timeline(((e.when, e.compile_seconds) for e in row.events), total=row.compiles)
    if line is not None:
        body.append(Paragraph((line,)))
    for advice in row.advice:
        body.append(Paragraph(spans(Span(advice.kind, "code"), "  " + advice.message), "error"))
        if advice.code:
            body.append(Code(advice.code, "python"))
    if row.dropped:
        older = ", ".join(f"{reason} \u00d7{count}" for reason, count in sorted(row.dropped.items(), key=lambda kv: -kv[1]))
        body.append(Paragraph(spans(f"Older compiles, not listed, by reason: {older}"), "note"))
    if row.events:
        body.append(Table(("compile", "reason", "time", "at", "memory", "compared with"), tuple(
            (
                (Span(event.id or "?", "name"),),
                (Span(event.reason, "code"),),
                (Span(phase_text(event)),),
                (Span(time.strftime("%H:%M:%S", time.localtime(event.when))),),
                (Span(", ".join(f"{figure} {size(n)}" for figure, n in event.memory)),) if event.memory else (),
                (Span(event.compared_to, "code"),) if event.compared_to else (),
            )
            for event in row.events
        ), stack=True))
    return Section(spans(Span(row.name, "name"), Span(f"  {row.where}", "muted")), tuple(body))


def _error_section(error: ExplainedError) -> Section:
    raised = error.error_type + (f" while tracing {error.function}" if error.function else "")
    at = time.strftime("%H:%M:%S", time.localtime(error.when))
    body: list = [Paragraph(spans(f"{raised}, explained at {at}"), "note")]
    if error.analysis_failed:
        body.append(Paragraph(spans(_unlinked(error.message))))
    else:
        # the notebook's own layout; JAX's page is named as text, so the saved page holds no link
        body += explanation_blocks(_without_docs(error))
        if error.docs:
            body.append(Paragraph(spans("More in JAX's documentation: ", Span(_address(error.docs), "code")), "note"))
    return Section(spans(Span(problem(error.kind, error.error_type), "error")), tuple(body), "error")


def _address(url: str) -> str:
    return url.split("://", 1)[-1]


def _unlinked(text: str) -> str:
    """Web addresses in ``text`` without their scheme: the page names them, it never links out."""
    return re.sub(r"\bhttps?://", "", text)


def _without_docs(error: ExplainedError) -> ExplainedError:
    return dataclasses.replace(error, docs="")


# --- the data back into the objects the notebook views lay out --------------------------


def _row(data: dict[str, Any]) -> FunctionStats:
    return FunctionStats(
        name=data["name"], where=data["where"], wrapper=data["wrapper"], tracked=data["tracked"],
        traces=data["traces"], compiles=data["compiles"], compile_seconds=data["compile_seconds"],
        trace_seconds=data["trace_seconds"], lower_seconds=data["lower_seconds"],
        from_disk_cache=data["from_disk_cache"], dropped=dict(data["dropped"]),
        advice=[Advice(**a) for a in data["advice"]], events=[_event(e) for e in data["events"]],
    )


def _event(data: dict[str, Any]) -> Recompile:
    return Recompile(
        changes=[Change(**c) for c in data["changes"]], compile_seconds=data["compile_seconds"], when=data["when"],
        compared_to=data["compared_to"], signature=data["signature"], retraced=data["retraced"],
        tracked=data["tracked"], memory=tuple(data["memory"].items()), trace_seconds=data["trace_seconds"],
        lower_seconds=data["lower_seconds"], from_disk_cache=data["from_disk_cache"], id=data["id"],
    )


def _error(data: dict[str, Any]) -> ExplainedError:
    fields = {key: tuple(value) if isinstance(value, list) else value for key, value in data.items()}
    fields["fixes"] = tuple(FixRecord(**{k: tuple(v) if isinstance(v, list) else v for k, v in f.items()})
                            for f in data["fixes"])
    return ExplainedError(**fields)
