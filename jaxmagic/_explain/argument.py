"""Which argument a tracing error depends on, whatever its kind.

Tracer errors: read from the failing trace (:mod:`.provenance`), first on a
private re-trace with JAX's own frames kept when the call is known. Leaks:
from the escaped tracer, else the leaking function's source. Arguments that
cannot be traced or hashed: from JAX's message and the call's values.
"""
from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import jax
import numpy as np

from .._common.jax_config import frames_filtered, traceback_filtering_off

from .._common.errors import is_installed_library, is_jax_file, is_user_file, tracing_kind, user_entries
from .._common.frames import (differentiated_eagerly, jax_frames_kept, leaves_of, library_entry,
                              unhashable_jitted_method)
from .._common.source import enclosing_function, every_node, names_in, node_at, parameter_names, parse_file, position_of
from .call import Call, CallFacts, root_of
from .lift import by_parameters, lift, read_by_the_line
from .provenance import Origin, Tracer, jaxpr_tracer, origin_of
from .fixes.equality import compares, structure_compares
from .fixes.site import is_hashable
from .rebuild import copy_function, probe_name, probe_trace
from .recover import Impure, evaluate_pure

__all__ = ["keys_last", "origin"]

_KEY_NAME = re.compile(r"(?:^|_)(?:key|keys|rng|prng|seed)(?:$|_|\d)", re.I)
_KEY_LIKE = re.compile(r"(?:\w*_)?(?:key|rng|prng|seed)", re.I)  # ``rngstate``, ``next_key``: a key's holder


def keys_last(paths: list[str], facts: CallFacts | None) -> list[str]:
    """``paths`` with the PRNG keys after the data, when the value depends on both.

    A state computed by ``step(key, state)`` depends on the key too, but the
    user reads the failing value as the state's: a key only adds randomness.
    A parameter is a key by its value's dtype (``key<fry>``, or ``uint32[..., 2]``
    under a key-like name) or, with no value known, by its name alone.
    """
    def is_key(path: str) -> bool:
        root = re.match(r"[^\W\d]\w*", path)
        name = root.group(0) if root else path
        value = facts.values.get(name) if facts is not None else None
        if value is None:
            return bool(_KEY_NAME.search(name))
        if not _a_key(value):
            return False  # (a library's object with a dtype of its own, funsor's "real", is no key)
        return jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key) or bool(_KEY_NAME.search(name))

    keys = [p for p in paths if is_key(p)]
    settings = [p for p in paths if p not in keys and facts is not None and type(facts.values.get(p)) in (
        int, float)]  # a Python number the call passed: a scale, a rate (a 0-d array may be a chain's state)
    if not keys or len(keys) == len(paths) or len(keys) + len(settings) == len(paths):
        return paths  # (beside settings alone, ``u * scale``, the samples drawn with the key are the value)
    return [p for p in paths if p not in keys] + keys


_ARG_IN_MESSAGE = re.compile(r"depends on the values? of the arguments? (.+?)\.(?:\s|$)")  # paths hold dots
_PATH_IN_MESSAGE = re.compile(r"passed to the function at path (\S+?)\.?\s*$", re.M)


def origin(exc: BaseException, kind: str, message: str, call: Call | None, facts: CallFacts | None, leak: Any,
           escaped: Any = None) -> Origin:
    """Where the failing value comes from: the parameters (pytree paths) of the traced function it depends on."""
    found = _origin(exc, kind, message, call, facts, leak, escaped)
    read = read_by_the_line(exc, call.fn) if not found.paths and kind in _READ_KINDS and call is not None and \
        call.fn is not None and differentiated_eagerly(exc) else []
    if read:  # no trace could say (awkward's ``ak.sum`` under ``jax.value_and_grad`` needs concrete values, which
        # jaxmagic's abstract re-trace lacks): the source
        return Origin(read, call.fn.__name__, "source")
    user = user_entries(exc.__traceback__)
    failing = user[-1].tb_frame.f_code if user else None
    if not found.paths and found.how == "trace" and kind in _READ_KINDS and failing is not None and \
            failing is not getattr(getattr(call, "fn", None), "__code__", None) and _library_called(user[-1]) and \
            library_entry(exc) is None:  # (raised on the user's line, not in a library it calls)
        # a function of the user's a library traced with arguments of its own making (``Partial(f, params)``
        # handed to its jit: the jit's input is the Partial): a parameter the failing line itself reads
        read = read_by_the_line(exc, None, failing.co_name)
        if read:
            return Origin(read, failing.co_name, "source")
    return found


def _library_called(entry: Any) -> bool:
    """True when the nearest caller of ``entry``'s frame outside JAX is an installed library's code."""
    frame = entry.tb_frame.f_back
    while frame is not None and is_jax_file(frame.f_code.co_filename):
        frame = frame.f_back
    filename = frame.f_code.co_filename if frame is not None else ""
    return is_installed_library(filename) and not is_user_file(filename)


_READ_KINDS = ("bool-conversion", "concretization", "integer-conversion", "array-conversion", "traced-shape")


def _origin(
    exc: BaseException,
    kind: str,
    message: str,
    call: Call | None,
    facts: CallFacts | None,
    leak: Any,
    escaped: Any = None,
) -> Origin:
    if kind == "non-array-argument":
        match = _PATH_IN_MESSAGE.search(message)
        if match:
            return Origin([match.group(1)], None, "message")
        held = _not_a_jax_type(facts)  # grad and vmap name no path: the call's own value that is no JAX type
        return Origin([held], None, "call") if held is not None else Origin([], None, "none")
    if kind == "unhashable-static":
        if unhashable_jitted_method(exc) is not None:  # jax.jit(obj.method): the object, no argument of the call
            return Origin([], None, "none")
        if "Tracer" in message:  # a traced value passed as an inner jit's static argument
            return _inner_static_origin(exc)
        return _unhashable_origin(message, facts)
    if kind == "leaked-tracer":
        origin = origin_of(exc, [escaped] if escaped is not None else [])
        if not origin.paths and leak is not None and _a_key(escaped):
            # a random key kept (audax's ``spec_aug.next_rng``, glass's ``Generator``): keys come of keys and seeds,
            # so of the key or seed arguments the storing line reads, or of none (a library object's own key)
            held = facts.values if facts is not None and facts.name == leak.function else {}  # (else by name)
            seeds = [a for a in leak.arguments if (any(_a_key(v, True) for v in leaves_of(held[a])) if a in held
                                                   else _KEY_LIKE.match(a))]
            return Origin(seeds, leak.function, "source" if seeds else "trace")
        if not origin.paths and origin.how == "trace" and leak is not None and _given_constants(leak):
            # a helper the jitted function calls with constants stored a value made from them alone (a cache keyed
            # by ``nside`` filled with ``pix2vec(nside, ...)``, called ``pixel_dirs(8)``): it depends on no argument
            return Origin([], leak.function, "trace")
        if not origin.paths and leak is not None and leak.arguments:
            return Origin(leak.arguments, leak.function, "source")
        if not origin.paths and escaped is not None and leak is not None and leak.handed_in:
            # handed to the storing function by library code the jitted function called: the trace's one input
            only = _only_input(escaped)
            if only is not None:
                return Origin([only], origin.function, "trace")
        stored = _stored_parameters(leak) if origin.paths and leak is not None else None
        if stored and not {root_of(p) for p in origin.paths} & set(stored[0]) and stored[1]:
            return Origin(stored[1], leak.function, "source")  # the trace named a library loop's carry
        return Origin(origin.paths, (leak.function if leak else None) or origin.function, origin.how)
    outer = probe_name(call.fn.__name__) if call is not None and call.fn is not None else None
    mask = _mask_tracer(exc) if kind == "boolean-index" else None
    if mask is not None:  # x[mask]: the mask is the failing value, read in the user's own frame (no re-trace)
        masked = _narrow(lift(origin_of(exc, [mask]), exc, outer), message)
        if masked.paths:
            return masked
    if jax_frames_kept(exc.__traceback__) and (call is None or call.wrapper == "jax.jit") and \
            not (call is not None and frames_filtered(exc)):  # (a script's traceback: the copy's trace reads more)
        # JAX left its own frames in (under IPython it marks them hidden rather than removing them): the tracer
        # that failed is read where it failed, with no re-trace, when a jitted trace made it (through a
        # wrapper's jit JAX names the wrapper's inputs, and a plain jit of a copy names the user's leaves)
        direct = by_parameters(_narrow(lift(origin_of(exc), exc, outer), message), exc)
        if direct.paths and direct.how == "trace" and (outer is None or direct.function == outer):
            return direct  # (read in a library's inner jit, it names that jit's inputs: the copy's trace is run)
    if call is not None and call.fn is not None and call.wrapper != "flax.nnx.jit":
        # JAX's frames kept: the most precise reading (not through nnx.jit: a plain jit's copy holds the
        # module's state as constants, and the value would seem to depend on the other arguments alone)
        probed = _probe_origin(call, kind)
        if probed is not None:
            return _narrow(lift(*probed, outer), message)
    origin = by_parameters(_narrow(lift(origin_of(exc), exc, outer), message), exc)
    if kind == "leaked-tracer" and leak is not None:
        if not origin.paths and leak.arguments:
            return Origin(leak.arguments, leak.function, "source")
        return Origin(origin.paths, leak.function or origin.function, origin.how)
    if origin.how == "none":
        named = message_arguments(message)
        if named:
            return Origin(named, None, "message")
    return origin


def _a_key(value: Any, or_seed: bool = False) -> bool:
    """A random key (typed, or raw ``uint32[..., 2]``), or with ``or_seed`` an integer scalar it can be made of."""
    if not isinstance(value, (jax.Array, np.ndarray, jax.ShapeDtypeStruct, int)):
        return False  # (a class passed as a value has a ``shape`` too: its property)
    dtype, shape = getattr(value, "dtype", None), tuple(getattr(value, "shape", None) or ())
    if dtype is None:
        return False
    return jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key) or (str(dtype) == "uint32" and shape[-1:] == (2,)) or (
        or_seed and shape == () and jax.dtypes.issubdtype(dtype, np.integer))


def _given_constants(leak: Any) -> bool:
    """True when the function holding the storing line is not the jitted one, and every call of it there passes
    literal constants (or nothing, its defaults) for the parameters the storing line reads."""
    tree = parse_file(leak.filename) if leak.filename and leak.store is not None else None
    storing = enclosing_function(tree, leak.store.lineno, lambdas=False) if tree is not None else None
    jitted = leak.outer if leak.outer is not None else next(
        (n for n in every_node(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
         and n.name == leak.function), None) if tree is not None else None
    if storing is None or jitted is None or storing is jitted or not leak.arguments:
        return False
    params = parameter_names(storing)
    calls = [c for c in ast.walk(jitted) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
             and c.func.id == getattr(storing, "name", None)]
    if not calls or not set(leak.arguments) <= set(params):
        return False
    for made in calls:
        if any(isinstance(a, ast.Starred) for a in made.args) or any(k.arg is None for k in made.keywords):
            return False
        given = {**dict(zip(params, made.args)), **{k.arg: k.value for k in made.keywords}}
        if not all(name not in given or isinstance(given[name], ast.Constant) for name in leak.arguments):
            return False
    return True


def _not_a_jax_type(facts: CallFacts | None) -> str | None:
    """The first traced parameter of the call (or leaf of one) whose value JAX cannot trace: no array, no
    number, and no pytree of them (quimb's ``MatrixProductState`` handed to ``jax.grad``)."""
    if facts is None:
        return None
    for name in facts.params:
        if name in facts.static or name not in facts.values:
            continue
        try:
            leaves = jax.tree_util.tree_flatten_with_path(facts.values[name])[0]
        except Exception:  # noqa: BLE001 - a value JAX cannot even flatten is the one
            return name
        for path, leaf in leaves:
            if leaf is not None and not isinstance(leaf, (jax.Array, np.ndarray, np.generic, int, float, complex,
                                                          jax.ShapeDtypeStruct)) and not hasattr(leaf, "__jax_array__"):
                return name + jax.tree_util.keystr(path)
    return None


def _mask_tracer(exc: BaseException) -> Any:
    """The boolean tracer indexing an array on the user's failing line (``rewards[done]``), when it is one."""
    user = user_entries(exc.__traceback__)
    if not user:
        return None
    position = position_of(user[-1])
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    found = []
    for sub in ast.walk(node) if node is not None else ():
        if not isinstance(sub, ast.Subscript):
            continue
        try:
            value = evaluate_pure(sub.slice, user[-1].tb_frame)
        except Impure:
            continue
        dtype = getattr(getattr(value, "aval", None), "dtype", None)
        if isinstance(value, Tracer) and dtype is not None and str(dtype) == "bool":
            found.append(value)
    return found[0] if len({id(t) for t in found}) == 1 else None


def _only_input(tracer: Any) -> str | None:
    """The one parameter the trace that made ``tracer`` was given (its arrays' paths share one root), else None:
    whatever the value was computed from inside that trace, its inputs are that parameter's."""
    inner = jaxpr_tracer(tracer)
    info = getattr(getattr(getattr(inner, "_trace", None), "frame", None), "debug_info", None)
    names = [n for n in (getattr(info, "arg_names", None) or ()) if n]
    roots = {re.match(r"[^\W\d]\w*", n).group(0) for n in names if re.match(r"[^\W\d]\w*", n)}
    return roots.pop() if len(roots) == 1 else None


def message_arguments(message: str) -> list[str]:
    """The arguments JAX's message says the value depends on; none for its placeholder ``unknown`` (a
    ``custom_vjp`` function's inputs, which JAX cannot name)."""
    match = _ARG_IN_MESSAGE.search(message)
    if match is None:
        return []
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group(1)) if p.strip()]
    return [p for p in parts if p != "unknown"]


def _narrow(origin: Origin, message: str) -> Origin:
    """Keep the arguments JAX's own message names, when it names some of them.

    JAX computes that list for the very tracer that failed; jaxmagic's reading
    of a frame can hold more tracers than the one that failed (a ``scan``'s
    ``init`` beside its ``length``).
    """
    named = set(message_arguments(message))
    if not named or len(origin.paths) < 2:
        return origin
    kept = [p for p in origin.paths if p in named or p.split("[", 1)[0].split(".", 1)[0] in named]
    return Origin(kept, origin.function, origin.how) if kept else origin


def _probe_origin(call: Call, kind: str) -> tuple[Origin, BaseException] | None:
    """Re-trace a private copy with JAX's frames kept, and read the provenance there."""
    assert call.fn is not None
    # a plain jit with the wrapper's static choices: its frames name the user's parameters (a wrapper's
    # own frames would name its internals, such as equinox's ``dynamic_nodonate``)
    with traceback_filtering_off():
        probe = probe_trace(copy_function(call.fn), call.args, call.kwargs, call.static_argnums, call.static_argnames, through=call.through)
    if probe is None or tracing_kind(probe) != kind:
        return None
    origin = origin_of(probe)
    return (origin, probe) if origin.how != "none" else None


def _inner_static_origin(exc: BaseException) -> Origin:
    """Which of the caller's arguments reached the inner jit's static parameter."""
    user = user_entries(exc.__traceback__)
    if not user:
        return Origin([], None, "none")
    tb = user[-1]
    position = position_of(tb)
    tree = parse_file(position.filename)
    node = node_at(tree, position) if tree is not None else None
    if not isinstance(node, ast.Call):
        return Origin([], None, "none")
    try:
        inner = evaluate_pure(node.func, tb.tb_frame)
    except Impure:
        inner = None
    wrapped = getattr(inner, "__wrapped__", None)
    if getattr(wrapped, "_jit_info", None) is not None and (not hasattr(inner, "lower") or getattr(
            inner, "_jit_info", None) is not None):
        # jax.make_jaxpr(f)(x, 4), jax.eval_shape(...), or the user's jax.jit of a jitted function (jaxfmm's
        # eval_potential_direct): the outer transformation traced every argument it was not told is static, the
        # static ones of the jitted function included
        static = _static_parameters(wrapped) - (_static_parameters(inner) if hasattr(inner, "lower") else set())
        passed = [p for i, p in enumerate(_positional(wrapped)) if i < len(node.args)]
        passed += [k.arg for k in node.keywords if k.arg]
        hit = [p for p in passed if p in static]
        return Origin(hit, None, "call") if hit else Origin([], None, "none")
    info = getattr(inner, "_jit_info", None)
    nums = set(getattr(info, "static_argnums", ()) or ())
    names = set(getattr(info, "static_argnames", ()) or ())
    shift = 1 if inspect.ismethod(inner) else 0  # a jitted method called on its object: ``self`` is position 0
    picked = [a for i, a in enumerate(node.args) if i + shift in nums] + [k.value for k in node.keywords
                                                                         if k.arg in names]
    definition = enclosing_function(tree, position.lineno)
    params = parameter_names(definition) if definition is not None else []
    found = [n for expr in picked for n in names_in(expr) if n in params]
    tracers = [tb.tb_frame.f_locals.get(n) for n in found]
    origin = origin_of(exc, [t for t in tracers if t is not None])
    if origin.paths:
        return origin
    return Origin(list(dict.fromkeys(found)), None, "source") if found else Origin([], None, "none")


def _static_parameters(jitted: Any) -> set[str]:
    info = jitted._jit_info
    params = _positional(jitted)
    names = set(getattr(info, "static_argnames", ()) or ())
    names |= {params[i] for i in getattr(info, "static_argnums", ()) or () if 0 <= i < len(params)}
    return names


def _positional(jitted: Any) -> list[str]:
    try:
        return list(inspect.signature(jitted).parameters)
    except (TypeError, ValueError):
        return []


def _unhashable_origin(message: str, facts: CallFacts | None) -> Origin:
    if facts is None:
        return Origin([], None, "none")
    if "metadata fields of pytree" in message:  # an argument whose pytree structure cannot be compared
        for name in facts.params:
            if name in facts.values and not structure_compares(facts.values[name]):
                return Origin([name], None, "call")
    if "comparable using __eq__" in message:  # a static argument whose == raises or gives an array
        for name in facts.params:
            if name in facts.static and name in facts.values and not compares(facts.values[name]):
                return Origin([name], None, "call")
    for name in facts.params:
        if name in facts.static and name in facts.values:
            try:
                hash(facts.values[name])
            except Exception:  # noqa: BLE001
                return Origin([name], None, "call")
    # the call is a library's, whose own jit holds the value static (tn4ml's ``forward(X, embedding=...)``): the one
    # argument of the type JAX's message names that does not hash
    named = [n for n in facts.params if n in facts.values and f".{type(facts.values[n]).__name__}'" in message
             and not is_hashable(facts.values[n])]
    if len(named) == 1:
        return Origin(named, None, "call")
    static = [name for name in facts.params if name in facts.static]
    if len(static) == 1 and not facts.values:
        return Origin(static, None, "call")  # the only static parameter: it must be this one
    return Origin([], None, "none")


def _stored_parameters(leak: Any) -> tuple[list[str], list[str]] | None:
    """The parameters of the function holding the leak's store, and those the store reads (jaxsnn's step
    ``voltage_trace.append(v)``: ``v``, where the trace names the library's scan carry); None when not read."""
    tree = parse_file(leak.filename) if leak.filename and leak.store is not None else None
    definition = enclosing_function(tree, leak.store.lineno, lambdas=False) if tree is not None else None
    if definition is None:
        return None
    params, store = parameter_names(definition), leak.store
    value = store.value if isinstance(store, (ast.Assign, ast.AugAssign, ast.Expr)) else store  # not its targets
    handed = [*value.args, *(k.value for k in value.keywords)] if isinstance(value, ast.Call) else [value]
    return params, [n for n in dict.fromkeys(m for h in handed for m in names_in(h)) if n in params and n != "self"]
