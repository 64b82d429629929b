"""``jaxmagic.explain``: a tracing error in the user's terms — argument, line, fixes, verified.

The pipeline: classify the exception (:mod:`._errors`), find the user's line
and the failing expression (:mod:`._source`), the argument the failing value
came from (:mod:`._provenance`, or :mod:`._leaks` for leaks), propose fixes
in the preferred order (:mod:`._fixes`), and, when the function and its
arguments are known, try each fix on a private copy (:mod:`._verify`).
"""
from __future__ import annotations

import ast
import inspect
import re
import types
from typing import Any

import jax
import numpy as np
from jax._src import config as _jax_config

from .._common.errors import is_user_file, tracing_kind
from .explanation import DOCS, Explanation
from .fixes.propose import CallFacts, Site, propose
from .leaks import find_leak
from .argument import origin as _origin
from .provenance import leaked_tracer, root_of, user_frames
from .rebuild import Names, copy_function, probe_trace
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
    unwrap_function,
)
from .._tracking.tracked import tracked_of
from .verify import Call, verify

__all__ = ["explain", "WHY"]

# One sentence of why, per kind: the mental model behind the error.
WHY = {
    "bool-conversion": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so Python cannot decide a True/False that depends on it.",
    "concretization": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so it cannot become a concrete Python value here.",
    "integer-conversion": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so it cannot be used as a Python int (a range bound, a list index).",
    "array-conversion": "Under jit, {arg} is a tracer that knows only its shape and dtype ({aval}), never its "
    "values, so NumPy, which computes on concrete values, cannot take it.",
    "boolean-index": "Under jit, every shape is fixed when the function is traced; selecting elements with a "
    "mask computed from {arg} gives a result whose length depends on its values, which are not known then.",
    "traced-shape": "Under jit, shapes, sizes and slice bounds must be known when the function is traced, but "
    "{arg} is a tracer that knows only its shape and dtype ({aval}), never its values.",
    "leaked-tracer": "A tracer is a placeholder that exists only while JAX traces the function; {arg} was "
    "stored somewhere that outlives the trace and used afterwards.",
    "unhashable-static": "A static argument becomes part of the key of JAX's compile cache, so it must be "
    "hashable (and compared by value); {arg} is not.",
    "non-array-argument": "jit traces its arguments as arrays (or pytrees of arrays); {arg} is not one, so it "
    "has to be static or turned into a pytree.",
}



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
    kind = tracing_kind(exc)
    if kind is None:
        return None
    try:
        known = args is not None  # jaxmagic passes None when only the function is known
        return _explain(
            exc, kind, fn, tuple(args or ()), dict(kwargs or {}), static_argnums, static_argnames, known
        )
    except Exception as fault:  # noqa: BLE001 - never worse than no tool
        found = Explanation(kind=kind, error_type=type(exc).__name__, exception=exc, docs=DOCS.get(kind, ""))
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
) -> Explanation:
    found = Explanation(kind=kind, error_type=type(exc).__name__, exception=exc, docs=DOCS.get(kind, ""))
    message = _text(exc)
    call = _call(fn, args, kwargs, static_argnums, static_argnames) if fn is not None else None
    if call is not None and known and not _binds(call):
        known = False  # explain(exc, fn) without the call's arguments, or ones that do not fit it
        call = _call(fn, (), {}, static_argnums, static_argnames)
    facts = _facts(fn, call) if call is not None else None
    if not known:
        call = None  # the arguments are unknown: nothing can be re-traced

    entries = user_frames(exc.__traceback__)
    user = [tb for tb in entries if is_user_file(tb.tb_frame.f_code.co_filename)]
    if not user and call is not None and call.fn is not None and kind != "leaked-tracer":
        # an exception without its traceback (built, pickled, re-raised bare): trace a copy to find the line
        with _jax_config.traceback_filtering("off"):
            probe = probe_trace(copy_function(call.fn), call.args, call.kwargs, call.static_argnums,
                                call.static_argnames)
        if probe is not None and tracing_kind(probe) == kind:
            user = [tb for tb in user_frames(probe.__traceback__) if is_user_file(tb.tb_frame.f_code.co_filename)]
    position = position_of(user[-1]) if user else None
    if position is not None:
        found.filename, found.lineno = position.filename, position.lineno

    leak = escaped = None
    if kind == "leaked-tracer":
        escaped = leaked_tracer(exc, message)
        leak = find_leak(message, escaped)
        if leak.store is not None and leak.filename is not None:
            found.use_lineno = found.lineno if found.filename == leak.filename else None
            found.filename, found.lineno = leak.filename, leak.store.lineno
            position = Position(leak.filename, leak.store.lineno)
        found.function = leak.function

    origin = _origin(exc, kind, message, call, facts, leak, escaped if kind == "leaked-tracer" else None)
    found.paths = _named_varargs(origin.paths, facts)
    found.arguments = list(dict.fromkeys(root_of(p) for p in found.paths))
    found.argument = found.arguments[0] if found.arguments else None
    found.path = found.paths[0] if found.paths else None
    found.function = found.function or origin.function
    found.certain = origin.how in ("trace", "message", "call")

    tree = parse_file(found.filename) if found.filename else None
    node = node_at(tree, position) if tree is not None and position is not None else None
    if kind == "array-conversion" and _jax_function_called(node, user):
        # JAX itself turned the tracer into a NumPy array, so the parameter needed a static value
        # (JAX 0.8.1: jnp.tile reaches np.ndim(shape) in jnp.broadcast_to; 0.10 raises a hashability TypeError)
        kind = found.kind = "traced-shape"
        found.docs = DOCS.get(kind, "")
    if found.filename and found.lineno:
        found.source_line = source_line(found.filename, found.lineno)
    plain = call.fn if call is not None else (_call(fn, (), {}, None, None) or Call(None, (), {}, (), ())).fn
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
        data_dependent=_data_dependent(found.paths, facts),
        leak_store=leak.store if leak else None,
        globals_=globals_,
    )
    found.fixes = propose(site)
    if not found.paths:
        _argument_from_fix(found, tree)
    if call is not None and call.fn is not None and kind != "leaked-tracer":
        verify(found.fixes, call, found.filename, names, concrete=_concrete(call))
        # in the preferred order, but a pattern with placeholders goes after code for this line,
        # and a fix that was tried and failed goes last
        found.fixes.sort(key=lambda f: 2 if f.verified is False else 1 if f.template else 0)
    found.why = _why(kind, found, facts)
    found.message = _message(found)
    return found


def _text(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # noqa: BLE001
        return ""


def _jax_function_called(node: Any, user: list[types.TracebackType]) -> bool:
    """True when the failing expression calls a ``jax.numpy``/``lax`` function with no callable argument.

    The tracer then reached NumPy inside JAX's own code: a parameter that has to be static
    (a shape, size or repeat count), not the user's NumPy call.
    """
    from .recover import Impure, evaluate_pure

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


def _call(fn: Any, args: tuple, kwargs: dict, static_argnums: Any, static_argnames: Any) -> Call | None:
    tracked = tracked_of(fn)
    if tracked is not None:  # one of jaxmagic's own jits: the user's function is inside
        fn = tracked.fn
        static_argnums = static_argnums if static_argnums is not None else tracked.static_argnums
        static_argnames = static_argnames if static_argnames is not None else tracked.static_argnames
    plain = unwrap_function(fn)
    if plain is None:
        return None
    info = getattr(fn, "_jit_info", None)
    nums = _as_tuple(static_argnums) or tuple(getattr(info, "static_argnums", ()) or ())
    names = _as_tuple(static_argnames) or tuple(getattr(info, "static_argnames", ()) or ())
    bound = getattr(fn, "_fun", fn)
    if isinstance(bound, types.MethodType):
        # jax.jit(obj.method): the plain function takes the object first, as a static argument
        args = (bound.__self__, *args)
        nums = tuple(i + 1 for i in nums)
    try:
        params = list(inspect.signature(plain).parameters)
    except (TypeError, ValueError):
        params = []
    if isinstance(bound, types.MethodType) and params:
        names = (params[0], *names)
    names = tuple(dict.fromkeys([*names, *(params[i] for i in nums if 0 <= i < len(params))]))
    return Call(fn, args, kwargs, nums, names)


def _binds(call: Call) -> bool:
    """True when the arguments fit the function's signature (and static positions exist)."""
    if call.fn is None:
        return False
    try:
        signature = inspect.signature(call.fn)
        signature.bind(*call.args, **call.kwargs)
    except (TypeError, ValueError):
        return False
    count = len(signature.parameters)
    return all(0 <= i < count for i in call.static_argnums)


def _as_tuple(value: Any) -> tuple:
    if value is None:
        return ()
    if isinstance(value, (str, int)):
        return (value,)
    return tuple(value)


def _facts(fn: Any, call: Call) -> CallFacts | None:
    plain = call.fn
    if plain is None:
        return None
    try:
        signature = inspect.signature(plain)
        bound = signature.bind_partial(*call.args, **call.kwargs)
        values = dict(bound.arguments)
    except (TypeError, ValueError):
        signature, values = None, {}
    params = list(signature.parameters) if signature is not None else []
    static = set(call.static_argnames) | {params[i] for i in call.static_argnums if 0 <= i < len(params)}
    node = function_node(plain)
    decorated = bool(node and any("jit" in ast.unparse(d) for d in getattr(node[0], "decorator_list", [])))
    tracked = tracked_of(fn)
    name = getattr(plain, "__name__", "f")
    if not name.isidentifier():  # a lambda: the name it is bound to, when jaxmagic knows it
        name = tracked.name if tracked is not None and tracked.name.isidentifier() else "f"
    return CallFacts(name, params, values, static, decorated, by_cell=tracked is not None and tracked.by_cell)


def _concrete(call: Call) -> bool:
    """True when the arguments are real values, not only abstract ones."""
    leaves = jax.tree_util.tree_leaves((call.args, call.kwargs))
    return not any(isinstance(leaf, jax.ShapeDtypeStruct) for leaf in leaves)


def _named_varargs(paths: list[str], facts: CallFacts | None) -> list[str]:
    """``args[1]`` → ``y``: a wrapper's ``*args`` (``jax.grad(f)``) named by the function it wraps."""
    if facts is None:
        return paths
    out = []
    for path in paths:
        match = re.fullmatch(r"args\[(\d+)\](.*)", path)
        if match and "args" not in facts.params and int(match.group(1)) < len(facts.params):
            path = facts.params[int(match.group(1))] + match.group(2)
        out.append(path)
    return out


def _data_dependent(paths: list[str], facts: CallFacts | None) -> bool:
    """True when the failing value is computed from the data of an array argument.

    A weakly typed scalar leaf was a Python number at the call: static can
    help there. Any other array leaf on the value's paths is data.
    """
    if facts is None:
        return False
    for path in paths:
        value = facts.values.get(root_of(path))
        if value is None:
            continue
        for leaf_path, leaf in jax.tree_util.tree_flatten_with_path(value)[0]:
            if root_of(path) + jax.tree_util.keystr(leaf_path) != path and path != root_of(path):
                continue
            if isinstance(leaf, jax.ShapeDtypeStruct):
                if leaf.shape or not getattr(leaf, "weak_type", False):
                    return True
            elif isinstance(leaf, (jax.Array, np.ndarray, np.generic)):
                return True
    return False


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
    aval = _aval_of(found, facts) or "shape and dtype only"
    if kind == "leaked-tracer":
        arg = f"a value computed from `{found.path}`" if found.path else "a traced value"
    template = WHY.get(kind, "")
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


def _message(found: Explanation) -> str:
    from .._views.explanation import explanation_document
    from .._render.text import to_text

    return to_text(explanation_document(found))


def relocate(found: Explanation, describe: Any) -> None:
    """Name the lines as a reader does (``cell line 3``) and rebuild the message."""
    if found.filename and found.lineno:
        found.location = describe(found.filename, found.lineno)
        if found.use_lineno:
            found.use_location = describe(found.filename, found.use_lineno)
    found.message = _message(found)
