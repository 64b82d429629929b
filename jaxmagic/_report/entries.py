"""The result objects of ``%%jittrace`` and ``%jittrace`` (data; their layout is a view).

A :class:`TraceReport` holds one :class:`TraceEntry` per trace the cell
caused, and an :class:`ErrorInfo` for a tracing error. Text and HTML both
come from one document, laid out by ``jaxmagic._views.report``.
"""
from __future__ import annotations

import dataclasses
import linecache
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._common.jaxpr import print_jaxpr
from .._common.files import shown_lines
from .._common.errors import message_of, tracing_kind, user_frame
from .._render.display import Displayed
from .._tracking.changes import Change

if TYPE_CHECKING:
    from .lines import SourceLine

__all__ = ["Argument", "Output", "TraceEntry", "TraceReport", "ErrorInfo", "error_info", "ReportFailed"]


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
    lower_seconds: float | None = None
    compile_id: str | None = None  # the compile this trace led to (``f#2``), as the panel and saved logs name it
    from_disk_cache: bool = False  # JAX's persistent compilation cache supplied that compile's executable
    started: float | None = None  # when the trace began (``time.time()``)
    cost: dict[str, float] = dataclasses.field(default_factory=dict)
    # XLA's memory analysis of the compiled executable, in bytes: arguments, outputs, temporaries,
    # generated code, peak; a figure the backend gives as 0 or not at all is left out
    memory: dict[str, int] = dataclasses.field(default_factory=dict)
    hlo: str | None = None
    error: ErrorInfo | None = None
    inside: str | None = None  # the function this one was traced inside, if nested
    cached: bool = False  # %jittrace: JAX already had this signature compiled
    history_unknown: bool = False  # %jittrace of a jit jaxmagic never saw before
    notes: list[str] = dataclasses.field(default_factory=list)
    # for report.lines: lines Python ran while tracing (count each), and the function body's lines
    line_hits: dict[int, int] | None = dataclasses.field(default=None, repr=False)
    body_lines: tuple[int, ...] = dataclasses.field(default=(), repr=False)
    lines_file: str | None = dataclasses.field(default=None, repr=False)  # the file those line numbers are in
    row: str | None = dataclasses.field(default=None, repr=False)  # the statistics row it counted in (name@cell:line)
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
        return self._print()[0]

    @property
    def var_names(self) -> dict:
        """The name of each variable in :attr:`jaxpr_text` (empty where JAX's printer hides them)."""
        return self._print()[1] if self.jaxpr is not None else {}

    def _print(self) -> tuple[str, dict]:
        if self._printed is not None and self._printed[0] is self.jaxpr:
            return self._printed[1]  # text and HTML both print it: once is enough
        try:
            printed = print_jaxpr(self.jaxpr)
        except TypeError:  # pragma: no cover - older printers without use_color
            printed = (str(self.jaxpr), {})
        self._printed = (self.jaxpr, printed)
        return printed

    @property
    def flops(self) -> float | None:
        return self.cost.get("flops")

    @property
    def bytes_accessed(self) -> float | None:
        return self.cost.get("bytes accessed")


@dataclasses.dataclass
class ErrorInfo:
    """A tracing error as the report shows it.

    Attributes
    ----------
    exception : BaseException
        The original exception, unchanged.
    error_type : str
        Its class name, e.g. ``TracerBoolConversionError``.
    kind : str or None
        SPEC's tracing-error kind, None when it is not a tracing error.
    message : str
        JAX's message, without the note about removed frames.
    function : str or None
        The jitted function being traced when it happened.
    filename, lineno, source_line : where in the user's code it arose.
    location : str
        That place as a reader names it (``cell line 3``, ``Cell In[4], line 2``).
    explanation : Explanation or None
        The argument, line and fixes (see :func:`jaxmagic.explain`).
    """

    exception: BaseException
    error_type: str
    kind: str | None
    message: str
    function: str | None = None
    filename: str | None = None
    lineno: int | None = None
    source_line: str | None = None
    location: str | None = None
    in_this_cell: bool = False
    explanation: Any = None  # jaxmagic.Explanation, when jaxmagic could explain it


def error_info(
    exc: BaseException,
    tb: types.TracebackType | None = None,
    *,
    function: str | None = None,
    cell_filename: str | None = None,
    describe_file: Callable[[str, int], str] | None = None,
) -> ErrorInfo:
    """Build the :class:`ErrorInfo` for ``exc`` from the traceback it carries."""
    found = user_frame(tb if tb is not None else exc.__traceback__, prefer=cell_filename)
    info = ErrorInfo(
        exception=exc,
        error_type=type(exc).__name__,
        kind=tracing_kind(exc),
        message=message_of(exc).strip(),
        function=function,
    )
    if found is not None:
        filename, lineno = found
        info.filename, info.lineno = filename, lineno
        info.source_line = linecache.getline(filename, lineno).rstrip("\n") or None
        info.in_this_cell = filename == cell_filename
        if info.in_this_cell:
            info.location = f"cell line {lineno}"
        elif describe_file is not None:
            info.location = describe_file(filename, lineno)
        else:
            info.location = f"{filename}:{lineno}"
    return info


class ReportFailed(Exception):
    """jaxmagic could not build the report of a failed call; the front raises the user's own error.

    Attributes
    ----------
    original : BaseException
        The user's exception, unchanged.
    fault : str
        What went wrong in jaxmagic, as one line.
    """

    def __init__(self, original: BaseException, fault: str) -> None:
        super().__init__(fault)
        self.original = original
        self.fault = fault


@dataclasses.dataclass
class TraceReport(Displayed):
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
    def lines(self) -> list[SourceLine]:
        """The cell's source lines, each with the equations it produced (``jaxmagic.SourceLine``).

        Numbered as the cell's own lines (line 1 is ``%%jittrace``); a line that
        ran while tracing without producing an operation, or never ran, says so.
        """
        # lazy: the jaxpr walker behind report.lines loads with the first report shown or read line by line
        from .lines import source_lines

        if self.filename is None:
            return []
        text = "".join(shown_lines(self.filename)) or (self.source or "")
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

    def __repr__(self) -> str:
        return self.text()
