"""The tracing errors explained in this kernel: a bounded journal of plain records, for saved logs.

Each explanation a user was shown (``jaxmagic.explain``, a ``%%jittrace`` /
``%jittrace`` report, the explain hook) is kept as an :class:`ExplainedError`
of strings and small numbers: never the exception, its traceback or the
user's arrays. An exception explained twice (a report, then
``jaxmagic.explain``) keeps one record, the latest. Only the newest
:data:`LIMIT` are kept.
"""
from __future__ import annotations

import collections
import dataclasses
import threading
import time
import weakref
from typing import Any

__all__ = ["ExplainedError", "FixRecord", "record", "entries", "clear", "LIMIT"]

LIMIT = 200  # records kept; older ones are forgotten


@dataclasses.dataclass(frozen=True)
class FixRecord:
    """One proposed fix, as the user was shown it (see :class:`jaxmagic.Fix`)."""

    kind: str
    code: str
    summary: str = ""
    verified: bool | None = None
    kinds: tuple[str, ...] = ()
    warning: str | None = None
    outcome: str | None = None


@dataclasses.dataclass(frozen=True)
class ExplainedError:
    """An explained tracing error, in the field names of :class:`jaxmagic.Explanation`.

    ``when`` is the time it was explained (``time.time()``); the other fields
    are copied from the explanation, ``fixes`` as :class:`FixRecord`.
    """

    when: float
    kind: str
    error_type: str
    message: str = ""
    function: str | None = None
    argument: str | None = None
    arguments: tuple[str, ...] = ()
    path: str | None = None
    paths: tuple[str, ...] = ()
    filename: str | None = None
    lineno: int | None = None
    location: str | None = None
    source_line: str | None = None
    use_lineno: int | None = None
    use_location: str | None = None
    why: str = ""
    docs: str = ""
    certain: bool = True
    analysis_failed: str | None = None
    fixes: tuple[FixRecord, ...] = ()


_records: collections.OrderedDict[int, ExplainedError] = collections.OrderedDict()
_owners: dict[int, weakref.ref] = {}  # a key's exception, weakly: a reused id is a new exception
_lock = threading.Lock()
_keys = iter(range(1, 1 << 62))


def record(found: Any) -> None:
    """Keep ``found`` (an :class:`~jaxmagic.Explanation`, or None: nothing is kept)."""
    if found is None:
        return
    entry = _from_explanation(found)
    exc = found.exception
    with _lock:
        key = next((k for k, owner in _owners.items() if owner() is exc), None)
        if key is None:
            key = next(_keys)
            try:
                _owners[key] = weakref.ref(exc)
            except TypeError:  # an exception that takes no weak reference: kept, never merged
                pass
        _records[key] = entry  # an exception explained again keeps its place, with the latest words
        while len(_records) > LIMIT:
            old, _ = _records.popitem(last=False)
            _owners.pop(old, None)


def entries() -> list[ExplainedError]:
    """The records, oldest first."""
    with _lock:
        return list(_records.values())


def clear() -> None:
    """Forget every record (``jaxmagic.reset()``)."""
    with _lock:
        _records.clear()
        _owners.clear()


def _from_explanation(found: Any) -> ExplainedError:
    fixes = tuple(
        FixRecord(kind=str(fix.kind), code=str(fix.code), summary=str(fix.summary), verified=fix.verified,
                  kinds=tuple(str(k) for k in fix.kinds), warning=_text(fix.warning), outcome=_text(fix.outcome))
        for fix in found.fixes
    )
    return ExplainedError(
        when=time.time(), kind=str(found.kind), error_type=str(found.error_type), message=str(found.message),
        function=_text(found.function), argument=_text(found.argument),
        arguments=tuple(str(a) for a in found.arguments), path=_text(found.path),
        paths=tuple(str(p) for p in found.paths), filename=_text(found.filename), lineno=found.lineno,
        location=_text(found.location), source_line=_text(found.source_line), use_lineno=found.use_lineno,
        use_location=_text(found.use_location), why=str(found.why), docs=str(found.docs),
        certain=bool(found.certain), analysis_failed=_text(found.analysis_failed), fixes=fixes,
    )


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
