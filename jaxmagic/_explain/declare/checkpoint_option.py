"""A transformation's own option, given where the user called it: a ``jax.checkpoint`` whose ``static_argnums``
leaves out the flag it branches on, given the flag's position; a ``jax.grad`` whose ``argnums`` is the object.

``jax.checkpoint(Block.__call__, static_argnums=(1,))(block, x, True)`` counts positions from ``self``: the flag
``train`` is position 2, and position 1 is ``x``. The checkpoint then traces ``train``, and ``if train:``
fails inside ``__call__``. The decision is the checkpoint's own option, so the fix goes there, in the user's call:
the position one past a given one (``self`` not counted) moved to the flag's, or the flag's added.

``jax.grad(loss)(layer, c)`` differentiates ``layer``, an object no array: ``jax.grad(loss, argnums=1)`` passes it
through as it is (only what ``argnums`` names must be arrays).
"""
from __future__ import annotations

import ast
import dataclasses
from typing import Any

from ..explanation import Fix
from ..fixes.site import Site, dotted_of, edit_fix
from ..recover import evaluate_pure, frame_of
from .jit_option import traced_abstractly
from ..._common.source import parameter_names

__all__ = ["CheckpointStatic", "checkpoint_call_fix", "checkpoint_static_fix", "differentiated_argnums_fix"]

_CHECKPOINTS = ("checkpoint", "remat")


def checkpoint_call_fix(site: Site) -> Fix | None:
    """The user's ``jax.checkpoint(f, static_argnums=...)`` call of the failing function ``f`` given the failing
    parameter's position; None when there is no such call, or the position is static already."""
    definition, argument = site.definition, site.argument
    if definition is None or argument is None or site.tree is None or not hasattr(definition, "name"):
        return None
    params = parameter_names(definition)
    if argument not in params:
        return None
    position = params.index(argument)
    for made in ast.walk(site.tree):
        if not (isinstance(made, ast.Call) and made.args and (dotted_of(made.func) or "").rsplit(".", 1)[-1]
                in _CHECKPOINTS and (dotted_of(made.args[0]) or "").rsplit(".", 1)[-1] == definition.name):
            continue
        option = next((k for k in made.keywords if k.arg == "static_argnums"), None)
        try:
            given = ast.literal_eval(option.value) if option is not None else ()
        except ValueError:
            return None
        given = (given,) if isinstance(given, int) else tuple(given)
        if position in given:
            return None
        # one short (``self`` left out of the count): moved to the flag; else the flag added
        wanted = tuple(sorted({*(p for p in given if p != position - 1), position})) if position - 1 in given \
            else tuple(sorted({*given, position}))
        new = ast.Call(made.func, made.args, [*(k for k in made.keywords if k.arg != "static_argnums"),
                                              ast.keyword("static_argnums", ast.Constant(wanted))])
        spelled = dotted_of(made.func)
        return edit_fix(
            "static", made, new,
            f"`{spelled}` traces every argument it is given but those in its `static_argnums`, counted from the "
            f"first, `{params[0]}`: `{argument}` is position {position}; give it there, so Python sees its value")
    return None


_DIFFERENTIATING = ("grad", "value_and_grad", "jacrev", "jacfwd", "hessian")


def differentiated_argnums_fix(site: Site, name: str) -> Fix | None:
    """``jax.grad(loss)(layer, c)`` (or ``g = jax.grad(loss)`` then ``g(layer, c)``) with ``layer``, the first
    argument, no array: ``jax.grad(loss, argnums=1)``. None for any other call."""
    called = site.node if isinstance(site.node, ast.Call) else None
    made = called.func if called is not None else None
    if isinstance(made, ast.Name) and site.tree is not None:
        made = next((a.value for a in ast.walk(site.tree) if isinstance(a, ast.Assign) and len(a.targets) == 1
                     and isinstance(a.targets[0], ast.Name) and a.targets[0].id == made.id), None)
    spelled = dotted_of(made.func) if isinstance(made, ast.Call) else None
    if spelled is None or spelled.split(".")[-1] not in _DIFFERENTIATING or made.keywords or len(made.args) != 1:
        return None
    given = called.args
    first = (isinstance(given[0], ast.Name) and given[0].id == name) if given else False
    first = first or (site.facts is not None and list(site.facts.params[:1]) == [name])  # ``loss(layer, c)``
    if len(given) < 2 or not first or any(isinstance(a, ast.Starred) for a in given) or called.keywords:
        return None
    others = tuple(range(1, len(given)))
    argnums = others[0] if len(others) == 1 else others
    fix = Fix("static", f"{spelled}({ast.unparse(made.args[0])}, argnums={argnums!r})",
              f"`{spelled}` differentiates its first argument unless told otherwise, and `{name}` is no array: "
              f"give `argnums` the arguments to differentiate, and `{name}` is passed through as it is")
    _tried_with_argnums(fix, made, argnums, site)
    return fix


def _tried_with_argnums(fix: Fix, made: ast.Call, argnums: Any, site: Site) -> None:
    """The transformation made again with ``argnums`` and traced abstractly on the call's values, the first (the
    object) held as it is; untried where they are not known or cannot be read without running code."""
    facts = site.facts
    frame = frame_of(site.globals_, site.locals_)
    if facts is None or any(p not in facts.values for p in facts.params):
        return
    try:
        transform, function = evaluate_pure(made.func, frame), evaluate_pure(made.args[0], frame)
        transformed = transform(function, argnums=argnums)
    except Exception:  # noqa: BLE001 - not readable without running code, or a transformation with no argnums
        return
    first, *rest = (facts.values[p] for p in facts.params)
    fix.verified, fix.outcome = traced_abstractly(lambda *arrays: transformed(first, *arrays), tuple(rest), {},
                                                  "the transformation given `argnums`")


@dataclasses.dataclass
class CheckpointStatic:
    """Recipe: the function checkpointed with these positions static, under the user's jit."""

    static_argnums: tuple[int, ...]


def checkpoint_static_fix(site: Site) -> Fix | None:
    """``training`` is static for jit, but ``@jax.checkpoint`` below it traces every argument again."""
    facts, definition = site.facts, site.definition
    if facts is None or site.argument not in facts.static or definition is None:
        return None
    decorators = getattr(definition, "decorator_list", [])
    found = next((d for d in decorators if (dotted_of(d.func if isinstance(d, ast.Call) else d) or "")
                  .rsplit(".", 1)[-1] in _CHECKPOINTS), None)
    if found is None or site.argument not in facts.params:
        return None
    position = facts.params.index(site.argument)
    spelled = dotted_of(found.func if isinstance(found, ast.Call) else found)
    shown = []
    for d in decorators:
        shown.append(f"@partial({spelled}, static_argnums=({position},))" if d is found else "@" + ast.unparse(d))
    code = "\n".join([*shown, facts.def_line, "    ...  # the body as it is"])
    return Fix(
        "static", code,
        f"`{site.argument}` is static for jit, but `{spelled}` traces every argument it is given again; "
        f"tell it too (`static_argnums`), so Python sees the value",
        recipe=CheckpointStatic((position,)),
    )
