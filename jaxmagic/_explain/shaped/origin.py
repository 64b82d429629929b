"""Shapes that do not fit, explained: the operands at the user's line, their shapes and their arguments.

:func:`shape_origin` is the shape kinds' answer to "where did the value come
from": it reads the operands that meet at the failing expression
(:mod:`.checks`, :mod:`.structured`), names for each the jitted function's
parameters it depends on (the failing trace's provenance, lifted out of
``scan`` bodies and other inner traces as for any tracing error), and fills
the explanation's ``operands``, ``detail`` and ``must_agree``.
"""
from __future__ import annotations

import types
from typing import Any

from ..._common.errors import is_jax_file, shape_family
from ..._tracking.observed.adapters import user_path
from ..call import Call, CallFacts, named_varargs
from ..explanation import Explanation
from ..lift import lift
from ..provenance import Origin, origin_of
from ..rebuild import probe_name
from .checks import analyse
from .deeper import library_operands
from .operands import Reading, operand_nodes, read

__all__ = ["shape_origin", "shape_why", "SHAPE_WHY"]


# One sentence each: what a tracer knows, and why that is enough to catch the error before any data flows.
SHAPE_WHY = {
    "shape-mismatch": "A tracer carries its array's shape and dtype (never its values), so JAX checks that shapes "
    "fit while it traces, before any data flows; here they do not.",
    "symbolic-dimension": "Under shape polymorphism a dimension such as `b` is a symbol standing for every size at "
    "once, so JAX can use only what holds for all of them; this comparison or division holds for some sizes only.",
    "jaxpr-type": "A jaxpr is a typed program: every variable has a shape and dtype, and JAX's checker found an "
    "equation whose types disagree with what its operation computes.",
}
# outside any trace of the user's (arrays computed eagerly): the same check, made before computing
_EAGER_WHY = ("JAX works out every result's shape and dtype from its operands' shapes and dtypes before it computes "
              "anything, so shapes that do not fit are rejected before any data flows; here they do not fit.")


def shape_why(kind: str, found: Explanation) -> str:
    """The sentence of why for a shape kind: the tracer's, or the eager one when no operand was traced."""
    eager = kind == "shape-mismatch" and found.function is None and found.operands and not found.paths
    if eager:
        return _EAGER_WHY
    symbols = [str(d) for o in found.operands for d in o.dims if not isinstance(d, int)]
    said = SHAPE_WHY.get(kind, "")
    return said.replace("`b`", f"`{symbols[0]}`") if kind == "symbolic-dimension" and symbols else said


# the checks of two or more operands, whose operands a library can hold out of the user's sight
_PAIRED = {"contraction", "broadcast", "concatenate", "stack", "einsum", "convolution"}


def shape_origin(found: Explanation, exc: BaseException, kind: str, user: list[types.TracebackType],
                 node: Any, call: Call | None, facts: CallFacts | None) -> Origin:
    """Fill ``found``'s operands and words; the arguments the operands depend on, as an :class:`Origin`."""
    # the function whose parameters are the arguments: a value read in a scan body is lifted out to it
    # (none when the callee is JAX's own, such as ``export.export(...)``: the values are read where they fail)
    outer = probe_name(call.fn.__name__) if call is not None and call.fn is not None else facts and facts.name
    passed = call.by_name() if call is not None else {}
    if call is not None and is_jax_file(getattr(getattr(call.fn, "__code__", None), "co_filename", "")):
        outer = None
    wrapper = call.wrapper if call is not None else "jax.jit"
    family = shape_family(exc) or kind
    frame = user[-1].tb_frame if user else None
    # lift() reads the traceback the user's frames came from (a probe's, when the exception had none)
    source: Any = exc if exc.__traceback__ is not None or not user else types.SimpleNamespace(__traceback__=user[0])
    readings = None
    if family in _PAIRED and frame is not None:
        readings = [r for r in (read(n, frame) for n in operand_nodes(node)) if r is not None]
        _name(readings, source, outer, facts, wrapper, passed)
        deeper = library_operands(exc, call, family) if len(readings) < 2 else None
        if deeper is not None:  # the arrays a library gave JAX, each named by the argument it is
            readings, library_source = deeper
            _name(readings, library_source, outer, facts, wrapper, passed)
            for reading in readings:
                if len(reading.operand.paths) == 1:
                    reading.operand.expression = reading.operand.paths[0]
    analysis = analyse(family, exc, node, frame, readings)
    if readings is None:
        _name(analysis.readings, source, outer, facts, wrapper, passed)
    found.operands = [r.operand for r in analysis.readings]
    found.detail, found.must_agree = analysis.detail, analysis.must_agree
    paths = list(dict.fromkeys(p for r in analysis.readings for p in r.operand.paths))
    function = next((r.function for r in analysis.readings if r.function), None)
    return Origin(paths, function, "trace" if any(r.tracers for r in analysis.readings) else "none")


def _name(readings: list[Reading], source: Any, outer: str | None, facts: CallFacts | None, wrapper: str,
          passed: dict | None = None) -> None:
    """Each reading's arguments: the provenance of its tracers, lifted to ``outer``, in the user's names
    (``passed``: the call's arguments by parameter, for a wrapper's own layout of them)."""
    for reading in readings:
        if not reading.tracers:
            continue
        origin = lift(origin_of(source, reading.tracers), source, outer)
        paths = named_varargs(origin.paths, facts)
        if wrapper != "jax.jit" and facts is not None:  # a library's jit: its internals named as the user's
            paths = [user_path(wrapper, p, facts.params, passed) for p in paths]
        reading.operand.paths = list(dict.fromkeys(paths))
        reading.function = origin.function
