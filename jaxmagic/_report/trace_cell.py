"""Run a rewritten ``%%jittrace`` cell under a trace collector, and build its report.

The cell runs in the user's namespace with the two hook names of
:mod:`.cell_rewrite` bound for as long as it runs. A tracing error stops the
cell and is explained in the report; any other exception is the user's own
and propagates unchanged. What the user then sees (the report, the
traceback of an error jaxmagic could not explain) is the front's to decide:
this module prints nothing.
"""
from __future__ import annotations

import dataclasses
import inspect
import types
from collections.abc import Callable, Sequence
from typing import Any

from .._common.errors import tracing_kind
from .._explain.failures import explain_failure
from .._tracking.observed.adapters import is_wrapper
from .._tracking.tracked import Collector, is_jax_jit, is_jit_object, tracked_jit, tracked_of
from .build import explain_caught, report_from_collector, share_explanation
from .cell_rewrite import FINISH_HOOK, JIT_HOOK, CellPlan
from .entries import ReportFailed, TraceReport, error_info

__all__ = ["CellRun", "Hooks", "run_cell", "name_lambdas"]


@dataclasses.dataclass
class CellRun:
    """What running a ``%%jittrace`` cell gave.

    Attributes
    ----------
    report : TraceReport
    failure : BaseException or None
        The tracing error that stopped the cell, unchanged.
    unexplained : bool
        ``failure`` is one jaxmagic found no explanation for (show the user's traceback).
    """

    report: TraceReport
    failure: BaseException | None = None
    unexplained: bool = False


def run_cell(
    plan: CellPlan,
    static: dict[str, tuple[tuple[int, ...], tuple[str, ...]]],
    *,
    source: str,
    filename: str,
    globals_: dict,
    namespace: dict,
    hlo: bool,
    describe_file: Callable[[str, int], str],
    display: Callable[[Any], None],
) -> CellRun:
    """Run ``plan`` in ``namespace`` and report every trace it caused.

    ``display`` shows the value of the cell's trailing expression, as a cell
    would; ``describe_file`` names a place in another cell or file. When the
    report of a tracing error cannot be built, :class:`~.entries.ReportFailed`
    carries the user's exception out.
    """
    __tracebackhide__ = True
    hooks = Hooks(static)
    saved = {k: namespace[k] for k in hooks.names() if k in namespace}
    namespace.update(hooks.names())
    failure: BaseException | None = None
    try:
        with Collector() as collector:
            try:
                exec(compile(plan.body, filename, "exec"), globals_, namespace)
                if plan.trailing is not None:
                    value = eval(compile(plan.trailing, filename, "eval"), globals_, namespace)
                    if value is not None and not plan.silenced:
                        display(value)
            except Exception as exc:
                if tracing_kind(exc) is None:
                    raise  # not a tracing error: the user's own, unchanged
                failure = exc
    finally:
        name_lambdas(namespace, plan.assigned_names)
        for key in hooks.names():
            namespace.pop(key, None)
        namespace.update(saved)
    try:
        report = _report(collector, failure, hlo, filename, describe_file)
    except Exception as exc:  # noqa: BLE001 - a fault of ours must never hide the user's error
        report = TraceReport(notes=[f"jaxmagic could not build this report: {type(exc).__name__}: {exc}"])
    if failure is not None and report.error is None:
        raise ReportFailed(failure, report.notes[-1])  # outside the except block: nothing of ours is chained
    report.source, report.functions, report.filename = source, list(hooks.jitted), filename
    report.notes += _notes(hooks, plan)
    unexplained = failure is not None and report.error is not None and report.error.explanation is None
    return CellRun(report, failure, unexplained)


def _report(
    collector: Collector, failure: BaseException | None, hlo: bool, filename: str, describe_file: Callable
) -> TraceReport:
    report = report_from_collector(collector, hlo=hlo, cell_filename=filename, describe_file=describe_file)
    describe = lambda f, n: f"cell line {n}" if f == filename else describe_file(f, n)  # noqa: E731
    if failure is not None:
        failed = next((r for r in collector.records if r.error is failure), None)
        report.error = error_info(
            failure,
            function=failed.function.name if failed else None,
            cell_filename=filename,
            describe_file=describe_file,
        )
        share_explanation(report, explain_failure(failure, record=failed, describe=describe))
    explain_caught(report, collector.records, describe)
    return report


def _notes(hooks: Hooks, plan: CellPlan) -> list[str]:
    """What %%jittrace left as it was, and why."""
    notes = [
        f"{name} is a {kind}, so %%jittrace left it as it is; it is traced inside the functions that call it"
        for name, kind in hooks.kept
    ]
    notes += [
        f"{name} returns a function, so %%jittrace left it unjitted; "
        "the function it builds is traced when called (use %jittrace on that call to see it)"
        for name in plan.factories
    ]
    return notes


def name_lambdas(namespace: dict[str, Any], assigned: Sequence[str]) -> None:
    """Give a tracked lambda the name it was assigned to (``rep = jax.jit(lambda ...)`` → ``rep``)."""
    for name in assigned:
        tracked = tracked_of(namespace.get(name))
        if tracked is not None and tracked.name == "<lambda>":
            tracked.name = name


class Hooks:
    """The two names a rewritten cell calls; install them in its namespace while it runs."""

    def __init__(self, static: dict[str, tuple[tuple[int, ...], tuple[str, ...]]]) -> None:
        self.static = static
        self.jitted: list[str] = []  # functions the cell defined and jitted: tracked, or observed (nnx.jit, ...)
        self.kept: list[tuple[str, str]] = []  # decorated into a non-function: left as it is

    def names(self) -> dict[str, Callable]:
        return {JIT_HOOK: self.jit_reference, FINISH_HOOK: self.finish}

    @staticmethod
    def jit_reference(obj: Any) -> Any:
        return tracked_jit if is_jax_jit(obj) else obj

    def finish(self, name: str) -> Callable[[Any], Any]:
        def apply(obj: Any) -> Any:
            if tracked_of(obj) is not None or is_jit_object(obj) or is_wrapper(obj):
                self.jitted.append(name)  # jaxmagic's own jit, or any other it observes through JAX's frames
                return obj
            if not callable(obj) or inspect.isgeneratorfunction(obj) or inspect.iscoroutinefunction(obj):
                return obj
            if not isinstance(obj, types.FunctionType):
                # a decorator made something else (jax.custom_jvp, custom_vjp, a class): it has its own
                # methods (.defjvp) and is traced as part of whatever calls it
                self.kept.append((name, type(obj).__name__))
                return obj
            nums, names = self.static.get(name, ((), ()))
            self.jitted.append(name)
            jitted = tracked_jit(obj, static_argnums=nums or None, static_argnames=names or None)
            tracked = tracked_of(jitted)
            tracked.name = name  # the def's name, even if a decorator returned a wrapper
            tracked.by_cell = True
            return jitted

        return apply
