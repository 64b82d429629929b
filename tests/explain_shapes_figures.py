"""Figures of ``jaxmagic.explain`` on shape cases (issue 25, point 4), each cell a file on disk as in a kernel.

Usage::

    python tests/explain_shapes_figures.py [--cases MODULE] [--markdown FILE]

``MODULE`` is a Python file or module name with a ``CASES`` list of
``ShapeCase``-like objects (default: ``explain_shapes``). Prints, per figure,
how many cases it holds for and the share: explained at all, kind, line,
operands (expressions and shapes, in any order), operand shapes alone,
arguments, the certain fix offered and verified (cases that have one), no
fix offered where none is certain (cases that have none), and crashes
(jaxmagic's own exceptions or failed analyses); then every miss by case.
A measurement, not a test.
"""
from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import linecache
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import corpus_harness  # noqa: E402
from corpus_harness import run_case  # noqa: E402

FIGURES = ("explained", "kind", "line", "operands", "operand shapes", "arguments", "certain fix offered",
           "certain fix verified", "no fix where none is certain", "no crash")


def _same_code(a: str, b: str) -> bool:
    try:
        return ast.dump(ast.parse(a.strip())) == ast.dump(ast.parse(b.strip()))
    except SyntaxError:
        return " ".join(a.split()) == " ".join(b.split())


def _code(expression: str) -> str:
    """An expression in one spelling (quotes, spaces), so that equal code compares equal."""
    try:
        return ast.unparse(ast.parse(expression.strip(), mode="eval"))
    except SyntaxError:
        return " ".join(expression.split())


def corrected_line(found: Any, fix: Any) -> str | None:
    """The user's line(s) with the fix's code put where its edit's target stands, or None."""
    target = getattr(getattr(fix, "recipe", None), "target", None)
    lines = linecache.getlines(found.filename or "")
    if target is None or not lines or getattr(target, "end_lineno", None) is None:
        return None
    first, last = target.lineno, target.end_lineno
    text = "".join(lines[first - 1:last])
    start = target.col_offset
    end = len(text) - len(lines[last - 1]) + target.end_col_offset
    return (text[:start] + fix.code + text[end:]).rstrip("\n")


def _verdicts(case: Any, found: Any) -> dict[str, bool | None]:
    """Each figure for one case: True, False, or None when the figure does not apply to it."""
    if found is None:
        return {name: (False if name in ("explained", "kind", "line") else None) for name in FIGURES} | {
            "no crash": True}
    ours = [(o.expression, o.shape) for o in found.operands]
    wanted = list(case.operands)
    fitting = [f for f in found.fixes if (line := corrected_line(found, f)) is not None
               and case.fix is not None and _same_code(line, case.fix)]
    return {
        "explained": True,
        "kind": found.kind == case.kind,
        "line": found.lineno == case.line,
        # expressions compared as code: ``params["w"]`` and ``params['w']`` are one expression
        "operands": sorted((_code(e), sh) for e, sh in ours) == sorted((_code(e), sh) for e, sh in wanted)
        if wanted else None,
        "operand shapes": sorted(s for _, s in ours) == sorted(s for _, s in wanted) if wanted else None,
        "arguments": set(found.paths) == set(case.arguments),
        "certain fix offered": bool(fitting) if case.fix is not None else None,
        "certain fix verified": any(f.verified is True for f in fitting) if case.fix is not None else None,
        "no fix where none is certain": not found.fixes if case.fix is None else None,
        "no crash": found.analysis_failed is None,
    }


class _Clock:
    """``jaxmagic.explain``, keeping the seconds each call took."""

    def __init__(self, explain: Any) -> None:
        self.explain = explain
        self.seconds: list[float] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        found = None
        try:
            found = self.explain(*args, **kwargs)
        finally:
            self.seconds.append(time.perf_counter() - start)
        return found


def measure(cases: Sequence[Any]) -> tuple[dict[str, tuple[int, int]], list[str], list[float]]:
    """Per figure ``(hits, cases it applies to)``, the misses, and the seconds each ``explain`` took."""
    counts = {name: [0, 0] for name in FIGURES}
    misses: list[str] = []
    explain = corpus_harness.jaxmagic.explain
    clock = _Clock(explain)
    corpus_harness.jaxmagic.explain = clock
    try:
        with tempfile.TemporaryDirectory() as folder:
            for case in cases:
                try:
                    outcome = run_case(case, Path(folder))
                except Exception as fault:  # noqa: BLE001 - explain itself raised: a crash
                    counts["no crash"][1] += 1
                    misses.append(f"{case.id}: crash: {type(fault).__name__}: {fault}")
                    continue
                if outcome.exception is None:
                    misses.append(f"{case.id}: the cell raised nothing")
                    continue
                found = outcome.explanation
                verdicts = _verdicts(case, found)
                for name, verdict in verdicts.items():
                    if verdict is None:
                        continue
                    counts[name][1] += 1
                    counts[name][0] += bool(verdict)
                failed = [name for name, v in verdicts.items() if v is False]
                if failed:
                    misses.append(f"{case.id}: {'; '.join(failed)} (got {_said(found)}; want kind={case.kind}, "
                                  f"line={case.line}, operands={list(case.operands)}, "
                                  f"arguments={list(case.arguments)}, fix={case.fix!r})")
    finally:
        corpus_harness.jaxmagic.explain = explain
    return {name: (hit, total) for name, (hit, total) in counts.items()}, misses, clock.seconds


def _said(found: Any) -> str:
    if found is None:
        return "no explanation"
    operands = [(o.expression, o.shape) for o in found.operands]
    fixes = [(f.kind, f.code, f.verified) for f in found.fixes]
    return f"kind={found.kind}, line={found.lineno}, operands={operands}, arguments={found.paths}, fixes={fixes}"


def report(cases: Sequence[Any]) -> str:
    """The figures of ``cases`` as a markdown table, then the misses."""
    figures, misses, seconds = measure(cases)
    lines = [f"{len(cases)} shape cases", "", "| figure | hits | share |", "|---|---|---|"]
    for name, (hit, total) in figures.items():
        lines.append(f"| {name} | {hit}/{total} | {100.0 * hit / total:.0f}% |" if total else f"| {name} | 0/0 | - |")
    lines += [f"| explain time, median | | {statistics.median(seconds or [0]) * 1e3:.0f} ms |",
              f"| explain time, worst | | {max(seconds or [0]) * 1e3:.0f} ms |", "", "misses:"]
    lines += [f"- {miss}" for miss in misses] or ["- none"]
    return "\n".join(lines)


def _load(name: str) -> Any:
    path = Path(name)
    if path.suffix == ".py" and path.exists():
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        return module
    return importlib.import_module(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="explain_shapes", help="a module or .py file with CASES")
    parser.add_argument("--markdown", type=Path)
    options = parser.parse_args()
    text = report(_load(options.cases).CASES)
    print(text)
    if options.markdown:
        options.markdown.write_text(text + "\n")


if __name__ == "__main__":
    main()
