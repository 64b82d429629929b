"""Explain a tracing error met while running user code (a cell, a ``%jittrace`` call).

Finds what :func:`jaxmagic.explain` needs: the jitted function and the
arguments of the failing call, recovered from the traceback (real values),
or else rebuilt from the signature jaxmagic recorded when the trace began
(abstract values: shapes, dtypes and static values).
"""
from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from .._report.build import abstract_call
from .explanation import Explanation
from .._tracking.tracked import TraceRecord, is_jit_object, tracked_of

__all__ = ["explain_caught", "explain_failure", "share_explanation"]


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
        from .explain import explain, relocate  # the explanation engine loads on the first failure

        fn, args, kwargs = call if call is not None else _find_call(exc, record)
        if fn is not None and isinstance(fn, types.MethodType):
            fn, args = fn.__func__, None if args is None else (fn.__self__, *args)
        found = explain(exc, fn, args, kwargs)
        if found is None or found.analysis_failed:
            return None  # the caller says no explanation was found, beside the user's own error
        if describe is not None:
            relocate(found, describe)
        return found
    except Exception:  # noqa: BLE001 - the report then says no explanation was found
        return None


def _find_call(exc: BaseException, record: TraceRecord | None) -> tuple[Any, tuple | None, dict | None]:
    from .recover import recover_call

    tracked = record.function if record is not None else None

    def is_target(obj: Any) -> bool:
        if tracked is not None:
            return tracked_of(obj) is tracked or tracked_of(getattr(obj, "__func__", None)) is tracked
        return is_jit_object(obj) or is_jit_object(getattr(obj, "__func__", None))

    recovered = recover_call(exc, is_target)
    if recovered is not None and recovered[1] is not None:
        return recovered
    if tracked is not None and record is not None and record.signature is not None and tracked.jitted is not None:
        args, kwargs = abstract_call(record.signature)
        return tracked.jitted, tuple(args), kwargs
    if recovered is not None:
        return recovered  # the function without its arguments
    return None, (), {}


def share_explanation(report: Any, found: Explanation | None) -> None:
    """Attach ``found`` to the report's error and to the failed trace entries it belongs to."""
    if found is None or report.error is None:
        return
    report.error.explanation = found
    for entry in report.traces:
        if entry.error is not None and entry.error.exception is found.exception:
            entry.error.explanation = found


def explain_caught(report: Any, records: list[TraceRecord], describe: Callable[[str, int], str]) -> None:
    """Explain the failed traces whose error the cell's own code caught (``try: f(x) except ...``)."""
    for entry in report.traces:
        error = entry.error
        if error is None or error.explanation is not None or error.kind is None:
            continue
        record = next((r for r in records if r.error is error.exception), None)
        error.explanation = explain_failure(error.exception, record=record, describe=describe)
