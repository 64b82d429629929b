"""Which argument a failing traced value came from: provenance read from the trace itself.

When a tracing error is raised, the tracer that needed a concrete value is
still alive in the traceback's frames, and its trace still holds the
equations recorded so far. Walking those equations backwards from the
tracer to the traced function's inputs (as JAX does for its own
``ConcretizationTypeError`` message) names every argument the value depends
on, by pytree path, for every kind of error: boolean masks, slices,
``jnp.tile`` repetitions and leaks included.

Where JAX removed its own frames from the traceback, only the user's frame
is left; the tracers read there are restricted to the names the failing
expression uses.
"""
from __future__ import annotations

import ast
import dataclasses
import re
import types
from typing import Any

import jax
import numpy as np
from jax.core import Tracer  # the tracer base class, exported by jax.core from 0.8 to 0.12

from .._common.errors import is_installed_library, is_jax_file, is_user_file, message_of, traceback_entries
from .._common.frames import quiet_leaves
from .._common.source import Position, names_in, node_at, parse_file, position_of
from .rebuild import probe_name
from .recover import Impure, evaluate_pure

__all__ = ["Origin", "SRC_INFO", "origin_of", "leaked_tracer", "jaxpr_tracer", "Tracer", "failing_tracers", "progenitors",
           "is_trace_input", "forget_read_traces"]

_MAX_ITEMS = 64  # containers larger than this are not searched for tracers


@dataclasses.dataclass
class Origin:
    """The arguments a failing value depends on.

    Attributes
    ----------
    paths : list of str
        Pytree paths of the traced function's inputs (``x``, ``params['n']``),
        in the function's argument order.
    function : str or None
        The name of the function whose trace the value belongs to.
    how : str
        ``"trace"`` (read from the failing trace), or ``"none"`` when no
        tracer was found.
    """

    paths: list[str]
    function: str | None
    how: str


def origin_of(exc: BaseException, tracers: list[Tracer] | None = None) -> Origin:
    """The arguments the value that failed in ``exc`` (or the given tracers) depends on."""
    if tracers is None:
        tracers = _failing_tracers(traceback_entries(exc.__traceback__), message_of(exc))
    paths: list[str] = []
    function = None
    found_trace = False
    for tracer in tracers:
        traced = jaxpr_tracer(tracer)
        if traced is None:
            continue
        result = _progenitor_paths(traced)
        if result is None:
            continue
        found_trace = True
        names, fname = result
        function = function or fname
        for name in names:
            if name not in paths:
                paths.append(name)
    return Origin(paths, function, "trace" if found_trace else "none")


def _failing_tracers(entries: list[types.TracebackType], message: str = "") -> list[Tracer]:
    """The tracers at the point of failure: JAX's innermost frame holding any.

    Falls back to the innermost user frame, keeping only the variables its
    failing expression reads.
    """
    user = [i for i, tb in enumerate(entries) if is_user_file(tb.tb_frame.f_code.co_filename)]
    innermost_user = user[-1] if user else -1
    innermost = entries[-1].tb_frame.f_code.co_filename if entries else ""
    if innermost_user < len(entries) - 1 and is_installed_library(innermost) and not is_jax_file(innermost):
        # a library's own check raised: the value it checked is a parameter of the function that raised
        # (the variable its message names, ``max_steps``; else its parameters)
        frame = entries[-1].tb_frame
        code = frame.f_code
        named = [v for k, v in frame.f_locals.items() if message and re.search(rf"\b{re.escape(k)}\b", message)]
        params = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        checked = _tracers_in_locals(named) or _tracers_in_locals([frame.f_locals.get(p) for p in params])
        if checked:
            return checked
    for tb in reversed(entries[innermost_user + 1 :]):
        found = _tracers_in_locals(tb.tb_frame.f_locals.values())
        if found:
            return found
    if innermost_user < 0:
        return []
    tb = entries[innermost_user]
    wanted = _names_at(position_of(tb))
    f_locals = tb.tb_frame.f_locals
    values = [f_locals[n] for n in wanted if n in f_locals] if wanted is not None else list(f_locals.values())
    return _tracers_in_locals(values) or _tracers_in_locals(_pure_values(tb))


def _pure_values(tb: types.TracebackType) -> list[Any]:
    """Values of the side-effect-free parts of the failing expression (``store['last']``)."""
    position = position_of(tb)
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    if node is None:
        return []
    values = []
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Subscript, ast.Attribute, ast.Name)) and isinstance(getattr(sub, "ctx", None), ast.Load):
            try:
                values.append(evaluate_pure(sub, tb.tb_frame))
            except Impure:
                continue
    return values


_LEAKED = re.compile(r"value with type (?P<aval>\S+) wrapped in an? (?P<cls>\w+)")


def leaked_tracer(exc: BaseException, message: str) -> Tracer | None:
    """The escaped tracer a leak error was raised for, when the traceback still holds it.

    JAX's message gives its type and abstract value; the live tracers of the
    function that used it are told apart by those.
    """
    entries = traceback_entries(exc.__traceback__)
    found = _failing_tracers(entries)
    user = [tb for tb in entries if is_user_file(tb.tb_frame.f_code.co_filename)]
    if user and user[-1].tb_frame.f_code.co_name != "<module>":
        # held in an object the user's function reads (``self.state``): its leaves (not a whole module's globals)
        found += [t for v in user[-1].tb_frame.f_locals.values() for t in _held_tracers(v)]
    elif user:  # at the cell's top level, in the objects its failing line reads (``spec_aug.next_rng``)
        read = _names_at(position_of(user[-1])) or []
        found += [t for n in read for t in _held_tracers(user[-1].tb_frame.f_globals.get(n))]
    described = _LEAKED.search(message)
    for tracer in found:
        if described is None:
            return tracer
        try:
            short = tracer.aval.str_short()
        except Exception:  # noqa: BLE001
            continue
        if type(tracer).__name__ == described["cls"] and short == described["aval"]:
            return tracer
    return None


def _names_at(position: Position) -> list[str] | None:
    tree = parse_file(position.filename)
    if tree is None:
        return None
    node = node_at(tree, position)
    if node is None:
        return None
    if isinstance(node, (ast.If, ast.While)):
        node = node.test
    return list(dict.fromkeys(names_in(node)))


def _held_tracers(value: Any) -> list[Tracer]:
    """Tracers among the pytree leaves of ``value`` and of its attributes (one level: ``self.state``)."""
    held = [value, *(_attributes(value).values())]
    found = []
    for item in held[:_MAX_ITEMS]:
        try:
            found += [leaf for leaf in quiet_leaves(item)[:_MAX_ITEMS] if isinstance(leaf, Tracer)]
        except Exception:  # noqa: BLE001 - an object that is not a pytree, nor flattens
            continue
    return found


def _attributes(value: Any) -> dict:
    if isinstance(value, (types.ModuleType, type)) or callable(value):
        return {}
    try:
        return dict(vars(value))
    except TypeError:
        return {}


def _tracers_in_locals(values: Any) -> list[Tracer]:
    found: list[Tracer] = []
    seen: set[int] = set()
    for value in values:
        _collect(value, found, seen, depth=0)
    return found


def _collect(value: Any, found: list[Tracer], seen: set[int], depth: int) -> None:
    if id(value) in seen or depth > 3:
        return
    seen.add(id(value))
    if isinstance(value, Tracer):
        found.append(value)
    elif isinstance(value, (tuple, list)) and len(value) <= _MAX_ITEMS:
        for item in value:
            _collect(item, found, seen, depth + 1)
    elif isinstance(value, dict) and len(value) <= _MAX_ITEMS:
        for item in value.values():
            _collect(item, found, seen, depth + 1)
    elif isinstance(value, slice):
        for item in (value.start, value.stop, value.step):
            _collect(item, found, seen, depth + 1)
    elif isinstance(value, types.FunctionType) and value.__closure__:
        for cell in value.__closure__:  # a tracer kept alive by a closure (``lambda: x``)
            try:
                _collect(cell.cell_contents, found, seen, depth + 1)
            except ValueError:  # an empty cell
                continue
    else:  # a library's own pytree (a flax struct), else an object's fields (pgmax's BPArrays, ``self.warm``)
        leaves = _pytree_leaves(value)
        found += [leaf for leaf in leaves if isinstance(leaf, Tracer)]
        for item in list(_attributes(value).values())[:_MAX_ITEMS] if not leaves else []:
            _collect(item, found, seen, depth + 1)


def _pytree_leaves(value: Any) -> list:
    """The leaves of ``value`` when it is a registered pytree node (not a leaf itself), else none."""
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - an object whose flattening fails
        return []
    return leaves[:_MAX_ITEMS] if not (len(leaves) == 1 and leaves[0] is value) else []


def jaxpr_tracer(tracer: Tracer) -> Tracer | None:
    """The jit-level tracer inside ``vmap``, ``grad`` and other tracers."""
    for _ in range(16):
        frame = getattr(getattr(tracer, "_trace", None), "frame", None)
        if frame is not None and hasattr(frame, "find_progenitors"):
            return tracer
        inner = None
        for attr in ("val", "primal", "tangent", "tracer"):
            candidate = getattr(tracer, attr, None)
            if isinstance(candidate, Tracer):
                inner = candidate
                break
        if inner is None:
            return None
        tracer = inner
    return None


def failing_tracers(exc: BaseException) -> list[Tracer]:
    """The tracers at the point where ``exc`` was raised (see :func:`origin_of`); for a shape JAX could not read
    (``got (4, JitTracer(~int32[]))``), only the integer ones: a PRNG key beside it is no part of a shape."""
    found = _failing_tracers(traceback_entries(exc.__traceback__), message_of(exc))
    if "Shapes must be 1D sequences of concrete values of integer type" in message_of(exc):
        counts = [t for t in found if jax.dtypes.issubdtype(getattr(t.aval, "dtype", None), np.integer)]
        return counts or found
    return found


def progenitors(tracer: Tracer) -> tuple[Any, frozenset[int]] | None:
    """The trace a jit-level tracer belongs to, and the positions of that trace's inputs it depends on."""
    frame = getattr(getattr(tracer, "_trace", None), "frame", None)
    if frame is None or not hasattr(frame, "find_progenitors"):
        return None
    var = _var_of(tracer, frame)
    masks = _input_masks(frame) if var is not None else None
    if masks is not None:
        bits = masks.get(var, 0)
        return frame, frozenset(i for i in range(bits.bit_length()) if bits >> i & 1)
    try:
        positions, _ = frame.find_progenitors(tracer)
    except Exception:  # noqa: BLE001 - JAX internals differ between versions
        return None
    return frame, frozenset(positions or ())


_last_read: list = [None, -1, {}]  # the last trace read: its frame, its equation count, each variable's inputs


def forget_read_traces() -> None:
    """Drop the last trace read (its equations and tracers go with the explanation)."""
    _last_read[:] = [None, -1, {}]


def _input_masks(frame: Any) -> dict | None:
    """Each variable of the trace, with the inputs it is computed from as bits (input ``i``: bit ``i``): one
    pass over the equations for all of a state's leaves, where JAX's ``find_progenitors`` walks them for each
    (a physics state's 89 leaves: 1.5 s)."""
    try:
        count = len(getattr(frame, "tracing_eqns", None) or getattr(frame, "eqns", None) or ())
        if _last_read[0] is frame and _last_read[1] == count:
            return _last_read[2]
        eqns = frame.get_eqns()  # JAX makes each equation anew on every call: once here
        masks = {v: 1 << i for i, v in enumerate(frame.invars)}
        for eqn in eqns:
            bits = 0
            for v in eqn.invars:
                if type(v).__name__ == "Var":
                    bits |= masks.get(v, 0)
            for v in eqn.outvars:
                masks[v] = bits
    except Exception:  # noqa: BLE001 - JAX internals differ between versions: JAX's own walk
        return None
    _last_read[:] = [frame, count, masks]
    return masks


def ancestor_vars(tracer: Tracer) -> tuple[Any, set] | None:
    """The trace a jit-level tracer belongs to, and every variable of that trace its value is computed from
    (itself included): inputs, constants and intermediate values alike."""
    frame = getattr(getattr(tracer, "_trace", None), "frame", None)
    var = _var_of(tracer, frame)
    if var is None or not hasattr(frame, "get_eqns"):
        return None
    try:
        found = {var}
        for eqn in reversed(frame.get_eqns()):
            if any(v in found for v in eqn.outvars if type(v).__name__ == "Var"):
                found.update(v for v in eqn.invars if type(v).__name__ == "Var")
    except Exception:  # noqa: BLE001 - JAX internals differ between versions
        return None
    return frame, found


def var_of(tracer: Tracer) -> Any:
    """The variable a jit-level tracer stands for in its trace, or None."""
    return _var_of(tracer, getattr(getattr(tracer, "_trace", None), "frame", None))


def _var_of(tracer: Tracer, frame: Any) -> Any:
    var = getattr(tracer, "val", None)
    if var is None or isinstance(var, Tracer) or not hasattr(var, "aval"):  # JAX 0.8 keeps it in the frame
        var = (getattr(frame, "tracer_to_var", None) or {}).get(id(tracer))
    return var if type(var).__name__ == "Var" else None  # a literal (a constant folded in) is no variable


def is_trace_input(tracer: Tracer) -> bool:
    """True when a jit-level tracer is an input of its trace as it is (computed by no operation); True too
    where JAX's frame cannot tell (JAX 0.10 keeps the variable on the tracer, 0.8 in the frame's table)."""
    frame = getattr(getattr(tracer, "_trace", None), "frame", None)
    invars = getattr(frame, "invars", None)
    var = getattr(tracer, "val", None)
    if var is None or isinstance(var, Tracer) or not hasattr(var, "aval"):
        var = (getattr(frame, "tracer_to_var", None) or {}).get(id(tracer))
    if var is None or invars is None:
        return True
    return any(v is var for v in invars)


# JAX's source info of a traced function: "name at file:line" (a name may have spaces: dags' "The concatenated
# function")
SRC_INFO = re.compile(r"(?P<name>.+?) at (?P<file>.+?):(?P<line>\d+)$")


def _progenitor_paths(tracer: Tracer) -> tuple[list[str], str | None] | None:
    frame = tracer._trace.frame
    try:
        positions, _ = frame.find_progenitors(tracer)
    except Exception:  # noqa: BLE001 - JAX internals differ between versions
        return None
    info = getattr(frame, "debug_info", None)
    names = getattr(info, "arg_names", None)
    # (JAX's ``func_name`` is the first word of its source info: dags names its function "The concatenated function")
    spelled = SRC_INFO.match(getattr(info, "func_src_info", None) or "")
    fname = spelled.group("name") if spelled else getattr(info, "func_name", None)
    if fname is not None:
        fname = probe_name(fname)
    if positions is None:
        return [], fname
    if names is None:
        return None
    try:
        return [_tidy(names[i]) for i in positions], fname
    except (IndexError, TypeError):
        return None


def _tidy(path: str) -> str:
    # JAX names keyword arguments of a call made by keyword as ``kwargs['n']``
    # in some versions; present them by their parameter name.
    match = re.fullmatch(r"kwargs\['([^\W\d]\w*)'\](.*)", path)
    return match.group(1) + match.group(2) if match else path
