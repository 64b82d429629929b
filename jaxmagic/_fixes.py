"""Fixes for a tracing error, in the preferred order, as code for the user's own line.

The order is the lesson's: array-level logic (``jnp.where``, masks, logical
operators) first, then ``jax.lax`` structured control flow, then marking an
argument static. ``static`` is offered only when it can help: never for a
value computed from array data, and with a warning when the argument looks
like it changes every call.

Each fix carries a *recipe* saying how to apply it mechanically
(:mod:`jaxmagic._verify` tries it); fixes that need the user's judgement
(leaks, masks that change a shape) carry none and stay unverified.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Hashable
from typing import Any

import jax
import numpy as np

from ._rebuild import Names
from ._rewrites import (
    Edit,
    array_test,
    attr,
    call,
    cond_for_if,
    fori_loop_for,
    logical,
    where_for_if,
    while_loop_for,
)
from ._source import clone, parents, text_of
from ._explanation import Fix

__all__ = ["Site", "CallFacts", "Static", "propose", "looks_like_counter"]

# Names that usually change on every call of a training loop.
_COUNTER = re.compile(r"^(t|i|k|it|iter|iters|iteration|epoch|step|steps|count|counter|idx|index|global_step)$|step|iter|epoch")

_SHAPE_FUNCS = {
    "zeros", "ones", "empty", "full", "arange", "linspace", "eye", "identity", "tile", "repeat",
    "broadcast_to", "reshape", "tri", "tril", "triu", "split", "array_split", "resize", "pad",
}
_NONZERO_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique", "where"}
_BUILTIN_REPLACEMENTS = {"min": "minimum", "max": "maximum", "abs": "abs", "round": "round"}


@dataclasses.dataclass
class CallFacts:
    """The call that failed, as far as it is known.

    Attributes
    ----------
    name : str
        The jitted function's name as the user calls it.
    params : list of str
        Its parameter names.
    values : dict
        Parameter → value as passed (``jax.ShapeDtypeStruct`` when only the
        abstract value is known).
    static : set of str
        Parameters marked static.
    decorated : bool
        True when the function is jitted by a decorator in its source.
    """

    name: str
    params: list[str]
    values: dict[str, Any]
    static: set[str]
    decorated: bool = False


@dataclasses.dataclass
class Static:
    """Recipe: re-jit with these parameters added to / removed from the static ones."""

    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    replace: dict[str, Any] = dataclasses.field(default_factory=dict)  # new values for arguments


@dataclasses.dataclass
class Site:
    """Everything the fixes need to know about where the error arose."""

    kind: str
    message: str
    node: ast.AST | None
    tree: ast.AST | None
    definition: ast.AST | None  # the def holding the failing line
    argument: str | None
    paths: list[str]
    names: Names
    facts: CallFacts | None = None
    data_dependent: bool = False  # the value is computed from array data
    leak_store: ast.stmt | None = None
    globals_: dict | None = None  # the namespace the failing line's names live in

    def __post_init__(self) -> None:
        self._parents = parents(self.tree) if self.tree is not None else {}

    def ancestors(self, node: ast.AST | None = None) -> list[ast.AST]:
        out = []
        node = self.node if node is None else node
        while node is not None:
            out.append(node)
            node = self._parents.get(node)
        return out

    def statement(self) -> ast.stmt | None:
        return next((n for n in self.ancestors() if isinstance(n, ast.stmt)), None)

    def following(self, stmt: ast.stmt) -> ast.stmt | None:
        parent = self._parents.get(stmt)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and stmt in block:
                index = block.index(stmt)
                return block[index + 1] if index + 1 < len(block) else None
        return None


def looks_like_counter(name: str) -> bool:
    """True for names like ``step``, ``epoch``, ``i``: values that change every call."""
    return bool(_COUNTER.search(name.lower()))


def propose(site: Site) -> list[Fix]:
    """The fixes for ``site``, preferred first (none when nothing fits)."""
    handler = _HANDLERS.get(site.kind)
    fixes = handler(site) if handler else []
    seen: set[tuple[str, str]] = set()
    unique = []
    for fix in fixes:
        if (fix.kind, fix.code) not in seen:
            seen.add((fix.kind, fix.code))
            unique.append(fix)
    return unique


# --- static arguments -----------------------------------------------------------


def _is_array(value: Any) -> bool:
    return isinstance(value, (jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct)) or hasattr(
        value, "__jax_array__"
    )


def _hashable(value: Any) -> bool:
    if not isinstance(value, Hashable):
        return False
    try:
        hash(value)
    except Exception:  # noqa: BLE001
        return False
    return True


def _static_code(facts: CallFacts, add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> str:
    names = [n for n in sorted(facts.static | set(add)) if n not in remove]
    spelled = repr(names[0]) if len(names) == 1 else repr(tuple(names))
    if facts.decorated:
        if not names:
            return "@jax.jit"
        return f"@partial(jax.jit, static_argnames={spelled})"
    if not names:
        return f"{facts.name} = jax.jit({facts.name})"
    return f"{facts.name} = jax.jit({facts.name}, static_argnames={spelled})"


def _static_ok(facts: CallFacts, name: str) -> bool:
    if name not in facts.params or name in facts.static:
        return False
    if name not in facts.values:
        return True
    value = facts.values[name]
    weak_scalar = isinstance(value, jax.ShapeDtypeStruct) and getattr(value, "weak_type", False) and not value.shape
    return weak_scalar or not (_is_array(value) or not _hashable(value))


def static_fix(site: Site, argument: str | None = None) -> Fix | None:
    """Mark the responsible arguments static, when that can help.

    Every argument the value depends on must become static (one left traced
    keeps the value traced), so none may be an array or computed from one.
    """
    facts = site.facts
    roots = [argument] if argument else list(dict.fromkeys(_roots(site.paths))) or [site.argument]
    if facts is None or not roots or None in roots or site.data_dependent:
        return None
    leaves = [p for p in site.paths if p not in roots]
    if leaves and not argument:
        return _leaf_static_fix(site, leaves[0])
    if not all(_static_ok(facts, name) for name in roots):
        return None
    names = tuple(roots)
    shown = ", ".join(f"`{n}`" for n in names)
    counters = [n for n in names if looks_like_counter(n)]
    warning = None
    if counters:
        warning = (
            f"`{counters[0]}` looks like it changes on every call (a step counter?): as a static argument "
            f"each new value compiles {facts.name} again. Prefer the fixes above."
        )
    return Fix(
        "static",
        _static_code(facts, add=names),
        f"make {shown} compile-time constant{'s' if len(names) > 1 else ''}: JAX then sees the value and "
        f"compiles once per value (pass hashable Python values; in %%jittrace: "
        f"--static-argnames {','.join(names)})",
        warning=warning,
        recipe=Static(add=names),
    )


def _leaf_static_fix(site: Site, leaf: str) -> Fix | None:
    facts = site.facts
    assert facts is not None
    name = re.sub(r"\W+", "_", leaf.split("[", 1)[-1].split(".", 1)[-1]).strip("_") or "n"
    return Fix(
        "static",
        f"def {facts.name}(..., {name}): ...   # pass {leaf} separately\n"
        f"{facts.name} = jax.jit({facts.name}, static_argnames={name!r})",
        f"`{leaf}` is a leaf of a pytree argument, and leaves are traced; take it out of the pytree "
        f"into its own static argument (a pytree holding arrays cannot be static as a whole)",
    )


# --- bool-conversion ------------------------------------------------------------


def _is_logic(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.BoolOp)
        or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
        or (isinstance(node, ast.Compare) and len(node.ops) > 1)
    )


def _bool_fixes(site: Site, test_edit: Edit | None = None) -> list[Fix]:
    """Fixes for a Python bool of a tracer: ``if``, ``while``, ``and``/``or``, ``min``...

    ``test_edit`` first rewrites part of the condition (``x.item() > 0`` →
    ``x > 0``) when the bool came from a concrete-value call inside it.
    """
    names = site.names
    fixes: list[Fix] = []
    chain = site.ancestors()
    control = next((n for n in chain if isinstance(n, (ast.If, ast.While, ast.IfExp, ast.Assert))), None)
    if control is not None and not any(n is control.test for n in chain):
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
    from ._rewrites import apply_edit

    return apply_edit(node, edit)


def _no_args() -> ast.arguments:
    return ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])


def _builtin_call(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
        return node.func.id
    return None


def _with_static(site: Site, fixes: list[Fix]) -> list[Fix]:
    fix = static_fix(site)
    if fix is not None:
        fixes.append(fix)
    return fixes


def _roots(paths: list[str]) -> list[str]:
    return [re.match(r"[A-Za-z_]\w*", p).group(0) for p in paths if re.match(r"[A-Za-z_]\w*", p)]


def _edit_fix(kind: str, target: ast.AST, replacement: Any, summary: str, extra: tuple[str, ...] = ()) -> Fix | None:
    if replacement is None:
        return None
    edit = Edit(target, replacement)
    return Fix(kind, edit.code(), summary, kinds=(kind, *[k for k in extra if k != kind]), recipe=edit)


# --- concretization: int(), .item(), nonzero, formatting ------------------------


def _concretization_fixes(site: Site) -> list[Fix]:
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
                return _bool_fixes(site, test_edit=Edit(node, unwrapped))
            builtin = site._parents.get(node)
            if unwrapped is not None and _builtin_reduction(builtin):
                fn = {"sum": "sum", "max": "max", "min": "min"}[builtin.func.id]
                fixes.append(_edit_fix(
                    "jnp-not-builtin", builtin, call(f"{names.jnp}.{fn}", unwrapped),
                    f"Python's `{fn}` needs concrete values; `jnp.{fn}` reduces the traced array",
                ))
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
            if dotted and dotted.rsplit(".", 1)[-1] in _SHAPE_FUNCS:
                return _shape_fixes(site)
    return _with_static(site, [f for f in fixes if f is not None])


def _unwrap_concrete_call(node: ast.Call) -> ast.expr | None:
    """``x.item()``, ``x.tolist()``, ``int(x)``, ``float(x)`` → ``x``."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("item", "tolist") and not node.args:
        return clone(func.value)
    if isinstance(func, ast.Name) and func.id in ("int", "float", "bool") and len(node.args) == 1:
        return clone(node.args[0])
    return None


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
    if printer is None or joined is None:
        return Fix(
            "jax.debug.print",
            f"{names.jax}.debug.print(\"{{}}\", value)",
            "a tracer has no value to format at trace time; `jax.debug.print` prints the value when the "
            "compiled function runs",
        )
    template, keywords = _format_template(joined)
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


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _is_jnp(dotted: str, names: Names) -> bool:
    head = dotted.rsplit(".", 1)[0]
    return head in (names.jnp, "jnp", "jax.numpy")


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


def _integer_fixes(site: Site) -> list[Fix]:
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
            if dotted.rsplit(".", 1)[-1] in _SHAPE_FUNCS:
                return _shape_fixes(site)
    return _with_static(site, [f for f in fixes if f is not None])


# --- array conversion: np.* on tracers ------------------------------------------


def _array_fixes(site: Site) -> list[Fix]:
    for node in site.ancestors():
        if isinstance(node, ast.Call):
            dotted = _dotted(node.func) or ""
            if dotted.startswith(f"{site.names.np}.") or dotted.startswith("numpy."):
                return _numpy_call_fixes(site, node, dotted)
    return _with_static(site, [])


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


# --- boolean masks ----------------------------------------------------------------


def _mask_fixes(site: Site) -> list[Fix]:
    names = site.names
    subscript = next((n for n in site.ancestors() if isinstance(n, ast.Subscript)), None)
    if subscript is None and site.node is not None:
        subscript = next((n for n in ast.walk(site.node) if isinstance(n, ast.Subscript)), None)
    if subscript is None:
        return []
    array, mask = subscript.value, subscript.slice
    fixes: list[Fix] = []
    updated = _at_update(site, subscript)
    if updated is not None:
        return [f for f in [updated] if f is not None]
    reduced = _find_reduction(site, subscript)
    if reduced is not None:
        reduction, outer = reduced
        masked = call(f"{names.jnp}.where", clone(mask), clone(array), ast.Constant(_identity(reduction)))
        if isinstance(outer.func, ast.Attribute) and outer.func.value is subscript:
            new: ast.expr = ast.Call(ast.Attribute(masked, reduction, ast.Load()), clone(outer.args),
                                     clone(outer.keywords))
        else:
            new = clone(outer)
            new.args[0] = masked
        if reduction == "mean":
            new = ast.BinOp(
                ast.Call(ast.Attribute(clone(masked), "sum", ast.Load()), [], []),
                ast.Div(),
                ast.Call(ast.Attribute(clone(mask), "sum", ast.Load()), [], []),
            )
        fixes.append(_edit_fix(
            "jnp.where", outer, new,
            "selecting elements gives a result whose size depends on values; keep the shape and "
            f"neutralise the unselected elements with `jnp.where` before the {reduction}",
        ))
    else:
        fixes.append(_edit_fix(
            "jnp.where", subscript,
            call(f"{names.jnp}.where", clone(mask), clone(array), ast.Constant(0)),
            "a boolean mask selects a data-dependent number of elements; `jnp.where` keeps the shape "
            "and puts 0 where the mask is False",
        ))
        sized = ast.Subscript(
            clone(array),
            call(f"{names.jnp}.nonzero", clone(mask),
                 size=ast.Attribute(clone(mask), "size", ast.Load()), fill_value=ast.Constant(0)),
            ast.Load(),
        )
        fixes.append(_edit_fix(
            "size-argument", subscript, sized,
            "or gather with a fixed-length index list: `jnp.nonzero(..., size=...)` pads the indices",
        ))
    return [f for f in fixes if f is not None]


_AT_UPDATES = {"set": None, "add": ast.Add(), "multiply": ast.Mult(), "subtract": ast.Sub(), "divide": ast.Div()}


def _at_update(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x.at[mask].set(v)`` → ``jnp.where(mask, v, x)``."""
    at = subscript.value
    if not (isinstance(at, ast.Attribute) and at.attr == "at"):
        return None
    method = site._parents.get(subscript)
    outer = site._parents.get(method)
    if not (isinstance(method, ast.Attribute) and method.attr in _AT_UPDATES and isinstance(outer, ast.Call)
            and len(outer.args) == 1):
        return None
    array, mask, value = at.value, subscript.slice, outer.args[0]
    op = _AT_UPDATES[method.attr]
    new_value = clone(value) if op is None else ast.BinOp(clone(array), op, clone(value))
    return _edit_fix(
        "jnp.where", outer,
        call(f"{site.names.jnp}.where", clone(mask), new_value, clone(array)),
        "an update through a boolean mask has a data-dependent number of targets; `jnp.where` updates "
        "element-wise and keeps the shape",
    )


_REDUCTIONS = {"sum": 0, "mean": 0, "max": float("-inf"), "min": float("inf"), "prod": 1, "any": False, "all": True}


def _identity(reduction: str) -> Any:
    return _REDUCTIONS[reduction]


def _find_reduction(site: Site, subscript: ast.Subscript) -> tuple[str, ast.Call] | None:
    parent = site._parents.get(subscript)
    if isinstance(parent, ast.Attribute) and parent.attr in _REDUCTIONS:
        outer = site._parents.get(parent)
        if isinstance(outer, ast.Call) and outer.func is parent:
            return parent.attr, outer
    if isinstance(parent, ast.Call) and parent.args and parent.args[0] is subscript:
        dotted = _dotted(parent.func) or ""
        name = dotted.rsplit(".", 1)[-1]
        if name in _REDUCTIONS and _is_jnp(dotted, site.names):
            return name, parent
    return None


# --- traced shapes ------------------------------------------------------------------


def _shape_fixes(site: Site) -> list[Fix]:
    names = site.names
    fixes: list[Fix] = []
    chain = site.ancestors()
    subscript = next((n for n in chain if isinstance(n, ast.Subscript)), None)
    if subscript is not None and _has_slice(subscript.slice):
        fix = _dynamic_slice_fix(site, subscript)
        if fix is not None:
            fixes.append(fix)
            return _with_static(site, fixes)
        fixes = _with_static(site, fixes)
        masked = _masked_slice_fix(site, subscript)
        if masked is not None:
            fixes.append(masked)
        return fixes
    shape_call = next(
        (n for n in chain if isinstance(n, ast.Call) and (_dotted(n.func) or "").rsplit(".", 1)[-1] in
         _SHAPE_FUNCS | {"dynamic_slice", "dynamic_slice_in_dim", "nonzero"}),
        None,
    )
    if shape_call is not None and not site.paths:
        inner = _inner_jit_fix(site, shape_call)
        if inner is not None:
            return [inner]
        assigned = _jnp_assignment(site, shape_call)
        if assigned is not None:
            return [assigned]
    if shape_call is not None and _jnp_on_shapes(shape_call, names):
        new = _numpy_for_shapes(shape_call, names)
        fixes.append(_edit_fix(
            "numpy-for-static", shape_call, new,
            "shapes are known while tracing (`x.shape` holds Python ints), but `jnp` turns them into "
            "tracers; compute sizes with NumPy or plain Python",
        ))
        return [f for f in fixes if f is not None]
    if site.data_dependent and shape_call is not None:
        fixes.append(Fix(
            "jnp.where",
            f"{names.jnp}.arange(MAX_SIZE) < {_size_text(shape_call)}  "
            "# a mask of fixed length: use it with jnp.where",
            "this size is computed from array values, which a tracer does not know, and marking it static "
            "cannot help; keep a fixed maximum size and mask the unused part",
        ))
        return fixes
    return _with_static(site, fixes)


def _jnp_assignment(site: Site, shape_call: ast.Call) -> Fix | None:
    """``n = jnp.add(x.size, 1)`` earlier, ``jnp.ones(n)`` here: compute ``n`` with NumPy."""
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
            and any(isinstance(c, ast.Call) and _is_jnp(_dotted(c.func) or "", site.names) for c in ast.walk(node.value))
        ):
            new = clone(node)
            new.value = _numpy_for_shapes(ast.Call(ast.Name("_", ast.Load()), [node.value], []), site.names).args[0]
            return _edit_fix(
                "numpy-for-static", node, new,
                f"line {node.lineno} computes a size with `jnp`, which makes a tracer even from static "
                "shapes; compute it with NumPy or plain Python",
            )
    return None


def _inner_jit_fix(site: Site, node: ast.AST) -> Fix | None:
    """A static value went through an inner ``jax.jit`` call and came back traced."""
    from ._tracking import is_jit_object

    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and site.globals_:
            callee = site.globals_.get(sub.func.id)
            if callee is not None and is_jit_object(callee):
                new = clone(sub)
                new.func = ast.Attribute(ast.Name(sub.func.id, ast.Load()), "__wrapped__", ast.Load())
                fix = _edit_fix(
                    "remove-inner-jit", sub, new,
                    f"`{sub.func.id}` is itself jitted, so whatever it returns is a tracer, even for a static "
                    f"input; call the plain function here (or drop its `@jax.jit`: inside a jitted function "
                    "an inner jit adds nothing)",
                )
                return fix
    return None


def _size_text(node: ast.Call) -> str:
    if node.args:
        return text_of(node.args[0])
    return "n"


def _has_slice(node: ast.AST) -> bool:
    if isinstance(node, ast.Slice):
        return True
    return isinstance(node, ast.Tuple) and any(isinstance(e, ast.Slice) for e in node.elts)


def _dynamic_slice_fix(site: Site, subscript: ast.Subscript) -> Fix | None:
    names = site.names
    dims = subscript.slice.elts if isinstance(subscript.slice, ast.Tuple) else [subscript.slice]
    moving = [(axis, d) for axis, d in enumerate(dims) if isinstance(d, ast.Slice) and (d.lower or d.upper)]
    if len(moving) != 1 or any(not isinstance(d, ast.Slice) for d in dims):
        return None
    axis, piece = moving[0]
    if piece.step is not None or piece.lower is None or piece.upper is None:
        return None
    size = _constant_width(piece.lower, piece.upper)
    if size is None:
        return None  # the length itself is traced: see _masked_slice_fix
    args = [clone(subscript.value), clone(piece.lower), size]
    keywords = {"axis": ast.Constant(axis)} if axis else {}
    new = call(f"{names.lax}.dynamic_slice_in_dim", *args, **keywords)
    fix = _edit_fix(
        "lax.dynamic_slice", subscript, new,
        "a slice with traced bounds has a traced length; `lax.dynamic_slice_in_dim` takes a traced start "
        "and a fixed length",
    )
    return fix


def _masked_slice_fix(site: Site, subscript: ast.Subscript) -> Fix | None:
    """``x[lo:hi]`` with a traced length → keep the whole axis and mask outside ``[lo, hi)``."""
    piece = subscript.slice
    if not isinstance(piece, ast.Slice) or piece.step is not None:
        return None
    names = site.names
    array = text_of(subscript.value)
    index = f"{names.jnp}.arange({array}.shape[0])"
    parts = []
    if piece.lower is not None:
        parts.append(f"({index} >= {text_of(piece.lower)})")
    if piece.upper is not None:
        parts.append(f"({index} < {text_of(piece.upper)})")
    return Fix(
        "jnp.where",
        f"{names.jnp}.where({' & '.join(parts)}, {array}, 0)",
        "a slice whose length depends on traced values has no fixed shape; keep the whole axis and zero "
        "what lies outside the bounds (reductions such as `.sum()` then give the same result)",
    )


def _constant_width(lower: ast.expr, upper: ast.expr) -> ast.expr | None:
    # x[i:i+k] → k when k does not depend on i
    if isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add):
        if ast.dump(upper.left) == ast.dump(lower):
            return clone(upper.right)
        if ast.dump(upper.right) == ast.dump(lower):
            return clone(upper.left)
    return None


def _jnp_on_shapes(node: ast.Call, names: Names) -> bool:
    """True when the size arguments compute with ``jnp`` from shapes (``jnp.prod(x.shape)``)."""
    for arg in [*node.args, *[k.value for k in node.keywords]]:
        for sub in ast.walk(arg):
            if isinstance(sub, ast.Call) and _is_jnp(_dotted(sub.func) or "", names):
                if any(isinstance(s, ast.Attribute) and s.attr in ("shape", "ndim", "size") for s in ast.walk(sub)):
                    return True
    return False


def _numpy_for_shapes(node: ast.Call, names: Names) -> ast.Call:
    new = clone(node)

    class _Swap(ast.NodeTransformer):
        def visit_Call(self, sub: ast.Call) -> ast.AST:
            self.generic_visit(sub)
            dotted = _dotted(sub.func) or ""
            if sub is not new and _is_jnp(dotted, names):
                sub.func = attr(f"{names.np}.{dotted.rsplit('.', 1)[-1]}")
            return sub

    return _Swap().visit(new)


# --- leaks -----------------------------------------------------------------------


def _leak_fixes(site: Site) -> list[Fix]:
    names = site.names
    store = site.leak_store
    value = _stored_value(store) if store is not None else None
    shown = text_of(value) if value is not None else "value"
    fixes = [
        Fix(
            "return-value",
            f"return result, {shown}   # and keep it outside: result, {shown} = f(...)",
            "a traced value only exists while JAX traces; return it from the function instead of "
            "storing it, and store the returned (concrete) value outside",
        ),
        Fix(
            "jax.debug.print",
            f"{names.jax}.debug.callback(lambda v: print(v), {shown})",
            "to look at the value (or log it), let JAX hand you the concrete value when the compiled "
            "function runs",
        ),
    ]
    return fixes


def _stored_value(store: ast.stmt) -> ast.expr | None:
    if isinstance(store, ast.Expr) and isinstance(store.value, ast.Call) and store.value.args:
        return store.value.args[0]
    if isinstance(store, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return store.value
    return None


# --- unhashable statics ----------------------------------------------------------


def _unhashable_fixes(site: Site) -> list[Fix]:
    facts = site.facts
    name = site.argument
    if "Tracer" in site.message:
        return _traced_static_fixes(site)
    if facts is None or name is None:
        return [Fix(
            "hashable-static",
            "f(x, (1, 2))   # a tuple instead of a list",
            "static arguments are keys of JAX's compile cache, so they must be hashable: "
            "pass a tuple (or a frozen dataclass) instead of a list, dict or array",
        )]
    value = facts.values.get(name)
    not_static = Fix(
        "not-static", _static_code(facts, remove=(name,)),
        f"pass `{name}` traced, not static (arrays, and lists or dicts of them, are traced as pytrees) "
        "if no Python code needs its values",
        recipe=Static(remove=(name,)),
    )
    if value is not None and _is_array(value):
        if getattr(value, "ndim", 1) == 0 and not isinstance(value, jax.ShapeDtypeStruct):
            scalar = value.item()
            return [Fix(
                "hashable-static", f"{facts.name}(..., {name}={scalar!r})   # a Python {type(scalar).__name__}",
                f"an array is not hashable; pass `{name}` as a plain Python {type(scalar).__name__} "
                f"(`{name}.item()` where you call it)",
                recipe=Static(replace={name: scalar}),
            ), not_static]
        not_static.summary = (
            f"`{name}` is an array: pass it traced (its shape stays static); only hashable Python values "
            "can be static"
        )
        return [not_static, Fix(
            "hashable-static", f"{facts.name}(..., {name}=tuple({name}.tolist()))",
            "or, if Python code must see its values, pass them as a tuple",
        )]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [Fix(
            "hashable-static", f"@dataclasses.dataclass(frozen=True)\nclass {type(value).__name__}: ...",
            f"`{type(value).__name__}` defines `__eq__` but no `__hash__`; a frozen dataclass is hashable "
            "(and compared by value, so equal configs share one compile)",
        ), not_static]
    if value is None:
        guess = _hashable_by_type(site.message, facts.name, name)
        if guess is not None:
            return [guess, not_static]
    fixes: list[Fix] = []
    hashable = _hashable_version(value)
    if hashable is not None:
        code, new_value = hashable
        fixes.append(Fix(
            "hashable-static", f"{facts.name}(..., {name}={code})",
            f"static arguments are keys of JAX's compile cache, so they must be hashable: pass `{name}` as "
            f"a {type(new_value).__name__}",
            recipe=Static(replace={name: new_value}),
        ))
    fixes.append(not_static)
    return fixes


def _hashable_by_type(message: str, fname: str, name: str) -> Fix | None:
    """With the value unknown, JAX's message still names its type."""
    match = re.search(r"of type <class '([\w.]+)'>", message)
    if match is None:
        return None
    kind = match.group(1).rsplit(".", 1)[-1]
    if kind in ("ndarray", "ArrayImpl", "Array"):
        return None  # an array: passing it traced comes first
    code = {"list": "tuple(...)", "set": "frozenset(...)", "dict": "tuple(sorted(d.items()))"}.get(kind)
    if code is not None:
        return Fix("hashable-static", f"{fname}(..., {name}={code})",
                   f"static arguments are keys of JAX's compile cache, so they must be hashable: pass a "
                   f"hashable version of this {kind}")
    return Fix(
        "hashable-static", f"@dataclasses.dataclass(frozen=True)\nclass {kind}: ...",
        f"`{kind}` is not hashable; a frozen dataclass (or a class with __hash__ and __eq__) is, and is "
        "compared by value",
    )


def _traced_static_fixes(site: Site) -> list[Fix]:
    """A traced value passed where an inner jitted function wants a static one."""
    fixes: list[Fix] = []
    static = static_fix(site)
    if static is not None:
        static.summary = (
            "the inner function needs this value static, so it must be static here too: "
            + static.summary
        )
        fixes.append(static)
    inner = site.node if isinstance(site.node, ast.Call) else None
    callee = _dotted(inner.func) if inner is not None else None
    fixes.append(Fix(
        "remove-inner-jit",
        f"{callee}.__wrapped__(...)   # or drop @jax.jit from {callee}" if callee else "drop the inner @jax.jit",
        "inside a jitted function an inner jit adds nothing; called as a plain function it takes the value "
        "as it is",
    ))
    return fixes


def _hashable_version(value: Any) -> tuple[str, Any] | None:
    try:
        if isinstance(value, list):
            new: Any = tuple(_hashable_version(v)[1] if isinstance(v, (list, dict, set)) else v for v in value)
        elif isinstance(value, set):
            new = frozenset(value)
        elif isinstance(value, dict):
            new = tuple(sorted(value.items()))
        else:
            return None
        hash(new)
    except Exception:  # noqa: BLE001 - values inside are not hashable either
        return None
    return repr(new), new


# --- non-array arguments ---------------------------------------------------------


def _non_array_fixes(site: Site) -> list[Fix]:
    facts = site.facts
    name = site.argument
    fixes: list[Fix] = []
    if name is None:
        return fixes
    value = facts.values.get(name) if facts is not None else None
    is_self = name == "self" or (facts is not None and facts.params and facts.params[0] == name and name == "self")
    if facts is not None and (value is None or _hashable(value)):
        fix = Fix(
            "static", _static_code(facts, add=(name,)),
            f"`{name}` is not an array, so it cannot be traced; as a static argument JAX uses it as a "
            "compile-time constant (it must be hashable)",
            recipe=Static(add=(name,)),
        )
        if is_self:
            fix.code = "@partial(jax.jit, static_argnums=0)   # on the method"
            fix.warning = (
                "the object is hashed by identity unless its class defines __hash__/__eq__: "
                "attributes changed later are not seen by the compiled code"
            )
        fixes.append(fix)
    if is_self or (
        not isinstance(value, (str, bytes, int, float, bool)) if value is not None else _user_class_in(site.message)
    ):
        cls = type(value).__name__ if value is not None and not is_self else "YourClass"
        pytree = Fix(
            "register-pytree",
            f"jax.tree_util.register_dataclass({cls})   # or @jax.tree_util.register_pytree_node_class",
            "register the class as a pytree: its array fields are then traced like any argument",
        )
        if not is_self and (_holds_arrays(value) if value is not None else _user_class_in(site.message)):
            fixes.insert(0, pytree)  # static would bake its arrays into the program as constants
            if len(fixes) > 1:
                fixes[1].warning = "static bakes the arrays it holds into the compiled program as constants"
        else:
            fixes.append(pytree)
    return fixes


def _user_class_in(message: str) -> bool:
    """JAX's message names the argument's type; a class of the user's own may hold arrays."""
    match = re.search(r"of type <class '([\w.]+)'>", message)
    if match is None:
        return False
    qualified = match.group(1)
    return not qualified.startswith(("builtins.", "jax", "jaxlib.", "numpy.", "functools.")) and "." in qualified or (
        "." not in qualified and qualified not in ("str", "bytes", "function", "NoneType", "type", "tuple", "list", "dict")
    )


def _holds_arrays(value: Any) -> bool:
    try:
        fields = vars(value).values()
    except TypeError:
        return False
    return any(_is_array(v) for v in fields)


_HANDLERS = {
    "bool-conversion": _bool_fixes,
    "concretization": _concretization_fixes,
    "integer-conversion": _integer_fixes,
    "array-conversion": _array_fixes,
    "boolean-index": _mask_fixes,
    "traced-shape": _shape_fixes,
    "leaked-tracer": _leak_fixes,
    "unhashable-static": _unhashable_fixes,
    "non-array-argument": _non_array_fixes,
}
