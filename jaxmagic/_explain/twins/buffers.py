"""JAX's twin of a traced value written into a NumPy buffer: the buffer made in ``jnp``, each write ``.at[]``.

Code ported from NumPy fills a preallocated array in place
(``full = np.zeros(n); full[:, k] = x``). NumPy must turn the traced value into
its own array to store it, which it cannot. JAX arrays are immutable: the
buffer is made with ``jnp`` and every write to it becomes a new array,
``full = full.at[:, k].set(x)``, which XLA performs in place when it can.
"""
from __future__ import annotations

import ast

from ..._common.source import clone
from ..explanation import Fix
from ..fixes.rewrites import Edit, attr
from ..fixes.site import Site, dotted_of

__all__ = ["buffer_write_fix"]

_MAKERS = {"zeros", "ones", "empty", "full", "zeros_like", "ones_like", "empty_like", "full_like", "array",
           "asarray", "copy", "eye", "identity", "arange", "linspace"}
_UPDATES = {ast.Add: "add", ast.Mult: "multiply", ast.Div: "divide", ast.Pow: "power"}


def buffer_write_fix(site: Site) -> Fix | None:
    """``full[i] = traced`` where ``full = np.zeros(...)`` earlier in the same function: every write to it
    made ``.at[i].set``, and the buffer made by ``jnp``; None for another shape of code."""
    statement = next((n for n in site.ancestors() if isinstance(n, ast.stmt)), None)
    written = _written(statement)
    if written is None or site.definition is None:
        return None
    name = written.value.id
    made = [n for n in ast.walk(site.definition) if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and n.targets[0].id == name and n.lineno < statement.lineno]
    maker = made[-1].value if made else None
    spelled = dotted_of(maker.func) if isinstance(maker, ast.Call) else None
    module, _, function = (spelled or "").rpartition(".")
    if module not in (site.names.np, "numpy") or function not in _MAKERS:
        return None
    writes = [n for n in ast.walk(site.definition) if _written(n) is not None and _written(n).value.id == name]
    if any(isinstance(w, ast.AugAssign) and type(w.op) not in (*_UPDATES, ast.Sub) for w in writes):
        return None
    others = [(w, _update(w, name)) for w in writes if w is not statement]
    jnp_call = ast.Call(attr(f"{site.names.jnp}.{'zeros' if function == 'empty' else function.replace('empty', 'zeros')}"),
                        clone(maker.args), clone(maker.keywords))
    made_again = ast.Assign([ast.Name(name, ast.Store())], jnp_call)
    edit = Edit(statement, _update(statement, name), also=[(made[-1], made_again), *others])
    many = f" (and its {len(others)} other write{'s' if len(others) > 1 else ''})" if others else ""
    return Fix(
        "jnp-not-np", edit.code(),
        f"`{name}` is a NumPy array, which can hold only concrete values, so writing a traced value into it "
        f"fails; make it with `{site.names.jnp}` and write with `.at[...]`{many}: JAX arrays are immutable, "
        f"so each write returns the updated array",
        recipe=edit,
    )


def _written(node: ast.AST | None) -> ast.Subscript | None:
    """The ``name[...]`` that ``node`` assigns to, when it is a write into a named array."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
    elif isinstance(node, ast.AugAssign):
        target = node.target
    else:
        return None
    return target if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) else None


def _update(statement: ast.stmt, name: str) -> ast.Assign:
    """``x[i] = v`` → ``x = x.at[i].set(v)``; ``x[i] += v`` → ``x = x.at[i].add(v)``."""
    target = _written(statement)
    value = clone(statement.value)
    method = "set"
    if isinstance(statement, ast.AugAssign):
        method = _UPDATES.get(type(statement.op), "add")
        if isinstance(statement.op, ast.Sub):
            value = ast.UnaryOp(ast.USub(), value)
    at = ast.Subscript(ast.Attribute(ast.Name(name, ast.Load()), "at", ast.Load()), clone(target.slice), ast.Load())
    return ast.Assign([ast.Name(name, ast.Store())],
                      ast.Call(ast.Attribute(at, method, ast.Load()), [value], []))
