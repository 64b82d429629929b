"""Advice from a function's recompiles: what pattern they show and what to do, in the user's names.

Each rule reads the distinct signatures a function compiled for and the
reasons of its compiles; thresholds are :data:`thresholds` (a setting).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import monitor
from .history import DISTINCT
from .signature import abstract_call, tracing_context
from .._common.settings import Thresholds, thresholds
from .stats import Advice, Row

if TYPE_CHECKING:
    from .._common.loops import UnrolledLoop

__all__ = ["Thresholds", "thresholds", "advise", "analyse_loops", "unrolled_advice", "redefinition_advice", "buckets"]


def advise(row: Row) -> list[Advice]:
    """Every piece of advice for ``row`` (a tracked function), most costly pattern first.

    Reads running tallies (no history is re-read), and reuses the last
    answer while the row, its history and the thresholds are unchanged: the
    live panel asks for every row on every redraw.
    """
    history = row.analysis
    if history is None:
        return []
    key = (row.compiles, row.traces, history.version, dataclasses.astuple(thresholds),
           tuple(history.unrolled))
    cached = row.advice_cache
    if cached is not None and cached[0] == key:
        return list(cached[1])
    static_values, axis_sizes, dtypes = history.tallies()
    out: list[Advice] = []
    out += _static_churn(row, static_values)
    out += _shape_churn(axis_sizes, history)
    out += _weak_type_flips(row, dtypes)
    out += _redefinitions(row)
    out += _unrolled(row)
    row.advice_cache = (key, out)
    return list(out)


def _label(row: Row) -> str:
    return row.name.split("@", 1)[0]


def _static_churn(row: Row, values: dict[str, list[str]]) -> list[Advice]:
    out = []
    for path, seen in values.items():
        if len(seen) >= thresholds.static_values:
            shown = ", ".join(seen[:6]) + (", …" if len(seen) > 6 else "")
            if row.wrapper == "equinox.filter_jit":
                out.append(_equinox_static(row, path, seen, shown))
                continue
            out.append(Advice(
                "static-churn",
                f"`{path}` is static and took {_count(seen)} values ({shown}) in {row.compiles} compiles: every "
                f"new value compiles {_label(row)} again. Make it traced — remove `{path}` from "
                f"static_argnames and use `jnp`/`lax` on it — unless it only ever takes a few values.",
                path,
                f"# drop {path!r} from static_argnames (or from %%jittrace --static-argnames)",
            ))
    return out


def _equinox_static(row: Row, path: str, seen: list[str], shown: str) -> Advice:
    """``filter_jit`` holds every non-array leaf static: the fix is to pass an array, not an option."""
    return Advice(
        "static-churn",
        f"`{path}` took {_count(seen)} values ({shown}) in {row.compiles} compiles: equinox.filter_jit "
        f"holds every Python scalar static, so each new value compiles {_label(row)} again. Pass it as an "
        f"array, `jnp.asarray({path})`, and it is traced: one compile for every value.",
        path,
        f"jnp.asarray({path})",
    )


def _count(seen: list) -> str:
    return f"{len(seen)}+" if len(seen) >= DISTINCT else str(len(seen))


def buckets(sizes: list[int]) -> list[int]:
    """A few padded sizes covering ``sizes``: powers of two from the smallest to the largest."""
    out: list[int] = []
    for size in sorted(set(sizes)):
        bucket = 1
        while bucket < size:
            bucket *= 2
        if bucket not in out:
            out.append(bucket)
    return out


def _shape_churn(sizes: dict[tuple[str, int], list[int]], history: Any) -> list[Advice]:
    out = []
    for (path, axis), seen in sizes.items():
        if len(seen) < thresholds.axis_sizes:
            continue
        chosen = buckets([*seen, history.largest(path, axis)])
        pad = ", ".join(["(0, size - n)" if a == axis else "(0, 0)" for a in range(axis + 1)])
        out.append(Advice(
            "shape-churn",
            f"axis {axis} of `{path}` took {_count(seen)} sizes ({', '.join(map(str, sorted(seen)[:8]))}"
            f"{', …' if len(seen) > 8 else ''}): one compile each. Pad it to a few bucket sizes "
            f"({', '.join(map(str, chosen))}) and mask the padding: {len(chosen)} compiles in all.",
            path,
            f"BUCKETS = {tuple(chosen)!r}\n"
            f"n = {path}.shape[{axis}]\n"
            f"size = next((b for b in BUCKETS if b >= n), n)  # beyond the largest bucket: its own size\n"
            f"{path} = jnp.pad({path}, [{pad}] + [(0, 0)] * ({path}.ndim - {axis + 1}))\n"
            f"mask = jnp.arange(size) < n   # pass n traced; use mask to ignore the padding",
        ))
    return out


def _weak_type_flips(row: Row, dtypes: dict[str, Any]) -> list[Advice]:
    with row.lock:
        flips = list(row.weak_type_flips.items())
    out = []
    for path, count in flips:
        if count < thresholds.weak_type_flips:
            continue
        dtype = str(dtypes[path]) if dtypes.get(path) is not None else "float32"
        out.append(Advice(
            "weak-type-flip",
            f"`{path}` was a Python scalar in some calls and an array in others ({count} compile"
            f"{'s' if count > 1 else ''} for that alone): pass it one way every time, e.g. always "
            f"`jnp.asarray({path}, jnp.{dtype})`.",
            path,
            f"jnp.asarray({path}, jnp.{dtype})",
        ))
    return out


def _redefinitions(row: Row) -> list[Advice]:
    with row.lock:
        count = row.redefinitions
    if count < thresholds.redefinitions:
        return []
    return [redefinition_advice(row, count)]


def redefinition_advice(row: Row, count: int) -> Advice:
    """``redefined-function`` advice for ``row``, compiled for ``count`` new function objects."""
    name = _label(row)
    jit = row.wrapper if row.wrapper in ("equinox.filter_jit", "flax.nnx.jit") else "jax.jit"
    code_name = name.rsplit(".", 1)[-1]
    if row.jit_statement:  # a lambda: the very statement, moved out of the loop
        code = f"{row.jit_statement}   # once, before the loop"
    else:
        code_name = code_name if code_name.isidentifier() else "f"
        code = f"{code_name}_jit = {jit}({code_name})   # once, before the loop"
    return Advice(
        "redefined-function",
        f"{name} was compiled for {count} new function objects: `{jit}` of a lambda or "
        f"`functools.partial` made inside a loop, or a cell run again, is a new function each time, and "
        f"JAX's cache is per function. Jit it once, outside the loop, and pass what changes as arguments.",
        "",
        code,
    )


def _unrolled(row: Row) -> list[Advice]:
    return [unrolled_advice(loop, where) for where, loop in row.analysis.unrolled
            if loop.equations >= thresholds.unrolled_equations]


def unrolled_advice(loop: UnrolledLoop, where: str) -> Advice:
    """The advice for a Python loop JAX unrolled; ``where`` names the loop's line as the reader knows it.

    The report of a ``%%jittrace`` cell and the panel word the same loop the same way.
    """
    times = f" \u00d7{loop.iterations:,}" if loop.iterations else ""
    return Advice(
        "unrolled-loop",
        f"The Python loop at {where} unrolled{times} into {loop.equations:,} equations: compile time grows "
        f"with every iteration. Use `jax.lax.fori_loop` or `jax.lax.scan`, which compile the body once.",
        "",
        "jax.lax.fori_loop(0, n, body, init)",
    )


# --- the unrolled-loop analysis: read from the jaxpr, outside JAX's listener ------


def analyse_loops(row: Row, owner: Any, namer: Callable[[str, int], str] | None = None) -> None:
    """Find the Python loops unrolled into the newest compiled signature's jaxpr.

    Re-reads the jaxpr from JAX's trace cache (no new trace), so it runs
    from ``stats()``, never while JAX is compiling.
    """
    # lazy: the jaxpr walker and the loop detector load with the first analysis or report shown, not at start-up
    from .._common.jaxpr import equations
    from .._common.loops import unrolled_loops

    history = row.analysis
    if history is None or owner is None or getattr(owner, "wrapper", "jaxmagic") != "jaxmagic":
        return  # only jaxmagic's own jits can be asked for their jaxpr by signature
    signatures = history.snapshot()
    if not signatures or history.analysed is signatures[-1] or owner.jitted is None:
        return
    if signatures[-1].context != tracing_context():
        return  # asked under another JAX setting: reading the jaxpr back would trace again
    history.analysed = signatures[-1]
    try:
        with monitor.muted():  # whatever happens, never counted as the user's trace
            args, kwargs = abstract_call(signatures[-1])
            jaxpr = owner.jitted.trace(*args, **kwargs).jaxpr
    except Exception:  # noqa: BLE001 - advice is optional; a signature we cannot rebuild gives none
        return
    # each equation at its innermost user frame, in whatever file: a decorator's wrapper or a helper
    # elsewhere never hides the loop
    history.unrolled = [
        (namer(loop.filename, loop.lineno) if namer else f"line {loop.lineno}", loop)
        for loop in unrolled_loops(equations(jaxpr), thresholds.unrolled_equations)
    ]
