"""The one reader of JAX's call frames: what JAX is tracing, lowering or compiling when it reports an event.

JAX reports a trace or a compile by name only (``f``, ``jit(f)``), but it does
so while its frames are on the stack: the frame that traces holds the
function given to ``jax.jit``, the jit's static options, the call's arguments
and, once tracing is done, the jaxpr; the frame that lowers holds the module
and the arguments' abstract values; the frame that compiles holds the module
and the executable. These are JAX's private locals, so every reading of them
is here, in one module: a JAX release that renames them breaks this module
alone, and ``tests/test_jax_internals.py`` says which reading broke.

Only frames of JAX (and, for :func:`frames_above`, of the wrapper libraries)
are read: ``f_locals`` of a user's frame would keep its arrays alive. All of
this runs only when JAX traces, lowers or compiles, never on a cached call.
"""
from __future__ import annotations

import dataclasses
import gc
import os
import sys
import types
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import jax
from jax._src import core, pjit, stages  # JAX's stages: a report's cost without a new trace

__all__ = [
    "is_lax_loop_file",
    "JAX_ROOT", "JaxCall", "find_jax_call", "frames_above", "library_root", "stage_of", "call_arguments",
    "functions_on_stack", "compiling", "lowering", "inside_another_trace", "transform_entry", "differentiated_by",
]

JAX_ROOT = os.path.dirname(os.path.abspath(jax.__file__))  # JAX's own files
_DEPTH = 64  # frames walked up from the listener


@dataclasses.dataclass(eq=False)
class JaxCall:
    """One call of a ``jax.jit`` object as JAX's frames show it.

    Attributes
    ----------
    fun : callable
        The function given to ``jax.jit`` (a library's own wrapper, for NNX or equinox).
    static_argnums, static_argnames : tuple
        The jit's static options, completed from each other by JAX.
    args, kwargs :
        The arguments of the call, as the jit object received them.
    jaxpr :
        The ``ClosedJaxpr`` JAX just traced, when the event is a trace and JAX's frame holds it.
    frame :
        JAX's frame the call was read from; the wrapper's frames are above it.
    params :
        JAX's parameters of the traced call (``PjitParams``), when a frame holds them (lowering, compile).
    """

    fun: Callable
    static_argnums: tuple[int, ...]
    static_argnames: tuple[str, ...]
    args: tuple
    kwargs: dict
    jaxpr: Any
    frame: FrameType
    params: Any = None
    args_flat: Any = None
    failure: BaseException | None = None  # the exception that ended the trace, when it failed
    variant: tuple = ()  # the jit's options (static, donated): one function jitted two ways is two functions


def is_lax_loop_file(filename: str) -> bool:
    """True for the file of JAX's own ``lax`` loops (``fori_loop``, ``scan``, ``while_loop``), which call a body."""
    return os.path.normpath(filename) == os.path.join(JAX_ROOT, "_src", "lax", "control_flow", "loops.py")


def outward(start: FrameType | None, held: list[FrameType] = ()) -> Iterator[FrameType]:
    """``start`` and its callers, outward. A generator's frame (``jax.tree.map``'s) keeps no caller once it has
    stopped; ``held``, the frames of a traceback outermost first, then says which frame called it."""
    frame = start
    while frame is not None:
        yield frame
        caller = frame.f_back
        if caller is None:
            at = next((i for i, f in enumerate(held) if f is frame), 0)
            caller = held[at - 1] if at > 0 else None
        frame = caller


def find_jax_call(start: FrameType | None, held: list[FrameType] = ()) -> JaxCall | None:
    """The innermost jitted call on the stack above ``start``, or None (an AOT ``.compile()``); ``held``: the frames
    of the exception's traceback, outermost first, where the stack is read after the fact."""
    depth = 0
    params = args_flat = traced = None
    for frame in outward(start, held):
        if depth >= _DEPTH:
            break
        if frame.f_code.co_filename.startswith(JAX_ROOT):
            try:
                local = frame.f_locals
            except Exception:  # noqa: BLE001
                local = {}
            if params is None and "p" in local and hasattr(local.get("p"), "params"):
                params, args_flat = local["p"], local.get("args_flat")
            if traced is None:
                traced = _closed_jaxpr(local)
            info = local.get("ji") or local.get("jit_info")
            fun = local.get("fun")
            args, kwargs = local.get("args"), local.get("kwargs")
            if (info is not None and callable(fun) and isinstance(args, tuple) and isinstance(kwargs, dict)
                    and hasattr(info, "static_argnums")):
                return JaxCall(
                    fun, tuple(info.static_argnums or ()), tuple(info.static_argnames or ()), args, kwargs,
                    traced, frame, params, args_flat, _failure(start), _variant(info),
                )
        depth += 1
    return None


def _variant(info: Any) -> tuple:
    """The options of a jit that make two jits of one function two functions to JAX's caches."""
    return tuple(
        tuple(getattr(info, name, None) or ())
        for name in ("static_argnums", "static_argnames", "donate_argnums", "donate_argnames")
    )


def _closed_jaxpr(local: dict) -> Any:
    """The jaxpr a frame just traced: closed (JAX 0.10), or open beside its constants (JAX 0.8)."""
    jaxpr = local.get("jaxpr")
    if jaxpr is None:
        return None
    if hasattr(jaxpr, "jaxpr") and hasattr(jaxpr, "consts"):
        return jaxpr
    consts = local.get("consts")
    if hasattr(jaxpr, "eqns") and isinstance(consts, list):
        try:
            return core.ClosedJaxpr(jaxpr, consts)
        except Exception:  # noqa: BLE001 - a form this JAX does not close that way: no jaxpr shown
            return None
    return None


def _failure(start: FrameType | None) -> BaseException | None:
    """The exception JAX's event is reported under, if the trace failed.

    JAX reports a trace's duration when its ``with`` block exits, failed or
    not; an exception in flight whose traceback runs through the frames
    below the listener is the one that ended the trace (one the user's code
    is merely handling around the call never does).
    """
    error = sys.exc_info()[1]
    if error is None:
        return None
    below = set()
    frame, depth = start, 0
    while frame is not None and depth < _DEPTH:
        below.add(id(frame))
        frame = frame.f_back
        depth += 1
    entry = error.__traceback__
    while entry is not None:
        if id(entry.tb_frame) in below and entry.tb_frame.f_code.co_filename.startswith(JAX_ROOT):
            return error
        entry = entry.tb_next
    return None


def frames_above(call: JaxCall, limit: int = 24) -> Iterator[FrameType]:
    """The frames that called the jit: where a library wrapper's own frame is found."""
    frame, depth = call.frame.f_back, 0
    while frame is not None and depth < limit:
        yield frame
        frame = frame.f_back
        depth += 1


def library_root(module_name: str) -> str | None:
    """The folder of an already imported library (``equinox``), or None: nothing is imported here."""
    module = sys.modules.get(module_name)
    path = getattr(module, "__file__", None)
    return os.path.dirname(os.path.abspath(path)) if path else None


def stage_of(params: Any, args_flat: Any) -> Any:
    """JAX's traced stage of a call (what ``jitted.trace(...)`` returns), from its parameters.

    Rebuilt from what JAX's frame already holds, so a report gets the
    lowering's cost without a trace of its own; None where this JAX keeps
    its parameters differently.
    """
    try:
        types = [pjit.convert_to_metaty(arg) for arg in args_flat]
        pieces = (types, params.params, params.in_tree, params.out_tree, params.consts)
        try:
            return stages.Traced(*pieces)
        except TypeError:  # JAX 0.12 also takes the function's source info (only for its messages)
            return stages.Traced(*pieces, None)
    except Exception:  # noqa: BLE001 - another JAX: the report says the cost is unavailable
        return None


def _jax_frame(frame: FrameType | None, function: str, depth: int = 8) -> FrameType | None:
    """JAX's frame running ``function``, at most ``depth`` frames above ``frame``; None if not there."""
    for _ in range(depth):
        if frame is None:
            return None
        if frame.f_code.co_name == function and frame.f_code.co_filename.startswith(JAX_ROOT):
            return frame
        frame = frame.f_back
    return None


def compiling(start: FrameType | None) -> tuple[Any, Any]:
    """``(module, executable)`` of the backend compile JAX is reporting; Nones where its frame is not shown."""
    frame = _jax_frame(start, "_cached_compilation")
    local = frame.f_locals if frame is not None else {}
    return local.get("computation"), local.get("xla_executable")


def lowering(start: FrameType | None) -> tuple[Any, tuple]:
    """``(module, argument avals)`` of the lowering JAX is reporting; ``(None, ())`` where its frame is not shown."""
    frame = _jax_frame(start, "_cached_lowering_to_hlo")
    if frame is None:
        return None, ()
    result = frame.f_locals.get("lowering_result")
    return getattr(result, "module", None), tuple(frame.f_locals.get("in_avals") or ())


def call_arguments(frame: FrameType | None) -> tuple[tuple, dict] | None:
    """The concrete ``(args, kwargs)`` of the jitted call, from JAX's ``cache_miss(*args, **kwargs)`` frame
    at or just above ``frame``."""
    for _ in range(4):
        if frame is None:
            return None
        if frame.f_code.co_filename.startswith(JAX_ROOT):
            local = frame.f_locals
            if isinstance(local.get("args"), tuple) and isinstance(local.get("kwargs"), dict):
                return local["args"], local["kwargs"]
        frame = frame.f_back
    return None


def functions_on_stack(start: FrameType | None, depth: int = 48) -> Iterator[tuple[FrameType, types.FunctionType]]:
    """Every Python function held in a local of JAX's frames above ``start``, innermost frame first.

    For a compile no jitted call places (an ahead-of-time ``.compile()``): the function JAX is working
    on is among them.
    """
    frame, seen = start, 0
    while frame is not None and seen < depth:
        if frame.f_code.co_filename.startswith(JAX_ROOT):
            try:
                values = list(frame.f_locals.values())
            except Exception:  # noqa: BLE001
                values = []
            for value in values:
                if isinstance(value, types.FunctionType):
                    yield frame, value
        frame = frame.f_back
        seen += 1


def inside_another_trace() -> bool:
    """Whether JAX is tracing some outer function now (JAX 0.8 reports a jit traced inside another one)."""
    try:
        return not core.trace_state_clean()
    except Exception:  # noqa: BLE001 - another JAX: taken as a trace of its own
        return False


def transform_entry(start: FrameType | None) -> tuple[Callable, tuple, dict] | None:
    """The JAX transformation that code outside JAX called eagerly (``jax.grad(cost)(x)`` inside a library's
    optimizer, ``lax.scan`` run by a solver), innermost above ``start``: the function it was, and its call's
    ``(args, kwargs)``; None when no such call is on the stack.

    The function is found among the live functions with the frame's code whose closure holds exactly the
    frame's free variables (every ``grad_f`` shares one code object)."""
    frame, depth = start, 0
    while frame is not None and depth < _DEPTH:
        back = frame.f_back
        if (frame.f_code.co_filename.startswith(JAX_ROOT) and back is not None
                and not back.f_code.co_filename.startswith(JAX_ROOT)):
            found = _called(frame)
            if found is not None:
                return found
        frame, depth = back, depth + 1
    return None


def differentiated_by(call: JaxCall, held: list[FrameType] = ()) -> str | None:
    """The reverse-mode transformation (``jax.grad``, ``jax.value_and_grad``, ``jax.vjp``, ``jax.jacrev``) whose
    linearization called the jitted ``call``, read outward from its frame; None when none did. Such a trace is
    transposed afterwards: a loop with a traced trip count traces, then cannot be differentiated."""
    found = None
    for depth, frame in enumerate(outward(call.frame.f_back, held)):
        if depth >= _DEPTH or (found and not frame.f_code.co_filename.startswith(JAX_ROOT)):
            break
        name, path = frame.f_code.co_name, frame.f_code.co_filename
        if not path.startswith(JAX_ROOT):
            continue  # (the user's code or a library's between the jit and JAX's differentiation)
        if path.endswith(os.path.join("interpreters", "ad.py")) and name in ("linearize", "vjp"):
            try:  # (JAX 0.10's linearize says whether it linearizes for a vjp; 0.8's api names ``_vjp``)
                reverse = name == "vjp" or frame.f_locals.get("is_vjp") is True
            except Exception:  # noqa: BLE001
                reverse = False
            found = found or ("jax.vjp" if reverse else None)
        elif path.endswith("api.py") and name in _REVERSE_ENTRIES and (found or name in ("vjp", "_vjp", "_vjp3")):
            found = _REVERSE_ENTRIES[name]  # the outermost of JAX's entries names what the user called
    return found


_REVERSE_ENTRIES = {"vjp": "jax.vjp", "_vjp": "jax.vjp", "_vjp3": "jax.vjp", "value_and_grad_f": "jax.value_and_grad",
                    "grad_f": "jax.grad", "grad_f_aux": "jax.grad", "jacfun": "jax.jacrev"}


def _called(frame: FrameType) -> tuple[Callable, tuple, dict] | None:
    code = frame.f_code
    try:
        local = frame.f_locals
    except Exception:  # noqa: BLE001
        return None

    def holds(fn: types.FunctionType) -> bool:
        cells = fn.__closure__ or ()
        try:
            return len(cells) == len(code.co_freevars) and all(
                name in local and cell.cell_contents is local[name] for name, cell in zip(code.co_freevars, cells))
        except ValueError:  # an empty cell
            return False

    found = [f for f in gc.get_referrers(code) if isinstance(f, types.FunctionType) and f.__code__ is code and holds(f)]
    if len(found) != 1:
        return None
    names = code.co_varnames
    positional = code.co_argcount + code.co_kwonlyargcount
    try:
        args = [local[n] for n in names[:code.co_argcount]]
        kwargs = {n: local[n] for n in names[code.co_argcount:positional]}
        at = positional
        if code.co_flags & 0x04:  # *args
            args += list(local[names[at]])
            at += 1
        if code.co_flags & 0x08:  # **kwargs
            kwargs.update(local[names[at]])
    except (KeyError, TypeError):
        return None
    return found[0], tuple(args), kwargs
