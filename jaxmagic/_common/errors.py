"""Recognising tracing errors, and the user's own entries in a traceback.

:func:`tracing_kind` says whether an exception is a tracing error (whatever
its class) and of which kind, in SPEC's vocabulary; :func:`shape_family` says
which of JAX's shape checks a plain ``TypeError``/``ValueError`` is, when JAX
raised it (shapes that do not fit are the ``shape-mismatch`` kind). :func:`traceback_entries`
walks a traceback, :func:`user_entries` keeps the user's code (cells and
their own modules, not JAX, Python or jaxmagic), and :func:`user_frame`
names the innermost of those: where in the user's code an error arose.
"""
from __future__ import annotations

import ast
import linecache
import os
import re
import sys
import sysconfig
import types
from collections.abc import Callable

import jax

from .source import node_at, parse_file, position_of

__all__ = [
    "tracing_kind", "shape_family", "SHAPE_KINDS", "message_of", "is_user_file", "is_jax_file", "is_installed_library",
    "short_path", "traceback_entries", "user_entries", "user_frame", "called_from", "leaves_of",
]

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
    (TypeError, "unsupported format string passed to", "concretization"),
    (Exception, "Leaked trace", "leaked-tracer"),
    (Exception, "leaked tracer", "leaked-tracer"),
]


# JAX's second line of a ConcretizationTypeError names what needed the concrete value. A size, a length, a
# bound or an axis of one of its functions (jnp.nonzero's size, a jnp.mgrid slice stop, multigammaln's d,
# jnp.arange's stop) is a compile-time argument: traced-shape. A conversion (`int`, `float`) is not.
_SIZE_CAUSE = re.compile(
    r"argument must be known statically|size argument|argument of \S+|It arose in the \S+ argument|"
    r"slice (?:start|stop|step) of|must be static|statically specified"
)
_CONVERSION_CAUSE = re.compile(r"The problem arose with the `")


def _sized_by_tracer(message: str) -> bool:
    cause = "\n".join(message.splitlines()[1:3])
    return bool(_SIZE_CAUSE.search(cause)) and not _CONVERSION_CAUSE.search(cause)


# Hashing a tracer (a dict key, a set member, an lru_cache argument) needs its value.
_UNHASHABLE_TRACER = re.compile(r"unhashable type: '\w*Tracer'")


def tracing_kind(exc: BaseException) -> str | None:
    """SPEC's ``kind`` for a tracing error, or None when ``exc`` is not one."""
    if type(exc).__name__ == "ConcretizationTypeError" and _sized_by_tracer(message_of(exc)):
        return "traced-shape"  # a size, a length, an axis (another compile-time argument) given as a tracer
    for cls in type(exc).__mro__:
        for name, kind in _CLASS_KINDS:
            if cls.__name__ == name and cls.__module__.startswith("jax"):
                return kind
    if shape_family(exc) is not None:
        return "shape-mismatch"
    text = message_of(exc)
    for cls, fragment, kind in _MESSAGE_KINDS:
        if isinstance(exc, cls) and fragment in text:
            return kind
    if isinstance(exc, TypeError) and _UNHASHABLE_TRACER.search(text):
        return "concretization"
    if isinstance(exc, ValueError) and "Invalid mixing of symbolic scopes" in text and _raised_by_jax(exc):
        return "symbolic-dimension"  # two symbolic shapes made by separate symbolic_shape calls
    return _library_check(exc)


# A library's own name for a value it needs at compile time: a count, a size, a length, a bound
_SIZE_NAME = re.compile(r"(?:^|_)(?:n|num|max|min|size|sizes|length|len|steps|shape|count|restart|width|height|"
                        r"crop|pad|padding|segments|axis|axes|dim|dims|rank|order|iters?|k)(?:_|$)", re.I)


def _library_check(exc: BaseException) -> str | None:
    """The kind of an error that a library raised itself because a value it needs as a Python value is
    traced (``max_steps must be a Python integer``): raised by a ``raise`` of an installed library's, while a
    JAX transformation runs, with a tracer in that frame's variables. A count or size the library needs is
    ``traced-shape``; any other value, ``concretization``."""
    entries = traceback_entries(exc.__traceback__)
    if not entries:
        return None
    frame = entries[-1].tb_frame
    filename = frame.f_code.co_filename
    if not is_installed_library(filename) or is_jax_file(filename):
        return None
    if not _RAISE.match(linecache.getline(filename, entries[-1].tb_lineno) or ""):
        return None
    tracers = [name for name, value in frame.f_locals.items() if _holds_tracer(value)]
    if not tracers or not called_from(frame, is_jax_file):
        return None
    return "traced-shape" if any(_SIZE_NAME.search(name) for name in tracers) else "concretization"


def _holds_tracer(value: object) -> bool:
    """A tracer, or a tuple, list or dict holding one (a checker's ``*args``)."""
    if isinstance(value, jax.core.Tracer):
        return True
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (tuple, list)) else ()
    return any(isinstance(item, jax.core.Tracer) for item in list(items)[:64])


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


# --- shapes that do not fit ----------------------------------------------------

# JAX's shape and type checks, raised as plain exceptions while it works out a result's shape and dtype from
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
    """Which of JAX's shape checks ``exc`` is (``contraction``, ``broadcast``, ``carry``...), or None.

    The words must be JAX's and JAX must have raised them: an exception that a ``raise`` statement outside
    JAX raised (the user's own, NumPy's) is not one, whatever it says.
    """
    if any(cls.__name__ == name and cls.__module__.startswith("jax") for cls in type(exc).__mro__
           for name, _ in _CLASS_KINDS):
        return None  # JAX's own error classes (a JaxprTypeError that quotes a shape rule) are theirs
    text = message_of(exc).lstrip().split("\n", 1)[0]  # JAX names the check on its first line
    for cls, pattern, family in _SHAPE_CHECKS:
        if isinstance(exc, cls) and pattern.search(text) and _raised_by_jax(exc):
            return family
    return None


_JAX_ROOTS = tuple(
    os.path.dirname(os.path.abspath(m.__file__))
    for m in (jax, sys.modules.get("jaxlib"), sys.modules.get("opt_einsum"))  # opt_einsum: jnp.einsum's planner
    if m is not None and getattr(m, "__file__", None)
)
_RAISE = re.compile(r"\s*raise\b")


def is_jax_file(filename: str) -> bool:
    """True for JAX's own code (``jax``, ``jaxlib``, and ``opt_einsum``, which ``jnp.einsum`` plans with)."""
    return bool(filename) and os.path.abspath(filename).startswith(_JAX_ROOTS)


def _raised_by_jax(exc: BaseException) -> bool:
    """True when JAX raised ``exc``: its traceback's innermost frame is JAX's own, or JAX removed its frames.

    JAX's traceback filtering (which says so in a note, or in the exception's cause) leaves innermost the
    frame that called into JAX, stopped at that call: a call that reads a traced or JAX array or a JAX
    function. A frame stopped at a ``raise`` statement raised the exception itself, and NumPy's errors
    that JAX words alike are called with NumPy's arrays. An exception with no traceback at all (built
    or pickled) is taken at its word.
    """
    entries = traceback_entries(exc.__traceback__)
    if not entries:
        return True
    innermost = entries[-1].tb_frame.f_code.co_filename
    if is_jax_file(innermost):
        return True
    filtered = any(_FILTERED in str(note) for note in getattr(exc, "__notes__", ()) or ()) or \
        type(exc.__cause__).__name__ == "UnfilteredStackTrace"
    line = linecache.getline(innermost, entries[-1].tb_lineno)
    return (filtered and bool(line) and not _RAISE.match(line) and not _NUMPY.search(os.path.abspath(innermost))
            and _calls_into_jax(entries[-1]))


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


def leaves_of(value: object) -> list:
    """The first 64 pytree leaves of ``value``; none for an object JAX cannot flatten."""
    try:
        return jax.tree_util.tree_leaves(value)[:64]
    except Exception:  # noqa: BLE001 - an odd object: no leaves of its own
        return []


_NUMPY = re.compile(r"[/\\]numpy[/\\]|[/\\]scipy[/\\]")


def message_of(exc: BaseException) -> str:
    """``str(exc)``, or "" when the exception's own ``__str__`` fails."""
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - a broken __str__ must not hide the error
        return ""


# --- where in the user's code ------------------------------------------------

_LIBRARY_ROOTS = tuple(
    os.path.dirname(os.path.abspath(m.__file__))
    for m in (jax, sys.modules.get("jaxlib"), sys.modules[__name__.split(".", 1)[0]])
    if m is not None and getattr(m, "__file__", None)
)
_STDLIB = os.path.abspath(sysconfig.get_paths()["stdlib"])


# pseudo-files that libraries fill with code they generate (attrs' methods, sympy's lambdify) or Python's own
_GENERATED = re.compile(r"generated|^<frozen|^<string>$")


def is_user_file(filename: str) -> bool:
    """True for code the user wrote: cells and their own modules, not JAX or Python."""
    if not filename:
        return False
    if filename.startswith("<"):
        # a pseudo-file is the user's when its source is known to linecache: IPython's cells, and
        # what front ends and exec-based tools register under names like <cell-3>; never <frozen ...>
        return filename.startswith("<ipython-input") or (filename in linecache.cache
                                                         and not _GENERATED.search(filename))
    path = os.path.abspath(filename)
    if path.startswith(_LIBRARY_ROOTS):
        return False
    if path.startswith(_STDLIB) and "site-packages" not in path:
        return False
    return "site-packages" not in path or "ipykernel_" in path


_INSTALLED = re.compile(r"[\\/](?:site|dist)-packages[\\/]")


def is_installed_library(filename: str) -> bool:
    """True for a file of an installed package (flax, optax, ...), not of the user's own code."""
    return bool(filename) and bool(_INSTALLED.search(filename)) and "ipykernel_" not in filename


def short_path(filename: str) -> str:
    """A file named for a reader, never by its absolute path.

    Relative to the import root that holds it (``flax/training/dynamic_scale.py`` in site-packages,
    ``models/mlp.py`` in the working folder), else its base name; pseudo-files (``<string>``) as they are.
    """
    if not filename or filename.startswith("<"):
        return filename
    path = os.path.abspath(filename)
    roots = [os.path.abspath(entry or os.curdir) for entry in sys.path if isinstance(entry, str)]
    holding = [root for root in roots if path.startswith(root.rstrip(os.sep) + os.sep)]
    if holding:
        return os.path.relpath(path, max(holding, key=len))
    return os.path.basename(path)


def traceback_entries(tb: types.TracebackType | None) -> list[types.TracebackType]:
    """Every entry of a traceback, outermost first."""
    entries = []
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    return entries


def user_entries(tb: types.TracebackType | None) -> list[types.TracebackType]:
    """The entries of a traceback in the user's own code (:func:`is_user_file`), outermost first."""
    return [entry for entry in traceback_entries(tb) if is_user_file(entry.tb_frame.f_code.co_filename)]


def user_frame(tb: types.TracebackType | None, prefer: str | None = None) -> tuple[str, int] | None:
    """The innermost user frame of a traceback as ``(filename, lineno)``.

    With ``prefer`` (a cell's filename), the innermost frame in that file wins
    when there is one, so an error inside a helper from an earlier cell is
    still placed on this cell's line that called it.
    """
    users = [(entry.tb_frame.f_code.co_filename, entry.tb_lineno) for entry in user_entries(tb)]
    if prefer is not None:
        preferred = [f for f in users if f[0] == prefer]
        if preferred:
            return preferred[-1]
    return users[-1] if users else None
