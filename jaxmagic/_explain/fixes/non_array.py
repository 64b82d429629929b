"""Fixes for arguments that are not arrays: a Module, ``self``, a function, a configuration, a library's object."""
from __future__ import annotations

import ast
import dataclasses
import inspect
import types
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ..._common.files import is_users_class
from ..._common.frames import quiet_leaves
from ..._common.source import clone, text_of
from ..recover import Impure, evaluate_pure
from .rewrites import call
from ..call import untraceable
from ..explanation import Fix
from ..declare.checkpoint_option import differentiated_argnums_fix
from ..declare.fields import declared_data_fix
from ..declare.frozen import frozen_twin
from ..declare.jit_option import partial_bound_fix, wrapper_option_fix
from ..declare.leaf import at_path
from ..declare.pytree_class import (built_once, class_registration_fix, fields_holding_arrays, function_partial_fix,
                                    unjitted_method_fix, user_class_in)
from ..declare.wrapper import filter_jit_fix
from ..twins.registration import library_registration_fix
from .site import Site, Static, forwarded_positions, is_array, is_hashable, leaf_static_fix, static_code

__all__ = ["array_like_fix", "non_array_fixes", "holds_arrays"]


def non_array_fixes(site: Site, converting: bool = True) -> list[Fix]:
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
    converted = array_like_fix(site, value) if converting and value is not None and not is_array(value) else None
    if converted is not None:  # a PIL image, a pandas frame: data that converts to an array, converted first
        return [converted, *(f for f in non_array_fixes(site, converting=False) if f.kind != "register-pytree")]
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
    if facts is not None and value is not None and not is_self and not is_hashable(value) and not holds_arrays(
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
        holds = bool(held) or (not is_self and (holds_arrays(value) if value is not None else user_class_in(
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


def array_like_fix(site: Site, value: Any) -> Fix | None:
    """``jnp.asarray(logo)`` where the failing call passed ``logo``, an object that converts to a numeric array
    (``__array__``, the array interface: a PIL image, a pandas frame) but that JAX cannot trace as it is; not a lazy
    one (dask, a dataset on disk) nor a large one, which converting while explaining would compute or read."""
    handed = _passed_as(site, value) if site.node is not None and site.facts is not None else None
    if handed is None:
        return None
    try:
        if not any(inspect.getattr_static(value, a, None) is not None for a in (
                "__array__", "__array_interface__", "__array_struct__")) or inspect.getattr_static(
                value, "__dask_graph__", None) is not None or int(getattr(value, "nbytes", 0) or 0) > _CONVERTED_BYTES:
            return None
        made = np.asarray(value)
        converted = jnp.asarray(made) if made.dtype.kind in "biufc" and made.nbytes <= _CONVERTED_BYTES else None
    except Exception:  # noqa: BLE001 - an object whose conversion fails (or a dtype JAX lacks) is no array-like
        return None
    if converted is None:
        return None
    node, at, given = handed
    edited = clone(node)
    edited.args[at] = call(f"{site.names.jnp}.asarray", clone(given))
    kind = type(value).__name__
    return Fix("jnp-not-np", ast.unparse(edited),
               f"`{text_of(given)}` is {'an' if kind[0] in 'AEIOU' else 'a'} `{kind}`, which JAX cannot trace, though "
               f"it converts to an array ({made.dtype}{list(made.shape)}): pass it as one with `jnp.asarray`",
               recipe=Static(replace={site.argument: converted}))


_CONVERTED_BYTES = 64 * 2 ** 20  # the most an object is converted while explaining


def _passed_as(site: Site, value: Any) -> tuple[ast.Call, int, ast.expr] | None:
    """(the call on the failing line, the position, the expression) that hands ``value`` on, found by identity."""
    frame = types.SimpleNamespace(f_locals=site.locals_ or {}, f_globals=site.globals_ or {})
    for node in ast.walk(site.node):
        for at, given in enumerate(node.args if isinstance(node, ast.Call) else ()):
            try:
                held = evaluate_pure(given, frame) if isinstance(given, ast.Name) else None
            except Impure:
                continue
            if held is value:
                return node, at, given
    return None


def _a_pytree(value: Any) -> bool:
    """True when ``value``'s class is a registered pytree node (it flattens into several leaves, or none)."""
    if value is None:
        return False
    try:
        return jax.tree_util.tree_structure(value).num_nodes > 1
    except Exception:  # noqa: BLE001 - a value JAX cannot flatten
        return False


def holds_arrays(value: Any) -> bool:
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
