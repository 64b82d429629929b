"""Load and unload the extension: the magics, the settings, the ``post_run_cell`` callback, JAX's listener,
the recompile limit.

:func:`unload` removes exactly what :func:`load` registered, so
``%unload_ext jaxmagic`` leaves IPython and JAX as they were.
"""
from __future__ import annotations

from typing import Any

from .._common.files import set_shown_lines
from .._tracking import attribution, budget
from .._tracking.redefinition import set_location_namer
from . import state
from .naming import cell_namer, typed_lines
from .settings import attach as attach_settings, detach as detach_settings
from .save_magics import SaveMagics
from .stats_magics import StatsMagics
from .trace_magics import JitTraceMagics

__all__ = ["load", "unload"]


def _refresh_panels(result: Any = None) -> None:
    """After each cell, open panels draw the final counts (and loop advice, read outside JAX)."""
    try:
        for panel in state.open_panels():
            panel.refresh(analyse=True)
            panel.update_copy()
    except Exception:  # noqa: BLE001 - never disturb the user's cell
        pass


def load(shell: Any) -> None:
    """Register the magics and start attributing JAX's events (once per shell)."""
    if state.loaded.get(id(shell)):
        return
    shell.register_magics(JitTraceMagics)
    shell.register_magics(StatsMagics)
    shell.register_magics(SaveMagics)
    shell.events.register("post_run_cell", _refresh_panels)
    attribution.activate()
    budget.hold()
    attach_settings(shell)
    set_location_namer(cell_namer(shell))
    set_shown_lines(typed_lines(shell))
    state.loaded[id(shell)] = True


def unload(shell: Any) -> None:
    """Undo :func:`load`: remove every magic it registered and our JAX listener."""
    if not state.loaded.pop(id(shell), False):
        return
    manager = shell.magics_manager
    for magics in (JitTraceMagics, StatsMagics, SaveMagics):
        for kind, names in magics.magics.items():
            for name in names:
                manager.magics[kind].pop(name, None)
        manager.registry.pop(magics.__name__, None)
        shell.configurables[:] = [c for c in shell.configurables if not isinstance(c, magics)]
    try:
        shell.events.unregister("post_run_cell", _refresh_panels)
    except ValueError:
        pass
    for panel in state.open_panels():
        panel.close()
    hook = state.explain_hooks.pop(id(shell), None)
    if hook is not None:
        hook.off()
    attribution.deactivate()
    budget.release()
    detach_settings(shell)
    if not state.loaded:
        set_location_namer(None)
        set_shown_lines(None)
