"""Shared fixtures: a real IPython shell that raises cell errors, and JAX event counts."""
from __future__ import annotations

import collections
import dataclasses
import os
import re
from typing import Any

import pytest
from IPython.testing.globalipapp import start_ipython
from IPython.utils.capture import capture_output
from jax import monitoring

import jaxmagic  # noqa: F401 - imported once so reloads in tests find it

# Tests assert what a fix's try finds, not how long it takes (benchmarks/ measures that, and the figures harness
# keeps the default): on a slow machine no try may be cut short by the explanation's time for re-tracing.
os.environ.setdefault("JAXMAGIC_RETRACE_SECONDS", "120")


class Shell:
    """A real IPython shell; :meth:`run` raises the cell's error instead of printing it."""

    def __init__(self, ip: Any) -> None:
        self.ip = ip

    def run(self, cell: str) -> Any:
        result = self.ip.run_cell(cell, store_history=True)
        if result.error_before_exec is not None:
            raise result.error_before_exec
        if result.error_in_exec is not None:
            raise result.error_in_exec
        return result.result

    def run_captured(self, cell: str) -> tuple[Any, Any]:
        """Run ``cell``; return its result and the captured displays, with ``printed``:
        what the cell itself printed (the terminal displayhook's ``Out[n]:`` text removed)."""
        with capture_output() as captured:
            value = self.run(cell)
        captured.printed = re.split(r"^Out\[\d+\]: ", captured.stdout, maxsplit=1, flags=re.M)[0]
        return value, captured

    @property
    def ns(self) -> dict:
        return self.ip.user_ns


@pytest.fixture(scope="session")
def _ipython() -> Any:
    ip = start_ipython()
    ip.run_line_magic("colors", "nocolor")
    return ip


@pytest.fixture(autouse=True)
def _settings_restored() -> Any:
    """``jaxmagic.thresholds`` (the recompile limit, advice thresholds) as they were before each test."""
    from jaxmagic._tracking import budget

    before = dataclasses.asdict(jaxmagic.thresholds)
    yield
    for name, value in before.items():
        setattr(jaxmagic.thresholds, name, value)
    budget.forget_warnings()


@pytest.fixture
def tracking() -> Any:
    """For tests that call ``jaxmagic.track``: its listener (held for good) leaves with the test."""
    from jaxmagic._tracking import api, attribution

    yield
    if api._track_activation:
        attribution.deactivate()
        api._track_activation = False


@pytest.fixture
def shell(_ipython: Any) -> Any:
    """A shell with jaxmagic loaded and jax imported; unloaded and cleared afterwards."""
    _ipython.reset(new_session=False)
    jaxmagic.reset()  # statistics start from zero in every test
    _ipython.run_line_magic("load_ext", "jaxmagic")
    sh = Shell(_ipython)
    sh.run("import functools\nimport jax\nimport jax.numpy as jnp\nimport numpy as np")
    yield sh
    _ipython.run_line_magic("unload_ext", "jaxmagic")
    _ipython.config.pop("JitTrace", None)  # a test's %config JitTrace... stays with it


@pytest.fixture(scope="session")
def shell_class() -> type:
    """:class:`Shell` itself, for fixtures of other scopes (a module's own shell)."""
    return Shell


class EventCounts:
    """Exact counts of JAX's own trace and backend-compile events, by JAX's name."""

    def __init__(self) -> None:
        self.traces: collections.Counter[str] = collections.Counter()
        self.compiles: collections.Counter[str] = collections.Counter()

    def __call__(self, name: str, seconds: float, **kwargs: Any) -> None:
        fun = kwargs.get("fun_name", "")
        if name == "/jax/core/compile/jaxpr_trace_duration":
            self.traces[fun] += 1
        elif name == "/jax/core/compile/backend_compile_duration":
            self.compiles[fun] += 1

    def clear(self) -> None:
        self.traces.clear()
        self.compiles.clear()


@pytest.fixture
def jax_events() -> Any:
    counts = EventCounts()
    monitoring.register_event_duration_secs_listener(counts)
    yield counts
    from jax._src import monitoring as _m

    _m.unregister_event_duration_listener(counts)


@pytest.fixture
def explain_events(monkeypatch: Any, jax_events: Any) -> dict[str, int]:
    """JAX's traces and backend compiles while the last ``jaxmagic.explain`` of the corpus harness ran."""
    import corpus_harness

    real = jaxmagic.explain
    seen: dict[str, int] = {}

    def counted(*args: Any, **kwargs: Any) -> Any:
        compiles, traces = sum(jax_events.compiles.values()), sum(jax_events.traces.values())
        found = real(*args, **kwargs)
        seen["compiles"] = sum(jax_events.compiles.values()) - compiles
        seen["traces"] = sum(jax_events.traces.values()) - traces
        return found

    monkeypatch.setattr(corpus_harness.jaxmagic, "explain", counted)
    return seen


def pytest_collection_finish(session: Any) -> None:
    """Start the lowest- and newest-versions runs now, in the background, when their tests are to run
    (collected, and not deselected by ``-m`` or ``-k``)."""
    import version_runs

    if not version_runs.inside_a_run() and any(item.get_closest_marker("versions") for item in session.items):
        version_runs.start()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    import version_runs

    for outcome in version_runs.started():
        terminalreporter.write_line(outcome.line())


def pytest_sessionfinish(session: Any) -> None:
    import version_runs

    version_runs.stop()  # a run not waited for (the main run stopped early) ends with it


def pytest_report_header(config: Any) -> str:
    """Which versions this run tests (the lowest-versions run prints its own)."""
    import importlib.metadata as metadata

    names = ("jax", "jaxlib", "ipython", "ipywidgets", "ipykernel")
    return "jaxmagic tested with " + ", ".join(f"{n} {metadata.version(n)}" for n in names)


def snippet_parses(code: str) -> bool:
    """Whether offered code is valid notebook input: Python, or IPython's (``%%jittrace --static-argnames n``)."""
    import ast

    from IPython.core.inputtransformer2 import TransformerManager

    try:
        ast.parse(TransformerManager().transform_cell(code))
    except SyntaxError:
        return False
    return True


@pytest.fixture(autouse=True)
def every_offered_snippet_parses(monkeypatch: Any) -> Any:
    """Every fix and every piece of advice made while a test runs offers code that parses (issue 15.6).

    Each :class:`Fix` and :class:`Advice` made during the test is kept, and its
    ``code`` (read at the end: some fixes fill it in after they are made) must
    parse as notebook input, whichever scenario made it.
    """
    from jaxmagic._explain.explanation import Fix
    from jaxmagic._tracking.stats import Advice

    made: list[Any] = []
    for kind in (Fix, Advice):
        original = kind.__init__

        def keep(self: Any, *args: Any, __original: Any = original, **kwargs: Any) -> None:
            __original(self, *args, **kwargs)
            made.append(self)

        monkeypatch.setattr(kind, "__init__", keep)
    yield
    broken = {(type(m).__name__, m.kind, m.code) for m in made if m.code and not snippet_parses(m.code)}
    assert not broken, f"offered code that does not parse: {sorted(broken)}"
