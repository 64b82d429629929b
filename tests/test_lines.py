"""The teaching view: report.lines ties each cell line to the equations it became."""
from __future__ import annotations

import re

CELL = """%%jittrace
def f(x):
    y = jnp.sin(x)
    m = x.shape[0] * 2
    for i in range(3):
        y = y * 2 + i
    if m > 100:
        y = y + 1
    z = jax.lax.cond(y.sum() > 0, lambda v: v + 1, lambda v: v - 1, y)
    return jnp.tanh(z)

f(jnp.ones(3))"""


def test_lines_say_which_line_became_which_equations(shell):
    report = shell.run(CELL)
    lines = {line.lineno: line for line in report.lines}
    assert lines[1].text == "%%jittrace" and lines[1].kind == "outside"  # the cell's own numbering
    assert [str(op) for op in lines[3].ops] == ["sin: f32[3]"] and lines[3].summary == "sin: f32[3]"
    assert lines[4].kind == "trace-time" and lines[4].ops == []  # shape arithmetic: a Python int
    assert lines[5].kind == "trace-time" and lines[5].runs == 4  # the loop header
    assert lines[5].summary == "a Python loop, run while tracing: its body unrolled ×3"
    assert lines[6].runs == 3 and lines[6].summary == "×3: mul: f32[3], add: f32[3]"  # unrolled, counted
    assert lines[7].kind == "trace-time" and lines[8].kind == "not-run"  # a static branch not taken
    cond = [op for op in lines[9].ops if op.depth == 1]
    assert {op.primitive for op in cond} == {"add", "sub"} and all(op.within == "cond" for op in cond)
    assert lines[12].kind == "outside"


def test_text_and_html_show_the_map_with_hover_links(shell):
    report = shell.run(CELL)
    text = report.text()
    assert re.search(r"^\s+6\s+y = y \* 2 \+ i\s+×3: mul: f32\[3\], add: f32\[3\]$", text, re.M)
    assert re.search(r"^\s+3\s+b:f32\[3\] = sin a$", text, re.M)
    html = report.html()
    assert 'class="jm-srow jm-k-ops" data-l="6"' in html and 'class="jm-erow" data-l="6"' in html
    assert '.jm-srcmap:has([data-l="6"]:hover) [data-l="6"]' in html  # pure CSS: no script
    assert "<script" not in html


def test_a_long_unrolled_loop_is_summarised_with_the_whole_on_demand(shell):
    report = shell.run(
        "%%jittrace\ndef long(x):\n    for _ in range(600):\n        x = jnp.sin(x) * 2 + 1\n        x = x - 0.5\n"
        "    return x\nlong(jnp.ones(2))"
    )
    assert "unrolled-loop  The Python loop at cell line 3 unrolled ×600 into 2,400 equations" in report.text()
    [line] = [ln for ln in report.lines if ln.lineno == 4]
    assert line.runs == 600 and line.summary == "×600: sin: f32[2], mul: f32[2], add: f32[2]"
    html = report.html()
    assert len(html) < 2_000_000
    assert "line 4: " in html and "more equations" in html
    assert "the whole jaxpr (2,40" in html  # on demand, as plain text


def test_nested_programs_are_indented_in_text_and_foldable_in_html(shell):
    report = shell.run(
        "%%jittrace\n@jax.jit\ndef inner(v):\n    return jnp.cos(v)\n\n"
        "def outer(x):\n"
        "    y = jax.lax.cond(x.sum() > 0, lambda v: v + 1, lambda v: v * 2, x)\n"
        "    z = jax.lax.fori_loop(0, 3, lambda i, c: c + jnp.sin(c), y)\n"
        "    w = jax.vmap(lambda r: r * 3)(z)\n"
        "    return inner(w) + jax.grad(lambda s: (s ** 2).sum())(w)\n"
        "outer(jnp.ones(3))"
    )
    lines = {line.lineno: line for line in report.lines}
    assert {op.within for op in lines[7].ops if op.depth} == {"cond"}
    assert {op.within for op in lines[8].ops if op.depth} & {"while", "scan"}  # fori_loop: a scan or while loop
    assert [op.primitive for op in lines[4].ops if op.depth] == ["cos"]  # inside the inner jit
    text = report.text()
    assert re.search(r"^\s+7\s+ \s+\S+ = cond ", text, re.M)
    assert re.search(r"^\s+7\s{5,}\S+ = (add|mul) ", text, re.M)  # the branches, indented
    html = report.html()
    assert html.count('<details open class="jm-nest">') >= 3


def test_line_magic_reports_the_lines_of_the_cell_that_defined_the_function(shell):
    shell.run("def helper(x):\n    y = jnp.cos(x)\n    return y * 2")
    report = shell.run("%jittrace helper(jnp.ones(2))")
    lines = {line.lineno: line for line in report.lines}
    assert lines[2].summary == "cos: f32[2]" and lines[3].summary == "mul: f32[2]"


def test_custom_jvp_and_scan_bodies_are_nested_under_their_lines(shell):
    report = shell.run(
        "%%jittrace\n@jax.custom_jvp\ndef soft(x):\n    return jnp.log1p(jnp.exp(x))\n"
        "soft.defjvp(lambda p, t: (soft(p[0]), t[0] * jax.nn.sigmoid(p[0])))\n\n"
        "def g(x):\n    s = jax.lax.scan(lambda c, v: (c + jnp.sin(v), c), 0.0, x)[0]\n    return soft(x) + s\n"
        "g(jnp.ones(3))"
    )
    lines = {line.lineno: line for line in report.lines}
    assert {(op.primitive, op.within) for op in lines[4].ops} == {("exp", "custom_jvp_call"), ("log1p", "custom_jvp_call")}
    assert ("sin", "scan") in {(op.primitive, op.within) for op in lines[8].ops}
    assert any("soft is a custom_jvp, so %%jittrace left it as it is" in note for note in report.notes)


def test_review_cases_helpers_elsewhere_false_repeats_retraces_and_multiline(shell):
    shell.run("def helper2(v):\n    w = jnp.cos(v)\n    return w * 3")
    report = shell.run(
        "%%jittrace\ndef g(x, flag):\n    y = helper2(x)\n"
        "    for i in range(2):\n        y = jnp.sin(y) if i == 0 else jnp.cos(y)\n"
        "    total = jnp.add(\n        y,\n        jnp.tanh(y),\n    )\n"
        "    if x.shape[0] > 2:\n        return total\n    return -total\n"
        "g(jnp.ones(3), 1)\ng(jnp.ones(2), 1)"
    )
    lines = {line.lineno: line for line in report.lines}
    assert lines[3].summary == "cos: f32[3], mul: f32[3]"  # made by a helper from another cell
    assert lines[5].summary == "sin: f32[3], cos: f32[3]"  # not a repeat: different operations
    assert lines[4].summary == "a Python loop, run while tracing: its body unrolled ×2"
    assert [lines[n].kind for n in (7, 9)] == ["continuation"] * 2  # `y,` and `)`: part of line 6's call
    assert lines[8].summary == "tanh: f32[3]" and lines[6].summary == "add: f32[3]"
    assert lines[11].kind == "trace-time"  # the first trace returned here (no operation)
    assert lines[12].summary == "neg: f32[2]"  # the second trace took the other branch
    no_loop = shell.run("%%jittrace\ndef h(x):\n    n = 0\n    for k in range(500):\n        n += k\n    return x * n\nh(1.0)")
    assert "unrolled-loop" not in no_loop.text()  # 500 iterations, no equations: nothing to advise


def test_equation_listing_names_variables_as_jax_does_and_labels_branches(shell):
    report = shell.run(CELL)
    text = report.text()
    jaxpr = report.traces[0].jaxpr_text
    assert "branches[0]: λ m:f32[3] →" in text and "branches[1]: λ o:f32[3] →" in text
    # the same names as JAX's own printout of the program
    assert re.search(r"n:f32\[3\] = sub m 1\.0", text) and "let n:f32[3] = sub m 1.0" in jaxpr
    assert "equations (14)" in text


def test_on_python_312_lines_are_counted_beside_a_debuggers_tracer(shell):
    # issue 17: sys.monitoring (3.12+) counts the cell's own lines under jaxmagic's tool id; a debugger's
    # sys.settrace keeps running, and seeing it, 3.11 leaves the lines uncounted as before
    import sys

    seen = []

    def debugger(frame, event, arg):
        seen.append(event)
        return None

    sys.settrace(debugger)
    try:
        report = shell.run(CELL)
    finally:
        installed = sys.gettrace()
        sys.settrace(None)
    assert installed is debugger and seen  # the debugger's tracer was left in place, and ran
    lines = {line.lineno: line for line in report.lines}
    if sys.version_info >= (3, 12):
        assert lines[5].runs == 4 and lines[6].runs == 3
        assert sys.monitoring.get_tool(3) is None and sys.monitoring.get_tool(4) is None  # given back
    else:
        assert not lines[6].runs  # counting would have meant replacing the debugger's tracer


def test_an_inner_jit_from_another_cell_or_module_keeps_its_own_lines_and_its_call_the_callers(
        shell, tmp_path, monkeypatch):
    """Issue 25.5: since JAX 0.9.1 an inner jit's equations carry only its own frames; on every JAX the call
    is the caller's line and the body's equations say their own line, in the other cell or module."""
    (tmp_path / "inner_lines_mod.py").write_text(
        "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef inner(x):\n    y = jnp.sin(x)\n    return y * 2.0\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    shell.run("from inner_lines_mod import inner")
    shell.run("@jax.jit\ndef cellinner(x):\n    z = jnp.cos(x)\n    return z + 1.0")
    cell_number = shell.ip.execution_count - (1 if shell.ip.execution_count > 1 else 0)
    report = shell.run(
        "%%jittrace\ndef outer(x):\n    a = cellinner(x)\n    b = inner(a)\n    return b * 3.0\nouter(jnp.ones(3))"
    )
    lines = {line.lineno: line for line in report.lines}
    call, *body = lines[3].ops
    assert (call.primitive, call.depth, call.origin) == ("jit", 0, "")  # the call: this cell's line
    # (JAX 0.8 also reports the inner jit's own trace, as a program of its own: the same equations again)
    assert {(op.primitive, op.depth) for op in body if op.function == "outer"} == {("cos", 1), ("add", 1)}
    cells = {re.fullmatch(r"In\[(\d+)\]:(\d+)", op.origin).groups() for op in body}
    assert {line for _, line in cells} == {"3", "4"} and len({number for number, _ in cells}) == 1
    assert abs(int(next(iter(cells))[0]) - cell_number) <= 1  # the cell that defined cellinner
    call, *body = lines[4].ops
    assert call.primitive == "jit" and {op.origin for op in body} == {"inner_lines_mod.py:7", "inner_lines_mod.py:8"}
    assert lines[5].ops[0].origin == ""  # this cell's own equation
    text = report.text()
    assert "= sin b  \u2190 inner_lines_mod.py:7" in text or re.search(r"= sin \w+  \u2190 inner_lines_mod\.py:7", text)
    assert re.search(r"= cos \w+  \u2190 In\[\d+\]:3", text)
    assert str(tmp_path) not in text  # the module by its import name, never its absolute path
