"""What library code did: the call the user made was a library's, or a library's check needed a size.

A researcher calls ``optimistix.minimise(loss, ...)``: the function called is
the library's, its parameters are not the user's, and the line that failed is
in ``loss``. A library branches in Python on a count the user passed
(``dm_pix.center_crop(image, size, size)``): the value had to be known when
tracing, as a shape does.
"""
from __future__ import annotations

import ast
import re
import types
from typing import Any

import jax.numpy as jnp

from ..._common.errors import (is_installed_library, is_jax_file, leaves_of, message_of, rejected_tracers,
                              traceback_entries, user_entries)
from ..._common.source import names_in, node_at, parse_file, position_of, unwrap_function
from ..call import plain_function
from ..provenance import Origin, Tracer, origin_of
from ..recover import Impure, evaluate_pure
from .entry import entry_of, entry_origin, message_origin

__all__ = ["calls_library", "library_call", "library_names", "library_needs_a_size", "users_origin"]


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


def users_origin(exc: BaseException, where_from: Origin, called: str | None = None) -> Origin:
    """``where_from`` in the user's terms, when it names the inputs of a library's trace (or none).

    The parameter of the user's function that library code called: ``y`` of the objective, not the
    solver's ``_dynamic_flat[0]``; no argument at all, rather than a library's, when the value was
    computed inside the user's function (a sampled site). ``called``: the name of the function the user
    jitted, whose own inputs are the user's terms already.
    """
    rejected = origin_of(exc, rejected_tracers(exc))
    if rejected.paths:  # a type checker's message names the value it refused (``length: int``)
        return rejected
    if called is not None and where_from.function == called and where_from.paths:
        return where_from  # the inputs of the function the user jitted (a class's __post_init__ ran on them)
    entry = entry_of(exc)
    if entry is None:
        return where_from
    named = message_origin(exc)  # the input JAX's message names, read back through the library's jit
    if named is not None and not library_names(named, exc):
        return named
    if not (where_from.how == "none" or library_names(where_from, exc)):
        return where_from
    remapped = entry_origin(exc, entry)
    if remapped is not None:
        return remapped
    return Origin([], entry.name, "trace") if where_from.paths else where_from


def library_names(where_from: Origin, exc: BaseException) -> bool:
    """True when the origin names inputs of a trace of library code, not of any function of the user's."""
    users = {tb.tb_frame.f_code.co_name for tb in user_entries(exc.__traceback__)}
    return where_from.function is not None and where_from.function not in users


def library_needs_a_size(exc: BaseException, node: Any, user: list[types.TracebackType]) -> bool:
    """True when the failing expression calls a library's function (not JAX's), the error arose inside that
    library, and the value it needed is an integer: a count or size the library reads in Python."""
    if node is None or not user:
        return False
    entries = traceback_entries(exc.__traceback__)
    while entries and is_jax_file(entries[-1].tb_frame.f_code.co_filename):
        entries = entries[:-1]  # JAX's own frames, when its traceback filtering is off
    if not entries or not is_installed_library(entries[-1].tb_frame.f_code.co_filename) or \
            re.search(r"[/\\](numpy|scipy)[/\\]", entries[-1].tb_frame.f_code.co_filename):
        return False  # NumPy's own functions on a tracer: the fix is jnp's, not a static size
    if isinstance(node, ast.Call) and not calls_library(node, user):  # else a property of its object was read
        return False
    # the library function's values that are traced (the failing value is their comparison, a bool): its
    # parameters, its locals (``for n in self.N: if n % 2 == 0``) and the values it closed over (``num`` of
    # a function a factory made, ``jetexpand_ode(num=n)``)
    frame = entries[-1].tb_frame
    code = frame.f_code
    params = code.co_varnames + code.co_freevars
    position = position_of(entries[-1])
    tree = parse_file(position.filename)
    at = node_at(tree, position) if tree is not None else None
    read = set(names_in(at)) if at is not None else set()
    # the library's parameters its failing line reads (``assert image_shape >= crop_sizes``), or the attributes
    # it reads of them (``self.gsparams.maximum_fft_size == self.gsparams.minimum_fft_size``)
    feeding = [leaf for value in _read_values(at, frame, params, read) for leaf in leaves_of(value)
               if isinstance(leaf, Tracer)]
    if feeding and all(jnp.issubdtype(t.aval.dtype, jnp.integer) and _count_like(t) for t in feeding):
        return True
    # a pytree parameter (``int(jnp.sum(graph.n_node))``): JAX's message gives the failing value's dtype
    failed = _FAILED_AVAL.search(message_of(exc))
    dims = [d for d in (failed["dims"] if failed is not None else "").split(",") if d.strip()]
    return (failed is not None and failed["dtype"].startswith(("int", "uint"))
            and (not dims or (len(dims) == 1 and dims[0].strip().isdigit() and int(dims[0]) <= 4))
            and any(jnp.issubdtype(t.aval.dtype, jnp.integer) and _count_like(t) for t in feeding))


def calls_library(node: Any, user: list[types.TracebackType]) -> bool:
    """True when the user's failing line is a call of an installed library's function (not JAX's)."""
    if not isinstance(node, ast.Call) or not user:
        return False
    try:
        callee = evaluate_pure(node.func, user[-1].tb_frame)
    except Impure:
        return False
    code = getattr(unwrap_function(callee), "__code__", None)
    return code is not None and is_installed_library(code.co_filename) and not is_jax_file(code.co_filename)


def _read_values(at: ast.AST | None, frame: types.FrameType, params: tuple, read: set[str]) -> list[Any]:
    """The values the failing line reads: each attribute chain on a local (evaluated, reading attributes
    only), else the local itself."""
    chains = [n for n in ast.walk(at) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load)
              and isinstance(_base(n), ast.Name)] if at is not None else []
    values, covered = [], set()
    for chain in sorted(chains, key=lambda n: -len(ast.unparse(n))):  # the longest chain first
        text = ast.unparse(chain)
        if any(done.startswith(text + ".") for done in covered) or _base(chain).id not in params:
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
