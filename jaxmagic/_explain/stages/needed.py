"""The kind an explanation reports: what the traced value was needed as, where that differs from the conversion
that refused it.

The stages before work from the conversion (its fixes are a conversion's: static first); the kind the user reads
names the need: a library's own code that refused the value while it makes a shape of it (cryojax's
``_set_padded_shape`` comparing ``pad_scale`` in an ``if``; its check that ``padded_shape`` holds Python ints) is
a ``traced-shape``. ``int(x)`` of a tracer stays JAX's ``concretization``: the project's labels disagree there.
"""
from __future__ import annotations

import ast
import re
import types
from typing import Any

from ..._common.errors import SIZE_NAME, message_of
from ..._common.frames import library_entry
from ..fixes.site import dotted_of
from ..fixes.sizes import counts_data
from ..rebuild import Names
from ..recover import Impure, evaluate_pure
from ..values.callee import calls_library

__all__ = ["needed_kind", "needs_a_constant"]

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


def needs_a_constant(kind: str, node: Any, user: list[types.TracebackType], message: str, tracer_hashed: bool
                     ) -> bool:
    """True when the failing value was needed as a compile-time constant: a count (``jnp.extract(x > 0, x)``),
    an axis, a repeat count (JAX 0.8.1's ``jnp.tile``), a library jit's static argument (``num_prefix_tokens``,
    ``tracer_hashed``: JAX's message says it hashed a tracer)."""
    if kind == "bool-conversion":
        globals_ = user[-1].tb_frame.f_globals if user else None
        return isinstance(node, ast.Call) and counts_data(dotted_of(node.func) or "", Names(globals_), globals_)
    if kind in ("integer-conversion", "array-conversion"):
        return _jax_function_called(node, user)
    # (a flag, ``JitTracer(bool[])``, is no count: a static option that came in traced, as JAX calls it)
    return kind == "unhashable-static" and tracer_hashed and calls_library(node, user) and not _FLAG.search(message)


_FLAG = re.compile(r"hash an object of type <class '[\w.]*Tracer'>, \w*Tracer[(<]~?bool\[\][)>]")


def _jax_function_called(node: Any, user: list[types.TracebackType]) -> bool:
    """True when the failing expression calls a ``jax.numpy``/``lax`` function with no callable argument.

    The tracer then reached NumPy inside JAX's own code: a parameter that has to be static
    (a shape, size or repeat count), not the user's NumPy call.
    """
    if not isinstance(node, ast.Call) or not user:
        return False
    frame = user[-1].tb_frame
    try:
        callee = evaluate_pure(node.func, frame)
    except Impure:
        return False
    module = getattr(callee, "__module__", None) or ""
    if not module.startswith(("jax.numpy", "jax._src.numpy", "jax.lax", "jax._src.lax")):
        return False
    for arg in [*node.args, *(k.value for k in node.keywords)]:
        if isinstance(arg, ast.Lambda):
            return False
        try:
            value = evaluate_pure(arg, frame)
        except Impure:
            continue
        values = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
        if any(callable(v) for v in values):
            return False  # a function JAX calls back (jnp.piecewise(x, c, [np.sin])): the NumPy call is the user's
    return True
