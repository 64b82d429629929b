"""Walking a jaxpr: every equation, nested programs included, with the user's line that made it.

JAX records, for every equation, the Python traceback it was created from.
:func:`walk` visits the equations of a jaxpr in program order and descends
into the programs held in their parameters (``cond`` branches, ``while`` and
``scan`` bodies, inner ``jit``, ``custom_jvp``/``custom_vjp``), announcing
each nested program before its equations. Every consumer (the report's
``lines``, its source map, the unrolled-loop analysis) walks the same way, so
they agree on which line made which equation.

Two hooks for jaxmagic's own re-traces live here too, beside the rest of
what reads JAX's internals: the trace that records each operation
(:func:`jaxpr_recorder`) and :func:`quick_array_attributes`.
"""
from __future__ import annotations

import collections
import contextlib
import dataclasses
import threading
import weakref
from collections.abc import Iterator
from typing import Any

from jax._src import core, source_info_util

try:  # the jaxpr recorder a re-trace checks the clock in
    from jax._src.interpreters import partial_eval as _partial_eval
except ImportError:  # a JAX that moved it
    _partial_eval = None

from .errors import is_user_file

_walked: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # jaxpr -> {filename: its steps}
_walked_lock = threading.Lock()

__all__ = [
    "Equation", "Nested", "walk", "equations", "place_of", "traceback_place", "print_jaxpr",
    "EquationPrinter", "jaxpr_recorder", "quick_array_attributes",
]

_printing = threading.Lock()


def print_jaxpr(closed: Any) -> tuple[str, dict]:
    """The jaxpr as JAX prints it (no colour), and the name JAX gave each variable in that text.

    JAX names variables while it prints (inner programs reuse their caller's
    names; shared programs are printed first), and keeps the names in a
    printing context it does not return. For a second listing of the same
    equations to use the same names, the context is caught as it is made:
    for the length of this one call, JAX's context class is a subclass that
    remembers its instances. Where that fails, the text comes alone.
    """
    made: list = []
    original = getattr(core, "JaxprPpContext", None)
    if original is None:
        return closed.pretty_print(use_color=False), {}

    class _Remembered(original):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if threading.get_ident() == owner:
                made.append(self)

    owner = threading.get_ident()
    with _printing:
        core.JaxprPpContext = _Remembered
        try:
            text = closed.pretty_print(use_color=False)
        finally:
            core.JaxprPpContext = original
    names = dict(made[0].var_names) if made else {}
    return text, names


class EquationPrinter:
    """Variables and equations printed one at a time, under the names one listing of JAX gave them.

    ``names`` is the naming :func:`print_jaxpr` caught; variables it does not
    know are named as JAX names new ones. Where this JAX prints differently,
    an equation falls back to its primitive's name and variables to "".
    """

    def __init__(self, names: dict) -> None:
        self._context = core.JaxprPpContext()
        self._context.var_names.update(names)  # (JAX 0.8 takes no names when the context is made)

    def variables(self, variables: Any, shapes: bool = True) -> str:
        try:
            return core.pp_vars(variables, self._context, print_shapes=shapes).format(use_color=False)
        except Exception:  # noqa: BLE001 - JAX internals differ between versions
            return ""

    def equation(self, eqn: Any) -> str:
        try:
            ins = core.pp_vars(eqn.invars, self._context).format(use_color=False)
            outs = core.pp_vars(eqn.outvars, self._context, print_shapes=True).format(use_color=False)
            return f"{outs} = {eqn.primitive.name} {ins}".rstrip()
        except Exception:  # noqa: BLE001 - JAX internals differ between versions
            return eqn.primitive.name


@dataclasses.dataclass(frozen=True)
class Equation:
    """One equation and where the user's code made it.

    ``depth`` is 0 for the walked jaxpr's own equations, 1 inside a program
    nested in one of them, and so on; ``within`` names the primitive of the
    equation holding it (``cond``, ``while``, ``pjit``), or "".
    """

    eqn: Any
    line: int | None
    column: int | None
    depth: int
    within: str
    file: str | None = None
    # ``(file, line)`` of the user's own code that made it, when that is not the walked file: the body of
    # a jit defined in another cell or module, placed (``line``) on the walked file's line that called it
    origin: tuple[str, int] | None = None


@dataclasses.dataclass(frozen=True)
class Nested:
    """A program held in an equation's parameters, announced before its equations.

    ``label`` is the parameter that holds it (``branches[0]``, ``body_jaxpr``);
    ``depth`` is the holding equation's.
    """

    label: str
    jaxpr: Any
    line: int | None
    depth: int


def place_of(eqn: Any, filename: str | None = None) -> tuple[str, int, int | None] | None:
    """``(file, line, column)`` of the user's frame that made ``eqn``.

    With ``filename``, the innermost frame in that file (so a helper from
    another cell or a library is placed on the line of this file that called
    it); without, the innermost user frame anywhere.
    """
    return _places(eqn, filename)[0]


def _places(eqn: Any, filename: str | None) -> tuple[tuple[str, int, int | None] | None, tuple[str, int] | None]:
    """:func:`place_of` in ``filename`` and, when the user's own code (a cell or the user's module, not an
    installed library) that made ``eqn`` is in another file, that place, ``(file, line)``: one reading of
    the traceback for both. Since JAX 0.9.1 an inner jit's equations carry only its own frames; earlier
    JAX kept the whole stack, whose innermost user frame is that same place."""
    place = origin = None
    try:
        for frame in source_info_util.user_frames(eqn.source_info.traceback):
            if origin is None and filename is not None and is_user_file(frame.file_name):
                origin = (frame.file_name, frame.start_line)
            if filename is None or frame.file_name == filename:
                place = frame.file_name, frame.start_line, getattr(frame, "start_column", None)
                break
    except Exception:  # noqa: BLE001 - JAX internals differ between versions
        return None, None
    return place, (origin if origin is not None and origin[0] != filename else None)


def traceback_place(traceback: Any) -> tuple[str, int] | None:
    """``(file, line)`` of the innermost user frame of one of JAX's recorded tracebacks (a tracer's, an
    equation's); None when it has none or this JAX records them differently."""
    try:
        frame = source_info_util.user_frame(traceback)
    except Exception:  # noqa: BLE001 - JAX internals differ between versions
        return None
    return (frame.file_name, frame.start_line) if frame is not None else None


def walk(jaxpr: Any, filename: str | None = None) -> Iterator[Equation | Nested]:
    """Every equation of ``jaxpr`` (a ``Jaxpr`` or ``ClosedJaxpr``) and of the programs nested in it.

    An equation with no frame of its own in ``filename`` (one inside JAX's own
    inner jits, ``jnp.clip``) takes the line of the equation holding it. A
    jaxpr is walked once per file: ``report.lines``, the source map and the
    loop advice of one report share the walk, kept for as long as the jaxpr lives.
    """
    program = getattr(jaxpr, "jaxpr", jaxpr)
    with _walked_lock:
        steps = _walked.get(program, {}).get(filename)
    if steps is None:
        steps = tuple(_walk(program, filename, 0, "", None))
        with _walked_lock:
            _walked.setdefault(program, {})[filename] = steps
    return iter(steps)


def _walk(
    jaxpr: Any, filename: str | None, depth: int, within: str, inherited: tuple | None
) -> Iterator[Equation | Nested]:
    for eqn in getattr(jaxpr, "jaxpr", jaxpr).eqns:
        own, origin = _places(eqn, filename)
        place = own or inherited
        file, line, column = place if place is not None else (None, None, None)
        yield Equation(eqn, line, column, depth, within, file, origin)
        for label, inner in nested_programs(eqn.params):
            yield Nested(label, inner, line, depth)
            yield from _walk(inner, filename, depth + 1, eqn.primitive.name, place)


def equations(jaxpr: Any, filename: str | None = None) -> Iterator[Equation]:
    """Only the equations of :func:`walk`."""
    return (step for step in walk(jaxpr, filename) if isinstance(step, Equation))


def nested_programs(params: dict) -> list[tuple[str, Any]]:
    """Each jaxpr held in an equation's parameters, with the parameter's name."""
    found = []
    for key, value in params.items():
        if _is_program(value):
            found.append((key, value))
        elif isinstance(value, (tuple, list)):
            found += [(f"{key}[{i}]", item) for i, item in enumerate(value) if _is_program(item)]
    return found


def _is_program(value: Any) -> bool:
    return hasattr(value, "eqns") or hasattr(getattr(value, "jaxpr", None), "eqns")


def jaxpr_recorder() -> type | None:
    """JAX's trace that records each operation into a jaxpr (``DynamicJaxprTrace``), whose
    ``process_primitive`` a re-trace checks the clock in; None for a JAX that moved it."""
    return getattr(_partial_eval, "DynamicJaxprTrace", None)


_QUICK = ("sharding", "device")  # a concrete array's attributes that a tracer refuses with an AttributeError
_quick_threads: collections.Counter = collections.Counter()  # thread -> how many re-traces it has open
_quick_lock = threading.Lock()
_quick_saved: dict[str, Any] = {}  # the properties (and ``__getattr__``) put back when the last re-trace ends


@contextlib.contextmanager
def quick_array_attributes() -> Iterator[None]:
    """Inside, in this thread only, a tracer asked for ``sharding`` or ``device`` refuses at once, without JAX's
    account of where the tracer came from. That account scans the whole trace so far, so a library that asks
    every value (``getattr(x, "sharding", None)``) makes tracing quadratic: adam's mass matrix asks 1,887 times,
    and one trace takes a minute. The refusal is the same ``AttributeError`` every ``getattr`` and ``hasattr``
    expects; other threads see JAX's own."""
    owner = threading.get_ident()
    with _quick_lock:
        if not _quick_threads:
            for name in _QUICK:
                found = core.Tracer.__dict__.get(name)
                if isinstance(found, property):
                    _quick_saved[name] = found
                    setattr(core.Tracer, name, property(_refused_quickly(name, found)))
            fallback = core.Tracer.__dict__.get("__getattr__")  # JAX 0.8 words the refusal there too, scanning
            if callable(fallback):
                _quick_saved["__getattr__"] = fallback
                core.Tracer.__getattr__ = _looked_up_quickly(fallback)
        _quick_threads[owner] += 1
    try:
        yield
    finally:
        with _quick_lock:
            _quick_threads[owner] -= 1
            if _quick_threads[owner] <= 0:
                del _quick_threads[owner]
            if not _quick_threads:
                for name, found in _quick_saved.items():
                    setattr(core.Tracer, name, found)
                _quick_saved.clear()


def _looked_up_quickly(original: Any) -> Any:
    def get(self: Any, name: str) -> Any:
        if name in _QUICK and threading.get_ident() in _quick_threads:
            raise AttributeError(f"The '{name}' attribute is not available on a tracer (jaxmagic's re-trace)")
        return original(self, name)
    return get


def _refused_quickly(name: str, original: property) -> Any:
    def get(self: Any) -> Any:
        if threading.get_ident() in _quick_threads:
            raise AttributeError(f"The '{name}' attribute is not available on a tracer (jaxmagic's re-trace)")
        return original.fget(self)
    return get
