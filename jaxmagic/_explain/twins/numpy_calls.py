"""JAX's twin of a NumPy call: ``np.roll`` → ``jnp.roll``, for one call or for every one a function makes.

NumPy computes on concrete values, so a traced value reaching ``np.*`` fails.
``jax.numpy`` mirrors NumPy's names; where the function has more NumPy calls on
its traced values (``u = np.asarray(v[0])``, ``w = np.asarray(v[1])``), they
fail one after the other, so they are rewritten together.
"""
from __future__ import annotations

import ast
import inspect
import sys
import textwrap
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ..._common.errors import is_installed_library
from ..._common.source import clone
from ..fixes.rewrites import Edit, attr, call
from ..explanation import Fix
from ..recover import evaluate_pure, frame_of
from ..fixes.site import Site, dotted_of, edit_fix
from ..values.callee import resolved

__all__ = ["backend_setter_fix", "jax_backend_fix", "jnp_has", "library_backend_fix", "mentions_jax", "numpy_calls_on_values", "numpy_function_passed",
           "numpy_operand_fix", "numpy_twin", "statement_of", "with_twins"]


def with_twins(node: ast.AST, site: Site) -> ast.AST:
    """``node`` with its NumPy calls made ``jnp``'s, except those that read only shapes (``np.prod(x.shape)``:
    a static value, which must stay a Python one); and a library's NumPy view of its arrays (gmmx's
    ``gmm.weights_numpy``) written as the property computes it, in ``jnp``."""
    new = clone(node)
    for call_node in ast.walk(new):
        twin = numpy_twin(call_node, site) if isinstance(call_node, ast.Call) else None
        if twin is not None and not _shapes_only(call_node):
            call_node.func = attr(f"{site.names.jnp}.{twin}")
            call_node.args = [_left_as_array(a, site.converted, site.locals_ or {}) for a in call_node.args]
            call_node.args = _displays_as_arrays(twin, call_node.args, site.names.jnp)
    return _Inlined(site).visit(new)


_ARRAY_PARAMETERS = frozenset({"a", "b", "x", "y", "v", "m", "p", "x1", "x2", "ar", "A", "xp", "fp", "condition"})


def _displays_as_arrays(twin: str, args: list[ast.expr], jnp_name: str) -> list[ast.expr]:
    """A list or tuple written where ``jnp``'s function takes an array (``np.diag([1.0, np.sin(t) ** 2])``), made
    one with ``jnp.array``: NumPy takes a sequence there, ``jnp`` refuses it (``diag requires ndarray or scalar
    arguments``); never where it takes a sequence or a shape (``jnp.stack``, ``jnp.zeros``)."""
    target: Any = jnp
    for part in twin.split("."):
        target = getattr(target, part, None)
    try:
        params = list(inspect.signature(target).parameters) if twin not in ("array", "asarray") else []
    except (TypeError, ValueError):
        return args
    return [call(f"{jnp_name}.array", a) if isinstance(a, (ast.List, ast.Tuple)) and i < len(params) and params[i]
            in _ARRAY_PARAMETERS else a for i, a in enumerate(args)]


def _left_as_array(arg: ast.expr, field: str | None, held: dict) -> ast.expr:
    """``t.numpy()``, a library array type's way out to NumPy (eagerpy's ``JAXTensor``), or the object itself handed
    to NumPy (ivy's ``Array``, through its ``__array__``): its traced array instead, the field it converts
    (``t.raw``, ``x.data``)."""
    if field and isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "numpy" \
            and not arg.args and not arg.keywords:
        return ast.Attribute(arg.func.value, field, ast.Load())
    value = held.get(arg.id) if field and isinstance(arg, ast.Name) else None
    if value is not None and not isinstance(value, (jax.Array, np.ndarray, np.generic, int, float, complex)) and \
            inspect.getattr_static(type(value), field, None) is not None:
        return ast.Attribute(arg, field, ast.Load())
    return arg


class _Inlined(ast.NodeTransformer):
    """Each ``obj.prop`` whose class's property (an installed library's) returns NumPy's view of the object's arrays
    (``np.squeeze(np.asarray(self.weights), axis=...)``), written in ``jnp`` on the object's own attributes."""

    def __init__(self, site: Site) -> None:
        self.site = site

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        return _property_in_jnp(node, self.site) or node


def _property_in_jnp(node: ast.Attribute, site: Site) -> ast.expr | None:
    held = (site.locals_ or {}).get(node.value.id) if isinstance(node.value, ast.Name) else None
    prop = inspect.getattr_static(type(held), node.attr, None) if held is not None else None
    getter = getattr(prop, "fget", None) if isinstance(prop, property) else None
    if getter is None or not is_installed_library(getattr(getter, "__code__", None) and getter.__code__.co_filename
                                                  or ""):
        return None
    try:
        defined = ast.parse(textwrap.dedent(inspect.getsource(getter))).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        return None
    body = [s for s in getattr(defined, "body", []) if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    numpy = {n for n, v in getter.__globals__.items() if v is np}
    if not any(isinstance(n, ast.Name) and n.id in numpy for n in ast.walk(body[0])):
        return None  # a property that only reads its field (ivy's ``data``): it stays as the user wrote it

    def written(part: ast.expr) -> ast.expr:
        dotted = dotted_of(part) if isinstance(part, (ast.Name, ast.Attribute)) else None
        root = (dotted or "").split(".")[0]
        if root == "self":
            return ast.Attribute(clone(node.value), dotted.split(".", 1)[1], ast.Load()) if "." in dotted else \
                clone(node.value)
        if isinstance(part, ast.Call) and dotted_of(part.func) in {f"{n}.{c}" for n in numpy for c in ("asarray", "array")} \
                and len(part.args) == 1 and not part.keywords:
            return written(part.args[0])  # NumPy's copy of the array: the array itself
        if isinstance(part, ast.Call) and root == "" and (dotted_of(part.func) or "").split(".")[0] in numpy:
            name = dotted_of(part.func).split(".", 1)[1]
            if not jnp_has(name):
                raise ValueError(name)
            return ast.Call(attr(f"{site.names.jnp}.{name}"), [written(a) for a in part.args],
                            [ast.keyword(k.arg, written(k.value)) for k in part.keywords])
        if dotted is not None:  # a constant of the library's (gmmx's ``Axis.batch``): its value
            value = evaluate_pure(part, frame_of(getter.__globals__))
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return ast.Constant(int(value) if isinstance(value, int) else float(value))  # (an IntEnum's member)
            raise ValueError(dotted)
        if isinstance(part, ast.Tuple):
            return ast.Tuple([written(e) for e in part.elts], ast.Load())
        if isinstance(part, ast.Constant):
            return part
        raise ValueError(type(part).__name__)

    try:
        return written(body[0].value)
    except Exception:  # noqa: BLE001 - a property this reading cannot write in jnp: left as it is
        return None


def _shapes_only(call: ast.Call) -> bool:
    """True when every name the call's arguments read is read for its shape, rank, dtype or length."""
    names = [n for a in [*call.args, *(k.value for k in call.keywords)] for n in ast.walk(a) if isinstance(n, ast.Name)]
    return bool(names) and all(id(n) in _static_reads(call) for n in names)


def _static_reads(tree: ast.AST) -> set[int]:
    """Ids of the nodes read only statically: under ``.shape``, ``.ndim``, ``.dtype``, ``.size`` or ``len()``."""
    found = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Attribute) and a.attr in _STATIC
             for n in ast.walk(a.value)}
    return found | {id(n) for c in ast.walk(tree) if isinstance(c, ast.Call) and getattr(c.func, "id", None) == "len"
                    for a in c.args for n in ast.walk(a)}


_STATIC = ("shape", "ndim", "dtype", "size")


def statement_of(site: Site, node: ast.AST) -> ast.stmt | None:
    return next((n for n in site.ancestors(node) if isinstance(n, ast.stmt)), None)


def numpy_calls_on_values(site: Site, outer: ast.expr) -> list[ast.Call]:
    """The outermost NumPy calls with a ``jnp`` twin elsewhere in the failing function that read its local
    values (not only their shapes): traced too, they fail next."""
    inside = {id(n) for n in ast.walk(outer)}
    static = _static_reads(site.definition or ast.Pass())
    found, covered = [], set()
    for node in ast.walk(site.definition or ast.Pass()):
        if id(node) in inside or id(node) in covered or not isinstance(node, ast.Call) or \
                numpy_twin(node, site) is None:
            continue
        if any(isinstance(n, ast.Name) and id(n) not in static for a in node.args for n in ast.walk(a)):
            found.append(node)
            covered |= {id(n) for n in ast.walk(node)}
    return found


def numpy_twin(node: ast.Call, site: Site) -> str | None:
    """``roll`` for ``np.roll(...)`` when ``jnp.roll`` exists; None otherwise."""
    name = dotted_of(node.func) or ""
    twin = name.split(".", 1)[1] if name.startswith((f"{site.names.np}.", "numpy.")) else None
    return twin if twin is not None and jnp_has(twin) else None


def jnp_has(name: str) -> bool:
    target: Any = jnp
    for part in name.split("."):
        target = getattr(target, part, None)
        if target is None:
            return False
    return True


_BACKEND_OPTIONS = ("method", "backend", "implementation", "impl", "engine")


def mentions_jax(doc: str) -> bool:
    """True when a function's documentation names JAX as a choice (``"jax"``, ``jax``)."""
    return '"jax"' in doc or "'jax'" in doc or "`jax`" in doc or "jax" in doc.split()


def jax_backend_fix(site: Site) -> Fix | None:
    """``s2fft.forward(f, L)`` whose ``method`` defaults to ``"numpy"``: the library's own JAX implementation,
    ``method="jax"``, where its documentation names one; else a library that picks its backend from its operands
    given a NumPy one (``numpy_operand_fix``)."""
    for node in site.ancestors():
        if not isinstance(node, ast.Call):
            continue
        fn = resolved(dotted_of(node.func), site.globals_ or {})
        try:
            params = inspect.signature(fn).parameters if callable(fn) else {}
        except (TypeError, ValueError):
            continue
        doc = inspect.getdoc(fn) or ""
        for name in _BACKEND_OPTIONS:
            param = params.get(name)
            if param is None or param.default not in ("numpy", "np") or not mentions_jax(doc):
                continue
            given = [k for k in node.keywords if k.arg == name]
            if given and not (isinstance(given[0].value, ast.Constant) and given[0].value.value == param.default):
                continue  # the user chose another implementation already
            new = clone(node)
            new.keywords = [k for k in new.keywords if k.arg != name] + [ast.keyword(name, ast.Constant("jax"))]
            return edit_fix("jnp-not-np", node, new,
                            f"`{dotted_of(node.func)}` runs its NumPy implementation by default (`{name}="
                            f"\"{param.default}\"`), which needs concrete values; its JAX implementation traces")
    return numpy_operand_fix(site) or library_backend_fix(site)


_SWITCHES = ("backend", "use_backend")  # a library's context manager that picks its array backend by name


def library_backend_fix(site: Site) -> Fix | None:
    """``circuit.eval()`` under discopy's default NumPy backend: the failing statement run inside the library's own
    switch to JAX (``with backend("jax"):``), where a library the line uses has one that names JAX as a choice."""
    statement = statement_of(site, site.node) if isinstance(site.node, ast.expr) else None
    if statement is None or not isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)):
        return None
    values = {**(site.globals_ or {}), **(site.locals_ or {})}
    packages = set()
    for name in {n.id for n in ast.walk(statement) if isinstance(n, ast.Name)}:
        held = values.get(name)
        module = held.__name__ if inspect.ismodule(held) else getattr(held, "__module__", None) if callable(held) else \
            type(held).__module__ if held is not None else None
        if module and module.split(".")[0] not in ("numpy", "jax", "jaxlib", "builtins", "__main__"):
            packages.add(module.split(".")[0])
    for module_name, module in sorted((m, sys.modules[m]) for m in list(sys.modules) if m.split(".")[0] in packages):
        for switch in _SWITCHES:
            fn = getattr(module, switch, None)
            if callable(fn) and getattr(fn, "__module__", None) == module_name and \
                    mentions_jax(inspect.getdoc(fn) or ""):
                local = next((k for k, v in (site.globals_ or {}).items() if v is fn), None)
                edit = Edit(statement, ast.With([ast.withitem(call(local or switch, ast.Constant("jax")))],
                                                [clone(statement)]))
                edit.defines = {} if local else {switch: fn}
                code = edit.code() if local else f"from {module_name} import {switch}\n{edit.code()}"
                return Fix("jnp-not-np", code, f"{module_name.split('.')[0]} computes with NumPy unless told "
                           f"otherwise; inside `{switch}(\"jax\")` it computes with JAX, which traces", recipe=edit)
    return backend_setter_fix(site)


def backend_setter_fix(site: Site) -> Fix | None:
    """A library object on the failing line whose package sets its backend globally (``_backend_setter``)."""
    statement = statement_of(site, site.node) if isinstance(site.node, ast.expr) else None
    values = {**(site.globals_ or {}), **(site.locals_ or {})}
    return next(filter(None, (_backend_setter(values[n], site) for n in sorted(
        {n.id for n in ast.walk(statement) if isinstance(n, ast.Name)}) if n in values)), None) if statement else None


def _backend_setter(held: object, site: Site) -> Fix | None:
    """``mass_model(data, **params)`` of gwpopulation, whose models compute with the ``xp`` their module holds:
    NumPy until ``gwpopulation.set_backend("jax")``, which names JAX among its choices. That switch, for the
    whole session; not tried (it changes the library for every later cell, and turns on what the backend needs)."""
    module = sys.modules.get(type(held).__module__ or "")
    package = sys.modules.get((type(held).__module__ or "").split(".")[0])
    setter = getattr(package, "set_backend", None)
    if module is None or package is None or getattr(module, "xp", None) is not np or not callable(setter) or \
            not mentions_jax((inspect.getdoc(setter) or "") + str(getattr(package, "SUPPORTED_BACKENDS", ""))):
        return None
    spelled = next((k for k, v in (site.globals_ or {}).items() if v is package), None)
    fix = Fix("jnp-not-np", ("" if spelled else f"import {package.__name__}\n") +
              f"{spelled or package.__name__}.set_backend(\"jax\")   # first, before the models are made",
              f"{package.__name__}'s models compute with NumPy until its backend is set to JAX: with "
              "`set_backend(\"jax\")` they compute with `jax.numpy`, which traces")
    fix.outcome = "it switches the library's backend for the whole session, which jaxmagic does not do for you"
    return fix


def numpy_operand_fix(site: Site) -> Fix | None:
    """``oe.contract("ijk,bj,bk->bi", levi, r, F)`` with ``levi`` a NumPy constant: a library that picks NumPy for
    a NumPy operand, then runs NumPy on the traced ones. The NumPy operands handed over as JAX arrays (a list of
    them, cotengra's ``tree.contract_slice(arrays, i)`` with a traced slice index, as a list of JAX arrays)."""
    globals_ = site.globals_ or {}
    traced = {n for n, v in (site.locals_ or {}).items() if isinstance(v, jax.core.Tracer)}
    for node in site.ancestors():
        fn = resolved(dotted_of(node.func), globals_) if isinstance(node, ast.Call) else None
        module = getattr(fn, "__module__", None) or ""
        if fn is None or module.split(".")[0] in ("numpy", "jax", "scipy"):
            continue
        given = [*node.args, *(k.value for k in node.keywords)]
        numpy = [a for a in given if isinstance(a, ast.Name) and _numpy_held(globals_.get(a.id)) and a.id not in traced]
        if not numpy or not any(isinstance(a, ast.Name) and a.id in traced for a in given):
            continue
        new = clone(node)
        wrapped = {a.id for a in numpy}

        def as_jax(a: ast.expr) -> ast.expr:
            if not (isinstance(a, ast.Name) and a.id in wrapped):
                return a
            if isinstance(globals_.get(a.id), np.ndarray):
                return call(f"{site.names.jnp}.asarray", a)
            return ast.parse(f"[{site.names.jnp}.asarray(a) for a in {a.id}]", mode="eval").body

        new.args = [as_jax(a) for a in new.args]
        for keyword in new.keywords:
            keyword.value = as_jax(keyword.value)
        return edit_fix("jnp-not-np", node, new,
                        f"`{dotted_of(node.func)}` picks NumPy for the NumPy array"
                        f"{' `' if isinstance(globals_.get(numpy[0].id), np.ndarray) else 's in `'}{numpy[0].id}` and then runs "
                        "NumPy on the traced operands; handed a JAX array, it picks JAX, which traces")
    return None


def _numpy_held(value: object) -> bool:
    """True for a NumPy array, or a list of them."""
    return isinstance(value, np.ndarray) or (isinstance(value, list) and bool(value) and all(
        isinstance(v, np.ndarray) for v in value))


def numpy_function_passed(site: Site) -> Fix | None:
    """``tree_map(np.sin, x)``, ``jnp.piecewise(x, c, [np.sin])``: NumPy functions JAX calls on tracers; NumPy itself
    handed to a library as its array namespace (visu3d's ``xnp=np``)."""
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
            return node if isinstance(node.value, ast.Name) else self.generic_visit(node)

        def visit_Name(self, node: ast.Name) -> ast.AST:  # the module handed as the array namespace: ``xnp=np``
            if getattr((site.globals_ or {}).get(node.id), "__name__", None) != "numpy":
                return node
            swapped.append("")
            return attr(site.names.jnp)

    new = _Swap().visit(clone(site.node))
    if not swapped:
        return None
    names = ", ".join(f"`np.{n}`" if n else "`np`" for n in dict.fromkeys(swapped))
    return edit_fix(
        "jnp-not-np", site.node, new,
        f"JAX calls {names} on traced values, which NumPy cannot take; pass the `jnp` twins",
    )
