"""Verify fixes: apply each mechanically to a private copy of the function and trace it.

Nothing the user owns changes: the copy is a new function object with its own globals dictionary, traced under
a new ``jax.jit`` (so JAX's caches for the user's function are never touched) with jaxmagic's event counting muted.
"""
from __future__ import annotations

import ast
import contextlib
import copy
import functools
import inspect
import re
import time
import types
from typing import Any

import jax
from jax.experimental import checkify

from .._common.errors import message_of, tracing_kind
from .._common.source import function_node, parse_file, unwrap_function
from .call import Call
from .explanation import Fix
from .declare.checkpoint_option import CheckpointStatic
from .declare.closure import ClosedOver
from .declare.fields import Declaration
from .declare.rebuilt import redeclared
from .declare.wrapper import Rejit
from .fixes.equality import ChildrenRecipe, EqRecipe, comparable_copy, compares, named_as_fixed, structure_compares
from .leaking.thread_out import ThreadOut
from .fixes.rewrites import Checkified, Edit, Unstored, apply_edit
from .fixes.sizes import HelperStatic
from .fixes.site import Static, is_hashable, library_jit_named
from .leaking.stores import stores_outside
from .rebuild import (Names, abstract_tracers, copy_function, global_names, probe_trace, rebuild,
                      refused_only_abstractly, values_as_given)
from .retrace.budget import OutOfTime, retrace_seconds
from .retrace.outcomes import fails_unfixed, given_back, kept_eagerly, ran_unchanged, returns_its_object, stale_jit_cache
from .._common.through import outer_jit

__all__ = ["verify", "verify_rejitted", "first_line"]


def verify(fixes: list[Fix], call: Call, filename: str | None, names: Names, concrete: bool, kind: str = "",
           exc: BaseException | None = None) -> None:
    """Set ``verified`` (and ``outcome``) on every fix that can be applied mechanically (``kind``, ``exc``: the
    error's)."""
    if call.fn is None:
        return
    unfixed = functools.cache(lambda: probe_trace(copy_function(call.fn), call.args, call.kwargs, call.static_argnums,
                                                  call.static_argnames, call.wrapper, call.through))
    spent, as_given = 0.0, call.folded  # CPU seconds of this thread in tries since the first that traced: how large
    # the program is, whatever else the machine runs at the time
    for fix in fixes:
        if fix.recipe is None:
            continue
        if spent > min(_BUDGET, _ENOUGH * retrace_seconds()):  # each try traces it all again: one that traced will do
            fix.outcome = f"an earlier fix traced, and each try traces your whole function again ({spent:.1f} s)"
            continue
        started = time.thread_time()
        try:
            with values_as_given(numbers=call.folded) if as_given else contextlib.nullcontext():
                outcome = _try(fix, call, filename, names, concrete)
            if not as_given and call.unjitted and call.through is None and kind != "non-array-argument" and \
                    isinstance(outcome, TypeError) and _NOT_AN_ARRAY.search(str(outcome)):
                # jaxmagic's own jit refused an object the user's call (no jit) took: tried again, holding it
                as_given = True
                with values_as_given():
                    outcome = _try(fix, call, filename, names, concrete)
        except Exception as exc:  # noqa: BLE001 - a fix we could not apply stays untried
            fix.verified, fix.outcome = None, f"could not be applied automatically ({type(exc).__name__})"
            continue
        if outcome is _UNTRIED:
            continue
        if isinstance(outcome, OutOfTime):  # the explanation's time for re-tracing ran out
            fix.verified, fix.outcome = None, str(outcome)
            continue
        if isinstance(outcome, BaseException) and given_back(outcome):
            fix.verified, fix.outcome = None, "the library gave back the error it cached from your call"
            continue
        # (an unhashable static's own error is that comparison: there, a fix that still meets it failed)
        stale = stale_jit_cache(outcome) if isinstance(outcome, BaseException) and kind != "unhashable-static" \
            else None
        if stale is not None:  # the fix is not at fault: the library's jit compared it with the failed call's tracer
            fix.verified, fix.outcome = None, f"{stale}'s jit still holds a tracer from the call that failed"
            fix.warning = " ".join(filter(None, [fix.warning, (
                f"In this kernel, run `jax.clear_caches()` once before the fixed call: {stale}'s jit kept a static "
                "value holding a tracer of the failed call, and JAX compares every new static value with it.")]))
            continue
        if isinstance(outcome, BaseException) and isinstance(fix.recipe, (Edit, ThreadOut)) and \
                ran_unchanged(outcome, call.fn):
            # a library's jit holds your function its own way (brainstate's): the rewritten copy never ran
            fix.verified, fix.outcome = None, "the jit your call went through kept your own code"
            continue
        if kind == "leaked-tracer" and returns_its_object(outcome, call):
            # the storing method tried under a jit of jaxmagic's returns its object (``return self``), which no jit
            # can return: the try says nothing of the fix
            fix.verified, fix.outcome = None, (f"`{getattr(call.fn, '__name__', 'it')}` returns its object, which a "
                                               "jit cannot return, so it cannot be traced on its own")
            continue
        refused_by = refused_only_abstractly(outcome) if call.unjitted else None
        if refused_by is not None or (exc is not None and kept_eagerly(outcome, kind, exc)):  # the user's call has
            fix.verified, fix.outcome = None, kept_eagerly(outcome, kind, exc) if refused_by is None else (  # no jit
                f"traced abstractly, {refused_by}'s own code needed concrete values, which your call without jit "
                "may give it: not known either way")
            continue
        if isinstance(outcome, TypeError) and _NOT_AN_ARRAY.search(str(outcome)) and kind not in _OF_ARGUMENTS:
            # jaxmagic's own jit would not take an object the user's call handed over untraced (a library called
            # the method with its object): no verdict on the fix
            fix.verified, fix.outcome = None, (f"`{getattr(call.fn, '__name__', 'it')}` cannot be traced on its own: "
                                               "it was given an object that is not an array")
            continue
        if isinstance(outcome, BaseException) and tracing_kind(outcome) != kind and kind != "leaked-tracer" and \
                exc is not None and fails_unfixed(outcome, exc, unfixed):  # (a leak's unchanged function would store a tracer again)
            # the try failed as the unchanged function fails when traced on its own: no verdict (running the
            # library's whole call again may still try it)
            fix.verified, fix.outcome = None, (f"`{getattr(call.fn, '__name__', 'it')}` traced on its own fails "
                                               f"before its failing line ({type(outcome).__name__})")
            continue
        if outcome is None or spent:
            spent += time.thread_time() - started
        fix.verified, fix.failed_with = outcome is None, outcome if isinstance(outcome, BaseException) else None
        fix.outcome = "traced" if outcome is None else f"still fails: {type(outcome).__name__}: {first_line(outcome)}"


def verify_rejitted(fixes: list[Fix], given: tuple[Any, tuple, dict]) -> None:
    """Try each fix that jits a held callable another way (``eqx.filter_jit(model)`` for ``jax.jit(model)``, the
    user's jit of a library's function with one more static argument) with the call's arguments: no copy of theirs."""
    for fix in fixes:
        recipe, outcome = fix.recipe, _UNTRIED
        if isinstance(recipe, Rejit) and recipe.held is not None and fix.verified is None:
            outcome = probe_trace(recipe.held, (*recipe.first, *given[1]), given[2], wrapper=recipe.wrapper)
        info, fun = getattr(given[0], "_jit_info", None), getattr(given[0], "_fun", None)  # jit(partial(rollout))
        if isinstance(recipe, Static) and fix.verified is None and info is not None and callable(fun) and not (
                recipe.remove or recipe.replace or recipe.edited or recipe.positions):
            outcome = probe_trace(fun, given[1], given[2], tuple(info.static_argnums), tuple(
                dict.fromkeys((*info.static_argnames, *recipe.add))))
        if outcome is not _UNTRIED:
            fix.verified = outcome is None
            fix.outcome = "traced" if outcome is None else f"still fails: {type(outcome).__name__}: {first_line(outcome)}"


_UNTRIED = object()
_NOT_AN_ARRAY = re.compile(r"Error interpreting argument to .* as an abstract array")
_OF_ARGUMENTS = ("non-array-argument", "unhashable-static")  # kinds whose fixes decide what is traced
_BUDGET = 0.25  # CPU seconds: a fix traced in more than this is tried alone, the rest wait
_ENOUGH = 0.07  # or in more than this share of the explanation's budget (50 ms of 0.75 s): the median stays quick


def _try(fix: Fix, call: Call, filename: str | None, names: Names, concrete: bool) -> Any:
    fn = call.fn
    assert fn is not None
    recipe = fix.recipe
    if isinstance(recipe, Static):
        if recipe.add and not concrete:
            fix.outcome = "the value to make static is not known here, only its shape and dtype"
            return _UNTRIED
        by_position = recipe.add if recipe.positions else ()  # a wrapper's ``*args``: no names to give
        static_names = tuple(n for n in (*call.static_argnames, *recipe.add) if n not in recipe.remove
                             and n not in by_position)
        static_nums = tuple(i for i in call.static_argnums if _param_name(fn, i) not in recipe.remove)
        static_nums = tuple(sorted({*static_nums, *recipe.positions}))
        if static_nums:  # given static_argnums, JAX infers no positions from names: every static one by position
            # too (the object of a jitted bound method, first, as much as the ones the fix adds)
            params = list(inspect.signature(fn).parameters)
            static_nums = tuple(sorted({*static_nums, *(params.index(n) for n in static_names if n in params)}))
        args, kwargs = call.with_values(recipe.replace)
        params = inspect.signature(fn).parameters
        kwargs = {**kwargs, **{k: v for k, v in recipe.replace.items() if k not in params}}  # a new parameter
        base = copy_function(fn)
        if recipe.edited is not None:  # a line added to the body too (a static dict made a dict again)
            base = rebuild(fn, recipe.edited[0], recipe.edited[1], names.globals_for(fn.__globals__))
        decorator = _library_jit(fn) if call.through is not None else None
        if decorator is not None:  # its own jit keeps its own static options: rebuilt with the ones tried
            base, through = _library_jitted(decorator, base, static_nums, static_names), None
        else:
            through = call.through
        outcome = probe_trace(base, args, kwargs, static_nums, static_names, call.wrapper, through)
        if decorator is not None and outcome is not None and tracing_kind(outcome) is None:
            # brainstate's jit checks where it runs, and refuses jaxmagic's trace around it
            fix.outcome = f"{decorator.__module__.split('.')[0]}'s jit would not run inside a trace"
            return _UNTRIED
        added: list[str] = []
        while outcome is not None and not static_nums and len(added) < 4 and (
                recipe.reword is not None or _STATIC_NAMES.search(fix.code)):
            # static, the function meets the next value it needs as a Python value (rollout's step count after
            # its env): that argument, named by JAX's message and passed as a Python value, static too
            more = _also_needed(outcome, fn, call, (*static_names, *added))
            if more is None:
                break
            added.append(more)
            outcome = probe_trace(base, args, kwargs, static_nums, (*static_names, *added), call.wrapper, through)
        if added and outcome is None:
            names_ = (*recipe.add, *added)
            if recipe.reword is not None:
                wider = recipe.reword(names_)
                fix.code, fix.summary, fix.warning, fix.recipe = wider.code, wider.summary, wider.warning, wider.recipe
            else:  # the jit line as written, with the names JAX's messages asked for
                fix.code = _STATIC_NAMES.sub(f"static_argnames={names_!r}", fix.code)
                fix.summary += f"; then {' and '.join(f'`{n}`' for n in added)}, which it needs as a Python value too"
                fix.recipe = Static(add=names_, replace=recipe.replace)
            return None
        if outcome is not None and recipe.also and recipe.reword is not None and tracing_kind(outcome):
            # the expression needs several compile-time values (jnp.tri(n, m)): all of them static together
            together = probe_trace(copy_function(fn), args, kwargs, static_nums, (*static_names, *recipe.also),
                                   call.wrapper, call.through)
            if together is None:
                wider = recipe.reword((*recipe.add, *recipe.also))
                fix.code, fix.summary, fix.warning, fix.recipe = wider.code, wider.summary, wider.warning, wider.recipe
            return together if together is None else outcome
        return outcome
    if isinstance(recipe, HelperStatic):
        # the helper jitted again with its parameters static, in a copy of the caller's globals
        globals_ = names.globals_for(fn.__globals__)
        helper = globals_.get(recipe.name)
        plain = unwrap_function(helper)
        if plain is None:
            return _UNTRIED
        info = getattr(helper, "_jit_info", None)
        static = tuple(dict.fromkeys([*(getattr(info, "static_argnames", ()) or ()), *recipe.params]))
        globals_[recipe.name] = jax.jit(copy_function(plain), static_argnames=static)
        return probe_trace(copy_function(fn, globals_), call.args, call.kwargs, call.static_argnums,
                           call.static_argnames, call.wrapper, call.through)
    if isinstance(recipe, CheckpointStatic):
        if call.through is None or outer_jit(call.through[0]) is None:
            return _UNTRIED
        checkpointed = jax.checkpoint(copy_function(fn), static_argnums=recipe.static_argnums)
        return probe_trace(checkpointed, call.args, call.kwargs, call.static_argnums, call.static_argnames,
                           call.wrapper)
    if isinstance(recipe, Rejit):  # jitted as another wrapper jits, which decides what is static
        held = recipe.held if recipe.held is not None else copy_function(fn)
        owner = recipe.first[0] if recipe.first else getattr(held, "__self__", None)  # given already, bound
        args = call.args[1:] if owner is not None and call.args and call.args[0] is owner else call.args
        return probe_trace(held, (*recipe.first, *args), call.kwargs, wrapper=recipe.wrapper)
    if isinstance(recipe, Declaration):  # the class compiled again as declared in the fix, the value rebuilt
        named = recipe.argument in call.by_name() or recipe.handed is None  # else unnamed, in a wrapper's ``*args``
        held = call.by_name()[recipe.argument] if named else recipe.handed
        made = redeclared(recipe, held, names.globals_for(fn.__globals__))
        args, kwargs = call.with_values({recipe.argument: made}) if named else (  # (there found by identity)
            tuple(made if a is held else a for a in call.args), {k: made if v is held else v
                                                                 for k, v in call.kwargs.items()})
        return probe_trace(copy_function(fn), args, kwargs, call.static_argnums, call.static_argnames,
                           call.wrapper, call.through)
    if isinstance(recipe, (EqRecipe, ChildrenRecipe)):
        # the user's value, its class given the fix: it must compare as JAX compares, and trace
        bound = inspect.signature(fn).bind(*call.args, **call.kwargs).arguments
        made = comparable_copy(recipe, bound[recipe.argument], names.globals_for(fn.__globals__))
        if not (compares(made) if isinstance(recipe, EqRecipe) else structure_compares(made)):
            return ValueError("the fixed class still does not compare with one True/False")
        args, kwargs = call.with_values({recipe.argument: made})
        with named_as_fixed(made):
            return probe_trace(copy_function(fn), args, kwargs, call.static_argnums, call.static_argnames,
                               call.wrapper, call.through)
    if isinstance(recipe, ThreadOut) and filename is not None:
        # the jitted function rewritten to return what it stored: it must trace, with no store left in it (checked
        # in its source: jax.checking_leaks would also re-trace every JAX helper it calls, a second or more)
        found = function_node(fn)
        if found is None or found[1] != filename or found[0].lineno != recipe.original.lineno:
            return _UNTRIED
        if stores_outside(recipe.edited) or (recipe.method is not None and stores_outside(recipe.method)):
            return _UNTRIED  # another store is left: re-tracing would write a tracer into the user's objects
        globals_ = names.globals_for(fn.__globals__)
        if recipe.method is not None:  # the object's method rewritten too, on a copy of the object
            held = globals_.get(recipe.receiver)
            original = getattr(type(held), recipe.method.name, None)
            if held is None or not isinstance(original, types.FunctionType):
                return _UNTRIED
            copied = copy.copy(held)  # of the user's class, a private subclass holding the rewritten method
            copied.__class__ = type(type(held).__name__, (type(held),),
                                    {recipe.method.name: rebuild(original, recipe.method, filename, globals_)})
            globals_[recipe.receiver] = copied
        rebuilt = rebuild(fn, recipe.edited, filename, globals_)
        # a global state it now takes as an argument: its shapes, as the leaking trace left them
        kwargs = {**call.kwargs, recipe.carried: abstract_tracers(globals_.get(recipe.carried))} if recipe.carried \
            else call.kwargs
        return probe_trace(rebuilt, call.args, kwargs, call.static_argnums, call.static_argnames,
                           call.wrapper, call.through)
    if isinstance(recipe, ClosedOver) and filename is not None:
        # the rewritten function, given every argument but the one it now reads from the user's module
        passed = call.by_name()
        if recipe.param not in passed or (call.static_argnums and recipe.held is not None):
            return _UNTRIED
        # it reads the global that holds the object, or is given it bound by functools.partial, jitted so
        rebuilt = rebuild(fn, recipe.edited, filename, names.globals_for(fn.__globals__)) if recipe.held else \
            functools.partial(copy_function(fn), **{recipe.param: passed[recipe.param]})
        kept = {k: v for k, v in passed.items() if k != recipe.param}
        return probe_trace(rebuilt, (), kept, (), tuple(n for n in call.static_argnames if n != recipe.param),
                           call.wrapper, call.through)
    if isinstance(recipe, Edit) and filename is not None:
        if isinstance(recipe, Unstored) and _stores_left(fn, recipe):
            return _UNTRIED  # re-tracing would write a tracer into the user's objects
        rebuilt = _rebuild_with(fn, recipe, filename, names)
        if rebuilt is None:
            return _UNTRIED
        if isinstance(recipe, Checkified):  # the check is functionalized, as the fix tells the user to
            rebuilt = checkify.checkify(rebuilt)
        return probe_trace(rebuilt, call.args, call.kwargs, call.static_argnums, call.static_argnames,
                           call.wrapper, call.through)
    return _UNTRIED


def _library_jit(fn: Any) -> Any:
    """The library jit decorating the user's ``def``, when it takes JAX's ``static_argnames``; else None."""
    found = function_node(fn)
    named = library_jit_named(found[0]) if found else None
    held: Any = fn.__globals__.get(named.split(".")[0]) if named else None
    for part in named.split(".")[1:] if named else []:
        held = getattr(held, part, None)
    try:
        takes = "static_argnames" in inspect.signature(held).parameters
    except (TypeError, ValueError):
        return None
    return held if takes and getattr(held, "__module__", "").split(".")[0] not in ("jax", "flax") else None


def _library_jitted(decorator: Any, fn: Any, static_nums: tuple, static_names: tuple) -> Any:
    """``fn`` under the library's jit with the static options tried: called inside jaxmagic's own jit, whose
    trace it joins (no backend compile)."""
    params = list(inspect.signature(fn).parameters)  # by position, as the fix spells it: a library's jit may
    nums = tuple(sorted({*static_nums, *(params.index(n) for n in static_names if n in params)}))  # read no names
    takes = inspect.signature(decorator).parameters
    made = decorator(fn, static_argnums=nums) if "static_argnums" in takes else \
        decorator(fn, static_argnames=static_names)
    return functools.wraps(fn)(lambda *args, **kwargs: made(*args, **kwargs))  # fn's signature: its static names


def _stores_left(fn: types.FunctionType, edit: Edit) -> bool:
    """True when ``fn``'s definition with ``edit`` applied still stores a value where it outlives the call."""
    found = function_node(fn)
    edited = apply_edit(found[0], edit) if found is not None else None
    return edited is None or stores_outside(edited)


def _param_name(fn: types.FunctionType, index: int) -> str | None:
    params = list(inspect.signature(fn).parameters)
    return params[index] if 0 <= index < len(params) else None


def _rebuild_with(fn: types.FunctionType, edit: Edit, filename: str, names: Names) -> types.FunctionType | None:
    """A copy of ``fn`` (or of the helper it calls) with ``edit`` applied (and the values it defines first)."""
    globals_ = {**names.globals_for(fn.__globals__), **getattr(edit, "defines", {})}
    found = function_node(fn)
    if found is not None and found[1] == filename:
        edited = apply_edit(found[0], edit)
        if edited is not None:
            return rebuild(fn, edited, filename, globals_)
    # the line is in a helper defined at the top level of the same file
    tree = parse_file(filename)
    if tree is None:
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and _holds(node, edit.target):
            if node.name not in global_names(fn.__code__):
                return None  # reached another way (a library holds it): the failing trace is run again instead
            helper = fn.__globals__.get(node.name)
            helper = unwrap_function(helper)
            if helper is None or helper.__code__.co_filename != filename:
                return None
            edited = apply_edit(node, edit)
            if edited is None:
                return None
            globals_[node.name] = rebuild(helper, edited, filename, globals_)
            return copy_function(fn, globals_)
    return None


def _holds(node: ast.AST, target: ast.AST) -> bool:
    return node.lineno <= target.lineno <= (node.end_lineno or node.lineno)


def first_line(exc: BaseException) -> str:
    try:
        text = str(exc).strip().splitlines()
    except Exception:  # noqa: BLE001
        return ""
    return text[0][:200] if text else ""


_NEEDED = re.compile(r"depends on the value of the argument (\w+)")
_HASHED = re.compile(r"Non-hashable static arguments.*?of type <class '([\w.]+)'>(?:, \w*Tracer[(<]~?(bool|u?int\d*|"
                     r"float\d*)\[\])?", re.S)  # (JAX 0.8 writes ``JitTracer<bool[]>``, later ``JitTracer(bool[])``)
_STATIC_NAMES = re.compile(r"static_argnames=(?:'\w+'|\((?:'\w+',? ?)+\))")


def _also_needed(outcome: BaseException, fn: Any, call: Any, static: tuple) -> str | None:
    """The parameter a tracing error says its value came from, when it is not static yet and was passed a
    hashable Python value (a count, a flag), or a hashable object an inner jit of the library hashed once the outer
    one had traced or rebuilt it (``JitTracer(bool[])``: the one Python value of that type): the next one static."""
    found = _NEEDED.search(message_of(outcome)) if tracing_kind(outcome) else None
    name, hashed, given = found.group(1) if found else None, _HASHED.search(message_of(outcome)), call.by_name()
    if hashed is not None and name is None:
        wanted = hashed[1].rsplit(".", 1)[-1] if not hashed[2] else \
            "bool" if hashed[2] == "bool" else "int" if "int" in hashed[2] else "float"
        typed = [n for n, v in given.items() if type(v).__name__ == wanted and n not in static]
        name = typed[0] if len(typed) == 1 else None
    if name is None or name in static or name not in inspect.signature(fn).parameters:
        return None
    value = given.get(name)
    return name if isinstance(value, (bool, int, float, str)) or (hashed and is_hashable(value)) else None
