"""Explain a tracing error met while running user code (a cell, a ``%jittrace`` call).

Finds what :func:`jaxmagic.explain` needs: the jitted function and the
arguments of the failing call, recovered from the traceback (real values),
or else rebuilt from the signature jaxmagic recorded when the trace began
(abstract values: shapes, dtypes and static values).
"""
from __future__ import annotations

import linecache
import re
import types
from collections.abc import Callable
from typing import Any

import jax

from .._common import journal
from .._common.errors import (called_from, is_installed_library, is_jax_file, is_user_file, tracing_error_in,
                             tracing_kind, user_entries)
from .._common.through import checking_wrapper
from .._tracking.observed.adapters import is_library_jit, is_wrapper
from .._tracking.signature import abstract_call
from .._common.frames import quiet_leaves, unhashable_jitted_method
from .._tracking.tracked import TraceRecord, is_jit_object, tracked_of
from .explanation import Explanation

__all__ = ["explain_failure", "explainable", "unknown_while_tracing"]


def explain_failure(
    exc: BaseException,
    *,
    call: tuple[Any, tuple, dict] | None = None,
    record: TraceRecord | None = None,
    describe: Callable[[str, int], str] | None = None,
) -> Explanation | None:
    """The explanation of ``exc``, or None (never an exception of jaxmagic's own).

    Parameters
    ----------
    call : (fn, args, kwargs), optional
        The failing call when the caller knows it (``%jittrace f(x)``).
    record : TraceRecord, optional
        jaxmagic's record of the trace that failed, if any.
    describe : callable, optional
        Names a file and line as the reader knows them (``cell line 3``).
    """
    try:
        # lazy: the explanation engine (fix builders, verification) loads on the first failure, not at start-up
        from .explain import explained, relocate

        fn, args, kwargs = call if call is not None else _find_call(exc, record)
        if fn is not None and isinstance(fn, types.MethodType):
            fn, args = fn.__func__, None if args is None else (fn.__self__, *args)
        found = explained(exc, fn, args, kwargs, None, None, ran_here=True)
        if found is None or found.analysis_failed:
            return None  # the caller says no explanation was found, beside the user's own error
        if describe is not None:
            relocate(found, describe)
        journal.record(found)  # what the user is shown, placed in their cells
        return found
    except Exception:  # noqa: BLE001 - the report then says no explanation was found
        return None


def explainable(exc: BaseException) -> BaseException | None:
    """The exception to explain for ``exc``: JAX's tracing error (``exc``, or the one a library raised another while
    handling), or ``exc`` itself where a library's own error met a tracer the user's call handed to a parameter the
    library's signature types as a Python value (pydantic serialising tokamax's traced ``is_causal``), or an
    ``AttributeError`` on a tracer that stands for an object with a ``dtype`` the call passed (a quimb network jit
    traced as a scalar); else None."""
    found = tracing_error_in(exc)
    if found is not None:
        return found
    from .reach.annotated import python_value_refused  # lazy: the engine loads on the first failure
    if python_value_refused(exc) is not None:
        return exc
    if isinstance(exc, AttributeError) and "Tracer" in str(exc):  # an object with a dtype jit traced as an array
        from .stages.locate import traced_as_an_array  # lazy: the engine loads on the first failure
        fn, args, kwargs = _find_call(exc, None)
        if fn is not None and args is not None and traced_as_an_array(exc, fn, tuple(args), dict(kwargs or {})):
            return exc
    return None


def unknown_while_tracing(exc: BaseException, describe: Callable[[str, int], str] | None = None) -> str | None:
    """One honest line for an error raised inside code JAX was tracing that is no tracing error jaxmagic knows.

    None when ``exc`` is a tracing error, or was not raised under a JAX transformation (the user's own
    error in plain Python needs nothing from jaxmagic).
    """
    try:
        if tracing_kind(exc) is not None:
            return None
        user = user_entries(exc.__traceback__)
        if not user or not called_from(user[-1].tb_frame, is_jax_file):
            return None
        if not any(isinstance(v, jax.core.Tracer) for v in user[-1].tb_frame.f_locals.values()):
            return None  # JAX called the code (tree_map, a callback at run time) but traced nothing there
        entry = user[-1]
        name = entry.tb_frame.f_code.co_name
        filename, line = entry.tb_frame.f_code.co_filename, entry.tb_lineno
        where = describe(filename, line) if describe is not None else f"{filename}:{line}"
        return (f"jaxmagic: this {type(exc).__name__} was raised while JAX traced `{name}` ({where}), but it is "
                "not a tracing error jaxmagic knows; JAX's message above is all there is.")
    except Exception:  # noqa: BLE001 - say nothing rather than something wrong
        return None


def _find_call(exc: BaseException, record: TraceRecord | None) -> tuple[Any, tuple | None, dict | None]:
    # lazy: recovering the call from the traceback is part of the engine that loads on the first failure
    from .recover import recover_call

    tracked = record.function if record is not None else None
    hashed = unhashable_jitted_method(exc) is not None  # jax.jit(model): the user's jit, of a library's callable
    written = _jit_written(exc)  # jax.jit(model.apply)(params, x, 2): the user's own jit, of a library's callable

    def is_target(obj: Any) -> bool:
        if (hashed or written) and is_jit_object(obj):
            return True
        if tracked is not None and tracked_of(getattr(tracked, "jitted", None)) is tracked:
            return tracked_of(obj) is tracked or tracked_of(getattr(obj, "__func__", None)) is tracked
        inner = getattr(obj, "func", None)  # a library wrapper bound to an instance
        if is_wrapper(obj) or (inner is not None and is_wrapper(inner)) or checking_wrapper(obj):
            return True  # (chex.chexify(jax.jit(f)): the jit inside is read as the call)
        return ((is_jit_object(obj) or is_jit_object(getattr(obj, "__func__", None))) and not is_library_jit(obj)
                and not _jax_own(obj)) or _transformed_by_jax(obj)

    recovered = recover_call(exc, is_target)
    if recovered is not None and _library_jit_inside_a_trace(*recovered):  # jaxfmm's jitted ``eval_potential`` run by
        # the user's jitted ``energy``: the user's call is further out, as the cell made it
        inner = recovered[0]
        outer = recover_call(exc, lambda obj: obj is not inner and is_target(obj) and not _library_jitted(obj))
        recovered = outer if outer is not None and outer[1] is not None else recovered
    if recovered is not None and recovered[1] is not None:
        return recovered
    if tracked is not None and record is not None and record.signature is not None and tracked.jitted is not None:
        args, kwargs = abstract_call(record.signature)
        return tracked.jitted, tuple(args), kwargs
    if recovered is not None:
        return recovered  # the function without its arguments
    return None, (), {}


def _library_jitted(obj: Any) -> bool:
    """A ``jax.jit`` object of a function an installed library defines (not a wrapper library's own jit)."""
    code = getattr(getattr(obj, "__wrapped__", None), "__code__", None)
    return is_jit_object(obj) and code is not None and is_installed_library(code.co_filename)


def _library_jit_inside_a_trace(fn: Any, args: tuple | None, kwargs: dict | None) -> bool:
    """True when ``fn`` is a library's jitted function the recovered call gave tracers: it ran inside a trace."""
    if not _library_jitted(fn):
        return False
    try:
        leaves = quiet_leaves((list(args or ()), dict(kwargs or {})))
    except Exception:  # noqa: BLE001 - arguments JAX cannot flatten: the call stays as recovered
        return False
    return any(isinstance(leaf, jax.core.Tracer) for leaf in leaves[:256])


def _jit_written(exc: BaseException) -> bool:
    """True when the user's outermost line of the error calls a ``jax.jit(...)`` it writes inline."""
    user = user_entries(exc.__traceback__)
    line = linecache.getline(user[0].tb_frame.f_code.co_filename, user[0].tb_lineno) if user else ""
    return re.search(r"\bjit\([^()]*(?:\([^()]*\))?[^()]*\)\s*\(", line) is not None


def _transformed_by_jax(obj: Any) -> bool:
    """A JAX transformation's wrapper around a function of the user's (``jax.vmap(f)`` called in the cell): the
    call the user made, as :func:`jaxmagic.explain` is given it."""
    code = getattr(obj, "__code__", None)
    wrapped = getattr(obj, "__wrapped__", None)  # (``jax.grad(f)`` of a jitted ``f``: the function inside the jit)
    inner = getattr(getattr(wrapped, "__wrapped__", None) if is_jit_object(wrapped) else wrapped, "__code__", None)
    return code is not None and inner is not None and is_jax_file(code.co_filename) and \
        is_user_file(inner.co_filename) and not is_jit_object(obj)


def _jax_own(obj: Any) -> bool:
    """True for a function JAX jitted itself (``jnp.dot``): the user's failing call is further out."""
    wrapped = getattr(obj, "__wrapped__", None) or getattr(obj, "_fun", None)
    return is_jax_file(getattr(getattr(wrapped, "__code__", None), "co_filename", ""))
