"""The one reader of JAX's private configuration: its tracing context, and its traceback filtering.

JAX keys its trace cache on a *tracing context* (the values of the options
that change what is traced: ``jax_default_matmul_precision``,
``jax_numpy_dtype_promotion``, …) and filters its own frames out of
tracebacks. Neither has a public reading, so both are read here, in one
module: a JAX release that moves them breaks this module alone, and
``tests/test_jax_internals.py`` says which reading broke. Every reading
degrades to "not known" rather than failing.
"""
from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator

from jax._src import config as _config, source_info_util, traceback_util

__all__ = ["trace_context", "trace_context_names", "traceback_filtering_off", "frames_filtered", "hide_frames_of", "private_trace_caches"]


def trace_context() -> tuple:
    """JAX's tracing context now, as JAX keys its trace cache on it (raises where this JAX has none)."""
    return tuple(_config.trace_context())


def trace_context_names() -> tuple[str, ...]:
    """The option names of :func:`trace_context`'s entries (raises where this JAX does not say them)."""
    return tuple(_config.trace_context_names())


@contextlib.contextmanager
def traceback_filtering_off() -> Iterator[None]:
    """JAX's frames kept in tracebacks raised inside (jaxmagic's own probes read them), in this thread."""
    with _config.traceback_filtering("off"):
        yield


def frames_filtered(exc: BaseException) -> bool:
    """True when JAX removed its own frames from ``exc``'s traceback (a script's default): the JAX frames left,
    if any, are where the error surfaced, not where the failing value was handled."""
    notes = getattr(exc, "__notes__", None) or ()
    return any("removed its internal frames" in str(n) for n in notes) or \
        type(exc.__cause__).__name__ == "UnfilteredStackTrace"


def hide_frames_of(folder: str) -> None:
    """Leave the files under ``folder`` out of JAX's filtered tracebacks and of the source line JAX records
    for each equation (jaxmagic's recorder sits between JAX and the user's function)."""
    for module in (traceback_util, source_info_util):
        try:
            if folder not in module._exclude_paths:
                module.register_exclusion(folder)
        except AttributeError:  # another JAX: its frames show, nothing breaks
            pass


# An option JAX keys its caches on (part of the tracing context) that changes nothing a trace does: the
# version of an XLA profile, read only when compiling with profile-guided optimisation.
_PRIVATE_KEY = "jax_xla_profile_version"
_private_values = itertools.count(1 << 30)


@contextlib.contextmanager
def private_trace_caches() -> Iterator[bool]:
    """Traces inside are cached by JAX under a tracing context of their own, new on every entry, in this
    thread: nothing they cache can serve a later trace outside (or another probe). Yields False, with
    nothing changed, where this JAX has no such option."""
    state = getattr(_config, _PRIVATE_KEY, None)
    if state is None or not callable(state):
        yield False
        return
    try:
        before = trace_context()
        scope = state(next(_private_values))
        scope.__enter__()
    except Exception:  # noqa: BLE001 - another JAX: no private caches
        yield False
        return
    try:
        yield trace_context() != before
    finally:
        scope.__exit__(None, None, None)
