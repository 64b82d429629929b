"""The kind an explanation reports: what the traced value was needed as, where that differs from the conversion
that refused it.

The stages before work from the conversion (its fixes are a conversion's: static first); the kind the user reads
names the need: a library's own code that refused the value while it makes a shape of it (cryojax's
``_set_padded_shape`` comparing ``pad_scale`` in an ``if``; its check that ``padded_shape`` holds Python ints) is
a ``traced-shape``. ``int(x)`` of a tracer stays JAX's ``concretization``: the project's labels disagree there.
"""
from __future__ import annotations

import re

from ..._common.errors import SIZE_NAME, message_of
from ..._common.frames import library_entry

__all__ = ["needed_kind"]

_NAMED = re.compile(r"`(?:\w+\.)*(\w+)`")  # a name a library's message quotes: `BasicImageConfig.padded_shape`
_CONVERSIONS = ("bool-conversion", "integer-conversion", "concretization")
# a library function that makes a shape, by its name (``_set_padded_shape``, ``pad_lengths``)
_SHAPING = re.compile(r"(?:^|_)(?:shape|shapes|size|sizes|length|lengths|pad|padded|padding|dims?)(?:_|$)", re.I)


def needed_kind(kind: str, exc: BaseException) -> str:
    """``kind`` as the user reads it: what the value was needed as (module docstring)."""
    if kind not in _CONVERSIONS:
        return kind
    return "traced-shape" if _making_a_shape(exc) else kind


def _making_a_shape(exc: BaseException) -> bool:
    """True when the innermost frame outside JAX is an installed library's function named for a size or shape
    (``_set_padded_shape``), or a library's own error quotes such a name (```padded_shape` was not a tuple```)."""
    entry = library_entry(exc)
    if entry is None:
        return False
    if _SHAPING.search(entry.tb_frame.f_code.co_name.strip("_")):
        return True
    raised_by_library = not type(exc).__module__.startswith("jax")
    return raised_by_library and any(SIZE_NAME.search(name) for name in _NAMED.findall(message_of(exc)))
