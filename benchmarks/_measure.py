"""Side-by-side measurement: interleaved repeats, ratios per repeat, median and spread.

These machines are noisy, so no figure is an absolute time compared with a
constant. Each variant runs once per repeat, in turn, and every figure is the
ratio of two variants measured in the same repeat; the median over repeats is
the result and the range of the per-repeat ratios its spread.
"""
from __future__ import annotations

import collections
import dataclasses
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

__all__ = ["JaxEvents", "Result", "Spread", "interleave", "ratios", "spread", "run_python"]


@dataclasses.dataclass
class Spread:
    """The median of some per-repeat figures and their range."""

    median: float
    low: float
    high: float
    count: int

    def format(self, unit: str = "×", scale: float = 1.0, digits: int = 2) -> str:
        m, lo, hi = (v * scale for v in (self.median, self.low, self.high))
        return f"{m:.{digits}f}{unit} ({lo:.{digits}f}–{hi:.{digits}f}, n={self.count})"


@dataclasses.dataclass
class Result:
    """One target of the benchmark issue, measured."""

    point: str  # the point, e.g. "1. hot path"
    what: str
    measured: str
    target: str
    met: bool
    note: str = ""


def spread(values: list[float]) -> Spread:
    return Spread(statistics.median(values), min(values), max(values), len(values))


def interleave(variants: dict[str, Callable[[int], float | None]], repeats: int) -> dict[str, list[float]]:
    """Run every variant once per repeat, in turn (order rotated each repeat).

    A variant is called with the repeat's number and returns its own measured
    seconds, or None to be timed from outside.
    """
    times: dict[str, list[float]] = {name: [] for name in variants}
    names = list(variants)
    for repeat in range(repeats):
        shift = repeat % len(names)
        for name in names[shift:] + names[:shift]:
            gc.collect()
            start = time.perf_counter()
            inner = variants[name](repeat)
            elapsed = time.perf_counter() - start
            times[name].append(inner if inner is not None else elapsed)
    return times


def ratios(numerator: list[float], denominator: list[float]) -> Spread:
    return spread([a / b for a, b in zip(numerator, denominator)])


def run_python(code: str, timeout: float = 600, env: dict[str, str] | None = None) -> dict:
    """Run ``code`` in a fresh interpreter; it prints one JSON object on its last line."""
    env = dict(os.environ, JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"), PYTHONHASHSEED="0", **(env or {}))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env, check=False
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"benchmark subprocess failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(lines[-1])


class JaxEvents:
    """JAX's own trace and backend-compile events while active, by JAX's name for the function."""

    def __init__(self) -> None:
        self.traces: collections.Counter[str] = collections.Counter()
        self.compiles: collections.Counter[str] = collections.Counter()
        self.compile_seconds: dict[str, list[float]] = collections.defaultdict(list)

    def __call__(self, event: str, duration: float, **kwargs: object) -> None:
        name = str(kwargs.get("fun_name", ""))
        if event.endswith("jaxpr_trace_duration"):
            self.traces[name] += 1
        elif event.endswith("backend_compile_duration"):
            self.compiles[name] += 1
            self.compile_seconds[name].append(duration)

    def __enter__(self) -> JaxEvents:
        from jax import monitoring

        monitoring.register_event_duration_secs_listener(self)
        return self

    def __exit__(self, *exc: object) -> None:
        from jax._src import monitoring

        monitoring.unregister_event_duration_listener(self)
