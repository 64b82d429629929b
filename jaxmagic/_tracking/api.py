"""``jaxmagic.track``, ``stats`` and ``reset``: recompile statistics from plain Python."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from .._common import journal
from . import attribution, budget
from .advice import advise, analyse_loops
from .observed import functions
from .redefinition import location_namer
from .stats import FunctionStats, answers_to, registry
from .tracked import TrackedFunction, tracked_jit

__all__ = ["track", "stats", "reset", "snapshot_rows", "watch", "unwatch", "watching"]

_library_activation = False
_activation_lock = threading.Lock()


def watch() -> None:
    """Start counting and explaining every jit in the process, from plain Python (pytest, scripts).

    Installs jaxmagic's one ``jax.monitoring`` listener; from then on every
    trace and compile of any jitted function (plain ``jax.jit``,
    ``flax.nnx.jit``, ``equinox.filter_jit``, jits inside libraries) is
    counted, with its reasons, in :func:`stats`. Calling it again does
    nothing. ``%load_ext jaxmagic`` does the same in a notebook.
    """
    global _library_activation
    with _activation_lock:
        if not _library_activation:
            attribution.activate()
            _library_activation = True


def unwatch() -> None:
    """Undo :func:`watch`: its listener leaves JAX (the extension's stays until it is unloaded).

    Statistics gathered so far are kept; :func:`reset` forgets them.
    """
    global _library_activation
    with _activation_lock:
        if _library_activation:
            attribution.deactivate()
            _library_activation = False


def watching() -> bool:
    """True while every jit is counted: after :func:`watch`, ``track`` or ``%load_ext jaxmagic``."""
    return attribution.active()


_track_activation = False


def _ensure_counting() -> None:
    """``track`` holds an activation of its own, for good: ``unwatch()`` never stops a tracked function's counts."""
    global _track_activation
    with _activation_lock:
        if not _track_activation:
            attribution.activate()
            _track_activation = True


def track(
    fn: Callable | None = None,
    *,
    static_argnames: Any = None,
    static_argnums: Any = None,
    name: str | None = None,
    **jit_kwargs: Any,
) -> Any:
    """``jax.jit`` that counts every trace and compile of ``fn`` and says why each happened.

    Use as ``f = jaxmagic.track(f, static_argnames="n")`` or as a decorator,
    ``@jaxmagic.track`` / ``@jaxmagic.track(static_argnames="n")``. The result
    is a real ``jax.jit`` object: cached calls cost what they cost under
    ``jax.jit``. Statistics are keyed by ``name`` (default: the function's
    ``__qualname__``); see :func:`stats`.
    """
    if fn is not None and not callable(fn):
        raise TypeError(f"jaxmagic.track: expected a function to jit, got {type(fn).__name__} {fn!r:.60}")
    _ensure_counting()
    if static_argnames is not None:
        jit_kwargs["static_argnames"] = static_argnames
    if static_argnums is not None:
        jit_kwargs["static_argnums"] = static_argnums
    if fn is None:
        return lambda f: tracked_jit(f, name=name, **jit_kwargs)
    return tracked_jit(fn, name=name, **jit_kwargs)


def stats(name: str | None = None, *, include_internal: bool = False) -> Any:
    """Recompile statistics: ``{name: FunctionStats}``, or one function's :class:`FunctionStats`.

    Counting needs jaxmagic's listener: ``jaxmagic.watch()`` from plain Python,
    ``%load_ext jaxmagic`` in a notebook (or :func:`track`). From then on
    every jitted function of the process has a row, keyed by the name the
    user knows it by, with the reason of every compile and advice: those
    jaxmagic jits, plain ``jax.jit``, ``flax.nnx.jit`` and
    ``equinox.filter_jit``. A compile JAX's frames do not place (an AOT
    ``.compile()``) counts in a row ``jit(f)`` without reasons. JAX's own
    helper jits are left out unless ``include_internal`` is true.
    """
    if name is not None:
        if not isinstance(name, str):
            raise TypeError(f"jaxmagic.stats: name must be a function's name (a str), got {type(name).__name__}")
        row = _find(name)
        if row is None:
            known = ", ".join(sorted(registry.names())[:12]) or "none yet"
            raise KeyError(f"no jitted function named {name!r} has been seen (known: {known})")
        return _snapshot(row)
    return {n: _snapshot(registry.rows[n]) for n in registry.names(include_internal)}


def _find(name: str) -> Any:
    """A row by its name, by ``jit(name)``, or by the last part of a qualified name when unique."""
    row = registry.rows.get(name) or registry.rows.get(f"jit({name})")
    if row is not None:
        return row
    matches = [r for key, r in list(registry.rows.items()) if name in answers_to(key)]
    return matches[0] if len(matches) == 1 else None


def _snapshot(row: Any, analyse: bool = True) -> FunctionStats:
    if row.tracked:
        if analyse:  # reads the jaxpr back from JAX's cache: never from inside JAX's listener
            owner = row.owner() if row.owner is not None else None
            analyse_loops(row, owner, location_namer())
        return row.snapshot(advise)
    return row.snapshot()


def snapshot_rows(include_internal: bool = False, analyse: bool = True) -> list[FunctionStats]:
    """Every row's statistics, for the panel and the table."""
    return [_snapshot(registry.rows[n], analyse) for n in registry.names(include_internal) if n in registry.rows]


def reset(name: str | None = None) -> None:
    """Forget counts and history: of one function, or of all."""
    if name is None:
        with registry.lock:
            for key, row in list(registry.rows.items()):
                owner = row.owner() if row.owner is not None else None
                if row.tracked and owner is None:
                    registry.drop(key)  # its function is gone: nothing will count here again
                elif not isinstance(owner, TrackedFunction):
                    registry.drop(key)  # a jit jaxmagic observes: its next trace starts a new row
                else:
                    row.reset()
        functions.forget()
        budget.forget_warnings()
        journal.clear()  # the explained errors too: a saved log starts afresh
    else:
        row = _find(name)
        if row is None:
            raise KeyError(f"no jitted function named {name!r} has been seen")
        row.reset()
        budget.forget_warnings(row.name)
    registry.changed()
