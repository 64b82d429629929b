"""``jaxmagic.explain``: a tracing error in the user's terms — argument, line, fixes, verified.

The exception is classified (:mod:`.._common.errors`); then one record of the
failure (:class:`.stages.record.Failure`) passes through the stages, each
reading it and adding to it: ``locate`` (the user's frames, line and failing
expression, read once), ``attribute`` (the argument the failing value came
from), ``offer`` (the fixes, in the preferred order) and ``attempt`` (each fix
tried, when the call or the failing trace can be made again). The words come
last, from what the record holds.
"""
from __future__ import annotations

import ast
import functools
import re
import types
from typing import Any

import jax
import numpy as np

from .._common import journal
from .._common.errors import (SHAPE_KINDS, UNHASHABLE_TRACER, is_jax_file, message_of, tracing_error_in,
                              traceback_entries, tracing_kind, user_entries)
from .._common.frames import forget_answers, holding_arrays, quiet_leaves, unhashable_jitted_method
from .._common.source import node_at, parse_file, position_of
from .._tracking.observed.adapters import plain_view
from .call import CallFacts, known_call
from .explanation import KIND_WHY, Explanation, docs_for
from .provenance import forget_read_traces
from .rebuild import differentiating
from .reach.annotated import python_value_refused
from .reach.library import library_call, library_wrapper_of_other_values, users_jit_called
from .retrace.budget import retrace_budget
from .retrace.contexts import reentered
from .shaped.origin import SHAPE_WHY, shape_why
from .stages.attempt import attempt
from .stages.attribute import attribute
from .stages.locate import locate, traced_as_an_array
from .stages.needed import needed_kind
from .stages.offer import offer
from .stages.record import OWN_ARGUMENTS, Failure
from .values.statics import users_jit_handed

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
    raised, exc = exc, tracing_error_in(exc)  # a library may have raised another error while handling JAX's
    kind = tracing_kind(exc) if exc is not None else None
    if kind == "unhashable-static" and traced_metadata(exc):  # a tracer in a static field: a traced constant
        kind = "traced-shape"
    if exc is None and fn is not None and args is not None and traced_as_an_array(raised, fn, tuple(args),
                                                                                   dict(kwargs or {})):
        exc, kind = raised, "non-array-argument"  # an object with a shape and a dtype, traced as an array
    if exc is None and (refused := python_value_refused(raised)) is not None:
        exc, kind = raised, refused  # a library's own error, on a tracer handed where its signature wants a number
    if exc is None:
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
        reached = users_jit_called(exc, fn, kind) if fn is not None and known else None
        if reached is None and fn is not None and known and kind == "unhashable-static":
            reached = users_jit_handed(exc)  # a library called the user's jitted function with a list, a dict
        if reached is not None:  # to_onnx(policy, ...): the user's own jitted function, which library code called
            fn, args, kwargs = reached
            if isinstance(fn, functools.partial) and hasattr(fn.func, "_jit_info"):  # a library bound its kwargs
                fn, args, kwargs = fn.func, (*fn.args, *args), {**fn.keywords, **kwargs}
            static_argnums = static_argnames = None
            given = (fn, tuple(args), dict(kwargs))
        if fn is not None and (library_call(exc, kind, fn, OWN_ARGUMENTS) or known and
                               library_wrapper_of_other_values(fn, tuple(args or ()), dict(kwargs or {}))):
            # optimistix.minimise(loss, ...): the library's function is not the user's; their function is
            # read from the traceback, and fixes are tried by running the failing trace again (so too for a
            # library's wrapper handed symbolic values, which traces the user's function with arrays of its own)
            fn, args, known = None, (), False
        with retrace_budget(), reentered(raised):  # every re-trace together: worst about a second (inside the
            # contexts library wrappers set up around the failing call: chexify's)
            found = _explain(
                exc, kind, fn, tuple(args or ()), dict(kwargs or {}), static_argnums, static_argnames, known, wrapper,
                given, ran_here,
            )
        found.exception = raised  # the user's own exception, whichever one was explained
        return found
    except Exception as fault:  # noqa: BLE001 - never worse than no tool
        found = Explanation(kind=kind, error_type=type(exc).__name__, exception=raised, docs=docs_for(kind, exc))
        found.analysis_failed = f"{type(fault).__name__}: {fault}"
        found.message = (
            f"{found.error_type}: a tracing error ({kind}). jaxmagic found no further explanation "
            f"(its analysis failed: {type(fault).__name__}). See {found.docs}"
        )
        return found
    finally:
        forget_answers()  # what was worked out of this error goes with the explanation, not kept with its frames
        forget_read_traces()


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
    call, facts = known_call(fn, args, kwargs, static_argnums, static_argnames, known)
    if call is not None:
        call.wrapper = wrapper  # fixes are verified through the jit the user's call went through
    if facts is not None:
        facts.wrapper = wrapper  # and worded for it
    failure = Failure(exc, message_of(exc), found, call, facts, fn, wrapper, given, ran_here)
    for stage in (locate, attribute, offer, attempt):
        stage(failure)
    kind = failure.kind
    kind = found.kind = needed_kind(kind, exc)  # a value a library refused while making a shape: a traced shape
    found.why = shape_why(kind, found) if kind in SHAPE_KINDS else _why(kind, found, facts)
    found.message = found.text()
    return found


# --- words ----------------------------------------------------------------------


_TRACED_FOR = re.compile(r"while tracing the function \S+ at \S+ for (?P<how>\w+)")
# what JAX says traced the function, as the lesson names it
_TRACING = {"scan": "`lax.scan`", "fori_loop": "`lax.fori_loop`", "while_loop": "`lax.while_loop`",
            "cond": "`lax.cond`", "switch": "`lax.switch`", "checkpoint": "`jax.checkpoint`", "remat": "`jax.checkpoint`",
            "pmap": "`jax.pmap`", "shard_map": "`shard_map`", "custom_vjp": "`jax.custom_vjp`",
            "custom_jvp": "`jax.custom_jvp`"}
_VMAPPED = re.compile(r"\b(?:Batch|Vmap)Tracer\b")  # JAX 0.10 names vmap's tracer BatchTracer, 0.12 VmapTracer


def _why(kind: str, found: Explanation, facts: CallFacts | None) -> str:
    arg = f"`{found.path}`" if found.path else "the value"
    failed = _tracer_where_failed(found)
    aval = str(failed.aval) if failed is not None else _aval_of(found, facts)
    if kind == "leaked-tracer":
        arg = f"a value computed from `{found.path}`" if found.path else "a traced value"
    template = WHY.get(kind, "")
    bound = unhashable_jitted_method(found.exception) if kind == "unhashable-static" else None
    if bound is not None:  # jax.jit(obj.method): JAX hashes the function, and the method hashes its object
        owner = getattr(bound[1], "__self__", bound[1])
        what = f"a method bound to a `{type(owner).__name__}`" if owner is not bound[1] else \
            f"a `{type(owner).__name__}` object itself"
        user = user_entries(found.exception.__traceback__)
        named = user and hasattr(user[-1].tb_frame.f_globals.get(bound[0], user[-1].tb_frame.f_locals.get(bound[0])),
                                 "_jit_info")  # fast = jax.jit(m), called; else jax.jit(m)(x) written inline
        return (f"{f'`{bound[0]}`' if named else 'The jit'} jits {what}; JAX keys its compile cache on the function, and hashing it hashes the "
                "object, which holds arrays (they have no hash). The object is a static part of the jit here: pass it "
                "traced instead")
    if kind == "unhashable-static" and found.path and UNHASHABLE_TRACER.search(message_of(found.exception)):
        return (f"A static argument becomes part of the key of JAX's compile cache, so it must be hashable; {arg} "
                "came to it as a tracer (a jit around it traced it), and a tracer knows only its shape and dtype, "
                "never the value a key needs: the outer jit must hold it static too")
    if kind == "non-array-argument" and isinstance(found.exception, AttributeError) and found.path:
        attribute = getattr(found.exception, "name", None) or "its other attributes"
        return (f"{arg} has a `dtype`, so jit traced it as an array: inside, it is a tracer that knows only a shape "
                f"and that dtype, and `.{attribute}` is gone; make it static, or pass the arrays it holds")
    if kind == "non-array-argument" and found.fixes and found.fixes[0].kind == "jnp-not-np":
        return template.replace("so it has to be static or turned into a pytree.", "though it converts to one: "
                                "pass it as an array.").format(arg=arg)  # a PIL image, a pandas frame
    traced_for = _TRACED_FOR.search(message_of(found.exception))
    innermost = _innermost(found) if template.startswith("Under jit") else None
    if (_VMAPPED.search(message_of(found.exception)) or _VMAPPED.search(type(failed).__name__)) and \
            template.startswith("Under jit"):
        # vmap traced it: one example's value, the mapped (first) axis gone
        template = "Under vmap" + template[len("Under jit"):]
        aval = re.sub(r"\[\d+,?", "[", aval) if aval and failed is None else aval  # the batch's: one example's
    elif template.startswith("Under jit") and (differentiating(failed) and not isinstance(
            getattr(failed, "primal", None), jax.core.Tracer) or failed is None and innermost == "grad"):
        # grad traced it (``jax.value_and_grad(loss)(15000.0)``), with no jit around it
        template = "Under differentiation (`grad`)" + template[len("Under jit"):]
    elif traced_for is not None and traced_for["how"] in _TRACING and template.startswith("Under jit"):
        # JAX names what traced the function (``... for scan``): a scan body is traced too, with no jit at all
        template = f"Under {_TRACING[traced_for['how']]}" + template[len("Under jit"):]
    elif innermost in _TRACING and (traced_for is None or traced_for["how"] != "jit"):
        # JAX's message names nothing (a primitive's parameter): the innermost transformation on the stack (not
        # when it says jit traced the value: scan's ``length``, read at the call, is the jit's tracer)
        template = f"Under {_TRACING[innermost]}" + template[len("Under jit"):]
    if aval is None:  # no call to read it from: say nothing rather than repeat "shape and dtype"
        template = template.replace(" ({aval})", "")
    concrete = kind in _VALUE_KINDS and _held_concrete(found)  # a library handed the argument in as concrete arrays
    if concrete:
        template = template.replace("`{arg}`", "the value").replace("{arg}", "the value").replace(" ({aval})", "")
    staged = _staged_constants(found) if kind in _VALUE_KINDS and (concrete or not found.paths) else None
    return template.format(arg=arg, aval=aval) + (
        f" Here `{staged}` reads only {'concrete arrays' if concrete else 'Python values'}, yet while JAX traces "
        f"the function every {'operation on a JAX array' if concrete else '`jnp` operation'} is recorded into the "
        "program, constants included, so its result is a tracer too." if staged else "")


_VALUE_KINDS = ("bool-conversion", "concretization", "integer-conversion", "array-conversion")


def _staged_constants(found: Explanation) -> str | None:
    """The ``jnp`` call on the failing line whose operands the failing frame holds as Python or NumPy values, none a
    tracer (``jnp.abs(z)`` with ``z = 0j``, a loop's first test): JAX stages it under jit all the same."""
    user = user_entries(found.exception.__traceback__) if found.exception is not None else []
    tree = parse_file(user[-1].tb_frame.f_code.co_filename) if user else None
    node = node_at(tree, position_of(user[-1])) if tree is not None else None
    frame = user[-1].tb_frame if user else None
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)) if node is not None else ():
        spelled = ast.unparse(call.func)
        module = frame.f_globals.get(spelled.split(".")[0]) if "." in spelled else None
        names = [n.id for n in ast.walk(call) if isinstance(n, ast.Name) and n is not call.func and
                 not (isinstance(call.func, ast.Attribute) and n in ast.walk(call.func))]
        held = [frame.f_locals.get(n, frame.f_globals.get(n)) for n in names]
        if getattr(module, "__name__", "") == "jax.numpy" and names and all(
                isinstance(v, (int, float, complex, np.ndarray)) for v in held):
            return ast.unparse(call)
    # ``math.exp(-0.1 * theta['k'])``, ``if theta['k'] * 2 > 1``, ``theta`` handed in as concrete arrays: the
    # operation on them is recorded (the outermost that reads only them)
    for operand in (n for n in ast.walk(node) if isinstance(n, (ast.BinOp, ast.UnaryOp))) if node is not None else ():
        read = [n.id for n in ast.walk(operand) if isinstance(n, ast.Name)]
        if read and any(holding_arrays([n], frame) for n in read) and all(
                holding_arrays([n], frame) or n not in frame.f_locals or isinstance(frame.f_locals[n], (
                    int, float, complex, np.ndarray, types.ModuleType)) for n in read):
            return ast.unparse(operand)
    return None


def _held_concrete(found: Explanation) -> bool:
    """True when the failing frame holds the named argument as concrete JAX arrays, no tracer among them."""
    user = user_entries(found.exception.__traceback__) if found.argument and found.exception is not None else []
    return bool(user) and bool(holding_arrays([found.argument], user[-1].tb_frame))


def _tracer_where_failed(found: Explanation) -> Any:
    """The argument's tracer in the frame that failed, when that frame's function has it as a parameter holding
    one: under ``vmap`` it knows one example's shape (``float32[]``), not the batch's the call was given."""
    user = user_entries(found.exception.__traceback__) if found.argument and found.exception is not None else []
    if not user:
        return None
    frame = user[-1].tb_frame
    code = frame.f_code
    if found.argument not in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]:
        return None
    try:
        leaves = quiet_leaves(frame.f_locals.get(found.argument))
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten: the call's reading instead
        return None
    return leaves[0] if len(leaves) == 1 and isinstance(leaves[0], jax.core.Tracer) else None


def _aval_of(found: Explanation, facts: CallFacts | None) -> str | None:
    """The argument's abstract value, from the call's values (already bound in ``facts``)."""
    if facts is None or found.argument is None:
        return None
    value = facts.values.get(found.argument)
    if value is None:
        return None
    leaves = quiet_leaves(value)
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


# JAX's own functions that run the user's function under a transformation, by the transformation's name
_TRANSFORMING = {"cache_miss": "jit", "_infer_params": "jit", "grad_f": "grad", "value_and_grad_f": "grad",
                 "grad_f_aux": "grad", "scan": "scan", "fori_loop": "fori_loop", "while_loop": "while_loop",
                 "vmap_f": "vmap", "checkpoint": "checkpoint", "remat": "checkpoint"}


def _innermost(found: Explanation) -> str | None:
    """The transformation whose JAX frame is innermost on the failing traceback (``grad``, ``scan``, ``jit``...),
    where no tracer was read back to say which traced the value."""
    for tb in reversed(traceback_entries(found.exception.__traceback__)):
        code = tb.tb_frame.f_code
        if code.co_name in _TRANSFORMING and is_jax_file(code.co_filename):
            return _TRANSFORMING[code.co_name]
    return None


_METADATA = "checking equality of metadata fields of pytree"  # (the message of pytree metadata compared)


def traced_metadata(exc: BaseException) -> bool:
    """True when comparing pytree metadata failed because a tracer refused a conversion (JAX's error as the cause):
    a static field was given a tracer (a vmapped value in a model's static field), where a constant is needed."""
    cause = exc.__cause__ or exc.__context__
    return isinstance(exc, ValueError) and _METADATA in message_of(exc) and cause is not None and \
        type(cause).__name__.startswith("Tracer") and type(cause).__module__.startswith("jax")
