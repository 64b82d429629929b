"""An NNX module's attribute that stores a traced value, declared data where the module is built.

Flax NNX keeps an attribute first set to ``None`` or another Python value as static structure of the module.
A method run under ``nnx.jit`` that stores an array there (``self.last = y``) stores a tracer, and nnx.jit
hands the module's structure back out with it: the tracer has leaked. Declared as data in ``__init__``
(``self.last = nnx.data(None)``), the attribute is carried out of the trace as an array, as a Variable is;
the method and the code that reads it stay as they are.
"""
from __future__ import annotations

import ast
import copy
import sys

from ..._common.source import copied
from ..explanation import Fix

__all__ = ["nnx_data_fix"]


def nnx_data_fix(store: ast.stmt | None, tree: ast.Module | None, globals_: dict | None) -> Fix | None:
    """``self.<attr> = nnx.data(...)`` in the ``__init__`` of the NNX module whose method stored a tracer in
    ``self.<attr>``; None unless the class is an ``nnx.Module`` of the user's and NNX has ``nnx.data``."""
    nnx = sys.modules.get("flax.nnx")
    target = store.targets[0] if isinstance(store, ast.Assign) and len(store.targets) == 1 else None
    if nnx is None or not hasattr(nnx, "data") or tree is None or not (
            isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"):
        return None
    owner = next((c for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and any(
        store in ast.walk(f) for f in c.body if isinstance(f, ast.FunctionDef))), None)
    live = (globals_ or {}).get(owner.name) if owner is not None else None
    init = next((f for f in owner.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None) \
        if owner is not None else None
    if not (isinstance(live, type) and issubclass(live, nnx.Module)) or init is None:
        return None
    alias = next((name for name, value in (globals_ or {}).items() if value is nnx), "nnx")
    edited = copied(init)
    declared = [s for s in edited.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and ast.dump(
        s.targets[0]) == ast.dump(target)]
    data = ast.Attribute(ast.Name(alias, ast.Load()), "data", ast.Load())
    if declared:
        declared[0].value = ast.Call(data, [declared[0].value], [])
    else:
        edited.body.append(ast.Assign([copied(target)], ast.Call(data, [ast.Constant(None)], []), lineno=0))
    name = target.attr
    fix = Fix(
        "not-static", _in_class(owner, edited),
        f"NNX keeps `self.{name}`, first set to a Python value, as static structure of `{owner.name}`; an array "
        f"stored there under nnx.jit is a tracer, handed back out with the module's structure. Declared as data "
        f"in `__init__` (`{alias}.data`), it leaves the trace as an array, as a Variable does",
    )
    fix.outcome = "your model holds the leaked tracer in its structure: it is not copied to be traced again"
    return fix


def _in_class(owner: ast.ClassDef, init: ast.FunctionDef) -> str:
    """The class statement with ``init`` as its ``__init__`` and the other methods elided."""
    shown = copy.copy(owner)
    shown.body = [init, ast.Expr(ast.Constant(Ellipsis))]
    text = ast.unparse(ast.fix_missing_locations(shown))
    return text.replace("\n    ...", "\n    ...  # the other methods as they are")
