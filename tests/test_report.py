"""The report: arguments, jaxpr, outputs, cost, HLO, reasons, and its two renderings."""
from __future__ import annotations

import html.parser

import pytest


def test_arguments_by_parameter_name_with_abstract_values(shell):
    report = shell.run(
        "%%jittrace --static-argnames mode\n"
        "def f(x, scale, mode):\n"
        "    return x * scale if mode == 'mul' else x + scale\n"
        "f(jnp.ones((2, 3)), 2.0, mode='mul')"
    )
    args = {a.path: a for a in report.traces[0].arguments}
    assert args["x"].type == "ShapedArray(float32[2,3])" and not args["x"].weak_type
    assert args["scale"].type == "ShapedArray(float32[], weak_type=True)" and args["scale"].weak_type
    assert args["mode"].static and args["mode"].type == "'mul'" and args["mode"].passed_as == "keyword"
    text = report.text()
    assert "ShapedArray(float32[], weak_type=True)" in text and "Python scalar: weak type" in text
    assert "static 'mul'" in text


def test_pytree_leaves_are_named_by_path(shell):
    shell.run("import collections\nState = collections.namedtuple('State', 'step w')")
    report = shell.run(
        "%%jittrace\n"
        "def loss(params, batch, state):\n"
        "    return (params['w'] @ batch[0]).sum() + params['b'] + state.w\n"
        "loss({'w': jnp.ones((2, 3)), 'b': 1.0}, (jnp.ones(3), jnp.ones(3)), State(0, jnp.zeros(())))"
    )
    paths = [a.path for a in report.traces[0].arguments]
    assert paths == ["params['b']", "params['w']", "batch[0]", "batch[1]", "state.step", "state.w"]
    assert report.traces[0].outputs[0].path == "out"


def test_outputs_compile_time_and_cost(shell):
    report = shell.run(
        "%%jittrace\ndef f(a, b):\n    return {'y': a @ b, 'n': a.sum()}\nf(jnp.ones((4, 8)), jnp.ones((8, 2)))"
    )
    entry = report.traces[0]
    assert [(o.path, o.type) for o in entry.outputs] == [
        ("out['n']", "ShapedArray(float32[])"),
        ("out['y']", "ShapedArray(float32[4,2])"),
    ]
    assert entry.compile_seconds is not None and entry.compile_seconds > 0
    assert entry.trace_seconds is not None and entry.trace_seconds > 0
    assert entry.flops is not None and entry.flops >= 2 * 4 * 8 * 2
    assert entry.bytes_accessed is not None and entry.bytes_accessed > 0
    assert entry.hlo is None


def test_memory_and_cost_come_from_the_calls_own_executable_with_no_extra_compile(shell, jax_events):
    # issue 17: XLA's memory analysis of what JAX compiled for the call, read from JAX's cache
    report = shell.run(
        "%%jittrace\ndef mm(a, b):\n    return jnp.tanh(a @ b)\nmm(jnp.ones((256, 128)), jnp.ones((128, 64)))"
    )
    entry = report.traces[0]
    assert entry.memory["arguments"] == (256 * 128 + 128 * 64) * 4 and entry.memory["outputs"] == 256 * 64 * 4
    assert all(value > 0 for value in entry.memory.values())  # a figure the backend gives as 0 is left out
    assert entry.flops >= 2 * 256 * 128 * 64 and entry.cost["transcendentals"] > 0  # backends count a little apart
    assert "memory: arguments 163.8 kB, outputs 65.5 kB" in report.text()
    assert (jax_events.traces["mm"], jax_events.compiles["jit(mm)"]) == (1, 1)
    line = shell.run("%jittrace mm(jnp.ones((256, 128)), jnp.ones((128, 64)))")  # cached: the same executable
    assert line.traces[0].memory == entry.memory and line.traces[0].cached
    assert (jax_events.traces["mm"], jax_events.compiles["jit(mm)"]) == (1, 1)


def test_hlo_option_shows_lowered_text(shell):
    report = shell.run("%%jittrace --hlo\ndef f(x):\n    return jnp.cos(x)\nf(jnp.ones(3))")
    assert "stablehlo.cosine" in report.traces[0].hlo
    assert "lowered StableHLO" in report.text()


@pytest.mark.parametrize(
    "second, expected",
    [
        ("f(jnp.ones(4), n=2)", ["x: shape f32[3] \u2192 f32[4]"]),
        ("f(jnp.ones(3, jnp.int32), n=2)", ["x: dtype float32 \u2192 int32"]),
        ("f(jnp.ones(3), n=5)", ["n: static value 2 \u2192 5"]),
        ("f(jnp.ones(3), 2)", ["n: pytree structure passed by keyword \u2192 passed by position"]),
    ],
)
def test_why_it_traced_names_what_changed(shell, second, expected):
    shell.run("%%jittrace --static-argnames n\ndef f(x, n):\n    return jnp.tile(x, n)\nf(jnp.ones(3), n=2)")
    report = shell.run(f"%%jittrace\n{second}")
    assert [str(c) for c in report.traces[0].changes] == expected


def test_weak_type_and_pytree_structure_changes(shell):
    shell.run("%%jittrace\ndef f(x, p):\n    return x + p['a']\nf(1.0, {'a': jnp.ones(())})")
    report = shell.run("%%jittrace\nf(jnp.float32(1.0), {'a': jnp.ones(()), 'b': jnp.ones(())})")
    assert [str(c) for c in report.traces[0].changes] == [
        "p['b']: pytree structure absent \u2192 f32[]",
        "x: weak type weak (Python scalar) \u2192 strong (array)",
    ]


def test_reason_compares_with_the_closest_earlier_signature(shell):
    # f(f32[3], n=3), f(f32[4], n=3), f(f32[4], n=4), f(i32[4], n=4): the last differs from
    # the third only in dtype, not from the first in n.
    shell.run("%%jittrace --static-argnames n\ndef f(x, n):\n    return x * n\nf(jnp.ones(3), n=3)")
    shell.run("f(jnp.ones(4), n=3)\nf(jnp.ones(4), n=4)")
    report = shell.run("%%jittrace\nf(jnp.ones(4, jnp.int32), n=4)")
    assert [str(c) for c in report.traces[0].changes] == ["x: dtype float32 \u2192 int32"]


def test_first_call_reason_and_cached_call_in_same_cell(shell):
    report = shell.run("%%jittrace\ndef f(x):\n    return x\nf(jnp.ones(2))\nf(jnp.ones(2))\nf(jnp.ones(3))")
    assert [t.reason for t in report.traces] == ["first call", "x: shape f32[2] \u2192 f32[3]"]


def test_nested_tracked_function_is_shown_inside_its_caller(shell):
    report = shell.run(
        "%%jittrace\ndef inner(x):\n    return jnp.sin(x)\ndef outer(x):\n    return inner(x) + 1\nouter(jnp.ones(2))"
    )
    assert [(t.function, t.inside) for t in report.traces] == [("outer", None), ("inner", "outer")]
    inner = report.traces[1]
    assert inner.jaxpr is not None and inner.compile_seconds is None
    assert "traced inside outer" in report.text()


class _Elements(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [name for name, _ in attrs]


def test_html_escapes_every_user_string(shell):
    shell.run("Evil = type('Evil', (), {'__repr__': lambda self: '<script>alert(1)</script>\"><img src=x onerror=alert(2)>', '__hash__': lambda self: 1, '__eq__': lambda self, o: True})")
    report = shell.run(
        "%%jittrace --static-argnames tag\ndef f(x, tag):\n    return x\nf(jnp.ones(1), tag=Evil())"
    )
    page = report.html()
    parser = _Elements()
    parser.feed(page)
    assert "script" not in parser.tags and "img" not in parser.tags
    assert "onerror" not in parser.attrs and "src" not in parser.attrs
    assert "&lt;script&gt;" in page
    assert "<script>alert(1)</script>" in report.text()


def test_text_and_html_carry_the_same_facts(shell):
    report = shell.run(
        "%%jittrace --static-argnames n\ndef f(x, n):\n    return jnp.tile(x, n)\nf(jnp.ones(2), n=2)\nf(jnp.ones(3), n=2)"
    )
    text, page = report.text(), report.html()
    for fact in ("ShapedArray(float32[2])", "static", "f32[4]", "x: shape f32[2] \u2192 f32[3]", "first call"):
        assert fact in text
        assert fact in html_unescape_text(page)
    assert 'class="jm-t-prim"' in page and 'class="jm-t-type"' in page  # highlighted jaxpr


def html_unescape_text(page: str) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_repr_and_pretty_are_the_text_form(shell):
    report = shell.run("%%jittrace\ndef f(x):\n    return x\nf(jnp.ones(2))")
    assert repr(report) == report.text()
    import IPython.lib.pretty

    assert IPython.lib.pretty.pretty(report) == report.text()
