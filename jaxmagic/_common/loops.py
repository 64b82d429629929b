"""Python loops that JAX unrolled: the one detector behind the report's and the panel's advice.

A Python ``for`` or ``while`` loop runs while JAX traces, so its body is
recorded once per iteration: a long loop becomes a long jaxpr and a long
compile. Given the equations a trace made (:mod:`.jaxpr`), each is placed in
the innermost loop of the user's source whose body holds its line, and a
loop's equations are added up. How often the body ran is exact when Python's
line events were counted during the trace (``%%jittrace``); otherwise it is
read from the equations themselves: an unrolled body repeats the same
operations, made at the same places of the same lines, once per iteration.
"""
from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable, Mapping

from .jaxpr import Equation
from .source import every_node, parse_file

__all__ = ["Loop", "UnrolledLoop", "loops_in", "unrolled_loops"]


@dataclasses.dataclass(frozen=True)
class Loop:
    """A ``for`` / ``while`` statement: its header line and the lines of its body."""

    lineno: int
    body_first: int
    body_last: int

    def holds(self, line: int) -> bool:
        return self.body_first <= line <= self.body_last


@dataclasses.dataclass(frozen=True)
class UnrolledLoop:
    """A loop whose body JAX recorded once per iteration.

    Attributes
    ----------
    filename, lineno : the loop's header.
    equations : int
        The equations its body became, nested ones included.
    iterations : int or None
        How often its body ran while tracing, None when that cannot be told.
    """

    filename: str
    lineno: int
    equations: int
    iterations: int | None


def loops_in(tree: ast.AST | None) -> list[Loop]:
    """Every loop of a syntax tree, outermost first."""
    if tree is None:
        return []
    found = [
        Loop(node.lineno, node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno)
        for node in every_node(tree)
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and node.body
    ]
    return sorted(found, key=lambda loop: (loop.lineno, -loop.body_last))


def innermost(loops: list[Loop], line: int) -> Loop | None:
    """The innermost loop whose body holds ``line``."""
    best = None
    for loop in loops:
        if loop.holds(line) and (best is None or loop.lineno >= best.lineno):
            best = loop
    return best


def unrolled_loops(
    steps: Iterable[Equation], threshold: int, runs: Mapping[int, int] | None = None, limit: int = 3
) -> list[UnrolledLoop]:
    """The loops whose bodies became at least ``threshold`` equations, the largest first.

    Parameters
    ----------
    steps : the equations of one trace, as :func:`.jaxpr.walk` gives them.
    threshold : equations a loop body must have become to count.
    runs : line → how often Python ran it while tracing, for the file of the
        loops (the traced function's), when it was counted.
    limit : the most loops returned.
    """
    by_loop: dict[tuple[str, Loop], list[tuple]] = {}
    files: dict[str, list[Loop]] = {}
    for step in steps:
        if step.file is None or step.line is None:
            continue
        loops = files.get(step.file)
        if loops is None:
            loops = files[step.file] = loops_in(parse_file(step.file))
        loop = innermost(loops, step.line)
        if loop is not None:
            by_loop.setdefault((step.file, loop), []).append((step.line, step.column, step.eqn.primitive.name))
    found = []
    for (filename, loop), keys in by_loop.items():
        if len(keys) < threshold:
            continue
        iterations = runs.get(loop.body_first) if runs else None
        found.append(UnrolledLoop(filename, loop.lineno, len(keys), iterations or _period(keys)))
    found.sort(key=lambda unrolled: -unrolled.equations)
    return found[:limit]


def _period(keys: list[tuple]) -> int | None:
    """How many times the shortest repeating run of ``keys`` repeats, when they are all repeats."""
    size = len(keys)
    for length in range(1, size // 2 + 1):
        if size % length == 0 and all(keys[i] == keys[i - length] for i in range(length, size)):
            return size // length
    return None
