"""Side by side with JAX's ``jax_explain_cache_misses``: the notebooks in tests/side_by_side/.

Each notebook reduces a pattern from the flax, equinox, optax or JAX docs and states, by
construction, the true cause of every compile of each of its functions (its ``TRUTH`` cell,
written by ``side_by_side/build_notebooks.py``). It runs in a real kernel of this interpreter
with JAX's flag on and jaxmagic loaded, and its last cell lines up JAX's traces, JAX's
messages and jaxmagic's compile events with the truth (``side_by_side/sidebyside.py``).

The tests hold jaxmagic to the truth: the notebooks list every compile JAX made (its
``jax.monitoring`` trace events), jaxmagic gives the true cause of each at the user's name,
never a wrapper's internal path, with both values and no extra cause, and it explains no
compile that did not happen. JAX's own explanation is read best-effort and scored against the
same truth (same cause, vaguer, unavailable, misleads, silent) for the table; a score never
fails a test, since JAX's wording changes between versions. What is tested of JAX's messages
is only that each is paired with a compile, or recorded as another function's or unread.

Where jaxmagic is known to be wrong, the case is marked ``xfail(strict=True)`` with what is
wrong (:data:`KNOWN`): it starts failing loudly ("XPASS") once jaxmagic is fixed, so the mark
is removed then. Run ``python tests/side_by_side/table.py`` for the table of all notebooks.
"""
from __future__ import annotations

import importlib.metadata
import pathlib
import sys

import pytest

for _module in ("flax", "equinox", "optax", "nbclient", "nbformat", "ipykernel"):
    pytest.importorskip(_module)

HERE = pathlib.Path(__file__).resolve().parent / "side_by_side"
sys.path.insert(0, str(HERE))
import build_notebooks  # noqa: E402
import sidebyside  # noqa: E402
import table  # noqa: E402

TRUTH = {name: spec["truth"] for name, spec in build_notebooks.NOTEBOOKS.items()}

# jaxmagic's known wrong or missing causes: (notebook, compile) → what is wrong.
KNOWN: dict[tuple[str, str], str] = {}

_results: dict[str, dict] = {}


def result(name: str) -> dict:
    """The notebook's comparison, executing it (once per session) in a fresh kernel."""
    if name not in _results:
        _results[name] = sidebyside.run_notebook(HERE / name)
    return _results[name]


def compile_of(name: str, cid: str) -> dict:
    [found] = [c for c in result(name)["compiles"] if c["id"] == cid]
    return found


def _cases():
    for name, truth in TRUTH.items():
        for fn, compiles in truth.items():
            for n in range(1, len(compiles) + 1):
                cid = f"{fn}#{n}"
                marks = [pytest.mark.xfail(strict=True, reason=KNOWN[(name, cid)])] if (name, cid) in KNOWN else []
                yield pytest.param(name, cid, id=f"{name.removesuffix('.ipynb')}:{cid}", marks=marks)


def test_the_notebooks_are_the_ones_build_notebooks_writes():
    import nbformat

    assert list(TRUTH) == sidebyside.NOTEBOOKS
    assert sorted(p.name for p in HERE.glob("*.ipynb")) == sorted(TRUTH)
    for name in TRUTH:
        assert sidebyside.check_truth(TRUTH[name]) == [], name
        on_disk, built = nbformat.read(HERE / name, as_version=4), build_notebooks.build(name)
        assert [(c.cell_type, c.source) for c in on_disk.cells] == [(c.cell_type, c.source) for c in built.cells], (
            f"{name} is stale: run python tests/side_by_side/build_notebooks.py")
        assert on_disk.metadata["side_by_side"] == built.metadata["side_by_side"], name


@pytest.mark.parametrize("name", sidebyside.NOTEBOOKS)
def test_each_notebook_cites_its_source_and_lists_every_compile_jax_made(name):
    import nbformat

    nb = nbformat.read(HERE / name, as_version=4)
    sources = nb.metadata["side_by_side"]["sources"]
    assert nb.cells[0].cell_type == "markdown" and sources
    for url in sources:
        assert url.startswith("https://") and f"<{url}>" in nb.cells[0].source
    r = result(name)
    # the kernel is this interpreter, with this JAX
    assert r["kernel"]["prefix"] == sys.prefix and r["kernel"]["jax"] == importlib.metadata.version("jax")
    assert r["truth_problems"] == []
    # JAX traced each function exactly as often as the truth says it compiles
    assert r["untold"] == [], "compiles the truth does not list"
    assert [c["id"] for c in r["compiles"] if c["trace"] is None] == [], "compiles the truth lists that JAX never made"


@pytest.mark.parametrize("name, cid", list(_cases()))
def test_jaxmagic_gives_the_true_cause_in_the_users_names(name, cid):
    c = compile_of(name, cid)
    said = c["jax"]["text"][:600] if c["jax"] else "(nothing)"
    assert c["problems"] == [], f"true: {c['truth']}\njaxmagic: {c['jaxmagic']}\nJAX ({c['jax_score']}): {said}"


def test_jaxmagic_explains_no_compile_that_did_not_happen():
    """Every compile event jaxmagic records is one of the compiles JAX traced."""
    for name in sidebyside.NOTEBOOKS:
        assert result(name)["jaxmagic_only"] == [], name


def test_every_jax_message_is_paired_with_a_compile_or_recorded():
    """Each of JAX's messages explains one compile of the notebook's, or is recorded as what it is.

    ``other function``: a function the notebook did not define (a library's jit traced inside
    the user's); ``unparsed``: no function name could be read. None is left over for a
    function of the notebook's, and no compile gets two.
    """
    for name in sidebyside.NOTEBOOKS:
        r = result(name)
        statuses = {m["status"] for m in r["messages"]}
        assert statuses <= {"paired", "other function", "unparsed"}, (name, r["messages"])
        for m in r["messages"]:
            if m["status"] == "other function":
                assert m["fn"] not in TRUTH[name], (name, m)
        paired = [m["id"] for m in r["messages"] if m["status"] == "paired"]
        assert len(paired) == len(set(paired)) == sum(1 for c in r["compiles"] if c["jax"]), name
        for c in r["compiles"]:
            assert c["jax_score"] in sidebyside.SCORES
            assert (c["jax_score"] == "silent") == (c["jax"] is None), (name, c["id"])


@pytest.mark.parametrize("name, cid, expected", [
    ("flax_train_eval.ipynb", "scores#2", [("model.hidden.kernel", "dtype", "float32", "bfloat16")]),
    ("equinox_hyperparams.ipynb", "evaluate#2", [("x", "dtype", "float32", "float16")]),
    ("equinox_hyperparams.ipynb", "sgd_step#4", [("learning_rate", "static-value", "0.02", "0.01")]),
])
def test_jaxmagic_names_a_wrappers_arguments_by_the_users_names(name, cid, expected, record_property):
    """Where JAX's path is a wrapper's own (``model.states[0][3]``, ``dynamic_nodonate['rest'][0]``,
    ``input path [0][2]``), jaxmagic names the user's attribute or parameter and both values.
    What JAX said is recorded (``record_property``), not asserted: its wording is its own."""
    c = compile_of(name, cid)
    record_property("jax", f"{c['jax_score']}: {c['jax']['text'][:300] if c['jax'] else '(nothing)'}")
    assert [(ch["path"], ch["what"], ch["before"], ch["after"]) for ch in c["jaxmagic"]["changes"]] == expected


def test_a_key_set_to_none_is_not_called_absent():
    c = compile_of("jax_pytrees.ipynb", "weighted_loss#3")
    assert "absent" not in c["jaxmagic"]["reason"] and "None" in c["jaxmagic"]["reason"]


def test_the_table_adds_up():
    """table.py's rows: one per notebook and a total, each compile scored in exactly one JAX column."""
    results = {name: result(name) for name in sidebyside.NOTEBOOKS}
    text = table.render(results)
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| notebook")]
    assert [r.split(" | ")[0].removeprefix("| ") for r in rows] == [
        n.removesuffix(".ipynb") for n in sidebyside.NOTEBOOKS] + ["**all**"]
    assert f"JAX {importlib.metadata.version('jax')} on Python {sys.version.split()[0]}" in text
    summaries = [sidebyside.summary(name, r) for name, r in results.items()]
    for s, r in zip(summaries, results.values()):
        assert sum(s["jax"].values()) == s["compiles"] == len(r["compiles"])
    total = rows[-1].split(" | ")  # name, source, compiles, jaxmagic, then JAX's four columns
    assert int(total[2]) == sum(s["compiles"] for s in summaries)
    assert total[3] == f"{sum(s['jaxmagic_true'] for s in summaries)}/{total[2]}"
    unparsed = sum(s["jax"]["unparsed"] for s in summaries)
    assert sum(int(x) for x in total[4:8]) + unparsed == int(total[2])
