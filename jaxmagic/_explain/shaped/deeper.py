"""Operands that meet inside a library: the arrays a layer (Flax, Equinox, ...) gave JAX, named by argument.

``model(x)`` fails inside the library's own ``dot_general(inputs, kernel)``:
the user's line spells out only ``x``. The frame where the library called
into JAX still holds both arrays. JAX's traceback filtering removes that
frame, so when the traceback lacks it and the call is known, a private copy
is traced again with the frames kept (events muted, nothing compiled). Each
array is then named by the jitted function's argument it is (``x``,
``model.kernel``), not by the library's variable.
"""
from __future__ import annotations

import os
import sysconfig
import types

from ..._common.errors import is_jax_file, is_user_file, shape_family, traceback_entries
from ..._common.jax_config import traceback_filtering_off
from ..._common.source import node_at, parse_file, position_of
from ..call import Call
from ..rebuild import copy_function, probe_trace
from .operands import Reading, operand_nodes, read

__all__ = ["library_operands"]

_STDLIB = os.path.abspath(sysconfig.get_paths()["stdlib"])


def library_operands(exc: BaseException, call: Call | None, family: str) -> tuple[list[Reading], BaseException] | None:
    """The arrays at the library line that called into JAX, with the exception whose frames they came from."""
    source = exc
    caller = _caller_of_jax(traceback_entries(exc.__traceback__))
    if caller is None and call is not None and call.fn is not None:
        with traceback_filtering_off():
            probe = probe_trace(copy_function(call.fn), call.args, call.kwargs, call.static_argnums,
                                call.static_argnames, call.wrapper, call.through)
        if probe is None or shape_family(probe) != family:
            return None
        source = probe
        caller = _caller_of_jax(traceback_entries(probe.__traceback__))
    if caller is None:
        return None
    position = position_of(caller)
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    readings = [r for r in (read(n, caller.tb_frame) for n in operand_nodes(node)) if r is not None]
    return (readings, source) if len(readings) >= 2 else None


def _caller_of_jax(entries: list[types.TracebackType]) -> types.TracebackType | None:
    """The innermost library frame, below the user's innermost one, that called into JAX."""
    users = [i for i, tb in enumerate(entries) if is_user_file(tb.tb_frame.f_code.co_filename)]
    if not users:
        return None
    for index in range(len(entries) - 1, users[-1], -1):
        filename = os.path.abspath(entries[index].tb_frame.f_code.co_filename)
        if is_jax_file(filename) or (filename.startswith(_STDLIB) and "site-packages" not in filename):
            continue  # JAX's own frames, and the standard library's wrappers around a library's calls
        return entries[index] if index + 1 < len(entries) else None
    return None

