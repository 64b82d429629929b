"""Advice from a function's recompiles: what pattern they show and what to do, in the user's names.

Each rule reads the distinct signatures a function compiled for and the
reasons of its compiles; thresholds are :data:`thresholds` (a setting).
"""
from __future__ import annotations

import ast
import collections
import dataclasses
from typing import Any

from ._signature import Signature
from ._stats import Advice, Row

__all__ = ["Thresholds", "thresholds", "advise"]


@dataclasses.dataclass
class Thresholds:
    """When a pattern becomes advice.

    Attributes
    ----------
    static_values : int
        Distinct values of one static argument (``static-churn``).
    axis_sizes : int
        Distinct sizes of one axis of one argument (``shape-churn``).
    redefinitions : int
        Compiles caused by a new function object (``redefined-function``).
    weak_type_flips : int
        Compiles caused by a Python scalar turning into an array or back.
    unrolled_equations : int
        Equations one Python loop body line became (``unrolled-loop``).
    """

    static_values: int = 5
    axis_sizes: int = 5
    redefinitions: int = 3
    weak_type_flips: int = 1
    unrolled_equations: int = 100


thresholds = Thresholds()


def advise(row: Row) -> list[Advice]:
    """Every piece of advice for ``row`` (a tracked function), most costly pattern first."""
    history = row.analysis
    if history is None:
        return []
    signatures: list[Signature] = history.snapshot()
    out: list[Advice] = []
    out += _static_churn(row, signatures)
    out += _shape_churn(row, signatures)
    out += _weak_type_flips(row, signatures)
    out += _redefinitions(row)
    out += _unrolled(row)
    return out


def _label(row: Row) -> str:
    return row.name.split("@", 1)[0]


def _static_churn(row: Row, signatures: list[Signature]) -> list[Advice]:
    values: dict[str, list[str]] = collections.defaultdict(list)
    for signature in signatures:
        for leaf in signature.leaves:
            if leaf.static and leaf.short not in values[leaf.path]:
                values[leaf.path].append(leaf.short)
    out = []
    for path, seen in values.items():
        if len(seen) >= thresholds.static_values:
            shown = ", ".join(seen[:6]) + (", …" if len(seen) > 6 else "")
            out.append(Advice(
                "static-churn",
                f"`{path}` is static and took {len(seen)} values ({shown}) in {row.compiles} compiles: every "
                f"new value compiles {_label(row)} again. Make it traced — remove `{path}` from "
                f"static_argnames and use `jnp`/`lax` on it — unless it only ever takes a few values.",
                path,
                f"# drop {path!r} from static_argnames (or from %%jittrace --static-argnames)",
            ))
    return out


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


def _shape_churn(row: Row, signatures: list[Signature]) -> list[Advice]:
    sizes: dict[tuple[str, int], list[int]] = collections.defaultdict(list)
    for signature in signatures:
        for leaf in signature.leaves:
            if leaf.static or leaf.aval is None:
                continue
            for axis, size in enumerate(getattr(leaf.aval, "shape", ())):
                if isinstance(size, int) and size not in sizes[(leaf.path, axis)]:
                    sizes[(leaf.path, axis)].append(size)
    out = []
    for (path, axis), seen in sizes.items():
        if len(seen) < thresholds.axis_sizes:
            continue
        chosen = buckets(seen)
        pad = ", ".join(["(0, size - n)" if a == axis else "(0, 0)" for a in range(axis + 1)])
        out.append(Advice(
            "shape-churn",
            f"axis {axis} of `{path}` took {len(seen)} sizes ({', '.join(map(str, sorted(seen)[:8]))}"
            f"{', …' if len(seen) > 8 else ''}): one compile each. Pad it to a few bucket sizes "
            f"({', '.join(map(str, chosen))}) and mask the padding: {len(chosen)} compiles in all.",
            path,
            f"BUCKETS = {tuple(chosen)!r}\n"
            f"n = {path}.shape[{axis}]\n"
            f"size = next(b for b in BUCKETS if b >= n)\n"
            f"{path} = jnp.pad({path}, [{pad}] + [(0, 0)] * ({path}.ndim - {axis + 1}))\n"
            f"mask = jnp.arange(size) < n   # pass n traced; use mask to ignore the padding",
        ))
    return out


def _weak_type_flips(row: Row, signatures: list[Signature]) -> list[Advice]:
    flips: collections.Counter[str] = collections.Counter()
    for event in row.events:
        for change in event.changes:
            if change.what == "weak-type":
                flips[change.path] += 1
    dtypes = {
        leaf.path: str(leaf.aval.dtype) for s in signatures for leaf in s.leaves if not leaf.static and leaf.aval is not None
    }
    out = []
    for path, count in flips.items():
        if count < thresholds.weak_type_flips:
            continue
        dtype = dtypes.get(path, "float32")
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
    count = sum(1 for e in row.events if any(c.what == "function-redefined" for c in e.changes))
    if count < thresholds.redefinitions:
        return []
    name = _label(row)
    return [Advice(
        "redefined-function",
        f"{name} was compiled for {count} new function objects: `jax.jit` of a lambda or "
        f"`functools.partial` made inside a loop, or a cell run again, is a new function each time, and "
        f"JAX's cache is per function. Jit it once, outside the loop, and pass what changes as arguments.",
        "",
        f"{name}_jit = jax.jit({name})   # once, before the loop",
    )]


def _unrolled(row: Row) -> list[Advice]:
    loops = getattr(row.analysis, "unrolled", None) or []
    return [
        Advice(
            "unrolled-loop",
            f"the Python loop at {where} unrolled into {count:,} equations (its body line {body_line} "
            f"×{repeats:,}): compile time grows with every iteration. Use `jax.lax.fori_loop` or "
            f"`jax.lax.scan`, which compile the body once.",
            "",
            "jax.lax.fori_loop(0, n, body, init)",
        )
        for where, count, body_line, repeats in loops
        if count >= thresholds.unrolled_equations
    ]


# --- the unrolled-loop analysis: read from the jaxpr, outside JAX's listener ------


def analyse_loops(row: Row, owner: Any, namer: Any = None) -> None:
    """Count the equations each source line became in the last compiled signature.

    Re-reads the jaxpr from JAX's trace cache (no new trace), so it runs
    from ``stats()``, never while JAX is compiling.
    """
    from ._build import abstract_call
    from ._source import parse_file

    history = row.analysis
    if history is None or owner is None or owner.jitted is None:
        return
    signatures = history.snapshot()
    if not signatures or getattr(history, "analysed", None) is signatures[-1]:
        return
    history.analysed = signatures[-1]
    try:
        args, kwargs = abstract_call(signatures[-1])
        jaxpr = owner.jitted.trace(*args, **kwargs).jaxpr
    except Exception:  # noqa: BLE001 - advice is optional; a signature we cannot rebuild gives none
        return
    counts: collections.Counter[tuple[str, int]] = collections.Counter()
    for eqn in jaxpr.eqns:
        frame = _user_frame(eqn)
        if frame is not None:
            counts[frame] += 1
    found = []
    for (filename, line), repeats in counts.most_common(3):
        if repeats < thresholds.unrolled_equations:
            break
        tree = parse_file(filename)
        loop = _enclosing_for(tree, line) if tree is not None else None
        if loop is None:
            continue
        where = namer(filename, loop.lineno) if namer else f"line {loop.lineno}"
        found.append((where, repeats, line, repeats))
    history.unrolled = found


def _user_frame(eqn: Any) -> tuple[str, int] | None:
    try:
        from jax._src import source_info_util

        frame = source_info_util.user_frame(eqn.source_info.traceback)
    except Exception:  # noqa: BLE001
        return None
    if frame is None:
        return None
    return frame.file_name, frame.start_line


def _enclosing_for(tree: ast.AST, line: int) -> ast.For | None:
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.While)) and node.lineno < line <= (node.end_lineno or node.lineno):
            if best is None or node.lineno > best.lineno:
                best = node
    return best
