"""``jaxmagic.track``, ``stats`` and ``reset``: recompile statistics from plain Python."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import attribution
from .advice import advise, analyse_loops
from .redefinition import location_namer
from .stats import FunctionStats, registry
from .tracked import tracked_jit

__all__ = ["track", "stats", "reset", "snapshot_rows"]

_library_activation = False


def _ensure_counting() -> None:
    """Counting needs jaxmagic's ``jax.monitoring`` listener; ``track`` starts it once."""
    global _library_activation
    if not _library_activation:
        attribution.activate()
        _library_activation = True


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

    Every jitted function of the process has a row: the ones jaxmagic tracks
    with the reason of every compile and advice, the others (``jit(f)``) with
    counts and compile time. JAX's own helper jits are left out unless
    ``include_internal`` is true.
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
    matches = [r for key, r in list(registry.rows.items()) if key.rsplit(".", 1)[-1] == name]
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
                    del registry.rows[key]  # its function is gone: nothing will count here again
                elif not row.tracked:
                    del registry.rows[key]
                else:
                    row.reset()
    else:
        row = _find(name)
        if row is None:
            raise KeyError(f"no jitted function named {name!r} has been seen")
        row.reset()
    registry.changed()
