"""Hostile strings in names, paths, static values and source: every HTML output escapes them, and the
text output stays readable (no raw control characters, no endless lines).

The HTML is parsed, not searched: an injected element or event attribute would show up as a tag.
"""
from __future__ import annotations

import html.parser
import unicodedata

import pytest

import jaxmagic

SCRIPT = "<script>alert('x')</script>"
IMAGE = '"><img src=x onerror=alert(1)>'
CONTROL = "\x1b[2J\x1b[31mred\x00\x07\r"
LONG = "A" * 20_000
DANGEROUS_TAGS = {"script", "img", "iframe", "object", "embed", "link", "meta", "base", "form", "input"}


class _Elements(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_data(self, data):
        self.text.append(data)


def assert_safe_html(markup: str, *expected_text: str) -> None:
    parsed = _Elements()
    parsed.feed(markup)
    parsed.close()
    for tag, attrs in parsed.tags:
        assert tag not in DANGEROUS_TAGS, f"injected <{tag}> in the HTML"
        for name, value in attrs:
            assert not name.startswith("on"), f"injected event attribute {name}={value!r} on <{tag}>"
            assert not (value or "").strip().lower().startswith("javascript:"), f"script URL in {name}"
    text = "".join(parsed.text)
    for piece in expected_text:
        assert piece in text, f"{piece[:40]!r} is not shown as text"


def assert_readable_text(text: str) -> None:
    bad = {ch for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\n"}
    assert not bad, f"raw control characters in text output: {sorted(map(repr, bad))}"
    assert max(map(len, text.splitlines())) < 2_000, "a line too long to read"


class Evil:
    """A static value whose repr is an attack; hashable, so JAX accepts it as static."""

    def __init__(self, tag: int) -> None:
        self.tag = tag

    def __repr__(self) -> str:
        return f"{SCRIPT}{IMAGE}{CONTROL}{self.tag}"

    def __hash__(self) -> int:
        return hash(self.tag)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Evil) and other.tag == self.tag


@pytest.fixture
def hostile(shell):
    shell.ns["Evil"] = Evil
    shell.ns["LONG"] = LONG
    shell.ns["CONTROL"] = CONTROL
    return shell


def test_static_values_pytree_keys_and_source_are_escaped_in_the_report(hostile):
    cell = (
        "%%jittrace --static-argnames cfg,label\n"
        f"def données_ƒ(params, cfg, label):  # {IMAGE}\n"
        f"    note = {SCRIPT!r}\n"
        "    return params['<script>'] * len(label) + params['\"><img onerror=alert(1)>']\n"
        "for k in range(6):\n"
        "    données_ƒ({'<script>': jnp.ones(2 + k), '\"><img onerror=alert(1)>': 1.0}, cfg=Evil(k), "
        "label=LONG + CONTROL + str(k))"
    )
    report = hostile.run(cell)
    assert_safe_html(report.html(), "<script>", "onerror", "données_ƒ")
    assert_readable_text(report.text())
    assert "données_ƒ" in report.text() and "<script>" in report.text()

    stats = jaxmagic.stats("données_ƒ")
    assert [a.kind for a in stats.advice][:1] in (["static-churn"], ["shape-churn"])
    assert_safe_html(stats._repr_html_(), "données_ƒ")
    from jaxmagic._views.compile_table import history_html, stats_text

    assert_safe_html(history_html(stats), "<script>")
    assert_readable_text(stats_text([stats]))


def test_the_panel_widgets_escape_every_row(hostile):
    hostile.run("%%jittrace --static-argnames cfg --quiet\ndef ƒ(x, cfg):\n    return x\n"
                "for k in range(3):\n    ƒ(jnp.ones(2), cfg=Evil(k))")
    panel = hostile.run("%jittrace_panel")
    try:
        panel.refresh()
        assert_safe_html(panel.table.value, "ƒ")
        for item in panel._history_widgets.values():
            assert_safe_html(item.value)
        assert any(SCRIPT in item.value.replace("&lt;", "<").replace("&gt;", ">").replace("&#x27;", "'")
                   for item in panel._history_widgets.values())
        assert_safe_html(panel._repr_mimebundle_()["text/html"])
        assert_readable_text(panel.text())
    finally:
        panel.close()


def test_an_explanation_of_hostile_source_is_escaped(hostile):
    cell = (
        "%%jittrace\n"
        f"def check(x):  # {SCRIPT}\n"
        f"    if x.sum() > len({IMAGE!r}):\n"
        "        return x\n"
        "    return -x\n"
        "check(jnp.ones(3))"
    )
    report = hostile.run(cell)
    assert report.error is not None and report.error.explanation is not None
    assert_safe_html(report.html(), "onerror")
    assert_safe_html(report.error.explanation._repr_html_(), "onerror")
    assert_readable_text(report.text())


def test_a_long_function_name_and_control_characters_in_a_static_string_stay_readable(hostile):
    name = "f_" + "ü" * 300
    hostile.run(f"%%jittrace --static-argnames s --quiet\ndef {name}(x, s):\n    return x * len(s)\n"
                f"{name}(jnp.ones(2), s=CONTROL * 50 + LONG)")
    report = jaxmagic.last_report()
    assert_safe_html(report.html(), name)
    assert_readable_text(report.text())
