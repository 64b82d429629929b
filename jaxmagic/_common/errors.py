"""Recognising tracing errors, and the user's own entries in a traceback.

:func:`tracing_kind` says whether an exception is a tracing error (whatever
its class) and of which kind, in SPEC's vocabulary. :func:`traceback_entries`
walks a traceback, :func:`user_entries` keeps the user's code (cells and
their own modules, not JAX, Python or jaxmagic), and :func:`user_frame`
names the innermost of those: where in the user's code an error arose.
"""
from __future__ import annotations

import linecache
import os
import re
import sys
import sysconfig
import types

import jax

__all__ = [
    "tracing_kind", "message_of", "is_user_file", "is_installed_library", "short_path", "traceback_entries",
    "user_entries", "user_frame",
]

# Exception classes JAX raises only for tracing errors, most specific first.
_CLASS_KINDS: list[tuple[str, str]] = [
    ("TracerBoolConversionError", "bool-conversion"),
    ("TracerIntegerConversionError", "integer-conversion"),
    ("TracerArrayConversionError", "array-conversion"),
    ("NonConcreteBooleanIndexError", "boolean-index"),
    ("UnexpectedTracerError", "leaked-tracer"),
    ("ConcretizationTypeError", "concretization"),
]

# JAX's words when an axis or another argument that must be a Python value got a tracer
_STATIC_NEEDED = "argument must be known statically"

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
    # a static argument (or pytree metadata) whose __eq__ raises: JAX compares it with the cached one
    (ValueError, "static arguments should be comparable using __eq__", "unhashable-static"),
    (ValueError, "checking equality of metadata fields of pytree", "unhashable-static"),
    (TypeError, "Non-hashable static arguments are not supported", "unhashable-static"),
    (TypeError, "is not a valid JAX type", "non-array-argument"),
    (TypeError, "Cannot interpret value of type", "non-array-argument"),
    (TypeError, "as an abstract array", "non-array-argument"),
    (TypeError, "unsupported format string passed to", "concretization"),
    (Exception, "Leaked trace", "leaked-tracer"),
    (Exception, "leaked tracer", "leaked-tracer"),
]


# JAX's second line of a ConcretizationTypeError names what needed the concrete value. A size, a length, a
# bound or an axis of one of its functions (jnp.nonzero's size, a jnp.mgrid slice stop, multigammaln's d,
# jnp.arange's stop) is a compile-time argument: traced-shape. A conversion (`int`, `float`) is not.
_SIZE_CAUSE = re.compile(
    r"argument must be known statically|size argument|argument of \S+|It arose in the \S+ argument|"
    r"slice (?:start|stop|step) of|must be static|statically specified"
)
_CONVERSION_CAUSE = re.compile(r"The problem arose with the `")


def _sized_by_tracer(message: str) -> bool:
    cause = "\n".join(message.splitlines()[1:3])
    return bool(_SIZE_CAUSE.search(cause)) and not _CONVERSION_CAUSE.search(cause)


# Hashing a tracer (a dict key, a set member, an lru_cache argument) needs its value.
_UNHASHABLE_TRACER = re.compile(r"unhashable type: '\w*Tracer'")


def tracing_kind(exc: BaseException) -> str | None:
    """SPEC's ``kind`` for a tracing error, or None when ``exc`` is not one."""
    if type(exc).__name__ == "ConcretizationTypeError" and _sized_by_tracer(message_of(exc)):
        return "traced-shape"  # a size, a length, an axis (another compile-time argument) given as a tracer
    for cls in type(exc).__mro__:
        for name, kind in _CLASS_KINDS:
            if cls.__name__ == name and cls.__module__.startswith("jax"):
                return kind
    text = message_of(exc)
    for cls, fragment, kind in _MESSAGE_KINDS:
        if isinstance(exc, cls) and fragment in text:
            return kind
    if isinstance(exc, TypeError) and _UNHASHABLE_TRACER.search(text):
        return "concretization"
    return None


def message_of(exc: BaseException) -> str:
    """``str(exc)``, or "" when the exception's own ``__str__`` fails."""
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


# pseudo-files that libraries fill with code they generate (attrs' methods, sympy's lambdify) or Python's own
_GENERATED = re.compile(r"generated|^<frozen|^<string>$")


def is_user_file(filename: str) -> bool:
    """True for code the user wrote: cells and their own modules, not JAX or Python."""
    if not filename:
        return False
    if filename.startswith("<"):
        # a pseudo-file is the user's when its source is known to linecache: IPython's cells, and
        # what front ends and exec-based tools register under names like <cell-3>; never <frozen ...>
        return filename.startswith("<ipython-input") or (filename in linecache.cache
                                                         and not _GENERATED.search(filename))
    path = os.path.abspath(filename)
    if path.startswith(_LIBRARY_ROOTS):
        return False
    if path.startswith(_STDLIB) and "site-packages" not in path:
        return False
    return "site-packages" not in path or "ipykernel_" in path


_INSTALLED = re.compile(r"[\\/](?:site|dist)-packages[\\/]")


def is_installed_library(filename: str) -> bool:
    """True for a file of an installed package (flax, optax, ...), not of the user's own code."""
    return bool(filename) and bool(_INSTALLED.search(filename)) and "ipykernel_" not in filename


def short_path(filename: str) -> str:
    """A file named for a reader, never by its absolute path.

    Relative to the import root that holds it (``flax/training/dynamic_scale.py`` in site-packages,
    ``models/mlp.py`` in the working folder), else its base name; pseudo-files (``<string>``) as they are.
    """
    if not filename or filename.startswith("<"):
        return filename
    path = os.path.abspath(filename)
    roots = [os.path.abspath(entry or os.curdir) for entry in sys.path if isinstance(entry, str)]
    holding = [root for root in roots if path.startswith(root.rstrip(os.sep) + os.sep)]
    if holding:
        return os.path.relpath(path, max(holding, key=len))
    return os.path.basename(path)


def traceback_entries(tb: types.TracebackType | None) -> list[types.TracebackType]:
    """Every entry of a traceback, outermost first."""
    entries = []
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    return entries


def user_entries(tb: types.TracebackType | None) -> list[types.TracebackType]:
    """The entries of a traceback in the user's own code (:func:`is_user_file`), outermost first."""
    return [entry for entry in traceback_entries(tb) if is_user_file(entry.tb_frame.f_code.co_filename)]


def user_frame(tb: types.TracebackType | None, prefer: str | None = None) -> tuple[str, int] | None:
    """The innermost user frame of a traceback as ``(filename, lineno)``.

    With ``prefer`` (a cell's filename), the innermost frame in that file wins
    when there is one, so an error inside a helper from an earlier cell is
    still placed on this cell's line that called it.
    """
    users = [(entry.tb_frame.f_code.co_filename, entry.tb_lineno) for entry in user_entries(tb)]
    if prefer is not None:
        preferred = [f for f in users if f[0] == prefer]
        if preferred:
            return preferred[-1]
    return users[-1] if users else None
