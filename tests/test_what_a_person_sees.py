"""What a reader sees agrees with itself (issue 15): names, counts, folded repeats, framed explanations."""
from __future__ import annotations

import linecache
import re

import jaxmagic
from jaxmagic._ipython import explain_hook
from jaxmagic._render.document import Section
from jaxmagic._views.report import report_document

LOOP = "for i in range(10):\n    add = jax.jit(lambda x: x + 1)\n    add(jnp.ones(3))"


def test_a_jitted_lambda_is_named_by_its_variable_in_the_report_and_the_panel_alike(shell):
    report = shell.run("rep = jax.jit(lambda x: x * 2)\n%jittrace rep(jnp.ones(2))")
    assert [t.function for t in report.traces] == ["rep"]
    assert "rep" in jaxmagic.stats() and "<lambda>" not in jaxmagic.stats()
    # a lambda whose jit is called at once is not named by what receives the result
    shell.run("out = jax.jit(lambda v: v - 1)(jnp.ones(2))")
    assert "out" not in jaxmagic.stats() and "<lambda>" in jaxmagic.stats()


def test_the_line_magic_shows_the_line_as_typed(shell):
    report = shell.run("rep = jax.jit(lambda x: x * 2)\n%jittrace rep(jnp.ones(2))")
    texts = [line.text for line in report.lines]
    assert texts == ["rep = jax.jit(lambda x: x * 2)", "%jittrace rep(jnp.ones(2))"]
    assert "run_line_magic" not in report.text() + report.html()


NESTED = """%%jittrace
@jax.jit
def inner(y):
    return jnp.cos(y) * 3
def outer(x):
    z = inner(x)
    return jax.lax.cond(x.sum() > 0, lambda a: a + 1, lambda a: a - 1, z)
outer(jnp.ones(3))"""


def test_header_and_equation_list_count_the_same_equations_with_the_same_names(shell):
    report = shell.run(NESTED)
    text = report.text()
    outer = report.traces_of("outer")[0]
    header = re.search(r"jaxpr: (\d+) equations \((\d+) nested\)", text)
    assert header and header.groups() == ("9", "4")  # 5 at the top, 2 in the inner jit, 1 in each branch
    listing = text.split("with the line that made each:", 1)[1]
    assert "equations (11 in 2 programs)" in text  # outer's 9 and inner's own trace's 2
    # every equation row of outer's listing, names included, is a line of outer's printed jaxpr
    rows = listing.split("-  inner:", 1)[0]
    printed = " ".join(outer.jaxpr_text.split())
    binders = re.findall(r"^\s*\d+\s+(\w+:\w+\[\d*\]) = (\w+) ([\w ]*)", rows, flags=re.M)
    assert len(binders) == 9
    for name, primitive, operands in binders:
        assert f"{name} = {primitive}" in printed, (name, primitive)
        for operand in operands.split():  # the variables it reads, named as in the printed jaxpr
            assert re.search(rf"\b{operand}\b", printed), operand


def test_a_lambda_jitted_ten_times_in_a_loop_is_one_entry_with_the_advice(shell):
    report = shell.run("%%jittrace\n" + LOOP)
    assert len(report.traces) == 10
    sections = [b for b in report_document(report).blocks if isinstance(b, Section)]
    assert len(sections) == 1
    text = report.text()
    assert "\u00d710: a new function object each time" in text and "traces 1\u201310 of 10" in text
    assert "add = jax.jit(lambda x: x + 1)   # once, before the loop" in text  # the advice in the report
    assert "in all: 10 compiles" in text
    assert text.count("-  add") == 1 and "add (traced 10 times, the same program):" in text
    assert "new signature" not in text


def test_a_redefinition_alone_is_not_called_a_new_signature(shell):
    shell.run("%%jittrace\ndef f(x):\n    return x + 1\nf(jnp.ones(2))")
    report = shell.run("%%jittrace\ndef f(x):\n    return x + 1\nf(jnp.ones(2))")
    text = report.text()
    assert "why: a new function object with a signature seen before" in text
    assert "new signature" not in text


def test_two_unnamed_lambdas_in_two_loops_make_two_rows_not_one_per_pass(shell):
    shell.run("keep = [jax.jit(lambda x: x * 2)]\nkeep[0](jnp.ones(3))")
    shell.run("for i in range(5):\n    jax.jit(lambda x: x + 1)(jnp.ones(3))")
    rows = {name: s.compiles for name, s in jaxmagic.stats().items() if s.compiles}
    assert len(rows) == 2 and sorted(rows.values()) == [1, 5], rows


def test_explanations_outside_jittrace_are_framed_worded_and_marked_tried_or_not(shell):
    shell.run("%jittrace_explain on")
    shown = []
    original, explain_hook.display = explain_hook.display, shown.append  # what the hook displays
    try:
        shell.ip.run_cell("@jax.jit\ndef pick(x, i):\n    return x[: i]\npick(jnp.ones(4), 2)", store_history=True)
    finally:
        explain_hook.display = original
        shell.run("%jittrace_explain off")
    [found] = shown
    text, html = found.text(), found.html()
    first = text.splitlines()[0]
    assert first.startswith("\u2500\u2500 jaxmagic explains: a shape, size or index bound depends on a traced value")
    assert "(traced-shape)" not in text and "IndexError while tracing pick" in text
    assert 'class="jm-section jm-error"' in html  # framed, apart from IPython's traceback
    fixes = re.findall(r"^\s+\d+\. .*$", text, flags=re.M)
    assert fixes and all(("verified" in f) or ("tried:" in f) or ("not tried" in f) for f in fixes)
    assert "from functools import partial" in text  # the static fix says what it needs


def test_the_more_link_is_the_page_of_the_error_raised(shell):
    report = shell.run("%%jittrace\ndef positive(x):\n    return x[x > 0]\npositive(jnp.ones(3))")
    found = report.error.explanation
    assert found.error_type == "NonConcreteBooleanIndexError"
    assert found.docs.endswith("#jax.errors." + found.error_type)


def test_a_lambda_is_never_named_by_a_calls_result_or_by_an_enclosing_lambda(shell):
    shell.run("res = jax.tree.map(jax.jit(lambda a: a * 2), {'w': jnp.ones(2)})")
    shell.run("make = lambda: (lambda x: x + 15)\nmc = jax.jit(make())\nmc(jnp.ones(2))")
    names = set(jaxmagic.stats())
    assert "res" not in names and not any("make" in n for n in names), names


def test_a_magic_called_from_an_earlier_cells_helper_names_the_running_cell(shell):
    shell.run("def go(expression):\n    return get_ipython().run_line_magic('jittrace', expression)")
    shell.run("rep = jax.jit(lambda x: x * 2)")
    number = shell.ip.execution_count
    shell.run("go('rep(jnp.ones(2))')")
    named = [n for name, n in shell.ip.compile._filename_map.items()
             if "".join(linecache.getlines(name)).strip() == "rep(jnp.ones(2))"]
    assert named and named[-1] == number  # the cell that ran, not the one that defined go


def test_the_folded_entry_offers_its_own_lambda_not_another_of_that_name(shell):
    shell.run("keep = [jax.jit(lambda x: x * 2)]\nkeep[0](jnp.ones(3))")
    report = shell.run("%%jittrace\nfor i in range(4):\n    jax.jit(lambda x: x + 1)(jnp.ones(3))")
    text = report.text()
    assert "jax.jit(lambda x: x + 1)   # once, before the loop" in text and "x * 2" not in text


def test_a_gone_lambdas_row_is_not_taken_by_a_lambda_of_other_code(shell):
    shell.run("keep = [jax.jit(lambda x: x * 2)]\nkeep[0](jnp.ones(3))")
    loop = "for i in range(5):\n    jax.jit(lambda x: x + 1)(jnp.ones(3))"
    shell.run(loop)
    shell.run("del keep")
    shell.run(loop)
    rows = sorted(s.compiles for s in jaxmagic.stats().values() if s.compiles)
    assert rows == [1, 10], rows  # the loop's ten compiles in its own row; the other lambda's row keeps 1


def test_a_cell_with_a_leading_blank_line_still_shows_its_lines_as_typed(shell):
    report = shell.run("\nrep = jax.jit(lambda x: x * 2)\n%jittrace rep(jnp.ones(2))")
    assert "run_line_magic" not in report.text()
    assert [line.text for line in report.lines][-1] == "%jittrace rep(jnp.ones(2))"
