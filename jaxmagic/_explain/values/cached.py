"""A value the jitted function stores in a dict and reads back itself: kept in a local instead.

A memo cache of traced values (``if key not in cache: cache[key] = f(x)``) hands one trace's tracer to the next
trace; a dict entry stored and read again in the same function (an operator built from a traced input, jaxbind's
``operators["R"] = partial(grid, uvw, freq)``) keeps a tracer for the cell's later use. Either way the function
needs the value only while it runs: it computes it into a local, which its reads read, and the dict keeps nothing
traced. JAX's own compile cache keeps the compiled work; what the cell needs later it builds outside, from concrete
values. Tried like any leak fix: the store's replacement traced again.
"""
from __future__ import annotations

import ast
from typing import Any

from ..._common.source import copied, enclosing_function, text_of
from ..explanation import Fix
from ..fixes.rewrites import Unstored, apply_edit

__all__ = ["uncached_fix"]


def uncached_fix(site: Any, store: ast.stmt | None) -> Fix | None:
    """A memo cache of traced values (``if key not in cache: ...; cache[key] = f(x)``, then reads of
    ``cache[key]``), or a dict entry stored and read back in the same function (``operators["R"] = partial(grid,
    uvw)``): computed each call instead, into a local the reads read (``site``: the fix's site)."""
    tree = site.tree
    if not (isinstance(store, ast.Assign) and len(store.targets) == 1 and isinstance(store.targets[0], ast.Subscript)
            and tree is not None):
        return None
    scope = enclosing_function(tree, store.lineno, lambdas=False)
    guard = next((n for n in ast.walk(scope) if isinstance(n, ast.If) and n.body and n.body[-1] is store
                  and not n.orelse and all(isinstance(b, ast.Assign) for b in n.body)), None) \
        if isinstance(scope, ast.FunctionDef) else None
    target = store.targets[0]
    test = guard.test if guard is not None else None
    cached = text_of(target)
    inside = {id(n) for n in ast.walk(scope)}
    elsewhere = [n for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and id(f) not in inside
                 for n in ast.walk(f) if isinstance(n, ast.Subscript) and id(n) not in inside and text_of(n) == cached]
    if guard is None and isinstance(scope, ast.FunctionDef) and not elsewhere and \
            any(b.lineno == store.lineno for b in scope.body):  # (read in another function too: its value is needed)
        guard = store  # ``operators["R"] = partial(grid, uvw)``, read back below in the same function: a local
    elif not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.NotIn)
              and text_of(test.left) == text_of(target.slice) and text_of(test.comparators[0]) == text_of(target.value)):
        return None
    reads = [n for n in ast.walk(scope) if isinstance(n, ast.Subscript) and n is not target and text_of(n) == cached
             and n.lineno > store.lineno]
    taken = {n.id for n in ast.walk(scope) if isinstance(n, ast.Name)} | {a.arg for a in ast.walk(scope)
                                                                          if isinstance(a, ast.arg)}
    local = (text_of(target.value) or "cached").strip("_").rsplit(".", 1)[-1].removesuffix("_cache") or "cached"
    key = target.slice.value if isinstance(target.slice, ast.Constant) else None
    local = next((n for n in (local, key if isinstance(key, str) else None, f"{local}_value")
                  if n and n.isidentifier() and n not in taken), None)  # (``operators["R"]``: ``R``)
    if not reads or local is None:
        return None
    computed = ast.Assign([ast.Name(local, ast.Store())], copied(store.value))
    recipe = Unstored(guard, [*copied(guard.body[:-1] if guard is not store else []), computed])
    recipe.also = [(read, ast.Name(local, ast.Load())) for read in reads]  # each read of the cache reads the local
    edited = apply_edit(scope, recipe)
    if edited is None:
        return None
    return Fix(
        "return-value", ast.unparse(edited),
        f"compute the value each call instead of caching it in `{text_of(target.value)}`: a cache filled while "
        "JAX traces keeps that trace's tracers, which the next trace (a new shape, a new static value) gets back; "
        "the compiled function is cached by JAX already" if guard is not store else
        f"keep the value in a local instead of storing it in `{text_of(target.value)}`: stored while JAX traces, it "
        f"holds a tracer; build `{cached}` outside the jitted function, from concrete values, where you need it",
        recipe=recipe,
    )
