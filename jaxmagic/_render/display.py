"""How a result object shows itself: a layout registered for its type, rendered as text or HTML.

Result objects (a report, an explanation, a function's statistics) inherit
:class:`Displayed` and know only *that* they can be shown. *How* is a layout,
a function from the object to a :class:`~.document.Document`, registered for
its class with :func:`layout_for` by the views (``jaxmagic._views``), which
``jaxmagic`` imports at start-up. Data therefore never imports its looks,
and text and HTML always come from the same document.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .document import Document
from .html import to_html
from .text import to_text

__all__ = ["Displayed", "layout_for", "document_of", "registered"]

_LAYOUTS: dict[type, Callable[[Any], Document]] = {}

L = TypeVar("L", bound=Callable[[Any], Document])


def layout_for(cls: type) -> Callable[[L], L]:
    """Register the decorated function as the layout of ``cls`` (and of its subclasses)."""

    def register(layout: L) -> L:
        _LAYOUTS[cls] = layout
        return layout

    return register


def registered(cls: type) -> bool:
    """Whether ``cls`` (or a class it inherits from) has a layout."""
    return any(base in _LAYOUTS for base in cls.__mro__)


def document_of(obj: Any) -> Document:
    """The document of ``obj`` from the layout registered for its class."""
    for base in type(obj).__mro__:
        layout = _LAYOUTS.get(base)
        if layout is not None:
            return layout(obj)
    raise LookupError(f"no layout is registered for {type(obj).__qualname__}")


class Displayed:
    """Mixin: ``text()``, ``html()`` and IPython's display hooks, from the registered layout.

    A dataclass inheriting it keeps its own ``__repr__`` unless it defines one
    (``TraceReport.__repr__`` is its text).
    """

    __slots__ = ()

    def text(self) -> str:
        """Plain text: what a terminal or ``jupyter execute`` shows."""
        return to_text(document_of(self))

    def html(self) -> str:
        """A self-contained HTML fragment; every user string escaped."""
        return to_html(document_of(self))

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(f"{type(self).__name__}(...)" if cycle else self.text())

    def _repr_html_(self) -> str:
        return self.html()
