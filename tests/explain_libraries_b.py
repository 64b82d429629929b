"""Held-out tracing-error cases met through JAX libraries (set B): jraph, mctx, chex, dm-pix.

Each case is my own minimal reduction of a tracing-error pattern reported by users of
these libraries (issues, PRs, docs, or user projects built on them), hit through library
code and transforms: user callbacks run inside library loops (mctx recurrent_fn, jraph
update fns), values reaching the user's line through vmap/pmap in_axes, scan slices and
library pytrees (GraphsTuple, chex.dataclass, mctx Tree), leaked library objects, static
configuration mistakes, and library checks that need Python values.  Every cell's last
statement raises on Python 3.11/jax 0.10.2 and Python 3.13/jax 0.12.0.1 (CPU); the
exception class seen is recorded in each note.  Written without reading jaxmagic's code.

Doubts about the labels:
- int()/float() on a tracer raise ConcretizationTypeError; I labelled them
  `concretization`, keeping `integer-conversion` for __index__ (range()).
- chex assertions: assert_equal under chexify raises TracerBoolConversionError (labelled
  `bool-conversion`, the user never wrote a bool); assert_scalar_positive raises chex's own
  AssertionError (labelled `concretization`).  `static` is the only listed fix that fits.
- dm_pix crop functions raise TracerBoolConversionError internally; labelled
  `traced-shape` because the traced value is a crop size.
- Leaks: the leaked value depends on several arguments in the mctx case (root, rng_key);
  I chose `root`, not the first parameter by position.
- lib-b-jraph-pad-with-graphs-in-jit: the real fix (pad on the host, outside jit) has no
  exact Fix.kind; `numpy-for-static` is the closest.
- lib-b-chex-dataclass-str-field: `register-pytree` (a pytree with static metadata) is
  the closest kind; splitting the str out as a static argument is also valid.
- lib-b-pix-vmap-center-crop-size: the fix is an unmapped Python int (in_axes None),
  which I filed under `static`.
- lib-b-jraph-n-node-int: `astype` here means dropping int() and keeping an array.
- Some sources are user projects or docs pages whose code is correct; the case reduces
  the tracing mistake a user makes when adapting that code (noted per case).
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id="lib-b-mctx-recurrent-if-embedding",
        source="https://github.com/google-deepmind/mctx/issues/33",
        code="""\
import jax
import jax.numpy as jnp
import mctx

def recurrent_fn(params, rng_key, action, embedding):
    reward = jnp.zeros(action.shape)
    if embedding.sum() > 10.0:
        reward = reward + 1.0
    out = mctx.RecurrentFnOutput(reward=reward, discount=jnp.full_like(reward, 0.99),
                                 prior_logits=jnp.zeros((action.shape[0], 3)),
                                 value=jnp.zeros_like(reward))
    return out, embedding + 1.0

root = mctx.RootFnOutput(prior_logits=jnp.zeros((2, 3)), value=jnp.zeros(2),
                         embedding=jnp.zeros((2, 4)))
mctx.muzero_policy(None, jax.random.PRNGKey(0), root, recurrent_fn, num_simulations=4)
""",
        kind="bool-conversion", argument="embedding", path="embedding", line=7,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note='P1: Python `if` on the batched embedding inside a recurrent_fn that mctx traces in its own simulation loop (no user jit). jnp.where(cond, reward + 1.0, reward) keeps the result. Seen: TracerBoolConversionError (3.11 & 3.13).',
    ),
    Case(
        id="lib-b-mctx-recurrent-float-debug",
        source="https://github.com/google-deepmind/mctx/issues/22",
        code="""\
import jax
import jax.numpy as jnp
import mctx

def recurrent_fn(params, rng_key, action, embedding):
    value = jnp.tanh(embedding.sum(axis=-1))
    print("mean value:", float(value.mean()))
    out = mctx.RecurrentFnOutput(reward=jnp.zeros_like(value), discount=jnp.ones_like(value),
                                 prior_logits=jnp.zeros((value.shape[0], 3)), value=value)
    return out, embedding

root = mctx.RootFnOutput(prior_logits=jnp.zeros((2, 3)), value=jnp.zeros(2),
                         embedding=jnp.ones((2, 4)))
mctx.gumbel_muzero_policy(None, jax.random.PRNGKey(0), root, recurrent_fn, num_simulations=4)
""",
        kind="concretization", argument="embedding", path="embedding", line=7,
        fixes=("jax.debug.print",), verifiable=True, jax_fitting_fix=False,
        note="P1: float() for debug printing inside recurrent_fn traced by gumbel_muzero_policy's loop; jax.debug.print is the fix (JAX suggests astype, which does not fit). Seen: ConcretizationTypeError.",
    ),
    Case(
        id="lib-b-mctx-traced-num-simulations",
        source="https://github.com/google-deepmind/mctx/issues/48",
        code="""\
import jax
import jax.numpy as jnp
import mctx

def recurrent_fn(params, rng_key, action, embedding):
    out = mctx.RecurrentFnOutput(reward=jnp.zeros(action.shape), discount=jnp.ones(action.shape),
                                 prior_logits=jnp.zeros((action.shape[0], 3)),
                                 value=jnp.zeros(action.shape))
    return out, embedding

@jax.jit
def plan(rng_key, root, num_simulations):
    out = mctx.muzero_policy(None, rng_key, root, recurrent_fn, num_simulations=num_simulations)
    return out.action

root = mctx.RootFnOutput(prior_logits=jnp.zeros((2, 3)), value=jnp.zeros(2),
                         embedding=jnp.zeros((2, 4)))
plan(jax.random.PRNGKey(0), root, 8)
""",
        kind="traced-shape", argument="num_simulations", path="num_simulations", line=13,
        fixes=("static",), verifiable=True, jax_fitting_fix=True,
        note="P5: num_simulations passed as a jit argument reaches mctx's own tree allocation (shape (batch, num_simulations+1)); mark it static (static_argnames), which JAX's message suggests. Seen: TypeError (Shapes must be 1D sequences of concrete values).",
    ),
    Case(
        id="lib-b-mctx-leaked-search-tree",
        source="https://github.com/google-deepmind/mctx/pull/13",
        code="""\
import jax
import jax.numpy as jnp
import mctx

def recurrent_fn(params, rng_key, action, embedding):
    out = mctx.RecurrentFnOutput(reward=jnp.zeros(action.shape), discount=jnp.ones(action.shape),
                                 prior_logits=jnp.zeros((action.shape[0], 3)),
                                 value=jnp.zeros(action.shape))
    return out, embedding

previous = {}

@jax.jit
def act(root, rng_key):
    out = mctx.muzero_policy(None, rng_key, root, recurrent_fn, num_simulations=4)
    previous["tree"] = out.search_tree
    return out.action

def child_of_root(action):
    return previous["tree"].children_index[0, 0, action[0]]

root = mctx.RootFnOutput(prior_logits=jnp.zeros((2, 3)), value=jnp.zeros(2),
                         embedding=jnp.zeros((2, 4)))
action = act(root, jax.random.PRNGKey(0))
child_of_root(action)
""",
        kind="leaked-tracer", argument="root", path="root", line=16,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=False,
        note='P3: search tree (a library Tree pytree) stored in a global dict inside jit for subtree reuse; used later outside. Return the tree instead. Seen: UnexpectedTracerError.', use_line=20,
    ),
    Case(
        id="lib-b-mctx-np-choice-visit-probs",
        source="https://github.com/google-deepmind/mctx/issues/38",
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import mctx

def recurrent_fn(params, rng_key, action, embedding):
    out = mctx.RecurrentFnOutput(reward=jnp.zeros(action.shape), discount=jnp.ones(action.shape),
                                 prior_logits=jnp.zeros((action.shape[0], 3)),
                                 value=jnp.zeros(action.shape))
    return out, embedding

@jax.jit
def sample_action(root, rng_key):
    out = mctx.gumbel_muzero_policy(None, rng_key, root, recurrent_fn, num_simulations=4)
    probs = out.search_tree.summary().visit_probs
    return np.random.choice(3, p=np.asarray(probs[0]))

root = mctx.RootFnOutput(prior_logits=jnp.zeros((2, 3)), value=jnp.zeros(2),
                         embedding=jnp.zeros((2, 4)))
sample_action(root, jax.random.PRNGKey(0))
""",
        kind="array-conversion", argument="root", path="root", line=16,
        fixes=("jnp-not-np",), verifiable=False, jax_fitting_fix=False,
        note='P1: sampling the action with np.random.choice on visit_probs inside jit; use jax.random.choice/categorical with rng_key (jnp-not-np, needs the key so not mechanical). Seen: TracerArrayConversionError.',
    ),
    Case(
        id="lib-b-mctx-legal-mask-boolean-index",
        source="https://github.com/google-deepmind/mctx/issues/108",
        code="""\
import jax
import jax.numpy as jnp
import mctx

def make_root(logits, legal, value):
    prior = jnp.full(logits.shape, -1e9)
    prior = prior.at[legal].set(logits[legal])
    return mctx.RootFnOutput(prior_logits=prior, value=value, embedding=jnp.zeros(4))

logits = jnp.zeros((2, 5))
legal = jnp.array([[True, True, False, True, False], [True, False, False, False, True]])
jax.vmap(make_root)(logits, legal, jnp.zeros(2))
""",
        kind="boolean-index", argument="legal", path="legal", line=7,
        fixes=("jnp.where",), verifiable=True, jax_fitting_fix=False,
        note="P2: legal-action mask arrives per-environment through vmap's in_axes; logits[legal] boolean indexing. jnp.where(legal, logits, -1e9) builds the same prior. Seen: NonConcreteBooleanIndexError.",
    ),
    Case(
        id="lib-b-jraph-n-node-int",
        source="https://github.com/google-deepmind/jraph/issues/55",
        code="""\
import jax
import jax.numpy as jnp
import jraph

@jax.jit
def real_node_mask(graph):
    n_real = int(graph.n_node[0])
    return jnp.arange(graph.nodes.shape[0]) < n_real

graph = jraph.GraphsTuple(nodes=jnp.ones((5, 2)), edges=jnp.ones((4, 1)),
                          senders=jnp.array([0, 1, 3, 4]), receivers=jnp.array([1, 2, 4, 3]),
                          globals=jnp.zeros((2, 1)), n_node=jnp.array([3, 2]), n_edge=jnp.array([2, 2]))
real_node_mask(graph)
""",
        kind="concretization", argument="graph", path="graph.n_node", line=7,
        fixes=("astype",), verifiable=True, jax_fitting_fix=True,
        note="P1/P2: int() on graph.n_node (a GraphsTuple leaf) in a jitted fn; drop int()/use .astype so the comparison stays an array op, as JAX's message suggests. Seen: ConcretizationTypeError.",
    ),
    Case(
        id="lib-b-jraph-segment-sum-scan-slice",
        source="https://github.com/google-deepmind/jraph/pull/5",
        code="""\
import jax
import jax.numpy as jnp
import jraph

def step(total, graph):
    n_nodes = jnp.sum(graph.n_node)
    agg = jraph.segment_sum(graph.edges, graph.receivers, num_segments=n_nodes)
    return total + agg.sum(), None

def make_graph(scale):
    return jraph.GraphsTuple(nodes=jnp.ones((3, 2)), edges=scale * jnp.ones((2, 1)),
                             senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                             globals=None, n_node=jnp.array([3]), n_edge=jnp.array([2]))

graphs = jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), make_graph(1.0), make_graph(2.0))
jax.lax.scan(step, 0.0, graphs)
""",
        kind="traced-shape", argument="graph", path="graph.n_node", line=7,
        fixes=("numpy-for-static",), verifiable=True, jax_fitting_fix=False,
        note='P2: graphs stacked and fed to lax.scan; num_segments computed from the scanned graph.n_node slice. Use the static graph.nodes.shape[0]. Seen: ConcretizationTypeError.',
    ),
    Case(
        id="lib-b-jraph-update-node-fn-if",
        source="https://github.com/printlnHi/gnn-lspe-jax/blob/HEAD/networks.py",
        code="""\
import jax
import jax.numpy as jnp
import jraph

def update_node_fn(nodes, sent, received, globals_):
    h = nodes + received
    if jnp.max(jnp.abs(h)) > 1.0:
        h = h / jnp.max(jnp.abs(h))
    return h

def update_edge_fn(edges, sender_nodes, receiver_nodes, globals_):
    return edges

net = jraph.GraphNetwork(update_edge_fn=update_edge_fn, update_node_fn=update_node_fn)
graph = jraph.GraphsTuple(nodes=jnp.ones((3, 2)), edges=jnp.ones((2, 2)),
                          senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                          globals=None, n_node=jnp.array([3]), n_edge=jnp.array([2]))
jax.jit(net)(graph)
""",
        kind="bool-conversion", argument="nodes", path="nodes", line=7,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note='P1: Python `if` in an update_node_fn called from jraph.GraphNetwork under jit; value depends on nodes (and received). jnp.where keeps the result. Seen: TracerBoolConversionError.',
    ),
    Case(
        id="lib-b-jraph-pmap-arange-n-node",
        source="https://github.com/google-deepmind/jraph/issues/10",
        code="""\
import jax
import jax.numpy as jnp
import jraph

def forward(graph):
    idx = jnp.arange(graph.n_node[0])
    return graph.nodes[idx].sum()

g = jraph.GraphsTuple(nodes=jnp.ones((4, 2)), edges=None,
                      senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                      globals=None, n_node=jnp.array([4]), n_edge=jnp.array([2]))
per_device = jax.tree_util.tree_map(lambda x: x[None], g)
jax.pmap(forward)(per_device)
""",
        kind="traced-shape", argument="graph", path="graph.n_node", line=6,
        fixes=("jnp.where", "numpy-for-static"), verifiable=False, jax_fitting_fix=False,
        note='P2: GraphsTuple given a device axis for pmap (size 1); jnp.arange(graph.n_node[0]) needs a concrete size. Mask with jnp.where over nodes.shape[0] (needs a rewrite of two lines). Seen: ConcretizationTypeError.',
    ),
    Case(
        id="lib-b-jraph-leaked-graph-state",
        source="https://github.com/google-deepmind/jraph/pull/44",
        code="""\
import jax
import jax.numpy as jnp
import jraph

cache = {}

@jax.jit
def set_system_state(graph, position, momentum):
    new_graph = graph._replace(nodes={"position": position, "momentum": momentum})
    cache["graph"] = new_graph
    return jnp.sum(position ** 2) / 2

def kinetic_energy():
    return jnp.sum(cache["graph"].nodes["momentum"] ** 2) / 2

g = jraph.GraphsTuple(nodes={"position": jnp.zeros((3, 2)), "momentum": jnp.zeros((3, 2))},
                      edges=None, senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                      globals=None, n_node=jnp.array([3]), n_edge=jnp.array([2]))
set_system_state(g, jnp.ones((3, 2)), jnp.ones((3, 2)))
kinetic_energy()
""",
        kind="leaked-tracer", argument="momentum", path="momentum", line=10,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=False,
        note='P3: GraphsTuple rebuilt inside jit (hamiltonian set_system_state) and cached in a global; kinetic_energy later reads its momentum tracer. Return the graph instead. Seen: UnexpectedTracerError.', use_line=14,
    ),
    Case(
        id="lib-b-jraph-graphconv-np-asarray",
        source="https://github.com/google-deepmind/jraph",
        code="""\
import numpy as np
import jax
import jax.numpy as jnp
import jraph

W = np.random.default_rng(0).normal(size=(2, 2)).astype(np.float32)

def update_node_fn(nodes):
    return np.asarray(nodes) @ W

conv = jraph.GraphConvolution(update_node_fn=update_node_fn, add_self_edges=True)
graph = jraph.GraphsTuple(nodes=jnp.ones((3, 2)), edges=None,
                          senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                          globals=None, n_node=jnp.array([3]), n_edge=jnp.array([2]))
jax.jit(conv)(graph)
""",
        kind="array-conversion", argument="nodes", path="nodes", line=9,
        fixes=("jnp-not-np",), verifiable=True, jax_fitting_fix=False,
        note='P1: np.asarray inside an update_node_fn that jraph.GraphConvolution calls under jit; use jnp (or plain @). Seen: TracerArrayConversionError.',
    ),
    Case(
        id="lib-b-jraph-pad-with-graphs-in-jit",
        source="https://jraph.readthedocs.io/en/latest/api.html",
        code="""\
import jax
import jax.numpy as jnp
import jraph

@jax.jit
def train_step(scale, graph):
    graph = jraph.pad_with_graphs(graph, n_node=16, n_edge=8)
    return scale * jnp.sum(graph.nodes)

graph = jraph.GraphsTuple(nodes=jnp.ones((3, 2)), edges=jnp.ones((2, 1)),
                          senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                          globals=jnp.zeros((1, 1)), n_node=jnp.array([3]), n_edge=jnp.array([2]))
train_step(1.0, graph)
""",
        kind="traced-shape", argument="graph", path="graph.n_node", line=7,
        fixes=("numpy-for-static",), verifiable=False, jax_fitting_fix=False,
        note="P5: jraph.pad_with_graphs inside jit calls int() on sum(graph.n_node) in jraph's own code; padding must be done on the host before the jitted step (marking anything static does not help). JAX's astype hint does not fit. Seen: ConcretizationTypeError.",
    ),
    Case(
        id="lib-b-jraph-checkpoint-static-self",
        source="https://github.com/tumaer/lagrangebench/blob/HEAD/gns_jax/utils.py",
        code="""\
import functools
import jax
import jax.numpy as jnp
import jraph

class GNS:
    def __init__(self, dim):
        self.w = jnp.eye(dim)

    @functools.partial(jax.checkpoint, static_argnums=(0,))
    def propagate(self, num_steps, graph):
        nodes = graph.nodes
        for _ in range(num_steps):
            msg = jraph.segment_sum(nodes[graph.senders], graph.receivers, num_segments=nodes.shape[0])
            nodes = jnp.tanh(nodes @ self.w + msg)
        return nodes

graph = jraph.GraphsTuple(nodes=jnp.ones((3, 2)), edges=None,
                          senders=jnp.array([0, 1]), receivers=jnp.array([1, 2]),
                          globals=None, n_node=jnp.array([3]), n_edge=jnp.array([2]))
GNS(2).propagate(3, graph)
""",
        kind="integer-conversion", argument="num_steps", path="num_steps", line=13,
        fixes=("static", "lax.fori_loop"), verifiable=True, jax_fitting_fix=False,
        note='P4/P1: method decorated with jax.checkpoint(static_argnums=(0,)) counts self as 0, so num_steps is traced and range() fails; static_argnums=(0, 1) fixes it (self must stay static too). fori_loop would break reverse-mode under checkpoint. Seen: TracerIntegerConversionError.',
    ),
    Case(
        id="lib-b-pix-random-crop-traced-size",
        source="https://github.com/google-deepmind/dm_pix",
        code="""\
import jax
import jax.numpy as jnp
import dm_pix as pix

@jax.jit
def augment(key, image, crop):
    return pix.random_crop(key, image, (crop, crop, 3))

augment(jax.random.PRNGKey(0), jnp.ones((32, 32, 3)), 24)
""",
        kind="traced-shape", argument="crop", path="crop", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note='P5: crop size is a jit argument; dm_pix.random_crop compares crop sizes with the image shape in Python. Mark crop static. Seen: TracerBoolConversionError (raised inside dm_pix).',
    ),
    Case(
        id="lib-b-pix-vmap-center-crop-size",
        source="https://github.com/sebamenabar/meta-learning-representations-jax/blob/HEAD/src/utils/data/augmentation/__init__.py",
        code="""\
import jax
import jax.numpy as jnp
import dm_pix as pix

def crop_one(image, size):
    return pix.center_crop(image, size, size)

images = jnp.ones((4, 32, 32, 3))
sizes = jnp.full((4,), 24)
jax.vmap(crop_one)(images, sizes)
""",
        kind="traced-shape", argument="size", path="size", line=6,
        fixes=("static", "numpy-for-static"), verifiable=False, jax_fitting_fix=False,
        note="P2: per-image crop sizes mapped through vmap's in_axes into dm_pix.center_crop, which needs Python ints; pass one unmapped int (in_axes=(0, None)). Seen: TracerBoolConversionError (inside dm_pix).",
    ),
    Case(
        id="lib-b-pix-vmap-if-random-apply",
        source="https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/JAX/tutorial17/SimCLR.html",
        code="""\
import jax
import jax.numpy as jnp
import dm_pix as pix

def augment(key, image):
    k_apply, k_bright = jax.random.split(key)
    if jax.random.uniform(k_apply) < 0.8:
        image = pix.random_brightness(k_bright, image, max_delta=0.4)
    return image

keys = jax.random.split(jax.random.PRNGKey(0), 4)
jax.vmap(augment)(keys, jnp.ones((4, 8, 8, 3)))
""",
        kind="bool-conversion", argument="key", path="key", line=7,
        fixes=("jnp.where", "lax.cond"), verifiable=True, jax_fitting_fix=False,
        note='P2/P1: SimCLR-style random apply with a Python `if` on a uniform draw, keys mapped by vmap. jnp.where(apply, pix.random_brightness(...), image) keeps the result; lax.cond also works. Seen: TracerBoolConversionError.',
    ),
    Case(
        id="lib-b-pix-pmap-pad-needs-static-broadcast",
        source="https://github.com/ethanluoyc/magi/blob/HEAD/magi/agents/drq/augmentations.py",
        code="""\
import jax
import jax.numpy as jnp
import dm_pix as pix

def drq_crop(key, img, padding):
    padded = jnp.pad(img, ((padding, padding), (padding, padding), (0, 0)), mode="edge")
    return pix.random_crop(key, padded, img.shape)

keys = jax.random.split(jax.random.PRNGKey(0), 1)
imgs = jnp.ones((1, 16, 16, 3))
jax.pmap(drq_crop, in_axes=(0, 0, None))(keys, imgs, 4)
""",
        kind="traced-shape", argument="padding", path="padding", line=6,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note='P4: pmap with in_axes None still traces the broadcast padding; jnp.pad needs concrete widths. Use static_broadcasted_argnums=(2,). JAX names only flat_args[2] here. Seen: ConcretizationTypeError.',
    ),
    Case(
        id="lib-b-pix-jit-method-traced-size",
        source="https://dm-pix.readthedocs.io/en/latest/api.html",
        code="""\
import functools
import jax
import jax.numpy as jnp
import dm_pix as pix

class Preprocessor:
    def __init__(self, mean):
        self.mean = mean

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, image, size):
        image = pix.resize_with_crop_or_pad(image, size, size)
        return image - self.mean

prep = Preprocessor(0.5)
prep(jnp.ones((30, 30, 3)), 32)
""",
        kind="traced-shape", argument="size", path="size", line=12,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note='P1/P4: jitted __call__ with static_argnums=0 (self) leaves size traced; dm_pix.resize_with_crop_or_pad needs Python ints. static_argnums=(0, 2). Seen: TracerBoolConversionError (inside dm_pix).',
    ),
    Case(
        id="lib-b-chex-chexify-assert-equal",
        source="https://github.com/google-deepmind/chex/issues/387",
        code="""\
import jax
import jax.numpy as jnp
import chex

@chex.chexify
@jax.jit
def normalise(x, count):
    chex.assert_equal(count, 4)
    return x / count

normalise(jnp.ones(4), 4)
""",
        kind="bool-conversion", argument="count", path="count", line=8,
        fixes=("static",), verifiable=False, jax_fitting_fix=False,
        note='P5: chex.assert_equal is a static (host) assertion; under chexify+jit it compares a traced value and chex re-raises. Mark count static (or use a value assertion). Seen: TracerBoolConversionError chained with chex RuntimeError.',
    ),
    Case(
        id="lib-b-chex-assert-scalar-positive-traced",
        source="https://github.com/lkhromykh/jax-peract/blob/HEAD/src/ops/augmentations.py",
        code="""\
import jax
import jax.numpy as jnp
import chex

@jax.jit
def random_shift(rng, img, pad):
    chex.assert_scalar_positive(pad)
    shift = jax.random.randint(rng, (2,), 0, 2 * pad + 1)
    return jnp.roll(img, shift, axis=(0, 1))

random_shift(jax.random.PRNGKey(0), jnp.ones((16, 16, 3)), 4)
""",
        kind="concretization", argument="pad", path="pad", line=7,
        fixes=("static",), verifiable=True, jax_fitting_fix=False,
        note='P5: chex.assert_scalar_positive rejects the traced pad with its own AssertionError (needs a Python scalar). Mark pad static. Seen: AssertionError ([Chex] ... must be a scalar).',
    ),
    Case(
        id="lib-b-chex-dataclass-scan-length",
        source="https://github.com/google-deepmind/chex/issues/104",
        code="""\
import jax
import chex

@chex.dataclass
class Config:
    x: float
    n_steps: int

def body(carry, _):
    return carry + 1.0, None

@jax.jit
def rollout(cfg):
    final, _ = jax.lax.scan(body, cfg.x, None, length=cfg.n_steps)
    return final

rollout(Config(x=1.0, n_steps=10))
""",
        kind="traced-shape", argument="cfg", path="cfg.n_steps", line=14,
        fixes=("lax.fori_loop", "static"), verifiable=False, jax_fitting_fix=False,
        note="P2/P4: n_steps is a leaf of a chex.dataclass argument, so lax.scan's length is traced. lax.fori_loop accepts a traced trip count here; making n_steps static needs it split out (chex.dataclass is unhashable). Seen: ConcretizationTypeError.",
    ),
    Case(
        id="lib-b-chex-dataclass-str-field",
        source="https://github.com/google-deepmind/chex/pull/327",
        code="""\
import jax
import jax.numpy as jnp
import chex

@chex.dataclass(frozen=True)
class Observation:
    name: str
    data: chex.Array

@jax.jit
def add_noise(key, obs):
    return obs.data + jax.random.normal(key, obs.data.shape)

add_noise(jax.random.PRNGKey(0), Observation(name="camera", data=jnp.ones(3)))
""",
        kind="non-array-argument", argument="obs", path="obs.name", line=14,
        fixes=("register-pytree",), verifiable=False, jax_fitting_fix=False,
        note='P4: a str field of a chex.dataclass is a pytree leaf, so jit cannot abstract obs.name; needs a pytree with static metadata (chex has no static fields). JAX suggests static_argnums, which fails (frozen dataclass hashes its array). Seen: TypeError.',
    ),
    Case(
        id="lib-b-chex-dataclass-static-list-field",
        source="https://chex.readthedocs.io/en/latest/api.html#dataclasses",
        code="""\
import functools
import jax
import jax.numpy as jnp
import chex

@chex.dataclass(frozen=True)
class NetConfig:
    widths: list
    activation: str

@functools.partial(jax.jit, static_argnums=1)
def forward(x, config):
    for w in config.widths:
        x = jnp.tanh(x[..., :w])
    return x

forward(jnp.ones((2, 8)), NetConfig(widths=[8, 4], activation="tanh"))
""",
        kind="unhashable-static", argument="config", path="config.widths", line=17,
        fixes=("hashable-static",), verifiable=True, jax_fitting_fix=False,
        note='P4: frozen chex.dataclass config passed as static but holding a list; hash fails. Use a tuple. Seen: ValueError (Non-hashable static arguments).',
    ),
    Case(
        id="lib-b-chex-dataclass-timestep-leak",
        source="https://github.com/instadeepai/jumanji/issues/92",
        code="""\
import jax
import jax.numpy as jnp
import chex

@chex.dataclass
class TimeStep:
    observation: chex.Array
    reward: chex.Array

class Env:
    def __init__(self):
        self.last = None

    def step(self, obs, action):
        ts = TimeStep(observation=obs + action, reward=jnp.sum(action))
        self.last = ts
        return ts.observation

env = Env()
jax.jit(env.step)(jnp.zeros(3), jnp.ones(3))
jnp.sum(env.last.reward)
""",
        kind="leaked-tracer", argument="action", path="action", line=16,
        fixes=("return-value",), verifiable=False, jax_fitting_fix=False,
        note='P3: env.step stores a chex.dataclass TimeStep on self inside jit; reading env.last.reward later uses a leaked tracer. Return the TimeStep. Seen: UnexpectedTracerError.', use_line=21,
    ),
]
