"""``flax.nnx.jit``: the user's function and arguments, module state by attribute path.

NNX turns each module argument into a graph definition (static: its node
types and every non-``Variable`` attribute, such as ``Dropout.deterministic``)
and its state (the ``Variable`` arrays, traced). Its ``JitWrapped.__call__``
frame, above JAX's, holds the wrapper and the user's arguments. Here a
module argument ``model`` becomes one traced leaf per variable
(``model.l1.kernel``) and a :class:`GraphStructure` that compares and words
the graph definition (``drop.deterministic=False → True``).
"""
from __future__ import annotations

import dataclasses
import functools
import os
import re
import sys
from typing import Any

import jax
import numpy as np

from ..signature import short_repr
from ..compiling.jax_frames import JaxCall, frames_above, library_root
from .usercall import UserCall

__all__ = ["WRAPPER", "PACKAGE", "TYPES", "read", "call_of_object", "of_object", "rejit", "user_path", "GraphStructure", "expand"]

WRAPPER = "flax.nnx.jit"
PACKAGE = "flax"  # the functions it gives jax.jit are its own, not the user's
_MODULE = "flax.nnx.transforms.compilation"
# ``jit_partial``'s wrapper is not read: its call passes the partial arguments as one flat list
TYPES = ((_MODULE, "JitWrapped"), (_MODULE, "SimpleJitWrapped"))
_METHODS = ("__call__", "trace", "lower", "eval_shape")
_KINDS = tuple(name for _, name in TYPES)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")  # object addresses: the same kind of object prints the same


def read(call: JaxCall) -> UserCall | None:
    """The user's call, if NNX's wrapper made this jitted call; else None."""
    root = library_root(_MODULE)
    if root is None:  # the user has not imported flax.nnx
        return None
    target = os.path.join(root, "compilation.py")
    for frame in frames_above(call, 10):
        if frame.f_code.co_filename != target or frame.f_code.co_name not in _METHODS:
            continue
        local = frame.f_locals
        wrapper, args, kwargs = local.get("self"), local.get("args"), local.get("kwargs")
        if type(wrapper).__name__ not in _KINDS:
            return None  # another of NNX's objects (``jit_partial``'s wrapper): JAX's own view names it
        function = getattr(wrapper, "fun", None)
        if not callable(function) or not isinstance(args, tuple) or not isinstance(kwargs, dict):
            return None
        # NNX's own split of each module argument, as JAX received it: the graph definition and the flat state
        split = {id(arg): pure for arg, pure in zip(args, call.args) if type(pure).__name__ == "NodeStates"}
        return UserCall(WRAPPER, function, call.fun, args, kwargs, call.static_argnums, call.static_argnames,
                        expand=functools.partial(expand, split=split), jitted=wrapper)
    return None


@dataclasses.dataclass(frozen=True)
class GraphStructure:
    """A module's graph definition as a signature keeps it: node types and static attributes.

    Holds text and hashes only, never the module or its attribute values.
    """

    kind: str
    nodes: tuple[tuple[str, str], ...]  # (attribute path, node type)
    statics: tuple[tuple[str, str, Any], ...]  # (attribute path, short repr, hash)

    def __str__(self) -> str:
        return f"{self.kind} graph"

    def difference(self, before: GraphStructure) -> tuple[str, str]:
        """What changed from ``before``, worded both ways: ``drop.deterministic=False``, ``…=True``."""
        old = {path: (text, key) for path, text, key in before.statics}
        new = {path: (text, key) for path, text, key in self.statics}
        changed = [p for p in sorted(old.keys() | new.keys()) if old.get(p, (0, None))[1] != new.get(p, (0, None))[1]]
        renewed = [p for p in changed if p in old and p in new and old[p][0] == new[p][0]]
        if renewed and len(renewed) == len(changed):  # equal reprs, other objects: re-created (flax#5548)
            where = ", ".join(_bare(p) for p in renewed[:3]) + (", …" if len(renewed) > 3 else "")
            return f"{where}: the earlier objects", "new objects of the same kind (re-created, not reused)"
        was = [f"{_bare(p)}={old[p][0]}" if p in old else f"no {_bare(p)}" for p in changed[:3]]
        now = [f"{_bare(p)}={new[p][0]}" if p in new else f"no {_bare(p)}" for p in changed[:3]]
        gone = sorted(set(before.nodes) - set(self.nodes))[:3]
        added = sorted(set(self.nodes) - set(before.nodes))[:3]
        was += [f"{_bare(p)} ({t})" for p, t in gone]
        now += [f"{_bare(p)} ({t})" for p, t in added]
        if not was and not now:
            return str(before), str(self)
        more = len(changed) > 3
        return (", ".join(was) or "—") + (", …" if more else ""), (", ".join(now) or "—") + (", …" if more else "")


_KNOWN: dict[Any, tuple[GraphStructure, tuple[str, ...]]] = {}  # graph definition -> structure, state paths
_KNOWN_MAX = 64


def expand(name: str, value: Any, split: dict | None = None) -> tuple[GraphStructure, list[tuple[str, Any]]] | None:
    """A module argument as (graph structure, [(``.l1.kernel``, array)]); None for anything else.

    ``split`` maps an argument (by id) to NNX's own split of it for this call
    (``NodeStates``: graph definition, flat state). A graph definition seen
    before gives its structure and state paths at once, so a new batch shape
    costs no second walk of the module.
    """
    if type(value).__name__ == "TreeState":  # NNX's tree form (``graph_updates=False``): a pytree of its own
        flat_paths, treedef = jax.tree_util.tree_flatten_with_path(value)
        return treedef, [(_tree_state_path(jax.tree_util.keystr(path)), leaf) for path, leaf in flat_paths]
    pure = split.get(id(value)) if split else None
    graphdef, flat = _split_parts(pure)
    if graphdef is not None:
        try:
            known = _KNOWN.get(graphdef)
        except TypeError:
            known = None
        if known is not None and len(known[1]) == len(flat):
            return known[0], list(zip(known[1], flat))
    found = _walk(value)
    if found is not None and graphdef is not None:
        _remember(graphdef, found[0], value, flat)
    return found


def _tree_state_path(path: str) -> str:
    """``.__state__['l1']['kernel'].value`` → ``.l1.kernel``: a tree-form module's state by attribute path."""
    path = path.replace(".__state__", "")
    path = re.sub(r"\['([^\W\d]\w*)'\]", r".\1", path)
    return path[: -len(".value")] if path.endswith(".value") else path


def _split_parts(pure: Any) -> tuple[Any, list]:
    """NNX's graph definition and flat state list of one argument, or (None, [])."""
    if pure is None:
        return None, []
    states = getattr(pure, "states", None)
    if not isinstance(states, tuple) or len(states) != 1 or not isinstance(states[0], list):
        return None, []
    return getattr(pure, "graphdef", None), states[0]


def _remember(graphdef: Any, structure: GraphStructure, value: Any, flat: list) -> None:
    """Keep the structure and state paths of ``graphdef``, in NNX's own flat order (checked against it)."""
    try:
        pairs = _flat_state(value)
    except Exception:  # noqa: BLE001 - another flax: walk every time
        return
    if len(pairs) != len(flat):
        return
    for (_, variable), leaf in zip(pairs, flat):
        get = getattr(variable, "get_value", None)
        mine = get() if callable(get) else getattr(variable, "value", variable)
        if getattr(mine, "shape", None) != getattr(leaf, "shape", None):
            return  # not the order NNX passed the state in: do not trust it
    if len(_KNOWN) >= _KNOWN_MAX:
        _KNOWN.pop(next(iter(_KNOWN)))
    try:
        _KNOWN[graphdef] = (structure, tuple(_path_text(path) for path, _ in pairs))
    except TypeError:
        pass


def _flat_state(module: Any) -> list[tuple[tuple, Any]]:
    """NNX's flat state of ``module``, ``[(path, variable)]``, in the order NNX passes it to JAX."""
    nnx = sys.modules["flax.nnx"]
    _, state = nnx.split(module)
    flatten = getattr(nnx, "to_flat_state", None)  # newer flax; ``State.flat_state`` warns there
    return list(flatten(state) if flatten is not None else state.flat_state())


def _walk(value: Any) -> tuple[GraphStructure, list[tuple[str, Any]]] | None:
    """Every node, static attribute and variable of a module, by attribute path."""
    nnx = sys.modules.get("flax.nnx")
    graph = getattr(nnx, "graph", None)
    is_node = getattr(nnx, "is_graph_node", None) or getattr(graph, "is_graph_node", None)
    variable = getattr(nnx, "Variable", None)
    if is_node is None or variable is None or not is_node(value):
        return None
    nodes: list[tuple[str, str]] = []
    statics: list[tuple[str, str, Any]] = []
    leaves: list[tuple[str, Any]] = []
    found = []
    for path, node in nnx.iter_graph(value):
        last = path[-1] if path else None
        if isinstance(last, str) and last[:1] == "_":
            continue  # NNX's own bookkeeping attributes
        found.append((path, node))
    containers = {path[:end] for path, _ in found for end in range(len(path))}  # pytrees holding other entries
    kinds: dict[type, str] = {}  # each type is classified once: NNX's isinstance checks are slow
    for path, node in found:
        kind = kinds.get(type(node))
        if kind is None:
            kind = kinds[type(node)] = (
                "variable" if isinstance(node, variable) else "node" if is_node(node)
                else "array" if isinstance(node, (jax.Array, np.ndarray)) else "other"
            )
        if kind == "variable":
            get = getattr(node, "get_value", None)
            leaves.append((_path_text(path), get() if callable(get) else node.value))
        elif kind == "node":
            nodes.append((_path_text(path), type(node).__qualname__))
        elif path in containers:
            continue  # a tuple or dict of optimizer state: its entries are listed themselves
        elif kind == "array":
            leaves.append((_path_text(path), node))
        else:
            statics.append((_path_text(path), _ADDRESS.sub("", short_repr(node, 60)), _hash(node)))
    # NNX's tree mode (``nnx.set_graph_mode(False)``) walks modules as pytrees and yields no static attribute:
    # read them from each module itself (``Dropout.deterministic``), as graph mode gives them
    named = {path for path, _, _ in statics}
    for path, node in [((), value), *((p, n) for p, n in found if kinds.get(type(n)) == "node")]:
        for name, attribute in _static_attributes(node, is_node, variable):
            where = _path_text((*path, name))
            if where not in named:
                named.add(where)
                statics.append((where, _ADDRESS.sub("", short_repr(attribute, 60)), _hash(attribute)))
    structure = GraphStructure(type(value).__qualname__, tuple(sorted(nodes)), tuple(sorted(statics)))
    return structure, leaves


def _static_attributes(node: Any, is_node: Any, variable: type) -> list[tuple[str, Any]]:
    """A module's own attributes that are neither state nor sub-modules: what NNX holds static."""
    try:
        attributes = vars(node)
    except TypeError:
        return []
    found = []
    for name, attribute in attributes.items():
        if name[:1] == "_" or isinstance(attribute, (variable, jax.Array, np.ndarray)) or is_node(attribute):
            continue
        if isinstance(attribute, (list, tuple, dict)):
            items = attribute.values() if isinstance(attribute, dict) else attribute
            if any(is_node(item) or isinstance(item, (variable, jax.Array, np.ndarray)) for item in items):
                continue  # a container of sub-modules or state: its entries are walked themselves
        found.append((name, attribute))
    return found


def _path_text(path: tuple) -> str:
    """``('l1', 'kernel')`` → ``.l1.kernel`` (appended to the argument's name), ``('layers', 0)`` → ``.layers[0]``."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)


def _bare(path: str) -> str:
    return path[1:] if path.startswith(".") else path


def _hash(value: Any) -> Any:
    try:
        return ("hash", type(value).__qualname__, hash(value))
    except TypeError:
        return ("id", id(value))


def call_of_object(obj: Any, args: tuple, kwargs: dict, bind: bool = True) -> UserCall | None:
    """The user's call of ``obj(*args, **kwargs)``: ``obj`` is what ``nnx.jit`` returned, or its bound method."""
    bound: tuple = ()
    if isinstance(obj, functools.partial) and type(obj.func).__name__ in _KINDS:
        bound, obj = tuple(obj.args), obj.func  # a method: partial(wrapper, instance)
    if type(obj).__name__ not in _KINDS or sys.modules.get("flax.nnx") is None:
        return None
    info = getattr(obj.jitted_fn, "_jit_info", None)
    nums = tuple(getattr(info, "static_argnums", ()) or ())
    names = tuple(getattr(info, "static_argnames", ()) or ())
    return UserCall(WRAPPER, obj.fun, getattr(obj.jitted_fn, "_fun", obj), bound + tuple(args), dict(kwargs),
                    nums, names, expand=expand, jitted=obj)


def of_object(obj: Any, args: tuple, kwargs: dict) -> tuple[UserCall, Any] | None:
    """The user's call and JAX's traced stage of it, for ``%jittrace``: NNX's own ``trace`` finds JAX's caches."""
    user = call_of_object(obj, args, kwargs)
    if user is None:
        return None
    stage = getattr(user.jitted.trace(*user.args, **user.kwargs), "traced", None)
    return (user, stage) if stage is not None else None


def rejit(fn: Any, static_argnums: tuple, static_argnames: tuple) -> Any:
    """``nnx.jit(fn, ...)`` with the same static options; None without flax."""
    nnx = sys.modules.get("flax.nnx")
    if nnx is None:
        return None
    return nnx.jit(fn, static_argnums=static_argnums or None, static_argnames=static_argnames or None)


_STATE_PATH = re.compile(r"^([^\W\d]\w*)\.states\[0\]\[(\d+)\](.*)$")


def user_path(path: str, params: list[str], arguments: dict | None = None) -> str | None:
    """NNX keeps each argument's position, but names a module's state by its own flat layout:
    ``model.states[0][3]`` is the fourth variable of NNX's flat state of ``model``, read back from the
    module passed (``arguments``) as its attribute path, ``model.l1.kernel``; None when it cannot be told."""
    found = _STATE_PATH.match(path)
    module = (arguments or {}).get(found.group(1)) if found else None
    if module is None or sys.modules.get("flax.nnx") is None:
        return None
    pairs = _flat_state(module)
    index = int(found.group(2))
    if index >= len(pairs):
        return None
    return found.group(1) + _path_text(pairs[index][0]) + found.group(3)
