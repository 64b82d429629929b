"""A library call that needs concrete values, moved out of the trace: the function split where it is made.

``mjx.get_data(m, d)`` copies a simulation state to the host, ``env.render(...)``
draws a frame with NumPy, ``mod.sympy()`` builds a SymPy expression: each
reads its inputs' values, which a tracer does not have, and none has a JAX
twin. When the call's result is only handed back or looked at (no traced
computation reads it), the jitted function can stop just before the call and
return what the call needs; a plain function calls the jitted part, then
makes the call on concrete arrays::

    @jax.jit
    def step_traced(d):
        d = mjx.step(mx, d)
        return d

    def step(d):
        d = step_traced(d)
        host = mjx.get_data(m, d)  # outside jit
        return d, host.qpos

The jitted part is what is tried: the user's definition cut at the failing
statement, returning those names. NumPy's conversion of a traced value is split
the same way where the arrays it makes go only to a library's call made for its
effect (``checkpointer.save(path, host_params)``): ``jnp`` arrays would still be
tracers there.
"""
from __future__ import annotations

import ast
import dataclasses
import textwrap

from ..._common.files import shown_lines
from ..._common.source import clone, inside, names_in
from ..explanation import Fix
from ..fixes.rewrites import Edit, assigned_names
from ..fixes.site import Site
from ..rebuild import differentiating
from ..recover import Impure, evaluate_pure, frame_of
from ..values.callee import library_file

__all__ = ["feeds_effect_call", "host_call_fix"]

# a library that wants host arrays (clu's metrics): its call and a last ``return`` of its result may leave the jit
_HOST_KINDS = ("concretization", "array-conversion", "boolean-index")  # (jax_metrics' compute masks by its data)
# statements that may follow the call in the host part: looking at values and handing them back
_HOST_STATEMENTS = (ast.Assign, ast.AnnAssign, ast.Expr, ast.Return, ast.Pass)
_CONVERTED = ("array-conversion",)  # NumPy's conversion of a traced value: host code may be what wants it
_VALUE_KINDS = ("array-conversion", "concretization", "integer-conversion")  # ``float(loss)`` for a logger


def host_call_fix(site: Site, twinned: bool = False, source: tuple[ast.AST, str] | None = None,
                  stored: ast.stmt | None = None) -> Fix | None:
    """The jitted function split before the failing statement, whose library call runs outside jit; or None
    where the statement is not at the top of the function's body or a traced computation reads its result.
    ``twinned``: JAX has a function of the same name, offered before. ``source``: the jitted definition and its
    file, where the user's call did not say it (``jax.jit(self.evaluate)`` inside a library's loop). ``stored``: a
    leak's storing statement, a library's call that kept the value it was handed (reax's ``self.log``)."""
    if stored is not None:
        site = dataclasses.replace(site, kind="concretization", node=_handed(stored), host_library=None)
    definition = site.definition
    library = site.host_library
    source = source or (site.facts.source if site.facts is not None else None)
    if (library is None and site.kind not in _VALUE_KINDS) or site.node is None or source is None or \
            not isinstance(definition, ast.FunctionDef) or \
            (getattr(source[0], "name", None), source[0].lineno) != (definition.name, definition.lineno):
        return None  # the line is in a helper the jitted function calls, or the jitted function is unknown
    statement = next((s for s in definition.body if inside(site.node, s)), None)
    effect = None
    if stored is not None and statement is stored:  # (JAX's message named the library's function it called)
        library = ast.unparse(stored.value.func)
    if library is None and site.kind in _VALUE_KINDS and statement is not None:  # ``self.log("loss", float(loss))``
        library = _effect_call(statement, site)  # a library's call made for its effect, handed a Python value
    if library is None and site.kind in _CONVERTED and statement is not None:  # NumPy's conversion, made to
        # hand the values to host code
        index = definition.body.index(statement)
        effect = _host_effect(statement, definition.body[index + 1:], site)
        if effect is None:
            return None
        library = effect
    if library is None:
        return None
    returning = isinstance(statement, ast.Return) and site.kind in _HOST_KINDS
    if statement is None or not (isinstance(statement, (ast.Assign, ast.AnnAssign, ast.Expr)) or returning):
        return None  # (``return metrics.merge(update)`` of a library that wants host arrays: returned outside jit)
    if site.kind == "traced-shape" and not isinstance(statement, ast.Expr):
        return None  # a count a library needs: static, unless the call is made for its effect (a checkpoint saved)
    index = definition.body.index(statement)
    before, after = definition.body[:index], definition.body[index + 1:]
    last_return = len(after) == 1 and isinstance(after[0], ast.Return) and site.kind in _HOST_KINDS
    if not all(isinstance(s, _HOST_STATEMENTS) for s in after) or (_reads_result_traced(statement, after)
                                                                   and not last_return and effect is None):
        return None  # JAX work on the result would move out of the jit: only a last ``return`` of a host value
    made = set(assigned_names(before))
    used = list(dict.fromkeys(n for s in (statement, *after) for n in names_in(s)))
    live = [n for n in used if n in made]
    if not live and not after:  # ``state.update(lr * step)``, made for its effect: the jit computes its arguments
        named = _arguments_named(statement, {*used, *made, *(a.arg for a in definition.args.args)})
        if named is not None:
            statement, computed = named
            before, live = [*before, *computed], [c.targets[0].id for c in computed]
    if not live:
        return None  # the call reads only the function's inputs: the function has nothing to jit
    if any(differentiating((site.locals_ or {}).get(n)) for n in live):  # under ``jax.grad``: outside the jit the
        # library's call would still be handed tracers, and no derivative passes through NumPy: written in jnp
        return None if site.kind != "array-conversion" or effect is not None else Fix("jnp-not-np", f"# {ast.unparse(statement)}   <- what `{library}` computes, written with "
                   f"{site.names.jnp} here", f"`{library}` computes with NumPy, which JAX can neither trace nor "
                   f"differentiate: write what it computes with `{site.names.jnp}` in your function, so the gradient "
                   "passes through it", template=True)
    returned = ast.Return(_tuple_of(live))
    original = next(s for s in definition.body if inside(site.node, s))
    edit = Edit(original, [*before[len(definition.body[:index]):], returned], also=[(s, []) for s in after])
    code = _split_code(definition, before, statement, after, live, library, source[1])
    traced = f"{definition.name}_traced"
    if effect is not None:
        summary = (f"`{effect}` wants concrete values, and this line makes NumPy arrays of traced ones for it: jit "
                   f"the part before, which returns {_listed(live)}, and convert and call outside jit on the arrays "
                   f"`{traced}` returns")
    else:
        summary = (f"`{library}` needs concrete values{'' if twinned else ', and has no JAX twin'}: jit the part "
                   f"before the call, which returns {_listed(live)}, and make the call outside jit on the arrays "
                   f"`{traced}` returns")
    return Fix("return-value", code, summary, recipe=edit)


def feeds_effect_call(site: Site) -> bool:
    """True when the failing conversion is an argument of a library's call made for its effect (``self.log("loss",
    float(loss))``): a twin that keeps the value traced would hand that call a tracer, which it keeps."""
    body = getattr(site.definition, "body", None) or []
    statement = next((s for s in body if site.node is not None and inside(site.node, s)), None)
    return statement is not None and site.kind in _VALUE_KINDS and _effect_call(statement, site) is not None


def _handed(stored: ast.stmt) -> ast.expr | None:
    """The value a library's call for its effect is handed (not the name it is kept under)."""
    call = stored.value if isinstance(stored, ast.Expr) and isinstance(stored.value, ast.Call) else None
    return next((a for a in [*call.args, *(k.value for k in call.keywords)] if not isinstance(a, ast.Constant)),
                None) if call is not None else None


def _effect_call(statement: ast.stmt, site: Site) -> str | None:
    """The user's name for the library call the statement makes for its effect (a logger's ``self.log``), when the
    failing conversion is among its arguments; else None."""
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)) or \
            not any(inside(site.node, a) for a in [*statement.value.args, *(k.value for k in statement.value.keywords)]):
        return None
    frame = frame_of(site.globals_, site.locals_)
    try:
        callee = evaluate_pure(statement.value.func, frame)
    except Impure:
        return None
    return ast.unparse(statement.value.func) if library_file(callee) is not None else None


def _host_effect(statement: ast.stmt, after: list[ast.stmt], site: Site) -> str | None:
    """The user's name for the library call, made for its effect, that the statement's NumPy arrays are made for
    (``checkpointer.save(path, host)``, a logger's ``log``): every later statement that reads them is such a call
    (nothing traced computes with them); else None."""
    results = set(assigned_names([statement]))
    frame = frame_of(site.globals_, site.locals_)
    found = None
    for later in after:
        if not results & set(names_in(later)):
            continue
        if not (isinstance(later, ast.Expr) and isinstance(later.value, ast.Call)):
            return None
        try:
            callee = evaluate_pure(later.value.func, frame)
        except Impure:
            return None
        if library_file(callee) is None:
            return None  # JAX's, NumPy's (its twins in jnp), or the user's own: nothing is known of it
        found = found or ast.unparse(later.value.func)
    return found


def _reads_result_traced(statement: ast.stmt, after: list[ast.stmt]) -> bool:
    """True when a statement after the call hands its result to a computation, JAX's or a library's
    (``jnp.sum(host.qpos)``, an eigensolve): the split would then move traced work out of the jit. A call made
    for its effect (``set_absmax_calib_scale(dg, scale)``) has for results the objects it was given, which it
    may have changed, and a later call of one of them (``dg(x, w)``) computes with it."""
    results = set(assigned_names([statement]))
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        results |= {n for arg in [*statement.value.args, *(k.value for k in statement.value.keywords)]
                    for n in names_in(arg)}
    for later in after:
        for node in ast.walk(later):
            # any call but Python's own (`print`, `len`): JAX's, or a library's computation (fmmax's eigensolve)
            looked = isinstance(node.func, ast.Name) and node.func.id in _LOOKS if isinstance(node, ast.Call) else True
            if not looked and results & set(n for arg in [node.func, *node.args, *(k.value for k in node.keywords)]
                                            for n in names_in(arg)):
                return True
    return False


_LOOKS = {"print", "len", "str", "repr", "float", "int", "bool", "dict", "list", "tuple", "sorted", "round", "format",
          "display"}


def _arguments_named(statement: ast.stmt, taken: set[str]) -> tuple[ast.stmt, list[ast.Assign]] | None:
    """A call made for its effect (``state.update(lr * step)``) with each argument that computes something named
    (``update_arg = lr * step``), and the call reading those names; None when every argument is a plain name or
    constant (the jit would then compute nothing)."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    call = clone(statement.value)
    stem = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "call")
    several = len(call.args) + len(call.keywords) > 1
    computed: list[ast.Assign] = []

    def named(node: ast.expr) -> ast.expr:
        if isinstance(node, (ast.Name, ast.Constant, ast.Starred)) or not any(True for _ in names_in(node)):
            return node
        name = f"{stem}_arg{len(computed) + 1 if computed or several else ''}"
        while name in taken:
            name += "_"
        made = ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], clone(node)), statement)
        made.written_anew = True  # (a statement of jaxmagic's: unparsed, not read from the file)
        computed.append(made)
        return ast.Name(name, ast.Load())

    call.args = [named(a) for a in call.args]
    for keyword in call.keywords:
        keyword.value = named(keyword.value)
    moved = ast.copy_location(ast.Expr(call), statement)
    moved.written_anew = True
    return (moved, computed) if computed else None


def _tuple_of(names: list[str]) -> ast.expr:
    if len(names) == 1:
        return ast.Name(names[0], ast.Load())
    return ast.Tuple([ast.Name(n, ast.Load()) for n in names], ast.Load())


def _split_code(definition: ast.FunctionDef, before: list[ast.stmt], statement: ast.stmt,
                after: list[ast.stmt], live: list[str], library: str, filename: str | None) -> str:
    """The two definitions as the user would write them: the jitted part, then the plain function, each
    statement as the user wrote it where the file's lines are known."""
    lines = shown_lines(filename) if filename else []
    indent = " " * (definition.body[0].col_offset if definition.body else 4)

    def written(node: ast.AST) -> str:
        if lines and not getattr(node, "written_anew", False) and len(lines) >= (node.end_lineno or node.lineno):
            return "".join(lines[node.lineno - 1:node.end_lineno]).rstrip("\n")
        return textwrap.indent(ast.unparse(node), indent)

    first = definition.decorator_list[0].lineno if definition.decorator_list else definition.lineno
    header = "".join(lines[first - 1:definition.body[0].lineno - 1]).rstrip("\n") if lines else None
    if header is None or f"def {definition.name}" not in header:
        plain = clone(definition)
        plain.body = [ast.Pass()]
        header = ast.unparse(plain).rsplit("\n", 1)[0]
    traced_name = f"{definition.name}_traced"
    traced = header.replace(f"def {definition.name}", f"def {traced_name}", 1)
    undecorated = header[header.index(f"def {definition.name}"):]
    positional, keywords = _passed(definition.args)
    method = definition.col_offset > 0 and positional and getattr(positional[0], "id", None) == "self"
    callee = ast.Attribute(ast.Name("self", ast.Load()), traced_name, ast.Load()) if method else \
        ast.Name(traced_name, ast.Load())
    called = ast.unparse(ast.Call(callee, positional[1:] if method else positional, keywords))
    note = "" if any("jit" in line for line in header.splitlines()[:-1]) else (  # jitted where it is called
        f"# jit `{traced_name}` where `{definition.name}` was jitted, and call `{definition.name}` without jit\n")
    returned_text = f"{indent}return {', '.join(live)}"
    host_call = f"{indent}{', '.join(live)} = {called}"
    moved = written(statement).split("\n")
    moved[0] += "  # outside jit"
    return note + textwrap.dedent("\n".join([traced, *(written(s) for s in before), returned_text, "",
                                      (" " * definition.col_offset) + undecorated.lstrip(), host_call, *moved,
                                      *(written(s) for s in after)]))


def _passed(args: ast.arguments) -> tuple[list[ast.expr], list[ast.keyword]]:
    """The call of the jitted part with the host function's own parameters, as they were given."""
    positional: list[ast.expr] = [ast.Name(p.arg, ast.Load()) for p in (*args.posonlyargs, *args.args)]
    if args.vararg:
        positional.append(ast.Starred(ast.Name(args.vararg.arg, ast.Load()), ast.Load()))
    keywords = [ast.keyword(p.arg, ast.Name(p.arg, ast.Load())) for p in args.kwonlyargs]
    if args.kwarg:
        keywords.append(ast.keyword(None, ast.Name(args.kwarg.arg, ast.Load())))
    return positional, keywords


def _listed(names: list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)
