"""A leaf of a pytree argument made static: taken out of the pytree into a static parameter of its own.

A count kept in a batch dict or a config (``batch['horizon']``, ``cfg.n``) is a leaf, and jit traces every
leaf; a pytree holding arrays cannot be static whole. The function gets a keyword-only parameter for the
leaf, read where the body read the leaf, and the jit the user wrote marks it static. :class:`Static` is the
recipe every static fix is tried by.
"""
from __future__ import annotations

import ast
import dataclasses
import re
from typing import Any

import jax
import numpy as np

from ..._common.source import copied, text_of
from ..call import CallFacts, root_of
from ..explanation import Fix
from .wrapper import differentiated_inline, jit_statement

__all__ = ["Static", "at_path", "leaf_static_fix", "leaf_value", "static_jitted_code"]


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


def leaf_static_fix(facts: CallFacts | None, leaf: str, jit: str, globals_: dict | None = None,
                    also: tuple[str, ...] = ()) -> Fix | None:
    """``leaf`` of a pytree argument taken out into a static parameter of its own (``jit`` is the user's jit,
    as spelled in fixes); its code is the function rewritten, when its source is read. ``also``: other leaves of
    the same argument that the failing line hands on with it (``KalmanFilter(cfg['dim_Z'], cfg['dim_Y'])``), taken
    out too where they hold Python values: the library needs every one of them as a Python value."""
    if facts is None:
        return None
    if "<" in leaf or (facts.source is not None and not _reads(facts.source[0], leaf) and _unreachable(facts, leaf)):
        return None  # a path the value cannot be read by (``iv[0]`` of a dataclass, read as ``self.lo``)
    leaves = [leaf, *(a for a in dict.fromkeys(also) if a != leaf and "<" not in a and facts.source is not None
                      and _reads(facts.source[0], a) and _python_count(at_path(facts.values.get(root_of(a)), a)[1]))]
    names: list[str] = []
    for one in leaves:
        name = re.sub(r"\W+", "_", one.split("[", 1)[-1].split(".", 1)[-1]).strip("_") or "n"
        if not name.isidentifier() or name in facts.params or name in names:  # batch[1] → batch_1; cfg['x'] beside x
            name = re.sub(r"\W+", "_", one).strip("_")
        names.append(name)
    params = ", ".join([*(p for p in facts.params if p not in names), *names])
    recipe = _leaf_static_recipe(facts, leaves, names)
    if recipe is None and len(leaves) > 1:  # the others cannot be taken out with it: the one leaf alone
        leaves, names = leaves[:1], names[:1]
        params = ", ".join([*(p for p in facts.params if p not in names), *names])
        recipe = _leaf_static_recipe(facts, leaves, names)
    if recipe is not None:  # the signature as rewritten: the new parameters keyword-only, after any defaults
        params = ast.unparse(recipe.edited[0].args)
    shown = ", ".join(f"`{one}`" for one in leaves)
    if facts.wrapper == "equinox.filter_jit":  # no static options: a Python value passed is static
        code = ast.unparse(recipe.edited[0]) if recipe is not None else f"def {facts.name}({params}): ..."
        given = [_python(recipe, name, one) for name, one in zip(names, leaves)]
        return Fix(
            "static", f"{code}\n\n{_passing(facts, names, given)}",
            f"{shown} {'is a leaf' if len(leaves) == 1 else 'are leaves'} of a pytree argument, and "
            f"equinox.filter_jit traces every array leaf; take {'it' if len(leaves) == 1 else 'them'} out into "
            f"{'its own parameter' if len(leaves) == 1 else 'parameters of their own'} and pass Python values: "
            "filter_jit holds Python values static",
            recipe=recipe,
        )
    pruned = _pruned(facts, leaves, recipe)
    given = [_python(recipe, n, one) if isinstance(at_path(facts.values.get(root_of(one)), one)[1], (
        jax.Array, np.ndarray)) else one for n, one in zip(names, leaves)]  # an array of one number: ``int(p.failures)``
    spelled = repr(names[0]) if len(names) == 1 else repr(tuple(names))
    code = static_jitted_code(facts, recipe, names, jit, globals_ or {}) if recipe is not None else (
        f"def {facts.name}({params}):\n    ...  # the body, reading {', '.join(names)} where it read "
        f"{', '.join(leaves)}\n" + jit_statement(facts, jit, f"static_argnames={spelled}"))
    return Fix(
        "static", f"{code}\n\n{_passing(facts, names, given, pruned)}",
        f"{shown} {'is a leaf' if len(leaves) == 1 else 'are leaves'} of a pytree argument, and leaves are "
        f"traced; take {'it' if len(leaves) == 1 else 'them'} out of the pytree into "
        f"{'its own static argument' if len(leaves) == 1 else 'static arguments of their own'} (a pytree holding "
        "arrays cannot be static as a whole)",
        recipe=recipe,
    )


def _python_count(value: Any) -> bool:
    """A Python int, bool or string as passed (a size, a flag, a name), not an array nor a float of data."""
    return isinstance(value, (bool, int, str)) and not isinstance(value, jax.core.Tracer)


def _pruned(facts: CallFacts, leaves: list[str], recipe: Static | None) -> dict[str, str]:
    """For a dict argument whose leaf JAX cannot trace at all (a string, ``ckpt['activation']``), the dict passed
    without it (the recipe's value too), as written: the leaf passed static alone leaves it in the pytree."""
    written: dict[str, str] = {}
    for leaf in leaves if recipe is not None else ():
        root, key = root_of(leaf), re.fullmatch(r"\w+\[(['\"])(\w+)\1\]", leaf)
        held = recipe.replace.get(root, facts.values.get(root))
        if key is None or not isinstance(held, dict) or not isinstance(held.get(key[2]), (str, bytes)):
            continue
        recipe.replace[root] = {k: v for k, v in held.items() if k != key[2]}
        written[root] = f"{{k: v for k, v in {root}.items() if k != {key[2]!r}}}"
    return written


def _passing(facts: CallFacts, names: list[str], given: list[str], pruned: dict[str, str] | None = None) -> str:
    """The call as the user makes it, with the leaves passed on their own: a comment, in the parameters' names."""
    passed = [(pruned or {}).get(p, p) for p in facts.params if p not in names]
    called = (facts.transformed or facts.jitted_as or (None,))[0] or differentiated_inline(facts) or facts.name
    return (f"# and pass {'it' if len(names) == 1 else 'them'} on {'its' if len(names) == 1 else 'their'} own:\n"
            f"# {called}({', '.join([*passed, *(f'{n}={g}' for n, g in zip(names, given))])})")


def _python(recipe: Static | None, name: str, leaf: str) -> str:
    """The leaf as the Python value to pass: ``int(batch['n'])`` when it was an array."""
    value = recipe.replace.get(name) if recipe is not None else None
    return f"{type(value).__name__}({leaf})" if isinstance(value, (int, float, bool)) else leaf


def static_jitted_code(facts: CallFacts, recipe: Static, names: list[str], jit: str, globals_: dict) -> str:
    """The function as rewritten, jitted with ``names`` static: the user's jit decorator given the option, or a
    line after the ``def`` as the user's own ``jax.jit(f)`` call would be."""
    node = copied(recipe.edited[0])
    spelled = names[0] if len(names) == 1 else tuple(names)
    option = ast.keyword("static_argnames", ast.Constant(spelled))
    jitting = [d for d in node.decorator_list
               if (text_of(d.func if isinstance(d, ast.Call) else d) or "").endswith("jit")]
    if not facts.decorated or len(jitting) != 1:
        node.decorator_list = [d for d in node.decorator_list if d not in jitting]
        return f"{ast.unparse(node)}\n\n" + jit_statement(facts, jit, f"static_argnames={spelled!r}")
    old = jitting[0]
    if isinstance(old, ast.Call) and old.args:  # ``@partial(jax.jit, static_argnames=...)``: more names
        new = copied(old)
        given = next((k for k in new.keywords if k.arg == "static_argnames"), None)
        before = [] if given is None else list(ast.literal_eval(given.value)) if not isinstance(
            given.value, ast.Constant) else [given.value.value]
        new.keywords = [k for k in new.keywords if k.arg != "static_argnames"] + [ast.keyword(
            "static_argnames", ast.Constant(tuple([*before, *names])) if before else ast.Constant(spelled))]
    elif isinstance(old, ast.Call):  # ``@nnx.jit(donate_argnums=0)``
        new = copied(old)
        new.keywords = [*new.keywords, option]
    else:
        new = ast.Call(ast.Name("partial", ast.Load()), [copied(old)], [option])
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


def _leaf_static_recipe(facts: CallFacts, leaves: list[str], names: list[str]) -> Static | None:
    """The function given new static parameters ``names``, each read where the body read its leaf, and the
    leaves' values (Python scalars) passed for them: tried when the call's values and the function's source are
    known."""
    if facts.source is None or any(name in facts.params for name in names):
        return None
    node, filename = facts.source
    if not isinstance(node, ast.FunctionDef):
        return None
    edited = copied(node)
    replace: dict[str, Any] = {}
    for leaf, name in zip(leaves, names):
        try:
            wanted = ast.dump(ast.parse(leaf, mode="eval").body)
        except SyntaxError:
            return None
        value = leaf_value(facts.values.get(root_of(leaf)), leaf)
        if value is None:
            return None
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
            replaced = _unpacked_with(edited, leaf, name)
        if not replaced:
            return None
        edited.args.kwonlyargs.append(ast.arg(name))
        edited.args.kw_defaults.append(None)
        replace[name] = value
    return Static(add=tuple(names), replace=replace, edited=(edited, filename))


def _unpacked_with(function: ast.FunctionDef, leaf: str, name: str) -> int:
    """``f(**cfg)`` in ``function`` made ``f(**{**cfg, 'key': name})`` for the leaf ``cfg['key']`` (the dict handed
    on whole to a library): how many were made."""
    found = re.fullmatch(r"(\w+)\[('[^']*'|\"[^\"]*\")\]", leaf)
    if found is None:
        return 0
    made = 0
    for keyword in (k for k in ast.walk(function) if isinstance(k, ast.keyword) and k.arg is None and isinstance(
            k.value, ast.Name) and k.value.id == found[1]):
        keyword.value = ast.copy_location(ast.parse(f"{{**{found[1]}, {found[2]}: {name}}}", mode="eval").body,
                                          keyword.value)
        made += 1
    return made


def at_path(value: Any, leaf: str) -> tuple[bool, Any]:
    """(True, the value at ``leaf`` of the argument's value), or (False, None) where the path does not reach."""
    for step in re.findall(r"\.(\w+)|\[([^\]]+)\]", leaf[len(root_of(leaf)):]):
        attribute, key = step
        if not attribute and _indexing_computes(value):
            return False, None
        try:
            value = getattr(value, attribute) if attribute else value[ast.literal_eval(key)]
        except Exception:  # noqa: BLE001 - a path through something we do not read
            return False, None
    return True, value


def _indexing_computes(value: Any) -> bool:
    """True for an array, or an object that converts to one (an xarray ``DataArray``), whose ``[i]`` is an
    operation on its data (a ``jax.Array``'s compiles for the backend), not a step into a container."""
    return isinstance(value, jax.Array) or (hasattr(value, "__array__") and not isinstance(value, np.ndarray))


def leaf_value(value: Any, leaf: str) -> Any:
    """The Python scalar at ``leaf`` (``cfg.n_steps``, ``opts['k']``) of the argument's value; None otherwise."""
    value = at_path(value, leaf)[1]
    if isinstance(value, np.generic) and value.dtype.kind in "biuf":
        return value  # a NumPy scalar is hashable as it is, and keeps its methods (``.item()``) and dtype
    if isinstance(value, (np.ndarray, jax.Array)) and getattr(value, "ndim", 1) == 0 and not isinstance(
            value, jax.core.Tracer):
        try:
            value = value.item()
        except Exception:  # noqa: BLE001 - an array with no value to read (an abstract one a library made)
            return None
    return value if isinstance(value, (bool, int, float, str)) else None
