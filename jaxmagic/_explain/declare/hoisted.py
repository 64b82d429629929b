"""A library's call that cannot run under jit at all, run before the jitted call instead.

``dst, src = e3x.ops.dense_to_sparse_indices(adj_idx)`` as a statement of a jitted function: the library indexes
with a mask of ``adj_idx``'s values (a shape that depends on them), or builds its objects with Python checks on
them. No option of the jit keeps the value a Python one inside that library's code; the call runs on the
concrete value before the jit, and the jitted function uses its results (passed in, or closed over). The fix is that statement,
moved: a pattern for the user's function and call, since their signature changes; not tried.

When the library's call reads the function's own arguments (cvxpylayers' ``layer(c_val)`` turning its problem data
into NumPy arrays, brainpy's runner counting steps with ``int()``), nothing can move before the jit: the function is
called without it, the library compiling or running its own parts. Not tried either: without jit the call runs.

A size the jitted function computes from its arrays' values (``num_nodes = graph["receivers"].max() + 1``, then
``jnp.zeros((num_nodes, 3))``) cannot be known while tracing, and no option of the jit makes it so: the statement
moves to the caller, where the arrays hold values, and the function takes the size as a static parameter. Tried
with the size the call's own values give, computed with NumPy (nothing compiles).

A global object's method that keeps what it makes (colabdesign's ``rng.get()``, splitting a key it keeps), called
inside the jitted function on none of its values, leaks what it kept; it is called by the caller instead, once per
call, and its result passed in. Tried with its result's shape and dtype (``jax.eval_shape``, the object's attributes
put back after).
"""
from __future__ import annotations

import ast
from typing import Any

import jax
import numpy as np

from ..._common.frames import quiet_leaves, installed_package, kept_as_it_was, library_entry
from ..._common.source import body_statement, copied, enclosing_function, names_in, parameter_names, stored_names
from ..explanation import Fix
from ..fixes.site import Site, dotted_of, jit_spelled
from ..values.callee import resolved
from .leaf import Static, static_jitted_code

__all__ = ["built_outside_fix", "hoisted_call_fix", "hoisted_method_fix", "hoisted_size_fix", "unjitted_fix"]


def hoisted_call_fix(exc: BaseException, tree: ast.Module | None, lineno: int | None, globals_: dict | None) -> Fix | None:
    """The failing statement moved before the jitted call, when it is a statement of its own in the function's
    body that calls an installed library's code (where the error was raised) on the function's parameters."""
    if tree is None or lineno is None or library_entry(exc) is None:
        return None
    function = enclosing_function(tree, lineno)
    statement = body_statement(function, lineno)  # (a lambda's body is one expression: no statement to move)
    if not isinstance(statement, (ast.Assign, ast.Expr)) or not isinstance(statement.value, ast.Call):
        return None
    params = set(parameter_names(function))
    read = {n.id for n in ast.walk(statement.value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    root = (dotted_of(statement.value.func) or "").split(".")[0]
    if not read & params or not _library_name(root, globals_ or {}):
        return None
    local = {n for s in function.body[: function.body.index(statement)] for n in stored_names(s)}
    if read & local:
        return None  # it reads what the function computed first: not a statement of its inputs alone
    made = [n.id for t in getattr(statement, "targets", []) for n in ast.walk(t) if isinstance(n, ast.Name)]
    taken = ", ".join(sorted(read & params))
    given = ", ".join(made) if made else "its result"
    code = (f"{ast.unparse(statement)}   # before the jitted call, on the concrete {taken}\n"
            f"# then `{function.name}` uses {given} made there (passed in, or closed over) in place of {taken}")
    return Fix("static", code, f"`{root}`'s code here cannot run under jit on a traced {taken} (it needs the "
                               "values, not only their shapes): run the call before jitting, on the concrete "
                               "values, and pass its results in", template=True)


def _library_name(root: str, globals_: dict) -> bool:
    """True when the user's name ``root`` is an installed library's module, class or function (not JAX's)."""
    value: Any = globals_.get(root)
    module = getattr(value, "__name__", "") if isinstance(value, type(ast)) else getattr(value, "__module__", "") or ""
    top = module.split(".")[0]
    return bool(top) and top not in ("jax", "jaxlib", "numpy", "builtins", "__main__") and not top.startswith(
        "jaxmagic")


def unjitted_fix(exc: BaseException, tree: ast.Module | None, lineno: int | None, globals_: dict | None = None
                 ) -> Fix | None:
    """The user's function called without the jit its decorator gives it, when library code it calls (where the
    error was raised) refused a traced value; not when the failing line builds a library object (squishyplanet's
    ``OblateSystem(...)``): that is built before the jit, and the rest stays jitted."""
    entry = library_entry(exc)
    function = enclosing_function(tree, lineno) if tree is not None and lineno is not None else None
    if entry is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    statement = body_statement(function, lineno)
    made = getattr(statement, "value", None)
    if isinstance(made, ast.Call) and isinstance(resolved(dotted_of(made.func), globals_ or {}), type):
        return None
    jits = [d for d in function.decorator_list if _is_jit(d)]
    if not jits:
        return None
    library = installed_package(entry.tb_frame.f_code.co_filename) or "the library"
    kept = [f"@{ast.unparse(d)}" for d in function.decorator_list if d not in jits]
    header = ast.unparse(function).splitlines()[len(function.decorator_list)]
    code = "\n".join([*kept, f"{header}   # no @{ast.unparse(jits[0])}", "    ...  # the body as it is"])
    fix = Fix("remove-inner-jit", code,
              f"`{library}`'s own code needs the values, not only their shapes, so `{function.name}` cannot be "
              f"traced as a whole: call it without jit ({library} compiles or runs its own parts), and jit the "
              "pieces of your own code around it where they need it", template=True)  # its body: the user's to cut
    fix.outcome = "without jit the call runs your code, which jaxmagic does not do for you"
    return fix


def built_outside_fix(exc: BaseException, tree: ast.Module | None, lineno: int | None) -> Fix | None:
    """A library's object built in the user's jitted function from its arguments, where the library needs their
    values (jaxGW's heterodyne likelihood computes its coefficients with NumPy from a waveform at the reference
    point): under jit even a constant's operations are traced, so no static option reaches it. The statements up
    to the failing one run in a function of their own, without jit, once per value of what they read; the rest is
    the jitted function, closing over what they built. Not tried: building runs the user's code on the values."""
    entry = library_entry(exc)
    function = enclosing_function(tree, lineno) if tree is not None and lineno is not None else None
    if entry is None or not isinstance(function, ast.FunctionDef) or function not in getattr(tree, "body", []):
        return None
    jits = [d for d in function.decorator_list if _is_jit(d)]
    statement = body_statement(function, lineno)
    if len(jits) != 1 or len(function.decorator_list) != 1 or isinstance(jits[0], ast.Call) or \
            not isinstance(statement, ast.Assign) or not isinstance(statement.value, ast.Call) or \
            [type(t) for t in statement.targets] != [ast.Name]:
        return None
    cut = function.body.index(statement) + 1
    prefix, rest = function.body[:cut], function.body[cut:]
    a = function.args
    params = [p.arg for p in a.args]
    if not rest or a.posonlyargs or a.vararg or a.kwarg or a.kwonlyargs or a.defaults:
        return None
    loads = lambda body: {n.id for s in body for n in ast.walk(s)  # noqa: E731
                          if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    stores = lambda body: {n for s in body for n in stored_names(s)}  # noqa: E731
    needed, wanted = [statement], loads([statement])  # the statements the failing one reads, back to the parameters
    for earlier in reversed(prefix[:-1]):
        if stores([earlier]) & wanted:
            needed.insert(0, earlier)
            wanted |= loads([earlier])
    inner_body = [*(s for s in prefix if s not in needed), *rest]  # the rest, and what the build does not need
    built_from = [p for p in params if p in wanted]
    traced = [p for p in params if p in loads(inner_body) and p not in built_from]
    if not built_from or not traced or stores(inner_body) & (stores(needed) | set(built_from)) or any(
            isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom)) for s in needed for n in ast.walk(s)):
        return None  # (a name the rest binds again would be a local of the inner function: unbound where read)
    calls = [c for c in ast.walk(tree) if isinstance(c, ast.Call) and getattr(c.func, "id", None) == function.name]
    at = [s for s in tree.body if isinstance(s, (ast.Expr, ast.Assign)) and s.value in calls]  # the cell's own call
    if len(calls) != 1 or len(at) != 1 or any(isinstance(x, ast.Starred) for x in calls[0].args) or \
            any(k.arg is None for k in calls[0].keywords) or len(calls[0].args) > len(params):
        return None
    given = {**dict(zip(params, calls[0].args)), **{k.arg: k.value for k in calls[0].keywords}}
    if any(p not in given for p in params):
        return None
    name, built = function.name, statement.targets[0].id
    arguments = lambda names: ast.arguments([], [ast.arg(n) for n in names], None, [], [], None, [])  # noqa: E731
    inner = ast.FunctionDef(name=name, args=arguments(traced), body=inner_body, decorator_list=[jits[0]],
                            returns=None, type_params=[])
    maker = ast.FunctionDef(name=f"make_{name}", args=arguments(built_from), decorator_list=[], returns=None,
                            body=[*needed, inner, ast.Return(ast.Name(name))], type_params=[])
    made = ast.Assign([ast.Name(name, ast.Store())], ast.Call(ast.Name(f"make_{name}"), [given[p] for p in built_from],
                                                             []), lineno=0)
    call = ast.Call(ast.Name(name), [given[p] for p in traced], [])
    again = ast.Assign(at[0].targets, call, lineno=0) if isinstance(at[0], ast.Assign) else call
    library = installed_package(entry.tb_frame.f_code.co_filename) or "the library"
    taken = ", ".join(f"`{p}`" for p in built_from)
    unparsed = ast.unparse(ast.fix_missing_locations(maker)).splitlines()
    lines = [line for i, line in enumerate(unparsed) if line or not unparsed[i - 1].rstrip().endswith(":")]
    lines[0] += f"   # no jit: {library} needs the values of {taken}"
    code = "\n".join([*lines, "", ast.unparse(made) + "   # built once, before the jit", ast.unparse(again)])
    fix = Fix("static", code, f"`{library}` builds `{built}` from the values of {taken} (NumPy, or a size they "
                              "decide), and under jit even a constant's operations are traced: build it before the "
                              f"jit, once per value of {taken}, and jit only what uses it")
    fix.outcome = "building it runs your code on the values, which jaxmagic does not do for you"
    return fix


def _is_jit(decorator: ast.expr) -> bool:
    """``@jax.jit``, ``@bm.jit``, ``@jit``, ``@jax.jit(...)`` or ``@partial(jax.jit, ...)``."""
    if isinstance(decorator, ast.Call):
        named = dotted_of(decorator.func) or ""
        if named.split(".")[-1] == "partial" and decorator.args:
            return _is_jit(decorator.args[0])
        decorator = decorator.func
    return (dotted_of(decorator) or "").split(".")[-1] in ("jit", "filter_jit")


def hoisted_size_fix(site: Site) -> Fix | None:
    """A Python integer the jitted function computes from its arrays' values, read (directly or through other
    local names) by the failing statement: made a static parameter that the caller computes where the arrays
    hold values."""
    facts, definition, node = site.facts, site.definition, site.node
    if facts is None or facts.source is None or not isinstance(definition, ast.FunctionDef) or node is None or \
            not site.data_dependent:  # a Python number passed (weakly typed): static as it is, no need to move
        return None
    own = facts.source[0]
    if not isinstance(own, ast.FunctionDef) or (own.name, own.lineno) != (definition.name, definition.lineno):
        return None  # the failing line is in a helper the jitted function calls: its caller is not the user's call
    failing = next((s for s in own.body if s.lineno <= getattr(node, "lineno", 0) <= (s.end_lineno or s.lineno)),
                   None)
    if failing is None:
        return None
    params = set(parameter_names(own))
    assigned = _single_assignments(own, params)
    found = _traced_count(failing, assigned, site.locals_ or {})
    if found is None:
        return None
    name, statement = found
    made_before = _statements_read(statement.value, assigned, statement.lineno)
    local = {k: v for k, v in (site.globals_ or {}).items() if k not in params and k not in assigned}  # (a global
    # ``labels`` the function's parameter ``labels`` hides)
    if not all(_array_math(s.value, local) for s in [statement, *(s for _, s in made_before)]):
        return None  # it calls a function of the user's or a library's (an inner jit): no size of the data alone
    if not set(names_in(statement.value)) & (params | {n for n, _ in made_before}) or \
            not _reads_parameters(statement, made_before, params):
        return None
    edited = copied(own)
    edited.body = [s for s in edited.body if s.lineno != statement.lineno]
    edited.args.kwonlyargs.append(ast.arg(name))
    edited.args.kw_defaults.append(None)
    value = _computed(statement, made_before, facts.values, site.globals_ or {})
    recipe = Static(add=(name,), replace={name: value}, edited=(edited, facts.source[1])) if value is not None \
        else None
    if facts.wrapper == "equinox.filter_jit":  # a Python int passed to filter_jit is static already
        code = ast.unparse(edited)
    elif recipe is not None:
        code = static_jitted_code(facts, recipe, [name], jit_spelled(facts), site.globals_ or {})
    else:
        code = static_jitted_code(facts, Static(add=(name,), edited=(edited, facts.source[1])), [name],
                                  jit_spelled(facts), site.globals_ or {})
    before = [ast.unparse(s) for _, s in made_before]
    computed = ast.unparse(statement.value)
    passed = [p for p in facts.params if p != name]
    lines = [*before, f"{name} = int({computed})", f"{facts.name}({', '.join([*passed, f'{name}={name}'])})"]
    arguments = ", ".join(f"`{p}`" for p in sorted(set(names_in(statement.value)) & params)) or "your arrays"
    fix = Fix(
        "static", f"{code}\n\n# and compute it before the call, where the arrays hold values:\n"
                  + "\n".join(f"# {line}" for line in lines),
        f"`{name}` is computed from the values of {arguments}, and a tracer has only shape and dtype: a size must "
        "be a Python int while the function is traced. Compute it before the call and pass it as a static argument",
        recipe=recipe,
        warning=f"each new value of `{name}` compiles the function again; where it changes on most calls, keep a "
                "fixed maximum size and mask the unused part instead",
    )
    if recipe is None:
        fix.outcome = f"`{name}` is computed from values jaxmagic does not have here, only their shapes"
    return fix


def _single_assignments(function: ast.FunctionDef, params: set[str]) -> dict[str, ast.Assign]:
    """Each local name assigned exactly once in the function, by a statement of its body ``name = ...``."""
    stores = stored_names(function)
    return {s.targets[0].id: s for s in function.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and
            isinstance(s.targets[0], ast.Name) and stores.get(s.targets[0].id) == 1 and s.targets[0].id not in params}


def _traced_count(failing: ast.stmt, assigned: dict[str, ast.Assign], held: dict) -> tuple[str, ast.Assign] | None:
    """The first local name, among those the failing statement reads and those their assignments read, that holds
    a traced integer scalar in the failing frame."""
    queue, seen = list(names_in(failing)), set()
    while queue:
        name = queue.pop(0)
        if name in seen or name not in assigned:
            continue
        seen.add(name)
        statement = assigned[name]
        if statement.lineno >= failing.lineno:
            continue
        value = held.get(name)
        if isinstance(value, jax.core.Tracer) and getattr(value, "shape", None) == () and \
                np.issubdtype(getattr(value, "dtype", np.float32), np.integer):
            return name, statement
        queue += list(names_in(statement.value))
    return None


def _statements_read(expression: ast.expr, assigned: dict[str, ast.Assign], before: int) -> list[tuple[str, ast.Assign]]:
    """The assignments (before line ``before``) whose names ``expression`` reads, directly or through each other,
    in the function's order."""
    found: dict[str, ast.Assign] = {}
    queue = list(names_in(expression))
    while queue:
        name = queue.pop(0)
        statement = assigned.get(name)
        if statement is None or name in found or statement.lineno >= before:
            continue
        found[name] = statement
        queue += list(names_in(statement.value))
    return sorted(found.items(), key=lambda item: item[1].lineno)


def _array_math(expression: ast.expr, globals_: dict) -> bool:
    """True when ``expression`` calls only array methods (``ids.max()``), ``jax.numpy``'s or NumPy's functions
    and Python's own ``int``, ``len``, ``max``, ``min``, ``sum``, ``abs`` and ``round``."""
    for node in ast.walk(expression):
        if not isinstance(node, ast.Call):
            continue
        dotted = dotted_of(node.func)
        if dotted is None:
            if not isinstance(node.func, ast.Attribute):
                return False
            continue  # a method of a computed value: ``(ids + 1).max()``
        root = globals_.get(dotted.split(".")[0])
        if "." not in dotted:
            if dotted not in ("int", "len", "max", "min", "sum", "abs", "round") or dotted in globals_:
                return False
        elif root is not None and getattr(root, "__name__", "").split(".")[0] not in ("numpy", "jax"):
            return False  # ``model.count(x)``: a method of a global object, or a library's function
    return True


def _reads_parameters(statement: ast.Assign, made_before: list[tuple[str, ast.Assign]], params: set[str]) -> bool:
    return any(set(names_in(s.value)) & params for s in [statement, *(s for _, s in made_before)])


def _computed(statement: ast.Assign, made_before: list[tuple[str, ast.Assign]], values: dict, globals_: dict
              ) -> int | None:
    """The size as the call's own values give it, computed with NumPy in place of ``jax.numpy`` (no JAX operation
    runs, so nothing compiles); None where a value is abstract or the expression needs JAX itself."""
    namespace = {k: (np if v is jax.numpy else v) for k, v in globals_.items() if v is not jax}
    for name, value in values.items():
        leaves = quiet_leaves(value)
        if any(isinstance(leaf, (jax.core.Tracer, jax.ShapeDtypeStruct)) for leaf in leaves):
            return None
        namespace[name] = jax.tree_util.tree_map(lambda v: np.asarray(v) if isinstance(v, jax.Array) else v, value)
    try:
        for name, made in made_before:
            namespace[name] = eval(compile(ast.Expression(made.value), "<size>", "eval"), namespace)  # noqa: S307
        result = eval(compile(ast.Expression(statement.value), "<size>", "eval"), namespace)  # noqa: S307
    except Exception:  # noqa: BLE001 - an expression NumPy cannot compute: the fix stays untried
        return None
    if np.ndim(result) != 0 or not np.issubdtype(np.asarray(result).dtype, np.integer):
        return None
    return int(result)


def hoisted_method_fix(site: Site) -> Fix | None:
    """The one call of the method of the global object ``site.leak_kept_by`` on the leak's line, reading none of
    the function's values, made by the caller and passed in as a parameter of its own."""
    facts, store, held = site.facts, site.leak_store, site.leak_kept_by
    own = facts.source[0] if facts is not None and facts.source is not None else None
    if not isinstance(own, ast.FunctionDef) or store is None or held is None or not (
            own.lineno <= store.lineno <= (own.end_lineno or own.lineno)):
        return None
    calls = [c for c in ast.walk(store) if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
             and isinstance(c.func.value, ast.Name) and c.func.value.id == held]
    local = set(parameter_names(own)) | stored_names(own).keys() | {  # and what a lambda or comprehension binds
        a.arg for n in ast.walk(own) if isinstance(n, ast.Lambda) for a in ast.walk(n.args) if isinstance(a, ast.arg)
    } | {t.id for n in ast.walk(own) if isinstance(n, ast.comprehension) for t in ast.walk(n.target)
         if isinstance(t, ast.Name)}
    if len(calls) != 1 or set(names_in(calls[0])) & local:
        return None
    call, name = calls[0], f"{held}_{calls[0].func.attr}"
    if name in local:
        return None
    edited = copied(own)
    for node in ast.walk(edited):
        for field, old in ast.iter_fields(node):
            if isinstance(old, ast.Call) and ast.dump(old) == ast.dump(call) and old.lineno == call.lineno:
                setattr(node, field, ast.copy_location(ast.Name(name, ast.Load()), old))
            elif isinstance(old, list):
                old[:] = [ast.copy_location(ast.Name(name, ast.Load()), o) if isinstance(o, ast.Call) and ast.dump(
                    o) == ast.dump(call) and o.lineno == call.lineno else o for o in old]
    edited.args.kwonlyargs.append(ast.arg(name))
    edited.args.kw_defaults.append(None)
    value = _result_shape(call, site.globals_ or {}, held)
    passed = ", ".join([*(p for p in facts.params), f"{name}={ast.unparse(call)}"])
    code = (f"{ast.unparse(edited)}\n\n# and call it outside the jit, once per call, where `{held}` may keep what "
            f"it makes:\n# {(facts.jitted_as or (None,))[0] or facts.name}({passed})")
    return Fix("return-value", code, f"`{held}.{call.func.attr}()` keeps what it makes, and made inside the jit that "
               f"is a tracer; call it outside, where its result is concrete, and pass the result in",
               recipe=Static(replace={name: value}, edited=(edited, facts.source[1])) if value is not None else None)


def _result_shape(call: ast.Call, globals_: dict, held: str) -> Any:
    """The shape and dtype of what ``call`` returns (``jax.eval_shape``), the object's attributes put back after;
    None where it cannot be traced alone."""
    try:
        with kept_as_it_was(globals_.get(held)):
            return jax.eval_shape(lambda: eval(compile(ast.Expression(copied(call)), "<call>", "eval"),  # noqa: S307
                                               dict(globals_)))
    except Exception:  # noqa: BLE001 - a method that needs values, or none a trace can run
        return None
