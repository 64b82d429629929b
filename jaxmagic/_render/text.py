"""Render a :class:`~.document.Document` as plain text.

Control characters from user data are shown escaped (``\\x1b``), so a repr or
a dict key can never move the cursor, clear the terminal or cut the output.
"""
from __future__ import annotations

from .document import Code, Document, Fold, Heading, Inline, Paragraph, Section, SourceMap, Table
from .timeline import Timeline

__all__ = ["to_text", "visible"]


def to_text(doc: Document) -> str:
    lines: list[str] = []
    for block in doc.blocks:
        _text_block(block, lines, "")
    return visible("\n".join(line.rstrip() for line in lines).strip("\n"))


# Control characters from user data (a repr, a dict key, a string literal) would move the cursor,
# clear the terminal or cut the output: they are shown escaped, as Python's repr shows them.
_CONTROLS = {code: f"\\x{code:02x}" for code in [*range(0x20), *range(0x7F, 0xA0)] if chr(code) != "\n"}
_CONTROLS[ord("\t")] = "    "
# line and paragraph separators, and the marks that reorder text (a name that reads backwards)
_CONTROLS.update({code: f"\\u{code:04x}" for code in (0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A))})


def visible(text: str) -> str:
    """``text`` with every control character but the newline written out (``\\x1b``); tabs as spaces."""
    return text.translate(_CONTROLS)


def _plain(content: Inline) -> str:
    # user text is made visible before any line splitting: \x0b or \x1c must not start a new line
    return "".join(
        s.text() if isinstance(s, Timeline) else visible(f"`{s.text}`" if s.role == "literal" else s.text)
        for s in content
    )


def _text_block(block: object, out: list[str], indent: str) -> None:
    if isinstance(block, Heading):
        title = _plain(block.content)
        out += [indent + title, indent + "=" * min(len(title), 78)]
    elif isinstance(block, Paragraph):
        prefix = "! " if block.role == "error" else ""
        for line in _plain(block.content).splitlines() or [""]:
            out.append(indent + prefix + line)
    elif isinstance(block, Table):
        _text_table(block, out, indent)
    elif isinstance(block, Code):
        width = len(str(block.first_line + block.text.count("\n")))
        for i, line in enumerate(visible(block.text).splitlines()):
            if block.marked_line is not None:
                number = block.first_line + i
                arrow = "-->" if number == block.marked_line else "   "
                out.append(f"{indent}  {arrow} {number:>{width}} {line}")
            else:
                out.append(f"{indent}    {line}")
    elif isinstance(block, Fold):
        out.append(indent + _plain(block.summary))
        if block.text_hint is not None:
            out.append(indent + "  " + block.text_hint)
            return
        for child in block.body:
            _text_block(child, out, indent + "  ")
    elif isinstance(block, SourceMap):
        _text_source_map(block, out, indent)
    elif isinstance(block, Section):
        title = _plain(block.title)
        out += ["", f"{indent}\u2500\u2500 {title} " + "\u2500" * max(3, 74 - len(title))]
        for child in block.body:
            _text_block(child, out, indent + "  ")


def _text_source_map(block: SourceMap, out: list[str], indent: str) -> None:
    width = min(48, max((len(text.rstrip()) for _, text, _, _ in block.lines), default=10))
    for lineno, text, became, _kind in block.lines:
        shown = text.rstrip()
        shown = shown if len(shown) <= width else shown[: width - 1] + "…"
        out.append(f"{indent}{lineno:>4}  {shown:<{width}}  {became}".rstrip())
    if block.equations:
        out.append(f"{indent}equations ({block.count()}), with the line that made each:")
        for lineno, depth, text in block.equations:
            where = f"{lineno:>4}" if lineno is not None else "   -"
            out.append(f"{indent}{where}  {'  ' * depth}{text}")


def _text_table(table: Table, out: list[str], indent: str) -> None:
    cells = [list(table.columns)] + [[_plain(c) for c in row] for row in table.rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(table.columns))]
    for n, row in enumerate(cells):
        out.append(indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
        if n == 0:
            out.append(indent + "  ".join("-" * w for w in widths))
