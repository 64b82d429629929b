"""A value the jitted function computes from constants, made before the jit, where it is a Python value.

``kr, keep = diagnostics.ispec_grid(grid)`` inside a jitted function reads only a grid it closes over, yet under jit
every array operation gives a tracer, so ``kr[:keep]`` meets a traced bound. Run once before the jitted function,
its results are concrete, and the function closes over them (a name the cell assigns elsewhere gets a name of its
own); tried by running the statement alone, outside any trace, and the failing trace again without it. So too a
library's call on a parameter (``rays = jaxcam.get_rays_from_camera(camera)``), run on the value the call passes.
A size computed with ``jnp`` from shapes alone (``n = jnp.prod(x.shape)``) is made with NumPy where it stands.
"""
from __future__ import annotations

import ast
import builtins
import contextlib
import io
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from ..._common.frames import holds_tracer, is_installed_library, library_entry, traceback_entries
from ..._common.source import body_statement, clone, parameter_names, stored_names
from ..._tracking import monitor
from ..dataflow import shape_reads
from ..explanation import Fix
from ..fixes.rewrites import Edit, attr
from ..fixes.site import Site, dotted_of, edit_fix, is_jnp
from ..rebuild import Names
from ..recover import Impure, evaluate_pure, frame_of
from ..retrace.budget import OutOfTime, capped, retrace_seconds, within_budget

__all__ = ["Hoisted", "constant_object_fix", "constant_statement_fix", "handed_statement_fix", "jnp_assignment",
           "jnp_on_shapes", "numpy_constants_fix", "numpy_for_shapes", "numpy_statement_fix"]


class Hoisted(Edit):
    """The statement removed from the function (``target``, replaced by nothing; reads renamed in ``also``), with
    ``defines``: the values it made when run before the jit, which the function's globals hold during the try."""

    def __init__(self, target: ast.stmt, also: list[tuple[ast.AST, ast.AST]], defines: dict[str, Any]) -> None:
        super().__init__(target, [], also)
        self.defines = defines


def constant_statement_fix(function: ast.AST | None, node: ast.AST | None, tree: ast.Module | None,
                           globals_: dict | None, filename: str | None) -> Fix | None:
    """The statement of ``function``'s body that made a value the failing ``node`` reads from no parameter and no
    earlier value of the function, moved before the jit; None when there is no such statement or it fails."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or node is None or tree is None \
            or globals_ is None:
        return None
    statement = _constant_statement(function, node)
    if statement is None or all(_jax_own(c.func, globals_) or _builtin(c.func, globals_)
                                for c in ast.walk(statement.value) if isinstance(c, ast.Call)):
        # ``ax = jnp.array(0)``, ``n = int(8 * jnp.ceil(...))``: NumPy makes it a Python value where it stands
        return None  # (numpy-for-static)
    if statement.lineno <= node.lineno <= (statement.end_lineno or statement.lineno) and not isinstance(
            _root(statement.value.func), ast.Name):
        return None  # the failing line itself: a library's function of constants only, not ``jnp.f(...).tolist()``
    made = [n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    elsewhere = _assigned_outside(tree, function)
    renamed = {name: _free_name(f"{name}_const", globals_, tree) for name in made
               if name in elsewhere or name in globals_}
    values = _run_alone(statement, globals_, filename or "<cell>")
    if values is None:
        return None
    moved = clone(statement)
    also: list[tuple[ast.AST, ast.AST]] = []
    for target in moved.targets:
        for name in ast.walk(target):
            if isinstance(name, ast.Name) and name.id in renamed:
                name.id = renamed[name.id]
    start = function.body.index(statement) + 1
    for later in function.body[start:]:
        for read in ast.walk(later):
            if isinstance(read, ast.Name) and isinstance(read.ctx, ast.Load) and read.id in renamed:
                also.append((read, ast.Name(renamed[read.id], ast.Load())))
    defines = {renamed.get(name, name): values[name] for name in made if name in values}
    moved_code = ast.unparse(moved)
    code = (f"{moved_code}   # moved before `{function.name}`: made once, concrete\n"
            f"# (and gone from `{function.name}`"
            + (f", which reads {', '.join(f'`{v}`' for v in renamed.values())} instead" if renamed else "") + ")")
    return Fix(
        "static", code,
        f"`{ast.unparse(statement.value)[:60]}` reads nothing `{function.name}` is given, yet under jit every array "
        "operation makes a tracer: run it once before the jitted function, where its results are Python values and "
        "arrays the function closes over as constants",
        recipe=Hoisted(statement, also, defines),
    )


def handed_statement_fix(exc: BaseException, function: ast.AST | None, lineno: int | None, tree: ast.Module | None,
                         globals_: dict | None, filename: str | None, values: dict | None) -> Fix | None:
    """``rays = jaxcam.get_rays_from_camera(camera)`` in the jitted function, the library needing ``camera``'s values
    (its image size as Python ints): the statement run before the jit on the concrete ``camera`` the call passes, and
    the function reading what it made. Tried by running it so, outside any trace (the parameter bound to the call's
    value), and the failing trace again without the statement. None unless it runs."""
    statement = body_statement(function, lineno) if library_entry(exc) is not None and lineno is not None else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(statement, ast.Assign) \
            or tree is None or globals_ is None or not values or statement not in function.body or \
            not all(isinstance(t, (ast.Name, ast.Tuple)) for t in statement.targets):
        return None
    read = {n.id for n in ast.walk(statement.value) if isinstance(n, ast.Name)} & set(parameter_names(function))
    if not read or any(holds_tracer(values.get(p)) or p not in values for p in read):
        return None
    names = [n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if set(names) & {*parameter_names(function), *(n for s in function.body if s is not statement
                                                   for n in stored_names(s))}:
        return None  # (``Ai, Aj, Ax = coalesce(Ai, Aj, Ax)``: the parameters would hide what was made outside)
    made = _run_alone(statement, {**globals_, **{p: values[p] for p in read}}, filename or "<cell>", share=0.3)
    if made is None or not all(n in made for n in names):
        return None
    renamed = {n: _free_name(f"{n}_const", globals_, tree) for n in names if n in _assigned_outside(tree, function)
               or n in globals_}
    also = [(r, ast.Name(renamed[r.id], ast.Load())) for later in function.body[function.body.index(statement) + 1:]
            for r in ast.walk(later) if isinstance(r, ast.Name) and isinstance(r.ctx, ast.Load) and r.id in renamed]
    moved = clone(statement)
    for name in (n for t in moved.targets for n in ast.walk(t) if isinstance(n, ast.Name)):
        name.id = renamed.get(name.id, name.id)
    passed = _passed_by_the_call(function, tree)
    moved.value = _Given(passed).visit(moved.value)  # what the cell's call gives each parameter, where it is one
    taken = ", ".join(f"`{p}`" for p in sorted(read))
    code = (f"{ast.unparse(moved)}   # before `{function.name}`, on the concrete {taken} your call passes\n"
            f"# (and gone from `{function.name}`, which reads what it made: made again for each new {taken})")
    return Fix("static", code, "the library's code on this line needs concrete values, and under jit every array "
               f"operation gives a tracer: run it once before the jitted call, on the concrete {taken} your call "
               f"passes, and let `{function.name}` close over what it makes", recipe=Hoisted(statement, also, {
                   renamed.get(n, n): made[n] for n in names}))


def _passed_by_the_call(function: ast.FunctionDef, tree: ast.Module) -> dict[str, ast.expr]:
    """The expressions the cell's one top-level call of ``function`` gives its parameters (none if not one)."""
    calls = [s.value for s in tree.body if isinstance(s, (ast.Expr, ast.Assign)) and isinstance(s.value, ast.Call)
             and isinstance(s.value.func, ast.Name) and s.value.func.id == function.name]
    if len(calls) != 1 or any(isinstance(a, ast.Starred) for a in calls[0].args):
        return {}
    return {**dict(zip(parameter_names(function), calls[0].args)), **{k.arg: k.value for k in calls[0].keywords
                                                                       if k.arg}}


class _Given(ast.NodeTransformer):  # each parameter read, replaced by what the call gives it
    def __init__(self, passed: dict[str, ast.expr]) -> None:
        self.passed = passed

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return clone(self.passed[node.id]) if node.id in self.passed and isinstance(node.ctx, ast.Load) else node


def constant_object_fix(exc: BaseException, function: ast.AST | None, node: ast.AST | None, globals_: dict | None,
                        filename: str | None, passed: dict | None = None) -> Fix | None:
    """``R, var = mcfit.TophatVar(k, lowring=True)(pk)`` in a jitted function: a library's object made on the failing
    line from constants (a grid the function closes over, or the very global the caller passed), whose maker needs
    concrete values, yet under jit every array operation in it gives a tracer. Made once before the jitted function,
    it is a concrete object the function closes over. Tried by making it so, outside any trace, and running the
    failing trace again with the line reading it."""
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or node is None or globals_ is None:
        return None
    statement = next((s for s in function.body if s.lineno <= node.lineno <= (s.end_lineno or s.lineno)), None)
    params = set(parameter_names(function))
    local = {n for s in function.body for n in stored_names(s)} | params
    # a parameter given the global of its own name reads as that global (``xi_of(k, pk)`` with the cell's ``k``)
    same = {p for p in params if p in globals_ and (passed or {}).get(p, _MISSING) is globals_[p]}
    makers = [c for c in ast.walk(statement) if isinstance(c, ast.Call) and _library_class(c.func, globals_) and
              not {n.id for n in ast.walk(c) if isinstance(n, ast.Name)} & (local - same)] if statement else []
    if len(makers) != 1 or makers[0] is getattr(statement, "value", None):
        return None  # the statement only makes the object: moved whole by ``constant_statement_fix``
    maker = makers[0]
    cls = _class_of(maker.func, globals_)
    if not _raised_making(exc, cls):
        return None  # the error came later, not from making the object
    name = _free_name("".join(f"_{c.lower()}" if c.isupper() else c for c in cls.__name__).strip("_"), globals_,
                      function)
    made = _run_alone(ast.Assign([ast.Name(name, ast.Store())], clone(maker), lineno=1), globals_, filename or "<cell>")
    if made is None or name not in made:
        return None
    edited = clone(statement)
    for sub in ast.walk(edited):  # the one call of the class, read by its name
        for field, value in ast.iter_fields(sub):
            if isinstance(value, ast.Call) and ast.dump(value) == ast.dump(maker):
                setattr(sub, field, ast.Name(name, ast.Load()))
    code = (f"{name} = {ast.unparse(maker)}   # made once, before `{function.name}`: concrete\n...\n"
            f"{ast.unparse(edited)}   # in `{function.name}`")
    read = sorted(same & {n.id for n in ast.walk(maker) if isinstance(n, ast.Name)})
    given = f" (the {', '.join(f'`{r}`' for r in read)} your call passes is the cell's own)" if read else ""
    fix = Fix("static", code,
              f"`{cls.__name__}` is made here from constants only{given}, but its maker needs concrete values, and "
              f"under jit every array operation gives a tracer: make it once before `{function.name}`, which then "
              "closes over the finished object", recipe=Edit(statement, edited))
    fix.recipe.defines = {name: made[name]}  # the function traced again reads the object made outside
    return fix


_MISSING = object()


def _raised_making(exc: BaseException, cls: type) -> bool:
    """True when the error was raised while an object of ``cls`` was being made (its ``__init__`` on the stack)."""
    return any(tb.tb_frame.f_code.co_name in ("__init__", "__post_init__", "__new__") and isinstance(
        tb.tb_frame.f_locals.get("self", tb.tb_frame.f_locals.get("cls")), cls)
        for tb in traceback_entries(exc.__traceback__))


def _class_of(func: ast.expr, globals_: dict) -> Any:
    try:
        return evaluate_pure(func, frame_of(globals_)) if isinstance(func, (ast.Name, ast.Attribute)) else None
    except Impure:
        return None


def _library_class(func: ast.expr, globals_: dict) -> bool:
    """True when ``func`` names a class of an installed library's (not JAX's, NumPy's or the user's)."""
    cls = _class_of(func, globals_)
    return isinstance(cls, type) and (cls.__module__ or "").split(".")[0] not in (
        "jax", "jaxlib", "numpy", "builtins", "__main__") and is_installed_library(
        getattr(sys.modules.get(cls.__module__), "__file__", None) or "")


def numpy_statement_fix(site: Site) -> Fix | None:
    """``order = jnp.asarray(meta["order"])`` in the jitted function, from no argument, then ``Sx[order == 1]``:
    the mask made with NumPy, concrete under jit, selects as it does outside (the result keeps its length); None
    unless the failing line reads such a statement of JAX's own calls."""
    function, node, globals_ = site.definition, site.node, site.globals_ or {}
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or node is None:
        return None
    statement = _constant_statement(function, node)
    if statement is None or statement.lineno >= node.lineno or not _jax_own(statement.value.func, globals_):
        return None
    new, swapped = _in_numpy(statement, site, lambda call, dotted: hasattr(np, dotted.rsplit(".", 1)[-1]))
    if not swapped:
        return None
    return edit_fix("numpy-for-static", statement, new,
                    f"`{swapped[0]}` makes a tracer under jit even of constants, so the mask made from it is traced; "
                    f"made with NumPy it is concrete (it reads no argument), and selecting with it keeps the result "
                    "as it is outside jit")


def _constant_statement(function: ast.AST, node: ast.AST) -> ast.Assign | None:
    """The top-level assignment of ``function`` that last made a name ``node`` reads, when it reads no parameter
    and no name the function assigned before it."""
    params = set(parameter_names(function))
    read = [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
    last: dict[str, tuple[ast.stmt, bool]] = {}  # each name: the statement that last made it, and whether constant
    assigned: set[str] = set()
    for statement in function.body:
        stored = set(stored_names(statement))
        uses = {n.id for n in ast.walk(getattr(statement, "value", statement)) if isinstance(n, ast.Name)}
        constant = isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call) and \
            all(isinstance(t, (ast.Name, ast.Tuple)) for t in statement.targets) and not uses & (params | assigned)
        if statement.lineno >= node.lineno:  # the failing statement itself, made of constants (audax's slaney
            # filters: its own mask of values computed from constants, traced under jit)
            if constant and node.lineno <= (statement.end_lineno or statement.lineno):
                return statement
            break
        for name in stored:
            last[name] = (statement, constant)
        assigned |= stored
    return next((last[name][0] for name in read if name in last and last[name][1]), None)


def _root(func: ast.expr) -> ast.expr:
    while isinstance(func, ast.Attribute):
        func = func.value
    return func


def _jax_own(func: ast.expr, globals_: dict) -> bool:
    """True when the called function is JAX's or NumPy's own (``jnp.array``), not a library's or the user's."""
    root = _root(func)
    value = globals_.get(root.id) if isinstance(root, ast.Name) else None
    module = getattr(value, "__name__", "") if isinstance(value, type(ast)) else getattr(value, "__module__", "") or ""
    return module.split(".")[0] in ("jax", "jaxlib", "numpy")


def _builtin(func: ast.expr, globals_: dict) -> bool:
    """True when the called function is one of Python's builtins (``int``, ``round``) not shadowed in the cell."""
    return isinstance(func, ast.Name) and func.id not in globals_ and hasattr(builtins, func.id)


def _assigned_outside(tree: ast.Module, function: ast.AST) -> set[str]:
    """The names the cell assigns at its top level (the function's own statements apart)."""
    inside = {id(n) for n in ast.walk(function)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            and id(n) not in inside}


def _free_name(wanted: str, globals_: dict, tree: ast.Module) -> str:
    taken = set(globals_) | {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    name = wanted
    while name in taken:
        name += "_"
    return name


def _run_alone(statement: ast.Assign, globals_: dict, filename: str, share: float = 1.0) -> dict[str, Any] | None:
    """The names the statement assigns, run on its own in a copy of the user's namespace, outside any trace (its
    output hidden, jaxmagic's compile counts untouched); None when it fails, or when the explanation's time for
    tries (``share`` of it) is spent: a jit inside it (JAX's own at a first run) stops then, as a re-trace does."""
    scope = dict(globals_)
    code = compile(ast.fix_missing_locations(ast.Module([clone(statement)], [])), filename, "exec")
    try:
        with monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
                capped(share * retrace_seconds()), within_budget():
            exec(code, scope)  # noqa: S102 - the user's own statement, as the fix runs it
    except (Exception, OutOfTime):  # noqa: BLE001 - it cannot run before the jit either (or in time): no fix
        return None
    return {name: scope[name] for name in scope if name not in globals_ or scope[name] is not globals_[name]}


def numpy_constants_fix(site: Site) -> Fix | None:
    """The ``jnp`` calls of the failing line that read no traced value (``jnp.linspace(0.0, 1.0, x.shape[0])``),
    made with NumPy, where library code turns the value into a NumPy array (coordax's ``LabeledAxis`` ticks, static
    metadata): under jit ``jnp`` makes a tracer even of constants; NumPy keeps them a concrete array. None when the
    failing value depends on an argument or no such call is there."""
    if site.kind != "array-conversion" or site.paths or not isinstance(site.node, ast.Call):
        return None
    traced = {n for n, v in (site.locals_ or {}).items() if holds_tracer(v)}
    new, swapped = _in_numpy(site.node, site, lambda call, dotted: not _reads_values(call, traced))
    if not swapped:
        return None
    return edit_fix("numpy-for-static", site.node, new,
                    f"`{swapped[0]}` makes a tracer under jit even of constants, and the library needs a concrete "
                    "array here; NumPy computes it as one (it depends on no argument, only on shapes)")


def _in_numpy(node: ast.AST, site: Site, wanted: Callable[[ast.Call, str], bool]) -> tuple[ast.AST, list[str]]:
    """A copy of ``node`` with each ``jnp`` call that ``wanted(call, its dotted name)`` accepts made NumPy's, and
    the names of the calls swapped."""
    swapped: list[str] = []

    class _Swap(ast.NodeTransformer):
        def visit_Call(self, sub: ast.Call) -> ast.AST:
            self.generic_visit(sub)
            dotted = dotted_of(sub.func) or ""
            if is_jnp(dotted, site.names) and wanted(sub, dotted):
                swapped.append(dotted)
                sub.func = attr(f"{site.names.np}.{dotted.rsplit('.', 1)[-1]}")
            return sub

    return _Swap().visit(clone(node)), swapped


def _reads_values(call: ast.Call, traced: set[str]) -> bool:
    """True when ``call`` reads a traced local other than through its shape, dtype or size."""
    static = shape_reads(call, whole=True)
    return any(isinstance(n, ast.Name) and n.id in traced and id(n) not in static for n in ast.walk(call))


def jnp_assignment(site: Site, shape_call: ast.Call, of_shapes: bool = False) -> Fix | None:
    """``n = jnp.add(x.size, 1)`` earlier, ``jnp.ones(n)`` here: compute ``n`` with NumPy (``of_shapes``: only
    when ``jnp`` computes it from shapes, not values)."""
    if site.definition is None:
        return None
    used = set()
    for arg in [*shape_call.args, *[k.value for k in shape_call.keywords]]:
        used.update(n.id for n in ast.walk(arg) if isinstance(n, ast.Name))
    for node in ast.walk(site.definition):
        if (
            isinstance(node, ast.Assign)
            and node.lineno < shape_call.lineno
            and any(isinstance(t, ast.Name) and t.id in used for t in node.targets)
            and any(isinstance(c, ast.Call) and is_jnp(dotted_of(c.func) or "", site.names) for c in ast.walk(node.value))
            and (not of_shapes or jnp_on_shapes(ast.Call(ast.Name("_", ast.Load()), [node.value], []), site.names))
        ):
            new = clone(node)
            new.value = numpy_for_shapes(ast.Call(ast.Name("_", ast.Load()), [node.value], []), site.names).args[0]
            return edit_fix(
                "numpy-for-static", node, new,
                f"line {node.lineno} computes a size with `jnp`, which makes a tracer even from static "
                "shapes; compute it with NumPy or plain Python",
            )
    return None


def jnp_on_shapes(node: ast.Call, names: Names) -> bool:
    """True when the size arguments compute with ``jnp`` from shapes (``jnp.prod(x.shape)``)."""
    for arg in [*node.args, *[k.value for k in node.keywords]]:
        for sub in ast.walk(arg):
            if isinstance(sub, ast.Call) and is_jnp(dotted_of(sub.func) or "", names):
                if any(isinstance(s, ast.Attribute) and s.attr in ("shape", "ndim", "size") for s in ast.walk(sub)):
                    return True
    return False


def numpy_for_shapes(node: ast.Call, names: Names) -> ast.Call:
    """A copy of ``node`` with its ``jnp`` calls inside made NumPy's (sizes computed from shapes)."""
    new = clone(node)

    class _Swap(ast.NodeTransformer):
        def visit_Call(self, sub: ast.Call) -> ast.AST:
            self.generic_visit(sub)
            dotted = dotted_of(sub.func) or ""
            if sub is not new and is_jnp(dotted, names):
                sub.func = attr(f"{names.np}.{dotted.rsplit('.', 1)[-1]}")
            return sub

    return _Swap().visit(new)
