"""Recognising tracing errors, and the user's own entries in a traceback.

:func:`tracing_kind` says whether an exception is a tracing error (whatever its class) and of which kind, in SPEC's
vocabulary; :func:`shape_family` says which of JAX's shape checks a plain ``TypeError``/``ValueError`` is, when JAX
raised it (shapes that do not fit are the ``shape-mismatch`` kind). A library's own check that refused a tracer (a
type checker's ``length: int``) is a tracing error too. The traceback helpers live in :mod:`.frames` (named here too).
"""
from __future__ import annotations

import ast
import inspect
import linecache
import os
import re
import types

import jax

from .frames import (RAISE_LINE, called_from, errors_held, holds_tracer, installed_package, is_installed_library,
                     is_jax_file, library_entry, is_user_file, leaves_of, raised_by_jax, short_path, stitched,
                     traceback_entries, unhashable_jitted_method, user_entries, user_frame)
from .source import enclosing_function, every_node, node_at, parse_file, position_of, statement_at

__all__ = ["tracing_kind", "tracing_error_in", "shape_family", "SHAPE_KINDS", "message_of", "is_user_file", "is_jax_file",
           "installed_package", "is_installed_library", "short_path", "traceback_entries", "user_entries", "user_frame",
           "called_from", "leaves_of", "rejected_tracers", "asserted_type", "UNHASHABLE_TRACER", "SIZE_NAME", "only_an_index"]

# Exception classes JAX raises only for tracing errors, most specific first.
_CLASS_KINDS: list[tuple[str, str]] = [
    ("TracerBoolConversionError", "bool-conversion"),
    ("TracerIntegerConversionError", "integer-conversion"),
    ("TracerArrayConversionError", "array-conversion"),
    ("NonConcreteBooleanIndexError", "boolean-index"),
    ("UnexpectedTracerError", "leaked-tracer"),
    ("ConcretizationTypeError", "concretization"),
    # shape polymorphism: a comparison or division of symbolic dimensions that holds for some sizes only
    ("InconclusiveDimensionOperation", "symbolic-dimension"),
    # JAX's type checker found a jaxpr equation whose types disagree (jax.errors since 0.10.1; jax.core before)
    ("JaxprTypeError", "jaxpr-type"),
]

# The kinds about shapes that do not fit, rather than values that are not known
SHAPE_KINDS = ("shape-mismatch", "symbolic-dimension", "jaxpr-type")
STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "size", "dtype"})  # what a tracer knows: read, they are constants

# JAX's words when an axis or another argument that must be a Python value got a tracer
_STATIC_NEEDED = "argument must be known statically"

# Plain TypeError / IndexError / ValueError / Exception messages that JAX raises
# for tracing errors.  Each pattern is a fragment of JAX 0.10's message.
_MESSAGE_KINDS: list[tuple[type[BaseException], str, str]] = [
    (TypeError, "Shapes must be 1D sequences of concrete values", "traced-shape"),
    (TypeError, "must have __hash__ and __eq__", "traced-shape"),
    (IndexError, "Slice entries must be static integers", "traced-shape"),
    (TypeError, "Slice entries must be static integers", "traced-shape"),
    # JAX 0.8.x words the traced-slice error this way (jax/_src/numpy/indexing.py:950).
    (IndexError, "slice indices must have static start/stop/step", "traced-shape"),
    (ValueError, "Non-hashable static arguments are not supported", "unhashable-static"),
    # a static argument (or pytree metadata) whose __eq__ raises: JAX compares it with the cached one
    (ValueError, "static arguments should be comparable using __eq__", "unhashable-static"),
    (ValueError, "checking equality of metadata fields of pytree", "unhashable-static"),
    (TypeError, "Non-hashable static arguments are not supported", "unhashable-static"),
    (TypeError, "is not a valid JAX type", "non-array-argument"),
    (TypeError, "Cannot interpret value of type", "non-array-argument"),
    (TypeError, "as an abstract array", "non-array-argument"),
    # an object JAX flattened into a tracer (a Keras model passed to jit), then called in the function
    (TypeError, "Tracer' object is not callable", "non-array-argument"),
    (TypeError, "unsupported format string passed to", "concretization"),
    (Exception, "Leaked trace", "leaked-tracer"),
    (Exception, "leaked tracer", "leaked-tracer"),
]


# JAX's second line of a ConcretizationTypeError names what needed the concrete value. A size, a length, a
# bound or an axis of one of its functions (jnp.nonzero's size, a jnp.mgrid slice stop, multigammaln's d,
# jnp.arange's stop) is a compile-time argument: traced-shape. A conversion (`int`, `float`) is not.
_SIZE_CAUSE = re.compile(
    r"argument must be known statically|size argument|argument of \S+|It arose in the \S+ argument|"
    r"error arose in \S+ argument|error arose in (?:setdiff1d|union1d|intersect1d)\(\)|"  # (a set's length)
    r"slice (?:start|stop|step) of|must be static|statically specified|pass a static `"  # (bincount's ``length``)
)
_CONVERSION_CAUSE = re.compile(r"The problem arose with the `")


def _sized_by_tracer(message: str) -> bool:
    cause = "\n".join(message.splitlines()[1:3])
    return bool(_SIZE_CAUSE.search(cause)) and not _CONVERSION_CAUSE.search(cause)


def _library_size(exc: BaseException) -> bool:
    """``int()`` of a tracer on a library's line that makes a size of it (phiml's ``size = int(size)`` while
    it builds a shape): the value was needed as a compile-time constant, not only as a Python number."""
    if "arose with the `int` function" not in message_of(exc):
        return False
    entry = library_entry(exc)
    if entry is None:
        return False
    line = linecache.getline(entry.tb_frame.f_code.co_filename, entry.tb_lineno)
    return any(SIZE_NAME.search(name) for name in re.findall(r"[^\W\d]\w*", line.split("int(", 1)[0]) +
               re.findall(r"int\(\s*([^\W\d]\w*)", line)) and not only_an_index(entry)


def only_an_index(entry: types.TracebackType) -> bool:
    """True when the name a library's line assigns (``steps = int(steps)``) is read later only as an index
    (``table[steps]``): a Python int to pick an element with, not a size (flaxdiff's posterior variance)."""
    tree = parse_file(entry.tb_frame.f_code.co_filename)
    statement = statement_at(tree, entry.tb_lineno) if tree is not None else None
    function = enclosing_function(tree, entry.tb_lineno) if statement is not None else None
    if not isinstance(statement, ast.Assign) or not isinstance(statement.targets[0], ast.Name) or function is None:
        return False
    reads = [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == statement.targets[0].id and
             isinstance(n.ctx, ast.Load) and n.lineno > statement.end_lineno]
    indexes = {id(n.slice) for n in ast.walk(function) if isinstance(n, ast.Subscript)}
    return bool(reads) and all(id(n) in indexes for n in reads)


# JAX's NumPy-worded refusals: one bool of a vector, the length of a scalar
_NUMPY_LIKE = re.compile(r"truth value of an array with more than one element|len\(\) of unsized object|iteration over a "
                         r"0-d array|(?P<index>Only integer scalar arrays can be converted to a scalar index)")
# Hashing a tracer (a dict key, a set member, an lru_cache argument) needs its value.
UNHASHABLE_TRACER = re.compile(r"unhashable type: '\w*Tracer'")
# A list, tuple or string repeated a traced number of times (ninjax's ``[seed] * length``), or NumPy given a tracer as a shape (vizier's ``np.ones(dim)``): a count is needed.
REPEATED_BY_TRACER = re.compile(r"for \*: '(list|tuple|str)' and '\w*Tracer'|for \*: '\w*Tracer' and '(list|tuple|str)'|"
                                r"expected a sequence of integers or a single integer, got '(?:\w*Tracer[(<]|Traced<)")


def tracing_kind(exc: BaseException) -> str | None:
    """SPEC's ``kind`` for a tracing error, or None when ``exc`` is not one."""
    if type(exc).__name__ == "ConcretizationTypeError" and (_sized_by_tracer(message_of(exc)) or _library_size(exc)):
        return "traced-shape"  # a size, a length, an axis (another compile-time argument) given as a tracer
    if "arose with the `int` function" in message_of(exc) and (entry := library_entry(exc)) is not None and \
            only_an_index(entry):
        return "integer-conversion"  # a library's Python index made of a tracer
    for cls in type(exc).__mro__:
        for name, kind in _CLASS_KINDS:
            if cls.__name__ == name and cls.__module__.startswith("jax"):
                return kind
    if shape_family(exc) is not None:
        return "shape-mismatch"
    text = message_of(exc)
    for cls, fragment, kind in _MESSAGE_KINDS:
        if isinstance(exc, cls) and fragment in text:  # (a primitive's parameter: a list given, not a tracer)
            return "unhashable-static" if "__hash__" in fragment and "Tracer" not in text[-200:] else kind
    if isinstance(exc, TypeError) and (hashed := UNHASHABLE_TRACER.search(text) or REPEATED_BY_TRACER.search(text)):
        return "concretization" if hashed.re is UNHASHABLE_TRACER else "traced-shape"
    if unhashable_jitted_method(exc) is not None:  # jax.jit(obj.method): the jit's cache hashes obj
        return "unhashable-static"
    if isinstance(exc, ValueError) and "Invalid mixing of symbolic scopes" in text and raised_by_jax(exc):
        return "symbolic-dimension"  # two symbolic shapes made by separate symbolic_shape calls
    innermost = traceback_entries(exc.__traceback__)[-1:]
    if isinstance(exc, ValueError) and _abstractified(exc):
        return "non-array-argument"  # an object jit read as an array (a sequence that is no pytree): NumPy refused
    if isinstance(exc, (ValueError, TypeError)) and (numpy_like := _NUMPY_LIKE.search(text)) and raised_by_jax(exc) \
            and any(holds_tracer(v) for tb in innermost for v in list(tb.tb_frame.f_locals.values())[:64]):
        if isinstance(exc, ValueError):
            return "bool-conversion"  # `if x > 0` on a traced vector: JAX asks for one bool as NumPy does
        if is_installed_library(innermost[0].tb_frame.f_code.co_filename) or numpy_like.group("index"):
            return "integer-conversion"  # a library's len(k) of a traced scalar, or ``labels[flag]`` of a traced bool
    return _library_check(exc)


def _abstractified(exc: BaseException) -> bool:
    """True when NumPy refused an argument jit asked for its shape (JAX's ``shaped_abstractify``, or its frames
    removed right under the user's call): an argument that is neither an array nor a pytree."""
    entries = traceback_entries(exc.__traceback__)
    names = [(e.tb_frame.f_code.co_name, is_jax_file(e.tb_frame.f_code.co_filename)) for e in entries[-3:]]
    return bool(names) and names[-1][0] == "shape" and "numpy" in entries[-1].tb_frame.f_code.co_filename and (
        ("shaped_abstractify", True) in names or (len(names) > 1 and not names[-2][1] and "removed its internal "
                                                  "frames" in " ".join(getattr(exc, "__notes__", ()) or ())))


def tracing_error_in(exc: BaseException) -> BaseException | None:
    """``exc`` when it is a tracing error; else the one it was raised while handling, or carries, where library code
    caught JAX's error and raised another (Keras's ``e.__class__(message)``, pydantic 1's ``ValidationError``); else
    None: a copy whose traceback is the outer one's down to where it was caught (or to the user's deepest frame in
    it), then the inner one's, so the user's frames above the library are kept. Neither exception is changed."""
    outer, queue = exc, [exc]  # (the queue grows as it is read: the exceptions each holds, nearest first; 8 at most)
    for exc in queue:
        if tracing_kind(exc) is not None:
            return exc if exc is outer else stitched(outer, exc)
        queue += errors_held(exc)[:max(0, 8 - len(queue))]
    return None


SIZE_NAME = re.compile(  # a library's own name for a value it needs at compile time: a count, a size, a bound
    r"(?:^|_)(?:n|num|max|min|size|sizes|length|len|steps|shape|count|restart|width|height|"
    r"crop|pad|padding|segments|axis|axes|dim|dims|rank|order|iters?|k)(?:_|$)", re.I)
# The conversions a tracer refuses, by the method a library's own array type refuses them in
_CONVERSIONS = {"__bool__": "bool-conversion", "__index__": "integer-conversion", "__int__": "integer-conversion",
                "__float__": "concretization", "__complex__": "concretization", "__array__": "array-conversion"}


def _library_check(exc: BaseException) -> str | None:
    """The kind of an error a library raised itself because a value it needs as a Python value is traced (``max_steps
    must be a Python integer``; a compiled binding's "incompatible arguments ... Invoked with:"): raised by a library's
    ``raise``, while a JAX transformation runs, with a tracer in that frame's variables (a count or size: traced-shape)."""
    entries = traceback_entries(exc.__traceback__)
    if not entries:
        return None
    frame = entries[-1].tb_frame
    filename = frame.f_code.co_filename
    if frame.f_back is None and not os.path.isabs(filename) and not is_user_file(filename):
        # a compiled library's frame (mypyc's plum: no source, no caller): its message shows the tracer it refused
        real = next((tb.tb_frame for tb in reversed(entries) if tb.tb_frame.f_back is not None), None)
        shown = list(_SHOWN_TRACER.finditer(message_of(exc))) if real is not None and called_from(
            real, is_jax_file) else []
        return None if not shown else "traced-shape" if any((s["dtype"] or s["old"] or "").startswith(
            ("int", "uint")) for s in shown) else "concretization"  # a count is what a dispatch on types refuses
    if is_jax_file(filename) or not called_from(frame, is_jax_file):
        return None
    tracers = {name: value for name, value in frame.f_locals.items() if holds_tracer(value)}
    if is_installed_library(filename) and "self" in tracers and frame.f_code.co_name in _CONVERSIONS:
        # a library's own array type refusing a Python conversion of the tracer it wraps (phiml's
        # ``Tensor.__bool__`` raising its own AssertionError): the conversion says the kind, as for JAX's
        return _CONVERSIONS[frame.f_code.co_name]
    if is_installed_library(filename) and (RAISE_LINE.match(linecache.getline(filename, entries[-1].tb_lineno) or "")
                                           or "Invoked with:" in message_of(exc)):  # (pybind11's own check)
        named = list(tracers) or _guarded_attributes(frame, filename, entries[-1].tb_lineno)
        if not named and _SHOWN_TRACER.search(message_of(exc)):
            # a dispatcher re-raising what it could not resolve (plum's ``eig(op, JitTracer(~int32[]))``):
            # its message shows the tracer; a whole number is a count the library needed
            shown = _SHOWN_TRACER.search(message_of(exc))
            integer = (shown["dtype"] or shown["old"] or "").startswith(("int", "uint"))
            return "traced-shape" if integer else "concretization"
    elif is_installed_library(filename) and isinstance(exc, AssertionError):
        # ``assert isinstance(idx, np.ndarray), "Invalid type"`` (jaxley's selection): the library wanted a
        # concrete value there; an integer tracer was wanted as a Python index
        line = linecache.getline(filename, entries[-1].tb_lineno) or ""
        checked = [n for n in _ISINSTANCE.findall(line) if n in tracers]
        if not checked:
            return None
        value = tracers[checked[0]]
        dtype = getattr(getattr(value, "aval", None), "dtype", None)
        if SIZE_NAME.search(checked[0]) or dtype is None:
            return "traced-shape" if SIZE_NAME.search(checked[0]) else "concretization"
        return "integer-conversion" if jax.numpy.issubdtype(dtype, jax.numpy.integer) else "concretization"
    else:  # a type checker's own frames hidden or generated: its message shows the tracer it rejected
        named = [name for name, _ in _rejected(message_of(exc), user_entries(exc.__traceback__)[-1:])]
    if not named:
        return None
    if any(SIZE_NAME.search(name) for name in named):
        return "traced-shape"
    # a Python index the library needed (tensorcircuit's qubit ``index``): integer scalars only, as held here
    held = [leaf.aval for n in named for leaf in leaves_of(tracers.get(n)) if isinstance(leaf, jax.core.Tracer)]
    return "integer-conversion" if held and all(a.shape == () and jax.numpy.issubdtype(a.dtype, jax.numpy.integer)
                                                for a in held) else "concretization"


def _guarded_attributes(frame: types.FrameType, filename: str, lineno: int) -> list[str]:
    """The traced attributes of ``self`` that the ``if`` guarding a library's ``raise`` tests (equinox's
    ``__check_init__``: ``if not isinstance(self.power, int) ...: raise ValueError``)."""
    owner = frame.f_locals.get("self")
    tree = parse_file(filename) if owner is not None else None
    guards = [n for n in every_node(tree) if isinstance(n, ast.If) and any(
        b.lineno <= lineno <= (b.end_lineno or b.lineno) for b in n.body)] if tree is not None else []
    if not guards:
        return []
    test = max(guards, key=lambda n: n.lineno).test
    return list(dict.fromkeys(a.attr for a in ast.walk(test) if isinstance(a, ast.Attribute)
                              and isinstance(a.value, ast.Name) and a.value.id == "self"
                              and isinstance(getattr(owner, a.attr, None), jax.core.Tracer)))


def asserted_type(exc: BaseException) -> bool:
    """True for a library's ``assert isinstance(value, ...)`` that met a tracer (its kind says what it wanted)."""
    entries = traceback_entries(exc.__traceback__)
    if not isinstance(exc, AssertionError) or not entries:
        return False
    filename = entries[-1].tb_frame.f_code.co_filename
    return is_installed_library(filename) and bool(_ISINSTANCE.search(linecache.getline(filename, entries[-1].tb_lineno)))


def rejected_tracers(exc: BaseException) -> list:
    """The tracers a type checker rejected in ``exc`` (``length: int`` given a tracer), read in the innermost
    frame of the user's, which called the checked function; none for any other error."""
    return [value for _, value in _rejected(message_of(exc), user_entries(exc.__traceback__)[-1:])]


def _rejected(message: str, entries: list[types.TracebackType]) -> list[tuple[str, object]]:
    """The tracers of ``entry``'s frame that a type check's message rejects as not a Python ``int``, ``float`` or
    ``bool``: the parameter it names (``parameter 'length'``), with a tracer (``JitTracer(~int32[])``, ``Traced<...>``)
    or its abstract value (``weak_i32[]``) shown; the caller's variable when it is passed under another name."""
    if not entries or not _PYTHON_TYPE_EXPECTED.search(message):
        return []
    entry = entries[-1]
    variables = entry.tb_frame.f_locals
    passed = _passed_as(entry)
    shown = []
    for param in dict.fromkeys(a or b for a, b in _CHECKED_PARAMETER.findall(message)):
        name = param if isinstance(variables.get(param), jax.core.Tracer) else passed.get(param)
        value = variables.get(name) if name else None
        if not isinstance(value, jax.core.Tracer):
            continue
        if re.search(r"Traced<|Tracer\b|Tracer\(", message) or jax.typeof(value).str_short(short_dtypes=True) in message:
            shown.append((name, value))
    return shown


def _passed_as(entry: types.TracebackType) -> dict[str, str]:
    """Parameter → the caller's variable, for the call on ``entry``'s line (``pad_to(x, n)``), when the
    callee is a plain name or attribute of the frame."""
    frame = entry.tb_frame
    tree = parse_file(frame.f_code.co_filename)
    node = node_at(tree, position_of(entry)) if tree is not None else None
    calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)] if node is not None else []
    found: dict[str, str] = {}
    for call in calls:
        try:
            params = list(inspect.signature(_referenced(call.func, frame)).parameters)
        except (LookupError, TypeError, ValueError):  # not a plain reference to a function
            continue
        for param, arg in zip(params, call.args):
            if isinstance(arg, ast.Name):
                found.setdefault(param, arg.id)
        for keyword in call.keywords:
            if keyword.arg and isinstance(keyword.value, ast.Name):
                found.setdefault(keyword.arg, keyword.value.id)
    return found


def _referenced(node: ast.expr, frame: types.FrameType) -> object:
    """The object a name or a dotted path of modules and classes refers to in ``frame`` (runs no code)."""
    if isinstance(node, ast.Name):
        for scope in (frame.f_locals, frame.f_globals, frame.f_builtins):
            if node.id in scope:
                return scope[node.id]
        raise LookupError(node.id)
    if isinstance(node, ast.Attribute):
        base = _referenced(node.value, frame)
        if isinstance(base, (types.ModuleType, type)) and node.attr in vars(base):
            return vars(base)[node.attr]
    raise LookupError(ast.dump(node))


_SHOWN_TRACER = re.compile(r"\w*Tracer\(~?(?P<dtype>[a-z]+\d*)\[|Traced<ShapedArray\((?P<old>[a-z]+\d*)\[")
_ISINSTANCE = re.compile(r"\bassert\s+isinstance\(\s*([^\W\d]\w*)\s*,")
_CHECKED_PARAMETER = re.compile(r"(?:parameter|argument)\s+['\"]?([^\W\d]\w*)"
                                r"|(?m:^([^\W\d]\w*)\n\s+Input should)")  # (pydantic 2: the field, then its check)
_PYTHON_TYPE_EXPECTED = re.compile(r"<class '(?:int|float|bool|complex)'>|\b(?:int|float|bool)\b"
                                   r"|valid (?:number|integer|boolean)")

# Shapes that do not fit. JAX's shape and type checks, raised as plain exceptions while it works out a result's shape and dtype from
# its operands' (eagerly, under jit, vmap, scan or grad alike): the class, the start of JAX's words (0.8-0.12;
# case matters: NumPy words some of the same checks in lower case), and the family of the check.
_SHAPE_CHECKS: list[tuple[type[BaseException], re.Pattern[str], str]] = [
    (TypeError, re.compile(r"dot_general requires (contracting|lhs batch) dimensions"), "contraction"),
    (ValueError, re.compile(r"Incompatible types for matmul arguments"), "contraction"),
    (ValueError, re.compile(r"Size of label '.+' for operand \d+ \(\d+\) does not match previous terms"), "einsum"),
    (ValueError, re.compile(r"Incompatible shapes for broadcasting: "), "broadcast"),
    (TypeError, re.compile(r"\w+ got incompatible shapes for broadcasting: "), "broadcast"),
    (TypeError, re.compile(r"\w+: arrays must have the same number of dimensions, got"), "broadcast"),
    (ValueError, re.compile(r"Incompatible types for broadcasting: input type="), "broadcast-to"),
    (TypeError, re.compile(r"select(_n)? cases must have the same shapes"), "broadcast"),
    (TypeError, re.compile(r"cannot reshape array of shape \(.*\) into shape"), "reshape"),
    (TypeError, re.compile(r"reshape total size must be unchanged"), "reshape"),
    (TypeError, re.compile(r"Cannot concatenate arrays with (shapes that differ|different numbers of dimensions)"),
     "concatenate"),
    (ValueError, re.compile(r"All input arrays must have the same shape"), "stack"),
    (TypeError, re.compile(r"body function carry input and carry output must have"), "carry"),
    (TypeError, re.compile(r"body_fun output and input must have identical types"), "carry"),
    (TypeError, re.compile(r"(cond|switch) branches must have (equal|the same)"), "branches"),
    (TypeError, re.compile(r"true_fun and false_fun output must have identical types"), "branches"),
    (ValueError, re.compile(r"vmap got inconsistent sizes for array axes to be mapped"), "mapped-axes"),
    (ValueError, re.compile(r"scan got values with different leading axis sizes"), "mapped-axes"),
    (ValueError, re.compile(r"array split does not result in an equal division"), "split"),
    (TypeError, re.compile(r"dynamic_update_slice update (shape must be smaller|must have the same rank)"), "update"),
    (TypeError, re.compile(r"slice (slice_sizes|limit_indices) must be less than or equal to operand shape"), "slice"),
    (ValueError, re.compile(r"cannot select an axis to squeeze out which has size not equal to one"), "squeeze"),
    (ValueError, re.compile(r"inconsistent size for core dimension"), "core-dimension"),
    (ValueError, re.compile(r"matmul input operand \d must have ndim at least 1"), "contraction"),
    (ValueError, re.compile(r"axis -?\d+ is out of bounds for array of dimension \d+"), "axis"),
    (IndexError, re.compile(r"Too many indices"), "index-rank"),
    (ValueError, re.compile(r"conv_general_dilated lhs feature dimension size"), "convolution"),
    (ValueError, re.compile(r"Custom VJP bwd rule .*must produce an output with the same"), "custom-rule"),
    (TypeError, re.compile(r"Custom JVP rule .*must produce primal and tangent outputs with"), "custom-rule"),
    (TypeError, re.compile(r"Gradient only defined for scalar-output functions"), "scalar-output"),
]


def shape_family(exc: BaseException) -> str | None:
    """Which of JAX's shape checks ``exc`` is (``contraction``, ``broadcast``, ``carry``...), or None. The words must
    be JAX's and JAX must have raised them: one a ``raise`` outside JAX raised (NumPy's) is not, whatever it says."""
    if any(cls.__name__ == name and cls.__module__.startswith("jax") for cls in type(exc).__mro__
           for name, _ in _CLASS_KINDS):
        return None  # JAX's own error classes (a JaxprTypeError that quotes a shape rule) are theirs
    text = message_of(exc).lstrip().split("\n", 1)[0]  # JAX names the check on its first line
    for cls, pattern, family in _SHAPE_CHECKS:
        if isinstance(exc, cls) and pattern.search(text) and raised_by_jax(exc):
            return family
    return None


def message_of(exc: BaseException) -> str:
    """``str(exc)``, or "" when the exception's own ``__str__`` fails."""
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - a broken __str__ must not hide the error
        return ""


