"""Fixes for a tracing error, in the preferred order, as code for the user's own line.

The order is the lesson's: array-level logic (``jnp.where``, masks, logical
operators) first, then ``jax.lax`` structured control flow, then marking an
argument static. Each fix carries a *recipe* saying how to apply it
mechanically (:mod:`..verify` tries it); fixes that need the user's
judgement (leaks, masks that change a shape) carry none and stay unverified.
The builders live in one module per family of errors.
"""
from __future__ import annotations

import ast
import sys
import types

from ..._common.errors import SHAPE_KINDS, UNHASHABLE_TRACER, installed_package, is_installed_library
from ..._common.source import parameter_names
from ..declare.checkpoint_option import checkpoint_call_fix, checkpoint_static_fix
from ..declare.closure import closed_over_fix, host_globals_fix
from ..call import root_of
from ..explanation import Fix
from .arguments import unhashable_fixes
from .non_array import non_array_fixes
from ..leaking.fixes import leak_fixes
from .conditions import bool_fixes
from .conversions import array_fixes, concretization_fixes, integer_fixes
from ..shaped.constants import numpy_constants_fix
from ..shaped.global_read import global_read_fix
from ..shaped.fixes import mismatch_fixes
from ..twins.array_api import forwarded_size_fix, masked_at_fix
from ..twins.functions import math_twin_fix
from ..twins.host_calls import feeds_effect_call, host_call_fix
from ..twins.printed_host import kept_on_host_fix, printed_host_fix
from ..twins.made_backend import made_backend_fix
from ..twins.numpy_calls import backend_setter_fix
from ..twins.prefix_sums import masked_arange_fix, masked_sum_fix
from ..twins.python_loop import python_loop_fix
from ..values.callee import resolved
from ..values.constructed import dict_count_fix
from ..values.held_unhashable import handed_callable_fix, handed_hashable_fix, held_unhashable_fix
from ..values.pulled_out import pulled_out_fix
from .shapes import mask_fixes, shape_fixes
from ..shaped.flag_branches import flag_branches_fix, given_as_python_bool
from ..shaped.handed_mask import handed_mask_fix
from .rewrites import Edit
from .site import Site, dotted_of
from .sizes import helper_static_fix

__all__ = ["Site", "kept_out_of_the_trace", "propose"]


def propose(site: Site) -> list[Fix]:
    """The fixes for ``site``, preferred first (none when nothing fits)."""
    handler = _HANDLERS.get(site.kind)
    fixes = handler(site) if handler else []
    made = numpy_constants_fix(site) or masked_sum_fix(site) or masked_arange_fix(site)
    if made is not None:  # a library turning into NumPy what jnp made of constants: NumPy makes it concrete; a sum
        fixes = [made, *fixes]  # over a traced count of leading elements: one masked sum, array-level, first
    counted = dict_count_fix(site.kind, site.paths, site.facts, site.tree)
    if counted is not None:  # {"n_terms": jnp.array(3)} handed to filter_jit: a constant, written as the int it is
        fixes = [counted, *(f for f in fixes if not f.template)]  # (no mask of a "size computed from data")
    remade = made_backend_fix(site) if site.kind in ("array-conversion", "concretization", "integer-conversion") \
        else None
    if remade is not None:  # sp.lambdify(r, expr): the function a library wrote for NumPy, written for JAX
        fixes = [remade, *fixes]
    switched = backend_setter_fix(site) if site.kind in ("bool-conversion", "concretization", "integer-conversion") \
        else None
    if switched is not None:  # gwpopulation's models in its default NumPy backend: set_backend("jax") first
        fixes = [switched, *fixes]
    twin = next((t for t in (math_twin_fix(site, n) for n in site.ancestors()) if t is not None), None) \
        if site.kind in _HELPER_KINDS and site.node is not None else None
    if twin is not None:  # math.factorial(k) on a tracer: JAX's own factorial first
        fixes = [twin, *fixes]
    retraced = checkpoint_static_fix(site) if site.kind not in SHAPE_KINDS else None
    counted = checkpoint_call_fix(site) if site.kind in _HELPER_KINDS else None
    if counted is not None:  # jax.checkpoint(f, static_argnums=...) in the user's code left the flag out
        fixes = [*fixes, counted]
    if retraced is not None:  # the user made it static already: the checkpoint below the jit traced it again
        fixes = [retraced, *fixes]
    helper = helper_static_fix(site) if site.kind in _HELPER_KINDS else None
    if helper is not None:  # the error is inside a jitted helper: its own static arguments, after array fixes
        fixes = [*(f for f in fixes if f.kind != "static"), helper, *(f for f in fixes if f.kind == "static")]
    flag = flag_branches_fix(site) if site.kind in ("traced-shape", "concretization", "bool-conversion") else None
    if flag is not None:  # c2c(row, forward=i % 2 == 0): the call made for each value of the flag, lax.cond between
        # (after static for a setting the user's call gave as a Python bool: a config's field left dynamic)
        fixes = [*fixes, flag] if given_as_python_bool(site) and any(f.kind == "static" for f in fixes) else [
            flag, *fixes]
    forwarded = masked_at_fix(site) if site.kind == "boolean-index" else forwarded_size_fix(site) \
        if site.kind in ("traced-shape", "concretization") else None
    if forwarded is not None:  # xpx.at(x, mask).set(v), xpx.setdiff1d(a, b): JAX's own twin, which traces, first
        fixes = [forwarded, *fixes]
    handed = handed_mask_fix(site) if site.kind == "boolean-index" and not fixes else None
    if handed is not None:  # valid = hits > 0 handed to furax's IndexOperator: indices of a fixed length, made there
        fixes = [handed]
    host = host_call_fix(site, twin is not None) if site.kind in _HELPER_KINDS or site.kind == "boolean-index" else None
    if host is not None:  # env.render(...) on tracers: the call made outside jit, before any static argument and
        # before a callback that would make it from inside the compiled program (a writer's histogram: host work);
        # a Python int the library indexes with (flaxdiff's ``int(steps)``) is a static argument's first
        later = ("static", "jax.debug.print") if site.kind != "integer-conversion" else ("jax.debug.print",)
        fixes = [host, *(f for f in fixes if f.kind != "astype")] if feeds_effect_call(site) else [
            *(f for f in fixes if f.kind not in later), host, *(f for f in fixes if f.kind in later)]  # (``float(loss)``
        # for a logger: the call outside first, and no ``.astype``, which would hand it a tracer to keep)
    host_array = site.kind in ("array-conversion", "concretization") and site.paths == [site.argument]
    # ``jaxfmm.eval_potential(q, **h)`` under the user's jit: the library holds static the counts ``h`` carries
    # beside its arrays, and they came in traced (a tracer hashed); ``h`` whole is closed over
    options = site.kind == "traced-shape" and bool(UNHASHABLE_TRACER.search(site.message)) and len(site.paths) > 1 \
        and all(p != site.argument and root_of(p) == site.argument for p in site.paths)
    closed = closed_over_fix(site.argument, site.facts, site.globals_, host=host_array, tree=site.tree,
                             marked_static=site.kind == "unhashable-static",
                             by_jax_code=host_array and _jax_code_called(site), options=options) \
        if site.kind in ("non-array-argument", "unhashable-static") or host_array or options else None
    if closed is not None and options:
        fixes = [closed, *fixes]  # (a leaf taken out alone leaves the library's other options traced)
    unknown = site.facts is not None and site.argument not in site.facts.values  # hashable or not, unknown
    if closed is not None and (unknown or not any(f.kind == "static" and f.recipe is not None for f in fixes)):
        # a model object, neither traceable nor hashable, that a global of the user's holds (a hashable twin of
        # its class, FrozenConfigDict for a ConfigDict, stays the fix where there is one); bound whatever it is
        # when its value is not known here (a static argument must be hashable, a bound one need not)
        # before a registration of its class (a library's, often); after code that makes the user's class hashable
        # (a frozen dataclass), which keeps the static argument, and after passing it traced (a pytree that needs
        # no hashing: tried first, it goes last if it fails)
        ahead = [f for f in fixes if (f.kind == "hashable-static" and not f.template) or f.kind == "not-static"
                 or (f.kind == "register-pytree" and (unknown or f.recipe is not None))]
        # (a registration: its class unknown, it may be the user's own; written for the user's class holding
        # arrays, it keeps them traced where binding the object bakes them in and compiles once per object)
        fixes = [*ahead, closed, *(f for f in fixes if f not in ahead)]
    looked = printed_host_fix(site) if site.kind in _HELPER_KINDS and not any(
        f.kind == "jax.debug.print" for f in fixes) else None
    if looked is not None:  # stamp = time.to_pydatetime()...; print(stamp): only looked at, so printed by a callback
        fixes = [looked, *fixes]
    kept = kept_on_host_fix(site) if site.kind in _HELPER_KINDS and looked is None else None
    if kept is not None:  # history.append(float(loss)): kept by the host, so made there; a cast would keep a tracer
        fixes = [kept, *(f for f in fixes if f.kind != "astype")]
    looped = python_loop_fix(site)
    if looped is not None:  # a fori_loop's counter that library code needs as a Python int: a Python loop, after
        fixes = [*fixes, looped]  # any fix of the user's own line
    host_globals = host_globals_fix(site) if not fixes else None
    if host_globals is not None:  # global JAX arrays a library converts with NumPy: handed over as NumPy arrays
        fixes = [host_globals]
    fixes = _library_signature_kept(site, fixes)
    read = None if any(f.kind == "static" and f.recipe is not None for f in fixes) else (
        global_read_fix(site) or pulled_out_fix(site))
    if read is not None:  # a leaf a library traced whose Python value a global the cell handed it holds: read
        # there (a value JAX cannot trace taken out of that dict first), after the fixes of the user's own line and
        # before guidance
        fixes = [*(f for f in fixes if not f.template), read, *(f for f in fixes if f.template)]
    for fix in fixes:
        _explicit_super(fix, site)
    seen: set[tuple[str, str]] = set()
    unique = []
    for fix in fixes:
        if (fix.kind, fix.code) not in seen:
            seen.add((fix.kind, fix.code))
            unique.append(fix)
    return unique



def _jax_code_called(site: Site) -> bool:
    """True when the failing line's innermost library call is a function of a module that uses JAX (pybamm's
    ``jax_bdf_integrate``), not a host library's (SciPy's): what it converts with NumPy is an option it needs as a
    constant, not the data."""
    for node in site.ancestors():
        fn = resolved(dotted_of(node.func), site.globals_ or {}) if isinstance(node, ast.Call) else None
        module = sys.modules.get(getattr(fn, "__module__", None) or "")
        if module is None or not is_installed_library(getattr(module, "__file__", None) or ""):
            continue
        classes = [] if isinstance(fn, types.FunctionType) else (fn if isinstance(fn, type) else type(fn)).__mro__
        # the function's module, or (a model object deepmd's JAX backend made) its classes', names JAX
        modules = [module, *filter(None, (sys.modules.get(c.__module__) for c in classes))]
        return any("jax" in m.__name__.split(".") or any(getattr(v, "__name__", "").split(".")[0] == "jax" for v in
                   vars(m).values() if isinstance(v, types.ModuleType)) for m in modules)
    return False


def _explicit_super(fix: Fix, site: Site) -> None:
    """``super()`` that a fix moves into a function of its own (a loop's ``body_fun``, a branch's ``lambda``) inside a
    method: Python would take that function's first argument for ``self`` there, so it is written
    ``super(Class, self)``."""
    recipe, method = fix.recipe, site.definition
    if not isinstance(recipe, Edit) or not isinstance(method, ast.FunctionDef) or not method.args.args:
        return
    owner = site.parent(method)
    replaced = recipe.replacement if isinstance(recipe.replacement, list) else [recipe.replacement]
    inner = [n for r in replaced if isinstance(r, ast.AST) for f in ast.walk(r)
             if isinstance(f, (ast.FunctionDef, ast.Lambda)) for n in ast.walk(f)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "super" and not n.args]
    if not inner or not isinstance(owner, ast.ClassDef):
        return
    for call in inner:
        call.args = [ast.Name(owner.name, ast.Load()), ast.Name(method.args.args[0].arg, ast.Load())]
    fix.code = fix.code.replace("super()", f"super({owner.name}, {method.args.args[0].arg})")


def _library_signature_kept(site: Site, fixes: list[Fix]) -> list[Fix]:
    """A library's own jitted function (jaxns's ``sanity_check``) is not the user's to rewrite: a fix that gives it
    a new signature becomes the advice to keep the Python value out of what the library traces."""
    facts = site.facts
    source = facts.source if facts is not None else None
    if source is None or not is_installed_library(source[1]):
        return fixes
    kept = [f for f in fixes if f"def {facts.name}(" not in f.code]
    if len(kept) == len(fixes) or site.kind == "unhashable-static":  # (there the library made it static already)
        return kept
    library, what = installed_package(source[1]), site.paths[0] if site.paths else site.argument
    return [*kept, Fix(
        "static", f"# {library} traces `{what}`: keep the Python value out of it, for example bound to your function "
                  "with functools.partial where you hand the function to " + library,
        f"`{facts.name}` is {library}'s jitted function, and {library} traces every `{what}` it is given; its "
        "static arguments are not yours to set, so the value must reach your code another way",
        template=True)]


def kept_out_of_the_trace(site: Site) -> list[Fix]:
    """The user's function, traced by code that calls it (cbfpy's safety filter calling a barrier function with the
    extra arguments it was handed), needs a parameter as a Python value: guidance to hand it over another way (on
    the object whose method it is, or bound with ``functools.partial``), where no call of the user's can be made
    static (the last resort of the offer stage, where no other fix came)."""
    if site.kind not in _HELPER_KINDS or site.facts is not None:  # (a call of the user's can be made static)
        return []
    definition, name = site.definition, site.argument
    params = parameter_names(definition) if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
    aval = getattr((site.locals_ or {}).get(name or ""), "aval", None)
    if name is None or name not in params or name in ("self", "cls") or aval is None or aval.shape or not getattr(
            aval, "weak_type", False):  # a Python number handed in (weakly typed), not a value the caller computes
        return []
    owner = params[0] if params[0] in ("self", "cls") else None
    where = f"set `{owner}.{name}` where the object is made and read it here" if owner else \
        f"bind it with `functools.partial({definition.name}, {name}=...)` where you hand `{definition.name}` over"
    return [Fix(
        "static", f"# `{name}` reaches `{definition.name}` as a traced argument: {where}",
        f"the code that calls `{definition.name}` traces every argument it hands it, so `{name}` is a tracer there; "
        "what must be a Python value (a count, a length, a flag) has to reach your function another way",
        template=True)]


def _unhashable(site: Site) -> list[Fix]:
    """The fixes for an unhashable static value; for a library's own jitted function whose only fix would change
    the library's code, the user's call that made the value, written hashable (``Geometry(1.0, float(offset))``)."""
    fixes = unhashable_fixes(site)
    handed = handed_callable_fix(site)
    if handed is not None:  # a Module handed as a library's static function: a lambda that calls it, after a fix
        # that declares or jits the object itself (filter_jit, a hashable class)
        first = not any(f.kind in ("static", "hashable-static", "not-static") and not f.template for f in fixes)
        fixes = [handed, *fixes] if first else [*fixes, handed]
    held = held_unhashable_fix(site)
    if held is not None:  # an agent held static whole, a list deep inside (``MLP(features=[64, 64])``): a tuple there
        first = not any(f.recipe is not None and f.kind != "not-static" for f in fixes)
        fixes = [held, *fixes] if first else [*fixes, held]
    facts = site.facts
    if facts is not None and facts.source is not None and is_installed_library(facts.source[1]) and \
            facts.jitted_as is None and all(f.kind == "not-static" or f.template for f in fixes):  # (not the
        # user's own jit of it)
        return [handed] if (handed := handed_hashable_fix(site)) is not None else fixes
    return fixes


# errors a static value would avoid
_HELPER_KINDS = {"bool-conversion", "concretization", "integer-conversion", "traced-shape", "array-conversion"}

_HANDLERS = {
    "bool-conversion": bool_fixes,
    "concretization": concretization_fixes,
    "integer-conversion": integer_fixes,
    "array-conversion": array_fixes,
    "boolean-index": mask_fixes,
    "traced-shape": shape_fixes,
    "leaked-tracer": leak_fixes,
    "unhashable-static": _unhashable,
    "non-array-argument": non_array_fixes,
    "shape-mismatch": mismatch_fixes,
}

