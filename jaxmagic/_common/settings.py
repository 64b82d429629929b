"""jaxmagic's settings: when advice is given, the recompile limit, how often the panel redraws.

One object, :data:`thresholds` (``jaxmagic.thresholds``), holds them. In
IPython the same values are the traits of the ``JitTrace`` configurable
(``%config JitTrace.limit = 20``): each side tells the other of a change, so
both always read alike. A bad value is refused with a message naming the
setting.
"""
from __future__ import annotations

import dataclasses
import math
import numbers
from collections.abc import Callable
from typing import Any

__all__ = ["Thresholds", "thresholds", "DEFAULT_LIMIT", "checked", "on_change", "off_change"]

DEFAULT_LIMIT = 8  # compiles of one function before the limit warns (PyTorch's recompile limit is 8 too)


@dataclasses.dataclass
class Thresholds:
    """When a pattern of compiles becomes advice or a warning, and how often the panel redraws.

    Attributes
    ----------
    static_values : int
        Distinct values of one static argument (``static-churn``).
    axis_sizes : int
        Distinct sizes of one axis of one argument (``shape-churn``).
    redefinitions : int
        Compiles caused by a new function object (``redefined-function``).
    weak_type_flips : int
        Compiles caused by a Python scalar turning into an array or back.
    unrolled_equations : int
        Equations one Python loop body line became (``unrolled-loop``).
    limit : int or None
        Compiles of one function after which one warning names it, its
        reasons and the advice (while the extension is loaded); None: off.
    limit_raises : bool
        Raise :class:`jaxmagic.RecompileLimitError` at every compile past
        ``limit`` instead of warning once (for notebook tests).
    redraw_interval : float
        Seconds between two redraws of the live panel, at least.
    """

    static_values: int = 5
    axis_sizes: int = 5
    redefinitions: int = 3
    weak_type_flips: int = 1
    unrolled_equations: int = 100
    limit: int | None = DEFAULT_LIMIT
    limit_raises: bool = False
    redraw_interval: float = 0.3

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        value = checked(name, value)
        changed = getattr(self, name, _UNSET) != value
        object.__setattr__(self, name, value)
        if changed and self is globals().get("thresholds"):  # only jaxmagic's own settings are shared
            for listener in list(_listeners):
                listener(name, value)


_UNSET = object()
_listeners: list[Callable[[str, Any], None]] = []
_FIELDS = {field.name for field in dataclasses.fields(Thresholds)}


def checked(name: str, value: Any) -> Any:
    """``value`` if it suits setting ``name``; else a short error naming the setting."""
    if name not in _FIELDS:
        known = ", ".join(sorted(_FIELDS))
        raise AttributeError(f"jaxmagic.thresholds has no setting {name!r} (settings: {known})")
    if name == "limit_raises":
        if value not in (True, False):  # 1 and 0 too, as a configuration file may say
            raise TypeError(f"jaxmagic.thresholds.limit_raises must be True or False, got {value!r}")
        return bool(value)
    if name == "redraw_interval":
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value < math.inf:
            raise ValueError(f"jaxmagic.thresholds.redraw_interval must be seconds, 0 or more, got {value!r}")
        return float(value)
    if name == "limit" and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        off = " (or None: no limit)" if name == "limit" else ""
        raise ValueError(f"jaxmagic.thresholds.{name} must be a whole number, 1 or more{off}; got {value!r}")
    return int(value)


def on_change(listener: Callable[[str, Any], None]) -> None:
    """Call ``listener(name, value)`` whenever a setting changes (the ``JitTrace`` configurable)."""
    if listener not in _listeners:
        _listeners.append(listener)


def off_change(listener: Callable[[str, Any], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


thresholds = Thresholds()
