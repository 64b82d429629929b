"""Contexts a library's wrapper set up around the trace that failed, set up again while jaxmagic traces again.

chex's ``chexify`` checks values inside a jitted function (``chex.assert_trees_all_close`` on traced arrays,
through ``checkify``); its value assertions refuse to run unless a chexified call is in progress, a level on a
thread-local of chex's that the wrapper raises for the length of the call. Every run again of a trace that the
user's chexified call made (a fix tried, the run that must first fail as the user's did) met chex's own
``RuntimeError`` instead. Where the user's code imported chex, the level is raised for the length of the
explanation (a leak's trace ran inside a chexified call that has ended, and the error's traceback does not show
it): nothing but chex's value assertions inside a trace reads it. chex is never imported here.
"""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

__all__ = ["reentered"]


@contextlib.contextmanager
def reentered(exc: BaseException) -> Iterator[None]:
    """Inside, the contexts library wrappers set up around the traces of the user's code are set up again (``exc``:
    the error explained)."""
    storage = _chexify_level()
    if storage is None:
        yield
        return
    storage.level += 1
    try:
        yield
    finally:
        storage.level -= 1


def _chexify_level() -> object | None:
    """chex's thread-local whose ``level`` counts chexified calls in progress, when chex is loaded."""
    internal = sys.modules.get("chex._src.asserts_internal")
    storage = getattr(internal, "CHEXIFY_STORAGE", None)
    return storage if isinstance(getattr(storage, "level", None), int) else None
