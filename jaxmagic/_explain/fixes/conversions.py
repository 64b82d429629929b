"""Fixes for values Python needed from a tracer other than a bool: conversions, loops, NumPy.

``int()``/``.item()``/formatting/``nonzero`` (``concretization``), ``range(n)``
and list indexing (``integer-conversion``), NumPy on tracers
(``array-conversion``).
"""
from __future__ import annotations

import ast

import jax
import jax.numpy as jnp

from ..._common.source import clone
from ..explanation import Fix
from ..rebuild import Names
from .conditions import bool_fixes
from .rewrites import Edit, attr, call, fori_loop_for
from .shapes import SHAPE_FUNCS, numpy_for_shapes, shape_fixes
from .site import Site, dotted_of, edit_fix, is_jnp, with_static

__all__ = ["concretization_fixes", "integer_fixes", "array_fixes"]

_NONZERO_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique", "where"}


# --- concretization: int(), .item(), nonzero, formatting ------------------------


def concretization_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    for node in site.ancestors():
        if isinstance(node, ast.JoinedStr) or _is_format_call(node):
            printed = _print_call(site, node)
            if printed is not None:
                return with_static(site, [f for f in [printed] if f is not None])
        if isinstance(node, ast.Call):
            func = node.func
            unwrapped = _unwrap_concrete_call(node)
            if unwrapped is not None and _in_condition(site, node):
                return bool_fixes(site, test_edit=Edit(node, unwrapped))
            builtin = site.parent(node)
            if unwrapped is not None and _builtin_reduction(builtin):
                fn = {"sum": "sum", "max": "max", "min": "min"}[builtin.func.id]
                fixes.append(edit_fix(
                    "jnp-not-builtin", builtin, call(f"{names.jnp}.{fn}", unwrapped),
                    f"Python's `{fn}` needs concrete values; `jnp.{fn}` reduces the traced array",
                ))
                break
            if unwrapped is not None and not site.paths and _uses_jnp(unwrapped, names):
                # int(jnp.ceil(a / b)) from constants: jnp made a tracer of values Python knows
                fixes.append(edit_fix(
                    "numpy-for-static", node, numpy_for_shapes(node, names),
                    "this value depends on no argument, but `jnp` turned constants into a tracer; "
                    "compute it with NumPy or plain Python and it stays a Python value",
                ))
                break
            dotted_name = dotted_of(func) or ""
            if dotted_name.rsplit(".", 1)[-1] == "repeat" and is_jnp(dotted_name, names):
                repeat = _repeat_length_fix(site, node)
                if repeat is not None:
                    fixes.append(repeat)
                    break
            if isinstance(func, ast.Name) and func.id in ("int", "float", "bool", "complex") and len(node.args) == 1:
                dtype = {"int": "int32", "float": "float32", "bool": "bool_", "complex": "complex64"}[func.id]
                fixes.append(edit_fix(
                    "astype", node,
                    ast.Call(ast.Attribute(clone(node.args[0]), "astype", ast.Load()),
                             [attr(f"{names.jnp}.{dtype}")], []),
                    f"`{func.id}()` asks for the value; `.astype` changes the dtype and keeps it a traced array",
                ))
                break
            if isinstance(func, ast.Attribute) and func.attr in ("item", "tolist", "__index__") and not node.args:
                fixes.append(edit_fix(
                    "astype", node, clone(func.value),
                    f"`.{func.attr}()` copies the value into Python, which a tracer cannot do; keep it an array",
                ))
                break
            dotted = dotted_of(func)
            if dotted and dotted.rsplit(".", 1)[-1] in _NONZERO_FUNCS and is_jnp(dotted, names):
                size = _size_fix(site, node, dotted)
                if size is not None:
                    fixes.append(size)
                    break
            if dotted and dotted.rsplit(".", 1)[-1] in SHAPE_FUNCS:
                return shape_fixes(site)
    return with_static(site, [f for f in fixes if f is not None])


def _unwrap_concrete_call(node: ast.Call) -> ast.expr | None:
    """``x.item()``, ``x.tolist()``, ``int(x)``, ``float(x)`` → ``x``."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("item", "tolist") and not node.args:
        return clone(func.value)
    if isinstance(func, ast.Name) and func.id in ("int", "float", "bool") and len(node.args) == 1:
        return clone(node.args[0])
    return None


def _uses_jnp(node: ast.AST, names: Names) -> bool:
    return any(isinstance(c, ast.Call) and is_jnp(dotted_of(c.func) or "", names) for c in ast.walk(node))


def _repeat_length_fix(site: Site, node: ast.Call) -> Fix | None:
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


def _in_condition(site: Site, node: ast.AST) -> bool:
    chain = site.ancestors(node)
    control = next((n for n in chain if isinstance(n, (ast.If, ast.While, ast.IfExp))), None)
    return control is not None and any(n is control.test for n in chain)


def _builtin_reduction(node: ast.AST | None) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("sum", "max", "min")
        and len(node.args) == 1
        and not node.keywords
    )


def _is_format_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "format")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "format")
    )


def _print_call(site: Site, inner: ast.AST) -> Fix | None:
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
        shown = ast.Call(attr(f"{names.jax}.debug.print"), [ast.Constant(template)],
                         [ast.keyword(k, v) for k, v in keywords.items()])
        return Fix(
            "jax.debug.print", ast.unparse(ast.fix_missing_locations(shown)),
            "a tracer has no value to format at trace time, so no string can hold it; "
            "`jax.debug.print` formats the value when the compiled function runs (or return the value "
            "and format it outside)",
        )
    replacement = ast.Call(attr(f"{names.jax}.debug.print"), [ast.Constant(template)],
                           [ast.keyword(k, v) for k, v in keywords.items()])
    return edit_fix(
        "jax.debug.print", printer, replacement,
        "a tracer has no value to format at trace time; `jax.debug.print` formats the value when the "
        "compiled function runs",
    )


def _format_template(joined: ast.JoinedStr) -> tuple[str, dict[str, ast.expr]]:
    template, keywords = "", {}
    for part in joined.values:
        if isinstance(part, ast.Constant):
            template += str(part.value).replace("{", "{{").replace("}", "}}")
        elif isinstance(part, ast.FormattedValue):
            key = part.value.id if isinstance(part.value, ast.Name) else f"v{len(keywords)}"
            keywords[key] = clone(part.value)
            spec = ""
            if part.format_spec is not None:
                spec = ":" + "".join(str(v.value) for v in part.format_spec.values if isinstance(v, ast.Constant))
            template += "{" + key + spec + "}"
    return template, keywords


def _size_fix(site: Site, node: ast.Call, dotted: str) -> Fix | None:
    fn = dotted.rsplit(".", 1)[-1]
    if fn == "where" and len(node.args) != 1:
        return None
    if any(k.arg == "size" for k in node.keywords) or not node.args:
        return None
    bound = _size_bound(node.args[0])
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


# --- integer conversion: range(n), list[i] --------------------------------------


def integer_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    for node in site.ancestors():
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Call):
            loop = fori_loop_for(node, names)
            if loop is not None:
                fixes.append(edit_fix(
                    "lax.fori_loop", node, loop,
                    "`range()` needs a Python int; `lax.fori_loop` runs a traced number of iterations "
                    "inside the compiled program",
                ))
            break
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
            parent = site.parent(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                fixes.append(edit_fix(
                    "lax.switch", parent,
                    call(f"{names.lax}.switch", clone(node.slice), clone(node.value),
                         *clone(parent.args)),
                    "a Python list cannot be indexed by a traced value; `lax.switch` picks the function "
                    "inside the compiled program",
                ))
            else:
                fixes.append(edit_fix(
                    "jnp-not-builtin", node,
                    ast.Subscript(call(f"{names.jnp}.asarray", clone(node.value)),
                                  clone(node.slice), ast.Load()),
                    "a Python list cannot be indexed by a traced value; a `jnp` array can",
                ))
            break
        if isinstance(node, ast.Call):
            dotted = dotted_of(node.func) or ""
            if dotted.startswith(f"{names.np}."):
                return _numpy_call_fixes(site, node, dotted)
            if dotted.rsplit(".", 1)[-1] in SHAPE_FUNCS | {"dynamic_slice", "dynamic_slice_in_dim"}:
                return shape_fixes(site)
    return with_static(site, [f for f in fixes if f is not None])


# --- array conversion: np.* on tracers ------------------------------------------


def array_fixes(site: Site) -> list[Fix]:
    for node in site.ancestors():
        if isinstance(node, ast.Call):
            dotted = dotted_of(node.func) or ""
            if dotted.startswith(f"{site.names.np}.") or dotted.startswith("numpy."):
                return _numpy_call_fixes(site, node, dotted)
    passed = _numpy_function_passed(site)
    if passed is not None:
        return [passed]
    return with_static(site, [])


def _numpy_function_passed(site: Site) -> Fix | None:
    """``tree_map(np.sin, x)``, ``jnp.piecewise(x, c, [np.sin])``: NumPy functions JAX calls on tracers."""
    if not isinstance(site.node, ast.expr):
        return None
    prefix = f"{site.names.np}."
    swapped: list[str] = []

    class _Swap(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.AST:
            node.args = [self.visit(a) for a in node.args]  # the callee itself is a call of its own
            node.keywords = [self.visit(k) for k in node.keywords]
            return node

        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            dotted = dotted_of(node) or ""
            name = dotted[len(prefix):]
            if dotted.startswith(prefix) and "." not in name and getattr(jnp, name, None) is not None:
                swapped.append(name)
                return attr(f"{site.names.jnp}.{name}")
            return self.generic_visit(node)

    new = _Swap().visit(clone(site.node))
    if not swapped:
        return None
    names = ", ".join(f"`np.{n}`" for n in dict.fromkeys(swapped))
    return edit_fix(
        "jnp-not-np", site.node, new,
        f"JAX calls {names} on traced values, which NumPy cannot take; pass the `jnp` twins",
    )


def _numpy_call_fixes(site: Site, node: ast.Call, dotted: str) -> list[Fix]:
    fn = dotted.split(".", 1)[1]
    target = jnp
    for part in fn.split("."):
        target = getattr(target, part, None)
        if target is None:
            break
    fixes: list[Fix] = []
    if target is not None:
        new = clone(node)
        new.func = attr(f"{site.names.jnp}.{fn}")
        fixes.append(edit_fix(
            "jnp-not-np", node, new,
            f"NumPy computes on concrete values in Python; `jnp.{fn}` is the traceable twin",
        ))
    return with_static(site, [f for f in fixes if f is not None])
