"""A value computed with host code only to be printed, computed and printed in a callback instead.

``stamp = time.to_pydatetime().strftime("%H:%M")`` then ``print("at", stamp)`` inside jit: the library's
conversion asks the traced value for a Python number, yet ``stamp`` is only looked at. Both move into one
``jax.debug.callback``, which hands the traced inputs over as concrete values when the compiled function runs
(pytrees included: a library's time object arrives rebuilt from NumPy arrays)::

    jax.debug.callback(lambda time: print("at", time.to_pydatetime().strftime("%H:%M")), time)

The assignment goes; each print of the name becomes the callback. What the try shows is that the function traces
with the callback in place; the callback's own code runs only with values, which tracing cannot show.

A value converted only to be kept by an object that outlives the function (``history.append(float(loss))``, the
list a global of the user's) is host work of the same sort: the whole statement runs in the callback. ``.astype``
there would trace, and leave a tracer in the list.
"""
from __future__ import annotations

import ast

from ..._common.frames import holds_tracer
from ..._common.source import clone, enclosing_function, parameter_names, stored_names
from ..explanation import Fix
from ..fixes.rewrites import Edit, attr
from ..fixes.site import Site

__all__ = ["printed_host_fix", "kept_on_host_fix"]


def printed_host_fix(site: Site) -> Fix | None:
    """The callback fix, when the failing line assigns one name that the function only prints later."""
    assigned = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    if not (isinstance(assigned, ast.Assign) and len(assigned.targets) == 1 and isinstance(assigned.targets[0],
                                                                                           ast.Name)):
        return None
    name = assigned.targets[0].id
    scope = enclosing_function(site.tree, assigned.lineno) if site.tree is not None else None
    if scope is None:
        return None
    reads = [n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    printers = [s for s in ast.walk(scope) if _print_statement(s) and s.lineno > assigned.lineno
                and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(s))]
    if not printers or len(reads) != sum(_count(p, name) for p in printers) or _alone(scope, assigned):
        return None  # read otherwise too (computed with, returned): not only looked at
    traced = [n for n in dict.fromkeys(x.id for x in ast.walk(assigned.value) if isinstance(x, ast.Name))
              if holds_tracer((site.locals_ or {}).get(n))]
    if not traced:
        return None
    made = [(p, _callback(site.names.jax, p, name, assigned.value, traced)) for p in printers]
    recipe = Edit(assigned, [], also=made)
    shown = "\n".join(ast.unparse(c) for _, c in made)
    return Fix(
        "jax.debug.print", f"{shown}\n# and drop `{ast.unparse(assigned)}`",
        f"compute and print `{name}` on the host in `jax.debug.callback` (`jax.debug.print`'s general form), "
        f"which is handed {', '.join(f'`{t}`' for t in traced)} as values when the compiled function runs: it is "
        f"only printed, and computing it needs concrete values (host code: `{ast.unparse(assigned.value)[:60]}`)",
        recipe=recipe,
    )


def kept_on_host_fix(site: Site) -> Fix | None:
    """The callback fix, when the failing statement is a method call on an object the function does not make
    (``history.append(float(loss))``) handed a conversion of a traced value."""
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    call = statement.value if isinstance(statement, ast.Expr) else None
    scope = enclosing_function(site.tree, statement.lineno) if site.tree is not None and statement else None
    if scope is None or not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                             and isinstance(call.func.value, ast.Name)) or _alone(scope, statement):
        return None
    holder = call.func.value.id
    made_here = set(stored_names(scope)) | set(parameter_names(scope))
    converted = any(isinstance(n, ast.Call) and ((isinstance(n.func, ast.Name) and n.func.id in _CONVERSIONS) or (
        isinstance(n.func, ast.Attribute) and n.func.attr in ("item", "tolist"))) for a in call.args for n in ast.walk(a))
    traced = [n for n in dict.fromkeys(x.id for a in call.args for x in ast.walk(a) if isinstance(x, ast.Name))
              if holds_tracer((site.locals_ or {}).get(n))]
    if holder in made_here or not converted or not traced:
        return None
    params = ast.arguments([], [ast.arg(t) for t in traced], None, [], [], None, [])
    handed = ast.Call(attr(f"{site.names.jax}.debug.callback"), [ast.Lambda(params, clone(call)),
                                                                *(ast.Name(t, ast.Load()) for t in traced)], [])
    made = ast.fix_missing_locations(ast.copy_location(ast.Expr(handed), statement))
    return Fix(
        "jax.debug.print", ast.unparse(made),
        f"run the statement on the host in `jax.debug.callback` (`jax.debug.print`'s general form), which is "
        f"handed {', '.join(f'`{t}`' for t in traced)} as values each time the compiled function runs: `{holder}` "
        "keeps the converted value after the function returns, and converting needs the value (a tracer kept "
        "instead would outlive its trace)",
        recipe=Edit(statement, [made]),
    )


_CONVERSIONS = ("float", "int", "bool", "complex")


def _print_statement(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
        and node.value.func.id == "print"


def _count(node: ast.AST, name: str) -> int:
    return sum(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _alone(scope: ast.AST, statement: ast.stmt) -> bool:
    """True when ``statement`` is the only one of its block, which it cannot leave empty."""
    return any(getattr(n, field, None) == [statement] for n in ast.walk(scope) for field in ("body", "orelse"))


def _callback(jax_name: str, printer: ast.Expr, name: str, value: ast.expr, traced: list[str]) -> ast.Expr:
    """``print(..., name, ...)`` as ``jax.debug.callback(lambda traced: print(..., value, ...), traced)``."""
    class _Inlined(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            return clone(value) if node.id == name else node

    body = _Inlined().visit(clone(printer.value))
    params = ast.arguments([], [ast.arg(t) for t in traced], None, [], [], None, [])
    handed = ast.Call(attr(f"{jax_name}.debug.callback"), [ast.Lambda(params, body),
                                                           *(ast.Name(t, ast.Load()) for t in traced)], [])
    return ast.fix_missing_locations(ast.copy_location(ast.Expr(handed), printer))
