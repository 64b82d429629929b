"""A leak fix where the storing function's record type is declared to take any keyword: the value goes in it.

veros's kernels return ``KernelOutput(forc_temp_surface=...)``, whose constructor takes any keyword; a library that
calls such a function reads the record it returns. A value the function stored (``DIAGNOSTICS["sst"] = sst``)
leaves as one more field of that record (``KernelOutput(..., sst=sst)``): what the library receives keeps its type,
and the caller reads the field from what the call returns.
"""
from __future__ import annotations

import ast
import inspect
from typing import Any

from ..._common.source import clone, enclosing_function, own_nodes, text_of
from ..explanation import Fix
from ..recover import Impure, evaluate_pure, frame_of
from ..fixes.rewrites import Unstored, apply_edit
from ..fixes.site import Site

__all__ = ["into_returned_record"]


def into_returned_record(site: Site, store: ast.stmt | None, value: ast.expr | None) -> Fix | None:
    """The stored value as a new keyword of the record every ``return`` of the storing function builds; None unless
    each ``return`` calls the same callable, which takes ``**kwargs``, with keywords only."""
    if not isinstance(store, ast.Assign) or len(store.targets) != 1 or value is None or site.tree is None:
        return None
    key = _field_name(store.targets[0])
    scope = enclosing_function(site.tree, store.lineno, lambdas=False)
    if key is None or not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    returns = [n for n in own_nodes(scope) if isinstance(n, ast.Return)]
    made = [r.value for r in returns]
    if not returns or not all(isinstance(m, ast.Call) and not m.args and all(k.arg for k in m.keywords)
                              and all(k.arg != key for k in m.keywords) for m in made):
        return None
    callees = {text_of(m.func) for m in made}
    if len(callees) != 1:
        return None
    try:  # the record's type, read by name from the user's module (nothing of the user's runs)
        record_type = evaluate_pure(made[0].func, frame_of(site.globals_),
                                    library_values=True)
    except Impure:
        return None
    if not _takes_any_keyword(record_type):
        return None
    local = isinstance(value, ast.Name) and value.id == key
    kept = [] if local else [ast.Assign([ast.Name(key, ast.Store())], clone(value), lineno=store.lineno)]
    also = [(r, ast.Return(ast.Call(clone(r.value.func), [], [*map(clone, r.value.keywords),
                                                              ast.keyword(key, ast.Name(key, ast.Load()))])))
            for r in returns]
    recipe = Unstored(store, kept, also=also)
    record = next(iter(callees))
    rewritten = apply_edit(scope, recipe)
    if rewritten is None:
        return None
    return Fix(
        "return-value", ast.unparse(rewritten) + f"\n# and read `.{key}` from what the call returns",
        f"return `{key}` as one more field of the `{record}` the function returns already: only outputs leave a "
        f"JAX transformation, and the code that calls it still gets a `{record}`",
        recipe=recipe,
    )


def _field_name(target: ast.expr) -> str | None:
    """``sst`` of ``DIAGNOSTICS["sst"]`` or of ``self.sst``: a name a keyword can have."""
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant) and \
            isinstance(target.slice.value, str) and target.slice.value.isidentifier():
        return target.slice.value
    if isinstance(target, ast.Attribute):
        return target.attr
    return None


def _takes_any_keyword(callee: Any) -> bool:
    try:
        parameters = inspect.signature(callee).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
