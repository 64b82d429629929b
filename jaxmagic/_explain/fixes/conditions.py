"""Fixes for a Python bool of a traced value (``bool-conversion``).

``if``, ``while``, ``assert`` and conditional expressions on traced values,
``and``/``or``/``not`` and chained comparisons, and ``min``/``max`` of traced
values: each asks Python for a True/False that only the data can give.
"""
from __future__ import annotations

import ast
from collections.abc import Callable

import jax
import numpy as np

from ..._common.source import clone, parameter_names, text_of
from ..call import root_of
from ..explanation import Fix
from .rewrites import (
    assigned_names,
    written_before_read,
    Checkified,
    Edit,
    apply_edit,
    array_test,
    call,
    cond_for_if,
    logical,
    where_for_if,
    while_loop_for,
)
from .printing import printed_when
from .shapes import jnp_assignment
from ..values.guarded import raising_guard_fixes
from ..rebuild import Names
from .site import Site, dotted_of, edit_fix, no_args, with_static

__all__ = ["bool_fixes", "rest_of_function", "rest_replaced"]

_BUILTIN_REPLACEMENTS = {"min": "minimum", "max": "maximum", "abs": "abs", "round": "round"}
_CONTROL = (ast.If, ast.While, ast.IfExp, ast.Assert)


def bool_fixes(site: Site, test_edit: Edit | None = None) -> list[Fix]:
    """Fixes for a Python bool of a tracer: ``if``, ``while``, ``and``/``or``, ``min``...

    ``test_edit`` first rewrites part of the condition (``x.item() > 0`` →
    ``x > 0``) when the bool came from a concrete-value call inside it.
    """
    chain = site.ancestors()
    control = next((n for n in chain if isinstance(n, _CONTROL)), None)
    if control is not None and control is not site.node and not any(n is control.test for n in chain):
        control = None  # the failure is in a branch, not in the condition
    if control is None:
        return with_static(site, _expression_fixes(site, chain))
    construct = _with_test_edit(control, test_edit)
    extra = ("logical-op",) if not isinstance(construct, ast.Assert) and logical(construct.test, site.names) else ()
    fixes = _BY_CONSTRUCT[type(construct)](site, control, construct, extra)
    return with_static(site, [f for f in fixes if f is not None])


def _expression_fixes(site: Site, chain: list[ast.AST]) -> list[Fix]:
    """No ``if``/``while`` asked: a logical operator or a builtin did."""
    names = site.names
    logic = None
    for n in chain:
        if isinstance(n, ast.stmt):
            break
        if _is_logic(n):
            logic = n  # the outermost and/or/not/chained comparison
    builtin = next((n for n in chain if _builtin_call(n) is not None), None)
    while builtin is not None and _builtin_call(site.parent(builtin)) is not None:
        builtin = site.parent(builtin)  # max(min(v, hi), lo): the outer one asks for a bool as well
    fixes = []
    converted = next((n for n in chain if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                      and n.func.id == "bool" and len(n.args) == 1), None)
    if converted is not None:  # flag = bool(x > 0): the comparison is already a boolean array
        fixes.append(edit_fix(
            "astype", converted, clone(converted.args[0]),
            "`bool()` asks Python for one True/False; the comparison is already a boolean array, which "
            "`jnp.where` and `&`/`|` take as it is",
        ))
    if logic is not None:
        fixes.append(edit_fix(
            "logical-op", logic, logical(logic, names),
            "`and`/`or`/`not` and chained comparisons ask Python for a bool; `&`, `|` and "
            "`jnp.logical_not` combine boolean arrays element-wise",
        ))
    if builtin is not None:
        fn = _BUILTIN_REPLACEMENTS[_builtin_call(builtin)]
        fixes.append(edit_fix(
            "jnp-not-builtin", builtin, _with_jnp_builtins(builtin, names.jnp),
            f"Python's `{_builtin_call(builtin)}` compares values in Python; `jnp.{fn}` compares "
            "them element-wise inside the traced program",
        ))
    return [f for f in fixes if f is not None]


def _with_test_edit(control: ast.AST, test_edit: Edit | None) -> ast.AST:
    """The construct with its condition rewritten: ``bool(done)`` → ``done``, or the caller's edit."""
    if test_edit is None and not isinstance(control, ast.Assert):
        wrapped = next((c for c in ast.walk(control.test) if isinstance(c, ast.Call)
                        and isinstance(c.func, ast.Name) and c.func.id == "bool" and len(c.args) == 1), None)
        if wrapped is not None:  # `if bool(done):` asks for the same Python bool
            test_edit = Edit(wrapped, clone(wrapped.args[0]))
    if test_edit is None:
        return control
    edited = apply_edit(control, test_edit)
    return edited if edited is not None else control


def _if_fixes(site: Site, control: ast.AST, construct: ast.If, extra: tuple[str, ...]) -> list[Fix | None]:
    names = site.names
    loop = site.parent(control)
    if (construct.body and all(isinstance(b, ast.Break) for b in construct.body) and not construct.orelse
            and isinstance(loop, ast.For) and control in loop.body):  # ...; if t: break; ...
        early = early_exit_loop_for(loop, construct.test, names, site.definition or site.tree, control)
        return [edit_fix("lax.while_loop", loop, early, "a loop that stops early on a traced condition is a "
                         "`lax.while_loop`: it runs while the count lasts and the condition has not been met",
                         extra) if early is not None else None]
    guarded = raising_guard_fixes(site, control, construct, extra)
    if guarded:  # ``if m < lo: raise ValueError(...)``: the check kept as data, or recorded by checkify
        return guarded
    following = site.following(control)
    where = where_for_if(construct, following, names)
    cond = cond_for_if(construct, following, names)
    fixes = []
    if where is not None:
        leafwise = any(isinstance(v := getattr(w, "value", None), ast.Call) and (dotted_of(v.func) or "").endswith(
            "tree.map") and v.args and isinstance(v.args[0], ast.Lambda) and [a.arg.rstrip("_") for a in
                                                                               v.args[0].args.args] == ["new", "old"]
                       for w in where)  # rewrites.where_for_if picked leaf by leaf: a pytree on each side
        fixes.append(edit_fix("jnp.where", control, where,
                              "compute both values and let `jnp.where` pick one element-wise" + (
                                  ", leaf by leaf over the pytree (`jax.tree.map`)" if leafwise else "")
                              + ": no Python bool needed", extra))
    if cond is not None:
        fixes.append(edit_fix("lax.cond", control, cond,
                              "`lax.cond` puts the branch into the compiled program and runs only one side",
                              extra))
    early = _early_return_fix(site, control, construct, extra) if where is None else None
    if early is not None:
        fixes.append(early)
    rest = _cond_over_rest(site, control, construct, extra)
    if rest is not None:  # tried after the others: it helps where a branch builds an object, not an array
        fixes.append(rest)
    printed = printed_when(construct, names.lax, names.jax) if cond is None else None
    if printed is not None:  # ``if step % 10 == 0: print(...)``: the print made by JAX, in one branch
        fixes.append(edit_fix("lax.cond", control, printed, "`lax.cond` picks the branch in the compiled program "
                              "and `jax.debug.print` prints there, when it runs", extra))
    elif where is None and cond is None and early is None and rest is None:
        fixes.append(Fix(
            "lax.cond",
            f"{names.lax}.cond({text_of(array_test(construct.test, names))}, true_branch, false_branch, *operands)",
            "move each branch into a function of its inputs; `lax.cond` chooses between them in the compiled program",
            kinds=("lax.cond", *extra),
            template=True,
        ))
    return fixes


def rest_of_function(site: Site, statement: ast.stmt) -> tuple[list[ast.stmt], list[str], set[str]] | None:
    """The statements after ``statement`` (one of the def's own) up to its last ``return``; the names assigned
    before it that it or they assign again (each branch's operands); every name the def uses. None where the
    def does not end in ``return value`` (or its body is a lambda's one expression)."""
    body = getattr(site.definition, "body", None)
    if not isinstance(body, list) or statement not in body or statement is body[-1] or \
            not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return None
    at = body.index(statement)
    before = set(parameter_names(site.definition)) | set(assigned_names(body[:at]))
    carried = [n for n in assigned_names(body[at:]) if n in before]
    return body[at + 1:], carried, {n.id for n in ast.walk(site.definition) if isinstance(n, ast.Name)}


def rest_replaced(statement: ast.stmt, made: list[ast.stmt], rest: list[ast.stmt]) -> tuple[Edit, str]:
    """The edit that puts ``made`` in place of ``statement`` and drops ``rest``, and the code shown for it."""
    code = "\n".join(ast.unparse(ast.fix_missing_locations(m)) for m in made)
    return Edit(statement, made, also=[(s, []) for s in rest]), code


def _cond_over_rest(site: Site, control: ast.AST, construct: ast.If, extra: tuple[str, ...]) -> Fix | None:
    """``if c: k = A() else: k = B()`` then the rest up to ``return``: each branch a function that runs the
    rest too, so that ``lax.cond`` picks between arrays where the branches build objects it cannot return
    (a kernel, a distribution)."""
    found = rest_of_function(site, control) if control is construct else None
    if found is None:
        return None
    rest, carried, taken = found
    stops = (ast.Return, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal)
    if len(rest) < 2 or any(isinstance(n, stops) for s in [*construct.body, *construct.orelse] for n in ast.walk(s)) \
            or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for s in rest for n in ast.walk(s)):
        return None
    branches = []
    for name, block in (("when_true", construct.body), ("when_false", construct.orelse)):
        name = name if name not in taken else name + "_"
        made = ast.parse(f"def {name}({', '.join(carried)}):\n    pass").body[0]
        made.body = clone([*block, *rest])
        branches.append(made)
    picked = ast.Return(call(f"{site.names.lax}.cond", array_test(construct.test, site.names),
                             *[ast.Name(b.name, ast.Load()) for b in branches],
                             *[ast.Name(n, ast.Load()) for n in carried]))
    edit, code = rest_replaced(control, [*branches, picked], rest)
    return Fix("lax.cond", code + "\n# in place of the lines from the `if` to the `return`",
               "`lax.cond` returns arrays only; a branch that builds an object (a kernel, a distribution) takes the "
               "rest of the function with it, so that each branch returns the result", kinds=("lax.cond", *extra),
               recipe=edit)


def _early_return_fix(site: Site, control: ast.AST, construct: ast.If, extra: tuple[str, ...]) -> Fix | None:
    """``if c: return a`` then plain assignments, then ``return b``: both computed, ``jnp.where`` keeps one
    (``early = c`` in place of the ``if``; ``return jnp.where(early, a, b)``, element by element for tuples)."""
    body = getattr(site.definition, "body", None) or []
    if (control not in body or construct.orelse or len(construct.body) != 1
            or not isinstance(construct.body[0], ast.Return) or construct.body[0].value is None
            or not body or not isinstance(body[-1], ast.Return) or body[-1].value is None):
        return None
    between = body[body.index(control) + 1:-1]
    if not all(isinstance(b, (ast.Assign, ast.AugAssign, ast.AnnAssign)) for b in between):
        return None
    taken = {n.id for n in ast.walk(site.definition) if isinstance(n, ast.Name)}
    flag = next(n for n in ("early", "early_exit", "take_early") if n not in taken)
    first, last = construct.body[0].value, body[-1].value

    def pick(a: ast.expr, b: ast.expr) -> ast.expr:
        if _holds_structure(a, site.locals_):  # a state object: jnp.where leaf by leaf
            select = ast.parse(f"lambda u, v: {site.names.jnp}.where({flag}, u, v)", mode="eval").body
            return call(f"{site.names.jax}.tree.map", select, clone(a), clone(b))
        return call(site.names.where, ast.Name(flag, ast.Load()), clone(a), clone(b))

    if isinstance(first, ast.Tuple) and isinstance(last, ast.Tuple) and len(first.elts) == len(last.elts):
        kept: ast.expr = ast.Tuple([pick(a, b) for a, b in zip(first.elts, last.elts)], ast.Load())
    else:
        kept = pick(first, last)
    edit = Edit(control, [ast.Assign([ast.Name(flag, ast.Store())], array_test(construct.test, site.names))],
                also=[(body[-1], ast.Return(kept))])
    return Fix("jnp.where", edit.code(),
               "compute the early result and the rest both, and let `jnp.where` keep one element-wise: the "
               "statements between run either way, so no Python bool is needed", kinds=("jnp.where", *extra),
               recipe=edit)


def _holds_structure(expression: ast.expr, values: dict | None) -> bool:
    """True when ``expression`` names a variable holding a pytree of several parts (a dataclass state, a dict),
    which ``jnp.where`` does not take whole."""
    if not isinstance(expression, ast.Name) or not values or expression.id not in values:
        return False
    value = values[expression.id]
    if isinstance(value, (jax.Array, np.ndarray, np.generic, int, float, complex, bool)) or value is None:
        return False
    try:
        return not jax.tree_util.treedef_is_leaf(jax.tree_util.tree_structure(value))
    except Exception:  # noqa: BLE001 - a value jax cannot flatten
        return False


def early_exit_loop_for(loop: ast.For, test: ast.expr, names: Names, function: ast.AST,
                        control: ast.stmt | None = None) -> list[ast.stmt] | None:
    """``for i in range(a, b): body; if test: break; rest`` → ``lax.while_loop`` over (i, stop, state); what
    ``rest`` sets is kept from before it on the step that stops (``control``: the ``if``, last when None).

    ``function`` holds the loop: the counter and the flag get names it does not use.
    """
    it = loop.iter
    if (loop.orelse or not isinstance(loop.target, ast.Name) or not isinstance(it, ast.Call)
            or dotted_of(it.func) != "range" or not 1 <= len(it.args) <= 2 or it.keywords):
        return None
    at = loop.body.index(control) if control is not None else len(loop.body) - 1
    body, rest = loop.body[:at], loop.body[at + 1:]
    if any(isinstance(n, (ast.Break, ast.Continue, ast.Return, ast.Yield)) for b in body + rest for n in ast.walk(b)):
        return None
    start, end = ("0", text_of(it.args[0])) if len(it.args) == 1 else (text_of(it.args[0]), text_of(it.args[1]))
    used = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)} | set(parameter_names(function))
    fresh = [n for n in ("i", "step", "k", "_i", "stop", "done", "_stop") if n not in used]
    if loop.target.id != "_" and loop.target.id in {n.id for n in ast.walk(function) if isinstance(n, ast.Name)
                                                    and n.lineno > (loop.end_lineno or loop.lineno)}:
        return None  # the loop variable is read after the loop: Python leaves it one short of this counter
    index = fresh[0] if loop.target.id == "_" else loop.target.id
    stop = next(n for n in fresh if n not in ("i", "step", "k", "_i"))
    temporary = written_before_read(body + rest)  # set afresh each step (the test may read them): not carried
    assigned = assigned_names(body + rest)
    if index in assigned:
        return None  # the body moves the counter itself
    state = [n for n in assigned if n != index and n not in temporary]
    if not state:
        return None
    carried = ", ".join([index, stop, *state])
    made = ast.parse(
        f"def cond_fun(carry):\n    {carried} = carry\n    return ({index} < {end}) & ~{stop}\n"
        f"def body_fun(carry):\n    {carried} = carry\n    pass\n"
        f"    {stop} = {text_of(array_test(test, names))}\n    return ({index} + 1, {stop}, {', '.join(state)})\n"
        f"{carried} = {names.lax}.while_loop(cond_fun, body_fun, ({start}, False, {', '.join(state)}))"
    ).body
    kept = [n for n in assigned_names(rest) if n in state]  # on the step that stops, what ``rest`` sets stays
    made[1].body[1:2] = clone(body)
    made[1].body[-1:-1] = [*ast.parse("\n".join(f"{n}_kept = {n}" for n in kept)).body, *clone(rest), *ast.parse(
        "\n".join(f"{n} = {names.where}({stop}, {n}_kept, {n})" for n in kept)).body]
    return made


def _if_expression_fixes(site: Site, control: ast.AST, construct: ast.IfExp, extra: tuple[str, ...]) -> list[Fix | None]:
    names = site.names
    return [
        edit_fix(
            "jnp.where", control,
            call(names.where, array_test(construct.test, names), clone(construct.body),
                 clone(construct.orelse)),
            "compute both values and let `jnp.where` pick one element-wise", extra,
        ),
        edit_fix(
            "lax.cond", control,
            call(f"{names.lax}.cond", array_test(construct.test, names),
                 ast.Lambda(no_args(), clone(construct.body)),
                 ast.Lambda(no_args(), clone(construct.orelse))),
            "`lax.cond` chooses a branch inside the compiled program", extra,
        ),
    ]


def _while_fixes(site: Site, control: ast.AST, construct: ast.While, extra: tuple[str, ...]) -> list[Fix | None]:
    names = site.names
    loop = while_loop_for(construct, names)
    if loop is not None:
        return [edit_fix("lax.while_loop", control, loop,
                         "`lax.while_loop` keeps the loop in the compiled program; its condition may "
                         "depend on traced values", extra)]
    return [Fix(
        "lax.while_loop",
        f"state = {names.lax}.while_loop(cond_fun, body_fun, state)",
        "write the loop as a condition and a body over an explicit state",
        kinds=("lax.while_loop", *extra),
        template=True,
    )]


def _assert_fixes(site: Site, control: ast.AST, construct: ast.Assert, extra: tuple[str, ...]) -> list[Fix | None]:
    """``assert`` on a traced value: a check that still stops the program, never only a print."""
    fixes: list[Fix | None] = []
    if not site.paths:  # a value from no argument: jnp made a tracer of constants Python could compute
        tested = ast.copy_location(ast.Call(ast.Name("_", ast.Load()), [construct.test], []), construct)
        fixes.append(jnp_assignment(site, tested))
    message = construct.msg if construct.msg is not None else ast.Constant(
        f"assertion failed: {text_of(construct.test)}")
    check = ast.Expr(ast.Call(ast.Attribute(ast.Name(site.names.checkify, ast.Load()), "check", ast.Load()),
                              [clone(construct.test), clone(message)], []))
    fix = edit_fix(
        "checkify", control, check,
        "`assert` needs a Python bool at trace time; `checkify.check` records the check in the compiled "
        "function, and the function wrapped in `checkify.checkify` returns an error you raise with "
        "`err.throw()`",
    )
    if fix is not None:
        fix.recipe = Checkified(fix.recipe.target, fix.recipe.replacement)
        name = site.facts.name if site.facts is not None else "f"
        fix.code += (f"\n# and call it checked: err, out = {site.names.checkify}.checkify({name})(...); err.throw()")
        fixes.append(fix)
    if site.paths:
        shown = ", ".join(dict.fromkeys(root_of(p) for p in site.paths))
        fixes.append(Fix(
            "check-outside",
            f"assert {text_of(construct.test)}   # before calling {site.facts.name if site.facts else 'f'}, "
            f"on the concrete {shown}",
            "outside jit the arguments are concrete arrays, so a plain `assert` works there",
            template=True,
        ))
    return fixes


_BY_CONSTRUCT: dict[type, Callable[..., list[Fix | None]]] = {
    ast.If: _if_fixes,
    ast.IfExp: _if_expression_fixes,
    ast.While: _while_fixes,
    ast.Assert: _assert_fixes,
}


def _is_logic(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.BoolOp)
        or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
        or (isinstance(node, ast.Compare) and len(node.ops) > 1)
    )


def _with_jnp_builtins(node: ast.Call, jnp: str) -> ast.expr:
    """``node`` with each Python ``min``/``max`` in it (itself included) the ``jnp`` function that compares
    element-wise."""
    made = clone(node)
    for inner in [n for n in ast.walk(made) if _builtin_call(n) is not None]:
        inner.func = ast.parse(f"{jnp}.{_BUILTIN_REPLACEMENTS[inner.func.id]}", mode="eval").body
    return made


def _builtin_call(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
        return node.func.id
    return None
