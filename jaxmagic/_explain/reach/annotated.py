"""A tracer the user's call handed to a library parameter that its signature types as a Python value.

``tokamax.layer_norm(x, None, None, epsilon=eps)`` under ``jax.checkpoint``, ``flash_attention(q, k, v,
causal=causal)`` under ``jax.jit``: the library declares ``epsilon: float`` and ``causal: bool``, and whatever it
then raises (pydantic failing to serialise its options, its own inner jit hashing a static argument, a runtime
type check) comes from that value being a tracer, not from the arrays handed beside it. The signature says which
of the call's traced values the library wanted as a Python value: that value is the culprit, and the error is a
concretization (a count, ``int`` under a size's name, a traced shape).
"""
from __future__ import annotations

import ast
import inspect
import re
import types
import typing
from typing import Any

from ..._common.errors import message_of
from ..._common.files import is_user_file
from ..._common.frames import called_from, holds_tracer, is_jax_file, traceback_entries, user_entries
from ..._common.source import node_at, parse_file, position_of, text_of
from ..call import root_of
from ..recover import Impure, evaluate_pure
from ..values.callee import library_file

__all__ = ["given_by_parameter", "handed_first", "handed_texts", "python_value_refused", "python_valued_handed"]

_SCALARS = {"bool": bool, "int": int, "float": float, "str": str}
# the value it met, as the message names it: ``<class '...DynamicJaxprTracer'>``, ``JitTracer(``, or a library's
# abstract stand-in for one (tokamax's ``BatchedShapeDtype``)
_TRACER_NAMED = re.compile(r"Tracer\b|Traced<|ShapeDtype")


def python_valued_handed(call: ast.Call, frame: types.FrameType) -> list[tuple[str, ast.expr, type]]:
    """(parameter, the expression the call gave it, the Python type it is declared as) for each traced value
    ``call`` hands to a parameter its library callee declares as ``bool``, ``int``, ``float`` or ``str`` (or
    leaves untyped with such a default); empty when the callee is not an installed library's."""
    try:
        callee = evaluate_pure(call.func, frame)
        given = given_by_parameter(call, callee)
    except (Impure, TypeError, ValueError):
        return []
    if library_file(callee) is None:  # (nor JAX's own functions: their errors say what they need)
        return []
    handed = []
    for parameter, expr in given:
        wanted = _python_type(parameter)
        if wanted is None:
            continue
        try:
            value = evaluate_pure(expr, frame)
        except Impure:
            continue
        if holds_tracer(value):
            handed.append((parameter.name, expr, wanted))
    return handed


def python_value_refused(exc: BaseException) -> str | None:
    """The kind of an error a library raised, of a type jaxmagic does not know, that names a tracer, while the user's
    call handed it a tracer for a parameter it declares as a Python value (``traced-shape`` for a count); None
    otherwise."""
    try:
        entries, user = traceback_entries(exc.__traceback__), user_entries(exc.__traceback__)
        if not entries or not user or is_user_file(entries[-1].tb_frame.f_code.co_filename) or \
                not called_from(user[-1].tb_frame, is_jax_file) or not _TRACER_NAMED.search(message_of(exc)):
            return None  # (its message names the tracer it met: absl's flags refused in a kernel are no such error)
        call = _call_at(user[-1])
        handed = python_valued_handed(call, user[-1].tb_frame) if call is not None else []
    except Exception:  # noqa: BLE001 - not known, as before: the honest line stands
        return None
    if not handed:
        return None
    _, _, wanted = handed[0]
    return "traced-shape" if wanted is int else "concretization"  # (a count, a size, a window: a shape's kin)


def given_by_parameter(call: ast.Call, callee: Any) -> list[tuple[inspect.Parameter, ast.expr]]:
    """(parameter of ``callee``, the expression ``call`` gives it), for the positions before any ``*`` unpacking
    and the keywords it names; raises ``TypeError`` or ``ValueError`` when ``callee`` has no signature to read."""
    parameters = list(inspect.signature(callee).parameters.values())
    by_name = {p.name: p for p in parameters}
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    given: list[tuple[inspect.Parameter, ast.expr]] = []
    for at, expr in enumerate(call.args):
        if isinstance(expr, ast.Starred) or at >= len(positional):
            break
        given.append((positional[at], expr))
    return given + [(by_name[k.arg], k.value) for k in call.keywords if k.arg in by_name]


def handed_first(found: Any, call: Any, frame: types.FrameType) -> type | None:
    """The explanation's paths with those ``call`` handed to a parameter declared as a Python value first, when
    some are and some are not (the flag beside the arrays): the argument it names is then that one. The type the
    first path's parameter is declared as (``int``: a count), or None when it was handed to none."""
    handed = {text_of(e): wanted for _, e, wanted in python_valued_handed(call, frame)} \
        if isinstance(call, ast.Call) and found.paths else {}
    first = [p for p in found.paths if p in handed]
    if first and len(first) < len(found.paths):
        found.paths = [*first, *(p for p in found.paths if p not in first)]
        found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
        found.argument, found.path = found.arguments[0], found.paths[0]
    return handed.get(found.paths[0]) if found.paths else None


def handed_texts(call: Any, frame: types.FrameType) -> set[str]:
    """The expressions (as written) that ``call`` hands to parameters declared as Python values, traced."""
    return {text_of(e) for _, e, _ in python_valued_handed(call, frame)} if isinstance(call, ast.Call) else set()


def _call_at(entry: types.TracebackType) -> ast.Call | None:
    """The call the user's traceback entry stopped at, when its line's expression there is one."""
    tree = parse_file(entry.tb_frame.f_code.co_filename)
    node = node_at(tree, position_of(entry)) if tree is not None else None
    if isinstance(node, ast.Call):
        return node
    calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)] if node is not None else []
    return calls[0] if len(calls) == 1 else None


def _python_type(parameter: inspect.Parameter) -> type | None:
    """The Python scalar type ``parameter`` is declared as (``float | None``, ``Optional[int]``, ``bool``), or
    whose value its default is when it is untyped; None for anything that admits an array."""
    annotation = parameter.annotation
    if annotation is inspect.Parameter.empty:
        default = parameter.default
        return type(default) if type(default) in (bool, int, float) else None
    if isinstance(annotation, str):
        text = annotation.replace("Optional[", "").rstrip("]") if annotation.startswith("Optional[") else annotation
        alternatives = [a.strip() for a in text.split("|")]  # (a pair of them, ``tuple[int, int]``, as well)
        found = [_SCALARS.get(a) for a in alternatives if a != "None" and not a.startswith("tuple[")]
    else:
        options = typing.get_args(annotation) if typing.get_origin(annotation) in (typing.Union, types.UnionType) \
            else (annotation,)
        found = [o if o in _SCALARS.values() else None for o in options
                 if o is not type(None) and typing.get_origin(o) is not tuple]
    return found[0] if found and all(found) and len(set(found)) == 1 else None
