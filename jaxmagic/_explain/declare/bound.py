"""A keyword that library code forwards into its jit, bound to the user's function instead.

``coix.util.train(loss_fn, init, opt, 100, num_particles=16)`` hands its extra
keywords to the step it jits, and the step hands them on to ``loss_fn``: JAX
traces them there, so a count or a string the loss needs as a Python value
arrives as a tracer (or is refused). The user's own jit is not involved, so no
``static_argnames`` can help. The value stays a Python value when it is bound
to the function before the library sees it:
``coix.util.train(partial(loss_fn, num_particles=16), init, opt, 100)``. The
function may be handed over in an earlier statement (``ContFlowRK4(field)``,
then ``flow.forward(x, cfg=...)``): the partial goes where it is handed over.
"""
from __future__ import annotations

import ast
import copy
import inspect
import types

from ..._common.errors import is_user_file
from ..explanation import Fix
from ..fixes.site import Site, dotted_of

__all__ = ["bound_keyword_fix"]


def bound_keyword_fix(site: Site) -> Fix | None:
    """``partial(f, name=value)`` where the user's function ``f`` is handed to library code, and the keyword left
    out of the call that forwarded it; None unless the user's top-level code shows both."""
    name, tree, globals_ = site.argument, site.tree, site.globals_ or {}
    if name is None or not isinstance(tree, ast.Module):
        return None
    forwarding = [(s, k) for s in tree.body for c in ast.walk(s) if isinstance(c, ast.Call)
                  and _library_callee(c, globals_) for k in c.keywords if k.arg == name]
    if len(forwarding) != 1:
        return None
    statement, keyword = forwarding[0]
    handing = [(s, a) for s in tree.body[: tree.body.index(statement) + 1] for c in ast.walk(s)
               if isinstance(c, ast.Call) for a in [*c.args, *(k.value for k in c.keywords)]
               if isinstance(a, ast.Name) and _takes(globals_.get(a.id), name)]
    if len(handing) != 1:
        return None
    handed_in, function = handing[0]
    forwarded = _edited(statement, lambda n: n is not keyword)
    bound = ast.Call(ast.Name("partial", ast.Load()), [ast.Name(function.id, ast.Load())],
                     [ast.keyword(name, copy.deepcopy(keyword.value))])
    if handed_in is statement:
        shown = [_replaced(forwarded, function.id, bound)]
    else:
        shown = [_replaced(handed_in, function.id, bound), ast.unparse(forwarded)]
    library = (dotted_of(_callee_node(statement, keyword)) or "the library").split("(")[0]
    return Fix(
        "static", "from functools import partial\n\n" + "\n...\n".join(shown),
        f"`{library}` hands `{name}` on to the function it jits, and JAX traces it there; bound to "
        f"`{function.id}` with `functools.partial` before the library sees it, `{name}` stays the Python value "
        "it is",
    )


def _library_callee(call: ast.Call, globals_: dict) -> bool:
    """True when ``call`` calls something that is not the user's own code (read by name, not run)."""
    parts = (dotted_of(call.func) or "").split(".")
    value = globals_.get(parts[0]) if parts[0] else None
    for part in parts[1:]:
        value = getattr(value, part, None)
    if value is None:  # a method of an object (``flow.forward``): its class decides
        value = globals_.get(parts[0])
        value = getattr(type(value), parts[-1], None) if value is not None and len(parts) == 2 else None
    code = getattr(inspect.unwrap(value), "__code__", None) if callable(value) else None
    return code is not None and not is_user_file(code.co_filename)


def _takes(value: object, name: str) -> bool:
    """True when ``value`` is a function of the user's with a parameter ``name``."""
    if not isinstance(value, types.FunctionType) or not is_user_file(value.__code__.co_filename):
        return False
    try:
        return name in inspect.signature(value).parameters
    except (TypeError, ValueError):
        return False


def _callee_node(statement: ast.stmt, keyword: ast.keyword) -> ast.expr:
    return next(c.func for c in ast.walk(statement) if isinstance(c, ast.Call) and keyword in c.keywords)


def _edited(statement: ast.stmt, keep) -> ast.stmt:
    """``statement`` with the keyword left out (``keep`` is False for it)."""
    edited = copy.deepcopy(statement)
    for original, copied in zip(ast.walk(statement), ast.walk(edited)):
        if isinstance(copied, ast.Call):
            copied.keywords = [k for k, o in zip(copied.keywords, original.keywords) if keep(o)]
    return edited


def _replaced(statement: ast.stmt, name: str, bound: ast.Call) -> str:
    """``statement`` as code, its argument ``name`` handed over as ``bound``."""
    edited = copy.deepcopy(statement)
    for call in (c for c in ast.walk(edited) if isinstance(c, ast.Call)):
        call.args = [bound if isinstance(a, ast.Name) and a.id == name else a for a in call.args]
        for k in call.keywords:
            if isinstance(k.value, ast.Name) and k.value.id == name:
                k.value = bound
    return ast.unparse(edited)
