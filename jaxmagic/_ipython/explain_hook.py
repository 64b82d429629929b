"""``%jittrace_explain on``: explain tracing errors raised by any cell, after IPython's traceback.

A ``post_run_cell`` callback (IPython runs it after the traceback is shown)
looks at the cell's exception; for a tracing error it displays the
explanation, or one line saying none was found. The traceback itself is
never touched, and ``off`` (or unloading the extension) unregisters the
callback, which restores IPython's behaviour exactly.
"""
from __future__ import annotations

from typing import Any

from IPython.display import display

from .._explain.failures import explain_failure, explainable, unknown_while_tracing
from . import state
from .naming import cell_namer

__all__ = ["ExplainHook", "explain_hook_for"]


class ExplainHook:
    """The callback, bound to one shell; registered at most once."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.active = False

    def on(self) -> None:
        if not self.active:
            self.shell.events.register("post_run_cell", self.after_cell)
            self.active = True

    def off(self) -> None:
        if self.active:
            self.shell.events.unregister("post_run_cell", self.after_cell)
            self.active = False

    def after_cell(self, result: Any) -> None:
        exc = getattr(result, "error_in_exec", None)
        if exc is None:
            return
        explained = explainable(exc)  # JAX's (where a library raised another while handling it), or a library's own
        if explained is None:
            unknown = unknown_while_tracing(exc, cell_namer(self.shell))
            if unknown is not None:  # raised inside traced code, of a kind jaxmagic does not know
                print(unknown)
            return
        last = state.last_report
        if last is not None and last.error is not None and last.error.exception is exc:
            return  # a %%jittrace --raise cell: its report already explained it
        try:
            found = explain_failure(explained, describe=cell_namer(self.shell))
            if found is None:
                print(f"jaxmagic: no explanation was found for this {type(exc).__name__}.")
            else:
                display(found)
        except Exception:  # noqa: BLE001 - the user's traceback is already shown; stay quiet
            print(f"jaxmagic: no explanation was found for this {type(exc).__name__}.")


def explain_hook_for(shell: Any) -> ExplainHook:
    """The shell's hook, made on first use (``%unload_ext`` turns it off)."""
    hook = state.explain_hooks.get(id(shell))
    if hook is None:
        hook = state.explain_hooks[id(shell)] = ExplainHook(shell)
    return hook
