"""Hashable versions of a static value: a library's twin of its mutable class (``FrozenConfigDict``), or by type.

A configuration object passed static must be hashable, and compared by value so that equal configurations share
one compile. Libraries that make mutable configurations often ship the frozen one beside it (``Frozen<Class>``).
A value a library's own jit holds static is made hashable where the user's code handed it over.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import linecache
import re
import sys
import textwrap
from typing import Any

from ..._common.errors import is_user_file
from ..._common.source import clone, copied, text_of
from ..explanation import Fix
from ..fixes.rewrites import Edit
from ..fixes.site import is_hashable
from ..recover import value_from_message  # noqa: F401 - named here too, beside the fixes that use it
from ..values.callee import resolved
from .fields import Declaration, class_node
from .rebuilt import as_tuple_field
from .wrapper import replaced_in

__all__ = ["UNHASHABLE_PART", "HandedHashable", "frozen_twin", "hashable_by_type", "hashable_fields",
           "hashed_value_shown", "hashable_version", "frozen_declaration_fix", "value_from_message", "written_as_tuple"]

_SHOWN_WHOLE = 14  # a class statement this short is shown whole; a longer one from its header


def frozen_declaration_fix(name: str, value: Any, field: str | None = None, by_identity: bool = False) -> Fix | None:
    """The user's ``@dataclass`` class statement made hashable: ``frozen=True`` (hashed and compared by value),
    or ``eq=False`` (hashed by identity) where its ``__init__`` chain assigns attributes, which frozen forbids, or
    where (``by_identity``) its fields hold arrays, which frozen would hash."""
    cls = type(value)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or params.frozen or cls.__hash__ is not None:
        return None
    found = class_node(cls)
    if found is None or not is_user_file(found[2]):
        return None  # a library's class: the user cannot edit its declaration
    node, _, filename = found
    decorator = next((d for d in node.decorator_list if _makes_dataclass(d, cls)), None)
    assigning = _assigning_initializer(cls) or by_identity
    if decorator is None or (assigning and _makes_dataclass(decorator, cls) == "library"):
        return None  # (a library's dataclass maker, eformer's ``auto_pytree``, is given ``frozen`` alone)
    option = "eq" if assigning else "frozen"
    edited = copied(decorator) if isinstance(decorator, ast.Call) else ast.Call(decorator, [], [])
    edited.keywords = [k for k in edited.keywords if k.arg not in ("frozen", "eq", "unsafe_hash")]
    edited.keywords.append(ast.keyword(option, ast.Constant(option == "frozen")))
    whole = copy.copy(node)
    whole.decorator_list = [edited if d is decorator else d for d in node.decorator_list]
    # a frozen dataclass hashes its fields: a list (set) in one is given as a tuple (frozenset), and declared so
    held = [] if assigning else [f.name for f in dataclasses.fields(cls)
                                 if isinstance(getattr(value, f.name, None), (list, set))]
    if held:
        whole.body = [as_tuple_field(copied(s), held) for s in node.body]
    # eq=False gives back a base class's own __hash__ (diffopt's OnePointModel hashes ``self.comm.name``): where it
    # fails on the value, the class hashes by identity itself
    broken = next((_fails(k.__dict__["__hash__"], value) for k in cls.__mro__[1:-1] if k.__dict__.get("__hash__")),
                  None) if assigning else None
    if broken:
        whole.body = [ast.parse("__hash__ = object.__hash__").body[0], *node.body]
    code = _shown(whole, node, filename, edited_body=bool(held or broken))
    if held:
        given = ", ".join(f"{f}={repr(frozenset(getattr(value, f))) if isinstance(getattr(value, f), set) else repr(tuple(getattr(value, f)))}" for f in held)
        plural = "a tuple" if len(held) == 1 else "tuples"
        code += f"\n# and give {', '.join(held)} as {plural}: {cls.__name__}({given}, ...)"
    if assigning:
        why = (f"`{cls.__name__}` is a dataclass, which defines `__eq__` and so drops `__hash__`. `frozen=True` would "
               + (f"fail here, since `{assigning}` sets attributes" if assigning is not True else "hash its arrays")
               + (", so `eq=False` keeps hashing by identity" if not broken else ", so `eq=False` and `__hash__ = "
                  f"object.__hash__` hash by identity (the base class's own `__hash__` raises {broken} on it)")
               + ": each object compiles once; do not change its fields after a call")
    else:
        why = (f"`{cls.__name__}` is a dataclass, which defines `__eq__` and so drops `__hash__`; a frozen dataclass "
               "is hashable and compared by value, so equal objects share one compile")
    if held:
        why += f"; it hashes its fields too, so {', '.join(f'`{f}`' for f in held)} must be hashable: a tuple"
    return Fix("hashable-static", code, why, recipe=Declaration(name, field, [whole], filename, tuple(held)))


def _fails(hashing: Any, value: Any) -> str | None:
    """The name of the error ``hashing(value)`` raises, else None."""
    try:
        hashing(value)
    except Exception as exc:  # noqa: BLE001 - the inherited hash's own failure
        return type(exc).__name__
    return None


def _shown(whole: ast.ClassDef, node: ast.ClassDef, filename: str, edited_body: bool = False) -> str:
    """The edited class statement: whole when short, else its decorators and header."""
    decorators = [f"@{ast.unparse(d)}" for d in whole.decorator_list]
    source = "".join(linecache.getlines(filename))
    statement = ast.get_source_segment(source, node) if source else None  # from ``class``, decorators apart
    if edited_body:  # its fields' declarations changed: written from the edited statement
        bare = copy.copy(whole)
        bare.decorator_list = []
        statement = ast.unparse(ast.fix_missing_locations(bare))
    if statement is not None and (node.end_lineno or node.lineno) - node.lineno < _SHOWN_WHOLE:
        return "\n".join([*decorators, statement])
    bases = ", ".join(ast.unparse(b) for b in [*node.bases, *node.keywords])
    return "\n".join([*decorators, f"class {node.name}{f'({bases})' if bases else ''}:",
                      "    ...  # the fields and methods as they are"])


def _assigning_initializer(cls: type) -> str | None:
    """The first ``__post_init__`` (or base ``__init__`` it calls) that sets an attribute on ``self``."""
    posts = [k.__dict__["__post_init__"] for k in cls.__mro__ if "__post_init__" in k.__dict__]
    methods = [("__post_init__", m) for m in posts[:1]]
    first = _tree_of(posts[0]) if posts else None  # it calls a base's ``__init__`` (or cannot be read)
    if posts and (first is None or any(isinstance(n, ast.Attribute) and n.attr == "__init__" for n in ast.walk(first))):
        methods += [(f"{k.__name__}.__init__", k.__dict__["__init__"]) for k in cls.__mro__[1:-1]
                    if "__init__" in k.__dict__ and not dataclasses.is_dataclass(k)]
    for label, method in methods:
        tree = _tree_of(method)
        if tree is None:
            return label  # cannot read it: frozen may fail, identity hashing cannot
        if any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
               for n in ast.walk(tree) for t in _targets(n)):
            return label
    return None


def _tree_of(method: Any) -> ast.AST | None:
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(method)))
    except (OSError, TypeError, SyntaxError):
        return None


def _targets(node: ast.AST) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
        node, (ast.AugAssign, ast.AnnAssign)) else []


def _makes_dataclass(decorator: ast.expr, cls: type) -> str | None:
    """"dataclass" for ``@dataclass``; "library" for a library's decorator that makes one and takes ``frozen``
    (eformer's ``@auto_pytree``), resolved in the class's module."""
    spelled = text_of(decorator.func if isinstance(decorator, ast.Call) else decorator) or ""
    if spelled.rsplit(".", 1)[-1] == "dataclass":
        return "dataclass"
    try:
        maker = resolved(spelled, vars(sys.modules.get(cls.__module__) or sys))
        return "library" if "frozen" in inspect.signature(maker).parameters else None
    except (TypeError, ValueError):
        return None


def frozen_twin(value: Any, globals_: dict) -> tuple[str, Any] | None:
    """``(ml_collections.FrozenConfigDict, the frozen value)`` for a value whose library defines a hashable
    ``Frozen<Class>`` (or ``Immutable<Class>``) next to its class, spelled through the user's import of it."""
    cls = type(value)
    package, name = (cls.__module__ or "").split(".", 1)[0], cls.__name__
    module = sys.modules.get(package)  # ``Frozen<Class>``, or SymPy's ImmutableDenseMatrix beside MutableDenseMatrix
    twin = next((t for t in (getattr(module, n, None) for n in (f"Frozen{name}", "Im" + name[0].lower() + name[1:]))
                 if isinstance(t, type)), None) if package not in ("builtins", "") else None
    if not isinstance(twin, type):
        return None
    try:
        made = twin(value)
        hash(made)
    except Exception:  # noqa: BLE001 - a twin that does not take this value, or is not hashable after all
        return None
    alias = next((n for n, v in globals_.items() if v is module), None)
    if alias is not None:
        return f"{alias}.{twin.__name__}", made
    held = next((n for n, v in globals_.items() if v is twin), None)
    return (held or f"{package}.{twin.__name__}"), made


def hashable_by_type(message: str, fname: str, name: str) -> Fix | None:
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


def hashable_fields(value: Any, tree: ast.Module | None = None) -> tuple[str, Any, bool] | None:
    """``Const(value=(2, 3))`` for a dataclass that hashes its fields (frozen, or ``unsafe_hash`` as flax's linen
    Modules are) whose fields hold lists, dicts or sets. Where the cell wrote such a list itself, as the keyword of
    the field's name (harmonic's ``RQSplineModel(..., hidden_size=[32, 32])`` building a linen Module), the code is
    that line with a tuple (and the last item, True: a whole statement, not the value to pass)."""
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not (params.frozen or params.unsafe_hash or type(value).__hash__ not in (
            None, object.__hash__)):  # (an equinox Module hashes its fields with a ``__hash__`` of its own)
        return None
    changed = {}
    for field in dataclasses.fields(value):
        held = getattr(value, field.name)
        if not is_hashable(held):
            made = hashable_version(held)
            if made is None:
                return None
            changed[field.name] = made
    if not changed:
        return None
    try:
        new_value = dataclasses.replace(value, **{k: v[1] for k, v in changed.items()})
        hash(new_value)
    except Exception:  # noqa: BLE001 - a field init=False, or a __post_init__ that rejects tuples
        return None
    written = _written_lists(tree, set(changed))
    if written is not None:
        return written, new_value, True
    shown = ", ".join(f"{f.name}={changed[f.name][0] if f.name in changed else repr(getattr(value, f.name))}"
                      for f in dataclasses.fields(value) if f.init)
    return f"{type(value).__name__}({shown})", new_value, False


def _written_lists(tree: ast.Module | None, names: set[str]) -> str | None:
    """The cell's top-level statement that passes a list literal as a keyword named in ``names``, the lists as
    tuples."""
    for statement in getattr(tree, "body", []):
        edited = copied(statement)
        lists = [k for n in ast.walk(edited) if isinstance(n, ast.Call) for k in n.keywords
                 if k.arg in names and isinstance(k.value, ast.List)]
        for keyword in lists:
            keyword.value = ast.Tuple(keyword.value.elts, ast.Load())
        if lists:
            return f"{ast.unparse(edited)}   # tuples: the static value hashes its fields"
    return None


def hashable_version(value: Any) -> tuple[str, Any] | None:
    """A list, set or dict as its hashable version (a tuple, frozenset, sorted items), with its code."""
    try:
        if isinstance(value, list):
            new: Any = tuple(hashable_version(v)[1] if isinstance(v, (list, dict, set)) else v for v in value)
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


UNHASHABLE_PART = re.compile(r"of type <class '(?P<outer>[^']+)'>, (?P<shown>.+?)\. The error was:.*?TypeError: "
                              r"unhashable type: '(?:[\w.]+\.)?(?P<type>\w+)'", re.S)


def hashed_value_shown(message: str) -> str | None:
    """How JAX's message shows the value it failed to hash (``SubsetAccuracy(classes=[0, 1])``), if it does."""
    return found["shown"] if (found := UNHASHABLE_PART.search(message)) else None


class HandedHashable(Edit):
    """Recipe: the user's call rewritten with hashable arguments; ``made``: each value handed, with the hashable
    one the rewritten call hands instead (the library's jit is traced again with those in its static values)."""

    def __init__(self, target: ast.AST, replacement: ast.AST, made: list[tuple[Any, Any]]) -> None:
        super().__init__(target, replacement)
        self.made = made


def written_as_tuple(tree: ast.Module | None, value: Any, line: int | None) -> Edit | None:
    """The user's statement that wrote the list ``value`` as a literal, with a tuple there: the one list display
    in the file, away from the failing ``line``, equal to it (a handler of the user's that library code called
    defaults ``axes`` to ``[0, 2, 3]``, which the library hands to a jitted function as static; a layer's
    ``features=[64, 64]`` inside an agent a library's jit holds static); else None."""
    if tree is None or not isinstance(value, list):
        return None
    written = []
    for node in ast.walk(tree):
        if isinstance(node, ast.List) and node.lineno != line:
            try:
                same = ast.literal_eval(node) == value
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
            written += [node] if same else []
    statements = [s for s in ast.walk(tree) if isinstance(s, ast.stmt) and not isinstance(
        s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and len(written) == 1 and written[0] in ast.walk(s)]
    if not statements:
        return None
    statement = min(statements, key=lambda s: (s.end_lineno or s.lineno) - s.lineno)  # the innermost
    return Edit(statement, replaced_in(statement, written[0], ast.Tuple(clone(written[0].elts), ast.Load())))
