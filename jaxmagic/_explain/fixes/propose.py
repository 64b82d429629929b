"""Fixes for a tracing error, in the preferred order, as code for the user's own line.

The order is the lesson's: array-level logic (``jnp.where``, masks, logical
operators) first, then ``jax.lax`` structured control flow, then marking an
argument static. Each fix carries a *recipe* saying how to apply it
mechanically (:mod:`..verify` tries it); fixes that need the user's
judgement (leaks, masks that change a shape) carry none and stay unverified.
The builders live in one module per family of errors.
"""
from __future__ import annotations

from ..._common.errors import SHAPE_KINDS
from ..explanation import Fix
from .arguments import checkpoint_static_fix, non_array_fixes, unhashable_fixes
from .leak_fixes import leak_fixes
from .conditions import bool_fixes
from .conversions import array_fixes, concretization_fixes, integer_fixes
from ..shaped.fixes import mismatch_fixes
from ..twins.functions import math_twin_fix
from ..twins.host_calls import host_call_fix
from .shapes import mask_fixes, shape_fixes
from .site import Site
from .sizes import helper_static_fix

__all__ = ["Site", "propose"]


def propose(site: Site) -> list[Fix]:
    """The fixes for ``site``, preferred first (none when nothing fits)."""
    handler = _HANDLERS.get(site.kind)
    fixes = handler(site) if handler else []
    twin = next((t for t in (math_twin_fix(site, n) for n in site.ancestors()) if t is not None), None) \
        if site.kind in _HELPER_KINDS and site.node is not None else None
    if twin is not None:  # math.factorial(k) on a tracer: JAX's own factorial first
        fixes = [twin, *fixes]
    retraced = checkpoint_static_fix(site) if site.kind not in SHAPE_KINDS else None
    if retraced is not None:  # the user made it static already: the checkpoint below the jit traced it again
        fixes = [retraced, *fixes]
    helper = helper_static_fix(site) if site.kind in _HELPER_KINDS else None
    if helper is not None:  # the error is inside a jitted helper: its own static arguments, after array fixes
        fixes = [*(f for f in fixes if f.kind != "static"), helper, *(f for f in fixes if f.kind == "static")]
    host = host_call_fix(site) if site.kind in _HELPER_KINDS else None
    if host is not None:  # env.render(...) on tracers: the call made outside jit, before any static argument
        fixes = [*(f for f in fixes if f.kind != "static"), host, *(f for f in fixes if f.kind == "static")]
    seen: set[tuple[str, str]] = set()
    unique = []
    for fix in fixes:
        if (fix.kind, fix.code) not in seen:
            seen.add((fix.kind, fix.code))
            unique.append(fix)
    return unique



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
    "unhashable-static": unhashable_fixes,
    "non-array-argument": non_array_fixes,
    "shape-mismatch": mismatch_fixes,
}
