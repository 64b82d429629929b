"""The user's function that library code called, and which of its parameters a failing value came from.

A solver calls the user's objective, a search calls the user's ``recurrent_fn``,
``jax.vmap`` calls the user's function with slices: the trace JAX reports is
the library's (``_fn``, ``body_fun``), and its inputs have the library's names
(``_dynamic_flat[0]``, ``carry``). The user knows the function they wrote. Its
frame is still in the traceback: the outermost frame of the user's innermost
run of frames, the one that library (or JAX) code called. Its parameters hold
tracers of the same trace as the value that failed; the parameters whose
tracers share an input of that trace with the failing value are the ones it
depends on, named by their pytree paths (``y``, ``state.count``).
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import os
import re
import types
from typing import Any

import jax

from ..._common.frames import code_parameters, quiet_leaves, view_tracers
from ..._common.errors import called_from, is_jax_file, is_user_file, message_of, traceback_entries, user_entries
from ..._common.source import definition_of, enclosing_function, every_node, names_in, node_at, parse_file, position_of
from ..dataflow import depends_on
from ..._tracking.compiling.jax_frames import find_jax_call
from ..provenance import (Origin, Tracer, ancestor_vars, failing_tracers, jaxpr_tracer, origin_of, progenitors,
                          var_of)

_JAX_ROOT = os.path.dirname(os.path.abspath(jax.__file__)) + os.sep  # not jaxwt/, jaxopt/ beside it

__all__ = ["Entry", "entry_of", "entry_origin", "handed_by_name", "message_origin", "path_origin"]

_MAX_LEAVES = 4096  # a parameter with more leaves than this is not searched


@dataclasses.dataclass
class Entry:
    """The user's function as library code called it.

    Attributes
    ----------
    frame : the function's frame (alive as long as the exception is).
    name : its name.
    params : its parameter names, in order.
    caller : the file of the code that called it (a library's, or JAX's).
    """

    frame: types.FrameType
    name: str
    params: list[str]
    caller: str


def entry_of(exc: BaseException) -> Entry | None:
    """The outermost frame of the innermost run of the user's frames, when non-user code called it."""
    entries = traceback_entries(exc.__traceback__)
    failing = next((tb.tb_frame for tb in reversed(entries) if is_user_file(tb.tb_frame.f_code.co_filename)), None)
    if failing is None:
        return None
    # up the live stack (JAX's filtered traceback skips its own frames): the user's frames run together
    frame = failing
    while frame.f_back is not None:
        back = frame.f_back
        if is_user_file(back.f_code.co_filename):
            frame = back
        elif _glue(back) and back.f_back is not None and is_user_file(back.f_back.f_code.co_filename):
            frame = back.f_back  # ``m.model(x)`` through equinox's bound method: the user's code called it
        else:
            break
    caller = frame.f_back
    if caller is None or not called_from(caller, is_user_file):
        # a generator's frame on the way (``tree_map``'s): its caller is forgotten once it ran, but the
        # traceback still holds every frame between the user's call and the failing one
        caller = _library_caller(entries, frame)
    if caller is None:
        return None  # the user's top-level code (a cell), run by IPython or Python: no library called it
    return Entry(frame, frame.f_code.co_name, code_parameters(frame.f_code), caller.f_code.co_filename)


def _glue(frame: Any) -> bool:
    """True for a library's frame that hides itself from tracebacks (its code sets ``__tracebackhide__``, as
    equinox's bound methods do): a pass-through between two functions of the user's, no caller of its own."""
    code = frame.f_code
    return "__tracebackhide__" in code.co_varnames and not is_jax_file(code.co_filename)


def _library_caller(entries: list, frame: Any) -> Any:
    """The frame that called ``frame`` as the traceback has it, when that is not the user's code and the user's
    code ran further out; else None."""
    index = next((i for i, tb in enumerate(entries) if tb.tb_frame is frame), 0)
    outer = entries[:index]
    if not outer or is_user_file(outer[-1].tb_frame.f_code.co_filename) or \
            not any(is_user_file(tb.tb_frame.f_code.co_filename) for tb in outer):
        return None
    return outer[-1].tb_frame


def entry_origin(exc: BaseException, entry: Entry) -> Origin | None:
    """The entry function's parameters (as pytree paths) the failing value depends on; None when unknown."""
    failing = [t for t in (jaxpr_tracer(t) for t in failing_tracers(exc)) if t is not None]
    read = [progenitors(t) for t in failing]
    read = [r for r in read if r is not None]
    if read:
        paths = _sharing_inputs(entry, read, failing)
        if paths:
            return Origin(_narrowed(exc, entry, paths), entry.name, "trace")
        if any(frame is _frame_of(entry) for frame, _ in read):
            return Origin([], entry.name, "trace")  # computed inside the function, from no parameter
    # the value's trace is not the one the parameters were traced in (a branch of the user's lax.cond):
    # a backward slice through the user's own source
    named, function = _sliced(exc, entry)
    if len(named) > 1:
        # the parameters named by the library's own words for the value: JAX's path to its input
        # (``_dynamic[1][4].restart``), or the library's line that failed (``self.tau_a == 1.0``)
        words = _library_words(exc)
        named = [n for n in named if n in words] or named
    return Origin(named, function, "source") if named else None


def _library_words(exc: BaseException) -> set[str]:
    words: set[str] = set()
    found = _MESSAGE_PATH.search(message_of(exc))
    if found is not None:
        words |= set(re.findall(r"[^\W\d]\w*", found.group(1)))
    entries = [tb for tb in traceback_entries(exc.__traceback__)
               if not tb.tb_frame.f_code.co_filename.startswith(_JAX_ROOT)]
    # the library's line that failed; not one that only called the user's function whose own line failed
    # (laplax's ``loss_fn(pred, target)`` names what it hands on, not what the user's line tested)
    if entries and not is_user_file(entries[-1].tb_frame.f_code.co_filename):
        position = position_of(entries[-1])
        tree = parse_file(position.filename)
        node = node_at(tree, position) if tree is not None else None
        if node is not None:
            words |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)} | set(names_in(node))
    return words


def _frame_of(entry: Entry) -> Any:
    """The trace the entry function's parameters belong to, when they hold tracers."""
    local = entry.frame.f_locals
    for param in entry.params:
        for _, leaf in _tracer_leaves(param, local.get(param)):
            inner = jaxpr_tracer(leaf)
            read = progenitors(inner) if inner is not None else None
            if read is not None:
                return read[0]
    return None


def _sharing_inputs(entry: Entry, read: list[tuple[Any, frozenset[int]]], failing: list[Tracer]) -> list[str]:
    """Paths of the entry's tracer leaves that share an input of their trace with a failing value, or that
    the failing value is computed from (a parameter made of constants: data a library closed over)."""
    found: list[str] = []
    ancestors: list[tuple[Any, set]] | None = None
    local = entry.frame.f_locals
    for param in entry.params:
        value = local.get(param)
        for path, leaf in _tracer_leaves(param, value):
            inner = jaxpr_tracer(leaf)
            if inner is None:
                continue
            mine = progenitors(inner)
            if mine is None:
                continue
            if any(frame is mine[0] and positions & mine[1] for frame, positions in read):
                found.append(path)
                continue
            if ancestors is None:  # computed once, only when some leaf shares no input
                ancestors = [a for a in (ancestor_vars(t) for t in failing) if a is not None]
            var = var_of(inner)
            if var is not None and any(frame is mine[0] and var in made for frame, made in ancestors):
                found.append(path)
    return found


def _narrowed(exc: BaseException, entry: Entry, paths: list[str]) -> list[str]:
    """Of several parameters, the ones the failing expression's source depends on, when it tells."""
    roots = list(dict.fromkeys(_root(p) for p in paths))
    if len(roots) > 1:
        sliced = set(_sliced(exc, entry)[0])
        paths = [p for p in paths if _root(p) in sliced] or paths
    user = user_entries(exc.__traceback__)
    if len(paths) < 2 or not user or user[-1].tb_frame is not entry.frame:
        return paths
    failing = user[-1]
    # ``state.qpos[0]`` read at the failing line: of a physics state's forty leaves, the one it reads
    tree = parse_file(failing.tb_frame.f_code.co_filename)
    node = node_at(tree, position_of(failing)) if tree is not None else None
    read = {ast.unparse(n) for n in ast.walk(node or ast.Pass()) if isinstance(n, ast.Attribute)}
    return [p for p in paths if any(p == r or p.startswith((r + ".", r + "[")) for r in read)] or paths


def _sliced(exc: BaseException, entry: Entry) -> tuple[list[str], str]:
    """Parameters of the entry function the failing statement reads, through its assignments, and the function
    they belong to: the entry's own, else those of the function that made it, read through its closure (a
    model ``program`` that ``target(k)`` returned, called later by library code, reads ``k``)."""
    entries = traceback_entries(exc.__traceback__)
    failing = next((tb for tb in reversed(entries) if is_user_file(tb.tb_frame.f_code.co_filename)), None)
    if failing is None:
        return [], entry.name
    position = position_of(failing)
    tree = parse_file(position.filename)
    if tree is None or entry.frame.f_code.co_filename != position.filename:
        return [], entry.name
    outer = definition_of(tree, entry.frame.f_code)
    statement = _statement(tree, position, message_of(exc))
    if outer is None or statement is None:
        return [], entry.name
    try:
        depends = depends_on(outer, statement, enclosing_function(tree, position.lineno), tree)
    except Exception:  # noqa: BLE001 - an unusual definition: nothing from the source
        return [], entry.name
    local = entry.frame.f_locals
    own = [p for p in depends if p in entry.params and (_holds_tracer(local.get(p)) or view_tracers(
        local.get(p), 2) and not any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == p
                                     for n in ast.walk(statement)))]
    # (else an object, no pytree, holding tracers in its attributes, read through values made of it: tn4ml's quimb
    # network; one whose attribute the line reads is named by that attribute, later)
    free = [p for p in entry.frame.f_code.co_freevars if _holds_tracer(local.get(p))]
    maker = _made_in(tree, outer) if free and not own else None
    if maker is not None:
        try:
            made = depends_on(maker, statement, enclosing_function(tree, position.lineno), tree)
        except Exception:  # noqa: BLE001 - an unusual definition: nothing from the source
            made = []
        return [p for p in made if p in free], maker.name
    return own, entry.name


def _made_in(tree: ast.AST, definition: ast.AST) -> ast.FunctionDef | None:
    """The innermost function whose body defines ``definition``."""
    holders = [n for n in every_node(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
               and n is not definition and any(d is definition for d in ast.walk(n))]
    return max(holders, key=lambda n: n.lineno, default=None)


def _statement(tree: ast.AST, position: Any, message: str = "") -> ast.AST | None:
    """The failing expression, as a statement whose value :func:`depends_on` reads.

    When the error's message names a keyword of the failing call (a library's check: ``max_steps must be
    a Python integer``), only that keyword's value is read.
    """
    node = node_at(tree, position)
    if isinstance(node, (ast.If, ast.While, ast.Assert)):
        node = node.test
    elif isinstance(node, (ast.Return, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)):
        node = node.value
    if isinstance(node, ast.IfExp) and "boolean conversion" in message:
        node = node.test  # ``a if flag else b``: only the test needs a True/False
    if not isinstance(node, ast.expr):
        return None
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            named = [k.value for k in call.keywords if k.arg and message
                     and re.search(rf"\b{re.escape(k.arg)}\b", message)]
            if named:
                node = named[0]
                break
    return ast.Expr(value=ast.Tuple(elts=[node], ctx=ast.Load())) if list(names_in(node)) else None


def _tracer_leaves(param: str, value: Any) -> list[tuple[str, Tracer]]:
    if isinstance(value, Tracer):
        return [(param, value)]
    try:
        flat, _ = jax.tree_util.tree_flatten_with_path(value)
    except Exception:  # noqa: BLE001 - an object JAX cannot flatten: no tracers from it
        return []
    if len(flat) > _MAX_LEAVES:
        return []
    return [(param + jax.tree_util.keystr(path), leaf) for path, leaf in flat if isinstance(leaf, Tracer)]


def _holds_tracer(value: Any) -> bool:
    return bool(_tracer_leaves("", value))


def _root(path: str) -> str:
    end = len(path)
    for mark in ("[", "."):
        at = path.find(mark)
        if at > 0:
            end = min(end, at)
    return path[:end]


_MESSAGE_PATH = re.compile(r"depends on the values? of the arguments? (\S+?)\.?(?:\s|$)")
_STEP = re.compile(r"\[(?:'([^']*)'|\"([^\"]*)\"|(-?\d+))\]|\.([^\W\d]\w*)")


def message_origin(exc: BaseException) -> Origin | None:
    """The user's argument behind the input JAX's message names in a library's jit
    (``dynamic_nodonate['rest'][4]`` of equinox's wrapper around ``diffeqsolve``).

    JAX names an input of the innermost jitted call by its path in that call's arguments. Those
    arguments are still in JAX's frame; the value at the path is a tracer of the enclosing trace (the
    user's jitted function), whose provenance names the user's parameter.
    """
    found = _MESSAGE_PATH.search(message_of(exc))
    return path_origin(exc, found.group(1)) if found is not None else None


def path_origin(exc: BaseException, path: str) -> Origin | None:
    """The user's argument behind ``path``, an input of the innermost jitted call (a library's), followed out
    through the library's own jits around it (quadax's ``quadgk`` around ``adaptive_quadrature``)."""
    entries = traceback_entries(exc.__traceback__)
    if not entries:
        return None
    users = {name for tb in entries if is_user_file(tb.tb_frame.f_code.co_filename)
             for name in tb.tb_frame.f_code.co_varnames[:tb.tb_frame.f_code.co_argcount]}
    frame, followed = entries[-1].tb_frame, None
    for _ in range(4):  # each step: one library jit outwards
        root = re.match(r"[^\W\d]\w*", path)
        if root is None or root.group(0) in users:
            return None  # JAX's message already names a parameter of the user's
        call = _jit_call_beyond(frame, followed)
        if call is None or _users(call):
            return None  # the user's own jit: JAX's message already names their parameter
        try:
            bound = inspect.signature(call.fun).bind(*call.args, **call.kwargs).arguments
        except (TypeError, ValueError):
            return None
        value = _at_path(bound, path)
        if not isinstance(value, Tracer):
            return None
        read = origin_of(exc, [value])
        if len(read.paths) != 1 or (read.paths[0].split("[", 1)[0].split(".", 1)[0] in users) or \
                not _library_jit_around(call):
            return read if read.paths else None
        # an input of the next jit out: a library's again
        path, frame, followed = read.paths[0], call.frame.f_back, call.fun
    return None


def _library_jit_around(call: Any) -> bool:
    """True when the next jitted call out from ``call`` is a library's (its input is a library's name too)."""
    outer = _jit_call_beyond(call.frame.f_back, call.fun)
    return outer is not None and not _users(outer)


def _jit_call_beyond(frame: Any, fun: Any) -> Any:
    """The innermost jitted call at or above ``frame`` that is not of ``fun`` (JAX's frames of one call stand
    several deep: the call just followed is seen again further out)."""
    call = find_jax_call(frame)
    for _ in range(8):
        if call is None or fun is None or call.fun is not fun:
            return call
        call = find_jax_call(call.frame.f_back)
    return None


def _users(call: Any) -> bool:
    """True when the jitted function is the user's own (not a library's)."""
    return is_user_file(getattr(getattr(call.fun, "__code__", None), "co_filename", ""))


def _at_path(bound: dict, path: str) -> Any:
    root = re.match(r"[^\W\d]\w*", path)
    if root is None or root.group(0) not in bound:
        return None
    value = bound[root.group(0)]
    rest = path[root.end():]
    while rest:
        step = _STEP.match(rest)
        if step is None:
            return None
        key, key2, index, attr = step.groups()
        try:
            if attr is not None:
                value = getattr(value, attr)
            elif index is not None:
                value = value[int(index)]
            else:
                value = value[key if key is not None else key2]
        except Exception:  # noqa: BLE001 - a path this value does not have
            return None
        rest = rest[step.end():]
    return value


def handed_by_name(entry: Entry) -> bool:
    """True when library code (not JAX's) called the entry, a module-level function of the user's, handing it
    tracers by keyword (laplax's ``metric(**predictions)``): the library named the quantities it computed, and the
    function's parameters are the user's words for them. (A value handed on by position, ``log_prob(proposal)``,
    stays the user's outer input's.)"""
    caller = entry.frame.f_back
    if "." in entry.frame.f_code.co_qualname or caller is None or is_jax_file(entry.caller) or \
            is_user_file(entry.caller):
        return False
    local = entry.frame.f_locals
    if not any(isinstance(leaf, Tracer) for p in entry.params for leaf in quiet_leaves(local.get(p))):
        return False
    tree = parse_file(caller.f_code.co_filename)
    stopped = types.SimpleNamespace(tb_frame=caller, tb_lasti=caller.f_lasti, tb_lineno=caller.f_lineno)
    node = node_at(tree, position_of(stopped)) if tree is not None else None
    return isinstance(node, ast.Call) and not node.args and bool(node.keywords)
