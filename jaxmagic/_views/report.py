"""Lay a :class:`~jaxmagic.TraceReport` out as a document (text and HTML come from it)."""
from __future__ import annotations

from .._common.jaxpr import equations
from .._common.loops import unrolled_loops
from .._render.display import layout_for
from .._render.document import Code, Document, Fold, Heading, Paragraph, Section, Span, Table, spans
from .._render.numbers import count, duration, plural, size
from .._render.timeline import timeline
from .._report.entries import ErrorInfo, TraceEntry, TraceReport
from .._tracking.advice import redefinition_advice, thresholds, unrolled_advice
from .._tracking.stats import registry
from .._tracking.signature import parameter_text, short_repr
from .explanation import explanation_blocks, problem, where_blocks
from .source_map import source_map_block

__all__ = ["report_document"]

_OPEN_JAXPR_LINES = 40  # longer jaxprs start folded

# One sentence of why, for the kinds where a tracer's missing value is the cause.
_WHY_VALUE = (
    "Under jax.jit the arguments are tracers: they know their shape and dtype "
    "(e.g. float32[3]) but never their values, so Python code that needs a value fails."
)
_VALUE_KINDS = {"bool-conversion", "concretization", "integer-conversion", "array-conversion", "boolean-index", "traced-shape"}


@layout_for(TraceReport)
def report_document(report: TraceReport) -> Document:
    blocks: list = [Heading(_headline(report))]
    if report.error is not None:
        blocks.append(_error_section(report.error, title_prefix="The cell stopped: "))
    if not report.traces and report.error is None:
        blocks.append(
            Paragraph(spans("No jitted function was traced: every call hit JAX's cache, or none was made."), "note")
        )
    blocks.extend(_recompile_timelines(report))
    shown = report.error.exception if report.error is not None else None
    number = 1
    for run in _repeats(report.traces):
        if len(run) == 1:
            blocks.append(_entry_section(run[0], number, len(report.traces), shown))
        else:
            blocks.append(_repeat_section(run, number, len(report.traces)))
        number += len(run)
    for advice in _unrolled_advice(report):
        blocks.append(Paragraph(spans(Span(advice.kind, "code"), "  " + advice.message), "error"))
    lines = report.lines if report.filename is not None and report.traces else []
    mapped = source_map_block(report, lines)
    if mapped is not None:
        blocks.append(Fold(spans("source \u2192 operations: which line became which equations"), (mapped,),
                           open=len(report.traces) <= 3))
    if report.untracked:
        listed = ", ".join(f"jit({name}) \u00d7{count}" if count > 1 else f"jit({name})" for name, count in sorted(report.untracked.items()))
        blocks.append(Paragraph(spans("Also traced, not jitted by jaxmagic: ", Span(listed, "code")), "note"))
    if report.has_value:
        blocks.append(Paragraph(spans("result: ", Span(short_repr(report.value, 400), "code"))))
    for note in report.notes:
        blocks.append(Paragraph(spans(note), "note"))
    return Document(tuple(blocks))


def _is_redefinition(entry: TraceEntry) -> bool:
    return bool(entry.changes) and all(c.what == "function-redefined" for c in entry.changes)


def _repeats(entries: list[TraceEntry]) -> list[list[TraceEntry]]:
    """Consecutive traces that differ only by being a new function object, as runs (the rest alone).

    A lambda jitted inside a loop traces the same program once per pass; its
    report shows that once, with the count, instead of one box per pass.
    """
    runs: list[list[TraceEntry]] = []
    for entry in entries:
        last = runs[-1][-1] if runs else None
        if (last is not None and _is_redefinition(entry) and entry.error is None and last.error is None
                and not entry.cached and entry.function == last.function and entry.signature == last.signature
                and entry.jaxpr_text == last.jaxpr_text):
            runs[-1].append(entry)
        else:
            runs.append([entry])
    return runs


def _repeat_section(run: list[TraceEntry], number: int, total: int) -> Section:
    """One box for a function traced again and again with the same signature, as a new object each time."""
    first = run[0]
    n = len(run)
    title = (Span(first.function, "name"), Span(_call_summary(first), "type"),
             Span(f"  traces {number}\u2013{number + n - 1} of {total}", "muted"))
    body: list = [Paragraph(spans(
        "why: ", Span(f"\u00d7{n}: a new function object each time", "name"),
        " \u2014 the same signature and the same program, but JAX keeps compiled code per function object,"
        " so each new one traced and compiled again",
    ))]
    row = registry.rows.get(first.row or first.function)
    if row is not None:
        advice = redefinition_advice(row, n)
        body.append(Paragraph(spans("what to do: jit it once, before the loop, and pass what changes as arguments:")))
        body.append(Code(advice.code, "python"))
    if first.arguments:
        body.append(_argument_table(first))
    if first.jaxpr is not None:
        text = first.jaxpr_text or ""
        lines = text.count("\n") + 1
        summary = spans(f"jaxpr (the same each time): {_equation_count(first)}, {plural(lines, 'line')}")
        body.append(Fold(summary, _jaxpr_blocks(text, lines), open=lines <= _OPEN_JAXPR_LINES))
    compiled = [e.compile_seconds for e in run if e.compile_seconds is not None]
    if compiled:
        body.append(Paragraph(spans(
            f"in all: {plural(len(compiled), 'compile')}, {duration(sum(compiled))} compiling"), "note"))
    return Section(title, tuple(body))


def _unrolled_advice(report: TraceReport) -> list:
    """The advice for each Python loop the cell's traces unrolled (the panel words it the same way)."""
    if report.filename is None:
        return []
    found = {}
    for entry in report.traces:
        if entry.jaxpr is None or entry.error is not None:
            continue
        for loop in unrolled_loops(equations(entry.jaxpr, report.filename), thresholds.unrolled_equations,
                                   runs=entry.line_hits if entry.lines_file == report.filename else None):
            found.setdefault((loop.filename, loop.lineno), loop)
    return [unrolled_advice(loop, f"cell line {loop.lineno}") for loop in found.values()]


def _recompile_timelines(report: TraceReport) -> list:
    """For each function this cell compiled more than once: when, and how long each compile took."""
    compiled: dict[str, list[TraceEntry]] = {}
    for entry in report.traces:
        if entry.compile_seconds is not None and entry.started is not None:
            compiled.setdefault(entry.function, []).append(entry)
    out = []
    for name, entries in compiled.items():
        ends = ((e.started + (e.trace_seconds or 0.0) + e.compile_seconds, e.compile_seconds) for e in entries)
        line = timeline(ends) if len(entries) > 1 else None
        if line is not None:
            out.append(Paragraph(spans("compiles of ", Span(name, "name"), ": ", line)))
    return out


def _headline(report: TraceReport) -> tuple:
    n = len(report.traces)
    names = []
    for t in report.traces:
        if t.function not in names:
            names.append(t.function)
    what = plural(n, "trace")
    if names:
        what += f" of {', '.join(names)}"
    if report.error is not None:
        what += f", failed: {report.error.error_type}"
    if report.expression:
        return spans("jittrace ", Span(report.expression, "code"), f": {what}")
    return spans(f"jittrace: {what}")


def _entry_section(entry: TraceEntry, number: int, total: int, shown_error: BaseException | None) -> Section:
    title = [Span(entry.function, "name"), Span(_call_summary(entry), "type")]
    if total > 1:
        title.append(Span(f"  trace {number} of {total}", "muted"))
    body: list = []
    if entry.inside:
        body.append(Paragraph(spans("traced inside ", Span(entry.inside, "name")), "note"))
    body.append(Paragraph(_why(entry)))
    if entry.arguments:
        body.append(_argument_table(entry))
    if entry.error is not None:
        if shown_error is not None and entry.error.exception is shown_error:
            body.append(Paragraph(spans(Span(entry.error.error_type, "error"), ": the error shown above"), "error"))
        else:
            body.append(_error_body(entry.error))
        return Section(tuple(title), tuple(body), "error")
    if entry.jaxpr is not None:
        text = entry.jaxpr_text or ""
        lines = text.count("\n") + 1
        summary = spans(f"jaxpr: {_equation_count(entry)}, {plural(lines, 'line')}")
        body.append(Fold(summary, _jaxpr_blocks(text, lines), open=lines <= _OPEN_JAXPR_LINES))
    if entry.outputs:
        outs = [Span("returns ")]
        for i, out in enumerate(entry.outputs):
            if i:
                outs.append(Span(", "))
            if out.path != "out":
                outs.append(Span(out.path + ": "))
            outs.append(Span(out.type, "type"))
            if out.sharding:
                outs.append(Span(f" sharded {out.sharding}", "code"))
        body.append(Paragraph(tuple(outs)))
    facts = _facts(entry)
    if facts:
        body.append(Paragraph(spans(facts), "note"))
    if entry.hlo:
        body.append(Fold(spans("lowered StableHLO"), (Code(entry.hlo, "hlo"),)))
    for note in entry.notes:
        body.append(Paragraph(spans(note), "note"))
    return Section(tuple(title), tuple(body))


_LONG_JAXPR = 400  # lines; a longer jaxpr shows its ends, and the whole as plain text on demand


def _jaxpr_blocks(text: str, lines: int) -> tuple:
    if lines <= _LONG_JAXPR:
        return (Code(text, "jaxpr"),)
    rows = text.splitlines()
    shown = "\n".join([*rows[:150], f"    \u2026 {lines - 200:,} more lines \u2026", *rows[-50:]])
    whole = Fold(spans(f"the whole jaxpr ({lines:,} lines)"), (Code(text, "text"),),
                 text_hint="(in full: the entry's .jaxpr_text)")
    return (Code(shown, "jaxpr"), whole)


def _equation_count(entry: TraceEntry) -> str:
    """``9 equations (4 nested)``: every equation, nested programs' included, as the source map counts them."""
    top = len(entry.jaxpr.jaxpr.eqns)
    every = sum(1 for _ in equations(entry.jaxpr.jaxpr))
    nested = f" ({every - top:,} nested)" if every > top else ""
    return plural(every, "equation") + nested


def _call_summary(entry: TraceEntry) -> str:
    return "(" + ", ".join(parameter_text(arg.path, arg.short, arg.static) for arg in entry.arguments) + ")"


def _why(entry: TraceEntry) -> tuple:
    if entry.cached:
        return spans("why: ", Span("nothing new: JAX had this signature cached, so it did not trace", "good"))
    if entry.history_unknown or not entry.changes:
        return spans("why: ", Span(entry.reason, "muted"))
    if entry.changes[0].what == "first-call":
        return spans("why: first call: JAX traces once per new signature, then reuses the compiled code")
    if _is_redefinition(entry):
        return spans("why: ", Span("a new function object", "code"),
                     " with a signature seen before: JAX keeps compiled code per function object")
    out = [Span("why: new signature: ")]
    for i, change in enumerate(entry.changes):
        if i:
            out.append(Span("; "))
        out.append(Span(str(change), "code"))
    return tuple(out)


def _argument_table(entry: TraceEntry) -> Table:
    sharded = any(arg.sharding for arg in entry.arguments)
    rows = []
    for arg in entry.arguments:
        if arg.static:
            what = (Span("static ", "muted"), Span(arg.type, "static"))
            note = "compile-time constant: a new value compiles again"
        else:
            what = (Span(arg.type, "type"),)
            note = "Python scalar: weak type" if arg.weak_type else "tracer: shape and dtype only"
        row = [(Span(arg.path, "name"),), what]
        if sharded:
            row.append((Span(arg.sharding or "-", "code"),))
        row.append((Span(note, "muted"),))
        rows.append(tuple(row))
    columns = ("argument", "seen by JAX as", *(("sharding",) if sharded else ()), "")
    return Table(columns, tuple(rows))


def _facts(entry: TraceEntry) -> str:
    facts = []
    if entry.compile_id:
        facts.append(f"compile {entry.compile_id}")
    if entry.trace_seconds is not None:
        facts.append(f"trace {duration(entry.trace_seconds)}")
    if entry.lower_seconds is not None and entry.compile_seconds is not None:
        facts.append(f"lowering {duration(entry.lower_seconds)}")
    if entry.compile_seconds is not None:
        where = "read from disk cache" if entry.from_disk_cache else "compile"
        facts.append(f"{where} {duration(entry.compile_seconds)}")
    if entry.flops is not None:
        facts.append(f"{count(entry.flops)} flops")
    if entry.bytes_accessed is not None:
        facts.append(f"{count(entry.bytes_accessed)} bytes accessed")
    if entry.memory:
        facts.append("memory: " + ", ".join(f"{label} {size(n)}" for label, n in entry.memory.items()))
    return " \u00b7 ".join(facts)


def _error_section(error: ErrorInfo, title_prefix: str = "") -> Section:
    title = spans(Span(title_prefix + problem(error.kind, error.error_type), "error"), " \u2014 " + error.error_type)
    if error.function:
        title += spans(" while tracing ", Span(error.function, "name"))
    return Section(title, tuple([_error_body(error)]), "error")


def _error_body(error: ErrorInfo) -> Fold:
    if error.explanation is not None:
        blocks = explanation_blocks(error.explanation)
        blocks.append(Fold(spans("JAX's message"), (Code(error.message, "text"),), open=False))
        return Fold(spans("what went wrong, and how to fix it"), tuple(blocks), open=True)
    lead = spans(Span(error.error_type, "error"), " at " if error.location else "")
    blocks = where_blocks(lead, error.location, error.source_line, error.filename, error.lineno)
    if error.kind in _VALUE_KINDS:
        blocks.append(Paragraph(spans(_WHY_VALUE)))
    blocks.append(Code(error.message, "text"))
    if error.kind is not None:
        blocks.append(Paragraph(spans("jaxmagic found no explanation for this error."), "note"))
    return Fold(spans("what went wrong"), tuple(blocks), open=True)
