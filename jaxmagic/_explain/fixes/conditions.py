"""Fixes for values Python needed from a tracer: conditions, conversions, loops, NumPy.

``if``/``while``/``and``/``or``/``not`` on traced values (``bool-conversion``),
``int()``/``.item()``/formatting/``nonzero`` (``concretization``),
``range(n)`` and list indexing (``integer-conversion``), NumPy on tracers
(``array-conversion``).
"""
from __future__ import annotations

import ast

import jax

from ..explanation import Fix
from .shapes import SHAPE_FUNCS, numpy_for_shapes, shape_fixes
from .site import Site, _dotted, _edit_fix, _is_jnp, _no_args, _with_static
from ..rebuild import Names
from .rewrites import (
    Edit,
    apply_edit,
    array_test,
    attr,
    call,
    cond_for_if,
    fori_loop_for,
    logical,
    where_for_if,
    while_loop_for,
)
from ..._common.source import clone, text_of

__all__ = ["bool_fixes", "concretization_fixes", "integer_fixes", "array_fixes"]

_NONZERO_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique", "where"}
_BUILTIN_REPLACEMENTS = {"min": "minimum", "max": "maximum", "abs": "abs", "round": "round"}


# --- bool-conversion ------------------------------------------------------------


def _is_logic(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.BoolOp)
        or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
        or (isinstance(node, ast.Compare) and len(node.ops) > 1)
    )


def bool_fixes(site: Site, test_edit: Edit | None = None) -> list[Fix]:
    """Fixes for a Python bool of a tracer: ``if``, ``while``, ``and``/``or``, ``min``...

    ``test_edit`` first rewrites part of the condition (``x.item() > 0`` →
    ``x > 0``) when the bool came from a concrete-value call inside it.
    """
    names = site.names
    fixes: list[Fix] = []
    chain = site.ancestors()
    control = next((n for n in chain if isinstance(n, (ast.If, ast.While, ast.IfExp, ast.Assert))), None)
    if control is not None and control is not site.node and not any(n is control.test for n in chain):
        control = None  # the failure is in a branch, not in the condition
    logic = None
    for n in chain:
        if control is not None and n is control.test:
            break
        if isinstance(n, ast.stmt):
            break
        if _is_logic(n):
            logic = n  # the outermost and/or/not/chained comparison
    builtin = next((n for n in chain if _builtin_call(n) is not None), None)
    if control is None:
        if logic is not None:
            fixes.append(_edit_fix(
                "logical-op", logic, logical(logic, names),
                "`and`/`or`/`not` and chained comparisons ask Python for a bool; `&`, `|` and "
                "`jnp.logical_not` combine boolean arrays element-wise",
            ))
        if builtin is not None:
            fn = _BUILTIN_REPLACEMENTS[_builtin_call(builtin)]
            fixes.append(_edit_fix(
                "jnp-not-builtin", builtin, call(f"{names.jnp}.{fn}", *clone(builtin.args)),
                f"Python's `{_builtin_call(builtin)}` compares values in Python; `jnp.{fn}` compares "
                "them element-wise inside the traced program",
            ))
        return _with_static(site, [f for f in fixes if f is not None])
    construct = control
    if test_edit is None and not isinstance(control, ast.Assert):
        wrapped = next((c for c in ast.walk(control.test) if isinstance(c, ast.Call)
                        and isinstance(c.func, ast.Name) and c.func.id == "bool" and len(c.args) == 1), None)
        if wrapped is not None:  # `if bool(done):` asks for the same Python bool
            test_edit = Edit(wrapped, clone(wrapped.args[0]))
    if test_edit is not None:
        edited = _apply_to(construct, test_edit)
        if edited is not None:
            construct = edited
    extra = ("logical-op",) if not isinstance(construct, ast.Assert) and logical(construct.test, names) else ()
    if isinstance(construct, ast.If):
        following = site.following(control)
        where = where_for_if(construct, following, names)
        if where is not None:
            fixes.append(_edit_fix("jnp.where", control, where,
                                   "compute both values and let `jnp.where` pick one element-wise: no Python bool needed",
                                   extra))
        cond = cond_for_if(construct, following, names)
        if cond is not None:
            fixes.append(_edit_fix("lax.cond", control, cond,
                                   "`lax.cond` puts the branch into the compiled program and runs only one side",
                                   extra))
        if where is None and cond is None:
            fixes.append(Fix(
                "lax.cond",
                f"{names.lax}.cond({text_of(array_test(construct.test, names))}, true_branch, false_branch, *operands)",
                "move each branch into a function of its inputs; `lax.cond` chooses between them in the compiled program",
                kinds=("lax.cond", *extra),
                template=True,
            ))
    elif isinstance(construct, ast.IfExp):
        fixes.append(_edit_fix(
            "jnp.where", control,
            call(f"{names.jnp}.where", array_test(construct.test, names), clone(construct.body),
                 clone(construct.orelse)),
            "compute both values and let `jnp.where` pick one element-wise", extra,
        ))
        fixes.append(_edit_fix(
            "lax.cond", control,
            call(f"{names.lax}.cond", array_test(construct.test, names),
                 ast.Lambda(_no_args(), clone(construct.body)),
                 ast.Lambda(_no_args(), clone(construct.orelse))),
            "`lax.cond` chooses a branch inside the compiled program", extra,
        ))
    elif isinstance(construct, ast.While):
        loop = while_loop_for(construct, names)
        if loop is not None:
            fixes.append(_edit_fix("lax.while_loop", control, loop,
                                   "`lax.while_loop` keeps the loop in the compiled program; its condition may "
                                   "depend on traced values", extra))
        else:
            fixes.append(Fix(
                "lax.while_loop",
                f"state = {names.lax}.while_loop(cond_fun, body_fun, state)",
                "write the loop as a condition and a body over an explicit state",
                kinds=("lax.while_loop", *extra),
                template=True,
            ))
    elif isinstance(construct, ast.Assert):
        fixes.append(Fix(
            "jax.debug.print",
            f"{names.jax}.debug.print('check: {{}}', {text_of(construct.test)})",
            "a traced value cannot be asserted at trace time; print it at run time "
            "(or use `jax.experimental.checkify`)",
        ))
    return _with_static(site, [f for f in fixes if f is not None])


def _apply_to(node: ast.AST, edit: Edit) -> ast.AST | None:
    return apply_edit(node, edit)


def _builtin_call(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
        return node.func.id
    return None


# --- concretization: int(), .item(), nonzero, formatting ------------------------


def concretization_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    for node in site.ancestors():
        if isinstance(node, ast.JoinedStr) or _is_format_call(node):
            printed = _print_call(site, node)
            if printed is not None:
                return _with_static(site, [f for f in [printed] if f is not None])
        if isinstance(node, ast.Call):
            func = node.func
            unwrapped = _unwrap_concrete_call(node)
            if unwrapped is not None and _in_condition(site, node):
                return bool_fixes(site, test_edit=Edit(node, unwrapped))
            builtin = site._parents.get(node)
            if unwrapped is not None and _builtin_reduction(builtin):
                fn = {"sum": "sum", "max": "max", "min": "min"}[builtin.func.id]
                fixes.append(_edit_fix(
                    "jnp-not-builtin", builtin, call(f"{names.jnp}.{fn}", unwrapped),
                    f"Python's `{fn}` needs concrete values; `jnp.{fn}` reduces the traced array",
                ))
                break
            if unwrapped is not None and not site.paths and _uses_jnp(unwrapped, names):
                # int(jnp.ceil(a / b)) from constants: jnp made a tracer of values Python knows
                fixes.append(_edit_fix(
                    "numpy-for-static", node, numpy_for_shapes(node, names),
                    "this value depends on no argument, but `jnp` turned constants into a tracer; "
                    "compute it with NumPy or plain Python and it stays a Python value",
                ))
                break
            dotted_name = _dotted(func) or ""
            if dotted_name.rsplit(".", 1)[-1] == "repeat" and _is_jnp(dotted_name, names):
                repeat = _repeat_length_fix(site, node)
                if repeat is not None:
                    fixes.append(repeat)
                    break
            if isinstance(func, ast.Name) and func.id in ("int", "float", "bool", "complex") and len(node.args) == 1:
                dtype = {"int": "int32", "float": "float32", "bool": "bool_", "complex": "complex64"}[func.id]
                fixes.append(_edit_fix(
                    "astype", node,
                    ast.Call(ast.Attribute(clone(node.args[0]), "astype", ast.Load()),
                             [attr(f"{names.jnp}.{dtype}")], []),
                    f"`{func.id}()` asks for the value; `.astype` changes the dtype and keeps it a traced array",
                ))
                break
            if isinstance(func, ast.Attribute) and func.attr in ("item", "tolist", "__index__") and not node.args:
                fixes.append(_edit_fix(
                    "astype", node, clone(func.value),
                    f"`.{func.attr}()` copies the value into Python, which a tracer cannot do; keep it an array",
                ))
                break
            dotted = _dotted(func)
            if dotted and dotted.rsplit(".", 1)[-1] in _NONZERO_FUNCS and _is_jnp(dotted, names):
                size = _size_fix(site, node, dotted)
                if size is not None:
                    fixes.append(size)
                    break
            if dotted and dotted.rsplit(".", 1)[-1] in SHAPE_FUNCS:
                return shape_fixes(site)
    return _with_static(site, [f for f in fixes if f is not None])


def _unwrap_concrete_call(node: ast.Call) -> ast.expr | None:
    """``x.item()``, ``x.tolist()``, ``int(x)``, ``float(x)`` → ``x``."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("item", "tolist") and not node.args:
        return clone(func.value)
    if isinstance(func, ast.Name) and func.id in ("int", "float", "bool") and len(node.args) == 1:
        return clone(node.args[0])
    return None


def _uses_jnp(node: ast.AST, names: Names) -> bool:
    return any(isinstance(c, ast.Call) and _is_jnp(_dotted(c.func) or "", names) for c in ast.walk(node))


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
    fix = _edit_fix(
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
    return _edit_fix(
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
    return _edit_fix(
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
                fixes.append(_edit_fix(
                    "lax.fori_loop", node, loop,
                    "`range()` needs a Python int; `lax.fori_loop` runs a traced number of iterations "
                    "inside the compiled program",
                ))
            break
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
            parent = site._parents.get(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                fixes.append(_edit_fix(
                    "lax.switch", parent,
                    call(f"{names.lax}.switch", clone(node.slice), clone(node.value),
                         *clone(parent.args)),
                    "a Python list cannot be indexed by a traced value; `lax.switch` picks the function "
                    "inside the compiled program",
                ))
            else:
                fixes.append(_edit_fix(
                    "jnp-not-builtin", node,
                    ast.Subscript(call(f"{names.jnp}.asarray", clone(node.value)),
                                  clone(node.slice), ast.Load()),
                    "a Python list cannot be indexed by a traced value; a `jnp` array can",
                ))
            break
        if isinstance(node, ast.Call):
            dotted = _dotted(node.func) or ""
            if dotted.startswith(f"{names.np}."):
                return _numpy_call_fixes(site, node, dotted)
            if dotted.rsplit(".", 1)[-1] in SHAPE_FUNCS | {"dynamic_slice", "dynamic_slice_in_dim"}:
                return shape_fixes(site)
    return _with_static(site, [f for f in fixes if f is not None])


# --- array conversion: np.* on tracers ------------------------------------------


def array_fixes(site: Site) -> list[Fix]:
    for node in site.ancestors():
        if isinstance(node, ast.Call):
            dotted = _dotted(node.func) or ""
            if dotted.startswith(f"{site.names.np}.") or dotted.startswith("numpy."):
                return _numpy_call_fixes(site, node, dotted)
    passed = _numpy_function_passed(site)
    if passed is not None:
        return [passed]
    return _with_static(site, [])


def _numpy_function_passed(site: Site) -> Fix | None:
    """``tree_map(np.sin, x)``, ``jnp.piecewise(x, c, [np.sin])``: NumPy functions JAX calls on tracers."""
    import jax.numpy as jnp

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
            dotted = _dotted(node) or ""
            name = dotted[len(prefix):]
            if dotted.startswith(prefix) and "." not in name and getattr(jnp, name, None) is not None:
                swapped.append(name)
                return attr(f"{site.names.jnp}.{name}")
            return self.generic_visit(node)

    new = _Swap().visit(clone(site.node))
    if not swapped:
        return None
    names = ", ".join(f"`np.{n}`" for n in dict.fromkeys(swapped))
    return _edit_fix(
        "jnp-not-np", site.node, new,
        f"JAX calls {names} on traced values, which NumPy cannot take; pass the `jnp` twins",
    )


def _numpy_call_fixes(site: Site, node: ast.Call, dotted: str) -> list[Fix]:
    import jax.numpy as jnp

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
        fixes.append(_edit_fix(
            "jnp-not-np", node, new,
            f"NumPy computes on concrete values in Python; `jnp.{fn}` is the traceable twin",
        ))
    return _with_static(site, [f for f in fixes if f is not None])
