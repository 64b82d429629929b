"""A function's compiles over time, as a small picture: when each happened and how long it took.

The compiles are binned into equal slices of the time from the first shown
compile to the last; each slice's bar is as tall as the compile time spent in
it, so a burst of recompiles inside a training loop stands out as a block of
bars. HTML gets an inline SVG (coloured from JupyterLab's theme variables,
with a tooltip per bar); text gets a line of block characters.
"""
from __future__ import annotations

import dataclasses
import html
import time
from collections.abc import Iterable

from .numbers import duration

__all__ = ["Timeline", "timeline", "BINS"]

BINS = 40  # slices of the time axis (a bar each, 4 px apart in HTML)
_TEXT_BINS = 24
_LEVELS = "▁▂▃▄▅▆▇█"


@dataclasses.dataclass(frozen=True)
class Timeline:
    """Compiles of one function, binned: an inline element of the document model.

    Attributes
    ----------
    bins : tuple of (count, seconds)
        Compiles and total compile seconds in each equal slice of the span.
    start, end : float
        The span, as ``time.time()`` values (start of the first slice, end of the last).
    compiles, seconds : int, float
        All compiles shown and their total compile time.
    """

    bins: tuple[tuple[int, float], ...]
    start: float
    end: float
    compiles: int
    seconds: float
    total: int = 0  # all compiles of the function, when more than the ones binned were made

    @property
    def span(self) -> float:
        return self.end - self.start

    def summary(self) -> str:
        over = f" over {duration(self.span)}" if self.compiles > 1 else ""
        counted = f"{self.compiles} compile{'s' if self.compiles != 1 else ''}"
        if self.total > self.compiles:
            counted = f"the newest {self.compiles:,} of {self.total:,} compiles"
        overlapped = " (compiles overlapped, in several threads)" if self.seconds > self.span * 1.01 and over else ""
        return f"{counted}{over}, {duration(self.seconds)} compiling{overlapped}"

    def text(self, width: int = _TEXT_BINS) -> str:
        """Block characters, one per slice (a blank where nothing compiled), then the summary."""
        merged = _merge(self.bins, width)
        top = max((s for _, s in merged), default=0.0) or 1.0
        chars = "".join(
            " " if count == 0 else _LEVELS[min(len(_LEVELS) - 1, int(seconds / top * (len(_LEVELS) - 1) + 0.5))]
            for count, seconds in merged
        )
        return f"|{chars}| {self.summary()}"


def timeline(marks: Iterable[tuple[float, float | None]], bins: int = BINS, total: int = 0) -> Timeline | None:
    """Bin ``(when, compile_seconds)`` marks, ``when`` being the time a compile ended; None when there are none.

    The span runs from the start of the first compile to the end of the last,
    so compiles run one after another never add up to more than it.
    ``total`` is the number of compiles made, when only the newest were kept as marks.
    """
    points = sorted((when, seconds or 0.0) for when, seconds in marks if when is not None)
    if not points:
        return None
    start, end = min(when - took for when, took in points), points[-1][0]
    span = max(end - start, 1e-9)
    counts = [0] * bins
    seconds = [0.0] * bins
    for when, took in points:
        index = min(bins - 1, int((when - start) / span * bins))
        counts[index] += 1
        seconds[index] += took
    return Timeline(tuple(zip(counts, seconds)), start, start + span, len(points), sum(s for _, s in points), total)


def _merge(bins: tuple[tuple[int, float], ...], width: int) -> list[tuple[int, float]]:
    if len(bins) <= width:
        return list(bins)
    out = []
    for i in range(width):
        part = bins[i * len(bins) // width:(i + 1) * len(bins) // width]
        out.append((sum(c for c, _ in part), sum(s for _, s in part)))
    return out


# --- HTML ---------------------------------------------------------------------------

_WIDTH, _HEIGHT = 4 * BINS, 18


def svg(line: Timeline) -> str:
    """An inline SVG of ``line``; every colour comes from the page's theme (CSS classes)."""
    top = max((s for _, s in line.bins), default=0.0) or 1.0
    step = _WIDTH / len(line.bins)
    bars = []
    for index, (count, seconds) in enumerate(line.bins):
        if count == 0:
            continue
        height = max(2.0, seconds / top * (_HEIGHT - 2))
        at = time.strftime("%H:%M:%S", time.localtime(line.start + line.span * index / len(line.bins)))
        tip = f"{count} compile{'s' if count != 1 else ''}, {duration(seconds)}, from {at}"
        bars.append(
            f'<rect class="jm-tl-bar" x="{index * step:.1f}" y="{_HEIGHT - 1 - height:.1f}" '
            f'width="{max(1.0, step - 1):.1f}" height="{height:.1f}"><title>{html.escape(tip)}</title></rect>'
        )
    return (
        f'<svg class="jm-timeline" width="{_WIDTH}" height="{_HEIGHT}" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        f'preserveAspectRatio="none" role="img" aria-label="{html.escape(line.summary(), quote=True)}">'
        f'<line class="jm-tl-axis" x1="0" y1="{_HEIGHT - 0.5}" x2="{_WIDTH}" y2="{_HEIGHT - 0.5}"/>'
        + "".join(bars)
        + "</svg>"
    )


STYLE = (
    ".jm-timeline{vertical-align:middle;margin-right:.4em}"
    ".jm-tl-bar{fill:var(--jp-brand-color1,#1976d2)}"
    ".jm-tl-axis{stroke:var(--jp-border-color1,#bbb);stroke-width:1}"
    ".jm-tl-sum{display:block;color:var(--jp-content-font-color2,#555);font-size:.9em}"
)
