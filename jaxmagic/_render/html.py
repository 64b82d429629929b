"""Render a :class:`~.document.Document` as an HTML fragment, jaxprs syntax-highlighted.

The fragment is self-contained: one scoped ``<style>``, no script, colours
taken from JupyterLab's CSS variables (with fallbacks for other frontends).
Every string that reaches HTML passes through :func:`html.escape` here, and
only here.
"""
from __future__ import annotations

import html
import re

from .document import Code, Document, Fold, Heading, Inline, Paragraph, Section, SourceMap, Table
from .text import visible
from .timeline import STYLE as _TIMELINE_STYLE, Timeline, svg

__all__ = ["to_html", "jaxpr_tokens"]


_STYLE = """
.jm-report{font-family:var(--jp-ui-font-family,sans-serif);font-size:var(--jp-ui-font-size1,13px);
 color:var(--jp-content-font-color1,inherit);line-height:1.4;max-width:100%;overflow-x:auto}
.jm-report h3{font-size:var(--jp-content-font-size2,1.1em);margin:.2em 0 .4em}
.jm-section{border:1px solid var(--jp-border-color2,#ccc);border-radius:4px;margin:.5em 0;padding:.4em .6em}
.jm-section.jm-error{border-color:var(--jp-error-color1,#d32f2f)}
.jm-title{font-weight:600;margin-bottom:.3em}
.jm-report table.jm-table{border-collapse:collapse;margin:.3em 0;font-size:inherit;display:block;max-width:100%;
 overflow-x:auto}
.jm-report table.jm-table td{max-width:24em;overflow-wrap:break-word}
.jm-report .jm-r-type,.jm-report .jm-r-static{white-space:nowrap}
.jm-report table.jm-table td:first-child,.jm-report td.jm-col-defined-at,.jm-report td.jm-col-compile-time{white-space:nowrap}
.jm-report td.jm-col-last-reason,.jm-report td.jm-col-advice{min-width:11em;overflow-wrap:normal}
.jm-report td.jm-col-compiles-over-time svg{width:100px}
.jm-report td.jm-col-compiles-over-time .jm-tl-sum{display:none}
.jm-report{container-type:inline-size}
@container (max-width:62em){
 .jm-report table.jm-stack thead{display:none}
 .jm-report table.jm-stack,.jm-report table.jm-stack tbody{display:block;overflow:visible}
 .jm-report table.jm-stack tr{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1em 1em;padding:.3em 0;
  border-bottom:1px solid var(--jp-border-color2,#ddd)}
 .jm-report table.jm-table.jm-stack td{border:none;padding:0;max-width:none;min-width:0}
 .jm-report table.jm-stack td:empty{display:none}
 .jm-report table.jm-stack td.jm-col-last-reason,.jm-report table.jm-stack td.jm-col-advice{flex-basis:100%}
 .jm-report table.jm-stack td:not(:first-child):not(.jm-col-defined-at)::before{content:attr(data-label) ": ";
  color:var(--jp-content-font-color2,#666)}
}
.jm-report table.jm-table th,.jm-report table.jm-table td{border-bottom:1px solid var(--jp-border-color2,#ddd);
 padding:.15em .8em .15em 0;text-align:left;vertical-align:top}
.jm-report pre.jm-code{font-family:var(--jp-code-font-family,monospace);font-size:var(--jp-code-font-size,12px);
 background:var(--jp-layout-color2,#f5f5f5);color:var(--jp-content-font-color1,inherit);
 padding:.4em .6em;margin:.3em 0;overflow-x:auto;white-space:pre}
.jm-report pre.jm-lang-text{white-space:pre-wrap;overflow-wrap:anywhere}
.jm-report details>summary{cursor:pointer;color:var(--jp-content-font-color2,#555)}
.jm-p.jm-note{color:var(--jp-content-font-color2,#666)}
.jm-p.jm-error,.jm-r-error{color:var(--jp-error-color1,#c62828)}
.jm-r-name{font-weight:600}
.jm-r-type,.jm-t-type{color:var(--jp-mirror-editor-variable-2-color,#05a)}
.jm-r-static{color:var(--jp-mirror-editor-number-color,#080)}
.jm-r-muted{color:var(--jp-content-font-color3,#888)}
.jm-r-good{color:var(--jp-success-color1,#2e7d32)}
.jm-report code.jm-r-literal{font-family:var(--jp-code-font-family,monospace);font-size:.95em;
 background:var(--jp-layout-color2,#f0f0f0);padding:0 .2em;border-radius:2px}
.jm-r-link{color:var(--jp-content-link-color,#1976d2);overflow-wrap:anywhere}
.jm-r-code{font-family:var(--jp-code-font-family,monospace)}
.jm-t-kw{color:var(--jp-mirror-editor-keyword-color,#708);font-weight:600}
.jm-t-prim{color:var(--jp-mirror-editor-builtin-color,#30a)}
.jm-t-param{color:var(--jp-mirror-editor-property-color,#555)}
.jm-t-lit{color:var(--jp-mirror-editor-number-color,#080)}
.jm-t-var{color:var(--jp-mirror-editor-variable-color,inherit)}
.jm-report{--jm-hl:color-mix(in srgb,var(--jp-warn-color1,orange) 30%,transparent)}
.jm-mark{background:var(--jm-hl);display:inline-block;min-width:100%}
.jm-mark,.jm-mark .jm-lineno{color:var(--jp-content-font-color0,#000)}
.jm-srcmap{display:flex;flex-wrap:wrap;gap:1em;font-family:var(--jp-code-font-family,monospace);
 font-size:var(--jp-code-font-size,12px)}
.jm-scol{flex:0 1 auto;max-width:100%;overflow-x:auto}
.jm-ecol{flex:1 1 20em;max-width:100%;overflow-x:auto}
.jm-report table.jm-smap tr{background:transparent}
.jm-report table.jm-smap{border-collapse:collapse;font-size:inherit;font-family:inherit}
.jm-report table.jm-smap td{padding:0 .6em 0 0;vertical-align:top;border:none;white-space:pre;text-align:left}
.jm-erow{white-space:pre;cursor:default;padding:0 .3em}
.jm-report table.jm-smap td code,.jm-report div.jm-erow code{font-family:inherit;font-size:inherit;
 background:none;color:inherit;padding:0;border:0;border-radius:0;white-space:pre}
.jm-report table.jm-smap td.jm-lineno{text-align:right}
.jm-srcmap .jm-lineno{display:inline-block;min-width:2.2em;text-align:right;padding-right:.8em}
.jm-became{color:var(--jp-mirror-editor-variable-2-color,#05a)}
.jm-report table.jm-smap td.jm-became{white-space:normal;min-width:12em;overflow-wrap:anywhere}
.jm-k-trace-time .jm-became,.jm-k-not-run .jm-became{color:var(--jp-content-font-color3,#888);font-style:italic}
.jm-k-outside{color:var(--jp-content-font-color3,#999)}
.jm-nest>summary{list-style-position:outside;cursor:pointer}
.jm-nest>summary>.jm-erow{display:inline-block}
.jm-ehead{color:var(--jp-content-font-color2,#555);margin-bottom:.2em;font-family:var(--jp-ui-font-family,sans-serif)}
.jm-lineno{color:var(--jp-content-font-color3,#999);user-select:none}
"""


def to_html(doc: Document) -> str:
    parts = ['<div class="jm-report">', f"<style>{_STYLE}{_TIMELINE_STYLE}</style>"]
    for block in doc.blocks:
        parts.append(_html_block(block))
    parts.append("</div>")
    return "".join(parts)


# in prose, a number and its unit stay on one line (``1.6 s``, ``31 ms``); code is never touched
_UNIT = re.compile(r"(\d) (?=(?:ms|s|min|flops|bytes)\b)")


def _esc(text: str) -> str:
    return html.escape(visible(text), quote=True)


def _prose(text: str) -> str:
    return _UNIT.sub("\\1\u00a0", _esc(text))


def _html_inline(content: Inline) -> str:
    out = []
    for span in content:
        if isinstance(span, Timeline):
            out.append(svg(span) + f'<span class="jm-tl-sum">{_prose(span.summary())}</span>')
        elif span.role == "literal":
            out.append(f'<code class="jm-r-literal">{_esc(span.text)}</code>')
        elif span.role == "link" and span.text.startswith("https://"):
            out.append(f'<a class="jm-r-link" href="{_esc(span.text)}" target="_blank" rel="noopener">{_esc(span.text)}</a>')
        elif span.role or span.hint:
            hint = f' title="{_esc(span.hint)}"' if span.hint else ""
            text = _esc(span.text) if span.role == "code" else _prose(span.text)
            out.append(f'<span class="jm-r-{_esc(span.role or "plain")}"{hint}>{text}</span>')
        else:
            out.append(_prose(span.text))
    return "".join(out)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _html_block(block: object) -> str:
    if isinstance(block, Heading):
        return f"<h3>{_html_inline(block.content)}</h3>"
    if isinstance(block, Paragraph):
        role = f" jm-{_esc(block.role)}" if block.role else ""
        return f'<div class="jm-p{role}">{_html_inline(block.content)}</div>'
    if isinstance(block, Table):
        # each cell names its column (``jm-col-last-reason``): narrow screens give text columns a width
        names = [f' class="jm-col-{_slug(c)}" data-label="{_esc(c)}"' if c else "" for c in block.columns]
        head = "".join(f"<th{n}>{_esc(c)}</th>" for c, n in zip(block.columns, names))
        rows = "".join(
            "<tr>" + "".join(f"<td{n}>{_html_inline(c)}</td>" for c, n in zip(row, names)) + "</tr>"
            for row in block.rows
        )
        kind = "jm-table jm-stack" if block.stack else "jm-table"
        return f'<table class="{kind}"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    if isinstance(block, Code):
        return f'<pre class="jm-code jm-lang-{_esc(block.language)}">{_html_code(block)}</pre>'
    if isinstance(block, Fold):
        body = "".join(_html_block(child) for child in block.body)
        opened = " open" if block.open else ""
        return f"<details{opened}><summary>{_html_inline(block.summary)}</summary>{body}</details>"
    if isinstance(block, SourceMap):
        return _html_source_map(block)
    if isinstance(block, Section):
        role = f" jm-{_esc(block.role)}" if block.role else ""
        body = "".join(_html_block(child) for child in block.body)
        return f'<section class="jm-section{role}"><div class="jm-title">{_html_inline(block.title)}</div>{body}</section>'
    raise TypeError(f"unknown block {type(block).__name__}")


def _html_source_map(block: SourceMap) -> str:
    """Source rows and equation rows share ``data-l``; CSS ``:has()`` lights both up on hover."""
    # a line lights up only where it has a partner on the other side: a source line and its equations
    numbers = sorted({n for n, *_ in block.lines} & {n for n, _, _ in block.equations if n is not None})
    # lit, a row takes the text colour of the page, its own muted or coloured parts too (readable on the tint)
    rules = "".join(
        f'.jm-srcmap:has([data-l="{n}"]:hover) [data-l="{n}"]{{background:var(--jm-hl)}}'
        f'.jm-srcmap:has([data-l="{n}"]:hover) [data-l="{n}"] *{{color:var(--jp-content-font-color0,#000)}}'
        for n in numbers
    )
    rows = []
    for lineno, text, became, kind in block.lines:
        rows.append(
            f'<tr class="jm-srow jm-k-{_esc(kind)}" data-l="{lineno}"><td class="jm-lineno">{lineno}</td>'
            f'<td><code>{_esc(text)}</code></td><td class="jm-became">{_esc(became)}</td></tr>'
        )
    eqns = _nested_rows(list(block.equations), 0, len(block.equations))
    full = ""
    if block.full:
        full = (
            f"<details><summary>all {block.total:,} equations</summary>"
            f'<pre class="jm-code jm-lang-text">{_esc(block.full)}</pre></details>'
        )
    return (
        f'<div class="jm-srcmap"><style>{rules}</style>'
        f'<div class="jm-scol"><table class="jm-smap">{"".join(rows)}</table></div>'
        f'<div class="jm-ecol"><div class="jm-ehead">equations ({_esc(block.count())}), by the line that made each</div>'
        f'{"".join(eqns)}{full}</div></div>'
    )


def _equation_row(lineno: int | None, depth: int, text: str) -> str:
    attr = f' data-l="{lineno}"' if lineno is not None else ""
    return (
        f'<div class="jm-erow"{attr} style="padding-left:{1.2 * depth:.1f}em">'
        f'<span class="jm-lineno">{lineno if lineno is not None else "-"}</span><code>{_esc(text)}</code></div>'
    )


def _nested_rows(rows: list, start: int, stop: int) -> list[str]:
    """Equation rows; an equation holding deeper ones (a cond's branches, a loop body) folds them."""
    out: list[str] = []
    i = start
    while i < stop:
        lineno, depth, text = rows[i]
        j = i + 1
        while j < stop and rows[j][1] > depth:
            j += 1
        if j > i + 1 and text and not (text.endswith(":") and lineno is None):
            inner = "".join(_nested_rows(rows, i + 1, j))
            out.append(f'<details open class="jm-nest"><summary>{_equation_row(lineno, depth, text)}</summary>{inner}</details>')
        else:
            out.append(_equation_row(lineno, depth, text))
            out.extend(_nested_rows(rows, i + 1, j) if j > i + 1 else [])
        i = j
    return out


def _html_code(code: Code) -> str:
    if code.language == "jaxpr":
        return "".join(
            f'<span class="jm-t-{role}">{_esc(piece)}</span>' if role else _esc(piece)
            for piece, role in jaxpr_tokens(code.text)
        )
    if code.marked_line is None:
        return _esc(code.text)
    lines = code.text.splitlines()
    width = len(str(code.first_line + len(lines)))
    out = []
    for i, line in enumerate(lines):
        number = code.first_line + i
        text = f'<span class="jm-lineno">{number:>{width}} </span>{_esc(line)}'
        out.append(f'<span class="jm-mark">{text}</span>' if number == code.marked_line else text)
    return "\n".join(out)


# --- jaxpr highlighting ------------------------------------------------------

# Roles: ``kw`` (``lambda``, ``let``, ``in``), ``type`` (``f32[3]``), ``prim`` (the primitive an
# equation applies), ``param`` (``reps=`` inside ``[...]``), ``lit`` (numbers), ``var`` (other names).

_TOKEN = re.compile(
    r"""
    (?P<type>(?<=:)[a-z][a-z0-9]*\[[^\]\n]*\](?:\{[^}\n]*\})?)   # a:f32[3]
  | (?P<kw>\b(?:lambda|let|in)\b)
  | (?P<prim>(?<==\ )[A-Za-z_][\w.\-]*)                            # b = sin a
  | (?P<param>\b[^\W\d]\w*(?==))                                # reps=(2,)
  | (?P<lit>(?<![\w.])-?\d+(?:\.\d*)?(?:e[-+]?\d+)?(?![\w]))
  | (?P<var>\b[^\W\d]\w*\b)
    """,
    re.VERBOSE,
)


def jaxpr_tokens(text: str) -> list[tuple[str, str]]:
    """``(piece, role)`` pairs that concatenate back to ``text`` exactly."""
    out: list[tuple[str, str]] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() > pos:
            out.append((text[pos : match.start()], ""))
        out.append((match.group(), match.lastgroup or ""))
        pos = match.end()
    if pos < len(text):
        out.append((text[pos:], ""))
    return out
