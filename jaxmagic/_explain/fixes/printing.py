"""Fixes for a traced value wanted only to be looked at: printed, formatted into a string, or kept.

``print("mean:", float(v))``, ``f"{loss:.3f}"``, ``"{}".format(x)``: the value
is not computed with, so the fix is ``jax.debug.print``, which prints it when
the compiled function runs. A leak's store (``seen.append(loss)``) becomes
``jax.debug.callback(seen.append, loss)``: the list keeps concrete arrays.
"""
from __future__ import annotations

import ast
import re

from ..._common.source import clone, enclosing_function, stored_names, text_of
from ..explanation import Fix
from .rewrites import Edit, Unstored, attr
from .site import Site, edit_fix, no_args

__all__ = ["collected_fix", "effect_callback_fix", "scanned_effect_fix", "is_format_call", "print_call", "printed_conversion",
           "printed_when", "as_debug_print"]


def is_format_call(node: ast.AST) -> bool:
    """``format(x)``, ``"{}".format(x)``, or ``"E = %.10f" % e`` (old-style formatting)."""
    return (isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "format")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "format")
    )) or _percent_template(node) is not None


def printed_conversion(site: Site, node: ast.Call, unwrapped: ast.expr) -> Fix | None:
    """``print("mean:", float(v))``: the same print, by ``jax.debug.print``, of the unconverted value."""
    printer = site.parent(node)
    while isinstance(printer, (ast.BinOp, ast.UnaryOp)):  # f"{float(n) / size:.1%}": arithmetic on the number
        printer = site.parent(printer)
    if isinstance(printer, ast.FormattedValue):  # print(f"loss {float(v):.3f}"): the f-string, without float()
        return _formatted_conversion(site, node, printer, unwrapped)
    printer = site.parent(node)
    formatted = site.parent(printer) if isinstance(printer, ast.Tuple) else printer  # ``% (float(v), n)``
    if _percent_template(formatted) is not None:  # print("loss %.3f" % float(v)): the template, without float()
        return _percent_conversion(site, node, formatted, unwrapped)
    if not (isinstance(printer, ast.Call) and isinstance(printer.func, ast.Name) and printer.func.id == "print"
            and node in printer.args and not any(isinstance(a, ast.Starred) for a in printer.args)):
        return None
    return edit_fix(
        "jax.debug.print", printer, as_debug_print(site.names.jax, printer, node, unwrapped),
        "the value is printed, not computed with: `jax.debug.print` prints it when the compiled function runs, "
        "where `float()`/`int()` would need it while tracing",
    )


def as_debug_print(jax_name: str, printer: ast.Call, node: ast.AST | None = None,
                    unwrapped: ast.expr | None = None) -> ast.Call:
    """``print("mean:", v)`` as ``jax.debug.print("mean: {}", v)`` (``node`` read as ``unwrapped``)."""
    pieces, values = [], []
    for arg in printer.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            pieces.append(arg.value.replace("{", "{{").replace("}", "}}"))
        else:
            pieces.append("{}")  # every conversion the print makes unconverted, not only the one that failed
            values.append(unwrapped if node is not None and arg is node else clone(_converted(arg) or arg))
    return ast.Call(attr(f"{jax_name}.debug.print"), [ast.Constant(" ".join(pieces)), *values], [])


def printed_when(construct: ast.If, lax_name: str, jax_name: str) -> ast.Expr | None:
    """``if step % 10 == 0: print("step", step)``, an ``if`` only to print: ``lax.cond`` choosing between a
    ``jax.debug.print`` and nothing (or the ``else``'s print), which prints when the compiled code runs."""
    branches = [construct.body, construct.orelse]
    if not construct.body or not all(len(b) <= 1 and all(_plain_print(s) for s in b) for b in branches):
        return None
    sides = [ast.Lambda(no_args(), as_debug_print(jax_name, b[0].value) if b else ast.Constant(None)) for b in branches]
    return ast.Expr(ast.Call(attr(f"{lax_name}.cond"), [clone(construct.test), *sides], []))


def _plain_print(statement: ast.stmt) -> bool:
    call = getattr(statement, "value", None) if isinstance(statement, ast.Expr) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print" and not call.keywords


def _formatted_conversion(site: Site, node: ast.Call, value: ast.FormattedValue, unwrapped: ast.expr) -> Fix | None:
    joined = site.parent(value)
    printer = site.parent(joined) if isinstance(joined, ast.JoinedStr) else None
    if not (isinstance(printer, ast.Call) and isinstance(printer.func, ast.Name) and printer.func.id == "print"
            and printer.args == [joined] and not printer.keywords):
        return None
    edited = clone(joined)
    failed = ast.dump(node)

    class _Unconverted(ast.NodeTransformer):  # every conversion the string makes, not only the one that failed
        def visit_Call(self, sub: ast.Call) -> ast.AST:
            if ast.dump(sub) == failed:
                return _unconverted(site, node, clone(unwrapped))
            return _unconverted(site, sub, clone(_converted(sub))) if _converted(sub) is not None else sub

    for part in edited.values:
        if isinstance(part, ast.FormattedValue):
            part.value = _Unconverted().visit(part.value)
    return edit_fix(
        "jax.debug.print", printer, _debug_print(site.names.jax, *_format_template(edited)),
        "the value is printed, not computed with: `jax.debug.print` formats it when the compiled function runs, "
        "where `float()`/`int()` would need it while tracing",
    )


def _percent_conversion(site: Site, node: ast.Call, formatted: ast.BinOp, unwrapped: ast.expr) -> Fix | None:
    printer = site.parent(formatted)
    if not (isinstance(printer, ast.Call) and isinstance(printer.func, ast.Name) and printer.func.id == "print"
            and printer.args == [formatted] and not printer.keywords):
        return None
    edited = clone(formatted)
    values = edited.right.elts if isinstance(edited.right, ast.Tuple) else None
    for at, part in enumerate(values if values is not None else [edited.right]):
        if ast.dump(part) == ast.dump(node):  # every conversion the template makes, not only the one that failed
            part = _unconverted(site, node, clone(unwrapped))
        elif _converted(part) is not None:
            part = _unconverted(site, part, clone(_converted(part)))
        if values is not None:
            values[at] = part
        else:
            edited.right = part
    template, keywords = _percent_template(edited)
    return edit_fix(
        "jax.debug.print", printer, _debug_print(site.names.jax, template, keywords),
        "the value is printed, not computed with: `jax.debug.print` formats it when the compiled function runs, "
        "where `float()`/`int()` would need it while tracing",
    )


def _converted(value: ast.expr) -> ast.expr | None:
    """What ``float(v)``, ``int(v)`` or ``v.item()`` converts (``v``); None for anything else."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("int", "float") \
            and len(value.args) == 1 and not value.keywords:
        return value.args[0]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "item" \
            and not value.args and not value.keywords:
        return value.func.value
    return None


def _unconverted(site: Site, conversion: ast.Call, value: ast.expr) -> ast.expr:
    """The value ``conversion`` converted, as an array of the type it made (`:d` needs an int: keep the type)."""
    if isinstance(conversion.func, ast.Name) and conversion.func.id in ("int", "float"):
        return ast.Call(ast.Attribute(value, "astype", ast.Load()),
                        [attr(f"{site.names.jnp}.{'int32' if conversion.func.id == 'int' else 'float32'}")], [])
    return value


def print_call(site: Site, inner: ast.AST) -> Fix | None:
    names = site.names
    printer = next(
        (n for n in site.ancestors(inner) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
         and n.func.id == "print"),
        None,
    )
    joined = inner if isinstance(inner, ast.JoinedStr) else None
    percent = _percent_template(inner)
    if joined is None and percent is None:
        return Fix(
            "jax.debug.print",
            f"{names.jax}.debug.print(\"{{}}\", value)",
            "a tracer has no value to format at trace time; `jax.debug.print` prints the value when the "
            "compiled function runs",
            template=True,
        )
    template, keywords = _format_template(joined) if joined is not None else percent
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


_PERCENT = re.compile(r"%(?P<flags>[-+ #0]*)(?P<width>\d*)(?:\.(?P<precision>\d+))?(?P<kind>[sdifeEgGrx%])")


def _percent_template(node: ast.AST) -> tuple[str, dict[str, ast.expr]] | None:
    """``"E = %.10f" % e`` as ``jax.debug.print``'s template and keywords (``"E = {e:.10f}"``, ``e=e``); None for
    anything else (a mapping on the right, a ``*`` width)."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)) or isinstance(node.right, ast.Dict):
        return None
    values = list(node.right.elts) if isinstance(node.right, ast.Tuple) else [node.right]
    text, template, keywords, at = node.left.value, "", {}, 0
    for found in _PERCENT.finditer(text):
        template += text[at:found.start()].replace("{", "{{").replace("}", "}}")
        at = found.end()
        if found["kind"] == "%":
            template += "%"
            continue
        if not values:
            return None
        value = values.pop(0)
        key = _key_for(value, keywords)
        keywords[key] = clone(value)
        kind = {"i": "d", "s": "", "r": "!r"}.get(found["kind"], found["kind"])
        precision = f".{found['precision']}" if found["precision"] else ""
        spec = f"{found['flags']}{found['width']}{precision}{kind}"
        template += "{" + key + ("" if not spec else spec if spec == "!r" else ":" + spec) + "}"
    template += text[at:].replace("{", "{{").replace("}", "}}")
    return (template, keywords) if not values else None


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


def collected_fix(site: Site, store: ast.stmt | None, value: ast.expr | None) -> Fix | None:
    """A leak's store itself handed to ``jax.debug.callback``: ``seen.append(loss)`` becomes
    ``jax.debug.callback(seen.append, loss)``, so the list collects concrete arrays as the compiled code runs."""
    if store is None or value is None:
        return None
    if isinstance(store, ast.Expr) and isinstance(store.value, ast.Call) and len(store.value.args) == 1 \
            and not store.value.keywords and isinstance(store.value.func, ast.Attribute) \
            and store.value.func.attr in ("append", "add", "put"):
        keep = text_of(store.value.func)
        where = f"`{text_of(store.value.func.value)}`"
    elif isinstance(store, ast.Assign) and len(store.targets) == 1 and isinstance(
            store.targets[0], (ast.Subscript, ast.Attribute)):
        target = store.targets[0]
        holder = text_of(target.value)
        if isinstance(target, ast.Subscript):
            keep = f"lambda v: {holder}.__setitem__({text_of(target.slice)}, v)"
        else:
            keep = f"lambda v: setattr({holder}, {target.attr!r}, v)"
        where = f"`{text_of(target)}`"
    else:
        return None
    if not _outside_state(site, store, where.strip("`")):
        return None
    code = f"{site.names.jax}.debug.callback({keep}, {text_of(value)})"
    # tried with every leaf made an array: an object JAX does not flatten (a GaussianProcess) would reach the
    # callback as it is, tracers inside, and the store would leak again once the code ran
    checked = f"{site.names.jax}.debug.callback({keep}, {site.names.jax}.tree_util.tree_map({site.names.jnp}.asarray, " \
        f"{text_of(value)}))"
    try:
        replacement, tried = ast.parse(code).body[0], ast.parse(checked).body[0]
    except SyntaxError:
        return None
    return Fix(
        "jax.debug.print", code,
        f"keep the values with `jax.debug.callback`: JAX calls it with the concrete value each time the compiled "
        f"code runs, so {where} holds arrays, not tracers (a value per call, not one per trace)",
        recipe=Unstored(store, [replacement], [tried]),
    )


def effect_callback_fix(site: Site) -> Fix | None:
    """A call made for its effect (its result unused) that needs concrete values, handed to ``jax.debug.callback``:
    ``save_image(u[0], timestep=t, prefix="ux")`` in a scan's body runs with the values as the compiled code runs
    (xlb's image writer, matplotlib's NumPy underneath). Each argument that reads a name is passed to the callback;
    constants stay in the call."""
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    made = statement.value
    root = (text_of(made.func).split(".", 1)[0]) if isinstance(made.func, (ast.Name, ast.Attribute)) else ""
    if root in (site.names.jax, site.names.jnp, site.names.np, site.names.lax, "print", "jax", "jnp", "np"):
        return None  # JAX's and NumPy's own calls, and print, have fixes of their own
    handed = _values_handed(made)
    if handed is None:
        return None
    read, again = handed
    params = ", ".join(f"v{i}" for i in range(len(read)))
    code = f"{site.names.jax}.debug.callback(lambda {params}: {again}, {', '.join(text_of(v) for v in read)})"
    return edit_fix(
        "jax.debug.print", statement, ast.parse(code).body[0],
        f"`{text_of(made.func)}` is called for what it does (its result is not used) and needs concrete values: "
        "`jax.debug.callback` calls it with them each time the compiled code runs",
    )


def scanned_effect_fix(site: Site) -> Fix | None:
    """In a ``lax.scan`` body that outputs nothing per step (``return carry, None``), a call made for its effect
    on traced values (xlb's ``save_image(u[0], timestep=t, ...)``): the values it reads are the step's output
    instead, which scan stacks, and the call runs on them after the scan."""
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    body = getattr(site.definition, "body", None)
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call) or not body or \
            "for scan" not in site.message or statement not in body:
        return None
    last = body[-1]
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Tuple) and len(last.value.elts) == 2
            and isinstance(last.value.elts[1], ast.Constant) and last.value.elts[1].value is None):
        return None
    made = statement.value
    handed = _values_handed(made)
    if handed is None:
        return None
    read, again = handed
    names = [f"v{i}" for i in range(len(read))]
    output = ast.Tuple([clone(v) for v in read], ast.Load()) if len(read) > 1 else clone(read[0])
    returned = ast.Return(ast.Tuple([clone(last.value.elts[0]), output], ast.Load()))
    stacked = ", ".join(f"{n}s" for n in names)
    code = "\n".join([
        f"{ast.unparse(returned)}   # in place of `{ast.unparse(statement)}` and `return ..., None`",
        f"# after the scan: carry, {'(' + stacked + ')' if len(names) > 1 else stacked} = jax.lax.scan(...)",
        f"for {', '.join(names)} in zip({stacked}):" if len(names) > 1 else f"for {names[0]} in {stacked}:",
        f"    {again}"])
    return Fix(
        "return-value", code,
        f"`{text_of(made.func)}` needs concrete values, which a scan's body never has: output them from each "
        "step instead (scan stacks them), and call it on the stacked values after the scan",
        recipe=Edit(statement, [], also=[(last, returned)]),
    )


def _values_handed(made: ast.Call) -> tuple[list[ast.expr], str] | None:
    """The arguments of ``made`` that read a name (constants stay), and the call written with ``v0``, ``v1``, ...
    in their place; None when it reads none, or unpacks ``*args``/``**kwargs``."""
    if any(isinstance(a, ast.Starred) for a in made.args) or any(k.arg is None for k in made.keywords):
        return None
    read: list[ast.expr] = []

    def handed(value: ast.expr) -> str:
        if not any(isinstance(n, ast.Name) for n in ast.walk(value)):
            return text_of(value)
        read.append(value)
        return f"v{len(read) - 1}"

    written = [handed(a) for a in made.args] + [f"{k.arg}={handed(k.value)}" for k in made.keywords]
    return (read, f"{text_of(made.func)}({', '.join(written)})") if read else None


def _outside_state(site: Site, store: ast.stmt, held: str) -> bool:
    """True when the store writes state that outlives the jitted function (a global, an object's attribute)
    and no later line of the storing function reads it back: a callback only fills it once the code runs."""
    tree = site.tree
    scope = enclosing_function(tree, store.lineno, lambdas=False) if tree is not None else None
    if scope is None:
        return False
    root = held.split(".", 1)[0].split("[", 1)[0]
    for holder in {id(h): h for h in (scope, site.leak_outer) if h is not None}.values():
        assigned = set(stored_names(holder))
        if root in assigned - _declared_global(holder):
            return False  # a list the jitted function made itself: its own later lines read it
    after = store.end_lineno or store.lineno
    read = {text_of(x) for n in ast.walk(scope) if isinstance(n, ast.stmt) and n.lineno > after
            for x in ast.walk(n) if isinstance(x, (ast.Name, ast.Attribute, ast.Subscript))}
    container = held.rsplit("[", 1)[0] if held.endswith("]") else held
    return not any(r == container or r.startswith((container + "[", container + ".")) for r in read)


def _declared_global(scope: ast.AST) -> set[str]:
    return {name for n in ast.walk(scope) if isinstance(n, (ast.Global, ast.Nonlocal)) for name in n.names}
