"""Split jaxpr text into tokens with a role each, for syntax highlighting.

Roles: ``kw`` (``lambda``, ``let``, ``in``), ``type`` (``f32[3]``), ``prim``
(the primitive an equation applies), ``param`` (``reps=`` inside ``[...]``),
``lit`` (numbers), ``var`` (other names); everything else has role ``""``.
"""
from __future__ import annotations

import re

__all__ = ["jaxpr_tokens"]

_TOKEN = re.compile(
    r"""
    (?P<type>(?<=:)[a-z][a-z0-9]*\[[^\]\n]*\](?:\{[^}\n]*\})?)   # a:f32[3]
  | (?P<kw>\b(?:lambda|let|in)\b)
  | (?P<prim>(?<==\ )[A-Za-z_][\w.\-]*)                            # b = sin a
  | (?P<param>\b[A-Za-z_]\w*(?==))                                # reps=(2,)
  | (?P<lit>(?<![\w.])-?\d+(?:\.\d*)?(?:e[-+]?\d+)?(?![\w]))
  | (?P<var>\b[A-Za-z_]\w*\b)
    """,
    re.VERBOSE,
)


def jaxpr_tokens(text: str) -> list[tuple[str, str]]:
    """``(piece, role)`` pairs that concatenate back to ``text`` exactly."""
    out: list[tuple[str, str]] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() > pos:
            out.append((text[pos : match.start()], ""))
        out.append((match.group(), match.lastgroup or ""))
        pos = match.end()
    if pos < len(text):
        out.append((text[pos:], ""))
    return out
