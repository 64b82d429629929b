"""A leaf of a pytree argument made static: taken out of the pytree into a static parameter of its own.

A count kept in a batch dict or a config (``batch['horizon']``, ``cfg.n``) is a leaf, and jit traces every
leaf; a pytree holding arrays cannot be static whole. The function gets a keyword-only parameter for the
leaf, read where the body read the leaf, and the jit the user wrote marks it static. :class:`Static` is the
recipe every static fix is tried by.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import re
from typing import Any

import jax
import numpy as np

from ..._common.source import text_of
from ..call import CallFacts, root_of
from ..explanation import Fix

__all__ = ["Static", "at_path", "leaf_static_fix", "leaf_value"]


@dataclasses.dataclass
class Static:
    """Recipe: re-jit with these parameters added to / removed from the static ones."""

    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    replace: dict[str, Any] = dataclasses.field(default_factory=dict)  # new values for arguments
    also: tuple[str, ...] = ()  # others the line reads (``jnp.tri(n, m)``): tried too if ``add`` fails; ``reword``
    reword: Any = None  # rewrites the fix for the larger set
    edited: tuple[ast.AST, str] | None = None  # (the function's def with a line added, its file): traced instead
    positions: tuple[int, ...] = ()  # ``add``'s names a wrapper takes in ``*args``: static by these positions


def leaf_static_fix(facts: CallFacts | None, leaf: str, jit: str, globals_: dict | None = None) -> Fix | None:
    """``leaf`` of a pytree argument taken out into a static parameter of its own (``jit`` is the user's jit,
    as spelled in fixes); its code is the function rewritten, when its source is read."""
    if facts is None:
        return None
    if "<" in leaf or (facts.source is not None and not _reads(facts.source[0], leaf) and _unreachable(facts, leaf)):
        return None  # a path the value cannot be read by (``iv[0]`` of a dataclass, read as ``self.lo``)
    name = re.sub(r"\W+", "_", leaf.split("[", 1)[-1].split(".", 1)[-1]).strip("_") or "n"
    if not name.isidentifier() or name in facts.params:  # batch[1] → batch_1; cfg['x'] beside x → cfg_x
        name = re.sub(r"\W+", "_", leaf).strip("_")
    params = ", ".join([*(p for p in facts.params if p != name), name])
    recipe = _leaf_static_recipe(facts, leaf, name)
    if recipe is not None:  # the signature as rewritten: the new parameter keyword-only, after any defaults
        params = ast.unparse(recipe.edited[0].args)
    if facts.wrapper == "equinox.filter_jit":  # no static options: a Python value passed is static
        code = ast.unparse(recipe.edited[0]) if recipe is not None else f"def {facts.name}({params}): ..."
        return Fix(
            "static", f"{code}\n\n{_passing(facts, name, _python(recipe, name, leaf))}",
            f"`{leaf}` is a leaf of a pytree argument, and equinox.filter_jit traces every array leaf; take it "
            f"out into its own parameter and pass a Python value: filter_jit holds Python values static",
            recipe=recipe,
        )
    code = _rewritten(facts, recipe, name, jit, globals_ or {}) if recipe is not None else (
        f"def {facts.name}({params}):\n    ...  # the body, reading {name} where it read {leaf}\n"
        f"{facts.name} = {jit}({facts.name}, static_argnames={name!r})")
    return Fix(
        "static", f"{code}\n\n{_passing(facts, name, leaf)}",
        f"`{leaf}` is a leaf of a pytree argument, and leaves are traced; take it out of the pytree "
        f"into its own static argument (a pytree holding arrays cannot be static as a whole)",
        recipe=recipe,
    )


def _passing(facts: CallFacts, name: str, given: str) -> str:
    """The call as the user makes it, with the leaf passed on its own: a comment, in the parameters' names."""
    passed = [p for p in facts.params if p != name]
    return f"# and pass it on its own:\n# {facts.name}({', '.join([*passed, f'{name}={given}'])})"


def _python(recipe: Static | None, name: str, leaf: str) -> str:
    """The leaf as the Python value to pass: ``int(batch['n'])`` when it was an array."""
    value = recipe.replace.get(name) if recipe is not None else None
    return f"{type(value).__name__}({leaf})" if isinstance(value, (int, float, bool)) else leaf


def _rewritten(facts: CallFacts, recipe: Static, name: str, jit: str, globals_: dict) -> str:
    """The function as rewritten, jitted with ``name`` static: the user's jit decorator given the option, or a
    line after the ``def`` as the user's own ``jax.jit(f)`` call would be."""
    node = copy.deepcopy(recipe.edited[0])
    option = ast.keyword("static_argnames", ast.Constant(name))
    jitting = [d for d in node.decorator_list
               if (text_of(d.func if isinstance(d, ast.Call) else d) or "").endswith("jit")]
    if not facts.decorated or len(jitting) != 1:
        node.decorator_list = [d for d in node.decorator_list if d not in jitting]
        return f"{ast.unparse(node)}\n\n{facts.name} = {jit}({facts.name}, static_argnames={name!r})"
    old = jitting[0]
    if isinstance(old, ast.Call) and old.args:  # ``@partial(jax.jit, static_argnames=...)``: one more name
        new = copy.deepcopy(old)
        given = next((k for k in new.keywords if k.arg == "static_argnames"), None)
        names = [] if given is None else list(ast.literal_eval(given.value)) if not isinstance(
            given.value, ast.Constant) else [given.value.value]
        new.keywords = [k for k in new.keywords if k.arg != "static_argnames"] + [ast.keyword(
            "static_argnames", ast.Constant(tuple([*names, name])) if names else ast.Constant(name))]
    elif isinstance(old, ast.Call):  # ``@nnx.jit(donate_argnums=0)``
        new = copy.deepcopy(old)
        new.keywords = [*new.keywords, option]
    else:
        new = ast.Call(ast.Name("partial", ast.Load()), [copy.deepcopy(old)], [option])
    node.decorator_list = [new if d is old else d for d in node.decorator_list]
    importing = "from functools import partial\n\n" if "partial(" in ast.unparse(new) and \
        "partial" not in globals_ else ""
    return importing + ast.unparse(node)



def _unreachable(facts: CallFacts, leaf: str) -> bool:
    """True when ``leaf``, written as code, does not reach into the argument's value (an index of an object)."""
    return not at_path(facts.values.get(root_of(leaf)), leaf)[0]


def _reads(node: ast.AST, leaf: str) -> bool:
    """True when the function ``node`` reads the expression ``leaf`` (``cfg.n``, ``batch[1]``)."""
    try:
        wanted = ast.dump(ast.parse(leaf, mode="eval").body)
    except SyntaxError:
        return False
    return any(isinstance(n, ast.expr) and ast.dump(n) == wanted for n in ast.walk(node))


def _leaf_static_recipe(facts: CallFacts, leaf: str, name: str) -> Static | None:
    """The function given a new static parameter ``name``, read where the body read ``leaf``, and the leaf's
    value (a Python scalar) passed for it: tried when the call's values and the function's source are known."""
    if facts.source is None or name in facts.params:
        return None
    node, filename = facts.source
    try:
        wanted = ast.dump(ast.parse(leaf, mode="eval").body)
    except SyntaxError:
        return None
    value = leaf_value(facts.values.get(root_of(leaf)), leaf)
    if value is None or not isinstance(node, ast.FunctionDef):
        return None
    edited = copy.deepcopy(node)
    replaced = 0
    for holder in ast.walk(edited):
        for field, old in ast.iter_fields(holder):
            items = old if isinstance(old, list) else [old]
            for i, item in enumerate(items):
                if isinstance(item, ast.expr) and ast.dump(item) == wanted:
                    new = ast.copy_location(ast.Name(name, ast.Load()), item)
                    if isinstance(old, list):
                        old[i] = new
                    else:
                        setattr(holder, field, new)
                    replaced += 1
    if not replaced:
        return None
    edited.args.kwonlyargs.append(ast.arg(name))
    edited.args.kw_defaults.append(None)
    return Static(add=(name,), replace={name: value}, edited=(edited, filename))


def at_path(value: Any, leaf: str) -> tuple[bool, Any]:
    """(True, the value at ``leaf`` of the argument's value), or (False, None) where the path does not reach."""
    for step in re.findall(r"\.(\w+)|\[([^\]]+)\]", leaf[len(root_of(leaf)):]):
        attribute, key = step
        try:
            value = getattr(value, attribute) if attribute else value[ast.literal_eval(key)]
        except Exception:  # noqa: BLE001 - a path through something we do not read
            return False, None
    return True, value


def leaf_value(value: Any, leaf: str) -> Any:
    """The Python scalar at ``leaf`` (``cfg.n_steps``, ``opts['k']``) of the argument's value; None otherwise."""
    value = at_path(value, leaf)[1]
    if isinstance(value, (np.ndarray, jax.Array)) and getattr(value, "ndim", 1) == 0 and not isinstance(
            value, jax.core.Tracer):
        try:
            value = value.item()
        except Exception:  # noqa: BLE001 - an array with no value to read (an abstract one a library made)
            return None
    return value if isinstance(value, (bool, int, float, str)) else None
