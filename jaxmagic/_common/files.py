"""Whose code a file is: the user's, JAX's, Python's, or an installed library's (one installed from a clone too).

A library installed in development mode (``pip install -e`` of a clone: hydrax, which has no release) runs from
its clone, outside ``site-packages``; its files are a library's unless the working folder is inside that clone
(the user's own project, installed so that its notebooks import it).
"""
from __future__ import annotations

import json
import linecache
import os
import re
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from urllib.parse import unquote, urlparse

import jax

__all__ = ["installed_package", "is_installed_library", "is_jax_file", "is_user_file", "is_users_class",
           "set_shown_lines", "short_path", "shown_lines", "source_line"]

# each root ends with a separator: ``site-packages/jax/`` holds JAX, ``site-packages/jaxwt/`` does not
_JAX_ROOTS = tuple(
    os.path.dirname(os.path.abspath(m.__file__)) + os.sep
    for m in (jax, sys.modules.get("jaxlib"), sys.modules.get("opt_einsum"))  # opt_einsum: jnp.einsum's planner
    if m is not None and getattr(m, "__file__", None)
)


def is_jax_file(filename: str) -> bool:
    """True for JAX's own code (``jax``, ``jaxlib``, and ``opt_einsum``, which ``jnp.einsum`` plans with)."""
    return bool(filename) and os.path.abspath(filename).startswith(_JAX_ROOTS)


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
    if not os.path.isabs(filename) and not os.path.exists(filename):
        return False  # a compiled library's relative name for its source (plum's ``src/plum/_function.py``)
    path = os.path.abspath(filename)
    if path.startswith(_LIBRARY_ROOTS) or _WRITTEN_BY_A_LIBRARY.match(path):
        return False
    if path.startswith(_STDLIB) and "site-packages" not in path:
        return False
    if _cloned_library(path):
        return False
    return "site-packages" not in path or "ipykernel_" in path


def is_users_class(cls: type) -> bool:
    """True for a class the user wrote (a notebook cell, a script), not an installed library's.

    Read off the files its own functions were compiled from (a cell's class lives in ``__main__``, which in a
    kernel or under a test runner is the launcher's installed module), else off its module's file.
    """
    for member in vars(cls).values():
        code = getattr(getattr(member, "__func__", member), "__code__", None)
        if code is not None:
            return is_user_file(code.co_filename)
    if getattr(cls, "__module__", None) == "__main__":
        return True
    filename = getattr(sys.modules.get(getattr(cls, "__module__", "")), "__file__", None)
    return filename is None or is_user_file(filename)


_INSTALLED = re.compile(r"[\\/](?:site|dist)-packages[\\/]")
# code a library wrote to a temporary file and ran (pytensor's JAX graph, ``/tmp/tmpy1mt5hl5``): no suffix
_WRITTEN_BY_A_LIBRARY = re.compile(re.escape(tempfile.gettempdir()) + r"[\\/]tmp\w{6,}$")


def is_installed_library(filename: str) -> bool:
    """True for a file of an installed package (flax, optax, ...), or code one wrote and ran, not the user's."""
    return bool(filename) and (bool(_INSTALLED.search(filename)) and "ipykernel_" not in filename or
                               bool(_WRITTEN_BY_A_LIBRARY.match(filename)) or _cloned_library(filename))


def installed_package(filename: str) -> str | None:
    """The installed package a file belongs to (``jaxls`` for ``.../site-packages/jaxls/_cost.py``), else None."""
    parts = os.path.normpath(filename).split(os.sep)
    at = max((i for i, part in enumerate(parts) if part in ("site-packages", "dist-packages")), default=-1)
    if at < 0 and _cloned_library(filename):  # the outermost folder of packages holding it, in its clone
        folder = os.path.dirname(os.path.abspath(filename))
        while os.path.exists(os.path.join(os.path.dirname(folder), "__init__.py")):
            folder = os.path.dirname(folder)
        return os.path.basename(folder) if os.path.exists(os.path.join(folder, "__init__.py")) else None
    return parts[at + 1].removesuffix(".py") if 0 <= at < len(parts) - 1 else None


_clones: dict[tuple, tuple[str, ...]] = {}


def _cloned_library(filename: str) -> bool:
    """True for a file of a package installed in development mode from a folder the working folder is not in."""
    path = os.path.abspath(filename)
    here = os.path.abspath(os.curdir) + os.sep
    return any(path.startswith(root) and not here.startswith(root) for root in _clone_roots())


def _clone_roots() -> tuple[str, ...]:
    """The folders packages were installed from in development mode (each ending with a separator), read once for
    each ``sys.path``: ``direct_url.json`` marked editable, or a setuptools ``.egg-link``."""
    key = tuple(sys.path)
    if key not in _clones:
        roots = []
        for folder in {p for p in sys.path if isinstance(p, str) and _INSTALLED.search(p + os.sep)}:
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                root = _clone_root(os.path.join(folder, name))
                if root and root != os.sep:
                    roots.append(root.rstrip(os.sep) + os.sep)
        _clones.clear()
        _clones[key] = tuple(roots)
    return _clones[key]


def _clone_root(entry: str) -> str | None:
    try:
        if entry.endswith(".dist-info"):
            with open(os.path.join(entry, "direct_url.json"), encoding="utf-8") as file:
                said = json.load(file)
            url = urlparse(said.get("url", ""))
            editable = (said.get("dir_info") or {}).get("editable")
            return os.path.abspath(unquote(url.path)) if editable and url.scheme == "file" else None
        if entry.endswith(".egg-link"):
            with open(entry, encoding="utf-8") as file:
                return os.path.abspath(file.readline().strip())
    except (OSError, ValueError, AttributeError):
        return None
    return None


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


# --- the lines of the user's files, as the reader sees them ----------------------------

_typed_lines: Callable[[str], list[str] | None] | None = None


def set_shown_lines(provider: Callable[[str], list[str] | None] | None) -> None:
    """How to read a file's lines as the user typed them (the IPython front: a cell with its magics)."""
    global _typed_lines
    _typed_lines = provider


def shown_lines(filename: str) -> list[str]:
    """A file's lines for a reader: a cell as typed (``%jittrace f(x)``, not the ``get_ipython()`` call
    IPython runs in its place) when the front knows it line for line, else as :mod:`linecache` holds it."""
    lines = linecache.getlines(filename)
    if _typed_lines is not None and lines:
        try:
            typed = _typed_lines(filename)
        except Exception:  # noqa: BLE001 - a front's fault must not cost the lines
            typed = None
        if typed is not None and len(typed) == len(lines):
            return typed
    return lines


def source_line(filename: str, lineno: int) -> str | None:
    """One line of the user's file, without its newline."""
    text = linecache.getline(filename, lineno).rstrip("\n")
    return text or None
