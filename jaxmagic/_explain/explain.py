"""``jaxmagic.explain``: a tracing error in the user's terms — argument, line, fixes, verified.

The pipeline: classify the exception (:mod:`.._common.errors`), find the
user's line and the failing expression (:mod:`.._common.source`), the
argument the failing value came from (:mod:`.argument`), propose fixes in
the preferred order (:mod:`.fixes`), and, when the function and its
arguments are known, try each fix on a private copy (:mod:`.verify`).
"""
from __future__ import annotations

import ast
import re
import types
from typing import Any

import jax
from .._common.jax_config import traceback_filtering_off
from .._common import journal
from .._common.errors import SHAPE_KINDS, message_of, shape_family, tracing_kind, user_entries
from .._common.source import (
    Position,
    enclosing_function,
    function_node,
    names_in,
    node_at,
    parameter_names,
    parse_file,
    position_of,
    source_line,
)
from .._tracking.observed.adapters import plain_view, user_path
from .argument import keys_last, origin
from .call import (Call, CallFacts, data_dependent, is_concrete, known_call, named_varargs, plain_function, root_of,
                   transformed_expression)
from .explanation import KIND_WHY, Explanation, docs_for
from .fixes.rewrites import with_imports
from .fixes.propose import Site, propose
from .fixes.sizes import NONZERO_FUNCS
from .fixes.site import dotted_of, is_jnp
from .leaks import find_leak, outlived_its_trace
from .provenance import Origin, leaked_tracer, origin_of
from .rebuild import Names, copy_function, probe_trace
from .recover import Impure, evaluate_pure
from .shaped.origin import SHAPE_WHY, shape_origin, shape_why
from .verify import verify
from .reach.entry import path_origin
from .reach.library import (calls_library, host_library, library_call, library_needs_a_size, traced_counts_passed,
                            users_origin)
from .reach.options import transform_option_fix
from .reach.in_place import verify_in_place
from .reach.leak_replay import leaking_call, verify_leak_in_place

__all__ = ["explain", "WHY"]
# One sentence of why, per kind: the mental model behind the error.
WHY = {**KIND_WHY, **SHAPE_WHY}


def explain(
    exc: BaseException,
    fn: Any = None,
    args: tuple = (),
    kwargs: dict | None = None,
    *,
    static_argnums: Any = None,
    static_argnames: Any = None,
) -> Explanation | None:
    """Explain a tracing error: which argument, which line, and how to fix it.

    Parameters
    ----------
    exc : BaseException
        The exception, as raised (its traceback is read, never changed).
    fn : callable, optional
        The function that was jitted: the plain Python function or the
        ``jax.jit`` object. With ``args``/``kwargs`` the fixes are verified by
        re-tracing a private copy.
    args, kwargs : the failing call's arguments (arrays or
        ``jax.ShapeDtypeStruct``; static ones as given to ``jax.jit``).
    static_argnums, static_argnames : the static arguments as given to
        ``jax.jit`` (read from ``fn`` when it is a ``jax.jit`` object).

    Returns
    -------
    Explanation or None
        None only when ``exc`` is not a tracing error.

    Examples
    --------
    >>> try:
    ...     f(x)
    ... except Exception as e:
    ...     print(jaxmagic.explain(e, f, (x,)))
    """
    found = explained(exc, fn, args, kwargs, static_argnums, static_argnames)
    journal.record(found)  # kept for saved compile logs
    return found


def explained(exc: BaseException, fn: Any, args: Any, kwargs: Any, static_argnums: Any, static_argnames: Any,
              ran_here: bool = False) -> Explanation | None:
    """:func:`explain` without a journal record (``failures`` records what it shows, once placed); ``ran_here``:
    the call just failed in the user's cell, its failing trace may be run again unrecovered."""
    kind = tracing_kind(exc)
    if kind is None:
        return None
    try:
        known = args is not None  # jaxmagic passes None when only the function is known
        method = getattr(type(fn), "__call__", None) if fn is not None else None
        if not isinstance(fn, (types.FunctionType, types.MethodType)) and hasattr(method, "_jit_info"):
            fn, args = method, (fn, *(args or ()))  # obj(x) with a jitted __call__: obj is its first argument
        retrace = fn is not None and known  # SPEC: from the exception alone, no fix is verified
        given = (fn, tuple(args or ()), dict(kwargs or {})) if retrace else None  # the call, as the user made it
        plain = plain_view(fn, tuple(args or ()), dict(kwargs or {})) if fn is not None else None
        wrapper = "jax.jit"
        if plain is not None:  # equinox.filter_jit, flax.nnx.jit: the user's function, static as the wrapper holds
            fn, args, kwargs, nums, names, wrapper = plain
            static_argnums = static_argnums if static_argnums is not None else nums
            static_argnames = static_argnames if static_argnames is not None else names
        if fn is not None and library_call(exc, kind, fn, _OWN_ARGUMENTS):
            # optimistix.minimise(loss, ...): the library's function is not the user's; their function is
            # read from the traceback, and fixes are tried by running the failing trace again
            fn, args, known = None, (), False
        return _explain(
            exc, kind, fn, tuple(args or ()), dict(kwargs or {}), static_argnums, static_argnames, known, wrapper,
            given, ran_here,
        )
    except Exception as fault:  # noqa: BLE001 - never worse than no tool
        found = Explanation(kind=kind, error_type=type(exc).__name__, exception=exc, docs=docs_for(kind, exc))
        found.analysis_failed = f"{type(fault).__name__}: {fault}"
        found.message = (
            f"{found.error_type}: a tracing error ({kind}). jaxmagic found no further explanation "
            f"(its analysis failed: {type(fault).__name__}). See {found.docs}"
        )
        return found


def _explain(
    exc: BaseException,
    kind: str,
    fn: Any,
    args: tuple,
    kwargs: dict,
    static_argnums: Any,
    static_argnames: Any,
    known: bool = True,
    wrapper: str = "jax.jit",
    given: tuple[Any, tuple, dict] | None = None,
    ran_here: bool = False,
) -> Explanation:
    found = Explanation(kind=kind, error_type=type(exc).__name__, exception=exc, docs=docs_for(kind, exc))
    message = message_of(exc)
    call, facts = known_call(fn, args, kwargs, static_argnums, static_argnames, known)
    if call is not None:
        call.wrapper = wrapper  # fixes are verified through the jit the user's call went through
    if facts is not None:
        facts.wrapper = wrapper  # and worded for it
    user = _user_entries(exc, kind, call)
    if call is not None and call.through is not None and facts is not None:
        facts.transformed = transformed_expression(call.through[0], user)
    position = position_of(user[-1]) if user else None
    if position is not None:
        found.filename, found.lineno = position.filename, position.lineno

    leak = escaped = None
    if kind in _CONVERSIONS and outlived_its_trace(exc):
        # np.array(obj.cache) after the jitted call: the tracer was stored during a trace that has ended
        kind = found.kind = "leaked-tracer"
        found.docs = docs_for(kind, exc)
    if kind == "leaked-tracer":
        escaped = leaked_tracer(exc, message)
        leak = find_leak(message, escaped, _called(call), user[-1] if user else None)
        if leak.store is not None and leak.filename is not None:
            found.use_lineno = found.lineno if found.filename == leak.filename else None
            found.filename, found.lineno = leak.filename, leak.store.lineno
            position = Position(leak.filename, leak.store.lineno)
        found.function = leak.function
    tree = parse_file(found.filename) if found.filename else None
    node = node_at(tree, position) if tree is not None and position is not None else None
    if kind in SHAPE_KINDS:  # the operands that meet at the line, each with its shape and arguments
        where_from = shape_origin(found, exc, kind, user, node, call, facts)
    else:
        where_from = origin(exc, kind, message, call, facts, leak, escaped)
    if kind not in _OWN_ARGUMENTS:  # through library code or a transformation: the user's own parameter
        where_from = users_origin(exc, where_from, call.fn.__name__ if call is not None and call.fn is not None else None)
    if wrapper != "jax.jit" and facts is not None:  # JAX's message named the wrapper's internals
        passed = call.by_name() if call is not None else {}
        where_from.paths = [user_path(wrapper, p, facts.params, passed) for p in where_from.paths]
    # a leak's arguments are parameters of the function that leaked, not of the call that met the tracer
    leaked_elsewhere = leak is not None and _called(call) != (leak.function, leak.filename, leak.def_line)
    _name_arguments(found, where_from, None if leaked_elsewhere else facts)
    constant = _needs_a_constant(kind, node, user, message)
    # dm_pix.center_crop(image, size, size) with a traced size: the library branches on the count in Python,
    # so it needs it when tracing, as JAX needs a shape; the arguments are the count's alone
    counted = library_needs_a_size(exc, node, user) if kind in _CONVERSIONS and not constant else []
    if constant or counted:
        kind = found.kind = "traced-shape"
        found.docs = docs_for(kind, exc)
    narrowed = origin_of(exc, counted) if counted else Origin([], None, "none")
    if narrowed.function is not None and narrowed.function != found.function:  # a library's inner jit's inputs
        mapped = [path_origin(exc, p) for p in narrowed.paths]
        narrowed = Origin([q for m in mapped if m is not None for q in m.paths], found.function, "trace")
    if narrowed.paths and set(narrowed.paths) < set(found.paths):
        _name_arguments(found, narrowed, facts)
    if kind == "traced-shape" and found.argument is None and _TRACER_HASHED.search(message):
        # a tracer hashed as a library's static argument, handed on by the user's call: a traced count
        handed = traced_counts_passed(node, user)
        if handed:
            _name_arguments(found, origin_of(exc, handed), facts)
    if found.filename and found.lineno:
        found.source_line = source_line(found.filename, found.lineno)
    plain = call.fn if call is not None else plain_function(fn)
    globals_ = user[-1].tb_frame.f_globals if user else getattr(plain, "__globals__", None)
    names = Names(getattr(plain, "__globals__", None) if plain is not None else globals_)
    site = Site(
        kind=kind,
        message=message,
        node=node,
        tree=tree,
        definition=enclosing_function(tree, found.lineno) if tree is not None and found.lineno else None,
        argument=found.argument,
        paths=found.paths,
        names=names,
        facts=facts,
        data_dependent=data_dependent(found.paths, facts),
        leak_store=leak.store if leak else None,
        leak_outer=leak.outer if leak else None,
        leak_jitted=bool(leak and leak.jitted), leak_scanned=bool(leak and leak.traced_for == "scan"),
        globals_=globals_,
        operands=found.operands, family=shape_family(exc),
        host_library=host_library(node, user) if kind in _CONVERSIONS else None,
    )
    found.fixes = propose(site)
    option = transform_option_fix(kind, found.argument if found.path == found.argument else None,
                                  transformed_expression(given[0], user) if given else None, given, globals_)
    if option is not None:  # pmap's static_broadcasted_argnums, vmap's in_axes: no jit around them would do
        found.fixes = [*(f for f in found.fixes if f.kind != "static"), option]
    if not found.paths:
        _argument_from_fix(found, tree)
    if kind == "leaked-tracer":
        call = leaking_call(call, found.fixes, escaped, globals_, found.filename)
    if call is not None and call.fn is not None:
        verify(found.fixes, call, found.filename, names, concrete=is_concrete(call))
    if (given is not None or ran_here) and kind != "leaked-tracer":  # what a copy could not: the failing trace
        verify_in_place(found.fixes, exc, kind, found.filename, names, given)
    elif kind == "leaked-tracer":  # a storing function a library jitted: that cached call, traced again
        verify_leak_in_place(found.fixes, exc, found.filename, globals_, names, _jitted_name(leak))
    if (call is not None and call.fn is not None) or any(f.verified is not None for f in found.fixes):
        # in the preferred order, but a pattern with placeholders goes after code for this line,
        # and a fix that was tried and failed goes last
        found.fixes.sort(key=lambda f: 2 if f.verified is False else 1 if f.template and not f.verified else 0)
    for fix in found.fixes:  # a fix that needs an import says so (after verification: the copy has its names)
        fix.code = with_imports(fix.code, globals_)
    found.why = shape_why(kind, found) if kind in SHAPE_KINDS else _why(kind, found, facts)
    found.message = found.text()
    return found


_CONVERSIONS = {"array-conversion", "bool-conversion", "concretization", "integer-conversion"}
_TRACER_HASHED = re.compile(r"hash an object of type <class '[\w.]*Tracer'>")
# kinds whose argument is one the user passed to the jit itself, named by JAX's message
_OWN_ARGUMENTS = {"leaked-tracer", "non-array-argument", "unhashable-static"}


def _jitted_name(leak: Any) -> str | None:
    """The jitted function the leaking one ran in (``route`` for a ``lax.switch`` branch), else its own name."""
    return getattr(leak.outer, "name", None) or leak.function if leak is not None else None


def _called(call: Call | None) -> tuple[str, str, int] | None:
    """(name, file, def line) of the function the user called, for a leak JAX's message does not place."""
    found = function_node(call.fn) if call is not None and call.fn is not None else None
    if found is None:
        return None
    node, filename = found
    return getattr(node, "name", "<lambda>"), filename, node.lineno


def _user_entries(exc: BaseException, kind: str, call: Call | None) -> list[types.TracebackType]:
    """The user's traceback entries of ``exc``; for an exception without them, those of a probe trace."""
    user = user_entries(exc.__traceback__)
    if not user and call is not None and call.fn is not None and kind != "leaked-tracer":
        # an exception without its traceback (built, pickled, re-raised bare): trace a copy to find the line
        with traceback_filtering_off():
            probe = probe_trace(copy_function(call.fn), call.args, call.kwargs, call.static_argnums,
                                call.static_argnames, through=call.through)
        if probe is not None and tracing_kind(probe) == kind:
            user = user_entries(probe.__traceback__)
    return user


def _name_arguments(found: Explanation, where_from: Origin, facts: CallFacts | None) -> None:
    """The arguments the failing value depends on, in the user's parameter names."""
    found.paths = keys_last(named_varargs(where_from.paths, facts), facts)
    found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
    found.argument = found.arguments[0] if found.arguments else None
    found.path = found.paths[0] if found.paths else None
    found.function = found.function or where_from.function
    found.certain = where_from.how in ("trace", "message", "call")


def _needs_a_constant(kind: str, node: Any, user: list[types.TracebackType], message: str) -> bool:
    """True when the failing value was needed as a compile-time constant: a count (``jnp.extract(x > 0, x)``),
    an axis, a repeat count (JAX 0.8.1's ``jnp.tile``), a library jit's static argument (``num_prefix_tokens``)."""
    if kind == "bool-conversion":
        return _counting_call(node, Names(user[-1].tb_frame.f_globals if user else None))
    if kind in ("integer-conversion", "array-conversion"):
        return _jax_function_called(node, user)
    return kind == "unhashable-static" and bool(_TRACER_HASHED.search(message)) and calls_library(node, user)


def _jax_function_called(node: Any, user: list[types.TracebackType]) -> bool:
    """True when the failing expression calls a ``jax.numpy``/``lax`` function with no callable argument.

    The tracer then reached NumPy inside JAX's own code: a parameter that has to be static
    (a shape, size or repeat count), not the user's NumPy call.
    """
    if not isinstance(node, ast.Call) or not user:
        return False
    frame = user[-1].tb_frame
    try:
        callee = evaluate_pure(node.func, frame)
    except Impure:
        return False
    module = getattr(callee, "__module__", None) or ""
    if not module.startswith(("jax.numpy", "jax._src.numpy", "jax.lax", "jax._src.lax")):
        return False
    for arg in [*node.args, *(k.value for k in node.keywords)]:
        if isinstance(arg, ast.Lambda):
            return False
        try:
            value = evaluate_pure(arg, frame)
        except Impure:
            continue
        values = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
        if any(callable(v) for v in values):
            return False  # a function JAX calls back (jnp.piecewise(x, c, [np.sin])): the NumPy call is the user's
    return True


def _counting_call(node: Any, names: Names) -> bool:
    """True when the failing expression is a ``jnp`` function whose output length is a count of the data."""
    if not isinstance(node, ast.Call):
        return False
    dotted = dotted_of(node.func) or ""
    return dotted.rsplit(".", 1)[-1] in NONZERO_FUNCS and is_jnp(dotted, names)


def _argument_from_fix(found: Explanation, tree: Any) -> None:
    """With no traced argument, a value passed through an inner jit names its parameter."""
    top = found.fixes[0] if found.fixes else None
    if top is None or top.kind != "remove-inner-jit" or top.recipe is None or tree is None:
        return
    definition = enclosing_function(tree, found.lineno) if found.lineno else None
    params = set(parameter_names(definition)) if definition is not None else set()
    used = [n for n in names_in(top.recipe.target) if n in params]
    if used:
        found.arguments = list(dict.fromkeys(used))
        found.argument = found.path = used[0]
        found.paths = [used[0]]


# --- words ----------------------------------------------------------------------


def _why(kind: str, found: Explanation, facts: CallFacts | None) -> str:
    arg = f"`{found.path}`" if found.path else "the value"
    aval = _aval_of(found, facts)
    if kind == "leaked-tracer":
        arg = f"a value computed from `{found.path}`" if found.path else "a traced value"
    template = WHY.get(kind, "")
    if aval is None:  # no call to read it from: say nothing rather than repeat "shape and dtype"
        template = template.replace(" ({aval})", "")
    return template.format(arg=arg, aval=aval)


def _aval_of(found: Explanation, facts: CallFacts | None) -> str | None:
    """The argument's abstract value, from the call's values (already bound in ``facts``)."""
    if facts is None or found.argument is None:
        return None
    value = facts.values.get(found.argument)
    if value is None:
        return None
    leaves = jax.tree_util.tree_leaves(value)
    if len(leaves) != 1:
        return None
    try:
        return str(jax.typeof(leaves[0])) if not isinstance(leaves[0], jax.ShapeDtypeStruct) else str(
            jax.core.ShapedArray(leaves[0].shape, leaves[0].dtype, weak_type=getattr(leaves[0], "weak_type", False))
        )
    except Exception:  # noqa: BLE001
        return None


def relocate(found: Explanation, describe: Any) -> None:
    """Name the lines as a reader does (``cell line 3``) and rebuild the message."""
    if found.filename and found.lineno:
        found.location = describe(found.filename, found.lineno)
        if found.use_lineno:
            found.use_location = describe(found.filename, found.use_lineno)
    found.message = found.text()
