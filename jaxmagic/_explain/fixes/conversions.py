"""Fixes for values Python needed from a tracer other than a bool: conversions, loops, NumPy.

``int()``/``.item()``/formatting/``nonzero`` (``concretization``), ``range(n)``
and list indexing (``integer-conversion``), NumPy on tracers
(``array-conversion``).
"""
from __future__ import annotations

import ast

import jax
import jax.numpy as jnp
import numpy as np

from ..._common.source import clone, enclosing_function, text_of
from ..dataflow import local_names
from ..explanation import Fix
from ..rebuild import Names
from ..recover import frame_of, pure_or
from .conditions import bool_fixes
from .rewrites import Edit, attr, call, fori_loop_for
from .shapes import SHAPE_FUNCS, numpy_for_shapes, shape_fixes
from .sizes import counts_data, inner_jit_fix, repeat_length_fix, size_fix
from .printing import (as_debug_print, effect_callback_fix, scanned_effect_fix, is_format_call, print_call,
                       printed_conversion)
from .site import Site, dotted_of, edit_fix, is_jnp, makes_parameters, with_static
from ..twins.buffers import buffer_write_fix
from ..twins.functions import scipy_twin_fix
from ..twins.numpy_calls import (jax_backend_fix, numpy_calls_on_values, numpy_function_passed, numpy_twin,
                                 statement_of, with_twins)
from ..twins.choices import functions_in, names_in_list, objects_in, switch_call, switch_over_call, switch_over_rest

__all__ = ["concretization_fixes", "integer_fixes", "array_fixes"]



# --- concretization: int(), .item(), nonzero, formatting ------------------------


def concretization_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    inner = inner_jit_fix(site)
    if inner is not None:  # m = jit_helper(n); float(m): the inner jit made a tracer of a static value
        fixes.append(inner)
    for node in site.ancestors():
        if isinstance(node, ast.JoinedStr) or is_format_call(node):
            printed = print_call(site, node)
            if printed is not None:
                return with_static(site, [f for f in [printed] if f is not None])
        if isinstance(node, ast.Call):
            func = node.func
            unwrapped = _unwrap_concrete_call(node)
            printed = (printed_conversion(site, node, unwrapped) or printed_later(site, node, unwrapped)) \
                if unwrapped is not None else None
            if printed is not None:  # print("mean:", float(v)): the value is wanted for looking at, not computing
                return [printed]
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
            if unwrapped is not None and isinstance(builtin, ast.Call) and isinstance(builtin.func, ast.Name) and \
                    builtin.func.id in ("min", "max") and len(builtin.args) == 2 and not builtin.keywords:
                # min(delta, float(a.max())): Python's min compares next, so the pair goes to jnp, unconverted
                fn = {"min": "minimum", "max": "maximum"}[builtin.func.id]
                pair = [clone(unwrapped) if a is node else clone(a) for a in builtin.args]
                fixes.append(edit_fix(
                    "jnp-not-builtin", builtin, call(f"{names.jnp}.{fn}", *pair),
                    f"Python's `{builtin.func.id}` compares concrete values; `jnp.{fn}` compares the traced one "
                    "element-wise, with no conversion",
                ))
                break
            constant = _global_arrays_as_numpy(site, node) if unwrapped is not None and not site.paths else None
            if constant is not None:  # float(UB[i]) with UB a jnp array made outside: read it with NumPy
                fixes.append(constant)
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
                repeat = repeat_length_fix(site, node)
                if repeat is not None:
                    fixes.append(repeat)
                    break
            if isinstance(func, ast.Name) and func.id in ("int", "float", "bool", "complex") and len(node.args) == 1:
                dtype = {"int": f"{names.jnp}.int32", "float": "float", "bool": f"{names.jnp}.bool_",  # a real:
                         "complex": "complex"}[func.id]  # JAX's default float (64 bits where a library turned x64 on)
                held = site.converted  # discopy's ``float(tensor)``: its ``.array``, kept an array
                value = ast.Attribute(clone(node.args[0]), held, ast.Load()) if held else clone(node.args[0])
                fixes.append(edit_fix(
                    "astype", node, ast.Call(ast.Attribute(value, "astype", ast.Load()), [attr(dtype)], []),
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
            if dotted and counts_data(dotted, names, site.globals_):
                size = size_fix(site, node, dotted)
                if size is not None:
                    fixes.append(size)
                    break
            if dotted and dotted.rsplit(".", 1)[-1] in SHAPE_FUNCS:
                return shape_fixes(site)
    return with_static(site, [f for f in fixes if f is not None])


def _global_arrays_as_numpy(site: Site, node: ast.Call) -> Fix | None:
    """``float(UB[i])`` where ``UB`` is a JAX array made outside: under jit, indexing it is traced. Every such
    conversion in the failing expression is rewritten (``float(L[0]), float(L[1])``), not only the first."""
    held = site.globals_ or {}
    local = local_names(site.definition)

    def constants_in(sub: ast.AST) -> set[str]:  # globals only: a parameter of the same name is its own value
        return {n.id for n in ast.walk(sub) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                and n.id not in local and isinstance(held.get(n.id), jax.Array)}

    if not constants_in(node):
        return None
    target = node
    for above in site.ancestors(node)[1:]:  # widen to the whole expression of the statement
        if isinstance(above, ast.stmt):
            break
        target = above
    found: set[str] = set()

    class _AsNumpy(ast.NodeTransformer):
        def visit_Call(self, sub: ast.Call) -> ast.AST:
            if _unwrap_concrete_call(sub) is not None and constants_in(sub):
                found.update(constants_in(sub))
                return _Names().visit(sub)
            return self.generic_visit(sub)

    class _Names(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.AST:
            if name.id in found and isinstance(name.ctx, ast.Load):
                return call(f"{site.names.np}.asarray", name)
            return name

    new = _AsNumpy().visit(clone(target))
    shown = ", ".join(f"`{n}`" for n in sorted(found))
    return edit_fix(
        "numpy-for-static", target, new,
        f"{shown} is a JAX array made outside the function; under jit every operation on it is traced, so "
        "its values are not Python values there. Read the constant with NumPy (`np.asarray`) where Python "
        "needs its values",
    )


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


def _summed_over_range(node: ast.AST, names: Names) -> ast.expr | None:
    """``sum(e for i in range(a, b))`` → ``lax.fori_loop(a, b, lambda i, total: total + e, 0.0)``."""
    if not (_builtin_reduction(node) and node.func.id == "sum" and isinstance(node.args[0], ast.GeneratorExp)):
        return None
    made = node.args[0]
    loop = made.generators[0] if len(made.generators) == 1 else None
    if loop is None or loop.ifs or loop.is_async or not isinstance(loop.target, ast.Name) or not (
            isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "range"
            and 1 <= len(loop.iter.args) <= 2 and not loop.iter.keywords):
        return None
    bounds = loop.iter.args if len(loop.iter.args) == 2 else [ast.Constant(0), loop.iter.args[0]]
    total = "total" if "total" not in {n.id for n in ast.walk(made) if isinstance(n, ast.Name)} else "total_"
    step = ast.parse(f"lambda {loop.target.id}, {total}: {total} + ({text_of(made.elt)})", mode="eval").body
    return call(f"{names.lax}.fori_loop", clone(bounds[0]), clone(bounds[1]), step, ast.Constant(0.0))


def integer_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    for node in site.ancestors():
        explicit = _explicit_conversion(node, names)
        if explicit is not None:  # operator.index(i): keep the value an array (JAX indexes with traced ints)
            fixes.append(explicit)
            break
        summed = _summed_over_range(node, names)
        if summed is not None:  # sum(cost(i) for i in range(n)): a traced count of terms, added in a loop
            fixes.append(edit_fix(
                "lax.fori_loop", node, summed,
                "`range()` needs a Python int; `lax.fori_loop` adds a traced number of terms inside the "
                "compiled program",
            ))
            break
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Call):
            loop = fori_loop_for(node, names) if not makes_parameters(node, site) else None  # one layer, shared
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
                    "lax.switch", parent, switch_call(site, node, parent),
                    "a Python list cannot be indexed by a traced value; `lax.switch` picks the function "
                    "inside the compiled program",
                ))
                fixes.append(switch_over_rest(site, node))  # tried after: for functions that build objects
            elif functions_in(node.value, site):
                # policy = policies[i]; policy(obs): the chosen function, called later, by lax.switch
                fixes.append(edit_fix(
                    "lax.switch", node,
                    call(f"{names.functools}.partial", attr(f"{names.lax}.switch"), clone(node.slice), clone(node.value)),
                    "a Python list of functions cannot be indexed by a traced value; `lax.switch` picks the "
                    "function inside the compiled program (`partial` keeps the call below as it is)",
                ))
                fixes.append(switch_over_call(site, node))  # handed to a library that inspects it
                fixes.append(switch_over_rest(site, node))  # what it builds is no array: the rest goes along
            elif objects_in(node.value, site):  # a list of library objects (PSFs, layers): no array holds them
                fixes.append(switch_over_call(site, node))
                fixes.append(switch_over_rest(site, node))  # chosen deeper in an expression: the rest goes along
            else:
                fixes.append(edit_fix(  # a JAX array in place of the Python container, as for a NumPy one
                    "jnp-not-np", node,
                    ast.Subscript(call(f"{names.jnp}.asarray", clone(node.value)),
                                  clone(node.slice), ast.Load()),
                    "a Python list cannot be indexed by a traced value; a `jnp` array can",
                    extra=("jnp-not-builtin",),
                ))
                fixes += [switch_over_call(site, node), switch_over_rest(site, node)]  # arrays that do not stack
            if names_in_list(node.value, site):  # coatings[i]: each name a program of its own
                return [*with_static(site, []), *(f for f in fixes if f is not None)]
            break
        if isinstance(node, ast.Call):
            dotted = dotted_of(node.func) or ""
            if dotted.startswith(f"{names.np}."):
                return _numpy_call_fixes(site, node, dotted)
            if dotted.rsplit(".", 1)[-1] in SHAPE_FUNCS | {"dynamic_slice", "dynamic_slice_in_dim"}:
                return shape_fixes(site)
    return with_static(site, [f for f in fixes if f is not None])


def _explicit_conversion(node: ast.AST, names: Names) -> Fix | None:
    """``operator.index(i)``, ``i.__index__()``: an explicit conversion a traced array does not need."""
    if not isinstance(node, ast.Call):
        return None
    dotted = dotted_of(node.func) or ""
    if dotted in ("operator.index", "index") and len(node.args) == 1:
        value = node.args[0]
    elif isinstance(node.func, ast.Attribute) and node.func.attr == "__index__" and not node.args:
        value = node.func.value
    else:
        return None
    return edit_fix(
        "astype", node,
        ast.Call(ast.Attribute(clone(value), "astype", ast.Load()), [attr(f"{names.jnp}.int32")], []),
        "`operator.index` asks for a Python int; a traced integer array indexes and slices-by-offset "
        "as it is (`.astype(jnp.int32)` keeps it an integer array)",
    )


# --- array conversion: np.* on tracers ------------------------------------------


def array_fixes(site: Site) -> list[Fix]:
    buffer = buffer_write_fix(site) or jax_backend_fix(site) or next(filter(None, (  # a NumPy buffer, a NumPy method,
        scipy_twin_fix(site, n) for n in site.ancestors() if isinstance(n, ast.Call))), None)  # SciPy's function
    if buffer is not None:
        return with_static(site, [buffer])
    for node in site.ancestors():
        if isinstance(node, ast.Call):
            dotted = dotted_of(node.func) or ""
            if dotted.startswith(f"{site.names.np}.") or dotted.startswith("numpy."):
                return _numpy_call_fixes(site, node, dotted)
    passed = numpy_function_passed(site)
    if passed is not None:
        return [passed]
    indexed = _numpy_array_indexed(site)
    if indexed is not None:
        return with_static(site, [indexed])
    return with_static(site, [f for f in [scanned_effect_fix(site), effect_callback_fix(site)] if f is not None])


def _numpy_array_indexed(site: Site) -> Fix | None:
    """``np.indices(s)[0][idx]``, ``TABLE[idx]``: a NumPy array indexed by a traced value."""
    for node in site.ancestors():
        if not isinstance(node, ast.Subscript) or not _numpy_valued(node.value, site):
            continue
        new = ast.Subscript(call(f"{site.names.jnp}.asarray", clone(node.value)), clone(node.slice), ast.Load())
        return edit_fix(
            "jnp-not-np", node, new,
            "a NumPy array cannot be indexed by a traced value (NumPy would need its values); "
            "`jnp.asarray` makes it a JAX array, which can",
        )
    return None


def _numpy_valued(node: ast.expr, site: Site) -> bool:
    """True when ``node`` computes a NumPy array: a call of ``np.*`` or a global holding an ndarray."""
    prefix = f"{site.names.np}."
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and (dotted_of(sub.func) or "").startswith(prefix):
            return True
    # ``TABLE``, ``mg.dgrid["logagrid"]``: a NumPy array held by a global, read running no code of the user's
    return isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) and isinstance(
        pure_or(node, frame_of(site.globals_, site.locals_)), np.ndarray)


def _numpy_call_fixes(site: Site, node: ast.Call, dotted: str) -> list[Fix]:
    fn = dotted.split(".", 1)[1]
    target = jnp
    for part in fn.split("."):
        target = getattr(target, part, None)
        if target is None:
            break
    fixes: list[Fix] = []
    if target is not None:
        outer = site.expression_of(node)  # every NumPy call of it gets its twin (2 * u - np.roll(u, 1) - ...)
        if sum(numpy_twin(c, site) is not None for c in ast.walk(outer) if isinstance(c, ast.Call)) < 2:
            outer = node  # one NumPy call: the fix is that call alone
        # the function's other NumPy calls on its values fail next (np.asarray(v[0]); np.asarray(v[1])): all at
        # once, each statement shown whole
        statements = list({id(t): t for t in (statement_of(site, c) for c in numpy_calls_on_values(site, outer))
                           if t is not None}.values())
        mine = statement_of(site, outer) if statements else None
        others = [(t, with_twins(t, site)) for t in statements if t is not mine]
        target = mine if mine is not None else outer
        edit = Edit(target, with_twins(target, site), also=others)
        more = f", with the {len(others)} other NumPy call{'s' if len(others) > 1 else ''} on traced values" \
            if others else ""
        fixes.append(Fix("jnp-not-np", edit.code(),
                         f"NumPy computes on concrete values in Python; `jnp.{fn}` is the traceable twin{more}",
                         recipe=edit))
    return with_static(site, [f for f in fixes if f is not None])


def printed_later(site: Site, node: ast.Call, unwrapped: ast.expr) -> Fix | None:
    """``inertia = float(v)`` and, further down the same function, ``print("inertia:", inertia)``: the value kept
    as the array it is, and each print of it made by ``jax.debug.print``."""
    assigned = site.parent(node)
    if not (isinstance(assigned, ast.Assign) and len(assigned.targets) == 1 and isinstance(assigned.targets[0], ast.Name)
            and assigned.value is node and site.tree is not None):
        return None
    name = assigned.targets[0].id
    scope = enclosing_function(site.tree, assigned.lineno)
    printers = [n for n in ast.walk(scope) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id == "print" and n.lineno > assigned.lineno and not n.keywords
                and not any(isinstance(a, ast.Starred) for a in n.args)
                and any(isinstance(a, ast.Name) and a.id == name for a in n.args)] if scope is not None else []
    if not printers:
        return None
    kept = ast.Assign([clone(assigned.targets[0])], clone(unwrapped), lineno=assigned.lineno)
    recipe = Edit(assigned, kept, also=[(p, as_debug_print(site.names.jax, p)) for p in printers])
    return Fix(
        "jax.debug.print", recipe.code(),
        f"`{name}` is printed, which needs no Python number: keep it the traced array it is, and print it with "
        "`jax.debug.print`, which shows the value when the compiled function runs",
        recipe=recipe,
    )
