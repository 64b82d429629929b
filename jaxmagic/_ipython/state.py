"""Process-wide state shared by the IPython front: which shells loaded us, hooks, panels, the last report."""
from __future__ import annotations

import weakref
from typing import Any

loaded: dict[int, bool] = {}
last_report: Any = None
explain_hooks: dict[int, Any] = {}  # shell id -> ExplainHook
panels: list[weakref.ref] = []  # every Panel made, weakly


def open_panels() -> list[Any]:
    """The panels still open (the panel module itself loads with the first ``%jittrace_panel``)."""
    return [p for p in (r() for r in panels) if p is not None and not p.closed]
