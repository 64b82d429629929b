"""A sweep mapped with ``jax.vmap`` over a setting a library needs as a Python value: a Python loop instead.

``jax.vmap(final_return)(epochs, keys)`` traces ``epochs``: inside, each
example's value is a batch tracer, so a library that builds a scan of
``num_epochs`` steps, or turns a random draw into an ``int``, cannot use it.
When the examples differ, no ``in_axes=None`` keeps one Python value; the
sweep is a Python loop over the values, each call jitted with the value static
(one compile per distinct value), the results stacked as vmap stacked them.
The fix is tried by tracing the first example's call abstractly, with its
value static; a loop over random keys runs eagerly and is not run here.
"""
from __future__ import annotations

import ast
import contextlib
import inspect
import io
import re
from typing import Any

import jax
import numpy as np

from ..._common.errors import is_user_file
from ..._common.jax_config import private_trace_caches
from ..._common.source import names_in, parse_file, position_of, statement_at
from ..._tracking import monitor
from ..explanation import Fix
from ..rebuild import refused_only_abstractly
from ..retrace.budget import OutOfTime, within_budget
from ..fixes.site import dotted_of
from ..verify import first_line

__all__ = ["python_loop_fix", "quiet_probe"]


_FEW = 16  # float values swept as settings: at most this many (one compile each)
_NOT_JAX_OUTPUT = re.compile(r"returned a value of type .* which is not a valid JAX type")


def python_loop_fix(argument: str, given: tuple[Any, tuple, dict], user: list, globals_: dict,
                    jax_name: str = "jax", jnp_name: str = "jnp", setting: bool = False) -> Fix | None:
    """The user's ``jax.vmap(f)(xs, ...)`` statement rewritten as a loop over ``argument``'s values, tried on the
    first; None when the statement is not that shape (keywords, pytrees mapped, another axis, ``out_axes``).
    ``setting``: the value was needed as a constant (a shape, a static option), so a few floats are swept too."""
    found = _vmapped_statement(given[0], user, globals_)
    if found is None or given[2]:
        return None
    statement, applied, fn, axes = found
    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return None
    args = given[1]
    if argument not in params or len(args) != len(applied.args) or len(params) < len(args) or any(
            isinstance(a, ast.Starred) for a in applied.args):
        return None
    axes = list(axes) if isinstance(axes, (tuple, list)) else [axes] * len(args)
    index = params.index(argument)
    if len(axes) != len(args) or index >= len(args) or axes[index] != 0 or any(a not in (0, None) for a in axes):
        return None
    arrays = (jax.Array, np.ndarray)
    if any(axis == 0 and not (isinstance(a, arrays) and np.ndim(a) >= 1) for a, axis in zip(args, axes)):
        return None  # a pytree mapped whole: a loop over it is not one zip
    keys = _keys(args[index])
    rows = not keys and np.ndim(args[index]) >= 2  # a row per example (a layout): closed over, concrete, eagerly
    listed = False  # each call eager, its result kept in a list: what it returns is no JAX type
    if not keys and not np.issubdtype(args[index].dtype, np.integer) and not (
            setting and (rows or np.ndim(args[index]) == 1 and np.size(args[index]) <= _FEW)):
        # data (a float per example): a loop with one compile per value is no fix for it; a few floats that a
        # library needs as Python values (a mismatch level it holds static) are settings swept, and rows a library
        # checks in its own code (tmmax's thicknesses) are looped over eagerly, each concrete
        return None
    verified, outcome, single = (None, "the loop runs each example eagerly: not run here", False) if keys else \
        _try(fn, args, axes, index, closed=rows)
    if isinstance(outcome, Exception) and _NOT_JAX_OUTPUT.search(str(outcome)):  # it makes a Python object (vmec's
        # ``VmecInput``): no jit returns it, so each call runs eagerly, the results kept as a list; tried with what
        # it returns dropped
        verified, outcome, _ = _try(lambda *given: fn(*given) and None, args, axes, index, closed=rows)
        listed, outcome = True, outcome if verified is not True else outcome.replace(
            "traced (", "traced, what it returns left out (")
    refused = refused_only_abstractly(outcome) if isinstance(outcome, Exception) else None
    if refused is not None:  # the library needs concrete values besides the swept one: a loop of eager calls
        keys, verified = True, None  # (as the user's vmap, with no jit, ran), which tracing cannot show
        outcome = (f"traced with {'the row concrete' if rows else 'the value static'}, {refused}'s own code needed "
                   "concrete values of the rest, which eager calls give it: not known either way")
    elif isinstance(outcome, Exception):
        outcome = f"still fails: {type(outcome).__name__}: {first_line(outcome)}"
    code = _loop_code(statement, applied, params, axes, index, keys or listed, jax_name, jnp_name, single, eager=rows,
                      values=listed)
    fn_name = applied.func.args[0].id
    summary = (f"`jax.vmap` traces what it maps: each example's `{argument}` is a tracer inside `{fn_name}`, and "
               "this code needs it as a Python value; loop over the values in Python instead"
               + ("" if keys or rows or listed else f", each call jitted with `{argument}` static (one compile per "
                                                     "distinct value)")
               + ("" if keys or listed else ", and stack the results as vmap did")
               + (f", each call made as it is (`{fn_name}` returns no JAX type, which no jit returns)"
                  if listed else ""))
    fix = Fix("static", code, summary)
    fix.verified, fix.outcome = verified, outcome
    return fix


def _keys(value: Any) -> bool:
    """Random keys, one per example: typed keys, or raw ones (``uint32`` pairs from ``random.split``)."""
    return jax.dtypes.issubdtype(value.dtype, jax.dtypes.prng_key) or (
        value.dtype == np.uint32 and value.ndim == 2 and value.shape[-1] == 2)


def _vmapped_statement(wrapper: Any, user: list, globals_: dict) -> tuple | None:
    """The user's statement applying the vmapped ``wrapper`` (inline, or by the name it is bound to), the
    application, the function vmapped and its ``in_axes``."""
    for entry in user:  # the outermost first: where the user called it
        position = position_of(entry)
        if not is_user_file(position.filename):
            continue
        tree = parse_file(position.filename)
        statement = statement_at(tree, position.lineno) if tree is not None else None
        if not isinstance(statement, (ast.Assign, ast.Expr)) or isinstance(statement, ast.Assign) and len(
                statement.targets) != 1:
            continue
        applied = statement.value
        if not isinstance(applied, ast.Call):
            continue
        vmapped = applied.func
        if isinstance(vmapped, ast.Name) and entry.tb_frame.f_globals.get(vmapped.id) is wrapper:
            vmapped = _bound_expression(tree, vmapped.id)
        if not (isinstance(vmapped, ast.Call) and (dotted_of(vmapped.func) or "").rsplit(".", 1)[-1] == "vmap"
                and vmapped.args and isinstance(vmapped.args[0], ast.Name)):
            continue
        if any(k.arg not in ("in_axes",) for k in vmapped.keywords) or len(vmapped.args) > 2:
            return None  # out_axes, axis_name, spmd: another shape of vmap
        fn = globals_.get(vmapped.args[0].id, entry.tb_frame.f_globals.get(vmapped.args[0].id))
        axes_node = vmapped.args[1] if len(vmapped.args) > 1 else next(
            (k.value for k in vmapped.keywords if k.arg == "in_axes"), None)
        try:
            axes = ast.literal_eval(axes_node) if axes_node is not None else 0
        except ValueError:
            return None
        shown = ast.Call(vmapped, applied.args, applied.keywords)  # the vmap written inline, for the fix
        return statement, shown, fn, axes
    return None


def _bound_expression(tree: ast.Module, name: str) -> ast.expr | None:
    bound = [s.value for s in tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1
             and isinstance(s.targets[0], ast.Name) and s.targets[0].id == name]
    return bound[-1] if len(bound) == 1 else None


def _loop_code(statement: ast.stmt, applied: ast.Call, params: list[str], axes: list, index: int, keys: bool,
               jax_name: str, jnp_name: str, single: bool, eager: bool = False, values: bool = False) -> str:
    """The loop; ``keys`` (random keys) and ``eager`` (rows) call the function as it is, each example a concrete
    value, ``keys`` keeping the results as a list (``values``: the swept value read as Python values)."""
    vmapped = applied.func
    fn_name = vmapped.args[0].id
    taken = set(names_in(applied)) | {fn_name, jax_name, jnp_name}
    loop_names = {i: (params[i] if params[i] not in taken else f"{params[i]}_i") for i, axis in enumerate(axes)
                  if axis == 0}
    iterables = [ast.unparse(a) + (".tolist()" if i == index and (values or not (keys or eager)) else "")
                 for i, a in enumerate(applied.args) if axes[i] == 0]
    targets = [loop_names[i] for i in sorted(loop_names)]
    loop = (f"for {targets[0]} in {iterables[0]}" if len(targets) == 1 else
            f"for {', '.join(targets)} in zip({', '.join(iterables)})")
    each = fn_name if keys or eager else f"{fn_name}_each"
    call_args = [loop_names[i] if axes[i] == 0 else ast.unparse(a) for i, a in enumerate(applied.args)]
    results = f"[{each}({', '.join(call_args)}) {loop}]"
    # what vmap returned, stacked the same way; a loop of eager calls (keys) keeps its list: what each call
    # returns is not known here, and may be Python values
    stacked = (results + "   # one result per example" if keys else f"{jnp_name}.stack({results})" if single
               else f"{jax_name}.tree.map(lambda *xs: {jnp_name}.stack(xs), *{results})")
    bound = f"{ast.unparse(statement.targets[0])} = " if isinstance(statement, ast.Assign) else ""
    lines = [] if keys or eager else [f"{each} = {jax_name}.jit({fn_name}, static_argnums={index})   # one compile per "
                             f"value of {params[index]}"]
    return "\n".join([*lines, bound + stacked])


def _example(args: tuple, axes: list, index: int, at: int, closed: bool = False) -> tuple:
    """Example ``at``'s arguments: the swept value as a Python value (read on the host; ``closed``: its row, an
    array as the caller's, a JAX array's row taken eagerly), the other mapped ones as abstract slices (no compile)."""
    return tuple((a[at] if closed else np.asarray(a)[at].item()) if i == index else  # (a row: of the caller's type)
                 jax.ShapeDtypeStruct(a.shape[1:], a.dtype)
                 if axis == 0 else a for i, (a, axis) in enumerate(zip(args, axes)))


def _try(fn: Any, args: tuple, axes: list, index: int, closed: bool = False) -> tuple[bool | None, Any, bool]:
    """The first example's call traced abstractly, its value static (``closed``: a concrete array closed over),
    and the last's where its value differs (a library may accept only the value its object already holds): the
    outcome, and whether ``fn`` returns one array (``jnp.stack`` stacks it; else ``jax.tree.map`` each leaf)."""
    values = np.asarray(args[index])
    last = len(values) - 1 if len(values) > 1 and not np.array_equal(values[-1], values[0]) else None

    def traced(at: int, **options: Any) -> Any:
        example = _example(args, axes, index, at, closed)
        if not closed:
            return jax.make_jaxpr(fn, static_argnums=(index,), **options)(*example)
        row = example[index]
        return jax.make_jaxpr(lambda *rest: fn(*rest[:index], row, *rest[index:]), **options)(
            *example[:index], *example[index + 1:])

    try:
        with quiet_probe() as private:
            if not private:
                return None, "this JAX cannot keep the probe out of its caches", False
            _, shape = traced(0, return_shape=True)
        if last is not None:
            with quiet_probe():
                traced(last)
    except OutOfTime as spent:
        return None, str(spent), False
    except Exception as exc:  # noqa: BLE001 - the fix's outcome, whatever it is (worded by the caller)
        return False, exc, False
    which = "the first and last examples' calls, each" if last is not None else "the first example's call,"
    held = "its row a concrete array" if closed else "its value static"
    return True, f"traced ({which} {held}, traced again abstractly)", isinstance(
        shape, jax.ShapeDtypeStruct)


@contextlib.contextmanager
def quiet_probe():
    """A probe's trace: JAX's events muted, its prints dropped, its caches private (yields False where this JAX
    cannot keep them private)."""
    with (monitor.muted(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()),
          private_trace_caches() as private, within_budget()):
        yield private
