"""Fixes for arguments: unhashable static values, statics traced again, arguments that are not arrays."""
from __future__ import annotations

import ast
import dataclasses
from typing import Any

import jax

from ..._common.frames import quiet_leaves
from ..call import CallFacts, untraceable
from ..explanation import Fix
from .site import (Site, Static, dotted_of, forwarded_positions, is_hashable, is_array, leaf_static_fix, static_code,
                   static_fix)
from ..._common.files import is_users_class
from ..._common.source import copied, text_of
from ..declare.fields import declared_data_fix, declared_static_fix
from ..declare.pytree_class import (class_registration_fix, fields_holding_arrays, function_partial_fix,
                                    handed_dataclass_fix, built_once, unjitted_method_fix, user_class_in)
from ..declare.frozen import (frozen_declaration_fix, frozen_twin, hashable_by_type,
                              hashable_fields, hashable_version, value_from_message, written_as_tuple)
from ..declare.leaf import at_path
from ..declare.wrapper import filter_jit_fix, filter_jit_for_static
from ..declare.jit_option import partial_bound_fix, wrapper_option_fix
from ..declare.checkpoint_option import differentiated_argnums_fix
from ..twins.registration import library_registration_fix
from .equality import children_fix, eq_fix, tuple_literal_fix
from ..values.bound import bound_keyword_fix
from ..values.held_unhashable import handed_hashable_fix

__all__ = ["unhashable_fixes", "non_array_fixes"]


# --- unhashable statics ----------------------------------------------------------


def unhashable_fixes(site: Site) -> list[Fix]:
    facts = site.facts
    name = site.argument
    if "Tracer" in site.message:
        return _traced_static_fixes(site)
    foreign = facts is not None and name not in facts.params  # a function's the call reaches through a library
    literal = tuple_literal_fix(site) if "type: 'list'" in site.message or "not hashable: [" in site.message else None
    if literal is not None:  # gp.sample(key, shape=[n]): the list written in the user's own call, as a tuple
        return [literal]
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
        declared = frozen_declaration_fix(name, value, by_identity=True) if _holds_arrays(value) and not (
            params is not None and params.frozen) and quiet_leaves(value) == [value] else None
        if declared is not None:  # no pytree (a jitted method's ``self``): hashed by identity, its arrays kept in
            return [declared, not_static]
        if (params is not None and params.frozen) or _holds_arrays(value):
            # frozen, or a pytree of arrays (a model): trace it; an equinox Module's Python values: filter_jit
            return [not_static, *filter(None, [filter_jit_for_static(facts, name, value, site.globals_ or {})])]
        declared = frozen_declaration_fix(name, value)
        if declared is not None and name not in facts.static:  # a library's own jit holds it static (tn4ml's
            declared.recipe.handed = value  # ``forward(X, embedding=...)``): tried through that jit, with this object
        if declared is not None:
            return [declared, not_static]
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
        mapping = _dict_again(facts, name, hashable)
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


def _dict_again(facts: CallFacts, name: str, hashable: tuple[str, Any]) -> Fix | None:
    """A dict passed static: its items as a tuple (hashable), made a dict again on the function's first line
    (the body keeps reading it as a mapping, ``**hparams``, ``hparams["lr"]``: the tuple alone would break it)."""
    if facts.source is None:
        return None
    node, filename = facts.source
    if not isinstance(node, ast.FunctionDef) or not node.body:
        return None
    edited = copied(node)
    first = edited.body[0]
    docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
        first.value.value, str)
    again = ast.parse(f"{name} = dict({name})").body[0]
    ast.copy_location(again, first)
    ast.fix_missing_locations(again)
    edited.body.insert(1 if docstring else 0, again)
    code, new_value = hashable
    shown = "\n".join([facts.def_line, f"    {name} = dict({name})   # a dict again inside",
                       "    ...  # the body as it is", "", f"{facts.name}(..., {name}=tuple(sorted({name}.items())))"])
    return Fix(
        "hashable-static", shown,
        f"a static argument is a key of JAX's compile cache, so it must be hashable, and a dict is not: pass "
        f"`{name}`'s items as a sorted tuple and make it a dict again on the function's first line",
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


# --- non-array arguments ---------------------------------------------------------


def non_array_fixes(site: Site) -> list[Fix]:
    facts = site.facts
    name = site.argument
    fixes: list[Fix] = []
    if name is None:
        return fixes
    value = facts.values.get(name) if facts is not None else None
    option = wrapper_option_fix(name, facts.jitted_as[0], site.globals_ or {}, site.tree, site.names) \
        if facts is not None and facts.jitted_as and value is None else None
    if option is not None:  # jaxray's ``@intercept`` adds ``cache``: bound before the jit, never static
        return [option]
    is_self = name == "self" or (facts is not None and facts.params and facts.params[0] == name and name == "self")
    path = site.paths[0] if site.paths else name
    declared = declared_data_fix(name, path, value) if value is not None and not is_self else None
    if declared is not None:  # a function held as a data field of the user's pytree class: static there
        fixes.append(declared)
    wrapped = filter_jit_fix(facts, path, value, at_path(value, path)[1], site.globals_ or {}) \
        if declared is None and facts is not None and value is not None and path != name else None
    if wrapped is not None:  # a function inside an equinox Module handed to plain jax.jit: filter_jit decides
        fixes.append(wrapped)
    elif declared is None and facts is not None and path != name and not is_hashable(value):
        # one leaf of a pytree (a function inside a params dict): the rest stays traced
        leaf = leaf_static_fix(site, path)
        if leaf is not None:
            leaf.summary = (
                f"`{path}` is not an array, so it cannot be traced as a leaf of `{name}`; pass it as its own "
                "static argument and keep the arrays in the pytree"
            )
            fixes.append(leaf)
    differentiated = differentiated_argnums_fix(site, name)
    if differentiated is not None:  # jax.grad(loss)(layer, c): grad differentiates the first argument only
        return [differentiated]
    if facts is not None and (value is None or is_hashable(value)):
        add = (name, *untraceable(facts, name))  # ``In`` and ``Out``, two Axis objects: both static at once
        fix = Fix(
            "static", static_code(facts, add=add),
            f"`{name}` is not an array, so it cannot be traced; as a static argument JAX uses it as a compile-time "
            "constant (it must be hashable)" if len(add) == 1 else f"{' and '.join(f'`{n}`' for n in add)} are not "
            "arrays, so they cannot be traced; as static arguments JAX uses them as compile-time constants",
            recipe=Static(add=add, positions=forwarded_positions(facts, add)),
        )
        if is_self:
            header = facts.def_line
            fix.code = f"@partial(jax.jit, static_argnums=0)\n{header}\n    ...  # the method's body as it is"
            fix.warning = (
                "the object is hashed by identity unless its class defines __hash__/__eq__: "
                "attributes changed later are not seen by the compiled code"
            )
        fixes.append(fix)
    frozen = frozen_twin(value, site.globals_ or {}) if facts is not None and value is not None else None
    if frozen is not None:  # a ConfigDict: static as its library's hashable twin
        spelled, new_value = frozen
        fixes.append(Fix(
            "static", static_code(facts, add=(name,)) + f"\n\n{facts.name}(..., {name}={spelled}({name}))",
            f"`{name}` is a configuration, not an array: pass it static, as its library's hashable "
            f"`{type(new_value).__name__}` (compared by value: equal configurations share one compile)",
            recipe=Static(add=(name,), replace={name: new_value}), kinds=("static", "hashable-static"),
        ))
        return fixes
    if facts is not None and value is not None and not is_self and not is_hashable(value) and not _holds_arrays(
            value) and not is_users_class(type(value)):  # a library's object no array (an ONNX model): closed over
        jitted = (facts.jitted_as or (None,))[0] or facts.name  # (inline, ``jax.jit(f)(x)``: the function's)
        fixes += filter(None, [partial_bound_fix(name, value, jitted, facts.params, facts.values, facts.static,
                                                 site.globals_ or {}, site.tree, site.names)])
    if declared is not None or _a_pytree(value):
        return fixes  # the class is a pytree already: registering it again is no fix
    own = library_registration_fix(value, site.globals_) if value is not None and not is_self else None
    if own is not None:  # quimb's jax_register_pytree(): the library's own way, first
        return [own, *fixes]
    if is_self or (
        not isinstance(value, (str, bytes, int, float, bool, type)) if value is not None else user_class_in(site.message)
    ):
        written = class_registration_fix(name, value, site.names.jax) if value is not None and path == name and \
            (is_users_class(type(value)) or dataclasses.is_dataclass(value)) else None  # (a library's dataclass too)
        cls = type(value).__name__ if value is not None and not is_self else "YourClass"
        pytree = written or function_partial_fix(name, value, site.node, {**(site.globals_ or {}), **(
            site.locals_ or {})}, site.names.jax) or Fix(
            "register-pytree",
            f"jax.tree_util.register_dataclass({cls})   # or @jax.tree_util.register_pytree_node_class",
            "register the class as a pytree: its array fields are then traced like any argument",
        )
        held = fields_holding_arrays(value) if value is not None else ()
        holds = bool(held) or (not is_self and (_holds_arrays(value) if value is not None else user_class_in(
            site.message)))
        static = next((f for f in fixes if f.kind == "static"), None)
        if holds and static is not None:
            static.warning = "static bakes the arrays it holds into the compiled program as constants"
        if is_self and held and static is not None:  # jax FAQ, jit with methods: a mutated self goes stale
            static.warning = (
                f"static bakes `self`'s arrays ({', '.join(f'`{k}`' for k in held)}) into the compiled code as "
                "constants: once they change (a training step's update), the compiled code still uses the old ones")
            # (a structure its constructor built, arrays beside Python counts, that its own methods never change:
            # static first, as JAX's FAQ has it for a method of an unchanging object)
            once = value is not None and built_once(value, site.tree)
            fixes.insert(fixes.index(static) + 1 if once else 0, unjitted_method_fix(facts.def_line, held))
        # first for the user's class holding arrays; a library's (an environment, a kernel term, the user's subclass
        # of a library's solver whose __init__ is the library's) is its business
        fixes.insert(0 if holds and (value is None or is_users_class(type(value)) and is_users_class(next(
            c for c in type(value).__mro__ if "__init__" in vars(c)))) else len(fixes), pytree)
    return fixes


def _a_pytree(value: Any) -> bool:
    """True when ``value``'s class is a registered pytree node (it flattens into several leaves, or none)."""
    if value is None:
        return False
    try:
        return jax.tree_util.tree_structure(value).num_nodes > 1
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten
        return False


def _holds_arrays(value: Any) -> bool:
    """True when ``value``'s fields hold arrays, or it is a pytree with array leaves (a model's layers' weights)."""
    try:
        fields = vars(value).values()
    except TypeError:
        return False
    if any(is_array(v) for v in fields):
        return True
    try:
        return any(is_array(leaf) for leaf in quiet_leaves(value)[:4096])
    except Exception:  # noqa: BLE001 - an object JAX cannot flatten holds none it would trace
        return False
