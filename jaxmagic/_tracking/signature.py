"""Abstract call signatures: what JAX keys its trace cache on, in the user's names.

A signature has one entry per pytree leaf of every traced argument (its
abstract value) and one per static argument (its value), plus each
argument's pytree structure and whether it was passed by position or by
keyword. Nothing here holds an array: traced leaves keep only shape, dtype,
weak type and sharding. :func:`build_signature` reads one from a call's
arguments; :func:`abstract_call` turns one back into arguments for
``jitted.trace``, which JAX answers from its trace cache.
"""
from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import jax
from .._common import jax_config  # JAX's tracing context: part of its cache key

from .compiling.placements import aval_sharding_text

__all__ = [
    "Leaf",
    "Parameter",
    "Signature",
    "normalize_static",
    "positional_names",
    "build_signature",
    "abstract_call",
    "parameter_text",
    "short_repr",
    "hash_key",
    "static_tuple",
    "tracing_context",
    "context_names",
]


@dataclasses.dataclass(frozen=True)
class Leaf:
    """One traced pytree leaf, or one static argument.

    Attributes
    ----------
    path : str
        The leaf in the user's names, e.g. ``x``, ``params['w']``, ``n``.
    static : bool
        True for a static argument, whose ``value`` is part of the cache key.
    aval : Any
        The abstract value JAX traced with (a ``ShapedArray``); None if static.
    value : Any
        The static value; None for traced leaves.
    """

    path: str
    static: bool
    aval: Any = None
    value: Any = None

    @property
    def short(self) -> str:
        """The leaf as JAX prints it in a jaxpr (``f32[3]``) or the static value's repr."""
        if self.static:
            return short_repr(self.value)
        return self.aval.str_short(short_dtypes=True)

    def key(self) -> tuple:
        cached = self.__dict__.get("_key")  # computed once: history, closest and advice all ask
        if cached is None:
            if self.static:
                cached = ("static", hash_key(self.value))
            else:
                a = self.aval
                cached = ("traced", a.shape, str(a.dtype), bool(getattr(a, "weak_type", False)), aval_sharding_text(a))
            object.__setattr__(self, "_key", cached)
        return cached


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One argument of a call: how it was passed and its pytree structure."""

    name: str
    passed_as: str  # "positional" or "keyword"
    static: bool
    treedef: Any  # jax PyTreeDef for traced arguments, None for static ones


@dataclasses.dataclass(frozen=True)
class Signature:
    """The abstract signature of one trace of a function."""

    parameters: tuple[Parameter, ...]
    leaves: tuple[Leaf, ...]
    # JAX's tracing context when it traced (config options and context managers such as
    # ``jax.default_matmul_precision``): part of JAX's cache key, so a change of it traces again
    context: tuple = ()

    def key(self) -> tuple:
        return (
            tuple((p.name, p.passed_as, p.static, p.treedef) for p in self.parameters),
            tuple((leaf.path, leaf.key()) for leaf in self.leaves),
            self.context,
        )

    def leaf_map(self) -> dict[str, Leaf]:
        return {leaf.path: leaf for leaf in self.leaves}

    def text(self) -> str:
        """``x: f32[3], n=3``: the signature as rows and reports print it."""
        return ", ".join(parameter_text(leaf.path, leaf.short, leaf.static) for leaf in self.leaves)


# --- building a signature at trace time -------------------------------------


def normalize_static(
    fn: Callable, static_argnums: Any, static_argnames: Any
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Complete static argnums/argnames from each other, the way ``jax.jit`` does.

    Returns non-negative positions and names.  When the signature cannot be
    read, the given values are returned as they are.
    """
    nums = static_tuple(static_argnums)
    names = static_tuple(static_argnames)
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return tuple(n for n in nums if n >= 0), names
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    nums = tuple(n + len(positional) if n < 0 else n for n in nums)
    if static_argnums is None and names:
        nums = tuple(i for i, p in enumerate(positional) if p.name in names and p.kind != p.POSITIONAL_ONLY)
    if static_argnames is None and nums:
        names = tuple(
            p.name for i, p in enumerate(positional) if i in nums and p.kind == p.POSITIONAL_OR_KEYWORD
        )
    return nums, names


def positional_names(fn: Callable) -> tuple[list[str], str | None]:
    """Names of ``fn``'s positional parameters and of its ``*args`` (or None)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return [], "args"
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    var = next((p.name for p in params if p.kind == p.VAR_POSITIONAL), None)
    return names, var


def build_signature(
    args: Sequence[Any],
    kwargs: dict[str, Any],
    *,
    names: Sequence[str],
    var_name: str | None,
    static_argnums: Iterable[int],
    static_argnames: Iterable[str],
    abstract: Callable[[Any], Any],
    static_leaf: Callable[[Any], bool] | None = None,
    expand: Callable[[str, Any], Any] | None = None,
) -> Signature:
    """The signature of one call, from its arguments as JAX passes them.

    ``abstract`` maps a leaf to its abstract value (``lambda t: t.aval`` at trace
    time, ``jax.typeof`` for concrete arrays). A wrapper that decides per leaf
    what is static (equinox: everything but arrays) passes ``static_leaf``; one
    whose arguments are its own objects (NNX modules) passes ``expand``,
    ``(name, value) -> (structure, [(path, leaf)])`` or None for a plain pytree.
    """
    nums = set(static_argnums)
    static_names = set(static_argnames)
    parameters: list[Parameter] = []
    leaves: list[Leaf] = []

    def add(name: str, value: Any, passed_as: str, static: bool) -> None:
        if static:
            parameters.append(Parameter(name, passed_as, True, None))
            leaves.append(Leaf(name, True, value=value))
            return
        expanded = expand(name, value) if expand is not None else None
        if expanded is not None:
            structure, pairs = expanded
            parameters.append(Parameter(name, passed_as, False, structure))
            leaves.extend(Leaf(name + suffix, False, aval=abstract(leaf)) for suffix, leaf in pairs)
            return
        flat, treedef = jax.tree_util.tree_flatten_with_path(value)
        if static_leaf is not None and len(flat) == 1 and not flat[0][0] and static_leaf(flat[0][1]):
            add(name, value, passed_as, True)  # the whole argument is one static value (a Python float)
            return
        parameters.append(Parameter(name, passed_as, False, treedef))
        for path, leaf in flat:
            if static_leaf is not None and static_leaf(leaf):
                leaves.append(Leaf(name + jax.tree_util.keystr(path), True, value=leaf))
            else:
                leaves.append(Leaf(name + jax.tree_util.keystr(path), False, aval=abstract(leaf)))

    for i, value in enumerate(args):
        if i < len(names):
            name = names[i]
        else:
            name = f"{var_name or 'args'}[{i - len(names)}]"
        add(name, value, "positional", i in nums)
    for name, value in kwargs.items():
        add(name, value, "keyword", name in static_names)
    return Signature(tuple(parameters), tuple(leaves), tracing_context())


_CONTEXTS: dict[tuple, tuple] = {}  # one object per distinct context: signatures share it


def tracing_context() -> tuple:
    """JAX's tracing context now, as JAX keys its trace cache on it; () where this JAX has none."""
    try:
        context = jax_config.trace_context()
    except Exception:  # noqa: BLE001 - another JAX: contexts are not compared
        return ()
    try:
        found = _CONTEXTS.setdefault(context, context)
    except TypeError:  # an unhashable entry: contexts are not compared
        return ()
    if len(_CONTEXTS) > 256:
        _CONTEXTS.clear()
    return found


def context_names() -> tuple[str, ...]:
    """The names of the entries of :func:`tracing_context` (``jax_default_matmul_precision``), where JAX says them."""
    try:
        return jax_config.trace_context_names()
    except Exception:  # noqa: BLE001 - older JAX: the entries are unnamed
        return ()


def abstract_call(signature: Signature) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``jitted.trace`` that reproduce ``signature``'s cache key."""
    leaves = iter(signature.leaves)
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for param in signature.parameters:
        if param.static:
            value = next(leaves).value
        else:
            specs = [_spec(next(leaves).aval) for _ in range(param.treedef.num_leaves)]
            value = jax.tree_util.tree_unflatten(param.treedef, specs)
        if param.passed_as == "keyword":
            kwargs[param.name] = value
        else:
            args.append(value)
    return args, kwargs


def _spec(aval: Any) -> jax.ShapeDtypeStruct:
    weak = bool(getattr(aval, "weak_type", False))
    sharding = getattr(aval, "sharding", None)
    mesh = getattr(sharding, "mesh", None)
    if sharding is not None and getattr(mesh, "shape_tuple", ()):
        # on a device mesh the sharding is part of the trace's key: keep it, or the report would
        # read back a different (unsharded) program
        try:
            return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=weak, sharding=sharding)
        except (TypeError, ValueError):
            pass
    return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=weak)


# --- as text ----------------------------------------------------------------


def parameter_text(path: str, short: str, static: bool) -> str:
    """One argument as a signature prints it: ``x: f32[3]`` traced, ``n=3`` static."""
    return f"{path}={short}" if static else f"{path}: {short}"


def hash_key(value: Any) -> Any:
    """A key that compares a static value by value when it is hashable, else by identity."""
    try:
        hash(value)
        return ("value", value)
    except TypeError:
        return ("id", id(value))


def static_tuple(value: Any) -> tuple:
    """``static_argnums`` / ``static_argnames`` as JAX accepts them (one or many) → a tuple."""
    if value is None:
        return ()
    if isinstance(value, (str, int)):
        return (value,)
    return tuple(value)


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters; never raises."""
    try:
        text = repr(value)
    except Exception as exc:  # a user's __repr__ may fail; say so instead of failing
        text = f"<{type(value).__name__} (repr failed: {type(exc).__name__})>"
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
