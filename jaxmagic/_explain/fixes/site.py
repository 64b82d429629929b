"""What every fix builder shares: the site of the error, the call, static arguments.

A :class:`Site` is where the error arose (the failing expression in the user's syntax tree), which arguments
the failing value depends on, and what is known of the call. ``static`` is offered only when it can help:
never for a value computed from array data, with a warning when the argument looks like it changes each call.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Hashable
from typing import Any

import jax
import numpy as np

from ..._common.source import names_in, parents, text_of
from ..call import CallFacts, root_of
from ..declare.leaf import Static, at_path as _at_path, leaf_static_fix as _leaf_static_fix, leaf_value as _leaf_value
from ..declare.wrapper import filter_jit_fix
from ..declare.fields import declared_data_fix
from ..values.callee import resolved
from ..values.constructed import array_count_fix, constructed_count_fix
from ..explanation import Fix
from ..rebuild import Names
from .rewrites import Edit

__all__ = ["Site", "Static", "library_jit_named", "static_fix", "leaf_static_fix", "static_code", "looks_like_counter", "is_array",
           "is_hashable", "forwarded_positions", "no_args", "with_static", "edit_fix", "dotted_of", "is_jnp", "makes_parameters"]

# Names that usually change on every call of a training loop; but a number of steps, a bound or a total is set
# once per run (``max_iters``, ``num_steps``, ``epochs``)
_COUNTER = re.compile(r"^(t|i|it|iter|iteration|epoch|step|count|counter|idx|index|global_step)$|step|iter|epoch")
_HOW_MANY = re.compile(r"^(max|min|num|n|nb|total)_?(step|iter|epoch)|^(max|min|num|n|nb|total)_|(steps|iters|epochs)$")


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
    leak_jitted: bool = False  # the leaking function itself was jitted (JAX's message: "traced for jit")
    leak_outer: ast.AST | None = None  # the jitted definition the storing code runs in
    leak_scanned: bool = False  # the leaking function itself is a scan's body (JAX's message: "traced for scan")
    leak_kept_by: str | None = None  # the global object library code kept the value in (a stheno Measure)
    globals_: dict | None = None  # the namespace the failing line's names live in
    operands: list = dataclasses.field(default_factory=list)  # shapes that do not fit: the Operands at the line
    family: str | None = None  # which of JAX's shape checks failed (``contraction``, ``broadcast``, ...)
    host_library: str | None = None  # the failing call, a library's that needs concrete values (``mjx.get_data``)
    locals_: dict | None = None  # the values of the failing frame's variables (a state object, not an array)
    converted: str | None = None  # the field of a library's own array type that refused ``float()`` (``.array``)

    def __post_init__(self) -> None:
        self._parents = parents(self.tree) if self.tree is not None else {}

    def parent(self, node: ast.AST) -> ast.AST | None:
        """The node holding ``node`` in the syntax tree."""
        return self._parents.get(node)

    def ancestors(self, node: ast.AST | None = None) -> list[ast.AST]:
        out, node = [], self.node if node is None else node
        while node is not None:
            out, node = [*out, node], self._parents.get(node)
        return out

    def expression_of(self, node: ast.AST) -> ast.AST:
        """The largest expression holding ``node`` (up to its statement, a keyword or a comprehension)."""
        outer = node
        for above in self.ancestors(node)[1:]:
            if not isinstance(above, ast.expr):
                break
            outer = above
        return outer

    def arguments_set(self) -> set[str]:
        """The parameters the failing value depends on."""
        return {root_of(p) for p in self.paths}

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
    return bool(_COUNTER.search(name.lower())) and not _HOW_MANY.search(name.lower())


def is_array(value: Any) -> bool:
    return isinstance(value, (jax.Array, np.ndarray, np.generic, jax.ShapeDtypeStruct)) or hasattr(value, "__jax_array__")


def is_hashable(value: Any) -> bool:
    if not isinstance(value, Hashable):
        return False
    try:
        hash(value)
    except Exception:  # noqa: BLE001
        return False
    return True


def static_code(facts: CallFacts, add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> str:
    # ``self`` of a jitted bound method is static only inside jaxmagic's probe
    names = [n for n in sorted(facts.static | set(add)) if n not in remove and n != "self"]
    static_self = "self" in facts.static and "self" not in add and facts.params[:1] == ["self"]
    if facts.by_cell:
        return "%%jittrace --static-argnames " + ",".join(names) if names else "%%jittrace"
    if facts.wrapper == "equinox.filter_jit":  # no static options: a Python value is static, an array traced
        made_static = [n for n in add if n != "self"]
        if made_static:
            return f"# equinox.filter_jit holds Python values static: pass {', '.join(made_static)} as Python values"
        if remove:
            return f"# equinox.filter_jit traces arrays: pass {', '.join(f'jnp.asarray({n})' for n in remove)}"
        return "@eqx.filter_jit"
    spelled = repr(names[0]) if len(names) == 1 else repr(tuple(names))
    option = "static_argnames"
    positions = forwarded_positions(facts, tuple(names))
    if positions:  # a library's wrapper taking ``*args`` (sparsejac's): static by position, as JAX's message says
        option, spelled = "static_argnums", repr(positions[0] if len(positions) == 1 else positions)
    if (facts.transformed or facts.jitted_as) is not None:  # the options go on the user's statement that jitted it
        return _transformed_static_code(facts.transformed or facts.jitted_as, spelled if names else None, option)
    jit = jit_spelled(facts)
    if facts.decorated:
        header = facts.def_line
        if static_self or (jit not in ("jax.jit", "nnx.jit") and names and all(n in facts.params for n in names)):
            # with static_argnums given, JAX infers no names (and a library's jit may read positions only)
            positions = (*((0,) if static_self else ()), *(facts.params.index(n) for n in names if n in facts.params))
            options = [f"static_argnums={positions[0] if len(positions) == 1 else positions}"]
        else:
            options = [f"static_argnames={spelled}"] if names else []
        decorator = f"@partial({jit}, {', '.join(options)})" if options else f"@{jit}"
        listed = [ast.unparse(d) for d in getattr(facts.source[0], "decorator_list", [])] if facts.source else []
        above = [f"@{d}" for d in listed[:next((i for i, d in enumerate(listed) if "jit" in d), 0)]]  # @chex.chexify
        return "\n".join([*above, decorator, header, "    ...  # the body as it is"])
    if not names:
        return f"{facts.name} = {jit}({facts.name})"
    return f"{facts.name} = {jit}({facts.name}, {option}={spelled})"


def forwarded_positions(facts: CallFacts, names: tuple[str, ...]) -> tuple[int, ...]:
    """The positions in a library wrapper's ``*args`` of ``names``, parameters of the user's function it hands them
    to and none of its own; or the positions of ``names`` when one is positional-only (plum's dispatch functions);
    empty unless every name is one."""
    held = facts.forwarded or []
    if names and any(n in facts.positional_only for n in names) and all(n in facts.params for n in names):
        return tuple(sorted(facts.params.index(n) for n in names))  # JAX takes no names for them, only positions
    if not names or not held or any(n in facts.params or n not in held for n in names):
        return ()
    return tuple(sorted(held.index(n) for n in names))


def jit_spelled(facts: CallFacts) -> str:
    """The user's jit as fixes spell it: a library's own (``brainstate.transform.jit``) as written, else
    ``nnx.jit`` or ``jax.jit``."""
    return (library_jit_named(facts.source[0]) if facts.decorated and facts.source else None) or (
        "nnx.jit" if facts.wrapper == "flax.nnx.jit" else "jax.jit")


def leaf_static_fix(site: Site, leaf: str) -> Fix | None:
    """``leaf`` of a pytree argument made a static parameter of its own, with the user's jit (and the other leaves of
    that argument the failing line hands to the same call); not data NumPy refused (an array of many elements)."""
    data = site.kind == "array-conversion" and re.search(r"traced array with shape \w+\[\d", site.message)
    return _leaf_static_fix(site.facts, leaf, jit_spelled(site.facts), site.globals_, _handed_with(site, leaf)) \
        if site.facts and not data else None


def _handed_with(site: Site, leaf: str) -> tuple[str, ...]:
    """The other leaves of ``leaf``'s argument given to the call the failing line gives ``leaf`` to
    (``KalmanFilter(cfg['dim_Z'], cfg['dim_Y'])``), as written."""
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None) if site.node is not None \
        else None
    if statement is None:
        return ()
    try:
        wanted = ast.dump(ast.parse(leaf, mode="eval").body)
    except SyntaxError:
        return ()
    root = root_of(leaf)
    for node in ast.walk(statement):
        given = [*node.args, *(k.value for k in node.keywords)] if isinstance(node, ast.Call) else []
        if any(ast.dump(a) == wanted for a in given):
            return tuple(text_of(a) for a in given if isinstance(a, (ast.Subscript, ast.Attribute))
                         and ast.dump(a) != wanted and root_of(text_of(a) or "") == root)
    return ()


def library_jit_named(definition: ast.AST) -> str | None:
    """The dotted name of a library's own jit decorating ``definition`` (``brainstate.transform.jit``, with
    or without options), neither JAX's nor NNX's; None when there is none."""
    for decorator in getattr(definition, "decorator_list", []):
        named = dotted_of(decorator.func if isinstance(decorator, ast.Call) else decorator) or ""
        if "." in named and named.endswith(".jit") and named not in ("jax.jit", "nnx.jit", "flax.nnx.jit"):
            return named
    return None


def _transformed_static_code(transformed: tuple[str | None, str], spelled: str | None,
                             option: str = "static_argnames") -> str:
    """``g = jax.jit(jax.vmap(f, in_axes=(0, None)), static_argnames='n')``: the user's own expression,
    its outermost ``jit`` given the static names (or wrapped in one)."""
    bound, text = transformed
    expression = ast.parse(text, mode="eval").body
    outer_jit = isinstance(expression, ast.Call) and (dotted_of(expression.func) or "").rsplit(".", 1)[-1] == "jit"
    if not outer_jit:
        expression = ast.Call(ast.Attribute(ast.Name("jax", ast.Load()), "jit", ast.Load()), [expression], [])
    expression.keywords = [k for k in expression.keywords if k.arg not in ("static_argnames", "static_argnums")]
    if spelled is not None:
        expression.keywords.append(ast.keyword(option, ast.parse(spelled, mode="eval").body))
    code = ast.unparse(expression)
    return f"{bound} = {code}" if bound else code


# Errors whose failing value is usually array data; without the call's values, no static fix is offered.
_DATA_KINDS = {"bool-conversion", "concretization", "array-conversion", "boolean-index"}


def _static_ok(facts: CallFacts, name: str) -> bool:
    if name not in facts.params or name in facts.static:
        return False
    if name not in facts.values:
        return True
    value = facts.values[name]
    weak_scalar = isinstance(value, jax.ShapeDtypeStruct) and getattr(value, "weak_type", False) and not value.shape
    return weak_scalar or not (is_array(value) or not is_hashable(value))


def static_fix(site: Site, argument: str | None = None, replace: dict[str, Any] | None = None) -> Fix | None:
    """Mark the responsible arguments static, when that can help: every argument the value depends on must
    become static (one left traced keeps the value traced), so none may be an array or computed from one."""
    facts = site.facts
    roots = [argument] if argument else list(dict.fromkeys(root_of(p) for p in site.paths)) or [site.argument]
    values = site.facts.values if site.facts else site.locals_ or {}
    if not argument and (made := constructed_count_fix(site.kind, site.paths, values, site.names)
                         or array_count_fix(site.paths, values)) is not None:
        return made  # ``self.cutoff = jnp.floor(...)`` in ``__init__``, or ``window=jnp.array(6)``: a Python int
    if facts is None or not roots or None in roots:
        return None
    passed = {r: v for r in roots if not replace and r in facts.params and r not in facts.static and r in facts.values
              and type(v := _leaf_value(facts.values[r], r)) in (int, bool) and is_array(facts.values[r])}
    # a loop's count kept as an array in a batch (``range(batch['n'])``, {'n': jnp.array(3)}): static, given its Python
    # value (not a slice bound, which changes each call); a NumPy scalar the user wrote (``np.float32(0.1)``): a setting
    counts = [p for p in site.paths if p not in roots and (type(_leaf_value(facts.values.get(root_of(p)), p)) in (
        int, bool) or site.kind == "concretization") and _setting(_at_path(facts.values.get(root_of(p)), p)[1],
                                                                   site.kind)] \
        if site.kind in ("integer-conversion", "concretization") else []
    if site.data_dependent and not replace and set(passed) != set(roots) and counts != site.paths:
        return None  # f(jnp.array(1)): static, given 1
    if site.kind == "traced-shape" and len(roots) > 1 and any(_static_ok(facts, r) for r in roots):
        # random.split(key, shape): an array beside the size; only the size must be static
        roots = [r for r in roots if _static_ok(facts, r)]
        site = dataclasses.replace(site, paths=[p for p in site.paths if root_of(p) in roots])
    keywords = _keyword_leaves(facts, site.paths, roots) if not argument else None
    if keywords:  # f(x, **opts) called f(x, width=3): jax.jit takes static_argnames='width' for it
        return _static_fix_for(site, keywords, replace)
    leaves = [p for p in site.paths if p not in roots]
    held = facts.values.get(root_of(leaves[0])) if leaves and not argument else None
    declared = declared_data_fix(root_of(leaves[0]), leaves[0], held, True, tuple(leaves[1:])) if held is not None else None
    if declared is not None:  # a number field of the user's pytree class (an equinox Module's): static there
        return declared
    if leaves and not argument and not all(_static_ok(facts, name) and name in facts.values for name in roots):
        # a Python value inside an equinox Module: equinox's jit holds it static; else a tuple of Python
        # numbers stays static whole, and a dict cannot
        wrapped = filter_jit_fix(facts, leaves[0], held, _at_path(held, leaves[0])[1], site.globals_ or {})
        return wrapped or leaf_static_fix(site, leaves[0])
    if not all(_static_ok(facts, name) or name in (replace or passed) for name in roots):
        return None
    if not facts.values and site.kind in _DATA_KINDS:
        return None  # values unknown, and this kind of error usually comes from array data
    also = tuple(
        n for n in dict.fromkeys(names_in(site.node)) if n not in roots and n in facts.values and _static_ok(facts, n)
        and _python_scalar(facts.values[n])
    ) if site.node is not None and not replace else ()
    fix = _static_fix_for(site, tuple(roots), replace or passed)
    fix.recipe.also = also
    fix.recipe.reword = lambda names: _static_fix_for(site, names, replace or passed)
    return fix


def _setting(value: Any, kind: str) -> bool:
    """An array leaf that holds one Python-like number: any array for a count, only a NumPy scalar (never data
    JAX computed) for a value a library reads as a number."""
    return is_array(value) and (kind == "integer-conversion" or isinstance(value, np.generic))


def _keyword_leaves(facts: CallFacts, paths: list[str], roots: list[str]) -> tuple[str, ...] | None:
    """The keyword names of ``**kwargs`` leaves the value depends on, when each was passed hashable."""
    if facts.var_keyword is None or roots != [facts.var_keyword]:
        return None
    passed = facts.values.get(facts.var_keyword) or {}
    keys = []
    for path in paths:
        match = re.fullmatch(rf"{re.escape(facts.var_keyword)}\[['\"](\w+)['\"]\]", path)
        if match is None or match.group(1) not in passed:
            return None
        value = passed[match.group(1)]
        if is_array(value) or not is_hashable(value):
            return None
        keys.append(match.group(1))
    flags = [k for k, v in passed.items() if type(v) in (bool, str)] if all(type(passed[k]) in (bool, str) for k in keys) else []
    return tuple(dict.fromkeys([*keys, *flags])) or None  # (the flags beside it are traced the same way: all static)


def _python_scalar(value: Any) -> bool:
    return isinstance(value, (bool, int, float)) or (isinstance(value, jax.ShapeDtypeStruct) and not value.shape and getattr(value, "weak_type", False))


def _static_fix_for(site: Site, names: tuple[str, ...], replace: dict[str, Any] | None) -> Fix:
    facts = site.facts
    assert facts is not None
    shown = ", ".join(f"`{n}`" for n in names)
    counters = [n for n in names if looks_like_counter(n)]
    warning = (f"`{counters[0]}` looks like it changes on every call (a step counter?): as a static argument each "
               f"new value compiles {facts.name} again. Prefer an array-level fix where one applies.") if counters else None
    given = "".join(f"\n# and pass {n} as a Python {type(v).__name__} ({v!r}), not an array"
                    for n, v in (replace or {}).items() if isinstance(facts.values.get(n), (jax.Array, np.ndarray)))
    return Fix(
        "static",
        static_code(facts, add=names) + given,
        f"make {shown} {'compile-time constants' if len(names) > 1 else 'a compile-time constant'}: JAX then sees the value and "
        f"compiles once per value (pass hashable Python values; in %%jittrace: "
        f"--static-argnames {','.join(names)})",
        warning=warning,
        recipe=Static(add=names, replace=dict(replace or {}), positions=forwarded_positions(facts, names)),
    )


# --- helpers the builders share ------------------------------------------------


def no_args() -> ast.arguments:
    return ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])


def with_static(site: Site, fixes: list[Fix]) -> list[Fix]:
    fix = static_fix(site)
    if fix is not None:
        fixes.append(fix)
    return fixes


def edit_fix(kind: str, target: ast.AST, replacement: Any, summary: str, extra: tuple[str, ...] = (),
             warning: str | None = None) -> Fix | None:
    if replacement is None:
        return None
    edit = Edit(target, replacement)
    return Fix(kind, edit.code(), summary, kinds=(kind, *[k for k in extra if k != kind]), recipe=edit,
               warning=warning)


def dotted_of(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def is_jnp(dotted: str, names: Names) -> bool:
    return dotted.rsplit(".", 1)[0] in (names.jnp, "jnp", "jax.numpy", *names.held_jnp)


# a module system's own calls that make or read a parameter or a random stream where they run
_PARAMETER_CALLS = {"param", "variable", "get_parameter", "get_state", "make_rng", "next_rng_key"}


def makes_parameters(loop: ast.AST, site: Site) -> bool:
    """True when ``loop``'s body builds a layer (``nn.Dense(8)(x)`` under ``nn.compact``, a haiku module) or asks
    for a parameter (``self.param``): a ``lax`` loop's body, traced once, would share one made per iteration."""
    for node in ast.walk(loop):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr in _PARAMETER_CALLS:
            return True
        if isinstance(value := resolved(dotted_of(node.func), site.globals_ or {}), type) and any(
                (getattr(base, "__module__", "") or "").startswith(("flax.linen", "haiku", "flax.nnx"))
                and base.__name__ == "Module" for base in value.__mro__):
            return True
    return False
