"""Source rewrites for the common shapes of tracing errors, as syntax-tree edits.

Each builder takes the user's nodes and returns the replacement nodes (or
None when the code does not have the shape the rewrite needs). The same
nodes give the code shown to the user and, compiled, the probe that
verifies it. Module aliases come from :class:`..rebuild.Names`.
"""
from __future__ import annotations

import ast
from collections.abc import Sequence

from ..dataflow import assigned_names, written_before_read
from ..rebuild import Names
from ..._common.source import clone

__all__ = ["Edit", "Checkified", "Unstored", "apply_edit", "call", "attr", "logical", "where_for_if", "cond_for_if",
           "while_loop_for", "fori_loop_for", "assigned_names", "written_before_read", "lambda_of"]


class Edit:
    """Replace one node of a definition (found by position) with new nodes."""

    def __init__(self, target: ast.AST, replacement: ast.AST | Sequence[ast.stmt],
                 also: Sequence[tuple[ast.AST, ast.AST]] = ()) -> None:
        self.target = target  # the failing line's node; ``also``: other nodes of the definition replaced with it
        self.replacement = replacement
        self.also = list(also)

    @property
    def key(self) -> tuple:
        return _key(self.target)

    def code(self) -> str:
        """The replacement as the user would type it (with ``also``'s, in source order, ``...`` between)."""
        shown = [(n.lineno, r) for n, r in self.also] + [(self.target.lineno, self.replacement)]
        return "\n...\n".join(_unparsed(r) for _, r in sorted(shown, key=lambda pair: pair[0]))


def _unparsed(replacement: ast.AST | Sequence[ast.stmt]) -> str:
    if isinstance(replacement, ast.AST):
        return _statement(replacement)
    return "\n".join(_statement(s) for s in replacement)


def _statement(node: ast.AST) -> str:
    """``node`` as code; a long ``return`` of several values with one value a line, as a person would wrap it."""
    text = ast.unparse(ast.fix_missing_locations(node))
    if len(text) > 88 and isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) > 1:
        return "return (" + ",\n        ".join(ast.unparse(e) for e in node.value.elts) + ")"
    return text


class Checkified(Edit):
    """An edit whose code calls ``checkify.check``: verified through ``checkify.checkify``."""


class Unstored(Edit):
    """An edit that replaces a leak's store: tried only when no other store is left in the function (``tried``:
    the replacement put in for the try where it checks more, that a callback is handed arrays only)."""

    def __init__(self, target: ast.AST, replacement: Sequence[ast.stmt], tried: Sequence[ast.stmt] | None = None,
                 also: Sequence[tuple[ast.AST, ast.AST]] = ()):
        super().__init__(target, replacement, also)
        self.tried = tried


def _key(node: ast.AST) -> tuple:
    return (type(node).__name__, node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


def apply_edit(definition: ast.AST, edit: Edit) -> ast.AST | None:
    """A copy of ``definition`` with ``edit`` applied, or None if its target is not there."""
    applied = []
    wanted = {_key(n): r for n, r in edit.also} | {edit.key: getattr(edit, "tried", None) or edit.replacement}

    class _Replace(ast.NodeTransformer):
        def generic_visit(self, node: ast.AST) -> ast.AST | list:
            if hasattr(node, "lineno") and _key(node) in wanted:
                applied.append(node)
                replacement = clone(wanted[_key(node)])
                if isinstance(replacement, ast.AST):
                    return ast.copy_location(replacement, node)
                for stmt in replacement:
                    _place(stmt, node)
                return list(replacement)
            return super().generic_visit(node)

    new = _Replace().visit(clone(definition))
    return new if len(applied) == len(wanted) else None


def _place(new: ast.AST, old: ast.AST) -> None:
    for node in ast.walk(new):
        if "lineno" in node._attributes:
            for attr in ("lineno", "end_lineno", "col_offset", "end_col_offset"):
                if getattr(node, attr, None) is None:
                    setattr(node, attr, getattr(old, attr))


# --- small builders -----------------------------------------------------------


def attr(dotted: str) -> ast.expr:
    """``jnp.where`` → the expression node for it."""
    parts = dotted.split(".")
    node: ast.expr = ast.Name(parts[0], ast.Load())
    for part in parts[1:]:
        node = ast.Attribute(node, part, ast.Load())
    return node


def call(dotted: str, *args: ast.expr, **keywords: ast.expr) -> ast.Call:
    return ast.Call(attr(dotted), list(args), [ast.keyword(k, v) for k, v in keywords.items()])


def lambda_of(body: ast.expr, params: Sequence[str] = ()) -> ast.Lambda:
    """``lambda params: body``."""
    return ast.Lambda(
        ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body,
    )


def _tuple(names: Sequence[str], ctx: ast.expr_context) -> ast.Tuple:
    return ast.Tuple([_named(n, ctx) for n in names], ctx)


def _named(name: str, ctx: ast.expr_context) -> ast.expr:
    """A plain name, or an attribute chain a branch assigns (``self.V.value``, a state variable's value)."""
    if "." not in name and "[" not in name:
        return ast.Name(name, ctx)
    node = ast.parse(name, mode="eval").body
    node.ctx = ctx
    return node


# --- conditions: and / or / not / chained comparisons --------------------------


def logical(test: ast.expr, names: Names) -> ast.expr | None:
    """``a and b`` → ``a & b``, ``not a`` → ``~a``, ``0 < x < 1`` → ``(0 < x) & (x < 1)``; None when ``test`` uses
    none of them (``&`` and ``|`` work on the boolean arrays comparisons give; a library's type without them, its own
    ``logical_and``/``logical_or``)."""
    changed = False

    def convert(node: ast.expr) -> ast.expr:
        nonlocal changed
        if isinstance(node, ast.BoolOp):
            changed = True
            op = ast.BitAnd() if isinstance(node.op, ast.And) else ast.BitOr()
            spelled = names.logic.get("and" if isinstance(node.op, ast.And) else "or")  # a library type's own
            out = convert(node.values[0])
            for value in node.values[1:]:
                out = call(spelled, out, convert(value)) if spelled else ast.BinOp(out, op, convert(value))
            return out
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            changed = True
            return call(names.logic.get("not", f"{names.jnp}.logical_not"), convert(node.operand))
        if isinstance(node, ast.Compare) and len(node.ops) > 1:
            changed = True
            parts = []
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                parts.append(ast.Compare(clone(left), [op], [clone(right)]))
                left = right
            out: ast.expr = parts[0]
            for part in parts[1:]:
                out = ast.BinOp(out, ast.BitAnd(), part)
            return out
        return node

    result = convert(clone(test))
    return result if changed else None


def array_test(test: ast.expr, names: Names) -> ast.expr:
    """The condition as an array expression (logical operators converted)."""
    return logical(test, names) or clone(test)


# --- if / else ------------------------------------------------------------------


def _branch_value(body: list[ast.stmt]) -> tuple[str, object] | None:
    """A branch that is one ``return e`` or assignments to plain names."""
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return ("return", body[0].value)
    targets: dict[str, ast.expr] = {}
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            targets[stmt.targets[0].id] = stmt.value
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and _attribute_chain(stmt.targets[0]):
            targets[ast.unparse(stmt.targets[0])] = stmt.value  # ``self.V.value = ...``: kept when not assigned
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
            name = stmt.target.id
            targets[name] = ast.BinOp(ast.Name(name, ast.Load()), stmt.op, stmt.value)
        elif _unpacked_names(stmt) and len(kept := [(i, e.id) for i, e in enumerate(stmt.targets[0].elts)
                                                    if e.id != "_"]) == 1 and kept[0][1] not in targets:
            targets[kept[0][1]] = ast.Subscript(stmt.value, ast.Constant(kept[0][0]), ast.Load())  # `a, _ = run(a)`
        else:
            return None
    if len(body) != len(targets):
        return None  # a name assigned twice: the branch is a small program, not a value
    return ("assign", targets) if targets else None


def _attribute_chain(node: ast.expr) -> bool:
    """True for ``a.b``, ``a.b.c`` or ``p["k"]``: attributes or constant-key items of a plain name, read back as written."""
    if not isinstance(node, (ast.Attribute, ast.Subscript)):
        return False
    while isinstance(node, ast.Attribute) or (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)):
        node = node.value
    return isinstance(node, ast.Name)


def _unpacked_names(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple) \
        and all(isinstance(e, ast.Name) for e in stmt.targets[0].elts)


def _if_parts(stmt: ast.If, following: ast.stmt | None) -> tuple[str, object, object] | None:
    """The two values an ``if`` picks between: returns, or assignments."""
    then = _branch_value(stmt.body)
    if then is None:
        return None
    if stmt.orelse:
        other = _branch_value(stmt.orelse)
    elif then[0] == "return" and isinstance(following, ast.Return) and following.value is not None:
        other = ("return", following.value)
    elif then[0] == "assign":
        other = ("assign", {})  # no else: the names keep their values
    else:
        return None
    if other is None or other[0] != then[0]:
        return None
    return then[0], then[1], other[1]


def _if_pieces(stmt: ast.If, following: ast.stmt | None, names: Names) -> tuple[str, object, object, ast.expr] | None:
    parts = _if_parts(stmt, following)
    if parts is None:
        return None
    form, then, other = parts
    return form, then, other, array_test(stmt.test, names)


def where_for_if(stmt: ast.If, following: ast.stmt | None, names: Names) -> list[ast.stmt] | None:
    """``if c: return a / return b`` → ``return jnp.where(c, a, b)`` (and the assigning form)."""
    pieces = _if_pieces(stmt, following, names)
    if pieces is None:
        return None
    form, then, other, test = pieces
    if form == "return" and isinstance(then, ast.Tuple) and isinstance(other, ast.Tuple) and \
            len(then.elts) == len(other.elts):  # ``return loss, aux`` in both: each element picked, the same kept
        return [ast.Return(ast.Tuple([clone(a) if ast.dump(a) == ast.dump(b) else _picked(
            names, clone(test), clone(a), clone(b), any(isinstance(v, ast.Name) and names.tree_valued(v.id)
                                                        for v in (a, b))) for a, b in zip(then.elts, other.elts)],
            ast.Load()))]
    if form == "return" and all(isinstance(v, ast.Attribute) and v.attr == names.unwrap for v in (then, other)):
        # ``.data`` of a library's arrays on both: picked, then unwrapped (ivy's where gives its own array)
        return [ast.Return(ast.Attribute(_picked(names, test, clone(then.value), clone(other.value), False),
                                         names.unwrap, ast.Load()))]
    if form == "return":
        tree = any(isinstance(v, ast.Name) and names.tree_valued(v.id) for v in (then, other))
        return [ast.Return(_picked(names, test, clone(then), clone(other), tree))]
    out = []
    for name in dict.fromkeys([*then, *other]):
        a = then.get(name, _named(name, ast.Load()))
        b = other.get(name, _named(name, ast.Load()))
        out.append(
            ast.Assign([_named(name, ast.Store())], _picked(names, clone(test), a, b, names.tree_valued(name)))
        )
    return out


def _picked(names: Names, test: ast.expr, a: ast.expr, b: ast.expr, tree: bool) -> ast.expr:
    """``jnp.where(test, a, b)``; for a pytree (gradients, a module's state), leaf by leaf:
    ``jax.tree.map(lambda new, old: jnp.where(test, new, old), a, b)``."""
    if not tree:
        return call(names.where, test, a, b)
    used = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    new, old = (n if n not in used else f"{n}_" for n in ("new", "old"))
    picked = call(names.where, test, ast.Name(new, ast.Load()), ast.Name(old, ast.Load()))
    return call(f"{names.jax}.tree.map", lambda_of(picked, (new, old)), a, b)


def cond_for_if(stmt: ast.If, following: ast.stmt | None, names: Names) -> list[ast.stmt] | None:
    """``if c: return a / return b`` → ``return lax.cond(c, lambda: a, lambda: b)``."""
    pieces = _if_pieces(stmt, following, names)
    if pieces is None:
        return None
    form, then, other, test = pieces
    test = ast.Attribute(test, names.unwrap, ast.Load()) if names.unwrap else test  # a library's array: ivy's .data
    if form == "return":
        return [
            ast.Return(
                call(f"{names.lax}.cond", test, lambda_of(clone(then)), lambda_of(clone(other)))
            )
        ]
    assigned = list(dict.fromkeys([*then, *other]))
    # a name one branch leaves alone keeps its value in that branch
    values_then = [then.get(n, _named(n, ast.Load())) for n in assigned]
    values_other = [other.get(n, _named(n, ast.Load())) for n in assigned]
    pick = call(
        f"{names.lax}.cond",
        test,
        lambda_of(ast.Tuple(clone(values_then), ast.Load())),
        lambda_of(ast.Tuple(clone(values_other), ast.Load())),
    )
    return [ast.Assign([_tuple(assigned, ast.Store())], pick)]


# --- loops ----------------------------------------------------------------------


def _plain_loop_body(body: list[ast.stmt]) -> bool:
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, (ast.Break, ast.Continue, ast.Return, ast.Yield, ast.YieldFrom)):
                return False
    return True


def _carry_name(loop: ast.stmt) -> str:
    """The name of the loop function's carried tuple: ``state``, unless the loop reads a ``state`` of its own
    (a scheduler's ``state`` a diffusion loop passes to each step), then ``carry``, ``carry_``..."""
    taken = {n.id for n in ast.walk(loop) if isinstance(n, ast.Name)} | {
        a.arg for n in ast.walk(loop) if isinstance(n, ast.arguments) for a in [*n.args, *n.kwonlyargs]}
    name = "state" if "state" not in taken else "carry"
    while name in taken:
        name += "_"
    return name


def _state_function(name: str, params: list[str], state: list[str], body: list[ast.stmt]) -> ast.FunctionDef:
    unpack = ast.Assign([_tuple(state, ast.Store())], ast.Name(params[-1], ast.Load()))
    returns = ast.Return(_tuple(state, ast.Load()))
    return ast.FunctionDef(
        name=name,
        args=ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[unpack, *clone(body), returns],
        decorator_list=[], returns=None, type_params=[],
    )


def while_loop_for(stmt: ast.While, names: Names) -> list[ast.stmt] | None:
    """``while c: body`` → ``lax.while_loop`` over the names the body carries from step to step."""
    if stmt.orelse or not _plain_loop_body(stmt.body):
        return None
    local = written_before_read(stmt.body) - {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
    state = [n for n in assigned_names(stmt.body) if n not in local]  # made afresh each step (a subkey): not carried
    if not state:
        return None
    carry = _carry_name(stmt)
    cond = _state_function("cond_fun", [carry], state, [])
    cond.body = [cond.body[0], ast.Return(array_test(stmt.test, names))]
    body = _state_function("body_fun", [carry], state, stmt.body)
    loop = ast.Assign(
        [_tuple(state, ast.Store())],
        call(
            f"{names.lax}.while_loop",
            ast.Name("cond_fun", ast.Load()),
            ast.Name("body_fun", ast.Load()),
            _tuple(state, ast.Load()),
        ),
    )
    return [cond, body, loop]


def fori_loop_for(stmt: ast.For, names: Names) -> list[ast.stmt] | None:
    """``for i in range(a, b): body`` → ``lax.fori_loop(a, b, body_fun, state)``."""
    it = stmt.iter
    if (
        stmt.orelse
        or not isinstance(stmt.target, ast.Name)
        or not isinstance(it, ast.Call)
        or not (isinstance(it.func, ast.Name) and it.func.id == "range")
        or not 1 <= len(it.args) <= 2
        or it.keywords
        or not _plain_loop_body(stmt.body)
    ):
        return None
    start, stop = (ast.Constant(0), it.args[0]) if len(it.args) == 1 else (it.args[0], it.args[1])
    temporary = written_before_read(stmt.body)  # set afresh each step: not carried (it has no value before)
    state = [n for n in assigned_names(stmt.body) if n != stmt.target.id and n not in temporary]
    if not state:
        return None
    body = _state_function("body_fun", [stmt.target.id, _carry_name(stmt)], state, stmt.body)
    loop = ast.Assign(
        [_tuple(state, ast.Store())],
        call(
            f"{names.lax}.fori_loop",
            clone(start),
            clone(stop),
            ast.Name("body_fun", ast.Load()),
            _tuple(state, ast.Load()),
        ),
    )
    return [body, loop]
