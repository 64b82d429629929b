"""Every colour in jaxmagic's HTML comes from the notebook's theme (JupyterLab's CSS variables)."""
from __future__ import annotations

import re

from jaxmagic._render import html as _render
from jaxmagic._render import timeline as _timeline


def test_colours_are_theme_variables_with_fallbacks_only():
    css = _render._STYLE + _timeline.STYLE
    # a literal colour may appear only as the fallback of a theme variable: var(--jp-..., #ccc)
    without_fallbacks = re.sub(r"var\(--jp-[\w-]+,[^()]*\)", "var()", css)
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(", without_fallbacks)
    assert css.count("var(--jp-") >= 30
