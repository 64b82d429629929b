"""The research notebook of issue 14, run in a real kernel by nbclient.

An ordinary notebook nobody rewrote for jaxmagic: a flax NNX model trained
with ``@nnx.jit`` over a dataset whose last batch is smaller, an
``@eqx.filter_jit`` function called with changing Python floats, a plain
``@jax.jit`` eval at three batch sizes, ``jax.jit(lambda v: v * 2)`` inside a
loop; then ``%%jittrace`` and ``%jittrace`` on wrapped functions. The last
cell prints what jaxmagic knows as JSON, and the test reads it.
"""
from __future__ import annotations

import json
import pathlib

import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_notebook

pytest.importorskip("equinox", reason="equinox is a test extra (absent in the lowest-versions run)")
pytest.importorskip("flax.nnx", reason="flax is a test extra (absent in the lowest-versions run)")
pytest.importorskip("optax", reason="optax is a test extra (absent in the lowest-versions run)")

ROOT = pathlib.Path(__file__).resolve().parent.parent

CELLS = [
    "%load_ext jaxmagic\n"
    "import json\nimport jax, jax.numpy as jnp, optax, equinox as eqx\nfrom flax import nnx\nimport jaxmagic\n"
    "%jittrace_panel",
    # a flax NNX model over a dataset whose last batch is smaller
    "class MLP(nnx.Module):\n"
    "    def __init__(self, rngs):\n"
    "        self.l1 = nnx.Linear(4, 8, rngs=rngs)\n"
    "        self.l2 = nnx.Linear(8, 1, rngs=rngs)\n"
    "    def __call__(self, x):\n"
    "        return self.l2(jax.nn.relu(self.l1(x)))\n"
    "\n"
    "@nnx.jit\n"
    "def train_step(model, optimizer, x, y):\n"
    "    def loss_fn(model):\n"
    "        return jnp.mean((model(x) - y) ** 2)\n"
    "    loss, grads = nnx.value_and_grad(loss_fn)(model)\n"
    "    optimizer.update(model, grads)\n"
    "    return loss\n"
    "\n"
    "model = MLP(nnx.Rngs(0))\n"
    "optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)\n"
    "data = jnp.ones((70, 4))\n"
    "for epoch in range(2):\n"
    "    for start in range(0, 70, 32):\n"
    "        batch = data[start:start + 32]\n"
    "        train_step(model, optimizer, batch, batch[:, :1])",
    # equinox with a Python float that changes every call
    "@eqx.filter_jit\n"
    "def decay(w, rate):\n"
    "    return w * (1 - rate)\n"
    "w = jnp.ones(3)\n"
    "for rate in (0.1, 0.2, 0.3, 0.4, 0.5):\n"
    "    w = decay(w, rate)",
    # a plain jax.jit eval at three batch sizes
    "@jax.jit\n"
    "def evaluate(x):\n"
    "    return jnp.mean(x ** 2)\n"
    "for size in (8, 16, 5):\n"
    "    evaluate(jnp.ones((size, 4)))",
    # jax.jit of a lambda inside a loop
    "for _ in range(5):\n"
    "    jax.jit(lambda v: v * 2)(jnp.ones(3))",
    # a %%jittrace cell whose def is decorated by NNX
    "%%jittrace --quiet\n"
    "@nnx.jit\n"
    "def forward(model, x):\n"
    "    return model(x)\n"
    "forward(model, jnp.ones((2, 4)))",
    "cell = jaxmagic.last_report()",
    # %jittrace on an equinox call made before: static float, no compile of its own
    "class Lin(eqx.Module):\n"
    "    w: jax.Array\n"
    "    def __call__(self, x):\n"
    "        return self.w * x\n"
    "@eqx.filter_jit\n"
    "def predict(lin, x, t):\n"
    "    return lin(x) * t\n"
    "lin, x = Lin(jnp.ones(3)), jnp.ones(3)\n"
    "predict(lin, x, 0.3)\n"
    "before = jaxmagic.stats('predict').compiles",
    "%jittrace --quiet predict(lin, x, 0.3)",
    "call = jaxmagic.last_report()\n"
    "rows = {name: {'wrapper': s.wrapper, 'where': s.where, 'compiles': s.compiles,\n"
    "               'reasons': [e.reason for e in s.events], 'advice': [a.kind for a in s.advice],\n"
    "               'advice_text': [a.message for a in s.advice]}\n"
    "        for name, s in jaxmagic.stats().items()}\n"
    "print(json.dumps({\n"
    "    'rows': rows,\n"
    "    'cell': [[t.function, [(a.path, a.short) for a in t.arguments], bool(t.jaxpr), t.cost.get('flops', 0)]\n"
    "             for t in cell.traces],\n"
    "    'call': [[t.cached, [(a.path, a.short, a.static) for a in t.arguments]] for t in call.traces],\n"
    "    'compiles_added_by_jittrace': jaxmagic.stats('predict').compiles - before,\n"
    "}))",
]


@pytest.fixture(scope="module")
def seen() -> dict:
    nb = new_notebook(cells=[new_code_cell(source) for source in CELLS])
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True).execute(cwd=str(ROOT))
    for cell in nb.cells:
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source
    printed = "".join(o.text for o in nb.cells[-1].outputs if o.output_type == "stream" and o.name == "stdout")
    return json.loads(printed)


def test_every_row_has_reasons_and_a_place_in_the_users_cells(seen):
    rows = seen["rows"]
    for name in ("train_step", "decay", "evaluate", "<lambda>"):
        row = rows[name]
        assert row["where"].startswith("Cell In["), (name, row["where"])
        assert "counts only" not in " ".join(row["reasons"]), name
    assert rows["train_step"]["wrapper"] == "flax.nnx.jit" and rows["decay"]["wrapper"] == "equinox.filter_jit"
    assert not any("site-packages" in row["where"] for row in rows.values())


def test_the_ragged_last_batch_the_float_and_the_lambda_are_explained(seen):
    rows = seen["rows"]
    assert rows["train_step"]["reasons"] == ["first call", "x: shape f32[32,4] \u2192 f32[6,4]"] or rows[
        "train_step"]["reasons"] == ["first call", "x: shape f32[32,4] \u2192 f32[6,4]; y: shape f32[32,1] \u2192 f32[6,1]"]
    assert rows["decay"]["reasons"][1] == "rate: static value 0.1 \u2192 0.2"
    assert rows["decay"]["advice"] == ["static-churn"] and "jnp.asarray(rate)" in rows["decay"]["advice_text"][0]
    assert rows["evaluate"]["reasons"] == ["first call", "x: shape f32[8,4] \u2192 f32[16,4]",
                                           "x: shape f32[16,4] \u2192 f32[5,4]"]
    assert rows["<lambda>"]["compiles"] == 5 and rows["<lambda>"]["advice"] == ["redefined-function"]


def test_jittrace_reports_wrapped_functions_in_the_users_names(seen):
    [[function, arguments, has_jaxpr, flops]] = seen["cell"]
    assert function == "forward" and has_jaxpr and flops > 0
    assert ["model.l1.kernel", "f32[4,8]"] in arguments and ["x", "f32[2,4]"] in arguments
    [[cached, arguments]] = seen["call"]
    assert cached and ["t", "0.3", True] in arguments
    assert seen["compiles_added_by_jittrace"] == 0
