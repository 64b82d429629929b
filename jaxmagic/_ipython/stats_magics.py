"""The IPython front of recompile statistics: ``%jittrace_panel``, ``%jittrace_assert``, ``%jittrace_reset``."""
from __future__ import annotations

from typing import Any

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_magic, magics_class
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring

from .._tracking.api import reset, stats

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
            first = found.compiles - len(found.events) + 1
            lines += [f"  compile {i}: {e.reason}" for i, e in enumerate(found.events, first)]
            if found.dropped:
                older = ", ".join(f"{reason} ×{count}" for reason, count in found.dropped.items())
                lines.append(f"  (older compiles, by reason: {older})")
            lines += [f"  advice ({a.kind}): {a.message}" for a in found.advice]
            raise AssertionError("\n".join(lines))

    @line_magic
    def jittrace_reset(self, line: str) -> None:
        """Forget recompile counts: ``%jittrace_reset`` for all, ``%jittrace_reset NAME`` for one."""
        name = line.strip() or None
        try:
            reset(name)
        except KeyError as exc:
            raise UsageError(f"%jittrace_reset: {exc.args[0]}") from None
