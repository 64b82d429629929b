"""Fixes for a leaked tracer: the user's function rewritten to return the value instead of storing it.

When the storing code can be rewritten for the jitted function (:mod:`.thread_out`), the fix is that code,
verified by re-tracing; when it cannot (the storing function runs under a transformation whose call is not
rewritten here), the storing function alone is shown returning the value, marked not tried.
"""
from __future__ import annotations

import ast
import functools
import re

import jax

from ..._common.source import clone, copied, enclosing_function, same_node, text_of
from ..declare.nnx_data import nnx_data_fix
from ..declare.record import into_returned_record
from ..explanation import Fix
from ..values.cached import uncached_fix
from ..values.callee import resolved
from ..values.returnable import returned_instead
from .thread_out import thread_out
from ..fixes.printing import collected_fix
from ..fixes.rewrites import Unstored
from ..fixes.site import Site, static_fix

__all__ = ["leak_fixes"]


def leak_fixes(site: Site) -> list[Fix]:
    names = site.names
    store = site.leak_store
    if site.leak_kept_by and store is not None:  # library code kept the value in a global object it was handed
        # (``data.update_data(cleaned)``): the value returned and handed over by the caller, else a sketch
        handed = (_threaded(site) or _returned_by_scope(site)) if isinstance(store, ast.Expr) else None  # (not an
        # object built there, a GP; the storing function transformed by the cell itself, ``jax.grad(area)(x)``)
        kept = static_fix(site)  # what it keeps given as Python numbers (exojax's temperature range): kept static
        return [*([kept] if kept is not None else []), handed or _kept_by_library(site.leak_kept_by, store)]
    if isinstance(store, ast.Return):  # a closure over traced values, returned inside the output
        return [_closure_fix(site, store)]
    value = _stored_value(store) if store is not None else None
    shown = text_of(value) if value is not None else "value"
    threaded = _threaded(site)
    declared = nnx_data_fix(store, site.tree, site.globals_)  # an NNX module's attribute: data, not structure
    fixes = [*([declared] if declared is not None else []),
        uncached_fix(site, store) or _into_returned_dict(site, store, value) or into_returned_record(site, store, value)
        or threaded or _returned_by_scope(site)
        or Fix(
            "return-value",
            "result = f(x)   # return the value from f instead of storing it, and keep the returned value",
            "a traced value only exists while JAX traces; return it from the function instead of "
            "storing it, and store the returned (concrete) value outside",
            template=True,
        ),
        collected_fix(site, store, value) or (None if _makes_a_function(value, site) else Fix(
            "jax.debug.print", f"{names.jax}.debug.callback(lambda v: print(v), {shown})",
            "to look at the value (or log it), let JAX hand you the concrete value when the compiled function runs")),
    ]
    return [f for f in fixes if f is not None]


def _makes_a_function(value: ast.expr | None, site: Site) -> bool:
    """True for a stored function (``partial(grid, uvw, 2.0)``, a lambda): no array to print, and not a pytree a
    callback could be handed."""
    made = value.func if isinstance(value, ast.Call) else None
    return isinstance(value, ast.Lambda) or made is not None and resolved(text_of(made), site.globals_ or {}) in (
        functools.partial, jax.tree_util.Partial)


def _kept_by_library(held: str, store: ast.stmt) -> Fix:
    """Library code kept the traced value in the global object ``held`` the line handed it: that object stays out
    of the trace; what is needed from it leaves as an output."""
    return Fix(
        "return-value",
        f"{ast.unparse(store)}   # `{held}` keeps what this hands it: use an object made inside the function "
        f"here,\n# return what you need from it, and update `{held}` outside jit from the returned values",
        f"library code keeps what this line hands it in `{held}`, a global object; under jit that is a tracer, "
        f"which outlives the trace. Keep `{held}` out of the jitted function and return what you need: only "
        "outputs leave a JAX transformation",
        template=True,
    )


def _closure_fix(site: Site, store: ast.Return) -> Fix:
    traced = sorted(site.arguments_set()) or ["value"]
    shown = ", ".join(traced)
    return Fix(
        "return-value",
        f"return {shown}   # the traced value itself, in place of `{text_of(store.value)}`; build the function "
        "from it outside the transformation",
        f"a function that closes over {shown} hides a tracer where JAX does not look (pytree metadata, a "
        "static field): it outlives the trace. Return the values as arrays (pytree children) instead",
        template=True,
    )


def _threaded(site: Site) -> Fix | None:
    """The leak fix written for the user's function: the value returned (threaded out), not stored."""
    store, tree = site.leak_store, site.tree
    if store is None or tree is None:
        return None
    scope = enclosing_function(tree, store.lineno, lambdas=False)
    part, outer = returned_instead(tree, store, scope, site.globals_), site.leak_outer
    if part is not None:  # an object no jit can return (a function, a result class): the arrays it is made of
        tree, store, scope, outer = part[1], part[2], same_node(part[1], scope), outer and same_node(part[1], outer)
    made = scope and thread_out(tree, store, scope, outer, site.names.jnp, named=part[0].name if part else None,
                                scanned=site.leak_scanned and outer in (None, scope))  # (a library scan's body)
    if made is None or not _jitted(made.original, site):
        return None  # the outermost def is not what the user jitted (a cond branch, a method of another object)
    if made.how == "placeholder":  # a callback that returned nothing: the value in its place
        return _in_place_of_nothing(made)
    carried = _carried(made, store)
    code = made.code()
    if made.stored:  # it returned the value it stored: the caller keeps it (``trainer.params`` for ``self.params``)
        held = [k for k, v in (site.globals_ or {}).items() if type(v).__name__ == made.owner and k[:1] != "_"]
        place = f"{held[0]}.{made.stored[5:]}" if made.stored.startswith("self.") and len(held) == 1 else made.stored
        code += f"\n# the caller keeps what it returns: {place} = {made.edited.name}(...)"
    kept = made.name if made.alone else f"result, {made.name}"  # a function that returned nothing: its one output
    if carried:  # the global it accumulates into comes in as an argument and goes out as a result
        code += f"\n# the caller passes it in and keeps it: {carried if made.alone else f'result, {carried}'} = " \
                f"{made.edited.name}(..., {carried})"
    elif made.how == "scan" and (caller := _caller_rewritten(tree, made.edited.name, made)):  # a library's scan
        code += "\n\n# the scan stacks it, one per step\n" + caller
    elif made.returns_extra:
        jitted_object = _object_jitted(site, made) if made.edited.name == "__call__" else None
        code += f"\n\n{jitted_object}   # then read {made.name}, not the stored one" if jitted_object else \
            f"\n# the caller keeps the value: {kept} = {made.edited.name}(...)" + "".join(
                f"\n# {note}" for note in (made.handed and f"and hands it over outside the jit: {made.handed}",
                                           part and part[0].note) if note)
    if made.how:
        summary = (f"hand `{made.name}` out of the transformed function as an extra output and read it from "
                   "there: only outputs leave a JAX transformation, a stored tracer outlives its trace"
                   + _THREADED.get(made.how, "")
                   + ("; the jitted function returns it too, for its caller to keep" if made.returns_extra and
                      made.how != "scan" else ""))
    else:
        returned = "as the function's output" if made.alone else "with the result"
        summary = (f"return `{made.name}` {returned} instead of storing it: a traced value exists only while JAX "
                   "traces, the returned one is a concrete array the caller can keep")
    return Fix("return-value", code, summary, recipe=made)


def _in_place_of_nothing(made) -> Fix:
    """A function that returned only a placeholder (``return ()``), rewritten to return the value there."""
    name = made.edited.name
    return Fix(
        "return-value",
        made.code() + f"\n# what calls {name} now gets {made.name} where it got nothing: read it from what that "
                      "call returns",
        f"return `{made.name}` from {name} where it returned nothing, instead of storing it: only outputs leave a "
        "JAX transformation, and code that collects a callback's outputs hands them back",
        recipe=made,
    )


def _object_jitted(site: Site, made) -> str | None:
    """The user's one statement that jits an object of the class whose ``__call__`` stored the value
    (``jax.jit(like)(p)``), unpacking the value it now returns too; None unless there is one."""
    owner = (site.globals_ or {}).get(made.owner or "")
    found = [s for s in getattr(site.tree, "body", []) if isinstance(s, (ast.Expr, ast.Assign)) and any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Call) and n.func.args and isinstance(n.func.args[0], ast.Name)
        and isinstance(owner, type) and isinstance((site.globals_ or {}).get(n.func.args[0].id), owner)
        for n in ast.walk(s.value))]
    if len(found) != 1 or (isinstance(found[0], ast.Assign) and len(found[0].targets) != 1):
        return None
    kept = found[0].targets[0] if isinstance(found[0], ast.Assign) else ast.Name("result", ast.Store())
    return ast.unparse(ast.Assign([ast.Tuple([kept, ast.Name(made.name, ast.Store())], ast.Store())],
                                  found[0].value, lineno=0))


def _carried(made, store: ast.stmt) -> str | None:
    """A global the jitted function declares, reads and replaces (``running = running.merge(batch)``, ``total +=
    x``): a state to thread, given to the function as a new last parameter (``made`` is edited so)."""
    target = store.targets[0] if isinstance(store, ast.Assign) and len(store.targets) == 1 else getattr(
        store, "target", None)
    name = target.id if isinstance(target, ast.Name) else None
    declared = {n for d in ast.walk(made.original) if isinstance(d, ast.Global) for n in d.names}
    reads = isinstance(store, ast.AugAssign) or name in {n.id for n in ast.walk(getattr(store, "value", None) or
                                                                               ast.Pass()) if isinstance(n, ast.Name)}
    if name is None or name not in declared or not reads or made.name != name or made.edited.args.vararg:
        return None
    made.edited.args.args.append(ast.arg(name))
    made.carried = name
    return name


# what threading the value out means for each way of running the storing function
_THREADED = {
    "vmap": " (vmap stacks it: one value per example, a leading axis)",
    "scan": " (scan stacks it: one value per step; the last is `[-1]`)",
    "grad": " (`has_aux=True`: the loss returns (loss, value) and grad returns (gradient, value))",
    "cond": " (every branch returns it: the other one a placeholder of zeros)",
}


def _returned_by_scope(site: Site) -> Fix | None:
    """The storing function rewritten to return the value, when its callers cannot be rewritten here."""
    store, tree = site.leak_store, site.tree
    scope = enclosing_function(tree, store.lineno, lambdas=False) if store is not None and tree is not None else None
    made = thread_out(tree, store, scope, scope, site.names.jnp, scanned=site.leak_scanned) if scope is not None \
        else None
    if made is None:
        return None
    name = getattr(scope, "name", "f")
    caller = _caller_rewritten(tree, name, made)
    auxed = _decorator_auxed(tree, scope, made) if caller is None and made.how != "scan" else None
    if auxed is not None:  # ``@eqx.filter_grad`` on the storing function: its own has_aux, its callers unpack
        fix = Fix("return-value", auxed, f"return `{made.name}` as the gradient's auxiliary output (`has_aux=True`) "
                  "instead of storing it: only outputs leave a JAX transformation", recipe=made)
        made.how, fix.outcome = "decorated", "a transformation's decorator rewritten is not traced again here"
        return fix
    if made.how == "placeholder":  # a callback that returned nothing: the value in its place
        return _in_place_of_nothing(made)
    if made.how == "scan":  # the scan's body itself: the value joins what each step outputs
        return Fix(
            "return-value",
            ast.unparse(made.edited) + ("\n\n# the scan stacks it, one per step\n" + caller if caller else
                                        f"\n# the scan stacks it, one per step: carry, {_outputs(made)} = "
                                        f"lax.scan({name}, ...)"),
            f"output `{made.name}` from each step of the scan instead of storing it: `lax.scan` stacks what the body "
            "outputs along a new leading axis, and only outputs leave a JAX transformation",
            recipe=made,
        )
    code = ast.unparse(made.edited) + (f"\n\n{caller}" if caller else (
        f"\n# and where {name} runs under a transformation, take {made.name} from its outputs"
        " (every branch of a lax.cond returns the same structure; jax.grad needs has_aux=True)"))
    return Fix(
        "return-value", code,
        f"return `{made.name}` from {name} instead of storing it, and thread it out through the transformation "
        "that runs it: only outputs leave a JAX transformation",
        template=caller is None, recipe=made,
    )


_AUXED = {"grad", "value_and_grad", "jacrev", "jacfwd"}  # transformations told of the extra output by has_aux=True


def _decorator_auxed(tree: ast.Module, scope: ast.AST, made) -> str | None:
    """The storing function under its own gradient decorator (``@jax.grad``, ``@eqx.filter_grad``, ``@nnx.grad``,
    their ``value_and_grad``) given ``has_aux=True``, with the user's top-level calls of it unpacking the value;
    None when it has no such decorator or no call of it to rewrite."""
    decorators = getattr(scope, "decorator_list", [])
    spelled = [text_of(d.func if isinstance(d, ast.Call) else d) or "" for d in decorators]
    shorts = [s.rsplit(".", 1)[-1].removeprefix("filter_") for s in spelled]
    if len(decorators) != 1 or shorts[0] not in ("grad", "value_and_grad"):
        return None
    old, aux = decorators[0], ast.keyword("has_aux", ast.Constant(True))
    if isinstance(old, ast.Call):
        new = copied(old)
        new.keywords.append(aux)
    elif spelled[0].startswith("jax."):  # jax.grad's first parameter is the function: a partial
        new = ast.Call(ast.Name("partial", ast.Load()), [copied(old)], [aux])
    else:  # equinox's and NNX's take options alone and return the decorator
        new = ast.Call(copied(old), [], [aux])
    edited = copied(made.edited)
    edited.decorator_list = [new]
    calls = []
    for statement in tree.body:
        called = isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
            statement.value, ast.Call) and isinstance(statement.value.func, ast.Name) and \
            statement.value.func.id == scope.name
        if called:
            target = copied(statement.targets[0])
            item = ast.Name(made.name, ast.Store())
            if shorts[0] == "value_and_grad" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
                unpacked = ast.Tuple([ast.Tuple([target.elts[0], item], ast.Store()), target.elts[1]], ast.Store())
            else:
                unpacked = ast.Tuple([target, item], ast.Store())
            calls.append(ast.unparse(ast.Assign([unpacked], statement.value, lineno=0)))
    if not calls:
        return None
    importing = "from functools import partial\n\n" if isinstance(new, ast.Call) and isinstance(
        new.func, ast.Name) and new.func.id == "partial" else ""
    return f"{importing}{ast.unparse(edited)}\n\n" + "\n".join(calls) + f"   # then read {made.name}, not the stored one"


def _caller_rewritten(tree: ast.Module, name: str, made) -> str | None:
    """The user's one top-level statement that runs ``name`` under a scan or a gradient, rewritten to keep the
    value it now returns: ``final, acts = hax.scan(block, Layer)(x, w)``, ``grads, eloc = jax.grad(
    tracker.energy, has_aux=True)(params, x)``; None when there is not exactly one, or its shape is another."""
    found = []
    for statement in tree.body:
        if not isinstance(statement, (ast.Assign, ast.Expr)) or (isinstance(statement, ast.Assign)
                                                                  and len(statement.targets) != 1):
            continue
        for node in ast.walk(statement.value):
            given = node.args[0] if isinstance(node, ast.Call) and node.args else None
            if isinstance(given, ast.Attribute):  # jax.grad(tracker.energy)
                given = given if given.attr == name else None
            elif not (isinstance(given, ast.Name) and given.id == name):
                given = None
            short = (text_of(node.func) or "").rsplit(".", 1)[-1] if given is not None else ""
            if (made.how == "scan" and short.endswith("scan")) or (made.how != "scan" and short in _AUXED):
                found.append((statement, node, short))
    if len(found) != 1:
        return None
    statement, link, short = found[0]
    rewritten = ast.parse(ast.unparse(statement)).body[0]  # a copy: the file's own tree is never changed
    link_copy = next(n for n in ast.walk(rewritten) if isinstance(n, ast.Call) and ast.dump(n) == ast.dump(link))
    old = rewritten.targets[0] if isinstance(rewritten, ast.Assign) else None
    value = ast.Name(made.name + ("s" if made.how == "scan" else ""), ast.Load())
    if made.how == "scan":  # the scan's second output: (carry, ys) → (carry, values)
        if old is not None and not (isinstance(old, ast.Tuple) and len(old.elts) == 2):
            return None
        carry = old.elts[0] if old is not None else ast.Name("carry", ast.Store())
        target = ast.Tuple([carry, value], ast.Store())
    else:  # has_aux=True: grad returns (gradient, value); value_and_grad ((loss, value), gradient)
        link_copy.keywords.append(ast.keyword("has_aux", ast.Constant(True)))
        if short == "value_and_grad":
            if not (isinstance(old, ast.Tuple) and len(old.elts) == 2):
                return None
            target = ast.Tuple([ast.Tuple([old.elts[0], value], ast.Store()), old.elts[1]], ast.Store())
        else:
            target = ast.Tuple([old if old is not None else ast.Name("grads", ast.Store()), value], ast.Store())
    return ast.unparse(ast.Assign([target], rewritten.value if isinstance(rewritten, ast.Assign)
                                  else rewritten.value, lineno=0)) + f"   # then read {value.id}, not the stored one"


def _outputs(made) -> str:
    """How the caller unpacks a scan body's per-step outputs once the value joined them."""
    returned = next((n.value for n in ast.walk(made.edited) if isinstance(n, ast.Return) and n.value is not None), None)
    alone = isinstance(returned, ast.Tuple) and len(returned.elts) == 2 and isinstance(returned.elts[1], ast.Name)
    return f"{made.name}s" if alone else f"(ys, {made.name}s)"


def _jitted(definition: ast.AST, site: Site) -> bool:
    """True when ``definition`` is the function the user jitted: a jit decorator, or a jit by its name."""
    if any("jit" in ast.unparse(d) for d in getattr(definition, "decorator_list", [])):
        return True
    if site.leak_jitted and definition is site.leak_outer:  # jax.jit(env.step): JAX traced it for jit
        return True
    if site.facts is not None and site.facts.name == definition.name:
        return True
    held = (site.globals_ or {}).get(definition.name)
    return getattr(held, "_jit_info", None) is not None


# names a function's dict of auxiliary outputs goes by (``return loss, metrics``): free-form, handed back whole
_AUX_DICTS = re.compile(r"^(?:metrics|aux|aux_data|info|infos|stats|logs|extras|diagnostics|summaries)$")


def _into_returned_dict(site: Site, store: ast.stmt | None, value: ast.expr | None) -> Fix | None:
    """``latest["x"] = v`` in a loss that returns ``loss, metrics``: ``metrics["x"] = v`` instead, so the value
    leaves with the auxiliary outputs the caller (often a library's training loop) hands back, and what the
    function returns keeps its structure."""
    if store is None or value is None or site.tree is None or isinstance(store, ast.Return):
        return None
    scope = enclosing_function(site.tree, store.lineno, lambdas=False)
    returned = [n for r in ast.walk(scope) if isinstance(r, ast.Return) and r.value is not None
                for n in (r.value.elts if isinstance(r.value, ast.Tuple) else [r.value])
                if isinstance(n, ast.Name) and _AUX_DICTS.match(n.id)] if scope is not None else []
    made_before = {t.id for n in ast.walk(scope) if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.lineno < store.lineno
                   for target in (n.targets if isinstance(n, ast.Assign) else [n.target]) for t in ast.walk(target)
                   if isinstance(t, ast.Name)} if scope is not None else set()
    found = sorted({n.id for n in returned} & made_before)
    if len(found) != 1:
        return None
    target = getattr(store, "targets", [getattr(store, "target", None)])[0] if not isinstance(store, ast.Expr) else \
        getattr(getattr(store, "value", None), "func", None)
    key = target.slice if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant) else \
        ast.Constant(text_of(getattr(target, "value", target)).rsplit(".", 1)[-1] if target is not None else "value")
    kept = ast.copy_location(ast.Assign([ast.Subscript(ast.Name(found[0], ast.Load()), clone(key), ast.Store())],
                                         clone(value)), store)
    recipe = Unstored(store, [kept])
    return Fix(
        "return-value", recipe.code() + f"   # returned with `{found[0]}`: read it from what the caller gets back",
        f"put the value in `{found[0]}`, the dict of outputs the function returns already: only outputs leave a "
        "JAX transformation, and a dict of them keeps the structure the caller expects",
        recipe=recipe,
    )


def _stored_value(store: ast.stmt) -> ast.expr | None:
    if isinstance(store, ast.Expr) and isinstance(store.value, ast.Call) and store.value.args:
        # (``self.log("loss", loss)``: the value, not the name it is logged under)
        return next((a for a in store.value.args if not isinstance(a, ast.Constant)), store.value.args[0])
    if isinstance(store, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return store.value
    return None
