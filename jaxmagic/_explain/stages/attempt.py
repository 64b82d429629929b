"""Stage five: each fix tried, then the fixes ordered by what was seen.

A fix is tried on a private copy of the user's jitted function when the call
is known; by running the failing trace again (the innermost jitted call on the
stack, through the same library code) when the copy could not reach the line;
and for a leak, by making the call that traced the storing function again.
"""
from __future__ import annotations

import ast
import builtins
import contextlib
import inspect
import sys
from typing import Any

from ..._common.errors import tracing_kind
from ..._common.frames import kept_as_it_was
from ..._common.source import innermost_function
from ..call import is_concrete
from ..retrace.in_place import verify_in_place
from ..retrace.statement import verify_statement_edits
from ..leaking.replay import handed_storers, verify_leak_in_place
from ..leaking.calls import leaking_call
from ..reach.stored_attributes import tried_keeping
from ..retrace.budget import OutOfTime, capped, retrace_seconds, settle_when
from ..retrace.in_place import ALONE_AFTER, ALONE_RESERVE, QUICK_SHARE, VALUE_REWRITES
from ..retrace.tail import tail_outcome
from ..reach.entry import entry_of
from ..fixes.rewrites import Edit
from ..fixes.site import dotted_of
from ..retrace.replay import Refused, replay_of_call
from ..retrace.reverse import differentiated, reverse_mode_of
from ..twins.python_loop import PythonLoop
from ..explanation import Fix
from ..verify import first_line, verify, verify_rejitted
from .wrapper_paths import name_arguments
from .follow import follow_through
from .hashed import verify_hashed
from .pulled_out import verify_pulled_out
from .redeclared import verify_redeclared
from .record import Failure

__all__ = ["attempt"]


def attempt(failure: Failure) -> None:
    """Try every fix that can be applied mechanically; order the fixes by the outcome."""
    found, call, names, globals_ = failure.found, failure.call, failure.names, failure.globals_
    leaked = failure.kind == "leaked-tracer"
    if leaked:
        call = leaking_call(call, found.fixes, failure.escaped, globals_, found.filename)
        handed_storers(found.fixes, globals_, found.filename)

    def tried(fixes: list) -> None:
        in_place = (failure.given is not None or failure.ran_here) and not leaked
        if call is not None and call.fn is not None:
            concrete = is_concrete(call)

            def verify_these(group: list) -> None:
                verify(group, call, found.filename, names, concrete=concrete, kind=failure.kind, exc=failure.exc)

            def stopped_for_time(group: list, seconds: float, leave: float = 0.0, stopped: tuple = _STOPPED) -> list:
                with capped(seconds, leave):
                    verify_these(group)
                return [f for f in group if f.verified is None and f.outcome in stopped]

            budget = retrace_seconds()
            # a value rewritten in a function library code calls (a solver's right-hand side): the library's whole
            # call only if quick, else that function traced alone (``verify_in_place``, below)
            quick = [f for f in fixes if in_place and _rewritten_where_library_calls(f, failure.exc, call.fn)]
            for fix in stopped_for_time(quick, QUICK_SHARE * budget, stopped=_STOPPED[:1]):
                fix.outcome = ""
            # a value's rewrite: the whole function again if quick, else from the failing line on (a loss's last
            # lines after a large model), in the share of the budget the whole function's try left
            rewrites = [f for f in fixes if f not in quick and f.kind in VALUE_REWRITES and isinstance(f.recipe, Edit)]
            for fix in stopped_for_time(rewrites, ALONE_AFTER * budget, ALONE_RESERVE * budget):
                if not _from_the_failing_line(fix, failure, found.filename, names):
                    fix.outcome = ""
                    verify_these([fix])
            verify_these([f for f in fixes if f not in quick and f not in rewrites])
        if in_place:  # what a copy could not: the failing trace run again
            verify_in_place(fixes, failure.exc, failure.kind, found.filename, names, failure.given)

    if (call is None or call.fn is None) and failure.given is not None:  # jax.jit(model): no function to copy
        verify_rejitted(found.fixes, failure.given)
    preferred = found.fixes[0] if found.fixes else None
    kept = failure.leak.kept_by if leaked and failure.call is not None else None
    # (a jit that jax.grad called is transposed after its trace: every try is traced so too)
    with settle_when(lambda: preferred is not None and preferred.verified is True), \
            differentiated(None if leaked else reverse_mode_of(failure.jax_call, failure.held_frames)):
        with kept_as_it_was((globals_ or {}).get(kept)) if kept is not None else contextlib.nullcontext():
            # (a try may run the library's setter: the object the user's run left is kept); a class declared anew for
            # an object a library's jit holds static is tried through that jit alone (``verify_hashed``)
            tried([f for f in found.fixes if getattr(f.recipe, "handed", None) is None])
        verify_hashed(found.fixes, failure.exc, failure.call)  # a hashable value written on a line no trace runs
        verify_pulled_out(found.fixes, failure.exc, failure.given)  # a value out of a dict a library's jit traces
        verify_python_loops(found.fixes, failure.exc)  # a fori_loop made a Python loop, at the cell's top level
        verify_statement_edits(found.fixes, failure.exc, found.filename)  # jax.checkpoint(f, static_argnums=...) in the cell's call
        verify_redeclared(found.fixes, failure.exc, globals_)  # a class declared anew: through the library's jit
        if not leaked:  # the preferred fix got past its line and met the same problem on another: fixed there too
            follow_through(failure, tried)
        if kept is not None and kept in (globals_ or {}):  # a value a library kept in an object: static, if given
            static = [f for f in found.fixes if f.kind == "static"]
            tried_keeping(globals_[kept], kept, static, lambda: verify(static, failure.call, found.filename, names,
                                                                       concrete=True, kind=failure.kind))
        if leaked:  # a storing function a library jitted: that cached call, traced again
            probed = verify_leak_in_place(found.fixes, failure.exc, found.filename, globals_, names,
                                          _jitted_name(failure.leak), getattr(failure.leak, "store", None))
            if probed is not None:  # read while the user's jitted call ran again: its parameters, not the storer's
                name_arguments(found, probed, None)
    if (call is not None and call.fn is not None) or any(f.verified is not None for f in found.fixes):
        # in the preferred order, but a pattern with placeholders goes after code for this line, and a fix that
        # was tried and failed goes last; a leak's returned value stays first unless it failed (JAX's rule: return
        # what leaves a trace), before a verified callback that keeps the store, unless a library calls the storing
        # function and uses what it returns, or the returned value is only a pattern and the callback traced
        any_traced = any(f.verified for f in found.fixes)
        found.fixes.sort(key=lambda f: 2 if f.verified is False else 1 if f.unfit or (
            f.template and not f.verified and not (leaked and f.kind == "return-value")) else 0.5 if (
            leaked and f.template and not f.verified and any_traced) else 0)
    else:  # nothing tried: a fix said not to fit (a return a library would not pass on) goes after the rest
        found.fixes.sort(key=lambda f: 1 if f.unfit else 0)
    _one_per_kind(found)
    tried_somehow = (call is not None and call.fn is not None) or failure.given is not None or failure.ran_here
    for fix in found.fixes:  # a fix that needs an import says so (after verification: the copy has its names)
        fix.code, fix.failed_with = with_imports(fix.code, globals_), None
        if fix.verified is None and not fix.outcome:  # every untried fix says why, in one short phrase
            fix.outcome = _why_untried(fix, tried_somehow)


_STOPPED = (str(OutOfTime(cut=True)), str(OutOfTime()))  # a try stopped, or not started, for time


def _from_the_failing_line(fix: Any, failure: Failure, filename: str | None, names: Any) -> bool:
    """Try ``fix`` on the failing function from its failing line on (:mod:`..retrace.tail`); False when it cannot
    be tried so. A failure of the kind the user met says the fix does not fix it; another says nothing."""
    outcome = tail_outcome(fix, failure.exc, filename, names)
    if isinstance(outcome, str):
        return False
    if outcome is None:
        fix.verified, fix.outcome = True, ("traced (your function from the failing line on, with the shapes and "
                                           "dtypes its values had there)")
    elif isinstance(outcome, OutOfTime):
        fix.outcome = str(outcome)
    elif tracing_kind(outcome) == failure.kind:
        fix.verified, fix.outcome = False, f"still fails: {type(outcome).__name__}: {first_line(outcome)}"
    else:
        fix.outcome = f"traced from the failing line on, it met another error ({type(outcome).__name__})"
    return True


def _rewritten_where_library_calls(fix: Any, exc: BaseException, fn: Any) -> bool:
    """True for a value's rewrite (``math.exp`` → ``jnp.exp``) in a function of the user's that library code called
    from inside ``fn``: the function traced alone shows it, where tracing ``fn`` may take a solver's whole run."""
    if fix.kind not in VALUE_REWRITES or not isinstance(fix.recipe, Edit):
        return False
    entry = entry_of(exc)
    return entry is not None and entry.frame.f_code is not getattr(innermost_function(fn), "__code__", None)


def _one_per_kind(found: Any) -> None:
    """Two ways to the same kind of fix (``lax.switch`` over a list of functions, or over the rest of the function):
    the first that traced, else the first with code for the line, else the first offered, stands for both."""
    kept: dict[str, Any] = {}
    rank = lambda f: (f.verified is True, not f.template, not f.unfit)  # noqa: E731 - the better of two, first wins
    for fix in found.fixes:
        if fix.kind not in kept or rank(fix) > rank(kept[fix.kind]):
            kept[fix.kind] = fix
    found.fixes = [f for f in found.fixes if kept[f.kind] is f]


# fixes that are advice about more than the failing function: jaxmagic does not make these changes for a try
_NOT_REWRITTEN = {
    "register-pytree": "registering a class changes it for the whole session",
    "hashable-static": "it changes the value you pass",
    "remove-inner-jit": "it changes code outside the failing function",
    "jax.debug.print": "it shows values at run time; nothing to trace differently",
    "static": "it changes how the function is called",
}


def _why_untried(fix: Any, tried_somehow: bool) -> str:
    if fix.template:
        return "a pattern to fill in, not code for your line"
    if fix.recipe is None:
        return _NOT_REWRITTEN.get(fix.kind, "no mechanical rewrite of your line")
    return "no call to run it again" if not tried_somehow else "no run of this call again could take it"


def _jitted_name(leak: Any) -> str | None:
    """The jitted function the leaking one ran in (``route`` for a ``lax.switch`` branch), else its own name."""
    return getattr(leak.outer, "name", None) or leak.function if leak is not None else None


# --- the imports a fix's code needs and the user's namespace lacks, said in the code itself ---

# the names fixes use for modules and helpers, and how each is imported
_IMPORTS = {
    "partial": "from functools import partial",
    "functools": "import functools",
    "jax": "import jax",
    "jnp": "import jax.numpy as jnp",
    "lax": "from jax import lax",
    "np": "import numpy as np",
    "eqx": "import equinox as eqx",
    "nnx": "from flax import nnx",
    "struct": "from flax import struct",
    "checkify": "from jax.experimental import checkify",
}


def with_imports(code: str, globals_: dict | None) -> str:
    """``code`` with an import line above it for each module or helper it uses that ``globals_`` lacks (code that
    is not plain Python, a ``%%jittrace`` line, as it is)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)} | {
        a.asname or a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
        for a in n.names} | {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
    known: dict[str, Any] = globals_ or {}
    needed: dict[str, None] = {}
    modules: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            name = node.id
            if name in _IMPORTS and name not in known and name not in bound and not hasattr(builtins, name):
                needed[_IMPORTS[name]] = None  # each import once, in the order first needed
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            dotted = _module_path(node)  # ``tjax.dataclasses.field``: a library's module the namespace lacks
            if dotted is not None and dotted.split(".")[0] not in known and dotted.split(".")[0] not in bound:
                modules[dotted] = None
    # (``import tjax.dataclasses``, never ``import tjax`` too)
    needed.update((f"import {m}", None) for m in modules if not any(o.startswith(m + ".") for o in modules))
    return "\n".join([*needed, code]) if needed else code


def _module_path(node: ast.Attribute) -> str | None:
    """The longest prefix of ``node``'s dotted name that names a loaded module holding the name after it
    (``tjax.dataclasses`` of ``tjax.dataclasses.field``; not ``array`` of a parameter's ``array.sum``); never one of
    the usual names above (``jnp``, ``eqx``), imported as such."""
    dotted = (dotted_of(node) or "").split(".")
    if len(dotted) < 2 or dotted[0] in _IMPORTS:
        return None
    return next((".".join(dotted[:n]) for n in range(len(dotted) - 1, 0, -1) if ".".join(dotted[:n]) in sys.modules
                 and inspect.getattr_static(sys.modules[".".join(dotted[:n])], dotted[n], None) is not None), None)


def verify_python_loops(fixes: list[Fix], exc: BaseException) -> None:
    """Try each untried fix whose recipe is a Python loop: the rewritten statement runs at the cell's top level,
    which no trace of the user's reaches, so the loop is traced under a jit of jaxmagic's, its carry's arrays by
    shape and dtype, the counter a Python int each step."""
    for fix in (f for f in fixes if f.verified is None and isinstance(f.recipe, PythonLoop)):
        replay = replay_of_call(exc, fix.recipe.loop, (fix.recipe.init,), {})
        if isinstance(replay, str):
            fix.outcome = replay
            continue
        outcome = replay.run()
        if outcome is None:
            fix.verified, fix.outcome = True, "traced (the Python loop, traced abstractly)"
        elif isinstance(outcome, Refused):
            fix.outcome = str(outcome)
        elif tracing_kind(outcome) is not None:  # under jit the library also needs the carry's values: the loop
            # runs eagerly, which jaxmagic does not do for you
            fix.outcome = "not tried: under jit the library needs the carry's values too; the Python loop runs " \
                          "without jit, which jaxmagic does not run for you"
        else:
            fix.verified = False
            first = str(outcome).splitlines()[0][:120] if str(outcome) else ""
            fix.outcome = f"still fails: {type(outcome).__name__}: {first}"
