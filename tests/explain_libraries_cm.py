"""Held-out library cases (set CM): differt, tequila-basic, jax-bitempered-loss.

How they were built: every cell is my own minimal reduction of a usage pattern of one
library (a differt Scene/Mesh/TracedPaths or geometry helper under jax.jit / eqx.filter_jit /
jax.grad; a tequila transformation that tequila itself differentiates with jax.grad during
tq.grad / tq.minimize, or that the user jits; a training or evaluation step around
jax_bitempered_loss.loss). Each cell was written to a file and run with the venv's python;
a harness ran all top-level statements but the last (they ran cleanly) and then the last
one (it raised), and recorded the exception class and the cell's traceback frames, against
which `line` / `use_line` were checked. Each first fix (and most alternates) was applied by
hand to a copy of the cell and re-run (it then ran cleanly), except where
verifiable=False. Sources are the library's issue thread where one exists (bi-tempered-loss
#9 for sparse labels) and otherwise the docs / source page of the API the case exercises
(DiffeRT docs and module docstrings on GitHub, tequila's BasicUsage and SciPyOptimizers
tutorials, the bi-tempered-loss README and jax/loss.py).

Installed (venv /tmp/heldout46/venv_cm, --system-site-packages, Python 3.11.7):
jax 0.10.2, jaxlib 0.10.2, numpy 2.4.6, equinox 0.13.8, flax 0.12.8, optax 0.2.8 (the
machine's versions, unchanged), DiffeRT 0.12.0 (+ differt-core 0.12.0, warp-lang 1.19.0),
tequila-basic 1.9.12 (JAX autodiff backend, 'symbolic' simulator only), jax-bitempered-loss
0.0.2 (module jax_bitempered_loss.loss; the package __init__ exports nothing). Runs were on
CPU (Warp prints a harmless "no CUDA driver" warning on import of differt).

Dropped: nothing from the three candidate libraries. Inside them: a differt case with
Mesh.plane(rotate=<vmapped angle>) (library `if rotate:` raises TracerBoolConversionError)
was dropped because its real fix (rotate the mesh afterwards) is not in the fix vocabulary;
a tequila history-list leak was dropped as a near duplicate of the self-attribute leak with
no mechanical fix; an np.mean variant for bitempered was dropped because np.mean dispatches
to the array's own .mean() and does not raise. Note for tequila: under plain jax.grad
(which is all tequila uses) Python `if`/int() on the value work, so tequila's own trace
only produces array-conversion, concretization and leak errors; the bool case needed a
user-side jax.jit.

Doubts about labels:
- m-differt-fibonacci-traced-n: the exception is a TracerBoolConversionError from differt's
  own `if n <= 0`, so bool-conversion is defensible; labelled traced-shape because the value
  is a size/count that must be static.
- m-differt-candidates-traced-order: the library raises a plain TypeError (functools.cache
  hashes the tracer); unhashable-static is arguable, but nothing was marked static, so
  traced-shape (order fixes the candidate array's shape).
- m-differt-jit-scene-assume-quads: the fix "use eqx.filter_jit" is filed under `static`
  (the transform's own static handling); one could also call it a static-field problem or
  argue non-array-argument (a Python bool field went through jax.jit). The argument path
  names the Mesh flag as JAX's message does.
- m-differt-masked-vertices-jit: the mask depends on tx, the receiver and the mesh; tx is
  the only traced parameter. The jnp.where fix rewrites the user's return line, not a
  one-token change.
- m-differt-math-log10-grad, m-tequila-math-log-apply: fix filed as jnp-not-np although
  the offending module is `math`, not `np`; the kind could also be argued as
  array-conversion-like "use jnp" cases, but JAX raises ConcretizationTypeError via float().
- m-tequila-leak-self-penalty: return-value cannot be applied because tequila consumes the
  transformation's result; jax.debug.print (or reading result.history) is the practical
  fix, hence verifiable=False. JAX's message suggests returning outputs, which does not fit
  here, so jax_fitting_fix=False.
- m-tequila-float-transformation: simply deleting float() is as good as astype.
- m-bitempered-config-dict-static: hashable-static (frozen dataclass / tuple) is as
  defensible first as not-static; not-static put first because the library takes traced
  temperatures and the change is one token.
- m-bitempered-schedule-index: the jnp-array fix is filed under jnp-not-np (a Python list
  rather than np); static epoch also works but recompiles per epoch.
- m-bitempered-leak-loss-log, m-bitempered-float-loss-print, m-bitempered-np-average-grad:
  the value depends on several parameters (params/p, x, y); the first parameter is named,
  with the weight leaf 'w' as path although the bias leaf 'b' precedes it in flatten order.
  For the leak, argument 'p' is the grad-traced closure's parameter; 'params' of the jitted
  train_step is also defensible.
- m-bitempered-if-temperature: t1 is named, but the `and` also needs t2's truth; logical-op
  alone does not fix it (the result is still traced), so it is not listed.
"""
from __future__ import annotations

from explain_corpus import Case

CASES: list[Case] = [
    Case(
        id='m-differt-fibonacci-traced-n',
        source='https://github.com/jeertmans/DiffeRT/blob/main/differt/src/differt/geometry/_utils.py',
        code="""\
import jax
import jax.numpy as jnp
from differt.geometry import fibonacci_lattice


@jax.jit
def launch_rays(tx, num_rays):
    directions = fibonacci_lattice(num_rays)
    return tx + directions


launch_rays(jnp.array([0.0, 0.0, 10.0]), 1000)
""",
        kind='traced-shape', argument='num_rays', path='num_rays', line=8,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The lattice size handed to differt's fibonacci_lattice is a jit argument, so the library's own `if n <= 0` check (and the jnp.arange size behind it) sees a tracer: TracerBoolConversionError raised inside differt. A count that sets the output shape must be static (static_argnames='num_rays'); checked.",
    ),
    Case(
        id='m-differt-jit-scene-assume-quads',
        source='https://github.com/jeertmans/DiffeRT/blob/main/differt/src/differt/geometry/_mesh.py',
        code="""\
import jax
import jax.numpy as jnp
from differt.geometry import Mesh, Scene

ground = Mesh.plane(jnp.zeros(3), normal=jnp.array([0.0, 0.0, 1.0]), side_length=20.0)
scene = Scene(
    transmitters=jnp.array([0.0, 0.0, 2.0]),
    receivers=jnp.array([5.0, 0.0, 1.5]),
    mesh=ground,
)


@jax.jit
def reflections(scene):
    paths = scene.trace_paths(order=1, solver="exhaustive")
    return paths.vertices, paths.mask


reflections(scene)
""",
        kind='bool-conversion', argument='scene', path='scene.mesh.assume_quads', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="A differt Scene passed through plain jax.jit has its Python-bool Mesh field assume_quads turned into a traced bool, and trace_paths branches on it with `if`: TracerBoolConversionError inside the library. Keep the flag static by using equinox's eqx.filter_jit (the transform's own static handling) instead of jax.jit; checked.",
    ),
    Case(
        id='m-differt-masked-vertices-jit',
        source='https://github.com/jeertmans/DiffeRT/blob/main/differt/src/differt/geometry/_paths.py',
        code="""\
import jax
import jax.numpy as jnp
from differt.geometry import Mesh, Scene, path_length

ground = Mesh.plane(jnp.zeros(3), normal=jnp.array([0.0, 0.0, 1.0]), side_length=20.0)
rx = jnp.array([5.0, 0.0, 1.5])


@jax.jit
def mean_path_length(tx):
    scene = Scene(transmitters=tx, receivers=rx, mesh=ground)
    paths = scene.trace_paths(order=1, solver="exhaustive")
    return path_length(paths.masked_vertices).mean()


mean_path_length(jnp.array([0.0, 0.0, 2.0]))
""",
        kind='boolean-index', argument='tx', path='tx', line=13,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note="TracedPaths.masked_vertices boolean-indexes the vertices with the validity mask, whose value depends on the jitted transmitter position, so differt's indexing raises NonConcreteBooleanIndexError. Weight the per-path lengths with jnp.where(paths.mask, ..., 0) and divide by mask.sum() to keep a fixed shape and the same mean; checked.",
    ),
    Case(
        id='m-differt-order-list-static',
        source='https://github.com/jeertmans/DiffeRT/blob/main/differt/src/differt/geometry/_scene.py',
        code="""\
import functools

import jax
import jax.numpy as jnp
from differt.geometry import Mesh, Scene

ground = Mesh.plane(jnp.zeros(3), normal=jnp.array([0.0, 0.0, 1.0]), side_length=20.0)
rx = jnp.array([5.0, 0.0, 1.5])


@functools.partial(jax.jit, static_argnames="order")
def trace(tx, order):
    scene = Scene(transmitters=tx, receivers=rx, mesh=ground)
    return scene.trace_paths(order=order, solver="exhaustive").mask


trace(jnp.array([0.0, 0.0, 2.0]), order=[0, 1])
""",
        kind='unhashable-static', argument='order', path='order', line=17,
        fixes=('hashable-static',), verifiable=True, jax_fitting_fix=False,
        note='Scene.trace_paths accepts a sequence of orders, but the user marks `order` static and passes a list, which jit cannot hash: ValueError (non-hashable static argument). Passing a tuple (0, 1) keeps it static and works; checked.',
    ),
    Case(
        id='m-differt-leak-global-scene',
        source='https://github.com/jeertmans/DiffeRT/blob/main/docs/source/notebooks/performance_tips.ipynb',
        code="""\
import equinox as eqx
import jax
import jax.numpy as jnp
from differt.geometry import Mesh, Scene

ground = Mesh.plane(jnp.zeros(3), normal=jnp.array([0.0, 0.0, 1.0]), side_length=20.0)
scene = Scene(transmitters=jnp.zeros(3), receivers=jnp.array([5.0, 0.0, 1.5]), mesh=ground)


@eqx.filter_jit
def move_transmitter(tx):
    global scene
    scene = eqx.tree_at(lambda s: s.transmitters, scene, tx)
    return scene.trace_paths(order=1, solver="exhaustive").mask


move_transmitter(jnp.array([0.0, 0.0, 2.0]))
scene.trace_paths(order=1, solver="exhaustive")
""",
        kind='leaked-tracer', argument='tx', path='tx', line=13,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=18,
        note='Inside an eqx.filter_jit function the user rebinds the global differt Scene with the traced transmitter via eqx.tree_at; the later eager trace_paths on that Scene raises UnexpectedTracerError. Return the updated Scene from the jitted function and rebind it outside; checked.',
    ),
    Case(
        id='m-differt-np-norm-grad',
        source='https://github.com/jeertmans/DiffeRT/blob/main/docs/source/numpy_vs_jax.md',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from differt.geometry import image_method

mirror_vertices = jnp.array([[0.0, 0.0, 0.0]])
mirror_normals = jnp.array([[0.0, 0.0, 1.0]])
rx = jnp.array([5.0, 0.0, 1.5])


def total_length(tx):
    hits = image_method(tx, rx, mirror_vertices, mirror_normals)
    path = jnp.concatenate([tx[None], hits, rx[None]])
    return np.linalg.norm(np.diff(path, axis=0), axis=-1).sum()


jax.grad(total_length)(jnp.array([0.0, 0.0, 2.0]))
""",
        kind='array-conversion', argument='tx', path='tx', line=14,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="The path from differt's image_method is differentiated w.r.t. the transmitter with jax.grad, but its length is computed with NumPy (np.diff / np.linalg.norm), which calls __array__ on the tracer: TracerArrayConversionError. Use jnp.diff / jnp.linalg.norm (or differt's path_length); checked.",
    ),
    Case(
        id='m-differt-math-log10-grad',
        source='https://github.com/jeertmans/DiffeRT/blob/main/docs/source/numpy_vs_jax.md',
        code="""\
import math

import jax
import jax.numpy as jnp
from differt.geometry import image_method, path_length

mirror_vertices = jnp.array([[0.0, 0.0, 0.0]])
mirror_normals = jnp.array([[0.0, 0.0, 1.0]])
rx = jnp.array([5.0, 0.0, 1.5])
wavelength = 0.1


def path_gain_db(tx):
    hits = image_method(tx, rx, mirror_vertices, mirror_normals)
    d = path_length(jnp.concatenate([tx[None], hits, rx[None]]))
    return 20.0 * math.log10(wavelength / (4.0 * math.pi * d))


jax.grad(path_gain_db)(jnp.array([0.0, 0.0, 2.0]))
""",
        kind='concretization', argument='tx', path='tx', line=16,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A free-space gain in dB over a differt image-method path length is differentiated with jax.grad, but math.log10 needs a Python float and calls float() on the tracer: ConcretizationTypeError. Replace math.log10 by jnp.log10; checked. JAX's astype hint does not help here.",
    ),
    Case(
        id='m-differt-candidates-traced-order',
        source='https://github.com/jeertmans/DiffeRT/blob/main/docs/source/notebooks/path_candidates.ipynb',
        code="""\
import jax
import jax.numpy as jnp
from differt.geometry import Mesh, generate_all_path_candidates, image_method

walls = Mesh.box(length=10.0, width=8.0, height=3.0)
normals = walls.normals
centers = walls.triangle_vertices.mean(axis=1)


@jax.jit
def reflection_points(tx, rx, order):
    candidates = generate_all_path_candidates(walls.num_triangles, order)
    return image_method(tx, rx, centers[candidates], normals[candidates])


reflection_points(jnp.array([1.0, 1.0, 1.5]), jnp.array([-2.0, 0.5, 1.0]), 2)
""",
        kind='traced-shape', argument='order', path='order', line=12,
        fixes=('static',), verifiable=True, jax_fitting_fix=False,
        note="The reflection order (which fixes the number and length of path candidates) is a jit argument; differt's generate_all_path_candidates is wrapped in functools.cache and hashing the tracer fails with TypeError: unhashable type 'DynamicJaxprTracer', raised from the library call. Mark order static; checked.",
    ),
    Case(
        id='m-differt-solver-string-jit',
        source='https://github.com/jeertmans/DiffeRT/blob/main/differt/src/differt/geometry/_scene.py',
        code="""\
import jax
import jax.numpy as jnp
from differt.geometry import Mesh, Scene

ground = Mesh.plane(jnp.zeros(3), normal=jnp.array([0.0, 0.0, 1.0]), side_length=20.0)
rx = jnp.array([5.0, 0.0, 1.5])


@jax.jit
def valid_paths(tx, solver):
    scene = Scene(transmitters=tx, receivers=rx, mesh=ground)
    return scene.trace_paths(order=1, solver=solver).mask


valid_paths(jnp.array([0.0, 0.0, 2.0]), "exhaustive")
""",
        kind='non-array-argument', argument='solver', path='solver', line=15,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note="The differt solver shortcut string ('exhaustive') is passed as a positional argument of a jitted function; jit cannot turn a str into an abstract array and raises TypeError, whose message names static_argnums/static_argnames. Mark solver static; checked.",
    ),
    Case(
        id='m-tequila-np-exp-apply-minimize',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/BasicUsage.ipynb',
        code="""\
import numpy as np
import tequila as tq

a = tq.Variable("a")
U = tq.gates.Ry(angle=a, target=0)
E = tq.ExpectationValue(H=tq.paulis.Z(0), U=U)


def boltzmann(energy):
    return np.exp(-2.0 * energy)


objective = E.apply(boltzmann)
tq.minimize(objective, initial_values={"a": 0.3}, method="BFGS", silent=True)
""",
        kind='array-conversion', argument='energy', path='energy', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A transformation applied to a tequila ExpectationValue uses numpy.exp; tq.minimize(method='BFGS') builds the gradient with jax.grad over that function, and np.exp on the tracer raises TracerArrayConversionError. Tequila's tutorial asks for tq.numpy (jax.numpy) functions; switching to tq.numpy.exp works; checked.",
    ),
    Case(
        id='m-tequila-float-transformation',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/BasicUsage.ipynb',
        code="""\
import tequila as tq

a = tq.Variable("a")
b = tq.Variable("b")
U = tq.gates.Ry(angle=a, target=0) + tq.gates.Ry(angle=b, target=1)
gap = tq.ExpectationValue(H=tq.paulis.Z(1) - tq.paulis.Z(0), U=U)


def hinge_penalty(g):
    return max(float(g) - 0.5, 0.0) ** 2


objective = gap.apply(hinge_penalty)
dO = tq.grad(objective, "a")
tq.simulate(dO, variables={"a": 2.4, "b": 0.3})
""",
        kind='concretization', argument='g', path='g', line=10,
        fixes=('astype',), verifiable=True, jax_fitting_fix=True,
        note="A hinge penalty transformation calls float() on the expectation value; evaluating tq.grad of the objective runs jax.grad through it and float() on the tracer raises ConcretizationTypeError. Using g.astype(float), as JAX's message proposes, keeps the value traced (max() on a grad tracer is fine); checked.",
    ),
    Case(
        id='m-tequila-variable-np-cos-angle',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/BasicUsage.ipynb',
        code="""\
import numpy as np
import tequila as tq

t = tq.Variable("t")


def schedule(x):
    return np.pi * np.cos(x) ** 2


U = tq.gates.Ry(angle=t.apply(schedule), target=0)
E = tq.ExpectationValue(H=tq.paulis.X(0), U=U)
dE = tq.grad(E, "t")
tq.simulate(dE, variables={"t": 0.7})
""",
        kind='array-conversion', argument='x', path='x', line=8,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='A tequila Variable is transformed with a user function using numpy.cos before it becomes a gate angle; the gradient objective from tq.grad differentiates that function with jax.grad and np.cos on the tracer raises TracerArrayConversionError. Use tq.numpy.cos; checked.',
    ),
    Case(
        id='m-tequila-leak-self-penalty',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/SciPyOptimizers.ipynb',
        code="""\
import tequila as tq

a = tq.Variable("a")
E = tq.ExpectationValue(H=tq.paulis.Z(0), U=tq.gates.Ry(angle=a, target=0))


class Penalty:
    def __init__(self, target):
        self.target = target
        self.last_energy = None

    def __call__(self, e):
        self.last_energy = e
        return (e - self.target) ** 2


penalty = Penalty(-0.5)
result = tq.minimize(E.apply(penalty), initial_values={"a": 0.1}, method="BFGS", silent=True)
print(result.energy)
penalty.last_energy - penalty.target
""",
        kind='leaked-tracer', argument='e', path='e', line=13,
        fixes=('jax.debug.print',), verifiable=False, jax_fitting_fix=False, use_line=20,
        note="A callable penalty object stores its input on self; tequila differentiates the transformation with JAX during tq.minimize, so the attribute ends up holding a grad tracer and the later arithmetic on it raises UnexpectedTracerError. The transformation's return value belongs to tequila, so the usual return-value fix does not apply; print with jax.debug.print or read result.history instead (not mechanically checkable).",
    ),
    Case(
        id='m-tequila-math-log-apply',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/BasicUsage.ipynb',
        code="""\
import math

import tequila as tq

a = tq.Variable("a")
E = tq.ExpectationValue(H=tq.paulis.X(0), U=tq.gates.Ry(angle=a, target=0))


def log_barrier(e):
    return -math.log(1.0 - e)


objective = E.apply(log_barrier)
tq.minimize(objective, initial_values={"a": 0.2}, method="BFGS", silent=True)
""",
        kind='concretization', argument='e', path='e', line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note="A log-barrier transformation written with math.log is differentiated by tequila through jax.grad during tq.minimize; math.log forces float() on the tracer: ConcretizationTypeError. Use tq.numpy.log (jax.numpy); checked. The astype hint in JAX's message does not fit.",
    ),
    Case(
        id='m-tequila-scipy-expit',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/BasicUsage.ipynb',
        code="""\
import tequila as tq
from scipy.special import expit

a = tq.Variable("a")
b = tq.Variable("b")
U = tq.gates.Ry(angle=a, target=0) + tq.gates.CNOT(0, 1) + tq.gates.Ry(angle=b, target=1)
E = tq.ExpectationValue(H=tq.paulis.Z(0) * tq.paulis.Z(1), U=U)


def squash(e):
    return expit(3.0 * e)


objective = E.apply(squash)
gradients = tq.grad(objective)
tq.simulate(gradients["b"], variables={"a": 0.3, "b": -0.8})
""",
        kind='array-conversion', argument='e', path='e', line=11,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='The objective squashes an expectation value with scipy.special.expit; evaluating one entry of tq.grad(objective) runs jax.grad through it and SciPy converts the tracer with __array__: TracerArrayConversionError. Import expit from jax.scipy.special instead; checked.',
    ),
    Case(
        id='m-tequila-jitted-transform-if',
        source='https://github.com/tequilahub/tequila/blob/master/docs/source/jupyter/BasicUsage.ipynb',
        code="""\
import jax
import tequila as tq

a = tq.Variable("a")
E = tq.ExpectationValue(H=tq.paulis.X(0), U=tq.gates.Ry(angle=a, target=0))


@jax.jit
def clipped_energy(e):
    if e < -0.9:
        return -0.9 + 0.1 * (e + 0.9)
    return e


objective = E.apply(clipped_energy)
tq.simulate(objective, variables={"a": 0.3})
""",
        kind='bool-conversion', argument='e', path='e', line=10,
        fixes=('jnp.where', 'lax.cond'), verifiable=True, jax_fitting_fix=False,
        note='The user decorates a tequila transformation with jax.jit to speed it up; tequila calls it with the expectation value, jit traces it and the Python `if` on the traced energy raises TracerBoolConversionError. jnp.where (or lax.cond) keeps the piecewise clipping; both checked.',
    ),
    Case(
        id='m-bitempered-one-hot-traced-classes',
        source='https://github.com/google/bi-tempered-loss/issues/9',
        code="""\
import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


@jax.jit
def sparse_bitempered(logits, labels):
    num_classes = labels.max() + 1
    one_hot = jax.nn.one_hot(labels, num_classes)
    return bi_tempered_logistic_loss(logits, one_hot, 0.8, 1.2).mean()


logits = jax.random.normal(jax.random.key(0), (8, 5))
labels = jnp.array([0, 1, 2, 3, 4, 0, 1, 2])
sparse_bitempered(logits, labels)
""",
        kind='traced-shape', argument='labels', path='labels', line=9,
        fixes=('numpy-for-static', 'static'), verifiable=True, jax_fitting_fix=False,
        note='To feed integer labels to bi_tempered_logistic_loss (which wants one-hot labels) the user derives num_classes from labels.max() inside jit, so jax.nn.one_hot gets a traced class count: ConcretizationTypeError. Take the count from the static shape logits.shape[-1]; checked.',
    ),
    Case(
        id='m-bitempered-config-dict-static',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import functools

import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


@functools.partial(jax.jit, static_argnames="cfg")
def loss_fn(w, x, y, cfg):
    logits = x @ w
    return bi_tempered_logistic_loss(logits, y, cfg["t1"], cfg["t2"]).mean()


x = jnp.ones((4, 3))
y = jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3)
loss_fn(jnp.zeros((3, 3)), x, y, cfg={"t1": 0.7, "t2": 1.3})
""",
        kind='unhashable-static', argument='cfg', path='cfg', line=16,
        fixes=('not-static', 'hashable-static'), verifiable=True, jax_fitting_fix=False,
        note='The two temperatures live in a config dict marked static for jit; dicts are unhashable, so jit raises ValueError (non-hashable static argument). The loss handles traced temperatures (it branches with lax.cond), so simply not marking cfg static works; a hashable config (tuple of pairs / frozen dataclass) also works; both checked.',
    ),
    Case(
        id='m-bitempered-if-temperature',
        source='https://github.com/google/bi-tempered-loss/blob/master/jax/loss.py',
        code="""\
import jax
import jax.numpy as jnp
import optax
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


@jax.jit
def robust_loss(logits, labels, t1, t2):
    if t1 == 1.0 and t2 == 1.0:
        return optax.softmax_cross_entropy(logits, labels).mean()
    return bi_tempered_logistic_loss(logits, labels, t1, t2).mean()


logits = jnp.array([[2.0, -1.0, 0.5], [0.1, 0.3, -0.2]])
labels = jnp.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
robust_loss(logits, labels, 0.8, 1.2)
""",
        kind='bool-conversion', argument='t1', path='t1', line=9,
        fixes=('jnp.where', 'lax.cond', 'static'), verifiable=True, jax_fitting_fix=False,
        note='The user falls back to softmax cross-entropy when both temperatures equal 1 with a Python `if` on jitted temperature arguments: TracerBoolConversionError. jnp.where on the two scalar losses (or lax.cond) gives the same value; making t1/t2 static also works; jnp.where and lax.cond checked.',
    ),
    Case(
        id='m-bitempered-schedule-index',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss

T2_SCHEDULE = [1.0, 1.1, 1.2, 1.3, 1.4]


def loss_fn(w, x, y, epoch):
    t2 = T2_SCHEDULE[epoch]
    return bi_tempered_logistic_loss(x @ w, y, 0.8, t2).mean()


train_step = jax.jit(jax.value_and_grad(loss_fn))
x = jnp.ones((4, 3))
y = jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3)
train_step(jnp.zeros((3, 3)), x, y, 2)
""",
        kind='integer-conversion', argument='epoch', path='epoch', line=9,
        fixes=('jnp-not-np', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A temperature annealing schedule kept in a Python list is indexed by the epoch number passed to a jitted value_and_grad train step; list indexing calls __index__ on the tracer: TracerIntegerConversionError. Store the schedule as a jnp array (traced indexing works) or make epoch static; both checked.',
    ),
    Case(
        id='m-bitempered-range-steps',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


def loss_fn(w, x, y):
    return bi_tempered_logistic_loss(x @ w, y, 0.8, 1.2).mean()


@jax.jit
def fit(w, x, y, num_steps):
    for _ in range(num_steps):
        w = w - 0.1 * jax.grad(loss_fn)(w, x, y)
    return w


x = jnp.ones((4, 3))
y = jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3)
fit(jnp.zeros((3, 3)), x, y, 50)
""",
        kind='integer-conversion', argument='num_steps', path='num_steps', line=12,
        fixes=('lax.fori_loop', 'static'), verifiable=True, jax_fitting_fix=False,
        note='A jitted fitting loop over a bi-tempered loss uses range(num_steps) with num_steps as a traced argument: TracerIntegerConversionError. lax.fori_loop with a traced trip count works (static num_steps unrolls); fori_loop checked.',
    ),
    Case(
        id='m-bitempered-leak-loss-log',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss

loss_log = []


@jax.jit
def train_step(params, x, y):
    def loss_fn(p):
        loss = bi_tempered_logistic_loss(x @ p["w"] + p["b"], y, 0.8, 1.2).mean()
        loss_log.append(loss)
        return loss

    grads = jax.grad(loss_fn)(params)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


x = jnp.ones((4, 3))
y = jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3)
params = train_step({"w": jnp.zeros((3, 3)), "b": jnp.zeros(3)}, x, y)
jnp.stack(loss_log).mean()
""",
        kind='leaked-tracer', argument='p', path="p['w']", line=12,
        fixes=('return-value',), verifiable=True, jax_fitting_fix=True, use_line=22,
        note='The loss closure differentiated inside a jitted train step appends the bi-tempered loss to a global list; after the step the list holds a grad tracer and jnp.stack on it raises UnexpectedTracerError. Return the loss (value_and_grad) from the step and log it outside; checked.',
    ),
    Case(
        id='m-bitempered-float-loss-print',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


def loss_fn(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = bi_tempered_logistic_loss(logits, y, 0.8, 1.2).mean()
    print(f"loss = {float(loss):.4f}")
    return loss


step = jax.jit(jax.value_and_grad(loss_fn))
x = jnp.ones((4, 3))
y = jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3)
step({"w": jnp.zeros((3, 3)), "b": jnp.zeros(3)}, x, y)
""",
        kind='concretization', argument='params', path="params['w']", line=9,
        fixes=('jax.debug.print', 'return-value'), verifiable=True, jax_fitting_fix=False,
        note="Logging the bi-tempered loss with float() inside a loss that is jitted through value_and_grad raises ConcretizationTypeError. jax.debug.print prints it from inside the trace (or return and print outside, which value_and_grad already does); checked. JAX's astype hint does not fit the logging intent.",
    ),
    Case(
        id='m-bitempered-np-average-grad',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
import numpy as np
from jax_bitempered_loss.loss import bi_tempered_binary_logistic_loss


def loss_fn(params, x, y, weights):
    logits = x @ params["w"] + params["b"]
    per_example = bi_tempered_binary_logistic_loss(logits, y, 0.7, 1.5)
    return np.average(per_example, weights=weights)


params = {"w": jnp.zeros(3), "b": jnp.array(0.0)}
x = jnp.ones((6, 3))
y = jnp.array([0.0, 1.0, 1.0, 0.0, 1.0, 0.0])
jax.grad(loss_fn)(params, x, y, jnp.array([1.0, 2.0, 2.0, 1.0, 2.0, 1.0]))
""",
        kind='array-conversion', argument='params', path="params['w']", line=10,
        fixes=('jnp-not-np',), verifiable=True, jax_fitting_fix=False,
        note='Per-example bi_tempered_binary_logistic_loss values are averaged with class weights via np.average under jax.grad; NumPy converts the tracer with __array__: TracerArrayConversionError. jnp.average works; checked.',
    ),
    Case(
        id='m-bitempered-padding-mask-index',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


@jax.jit
def masked_loss(logits, labels, mask):
    per_example = bi_tempered_logistic_loss(logits, labels, 0.8, 1.2)
    return per_example[mask].mean()


logits = jax.random.normal(jax.random.key(1), (6, 4))
labels = jax.nn.one_hot(jnp.array([0, 3, 1, 2, 0, 0]), 4)
mask = jnp.array([True, True, True, True, False, False])
masked_loss(logits, labels, mask)
""",
        kind='boolean-index', argument='mask', path='mask', line=9,
        fixes=('jnp.where',), verifiable=True, jax_fitting_fix=False,
        note='Padded examples are dropped from the per-example bi-tempered loss by boolean indexing with a traced mask inside jit: NonConcreteBooleanIndexError. jnp.where(mask, loss, 0).sum() / mask.sum() gives the same mean with a fixed shape; checked.',
    ),
    Case(
        id='m-bitempered-loss-fn-arg-jit',
        source='https://github.com/google/bi-tempered-loss#readme',
        code="""\
import jax
import jax.numpy as jnp
import optax
from jax_bitempered_loss.loss import bi_tempered_logistic_loss


@jax.jit
def eval_step(w, x, y, criterion):
    return criterion(x @ w, y).mean()


def robust(logits, labels):
    return bi_tempered_logistic_loss(logits, labels, 0.8, 1.2)


x = jnp.ones((4, 3))
y = jax.nn.one_hot(jnp.array([0, 1, 2, 1]), 3)
eval_step(jnp.zeros((3, 3)), x, y, robust)
""",
        kind='non-array-argument', argument='criterion', path='criterion', line=18,
        fixes=('static',), verifiable=True, jax_fitting_fix=True,
        note='The user passes the bi-tempered criterion (a Python function) as an argument of a jitted evaluation step; jit cannot abstract a function and raises TypeError naming static_argnums/static_argnames. Mark criterion static; checked.',
    ),
]
