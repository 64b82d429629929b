"""After stage five: a fix that worked on its line, met by the same error on another line, made there too.

A function often has the same problem twice (``y[t < t0]`` and then ``y[t >= t0]``, two ``if`` tests on
traced values): the preferred fix, tried, gets past its own line and fails on the next one the same way.
That try is not a failure of the fix. The second line is located and given the fix of the same kind,
exactly as the first was (the same stages, on the error the try raised), and both edits are tried together,
for at most a few lines.

One fix moves the problem on by design: ``int(x)`` rewritten as ``x.astype(jnp.int32)`` is still a traced int,
and the next line that needs a Python int (``strain[start:start + n]``) fails with another kind of error. There
the fix offered for that line (``lax.dynamic_slice_in_dim``) joins the cast, and the two together are the fix.
"""
from __future__ import annotations

from collections.abc import Callable

from ..._common.errors import message_of, tracing_error_in, tracing_kind, user_entries
from ..explanation import Explanation, Fix
from ..fixes.rewrites import Edit
from .attribute import attribute
from .locate import locate
from .offer import offer
from .record import Failure

__all__ = ["follow_through"]

_MORE_LINES = 3  # lines fixed alike, beyond the first


def follow_through(failure: Failure, retry: Callable[[list[Fix]], None]) -> None:
    """Extend the preferred fix, when its try failed the same way on another line of the same file, with the
    fix of its kind for that line, and try them together (``retry`` tries fixes as stage five did)."""
    first = failure.found.fixes[0] if failure.found.fixes else None
    if first is None or type(first.recipe) is not Edit:
        return
    lines = [first.recipe.target.lineno]
    expected, wanted, named = failure.kind, first.kind, None  # named: (kind, kinds, summary) once a cast went on
    for _ in range(_MORE_LINES):
        again = tracing_error_in(first.failed_with) if first.verified is False and first.failed_with else None
        where = _user_line(again) if again is not None else None
        if again is None or where is None or where[0] != failure.found.filename or where[1] in lines:
            return
        # ``int(t * fs)`` cast with ``astype`` is a traced int: the line that uses it as a Python int (a slice
        # bound) is where the structure must change, ``lax.dynamic_slice`` there
        onward = named is None and first.kind == "astype" and tracing_kind(again) in _CAST_MEETS
        # ``flux[keep]`` with ``flux`` a NumPy array: NumPy converts the traced mask, the same selection by a mask
        as_kind = expected if (expected, tracing_kind(again)) == ("boolean-index", "array-conversion") else None
        if tracing_kind(again) != expected and not onward and as_kind is None:
            return
        second = _fix_on_its_line(failure, again, None if onward else wanted, as_kind)
        if second is None:
            return
        edit = first.recipe
        together = Edit(edit.target, edit.replacement,
                        [*edit.also, (second.recipe.target, second.recipe.replacement), *second.recipe.also])
        if onward:
            named = (second.kind, (second.kind, *first.kinds), f"{first.summary}; then {second.summary}")
        kind, kinds, summary = named or (first.kind, first.kinds, first.summary)
        tried = Fix(kind, _code_by_line(together), summary, kinds=kinds, warning=first.warning, recipe=together)
        retry([tried])
        if tried.verified is None:  # not tried at all: keep what the first try said
            return
        lines.append(where[1])
        first.code, first.recipe, first.verified, first.failed_with = tried.code, together, tried.verified, \
            tried.failed_with
        if named is not None and tried.verified:  # named by what changes the structure: the cast alone did not trace
            first.kind, first.kinds, first.summary = tried.kind, tried.kinds, tried.summary
        others = ", ".join(str(n) for n in lines[1:])
        first.outcome = (f"{tried.outcome} (line {others}: where the cast value is used as a Python int, changed "
                         "there)" if named else f"{tried.outcome} (line{'s' if len(lines) > 2 else ''} {others}: "
                         "the same problem, fixed alike)") if tried.verified else tried.outcome
        if onward:  # the cast's next use of the same kind is fixed as this one was
            expected, wanted = tracing_kind(again), second.kind


def _code_by_line(edit: Edit) -> str:
    """Each line's rewrite in source order, each saying which line of the user's it replaces."""
    parts = sorted([(edit.target, edit.replacement), *edit.also], key=lambda pair: pair[0].lineno)
    shown = []
    for node, replacement in parts:
        text = Edit(node, replacement).code().split("\n")
        text[0] += f"   # line {node.lineno}"
        shown.append("\n".join(text))
    return "\n".join(shown)


def _user_line(exc: BaseException) -> tuple[str, int] | None:
    user = user_entries(exc.__traceback__)
    return (user[-1].tb_frame.f_code.co_filename, user[-1].tb_lineno) if user else None


_CAST_MEETS = ("traced-shape", "integer-conversion")  # where a value cast to a traced int is used next


def _fix_on_its_line(failure: Failure, again: BaseException, kind: str | None, as_kind: str | None = None
                     ) -> Fix | None:
    """The fix of ``kind`` (None: the first of any kind with code for the line) the stages offer for ``again``,
    the error a try raised on another line (read as an error of ``as_kind`` where given)."""
    found = Explanation(kind=as_kind or tracing_kind(again) or failure.kind, error_type=type(again).__name__, exception=again,
                        docs=failure.found.docs)
    record = Failure(again, message_of(again), found, None, None, failure.fn, failure.wrapper)
    try:
        for stage in (locate, attribute, offer):
            stage(record)
    except Exception:  # noqa: BLE001 - the other line is not read: the first fix stays as it was tried
        return None
    return next((f for f in found.fixes if (kind is None or f.kind == kind) and type(f.recipe) is Edit), None)
