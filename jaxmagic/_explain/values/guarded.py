"""A check that raises on traced values (``if M < lo or M > hi: raise ValueError(...)``), kept as data.

Under ``jit`` or ``vmap`` no Python ``raise`` can depend on the data. What the check guards stays computed, and the
function's returned value is NaN where the check fails (``jnp.where``: under ``vmap`` each example keeps its own
answer, so a mass outside a fit's range gives NaN for that mass alone); or the check is recorded with
``checkify.check``, which raises after the compiled function ran.
"""
from __future__ import annotations

import ast

from ..._common.source import clone, own_nodes, text_of
from ..explanation import Fix
from ..fixes.rewrites import Checkified, Edit, array_test, attr, call

__all__ = ["raising_guard_fixes"]


def raising_guard_fixes(site: object, control: ast.If, construct: ast.If, extra: tuple[str, ...]) -> list[Fix]:
    """``jnp.where`` over the returned values, then ``checkify.check``, for an ``if`` whose body only raises; empty
    for any other ``if``."""
    if construct.orelse or len(construct.body) != 1 or not isinstance(construct.body[0], ast.Raise):
        return []
    names = site.names
    test = array_test(construct.test, names)
    fixes = []
    returns = [r for r in own_nodes(site.definition) if isinstance(r, ast.Return) and r.lineno > control.lineno]
    if returns and all(r.value is not None and not isinstance(r.value, ast.Tuple) for r in returns):
        used = {n.id for n in ast.walk(site.definition) if isinstance(n, ast.Name)}
        flag = next(n for n in ("invalid", "out_of_range", "_invalid") if n not in used)
        kept = [(r, ast.Return(call(names.where, ast.Name(flag, ast.Load()), attr(f"{names.jnp}.nan"),
                                    clone(r.value)))) for r in returns]
        edit = Edit(control, [ast.Assign([ast.Name(flag, ast.Store())], test)], also=kept)
        fixes.append(Fix("jnp.where", edit.code(),
                         "a `raise` cannot depend on traced values: keep the check as data, and return NaN where it "
                         "fails (`jnp.where`; under vmap, for those examples alone)", kinds=("jnp.where", *extra),
                         recipe=edit))
    raised = construct.body[0].exc
    said = raised.args[0] if isinstance(raised, ast.Call) and raised.args and isinstance(
        raised.args[0], ast.Constant) and isinstance(raised.args[0].value, str) else ast.Constant(
        f"check failed: {text_of(construct.test)}")
    check = ast.Expr(call(f"{names.checkify}.check", call(f"{names.jnp}.logical_not", clone(test)), clone(said)))
    recipe = Checkified(control, check)
    checked = Fix("checkify", recipe.code(), "`checkify.check` records the check in the compiled function; "
                  "the function wrapped in `checkify.checkify` returns an error you raise with `err.throw()`",
                  recipe=recipe)
    name = site.facts.name if site.facts is not None else "f"
    checked.code += f"\n# and call it checked: err, out = {names.checkify}.checkify({name})(...); err.throw()"
    return [*fixes, checked]
