"""Side by side with JAX's ``jax_explain_cache_misses``: the notebooks in tests/side_by_side/.

Each notebook reduces a pattern from the flax, equinox, optax or JAX docs, runs it in a real
kernel with JAX's flag on and jaxmagic loaded, and pairs every cache miss JAX explains with
jaxmagic's compile event for that call (``side_by_side/sidebyside.py``). For every miss,
jaxmagic must give the same cause (category: shape, dtype, weak type, static value, pytree
structure, redefinition, tracing context) at the user's parameter, not at JAX's internal path
(``model.states[0][3]``, ``dynamic_nodonate['rest'][0]``, ``input path [0][2]``). Where JAX's own
pick of "the closest previous key" is not the closest call, the notebook states the true cause
and jaxmagic must give that one.

Where jaxmagic is known to be wrong, the case is marked ``xfail(strict=True)`` with what is
wrong (:data:`KNOWN`): it starts failing loudly ("XPASS") once jaxmagic is fixed, so the mark
is removed then. Run ``python tests/side_by_side/table.py`` for the table of all notebooks.
"""
from __future__ import annotations

import pathlib
import sys

import pytest

for _module in ("flax", "equinox", "optax", "nbclient", "nbformat", "ipykernel"):
    pytest.importorskip(_module)

HERE = pathlib.Path(__file__).resolve().parent / "side_by_side"
sys.path.insert(0, str(HERE))
import sidebyside  # noqa: E402

# Every miss JAX explains in each notebook, as the notebooks are written: "<function>#<n>" is
# the n-th miss JAX explained for that function (#1 is its first call, unless JAX was silent).
MISSES = {
    "jax_caching.ipynb": [
        "<lambda>#1", "<lambda>#2", "<lambda>#3", "raise_to#1", "raise_to#2", "raise_to#3", "normalize#1", "normalize#2",
    ],
    "jax_batches.ipynb": ["batch_loss#1", "batch_loss#2", "batch_loss#3"],
    "jax_weak_types.ipynb": ["scale#1", "scale#2", "scale#3", "affine#1", "affine#2"],
    "jax_pytrees.ipynb": ["weighted_loss#1", "weighted_loss#2", "weighted_loss#3", "pair_sum#1", "pair_sum#2"],
    "jax_call_forms.ipynb": ["smooth#1", "smooth#2", "smooth#3", "top_k_sum#1", "top_k_sum#2"],
    "jax_config_context.ipynb": ["project#1", "project#2", "project#3"],
    "flax_train_eval.ipynb": ["predict#1", "predict#2", "scores#1", "scores#2", "scores#3", "scores#4"],
    "flax_optimizer_per_epoch.ipynb": ["train_step#1", "train_step#2", "train_step#3", "train_step#4"],
    "equinox_hyperparams.ipynb": ["sgd_step#1", "sgd_step#2", "sgd_step#3", "sgd_step#4", "evaluate#1", "evaluate#2"],
    "optax_hyperparams.ipynb": ["update#1", "update#2", "sgd_update#1", "sgd_update#2"],
}

# Where JAX's explanation misleads (its pick of the closest earlier call is not the closest, or
# it calls a redefined function never seen), and the notebook states the true cause; equinox's
# "maybe re-defined" hint on a first call is recognised by sidebyside itself.
JAX_MISLEADS = {
    ("jax_caching.ipynb", "raise_to#3"),
    ("jax_caching.ipynb", "normalize#2"),
    ("flax_train_eval.ipynb", "scores#4"),
}

# jaxmagic's known wrong or missing causes: (notebook, miss) → what is wrong.
KNOWN: dict[tuple[str, str], str] = {}

_results: dict[str, dict] = {}


def result(name: str) -> dict:
    """The notebook's comparison, executing it (once per session) in a fresh kernel."""
    if name not in _results:
        _results[name] = sidebyside.run_notebook(HERE / name)
    return _results[name]


def pair(name: str, miss: str) -> dict:
    [found] = [p for p in result(name)["pairs"] if p["id"] == miss]
    return found


def _cases():
    for name, misses in MISSES.items():
        for miss in misses:
            marks = []
            if (name, miss) in KNOWN:
                marks = [pytest.mark.xfail(strict=True, reason=KNOWN[(name, miss)])]
            yield pytest.param(name, miss, id=f"{name.removesuffix('.ipynb')}:{miss}", marks=marks)


def test_the_notebook_list_is_the_table_list():
    assert list(MISSES) == sidebyside.NOTEBOOKS
    assert sorted(p.name for p in HERE.glob("*.ipynb")) == sorted(MISSES)


@pytest.mark.parametrize("name", list(MISSES))
def test_each_notebook_cites_its_source_and_jax_explains_the_listed_misses(name):
    import nbformat

    nb = nbformat.read(HERE / name, as_version=4)
    first = nb.cells[0]
    sources = nb.metadata["side_by_side"]["sources"]
    assert first.cell_type == "markdown" and sources
    for url in sources:
        assert url.startswith("https://") and f"<{url}>" in first.source
    assert [p["id"] for p in result(name)["pairs"]] == MISSES[name]


@pytest.mark.parametrize("name, miss", list(_cases()))
def test_jaxmagic_gives_the_cause_jax_gives_in_the_users_names(name, miss):
    p = pair(name, miss)
    assert bool(p["jax_misled"]) == ((name, miss) in JAX_MISLEADS or "redefinition hint" in p["jax_misled"])
    assert p["jaxmagic"] is not None, "jaxmagic has no compile event for this miss"
    assert sidebyside.judge(p) == [], f"JAX: {p['jax']['text'][:600]}\njaxmagic: {p['jaxmagic']['reason']}"


def _changes(p: dict) -> list[tuple[str, str, str, str]]:
    return [(c["path"], c["what"], c["before"], c["after"]) for c in p["jaxmagic"]["changes"]]


def test_jaxmagic_names_what_jax_names_by_its_own_paths():
    """JAX's paths for a wrapper's arguments are its own; jaxmagic's are the user's parameters."""
    p = pair("flax_train_eval.ipynb", "scores#2")
    assert "* at model.states[0][" in p["jax"]["text"] and "now bf16[4,8] and before f32[4,8]" in p["jax"]["text"]
    assert [c[:2] for c in _changes(p)] == [("model.hidden.kernel", "dtype")]
    p = pair("equinox_hyperparams.ipynb", "evaluate#2")
    assert "at dynamic_nodonate['rest'][0], now f16[6,2] and before f32[6,2]" in p["jax"]["text"]
    assert [c[:2] for c in _changes(p)] == [("x", "dtype")]
    p = pair("equinox_hyperparams.ipynb", "sgd_step#4")
    assert "input path [0][2]" in p["jax"]["text"] and "Static(val=" in p["jax"]["text"]
    assert _changes(p) == [("learning_rate", "static-value", "0.02", "0.01")]


def test_a_key_set_to_none_is_not_called_absent():
    p = pair("jax_pytrees.ipynb", "weighted_loss#3")
    assert "absent" not in p["jaxmagic"]["reason"] and "None" in p["jaxmagic"]["reason"]


def test_jaxmagic_reports_no_compile_jax_did_not_miss_for():
    """Every compile jaxmagic explains is one of JAX's own misses: no invented reasons."""
    for name in MISSES:
        assert result(name)["jaxmagic_only"] == [], name
