"""Lay an :class:`~jaxmagic.Explanation` out as document blocks (text and HTML come from them).

The order teaches: one sentence of why (what a tracer knows), where it
happened in the user's code, which argument, then the numbered fixes with
their code and whether jaxmagic saw them trace, then JAX's documentation.
"""
from __future__ import annotations


from .._common.frames import unhashable_jitted_method
from .._common.files import shown_lines
from .._explain.explanation import Explanation, Fix, Operand
from .._render.display import layout_for
from .._render.document import Code, Document, Paragraph, Section, Span, spans

__all__ = ["explanation_blocks", "explanation_document", "excerpt", "where_blocks", "problem", "PROBLEMS"]


def prose(text: str, role: str = "") -> tuple:
    """A sentence whose `backticked` parts are code: spans with the ``literal`` role."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: leave the sentence as it is
        return spans(Span(text, role) if role else text)
    return tuple(Span(part, "literal" if i % 2 else role) for i, part in enumerate(parts) if part)


# the problem of each kind in words, for a heading (the error's class name comes after it)
PROBLEMS = {
    "bool-conversion": "Python needed True or False from a traced value",
    "concretization": "Python needed the value of a traced array",
    "integer-conversion": "Python needed an int from a traced value",
    "array-conversion": "NumPy needed the values of a traced array",
    "boolean-index": "a boolean mask made a shape depend on values",
    "traced-shape": "a shape, size or index bound depends on a traced value",
    "leaked-tracer": "a tracer escaped the function it was traced in",
    "unhashable-static": "a static argument cannot be hashed",
    "non-array-argument": "an argument is not something JAX can trace",
    "shape-mismatch": "shapes that must fit together do not",
    "symbolic-dimension": "a symbolic dimension was compared or divided inconclusively",
    "jaxpr-type": "a jaxpr's types disagree",
}


def problem(kind: str | None, error_type: str) -> str:
    """The heading's words for a tracing error: the problem, else the error's class name."""
    return PROBLEMS.get(kind or "", error_type)


@layout_for(Explanation)
def explanation_document(found: Explanation) -> Document:
    """The explanation framed as jaxmagic's own, below IPython's traceback."""
    said = problem(found.kind, found.error_type)
    if found.kind == "unhashable-static" and found.exception is not None and \
            unhashable_jitted_method(found.exception) is not None:  # jax.jit(model): no argument is at fault
        said = "the jitted function cannot be hashed (its object holds arrays)"
    title = spans(Span("jaxmagic explains: ", "muted"), Span(said, "error"))
    raised = found.error_type + (f" while tracing {found.function}" if found.function else "")
    return Document((Section(title, (Paragraph(spans(raised), "note"), *explanation_blocks(found)), "error"),))


def explanation_blocks(found: Explanation) -> list:
    blocks: list = [Paragraph(prose(found.why))]
    where = found.location or (f"line {found.lineno}" if found.lineno else None)
    if where:
        verb = "escaped the trace at " if found.kind == "leaked-tracer" else "at "
        blocks += where_blocks(spans(verb), where, found.source_line, found.filename, found.lineno)
    if found.use_lineno:
        used = found.use_location or f"line {found.use_lineno}"
        blocks.append(Paragraph(spans("used later at ", Span(used, "code"), ", where JAX raised"), "error"))
    # a saved log's record of an explanation (``journal.ExplainedError``) has no operands: its message says them
    detail, must_agree = getattr(found, "detail", ""), getattr(found, "must_agree", "")
    if detail:
        blocks.append(Paragraph(prose(detail), "error"))
    blocks += [Paragraph(_operand(operand)) for operand in getattr(found, "operands", ())]
    blocks.append(Paragraph(_depends(found)))
    if found.fixes and all(getattr(f, "template", False) for f in found.fixes):
        # patterns with placeholders: said as what they are, not as code for this line
        blocks.append(Paragraph(spans("jaxmagic has only guidance here, no code for this line:"), "note"))
        for number, fix in enumerate(found.fixes, 1):
            blocks += _fix_blocks(number, fix)
    elif found.fixes:
        blocks.append(Paragraph(spans("Fixes, preferred first:")))
        for number, fix in enumerate(found.fixes, 1):
            blocks += _fix_blocks(number, fix)
    elif must_agree:
        blocks.append(Paragraph(prose(f"jaxmagic has no certain fix: {must_agree}."), "note"))
    else:
        blocks.append(Paragraph(spans("jaxmagic has no fix to suggest for this line."), "note"))
    if found.docs:
        blocks.append(Paragraph(spans("More: ", Span(found.docs, "link")), "note"))
    return blocks


def _operand(operand: Operand) -> tuple:
    """``  x @ w is f32[8,3], from argument params['w']``: one operand of a shape mismatch."""
    parts: list = [Span("  "), Span(operand.expression, "code"), Span(" is "), Span(operand.shape, "type")]
    if operand.paths:
        parts.append(Span(", from argument " if len(operand.paths) == 1 else ", from arguments "))
        for i, path in enumerate(operand.paths):
            parts += [*([Span(", ")] if i else []), Span(path, "name")]
    elif operand.node is not None:  # read from the user's frame: it truly depends on no argument
        parts.append(Span(", from no argument", "muted"))
    return tuple(parts)


_MOST_PATHS = 6  # the leaves named in "depends on ..."


def _depends(found: Explanation) -> tuple:
    if found.paths:
        label = "argument" if len(found.arguments) == 1 else "arguments"
        parts: list = [Span(f"depends on {label} ")]
        shown = found.paths[:_MOST_PATHS]  # (a hierarchy dict of 23 traced counts: the first few, then how many)
        for i, path in enumerate(shown):
            if i:
                parts.append(Span(", "))
            parts.append(Span(path, "name"))
        if len(found.paths) > len(shown):
            parts.append(Span(f" and {len(found.paths) - len(shown)} more", "muted"))
        if not found.certain:
            parts.append(Span(" (a best guess from the source)", "muted"))
        return tuple(parts)
    if found.kind == "unhashable-static" and found.exception is not None and \
            unhashable_jitted_method(found.exception) is not None:
        return spans(Span("no argument of the call: the object is part of the jitted function", "muted"))
    if found.kind in ("non-array-argument", "unhashable-static"):
        return spans(Span("the argument could not be told from the error alone", "muted"))
    return spans(Span("depends on no argument (computed inside the function), or jaxmagic could not tell", "muted"))


def _fix_blocks(number: int, fix: Fix) -> list:
    head: list = [Span(f"{number}. "), Span(fix.kind, "code"), Span("  "), *prose(fix.summary)]
    if fix.verified is True:
        head.append(Span("  \u2713 verified: traces", "good"))
    elif fix.verified is False:
        head.append(Span(f"  \u2717 tried: {fix.outcome}", "error"))
    else:
        head.append(Span(f"  \u00b7 not tried: {fix.outcome}" if fix.outcome else "  \u00b7 not tried", "muted"))
    blocks: list = [Paragraph(tuple(head)), Code(fix.code, "python")]
    if fix.warning:
        blocks.append(Paragraph(prose("warning: " + fix.warning), "error"))
    return blocks


def where_blocks(lead: tuple, where: str | None, source: str | None, filename: str | None, lineno: int | None) -> list:
    """``<lead> at <where>: <source line>``, then the source around that line."""
    line = lead
    if where:
        line += spans(Span(where, "code"))
    if source:
        line += spans(": ", Span(source.strip(), "code"))
    blocks: list = [Paragraph(line, "error")]
    shown = excerpt(filename, lineno)
    if shown is not None:
        blocks.append(shown)
    return blocks


def excerpt(filename: str | None, lineno: int | None, context: int = 2) -> Code | None:
    """A few lines of the user's source around ``lineno``, that line marked."""
    if not filename or not lineno:
        return None
    lines = shown_lines(filename)
    if not lines:
        return None
    first = max(1, lineno - context)
    last = min(len(lines), lineno + context)
    text = "".join(lines[first - 1 : last]).rstrip("\n")
    return Code(text, "python", marked_line=lineno, first_line=first)
