"""The IPython front of recompile statistics: ``%jittrace_panel``, ``%jittrace_assert``, ``%jittrace_limit``,
``%jittrace_reset``."""
from __future__ import annotations

from typing import Any

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring

from .._tracking import budget
from .._tracking.api import reset, stats
from .._common.settings import thresholds

__all__ = ["StatsMagics"]


@magics_class
class StatsMagics(Magics):
    """Recompile counts, reasons and advice for every jitted function."""

    @magic_arguments()
    @argument("--all", action="store_true", help="Also list JAX's own helper jits.")
    @line_magic
    def jittrace_panel(self, line: str) -> Any:
        """Show the live recompile panel: one row per jitted function.

        Each row: where the function was defined, compiles, traces, total
        compile time, the last reason it compiled and advice; a row opens to
        its whole history. It updates while a cell runs (a few times a second
        at most). Without a widget frontend the same table shows as text.
        """
        options = parse_argstring(self.jittrace_panel, line)
        # lazy: the panel (and the renderers it draws with) loads with the first %jittrace_panel
        from .panel import show_panel

        return show_panel(include_internal=options.all)

    @magic_arguments()
    @argument("name", help="The function, as jaxmagic.stats() names it.")
    @argument("--max-compiles", type=int, default=None, metavar="K", help="Fail when it compiled more than K times.")
    @argument("--max-traces", type=int, default=None, metavar="K", help="Fail when it traced more than K times.")
    @line_magic
    def jittrace_assert(self, line: str) -> None:
        """Fail (``AssertionError``) when a function compiled or traced more often than allowed.

        For notebook tests::

            %jittrace_assert train_step --max-compiles 1

        The error lists every compile and its reason.
        """
        options = parse_argstring(self.jittrace_assert, line)
        if options.max_compiles is None and options.max_traces is None:
            raise UsageError("%jittrace_assert: give --max-compiles K and/or --max-traces K")
        try:
            found = stats(options.name)
        except KeyError as exc:
            raise UsageError(f"%jittrace_assert: {exc.args[0]}") from None
        problems = []
        if options.max_compiles is not None and found.compiles > options.max_compiles:
            problems.append(f"{found.compiles} compiles (at most {options.max_compiles} allowed)")
        if options.max_traces is not None and found.traces > options.max_traces:
            problems.append(f"{found.traces} traces (at most {options.max_traces} allowed)")
        if problems:
            lines = [f"{found.name}: " + " and ".join(problems)]
            lines += [f"  {e.id}: {e.reason}" for e in found.events]
            if found.dropped:
                older = ", ".join(f"{reason} ×{count}" for reason, count in found.dropped.items())
                lines.append(f"  (older compiles, by reason: {older})")
            lines += [f"  advice ({a.kind}): {a.message}" for a in found.advice]
            raise AssertionError("\n".join(lines))

    @magic_arguments()
    @argument("limit", nargs="?", default=None, metavar="N|off",
              help="Compiles of one function allowed before the warning; 'off' for no limit.")
    @argument("--raise", dest="raises", action="store_true",
              help="Raise RecompileLimitError at every compile past N instead of warning once (for tests).")
    @line_magic
    def jittrace_limit(self, line: str) -> None:
        """The recompile limit: past N compiles of one function, one warning names it, its reasons and the advice.

        ``%jittrace_limit 20`` warns once per function past 20 compiles;
        ``%jittrace_limit 20 --raise`` raises at every compile past 20, with
        every compile's id and reason (for notebook tests);
        ``%jittrace_limit off`` turns it off; ``%jittrace_limit`` says what
        it is. The same setting is ``%config JitTrace.limit`` and
        ``jaxmagic.thresholds.limit``.
        """
        options = parse_argstring(self.jittrace_limit, line)
        if options.limit is None:
            if options.raises:
                raise UsageError("%jittrace_limit: give N with --raise, e.g. %jittrace_limit 8 --raise")
            print(_limit_text())
            return None
        if options.limit.lower() == "off":
            if options.raises:
                raise UsageError("%jittrace_limit: --raise needs a limit N, not off")
            thresholds.limit, thresholds.limit_raises = None, False
        else:
            try:
                value = int(options.limit)
                if value < 1:
                    raise ValueError
            except ValueError:
                raise UsageError(f"%jittrace_limit: {options.limit!r} is not a number of compiles (1 or more) "
                                 "or off") from None
            thresholds.limit, thresholds.limit_raises = value, options.raises
        budget.forget_warnings()
        print(_limit_text())
        return None

    @line_magic
    def jittrace_reset(self, line: str) -> None:
        """Forget recompile counts: ``%jittrace_reset`` for all, ``%jittrace_reset NAME`` for one."""
        name = line.strip() or None
        try:
            reset(name)
        except KeyError as exc:
            raise UsageError(f"%jittrace_reset: {exc.args[0]}") from None


def _limit_text() -> str:
    if thresholds.limit is None:
        return "recompile limit: off"
    then = "raise RecompileLimitError" if thresholds.limit_raises else "warn once per function"
    return f"recompile limit: {thresholds.limit} compiles per function, then {then}"
