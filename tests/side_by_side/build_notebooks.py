"""Writes the side-by-side notebooks of this folder (run it after editing a workload or a truth here).

Each notebook is a small reduction, in our own words, of a pattern from the flax, equinox,
optax or JAX documentation (its first cell cites the page), run with JAX's
``jax_explain_cache_misses`` on and with jaxmagic loaded. After the workload, a ``TRUTH`` cell
states, by construction, the true cause of every compile of each of its functions (see
:func:`cause`); the last cell lines up JAX's traces and messages and jaxmagic's compile
events with it (``sidebyside.compare``) and prints them and, on one line after
``SIDE_BY_SIDE_JSON=``, the comparison as JSON.
"""
from __future__ import annotations

import json
import pathlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = pathlib.Path(__file__).resolve().parent

SETUP = '''\
%load_ext jaxmagic
import json

import jax
import jax.numpy as jnp
import jaxmagic
import sidebyside  # this folder's helper: records what JAX reports, lines it up with the truth

jax.config.update("jax_explain_cache_misses", True)
RECORDED = sidebyside.Recorder.install()  # JAX's traces and cache-miss messages, kept for the last cell'''

TRUTH_INTRO = '''\
## The true cause of every compile

Stated by construction of the cells above, not taken from JAX's or jaxmagic's words: for each
function, its compiles in order, each with its causes as `[path, what]` (the user's name for
what changed, `""` for the function as a whole). `also` lists true differences an explanation
may leave out, `or` another answer that is just as close.'''

COMPARE = '''\
RESULT = sidebyside.compare(RECORDED, jaxmagic.stats(), globals(), TRUTH)
sidebyside.show(RESULT)
print(sidebyside.MARK + json.dumps(RESULT))'''

FIRST = {"causes": [["", "first-call"]]}


def cause(*causes: str, why: str = "", also: tuple[str, ...] = (), alt: tuple[str, ...] = ()) -> dict:
    """One compile's truth from ``"path: what"`` strings (a bare ``what`` for the function as a whole).

    Parameters
    ----------
    *causes : str
        Every true cause, each required of jaxmagic.
    why : str
        How the cells make it so.
    also : tuple of str
        True differences an explanation may name or leave out.
    alt : tuple of str
        Another list of causes, as close as ``causes`` (two earlier calls tie).
    """

    def pair(text: str) -> list[str]:
        path, _, what = text.rpartition(": ")
        return [path, what]

    entry: dict = {"causes": [pair(c) for c in causes]}
    if also:
        entry["also"] = [pair(c) for c in also]
    if alt:
        entry["or"] = [[pair(c) for c in alt]]
    if why:
        entry["why"] = why
    return entry


def truth_cell(truth: dict[str, list[dict]]) -> str:
    """The ``TRUTH = {...}`` cell: one compile a line, as a Python literal."""
    lines = ["TRUTH = {"]
    for fn, compiles in truth.items():
        lines.append(f"    {json.dumps(fn)}: [")
        lines += [f"        {json.dumps(c, ensure_ascii=False)}," for c in compiles]
        lines.append("    ],")
    lines.append("}")
    return "\n".join(lines)


NOTEBOOKS: dict[str, dict] = {}


def notebook(name: str, title: str, source: str | list[str], about: str, cells: list[str],
             truth: dict[str, list[dict]]) -> None:
    """Add a notebook: its cells, and the truth about every compile of each of its functions.

    Parameters
    ----------
    name, title : str
        The file's name and the notebook's heading.
    source : str or list of str
        The page(s) the pattern comes from.
    about : str
        What the notebook shows, in a sentence or three.
    cells : list of str
        The workload, one code cell each.
    truth : dict
        For each jitted function, its compiles in order (:data:`FIRST`, :func:`cause`).
    """
    NOTEBOOKS[name] = {"title": title, "source": source, "about": about, "cells": cells, "truth": truth}


notebook(
    "jax_caching.ipynb",
    "A jit made anew in a loop; a static argument that changes",
    "https://docs.jax.dev/en/latest/jit-compilation.html#jit-and-caching",
    "JAX's guide to `jax.jit` says a function jitted inside a loop is a new function each pass "
    "(so nothing is cached), and that every new value of a static argument compiles again. "
    "The last call passes int32 data with a `power` already seen with float32 data, so the "
    "closest earlier call differs only in the dtype of `v`; an explanation that ranks a static "
    "difference first blames `power` instead. Running a cell that defines a jitted function "
    "again makes a new function too.",
    [
        '''\
xs = jnp.arange(4.0)
for offset in (1.0, 2.0, 3.0):
    shifted = jax.jit(lambda v: v + offset)(xs)  # a new function object every pass''',
        '''\
from functools import partial


@partial(jax.jit, static_argnames="power")
def raise_to(v, power):
    return v**power


for power in (2, 3, 2):  # the second 2 is cached
    raise_to(xs, power=power)''',
        '''\
raise_to(jnp.arange(4), power=3)  # int32 data; power=3 was seen with float32 data''',
        '''\
@jax.jit
def normalize(v):
    return v / jnp.linalg.norm(v)


normalize(xs)''',
        '''\
# the cell above run again (here: the same code in a new cell, as a re-run gives)
@jax.jit
def normalize(v):
    return v / jnp.linalg.norm(v)


normalize(xs)''',
    ],
    {
        "<lambda>": [
            FIRST,
            cause("function-redefined", why="the loop's second pass makes a new lambda"),
            cause("function-redefined", why="and its third pass another"),
        ],
        "raise_to": [
            FIRST,
            cause("power: static-value", why="power 2 → 3 (the second power=2 is cached)"),
            cause("v: dtype", why="power=3 was seen, with float32 v: only v's dtype differs from that call"),
        ],
        "normalize": [FIRST, cause("function-redefined", why="the same def run again in a new cell")],
    },
)

notebook(
    "jax_batches.ipynb",
    "A ragged last batch, then labels of another dtype",
    "https://docs.jax.dev/en/latest/jit-compilation.html#jit-and-caching",
    "A jitted function is cached per shape and dtype of its arguments (JAX's jit guide). A "
    "data loop whose last batch is smaller compiles once more for it; labels passed as "
    "floats instead of integers compile again.",
    [
        '''\
import numpy as np

rng = np.random.default_rng(0)
features = rng.normal(size=(10, 3)).astype(np.float32)
labels = (features.sum(axis=1) > 0).astype(np.int32)
weights = jnp.zeros(3)


@jax.jit
def batch_loss(weights, batch, targets):
    return jnp.mean((batch @ weights - targets) ** 2)


for start in range(0, 10, 4):  # batches of 4, 4 and 2
    batch_loss(weights, features[start : start + 4], labels[start : start + 4])''',
        '''\
batch_loss(weights, features[:4], labels[:4].astype(np.float32))  # labels as floats''',
    ],
    {
        "batch_loss": [
            FIRST,
            cause("batch: shape", "targets: shape", why="the last batch holds 2 rows, not 4"),
            cause("targets: dtype", why="labels passed as float32 instead of int32"),
        ],
    },
)

notebook(
    "jax_weak_types.ipynb",
    "A Python scalar, then an array of the same dtype",
    "https://docs.jax.dev/en/latest/type_promotion.html#weak-types",
    "JAX's type promotion page: a Python scalar is weakly typed, a JAX scalar array is not, "
    "so passing `2.0` and then `jnp.float32(2.0)` traces twice; a Python `int` is another "
    "dtype. A parameter dictionary whose leaf starts as a Python float and becomes an array "
    "after one update flips the same way.",
    [
        '''\
@jax.jit
def scale(x, factor):
    return x * factor


x = jnp.ones(3)
scale(x, 2.0)  # weakly typed float32
scale(x, jnp.float32(2.0))  # strongly typed float32
scale(x, 3.0)  # weak again: cached
scale(x, 2)  # a Python int: weakly typed int32''',
        '''\
@jax.jit
def affine(params, x):
    return x * params["gain"] + params["bias"]


params = {"gain": 1.0, "bias": jnp.zeros(3)}
affine(params, x)
params = {"gain": params["gain"] * jnp.float32(0.9), "bias": params["bias"]}  # now an array
affine(params, x)''',
    ],
    {
        "scale": [
            FIRST,
            cause("factor: weak-type", why="2.0 is weakly typed, jnp.float32(2.0) is not"),
            cause("factor: dtype", why="a Python int: weak int32, against the weak float32 of 2.0 and 3.0"),
        ],
        "affine": [FIRST, cause("params['gain']: weak-type", why="a Python float, then a float32 array")],
    },
)

notebook(
    "jax_pytrees.ipynb",
    "Batches as pytrees: an optional entry, None, a list for a tuple",
    "https://docs.jax.dev/en/latest/pytrees.html",
    "A jitted function's cache key holds the structure of each pytree argument: dictionary "
    "keys, `None` (a pytree with no leaves, not an absent key), and the container type, so a "
    "list where a tuple was passed traces again (JAX's pytrees page).",
    [
        '''\
features, labels, weights = jnp.ones((4, 2)), jnp.ones(4), jnp.full(4, 0.5)


@jax.jit
def weighted_loss(batch):
    err = (batch["x"].sum(axis=1) - batch["y"]) ** 2
    if batch.get("weights") is not None:
        err = err * batch["weights"]
    return err.mean()


weighted_loss({"x": features, "y": labels})
weighted_loss({"x": features, "y": labels, "weights": weights})  # sample weights added
weighted_loss({"x": features, "y": labels, "weights": None})  # the key kept, set to None''',
        '''\
@jax.jit
def pair_sum(pair):
    return pair[0] + pair[1]


pair_sum((labels, weights))
pair_sum([labels, weights])  # a list this time''',
    ],
    {
        "weighted_loss": [
            FIRST,
            cause("batch['weights']: pytree-structure", why="the key is added"),
            cause("batch['weights']: pytree-structure", why="the key is kept, set to None (a pytree with no leaves)"),
        ],
        "pair_sum": [FIRST, cause("pair: pytree-structure", why="a list where a tuple was passed")],
    },
)

notebook(
    "jax_call_forms.ipynb",
    "One function called with and without a default, by position and by keyword",
    "https://docs.jax.dev/en/latest/_autosummary/jax.jit.html",
    "`jax.jit` keys its cache on the arguments as passed: leaving out an argument that has a "
    "default, or passing it by keyword instead of by position, makes a new entry, also for "
    "a static argument named in `static_argnames` (the `jax.jit` API page).",
    [
        '''\
@jax.jit
def smooth(x, width=3.0):
    return jnp.convolve(x, jnp.ones(3) / width, mode="same")


x = jnp.arange(8.0)
smooth(x)
smooth(x, 3.0)  # the default passed by position
smooth(x, width=3.0)  # and by keyword''',
        '''\
from functools import partial


@partial(jax.jit, static_argnames="k")
def top_k_sum(x, k):
    return jnp.sort(x)[-k:].sum()


top_k_sum(x, 2)
top_k_sum(x, k=2)  # the same value, by keyword''',
    ],
    {
        "smooth": [
            FIRST,
            cause("width: pytree-structure", why="passed by position where it was left out"),
            cause("width: pytree-structure", why="passed by keyword"),
        ],
        "top_k_sum": [FIRST, cause("k: pytree-structure", why="the same static value, by keyword")],
    },
)

notebook(
    "jax_config_context.ipynb",
    "A config context manager around a call",
    "https://docs.jax.dev/en/latest/_autosummary/jax.default_matmul_precision.html",
    "Settings such as `jax.default_matmul_precision` or `jax.numpy_dtype_promotion` used as "
    "context managers are part of the tracing context: the same call inside the context "
    "traces again.",
    [
        '''\
@jax.jit
def project(a, b):
    return a @ b


a = jnp.ones((8, 8))
project(a, a)
with jax.default_matmul_precision("float32"):
    project(a, a)
project(a, a)  # outside again: cached''',
        '''\
with jax.numpy_dtype_promotion("strict"):
    project(a, a)''',
    ],
    {
        "project": [
            FIRST,
            cause("jax_default_matmul_precision: tracing-context", why="inside default_matmul_precision"),
            cause("jax_numpy_dtype_promotion: tracing-context", why="inside numpy_dtype_promotion"),
        ],
    },
)

notebook(
    "flax_train_eval.ipynb",
    "Flax NNX: switching a model between train() and eval(); then model surgery",
    [
        "https://flax.readthedocs.io/en/latest/api_reference/flax.nnx/nn/stochastic.html",
        "https://flax.readthedocs.io/en/latest/guides/surgery.html",
    ],
    "Flax NNX's `Dropout` (and `BatchNorm`) switch with `model.train()` / `model.eval()`; the "
    "flag is part of the module's static graph, so an `nnx.jit` function compiles once per "
    "mode (and is cached when the mode comes back). Then two edits in the spirit of the "
    "model surgery guide: a layer replaced by a wider one, and a kernel kept in bfloat16. "
    "JAX names the module's state by its own flattening (`model.states[0][3]`); the user's "
    "names are the module's attributes. The last call differs from the previous one only in "
    "the kernel's dtype; an explanation that ranks a graph difference first compares it with "
    "an older call and blames the graph instead.",
    [
        '''\
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.norm(self.hidden(x)))))


model = Classifier(nnx.Rngs(0))


@nnx.jit
def predict(model, x):
    return model(x)


x = jnp.ones((5, 4))
for epoch in range(2):  # the second epoch is cached in both modes
    model.train()
    predict(model, x)
    model.eval()
    predict(model, x)''',
        '''\
@nnx.jit
def scores(model, x):  # used in eval mode only
    return nnx.softmax(model(x))


model.eval()
scores(model, x)
model.hidden.kernel.set_value(model.hidden.kernel[...].astype(jnp.bfloat16))  # a bfloat16 kernel
scores(model, x)
model.out = nnx.Linear(8, 3, rngs=nnx.Rngs(1))  # a wider output layer
scores(model, x)''',
        '''\
model.hidden.kernel.set_value(model.hidden.kernel[...].astype(jnp.float32))  # back to float32
scores(model, x)''',
    ],
    {
        "predict": [FIRST, cause("model: pytree-structure", why="eval() flips Dropout's and BatchNorm's flags")],
        "scores": [
            FIRST,
            cause("model.hidden.kernel: dtype", why="the kernel cast to bfloat16"),
            cause("model: pytree-structure", also=("model.out: shape",),
                  why="a new output layer of 3 features (its kernel and bias change shape too)"),
            cause("model.hidden.kernel: dtype",
                  why="the kernel back to float32: the previous call differs only in the kernel's dtype"),
        ],
    },
)

notebook(
    "flax_optimizer_per_epoch.ipynb",
    "Flax NNX: an optimizer made anew every epoch, and a ragged last batch",
    "https://github.com/google/flax/issues/5548",
    "flax issue #5548: a training step under `nnx.jit` recompiles every epoch when the "
    "`nnx.Optimizer` is created again each epoch (its optax transformation is a new object in "
    "the static graph); a dataset whose size is not a multiple of the batch size adds a "
    "compile for the last batch.",
    [
        '''\
import numpy as np
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)[:, 0]


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


rng = np.random.default_rng(0)
inputs = rng.normal(size=(10, 3)).astype(np.float32)
targets = inputs.sum(axis=1)
model = Regressor(nnx.Rngs(0))''',
        '''\
for epoch in range(2):
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)  # made anew each epoch
    for start in range(0, 10, 4):  # batches of 4, 4 and 2
        train_step(model, optimizer, inputs[start : start + 4], targets[start : start + 4])''',
    ],
    {
        "train_step": [
            FIRST,
            cause("x: shape", "y: shape", why="the last batch holds 2 rows, not 4"),
            cause("optimizer: pytree-structure", why="a new nnx.Optimizer: its optax transformation is a new object"),
            cause("optimizer: pytree-structure", alt=("x: shape", "y: shape"),
                  why="a batch of 2 with the new optimizer: the old optimizer saw 2 rows, this one only 4"),
        ],
    },
)

notebook(
    "equinox_hyperparams.ipynb",
    "Equinox: a Python float learning rate through filter_jit",
    "https://docs.kidger.site/equinox/api/transformations/#equinox.filter_jit",
    "`equinox.filter_jit` traces JAX and NumPy arrays and holds everything else static, so a "
    "learning rate passed as a Python float compiles again for every new value. equinox excludes "
    "its jit file from JAX's user frames, and whether JAX then explains misses of `filter_jit` "
    "functions differs between environments (silent with IPython 8.12 / ipykernel 6, explained "
    "with IPython 9.18 / ipykernel 7.4), so this notebook adds the file back to JAX's user files "
    "first: JAX explains every miss.",
    [
        '''\
import equinox as eqx
import equinox._jit
from jax._src import source_info_util

source_info_util.register_inclusion(equinox._jit.__file__)  # let JAX explain filter_jit's misses

model = eqx.nn.MLP(2, 1, 8, 2, key=jax.random.key(0))
x = jnp.ones((6, 2))
y = jnp.zeros(6)


@eqx.filter_jit
def sgd_step(model, x, y, learning_rate):
    def loss(m):
        return jnp.mean((jax.vmap(m)(x)[:, 0] - y) ** 2)

    grads = eqx.filter_grad(loss)(model)
    return eqx.apply_updates(model, jax.tree.map(lambda g: -learning_rate * g, grads))


for learning_rate in (0.1, 0.1, 0.05):
    model = sgd_step(model, x, y, learning_rate)''',
        '''\
for learning_rate in (0.02, 0.01):  # a decaying learning rate, as Python floats
    model = sgd_step(model, x, y, learning_rate)''',
        '''\
@eqx.filter_jit
def evaluate(model, x):
    return jax.vmap(model)(x)


evaluate(model, x)
evaluate(model, x.astype(jnp.float16))''',
    ],
    {
        "sgd_step": [
            FIRST,
            cause("learning_rate: static-value", why="0.1 → 0.05 (the second 0.1 is cached)"),
            cause("learning_rate: static-value", why="0.05 → 0.02"),
            cause("learning_rate: static-value", why="0.02 → 0.01"),
        ],
        "evaluate": [FIRST, cause("x: dtype", why="x cast to float16")],
    },
)

notebook(
    "optax_hyperparams.ipynb",
    "Optax: a learning rate set by hand in inject_hyperparams' state; a step jitted per rate",
    "https://optax.readthedocs.io/en/latest/api/optimizer_schedules.html#optax.inject_hyperparams",
    "`optax.inject_hyperparams` keeps hyperparameters in the optimizer state, and its docs "
    "change one by assigning a Python number into `state.hyperparams`: that number is weakly "
    "typed where the stored value was a float32 array, so the jitted update traces again. "
    "Building the optax transformation and jitting the step again for every learning rate "
    "makes a new function each time.",
    [
        '''\
import optax

rng = jax.random.key(0)
x = jax.random.normal(rng, (8, 3))
y = x.sum(axis=1)
params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
optimizer = optax.inject_hyperparams(optax.adam)(learning_rate=1e-2)
opt_state = optimizer.init(params)


@jax.jit
def update(params, opt_state, x, y):
    def loss_fn(p):
        return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


for step in range(4):
    if step == 2:
        opt_state.hyperparams["learning_rate"] = 5e-3  # a Python float
    params, opt_state, loss = update(params, opt_state, x, y)''',
        '''\
def make_step(learning_rate):
    tx = optax.sgd(learning_rate)

    @jax.jit
    def sgd_update(params, x, y):
        grads = jax.grad(lambda p: jnp.mean((x @ p["w"] + p["b"] - y) ** 2))(params)
        updates, _ = tx.update(grads, tx.init(params), params)
        return optax.apply_updates(params, updates)

    return sgd_update


for learning_rate in (0.1, 0.05):
    step_fn = make_step(learning_rate)  # a new jitted function per learning rate
    params = step_fn(params, x, y)''',
    ],
    {
        "update": [
            FIRST,
            cause("opt_state.hyperparams['learning_rate']: weak-type",
                  why="a Python float where a float32 array was (the next step gets an array back: cached)"),
        ],
        "sgd_update": [FIRST, cause("function-redefined", why="make_step jits a new function per learning rate")],
    },
)


def build(name: str) -> nbformat.NotebookNode:
    spec = NOTEBOOKS[name]
    sources = [spec["source"]] if isinstance(spec["source"], str) else spec["source"]
    intro = (
        f"# {spec['title']}\n\n"
        + "".join(f"**Source:** <{s}>\n\n" for s in sources)
        + f"{spec['about']}\n\n"
        "A minimal reduction written for this comparison, not the page's own code. It runs with "
        "JAX's `jax_explain_cache_misses` on and with jaxmagic loaded. The cell after the workload "
        "states the true cause of every compile, by construction; the last cell checks jaxmagic's "
        "reason for each compile against it and scores JAX's explanation against it."
    )
    cells = [new_markdown_cell(intro), new_code_cell(SETUP)]
    cells += [new_code_cell(c) for c in spec["cells"]]
    cells += [new_markdown_cell(TRUTH_INTRO), new_code_cell(truth_cell(spec["truth"]))]
    cells += [new_markdown_cell("## JAX's explanations and jaxmagic's, against the truth"), new_code_cell(COMPARE)]
    for i, cell in enumerate(cells):
        cell.id = f"cell-{i}"  # stable ids: a rebuild changes only what was edited
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["side_by_side"] = {"sources": sources}
    return nb


def main() -> None:
    import sidebyside  # this folder's helper (the script's folder is on sys.path)

    for name in NOTEBOOKS:
        problems = sidebyside.check_truth(NOTEBOOKS[name]["truth"])
        if problems:
            raise SystemExit(f"{name}: " + "; ".join(problems))
        nbformat.write(build(name), HERE / name)
        print("wrote", name)


if __name__ == "__main__":
    main()
