"""The static argument a library's jit hashed, found traced in the library's frames.

A value given to a library earlier (``limb_dark_light_curve(..., order=order)``) that its own ``jax.jit`` takes
as static, or a leaf of an object there (a Module's field the user's jit traced): JAX's message says only the
hashed tracer's type, and the frames hold the value.
"""
from __future__ import annotations

import types

from ..._common.errors import is_jax_file, is_user_file, leaves_of
from ..provenance import Tracer

__all__ = ["hashed_in_library"]


def hashed_in_library(entries: list[types.TracebackType], aval: str) -> list:
    """The tracers of type ``aval`` held by the library frames of the failure, innermost frame first: the
    static argument a library's jit hashed, given to it earlier (``limb_dark_light_curve(..., order=order)``), or
    a leaf of an object there (signax's ``self.depth``, a Module's field the user's jit traced)."""
    for tb in reversed(entries):
        filename = tb.tb_frame.f_code.co_filename
        if is_user_file(filename) or is_jax_file(filename):
            continue
        values = list(tb.tb_frame.f_locals.values())[:64]
        found = [v for v in values if isinstance(v, Tracer) and str(v.aval) == aval] or list({
            id(leaf): leaf for v in values if not isinstance(v, Tracer) for leaf in leaves_of(v)
            if isinstance(leaf, Tracer) and str(leaf.aval) == aval}.values())
        if found:
            return found
    return []
