"""Fixes for sizes: outputs whose length is data, and sizes that came back traced from an inner jit.

``jnp.nonzero``, ``jnp.extract``, ``jnp.unique`` return as many elements as
the data selects, and ``jnp.repeat`` as many as its counts sum to; under jit
every length must be known when tracing, so these functions take the
length as an argument (``size=``, ``total_repeat_length=``; the output padded
up to it). And inside a jitted function every call of another jitted
function returns tracers, even for static inputs: where Python then needs
the value (a size, ``float()``), the fix calls the inner function unjitted.
"""
from __future__ import annotations

import ast
import dataclasses

import jax

from ..._common.source import clone, names_in, parameter_names
from ..._tracking.tracked import is_jit_object
from ..explanation import Fix
from .site import Site, edit_fix

__all__ = ["NONZERO_FUNCS", "size_fix", "repeat_length_fix", "inner_jit_fix", "jit_call_fix", "helper_static_fix",
           "HelperStatic"]

# functions whose output length is the count of nonzero (or unique) elements; ``size=`` fixes it
NONZERO_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique", "where", "extract"}


def size_fix(site: Site, node: ast.Call, dotted: str) -> Fix | None:
    """``size=`` for a function whose output length is data (``jnp.nonzero``, ``jnp.extract``)."""
    fn = dotted.rsplit(".", 1)[-1]
    if fn == "where" and len(node.args) != 1:
        return None
    if any(k.arg == "size" for k in node.keywords) or not node.args:
        return None
    bound = _size_bound(node.args[-1] if fn == "extract" else node.args[0])
    new = clone(node)
    new.keywords.append(ast.keyword("size", bound))
    return edit_fix(
        "size-argument", node, new,
        f"`{fn}` returns as many elements as the data holds, so its output shape depends on values; "
        f"`size=` fixes the output length (padding with `fill_value`)",
    )


def _size_bound(array: ast.expr) -> ast.expr:
    # the largest possible result: every element of the input
    return ast.Attribute(clone(array), "size", ast.Load())


def repeat_length_fix(site: Site, node: ast.Call) -> Fix | None:
    """``jnp.repeat(x, counts)`` with traced counts: fix the output length."""
    if any(k.arg == "total_repeat_length" for k in node.keywords) or len(node.args) < 2:
        return None
    counts = node.args[1]
    total: ast.expr = ast.Name("MAX_TOTAL", ast.Load())
    facts = site.facts
    if isinstance(counts, ast.Name) and facts is not None and counts.id in facts.values:
        value = facts.values[counts.id]
        if hasattr(value, "sum") and not isinstance(value, jax.ShapeDtypeStruct):
            total = ast.Constant(int(value.sum()))
    new = clone(node)
    new.keywords.append(ast.keyword("total_repeat_length", total))
    fix = edit_fix(
        "size-argument", node, new,
        "the output length of `repeat` is the sum of the counts, a traced value; `total_repeat_length=` "
        "fixes it (the largest total you expect; this call's total shown)",
    )
    if fix is not None and isinstance(total, ast.Name):
        fix.recipe, fix.template = None, True
    return fix


def inner_jit_fix(site: Site) -> Fix | None:
    """The failing value, or a local it reads, came back traced from an inner ``jax.jit`` call."""
    if site.node is None or site.paths:
        return None
    found = jit_call_fix(site, site.node)
    if found is not None or site.definition is None:
        return found
    read = {n.id for n in ast.walk(site.node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    line = getattr(site.node, "lineno", 0)
    for statement in ast.walk(site.definition):  # m = jit_doubled(n) above float(m)
        if (isinstance(statement, ast.Assign) and statement.lineno < line
                and any(isinstance(t, ast.Name) and t.id in read for t in statement.targets)):
            found = jit_call_fix(site, statement.value)
            if found is not None:
                return found
    return None


def jit_call_fix(site: Site, node: ast.AST) -> Fix | None:
    """A static value went through an inner ``jax.jit`` call and came back traced."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and site.globals_:
            callee = site.globals_.get(sub.func.id)
            if callee is not None and is_jit_object(callee):
                new = clone(sub)
                new.func = ast.Attribute(ast.Name(sub.func.id, ast.Load()), "__wrapped__", ast.Load())
                fix = edit_fix(
                    "remove-inner-jit", sub, new,
                    f"`{sub.func.id}` is itself jitted, so whatever it returns is a tracer, even for a static "
                    f"input; call the plain function here (or drop its `@jax.jit`: inside a jitted function "
                    "an inner jit adds nothing)",
                )
                return fix
    return None


@dataclasses.dataclass
class HelperStatic:
    """Recipe: the jitted helper ``name`` jitted again with ``params`` static, inside the user's call."""

    name: str
    params: tuple[str, ...]


def helper_static_fix(site: Site) -> Fix | None:
    """The error is inside a jitted helper the jitted function calls: its own parameters made static.

    A Python value passed to a jitted helper is traced there like any argument; the helper's own
    ``static_argnames`` keep it a Python value, in the helper's names.
    """
    helper, facts = site.definition, site.facts
    name = getattr(helper, "name", None)
    if helper is None or name is None or facts is None or name == facts.name or not site.globals_:
        return None
    jitted = site.globals_.get(name)
    if jitted is None or not is_jit_object(jitted):
        return None
    params = [p for p in dict.fromkeys(names_in(site.node)) if p in parameter_names(helper)] if site.node else []
    if not params:
        return None
    info = getattr(jitted, "_jit_info", None)
    already = tuple(getattr(info, "static_argnames", ()) or ())
    names = tuple(dict.fromkeys([*already, *params]))
    spelled = repr(names[0]) if len(names) == 1 else repr(names)
    shown = ", ".join(f"`{p}`" for p in params)
    return Fix(
        "static",
        f"{name} = jax.jit({name}.__wrapped__, static_argnames={spelled})   # or @partial(jax.jit, "
        f"static_argnames={spelled}) on def {name}",
        f"`{name}` is jitted itself, so it traces {shown} even when the caller passes a Python value; "
        f"make {shown} static for `{name}`",
        recipe=HelperStatic(name, tuple(params)),
    )
