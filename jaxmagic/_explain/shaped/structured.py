"""What does not fit, for the checks whose operands the failing line does not spell out.

A loop's carry (``lax.scan``, ``fori_loop``, ``while_loop``), ``cond``'s and
``switch``'s branches, ``vmap``'s mapped axes, a custom derivative rule,
``grad`` of a non-scalar, symbolic dimensions, a jaxpr's types: JAX checks
values the user's line only names indirectly (what a body returns), and
says their types in its message. Each reader here takes the types from the
message, the expressions from the user's call (the body's ``return``, the
branch's ``lambda``), and the tracers passed into the call, whose
provenance names the arguments.
"""
from __future__ import annotations

import ast
import inspect
import re
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from ..._common.source import function_node, parameter_names, stored_names
from ..explanation import Operand
from ..fixes.site import dotted_of
from .operands import Reading, read

__all__ = ["STRUCTURED", "first_sentence", "short_from_message", "loop_parts"]

_TYPE = re.compile(r"(?P<dtype>bfloat16|float|uint|int|complex|bool)(?P<bits>\d*)\[(?P<dims>[^\]]*)\]")
_SHORT = {"float": "f", "int": "i", "uint": "u", "complex": "c", "bfloat16": "bf16", "bool": "bool"}


def first_sentence(message: str) -> str:
    """JAX's first line, without its closing period, at most 240 characters."""
    line = message.strip().split("\n", 1)[0].strip().rstrip(".:")
    return line if len(line) <= 240 else line[:237] + "..."


def short_from_message(typed: str) -> str:
    """``float32[3]`` (or ``ShapedArray(float32[3])``) → ``f32[3]``."""
    found = _TYPE.search(typed)
    if found is None:
        return typed.strip("(),;")
    return f"{_SHORT[found['dtype']]}{found['bits']}[{found['dims'].replace(' ', '')}]"


def _from_message(expression: str, typed: str) -> Operand:
    """An operand known only from JAX's words: its dimensions and dtype parsed back."""
    found = _TYPE.search(typed)
    dims: tuple = ()
    dtype = None
    if found is not None:
        dims = tuple(int(d) if d.strip().isdigit() else d.strip() for d in found["dims"].split(",") if d.strip())
        try:
            dtype = np.dtype(found["dtype"] + found["bits"])
        except TypeError:  # bfloat16 and other dtypes NumPy does not name
            dtype = None
    return Operand(expression, short_from_message(typed), dims=dims, dtype=dtype)


def _arg(node: ast.Call, index: int, keyword: str) -> ast.expr | None:
    found = [k.value for k in node.keywords if k.arg == keyword]
    if found:
        return found[0]
    return node.args[index] if index < len(node.args) else None


def _callee(node: ast.AST | None) -> str:
    return (dotted_of(node.func) or "") if isinstance(node, ast.Call) else ""


def _tracers_of(nodes: list[ast.expr], frame: types.FrameType | None) -> list[Any]:
    """The tracers the given argument expressions pass in (for the provenance of what comes out)."""
    found: list[Any] = []
    for node in nodes:
        elements = node.elts if isinstance(node, (ast.Tuple, ast.List)) else [node]
        for element in elements:
            reading = read(element, frame) if frame is not None else None
            if reading is not None:
                found += reading.tracers
    return found


# --- a loop's carry -------------------------------------------------------------------

# (init index, init keyword, body index, body keyword) of each loop
_LOOPS = {"scan": (1, "init", 0, "f"), "fori_loop": (3, "init_val", 2, "body_fun"),
          "while_loop": (2, "init_val", 1, "body_fun")}
_CARRY = re.compile(
    r"input carry (?:component )?(?P<path>\S+) (?:has type|is an?) (?P<have>.+?) but the corresponding "
    r"(?:output carry component|component of the carry output) (?:has type|is an?) (?P<got>.+?), so (?P<why>[^.]+)")


def loop_parts(node: ast.AST | None) -> tuple[str, ast.expr | None, ast.expr | None] | None:
    """(loop name, init expression, body expression) of a ``scan``/``fori_loop``/``while_loop`` call."""
    name = _callee(node).rsplit(".", 1)[-1]
    if name not in _LOOPS or not isinstance(node, ast.Call):
        return None
    init_at, init_kw, body_at, body_kw = _LOOPS[name]
    return name, _arg(node, init_at, init_kw), _arg(node, body_at, body_kw)


def _component(node: ast.expr | None, path: str) -> ast.expr | None:
    """The element of a literal tuple, list or dict that a carry path (``c[1]``, ``c['b']``) names."""
    for key in re.findall(r"\[([^\]]+)\]", path):
        if node is None:
            return None
        try:
            index = ast.literal_eval(key)
        except (ValueError, SyntaxError):
            return None
        if isinstance(node, (ast.Tuple, ast.List)) and isinstance(index, int) and index < len(node.elts):
            node = node.elts[index]
        elif isinstance(node, ast.Dict):
            node = next((v for k, v in zip(node.keys, node.values)
                         if isinstance(k, ast.Constant) and k.value == index), None)
        else:
            return None
    return node


def _returned(body: ast.expr | None, frame: types.FrameType | None) -> tuple[str, ast.expr | None, set[str]]:
    """The body's name as the user wrote it, the expression its (last) ``return`` gives, and its own names."""
    if isinstance(body, ast.Lambda):
        return "the body", body.body, _own_names(body)
    name = ast.unparse(body) if body is not None else "the body"
    fn = read_function(body, frame) if frame is not None and body is not None else None
    found = function_node(fn) if fn is not None else None
    if found is None:
        return f"`{name}`", None, set()
    if isinstance(found[0], ast.Lambda):
        return f"`{name}`", found[0].body, _own_names(found[0])
    returns = [n for n in ast.walk(found[0]) if isinstance(n, ast.Return) and n.value is not None]
    return f"`{name}`", returns[-1].value if returns else None, _own_names(found[0])


def _own_names(function: ast.AST) -> set[str]:
    """A function's parameters and the names it assigns: what its body reads of itself, not of the caller."""
    return set(parameter_names(function)) | stored_names(function).keys()


def _closed_over(expression: ast.expr | None, own: set[str], frame: types.FrameType | None) -> list[ast.expr]:
    """The names ``expression`` reads from the caller's frame (not the body's own)."""
    if expression is None or frame is None:
        return []
    return [n for n in ast.walk(expression) if isinstance(n, ast.Name) and n.id in frame.f_locals and n.id not in own]


def _carry(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    parts = loop_parts(node)
    found = _CARRY.search(message)
    if parts is None or found is None:
        return [], first_sentence(message), "the carry a loop body returns must have the shape and dtype it receives"
    loop, init, body = parts
    path = found["path"]
    suffix = path[path.find("["):] if "[" in path else ""
    if loop == "fori_loop" and suffix.startswith("[1]"):
        suffix = suffix[3:]  # fori_loop carries (i, init): the user's init is component [1]
    entering = _component(init, suffix)
    body_name, returned, own = _returned(body, frame)
    if loop == "scan" and isinstance(returned, ast.Tuple) and len(returned.elts) == 2:
        returned = returned.elts[0]
    leaving = _component(returned, suffix) if suffix else returned
    have, got = short_from_message(found["have"]), short_from_message(found["got"])
    reading = read(entering, frame) if entering is not None and frame is not None else None
    init_text = ast.unparse(entering) if entering is not None else path
    first = reading if reading is not None else Reading(_from_message(init_text, found["have"]), [])
    first.operand.node = entering
    out_text = ast.unparse(leaving) if leaving is not None else f"what {body_name} returns for {path}"
    # what the body returns is computed from everything the loop is given, and what the body reads from here
    given = [a for a in node.args if not isinstance(a, (ast.Starred, ast.Lambda))]
    closed = _closed_over(leaving, own, frame)
    tracers = [t for t in _tracers_of([*given, *closed], frame) if not any(t is u for u in first.tracers)]
    second = Reading(_from_message(out_text, found["got"]), [*first.tracers, *tracers])
    what = found["why"].replace("so ", "").strip()
    detail = (f"the carry enters `{loop}` as {have} (`{init_text}`) but {body_name} returns it as {got} "
              f"(`{out_text}`): {what}")
    return [first, second], detail, f"{body_name} must return the carry with the shape and dtype it receives ({have})"


# --- cond and switch ----------------------------------------------------------------------

_BRANCHES = re.compile(
    r"output of (?P<a>.+?)(?: at path (?P<path>\S+))? has type (?P<ta>\S+) but the corresponding output of "
    r"(?P<b>.+?) has type (?P<tb>\S+), so (?P<why>[^.]+)")
_DIFFERENT = re.compile(r"DIFFERENT (?:ShapedArray\()?(\S+?)\)? vs\. (?:ShapedArray\()?(\S+?)\)?[',\]]")


def _branch_node(node: ast.Call, who: str) -> ast.expr | None:
    if _callee(node).endswith("switch"):
        index = re.search(r"(\d+)", who)
        listed = _arg(node, 1, "branches")
        if index and isinstance(listed, (ast.List, ast.Tuple)) and int(index[1]) < len(listed.elts):
            return listed.elts[int(index[1])]
        return None
    return _arg(node, 1, "true_fun") if "true" in who else _arg(node, 2, "false_fun")


def _branch_text(branch: ast.expr | None, path: str | None, frame: types.FrameType | None) -> str:
    if branch is None:
        return "a branch"
    name, returned, _ = _returned(branch, frame)
    shown = _component(returned, path) if path and returned is not None else returned
    return ast.unparse(shown) if shown is not None else name.strip("`")


def _branches(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    rule = "every branch must return values of the same shapes and dtypes"
    found = _BRANCHES.search(message)
    if found is None:
        old = _DIFFERENT.search(message)
        if old is None or not isinstance(node, ast.Call):
            return [], first_sentence(message), rule
        ta, tb, a, b, path, why = old[1], old[2], "true_fun", "false_fun", None, "the types differ"
    else:
        ta, tb, a, b, path, why = found["ta"], found["tb"], found["a"], found["b"], found["path"], found["why"]
    if not isinstance(node, ast.Call):
        return [], first_sentence(message), rule
    start = 2 if _callee(node).endswith("switch") else 3
    operands = _tracers_of([x for x in node.args[start:] if not isinstance(x, ast.Starred)], frame)
    readings = []
    for who, typed in ((a, ta), (b, tb)):
        branch = _branch_node(node, who)
        # what a branch returns comes from the operands passed in, and from what it reads of this frame
        _, returned, own = _returned(branch, frame)
        closed = _closed_over(returned, own, frame)
        tracers = [*operands, *(t for t in _tracers_of(closed, frame) if not any(t is u for u in operands))]
        readings.append(Reading(_from_message(_branch_text(branch, path, frame), typed), tracers))
    first, second = readings
    detail = (f"the branches of `{_callee(node)}` return {first.operand.shape} (`{first.operand.expression}`) and "
              f"{second.operand.shape} (`{second.operand.expression}`): {why.replace('so ', '').strip()}")
    return [first, second], detail, rule


# --- vmap's axes, scan's lengths ---------------------------------------------------------------

_MAPPED = re.compile(r"had size (\d+)(?:, e\.g\.|:) axis (\d+) of argument (\S+) of type ([^;\s]+)")


def _mapped_axes(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    if "scan got values" in message:
        xs = _arg(node, 2, "xs") if isinstance(node, ast.Call) else None
        elements = xs.elts if isinstance(xs, (ast.Tuple, ast.List)) else [xs] if xs is not None else []
        readings = [r for r in (read(e, frame) for e in elements if frame is not None) if r is not None]
        sizes = message.split(":", 1)[-1].strip().rstrip(".")
        listed = ", ".join(f"`{r.operand.expression}` is {r.operand.shape}" for r in readings)
        return (readings, f"{listed + ': ' if listed else ''}the leading axes scanned over have sizes {sizes}",
                "every array scanned over must have the same leading axis size")
    readings = []
    if isinstance(node, ast.Call):
        given = [a for a in node.args if not isinstance(a, ast.Starred)]
        readings = [r for r in (read(a, frame) for a in given) if r is not None] if frame is not None else []
    params = _parameters(node, frame)
    said = []
    for size, axis, argument, _ in _MAPPED.findall(message):
        shown = argument
        if argument in params and isinstance(node, ast.Call) and params.index(argument) < len(node.args):
            shown = ast.unparse(node.args[params.index(argument)])
        said.append(f"axis {axis} of `{shown}` (size {size})")
    detail = f"`vmap` maps {' and '.join(said)}: the mapped axes differ in size" if said else first_sentence(message)
    return readings, detail, "every mapped axis must have the same size"


def _parameters(node: ast.AST | None, frame: types.FrameType | None) -> list[str]:
    """The parameter names of the vmapped function the failing call calls."""
    if not isinstance(node, ast.Call) or frame is None:
        return []
    func = node.func
    target = func.args[0] if isinstance(func, ast.Call) and func.args else func
    fn = read_function(target, frame)
    try:
        return list(inspect.signature(fn).parameters) if fn is not None else []
    except (TypeError, ValueError):
        return []


def read_function(node: ast.expr, frame: types.FrameType) -> Callable | None:
    """A function named by a plain name or attribute chain in ``frame``, else None."""
    if isinstance(node, ast.Name):
        found = frame.f_locals.get(node.id, frame.f_globals.get(node.id))
        return found if callable(found) else None
    if isinstance(node, ast.Attribute):
        owner = read_function(node.value, frame) if isinstance(node.value, (ast.Name, ast.Attribute)) else None
        found = getattr(owner, node.attr, None) if owner is not None else None
        return found if callable(found) else None
    return None


# --- derivative rules, grad of a non-scalar --------------------------------------------------------------

def _custom_rule(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    vjp = re.search(r"at output\[(\d+)\] the bwd rule produced an output of (?:shape/dtype|type) (\S+) "
                    r"corresponding to an input of (?:shape/dtype|type) (\S+?),", message)
    if vjp is not None:
        index, made, wanted = vjp.groups()
        operands = [Reading(_from_message(f"bwd output[{index}]", made), []),
                    Reading(_from_message(f"primal input {index}", wanted), [])]
        return (operands, f"the `custom_vjp` bwd rule returns {short_from_message(made)} for an input of "
                f"{short_from_message(wanted)}",
                "the bwd rule must return one cotangent per primal input, each of that input's shape and dtype")
    jvp = re.search(r"Expected (\S+) \(tangent type of (\S+)\) but got (\S+?)\.?$", message, re.M)
    if jvp is not None:
        wanted, primal, made = jvp.groups()
        operands = [Reading(_from_message("jvp rule's tangent output", made), []),
                    Reading(_from_message("primal output", primal), [])]
        return (operands, f"the `custom_jvp` rule returns a tangent of {short_from_message(made)} for a primal "
                f"output of {short_from_message(primal)}", "the tangent output must have the primal output's shape")
    return [], first_sentence(message), "a custom rule's outputs must have the shapes and dtypes JAX expects"


def _scalar_output(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    shape = re.search(r"Output had shape: (\(.*?\))", message)
    func = node.func if isinstance(node, ast.Call) else None
    differentiated = func.args[0] if isinstance(func, ast.Call) and func.args else None
    name = ast.unparse(differentiated) if differentiated is not None else "the function"
    shown = shape[1] if shape else "a non-scalar shape"
    operands = []
    if isinstance(node, ast.Call) and differentiated is not None:  # the function applied as grad applies it
        applied = ast.unparse(ast.Call(differentiated, node.args, node.keywords))
        operands = [Reading(Operand(applied, shown), _tracers_of(list(node.args), frame))]
    return (operands, f"`jax.grad` differentiates functions that return a scalar, but `{name}` returns shape {shown}",
            "the differentiated function must return a scalar (shape ())")


# --- symbolic dimensions, jaxpr types ---------------------------------------------------------

_COMPARISON = re.compile(r"comparison '(.+?)' (\S+) '(.+?)' is inconclusive")
_DIVISION = re.compile(r"Cannot divide evenly the sizes of shapes (\(.*?\)) and (\(.*?\))")


def _symbolic(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    readings = []
    if node is not None and frame is not None:
        seen: set[str] = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id not in seen:
                seen.add(sub.id)
                reading = read(sub, frame)
                if reading is not None and any(not isinstance(d, int) for d in reading.operand.dims):
                    readings.append(reading)
    comparison, division = _COMPARISON.search(message), _DIVISION.search(message)
    if "symbolic scopes" in message:
        return (readings, "symbolic dimensions made by separate `symbolic_shape` calls (separate scopes) were mixed",
                "the symbolic shapes of one export must share a scope (`symbolic_shape(..., scope=...)`)")
    if comparison is not None:
        a, op, b = comparison.groups()
        detail = f"`{a} {op} {b}` is true for some sizes and false for others, so it cannot be decided while tracing"
    elif division is not None:
        detail = f"the sizes of {division[1]} and {division[2]} divide evenly only for some values of the dimensions"
    else:
        detail = first_sentence(message)
    return (readings, detail, "JAX decides only what holds for every value of a symbolic dimension (each at least 1): "
            "constrain it (`symbolic_shape(..., constraints=...)`, or a form like `2*b`), or avoid the comparison")


_EQUATION = re.compile(r"in equation:\s*\n\s*(.+?)\s*\n", re.S)
_SOURCE = re.compile(r"from source: (\S+?):(\d+)")
_VARIABLE = re.compile(r"(\S+?):((?:bf|f|i|u|c)\d+\[[^\]]*\]|bool\[[^\]]*\])")


def _jaxpr(message: str, node: ast.AST | None, frame: types.FrameType | None) -> tuple[list[Reading], str, str]:
    equation = _EQUATION.search(message)
    source = _SOURCE.search(message)
    readings = [Reading(Operand(name, typed), []) for name, typed in _VARIABLE.findall(equation[1])] if equation else []
    detail = first_sentence(message)
    if equation is not None:
        detail += f", in the equation `{equation[1].strip()}`"
    if source is not None:
        detail += f" (made at line {source[2]})"
    return readings, detail, "each equation's output types must be what its operation computes from its input types"


STRUCTURED: dict[str, Callable[[str, ast.AST | None, types.FrameType | None], tuple[list[Reading], str, str]]] = {
    "carry": _carry,
    "branches": _branches,
    "mapped-axes": _mapped_axes,
    "custom-rule": _custom_rule,
    "scalar-output": _scalar_output,
    "symbolic-dimension": _symbolic,
    "jaxpr-type": _jaxpr,
}
