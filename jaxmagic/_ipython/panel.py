"""The live recompile panel: the compile table in an ipywidgets ``HTML`` widget, updated while cells run.

jaxmagic's ``jax.monitoring`` listener tells the registry after every trace
or compile (never on a cached call). The panel redraws at most once per
``interval`` seconds; the interval stretches to twenty times the last
redraw's cost, so redrawing never takes more than about 5% of the time of
the loop it watches.

Every widget message and display update is sent from the thread that runs
the user's cells (the kernel's own), never from another: ipykernel 7.0
dropped messages sent from other threads, and Colab ignores them. So a
change that arrives too soon after a redraw, or on a thread of the user's
own, is only noted; the kernel's thread draws it at its next trace or
compile past the interval, and after the cell at the latest.

The widget is the compile table (an ``HTML`` widget) above an ``Accordion``
with one function's history per item: a redraw replaces only the table and
the histories that changed, and an item the user opened stays open. Beside
it, in a kernel, a plain HTML copy is shown under a display id and updated
with each redraw: front ends without a widget manager (VS Code without its
widget renderer, nbconvert and nbclient, a notebook opened again after its
kernel ended) show that copy, live where the front end follows display ids.
Where no widget frontend exists at all, the same table shows as text.
"""
from __future__ import annotations

import threading
import time
import weakref
from typing import Any

from IPython import get_ipython
from IPython.display import display, update_display

from .._tracking.api import snapshot_rows
from .._common.settings import thresholds
from .._tracking.stats import registry
from . import state
from .._views.compile_table import (
    has_history, history_html, history_title, reset_html, stats_html, stats_text, table_order,
)

__all__ = ["Panel", "show_panel"]

_drawing = threading.local()  # set while this thread draws: a trace the drawing causes must not draw again


class Panel:
    """The compile table of every jitted function, live.

    Parameters
    ----------
    include_internal : bool
        Also list JAX's own helper jits.
    interval : float, optional
        Seconds between redraws, at least (updates are throttled); by
        default ``jaxmagic.thresholds.redraw_interval`` (``%config
        JitTrace.redraw_interval``), read at each update.
    """

    def __init__(self, include_internal: bool = False, interval: float | None = None) -> None:
        import ipywidgets  # lazy: ipywidgets loads with the first panel, not with the extension

        self.include_internal = include_internal
        self.interval = interval
        self.redraws = 0
        self.notified = 0  # how often the registry said something changed (never on a cached call)
        self.closed = False
        self._last = 0.0
        self._cost = 0.0  # seconds the last redraw took
        self._dirty = False
        self._owner = threading.get_ident()  # the thread that runs cells: the only one that sends
        self._lock = threading.Lock()
        self._draw_lock = threading.Lock()
        self._new_html = ipywidgets.HTML
        # a table wider than the notebook scrolls within the panel, never past the output's edge
        self.table = ipywidgets.HTML(layout=ipywidgets.Layout(overflow="auto", max_width="100%"))
        self.histories = ipywidgets.Accordion()
        self._history_widgets: dict[str, Any] = {}  # row name -> its HTML widget, in first-seen order
        self._drawn: dict[str, tuple] = {}  # row name -> what its history showed when last drawn
        self._order: tuple[str, ...] = ()  # the row names of the accordion's items, in its order
        self.widget = ipywidgets.VBox([self.table, self.histories], layout=ipywidgets.Layout(max_width="100%"))
        self.widget.add_class(LIVE_CLASS)  # the copy below steps aside while this is drawn
        self.copy_id: str | None = None  # the display id of the HTML copy, once shown
        self._draw(analyse=True)
        self._listener = _weak_listener(self)
        registry.listeners.append(self._listener)
        state.panels.append(weakref.ref(self))

    # --- content ----------------------------------------------------------------

    def rows(self, analyse: bool = False) -> list[Any]:
        return snapshot_rows(self.include_internal, analyse=analyse)

    def html(self, analyse: bool = False) -> str:
        """The whole panel as one HTML document (for frontends without widgets)."""
        return stats_html(self.rows(analyse), history=True)

    def _draw(self, analyse: bool) -> None:
        rows = self.rows(analyse)
        self.table.value = stats_html(rows, history=False)
        added = False
        for row in rows:
            if not has_history(row):
                continue
            newest = row.events[-1].when if row.events else None  # a reset and as many new compiles differ here
            shown = (row.compiles, row.traces, newest, row.where, tuple(a.message for a in row.advice))
            item = self._history_widgets.get(row.name)
            if item is None:
                item = self._history_widgets[row.name] = self._new_html()
                added = True
            if self._drawn.get(row.name) != shown:
                item.value = history_html(row)
                self._drawn[row.name] = shown
        with_history = {row.name for row in rows if has_history(row)}
        for name, item in self._history_widgets.items():  # reset (or gone) since it was drawn
            if name not in with_history and self._drawn.get(name) != "reset":
                item.value = reset_html()
                self._drawn[name] = "reset"
        # the items in the table's order (most compiles first), reset ones last; the open item stays open
        by_name = {row.name: row for row in rows}
        ranked = [row.name for row in table_order(rows) if row.name in self._history_widgets]
        order = tuple(ranked + [name for name in self._history_widgets if name not in by_name])
        titles = tuple(history_title(by_name[name]) if name in by_name else name for name in order)
        if added or order != self._order:
            opened = self.histories.selected_index
            opened_name = self._order[opened] if opened is not None and opened < len(self._order) else None
            self.histories.children = tuple(self._history_widgets[name] for name in order)
            self.histories.titles = titles
            self.histories.selected_index = order.index(opened_name) if opened_name in order else None
            self._order = order
        elif tuple(self.histories.titles) != titles:
            self.histories.titles = titles

    def text(self) -> str:
        return stats_text(self.rows(analyse=True), history=True)

    # --- live updates -------------------------------------------------------------

    def on_kernel_thread(self) -> bool:
        """Whether the caller runs on the thread that runs cells (the one thread that may send)."""
        return threading.get_ident() == self._owner

    def changed(self) -> None:
        """Called after each trace or compile: redraw now if the interval has passed, else note it.

        Only the kernel's own thread draws. A change noted now is drawn at the
        kernel thread's next trace or compile past the interval, or when the
        cell ends (:func:`~.extension._refresh_panels`).
        """
        if self.closed:
            return
        self.notified += 1
        with self._lock:
            self._dirty = True
            if not self.on_kernel_thread():
                return
            now = time.monotonic()
            interval = thresholds.redraw_interval if self.interval is None else self.interval
            if max(interval, 20 * self._cost) > now - self._last:
                return
            self._last = now
            self._dirty = False  # this redraw covers every change noted so far
        self.refresh(analyse=False)
        self.update_copy()

    @property
    def pending(self) -> bool:
        """A change was noted that no redraw has shown yet."""
        return self._dirty

    def show_copy(self) -> None:
        """Show the panel's HTML copy, kept up to date after each cell: what a reopened notebook shows."""
        self.copy_id = f"jaxmagic-panel-{id(self):x}"
        display(PanelCopy(self), display_id=self.copy_id)

    def update_copy(self) -> None:
        """Bring the copy up to the panel's state (front ends that follow display ids across cells save it)."""
        if self.copy_id is None or self.closed or not self.on_kernel_thread():
            return
        try:
            update_display(PanelCopy(self), display_id=self.copy_id)
        except Exception:  # noqa: BLE001 - a display fault must never reach the user's code
            pass

    def refresh(self, analyse: bool = True) -> None:
        """Redraw now (``analyse`` also reads jaxprs for unrolled-loop advice: not inside JAX).

        On a thread other than the kernel's, nothing is sent: the change is
        noted, and the kernel's thread draws it.
        """
        if self.closed:
            return
        if not self.on_kernel_thread():
            with self._lock:
                self._dirty = True
            return
        self._dirty = False
        if getattr(_drawing, "active", False):
            # reading jaxprs for advice can make JAX trace again, and that trace tells the panel:
            # drawing now would wait on this very thread's lock; the next redraw picks it up
            with self._lock:
                self._dirty = True
            return
        start = time.monotonic()
        _drawing.active = True
        try:
            with self._draw_lock:
                if not self.closed:
                    self._draw(analyse)
                    self.redraws += 1
            self._cost = time.monotonic() - start
        except Exception:  # noqa: BLE001 - a display fault must never reach the user's code
            pass
        finally:
            _drawing.active = False

    def close(self) -> None:
        self.closed = True
        if self._listener in registry.listeners:
            registry.listeners.remove(self._listener)
        with self._draw_lock:  # not while a redraw is making widgets
            widgets = (*self._history_widgets.values(), self.histories, self.table, self.widget)
        for widget in widgets:
            try:
                widget.close()
            except Exception:  # noqa: BLE001 - closing must not fail over a dead frontend
                pass

    # --- display ------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = self.text()
        # a front end without widgets shows this instead: where the copy is shown (it updates), a pointer to
        # it, so that such a front end never shows a second table frozen at this moment
        bundle["text/html"] = _POINTER if self.copy_id is not None else self.html(analyse=False)
        return bundle

    def __repr__(self) -> str:
        return self.text()


LIVE_CLASS = "jm-live-panel"
_POINTER = ('<div class="jm-report"><div class="jm-p jm-note">the live compile panel needs a widget front end; '
            'its copy, just above, is kept up to date instead</div></div>')

# The copy and the live panel share one cell: while the live panel is drawn the copy steps aside; where
# it is not (a reopened notebook, its kernel gone) the widget's "model not found" steps aside instead.
_COPY_STYLE = (
    ".jp-OutputArea-child:has(.jm-panel-copy):has(~ .jp-OutputArea-child ." + LIVE_CLASS + "){display:none}"
    ".jp-OutputArea-child:has(.jm-panel-copy) ~ .jp-OutputArea-child:has(> .jp-OutputArea-output.jupyter-widgets)"
    ":not(:has(." + LIVE_CLASS + ")){display:none}"
)


class PanelCopy:
    """The panel as HTML, shown where the live widget is not: a notebook saved and opened again."""

    def __init__(self, panel: Panel) -> None:
        self.html = panel.html(analyse=False)
        self.drawn = time.strftime("%H:%M:%S")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        note = f"the compile panel as last drawn, at {self.drawn}: the live panel ended with its kernel"
        return {
            "text/plain": f"({note})",
            "text/html": f'<div class="jm-panel-copy"><style>{_COPY_STYLE}</style>'
                         f'<div class="jm-report"><div class="jm-p jm-note">{note}</div></div>{self.html}</div>',
        }


def _weak_listener(panel: Panel) -> Any:
    ref = weakref.ref(panel)

    def listener() -> None:
        target = ref()
        if target is not None:
            target.changed()

    return listener


def show_panel(include_internal: bool = False) -> Panel | None:
    """A live panel; where ipywidgets is missing, the same table printed as text."""
    try:
        panel = Panel(include_internal=include_internal)
    except ImportError:
        print(stats_text(snapshot_rows(include_internal)))
        return None
    if _widget_frontend():
        panel.show_copy()
    return panel


def _widget_frontend() -> bool:
    """Whether the panel shows in a kernel's front end (a notebook), not in a terminal."""
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
