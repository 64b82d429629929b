"""What library code did: the call the user made was a library's, or a library's check needed a size.

A researcher calls ``optimistix.minimise(loss, ...)``: the function called is
the library's, its parameters are not the user's, and the line that failed is
in ``loss``. A library branches in Python on a count the user passed
(``dm_pix.center_crop(image, size, size)``): the value had to be known when
tracing, as a shape does.
"""
from __future__ import annotations

import ast
import inspect
import re
import sys
import types
from typing import Any

import jax.numpy as jnp

from ..._common.errors import (SIZE_NAME, UNHASHABLE_TRACER, asserted_type, is_installed_library, is_jax_file,
                              is_user_file, leaves_of, message_of, rejected_tracers, traceback_entries, user_entries)
from ..._common.source import node_at, parse_file, position_of, unwrap_function
from ..call import plain_function
from ..provenance import Origin, Tracer, is_trace_input, jaxpr_tracer, origin_of
from ..recover import Impure, evaluate_pure
from ..._tracking.compiling.jax_frames import find_jax_call
from .entry import entry_of, entry_origin, handed_by_name, message_origin

__all__ = ["calls_library", "hashed_in_library", "host_library", "library_call", "library_names", "library_needs_a_size",
           "traced_counts_passed", "users_jit_called", "users_origin"]


def library_call(exc: BaseException, kind: str, fn: Any, own_arguments: set[str]) -> bool:
    """True when ``fn`` is a library's function and the failing line is in a function of the user's
    that library code called (a solver's objective): the library's parameters are not the user's."""
    if kind in own_arguments:  # JAX's message names the jitted function's own argument
        return False
    plain = plain_function(fn)
    filename = getattr(getattr(plain, "__code__", None), "co_filename", "")
    if not is_installed_library(filename):
        return False
    entry = entry_of(exc)
    return entry is not None and entry.frame.f_code is not getattr(plain, "__code__", None)


def users_origin(exc: BaseException, where_from: Origin, called: str | None = None, inner: bool = True) -> Origin:
    """``where_from`` in the user's terms, when it names the inputs of a library's trace (or none).

    The parameter of the user's function that library code called: ``y`` of the objective, not the
    solver's ``_dynamic_flat[0]``; no argument at all, rather than a library's, when the value was
    computed inside the user's function (a sampled site). ``called``: the name of the function the user
    jitted, whose own inputs are the user's terms already, unless (``inner``) a function of the user's own that a
    transformation of JAX's made new tracers for read the value.
    """
    rejected = origin_of(exc, rejected_tracers(exc))
    if rejected.paths:  # a type checker's message names the value it refused (``length: int``)
        return rejected
    entry = entry_of(exc)
    if entry is not None and where_from.function == "<lambda>" and entry.name != "<lambda>" and \
            not is_jax_file(entry.caller) and (called != "<lambda>" or _lambda_inline(exc)):
        # a lambda handed to a transformation is glue (``lax.scan(lambda ts, a: env.step(ts, a), ...)``): the
        # arguments are those of the user's own function that library code called
        remapped = entry_origin(exc, entry)
        if remapped is not None and remapped.paths:
            return remapped
    if called is not None and where_from.function == called and where_from.paths:
        if inner and entry is not None and entry.name != called and (
                is_jax_file(entry.caller) and _transformed(entry) or handed_by_name(entry)):
            # the user's function a transformation of JAX's made new tracers for (``jax.value_and_grad(loss)``
            # inside the jitted ``step``), or that library code handed values it computed (laplax's metric
            # ``coverage(pred_mean, pred_std, ...)``): its parameter is the input the failing line reads
            remapped = entry_origin(exc, entry)
            if remapped is not None and remapped.paths:
                return remapped
        return where_from  # the inputs of the function the user jitted (a class's __post_init__ ran on them)
    if entry is None:
        return where_from
    if where_from.how == "trace" and where_from.paths and where_from.function not in (None, entry.name) \
            and not library_names(where_from, exc):
        # the value reached a function of the user's that library code called (a target density a sampler
        # calls inside the user's scan step): its parameter is what the failing line reads
        remapped = entry_origin(exc, entry)
        if remapped is not None and remapped.paths:
            return remapped
    named = message_origin(exc)  # the input JAX's message names, read back through the library's jit
    if named is not None and not library_names(named, exc):
        return named
    if not (where_from.how == "none" or library_names(where_from, exc)):
        return where_from
    remapped = entry_origin(exc, entry)
    if remapped is not None:
        return remapped
    return Origin([], entry.name, "trace") if where_from.paths else where_from


_TRANSFORM_TRACERS = ("JVPTracer", "LinearizeTracer", "BatchTracer", "VmapTracer")  # grad's and vmap's tracers


def _transformed(entry: Any) -> bool:
    """True when the entry is a function of its own (a loss, a score; not a closure defined inside the jitted
    function, which is part of it) and a parameter of its frame holds a tracer a transformation made (grad's,
    vmap's)."""
    if "<locals>" in entry.frame.f_code.co_qualname:
        return False
    values = [entry.frame.f_locals.get(p) for p in entry.params]
    return any(type(leaf).__name__ in _TRANSFORM_TRACERS for v in values for leaf in leaves_of(v)[:64])


def users_jit_called(exc: BaseException, fn: Any, kind: str | None = None) -> tuple[Any, tuple, dict] | None:
    """(the user's jitted function, its arguments) when the jitted call that failed is one the user made but not
    ``fn``, read from JAX's frames (kept in a kernel); else None.

    ``fn`` a library's function that called it (``to_onnx(policy, ...)`` with ``policy`` under ``@jax.jit``), or,
    for an argument JAX could not trace, any function that reached it (a method under ``@jax.jit`` handed to a
    sampler's constructor or a helper that vmaps it): that jit's boundary is where the argument was refused.
    """
    plain = plain_function(fn)
    library = is_installed_library(getattr(getattr(plain, "__code__", None), "co_filename", ""))
    if not library and kind != "non-array-argument":
        return None
    entries = traceback_entries(exc.__traceback__)
    call = find_jax_call(entries[-1].tb_frame) if entries else None
    code = getattr(call.fun, "__code__", None) if call is not None else None
    if code is None or not is_user_file(code.co_filename) or call.fun is plain:
        return None
    jitted = _users_jit_of(call.fun)
    return (jitted, call.args, call.kwargs) if jitted is not None else None


def _users_jit_of(fun: Any) -> Any:
    """The user's own jit object around ``fun`` (whose static settings are the user's to change; not a jit a
    library made): a module-level name, or a method's class attribute (``@jax.jit`` above ``def``)."""
    wraps = lambda v: getattr(v, "__wrapped__", None) is fun and hasattr(v, "_jit_info")  # noqa: E731
    names = list(fun.__globals__.values())
    jitted = [v for v in names if wraps(v)]
    owner, _, method = getattr(fun, "__qualname__", "").rpartition(".")
    if not jitted and owner and "<" not in owner:
        cls = fun.__globals__.get(owner.split(".")[0])
        for part in owner.split(".")[1:]:
            cls = getattr(cls, part, None)
        held = vars(cls).get(method) if isinstance(cls, type) else None
        jitted = [held] if wraps(held) else []
    return jitted[0] if len(jitted) == 1 else None


def _lambda_inline(exc: BaseException) -> bool:
    """True when the user's statement that started it all writes a lambda inline (``jax.vmap(lambda k: ...)(keys)``):
    glue around a call, where a lambda the user named (``loss = lambda params: ...``) is their function."""
    entries = [tb for tb in user_entries(exc.__traceback__) if tb.tb_frame.f_code.co_name == "<module>"]
    if not entries:
        return False
    position = position_of(entries[-1])  # the cell's own top level
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    return node is not None and any(isinstance(n, ast.Lambda) for n in ast.walk(node))


def library_names(where_from: Origin, exc: BaseException) -> bool:
    """True when the origin names inputs of a trace of library code, not of any function of the user's."""
    users = {tb.tb_frame.f_code.co_name for tb in user_entries(exc.__traceback__)}
    return where_from.function is not None and where_from.function not in users


def library_needs_a_size(exc: BaseException, node: Any, user: list[types.TracebackType]) -> list[Tracer]:
    """The traced counts, when the failing expression calls a library's function (not JAX's), the error arose
    inside that library, and the value it needed is an integer: a count or size the library reads in Python;
    else an empty list."""
    if node is None or not user or asserted_type(exc):  # a library's type assertion wanted a value, as it says
        return []
    entries = traceback_entries(exc.__traceback__)
    while entries and is_jax_file(entries[-1].tb_frame.f_code.co_filename):
        entries = entries[:-1]  # JAX's own frames, when its traceback filtering is off
    if not entries or not is_installed_library(entries[-1].tb_frame.f_code.co_filename) or \
            _NUMPY_OR_SCIPY.search(entries[-1].tb_frame.f_code.co_filename):
        return []  # NumPy's own functions on a tracer: the fix is jnp's, not a static size
    if isinstance(node, ast.Call) and (not calls_library(node, user) or (  # else a property of its object was read
            type(exc).__name__ == "TracerArrayConversionError" and not _size_named(node, user))):
        return []  # (or a library turned data into NumPy, transformers' ``decode(token_id)``: no count it reads)
    # the library's frames, innermost first: a check (``errorif(cond)``) reads only a bool, the line that called
    # it reads the count (``errorif(max_ninter < len(interval) - 1)``)
    chain = []
    for entry in reversed(entries):
        if not is_installed_library(entry.tb_frame.f_code.co_filename) or is_jax_file(entry.tb_frame.f_code.co_filename):
            break
        chain.append(entry)
    # JAX's own conversion error met in library code: its locals, outer frames and casts are read too; a
    # library's own exception (chex's "must be a scalar") is read only at its innermost frame's parameters
    # (and Python's own refusal to hash a tracer, an ``lru_cache`` key: what the line hashes is read)
    widened = type(exc).__module__.startswith("jax") or bool(UNHASHABLE_TRACER.search(message_of(exc)))
    innermost: list[Tracer] = []
    for depth, entry in enumerate(chain[:3] if widened else chain[:1]):
        feeding, converted = _traced_reads(entry, widened)
        innermost = feeding if depth == 0 else innermost
        sized = _sizes_given(entry)
        if sized:  # ``jax.random.choice(key, a, shape=(n,))``: what the line gives as a size, whatever else it reads
            return sized
        if not feeding or all(t.aval.dtype == jnp.bool_ for t in feeding):
            continue  # nothing traced here, or only the verdict of a check: the line that called it says more
        if all(jnp.issubdtype(t.aval.dtype, jnp.integer) and _count_like(t) for t in feeding):
            return feeding
        # ``int(t_max // delta_t + 1)``: a number of steps the library makes of scalars, whatever their dtype
        if converted and all(t.aval.shape == () for t in feeding):
            return feeding
        break
    # a pytree parameter (``int(jnp.sum(graph.n_node))``): JAX's message gives the failing value's dtype
    failed = _FAILED_AVAL.search(message_of(exc))
    dims = [d for d in (failed["dims"] if failed is not None else "").split(",") if d.strip()]
    counts = [t for t in innermost if jnp.issubdtype(t.aval.dtype, jnp.integer) and _count_like(t)]
    return counts if (failed is not None and failed["dtype"].startswith(("int", "uint"))
                      and (not dims or (len(dims) == 1 and dims[0].strip().isdigit() and int(dims[0]) <= 4))) else []


def _size_named(node: ast.Call, user: list[types.TracebackType]) -> bool:
    """True when the user's call gives a parameter named for a size (``n_steps``), or its callee's are unknown."""
    try:
        params = list(inspect.signature(evaluate_pure(node.func, user[-1].tb_frame)).parameters)
    except (Impure, TypeError, ValueError):
        return True
    return any(SIZE_NAME.search(n) for n in [k.arg or "" for k in node.keywords] + params[:len(node.args)])


_NUMPY_OR_SCIPY = re.compile(r"[/\\](numpy|scipy)[/\\]")  # their functions have twins in jax.numpy, jax.scipy
_COUNTING = {"int", "range", "index", "ceil", "floor"}  # calls that make a Python count of their argument
_STATIC_READS = {"shape", "ndim", "dtype", "size"}


def _traced_reads(entry: types.TracebackType, widened: bool) -> tuple[list[Tracer], bool]:
    """The tracers a library frame's failing line reads (its parameters and closed-over values; ``widened``:
    also its locals that are inputs of their trace, ``for n in self.N``, and attributes, not what it reads
    only statically, ``len(interval)``, ``x.shape``), and whether the line makes a Python count
    (``int(...)``, ``range(...)``)."""
    frame = entry.tb_frame
    code = frame.f_code
    arguments = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount] + code.co_freevars
    params = code.co_varnames + code.co_freevars if widened else arguments
    position = position_of(entry)
    tree = parse_file(position.filename)
    at = node_at(tree, position) if tree is not None else None
    if at is None:
        return [], False
    static = {id(n) for c in ast.walk(at) if isinstance(c, ast.Call) and getattr(c.func, "id", None) == "len"
              for a in c.args for n in ast.walk(a)}
    static |= {id(n) for a in ast.walk(at) if isinstance(a, ast.Attribute) and a.attr in _STATIC_READS
               and _array_read(a.value, frame) for n in ast.walk(a.value)}
    read = {n.id for n in ast.walk(at) if isinstance(n, ast.Name) and id(n) not in static}
    if not widened:
        return [leaf for p in arguments if p in read for leaf in leaves_of(frame.f_locals.get(p))
                if isinstance(leaf, Tracer)], False
    feeding = [leaf for value in _read_values(at, frame, params, read) for leaf in leaves_of(value)
               if isinstance(leaf, Tracer)]
    locals_ = {id(leaf) for p in read if p not in arguments for leaf in leaves_of(frame.f_locals.get(p))}
    if any(id(t) in locals_ and not _trace_input(t) for t in feeding):
        return [], False  # a value the library computed (``sign`` of a bracket): data, not a count passed in
    converted = any(isinstance(c, ast.Call) and (getattr(c.func, "id", None) or getattr(c.func, "attr", None))
                    in _COUNTING for c in ast.walk(at))
    return feeding, converted


_SIZE_KEYWORD = re.compile(r"shape|size|sizes|length|num|count|n|(?:num|n)_\w+")


def _sizes_given(entry: types.TracebackType) -> list[Tracer]:
    """The integer tracers a library frame's failing line passes as a size keyword (``shape=(n_samps,)``)."""
    position = position_of(entry)
    tree = parse_file(position.filename)
    at = node_at(tree, position) if tree is not None else None
    found = []
    for keyword in (k for c in ast.walk(at) if isinstance(c, ast.Call) for k in c.keywords) if at is not None else ():
        if not keyword.arg or not _SIZE_KEYWORD.fullmatch(keyword.arg):
            continue
        try:
            given = evaluate_pure(keyword.value, entry.tb_frame)
        except Impure:
            continue
        found += [t for t in leaves_of(given) if isinstance(t, Tracer) and t.aval.shape == ()
                  and jnp.issubdtype(t.aval.dtype, jnp.integer)]
    return found


def _array_read(node: ast.expr, frame: types.FrameType) -> bool:
    """True unless ``node`` is known to hold no array: ``x.shape`` reads a shape, ``self.size`` may hold a tracer."""
    try:
        value = evaluate_pure(node, frame)
    except Impure:
        return True
    return hasattr(value, "shape") or hasattr(value, "aval")


def _trace_input(tracer: Tracer) -> bool:
    """True when ``tracer`` is an input of its trace as it is, computed by no operation."""
    inner = jaxpr_tracer(tracer)
    return is_trace_input(tracer if inner is None else inner)


def calls_library(node: Any, user: list[types.TracebackType]) -> bool:
    """True when the user's failing line is a call of an installed library's function (not JAX's)."""
    return _library_file(node, user) is not None


def host_library(node: Any, user: list[types.TracebackType]) -> str | None:
    """The user's own name for the failing call (``mjx.get_data``) when it is a library's that raised in its
    own code on the tracer: neither JAX's nor NumPy's or SciPy's (they have twins in ``jax.numpy``)."""
    filename = _library_file(node, user)
    if filename is None or _NUMPY_OR_SCIPY.search(filename):
        return None
    deeper = user[-1].tb_next
    if deeper is None or deeper.tb_frame.f_code.co_filename != filename and not is_installed_library(
            deeper.tb_frame.f_code.co_filename):
        return None
    return ast.unparse(node.func)


def _library_file(node: Any, user: list[types.TracebackType]) -> str | None:
    """The file of the function the failing call calls, when an installed library's (not JAX's)."""
    if not isinstance(node, ast.Call) or not user:
        return None
    if isinstance(node.func, ast.Call):  # ``lib.estimator(f, g)(x)``: a function the library made
        return _library_file(node.func, user)
    try:
        callee = evaluate_pure(node.func, user[-1].tb_frame)
    except Impure:
        return None
    if isinstance(callee, type) or not hasattr(unwrap_function(callee), "__code__"):
        # a library's class (``cfd.grids.Grid((n, n), ...)``) or an object of one (a kernel): its module's file
        owner = callee if isinstance(callee, type) else type(callee)
        filename = getattr(sys.modules.get(owner.__module__), "__file__", None) or ""
    else:
        filename = getattr(getattr(unwrap_function(callee), "__code__", None), "co_filename", "")
    return filename if is_installed_library(filename) and not is_jax_file(filename) else None


def traced_counts_passed(node: Any, user: list[types.TracebackType], aval: str | None = None) -> list:
    """The integer scalars among the traced arguments of the user's failing call (a band limit, a count);
    with ``aval`` (JAX's message described the hashed tracer, ``~float32[]``) the arguments of that type."""
    if not isinstance(node, ast.Call) or not user:
        return []
    found = []
    for given in [*node.args, *(k.value for k in node.keywords)]:
        try:
            value = evaluate_pure(given, user[-1].tb_frame)
        except Impure:
            continue
        held = getattr(value, "aval", None)
        if isinstance(value, Tracer) and held is not None and (str(held) == aval if aval else (
                held.shape == () and jnp.issubdtype(held.dtype, jnp.integer))):
            found.append(value)
    return found


def hashed_in_library(entries: list[types.TracebackType], aval: str) -> list:
    """The tracers of type ``aval`` held by the library frames of the failure, innermost frame first: the
    static argument a library's jit hashed, given to it earlier (``limb_dark_light_curve(..., order=order)``), or
    a leaf of an object there (signax's ``self.depth``, a Module's field the user's jit traced)."""
    for tb in reversed(entries):
        filename = tb.tb_frame.f_code.co_filename
        if is_user_file(filename) or is_jax_file(filename):
            continue
        values = list(tb.tb_frame.f_locals.values())[:64]
        found = [v for v in values if isinstance(v, Tracer) and str(v.aval) == aval] or list({
            id(leaf): leaf for v in values if not isinstance(v, Tracer) for leaf in leaves_of(v)
            if isinstance(leaf, Tracer) and str(leaf.aval) == aval}.values())
        if found:
            return found
    return []


def _read_values(at: ast.AST | None, frame: types.FrameType, params: tuple, read: set[str]) -> list[Any]:
    """The values the failing line reads: each attribute chain on a local (evaluated, reading attributes
    only), else the local itself."""
    chains = [n for n in ast.walk(at) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load)
              and isinstance(_base(n), ast.Name)] if at is not None else []
    values, covered = [], set()
    for chain in sorted(chains, key=lambda n: -len(ast.unparse(n))):  # the longest chain first
        text = ast.unparse(chain)
        if any(done.startswith(text + ".") for done in covered) or _base(chain).id not in params or \
                _base(chain).id not in read:
            continue
        try:
            values.append(evaluate_pure(chain, frame))
        except Impure:
            continue
        covered.add(text)
    attributed = {_base(ast.parse(t, mode="eval").body).id for t in covered}
    return values + [frame.f_locals.get(p) for p in params if p in read and p not in attributed]


def _base(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node


def _count_like(tracer: Tracer) -> bool:
    """A count or a shape: a scalar, or a handful of numbers (a grid of integers is data, not a size)."""
    shape = tuple(tracer.aval.shape)
    return shape == () or (len(shape) == 1 and shape[0] <= 4)


# "...where concrete value is expected: traced array with shape int32[]"
_FAILED_AVAL = re.compile(r"traced array with shape (?P<dtype>[a-z]+\d*)\[(?P<dims>[^\]]*)\]")
