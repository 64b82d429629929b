"""Numbers as every view prints them: durations, counts, plurals (one wording everywhere)."""
from __future__ import annotations

__all__ = ["duration", "count", "plural", "size"]


def duration(seconds: float) -> str:
    """``0.4 ms``, ``560 ms``, ``10.0 s``, ``2.5 min``: the precision a reader needs at each scale."""
    if seconds < 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    if seconds < 1:
        return f"{seconds * 1e3:.0f} ms"
    if seconds < 120:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.1f} min"


def count(value: float) -> str:
    """``1,234`` for whole numbers, ``1,234.5`` otherwise."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.1f}"


def plural(n: int, word: str) -> str:
    """``1 trace``, ``2 traces``, ``1,000 compiles``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def size(nbytes: float) -> str:
    """``512 B``, ``64.0 kB``, ``1.5 MB``, ``2.1 GB``: bytes at the scale a reader needs (powers of 1,000)."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if nbytes >= scale:
            return f"{nbytes / scale:.1f} {unit}"
    return f"{int(nbytes)} B"
