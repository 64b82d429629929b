"""How a result object shows itself: a layout registered for its type, rendered as text or HTML.

Result objects (a report, an explanation, a function's statistics) inherit
:class:`Displayed` and know only *that* they can be shown. *How* is a layout,
a function from the object to a :class:`~.document.Document`, registered for
its class with :func:`layout_for` by the views (``jaxmagic._views``). Data
therefore never imports its looks, and text and HTML always come from the
same document.

The views are loaded when the first object is shown, not when ``jaxmagic``
is imported: :func:`layouts_in` names the module that registers them, and
:func:`document_of` imports it on the first lookup that finds no layout.
"""
from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .document import Document

__all__ = ["Displayed", "layout_for", "layouts_in", "document_of", "registered"]

_LAYOUTS: dict[type, Callable[[Any], Document]] = {}
_PENDING: list[str] = []  # modules that register layouts when imported, not imported yet
_loading = threading.RLock()  # two threads showing their first object: the second waits for the layouts

L = TypeVar("L", bound=Callable[[Any], "Document"])


def layout_for(cls: type) -> Callable[[L], L]:
    """Register the decorated function as the layout of ``cls`` (and of its subclasses)."""

    def register(layout: L) -> L:
        _LAYOUTS[cls] = layout
        return layout

    return register


def layouts_in(module: str) -> None:
    """Import ``module``, which registers layouts, when the first object is shown."""
    if module not in _PENDING:
        _PENDING.append(module)


def _layout(cls: type) -> Callable[[Any], Document] | None:
    for base in cls.__mro__:
        if base in _LAYOUTS:
            return _LAYOUTS[base]
    return None


def registered(cls: type) -> bool:
    """Whether ``cls`` (or a class it inherits from) has a layout, once the pending views are loaded."""
    _load_pending()
    return _layout(cls) is not None


def document_of(obj: Any) -> Document:
    """The document of ``obj`` from the layout registered for its class."""
    layout = _layout(type(obj))
    if layout is None:
        _load_pending()
        layout = _layout(type(obj))
    if layout is None:
        raise LookupError(f"no layout is registered for {type(obj).__qualname__}")
    return layout(obj)


def _load_pending() -> None:
    with _loading:
        for module in list(_PENDING):
            importlib.import_module(module)  # an import error is raised as it is, and the module stays pending
            _PENDING.remove(module)


class Displayed:
    """Mixin: ``text()``, ``html()`` and IPython's display hooks, from the registered layout.

    A dataclass inheriting it keeps its own ``__repr__`` unless it defines one
    (``TraceReport.__repr__`` is its text).
    """

    __slots__ = ()

    def text(self) -> str:
        """Plain text: what a terminal or ``jupyter execute`` shows."""
        # lazy: the renderers load with the first object shown, keeping `import jaxmagic` fast
        from .text import to_text

        return to_text(document_of(self))

    def html(self) -> str:
        """A self-contained HTML fragment; every user string escaped."""
        # lazy: as for text()
        from .html import to_html

        return to_html(document_of(self))

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(f"{type(self).__name__}(...)" if cycle else self.text())

    def _repr_html_(self) -> str:
        return self.html()
