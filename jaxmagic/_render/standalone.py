"""A :class:`~.document.Document` as one standalone HTML page: to open in a browser, to print, to share.

The page needs nothing outside itself: its CSS is inline, pictures are
inline SVG, and it carries no script and no link. A Content-Security-Policy
forbids every request, so even a string that slipped past escaping could not
load anything. Folds are open, so the page reads top to bottom and prints
whole. Colours are JupyterLab's theme variables, whose fallbacks apply
outside JupyterLab.
"""
from __future__ import annotations

import dataclasses
import html

from .document import Document, Fold, Section
from .html import to_html

__all__ = ["page"]

# nothing may be fetched: styles only from the page itself
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

_PAGE_STYLE = """
body{margin:0 auto;padding:1.5em 2em;max-width:80em;background:var(--jp-layout-color0,#fff);
 color:var(--jp-content-font-color1,#212121);font-family:var(--jp-ui-font-family,system-ui,sans-serif)}
.jm-report{font-size:14px}
.jm-report h3{font-size:1.3em;margin:1em 0 .4em}
.jm-report h3:first-of-type{font-size:1.6em;margin-top:0}
@media print{
 @page{margin:1.5cm}
 body{padding:0;max-width:none}
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 .jm-report{font-size:10pt;overflow:visible}
 .jm-report table.jm-table{overflow:visible}
 .jm-report pre.jm-code{white-space:pre-wrap;overflow:visible;overflow-wrap:anywhere}
 .jm-report h3{break-after:avoid}
 .jm-report tr,.jm-p,.jm-title{break-inside:avoid}
 .jm-report details>summary{list-style:none}
 .jm-report details>summary::-webkit-details-marker{display:none}
}
"""


def page(doc: Document, title: str) -> str:
    """``doc`` as a complete HTML document titled ``title``, every fold open, every string escaped."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f"<style>{_PAGE_STYLE}</style>\n</head>\n<body>\n"
        f"{to_html(Document(tuple(_unfolded(block) for block in doc.blocks)))}\n"
        "</body>\n</html>\n"
    )


def _unfolded(block: object) -> object:
    """``block`` with every fold inside it open (a printed page cannot open one)."""
    if isinstance(block, Fold):
        return dataclasses.replace(block, open=True, body=tuple(_unfolded(b) for b in block.body))
    if isinstance(block, Section):
        return dataclasses.replace(block, body=tuple(_unfolded(b) for b in block.body))
    return block
