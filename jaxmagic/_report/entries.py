"""The result objects of ``%%jittrace`` and ``%jittrace``: data, plus their displays.

A :class:`TraceReport` holds one :class:`TraceEntry` per trace the cell
caused.  Both forms of display (text and HTML) are produced from one
intermediate document by :mod:`jaxmagic._layout` and :mod:`jaxmagic._render`.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from .._common.errors import ErrorInfo
from .._tracking.signature import Change

__all__ = ["Argument", "Output", "TraceEntry", "TraceReport"]


@dataclasses.dataclass
class Argument:
    """One argument leaf of a trace, by the user's parameter name.

    Attributes
    ----------
    path : str
        ``x``, or a pytree leaf such as ``params['w']``.
    static : bool
        True for a static argument: a compile-time constant, shown by value.
    type : str
        For traced leaves the abstract value, ``ShapedArray(float32[3])``
        (``weak_type=True`` for Python scalars); for static ones the value's repr.
    short : str
        The compact form used in jaxprs and reasons (``f32[3]``, ``3``).
    passed_as : str
        ``positional`` or ``keyword``.
    """

    path: str
    static: bool
    type: str
    short: str
    weak_type: bool = False
    sharding: str = ""  # ``P('d',) on mesh d:8`` with several devices; "" otherwise
    passed_as: str = "positional"


@dataclasses.dataclass
class Output:
    """One output leaf: its path (``out``, ``out[0]``, ``out['loss']``) and abstract value."""

    path: str
    type: str
    sharding: str = ""


@dataclasses.dataclass
class TraceEntry:
    """Everything the report shows about one trace of one function."""

    function: str
    signature: str
    arguments: list[Argument]
    changes: list[Change]
    jaxpr: Any = None  # jax.core.ClosedJaxpr
    outputs: list[Output] = dataclasses.field(default_factory=list)
    trace_seconds: float | None = None
    compile_seconds: float | None = None
    started: float | None = None  # when the trace began (``time.time()``)
    cost: dict[str, float] = dataclasses.field(default_factory=dict)
    hlo: str | None = None
    error: ErrorInfo | None = None
    inside: str | None = None  # the function this one was traced inside, if nested
    cached: bool = False  # %jittrace: JAX already had this signature compiled
    history_unknown: bool = False  # %jittrace of a jit jaxmagic never saw before
    notes: list[str] = dataclasses.field(default_factory=list)
    # for report.lines: lines Python ran while tracing (count each), and the function body's lines
    line_hits: dict[int, int] | None = dataclasses.field(default=None, repr=False)
    body_lines: tuple[int, ...] = dataclasses.field(default=(), repr=False)
    _printed: Any = dataclasses.field(default=None, repr=False, compare=False)  # (jaxpr, its text)

    @property
    def reason(self) -> str:
        """Why JAX traced, as one line."""
        if self.cached:
            return "no trace: JAX had this signature cached"
        if self.history_unknown:
            return "traced now; jaxmagic did not see this function's earlier calls, so it cannot say what changed"
        if not self.changes:
            return "same signature as an earlier trace (JAX's cache was cleared or a setting changed)"
        return "; ".join(str(c) for c in self.changes)

    @property
    def jaxpr_text(self) -> str | None:
        """The jaxpr as JAX prints it, never with terminal colour codes."""
        if self.jaxpr is None:
            return None
        if self._printed is not None and self._printed[0] is self.jaxpr:
            return self._printed[1]  # text and HTML both print it: once is enough
        try:
            text = self.jaxpr.pretty_print(use_color=False)
        except TypeError:  # pragma: no cover - older printers without use_color
            text = str(self.jaxpr)
        self._printed = (self.jaxpr, text)
        return text

    @property
    def flops(self) -> float | None:
        return self.cost.get("flops")

    @property
    def bytes_accessed(self) -> float | None:
        return self.cost.get("bytes accessed")


@dataclasses.dataclass
class TraceReport:
    """What a ``%%jittrace`` cell (or one ``%jittrace`` call) traced.

    Attributes
    ----------
    traces : list of TraceEntry
        One entry per trace, in the order they started.
    error : ErrorInfo or None
        The tracing error that stopped the cell, if any.  The original
        exception is ``report.error.exception``.
    untracked : dict
        Other jitted functions traced meanwhile (JAX's name → count).
    value : Any
        ``%jittrace EXPR``: the call's result.
    """

    traces: list[TraceEntry] = dataclasses.field(default_factory=list)
    error: ErrorInfo | None = None
    untracked: dict[str, int] = dataclasses.field(default_factory=dict)
    source: str | None = None
    expression: str | None = None
    value: Any = None
    has_value: bool = False
    functions: list[str] = dataclasses.field(default_factory=list)
    notes: list[str] = dataclasses.field(default_factory=list)
    filename: str | None = dataclasses.field(default=None, repr=False)  # the file the cell was compiled as
    _lines: Any = dataclasses.field(default=None, repr=False, compare=False)  # (what they were read from, lines)

    @property
    def lines(self) -> list[Any]:
        """The cell's source lines, each with the equations it produced (``jaxmagic.SourceLine``).

        Numbered as the cell's own lines (line 1 is ``%%jittrace``); a line that
        ran while tracing without producing an operation, or never ran, says so.
        """
        import linecache

        from .lines import source_lines

        if self.filename is None:
            return []
        text = "".join(linecache.getlines(self.filename)) or (self.source or "")
        parts = [t_part for t in self.traces for t_part in (t, t.jaxpr, t.line_hits)]
        cached = self._lines
        if (cached is None or cached[0] != (text, self.filename) or len(cached[1]) != len(parts)
                or any(a is not b for a, b in zip(cached[1], parts))):
            cached = self._lines = ((text, self.filename), parts, source_lines(text, self.filename, self.traces))
        return list(cached[2])

    def traces_of(self, name: str) -> list[TraceEntry]:
        """The entries of the function called ``name`` (its ``__qualname__``)."""
        return [t for t in self.traces if t.function == name]

    @property
    def failed(self) -> list[TraceEntry]:
        """Entries whose trace raised."""
        return [t for t in self.traces if t.error is not None]

    def text(self) -> str:
        """The report as plain text."""
        from .._views.report import report_document
        from .._render.text import to_text

        return to_text(report_document(self))

    def html(self) -> str:
        """The report as a self-contained HTML fragment (every user string escaped)."""
        from .._views.report import report_document
        from .._render.text import to_html

        return to_html(report_document(self))

    def __repr__(self) -> str:
        return self.text()

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text("TraceReport(...)" if cycle else self.text())

    def _repr_html_(self) -> str:
        return self.html()
