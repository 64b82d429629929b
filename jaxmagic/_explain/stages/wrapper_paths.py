"""A library wrapper's paths in the user's terms: ``args[1]`` of a wrapper named by the user's parameter,
``kwargs['objective']`` by the keyword the user gave, NNX's and equinox's flat inputs recognised, keys a user
never wrote (``<class 'PointVar'>``, ``<flat index 2>``) read as they would write them.
"""
from __future__ import annotations

import ast
import inspect
import re
import types
from typing import Any

from ..._common.errors import is_user_file, traceback_entries
from ..._common.source import unwrap_function
from ..._tracking.compiling.jax_frames import find_jax_call
from ..._tracking.observed.adapters import user_call
from ..argument import keys_last
from ..call import CallFacts, named_varargs, root_of
from ..explanation import Explanation
from ..provenance import Origin

__all__ = ["equinox_input", "forwarded", "held_parameters", "keyword_given", "name_arguments", "nnx_call_arguments",
           "nnx_state", "users_jitted"]


_EQUINOX_INPUT = re.compile(r"^dynamic_(?:no)?donate\[")


def equinox_input(path: str) -> bool:
    """True when ``path`` is a leaf of equinox's ``filter_jit`` inputs (``dynamic_nodonate[...]``), not the user's."""
    return bool(_EQUINOX_INPUT.match(path))


_KEYWORD_ENTRY = re.compile(r"^(?P<root>\w+)\[['\"](?P<key>\w+)['\"]\](?P<rest>.*)$")


_FORWARDED = re.compile(r"^args\[(\d+)\](.*)$")


def held_parameters(wrapper: Any) -> list[str] | None:
    """The positional parameters of the one user function a library wrapper's closure holds, else None."""
    held = []
    for cell in getattr(wrapper, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if isinstance(value, types.FunctionType) and is_user_file(value.__code__.co_filename):
            held.append(value)
    if len(held) != 1:
        return None
    code = held[0].__code__
    return list(code.co_varnames[:code.co_argcount])


def users_jitted(fn: Any, user: list) -> Any:
    """The jitted object the user's frames (the outermost first) hold among their globals for ``fn``, else None."""
    return next((v for entry in user for k, v in entry.tb_frame.f_globals.items() if not k.startswith("_")
                 and v is not fn and callable(v) and unwrap_function(v) is fn), None)


def forwarded(paths: list[str], wrapper: Any) -> list[str]:
    """``args[i]`` of a library wrapper named by the i-th parameter of the one user function its closure holds."""
    params = held_parameters(wrapper)
    if params is None:
        return paths
    named = []
    for path in paths:
        found = _FORWARDED.match(path)
        named.append(params[int(found[1])] + found[2] if found and int(found[1]) < len(params) else path)
    return named


def keyword_given(path: str, node: ast.Call, facts: CallFacts | None) -> str:
    """``kwargs['objective']`` as ``objective`` when the failing call gives that keyword and the callee has no
    parameter of that name: it went into the callee's ``**kwargs`` (``coix.util.train(loss_fn, ...,
    objective="rws")``, forwarded into a library's jit and on to the user's loss)."""
    found = _KEYWORD_ENTRY.match(path)
    if found is None or (facts is not None and found["key"] in facts.params):
        return path
    return found["key"] + found["rest"] if any(k.arg == found["key"] for k in node.keywords) else path


# JAX's words for keys a user never wrote: a dict keyed by a class (jaxls's values, keyed by variable type), the
# children of a node registered without keys
_CLASS_KEY = re.compile(r"<class '(?:[\w.]*\.)?(\w+)'>")


_FLAT_INDEX = re.compile(r"<flat index (\d+)>")


def _readable(path: str) -> str:
    """A leaf's path as the user reads it: ``vals[0][PointVar]``."""
    return _FLAT_INDEX.sub(r"\1", _CLASS_KEY.sub(r"\1", path))


def name_arguments(found: Explanation, where_from: Origin, facts: CallFacts | None) -> None:
    """The arguments the failing value depends on, in the user's parameter names."""
    found.paths = [_readable(p) for p in keys_last(named_varargs(where_from.paths, facts), facts)]
    found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
    found.argument = found.arguments[0] if found.arguments else None
    found.path = found.paths[0] if found.paths else None
    found.function = found.function or where_from.function
    found.certain = where_from.how in ("trace", "message", "call")


_NNX_STATE = re.compile(r"^[^\W\d]\w*\.states\[0\]\[\d+\]")  # NNX's flat state of a module argument


def nnx_state(path: str) -> bool:
    """True when ``path`` is a leaf of NNX's flat state of a module argument (``model.states[0][3]``)."""
    return bool(_NNX_STATE.match(path))


def nnx_call_arguments(exc: BaseException) -> dict[str, Any]:
    """The user's arguments by name, when the innermost jitted call is flax.nnx.jit's (its adapter reads it)."""
    entries = traceback_entries(exc.__traceback__)
    call = find_jax_call(entries[-1].tb_frame) if entries else None
    try:
        found = user_call(call) if call is not None else None
        bound = inspect.signature(found.function).bind(*found.args, **found.kwargs) \
            if found is not None and found.wrapper == "flax.nnx.jit" else None
    except Exception:  # noqa: BLE001 - a wrapper's internals changed, or arguments that do not bind
        return {}
    return dict(bound.arguments) if bound is not None else {}
