"""A leak's fix tried through the call that traced the storing function.

A loss handed to a training loop, a vector field a solver jits, a body the user gives ``lax.scan`` at the top level:
the function that stored the tracer is no jitted function of the user's, and the error came later, when the trace
had long ended. The call that traced it can still be made again, abstractly (``.trace``: no lowering, no backend
compile):

- JAX's trace cache holds the library's jitted call with its abstract arguments, the user's function among its
  static ones (where ``equinox.filter_jit`` keeps it);
- else the user's one top-level statement that hands the function to a JAX transformation (``lax.scan(body, init,
  xs)``, ``jax.vmap(f)(xs)``), or an object whose ``__call__`` it is to a library's function, is evaluated again,
  when its arguments evaluate without running code.

The fixed function is compiled anew and put in place of the user's in that call's arguments: a new function object,
so every cache entry the try makes is keyed on it and can never serve the user's own calls, while the library's
eager steps on constants reuse what the user's run already compiled. Only a fix that leaves no store in the function
is tried: a re-trace of code that still stores would write a tracer into the user's objects again.
"""
from __future__ import annotations

import ast
import inspect
import time
import types
from typing import Any

from ..._common.source import defines, enclosing_function, every_node, function_node, parse_file
from ..._common.errors import is_user_file, traceback_entries, user_entries
from ..retrace.trace_cache import traced_calls
from ..explanation import Fix
from .thread_out import ThreadOut
from ..fixes.rewrites import Unstored, apply_edit
from .stores import stores_outside
from ..provenance import Origin
from ..rebuild import Names, global_names, rebuild, refused_only_abstractly
from ..fixes.site import dotted_of
from ..values.callee import resolved, user_functions_in
from ..verify import first_line
from ..reach.cached_jit import MARKER, given_replay, jitted_again, marked, reaching_replay
from ..retrace.replay import Refused, Replay, leaks_hidden
from ..reach.handed import library_caller
from ..reach.jitted_statement import jitted_statement_replay, probe_stored
from ..reach.library_statement import aux_variant, library_statement_replay, statement_replay

__all__ = ["handed_storers", "verify_leak_in_place"]

_BUDGET = 0.25  # CPU seconds: a leak fix that traced in more than this is tried alone, the rest wait


def verify_leak_in_place(fixes: list[Fix], exc: BaseException, filename: str | None, globals_: dict | None,
                         names: Names, traced: str | None = None, store: ast.stmt | None = None) -> Origin | None:
    """Try every untried leak fix by making again the call that traced the storing function, with the fixed function
    in its place: a cached jitted call that was given it, else the user's statement that ran it. Through the user's
    jitted call, the parameters of ``traced`` the stored value depends on, when read."""
    wanted = [f for f in fixes if f.verified is None and isinstance(f.recipe, (Unstored, ThreadOut))]
    tree, probed = parse_file(filename) if filename else None, None
    if not wanted or tree is None:
        return None
    cached = traced_calls(None)  # JAX's trace cache, read once for every fix
    spent = 0.0  # CPU seconds (this thread's) of the try that traced: one is enough on a large program
    for fix in wanted:
        if spent > _BUDGET:
            fix.outcome = f"an earlier fix traced, and each try traces your whole program again ({spent:.1f} s)"
            continue
        definition = _definition(fix.recipe, tree)
        live = _live(definition, globals_ or {}, filename) if definition is not None else None
        if live is None:
            fix.outcome = fix.outcome or "the storing function was not found among your names"
            continue
        edited = fix.recipe.edited if isinstance(fix.recipe, ThreadOut) else apply_edit(definition, fix.recipe)
        if edited is None or stores_outside(edited):
            fix.outcome = "another store is left in the function"
            continue
        try:
            fixed = rebuild(live, edited, filename, names.globals_for(live.__globals__))
        except Exception as fault:  # noqa: BLE001 - the rewritten definition does not compile here
            fix.outcome = f"the rewritten function does not compile ({type(fault).__name__})"
            continue
        swaps: list = []
        aux = isinstance(fix.recipe, ThreadOut)
        replay = given_replay(live, fixed, cached) or statement_replay(exc, live, fixed, tree, globals_ or {},
                                                                         aux=aux)
        holder = _live_held(definition, globals_ or {}, filename)[1]
        held = (globals_ or {}).get(holder)
        if replay is None and held is not live and fixed.__code__.co_freevars == live.__code__.co_freevars:
            # a library's decorator around it (jax_tqdm's scan_tqdm): the statement runs the decorated function
            # as it is, with the fixed code put in place of the user's for the try
            replay = statement_replay(exc, held, held, tree, globals_ or {}, aux=aux, name=holder,
                                       method=getattr(definition, "name", None))
            swaps = [(live, fixed.__code__)] if replay is not None else []
        reached: list | None = None
        if replay is None and live.__name__ == "__call__" and fixed.__code__.co_freevars == live.__code__.co_freevars:
            replay = statement_replay(exc, live, live, tree, globals_ or {}, aux=aux, called=True)  # thrml's observer
            swaps, reached = (marked(live, edited, filename, names.globals_for(live.__globals__)), []) if replay \
                is not None else ([], None)  # (marked: tequila's ``E.apply(penalty)`` only keeps the object)
        if replay is None and traced == "__call__" and isinstance(fix.recipe, ThreadOut) and holder:
            # jax.jit(like)(p): the object whose __call__ it is, jitted in the user's statement
            replay = jitted_statement_replay(exc, holder, tree, globals_ or {}, filename)
            swaps = [(live, fixed.__code__)] if replay is not None else []
        if replay is None and isinstance(fix.recipe, ThreadOut) and fix.recipe.how != "placeholder":  # a callback that returned nothing: its caller may collect it
            # returning more changes what the library calling it receives: whether the rest of the program
            # still makes sense of it, a trace cannot tell; a library the user hands it to surely does not
            # (a library's scan, ``hax.scan``, stacks what the body outputs: that is the fix, not a breakage)
            if fix.recipe.how == "decorated":  # its own gradient decorator given has_aux: said when made
                continue
            library = library_caller(live.__name__, tree, globals_ or {}) if fix.recipe.how != "scan" else None
            if library is None and not fix.template and fixed.__code__.co_freevars == live.__code__.co_freevars:
                # the user calls it, under a library's jit (``@nnx.jit``): that jit's cached trace, made again
                replay = reaching_replay(live, cached)
                swaps, reached = (marked(live, edited, filename, names.globals_for(live.__globals__)), []) \
                    if replay is not None else ([], None)
            if replay is None and library is None and fix.recipe.how == "scan":  # jax.jit(lambda s: lax.scan(body..
                replay = jitted_statement_replay(exc, "<lambda>", tree, globals_ or {}, filename, naming=live.__name__)
                swaps = [(live, fixed.__code__)] if replay is not None else []
            if replay is None:
                fix.outcome = fix.unfit = f"{library} calls `{live.__name__}` and uses what it returns" if library else None
                fix.outcome = fix.outcome or ("your line that runs it was not made again: its arguments run code"
                                              if not fix.template else
                                              "returning more changes what the code that calls it gets back")
                continue
        if replay is None and traced is not None:  # the user's jitted function reached it through a library
            replay = _traced_replay(traced, filename) or _traced_replay(_jit_naming(live, globals_ or {}), filename) \
                or jitted_statement_replay(exc, traced, tree, globals_ or {}, filename) \
                or jitted_statement_replay(exc, None, tree, globals_ or {}, filename, holding=live)
            if replay is not None and probed is None and live.__code__.co_freevars == fixed.__code__.co_freevars \
                    and not _others_store(replay, live, globals_ or {}):  # the probe's trace stores nothing
                probed = probe_stored(replay, live, definition, store, filename, globals_ or {}, traced)
            swaps = [(live, fixed.__code__)] if fixed.__code__.co_freevars == live.__code__.co_freevars else []
            replay = replay if swaps else None
        if replay is None and isinstance(fix.recipe, Unstored) and \
                fixed.__code__.co_freevars == live.__code__.co_freevars:
            # a library's cached jitted call whose function holds it (a loss in ``fit`` calling it through ``self``)
            replay = reaching_replay(live, cached)
            if replay is not None:
                swaps, reached = marked(live, edited, filename, names.globals_for(live.__globals__)), []
        if replay is None and fixed.__code__.co_freevars == live.__code__.co_freevars:
            # a library the user handed it to ran it in its own trace (``method.step(...)``): made again, marked
            replay = library_statement_replay(exc, live, tree, globals_ or {}, _use_line(exc, filename))
            if replay is not None:
                swaps, reached = marked(live, edited, filename, names.globals_for(live.__globals__)), []
                replay.foreign = True
        if replay is None:
            fix.outcome = fix.outcome or "no call that traced it can be run again"
            continue
        if _others_store(replay, live, globals_ or {}):
            fix.outcome = "another function that trace runs stores a value too: tracing it again would store a tracer"
            continue
        started = time.thread_time()
        with leaks_hidden(globals_ or {}):  # (what the failed run stored is not there for a fixed run to read)
            outcome = replay.run(swaps, names.missing if reached is None else
                                 {**names.missing, MARKER: lambda: reached.append(True)})
        if isinstance(outcome, Refused):  # not run: the explanation's time for re-tracing was spent
            fix.outcome = str(outcome)
        elif reached == []:  # the trace never came to the user's function: it says nothing of the fix
            fix.outcome = f"{replay.where}, but that trace does not run `{live.__name__}`" if outcome is None else \
                f"{replay.where} fails before it runs `{live.__name__}` ({type(outcome).__name__})"
        elif outcome is not None and replay.foreign and not _raised_in(outcome, [code for _, code in swaps]):
            # library code the statement runs cannot be traced abstractly (its own ``if`` on a value): no verdict
            fix.outcome = f"{replay.where}, but the library's own code fails there ({type(outcome).__name__})"
        elif outcome is not None and replay.unjitted and not _raised_in(outcome, [code for _, code in swaps]) and \
                refused_only_abstractly(outcome):
            # no jit in the user's statement: the library may have had concrete values where this trace had shapes
            fix.outcome = (f"{replay.where}, but {refused_only_abstractly(outcome)}'s own code needed concrete "
                           "values there, which your call without jit may give it: not known either way")
        elif outcome is None:
            fix.verified, fix.outcome = True, f"traced ({replay.where})"
            spent += time.thread_time() - started
            if replay.changed and isinstance(fix.recipe, ThreadOut):
                fix.code += f"\n# and the transformation takes the extra output: {replay.changed}"
                fix.unfit = None
        else:
            fix.verified, fix.outcome = False, f"still fails ({replay.where}): {type(outcome).__name__}: " \
                f"{first_line(outcome)}"
    return probed


def _raised_in(exc: BaseException, codes: list) -> bool:
    """True when one of ``codes`` (the fixed code put in place for the try) is among ``exc``'s frames."""
    return any(tb.tb_frame.f_code in codes for tb in traceback_entries(exc.__traceback__))


def _use_line(exc: BaseException, filename: str | None) -> int | None:
    """The line of ``filename`` where the leaked value was used (the exception's last frame there), else None."""
    lines = [tb.tb_lineno for tb in user_entries(exc.__traceback__) if tb.tb_frame.f_code.co_filename == filename]
    return lines[-1] if lines else None


def handed_storers(fixes: list[Fix], globals_: dict | None, filename: str | None) -> None:
    """Mark unfit, untried, a fix that makes a top-level function return one more value when the user hands that
    function to a library that uses what it returns (mici's sampler and its density): a trace of the call cannot
    tell that one more output breaks the library, but its contract does."""
    tree = parse_file(filename) if filename else None
    for fix in fixes:
        recipe = fix.recipe
        if tree is None or not isinstance(recipe, ThreadOut) or recipe.how or recipe.method is not None or \
                _handed_with_aux(recipe.original.name, tree, globals_ or {}):  # (the library's own transform takes
            continue  # the extra output when told has_aux=True: the replay tells it so)
        library = library_caller(recipe.original.name, tree, globals_ or {})
        if library is not None:
            fix.outcome = fix.unfit = f"{library} calls `{recipe.original.name}` and uses what it returns"
            fix.recipe = None


def _handed_with_aux(name: str, tree: ast.AST, globals_: dict) -> bool:
    """True when the file hands the function ``name`` to a callable with a ``has_aux`` option or an aux variant."""
    for call in (n for n in every_node(tree) if isinstance(n, ast.Call)):
        if any(isinstance(a, ast.Name) and a.id == name for a in call.args):
            callee = resolved(dotted_of(call.func), globals_)
            try:
                if callee is not None and ("has_aux" in inspect.signature(callee).parameters or aux_variant(callee)):
                    return True
            except (TypeError, ValueError):  # a callable with no signature to read
                continue
    return False


def _definition(recipe: Any, tree: ast.Module) -> ast.AST | None:
    """The ``def`` the fix rewrites: the storing function."""
    if isinstance(recipe, ThreadOut):
        return recipe.original if recipe.method is None else None
    return enclosing_function(tree, recipe.target.lineno)


def _live(definition: ast.AST, globals_: dict, filename: str | None) -> types.FunctionType | None:
    """The user's plain function for ``definition``, not a jitted one (whose fix is tried by its own call)."""
    return _live_held(definition, globals_, filename)[0]


def _live_held(definition: ast.AST, globals_: dict, filename: str | None) -> tuple[Any, str | None]:
    """(the function, the user's name that holds it): the def's own name, or an object's whose method it is
    (``det`` for ``EdgeDetector.__call__``, handed to ``jax.grad(det)``)."""
    name = getattr(definition, "name", None)
    holders = [name] if name in globals_ else [k for k, v in list(globals_.items()) if not k.startswith("_")
                                                and not isinstance(v, (type, types.ModuleType, types.FunctionType))]
    holders += [k for k, v in list(globals_.items()) if isinstance(v, type) and k not in holders
                and name in vars(v)]  # a method of the user's class, its instance made inside a call (``Decay()``)
    for holder in holders if name else []:
        value = globals_.get(holder)
        owned = [] if name in globals_ else [getattr(v, "__func__", v) for v in vars(
            value if isinstance(value, type) else type(value)).values()]
        for held in [*user_functions_in(value), *(f for f in owned if isinstance(f, types.FunctionType))]:
            # under a library's decorator too; or a method of the object (``fitter.loss``)
            if held.__code__.co_filename == filename and defines(definition, held.__code__):
                return held, holder
    return None, None


def _others_store(replay: Replay, live: types.FunctionType, globals_: dict) -> bool:
    """True when a function of the user's other than ``live`` that the replay may run (named, at any depth,
    by the replayed function, ``live`` or the call's arguments) stores a value where it outlives the call."""
    seen: set[int] = set()
    todo: list[Any] = [getattr(replay.jitted, "__wrapped__", None), live, *replay.args, *replay.kwargs.values()]
    while todo:
        fn = todo.pop()
        if not isinstance(fn, types.FunctionType) or id(fn) in seen or not is_user_file(fn.__code__.co_filename):
            continue
        seen.add(id(fn))
        found = function_node(fn) if _place(fn) != _place(live) else None  # (not ``live``, nor another of its def)
        if found is not None and stores_outside(found[0]):
            return True
        todo += [fn.__globals__.get(n) for n in global_names(fn.__code__)]
    return False


def _place(fn: types.FunctionType) -> tuple[str, int]:
    return fn.__code__.co_filename, fn.__code__.co_firstlineno


def _jit_naming(live: types.FunctionType, globals_: dict) -> str:
    """The one jitted function of the user's whose code names ``live`` (``route``'s ``lax.switch``), or ""."""
    found = [getattr(getattr(v, "_fun", None), "__name__", "") for v in globals_.values()
             if getattr(v, "_jit_info", None) is not None and live.__name__ in global_names(
                 getattr(getattr(v, "_fun", None), "__code__", None) or live.__code__.replace(co_names=()))]
    return found[0] if len(found) == 1 else ""


def _traced_replay(name: str, filename: str | None) -> Replay | None:
    """The newest cached trace of the user's jitted function ``name``: traced again with the storing
    function's code swapped for the fixed code, under JAX caches of the try's own (the library holds the
    storing function itself, so no copy can be put in its place)."""
    calls = traced_calls(lambda code: code.co_name == name and code.co_filename == filename)
    if not calls:
        return None
    chosen = calls[-1]
    jitted = jitted_again(chosen)
    if jitted is None:
        return None
    return Replay(jitted, chosen.args, chosen.kwargs, [], f"your jitted `{name}` traced again, abstractly")
