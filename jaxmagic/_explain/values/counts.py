"""The count a library's own check read in Python: a size or a number of steps the user passed, traced.

A library branches in Python on a count the user passed (``dm_pix.center_crop(image, size, size)``), or makes
``int(t_max // delta_t + 1)`` steps of the scalars it was given: the value had to be known when tracing, as a
shape does. Which of the user's traced values it was is read from the library's frames, innermost first.
"""
from __future__ import annotations

import ast
import inspect
import re
import types
from typing import Any

import jax.numpy as jnp

from ..._common.errors import (SIZE_NAME, UNHASHABLE_TRACER, asserted_type, is_installed_library,
                              is_jax_file, leaves_of, message_of, only_an_index, traceback_entries)
from ..._common.frames import quiet_leaves
from ..._common.source import enclosing_function, node_at, parse_file, position_of
from ..dataflow import shape_reads
from ..provenance import Tracer, is_trace_input, jaxpr_tracer
from ..recover import Impure, evaluate_pure
from .callee import calls_library, numpy_or_scipy

__all__ = ["library_needs_a_size", "traced_counts_passed"]


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
            numpy_or_scipy(entries[-1].tb_frame.f_code.co_filename):
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
    if chain and only_an_index(chain[0]):
        return []  # ``steps = int(steps)`` read as ``table[steps]``: an index, not a count
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
        if type(exc).__name__ == "TracerBoolConversionError" and not _size_named_at(entry):
            break  # a library's ``if m_mode != s_mode`` tests integers that are no size: a branch, not a shape
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


def _size_named_at(entry: types.TracebackType) -> bool:
    """True when a library frame's failing line reads a name or attribute named for a size (``if N % 2``), or one
    its function then uses as a size (JAX-GalSim's ``if settings.largest == settings.smallest``, then
    ``fft(..., n=size)`` with ``size = settings.largest``)."""
    position = position_of(entry)
    tree = parse_file(position.filename)
    at = node_at(tree, position) if tree is not None else None
    if at is None:
        return True  # a library's source that cannot be read (compiled): a size, as before this was asked
    names = [n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(at) if isinstance(n, (ast.Name, ast.Attribute))]
    if any(SIZE_NAME.search(name) for name in names):
        return True
    inner = {id(n.value) for n in ast.walk(at) if isinstance(n, ast.Attribute)}  # ``settings`` of ``settings.largest``
    read = {ast.unparse(n) for n in ast.walk(at) if isinstance(n, (ast.Name, ast.Attribute)) and id(n) not in inner}
    function = enclosing_function(tree, position.lineno)
    body = [n for n in ast.walk(function) if isinstance(n, ast.stmt)] if function is not None else []
    reads = lambda node: any(ast.unparse(n) in read for n in ast.walk(node)  # noqa: E731
                             if isinstance(n, (ast.Name, ast.Attribute)))
    for _ in range(2):  # what the function assigns from them, twice over
        read |= {t.id for s in body if isinstance(s, ast.Assign) and reads(s.value) for t in s.targets
                 if isinstance(t, ast.Name)}
    calls = [n for n in ast.walk(function) if isinstance(n, ast.Call)] if function is not None else []
    return any(k.arg and _SIZE_KEYWORD.fullmatch(k.arg) and reads(k.value) for c in calls for k in c.keywords) or \
        any((getattr(c.func, "id", None) or getattr(c.func, "attr", None)) in _SIZED_BY and any(reads(a) for a in c.args)
            for c in calls)


_SIZED_BY = {"range", "arange", "zeros", "ones", "empty", "full", "eye", "linspace", "reshape", "tile", "repeat"}


_COUNTING = {"int", "range", "index", "ceil", "floor"}  # calls that make a Python count of their argument


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
    static |= shape_reads(at, whole=True, keep=lambda value: _array_read(value, frame))
    read = {n.id for n in ast.walk(at) if isinstance(n, ast.Name) and id(n) not in static}
    if not widened:
        return [leaf for p in arguments if p in read for leaf in leaves_of(frame.f_locals.get(p))
                if isinstance(leaf, Tracer)], False
    feeding = [leaf for value in _read_values(at, frame, params, read) for leaf in leaves_of(value)
               if isinstance(leaf, Tracer)]
    locals_ = {id(leaf) for p in read if p not in arguments for leaf in leaves_of(frame.f_locals.get(p))}
    if any(id(t) in locals_ and not _trace_input(t) for t in feeding):
        return [], False  # a value the library computed (``sign`` of a bracket): data, not a count passed in
    called = {getattr(c.func, "id", None) or getattr(c.func, "attr", None) for c in ast.walk(at)
              if isinstance(c, ast.Call)}
    if called & {"float", "complex"} and not called & _COUNTING:
        return [], False  # ``float(sample_rate // 2)`` (audax's mel filters): a number it computes with, no count
    return feeding, bool(called & _COUNTING)


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


def traced_counts_passed(node: Any, user: list[types.TracebackType], aval: str | None = None) -> list:
    """The integer scalars among the traced arguments of the user's failing call (a band limit, a count);
    with ``aval`` (JAX's message described the hashed tracer, ``~float32[]``) the arguments of that type."""
    if not isinstance(node, ast.Call) or not user:
        return []
    found = []
    spread = {id(k.value) for k in node.keywords if k.arg is None}
    for given in [*node.args, *(k.value for k in node.keywords)]:
        try:
            value = evaluate_pure(given, user[-1].tb_frame)
        except Impure:
            continue
        # ``eval_potential(q, **h)``: the options a dict spreads are each the call's own (jaxfmm's ``lvl_info``, a
        # tuple of counts the library holds static)
        for one in quiet_leaves(value) if id(given) in spread and isinstance(value, dict) else [value]:
            held = getattr(one, "aval", None)
            if isinstance(one, Tracer) and held is not None and (str(held) == aval if aval else (
                    held.shape == () and jnp.issubdtype(held.dtype, jnp.integer))):
                found.append(one)
    return found
