"""``%%jittrace``, ``%jittrace`` and ``%jittrace_explain``: parse the options, call the engine, show the result.

The engine (``jaxmagic._report``, ``jaxmagic._explain``) decides nothing
about display and prints nothing; this module decides what the user sees.
"""
from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any, TypeVar

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring
from IPython.display import display

from .._report.cell_rewrite import FunctionSpec, StaticOptionError, assign_static, parse_names, parse_nums, plan_cell
from .._report.entries import ReportFailed, TraceReport
from .._report.trace_call import trace_call
from .._report.trace_cell import run_cell
from .._tracking.observed.adapters import is_wrapper
from .._tracking.tracked import is_jit_object, tracked_of
from . import state
from .explain_hook import explain_hook_for
from .naming import cell_namer, running_cell_number

__all__ = ["JitTraceMagics"]

T = TypeVar("T")

# Leading options of the line form; the rest of the line is the call, verbatim.
_OPTION = re.compile(r"\s*(--(?:static-argnames|static-argnums)(?:=|\s+)\S+|--(?:hlo|raise|quiet)\b|-h\b|--help\b|--\S*)")


@magics_class
class JitTraceMagics(Magics):
    """Magics that show what ``jax.jit`` does with your functions."""

    @magic_arguments()
    @argument(
        "--static-argnames",
        metavar="NAMES",
        help="Comma-separated parameter names to mark static (compile-time constants), e.g. n,mode.",
    )
    @argument(
        "--static-argnums",
        metavar="POSITIONS",
        help="Comma-separated positions of static parameters, e.g. 1 or 0,2.",
    )
    @argument("--hlo", action="store_true", help="Also show the lowered StableHLO text.")
    @argument(
        "--raise",
        dest="reraise",
        action="store_true",
        help="After showing a tracing error, re-raise the original exception (for tests).",
    )
    @argument("--quiet", action="store_true", help="Show nothing unless tracing fails.")
    @line_cell_magic
    def jittrace(self, line: str, cell: str | None = None) -> TraceReport | None:
        """Trace jitted functions and show what JAX saw.

        As a cell magic, jits every function the cell defines and reports each
        trace the cell causes: the arguments as JAX sees them (tracers know
        shape and dtype, never values; static arguments are constants), the
        jaxpr, the outputs, compile time and cost, and why JAX traced::

            %%jittrace --static-argnames n
            def rep(x, n):
                return jnp.tile(x, n)
            rep(jnp.array([1, 2]), n=3)

        Functions already decorated with ``@jax.jit`` keep their own static
        arguments.  The functions stay jitted and tracked after the cell.

        As a line magic, traces one call of any function without redefining it::

            %jittrace f(jnp.ones(3))

        The report is returned (a ``jaxmagic.TraceReport``). A tracing error is
        explained instead of dumped as a bare traceback: the line of the cell,
        the argument the failing value came from, and the fixes in order of
        preference (``jnp.where``/masks, then ``jax.lax`` control flow, then
        static arguments), each written for that line and tried on a private
        copy of the function. ``report.error.explanation`` holds it as an
        object; ``--raise`` re-raises the original exception afterwards.
        """
        __tracebackhide__ = True
        if cell is None:
            options, expression = self._split_line(line)
            return self._trace_expression(options, expression)
        options = self._parse(line)
        return self._trace_cell(options, line, cell)

    @line_magic
    def jittrace_explain(self, line: str) -> None:
        """Explain tracing errors raised by any cell, after the usual traceback.

        ``%jittrace_explain on`` adds, below the traceback of a tracing error
        from any cell (``jax.jit`` used directly, no ``%%jittrace`` needed),
        which argument and line caused it and the fixes, preferred first.
        ``%jittrace_explain off`` restores IPython's usual behaviour.
        """
        choice = line.strip().lower()
        hook = explain_hook_for(self.shell)
        if choice == "on":
            hook.on()
        elif choice == "off":
            hook.off()
        elif choice:
            raise UsageError(f"%jittrace_explain: expected `on` or `off`, got {line.strip()!r}")
        print(f"jaxmagic explains tracing errors from any cell: {'on' if hook.active else 'off'}")

    # --- option parsing ------------------------------------------------------

    def _parse(self, line: str) -> Any:
        try:
            return parse_argstring(self.jittrace, line)
        except UsageError as exc:
            raise UsageError(f"%%jittrace: {exc}") from None

    def _split_line(self, line: str) -> tuple[Any, str]:
        pos, found = 0, []
        while True:
            match = _OPTION.match(line, pos)
            if not match:
                break
            found.append(match.group(1))
            pos = match.end()
        return self._parse(" ".join(found)), line[pos:].strip()

    def _static(self, options: Any) -> tuple[tuple[str, ...], tuple[int, ...]]:
        try:
            return parse_names(options.static_argnames), parse_nums(options.static_argnums)
        except StaticOptionError as exc:
            raise UsageError(str(exc)) from None

    # --- %%jittrace -----------------------------------------------------------

    def _trace_cell(self, options: Any, line: str, cell: str) -> TraceReport | None:
        __tracebackhide__ = True
        shell = self.shell
        full = f"%%jittrace {line}".rstrip() + "\n" + cell
        filename = shell.compile.cache(full, running_cell_number(shell), raw_code=full)
        try:
            transformed = shell.transform_cell(cell)
            # IPython drops leading blank lines; keep line numbers those of the cell as shown
            dropped = _leading_blank_lines(cell) - _leading_blank_lines(transformed)
            plan = plan_cell(transformed, line_offset=1 + max(0, dropped), filename=filename)
        except SyntaxError as exc:
            self._show_syntax_error(exc, filename)
            return None
        names, nums = self._static(options)
        try:
            static = assign_static(plan.functions, names, nums)
        except StaticOptionError as exc:
            raise UsageError(str(exc)) from None
        if not (plan.functions or plan.factories or plan.mentions_jit or self._calls_tracked(plan.loaded_names)):
            if plan.async_functions:
                raise UsageError(
                    f"%%jittrace: {', '.join(plan.async_functions)} is an async function, and jax.jit "
                    "cannot trace async functions; define it with plain `def`."
                )
            raise UsageError(
                "%%jittrace: this cell defines no function and calls no tracked one. "
                "Define the function to trace with `def` in this cell, or trace a single call "
                "with `%jittrace f(x)`."
            )
        run = self._engine(
            run_cell, plan, static, source=cell, filename=filename, globals_=shell.user_global_ns,
            namespace=shell.user_ns, hlo=options.hlo, describe_file=self._describe_file, display=display,
        )
        if run.unexplained:
            # never worse than no tool: the user's own traceback, as IPython shows it
            shell.showtraceback((type(run.failure), run.failure, run.failure.__traceback__))
            print(f"jaxmagic: no explanation was found for this {type(run.failure).__name__}.")
        return self._finish(run.report, options, run.failure)

    def _calls_tracked(self, names: set[str]) -> bool:
        return any(tracked_of(self.shell.user_ns.get(n)) is not None for n in names)

    # --- %jittrace EXPR -------------------------------------------------------

    def _trace_expression(self, options: Any, expression: str) -> TraceReport | None:
        __tracebackhide__ = True
        if not expression:
            raise UsageError("%jittrace needs a call to trace, e.g. `%jittrace f(x)` (or use %%jittrace on a cell)")
        filename = self.shell.compile.cache(expression, running_cell_number(self.shell), raw_code=expression)
        try:
            tree = ast.parse(expression, filename=filename, mode="eval")
        except SyntaxError as exc:
            self._show_syntax_error(exc, filename)
            return None
        call = tree.body
        if not isinstance(call, ast.Call):
            raise UsageError(f"%jittrace expects one call like `f(x, n=3)`, not {expression!r}")
        names, nums = self._static(options)
        ns = self.shell.user_ns
        fn = eval(compile(ast.Expression(call.func), filename, "eval"), self.shell.user_global_ns, ns)
        self._check_callable(ast.unparse(call.func), fn, names, nums)
        capture = ast.Call(ast.Name("__jaxmagic_capture__", ast.Load()), call.args, call.keywords)
        ast.copy_location(capture, call)
        ast.fix_missing_locations(capture)
        args, kwargs = eval(
            compile(ast.Expression(capture), filename, "eval"),
            self.shell.user_global_ns,
            {**ns, "__jaxmagic_capture__": lambda *a, **k: (a, k)},
        )
        report = self._engine(
            trace_call, fn, args, kwargs, static_argnums=nums or None, static_argnames=names or None,
            hlo=options.hlo, describe_file=self._describe_file,
        )
        report.expression = expression
        failure = report.error.exception if report.error else None
        return self._finish(report, options, failure)

    @staticmethod
    def _check_callable(label: str, fn: Any, names: tuple[str, ...], nums: tuple[int, ...]) -> None:
        if not callable(fn):
            raise UsageError(f"%jittrace: {label} is a {type(fn).__name__}, not a function to call")
        if not (names or nums):
            return
        if is_jit_object(fn) or is_wrapper(fn) or is_wrapper(getattr(fn, "func", None)):
            raise UsageError(
                f"%jittrace: {label} is already jitted and keeps its own static "
                "arguments; drop --static-argnames/--static-argnums"
            )
        try:
            spec = FunctionSpec.of(label, fn)
        except (TypeError, ValueError):
            return  # no readable signature: let jax.jit judge
        try:
            assign_static([spec], names, nums)
        except StaticOptionError as exc:
            raise UsageError(str(exc).replace("%%jittrace jits", "%jittrace calls")) from None

    # --- shared -------------------------------------------------------------

    @staticmethod
    def _engine(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work(*args, **kwargs)``; when jaxmagic could not build its report, say so and raise the user's error."""
        __tracebackhide__ = True  # no lambda around the call: every frame of ours stays out of the user's traceback
        try:
            return work(*args, **kwargs)
        except ReportFailed as exc:
            failed = exc
        print(f"jaxmagic: no report could be built ({failed.fault}); the original error follows.")
        raise failed.original  # outside the except block: the user's exception is not re-chained

    def _finish(self, report: TraceReport, options: Any, failure: BaseException | None) -> TraceReport | None:
        __tracebackhide__ = True
        state.last_report = report
        if failure is not None and options.reraise:
            display(report)
            raise failure
        if options.quiet and failure is None:
            return None
        return report

    def _describe_file(self, filename: str, lineno: int) -> str:
        return cell_namer(self.shell)(filename, lineno)

    def _show_syntax_error(self, exc: SyntaxError, filename: str) -> None:
        """Show a syntax error exactly as IPython shows one in a plain cell, and fail the cell."""
        try:
            raise exc
        except SyntaxError:
            self.shell.showsyntaxerror(filename=filename)
        result = getattr(self.shell.displayhook, "exec_result", None)
        if result is not None:
            result.error_in_exec = exc



def _leading_blank_lines(text: str) -> int:
    count = 0
    for line in text.splitlines():
        if line.strip():
            break
        count += 1
    return count
