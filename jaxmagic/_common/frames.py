"""Which entries of a traceback are the user's, JAX's or an installed library's.

:func:`traceback_entries` walks a traceback, :func:`user_entries` keeps the user's code (cells and their own
modules, not JAX, Python or jaxmagic), and :func:`user_frame` names the innermost of those: where in the user's
code an error arose. :func:`called_from` asks whether a frame runs under code of a kind (a JAX transformation, the
user's code). :func:`raised_by_jax` asks whether JAX raised an exception: its innermost frame is JAX's, or JAX
filtered its own frames out and left the user's call into JAX innermost.
"""
from __future__ import annotations

import ast
import contextlib
import inspect
import linecache
import os
import re
import types
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import jax

from .files import (installed_package, is_installed_library, is_jax_file, is_user_file, short_path)
from .source import node_at, parse_file, position_of

__all__ = [
    "called_from", "installed_package", "is_installed_library", "library_entry", "is_jax_file", "jax_frames_kept", "is_user_file", "short_path", "traceback_entries",
    "user_entries", "user_frame", "stitched", "errors_held", "holds_tracer", "attribute_tracers", "raised_by_jax", "leaves_of", "RAISE_LINE",
    "calls_a_jit", "differentiated_eagerly", "quiet_leaves", "unhashable_jitted_method", "forget_answers", "kept_as_it_was", "cut_from_handled", "view_tracers",
    "code_parameters", "holding_arrays"]

def called_from(frame: types.FrameType | None, in_file: Callable[[str], bool]) -> bool:
    """True when ``frame`` or one of its callers runs code of a file ``in_file`` accepts (``is_jax_file``:
    a JAX transformation is running; ``is_user_file``: the user's code led here)."""
    for _ in range(512):
        if frame is None:
            return False
        if in_file(frame.f_code.co_filename):
            return True
        frame = frame.f_back
    return False


def traceback_entries(tb: types.TracebackType | None) -> list[types.TracebackType]:
    """Every entry of a traceback, outermost first."""
    entries = []
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    return entries


def jax_frames_kept(tb: types.TracebackType | None) -> bool:
    """True when a traceback still holds JAX's own frames (JAX filters them out of a script's tracebacks, and
    under IPython only marks them hidden): the values JAX was handling when it raised can be read there."""
    return any(is_jax_file(entry.tb_frame.f_code.co_filename) for entry in traceback_entries(tb))


def library_entry(exc: BaseException) -> types.TracebackType | None:
    """The innermost traceback entry of ``exc`` outside JAX's files, when it is an installed library's code (not
    the user's): the library that refused a traced value."""
    outside = [tb for tb in traceback_entries(exc.__traceback__) if not is_jax_file(tb.tb_frame.f_code.co_filename)]
    filename = outside[-1].tb_frame.f_code.co_filename if outside else ""
    return outside[-1] if outside and is_installed_library(filename) and not is_user_file(filename) else None


def user_entries(tb: types.TracebackType | None) -> list[types.TracebackType]:
    """The entries of a traceback in the user's own code (:func:`is_user_file`), outermost first."""
    return [entry for entry in traceback_entries(tb) if is_user_file(entry.tb_frame.f_code.co_filename)]


_LAST_ASKED: list = [None, None]  # (the exception, its answer): one explanation asks several times of one error


def unhashable_jitted_method(exc: BaseException) -> tuple[str, Any] | None:
    """(the name, the bound method) of a method jitted bound to an object that cannot be hashed, on the user's
    line that raised ``exc`` (``jax.jit(loss.evaluate)(params, batch)`` of an equinox Module holding arrays), or of
    a callable object jitted itself (``jax.jit(model)``): JAX hashes the function a jit caches on, and so the
    object. None for any other error. The last answer is kept for the exception it was given."""
    if _LAST_ASKED[0] is exc:
        return _LAST_ASKED[1]
    found = _unhashable_jitted_method(exc)
    _LAST_ASKED[:] = [exc, found]
    return found


def forget_answers() -> None:
    """Drop the answer kept for the last error asked about (and with it that error, its frames and tracers)."""
    _LAST_ASKED[:] = [None, None]


def _unhashable_jitted_method(exc: BaseException) -> tuple[str, Any] | None:
    user = user_entries(exc.__traceback__) if isinstance(exc, TypeError) else []
    if not user or not str(exc).startswith("unhashable type") or "Tracer" in str(exc):
        return None
    frame = user[-1].tb_frame
    line = linecache.getline(frame.f_code.co_filename, user[-1].tb_lineno).replace(" ", "")
    for name in dict.fromkeys(re.findall(r"[^\W\d]\w*(?:\.[^\W\d]\w*)?", line)):
        root, _, attr = name.partition(".")
        value = frame.f_locals.get(root, frame.f_globals.get(root))
        if hasattr(value, "_jit_info"):  # fast_loss = jax.jit(loss.evaluate), called here
            method = getattr(value, "_fun", None)
        elif f"jit({name})" in line and (not attr or inspect.getattr_static(value, attr, None) is not None):
            method = getattr(value, attr, None) if attr else value  # jax.jit(loss.evaluate)(...) written inline
        else:
            continue
        owner = getattr(method, "__self__", method)  # a method's object, or a callable object itself (a Module)
        if method is None or isinstance(owner, (type, types.ModuleType, types.FunctionType)):
            continue
        try:
            hash(method)
        except TypeError:
            return name, method
    return None


def user_frame(tb: types.TracebackType | None, prefer: str | None = None) -> tuple[str, int] | None:
    """The innermost user frame of a traceback as ``(filename, lineno)``; with ``prefer`` (a cell's filename), the
    innermost in that file when there is one: an error in an earlier cell's helper is placed on this cell's call."""
    users = [(entry.tb_frame.f_code.co_filename, entry.tb_lineno) for entry in user_entries(tb)]
    if prefer is not None:
        preferred = [f for f in users if f[0] == prefer]
        if preferred:
            return preferred[-1]
    return users[-1] if users else None


def stitched(outer: BaseException, inner: BaseException) -> BaseException:
    """A copy of ``inner`` (raised first, then caught) whose traceback is ``outer``'s down to the frame that
    caught it (or to the user's deepest frame in it), then ``inner``'s own; ``inner`` itself when it cannot be
    copied. Neither exception is changed."""
    caught = inner.__traceback__
    entries = traceback_entries(outer.__traceback__)
    joint = next((i for i, tb in enumerate(entries) if caught is not None and tb.tb_frame is caught.tb_frame), None)
    if joint is None:  # caught in a frame the outer traceback does not pass: below the user's deepest frame
        users = [i for i, tb in enumerate(entries) if is_user_file(tb.tb_frame.f_code.co_filename)]
        if not users or caught is None:
            return inner
        joint = users[-1] + 1
    chain = [*entries[:joint], *traceback_entries(caught)]
    tb = None
    for entry in reversed(chain):
        tb = types.TracebackType(tb, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    try:
        copy = type(inner).__new__(type(inner))  # no __init__: JAX's error classes want a tracer there
        copy.args = inner.args
        copy.__dict__.update(getattr(inner, "__dict__", {}))
        copy.__cause__, copy.__context__ = inner.__cause__, inner.__context__
        return copy.with_traceback(tb)
    except Exception:  # noqa: BLE001 - an exception class that cannot be copied: its own traceback, then
        return inner


def errors_held(exc: BaseException) -> list[BaseException]:
    """The exceptions ``exc`` was raised from or while handling, then those it carries: an exception group's, and
    pydantic 1's wrapped validator errors (``float(v)`` on a tracer, caught and raised again as its own)."""
    held = [exc.__cause__ or exc.__context__, *getattr(exc, "exceptions", ())]
    for wrapper in getattr(exc, "raw_errors", None) or ():
        for one in wrapper if isinstance(wrapper, (list, tuple)) else [wrapper]:  # (nested models: nested lists)
            inner = getattr(one, "exc", None)
            held += [inner, getattr(inner, "__context__", None)]
    return [e for e in held if isinstance(e, BaseException)]


def differentiated_eagerly(exc: BaseException) -> bool:
    """True when the tracers the user's failing line held are autodiff's over concrete values (``jax.grad`` with no
    jit around it): library code there computed on values, where jaxmagic's re-traces are abstract."""
    user = user_entries(exc.__traceback__)
    held = [leaf for value in list(user[-1].tb_frame.f_locals.values())[:64] for leaf in leaves_of(value)
            if isinstance(leaf, jax.core.Tracer)] if user else []
    return bool(held) and all(not isinstance(getattr(t, "primal", t), jax.core.Tracer) for t in held)


def holds_tracer(value: object) -> bool:
    """A tracer, or a pytree holding one among its first leaves (a checker's ``*args``, clu's metric holding a
    dict of tuples of tracers)."""
    if isinstance(value, jax.core.Tracer):
        return True
    if isinstance(value, (str, bytes, int, float, type, types.ModuleType, types.FunctionType)) or value is None:
        return False
    try:
        leaves = quiet_leaves(value)
    except Exception:  # noqa: BLE001 - an object whose flattening fails holds nothing we can read
        leaves = []
    if any(isinstance(leaf, jax.core.Tracer) for leaf in leaves[:256]):
        return True
    return bool(attribute_tracers(value))


def holding_tracers(paths: list[str], frame: types.FrameType) -> list[str]:
    """Of ``paths`` (``gp.delta``, read by the code ``frame`` runs), those whose root holds a tracer there, or is
    not one of its locals: a static argument's Python floats are never the traced value's source."""
    roots = [re.match(r"\w*", p).group(0) for p in paths]
    return [p for p, r in zip(paths, roots) if r not in frame.f_locals or holds_tracer(frame.f_locals[r])]


def holding_arrays(paths: list[str], frame: types.FrameType) -> list[str]:
    """Of ``paths``, those whose root the frame holds as concrete JAX arrays, no tracer among them: under a trace,
    JAX records an operation on them all the same (``-0.1 * theta['k']`` in a scan body)."""
    roots = [re.match(r"\w*", p).group(0) for p in paths]
    held = [frame.f_locals.get(r) if r in frame.f_locals else None for r in roots]
    return [p for p, value in zip(paths, held) if value is not None and not holds_tracer(value) and any(
        isinstance(leaf, jax.Array) for leaf in leaves_of(value))]


def attribute_tracers(value: object) -> list:
    """The tracers among the first 32 attributes of ``value``: a library's own array type wrapping one (phiml's
    ``Tensor`` keeps its tracer in ``_native``, and its flattening hides it)."""
    held = getattr(value, "__dict__", None)
    return [v for v in list(held.values())[:32] if isinstance(v, jax.core.Tracer)] if isinstance(held, dict) else []


def view_tracers(value: object, depth: int = 2) -> list:
    """The tracers a library's view of arrays holds, ``depth`` deep through its slots and attributes and the dicts
    they hold (hyperiax hands a function of the user's a ``Children``, not a pytree, whose slot keeps a dict of
    proxies whose slots keep the tracers)."""
    if isinstance(value, (jax.core.Tracer, str, bytes, int, float, type, types.ModuleType)) or depth == 0:
        return []
    held = getattr(value, "__dict__", None)
    attributes = list(held.values())[:32] if isinstance(held, dict) else []
    for name in [n for k in type(value).__mro__[:-1] for n in ([k.__dict__["__slots__"]] if isinstance(
            k.__dict__.get("__slots__"), str) else k.__dict__.get("__slots__", ()))][:32]:
        try:
            attributes.append(object.__getattribute__(value, name))
        except (AttributeError, TypeError):  # an unset slot
            continue
    attributes += [v for d in attributes if isinstance(d, dict) for v in list(d.values())[:32]]
    return [v for v in attributes if isinstance(v, jax.core.Tracer)] + [
        t for v in attributes if not isinstance(v, (dict, jax.core.Tracer)) for t in view_tracers(v, depth - 1)]


RAISE_LINE = re.compile(r"\s*raise\b")


def raised_by_jax(exc: BaseException) -> bool:
    """True when JAX raised ``exc``: its traceback's innermost frame is JAX's own, or JAX removed its frames.

    JAX's traceback filtering (said in a note, or the exception's cause) leaves innermost the frame that called into
    JAX, stopped at a call that reads a traced or JAX array or a JAX function. A frame stopped at ``raise`` raised
    it itself; NumPy's errors that JAX words alike are called with NumPy's arrays. One with no traceback (built or
    pickled) is taken at its word."""
    entries = traceback_entries(exc.__traceback__)
    if not entries:
        return True
    innermost = entries[-1].tb_frame.f_code.co_filename
    if is_jax_file(innermost):
        return True
    filtered = any(_FILTERED in str(note) for note in getattr(exc, "__notes__", ()) or ()) or \
        type(exc.__cause__).__name__ == "UnfilteredStackTrace"
    line = linecache.getline(innermost, entries[-1].tb_lineno)
    return (filtered and bool(line) and not RAISE_LINE.match(line) and not _NUMPY.search(os.path.abspath(innermost))
            and _calls_into_jax(entries[-1]))


_NUMPY = re.compile(r"[/\\]numpy[/\\]|[/\\]scipy[/\\]")
_FILTERED = "JAX has removed its internal frames"  # JAX's note on a filtered traceback (0.8 to 0.12)


def _calls_into_jax(entry: types.TracebackType) -> bool:
    """True when the expression a frame stopped at reads a JAX array (traced or not) or a JAX function."""
    position = position_of(entry)
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    if node is None:
        return False
    frame = entry.tb_frame
    for sub in ast.walk(node):
        if not isinstance(sub, ast.Name):
            continue
        value = frame.f_locals.get(sub.id, frame.f_globals.get(sub.id))
        module = getattr(value, "__name__", "") if isinstance(value, types.ModuleType) else \
            getattr(value, "__module__", None) or ""
        if isinstance(value, jax.Array) or module == "jax" or module.startswith("jax."):  # tracers are jax.Arrays
            return True
        if any(isinstance(leaf, jax.Array) for leaf in leaves_of(value)):
            return True  # a pytree of arrays (params['w']) or a layer holding them
    return False


def calls_a_jit(entry: types.TracebackType) -> bool:
    """True when the frame stopped at a call of a jitted function (``circuit_jit(0.4, 2)``): an error raised
    below it arose while that function was traced. The callee is read by name, through modules only."""
    position = position_of(entry)
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    func = node.func if isinstance(node, ast.Call) else None
    made = isinstance(func, ast.Call)  # jax.jit(ansatz)(weights, hf): the jit made where it is called
    func = func.func if made else func
    path = []
    while isinstance(func, ast.Attribute):
        path.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return False
    frame = entry.tb_frame
    value = frame.f_locals.get(func.id, frame.f_globals.get(func.id))
    for name in reversed(path):
        if not isinstance(value, types.ModuleType):
            return False  # an object's attribute may run code: not read
        value = getattr(value, name, None)
    if made:
        return callable(value) and getattr(value, "__name__", "").endswith("jit") and \
            (getattr(value, "__module__", None) or "").split(".")[0] in ("jax", "equinox", "flax")
    return callable(value) and hasattr(value, "lower") and hasattr(value, "trace")


def leaves_of(value: object) -> list:
    """The first 64 pytree leaves of ``value``; none for an object JAX cannot flatten."""
    try:
        return quiet_leaves(value)[:64]
    except Exception:  # noqa: BLE001 - an odd object: no leaves of its own
        return []


def quiet_leaves(value: object, is_leaf: Callable[[Any], bool] | None = None) -> list:
    """``value``'s leaves, without JAX's warnings about what it would not flatten (an iterator a library's frame
    holds is a leaf: its deprecation warning is not the user's). A list, tuple or dict holding itself raises
    ``ValueError`` first: jaxlib 0.10's flatten recurses into it, and its error leaves Python's recursion count
    raised for the session."""
    _refuse_cycles(value)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return jax.tree_util.tree_leaves(value, is_leaf=is_leaf)


def _refuse_cycles(value: object, budget: int = 20_000) -> None:
    on_path: set[int] = set()
    done: set[int] = set()
    stack: list[tuple[object, bool]] = [(value, False)]
    while stack and budget > 0:  # depth first; past the budget (a huge container) JAX flattens it unchecked
        item, leaving = stack.pop()
        if leaving:
            on_path.discard(id(item))
            done.add(id(item))
            continue
        if not isinstance(item, (list, tuple, dict)) or id(item) in done:
            continue
        if id(item) in on_path:
            raise ValueError("a container that holds itself")
        budget -= 1
        on_path.add(id(item))
        stack.append((item, True))
        stack.extend((child, False) for child in (item.values() if isinstance(item, dict) else item))


@contextlib.contextmanager
def kept_as_it_was(held: Any) -> Iterator[None]:
    """The attributes of ``held`` (an object the user's code stores into, a library's) put back after the block: a try
    that runs the storing code (a static argument's, with a Python value) writes into it."""
    saved = dict(vars(held)) if hasattr(held, "__dict__") else None
    try:
        yield
    finally:
        if saved is not None:
            vars(held).clear()
            vars(held).update(saved)


def cut_from_handled(raised: BaseException, handled: BaseException | None) -> BaseException:
    """``raised``, by a trace jaxmagic ran again while it handled ``handled`` (the user's error), cut from it.

    Python chains the exception being handled to any raised meanwhile as its context, though the run again never
    met it: read through that link, a run that failed some other way (a library's context missing) seemed to fail
    as the user's did. The link is cut on jaxmagic's own exception; ``raised`` is returned.
    """
    theirs: set[int] = set()
    while handled is not None and id(handled) not in theirs and len(theirs) < 16:
        theirs.add(id(handled))
        handled = handled.__cause__ or handled.__context__
    exc: BaseException | None = raised
    for _ in range(16):
        if exc is None or not theirs:
            break
        if id(exc.__context__) in theirs:
            exc.__context__ = None
        if id(exc.__cause__) in theirs:
            exc.__cause__ = None
        exc = exc.__cause__ or exc.__context__
    return raised


def code_parameters(code: types.CodeType) -> list[str]:
    """The parameter names of a code object, in order (``*args`` and ``**kw`` included)."""
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return list(code.co_varnames[:count])
