"""The fresh held-out set of issue 16 is sound data: new sources, and every cell fails at its last statement.

``explain_fresh.py`` was written by someone who never read jaxmagic's code.
Its figures (``python tests/explain_fresh_figures.py``) are measured once
before the work of issue 16 and once after; the targets that work is held to
become tests here when it lands.
"""
from __future__ import annotations

import pytest
from corpus_harness import run_case
from explain_fresh import CASES


def test_fresh_cases_are_many_with_new_sources():
    from explain_corpus import CASES as MAIN
    from explain_holdout import CASES as HELD

    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)
    assert not {c.source for c in CASES} & {c.source for c in (*MAIN, *HELD)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_each_fresh_cell_fails_at_its_last_statement(case, tmp_path):
    outcome = run_case(case, tmp_path)  # a file on disk, as a kernel writes a cell
    assert outcome.exception is not None
