"""An input of a graph that a library compiled for JAX, needed as a constant: declared as one where it is built.

PyTensor's JAX backend writes the graph ``x[:k].sum()`` out as a Python function of its inputs and jits it whole:
``f = pytensor.function([x, k], head, mode="JAX")`` traces ``k``, and a slice bound (a scan's step count) cannot
be traced. The function that failed is the library's, written to a file of its own; the decision is the user's,
where the graph is built: ``k`` a Python value of the graph, not an input. The fix is those lines, written with
the value this call gave ``k``: the declaration, the list of inputs without it and the call without its value. A
pattern, not tried: trying it would run the cell's graph-building code again.
"""
from __future__ import annotations

import ast
import types

from ..._common.errors import installed_package, is_installed_library, traceback_entries
from ..._common.source import clone, every_node, parse_file, position_of
from ..explanation import Fix

__all__ = ["graph_input_fix"]

_NEEDED_AS_A_VALUE = ("traced-shape", "integer-conversion", "bool-conversion", "concretization")


def graph_input_fix(exc: BaseException, kind: str, argument: str | None, user: list[types.TracebackType]
                    ) -> Fix | None:
    """The user's lines that declared ``argument`` an input of the graph a library wrote out and jitted, with it a
    constant of this call's value instead; None unless the failing function is code a library wrote and the cell
    declares, lists and passes that input plainly."""
    # the innermost frame of code a library wrote out: a library's own file is in a package, what it wrote is not
    written = next((tb.tb_frame.f_code for tb in reversed(traceback_entries(exc.__traceback__)) if is_installed_library(
        tb.tb_frame.f_code.co_filename) and installed_package(tb.tb_frame.f_code.co_filename) is None), None)
    if kind not in _NEEDED_AS_A_VALUE or argument is None or not user or written is None:
        return None
    inputs = list(written.co_varnames[: written.co_argcount])
    tree = parse_file(position_of(user[-1]).filename)
    if argument not in inputs or tree is None:
        return None
    called = _call_at(tree, user[-1].tb_lineno, len(inputs))
    if called is None:
        return None
    try:
        value = ast.literal_eval(called.args[inputs.index(argument)])
    except ValueError:
        return None  # not a literal: no value to write
    declared = _assigned(tree, argument, before=user[-1].tb_lineno)
    built = _assigned(tree, called.func.id, before=user[-1].tb_lineno)
    listed = [n for n in ast.walk(built.value) if isinstance(n, (ast.List, ast.Tuple)) and any(
        isinstance(e, ast.Name) and e.id == argument for e in n.elts)] if built is not None else []
    if declared is None or len(listed) != 1:
        return None
    constant = ast.Assign([ast.Name(argument, ast.Store())], ast.Constant(value))
    without = clone(built)
    for node in ast.walk(without):
        if isinstance(node, (ast.List, ast.Tuple)) and ast.dump(node) == ast.dump(listed[0]):
            node.elts = [e for e in node.elts if not (isinstance(e, ast.Name) and e.id == argument)]
    call = clone(called)
    call.args = [a for i, a in enumerate(call.args) if i != inputs.index(argument)]
    return Fix("static", "\n".join([
        f"{ast.unparse(ast.fix_missing_locations(constant))}   # in place of line {declared.lineno}: a constant of "
        f"the graph, the value this call gave it",
        f"{ast.unparse(without)}   # `{argument}` no longer an input",
        ast.unparse(call)]),
        f"the library wrote your graph out as a function of its inputs and jitted it whole, so `{argument}`, an "
        "input, is a tracer where the graph needs it as a constant (a size, a bound, a step count); make it one "
        "where you build the graph", template=True)


def _call_at(tree: ast.AST, line: int, count: int) -> ast.Call | None:
    """The one call of a plain name on ``line`` with ``count`` positional arguments (``f(np.arange(5.0), 3)``)."""
    calls = [n for n in every_node(tree) if isinstance(n, ast.Call) and n.lineno == line and isinstance(n.func, ast.Name)
             and len(n.args) == count and not n.keywords]
    return calls[0] if len(calls) == 1 else None


def _assigned(tree: ast.Module, name: str, before: int) -> ast.Assign | None:
    """The cell's last top-level ``name = ...`` before ``before``, when it is a call."""
    found = [s for s in tree.body if isinstance(s, ast.Assign) and s.lineno < before and len(s.targets) == 1 and
             isinstance(s.targets[0], ast.Name) and s.targets[0].id == name and isinstance(s.value, ast.Call)]
    return found[-1] if found else None
