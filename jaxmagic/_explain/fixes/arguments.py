"""Fixes for static arguments: unhashable static values, and statics traced again."""
from __future__ import annotations

import ast
import dataclasses
import sys
from typing import Any

import jax

from ..._common.errors import is_installed_library
from ..._common.frames import quiet_leaves
from ..call import CallFacts
from ..explanation import Fix
from .site import Site, Static, dotted_of, is_array, is_hashable, static_code, static_fix
from ..._common.source import copied, text_of
from ..declare.fields import declared_static_fix
from ..declare.pytree_class import handed_dataclass_fix
from ..declare.frozen import (frozen_declaration_fix, frozen_twin, hashable_by_type,
                              hashable_fields, hashable_version, value_from_message, written_as_tuple)
from ..declare.wrapper import filter_jit_for_static
from ..declare.jit_option import partial_bound_fix
from .non_array import holds_arrays
from .equality import children_fix, eq_fix, tuple_literal_fix
from ..values.bound import bound_keyword_fix
from ..values.held_unhashable import handed_hashable_fix

__all__ = ["unhashable_fixes"]


# --- unhashable statics ----------------------------------------------------------


def unhashable_fixes(site: Site) -> list[Fix]:
    facts = site.facts
    name = site.argument
    if "Tracer" in site.message:
        return _traced_static_fixes(site)
    foreign = facts is not None and name not in facts.params  # a function's the call reaches through a library
    literal = tuple_literal_fix(site) if "type: 'list'" in site.message or "not hashable: [" in site.message else None
    if literal is not None and (facts is None or name not in facts.params or not isinstance(
            facts.values.get(name), list)):  # gp.sample(key, shape=[n]): the list written in the user's own call,
        return [literal]  # as a tuple
    if facts is None or name is None or foreign:  # the call of the user's that handed it, else a pattern
        return [bound_keyword_fix(site) or handed_hashable_fix(site) or handed_dataclass_fix(site) or Fix(
            "hashable-static", "f(x, (1, 2))   # a tuple instead of a list",
            "static arguments are keys of JAX's compile cache, so they must be hashable: "
            "pass a tuple (or a frozen dataclass) instead of a list, dict or array", template=True,
        )]  # the value is not known here: a pattern, not code for this line
    value = facts.values.get(name)
    if "metadata fields of pytree" in site.message and value is not None:
        moved = children_fix(name, value, site.names.jax)
        declared = declared_static_fix(name, value)
        # the fix goes where the field was declared static, when the user's source declares it
        return [declared] if declared is not None else [moved] if moved is not None else []
    if "comparable using __eq__" in site.message and value is not None:
        equal = eq_fix(name, value, site.names.np)
        if equal is not None:
            return [equal]
    # every array marked static with it (``static_argnums=(0, 1)`` for both index arrays): traced together
    removed = (name, *(o for o in facts.params if o != name and o in facts.static and is_array(facts.values.get(o))
                       and not is_hashable(facts.values.get(o))))
    not_static = Fix(
        "not-static", static_code(facts, remove=removed),
        f"pass `{name}` traced, not static (arrays, and lists or dicts of them, are traced as pytrees) "
        "if no Python code needs its values" + "".join(f"; `{o}` too" for o in removed[1:]),
        recipe=Static(remove=removed),
    )
    if literal is not None:  # the user's own jitted function given a list: the tuple, else a list again inside
        # (ramsey's ``active_dims`` is a slice unless a list), else traced (a list of indices gathers traced)
        again = _container_again(facts, name, hashable_version(value) or ("", None), "list")
        return [literal, *([again] if again is not None else []), not_static]
    if value is not None and is_array(value):
        if getattr(value, "ndim", 1) == 0 and not isinstance(value, jax.ShapeDtypeStruct):
            scalar = value.item()
            others = _other_unhashable(facts, name)  # ``array2image(flat, n, n)``: both given the same array
            given = ", ".join(f"{n}={c}" for n, (c, _) in {name: (repr(scalar), scalar), **others}.items())
            # a real number computed as an array (a lengthscale from a median) is data: traced, it never recompiles
            # (tried first, it goes last when Python code needs its value); a count stays a Python int first
            ordered = (lambda fixes: fixes[::-1]) if isinstance(scalar, (float, complex)) else (lambda fixes: fixes)
            return ordered([Fix(
                "hashable-static", f"{facts.name}(..., {given})   # a Python {type(scalar).__name__}",
                f"an array is not hashable; pass `{name}` as a plain Python {type(scalar).__name__} "
                f"(`{name}.item()` where you call it)" + (f", and {', '.join(f'`{n}`' for n in others)} too"
                                                          if others else ""),
                recipe=Static(replace={name: scalar, **{n: v for n, (_, v) in others.items()}}),
            ), not_static])
        not_static.summary = (f"`{name}` is an array: pass it traced (its shape stays static); only hashable "
                              "Python values can be static")
        # (integers: sizes, static first; a bool array is a mask, data: traced first)
        counts = getattr(value, "ndim", 0) == 1 and hasattr(value, "tolist") and value.dtype.kind in "iu"
        as_tuple = Fix("hashable-static", f"{facts.name}(..., {name}=tuple({name}.tolist()))", f"`{name}` holds "
                       "integers (a shape, sizes): pass them as a tuple of Python ints, which hashes" if counts else
                       "or, if Python code must see its values, pass them as a tuple",
                       recipe=Static(replace={name: tuple(value.tolist())}) if counts else None)
        return [as_tuple, not_static] if counts else [not_static, as_tuple]  # a shape's sizes: static first
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        held = hashable_fields(value, site.tree)
        if held is not None:  # a dataclass hashing its fields, one a list: the same class, tuples in its fields
            code, new_value, whole = held
            return [Fix(
                "hashable-static", code if whole else f"{facts.name}(..., {name}={code})",
                f"`{type(value).__name__}` hashes its fields, but a list (or dict, set) in them makes it "
                "unhashable; hold tuples there",
                recipe=Static(replace={name: new_value}),
            ), not_static]
        params = getattr(type(value), "__dataclass_params__", None)
        declared = frozen_declaration_fix(name, value, by_identity=True) if holds_arrays(value) and not (
            params is not None and params.frozen) and quiet_leaves(value) == [value] else None
        if declared is not None:  # no pytree (a jitted method's ``self``): hashed by identity, its arrays kept in
            return [declared, not_static]
        if (params is not None and params.frozen) or holds_arrays(value):
            # frozen, or a pytree of arrays (a model): trace it; an equinox Module's Python values: filter_jit
            return [not_static, *filter(None, [filter_jit_for_static(facts, name, value, site.globals_ or {})])]
        declared = frozen_declaration_fix(name, value)
        if declared is not None and name not in facts.static:  # a library's own jit holds it static (tn4ml's
            declared.recipe.handed = value  # ``forward(X, embedding=...)``): tried through that jit, with this object
        if declared is not None:
            return [declared, not_static]
        remade = _remade_inside(facts, name, value, site.globals_ or {})
        if remade is not None:  # a library's class (chex's dataclasses have no hash): its settings, made again inside
            return [remade, not_static]
        return [Fix(
            "hashable-static", f"@dataclasses.dataclass(frozen=True)\nclass {type(value).__name__}: ...",
            f"`{type(value).__name__}` defines `__eq__` but no `__hash__`; a frozen dataclass is hashable "
            "(and compared by value, so equal configs share one compile)", template=True,
        ), not_static]
    if value is None:  # a notebook's call not read back: the user's dataclass, named and shown by JAX's message
        shown = value_from_message(site.message, site.globals_ or {})
        declared = frozen_declaration_fix(name, shown) if shown is not None else None
        if declared is not None:
            return [declared, not_static]
        guess = hashable_by_type(site.message, facts.name, name)
        if guess is not None:
            return [guess, not_static]
    fixes: list[Fix] = []
    frozen = frozen_twin(value, site.globals_ or {})
    if frozen is not None:  # ml_collections' ConfigDict: its library's own hashable twin, FrozenConfigDict
        spelled, new_value = frozen
        fixes.append(Fix(
            "hashable-static", f"{facts.name}(..., {name}={spelled}({name}))",
            f"`{type(value).__name__}` is mutable, so not hashable; its library's `{type(new_value).__name__}` is, "
            "and is compared by value, so equal configurations share one compile",
            recipe=Static(replace={name: new_value}),
        ))
    hashable = hashable_version(value) if frozen is None else None
    if isinstance(value, dict) and hashable is not None:
        mapping = _container_again(facts, name, hashable, "dict")
        if mapping is not None:
            fixes.append(mapping)
            hashable = None
    if hashable is not None:
        others = _other_unhashable(facts, name)
        code, new_value = hashable
        given = ", ".join(f"{n}={c}" for n, (c, _) in {name: hashable, **others}.items())
        written = written_as_tuple(site.tree, value, getattr(site.node, "lineno", None))  # (a list written elsewhere,
        fixes.append(Fix(  # which library code handed over: a tuple there)
            "hashable-static", written.code() if written else f"{facts.name}(..., {given})",
            "static arguments are keys of JAX's compile cache, so they must be hashable: pass "
            + " and ".join(f"`{n}`" for n in (name, *others)) + f" as {type(new_value).__name__}s"
            if others else f"static arguments are keys of JAX's compile cache, so they must be hashable: pass `{name}` "
            f"as a {type(new_value).__name__}",
            recipe=Static(replace={name: new_value, **{n: v for n, (_, v) in others.items()}}),
        ))
    handed = handed_hashable_fix(site) if not fixes else None
    if handed is not None:  # Sigmoid(alpha=config['alpha']) made on the line: a JAX scalar inside, a float there
        handed.summary = (f"`{name}` is static, so it must be hashable, and the object hashes what it holds: a list "
                          "or a JAX scalar in it is not hashable, a tuple or a Python number is (equal values share "
                          "one compile)")
        fixes.append(handed)
    fixes.append(not_static)
    bound = partial_bound_fix(name, value, facts.name, facts.params, facts.values, facts.static, site.globals_ or {},
                              site.tree, site.names) \
        if isinstance(value, (dict, list)) and len(fixes) == 1 else None  # no hashable version: closed over
    return [*fixes, *([bound] if bound is not None else [])]


def _remade_inside(facts: CallFacts, name: str, value: Any, globals_: dict) -> Fix | None:
    """A library's dataclass object passed static, which cannot be hashed (hippox's ``Hippo``, a chex dataclass):
    its settings (the fields it is made with, plain Python values) passed as a tuple of items, which hashes, and the
    object made again from them on the function's first line. The user cannot give a library's class a hash."""
    cls = type(value)
    module = sys.modules.get(cls.__module__)
    spelled = next((n for n, v in globals_.items() if v is cls), None) or next(
        (f"{n}.{cls.__name__}" for n, v in globals_.items() if v is module and module is not None), None)
    if spelled is None or not is_installed_library(getattr(module, "__file__", None) or ""):
        return None
    try:
        items = tuple((f.name, getattr(value, f.name)) for f in dataclasses.fields(value) if f.init and not (
            f.default is not dataclasses.MISSING and getattr(value, f.name) == f.default))  # (the defaults stay)
        plain = ast.literal_eval(repr(items)) == items and hash(items) is not None
    except Exception:  # noqa: BLE001 - a field that is not a plain Python value (an array): no literal for it
        return None
    if not plain:
        return None
    again = _made_again(facts, name, f"{spelled}(**dict({name}))")
    if again is None:
        return None
    shown = "\n".join([facts.def_line, f"    {name} = {spelled}(**dict({name}))   # made again inside",
                       "    ...  # the body as it is", "", f"{facts.name}(..., {name}={items!r})"])
    return Fix(
        "hashable-static", shown,
        f"`{cls.__name__}` (from `{cls.__module__.split('.')[0]}`) cannot be hashed, so it cannot be static: pass the "
        f"settings it is made with as a tuple, which hashes (equal settings share one compile), and make the "
        f"`{cls.__name__}` again on the function's first line",
        recipe=Static(replace={name: items}, edited=(again, facts.source[1])),
    )


def _made_again(facts: CallFacts, name: str, made: str) -> ast.FunctionDef | None:
    """The user's jitted function with ``name = made`` as its first statement (after a docstring)."""
    if facts.source is None:
        return None
    node = facts.source[0]
    if not isinstance(node, ast.FunctionDef) or not node.body:
        return None
    edited = copied(node)
    first = edited.body[0]
    docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
        first.value.value, str)
    again = ast.parse(f"{name} = {made}").body[0]
    ast.copy_location(again, first)
    ast.fix_missing_locations(again)
    edited.body.insert(1 if docstring else 0, again)
    return edited


def _container_again(facts: CallFacts, name: str, hashable: tuple[str, Any], made: str) -> Fix | None:
    """A dict or list passed static: as a tuple (hashable), made a ``made`` again on the function's first line
    (the body keeps reading it as before, ``**hparams``, ``hparams["lr"]``, a library's ``isinstance(dims, list)``:
    the tuple alone would break it)."""
    edited = _made_again(facts, name, f"{made}({name})") if hashable[1] is not None else None
    if edited is None:
        return None
    filename = facts.source[1]
    code, new_value = hashable
    passed = f"tuple(sorted({name}.items()))" if made == "dict" else code
    shown = "\n".join([facts.def_line, f"    {name} = {made}({name})   # a {made} again inside",
                       "    ...  # the body as it is", "", f"{facts.name}(..., {name}={passed})"])
    return Fix(
        "hashable-static", shown,
        f"a static argument is a key of JAX's compile cache, so it must be hashable, and a {made} is not: pass "
        f"`{name}`" + ("'s items as a sorted tuple" if made == "dict" else " as a tuple") + f" and make it a {made} "
        "again on the function's first line",
        recipe=Static(replace={name: new_value}, edited=(edited, filename)),
    )


def _traced_static_fixes(site: Site) -> list[Fix]:
    """A traced value passed where an inner jitted function wants a static one."""
    fixes: list[Fix] = []
    transform = _transformation_of(site)
    if transform is not None and site.argument is not None:
        spelled, target, position = transform
        rejit = static_fix(site) if spelled == "jax.jit" else None
        if rejit is not None and rejit.recipe is not None:  # the user's jit of a jitted function: its option, tried
            rejit.summary = (f"`{spelled}` traces every argument it is given, `{site.argument}` included, but "
                             f"`{target}` holds it static: say so to your jit too")
            return [rejit]
        return [Fix(
            "static",
            f"{spelled}({target}, static_argnums={position!r})",
            f"`{spelled}` traces every argument it is given, `{site.argument}` included, but `{target}` "
            f"needs it static: tell the transformation too",
        )]
    static = static_fix(site)
    if static is not None:
        static.summary = (
            "the inner function needs this value static, so it must be static here too: "
            + static.summary
        )
        fixes.append(static)
    inner = site.node if isinstance(site.node, ast.Call) else None
    callee = dotted_of(inner.func) if inner is not None else None
    fixes.append(Fix(
        "remove-inner-jit",
        f"{callee}.__wrapped__(...)   # or drop @jax.jit from {callee}" if callee else "drop the inner @jax.jit",
        "inside a jitted function an inner jit adds nothing; called as a plain function it takes the value "
        "as it is",
    ))
    return fixes


def _transformation_of(site: Site) -> tuple[str, str, int] | None:
    """``jax.make_jaxpr(f)(x, 4)`` or ``t = jax.make_jaxpr(f); t(x, 4)``: the transformation and its target."""
    node = site.node
    if not isinstance(node, ast.Call):
        return None
    made = node.func
    if isinstance(made, ast.Name) and site.tree is not None:
        made = next(
            (a.value for a in ast.walk(site.tree) if isinstance(a, ast.Assign) and len(a.targets) == 1
             and isinstance(a.targets[0], ast.Name) and a.targets[0].id == made.id), None,
        )
    if not (isinstance(made, ast.Call) and made.args and dotted_of(made.func)):
        return None
    target = text_of(made.args[0])
    facts = site.facts
    params = facts.params if facts is not None else []
    position = params.index(site.argument) if site.argument in params else 1
    return dotted_of(made.func), target, position


def _other_unhashable(facts: CallFacts, name: str) -> dict[str, tuple[str, Any]]:
    """The call's other static arguments that are not hashable either, each as (code, hashable value): made
    hashable with ``name``, or the call fails on the next one (``mesh_shape`` and ``box_size`` both lists)."""
    found = {}
    for other in facts.params:
        value = facts.values.get(other)
        if other == name or other not in facts.static or other not in facts.values or is_hashable(value):
            continue
        if is_array(value) and getattr(value, "ndim", 1) == 0 and not isinstance(value, jax.ShapeDtypeStruct):
            found[other] = (repr(value.item()), value.item())
        else:
            made = hashable_version(value)
            if made is not None:
                found[other] = made
    return found
