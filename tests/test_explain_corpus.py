"""The real-case corpus: every case explained with the right kind, argument, line and fix.

Each case in ``explain_corpus.py`` is a minimal reduction of a tracing error
from JAX's documentation or a user's GitHub issue (its source is noted
there). ``explain`` must name the kind, the argument (with its pytree path)
and the user's line, put an acceptable fix first, and verify it by
re-tracing where the fix can be applied mechanically.
"""
from __future__ import annotations

import io
import contextlib

import pytest
from corpus_harness import as_in_a_kernel, as_in_a_script, run_case
from explain_corpus import CASES

# %%jittrace jits every top-level def (SPEC), so a top-level helper the failing
# function calls is traced as a nested jit of its own: the explanation is then
# about the helper's parameter, which is right for that cell but not the case's
# plain-jit expectation.
_HELPER_JITTED_BY_CELL = {"gh-tinygp-85-np-append-on-param-leaf": "v"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_explain_names_kind_argument_line_and_a_fitting_verified_fix(case):
    with as_in_a_kernel():  # JAX's frames kept, as in a notebook, whatever shell an earlier test left behind
        outcome = run_case(case)
    found = outcome.explanation
    assert outcome.exception is not None and found is not None
    assert found.exception is outcome.exception
    assert found.error_type == type(outcome.exception).__name__
    assert found.kind == case.kind
    assert (found.argument, found.path) == (case.argument, case.path)
    assert found.lineno == case.line
    if case.use_line is not None:
        assert found.use_lineno == case.use_line
    assert found.fixes, found.message
    assert found.fixes[0].kind in case.fixes, found.message
    if case.verifiable:
        assert found.fixes[0].verified is True, found.message
    for fix in found.fixes:
        assert fix.kind in fix.kinds
        assert fix.verified is not False or fix.outcome  # a failed try says what happened
        assert fix.verified is not None or fix.outcome  # and an untried fix says why, in one phrase (issue 26)
        assert fix.verified is not None or f"not tried: {fix.outcome}" in found.text()
    assert found.docs.startswith("https://docs.jax.dev/")
    assert found.why and found.why in found.message


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_script_explains_as_a_kernel_does(case):
    # a script's traceback keeps only the JAX frame where the error surfaced (``jnp.tile``'s, holding both of its
    # operands): the argument is read on a copy's trace with every frame kept, as a kernel's traceback has them
    with as_in_a_script():
        found = run_case(case).explanation
    assert found is not None
    assert (found.kind, found.argument, found.lineno) == (case.kind, case.argument, case.line)
    assert found.fixes and found.fixes[0].kind in case.fixes, found.message


def test_corpus_needs_at_least_forty_cases_with_sources():
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)
    assert all(c.source.startswith("https://") for c in CASES)
    assert sum("github.com" in c.source for c in CASES) >= 15


def test_every_kind_of_the_vocabulary_is_in_the_corpus():
    kinds = {c.kind for c in CASES}
    assert kinds == {
        "bool-conversion", "concretization", "integer-conversion", "array-conversion", "boolean-index",
        "traced-shape", "leaked-tracer", "unhashable-static", "non-array-argument",
    }


@pytest.fixture(scope="module")
def cell_shell(_ipython):
    _ipython.run_line_magic("load_ext", "jaxmagic")
    yield _ipython
    _ipython.run_line_magic("unload_ext", "jaxmagic")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_corpus_case_as_a_jittrace_cell(cell_shell, case):
    with contextlib.redirect_stdout(io.StringIO()):
        report = cell_shell.run_cell_magic("jittrace", "--quiet", case.code)
    assert report is not None and report.error is not None
    found = report.error.explanation
    assert found is not None
    assert found.kind == case.kind
    assert found.lineno == case.line + 1  # the cell's own numbering: line 1 is %%jittrace
    assert found.location == f"cell line {case.line + 1}"
    expected = _HELPER_JITTED_BY_CELL.get(case.id, case.argument)
    assert found.argument == expected
    assert found.fixes and found.fixes[0].kind in case.fixes, found.message
    assert found.message in report.text() or found.why in report.text()
