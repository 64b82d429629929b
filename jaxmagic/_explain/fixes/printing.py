"""Fixes for a traced value wanted only to be looked at: printed, formatted into a string.

``print("mean:", float(v))``, ``f"{loss:.3f}"``, ``"{}".format(x)``: the value
is not computed with, so the fix is ``jax.debug.print``, which prints it when
the compiled function runs.
"""
from __future__ import annotations

import ast

from ..._common.source import clone
from ..explanation import Fix
from .rewrites import attr
from .site import Site, edit_fix

__all__ = ["is_format_call", "print_call", "printed_conversion"]


def is_format_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "format")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "format")
    )


def printed_conversion(site: Site, node: ast.Call, unwrapped: ast.expr) -> Fix | None:
    """``print("mean:", float(v))``: the same print, by ``jax.debug.print``, of the unconverted value."""
    printer = site.parent(node)
    if isinstance(printer, ast.FormattedValue):  # print(f"loss {float(v):.3f}"): the f-string, without float()
        return _formatted_conversion(site, node, printer, unwrapped)
    if not (isinstance(printer, ast.Call) and isinstance(printer.func, ast.Name) and printer.func.id == "print"
            and node in printer.args and not any(isinstance(a, ast.Starred) for a in printer.args)):
        return None
    pieces, values = [], []
    for arg in printer.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            pieces.append(arg.value.replace("{", "{{").replace("}", "}}"))
        else:
            pieces.append("{}")
            values.append(unwrapped if arg is node else arg)
    replacement = ast.Call(attr(f"{site.names.jax}.debug.print"), [ast.Constant(" ".join(pieces)), *values], [])
    return edit_fix(
        "jax.debug.print", printer, replacement,
        "the value is printed, not computed with: `jax.debug.print` prints it when the compiled function runs, "
        "where `float()`/`int()` would need it while tracing",
    )


def _formatted_conversion(site: Site, node: ast.Call, value: ast.FormattedValue, unwrapped: ast.expr) -> Fix | None:
    joined = site.parent(value)
    printer = site.parent(joined) if isinstance(joined, ast.JoinedStr) else None
    if not (isinstance(printer, ast.Call) and isinstance(printer.func, ast.Name) and printer.func.id == "print"
            and printer.args == [joined] and not printer.keywords):
        return None
    edited = clone(joined)
    kept = clone(unwrapped)
    if isinstance(node.func, ast.Name) and node.func.id in ("int", "float"):  # `:d` needs an int: keep the type
        kept = ast.Call(ast.Attribute(kept, "astype", ast.Load()),
                        [attr(f"{site.names.jnp}.{'int32' if node.func.id == 'int' else 'float32'}")], [])
    for part in edited.values:
        if isinstance(part, ast.FormattedValue) and ast.dump(part.value) == ast.dump(node):
            part.value = kept
    return edit_fix(
        "jax.debug.print", printer, _debug_print(site.names.jax, *_format_template(edited)),
        "the value is printed, not computed with: `jax.debug.print` formats it when the compiled function runs, "
        "where `float()`/`int()` would need it while tracing",
    )


def print_call(site: Site, inner: ast.AST) -> Fix | None:
    names = site.names
    printer = next(
        (n for n in site.ancestors(inner) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
         and n.func.id == "print"),
        None,
    )
    joined = inner if isinstance(inner, ast.JoinedStr) else None
    if joined is None:
        return Fix(
            "jax.debug.print",
            f"{names.jax}.debug.print(\"{{}}\", value)",
            "a tracer has no value to format at trace time; `jax.debug.print` prints the value when the "
            "compiled function runs",
            template=True,
        )
    template, keywords = _format_template(joined)
    if printer is None:
        # a string built for later (a label, a log line): show it when the compiled code runs instead
        shown = _debug_print(names.jax, template, keywords)
        return Fix(
            "jax.debug.print", ast.unparse(ast.fix_missing_locations(shown)),
            "a tracer has no value to format at trace time, so no string can hold it; "
            "`jax.debug.print` formats the value when the compiled function runs (or return the value "
            "and format it outside)",
        )
    return edit_fix(
        "jax.debug.print", printer, _debug_print(names.jax, template, keywords),
        "a tracer has no value to format at trace time; `jax.debug.print` formats the value when the "
        "compiled function runs",
    )


def _debug_print(jax_name: str, template: str, keywords: dict[str, ast.expr]) -> ast.Call:
    """``jax.debug.print(template, name=value, ...)``."""
    return ast.Call(attr(f"{jax_name}.debug.print"), [ast.Constant(template)],
                    [ast.keyword(k, v) for k, v in keywords.items()])


def _format_template(joined: ast.JoinedStr) -> tuple[str, dict[str, ast.expr]]:
    template, keywords = "", {}
    for part in joined.values:
        if isinstance(part, ast.Constant):
            template += str(part.value).replace("{", "{{").replace("}", "}}")
        elif isinstance(part, ast.FormattedValue):
            key = _key_for(part.value, keywords)
            keywords[key] = clone(part.value)
            spec = ""
            if part.format_spec is not None:
                spec = ":" + "".join(str(v.value) for v in part.format_spec.values if isinstance(v, ast.Constant))
            template += "{" + key + spec + "}"
    return template, keywords


# --- integer conversion: range(n), list[i] --------------------------------------


def _key_for(value: ast.expr, taken: dict) -> str:
    """The keyword a formatted value gets: its variable's name (``e`` for ``e.astype(...)``), else ``v0``..."""
    base = value.func.value if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) else value
    key = base.id if isinstance(base, ast.Name) else f"v{len(taken)}"
    while key in taken or key in ("fmt", "ordered"):  # jax.debug.print's own parameters
        key += "_"
    return key
