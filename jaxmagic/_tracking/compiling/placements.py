"""Where arguments live: the one reader of a JAX array's sharding, by the user's path.

A compile can happen without a new trace: the same abstract signature with an
argument placed anew (another device, another sharding on a mesh). To say
which argument moved, jaxmagic reads each array argument's sharding at the
lowering and at the compile and compares them by the user's path
(``params['w']``). Abstract values carry their sharding too, which is part of
a signature (:func:`aval_sharding_text`). Both are worded here, once.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import jax

__all__ = ["of_call", "of_flat", "sharding_text", "aval_sharding_text"]


def of_call(names: list[str], args: tuple, kwargs: dict) -> dict[str, str]:
    """Each array argument's placement (``P('d',) on mesh d:8``, ``one device``), by the user's path.

    ``names`` are the function's positional parameter names; keyword arguments are named by their key.
    """
    try:
        leaves = jax.tree_util.tree_flatten_with_path((args, kwargs))[0]
    except Exception:  # noqa: BLE001 - an argument that will not flatten: no placements
        return {}
    return _read((_user_path(names, path), leaf) for path, leaf in leaves)


def of_flat(flat: list[Any], paths: list[str] | None) -> dict[str, str]:
    """Each array argument's placement from JAX's flat arguments, named by ``paths`` (the traced leaves in
    JAX's order) when they match one to one, else by position (``argument 0``)."""
    names = paths if paths is not None and len(paths) == len(flat) else [f"argument {i}" for i in range(len(flat))]
    return _read(zip(names, flat))


def _read(named: Iterable[tuple[str, Any]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, leaf in named:
        sharding = getattr(leaf, "sharding", None)
        if sharding is not None and hasattr(leaf, "shape"):
            out[name] = sharding_text(sharding)
    return out


def _user_path(names: list[str], path: tuple) -> str:
    head, rest = path[0], path[1:]
    index = getattr(head, "idx", None)
    if index == 0 and rest:  # positional: (args)[i]...
        position = getattr(rest[0], "idx", None)
        name = names[position] if position is not None and position < len(names) else f"args[{position}]"
        return name + jax.tree_util.keystr(rest[1:])
    if index == 1 and rest:  # keyword: (kwargs)['n']...
        key = getattr(rest[0], "key", None)
        return str(key) + jax.tree_util.keystr(rest[1:])
    return jax.tree_util.keystr(path)


def sharding_text(sharding: Any) -> str:
    """A concrete array's sharding: ``P('d',) on mesh d:8``, ``one device``, or the sharding's kind."""
    spec = getattr(sharding, "spec", None)
    mesh = getattr(sharding, "mesh", None)
    if spec is not None and mesh is not None:
        try:
            axes = ",".join(f"{name}:{size}" for name, size in mesh.shape.items())
        except Exception:  # noqa: BLE001
            axes = ""
        return f"{spec} on mesh {axes}"
    if getattr(sharding, "num_devices", 2) == 1 or type(sharding).__name__ == "SingleDeviceSharding":
        return "one device"
    return type(sharding).__name__


def aval_sharding_text(aval: Any) -> str:
    """An abstract value's sharding as JAX prints it: ``P('d',) on mesh d:8``, or "" without one.

    Compared as text of the sharding itself, not of the type: a replicated array
    on a mesh and an unsharded one both print ``float32[16]`` but compile apart.
    """
    sharding = getattr(aval, "sharding", None)
    if sharding is None:
        return ""
    spec = getattr(sharding, "spec", None)
    mesh = getattr(sharding, "mesh", None)
    shape = getattr(mesh, "shape_tuple", None) or ()
    try:
        on = " on mesh " + ",".join(f"{name}:{size}" for name, size in shape) if shape else " (no mesh)"
    except (TypeError, ValueError):
        on = ""
    return f"{spec}{on}" if spec is not None else repr(sharding)
