"""A tiny document model: the one intermediate form every display is made from.

Layout code builds these nodes; :mod:`.text` and :mod:`.html` turn them into text
or HTML.  Keeping both outputs behind one form means they cannot drift apart.
Strings held here are raw user data; escaping is the HTML renderer's job.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Union

__all__ = ["Span", "Inline", "Heading", "Paragraph", "Table", "Code", "Fold", "Section", "SourceMap", "Block", "Document"]


@dataclasses.dataclass(frozen=True)
class Span:
    """A run of text with a role: ``name``, ``type``, ``static``, ``muted``, ``error``, ``code``, ``good``."""

    text: str
    role: str = ""
    hint: str = ""  # more, on demand (a tooltip in HTML): the full path of a shortened place


Inline = tuple[Any, ...]  # Span, or a Timeline (a small picture of compiles over time)


def spans(*parts: Any) -> Inline:
    """Build an inline run; plain strings become unstyled spans (other inline elements stay)."""
    return tuple(Span(p) if isinstance(p, str) else p for p in parts)


@dataclasses.dataclass(frozen=True)
class Heading:
    content: Inline


@dataclasses.dataclass(frozen=True)
class Paragraph:
    content: Inline
    role: str = ""  # "", "note", "error"


@dataclasses.dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[Inline, ...], ...]
    stack: bool = False  # in a narrow box (HTML), each row becomes a small card instead of scrolling


@dataclasses.dataclass(frozen=True)
class Code:
    """Preformatted code; ``language`` is ``jaxpr``, ``python`` or ``hlo``."""

    text: str
    language: str = ""
    marked_line: int | None = None  # 1-based line to emphasise (python excerpts)
    first_line: int = 1


@dataclasses.dataclass(frozen=True)
class Fold:
    """Content a reader can open and close (``<details>`` in HTML; in text shown, unless ``text_hint``).

    ``text_hint``: for bulky content kept out of the text form, the one line
    that says where to find it instead.
    """

    summary: Inline
    body: tuple[Block, ...]
    open: bool = False
    text_hint: str | None = None


@dataclasses.dataclass(frozen=True)
class Section:
    """One titled part, e.g. one trace."""

    title: Inline
    body: tuple[Block, ...]
    role: str = ""  # "", "error"


@dataclasses.dataclass(frozen=True)
class SourceMap:
    """The cell's lines beside the equations they became; in HTML, pointing at either highlights both.

    ``lines``: ``(lineno, source text, what it became, kind)``; ``equations``:
    ``(lineno or None, depth, equation text)`` in program order, where a run of
    repeats may be summarised as one row; ``full``: every equation as text,
    shown on demand when the listing was summarised.
    """

    lines: tuple[tuple[int, str, str, str], ...]
    equations: tuple[tuple[int | None, int, str], ...]
    full: str = ""
    total: int = 0
    programs: int = 1  # traced functions listed (one per distinct program)

    def count(self) -> str:
        """``5`` or ``11 in 2 programs``: what the listing's heading says it holds."""
        return f"{self.total:,}" + (f" in {self.programs} programs" if self.programs > 1 else "")


Block = Union[Heading, Paragraph, Table, Code, Fold, Section, SourceMap]


@dataclasses.dataclass(frozen=True)
class Document:
    blocks: tuple[Block, ...]
