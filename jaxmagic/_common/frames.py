"""Which entries of a traceback are the user's, JAX's or an installed library's.

:func:`traceback_entries` walks a traceback, :func:`user_entries` keeps the
user's code (cells and their own modules, not JAX, Python or jaxmagic), and
:func:`user_frame` names the innermost of those: where in the user's code an
error arose. :func:`called_from` asks whether a frame runs under code of a
kind (a JAX transformation, the user's code).
"""
from __future__ import annotations

import linecache
import os
import re
import sys
import sysconfig
import types
from collections.abc import Callable

import jax

__all__ = [
    "called_from", "is_installed_library", "is_jax_file", "is_user_file", "short_path", "traceback_entries",
    "user_entries", "user_frame",
]

# each root ends with a separator: ``site-packages/jax/`` holds JAX, ``site-packages/jaxwt/`` does not
_JAX_ROOTS = tuple(
    os.path.dirname(os.path.abspath(m.__file__)) + os.sep
    for m in (jax, sys.modules.get("jaxlib"), sys.modules.get("opt_einsum"))  # opt_einsum: jnp.einsum's planner
    if m is not None and getattr(m, "__file__", None)
)


def is_jax_file(filename: str) -> bool:
    """True for JAX's own code (``jax``, ``jaxlib``, and ``opt_einsum``, which ``jnp.einsum`` plans with)."""
    return bool(filename) and os.path.abspath(filename).startswith(_JAX_ROOTS)


def called_from(frame: types.FrameType | None, in_file: Callable[[str], bool]) -> bool:
    """True when ``frame`` or one of its callers runs code of a file ``in_file`` accepts (``is_jax_file``:
    a JAX transformation is running; ``is_user_file``: the user's code led here)."""
    for _ in range(512):
        if frame is None:
            return False
        if in_file(frame.f_code.co_filename):
            return True
        frame = frame.f_back
    return False


_LIBRARY_ROOTS = tuple(
    os.path.dirname(os.path.abspath(m.__file__)) + os.sep
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
