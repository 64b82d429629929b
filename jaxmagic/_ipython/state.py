"""Process-wide state shared by the IPython front: which shells loaded us, hooks, the last report."""
from __future__ import annotations

from typing import Any

loaded: dict[int, bool] = {}
last_report: Any = None
explain_hooks: dict[int, Any] = {}  # shell id -> ExplainHook
