"""A boolean mask the user's function makes and hands to a library that selects with it: indices of fixed length.

``valid = hits > 0`` then ``IndexOperator(valid, ...)(signal)`` (furax): the library indexes with the mask in its
own code, and under jit a selection's length depends on values, which a tracer does not have. The user's line that
makes the mask makes instead the indices it selects, ``jnp.nonzero(hits > 0, size=K)``, a fixed number of them;
K is how many elements the mask keeps for the call's own values (read with NumPy on them: nothing compiles). The
library is handed the indices, which select the same elements. Tried.
"""
from __future__ import annotations

import ast
import re

import jax
import numpy as np

from ..._common.source import clone, stored_names
from ..explanation import Fix
from ..fixes.rewrites import attr
from ..fixes.site import Site, edit_fix
from ..recover import Impure, evaluate_pure, frame_of

__all__ = ["handed_mask_fix"]

_MASK_SHAPE = re.compile(r"got bool\[(?P<dims>[\d,\s]*)\]")


def handed_mask_fix(site: Site) -> Fix | None:
    """``name = jnp.nonzero(<mask>, size=K)`` on the user's line that made the mask the library selected with: a
    name of the failing function holding a boolean tracer of the mask's shape, assigned once, before the line."""
    shape = _MASK_SHAPE.search(site.message)
    definition, held, facts = site.definition, site.locals_ or {}, site.facts
    line = getattr(site.node, "lineno", None)
    if shape is None or not isinstance(definition, ast.FunctionDef) or facts is None or line is None:
        return None
    dims = tuple(int(d) for d in shape["dims"].replace(" ", "").split(",") if d)
    stores = stored_names(definition)
    made = [s for s in definition.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(
        s.targets[0], ast.Name) and s.lineno < line and stores.get(s.targets[0].id) == 1 and _a_mask(
        held.get(s.targets[0].id), dims)]
    if not made:
        return None
    statement = made[-1]
    count = _kept(statement.value, facts.values, site.globals_ or {})
    if count is None:
        return None
    new = ast.Call(attr(f"{site.names.jnp}.nonzero"), [clone(statement.value)], [ast.keyword("size", ast.Constant(
        count))])
    name = statement.targets[0].id
    made = ast.fix_missing_locations(ast.copy_location(ast.Assign([clone(statement.targets[0])], new), statement))
    return edit_fix(
        "size-argument", statement, made,
        f"the library selects with `{name}`, and a selection's length depends on the mask's values; make `{name}` "
        f"the indices it keeps instead, a fixed number of them (`size={count}`, as many as this call keeps)",
        warning="a call whose mask keeps more elements than `size` drops the rest, and one that keeps fewer "
                "repeats index 0 (give `fill_value=` an index whose element does no harm)",
    )


def _a_mask(value: object, dims: tuple[int, ...]) -> bool:
    return isinstance(value, jax.core.Tracer) and getattr(value, "dtype", None) == np.bool_ and \
        tuple(getattr(value, "shape", ())) == dims


def _kept(expression: ast.expr, values: dict, globals_: dict) -> int | None:
    """How many elements ``expression`` keeps, read on the call's values (as NumPy arrays); None where it cannot be
    read without running code of the user's."""
    arrays = {k: np.asarray(v) if isinstance(v, jax.Array) and not isinstance(v, jax.core.Tracer) else v
              for k, v in values.items()}
    try:
        mask = evaluate_pure(expression, frame_of(globals_, arrays))
    except Impure:
        return None
    if isinstance(mask, (jax.core.Tracer, jax.ShapeDtypeStruct)) or getattr(mask, "dtype", None) != np.bool_:
        return None
    return int(np.sum(mask))
