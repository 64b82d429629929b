"""Recognising tracing errors and finding the user's line in their traceback.

This is the seam the explanation engine builds on: :func:`tracing_kind` says
whether an exception is a tracing error (whatever its class) and of which
kind, using SPEC's vocabulary; :func:`user_frame` finds where in the user's
code it arose.
"""
from __future__ import annotations

import dataclasses
import linecache
import os
import re
import sys
import sysconfig
import types
from collections.abc import Callable
from typing import Any
import jax

__all__ = ["ErrorInfo", "tracing_kind", "user_frame", "error_info"]

# Exception classes JAX raises only for tracing errors, most specific first.
_CLASS_KINDS: list[tuple[str, str]] = [
    ("TracerBoolConversionError", "bool-conversion"),
    ("TracerIntegerConversionError", "integer-conversion"),
    ("TracerArrayConversionError", "array-conversion"),
    ("NonConcreteBooleanIndexError", "boolean-index"),
    ("UnexpectedTracerError", "leaked-tracer"),
    ("ConcretizationTypeError", "concretization"),
]

# Plain TypeError / IndexError / ValueError / Exception messages that JAX raises
# for tracing errors.  Each pattern is a fragment of JAX 0.10's message.
_MESSAGE_KINDS: list[tuple[type[BaseException], str, str]] = [
    (TypeError, "Shapes must be 1D sequences of concrete values", "traced-shape"),
    (TypeError, "must have __hash__ and __eq__", "traced-shape"),
    (IndexError, "Slice entries must be static integers", "traced-shape"),
    (TypeError, "Slice entries must be static integers", "traced-shape"),
    # JAX 0.8.x words the traced-slice error this way (jax/_src/numpy/indexing.py:950).
    (IndexError, "slice indices must have static start/stop/step", "traced-shape"),
    (ValueError, "Non-hashable static arguments are not supported", "unhashable-static"),
    (TypeError, "Non-hashable static arguments are not supported", "unhashable-static"),
    (TypeError, "is not a valid JAX type", "non-array-argument"),
    (TypeError, "Cannot interpret value of type", "non-array-argument"),
    (TypeError, "as an abstract array", "non-array-argument"),
    (TypeError, "unsupported format string passed to", "concretization"),
    (Exception, "Leaked trace", "leaked-tracer"),
    (Exception, "leaked tracer", "leaked-tracer"),
]


# Hashing a tracer (a dict key, a set member, an lru_cache argument) needs its value.
_UNHASHABLE_TRACER = re.compile(r"unhashable type: '\w*Tracer'")


def tracing_kind(exc: BaseException) -> str | None:
    """SPEC's ``kind`` for a tracing error, or None when ``exc`` is not one."""
    for cls in type(exc).__mro__:
        for name, kind in _CLASS_KINDS:
            if cls.__name__ == name and cls.__module__.startswith("jax"):
                return kind
    text = _message(exc)
    for cls, fragment, kind in _MESSAGE_KINDS:
        if isinstance(exc, cls) and fragment in text:
            return kind
    if isinstance(exc, TypeError) and _UNHASHABLE_TRACER.search(text):
        return "concretization"
    return None


def _message(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - a broken __str__ must not hide the error
        return ""


# --- where in the user's code ------------------------------------------------

_LIBRARY_ROOTS = tuple(
    os.path.dirname(os.path.abspath(m.__file__))
    for m in (jax, sys.modules.get("jaxlib"), sys.modules[__name__.split(".", 1)[0]])
    if m is not None and getattr(m, "__file__", None)
)
_STDLIB = os.path.abspath(sysconfig.get_paths()["stdlib"])


def is_user_file(filename: str) -> bool:
    """True for code the user wrote: cells and their own modules, not JAX or Python."""
    if not filename:
        return False
    if filename.startswith("<") and not filename.startswith("<ipython-input"):
        return False
    path = os.path.abspath(filename)
    if path.startswith(_LIBRARY_ROOTS):
        return False
    if path.startswith(_STDLIB) and "site-packages" not in path:
        return False
    return "site-packages" not in path or "ipykernel_" in path


def user_frame(tb: types.TracebackType | None, prefer: str | None = None) -> tuple[str, int] | None:
    """The innermost user frame of a traceback as ``(filename, lineno)``.

    With ``prefer`` (a cell's filename), the innermost frame in that file wins
    when there is one, so an error inside a helper from an earlier cell is
    still placed on this cell's line that called it.
    """
    frames = []
    while tb is not None:
        frames.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno))
        tb = tb.tb_next
    users = [f for f in frames if is_user_file(f[0])]
    if prefer is not None:
        preferred = [f for f in users if f[0] == prefer]
        if preferred:
            return preferred[-1]
    return users[-1] if users else None


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
        message=_message(exc).strip(),
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

